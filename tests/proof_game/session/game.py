"""The proof game's session hooks (:class:`Hooks`): its matches, positions, grades, drills and tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from euchre_tutor.advisor.drills import Drill
from euchre_tutor.cards import Card
from euchre_tutor.session.games import Choice, DrillScene, PracticeGrade, SeatedHooks, graded_at_table
from euchre_tutor.session.learning import GradedGame
from euchre_tutor.tricks.seating import Seat, Seating
from tests.proof_game import views
from tests.proof_game.advisor.analysis import Player, analyse
from tests.proof_game.engine import TWO, Action, ProofGame, ProofRules, position_of, replay_hand
from tests.proof_game.session.controller import STUDENT, ProofController
from tests.proof_game.session.grading import _label, grade_proof, grade_save
from tests.proof_game.views import ProofView, seat_view


class Hooks(SeatedHooks):
    """The proof game's session hooks: a match of two seats, where the framework's defaults serve
    (see :class:`~euchre_tutor.rules.games.Game`)."""

    match = ProofGame
    rules = ProofRules
    views = views
    controller = ProofController
    seat_view_of = staticmethod(views.seat_view_of)
    grade_save = staticmethod(grade_save)

    def read_position(self, position: object) -> ProofView:
        hand = replay_hand(position)
        assert hand.to_act is not None
        return seat_view(hand, hand.to_act)

    def student_seat(self, seating: Seating) -> Seat:
        return STUDENT

    def turned_deal(self, deal: list[str], moved: Callable[[str], str]) -> list[str]:
        """A deal written as each seat's hand, North's first."""
        hands = {moved(seat.name): cards for seat, cards in zip(TWO.seats, deal, strict=True)}
        return [hands[seat.name] for seat in TWO.seats]

    def words(self, action: Action) -> str:
        return f"play {action.card.symbol}"

    def hidden(self, game: ProofGame, seat: Any) -> frozenset[Card]:
        return frozenset(game.state.hand.held[seat.next])

    def players(self, seed: int) -> Callable[[ProofView], Action]:
        return Player().choose

    def position_of(self, game: ProofGame) -> dict[str, Any]:
        return position_of(game.state.hand, game.state.seed)

    def analyse(self, view: ProofView, worlds: int, seed: int) -> Mapping[Action, float]:
        return analyse(view)

    def scene(self, drill: Drill, choices: tuple[Choice, ...]) -> DrillScene:
        view = self.drill_view(drill)
        rows = tuple((f"{s.word} led", (c,)) for s, c in view.trick_plays)
        question = "Which card do you play?" if view.trick_plays else "Which card do you lead?"
        return DrillScene("Proof Game", DrillScene.in_deck_order(view.hand), None, rows, question, choices)

    def grade_answer(self, drill: Drill, answer: str, **_: object) -> PracticeGrade:
        view = self.drill_view(drill)
        chosen = self.answer(view, answer)
        values = analyse(view)
        best = max(view.legal, key=lambda a: values[a])
        label = _label(values[best] - values[chosen])
        text = f"{label}: play {best.card.symbol} wins {values[best]:+.2f} tricks on average."
        return PracticeGrade.graded(str(chosen), label, f"play {best.card.symbol}", text, ())

    def where(self, hand: int, position: dict[str, Any]) -> str:
        return f"hand {hand}, card {len(position.get('actions', [])) + 1}"

    def grade_table(
        self, controller: ProofController, tutor: object, *, name: str
    ) -> tuple[GradedGame, int, int]:
        return graded_at_table(grade_proof(controller.game, name=name))
