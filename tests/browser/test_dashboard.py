"""The Voila dashboard in a real Chromium: play a seeded deal by clicking, hints, illegal clicks, undo.

The server's kernel deals seed 3 first (EUCHRE_SEED in the fixture); hints
come from the real exact advisor in the dashboard's worker process, and the
page must show the same numbers and reasons the advisor computes here.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from euchre_tutor.advisor.voice import DEPTH_LABELS, Depth, text_problems
from euchre_tutor.games.solitaire.advisor.advice import Hint
from euchre_tutor.games.solitaire.advisor.ideas import exact_points, explain, tied_best
from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal
from euchre_tutor.games.solitaire.session.advice import AdvisorSource
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor
from euchre_tutor.widgets import SolitaireApp
from euchre_tutor.widgets.render import loss_words, signed
from tests.browser.conftest import (
    DASHBOARD,
    PAGE_TIMEOUT,
    Problems,
    screenshot,
    wait_for_cards,
    wait_for_hand,
)

pytestmark = pytest.mark.browser

TIMEOUT = PAGE_TIMEOUT


def open_dashboard(page: Any, url: str) -> None:
    page.goto(url + DASHBOARD, timeout=TIMEOUT)
    page.locator(".euchre-card").first.wait_for(timeout=TIMEOUT)


def message(page: Any) -> str:
    return str(page.locator(".euchre-message").inner_text())


def hand_size(page: Any) -> int:
    return int(page.locator(".euchre-card").count())


def advisor_hint(seed: int) -> Hint:
    """The exact advisor's trump hint for the first deal of a game with this seed, computed here."""
    c = SolitaireTutor(SolitaireController(seed), source=AdvisorSource(), runner="inline")
    assert c.wait_for_analysis(600)
    assert c.current_hint is not None
    return c.current_hint


def test_play_a_seeded_deal_hint_illegal_click_and_undo(page: tuple[Any, Problems], voila: Any) -> None:
    p, problems = page
    # the same game, headless: after every click the page must show the hand this app shows
    mirror = SolitaireApp(seed=3, source=None)
    open_dashboard(p, voila.url)
    deal = SolitaireDeal.from_seed(3)
    wait_for_cards(p, mirror)
    cards = p.locator(".euchre-card")
    assert cards.count() == 5
    # accessible names are the card names, the faces show rank and suit
    for card in deal.hand:
        assert p.get_by_role("button", name=card.name, exact=True).count() == 1
    assert p.locator(".euchre-card.disabled.wait").count() == 5  # trump not chosen yet
    assert p.locator(".euchre-bid:visible").count() == 8
    assert p.locator(".euchre-score").inner_text().count("0") >= 2
    screenshot(p, "01-new-deal")

    # a click out of turn: a card before trump is chosen
    before_log = p.locator(".euchre-log").inner_text()
    cards.first.click()
    p.wait_for_function(
        "document.querySelector('.euchre-message').innerText.toLowerCase().includes('choose trump')",
        timeout=TIMEOUT,
    )
    wait_for_cards(p, mirror)
    assert p.locator(".euchre-log").inner_text() == before_log

    # ask for a hint: the move and why in words first; the numbers on request
    p.get_by_role("button", name="Show hint").click()
    hint = p.locator(".euchre-hint")
    hint.locator(".et-move").wait_for(timeout=TIMEOUT)
    exact = advisor_hint(3)
    words = explain(exact, mirror.controller.view)  # type: ignore[arg-type]
    text = " ".join(hint.locator(".et-hint-body").inner_text().split())
    assert text.startswith(words.move) and words.why[0].text in text
    assert text_problems(text, Depth.BRIEF) == [] and hint.locator(".track").count() == 0
    screenshot(p, "02-hint")
    hint.get_by_role("button", name=DEPTH_LABELS[Depth.FIGURES]).click()
    hint.locator(".track").first.wait_for(timeout=TIMEOUT)
    assert hint.locator(".track").count() == len(exact.options) == 8
    shown = [v.strip() for v in hint.locator(".val").all_inner_texts()]
    assert shown == [signed(o.ev).replace("-", "\u2212") for o in exact.options]
    # the bars' tooltips carry the exact values (a fraction only where it is short)
    assert (
        hint.locator(".track").first.get_attribute("title")
        == f"{exact.best.label}: {exact_points(exact.best.ev)}"
    )
    text = " ".join(hint.locator(".et-hint-body").inner_text().split())
    assert "chance of a march (all 5 tricks)" in text and text_problems(text, Depth.FIGURES) == []
    screenshot(p, "02-hint-figures")
    hint.get_by_role("button", name=DEPTH_LABELS[Depth.BRIEF]).click()

    # order up, then play the deal to the end by clicking
    p.locator(".euchre-bid", has_text="Order up").first.click()
    mirror.trump_button(None).click()
    wait_for_cards(p, mirror)
    p.locator(".et-trumpbox").wait_for(state="hidden", timeout=TIMEOUT)
    illegal_seen = False
    for trick in range(5):
        illegal = p.locator(".euchre-card.illegal")
        if illegal.count() and not illegal_seen:
            # an illegal card: its tooltip and, on a click, the message explain; nothing changes
            log = p.locator(".euchre-log").inner_text()
            title = illegal.first.get_attribute("title") or ""
            assert "may not be played" in title, title
            illegal.first.click()
            p.wait_for_function(
                "document.querySelector('.euchre-message').innerText.includes('does not follow')",
                timeout=TIMEOUT,
            )
            wait_for_cards(p, mirror)
            assert p.locator(".euchre-log").inner_text() == log
            screenshot(p, "03-illegal-card")
            illegal_seen = True
        playable = p.locator(".euchre-card.playable").first
        name = playable.inner_text().strip()
        playable.click()
        mirror.card_button(next(c for c in mirror.hand_cards() if c.name == name)).click()
        wait_for_cards(p, mirror)
        if trick == 0:
            screenshot(p, "04-first-trick")
    assert illegal_seen, "seed 3's deal, played this way, has a card that does not follow suit"
    assert mirror.hand_cards() == []
    p.locator(".euchre-review:not(.hidden)").wait_for(timeout=TIMEOUT)
    assert "Deal review" in p.locator(".euchre-review").inner_text()
    # the review grades every decision with the advisor's exact loss; the first was ordering up
    p.wait_for_function(
        "!document.querySelector('.euchre-review').innerText.includes('analysing')", timeout=TIMEOUT
    )
    order_up = next(o for o in exact.options if o.label.startswith("order up") and "alone" not in o.label)
    graded = exact.grade(order_up.action)
    assert graded is not None
    first_row = p.locator(".euchre-review tbody tr").first.inner_text().split("\t")
    key = graded.label not in ("Best", "Good")  # a key moment: starred, and offered for a retry
    assert [x.strip() for x in first_row] == [
        "1",
        order_up.label + (" ★ key" if key else ""),
        " or ".join(o.label for o in tied_best(exact)),
        graded.label,
        loss_words(graded.loss),
    ]
    review = " ".join(p.locator(".euchre-review").inner_text().split())
    assert text_problems(review) == [] and "0.000" not in review
    if key:
        assert p.locator(".et-retry-open").first.inner_text() == f"Retry the trump choice ({graded.label})"
    log = p.locator(".euchre-log").inner_text()
    assert "won by" in log.lower()
    assert "Deal over" in message(p) or "win" in message(p)
    score = p.locator(".euchre-score").inner_text()
    screenshot(p, "05-deal-over")

    # undo the last card: the deal is open again (its last card back in the hand) and the score is back
    p.get_by_role("button", name=re.compile("Undo")).click()
    mirror.undo.click()
    wait_for_cards(p, mirror)
    assert hand_size(p) == 1
    p.locator(".euchre-review.hidden").wait_for(state="attached", timeout=TIMEOUT)
    assert p.locator(".euchre-score").inner_text() != score or "0\n" in score
    mirror.close()
    problems.assert_clean()


def test_new_seed_chosen_in_the_page_and_a_bad_deal_string(page: tuple[Any, Problems], voila: Any) -> None:
    p, problems = page
    open_dashboard(p, voila.url)
    seed = p.locator(".et-seed input")
    seed.fill("11")
    p.get_by_role("button", name="New game").click()
    first = SolitaireDeal.from_seed(11).hand[0]
    names = sorted(c.name for c in SolitaireDeal.from_seed(11).hand)
    wait_for_hand(p, names)
    assert hand_size(p) == 5
    # a bad teacher's deal: a teaching message, nothing changes
    p.locator(".et-deal-text textarea").fill("9H 9C KC JC")
    p.get_by_role("button", name="Load deal").click()
    p.wait_for_function(
        "document.querySelector('.euchre-message').innerText.includes('24 cards')", timeout=TIMEOUT
    )
    assert sorted(p.locator(".euchre-card").all_text_contents()) == names
    # keyboard: Tab reaches a card and Enter on it explains that trump comes first
    p.get_by_role("button", name=first.name, exact=True).focus()
    p.keyboard.press("Enter")
    p.wait_for_function(
        "document.querySelector('.euchre-message').innerText.toLowerCase().includes('choose trump')",
        timeout=TIMEOUT,
    )
    p.locator(".et-four-colour input, .euchre-app input[type=checkbox]").first.check()
    p.locator(".euchre-app.four-colour").wait_for(timeout=TIMEOUT)
    screenshot(p, "06-four-colour")
    problems.assert_clean()


def test_a_lesson_renders_without_a_preheated_kernel(page: tuple[Any, Problems], voila: Any) -> None:
    """Only the dashboard is preheated (voila.json); the lessons still render, on a kernel of their own."""
    p, problems = page
    p.goto(voila.url + "/voila/render/lessons/01-cards-and-bowers.ipynb", timeout=TIMEOUT)
    p.locator(".jp-OutputArea-output").first.wait_for(timeout=TIMEOUT)
    problems.assert_clean()


def test_the_dashboard_came_from_its_preheated_pool(voila: Any) -> None:
    """Run last: the pages above used the preheated dashboard kernel, and no lesson was preheated."""
    log = voila.log.read_text(errors="replace")
    assert "Using pre-heated kernel" in log and "for solitaire.ipynb" in log
    assert "Kernel pool of lessons/" not in log
    # nbclient gives up on a cell's outputs after VoilaExecutor.iopub_timeout: an empty page
    assert "Timeout waiting for IOPub output" not in log
