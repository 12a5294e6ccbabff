"""One view's sampling plan: everything about it that does not change from one candidate to the next.

A :class:`WorldPlan` reads a :class:`~euchre_tutor.games.classic.views.SeatView` once and
serves every candidate of it, in the order the sampler uses it:

1. :class:`~euchre_tutor.games.classic.advisor.placement.Placement`: the slots of the hidden
   cards and where each may go; :meth:`~euchre_tutor.games.classic.advisor.placement.Placement.fill`
   draws a candidate with a known proposal probability.
2. :class:`~euchre_tutor.games.classic.advisor.bidweights.BidWeighing`: every seat's hand at
   bid time (:meth:`~euchre_tutor.games.classic.advisor.bidweights.BidWeighing.complete`) and the
   candidate's weight from the bids
   (:meth:`~euchre_tutor.games.classic.advisor.bidweights.BidWeighing.weight`).
3. :class:`~euchre_tutor.games.classic.advisor.rebuild.WorldBuilder`: the candidate's world at
   the view's point (:meth:`~euchre_tutor.games.classic.advisor.rebuild.WorldBuilder.world`).
4. :class:`~euchre_tutor.games.classic.advisor.swaps.SwapOrbits`: the candidate's hidden hands
   swapped between seats, with their shares of the bids' likelihood.

A plan is deterministic for a given ``random.Random`` state, and keeps what it has worked
out (the likelihood of every hand weighed, the first world replayed), so one plan serves
batch after batch of one view (:class:`~euchre_tutor.games.classic.advisor.worlds.WorldSampler`).
``pins`` (a card in a seat's hand) and ``extra_voids`` (suits a seat is known not to hold)
add constraints of the caller's own; a view no deal fits raises
:class:`~euchre_tutor.errors.EuchreError`.
"""

from __future__ import annotations

from euchre_tutor.games.classic.advisor.rebuild import WorldBuilder
from euchre_tutor.games.classic.advisor.swaps import SwapOrbits

__all__ = ["WorldPlan"]


class WorldPlan(WorldBuilder, SwapOrbits):
    """Placement, weights, worlds and swaps of one view's candidates (see the module docstring)."""
