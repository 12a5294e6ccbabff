"""The hint's explanation depth, chosen by the student, and an explanation drawn as HTML.

Every table's hint panel holds one :class:`DepthPicker`; a new student starts at
:data:`~euchre_tutor.advisor.voice.DEFAULT_DEPTH`, and the last choice made in this kernel is
the next table's default. :func:`explanation_html` draws an
:class:`~euchre_tutor.advisor.voice.Explanation` at a depth: the move, the why, the rule
reminder with its lesson link, the alternatives, the figures.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Final

import ipywidgets as w

from euchre_tutor.advisor.voice import (
    DEFAULT_DEPTH,
    DEPTH_HELP,
    DEPTH_LABELS,
    LESSON_LINK,
    Depth,
    Explanation,
)

__all__ = ["DEPTH_CSS", "DepthPicker", "explanation_html", "forget_depth"]

_last: list[Depth] = [DEFAULT_DEPTH]

DEPTH_CSS: Final = """
.euchre-app .et-depth{align-items:center;gap:6px;flex-wrap:wrap;margin:2px 0 4px}
.euchre-app .et-depth .widget-toggle-buttons .widget-toggle-button{width:auto;padding:0 8px;font-size:12px}
.euchre-app .et-depth .et-depth-help{font-size:12px;opacity:.9}
.euchre-app .et-explain .et-move{font-size:15px;margin:2px 0 4px}
.euchre-app .et-explain .et-why{margin:2px 0}
.euchre-app .et-explain .et-remind{margin:4px 0;font-size:13px}
.euchre-app .et-explain .et-remind a{color:inherit;text-decoration:underline}
.euchre-app .et-explain .et-alts{margin:4px 0 2px;padding-left:18px}
.euchre-app .et-explain .et-figures{margin:4px 0 2px;padding-left:18px;font-size:12px}
"""


def forget_depth() -> None:
    """The next table starts at :data:`~euchre_tutor.advisor.voice.DEFAULT_DEPTH` again (a new student)."""
    _last[0] = DEFAULT_DEPTH


class DepthPicker(w.HBox):  # type: ignore[misc]
    """ "Explain:" and three toggle buttons (each describes its depth in its tooltip, and beside the
    buttons once chosen); ``depth`` is the chosen :class:`Depth`; ``on_change(fn)`` calls ``fn(depth)``
    after a change."""

    def __init__(self, depth: Depth | str | None = None) -> None:
        start = Depth.parse(depth) if depth is not None else _last[0]
        self.buttons = w.ToggleButtons(
            options=[(DEPTH_LABELS[d], d.value) for d in Depth],
            value=start.value,
            tooltips=[DEPTH_HELP[d] for d in Depth],
            description="Explain:",
            style={"description_width": "initial"},
        )
        self.help = w.HTML()  # the depth's description, once, when the student chooses it
        self.help.add_class("et-depth-help")
        super().__init__([self.buttons, self.help])
        self.add_class("et-depth")
        self._callbacks: list[Callable[[Depth], None]] = []
        self.buttons.observe(self._changed, names="value")

    @staticmethod
    def _help(depth: Depth) -> str:
        return f"<span>{escape(DEPTH_HELP[depth])}</span>"

    @property
    def depth(self) -> Depth:
        return Depth(self.buttons.value)

    @depth.setter
    def depth(self, value: Depth | str) -> None:
        self.buttons.value = Depth.parse(value).value

    def on_change(self, fn: Callable[[Depth], None]) -> None:
        self._callbacks.append(fn)

    def _changed(self, _change: object) -> None:
        d = self.depth
        _last[0] = d
        self.help.value = self._help(d)
        for fn in self._callbacks:
            fn(d)


def explanation_html(expl: Explanation, depth: Depth | str, figures_html: str = "") -> str:
    """``expl`` at ``depth``. ``figures_html``: the game's own table of every option (bars, intervals),
    shown only at the figures depth after the figure lines."""
    depth = Depth.parse(depth)
    said = expl.said(depth)
    why = [s for s in said if s is not expl.reminder and s not in expl.alternatives]
    parts = [
        f'<div class="et-explain" data-depth="{depth.value}">',
        f'<p class="et-move et-rec"><b>{escape(expl.move)}</b></p>',
    ]
    if why:
        parts.append(
            '<p class="et-why">'
            + " ".join(f'<span data-idea="{escape(s.idea)}">{escape(s.text)}</span>' for s in why)
            + "</p>"
        )
    lesson = expl.lesson(depth)
    link = (
        f' <a class="et-lesson" href="{escape(lesson.href)}" target="_blank" rel="noopener" '
        f'title="Lesson: {escape(lesson.section)}" aria-label="Learn more in the lesson: {escape(lesson.section)}">'
        f"{LESSON_LINK}</a>"
        if lesson is not None
        else ""
    )
    if expl.reminder is not None:
        parts.append(
            f'<p class="et-remind" data-idea="{escape(expl.reminder.idea)}">Remember: '
            f"{escape(expl.reminder.text)}{link}</p>"
        )
    elif link:
        parts.append(f'<p class="et-remind">{link.strip()}</p>')
    if depth is not Depth.BRIEF and expl.alternatives:
        parts.append(
            '<ul class="et-alts">'
            + "".join(f'<li data-idea="{escape(s.idea)}">{escape(s.text)}</li>' for s in expl.alternatives)
            + "</ul>"
        )
    if depth is Depth.FIGURES:
        if expl.figures:
            parts.append(
                '<ul class="et-figures">' + "".join(f"<li>{escape(f)}</li>" for f in expl.figures) + "</ul>"
            )
        parts.append(figures_html)
    parts.append("</div>")
    return "".join(parts)
