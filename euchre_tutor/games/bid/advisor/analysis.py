"""The Bid Euchre advisor: the value of every legal action from one seat's view.

How the numbers are made (sampled, not exact: the hidden hands are unknown):

1. :func:`~euchre_tutor.games.bid.advisor.worlds.sample_worlds` draws full deals
   consistent with everything the seat has seen (its hand, the bids and what
   they loosely imply, voids, the kitty it took, the cards it passed).
2. **Card play**: in every world each legal card is valued double-dummy
   (:func:`~euchre_tutor.games.bid.advisor.dd.card_values_many`: every seat plays
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
grade boundary. The loop, the stopping rule and the paired losses are the
sampling advisor's (:class:`~euchre_tutor.advisor.sampling.SampledRun`), as
the classic advisor's are; the first batch of a decision with many options
(the bidding) also stops at :data:`PROBES` deals to drop the clear blunders.
The same view, seed and continuation give the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar, Final

from euchre_tutor.advisor import sampling
from euchre_tutor.advisor.sampling import DEFAULT_WORLDS
from euchre_tutor.advisor.shared import BOUNDARIES, Z95
from euchre_tutor.cards import card_power, effective_suit
from euchre_tutor.games.bid.advisor import dd
from euchre_tutor.games.bid.advisor.options import BidAnalysis, BidOption
from euchre_tutor.games.bid.advisor.reasons import analysis_reasons, option_reasons
from euchre_tutor.games.bid.advisor.worlds import sample_worlds
from euchre_tutor.games.bid.engine import Action, HandState, Phase, hand_points
from euchre_tutor.games.bid.views import SeatView, seat_view

__all__ = [
    "ADAPTIVE_MAX_WORLDS",
    "DD_TRICKS",
    "DEFAULT_WORLDS",
    "BidAnalysis",
    "BidOption",
    "BidRun",
    "Continuation",
    "analyse",
]


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


#: who takes the decisions after the valued one (``choose(view) -> Action``)
Continuation = sampling.Continuation[SeatView, Action]


# ---------------------------------------------------------------------------
# One world's outcome


def _outcome(state: HandState, bidders_tricks: int) -> sampling.Outcome:
    """The hand's points when the bidders of ``state`` end with ``bidders_tricks``."""
    team = state.bidders
    assert team is not None and state.high is not None
    mine, others = hand_points(state.rules, state.high.level, state.high.alone, bidders_tricks)
    points = (mine, others) if team.index == 0 else (others, mine)
    made = bidders_tricks >= state.needs
    return sampling.Outcome(team, bidders_tricks, points, made, not made, hand_tricks=state.rules.hand_size)


_THROWN_IN: Final = sampling.Outcome(None, 0, (0, 0), False)


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

    def outcomes(self, ends: Sequence[tuple[int, HandState]]) -> list[sampling.Outcome]:
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


def _method(view: SeatView) -> sampling.Method:
    if view.phase is Phase.PLAY and (not view.rules.double_deck or len(view.hand) <= DD_TRICKS):
        return "double-dummy"
    if view.rules.double_deck:
        return "play-out + double-dummy ending"
    return "play-out + double-dummy"


class BidRun(sampling.SampledRun[SeatView, Action, BidOption, BidAnalysis]):
    """A Bid Euchre analysis in progress: the sampling advisor's loop
    (:class:`~euchre_tutor.advisor.sampling.SampledRun`) on Bid deals. The first batch of a decision
    with more than :data:`PRUNE_ABOVE` options stops at :data:`PROBES` to drop the clear blunders, which
    keep their numbers and are ranked after the others."""

    probes = PROBES
    probe_prune = sampling.Prune(Z95, PRUNE_LOSS, PRUNE_ABOVE)
    pruned_apart = True
    option_type = BidOption
    option_names: ClassVar[Mapping[str, str]] = {"bidders": "makers"}  # the makers are the bidders

    def __init__(
        self,
        view: SeatView,
        *,
        continuation: Continuation,
        worlds: int = DEFAULT_WORLDS,
        seed: int | str = 0,
        backend: str | None = None,
    ) -> None:
        super().__init__(view, worlds=worlds, seed=seed)
        self.continuation = continuation
        self.method = _method(view)
        #: the double deck's play-outs take at most DOUBLE_DECK_WORLDS deals in all
        self.slow = view.rules.double_deck and self.method != "double-dummy"
        self.size = min(worlds, DOUBLE_DECK_WORLDS) if self.slow else worlds  # the deals in a batch
        self.base = sampling.decision_seed(
            seed, view, own=(" ".join(str(c) for c in (*view.discards, *view.gifts)),)
        )
        self.solver = _Solver(backend)

    def check_limit(self, limit: int) -> int:
        return min(limit, DOUBLE_DECK_WORLDS) if self.slow else limit

    def preference(self, action: Action) -> int:
        """Among cards of equal value: lead the top of a sequence, follow with the cheapest."""
        view = self.view
        if action.card is None or view.phase is not Phase.PLAY:
            return 0
        card = action.card
        led = view.led_suit or effective_suit(card, view.trump)
        power = card_power(card, view.trump, led, view.notrump)
        return -power if not view.trick_plays else power

    def draw(self, rng: random.Random, room: int) -> sampling.Batch:
        drawn = sample_worlds(self.view, self.size, rng)
        return sampling.Batch(len(drawn), float(len(drawn)), drawn)

    def value(
        self, batch: sampling.Batch, start: int, stop: int, tallies: Sequence[sampling.Tally[Action]]
    ) -> None:
        """The deals ``start`` to ``stop`` of the batch (numbered on from the deals valued before): card
        play solved double-dummy; anything else played by the continuation up to a position small enough
        to search, then searched."""
        sample: Sequence[HandState] = batch.states[start:stop]
        first = self.count + start
        team = self.view.seat.team
        if self.view.phase is Phase.PLAY and all(_dd_ready(w) for w in sample):
            values = dd.card_values_many(sample, backend=self.solver.backend)
            for t in tallies:
                card = t.action.card
                assert card is not None
                sampling.record_ways(
                    t, [(1.0, [_outcome(w, v[card]) for w, v in zip(sample, values, strict=True)])], team
                )
            return
        for t in tallies:
            ends = [(first + i, _advance(w.apply(t.action), self.continuation)) for i, w in enumerate(sample)]
            sampling.record_ways(t, [(1.0, self.solver.outcomes(ends))], team)

    def finish(self, options: list[BidOption]) -> BidAnalysis:
        view, worlds = self.view, self.checked
        with_reasons = tuple(
            replace(o, reasons=option_reasons(view, o, options, self.sample)) for o in options
        )
        return BidAnalysis(
            seat=view.seat,
            phase=view.phase,
            mode=self.mode,
            legal=view.legal,
            options=with_reasons,
            worlds=worlds,
            method=self.method,
            reasons=analysis_reasons(view, with_reasons, worlds, self.method),
            seed=self.seed,
        )


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
    player, :class:`euchre_tutor.games.bid.bots.RuleBasedPlayer`, is the model of the table), and plays
    the double deck's cards before its searched ending. ``worlds`` deals are sampled first; with
    ``max_worlds`` above it, batches of ``worlds`` more are added while a grade is unsettled, up
    to ``max_worlds``. ``backend`` picks the double-dummy core (``"compiled"`` or ``"python"``).
    """
    run = BidRun(view, continuation=continuation, worlds=worlds, seed=seed, backend=backend)
    return run.extend(worlds if max_worlds is None else max_worlds)
