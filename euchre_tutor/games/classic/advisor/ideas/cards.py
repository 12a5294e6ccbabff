"""More classic card-play ideas, each with its condition and its sentence: what tied cards share (equals,
none can win, each wins, the highest left), covering partner's card, drawing trump, keeping trumps, the
dealer's discard, and a close call between bidding and passing.

Every condition reads the move a sentence is about (``p.move``); a tie's sentence is said only when its
condition holds for every tied move (the explanation tests each in turn), so a sentence beside tied cards
is true of each of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from euchre_tutor.advisor.trickfacts import are_equals, is_boss
from euchre_tutor.advisor.voice import Idea, Namer, capital, named_card, trump_card_words
from euchre_tutor.cards import Card, Rank, Suit, card_power, effective_suit, is_trump
from euchre_tutor.games.classic.advisor.ideas.facts import (
    Position,
    _bid_trump,
    _card,
    _dealer_picks_up,
    _following,
    _leading,
    _partner_winning,
    _suited,
    _takes,
    _trumps_held,
    _trumps_out,
    _winner,
)
from euchre_tutor.games.classic.engine.engine import Phase
from euchre_tutor.games.classic.views import SeatView

__all__ = ["CARD_IDEAS", "CARD_SENTENCES", "CARD_WHY_ORDER"]


# ---- facts ---------------------------------------------------------------------------------------------


def out_cards(view: SeatView) -> set[Card]:
    """Cards other seats may still play: the unseen ones and a picked-up up card not yet played."""
    out = set(view.unseen_cards())
    if view.up_taken and view.seat != view.dealer and view.up not in view.played_cards():
        out.add(view.up)
    return out


def _between_candidates(view: SeatView) -> set[Card]:
    """Every card that could rank between two of the hand's: those still out and those in this trick."""
    return out_cards(view) | {c for _, c in view.trick_plays}


def _tied_cards(p: Position) -> list[Card]:
    return [o.action.card for o in p.tied if o.action.kind == "play" and o.action.card is not None]


def _tie_of_cards(p: Position) -> bool:
    """A tie of two or more cards to play, the move among them."""
    cards = _tied_cards(p)
    return len(p.tied) > 1 and len(cards) == len(p.tied) and _card(p) in cards


def _plays_after(view: SeatView) -> list[str]:
    """The opponents still to play to this trick after the seat."""
    active = [s for s in view.seat.seating.seats if s not in view.sitting_out]
    played = {s for s, _ in view.trick_plays} | {view.seat}
    return [s.word for s in active if s not in played and s.team is not view.seat.team]


# ---- conditions ----------------------------------------------------------------------------------------


def _equals(p: Position) -> bool:
    if not _tie_of_cards(p) or p.view.phase is not Phase.PLAY:
        return False
    v = p.view
    return are_equals(_tied_cards(p), _between_candidates(v), v.trump, v.notrump)


def _none_wins(p: Position) -> bool:
    card = _card(p)
    if card is None or not _tie_of_cards(p) or not _following(p) or _partner_winning(p.view):
        return False
    return not _takes(p.view, card)


def _partner_has_it(p: Position) -> bool:
    card = _card(p)
    if card is None or not _tie_of_cards(p) or not _following(p) or not _partner_winning(p.view):
        return False
    return not _takes(p.view, card)


def _each_wins(p: Position) -> bool:
    card = _card(p)
    if card is None or not _tie_of_cards(p) or not _following(p) or _partner_winning(p.view):
        return False
    return _takes(p.view, card)


def _boss(p: Position) -> bool:
    card, v = _card(p), p.view
    if card is None or not _leading(p):
        return False
    return is_boss(card, out_cards(v) | set(v.hand), v.trump, v.notrump)


def _no_boss(p: Position) -> bool:
    card, v = _card(p), p.view
    if card is None or not _leading(p) or not _tie_of_cards(p):
        return False
    return not is_boss(card, out_cards(v) | set(v.hand), v.trump, v.notrump)


def _draw_trump(p: Position) -> bool:
    card, v = _card(p), p.view
    if card is None or not _leading(p) or not _suited(p) or not v.is_maker_side:
        return False
    assert v.trump is not None
    return is_trump(card, v.trump) and bool(_trumps_out(v))


def _keep_trumps(p: Position) -> bool:
    card, v = _card(p), p.view
    if card is None or not _leading(p) or not _suited(p):
        return False
    assert v.trump is not None
    return not is_trump(card, v.trump) and any(is_trump(c, v.trump) for c in v.hand)


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


def _all(p: Position) -> str:
    return "Both" if len(p.tied) == 2 else "All of them"


def _say_equals(p: Position, n: Namer, tie: bool) -> str:
    either = "either" if len(p.tied) == 2 else "any of them"
    return f"They are equals: no card still out ranks between them, so {either} does the same work."


def _say_none_wins(p: Position, n: Namer, tie: bool) -> str:
    v = p.view
    seat, winning = v.trick_plays[_winner(v)]
    who = "Neither" if len(p.tied) == 2 else "None of them"
    return f"{who} can beat {_whose(seat.word, winning, v)}: throw one you will not miss."


def _whose(who: str, card: Card, view: SeatView) -> str:
    """``"East's jack of diamonds (J♦), the left bower"``: a seat's card, a bower named as such."""
    words = trump_card_words(card, view.trump)
    return f"{who}'s {words[4:] if words.startswith('the ') else words}"


def _say_partner_has_it(p: Position, n: Namer, tie: bool) -> str:
    seat = p.view.trick_plays[_winner(p.view)][0]
    who = "neither" if len(p.tied) == 2 else "none of them"
    return (
        f"Your partner {seat.word} is winning the trick and {who} would take it over: save your high cards."
    )


def _say_each_wins(p: Position, n: Namer, tie: bool) -> str:
    v = p.view
    last = not _plays_after(v)
    when = "and you play last" if last else "for now"
    return f"{_all(p)} take the trick {when}: any one does the job."


def _say_boss(p: Position, n: Namer, tie: bool) -> str:
    card, v = _card(p), p.view
    assert card is not None
    if tie:
        return f"{_all(p)} are the highest cards left in their suits."
    suit = effective_suit(card, v.trump)
    name = capital(named_card(card, v.trump, n))
    if v.trump is not None and suit is v.trump:
        return f"{name} is the highest trump left: nothing can beat it."
    beat = "only a trump can beat it" if v.trump is not None else "nothing can beat it"
    return f"{name} is the highest {suit.plural[:-1]} left: {beat}."


def _say_no_boss(p: Position, n: Namer, tie: bool) -> str:
    who = "Neither" if len(p.tied) == 2 else "None of them"
    return (
        f"{who} is the highest card left in its suit, so none is a sure winner: lead one and keep the rest."
    )


def _say_draw_trump(p: Position, n: Namer, tie: bool) -> str:
    card = _card(p)
    assert card is not None
    what = "leading trump" if tie else f"leading {named_card(card, p.view.trump, n)}"
    return f"Your side made trump: {what} draws the opponents' trumps, so your side cards can win later."


def _say_keep_trumps(p: Position, n: Namer, tie: bool) -> str:
    v = p.view
    assert v.trump is not None
    count = sum(1 for c in v.hand if is_trump(c, v.trump))
    trumps = "your trump" if count == 1 else "your trumps"
    return f"Lead a side card and keep {trumps} for later: a trump takes a trick when you are out of a suit."


def _say_cover_partner(p: Position, n: Namer, tie: bool) -> str:
    v = p.view
    winning = v.trick_plays[_winner(v)][1]
    after = " and ".join(_plays_after(v))
    return (
        f"{capital(_whose('your partner', winning, v))} may not hold: {after} still plays, "
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

CARD_IDEAS: Final[tuple[Idea[Position], ...]] = (
    Idea("classic.close-bid", "A close call", _close_bid, "choosing-trump"),
    Idea("classic.cover-partner", "Cover partner's card", _cover_partner, "classic-play"),
    Idea("classic.equals", "Equal cards", _equals, "classic-play"),
    Idea("classic.none-wins", "None can win", _none_wins, "classic-play"),
    Idea("classic.partner-has-it", "Partner has it covered", _partner_has_it, "classic-play"),
    Idea("classic.each-wins", "Each wins", _each_wins, "tricks"),
    Idea("classic.draw-trump", "Draw trump", _draw_trump, "classic-strategy"),
    Idea("classic.boss", "The highest card left", _boss, "classic-strategy"),
    Idea("classic.no-boss", "No sure winner", _no_boss, "classic-strategy"),
    Idea("classic.keep-trumps", "Keep your trumps", _keep_trumps, "classic-strategy"),
    Idea("classic.discard-short", "Short-suit yourself", _discard_short, "classic-strategy"),
    Idea("classic.discard-low", "Discard your weakest", _discard_low, "classic-bidding"),
)

CARD_SENTENCES: Final[dict[str, Sentence]] = {
    "classic.close-bid": _say_close_bid,
    "classic.cover-partner": _say_cover_partner,
    "classic.equals": _say_equals,
    "classic.none-wins": _say_none_wins,
    "classic.partner-has-it": _say_partner_has_it,
    "classic.each-wins": _say_each_wins,
    "classic.draw-trump": _say_draw_trump,
    "classic.boss": _say_boss,
    "classic.no-boss": _say_no_boss,
    "classic.keep-trumps": _say_keep_trumps,
    "classic.discard-short": _say_discard_short,
    "classic.discard-low": _say_discard_low,
}
