"""Extract the translatable message templates of the Qt-free layers.

Walks ``app/`` (except ``app/ui``, which Qt's .ts files translate) with :mod:`ast` and collects the literal
first argument of every call to ``t(...)``, every ``Text(msg="...")`` and every call to a *wrapper*: a
function whose body calls ``t(<its first parameter>, ...)`` (e.g. ``illegal(msg, rule, **args)`` in
``app/systems/sas/operators/operator.py``). Wrappers of wrappers are found too (the search runs to a fixed point).
A lookup in a module-level table of literals, ``t(PHASE_NAMES[p])`` or ``t(LABELS.get(k, k))``, counts every
string value of that table. Other non-literal first arguments (``t(weapon_id)``) cannot be resolved: ``--dynamic``
lists them so their keys can be allow-listed by hand.

Usage::

    python packaging/extract_messages.py            # print every template, sorted
    python packaging/extract_messages.py --missing  # templates missing from the zh_CN catalogs
    python packaging/extract_messages.py --stale    # catalog keys no longer extracted

``--missing`` and ``--stale`` exit with status 1 when they report anything.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app"
EXCLUDED = (APP / "ui",)
CATALOG = ROOT / "resources" / "i18n" / "zh_CN.json"


@dataclass(frozen=True)
class Occurrence:
    """One literal template at one place in the source."""

    msg: str
    path: Path
    line: int


def source_files(root: Path = APP, excluded: Iterable[Path] = EXCLUDED) -> list[Path]:
    """Every ``.py`` file under ``root`` that is not under an excluded folder, sorted."""
    skip = tuple(excluded)
    return sorted(p for p in root.rglob("*.py") if not any(p.is_relative_to(e) for e in skip))


def _callee(call: ast.Call) -> str | None:
    """The simple name of the called function (``t`` for ``t(...)`` and ``i18n.t(...)``)."""
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _literal(node: ast.expr | None) -> str | None:
    """The value of a string literal (implicit concatenation is already folded by the parser)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _first_param(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    params = [*fn.args.posonlyargs, *fn.args.args]
    if params and params[0].arg in ("self", "cls"):
        params = params[1:]
    return params[0].arg if params else None


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _forwards(fn: ast.FunctionDef | ast.AsyncFunctionDef, callees: set[str]) -> bool:
    """Does ``fn`` call one of ``callees`` with its own first parameter as the first argument?"""
    param = _first_param(fn)
    if param is None:
        return False
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and _callee(node) in callees and node.args:
            first = node.args[0]
            if isinstance(first, ast.Name) and first.id == param:
                return True
    return False


def find_tables(trees: Iterable[ast.AST]) -> dict[str, list[str]]:
    """Module-level ``NAME = {key: "literal", ...}`` dicts (all values string literals), by name."""
    tables: dict[str, list[str]] = {}
    for tree in trees:
        for node in getattr(tree, "body", []):
            target: ast.expr | None = None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
            elif isinstance(node, ast.AnnAssign):
                target = node.target
            if not isinstance(target, ast.Name) or not isinstance(node.value, ast.Dict):
                continue
            values = [_literal(v) for v in node.value.values]
            if values and all(v is not None for v in values):
                tables.setdefault(target.id, []).extend(v for v in values if v is not None)
    return tables


def _table_lookup(node: ast.expr, tables: dict[str, list[str]]) -> list[str] | None:
    """The values of the table looked up by ``TABLE[k]`` or ``TABLE.get(k, ...)``, if ``node`` is one."""
    base: ast.expr | None = None
    if isinstance(node, ast.Subscript):
        base = node.value
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        base = node.func.value
    name = base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else None
    return tables.get(name) if name is not None else None


def find_wrappers(trees: Iterable[ast.AST]) -> set[str]:
    """Names of functions that forward their first parameter to ``t`` (directly or via other wrappers)."""
    functions = [fn for tree in trees for fn in _functions(tree)]
    callees = {"t"}
    while True:
        found = {fn.name for fn in functions if fn.name not in callees and _forwards(fn, callees)}
        if not found:
            return callees - {"t"}
        callees |= found


def scan(files: Iterable[Path] | None = None) -> tuple[list[Occurrence], list[Occurrence]]:
    """(literal templates, unresolved dynamic calls) in ``files`` (default: the Qt-free part of ``app/``).

    A dynamic call's ``msg`` is the source text of its first argument.
    """
    parsed = [(path, ast.parse(path.read_text(encoding="utf-8"), str(path))) for path in files or source_files()]
    callees = {"t"} | find_wrappers(tree for _, tree in parsed)
    tables = find_tables(tree for _, tree in parsed)
    found: list[Occurrence] = []
    dynamic: list[Occurrence] = []
    for path, tree in parsed:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _callee(node)
            arg: ast.expr | None = None
            if name in callees and node.args:
                arg = node.args[0]
            elif name == "Text":
                arg = next((k.value for k in node.keywords if k.arg == "msg"), None)
            if arg is None:
                continue
            msg = _literal(arg)
            values = [msg] if msg is not None else _table_lookup(arg, tables)
            if values is not None:
                found += [Occurrence(v, path, node.lineno) for v in values]
            elif not (name == "Text" or (isinstance(arg, ast.Name) and _is_param_of_wrapper(arg, tree, callees))):
                dynamic.append(Occurrence(ast.unparse(arg), path, node.lineno))
    return found, dynamic


def _is_param_of_wrapper(arg: ast.Name, tree: ast.AST, callees: set[str]) -> bool:
    """Is ``arg`` the forwarded first parameter of a wrapper (``t(msg, **args)`` inside ``illegal``)?"""
    return any(fn.name in callees and _first_param(fn) == arg.id for fn in _functions(tree) if arg in ast.walk(fn))


def occurrences(files: Iterable[Path] | None = None) -> list[Occurrence]:
    """Every literal template in ``files`` (default: the Qt-free part of ``app/``)."""
    return scan(files)[0]


def templates(files: Iterable[Path] | None = None) -> list[str]:
    """The sorted set of literal templates."""
    return sorted({o.msg for o in occurrences(files)})


def catalog_paths() -> list[Path]:
    """The zh_CN catalogs: the shared one and each system's ``app/systems/<id>/i18n/zh_CN.json``."""
    return [CATALOG, *sorted((APP / "systems").glob("*/i18n/zh_CN.json"))]


def load_catalog(path: Path | None = None) -> dict[str, str]:
    """One catalog file, or (no ``path``) every zh_CN catalog merged as the app loads them."""
    merged: dict[str, str] = {}
    for each in [path] if path is not None else catalog_paths():
        if each.exists():
            merged.update(json.loads(each.read_text(encoding="utf-8")))
    return merged


def write_catalog(entries: dict[str, str], path: Path = CATALOG) -> None:
    """Write a catalog the diff-friendly way (sorted keys, UTF-8, one entry a line)."""
    text = json.dumps(dict(sorted(entries.items())), ensure_ascii=False, indent=1)
    path.write_text(text + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--missing", action="store_true", help="templates without a zh_CN entry")
    parser.add_argument("--stale", action="store_true", help="zh_CN entries no longer used")
    parser.add_argument("--where", action="store_true", help="show file:line of each template")
    parser.add_argument("--dynamic", action="store_true", help="t() calls whose template is not a literal")
    parser.add_argument("--with-ui", action="store_true", help="also app/ui's t() calls (rendered by this catalog)")
    parser.add_argument("--json", action="store_true", help="print a JSON list")
    ns = parser.parse_args(argv)

    files = source_files(excluded=()) if ns.with_ui else source_files()
    occ, dynamic = scan(files)
    if ns.dynamic:
        for o in dynamic:
            print(f"{o.path.relative_to(ROOT)}:{o.line}: t({o.msg})")
        return 0
    where: dict[str, list[str]] = {}
    for o in occ:
        where.setdefault(o.msg, []).append(f"{o.path.relative_to(ROOT)}:{o.line}")
    msgs = sorted(where)

    if ns.missing or ns.stale:
        catalog = load_catalog()
        report: list[str] = []
        if ns.missing:
            report += [m for m in msgs if m not in catalog]
        if ns.stale:
            report += [k for k in sorted(catalog) if k not in where]
        for m in report:
            print(f"{m!r}  # {', '.join(where.get(m, ['(unused)']))}" if ns.where else m)
        print(f"{len(report)} reported of {len(msgs)} templates, {len(catalog)} catalog entries", file=sys.stderr)
        return 1 if report else 0

    if ns.json:
        print(json.dumps(msgs, ensure_ascii=False, indent=1))
    else:
        for m in msgs:
            print(f"{m!r}  # {', '.join(where[m])}" if ns.where else m)
    print(f"{len(msgs)} templates", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
