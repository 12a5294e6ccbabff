"""The Bid Euchre advisor: every legal action valued on the same worlds, losses, grades and reasons."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.advisor.shared import GRADES
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.bid.advisor import BidAnalysis, analyse, bid_grade
from euchre_tutor.games.bid.advisor.analysis import PROBES
from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.engine import Deal, HandState, Phase, new_hand
from euchre_tutor.games.bid.rules import RULE_SENTENCES, BidRules
from euchre_tutor.games.bid.views import seat_view

from .positions import RULE_SETS
from .test_worlds import random_decision

PLAYER = RuleBasedPlayer()
HANDS = {
    "N": "JH JD AH KH QH TH",
    "E": "9H 9S TS QS KS AS",
    "S": "9D TD QD KD AD 9C",
    "W": "TC JC QC KC AC JS",
}


def _state(actions: list[str], rules: BidRules | None = None, dealer: str = "W") -> HandState:
    deal = Deal.from_hands(dealer, {s: h.split() for s, h in HANDS.items()}, rules)
    state = new_hand(deal)
    for a in actions:
        state = state.apply(a)
    return state


def _analyse(state: HandState, worlds: int = 12, **kw: object) -> BidAnalysis:
    assert state.to_act is not None
    return analyse(seat_view(state, state.to_act), continuation=PLAYER, worlds=worlds, **kw)  # type: ignore[arg-type]


def _check(a: BidAnalysis, state: HandState) -> None:
    assert sorted(map(str, (o.action for o in a.options))) == sorted(map(str, state.legal_actions()))
    best = a.best
    assert best.loss == 0 and best.tied and bid_grade(a, best.action) is not None
    assert best.worlds == a.worlds and all(0 < o.worlds <= a.worlds for o in a.options)
    full = [o for o in a.options if o.worlds == a.worlds]
    for o in a.options:
        assert o.ev_interval >= 0 and o.interval >= 0
        assert o.tied == (o.loss - o.interval <= 0)
        assert all(r.rule in RULE_SENTENCES for r in o.reasons) and o.reasons
        grade = bid_grade(a, o.action)
        assert grade is not None and grade.label in GRADES
        if o.tied:
            assert grade.label == "Best"
    for o in full:  # valued on every world: the paired loss is the difference of the means
        assert o.loss == pytest.approx(best.ev - o.ev, abs=1e-9)
    assert a.reasons and all(r.rule in RULE_SENTENCES for r in a.reasons)


@settings(deadline=None, max_examples=25)
@given(
    name=st.sampled_from(["common", "nt-high-low", "auction", "kitty-joker", "alone-low", "kitty-four"]),
    seed=st.integers(0, 2**32),
)
def test_every_phase_gets_every_legal_action_valued(name: str, seed: int) -> None:
    state = random_decision(name, random.Random(seed))
    a = _analyse(state, worlds=6)
    _check(a, state)
    again = _analyse(state, worlds=6)
    assert [(o.action, o.ev) for o in again.options] == [(o.action, o.ev) for o in a.options]


def test_the_double_deck_plays_out_to_a_searched_ending() -> None:
    state = new_hand(Deal.from_seed(4, "N", RULE_SETS["double-deck"]))
    while state.phase is not Phase.PLAY:
        state = state.apply(PLAYER.choose(seat_view(state, state.to_act)))  # type: ignore[arg-type]
    a = _analyse(state, worlds=4)
    _check(a, state)
    assert a.method == "play-out + double-dummy ending"


def test_a_card_play_is_valued_double_dummy_and_follows_suit() -> None:
    # N bids 3 hearts and leads; E must follow hearts with its only heart.
    state = _state(["bid 3 H", "pass", "pass", "pass", "play JH"])
    a = _analyse(state)
    assert a.method == "double-dummy" and [str(o.action) for o in a.options] == ["play 9H"]
    assert any(r.rule == "bid.follow" and "must follow" in r.text for r in a.best.reasons)
    # N holds the six top hearts: every world gives N's side all six tricks
    lead = _analyse(_state(["bid 3 H", "pass", "pass", "pass"]))
    assert {o.tricks for o in lead.options} == {6.0} and lead.best.ev == 6.0 - 0.0
    assert any(r.rule == "bid.bowers" for r in lead.option("play JH").reasons)


def test_a_strong_hand_bids_and_a_hopeless_bid_is_a_blunder() -> None:
    state = _state([])  # N to bid first with the six top hearts
    a = _analyse(state, worlds=40)
    assert a.best.action.kind == "bid" and a.best.p_make > 0.9
    grade = bid_grade(a, "bid 6 C")
    assert grade is not None and grade.label == "Blunder" and "bid 6 C" in grade.text
    assert bid_grade(a, "trump H") is None
    assert a.option("pass").loss > 0.5
    assert any(r.rule in ("bid.bidding", "bid.alone") for r in a.reasons)


def test_adaptive_worlds_grow_until_settled_or_the_cap() -> None:
    state = _state(["pass"])
    small = _analyse(state, worlds=PROBES[0] + 2, max_worlds=PROBES[0] + 2)
    big = _analyse(state, worlds=PROBES[0] + 2, max_worlds=3 * (PROBES[0] + 2))
    assert small.worlds == PROBES[0] + 2 and big.worlds >= small.worlds
    assert big.worlds % (PROBES[0] + 2) == 0


def test_teaching_errors() -> None:
    state = _state([])
    view = seat_view(state, "E")
    with pytest.raises(EuchreError, match="not East's turn"):
        analyse(view, continuation=PLAYER)
    with pytest.raises(EuchreError, match="at least 2"):
        _analyse(state, worlds=1)
    with pytest.raises(EuchreError, match="max_worlds"):
        _analyse(state, worlds=10, max_worlds=5)
    with pytest.raises(EuchreError, match="not one of the options"):
        _analyse(state, worlds=4).option("trump H")


def _double_deck_position(want: str) -> HandState:
    """A double-deck play decision, seven tricks or fewer left, where the seat to act holds a legal
    card whose twin is in its own hand (``want="both"``) or already on this trick (``"table"``)."""
    rules = RULE_SETS["double-deck"]
    for seed in range(200):
        state = new_hand(Deal.from_seed(seed, "N", rules))
        while not state.is_over:
            assert state.to_act is not None
            view = seat_view(state, state.to_act)
            if state.phase is Phase.PLAY and len(view.hand) <= 7 and len(view.legal) > 1:
                cards = [a.card for a in view.legal]
                if want == "both" and any(view.hand.count(c) == 2 for c in cards if c is not None):
                    return state
                if want == "table" and any(c == t for _, t in view.trick_plays for c in cards):
                    return state
            state = state.apply(PLAYER.choose(view))
    raise AssertionError(f"no double-deck position with a twin {want}")


@pytest.mark.parametrize(("want", "words"), [("both", "You hold both"), ("table", "already on this trick")])
def test_the_double_decks_twin_card_is_explained(want: str, words: str) -> None:
    state = _double_deck_position(want)
    a = _analyse(state, worlds=6)
    assert a.method == "double-dummy"
    twins = [r for o in a.options for r in o.reasons if r.rule == "bid.double-deck"]
    assert any(words in r.text for r in twins)
