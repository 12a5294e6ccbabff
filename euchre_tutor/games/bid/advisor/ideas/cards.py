"""More Bid card-play ideas, each with its condition and its sentence, carried over from the classic
table through :mod:`~euchre_tutor.advisor.trickfacts`: what tied cards share (equals, none can win, your
partner has it, each wins, no sure winner), the highest card left, keeping your trumps.

Every condition reads the move a sentence is about (``pos.best``: the best option's action, or with a tie
each tied option in turn, :func:`~euchre_tutor.games.bid.advisor.ideas.facts.named_positions`); a sentence
beside tied cards is said only when its condition holds for every one of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from euchre_tutor.advisor.trickfacts import are_equals, is_boss
from euchre_tutor.advisor.voice import Idea, Namer, capital, named_card, trump_card_words
from euchre_tutor.cards import Card, effective_suit
from euchre_tutor.games.bid.advisor.ideas.facts import (
    BidPosition,
    _beats,
    _best_card,
    _partner_winning,
    _winner,
    tied_cards,
)
from euchre_tutor.games.bid.engine import Phase
from euchre_tutor.games.bid.views import SeatView

__all__ = ["CARD_IDEAS", "CARD_SENTENCES", "SINGLE_ORDER", "TIE_ORDER", "whose"]


# ---- facts ---------------------------------------------------------------------------------------------


def _out(view: SeatView) -> list[Card]:
    """Cards other seats may still play, and (to rank between two of the hand's) this trick's."""
    return [*view.unseen_cards(), *(c for _, c in view.trick_plays)]


def _is_trump(view: SeatView, card: Card) -> bool:
    return view.trump is not None and effective_suit(card, view.trump) is view.trump


def _leading(pos: BidPosition) -> bool:
    return pos.view.phase is Phase.PLAY and not pos.view.trick_plays and _best_card(pos) is not None


def _tie_card(pos: BidPosition) -> Card | None:
    """The move's card when it is one of two or more tied cards."""
    card = _best_card(pos)
    return card if card is not None and card in tied_cards(pos) else None


def whose(who: str, card: Card, view: SeatView, subject: bool = False) -> str:
    """``"East's jack of diamonds (J♦), the left bower"``: a seat's card in words, a bower as such;
    ``subject``: the subject of a sentence (a bower's words closed by a comma before the verb)."""
    words = trump_card_words(card, view.trump)
    text = f"{who}'s {words[4:] if words.startswith('the ') else words}"
    return text + "," if subject and text.endswith("bower") else text


# ---- conditions ----------------------------------------------------------------------------------------


def _equals(pos: BidPosition) -> bool:
    if _tie_card(pos) is None:
        return False
    v = pos.view
    return are_equals(tied_cards(pos), _out(v), v.trump, v.notrump)


def _none_wins(pos: BidPosition) -> bool:
    card, w = _tie_card(pos), _winner(pos.view)
    if card is None or w is None or _partner_winning(pos.view):
        return False
    return not _beats(pos.view, card, w[1])


def _partner_has_it(pos: BidPosition) -> bool:
    card, w = _tie_card(pos), _winner(pos.view)
    if card is None or w is None or not _partner_winning(pos.view):
        return False
    return not _beats(pos.view, card, w[1])


def _each_wins(pos: BidPosition) -> bool:
    card, w = _tie_card(pos), _winner(pos.view)
    if card is None or w is None or _partner_winning(pos.view):
        return False
    return _beats(pos.view, card, w[1])


def _boss(pos: BidPosition) -> bool:
    card, v = _best_card(pos), pos.view
    if card is None or not _leading(pos):
        return False
    return is_boss(card, [*v.unseen_cards(), *v.hand], v.trump, v.notrump)


def _winner_now(pos: BidPosition) -> bool:
    """The move, one of tied leads, wins for sure: no card still out beats it (a side card: no trump out
    either)."""
    card, v = _tie_card(pos), pos.view
    if card is None or not _leading(pos):
        return False
    out = v.unseen_cards()
    if not is_boss(card, out, v.trump, v.notrump):
        return False
    return _is_trump(v, card) or v.trump is None or not any(_is_trump(v, c) for c in out)


def _no_boss(pos: BidPosition) -> bool:
    card = _tie_card(pos)
    return card is not None and _leading(pos) and not _boss(pos)


def _keep_trumps(pos: BidPosition) -> bool:
    card, v = _best_card(pos), pos.view
    if card is None or not _leading(pos) or v.trump is None or _is_trump(v, card):
        return False
    return any(_is_trump(v, c) for c in v.hand)


# ---- sentences ----------------------------------------------------------------------------------------


def _all(pos: BidPosition) -> str:
    return "Both" if len(pos.tied) == 2 else "All of them"


def _say_equals(pos: BidPosition, n: Namer, tie: bool) -> str:
    either = "either" if len(pos.tied) == 2 else "any of them"
    return f"They are equals: no card still out ranks between them, so {either} does the same work."


def _say_none_wins(pos: BidPosition, n: Namer, tie: bool) -> str:
    v = pos.view
    w = _winner(v)
    assert w is not None
    seat = v.trick_plays[w[0]][0]
    who = "Neither" if len(pos.tied) == 2 else "None of them"
    return f"{who} can beat {whose(seat.word, w[1], v)}: throw one you will not miss."


def _say_partner_has_it(pos: BidPosition, n: Namer, tie: bool) -> str:
    v = pos.view
    w = _winner(v)
    assert w is not None
    who = "neither" if len(pos.tied) == 2 else "none of them"
    return (
        f"{capital(whose('your partner', w[1], v, subject=True))} is winning the trick and {who} would take it over: "
        "save your high cards."
    )


def _say_each_wins(pos: BidPosition, n: Namer, tie: bool) -> str:
    v = pos.view
    active = [s for s in v.seat.seating.seats if s != v.sitting_out]
    last = len(v.trick_plays) == len(active) - 1
    when = "and you play last" if last else "for now"
    return f"{_all(pos)} take the trick {when}: any one does the job."


def _say_boss(pos: BidPosition, n: Namer, tie: bool) -> str:
    card, v = _best_card(pos), pos.view
    assert card is not None
    if tie:
        return f"{_all(pos)} are the highest cards left in their suits."
    suit = effective_suit(card, v.trump)
    name = capital(named_card(card, v.trump, n))
    if v.trump is not None and suit is v.trump:
        return f"{name} is the highest trump left: nothing can beat it."
    beat = "only a trump can beat it" if v.trump is not None else "nothing can beat it"
    return f"{name} is the highest {suit.plural[:-1]} left: {beat}."


def _say_winners(pos: BidPosition, n: Namer, tie: bool) -> str:
    either = "either" if len(pos.tied) == 2 else "any"
    return f"{_all(pos)} are sure winners: no card still out can beat {either} of them, so the order does not matter."


def _say_no_boss(pos: BidPosition, n: Namer, tie: bool) -> str:
    who = "Neither" if len(pos.tied) == 2 else "None of them"
    return (
        f"{who} is the highest card left in its suit, so none is a sure winner: lead one and keep the rest."
    )


def _say_keep_trumps(pos: BidPosition, n: Namer, tie: bool) -> str:
    v = pos.view
    count = sum(1 for c in v.hand if _is_trump(v, c))
    trumps = "your trump" if count == 1 else "your trumps"
    return f"Lead a side card and keep {trumps} for later: a trump takes a trick when you are out of a suit."


Sentence = Callable[[BidPosition, Namer, bool], str]

#: the ideas a tie of cards tries, in order (each must hold for every tied card)
TIE_ORDER: Final = (
    "play.none-wins",
    "play.partner-has-it",
    "play.each-wins",
    "play.equals",
    "play.boss",
    "play.winners",
    "play.no-boss",
    "play.keep-trumps",
)
#: the ideas a card with no tie tries after the play ideas of the catalogue, in order
SINGLE_ORDER: Final = ("play.boss", "play.keep-trumps")

CARD_IDEAS: Final[tuple[Idea[BidPosition], ...]] = (
    Idea("play.equals", "Equal cards", _equals, "tricks"),
    Idea("play.none-wins", "None can win", _none_wins, "tricks"),
    Idea("play.partner-has-it", "Partner has it covered", _partner_has_it, "tricks"),
    Idea("play.each-wins", "Each wins", _each_wins, "tricks"),
    Idea("play.boss", "The highest card left", _boss, "tricks"),
    Idea("play.winners", "Sure winners in any order", _winner_now, "tricks"),
    Idea("play.no-boss", "No sure winner", _no_boss, "tricks"),
    Idea("play.keep-trumps", "Keep your trumps", _keep_trumps, "tricks"),
)

CARD_SENTENCES: Final[dict[str, Sentence]] = {
    "play.equals": _say_equals,
    "play.none-wins": _say_none_wins,
    "play.partner-has-it": _say_partner_has_it,
    "play.each-wins": _say_each_wins,
    "play.boss": _say_boss,
    "play.winners": _say_winners,
    "play.no-boss": _say_no_boss,
    "play.keep-trumps": _say_keep_trumps,
}
