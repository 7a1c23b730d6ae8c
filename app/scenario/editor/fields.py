"""Form fields for the inspector, read from a scenario schema, and checking what the user types.

A :class:`FieldSpec` is one editable value of the document (its JSON path, kind, choices, range, pattern).
:func:`fields_from_schema` derives them from the JSON Schema of the system's pydantic model, so the form
always matches what the loader accepts; :func:`parse_field` turns typed text into a value or explains why
it is refused (as the user types).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from app.core.i18n import Text, localized, t
from app.scenario.editor.canonical import best_branch, follow_ref
from app.scenario.editor.document import MISSING, JsonPath, get_at

FieldKind = Literal["int", "text", "choice", "bool", "multi"]


@dataclass(frozen=True)
class FieldSpec:
    """One editable value.

    Attributes:
        path: JSON path of the value.
        label: Display name.
        kind: ``int``, ``text``, ``choice`` (one of ``choices``), ``bool`` or ``multi`` (a list of choices).
        choices: Allowed values for ``choice`` and ``multi``.
        minimum: Lowest allowed integer.
        maximum: Highest allowed integer.
        pattern: Regular expression a text must match.
        optional: Whether the value may be left empty (the key is then removed).
        default: What the loader assumes when the value is absent (shown in the form).
        choice_names: What the player reads for some of the ``choices`` (value, name); the others show as they are.
    """

    path: JsonPath
    label: Text
    kind: FieldKind
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    pattern: str | None = None
    optional: bool = False
    default: Any = None
    choice_names: tuple[tuple[str, Text], ...] = ()

    def choice_label(self, value: str, lang: str) -> str:
        """One of the choices as the player reads it in ``lang``: its name, when the plug-in gives one."""
        name = next((text for choice, text in self.choice_names if choice == value), None)
        return name.render(lang) if name is not None else value


class FieldValueError(ValueError):
    """Typed text that the field refuses; ``text`` says why."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.render())
        self.text = text


def parse_field(spec: FieldSpec, raw: Any) -> Any:
    """The value for ``raw`` (text typed, a choice, a bool, a list); :data:`MISSING` clears an optional field.

    Raises:
        FieldValueError: The value is not allowed (with the reason).
    """
    if spec.kind == "bool":
        return bool(raw)
    if spec.kind == "multi":
        bad = [v for v in raw if v not in spec.choices]
        if bad:
            raise FieldValueError(t("Not allowed: {values}", values=", ".join(map(str, bad))))
        return list(raw)
    text = str(raw).strip()
    if not text:
        if spec.optional:
            return MISSING
        raise FieldValueError(t("A value is required"))
    if spec.kind == "int":
        return _parse_int(spec, text)
    if spec.kind == "choice" and text not in spec.choices:
        raise FieldValueError(t("Choose one of: {choices}", choices=", ".join(spec.choices)))
    if spec.pattern and not re.fullmatch(spec.pattern, text):
        raise FieldValueError(t("Does not match the pattern {pattern}", pattern=spec.pattern))
    return text


def _parse_int(spec: FieldSpec, text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise FieldValueError(t("A whole number is required")) from None
    if spec.minimum is not None and value < spec.minimum:
        raise FieldValueError(t("At least {minimum}", minimum=spec.minimum))
    if spec.maximum is not None and value > spec.maximum:
        raise FieldValueError(t("At most {maximum}", maximum=spec.maximum))
    return value


def schema_at(schema: Mapping[str, Any], data: Any, path: JsonPath) -> Mapping[str, Any]:
    """The sub-schema describing the value at ``path`` (``{}`` when the schema does not say)."""
    defs = schema.get("$defs", {})
    node: Mapping[str, Any] = schema
    for depth, part in enumerate(path):
        node = _object_branch(follow_ref(node, defs), defs, get_at(data, path[:depth], None))
        if isinstance(part, int):
            items = node.get("items")
            node = items if isinstance(items, Mapping) else {}
        else:
            props = node.get("properties", {})
            extra = node.get("additionalProperties")
            node = props.get(part) or (extra if isinstance(extra, Mapping) else {})
    return _object_branch(follow_ref(node, defs), defs, get_at(data, path, None))


def _object_branch(node: Mapping[str, Any], defs: Mapping[str, Any], value: Any) -> Mapping[str, Any]:
    branches = node.get("anyOf") or node.get("oneOf")
    if not branches:
        return node
    followed = [follow_ref(b, defs) for b in branches if follow_ref(b, defs).get("type") != "null"]
    if len(followed) == 1:
        return followed[0]
    return best_branch(followed, value) or node


FIELD_NAMES = {
    "id": "Id",
    "title": "Title",
    "description": "Description",
    "kind": "Kind",
    "role": "Role",
    "at": "Location",
    "facing": "Facing",
    "colour": "Colour",
    "label": "Label",
    "level": "Level",
    "exfiltrated": "Operators out",
    "tile": "Tile",
    "side": "Side",
    "rotation": "Rotation",
    "on_map": "Laid on the map",
    "solid": "Solid arrow",
    "line": "Line",
    "row": "Row",
    "arrows": "Arrows",
    "name": "Name",
    "name_en": "English name",
    "name_zh": "Chinese name",
    "blocks": "Blocks",
    "grapple": "Grapple point",
    "difficulty": "Difficulty",
    "turn_limit": "Turn limit",
    "first_player": "First player",
    "count": "Count",
    "cls": "Class",
    "type": "Type",
    "edge": "Edge",
    "terrain": "Terrain",
    "library": "Tile library",
    "leaders": "Leaders",
}
"""Form labels of common schema properties, translated (others fall back to the schema's English title)."""


def fields_from_schema(schema: Mapping[str, Any], data: Any, path: JsonPath) -> list[FieldSpec]:
    """Form fields for the scalar properties of the object at ``path`` (and its localized texts)."""
    node = schema_at(schema, data, path)
    defs = schema.get("$defs", {})
    out: list[FieldSpec] = []
    for name, prop in node.get("properties", {}).items():
        out.extend(_fields_of(name, prop, defs, (*path, name)))
    return out


def _fields_of(name: str, prop: Mapping[str, Any], defs: Mapping[str, Any], path: JsonPath) -> list[FieldSpec]:
    branches = [follow_ref(b, defs) for b in prop.get("anyOf", [prop])]
    optional = any(b.get("type") == "null" for b in branches) or "default" in prop
    main = next((b for b in branches if b.get("type") != "null"), {})
    main = follow_ref(main, defs)
    fallback = str(prop.get("title") or name.replace("_", " ").capitalize())
    label = t(FIELD_NAMES[name]) if name in FIELD_NAMES else localized(fallback)
    if "const" in main:
        return []
    if "enum" in main:
        return [FieldSpec(path, label, "choice", tuple(map(str, main["enum"])), optional=optional)]
    kind = main.get("type")
    if kind == "integer":
        low, high = main.get("minimum"), main.get("maximum")
        return [FieldSpec(path, label, "int", minimum=low, maximum=high, optional=optional)]
    if kind == "boolean":
        return [FieldSpec(path, label, "bool", default=prop.get("default"))]
    if kind == "string":
        return [FieldSpec(path, label, "text", pattern=main.get("pattern"), optional=optional)]
    if kind == "array":  # a set of choices (a sentry point's arrows): ticked in a list
        items = follow_ref(main.get("items", {}), defs)
        if "enum" in items:
            return [FieldSpec(path, label, "multi", tuple(map(str, items["enum"])), optional=optional)]
    props = main.get("properties", {})
    if set(props) == {"en", "zh_CN"}:  # a Localized text
        return [
            FieldSpec((*path, "en"), t("{field} (English)", field=label), "text", optional=False),
            FieldSpec((*path, "zh_CN"), t("{field} (Chinese)", field=label), "text", optional=True),
        ]
    return []


def current_text(data: Any, spec: FieldSpec) -> Any:
    """The value a field shows now (text for text fields; ``""`` when absent)."""
    value = get_at(data, spec.path, MISSING)
    if value is MISSING and spec.path[-1:] == ("en",) and isinstance(get_at(data, spec.path[:-1], None), str):
        value = get_at(data, spec.path[:-1])  # a text given as one plain string: that string is its English
    if (value is MISSING or value is None) and spec.default is not None:
        value = spec.default
    if value is MISSING or value is None:
        return [] if spec.kind == "multi" else ("" if spec.kind != "bool" else False)
    return value if spec.kind in ("bool", "multi") else str(value)
