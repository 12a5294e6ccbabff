"""From what the player sees to the solver's terms, and the trump decision's options.

:func:`knowledge_from_view` is the thin adapter from a
:class:`~euchre_tutor.games.solitaire.views.SolitaireView`; :func:`trump_knowledge`
builds the position each trump option leads to, from the hand, the turn card
and the 18 unseen stock cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from euchre_tutor.cards import Card, Suit
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.solitaire.advisor.solver import Knowledge, Objective, Outcome, Solver
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Phase
from euchre_tutor.games.solitaire.views import SolitaireView

__all__ = [
    "TrumpChoice",
    "knowledge_from_view",
    "trump_choices",
    "trump_knowledge",
    "trump_option_values",
]

TrumpChoice = OrderUp | NameTrump


def trump_choices(turn: Card, allow_name_turned: bool = False) -> tuple[TrumpChoice, ...]:
    """The options in the engine's order: order up, name each suit, then the same alone."""
    suits = [s for s in Suit if s is not turn.suit or allow_name_turned]
    plain: list[TrumpChoice] = [OrderUp(False), *(NameTrump(s, False) for s in suits)]
    alone: list[TrumpChoice] = [OrderUp(True), *(NameTrump(s, True) for s in suits)]
    return (*plain, *alone)


def trump_knowledge(
    hand: Iterable[Card], turn: Card, unseen: Iterable[Card], choice: TrumpChoice
) -> Knowledge:
    """What the player knows right after ``choice``, before the first lead."""
    hand_t = tuple(hand)
    unseen_f = frozenset(unseen)
    if isinstance(choice, OrderUp):
        assert turn.suit is not None
        return Knowledge(turn.suit, hand_t, unseen_f, known_top=turn, alone=choice.alone)
    return Knowledge(choice.suit, hand_t, unseen_f, known_bottom=turn, alone=choice.alone)


def trump_option_values(
    hand: Iterable[Card],
    turn: Card,
    unseen: Iterable[Card],
    *,
    allow_name_turned: bool = False,
    objective_for: dict[bool, Objective] | None = None,
    solver: Solver | None = None,
) -> dict[TrumpChoice, Outcome]:
    """Exact value of every trump option (8, or 10 with the name-turned option).

    ``objective_for[alone]`` is the objective for plain and alone options
    (default: the deal's points).
    """
    solver = solver or Solver()
    objectives = objective_for or {False: Objective.points(False), True: Objective.points(True)}
    hand_t = tuple(hand)
    unseen_f = frozenset(unseen)
    out: dict[TrumpChoice, Outcome] = {}
    # Plain options first: alone searches reuse their "after a lost trick" states.
    for choice in trump_choices(turn, allow_name_turned):
        k = trump_knowledge(hand_t, turn, unseen_f, choice)
        out[choice] = solver.position_value(k, objectives[choice.alone])
    return out


def knowledge_from_view(view: SolitaireView) -> Knowledge:
    """The solver's position for a view in the play phase (the player to lead or follow)."""
    if view.phase is not Phase.PLAY or view.trump is None:
        raise EuchreError(
            "this view is not in the play phase: analyse the trump decision with its hand and turn card"
        )
    return Knowledge(
        trump=view.trump,
        hand=tuple(view.hand),
        unseen=frozenset(view.unseen),
        known_top=view.known_top,
        known_bottom=view.known_bottom,
        deck_lead=view.deck_lead,
        tricks_won=view.tricks_won,
        alone=view.alone,
    )
