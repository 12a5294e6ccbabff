"""A student on a phone (390×844, touch): the classic, Bid and Solitaire tables, the lobby and the shared
table, in Voila and a real Chromium, read from the boxes the browser lays out:

- the page never scrolls sideways (the document and every box holding the app are no wider than the
  screen), and every visible part of the app lies inside the screen at the sides;
- every card of the hand and every bid button lies inside the screen and is at least 40 CSS px wide
  and tall (a finger's tap);
- nothing covers a card of the hand: no other element's box overlaps a card's, and the element a tap
  on a card's middle or corners reaches is that card;
- on the first screen (the page not scrolled): the hand, the decision's buttons and **Show hint** at
  every table; at the Bid table the grid of bids shows one level's bids (one per trump), the row of
  levels above it choosing which, so Pass, the levels and the bids are all on it;
- the hint, once shown, is readable: its recommendation has text of at least 12 px, inside the screen;
- at the shared table the seats, Start, Give up my seat and the chat lie inside the screen, the
  buttons a finger's size; in the lobby every control lies inside the screen and no label is cut.

Screenshots go to artifacts/screenshots/phone-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    DASHBOARD,
    PAGE_TIMEOUT,
    PREHEATED,
    SCREENSHOTS,
    VoilaServer,
    sized_page,
    start_voila,
    stop_voila,
    table_service,
    wait_for_pools,
)
from tests.browser.test_accessibility import assert_no_violations
from tests.browser.test_accessibility import axe_source as axe_fixture

pytestmark = pytest.mark.browser
axe_source = axe_fixture  # the accessibility checks' axe-core, as a fixture of this module too

PHONE = (390, 844)
TAP = 40  # CSS px: the least width and height of a card or a bid button
TOKEN = "browser-phone-token"
CLASSIC = "/voila/render/classic.ipynb"
BID = "/voila/render/bid.ipynb"
CARDS = ".euchre-card"
BIDS = ".euchre-bid, .et-trumpbox:not(.hidden) .euchre-trump, .eb-cell"
HINT_TEXT = ".euchre-hint .et-rec, .euchre-hint .et-hint-body .et-move"


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory, chromium: str) -> Iterator[VoilaServer]:
    """One Voila on notebooks/ (the one-person tables' preheated pools, the lobby, the shared table) with
    a table service's address in its kernels' environment."""
    tmp = tmp_path_factory.mktemp("phone")
    with table_service(tmp, TOKEN) as running:
        env = {"EUCHRE_TABLES_URL": running.url, "EUCHRE_TABLES_TOKEN": TOKEN}
        server = start_voila(tmp, env)
        try:
            wait_for_pools(server, PREHEATED)
            yield server
        finally:
            stop_voila(server)


# Boxes of what is shown (not display:none, not zero-sized, not invisible) for a selector.
_BOXES = """(selector) => [...document.querySelectorAll(selector)].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
}).map((e) => {
  const r = e.getBoundingClientRect();
  return {name: (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40), left: r.left, top: r.top,
          right: r.right, bottom: r.bottom};
})"""

# The page's width (the document's and every box holding the app: Voila scrolls an element of its
# shell, not the window), and every visible element of the app outside the screen at the sides (a part
# of a box that scrolls sideways on purpose, as a wide log, is represented by that box).
_SIDEWAYS = """() => {
  const app = document.querySelector('.euchre-app');
  const right = document.documentElement.clientWidth;
  let width = document.documentElement.scrollWidth;
  for (let e = app.parentElement; e; e = e.parentElement) width = Math.max(width, e.scrollWidth);
  const out = [];
  const walk = (e) => {
    const style = getComputedStyle(e);
    if (style.display === 'none') return;
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && style.display !== 'contents' && (r.left < -0.5 || r.right > right + 0.5)) {
      out.push(`${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className).split(' ').join('.')}`
        + ` [${Math.round(r.left)}, ${Math.round(r.right)}]`);
    }
    if (!['auto', 'scroll'].includes(style.overflowX)) for (const child of e.children) walk(child);
  };
  walk(app);
  return {width, viewport: right, outside: out.slice(0, 12)};
}"""

# Whatever covers a card of the hand: other elements whose boxes overlap a card's (not the card's own
# ancestors or descendants, not the hand's row), and the element a tap at the card's middle and
# corners reaches when it is not the card. The hand is scrolled into view first.
_COVERING = """(selector) => {
  const cards = [...document.querySelectorAll(selector)].filter((e) => e.getBoundingClientRect().width > 0);
  if (!cards.length) return ['no card shown'];
  cards[0].scrollIntoView({block: 'center'});
  const app = document.querySelector('.euchre-app');
  const found = [];
  const label = (e) => `${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className).split(' ').join('.')}`;
  const overlaps = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (const card of cards) {
    const box = card.getBoundingClientRect();
    for (const e of app.querySelectorAll('*')) {
      if (e === card || e.contains(card) || card.contains(e)) continue;
      if (cards.some((c) => c.contains(e))) continue;
      const style = getComputedStyle(e);
      if (style.display === 'contents' || style.visibility === 'hidden') continue;
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && overlaps(r, box)) found.push(`${label(e)} over ${card.textContent.trim()}`);
    }
    const points = [[0.5, 0.5], [0.12, 0.12], [0.88, 0.12], [0.12, 0.88], [0.88, 0.88]];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(box.left + x * box.width, box.top + y * box.height);
      if (hit !== card && !card.contains(hit)) found.push(`a tap on ${card.textContent.trim()} reaches ${hit && label(hit)}`);
    }
  }
  return found.slice(0, 12);
}"""


def boxes(page: Any, selector: str) -> list[dict[str, Any]]:
    return list(page.evaluate(_BOXES, selector))


def to_top(page: Any) -> None:
    """Scroll the page to its top (Voila scrolls an element of its shell, not the window)."""
    page.evaluate(
        "() => { window.scrollTo(0, 0); document.querySelectorAll('*').forEach((e) => {"
        " if (e.scrollTop) e.scrollTop = 0; }); }"
    )


def shoot(page: Any, name: str) -> Path:
    """The first screen as the student sees it (the page scrolled to its top)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"phone-{name}.png"
    to_top(page)
    page.screenshot(path=str(path))
    return path


def assert_no_sideways_scrolling(page: Any, where: str) -> None:
    found = page.evaluate(_SIDEWAYS)
    assert found["viewport"] == PHONE[0], found
    assert found["width"] <= found["viewport"], f"{where}: the page scrolls sideways: {found}"
    assert not found["outside"], f"{where}: parts of the app outside the screen: {found['outside']}"


def assert_tappable(page: Any, where: str, selector: str, least: int = TAP) -> list[dict[str, Any]]:
    """Each shown element of ``selector`` inside the screen at the sides and at least ``least`` px each way."""
    found = boxes(page, selector)
    for box in found:
        width, height = box["right"] - box["left"], box["bottom"] - box["top"]
        assert box["left"] >= -0.5 and box["right"] <= PHONE[0] + 0.5, f"{where}: {box} is off the screen"
        assert width >= least - 0.5 and height >= least - 0.5, (
            f"{where}: {box['name']!r} is {width:.0f}×{height:.0f} px, under {least}×{least}"
        )
    return found


def assert_nothing_covers_the_cards(page: Any, where: str) -> None:
    covering = page.evaluate(_COVERING, CARDS)
    assert not covering, f"{where}: something covers the hand: {covering}"


def assert_on_first_screen(page: Any, where: str, wanted: dict[str, str]) -> None:
    """Each selector shows something, wholly on the first screen (the page not scrolled)."""
    to_top(page)
    for what, selector in wanted.items():
        found = boxes(page, selector)
        assert found, f"{where}: no {what} shown ({selector})"
        lowest = max(b["bottom"] for b in found)
        assert lowest <= PHONE[1] + 0.5, f"{where}: the {what} ends {lowest:.0f} px down, below {PHONE[1]}"
        assert min(b["top"] for b in found) >= -0.5, f"{where}: the {what} is above the screen"


def assert_playable_on_a_phone(page: Any, where: str, first_screen: dict[str, str]) -> None:
    """The layout facts of the module's doc at one moment of a table."""
    assert_no_sideways_scrolling(page, where)
    cards = assert_tappable(page, where, CARDS)
    assert cards, f"{where}: no card shown"
    assert_tappable(page, where, BIDS)
    assert_tappable(page, where, ".et-hint-toggle", 44)
    assert_nothing_covers_the_cards(page, where)
    assert_on_first_screen(page, where, first_screen)


def assert_hint_readable(page: Any, where: str) -> None:
    """Show the hint (by a tap) and read its recommendation: text, at least 12 px, inside the screen."""
    page.locator(".et-hint-toggle").tap()
    text = page.locator(HINT_TEXT).first
    text.wait_for(timeout=PAGE_TIMEOUT)
    text.scroll_into_view_if_needed()
    assert text.is_visible() and text.inner_text().strip(), f"{where}: the hint says nothing"
    size = float(text.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 12, f"{where}: the hint's text is {size} px"
    for box in boxes(page, ".euchre-hint, .euchre-hint .et-explain, .euchre-hint a.et-lesson"):
        assert box["left"] >= -0.5 and box["right"] <= PHONE[0] + 0.5, f"{where}: the hint's {box} is cut"
    assert_no_sideways_scrolling(page, f"{where}, the hint shown")


def test_the_classic_table_on_a_phone(browser: Any, voila: VoilaServer, axe_source: str) -> None:
    with sized_page(browser, voila, *PHONE, touch=True) as (p, problems):
        p.goto(voila.url + CLASSIC)
        p.locator(".euchre-bid").first.wait_for(timeout=PAGE_TIMEOUT)
        p.locator(CARDS).first.wait_for(timeout=PAGE_TIMEOUT)
        first_screen = {"hand": CARDS, "bid buttons": ".euchre-bid", "Show hint": ".et-hint-toggle"}
        assert_playable_on_a_phone(p, "classic, bidding", first_screen)
        shoot(p, "classic-bidding")
        assert_no_violations(p, axe_source, "the classic table on a phone")
        assert_hint_readable(p, "classic, bidding")
        shoot(p, "classic-hint")
        # every card is the student's to tap, a forced one too: no card is played for them under the tap
        p.locator(".ec-autoplay input").tap()
        p.wait_for_function("!document.querySelector('.ec-autoplay input').checked", timeout=PAGE_TIMEOUT)
        # order up: the dealer picks up, the play starts, and South's cards wake
        p.locator(".euchre-bid", has_text="Order up").first.tap()
        playable = p.locator(f"{CARDS}.playable:visible")
        playable.first.wait_for(timeout=PAGE_TIMEOUT)
        assert_playable_on_a_phone(p, "classic, playing", {"hand": CARDS, "Show hint": ".et-hint-toggle"})
        shoot(p, "classic-playing")
        # a tapped card is played: it leaves the hand
        card = next(c for c in str(playable.first.get_attribute("class")).split() if c.startswith("c-"))
        playable.first.tap()
        p.locator(f"{CARDS}.{card}").wait_for(state="detached", timeout=PAGE_TIMEOUT)
        problems.assert_clean()


def shown_bids(page: Any) -> list[str]:
    """The words of the Bid table's grid cells shown now."""
    return [b["name"] for b in boxes(page, ".eb-cell")]


def test_the_bid_table_on_a_phone(browser: Any, voila: VoilaServer) -> None:
    with sized_page(browser, voila, *PHONE, touch=True) as (p, problems):
        p.goto(voila.url + BID)
        p.locator(".eb-cell.euchre-bid").first.wait_for(timeout=PAGE_TIMEOUT)
        p.locator(CARDS).first.wait_for(timeout=PAGE_TIMEOUT)
        first_screen = {
            "hand": CARDS,
            "Pass": ".et-trumpbox .euchre-bid",
            "levels": ".eb-level",
            "bids": ".eb-cell",
            "Show hint": ".et-hint-toggle",
        }
        assert_playable_on_a_phone(p, "Bid, bidding", first_screen)
        levels = [b["name"] for b in assert_tappable(p, "Bid, bidding", ".eb-level")]
        assert levels == ["1", "2", "3", "4", "5", "6", "Alone"], levels
        # one level's bids, one per trump (the four suits and no trump), the lowest level open first
        row = shown_bids(p)
        level = row[0].removesuffix("♣")
        assert row == [f"{level}♣", f"{level}♦", f"{level}♥", f"{level}♠", f"{level} NT↑"], row
        assert [b["name"] for b in boxes(p, ".eb-level.eb-chosen")] == [level]
        assert p.locator(".eb-cell.euchre-bid", has_text=level).count() == 5  # the lowest level open
        shoot(p, "bid-bidding")
        # a tapped level shows its bids, each on the first screen
        p.locator(".eb-level", has_text="4").tap()
        # every cell of the level shown, not only the first ones drawn (a busy page draws them in turn)
        p.wait_for_function(
            "() => { const shown = [...document.querySelectorAll('.eb-cell')].filter((e) => e.offsetWidth);"
            " return shown.length === 5 && shown.every((e) => e.textContent.trim().startsWith('4')); }",
            timeout=PAGE_TIMEOUT,
        )
        assert shown_bids(p) == ["4♣", "4♦", "4♥", "4♠", "4 NT↑"]
        assert_playable_on_a_phone(p, "Bid, four tricks", first_screen)
        p.locator(".eb-level", has_text="Alone").tap()
        p.wait_for_function(
            "() => [...document.querySelectorAll('.eb-cell')].filter((e) => e.offsetWidth)"
            ".every((e) => e.textContent.trim().startsWith('Alone'))",
            timeout=PAGE_TIMEOUT,
        )
        assert_playable_on_a_phone(p, "Bid, alone bids", first_screen)
        shoot(p, "bid-alone")
        assert_hint_readable(p, "Bid, bidding")
        shoot(p, "bid-hint")
        problems.assert_clean()


def test_the_solitaire_table_on_a_phone(browser: Any, voila: VoilaServer) -> None:
    with sized_page(browser, voila, *PHONE, touch=True) as (p, problems):
        p.goto(voila.url + DASHBOARD)
        p.locator(".euchre-bid").first.wait_for(timeout=PAGE_TIMEOUT)
        p.locator(CARDS).first.wait_for(timeout=PAGE_TIMEOUT)
        first_screen = {"hand": CARDS, "trump choices": ".euchre-bid", "Show hint": ".et-hint-toggle"}
        assert_playable_on_a_phone(p, "Solitaire, choosing trump", first_screen)
        shoot(p, "solitaire-trump")
        assert_hint_readable(p, "Solitaire, choosing trump")
        shoot(p, "solitaire-hint")
        p.locator(".euchre-bid", has_text="Order up").first.tap()
        p.locator(f"{CARDS}.playable").first.wait_for(timeout=PAGE_TIMEOUT)
        assert_playable_on_a_phone(p, "Solitaire, playing", {"hand": CARDS, "Show hint": ".et-hint-toggle"})
        shoot(p, "solitaire-playing")
        problems.assert_clean()


# Labels and buttons whose text is cut (wider than their box, which hides the rest).
_CUT = """() => [...document.querySelectorAll('.euchre-app label, .euchre-app .widget-label, .euchre-app button')]
  .filter((e) => e.getBoundingClientRect().width > 0 && e.scrollWidth > e.clientWidth + 1
    && getComputedStyle(e).overflowX !== 'visible')
  .map((e) => `${e.textContent.trim()} (${e.scrollWidth} > ${e.clientWidth})`)"""


def test_the_lobby_and_the_shared_table_on_a_phone(browser: Any, voila: VoilaServer) -> None:
    with sized_page(browser, voila, *PHONE, touch=True) as (p, problems):
        p.goto(f"{voila.url}/voila/render/lobby.ipynb")
        p.locator(".et-lobby").wait_for(timeout=PAGE_TIMEOUT)
        p.get_by_label("Your name").fill("Ann")
        p.get_by_role("button", name="Enter the lobby").tap()
        p.locator(".euchre-message", has_text="Welcome, Ann").wait_for(timeout=PAGE_TIMEOUT)
        assert_no_sideways_scrolling(p, "the lobby")
        assert_tappable(p, "the lobby", ".et-lobby .jupyter-button", 44)
        assert not p.evaluate(_CUT), f"the lobby: labels cut: {p.evaluate(_CUT)}"
        shoot(p, "lobby")
        p.get_by_role("button", name="Create the table").tap()
        p.get_by_role("button", name="Sit N").tap()
        p.wait_for_url("**/voila/render/shared-table.ipynb?*", timeout=PAGE_TIMEOUT)
        p.locator(".et-shared-seats .st.me", has_text="Ann").wait_for(timeout=PAGE_TIMEOUT)
        where = "the shared table, seated"
        assert_no_sideways_scrolling(p, where)
        assert len(boxes(p, ".et-shared-seats .st")) == 4
        for part in (".et-shared-seats .st", ".et-chat", ".et-chat select, .et-chat input"):
            for box in boxes(p, part):
                assert box["left"] >= -0.5 and box["right"] <= PHONE[0] + 0.5, f"{where}: {box} is cut"
        assert_tappable(p, where, ".et-start, .et-stand, .et-chat-send", 44)
        assert_on_first_screen(p, where, {"seats": ".et-shared-seats .st", "Start": ".et-start"})
        shoot(p, "shared-table-seated")
        p.locator(".et-start").tap()
        p.locator(CARDS).first.wait_for(timeout=PAGE_TIMEOUT)
        where = "the shared table, started"
        p.wait_for_function(
            "() => !document.querySelector('.et-start') || !document.querySelector('.et-start').offsetWidth"
        )
        first_screen = {"hand": CARDS, "seats": ".et-shared-seats .st", "Show hint": ".et-hint-toggle"}
        assert_playable_on_a_phone(p, where, first_screen)
        assert_tappable(p, where, ".et-stand", 44)
        shoot(p, "shared-table-started")
        assert_hint_readable(p, where)
        shoot(p, "shared-table-hint")
        # leaving the lobby for the seat in the same tab, the lobby's page asks Voila to shut its kernel
        # down as it unloads, which Voila refuses (403) for a page already gone: not the student's concern
        problems.failed = [f for f in problems.failed if "/voila/api/shutdown/" not in f]
        problems.assert_clean()
