"""Euchre Solitaire's session hooks (:class:`Hooks`): its games, positions, grades, drills and tables.

Its registered :class:`~euchre_tutor.rules.games.Game` answers each hook from them. A Solitaire drill
is graded exactly. Its one seat is the player's; its "computer player" is the exact advisor's best
choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from euchre_tutor.advisor.drills import Drill
from euchre_tutor.advisor.voice import Depth, grade_sentence
from euchre_tutor.cards import Card
from euchre_tutor.games.solitaire.advisor.advice import action_label, analyse_view, grade, hint_from_analysis
from euchre_tutor.games.solitaire.advisor.ideas import explain
from euchre_tutor.games.solitaire.engine.cli import position_from_json
from euchre_tutor.games.solitaire.engine.engine import Action, Play
from euchre_tutor.games.solitaire.engine.game import SAVE_FORMAT, SolitaireGame, StartDeal
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.grading import grade_solitaire, solitaire_position
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor
from euchre_tutor.games.solitaire.views import SolitaireView, player_view
from euchre_tutor.session.games import (
    Choice,
    DrillScene,
    GameHooks,
    PracticeGrade,
    find_action,
    graded_at_table,
)
from euchre_tutor.session.learning import GradedGame

__all__ = ["Hooks"]


def _words(action: Action, turn: Card) -> str:
    return action_label(action, turn) if not isinstance(action, Play) else f"play {action.card.symbol}"


def _action(view: SolitaireView, answer: str) -> Action:

    def names(a: Action) -> set[str]:
        return {str(a), action_label(a), action_label(a, view.turn_card), _words(a, view.turn_card)}

    return find_action(answer, view.legal, names)  # type: ignore[no-any-return]


def _current(game: SolitaireGame) -> Any:
    assert game.state.deal is not None
    return game.state.deal


class Hooks(GameHooks):
    """Euchre Solitaire's session hooks (see :class:`~euchre_tutor.rules.games.Game`): a game of one seat,
    the player's, dealt deal by deal."""

    save_format = SAVE_FORMAT
    match = SolitaireGame
    controller = SolitaireController
    tutor = SolitaireTutor

    def seat_view(self, game: SolitaireGame, seat: object) -> SolitaireView:
        return player_view(_current(game))

    def players(self, seed: int) -> Callable[[SolitaireView], Action]:
        return lambda view: analyse_view(view).best.action

    def read_position(self, data: object) -> SolitaireView:
        return player_view(position_from_json(data))

    def answer_text(self, drill: Drill, answer: str) -> str:
        return str(_action(self.read_position(drill.position), answer))

    def grade_table(
        self, controller: SolitaireController, tutor: object, *, name: str
    ) -> tuple[GradedGame, int, int]:
        return graded_at_table(grade_solitaire(controller.game, name=name))

    def to_act(self, game: SolitaireGame) -> str | None:
        """The player, once the next deal is dealt if the game waits for one; None when it is over."""
        if game.state.needs_deal:
            game.new_deal()
        return None if game.state.is_over else "player"

    def hidden(self, game: SolitaireGame, seat: object) -> frozenset[Card]:
        deal = _current(game)
        return frozenset(deal.stock) - {deal.deal.turn}

    def position_of(self, game: SolitaireGame) -> dict[str, Any]:
        actions = list(game.actions)
        start = max(i for i, a in enumerate(actions) if isinstance(a, StartDeal))
        return solitaire_position(
            _current(game).deal, [a for a in actions[start + 1 :] if not isinstance(a, StartDeal)]
        )

    def analyse(self, view: SolitaireView, worlds: int, seed: int) -> Mapping[Action, float]:
        return {o.action: o.ev_float for o in analyse_view(view).options}

    def grade_save(
        self, data: object, *, name: str, progress: Callable[[], None] | None = None, **_: object
    ) -> GradedGame:
        return grade_solitaire(SolitaireGame.from_json(data), name=name, progress=progress)

    def choices(self, drill: Drill) -> tuple[Choice, ...]:
        view = self.read_position(drill.position)
        return tuple(Choice(str(a), _words(a, view.turn_card)) for a in view.legal)

    def scene(self, drill: Drill, choices: tuple[Choice, ...]) -> DrillScene:
        view = self.read_position(drill.position)
        rows: list[tuple[str, tuple[Card, ...]]] = [("Turn card", (view.turn_card,))]
        if view.trump is None:
            question = "Which trump do you choose?"
        else:
            alone = " alone" if view.alone else ""
            rows.append(
                (
                    f"Trump: {view.trump.plural}{alone}; trick {view.trick_number + 1}, "
                    f"{view.tricks_won} won so far.",
                    (),
                )
            )
            if view.deck_lead is not None:
                rows.append(("The deck led", (view.deck_lead,)))
                question = "Which card do you play?"
            else:
                question = "Which card do you lead?"
        hand = DrillScene.in_deck_order(view.hand)
        return DrillScene("Euchre Solitaire", hand, view.trump, tuple(rows), question, choices)

    def grade_answer(self, drill: Drill, answer: str, **_: object) -> PracticeGrade:
        view = self.read_position(drill.position)
        action = _action(view, answer)
        analysis = analyse_view(view, chosen=action)
        g = grade(analysis, action)
        best = analysis.best
        return PracticeGrade.graded(
            str(action),
            g.label,
            _words(best.action, view.turn_card),
            f"{analysis.option(action).label}: {grade_sentence(g.label, g.ev_loss, best.label, per='a deal')}",
            tuple(explain(hint_from_analysis(analysis, view.turn_card), view).sentences(Depth.COMPARE)),
        )

    def where(self, hand: int, position: dict[str, Any]) -> str:
        if "trump" not in position:
            return f"deal {hand}, the trump choice"
        plays = len(str(position.get("plays", "")).split())
        return f"deal {hand}, trick {plays + 1}"
