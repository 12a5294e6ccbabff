"""A whole class period through ``euchre-tutor serve``, in Chromium: a teacher and four students.

Ann gives her name once on the class page, opens the lobby (her name already in it), makes a classic
table and sits at N in one click; Bob, Cat and Dan take E, S and W by the seat's address the lobby gives.
The four play a whole hand by clicks (a forced card plays by itself: the lobby's tables autoplay), each
page showing only its own cards; Ann opens the hand's review. Ann opens Practice from the class page:
the hand's mistakes are there under her name at once, with no download, upload or Next session. The
teacher opens their own address: the landing page, one click to the class report, which lists the four
students by name from the class's store. axe-core checks the teacher's pages (contrast included).
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import psutil
import pytest

from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.shared_table import SeatKeys, SharedTableController
from tests.browser.conftest import PAGE_TIMEOUT, ROOT, free_port, screenshot
from tests.browser.test_accessibility import assert_no_violations
from tests.browser.test_accessibility import axe_source as axe_fixture
from tests.browser.test_serve import TOKEN, Served, own_home, start_serve, stop_serve

pytestmark = pytest.mark.browser
axe_source = axe_fixture

SEATS = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}


@pytest.fixture(scope="module")
def period(tmp_path_factory: pytest.TempPathFactory, chromium: str) -> Iterator[Served]:
    tmp = tmp_path_factory.mktemp("period")
    env = {**os.environ, **own_home(tmp), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "euchre_tutor", "serve", "--students", "1", "--table", "classic"]
    server = start_serve([*command, "--teacher-port", str(free_port())], tmp, env, free_port())
    try:
        yield server
    finally:
        stop_serve(server.process)


def _service(served: Served) -> tuple[str, str]:
    """The table service's address and the class's token, as the class's kernels are given them."""
    for p in psutil.Process(served.process.pid).children(recursive=True):
        if "ipykernel" in " ".join(p.cmdline()):
            env = p.environ()
            return env["EUCHRE_TABLES_URL"], env["EUCHRE_TABLES_TOKEN"]
    raise AssertionError("no kernel of the class's server")


def _page(browser: Any, errors: list[str]) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def _seat_page(browser: Any, served: Served, table: str, seat: str, errors: list[str]) -> Any:
    page = _page(browser, errors)
    page.goto(served.url("/"))  # the class's login, as the printed address gives it
    page.goto(
        f"{served.base}/voila/render/shared-table.ipynb?token={TOKEN}&table={table}&name={SEATS[seat]}&seat={seat}"
    )
    return page


def _ann_sits_from_the_class_page(browser: Any, served: Served, errors: list[str]) -> tuple[Any, str]:
    ann = _page(browser, errors)
    ann.goto(served.url("/"))
    ann.get_by_label("Your name, as your class knows you:").fill("Ann")
    ann.get_by_role("link", name="The lobby").click()
    ann.locator(".et-lobby").wait_for()
    assert ann.get_by_label("Your name").input_value() == "Ann", "the class page's name reaches the lobby"
    ann.get_by_role("button", name="Enter the lobby").click()
    ann.locator(".euchre-message", has_text="Welcome, Ann").wait_for()
    ann.get_by_role("button", name="Create the table").click()
    ann.get_by_role("button", name="Sit N").click()
    ann.wait_for_url("**/voila/render/shared-table.ipynb?*")
    query = {k: v[0] for k, v in parse_qs(urlparse(ann.url).query).items()}
    return ann, query["table"]


def _play_the_hand(pages: dict[str, Any], watcher: SharedTableController) -> int:
    """Whoever is to act clicks (Ann bids alone when she may, the others pass or take the first bid),
    until the next hand is dealt; the number of clicks."""
    first_dealer = None
    clicks = 0
    deadline = time.monotonic() + 300
    while True:
        assert time.monotonic() < deadline, "the hand did not end in time"
        frame = watcher.frame
        public = frame.get("view") or {}
        if first_dealer is None and watcher.started:
            first_dealer = public.get("dealer")
        if watcher.started and public.get("dealer") != first_dealer:
            return clicks
        turn = frame.get("turn")
        if not watcher.started or turn is None:
            time.sleep(0.05)
            continue
        version = watcher.version
        page = pages[turn]
        # the page has drawn the table's present version (its buttons are this turn's, not the last's)
        page.wait_for_function(
            "v => { const t = document.querySelector('.euchre-table [data-version]');"
            " return !!t && Number(t.dataset.version) >= v"
            " && document.querySelectorAll('.euchre-bid, .euchre-card.playable').length > 0; }",
            arg=version,
        )
        shown = page.locator(".euchre-bid:visible:enabled")
        bids = [b.strip().lower() for b in shown.all_inner_texts()]
        pick = None
        if bids and turn == "N":  # Ann: alone whenever she may (her mistakes to practise)
            pick = next((i for i, b in enumerate(bids) if "alone" in b), None)
        if pick is None and bids:
            pick = bids.index("pass") if "pass" in bids else 0
        target = shown.nth(pick) if pick is not None else page.locator(".euchre-card.playable:visible").first
        target.click(timeout=10_000)
        end = time.monotonic() + 20
        while watcher.version == version and time.monotonic() < end:  # the click reaches the table
            time.sleep(0.05)
        assert watcher.version != version, f"{turn}'s click on its present turn changed nothing"
        clicks += 1


def test_a_class_period_from_the_class_page_to_the_teachers_report(
    browser: Any, period: Served, axe_source: str, tmp_path: Path
) -> None:
    started = time.monotonic()
    errors: list[str] = []
    ann, table = _ann_sits_from_the_class_page(browser, period, errors)
    pages = {"N": ann} | {seat: _seat_page(browser, period, table, seat, errors) for seat in "ESW"}
    for page in pages.values():
        page.locator(".et-shared-table").wait_for()
    ann.wait_for_function("() => document.querySelectorAll('.et-shared-seats .st.on').length === 4")
    url, token = _service(period)
    watcher = SharedTableController.connect(url, token, "Watcher", SeatKeys(tmp_path / "keys.json"))
    assert watcher.watch(table), watcher.message
    ann.locator(".et-start").click()
    for page in pages.values():
        page.wait_for_function("() => document.querySelectorAll('.euchre-card').length === 5")
    clicks = _play_the_hand(pages, watcher)
    watcher.close()
    assert clicks >= 8, f"the students played the hand by clicks ({clicks})"
    for page in pages.values():
        page.locator(".et-prompt", has_text="Hand 1 is over").wait_for()
    ann.locator(".euchre-review-open").click()
    ann.wait_for_function("() => !!document.querySelector('.euchre-review h3')")
    assert "Review · hand 1" in ann.locator(".euchre-review").inner_text()
    screenshot(ann, "class-period-01-review")
    # every student's hand is theirs by name on the server; Ann's mistakes are in her deck, due now
    store = ClassStore(period.folder / "euchre-class" / "class.sqlite")
    assert store.students() == sorted(SEATS.values())
    ann.locator(".et-drills", has_text="Your drills:").wait_for()  # her tutor graded her Mistakes
    # Practice from the class page (the name travels in the link): the hand's mistakes, at once
    ann.goto(period.url("/"))
    ann.get_by_role("link", name="Your drills").click()
    practice = ann.locator(".et-practice")
    practice.wait_for()
    ann.locator(".euchre-message", has_text="Ann: 1 saved game on this server").wait_for()
    card = ann.locator(".et-practice-position")
    assert re.search(r"hand 1, (the bidding|trick \d)", card.inner_text()), card.inner_text()
    assert ann.locator(".et-practice-answer").count() >= 1
    assert "No drills are due" not in card.inner_text()
    screenshot(ann, "class-period-02-practice")
    # the teacher: the landing page, one click to the class report, the four students by name
    printed = re.search(r"Your pages \(not shown to students[^)]*\):\s+(\S+)", period.out.read_text())
    assert printed is not None
    teacher = _page(browser, errors)
    teacher.goto(printed.group(1))
    landing = teacher.locator("#et-teacher-page")
    landing.wait_for()
    assert_no_violations(teacher, axe_source, "the teacher's landing page")
    teacher.get_by_role("link", name="How each student played").click()
    listed = teacher.locator("#et-report-class")
    listed.wait_for()
    text = listed.inner_text()
    assert all(name in text for name in SEATS.values()), text
    assert "classic.advice" not in teacher.locator(".et-report-body").inner_text()
    screenshot(teacher, "class-period-03-report")
    assert_no_violations(teacher, axe_source, "the class report")
    assert not errors, errors
    print(f"the class period took {time.monotonic() - started:.0f} s")
