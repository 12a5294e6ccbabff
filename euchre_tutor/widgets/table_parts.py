"""The pieces every table (:class:`~euchre_tutor.widgets.table_app.TableApp`) is built of: the hint
panel, the row of decision buttons, the controls' box, the seed box, the four-colour switch, an
uploaded file's text; the tutor's status line, placeholder and forced card's words as the hint
panel shows them, a review's rows and a retry's position."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as w

from euchre_tutor.advisor.voice import forced_play_sentence
from euchre_tutor.cards import Card
from euchre_tutor.errors import JsonInputError
from euchre_tutor.jsonio import capped_text
from euchre_tutor.widgets import render
from euchre_tutor.widgets.depth import DepthPicker
from euchre_tutor.widgets.table import action_button, checkbox, hidden_button, set_class

__all__ = [
    "HINT_TOGGLE_TIP",
    "KEY_STAR",
    "ActionRow",
    "HintPanel",
    "controls_box",
    "forced_card_html",
    "four_colour_box",
    "retry_position_html",
    "review_row_html",
    "review_table_html",
    "seed_text",
    "trick_question",
    "tutor_placeholder_html",
    "tutor_status_html",
    "uploaded_text",
]

esc = render.esc

#: the hint toggle's tooltip at the tables with an advisor
HINT_TOGGLE_TIP = "Show or hide the advisor's hint for your turn"


class HintPanel(w.VBox):  # type: ignore[misc]
    """The hint panel (``euchre-hint``): a head (``et-hinthead``: Show hint ``et-hint-toggle``, the
    game's ``switches``, Grade my play ``et-grade-toggle``), the explanation depth, the status, the
    body (``et-hint-body``), the game's ``extras``, then the grade line.

    ``on_toggle(shown)`` and ``on_grade(grading)`` are called when the student flips a switch,
    ``on_depth()`` after a depth is chosen."""

    def __init__(
        self,
        *,
        shown: bool,
        grading: bool,
        on_toggle: Callable[[bool], Any],
        on_grade: Callable[[bool], Any],
        on_depth: Callable[[], Any],
        grade_tip: str | None = None,
        switches: Sequence[w.Widget] = (),
        extras: Sequence[w.Widget] = (),
    ) -> None:
        self.toggle = w.ToggleButton(value=shown, description="Show hint", tooltip=HINT_TOGGLE_TIP)
        self.toggle.add_class("et-hint-toggle")
        self.toggle.observe(lambda ch: on_toggle(bool(ch["new"])), names="value")
        self.grade = checkbox("Grade my play", grade_tip, on_grade, "et-grade-toggle", value=grading)
        # how much the hint, the grade and the review say: the move and why (a new student's default),
        # the choices compared, or every figure (the bars)
        self.depth = DepthPicker()
        self.depth.on_change(lambda _d: on_depth())
        self.status = w.HTML()
        self.status.add_class("et-hint-status")
        self.body = w.HTML()
        self.body.add_class("et-hint-body")
        self.grade_line = w.HTML()
        self.grade_line.add_class("euchre-grade")
        head = w.HBox([self.toggle, *switches, self.grade])
        head.add_class("et-hinthead")
        super().__init__([head, self.depth, self.status, self.body, *extras, self.grade_line])
        self.add_class("euchre-hint")

    @property
    def shown(self) -> bool:
        """Whether the student asked to see the hint; the toggle's words follow."""
        shown = bool(self.toggle.value)
        want = "Hide hint" if shown else "Show hint"
        if self.toggle.description != want:
            self.toggle.description = want
        return shown

    def analysing(self, on: bool) -> None:
        """Dim the body (``analysing``) while the student's turn is analysed."""
        set_class(self, "analysing", on)


class ActionRow(w.HBox):  # type: ignore[misc]
    """A pool of decision buttons (``et-trumpbox ec-bids``): each shown one is a legal action with the
    class ``euchre-bid`` (``red`` for a red suit); ``act(action)`` is called on a click."""

    def __init__(self, size: int, act: Callable[[Any], Any]) -> None:
        super().__init__()
        self.add_class("et-trumpbox")
        self.add_class("ec-bids")
        self._act = act
        self.buttons: list[w.Button] = []
        self.actions: list[Any] = []
        self.grow(size)

    def grow(self, size: int) -> None:
        """At least ``size`` buttons (more are added if a position ever has more decisions)."""
        while len(self.buttons) < size:
            self.buttons.append(hidden_button(functools.partial(self._click, len(self.buttons))))
            self.actions.append(None)
        self.children = tuple(self.buttons)

    def _click(self, i: int) -> None:
        action = self.actions[i]
        if action is not None:
            self._act(action)

    def show_actions(
        self,
        actions: Sequence[Any],
        label: Callable[[Any], str],
        tip: Callable[[Any], str],
        red: Callable[[Any], bool],
    ) -> None:
        """Show these actions (the others' buttons hidden); the row is hidden when there are none."""
        if len(actions) > len(self.buttons):
            self.grow(len(actions))
        for i, b in enumerate(self.buttons):
            action = actions[i] if i < len(actions) else None
            if action == self.actions[i] and (action is None or b.description == label(action)):
                continue
            self.actions[i] = action
            if action is None:
                action_button(b, None)
                continue
            action_button(b, label(action), tip(action), red=red(action))
        set_class(self, "hidden", not actions)

    def shown(self) -> list[Any]:
        return [a for a in self.actions if a is not None]

    def button_of(self, action: Any) -> w.Button | None:
        for b, a in zip(self.buttons, self.actions, strict=True):
            if a == action:
                return b
        return None


def controls_box(rows: Iterable[Sequence[w.Widget] | w.Box]) -> w.VBox:
    """The controls (``et-controls``): one row (``et-controls``) per sequence of widgets (a ready box
    is kept as it is)."""
    boxes = [row if isinstance(row, w.Box) else w.HBox(list(row)) for row in rows]
    controls = w.VBox(boxes)
    controls.add_class("et-controls")
    for box in boxes:
        box.add_class("et-controls")
    return controls


def seed_text(seed: object) -> w.Text:
    """The seed box (``et-seed``)."""
    text = w.Text(value=str(seed), description="Seed", placeholder="e.g. 7", layout=w.Layout(width="150px"))
    text.add_class("et-seed")
    return text


def four_colour_box(table: w.DOMWidget) -> w.Checkbox:
    """The four-colour suits switch of ``table`` (its class ``four-colour``: diamonds blue, clubs green)."""
    now = "four-colour" in table._dom_classes
    return checkbox("Four-colour suits", None, lambda on: set_class(table, "four-colour", on), value=now)


def uploaded_text(change: dict[str, Any], refuse: Callable[[str], Any]) -> str | None:
    """The text of a file chosen in a ``FileUpload`` (None: nothing chosen, or refused with the reason
    by ``refuse``): the same cap and decoding as every other input, so a huge upload is refused, not
    decoded."""
    files = change["new"]
    if not files:
        return None
    item = files[0]
    content = item["content"] if isinstance(item, dict) else getattr(item, "content", b"")
    try:
        return capped_text(bytes(content), "the deal file")
    except JsonInputError as error:
        refuse(str(error))
        return None


def tutor_status_html(tutor: Any, analysing_words: Callable[[], str], tag: str) -> str:
    """The hint panel's status line at a table with a tutor: hints off, not wanted, not the student's
    turn, nothing for a single legal choice (the hint says why it is forced), a failed analysis,
    ``analysing_words()`` while the advisor works (the class ``<tag>-analysing``), then ``<tag>-ready``."""
    c = tutor.controller
    if not tutor.hints_on:
        return '<span class="et-status">Hints are off for this table.</span>'
    if not tutor.wanted:
        return '<span class="et-status">Show the hint or grade your play: the advisor then analyses each turn.</span>'
    if not c.my_turn:
        return '<span class="et-status">No decision of yours to analyse now.</span>'
    if tutor.forced is not None:  # the hint itself says why: nothing is pending
        return ""
    if tutor.current_error is not None:
        return f'<span class="et-status">The analysis failed: {esc(tutor.current_error)}</span>'
    if tutor.analysing:
        return (
            '<div class="et-progress indeterminate" role="progressbar" aria-label="analysing"><div></div></div>'
            f'<span class="et-status {tag}-analysing">{analysing_words()}</span>'
        )
    # ready: nothing pending, so nothing said (a page or a test can still see that it is ready)
    return f'<span class="et-status {tag}-ready" data-ready="1"></span>'


def forced_card_html(card: Card, view: Any, *, autoplay: bool = False, rule: str | None = None) -> str:
    """Why ``card`` is the student's only legal card, from a trick-taking seat ``view`` (its ``hand``,
    ``trump`` and the trick so far): the rule that forces it in words (:func:`forced_play_sentence`;
    ``rule`` for a game's own reason), and that it is played for the student when ``autoplay``."""
    led = view.trick_plays[0][1] if view.trick_plays else None
    text = forced_play_sentence(card, view.hand, view.trump, led, rule)
    how = " It is played for you in a moment." if autoplay else ""
    return f"<p>{esc(text)}{how}</p>"


def tutor_placeholder_html(tutor: Any, forced_html: Callable[[Any], str]) -> str:
    """The hint body while there is no hint to show: hints off, the hand over, a single legal choice
    (``forced_html(action)``, in a ``div.et-forced``), or the analysis still running."""
    c = tutor.controller
    if not tutor.hints_on:
        return "<p>Hints are switched off for this table.</p>"
    if not c.my_turn:
        return (
            "<p>The hand is over: press Review hand to see each of your decisions.</p>"
            if c.waiting or c.state.is_over
            else ""
        )
    forced = tutor.forced
    if forced is not None:  # marked, so a page (and its tests and timings) knows the turn has no hint
        return f'<div class="et-forced">{forced_html(forced)}</div>'
    return "<p>The hint appears here as soon as the analysis is done; keep playing meanwhile.</p>"


#: a key moment's star in a hand's review
KEY_STAR = (
    ' <span class="et-key" title="A key moment: one of the costliest decisions of the hand">★ key</span>'
)


def review_row_html(
    i: int,
    where: str,
    mine: str,
    grade: Any = None,
    best: str = "",
    lost: str = "",
    *,
    forced: str | None = None,
    key: bool = False,
    swing: Any = None,
    attrs: str = "",
) -> str:
    """Decision ``i``'s row in a hand's review (``where`` and ``mine``: HTML): forced (``forced``: the
    only legal what), still being graded (``grade`` None), or its grade with the ``best`` choice and
    what it ``lost``; a ``key`` moment is starred (``et-key-row``), a marked ``swing`` has its badge;
    ``attrs``: the row's other attributes."""
    if forced is not None:
        return (
            f"<tr class='forced'><td>{i}</td><td>{where}</td><td>{mine}</td>"
            f"<td colspan='3' class='et-status'>forced: the only legal {forced}</td></tr>"
        )
    if grade is None:
        return f"<tr><td>{i}</td><td>{where}</td><td>{mine}</td><td colspan='3'>analysing…</td></tr>"
    if key:
        where += KEY_STAR
    if swing is not None:
        where += " " + render.swing_badge(swing)
    row_class = " class='et-key-row'" if key else ""
    return (
        f"<tr{row_class}{attrs}><td>{i}</td><td>{where}</td><td>{mine}</td><td>{esc(best)}</td>"
        f'<td><span class="et-grade {esc(grade.label)}">{esc(grade.label)}</span></td><td>{esc(lost)}</td></tr>'
    )


def review_table_html(rows: Sequence[str], lost: str) -> str:
    """A hand's review table of these rows (``lost``: the head of what each decision lost), or that
    the student made no decision."""
    if not rows:
        return "<p>You made no decision in this hand.</p>"
    return (
        "<table><thead><tr><th>#</th><th>when</th><th>you chose</th><th>best</th><th>grade</th>"
        f"<th>{lost}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def trick_question(view: Any, card_html: Callable[[Card], str]) -> str:
    """A play's question from a seat ``view`` (HTML): the trick so far, each card as ``card_html``,
    or the student's lead."""
    number = len(view.tricks) + 1
    if not view.trick_plays:
        return f"You lead trick {number}. What do you lead?"
    plays = ", ".join(
        f"{esc(s.word)} {'leads' if i == 0 else 'plays'} {card_html(c)}"
        for i, (s, c) in enumerate(view.trick_plays)
    )
    return f"Trick {number}: {plays}. What do you play?"


def retry_position_html(lines: Sequence[str], view: Any) -> str:
    """A past decision's position for a retry: ``lines`` (HTML sentences), then the hand of the seat
    ``view``; the hint and the first answer hidden."""
    hand = render.faces(render.hand_order(view.hand, view.trump), small=True, trump=view.trump)
    return (
        f'<div class="et-retry-position">{" ".join(lines)}<div class="et-retry-hand">Your hand: {hand}</div>'
        "<p class='et-status'>The hint is hidden: choose as if for the first time. Your new answer is graded on "
        "the same sampled deals as your first.</p></div>"
    )
