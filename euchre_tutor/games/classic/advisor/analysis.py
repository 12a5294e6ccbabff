"""The classic advisor: the value of every legal action from one seat's view.

How the numbers are made (sampled, not exact: the hidden hands are unknown):

1. :func:`~euchre_tutor.games.classic.advisor.worlds.sample_worlds` draws ``worlds``
   full deals consistent with everything the seat has seen (its hand, the up
   card, every bid and play, voids, its own discard), weighted by how likely
   each hidden hand was to make the bids it made.
2. **Card play** (the play phase): in every world each legal card is solved
   double-dummy (:func:`~euchre_tutor.games.classic.advisor.dd.card_values_many`:
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
   (:func:`~euchre_tutor.games.classic.advisor.dd.rollout_many`), which decides
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
interval straddles a grade boundary (:func:`~euchre_tutor.advisor.sampling.settled`), so a grade does not
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
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

from euchre_tutor.advisor import sampling
from euchre_tutor.advisor.rollout import slip_limit
from euchre_tutor.advisor.sampling import DEFAULT_WORLDS, GRADE_MIN_WORLDS, side_value
from euchre_tutor.advisor.shared import BOUNDARIES, PRECISION
from euchre_tutor.advisor.tallies import tally_marks
from euchre_tutor.cards import Card, effective_suit, is_trump, trick_power
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.advisor.gamewin import ClassicGameWin, is_tabled, load_classic_table
from euchre_tutor.games.classic.advisor.options import ClassicAnalysis, ClassicOption, Mode
from euchre_tutor.games.classic.advisor.playouts import (
    SEED_STEP,
    Continuation,
    FinishesBidding,
    ReadsLeadStarts,
    Slips,
    card_open,
    card_play_value,
    card_slip,
    outcome_points,
    play_out_outcomes,
    play_out_value,
)
from euchre_tutor.games.classic.advisor.reasons import classic_reasons
from euchre_tutor.games.classic.advisor.table_calibration import at_table, table_shift
from euchre_tutor.games.classic.advisor.worlds import LazyWorlds, MaskSample, WorldSampler
from euchre_tutor.games.classic.engine.engine import (
    TRICKS,
    Action,
    HandState,
    Phase,
    Team,
)
from euchre_tutor.games.classic.views import SeatView

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
    "ReadsLeadStarts",
    "adaptive_cap",
    "analyse",
    "card_play_value",
    "grade_cap",
    "graded_analysis",
    "outcome_points",
    "play_out_value",
    "side_value",
]

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
PURE_PYTHON_WORLDS = {6: 500}
"""The most worlds the pure-Python double-dummy search takes, by players: six hands of five cards
cost about 35 ms a world there (5,000 worlds: minutes, with no progress); the C core takes 5,000."""
#: the adaptive cap without the C core (the browser's static site, an install with no compiler) where
#: the search is fast enough to take more deals when asked: 1,600 deals of a bid cost about 1 s of
#: pure Python here and twice that in the browser, where the hint is wanted within 2 s
PURE_PYTHON_ADAPTIVE = {3: 800, 4: 800}


#: what a hand's end is worth to the side valued: points, chance to win, euchred, march
_End = tuple[float, float, bool, bool]


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
    95% interval (:func:`~.sampling.settled`), up to ``max_worlds`` in all. ``score_aware`` (default: when the
    view carries a non-zero match score or ``mode="game"``) adds P(winning the match) from the
    game-win table; ``mode="game"`` ranks by it. ``backend`` picks the double-dummy core
    (``"compiled"`` or ``"python"``, the same values; default: the compiled one when built).
    ``focus`` (an action taken, being graded) stops the adding of deals as soon as that action's
    grade holds, whatever the other options' (see :func:`~.sampling.settled`). ``on_batch(done, cap)`` is
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


class AnalysisRun(sampling.SampledRun[SeatView, Action, ClassicOption, ClassicAnalysis]):
    """An analysis in progress: its sampled deals so far, valued per option, and more on demand.

    :meth:`extend` adds batches until the stopping rule is met or a cap is reached and returns the
    analysis at that point; it may be called again with a higher cap or an action to grade, and goes on
    from where it stopped (the table refines a grade after the move by going on with the turn's hint,
    and a refinement stopped for a more urgent hint goes on later without losing its deals). The
    analysis after the same calls is the same whatever the stops in between. ``ups``: the cards a
    book position's turned-down up card could have been (the reader's ``up-unknown`` reading); the
    deals then average over them (:class:`~euchre_tutor.games.classic.advisor.worlds.WorldSampler`).
    The loop, the stopping rule and the ranking are the sampling advisor's
    (:class:`~euchre_tutor.advisor.sampling.SampledRun`); this class draws and values classic deals.
    """

    option_type = ClassicOption

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
        super().__init__(view, worlds=worlds, seed=seed)
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
        self.continuation = continuation
        self.mode = mode
        self.backend = backend
        aware = score_aware if score_aware is not None else (mode == "game" or any(view.scores))
        # a match of a fixed number of hands, or not of four players, has no table of chances to win:
        # with a score it is ranked by points, unless the chance to win is asked for (which says why not)
        self.aware = aware and (is_tabled(view.rules) or mode == "game")
        self.win_chance = _win_chance(view, load_classic_table(view.rules)) if self.aware else None
        self.base = sampling.decision_seed(seed, view, table=(view.up,), own=(view.discard,))
        self.method: sampling.Method = "double-dummy" if view.phase is Phase.PLAY else "play-out"
        self.swap_hands = swap_hands
        self.sampler = WorldSampler(view, ups=ups)

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

    def check_limit(self, limit: int) -> int:
        _check_world_cap(self.view, limit, self.backend)
        return limit

    def look_prune(self) -> sampling.Prune | None:
        """A refined grade stops playing out the hopeless bids; a card's values come from one search of
        every card at once, so no card is pruned."""
        return super().look_prune() if self.method == "play-out" else None

    def preference(self, action: Action) -> int:
        """Among cards of equal value: lead the top of a sequence, follow or throw off with the cheapest."""
        view = self.view
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

    def draw(self, rng: random.Random, room: int) -> sampling.Batch:
        """One batch: card play from the deals' hand masks where the hidden hands are swapped, else the
        deals' states; the reasons keep the dealt hands, as masks (what partner was dealt)."""
        if self.method == "double-dummy" and self.swap_hands:
            report = self.sampler.masks(self.worlds, rng, room)
            if isinstance(report, MaskSample):
                return sampling.Batch(len(report.orbits), report.ess, report.dealt, report)
        elif self.method == "play-out":  # the bids' play-outs read the hands, not every state
            report = self.sampler.lazy(self.worlds, rng)
            if isinstance(report.worlds, LazyWorlds):
                return sampling.Batch(len(report.worlds), report.ess, report.worlds.dealt_masks(room), report)
        else:
            report = self.sampler.report(self.worlds, rng)
        dealt = [tuple(dd.hand_masks(w.deal.hands)) for w in report.worlds[: max(0, room)]]
        return sampling.Batch(len(report.worlds), report.ess, dealt, report)

    def value(
        self, batch: sampling.Batch, start: int, stop: int, tallies: Sequence[sampling.Tally[Action]]
    ) -> None:
        report, team = batch.detail, self.view.seat.team
        if isinstance(report, MaskSample):
            _tally_held(report.state, report.orbits, tallies, self.backend, team, self.win_chance)
            return
        _tally_batch(
            self.view,
            report.worlds,
            tallies,
            self.continuation,
            self.backend,
            team,
            self.win_chance,
            self.method,
            report.orbits,
            self._slips(len(report.worlds)),
            self.playout_open,
        )

    def _slips(self, count: int) -> Slips | None:
        """This batch's slips for the bids' play-outs: the chance and a seed per deal, the same for
        every option (their differences stay paired); None without slips."""
        if not self.playout_slip:
            return None
        digest = hashlib.blake2b(f"{self.base}|slips {self.batch}".encode(), digest_size=8).digest()
        first = int.from_bytes(digest, "little")
        return Slips(self.playout_slip, [first + i * SEED_STEP for i in range(count)])

    def finish(self, options: list[ClassicOption]) -> ClassicAnalysis:
        """The analysis on the deals valued so far (at the last look); at a table of a measured level,
        its options' points are what that table scores (:mod:`.table_calibration`)."""
        shift = table_shift(self.table, self.view)
        ranked = at_table(options, shift)
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
    view: SeatView,
    action: Action,
    *,
    continuation: Continuation,
    seed: int | str = 0,
    table: str | None = None,
) -> tuple[ClassicAnalysis, bool]:
    """The analysis ``action`` is graded by, as the table grades it: the hint's (adaptive, up to
    :func:`adaptive_cap`), then, when that leaves the grade unsettled, the same run going on focused on
    the action (up to :func:`grade_cap`). Also says whether it was refined. ``table``: the level whose
    measured scores the points are (as :func:`analyse`'s; the grade is the same either way)."""
    run = AnalysisRun(view, continuation=continuation, seed=seed, table=table)
    analysis = run.answer(action)
    return analysis, run.focused


def _tally_batch(
    view: SeatView,
    sample: Sequence[HandState],
    tallies: Sequence[sampling.Tally[Action]],
    continuation: Continuation,
    backend: str | None,
    team: Team,
    win_chance: Callable[[tuple[int, ...]], float] | None,
    method: sampling.Method,
    swaps: Sequence[tuple[tuple[tuple[tuple[Card, ...], ...], float], ...]] | None = None,
    slips: Slips | None = None,
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
        cards = list(values[0][0])  # the cards valued: the seat to act's legal cards
        rows = [tuple([v[c] for c in cards]) for vs in values for v in vs]
        _tally_rows(sample[0], rows, swaps, cards, tallies, team, win_chance, backend)
        return
    for t in tallies:
        ways, mine = play_out_outcomes(sample, t.action, continuation, backend, view.seat, slips, open_weight)
        for m, n in Counter(mine).items():
            t.follow_ups[m] = t.follow_ups.get(m, 0) + n
        sampling.record_ways(t, ways, team, win_chance)


def _tally_held(
    state: HandState,
    orbits: Sequence[tuple[tuple[tuple[int, ...], float], ...]],
    tallies: Sequence[sampling.Tally[Action]],
    backend: str | None,
    team: Team,
    win_chance: Callable[[tuple[int, ...]], float] | None,
) -> None:
    """Add one batch of card-play deals given by their hands' masks in each swap (``orbits``) to every
    card's tally, exactly as :func:`_tally_batch` adds the same deals' states: ``state`` is one of them
    (what they share: the trick, the makers, the seat to act's hand)."""
    ends = _ends(state, team, win_chance)
    cuts = [k for k in range(1, len(ends)) if ends[k] != ends[k - 1]]  # where a card's tricks matter
    legal, rows = dd.card_rows_held(state, [h for o in orbits for h, _ in o], backend=backend, cuts=cuts)
    _tally_rows(state, rows, orbits, legal, tallies, team, win_chance, backend, ends)


def _tally_rows(
    ref: HandState,
    rows: Sequence[tuple[int, ...]],
    orbits: Sequence[Sequence[tuple[object, float]]],
    cards: Sequence[Card],
    tallies: Sequence[sampling.Tally[Action]],
    team: Team,
    win_chance: Callable[[tuple[int, ...]], float] | None,
    backend: str | None,
    ends: Sequence[_End] | None = None,
) -> None:
    """Every card's tally of one batch: deal ``i``'s swaps are ``orbits[i]`` (hands, share), their
    rows come in turn in ``rows``, each holding the makers' final tricks after each of ``cards``;
    a deal's figures are its swaps' ends averaged in their shares (:func:`~euchre_tutor.advisor.tallies.tally_marks`)."""
    # The contract is public in the play: the makers' tricks alone decide the points.
    assert ref.maker is not None
    makers, compiled = ref.maker.team, dd.compiled_search(backend)
    ends = _ends(ref, team, win_chance) if ends is None else ends
    for t in tallies:
        assert t.action.card is not None
        running, values, wins = tally_marks(
            rows,
            orbits,
            cards.index(t.action.card),
            ends,
            win_chance is not None,
            t.running,
            compiled=compiled,
        )
        t.absorb(running, values, wins, (1 if makers is team else 2) if orbits else 0)


def _ends(ref: HandState, team: Team, win_chance: Callable[[tuple[int, ...]], float] | None) -> list[_End]:
    """Per count of the makers' final tricks: the end's value to ``team``, chance, euchred, march."""
    out = []
    for k in range(TRICKS + 1):
        pts, euchred, march = outcome_points(ref, k)
        out.append((side_value(pts, team), win_chance(pts) if win_chance else 0.0, euchred, march))
    return out
