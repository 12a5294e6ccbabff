"""Grading a Solitaire game after the fact (the registry's ``grade_save`` and ``grade_table``): every
decision of its finished deals, exactly (:func:`~euchre_tutor.games.solitaire.advisor.advice.review_deal`);
a decision with one legal card has no real choice and does not count in the error rate.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from euchre_tutor.advisor.luck import measured_baseline
from euchre_tutor.games.solitaire import LUCK_BASELINE
from euchre_tutor.games.solitaire.advisor.advice import action_label, review_deal
from euchre_tutor.games.solitaire.engine.engine import Action, NameTrump, OrderUp, Phase, Play, new_deal
from euchre_tutor.games.solitaire.engine.game import SolitaireGame, StartDeal
from euchre_tutor.games.solitaire.views import SolitaireView
from euchre_tutor.session.learning import (
    GradedGame,
    GradedHand,
    GradedMove,
    cards_words,
    method_rules_left_out,
)

__all__ = ["computer_solitaire_save", "grade_solitaire", "solitaire_position"]


def _position(view: SolitaireView) -> str:
    parts = [f"hand {cards_words(view.hand)}", f"turn card {view.turn_card}"]
    if view.trump is not None:
        parts.append(f"trump {view.trump}, trick {view.trick_number + 1}")  # the view counts from 0
        if view.deck_lead is not None:
            parts.append(f"the deck led {view.deck_lead}")
    return "; ".join(parts)


def grade_solitaire(
    game: SolitaireGame, *, name: str, progress: Callable[[], None] | None = None
) -> GradedGame:
    """Grade every decision of a Solitaire game's finished deals, exactly (see the module doc)."""
    rules = game.rules
    deals: list[tuple[StartDeal, list[Action]]] = []
    for act in game.actions:
        if isinstance(act, StartDeal):
            deals.append((act, []))
        elif deals:
            deals[-1][1].append(act)
    hands: list[GradedHand] = []
    for number, (start, actions) in enumerate(deals, 1):
        state = new_deal(start.deal, rules)
        for act in actions:
            state = state.apply(act)
        if state.phase is not Phase.OVER:
            continue  # an unfinished deal has no result yet
        reviews = review_deal(start.deal, actions, rules)
        moves = []
        for i, r in enumerate(reviews):
            turn = start.deal.turn
            moves.append(
                GradedMove(
                    number,
                    r.analysis.phase,
                    _position(r.view),
                    action_label(r.action, turn),
                    action_label(r.analysis.best.action, turn),
                    r.grade.label,
                    float(r.grade.ev_loss),
                    len(r.analysis.options) > 1,
                    method_rules_left_out(reason.rule for reason in r.analysis.reasons),
                    solitaire_position(start.deal, actions[:i], rules.allow_name_turned),
                )
            )
            if progress is not None:
                progress()
        p, d = state.points
        first = reviews[0].analysis.best.ev if reviews else None
        hands.append(
            GradedHand(
                number,
                p - d,
                None if first is None else float(first),
                measured_baseline(LUCK_BASELINE),
                tuple(moves),
            )
        )
    return GradedGame("solitaire", name, "player", tuple(hands))


def solitaire_position(deal: object, before: Sequence[Action], name_turned: bool = False) -> dict[str, Any]:
    """The ``solitaire analyze`` input of the decision after ``before`` (the trump choice, then plays)
    in ``deal``: ``{"deal", "trump"?, "alone"?, "plays"?, "name_turned"?}``."""
    out: dict[str, Any] = {"deal": str(deal)}
    if before:
        choice = before[0]
        assert isinstance(choice, OrderUp | NameTrump)
        out["trump"] = "up" if isinstance(choice, OrderUp) else choice.suit.value
        if choice.alone:
            out["alone"] = True
        plays = [str(a.card) for a in before[1:] if isinstance(a, Play)]
        if plays:
            out["plays"] = " ".join(plays)
    if name_turned:
        out["name_turned"] = True
    return out


def computer_solitaire_save(seed: int, deals: int, slip: float = 0.3) -> str:
    """The save of a Solitaire game played for ``deals`` deals by a student who takes a random legal
    action ``slip`` of the time and otherwise the first legal one (seeded): for tests and demos."""
    rng = random.Random(seed)
    game = SolitaireGame(seed=seed)
    for _ in range(deals):
        if game.state.is_over:
            break
        game.new_deal()
        while (legal := game.state.legal_actions()) and not game.state.is_over:
            game.apply(rng.choice(legal) if rng.random() < slip else legal[0])
    return game.dumps()
