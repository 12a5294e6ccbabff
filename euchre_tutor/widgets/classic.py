"""The classic Euchre table: ``ClassicApp(seed=7)`` in a notebook or in Voila.

The student plays one seat (South by default; P1 at three and six players)
and the rule-based computer player plays the others (partners and
opponents), acting at once until it is the student's turn again. Three-,
four- and six-player tables are laid out around the table with the student
at the bottom (:mod:`~euchre_tutor.session.seats`). The widget tree is built once; every click
goes to the :class:`~euchre_tutor.session.classic_controller.ClassicController`
and the view updates the existing widgets in place (values, descriptions
and CSS classes under ``hold_sync``). Stable hooks for tests and styling:

- ``euchre-card``: each button of the student's hand (nothing else); an
  unplayable one also has the class ``disabled`` (it stays clickable, so a
  click explains why it may not be played) and says why in a class:
  ``illegal`` (the rules refuse this card now: follow suit, a discard rule)
  or ``wait`` (not the time for a card: bidding, another seat's turn, the
  hand is over); its tooltip changes in the same update;
- ``euchre-bid``: each decision button (pass, order, call H, alone, partner,
  misdeal, go under ...), built from the legal action strings, so every
  house rule's actions are playable; discards and plays are card clicks;
- ``euchre-score``: the score board (one ``side`` per team, ``you`` on the
  student's); ``euchre-message``: the teaching message; ``euchre-table``:
  the table (``ec-seat`` per seat, placed by ``ec-<place>``, its team as
  ``ec-team-<i>``; ``ec-play`` per seat in the current trick; the layout
  as ``ec-n3``, ``ec-n4`` or ``ec-n6``);
  ``euchre-bidding``: the bidding so far; ``euchre-log``: the trick log;
  ``euchre-suggest``: the computer player's suggestion.

The tutor (:class:`~euchre_tutor.session.classic_tutor.ClassicTutor`) adds:

- ``euchre-hint``: the hint panel (class ``analysing`` while the student's
  turn is analysed): ``Show hint`` (``et-hint-toggle``), the metric of the
  bars (``ec-metric``), ``Grade my play`` (``et-grade-toggle``), the status
  (``et-hint-status``), the hint (``et-hint-body``: one ``ec-option`` per
  option with its ``classic analyze`` numbers as ``data-*`` attributes) and
  ``euchre-grade``: the student's last decision and its grade; ``ec-whatif``: swap a card of
  the hand for an unseen one and see the options again (:mod:`.classic_whatif`);
- ``euchre-review``: the review of the finished hand, opened with
  ``euchre-review-open`` and stepped with ``euchre-review-prev``/``-next``;
- ``euchre-open-hands``: every hand face up (the ``ec-open-hands`` switch);
  ``ec-autoplay``: play a single legal card automatically; ``ec-level``: the
  computer players' level for the next match (the bidding panel names the
  current one).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Literal

import ipywidgets as w

from euchre_tutor.advisor.classic.reasons import action_label
from euchre_tutor.advisor.shared import KEY_MOMENTS, grade_scale
from euchre_tutor.advisor.voice import Depth
from euchre_tutor.bots.classic import LEVELS, Player
from euchre_tutor.cards import Card, describe_rank, is_trump
from euchre_tutor.classic.draw import cutter
from euchre_tutor.classic.engine import Action, HandState, Phase, explain_trick
from euchre_tutor.classic.score_cards import MAX_SCORE
from euchre_tutor.rules.classic import PRESETS, ClassicRules
from euchre_tutor.session.analysis import AnalysisSource
from euchre_tutor.session.classic_controller import (
    ClassicController,
    HandLog,
    action_meaning,
)
from euchre_tutor.session.classic_tutor import (
    DEFAULT_CLASSIC_SOURCE,
    ClassicTutor,
    Decision,
    level_of,
)
from euchre_tutor.session.classic_whatif import ClassicWhatIf
from euchre_tutor.session.seats import (
    positions,
    seat_name,
    seat_tag,
    table_subtitle,
    table_words,
    tagged,
    team_words,
)
from euchre_tutor.tricks.seating import Seat
from euchre_tutor.views.classic import SeatView
from euchre_tutor.widgets import classic_hints, render
from euchre_tutor.widgets.classic_whatif import WhatIfRow
from euchre_tutor.widgets.depth import DEPTH_CSS, DepthPicker
from euchre_tutor.widgets.retry import RetryCase, RetryPanel, drills_html, tutor_moments
from euchre_tutor.widgets.score_cards import four_six_html
from euchre_tutor.widgets.stats import SessionChart
from euchre_tutor.widgets.style import CLASSIC_CSS, CSS
from euchre_tutor.widgets.table import CardTable, action_button, button, hidden_button

__all__ = ["ClassicApp"]

#: the most cards a hand holds (the dealer after picking up; a loner after a call for best)
SLOTS = 6
#: decision buttons made up front; more are added if a position ever has more decisions
BID_POOL = 16

esc = render.esc
face = render.face


#: the rules chooser's presets: (label, preset name); three- and six-player tables too
RULES_CHOICES = tuple(
    (f"{name} · {table_words(r.players, 2 if r.six_handed_teams == '3v3' else 3)}", name)
    for name, r in PRESETS.items()
)

#: the Match menu: keep the rules' length, play to other points, or play a fixed number of hands
MATCH_LENGTHS: tuple[tuple[str, str], ...] = (
    ("as the rules say", ""),
    *((f"first to {n} points", f"target:{n}") for n in (5, 7, 10, 11, 15)),
    *((f"{n} hands, highest score wins", f"hands:{n}") for n in (4, 8, 12)),
)


class ClassicApp(CardTable):
    """Play classic Euchre against the computer: one student, rule-based players in the other seats.

    ``seed`` names the match's deals; ``rules`` is a preset name (``"standard"``,
    ``"openspiel"``, ``"three-handed"``, ``"six-handed"``, ...), a
    :class:`ClassicRules` or a mapping of options (three, four or six players);
    ``seat`` is the student's seat (default South, or P1 at three and six
    players); ``deal`` a teacher's deal (the JSON object
    ``euchre-tutor classic replay`` reads) to start with.

    The tutor: ``level`` of the computer players (``"beginner"``, ``"club"``, ``"expert"``);
    ``hints`` (the advisor's analysis of every turn, off the click path: ``source`` and
    ``runner`` say where, ``worlds`` how many sampled deals); ``show_hint`` opens the hint
    panel; ``grading`` labels each decision; ``autoplay`` plays a single legal card for the
    student; ``open_hands`` shows every hand; ``background_bots``: Expert computer players think in a
    worker process, off the click path (None: when an event loop runs, as in a kernel);
    ``refine_grades``: a grade left on a band's edge gets more deals after the move (None: when the
    analyses run in a worker process).
    """

    def __init__(
        self,
        seed: int | str = 0,
        *,
        rules: str | ClassicRules | Mapping[str, Any] = "standard",
        seat: Seat | str | None = None,
        deal: str | Mapping[str, Any] | None = None,
        four_colour: bool = False,
        bot: Player | None = None,
        controller: ClassicController | None = None,
        level: str = "club",
        hints: bool = True,
        show_hint: bool = False,
        grading: bool = False,
        autoplay: bool = True,
        open_hands: bool = False,
        source: str | AnalysisSource | None = DEFAULT_CLASSIC_SOURCE,
        runner: Literal["process", "inline"] = "process",
        worlds: int = 200,
        tutor: ClassicTutor | None = None,
        background_bots: bool | None = None,
        refine_grades: bool | None = None,
    ) -> None:
        super().__init__(SLOTS)
        chosen = level_of(level)
        if bot is None and controller is None:
            bot = chosen.player()
        self.controller = controller or ClassicController(seed, rules=rules, seat=seat, bot=bot)
        self.tutor = tutor or ClassicTutor(
            self.controller,
            level=chosen,
            source=source if hints else None,
            runner=runner,
            worlds=worlds,
            grading=grading,
            show_hint=show_hint,
            autoplay=autoplay,
            open_hands=open_hands,
            background_bots=background_bots,
            refine_grades=refine_grades,
        )
        if deal is not None and not self.controller.load_deal(deal):
            raise ValueError(self.controller.message)
        self._review_step = 0
        self._review_open = False
        self._bid_actions: list[Action | None] = []
        self.add_class("euchre-classic")
        if four_colour:
            self.add_class("four-colour")
        self._build()
        self._build_tutor(show_hint)
        self.controller.subscribe(self._on_change)
        self.tutor.subscribe(self._on_tutor)
        self.refresh()

    # ----------------------------------------------------------------- building

    def _build(self) -> None:
        c = self.controller
        self.style_html = w.HTML(f"<style>{CSS}\n{CLASSIC_CSS}</style>", layout=w.Layout(display="none"))
        self.title = w.HTML(title_html(c))
        self.score = w.HTML()
        self.score.add_class("euchre-score")
        header = w.HBox([self.title, self.score])
        header.add_class("et-header")
        self.table = w.HTML()
        self.table.add_class("euchre-table")
        self.prompt = w.HTML()
        self.prompt.add_class("et-prompt")

        self.bid_buttons: list[w.Button] = []
        self.bids = w.HBox()
        self.bids.add_class("et-trumpbox")
        self.bids.add_class("ec-bids")
        self._grow_bid_pool(BID_POOL)

        self.hand = w.HBox(self.cards)
        self.hand.add_class("et-hand")

        self.undo = button(
            "↶ Undo", "Take back your last decision (and the computer players' answers)", c.undo, "et-ctl"
        )
        self.redo = button("Redo ↷", "Make the undone decision again", c.redo, "et-ctl")
        self.next_hand = button("Next hand", "Deal the next hand of the match", c.next_hand, "et-ctl")
        self.seed = w.Text(
            value=str(c.seed), description="Seed", placeholder="e.g. 7", layout=w.Layout(width="150px")
        )
        self.seed.add_class("et-seed")
        self.new_match = button(
            "New match", "Start a new match (0-0) with this seed's deals", self._new_match, "et-ctl"
        )
        self.rules_choice = w.Dropdown(
            options=[("these rules", ""), *RULES_CHOICES],
            value="",
            description="Rules",
            layout=w.Layout(width="340px"),
        )
        self.rules_choice.add_class("ec-rules")
        self.match_length = w.Dropdown(
            options=MATCH_LENGTHS, value="", description="Match", layout=w.Layout(width="230px")
        )
        self.match_length.add_class("ec-match-length")
        self.deal_text = w.Textarea(
            placeholder='teacher\'s deal: {"rules": "standard", "dealer": "N", "hands": {"N": ["9S", ...], '
            '"E": [...], "S": [...], "W": [...]}, "up": "KS"}',
            layout=w.Layout(width="420px", height="64px"),
        )
        self.deal_text.add_class("et-deal-text")
        self.load = button(
            "Load deal",
            "Deal the teacher's deal typed here (the JSON of 'euchre-tutor classic replay'), or a saved game",
            self._load_text,
            "et-ctl",
        )
        self.save = button(
            "Save game", "Download this match: a teacher can load the file to replay it", self._save, "et-ctl"
        )
        self.save_link = w.HTML()
        self.save_link.add_class("et-save-link")
        self.four = w.Checkbox(
            value="four-colour" in self._dom_classes, description="Four-colour suits", indent=False
        )
        self.four.observe(lambda ch: self._set_four(bool(ch["new"])), names="value")
        self.score_cards = w.Checkbox(
            value=False,
            description="Score on a 4 and a 6",
            indent=False,
            tooltip="Keep each side's score the way players do at a real table: on a 4 and a 6 (up to 10)",
        )
        self.score_cards.add_class("ec-score-cards")
        self.score_cards.observe(lambda _: self.refresh(), names="value")
        self.draw_seats = w.Checkbox(
            value=False,
            description="Draw for seats",
            indent=False,
            tooltip="Open a new match the way a real table does: draw cards for partners and the first deal",
        )
        self.draw_seats.add_class("ec-draw-seats")
        controls = w.VBox(
            [
                w.HBox([self.undo, self.redo]),
                w.HBox([self.seed, self.rules_choice, self.match_length]),
                w.HBox([self.new_match, self.draw_seats]),
                w.HBox([self.four, self.score_cards]),
                w.HBox([self.deal_text, self.load]),
                w.HBox([self.save, self.save_link]),
            ]
        )
        controls.add_class("et-controls")
        for box in controls.children:
            box.add_class("et-controls")
        left = w.VBox([self.table, self.prompt, self.bids, self.hand, controls])
        left.add_class("et-left")
        self.left_column = left

        self.suggest = button(
            "Suggest",
            "What would the computer player do in your place, and why? (a rule of thumb, not an exact hint)",
            c.suggest,
            "et-ctl",
        )
        self.suggestion = w.HTML()
        self.suggestion.add_class("ec-suggestion")
        self.suggest_panel = w.VBox([self.suggest, self.suggestion])
        self.suggest_panel.add_class("euchre-suggest")
        self.bidding = w.HTML()
        self.bidding.add_class("euchre-bidding")
        self.trick_log = w.HTML()
        self.trick_log.add_class("euchre-log")
        self.session = SessionChart(self.tutor.stats, game="classic")
        right = w.VBox([self.suggest_panel, self.session, self.bidding, self.trick_log])
        right.add_class("et-right")
        self.right_column = right
        self.controls = controls
        main = w.HBox([left, right])
        main.add_class("et-main")
        self.children = [self.style_html, header, self.message, main]

    def _build_tutor(self, show_hint: bool) -> None:
        """The hint panel, the grade, the review, open hands and the tutor's switches (built once)."""
        t = self.tutor
        self.style_html.value += f"<style>{classic_hints.TUTOR_CSS}{DEPTH_CSS}</style>"
        self.hint_toggle = w.ToggleButton(
            value=show_hint, description="Show hint", tooltip="Show or hide the advisor's hint for your turn"
        )
        self.hint_toggle.add_class("et-hint-toggle")
        self.hint_toggle.observe(lambda ch: t.set_show_hint(bool(ch["new"])), names="value")
        self.metric = w.Dropdown(
            options=list(classic_hints.METRICS),
            value="ev",
            description="Bars",  # a visible label is the select's accessible name
            tooltip="What the hint's bars measure",
            style={"description_width": "initial"},
            layout=w.Layout(width="195px"),
        )
        self.metric.add_class("ec-metric")
        self.metric.observe(lambda _ch: self.refresh_hint(), names="value")
        self.grade = w.Checkbox(
            value=t.grading,
            description="Grade my play",
            indent=False,
            tooltip=grade_scale(),
        )
        self.grade.add_class("et-grade-toggle")
        self.grade.observe(lambda ch: t.set_grading(bool(ch["new"])), names="value")
        self.hint_status = w.HTML()
        self.hint_status.add_class("et-hint-status")
        self.hint_body = w.HTML()
        self.hint_body.add_class("et-hint-body")
        self.grade_line = w.HTML()
        self.grade_line.add_class("euchre-grade")
        head = w.HBox([self.hint_toggle, self.metric, self.grade])
        head.add_class("et-hinthead")
        # how much the hint, the grade and the review say: the move and why (a new student's default),
        # the choices compared, or every figure (the bars)
        self.depth = DepthPicker()
        self.depth.on_change(lambda _d: self._depth_changed())
        self.whatif = WhatIfRow(ClassicWhatIf(t), lambda: str(self.metric.value))
        self.hint_panel = w.VBox(
            [head, self.depth, self.hint_status, self.hint_body, self.whatif, self.grade_line]
        )
        self.hint_panel.add_class("euchre-hint")

        self.review_open = button(
            "Review hand",
            "Each of your decisions in the hand just played: its grade and the best one",
            self._open_review,
            "et-ctl",
        )
        self.review_open.add_class("euchre-review-open")
        self.review_prev = button(
            "◀ Back", "The previous step of the hand", lambda: self._step_review(-1), "et-ctl"
        )
        self.review_prev.add_class("euchre-review-prev")
        self.review_next = button(
            "Next ▶", "The next trick of the hand", lambda: self._step_review(1), "et-ctl"
        )
        self.review_next.add_class("euchre-review-next")
        self.review_close = button("Close review", "Hide the review", self._close_review, "et-ctl")
        self.review_body = w.HTML()
        nav = w.HBox([self.review_prev, self.review_next, self.review_close])
        nav.add_class("ec-stepnav")
        # Retry: the hand's key moments, each answered again with the hint hidden
        self.retry = RetryPanel(KEY_MOMENTS, self.controller.illegal)
        self.drills_line = w.HTML()
        self.review = w.VBox([self.review_body, self.retry, self.drills_line, nav])
        self.review.add_class("euchre-review")
        self.review.add_class("hidden")

        self.open_hands_view = w.HTML()
        self.open_hands_view.add_class("euchre-open-hands")
        self.level_choice = w.Dropdown(
            options=[(level.name, key) for key, level in LEVELS.items()],
            value=t.level.name.lower(),
            description="Level",
            tooltip="The computer players' level for the next match (press New match)",
            layout=w.Layout(width="190px"),
        )
        self.level_choice.add_class("ec-level")
        self.autoplay = w.Checkbox(
            value=t.autoplay,
            description="Autoplay forced cards",
            indent=False,
            tooltip="A single legal card is played for you after a short pause",
        )
        self.autoplay.add_class("ec-autoplay")
        self.autoplay.observe(lambda ch: t.set_autoplay(bool(ch["new"])), names="value")
        self.open_hands = w.Checkbox(
            value=t.open_hands, description="Open hands", indent=False, tooltip="Practice: show every hand"
        )
        self.open_hands.add_class("ec-open-hands")
        self.open_hands.observe(lambda ch: t.set_open_hands(bool(ch["new"])), names="value")
        options = w.HBox([self.level_choice, self.autoplay, self.open_hands])
        options.add_class("ec-tutor-options")
        options.add_class("et-controls")

        left = list(self.left_column.children)
        left.insert(left.index(self.table) + 1, self.open_hands_view)
        # the end of a hand: Next hand and Review hand in the emptied hand's place, the review under them
        left.insert(
            left.index(self.hand) + 1, self._end_of_hand_bar(self.hand, self.next_hand, self.review_open)
        )
        left.insert(left.index(self.hand_end) + 1, self.review)
        self.left_column.children = tuple(left)
        self.controls.children = (options, *self.controls.children)
        self.right_column.children = (self.hint_panel, *self.right_column.children)

    def _grow_bid_pool(self, size: int) -> None:
        while len(self.bid_buttons) < size:
            i = len(self.bid_buttons)
            b = hidden_button(functools.partial(self._click_bid, i))
            self.bid_buttons.append(b)
            self._bid_actions.append(None)
        self.bids.children = tuple(self.bid_buttons)

    # ----------------------------------------------------------------- commands

    def _card_clicked(self, card: Card) -> None:
        self.controller.click_card(card)

    def _click_bid(self, i: int) -> None:
        action = self._bid_actions[i]
        if action is not None:
            self.controller.act(action)

    def _new_match(self) -> None:
        rules: str | ClassicRules | None = self.rules_choice.value or None
        if self.match_length.value:  # a match to other points, or of a fixed number of hands
            kind, number = self.match_length.value.split(":")
            base = PRESETS[rules] if isinstance(rules, str) else self.controller.rules
            rules = (
                base.with_options(hands=int(number))
                if kind == "hands"
                else base.with_options(target=int(number), hands=None)
            )
        self.tutor.new_match(self.seed.value, rules, self.level_choice.value, draw=self.draw_seats.value)

    def _open_review(self) -> None:
        if self.tutor.review() is None:
            self.controller.illegal("no hand has finished yet: play one to the end, then review it")
            return
        self._review_open = True
        self._review_step = 0
        self.refresh_review()

    def _close_review(self) -> None:
        self._review_open = False
        self.retry.dismiss()
        self.refresh_review()

    def _step_review(self, by: int) -> None:
        review = self.tutor.review()
        if review is None:
            return
        self._review_step = max(0, min(len(review.steps) - 1, self._review_step + by))
        self.refresh_review()

    def _load_text(self) -> None:
        self.controller.load_deal(self.deal_text.value)

    def _save(self) -> None:
        self.save_link.value = self._download_link(
            f"euchre-classic-seed-{self.controller.seed}.json",
            self.tutor.save_text(),
            "(paste it into the deal box and press Load deal to replay the match)",
        )

    # ----------------------------------------------------------------- updating in place

    def _on_change(self, topic: str) -> None:
        if topic == "message":
            self.refresh_message()
        else:
            self.refresh()

    def _on_tutor(self, topic: str) -> None:
        with self.hold_sync():
            self.refresh_hint()
            if topic == "options":
                self.refresh_tutor_options()
            self.refresh_review()

    def refresh(self) -> None:
        c = self.controller
        # first, so a page never shows the new table without knowing that someone is still thinking
        if c.thinking is not None:  # a deliberate computer player thinks in the background
            self.add_class("thinking")
        else:
            self.remove_class("thinking")
        view = c.view
        logs = c.hand_logs()
        shown = logs[-2] if c.waiting and len(logs) > 1 else logs[-1]
        self._set(self.title, "value", title_html(c))
        self._set(self.score, "value", score_html(c, cards=self.score_cards.value))
        self._set(self.table, "value", table_html(c, view, shown))
        self._set(self.bidding, "value", bidding_html(c, shown) + level_html(self.tutor))
        self._set(self.trick_log, "value", render.scroll_region(log_html(c, logs, shown), "Trick log"))
        self._set(self.prompt, "value", prompt_html(c, view, shown))
        self._refresh_bids(view)
        self._refresh_hand(view)
        self._set(self.undo, "disabled", not c.can_undo)
        self._set(self.redo, "disabled", not c.can_redo)
        self._set(self.next_hand, "disabled", not c.waiting)
        self._show_hand_end(c.waiting or c.state.is_over)
        self._set(self.suggest, "disabled", not c.my_turn)
        if not self.seed.value.strip():
            self.seed.value = str(c.seed)
        self.refresh_message()
        self.refresh_hint()
        self.refresh_tutor_options()
        if not (c.waiting or c.state.is_over):
            self._review_open = False
        self.refresh_review()

    # ----------------------------------------------------------------- the tutor's parts

    def refresh_hint(self) -> None:
        t = self.tutor
        c = self.controller
        shown = bool(self.hint_toggle.value)
        self._set(self.hint_toggle, "description", "Hide hint" if shown else "Show hint")
        self._set(self.hint_status, "value", classic_hints.hint_status_html(t))
        if t.analysing:
            self.hint_panel.add_class("analysing")
        else:
            self.hint_panel.remove_class("analysing")
        hint = t.current_hint
        depth = self.depth.depth
        self._set(self.metric.layout, "display", "" if depth is Depth.FIGURES else "none")
        if not shown:
            body = ""
        elif hint is not None and c.my_turn:
            turn = t.current_turn
            key = None if turn is None else turn.key
            number = c.state.hand_number

            def once(fact: str) -> bool:
                return t.said_once(key, number, fact)

            body = classic_hints.hint_body_html(
                hint, str(self.metric.value), c.view, self.tutor.table, depth, once
            )
        else:
            body = classic_hints.hint_placeholder(t)
        self._set(self.hint_body, "value", body)
        self._set(self.grade_line, "value", classic_hints.grade_line_html(t, depth) if t.grading else "")

    def _depth_changed(self) -> None:
        self.refresh_hint()
        self.refresh_review()

    def refresh_tutor_options(self) -> None:
        t = self.tutor
        c = self.controller
        if t.open_hands:
            self.open_hands_view.remove_class("hidden")
            self._set(self.open_hands_view, "value", classic_hints.open_hands_html(c.hand, c.seat))
        else:
            self.open_hands_view.add_class("hidden")
            self._set(self.open_hands_view, "value", "")
        self._set(self.autoplay, "value", t.autoplay)
        self._set(self.open_hands, "value", t.open_hands)
        self._set(self.grade, "value", t.grading)
        self._set(self.bidding, "value", bidding_html(c, self._shown_log()) + level_html(t))

    def _shown_log(self) -> HandLog:
        logs = self.controller.hand_logs()
        return logs[-2] if self.controller.waiting and len(logs) > 1 else logs[-1]

    def refresh_review(self) -> None:
        c = self.controller
        review = self.tutor.review() if (c.waiting or c.state.is_over) else None
        self._set(self.review_open, "disabled", review is None)
        if review is None or not self._review_open:
            self.review.add_class("hidden")
            self._set(self.review_body, "value", "")
            return
        step = max(0, min(self._review_step, len(review.steps) - 1))
        self._set(
            self.review_body, "value", classic_hints.review_html(self.tutor, review, step, self.depth.depth)
        )
        self._set(self.review_prev, "disabled", step == 0)
        self._set(self.review_next, "disabled", step >= len(review.steps) - 1)
        self._refresh_retry(review.number)
        self.review.remove_class("hidden")

    def _refresh_retry(self, hand_number: int) -> None:
        """The hand's key moments, each with its Retry button (graded by the tutor, on the same deals)."""
        self.retry.refresh(
            tutor_moments(self.tutor, hand_number, classic_hints.key_moment_words, self._retry_case)
        )
        self._set(self.drills_line, "value", drills_html(self.tutor.drills))

    def _retry_case(self, d: Decision) -> RetryCase:
        def grade(i: int) -> str:
            result = self.tutor.retry(d, d.view.legal[i])
            return classic_hints.retry_result_html(self.tutor, result, self.depth.depth)

        answers = tuple(action_label(a, d.view) for a in d.view.legal)
        return RetryCase(classic_hints.retry_prompt_html(d), answers, grade)

    def close(self) -> None:
        self.tutor.close()
        self.session.close()
        super().close()

    def refresh_message(self) -> None:
        c = self.controller
        self._show_message(c.message, c.message_is_error)
        text = (
            f'<div class="ec-suggest-text" role="status"><b>Computer player\'s suggestion</b> '
            f"(not an exact hint): {esc(c.suggestion)}</div>"
            if c.suggestion
            else '<div class="et-status">Suggest shows what the Club (rule-based) computer player would do '
            "in your place, and why.</div>"
        )
        self._set(self.suggestion, "value", text)

    def _refresh_bids(self, view: SeatView) -> None:
        actions = list(self.controller.decision_actions)
        if len(actions) > len(self.bid_buttons):
            self._grow_bid_pool(len(actions))
        for i, b in enumerate(self.bid_buttons):
            action = actions[i] if i < len(actions) else None
            if action == self._bid_actions[i] and (
                action is None or b.description == action_label(action, view)
            ):
                continue
            self._bid_actions[i] = action
            if action is None:
                action_button(b, None)
                continue
            red = (action.kind == "order" and view.up.is_red) or (
                action.suit is not None and action.suit.is_red
            )
            action_button(b, action_label(action, view), action_meaning(action, view), red=red)
        if actions:
            self.bids.remove_class("hidden")
        else:
            self.bids.add_class("hidden")

    def _refresh_hand(self, view: SeatView) -> None:
        c = self.controller
        cards = render.hand_order(view.hand, view.trump)
        for i in range(len(self.cards)):
            card = cards[i] if i < len(cards) else None
            if card is None:
                self._show_slot(i, None, {"empty"}, "empty", "")
                continue
            reason = c.card_reason(card)
            action = c.card_action(card)
            want = {"euchre-card", f"c-{card}", "red" if card.is_red else "black"}
            want.add(f"s-{card.suit.value}" if card.suit is not None else "joker")
            if reason is None:
                want.add("playable")
            else:
                # why it is greyed, as a class that changes with its tooltip (one synced update):
                # "illegal" = this card's own action is refused (follow suit, a discard rule), "wait" = not now
                want |= {"disabled", "illegal" if action is not None else "wait"}
            if view.trump is not None and is_trump(card, view.trump):
                want.add("trump")
            if reason is None:
                verb = action.kind if action is not None else "play"
                rank = describe_rank(card, view.trump) if view.trump is not None or card.suit else ""
                tip = f"{verb.capitalize()} the {card.name}" + (f": {rank}" if rank else "")
            else:
                tip = reason
            self._show_slot(i, card, want, card.name, tip)

    # ----------------------------------------------------------------- test helpers

    def bid_actions(self) -> list[str]:
        """The decisions shown as buttons now, as action strings."""
        return [str(a) for a in self._bid_actions if a is not None]

    def bid_button(self, action: Action | str) -> w.Button:
        wanted = Action.parse(action)
        for b, a in zip(self.bid_buttons, self._bid_actions, strict=True):
            if a == wanted:
                return b
        raise KeyError(f"no button for {wanted} (shown: {', '.join(self.bid_actions()) or 'none'})")


# ---------------------------------------------------------------------------
# HTML for the read-only parts (pure functions of the controller's data)


def score_html(c: ClassicController, *, cards: bool = False) -> str:
    """The score board; ``cards``: each side's score also on a 4 and a 6 (the table custom), up to 10."""
    state = c.state
    rules = state.rules
    target = rules.target
    sides = []
    for team in state.seating.teams:
        pts = state.scores[team.index]
        mine = c.seat in team.seats
        who = team_words(team, c.seat)
        width = min(100, round(100 * pts / target))
        pic = four_six_html(pts, "HS"[team.index % 2]) if cards and 0 <= pts <= MAX_SCORE else ""
        sides.append(
            f'<div class="side {"you" if mine else "deck"} ec-team-{team.index}" aria-label="{esc(team.name)}, '
            f'{esc(who)}: {pts}"><span class="lbl">{esc(team.name)} · {esc(who)}</span>'
            f'<span class="pts">{pic}{pts}</span><div class="meter" aria-hidden="true">'
            f'<div style="width:{width}%"></div></div></div>'
        )
    if rules.hands is not None:
        goal = f"hand {min(state.hand_number, rules.hands)} of<br><b>{rules.hands}</b>"
        goal_words = f"{rules.hands} hands"
    else:
        goal = f"first to<br><b>{target}</b>"
        goal_words = f"first to {target}"
    label = ", ".join(f"{t.name} {state.scores[t.index]}" for t in state.seating.teams)
    return (
        f'<div class="board" role="status" aria-label="Score: {esc(label)}, {esc(goal_words)}">'
        f'{"".join(sides)}<span class="to">{goal}</span></div>'
    )


def title_html(c: ClassicController) -> str:
    """The title and who plays with whom (it changes when new rules seat three, four or six)."""
    return (
        '<div class="et-title"><h1>♣ Classic Euchre ♦</h1>'
        f'<div class="sub">{esc(table_subtitle(c.seat, c.rules.target))}</div></div>'
    )


def _trump_words(hand: HandState | SeatView) -> str:
    if hand.maker is None:
        return ""
    what = f"no trump ({hand.notrump})" if hand.trump is None else f"{hand.trump.symbol} {hand.trump.plural}"
    alone = ", alone" if hand.alone else ""
    return f"Trump: {what}, made by {hand.maker.word}{alone}"


def table_html(c: ClassicController, view: SeatView, log: HandLog) -> str:
    hand = c.hand
    pos = positions(c.seat)
    seats = []
    out = view.sitting_out
    players = hand.seating.players
    for seat in hand.seating.seats:
        team_html = (
            f'<span class="ec-teamname">team {esc(seat.team.name)}</span>'
            if len(seat.team.seats) > 1 and players == 6
            else ""
        )
        badges = []
        if seat == hand.dealer:
            badges.append("dealer")
        if seat == hand.maker:
            badges.append("maker, alone" if hand.alone else "maker")
        if seat == hand.lone_defender:
            badges.append("defends alone")
        if seat in out:
            badges.append("sits out")
        acting = hand.to_act == seat and not hand.is_over
        if acting:
            badges.append("to act")
        count = len(hand.hands[seat])  # public: everyone sees how many cards a player holds
        tricks = sum(1 for t in hand.tricks if t.winner == seat)
        if players == 3 and hand.maker is not None and seat != hand.maker and not hand.passed_out:
            badges.append("defends")  # three-handed: the other two play together against the maker
        name = seat_name(seat, c.seat, team=False)
        classes = ["ec-seat", f"ec-{pos[seat]}", f"ec-team-{seat.team.index}"]
        if acting:
            classes.append("to-act")
        if seat in out:
            classes.append("out")
        badge_html = "".join(f'<span class="ec-badge">{esc(b)}</span>' for b in badges)
        card_words = "sits this hand out" if seat in out else f"{count} card{'s' if count != 1 else ''}"
        seats.append(
            f'<div class="{" ".join(classes)}" aria-label="{esc(name)}: {esc(card_words)}, {tricks} tricks'
            f'{", " + ", ".join(badges) if badges else ""}"><span class="ec-name">{esc(name)}</span>{team_html}'
            f'{badge_html}<span class="ec-count">{esc(card_words)} · tricks {tricks}</span></div>'
        )
    # the current trick (or the last one, faded, when a new trick has not started)
    plays = dict(hand.trick_plays)
    caption = "Current trick" if hand.trick_plays else ""
    last = False
    if not plays and hand.tricks:
        t = hand.tricks[-1]
        plays = dict(t.plays)
        caption = tagged(f"{t.winner.word} won trick {len(hand.tricks)}", c.seat)
        last = True
    slots = []
    for seat in hand.seating.seats:
        card = plays.get(seat)
        body = face(card, trump=hand.trump) if card is not None else '<span class="et-empty small"></span>'
        win = last and seat == hand.tricks[-1].winner
        label = f"{seat.word}: {card.name}" if card is not None else f"{seat.word}: no card yet"
        tag = seat.name
        if seat in out:
            label, tag, body = (
                f"{seat.word} sits out",
                f"{seat.name} · out",
                '<span class="et-empty small out"></span>',
            )
        slots.append(
            f'<div class="ec-play ec-p-{pos[seat]} ec-team-{seat.team.index}{" won" if win else ""}'
            f'{" out" if seat in out else ""}" aria-label="{esc(label)}"><span class="ec-who">{esc(tag)}</span>'
            f"{body}</div>"
        )
    center = (
        f'<div class="ec-center{" last" if last else ""}"><span class="cap">{esc(caption)}</span>'
        f'<div class="ec-trick">{"".join(slots)}</div></div>'
    )
    # the up card and trump
    if hand.up_taken:
        up_note = f"picked up by {hand.dealer.word}"
    elif hand.phase is Phase.ROUND_1 or hand.phase is Phase.BLIND:
        up_note = "round 1: order it up or pass"
    elif hand.maker is not None or hand.phase is Phase.ROUND_2 or hand.passed_out:
        up_note = "turned down"
    else:
        up_note = ""
    info = (
        f'<div class="ec-info"><span class="cap">Hand {log.number} · up card</span>{face(hand.up)}'
        f'<span class="note">{esc(up_note)}</span><span class="ec-trump">{esc(tagged(_trump_words(hand), c.seat))}</span></div>'
    )
    return f'<div class="ec-table ec-n{players}">{info}{"".join(seats)}{center}</div>'


def level_html(tutor: ClassicTutor) -> str:
    """Which computer players this match has (the level is chosen per match)."""
    level = tutor.level
    return f'<p class="ec-level">Computer players: <b>{esc(level.name)}</b> ({esc(level.words)}).</p>'


def bidding_html(c: ClassicController, log: HandLog) -> str:
    lines = "".join(f"<li>{esc(tagged(text, c.seat))}</li>" for text in log.bidding)
    mine = c.view
    discard = ""
    if mine.discard is not None:
        discard = f"<p>Your discard (only you see it): {face(mine.discard, small=True)}</p>"
    return (
        f"<b>Bidding · hand {log.number}</b> · {esc(tagged(f'{log.dealer.word} deals ({cutter(log.dealer).word} cut)', c.seat))}, up card "
        f'<span class="ec-sym{" red" if log.up.is_red else ""}">{esc(log.up.symbol)}</span>'
        f"<ol class='ec-bidlog'>{lines or '<li>No bids yet.</li>'}</ol>{discard}"
    )


def _trick_rows(log: HandLog, student: Seat | None = None) -> str:
    """One row per trick; with the student's seat, leader and winner say their side at 3 and 6 players
    ('P3 (partner)': the short name leaves room for the why column; the team colour marks each card)."""

    def who(seat: Seat) -> str:
        if student is None or student.players == 4:
            return seat.word
        return f"{seat.name} ({seat_tag(seat, student, team=False)})"

    rows = []
    for number, trick in log.tricks:
        plays = " ".join(
            f'<span class="ec-logplay ec-team-{seat.team.index}">{esc(seat.name)} '
            f"{face(card, small=True, trump=log.trump)}</span>"
            for seat, card in trick.plays
        )
        why = explain_trick(trick, log.trump, log.notrump)
        rows.append(
            f'<tr><td>{number}</td><td>{esc(who(trick.leader))}</td><td><div class="ec-plays{" many" if len(trick.plays) > 4 else ""}">{plays}</div></td>'
            f'<td class="won">{esc(who(trick.winner))}</td><td class="why">{esc(why)}</td></tr>'
        )
    return "".join(rows)


def _log_table(log: HandLog, student: Seat | None = None) -> str:
    result = "".join(f"<p class='ec-result'>{esc(r)}</p>" for r in log.result)
    if not log.tricks:
        return "<p>No tricks yet.</p>" + result
    return (
        "<table><thead><tr><th>#</th><th>led by</th><th>cards in play order</th><th>won by</th>"
        f"<th>why</th></tr></thead><tbody>{_trick_rows(log, student)}</tbody></table>{result}"
    )


def _summary(log: HandLog) -> str:
    if log.maker is None:
        return f"Hand {log.number}: {log.bidding[-1] if log.bidding else 'no trump'}"
    trump = log.trump.symbol if log.trump is not None else f"no trump ({log.notrump})"
    return f"Hand {log.number}: {trump} made by {log.maker.word}"


def log_html(c: ClassicController, logs: list[HandLog], shown: HandLog) -> str:
    trump = ""
    if shown.maker is not None:
        trump = " · trump " + (shown.trump.symbol if shown.trump is not None else f"none ({shown.notrump})")
    head = f'<div class="stock"><b>Trick log · hand {shown.number}</b>{esc(trump)}</div>'
    body = _log_table(shown, c.seat)
    past = [log for log in logs if log.number < shown.number]
    earlier = "".join(
        f"<details><summary>{esc(_summary(log))}</summary>{_log_table(log, c.seat)}</details>"
        for log in reversed(past)
    )
    if earlier:
        earlier = f'<div class="ec-earlier"><b>Earlier hands</b>{earlier}</div>'
    return head + body + earlier


_PHASE_PROMPTS = {
    Phase.BLIND: "A joker was turned up and you deal: name trump blind, before seeing your cards.",
    Phase.ROUND_2: "Round 2: name a suit for trump (not the one turned down) or pass.",
    Phase.GO_ALONE: "You made trump: go alone (your partner sits out) or play with your partner?",
    Phase.BEST_CARD: "Your partner goes alone: click the card to pass them (call for best).",
    Phase.LONER_DISCARD: "Your partner passed you a card: click a card to discard face down.",
    Phase.DEFEND_ALONE: "Defend alone against the makers (your partner sits out), or with your partner?",
}


def prompt_html(c: ClassicController, view: SeatView, log: HandLog) -> str:
    state = c.state
    if state.is_over:
        return esc(
            f"The match is over. {log.outcome} {log.result[-1] if log.result else ''} Press New match."
        )
    if c.waiting:
        return esc(f"Hand {log.number} is over. {log.outcome} Press Next hand.")
    if c.thinking is not None:
        return esc(f"{c.thinking.word} is thinking… Your cards wake up when it is your turn.")
    if not c.my_turn:  # pragma: no cover - the computer players act at once or think
        return ""
    phase = view.phase
    if phase is Phase.ROUND_1:
        who = "you" if view.dealer == c.seat else view.dealer.word
        text = (
            f"Round 1: order up {view.up.symbol} ({view.up_suit.plural} trump; {who} picks it up), or pass."
        )
    elif phase is Phase.DISCARD:
        text = f"You picked up {view.up.symbol}: click a card to discard it face down."
    elif phase is Phase.PLAY:
        number = len(view.tricks) + 1
        if not view.trick_plays:
            text = f"Trick {number} of 5: your lead. Click a card."
        else:
            led = view.led_suit
            led_word = led.plural if led is not None else ""
            if led is not None and view.trump is led:
                led_word += " (trump; the left bower counts as trump)"
            text = f"Trick {number} of 5: {led_word} led. Follow suit if you can: click a card."
    else:
        text = _PHASE_PROMPTS.get(phase, "")
        if phase is Phase.GO_ALONE and len(c.seat.partners) > 1:  # six players, three against three
            names = " and ".join(s.name for s in c.seat.partners)
            text = text.replace("(your partner sits out)", f"(your partners {names} sit out)")
    return esc(text)
