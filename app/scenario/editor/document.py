"""The editor's document: a scenario file as JSON data, edited by reversible operations (DESIGN §6).

A :class:`Document` holds the JSON value of one file (a scenario, a tile library) and the file's path. Every
change is an :class:`Edit` — a label and a tuple of primitive operations (:class:`SetValue`,
:class:`InsertItem`, :class:`RemoveItem`), each an explicit value that knows its own inverse — so every edit
can be undone and redone. Edits are built in a :class:`Transaction`, which applies each operation as it is
added (later operations see the earlier ones) and records the whole as one undo step.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.i18n import LANGUAGES, Text, t

Key = str | int
JsonPath = tuple[Key, ...]


class _Missing:
    """Marks a dictionary key that is absent (before it is added, after it is deleted)."""

    def __repr__(self) -> str:
        return "MISSING"

    def __deepcopy__(self, memo: dict[int, Any]) -> _Missing:
        return self  # a marker, not a value: copies must stay the same marker


MISSING: Any = _Missing()
_REQUIRED: Any = _Missing()  # get_at without a default


class EditError(ValueError):
    """An operation that does not fit the document (wrong path, wrong type)."""


def json_path_text(path: JsonPath) -> str:
    """The JSON path in the loaders' notation, e.g. ``$.extra_units[0].at``."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _container(data: Any, path: JsonPath) -> Any:
    node = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError) as exc:
            raise EditError(f"{json_path_text(path)}: no such place in the document") from exc
    return node


def get_at(data: Any, path: JsonPath, default: Any = _REQUIRED) -> Any:
    """The value at ``path`` in ``data`` (``default`` when it is absent; EditError without a default)."""
    try:
        return _container(data, path)
    except EditError:
        if default is _REQUIRED:
            raise
        return default


@dataclass(frozen=True)
class SetValue:
    """Set (or add, or delete) the value at ``path``; ``old``/``new`` may be :data:`MISSING` for a dict key."""

    path: JsonPath
    old: Any
    new: Any

    def apply(self, data: Any) -> None:
        """Change ``data`` in place."""
        if not self.path:
            raise EditError("the document root cannot be replaced")
        parent, key = _container(data, self.path[:-1]), self.path[-1]
        if self.new is MISSING:
            del parent[key]
        elif isinstance(parent, list) and isinstance(key, int) and key == len(parent) and self.old is MISSING:
            parent.append(copy.deepcopy(self.new))
        else:
            parent[key] = copy.deepcopy(self.new)

    def inverse(self) -> SetValue:
        """The operation that undoes this one."""
        return SetValue(self.path, self.new, self.old)


@dataclass(frozen=True)
class InsertItem:
    """Insert ``value`` into the list at ``path`` before ``index``."""

    path: JsonPath
    index: int
    value: Any

    def apply(self, data: Any) -> None:
        """Change ``data`` in place."""
        target = _container(data, self.path)
        if not isinstance(target, list) or not 0 <= self.index <= len(target):
            raise EditError(f"{json_path_text(self.path)}: cannot insert at {self.index}")
        target.insert(self.index, copy.deepcopy(self.value))

    def inverse(self) -> RemoveItem:
        """The operation that undoes this one."""
        return RemoveItem(self.path, self.index, self.value)


@dataclass(frozen=True)
class RemoveItem:
    """Remove item ``index`` (whose value is ``value``) from the list at ``path``."""

    path: JsonPath
    index: int
    value: Any

    def apply(self, data: Any) -> None:
        """Change ``data`` in place."""
        target = _container(data, self.path)
        if not isinstance(target, list) or not 0 <= self.index < len(target):
            raise EditError(f"{json_path_text(self.path)}: no item {self.index}")
        del target[self.index]

    def inverse(self) -> InsertItem:
        """The operation that undoes this one."""
        return InsertItem(self.path, self.index, self.value)


Operation = SetValue | InsertItem | RemoveItem


@dataclass(frozen=True)
class Edit:
    """One undo step: a label for the Undo menu and the operations, in order."""

    label: Text
    ops: tuple[Operation, ...]

    def apply(self, data: Any) -> None:
        """Apply every operation in order."""
        for op in self.ops:
            op.apply(data)

    def inverse(self) -> Edit:
        """The edit that undoes this one (inverse operations in reverse order)."""
        return Edit(self.label, tuple(op.inverse() for op in reversed(self.ops)))


class Transaction:
    """Builds an :class:`Edit` on a document, applying each operation at once."""

    def __init__(self, data: Any) -> None:
        self._data = data
        self.ops: list[Operation] = []

    def get(self, path: JsonPath, default: Any = _REQUIRED) -> Any:
        """The current value at ``path`` (after the operations so far)."""
        return get_at(self._data, path, default)

    def _do(self, op: Operation) -> None:
        op.apply(self._data)
        self.ops.append(op)

    def set(self, path: JsonPath, value: Any) -> None:
        """Set the value at ``path`` (adding dict keys, and absent parent objects, as needed); no-op when equal.

        A language key (``en``, ``zh_CN``) set under a plain string turns the string into a text in two languages
        (the string is its English): files may give a localized name as one string for every language.
        """
        if len(path) > 1 and path[-1] in LANGUAGES and isinstance(plain := get_at(self._data, path[:-1], None), str):
            self.set(path[:-1], {"en": plain} if plain else {})
        if len(path) > 1 and isinstance(path[-1], str) and get_at(self._data, path[:-1], MISSING) is MISSING:
            self.set(path[:-1], {})
        old = get_at(self._data, path, MISSING)
        if old is MISSING or old != value:
            self._do(SetValue(path, copy.deepcopy(old), copy.deepcopy(value)))

    def delete(self, path: JsonPath) -> None:
        """Delete a dict key (no-op when absent)."""
        old = get_at(self._data, path, MISSING)
        if old is not MISSING:
            self._do(SetValue(path, copy.deepcopy(old), MISSING))

    def insert(self, path: JsonPath, index: int, value: Any) -> None:
        """Insert into a list."""
        self._do(InsertItem(path, index, copy.deepcopy(value)))

    def append(self, path: JsonPath, value: Any) -> int:
        """Append to the list at ``path`` (created when absent); returns the new item's index."""
        if get_at(self._data, path, MISSING) is MISSING:
            self.set(path, [])
        index = len(get_at(self._data, path))
        self.insert(path, index, value)
        return index

    def remove(self, path: JsonPath, index: int) -> None:
        """Remove item ``index`` from the list at ``path``."""
        self._do(RemoveItem(path, index, copy.deepcopy(get_at(self._data, (*path, index)))))

    def rollback(self) -> None:
        """Undo every operation of this transaction (after an error)."""
        for op in reversed(self.ops):
            op.inverse().apply(self._data)
        self.ops.clear()


Listener = Callable[["Document"], None]


class Document:
    """One file being edited: its data, its path and the undo/redo history."""

    def __init__(self, data: dict[str, Any], path: Path | None = None) -> None:
        self._data = copy.deepcopy(data)
        self.path = path
        self._undo: list[Edit] = []
        self._redo: list[Edit] = []
        self._saved_depth: int | None = 0
        self._listeners: list[Listener] = []

    @property
    def data(self) -> dict[str, Any]:
        """The JSON data (read it; change it only through edits)."""
        return self._data

    def get(self, path: JsonPath, default: Any = _REQUIRED) -> Any:
        """The value at ``path``."""
        return get_at(self._data, path, default)

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(document)`` after every change (edit, undo, redo, save)."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    @contextmanager
    def transaction(self, label: Text) -> Iterator[Transaction]:
        """Build one undo step; an exception inside rolls every operation back and propagates."""
        tx = Transaction(self._data)
        try:
            yield tx
        except BaseException:
            tx.rollback()
            raise
        if tx.ops:
            self._record(Edit(label, tuple(tx.ops)))

    def apply(self, edit: Edit) -> None:
        """Apply a ready-made edit as one undo step."""
        with self.transaction(edit.label) as tx:
            for op in edit.ops:
                tx._do(op)

    def set(self, path: JsonPath, value: Any, label: Text | None = None) -> None:
        """One-operation edit: set the value at ``path``."""
        with self.transaction(label or t("Change {field}", field=json_path_text(path))) as tx:
            tx.set(path, value)

    def _record(self, edit: Edit) -> None:
        if self._saved_depth is not None and self._saved_depth > len(self._undo):
            self._saved_depth = None  # the saved state was in the redo stack: unreachable now
        self._undo.append(edit)
        self._redo.clear()
        self._changed()

    @property
    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone edit to redo."""
        return bool(self._redo)

    def undo_label(self) -> Text | None:
        """Label of the edit Undo would take back."""
        return self._undo[-1].label if self._undo else None

    def redo_label(self) -> Text | None:
        """Label of the edit Redo would apply again."""
        return self._redo[-1].label if self._redo else None

    def undo(self) -> bool:
        """Take back the last edit; False when there is none."""
        if not self._undo:
            return False
        edit = self._undo.pop()
        edit.inverse().apply(self._data)
        self._redo.append(edit)
        self._changed()
        return True

    def redo(self) -> bool:
        """Apply the last undone edit again; False when there is none."""
        if not self._redo:
            return False
        edit = self._redo.pop()
        edit.apply(self._data)
        self._undo.append(edit)
        self._changed()
        return True

    @property
    def dirty(self) -> bool:
        """Whether the data differ from the last save (or open)."""
        return self._saved_depth != len(self._undo)

    def mark_saved(self, path: Path | None = None) -> None:
        """Record that the current data are on disk (at ``path`` when given)."""
        if path is not None:
            self.path = path
        self._saved_depth = len(self._undo)
        self._changed()
