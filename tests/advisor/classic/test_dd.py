"""The double-dummy solver: exact values checked against a brute-force minimax over the engine.

The minimax here is written independently of dd.py: it walks the engine's own
``HandState.legal_plays`` and ``apply`` to the end of the hand and reads the
makers' tricks from the finished state.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import effective_suit
from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Phase, new_hand
from euchre_tutor.games.classic.rules import ClassicRules

from .test_dd_positions import RULE_SETS, ending, random_position, start_of_play


def minimax(state: HandState, memo: dict[object, int] | None = None) -> int:
    """The makers' final tricks with perfect play, by trying every legal card (slow, obviously right).

    ``memo`` only remembers a value at a trick's start, where what is left to play depends on nothing
    but the cards in hand, who leads and the tricks won so far (a transposition, not a pruning)."""
    assert state.maker is not None
    if state.phase is not Phase.PLAY:
        return state.tricks_won(state.maker.team)
    assert state.to_act is not None
    memo = {} if memo is None else memo
    key = None if state.trick_plays else (state.to_act, state.hands, state.tricks_won(state.maker.team))
    if key is not None and key in memo:
        return memo[key]
    values = [minimax(state.apply(f"play {c}"), memo) for c in state.legal_plays()]
    value = max(values) if state.to_act.team is state.maker.team else min(values)
    if key is not None:
        memo[key] = value
    return value


def _tricks_left_for(rules: ClassicRules, wanted: int) -> int:
    # Six seats and three tricks is ~50,000 leaves for the minimax: keep it to two there.
    return min(wanted, 2) if rules.players == 6 else wanted


@settings(deadline=None, max_examples=150)
@given(
    name=st.sampled_from(sorted(RULE_SETS)),
    seed=st.integers(0, 2**32),
    tricks=st.integers(1, 3),
    backend=st.sampled_from(dd.BACKENDS),
)
def test_solve_and_card_values_equal_minimax_on_endings(
    name: str, seed: int, tricks: int, backend: str
) -> None:
    rules = RULE_SETS[name]
    state = ending(rules, random.Random(seed), _tricks_left_for(rules, tricks))
    assert dd.solve(state, backend=backend) == minimax(state)
    values = dd.card_values(state, backend=backend)
    assert list(values) == list(state.legal_plays())
    for card, value in values.items():
        assert value == minimax(state.apply(f"play {card}")), card


@pytest.mark.parametrize("backend", dd.BACKENDS)
def test_principal_variation_reaches_the_solved_count(backend: str) -> None:
    """Playing a best-valued card at every step (through the engine) ends with the solved trick count."""
    rng = random.Random(11)
    for name in ("standard", "three", "six-2v2v2", "no-trump", "joker", "lead-broken", "loner-mix"):
        for _ in range(4):
            state = start_of_play(RULE_SETS[name], rng)
            assert state.maker is not None
            target = dd.solve(state, backend=backend)
            while state.phase is Phase.PLAY:
                values = dd.card_values(state, backend=backend)
                assert state.to_act is not None
                maker_to_play = state.to_act.team is state.maker.team
                best = max(values.values()) if maker_to_play else min(values.values())
                assert best == target, (name, state.tricks, values)
                card = next(c for c, v in values.items() if v == best)
                state = state.apply(f"play {card}")
            assert state.tricks_won(state.maker.team) == target


def _hearts_called_by_north(hands: dict[str, list[str]], up: str) -> HandState:
    """West deals; everyone passes the up card; North (the dealer's left, who leads) calls hearts."""
    state = new_hand(Deal.from_hands("W", hands, up))
    for action in ("pass", "pass", "pass", "pass", "call H"):
        state = state.apply(action)
    assert state.phase is Phase.PLAY and str(state.to_act) == "N"
    return state


def test_both_bowers_and_the_trump_ace_march_unless_an_ace_is_ruffed() -> None:
    # Hearts are trump. North holds the top three trumps and the two black aces; the
    # only other trumps in play are East's 10 and 9 (KH and QH are in the kitty), gone after
    # two rounds of trumps. North takes all five tricks by drawing trumps (or cashing the ace
    # of spades, which East must follow and nobody can ruff), but leading the ace of clubs
    # first lets East, void in clubs, ruff it with nobody left to overruff: four tricks.
    state = _hearts_called_by_north(
        {
            "N": ["JH", "JD", "AH", "AS", "AC"],
            "E": ["TH", "9H", "9S", "TS", "JS"],
            "S": ["AD", "KD", "QD", "TD", "9D"],
            "W": ["9C", "TC", "JC", "QC", "KC"],
        },
        "QS",
    )
    for backend in dd.BACKENDS:
        assert dd.solve(state, backend=backend) == 5
        values = dd.card_values(state, backend=backend)
        assert {str(c): v for c, v in values.items()} == {"JH": 5, "JD": 5, "AH": 5, "AS": 5, "AC": 4}


def test_only_the_ace_of_clubs_makes_the_hand() -> None:
    # Hearts are trump; after three tricks North-South have two and North leads with QH and AC.
    # East holds KH and 9S (no clubs). Leading AC wins a trick whether East ruffs (then North
    # ruffs East's 9S lead with QH) or discards; leading QH loses to KH and then East's 9S
    # beats everything: the makers stay on two tricks, euchred.
    state = _hearts_called_by_north(
        {
            "N": ["JH", "TS", "JD", "QH", "AC"],
            "E": ["TH", "JS", "KS", "KH", "9S"],
            "S": ["9H", "QS", "TD", "9D", "KC"],
            "W": ["AH", "AS", "AD", "QD", "KD"],
        },
        "9C",
    )
    for card in ("JH", "TH", "9H", "AH", "TS", "JS", "QS", "AS", "AD", "JD", "KS", "TD"):
        state = state.apply(f"play {card}")
    assert str(state.to_act) == "N" and len(state.tricks) == 3
    assert state.tricks_won(state.seating.teams[0]) == 2
    for backend in dd.BACKENDS:
        assert {str(c): v for c, v in dd.card_values(state, backend=backend).items()} == {"AC": 3, "QH": 2}
        assert dd.solve(state, backend=backend) == 3


def test_solver_counts_tricks_already_won_and_the_trick_on_the_table() -> None:
    rng = random.Random(5)
    for _ in range(20):
        state = random_position(RULE_SETS["standard"], rng, min_played=1, max_played=18)
        assert state.maker is not None
        won = state.tricks_won(state.maker.team)
        left = 5 - len(state.tricks)
        assert won <= dd.solve(state) <= won + left


def test_a_hand_not_in_play_is_refused_with_a_reason() -> None:
    state = new_hand(Deal.from_seed(1))
    with pytest.raises(IllegalAction, match="play phase"):
        dd.solve(state)


def test_an_unknown_backend_is_refused() -> None:
    state = start_of_play(RULE_SETS["standard"], random.Random(2))
    with pytest.raises(ValueError, match="backend must be 'compiled' or 'python'"):
        dd.solve(state, backend="fortran")


def test_batches_equal_one_at_a_time() -> None:
    rng = random.Random(9)
    states = [random_position(RULE_SETS[n], rng) for n in ("standard", "three", "six-3v3", "no-trump") * 3]
    assert dd.solve_many(states) == [dd.solve(s) for s in states]
    assert dd.card_values_many(states) == [dd.card_values(s) for s in states]
    assert dd.rollout_many(states) == [dd.rollout(s) for s in states]


def _any_trump_played(state: HandState) -> bool:
    """The reading of "trump broken" the rule sheet does not use: any trump in a completed trick."""
    trump = state.trump
    return any(effective_suit(c, trump) is trump for t in state.tricks for c in t.cards)


def _ruffed(state: HandState) -> bool:
    """The sheet's reading: a completed trick had a trump played to a non-trump lead."""
    trump = state.trump
    return any(
        effective_suit(t.cards[0], trump) is not trump
        and any(effective_suit(c, trump) is trump for c in t.cards)
        for t in state.tricks
    )


def test_trump_is_broken_only_by_a_trump_on_a_non_trump_lead() -> None:
    """Under trump_lead='after-broken', endings after a trump lead (from a hand of only trumps) that
    nobody ruffed: trump is not broken yet, and the solver plays on as the engine does."""
    rng = random.Random(21)
    rules = ClassicRules(trump_lead="after-broken")
    found = 0
    for _ in range(3000):
        state = ending(rules, rng, rng.randint(2, 3))
        if not _any_trump_played(state) or _ruffed(state):
            continue
        found += 1
        assert dd.solve(state) == minimax(state)
        for card, value in dd.card_values(state).items():
            assert value == minimax(state.apply(f"play {card}"))
        if found == 25:
            break
    assert found >= 10


@pytest.mark.parametrize(
    "name", ["lead-broken", "lead-not-first", "loner-mix", "six-2v2v2-broken", "no-trump"]
)
def test_the_searchs_legal_cards_are_the_engines(name: str) -> None:
    """Along random hands, the cards the search lets the seat to act play are exactly legal_plays()."""
    rng = random.Random(name)
    for _ in range(60):
        state = start_of_play(RULE_SETS[name], rng)
        while state.phase is Phase.PLAY:
            pos = dd._Position(state)
            search = dd._Search(pos)
            hands, led, _, _, _, k, _ = search.root_state()
            mask = search.legal(hands, pos.to_act, k, led, pos.tleft, pos.broken)
            assert mask == sum(1 << c.index for c in state.legal_plays()), (state.tricks, state.trick_plays)
            legal = state.legal_plays()
            state = state.apply(f"play {legal[rng.randrange(len(legal))]}")


def test_a_trump_lead_from_a_hand_of_only_trumps_does_not_break_trump() -> None:
    # After-broken. North holds five hearts (trump) and must lead one; East takes it with the
    # right bower. Trump is not broken (nobody played a trump to a non-trump lead), so East may not
    # lead the left bower next; after North ruffs East's ace of spades, trump is broken.
    state = new_hand(
        Deal.from_hands(
            "W",
            {
                "N": ["9H", "TH", "QH", "KH", "AH"],
                "E": ["JH", "JD", "AS", "KS", "AC"],
                "S": ["9S", "TS", "QS", "9C", "TC"],
                "W": ["JS", "QC", "KC", "JC", "9D"],
            },
            "TD",
        ),
        ClassicRules(trump_lead="after-broken"),
    )
    for action in ("pass", "pass", "pass", "pass", "call H", "play 9H", "play JH", "play 9S", "play 9D"):
        state = state.apply(action)
    assert str(state.to_act) == "E" and not dd._broken(state)
    for backend in dd.BACKENDS:
        assert sorted(map(str, dd.card_values(state, backend=backend))) == ["AC", "AS", "KS"]
    pos = dd._Position(state)
    hands, led, _, _, _, k, _ = dd._Search(pos).root_state()
    assert dd._Search(pos).legal(hands, pos.to_act, k, led, pos.tleft, pos.broken) == sum(
        1 << c.index for c in state.legal_plays()
    )
    for action in ("play AS", "play TS", "play JS", "play TH"):
        state = state.apply(action)
    assert str(state.to_act) == "N" and dd._broken(state)
