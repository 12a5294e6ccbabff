"""Candidate placements of the hidden cards: uniform over the deals consistent with one seat's view.

A :class:`Placement` reads a :class:`~euchre_tutor.games.classic.views.SeatView` once and keeps
everything about it that does not change from one candidate to the next. Every card the
seat cannot place (the other hands, the kitty, a hidden discard, cards gone under) gets a
*slot*: another seat's current hand (its size is public), the dealer's discard, the
loner's discard after a call for best, the three cards a farmer's hand swapped into the
kitty, or the kitty. A card may only go where it could be: not into a hand that has shown
a void in its suit (the left bower is a trump; a trump led while leading trump was barred
shows the leader held only trumps), the up card only into the dealer's hand or discard
once picked up, cards gone under only among the low ranks; ``pins`` and ``extra_voids``
add constraints of the caller's own (a card a seat is about to play, the suit it did not
follow). A view no deal fits raises :class:`~euchre_tutor.errors.EuchreError`.

:meth:`Placement.fill` draws a :class:`Candidate`: the most constrained cards are placed
first, each into an allowed slot with probability proportional to the room left there,
and the free cards are shuffled into the rest. Its exact log probability ``logq`` is
known (:meth:`Placement.logq_of`), so weighing a candidate by ``1/q`` makes the
candidates exactly uniform over the consistent placements. A dead end restarts the
candidate; a view that keeps failing switches to a matching fill that always places every
card when any placement exists (its proposal only roughly uniform).

Everything is deterministic for a given ``random.Random`` state. Cards are *card bits*
here (``1 << card.index``): a candidate's slots hold bits and a hand is a mask. The draw has a
compiled core (``_worldfill.c``, :mod:`euchre_tutor.advisor.cores`) that gives the same
candidates as its pure-Python twin from the same generator state and leaves the generator in
the same state; ``backend="python"`` asks for the twin.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from euchre_tutor.advisor import cores
from euchre_tutor.cards import Card, Suit, deck, effective_suit
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.evidence import known_voids
from euchre_tutor.games.classic.engine.engine import Phase, Seat
from euchre_tutor.games.classic.views import SeatView

__all__ = ["BACKEND", "Candidate", "Placement", "bits_in_order"]

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
_RESTARTS: Final = 30

_HAND, _DISCARD, _LONER, _UNDER, _KITTY = range(5)

#: the compiled candidate draw (``_worldfill.c``), or None: the pure-Python twin serves
CORE: Final = cores.load_core("euchre_tutor.games.classic.advisor._worldfill")
#: the draw a placement uses unless told (``"compiled"`` when the core was built)
BACKEND: Final = cores.backends(CORE)[0]


@dataclass(slots=True)
class Candidate:
    """One placement of the unknown cards. Cards are *card bits* (``1 << card.index``) here: a hand is
    the sum of its bits, and masks, not sets of cards, key the likelihoods (no Python-level hashing)."""

    slots: list[list[int]]  # the card bits in each slot
    logq: float
    bid_masks: list[int] = field(default_factory=list)  # by seat number: the hand it bid with
    gift: Card | None = None
    taken: tuple[int, ...] = ()  # the card bits taken into the hand by going under
    loner_six: list[Card] = field(default_factory=list)
    where: dict[int, int] = field(default_factory=dict)  # the constrained cards' slots, by card bit
    orders: dict[Seat, list[Card]] = field(default_factory=dict)  # only where :attr:`BidWeighing.collide`


def bits_in_order(mask: int) -> list[int]:
    """The card bits of a mask in card order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class Placement:
    """The slots of one view's hidden cards and where each card may go; draws candidates."""

    def __init__(
        self,
        view: SeatView,
        pins: Mapping[Card, Seat] | None = None,
        extra_voids: Mapping[Seat, frozenset[Suit]] | None = None,
        backend: str | None = None,
    ) -> None:
        self.view = view
        #: which draw serves (``"compiled"``: ``_worldfill.c``; ``"python"``: :meth:`_try_fill_python`)
        self.backend = cores.choose(backend, CORE, "candidate draw")
        self._read_roles(view)
        self._read_plays(view, extra_voids)
        self.sizes = self._hand_sizes(view)
        unknown = self._unknown_cards(view)
        self.my_hand = () if self.blind_me else view.hand
        self._lay_out_slots(len(unknown))
        self._sort_cards(unknown, pins)
        self.pack = deck(self.rules.deck, joker=self.rules.joker)
        self.dead_ends = 0
        self.matching = False
        self._in_card_bits()
        self._prepare_draw(len(unknown))
        self.setup()

    # -- reading the view once -----------------------------------------------------

    def _read_roles(self, view: SeatView) -> None:
        """Who is who (me, dealer, maker, the loner's partner) and which hidden steps are done."""
        rules = view.rules
        self.rules = rules
        self.me = view.seat
        self.seats = view.seat.seating.seats
        self.dealer = view.dealer
        self.up = view.up
        self.blind_me = view.phase is Phase.BLIND  # no hand is seen before the blind call
        phase_at = _PHASE_INDEX[view.phase]
        self.discard_done = view.up_taken and phase_at > _PHASE_INDEX[Phase.DISCARD]
        self.gift_done = (
            view.maker is not None
            and rules.calls_for_best(view.alone)
            and phase_at > _PHASE_INDEX[Phase.BEST_CARD]
        )
        self.loner_done = self.gift_done and phase_at > _PHASE_INDEX[Phase.LONER_DISCARD]
        self.maker = view.maker
        self.giver = view.maker.partner if self.gift_done and view.maker is not None else None
        self.under_seat = view.under_seat

    def _read_plays(self, view: SeatView, extra_voids: Mapping[Seat, frozenset[Suit]] | None) -> None:
        """The cards each seat has played, and the suits each has shown void in (with the caller's own)."""
        self.played: dict[Seat, list[Card]] = {s: [] for s in self.seats}
        for t in view.tricks:
            for s, c in t.plays:
                self.played[s].append(c)
        for s, c in view.trick_plays:
            self.played[s].append(c)
        self.voids = known_voids(view)
        for s, suits in (extra_voids or {}).items():
            self.voids[s] = self.voids[s] | suits

    def _hand_sizes(self, view: SeatView) -> dict[Seat, int]:
        """How many cards each seat holds now: five, less its plays, moved by the up card, discards and gift."""
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
        return sizes

    def _unknown_cards(self, view: SeatView) -> set[Card]:
        """The cards whose place the seat does not know (the up card too, once picked up by another seat)."""
        played_all = {c for cards in self.played.values() for c in cards}
        unknown = set(view.unseen_cards())
        if self.blind_me:
            unknown |= set(deck(self.rules.deck, joker=self.rules.joker)) - played_all - {self.up}
        up_hidden = (
            view.up_taken
            and self.up not in played_all
            and self.up not in view.hand
            and self.up not in (view.discard, view.loner_discard)
            and not (self.me == self.dealer and not self.gift_done)
        )
        if up_hidden:
            unknown.add(self.up)
        return unknown

    def _lay_out_slots(self, n_unknown: int) -> None:
        """The slots: the other seats' hands (or mine, blind), then the hidden roles, then the kitty."""
        me = self.me
        self.slot_kind: list[int] = []
        self.slot_seat: list[Seat | None] = []
        self.caps: list[int] = []
        self.hand_slot: dict[Seat, int] = {}
        for s in self.seats:
            if s == me and not self.blind_me:
                continue
            self.hand_slot[s] = self._add_slot(_HAND, s, self.sizes[s])
        self.discard_slot = self.loner_slot = self.under_slot = -1
        if self.discard_done and me != self.dealer:
            self.discard_slot = self._add_slot(_DISCARD, self.dealer, 1)
        if self.loner_done and me != self.maker:
            self.loner_slot = self._add_slot(_LONER, self.maker, 1)
        if self.under_seat is not None and me != self.under_seat:
            self.under_slot = self._add_slot(_UNDER, self.under_seat, 3)
        self.kitty_slot = self._add_slot(_KITTY, None, n_unknown - sum(self.caps))
        if any(c < 0 for c in self.caps):
            raise EuchreError(
                f"this view cannot be dealt: {n_unknown} unseen cards for hands of sizes "
                f"{', '.join(f'{s.name} {self.sizes[s]}' for s in self.seats if s != me)}"
            )

    def _add_slot(self, kind: int, seat: Seat | None, cap: int) -> int:
        """Add a slot of this kind, seat and room; its number."""
        self.slot_kind.append(kind)
        self.slot_seat.append(seat)
        self.caps.append(cap)
        return len(self.caps) - 1

    def _sort_cards(self, unknown: set[Card], pins: Mapping[Card, Seat] | None) -> None:
        """Split the unknown cards into free ones (any slot) and constrained ones, most constrained first."""
        self.low_ranks = self.rules.under_ranks
        self.free: list[Card] = []
        self.constrained: list[tuple[Card, tuple[int, ...]]] = []
        for card in sorted(unknown, key=lambda c: c.index):
            allowed = self._allowed_slots(card)
            if pins and card in pins:
                pinned = self.hand_slot.get(pins[card], -1)
                allowed = [i for i in allowed if i == pinned]
            if not allowed:
                raise EuchreError(f"this view cannot be dealt: {card} fits nowhere")
            if len(allowed) == len(self.caps):
                self.free.append(card)
            else:
                self.constrained.append((card, tuple(allowed)))
        self.constrained.sort(key=lambda ca: (len(ca[1]), ca[0].index))

    def _allowed_slots(self, card: Card) -> list[int]:
        """The slots ``card`` may lie in, before the caller's pins."""
        if card == self.up and self.view.up_taken:
            return [i for i in self._up_card_places() if i >= 0 and self._fits(card, i)]
        return [
            i
            for i in range(len(self.caps))
            if self._fits(card, i) and not (i == self.under_slot and card == self.up)
        ]

    def _up_card_places(self) -> list[int]:
        """Where a picked-up up card may be: the dealer's hand or discard, or passed on to a loner
        who called for best (-1 for a slot that does not exist)."""
        places = [self.hand_slot.get(self.dealer, -1)]
        if not self.rules.up_card_known(up_taken=True):
            places.append(self.discard_slot)
        if self.gift_done and self.giver == self.dealer and self.maker is not None:
            places += [self.hand_slot.get(self.maker, -1), self.loner_slot]
        if self.maker == self.dealer:
            places.append(self.loner_slot)  # a dealer going alone may discard it after a call for best
        return places

    def _in_card_bits(self) -> None:
        """The same facts in card bits (``1 << card.index``), for the hot path."""
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
            free_mask | sum(bit for bit, allowed in self.constrained_bits if i in allowed)
            for i in range(len(self.caps))
        ]

    def _prepare_draw(self, n_unknown: int) -> None:
        """What the draw needs ready: log factorials, the free cards' cuts and log q, the compiled plan."""
        caps = self.caps
        self.lgamma = [math.lgamma(r + 1) for r in range(n_unknown + 1)]
        # With no constrained card: where each slot's cards start and end among the shuffled cards, and
        # the proposal's log q (added up as :meth:`_try_fill_python` does, to the last bit).
        self.cuts = [(k - cap, k) for k, cap in zip(itertools.accumulate(caps), caps, strict=True)]
        self.free_logq = 0.0
        for cap in caps:
            if cap:
                self.free_logq += self.lgamma[cap]
        self.free_logq -= self.lgamma[sum(caps)]
        #: the compiled draw's copy of the slots (None: the Python twin draws)
        self.core_plan: object = None
        if self.backend == "compiled" and CORE is not None:
            self.core_plan = CORE.prepare(
                list(caps), list(self.constrained_bits), list(self.free_bits), self.lgamma, self.free_logq
            )

    def setup(self) -> None:
        """Work out, once the slots are known, what a subclass keeps about the view (nothing here)."""

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

    def fill(self, rng: random.Random) -> Candidate | None:
        """One candidate placement of the unknown cards (None: none found this time).

        The proposal restarts at a dead end; if it keeps failing (tight voids late in a
        hand) the plan switches to a matching fill that always succeeds when any
        placement exists, at the price of a proposal that is only roughly uniform.
        """
        if not self.matching:
            if self.core_plan is not None and type(rng) is random.Random:
                # the compiled draw: it calls the generator's own random and getrandbits as the twin
                # (_try_fill_python) does, so both give the same candidate and leave it in the same state
                draw, plan, rand, bits = CORE.fill, self.core_plan, rng.random, rng.getrandbits
                for _ in range(_RESTARTS):
                    got = draw(plan, rand, bits)
                    if got is not None:
                        return Candidate(got[0], got[1], where=got[2])
            else:
                for _ in range(_RESTARTS):
                    out = self._try_fill_python(rng)
                    if out is not None:
                        return out
            return self.after_dead_end(rng)
        return self.matching_fill(rng)

    def after_dead_end(self, rng: random.Random) -> Candidate | None:
        """What a draw that met a dead end gives: None, until the third dead end, after which the
        matching fill serves for good (its candidate for this draw)."""
        self.dead_ends += 1
        if self.dead_ends < 3:
            return None
        self.matching = True
        return self.matching_fill(rng)

    def matching_fill(self, rng: random.Random) -> Candidate | None:
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

    def candidate(self, slots: Sequence[Sequence[Card]], logq: float = 0.0) -> Candidate:
        """A candidate with these cards in the slots (as the fills make them, in card bits)."""
        return Candidate([[1 << c.index for c in cards] for cards in slots], logq)

    def _try_fill_python(self, rng: random.Random) -> Candidate | None:
        """The pure-Python draw (the compiled one's twin): the constrained cards one by one, each
        into an allowed slot in proportion to its room left, then the free cards shuffled into the rest."""
        if not self.constrained_bits:
            # Every card may go anywhere: the slots are fixed cuts of the shuffled cards, q is fixed.
            rand = rng.random
            free = sorted(self.free_bits, key=lambda _: rand())
            return Candidate([free[a:b] for a, b in self.cuts], self.free_logq)
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
        return Candidate(slots, logq, where=where)

    # -- reading a candidate ---------------------------------------------------------

    def current_hand(self, cand: Candidate, seat: Seat) -> list[Card]:
        if seat == self.me and not self.blind_me:
            return list(self.my_hand)
        card = self.card_of
        return [card[b] for b in cand.slots[self.hand_slot[seat]]]

    def hidden_card(self, cand: Candidate, slot: int) -> Card:
        return self.card_of[cand.slots[slot][0]]

    def discard_card(self, cand: Candidate) -> Card | None:
        if not self.discard_done:
            return None
        if self.discard_slot >= 0:
            return self.hidden_card(cand, self.discard_slot)
        return self.view.discard

    def loner_card(self, cand: Candidate) -> Card | None:
        if not self.loner_done:
            return None
        if self.loner_slot >= 0:
            return self.hidden_card(cand, self.loner_slot)
        return self.view.loner_discard

    def under_cards(self, cand: Candidate) -> tuple[Card, ...]:
        if self.under_seat is None:
            return ()
        if self.under_slot >= 0:
            return tuple(self.cards_in_order(sum(cand.slots[self.under_slot])))
        return self.view.under_cards

    def logq_of(self, where: Mapping[int, int]) -> float:
        """The proposal's log probability of a placement with the constrained cards (by card bit) in
        ``where`` (the free cards' part depends only on the room they leave)."""
        if self.core_plan is not None and type(where) is dict:
            return float(CORE.logq(self.core_plan, where))
        return self._logq_of_python(where)

    def _logq_of_python(self, where: Mapping[int, int]) -> float:
        """The pure-Python :meth:`logq_of` (the compiled one's twin)."""
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

    def cards_in_order(self, mask: int) -> list[Card]:
        """The cards of a card mask in card order."""
        card = self.card_of
        return [card[b] for b in bits_in_order(mask)]
