"""HTML for the Solitaire table's read-only parts: its table, trick log, hint and a retry's
position; the parts every table shares are :mod:`euchre_tutor.widgets.render`'s, named here too so the
dashboard reads one module.

Pure functions of the controller's data: no widget library here, so they are tested as strings and the
widgets only swap the ``value`` of existing HTML widgets.
"""

from __future__ import annotations

from euchre_tutor.advisor.voice import DEFAULT_DEPTH, MINUS, Depth
from euchre_tutor.cards import Card
from euchre_tutor.games.solitaire.advisor.advice import Hint, OptionAnalysis
from euchre_tutor.games.solitaire.advisor.ideas import exact_chance, exact_points, explain, tied_best
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Phase, Play
from euchre_tutor.games.solitaire.views import SolitaireView
from euchre_tutor.widgets.depth import explanation_html
from euchre_tutor.widgets.render import (
    esc,
    face,
    faces,
    grade_html,
    hand_order,
    loss_words,
    pct,
    retry_result_html,
    review_html,
    score_html,
    scroll_region,
    signed,
)

__all__ = [
    "esc",
    "grade_html",
    "hand_order",
    "hint_html",
    "log_html",
    "loss_words",
    "option_label_html",
    "retry_result_html",
    "review_html",
    "score_html",
    "scroll_region",
    "solitaire_position_html",
    "table_html",
]


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
