"""The classic table as a tutor, in Voila and a real Chromium: the hint panel's numbers are
``euchre-tutor classic analyze``'s for the same position, a bad bid is graded, the review opens (and
its key moment is retried),
open hands and the computer players' levels show.

The kernel deals seed 3 first (EUCHRE_SEED in the fixture) and analyses each turn in its worker
process with the match seed and 200 sampled deals; a headless mirror of the table (no analysis)
follows every click, and the test writes each position from the mirror and runs the command in
this process, so the page must show exactly the command's output.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from euchre_tutor.advisor.voice import Depth, minus, text_problems
from euchre_tutor.cli import main
from euchre_tutor.games.classic.advisor.reasons import action_label
from euchre_tutor.games.classic.engine.engine import Action
from euchre_tutor.widgets import ClassicApp
from tests.browser.conftest import PAGE_TIMEOUT, Problems, screenshot
from tests.browser.test_classic_table import CLASSIC, wait_for_table

pytestmark = pytest.mark.browser

TIMEOUT = PAGE_TIMEOUT

# Every option bar under ``where``: its action and numbers (data-*), the value it shows and what it
# loses against the best, paired on the same deals, with its 95% interval ("−0.31 ± 0.06", or "tie").
# Below the figures depth the options are there as data alone (no value shown).
_BARS = """(where) => [...document.querySelectorAll(where + ' .ec-option')].map((e) => [
  e.dataset.action, e.dataset.ev, e.dataset.pMake, (e.querySelector('.val') || {textContent: ''}).textContent.trim(),
  e.dataset.loss, (e.querySelector('.ec-loss') || {textContent: ''}).textContent.trim(),
])"""


def cli(
    position: dict[str, Any], capsys: pytest.CaptureFixture[str], grade: str | None = None
) -> dict[str, Any]:
    """``euchre-tutor classic analyze --json --seed 3 --mode points`` on the position (the page's seed and
    worlds; the table ranks by points whatever the score), with ``--grade ACTION`` when given (the
    table's grade of a move: refined past the hint's deals while unsettled)."""
    capsys.readouterr()
    argv = [
        "classic",
        "analyze",
        "--input",
        json.dumps(position),
        "--json",
        "--seed",
        "3",
        "--mode",
        "points",
        *(("--grade", grade) if grade is not None else ()),
    ]
    assert main(argv) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def loss_text(option: dict[str, Any], best: bool) -> str:
    if best:
        return ""
    if option["tied"]:
        return "tie"
    return f"−{option['loss']:.2f} ± {1.96 * option['loss_se']:.2f}"


def expected_bars(data: dict[str, Any]) -> list[list[str]]:
    return [
        [
            o["action"],
            str(o["ev"]),
            str(o["p_make"]),
            minus(f"{o['ev']:+.2f}"),
            str(o["loss"]),
            loss_text(o, i == 0),
        ]
        for i, o in enumerate(data["options"])
    ]


def wait_for_bars(page: Any, where: str, data: dict[str, Any]) -> None:
    """Wait until the bars under ``where`` show the command's options and numbers, best first."""
    want = expected_bars(data)
    try:
        page.wait_for_function(
            f"([where, want]) => JSON.stringify(({_BARS})(where)) === JSON.stringify(want)",
            arg=[where, want],
            timeout=TIMEOUT,
        )
    except Exception as error:
        raise AssertionError(
            f"{where} never showed {want}; it shows {page.evaluate(_BARS, where)}"
        ) from error


def wait_for_hint(page: Any, data: dict[str, Any]) -> None:
    """Wait until the hint panel (at the figures depth) shows the command's options, values and numbers,
    best first, in words a student reads: no rule id (those stay in the command's JSON), no code."""
    wait_for_bars(page, ".et-hint-body", data)
    body = page.locator(".et-hint-body").inner_text()
    assert not any(f"[{reason['rule']}]" in body for reason in data["reasons"])
    assert text_problems(" ".join(body.split()), Depth.FIGURES) == []


def follow(page: Any, mirror: ClassicApp) -> None:
    """The mirror plays a forced card at once (the page after its short pause); then both must agree."""
    while mirror.tutor.autoplay_now():
        pass
    wait_for_table(page, mirror)


def test_hints_equal_classic_analyze_a_bad_bid_is_graded_and_the_review_opens(
    page: tuple[Any, Problems], voila: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    p, problems = page
    mirror = ClassicApp(seed=3, source=None)
    p.goto(voila.url + CLASSIC, timeout=TIMEOUT)
    p.locator(".euchre-card").first.wait_for(timeout=TIMEOUT)
    wait_for_table(p, mirror)
    assert "Computer players: Club" in p.locator(".euchre-bidding").inner_text()

    # open the hint panel and grade the play
    p.locator(".et-hint-toggle").click()
    p.locator(".et-grade-toggle input").check()
    position = mirror.tutor.position()
    assert position is not None and position["actions"] == ["E: pass"]
    data = cli(position, capsys)
    # a new student reads the move and why: no figures, no codes
    move = p.locator(".et-hint-body .et-move")
    move.wait_for(timeout=TIMEOUT)
    assert p.locator(".et-hint-body .ec-hint").get_attribute("data-best") == data["best"]
    brief = " ".join(p.locator(".et-hint-body").inner_text().split())
    assert text_problems(brief, Depth.BRIEF) == [] and "±" not in brief
    p.locator(".et-depth button", has_text="All the figures").click()
    wait_for_hint(p, data)
    best = data["options"][0]
    figures = p.locator(".et-figures").inner_text()
    assert f"{minus(format(best['ev'], '+.2f'))} points ± {1.96 * best['se']:.2f}" in figures
    p.locator(".euchre-hint").evaluate("(e) => e.scrollIntoView()")
    screenshot(p, "classic-tutor-01-hint-at-a-bid")

    # the worst bid on offer, deliberately: it is graded Mistake or Blunder
    worst = data["options"][-1]
    assert worst["ev"] < data["options"][0]["ev"] - 0.5
    button = mirror.bid_button(worst["action"])
    p.get_by_role("button", name=str(button.description), exact=True).click()
    button.click()
    follow(p, mirror)
    grade = p.locator(".euchre-grade .et-grade")
    grade.wait_for(timeout=TIMEOUT)
    graded = cli(position, capsys, grade=worst["action"])  # the grade holds once refined, as here
    assert grade.inner_text() == graded["grade"]["label"] and grade.inner_text() in ("Mistake", "Blunder")
    line = p.locator(".euchre-grade").inner_text()
    assert f"over {graded['worlds']:,} sampled deals" in line
    mine = next(o for o in graded["options"] if o["action"] == worst["action"])
    assert f"loses {mine['loss']:.2f} ± {1.96 * mine['loss_se']:.2f} points" in line
    p.locator(".euchre-grade").evaluate("(e) => e.scrollIntoView({block: 'center'})")
    screenshot(p, "classic-tutor-02-grade")

    # open hands (practice): every other seat's cards face up, then hidden again
    p.locator(".ec-open-hands input").check()
    mirror.open_hands.value = True
    hand = mirror.controller.hand
    hidden = [c.name for s in hand.seating.seats if s != mirror.controller.seat for c in hand.hands[s]]
    assert len(hidden) >= 8  # North sits out but still holds its cards; East and West hold theirs
    panel = p.locator(".euchre-open-hands")
    panel.locator(".ec-open-row").first.wait_for(timeout=TIMEOUT)
    shown = panel.inner_html()
    assert all(name in shown for name in hidden)
    panel.scroll_into_view_if_needed()
    screenshot(p, "classic-tutor-06-open-hands")
    p.locator(".ec-open-hands input").uncheck()
    mirror.open_hands.value = False
    p.locator(".euchre-open-hands.hidden").wait_for(state="attached", timeout=TIMEOUT)

    # play the hand out: at each card, the hint equals the command's; play its best card
    cards_checked = 0
    for _ in range(8):
        if mirror.controller.waiting:
            break
        position = mirror.tutor.position()
        assert position is not None
        data = cli(position, capsys)
        wait_for_hint(p, data)
        if cards_checked == 0:
            p.locator(".euchre-hint").evaluate("(e) => e.scrollIntoView()")
            screenshot(p, "classic-tutor-03-hint-at-a-card")
        cards_checked += 1
        best = data["options"][0]["action"]
        slots = [
            (b, card) for b, card in zip(mirror.cards, mirror._slot_cards, strict=True) if card is not None
        ]
        i = next(k for k, (_, card) in enumerate(slots) if f"play {card}" == best)
        p.locator(".euchre-card").nth(i).click()
        slots[i][0].click()
        follow(p, mirror)
    assert mirror.controller.waiting and cards_checked >= 1

    # the review: every decision with its grade; step through the tricks
    p.locator(".euchre-review-open").click()
    review = p.locator(".euchre-review")
    review.locator("text=Review · hand 1").wait_for(timeout=TIMEOUT)
    text = review.inner_text()
    assert "Bidding" in text and ("Blunder" in text or "Mistake" in text)
    review.evaluate("(e) => e.scrollIntoView()")
    screenshot(p, "classic-tutor-04-review")
    p.locator(".euchre-review-next").click()
    step = review.locator('.ec-step[data-step="1"]')
    step.wait_for(timeout=TIMEOUT)
    assert "Trick 1" in step.inner_text() and "Won by" in step.inner_text()
    review.evaluate("(e) => e.scrollIntoView()")
    screenshot(p, "classic-tutor-05-review-trick-1")

    # the bad bid is a key moment: retry it with the hint hidden, answer the best bid, see it graded
    assert "★ key" in review.inner_text()
    retry = review.locator(".et-retry-open").first
    assert retry.inner_text() == f"Retry the bidding ({graded['grade']['label']})"
    retry.click()
    position_shown = review.locator(".et-retry-position")
    position_shown.wait_for(timeout=TIMEOUT)
    assert "The hint is hidden" in position_shown.inner_text()
    answers = review.locator(".et-retry-answers")
    bid = next(d for d in mirror.tutor.decisions(1) if d.trick == 0 and not d.forced)
    best_label = action_label(Action.parse(graded["best"]), bid.view)
    answers.get_by_role("button", name=str(best_label), exact=True).click()
    result = review.locator('.et-retry-result[data-grade="Best"]')
    result.wait_for(timeout=TIMEOUT)
    assert "The first time" in result.inner_text() and graded["grade"]["label"] in result.inner_text()
    result.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    screenshot(p, "classic-tutor-07-retry")

    mirror.close()
    problems.assert_clean()


def test_each_level_is_chosen_for_a_new_match_and_named_in_the_bidding_log(
    page: tuple[Any, Problems], voila: Any
) -> None:
    p, problems = page
    p.goto(voila.url + CLASSIC, timeout=TIMEOUT)
    p.locator(".euchre-card").first.wait_for(timeout=TIMEOUT)
    # no autoplay: a forced card played after its pause would replace the message checked below
    p.locator(".ec-autoplay input").uncheck()
    bidding = p.locator(".euchre-bidding")
    assert "Computer players: Club" in bidding.inner_text()
    screenshot(p, "classic-tutor-07-level-club")
    for value, name in (("beginner", "Beginner"), ("expert", "Expert")):
        p.locator(".ec-level select").select_option(label=name)
        p.get_by_role("button", name="New match").click()
        bidding.locator(f"text=Computer players: {name}").wait_for(timeout=TIMEOUT)
        assert "New match" in p.locator(".euchre-message").inner_text()
        screenshot(p, f"classic-tutor-0{8 if name == 'Beginner' else 9}-level-{value}")
    problems.assert_clean()


def test_expert_computer_players_think_off_the_click_path_and_the_hand_plays_to_the_end(
    page: tuple[Any, Problems], voila: Any
) -> None:
    """At Expert level the computer players think in the kernel's second worker: the page marks the
    table ``thinking`` (and says who) until they answer, and plays the same hand as a headless table
    whose Expert players think at once."""
    p, problems = page
    # (background_bots=False: Playwright's event loop runs in this thread, but nobody turns it for the mirror)
    mirror = ClassicApp(seed=3, level="expert", hints=False, autoplay=False, background_bots=False)
    p.goto(voila.url + CLASSIC, timeout=TIMEOUT)
    p.locator(".euchre-card").first.wait_for(timeout=TIMEOUT)
    p.locator(".ec-autoplay input").uncheck()
    p.evaluate(
        """() => {
          window.__thinking = [];  // the prompt whenever anything changes while the table is thinking
          const app = document.querySelector('.euchre-app');
          new MutationObserver(() => {
            if (app.classList.contains('thinking'))
              window.__thinking.push(document.querySelector('.et-prompt').innerText);
          }).observe(app, {attributes: true, childList: true, subtree: true, characterData: true});
        }"""
    )
    p.locator(".ec-level select").select_option(label="Expert")
    p.get_by_role("button", name="New match").click()
    mirror.new_match.click()  # the same seed (3) and level: the same match
    wait_for_table(p, mirror)
    c = mirror.controller
    shot = False
    for _ in range(20):
        if c.waiting:
            break
        bids = [b for b in mirror.bid_buttons if "euchre-bid" in b._dom_classes]
        if bids:
            target, button = p.locator(".euchre-bid").first, bids[0]
        else:
            card = next(card for card in c.view.hand if c.card_reason(card) is None)
            target = p.locator(".euchre-card.playable", has_text=card.name).first
            button = mirror.card_button(card)
        target.click()
        if not shot and p.locator(".euchre-app.thinking").count():
            screenshot(p, "classic-tutor-10-expert-thinking")  # when caught in the act (they may be quick)
            shot = True
        button.click()
        wait_for_table(p, mirror)
    assert c.waiting, "the hand did not end"
    p.get_by_role("button", name="Next hand").wait_for(timeout=TIMEOUT)
    seen = p.evaluate("window.__thinking")
    assert seen, "the table never showed a computer player thinking"
    said = [t for t in seen if t.endswith("is thinking… Your cards wake up when it is your turn.")]
    assert said, seen  # the prompt names who is thinking (the class is set first, the prompt follows)
    assert {t.split(" is thinking")[0] for t in said} <= {"East", "North", "West"}, said
    assert p.locator(".euchre-app.thinking").count() == 0
    screenshot(p, "classic-tutor-11-expert-hand-over")
    problems.assert_clean()
    mirror.close()
