"""HTML every table shares (cards, score, grades, luck, swings, review): Solitaire's table, trick log and
hint are its own (:mod:`euchre_tutor.games.solitaire.widgets.render`).

Pure functions of the controller's data: no widget library here, so they are
tested as strings and the widgets only swap the ``value`` of existing HTML
widgets.
"""

from __future__ import annotations

import html
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

from euchre_tutor.advisor.luck import HandLuck, Swing, luck_sentence, lucky_swings, total
from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.advisor.shared import Grade, Graded
from euchre_tutor.advisor.voice import DEFAULT_DEPTH, Depth, capital, join_words, points_words
from euchre_tutor.cards import Card, Suit, effective_suit, is_trump

__all__ = [
    "face",
    "faces",
    "hand_order",
    "loss_words",
    "luck_html",
    "review_html",
    "score_html",
    "scroll_region",
    "swing_badge",
    "swing_marks",
]

esc = html.escape


class Cited(Protocol):
    """A reason as the pages show it (the advisors' :class:`~euchre_tutor.advisor.shared.Reason`)."""

    @property
    def rule(self) -> str: ...
    @property
    def text(self) -> str: ...


def face(card: Card, *, small: bool = False, burned: bool = False, trump: Suit | None = None) -> str:
    """A card face as HTML with its accessible name (the joker too: always a trump)."""
    if card.suit is None:
        return (
            f'<span class="et-face joker trump{" small" if small else ""}" role="img" aria-label="joker" '
            'title="joker"><span class="r" aria-hidden="true">JK</span>'
            '<span class="s" aria-hidden="true">★</span></span>'
        )
    classes = ["et-face", "red" if card.is_red else "black", f"s-{card.suit.value}"]
    if small:
        classes.append("small")
    if burned:
        classes.append("burned")
    if trump is not None and is_trump(card, trump):
        classes.append("trump")
    label = card.name + (" (burned)" if burned else "")
    return (
        f'<span class="{" ".join(classes)}" role="img" aria-label="{esc(label)}" title="{esc(label)}">'
        f'<span class="r" aria-hidden="true">{esc(card.rank.display)}</span>'
        f'<span class="s" aria-hidden="true">{card.suit.symbol}</span></span>'
    )


def scroll_region(body: str, label: str) -> str:
    """``body`` in a box that scrolls sideways when the screen is too narrow for it (a wide trick log on
    a phone), reachable by keyboard so it can be scrolled without a mouse (a named region, a tab stop)."""
    return f'<div class="et-scroll" role="region" aria-label="{esc(label)}" tabindex="0">{body}</div>'


def faces(cards: Sequence[Card], **kw: object) -> str:
    return " ".join(face(c, **kw) for c in cards)  # type: ignore[arg-type]


def pct(x: Fraction | float) -> str:
    return f"{float(x) * 100:.1f}%"


def signed(x: Fraction | float) -> str:
    return f"{float(x):+.3f}"


def score_html(player: int, deck: int, target: int) -> str:
    def side(name: str, cls: str, pts: int) -> str:
        width = min(100, round(100 * pts / target))
        return (
            f'<div class="side {cls}"><span class="lbl">{name}</span><span class="pts">{pts}</span>'
            f'<div class="meter" aria-hidden="true"><div style="width:{width}%"></div></div></div>'
        )

    return (
        f'<div class="board" role="status" aria-label="Score: you {player}, deck {deck}, first to {target}">'
        f"{side('You', 'you', player)}{side('Deck', 'deck', deck)}"
        f'<span class="to">first to<br><b>{target}</b></span></div>'
    )


def loss_words(loss: Fraction | float, units: str = "points", depth: Depth | str = DEFAULT_DEPTH) -> str:
    """What a choice gave up, in plain units (``'about a tenth of a point'``; in the game mode, of the chance
    to win the game); the figures depth adds the decimal (``'0.100 points'``)."""
    v = float(loss)
    if v <= 0:
        return "nothing"
    if units == "points":
        text = points_words(Fraction(loss))
        if Depth.parse(depth) is Depth.FIGURES:
            text += f" ({v:.3f} points)"
        return text
    if v < 0.005:
        return "less than 1% of your chance to win the game"
    return f"about {round(v * 100)}% of your chance to win the game"


def grade_html(
    label: str,
    grade: Grade | None,
    units: str = "points",
    *,
    best: str | None = None,
    tied: Sequence[str] = (),
    depth: Depth | str = DEFAULT_DEPTH,
) -> str:
    """The grade line of the last decision: its label and, unless it was best, what it cost against
    ``best`` in plain units. ``tied``: the other choices exactly as good as this one (a tie is a tie)."""
    if grade is None:
        return f"<div>Your choice: <b>{esc(label)}</b> · grading…</div>"
    badge = f'<span class="et-grade {esc(grade.label)}">{esc(grade.label)}</span>'
    if grade.label == "Best":
        others = [t for t in tied if t != label]
        tail = f": as good as {esc(join_words(others, 'or'))}." if others else ": the best choice."
        return f"<div>Your choice: <b>{esc(label)}</b> {badge}{tail}</div>"
    against = f" against {esc(best)}" if best else ""
    if float(grade.loss) <= 0:
        what = "it wins the game as often as the best choice but scores fewer points"
    else:
        what = f"it costs {esc(loss_words(grade.loss, units, depth))}{' a deal' if units == 'points' else ''}"
    return f"<div>Your choice: <b>{esc(label)}</b> {badge}: {what}{against}.</div>"


def swing_badge(swing: Swing) -> str:
    """A review row's mark for the luck that followed it: ``▲ lucky +1.2`` or ``▼ unlucky −0.9``,
    with the values it ran between in the tooltip. The triangle is a shape every text font draws (no
    emoji) and is hidden from screen readers, which read the word."""
    x = float(swing.amount)
    kind, icon = ("lucky", "▲") if x > 0 else ("unlucky", "▼")
    return (
        f'<span class="et-swing {kind}" title="{esc(capital(swing.words))}: the cards '
        f'and the other players, not you"><span class="et-swing-mark" aria-hidden="true">{icon}</span> '
        f"{kind} {f'{x:+.2f}'.replace('-', '−')}</span>"
    )


def swing_marks(found: Sequence[tuple[Any, Swing]]) -> dict[int, Swing]:
    """A hand's largest lucky and unlucky swings (at least :data:`~euchre_tutor.advisor.luck.SWING_MIN`),
    by the ``index`` of the decision each followed (``found``: a tutor's ``swings(hand)``)."""
    picked = lucky_swings([s for _, s in found])
    return {found[i][0].index: found[i][1] for i in picked if i is not None}


def luck_html(stats: SessionStats, game: str, match: Hashable, number: int) -> str:
    """A review's luck and skill: hand ``number``'s sentence and, from the second hand on, the match's so
    far (a table feeds ``stats`` one deal per ``(match, hand number)``); empty until the hand's grades are in."""
    hands: dict[int, HandLuck] = {}
    for d in stats.deals(game):
        if isinstance(d.key, tuple) and d.key[0] == match:
            luck = stats.luck_of(d, d.key[1])
            if luck is not None:
                hands[luck.number] = luck
    if number not in hands:
        return ""
    match_hands = [h for n, h in sorted(hands.items()) if n <= number]
    out = f'<p class="et-luck">{esc(luck_sentence(total([hands[number]]), "hand"))}'
    if len(match_hands) > 1:
        out += f" {esc(luck_sentence(total(match_hands), 'match'))}"
    return out + "</p>"


def swings_html(marks: Sequence[tuple[int, str, Swing]]) -> str:
    """The review's sentence about its marked swings: ``(decision number, its words, swing)`` each."""
    if not marks:
        return ""
    said = " ".join(f"After your decision {i} ({esc(what)}), {esc(s.words)}." for i, what, s in marks)
    return (
        '<p class="et-swings"><b>Swings</b> (the cards and the other players\' choices, not yours): '
        f"{said}</p>"
    )


def review_html(
    result: str,
    rows: Sequence[tuple[str, str, Grade | None]],
    total: Fraction | None,
    units: str = "points",
    keys: frozenset[int] = frozenset(),
    swings: Mapping[int, Swing] | None = None,
    *,
    depth: Depth | str = DEFAULT_DEPTH,
    stories: Mapping[int, str] | None = None,
) -> str:
    """The deal review: each decision, the best one (ties named as ties: ``"9♥ or 10♥"``), the grade and
    what it cost in plain units (``keys``: the rows, counted from 0, of the key moments, marked with a
    star; ``swings``: the rows followed by the deal's largest lucky and unlucky swing, with the swing;
    ``stories``: by row, the hint's own words for the best choice, told again under the table)."""
    swings = swings or {}
    stories = stories or {}
    body = []
    for i, (mine, best, grade) in enumerate(rows, 1):
        if grade is None:
            body.append(f"<tr><td>{i}</td><td>{esc(mine)}</td><td colspan='3'>analysing…</td></tr>")
            continue
        key = i - 1 in keys
        row_class = " class='et-key-row'" if key else ""
        star = (
            ' <span class="et-key" title="A key moment: one of the costliest decisions of the deal">★ key</span>'
            if key
            else ""
        )
        if i - 1 in swings:
            star += " " + swing_badge(swings[i - 1])
        body.append(
            f"<tr{row_class}><td>{i}</td><td>{esc(mine)}{star}</td><td>{esc(best)}</td>"
            f'<td><span class="et-grade {esc(grade.label)}">{esc(grade.label)}</span></td>'
            f"<td>{esc(loss_words(grade.loss, units, depth))}</td></tr>"
        )
    total_text = "analysing…" if total is None else esc(loss_words(total, units, depth))
    told = "".join(
        f'<p class="et-story"><b>Decision {i + 1}.</b> {esc(text)}</p>' for i, text in sorted(stories.items())
    )
    return (
        f'<div class="et-review"><h3>Deal review</h3><p>{esc(result)}</p>'
        "<table><thead><tr><th>#</th><th>you chose</th><th>best</th><th>grade</th><th>cost</th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table><p>Lost this deal: <b>{total_text}</b></p>"
        + told
        + swings_html([(i + 1, rows[i][0], s) for i, s in sorted(swings.items())])
        + "</div>"
    )


def hand_order(hand: Sequence[Card], trump: Suit | None) -> list[Card]:
    """Trumps first (high to low), then the other suits alternating colours, each high to low."""
    from euchre_tutor.cards import trick_power

    suit_order = [Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS]

    def key(c: Card) -> tuple[int, int]:
        if c.is_joker:
            return (-2, 0)
        s = effective_suit(c, trump)
        group = -1 if trump is not None and s is trump else suit_order.index(s)
        return (group, -trick_power(c, trump, s))

    return sorted(hand, key=key)


def retry_result_html(
    mine: str,
    grade: Graded,
    lost: str,
    first: str,
    first_grade: Graded | None,
    best: str | None,
    reasons: Sequence[Cited],
) -> str:
    """A retry's graded answer (any game): ``mine`` with its grade and ``lost`` (what it gives up, in
    words), beside the first answer, then the ``best`` choice and the first three ``reasons`` (their rule
    ids only as ``data-rule``: a student reads the sentences)."""
    loses = "" if grade.label == "Best" else f" It loses {esc(lost)}."
    out = [
        f'<p>Your answer: <b>{esc(mine)}</b> <span class="et-grade {esc(grade.label)}">{esc(grade.label)}</span>.{loses}</p>'
    ]
    if first_grade is not None:
        again = " (the same choice)" if mine == first else ""
        out.append(
            f'<p>The first time: <b>{esc(first)}</b> <span class="et-grade {esc(first_grade.label)}">'
            f"{esc(first_grade.label)}</span>{again}.</p>"
        )
    if best is not None:
        why = "".join(f'<li data-rule="{esc(r.rule)}">{esc(r.text)}</li>' for r in reasons[:3])
        out.append(f"<p>Best: <b>{esc(best)}</b>. Why:</p><ul class='et-reasons'>{why}</ul>")
    return f'<div class="et-retry-result" data-grade="{esc(grade.label)}">{"".join(out)}</div>'
