"""The classic Euchre table in Voila and a real Chromium: bid, play a hand by clicking, an illegal card, undo.

The kernel deals seed 3 first (EUCHRE_SEED in the fixture); the computer
players act at once, so after every click the page waits for the student's
next decision (or the end of the hand).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from euchre_tutor.classic.engine import new_match
from euchre_tutor.rules.classic import preset
from tests.browser.conftest import Problems, screenshot, wait_for_hand

pytestmark = pytest.mark.browser

TIMEOUT = 60_000
CLASSIC = "/voila/render/classic.ipynb"


def log_text(page: Any) -> str:
    return str(page.locator(".euchre-log").inner_text())


def click_and_settle(page: Any, target: Any) -> None:
    """Click, then wait for the new message: the table sends it after every other update of the move."""
    before = page.locator(".euchre-message").inner_text()
    target.click()
    page.wait_for_function(
        "(before) => document.querySelector('.euchre-message').innerText !== before",
        arg=before,
        timeout=TIMEOUT,
    )


def test_bid_and_play_a_hand_by_clicking_with_an_illegal_card_and_undo(
    page: tuple[Any, Problems], voila: Any
) -> None:
    p, problems = page
    p.goto(voila.url + CLASSIC, timeout=TIMEOUT)
    p.locator(".euchre-card").first.wait_for(timeout=TIMEOUT)
    south = new_match(preset("standard"), seed=3).hand.hands[2]
    # the student's five cards, by their accessible names
    wait_for_hand(p, [c.name for c in south])
    assert p.locator(".euchre-score").inner_text().count("0") >= 2
    screenshot(p, "classic-01-deal")

    # bid until the hand is being played: pass while passing is allowed, else the first decision offered
    for _ in range(12):
        if p.locator(".euchre-card.playable").count():
            break
        bids = p.locator(".euchre-bid:visible")
        passing = bids.filter(has_text=re.compile(r"^\s*Pass\s*$", re.I))
        click_and_settle(p, passing.first if passing.count() else bids.first)
    p.locator(".euchre-card.playable").first.wait_for(timeout=TIMEOUT)
    screenshot(p, "classic-02-play")

    # play to the end of the hand by clicking; on the way, an illegal card explains and changes nothing
    illegal_seen = False
    for _ in range(8):
        if not p.locator(".euchre-card.playable").count():
            break
        disabled = p.locator(".euchre-card.disabled")
        if disabled.count() and not illegal_seen:
            before = log_text(p)
            n = p.locator(".euchre-card").count()
            assert "may not be played" in (disabled.first.get_attribute("title") or "")
            disabled.first.click()
            p.wait_for_function(
                "document.querySelector('.euchre-message').innerText.includes('does not follow')",
                timeout=TIMEOUT,
            )
            assert p.locator(".euchre-card").count() == n and log_text(p) == before
            screenshot(p, "classic-03-illegal")
            illegal_seen = True
        n = p.locator(".euchre-card").count()
        click_and_settle(p, p.locator(".euchre-card.playable").first)
        assert p.locator(".euchre-card").count() < n
    p.get_by_role("button", name="Next hand").wait_for(timeout=TIMEOUT)
    screenshot(p, "classic-04-hand-over")
    assert p.locator(".euchre-log tbody tr").count() == 5
    assert "Press Next hand" in p.locator(".euchre-message").inner_text()
    ns, ew, _target = (
        int(x) for x in re.findall(r"^\s*(\d+)\s*$", p.locator(".euchre-score").inner_text(), re.M)
    )
    assert (ns == 0) != (ew == 0)  # exactly one side scored the hand

    # undo the last card: the hand is open again
    p.get_by_role("button", name=re.compile("Undo")).click()
    p.locator(".euchre-card.playable").first.wait_for(timeout=TIMEOUT)
    problems.assert_clean()
