"""Rewrite rule-ID range citations into explicit IDs, one by one (issue 13, item 6).

``SAS-AVEH-1..24``, ``SAS-EQ-14–16``, ``SAS-SUP-1/2/3`` and ``SAS-BRD-1, -4, -5`` hide the IDs they cover
from ``grep SAS-AVEH-4``; they become ``SAS-AVEH-1, SAS-AVEH-2, …``. The script is idempotent: run it again
after merging other work (``python packaging/expand_rule_ranges.py``; ``--check`` only lists what it would
change and exits 1 if anything would).

Translation catalogues (``resources/i18n/*.json``) are kept sorted by key. Python files are re-flowed where
an expansion made a comment or docstring line longer than the line limit (ruff's 120): the overflow moves to
the next line of the same paragraph. A code line that is still too long is listed at the end for a person to
wrap. A plain string literal in code that got too long is split into two implicitly concatenated literals;
run ``make fmt`` afterwards to lay them out.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = ("app", "tests", "docs", "README.md", "scenarios", "resources")
SUFFIXES = {".py", ".md", ".json", ".txt", ".ts", ".toml"}
LIMIT = 120

# A cited ID's prefix: SYSTEM-AREA (SAS-AVEH, CCA-ORDER, D-INTEG, TR-MAP, …) or a digest's open question (OQ).
PREFIX = r"(?:[A-Z]+-[A-Z][A-Z0-9]*|OQ)"
# One continuation after an ID's number: "..N" / "–N" (a range, also "..SAS-AVEH-N"), "/N" or ", -N" (a list).
STEP = rf"(?:(?:\.\.|–)(?:{PREFIX}-)?\d+[a-z]?|/\d+[a-z]?(?![\w%]|\.\d)|, -\d+[a-z]?)"
CITATION = re.compile(rf"\b(?P<prefix>{PREFIX})-(?P<first>\d+[a-z]?)(?P<rest>(?:{STEP})+)")
PIECE = re.compile(rf"(?P<sep>\.\.|–|/|, -)(?:{PREFIX}-)?(?P<number>\d+)(?P<suffix>[a-z]?)")
NUMBER = re.compile(r"(\d+)([a-z]?)")
ID = re.compile(rf"\b{PREFIX}-\d")


def _expand_match(match: re.Match[str]) -> str:
    prefix = match["prefix"]
    first = NUMBER.fullmatch(match["first"])
    assert first is not None
    numbers = [(int(first[1]), first[2])]
    for piece in PIECE.finditer(match["rest"]):
        number, suffix = int(piece["number"]), piece["suffix"]
        last, last_suffix = numbers[-1]
        if piece["sep"] in ("..", "–") and not suffix and not last_suffix and last < number <= last + 200:
            numbers += [(n, "") for n in range(last + 1, number + 1)]
        else:
            numbers.append((number, suffix))
    return ", ".join(f"{prefix}-{n}{s}" for n, s in numbers)


def expand(text: str) -> str:
    """``text`` with every range or list citation written as explicit IDs (unchanged if there is none)."""
    return CITATION.sub(_expand_match, text)


def citations(text: str) -> list[str]:
    """The range and list citations left in ``text`` (what :func:`expand` would rewrite)."""
    return [match[0] for match in CITATION.finditer(text)]


# --- re-flowing Python lines made too long ------------------------------------------------------------------
def _scan(source: str) -> tuple[set[int], dict[int, int]]:
    """Lines (0-based) inside a multi-line string after its first line; columns of comments that follow code."""
    inside: set[int] = set()
    trailing: dict[int, int] = {}
    code_lines: set[int] = set()
    skip = {tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT}
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.STRING and token.start[0] != token.end[0]:
                inside.update(range(token.start[0], token.end[0]))  # 1-based start+1..end, as 0-based numbers
            if token.type not in skip:
                code_lines.add(token.end[0] - 1)
            if token.type == tokenize.COMMENT and token.start[0] - 1 in code_lines:
                trailing[token.start[0] - 1] = token.start[1]
    except (tokenize.TokenError, SyntaxError):
        return set(), {}
    return inside, trailing


def _shape(line: str, in_string: bool) -> tuple[str, str] | None:
    """How the paragraph of ``line`` is laid out: (this line's lead, the next lines' lead), or None for code.

    A comment continues with the same ``# ``; a docstring's opening line (three quotes, then text) continues at
    its indent; a line inside a multi-line string continues at its own indent.
    """
    stripped = line.lstrip()
    indent = line[: len(line) - len(stripped)]
    if in_string:
        return indent, indent
    if stripped.startswith("#"):
        return indent + "# ", indent + "# "
    if stripped.startswith(('"""', 'r"""')):
        return indent + stripped[: stripped.index('"""') + 3], indent
    return None


def _split(body: str, room: int) -> tuple[str, str]:
    """Split ``body`` at the last space that leaves a head of at most ``room`` characters."""
    cut = body.rfind(" ", 0, room + 1)
    if cut <= 0:
        return body, ""
    return body[:cut].rstrip(), body[cut + 1 :].lstrip()


def _continues(line: str, lead: str, in_string: bool) -> bool:
    """Whether ``line`` carries on a paragraph whose next lines start with ``lead``."""
    if _shape(line, in_string) != (lead, lead):
        return False
    body = line[len(lead) :]
    return bool(body.strip()) and not body.startswith((" ", "-", "*", "|", '"""', "Args:", "Returns:", "Raises:"))


class _Reflow:
    """The lines of one Python file, re-flowed where a rule citation made them too long."""

    def __init__(self, source: str) -> None:
        self.lines = source.split("\n")
        self.strings, trailing = _scan(source)
        self.forced: set[int] = set()  # lines that received a moved tail: re-flow them even without an ID
        for number in sorted(trailing, reverse=True):  # a long trailing comment moves above its code line
            line = self.lines[number]
            if len(line) > LIMIT and ID.search(line[trailing[number] :]):
                self._lift_comment(number, trailing[number])

    def _insert(self, number: int, line: str, in_string: bool) -> None:
        self.lines.insert(number, line)
        self.strings = {n + 1 if n >= number else n for n in self.strings} | ({number} if in_string else set())
        self.forced = {n + 1 if n >= number else n for n in self.forced}

    def _lift_comment(self, number: int, column: int) -> None:
        line = self.lines[number]
        indent = line[: len(line) - len(line.lstrip())]
        self.lines[number] = line[:column].rstrip()
        self._insert(number, indent + line[column:], in_string=False)

    def _wanted(self, number: int, shape: tuple[str, str] | None) -> bool:
        line = self.lines[number]
        if len(line) <= LIMIT or shape is None or not line.startswith(shape[0]):
            return False
        return number in self.forced or ID.search(line) is not None

    def _step(self, number: int) -> None:
        in_string = number in self.strings
        shape = _shape(self.lines[number], in_string)
        if not self._wanted(number, shape):
            return
        assert shape is not None
        lead, cont = shape
        head, tail = _split(self.lines[number][len(lead) :], LIMIT - len(lead))
        if not tail:
            return
        self.lines[number] = lead + head
        following = number + 1
        joins = '"""' not in tail and following < len(self.lines)
        if joins and _continues(self.lines[following], cont, following in self.strings):
            self.lines[following] = f"{cont}{tail} {self.lines[following][len(cont) :]}"
            self.forced.add(following)
            return
        self._insert(following, cont + tail, in_string or lead.endswith('"""'))
        self.forced.add(following)

    def text(self) -> str:
        number = 0
        while number < len(self.lines):
            self._step(number)
            number += 1
        return "\n".join(self.lines)


def reflow_python(source: str) -> str:
    """Re-flow comment and docstring lines that cite a rule and are longer than :data:`LIMIT`.

    A trailing comment that is too long moves above its code line. Code and string literals in code are left
    as they are (:func:`too_long` lists what is left).
    """
    return _Reflow(source).text()


TRIPLE = ("'" * 3, '"' * 3)


def _literal_cuts(source: str, made: set[int]) -> list[tuple[int, int, int]]:
    """(row, start, end) of each plain one-line string literal inside brackets, on a long line, that cites a rule
    or was cut from one (a row in ``made``)."""
    lines, cuts, depth = source.split("\n"), [], 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.OP and token.string in "([{":
                depth += 1
            elif token.type == tokenize.OP and token.string in ")]}":
                depth -= 1
            elif token.type == tokenize.STRING and depth > 0 and token.start[0] == token.end[0]:
                row = token.start[0] - 1
                plain = token.string[0] in ("'", '"') and not token.string.startswith(TRIPLE)
                if plain and len(lines[row]) > LIMIT and (row in made or ID.search(token.string)):
                    cuts.append((row, token.start[1], token.end[1]))
    except (tokenize.TokenError, SyntaxError):
        return []
    return cuts


def split_long_literals(source: str) -> str:
    """Split string literals in code that a citation made too long into implicitly concatenated pieces.

    Only plain one-line literals inside brackets are split (at a space), so the code means the same; run the
    formatter afterwards (``make fmt``) to lay the pieces out.
    """
    made: set[int] = set()
    for _ in range(50):
        cuts = _literal_cuts(source, made)
        if not cuts:
            break
        lines = source.split("\n")
        row, start, end = cuts[0]
        line = lines[row]
        quote, body = line[start], line[start + 1 : end - 1]
        cut = body.rfind(" ", 0, max(LIMIT - start - 3, 1))
        if cut <= 0:
            break
        lines[row : row + 1] = [
            f"{line[:start]}{quote}{body[: cut + 1]}{quote}",
            f"{' ' * start}{quote}{body[cut + 1 :]}{quote}{line[end:]}",
        ]
        made = {n + 1 if n > row else n for n in made} | {row + 1}
        source = "\n".join(lines)
    return source


def too_long(source: str) -> list[int]:
    """1-based numbers of the lines longer than :data:`LIMIT`."""
    return [number for number, line in enumerate(source.split("\n"), 1) if len(line) > LIMIT]


# --- files ---------------------------------------------------------------------------------------------------
def files(root: Path = ROOT) -> Iterator[Path]:
    """Every text file the script looks at, in a stable order."""
    for target in TARGETS:
        path = root / target
        if path.is_file():
            yield path
        elif path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in SUFFIXES)


def rewrite(path: Path) -> str | None:
    """The new text of ``path``, or None if it cites no range."""
    text = path.read_text(encoding="utf-8")
    new = expand(text)
    if new == text:
        return None
    if path.suffix == ".py":
        new = reflow_python(split_long_literals(new)) if new_long_lines(text, new) else new
    elif path.suffix == ".json" and path.parent.name == "i18n":  # a translation catalogue stays sorted by key
        new = json.dumps(dict(sorted(json.loads(new).items())), ensure_ascii=False, indent=1) + "\n"
    return new


def new_long_lines(old: str, new: str) -> list[int]:
    """1-based numbers of the lines of ``new`` longer than :data:`LIMIT` that ``old`` did not have as they are."""
    before = {line for line in old.split("\n") if len(line) > LIMIT}
    lines = new.split("\n")
    return [number for number in too_long(new) if lines[number - 1] not in before]


def main(argv: list[str] | None = None) -> int:
    """Rewrite the files (or, with ``--check``, list them); returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a range is cited")
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    changed, long_lines = 0, []
    for path in files(args.root):
        old = path.read_text(encoding="utf-8")
        new = rewrite(path)
        if new is None:
            continue
        changed += 1
        relative = path.relative_to(args.root)
        if args.check:
            print(f"{relative}: {', '.join(citations(old))}")
            continue
        path.write_text(new, encoding="utf-8")
        if path.suffix == ".py":
            long_lines += [f"{relative}:{n}" for n in new_long_lines(old, new)]
    verb = "would change" if args.check else "changed"
    print(f"expand_rule_ranges: {verb} {changed} files", file=sys.stderr)
    for where in long_lines:
        print(f"  still longer than {LIMIT} characters (wrap by hand): {where}", file=sys.stderr)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
