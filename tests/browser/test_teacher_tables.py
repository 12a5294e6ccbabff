"""The teacher's tables page through the real page: Voila, a real Chromium, the service in its own process.

The service runs with a class's token and a teacher's token (``--allow-seed``, so the deal is known to
the test); four students sit at a classic table through the protocol client and start it; Voila serves
``teacher-tables.ipynb`` with the service's address and the teacher's token in its kernels'
environment, as ``euchre-tutor serve`` gives the teacher's pages. The page lists the table with its
seats, Watch shows every seat's own cards face up, and Close… asks first, then closes the table: it
leaves the list and its players are told.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.rules.games import find_game
from euchre_tutor.session.shared_table import SeatKeys, SharedTableController
from tests.browser.conftest import PAGE_TIMEOUT, Problems, VoilaServer, screenshot, table_service, voila_on

pytestmark = pytest.mark.browser

TOKEN = "browser-class-token"
TEACHER = "browser-teacher-token"
SEED = 5
NAMES = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[str]:
    with table_service(tmp_path, TOKEN, TEACHER) as running:
        yield running.url


@pytest.fixture
def voila(tmp_path: Path, service: str, chromium: str) -> Iterator[VoilaServer]:
    """Voila on the teacher's tables page only, with what serve gives the teacher's pages."""
    env = {"EUCHRE_TABLES_URL": service, "EUCHRE_TABLES_TEACHER_TOKEN": TEACHER}
    with voila_on(tmp_path, ("teacher/teacher-tables.ipynb",), env) as server:
        yield server


@pytest.fixture
def players(service: str) -> Iterator[dict[str, SharedTableController]]:
    """Four students, each on their own connection (kept open: the page shows them connected)."""
    seated = {
        seat: SharedTableController.connect(service, TOKEN, name, SeatKeys.in_memory())
        for seat, name in NAMES.items()
    }
    try:
        yield seated
    finally:
        for player in seated.values():
            player.close()


def _until(test: Any, what: str, timeout: float = PAGE_TIMEOUT / 1000) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        time.sleep(0.05)


def test_the_teacher_sees_the_table_watches_it_face_up_and_closes_it_after_asking(
    page: tuple[Any, Problems], voila: VoilaServer, players: dict[str, SharedTableController]
) -> None:
    ann = players["N"]
    created = ann.create("classic", seed=SEED)
    assert created is not None, ann.message
    table = str(created["id"])
    for seat, player in players.items():
        assert player.sit(table, seat), player.message
    assert ann.start(), ann.message
    spec = find_game("classic")
    assert spec.new_match is not None
    deal = spec.new_match(created["rules"], SEED).state.hand
    hands = {seat.name: sorted(c.name for c in deal.hands[seat]) for seat in deal.seating.seats}

    p, problems = page
    p.goto(f"{voila.url}/voila/render/teacher-tables.ipynb")
    row = p.locator(".et-teacher-row", has_text=table)
    row.wait_for()
    # the row: the game, the hand under way, every seat with its student, each connected
    p.wait_for_function(
        "(id) => [...document.querySelectorAll('.et-teacher-row')].some((r) => r.textContent.includes(id)"
        " && r.querySelectorAll('.et-shared-seats .st.on').length === 4)",
        arg=table,
    )
    text = row.inner_text()
    assert "classic" in text.lower() and "hand 1" in text and "open" in text
    for seat, name in NAMES.items():
        assert f"{seat} · {name}" in text

    # Watch: every seat face up, each with its own five cards of the deal
    row.locator(".et-watch-button").click()
    p.wait_for_function("() => document.querySelectorAll('.et-watch .fu-seat').length === 4")
    shown = p.evaluate(
        """() => [...document.querySelectorAll('.et-watch .fu-seat')].map((s) => [
            s.getAttribute('aria-label'),
            [...s.querySelectorAll('.fu-cards .et-face')].map((c) => c.getAttribute('aria-label')).sort(),
        ])"""
    )
    assert [label for label, _ in shown] == [f"{seat}: {name}" for seat, name in NAMES.items()]
    assert {label.split(":")[0]: cards for label, cards in shown} == hands
    assert f"Watching table {table} face up" in p.locator("h3", has_text="Watching table").inner_text()
    screenshot(p, "teacher-tables-01-face-up")

    # Close…: the first click only asks; "Keep it" keeps the table
    confirm = p.locator(".et-close-confirm")
    row.locator(".et-close-button").click()
    confirm.wait_for(state="visible")
    assert f"Close table {table}?" in confirm.inner_text()
    p.locator(".et-close-no").click()
    confirm.wait_for(state="hidden")
    assert row.count() == 1 and ann.table_id == table, "kept: still listed, Ann still seated"
    # asked again and confirmed: the table is closed, leaves the list, and its players are told
    row.locator(".et-close-button").click()
    confirm.wait_for(state="visible")
    screenshot(p, "teacher-tables-02-close-asks")
    p.locator(".et-close-yes").click()
    p.locator(".euchre-message", has_text=f"Table {table} is closed").wait_for()
    row.wait_for(state="detached")
    p.locator(".et-teacher-tables", has_text="No table yet").wait_for()
    p.locator(".et-watch").wait_for(state="hidden")
    _until(lambda: all(player.table_id is None for player in players.values()), "every player to be told")
    assert all("The teacher closed this table." in player.message for player in players.values())
    problems.assert_clean()
