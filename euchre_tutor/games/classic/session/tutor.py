"""The classic table's tutor: hints with numbers, grades, the post-hand review, levels, autoplay, open hands.

:class:`ClassicTutor` sits beside a :class:`~euchre_tutor.games.classic.session.controller.ClassicController`
(it knows nothing of widgets either) and listens to it. Whenever the student's
turn starts it sends the position, written as the ``euchre-tutor classic
analyze`` input, to an :class:`~euchre_tutor.session.analysis.Analyst` (a
worker process by default), so the analysis runs off the click path and the
page never waits for it; the seed is the match's seed, so the hint shown is
the command's output for the same position. Each analysed turn is kept by its
place in the game's history: once the student acts there, the decision gets
its grade (expected points lost against the best action, the same scale as
Solitaire's). A finished hand can be reviewed decision by decision and trick
by trick.

The computer players of a level that thinks for long (Expert) think in a
second worker process when the tutor runs in a kernel (``background_bots``):
the student's click updates the table at once and their decisions arrive as
they are made (the controller's :attr:`~ClassicController.thinking`).

Views subscribe with :meth:`subscribe`: ``"analysis"`` (progress or a hint
arrived) and ``"options"`` (a switch or the level changed). Clicks still go
to the controller, which refuses bad ones with a message and changes nothing,
whether or not an analysis is running.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from euchre_tutor.advisor.shared import Grade
from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis
from euchre_tutor.games.classic.advisor.ideas import action_noun, tie_group
from euchre_tutor.games.classic.advisor.position import write_position
from euchre_tutor.games.classic.advisor.reasons import action_label, classic_grade
from euchre_tutor.games.classic.advisor.table_calibration import table_baseline
from euchre_tutor.games.classic.bots import LEVELS, Level
from euchre_tutor.games.classic.engine.engine import Action, Phase, Trick
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.games.classic.session.advice import ClassicBotRequest, ClassicHintRequest
from euchre_tutor.games.classic.session.controller import CARD_KINDS, ClassicController, HandLog
from euchre_tutor.games.classic.views import SeatView
from euchre_tutor.session.analysis import AnalysisSource, Analyst, Message
from euchre_tutor.session.tutor import Decision as TableDecision
from euchre_tutor.session.tutor import Retry, TableTutor, Turn, analysis_seed, turn_position

__all__ = [
    "DEFAULT_CLASSIC_SOURCE",
    "ClassicTutor",
    "Decision",
    "HandReview",
    "Retry",
    "ReviewStep",
    "Turn",
    "analysis_seed",
    "level_of",
]

#: the hint source run in the worker; EUCHRE_TUTOR_CLASSIC_HINTS="module:factory" replaces it
DEFAULT_CLASSIC_SOURCE: Final = os.environ.get(
    "EUCHRE_TUTOR_CLASSIC_HINTS", "euchre_tutor.games.classic.session.advice:classic_advisor_source"
)
#: a grade being refined redraws its "grading…" line with the deals so far each time they pass a
#: multiple of this (a refinement may take tens of thousands of deals, in batches of a few hundred)
REFINE_STEP: Final = 4800
#: the worker that thinks for the computer players of a deliberate level (Expert)
CLASSIC_BOT_SOURCE: Final = "euchre_tutor.games.classic.session.advice:classic_bot_source"
#: seconds a forced card waits before it is played for the student (time to see it is forced)
AUTOPLAY_PAUSE: Final = 0.6


def level_of(name: str | Level) -> Level:
    """A level by name (``"beginner"``, ``"club"``, ``"expert"``), refused with the names if unknown."""
    if isinstance(name, Level):
        return name
    found = LEVELS.get(str(name).strip().lower())
    if found is None:
        raise ValueError(
            f"unknown level {name!r}: choose {', '.join(level.name for level in LEVELS.values())}"
        )
    return found


@dataclass(frozen=True, slots=True)
class Decision(TableDecision):
    """One decision of the student, with its trick: 0 for the bidding (or a discard before the first
    lead), else the trick's number."""

    trick: int


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """One page of the review: the bidding, or one trick, with the student's decisions in it."""

    title: str
    lines: tuple[str, ...]
    trick: Trick | None
    decisions: tuple[Decision, ...]


@dataclass(frozen=True, slots=True)
class HandReview:
    number: int
    outcome: str
    steps: tuple[ReviewStep, ...]


class ClassicTutor(TableTutor[ClassicController, Decision]):
    """Hints, grades and the review for the student of ``controller``; levels, autoplay, open hands.

    ``source``: the hint source (``"module:factory"`` for the worker process, an object with
    ``analyse`` for ``runner="inline"``, None: no hints and no grades). Turns are analysed while
    the hint is shown (``show_hint``) or the play is graded (``grading``); the worker starts the
    first time either is on, so a table nobody asks for hints costs no process. ``worlds``: sampled deals per
    analysis (the command's default). ``autoplay``: a single legal card is played for the student
    after ``pause`` seconds (on the kernel's event loop; with none running, by :meth:`autoplay_now`).
    ``background_bots``: computer players that think for long (``deliberate``, the Expert level) think
    in a worker process, off the click path (None: when an event loop runs, as in a kernel; with no
    loop their answers wait for :meth:`wait_for_bots`). ``refine_grades``: a grade the turn's hint
    leaves on a band's edge is refined after the move, in the worker behind the next hint (None: when
    the analyses run in a worker process; see :meth:`grade_of`).
    """

    GAME_NAME = "classic"

    def __init__(
        self,
        controller: ClassicController,
        *,
        level: str | Level = "club",
        source: str | AnalysisSource | None = DEFAULT_CLASSIC_SOURCE,
        worlds: int = 200,
        autoplay: bool = True,
        pause: float = AUTOPLAY_PAUSE,
        open_hands: bool = False,
        background_bots: bool | None = None,
        **options: Any,
    ) -> None:
        super().__init__(controller, source=source, worlds=worlds, **options)
        self.hints: dict[tuple[Any, ...], ClassicAnalysis] = {}
        self.level = level_of(level)
        self.autoplay = autoplay
        self.pause = pause
        self.open_hands = open_hands
        # facts said at most once a hand (what partner's bids showed): (game, hand, fact) -> the turn saying it
        self._said: dict[tuple[int, int, str], tuple[Any, ...]] = {}
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        self._autoplay_timer: asyncio.TimerHandle | None = None
        self.background_bots = self._loop is not None if background_bots is None else background_bots
        self.bot_analyst: Analyst | None = None
        self._place_bots()
        self._listen()

    # ----------------------------------------------------------------- hooks

    @classmethod
    def _seat_options(cls, seat: Any) -> dict[str, Any]:
        """At a shared table: the advisor models the table's computer players' level (Club by default);
        a forced card is the service's to autoplay, the computer players think in the service."""
        return {"level": seat.options.get("level") or "club", "autoplay": False, "background_bots": False}

    def _new_turn(self) -> Turn:
        c = self.controller
        place = turn_position(c, lambda: write_position(c.state.hand, c.seat, c.state.scores))
        key = None
        if self.forced is None:
            text = json.dumps(place, sort_keys=True, ensure_ascii=False)
            key = ("classic", self.seed, self.worlds, self.table, text)
        return Turn(key, c.view, c.state.hand_number, place)

    def _hint_request(self, key: tuple[Any, ...], turn: Turn) -> ClassicHintRequest:
        return ClassicHintRequest(key, turn.position, self.worlds, self.seed, self.table)

    def _decision(self, index: int, turn: Turn, action: Action) -> Decision:
        view = turn.view
        trick = len(view.tricks) + 1 if view.phase is Phase.PLAY else 0
        return Decision(index, turn.hand_number, action, action_label(action, view), view, turn.key, trick)

    def _label(self, action: Action, view: SeatView) -> str:
        return action_label(action, view)

    def _grade(self, hint: ClassicAnalysis, action: Action) -> Grade | None:
        return classic_grade(hint, action)

    def _drill(self, decision: Decision) -> tuple[dict[str, Any], dict[str, Any]]:
        """Its position as ``classic analyze`` reads it, without the score (the table grades by expected points)."""
        position = {k: v for k, v in self._turns[decision.index].position.items() if k != "score"}
        where = "the bidding" if decision.trick == 0 else f"trick {decision.trick}"
        return position, {"level": self.table, "where": f"hand {decision.hand_number}, {where}"}

    def _baseline(self, log: HandLog) -> float | Fraction:
        players = self.controller.rules.players
        # the hints' values are this table's (its calibration): so is the baseline they are measured from
        return table_baseline(self.table, self.controller.seat.from_dealer(log.dealer), players)

    def _grades_header(self) -> dict[str, Any]:
        return {"level": self.table, "seed": self.seed}

    def _loss(self, grade: Grade) -> float | Fraction:
        return grade.ev_loss

    def _on_state(self) -> None:
        self._schedule_autoplay()

    def _quiet(self, message: Message, before: int) -> bool:
        if message[2] == (0, 0):
            return False
        # a batch of deals counted: the panel shows no figure for it, nothing to redraw, unless a grade
        # being refined says how far it has come, every few thousand deals
        return "grade" not in message[1] or message[2][0] // REFINE_STEP == before // REFINE_STEP

    # ----------------------------------------------------------------- reading

    @property
    def table(self) -> str:
        """The level of the computer players seated: the advisor models the table's play by it."""
        return self.level.name.lower()

    def position(self) -> dict[str, Any] | None:
        """The student's position now as ``classic analyze`` input (None when it is not their turn)."""
        c = self.controller
        if not c.my_turn:
            return None
        return turn_position(c, lambda: write_position(c.state.hand, c.seat, c.state.scores))

    @property
    def forced(self) -> Action | None:
        """The only legal action now, when it is a card (autoplay plays it); else None."""
        legal = self.controller.legal
        if len(legal) == 1 and legal[0].kind in CARD_KINDS:
            return legal[0]
        return None

    def hint_of(self, decision: Decision) -> ClassicAnalysis | None:
        """The analysis the decision is graded and valued by: its refined one when the turn's needed
        refining (None while either runs).

        A grade the turn's hint cannot settle (the loss's interval still straddles a band's edge) is
        refined after the move: more deals, focused on the action taken (:meth:`refine_key`); until
        that arrives the grade is pending too, so a label once shown does not change.
        """
        if decision.key is None:
            return None
        hint = self.hints.get(decision.key)
        if hint is None or not self.refine_grades or hint.grade_holds(decision.action):
            return hint
        refined = self.hints.get(self.refine_key(decision))
        if refined is None and self.refine_key(decision) in self.errors:
            return hint  # the refinement failed: the turn's grade, with its edge said in words
        return refined

    def story(self, decision: Decision) -> str | None:
        """One sentence when the analysis the decision is graded by (refined with more deals) tells another
        story than the hint the student saw: another option turned out best, or the student's choice, a tie
        with the best in the hint, turned out to lose. None when the two agree (or either is missing)."""
        if decision.key is None:
            return None
        shown, graded = self.hints.get(decision.key), self.hint_of(decision)
        if shown is None or graded is None or graded is shown:
            return None
        view = decision.view
        hint_best = {o.action for o in tie_group(shown)}
        now_best = {o.action for o in tie_group(graded)}
        best = graded.best
        if best.action not in hint_best:
            was = shown.best.action
            gap = graded.option(was).ev_gap
            tie = ", a tie in practice" if was in now_best else ""
            return (
                f"With more deals, {action_noun(best.action, view)} turned out better than "
                f"{action_noun(was, view)}, which the hint showed as best: a difference of {gap:.2f} points{tie}."
            )
        if decision.action in hint_best and decision.action not in now_best:
            gap = graded.option(decision.action).ev_gap
            return (
                f"With more deals, your choice, a tie with the best in the hint, turned out {gap:.2f} points "
                f"a hand worse than {action_noun(best.action, view)}."
            )
        return None

    def said_once(self, key: tuple[Any, ...] | None, hand_number: int, fact: str) -> bool:
        """Whether the turn ``key`` may say ``fact`` (one that does not change from turn to turn): the first
        turn of the hand to ask says it, every time it is drawn again; the later turns do not."""
        if key is None:
            return False
        place = (id(self.controller.game), hand_number, fact)
        return self._said.setdefault(place, key) == key

    def refining(self, decision: Decision) -> tuple[int, int] | None:
        """The deals so far and the cap of the decision's grade being refined (None: not refining)."""
        if decision.key is None:
            return None
        done = self.progress.get(self.refine_key(decision))
        return None if done is None or done == (0, 0) else done

    @staticmethod
    def refine_key(decision: Decision) -> tuple[Any, ...]:
        """Where a decision's refined analysis is filed (beside its turn's hint)."""
        assert decision.key is not None
        return (*decision.key, "grade", str(decision.action))

    def _refine(self, decisions: list[Decision]) -> None:
        """Ask for the refined analysis of every decision whose grade the turn's hint left unsettled."""
        if not self.refine_grades or not self.wanted:
            return
        for d in decisions:
            if d.key is None:
                continue
            hint = self.hints.get(d.key)
            if hint is None or hint.grade_holds(d.action):
                continue
            key = self.refine_key(d)
            if key in self.hints or key in self.errors:
                continue
            turn = self._turns[d.index]
            self._submit(
                ClassicHintRequest(key, turn.position, self.worlds, self.seed, self.table, str(d.action))
            )

    def review(self, hand_number: int | None = None) -> HandReview | None:
        """The review of a finished hand (the last finished one by default): bidding, then each trick."""
        log = self._finished_log(hand_number)
        if log is None:
            return None
        decisions = self.decisions(log.number)
        steps = [ReviewStep("Bidding", log.bidding, None, tuple(d for d in decisions if d.trick == 0))]
        tricks = dict(log.tricks)
        # a trick the log has not (at a shared table, a hand's last trick may end unseen) still shows
        # the student's decisions in it
        for number in sorted({*tricks, *(d.trick for d in decisions if d.trick)}):
            steps.append(
                ReviewStep(
                    f"Trick {number}",
                    (),
                    tricks.get(number),
                    tuple(d for d in decisions if d.trick == number),
                )
            )
        return HandReview(log.number, log.outcome, tuple(steps))

    # ----------------------------------------------------------------- switches

    def set_open_hands(self, on: bool) -> None:
        self.open_hands = on
        self._emit("options")

    def set_autoplay(self, on: bool) -> None:
        self.autoplay = on
        self._emit("options")
        self._schedule_autoplay()

    def new_match(
        self,
        seed: int | str | None = None,
        rules: str | ClassicRules | Mapping[str, Any] | None = None,
        level: str | Level | None = None,
        *,
        draw: bool = False,
    ) -> bool:
        """A new match at ``level`` (default: the current one): its computer players play every seat
        but the student's for the whole match; ``draw``: open it by drawing for partners and the deal."""
        c = self.controller
        try:
            chosen = self.level if level is None else level_of(level)
        except ValueError as error:
            c.illegal(str(error))
            return False
        before = c.bot
        c.bot = chosen.player()
        self._place_bots()
        if not c.new_match(seed, rules, draw=draw):
            c.bot = before
            self._place_bots()
            return False
        self.level = chosen
        self._emit("options")
        return True

    # ----------------------------------------------------------------- analysis

    def analyse_position(self, key: tuple[Any, ...], position: dict[str, Any]) -> None:
        """Analyse a position (the ``classic analyze`` input) in the worker, filed under ``key`` like a hint
        (the turn's, or a what-if's); nothing without hints."""
        self._submit(ClassicHintRequest(key, position, self.worlds, self.seed, self.table))

    # ----------------------------------------------------------------- computer players in the background

    def _place_bots(self) -> None:
        """Think for the controller's computer players in the worker when they are deliberate, else at once."""
        c = self.controller
        if self.background_bots and getattr(c.bot, "deliberate", False):
            c.thinker = self._think
            if self.bot_analyst is None:  # start it now: its start-up overlaps the student's first look
                self.bot_analyst = Analyst(CLASSIC_BOT_SOURCE, self._on_bot_message, "process")
        else:
            c.thinker = None

    def _think(self, view: SeatView, ticket: int) -> None:
        assert self.bot_analyst is not None
        self.bot_analyst.submit(ClassicBotRequest(("bot", ticket), self.controller.bot, view))

    def _on_bot_message(self, message: Message) -> None:
        kind, key, payload = message
        if kind == "progress":
            return
        # a failed worker answers None: the controller falls back on the rule-based choice
        self.controller.bot_answered(key[1], payload if kind == "done" else None)

    def wait_for_bots(self, timeout: float = 120.0) -> bool:
        """Block until the computer players have answered and it is the student's turn, the hand is
        over or the match is (tests and scripts with no event loop); False on timeout."""
        deadline = time.monotonic() + timeout
        while self.controller.thinking is not None:
            left = deadline - time.monotonic()
            if self.bot_analyst is None or left <= 0 or not self.bot_analyst.wait(left):
                return False
        return True

    def close(self) -> None:
        if self._autoplay_timer is not None:
            self._autoplay_timer.cancel()
        super().close()
        if self.bot_analyst is not None:
            self.bot_analyst.close()
        self.controller.thinker = None

    # ----------------------------------------------------------------- autoplay

    def _schedule_autoplay(self) -> None:
        if self._autoplay_timer is not None:
            self._autoplay_timer.cancel()
            self._autoplay_timer = None
        if not self.autoplay or self.forced is None:
            return
        if self._loop is not None and self._loop.is_running():
            where = (self.controller.game, self.controller.game.position)
            self._autoplay_timer = self._loop.call_later(self.pause, self._autoplay_at, where)

    def _autoplay_at(self, where: tuple[object, int]) -> None:
        self._autoplay_timer = None
        game, position = where
        if game is self.controller.game and position == self.controller.game.position:
            self.autoplay_now()

    def autoplay_now(self) -> bool:
        """Play the forced card now (False when nothing is forced or autoplay is off)."""
        action = self.forced
        if not self.autoplay or action is None:
            return False
        c = self.controller
        label = action_label(action, c.view)
        if not c.act(action):
            return False
        c._say(f"{label}: your only legal card, played for you. {c.message}", c.message_is_error)
        return True
