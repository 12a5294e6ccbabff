"""Hints as data: options, the tie rule, reasons with rule ids and numbers, grades, the review."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from euchre_tutor.cards import Suit, deck, parse_card, parse_cards
from euchre_tutor.errors import EuchreError, IllegalAction
from euchre_tutor.games.solitaire.advisor.advice import analyse_view, grade, review_deal
from euchre_tutor.games.solitaire.advisor.reasons import burn_stats
from euchre_tutor.games.solitaire.advisor.solver import Knowledge
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Play, SolitaireDeal, new_deal
from euchre_tutor.games.solitaire.views import player_view
from euchre_tutor.rules import RULES

EX = json.loads((Path(__file__).parents[2] / "data" / "hint_examples.json").read_text())["examples"]


def _deal(hand: str, turn: str) -> SolitaireDeal:
    cards = [*parse_cards(hand), parse_card(turn)]
    return SolitaireDeal.from_cards(cards + [c for c in deck(24) if c not in cards])


@pytest.fixture(scope="module")
def example_1() -> SolitaireDeal:
    return _deal(EX[0]["hand"], EX[0]["turn"])


def test_trump_analysis_lists_the_engine_options(example_1: SolitaireDeal) -> None:
    a = analyse_view(player_view(new_deal(example_1)), chosen=OrderUp())
    assert [o.action for o in a.options] == list(new_deal(example_1).trump_options())
    assert a.best.action == NameTrump(Suit.CLUBS)
    assert a.best.ev == Fraction(22637, 70686)
    assert a.ranked[0] == a.best
    for r in a.reasons:
        assert r.rule in RULES
        assert r.text
    contrast = [r for r in a.reasons if r.rule == "solitaire.advice-contrast"]
    assert contrast and contrast[0].numbers["other"] == "order up"
    assert contrast[0].numbers["ev_difference"] == Fraction(22637, 70686) + 2
    assert any(r.rule == "solitaire.order-up" and "J♦" in r.text for r in a.reasons)
    g = grade(a, OrderUp())
    assert g.label == "Blunder" and g.loss == Fraction(22637, 70686) + 2
    assert grade(a, NameTrump(Suit.CLUBS)).label == "Best"


def test_burn_facts_of_example_1() -> None:
    hand = parse_cards(EX[0]["hand"])
    turn = parse_card(EX[0]["turn"])
    k = Knowledge(Suit.CLUBS, hand, frozenset(deck(24)) - set(hand) - {turn}, known_bottom=turn)
    for card, want in EX[0]["after"]["burns"].items():
        st = burn_stats(k, parse_card(card))
        assert st.unseen == 18
        assert st.stoppers == want["stoppers"]
        assert st.expected_burned == Fraction(want["expected_burned"])
    jc = burn_stats(k, parse_card("JC"))
    assert jc.p_win_trick == 1 and jc.p_trumps == 0
    nine = burn_stats(k, parse_card("9H"))
    assert nine.p_win_trick == 0 and nine.p_trumps == Fraction(4, 9)


def test_play_analysis_and_grades(example_1: SolitaireDeal) -> None:
    state = new_deal(example_1).apply(NameTrump(Suit.CLUBS))
    a = analyse_view(player_view(state), chosen=Play(parse_card("JC")))
    assert a.best.action == Play(parse_card("9H"))
    burn = [r for r in a.reasons if r.rule == "solitaire.advice-burn-odds"]
    assert {r.numbers["card"] for r in burn} == {"9H", "JC"}
    assert next(r for r in burn if r.numbers["card"] == "JC").numbers["expected_burned"] == Fraction(14, 5)
    labels = {o.label: grade(a, o.action).label for o in a.options}
    assert labels["9♥"] == "Best"
    assert labels["9♣"] == "Blunder"
    assert labels["9♠"] == "Inaccuracy"  # 0.096 points below


def test_follow_suit_reason_names_the_left_bower() -> None:
    # Clubs trump: J♠ is the left bower. After the 9♥ lead the deck leads J♣, and the
    # player, holding J♠ and 10♣, must follow clubs with either of them.
    state = new_deal(_deal("JS 9H KD AD TC", "QH")).apply(NameTrump(Suit.CLUBS))
    state = state.apply(Play(parse_card("9H")))
    assert state.deck_lead == parse_card("JC")
    a = analyse_view(player_view(state))
    first = a.reasons[0]
    assert first.rule == "solitaire.follow-deck"
    assert first.numbers["led"] == "JC" and first.numbers["legal"].split() == ["JS", "TC"]
    assert "J♠ is the left bower, so it counts as club" in first.text
    bower = next(r for r in a.reasons if r.rule == "cards.trump-order")
    assert bower.numbers["left_bower"] == "JS" and "the left bower is the jack of spades (J♠)" in bower.text


def test_review_grades_every_decision(example_1: SolitaireDeal) -> None:
    actions = [NameTrump(Suit.CLUBS), Play(parse_card("JC"))]
    state = new_deal(example_1).apply(actions[0]).apply(actions[1])
    while not state.is_over:
        card = state.legal_plays()[0]
        actions.append(Play(card))
        state = state.apply(Play(card))
    reviews = review_deal(example_1, actions)
    assert len(reviews) == len(actions)
    assert reviews[0].grade.label == "Best"
    assert reviews[1].grade.label == "Mistake"
    assert all(r.grade.loss >= 0 for r in reviews)
    with pytest.raises(IllegalAction):
        review_deal(example_1, [NameTrump(Suit.CLUBS), Play(parse_card("AS"))])


def test_over_and_bad_mode(example_1: SolitaireDeal) -> None:
    with pytest.raises(EuchreError):
        analyse_view(player_view(new_deal(example_1)), mode="fast")  # type: ignore[arg-type]


def test_game_mode_prefers_safety_when_one_point_wins() -> None:
    deal = _deal(EX[0]["hand"], EX[0]["turn"])
    state = new_deal(deal).apply(NameTrump(Suit.CLUBS))
    a = analyse_view(player_view(state), mode="game", score=(9, 9))
    # At 9:9 the deal decides the game: the utility is P(3+ tricks).
    for o in a.options:
        assert abs(float(o.utility) - float(o.p3)) < 1e-6
    assert a.best.action == Play(parse_card("9H"))
