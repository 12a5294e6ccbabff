"""The same deal with the hidden hands swapped between seats holding as many cards.

A :class:`SwapOrbits` is a :class:`~euchre_tutor.games.classic.advisor.bidweights.BidWeighing`
that also gives, for a candidate, every way to hand the other seats' current hands to
seats holding as many cards, where the voids and the known places allow it, each with its
share of the bids' likelihood (:meth:`SwapOrbits.orbit`). Averaging a deal's values over
these, in those shares, is the expected value given *which sets* of cards the hidden hands
hold: an unbiased value with less spread, paid for by searches, not by sampling. The
shares need no proposal probability: a swap keeps the uniform prior over placements, so
only the bids weigh. Swaps apply (:meth:`SwapOrbits.orbit_ready`) only when every hidden
card lies in a hand, the dealer's discard or the kitty, the seat sees its own hand, and
there are at most :data:`ORBIT_MAX` orders of the hands.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Final, TypeAlias

from euchre_tutor.cards import Card
from euchre_tutor.games.classic.advisor import placement
from euchre_tutor.games.classic.advisor.bidmodel import BiddingModel
from euchre_tutor.games.classic.advisor.bidweights import BidWeighing
from euchre_tutor.games.classic.advisor.placement import Candidate
from euchre_tutor.games.classic.engine.engine import Seat

__all__ = ["ORBIT_MAX", "MaskOrbit", "Orbit", "SwapOrbits"]

#: the most orders of the hidden hands a deal is averaged over (three equal hands give six)
ORBIT_MAX: Final = 6
#: every seat's current hand (by seat number) in each allowed swap, with its share of the likelihood
Orbit: TypeAlias = tuple[tuple[tuple[tuple[Card, ...], ...], float], ...]
#: the same with every seat's current hand as a mask of card bits
MaskOrbit: TypeAlias = tuple[tuple[tuple[int, ...], float], ...]


class SwapOrbits(BidWeighing):
    """A weighing plan that also swaps the hidden hands of a candidate (see the module docstring)."""

    #: the swaps, worked out on first use (:meth:`_swaps`, :meth:`_swap_pairs`)
    swaps: list[dict[Seat, Seat]] | None = None
    swap_pairs: list[tuple[tuple[tuple[Seat, Seat], Seat, Seat], ...]] | None = None
    #: the same as (receiving seat, giving seat) numbers, as the compiled core reads them
    swap_masks: list[list[tuple[int, int]]] | None = None
    #: :meth:`_held_part` by (receiving seat, the hand's mask, the dealer's discard's bit), for one model
    held_memo: dict[tuple[Seat, int, int], float] | None = None
    held_model: BiddingModel | None = None

    def orbit_ready(self) -> bool:
        """Whether swapping hands between seats applies: every hidden card lies in a hand, the
        dealer's discard or the kitty (no gift to a loner, loner's discard or cards gone under, whose
        places a swap would tangle), the seat sees its own hand, and the swaps are few (at most
        :data:`ORBIT_MAX` orders of the hands: six hidden hands would give 120)."""
        if self.blind_me or self.gift_done or self.loner_slot >= 0 or self.under_seat is not None:
            return False
        return len(self._swaps()) <= ORBIT_MAX

    def _swaps(self) -> list[dict[Seat, Seat]]:
        """Every way to give the other seats' hands to seats holding as many cards (identity first)."""
        if self.swaps is None:
            groups: dict[int, list[Seat]] = {}
            for s, slot in self.hand_slot.items():
                groups.setdefault(self.caps[slot], []).append(s)
            out: list[dict[Seat, Seat]] = [{}]
            for seats in groups.values():
                out = [
                    {**done, **dict(zip(seats, order, strict=True))}
                    for done in out
                    for order in itertools.permutations(seats)
                ]
            self.swaps = out
        return self.swaps

    def orbit(self, cand: Candidate, model: BiddingModel) -> Orbit:
        """The candidate's deal with the other seats' current hands given to every seat holding as
        many cards, where the voids and the known places allow it: each as every seat's current hand
        (by seat number; the analysed seat's own included) with its share of the bids' likelihood.

        Averaging a deal's values over these, in those shares, is the expected value given *which
        sets* of cards the hidden hands hold (Rao-Blackwellised over who holds which): an unbiased
        value with less spread, paid for by searches, not by sampling. The shares need no proposal
        probability: a swap keeps the uniform prior over placements, so only the bids weigh.
        """
        slots = cand.slots
        card = self.card_of
        held = {s: tuple([card[b] for b in slots[slot]]) for s, slot in self.hand_slots}
        out = []
        mine = None if self.blind_me else tuple(self.my_hand)
        for pairs, share in self._shares(cand, model):
            hands: list[tuple[Card, ...]] = [()] * len(self.seats)
            if mine is not None:
                hands[self.me] = mine
            for _, src, dst in pairs:
                hands[dst] = held[src]
            out.append((tuple(hands), share))
        return tuple(out)

    def orbit_masks(self, cand: Candidate, model: BiddingModel) -> MaskOrbit:
        """:meth:`orbit` with every seat's current hand as a mask of card bits (``1 << card.index``;
        0 for a seat with no cards seen): the same swaps in the same order, with the same shares, for
        a caller that reads hands as masks (the double-dummy search does)."""
        slots = cand.slots
        held = {s: sum(slots[slot]) for s, slot in self.hand_slots}
        base = [0] * len(self.seats)
        if not self.blind_me:
            base[self.me] = self.my_mask
        out = []
        for pairs, share in self._shares(cand, model):
            hands = list(base)
            for _, src, dst in pairs:
                hands[dst] = held[src]
            out.append((tuple(hands), share))
        return tuple(out)

    def orbit_masks_many(self, cands: Sequence[Candidate], model: BiddingModel) -> list[MaskOrbit]:
        """:meth:`orbit_masks` of each candidate, by the compiled core where it takes the plan (the
        same swaps in the same order with the same shares, and the same likelihoods in the memos)."""
        spec = self.core_spec(model, False) if placement.CORE is not None else None
        if spec is None or not cands:
            return [self.orbit_masks(c, model) for c in cands]
        if self.swap_masks is None:
            self.swap_masks = [
                [(int(dst), int(src)) for _, src, dst in pairs] for pairs in self._swap_pairs()
            ]
        picks = [(c.slots, self._discard_bit(c)) for c in cands]
        found: list[MaskOrbit] = placement.CORE.orbits(self.core_plan, spec, self.swap_masks, picks)
        return found

    def _shares(
        self, cand: Candidate, model: BiddingModel
    ) -> list[tuple[tuple[tuple[tuple[Seat, Seat], Seat, Seat], ...], float]]:
        """Every allowed swap of the candidate (as :meth:`_swap_pairs`), with its share of the bids'
        likelihood: the swaps whose hands the voids and the known places forbid are left out."""
        self.use_model(model)
        if model is not self.held_model or self.held_memo is None:
            self.held_model, self.held_memo = model, {}
        seen = None if self.collide else self.held_memo  # a hand's order matters there: no memo
        gone = self._discard_bit(cand)
        parts: dict[tuple[Seat, Seat], float] = {}
        spots: list[tuple[tuple[tuple[tuple[Seat, Seat], Seat, Seat], ...], float]] = []
        slots = cand.slots
        hand_slot = self.hand_slot
        for pairs in self._swap_pairs():
            logw = 0.0
            for key, src, dst in pairs:
                part = parts.get(key)
                if part is None:
                    held = slots[hand_slot[src]]
                    if seen is None:
                        part = self._held_part(dst, held, gone, model)
                    else:
                        memo_key = (dst, sum(held), gone)
                        part = seen.get(memo_key)
                        if part is None:
                            part = seen[memo_key] = self._held_part(dst, held, gone, model)
                    parts[key] = part
                logw += part
                if logw == -math.inf:
                    break
            if logw > -math.inf:
                spots.append((pairs, logw))
        top = max(lw for _, lw in spots)
        likes = [math.exp(lw - top) for _, lw in spots]
        total = 0.0  # added in order, as the compiled twin adds them
        for like in likes:
            total += like
        return [(pairs, like / total) for (pairs, _), like in zip(spots, likes, strict=True)]

    def _swap_pairs(self) -> list[tuple[tuple[tuple[Seat, Seat], Seat, Seat], ...]]:
        """:meth:`_swaps` as, per swap, ((receiving seat, giving seat), giving, receiving) in order."""
        if self.swap_pairs is None:
            self.swap_pairs = [
                tuple(((dst, src), src, dst) for src, dst in swap.items()) for swap in self._swaps()
            ]
        return self.swap_pairs
