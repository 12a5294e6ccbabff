"""The whole learning loop in Voila and a real Chromium, as a student goes through it in one sitting.

At the classic table the student makes the worst bid on offer with grading on, plays the hand out,
opens the review, retries the key moment with the hint hidden, and downloads the drills the table made
of the mistake. In a second tab the Practice page takes that very file, serves the drill the next
session, and grades the answer as the advisor does here. Back at the table, **Download report** gives
the one-file report of the session, which names the mistake.

The kernel deals seed 3 first (EUCHRE_SEED in the fixture); a headless mirror of the table follows every
click, so the test knows what the page must show.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.advisor.drills import Deck
from euchre_tutor.session.practice import drill_scene, grade_drill_answer
from euchre_tutor.widgets import ClassicApp
from euchre_tutor.widgets.practice import PRACTICE_MAX_WORLDS
from tests.browser.conftest import PAGE_TIMEOUT, Problems, screenshot
from tests.browser.test_classic_table import CLASSIC, wait_for_table
from tests.browser.test_classic_tutor import follow
from tests.browser.test_practice import PRACTICE

pytestmark = pytest.mark.browser

TIMEOUT = PAGE_TIMEOUT

# The hint panel's options as the page shows them: each bar's action, best first.
_ACTIONS = "() => [...document.querySelectorAll('.et-hint-body .ec-option')].map((e) => e.dataset.action)"


def saved(download: Any) -> Path:
    return Path(download.value.path())


def test_play_review_retry_practise_the_drill_and_download_the_report(
    page: tuple[Any, Problems], voila: Any, tmp_path: Path
) -> None:
    p, problems = page
    mirror = ClassicApp(seed=3, source=None)
    p.goto(voila.url + CLASSIC, timeout=TIMEOUT)
    p.locator(".euchre-card").first.wait_for(timeout=TIMEOUT)
    wait_for_table(p, mirror)

    # grading on; the hint's options, best first, come from the kernel's own analysis
    p.locator(".et-hint-toggle").click()
    p.locator(".et-grade-toggle input").check()
    p.wait_for_function(f"({_ACTIONS})().length >= 2", timeout=TIMEOUT)
    worst = p.evaluate(_ACTIONS)[-1]
    button = mirror.bid_button(worst)
    p.get_by_role("button", name=str(button.description), exact=True).click()
    button.click()
    follow(p, mirror)
    grade = p.locator(".euchre-grade .et-grade")
    grade.wait_for(timeout=TIMEOUT)
    first_label = grade.inner_text()
    assert first_label in ("Mistake", "Blunder"), first_label

    # the hand played out with any legal card
    for _ in range(8):
        if mirror.controller.waiting:
            break
        slots = [(b, c) for b, c in zip(mirror.cards, mirror._slot_cards, strict=True) if c is not None]
        i = next(k for k, (_, c) in enumerate(slots) if mirror.controller.card_reason(c) is None)
        p.locator(".euchre-card").nth(i).click()
        slots[i][0].click()
        follow(p, mirror)
    assert mirror.controller.waiting, "the hand did not end"

    # the review: the bad bid is a key moment; retry it with the hint hidden
    p.locator(".euchre-review-open").click()
    review = p.locator(".euchre-review")
    review.locator("text=Review · hand 1").wait_for(timeout=TIMEOUT)
    assert "★ key" in review.inner_text()
    retry = review.locator(".et-retry-open").first
    assert retry.inner_text() == f"Retry the bidding ({first_label})"
    retry.click()
    review.locator(".et-retry-position").wait_for(timeout=TIMEOUT)
    assert "The hint is hidden" in review.locator(".et-retry-position").inner_text()
    review.locator(".et-retry-answers button").first.click()
    result = review.locator(".et-retry-result")
    result.wait_for(timeout=TIMEOUT)
    assert "The first time" in result.inner_text() and first_label in result.inner_text()
    screenshot(p, "learning-loop-01-retry")

    # the drills the table made: the bad bid, once, for the Practice page
    link = review.locator("a.et-drills-link")
    link.wait_for(timeout=TIMEOUT)
    with p.expect_download() as download:
        link.click()
    deck_file = saved(download)
    deck = Deck.loads(deck_file.read_text(encoding="utf-8"))
    mistakes = [d for d in deck.drills if d.label == first_label and d.answer is not None]
    assert mistakes and all(d.game == "classic" for d in deck.drills)
    drill = mistakes[0]
    assert deck.due_drills() == ()  # a mistake comes back the next session, not at once

    # the Practice page, in a second tab: upload the file, answer the drill (due at once)
    practice = p.context.new_page()
    practice.on("pageerror", lambda e: problems.page_errors.append(str(e)))
    practice.goto(voila.url + PRACTICE, timeout=TIMEOUT)
    box = practice.locator(".et-practice")
    box.wait_for(timeout=TIMEOUT)
    with practice.expect_file_chooser() as chooser:
        box.locator(".et-upload").click()
    chooser.value.set_files(str(deck_file))
    counts = box.locator(".et-practice-counts")
    counts.locator(f"text={len(deck)} drill").first.wait_for(timeout=TIMEOUT)
    # an uploaded deck starts at the session its first drill is due in: the drill is served at once
    assert "1 due this session" in " ".join(counts.inner_text().split())
    answers = box.locator(".et-practice-answer")
    answers.first.wait_for(timeout=TIMEOUT)
    deck.next_session()
    served = deck.due_drills()[0]  # the page serves the longest waiting first: the bid
    scene = drill_scene(served)
    assert [answers.nth(i).inner_text().strip() for i in range(answers.count())] == [
        c.words for c in scene.choices
    ]
    # answer what the advisor calls best, graded here as the page grades it (same deals, same seed)
    probe = grade_drill_answer(served, scene.choices[0].answer, max_worlds=PRACTICE_MAX_WORLDS)
    choice = next(c for c in scene.choices if c.words == probe.best)
    expected = grade_drill_answer(served, choice.answer, max_worlds=PRACTICE_MAX_WORLDS)
    assert expected.right
    answers.filter(has_text=choice.words).first.click()
    feedback = box.locator(".et-practice-feedback")
    feedback.locator("text=Right!").wait_for(timeout=TIMEOUT)
    text = feedback.inner_text()
    assert f"{expected.label}." in text and f"Best: {expected.best}" in text
    assert served.id == drill.id
    chose = next(c.words for c in scene.choices if c.answer == drill.answer)  # as its button says it
    assert f"In your game you chose {chose} ({first_label})" in text
    assert f"It comes back in session {deck.session + 3}" in text  # box 2: three sessions on
    href = box.locator(".et-practice-download a").get_attribute("href") or ""
    after = Deck.loads(base64.b64decode(href.split(",", 1)[1]).decode("utf-8"))
    assert after.session == deck.session and after[served.id].box == 2 and after[served.id].streak == 1
    screenshot(practice, "learning-loop-02-practice")
    practice.close()

    # back at the table: the session's report, as one HTML file, names the hand and the mistake
    chart = p.locator(".euchre-stats")
    chart.get_by_role("button", name="Download report").click()
    report_link = chart.locator("a.et-report-file")
    report_link.wait_for(timeout=TIMEOUT)
    with p.expect_download() as download:
        report_link.click()
    report = saved(download).read_text(encoding="utf-8")
    assert "1 finished hand" in report and first_label in report
    screenshot(p, "learning-loop-03-report-link")
    mirror.close()
    problems.assert_clean()
