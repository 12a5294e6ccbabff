"""Every glyph a student sees draws with an ordinary text font: no emoji font needed (issue 38, item 6).

A character is safe when DejaVu Sans draws it (its character set is copied in
``tests/data/dejavu-sans-charset.txt``, so no font is needed here) and it is not one a browser draws
as a colour emoji by default: nothing outside the Basic Multilingual Plane (🍀, 🃏), none of the
BMP characters with the Unicode property Emoji_Presentation (⚡, ⭐, ✅), no private-use character and
no emoji variation selector. The browser test (tests/browser/test_layouts.py) applies the same check
to the text and the CSS-drawn marks of the rendered pages.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from euchre_tutor.advisor.luck import Swing
from euchre_tutor.cards import JOKER, deck
from euchre_tutor.widgets import BidApp, ClassicApp, SolitaireApp, render
from euchre_tutor.widgets.style import CLASSIC_CSS, CSS

CHARSET = Path(__file__).resolve().parents[1] / "data" / "dejavu-sans-charset.txt"
PACKAGE = Path(__file__).resolve().parents[2] / "euchre_tutor"
#: the widget modules: the framework's and each game's
WIDGETS = sorted([*(PACKAGE / "widgets").glob("*.py"), *PACKAGE.glob("games/*/widgets/*.py")])

#: BMP code points whose default presentation is a colour emoji (Unicode emoji-data, Emoji_Presentation)
EMOJI_PRESENTATION = (
    (0x231A, 0x231B), (0x23E9, 0x23EC), (0x23F0, 0x23F0), (0x23F3, 0x23F3), (0x25FD, 0x25FE),
    (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F), (0x2693, 0x2693), (0x26A1, 0x26A1),
    (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5), (0x26CE, 0x26CE), (0x26D4, 0x26D4),
    (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5), (0x26FA, 0x26FA), (0x26FD, 0x26FD),
    (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728), (0x274C, 0x274C), (0x274E, 0x274E),
    (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797), (0x27B0, 0x27B0), (0x27BF, 0x27BF),
    (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55),
)  # fmt: skip


@cache
def dejavu_sans() -> frozenset[int]:
    """The code points DejaVu Sans draws."""
    points: set[int] = set()
    for line in CHARSET.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        for part in line.split():
            low, _, high = part.partition("-")
            points.update(range(int(low, 16), int(high or low, 16) + 1))
    return frozenset(points)


def safe(ch: str) -> bool:
    """Whether ``ch`` draws with a common text font (see the module's docstring); white space is safe."""
    point = ord(ch)
    if ch in "\n\r\t":
        return True
    if point > 0xFFFF or 0xE000 <= point <= 0xF8FF or point == 0xFE0F:
        return False
    if any(low <= point <= high for low, high in EMOJI_PRESENTATION):
        return False
    return point in dejavu_sans()


def unsafe(text: str) -> list[str]:
    """The characters of ``text`` that need an emoji (or a rare) font, each once, as ``"🍀 U+1F340"``."""
    return [f"{ch} U+{ord(ch):04X}" for ch in sorted(set(text)) if not safe(ch)]


def test_the_check_tells_text_glyphs_from_emoji() -> None:
    assert unsafe("♠♥♦♣ ★ ▲▼ ◀ ▶ ↶ ↷ − · … ± é") == []
    assert set(unsafe("🍀⚡🃏⭐✅\ufe0f")) == {
        "🍀 U+1F340",
        "⚡ U+26A1",
        "🃏 U+1F0CF",
        "⭐ U+2B50",
        "✅ U+2705",
        "\ufe0f U+FE0F",
    }
    assert unsafe("\ue000") == ["\ue000 U+E000"]  # private use: an icon font's, not a text font's


def test_the_widgets_sources_and_style_sheets_use_only_text_glyphs() -> None:
    """Every character of the widget modules (their HTML, labels, tooltips and CSS ``content``)."""
    found = {
        path.relative_to(PACKAGE).as_posix(): unsafe(path.read_text(encoding="utf-8")) for path in WIDGETS
    }
    assert any(path.match("games/classic/widgets/app.py") for path in WIDGETS)
    assert not {name: chars for name, chars in found.items() if chars}
    assert unsafe(CSS + CLASSIC_CSS) == []


def test_every_card_is_shown_with_text_glyphs_the_joker_too() -> None:
    for card in deck(32, joker=True):
        for shown in (card.symbol, card.name, render.face(card), render.face(card, small=True)):
            assert unsafe(shown) == [], (card, shown)
    assert JOKER.symbol == "Joker"
    face = render.face(JOKER)
    assert 'aria-label="joker"' in face and '<span class="s" aria-hidden="true">★</span>' in face
    assert '.c-JK::after{content:"★" / ""}' in CLASSIC_CSS  # the joker's button: a star, alt text empty


@pytest.mark.parametrize(("left", "after", "kind", "mark"), [(0, 2, "lucky", "▲"), (1, -1, "unlucky", "▼")])
def test_a_swing_is_marked_by_a_triangle_hidden_from_screen_readers_and_named_in_words(
    left: int, after: int, kind: str, mark: str
) -> None:
    badge = render.swing_badge(Swing(Fraction(left), Fraction(after), last=True))
    assert unsafe(badge) == []
    assert f'<span class="et-swing-mark" aria-hidden="true">{mark}</span> {kind} ' in badge
    assert f'class="et-swing {kind}"' in badge


def shown_strings(root: w.Widget) -> list[str]:
    """Every string of ``root``'s widget tree a page can show: HTML values (with their CSS), labels,
    descriptions, tooltips, placeholders and options."""
    out: list[str] = []
    stack: list[Any] = [root]
    while stack:
        widget = stack.pop()
        if isinstance(widget, w.Box):
            stack.extend(widget.children)
        for name in ("value", "description", "tooltip", "placeholder"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                out.append(value)
        for option in getattr(widget, "_options_labels", ()) or ():
            out.append(str(option))
    return out


def play_classic_hand(app: ClassicApp) -> None:
    c, t = app.controller, app.tutor
    for _ in range(60):
        if c.waiting or c.state.is_over:
            return
        if t.forced is not None and t.autoplay_now():
            continue
        assert c.act(c.view.legal[0]), c.message
    raise AssertionError("the hand did not end")


def test_a_classic_hand_played_to_its_end_shows_only_text_glyphs() -> None:
    app = ClassicApp(seed=3, hints=False, rules={"joker": True, "deck": 28})
    try:
        seen = " ".join(shown_strings(app))
        play_classic_hand(app)
        assert app.controller.waiting
        app.review_open.click()
        seen += " ".join(shown_strings(app))
        assert "is over" in app.prompt.value and "Next hand" in seen
        assert unsafe(seen) == []
    finally:
        app.close()


def test_a_bid_hand_played_to_its_end_shows_only_text_glyphs() -> None:
    app = BidApp(seed=3, hints=False)
    try:
        c = app.controller
        seen = " ".join(shown_strings(app))
        for _ in range(80):
            if c.waiting or c.state.is_over:
                break
            if c.my_turn:
                assert c.act(c.view.legal[0]), c.message
            else:  # pragma: no cover - the computer players act at once
                raise AssertionError("nobody acts")
        assert c.waiting
        seen += " ".join(shown_strings(app))
        assert "is over" in app.prompt.value
        assert unsafe(seen) == []
    finally:
        app.close()


def test_a_solitaire_deal_played_to_its_end_shows_only_text_glyphs() -> None:
    app = SolitaireApp(seed=3, source=None)
    try:
        c = app.controller
        seen = " ".join(shown_strings(app))
        app.trump_button(None).click()
        for _ in range(5):
            playable = [b for b in app.cards if "playable" in b._dom_classes]
            if not playable:
                break
            playable[0].click()
        assert c.view is not None and c.view.phase.name == "OVER"
        seen += " ".join(shown_strings(app))
        assert unsafe(seen) == []
    finally:
        app.close()
