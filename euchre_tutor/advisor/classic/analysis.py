"""The classic advisor: the value of every legal action from one seat's view.

How the numbers are made (sampled, not exact: the hidden hands are unknown):

1. :func:`~euchre_tutor.advisor.classic.worlds.sample_worlds` draws ``worlds``
   full deals consistent with everything the seat has seen (its hand, the up
   card, every bid and play, voids, its own discard), weighted by how likely
   each hidden hand was to make the bids it made.
2. **Card play** (the play phase): in every world each legal card is solved
   double-dummy (:func:`~euchre_tutor.advisor.classic.dd.card_values_many`:
   every seat plays perfectly with all cards open afterwards), and the
   makers' tricks become points with the engine's own scoring. This is
   perfect-information Monte Carlo, what the strongest published agents do
   for card play. Each sampled deal is also solved with the other seats'
   hands swapped between seats holding as many cards (where the voids and
   the known places allow), each swap weighed by how likely its hands were
   to make the bids: the deal's value is their weighted average. That is the
   expected value given which sets of cards are out (Rao-Blackwellised), so
   a deal's value spreads far less (measured: the variance of a card's loss
   per deal falls by a factor of about 1.6 to 2), at the price of more
   searches and weights (about 40% more CPU a deal).
3. **Every other decision** (pass, order, call, alone, discard, defend alone,
   go under, misdeal, give): plain PIMC is known to be badly wrong here
   ("strategy fusion": solved open-handed, picking up a bower is almost always
   right, because the solver would know every card for the rest of the hand).
   So each world is *played out* instead: the action, then the rest of the
   bidding by the ``continuation`` player (the rule-based player by default,
   passed in by the caller: bots are a later layer), then the card play by the
   Club player's card play for every seat
   (:func:`~euchre_tutor.advisor.classic.dd.rollout_many`), which decides
   from each seat's own view only, slipping as the continuation's does
   (:func:`card_slip`: the Beginner's at a Beginner table). A bid is therefore
   worth what it scores when the hand is played by players who cannot see
   each other's cards. At an Expert table each deal's value is weighed 0.3 by
   the same deal solved with every hand open and 0.7 by the rollout
   (:func:`card_open`): Experts' card play takes more from a maker than the
   Club player's rollout does, and less than perfect play; the weight is
   that table's calibration (``benchmarks/classic_calibration.py``).

Every option gets the mean points from the seat's side (its team's points
minus the mean of the other teams' points), P(make), P(euchred) and P(march)
for the makers of the hand (``makers`` says whose side that is), and with a
match score P(winning the game) from the shipped game-win table. The best
option has the highest utility (expected points, or in ``"game"`` mode the
chance to win the game); ties go to the higher expected points, then the
engine's order. The same view, worlds and seed give the same answer.

**Paired and adaptive.** Every option is valued on the same worlds, so what an
option loses against the best (``loss``) is the mean of per-world differences,
with its own standard error (``loss_se``): far tighter than two separate means.
Standard errors count the worlds' effective number (the bids' weights leave
fewer independent worlds than sampled ones). With ``max_worlds`` above
``worlds``, batches of ``worlds`` more are added while some option's loss
interval straddles a grade boundary (:func:`_settled`), so a grade does not
change with the sample; :func:`adaptive_cap` gives the caps the table uses.
A loss whose 95% interval reaches 0 is a tie with the best (``tied``). An
:class:`AnalysisRun` holds the deals valued so far and goes on on demand: the
table refines a grade left on an edge by going on with the turn's own run,
focused on the action taken, up to :func:`grade_cap` deals.

The ``continuation`` is the model of the table: the players the deals are
played out with (the caller picks them by the level seated; see
``classic analyze --table``). Each option also counts what the analysed seat
itself did next in the bidding (``follow_ups``): the plan a reason sentence
names ("pass, then call clubs alone in round 2").
"""

from __future__ import annotations

import hashlib
import os
import random
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from math import sqrt
from typing import Final, Literal, Protocol

from euchre_tutor.advisor.classic import dd
from euchre_tutor.advisor.classic.gamewin import ClassicGameWin, is_tabled, load_classic_table
from euchre_tutor.advisor.classic.reasons import classic_reasons
from euchre_tutor.advisor.classic.table_calibration import TableShift, at_table, table_shift
from euchre_tutor.advisor.classic.worlds import MaskSample, WorldSampler
from euchre_tutor.advisor.shared import (
    BOUNDARIES,
    PRECISION,
    TIE_FLOOR,
    Reason,
    SampledAnalysis,
    SampledLoss,
    check_analysable,
    grade_settled,
    loss_settled,
)
from euchre_tutor.advisor.trickdd import slip_limit
from euchre_tutor.cards import Card, effective_suit, is_trump, trick_power
from euchre_tutor.classic.engine import TRICKS, Action, HandState, Phase, Seat, Team, hand_points, team_points
from euchre_tutor.errors import EuchreError
from euchre_tutor.views.classic import SeatView, seat_view

__all__ = [
    "ADAPTIVE_MAX_WORLDS",
    "ADAPTIVE_PLAY_MAX_WORLDS",
    "BOUNDARIES",
    "DEFAULT_WORLDS",
    "GRADE_MAX_WORLDS",
    "GRADE_MIN_WORLDS",
    "PRECISION",
    "AnalysisRun",
    "ClassicAnalysis",
    "ClassicOption",
    "Continuation",
    "FinishesBidding",
    "Mode",
    "adaptive_cap",
    "analyse",
    "card_play_value",
    "grade_cap",
    "graded_analysis",
    "outcome_points",
    "play_out_value",
    "side_value",
]

Mode = Literal["points", "game"]
DEFAULT_WORLDS = 200
#: the adaptive cap the table and the command use: eight batches of 200. Card play at twice that
#: (its double-dummy values are cheap) kept the same share of stable grades on the same decisions
#: (benchmarks/classic_grades.py: 79.8% against 80.2%) and pushed the worst hint past a second
ADAPTIVE_MAX_WORLDS: Final = 1600
#: the adaptive cap for card play where a deal is also solved with the hidden hands swapped (three and
#: four players): each deal then costs about 1.5 times as much and tells about twice as much, and 1,600
#: such deals pushed the worst card-play hint past a second (benchmarks/classic_advisor.py)
ADAPTIVE_PLAY_MAX_WORLDS: Final = 1000
#: the most deals a grade refined after the move takes (``focus``: only the action taken must settle),
#: going on with the turn's hint in the worker behind the next hint. A card's or a bid's loss varies by
#: a point or more from deal to deal, so a loss a few hundredths from a band's edge needs tens of
#: thousands of deals before two samples agree on its side. Measured (benchmarks/classic_grades.py, 635
#: decisions graded twice): 95.3% of the grades below Best got the same label under both seeds (78.8% with
#: 4,800); one grade in ten went past 4,800 deals and one in thirty to the cap (13 to 23 s of CPU)
GRADE_MAX_WORLDS: Final = 76_800
#: a machine that serves a class sets a lower cap (``euchre-tutor serve`` does: many students' refinements
#: share its cores with their hints), by this environment variable: a number of deals, 200 or more
GRADE_WORLDS_ENV: Final = "EUCHRE_TUTOR_GRADE_WORLDS"
#: a grade holds only on this many deals at least: a few hundred deals can show a card's loss in so few
#: of them that its standard error looks smaller than it is
GRADE_MIN_WORLDS: Final = 600
#: the z of the interval a grade's loss must clear every band's edge with (see :func:`_grade_settled`)
GRADE_Z: Final = 2.58
#: the multiplier of a standard error for a 95% interval
Z95: Final = 1.96
#: the z of the interval the stopping rule asks to be clear of every grade boundary. A wider one
#: (2.58) would offset the rule looking after every batch, but measured on the same 232 decisions
#: (benchmarks/classic_grades.py --stop-z) it changed the same-label share by one decision at a
#: higher cost: the labels that still change are those whose loss sits on a boundary at the cap
STOP_Z: float = 1.96
PURE_PYTHON_WORLDS = {6: 500}
"""The most worlds the pure-Python double-dummy search takes, by players: six hands of five cards
cost about 35 ms a world there (5,000 worlds: minutes, with no progress); the C core takes 5,000."""
#: the adaptive cap without the C core (the browser's static site, an install with no compiler) where
#: the search is fast enough to take more deals when asked: 1,600 deals of a bid cost about 1 s of
#: pure Python here and twice that in the browser, where the hint is wanted within 2 s
PURE_PYTHON_ADAPTIVE = {3: 800, 4: 800}
Method = Literal["double-dummy", "play-out"]


class Continuation(Protocol):
    """Who decides the rest of the bidding in a played-out world (``choose(view) -> Action``).

    A continuation may also offer the :class:`FinishesBidding` hook, a faster route to the same states.
    """

    def choose(self, view: SeatView) -> Action: ...


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
    """The optional hook of a continuation: ``finish_bidding(state, me)`` takes every decision up to
    the first lead exactly as ``choose(seat_view(state, seat))`` would, and returns the state then and
    ``me``'s first bid (``"-"``: none), or None where it does not apply (the advisor then asks
    ``choose`` decision by decision). The rule-based players offer it (bots are a later layer): they
    read their bidding straight from the state instead of building a seat view per decision."""

    def finish_bidding(self, state: HandState, me: Seat) -> tuple[HandState, str] | None: ...


@dataclass(frozen=True, slots=True)
class ClassicOption(SampledLoss):
    """One legal action's sampled values, from the analysed seat's side.

    ``loss`` is what the option gives up against the best option in the analysis's mode (expected
    points, or the chance to win the match), measured on the same worlds (paired), and ``loss_se``
    its standard error: ``loss ± 1.96 * loss_se`` is its 95% interval. ``follow_ups`` counts, over
    the worlds, what the analysed seat itself did next in the bidding after this action (``"-"``:
    it was not asked again), which is the plan a reason sentence puts in words.
    """

    action: Action
    ev: float  # mean points: our team's minus the mean of the other teams'
    se: float  # standard error of ev over the worlds
    p_make: float  # P(the makers score)
    p_euchred: float  # P(the makers are euchred)
    p_march: float  # P(the makers take every trick)
    makers: str  # whose side the makers are: "us", "them", "either" (it depends on the world) or "none"
    p_win_game: float | None = None  # with a match score: P(our side wins the match)
    p_passed_out: float = 0.0  # P(nobody makes trump: the hand is thrown in)
    loss: float = 0.0  # against the best option, in the mode's utility, paired on the same worlds
    loss_se: float = 0.0  # standard error of loss (0 when every world gives the same difference)
    ev_gap: float = 0.0  # expected points against the best option (paired), whatever the mode
    ev_gap_se: float = 0.0
    follow_ups: tuple[tuple[str, int], ...] = ()  # the seat's own next bid after this action, counted

    @property
    def label(self) -> str:
        return str(self.action)

    def utility(self, mode: Mode) -> float:
        if mode == "game" and self.p_win_game is not None:
            return self.p_win_game
        return self.ev

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "action": str(self.action),
            "ev": round(self.ev, 4),
            "se": round(self.se, 4),
            "p_make": round(self.p_make, 4),
            "p_euchred": round(self.p_euchred, 4),
            "p_march": round(self.p_march, 4),
            "makers": self.makers,
            "loss": round(self.loss, 4),
            "loss_se": round(self.loss_se, 4),
            "tied": self.tied,
        }
        if self.p_passed_out:
            out["p_passed_out"] = round(self.p_passed_out, 4)
        if self.p_win_game is not None:
            out["p_win_game"] = round(self.p_win_game, 4)
        return out


@dataclass(frozen=True, slots=True)
class ClassicAnalysis(SampledAnalysis[ClassicOption]):
    """The analysis of one decision: options best first, the method, the reasons."""

    seat: Seat
    phase: Phase
    mode: Mode
    legal: tuple[Action, ...]
    options: tuple[ClassicOption, ...]  # best first
    worlds: int
    method: Method
    reasons: tuple[Reason, ...]
    seed: int | str
    #: the table's calibration that moved the options' points (None: the advisor's own values)
    table_shift: TableShift | None = None
    #: the weight of play with every hand open in each play-out deal's value (0: the rollout alone)
    playout_open: float = 0.0
    parse = staticmethod(Action.parse)

    def grade_holds(self, action: Action) -> bool:
        """Whether ``action``'s grade is settled: at least :data:`GRADE_MIN_WORLDS` deals, and its
        loss interval clear of every grade boundary (when it is the best: every other option's clear
        of the tie) (:func:`_grade_settled`). An unsettled grade is worth refining (:func:`analyse` with
        ``focus=action`` and a larger ``max_worlds``)."""
        return self.worlds >= GRADE_MIN_WORLDS and _grade_settled(self.options, self.mode, action)

    def to_json(self) -> dict[str, object]:
        return {
            "seat": str(self.seat),
            "phase": self.phase.value,
            "legal": [str(a) for a in self.legal],
            "options": [o.to_json() for o in self.options],
            "best": self.best.label,
            "worlds": self.worlds,
            "method": self.method,
            "mode": self.mode,
            **({"playout_open": self.playout_open} if self.method == "play-out" else {}),
            "reasons": [{"rule": r.rule, "text": r.text} for r in self.reasons],
            **(
                {}
                if self.table_shift is None
                else {
                    "table": {
                        "level": self.table_shift.level,
                        "kind": self.table_shift.kind,
                        "points": self.table_shift.points,
                        "p_make": self.table_shift.p_make,
                    }
                }
            ),
        }


@dataclass(frozen=True, slots=True)
class _Outcome:
    """One world's end of the hand: the makers' team (None: thrown in), their tricks, the points."""

    makers: Team | None
    tricks: int
    points: tuple[int, ...]
    euchred: bool
    march: bool


def outcome_points(state: HandState, makers_tricks: int) -> tuple[tuple[int, ...], bool, bool]:
    """Per-team points, euchred, march when the makers of ``state`` end with ``makers_tricks``."""
    assert state.maker is not None
    m, d, _ = hand_points(state.rules, makers_tricks, state.alone, state.lone_defender is not None)
    return team_points(state.maker.team, m, d), m == 0 and d > 0, makers_tricks == 5


def _thrown_in(state: HandState) -> _Outcome:
    return _Outcome(None, 0, (0,) * len(state.seating.teams), False, False)


def _finish_bidding(state: HandState, continuation: Continuation, me: Seat) -> tuple[HandState, str]:
    """Let the continuation player take every decision up to the first lead (or the end).

    Also returns ``me``'s own first bid after the action being valued (``"-"``: not asked again).
    A continuation with the :class:`FinishesBidding` hook is asked through it first.
    """
    hook: Callable[[HandState, Seat], tuple[HandState, str] | None] | None = getattr(
        continuation, "finish_bidding", None
    )  # not isinstance on a runtime Protocol: that check alone costs microseconds a deal
    if hook is not None:
        done = hook(state, me)
        if done is not None:
            return done
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
class _Slips:
    """The bids' play-outs' slips for one batch: the chance, and a seed per deal."""

    chance: float
    seeds: list[int]


_SEED_STEP: Final = 0x9E3779B97F4A7C15  # an odd step: the deals' seeds all differ (the rollout keeps 64 bits)


def _play_out_outcomes(
    worlds: Sequence[HandState],
    action: Action,
    continuation: Continuation,
    backend: str | None,
    me: Seat,
    slips: _Slips | None = None,
    open_weight: float = 0.0,
) -> tuple[list[tuple[float, list[_Outcome]]], list[str]]:
    """Each world played out after ``action``: the bidding by the continuation, then the card play by
    the rollout (slipping as ``slips`` say) and, with ``open_weight``, solved with every hand open too.
    The ways the cards were played, each with its weight and its outcome per world (one way, or the
    rollout's and the open hands' when the weight is strictly between 0 and 1); and ``me``'s own next
    bids."""
    finished = [_finish_bidding(w.apply(action), continuation, me) for w in worlds]
    return _card_play_ways([s for s, _ in finished], backend, slips, open_weight), [m for _, m in finished]


def _card_play_ways(
    ready: Sequence[HandState], backend: str | None, slips: _Slips | None, open_weight: float
) -> list[tuple[float, list[_Outcome]]]:
    """The ends of hands whose bidding is over, the cards played by the rollout (slipping as ``slips``
    say) and, with ``open_weight``, solved with every hand open too: each way with its weight."""
    playing = [s for s in ready if s.phase is Phase.PLAY]
    ways: list[tuple[float, list[_Outcome]]] = []
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
    state, _ = _finish_bidding(world.apply(action), continuation, me)
    return card_play_value(state, me, open_weight)


def _outcomes(ready: Sequence[HandState], tricks: Sequence[int]) -> list[_Outcome]:
    """The worlds' ends of the hand, given the makers' tricks of those that reached the play in order."""
    played = iter(tricks)
    out: list[_Outcome] = []
    for s in ready:
        if s.phase is Phase.PLAY:
            t = next(played)
            pts, euchred, march = outcome_points(s, t)
            assert s.maker is not None
            out.append(_Outcome(s.maker.team, t, pts, euchred, march))
        elif s.maker is not None:  # over already (cannot happen before play, but score it right)
            pts, euchred, march = outcome_points(s, s.tricks_won(s.maker.team))
            out.append(_Outcome(s.maker.team, s.tricks_won(s.maker.team), pts, euchred, march))
        else:
            out.append(_thrown_in(s))
    return out


def side_value(points: tuple[int, ...], team: Team) -> float:
    """What a hand's ``points`` (one entry per team) are worth to ``team``: its points minus the
    others' mean (at four players, ours minus theirs): the value every option's deals are scored by."""
    mine = points[team.index]
    others = [p for i, p in enumerate(points) if i != team.index]
    return mine - sum(others) / len(others)


@dataclass(slots=True)
class _Tally:
    """One option's results, gathered batch by batch. A world's figures are averages (shares of 1 for
    made, euchred, march) when its deal was valued with the hidden hands swapped between seats.

    The per-world values (and match-win chances) are kept, compactly, for the paired losses; everything
    else is kept as running sums, so a grade refined over tens of thousands of deals stays small."""

    action: Action
    values: array[float] = field(default_factory=lambda: array("d"))  # side points per world
    wins: array[float] = field(default_factory=lambda: array("d"))  # P(win the match) per world
    total: float = 0.0  # the running sum of ``values`` (the mean is exactly sum / n)
    spread: _Spread = field(default_factory=lambda: _Spread())  # of ``values``
    made: float = 0.0  # the makers scored (a share of 1 per world), summed
    euchred: float = 0.0
    march: float = 0.0
    passed: int = 0  # worlds thrown in (nobody made trump)
    sides: set[bool] = field(default_factory=set)  # whether the makers were our side, over the worlds
    follow_ups: dict[str, int] = field(default_factory=dict)  # the seat's own next bid, counted
    n_eff: float = 0.0  # the run's effective deals when this option was last valued
    active: bool = True  # still valued (a refined grade stops valuing options that cannot matter)

    def record(
        self,
        makers: Team | None,
        value: float,
        win: float | None,
        made: float,
        euchred: float,
        march: float,
        team: Team,
    ) -> None:
        """One world's figures (``win``: None without a match score)."""
        if makers is None:
            self.passed += 1
        else:
            self.sides.add(makers is team)
        self.values.append(value)
        self.total += value
        self.spread.add(value)
        self.made += made
        self.euchred += euchred
        self.march += march
        if win is not None:
            self.wins.append(win)


@dataclass(slots=True)
class _Spread:
    """Welford's running variance: exactly 0 when every value is the same."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def se(self, n_eff: float) -> float:
        """The standard error of the mean with ``n_eff`` independent worlds' worth (as :func:`mean_se`)."""
        var = self.m2 / (self.n - 1) if self.n > 1 else 0.0
        return sqrt(max(0.0, var) / max(1.0, min(n_eff, self.n)))


@dataclass(slots=True)
class _Paired:
    """The running difference between two options over their common worlds (extended on demand)."""

    total: float = 0.0
    spread: _Spread = field(default_factory=lambda: _Spread())

    def extend(self, best: Sequence[float], other: Sequence[float]) -> tuple[float, int]:
        """Add the worlds both have that are not counted yet; the sum of the differences and their count."""
        start, stop = self.spread.n, min(len(best), len(other))
        for i in range(start, stop):
            d = best[i] - other[i]
            self.total += d
            self.spread.add(d)
        return self.total, stop


def _summarise(
    tally: _Tally,
    team: Team,
    best: _Tally | None,
    mode: Mode,
    aware: bool,
    pairs: dict[tuple[Action, Action, str], _Paired],
) -> ClassicOption:
    n = len(tally.values)
    ev, se = tally.total / n, tally.spread.se(tally.n_eff)
    makers = (
        "none"
        if not tally.sides
        else ("either" if len(tally.sides) > 1 else ("us" if True in tally.sides else "them"))
    )
    p_win = sum(tally.wins) / n if aware else None
    loss = loss_se = gap = gap_se = 0.0
    if best is not None and best is not tally:

        def paired(kind: str, b: Sequence[float], o: Sequence[float]) -> tuple[float, float]:
            pair = pairs.setdefault((best.action, tally.action, kind), _Paired())
            total, count = pair.extend(b, o)
            return total / count, pair.spread.se(min(best.n_eff, tally.n_eff))

        gap, gap_se = paired("ev", best.values, tally.values)
        if mode == "game" and aware:
            loss, loss_se = paired("win", best.wins, tally.wins)
        else:
            loss, loss_se = gap, gap_se
    return ClassicOption(
        action=tally.action,
        ev=ev,
        se=se,
        p_make=tally.made / n,
        p_euchred=tally.euchred / n,
        p_march=tally.march / n,
        makers=makers,
        p_win_game=p_win,
        p_passed_out=tally.passed / n,
        loss=loss,
        loss_se=loss_se,
        ev_gap=gap,
        ev_gap_se=gap_se,
        follow_ups=tuple(sorted(tally.follow_ups.items(), key=lambda kv: (-kv[1], kv[0]))),
    )


def _win_chance(view: SeatView, table: ClassicGameWin) -> Callable[[tuple[int, ...]], float]:
    """P(our side wins the match) after the hand scores ``points``, the next deal by the dealer's left."""
    us = view.seat.team
    next_dealer_ours = view.dealer.next.team is us
    scores = view.scores

    def chance(points: tuple[int, ...]) -> float:
        after_us = scores[us.index] + points[us.index]
        after_them = max(s + p for i, (s, p) in enumerate(zip(scores, points, strict=True)) if i != us.index)
        return table.chance(after_us, after_them, next_dealer_ours)

    return chance


def _preference(view: SeatView, action: Action) -> int:
    """Among cards of equal value: lead the top of a sequence, follow or throw off with the cheapest."""
    if action.card is None or view.phase is not Phase.PLAY:
        return 0
    card = action.card
    led = view.led_suit
    suit = led if led is not None else effective_suit(card, view.trump)
    power = trick_power(card, view.trump, suit) if view.notrump != "low" else 20 - int(card.rank)
    trumped = 1 if view.trump is not None and is_trump(card, view.trump) else 0
    if not view.trick_plays:
        return -power
    return trumped * 100 + power


def _decision_seed(seed: int | str, view: SeatView) -> str:
    """One seed per decision: the caller's seed and the public history (the same view, the same worlds)."""
    plays = [f"{s}{c}" for t in view.tricks for s, c in t.plays] + [f"{s}{c}" for s, c in view.trick_plays]
    bids = [f"{s}{a}" for s, a in view.bids]
    hand = " ".join(str(c) for c in view.hand)
    return (
        f"{seed}|{view.seat}|{view.dealer}|{view.up}|{hand}|{' '.join(bids)}|{' '.join(plays)}|{view.discard}"
    )


def adaptive_cap(view: SeatView, worlds: int = DEFAULT_WORLDS, backend: str | None = None) -> int:
    """The most deals adaptive sampling takes for ``view``'s decision (never fewer than ``worlds``).

    Without the C core, a table whose pure-Python search is slow (six players) stops at its
    :data:`PURE_PYTHON_WORLDS` instead, and the others at :data:`PURE_PYTHON_ADAPTIVE`: the answer
    then rests on fewer deals than the compiled one.
    """
    slow = _pure_python_limit(view, backend)
    if slow is None and (backend or dd.BACKEND) == "python":
        slow = PURE_PYTHON_ADAPTIVE.get(view.rules.players)
    cap = ADAPTIVE_MAX_WORLDS
    if view.phase is Phase.PLAY and view.rules.players <= 4:
        cap = ADAPTIVE_PLAY_MAX_WORLDS
    return max(worlds, cap if slow is None else min(cap, slow))


def grade_cap(view: SeatView, worlds: int = DEFAULT_WORLDS, backend: str | None = None) -> int:
    """The most deals a grade refined after the move takes (:data:`GRADE_MAX_WORLDS`, or the machine's
    own cap in :data:`GRADE_WORLDS_ENV`; fewer where the pure-Python search is slow, as
    :func:`adaptive_cap`)."""
    cap = GRADE_MAX_WORLDS
    told = os.environ.get(GRADE_WORLDS_ENV, "").strip()
    if told.isdigit() and int(told) >= DEFAULT_WORLDS:  # anything else is not a cap: the default holds
        cap = int(told)
    slow = _pure_python_limit(view, backend)
    return max(worlds, cap if slow is None else min(cap, slow))


def _pure_python_limit(view: SeatView, backend: str | None) -> int | None:
    """The most worlds the pure-Python search takes at this table, when it is the one in use."""
    if (backend or dd.BACKEND) != "python":
        return None
    return PURE_PYTHON_WORLDS.get(view.rules.players)


def _settled(options: Sequence[ClassicOption], mode: Mode, focus: Action | None = None) -> bool:
    """No option's loss interval straddles a grade boundary (0, the tie, included), unless it is
    already narrower than :data:`PRECISION` (a loss that close to a boundary is graded either way).

    With ``focus`` (the action a student took) the test is a grade's (:func:`_grade_settled`)."""
    if focus is None:
        return loss_settled(options, mode, STOP_Z)
    return _grade_settled(options, mode, focus)


def _grade_settled(options: Sequence[ClassicOption], mode: Mode, focus: Action) -> bool:
    """The grade of ``focus`` holds: its loss interval at :data:`GRADE_Z` is clear of the tie (0), the
    tie floor (:data:`~euchre_tutor.advisor.shared.TIE_FLOOR`) and every band's edge, or lies wholly under
    the floor (:func:`~euchre_tutor.advisor.shared.grade_settled`). No interval is narrow enough to hold
    across an edge: a loss that sits on one takes deals up to the cap, where its estimate decides
    (measured by benchmarks/classic_grades.py: grades that held on a narrow interval across an edge
    changed label with the seed). The wider interval pays for looking after every batch: grades that
    stopped at the first batch whose 95% interval cleared an edge changed label with the seed. When
    ``focus`` is the sample's best, its label is Best unless another option may yet prove better by the
    floor or more: every other option's interval must then lie above minus the floor."""
    floor = TIE_FLOOR[mode]
    if options[0].action != focus:
        mine = next(o for o in options if o.action == focus)
        return grade_settled(mine.loss, GRADE_Z * mine.loss_se, mode)
    return all(o.loss - GRADE_Z * o.loss_se > -floor for o in options[1:])


def _check_world_cap(view: SeatView, worlds: int, backend: str | None) -> None:
    """Refuse more worlds than the pure-Python search finishes in seconds at this table."""
    cap = _pure_python_limit(view, backend)
    if cap is None or worlds <= cap:
        return
    raise EuchreError(
        f"{worlds} worlds at {view.rules.players} players is minutes of work for the pure-Python search "
        f"(the C core is not in use): ask for at most {cap}, or install with a C compiler for up to 5000"
    )


def _check_score(view: SeatView) -> None:
    """Refuse a match score that has already ended the match: there is no match left to win."""
    rules, scores = view.rules, view.scores
    if rules.hands is not None or max(scores) < rules.target:
        return
    top = max(scores)
    if len(scores) == 2 or scores.count(top) == 1:  # three teams level at the top play on
        shown = ", ".join(str(s) for s in scores)
        raise EuchreError(
            f"the score ({shown}) has reached the target {rules.target}: that match is over, so there is "
            f"nothing left to win; give scores below {rules.target}"
        )


def analyse(
    view: SeatView,
    *,
    continuation: Continuation,
    worlds: int = DEFAULT_WORLDS,
    max_worlds: int | None = None,
    seed: int | str = 0,
    mode: Mode = "points",
    score_aware: bool | None = None,
    backend: str | None = None,
    focus: Action | None = None,
    on_batch: Callable[[int, int], None] | None = None,
    swap_hands: bool = True,
    table: str | None = None,
    playout_slip: float | None = None,
    playout_open: float | None = None,
) -> ClassicAnalysis:
    """Every legal action of ``view``'s seat, valued over sampled deals (see the module doc).

    ``worlds`` deals are sampled first; with ``max_worlds`` above it, batches of ``worlds`` more
    are added while some option's loss against the best straddles a grade boundary within its
    95% interval (:func:`_settled`), up to ``max_worlds`` in all. ``score_aware`` (default: when the
    view carries a non-zero match score or ``mode="game"``) adds P(winning the match) from the
    game-win table; ``mode="game"`` ranks by it. ``backend`` picks the double-dummy core
    (``"compiled"`` or ``"python"``, the same values; default: the compiled one when built).
    ``focus`` (an action taken, being graded) stops the adding of deals as soon as that action's
    grade holds, whatever the other options' (see :func:`_settled`). ``on_batch(done, cap)`` is
    called after each batch with the deals valued so far (a worker reports progress by it, and may
    raise from it to stop a long analysis for a more urgent one). ``swap_hands`` (card play): value
    each sampled deal also with the hidden hands swapped between seats of the same size, weighed by
    the bids (see the module doc); False values each deal as sampled. ``table`` (a level: ``"club"``
    ...) gives the points that table scores (:mod:`.table_calibration`); None: the advisor's own values.
    ``playout_slip``: the bids' play-outs play the cards as a player that slips with that chance
    (:func:`.dd.rollout_many`); None, the default: as the continuation plays them (:func:`card_slip`:
    the Beginner's slips at a Beginner table, none for the Club player and the Experts' bidding model).
    ``playout_open``: the weight, from 0 to 1, of card play with every hand open in the
    bids' play-outs (:func:`.dd.solve_many`: perfect play on both sides); each deal's value is then the
    weighted mean of its rollout's and its open hands' (a model of a table whose card play is stronger
    than the Club player's). None, the default: the continuation's own (:func:`card_open`). It takes no
    slips.
    """
    limit = worlds if max_worlds is None else max_worlds
    run = AnalysisRun(
        view,
        continuation=continuation,
        worlds=worlds,
        seed=seed,
        mode=mode,
        score_aware=score_aware,
        backend=backend,
        swap_hands=swap_hands,
        table=table,
        playout_slip=playout_slip,
        playout_open=playout_open,
    )
    return run.extend(limit, focus=focus, on_batch=on_batch)


#: the deals a run keeps for its reasons (what partner was dealt in the sampled deals): the first ones
REASON_WORLDS: Final = 4800
#: up to this many deals the stopping rule looks after every batch; beyond it, each time the deals have
#: grown by :data:`CHECK_GROWTH` (a grade refined over tens of thousands of deals looks a few dozen
#: times, not hundreds: fewer looks, fewer early stops on a chance excursion)
CHECK_EVERY_UNTIL: Final = 1600
CHECK_GROWTH: Final = 1.25
#: a refined grade stops playing out an option (a bid, not a card: the double-dummy search values every
#: card at once) that is neither the action graded nor the best, once its loss is this many standard
#: errors above 0: it cannot become the best, and its label is not asked for
PRUNE_Z: Final = 4.0


class AnalysisRun:
    """An analysis in progress: its sampled deals so far, valued per option, and more on demand.

    :meth:`extend` adds batches until the stopping rule is met or a cap is reached and returns the
    analysis at that point; it may be called again with a higher cap or an action to grade, and goes on
    from where it stopped (the table refines a grade after the move by going on with the turn's hint,
    and a refinement stopped for a more urgent hint goes on later without losing its deals). The
    analysis after the same calls is the same whatever the stops in between. ``ups``: the cards a
    book position's turned-down up card could have been (the reader's ``up-unknown`` reading); the
    deals then average over them (:class:`~euchre_tutor.advisor.classic.worlds.WorldSampler`).
    """

    def __init__(
        self,
        view: SeatView,
        *,
        continuation: Continuation,
        worlds: int = DEFAULT_WORLDS,
        seed: int | str = 0,
        mode: Mode = "points",
        score_aware: bool | None = None,
        backend: str | None = None,
        swap_hands: bool = True,
        ups: Sequence[Card] = (),
        table: str | None = None,
        playout_slip: float | None = None,
        playout_open: float | None = None,
    ) -> None:
        check_analysable(view, worlds)
        self.table = table
        #: the chance the bids' play-outs' card play slips (None given: the continuation's own)
        self.playout_slip = card_slip(continuation) if playout_slip is None else playout_slip
        slip_limit(self.playout_slip)  # a chance between 0 and 1 (ValueError otherwise)
        #: the weight of card play with every hand open (double-dummy) in the bids' play-outs
        self.playout_open = card_open(continuation) if playout_open is None else float(playout_open)
        if not 0.0 <= self.playout_open <= 1.0:
            raise ValueError(f"playout_open is a weight between 0 and 1, not {playout_open}")
        if self.playout_open and self.playout_slip:
            raise ValueError("play-outs with every hand open play perfectly: they take no slips")
        if mode not in ("points", "game"):
            raise EuchreError(f"unknown mode {mode!r}: use 'points' (most points) or 'game' (win the match)")
        _check_score(view)
        self.view = view
        self.continuation = continuation
        self.worlds = worlds
        self.seed = seed
        self.mode = mode
        self.backend = backend
        aware = score_aware if score_aware is not None else (mode == "game" or any(view.scores))
        # a match of a fixed number of hands, or not of four players, has no table of chances to win:
        # with a score it is ranked by points, unless the chance to win is asked for (which says why not)
        self.aware = aware and (is_tabled(view.rules) or mode == "game")
        self.win_chance = _win_chance(view, load_classic_table(view.rules)) if self.aware else None
        self.base = _decision_seed(seed, view)
        self.method: Method = "double-dummy" if view.phase is Phase.PLAY else "play-out"
        self.swap_hands = swap_hands
        self.tallies = [_Tally(a) for a in view.legal]
        self.order = {a: i for i, a in enumerate(view.legal)}
        self.pairs: dict[tuple[Action, Action, str], _Paired] = {}
        self.sample: list[HandState] = []  # the first REASON_WORLDS deals
        self.count = 0  # deals valued
        self.n_eff = 0.0
        self.batch = 0
        self.checked = 0  # the deals at the last look of the stopping rule
        self.ranked: list[ClassicOption] = []
        self.sampler = WorldSampler(view, ups=ups)
        self.focused = False  # it went on for an action's grade (its later deals depend on that action)

    def extend(
        self, limit: int, *, focus: Action | None = None, on_batch: Callable[[int, int], None] | None = None
    ) -> ClassicAnalysis:
        """Add batches of deals while the stopping rule asks for more (:func:`_settled`; with ``focus``, until
        that action's grade holds), up to ``limit`` deals in all; the analysis then. ``on_batch(done, cap)``
        is called after each batch that is not the last (it may raise to stop: the run keeps its deals)."""
        view = self.view
        if limit < self.worlds:
            raise EuchreError(f"max_worlds ({limit}) must be at least worlds ({self.worlds})")
        if focus is not None and focus not in view.legal:
            raise EuchreError(
                f"{focus} is not a legal action for {view.seat.word} here, so it has no grade: the legal ones "
                f"are {', '.join(str(a) for a in view.legal)}"
            )
        _check_world_cap(view, limit, self.backend)
        self.focused = self.focused or focus is not None
        if self.count == 0:
            self._add()
            self._look(focus)
        while not self._settled(focus) and self.count + self.worlds <= limit:
            if on_batch is not None:
                on_batch(self.count, limit)
            self._add()
            if self.count <= CHECK_EVERY_UNTIL or self.count >= CHECK_GROWTH * self.checked:
                self._look(focus)
        if self.checked != self.count:
            self._look(focus)
        return self.analysis()

    def answer(
        self, focus: Action | None = None, on_batch: Callable[[int, int], None] | None = None
    ) -> ClassicAnalysis:
        """The hint (adaptive deals up to :func:`adaptive_cap`) or, with ``focus``, the grade of that action
        as the table gives it: the hint's deals, then, when they leave the grade unsettled, more focused on
        the action up to :func:`grade_cap`. A run stopped by ``on_batch`` goes on from where it was."""
        if focus is None or not self.focused:  # a refinement going on after a stop has had its hint
            hint = self.extend(adaptive_cap(self.view, self.worlds, self.backend), on_batch=on_batch)
            if focus is None or hint.grade_holds(focus):
                return hint
        return self.extend(grade_cap(self.view, self.worlds, self.backend), focus=focus, on_batch=on_batch)

    def _add(self) -> None:
        """Sample one batch of deals and value every option still valued on them."""
        rng = random.Random(self.base if self.batch == 0 else f"{self.base}|batch {self.batch}")
        room = REASON_WORLDS - len(self.sample)
        active = [t for t in self.tallies if t.active]
        team = self.view.seat.team
        if self.method == "double-dummy" and self.swap_hands:
            # Card play is valued from the deals' hand masks: a state only for the deals the reasons keep.
            report = self.sampler.masks(self.worlds, rng, room)
            if isinstance(report, MaskSample):
                dealt = len(report.orbits)
                self.n_eff += min(float(dealt), report.ess)
                _tally_held(report.worlds[0], report.orbits, active, self.backend, team, self.win_chance)
                self._counted(active, report.worlds[: max(0, room)], dealt)
                return
        else:
            report = self.sampler.report(self.worlds, rng)
        self.n_eff += min(float(len(report.worlds)), report.ess)
        _tally_batch(
            self.view,
            report.worlds,
            active,
            self.continuation,
            self.backend,
            team,
            self.win_chance,
            self.method,
            report.orbits,
            self._slips(len(report.worlds)),
            self.playout_open,
        )
        self._counted(active, report.worlds[: max(0, room)], len(report.worlds))

    def _slips(self, count: int) -> _Slips | None:
        """This batch's slips for the bids' play-outs: the chance and a seed per deal, the same for
        every option (their differences stay paired); None without slips."""
        if not self.playout_slip:
            return None
        digest = hashlib.blake2b(f"{self.base}|slips {self.batch}".encode(), digest_size=8).digest()
        first = int.from_bytes(digest, "little")
        return _Slips(self.playout_slip, [first + i * _SEED_STEP for i in range(count)])

    def _counted(self, active: Sequence[_Tally], kept: Sequence[HandState], dealt: int) -> None:
        """Close a batch of ``dealt`` deals: the options valued on it, the states the reasons keep."""
        for t in active:
            t.n_eff = self.n_eff
        self.sample.extend(kept)
        self.count += dealt
        self.batch += 1

    def _look(self, focus: Action | None) -> None:
        """Rank the options on the deals so far (and, refining a grade, stop valuing the hopeless ones)."""
        self.ranked = _rank(
            self.view, self.tallies, self.view.seat.team, self.mode, self.aware, self.order, self.pairs
        )
        self.checked = self.count
        if focus is not None and self.method == "play-out" and self.count >= GRADE_MIN_WORLDS:
            tallies = {t.action: t for t in self.tallies}
            for o in self.ranked[1:]:
                if o.action != focus and o.loss - PRUNE_Z * o.loss_se > 0.0:
                    tallies[o.action].active = False

    def _settled(self, focus: Action | None) -> bool:
        return _settled(self.ranked, self.mode, focus) and (focus is None or self.count >= GRADE_MIN_WORLDS)

    def analysis(self) -> ClassicAnalysis:
        """The analysis on the deals valued so far (at the last look); at a table of a measured level,
        its options' points are what that table scores (:mod:`.table_calibration`)."""
        shift = table_shift(self.table, self.view)
        ranked = at_table(self.ranked, shift)
        open_weight = self.playout_open if self.method == "play-out" else 0.0
        reasons = classic_reasons(
            self.view, ranked, self.sample, self.mode, self.method, self.checked, open_weight
        )
        return ClassicAnalysis(
            seat=self.view.seat,
            phase=self.view.phase,
            mode=self.mode,
            legal=self.view.legal,
            options=tuple(ranked),
            worlds=self.checked,
            method=self.method,
            reasons=tuple(reasons),
            seed=self.seed,
            table_shift=shift,
            playout_open=open_weight,
        )


def graded_analysis(
    view: SeatView, action: Action, *, continuation: Continuation, seed: int | str = 0
) -> tuple[ClassicAnalysis, bool]:
    """The analysis ``action`` is graded by, as the table grades it: the hint's (adaptive, up to
    :func:`adaptive_cap`), then, when that leaves the grade unsettled, the same run going on focused on
    the action (up to :func:`grade_cap`). Also says whether it was refined."""
    run = AnalysisRun(view, continuation=continuation, seed=seed)
    analysis = run.answer(action)
    return analysis, run.focused


def _tally_batch(
    view: SeatView,
    sample: Sequence[HandState],
    tallies: Sequence[_Tally],
    continuation: Continuation,
    backend: str | None,
    team: Team,
    win_chance: Callable[[tuple[int, ...]], float] | None,
    method: Method,
    swaps: Sequence[tuple[tuple[tuple[tuple[Card, ...], ...], float], ...]] | None = None,
    slips: _Slips | None = None,
    open_weight: float = 0.0,
) -> None:
    """Add one batch of worlds to every option's tally (the same worlds for every option). With
    ``swaps`` (card play), each world's card values are averaged over its swaps of the hidden hands."""
    if method == "double-dummy":
        if swaps is None:
            swaps = [(((), 1.0),)] * len(sample)
            values = [[v] for v in dd.card_values_many(sample, backend=backend)]
        else:
            values = dd.card_values_swapped(sample, [[h for h, _ in o] for o in swaps], backend=backend)
        _tally_cards(sample[0], [[s for _, s in o] for o in swaps], values, tallies, team, win_chance)
        return
    for t in tallies:
        ways, mine = _play_out_outcomes(
            sample, t.action, continuation, backend, view.seat, slips, open_weight
        )
        for m in mine:
            t.follow_ups[m] = t.follow_ups.get(m, 0) + 1
        weights = [w for w, _ in ways]
        # each world's figures: the weighted mean of its outcomes (one of weight 1 unless the play-outs
        # blend the rollout and open hands; the bidding, and so the makers, are the same either way)
        for outs in zip(*(o for _, o in ways), strict=True):
            pairs = tuple(zip(weights, outs, strict=True))
            t.record(
                outs[0].makers,
                sum(w * side_value(o.points, team) for w, o in pairs),
                sum(w * win_chance(o.points) for w, o in pairs) if win_chance else None,
                sum(w * (o.makers is not None and not o.euchred) for w, o in pairs),
                sum(w * o.euchred for w, o in pairs),
                sum(w * o.march for w, o in pairs),
                team,
            )


def _tally_held(
    state: HandState,
    orbits: Sequence[tuple[tuple[tuple[int, ...], float], ...]],
    tallies: Sequence[_Tally],
    backend: str | None,
    team: Team,
    win_chance: Callable[[tuple[int, ...]], float] | None,
) -> None:
    """Add one batch of card-play deals given by their hands' masks in each swap (``orbits``) to every
    card's tally, exactly as :func:`_tally_batch` adds the same deals' states: ``state`` is one of them
    (what they share: the trick, the makers, the seat to act's hand)."""
    legal, values = dd.card_values_held(state, [[h for h, _ in o] for o in orbits], backend=backend)
    where = {c: i for i, c in enumerate(legal)}
    _tally_cards(state, [[s for _, s in o] for o in orbits], values, tallies, team, win_chance, where)


def _tally_cards(
    ref: HandState,
    shares: Sequence[Sequence[float]],
    values: Sequence[Sequence[Mapping[Card, int]]] | Sequence[Sequence[Sequence[int]]],
    tallies: Sequence[_Tally],
    team: Team,
    win_chance: Callable[[tuple[int, ...]], float] | None,
    where: Mapping[Card, int] | None = None,
) -> None:
    """Every card's tally of one batch: per deal, its swaps' values (the makers' final tricks after
    each card: by card, or by ``where[card]`` when given) averaged in the swaps' ``shares``."""
    # The contract is public in the play: the makers' tricks alone decide the points.
    assert ref.maker is not None
    makers = ref.maker.team
    ends = []
    for k in range(TRICKS + 1):
        pts, euchred, march = outcome_points(ref, k)
        ends.append((side_value(pts, team), win_chance(pts) if win_chance else 0.0, euchred, march))
    for t in tallies:
        card = t.action.card
        assert card is not None
        key: Card | int = card if where is None else where[card]
        for parts, vs in zip(shares, values, strict=True):
            value = win = made = euchred_share = march_share = 0.0
            for share, v in zip(parts, vs, strict=True):
                side, chance, euchred, march = ends[v[key]]  # type: ignore[index]
                value += share * side
                win += share * chance
                if euchred:
                    euchred_share += share
                else:
                    made += share
                if march:
                    march_share += share
            t.record(makers, value, win if win_chance else None, made, euchred_share, march_share, team)


def _rank(
    view: SeatView,
    tallies: Sequence[_Tally],
    team: Team,
    mode: Mode,
    aware: bool,
    order: dict[Action, int],
    pairs: dict[tuple[Action, Action, str], _Paired],
) -> list[ClassicOption]:
    """The options best first (by utility, then expected points, then the engine's order), each
    with its paired loss against the best (on the worlds both were valued on)."""

    def key(t: _Tally) -> tuple[float, float, int, int]:
        ev = t.total / len(t.values)
        utility = sum(t.wins) / len(t.wins) if mode == "game" and aware else ev
        return (-utility, -ev, _preference(view, t.action), order[t.action])

    ranked = sorted(tallies, key=key)
    return [_summarise(t, team, ranked[0], mode, aware, pairs) for t in ranked]
