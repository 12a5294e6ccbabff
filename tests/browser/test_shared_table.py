"""Four students at one shared classic table, each in their own Chromium context, through the real pages.

The table service runs as its own process (``--allow-seed``, so the deal is known to the test), Voila
serves the two shared-table notebooks with the service's address in its kernels' environment, and a
face-down watcher (the test's own client) follows whose turn it is. Each page sees only its own cards;
one student asks for the hint; the hand is played to its end by clicks. axe-core finds no WCAG 2.1
A/AA violation on the page (contrast included) seated, with the hint, and at the hand's end.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.rules.games import find_game
from euchre_tutor.session.shared_table import SeatKeys, SharedTableController
from tests.browser.conftest import PAGE_TIMEOUT, VoilaServer, screenshot, table_service, voila_on
from tests.browser.test_accessibility import assert_no_violations
from tests.browser.test_accessibility import axe_source as axe_fixture

pytestmark = pytest.mark.browser
axe_source = axe_fixture  # the accessibility checks' axe-core, as a fixture of this module too

TOKEN = "browser-class-token"
SEED = 7
NAMES = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[str]:
    with table_service(tmp_path, TOKEN) as running:
        yield running.url


@pytest.fixture
def voila(tmp_path: Path, service: str, chromium: str) -> Iterator[VoilaServer]:
    """Voila on the two shared-table pages only (no preheated pools), the service's address in its kernels'
    environment."""
    env = {"EUCHRE_TABLES_URL": service, "EUCHRE_TABLES_TOKEN": TOKEN}
    with voila_on(tmp_path, ("lobby.ipynb", "shared-table.ipynb"), env) as server:
        yield server


def _page_cards(page: Any) -> list[str]:
    return sorted(
        page.evaluate("() => [...document.querySelectorAll('.euchre-card')].map((e) => e.textContent.trim())")
    )


def _wait_version(watcher: SharedTableController, version: int) -> None:
    deadline = time.monotonic() + PAGE_TIMEOUT / 1000
    while watcher.version < version:
        assert time.monotonic() < deadline, f"the table never reached version {version}"
        time.sleep(0.05)


def test_four_students_play_a_hand_each_seeing_only_their_own_cards(
    browser: Any, voila: VoilaServer, service: str, tmp_path: Path, axe_source: str
) -> None:
    teacher = SharedTableController.connect(service, TOKEN, "Teacher", SeatKeys(tmp_path / "keys.json"))
    created = teacher.create("classic", options={"suggestions": True, "chat": "preset"}, seed=SEED)
    assert created is not None, teacher.message
    table = str(created["id"])
    assert teacher.watch(table), teacher.message
    spec = find_game("classic")
    assert spec.new_match is not None
    game = spec.new_match(created["rules"], SEED)
    hands = {seat.name: game.state.hand.hands[seat] for seat in game.state.hand.seating.seats}

    pages: dict[str, Any] = {}
    errors: list[str] = []
    for seat, name in NAMES.items():
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(PAGE_TIMEOUT)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{voila.url}/voila/render/shared-table.ipynb?table={table}&name={name}&seat={seat}")
        pages[seat] = page
    for page in pages.values():
        page.locator(".et-shared-table").wait_for()
        page.wait_for_function(
            "(n) => document.querySelectorAll('.et-shared-seats .st.on').length === n", arg=len(NAMES)
        )
        # before the start no seat is sent a card (anyone may still stand and sit elsewhere)
        assert page.locator(".euchre-card").count() == 0
    screenshot(pages["N"], "shared-table-01-seated")
    assert_no_violations(pages["N"], axe_source, "the shared table, seated")
    pages["N"].locator(".et-start").click()
    for seat, page in pages.items():
        # each student sees their own five cards and not one card of another hand
        page.wait_for_function("() => document.querySelectorAll('.euchre-card').length === 5")
        assert _page_cards(page) == sorted(c.name for c in hands[seat])
        text = page.locator("body").inner_text()
        others = [c.name for other, cards in hands.items() if other != seat for c in cards]
        assert not [name for name in others if name in text], "another hand's card on the page"

    hinted = False
    first_dealer = None
    moves = 0
    deadline = time.monotonic() + 600
    while True:
        assert time.monotonic() < deadline, "the hand did not end in time"
        _wait_version(teacher, moves)
        frame = teacher.frame
        public = frame.get("view") or {}
        if first_dealer is None and teacher.started:
            first_dealer = public.get("dealer")
        if teacher.started and public.get("dealer") != first_dealer:
            break  # the next hand is dealt: the hand is over
        turn = frame.get("turn")
        if not teacher.started or turn is None:
            time.sleep(0.05)
            continue
        page = pages[turn]
        # the mover's page wakes its cards or its buttons (the prompt says what the one-person table says)
        page.wait_for_function(
            "() => document.querySelectorAll('.euchre-bid, .euchre-card.playable').length > 0"
        )
        if not hinted and page.locator(".euchre-bid").count() > 1:
            page.locator(".et-hint-toggle").click()
            page.locator(".et-hint-body .et-explain").wait_for()
            assert page.locator(".et-hint-body .et-move").inner_text().strip()
            screenshot(page, "shared-table-02-hint")
            assert_no_violations(page, axe_source, "the shared table, with the hint")
            hinted = True
            page.locator(".et-hint-toggle").click()
        bids = [b.strip() for b in page.locator(".euchre-bid").all_inner_texts()]
        choice = next(
            (b for b in bids if b.lower().startswith(("order up", "call")) and "alone" not in b.lower()), None
        )
        if choice is None and bids:
            choice = next((b for b in bids if b.lower() == "pass"), bids[0])
        if choice is not None:
            page.locator(".euchre-bid", has_text=choice).first.click()
        else:
            page.locator(".euchre-card.playable").first.click()
        moves += 1
        _wait_version(teacher, moves)
    assert hinted, "one student used the hint"
    assert moves >= 20, f"a whole hand was played ({moves} actions)"
    for page in pages.values():  # the hand just played stays on the table, its last trick shown
        page.locator(".et-prompt", has_text="Hand 1 is over").wait_for()
        page.locator(".ec-center.last").wait_for()
    assert_no_violations(pages["N"], axe_source, "the shared table, the hand over")
    for page in pages.values():  # each student opens the review of the hand just played, then moves on
        page.locator(".euchre-review-open").click()
        page.wait_for_function("() => !!document.querySelector('.euchre-review h3')")
        assert "Review · hand 1" in page.locator(".euchre-review").inner_text()
        page.locator(".et-next").click()
        page.wait_for_function("() => document.querySelectorAll('.euchre-card').length === 5")
    screenshot(pages["N"], "shared-table-03-next-hand")
    assert not errors, errors
    teacher.close()
