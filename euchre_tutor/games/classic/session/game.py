"""Classic Euchre's session hooks (:class:`Hooks`): its matches, positions, grades, drills and tables.

Its registered :class:`~euchre_tutor.rules.games.Game` answers each hook from them. A classic drill is
graded as the table grades a move: the advisor plays the rest of each sampled deal as the table's level
does (:data:`~euchre_tutor.games.classic.bots.LEVELS`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from euchre_tutor.advisor.drills import Drill
from euchre_tutor.advisor.rating import Band, measured_bands
from euchre_tutor.advisor.voice import Depth, grade_sentence
from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic import ERROR_BANDS, views
from euchre_tutor.games.classic.advisor.analysis import analyse
from euchre_tutor.games.classic.advisor.cli import position_run
from euchre_tutor.games.classic.advisor.ideas import action_noun, explain
from euchre_tutor.games.classic.advisor.position import read_position, write_position
from euchre_tutor.games.classic.advisor.reasons import classic_grade
from euchre_tutor.games.classic.advisor.worlds import sample_worlds
from euchre_tutor.games.classic.bots import LEVELS, RuleBasedPlayer
from euchre_tutor.games.classic.engine.deal import rules_seating
from euchre_tutor.games.classic.engine.engine import Action, Phase, Seat
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.classic.session.grading import grade_classic, grade_classic_table, tutor_of
from euchre_tutor.games.classic.session.tutor import ClassicTutor
from euchre_tutor.games.classic.views import SeatView
from euchre_tutor.jsonio import short
from euchre_tutor.session.games import Choice, DrillScene, PracticeGrade, SeatedHooks, sampled_hooks
from euchre_tutor.session.learning import GradedGame, recorded_grades

__all__ = ["Hooks"]


def _hidden(game: ClassicGame, seat: Seat) -> frozenset[Card]:
    hand = game.state.hand
    others = (c for s in hand.seating.seats if s != seat for c in hand.hands[s])
    return frozenset((*others, *hand.kitty)) - {hand.up}  # the up card was seen by all


def _position_of_view(view: SeatView, rng: random.Random) -> dict[str, Any]:
    """``view`` as ``classic analyze`` reads it, the hidden hands one sampled world's."""
    return dict(write_position(sample_worlds(view, 1, rng)[0], view.seat))


class Hooks(SeatedHooks):
    """Classic Euchre's session hooks (see :class:`~euchre_tutor.rules.games.Game`)."""

    match = ClassicGame
    rules = ClassicRules
    views = views
    controller = ClassicController
    levels = LEVELS
    seating = staticmethod(rules_seating)
    hidden = staticmethod(_hidden)
    # a shared table's seats are modelled as Club players: its points are what a Club table scores
    analyse = staticmethod(sampled_hooks(functools.partial(analyse, table="club"), RuleBasedPlayer))
    grade_table = staticmethod(grade_classic_table)
    position_of_view = staticmethod(_position_of_view)

    def read_position(self, data: object) -> SeatView:
        return read_position(data)[0]

    def words(self, action: Action) -> str:
        return action.words

    def players(self, seed: int) -> Callable[[SeatView], Action]:
        return RuleBasedPlayer().choose

    def position_of(self, game: ClassicGame) -> dict[str, object]:
        assert game.state.to_act is not None  # the position of a decision
        return write_position(game.state.hand, game.state.to_act, game.state.scores)

    def grade_save(
        self, data: object, *, regrade: bool = False, level: str | None = None, **options: Any
    ) -> GradedGame:
        """:func:`~euchre_tutor.games.classic.session.grading.grade_classic` of a save (``options``: its
        keywords; ``level`` None: the table's default), with the grades the save recorded unless ``regrade``."""
        return grade_classic(
            ClassicGame.from_json(data),
            recorded=None if regrade else recorded_grades(data),
            level=level or self.game.default_level or "club",
            **options,
        )

    def bands(self) -> tuple[Band, ...]:
        return measured_bands(ERROR_BANDS, self.game.package)

    def table_of(self, obj: object, stats: object) -> tuple[ClassicController, ClassicTutor] | None:
        if not isinstance(obj, ClassicController):
            return None
        tutor = tutor_of(obj)
        return (obj, tutor) if tutor is not None and tutor.stats is stats else None

    def scene(self, drill: Drill, choices: tuple[Choice, ...]) -> DrillScene:
        view: SeatView = self.drill_view(drill)
        level = LEVELS[drill.level or "club"].name
        title = f"Classic Euchre, {level} table: you are {view.seat.word}, {view.dealer.word} deals"
        rows: list[tuple[str, tuple[Card, ...]]] = []
        if view.trump is None:
            rows.append(("Up card" if not view.up_taken else "Turned down", (view.up,)))
            bids = ", ".join(f"{s.word} {a}" for s, a in view.bids) or "nobody has bid yet"
            rows.append((f"Bids so far: {bids}.", ()))
            question = "What do you bid?"
        else:
            maker = (
                "" if view.maker is None else f" ({view.maker.word} made it{' alone' if view.alone else ''})"
            )
            rows.append((f"Trump: {view.trump.plural}{maker}.", ()))
            question = DrillScene.trick(view, rows) if view.phase is Phase.PLAY else "What do you do?"
        return DrillScene(
            title, DrillScene.in_deck_order(view.hand), view.trump, tuple(rows), question, choices
        )

    def grade_answer(
        self, drill: Drill, answer: str, *, worlds: int, max_worlds: int | None = None, seed: int = 0
    ) -> PracticeGrade:
        level = drill.level or "club"
        if level not in LEVELS:
            raise EuchreError(
                f"drill {drill.id}: unknown table level {short(level)}: choose {', '.join(LEVELS)}"
            )
        run, _ = position_run(drill.position, LEVELS[level].model(seed), worlds=worlds, seed=seed)
        action: Action = self.answer(run.view, answer)
        analysis = run.answer(action) if max_worlds is None else run.extend(max_worlds, focus=action)
        g = classic_grade(analysis, action)
        assert g is not None  # the action is legal, so it is an option
        best = analysis.best
        why = grade_sentence(
            g.label,
            float(g.ev_loss),
            action_noun(best.action, run.view),
            tie=g.label == "Best" and action != best.action,
        )
        return PracticeGrade.graded(
            str(action),
            g.label,
            best.action.words,
            f"{action.words}: {why}",
            tuple(explain(analysis, run.view).sentences(Depth.COMPARE)),
        )

    def where(self, hand: int, position: dict[str, Any]) -> str:
        view = read_position(position)[0]
        if view.phase is Phase.PLAY:
            return f"hand {hand}, trick {len(view.tricks) + 1}"
        return f"hand {hand}, the {'bidding' if view.trump is None else view.phase.value}"
