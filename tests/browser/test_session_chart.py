"""The session chart in the Voila dashboard: a deal played by clicking shows up as a bar and graded dots.

The server deals seed 3 first (EUCHRE_SEED in the fixture) and grades with
the real exact advisor in its worker process; a headless mirror plays the
same clicks without hints, so the deal's points are known here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.widgets import SolitaireApp
from tests.browser.conftest import DASHBOARD, PAGE_TIMEOUT, SCREENSHOTS, Problems, screenshot, wait_for_cards

pytestmark = pytest.mark.browser


def test_a_played_deal_appears_in_the_session_chart(page: tuple[Any, Problems], voila: Any) -> None:
    p, problems = page
    mirror = SolitaireApp(seed=3, source=None)
    p.goto(voila.url + DASHBOARD, timeout=PAGE_TIMEOUT)
    p.locator(".euchre-card").first.wait_for(timeout=PAGE_TIMEOUT)
    wait_for_cards(p, mirror)
    chart = p.locator(".euchre-stats")
    chart.wait_for(timeout=PAGE_TIMEOUT)
    assert "Your session" in chart.inner_text()
    assert "appears here" in chart.inner_text()  # nothing graded yet: says how to fill it
    assert chart.locator(".et-stats-deal").count() == 0

    p.locator(".euchre-bid", has_text="Order up").first.click()
    mirror.trump_button(None).click()
    wait_for_cards(p, mirror)
    for _ in range(5):
        playable = p.locator(".euchre-card.playable").first
        name = playable.inner_text().strip()
        playable.click()
        mirror.card_button(next(c for c in mirror.hand_cards() if c.name == name)).click()
        wait_for_cards(p, mirror)
    (record,) = mirror.tutor.stats.deals()
    assert record.finished and record.points is not None
    decisions = len(mirror.tutor.decisions())
    # every decision graded by the exact advisor (off the click path: wait for the last grade)
    p.wait_for_function(
        f"document.querySelector('.euchre-stats').innerText.includes('{decisions} decisions graded')",
        timeout=PAGE_TIMEOUT,
    )
    text = " ".join(chart.inner_text().split())
    scored = f"{record.points:+d}".replace("-", "−") if record.points else "0"
    assert f"1 deal finished: you scored {scored}; the best play averages" in text
    assert "Average loss a decision:" in text and "points" in text
    assert chart.locator(".et-stats-deal").count() == 1
    assert chart.locator(".et-stats-decision").count() == decisions
    screenshot(p, "07-session-chart")
    chart.screenshot(path=str(SCREENSHOTS / "07-session-chart-panel.png"))
    # Download report: the same deal as the teacher's report, saved by the browser from a data link
    chart.get_by_role("button", name="Download report").click()
    link = chart.locator("a.et-report-file")
    link.wait_for(timeout=PAGE_TIMEOUT)
    chart.screenshot(path=str(SCREENSHOTS / "07-session-chart-report.png"))
    name = link.get_attribute("download") or ""
    assert name.startswith("euchre-report-") and name.endswith(".html")
    with p.expect_download() as download:
        link.click()
    saved = download.value
    assert saved.suggested_filename == name
    page = Path(saved.path()).read_text(encoding="utf-8")
    assert "Solitaire game, seed 3: solitaire, 1 finished hand" in page
    graded = grade_saved_text(mirror.controller.save_text(), name="mirror")  # the same clicks
    real = sum(m.real_choice for h in graded.hands for m in h.moves)
    assert f"1 finished hand, {real} decisions with a real choice" in page
    assert "Nothing to report" not in chart.inner_text()
    mirror.close()
    problems.assert_clean()


def test_lesson_11_renders_and_the_advisor_marks_an_answer(page: tuple[Any, Problems], voila: Any) -> None:
    """The strategy lesson in Voila: its exercises render and a click is marked with the advisor's numbers."""
    p, problems = page
    p.goto(voila.url + "/voila/render/lessons/11-classic-strategy.ipynb", timeout=PAGE_TIMEOUT)
    quiz = p.locator(".euchre-quiz").first
    quiz.wait_for(timeout=PAGE_TIMEOUT)
    assert "Order up, or pass?" in quiz.inner_text()
    quiz.get_by_role("button", name="order up", exact=True).click()
    feedback = quiz.locator(".euchre-quiz-feedback")
    p.wait_for_function(
        "document.querySelector('.euchre-quiz-feedback').innerText.includes('Right!')", timeout=PAGE_TIMEOUT
    )
    assert "points a hand" in feedback.inner_text()
    p.locator(".euchre-lesson-summary").wait_for(timeout=PAGE_TIMEOUT)
    quiz.screenshot(path=str(SCREENSHOTS / "08-lesson-11-order-up.png"))
    problems.assert_clean()
