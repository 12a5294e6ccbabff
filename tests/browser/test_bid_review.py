"""The Bid Euchre table's learning loop in Voila and a real Chromium: a hand played with grading on (a
bad bid graded by the advisor in the kernel's worker process), the review opened, its key moment retried
with the hint hidden, and the drills offered for download.

A teacher's deal is typed into the page (South holds both bowers and the top hearts, and bids last);
South bids alone in clubs, a suit it does not hold, and plays the hand out by clicking its first playable
card each time.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser.conftest import PAGE_TIMEOUT, Problems, screenshot, wait_for_pools
from tests.widgets.test_bid_app import HEARTS

pytestmark = pytest.mark.browser

TIMEOUT = PAGE_TIMEOUT
BID = "/voila/render/bid.ipynb"
HAND_OVER = "() => document.querySelector('.et-prompt').innerText.includes('is over')"


def test_a_bad_bid_is_graded_reviewed_retried_and_drilled(page: tuple[Any, Problems], voila: Any) -> None:
    wait_for_pools(voila, ("bid.ipynb",))
    p, problems = page
    p.goto(voila.url + BID, timeout=TIMEOUT)
    p.locator(".euchre-card").first.wait_for(timeout=TIMEOUT)
    assert p.locator(".euchre-review-open").is_disabled()  # no hand is over yet
    assert p.locator(".euchre-stats").count() == 1  # the session panel beside the table

    p.locator(".et-grade-toggle input").check()
    p.locator(".et-deal-text textarea").fill(json.dumps(HEARTS))
    p.get_by_role("button", name="Load deal").click()
    alone = p.locator(".eb-cell.euchre-bid", has_text="Alone ♣")
    alone.wait_for(timeout=TIMEOUT)
    alone.click()
    # the grade arrives from the worker process while the student plays on
    for _ in range(12):
        p.wait_for_function(
            f"() => document.querySelector('.euchre-card.playable') !== null || ({HAND_OVER})()",
            timeout=TIMEOUT,
        )
        if p.evaluate(HAND_OVER):
            break
        before = p.locator(".euchre-card").count()
        p.locator(".euchre-card.playable").first.click()
        p.wait_for_function(
            f"(n) => document.querySelectorAll('.euchre-card').length < n || ({HAND_OVER})()",
            arg=before,
            timeout=TIMEOUT,
        )
    assert p.evaluate(HAND_OVER)
    grade = p.locator(".euchre-grade")
    assert "Your choice" in grade.inner_text()

    # the review: every decision graded (analyses may still be arriving), the bid starred as a key moment
    p.locator(".euchre-review-open").click()
    p.wait_for_function(
        "() => { const r = document.querySelector('.euchre-review .et-review');"
        " return r !== null && !r.innerText.includes('analysing') && r.innerText.includes('★ key'); }",
        timeout=TIMEOUT,
    )
    review = p.locator(".euchre-review .et-review")
    row = review.locator("tr.et-key-row").first
    cells = row.locator("td").all_inner_texts()
    assert cells[2] == "Alone in ♣" and cells[4] == "Blunder", cells
    best = cells[3]
    assert best != "Alone in ♣"
    screenshot(p, "bid-review-01")

    # Retry the key moment: the position again with the hint hidden; the best answer is graded Best
    retry = p.locator(".et-retry-open", has_text="Retry the bidding (Blunder)")
    retry.click()
    position = p.locator(".et-retry-position")
    position.wait_for(timeout=TIMEOUT)
    assert "The hint is hidden" in position.inner_text() and "What do you bid?" in position.inner_text()
    # the review says a bid in words ("Alone in ♥"), an answer button as the bid grid does ("Alone ♥")
    p.locator(".et-retry-answer", has_text=best.replace(" in ", " ")).first.click()
    result = p.locator('.et-retry-result[data-grade="Best"]')
    result.wait_for(timeout=TIMEOUT)
    assert "The first time" in result.inner_text() and re.search(r"Alone (in )?♣", result.inner_text())
    assert p.evaluate(HAND_OVER)  # a retry changes nothing at the table

    # the Blunder is a drill, offered for download under the review
    link = p.locator(".euchre-review .et-drills-link")
    assert link.get_attribute("download") == "euchre-drills.json"
    assert (link.get_attribute("href") or "").startswith("data:application/json;base64,")
    screenshot(p, "bid-review-02-retry")
    problems.assert_clean()
