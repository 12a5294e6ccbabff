"""The classic Euchre table: ``ClassicApp(seed=7)`` in a notebook or in Voila.

The student plays one seat (South by default; P1 at three and six players)
and the rule-based computer player plays the others (partners and
opponents), acting at once until it is the student's turn again. Three-,
four- and six-player tables are laid out around the table with the student
at the bottom (:mod:`~euchre_tutor.session.seats`). The widget tree is built once; every click
goes to the :class:`~euchre_tutor.games.classic.session.controller.ClassicController`
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

The tutor (:class:`~euchre_tutor.games.classic.session.tutor.ClassicTutor`) adds:

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

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from euchre_tutor.advisor.voice import Depth
from euchre_tutor.games.classic.advisor.reasons import action_label
from euchre_tutor.games.classic.bots import LEVELS, Player
from euchre_tutor.games.classic.engine.draw import cutter
from euchre_tutor.games.classic.engine.engine import Action, HandState, Phase, explain_trick
from euchre_tutor.games.classic.engine.score_cards import MAX_SCORE
from euchre_tutor.games.classic.rules import PRESETS, ClassicRules
from euchre_tutor.games.classic.session.controller import (
    ClassicController,
    HandLog,
    action_meaning,
)
from euchre_tutor.games.classic.session.tutor import (
    DEFAULT_CLASSIC_SOURCE,
    ClassicTutor,
    level_of,
)
from euchre_tutor.games.classic.session.whatif import ClassicWhatIf
from euchre_tutor.games.classic.views import SeatView
from euchre_tutor.games.classic.widgets import hints as classic_hints
from euchre_tutor.games.classic.widgets.score_cards import four_six_html
from euchre_tutor.games.classic.widgets.whatif import WhatIfRow
from euchre_tutor.session.analysis import AnalysisSource
from euchre_tutor.session.seats import (
    positions,
    table_subtitle,
    table_words,
    tagged,
)
from euchre_tutor.tricks.seating import Seat
from euchre_tutor.widgets import render
from euchre_tutor.widgets import table_html as tables
from euchre_tutor.widgets.depth import DEPTH_CSS
from euchre_tutor.widgets.style import CLASSIC_CSS, CSS
from euchre_tutor.widgets.table import checkbox, set_class
from euchre_tutor.widgets.table_app import SeatParts, TableApp

__all__ = ["ClassicApp"]

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


class ClassicApp(TableApp[ClassicController, ClassicTutor]):
    """Play classic Euchre against the computer: one student, rule-based players in the other seats.

    ``seed`` names the match's deals; ``rules`` is a preset name (``"standard"``,
    ``"openspiel"``, ``"three-handed"``, ``"six-handed"``, ...), a
    :class:`ClassicRules` or a mapping of options (three, four or six players);
    ``seat`` is the student's seat (default South, or P1 at three and six
    players); ``deal`` a teacher's deal (the JSON object
    ``euchre-tutor classic replay`` reads) to start with.

    The tutor: ``level`` of the computer players (``"beginner"``, ``"club"``, ``"expert"``);
    ``hints`` (the advisor's analysis of every turn, off the click path, from ``source``);
    ``show_hint`` opens the hint panel; ``tutor_options`` go to the
    :class:`~euchre_tutor.games.classic.session.tutor.ClassicTutor` (``runner`` and ``worlds``:
    where the analysis runs and on how many sampled deals; ``grading`` labels each decision;
    ``autoplay`` plays a single legal card for the student; ``open_hands`` shows every hand;
    ``background_bots``: Expert computer players think in a worker process; ``refine_grades``: a grade
    left on a band's edge gets more deals after the move), so a switch of every table's tutor is
    written in the tutor and in :class:`~euchre_tutor.widgets.table_app.TableApp`, not here.
    """

    GAME = "classic"
    HINTS = classic_hints.TUTOR_HTML
    SAVE_NAME = "euchre-classic-seed-{seed}.json"
    TABLE_CSS = f"{CSS}\n{CLASSIC_CSS}"
    HINT_CSS = f"{classic_hints.TUTOR_CSS}{DEPTH_CSS}"
    RULES_CLASS = "ec-rules"
    RULES_CHOICES = RULES_CHOICES
    NEW_MATCH_TIP = "Start a new match (0-0) with this seed's deals"
    LOAD_TIP = (
        "Deal the teacher's deal typed here (the JSON of 'euchre-tutor classic replay'), or a saved game"
    )
    DEAL_PLACEHOLDER = (
        'teacher\'s deal: {"rules": "standard", "dealer": "N", "hands": {"N": ["9S", ...], '
        '"E": [...], "S": [...], "W": [...]}, "up": "KS"}'
    )
    SUGGEST_TIP = (
        "What would the computer player do in your place, and why? (a rule of thumb, not an exact hint)"
    )
    SUGGEST_IDLE = "Suggest shows what the Club (rule-based) computer player would do in your place, and why."
    STEPPED_REVIEW = True
    KEEP_RETRY_WHEN_HIDDEN = True
    SLOTS = 6  # the dealer after picking up; a loner after a call for best
    POOL = 16
    CLASSES = ("euchre-classic",)

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
        source: str | AnalysisSource | None = DEFAULT_CLASSIC_SOURCE,
        tutor: ClassicTutor | None = None,
        shared: SeatParts | None = None,
        **tutor_options: Any,
    ) -> None:
        if shared is None:  # a one-person table (at a shared table: the student's seat and its tutor)
            chosen = level_of(level)
            if bot is None and controller is None:
                bot = chosen.player()
            controller = controller or ClassicController(seed, rules=rules, seat=seat, bot=bot)
            tutor = tutor or ClassicTutor(
                controller,
                level=chosen,
                source=source if hints else None,
                show_hint=show_hint,
                **tutor_options,
            )
        super().__init__(
            controller, tutor, deal=deal, four_colour=four_colour, show_hint=show_hint, shared=shared
        )

    # ----------------------------------------------------------------- building

    def _build_game(self) -> None:
        """The match length, the table customs, the bars' metric, the what-if row, open hands and the
        tutor's switches."""
        t = self.tutor
        self.match_length = w.Dropdown(
            options=MATCH_LENGTHS, value="", description="Match", layout=w.Layout(width="230px")
        )
        self.match_length.add_class("ec-match-length")
        self.score_cards = checkbox(
            "Score on a 4 and a 6",
            "Keep each side's score the way players do at a real table: on a 4 and a 6 (up to 10)",
            lambda _on: self.refresh(),
            "ec-score-cards",
        )
        self.draw_seats = checkbox(
            "Draw for seats",
            "Open a new match the way a real table does: draw cards for partners and the first deal",
            None,
            "ec-draw-seats",
        )
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
        self.whatif = WhatIfRow(ClassicWhatIf(t), lambda: str(self.metric.value)) if t is not None else None
        self.open_hands_view = w.HTML()
        self.open_hands_view.add_class("euchre-open-hands")
        self.level_choice = w.Dropdown(
            options=[(level.name, key) for key, level in LEVELS.items()],
            value=(t.level if t is not None else level_of("club")).name.lower(),
            description="Level",
            tooltip="The computer players' level for the next match (press New match)",
            layout=w.Layout(width="190px"),
        )
        self.level_choice.add_class("ec-level")
        self.autoplay = self._tutor_switch(
            "autoplay", "Autoplay forced cards", "A single legal card is played for you after a short pause"
        )
        self.open_hands = self._tutor_switch("open_hands", "Open hands", "Practice: show every hand")

    def _tutor_switch(self, name: str, description: str, tooltip: str) -> w.Checkbox:
        """The switch (``ec-<name>``) of the tutor's option ``name`` (``autoplay``, ``open_hands``): a
        watcher has no tutor to tell."""

        def flip(on: bool) -> None:
            if self.tutor is not None:
                getattr(self.tutor, f"set_{name}")(on)

        t = self.tutor
        on = t is not None and bool(getattr(t, name))
        return checkbox(description, tooltip, flip, "ec-" + name.replace("_", "-"), value=on)

    def _control_rows(self) -> list[Sequence[w.Widget] | w.Box]:
        options = w.HBox([self.level_choice, self.autoplay, self.open_hands])
        options.add_class("ec-tutor-options")
        options.add_class("et-controls")
        return [
            options,
            [self.undo, self.redo],
            [self.seed, self.rules_choice, self.match_length],
            [self.new_match, self.draw_seats],
            [self.four, self.score_cards],
            [self.deal_text, self.load],
            [self.save, self.save_link],
        ]

    def _left_children(self) -> list[w.Widget]:
        return [
            self.table,
            self.open_hands_view,
            self.prompt,
            self.bids,
            self.hand,
            self.hand_end,
            self.review,
            self.controls,
        ]

    def _hint_switches(self) -> list[w.Widget]:
        return [self.metric]

    def _hint_extras(self) -> list[w.Widget]:
        return [] if self.whatif is None else [self.whatif]

    # ----------------------------------------------------------------- commands

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

    # ----------------------------------------------------------------- updating in place

    def _thinking(self) -> bool:
        return self.controller.thinking is not None  # a deliberate computer player thinks in the background

    def _refresh_table(self, view: SeatView, logs: list[HandLog], shown: HandLog) -> None:
        c = self.controller
        self._set(self.title, "value", title_html(view))
        self._set(self.score, "value", score_html(view, shown, c.state.scores, cards=self.score_cards.value))
        self._set(self.table, "value", table_html(view, shown, hide_tricks=self.hide_tricks))
        self._set(self.bidding, "value", bidding_html(view, shown) + self._level_html())
        self._set(self.trick_log, "value", render.scroll_region(log_html(c, logs, shown), "Trick log"))
        self._set(self.prompt, "value", prompt_html(c, view, shown))
        self.bids.show_actions(
            list(c.decision_actions),
            lambda a: action_label(a, view),
            lambda a: action_meaning(a, view),
            lambda a: (a.kind == "order" and view.up.is_red) or (a.suit is not None and a.suit.is_red),
        )

    def _level_html(self) -> str:
        """The computer players' level (a one-person table's: a shared table's seats are people's)."""
        return "" if self.tutor is None or self.shared is not None else level_html(self.tutor)

    def _refresh_options(self) -> None:
        """Open hands, autoplay and grading as the tutor has them; the bidding panel names the level."""
        t = self.tutor
        c = self.controller
        if t is None or c.view is None or not c.hand_logs():
            return
        shown = t.open_hands and self.shared is None
        set_class(self.open_hands_view, "hidden", not shown)
        self._set(
            self.open_hands_view, "value", classic_hints.open_hands_html(c.hand, c.seat) if shown else ""
        )
        self._set(self.autoplay, "value", t.autoplay)
        self._set(self.open_hands, "value", t.open_hands)
        self._set(self.bidding, "value", bidding_html(c.view, self._shown_log()) + self._level_html())

    # ----------------------------------------------------------------- the tutor's parts

    def refresh_hint(self) -> None:
        super().refresh_hint()
        self._set(self.metric.layout, "display", "" if self.depth.depth is Depth.FIGURES else "none")

    def _hint_body(self, hint: Any, depth: Depth) -> str:
        t = self.tutor
        turn = t.current_turn
        key = None if turn is None else turn.key
        number = self.controller.state.hand_number

        def once(fact: str) -> bool:
            return t.said_once(key, number, fact)

        return classic_hints.hint_body_html(
            hint, str(self.metric.value), self.controller.view, t.table, depth, once
        )

    def _review_html(self, review: Any, step: int, depth: Depth) -> str:
        return classic_hints.review_html(self.tutor, review, step, depth)

    @staticmethod
    def _hand_log_of_view(fields: dict[str, Any], view: SeatView) -> HandLog:
        return HandLog(**fields, up=view.up, trump=view.trump, notrump=view.notrump, maker=view.maker)

    def _answer_label(self, action: Action, view: SeatView) -> str:
        return action_label(action, view)


# ---------------------------------------------------------------------------
# HTML for the read-only parts (pure functions of the controller's data)


def score_html(view: SeatView, log: HandLog, scores: Sequence[int], *, cards: bool = False) -> str:
    """The score board of the match's ``scores`` from a seat's ``view`` (``log``: the hand on the
    table); ``cards``: each side's score also on a 4 and a 6 (the table custom), up to 10."""
    rules = view.rules
    student = view.seat
    sides = []
    for team in student.seating.teams:
        pts = scores[team.index]
        pic = four_six_html(pts, "HS"[team.index % 2]) if cards and 0 <= pts <= MAX_SCORE else ""
        sides.append(tables.score_side_html(team, pts, student, rules.target, pic))
    label = ", ".join(f"{t.name} {scores[t.index]}" for t in student.seating.teams)
    return tables.score_board_html(sides, label, rules, log.number)


def title_html(view: SeatView) -> str:
    """The title and who plays with whom, from the student's seat ``view`` (it changes when new rules
    seat three, four or six)."""
    return (
        '<div class="et-title"><h1>♣ Classic Euchre ♦</h1>'
        f'<div class="sub">{esc(table_subtitle(view.seat, view.rules.target))}</div></div>'
    )


def _trump_words(hand: HandState | SeatView) -> str:
    if hand.maker is None:
        return ""
    what = f"no trump ({hand.notrump})" if hand.trump is None else f"{hand.trump.symbol} {hand.trump.plural}"
    alone = ", alone" if hand.alone else ""
    return f"Trump: {what}, made by {hand.maker.word}{alone}"


def table_html(view: SeatView, log: HandLog, *, hide_tricks: bool = False) -> str:
    """The table from the student's seat ``view``: every seat with its cards counted, the trick, the
    up card and trump (``log``: the hand on the table)."""
    me = view.seat
    pos = positions(me)
    seats = []
    out = view.sitting_out
    players = me.seating.players
    passed_out = view.phase is Phase.OVER and view.maker is None
    for seat in me.seating.seats:
        team_html = (
            f'<span class="ec-teamname">team {esc(seat.team.name)}</span>'
            if len(seat.team.seats) > 1 and players == 6
            else ""
        )
        roles = []
        if seat == view.maker:
            roles.append("maker, alone" if view.alone else "maker")
        if seat == view.lone_defender:
            roles.append("defends alone")
        after = []
        if players == 3 and view.maker is not None and seat != view.maker and not passed_out:
            after.append("defends")  # three-handed: the other two play together against the maker
        seats.append(
            tables.view_seat_html(
                view, seat, me, pos[seat], roles, out=seat in out, after=after, team_html=team_html
            )
        )
    # the current trick (or the last one, faded, when a new trick has not started)
    center = tables.trick_html(view, me.seating.seats, pos, out, lambda text: tagged(text, me))
    # the up card and trump
    if view.up_taken:
        up_note = f"picked up by {view.dealer.word}"
    elif view.phase is Phase.ROUND_1 or view.phase is Phase.BLIND:
        up_note = "round 1: order it up or pass"
    elif view.maker is not None or view.phase is Phase.ROUND_2 or passed_out:
        up_note = "turned down"
    else:
        up_note = ""
    info = (
        f'<div class="ec-info"><span class="cap">Hand {log.number} · up card</span>{face(view.up)}'
        f'<span class="note">{esc(up_note)}</span><span class="ec-trump">{esc(tagged(_trump_words(view), me))}</span></div>'
    )
    return f'<div class="ec-table ec-n{players}">{info}{"".join(seats)}{center}</div>'


def level_html(tutor: ClassicTutor) -> str:
    """Which computer players this match has (the level is chosen per match)."""
    level = tutor.level
    return f'<p class="ec-level">Computer players: <b>{esc(level.name)}</b> ({esc(level.words)}).</p>'


def bidding_html(view: SeatView, log: HandLog) -> str:
    """Who bid what in the hand ``log`` (said from the seat of ``view``), and the student's discard."""
    me = view.seat
    discard = ""
    if view.discard is not None:
        discard = f"<p>Your discard (only you see it): {face(view.discard, small=True)}</p>"
    deals = (
        f"{esc(tagged(f'{log.dealer.word} deals ({cutter(log.dealer).word} cut)', me))}, up card "
        f'<span class="ec-sym{" red" if log.up.is_red else ""}">{esc(log.up.symbol)}</span>'
    )
    return tables.bidding_html(log, deals, discard, lambda text: tagged(text, me))


def _summary(log: HandLog) -> str:
    if log.maker is None:
        return f"Hand {log.number}: {log.bidding[-1] if log.bidding else 'no trump'}"
    trump = log.trump.symbol if log.trump is not None else f"no trump ({log.notrump})"
    return f"Hand {log.number}: {trump} made by {log.maker.word}"


def log_html(c: ClassicController, logs: list[HandLog], shown: HandLog) -> str:
    trump = ""
    if shown.maker is not None:
        trump = " · trump " + (shown.trump.symbol if shown.trump is not None else f"none ({shown.notrump})")
    return tables.log_html(logs, shown, trump, explain_trick, _summary, c.seat)


_PHASE_PROMPTS = {
    Phase.BLIND: "A joker was turned up and you deal: name trump blind, before seeing your cards.",
    Phase.ROUND_2: "Round 2: name a suit for trump (not the one turned down) or pass.",
    Phase.GO_ALONE: "You made trump: go alone (your partner sits out) or play with your partner?",
    Phase.BEST_CARD: "Your partner goes alone: click the card to pass them (call for best).",
    Phase.LONER_DISCARD: "Your partner passed you a card: click a card to discard face down.",
    Phase.DEFEND_ALONE: "Defend alone against the makers (your partner sits out), or with your partner?",
}


def prompt_html(c: ClassicController, view: SeatView, log: HandLog) -> str:
    over = tables.over_prompt(c, log)
    if over is not None:
        return over
    if c.thinking is not None:
        return esc(f"{c.thinking.word} is thinking… Your cards wake up when it is your turn.")
    if not c.my_turn:  # pragma: no cover - the computer players act at once or think
        return ""
    phase = view.phase
    if phase is Phase.ROUND_1:
        who = "you pick" if view.dealer == c.seat else f"{view.dealer.word} picks"
        text = f"Round 1: order up {view.up.symbol} ({view.up_suit.plural} trump; {who} it up), or pass."
    elif phase is Phase.DISCARD:
        text = f"You picked up {view.up.symbol}: click a card to discard it face down."
    elif phase is Phase.PLAY:
        text = tables.play_prompt(view, 5, " (trump; the left bower counts as trump)")
    else:
        text = _PHASE_PROMPTS.get(phase, "")
        if phase is Phase.GO_ALONE and len(c.seat.partners) > 1:  # six players, three against three
            names = " and ".join(s.name for s in c.seat.partners)
            text = text.replace("(your partner sits out)", f"(your partners {names} sit out)")
    return esc(text)
