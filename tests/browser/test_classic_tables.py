"""Three- and six-player classic tables in Voila and a real Chromium: choose the rules, play a hand by clicking.

The page starts on the four-player table (seed 3, EUCHRE_SEED in the fixture); the student picks a
three- or six-player preset in the rules chooser and presses New match. A headless app makes the same
clicks (the computer players are deterministic), and after every click the page must show what it shows.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.widgets import ClassicApp
from tests.browser.conftest import PAGE_TIMEOUT, Problems
from tests.browser.conftest import screenshot as save_screenshot
from tests.browser.test_classic_table import CLASSIC, bid_texts, click_both, wait_for_table

pytestmark = pytest.mark.browser


def screenshot(page: Any, name: str) -> None:
    """The whole app from its title (clicks scroll the page down to the hand)."""
    page.locator(".et-title").scroll_into_view_if_needed()
    save_screenshot(page, name)


def seat_places(page: Any) -> dict[str, str]:
    """Each seat box of the page's table: its name -> its place class (bottom, left, upper-left ...)."""
    found = page.evaluate(
        """() => [...document.querySelectorAll('.euchre-table .ec-seat')].map((e) => [
             e.querySelector('.ec-name').textContent.trim(),
             [...e.classList].find((c) => c.startsWith('ec-') && !c.startsWith('ec-team') && c !== 'ec-seat'),
           ])"""
    )
    return {name: place.removeprefix("ec-") for name, place in found}


def no_autoplay(page: Any, mirror: ClassicApp) -> None:
    """Every card is clicked here, even a forced one: the page's autoplay (after a pause) would race
    the clicks on a slow machine (tests/browser/test_classic_tutor.py tests autoplay)."""
    page.locator(".ec-autoplay input").uncheck()
    mirror.autoplay.value = False


def choose_rules(page: Any, mirror: ClassicApp, preset: str) -> None:
    """Pick ``preset`` in the page's rules chooser and press New match (the mirror does the same)."""
    label = next(label for label, value in mirror.rules_choice.options if value == preset)
    page.locator(".ec-rules select").select_option(label=label)
    mirror.rules_choice.value = preset
    click_both(page, page.get_by_role("button", name="New match"), mirror, mirror.new_match)


def open_table(page: Any, voila: Any, preset: str) -> ClassicApp:
    """The classic page switched to ``preset`` (New match, autoplay off), and its headless mirror."""
    page.set_viewport_size({"width": 1280, "height": 1600})  # the whole table and logs in the screenshots
    mirror = ClassicApp(seed=3)
    page.goto(voila.url + CLASSIC, timeout=PAGE_TIMEOUT)
    page.locator(".euchre-card").first.wait_for(timeout=PAGE_TIMEOUT)
    wait_for_table(page, mirror)
    no_autoplay(page, mirror)
    choose_rules(page, mirror, preset)
    return mirror


def bid(page: Any, mirror: ClassicApp, *want: str) -> None:
    """Click the first decision button whose label starts with one of ``want`` (else the first one), in both."""
    texts = bid_texts(mirror)
    i = next((k for k, t in enumerate(texts) if t.lower().startswith(tuple(x.lower() for x in want))), 0)
    shown = [b for b in mirror.bid_buttons if "euchre-bid" in b._dom_classes]
    click_both(page, page.locator(".euchre-bid").nth(i), mirror, shown[i])


def play_out(page: Any, mirror: ClassicApp, name: str) -> None:
    """Click the card the computer player would choose until the hand is over, checking the trick."""
    c = mirror.controller
    mid = False
    for _ in range(12):
        if not c.my_turn:
            break
        choice = RuleBasedPlayer().choose(c.view)
        assert choice.card is not None, choice
        button = mirror.card_button(choice.card)
        assert "playable" in button._dom_classes
        # each card of the trick so far lies at its player's place
        for seat, card in c.state.hand.trick_plays:
            label = page.locator(".ec-trick .ec-play", has_text=seat.name).first.get_attribute("aria-label")
            assert label == f"{seat.word}: {card.name}", label
        if not mid and c.state.hand.trick_plays and len(c.state.hand.tricks) >= 1:
            screenshot(page, f"{name}-mid-hand")
            mid = True
        n = page.locator(".euchre-card").count()
        target = page.locator(".euchre-card.playable", has_text=re.compile(f"^{choice.card.name}$"))
        click_both(page, target, mirror, button)
        assert page.locator(".euchre-card").count() < n
    assert mid, "the student never played to a trick already started"
    page.get_by_role("button", name="Next hand").wait_for(timeout=PAGE_TIMEOUT)
    assert c.waiting


def scores_shown(page: Any) -> list[int]:
    return [int(x) for x in page.locator(".euchre-score .side .pts").all_inner_texts()]


PLACES_6 = ("bottom", "lower-left", "upper-left", "top", "upper-right", "lower-right")
SIX = {
    "six-handed": (
        ["you", "opponent", "partner", "opponent", "partner", "opponent"],
        ["P135 · you & partners P3 and P5", "P246 · opponents"],
        "three against three",
    ),
    "six-handed-2v2v2": (
        ["you", "opponent", "opponent", "partner", "opponent", "opponent"],  # the partner opposite
        ["P14 · you & partner P4", "P25 · opponents", "P36 · opponents"],
        "three teams of two",
    ),
}


@pytest.mark.parametrize("preset", list(SIX))
def test_a_six_player_hand_by_clicking(page: tuple[Any, Problems], voila: Any, preset: str) -> None:
    p, problems = page
    mirror = open_table(p, voila, preset)
    c = mirror.controller
    assert c.rules.players == 6 and str(c.seat) == "P1"
    p.locator(".ec-table.ec-n6").wait_for(timeout=PAGE_TIMEOUT)
    sides, teams, title = SIX[preset]
    want = {
        f"Player {i + 1} ({side})": place for i, (side, place) in enumerate(zip(sides, PLACES_6, strict=True))
    }
    assert seat_places(p) == want
    labels = p.locator(".euchre-score .side .lbl").all_text_contents()
    assert labels == teams
    assert title in p.locator(".et-title").inner_text()

    # the bidding: pass while passing is allowed (a computer player makes trump), else the first decision
    for _ in range(8):
        if not bid_texts(mirror):
            break
        bid(p, mirror, "pass")
    assert c.state.hand.maker is not None
    bidding = p.locator(".euchre-bidding").inner_text()
    assert re.search(r"Player \d \((partner|opponent)\) (orders up|calls)", bidding), bidding
    shot = "classic-6p" if preset == "six-handed" else "classic-6p-2v2v2"
    play_out(p, mirror, shot)
    screenshot(p, f"{shot}-hand-over")
    finished = c.hand
    assert p.locator(".euchre-log tbody tr").count() == 5
    rows = p.locator(".euchre-log tbody tr")
    for i, trick in enumerate(finished.tricks):
        assert rows.nth(i).locator(".ec-logplay").count() == len(trick.plays)
    assert scores_shown(p) == list(c.state.scores) and sum(c.state.scores) > 0
    assert "Press Next hand" in p.locator(".euchre-message").inner_text()
    mirror.close()
    problems.assert_clean()


def test_a_three_player_hand_by_clicking(page: tuple[Any, Problems], voila: Any) -> None:
    p, problems = page
    mirror = open_table(p, voila, "three-handed")
    c = mirror.controller
    assert c.rules.players == 3 and str(c.seat) == "P1"
    p.locator(".ec-table.ec-n3").wait_for(timeout=PAGE_TIMEOUT)
    assert seat_places(p) == {
        "Player 1 (you)": "bottom",
        "Player 2 (opponent)": "left",
        "Player 3 (opponent)": "right",
    }
    assert p.locator(".euchre-score .side .lbl").all_text_contents() == [
        "P1 · you",
        "P2 · opponent",
        "P3 · opponent",
    ]
    # the student makes trump (order up, or name a suit in round 2) and plays alone against the other two
    for _ in range(8):
        if not bid_texts(mirror):
            break
        bid(p, mirror, "Order up", "Pick up", "Call")
    hand = c.state.hand
    assert hand.maker == c.seat
    assert p.locator(".ec-seat .ec-badge", has_text="defends").count() == 2
    play_out(p, mirror, "classic-3p")
    screenshot(p, "classic-3p-hand-over")
    assert p.locator(".euchre-log tbody tr").count() == 5
    assert p.locator(".euchre-log tbody tr").first.locator(".ec-logplay").count() == 3
    assert scores_shown(p) == list(c.state.scores) and sum(c.state.scores) > 0
    result = p.locator(".euchre-log .ec-result").first.inner_text()
    assert "The maker (P1)" in result, result
    mirror.close()
    problems.assert_clean()
