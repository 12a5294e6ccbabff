"""No style sheet of the package gives a large area a wide blurred shadow.

A browser without a graphics card (a school's laptop, a headless page) draws the page in software, and it
draws again every tile a change touches, with everything under it. A wide blur on the table's felt was
drawn again under every card played: about three quarters of the page's drawing in the load benchmark.
Small shadows under cards and panels cost little; this test keeps the wide ones out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import euchre_tutor

PACKAGE = Path(euchre_tutor.__file__).parent
#: the widest blur a shadow may have, in pixels (the panels' 12 px and the loading card's 18 px pass)
MOST_BLUR = 24
DECLARATION = re.compile(r"box-shadow:\s*([^;}\"]+)")
LENGTH = re.compile(r"^-?\d*\.?\d+(px)?$")


def _shadows(value: str) -> list[str]:
    """The shadows of one ``box-shadow`` value (commas inside ``rgba(...)`` do not split it)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(value):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(value[start:i])
            start = i + 1
    out.append(value[start:])
    return [s.strip() for s in out if s.strip()]


def blur_of(shadow: str) -> float:
    """A shadow's blur radius in pixels (its third length; 0 when it has none)."""
    words = re.sub(r"\([^)]*\)", "", shadow).split()
    lengths = [w for w in words if LENGTH.match(w)]
    return float(lengths[2].removesuffix("px")) if len(lengths) >= 3 else 0.0


def declarations() -> list[tuple[str, str]]:
    """Every ``box-shadow`` value in the package's sources, with the file it is in."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for value in DECLARATION.findall(path.read_text(encoding="utf-8")):
            found.append((str(path.relative_to(PACKAGE)), value.strip()))
    return found


def test_the_package_has_shadows_to_check() -> None:
    assert len(declarations()) > 10


@pytest.mark.parametrize(("where", "value"), declarations())
def test_no_shadow_has_a_wide_blur(where: str, value: str) -> None:
    wide = [s for s in _shadows(value) if blur_of(s) > MOST_BLUR]
    assert not wide, f"{where}: box-shadow {value!r} blurs over {MOST_BLUR}px"


@pytest.mark.parametrize(
    ("value", "blurs"),
    [
        ("inset 0 0 60px rgba(0,0,0,.35)", [60.0]),
        ("0 0 0 3px #ffd54f,0 4px 8px rgba(0,0,0,.4)", [0.0, 8.0]),
        ("2px 2px 0 #e8e2d0,4px 4px 0 #cfc8b5,0 6px 10px rgba(0,0,0,.4)", [0.0, 0.0, 10.0]),
        ("0 2px 4px rgba(0,0,0,.35)", [4.0]),
    ],
)
def test_a_shadow_is_read_with_its_blur(value: str, blurs: list[float]) -> None:
    assert [blur_of(s) for s in _shadows(value)] == blurs
