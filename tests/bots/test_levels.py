"""The computer players' levels: Beginner (rule-based with seeded slips), Club, Expert."""

from __future__ import annotations

import pytest

from euchre_tutor.games.classic.bots import LEVELS, BeginnerPlayer, ExpertPlayer, RuleBasedPlayer, play_out
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Seat, new_hand, new_match
from euchre_tutor.games.classic.rules import preset
from euchre_tutor.games.classic.views import seat_view


def positions(seeds: range) -> list[HandState]:
    """Every position of hands played by the Club player (a position per decision)."""
    out = []
    for seed in seeds:
        state = new_hand(Deal.from_seed(seed, Seat.N), preset("standard"))
        club = RuleBasedPlayer()
        while not state.is_over:
            out.append(state)
            assert state.to_act is not None
            state = state.apply(club.choose(seat_view(state, state.to_act)))
    return out


def test_the_levels_are_beginner_club_expert_and_make_their_players() -> None:
    assert [level.name for level in LEVELS.values()] == ["Beginner", "Club", "Expert"]
    assert isinstance(LEVELS["beginner"].player(), BeginnerPlayer)
    assert isinstance(LEVELS["club"].player(), RuleBasedPlayer)
    assert isinstance(LEVELS["expert"].player(), ExpertPlayer)


def test_a_beginner_slips_about_as_often_as_its_slip_rate_and_always_legally() -> None:
    beginner, club = BeginnerPlayer(seed=1), RuleBasedPlayer()
    differ = choices = 0
    for state in positions(range(40)):
        assert state.to_act is not None
        view = seat_view(state, state.to_act)
        mine = beginner.choose(view)
        assert mine in view.legal
        if len(view.legal) > 1:
            choices += 1
            differ += mine != club.choose(view)
    # a slip picks a random legal action (sometimes the Club one): well under 30%, well over 5%
    assert 0.05 * choices < differ < 0.3 * choices


def test_a_beginner_chooses_the_same_in_the_same_position() -> None:
    states = positions(range(5))
    first = [BeginnerPlayer(seed=4).choose(seat_view(s, s.to_act)) for s in states if s.to_act]
    again = [BeginnerPlayer(seed=4).choose(seat_view(s, s.to_act)) for s in states if s.to_act]
    assert first == again


def test_a_beginner_never_slips_at_zero_and_is_refused_a_rate_outside_zero_to_one() -> None:
    club = RuleBasedPlayer()
    for state in positions(range(5)):
        assert state.to_act is not None
        view = seat_view(state, state.to_act)
        assert BeginnerPlayer(slip=0.0).choose(view) == club.choose(view)
    with pytest.raises(ValueError, match="between 0 and 1"):
        BeginnerPlayer(slip=1.5)


def test_club_players_beat_beginners_over_a_few_matches() -> None:
    """Club (NS) against Beginner (EW): the stronger level wins more points (seeded, so exact)."""
    ns = ew = 0
    for seed in range(6):
        match = new_match(preset("standard"), seed=seed)
        club, beginner = RuleBasedPlayer(), BeginnerPlayer(seed=seed, slip=0.5)
        done = play_out(match, [club, beginner, club, beginner])
        ns += done.scores[0]
        ew += done.scores[1]
    assert ns > ew


def test_an_expert_models_each_side_of_the_table_as_it_is_told() -> None:
    from euchre_tutor.games.classic.advisor.analysis import analyse
    from euchre_tutor.games.classic.bots import EXPERT_BIDDING, Seated

    state = new_hand(Deal.from_seed(3, Seat.N), preset("standard"))
    view = seat_view(state, state.to_act)
    me = view.seat
    seated = Seated(me, EXPERT_BIDDING, RuleBasedPlayer())
    # Every later bid is made by the model of the bidder's side: ours as Experts, theirs as Club.
    for s in positions(range(6)):
        if s.to_act is None:
            continue
        v = seat_view(s, s.to_act)
        want = EXPERT_BIDDING if v.seat.team is me.team else RuleBasedPlayer()
        assert seated.choose(v) == want.choose(v)
    knows = ExpertPlayer(worlds=30, seed=1, opponents="club")
    assert repr(knows) == "ExpertPlayer(worlds=30, seed=1, opponents='club')"
    by_hand = analyse(view, continuation=seated, worlds=30, seed=1)
    assert knows.analyse(view) == by_hand
    # The Expert player values its bids by the rollout alone (the table's hints weigh open hands too).
    assert ExpertPlayer(worlds=30, seed=1).analyse(view) == analyse(
        view, continuation=EXPERT_BIDDING, worlds=30, seed=1, playout_open=0.0
    )
    with pytest.raises(ValueError, match="grandmaster"):
        ExpertPlayer(opponents="grandmaster")
