"""HTML for the dashboard's read-only parts (table, trick log, hint, review, score).

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
from euchre_tutor.advisor.voice import DEFAULT_DEPTH, MINUS, Depth, join_words, points_words
from euchre_tutor.cards import Card, Suit, effective_suit, is_trump
from euchre_tutor.games.solitaire.advisor.advice import Hint, OptionAnalysis
from euchre_tutor.games.solitaire.advisor.ideas import (
    exact_chance,
    exact_points,
    explain,
    tied_best,
)
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Phase, Play
from euchre_tutor.games.solitaire.views import SolitaireView
from euchre_tutor.widgets.depth import explanation_html

__all__ = [
    "face",
    "faces",
    "hand_order",
    "hint_html",
    "log_html",
    "loss_words",
    "luck_html",
    "review_html",
    "score_html",
    "scroll_region",
    "swing_badge",
    "swing_marks",
    "table_html",
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


def table_html(view: SolitaireView | None) -> str:
    if view is None:
        return '<div class="et-table"><p>Press <b>Next deal</b> to start.</p></div>'
    spots = []
    if view.phase is Phase.CHOOSE_TRUMP:
        spots.append(
            _spot(
                "Turn card",
                face(view.turn_card),
                f"Order up: {view.turn_card.suit.symbol if view.turn_card.suit else ''} is trump and this card "
                "goes on top of the stock. Name another suit: it goes to the bottom.",
            )
        )
    else:
        assert view.trump is not None
        how = "ordered up" if view.ordered_up else "named"
        alone = ", alone" if view.alone else ""
        badge = f'<span class="et-trumpbadge {"red" if view.trump.is_red else "black"}" style="color:{"#c62828" if view.trump.is_red else "#1d1d1f"}">{view.trump.symbol}</span>'
        spots.append(_spot("Trump", badge, f"{view.trump.plural} ({how}{alone})"))
    stock = (
        '<span class="et-back" aria-hidden="true"></span>'
        if view.stock_size
        else '<span class="et-empty"></span>'
    )
    known = ""
    if view.known_top is not None:
        known = f"top card: {view.known_top.symbol} (you ordered it up)"
    elif view.known_bottom is not None:
        known = f"bottom card: {view.known_bottom.symbol}"
    spots.append(
        _spot(f"Stock · {view.stock_size}", stock, known or ("empty" if not view.stock_size else ""))
    )
    if view.deck_lead is not None:
        spots.append(_spot("Deck led", face(view.deck_lead, trump=view.trump), "your turn to follow"))
    elif view.phase is Phase.PLAY:
        spots.append(
            _spot("Your lead", '<span class="et-empty"></span>', f"trick {view.trick_number + 1} of 5")
        )
    if view.tricks:
        last = view.tricks[-1]
        if not last.awarded and last.player is not None:
            cards = face(last.player, trump=view.trump)
            if last.deck is not None:
                cards += " " + face(last.deck, trump=view.trump)
            cards = f'<div style="display:flex;gap:6px">{cards}</div>'
            spots.append(
                _spot("Last trick", cards, "you won it" if last.winner == "player" else "the deck won it")
            )
    won = f"You have won {view.tricks_won} of {len(view.tricks)} tricks." if view.tricks else ""
    burned = ""
    if view.burned:
        burned = (
            f'<div class="row"><div class="spot" style="align-items:flex-start"><span class="cap">Burned this deal · '
            f"{len(view.burned)}</span><div>{faces(view.burned, small=True, burned=True)}</div></div></div>"
        )
    return f'<div class="et-table"><div class="row">{"".join(spots)}</div>{burned}<div class="note">{won}</div></div>'


def _spot(cap: str, body: str, note: str = "") -> str:
    return f'<div class="spot"><span class="cap">{esc(cap)}</span>{body}<span class="note">{esc(note)}</span></div>'


def log_html(view: SolitaireView | None) -> str:
    if view is None:
        return "<b>Trick log</b><p>No deal yet.</p>"
    head = f'<div class="stock"><b>Trick log</b> · stock: {view.stock_size} card{"s" if view.stock_size != 1 else ""}'
    if view.known_top is not None:
        head += f" · known top card {view.known_top.symbol}"
    elif view.known_bottom is not None:
        head += f" · known bottom card {view.known_bottom.symbol}"
    head += "</div>"
    if not view.tricks:
        return (
            head
            + "<p>No tricks yet. "
            + ("Choose trump." if view.phase is Phase.CHOOSE_TRUMP else "You lead.")
            + "</p>"
        )
    rows = []
    for i, t in enumerate(view.tricks, 1):
        if t.awarded:
            rows.append(
                f'<tr><td>{i}</td><td colspan="4">not played</td><td class="won">you</td>'
                f'<td class="why">{esc(t.reason)}</td></tr>'
            )
            continue
        leader = "you" if t.leader == "player" else "deck"
        mine = face(t.player, small=True, trump=view.trump) if t.player else "–"
        theirs = face(t.deck, small=True, trump=view.trump) if t.deck else "–"
        burned = (
            f'<div style="display:flex;flex-wrap:wrap;gap:2px">{faces(t.burned, small=True, burned=True)}</div>'
            if t.burned
            else "–"
        )
        won = '<td class="won">you</td>' if t.winner == "player" else '<td class="lost">deck</td>'
        rows.append(
            f"<tr><td>{i}</td><td>{leader}</td><td>{mine}</td><td>{theirs}</td><td>{burned}</td>{won}"
            f'<td class="why">{esc(t.reason)}</td></tr>'
        )
    return (
        head + "<table><thead><tr><th>#</th><th>led by</th><th>you</th><th>deck</th><th>burned</th>"
        "<th>won by</th><th>why</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


def option_label_html(option: OptionAnalysis, turn: Card | None) -> str:
    a = option.action
    red = False
    if isinstance(a, Play):
        red = a.card.is_red
    elif isinstance(a, NameTrump):
        red = a.suit.is_red
    elif isinstance(a, OrderUp) and turn is not None:
        red = turn.is_red
    return f'<span class="lab{" red" if red else ""}">{esc(option.label)}</span>'


def _minus(text: str) -> str:
    return text.replace("-", MINUS)


def _bars_html(hint: Hint, metric: str, turn: Card | None) -> str:
    """Every option's figure as a bar (``metric``: ``"ev"`` the deal's average points, ``"p3"`` the chance
    of 3 or more tricks); the best marked with a star unless it is tied with another option."""
    tied = tied_best(hint)
    starred = hint.best if len(tied) == 1 else None
    rows = []
    if metric == "p3":
        lo, hi = 0.0, 1.0
    else:
        values = [float(o.ev) for o in hint.options]
        bound = max(2.0, *(abs(v) for v in values))
        lo, hi = -bound, bound
    span = hi - lo
    for o in hint.options:
        v = float(o.p3) if metric == "p3" else float(o.ev)
        zero = (0.0 - lo) / span * 100
        pos = (v - lo) / span * 100
        left, width = (min(zero, pos), abs(pos - zero))
        neg = " neg" if v < 0 else ""
        shown = pct(v) if metric == "p3" else _minus(signed(v))
        exact = exact_points(o.ev) if metric != "p3" else f"chance of 3 or more tricks {exact_chance(o.p3)}"
        exact = f"{o.label}: {exact}"  # each tooltip its own sentence: tied values are not said twice
        rows.append(
            f'<div class="opt{" best" if o is starred else ""}" style="display:contents">'
            f"{option_label_html(o, turn)}"
            f'<div class="track" title="{esc(exact)}"><div class="zero" style="left:{zero:.1f}%"></div>'
            f'<div class="bar{neg}" style="left:{left:.1f}%;width:{max(width, 0.6):.1f}%"></div></div>'
            f'<span class="val">{shown}</span></div>'
        )
    what = "Chance of 3 or more tricks" if metric == "p3" else "Average points of the deal"
    return (
        f'<div class="et-status">{esc(what)}, with best play afterwards:</div>'
        f'<div class="et-bars">{"".join(rows)}</div>'
    )


def hint_html(
    hint: Hint,
    view: SolitaireView,
    depth: Depth | str = DEFAULT_DEPTH,
    *,
    metric: str = "ev",
    score: tuple[int, int] = (0, 0),
) -> str:
    """The hint of ``view``'s decision in a player's words at ``depth``
    (:func:`~euchre_tutor.games.solitaire.advisor.ideas.explain`); the figures depth adds every option's bar."""
    expl = explain(hint, view, score)
    return explanation_html(expl, depth, figures_html=_bars_html(hint, metric, view.turn_card))


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
        f'<span class="et-swing {kind}" title="{esc(swing.words[:1].upper() + swing.words[1:])}: the cards '
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


def solitaire_position_html(view: SolitaireView) -> str:
    """A past decision's position as the player saw it, for a retry (the hint and first answer hidden)."""
    trump = view.trump
    hand = faces(hand_order(view.hand, trump), small=True, trump=trump)
    if view.phase is Phase.PLAY and trump is not None:
        how = "you ordered it up" if view.ordered_up else "you named it"
        lines = [f"{esc(trump.plural.capitalize())} are trump ({how}{', alone' if view.alone else ''})."]
        if view.deck_lead is not None:
            lines.append(
                f"Trick {view.trick_number + 1}: the deck leads {face(view.deck_lead, small=True, trump=trump)}."
            )
        else:
            lines.append(f"You lead trick {view.trick_number + 1}.")
        lines.append(
            f"You have taken {view.tricks_won} trick{'' if view.tricks_won == 1 else 's'}. What do you play?"
        )
    else:
        lines = [f"The turn card is {face(view.turn_card, small=True)}. Order it up, or name trump?"]
    return (
        f'<div class="et-retry-position">{" ".join(lines)}<div class="et-retry-hand">Your hand: {hand}</div>'
        "<p class='et-status'>The hint is hidden: choose as if for the first time. Your new answer is graded "
        "exactly, as the first was.</p></div>"
    )


def retry_result_html(
    mine: str,
    grade: Graded,
    lost: str,
    first: str,
    first_grade: Graded | None,
    best: str | None,
    reasons: Sequence[Cited],
) -> str:
    """A retry's graded answer (both games): ``mine`` with its grade and ``lost`` (what it gives up, in
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
