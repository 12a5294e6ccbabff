"""The bidding phases of a classic hand: a blind call, rounds 1 and 2, the dealer's discard,
going alone, call for best and defending alone.

One pair of functions per phase (the legal actions, and the state after one
of them); :data:`LEGAL` and :data:`APPLY` map each phase to them. The last
step hands over to the play module (:func:`~euchre_tutor.games.classic.engine.play.start_play`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from euchre_tutor.cards import Suit
from euchre_tutor.games.classic.engine.actions import (
    ALONE,
    ORDER,
    ORDER_ALONE,
    PARTNER,
    PASS,
    Action,
    Phase,
    card_key,
)
from euchre_tutor.games.classic.engine.events import (
    Discarded,
    Event,
    GaveBest,
    Misdealt,
    Passed,
    PassedOut,
    PickedUp,
    TrumpMade,
    WentAlone,
    WentUnder,
)
from euchre_tutor.games.classic.engine.house import bid_extras
from euchre_tutor.games.classic.engine.play import start_play

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from euchre_tutor.games.classic.engine.state import HandState
    from euchre_tutor.tricks.seating import Seat

__all__ = ["APPLY", "LEGAL"]


def _calls(with_bid: bool, suits: Iterable[Suit], notrumps: Iterable[str] = ()) -> list[Action]:
    """A call of each suit, then of each no trump, each followed by its alone call when a bid may say
    alone (``with_bid``)."""
    alones = (False, True) if with_bid else (False,)
    return [Action("call", suit=suit, alone=a) for suit in suits for a in alones] + [
        Action("call", notrump=nt, alone=a) for nt in notrumps for a in alones
    ]


def _legal_blind(s: HandState) -> tuple[Action, ...]:
    return tuple(_calls(s.rules.alone_with_bid, Suit))


def _legal_round_1(s: HandState) -> tuple[Action, ...]:
    seat = s.to_act
    assert seat is not None
    rules = s.rules
    out = [PASS]
    if rules.may_order(s.up, seat == s.dealer, s.hands[seat]):
        if not rules.must_order_alone(seat in s.dealer.partners):
            out.append(ORDER)
        if rules.alone_with_bid:
            out.append(ORDER_ALONE)
    if rules.pre_bid_actions:
        out.extend(bid_extras(s, seat))
    return tuple(out)


def _legal_round_2(s: HandState) -> tuple[Action, ...]:
    rules = s.rules
    assert s.to_act is not None
    stuck = rules.must_name_trump(s.to_act, s.dealer, 2)
    calls = _calls(rules.alone_with_bid, rules.round_2_suits(s.up_suit, stuck), rules.no_trump_calls)
    return tuple(calls if stuck else [PASS, *calls])


def _legal_discard(s: HandState) -> tuple[Action, ...]:
    hand = s.hands[s.dealer]
    allowed = [c for c in hand if s.rules.dealer_may_discard(c, s.up)]
    return tuple(Action("discard", card=c) for c in sorted(allowed, key=card_key))


def _legal_alone(s: HandState) -> tuple[Action, ...]:
    return (ALONE, PARTNER)


def _legal_cards(kind: str) -> Callable[[HandState], tuple[Action, ...]]:
    """The legal actions of a phase where the seat to act gives (``kind``) any card of its hand."""

    def legal(s: HandState) -> tuple[Action, ...]:
        assert s.to_act is not None
        return tuple(Action(kind, card=c) for c in sorted(s.hands[s.to_act], key=card_key))

    return legal


def _trump_made(s: HandState, seat: Seat, a: Action, round_: int, trump: Suit | None) -> TrumpMade:
    """``seat``'s bid ``a`` in ``round_`` (0: blind), its alone said with it or after the discard (None)."""
    return TrumpMade(seat, trump, round_, None if s.rules.alone_after_discard else a.alone, a.notrump)


def _dealer_picks_up(s: HandState, maker: Seat, a: Action, made: TrumpMade) -> HandState:
    """Trump ``made`` in the up card's suit: the dealer picks the up card up and is to discard."""
    dealer = s.dealer
    hands = list(s.hands)
    hands[dealer] = (*hands[dealer], s.up)
    return s.evolve(
        phase=Phase.DISCARD,
        to_act=dealer,
        trump=made.trump,
        maker=maker,
        alone=a.alone,
        hands=tuple(hands),
        up_taken=True,
        events=(made, PickedUp(dealer, s.up)),
    )


def _apply_pass(s: HandState, seat: Seat, round_: int) -> HandState:
    """``seat`` passes in bidding round ``round_``: the next seat bids, or round 2 begins, or (after
    round 2) the hand is thrown in."""
    passed: tuple[Event, ...] = (Passed(seat, round_),)
    if seat != s.rules.last_bidder(s.dealer):
        return s.evolve(to_act=seat.next, passes=s.passes + 1, events=passed)
    if round_ == 1:
        first = s.rules.first_bidder(s.dealer)
        return s.evolve(phase=Phase.ROUND_2, to_act=first, passes=s.passes + 1, events=passed)
    return s.evolve(phase=Phase.OVER, to_act=None, passes=s.passes + 1, events=(*passed, PassedOut(s.dealer)))


def _apply_blind(s: HandState, a: Action) -> HandState:
    assert a.suit is not None
    return _dealer_picks_up(s, s.dealer, a, _trump_made(s, s.dealer, a, 0, a.suit))


def _apply_round_1(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == "pass":
        return _apply_pass(s, seat, 1)
    if a.kind == "misdeal":
        kind = s.rules.misdeal_hand(s.hands[seat]) or "misdeal"
        return s.evolve(phase=Phase.OVER, to_act=None, misdealt=True, events=(Misdealt(seat, kind),))
    if a.kind == "under":
        hands = list(s.hands)
        taken = s.kitty[:3]
        kept = tuple(c for c in hands[seat] if c not in a.cards)
        hands[seat] = kept + taken
        return s.evolve(
            hands=tuple(hands),
            kitty=a.cards + s.kitty[3:],
            under_seat=seat,
            under_cards=a.cards,
            events=(WentUnder(seat, a.cards),),
        )
    trump = s.up_suit
    made = _trump_made(s, seat, a, 1, trump)
    if not s.rules.dealer_exchanges(a.alone, seat in s.dealer.partners):
        # The dealer sits out and does not exchange: the up card stays on the kitty.
        return _after_exchange(s.evolve(trump=trump, maker=seat, alone=True), (made,))
    return _dealer_picks_up(s, seat, a, made)


def _apply_round_2(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == "pass":
        return _apply_pass(s, seat, 2)
    made = s.evolve(trump=a.suit, notrump=a.notrump, maker=seat, alone=a.alone)
    return _after_exchange(made, (_trump_made(s, seat, a, 2, a.suit),))


def _apply_discard(s: HandState, a: Action) -> HandState:
    dealer = s.dealer
    assert a.card is not None
    hands = list(s.hands)
    hands[dealer] = tuple(c for c in hands[dealer] if c != a.card)
    done = s.evolve(hands=tuple(hands), discard=a.card)
    return _after_exchange(done, (Discarded(dealer, a.card),))


def _after_exchange(s: HandState, events: tuple[Event, ...]) -> HandState:
    """After the bid (and the dealer's discard): ask the maker, then call for best, the defenders, play."""
    if s.rules.alone_after_discard:
        return s.evolve(phase=Phase.GO_ALONE, to_act=s.maker, events=events)
    return _after_alone(s, events)


def _after_alone(s: HandState, events: tuple[Event, ...]) -> HandState:
    if s.rules.calls_for_best(s.alone):
        assert s.maker is not None
        return s.evolve(phase=Phase.BEST_CARD, to_act=s.maker.partner, events=events)
    return _ask_defenders(s, events)


def _ask_defenders(s: HandState, events: tuple[Event, ...]) -> HandState:
    if s.rules.defenders_asked(s.alone):
        assert s.maker is not None
        defenders = [seat for seat in s.seating.from_left_of(s.dealer) if seat.team is not s.maker.team]
        return s.evolve(
            phase=Phase.DEFEND_ALONE,
            to_act=defenders[0],
            defenders_to_ask=tuple(defenders[1:]),
            events=events,
        )
    return start_play(s, events)


def _apply_go_alone(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    alone = a.kind == "alone"
    return _after_alone(s.evolve(alone=alone), (WentAlone(seat, alone, defender=False),))


def _apply_best_card(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None and a.card is not None and s.maker is not None
    hands = list(s.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != a.card)
    hands[s.maker] = (*hands[s.maker], a.card)
    return s.evolve(
        phase=Phase.LONER_DISCARD,
        to_act=s.maker,
        hands=tuple(hands),
        gift=a.card,
        events=(GaveBest(seat, s.maker),),
    )


def _apply_loner_discard(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None and a.card is not None
    hands = list(s.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != a.card)
    done = s.evolve(hands=tuple(hands), loner_discard=a.card)
    return _ask_defenders(done, (Discarded(seat, a.card),))


def _apply_defend_alone(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == "alone":
        ev = (WentAlone(seat, True, defender=True),)
        return start_play(s.evolve(lone_defender=seat, defenders_to_ask=()), ev)
    ev = (WentAlone(seat, False, defender=True),)
    if s.defenders_to_ask:
        return s.evolve(to_act=s.defenders_to_ask[0], defenders_to_ask=s.defenders_to_ask[1:], events=ev)
    return start_play(s, ev)


LEGAL: Final[dict[Phase, Callable[[HandState], tuple[Action, ...]]]] = {
    Phase.BLIND: _legal_blind,
    Phase.ROUND_1: _legal_round_1,
    Phase.ROUND_2: _legal_round_2,
    Phase.DISCARD: _legal_discard,
    Phase.GO_ALONE: _legal_alone,
    Phase.BEST_CARD: _legal_cards("give"),
    Phase.LONER_DISCARD: _legal_cards("discard"),
    Phase.DEFEND_ALONE: _legal_alone,
}
APPLY: Final[dict[Phase, Callable[[HandState, Action], HandState]]] = {
    Phase.BLIND: _apply_blind,
    Phase.ROUND_1: _apply_round_1,
    Phase.ROUND_2: _apply_round_2,
    Phase.DISCARD: _apply_discard,
    Phase.GO_ALONE: _apply_go_alone,
    Phase.BEST_CARD: _apply_best_card,
    Phase.LONER_DISCARD: _apply_loner_discard,
    Phase.DEFEND_ALONE: _apply_defend_alone,
}
