"""The Bid Euchre advisor: the value of every legal action from one seat's view.

How the numbers are made (sampled, not exact: the hidden hands are unknown):

1. :func:`~euchre_tutor.advisor.bid.worlds.sample_worlds` draws full deals
   consistent with everything the seat has seen (its hand, the bids and what
   they loosely imply, voids, the kitty it took, the cards it passed).
2. **Card play**: in every world each legal card is valued double-dummy
   (:func:`~euchre_tutor.advisor.bid.dd.card_values_many`: every seat plays
   perfectly afterwards with all cards open).
3. **Bids, trump, kitty discards, cards passed in a call**: in every world
   the action is taken, the ``continuation`` player (the rule-based player,
   passed in by the caller: bots are a later layer) takes every decision up
   to the first lead (the other seats' bids, and the seat's own later ones),
   then the card play is valued double-dummy. Open-handed card play flatters
   the side that plays best with every card known ("strategy fusion"), so a
   bid's value leans to the optimistic side; the paired comparison between
   bids suffers less, as every bid is valued the same way.
4. **The double deck**: twelve tricks are too many to search from the first
   lead (seconds a deal in the compiled core, worse at times), so while more
   than :data:`DD_TRICKS` tricks are left the continuation player plays the
   cards (from each seat's own view), and the last :data:`DD_TRICKS` tricks
   are searched double-dummy. ``method`` says which way an analysis went. That costs some
   twenty Python card choices and a seven-trick search a world, so these analyses take at most
   :data:`DOUBLE_DECK_WORLDS` worlds (seconds a hint still: the double deck's hint is slow).

Both sides score in Bid Euchre, so an option's value in a world is the
seat's side's points minus the other side's for the hand. Every option is
valued on the SAME worlds, so its loss against the best is the mean of
per-world differences with its own standard error (paired), and its 95%
interval decides ties. With ``max_worlds`` above ``worlds``, batches of
``worlds`` more are added while some option's loss interval straddles a
grade boundary (the shared stopping rule of the classic advisor). The same
view, seed and continuation give the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final, Literal, Protocol

from euchre_tutor.advisor.bid import dd
from euchre_tutor.advisor.bid.worlds import sample_worlds
from euchre_tutor.advisor.shared import (
    BOUNDARIES,
    Z95,
    Reason,
    SampledAnalysis,
    SampledLoss,
    check_analysable,
    loss_settled,
    mean_se,
)
from euchre_tutor.bid import Action, HandState, Phase, Seat, Team, hand_points
from euchre_tutor.cards import card_power, effective_suit
from euchre_tutor.errors import EuchreError
from euchre_tutor.views.bid import SeatView, seat_view

__all__ = [
    "ADAPTIVE_MAX_WORLDS",
    "DD_TRICKS",
    "DEFAULT_WORLDS",
    "BidAnalysis",
    "BidOption",
    "Continuation",
    "analyse",
]

Mode = Literal["points"]
Method = Literal["double-dummy", "play-out + double-dummy", "play-out + double-dummy ending"]

DEFAULT_WORLDS: Final = 200
#: the most worlds adaptive sampling takes by default (the table's hint and ``bid analyze``)
ADAPTIVE_MAX_WORLDS: Final = 800
#: the tricks searched double-dummy at the end of a double-deck hand (measured: seven tricks of the
#: double deck cost about 0.2 ms median in the compiled core, eight about 0.4 ms with a worst of 25)
DD_TRICKS: Final = 7
#: the most worlds the double deck's play-outs take (its bids, and its cards while more than
#: DD_TRICKS tricks are left): each world plays some twenty cards by the continuation player in Python
#: and searches a seven-trick ending (benchmarks/bid_advisor.py: still seconds a hint)
DOUBLE_DECK_WORLDS: Final = 24
#: with more options than this (the bidding: every level of every contract), the first batch stops
#: at each of PROBES worlds, and the options that lose more than PRUNE_LOSS points against the best
#: even at the low end of their 95% interval keep the numbers they have: PRUNE_LOSS is the Blunder
#: boundary of the shared scale, so their label is settled whatever more worlds would say. The
#: others go on to the full sample (the best PRUNE_ABOVE always do).
PRUNE_ABOVE: Final = 6
PROBES: Final = (8, 20, 50, 100)
PRUNE_LOSS: Final = BOUNDARIES["points"][-1]


class Continuation(Protocol):
    """Who takes the decisions after the valued one (``choose(view) -> Action``)."""

    def choose(self, view: SeatView) -> Action: ...


@dataclass(frozen=True, slots=True)
class BidOption(SampledLoss):
    """One legal action's sampled values, from the analysed seat's side.

    ``ev``: the mean of the seat's side's points minus the other side's for the hand; ``loss``: what
    it gives up against the best option on the same worlds (paired), ``loss_se`` its standard error
    (``interval`` and ``ev_interval`` are the 95% half-widths). ``tricks``: the mean tricks the
    seat's side takes; ``p_make``: P(the bidders make their bid), ``bidders``: whose side they are
    (``"us"``, ``"them"``, ``"either"``, ``"none"``), ``p_passed_out``: P(the hand is thrown in).
    """

    action: Action
    ev: float
    se: float
    loss: float = 0.0
    loss_se: float = 0.0
    tricks: float = 0.0
    p_make: float = 0.0
    bidders: str = "none"
    p_passed_out: float = 0.0
    reasons: tuple[Reason, ...] = ()
    worlds: int = 0  # the sampled deals it was valued on (fewer than the analysis's: a settled blunder)

    @property
    def label(self) -> str:
        return str(self.action)

    def to_json(self) -> dict[str, object]:
        return {
            "action": str(self.action),
            "ev": round(self.ev, 4),
            "ev_interval": round(self.ev_interval, 4),
            "loss": round(self.loss, 4),
            "interval": round(self.interval, 4),
            "tied": self.tied,
            "tricks": round(self.tricks, 4),
            "p_make": round(self.p_make, 4),
            "bidders": self.bidders,
            "p_passed_out": round(self.p_passed_out, 4),
            "worlds": self.worlds,
            "reasons": [r.to_json() for r in self.reasons],
        }


@dataclass(frozen=True, slots=True)
class BidAnalysis(SampledAnalysis[BidOption]):
    """The analysis of one decision: options best first, the method, the reasons."""

    seat: Seat
    phase: Phase
    legal: tuple[Action, ...]
    options: tuple[BidOption, ...]  # best first
    worlds: int
    method: Method
    reasons: tuple[Reason, ...]
    seed: int | str
    parse = staticmethod(Action.parse)
    mode: Mode = "points"

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat.name,
            "phase": self.phase.value,
            "legal": [str(a) for a in self.legal],
            "options": [o.to_json() for o in self.options],
            "best": self.best.label,
            "worlds": self.worlds,
            "method": self.method,
            "mode": self.mode,
            "reasons": [r.to_json() for r in self.reasons],
        }


# ---------------------------------------------------------------------------
# One world's outcome


@dataclass(frozen=True, slots=True)
class _Outcome:
    bidders: Team | None  # None: thrown in
    tricks: int  # the bidders' tricks
    points: tuple[int, int]  # (NS, EW)
    made: bool


def _outcome(state: HandState, bidders_tricks: int) -> _Outcome:
    """The hand's points when the bidders of ``state`` end with ``bidders_tricks``."""
    team = state.bidders
    assert team is not None and state.high is not None
    mine, others = hand_points(state.rules, state.high.level, state.high.alone, bidders_tricks)
    points = (mine, others) if team.index == 0 else (others, mine)
    return _Outcome(team, bidders_tricks, points, bidders_tricks >= state.needs)


_THROWN_IN: Final = _Outcome(None, 0, (0, 0), False)


def _tricks_left(state: HandState) -> int:
    return state.rules.hand_size - len(state.tricks)


def _dd_ready(state: HandState) -> bool:
    """Small enough for the double-dummy search: every single-deck hand; the double deck's ending."""
    return not state.rules.double_deck or _tricks_left(state) <= DD_TRICKS


def _advance(state: HandState, continuation: Continuation) -> HandState:
    """Let the continuation decide until the play can be searched (or the hand is over)."""
    while not state.is_over and not (
        state.phase is Phase.PLAY and not state.trick_plays and _dd_ready(state)
    ):
        seat = state.to_act
        assert seat is not None
        state = state.apply(continuation.choose(seat_view(state, seat)))
    return state


class _Solver:
    """The double-dummy values of the positions the options reach, each solved once per world."""

    def __init__(self, backend: str | None) -> None:
        self.backend = backend
        self.memo: dict[tuple[object, ...], int] = {}

    @staticmethod
    def key(world: int, s: HandState) -> tuple[object, ...]:
        return (
            world,
            s.hands,
            s.trump,
            s.notrump,
            s.bidder,
            s.trick_leader,
            s.sitting_out,
            len(s.tricks),
            s.tricks_won(s.bidders) if s.bidders is not None else 0,
        )

    def outcomes(self, ends: Sequence[tuple[int, HandState]]) -> list[_Outcome]:
        todo: dict[tuple[object, ...], HandState] = {}
        for w, s in ends:
            if s.phase is Phase.PLAY:
                k = self.key(w, s)
                if k not in self.memo:
                    todo.setdefault(k, s)
        if todo:
            values = dd.solve_many(list(todo.values()), backend=self.backend)
            self.memo.update(zip(todo, values, strict=True))
        out = []
        for w, s in ends:
            if s.phase is Phase.PLAY:
                out.append(_outcome(s, self.memo[self.key(w, s)]))
            elif s.bidders is not None:
                out.append(_outcome(s, s.tricks_won(s.bidders)))
            else:
                out.append(_THROWN_IN)
        return out


# ---------------------------------------------------------------------------
# Tallies


@dataclass(slots=True)
class _Tally:
    action: Action
    outcomes: list[_Outcome] = field(default_factory=list)
    values: list[float] = field(default_factory=list)


def _side_value(o: _Outcome, team: Team) -> float:
    return float(o.points[team.index] - o.points[1 - team.index])


def _tally_batch(
    view: SeatView,
    sample: Sequence[HandState],
    first: int,
    tallies: Sequence[_Tally],
    continuation: Continuation,
    solver: _Solver,
) -> None:
    """Add one batch of worlds (numbered from ``first``) to every option's tally."""
    team = view.seat.team
    if view.phase is Phase.PLAY and all(_dd_ready(w) for w in sample):
        values = dd.card_values_many(sample, backend=solver.backend)
        for t in tallies:
            card = t.action.card
            assert card is not None
            for w, v in zip(sample, values, strict=True):
                o = _outcome(w, v[card])
                t.outcomes.append(o)
                t.values.append(_side_value(o, team))
        return
    for t in tallies:
        ends = [(first + i, _advance(w.apply(t.action), continuation)) for i, w in enumerate(sample)]
        for o in solver.outcomes(ends):
            t.outcomes.append(o)
            t.values.append(_side_value(o, team))


def _summarise(t: _Tally, team: Team, best: _Tally, hand_size: int) -> BidOption:
    """One option's numbers; its loss is paired with the best's values on the worlds it was valued
    on (all of them, or the probe's first worlds for an option dropped as a clear blunder)."""
    n = len(t.values)
    ev, se = mean_se(t.values, n)
    loss = loss_se = 0.0
    if best is not t:
        loss, loss_se = mean_se([b - v for b, v in zip(best.values[:n], t.values, strict=True)], n)
    played = [o for o in t.outcomes if o.bidders is not None]
    sides = {o.bidders is team for o in played}
    bidders = "none" if not played else ("either" if len(sides) > 1 else ("us" if True in sides else "them"))
    mine = [o.tricks if o.bidders is team else (hand_size - o.tricks) for o in played]
    return BidOption(
        action=t.action,
        ev=ev,
        se=se,
        loss=loss,
        loss_se=loss_se,
        tricks=sum(mine) / len(mine) if mine else 0.0,
        p_make=sum(1 for o in played if o.made) / n,
        bidders=bidders,
        p_passed_out=(n - len(played)) / n,
        worlds=n,
    )


def _survivors(view: SeatView, live: list[_Tally], order: dict[Action, int], team: Team) -> list[_Tally]:
    """The options worth more worlds after the probe: all but those whose loss against the probe's
    best is above :data:`PRUNE_LOSS` points even at the low end of its 95% interval (a Blunder
    whatever more worlds would say); the best :data:`PRUNE_ABOVE` always stay."""
    ranked = _rank(view, live, order)
    best = ranked[0]
    keep = ranked[:PRUNE_ABOVE]
    for t in ranked[PRUNE_ABOVE:]:
        loss, se = mean_se([b - v for b, v in zip(best.values, t.values, strict=True)], len(t.values))
        if loss - Z95 * se <= PRUNE_LOSS:
            keep.append(t)
    return keep


def _preference(view: SeatView, action: Action) -> int:
    """Among cards of equal value: lead the top of a sequence, follow with the cheapest."""
    if action.card is None or view.phase is not Phase.PLAY:
        return 0
    card = action.card
    led = view.led_suit or effective_suit(card, view.trump)
    power = card_power(card, view.trump, led, view.notrump)
    return -power if not view.trick_plays else power


def _rank(view: SeatView, tallies: Sequence[_Tally], order: dict[Action, int]) -> list[_Tally]:
    def key(t: _Tally) -> tuple[float, int, int]:
        return (-sum(t.values) / len(t.values), _preference(view, t.action), order[t.action])

    return sorted(tallies, key=key)


def _decision_seed(seed: int | str, view: SeatView) -> str:
    """One seed per decision: the caller's seed and what the seat knows (the same view, the same worlds)."""
    plays = [f"{s.name}{c}" for t in view.tricks for s, c in t.plays] + [
        f"{s.name}{c}" for s, c in view.trick_plays
    ]
    bids = [f"{s.name}{a}" for s, a in view.bids]
    hand = " ".join(str(c) for c in view.hand)
    extra = " ".join(str(c) for c in (*view.discards, *view.gifts))
    return f"{seed}|{view.seat.name}|{view.dealer.name}|{hand}|{' '.join(bids)}|{' '.join(plays)}|{extra}"


def _method(view: SeatView) -> Method:
    if view.phase is Phase.PLAY and (not view.rules.double_deck or len(view.hand) <= DD_TRICKS):
        return "double-dummy"
    if view.rules.double_deck:
        return "play-out + double-dummy ending"
    return "play-out + double-dummy"


def analyse(
    view: SeatView,
    *,
    continuation: Continuation,
    worlds: int = DEFAULT_WORLDS,
    seed: int | str = 0,
    max_worlds: int | None = None,
    backend: str | None = None,
) -> BidAnalysis:
    """Every legal action of ``view``'s seat, valued over sampled deals (see the module doc).

    ``continuation`` takes every decision after the valued one up to the play (the rule-based
    player, :class:`euchre_tutor.bots.bid.RuleBasedPlayer`, is the model of the table), and plays
    the double deck's cards before its searched ending. ``worlds`` deals are sampled first; with
    ``max_worlds`` above it, batches of ``worlds`` more are added while a grade is unsettled, up
    to ``max_worlds``. ``backend`` picks the double-dummy core (``"compiled"`` or ``"python"``).
    """
    from euchre_tutor.advisor.bid.reasons import analysis_reasons, option_reasons

    check_analysable(view, worlds)
    limit = worlds if max_worlds is None else max_worlds
    if limit < worlds:
        raise EuchreError(f"max_worlds ({limit}) must be at least worlds ({worlds})")
    if view.rules.double_deck and _method(view) != "double-dummy":
        worlds, limit = min(worlds, DOUBLE_DECK_WORLDS), min(limit, DOUBLE_DECK_WORLDS)
    base = _decision_seed(seed, view)
    team = view.seat.team
    legal = view.legal
    tallies = [_Tally(a) for a in legal]
    order = {a: i for i, a in enumerate(legal)}
    solver = _Solver(backend)
    sample: list[HandState] = []
    batch = 0
    live = list(tallies)  # the options still sampled (a clear blunder drops out after the probe)
    while True:
        rng = random.Random(base if batch == 0 else f"{base}|batch {batch}")
        drawn = sample_worlds(view, worlds, rng)
        done = 0
        for stop in (*(p for p in PROBES if batch == 0 and p < worlds), worlds):
            _tally_batch(view, drawn[done:stop], len(sample) + done, live, continuation, solver)
            done = stop
            if stop < worlds and len(live) > PRUNE_ABOVE:
                live = _survivors(view, live, order, team)
        sample.extend(drawn)
        batch += 1
        ranked = _rank(view, live, order)
        dropped = _rank(view, [t for t in tallies if t not in live], order)
        options = [_summarise(t, team, ranked[0], view.rules.hand_size) for t in (*ranked, *dropped)]
        if len(sample) + worlds > limit or loss_settled(options[: len(ranked)], "points", Z95):
            break
    with_reasons = tuple(replace(o, reasons=option_reasons(view, o, options, sample)) for o in options)
    return BidAnalysis(
        seat=view.seat,
        phase=view.phase,
        legal=legal,
        options=with_reasons,
        worlds=len(sample),
        method=_method(view),
        reasons=analysis_reasons(view, with_reasons, len(sample), _method(view)),
        seed=seed,
    )
