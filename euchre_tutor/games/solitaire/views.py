"""What the Solitaire player may know: everything but the order of the unseen cards.

The advisor and the widgets read a :class:`SolitaireView`, never the engine's
hidden stock order.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_tutor.cards import Card, Suit
from euchre_tutor.games.solitaire.engine.engine import Action, DealState, Phase, Trick
from euchre_tutor.games.solitaire.rules import SolitaireRules

__all__ = ["SolitaireView", "player_view"]


@dataclass(frozen=True, slots=True)
class SolitaireView:
    """The player's knowledge at one moment of a deal.

    - ``known_top``: the turn card while it is still on top of the stock (after
      ordering up, before the deck turns it).
    - ``known_bottom``: the turn card while it is still at the bottom (after naming).
    - ``unseen``: stock cards whose place is unknown (the stock less a known card);
      before trump is chosen, the 18 stock cards.
    """

    rules: SolitaireRules
    phase: Phase
    hand: tuple[Card, ...]
    turn_card: Card
    trump: Suit | None
    ordered_up: bool
    alone: bool
    known_top: Card | None
    known_bottom: Card | None
    stock_size: int
    unseen: frozenset[Card]
    burned: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    deck_lead: Card | None
    tricks_won: int
    trick_number: int
    legal: tuple[Action, ...]

    @property
    def legal_cards(self) -> tuple[Card, ...]:
        from euchre_tutor.games.solitaire.engine.engine import Play

        return tuple(a.card for a in self.legal if isinstance(a, Play))


def player_view(state: DealState) -> SolitaireView:
    stock = state.stock
    turn = state.deal.turn
    known_top = known_bottom = None
    if state.phase is not Phase.CHOOSE_TRUMP and stock:
        if state.ordered_up and stock[0] == turn:
            known_top = turn
        elif not state.ordered_up and stock[-1] == turn:
            known_bottom = turn
    unseen = frozenset(stock) - {c for c in (known_top, known_bottom) if c is not None}
    return SolitaireView(
        rules=state.rules,
        phase=state.phase,
        hand=state.hand,
        turn_card=turn,
        trump=state.trump,
        ordered_up=state.ordered_up,
        alone=state.alone,
        known_top=known_top,
        known_bottom=known_bottom,
        stock_size=len(stock),
        unseen=unseen,
        burned=state.burned,
        tricks=state.tricks,
        deck_lead=state.deck_lead,
        tricks_won=state.tricks_won,
        trick_number=state.trick_number,
        legal=state.legal_actions(),
    )
