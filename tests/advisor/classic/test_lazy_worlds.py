"""A bid's worlds read without a state per world.

The bids' play-outs read of each sampled world only its hands (the rest of the bidding and the first
lead are played by the compiled core from them) and, for the reasons, the dealt hands. The sampler's
lazy batch (:meth:`WorldSampler.lazy`) builds a world's state only when it is read, and reads the
hands from the candidates where the plan can (:meth:`WorldBuilder.hand_rows`). Checked here against
the states it stands for: the same draws and states from the same generator state, every world's
hands and dealt hands, the play-outs' rows and ends, and that the common case builds one state only.
"""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from euchre_tutor.games.classic.advisor import dd, placement
from euchre_tutor.games.classic.advisor.worlds import LazyWorlds, WorldSampler
from euchre_tutor.games.classic.bots import EXPERT_BIDDING, RuleBasedPlayer, playout_bidding
from euchre_tutor.games.classic.engine.engine import Deal, Phase, Seat, new_hand
from euchre_tutor.games.classic.rules import preset
from euchre_tutor.games.classic.views import SeatView, seat_view
from tests.bots.test_finish_bidding import bidding_position

from .test_worlds import RULES

BIDDING = frozenset({Phase.ROUND_1, Phase.ROUND_2, Phase.DISCARD, Phase.BLIND})


def bidding_view(name: str, seed: int) -> SeatView:
    """The view of the seat to act at a bid or the dealer's discard, a few actions into a seeded deal
    (:func:`~tests.bots.test_finish_bidding.bidding_position`; a deal past its bidding is no case)."""
    state, _ = bidding_position(RULES[name], seed, seed % 9)
    assume(state.phase in BIDDING and state.to_act is not None)
    assert state.to_act is not None
    return seat_view(state, state.to_act)


def rows_of(state: object) -> list[list[int]]:
    return [[c.index for c in hand] for hand in state.hands]  # type: ignore[attr-defined]


@settings(deadline=None, max_examples=60)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6))
def test_the_lazy_batch_is_the_batch_and_its_hands_the_states_hands(name: str, seed: int) -> None:
    view = bidding_view(name, seed)
    eager_rng, lazy_rng = random.Random(seed), random.Random(seed)
    report = WorldSampler(view).report(12, eager_rng)
    batch = WorldSampler(view).lazy(12, lazy_rng)
    assert eager_rng.getstate() == lazy_rng.getstate()  # the next batch draws the same
    assert (batch.candidates, batch.consistent, batch.ess) == (
        report.candidates,
        report.consistent,
        report.ess,
    )
    worlds = batch.worlds
    if not isinstance(worlds, LazyWorlds):  # a misdeal's worlds: the report's own
        assert worlds == report.worlds
        return
    assert len(worlds) == len(report.worlds)
    rows = worlds.hand_rows()
    assert rows == [rows_of(w) for w in report.worlds]
    assert worlds.dealt_masks(5) == [tuple(dd.hand_masks(w.deal.hands)) for w in report.worlds[:5]]
    assert list(worlds) == report.worlds
    assert worlds[2:5] == report.worlds[2:5]


@settings(deadline=None, max_examples=40)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6), expert=st.booleans())
def test_the_play_outs_read_the_lazy_worlds_as_their_states(name: str, seed: int, expert: bool) -> None:
    """The bids' play-outs' rows and ends from lazy worlds are those from the same states in a list,
    for every legal option (and both refuse the same worlds)."""
    view = bidding_view(name, seed)
    batch = WorldSampler(view).lazy(10, random.Random(seed))
    lazy = batch.worlds
    states = list(lazy)  # the same states, read one by one
    assert playout_bidding._read_rows(lazy) == playout_bidding._read_rows(states)
    player = EXPERT_BIDDING if expert else RuleBasedPlayer()
    for action in view.legal:
        assert player.lead_ends(lazy, view.seat, action) == player.lead_ends(states, view.seat, action)
        assert player.lead_starts(lazy, view.seat, action) == player.lead_starts(states, view.seat, action)


def test_a_round_one_batch_builds_one_state() -> None:
    """At a bid of the standard game, the hands come from the candidates: only the first world, the
    others' reference, is built (reading a world builds it then). Without the compiled sampler (the
    static site) they come from every world's state."""
    seed = 3
    view = round_one_view(seed)
    batch = WorldSampler(view).lazy(50, random.Random(seed))
    worlds = batch.worlds
    assert isinstance(worlds, LazyWorlds)
    rows = worlds.hand_rows()
    assert rows is not None and len(rows) == 50
    if placement.CORE is None:
        assert len(worlds._built) == len(set(worlds._drawn.picks)) > 1
        return
    assert len(worlds._built) == 1
    if playout_bidding._CORE is not None and dd.BACKEND == "compiled":
        ends = RuleBasedPlayer().lead_ends(worlds, view.seat, view.legal[0])
        assert ends is not None and len(ends[0].codes) == 50
        assert len(worlds._built) == 1
    assert rows_of(worlds[7]) == rows[7]
    assert len(worlds._built) == 2


def round_one_view(seed: int) -> SeatView:
    """The second seat's round-1 view of a seeded deal of the standard game, the first having passed."""
    state = new_hand(Deal.from_seed(seed, Seat(seed % 4)), preset("standard"))
    state = state.apply(next(a for a in state.legal_actions() if a.kind == "pass"))
    assert state.phase is Phase.ROUND_1 and state.to_act is not None
    return seat_view(state, state.to_act)
