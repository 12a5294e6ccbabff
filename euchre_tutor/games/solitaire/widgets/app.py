"""The Euchre Solitaire dashboard: ``SolitaireApp(seed=7)`` in a notebook or in Voila.

The widget tree is built once; every click goes to the controller (the game)
or the tutor (hints, grading, the review and its retries), and the view then
updates the existing widgets in place (values, descriptions and CSS
classes under ``hold_sync``). Stable hooks for tests and for styling:

- ``euchre-card``: each button of the student's hand (nothing else); an
  unplayable one also has the class ``disabled`` (it stays clickable, so a
  click explains why it may not be played) and says why in a class:
  ``wait`` (trump is not chosen yet, or the deal is over) or ``illegal``
  (it does not follow suit); its tooltip changes in the same update;
- ``euchre-trump``: each trump-choice control; ``euchre-log``: the trick log;
  ``euchre-hint``: the hint panel; ``euchre-score``: the score board;
  ``euchre-message``: the teaching message; ``euchre-stats``: the session chart
  (every graded decision and finished deal of the session, see
  :mod:`euchre_tutor.widgets.stats`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Literal

import ipywidgets as w

from euchre_tutor.advisor.luck import luck_sentence, lucky_swings, total
from euchre_tutor.advisor.shared import KEY_MOMENTS, Grade
from euchre_tutor.advisor.voice import Depth
from euchre_tutor.cards import Card, Suit, describe_rank, is_trump
from euchre_tutor.errors import IllegalPlay
from euchre_tutor.games.solitaire.advisor.advice import Hint, action_label
from euchre_tutor.games.solitaire.advisor.ideas import explain, tied_best
from euchre_tutor.games.solitaire.engine.engine import (
    HAND_SIZE,
    NameTrump,
    OrderUp,
    Phase,
    follow_suit_message,
)
from euchre_tutor.games.solitaire.rules import SolitaireRules
from euchre_tutor.games.solitaire.session.advice import HintSource, Mode
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.tutor import DEFAULT_SOURCE, Decision, SolitaireTutor, where_words
from euchre_tutor.games.solitaire.widgets import render
from euchre_tutor.widgets.retry import RetryCase, RetryPanel, tutor_drills_html
from euchre_tutor.widgets.stats import SessionChart
from euchre_tutor.widgets.style import CSS
from euchre_tutor.widgets.table import CardTable, button, show
from euchre_tutor.widgets.table_parts import (
    HintPanel,
    controls_box,
    four_colour_box,
    seed_text,
    uploaded_text,
)

__all__ = ["SolitaireApp"]

_CARD_CLASSES = ("euchre-card", "disabled", "wait", "illegal", "playable", "trump", "red", "black", "empty")


class SolitaireApp(CardTable):
    """Play Euchre Solitaire to the target with exact hints, grading and undo.

    ``seed`` names the game's deals (deal k is seed + k); ``hints=False``
    turns the advisor off; ``four_colour`` draws diamonds blue and clubs
    green. ``source``/``runner`` choose the hint source and where it runs
    (tests pass an inline stub). ``controller`` or ``tutor``: the table's own (its tutor's
    controller is the table's).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        target: int = 10,
        four_colour: bool = False,
        hints: bool = True,
        show_hint: bool = False,
        grading: bool = False,
        mode: Mode = "points",
        source: str | HintSource | None = DEFAULT_SOURCE,
        runner: Literal["process", "inline"] = "process",
        controller: SolitaireController | None = None,
        tutor: SolitaireTutor | None = None,
    ) -> None:
        super().__init__(HAND_SIZE)
        if tutor is None:
            tutor = SolitaireTutor(
                controller or SolitaireController(seed, rules=SolitaireRules(target=target)),
                source=source if hints else None,
                runner=runner,
                grading=grading,
                mode=mode,
            )
        self.tutor = tutor
        self.controller = tutor.controller
        if four_colour:
            self.add_class("four-colour")
        self._build(show_hint)
        self.controller.subscribe(self._on_change)
        self.tutor.subscribe(self._on_change)
        self.refresh()

    # ----------------------------------------------------------------- building

    def _build(self, show_hint: bool) -> None:
        t = self.tutor
        self.style_html = w.HTML(f"<style>{CSS}</style>", layout=w.Layout(display="none"))
        self.title = w.HTML(
            '<div class="et-title"><h1>♠ Euchre Solitaire ♥</h1>'
            '<div class="sub">You against the deck · take 3 of 5 tricks · first to the target wins</div></div>'
        )
        self.score = w.HTML()
        self.score.add_class("euchre-score")
        header = w.HBox([self.title, self.score])
        header.add_class("et-header")

        self.table = w.HTML()
        self.table.add_class("euchre-table")

        self._build_trump()

        # hand
        self.prompt = w.HTML()
        self.prompt.add_class("et-prompt")
        self.hand = w.HBox(self.cards)
        self.hand.add_class("et-hand")

        self.review = w.HTML()
        self.review.add_class("euchre-review")
        self.retry = RetryPanel(KEY_MOMENTS, lambda text: self._show_message(text, True))
        show(self.retry, False)
        self.drills_line = w.HTML()
        self.retry.children = (*self.retry.children, self.drills_line)

        self._build_controls()

        # the end of a deal: Next deal and Replay deal in the emptied hand's place, the review under them
        end = self._end_of_hand_bar(self.hand, self.next_deal, self.replay)
        left = w.VBox(
            [self.table, self.trump_box, self.prompt, self.hand, end, self.review, self.retry, self.controls]
        )
        left.add_class("et-left")

        self._build_hint(show_hint)

        self.trick_log = w.HTML()
        self.trick_log.add_class("euchre-log")
        self.session = SessionChart(t.stats, game="solitaire")
        right = w.VBox([self.hint_panel, self.session, self.trick_log])
        right.add_class("et-right")
        main = w.HBox([left, right])
        main.add_class("et-main")
        self.children = [self.style_html, header, self.message, main]

    def _build_trump(self) -> None:
        """The trump choice: Order up, a Name button per suit, Alone."""
        self.order_up = button("Order up", "", lambda: self._choose(None), "euchre-trump", "et-order-up")
        self.name_buttons: dict[Suit, w.Button] = {}
        for suit in Suit:
            b = button(
                f"Name {suit.symbol}",
                f"Name {suit.plural} trump",
                functools.partial(self._choose, suit),
                "euchre-trump",
                f"et-name-{suit.value}",
            )
            if suit.is_red:
                b.add_class("red")
            self.name_buttons[suit] = b
        self.alone = w.ToggleButton(
            value=False,
            description="Alone",
            tooltip="Play alone: 5 tricks score 4, anything less gives the deck 4",
        )
        self.alone.add_class("euchre-trump")
        self.alone.add_class("et-alone")
        self.trump_box = w.HBox([self.order_up, *self.name_buttons.values(), self.alone])
        self.trump_box.add_class("et-trumpbox")

    def _build_controls(self) -> None:
        """The game's controls: undo and redo, Next deal and Replay deal, the seed, New game and Deal
        seed, the deal box, Load deal and the deal file, Save game, four-colour suits."""
        c = self.controller
        self.next_deal = button("Next deal", "Deal the next cards of this game", c.next_deal, "et-ctl")
        self.replay = button("Replay deal", "Deal the same cards again", c.replay, "et-ctl")
        self.undo = button("↶ Undo", "Take back the last decision", c.undo, "et-ctl", "et-undo")
        self.redo = button("Redo ↷", "Make the undone decision again", c.redo, "et-ctl", "et-redo")
        self.seed = seed_text(c.game.seed)
        self.new_game = button("New game", "Start a new game from this seed", self._new_game, "et-ctl")
        self.deal_seed = button("Deal seed", "Deal this seed's cards now", self._deal_seed, "et-ctl")
        self.deal_text = w.Text(
            placeholder="teacher's deal: 24 cards, e.g. 9H 9C KC JC 9S JD …",
            layout=w.Layout(width="330px"),
        )
        self.deal_text.add_class("et-deal-text")
        self.load = button(
            "Load deal", "Deal the cards typed here (or a saved game)", self._load_text, "et-ctl"
        )
        self.upload = w.FileUpload(accept=".txt,.json,.deal", multiple=False, description="Deal file")
        self.upload.add_class("et-upload")
        self.upload.observe(self._on_upload, names="value")
        self.save = button(
            "Save game",
            "Download this game: a teacher can load the file to replay it",
            self._save_game,
            "et-ctl",
        )
        self.save_link = w.HTML()
        self.save_link.add_class("et-save-link")
        self.four = four_colour_box(self)
        self.controls = controls_box(
            [
                [self.undo, self.redo],
                [self.seed, self.new_game, self.deal_seed, self.four],
                [self.deal_text, self.load, self.upload],
                [self.save, self.save_link],
            ]
        )

    def _build_hint(self, show_hint: bool) -> None:
        """The hint panel with its switches: the bars' metric and what the best option aims for."""
        t = self.tutor
        self.metric = w.ToggleButtons(
            options=[("Points", "ev"), ("3+ tricks", "p3")],
            value="ev",
            tooltips=["The deal's average points", "The chance of 3 or more tricks"],
        )
        self.metric.style.button_width = "72px"
        self.metric.observe(lambda _ch: self.refresh_hint(), names="value")
        self.mode = w.Dropdown(
            options=[("most points", "points"), ("win the game", "game")],
            value=t.mode,
            description="Aim",  # a visible label is the select's accessible name
            tooltip="What the hint's best option aims for",
            style={"description_width": "initial"},
            layout=w.Layout(width="180px"),
        )
        self.mode.observe(lambda ch: t.set_mode(ch["new"]), names="value")
        self.hint_panel = HintPanel(
            shown=show_hint,
            grading=t.grading,
            on_toggle=lambda _shown: self.refresh_hint(),
            on_grade=t.set_grading,
            on_depth=self._depth_changed,
            toggle_tip="Show or hide the hint",
            switches=[self.metric, self.mode],
            status_class="et-analysis",
            grade_class="et-grade-line",
        )
        p = self.hint_panel
        self.hint_toggle, self.grade, self.depth = p.toggle, p.grade, p.depth
        self.status, self.hint_body, self.grade_line = p.status, p.body, p.grade_line

    # ----------------------------------------------------------------- commands

    def _choose(self, suit: Suit | None) -> None:
        alone = bool(self.alone.value)
        self.controller.choose(OrderUp(alone) if suit is None else NameTrump(suit, alone))

    def _card_clicked(self, card: Card) -> None:
        self.controller.play(card)

    def _new_game(self) -> None:
        self.controller.new_game(self.seed.value)

    def _deal_seed(self) -> None:
        self.controller.deal_seed(self.seed.value)

    def _load_text(self) -> None:
        self.controller.load_deal(self.deal_text.value)

    def _on_upload(self, change: dict[str, Any]) -> None:
        text = uploaded_text(change, self.controller.illegal)
        if text is not None:
            self.controller.load_deal(text)

    def _save_game(self) -> None:
        """Offer the game as a JSON file (a data link works in Voila and JupyterLab alike)."""
        self.save_link.value = self._download_link(
            f"euchre-game-seed-{self.controller.game.seed}.json",
            self.controller.save_text(),
            "(load it with <i>Deal file</i> or <i>Load deal</i> to replay the game)",
        )

    # ----------------------------------------------------------------- updating in place

    def _on_change(self, topic: str) -> None:
        if topic == "message":
            self.refresh_message()
        elif topic == "analysis" or topic == "options":
            self.refresh_hint()
            self.refresh_review()
        else:
            self.refresh()

    def refresh(self) -> None:
        c = self.controller
        view = c.view
        state = c.state
        self.score.value = render.score_html(*state.score, state.rules.target)
        self.table.value = render.table_html(view)
        self.trick_log.value = render.scroll_region(render.log_html(view), "Trick log")
        self._refresh_trump(view)
        self._refresh_hand(view)
        self.undo.disabled = not c.can_undo
        self.redo.disabled = not c.can_redo
        deal_over = view is None or view.phase is Phase.OVER
        self.next_deal.disabled = not deal_over or state.is_over
        self.replay.disabled = not deal_over or view is None
        self._show_hand_end(deal_over)
        if str(c.game.seed) != self.seed.value and not self.seed.value.strip():
            self.seed.value = str(c.game.seed)
        self.refresh_message()
        self.refresh_hint()
        self.refresh_review()

    def refresh_message(self) -> None:
        self._show_message(self.controller.message, self.controller.message_is_error)

    def _refresh_trump(self, view: Any) -> None:
        choosing = view is not None and view.phase is Phase.CHOOSE_TRUMP
        if choosing:
            self.trump_box.remove_class("hidden")
        else:
            self.trump_box.add_class("hidden")
        if view is None:
            return
        turn = view.turn_card
        with self.order_up.hold_sync():
            self.order_up.description = f"Order up {turn.symbol}"
            self.order_up.tooltip = f"Make {turn.suit.plural if turn.suit else ''} trump; the {turn.name} goes on top of the stock"
            if turn.is_red:
                self.order_up.add_class("red")
            else:
                self.order_up.remove_class("red")
        options = {str(a) for a in view.legal}
        for suit, b in self.name_buttons.items():
            allowed = str(NameTrump(suit)) in options
            show(b, allowed)
            b.disabled = not choosing

    def _refresh_hand(self, view: Any) -> None:
        self.prompt.value = self._prompt(view)
        if view is None:
            cards: list[Card] = []
        else:
            cards = render.hand_order(view.hand, view.trump)
        legal = set(view.legal_cards) if view is not None else set()
        for i in range(len(self.cards)):
            card = cards[i] if i < len(cards) else None
            if card is None:
                self._show_slot(i, None, {"empty"}, "empty", "")
                continue
            assert card.suit is not None
            want = {"euchre-card", f"c-{card}", f"s-{card.suit.value}", "red" if card.is_red else "black"}
            want |= card_state_classes(view.phase, card in legal)
            if view.trump is not None and is_trump(card, view.trump):
                want.add("trump")
            self._show_slot(i, card, want, card.name, self._card_tooltip(view, card, card in legal))

    def _prompt(self, view: Any) -> str:
        if view is None:
            return "Press Next deal to start."
        if view.phase is Phase.CHOOSE_TRUMP:
            return "Your hand. Choose trump: order up the turn card, or name another suit."
        if view.phase is Phase.OVER:
            return f"The deal is over: you took {view.tricks_won} trick{'s' if view.tricks_won != 1 else ''}."
        if view.deck_lead is not None:
            return f"The deck led {view.deck_lead.symbol}: follow suit if you can."
        return f"Your lead, trick {view.trick_number + 1} of 5: click a card."

    @staticmethod
    def _card_tooltip(view: Any, card: Card, legal: bool) -> str:
        if view.phase is Phase.CHOOSE_TRUMP:
            return f"{card.name}: choose trump before playing"
        if view.phase is Phase.OVER:
            return f"{card.name}: the deal is over"
        if legal:
            return f"{card.name}: {describe_rank(card, view.trump)}"
        try:
            reason = follow_suit_message(card, view.deck_lead, view.trump, view.legal_cards)
        except (IllegalPlay, AssertionError):  # pragma: no cover - defensive
            reason = "not playable now"
        return f"{card.name} may not be played: {reason}"

    def refresh_hint(self) -> None:
        c, t = self.controller, self.tutor
        view = c.view
        shown = self.hint_panel.shown
        # status line: analysis progress, always visible
        progress = t.current_progress
        if not t.hints_on:
            status = '<span class="et-status">Hints are off.</span>'
        elif view is None or view.phase is Phase.OVER:
            status = '<span class="et-status">No decision to analyse.</span>'
        elif t.current_error is not None:
            status = f'<span class="et-status">The analysis failed: {render.esc(t.current_error)}</span>'
        elif progress is not None:
            done, total = progress
            if total:
                status = (
                    f'<div class="et-progress" role="progressbar" aria-valuenow="{done}" aria-valuemax="{total}">'
                    f'<div style="width:{100 * done / total:.0f}%"></div></div>'
                    f'<span class="et-status">Analysing every option exactly… {done} of {total} done</span>'
                )
            else:
                status = (
                    '<div class="et-progress indeterminate" role="progressbar"><div></div></div>'
                    '<span class="et-status">Analysing every option exactly…</span>'
                )
        else:
            status = (
                '<span class="et-status et-ready" data-ready="1"></span>'  # nothing pending: nothing said
            )
        self.status.value = status
        hint = t.current_hint
        if not shown:
            body = ""
        elif view is None or view.phase is Phase.OVER:
            body = "<p>The deal is over: its review is on the left. Press Next deal for a new hint.</p>"
        elif hint is not None and view is not None:
            body = render.hint_html(
                hint, view, self.depth.depth, metric=self.metric.value, score=c.state.score
            )
        elif not t.hints_on:
            body = "<p>Hints are switched off for this game.</p>"
        else:
            body = "<p>The hint appears here as soon as the analysis is done; keep playing meanwhile.</p>"
        self.hint_body.value = body
        show(self.metric, shown and self.depth.depth is Depth.FIGURES)
        self.grade_line.value = self._grade_text() if t.grading else ""

    def _depth_changed(self) -> None:
        self.refresh_hint()
        self.refresh_review()

    def _grade_text(self) -> str:
        c, t = self.controller, self.tutor
        decisions = t.decisions()
        if not decisions:
            return '<span class="et-status">Grading is on: each decision is labelled once you make it.</span>'
        last = decisions[-1]
        deal = c.state.deal
        turn = deal.turn_card if deal is not None else None
        hint = t.hint_of(last)
        best, tied = _best_words(hint, turn)
        return render.grade_html(
            action_label(last.action, turn),
            t.grade_of(last),
            self._units(),
            best=best,
            tied=tied,
            depth=self.depth.depth,
        )

    def _units(self) -> str:
        return "win chance" if self.tutor.mode == "game" else "points"

    def refresh_review(self) -> None:
        c, t = self.controller, self.tutor
        view = c.view
        if view is None or view.phase is not Phase.OVER:
            self.review.add_class("hidden")
            self.review.value = ""
            self.retry.refresh([])
            show(self.retry, False)
            return
        deal = c.state.deal
        assert deal is not None
        p, d = deal.points
        result = f"You took {view.tricks_won} trick{'s' if view.tricks_won != 1 else ''}: " + (
            f"you score {p}." if p else f"euchred, the deck scores {d}."
        )
        rows = []
        stories: dict[int, str] = {}
        decisions = t.decisions()
        for i, decision in enumerate(decisions):
            hint = t.hint_of(decision)
            best, _tied = _best_words(hint, view.turn_card)
            grade = t.grade_of(decision)
            rows.append((action_label(decision.action, view.turn_card), best or "…", grade))
            if hint is not None and grade is not None and grade.label != "Best":
                expl = explain(hint, decision.view, c.state.score)  # the hint's own words, told again
                stories[i] = " ".join(expl.sentences(Depth.BRIEF)[:2])
        total = t.total_loss() if t.hints_on else None
        if not t.hints_on:
            result += " (Turn hints on to see how each decision compares with the best.)"
        keys = t.key_moments()
        marked = frozenset(i for i, d in enumerate(decisions) if d in keys)
        found = t.swings()
        picked = lucky_swings([s for _, s in found])
        swung = {i: found[i][1] for i in picked if i is not None}  # the rows are the deal's decisions
        self.review.value = (
            render.review_html(
                result, rows, total, self._units(), marked, swung, depth=self.depth.depth, stories=stories
            )
            + self._luck_html()
        )
        self.review.remove_class("hidden")
        moments = [
            (d.index, _moment_words(d, t.grade_of(d)), functools.partial(self._retry_case, d)) for d in keys
        ]
        self.retry.refresh(moments)
        self.drills_line.value = tutor_drills_html(t)
        show(self.retry, True)

    def _luck_html(self) -> str:
        """The deal's and the game's luck and skill (the tutor feeds its stats one record per deal,
        keyed by the game and the deal's start), once every decision of the deal is graded."""
        c, stats = self.controller, self.tutor.stats
        game = [d for d in stats.deals("solitaire") if isinstance(d.key, tuple) and d.key[0] == c.game_number]
        if not game or game[-1].key != c.deal_key() or game[-1].points is None:
            return ""  # the deal shown is not finished (or not graded) yet
        lucks = [luck for n, r in enumerate(game, 1) if (luck := stats.luck_of(r, n)) is not None]
        out = f'<p class="et-luck">{render.esc(luck_sentence(total([lucks[-1]]), "deal"))}'
        if len(lucks) > 1:
            out += f" {render.esc(luck_sentence(total(lucks), 'game'))}"
        return out + "</p>"

    def _retry_case(self, d: Decision) -> RetryCase:
        """A key moment posed again: the position as the player saw it, the hint hidden."""
        view = d.view
        units = self._units()
        t = self.tutor

        def grade(i: int) -> str:
            done = t.retry(d, view.legal[i])
            hint = t.hint_of(d)
            assert hint is not None  # a retry is graded against it
            expl = explain(hint, view, self.controller.state.score)
            best, _tied = _best_words(hint, view.turn_card)
            return render.retry_result_html(
                action_label(done.action, view.turn_card),
                done.grade,
                render.loss_words(done.grade.loss, units, self.depth.depth),
                action_label(d.action, view.turn_card),
                t.grade_of(d),
                best,
                [_Told(s.idea, s.text) for s in expl.said(Depth.BRIEF)],
            )

        answers = tuple(action_label(a, view.turn_card) for a in view.legal)
        return RetryCase(render.solitaire_position_html(view), answers, grade)

    # ----------------------------------------------------------------- test helpers

    def trump_button(self, suit: Suit | str | None) -> w.Button:
        """The order-up button (``None``) or the name button of ``suit``."""
        if suit is None:
            return self.order_up
        return self.name_buttons[Suit.parse(suit) if isinstance(suit, str) else suit]

    def close(self) -> None:
        self.tutor.close()
        self.session.close()
        super().close()


def card_state_classes(phase: Phase, legal: bool) -> set[str]:
    """``playable``, or ``disabled`` with why: ``wait`` (trump first, or the deal is over) or ``illegal``.

    The reason is a class so that the class and the tooltip that explains it
    change in the same synced update: a page (or a test) that sees
    ``illegal`` also sees the follow-suit tooltip, never the tooltip of the
    trump choice that the same greyed card showed a moment before.
    """
    if phase is Phase.PLAY:
        return {"playable"} if legal else {"disabled", "illegal"}
    return {"disabled", "wait"}


@dataclass(frozen=True, slots=True)
class _Told:
    """A sentence of the hint, told again with a retry's result (``rule``: the idea it states)."""

    rule: str
    text: str


def _best_words(hint: Hint | None, turn: Card | None) -> tuple[str | None, tuple[str, ...]]:
    """The best choice as the review and the grade line name it (a tie: ``'9♥ or 10♥'``), and the
    tied choices' labels."""
    if hint is None:
        return None, ()
    tied = tuple(action_label(o.action, turn) for o in tied_best(hint))
    return " or ".join(tied), tied


def _moment_words(d: Decision, grade: Grade | None) -> str:
    """A key moment's button: the card or bid first chosen is hidden, the trick and grade shown."""
    assert grade is not None  # a key moment is graded
    return f"Retry {where_words(d.view)} ({grade.label})"
