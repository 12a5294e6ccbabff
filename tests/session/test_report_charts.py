"""The teachers' charts (plain SVG) and the teachers' notebook that shows them.

The charts are read back from their SVG: one bar per student at its error rate, a line per measured
band, and per student the four parts of the points stacked so that they end where the points do.
"""

from __future__ import annotations

import base64
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from euchre_tutor.advisor.rating import Band
from euchre_tutor.games.classic.session.grading import computer_classic_save
from euchre_tutor.games.solitaire.session.grading import computer_solitaire_save
from euchre_tutor.rules.games import find_game
from euchre_tutor.session.class_report import ClassReport, class_report, summarise
from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.session.report_charts import PART_COLOURS, data_link, luck_svg, rates_svg

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "teacher" / "teacher-report.ipynb"
SVG = "{http://www.w3.org/2000/svg}"


def title(element: ET.Element) -> str:
    found = element.find(f"{SVG}title")
    assert found is not None and found.text
    return found.text


def width(element: ET.Element) -> float:
    rect = element.find(f"{SVG}rect")
    assert rect is not None
    return float(rect.get("width", "nan"))


@pytest.fixture(scope="module")
def report() -> ClassReport:
    games = [
        ("ada", computer_classic_save(21, 2, "beginner")),
        ("cleo", computer_solitaire_save(7, 3)),
        ("dan", computer_solitaire_save(8, 2, slip=0.6)),
    ]
    return class_report(summarise(n, grade_saved_text(t, name=n, quick=True)) for n, t in games)


def test_the_rate_chart_draws_each_students_rate_against_the_bands(report: ClassReport) -> None:
    bands = [Band("Beginner", 0.124, 0.04, 344), Band("Club", 0.039, 0.015, 364)]
    root = ET.fromstring(rates_svg(report, bands))
    students = root.findall(f"{SVG}g[@class='student']")
    assert [title(g).split(":")[0] for g in students] == ["ada", "cleo", "dan"]
    widths = [width(g) for g in students]
    rates = [s.rate for s in report.students]
    assert all(r is not None for r in rates)
    # bars are proportional to the rates (one scale for all)
    for w, r in zip(widths, rates, strict=True):
        assert w / widths[0] == pytest.approx(r / rates[0], rel=0.02)
    band_lines = root.findall(f"{SVG}g[@class='band']")
    assert [title(g) for g in band_lines] == [
        "Beginner: 0.124 ± 0.040",
        "Club: 0.039 ± 0.015",
    ]
    ada_band = report.students[0].band
    assert ada_band is not None  # classic: a measured band
    assert f"band {ada_band.name}" in title(students[0])
    assert "no bands" in title(students[1])


def test_a_bid_student_is_drawn_as_bid_euchre_not_as_solitaire() -> None:
    from euchre_tutor.games.bid.engine.game import BidGame
    from euchre_tutor.games.bid.session.advice import BidAdvisorSource
    from euchre_tutor.games.bid.session.controller import BidController
    from euchre_tutor.games.bid.session.tutor import BidTutor

    c = BidController(5)
    t = BidTutor(c, source=BidAdvisorSource(), runner="inline", worlds=20, grading=True)
    while not c.waiting:
        assert c.act(c.legal[0])
    assert BidGame.loads(c.save_text())  # a real Bid save
    games = [("bo", t.save_text()), ("cleo", computer_solitaire_save(7, 1))]
    report = class_report(summarise(n, grade_saved_text(s, name=n, quick=True)) for n, s in games)
    assert [s.graded.game for s in report.students] == ["bid", "solitaire"]
    root = ET.fromstring(rates_svg(report, []))
    bo, cleo = root.findall(f"{SVG}g[@class='student']")
    assert title(bo).endswith("(Bid Euchre: no bands)")
    assert title(cleo).endswith("(Solitaire: no bands)")
    fill = [g.find(f"{SVG}rect").get("fill") for g in (bo, cleo)]  # type: ignore[union-attr]
    assert fill == [find_game("bid").colour, find_game("solitaire").colour] and fill[0] != fill[1]


def test_the_luck_chart_stacks_the_four_parts_to_the_points(report: ClassReport) -> None:
    svg = luck_svg(report)
    root = ET.fromstring(svg)
    parts = root.findall(f"{SVG}rect[@class='part']")
    for s in report.students:
        mine = [r for r in parts if title(r).startswith(f"{s.graded.name}: ")]
        values = {
            t.split(": ")[1].rsplit(" ", 1)[0]: float(t.rsplit(" ", 1)[1]) for t in (title(r) for r in mine)
        }
        assert set(values) <= set(PART_COLOURS)
        assert sum(values.values()) == pytest.approx(float(s.luck.points), abs=0.02)
        assert f"{s.graded.name}: points {float(s.luck.points):+.0f}" in svg


def test_the_data_link_holds_the_page() -> None:
    link = data_link("<p>élan</p>", "class-report.html")
    found = re.fullmatch(
        r'<a download="class-report.html" href="data:text/html;base64,([^"]+)">⬇ class-report.html</a>', link
    )
    assert found and base64.b64decode(found.group(1)).decode("utf-8") == "<p>élan</p>"


def test_the_teachers_notebook_is_committed_run_thin_and_without_widget_state() -> None:
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert "widgets" not in nb.get("metadata", {})
    assert NOTEBOOK.stat().st_size < 200_000
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    checked = [c for c in nb["cells"] if "nbval-check-output" in c.get("metadata", {}).get("tags", [])]
    assert len(checked) >= 2 and not any("NBVAL" in c for c in code)  # markers as tags, out of sight
    assert all(
        c.get("outputs")
        for c in nb["cells"]
        if c["cell_type"] == "code" and "display(" in "".join(c["source"])
    )
    assert any("QUICK = True" in c for c in code) and "quick=QUICK" in "\n".join(code)


def test_the_teachers_notebooks_stored_chart_and_report_quote_the_shipped_bands() -> None:
    """The outputs nbval does not check (the band chart, the saved report) are what a teacher reads
    before running anything: they must quote the bands the package ships, not an older measurement."""
    from euchre_tutor.rules.games import find_game

    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    html = ["".join(o["data"]["text/html"]) for c in nb["cells"] for o in c.get("outputs", []) if "data" in o]
    chart = next(h for h in html if "error rate per student against the bands" in h)
    link = next(h for h in html if "class-report.html" in h)
    found = re.search(r'href="data:text/html;base64,([^"]+)"', link)
    assert found
    page = base64.b64decode(found.group(1)).decode("utf-8")
    bands = find_game("classic").bands()
    assert bands
    for b in bands:
        assert f"<title>{b.name}: {b.error_rate:.3f} ± {b.half_width:.3f}</title>" in chart
        assert f"{b.name} {b.error_rate:.3f} ± {b.half_width:.3f} ({b.decisions:,} decisions)" in page
