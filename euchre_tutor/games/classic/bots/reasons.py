"""The rule-based player's reasons in plain words: the sentences for a discard, a card played and a
defence alone, from the very rule of thumb that picked them."""

from __future__ import annotations

from typing import Final, Literal

from euchre_tutor.cards import Card, Rank, Suit, effective_suit, is_left_bower, is_right_bower, is_trump
from euchre_tutor.games.classic.bots.cards import is_low
from euchre_tutor.games.classic.engine.engine import Action, trick_winner
from euchre_tutor.games.classic.views import SeatView

__all__ = [
    "ALONE_CARDS",
    "PlayRule",
    "bid_scale",
    "held_words",
    "points_words",
    "why_defend_alone",
    "why_discard",
    "why_play",
]


#: the rule of thumb that picked a card (see :meth:`RuleBasedPlayer.explain`)
PlayRule = Literal[
    "partner",
    "last winner",
    "hold",
    "cheap winner",
    "cannot win",
    "draw trump",
    "lone maker",
    "boss",
    "short suit",
    "only trumps",
]


_BID_SCALE: Final = (
    "counting the right bower 3, the left bower 2.5, the trump ace 2, king 1.5, queen 1.25, "
    "other trumps 1, off-suit aces 1, and half a point per void when holding two trumps"
)


ALONE_CARDS: Final = "the right bower (or the joker) and the left bower or four trumps"


def bid_scale(view: SeatView) -> str:
    if view.rules.joker:
        return "counting the joker 3.5, " + _BID_SCALE.removeprefix("counting ")
    return _BID_SCALE


def points_words(x: float) -> str:
    return f"{x:g} point{'' if x == 1 else 's'}"


def held_words(view: SeatView, trump: Suit) -> str:
    trumps = [c for c in view.hand if is_trump(c, trump)]
    tops = [c for c in trumps if c.is_joker or is_right_bower(c, trump) or is_left_bower(c, trump)]
    return (
        f"It holds {len(trumps)} trump{'s' if len(trumps) != 1 else ''}, "
        f"{len(tops)} bower{'s' if len(tops) != 1 else ''} (or the joker) among them."
    )


def why_defend_alone(view: SeatView, action: Action) -> str:
    trump = view.trump
    if trump is None:
        return "With no trump it never plays alone."
    verdict = "So it defends alone." if action.kind == "alone" else "So it defends with its partner."
    return (
        f"{held_words(view, trump)} It defends alone only with four trumps and two bowers (or the joker): "
        f"a near-certain euchre. {verdict}"
    )


def why_discard(view: SeatView, action: Action) -> str:
    """Why :func:`best_six_minus_one` dropped this card: trumps are kept first, then the top card of
    each suit (the ace; the nine in low no trump), and a lone card is cheaper to drop (a void)."""
    card = action.card
    assert card is not None
    trump = view.trump
    if trump is not None and is_trump(card, trump):
        return f"Every card it may discard is a trump; {card.symbol} is the lowest."
    low = is_low(view)
    top = Rank.NINE if low else Rank.ACE
    suit = effective_suit(card, trump)
    same = [c for c in view.hand if effective_suit(c, trump) is suit]
    if len(same) == 1 and card.rank is not top:
        later = f", so it can trump {suit.plural} later" if trump is not None else ""
        return f"{card.symbol} is its only {suit.plural[:-1]}: discarding it leaves a void{later}."
    if low:
        return f"{card.symbol} is its weakest card in low no trump: a high card, and not a nine."
    return f"{card.symbol} is its weakest card: not a trump and not an ace."


def why_play(view: SeatView, card: Card, rule: PlayRule) -> str:
    """The sentence for the rule of thumb that picked ``card`` (see :meth:`RuleBasedPlayer._card`)."""
    c = card.symbol
    trump = view.trump
    if rule == "draw trump":
        return f"Its side made trump, so it leads trump ({c}, and no unseen trump beats it) to draw the opponents' trumps."
    if rule == "lone maker":
        return f"It made trump and plays without a partner, so it leads its highest trump, {c}, to draw the opponents' trumps."
    if rule == "boss":
        suit = effective_suit(card, trump)
        return f"{c} is the boss of {suit.plural}: no card still unseen beats it, unless someone trumps."
    if rule == "short suit":
        hope = ", hoping to trump that suit later" if trump is not None else ""
        return f"No sure winner to lead, so it leads a low card ({c}) from its shortest plain suit{hope}."
    if rule == "only trumps":
        return f"It holds only trumps and none is sure to win, so it leads its highest, {c}."
    played = [p for _, p in view.trick_plays]
    seat, winning = view.trick_plays[trick_winner(played, trump, view.notrump)]
    w = winning.symbol
    if rule == "partner":
        return (
            f"{seat.word} (on your side) is winning the trick with {w}, so it saves its good cards and "
            f"plays the cheapest, {c}."
        )
    if rule == "last winner":
        return f"{c} beats {w} ({seat.word}'s): the cheapest card that wins, since it plays last."
    if rule == "hold":
        return f"{c} beats {w} ({seat.word}'s): its strongest winner, to hold the trick against the players still to come."
    if rule == "cheap winner":
        return f"{c} beats {w} ({seat.word}'s): the cheapest card that wins, keeping its high trumps."
    return f"None of its cards beats {w}, so it throws the cheapest, {c}."
