"""Weights from the bids: how likely each seat was to bid as it did with a candidate's hands.

A :class:`BidWeighing` is a :class:`~euchre_tutor.games.classic.advisor.placement.Placement`
that also weighs its candidates. :meth:`BidWeighing.complete` gives every seat of a
candidate the hand it held when it bid (choosing the gift to a loner who called for best
and the cards taken by going under), or says the candidate cannot be the real deal;
:meth:`BidWeighing.weight` is then the candidate's log weight: the log likelihood of every
public bid (passes included) under the
:class:`~euchre_tutor.games.classic.advisor.bidmodel.BiddingModel`, and of a dealer's (or a
loner's, after a call for best) hidden discard, minus the proposal's log ``q``; ``-inf``
when some bid was illegal with the hand (ordering up without a trump under a calling
requirement, a misdeal without a misdeal hand: :func:`~euchre_tutor.games.classic.advisor.evidence.legal_with`).

A hidden dealer's discard is not left where the uniform placement put it: with an
``rng``, :meth:`BidWeighing.weight` re-chooses it among the dealer's unknown cards that
could have been discarded, in proportion to the discard model, and sums the weight over
those choices (with each choice's proposal probability): the estimates of weighing the
placed discard, with more candidates kept useful.

The likelihoods are memoised per seat by the hand's card mask, so a hand already weighed
costs one dictionary lookup. The model reads each hand in the order a frozenset of its
cards iterates, which its sums of no-trump points and discard odds follow to the last bit
(:meth:`BidWeighing._set_order`). A seat other than the dealer whose only bids are round-1
passes or orders is keyed by its trumps, its off-suit aces and the plain suits it holds
(all the model reads of it); the dealer's bids and its discard odds are memoised per hand.
Every memoised likelihood equals the model's for the candidate's own hand, to the last bit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from euchre_tutor.cards import Card, Rank, Suit, is_trump
from euchre_tutor.games.classic.advisor import placement
from euchre_tutor.games.classic.advisor.bidmodel import BidContext, BiddingModel
from euchre_tutor.games.classic.advisor.evidence import bid_contexts, legal_with
from euchre_tutor.games.classic.advisor.placement import Candidate, Placement
from euchre_tutor.games.classic.advisor.strength import StrengthTable
from euchre_tutor.games.classic.engine.engine import Action, Phase, Seat

__all__ = ["COLLIDE", "BidWeighing"]

#: the seven of clubs (index 0) and the joker (index 32): a frozenset puts both in the same slot
COLLIDE: Final = 1 | 1 << 32
_LOW32: Final = (1 << 32) - 1


class BidWeighing(Placement):
    """A placement whose candidates are weighed by the bids (see the module docstring)."""

    def setup(self) -> None:
        super().setup()
        view = self.view
        rules = self.rules
        me = self.me
        # The bids to weigh, with their public situation.
        self.bid_plan = bid_contexts(view)
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
        trump_1 = self.rules.proposed_suit(self.up)
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
        # Re-choosing the dealer's discard needs the dealer's cards to be only its hand and discard.
        self.rechoose = self.discard_slot >= 0 and self.dealer in self.hand_slot and not self.gift_done
        self.dealer_answers = any(
            ctx.phase in (Phase.GO_ALONE, Phase.DEFEND_ALONE) for _, ctx in self.weighed.get(self.dealer, [])
        )
        # Whether the dealer's part with a hidden discard is its bids' (which do not depend on the
        # discard) plus the discard's odds: memoised once per hand (:meth:`_dealer_part`).
        self.dealer_splits = self.discard_slot >= 0 and not self.dealer_answers and self.dealer != me
        self.memo_model: BiddingModel | None = None
        self.strength = StrengthTable()
        #: per model, what the compiled draw reads of it (:meth:`_model_spec`)
        self.model_specs: dict[BiddingModel, tuple[object, ...] | None] = {}

        #: whether a hand may hold both the seven of clubs and the joker (see :meth:`_set_order`)
        self.collide = all(b in self.card_of for b in (1, 1 << 32))

    def own_part(self, model: BiddingModel) -> float:
        """The log likelihood of the viewing seat's own bids with its own hand, under ``model``.

        Constant for one view, so :meth:`weight` leaves it out; where the up card itself is unknown
        (a book's turned-down card, :class:`~.worlds.WorldSampler`'s ``ups``) it weighs each up card
        the view could have had: a seat that passed a suit it held well was unlikely to see that
        suit turned up. 0 with a uniform model or a hand not seen whole at bid time; -inf when a bid
        was illegal with the hand.
        """
        mask = self.my_mask | self.played_mask[self.me]
        if model.uniform or self.blind_me or mask.bit_count() != 5 or self.view.up_taken:
            return 0.0
        cards = (
            self._set_order(mask)
            if not (self.collide and mask & COLLIDE == COLLIDE)
            else list(frozenset(self.cards_in_order(mask)))
        )
        total = 0.0
        for act, ctx in self.bids_by_seat.get(self.me, []):
            if self.hand_rules and not legal_with(self.rules, ctx, act, cards):
                return -math.inf
            total += math.log(model._likelihood(cards, ctx, act, self.strength))
        return total

    def _discard_bit(self, cand: Candidate) -> int:
        """:meth:`discard_card` as a card bit (0: none)."""
        if not self.discard_done:
            return 0
        if self.discard_slot >= 0:
            return cand.slots[self.discard_slot][0]
        assert self.view.discard is not None
        return 1 << self.view.discard.index

    def complete(self, cand: Candidate, rng: random.Random) -> bool:
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
            post = self.cards_in_order(masks[self.under_seat])
            picks = rng.sample(range(5), 3)
            cand.taken = tuple(1 << post[i].index for i in sorted(picks))
        return True

    def _bid_orders(self, cand: Candidate) -> dict[Seat, list[Card]]:
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

    def _set_order(self, mask: int) -> list[Card]:
        """The cards of a five-card mask in the order a frozenset of them iterates (the order the
        bidding model has always read a hand in, which its sums of no-trump points and discard odds
        follow to the last bit): by card index, the joker (index 32, hashed into slot 0 of the
        set's 32-slot table) first. Not for a hand with both the joker and the seven of clubs
        (index 0), which share that slot, so that the order they were added in decides
        (:attr:`collide`; those hands keep their frozenset's order, :meth:`_bid_orders`)."""
        if mask >> 32:
            return [self.card_of[1 << 32], *self.cards_in_order(mask & _LOW32)]
        return self.cards_in_order(mask)

    def _bid_cards(self, cand: Candidate, seat: Seat, mask: int) -> list[Card]:
        if self.collide and mask & COLLIDE == COLLIDE:
            return cand.orders[seat]
        return self._set_order(mask)

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
            and not (self.collide and mask & COLLIDE == COLLIDE)
        ):
            base, logs = self._dealer_part(mask, None, model, self.view.trump)
            return base if base == -math.inf else base + logs.get(given, 0.0)
        memo = self.memo[seat]
        key = self._memo_key(seat, mask, given)
        part = memo.get(key)
        if part is None:
            if self.collide and mask & COLLIDE == COLLIDE:
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

    def use_model(self, model: BiddingModel) -> None:
        """Weigh by ``model`` from now on: the likelihoods worked out for another model are forgotten."""
        if model is not self.memo_model:
            self.memo_model = model
            self.memo = {s: {} for s in self.seats}
            self.dealer_memo = {}

    def weight(self, cand: Candidate, model: BiddingModel, rng: random.Random | None = None) -> float:
        """The candidate's log weight (-inf: impossible): the bids' log likelihoods minus log q.

        With ``rng``, a hidden dealer's discard is re-chosen among the cards that could
        have been it (the dealer's unknown cards), in proportion to how likely the
        dealer was to discard each; the weight then sums over those choices
        (Rao-Blackwellised), which keeps far more candidates useful than weighing the
        uniformly placed discard alone.
        """
        if model is not self.memo_model:
            self.use_model(model)
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
        round_1 = self.round_1_keys
        dealer = self.dealer
        for seat in seats:
            # :meth:`_memo_key`, inline (the hot path: every candidate, every seat that bid)
            mask = masks[seat]
            gone = self._discard_bit(cand) if seat == dealer else 0
            found = round_1.get(seat)
            key = mask | gone << 33 if found is None else _round_1_key(mask, *found)
            known = memo[seat].get(key)
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
        return mask | gone << 33 if found is None else _round_1_key(mask, *found)

    def _part(self, seat: Seat, cand: Candidate, gone: int, model: BiddingModel) -> float:
        """``seat``'s log likelihood of its bids with its bid-time hand in the candidate; ``gone``: the
        dealer's discard's bit (0: none), memoised by the hand's card mask."""
        mask = cand.bid_masks[seat]
        if not (self.collide and mask & COLLIDE == COLLIDE):
            return self._mask_part(seat, mask, gone)
        memo = self.memo[seat]
        key = self._memo_key(seat, mask, gone)
        part = memo.get(key)
        if part is None:
            part = self._seat_part(
                seat, self._bid_cards(cand, seat, mask), self.card_of.get(gone), self.weighed[seat], model
            )
            memo[key] = part
        return part

    def _model_spec(self, model: BiddingModel) -> tuple[object, ...] | None:
        """The bidding model as the compiled draw reads it (``_worldfill.c``'s ``read_model``): the
        strength rows, the model's numbers, the dealer's hidden discard, and per seat the program of
        its bids (None: the Python callbacks weigh that seat). None where the compiled model does not
        serve: a uniform model, the joker, a calling requirement or a misdeal (bids illegal with a
        hand), no-trump bids. Worked out once per model."""
        found = self.model_specs.get(model)
        if found is not None or model in self.model_specs:
            return found
        rules = self.rules
        spec: tuple[object, ...] | None = None
        if not (model.uniform or rules.joker or self.hand_rules or rules.no_trump_calls):
            suits = tuple(Suit)
            table = self.strength
            trump = self.view.trump
            programs = [self._program(s, model) for s in self.seats]
            dealer_ok = programs[int(self.dealer)] is not None and trump is not None
            spec = (
                [table.rows[t] for t in suits],
                [table.plain_bits[t] for t in suits],
                (
                    model.temperature,
                    model.split_temperature,
                    model.alone,
                    model.no_bower_factor,
                    model.floor,
                    model.discard_temperature,
                ),
                (
                    suits.index(trump) if dealer_ok and trump is not None else -1,
                    self.up.index,
                    int(rules.dealer_may_discard_up_card),
                ),
                programs,
            )
        self.model_specs[model] = spec
        return spec

    def _program(self, seat: Seat, model: BiddingModel) -> tuple[int, list[tuple[object, ...]]] | None:
        """``seat``'s bids as the compiled model reads them (whether they are weighed, and per bid:
        round, pass 0 / bid 1, alone, the seat is the dealer, the dealer's partner, round 1's trump,
        the up card, a plain order offered, alone offered, the suit named (-1), stuck, round 2's
        suits, the points a bid needs), or None where a bid is not a round-1 pass or order or a
        round-2 pass or call of a suit (the Python callbacks serve)."""
        rules = self.rules
        suits = tuple(Suit)
        out: list[tuple[object, ...]] = []
        for act, ctx in self.weighed.get(seat, []):
            up_suit = rules.proposed_suit(ctx.up)
            partner = ctx.dealer in seat.partners
            named_suits: tuple[int, ...] = ()
            if ctx.phase is Phase.ROUND_1 and act.kind in ("pass", "order"):
                kind, named, stuck = int(act.kind == "order"), -1, False
            elif ctx.phase is Phase.ROUND_2 and (
                act.kind == "pass" or (act.kind == "call" and act.suit is not None)
            ):
                stuck = rules.must_name_trump(seat, ctx.dealer, 2)
                kind = int(act.kind == "call")
                named = -1 if act.suit is None else suits.index(act.suit)
                named_suits = tuple(suits.index(t) for t in rules.round_2_suits(up_suit, stuck))
            else:
                return None
            out.append(
                (
                    1 if ctx.phase is Phase.ROUND_1 else 2,
                    kind,
                    int(act.alone),
                    int(seat == ctx.dealer),
                    int(partner),
                    suits.index(up_suit),
                    ctx.up.index,
                    int(not rules.must_order_alone(partner)),
                    int(rules.alone_with_bid),
                    named,
                    int(stuck),
                    named_suits,
                    model._need(rules),
                )
            )
        return int(not model.uniform and seat != self.me), out

    def _mask_part(self, seat: int, mask: int, gone: int) -> float:
        """:meth:`_part` of the seat numbered ``seat`` holding the cards of ``mask`` (not both the joker
        and the seven of clubs), under the model in use, memoised."""
        who = self.seats[seat]
        memo = self.memo[who]
        key = self._memo_key(who, mask, gone)
        part = memo.get(key)
        if part is None:
            assert self.memo_model is not None
            part = self._seat_part(
                who, self._set_order(mask), self.card_of.get(gone), self.weighed[who], self.memo_model
            )
            memo[key] = part
        return part

    def draw_fast(
        self, model: BiddingModel, rng: random.Random, want: int, tries: int
    ) -> tuple[list[Candidate], list[float], int, bool] | None:
        """Up to ``want`` candidates that fit the bids, with their log weights (:meth:`fill`,
        :meth:`complete` and :meth:`weight` in turn, at most ``tries`` draws), drawn by the compiled
        core: the same candidates and weights as that loop, the generator left in the same state. Also
        the draws spent and whether the last one met a dead end (the caller goes on with
        :meth:`after_dead_end`). None where the core does not take this plan (it is not built, a
        matching fill serves, a gift to a loner, a loner's discard, cards gone under, a hand that may
        hold both the joker and the seven of clubs, or a dealer whose discard is re-chosen and who
        answered a loner)."""
        core = placement.CORE
        if core is None or type(rng) is not random.Random:
            return None
        rechoose = self.rechoose and not model.uniform
        spec = self.core_spec(model, rechoose)
        if spec is None:
            return None
        cands, logws, used, dead_end = core.draw(
            self.core_plan, rng.random, rng.getrandbits, want, tries, spec
        )
        return cands, logws, used, dead_end

    def core_spec(self, model: BiddingModel, rechoose: bool) -> tuple[object, ...] | None:
        """The plan as the compiled draw reads it (``_worldfill.c``'s ``read_spec``), weighing by
        ``model`` (which the memos are now for) and re-choosing the dealer's hidden discard or not;
        None where the compiled draw does not take the plan (see :meth:`draw_fast`)."""
        if placement.CORE is None or self.core_plan is None or self.matching:
            return None
        if self.gift_done or self.loner_slot >= 0 or self.under_seat is not None or self.collide:
            return None
        trump = self.view.trump
        if rechoose and (self.dealer_answers or trump is None):
            return None
        self.use_model(model)
        seats = self.seats
        discard = self.view.discard
        return (
            len(seats),
            [self.hand_slot.get(s, -1) for s in seats],
            list(self.played_mask),
            int(self.me),
            int(not self.blind_me),
            self.my_mask,
            int(self.dealer),
            int(self.discard_done),
            self.discard_slot,
            0 if discard is None else 1 << discard.index,
            int(self.view.up_taken),
            self.up_bit,
            int(rechoose),
            list(self.fits),
            self.constrained_mask,
            [int(s) for s in (self.weighed_others if rechoose else self.weighed_seats)],
            [self.round_1_keys.get(s) for s in seats],
            [self.memo[s] for s in seats],
            self.dealer_memo,
            self._mask_part,
            lambda mask: self._dealer_part(mask, None, model, trump),  # type: ignore[arg-type]
            Candidate,
            self._model_spec(model),
            [int(s in self.weighed) for s in seats],
            int(self.dealer_splits and not model.uniform and trump is not None),
        )

    def _dealer_part(
        self, mask: int, cand: Candidate | None, model: BiddingModel, trump: Suit
    ) -> tuple[float, dict[int, float]]:
        """The dealer's bids' log likelihood with the bid-time hand ``mask`` (whichever card it
        discarded), and the log of its odds of discarding each card it may (by card bit), from its six
        cards after picking up: memoised by the mask. Where :attr:`dealer_splits`, the dealer's part
        with a discard is the first plus the second's entry for it (0 for a card it may not
        discard), as :meth:`_seat_part` adds them. ``cand``: the candidate holding a hand with both
        the joker and the seven of clubs (whose card order it keeps, :meth:`_bid_cards`)."""
        collide = self.collide and mask & COLLIDE == COLLIDE
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
                allowed = [c for c in six if self.rules.dealer_may_discard(c, self.up)]
                odds = model._discards(six, trump, allowed, self.strength)
                logs = {1 << c.index: math.log(p) for c, p in odds.items()}
            found = (base, logs)
            if not collide:
                self.dealer_memo[mask] = found
        return found

    def _rechoose_discard(self, cand: Candidate, model: BiddingModel, rng: random.Random) -> float:
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
        total = 0.0  # added in order, as the compiled twin adds them
        for like in likes:
            total += like
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
        spread = 0.0
        for q in logqs:
            spread += exp(q - qtop)
        return log_parts - (qtop + math.log(spread))

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
            if self.hand_rules and not legal_with(self.rules, ctx, act, held):
                return -math.inf
            if weigh:
                total += math.log(model._likelihood(held, ctx, act, self.strength))
        if weigh and seat == self.dealer and gone is not None and self.discard_slot >= 0:
            six = [*cards, self.up]
            allowed = [c for c in six if self.rules.dealer_may_discard(c, self.up)]
            total += math.log(model._discard(six, self.view.trump, gone, allowed, self.strength))
        return total


def _round_1_key(mask: int, keep: int, suits: tuple[int, ...]) -> int:
    """The memo key of a seat in :attr:`BidWeighing.round_1_keys` holding the cards of ``mask``: its
    cards in ``keep``, and above them one bit per plain suit of ``suits`` it holds."""
    key = mask & keep
    bit = 1 << 33
    for suit in suits:
        if mask & suit:
            key |= bit
        bit <<= 1
    return key
