"""Sampled worlds: full deals consistent with what one seat has seen, weighted by the bidding.

The classic advisor values an action by averaging over many *worlds*: full
:class:`~euchre_tutor.classic.engine.HandState` objects at exactly the view's
point, each with the hidden cards placed somewhere they could be.
:func:`sample_worlds` builds them in three steps.

1. **Uniform consistent candidates.** Every card the seat cannot place (the
   other hands, the kitty, a hidden discard, cards gone under) gets a *slot*:
   another seat's current hand (its size is public), the dealer's discard, the
   loner's discard after a call for best, the three cards a farmer's hand
   swapped into the kitty, or the kitty. A card may only go where it could be:
   not into a hand that has shown a void in its suit (the left bower is a
   trump; a trump led while leading trump was barred shows the leader held
   only trumps), the up card only into the dealer's hand or discard once
   picked up, cards gone under only among the low ranks. The most constrained
   cards are placed first, each into an allowed slot with probability
   proportional to the room left there, and the free cards are shuffled into
   the rest. That proposal is close to uniform; its exact probability ``q`` is
   known, so a weight ``1/q`` makes the candidates exactly uniform over the
   consistent placements (a dead end restarts the candidate).
2. **Weights from the bids.** Each candidate gives every other seat the hand
   it held when it bid; :class:`BiddingModel` says how likely that hand was to
   make the bids the seat made (passes included), and how likely a dealer (or
   a loner after a call for best) was to discard the hidden card it did. A
   candidate in which some bid would have been illegal (ordering without a
   trump under a calling requirement, a misdeal without a misdeal hand) gets
   weight 0; candidates are drawn until ``candidates_per_world * n`` fit (at
   most 50 times that many draws, then a clear error).
3. **Resampling.** Systematic resampling (one random offset) keeps ``n``
   candidates in proportion to their weights. Only those become worlds: the
   first is dealt and replayed through the engine
   (:func:`~euchre_tutor.classic.engine.new_hand`, then every action of the
   hand in order, the hidden ones sampled); the others take its public state
   and change only what the hidden cards decide (deal, hands, kitty, hidden
   actions), which a test checks equals a replay. A candidate drawn twice is
   the same world object twice. :func:`sample_worlds_report` also returns the
   number of candidates and the effective sample size ``(sum w)^2 / sum w^2``.

A hidden dealer's discard is not left where the uniform placement put it:
the card is re-chosen among the dealer's unknown cards that could have been
discarded, in proportion to the discard model, and the candidate's weight sums
over those choices (with each choice's proposal probability). The estimates are
those of weighing the placed discard (a test compares them), with about twice
the effective sample size.

The hot path works in *card bits* (``1 << card.index``): a candidate's slots
hold bits, a hand is a mask, and the bids' likelihoods are memoised per seat by
the hand's mask, so a hand already weighed costs one dictionary lookup (no set
of cards to hash). The model still reads each hand in the order a frozenset of
its cards iterates, which its sums of no-trump points and discard odds follow to
the last bit (:meth:`_Plan._set_order`). A seat other than the dealer whose only
bids are round-1 passes or orders is keyed by its trumps, its off-suit aces and
the plain suits it holds (all the model reads of it); the dealer's bids and its
discard odds are memoised per hand and added as the model adds them. Worlds
after the first are built in bits from a script of the reference's hidden
actions, their deals unchecked (every card of the pack is placed once by
construction; the tests check the sampled deals). Property tests compare every
memoised likelihood with the model's for the candidate's own hand.

Everything is deterministic for a given ``random.Random`` state. Speed
(``benchmarks/classic_worlds.py``, CPU time on the shared development machine,
n=200 from 600 candidates, standard rules): a median of about 25 ms at the
start of play (effective sample size about 300) and 14 ms two tricks later
(about 500); a fresh sampler evaluates the bidding model for almost every hand,
which an analysis's later batches find memoised. Within an analysis, about 93 µs
a deal for card play (with the swaps' weights) and 54 µs for a bid. Pass
``candidates_per_world`` (default 3) for more candidates per world.

The bidding model, which weighs each candidate by the bids, is in
:mod:`euchre_tutor.advisor.classic.bidmodel`.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final

from euchre_tutor.advisor.classic.bidmodel import _UNIFORM, BidContext, BiddingModel, may_order
from euchre_tutor.advisor.classic.strength import (
    StrengthTable,
)
from euchre_tutor.cards import (
    Card,
    Rank,
    Suit,
    deck,
    effective_suit,
    is_trump,
)
from euchre_tutor.classic.engine import (
    Action,
    Deal,
    Discarded,
    HandState,
    Phase,
    Seat,
    WentUnder,
    misdeal_kind,
    new_hand,
)
from euchre_tutor.classic.house import farmer_ranks
from euchre_tutor.classic.play import trump_lead_barred
from euchre_tutor.errors import EuchreError
from euchre_tutor.rules.classic import ClassicRules
from euchre_tutor.views.classic import SeatView

if TYPE_CHECKING:
    from euchre_tutor.advisor.classic.position import Position

__all__ = [
    "BidContext",
    "BiddingModel",
    "WorldSample",
    "WorldSampler",
    "misdeal_cards",
    "misdeal_world",
    "sample_worlds",
    "sample_worlds_report",
    "view_from_position",
]

_PHASES: Final = (
    Phase.BLIND,
    Phase.ROUND_1,
    Phase.ROUND_2,
    Phase.DISCARD,
    Phase.GO_ALONE,
    Phase.BEST_CARD,
    Phase.LONER_DISCARD,
    Phase.DEFEND_ALONE,
    Phase.PLAY,
    Phase.OVER,
)
_PHASE_INDEX: Final = {p: i for i, p in enumerate(_PHASES)}
CANDIDATES_PER_WORLD: Final = 3
_RESTARTS: Final = 30
#: the most orders of the hidden hands a deal is averaged over (three equal hands give six)
ORBIT_MAX: Final = 6
_PATIENCE: Final = 50


# ---------------------------------------------------------------------------
# What the view says: slots, constraints, the bids to weigh


_HAND, _DISCARD, _LONER, _UNDER, _KITTY = range(5)
#: what a transplant changes (:meth:`_Plan._script`)
_GO_UNDER, _PICK_UP, _DISCARD_IT, _GIVE_IT, _LONER_DISCARDS = range(5)


@dataclass(frozen=True, slots=True)
class WorldSample:
    """The resampled worlds and how well the candidates covered the bidding's evidence."""

    worlds: list[HandState]
    candidates: int  # candidates drawn
    consistent: int  # candidates with a nonzero weight (every bid legal with the hand): kept for resampling
    ess: float  # effective sample size of the weighted candidates, (sum w)^2 / sum w^2
    #: with ``orbits=True``: per world, every seat's current hand in each allowed swap of the hidden
    #: hands, with its share of the bids' likelihood (:meth:`_Plan.orbit`); None when swaps do not apply
    orbits: list[tuple[tuple[tuple[tuple[Card, ...], ...], float], ...]] | None = None


@dataclass(slots=True)
class _Candidate:
    """One placement of the unknown cards. Cards are *card bits* (``1 << card.index``) here: a hand is
    the sum of its bits, and masks, not sets of cards, key the likelihoods (no Python-level hashing)."""

    slots: list[list[int]]  # the card bits in each slot
    logq: float
    bid_masks: list[int] = field(default_factory=list)  # by seat number: the hand it bid with
    gift: Card | None = None
    taken: tuple[int, ...] = ()  # the card bits taken into the hand by going under
    loner_six: list[Card] = field(default_factory=list)
    where: dict[int, int] = field(default_factory=dict)  # the constrained cards' slots, by card bit
    orders: dict[Seat, list[Card]] = field(default_factory=dict)  # only where :attr:`_Plan.collide`


#: the seven of clubs (index 0) and the joker (index 32): a frozenset puts both in the same slot
_COLLIDE: Final = 1 | 1 << 32
_LOW32: Final = (1 << 32) - 1


class _Plan:
    """Everything about a view that does not change from one candidate to the next."""

    def __init__(
        self,
        view: SeatView,
        pins: Mapping[Card, Seat] | None = None,
        extra_voids: Mapping[Seat, frozenset[Suit]] | None = None,
    ) -> None:
        self.view = view
        rules = view.rules
        self.rules = rules
        me = view.seat
        self.me = me
        seating = me.seating
        self.seats = seating.seats
        self.dealer = view.dealer
        self.up = view.up
        self.blind_me = view.phase is Phase.BLIND  # no hand is seen before the blind call
        phase_at = _PHASE_INDEX[view.phase]
        self.discard_done = view.up_taken and phase_at > _PHASE_INDEX[Phase.DISCARD]
        self.gift_done = (
            view.maker is not None
            and view.alone
            and rules.call_for_best
            and phase_at > _PHASE_INDEX[Phase.BEST_CARD]
        )
        self.loner_done = self.gift_done and phase_at > _PHASE_INDEX[Phase.LONER_DISCARD]
        self.maker = view.maker
        self.giver = view.maker.partner if self.gift_done and view.maker is not None else None
        self.under_seat = view.under_seat

        self.played: dict[Seat, list[Card]] = {s: [] for s in self.seats}
        for t in view.tricks:
            for s, c in t.plays:
                self.played[s].append(c)
        for s, c in view.trick_plays:
            self.played[s].append(c)
        played_all = {c for cards in self.played.values() for c in cards}
        self.voids = _all_voids(view)
        for s, suits in (extra_voids or {}).items():
            self.voids[s] = self.voids[s] | suits

        sizes = {s: 5 - len(self.played[s]) for s in self.seats}
        if view.up_taken:
            sizes[self.dealer] += 1
        if self.discard_done:
            sizes[self.dealer] -= 1
        if self.gift_done and self.maker is not None and self.giver is not None:
            sizes[self.giver] -= 1
            sizes[self.maker] += 1
        if self.loner_done and self.maker is not None:
            sizes[self.maker] -= 1
        self.sizes = sizes

        # The cards whose place the seat does not know (the up card too, once picked up by another seat).
        unknown = set(view.unseen_cards())
        if self.blind_me:
            unknown |= set(deck(rules.deck, joker=rules.joker)) - played_all - {self.up}
        up_hidden = (
            view.up_taken
            and self.up not in played_all
            and self.up not in view.hand
            and self.up not in (view.discard, view.loner_discard)
            and not (me == self.dealer and not self.gift_done)
        )
        if up_hidden:
            unknown.add(self.up)
        self.my_hand = () if self.blind_me else view.hand

        # Slots: the other seats' hands (or mine, blind), then the hidden roles, then the kitty.
        self.slot_kind: list[int] = []
        self.slot_seat: list[Seat | None] = []
        caps: list[int] = []
        self.hand_slot: dict[Seat, int] = {}
        for s in self.seats:
            if s == me and not self.blind_me:
                continue
            self.hand_slot[s] = len(caps)
            self.slot_kind.append(_HAND)
            self.slot_seat.append(s)
            caps.append(sizes[s])
        self.discard_slot = self.loner_slot = self.under_slot = -1
        if self.discard_done and me != self.dealer:
            self.discard_slot = len(caps)
            self.slot_kind.append(_DISCARD)
            self.slot_seat.append(self.dealer)
            caps.append(1)
        if self.loner_done and me != self.maker:
            self.loner_slot = len(caps)
            self.slot_kind.append(_LONER)
            self.slot_seat.append(self.maker)
            caps.append(1)
        if self.under_seat is not None and me != self.under_seat:
            self.under_slot = len(caps)
            self.slot_kind.append(_UNDER)
            self.slot_seat.append(self.under_seat)
            caps.append(3)
        self.kitty_slot = len(caps)
        self.slot_kind.append(_KITTY)
        self.slot_seat.append(None)
        caps.append(len(unknown) - sum(caps))
        if caps[-1] < 0 or any(c < 0 for c in caps):
            raise EuchreError(
                f"this view cannot be dealt: {len(unknown)} unseen cards for hands of sizes "
                f"{', '.join(f'{s.name} {sizes[s]}' for s in self.seats if s != me)}"
            )
        self.caps = caps

        # Where each unknown card may go.
        everywhere = tuple(range(len(caps)))
        self.low_ranks = farmer_ranks(rules.deck) if rules.farmers_hand else ()
        self.free: list[Card] = []
        self.constrained: list[tuple[Card, tuple[int, ...]]] = []
        for card in sorted(unknown, key=lambda c: c.index):
            if card == self.up and view.up_taken:
                # Picked up: in the dealer's hand or discard, or passed on to a loner who called for best.
                places = [self.hand_slot.get(self.dealer, -1)]
                if rules.dealer_may_discard_up_card:
                    places.append(self.discard_slot)
                if self.gift_done and self.giver == self.dealer and self.maker is not None:
                    places += [self.hand_slot.get(self.maker, -1), self.loner_slot]
                if self.maker == self.dealer:
                    places.append(
                        self.loner_slot
                    )  # a dealer going alone may discard it after a call for best
                allowed = [i for i in places if i >= 0 and self._fits(card, i)]
            else:
                allowed = [
                    i
                    for i in everywhere
                    if self._fits(card, i) and not (i == self.under_slot and card == self.up)
                ]
            if pins and card in pins:
                pinned = self.hand_slot.get(pins[card], -1)
                allowed = [i for i in allowed if i == pinned]
            if not allowed:
                raise EuchreError(f"this view cannot be dealt: {card} fits nowhere")
            if len(allowed) == len(caps):
                self.free.append(card)
            else:
                self.constrained.append((card, tuple(allowed)))
        self.constrained.sort(key=lambda ca: (len(ca[1]), ca[0].index))

        # The bids to weigh, with their public situation.
        self.bid_plan = _bid_contexts(view)
        self.pack = deck(rules.deck, joker=rules.joker)
        self.hand_rules = rules.round_1_requirement != "anytime" or rules.misdeal != "off"
        self.bids_by_seat: dict[Seat, list[tuple[Action, BidContext]]] = {}
        for seat, act, ctx in self.bid_plan:
            if ctx.phase is not Phase.BLIND:
                self.bids_by_seat.setdefault(seat, []).append((act, ctx))
        # The seats whose hands the evidence is about: the bidders, and a dealer whose discard is hidden.
        self.weighed = dict(self.bids_by_seat)
        if self.discard_slot >= 0:
            self.weighed.setdefault(self.dealer, [])
        self.weighed_seats = list(self.weighed)
        # A seat other than the dealer whose only bids are round-1 passes or orders: the model reads
        # its hand only through the up suit's point count, its trumps and bowers (a trump held for the
        # calling requirement) and which plain suits it holds (the void bonus), so the memo keys it by
        # its trumps and off-suit aces (the only plain cards with points) and one bit per plain suit
        # held: hands that differ only in plain cards without points share one likelihood, the same
        # to the last bit (the points are quarter points, summed exactly in any order; tested).
        self.round_1_keys: dict[Seat, tuple[int, tuple[int, ...]]] = {}
        trump_1 = self.up.suit or Suit.SPADES
        keep = sum(1 << c.index for c in self.pack if is_trump(c, trump_1) or c.rank is Rank.ACE)
        plain = tuple(
            sum(1 << c.index for c in self.pack if not is_trump(c, trump_1) and c.suit is suit)
            for suit in Suit
            if suit is not trump_1
        )
        for seat, bids in self.weighed.items():
            if (
                seat != self.dealer
                and bids
                and all(ctx.phase is Phase.ROUND_1 and act.kind in ("pass", "order") for act, ctx in bids)
            ):
                self.round_1_keys[seat] = (keep, plain)
        self.weighed_others = [s for s in self.weighed if s != self.dealer]  # when the dealer's is re-chosen
        # the bids' log likelihoods, per seat by its hand's card mask | the dealer's discard's bit << 33
        self.memo: dict[Seat, dict[int, float]] = {s: {} for s in self.seats}
        # the dealer's part and log discard odds by its hand mask (:meth:`_dealer_part`)
        self.dealer_memo: dict[int, tuple[float, dict[int, float]]] = {}
        self.dead_ends = 0
        self.matching = False
        # Re-choosing the dealer's discard needs the dealer's cards to be only its hand and discard.
        self.rechoose = self.discard_slot >= 0 and self.dealer in self.hand_slot and not self.gift_done
        self.dealer_answers = any(
            ctx.phase in (Phase.GO_ALONE, Phase.DEFEND_ALONE) for _, ctx in self.weighed.get(self.dealer, [])
        )
        # Whether the dealer's part with a hidden discard is its bids' (which do not depend on the
        # discard) plus the discard's odds: memoised once per hand (:meth:`_dealer_part`).
        self.dealer_splits = self.discard_slot >= 0 and not self.dealer_answers and self.dealer != me
        self.memo_model: BiddingModel | None = None
        self.reference: HandState | None = None
        self.script: list[tuple[int, int, Seat, tuple[Card, ...]]] = []
        self.strength = StrengthTable()
        self.swaps: list[dict[Seat, Seat]] | None = None
        self.swap_pairs: list[tuple[tuple[tuple[Seat, Seat], Seat, Seat], ...]] | None = None

        # The same facts in card bits (1 << card.index), for the hot path.
        self.card_of: dict[int, Card] = {1 << c.index: c for c in self.pack}
        self.up_bit = 1 << self.up.index
        self.my_bits = [1 << c.index for c in self.my_hand]
        self.my_mask = sum(self.my_bits)
        self.pack_mask = sum(self.card_of)
        self.played_mask = [sum(1 << c.index for c in self.played[s]) for s in self.seats]
        self.hand_slots = list(self.hand_slot.items())
        self.free_bits = [1 << c.index for c in self.free]
        self.constrained_bits = [(1 << c.index, allowed) for c, allowed in self.constrained]
        self.constrained_mask = sum(bit for bit, _ in self.constrained_bits)
        free_mask = sum(self.free_bits)
        #: per slot, the unknown cards that may lie there
        self.fits = [
            free_mask | sum(bit for bit, allowed in self.constrained_bits if i in allowed) for i in everywhere
        ]
        self.lgamma = [math.lgamma(r + 1) for r in range(len(unknown) + 1)]
        # With no constrained card: where each slot's cards start and end among the shuffled cards, and
        # the proposal's log q (added up as :meth:`_try_fill` does, to the last bit).
        self.cuts = [(k - cap, k) for k, cap in zip(itertools.accumulate(caps), caps, strict=True)]
        self.free_logq = 0.0
        for cap in caps:
            if cap:
                self.free_logq += self.lgamma[cap]
        self.free_logq -= self.lgamma[sum(caps)]
        #: whether a hand may hold both the seven of clubs and the joker (see :meth:`_set_order`)
        self.collide = all(b in self.card_of for b in (1, 1 << 32))

    def _fits(self, card: Card, slot: int) -> bool:
        """May ``card`` be in ``slot``: not in a hand void in its suit; only low cards go under."""
        kind = self.slot_kind[slot]
        if kind == _HAND:
            seat = self.slot_seat[slot]
            assert seat is not None
            return not (self.voids[seat] and effective_suit(card, self.view.trump) in self.voids[seat])
        if kind == _UNDER:
            return card.rank in self.low_ranks
        return True

    # -- one candidate -----------------------------------------------------------

    def fill(self, rng: random.Random) -> _Candidate | None:
        """One candidate placement of the unknown cards (None: none found this time).

        The proposal restarts at a dead end; if it keeps failing (tight voids late in a
        hand) the plan switches to a matching fill that always succeeds when any
        placement exists, at the price of a proposal that is only roughly uniform.
        """
        if not self.matching:
            for _ in range(_RESTARTS):
                out = self._try_fill(rng)
                if out is not None:
                    return out
            self.dead_ends += 1
            if self.dead_ends < 3:
                return None
            self.matching = True
        return self.matching_fill(rng)

    def matching_fill(self, rng: random.Random) -> _Candidate | None:
        """Place the cards in random order, moving placed cards along augmenting paths when a card finds no room."""
        allowed = {c: a for c, a in self.constrained}
        everywhere = tuple(range(len(self.caps)))
        cards = [c for c, _ in self.constrained] + list(self.free)
        rng.shuffle(cards)
        slots: list[list[Card]] = [[] for _ in self.caps]

        def place(card: Card, seen: set[int]) -> bool:
            options = list(allowed.get(card, everywhere))
            rng.shuffle(options)
            for i in options:
                if i in seen:
                    continue
                seen.add(i)
                if len(slots[i]) < self.caps[i]:
                    slots[i].append(card)
                    return True
                for other in list(slots[i]):
                    slots[i].remove(other)
                    slots[i].append(card)
                    if place(other, seen):
                        return True
                    slots[i].remove(card)
                    slots[i].append(other)
            return False

        for card in cards:
            if not place(card, set()):
                return None
        return self.candidate(slots)

    def candidate(self, slots: Sequence[Sequence[Card]], logq: float = 0.0) -> _Candidate:
        """A candidate with these cards in the slots (as the fills make them, in card bits)."""
        return _Candidate([[1 << c.index for c in cards] for cards in slots], logq)

    def _try_fill(self, rng: random.Random) -> _Candidate | None:
        if not self.constrained_bits:
            # Every card may go anywhere: the slots are fixed cuts of the shuffled cards, q is fixed.
            rand = rng.random
            free = sorted(self.free_bits, key=lambda _: rand())
            return _Candidate([free[a:b] for a, b in self.cuts], self.free_logq)
        rem = list(self.caps)
        slots: list[list[int]] = [[] for _ in rem]
        where: dict[int, int] = {}
        logq = 0.0
        log = math.log
        for bit, allowed in self.constrained_bits:
            total = 0
            for i in allowed:
                total += rem[i]
            if total == 0:
                return None
            x = rng.randrange(total)
            for i in allowed:
                if x < rem[i]:
                    break
                x -= rem[i]
            logq += log(rem[i] / total)
            slots[i].append(bit)
            where[bit] = i
            rem[i] -= 1
        rand = rng.random
        free = sorted(self.free_bits, key=lambda _: rand())
        k = 0
        left = 0
        lgamma = self.lgamma
        for i, r in enumerate(rem):
            if r:
                slots[i].extend(free[k : k + r])
                k += r
                left += r
                logq += lgamma[r]
        logq -= lgamma[left]
        return _Candidate(slots, logq, where=where)

    # -- hands at bid time ----------------------------------------------------------

    def current_hand(self, cand: _Candidate, seat: Seat) -> list[Card]:
        if seat == self.me and not self.blind_me:
            return list(self.my_hand)
        card = self.card_of
        return [card[b] for b in cand.slots[self.hand_slot[seat]]]

    def hidden_card(self, cand: _Candidate, slot: int) -> Card:
        return self.card_of[cand.slots[slot][0]]

    def discard_card(self, cand: _Candidate) -> Card | None:
        if not self.discard_done:
            return None
        if self.discard_slot >= 0:
            return self.hidden_card(cand, self.discard_slot)
        return self.view.discard

    def _discard_bit(self, cand: _Candidate) -> int:
        """:meth:`discard_card` as a card bit (0: none)."""
        if not self.discard_done:
            return 0
        if self.discard_slot >= 0:
            return cand.slots[self.discard_slot][0]
        assert self.view.discard is not None
        return 1 << self.view.discard.index

    def loner_card(self, cand: _Candidate) -> Card | None:
        if not self.loner_done:
            return None
        if self.loner_slot >= 0:
            return self.hidden_card(cand, self.loner_slot)
        return self.view.loner_discard

    def bid_hand(self, cand: _Candidate, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` held when it bid, in the candidate (after :meth:`complete`), in card order."""
        return tuple(self._ascending(cand.bid_masks[seat]))

    def complete(self, cand: _Candidate, rng: random.Random) -> bool:
        """Choose the gift and the cards taken by going under; compute every bid-time hand.

        False when the candidate cannot be the real deal (a bid illegal with the hand).
        """
        slots = cand.slots
        played = self.played_mask
        masks = [0] * len(self.seats)
        for s, slot in self.hand_slots:
            masks[s] = sum(slots[slot]) | played[s]
        if not self.blind_me:
            masks[self.me] = self.my_mask | played[self.me]
        maker = self.maker
        if self.loner_done and maker is not None:
            lone = self.loner_card(cand)
            assert lone is not None
            masks[maker] |= 1 << lone.index
            if self.loner_slot >= 0:
                cand.loner_six = [*self.current_hand(cand, maker), *self.played[maker], lone]
        if self.gift_done and maker is not None and self.giver is not None:
            held = self.current_hand(cand, maker) + self.played[maker]
            if self.loner_done:
                lone = self.loner_card(cand)
                assert lone is not None
                held.append(lone)
            pool = [c for c in held if c != self.up or self.giver == self.dealer]
            if self.giver == self.dealer and self.up in pool and maker != self.dealer:
                pool = [self.up]
            if not pool:
                return False
            gift = pool[rng.randrange(len(pool))]
            bit = 1 << gift.index
            masks[maker] ^= bit
            masks[self.giver] |= bit
            cand.gift = gift
        dealer = self.dealer
        if self.discard_done:
            masks[dealer] |= self._discard_bit(cand)
        if self.view.up_taken:
            if not masks[dealer] & self.up_bit:
                return False
            masks[dealer] ^= self.up_bit
        for m in masks:
            if m.bit_count() != 5:
                return False
        cand.bid_masks = masks
        if self.collide:
            cand.orders = self._bid_orders(cand)
        if self.under_seat is not None:
            post = self._ascending(masks[self.under_seat])
            picks = rng.sample(range(5), 3)
            cand.taken = tuple(1 << post[i].index for i in sorted(picks))
        return True

    def _bid_orders(self, cand: _Candidate) -> dict[Seat, list[Card]]:
        """Every seat's bid-time hand in the order a frozenset of the cards, as the candidate put them
        together, iterates: the order the bidding model reads them in (see :meth:`_bid_cards`)."""
        hands: dict[Seat, list[Card]] = {}
        for s in self.seats:
            cards = self.current_hand(cand, s) + self.played[s]
            if s == self.maker and self.loner_done:
                lone = self.loner_card(cand)
                assert lone is not None
                cards.append(lone)
            hands[s] = cards
        if cand.gift is not None and self.maker is not None and self.giver is not None:
            hands[self.maker].remove(cand.gift)
            hands[self.giver].append(cand.gift)
        if self.discard_done:
            gone = self.discard_card(cand)
            assert gone is not None
            hands[self.dealer].append(gone)
        if self.view.up_taken:
            hands[self.dealer].remove(self.up)
        return {s: list(frozenset(h)) for s, h in hands.items()}

    def _ascending(self, mask: int) -> list[Card]:
        """The cards of a card mask in card order."""
        card = self.card_of
        out = []
        while mask:
            low = mask & -mask
            out.append(card[low])
            mask ^= low
        return out

    def _set_order(self, mask: int) -> list[Card]:
        """The cards of a five-card mask in the order a frozenset of them iterates (the order the
        bidding model has always read a hand in, which its sums of no-trump points and discard odds
        follow to the last bit): by card index, the joker (index 32, hashed into slot 0 of the
        set's 32-slot table) first. Not for a hand with both the joker and the seven of clubs
        (index 0), which share that slot, so that the order they were added in decides
        (:attr:`collide`; those hands keep their frozenset's order, :meth:`_bid_orders`)."""
        if mask >> 32:
            return [self.card_of[1 << 32], *self._ascending(mask & _LOW32)]
        return self._ascending(mask)

    def _bid_cards(self, cand: _Candidate, seat: Seat, mask: int) -> list[Card]:
        if self.collide and mask & _COLLIDE == _COLLIDE:
            return cand.orders[seat]
        return self._set_order(mask)

    # -- the same deal with the other hands swapped ----------------------------------

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

    def orbit(
        self, cand: _Candidate, model: BiddingModel
    ) -> tuple[tuple[tuple[tuple[Card, ...], ...], float], ...]:
        """The candidate's deal with the other seats' current hands given to every seat holding as
        many cards, where the voids and the known places allow it: each as every seat's current hand
        (by seat number; the analysed seat's own included) with its share of the bids' likelihood.

        Averaging a deal's values over these, in those shares, is the expected value given *which
        sets* of cards the hidden hands hold (Rao-Blackwellised over who holds which): an unbiased
        value with less spread, paid for by searches, not by sampling. The shares need no proposal
        probability: a swap keeps the uniform prior over placements, so only the bids weigh.
        """
        if model is not self.memo_model:
            self._reset(model)
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
                    part = self._held_part(dst, slots[hand_slot[src]], gone, model)
                    parts[key] = part
                logw += part
                if logw == -math.inf:
                    break
            if logw > -math.inf:
                spots.append((pairs, logw))
        top = max(lw for _, lw in spots)
        likes = [math.exp(lw - top) for _, lw in spots]
        total = sum(likes)
        card = self.card_of
        held = {s: tuple([card[b] for b in slots[slot]]) for s, slot in self.hand_slots}
        out = []
        mine = None if self.blind_me else tuple(self.my_hand)
        for (pairs, _), like in zip(spots, likes, strict=True):
            hands: list[tuple[Card, ...]] = [()] * len(self.seats)
            if mine is not None:
                hands[self.me] = mine
            for _, src, dst in pairs:
                hands[dst] = held[src]
            out.append((tuple(hands), like / total))
        return tuple(out)

    def _swap_pairs(self) -> list[tuple[tuple[tuple[Seat, Seat], Seat, Seat], ...]]:
        """:meth:`_swaps` as, per swap, ((receiving seat, giving seat), giving, receiving) in order."""
        if self.swap_pairs is None:
            self.swap_pairs = [
                tuple(((dst, src), src, dst) for src, dst in swap.items()) for swap in self._swaps()
            ]
        return self.swap_pairs

    def _held_part(self, seat: Seat, held: Sequence[int], gone: int, model: BiddingModel) -> float:
        """The log likelihood of ``seat``'s bids had it held the cards ``held`` (card bits) now (-inf:
        it could not have: a card where a void or a known place forbids it, or a bid illegal with that
        hand); ``gone`` is the dealer's discard's bit (0: none). As :meth:`complete` and :meth:`weight`
        count it for a candidate."""
        mask = sum(held)
        if mask & ~self.fits[self.hand_slot[seat]]:
            return -math.inf
        mask |= self.played_mask[seat]
        dealer = seat == self.dealer
        if dealer:
            if self.discard_done:
                mask |= gone
            if self.view.up_taken:
                if not mask & self.up_bit:
                    return -math.inf
                mask ^= self.up_bit
        if mask.bit_count() != 5:
            return -math.inf
        if seat not in self.weighed:
            return 0.0
        given = gone if dealer else 0
        if (
            dealer
            and self.dealer_splits
            and not model.uniform
            and self.view.trump is not None
            and not (self.collide and mask & _COLLIDE == _COLLIDE)
        ):
            base, logs = self._dealer_part(mask, None, model, self.view.trump)
            return base if base == -math.inf else base + logs.get(given, 0.0)
        memo = self.memo[seat]
        key = self._memo_key(seat, mask, given)
        part = memo.get(key)
        if part is None:
            if self.collide and mask & _COLLIDE == _COLLIDE:
                card = self.card_of
                cards = [card[b] for b in held] + self.played[seat]
                if dealer:
                    if self.discard_done:
                        cards.append(card[gone])
                    if self.view.up_taken:
                        cards.remove(self.up)
                order = list(frozenset(cards))
            else:
                order = self._set_order(mask)
            part = self._seat_part(seat, order, self.card_of.get(given), self.weighed[seat], model)
            memo[key] = part
        return part

    def under_cards(self, cand: _Candidate) -> tuple[Card, ...]:
        if self.under_seat is None:
            return ()
        if self.under_slot >= 0:
            return tuple(self._ascending(sum(cand.slots[self.under_slot])))
        return self.view.under_cards

    def _reset(self, model: BiddingModel) -> None:
        """Forget the likelihoods worked out for another model."""
        self.memo_model = model
        self.memo = {s: {} for s in self.seats}
        self.dealer_memo = {}

    def weight(self, cand: _Candidate, model: BiddingModel, rng: random.Random | None = None) -> float:
        """The candidate's log weight (-inf: impossible): the bids' log likelihoods minus log q.

        With ``rng``, a hidden dealer's discard is re-chosen among the cards that could
        have been it (the dealer's unknown cards), in proportion to how likely the
        dealer was to discard each; the weight then sums over those choices
        (Rao-Blackwellised), which keeps far more candidates useful than weighing the
        uniformly placed discard alone.
        """
        if model is not self.memo_model:
            self._reset(model)
        logw = -cand.logq
        seats = self.weighed_seats
        if rng is not None and self.rechoose and not model.uniform and not self.matching:
            part = self._rechoose_discard(cand, model, rng)
            if part == -math.inf:
                return part
            logw = part
            seats = self.weighed_others
        masks = cand.bid_masks
        memo = self.memo
        key = self._memo_key
        for seat in seats:
            gone = self._discard_bit(cand) if seat == self.dealer else 0
            known = memo[seat].get(key(seat, masks[seat], gone))
            logw += self._part(seat, cand, gone, model) if known is None else known
        if self.loner_slot >= 0 and not model.uniform and cand.loner_six:
            lone = self.loner_card(cand)
            assert lone is not None
            logw += math.log(model._discard(cand.loner_six, self.view.trump, lone, [], self.strength))
        return logw

    def _memo_key(self, seat: Seat, mask: int, gone: int) -> int:
        """The likelihood memo's key for ``seat`` holding the cards of ``mask`` at bid time (and, for
        the dealer, having discarded ``gone``): the mask, with the discard's bit above it; for a seat
        in :attr:`round_1_keys`, only what the model reads of its hand."""
        found = self.round_1_keys.get(seat)
        if found is None:
            return mask | gone << 33
        keep, suits = found
        key = mask & keep
        bit = 1 << 33
        for suit in suits:
            if mask & suit:
                key |= bit
            bit <<= 1
        return key

    def _part(self, seat: Seat, cand: _Candidate, gone: int, model: BiddingModel) -> float:
        """``seat``'s log likelihood of its bids with its bid-time hand in the candidate; ``gone``: the
        dealer's discard's bit (0: none), memoised by the hand's card mask."""
        mask = cand.bid_masks[seat]
        memo = self.memo[seat]
        key = self._memo_key(seat, mask, gone)
        part = memo.get(key)
        if part is None:
            part = self._seat_part(
                seat, self._bid_cards(cand, seat, mask), self.card_of.get(gone), self.weighed[seat], model
            )
            memo[key] = part
        return part

    def _dealer_part(
        self, mask: int, cand: _Candidate | None, model: BiddingModel, trump: Suit
    ) -> tuple[float, dict[int, float]]:
        """The dealer's bids' log likelihood with the bid-time hand ``mask`` (whichever card it
        discarded), and the log of its odds of discarding each card it may (by card bit), from its six
        cards after picking up: memoised by the mask. Where :attr:`dealer_splits`, the dealer's part
        with a discard is the first plus the second's entry for it (0 for a card it may not
        discard), as :meth:`_seat_part` adds them. ``cand``: the candidate holding a hand with both
        the joker and the seven of clubs (whose card order it keeps, :meth:`_bid_cards`)."""
        collide = self.collide and mask & _COLLIDE == _COLLIDE
        found = None if collide else self.dealer_memo.get(mask)
        if found is None:
            cards = cand.orders[self.dealer] if collide and cand is not None else self._set_order(mask)
            memo = self.memo[self.dealer]
            base = memo.get(mask)
            if base is None:
                base = self._seat_part(self.dealer, cards, None, self.weighed[self.dealer], model)
                memo[mask] = base
            logs: dict[int, float] = {}
            if base > -math.inf:
                six = [*cards, self.up]
                allowed = [] if self.rules.dealer_may_discard_up_card else six[:-1]
                odds = model._discards(six, trump, allowed, self.strength)
                logs = {1 << c.index: math.log(p) for c, p in odds.items()}
            found = (base, logs)
            if not collide:
                self.dealer_memo[mask] = found
        return found

    def _rechoose_discard(self, cand: _Candidate, model: BiddingModel, rng: random.Random) -> float:
        """Re-choose the dealer's hidden discard; return the dealer's part minus log q over the choices."""
        hs, ds = self.hand_slot[self.dealer], self.discard_slot
        slots = cand.slots
        gone = slots[ds][0]
        held = slots[hs]
        logs: dict[int, float] | None = None
        base = 0.0
        trump = self.view.trump
        if not self.dealer_answers and trump is not None:
            # The dealer's bids do not depend on which card it discarded: count them once.
            mask = cand.bid_masks[self.dealer]
            found = self.dealer_memo.get(mask)  # (a hand with the joker and the seven of clubs: never here)
            base, logs = self._dealer_part(mask, cand, model, trump) if found is None else found
            if base == -math.inf:
                return base
        # The choices: the placed discard, and each card of the dealer's hand that may swap with it.
        choices = [gone]
        if self.fits[hs] & gone:
            may_go = self.fits[ds]
            choices += [c for c in held if may_go & c]
        cards: list[int] = []
        parts: list[float] = []
        logqs: list[float] = []
        constrained = self.constrained_mask
        logq = cand.logq
        moved = False  # whether some choice moves a constrained card (another log q)
        for c in choices:
            if logs is not None:
                log_odds = logs.get(c)
                if log_odds is None:
                    continue
                part = base + log_odds
            else:
                part = self._part(self.dealer, cand, c, model)
            if part == -math.inf:
                continue
            cards.append(c)
            parts.append(part)
            if c != gone and (c | gone) & constrained:
                logqs.append(self.logq_of({**cand.where, c: ds, gone: hs}))
                moved = True
            else:
                logqs.append(logq)  # swapping two free cards: the same proposal probability
        if not cards:
            return -math.inf
        top = max(parts)
        exp = math.exp
        likes = [exp(p - top) for p in parts]
        total = sum(likes)
        x = rng.random() * total
        pick = cards[-1]
        for c, like in zip(cards, likes, strict=True):
            if x < like:
                pick = c
                break
            x -= like
        if pick != gone:
            held.remove(pick)
            held.append(gone)
            slots[ds] = [pick]
            for bit, slot in ((pick, ds), (gone, hs)):
                if bit & constrained:
                    cand.where[bit] = slot
        log_parts = top + math.log(total)
        if not moved:
            # Every choice has the candidate's log q: the log of their sum is log q + log(count)
            # (exp(0) is exactly 1, so this is the general sum below to the last bit).
            return log_parts - (logq + math.log(len(cards)))
        qtop = max(logqs)
        log_q = qtop + math.log(sum(exp(q - qtop) for q in logqs))
        return log_parts - log_q

    def logq_of(self, where: Mapping[int, int]) -> float:
        """The proposal's log probability of a placement with the constrained cards (by card bit) in
        ``where`` (the free cards' part depends only on the room they leave)."""
        rem = list(self.caps)
        logq = 0.0
        for bit, allowed in self.constrained_bits:
            total = sum(rem[i] for i in allowed)
            i = where[bit]
            logq += math.log(rem[i] / total)
            rem[i] -= 1
        left = 0
        for r in rem:
            if r:
                left += r
                logq += self.lgamma[r]
        return logq - self.lgamma[left]

    def _seat_part(
        self,
        seat: Seat,
        cards: list[Card],
        gone: Card | None,
        bids: list[tuple[Action, BidContext]],
        model: BiddingModel,
    ) -> float:
        """One seat's bids: the log of their likelihood with the hand ``cards`` (-inf when one is illegal)."""
        total = 0.0
        weigh = not model.uniform and seat != self.me
        for act, ctx in bids:
            held = cards
            if (
                ctx.phase in (Phase.GO_ALONE, Phase.DEFEND_ALONE)
                and seat == self.dealer
                and self.view.up_taken
            ):
                held = [c for c in cards if c != gone] + ([self.up] if gone != self.up else [])
            if self.hand_rules and not _legal_with(self.rules, ctx, act, held):
                return -math.inf
            if weigh:
                total += math.log(model._likelihood(held, ctx, act, self.strength))
        if weigh and seat == self.dealer and gone is not None and self.discard_slot >= 0:
            six = [*cards, self.up]
            allowed = six if self.rules.dealer_may_discard_up_card else cards
            total += math.log(model._discard(six, self.view.trump, gone, allowed, self.strength))
        return total

    def one_world(
        self, rng: random.Random, tries: int, accept: Callable[[HandState], bool]
    ) -> HandState | None:
        """The first of up to ``tries`` uniform candidates whose world ``accept`` takes (None if none)."""
        for _ in range(tries):
            cand = self.fill(rng)
            if cand is None or not self.complete(cand, rng) or self.weight(cand, _UNIFORM) == -math.inf:
                continue
            try:
                world = self.world(cand)
            except EuchreError:
                continue  # a history this candidate cannot have made (e.g. under extra constraints)
            if accept(world):
                return world
        return None

    # -- the world ---------------------------------------------------------------

    def _dealt(self, cand: _Candidate) -> tuple[list[list[int]], list[int]]:
        """The candidate's deal in card bits: every seat's dealt hand (by seat number) and the kitty
        (top first)."""
        masks = cand.bid_masks
        hands = [self._ascending_bits(m) for m in masks]
        if not self.blind_me:
            # The seat's own cards in the view's order (cards that arrived later were appended).
            mine = masks[self.me]
            kept = [b for b in self.my_bits if b & mine]
            rest = mine & ~sum(kept)
            hands[self.me] = kept + self._ascending_bits(rest)
        dealt = self.up_bit
        for m in masks:
            dealt |= m
        taken = list(cand.taken)
        if self.under_seat is not None:
            # The seat that went under was dealt its under cards, not the kitty's cards it took.
            if self.under_slot >= 0:
                under = self._ascending_bits(sum(cand.slots[self.under_slot]))
            else:
                under = [1 << c.index for c in self.view.under_cards]
            gone = sum(taken)
            u = self.under_seat
            hands[u] = [b for b in hands[u] if not b & gone] + under
            dealt |= sum(under)
        kitty = taken + self._ascending_bits(self.pack_mask & ~dealt)
        return hands, kitty

    def deal(self, cand: _Candidate) -> Deal:
        """The candidate's deal: every seat's dealt hand, the up card, the kitty (top first)."""
        return self._deal_of(*self._dealt(cand))

    def _deal_of(self, hands: Sequence[Sequence[int]], kitty: Sequence[int], checked: bool = True) -> Deal:
        """The deal of dealt hands and a kitty in card bits (``checked=False``: :meth:`Deal.unchecked`)."""
        card = self.card_of
        return (Deal if checked else Deal.unchecked)(
            self.dealer,
            tuple(tuple([card[b] for b in h]) for h in hands),
            self.up,
            tuple([card[b] for b in kitty]),
            self.rules.deck,
            self.rules.joker,
        )

    def _ascending_bits(self, mask: int) -> list[int]:
        """The card bits of a mask in card order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low)
            mask ^= low
        return out

    def world(self, cand: _Candidate) -> HandState:
        """The candidate's world at the view's point.

        The first world of a plan is replayed through the engine action by action;
        the others take its public state and change only what depends on the hidden
        cards (the deal, the hands, the kitty, the hidden actions), which gives the
        same state as a replay (a test checks it) at a fraction of the cost.
        """
        if self.reference is None:
            self.reference = self.replay(cand)
            self.script = self._script(self.reference)
            return self.reference
        return self._transplant(self.reference, cand)

    def replay(self, cand: _Candidate) -> HandState:
        """Deal the candidate and replay the hand through the engine to the view's point."""
        state = new_hand(self.deal(cand), self.rules)
        under = self.under_cards(cand)
        discard = self.discard_card(cand)
        loner = self.loner_card(cand)

        def hidden(st: HandState) -> HandState:
            while True:
                if st.phase is Phase.DISCARD and self.discard_done:
                    st = st.apply(Action("discard", card=discard))
                elif st.phase is Phase.BEST_CARD and self.gift_done:
                    st = st.apply(Action("give", card=cand.gift))
                elif st.phase is Phase.LONER_DISCARD and self.loner_done:
                    st = st.apply(Action("discard", card=loner))
                else:
                    return st

        for _, act in self.view.bids:
            state = hidden(state)
            if act.kind == "under" and not act.cards:
                act = Action("under", cards=under)
            state = state.apply(act)
        state = hidden(state)
        for t in self.view.tricks:
            for _, c in t.plays:
                state = state.apply(Action("play", card=c))
        for _, c in self.view.trick_plays:
            state = state.apply(Action("play", card=c))
        return state

    def _script(self, ref: HandState) -> list[tuple[int, int, Seat, tuple[Card, ...]]]:
        """What a transplant changes, read once from the reference's history: each action that moves
        a hidden card (going under, the dealer's discard, a gift to a loner, the loner's discard) or
        the up card into the dealer's hand, as (what, its place in the history, the seat, the cards
        a seat's own going under named)."""
        script: list[tuple[int, int, Seat, tuple[Card, ...]]] = []
        gave = False
        for i, (seat, act) in enumerate(ref.history):
            if act.kind == "under":
                script.append((_GO_UNDER, i, seat, act.cards))
            elif act.kind in ("order", "call") and ref.up_taken and seat == ref.maker:
                script.append((_PICK_UP, i, seat, ()))
            elif act.kind == "discard" and not gave:
                script.append((_DISCARD_IT, i, seat, ()))
            elif act.kind == "give":
                gave = True
                script.append((_GIVE_IT, i, seat, ()))
            elif act.kind == "discard":
                script.append((_LONER_DISCARDS, i, seat, ()))
        return script

    def _transplant(self, ref: HandState, cand: _Candidate) -> HandState:
        """The reference's state with the candidate's hidden cards: the deal, the hands, the kitty and
        the hidden actions (what :meth:`_script` lists), in card bits until the end. The deal is a
        whole pack by construction (every unknown card in one slot, tested), so it is not checked
        again (:meth:`Deal.unchecked`)."""
        hands, kitty = self._dealt(cand)
        card = self.card_of
        deal = self._deal_of(hands, kitty, checked=False)
        if not self.script and not any(self.played_mask):
            # Nothing dealt has moved yet (a bid before any pickup): the hands and kitty are the deal's.
            return ref._evolve(deal=deal, hands=deal.hands, kitty=deal.kitty)
        under = self.under_cards(cand)
        discard = self.discard_card(cand)
        loner = self.loner_card(cand)
        history: tuple[tuple[Seat, Action], ...] | list[tuple[Seat, Action]] = ref.history
        if self.script:
            history = list(history)
            for what, i, seat, named in self.script:
                if what == _GO_UNDER:
                    cards = under if seat != self.me else named
                    bits = [1 << c.index for c in cards]
                    out = sum(bits)
                    hands[seat] = [b for b in hands[seat] if not b & out] + kitty[:3]
                    kitty = bits + kitty[3:]
                    history[i] = (seat, Action("under", cards=cards))
                elif what == _PICK_UP:
                    hands[self.dealer].append(self.up_bit)
                elif what == _DISCARD_IT:
                    assert discard is not None
                    hands[seat].remove(1 << discard.index)
                    history[i] = (seat, Action("discard", card=discard))
                elif what == _GIVE_IT:
                    assert cand.gift is not None and ref.maker is not None
                    bit = 1 << cand.gift.index
                    hands[seat].remove(bit)
                    hands[ref.maker].append(bit)
                    history[i] = (seat, Action("give", card=cand.gift))
                else:
                    assert loner is not None
                    hands[seat].remove(1 << loner.index)
                    history[i] = (seat, Action("discard", card=loner))
        played = self.played_mask
        held = tuple(tuple([card[b] for b in h if not b & played[s]]) for s, h in enumerate(hands))
        events = ref.events
        if history and history[-1][1].kind in ("discard", "under"):
            last = history[-1][1]
            events = tuple(
                replace(e, card=last.card)
                if isinstance(e, Discarded) and last.card is not None
                else replace(e, cards=last.cards)
                if isinstance(e, WentUnder)
                else e
                for e in events
            )
        # HandState._evolve: dataclasses.replace without the __init__ round trip (the same state).
        return ref._evolve(
            deal=deal,
            hands=held,
            kitty=tuple([card[b] for b in kitty]),
            discard=discard,
            under_cards=under,
            gift=cand.gift,
            loner_discard=loner,
            history=tuple(history),
            events=events,
        )


def _index(card: Card) -> int:
    return card.index


def _all_voids(view: SeatView) -> dict[Seat, frozenset[Suit]]:
    """The suits each seat is known not to hold: failures to follow, and trump leads while barred."""
    voids = {s: set(view.voids[s]) for s in view.seat.seating.seats}
    trump = view.trump
    if trump is not None and view.rules.trump_lead != "anytime":
        leads = [(t.plays[0], view.tricks[:i]) for i, t in enumerate(view.tricks)]
        if view.trick_plays:
            leads.append((view.trick_plays[0], view.tricks))
        for (leader, led), before in leads:
            if effective_suit(led, trump) is trump and trump_lead_barred(view.rules, before, trump):
                voids[leader].update(s for s in Suit if s is not trump)
    return {s: frozenset(v) for s, v in voids.items()}


def _bid_contexts(view: SeatView) -> list[tuple[Seat, Action, BidContext]]:
    """Each public bid with its situation, from the bidding history alone."""
    rules = view.rules
    seating = view.seat.seating
    out: list[tuple[Seat, Action, BidContext]] = []
    made = False
    maker: Seat | None = None
    trump: Suit | None = None
    notrump: str | None = None
    passes = 0
    blind = view.up.is_joker and rules.joker_up == "dealer-blind"
    for seat, act in view.bids:
        if blind and not made:
            phase = Phase.BLIND
        elif act.kind in ("alone", "partner"):
            phase = Phase.GO_ALONE if seat == maker else Phase.DEFEND_ALONE
        else:
            phase = Phase.ROUND_1 if passes < seating.players else Phase.ROUND_2
        out.append((seat, act, BidContext(rules, phase, seat, view.dealer, view.up, trump, notrump)))
        if act.kind == "pass":
            passes += 1
        elif act.kind in ("order", "call") and not made:
            made, maker = True, seat
            if act.kind == "order":
                trump = view.up.suit or Suit.SPADES
            else:
                trump, notrump = act.suit, act.notrump
            # later contexts (alone answers) see the trump
    # Fill in the trump for the answers after the bid.
    return [
        (s, a, BidContext(rules, c.phase, c.to_act, c.dealer, c.up, trump, notrump))
        if c.phase in (Phase.GO_ALONE, Phase.DEFEND_ALONE)
        else (s, a, c)
        for s, a, c in out
    ]


def _legal_with(rules: ClassicRules, ctx: BidContext, act: Action, hand: Sequence[Card]) -> bool:
    """Could a seat holding ``hand`` have made this bid (the hand-dependent rules only)?"""
    if ctx.phase is Phase.ROUND_1:
        if act.kind == "order":
            return may_order(rules, ctx.up, ctx.to_act == ctx.dealer, hand)
        if act.kind == "misdeal":
            return misdeal_kind(hand, rules.misdeal) is not None
    return True


# ---------------------------------------------------------------------------
# Sampling


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
    return sample_worlds_report(view, n, rng, model=model, candidates_per_world=candidates_per_world).worlds


def sample_worlds_report(
    view: SeatView,
    n: int,
    rng: random.Random,
    *,
    model: BiddingModel | None = None,
    candidates_per_world: int = CANDIDATES_PER_WORLD,
    orbits: bool = False,
) -> WorldSample:
    """:func:`sample_worlds` with the candidate count and the effective sample size; with ``orbits``,
    also each world's swaps of the hidden hands (:meth:`_Plan.orbit`) where they apply."""
    return WorldSampler(view, model).report(n, rng, candidates_per_world=candidates_per_world, orbits=orbits)


class WorldSampler:
    """Batch after batch of worlds for one view (:func:`sample_worlds_report` is one batch).

    An analysis that adds batches keeps one sampler: what does not change between batches (the
    view's slots and constraints, the first world replayed through the engine, the bids' likelihood
    of every hand already weighed) is worked out once.
    """

    def __init__(self, view: SeatView, model: BiddingModel | None = None) -> None:
        self.view = view
        self.model = model if model is not None else BiddingModel()
        self.misdealer = next((s for s, a in view.bids if a.kind == "misdeal" and s != view.seat), None)
        self.plan = None if self.misdealer is not None else _Plan(view)

    def report(
        self,
        n: int,
        rng: random.Random,
        *,
        candidates_per_world: int = CANDIDATES_PER_WORLD,
        orbits: bool = False,
    ) -> WorldSample:
        """One batch: see :func:`sample_worlds_report`."""
        if not isinstance(n, int) or n < 1:
            raise EuchreError(f"the number of worlds must be a positive integer, not {n!r}")
        if candidates_per_world < 1:
            raise EuchreError(f"candidates_per_world must be at least 1, not {candidates_per_world!r}")
        if self.plan is None:
            assert self.misdealer is not None
            return _misdealt_worlds(self.view, self.misdealer, n, rng)
        return _batch(self.view, self.plan, self.model, n, rng, candidates_per_world, orbits)


def _batch(
    view: SeatView,
    plan: _Plan,
    bidding: BiddingModel,
    n: int,
    rng: random.Random,
    candidates_per_world: int,
    orbits: bool,
) -> WorldSample:
    count = n * candidates_per_world
    cands: list[_Candidate] = []
    logws: list[float] = []
    drawn = 0
    # Draw until ``count`` candidates fit the bids (a rare hand, like a misdeal's, may need many draws).
    while len(cands) < count and drawn < count * _PATIENCE:
        drawn += 1
        cand = plan.fill(rng)
        if cand is None or not plan.complete(cand, rng):
            continue
        lw = plan.weight(cand, bidding, rng)
        if lw == -math.inf:
            continue
        cands.append(cand)
        logws.append(lw)
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
    built: dict[int, HandState] = {}
    worlds: list[HandState] = []
    for i in picks:
        state = built.get(i)
        if state is None:
            state = plan.world(cands[i])
            built[i] = state
        worlds.append(state)
    swaps = None
    if orbits and plan.orbit_ready():
        found: dict[int, tuple[tuple[tuple[tuple[Card, ...], ...], float], ...]] = {}
        swaps = []
        for i in picks:
            if i not in found:
                found[i] = plan.orbit(cands[i], bidding)
            swaps.append(found[i])
    return WorldSample(worlds, drawn, len(cands), ess, swaps)


def _misdealt_worlds(view: SeatView, seat: Seat, n: int, rng: random.Random) -> WorldSample:
    """Worlds of a hand thrown in by another seat's misdeal: too rare a hand to wait for, so its five
    cards are drawn first from the unseen cards without faces (the earlier passes are not weighed)."""
    plain = misdeal_cards(view)
    worlds: list[HandState] = []
    tries = 0
    while len(worlds) < n and tries < n * 200 and len(plain) >= 5:
        tries += 1
        world = misdeal_world(view, seat, plain, rng, lambda w: True)
        if world is not None:
            worlds.append(world)
    if len(worlds) < n:
        raise EuchreError(f"no deal gives {seat.word} a misdeal hand consistent with {view.seat.word}'s view")
    return WorldSample(worlds, tries, n, float(n))


def misdeal_cards(view: SeatView) -> list[Card]:
    """The unseen cards without faces, in deck order: where a misdeal hand's five cards come from."""
    return sorted((c for c in view.unseen_cards() if c.rank not in _FACES), key=_index)


def misdeal_world(
    view: SeatView,
    seat: Seat,
    plain: Sequence[Card],
    rng: random.Random,
    accept: Callable[[HandState], bool],
) -> HandState | None:
    """One try at a world where ``seat`` holds a misdeal hand: five of ``plain`` drawn first, the rest
    dealt consistently with ``view``; None when the five make no misdeal or no world takes them."""
    hand = rng.sample(plain, 5)
    if misdeal_kind(hand, view.rules.misdeal) is None:
        return None
    try:
        plan = _Plan(view, pins={c: seat for c in hand})
    except EuchreError:
        return None
    return plan.one_world(rng, 3, accept)


_FACES: Final = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING, Rank.JOKER})


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


def view_from_position(data: object) -> Position:
    """Read a ``classic analyze`` position (see :mod:`euchre_tutor.advisor.classic.position`)."""
    from euchre_tutor.advisor.classic.position import read_position

    return read_position(data)
