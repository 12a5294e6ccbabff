"""Grading a saved proof match after the fact: every decision of South with a real choice."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from euchre_tutor.advisor.luck import measured_baseline
from euchre_tutor.advisor.shared import grade_label
from euchre_tutor.session.learning import GradedGame, GradedHand, GradedMove
from tests.proof_game.advisor.analysis import analyse
from tests.proof_game.engine import ProofGame, position_of
from tests.proof_game.session.controller import STUDENT
from tests.proof_game.views import seat_view


def _label(loss: float) -> str:
    return "Best" if loss <= 1e-9 else grade_label(Fraction(loss).limit_denominator(1000), "points")


def grade_proof(game: ProofGame, *, name: str) -> GradedGame:
    """The student's (South's) decisions of ``game``'s finished hands, graded by the exact advisor."""
    replay = ProofGame(
        game.rules, seed=game.state.seed, dealer=game.state.first_dealer, deals=game.state.deals
    )
    hands: list[GradedHand] = []
    moves: list[GradedMove] = []
    expected: float | None = None
    for action in game.actions[: game.position]:
        state = replay.state
        if state.to_act == STUDENT:
            view = seat_view(state, STUDENT)
            values = analyse(view)
            best = max(view.legal, key=lambda a: values[a])
            chosen = next(a for a in view.legal if str(a) == str(action))
            loss = values[best] - values[chosen]
            real = len(view.legal) > 1
            if real and expected is None:
                expected = values[best]
            moves.append(
                GradedMove(
                    state.hand_number,
                    "play",
                    f"hand {' '.join(c.symbol for c in view.hand)}",
                    str(chosen),
                    str(best),
                    _label(loss) if real else "Best",
                    loss,
                    real,
                    (),
                    position_of(state.hand, state.seed),
                )
            )
        finished = len(state.results)
        replay.apply(action)
        if len(replay.state.results) > finished:
            north, south = replay.state.results[-1]
            hands.append(
                GradedHand(len(hands) + 1, south - north, expected, measured_baseline(None), tuple(moves))
            )
            moves, expected = [], None
    return GradedGame("proof", name, STUDENT.word, tuple(hands))


def grade_save(data: object, *, name: str, **_: Any) -> GradedGame:
    return grade_proof(ProofGame.from_json(data), name=name)
