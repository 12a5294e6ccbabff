"""Solitaire's tutor: exact hints, grades, the deal's review and the learning loop beside its controller.

:class:`SolitaireTutor` is the table framework's :class:`~euchre_tutor.session.tutor.TableTutor` with
Solitaire's hooks: every decision of the deal on the table (a single legal card too) is analysed
exactly by the solver, ahead of the player, whether or not the hint is shown; a decision's grade is
the exact loss against the best choice, in points or in the chance to win the game (the "Aim"). The
review reads the deal on the table: its key moments, the swings of luck after each decision (exact:
they sum to the deal's rest), a retry of a key moment; every Mistake and Blunder becomes a drill and
every deal feeds the session statistics.
"""

from __future__ import annotations

import os
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from euchre_tutor.advisor.luck import Swing, measured_baseline
from euchre_tutor.advisor.session import Units
from euchre_tutor.advisor.shared import Grade
from euchre_tutor.games.solitaire import LUCK_BASELINE
from euchre_tutor.games.solitaire.advisor.advice import Hint, action_label
from euchre_tutor.games.solitaire.engine.engine import Action, Phase
from euchre_tutor.games.solitaire.engine.game import StartDeal
from euchre_tutor.games.solitaire.session.advice import HintRequest, HintSource, Mode
from euchre_tutor.games.solitaire.session.controller import DealLog, SolitaireController
from euchre_tutor.games.solitaire.views import SolitaireView
from euchre_tutor.session.tutor import Decision, Retry, TableTutor, Turn

__all__ = ["DEFAULT_SOURCE", "Decision", "Retry", "SolitaireTutor"]

#: the hint source run in the worker; EUCHRE_TUTOR_HINTS="module:factory" replaces it (tests, experiments)
DEFAULT_SOURCE = os.environ.get(
    "EUCHRE_TUTOR_HINTS", "euchre_tutor.games.solitaire.session.advice:advisor_source"
)


class SolitaireTutor(TableTutor[SolitaireController, Decision]):
    """Exact hints, grades and the deal's review for the player of ``controller``.

    ``source`` is the hint source (``"module:factory"`` for the worker process, or an object with
    ``analyse`` for ``runner="inline"``); ``source=None`` turns hints off. ``mode``: what the best
    choice aims for ("points", or "game": the chance to win the game). Every other option is the one
    tutor's (:class:`~euchre_tutor.session.tutor.TableTutor`: ``runner``, ``grading``, ``stats``...).
    """

    GAME_NAME = "solitaire"
    NOT_GRADED = "that decision is still being analysed: retry it once its grade is shown"

    def __init__(
        self,
        controller: SolitaireController,
        *,
        source: str | HintSource | None = DEFAULT_SOURCE,
        mode: Mode = "points",
        **options: Any,
    ) -> None:
        super().__init__(controller, source=source, **options)
        self.hints: dict[tuple[Any, ...], Hint] = {}
        self.mode: Mode = mode
        self._listen()

    # ----------------------------------------------------------------- hooks

    @property
    def wanted(self) -> bool:
        """Every decision is analysed ahead while hints exist (the hint is there the moment it is asked for)."""
        return self.hints_on

    def _new_turn(self) -> Turn:
        """The turn's key names the deal and the decisions in it (and, aiming for the game, the score)."""
        c = self.controller
        start = c.deal_start()
        names = tuple(str(a) for a in c.game.actions[start:])
        key = (*names, "game", *c.state.score) if self.mode == "game" else names
        return Turn(key, c.view, start, {})

    def _hint_request(self, key: tuple[Any, ...], turn: Turn) -> HintRequest:
        state = self.controller.state
        return HintRequest(key, turn.view, self.mode, state.score, state.rules.target)

    def _decision(self, index: int, turn: Turn, action: Action) -> Decision:
        assert turn.key is not None  # every Solitaire turn is analysed
        label = action_label(action, turn.view.turn_card)
        return Decision(index, turn.hand_number, action, label, turn.view, turn.key)

    def _label(self, action: Action, view: SolitaireView) -> str:
        return action_label(action, view.turn_card)

    def _grade(self, hint: Hint, action: Action) -> Grade | None:
        return hint.grade(action)

    def _drill(self, decision: Decision) -> tuple[dict[str, Any], dict[str, Any]]:
        """Its position as ``solitaire analyze`` reads it, and where in the deal it was."""
        from euchre_tutor.games.solitaire.session.grading import solitaire_position  # once a mistake is made

        actions = self.controller.game.actions
        begin = actions[decision.hand_number]
        assert isinstance(begin, StartDeal)
        before = [
            a for a in actions[decision.hand_number + 1 : decision.index] if not isinstance(a, StartDeal)
        ]
        position = solitaire_position(begin.deal, before, self.controller.state.rules.allow_name_turned)
        return position, {"where": where_words(decision.view)}

    def _drill_ident(self, decision: Decision) -> Hashable:
        """The deal's cards, the place and the answer: another answer there is another drill."""
        begin = self.controller.game.actions[decision.hand_number]
        return (str(getattr(begin, "deal", "")), decision.index, str(decision.action))

    def _baseline(self, log: DealLog) -> Fraction:
        return measured_baseline(LUCK_BASELINE)  # the luck's baseline: the average fresh deal

    def _grades_header(self) -> dict[str, Any]:
        return {"seed": self.seed, "mode": self.mode}

    def _loss(self, grade: Grade) -> Fraction:
        return Fraction(grade.loss)  # exact: Solitaire grades are Fractions

    def _value(self, hint: Hint) -> Fraction:
        return max(o.ev for o in hint.options)

    def _units(self, hint: Hint | None) -> Units:
        return "win chance" if hint is not None and hint.mode == "game" else "points"

    def _hand_best(self, log: DealLog, best: Any) -> Any:
        return best if log.finished else None  # the best play's value is kept once the deal is over

    def _stats_key(self, log: DealLog) -> Hashable:
        return (self.controller.game_number, log.number)

    def _side(self) -> int:
        return 0  # a deal's points: the player's, then the deck's

    def _on_controller(self, topic: str) -> None:
        if topic == "state" and self.analyst is not None:
            self.analyst.drain()  # the hints that arrived meanwhile are filed first
        super()._on_controller(topic)

    # ----------------------------------------------------------------- the deal on the table

    def _deal(self, hand_number: int | None) -> int:
        return self.controller.deal_start() if hand_number is None else hand_number

    @property
    def current_progress(self) -> tuple[int, int] | None:
        """(done, total) while the player's turn is being analysed."""
        key = self.current_key
        if key is None or key in self.hints or key in self.errors or not self.hints_on:
            return None
        return self.progress.get(key, (0, 0))

    def key_moments(self, hand_number: int | None = None) -> list[Decision]:
        """The deal's costliest decisions (the deal on the table unless ``hand_number`` names its start)."""
        return super().key_moments(self._deal(hand_number))

    def _points_hint(self, decision: Decision) -> Hint | None:
        """The decision's analysis when it values points (a game-chance one has no luck in points)."""
        hint = self.hint_of(decision)
        return None if hint is None or hint.mode == "game" else hint

    def swings(self, hand_number: int | None = None) -> list[tuple[Decision, Swing]]:
        """The luck that followed each decision of the deal, once it is over and every decision is
        graded in points (exact, summing to the deal's rest); empty otherwise."""
        number = self._deal(hand_number)
        log = next((h for h in self.controller.hand_logs() if h.number == number), None)
        points = None if log is None else self._hand_points(log)
        return self._swings(self.decisions(number), points, self._points_hint, self._value, self._loss)

    def review(self, hand_number: int | None = None) -> DealLog | None:
        """The deal on the table once it is over (None before): the review reads its decisions."""
        found: DealLog | None = self._finished_log(hand_number)
        return found

    def total_loss(self, hand_number: int | None = None) -> Fraction | None:  # type: ignore[override]
        """The exact sum of the losses of the deal's decisions (None while any is being analysed)."""
        total = Fraction(0)
        for d in self.decisions(self._deal(hand_number)):
            g = self.grade_of(d)
            if g is None:
                return None
            total += Fraction(g.loss)
        return total

    # ----------------------------------------------------------------- switches

    def set_mode(self, mode: Mode) -> None:
        """Aim for the most points or for the game: the player's turn is analysed again for it."""
        self.mode = mode
        c = self.controller
        if c.my_turn and c.game is self._game:
            self._turns[c.game.position] = self._new_turn()
        self._request()
        self._emit("options")

    def save_text(self) -> str:
        """The game's save file, without grades: the class report grades Solitaire again, exactly."""
        return self.controller.save_text()


def where_words(view: SolitaireView) -> str:
    """Where in the deal a decision was: the trump choice, or its trick."""
    return "the trump choice" if view.phase is not Phase.PLAY else f"trick {view.trick_number + 1}"
