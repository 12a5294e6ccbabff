"""The session chart: how a student's play went over the session, drawn as a small SVG.

:class:`SessionChart` shows a :class:`~euchre_tutor.advisor.session.SessionStats`
(Solitaire's, classic's, or both): a line of counts per grade, the points of
each finished deal next to what the best play expected, and the loss of each
graded decision with its running average. It subscribes to the stats and
rewrites the values of the same two HTML widgets when a figure changes: the
widget tree is built once. The drawing is plain SVG written here (no plotting
library), so it renders the same in a notebook, in Voila and in a lesson. Under the chart,
**Download report** (:class:`~euchre_tutor.widgets.report_link.ReportDownload`) offers the session
as the teacher's one-file HTML report.
Hooks: ``euchre-stats`` (the box), ``et-stats-summary``, ``et-stats-chart``, ``et-report``.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape as esc

import ipywidgets as w

from euchre_tutor.advisor.session import DealRecord, GradedDecision, SessionStats, StatsSummary, Units
from euchre_tutor.widgets.report_link import ReportDownload

__all__ = ["SessionChart", "chart_svg", "summary_html"]

#: the grade colours of the hint panel (style.py's .et-grade)
GRADE_COLOURS = {
    "Best": "#1e6b41",
    "Good": "#2e7d4f",
    "Inaccuracy": "#8a6500",
    "Mistake": "#b8560f",
    "Blunder": "#b71c1c",
}
WIDTH = 400
PANEL = 108  # height of one plot
MAX_DEALS = 16  # the last deals drawn
MAX_DECISIONS = 60  # the last decisions drawn
_INK = "#1d1d1f"
#: the box's look, shipped with the chart so that it is the same in a dashboard and in a lesson
STATS_CSS = (
    ".euchre-stats{background:rgba(255,253,247,.96);color:#1d1d1f;border-radius:12px;padding:8px 12px;"
    "box-shadow:0 4px 12px rgba(0,0,0,.35);margin-bottom:12px;max-width:440px}"
    ".euchre-stats .widget-html-content{color:#1d1d1f}"
    ".euchre-stats h3{font-family:sans-serif}"
    ".euchre-stats .et-report .widget-label{color:#1d1d1f}"
    ".euchre-stats .et-report-link .widget-html-content{font:12.5px/1.5 sans-serif;white-space:normal}"
)
_GRID = "#d9d3c4"
_WON = "#2e8b57"
_LOST = "#c0392b"


def _num(x: float, signed: bool = True) -> str:
    text = f"{x:+.2f}" if signed else f"{x:.2f}"
    return text.replace("-", "−")


def _points(n: int) -> str:
    return f"{n:+d}".replace("-", "−") if n else "0"


def summary_html(summary: StatsSummary) -> str:
    """One or two lines a student reads at a glance: grade counts, average loss, points against best."""
    if not summary.decisions and not summary.deals:
        return (
            '<div class="et-stats-empty">Your session appears here: play a deal with hints on, '
            "and each decision is graded against the best one.</div>"
        )
    chips = " ".join(
        f'<span class="et-grade {name}" title="{name}: {count}" '
        f'style="background:{GRADE_COLOURS[name]};color:#fff;border-radius:10px;padding:1px 7px;'
        f'font-weight:700;font-size:12px;white-space:nowrap">{name} {count}</span>'
        for name, count in summary.labels.items()
        if count
    )
    lines = [f"<b>{summary.decisions}</b> decision{'s' if summary.decisions != 1 else ''} graded: {chips}"]
    losses = []
    if summary.average_loss is not None:
        losses.append(f"<b>{_num(summary.average_loss, False)}</b> points")
    if summary.average_win_chance_loss is not None:
        losses.append(f"<b>{100 * summary.average_win_chance_loss:.1f}%</b> win chance")
    if losses:
        lines.append("Average loss a decision: " + " and ".join(losses))
    if summary.deals:
        best = "" if summary.best is None else f"; the best play averages <b>{_num(summary.best)}</b> there"
        lines.append(
            f"{summary.deals} deal{'s' if summary.deals != 1 else ''} finished: "
            f"you scored <b>{_points(summary.points)}</b>{best}"
        )
    return "".join(f'<div class="et-stats-line">{line}</div>' for line in lines)


def _deal_panel(deals: Sequence[DealRecord], top: int) -> str:
    """Bars: points scored per deal (green won, red lost); a diamond: what the best play expected."""
    left, right = 34, WIDTH - 8
    shown = list(deals)[-MAX_DEALS:]
    values = [abs(d.points or 0) for d in shown] + [abs(d.best or 0) for d in shown]
    scale = max(2.0, *values) if values else 2.0
    mid = top + PANEL / 2
    half = PANEL / 2 - 6

    def y(v: float) -> float:
        return mid - v / scale * half

    out = [
        f'<text x="{left}" y="{top - 6}" font-size="12" font-weight="700" fill="{_INK}">Points per deal</text>',
        f'<text x="{right}" y="{top - 6}" font-size="10.5" fill="{_INK}" text-anchor="end">'
        f'<tspan fill="{_WON}">■</tspan> you scored  <tspan>◆</tspan> the best play, on average</text>',
    ]
    for v in (scale, 0.0, -scale):
        yy = y(v)
        out.append(
            f'<line x1="{left}" x2="{right}" y1="{yy:.1f}" y2="{yy:.1f}" stroke="{_GRID}" '
            f'stroke-width="{1.2 if v == 0 else 0.6}"/>'
        )
        label = f"{v:+.0f}".replace("-", "−") if v else "0"
        out.append(
            f'<text x="{left - 4}" y="{yy + 3.5:.1f}" font-size="10" fill="{_INK}" text-anchor="end">{label}</text>'
        )
    if not shown:
        out.append(
            f'<text x="{(left + right) / 2}" y="{mid - 6:.1f}" font-size="11" fill="#666" text-anchor="middle">'
            "no deal finished yet</text>"
        )
        return "".join(out)
    slot = (right - left) / max(len(shown), 8)
    for i, d in enumerate(shown):
        cx = left + slot * (i + 0.5)
        bar = max(4.0, min(22.0, slot * 0.55))
        pts = d.points or 0
        y0, y1 = sorted((y(0), y(pts)))
        colour = _WON if pts > 0 else _LOST
        title = f"deal {d.number}: you scored {_points(pts)}"
        if d.best is not None:
            title += f"; the best play averages {_num(d.best)} from your first decision"
        out.append(
            f'<g class="et-stats-deal"><title>{esc(title)}</title>'
            f'<rect x="{cx - bar / 2:.1f}" y="{y0:.1f}" width="{bar:.1f}" height="{max(y1 - y0, 1.5):.1f}" '
            f'rx="2" fill="{colour}"/>'
        )
        if d.best is not None:
            by = y(d.best)
            out.append(
                f'<path d="M{cx:.1f} {by - 5:.1f} L{cx + 5:.1f} {by:.1f} L{cx:.1f} {by + 5:.1f} '
                f'L{cx - 5:.1f} {by:.1f} Z" fill="{_INK}" stroke="#fff" stroke-width="1"/>'
            )
        out.append(
            f'<text x="{cx:.1f}" y="{top + PANEL + 11}" font-size="9.5" fill="#555" '
            f'text-anchor="middle">{d.number}</text></g>'
        )
    return "".join(out)


def _decision_panel(decisions: Sequence[GradedDecision], units: Units, top: int) -> str:
    """Dots: the loss of each decision in its grade's colour; a line: the running average loss."""
    left, right = 34, WIDTH - 8
    factor = 100.0 if units == "win chance" else 1.0
    unit_word = "win chance lost, %" if units == "win chance" else "points lost"
    every = [d for d in decisions if d.units == units]
    first = max(0, len(every) - MAX_DECISIONS)
    shown = every[first:]
    losses = [d.loss * factor for d in shown]
    # the smallest round scale that holds every loss: a classic or Solitaire loss is rarely past 2
    # points, a Bid Euchre loner's can be 30 (a loss past the last scale is drawn at the top)
    scales = (10.0, 20.0, 50.0, 100.0) if units == "win chance" else (1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0)
    most = max(losses, default=0.0)
    cap = next((c for c in scales if most <= c), scales[-1])
    bottom = top + PANEL

    def y(v: float) -> float:
        return bottom - min(v, cap) / cap * (PANEL - 8)

    out = [
        f'<text x="{left}" y="{top - 6}" font-size="12" font-weight="700" fill="{_INK}">'
        f"Loss per decision ({unit_word})</text>",
        f'<text x="{right}" y="{top - 6}" font-size="10.5" fill="{_INK}" text-anchor="end">'
        "● a decision  — running average</text>",
    ]
    for v in (0.0, cap / 2, cap):
        yy = y(v)
        out.append(
            f'<line x1="{left}" x2="{right}" y1="{yy:.1f}" y2="{yy:.1f}" stroke="{_GRID}" '
            f'stroke-width="{1.2 if v == 0 else 0.6}"/>'
        )
        out.append(
            f'<text x="{left - 4}" y="{yy + 3.5:.1f}" font-size="10" fill="{_INK}" text-anchor="end">{v:g}</text>'
        )
    if not shown:
        out.append(
            f'<text x="{(left + right) / 2}" y="{top + PANEL / 2:.1f}" font-size="11" fill="#666" '
            'text-anchor="middle">no graded decision yet</text>'
        )
        return "".join(out)
    step = (right - left - 10) / max(len(shown) - 1, 1) if len(shown) > 1 else 0
    xs = [left + 5 + step * i if len(shown) > 1 else (left + right) / 2 for i in range(len(shown))]
    running, total = [], sum(d.loss * factor for d in every[:first])
    for i, v in enumerate(losses):
        total += v
        running.append(total / (first + i + 1))
    line = " ".join(
        f"{'M' if i == 0 else 'L'}{x:.1f} {y(r):.1f}"
        for i, (x, r) in enumerate(zip(xs, running, strict=True))
    )
    out.append(f'<path class="et-stats-average" d="{line}" fill="none" stroke="{_INK}" stroke-width="1.6"/>')
    for i, (x, d, v) in enumerate(zip(xs, shown, losses, strict=True)):
        over = " (off the chart)" if v > cap else ""
        title = f"decision {first + i + 1}: {d.choice} — {d.label}, lost {v:.2f}{over}"
        out.append(
            f'<circle class="et-stats-decision {d.label}" cx="{x:.1f}" cy="{y(v):.1f}" r="4" '
            f'fill="{GRADE_COLOURS[d.label]}" stroke="#fff" stroke-width="1"><title>{esc(title)}</title></circle>'
        )
    return "".join(out)


def chart_svg(stats: SessionStats, game: str | None = None) -> str:
    """The two plots of the session as one SVG: points per deal, then loss per decision."""
    decisions = stats.decisions(game)
    units: Units = decisions[-1].units if decisions else "points"
    top1, top2 = 20, 20 + PANEL + 40
    height = top2 + PANEL + 8
    body = _deal_panel(stats.deals(game), top1) + _decision_panel(decisions, units, top2)
    return (
        f'<svg class="et-stats-svg" role="img" aria-label="session chart" viewBox="0 0 {WIDTH} {height}" '
        f'width="100%" style="max-width:{WIDTH}px;font-family:sans-serif">{body}</svg>'
    )


class SessionChart(w.VBox):  # type: ignore[misc]
    """The session's figures and chart, kept up to date in place.

    ``game`` limits it to one game's deals (None: the whole session). ``report``: show the
    **Download report** control (:attr:`report`, None without it), which reports every game feeding
    ``stats``.
    """

    def __init__(
        self,
        stats: SessionStats | None = None,
        *,
        game: str | None = None,
        title: str = "Your session",
        report: bool = True,
    ) -> None:
        self.stats = stats if stats is not None else SessionStats()
        self.game = game
        self.heading = w.HTML(
            f'<style>{STATS_CSS}</style><h3 style="margin:0 0 2px;font-size:15px;color:{_INK}">{esc(title)}</h3>'
        )
        self.summary = w.HTML()
        self.summary.add_class("et-stats-summary")
        self.chart = w.HTML()
        self.chart.add_class("et-stats-chart")
        self.report = ReportDownload(self.stats) if report else None
        super().__init__(
            [self.heading, self.summary, self.chart, *([self.report] if self.report is not None else [])]
        )
        self.add_class("euchre-stats")
        self.stats.subscribe(self.refresh)
        self.refresh()

    def close(self) -> None:
        self.stats.unsubscribe(self.refresh)
        super().close()

    def refresh(self) -> None:
        summary = self.stats.summary(self.game)
        with self.hold_sync():
            self.summary.value = (
                f'<div style="color:{_INK};font:13px/1.7 sans-serif">{summary_html(summary)}</div>'
            )
            self.chart.value = chart_svg(self.stats, self.game)
