"""Retry: a review's key moments, each answered again with the hint hidden (any game).

The app names its key moments (a stable key, the button's words, and how to pose the moment
again: a :class:`RetryCase`); the panel shows a button per moment, then the chosen moment's
position and a button per legal answer, then the graded answer. Grading is the app's (its tutor
grades against the very analysis of that moment); the panel only keeps what is open.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from euchre_tutor.advisor.drills import Deck
from euchre_tutor.errors import EuchreError
from euchre_tutor.session.report_charts import data_link
from euchre_tutor.widgets.table import hidden_button, show

__all__ = ["RetryCase", "RetryPanel", "drills_html", "tutor_drills_html", "tutor_moments"]


@dataclass(frozen=True, slots=True)
class RetryCase:
    """One moment posed again: its position (HTML), the answers' labels, and how to grade answer ``i``
    (the result as HTML; an :class:`~euchre_tutor.errors.EuchreError` refuses it)."""

    prompt: str
    answers: tuple[str, ...]
    grade: Callable[[int], str]


Moment = tuple[Hashable, str, Callable[[], RetryCase]]  # key, the button's words, the case


class RetryPanel(w.VBox):  # type: ignore[misc]
    """Retry buttons for up to ``size`` key moments and the moment being answered again.

    ``refused(text)`` shows a refused answer (the table's message line). CSS classes for styling and
    tests: ``et-retry-open`` (a moment's button), ``et-retry-position``, ``et-retry-answers``,
    ``et-retry-answer``, ``et-retry-result``."""

    def __init__(self, size: int, refused: Callable[[str], None]) -> None:
        self._refused = refused
        self.choice_buttons = [hidden_button(functools.partial(self.pose, i)) for i in range(size)]
        self.choices = w.HBox(self.choice_buttons)
        self.choices.add_class("et-retry-choices")
        self.prompt = w.HTML()
        self.answer_buttons: list[w.Button] = []
        self.answers = w.HBox()
        self.answers.add_class("et-retry-answers")
        self.feedback = w.HTML()
        self.panel = w.VBox([self.prompt, self.answers, self.feedback])
        self.panel.add_class("et-retry")
        show(self.panel, False)
        self._moments: list[Moment] = []
        self._open: Hashable | None = None
        self._case: RetryCase | None = None
        self._result: str | None = None
        super().__init__([self.choices, self.panel])
        self.add_class("et-retry-box")

    def refresh(self, moments: Sequence[Moment]) -> None:
        """Show these moments' buttons; the open one stays open while it is still a moment."""
        self._moments = list(moments)
        for i, b in enumerate(self.choice_buttons):
            if i < len(self._moments):
                _pool_button(b, self._moments[i][1], "Answer this decision again with the hint hidden")
                b.add_class("et-retry-open")
            else:
                _pool_button(b, None)
        if self._open is not None and all(key != self._open for key, _, _ in self._moments):
            self.dismiss()
        self._draw()

    def pose(self, i: int) -> None:
        """Pose moment ``i`` again (a stale click, past the moments shown, does nothing)."""
        if i >= len(self._moments):
            return
        key, _, case = self._moments[i]
        self._open, self._case, self._result = key, case(), None
        self._draw()

    def dismiss(self) -> None:
        """Put the open moment away (the review closed, or its hand is no longer shown)."""
        self._open = self._case = self._result = None
        self._draw()

    def answer(self, i: int) -> None:
        """Grade answer ``i`` of the open moment (once: a second click, or none open, does nothing)."""
        case = self._case
        if case is None or self._result is not None or i >= len(case.answers):
            return
        try:
            self._result = case.grade(i)
        except EuchreError as error:
            self._refused(str(error))
            return
        self._draw()

    def _draw(self) -> None:
        case = self._case
        show(self.panel, case is not None)
        if case is None:
            self.prompt.value = self.feedback.value = ""
            return
        self.prompt.value = case.prompt
        while len(self.answer_buttons) < len(case.answers):
            b = hidden_button(functools.partial(self.answer, len(self.answer_buttons)))
            b.add_class("et-retry-answer")
            self.answer_buttons.append(b)
            self.answers.children = tuple(self.answer_buttons)
        for i, b in enumerate(self.answer_buttons):
            _pool_button(b, case.answers[i] if i < len(case.answers) else None)
            b.disabled = self._result is not None
        self.feedback.value = self._result or ""


def _pool_button(b: w.Button, label: str | None, tooltip: str = "") -> None:
    """Show a pooled button with ``label`` (None: hide it)."""
    with b.hold_sync():
        if label is None:
            b.add_class("hidden")
            show(b, False)
            return
        b.remove_class("hidden")
        show(b, True)
        b.description, b.tooltip = label, tooltip


#: the file name a table's drills are offered under
DRILLS_FILE = "euchre-drills.json"


def tutor_moments(
    tutor: Any, hand_number: int, words: Callable[[Any, Any], str], case: Callable[[Any], RetryCase]
) -> list[Moment]:
    """A hand's key moments as the panel lists them (a classic or Bid tutor's ``key_moments``): each
    decision's place in the game, its button's ``words(decision, grade)``, and how to pose it again."""
    moments: list[Moment] = []
    for d in tutor.key_moments(hand_number):
        grade = tutor.grade_of(d)
        assert grade is not None  # a key moment is graded
        moments.append((d.index, words(d, grade), functools.partial(case, d)))
    return moments


def tutor_drills_html(tutor: Any) -> str:
    """The table's drills line for ``tutor``: kept on the class server under the student's name when
    the tutor keeps its drills in a store (:func:`drills_html` otherwise)."""
    deck = tutor.drills
    if getattr(tutor, "store", None) is None or not len(deck):
        return drills_html(deck)
    n = len(deck)
    error = getattr(tutor, "store_error", None)
    kept = (
        f"<p class='et-teach'>{html.escape(str(error))}</p>"
        if error
        else "<p>They are kept on the class server under your name: the Practice page finds them.</p>"
    )
    return (
        f'<div class="et-drills">Your drills: <b>{n}</b> position{"" if n == 1 else "s"} from your '
        f"Mistakes and Blunders at this table.{kept}</div>"
    )


def drills_html(deck: Deck) -> str:
    """The table's line about its drills: how many Mistakes and Blunders are in the deck, and the deck
    as a file to download (the Practice page uploads it; a Binder session forgets, the file does not)."""
    if not len(deck):
        return (
            '<div class="et-drills et-status">Each Mistake or Blunder you make becomes a drill: a position '
            "to practise on the Practice page.</div>"
        )
    n = len(deck)
    return (
        f'<div class="et-drills">Your drills: <b>{n}</b> position{"" if n == 1 else "s"} from your Mistakes '
        f"and Blunders. {data_link(deck.dumps(), DRILLS_FILE, mime='application/json', css='et-drills-link')}"
        ": upload it on the Practice page to work through them (keep the file: a new session starts "
        "without it).</div>"
    )
