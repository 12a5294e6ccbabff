"""The rule-based player explains itself: the counts, cards and rules it quotes are the ones it acted on."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.games.classic.advisor.strength import hand_strength, trump_points
from euchre_tutor.games.classic.bots import BeginnerPlayer, ExpertPlayer, RandomPlayer, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import (
    Action,
    Deal,
    HandState,
    Phase,
    Seat,
    new_hand,
    new_match,
    trick_winner,
)
from euchre_tutor.games.classic.rules import ClassicRules, preset
from euchre_tutor.games.classic.views import SeatView, seat_view

CLUB = RuleBasedPlayer()


def _bid_until(state: HandState, seat: Seat) -> HandState | None:
    """The bot bids for every seat before ``seat``'s first-round turn (None: the round ended sooner)."""
    while state.phase is Phase.ROUND_1 and state.to_act != seat:
        assert state.to_act is not None
        state = state.apply(CLUB.choose(seat_view(state, state.to_act)))
    return state if state.phase is Phase.ROUND_1 else None


def _points(x: float) -> str:
    return f"{x:g} point" + ("" if x == 1 else "s")


@settings(deadline=None, max_examples=60)
@given(seed=st.integers(0, 10_000), dealer=st.sampled_from([Seat.N, Seat.E, Seat.S, Seat.W]))
def test_the_dealer_quotes_the_count_of_the_five_cards_it_really_keeps(seed: int, dealer: Seat) -> None:
    state = _bid_until(new_hand(Deal.from_seed(seed, dealer)), dealer)
    if state is None:
        return
    view = seat_view(state, dealer)
    text = CLUB.explain(view, CLUB.choose(view))
    said = re.search(r"with (\S+) picked up and (\S+) discarded", text)
    assert said is not None and said.group(1) == view.up.symbol, text
    # the card it would really discard after picking up is the one the count left out
    picked = state.apply(Action("order"))
    discard = CLUB.choose(seat_view(picked, dealer))
    assert discard.card is not None and said.group(2) == discard.card.symbol, text
    kept = [c for c in [*view.hand, view.up] if c != discard.card]
    assert f"counts {_points(hand_strength(kept, view.up_suit))}" in text, text


@settings(deadline=None, max_examples=60)
@given(seed=st.integers(0, 10_000), seat=st.sampled_from([Seat.N, Seat.E, Seat.S]))
def test_a_seat_that_does_not_deal_quotes_its_count_with_the_up_cards_share(seed: int, seat: Seat) -> None:
    state = _bid_until(new_hand(Deal.from_seed(seed, Seat.W)), seat)
    if state is None:
        return
    view = seat_view(state, seat)
    action = CLUB.choose(view)
    text = CLUB.explain(view, action)
    own = hand_strength(view.hand, view.up_suit)
    half = 0.5 * trump_points(view.up, view.up_suit)
    total = own + half if seat is Seat.E else own - half  # East is the dealer West's partner
    assert f"counts {_points(own)}" in text and f"{_points(total)} in all" in text, text
    need = CLUB.bid
    assert (total >= need) == (action.kind == "order"), text
    assert f"at {need:g} points or more" in text


def _decisions(rules: ClassicRules, seed: int) -> list[tuple[SeatView, Action]]:
    """Every decision of one hand played by the rule-based player, with the action it took."""
    state = new_match(rules, seed=seed).hand
    out = []
    while not state.is_over:
        assert state.to_act is not None
        view = seat_view(state, state.to_act)
        action = CLUB.choose(view)
        out.append((view, action))
        state = state.apply(action)
    return out


RULES = [
    ClassicRules(),
    ClassicRules(stick_the_dealer=True, no_trump="high-low"),
    ClassicRules(joker=True, deck=32),
    ClassicRules(canadian_loner=True, call_for_best=True),
    preset("three-handed"),
    preset("six-handed"),
]


def test_every_decision_of_a_hand_gets_a_sentence_about_it() -> None:
    for rules in RULES:
        for seed in range(6):
            for view, action in _decisions(rules, seed):
                text = CLUB.explain(view, action)
                assert text.endswith(".") and "would not" not in text, (rules, seed, text)
                if action.kind == "play" and len(view.legal) > 1:
                    assert action.card is not None and action.card.symbol in text, text
                if action.kind == "play" and view.trick_plays and " beats " in text:
                    played = [c for _, c in view.trick_plays]
                    winning = view.trick_plays[trick_winner(played, view.trump, view.notrump)][1]
                    assert re.search(f"beats {winning.symbol}[ ,]", text), text


def test_an_action_it_would_not_take_is_answered_with_its_own_choice() -> None:
    state = new_hand(Deal.from_seed(5, Seat.N))
    view = seat_view(state, state.to_act)
    choice = CLUB.choose(view)
    other = next(a for a in view.legal if a != choice)
    text = CLUB.explain(view, other)
    assert text == f"The rule-based player would not {other} here: it would {choice}."


def test_the_other_players_say_why_in_their_own_terms() -> None:
    state = new_hand(Deal.from_seed(2, Seat.N))
    view = seat_view(state, state.to_act)
    choice = CLUB.choose(view)
    assert BeginnerPlayer(seed=1, slip=0.0).explain(view, choice) == CLUB.explain(view, choice)
    other = next(a for a in view.legal if a != choice)
    assert "slip" in BeginnerPlayer(seed=1, slip=1.0).explain(view, other)
    assert "at random" in RandomPlayer(seed=1).explain(view, other)
    expert = ExpertPlayer(worlds=8)
    analysis = expert.analyse(view)
    best = analysis.best.action
    assert expert.explain(view, best) == " ".join(r.text for r in analysis.reasons) != ""
    assert expert.explain(view, next(a for a in view.legal if a != best)).endswith(f"it would {best}.")


def test_the_dealer_quotes_the_count_it_bid_on_not_the_best_count_of_any_five() -> None:
    """Seed 37 (West deals, everyone passes): dropping Q♠ for a void would count 5.5, but the dealer's
    discard rule drops 9♣ (it and the lone Q♠ are worth the same to it, and the first goes), so it bids
    on 5; the old Suggest text counted the best five of six and quoted 5.5."""
    state = _bid_until(new_hand(Deal.from_seed(37, Seat.W)), Seat.W)
    assert state is not None
    view = seat_view(state, Seat.W)
    text = CLUB.explain(view, CLUB.choose(view))
    assert "(with K♦ picked up and 9♣ discarded) counts 5 points" in text, text
    assert text.endswith("so it passes.")
