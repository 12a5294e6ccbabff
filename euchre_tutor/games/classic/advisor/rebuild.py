"""Worlds from weighed candidates: the full deal and the hand's state at the view's point.

A :class:`WorldBuilder` is a :class:`~euchre_tutor.games.classic.advisor.bidweights.BidWeighing`
that turns a completed candidate into a world: a
:class:`~euchre_tutor.games.classic.engine.engine.HandState` at exactly the view's point, with the
hidden cards where the candidate put them. The first world of a builder is dealt and
replayed through the engine (:func:`~euchre_tutor.games.classic.engine.engine.new_hand`, then every
action of the hand in order, the hidden ones as the candidate has them:
:meth:`WorldBuilder.replay`); the others take its public state and change only what the
hidden cards decide (the deal, the hands, the kitty, the hidden actions), which gives the
same state as a replay. Their deals are built in card bits from a script of the
reference's hidden actions and not checked again (every card of the pack is placed once
by construction). :meth:`WorldBuilder.one_world` draws uniform candidates until a caller's
test accepts a world (what the position reader needs to fit a seat's action).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor import placement
from euchre_tutor.games.classic.advisor.bidmodel import BiddingModel
from euchre_tutor.games.classic.advisor.bidweights import BidWeighing
from euchre_tutor.games.classic.advisor.placement import Candidate, bits_in_order
from euchre_tutor.games.classic.engine.engine import (
    Action,
    Deal,
    Discarded,
    HandState,
    Phase,
    Seat,
    WentUnder,
    new_hand,
)

__all__ = ["WorldBuilder"]

#: what a transplant changes (:meth:`WorldBuilder._script`)
_GO_UNDER, _PICK_UP, _DISCARD_IT, _GIVE_IT, _LONER_DISCARDS = range(5)

#: no inference from the bids: a candidate's weight is only whether every bid was legal with its hands
_UNIFORM_MODEL: Final = BiddingModel(uniform=True)


class WorldBuilder(BidWeighing):
    """A weighing plan that builds the worlds of its candidates (see the module docstring)."""

    #: the first world, replayed through the engine, and what a transplant changes in it (:meth:`world`)
    reference: HandState | None = None
    script: Sequence[tuple[int, int, Seat, tuple[Card, ...]]] = ()
    #: the Card of each card index (None: not in the pack), as the compiled core reads it
    card_table: list[Card | None] | None = None

    def one_world(
        self, rng: random.Random, tries: int, accept: Callable[[HandState], bool]
    ) -> HandState | None:
        """The first of up to ``tries`` uniform candidates whose world ``accept`` takes (None if none)."""
        for _ in range(tries):
            cand = self.fill(rng)
            if cand is None or not self.complete(cand, rng) or self.weight(cand, _UNIFORM_MODEL) == -math.inf:
                continue
            try:
                world = self.world(cand)
            except EuchreError:
                continue  # a history this candidate cannot have made (e.g. under extra constraints)
            if accept(world):
                return world
        return None

    # -- the world ---------------------------------------------------------------

    def _dealt(self, cand: Candidate) -> tuple[list[list[int]], list[int]]:
        """The candidate's deal in card bits: every seat's dealt hand (by seat number) and the kitty
        (top first)."""
        masks = cand.bid_masks
        hands = [bits_in_order(m) for m in masks]
        if not self.blind_me:
            # The seat's own cards in the view's order (cards that arrived later were appended).
            mine = masks[self.me]
            kept = [b for b in self.my_bits if b & mine]
            rest = mine & ~sum(kept)
            hands[self.me] = kept + bits_in_order(rest)
        dealt = self.up_bit
        for m in masks:
            dealt |= m
        taken = list(cand.taken)
        if self.under_seat is not None:
            # The seat that went under was dealt its under cards, not the kitty's cards it took.
            if self.under_slot >= 0:
                under = bits_in_order(sum(cand.slots[self.under_slot]))
            else:
                under = [1 << c.index for c in self.view.under_cards]
            gone = sum(taken)
            u = self.under_seat
            hands[u] = [b for b in hands[u] if not b & gone] + under
            dealt |= sum(under)
        kitty = taken + bits_in_order(self.pack_mask & ~dealt)
        return hands, kitty

    def deal(self, cand: Candidate) -> Deal:
        """The candidate's deal: every seat's dealt hand, the up card, the kitty (top first)."""
        return self._deal_of(*self._dealt(cand))

    def dealt_masks(self, cand: Candidate) -> tuple[int, ...]:
        """Every seat's dealt hand in the candidate's deal as a mask of card bits (by seat number):
        :meth:`deal`'s hands, without building the deal."""
        masks = list(cand.bid_masks)
        if self.under_seat is not None:
            # The seat that went under was dealt its under cards, not the kitty's cards it took.
            if self.under_slot >= 0:
                under = sum(cand.slots[self.under_slot])
            else:
                under = sum(1 << c.index for c in self.view.under_cards)
            u = self.under_seat
            masks[u] = (masks[u] & ~sum(cand.taken)) | under
        return tuple(masks)

    def _fresh_deal(self, cand: Candidate) -> Deal:
        """The candidate's deal, not checked again (:meth:`_deal_of` of :meth:`_dealt`): by the compiled
        core where it is built and no cards went under (tests compare the two)."""
        core = placement.CORE
        if core is None or self.under_seat is not None or cand.taken:
            return self._deal_of(*self._dealt(cand), checked=False)
        if self.card_table is None:
            self.card_table = [self.card_of.get(1 << i) for i in range(33)]
        hands, kitty = core.dealt(
            self.card_table,
            cand.bid_masks,
            -1 if self.blind_me else int(self.me),
            self.my_bits,
            self.up_bit,
            self.pack_mask,
        )
        return Deal.unchecked(self.dealer, hands, self.up, kitty, self.rules.deck, self.rules.joker)

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

    def world(self, cand: Candidate) -> HandState:
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

    def hand_rows(self, cands: Sequence[Candidate]) -> list[list[list[int]] | None] | None:
        """Every seat's hand in each candidate's world as card indices in hand order (by seat number):
        ``[[c.index for c in h] for h in self.world(cand).hands]`` without building the worlds, in one
        call into the compiled core. None for a candidate that had the up card taken (then its world
        serves); None for them all where more than the up card picked up has moved (a bid, or the
        dealer's discard), a card went under, the compiled core is not built, or before the first
        world."""
        core = placement.CORE
        if (
            core is None
            or self.reference is None
            or self.under_seat is not None
            or any(what != _PICK_UP for what, *_ in self.script)
            or any(self.played_mask)
        ):
            return None
        dealer = int(self.dealer) if self.script else -1  # the up card joined the dealer's hand last
        me = -1 if self.blind_me else int(self.me)
        kept = [c for c in cands if not c.taken]
        rows: list[list[list[int]]] = core.dealt_rows(
            [c.bid_masks for c in kept], me, self.my_bits, self.up_bit, dealer
        )
        found = iter(rows)
        return [None if c.taken else next(found) for c in cands]

    def replay(self, cand: Candidate) -> HandState:
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

    def _transplant(self, ref: HandState, cand: Candidate) -> HandState:
        """The reference's state with the candidate's hidden cards: the deal, the hands, the kitty and
        the hidden actions (what :meth:`_script` lists), in card bits until the end. The deal is a
        whole pack by construction (every unknown card in one slot, tested), so it is not checked
        again (:meth:`Deal.unchecked`)."""
        if not self.script and not any(self.played_mask):
            # Nothing dealt has moved yet (a bid before any pickup): the hands and kitty are the deal's.
            deal = self._fresh_deal(cand)
            return ref.evolve(deal=deal, hands=deal.hands, kitty=deal.kitty)
        hands, kitty = self._dealt(cand)
        card = self.card_of
        deal = self._deal_of(hands, kitty, checked=False)
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
        # HandState.evolve: dataclasses.replace without the __init__ round trip (the same state).
        return ref.evolve(
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
