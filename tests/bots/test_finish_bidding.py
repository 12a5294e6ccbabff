"""The rule-based players' play-out hook, ``finish_bidding``, ends where the advisor's own loop ends.

The classic advisor plays each sampled deal out: ``choose(seat_view(state, seat))`` then
``state.apply`` for every decision up to the first lead (``playouts.finish_bidding``). The Club
player, ``EXPERT_BIDDING`` and a table of both (``Seated``) offer a faster route to the same state;
these properties compare the two on random deals, rules and bidding positions.
"""

from __future__ import annotations

import importlib.util
import os
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import JOKER, Card, deck
from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.classic.advisor.playouts import finish_bidding
from euchre_tutor.games.classic.bots import (
    EXPERT_BIDDING,
    BeginnerPlayer,
    Player,
    RuleBasedPlayer,
    Seated,
    playout_bidding,
)
from euchre_tutor.games.classic.bots.rule_based import finish_bidding_by
from euchre_tutor.games.classic.engine.engine import (
    Action,
    Deal,
    HandState,
    Phase,
    Seat,
    new_hand,
    rules_seating,
)
from euchre_tutor.games.classic.rules import PRESETS, ClassicRules
from euchre_tutor.games.classic.views import SeatView, seat_view
from tests.classic.house_configs import HOUSE_CONFIGS

#: every preset, every house rule on its own and the mixtures, and a few more at three and six players
RULE_SETS: dict[str, ClassicRules] = {
    **{f"preset-{name}": rules for name, rules in PRESETS.items()},
    **{name: ClassicRules(**options) for name, options in HOUSE_CONFIGS.items()},
    "defend-vs-loner": ClassicRules(defend_alone="against-loner"),
    "defend-any": ClassicRules(defend_alone="any-bid", no_trump="high-low"),
    "three-stick-no-trump": ClassicRules(players=3, stick_the_dealer=True, no_trump="high-low"),
    "three-deck-20-joker": ClassicRules(players=3, deck=20, joker=True, misdeal="no-face"),
    "six-2v2v2-best": ClassicRules(players=6, deck=32, six_handed_teams="2v2v2", call_for_best=True),
    "six-3v3-after-discard": ClassicRules(players=6, deck=32, alone_timing="after-discard", joker=True),
}


class Generic:
    """The same player without the hook: the advisor asks ``choose`` decision by decision."""

    def __init__(self, player: Player) -> None:
        self.player = player

    def choose(self, view: SeatView) -> Action:
        return self.player.choose(view)


def deal_for(rules: ClassicRules, rng: random.Random) -> Deal:
    """A random deal; a third of them give one seat four of the two lowest ranks (a misdeal or
    farmer's hand under those rules, offered on its first turn), and with the joker half of those
    turn it up."""
    seating = rules_seating(rules)
    dealer = seating.seats[rng.randrange(seating.players)]
    if rng.random() < 2 / 3:
        return Deal.from_seed(
            rng.randrange(2**32), dealer, size=rules.deck, joker=rules.joker, seating=seating
        )
    cards = list(deck(rules.deck, joker=rules.joker))
    rng.shuffle(cards)
    lowest = sorted({c.rank for c in cards if not c.is_joker})[:2]
    low = [c for c in cards if c.rank in lowest][:4]
    up = JOKER if rules.joker and rng.random() < 0.5 else None
    rest = [c for c in cards if c not in low and c != up]
    hands: dict[Seat, list[Card]] = {s: [] for s in seating.seats}
    hands[seating.seats[rng.randrange(seating.players)]] = low
    for seat in seating.seats:
        while len(hands[seat]) < 5:
            hands[seat].append(rest.pop())
    return Deal.from_hands(dealer, hands, up or rest.pop(), size=rules.deck, joker=rules.joker)


def bidding_position(rules: ClassicRules, seed: int, steps: int) -> tuple[HandState, Seat]:
    """A deal after up to ``steps`` actions (each the Club player's or any legal one, as a valued
    option is), and the seat that took the last of them (the seat being analysed)."""
    rng = random.Random(seed)
    state = new_hand(deal_for(rules, rng), rules)
    club = RuleBasedPlayer()
    me = state.to_act
    assert me is not None
    for _ in range(steps):
        if state.phase is Phase.PLAY or state.phase is Phase.OVER:
            break
        me = state.to_act
        assert me is not None
        legal = state.legal_actions()
        any_legal = rng.random() < 0.5
        state = state.apply(
            legal[rng.randrange(len(legal))] if any_legal else club.choose(seat_view(state, me))
        )
    return state, me


def continuation(kind: str, me: Seat) -> RuleBasedPlayer | Seated:
    if kind == "club":
        return RuleBasedPlayer()
    if kind == "expert":
        return EXPERT_BIDDING
    if kind == "expert-side":  # the analysed side bids as Experts, the other as Club players
        return Seated(me, EXPERT_BIDDING, RuleBasedPlayer())
    return Seated(me, RuleBasedPlayer(), EXPERT_BIDDING)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@settings(deadline=None, max_examples=60)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=1, max_value=10),
    kind=st.sampled_from(["club", "expert", "expert-side", "club-side"]),
    other_me=st.integers(min_value=-1, max_value=5),
)
def test_finish_bidding_ends_where_the_generic_loop_ends(
    name: str, seed: int, steps: int, kind: str, other_me: int
) -> None:
    rules = RULE_SETS[name]
    state, me = bidding_position(rules, seed, steps)
    if other_me >= 0:  # the follow-up counted for another seat than the last to act
        me = state.seating.seats[other_me % state.seating.players]
    player = continuation(kind, me)
    fast = player.finish_bidding(state, me)
    assert fast is not None
    want = finish_bidding(state, Generic(player), me)
    assert fast == want  # the state (its history included) and me's first bid
    assert fast[0].events == want[0].events
    assert fast[0].phase in (Phase.PLAY, Phase.OVER)


@pytest.mark.parametrize(
    "name", sorted(n for n, r in RULE_SETS.items() if r.misdeal != "off" or r.farmers_hand)
)
def test_misdeals_and_going_under_end_alike(name: str) -> None:
    """The rare first-turn actions, on enough seeded deals that the rule-based player takes them."""
    rules = RULE_SETS[name]
    taken = 0
    for seed in range(250):
        state, me = bidding_position(rules, seed, 1)
        fast = RuleBasedPlayer().finish_bidding(state, me)
        assert fast is not None
        assert fast == finish_bidding(state, Generic(RuleBasedPlayer()), me)
        done = fast[0]
        taken += (done.misdealt and not state.misdealt) or (done.under_seat != state.under_seat)
    assert taken


def test_the_generic_loop_is_what_the_hook_is_compared_with() -> None:
    """``Generic`` hides the hook, so the comparison above is not the hook against itself."""
    assert not hasattr(Generic(RuleBasedPlayer()), "finish_bidding")
    state, me = bidding_position(ClassicRules(), 7, 1)
    done, _ = finish_bidding(state, Generic(RuleBasedPlayer()), me)
    assert done.phase in (Phase.PLAY, Phase.OVER)


@settings(deadline=None, max_examples=150)
@given(
    name=st.sampled_from(sorted(RULE_SETS)),
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=1, max_value=10),
    slip=st.sampled_from([0.3, 0.8]),
    table=st.integers(min_value=0, max_value=3),
)
def test_the_beginners_hook_slips_as_its_choose_slips(
    name: str, seed: int, steps: int, slip: float, table: int
) -> None:
    """The Beginner's hook draws each slip from the words the seat's view gives: the same state (its
    history and events) and first bid as ``choose`` on a view per decision, with and without a valued
    first action."""
    rules = RULE_SETS[name]
    state, me = bidding_position(rules, seed, steps)
    assume(state.phase not in (Phase.PLAY, Phase.OVER))
    player = BeginnerPlayer(seed=f"table {table}", slip=slip)
    first = state.legal_actions()[seed % len(state.legal_actions())]
    for valued in (None, first):
        fast = player.finish_bidding(state, me, valued)
        want = finish_bidding(state, Generic(player), me, valued)
        assert fast == want
        assert fast is not None and fast[0].events == want[0].events


def test_players_that_may_choose_otherwise_decline() -> None:
    """A subclass may override the bidding, and a table with a Beginner at it mixes in slips: both
    answer None and the advisor asks ``choose``."""

    class Cautious(RuleBasedPlayer):
        pass

    class Careful(BeginnerPlayer):
        pass

    state, me = bidding_position(ClassicRules(), 3, 1)
    assert Careful().finish_bidding(state, me) is None
    assert Cautious(bid=9.0).finish_bidding(state, me) is None
    assert Seated(me, RuleBasedPlayer(), BeginnerPlayer()).finish_bidding(state, me) is None
    assert Seated(me, RuleBasedPlayer(), RuleBasedPlayer()).finish_bidding(state, me) is not None


def test_the_follow_ups_are_counted_alike() -> None:
    """The analysed seat's own next bid (what a reason sentence names as its plan), on seeded deals."""
    mine = []
    for seed in range(300):
        state, me = bidding_position(ClassicRules(), seed, 1)
        fast = RuleBasedPlayer().finish_bidding(state, me)
        assert fast == finish_bidding(state, Generic(RuleBasedPlayer()), me)
        assert fast is not None
        mine.append(fast[1])
    assert "-" in mine and {"order", "call C", "call D", "call H", "call S"} & set(mine)


# -- the compiled core (``_clubbid.c``) against the Python loop ---------------------------------------

COMPILED_RULES = sorted(n for n, r in RULE_SETS.items() if playout_bidding.plays_rules(r))


def test_ci_loads_the_compiled_bidding() -> None:
    """Under CI=true the core must have been built and serve: no silent fallback to the loop."""
    pure = os.environ.get("EUCHRE_TUTOR_PURE_PYTHON", "") in ("1", "true", "yes")
    built = importlib.util.find_spec("euchre_tutor.games.classic.bots._clubbid") is not None
    if os.environ.get("CI", "").strip().lower() == "true":
        assert not pure and built
    assert (playout_bidding._CORE is not None) == (built and not pure)


def test_the_core_plays_the_standard_rules_and_many_house_rules() -> None:
    """What :func:`plays_rules` accepts: the standard game and most single house rules; a rule it
    does not play (an extra decision the core does not take) leaves the Python loop to serve."""
    assert "preset-standard" in COMPILED_RULES and len(COMPILED_RULES) >= 20
    for name in ("stick", "canadian", "dealer-first", "loner-left", "no-alone"):
        assert any(name in n for n in COMPILED_RULES), name
    assert not playout_bidding.plays_rules(ClassicRules(defend_alone="any-bid"))
    assert not playout_bidding.plays_rules(ClassicRules(players=3))
    state, me = bidding_position(ClassicRules(call_for_best=True), 1, 1)
    assert playout_bidding.finish_compiled(state, me, (RuleBasedPlayer(),) * 4) is None


thresholds = st.floats(min_value=2.0, max_value=12.0).map(lambda x: round(x * 4) / 4)


@pytest.mark.parametrize("name", COMPILED_RULES)
@settings(deadline=None, max_examples=40)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=0, max_value=10),
    bid=thresholds,
    alone=thresholds,
    by_seat=st.one_of(st.none(), st.tuples(thresholds, thresholds, thresholds, thresholds)),
    other_me=st.integers(min_value=0, max_value=3),
)
def test_the_compiled_bidding_ends_where_the_python_loop_ends(
    name: str,
    seed: int,
    steps: int,
    bid: float,
    alone: float,
    by_seat: tuple[float, float, float, float] | None,
    other_me: int,
) -> None:
    """Every seat a rule-based player with its own thresholds (a bid, going alone, by where it
    speaks): the same state, every field and the last step's events, and the same first bid
    (where no core was built, the core declines and the loop serves)."""
    state, _ = bidding_position(RULE_SETS[name], seed, steps)
    me = state.seating.seats[other_me]
    players = [
        RuleBasedPlayer(bid=bid + k / 4, alone=alone, round_1=by_seat, round_2=by_seat if k % 2 else None)
        for k in range(4)
    ]
    compiled = playout_bidding.finish_compiled(state, me, players)
    python = finish_bidding_by(state, me, players, compiled=False)
    if state.phase in (Phase.PLAY, Phase.OVER) or playout_bidding._CORE is None:
        assert compiled is None  # nothing to bid, or no core built: the loop serves
        return
    assert compiled is not None
    assert compiled == python
    assert compiled[0].events == python[0].events
    assert compiled[0].legal_actions() == python[0].legal_actions()


@pytest.mark.parametrize("name", COMPILED_RULES)
@settings(deadline=None, max_examples=25)
@given(seed=st.integers(min_value=0, max_value=2**32), steps=st.integers(min_value=0, max_value=9))
def test_the_valued_action_taken_first_ends_where_applying_it_ends(name: str, seed: int, steps: int) -> None:
    """The advisor's play-outs hand the hook the world and the valued action: for every legal action
    of the seat to act, the same state and first bid as applying it with the engine and bidding on
    (the loop, and the generic loop); an action the core does not take leaves the engine to serve."""
    state, _ = bidding_position(RULE_SETS[name], seed, steps)
    if state.phase in (Phase.PLAY, Phase.OVER):
        return
    me = state.to_act
    assert me is not None
    club = RuleBasedPlayer()
    for action in state.legal_actions():
        got = club.finish_bidding(state, me, action)
        want = finish_bidding_by(state.apply(action), me, (club,) * 4, compiled=False)
        assert got == want == finish_bidding(state, Generic(club), me, action)
        assert got is not None and got[0].events == want[0].events
        if playout_bidding._CORE is not None:
            assert playout_bidding.finish_compiled(state, me, (club,) * 4, action) is not None


def test_an_illegal_valued_action_is_refused_as_the_engine_refuses_it() -> None:
    state, me = bidding_position(ClassicRules(), 11, 0)
    illegal = next(
        a for a in (Action.parse("discard 9H"), Action.parse("call H")) if a not in state.legal_actions()
    )
    assert playout_bidding.finish_compiled(state, me, (RuleBasedPlayer(),) * 4, illegal) is None
    with pytest.raises(IllegalAction):
        RuleBasedPlayer().finish_bidding(state, me, illegal)


def test_the_core_refuses_a_state_it_does_not_play() -> None:
    """A malformed reading (a card or a seat out of range, trump unknown at the discard, an action
    code it does not take) is refused with a ValueError, never read out of its tables."""
    core = playout_bidding._CORE
    if core is None:
        assert playout_bidding.BACKEND == "python"
        return
    playout_bidding._tables_set()
    state, _ = bidding_position(ClassicRules(), 5, 0)
    rules = playout_bidding._rules_row(state.rules)
    players = playout_bidding._players_rows((RuleBasedPlayer(),) * 4)
    good = [*playout_bidding._state_row(state, 1), -1]
    assert core.finish(rules, players, tuple(good))[0] in (4, 5)
    for at, bad in ((4, 40), (1, 7), (5, 9), (6, -3), (9, 55), (3, 4)):
        row = list(good)
        row[at] = bad
        with pytest.raises(ValueError):
            core.finish(rules, players, tuple(row))
    with pytest.raises(ValueError):  # trump unknown at the dealer's discard
        core.finish(rules, players, (3, *good[1:5], -1, *good[6:]))
    with pytest.raises(ValueError):  # a hand of nine cards
        core.finish(rules, players, (*good[:8], [list(range(9)), [], [], []], -1))
