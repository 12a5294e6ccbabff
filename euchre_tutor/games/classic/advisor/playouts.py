"""A sampled deal played out after a bid or a pass: the rest of the bidding by the table's players
(the ``continuation``), then the card play by the rollout (each seat playing from its own view,
slipping as the table's players slip) and, at a table whose card play is stronger, the same deal
solved with every hand open, blended in at the table's weight. What each deal's end scores is the
engine's own scoring. The advisor (:mod:`.analysis`) values every bid and pass by these ends, paired
over the same deals; :func:`play_out_value` is one deal's value, for tests and teaching.

The continuation may offer faster routes to the same ends (:class:`FinishesBidding`,
:class:`ReadsLeadStarts`); each is checked against the plain route in the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from euchre_tutor.advisor import sampling
from euchre_tutor.advisor.sampling import side_value
from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.engine.engine import (
    TRICKS,
    Action,
    HandState,
    Phase,
    Seat,
    Team,
    hand_points,
    team_points,
)
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.games.classic.views import SeatView, seat_view

__all__ = [
    "SEED_STEP",
    "Continuation",
    "FinishesBidding",
    "ReadsLeadStarts",
    "Slips",
    "card_open",
    "card_play_value",
    "card_slip",
    "finish_bidding",
    "outcome_points",
    "play_out_outcomes",
    "play_out_value",
]

#: who decides the rest of the bidding in a played-out deal (``choose(view) -> Action``); it may also
#: offer the :class:`FinishesBidding` and :class:`ReadsLeadStarts` hooks, faster routes to the same ends
Continuation = sampling.Continuation[SeatView, Action]


def card_slip(continuation: Continuation) -> float:
    """The chance that the continuation's card play slips (a random legal card instead of its rule):
    its ``card_slip`` attribute where it has one (the Beginner player's), else 0. The bids' play-outs
    play the cards as the continuation does, slips and all (:func:`analyse`'s ``playout_slip``)."""
    return float(getattr(continuation, "card_slip", 0.0))


def card_open(continuation: Continuation) -> float:
    """The weight of card play with every hand open in the bids' play-outs for this continuation: its
    ``card_open`` attribute where it has one (a model of a table whose card play is stronger than the
    Club player's), else 0 (:func:`analyse`'s ``playout_open``)."""
    return float(getattr(continuation, "card_open", 0.0))


class FinishesBidding(Protocol):
    """The optional hook of a continuation: ``finish_bidding(state, me, first)`` takes ``first`` (the
    valued action, a legal one, when not None) and then every decision up to the first lead exactly as
    ``choose(seat_view(state, seat))`` would, and returns the state then and ``me``'s first bid after
    ``first`` (``"-"``: none), or None where it does not apply (the advisor then applies ``first`` and
    asks ``choose`` decision by decision). The rule-based players offer it (bots are a later layer):
    they read their bidding straight from the state instead of building a seat view per decision."""

    def finish_bidding(
        self, state: HandState, me: Seat, first: Action | None = None
    ) -> tuple[HandState, str] | None: ...


class ReadsLeadStarts(Protocol):
    """The faster optional hook: ``lead_starts(worlds, me, first)`` does what ``finish_bidding`` does
    for every world of a batch, each end read as its first lead (:class:`~.dd.LeadStart`; None: thrown
    in), with ``me``'s first bid after ``first`` per world; None where it does not apply (then
    ``finish_bidding``, or ``choose``). The fastest, ``lead_ends(worlds, me, first, slips)``, also
    plays each lead out by the compiled rollout (the worlds' ends as the core gives them:
    :class:`~euchre_tutor.games.classic.bots.playout_bidding.PlayedEnds`); a bid's
    play-outs ask it first where no open hands are weighed. The rule-based players offer both."""

    def lead_starts(
        self, worlds: Sequence[HandState], me: Seat, first: Action
    ) -> tuple[list[dd.LeadStart | None], list[str]] | None: ...


def outcome_points(state: HandState, makers_tricks: int) -> tuple[tuple[int, ...], bool, bool]:
    """Per-team points, euchred, march when the makers of ``state`` end with ``makers_tricks``."""
    assert state.maker is not None
    return _points(state.rules, state.maker.team, makers_tricks, state.alone, state.lone_defender is not None)


def _points(
    rules: ClassicRules, makers: Team, makers_tricks: int, alone: bool, lone_defender: bool
) -> tuple[tuple[int, ...], bool, bool]:
    """:func:`outcome_points` for the makers' team, a maker alone or not, a lone defender or not."""
    m, d, _ = hand_points(rules, makers_tricks, alone, lone_defender)
    return team_points(makers, m, d), m == 0 and d > 0, makers_tricks == 5


def _thrown_in(state: HandState) -> sampling.Outcome:
    return sampling.Outcome(None, 0, (0,) * len(state.seating.teams), False, hand_tricks=TRICKS)


def finish_bidding(
    state: HandState, continuation: Continuation, me: Seat, first: Action | None = None
) -> tuple[HandState, str]:
    """Let the continuation player take every decision up to the first lead (or the end), after
    ``first`` (the action being valued, when given) is applied.

    Also returns ``me``'s own first bid after the action being valued (``"-"``: not asked again).
    A continuation with the :class:`FinishesBidding` hook is asked through it first.
    """
    hook: Callable[[HandState, Seat, Action | None], tuple[HandState, str] | None] | None = getattr(
        continuation, "finish_bidding", None
    )  # not isinstance on a runtime Protocol: that check alone costs microseconds a deal
    if hook is not None:
        done = hook(state, me, first)
        if done is not None:
            return done
    if first is not None:
        state = state.apply(first)
    mine = "-"
    while state.phase is not Phase.PLAY and state.phase is not Phase.OVER:
        seat = state.to_act
        assert seat is not None
        act = continuation.choose(seat_view(state, seat))
        if seat == me and mine == "-" and state.phase in _BIDDING:
            mine = str(act)
        state = state.apply(act)
    return state, mine


_BIDDING: Final = frozenset({Phase.ROUND_1, Phase.ROUND_2, Phase.BLIND})


@dataclass(frozen=True, slots=True)
class Slips:
    """The bids' play-outs' slips for one batch: the chance, and a seed per deal."""

    chance: float
    seeds: list[int]


SEED_STEP: Final = 0x9E3779B97F4A7C15  # an odd step: the deals' seeds all differ (the rollout keeps 64 bits)


def play_out_outcomes(
    worlds: Sequence[HandState],
    action: Action,
    continuation: Continuation,
    backend: str | None,
    me: Seat,
    slips: Slips | None = None,
    open_weight: float = 0.0,
) -> tuple[list[tuple[float, Sequence[sampling.Outcome]]], list[str]]:
    """Each world played out after ``action``: the bidding by the continuation, then the card play by
    the rollout (slipping as ``slips`` say) and, with ``open_weight``, solved with every hand open too.
    The ways the cards were played, each with its weight and its outcome per world (one way, or the
    rollout's and the open hands' when the weight is strictly between 0 and 1); and ``me``'s own next
    bids."""
    ends = getattr(continuation, "lead_ends", None)  # the fastest hook (see ReadsLeadStarts)
    if ends is not None and worlds and open_weight == 0.0 and dd.compiled_search(backend):
        played = ends(worlds, me, action, None if slips is None else (slips.chance, slips.seeds))
        if played is not None:
            return [(1.0, _end_outcomes(worlds[0], played[0].codes, played[0].tricks))], played[1]
    hook = getattr(continuation, "lead_starts", None)  # ReadsLeadStarts
    if hook is not None and worlds:
        got = hook(worlds, me, action)
        if got is not None:
            return _lead_ways(worlds[0], got[0], backend, slips, open_weight), got[1]
    finished = [finish_bidding(w, continuation, me, action) for w in worlds]
    return _card_play_ways([s for s, _ in finished], backend, slips, open_weight), [m for _, m in finished]


def _lead_ways(
    ref: HandState,
    starts: Sequence[dd.LeadStart | None],
    backend: str | None,
    slips: Slips | None,
    open_weight: float,
) -> list[tuple[float, Sequence[sampling.Outcome]]]:
    """:func:`_card_play_ways` of the hands ``starts`` stand for at their first lead (None: thrown
    in), read without their states; ``ref``: a world they come from (the rules, the table, the dealer
    and the up card)."""
    rules, seating, dealer, up = ref.rules, ref.seating, int(ref.dealer), ref.up
    playing = [s for s in starts if s is not None]
    ways: list[tuple[float, Sequence[sampling.Outcome]]] = []
    codes = [-1 if s is None else s.maker * 2 + s.alone for s in starts]

    def ends(tricks: Sequence[int]) -> sampling.KeyedOutcomes:  # given the tricks of those played
        return _end_outcomes(ref, codes, tricks)

    rolled: list[int] | None = None
    if open_weight < 1.0:
        seeds = (
            None if slips is None else [k for s, k in zip(starts, slips.seeds, strict=True) if s is not None]
        )
        chance = 0.0 if slips is None else slips.chance
        rolled = (
            dd.rollout_starts(rules, seating, dealer, up, playing, backend=backend, slip=chance, seeds=seeds)
            if playing
            else []
        )
        ways.append((1.0 - open_weight, ends(rolled)))
    if open_weight > 0.0:  # the rollout's tricks are the open hands' search's first guesses
        solved = dd.solve_starts(rules, seating, playing, backend=backend, guesses=rolled) if playing else []
        ways.append((open_weight, ends(solved)))
    return ways


#: a hand thrown in, among :func:`_end_outcomes`' keys (a maker's end is its seat * 16 + 8 if alone +
#: its tricks: below 6 * 16)
THROWN: Final = 96


def _end_outcomes(ref: HandState, codes: Sequence[int], tricks: Sequence[int]) -> sampling.KeyedOutcomes:
    """The outcomes of hands played out from their first lead: per hand -1 (thrown in) or the maker's
    seat number * 2 + 1 if alone (the compiled core's codes), and the makers' tricks of the hands played,
    in order; each end worked out once."""
    played = iter(tricks)
    keys = [THROWN if c < 0 else c * 8 + next(played) for c in codes]
    seats = ref.seating.seats
    table: list[sampling.Outcome | None] = [None] * (THROWN + 1)
    for key in set(keys):
        if key == THROWN:
            table[key] = _thrown_in(ref)
            continue
        makers, alone, t = seats[key >> 4].team, bool(key >> 3 & 1), key & 7
        pts, euchred, march = _points(ref.rules, makers, t, alone, False)
        table[key] = sampling.Outcome(makers, t, pts, not euchred, euchred, march, TRICKS)
    return sampling.KeyedOutcomes(keys, table)


def _card_play_ways(
    ready: Sequence[HandState], backend: str | None, slips: Slips | None, open_weight: float
) -> list[tuple[float, Sequence[sampling.Outcome]]]:
    """The ends of hands whose bidding is over, the cards played by the rollout (slipping as ``slips``
    say) and, with ``open_weight``, solved with every hand open too: each way with its weight."""
    playing = [s for s in ready if s.phase is Phase.PLAY]
    ways: list[tuple[float, Sequence[sampling.Outcome]]] = []
    if open_weight < 1.0:
        seeds = (
            None
            if slips is None
            else [k for s, k in zip(ready, slips.seeds, strict=True) if s.phase is Phase.PLAY]
        )
        chance = 0.0 if slips is None else slips.chance
        rolled = dd.rollout_many(playing, backend=backend, slip=chance, seeds=seeds) if playing else []
        ways.append((1.0 - open_weight, _outcomes(ready, rolled)))
    if open_weight > 0.0:
        ways.append(
            (open_weight, _outcomes(ready, dd.solve_many(playing, backend=backend) if playing else []))
        )
    return ways


def card_play_value(state: HandState, seat: Seat, open_weight: float = 0.0) -> float:
    """The points for ``seat``'s side (its team's less the others' mean) when the cards of ``state``,
    whose bidding is over, are played as a hint's play-outs play each deal: by the rollout, blended
    with the deal solved with every hand open at ``open_weight``; no slips. A hand thrown in scores 0."""
    if state.phase not in (Phase.PLAY, Phase.OVER):
        raise ValueError(f"the bidding of this hand is not over (phase {state.phase.value})")
    ways = _card_play_ways([state], None, None, open_weight)
    return sum(w * side_value(outs[0].points, seat.team) for w, outs in ways)


def play_out_value(
    world: HandState, action: Action, continuation: Continuation, open_weight: float = 0.0
) -> float:
    """What a hint's play-outs give ``action`` in the one deal ``world`` (a bid or a pass of the seat
    to act): the rest of the bidding by ``continuation``, then :func:`card_play_value` for that seat's
    side. The hint averages this over its sampled deals (without slips: the rollout's own play)."""
    me = world.to_act
    assert me is not None
    state, _ = finish_bidding(world, continuation, me, action)
    return card_play_value(state, me, open_weight)


def _outcomes(ready: Sequence[HandState], tricks: Sequence[int]) -> list[sampling.Outcome]:
    """The worlds' ends of the hand, given the makers' tricks of those that reached the play in order."""
    played = iter(tricks)
    out: list[sampling.Outcome] = []
    for s in ready:
        if s.phase is Phase.PLAY:
            t = next(played)
            pts, euchred, march = outcome_points(s, t)
            assert s.maker is not None
            out.append(sampling.Outcome(s.maker.team, t, pts, not euchred, euchred, march, TRICKS))
        elif s.maker is not None:  # over already (cannot happen before play, but score it right)
            pts, euchred, march = outcome_points(s, s.tricks_won(s.maker.team))
            won = s.tricks_won(s.maker.team)
            out.append(sampling.Outcome(s.maker.team, won, pts, not euchred, euchred, march, TRICKS))
        else:
            out.append(_thrown_in(s))
    return out
