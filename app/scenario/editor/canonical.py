"""Canonical JSON text of an edited file: stable, diff-friendly, exactly what the loaders read.

The same data always give the same bytes, whatever order the edits happened in:

* object keys follow the schema's field order (``format``, ``system``, ``schema_version``, ``id`` … as the
  pydantic model declares them); keys the schema does not name (maps such as terrain by hex) are sorted;
* two-space indentation, UTF-8 without escapes (Chinese stays readable), a trailing newline;
* short lists of numbers and strings stay on one line (``"at": [8, 3]``), so moving a counter changes one
  line of the diff.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

INLINE_WIDTH = 100  # longest one-line list, in characters
Schema = Mapping[str, Any]


def canonical_text(data: Any, schema: Schema | None = None) -> str:
    """The file text of ``data``; ``schema`` (a JSON Schema with ``$defs``) gives the key order."""
    defs = (schema or {}).get("$defs", {})
    return _encode(_ordered(data, schema or {}, defs), 0) + "\n"


def _resolve(schema: Schema, defs: Mapping[str, Any], value: Any) -> Schema:
    """Follow ``$ref`` and pick the union branch that fits ``value`` best."""
    for _ in range(16):
        if "$ref" in schema:
            schema = defs.get(str(schema["$ref"]).rsplit("/", 1)[-1], {})
            continue
        branches = schema.get("anyOf") or schema.get("oneOf") or schema.get("allOf")
        if not branches:
            return schema
        schema = best_branch([follow_ref(b, defs) for b in branches], value)
    return schema


def follow_ref(schema: Schema, defs: Mapping[str, Any]) -> Schema:
    while "$ref" in schema:
        schema = defs.get(str(schema["$ref"]).rsplit("/", 1)[-1], {})
    return schema


def best_branch(branches: list[Schema], value: Any) -> Schema:
    if isinstance(value, dict):
        objects = [b for b in branches if b.get("type") == "object" or "properties" in b]
        for branch in objects:  # a discriminator: the branch whose constant matches
            consts = {k: p.get("const") for k, p in branch.get("properties", {}).items() if "const" in p}
            if consts and all(value.get(k) == c for k, c in consts.items()):
                return branch
        if objects:
            return max(objects, key=lambda b: len(set(b.get("properties", {})) & set(value)))
    if isinstance(value, list):
        arrays = [b for b in branches if b.get("type") == "array"]
        if arrays:
            return arrays[0]
    return {}


def _ordered(value: Any, schema: Schema, defs: Mapping[str, Any]) -> Any:
    schema = _resolve(schema, defs, value)
    if isinstance(value, dict):
        props: Mapping[str, Any] = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        rest: Schema = extra if isinstance(extra, Mapping) else {}
        keys = [k for k in props if k in value] + sorted(k for k in value if k not in props)
        return {k: _ordered(value[k], props.get(k, rest), defs) for k in keys}
    if isinstance(value, list):
        prefix = schema.get("prefixItems") or []
        raw_items = schema.get("items")
        items: Schema = raw_items if isinstance(raw_items, Mapping) else {}
        return [_ordered(v, prefix[i] if i < len(prefix) else items, defs) for i, v in enumerate(value)]
    return value


def _scalar(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _encode(value: Any, depth: int) -> str:
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        body = ",\n".join(f"{inner}{_scalar(str(k))}: {_encode(v, depth + 1)}" for k, v in value.items())
        return "{\n" + body + "\n" + pad + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(not isinstance(v, dict | list) for v in value):
            line = "[" + ", ".join(_scalar(v) for v in value) + "]"
            if len(line) + len(inner) <= INLINE_WIDTH:
                return line
        body = ",\n".join(f"{inner}{_encode(v, depth + 1)}" for v in value)
        return "[\n" + body + "\n" + pad + "]"
    return _scalar(value)
