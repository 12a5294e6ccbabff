"""The Solitaire controller: owns the game, the analyses and the teaching messages.

It knows nothing of widgets. Every command either changes the game or, when
the input is bad or the action illegal, leaves the game exactly as it was and
sets :attr:`message` to the engine's teaching sentence. Views subscribe with
:meth:`subscribe` and are told which part changed: ``"state"`` (the game),
``"message"``, ``"analysis"`` (progress or a finished hint) or ``"options"``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from euchre_tutor.advisor.drills import Deck
from euchre_tutor.advisor.luck import Swing, solitaire_baseline
from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.advisor.shared import Grade
from euchre_tutor.advisor.solitaire.advice import Hint, action_label
from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError, IllegalAction
from euchre_tutor.jsonio import error_text, seed_number
from euchre_tutor.rules.solitaire import SolitaireRules
from euchre_tutor.session.analysis import Analyst, HintRequest, HintSource, Message, Mode, file_message
from euchre_tutor.session.observing import Observable, sentence
from euchre_tutor.session.review import graded_line, hand_key_moments, hand_swings, legal_answer, new_mistakes
from euchre_tutor.session.tables import track
from euchre_tutor.solitaire.engine import Action, NameTrump, OrderUp, Phase, Play, SolitaireDeal
from euchre_tutor.solitaire.game import GameState, SolitaireGame, StartDeal, load_saved_or_deal
from euchre_tutor.views.solitaire import SolitaireView, player_view

__all__ = ["Decision", "Retry", "SolitaireController"]

#: the hint source run in the worker; EUCHRE_TUTOR_HINTS="module:factory" replaces it (tests, experiments)
DEFAULT_SOURCE = os.environ.get("EUCHRE_TUTOR_HINTS", "euchre_tutor.session.advice:advisor_source")


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the current deal: where it was taken and what was chosen."""

    key: tuple[Any, ...]
    action: Action
    position: int
    view: SolitaireView | None = None  # what the player saw when deciding (for a retry)

    @property
    def forced(self) -> bool:
        """Never: Solitaire analyses every decision, a single legal card too (the review's shared
        functions skip forced decisions)."""
        return False


@dataclass(frozen=True, slots=True)
class Retry:
    """A second answer to a past decision of the deal, graded exactly against the same analysis."""

    decision: Decision
    action: Action
    grade: Grade


class SolitaireController(Observable):
    """A game of Euchre Solitaire for one student, with hints computed ahead.

    ``source`` is the hint source (``"module:factory"`` for the worker
    process, or an object with ``analyse`` for ``runner="inline"``);
    ``source=None`` turns hints off. ``stats``: the session statistics it
    feeds (every graded decision, every finished deal; pass one to share it
    with another table), by default its own.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        rules: SolitaireRules | None = None,
        source: str | HintSource | None = DEFAULT_SOURCE,
        runner: Literal["process", "inline"] = "process",
        grading: bool = False,
        mode: Mode = "points",
        deal_now: bool = True,
        stats: SessionStats | None = None,
    ) -> None:
        super().__init__()
        self.game = SolitaireGame(rules, seed=seed)
        self.stats = stats if stats is not None else SessionStats()
        self._game_number = 1  # with a deal's start, names the deal in the stats
        self.grading = grading
        self.mode: Mode = mode
        self.hints: dict[tuple[Any, ...], Hint] = {}
        self.errors: dict[tuple[Any, ...], str] = {}
        self.progress: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.retries: list[Retry] = []  # the player's second answers, in order
        self.drills = Deck()  # this session's Mistakes and Blunders, to practise (downloaded as a file)
        self._drilled: set[tuple[str, int, str]] = set()  # (deal, position, action) already in the deck
        self._decisions: dict[tuple[int, str], Decision] = {}
        self.analyst: Analyst | None = None
        if source is not None:
            self.analyst = Analyst(source, self._on_message, runner)
        if deal_now:
            self.game.new_deal()
        self._request_analysis()
        track(self)  # a table's Download report finds the session's games by it

    # ----------------------------------------------------------------- state

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def view(self) -> SolitaireView | None:
        deal = self.state.deal
        return None if deal is None else player_view(deal)

    def _deal_start(self) -> int:
        """Game position of the current deal's StartDeal (its index in the actions)."""
        actions = self.game.actions
        for i in range(len(actions) - 1, -1, -1):
            if isinstance(actions[i], StartDeal):
                return i
        return 0

    @property
    def game_number(self) -> int:
        """This game's number in the session (the first part of its deals' keys in :attr:`stats`)."""
        return self._game_number

    def deal_key(self) -> tuple[int, int]:
        """The current deal's key in :attr:`stats` (the game, and the deal's start in its actions)."""
        return (self._game_number, self._deal_start())

    def position_key(self) -> tuple[Any, ...]:
        """A stable name for the current position: the deal and the decisions in it (and the mode)."""
        actions = self.game.actions[self._deal_start() :]
        names = tuple(str(a) for a in actions)
        if self.mode == "game":
            return (*names, "game", *self.state.score)
        return names

    @property
    def current_hint(self) -> Hint | None:
        return self.hints.get(self.position_key())

    @property
    def current_progress(self) -> tuple[int, int] | None:
        """(done, total) while the current position is being analysed."""
        key = self.position_key()
        if key in self.hints or key in self.errors or self.analyst is None:
            return None
        return self.progress.get(key, (0, 0))

    @property
    def current_error(self) -> str | None:
        return self.errors.get(self.position_key())

    def decisions(self) -> list[Decision]:
        """The decisions that led to the current position of this deal, in order."""
        start = self._deal_start()
        names = [str(a) for a in self.game.actions]
        out = []
        for pos in range(start + 1, self.game.position):
            d = self._decisions.get((pos, names[pos]))
            if d is not None:
                out.append(d)
        return out

    def grade_of(self, decision: Decision) -> Grade | None:
        hint = self.hints.get(decision.key)
        return None if hint is None else hint.grade(decision.action)

    def _hint_of(self, decision: Decision) -> Hint | None:
        return self.hints.get(decision.key)

    def key_moments(self) -> list[Decision]:
        """This deal's costliest decisions: graded Inaccuracy or worse, the costliest first (at most
        :data:`~euchre_tutor.advisor.shared.KEY_MOMENTS`); a decision still being analysed is not one yet."""
        return hand_key_moments([d for d in self.decisions() if d.view is not None], self.grade_of)

    def _points_hint(self, decision: Decision) -> Hint | None:
        """The decision's analysis when it values points (a game-chance one has no luck in points)."""
        hint = self.hints.get(decision.key)
        return None if hint is None or hint.mode == "game" else hint

    def swings(self) -> list[tuple[Decision, Swing]]:
        """The luck that followed each decision of this deal, once it is over and every decision is
        graded in points (:func:`~euchre_tutor.advisor.luck.swings`: exact, summing to the deal's rest);
        empty otherwise."""
        deal = self.state.deal
        if deal is None or not deal.is_over:
            return []
        p, d_points = deal.points
        return hand_swings(
            self.decisions(),
            self.grade_of,
            self._points_hint,
            p - d_points,
            value=lambda hint: max(o.ev for o in hint.options),
            loss=lambda grade: Fraction(grade.loss),
        )

    def retry(self, decision: Decision, action: Action) -> Retry:
        """Answer a past decision again: graded exactly against the very analysis of that moment, and
        kept in :attr:`retries`. Refuses an answer that was not legal there, or a decision not graded yet."""
        view = decision.view
        if view is None:
            raise EuchreError("that decision was not made at this table, so it cannot be retried here")
        legal_answer(action, view.legal, lambda a: action_label(a, view.turn_card))
        hint = self.hints.get(decision.key)
        grade = None if hint is None else hint.grade(action)
        if grade is None:
            raise EuchreError("that decision is still being analysed: retry it once its grade is shown")
        done = Retry(decision, action, grade)
        self.retries.append(done)
        self._emit("analysis")
        return done

    def total_loss(self) -> Fraction | None:
        """Sum of the losses of this deal's decisions (None while any is still being analysed)."""
        total = Fraction(0)
        for d in self.decisions():
            g = self.grade_of(d)
            if g is None:
                return None
            total += Fraction(g.loss)  # exact: Solitaire grades are Fractions
        return total

    # ----------------------------------------------------------------- analysis

    def _request_analysis(self) -> None:
        view = self.view
        if self.analyst is None or view is None or view.phase is Phase.OVER or not view.legal:
            return
        key = self.position_key()
        if key in self.hints or key in self.errors:
            return
        state = self.state
        self.analyst.submit(HintRequest(key, view, self.mode, state.score, state.rules.target))

    def _on_message(self, message: Message) -> None:
        kind = file_message(message, self.hints, self.errors, self.progress)
        if kind != "progress":
            self._record_stats()
            self._record_drills()
        self._emit("analysis")

    def _record_drills(self) -> None:
        """Every decision of this deal graded Mistake or Blunder becomes a drill of :attr:`drills` (once),
        its position as ``solitaire analyze`` reads it."""
        start = self._deal_start()
        actions = self.game.actions
        begin = actions[start] if start < len(actions) else None
        if not isinstance(begin, StartDeal):
            return

        def ident(d: Decision) -> tuple[str, int, str]:
            return (str(begin.deal), d.position, str(d.action))

        for d, grade, hint in new_mistakes(
            self.decisions(), self.grade_of, self._hint_of, self._drilled, ident
        ):
            from euchre_tutor.session.learning import solitaire_position  # only once a mistake is made

            before = [a for a in actions[start + 1 : d.position] if not isinstance(a, StartDeal)]
            position = solitaire_position(begin.deal, before, self.state.rules.allow_name_turned)
            self.drills.add_graded(
                "solitaire",
                position,
                answer=str(d.action),
                label=grade.label,
                best=str(hint.best.action),
                where="the trump choice"
                if d.view is None or d.view.phase is not Phase.PLAY
                else f"trick {d.view.trick_number + 1}",
            )

    def _record_stats(self) -> None:
        """Give the stats this deal's graded line and, once it is over, its result (idempotent)."""
        deal = self.state.deal
        if deal is None:
            return
        decisions = self.decisions()
        graded, _ = graded_line(
            decisions,
            self.grade_of,
            self._hint_of,
            label=lambda d: action_label(d.action, deal.turn_card),
            units=lambda hint: "win chance" if hint.mode == "game" else "points",
        )
        points: int | None = None
        best: Fraction | None = None
        if deal.is_over:
            p, d_points = deal.points
            points = p - d_points
            first = self.hints.get(decisions[0].key) if decisions else None
            best = None if first is None else max(o.ev for o in first.options)
        self.stats.update_deal(
            "solitaire",
            self.deal_key(),
            graded,
            points=points,
            best=best,
            baseline=solitaire_baseline(),  # the luck's baseline: the average fresh deal
        )

    def wait_for_analysis(self, timeout: float = 120.0) -> bool:
        """Block until every requested analysis has arrived (tests and benchmarks)."""
        return self.analyst is None or self.analyst.wait(timeout)

    def close(self) -> None:
        if self.analyst is not None:
            self.analyst.close()

    # ----------------------------------------------------------------- commands

    def _attempt(self, command: Callable[[], str | None]) -> bool:
        """Run a command; a EuchreError becomes the teaching message and changes nothing."""
        if self.analyst is not None:
            self.analyst.drain()
        try:
            said = command()
        except EuchreError as error:
            self._say(sentence(str(error)), error=True)
            return False
        self._request_analysis()
        self._record_stats()
        self._emit("state")
        self._say(said or "")
        return True

    def _decide(self, action: Action) -> str | None:
        key, position, view = self.position_key(), self.game.position, self.view
        self.game.apply(action)
        self._decisions[(position, str(action))] = Decision(key, action, position, view)
        return self._after_decision()

    def _after_decision(self) -> str | None:
        deal = self.state.deal
        if deal is None or not deal.is_over:
            return None
        p, d = deal.points
        if self.state.winner == "player":
            return f"You reached {self.state.rules.target}: you win the game! Press New game to play again."
        if self.state.winner == "deck":
            return (
                f"The deck reached {self.state.rules.target} and wins the game. Press New game to try again."
            )
        who = f"you score {p}" if p else f"the deck scores {d}"
        return f"Deal over: {who}. Press Next deal."

    def choose(self, action: OrderUp | NameTrump) -> bool:
        return self._attempt(lambda: self._decide(action))

    def play(self, card: Card | str) -> bool:
        def command() -> str | None:
            chosen = Card.parse(card) if isinstance(card, str) else card
            return self._decide(Play(chosen))

        return self._attempt(command)

    def next_deal(self) -> bool:
        def command() -> str:
            self.game.new_deal()
            return ""

        return self._attempt(command)

    def deal(self, deal: SolitaireDeal, why: str) -> bool:
        """Deal these cards next, in place of a deal not finished; ``why`` says what was dealt.

        A deal already under way (trump chosen) is set aside unscored and the
        message says so; a deal nobody has touched yet is replaced silently.
        """

        def command() -> str:
            if self.state.is_over:
                raise IllegalAction(
                    f"the game is over ({self.state.winner} reached {self.state.rules.target}); "
                    "start a new game first"
                )
            current = self.state.deal
            note = ""
            if current is not None and not current.is_over:
                self.game.go_to(self._deal_start())
                if current.trump is not None:  # trump chosen, maybe cards played: a deal under way
                    note = " The deal you were playing is set aside: it scores no points."
            try:
                self.game.new_deal(deal)
            except EuchreError:
                raise
            return why + note

        return self._attempt(command)

    def deal_seed(self, seed: int | str) -> bool:
        """Deal the cards of the seed box's seed (read by :func:`~euchre_tutor.jsonio.seed_number`)."""
        try:
            value = seed_number(seed)
        except EuchreError as error:
            self._say(sentence(str(error)), error=True)
            return False
        return self.deal(SolitaireDeal.from_seed(value), f"Dealt the cards of seed {value}.")

    def load_deal(self, text: str) -> bool:
        """A teacher's deal: 24 cards in deal order, or a saved game (JSON); bad text changes nothing."""
        try:
            loaded = load_saved_or_deal(text)
        except EuchreError as error:
            self._say(sentence(error_text(str(error))), error=True)
            return False
        if isinstance(loaded, SolitaireGame):
            return self._loaded(loaded)
        return self.deal(
            loaded, "Here is the deal you loaded: your five cards and the turn card. Choose trump."
        )

    def load_game(self, text: str) -> bool:
        """A saved game (the Save game file), read through the limits of :mod:`euchre_tutor.jsonio`."""
        try:
            game = SolitaireGame.loads(text)
        except EuchreError as error:
            self._say(sentence(error_text(str(error))), error=True)
            return False
        return self._loaded(game)

    def _loaded(self, game: SolitaireGame) -> bool:
        self.game = game
        self._decisions.clear()
        self._game_number += 1
        return self._attempt(lambda: "Loaded the saved game.")

    def replay(self) -> bool:
        def command() -> str:
            self.game.replay_deal()
            return "The same cards again: try another plan."

        return self._attempt(command)

    def new_game(self, seed: int | str | None = None) -> bool:
        """A new game from the seed box's seed (a random one when the box is empty); a bad seed changes nothing."""
        empty = seed is None or (isinstance(seed, str) and not seed.strip())
        try:
            value = None if empty else seed_number(seed)
        except EuchreError as error:
            self._say(sentence(str(error)), error=True)
            return False
        game = SolitaireGame(self.state.rules, seed=value)
        game.new_deal()
        self.game = game
        self._decisions.clear()
        self._game_number += 1
        return self._attempt(lambda: f"New game (seed {game.seed}), first to {game.rules.target}.")

    @property
    def can_undo(self) -> bool:
        """Undo takes back decisions of the current deal; it never takes back the deal itself."""
        actions = self.game.actions
        return bool(actions) and not isinstance(actions[-1], StartDeal)

    @property
    def can_redo(self) -> bool:
        return self.game.can_redo

    def undo(self) -> bool:
        def command() -> None:
            if not self.can_undo:
                raise IllegalAction("nothing to undo in this deal: no card has been chosen or played yet")
            self.game.undo()

        return self._attempt(command)

    def redo(self) -> bool:
        def command() -> None:
            if not self.can_redo:
                raise IllegalAction("nothing to redo: undo a decision first")
            self.game.redo()

        return self._attempt(command)

    def set_grading(self, on: bool) -> None:
        self.grading = on
        self._emit("options")

    def set_mode(self, mode: Mode) -> None:
        self.mode = mode
        self._request_analysis()
        self._emit("options")

    def illegal(self, text: str) -> None:
        """Report an action the page should not have allowed (e.g. a click out of turn)."""
        self._say(sentence(text), error=True)

    def save_text(self) -> str:
        return json.dumps(self.game.to_json(), indent=1)
