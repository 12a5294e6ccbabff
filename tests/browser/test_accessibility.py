"""Both tables are accessible, checked in Voila and a real Chromium (WCAG 2.1 A and AA, as schools must):

- axe-core's WCAG 2.1 A and AA rules (tags wcag2a, wcag2aa, wcag21a, wcag21aa) find no violation on
  either page: as it opens, with the hint shown, with a hand under way and once it is over, on a
  Chromebook-sized screen and a phone;
- each card button's accessible name says the card in words ("king of hearts");
- a whole Solitaire deal and a whole classic hand are played with the keyboard alone: Tab to the
  button, Enter (and Space for a checkbox), never a mouse.

axe-core is the version pinned in scripts/axe/package-lock.json, installed from the npm registry into
artifacts/axe/ by scripts/get-axe.sh (``make test`` runs it first).
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

from euchre_tutor.widgets import ClassicApp, SolitaireApp
from tests.browser.conftest import DASHBOARD, PAGE_TIMEOUT, ROOT, SCREENSHOTS, sized_page, wait_for_cards
from tests.browser.test_classic_table import CLASSIC, bid_texts, wait_for_table

pytestmark = pytest.mark.browser

AXE = ROOT / "artifacts" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
CARD_NAME = re.compile(r"(nine|ten|jack|queen|king|ace|seven|eight) of (spades|hearts|diamonds|clubs)|joker")
TAB_LIMIT = 300  # Tab presses to reach one control: far more than a page has


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        message = f"axe-core is not installed at {AXE.relative_to(ROOT)}: run `make axe` (needs npm)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " (CI=true: the accessibility checks must run)")
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


def axe_violations(page: Any, axe_source: str) -> list[dict[str, Any]]:
    """axe-core's WCAG 2.1 A and AA violations on the whole page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    found: list[dict[str, Any]] = page.evaluate(
        """(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})
             .then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
               nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary)})))""",
        WCAG_21_AA,
    )
    return found


def assert_no_violations(page: Any, axe_source: str, where: str) -> None:
    found = axe_violations(page, axe_source)
    assert not found, f"{where}: axe-core finds WCAG 2.1 A/AA violations:\n{json.dumps(found, indent=1)}"


def assert_cards_named(page: Any, names: list[str]) -> None:
    """Each card of the hand is a button whose accessible name is the card in words."""
    assert names
    for name in names:
        assert CARD_NAME.fullmatch(name), name
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name


def tab_to(page: Any, predicate: str, arg: Any, what: str) -> None:
    """Press Tab until the focused element satisfies ``predicate`` (a JavaScript expression of ``e``,
    the focused element, and ``arg``); fail if it never comes (it cannot be reached by keyboard)."""
    check = f"(arg) => {{ const e = document.activeElement; return !!e && e !== document.body && ({predicate}); }}"
    for _ in range(TAB_LIMIT):
        page.keyboard.press("Tab")
        if page.evaluate(check, arg):
            return
    raise AssertionError(f"{what} is never reached with Tab")


def press_button(page: Any, text: str, cls: str = "") -> None:
    """Tab to the button that says ``text`` (with the class ``cls``, if given), then press Enter."""
    tab_to(
        page,
        "e.tagName === 'BUTTON' && e.textContent.trim() === arg.text && (!arg.cls || e.classList.contains(arg.cls))",
        {"text": text, "cls": cls},
        f"the button {text!r}",
    )
    page.keyboard.press("Enter")


def toggle_checkbox(page: Any, inside: str) -> None:
    """Tab to the checkbox inside ``inside`` and press Space."""
    tab_to(page, "e.matches(arg + ' input[type=checkbox]')", inside, f"the checkbox of {inside}")
    page.keyboard.press("Space")


def test_solitaire_is_accessible_and_a_deal_is_played_by_keyboard(
    browser: Any, voila: Any, axe_source: str
) -> None:
    mirror = SolitaireApp(seed=3, source=None)
    with sized_page(browser, voila, 1366, 768) as (p, problems):
        p.goto(voila.url + DASHBOARD, timeout=PAGE_TIMEOUT)
        p.locator(".euchre-card").first.wait_for(timeout=PAGE_TIMEOUT)
        wait_for_cards(p, mirror)
        assert_cards_named(p, [c.name for c in mirror.hand_cards()])
        assert_no_violations(p, axe_source, "the Solitaire table as it opens")

        press_button(p, "Show hint")
        p.locator(".euchre-hint .et-rec").wait_for(timeout=PAGE_TIMEOUT)
        assert_no_violations(p, axe_source, "the Solitaire table with the hint")

        press_button(p, str(mirror.trump_button(None).description), "euchre-bid")
        mirror.trump_button(None).click()
        wait_for_cards(p, mirror)
        for _ in range(5):
            playable = [b for b in mirror.cards if "playable" in b._dom_classes]
            if not playable:
                break
            assert_cards_named(p, [c.name for c in mirror.hand_cards()])
            press_button(p, str(playable[0].description), "euchre-card")
            playable[0].click()
            wait_for_cards(p, mirror)
        assert mirror.controller.view is not None and mirror.controller.view.phase.name == "OVER"
        p.locator(".euchre-review:not(.hidden)").wait_for(timeout=PAGE_TIMEOUT)
        assert_no_violations(p, axe_source, "the Solitaire table, the deal over, its review shown")
        p.set_viewport_size({"width": 375, "height": 740})
        assert_no_violations(p, axe_source, "the Solitaire table on a phone")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        p.screenshot(path=str(SCREENSHOTS / "keyboard-solitaire-over.png"))
        problems.assert_clean()
    mirror.close()


def test_classic_is_accessible_and_a_hand_is_played_by_keyboard(
    browser: Any, voila: Any, axe_source: str
) -> None:
    mirror = ClassicApp(seed=3)
    with sized_page(browser, voila, 1366, 768) as (p, problems):
        p.goto(voila.url + CLASSIC, timeout=PAGE_TIMEOUT)
        p.locator(".euchre-card").first.wait_for(timeout=PAGE_TIMEOUT)
        wait_for_table(p, mirror)
        assert_cards_named(p, [c.name for c in mirror.hand_cards()])
        assert_no_violations(p, axe_source, "the classic table as it opens")

        toggle_checkbox(p, ".ec-autoplay")  # every card by keyboard, even a forced one
        mirror.autoplay.value = False
        p.wait_for_function("!document.querySelector('.ec-autoplay input').checked")
        press_button(p, "Show hint")
        p.locator(".euchre-hint .et-rec").wait_for(timeout=PAGE_TIMEOUT)
        assert_no_violations(p, axe_source, "the classic table with the hint")

        for _ in range(12):  # bid: pass while passing is allowed, else the first decision offered
            texts = bid_texts(mirror)
            if not texts:
                break
            i = next((k for k, t in enumerate(texts) if re.fullmatch(r"\s*pass\s*", t, re.I)), 0)
            shown = [b for b in mirror.bid_buttons if "euchre-bid" in b._dom_classes]
            press_button(p, texts[i].strip(), "euchre-bid")
            shown[i].click()
            wait_for_table(p, mirror)
        for played in range(1, 9):
            playable = [b for b in mirror.cards if "playable" in b._dom_classes]
            if not playable:
                break
            assert_cards_named(p, [c.name for c in mirror.hand_cards()])
            press_button(p, str(playable[0].description), "euchre-card")
            playable[0].click()
            wait_for_table(p, mirror)
            if played == 2:
                assert_no_violations(p, axe_source, "the classic table, a hand under way")
        assert mirror.controller.waiting, "the hand is over"
        p.get_by_role("button", name="Next hand").wait_for(timeout=PAGE_TIMEOUT)
        press_button(p, "Review hand")
        p.locator(".euchre-review:not(.hidden)").wait_for(timeout=PAGE_TIMEOUT)
        assert_no_violations(p, axe_source, "the classic table, the hand over, its review open")
        p.set_viewport_size({"width": 375, "height": 740})
        assert_no_violations(p, axe_source, "the classic table on a phone")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        p.screenshot(path=str(SCREENSHOTS / "keyboard-classic-over.png"))
        problems.assert_clean()
    mirror.close()


def test_bid_table_is_accessible(browser: Any, voila: Any, axe_source: str) -> None:
    """The Bid Euchre table as it opens and with the hint shown, on a laptop and on a phone."""
    with sized_page(browser, voila, 1366, 768) as (p, problems):
        p.goto(voila.url + "/voila/render/bid.ipynb", timeout=PAGE_TIMEOUT)
        p.locator(".eb-cell").first.wait_for(timeout=PAGE_TIMEOUT)
        assert_no_violations(p, axe_source, "the Bid Euchre table as it opens")
        press_button(p, "Show hint")
        p.locator(".euchre-hint .et-rec").wait_for(timeout=PAGE_TIMEOUT)
        assert_no_violations(p, axe_source, "the Bid Euchre table with the hint")
        p.set_viewport_size({"width": 375, "height": 740})
        assert_no_violations(p, axe_source, "the Bid Euchre table on a phone")
        problems.assert_clean()
