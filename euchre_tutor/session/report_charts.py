"""The class report's two charts, drawn as plain SVG (no plotting library), for the teachers' notebook.

* :func:`rates_svg`: each student's error rate as a bar, against a game's measured bands (a line at
  each population's rate, its 95% interval shaded): the first of the class's games, in table order,
  that has measured bands (its session hooks' ``bands``). Each game's bars have their own colour; a
  game with no measured bands says so in its bar's title;
* :func:`luck_svg`: each student's points split into the four parts of
  :mod:`euchre_tutor.advisor.luck` (seat, deal, decisions, the rest), positive parts stacked right of
  zero and negative ones left, with a diamond at the points scored (the parts add up to it).

Both return one ``<svg>`` element (strings: nothing here knows widgets or IPython), sized by the
number of students, with a ``<title>`` per bar that says its figure. :func:`data_link` offers a page
(or any file) to save (a ``data:`` link: no server).
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape as esc
from typing import Final

from euchre_tutor.advisor.rating import Band
from euchre_tutor.rules.games import find_game
from euchre_tutor.session.class_report import ClassReport, measured_scales

__all__ = ["PART_COLOURS", "data_link", "luck_svg", "rates_svg"]

WIDTH: Final = 640
ROW: Final = 26  # the height of one student's row
LEFT: Final = 150  # the names' column
_INK: Final = "#1d1d1f"
_GRID: Final = "#d9d3c4"
_BAND: Final = "#2e6b3f"  # bands given with no game
#: the four parts' colours, in the order they are stacked
PART_COLOURS: Final = {"seat": "#7b8fa6", "deal": "#4f7cac", "decisions": "#c0392b", "the rest": "#d4a64a"}


def _label(s: str) -> str:
    return esc(s if len(s) <= 22 else s[:21] + "…")


def _frame(height: int, body: list[str], label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{esc(label)}" '
        f'viewBox="0 0 {WIDTH} {height}" width="100%" style="max-width:{WIDTH}px;font-family:sans-serif">'
        + "".join(body)
        + "</svg>"
    )


def rates_svg(report: ClassReport, bands: Sequence[Band] | None = None) -> str:
    """Error rate per student (bars) against ``bands`` (lines, intervals shaded): by default the first
    of the report's games (in table order) with measured bands; none if none has."""
    ink = _BAND
    if bands is None:
        found = ((g, b) for g, b in measured_scales(s.graded.game for s in report.students) if b)
        game, bands = next(found, (None, ()))
        ink = game.colour if game is not None else ink
    students = [s for s in report.students if s.rate is not None]
    top = max([s.rate or 0.0 for s in students] + [b.error_rate + b.half_width for b in bands] + [0.01])
    top *= 1.08
    right = WIDTH - 16
    head = 30 + 13 * len(bands)  # a line per band's name above the bars
    height = head + ROW * max(len(students), 1) + 34

    def x(v: float) -> float:
        return LEFT + (right - LEFT) * v / top

    out = [
        f'<text x="{LEFT}" y="14" font-size="13" font-weight="700" fill="{_INK}">'
        "Error rate (expected points lost per decision)</text>"
    ]
    bottom = height - 28
    for i, b in enumerate(sorted(bands, key=lambda b: -b.error_rate)):  # the names stacked, highest first
        x0, x1 = x(max(0.0, b.error_rate - b.half_width)), x(b.error_rate + b.half_width)
        ty = 30 + 13 * i
        out.append(
            f'<g class="band"><title>{esc(b.name)}: {b.error_rate:.3f} ± {b.half_width:.3f}</title>'
            f'<rect x="{x0:.1f}" y="{head - 6}" width="{x1 - x0:.1f}" height="{bottom - head + 6}" '
            f'fill="{ink}" opacity="0.08"/>'
            f'<line x1="{x(b.error_rate):.1f}" x2="{x(b.error_rate):.1f}" y1="{ty + 3}" y2="{bottom}" '
            f'stroke="{ink}" stroke-dasharray="4 3"/>'
            f'<text x="{x(b.error_rate) + 4:.1f}" y="{ty}" font-size="10.5" fill="{ink}">'
            f"{esc(b.name)} {b.error_rate:.3f}</text></g>"
        )
    for i, s in enumerate(students):
        y = head + ROW * i
        rate = s.rate or 0.0
        game = find_game(s.graded.game, "a graded game")  # its bar's colour and name, from the registry
        band = f", band {s.band.name}" if s.band else f" ({game.title}: no bands)"
        out.append(
            f'<g class="student"><title>{esc(s.graded.name)}: {rate:.3f}{esc(band)}</title>'
            f'<text x="{LEFT - 6}" y="{y + ROW / 2 + 4:.1f}" font-size="11.5" fill="{_INK}" '
            f'text-anchor="end">{_label(s.graded.name)}</text>'
            f'<rect x="{LEFT}" y="{y + 5}" width="{max(x(rate) - LEFT, 1.5):.1f}" height="{ROW - 10}" '
            f'rx="2" fill="{game.colour}"/>'
            f'<text x="{max(x(rate), LEFT) + 4:.1f}" y="{y + ROW / 2 + 4:.1f}" font-size="10.5" '
            f'fill="{_INK}">{rate:.3f}</text></g>'
        )
    if not students:
        out.append(
            f'<text x="{LEFT}" y="{head + 16}" font-size="11" fill="#666">no decision graded yet</text>'
        )
    for v in (0.0, top / 2, top):
        out.append(
            f'<line x1="{x(v):.1f}" x2="{x(v):.1f}" y1="{bottom}" y2="{bottom + 4}" stroke="{_INK}"/>'
            f'<text x="{x(v):.1f}" y="{bottom + 16}" font-size="10" fill="{_INK}" '
            f'text-anchor="middle">{v:.2f}</text>'
        )
    out.append(f'<line x1="{LEFT}" x2="{right}" y1="{bottom}" y2="{bottom}" stroke="{_GRID}"/>')
    return _frame(height, out, "error rate per student against the bands")


def luck_svg(report: ClassReport) -> str:
    """Each student's points split into seat, deal, decisions and the rest (stacked from zero)."""
    rows = []
    for s in report.students:
        lt = s.luck
        parts = {
            "seat": float(lt.seat),
            "deal": float(lt.deal),
            "decisions": float(lt.skill),
            "the rest": float(lt.rest),
        }
        rows.append((s, parts, float(lt.points)))
    reach = max(
        [max(sum(v for v in p.values() if v > 0), -sum(v for v in p.values() if v < 0)) for _, p, _ in rows]
        + [abs(pts) for _, _, pts in rows]
        + [1.0]
    )
    right = WIDTH - 16
    mid = (LEFT + right) / 2
    head = 40
    height = head + ROW * max(len(rows), 1) + 30

    def x(v: float) -> float:
        return mid + (right - LEFT) / 2 * v / (reach * 1.05)

    out = [
        f'<text x="{LEFT}" y="14" font-size="13" font-weight="700" fill="{_INK}">'
        "Where the points came from (positive helped the student)</text>"
    ]
    lx = LEFT
    for name, colour in PART_COLOURS.items():
        out.append(
            f'<rect x="{lx}" y="22" width="10" height="10" fill="{colour}"/>'
            f'<text x="{lx + 14}" y="31" font-size="10.5" fill="{_INK}">{name}</text>'
        )
        lx += 24 + 7 * len(name)
    out.append(
        f'<text x="{lx}" y="31" font-size="10.5" fill="{_INK}">◆ points scored</text>'
        f'<line x1="{mid:.1f}" x2="{mid:.1f}" y1="{head - 2}" y2="{head + ROW * len(rows) + 2}" '
        f'stroke="{_INK}" stroke-width="1"/>'
    )
    for i, (s, parts, points) in enumerate(rows):
        y = head + ROW * i
        out.append(
            f'<text x="{LEFT - 6}" y="{y + ROW / 2 + 4:.1f}" font-size="11.5" fill="{_INK}" '
            f'text-anchor="end">{_label(s.graded.name)}</text>'
        )
        up = down = 0.0
        for name, value in parts.items():
            if value == 0:
                continue
            if value > 0:
                x0, x1 = x(up), x(up + value)
                up += value
            else:
                x0, x1 = x(down + value), x(down)
                down += value
            out.append(
                f'<rect class="part" x="{x0:.1f}" y="{y + 5}" width="{max(x1 - x0, 0.8):.1f}" '
                f'height="{ROW - 10}" fill="{PART_COLOURS[name]}"><title>{esc(s.graded.name)}: {name} '
                f"{value:+.2f}</title></rect>"
            )
        px, py = x(points), y + ROW / 2
        out.append(
            f'<path d="M{px:.1f} {py - 6:.1f} L{px + 5:.1f} {py:.1f} L{px:.1f} {py + 6:.1f} L{px - 5:.1f} '
            f'{py:.1f} Z" fill="{_INK}" stroke="#fff"><title>{esc(s.graded.name)}: points {points:+.0f}'
            "</title></path>"
        )
    bottom = head + ROW * max(len(rows), 1) + 4
    for v in (-reach, 0.0, reach):
        out.append(
            f'<text x="{x(v):.1f}" y="{bottom + 12}" font-size="10" fill="{_INK}" '
            f'text-anchor="middle">{v:+.1f}</text>'
        )
    return _frame(height, out, "the parts of each student's points")


def data_link(
    content: str | bytes, filename: str, text: str | None = None, mime: str = "text/html", css: str = ""
) -> str:
    """An anchor of class ``css`` that saves ``content`` (text in UTF-8) as the file ``filename`` of type
    ``mime`` (a ``data:`` link: no server, so it works in Voila and JupyterLab alike); its words are
    ``text``, or the file's name."""
    data = base64.b64encode(content.encode("utf-8") if isinstance(content, str) else content).decode("ascii")
    cls = f' class="{esc(css)}"' if css else ""
    return (
        f'<a{cls} download="{esc(filename)}" href="data:{mime};base64,{data}">'
        f"{esc(text if text is not None else '⬇ ' + filename)}</a>"
    )
