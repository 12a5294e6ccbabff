"""The 4 and 6 score keeper drawn in HTML: two cards, one laid over the other, the pips in sight = the score.

Inline styles keep it self-contained: the score board, a lesson cell and the
command line's notebook view all draw it the same way.

>>> html = four_six_html(7, "H")
>>> html.count('class="ec46-pip"'), 'aria-label="7: the 4 face up' in html
(10, True)
"""

from __future__ import annotations

from html import escape as esc

from euchre_tutor.games.classic.engine.score_cards import MAX_SCORE, ScoreCard, four_and_six, score_words

__all__ = ["four_six_html", "four_six_row"]

_SUITS = {"H": ("♥", "#c62828"), "S": ("♠", "#1a1a1a"), "D": ("♦", "#c62828"), "C": ("♣", "#1a1a1a")}
_PIP_H = 9  # px per pip row: one column of pips, so a covering card can hide them one by one
_W = 22


def _card(card: ScoreCard, suit: str, *, left: int, top: int, z: int) -> str:
    symbol, colour = _SUITS[suit]
    height = card.pips * _PIP_H + 8
    base = (
        f"position:absolute;left:{left}px;top:{top}px;width:{_W}px;height:{height}px;border-radius:3px;"
        f"box-sizing:border-box;z-index:{z};"
    )
    if not card.face_up:
        return (
            f'<span class="ec46-back" style="{base}border:1px solid #5d4037;'
            'background:repeating-linear-gradient(45deg,#8d6e63 0 3px,#a1887f 3px 6px)"></span>'
        )
    pips = "".join(
        f'<span class="ec46-pip" style="display:block;height:{_PIP_H}px;line-height:{_PIP_H}px">{symbol}</span>'
        for _ in range(card.pips)
    )
    return (
        f'<span class="ec46-face" style="{base}border:1px solid #888;background:#fff;color:{colour};'
        f'font-size:9px;text-align:center;padding-top:4px">{pips}</span>'
    )


def four_six_html(score: int, suit: str = "H") -> str:
    """A side's 4 and 6 showing ``score`` (0 to 10); the accessible name says it in words."""
    under, over = four_and_six(score)
    hidden = under.pips - under.showing if under.face_up else under.pips
    if over.covering:  # laid over the under card, hiding its last ``hidden`` pips
        top = (under.pips - hidden) * _PIP_H + 4 if under.face_up else 0
        parts = _card(under, suit, left=0, top=0, z=1) + _card(over, suit, left=3, top=top, z=2)
        width = _W + 3
        height = max(under.pips * _PIP_H + 8, top + over.pips * _PIP_H + 8)
    else:  # side by side
        parts = _card(under, suit, left=0, top=0, z=1) + _card(over, suit, left=_W + 3, top=0, z=1)
        width = 2 * _W + 3
        height = max(under.pips, over.pips) * _PIP_H + 8
    return (
        f'<span class="ec46" role="img" aria-label="{esc(score_words(score))}" title="{esc(score_words(score))}" '
        f'style="position:relative;display:inline-block;vertical-align:middle;width:{width}px;'
        f'height:{height}px">{parts}</span>'
    )


def four_six_row(scores: dict[str, int]) -> str:
    """Several sides' cards in a row with their names (a lesson's table of examples); scores past 10 in numbers."""
    cells = []
    for i, (name, score) in enumerate(scores.items()):
        suit = "H" if i % 2 == 0 else "S"
        pic = four_six_html(score, suit) if 0 <= score <= MAX_SCORE else f"<b>{score}</b>"
        cells.append(
            f'<span style="display:inline-flex;flex-direction:column;align-items:center;margin:0 10px 4px 0">'
            f'{pic}<span style="font-size:12px">{esc(name)}</span></span>'
        )
    return f'<div class="ec46-row" style="display:flex;flex-wrap:wrap;align-items:flex-end">{"".join(cells)}</div>'
