"""More Bid card-play ideas: the card ideas every game shares (:mod:`~euchre_tutor.advisor.card_ideas`:
what tied cards share, equals, none can win, your partner has it, each wins, no sure winner; the highest
card left, keeping your trumps), read through the Bid position's
:func:`~euchre_tutor.games.bid.advisor.ideas.facts.trick_facts`, and Bid's own: tied leads that are sure
winners in any order.

Every condition reads the move a sentence is about (``pos.best``: the best option's action, or with a tie
each tied option in turn, :func:`~euchre_tutor.games.bid.advisor.ideas.facts.named_positions`); a sentence
beside tied cards is said only when its condition holds for every one of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from euchre_tutor.advisor.card_ideas import both_or_all, card_ideas, tie_card
from euchre_tutor.advisor.trickfacts import is_boss
from euchre_tutor.advisor.voice import Idea, Namer
from euchre_tutor.cards import is_trump
from euchre_tutor.games.bid.advisor.ideas.facts import BidPosition, trick_facts

__all__ = ["CARD_IDEAS", "CARD_SENTENCES", "SINGLE_ORDER", "TIE_ORDER"]


def _winner_now(pos: BidPosition) -> bool:
    """The move, one of tied leads, wins for sure: no card still out beats it (a side card: no trump out
    either)."""
    f = trick_facts(pos)
    card, trump = tie_card(f), f.trump
    if card is None or not f.leading:
        return False
    out = f.out
    if not is_boss(card, out, trump, f.notrump):
        return False
    return is_trump(card, trump) or trump is None or not any(is_trump(c, trump) for c in out)


def _say_winners(pos: BidPosition, n: Namer, tie: bool) -> str:
    either = "either" if len(pos.tied) == 2 else "any"
    return f"{both_or_all(len(pos.tied))} are sure winners: no card still out can beat {either} of them, so the order does not matter."


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

_SHARED_IDEAS, _SHARED_SENTENCES = card_ideas(
    trick_facts,
    {
        key: (f"play.{key}", "tricks")
        for key in ("equals", "none-wins", "partner-has-it", "each-wins", "boss", "no-boss", "keep-trumps")
    },
)

CARD_IDEAS: Final[tuple[Idea[BidPosition], ...]] = (
    *_SHARED_IDEAS,
    Idea("play.winners", "Sure winners in any order", _winner_now, "tricks"),
)

CARD_SENTENCES: Final[dict[str, Sentence]] = {**_SHARED_SENTENCES, "play.winners": _say_winners}
