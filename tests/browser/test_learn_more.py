"""Every "Learn more" of the hint at the classic and Bid tables opens its lesson's section, in Voila and a
real Chromium.

The hint is shown and followed through seeded decisions: at the classic table South's bid in the first
deal, then a teacher's deal where South deals and must discard, then South's leads and follows; at the
Bid table South's bid, then the play. At each decision the hint is read at each of its depths, and
every "Learn more" link it shows is clicked. The lesson page each new address opens is loaded for real:
no refused request (no 404, no 403), the lesson's notebook under ``/voila/render/lessons/``, and the
section the link names present as a heading with the anchor's id. A link clicked again opens the same
address (the page itself is not rendered twice: each render runs the lesson's notebook).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

from tests.browser.conftest import FAILURES, PAGE_TIMEOUT, ROOT, SCREENSHOTS, VoilaServer

pytestmark = pytest.mark.browser

CLASSIC = "/voila/render/classic.ipynb"
BID = "/voila/render/bid.ipynb"
LESSON_PATH = re.compile(r"/voila/render/lessons/\d\d-[\w-]+\.ipynb")
LINKS = ".euchre-hint a.et-lesson"
DEPTHS = ".euchre-hint .widget-toggle-buttons button"
#: South deals and West orders up the A♥ at once: South's first decision is the discard
DISCARD_DEAL = {
    "rules": "standard",
    "dealer": "S",
    "hands": {
        "N": ["9S", "TS", "QS", "KS", "QD"],
        "E": ["9H", "TH", "QH", "KH", "JD"],
        "S": ["9D", "JH", "AS", "KD", "AD"],
        "W": ["9C", "TC", "QC", "KC", "AC"],
    },
    "up": "AH",
    "actions": ["order"],
}

# What South's decision looks like now: the message, the prompt, the bids and the hand with its classes.
_DECISION = """() => JSON.stringify([
  document.querySelector('.euchre-message')?.innerText,
  document.querySelector('.et-prompt')?.innerText,
  [...document.querySelectorAll('.euchre-bid')].map((e) => e.textContent.trim()),
  [...document.querySelectorAll('.euchre-card')].map((e) => e.textContent.trim() + ' ' + e.className),
])"""
_SOUTH_TO_ACT = """() => [...document.querySelectorAll('.euchre-bid, .euchre-card.playable')]
  .some((e) => e.getClientRects().length > 0)"""
# The hint's turn marker (a number per decision of South's), or null.
_HINT_TURN = """() => document.querySelector('.euchre-hint .et-hint-turn')?.dataset.turn ?? null"""
# The hint has said its word on a decision later than the turn ``before``: no analysis under way, and
# its body says something (the advisor's move, or why the only legal card is forced).
_HINT_READY = """(before) => {
  const hint = document.querySelector('.euchre-hint');
  if (!hint || hint.classList.contains('analysing') || hint.querySelector('.et-progress')) return false;
  const turn = hint.querySelector('.et-hint-turn')?.dataset.turn ?? null;
  const body = hint.querySelector('.et-hint-body');
  return (before === null || turn !== before) && !!body && body.innerText.trim().length > 0;
}"""


@dataclass
class LessonLinks:
    """The "Learn more" links clicked, and the lesson pages they opened: each page is rendered once
    (a render runs the lesson's notebook), its headings kept to check every later anchor in it."""

    context: Any
    server: str
    headings: dict[str, dict[str, str]] = field(default_factory=dict)  # a page's address → id → text
    opened: set[str] = field(default_factory=set)  # every address (with its anchor) a link opened
    clicks: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        def on_response(response: Any) -> None:
            # a closed tab's kernel is shut down by Voila already: that refusal is no broken link
            closing = "/voila/api/shutdown/" in response.url
            if response.url.startswith(self.server) and response.status >= 400 and not closing:
                self.refused.append(f"{response.status} {response.url}")

        self.context.on("response", on_response)
        self.context.route(f"{self.server}/voila/render/lessons/**", self._route)

    def _route(self, route: Any) -> None:
        """A lesson page already rendered is answered by a stub; the first visit goes to Voila."""
        if route.request.url.partition("#")[0] in self.headings:
            route.fulfill(status=200, content_type="text/html", body="<p>rendered before</p>")
        else:
            route.continue_()

    def click_every(self, page: Any, where: str) -> None:
        """Click each "Learn more" the hint shows now and check the section it opens."""
        links = page.locator(LINKS)
        for i in range(links.count()):
            link = links.nth(i)
            if not link.is_visible():
                continue
            section = str(link.get_attribute("title")).removeprefix("Lesson: ")
            with self.context.expect_page(timeout=PAGE_TIMEOUT) as opened:
                link.click()
            lesson = opened.value
            try:
                lesson.wait_for_url(re.compile(r"^http"), timeout=PAGE_TIMEOUT)
                self.clicks.append(f"{where}: {section}")
                self._check(lesson, section, where)
            finally:
                lesson.close()

    def _check(self, lesson: Any, section: str, where: str) -> None:
        address = lesson.url
        path, _, anchor = address.partition("#")
        anchor = unquote(anchor)
        assert LESSON_PATH.fullmatch(urlparse(path).path), f"{where}: {section!r} opens {address}"
        assert anchor == section.replace(" ", "-"), f"{where}: {section!r} has the anchor {anchor!r}"
        if path not in self.headings:
            self.headings[path] = self._render(lesson, anchor, where)
        shown = self.headings[path].get(anchor)
        assert shown is not None, f"{where}: no heading {anchor!r} in {path}: {sorted(self.headings[path])}"
        assert section in shown, f"{where}: the heading {anchor!r} says {shown!r}, not {section!r}"
        self.opened.add(address)

    def _render(self, lesson: Any, anchor: str, where: str) -> dict[str, str]:
        """Wait for the lesson's page to render until its section's heading shows, check it is no error
        page, and return its headings (id → text); a screenshot at the section."""
        lesson.wait_for_load_state("load", timeout=PAGE_TIMEOUT)
        # Voila shows the lesson (and removes its loading spinner) once every cell has run
        lesson.wait_for_function(
            "(id) => { const e = document.getElementById(id);"
            " return !!e && e.getClientRects().length > 0 && !document.getElementById('loading'); }",
            arg=anchor,
            timeout=PAGE_TIMEOUT,
        )
        body = lesson.locator("body").inner_text()
        assert "404" not in body and "Forbidden" not in body, f"{where}: {lesson.url}: {body[:200]}"
        lesson.evaluate("(id) => document.getElementById(id).scrollIntoView()", anchor)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"\W+", "-", urlparse(lesson.url).path.rsplit("/", 1)[-1].removesuffix(".ipynb"))
        lesson.screenshot(path=str(SCREENSHOTS / f"learn-more-{name}.png"))
        found: dict[str, str] = lesson.evaluate(
            "() => Object.fromEntries([...document.querySelectorAll('h1[id], h2[id], h3[id], h4[id], h5[id], h6[id]')]"
            ".map((e) => [e.id, e.textContent]))"
        )
        return found

    def assert_clean(self, table: str) -> None:
        """No request refused; what was clicked and opened written to artifacts/learn-more-<table>.json."""
        record = {"clicked": self.clicks, "opened": sorted(self.opened), "refused": self.refused}
        (ROOT / "artifacts" / f"learn-more-{table}.json").write_text(json.dumps(record, indent=1) + "\n")
        assert not self.refused, f"requests refused: {self.refused}"


def decision(page: Any) -> str:
    return str(page.evaluate(_DECISION))


#: The hand is over: its Next hand button is offered.
_HAND_OVER = """() => !!document.querySelector('.et-handend .et-next:not([disabled])')"""


def wait_for_south(page: Any, before: str | None, turn: str | None = None) -> bool:
    """Wait until the page shows a decision of South's other than ``before`` with its hint ready for a
    later turn than ``turn`` (each of South's decisions has its own turn marker, so a decision is not
    taken for the next one while the page still shows it); False when the hand ends first (Next hand)."""
    try:
        page.wait_for_function(
            f"([before, turn]) => ({_DECISION})() !== before && (({_HAND_OVER})()"
            f" || (({_SOUTH_TO_ACT})() && ({_HINT_READY})(turn)))",
            arg=[before, turn],
            timeout=PAGE_TIMEOUT,
        )
    except Exception as error:
        FAILURES.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(FAILURES / "learn-more-no-decision.png"), full_page=True)
        raise AssertionError(f"no new decision of South's; the page shows {decision(page)}") from error
    return not page.evaluate(_HAND_OVER)


def read_the_hint(page: Any, links: LessonLinks, where: str) -> None:
    """At each depth of the hint, click every "Learn more" it shows; back to the first depth."""
    depths = page.locator(DEPTHS)
    names = [depths.nth(i).inner_text().strip() for i in range(depths.count())] or [""]
    for name in names:
        if name:
            page.locator(DEPTHS, has_text=name).first.click()
            page.wait_for_function(_HINT_READY, arg=None, timeout=PAGE_TIMEOUT)
        links.click_every(page, f"{where} ({name or 'the hint'})")
    if names[0]:
        page.locator(DEPTHS, has_text=names[0]).first.click()


def act(page: Any, bid_order: tuple[str, ...], card: str | None = None) -> None:
    """South's move: the first bid whose text starts with one of ``bid_order`` (in that order), else the
    card named ``card`` if playable, else the first playable card."""
    bids = [b.strip() for b in page.locator(".euchre-bid:visible").all_inner_texts()]
    for wanted in bid_order:
        choice = next((b for b in bids if b.lower().startswith(wanted)), None)
        if choice is not None:
            page.locator(".euchre-bid:visible", has_text=choice).first.click()
            return
    if bids:
        page.locator(".euchre-bid:visible").first.click()
        return
    autoplay = page.locator(".ec-autoplay input")
    if (
        page.locator(".euchre-card.playable:visible").count() == 1
        and autoplay.count()
        and autoplay.is_checked()
    ):
        return  # a forced card at a table that plays it for South (autoplay) after a short pause
    named = page.locator(".euchre-card.playable:visible", has_text=card) if card else None
    if named is not None and named.count():
        named.first.click()
    else:
        page.locator(".euchre-card.playable:visible").first.click()


def play_on(page: Any, links: LessonLinks, where: str, moves: int, bid_order: tuple[str, ...]) -> int:
    """Up to ``moves`` more decisions of South's, the hint read at each; returns how many were read."""
    read = 0
    for move in range(moves):
        before, turn = decision(page), page.evaluate(_HINT_TURN)
        act(page, bid_order)
        if not wait_for_south(page, before, turn):
            break
        read_the_hint(page, links, f"{where}, move {move + 2}")
        read += 1
    return read


def open_table(browser: Any, voila: VoilaServer, table: str) -> tuple[Any, Any, LessonLinks, list[str]]:
    """A new context's page at ``table`` with the hint shown and South's first decision's hint ready."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT)
    links = LessonLinks(context, voila.url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(voila.url + table, timeout=PAGE_TIMEOUT)
    page.locator(".euchre-card").first.wait_for(timeout=PAGE_TIMEOUT)
    page.locator(".et-hint-toggle").click()
    assert wait_for_south(page, None)
    return context, page, links, errors


def test_every_learn_more_at_the_classic_table_opens_its_lesson(browser: Any, voila: VoilaServer) -> None:
    context, page, links, errors = open_table(browser, voila, CLASSIC)
    try:
        read_the_hint(page, links, "classic, the first bid")
        read = play_on(page, links, "classic, first deal", 2, ("pass",))
        # the teacher's deal: South deals, West orders up, South discards, then leads and follows
        page.locator(".et-deal-text textarea").fill(json.dumps(DISCARD_DEAL))
        before, turn = decision(page), page.evaluate(_HINT_TURN)
        page.get_by_role("button", name="Load deal").click()
        assert wait_for_south(page, before, turn)
        # South holds six cards to discard from (the hand's six slots are each their own widget: wait for all)
        page.locator(".euchre-card.playable:visible").nth(5).wait_for(timeout=PAGE_TIMEOUT)
        assert page.locator(".euchre-card.playable:visible").count() == 6, decision(page)
        read_the_hint(page, links, "classic, the discard")
        before, turn = decision(page), page.evaluate(_HINT_TURN)
        act(page, (), card="nine of diamonds")
        if wait_for_south(page, before, turn):
            read_the_hint(page, links, "classic, the first card")
            read += 1 + play_on(page, links, "classic, teacher's deal", 4, ())
        assert read >= 3, f"South's decisions read: {read}"
        assert len(links.opened) >= 2, f"links opened: {links.opened}; clicked: {links.clicks}"
        links.assert_clean("classic")
        assert not errors, errors
    finally:
        context.close()


def test_every_learn_more_at_the_bid_table_opens_its_lesson(browser: Any, voila: VoilaServer) -> None:
    context, page, links, errors = open_table(browser, voila, BID)
    try:
        read_the_hint(page, links, "Bid, the first bid")
        read = play_on(page, links, "Bid", 6, ("pass",))
        assert read >= 3, f"South's decisions read: {read}"
        assert links.opened, f"no Learn more shown; clicked: {links.clicks}"
        links.assert_clean("bid")
        assert not errors, errors
    finally:
        context.close()
