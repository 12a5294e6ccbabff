"""The bids' play-outs read as first leads (``lead_starts``) value every option exactly as the states do.

Where the compiled play-outs' bidding serves, the classic advisor plays a bid's sampled deals out from
:class:`~euchre_tutor.games.classic.advisor.dd.LeadStart` records instead of building a state per deal.
These properties compare, on sampled worlds under every rule set the core plays, the positions and
unseen cards it builds with the states' own, and the outcomes and follow-up bids of every legal option
with the advisor's generic loop (no hook: ``choose`` decision by decision), with slips and with open
hands weighed in.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor import dd, playouts
from euchre_tutor.games.classic.advisor.worlds import WorldSampler
from euchre_tutor.games.classic.bots import (
    EXPERT_BIDDING,
    BeginnerPlayer,
    RuleBasedPlayer,
    Seated,
    playout_bidding,
)
from euchre_tutor.games.classic.bots.rule_based import finish_bidding_by
from euchre_tutor.games.classic.engine.engine import HandState, Phase
from euchre_tutor.games.classic.views import seat_view
from tests.bots.test_finish_bidding import COMPILED_RULES, RULE_SETS, Generic, bidding_position


def worlds_of(name: str, seed: int, steps: int) -> list[HandState] | None:
    """A few sampled worlds of the seat to act at a random bidding position (None: none there)."""
    state, _ = bidding_position(RULE_SETS[name], seed, steps)
    if state.phase not in (Phase.ROUND_1, Phase.ROUND_2, Phase.DISCARD) or state.to_act is None:
        return None
    try:
        return WorldSampler(seat_view(state, state.to_act)).report(6, random.Random(seed)).worlds
    except EuchreError:  # a view no deal fits
        return None


@pytest.mark.parametrize("name", COMPILED_RULES)
@settings(deadline=None, max_examples=15)
@given(seed=st.integers(min_value=0, max_value=2**32), steps=st.integers(min_value=0, max_value=5))
def test_a_first_lead_reads_as_the_state_it_stands_for(name: str, seed: int, steps: int) -> None:
    worlds = worlds_of(name, seed, steps)
    if worlds is None or playout_bidding._CORE is None:
        return
    me = worlds[0].to_act
    assert me is not None
    club = (RuleBasedPlayer(),) * 4
    for action in worlds[0].legal_actions():
        got = playout_bidding.lead_starts(worlds, me, club, action)
        assert got is not None
        for world, start, mine in zip(worlds, *got, strict=True):
            state, want_mine = finish_bidding_by(world, me, club, compiled=False, first=action)
            assert mine == want_mine
            if start is None:
                assert state.phase is Phase.OVER and state.maker is None
                continue
            masks = dd.hand_masks(state.hands)
            assert tuple(masks) == start.hands
            assert dd.lead_position(state.rules, state.seating, start).args() == dd._position(state).args()
            assert dd.lead_args(state.rules, state.seating, start) == dd._position(state).args()
            blobs, args, unseen = dd._lead_batch(
                state.rules, state.seating, int(state.dealer), state.up, [start]
            )
            assert args == [dd._position(state).args()] and unseen == [dd._unseen(state)]
            assert blobs == [dd._position(state).tables.blob]
            assert dd.lead_unseen(state.rules, int(state.dealer), state.up, start) == dd._unseen(state)


@pytest.mark.parametrize("name", COMPILED_RULES)
@settings(deadline=None, max_examples=10)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=0, max_value=5),
    kind=st.sampled_from(["club", "expert", "sides", "beginner"]),
    slip=st.sampled_from([0.0, 0.3]),
    open_weight=st.sampled_from([0.0, 0.3, 1.0]),
)
def test_every_option_plays_out_as_the_generic_loop_plays_it(
    name: str, seed: int, steps: int, kind: str, slip: float, open_weight: float
) -> None:
    worlds = worlds_of(name, seed, steps)
    if worlds is None:
        return
    me = worlds[0].to_act
    assert me is not None
    player = {"club": RuleBasedPlayer(), "expert": EXPERT_BIDDING, "beginner": BeginnerPlayer(seed % 5)}.get(
        kind
    ) or Seated(me, EXPERT_BIDDING, RuleBasedPlayer())
    slips = playouts.Slips(slip, [seed + k for k in range(len(worlds))]) if slip else None
    assert_options_play_out_alike(worlds, player, slips, open_weight)


def assert_options_play_out_alike(
    worlds: list[HandState],
    player: playouts.Continuation,
    slips: playouts.Slips | None,
    open_weight: float = 0.0,
) -> None:
    """Every legal option of the seat to act played out through ``player``'s hooks ends as the
    generic loop (``choose`` on a view per decision) ends it."""
    me = worlds[0].to_act
    assert me is not None
    for action in worlds[0].legal_actions():
        fast = playouts.play_out_outcomes(worlds, action, player, None, me, slips, open_weight)
        want = playouts.play_out_outcomes(worlds, action, Generic(player), None, me, slips, open_weight)
        assert fast == want


@pytest.mark.parametrize("name", COMPILED_RULES)
@settings(deadline=None, max_examples=15)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=0, max_value=5),
    bid_slip=st.sampled_from([0.3, 0.9]),
)
def test_a_beginners_slips_in_the_compiled_bidding_are_its_choose_slips(
    name: str, seed: int, steps: int, bid_slip: float
) -> None:
    """The Beginner's bidding in one call into the compiled core, asked at each decision with a choice
    whether it slips (and to which legal action, in the engine's order), ends every option's deals as
    ``choose`` on a view per decision does; its card play slips alike."""
    worlds = worlds_of(name, seed, steps)
    if worlds is None:
        return
    me = worlds[0].to_act
    assert me is not None
    player = BeginnerPlayer(seed=f"s{seed % 3}", slip=bid_slip)
    slips = playouts.Slips(0.3, [seed + k for k in range(len(worlds))])
    compiled = playout_bidding._CORE is not None and dd.BACKEND == "compiled"
    for action in worlds[0].legal_actions():  # the compiled route serves every option where it is built
        assert (player.lead_ends(worlds, me, action, (slips.chance, slips.seeds)) is not None) == compiled
    assert_options_play_out_alike(worlds, player, slips)


@pytest.mark.parametrize("name", COMPILED_RULES)
@settings(deadline=None, max_examples=10)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=0, max_value=5),
    slip=st.sampled_from([0.0, 0.3]),
)
def test_the_ends_in_one_call_are_the_first_leads_played_out(
    name: str, seed: int, steps: int, slip: float
) -> None:
    """``lead_ends`` (the bidding, the first lead and the rollout in one call into the compiled
    core) gives every option's ends and follow-up bids as ``lead_starts`` and ``rollout_starts`` do."""
    worlds = worlds_of(name, seed, steps)
    if worlds is None or playout_bidding._CORE is None or dd.BACKEND != "compiled":
        return
    me = worlds[0].to_act
    assert me is not None
    club = (RuleBasedPlayer(),) * 4
    ref = worlds[0]
    seeds = [seed * 7 + k for k in range(len(worlds))]
    for action in ref.legal_actions():
        got = playout_bidding.lead_ends(worlds, me, club, action, (slip, seeds))
        starts = playout_bidding.lead_starts(worlds, me, club, action)
        assert got is not None and starts is not None
        playing = [s for s in starts[0] if s is not None]
        kept = [k for s, k in zip(starts[0], seeds, strict=True) if s is not None]
        tricks = iter(
            dd.rollout_starts(ref.rules, ref.seating, int(ref.dealer), ref.up, playing, slip=slip, seeds=kept)
            if playing
            else []
        )
        want = [None if s is None else (s.maker, s.alone, next(tricks)) for s in starts[0]]
        assert got is not None and (got[0].ends(), got[1]) == (want, starts[1])


def test_ends_with_slips_need_a_seed_per_world() -> None:
    worlds = next(w for w in (worlds_of("preset-standard", seed, 0) for seed in range(20)) if w is not None)
    me = worlds[0].to_act
    assert me is not None
    with pytest.raises(ValueError, match="one seed per world"):
        playout_bidding.lead_ends(
            worlds, me, (RuleBasedPlayer(),) * 4, worlds[0].legal_actions()[0], (0.3, [1])
        )


@pytest.mark.parametrize("name", COMPILED_RULES)
@settings(deadline=None, max_examples=10)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=0, max_value=5),
    shift=st.integers(min_value=-7, max_value=7),
)
def test_the_open_hands_value_is_the_same_whatever_the_search_guesses(
    name: str, seed: int, steps: int, shift: int
) -> None:
    """``solve_starts`` from a guess per start (the rollout's tricks, or any number: out of range is
    clamped) gives each first lead's exact value, as the states' search does."""
    worlds = worlds_of(name, seed, steps)
    if worlds is None or playout_bidding._CORE is None:
        return
    me = worlds[0].to_act
    assert me is not None
    ref = worlds[0]
    for action in ref.legal_actions():
        got = playout_bidding.lead_starts(worlds, me, (RuleBasedPlayer(),) * 4, action)
        assert got is not None
        starts = [s for s in got[0] if s is not None]
        if not starts:
            continue
        exact = dd.solve_starts(ref.rules, ref.seating, starts, backend="python")
        rolled = dd.rollout_starts(ref.rules, ref.seating, int(ref.dealer), ref.up, starts)
        for backend in dd.BACKENDS:
            for guesses in (rolled, [g + shift for g in rolled], None):
                assert (
                    dd.solve_starts(ref.rules, ref.seating, starts, backend=backend, guesses=guesses) == exact
                )
        if "compiled" in dd.BACKENDS:
            blobs, args = dd._lead_items(ref.rules, ref.seating, starts[:1])
            with pytest.raises(TypeError):
                dd.trickdd.solve_compiled([(blobs[0], args[0], "3")])  # type: ignore[list-item]
            with pytest.raises(ValueError, match="a guess of the value"):
                dd.trickdd.solve_compiled([(blobs[0], args[0], 3, 4)])  # type: ignore[list-item]
