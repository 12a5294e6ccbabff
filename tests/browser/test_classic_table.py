"""The classic Euchre table in Voila and a real Chromium: bid, play a hand by clicking, an illegal card, undo.

The kernel deals seed 3 first (EUCHRE_SEED in the fixture); the computer
players act at once, so after every click the page waits for the student's
next decision (or the end of the hand).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from euchre_tutor.games.classic.engine.engine import new_match
from euchre_tutor.games.classic.rules import preset
from euchre_tutor.widgets import ClassicApp
from tests.browser.conftest import PAGE_TIMEOUT, Problems, screenshot, wait_for_cards, wait_for_hand

pytestmark = pytest.mark.browser

TIMEOUT = PAGE_TIMEOUT
CLASSIC = "/voila/render/classic.ipynb"


def log_text(page: Any) -> str:
    return str(page.locator(".euchre-log").inner_text())


def bid_texts(app: ClassicApp) -> list[str]:
    return [str(b.description) for b in app.bid_buttons if "euchre-bid" in b._dom_classes]


def wait_for_table(page: Any, app: ClassicApp) -> None:
    """Wait until the page shows what the headless ``app`` shows: the message, the decisions, the hand."""
    want = {"message": app.controller.message, "bids": bid_texts(app)}
    try:
        page.wait_for_function(
            """(want) => {
              const message = document.querySelector('.euchre-message').innerText.trim();
              const bids = [...document.querySelectorAll('.euchre-bid')].map((e) => e.textContent.trim());
              return message === want.message.trim() && JSON.stringify(bids) === JSON.stringify(want.bids);
            }""",
            arg=want,
            timeout=TIMEOUT,
        )
    except Exception as error:
        shown = page.evaluate(
            "() => [document.querySelector('.euchre-message').innerText,"
            " [...document.querySelectorAll('.euchre-bid')].map((e) => e.textContent.trim())]"
        )
        raise AssertionError(f"the page never showed {want}; it shows {shown}") from error
    wait_for_cards(page, app)


def click_both(page: Any, target: Any, app: ClassicApp, button: Any) -> None:
    """Click in the page and the same button of the headless app, then wait until the page caught up."""
    target.click()
    button.click()
    wait_for_table(page, app)


def test_bid_and_play_a_hand_by_clicking_with_an_illegal_card_and_undo(
    page: tuple[Any, Problems], voila: Any
) -> None:
    p, problems = page
    # the same match, headless (the computer players are deterministic): the page must follow it
    mirror = ClassicApp(seed=3)
    p.goto(voila.url + CLASSIC, timeout=TIMEOUT)
    p.locator(".euchre-card").first.wait_for(timeout=TIMEOUT)
    south = new_match(preset("standard"), seed=3).hand.hands[2]
    # the student's five cards, by their accessible names
    wait_for_hand(p, [c.name for c in south])
    wait_for_table(p, mirror)
    # every card is clicked here, even a forced one: no autoplay (tests/browser/test_classic_tutor.py has it)
    p.locator(".ec-autoplay input").uncheck()
    mirror.autoplay.value = False
    assert p.locator(".euchre-score").inner_text().count("0") >= 2
    screenshot(p, "classic-01-deal")

    # bid until the hand is being played: pass while passing is allowed, else the first decision offered
    for _ in range(12):
        if not bid_texts(mirror):
            break
        texts = bid_texts(mirror)
        i = next((k for k, t in enumerate(texts) if re.fullmatch(r"\s*pass\s*", t, re.I)), 0)
        shown = [b for b in mirror.bid_buttons if "euchre-bid" in b._dom_classes]
        click_both(p, p.locator(".euchre-bid").nth(i), mirror, shown[i])
    assert p.locator(".euchre-card.playable").count()
    screenshot(p, "classic-02-play")

    # play to the end of the hand by clicking; on the way, an illegal card explains and changes nothing
    illegal_seen = False
    for _ in range(8):
        slots = [b for b in mirror.cards if "euchre-card" in b._dom_classes]
        playable = [b for b in slots if "playable" in b._dom_classes]
        if not playable:
            break
        illegal = [b for b in slots if "illegal" in b._dom_classes]
        if illegal and not illegal_seen:
            before = log_text(p)
            n = p.locator(".euchre-card").count()
            title = p.locator(".euchre-card.illegal").first.get_attribute("title") or ""
            assert "may not be played" in title, title
            click_both(p, p.locator(".euchre-card.illegal").first, mirror, illegal[0])
            assert "does not follow" in p.locator(".euchre-message").inner_text()
            assert p.locator(".euchre-card").count() == n and log_text(p) == before
            screenshot(p, "classic-03-illegal")
            illegal_seen = True
        n = p.locator(".euchre-card").count()
        click_both(p, p.locator(".euchre-card.playable").first, mirror, playable[0])
        assert p.locator(".euchre-card").count() < n
    assert illegal_seen, "seed 3's first hand has a card South may not play"
    p.get_by_role("button", name="Next hand").wait_for(timeout=TIMEOUT)
    screenshot(p, "classic-04-hand-over")
    assert p.locator(".euchre-log tbody tr").count() == 5
    assert "Press Next hand" in p.locator(".euchre-message").inner_text()
    ns, ew, _target = (
        int(x) for x in re.findall(r"^\s*(\d+)\s*$", p.locator(".euchre-score").inner_text(), re.M)
    )
    assert (ns == 0) != (ew == 0)  # exactly one side scored the hand

    # undo the last card: the hand is open again
    click_both(p, p.get_by_role("button", name=re.compile("Undo")), mirror, mirror.undo)
    assert p.locator(".euchre-card.playable").count()
    mirror.close()
    problems.assert_clean()
