"""Book-style positions: what the reader fills in (the passes before a bid, an up card not given), each
noted as a :class:`~euchre_tutor.games.classic.advisor.position_input.Reading`.
"""

from __future__ import annotations

import random
from typing import Final

from euchre_tutor.cards import Card, is_trump
from euchre_tutor.errors import DealError, EuchreError
from euchre_tutor.games.classic.advisor.position_input import Reading, Step
from euchre_tutor.games.classic.advisor.position_replay import read_world
from euchre_tutor.games.classic.engine.engine import PASS, Action, Deal, HandState, Phase, Seat, new_hand
from euchre_tutor.games.classic.rules import ClassicRules

__all__ = ["implied_passes", "read_unknown_up"]

_UP_DRAWS: Final = 8  # unknown up cards tried before the position is refused

_ALL: Final = {3: "all three", 4: "all four", 6: "all six"}


def implied_passes(
    rules: ClassicRules,
    dealer: Seat,
    up: Card | None,
    steps: list[Step],
    pack: tuple[Card, ...],
    readings: list[Reading],
) -> list[Step]:
    """A book's position begins with the bid ("North called diamonds"): the passes before it, made.

    When the first action is an order (or a round-2 call) by a seat that is not first to bid, every
    seat before it passed: those passes are put in front (a :class:`Reading` says which). A first
    action that is a play or a discard leaves who named trump unsaid: refused, naming the bid to add.
    """
    first = steps[0] if steps else None
    if first is None or (up is not None and up.is_joker):
        return steps  # a turned-up joker has bidding of its own (a blind call, a call in round 1)
    act = first.action
    kind = act.kind if act is not None else first.hidden
    state = new_hand(_any_deal(rules, dealer, up, pack), rules)
    if state.phase is not Phase.ROUND_1:
        return steps
    if kind in ("play", "discard", "give"):
        raise DealError(
            f"action 1 ({first.text!r}) is a {kind}, but the bidding is not given, so nothing says who made "
            f"trump: begin with the bid, e.g. '{dealer.next.name}: call D' (named in round 2: the passes "
            f'before it are implied) or \'{dealer.next.name}: order\' with what was turned up ("up": "9D")'
        )
    if act is None or act.kind not in ("order", "call"):
        return steps
    target = Phase.ROUND_1 if act.kind == "order" else Phase.ROUND_2
    passed: list[tuple[Seat, Phase]] = []
    while not (state.phase is target and state.to_act == first.seat):
        seat = state.to_act
        if (
            state.phase not in (Phase.ROUND_1, Phase.ROUND_2)
            or seat is None
            or PASS not in state.legal_actions()
        ):
            return steps  # the engine says why the bid is out of turn
        passed.append((seat, state.phase))
        state = state.apply(PASS)
    if not passed:
        return steps
    readings.append(
        Reading("passes-implied", _passes_words(first, act, passed, len(first.seat.seating.seats)))
    )
    implied = [Step(0, f"{s.name}: pass", s, PASS) for s, _ in passed]
    return [*implied, *steps]


def _any_deal(rules: ClassicRules, dealer: Seat, up: Card | None, pack: tuple[Card, ...]) -> Deal:
    """A deal whose only use is the order the seats bid in (the up card: ``up``, or a plain card)."""
    turned = up if up is not None else next(c for c in pack if not c.is_joker)
    rest = [c for c in pack if c != turned]
    n = len(dealer.seating.seats)
    hands = tuple(tuple(rest[5 * i : 5 * i + 5]) for i in range(n))
    return Deal(dealer, hands, turned, tuple(rest[5 * n :]), rules.deck, rules.joker)


def _passes_words(first: Step, act: Action, passed: list[tuple[Seat, Phase]], players: int) -> str:
    """The implied passes, as a book would say them."""
    bidder = first.seat.word
    in_2 = [s.word for s, phase in passed if phase is Phase.ROUND_2]
    if act.kind == "order":
        said = (
            f"{_join([s.word for s, _ in passed])} passed in round 1 before {bidder} ordered the up card up"
        )
    else:
        named = act.suit.plural if act.suit is not None else f"no trump ({act.notrump})"
        said = f"round 1 was passed by {_ALL.get(players, 'every seat')}; " + (
            f"in round 2 {_join(in_2)} passed before {bidder} called {named}"
            if in_2
            else f"{bidder} called {named} first in round 2"
        )
    return f"{said} (the actions begin with {first.text!r}: the passes before it are taken as made)."


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def read_unknown_up(
    rules: ClassicRules,
    dealer: Seat,
    me: Seat,
    hand: list[Card],
    steps: list[Step],
    pack: tuple[Card, ...],
    readings: list[Reading],
    to_turn: bool,
) -> HandState:
    """``"up": null`` after a round-2 call: the turned-down up card is any unseen card it could be.

    The reading's :attr:`Reading.cards` lists them all (the analysis averages over them, weighted by
    how likely the passes were with each); the view shows the first of them, in a fixed random order
    with the trumps (a left bower) last, that fits the whole position (at most :data:`_UP_DRAWS`
    are tried: the bidding and play may place every other unseen card of a suit).
    """
    bid = next((s for s in steps if s.action is not None and s.action.kind in ("order", "call")), None)
    if bid is None:
        raise DealError(
            '"up" is null, and no bid says what trump is: add what was turned up ("up": "KH"), or who '
            "named trump in round 2 (e.g. 'N: call D')"
        )
    assert bid.action is not None
    where = f"action {bid.number} ({bid.text!r})"
    if bid.action.kind == "order":
        raise DealError(
            f'"up" is null, but {where} orders the up card up: it is trump and {dealer.word} (the dealer) '
            'takes it into its hand, so its rank matters: add what was turned up, e.g. "up": "9H"'
        )
    seats = len(me.seating.seats)
    passes = sum(1 for s in steps[: steps.index(bid)] if s.action is not None and s.action.kind == "pass")
    if passes < seats:
        raise DealError(
            f'"up" is null, but {where} names trump before round 1 ended: add what was turned up (e.g. '
            '"up": "JK", a joker allows it), or the round-1 passes (or begin the actions with the call)'
        )
    last_bidder = dealer.prev if rules.dealer_bids_first else dealer
    called = bid.action.suit
    barred = (
        called
        if called is not None and not (rules.stuck_dealer_may_name_up_suit and bid.seat == last_bidder)
        else None
    )
    known = set(hand)
    for s in steps:
        act = s.action
        if act is not None:
            known.update(c for c in (act.card, *act.cards) if c is not None)
    could = [c for c in pack if not c.is_joker and c not in known and c.suit is not barred]
    draws = random.Random(0).sample(could, min(len(could), _UP_DRAWS))
    if called is not None:
        draws.sort(key=lambda c: is_trump(c, called))  # a left bower shown as the up card would mislead
    if not draws:
        raise DealError('"up" is null, but no card is left that it could have been: give it, e.g. "up": "9C"')
    other = f"it was not a {barred.plural[:-1]}" if barred is not None else "it may be of any suit"
    first: EuchreError | None = None
    for up in draws:
        notes = [
            *readings,
            Reading(
                "up-unknown",
                f"the up card was not given: trump was named in round 2 ({bid.text!r}), so it was turned "
                f"down and {other}; the deals average over the {len(could)} cards it could have been "
                f"({'unseen, not the joker' if rules.joker else 'unseen'}), each weighted by how likely the passes "
                f"were with it; {up} stands "
                'for it where one card is shown. Give "up" to analyse the real one.',
                tuple(could),
            ),
        ]
        try:
            world = read_world(rules, dealer, me, hand, up, steps, pack, notes, to_turn)
        except EuchreError as exc:
            first = first or exc
            continue
        readings[:] = notes
        return world
    assert first is not None
    raise first
