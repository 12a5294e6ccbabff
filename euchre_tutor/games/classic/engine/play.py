"""The play phase of a classic hand: the opening lead, legal cards, the trump-lead
restriction, who wins a trick and why, and the score at the end.

:data:`LEGAL` and :data:`APPLY` map the play phase to its pair of functions.

>>> from euchre_tutor.cards import parse_cards
>>> trick_winner(parse_cards("AS JC 9S"), Suit.CLUBS)  # the right bower trumps the ace
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from euchre_tutor.cards import Card, Suit, effective_suit, playable, winning_index
from euchre_tutor.games.classic.engine.actions import Action, Phase, card_key
from euchre_tutor.games.classic.engine.events import CardPlayed, Event, HandScored, Trick, TrickWon
from euchre_tutor.games.classic.engine.scoring import TRICKS, hand_points, team_points
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.rules import messages
from euchre_tutor.tricks.seating import Seat

if TYPE_CHECKING:
    from collections.abc import Callable

    from euchre_tutor.games.classic.engine.state import HandState

__all__ = [
    "APPLY",
    "LEGAL",
    "explain_trick",
    "legal_plays",
    "start_play",
    "trick_winner",
    "trump_broken",
    "trump_lead_barred",
]


def legal_plays(s: HandState) -> tuple[Card, ...]:
    """The cards the player to act may play (empty outside the play phase)."""
    if s.phase is not Phase.PLAY or s.to_act is None:
        return ()
    hand = s.hands[s.to_act]
    if not s.trick_plays and s.trump is not None and trump_lead_barred(s.rules, s.tricks, s.trump):
        plain = tuple(c for c in hand if effective_suit(c, s.trump) is not s.trump)
        if plain:
            return tuple(sorted(plain, key=card_key))
    return _legal_cards(hand, s.trump, s.led_suit)


def trump_lead_barred(rules: ClassicRules, tricks: Sequence[Trick], trump: Suit | None) -> bool:
    """Under a trump-lead restriction, is leading trump barred now (for a leader holding other cards)?
    The rules' ``trump_lead_barred`` asked about these tricks."""
    return rules.trump_lead_barred(not tricks, trump_broken(tricks, trump))


def trump_broken(tricks: Sequence[Trick], trump: Suit | None) -> bool:
    """Is trump broken: did a completed trick have a trump played to a non-trump lead?

    The sheet's "a trump dumped on a non-trump lead": a trump played to a trump
    lead (by a leader holding only trumps) does not break it.
    """
    if trump is None:
        return False
    for trick in tricks:
        cards = trick.cards
        if effective_suit(cards[0], trump) is not trump and any(
            effective_suit(c, trump) is trump for c in cards[1:]
        ):
            return True
    return False


def _legal_cards(hand: tuple[Card, ...], trump: Suit | None, led: Suit | None) -> tuple[Card, ...]:
    return tuple(sorted(playable(hand, trump, led), key=card_key))


def _legal_play(s: HandState) -> tuple[Action, ...]:
    return tuple(Action("play", card=c) for c in legal_plays(s))


def start_play(s: HandState, events: tuple[Event, ...]) -> HandState:
    """The play phase's first state once the bidding is over (trump made, every question asked):
    the first active seat on the dealer's left leads (the loner's left under ``alone_lead``);
    ``events`` are the last bidding action's."""
    out = s.sitting_out
    if s.rules.loner_left_leads(s.alone):
        assert s.maker is not None
        order: Iterable[Seat] = s.seating.from_left_of(s.maker)
    else:
        order = s.seating.from_left_of(s.dealer)
    leader = next(seat for seat in order if seat not in out)
    return s.evolve(phase=Phase.PLAY, to_act=leader, trick_leader=leader, events=events)


def trick_winner(cards: Sequence[Card], trump: Suit | None, notrump: str | None = None) -> int:
    """Index of the winning card; under a low no-trump bid the lowest card of the led suit wins."""
    return winning_index(cards, trump, notrump)


def explain_trick(trick: Trick, trump: Suit | None, notrump: str | None = None) -> str:
    """Why the winner's card won, in plain words (the sentence every game says)."""
    return messages.explain_trick(trick.cards, trump, notrump)


def _apply_play(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None and a.card is not None
    hands = list(s.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != a.card)
    plays = (*s.trick_plays, (seat, a.card))
    number = len(s.tricks) + 1
    events: tuple[Event, ...] = (CardPlayed(seat, a.card, number),)
    out = s.sitting_out
    if len(plays) < s.seating.players - len(out):
        nxt = seat.next
        while nxt in out:
            nxt = nxt.next
        return s.evolve(hands=tuple(hands), trick_plays=plays, to_act=nxt, events=events)
    winner = plays[trick_winner([c for _, c in plays], s.trump, s.notrump)][0]
    assert s.trick_leader is not None
    trick = Trick(s.trick_leader, plays, winner)
    tricks = (*s.tricks, trick)
    events = (*events, TrickWon(number, trick))
    if len(tricks) < TRICKS:
        return s.evolve(
            hands=tuple(hands),
            tricks=tricks,
            trick_plays=(),
            trick_leader=winner,
            to_act=winner,
            events=events,
        )
    over = s.evolve(
        hands=tuple(hands), tricks=tricks, trick_plays=(), trick_leader=None, to_act=None, phase=Phase.OVER
    )
    assert s.maker is not None
    makers = s.maker.team
    taken = over.tricks_won(makers)
    m, d, rule_id = hand_points(s.rules, taken, s.alone, s.lone_defender is not None)
    pts = team_points(makers, m, d)
    return over.evolve(events=(*events, HandScored(makers, taken, pts, rule_id)))


LEGAL: Final[dict[Phase, Callable[[HandState], tuple[Action, ...]]]] = {Phase.PLAY: _legal_play}
APPLY: Final[dict[Phase, Callable[[HandState, Action], HandState]]] = {Phase.PLAY: _apply_play}
