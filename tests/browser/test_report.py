"""The teacher's report (``euchre-tutor report``) opened in a real Chromium from a file, with no network.

The page must show, with nothing fetched from anywhere (every request that is not the file itself is
refused and recorded): the class table with each student's figures, the files that could not be read,
the rules the class gets wrong, and each student's sentences and worst decisions; a student's name in
the class table leads to that student's section.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.cli import main
from euchre_tutor.games.classic.advisor.analysis import GRADE_WORLDS_ENV
from euchre_tutor.games.classic.session.grading import computer_classic_save
from euchre_tutor.games.solitaire.session.grading import computer_solitaire_save
from euchre_tutor.serve import CLASS_GRADE_WORLDS
from tests.browser.conftest import PAGE_TIMEOUT, screenshot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def report_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("report")
    (folder / "ada.json").write_text(computer_classic_save(21, 1, "beginner"))
    (folder / "cleo.json").write_text(computer_solitaire_save(7, 4))
    (folder / "dan.json").write_text(computer_solitaire_save(8, 3, slip=0.6))
    (folder / "lunch.json").write_text("sandwich")
    out = folder / "report.html"
    saves = [str(folder / n) for n in ("ada.json", "cleo.json", "lunch.json", "dan.json")]
    # grades refined as a class server refines them, under a thirty-second of its cap
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(GRADE_WORLDS_ENV, str(CLASS_GRADE_WORLDS // 32))
        assert main(["report", *saves, "--out", str(out), "--title", "Class 7B", "--jobs", "1"]) == 0
    return out


def test_the_report_shows_the_class_offline(browser: Any, report_file: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT)
    page = context.new_page()
    outside: list[str] = []
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def refuse(route: Any) -> None:
        if route.request.url != report_file.as_uri():
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/*", refuse)
    try:
        page.goto(report_file.as_uri())
        assert page.title() == "Class 7B"
        assert page.locator("h1").inner_text() == "Class 7B"
        rows = page.locator("#class tbody tr")
        assert rows.count() == 3
        names = [rows.nth(i).locator("td").first.inner_text() for i in range(3)]
        assert names == ["ada", "cleo", "dan"]
        for i, game in enumerate(["classic", "solitaire", "solitaire"]):
            cells = rows.nth(i).locator("td")
            assert cells.nth(1).inner_text() == game
            assert int(cells.nth(2).inner_text()) >= 1  # hands
            assert re.fullmatch(r"\d\.\d{3}", cells.nth(4).inner_text().strip())  # the error rate
        assert rows.nth(0).locator("td").nth(5).inner_text() in {"Beginner", "Club", "Expert"}
        assert rows.nth(1).locator("td").nth(5).inner_text() == "—"  # Solitaire has no bands
        # the unreadable file, named with what is wrong
        assert "lunch.json" in page.locator("#errors").inner_text()
        assert page.locator("#errors").is_visible()
        # the rules the class gets wrong: a row per rule, with a count and the students
        rules = page.locator("#rules tbody tr")
        assert rules.count() >= 1
        first = rules.first.locator("td")
        assert int(first.nth(2).inner_text()) >= 1 and first.nth(3).inner_text()
        # a student's section: the sentences and the worst decisions with their positions
        page.locator("#class tbody tr").nth(2).locator("a").click()
        assert page.evaluate("location.hash") == "#student-3"
        section = page.locator("#student-3")
        assert section.is_visible()
        assert section.locator(".rating").inner_text().startswith("Your error rate ")
        assert re.match(r"You (won|lost|came out even)", section.locator(".luck").inner_text())
        worst = section.locator("table.worst tbody tr")
        assert worst.count() >= 1
        assert "hand " in worst.first.locator("td").nth(1).inner_text()  # the position
        screenshot(page, "class-report")
    finally:
        context.close()
    assert outside == [] and errors == []
