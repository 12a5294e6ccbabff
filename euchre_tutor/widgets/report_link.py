"""**Download report**: the student's session as the teacher's one-file HTML report, from the session panel.

:class:`ReportDownload` sits in the session statistics (:class:`~euchre_tutor.widgets.stats.SessionChart`,
so every table that shows the chart has it). A click builds the same report as ``euchre-tutor report``
for the games feeding the chart's statistics (:func:`~euchre_tutor.session.session_report.build_session_report`:
the classic table's own grades where it holds them, the rest graded on the spot) and offers it as a
``data:text/html;base64`` link with a ``download`` file name: no server, so it works in Voila and in
JupyterLite alike. Building only reads the games; a failure is said in the line under the button.
Hooks: ``et-report`` (the box), ``et-report-button``, ``et-report-name``, ``et-report-link``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape as esc
from typing import TYPE_CHECKING

import ipywidgets as w

from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.session.report_charts import data_link

if TYPE_CHECKING:
    from euchre_tutor.session.session_report import SessionReport

__all__ = ["ReportDownload", "report_link"]

NOTHING_YET = (
    "Nothing to report yet: the report grades finished hands, so finish a hand (or a Solitaire deal) first."
)


def report_link(built: SessionReport) -> str:
    """The download link of a built report, and what is in it."""
    hands = built.hands
    where = []
    if built.table_grades:
        where.append(f"{built.table_grades} of the table's own grades")
    if built.graded_now:
        where.append(f"{built.graded_now} decisions graded now")
    note = (
        f"{hands} finished hand{'s' if hands != 1 else ''}"
        + (f", {' and '.join(where)}" if where else "")
        + f", built in {built.report.seconds:.1f} s. Give the file to your teacher."
    )
    return (
        data_link(built.html, built.filename, css="et-report-file")
        + f' <span class="et-report-note">{esc(note)}</span>'
    )


class ReportDownload(w.VBox):  # type: ignore[misc]
    """A name box, a **Download report** button and the line with the link (or what went wrong).

    ``build`` replaces the builder (tests): it gets the stats and the name and returns the report, or
    None when there is nothing to report yet.
    """

    def __init__(
        self,
        stats: SessionStats,
        *,
        build: Callable[[SessionStats, str], SessionReport | None] | None = None,
    ) -> None:
        self.stats = stats
        self._build = build
        self.name = w.Text(
            value="",
            placeholder="your name (optional)",
            description="Name",
            layout=w.Layout(width="210px"),
            style={"description_width": "initial"},
        )
        self.name.add_class("et-report-name")
        self.button = w.Button(
            description="Download report",
            tooltip="Build the teacher's report of this session (one HTML file) and offer it as a download",
            icon="download",
        )
        self.button.add_class("et-report-button")
        self.button.on_click(lambda _b: self.make())
        self.link = w.HTML()
        self.link.add_class("et-report-link")
        super().__init__([w.HBox([self.button, self.name]), self.link])
        self.add_class("et-report")

    def make(self) -> SessionReport | None:
        """Build the report now and show its link (the button's click); None if there is none."""
        self.button.disabled = True
        self.link.value = '<span class="et-report-busy">Building the report…</span>'
        try:
            built = self._run()
        except Exception as error:  # whatever failed: say it, and keep the table
            self.link.value = (
                '<span class="et-report-error" style="color:#b71c1c">The report could not be built: '
                f"{esc(str(error) or type(error).__name__)}. Your game is unchanged; try again or save "
                "the game instead.</span>"
            )
            return None
        finally:
            self.button.disabled = False
        self.link.value = (
            f'<span class="et-report-empty">{esc(NOTHING_YET)}</span>'
            if built is None
            else report_link(built)
        )
        return built

    def _run(self) -> SessionReport | None:
        if self._build is not None:
            return self._build(self.stats, self.name.value)
        from euchre_tutor.session.session_report import build_session_report  # the advisor, on demand

        return build_session_report(self.stats, name=self.name.value)
