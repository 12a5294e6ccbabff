"""The exact solver against an independent brute force, and on the worked examples."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import Suit, deck, parse_card, parse_cards
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.solitaire.advisor.positions import trump_choices, trump_knowledge
from euchre_tutor.games.solitaire.advisor.solver import (
    ALONE_POINTS,
    BACKENDS,
    POINTS,
    Knowledge,
    Objective,
    Solver,
)
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp
from tests.advisor.solitaire.brute import Brute

EXAMPLES = json.loads((Path(__file__).parents[2] / "data" / "hint_examples.json").read_text())["examples"]
DECK = deck(24)


def _label(choice: OrderUp | NameTrump) -> str:
    base = "order up" if isinstance(choice, OrderUp) else f"name {choice.suit.plural}"
    return base + (" alone" if choice.alone else "")


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["name"] for e in EXAMPLES])
def test_worked_examples_every_option(example: dict[str, object]) -> None:
    hand = parse_cards(str(example["hand"]))
    turn = parse_card(str(example["turn"]))
    unseen = frozenset(DECK) - set(hand) - {turn}
    solver = Solver()
    got = {}
    for choice in trump_choices(turn):
        k = trump_knowledge(hand, turn, unseen, choice)
        got[_label(choice)] = solver.position_value(k, Objective.points(choice.alone))
    options = example["options"]
    assert isinstance(options, dict)
    for label, want in options.items():
        o = got[label]
        assert o.ev == Fraction(want["ev"]), label
        assert float(o.p3) == pytest.approx(want["p3"], abs=5e-4), label
        if "p5" in want:
            assert float(o.p5) == pytest.approx(want["p5"], abs=5e-4), label
    for label, o in got.items():
        if label.endswith("alone"):
            assert o.ev == Fraction(str(example["alone_ev"]))
            assert o.p5 == 0
    best = max(got, key=lambda lab: (got[lab].ev, got[lab].p5, got[lab].p3))
    assert best == example["best"]


def test_example_1_leads_after_naming_clubs() -> None:
    ex = EXAMPLES[0]
    hand = parse_cards(ex["hand"])
    turn = parse_card(ex["turn"])
    k = Knowledge(Suit.CLUBS, hand, frozenset(DECK) - set(hand) - {turn}, known_bottom=turn)
    values = Solver().play_values(k, Objective.points())
    for card, want in ex["after"]["leads"].items():
        o = values[parse_card(card)]
        assert o.ev == Fraction(want["ev"]), card
        assert float(o.p3) == pytest.approx(want["p3"], abs=5e-4), card
        assert o.p5 == 0


# --------------------------------------------------------------------------- brute force


@st.composite
def positions(
    draw: st.DrawFn, max_hand: int = 3, max_unseen: int = 7, max_utility: int = 9
) -> tuple[Knowledge, Objective]:
    """Mid-deal positions of every kind: the player to lead or to follow, the deck to lead, the turn
    card known on top or at the bottom, alone or not, points or any integer utility."""
    cards = draw(st.permutations(DECK))
    trump = draw(st.sampled_from(list(Suit)))
    h = draw(st.integers(1, max_hand))
    u = draw(st.integers(0, max_unseen))
    hand = tuple(cards[:h])
    unseen = frozenset(cards[h : h + u])
    extra = cards[h + u]
    marker = draw(st.sampled_from(["none", "top", "bottom"]))
    lead = draw(st.sampled_from(["player", "deck-led", "deck-to-lead"]))
    deck_lead = cards[h + u + 1] if lead == "deck-led" else None
    tw = draw(st.integers(0, 5 - h))
    alone = draw(st.booleans())
    k = Knowledge(
        trump,
        hand,
        unseen,
        known_top=extra if marker == "top" else None,
        known_bottom=extra if marker == "bottom" else None,
        deck_lead=deck_lead,
        deck_to_lead=lead == "deck-to-lead",
        tricks_won=tw,
        alone=alone,
    )
    if draw(st.booleans()):
        objective = Objective.points(alone)
    else:  # a score-aware-like utility: any integers by final tricks
        utility = draw(st.lists(st.integers(0, max_utility), min_size=6, max_size=6))
        objective = Objective(tuple(utility), alone)
    return k, objective


def _brute(k: Knowledge, objective: Objective) -> Brute:
    return Brute(k.trump, objective.primary, ALONE_POINTS if objective.alone else POINTS)


@settings(deadline=None, max_examples=300)
@given(positions(), st.sampled_from(BACKENDS))
def test_solver_equals_brute_force(case: tuple[Knowledge, Objective], backend: str) -> None:
    k, objective = case
    brute = _brute(k, objective)
    solver = Solver(backend=backend)
    if k.deck_to_lead:
        got = solver.position_value(k, objective)
        want = brute.value(frozenset(k.hand), k.unseen, k.known_top, k.known_bottom, k.tricks_won, None, True)
        assert (got.ev, got.p3, got.p5, got.utility) == (
            brute.key(want)[1],
            brute.key(want)[3],
            brute.key(want)[2],
            brute.key(want)[0],
        )
        return
    values = solver.play_values(k, objective)
    choices = brute.choices(
        frozenset(k.hand), k.unseen, k.known_top, k.known_bottom, k.tricks_won, k.deck_lead
    )
    assert set(values) == set(choices)
    for card, o in values.items():
        u, ev, p5, p3 = brute.key(choices[card])
        assert (o.utility, o.ev, o.p5, o.p3) == (u, ev, p5, p3), card


@pytest.mark.parametrize("backend", BACKENDS)
def test_brute_force_on_a_larger_position(backend: str) -> None:
    """Four cards in hand, eight unseen, the bottom card known."""
    trump = Suit.HEARTS
    hand = parse_cards("JD AH 9S KC")
    unseen = frozenset(parse_cards("JH QH 9H AS TS AC QD TD"))
    k = Knowledge(trump, hand, unseen, known_bottom=parse_card("KS"), tricks_won=1)
    objective = Objective.points()
    values = Solver(backend=backend).play_values(k, objective)
    brute = _brute(k, objective)
    choices = brute.choices(frozenset(hand), unseen, None, k.known_bottom, 1, None)
    for card, o in values.items():
        assert (o.utility, o.ev, o.p5, o.p3) == brute.key(choices[card])


def test_knowledge_is_checked() -> None:
    with pytest.raises(EuchreError):
        Knowledge(Suit.CLUBS, parse_cards("JC"), frozenset(parse_cards("JC QC")))
    with pytest.raises(EuchreError):
        Solver().play_values(Knowledge(Suit.CLUBS, (), frozenset(), tricks_won=3), Objective.points())


def test_distribution_sums_to_one() -> None:
    hand = parse_cards("9H 9C KC JC 9S")
    turn = parse_card("JD")
    k = Knowledge(Suit.SPADES, hand, frozenset(DECK) - set(hand) - {turn}, known_bottom=turn)
    o = Solver().position_value(k, Objective.points())
    assert sum(o.distribution) == 1
    assert o.ev == Fraction(-24883, 21420)
