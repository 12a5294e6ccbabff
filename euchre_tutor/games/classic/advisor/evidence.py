"""What a seat's view says about the hidden hands, before any card is placed.

Three facts the sampler (:mod:`euchre_tutor.games.classic.advisor.placement` and
:mod:`euchre_tutor.games.classic.advisor.bidweights`) builds its constraints from:

- :func:`known_voids`: the suits each seat is known not to hold: a failure to follow
  suit, and a trump led while leading trump was barred (the leader held only trumps).
- :func:`bid_contexts`: every public bid with the public situation it was made in
  (:class:`~euchre_tutor.games.classic.advisor.bidmodel.BidContext`), read from the bidding
  history alone; the answers to a loner see the trump named before them.
- :func:`legal_with`: whether a seat holding a given hand could have made a bid under
  the hand-dependent rules (a calling requirement for ordering up, a misdeal hand for a
  misdeal); a hand for which it could not is no world at all.

All three are pure functions of their arguments.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre_tutor.cards import Card, Suit, effective_suit
from euchre_tutor.games.classic.advisor.bidmodel import BidContext, may_order
from euchre_tutor.games.classic.engine.engine import Action, Phase, Seat, misdeal_kind
from euchre_tutor.games.classic.engine.play import trump_lead_barred
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.games.classic.views import SeatView

__all__ = ["bid_contexts", "known_voids", "legal_with"]


def known_voids(view: SeatView) -> dict[Seat, frozenset[Suit]]:
    """The suits each seat is known not to hold: failures to follow, and trump leads while barred."""
    voids = {s: set(view.voids[s]) for s in view.seat.seating.seats}
    trump = view.trump
    if trump is not None and view.rules.trump_lead != "anytime":
        leads = [(t.plays[0], view.tricks[:i]) for i, t in enumerate(view.tricks)]
        if view.trick_plays:
            leads.append((view.trick_plays[0], view.tricks))
        for (leader, led), before in leads:
            if effective_suit(led, trump) is trump and trump_lead_barred(view.rules, before, trump):
                voids[leader].update(s for s in Suit if s is not trump)
    return {s: frozenset(v) for s, v in voids.items()}


def bid_contexts(view: SeatView) -> list[tuple[Seat, Action, BidContext]]:
    """Each public bid with its situation, from the bidding history alone."""
    rules = view.rules
    seating = view.seat.seating
    out: list[tuple[Seat, Action, BidContext]] = []
    made = False
    maker: Seat | None = None
    trump: Suit | None = None
    notrump: str | None = None
    passes = 0
    blind = view.up.is_joker and rules.joker_up == "dealer-blind"
    for seat, act in view.bids:
        if blind and not made:
            phase = Phase.BLIND
        elif act.kind in ("alone", "partner"):
            phase = Phase.GO_ALONE if seat == maker else Phase.DEFEND_ALONE
        else:
            phase = Phase.ROUND_1 if passes < seating.players else Phase.ROUND_2
        out.append((seat, act, BidContext(rules, phase, seat, view.dealer, view.up, trump, notrump)))
        if act.kind == "pass":
            passes += 1
        elif act.kind in ("order", "call") and not made:
            made, maker = True, seat
            if act.kind == "order":
                trump = view.up.suit or Suit.SPADES
            else:
                trump, notrump = act.suit, act.notrump
            # later contexts (alone answers) see the trump
    # Fill in the trump for the answers after the bid.
    return [
        (s, a, BidContext(rules, c.phase, c.to_act, c.dealer, c.up, trump, notrump))
        if c.phase in (Phase.GO_ALONE, Phase.DEFEND_ALONE)
        else (s, a, c)
        for s, a, c in out
    ]


def legal_with(rules: ClassicRules, ctx: BidContext, act: Action, hand: Sequence[Card]) -> bool:
    """Could a seat holding ``hand`` have made this bid (the hand-dependent rules only)?"""
    if ctx.phase is Phase.ROUND_1:
        if act.kind == "order":
            return may_order(rules, ctx.up, ctx.to_act == ctx.dealer, hand)
        if act.kind == "misdeal":
            return misdeal_kind(hand, rules.misdeal) is not None
    return True
