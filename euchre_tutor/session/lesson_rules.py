"""Which lesson teaches each rule, and a rule's name as the lessons say it: for the teacher's report.

Each lesson ends with the box of the rules it taught, ``rules_summary([...ids...])``, which shows each
rule by its title (the catalogue's, or a game's own rules sheet's). :func:`rule_lessons` reads those
calls from the lesson notebooks, so a Mistake the advisor's reasons put under a rule id is named as
the lesson names it and linked to the lesson that teaches it (:func:`mistake_name`, :class:`Taught`);
a rule id never reaches the page. No widget library here.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from euchre_tutor.rules.catalogue import RULES

__all__ = ["NO_REASON", "Taught", "lesson_title", "mistake_name", "rule_lessons"]

#: what the class report counts a Mistake under when the advisor's reasons cite no rule
NO_REASON: Final = "(no reason given)"
_SUMMARY: Final = re.compile(r"rules_summary\((\[[^\]]*\])\)")


@dataclass(frozen=True, slots=True)
class Taught:
    """Where a rule is taught: the lesson notebook (a file name in the lessons folder) and its title."""

    notebook: str
    title: str

    @property
    def href(self) -> str:
        """A link relative to the folder the lessons folder is in (the tables' and the teacher's)."""
        return f"lessons/{self.notebook}"


def lesson_title(path: Path) -> str:
    """A lesson's title: its first markdown heading (its file name's stem when it has none)."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        return path.stem
    for cell in cells:
        if cell.get("cell_type") != "markdown":
            continue
        for line in "".join(cell.get("source", [])).splitlines():
            if line.startswith("#"):
                return line.lstrip("#").strip()
    return path.stem


@cache
def rule_lessons(folder: Path) -> dict[str, Taught]:
    """Each rule id a lesson in ``folder`` teaches (its ``rules_summary`` box), with the first lesson
    that teaches it, in the lessons' order; empty when the folder is missing."""
    found: dict[str, Taught] = {}
    for path in sorted(folder.glob("[0-9][0-9]-*.ipynb")):
        try:
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError):
            continue
        code = "\n".join("".join(c.get("source", [])) for c in cells if c.get("cell_type") == "code")
        title = lesson_title(path)
        for listed in _SUMMARY.findall(code):
            try:
                ids = ast.literal_eval(listed)
            except (ValueError, SyntaxError):
                continue
            for rule_id in ids:
                if isinstance(rule_id, str):
                    found.setdefault(rule_id, Taught(path.name, title))
    return found


def mistake_name(rule_id: str) -> str:
    """A rule as the lessons name it (their summary box's title): the catalogue's title, or for a game's
    own rules sheet the sentence's name (``bid.kitty`` -> "Kitty")."""
    if rule_id == NO_REASON:
        return "Mistakes the advisor gave no rule for"
    found = RULES.get(rule_id)
    if found is not None:
        return found.title
    return rule_id.split(".", 1)[-1].replace("-", " ").capitalize()
