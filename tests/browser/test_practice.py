"""The Practice page in Voila and a real Chromium: a student uploads a deck of drills, answers the one due
(the hint hidden), sees it graded with the best answer, and the page offers the deck to download again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.advisor.drills import Deck
from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal
from euchre_tutor.games.solitaire.session.grading import solitaire_position
from euchre_tutor.session.practice import drill_scene, grade_drill_answer
from tests.browser.conftest import PAGE_TIMEOUT, Problems, screenshot

pytestmark = pytest.mark.browser

PRACTICE = "/voila/render/practice.ipynb"
DEAL = "9H 9C KC JC 9S JD AS KS QS TS 9D TD QD KD AD TC QC AC TH JH QH KH AH JS"


def test_a_drill_is_uploaded_answered_graded_and_the_deck_offered_again(
    page: tuple[Any, Problems], voila: Any, tmp_path: Path
) -> None:
    p, problems = page
    deck = Deck()
    position = solitaire_position(SolitaireDeal.parse(DEAL), [])
    drill = deck.add_graded(
        "solitaire", position, answer="order up", label="Mistake", best="name clubs", where="deal 1"
    )
    deck.next_session()  # a mistake comes back the next session
    path = tmp_path / "euchre-drills.json"
    path.write_text(deck.dumps(), encoding="utf-8")

    p.set_viewport_size({"width": 1366, "height": 768})
    p.goto(voila.url + PRACTICE, timeout=PAGE_TIMEOUT)
    p.locator(".et-practice").wait_for(timeout=PAGE_TIMEOUT)
    # the tables' look: the felt, the title, the light buttons
    page_look = p.locator(".et-practice").evaluate(
        "e => ({felt: getComputedStyle(e).backgroundImage, title: e.querySelector('.et-title h1').innerText,"
        " button: getComputedStyle(e.querySelector('.et-ctl')).backgroundColor})"
    )
    assert "radial-gradient" in page_look["felt"] and "Practice" in page_look["title"]
    assert page_look["button"] == "rgb(244, 241, 232)"
    assert "No drills are due" in p.locator(".et-practice").inner_text()
    with p.expect_file_chooser() as chooser:  # the upload button opens the browser's file chooser
        p.locator(".et-practice .et-upload").click()
    chooser.value.set_files(str(path))
    answers = p.locator(".et-practice-answer")
    answers.first.wait_for(timeout=PAGE_TIMEOUT)
    expected = grade_drill_answer(drill, answers.first.inner_text().strip())
    answers.first.click()
    feedback = p.locator(".et-practice-feedback")
    feedback.locator(f"text={expected.label}").first.wait_for(timeout=PAGE_TIMEOUT)
    text = feedback.inner_text()
    chose = next(
        c.words for c in drill_scene(drill).choices if c.answer == drill.answer
    )  # as its button says
    assert f"Best: {expected.best}" in text and f"In your game you chose {chose} (Mistake)" in text
    card = p.locator(".et-practice-card").evaluate("e => getComputedStyle(e).backgroundColor")
    assert card.startswith("rgba(255, 253, 247")  # the drill on a light card, as the tables' panels
    screenshot(p, "practice-01-graded")
    link = p.locator(".et-practice-download a")
    assert (link.get_attribute("href") or "").startswith("data:application/json;base64,")
    problems.assert_clean()
