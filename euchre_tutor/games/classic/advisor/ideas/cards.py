"""More classic card-play ideas, each with its condition and its sentence: covering partner's card, drawing
trump, the dealer's discard, and a close call between bidding and passing; and the card ideas every game
shares (:mod:`~euchre_tutor.advisor.card_ideas`: what tied cards share, the highest card left, keeping
trumps), read through the classic position's :func:`~euchre_tutor.games.classic.advisor.ideas.facts.trick_facts`.

Every condition reads the move a sentence is about (``p.move``); a tie's sentence is said only when its
condition holds for every tied move (the explanation tests each in turn), so a sentence beside tied cards
is true of each of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from euchre_tutor.advisor.card_ideas import TrickFacts, card_ideas, neither_or_none
from euchre_tutor.advisor.voice import Idea, Namer, capital, named_card, whose
from euchre_tutor.cards import Card, Rank, Suit, card_power, effective_suit, is_trump
from euchre_tutor.games.classic.advisor.ideas.facts import (
    Position,
    _bid_trump,
    _card,
    _dealer_picks_up,
    _following,
    _leading,
    _partner_winning,
    _plays_after,
    _suited,
    _takes,
    _trumps_held,
    _trumps_out,
    _winner,
    out_cards,
    trick_facts,
)

__all__ = ["CARD_IDEAS", "CARD_SENTENCES", "CARD_WHY_ORDER"]


# ---- conditions ----------------------------------------------------------------------------------------


def _draw_trump(p: Position) -> bool:
    card, v = _card(p), p.view
    if card is None or not _leading(p) or not _suited(p) or not v.is_maker_side:
        return False
    assert v.trump is not None
    return is_trump(card, v.trump) and bool(_trumps_out(v))


def _cover_partner(p: Position) -> bool:
    card, v = _card(p), p.view
    if card is None or not _following(p) or not _partner_winning(v) or not _takes(v, card):
        return False
    if not _plays_after(v):
        return False
    winning = v.trick_plays[_winner(v)][1]
    led = v.led_suit
    assert led is not None
    mine = card_power(winning, v.trump, led, v.notrump)
    return any(card_power(c, v.trump, led, v.notrump) > mine for c in out_cards(v))


def _discard_card(p: Position) -> Card | None:
    return p.move.card if p.move.kind == "discard" and p.view.trump is not None else None


def _discard_short(p: Position) -> bool:
    card, v = _discard_card(p), p.view
    if card is None or v.trump is None or is_trump(card, v.trump):
        return False
    suit = effective_suit(card, v.trump)
    rest = [c for c in v.hand if c != card]
    return not any(effective_suit(c, v.trump) is suit for c in rest) and any(
        is_trump(c, v.trump) for c in rest
    )


def _discard_low(p: Position) -> bool:
    card, v = _discard_card(p), p.view
    if card is None or v.trump is None or is_trump(card, v.trump) or card.rank is Rank.ACE:
        return False
    side = [c for c in v.hand if not is_trump(c, v.trump)]
    return all(int(card.rank) <= int(c.rank) for c in side)


def _close_bid(p: Position) -> bool:
    kinds = {o.action.kind for o in p.tied}
    if len(p.tied) < 2 or "pass" not in kinds or p.move.kind not in ("pass", "order", "call"):
        return False
    return _tied_bid(p) is not None


def _tied_bid(p: Position) -> tuple[str, list[Card]] | None:
    """The tied bid with partner (its words' verb and the trumps it would give), if any."""
    for o in p.tied:
        a = o.action
        trump = _bid_trump(p.view, a)
        if a.kind in ("order", "call") and not a.alone and trump is not None:
            verb = (
                "picking up"
                if a.kind == "order" and p.view.seat == p.view.dealer
                else "ordering up"
                if a.kind == "order"
                else f"calling {trump.plural}"
            )
            return verb, _trumps_held(p.view, trump, _dealer_picks_up(p.view, a))
    return None


# ---- sentences ----------------------------------------------------------------------------------------


def _say_partner_has_it(f: TrickFacts, n: Namer, tie: bool) -> str:
    who = neither_or_none(len(f.tied)).lower()
    assert f.winner is not None
    return (
        f"Your partner {f.winner[0]} is winning the trick and {who} would take it over: save your high cards."
    )


def _say_draw_trump(p: Position, n: Namer, tie: bool) -> str:
    card = _card(p)
    assert card is not None
    what = "leading trump" if tie else f"leading {named_card(card, p.view.trump, n)}"
    return f"Your side made trump: {what} draws the opponents' trumps, so your side cards can win later."


def _say_cover_partner(p: Position, n: Namer, tie: bool) -> str:
    v = p.view
    winning = v.trick_plays[_winner(v)][1]
    after = " and ".join(_plays_after(v))
    return (
        f"{capital(whose('your partner', winning, v.trump))} may not hold: {after} still plays, "
        "so take the trick yourself."
    )


def _say_discard_short(p: Position, n: Namer, tie: bool) -> str:
    card = _discard_card(p)
    assert card is not None and card.suit is not None
    return f"It leaves you with no {card.suit.plural}, so you can trump them when they are led."


def _say_discard_low(p: Position, n: Namer, tie: bool) -> str:
    return "It is your lowest side card: keep your trumps and your higher cards."


def _say_close_bid(p: Position, n: Namer, tie: bool) -> str:
    bid = _tied_bid(p)
    assert bid is not None
    verb, held = bid
    count = ("no trump", "one trump", "two trumps", "three trumps", "four trumps", "five trumps")[
        min(len(held), 5)
    ]
    bowers = [c for c in held if c.rank is Rank.JACK]
    trump = _bid_trump_of(p)
    extra = f", {' and '.join(named_card(c, trump, n) for c in bowers)} among them" if bowers else ""
    return f"A close call: {verb} would give you {count}{extra}, and passing does about as well."


def _bid_trump_of(p: Position) -> Suit | None:
    for o in p.tied:
        t = _bid_trump(p.view, o.action)
        if o.action.kind in ("order", "call") and t is not None:
            return t
    return None


Sentence = Callable[[Position, Namer, bool], str]

#: the ideas of this module, in the order a hint tries them (after the catalogue's own)
CARD_WHY_ORDER: Final = (
    "classic.close-bid",
    "classic.cover-partner",
    "classic.none-wins",
    "classic.partner-has-it",
    "classic.each-wins",
    "classic.equals",
    "classic.draw-trump",
    "classic.boss",
    "classic.no-boss",
    "classic.keep-trumps",
    "classic.discard-short",
    "classic.discard-low",
)

_SHARED_IDEAS, _SHARED_SENTENCES = card_ideas(
    trick_facts,
    {
        "equals": ("classic.equals", "classic-play"),
        "none-wins": ("classic.none-wins", "classic-play"),
        "partner-has-it": ("classic.partner-has-it", "classic-play"),
        "each-wins": ("classic.each-wins", "tricks"),
        "boss": ("classic.boss", "classic-strategy"),
        "no-boss": ("classic.no-boss", "classic-strategy"),
        "keep-trumps": ("classic.keep-trumps", "classic-strategy"),
    },
    say={"partner-has-it": _say_partner_has_it},
)

CARD_IDEAS: Final[tuple[Idea[Position], ...]] = (
    Idea("classic.close-bid", "A close call", _close_bid, "choosing-trump"),
    Idea("classic.cover-partner", "Cover partner's card", _cover_partner, "classic-play"),
    Idea("classic.draw-trump", "Draw trump", _draw_trump, "classic-strategy"),
    Idea("classic.discard-short", "Short-suit yourself", _discard_short, "classic-strategy"),
    Idea("classic.discard-low", "Discard your weakest", _discard_low, "classic-bidding"),
    *_SHARED_IDEAS,
)

CARD_SENTENCES: Final[dict[str, Sentence]] = {
    "classic.close-bid": _say_close_bid,
    "classic.cover-partner": _say_cover_partner,
    "classic.draw-trump": _say_draw_trump,
    "classic.discard-short": _say_discard_short,
    "classic.discard-low": _say_discard_low,
    **_SHARED_SENTENCES,
}
