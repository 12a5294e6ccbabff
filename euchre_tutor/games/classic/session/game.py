"""Classic Euchre's session descriptor (:data:`GAME`): its matches, positions, grades, drills and tables.

Registered in :data:`euchre_tutor.rules.games.GAMES`; read through :mod:`euchre_tutor.session.games`.
A classic drill is graded as the table grades a move: the advisor plays the rest of each sampled deal
as the table's level does (:data:`~euchre_tutor.games.classic.bots.LEVELS`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, Final

from euchre_tutor.advisor.drills import Drill
from euchre_tutor.advisor.rating import measured_bands
from euchre_tutor.advisor.voice import Depth, grade_sentence
from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic import ERROR_BANDS, views
from euchre_tutor.games.classic import GAME as REGISTERED
from euchre_tutor.games.classic.advisor.analysis import DEFAULT_WORLDS, analyse
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
from euchre_tutor.session.games import (
    Choice,
    DrillReader,
    DrillScene,
    GameSpec,
    PracticeGrade,
    match_hooks,
    sampled_hooks,
)
from euchre_tutor.session.learning import GradedGame, recorded_grades

__all__ = ["GAME"]


def words(action: Action) -> str:
    """An action as a button says it: 'play J♥', 'order up', 'call ♣ alone'."""
    if action.card is not None and not action.cards:
        return f"{action.kind} {action.card.symbol}"
    text = str(action)
    if action.kind == "order":
        text = text.replace("order", "order up", 1)
    if action.suit is not None:
        text = text.replace(f" {action.suit.value}", f" {action.suit.symbol}", 1)
    return text


_DRILL: Final = DrillReader(lambda data: read_position(data)[0], words, Action.parse)


def _scene(drill: Drill, choices: tuple[Choice, ...]) -> DrillScene:
    view: SeatView = _DRILL.view(drill)
    level = LEVELS[drill.level or "club"].name
    title = f"Classic Euchre, {level} table: you are {view.seat.word}, {view.dealer.word} deals"
    rows: list[tuple[str, tuple[Card, ...]]] = []
    if view.trump is None:
        rows.append(("Up card" if not view.up_taken else "Turned down", (view.up,)))
        bids = ", ".join(f"{s.word} {a}" for s, a in view.bids) or "nobody has bid yet"
        rows.append((f"Bids so far: {bids}.", ()))
        question = "What do you bid?"
    else:
        maker = "" if view.maker is None else f" ({view.maker.word} made it{' alone' if view.alone else ''})"
        rows.append((f"Trump: {view.trump.plural}{maker}.", ()))
        if view.phase is Phase.PLAY:
            trick = len(view.tricks) + 1
            if view.trick_plays:
                who = ", ".join(f"{s.word} {c.symbol}" for s, c in view.trick_plays)
                rows.append((f"Trick {trick} so far ({who}):", tuple(c for _, c in view.trick_plays)))
                question = "Which card do you play?"
            else:
                rows.append((f"You lead trick {trick}.", ()))
                question = "Which card do you lead?"
        else:
            question = "What do you do?"
    return DrillScene(title, DrillScene.in_deck_order(view.hand), view.trump, tuple(rows), question, choices)


def _grade_answer(
    drill: Drill, answer: str, *, worlds: int = DEFAULT_WORLDS, max_worlds: int | None = None, seed: int = 0
) -> PracticeGrade:
    level = drill.level or "club"
    if level not in LEVELS:
        raise EuchreError(f"drill {drill.id}: unknown table level {short(level)}: choose {', '.join(LEVELS)}")
    run, _ = position_run(drill.position, LEVELS[level].model(seed), worlds=worlds, seed=seed)
    action: Action = _DRILL.action(run.view, answer)
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
        words(best.action),
        f"{words(action)}: {why}",
        tuple(explain(analysis, run.view).sentences(Depth.COMPARE)),
    )


def _where(hand: int, position: dict[str, Any]) -> str:
    view = read_position(position)[0]
    if view.phase is Phase.PLAY:
        return f"hand {hand}, trick {len(view.tricks) + 1}"
    return f"hand {hand}, the {'bidding' if view.trump is None else view.phase.value}"


def _grade_save(
    data: object, *, regrade: bool = False, level: str | None = None, **options: Any
) -> GradedGame:
    """:func:`~euchre_tutor.games.classic.session.grading.grade_classic` of a save (``options``: its
    keywords; ``level`` None: the Club table's), with the grades the save recorded unless ``regrade``."""
    return grade_classic(
        ClassicGame.from_json(data),
        recorded=None if regrade else recorded_grades(data),
        level=level or REGISTERED.default_level or "club",
        **options,
    )


def _table_of(obj: object, stats: object) -> tuple[ClassicController, ClassicTutor] | None:
    if not isinstance(obj, ClassicController):
        return None
    tutor = tutor_of(obj)
    return (obj, tutor) if tutor is not None and tutor.stats is stats else None


def _hidden(game: ClassicGame, seat: Seat) -> frozenset[Card]:
    hand = game.state.hand
    others = (c for s in hand.seating.seats if s != seat for c in hand.hands[s])
    return frozenset((*others, *hand.kitty)) - {hand.up}  # the up card was seen by all


def _players(seed: int) -> Callable[[SeatView], Action]:
    return RuleBasedPlayer().choose


# a shared table's seats are modelled as Club players: its points are what a Club table scores
_analyse = sampled_hooks(functools.partial(analyse, table="club"), RuleBasedPlayer)


def _position_of_view(view: SeatView, rng: random.Random) -> dict[str, Any]:
    """``view`` as ``classic analyze`` reads it, the hidden hands one sampled world's."""
    return dict(write_position(sample_worlds(view, 1, rng)[0], view.seat))


GAME = GameSpec(
    **match_hooks(ClassicGame, ClassicRules, views, ClassicController, rules_seating),
    info=REGISTERED,
    hidden=_hidden,
    players=_players,
    read_position=lambda data: read_position(data)[0],
    position_of=lambda game: write_position(game.state.hand, game.state.to_act, game.state.scores),
    analyse=_analyse,
    grade_save=_grade_save,
    bands=lambda: measured_bands(ERROR_BANDS, REGISTERED.package),
    levels=LEVELS,
    choices=_DRILL.choices,
    answer_text=_DRILL.answer_text,
    scene=_scene,
    grade_answer=_grade_answer,
    where=_where,
    table_of=_table_of,
    grade_table=grade_classic_table,
    position_of_view=_position_of_view,
    source=lambda controller: f"classic match, seed {controller.seed}",
)
