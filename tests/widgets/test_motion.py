"""A student who asks the system for less motion (prefers-reduced-motion) gets no endless animation:
every rule of the tables' style sheets and of the pages' loading screen that animates is stilled."""

from __future__ import annotations

import re

import jinja2
import pytest

from euchre_tutor.class_site import _SPINNER, WAIT_WORDS
from euchre_tutor.widgets.style import CLASSIC_CSS, CSS

REDUCED = "@media (prefers-reduced-motion:reduce){"
#: the loading screen is a Jinja macro: read as Voila renders it
LOADING = str(jinja2.Environment().from_string(_SPINNER % {"wait": WAIT_WORDS}).module.css())  # type: ignore[attr-defined]
SHEETS = {"tables": CSS, "classic table": CLASSIC_CSS, "loading screen": LOADING}


def _media_blocks(sheet: str) -> tuple[str, list[str]]:
    """The sheet without its reduced-motion blocks, and those blocks' bodies."""
    blocks, rest = [], sheet
    while REDUCED in rest:
        start = rest.index(REDUCED)
        depth, i = 1, start + len(REDUCED)
        while depth:
            depth += {"{": 1, "}": -1}.get(rest[i], 0)
            i += 1
        blocks.append(rest[start + len(REDUCED) : i - 1])
        rest = rest[:start] + rest[i:]
    return rest, blocks


def _rules(css: str) -> list[tuple[str, str]]:
    """Each plain rule's selectors and declarations (keyframes' steps left out)."""
    css = re.sub(r"@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    return [(m[1].strip(), m[2]) for m in re.finditer(r"([^{}]+)\{([^{}]*)\}", css)]


@pytest.mark.parametrize("name", SHEETS)
def test_every_endless_animation_is_stilled_for_reduced_motion(name: str) -> None:
    rest, blocks = _media_blocks(SHEETS[name])
    animated = {sel for sel, body in _rules(rest) if re.search(r"animation:(?!\s*none)", body)}
    stilled = {
        s.strip()
        for block in blocks
        for sel, body in _rules(block)
        if re.search(r"animation:\s*none", body)
        for s in sel.split(",")
    }
    missing = {s.strip() for sel in animated for s in sel.split(",")} - stilled
    assert not missing, f"animated but not stilled under prefers-reduced-motion: {sorted(missing)}"


def test_the_check_finds_an_animation_left_moving() -> None:
    rest, blocks = _media_blocks(".a{animation:spin 1s infinite}" + REDUCED + ".b{animation:none}}")
    assert [sel for sel, body in _rules(rest) if "animation:" in body] == [".a"]
    assert [sel for block in blocks for sel, _ in _rules(block)] == [".b"]
