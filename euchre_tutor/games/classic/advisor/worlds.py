"""Sampled worlds: full deals consistent with what one seat has seen, weighted by the bidding.

The classic advisor values an action by averaging over many *worlds*: full
:class:`~euchre_tutor.games.classic.engine.engine.HandState` objects at exactly the view's
point, each with the hidden cards placed somewhere they could be.
:func:`sample_worlds` builds them in three steps.

1. **Uniform consistent candidates**
   (:mod:`~euchre_tutor.games.classic.advisor.placement`, from the voids and bids that
   :mod:`~euchre_tutor.games.classic.advisor.evidence` reads): every hidden card placed
   only where it could be, with a known proposal probability ``q``.
2. **Weights from the bids** (:mod:`~euchre_tutor.games.classic.advisor.bidweights`): each
   candidate's bids' likelihood under :class:`BiddingModel`, over ``q``; a candidate
   with a bid illegal for its hand gets weight 0. Candidates are drawn until
   ``candidates_per_world * n`` fit (at most 50 times that many draws, then a clear error).
3. **Resampling.** Systematic resampling (one random offset) keeps ``n``
   candidates in proportion to their weights. Only those become worlds
   (:mod:`~euchre_tutor.games.classic.advisor.rebuild`); a candidate drawn twice is the
   same world object twice. :meth:`WorldSampler.report` also returns the number of
   candidates, the effective sample size ``(sum w)^2 / sum w^2`` and, on request, the
   swaps of each world's hidden hands (:mod:`~euchre_tutor.games.classic.advisor.swaps`).

One view's :class:`~euchre_tutor.games.classic.advisor.plan.WorldPlan` holds these steps
together; a hand thrown in by another seat's misdeal has worlds of its own
(:mod:`~euchre_tutor.games.classic.advisor.misdeal`). Everything is deterministic for a given
``random.Random`` state. The speed is measured by ``benchmarks/classic_worlds.py``
(figures in ``docs/advisors.md``). Pass ``candidates_per_world`` (default 3) for more
candidates per world.

The bidding model, which weighs each candidate by the bids, is in
:mod:`euchre_tutor.games.classic.advisor.bidmodel`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final, TypeVar, overload

from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.bidmodel import BidContext, BiddingModel
from euchre_tutor.games.classic.advisor.misdeal import misdeal_cards, misdeal_world, misdealt_worlds
from euchre_tutor.games.classic.advisor.placement import Candidate
from euchre_tutor.games.classic.advisor.plan import WorldPlan
from euchre_tutor.games.classic.advisor.swaps import MaskOrbit, Orbit
from euchre_tutor.games.classic.engine.engine import HandState
from euchre_tutor.games.classic.views import SeatView

__all__ = [
    "BidContext",
    "BiddingModel",
    "LazyWorlds",
    "MaskSample",
    "WorldPlan",
    "WorldSample",
    "WorldSampler",
    "misdeal_cards",
    "misdeal_world",
    "sample_worlds",
]

CANDIDATES_PER_WORLD: Final = 3
_PATIENCE: Final = 50

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class WorldSample:
    """The resampled worlds and how well the candidates covered the bidding's evidence."""

    worlds: Sequence[HandState]  # a list, or :class:`LazyWorlds`
    candidates: int  # candidates drawn
    consistent: int  # candidates with a nonzero weight (every bid legal with the hand): kept for resampling
    ess: float  # effective sample size of the weighted candidates, (sum w)^2 / sum w^2
    #: with ``orbits=True``: per world, every seat's current hand in each allowed swap of the hidden
    #: hands, with its share of the bids' likelihood (:meth:`.swaps.SwapOrbits.orbit`); None when swaps
    #: do not apply
    orbits: list[Orbit] | None = None


def sample_worlds(
    view: SeatView,
    n: int,
    rng: random.Random,
    *,
    model: BiddingModel | None = None,
    candidates_per_world: int = CANDIDATES_PER_WORLD,
) -> list[HandState]:
    """``n`` full deals at the view's point, consistent with it and weighted by the bidding.

    ``model`` defaults to :class:`BiddingModel` (``BiddingModel(uniform=True)`` for none).
    Deterministic for a given ``rng`` state. See the module docstring for the method.
    """
    return list(WorldSampler(view, model).report(n, rng, candidates_per_world=candidates_per_world).worlds)


class WorldSampler:
    """Batch after batch of worlds for one view (:meth:`report` is one batch).

    An analysis that adds batches keeps one sampler: what does not change between batches (the
    view's slots and constraints, the first world replayed through the engine, the bids' likelihood
    of every hand already weighed) is worked out once.
    """

    def __init__(self, view: SeatView, model: BiddingModel | None = None, ups: Sequence[Card] = ()) -> None:
        self.view = view
        self.model = model if model is not None else BiddingModel()
        self.misdealer = next((s for s, a in view.bids if a.kind == "misdeal" and s != view.seat), None)
        self.plan = None if self.misdealer is not None else WorldPlan(view)
        #: the plans the candidates are drawn from in turn, and each one's own part of the weight (one
        #: plan, the view's, unless ``ups`` are given: :func:`_up_plans`)
        self.plans: list[WorldPlan] = [] if self.plan is None else [self.plan]
        self.own: list[float] = [0.0]
        if ups and self.plan is not None:
            self.plans, self.own = _up_plans(view, self.plan, ups, self.model)

    def report(
        self,
        n: int,
        rng: random.Random,
        *,
        candidates_per_world: int = CANDIDATES_PER_WORLD,
        orbits: bool = False,
    ) -> WorldSample:
        """One batch of ``n`` worlds (:func:`sample_worlds`) with the candidate count and the effective
        sample size; with ``orbits``, also each world's swaps of the hidden hands
        (:meth:`~euchre_tutor.games.classic.advisor.swaps.SwapOrbits.orbit`) where they apply."""
        _check_batch(n, candidates_per_world)
        if self.plan is None:
            assert self.misdealer is not None
            worlds, tries = misdealt_worlds(self.view, self.misdealer, n, rng)
            return WorldSample(worlds, tries, n, float(n))
        plans = self.plans
        d = _draw(self.view, plans, self.own, self.model, n, rng, candidates_per_world)
        worlds = _build(plans, d, len(d.picks))
        swaps: list[Orbit] | None = None
        if orbits and _orbits_ready(plans, d):
            swaps = _per_pick(plans, d, lambda plan, cand: plan.orbit(cand, self.model))
        return WorldSample(worlds, d.drawn, len(d.cands), d.ess, swaps)

    def lazy(self, n: int, rng: random.Random) -> WorldSample:
        """:meth:`report`'s batch (the same draws and worlds from the same generator state, which it
        leaves in the same state) with its worlds as :class:`LazyWorlds`: each state built when first
        read, the hands read without them where the plans can (the bids' play-outs need no more)."""
        if self.plan is None:
            return self.report(n, rng)
        _check_batch(n, CANDIDATES_PER_WORLD)
        d = _draw(self.view, self.plans, self.own, self.model, n, rng, CANDIDATES_PER_WORLD)
        return WorldSample(LazyWorlds(self.plans, d), d.drawn, len(d.cands), d.ess)

    def masks(
        self, n: int, rng: random.Random, deals: int, *, candidates_per_world: int = CANDIDATES_PER_WORLD
    ) -> MaskSample | WorldSample:
        """One batch for card play valued from hand masks: the same draws, candidates, weights and
        resampled deals as :meth:`report` with ``orbits=True`` from the same generator state (which it
        leaves in the same state), but each deal's swaps as hand masks
        (:meth:`~.swaps.SwapOrbits.orbit_masks`), the state of the first deal only (the position every
        deal shares) and the dealt hands of the first ``deals`` as masks (at least one), with no state
        or deal built for them. Where the swaps do not apply (or a misdeal's worlds serve),
        :meth:`report`'s own batch instead."""
        if self.plan is None:
            return self.report(n, rng, candidates_per_world=candidates_per_world, orbits=True)
        _check_batch(n, candidates_per_world)
        plans = self.plans
        d = _draw(self.view, plans, self.own, self.model, n, rng, candidates_per_world)
        if not _orbits_ready(plans, d):
            return WorldSample(_build(plans, d, n), d.drawn, len(d.cands), d.ess, None)
        state = _build(plans, d, 1)[0]
        dealt = _per_pick(
            plans, replace(d, picks=d.picks[: max(1, deals)]), lambda plan, cand: plan.dealt_masks(cand)
        )
        swaps = _orbit_masks(plans, d, self.model)
        return MaskSample(state, dealt, swaps, d.drawn, len(d.cands), d.ess)


def _check_batch(n: int, candidates_per_world: int) -> None:
    """Refuse a batch of no worlds, or of fewer than one candidate per world."""
    if not isinstance(n, int) or n < 1:
        raise EuchreError(f"the number of worlds must be a positive integer, not {n!r}")
    if candidates_per_world < 1:
        raise EuchreError(f"candidates_per_world must be at least 1, not {candidates_per_world!r}")


def _up_plans(
    view: SeatView, plan: WorldPlan, ups: Sequence[Card], model: BiddingModel
) -> tuple[list[WorldPlan], list[float]]:
    """One plan per card the turned-down up card could have been, and its own part of the weight.

    A book's position may leave the up card out after a round-2 call (the reader's
    :class:`~euchre_tutor.games.classic.advisor.position.Reading` ``up-unknown`` lists the cards it could
    be). Every such card is a priori as likely as any other (the deal is uniform), so drawing the
    candidates from each card's plan in turn and weighing them as each plan does (the bids' likelihood
    over the placement's ``q``, all over the same number of hidden cards) plus the viewing seat's own
    bids' likelihood with that up card (:meth:`~.bidweights.BidWeighing.own_part`) weighs every up
    card by how likely the passes were with it. A card no deal fits is left out; the view's own up
    card keeps its plan.
    """
    plans: list[WorldPlan] = []
    own: list[float] = []
    for up in sorted(set(ups), key=lambda c: c.index):
        try:
            one = plan if up == view.up else WorldPlan(replace(view, up=up))
        except EuchreError:
            continue
        part = one.own_part(model)
        if part > -math.inf:
            plans.append(one)
            own.append(part)
    if not plans:
        return [plan], [0.0]
    return plans, own


@dataclass(frozen=True, slots=True)
class MaskSample:
    """A batch for card play valued from hand masks (:meth:`WorldSampler.masks`): the swaps of every
    resampled deal's hidden hands as masks, the state of its first deal and the dealt hands of its
    first deals."""

    #: the first resampled deal's state: the position every deal shares (the trick, the makers, the
    #: seat to act's hand)
    state: HandState
    #: the first resampled deals' dealt hands (at least one), as masks of card bits by seat number
    dealt: list[tuple[int, ...]]
    #: per resampled deal, every seat's current hand as a mask in each allowed swap, with its share
    orbits: list[MaskOrbit]
    candidates: int
    consistent: int
    ess: float


@dataclass(frozen=True, slots=True)
class _Drawn:
    """One batch's weighed candidates and the resampled picks among them (before any world is built)."""

    cands: list[Candidate]
    which: list[int]  # the plan each candidate was drawn from
    picks: list[int]
    drawn: int
    ess: float


def _orbits_ready(plans: Sequence[WorldPlan], d: _Drawn) -> bool:
    """Whether every plan a pick was drawn from has its swaps ready (each plan asked once)."""
    return all(plans[k].orbit_ready() for k in {d.which[i] for i in d.picks})


def _per_pick(plans: Sequence[WorldPlan], d: _Drawn, make: Callable[[WorldPlan, Candidate], T]) -> list[T]:
    """``make(plan, candidate)`` for every pick, once per candidate (a candidate picked twice gets the
    same object twice)."""
    found: dict[int, T] = {}
    out: list[T] = []
    for i in d.picks:
        if i not in found:
            found[i] = make(plans[d.which[i]], d.cands[i])
        out.append(found[i])
    return out


def _orbit_masks(plans: Sequence[WorldPlan], d: _Drawn, model: BiddingModel) -> list[MaskOrbit]:
    """Every pick's :meth:`~.swaps.SwapOrbits.orbit_masks`, each plan's candidates in one batch
    (:meth:`~.swaps.SwapOrbits.orbit_masks_many`); a candidate picked twice gets the same object twice."""
    first: dict[int, None] = dict.fromkeys(d.picks)  # the candidates picked, in the order first picked
    found: dict[int, MaskOrbit] = {}
    for k, plan in enumerate(plans):
        mine = [i for i in first if d.which[i] == k]
        found.update(zip(mine, plan.orbit_masks_many([d.cands[i] for i in mine], model), strict=True))
    return [found[i] for i in d.picks]


class LazyWorlds(Sequence[HandState]):
    """A batch's worlds (:meth:`WorldSampler.lazy`), each state built when first read (a candidate
    picked twice is the same state twice), with what the bids' play-outs read of them: every world's
    hands (:meth:`hand_rows`) and the dealt hands (:meth:`dealt_masks`), without the states where the
    plans can. Its callers keep the object for the batch: the play-outs read it once per batch."""

    def __init__(self, plans: Sequence[WorldPlan], drawn: _Drawn) -> None:
        self._plans, self._drawn = plans, drawn
        self._built: dict[int, HandState] = {}

    def __len__(self) -> int:
        return len(self._drawn.picks)

    @overload
    def __getitem__(self, i: int) -> HandState: ...

    @overload
    def __getitem__(self, i: slice) -> list[HandState]: ...

    def __getitem__(self, i: int | slice) -> HandState | list[HandState]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        d = self._drawn
        pick = d.picks[i]
        state = self._built.get(pick)
        if state is None:
            state = self._built[pick] = self._plans[d.which[pick]].world(d.cands[pick])
        return state

    def hand_rows(self) -> list[list[list[int]]] | None:
        """Per world, every seat's hand as card indices in hand order (by seat number): each world's
        ``[[c.index for c in h] for h in state.hands]``, built from the candidates where the plan can
        (:meth:`~.rebuild.WorldBuilder.hand_rows`), else from the state. None for the worlds of more
        than one plan (up cards that differ)."""
        if len(self._plans) > 1 or not len(self):
            return None
        self[0]  # the plan's first world, replayed, is the others' reference (as in a batch built in order)
        plan, d = self._plans[0], self._drawn
        picked = list(dict.fromkeys(d.picks))  # each candidate once, in the order first picked
        read = plan.hand_rows([d.cands[pick] for pick in picked]) or [None] * len(picked)
        found = dict(zip(picked, read, strict=True))
        out: list[list[list[int]]] = []
        for k, pick in enumerate(d.picks):
            rows = found[pick]
            if rows is None:
                rows = found[pick] = [[c.index for c in h] for h in self[k].hands]
            out.append(rows)
        return out

    def dealt_masks(self, count: int) -> list[tuple[int, ...]]:
        """The first ``count`` worlds' dealt hands as masks of card bits by seat number (each world's
        ``dd.hand_masks(state.deal.hands)``), without their states."""
        d = self._drawn
        return _per_pick(
            self._plans, replace(d, picks=d.picks[: max(0, count)]), lambda p, c: p.dealt_masks(c)
        )


def _build(plans: Sequence[WorldPlan], d: _Drawn, count: int) -> list[HandState]:
    """The states of the first ``count`` picks (a candidate picked twice is the same state twice)."""
    built: dict[int, HandState] = {}
    worlds: list[HandState] = []
    for i in d.picks[:count]:
        state = built.get(i)
        if state is None:
            state = plans[d.which[i]].world(d.cands[i])
            built[i] = state
        worlds.append(state)
    return worlds


def _draw(
    view: SeatView,
    plans: Sequence[WorldPlan],
    own: Sequence[float],
    bidding: BiddingModel,
    n: int,
    rng: random.Random,
    candidates_per_world: int,
) -> _Drawn:
    count = n * candidates_per_world
    cands: list[Candidate] = []
    logws: list[float] = []
    which: list[int] = []  # the plan each candidate was drawn from
    drawn = 0
    ways = len(plans)
    turn: list[int] = []  # the plans, each once in a random order, then again (a fixed order would
    # alias with the evenly spaced pointers of the resampling)
    # Draw until ``count`` candidates fit the bids (a rare hand, like a misdeal's, may need many draws).
    while len(cands) < count and drawn < count * _PATIENCE:
        if ways > 1 and not turn:
            turn = list(range(ways))
            rng.shuffle(turn)
        k = turn.pop() if ways > 1 else 0
        plan = plans[k]
        fast = (
            plan.draw_fast(bidding, rng, count - len(cands), count * _PATIENCE - drawn) if ways == 1 else None
        )
        if fast is not None:
            # the compiled loop: the same candidates, weights and draws as the lines below
            got, weights, used, dead_end = fast
            cands += got
            logws += weights
            which += [0] * len(got)
            drawn += used
            if not dead_end:
                continue
            cand = plan.after_dead_end(rng)  # the last draw met a dead end, as plan.fill would say
        else:
            drawn += 1
            cand = plan.fill(rng)
        if cand is None or not plan.complete(cand, rng):
            continue
        lw = plan.weight(cand, bidding, rng)
        if lw == -math.inf:
            continue
        cands.append(cand)
        logws.append(lw + own[k] if ways > 1 else lw)
        which.append(k)
    if not cands:
        raise EuchreError(
            f"no deal consistent with {view.seat.word}'s view was found in {drawn} tries; "
            "the view's bids may be impossible with any hand"
        )
    top = max(logws)
    weights = [math.exp(lw - top) for lw in logws]
    total = sum(weights)
    ess = total * total / sum(w * w for w in weights)
    picks = _systematic(weights, total, n, rng)
    return _Drawn(cands, which, picks, drawn, ess)


def _systematic(weights: Sequence[float], total: float, n: int, rng: random.Random) -> list[int]:
    """Systematic resampling: one uniform offset, ``n`` evenly spaced pointers into the cumulative weights."""
    step = total / n
    u = rng.random() * step
    out: list[int] = []
    acc = 0.0
    i = 0
    last = len(weights) - 1
    for j in range(n):
        target = u + j * step
        while i < last and acc + weights[i] <= target:
            acc += weights[i]
            i += 1
        out.append(i)
    return out
