"""One classic hand: :func:`new_hand` and the phase dispatch of :class:`HandState`.

The state itself lives in :mod:`~euchre_tutor.games.classic.engine.state`, which imports
no phase. This module sits on top of the engine's parts: it gathers each
phase's pair of functions (legal actions, apply) from
:mod:`~euchre_tutor.games.classic.engine.bidding` and :mod:`~euchre_tutor.games.classic.engine.play`
and installs them, with the teaching error of
:mod:`~euchre_tutor.games.classic.engine.messages`, on the state type. The order inside
the package is one way: actions, deal, events, scoring → state → house,
play → bidding → messages → hand.

>>> state = new_hand(Deal.from_seed(7, "N"))
>>> state.to_act, [str(a) for a in state.legal_actions()]
(<Seat.E: 1>, ['pass', 'order', 'order alone'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from euchre_tutor.errors import DealError, IllegalAction
from euchre_tutor.games.classic.engine import bidding, play
from euchre_tutor.games.classic.engine.actions import Action, Phase
from euchre_tutor.games.classic.engine.deal import Deal, pack_words, rules_seating
from euchre_tutor.games.classic.engine.messages import explain_illegal
from euchre_tutor.games.classic.engine.state import HandState
from euchre_tutor.games.classic.rules import ClassicRules

__all__ = ["HandState", "new_hand"]


def new_hand(deal: Deal, rules: ClassicRules | None = None) -> HandState:
    """The first state of a hand: round 1, the dealer's left to act (or the dealer, see the rules)."""
    if not isinstance(deal, Deal):
        raise DealError(f"expected a Deal, got {deal!r}")
    r = rules if rules is not None else ClassicRules()
    if (deal.size, deal.joker) != (r.deck, r.joker):
        raise DealError(
            f"the deal uses {pack_words(deal.size, deal.joker)} but the rules say {pack_words(r.deck, r.joker)}"
        )
    table = rules_seating(r)
    if deal.seating is not table:
        raise DealError(
            f"the deal is for a {deal.seating.description} table but the rules say {table.description}"
        )
    blind = r.dealer_calls_blind(deal.up)
    first = deal.dealer if blind else r.first_bidder(deal.dealer)
    return HandState(
        rules=r,
        deal=deal,
        phase=Phase.BLIND if blind else Phase.ROUND_1,
        to_act=first,
        hands=deal.hands,
        kitty=deal.kitty,
    )


def _legal_over(s: HandState) -> tuple[Action, ...]:
    return ()


def _apply_over(s: HandState, a: Action) -> HandState:  # pragma: no cover - apply() refuses first
    raise IllegalAction("the hand is over")


# Each phase's legal actions and the state after one of them (bidding.py, play.py).
_LEGAL: Final[dict[Phase, Callable[[HandState], tuple[Action, ...]]]] = {
    **bidding.LEGAL,
    **play.LEGAL,
    Phase.OVER: _legal_over,
}
_APPLY: Final[dict[Phase, Callable[[HandState, Action], HandState]]] = {
    **bidding.APPLY,
    **play.APPLY,
    Phase.OVER: _apply_over,
}
HandState.ACTION = Action
HandState.LEGAL = _LEGAL
HandState.APPLY = _APPLY
HandState.EXPLAIN = explain_illegal
