"""Monte Carlo: the engine plays the solver's own policy on random stocks; means agree with the values."""

from __future__ import annotations

import random
from fractions import Fraction

from euchre_tutor.cards import Suit, deck, parse_card, parse_cards
from euchre_tutor.games.solitaire.advisor.positions import knowledge_from_view
from euchre_tutor.games.solitaire.advisor.solver import Objective, Solver, best_outcome
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Play, SolitaireDeal, new_deal
from euchre_tutor.games.solitaire.views import player_view


def _play_out(deal: SolitaireDeal, choice: OrderUp | NameTrump, solver: Solver) -> int:
    state = new_deal(deal).apply(choice)
    objective = Objective.points(choice.alone)
    while not state.is_over:
        values = solver.play_values(knowledge_from_view(player_view(state)), objective)
        best = best_outcome(values.values())
        card = next(c for c, o in values.items() if o is best)
        state = state.apply(Play(card))
    return state.points[0] - state.points[1]


def _check(hand: str, turn: str, choice: OrderUp | NameTrump, runs: int, seed: int) -> None:
    h = parse_cards(hand)
    t = parse_card(turn)
    rest = [c for c in deck(24) if c not in h and c != t]
    solver = Solver()
    rng = random.Random(seed)
    results = []
    p3 = 0
    for _ in range(runs):
        rng.shuffle(rest)
        deal = SolitaireDeal(h, t, tuple(rest))
        pts = _play_out(deal, choice, solver)
        results.append(pts)
        p3 += pts > 0
    from euchre_tutor.games.solitaire.advisor.positions import trump_knowledge

    exact = solver.position_value(trump_knowledge(h, t, rest, choice), Objective.points(choice.alone))
    mean = Fraction(sum(results), runs)
    var = sum((x - float(mean)) ** 2 for x in results) / (runs - 1)
    se = (var / runs) ** 0.5
    assert abs(float(mean - exact.ev)) < 4 * se + 1e-9, (float(mean), float(exact.ev), se)
    p = float(exact.p3)
    assert abs(p3 / runs - p) < 4 * (p * (1 - p) / runs) ** 0.5 + 1e-9


def test_example_1_naming_clubs() -> None:
    _check("9H 9C KC JC 9S", "JD", NameTrump(Suit.CLUBS), runs=400, seed=1)


def test_ordering_up_example_2() -> None:
    _check("JH JD AH 9S TC", "KH", OrderUp(), runs=150, seed=2)


def test_a_weak_hand_named_spades() -> None:
    _check("9H 9C KC JC 9S", "JD", NameTrump(Suit.SPADES), runs=300, seed=3)
