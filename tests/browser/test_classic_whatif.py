"""The what-if row of the classic hint panel in Voila and a real Chromium: swap a card of the hand
for an unseen one and the page shows ``classic analyze``'s options for the changed position, while
the table and its hint stay as they were."""

from __future__ import annotations

from typing import Any

import pytest

from euchre_tutor.cards import parse_card
from euchre_tutor.games.classic.advisor.whatif import unseen_cards, what_if
from euchre_tutor.widgets import ClassicApp
from tests.browser.conftest import PAGE_TIMEOUT, Problems, screenshot
from tests.browser.test_classic_table import CLASSIC, wait_for_table
from tests.browser.test_classic_tutor import cli, wait_for_bars, wait_for_hint

pytestmark = pytest.mark.browser


def test_a_swapped_card_shows_the_commands_options_for_that_hand_and_leaves_the_game_alone(
    page: tuple[Any, Problems], voila: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    p, problems = page
    mirror = ClassicApp(seed=3, source=None)
    p.goto(voila.url + CLASSIC, timeout=PAGE_TIMEOUT)
    p.locator(".euchre-card").first.wait_for(timeout=PAGE_TIMEOUT)
    wait_for_table(p, mirror)
    p.locator(".et-hint-toggle").click()
    p.locator(".et-depth button", has_text="All the figures").click()  # the hint's bars, to compare
    position = mirror.tutor.position()
    assert position is not None
    hint = cli(position, capsys)
    wait_for_hint(p, hint)

    out_card, in_card = parse_card(position["hand"][0]), unseen_cards(position)[0]
    rows = p.locator(".ec-whatif-rows")
    assert not rows.is_visible()  # folded behind its own button
    p.locator(".ec-whatif-open").click()
    p.locator(".ec-whatif-out select").select_option(label=out_card.symbol)
    p.locator(".ec-whatif-in select").select_option(label=in_card.symbol)
    p.locator(".ec-whatif-show").click()
    data = cli(what_if(position, f"swap {out_card} {in_card}"), capsys)
    wait_for_bars(p, ".ec-whatif-body", data)
    head = p.locator(".ec-whatif-head")
    assert head.get_attribute("data-change") == f"swap {out_card} {in_card}"
    changed = p.locator(".ec-whatif-best").get_attribute("data-changed")
    assert changed == ("no" if data["best"] == hint["best"] else "yes")
    p.locator(".euchre-hint").evaluate("(e) => e.scrollIntoView()")
    screenshot(p, "classic-tutor-10-what-if")

    # the game did not move and its own hint still shows the unchanged position's numbers
    wait_for_table(p, mirror)
    wait_for_bars(p, ".et-hint-body", hint)
    mirror.close()
    problems.assert_clean()
