"""The Bid Euchre table in Voila and a real Chromium: the grid of bids, an illegal click, a teacher's deal
loaded through the page, alone in no trump played to the end by clicks, the advisor's hint and a numeric bid
in the next hand, undo.

The kernel deals seed 3 first (EUCHRE_SEED in the fixture); the computer players act at once, so after
every click the page waits until it shows what a headless mirror of the same table shows (the message,
the bids that can be clicked, every card of the hand with its reason and tooltip). The time from each
click to that moment is printed and written to artifacts/bid-table-timings.json (never asserted).
"""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

import pytest

from euchre_tutor.advisor.voice import DEPTH_LABELS, Depth
from euchre_tutor.games.bid.advisor import analyse
from euchre_tutor.games.bid.advisor.ideas import explain
from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.engine import Seat
from euchre_tutor.widgets import BidApp
from tests.browser.conftest import (
    PAGE_TIMEOUT,
    ROOT,
    Problems,
    screenshot,
    wait_for_cards,
    wait_for_hand,
    wait_for_pools,
)
from tests.widgets.test_bid_app import NO_TRUMP_ALONE

pytestmark = pytest.mark.browser

TIMEOUT = PAGE_TIMEOUT
BID = "/voila/render/bid.ipynb"
TIMINGS = ROOT / "artifacts" / "bid-table-timings.json"

_PAGE = """() => [
  document.querySelector('.euchre-message').innerText.trim(),
  [...document.querySelectorAll('.euchre-bid')].map((e) => e.textContent.trim()),
  document.querySelectorAll('.eb-cell[disabled]').length,
]"""


def clickable(app: BidApp) -> list[str]:
    """The texts of the bid buttons that can be clicked, in page order (pass/trump, then the grid)."""
    shown = [str(b.description) for b in app.decision_buttons if "euchre-bid" in b._dom_classes]
    return shown + [str(b.description) for b in app.grid_buttons if "euchre-bid" in b._dom_classes]


def wait_for_table(page: Any, app: BidApp) -> None:
    """Wait until the page shows what the headless ``app`` shows: message, clickable bids, disabled cells, hand."""
    disabled = sum(1 for b in app.grid_buttons if b.disabled)
    want = [app.controller.message.strip(), clickable(app), disabled]
    try:
        page.wait_for_function(
            f"(want) => JSON.stringify(({_PAGE})()) === JSON.stringify(want)", arg=want, timeout=TIMEOUT
        )
    except Exception as error:
        raise AssertionError(f"the page never showed {want}; it shows {page.evaluate(_PAGE)}") from error
    wait_for_cards(page, app)


class Clicks:
    """Click in the page and the same button of the mirror; time each click until the page caught up."""

    def __init__(self, page: Any, app: BidApp) -> None:
        self.page, self.app = page, app
        self.times: list[float] = []

    def __call__(self, target: Any, button: Any) -> None:
        start = time.perf_counter()
        target.click()
        button.click()
        wait_for_table(self.page, self.app)
        self.times.append((time.perf_counter() - start) * 1000)


def test_bid_alone_in_no_trump_then_a_numeric_bid_by_clicking(page: tuple[Any, Problems], voila: Any) -> None:
    wait_for_pools(voila, ("bid.ipynb",))
    p, problems = page
    mirror = BidApp(seed=3)
    click = Clicks(p, mirror)
    start = time.perf_counter()
    p.goto(voila.url + BID, timeout=TIMEOUT)
    p.locator(".euchre-card").first.wait_for(timeout=TIMEOUT)
    first_card = (time.perf_counter() - start) * 1000
    wait_for_hand(p, [c.name for c in mirror.controller.view.hand])
    wait_for_table(p, mirror)
    assert p.locator(".eb-cell").count() == len(mirror.grid_buttons)  # every bid of the rules, in a grid
    assert "first to" in p.locator(".euchre-score").inner_text()
    screenshot(p, "bid-01-deal")

    # a card during the bidding: the page explains, nothing changes
    before = p.locator(".euchre-bidding").inner_text()
    click(p.locator(".euchre-card.wait").first, next(b for b in mirror.cards if "wait" in b._dom_classes))
    assert "bid or pass with the buttons" in p.locator(".euchre-message").inner_text()
    assert p.locator(".euchre-bidding").inner_text() == before

    # a teacher's deal typed into the page: South bids last, holding six sure no-trump tricks
    deal = json.dumps(NO_TRUMP_ALONE)
    p.locator(".et-deal-text textarea").fill(deal)
    mirror.deal_text.value = deal
    click(p.get_by_role("button", name="Load deal"), mirror.load)
    assert "teacher's deal" in p.locator(".euchre-message").inner_text()
    alone = mirror.bid_button("bid alone high")
    assert "euchre-bid" in alone._dom_classes
    click(p.locator(".eb-cell.euchre-bid", has_text="Alone NT↑"), alone)
    assert "sits out" in p.locator(".euchre-table").inner_text()
    screenshot(p, "bid-02-alone-no-trump")
    for _ in range(6):  # lead the aces and kings: every trick
        playable = [b for b in mirror.cards if "playable" in b._dom_classes]
        click(p.locator(".euchre-card.playable").first, playable[0])
    hand = mirror.controller.hand
    assert mirror.controller.waiting and hand.tricks_won(Seat.S.team) == 6 and hand.alone == "alone"
    assert p.locator(".euchre-log tbody tr").count() == 6
    assert "+12" in p.locator(".euchre-log").inner_text()
    screenshot(p, "bid-03-alone-made")

    # the next hand: a numeric bid (the lowest the grid allows), or a pass when none is offered
    click(p.get_by_role("button", name="Next hand"), mirror.next_hand)

    # the hint for South's bid: the advisor's numbers for this very view (the match's seed, 200 deals),
    # computed in the kernel's worker process while the page stays live
    want = analyse(mirror.controller.view, continuation=RuleBasedPlayer(), worlds=200, seed=3)
    rows = [[str(o.action), f"{o.ev:.4f}", f"{o.loss:.4f}"] for o in want.options]
    start = time.perf_counter()
    p.locator(".et-hint-toggle").click()
    # the brief depth first (a new student's): the move in words, from this very analysis
    p.wait_for_function("() => document.querySelector('.et-hint-body .et-move') !== null", timeout=TIMEOUT)
    first_hint = (time.perf_counter() - start) * 1000
    text = p.locator(".et-hint-body").inner_text()
    assert explain(want, mirror.controller.view).move in text and "±" not in text
    # every option's figures on request: the figures depth's "Show every bid"
    p.get_by_role("button", name=DEPTH_LABELS[Depth.FIGURES]).click()
    p.wait_for_function(
        "(n) => document.querySelectorAll('.et-hint-body .eb-option').length === n",
        arg=len(rows),
        timeout=TIMEOUT,
    )
    shown = p.evaluate(
        "() => [...document.querySelectorAll('.et-hint-body .eb-option')]"
        ".map((e) => [e.dataset.action, e.dataset.ev, e.dataset.loss])"
    )
    assert shown == rows
    assert "Show every bid" in p.locator(".et-hint-body").inner_text()
    screenshot(p, "bid-04-hint")
    p.get_by_role("button", name=DEPTH_LABELS[Depth.BRIEF]).click()
    for _ in range(40):
        c = mirror.controller
        if c.waiting or c.state.is_over:
            break
        bids = [b for b in mirror.grid_buttons if "euchre-bid" in b._dom_classes]
        if bids:
            text = str(bids[0].description)
            click(p.locator(".eb-cell.euchre-bid").first, bids[0])
            assert c.state.hand.history[-1][1].kind == "bid" or c.hand.bidder is not None, text
            continue
        decisions = [b for b in mirror.decision_buttons if "euchre-bid" in b._dom_classes]
        if decisions:
            click(p.locator(".ec-bids .euchre-bid").first, decisions[0])
            continue
        playable = [b for b in mirror.cards if "playable" in b._dom_classes]
        click(p.locator(".euchre-card.playable").first, playable[0])
    assert mirror.controller.waiting
    bids = [a for s, a in mirror.controller.hand.history if s == Seat.S and a.kind == "bid"]
    assert bids and bids[0].level is not None, "South bid a number of tricks in hand 2"
    screenshot(p, "bid-05-second-hand")

    click(p.get_by_role("button", name="↶ Undo"), mirror.undo)
    assert not mirror.controller.waiting
    problems.assert_clean()

    figures = {
        "first_card_ms": round(first_card),
        "first_hint_ms": round(first_hint),
        "clicks": len(click.times),
        "click_to_update_ms_median": round(statistics.median(click.times)),
        "click_to_update_ms_max": round(max(click.times)),
    }
    TIMINGS.parent.mkdir(parents=True, exist_ok=True)
    TIMINGS.write_text(json.dumps(figures, indent=1) + "\n")
    print("Bid Euchre table in Chromium:", figures)
    mirror.close()
