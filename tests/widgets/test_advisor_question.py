"""AdvisorQuestion: a lesson exercise the classic advisor marks (headless: ``answer(i)`` is a click)."""

from __future__ import annotations

import pytest

from euchre_tutor.games.classic.widgets.lesson import AdvisorQuestion

# South, first to bid, holds three hearts with the right bower; the up card is the 9♥.
ORDER_UP = {
    "rules": "standard",
    "dealer": "E",
    "up": "9H",
    "actions": [],
    "hands": {
        "S": ["JH", "QH", "KH", "AC", "9S"],
        "W": ["9C", "TD", "QC", "AS", "KD"],
        "N": ["TH", "QS", "KC", "9D", "JC"],
        "E": ["JD", "AH", "TC", "QD", "JS"],
    },
}
# South made hearts in round 2 and leads holding both bowers: the two bowers are worth the same.
LEAD_TRUMP = {
    "rules": "standard",
    "dealer": "E",
    "up": "9D",
    "actions": ["pass", "pass", "pass", "pass", "call H"],
    "hands": {
        "S": ["JH", "JD", "KH", "AC", "AS"],
        "W": ["9H", "TC", "QC", "KS", "AD"],
        "N": ["TH", "QS", "KC", "TD", "9C"],
        "E": ["AH", "QH", "JC", "QD", "9S"],
    },
}


@pytest.fixture(scope="module")
def order_up() -> AdvisorQuestion:
    return AdvisorQuestion(ORDER_UP, question="Order up, or pass?", worlds=60, seed=1)


def test_the_advisors_best_choice_is_right_and_the_feedback_gives_its_numbers(
    order_up: AdvisorQuestion,
) -> None:
    labels = [b.description for b in order_up.buttons]
    assert labels == ["pass", "order up", "order up alone"]  # the engine's order, not best first
    best = order_up.analysis.best
    right = labels.index({"order": "order up", "order alone": "order up alone", "pass": "pass"}[best.label])
    text = order_up.answer(right)
    assert text.startswith("Right!") and f"{best.ev:+.2f} points a hand" in text
    assert order_up.last is not None and order_up.last.correct
    assert order_up.buttons[right].button_style == "success"
    wrong = labels.index("pass")
    assert best.label != "pass"
    text = order_up.answer(wrong)
    assert text.startswith("Not quite.") and f"loses {order_up.gain(best.label, 'pass'):.2f}" in text
    assert order_up.buttons[wrong].button_style == "danger"
    assert "Why the best choice is better" in text  # the rule named


def test_value_and_gain_are_the_analysis_numbers(order_up: AdvisorQuestion) -> None:
    evs = {o.label: o.ev for o in order_up.analysis.options}
    assert order_up.value("order") == evs["order"]
    assert order_up.value("ORDER") == evs["order"]  # action text is parsed
    assert order_up.gain("order", "pass") == pytest.approx(evs["order"] - evs["pass"])
    with pytest.raises(ValueError, match="not a choice here; the choices are: "):
        order_up.value("call S")


def test_choices_within_a_good_grade_of_the_best_are_all_right() -> None:
    q = AdvisorQuestion(LEAD_TRUMP, worlds=40, seed=0)
    right = {b.description for i, b in enumerate(q.buttons) if q.answer(i).startswith("Right!")}
    assert {"J♥", "J♦"} <= right  # the bowers are equals on lead (the hand drawn as the answer buttons)
    for i, choice in enumerate(q.choices):
        assert (q.losses[choice.label] < 0.05) == (q.buttons[i].description in right)


def test_the_same_seed_marks_the_same_way_and_a_finished_hand_is_refused() -> None:
    one = AdvisorQuestion(LEAD_TRUMP, worlds=30, seed=4)
    two = AdvisorQuestion(LEAD_TRUMP, worlds=30, seed=4)
    assert one.analysis.to_json() == two.analysis.to_json()
    assert one._correct == two._correct
    with pytest.raises(ValueError, match="decision"):
        AdvisorQuestion({**LEAD_TRUMP, "actions": ["pass"] * 8})  # thrown in: nobody is to act
