"""Resolving references from scenario files to files on disk (DESIGN §6).

A reference is either ``resources:<path>`` (inside the application's ``resources/`` folder) or a path
relative to the scenario's own folder. Nothing may leave those two folders: absolute paths, ``..`` escapes
and symlinks pointing outside are refused, so a shared mission file can never read the rest of the disk.
"""

from __future__ import annotations

from pathlib import Path

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
PREFIX = "resources:"


class ResourceError(ValueError):
    """A reference that points outside the allowed folders or at nothing."""


def resolve_ref(ref: str, base_dir: Path | None) -> Path:
    """Map a reference to a path inside ``resources/`` or ``base_dir``.

    Args:
        ref: ``resources:tiles/sas_core.json`` or ``tiles/my_tiles.json`` (relative to ``base_dir``).
        base_dir: The scenario's folder (``None`` when the scenario has no folder, e.g. from a save).

    Raises:
        ResourceError: The reference escapes its folder, is absolute, or does not exist.
    """
    if ref.startswith(PREFIX):
        root, rel = RESOURCES, ref[len(PREFIX) :]
    elif base_dir is None:
        raise ResourceError(f"reference {ref!r} is relative but the scenario has no folder")
    else:
        root, rel = base_dir, ref
    if not rel or Path(rel).is_absolute() or "\\" in rel:
        raise ResourceError(f"reference {ref!r} must be a relative path with forward slashes")
    try:
        root = root.resolve()
        target = (root / rel).resolve()
        found = target.is_file()
    except (OSError, RuntimeError, ValueError) as exc:  # a name too long, a symlink loop, a NUL byte
        raise ResourceError(f"reference {ref[:80]!r} cannot be used: {type(exc).__name__}") from exc
    if not target.is_relative_to(root):
        raise ResourceError(
            f"reference {ref!r} leaves its folder ({root.name}/); only files inside the "
            "scenario folder or resources/ may be used"
        )
    if not found:
        raise ResourceError(f"reference {ref[:80]!r} points at a missing file")
    return target
