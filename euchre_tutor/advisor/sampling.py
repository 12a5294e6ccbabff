"""The sampling advisor: every legal action of a seat valued on the same sampled deals, in any game.

A game's sampled advisor is a :class:`SampledRun` whose hooks say how its deals are drawn
(:meth:`~SampledRun.draw`) and valued (:meth:`~SampledRun.value`), how its options and its analysis
are built (:meth:`~SampledRun.option`, :meth:`~SampledRun.finish`) and, where it has one, how it
prefers among cards of equal value (:meth:`~SampledRun.preference`). What every such advisor does
the same way lives here:

- **The loop.** Batches of deals, the first drawn from one seed per decision
  (:func:`decision_seed`: the same view, the same deals), each valued for every option still
  valued. After each batch the options are ranked (by the mode's utility, then expected points,
  then the game's preference, then the engine's order), each with its loss against the best
  *paired* on the deals both were valued on; up to :data:`CHECK_EVERY_UNTIL` deals after every
  batch, beyond that each time the deals have grown by :data:`CHECK_GROWTH`.
- **The stopping rule** (:func:`settled`): more batches while some option's loss interval
  straddles a grade boundary, up to a cap; refining the grade of one action (``focus``), until
  that action's grade holds (:func:`focus_settled`) on :data:`GRADE_MIN_WORLDS` deals at least.
- **The tallies** (:class:`Tally`): each option's per-deal values, kept compactly for the paired
  losses, and everything else as running sums (:class:`Spread`, :class:`Paired`), so a grade
  refined over tens of thousands of deals costs linear time and little memory. A deal played out
  more than one way counts as the weighted mean of its ways (:func:`record_ways`). A batch whose
  deals end in a few ways given as keys (:class:`KeyedOutcomes`), or a card's batch of banded deals,
  is recorded in one call (:func:`~euchre_tutor.advisor.tallies.tally_keys`,
  :func:`~euchre_tutor.advisor.tallies.tally_marks`: compiled, with a Python twin to the last bit).
- **Pruning** (:class:`Prune`): options that cannot matter stop being valued and keep the numbers
  they have: at a game's probes in the first batch, and at the looks of a refined grade.
- **The grading's decision** (:func:`grade_case`, :func:`band_label`, :func:`borderline`): best,
  a tie, under the tie floor, or the band of the loss; the sentences are the game's.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from math import sqrt
from typing import Any, ClassVar, Final, Generic, Literal, Protocol, TypeVar

from euchre_tutor.advisor import tallies
from euchre_tutor.advisor.shared import (
    THRESHOLDS,
    TIE_FLOOR,
    Method,
    Mode,
    SampledLoss,
    check_analysable,
    grade_label,
    grade_settled,
    loss_settled,
)
from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.tricks.events import Trick
from euchre_tutor.tricks.history import gc_paused
from euchre_tutor.tricks.seating import Seat, Team
from euchre_tutor.views.shared import TrickView

__all__ = [
    "CHECK_EVERY_UNTIL",
    "CHECK_GROWTH",
    "DEFAULT_WORLDS",
    "GRADE_MIN_WORLDS",
    "GRADE_Z",
    "PRUNE_Z",
    "REASON_WORLDS",
    "STOP_Z",
    "Batch",
    "Continuation",
    "DealView",
    "Figures",
    "KeyedOutcomes",
    "Method",
    "Mode",
    "Outcome",
    "Paired",
    "Prune",
    "SampledRun",
    "Spread",
    "Tally",
    "band_label",
    "borderline",
    "decision_seed",
    "focus_settled",
    "grade_case",
    "record_ways",
    "settled",
    "side_value",
]

#: the deals in a batch, unless the caller says otherwise
DEFAULT_WORLDS: Final = 200
#: a grade holds only on this many deals at least: a few hundred deals can show a card's loss in so few
#: of them that its standard error looks smaller than it is
GRADE_MIN_WORLDS: Final = 600
#: the z of the interval a grade's loss must clear every band's edge with (see :func:`focus_settled`)
GRADE_Z: Final = 2.58
#: the z of the interval the stopping rule asks to be clear of every grade boundary. A wider one
#: (2.58) would offset the rule looking after every batch, but measured on the same decisions
#: (benchmarks/classic_grades.py --stop-z) it changed the same-label share by one decision at a
#: higher cost: the labels that still change are those whose loss sits on a boundary at the cap.
#: Read at each look (a benchmark sets it).
STOP_Z: float = 1.96
#: the deals a run keeps for its reasons (what partner was dealt in the sampled deals): the first ones
REASON_WORLDS: Final = 4800
#: up to this many deals the stopping rule looks after every batch; beyond it, each time the deals have
#: grown by :data:`CHECK_GROWTH` (a grade refined over tens of thousands of deals looks a few dozen
#: times, not hundreds: fewer looks, fewer early stops on a chance excursion)
CHECK_EVERY_UNTIL: Final = 1600
CHECK_GROWTH: Final = 1.25
#: a refined grade stops valuing an option that is neither the action graded nor the best, once its
#: loss is this many standard errors above 0: it cannot become the best, and its label is not asked for
PRUNE_Z: Final = 4.0

ActionT = TypeVar("ActionT", bound=Hashable)
ViewT = TypeVar("ViewT", bound=TrickView)
OptionT = TypeVar("OptionT")
AnalysisT = TypeVar("AnalysisT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)


class Continuation(Protocol[ViewT_contra, ActionT_co]):
    """Who takes the decisions after the valued one in a played-out deal (``choose(view) -> action``):
    the model of the table, picked by the caller (bots are a later layer)."""

    def choose(self, view: ViewT_contra) -> ActionT_co: ...


class DealView(Protocol):
    """What :func:`decision_seed` reads of a seat's view: the seat, the dealer, its hand, the public
    history."""

    @property
    def seat(self) -> Seat: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def hand(self) -> Sequence[Card]: ...
    @property
    def bids(self) -> Sequence[tuple[Seat, object]]: ...
    @property
    def tricks(self) -> Sequence[Trick]: ...
    @property
    def trick_plays(self) -> Sequence[tuple[Seat, Card]]: ...


def decision_seed(
    seed: int | str, view: DealView, table: Sequence[object] = (), own: Sequence[object] = ()
) -> str:
    """One seed per decision: the caller's seed and what the seat knows (the same view, the same deals):
    the seat, the dealer, what lies on the table for every seat to see (``table``), its hand, the bids,
    the cards played, and what the seat alone knows besides (``own``)."""
    plays = [f"{s}{c}" for t in view.tricks for s, c in t.plays] + [f"{s}{c}" for s, c in view.trick_plays]
    bids = [f"{s}{a}" for s, a in view.bids]
    hand = " ".join(str(c) for c in view.hand)
    parts = (seed, view.seat, view.dealer, *table, hand, " ".join(bids), " ".join(plays), *own)
    return "|".join(f"{p}" for p in parts)


def side_value(points: tuple[int, ...], team: Team) -> float:
    """What a hand's ``points`` (one entry per team) are worth to ``team``: its points minus the
    others' mean (at four players, ours minus theirs): the value every option's deals are scored by."""
    mine = points[team.index]
    others = [p for i, p in enumerate(points) if i != team.index]
    return mine - sum(others) / len(others)


# ---------------------------------------------------------------------------
# One deal's end, and the tallies


@dataclass(frozen=True, slots=True)
class Outcome:
    """One deal's end of the hand: the makers' team (None: thrown in), their tricks of the hand's
    ``hand_tricks``, the points by team, and whether the makers made it, were euchred, marched."""

    makers: Team | None
    tricks: int
    points: tuple[int, ...]
    made: bool
    euchred: bool = False
    march: bool = False
    hand_tricks: int = 0

    def side_tricks(self, team: Team) -> int:
        """The tricks ``team``'s side took (the makers', or the rest of the hand's)."""
        return self.tricks if self.makers is team else self.hand_tricks - self.tricks


@dataclass(slots=True)
class Spread:
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
        """The standard error of the mean with ``n_eff`` independent deals' worth of information."""
        var = self.m2 / (self.n - 1) if self.n > 1 else 0.0
        return sqrt(max(0.0, var) / max(1.0, min(n_eff, self.n)))


@dataclass(slots=True)
class Paired:
    """The running difference between two options over their common deals (extended on demand)."""

    total: float = 0.0
    spread: Spread = field(default_factory=Spread)

    def extend(self, best: Sequence[float], other: Sequence[float]) -> tuple[float, int]:
        """Add the deals both have that are not counted yet; the sum of the differences and their count."""
        spread = self.spread
        compiled = tallies.COMPILED and isinstance(best, array) and isinstance(other, array)
        (self.total, spread.n, spread.mean, spread.m2), stop = tallies.paired_extend(
            best, other, (self.total, spread.n, spread.mean, spread.m2), compiled=compiled
        )
        return self.total, stop


@dataclass(slots=True)
class Tally(Generic[ActionT]):
    """One option's results, gathered batch by batch. A deal's figures are averages (shares of 1 for
    made, euchred, march) when it was valued more than one way.

    The per-deal values (and match-win chances) are kept, compactly, for the paired losses; everything
    else is kept as running sums, so a grade refined over tens of thousands of deals stays small."""

    action: ActionT
    values: array[float] = field(default_factory=lambda: array("d"))  # side points per deal
    wins: array[float] = field(default_factory=lambda: array("d"))  # P(win the match) per deal
    total: float = 0.0  # the running sum of ``values`` (the mean is exactly sum / n)
    spread: Spread = field(default_factory=Spread)  # of ``values``
    made: float = 0.0  # the makers scored (a share of 1 per deal), summed
    euchred: float = 0.0
    march: float = 0.0
    tricks: float = 0.0  # the side's tricks in the deals with makers, summed
    passed: int = 0  # deals thrown in (nobody made trump)
    sides: set[bool] = field(default_factory=set)  # whether the makers were our side, over the deals
    follow_ups: dict[str, int] = field(default_factory=dict)  # the seat's own next bid, counted
    n_eff: float = 0.0  # the run's effective deals when this option was last valued
    active: bool = True  # still valued (pruned options keep the numbers they have)

    def record(
        self,
        makers: Team | None,
        value: float,
        win: float | None,
        made: float,
        euchred: float,
        march: float,
        team: Team,
        tricks: float = 0.0,
    ) -> None:
        """One deal's figures (``win``: None without a match score; ``tricks``: the side's)."""
        if makers is None:
            self.passed += 1
        else:
            self.sides.add(makers is team)
            self.tricks += tricks
        self.values.append(value)
        self.total += value
        self.spread.add(value)
        self.made += made
        self.euchred += euchred
        self.march += march
        if win is not None:
            self.wins.append(win)

    @property
    def running(self) -> tallies.Running:
        """The running figures a batch goes on from (:data:`~euchre_tutor.advisor.tallies.Running`)."""
        s = self.spread
        return (self.total, s.n, s.mean, s.m2, self.made, self.euchred, self.march, self.tricks, self.passed)

    def absorb(self, running: tallies.Running, values: bytes, wins: bytes, sides: int) -> None:
        """A batch of deals added at once, as :meth:`record` adds them one by one: their figures went on
        from :attr:`running` to ``running``, their values and match chances are ``values`` and ``wins``
        as native doubles (``wins`` empty without a match score), and ``sides`` says who made trump in
        them (1: the side, 2: the others; a mask)."""
        self.values.frombytes(values)
        self.wins.frombytes(wins)
        self.total, self.spread.n, self.spread.mean, self.spread.m2 = running[:4]
        self.made, self.euchred, self.march, self.tricks, self.passed = running[4:]
        self.sides.update(side for bit, side in ((1, True), (2, False)) if sides & bit)


class KeyedOutcomes(Sequence[Outcome]):
    """Deals' outcomes as small ints: deal ``i`` ends as ``table[keys[i]]`` (a batch's deals end in a
    few ways; None where none ends), so a tally records them without a Python step per deal
    (:func:`record_ways`). Reads and compares as the list of those outcomes."""

    __slots__ = ("keys", "table")

    def __init__(self, keys: list[int], table: Sequence[Outcome | None]) -> None:
        self.keys = keys
        self.table = table

    def __len__(self) -> int:
        return len(self.keys)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self.keys)))]
        end = self.table[self.keys[i]]
        assert end is not None
        return end

    def __iter__(self) -> Iterator[Outcome]:
        table = self.table
        return (table[k] for k in self.keys)  # type: ignore[misc]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"KeyedOutcomes({list(self)!r})"


def record_ways(
    tally: Tally[Any],
    ways: Sequence[tuple[float, Sequence[Outcome]]],
    team: Team,
    win_chance: Callable[[tuple[int, ...]], float] | None = None,
) -> None:
    """Record deals played out one or more ways: ``ways`` holds each way's weight and its outcome per
    deal. Each deal's figures are the weighted mean of its ways' (one way of weight 1 unless the play-outs
    blend several ways of playing the cards; the bidding, and so the makers, are the same in each), each
    figure the sum of its weighted terms in order (one way: ``0 + weight * x``, to the last bit), worked
    out once per distinct combination of outcomes (or per key of :class:`KeyedOutcomes`); the deals
    recorded as :meth:`Tally.record` records them, in one call (:func:`~euchre_tutor.advisor.tallies.tally_keys`)."""
    weights = [w for w, _ in ways]

    def figures(key: Outcome | tuple[Outcome, ...]) -> _Figures:
        outs = key if isinstance(key, tuple) else (key,)
        pairs = tuple(zip(weights, outs, strict=True))
        return (
            outs[0].makers,
            sum(w * side_value(o.points, team) for w, o in pairs),
            sum(w * win_chance(o.points) for w, o in pairs) if win_chance else None,
            sum(w * o.made for w, o in pairs),
            sum(w * o.euchred for w, o in pairs),
            sum(w * o.march for w, o in pairs),
            sum(w * o.side_tricks(team) for w, o in pairs),
        )

    ends: Sequence[Outcome | tuple[Outcome, ...] | None]
    keyed = [o for _, o in ways if isinstance(o, KeyedOutcomes)]
    if len(keyed) == len(ways) == 1:  # the batch's few ends, as keys
        keys, ends = keyed[0].keys, keyed[0].table
    elif len(keyed) == len(ways) and len({len(k.table) for k in keyed}) == 1:
        # each way's key a digit of the deal's key: its ends' combination, figured once
        size = len(keyed[0].table)
        combined = keyed[0].keys
        for more in keyed[1:]:
            combined = [a * size + b for a, b in zip(combined, more.keys, strict=True)]
        index: dict[int, int] = {}
        found: list[Outcome | tuple[Outcome, ...] | None] = []
        for combo in dict.fromkeys(combined):  # each combination once, in the order first met
            index[combo] = len(found)
            digits = [combo // size**k % size for k in reversed(range(len(keyed)))]
            found.append(tuple(k.table[d] for k, d in zip(keyed, digits, strict=True)))
        keys, ends = [index[combo] for combo in combined], found
    else:  # a deal's end: its one outcome, or its outcomes' tuple (several ways), each figured once
        deals: Iterable[Outcome | tuple[Outcome, ...]] = (
            ways[0][1] if len(ways) == 1 else zip(*(o for _, o in ways), strict=True)
        )
        # kept by the outcomes' identities (equal outcomes give equal figures; these objects live
        # through the loop): no outcome is hashed
        seen: dict[int | tuple[int, ...], int] = {}
        keys = []
        listed: list[Outcome | tuple[Outcome, ...]] = []
        for deal in deals:
            known = id(deal) if len(ways) == 1 else tuple(map(id, deal))  # type: ignore[arg-type]
            key = seen.get(known)
            if key is None:
                key = seen[known] = len(listed)
                listed.append(deal)
            keys.append(key)
        ends = listed
    table: list[tallies.KeyEnd | None] = []
    for end in ends:
        if end is None:
            table.append(None)
            continue
        makers, *rest = figures(end)
        table.append((0 if makers is None else 1 if makers is team else 2, *rest))  # type: ignore[arg-type]
    tally.absorb(
        *tallies.tally_keys(keys, table, win_chance is not None, tally.running, compiled=tallies.COMPILED)
    )


#: one deal's figures as :meth:`Tally.record` takes them: the makers, value, win, made, euchred, march,
#: tricks
_Figures = tuple[Team | None, float, float | None, float, float, float, float]


# ---------------------------------------------------------------------------
# An option's figures, and the stopping rule


@dataclass(frozen=True, slots=True)
class Figures(Generic[ActionT]):
    """One option's numbers on the deals so far, from the analysed seat's side (a game builds its
    option from them): ``loss`` is against the best in the mode's utility and ``ev_gap`` in points,
    both paired on the deals both were valued on; ``makers`` is whose side the makers were (``"us"``,
    ``"them"``, ``"either"``, ``"none"``); ``tricks`` the side's mean tricks in the deals with makers."""

    action: ActionT
    ev: float
    se: float
    loss: float
    loss_se: float
    ev_gap: float
    ev_gap_se: float
    makers: str
    p_make: float
    p_euchred: float
    p_march: float
    p_passed_out: float
    p_win_game: float | None
    tricks: float
    follow_ups: tuple[tuple[str, int], ...]
    worlds: int  # the deals it was valued on (fewer than the run's: pruned)


_FIGURES: Final = frozenset(f.name for f in fields(Figures))


class _Loss(Protocol):
    @property
    def action(self) -> Hashable: ...
    @property
    def loss(self) -> float: ...
    @property
    def loss_se(self) -> float: ...


def settled(options: Sequence[_Loss], mode: str, focus: Hashable | None = None) -> bool:
    """No option's loss interval (at :data:`STOP_Z`) straddles a grade boundary (0, the tie, included),
    unless it is already narrower than :data:`~euchre_tutor.advisor.shared.PRECISION` (a loss that
    close to a boundary is graded either way). With ``focus`` (the action a student took) the test is
    a grade's (:func:`focus_settled`)."""
    if focus is None:
        return loss_settled(options, mode, STOP_Z)
    return focus_settled(options, mode, focus)


def focus_settled(options: Sequence[_Loss], mode: str, focus: Hashable) -> bool:
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


@dataclass(frozen=True, slots=True)
class Prune:
    """Which options stop being valued: after the best ``keep`` (and never the action graded), those
    whose loss is above ``above`` even at the low end of its interval at ``z`` standard errors."""

    z: float
    above: float
    keep: int = 1


@dataclass(frozen=True, slots=True)
class Batch:
    """One batch of sampled deals: how many, their effective number (weighted deals tell less than as
    many independent ones), what the reasons read of the first of them (the deals' states, or the
    deals: the game's choice; ``states``), and whatever else the game's :meth:`SampledRun.value`
    reads of them (``detail``)."""

    dealt: int
    ess: float
    states: Sequence[Any]
    detail: Any = None


# ---------------------------------------------------------------------------
# The run


class SampledRun(Generic[ViewT, ActionT, OptionT, AnalysisT]):
    """An analysis in progress: its sampled deals so far, valued per option, and more on demand.

    :meth:`extend` adds batches until the stopping rule is met or a cap is reached and returns the
    analysis at that point; it may be called again with a higher cap or an action to grade, and goes on
    from where it stopped. The analysis after the same calls is the same whatever the stops in between.
    A game sets :attr:`base` (its :func:`decision_seed`), :attr:`mode` and :attr:`aware` (whether the
    options carry the chance to win the match) in its constructor, and overrides the hooks.
    """

    #: the first batch stops at each of these deals to drop the options :attr:`probe_prune` names
    probes: ClassVar[tuple[int, ...]] = ()
    probe_prune: ClassVar[Prune | None] = None
    #: the options no longer valued are settled: ranked after those still valued (their means are over
    #: fewer deals) and left out of the stopping rule; otherwise ranked with the others and looked at
    pruned_apart: ClassVar[bool] = False
    #: the game's option (a dataclass): :meth:`option` fills its fields from the figures of their names
    option_type: ClassVar[type[Any]]
    #: the option's fields that take a figure of another name (field: figure)
    option_names: ClassVar[Mapping[str, str]] = {}
    mode: Mode = "points"
    aware: bool = False
    base: str

    def __init__(self, view: ViewT, *, worlds: int, seed: int | str) -> None:
        check_analysable(view, worlds)
        self.view = view
        self.worlds = worlds
        self.seed = seed
        self.tallies: list[Tally[ActionT]] = [Tally(a) for a in view.legal]
        self.order: dict[ActionT, int] = {a: i for i, a in enumerate(view.legal)}
        self.pairs: dict[tuple[ActionT, ActionT, str], Paired] = {}
        self.sample: list[Any] = []  # what the reasons read of the first REASON_WORLDS deals
        self.count = 0  # deals valued
        self.n_eff = 0.0
        self.batch = 0
        self.checked = 0  # the deals at the last look of the stopping rule
        self.ranked: list[Figures[ActionT]] = []
        self.focused = False  # it went on for an action's grade (its later deals depend on that action)

    # -- hooks ---------------------------------------------------------------

    def draw(self, rng: random.Random, room: int) -> Batch:
        """One batch of deals from ``rng`` (``room``: how many more states the reasons keep)."""
        raise NotImplementedError

    def value(self, batch: Batch, start: int, stop: int, tallies: Sequence[Tally[ActionT]]) -> None:
        """Record the deals ``start`` to ``stop`` of ``batch`` in every tally of ``tallies`` (the
        options still valued), in order; the run has valued :attr:`count` deals before this batch."""
        raise NotImplementedError

    def option(self, figures: Figures[ActionT]) -> OptionT:
        """The game's option from its figures: each field of :attr:`option_type` takes the figure of its
        name (or of the name in :attr:`option_names`); a field no figure names keeps its default."""
        names = {f.name: self.option_names.get(f.name, f.name) for f in fields(self.option_type)}
        given = {k: getattr(figures, v) for k, v in names.items() if v in _FIGURES}
        return self.option_type(**given)  # type: ignore[no-any-return]

    def finish(self, options: list[OptionT]) -> AnalysisT:
        """The game's analysis from its options, best first, on :attr:`checked` deals."""
        raise NotImplementedError

    def preference(self, action: ActionT) -> int:
        """Among options of equal value, the lower first (after value, before the engine's order)."""
        return 0

    def check_limit(self, limit: int) -> int:
        """The cap on deals the run takes when asked for ``limit`` (it may refuse one, or lower it)."""
        return limit

    def look_prune(self) -> Prune | None:
        """What a look of a refined grade prunes (on :data:`GRADE_MIN_WORLDS` deals at least)."""
        return Prune(PRUNE_Z, 0.0)

    # -- the loop ------------------------------------------------------------

    def extend(
        self, limit: int, *, focus: ActionT | None = None, on_batch: Callable[[int, int], None] | None = None
    ) -> AnalysisT:
        """Add batches of deals while the stopping rule asks for more (:func:`settled`; with ``focus``, until
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
        limit = self.check_limit(limit)
        self.focused = self.focused or focus is not None
        with gc_paused():  # a batch makes thousands of short-lived tuples, no cycles
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

    def analysis(self) -> AnalysisT:
        """The analysis on the deals valued so far (at the last look)."""
        return self.finish([self.option(f) for f in self.ranked])

    def _add(self) -> None:
        """Sample one batch of deals and value every option still valued on them (in pieces, at the
        probes of the first batch)."""
        rng = random.Random(self.base if self.batch == 0 else f"{self.base}|batch {self.batch}")
        room = REASON_WORLDS - len(self.sample)
        batch = self.draw(rng, room)
        active = [t for t in self.tallies if t.active]
        stops = [p for p in self.probes if self.batch == 0 and p < batch.dealt] + [batch.dealt]
        start = 0
        for stop in stops:
            self.value(batch, start, stop, active)
            start = stop
            for t in active:
                t.n_eff = self.n_eff + min(float(stop), batch.ess)
            if stop < batch.dealt and self.probe_prune is not None:
                self._prune(self.probe_prune, None, self._rank())
                active = [t for t in active if t.active]
        self.n_eff += min(float(batch.dealt), batch.ess)
        self.sample.extend(batch.states[: max(0, room)])
        self.count += batch.dealt
        self.batch += 1

    def _look(self, focus: ActionT | None) -> None:
        """Rank the options on the deals so far (and, refining a grade, stop valuing the hopeless ones)."""
        self.ranked = self._rank()
        self.checked = self.count
        prune = self.look_prune() if focus is not None and self.count >= GRADE_MIN_WORLDS else None
        if prune is not None:
            self._prune(prune, focus, self.ranked)

    def _prune(self, prune: Prune, focus: ActionT | None, ranked: Sequence[Figures[ActionT]]) -> None:
        tallies = {t.action: t for t in self.tallies}
        for f in ranked[prune.keep :]:
            if f.action != focus and f.loss - prune.z * f.loss_se > prune.above:
                tallies[f.action].active = False

    def _settled(self, focus: ActionT | None) -> bool:
        if focus is not None:
            return settled(self.ranked, self.mode, focus) and self.count >= GRADE_MIN_WORLDS
        if not self.pruned_apart:
            return settled(self.ranked, self.mode)
        live = {t.action for t in self.tallies if t.active}
        return settled([f for f in self.ranked if f.action in live], self.mode)

    def _rank(self) -> list[Figures[ActionT]]:
        """The options best first (by utility, then expected points, then the game's preference, then the
        engine's order), each with its paired loss against the best (on the deals both were valued on)."""
        game = self.mode == "game" and self.aware

        def key(t: Tally[ActionT]) -> tuple[float, float, int, int]:
            ev = t.total / len(t.values)
            utility = sum(t.wins) / len(t.wins) if game else ev
            return (-utility, -ev, self.preference(t.action), self.order[t.action])

        if self.pruned_apart:
            ranked = sorted((t for t in self.tallies if t.active), key=key)
            ranked += sorted((t for t in self.tallies if not t.active), key=key)
        else:
            ranked = sorted(self.tallies, key=key)
        return [self._figures(t, ranked[0]) for t in ranked]

    def _figures(self, tally: Tally[ActionT], best: Tally[ActionT]) -> Figures[ActionT]:
        n = len(tally.values)
        sides = tally.sides
        makers = (
            "none" if not sides else ("either" if len(sides) > 1 else ("us" if True in sides else "them"))
        )
        loss = loss_se = gap = gap_se = 0.0
        if best is not tally:

            def paired(kind: str, b: Sequence[float], o: Sequence[float]) -> tuple[float, float]:
                pair = self.pairs.setdefault((best.action, tally.action, kind), Paired())
                total, count = pair.extend(b, o)
                return total / count, pair.spread.se(min(best.n_eff, tally.n_eff))

            gap, gap_se = paired("ev", best.values, tally.values)
            if self.mode == "game" and self.aware:
                loss, loss_se = paired("win", best.wins, tally.wins)
            else:
                loss, loss_se = gap, gap_se
        played = n - tally.passed
        return Figures(
            action=tally.action,
            ev=tally.total / n,
            se=tally.spread.se(tally.n_eff),
            loss=loss,
            loss_se=loss_se,
            ev_gap=gap,
            ev_gap_se=gap_se,
            makers=makers,
            p_make=tally.made / n,
            p_euchred=tally.euchred / n,
            p_march=tally.march / n,
            p_passed_out=tally.passed / n,
            p_win_game=sum(tally.wins) / n if self.aware else None,
            tricks=tally.tricks / played if played else 0.0,
            follow_ups=tuple(sorted(tally.follow_ups.items(), key=lambda kv: (-kv[1], kv[0]))),
            worlds=n,
        )


# ---------------------------------------------------------------------------
# The grading's decision

GradeCase = Literal["best", "tie", "floor", "band"]


def grade_case(mine: SampledLoss, best: SampledLoss, mode: str, *, tie_floor: bool = True) -> GradeCase:
    """How a sampled option is graded against the analysis's best: it is the best; a tie (the interval
    of its loss reaches 0, or the loss is 0); with ``tie_floor``, Best in practice for a loss under the
    tie floor (:data:`~euchre_tutor.advisor.shared.TIE_FLOOR`: finer than sampled deals tell apart
    reliably); otherwise the label of the band its loss falls in (:func:`band_label`)."""
    if mine is best:
        return "best"
    loss = max(0.0, mine.loss)
    if mine.tied or loss == 0:
        return "tie"
    if tie_floor and loss < TIE_FLOOR[mode]:
        return "floor"
    return "band"


def band_label(loss: float, mode: str) -> str:
    """The label of the band a positive sampled loss falls in, on the scale every game shares."""
    return grade_label(Fraction(loss).limit_denominator(100_000), mode)


def borderline(option: SampledLoss, mode: str, *, tie_floor: bool = True) -> tuple[str, str] | None:
    """The two labels whose shared edge the option's loss interval still straddles (None: none; a tie
    straddles none). With ``tie_floor`` the tie floor is an edge too (between Best and Good).

    Adaptive sampling adds deals while this happens; what remains at the cap is a loss that sits
    on an edge, and a label either side of it is as right as the other.
    """
    if option.tied:
        return None
    half = option.interval
    limits = [(float(limit), name) for limit, name in THRESHOLDS[mode]]
    if tie_floor:
        limits.insert(0, (TIE_FLOOR[mode], "Best"))
    names = [name for _, name in limits] + ["Blunder"]
    for (limit, _), lower, upper in zip(limits, names, names[1:], strict=False):
        if option.loss - half < limit < option.loss + half:
            return lower, upper
    return None
