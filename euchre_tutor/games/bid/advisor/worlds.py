"""Deals consistent with what one Bid Euchre seat has seen: the advisor's sampled worlds.

A world is a full-information :class:`~euchre_tutor.games.bid.engine.HandState` at the
seat's decision: its own hand as it is, every other seat holding as many
cards as it must (a loner's partner fewer by the cards passed, the loner
more while the call is under way), the cards not in any hand (the kitty
before the bid is won, the bid winner's discards for everyone else) set
aside, and the cards the seat knows elsewhere placed there (the cards it
passed to its loner). The hidden cards are dealt at random under two
constraints:

- **voids**: a seat that did not follow a led suit holds none of it (the
  left bower and the joker count as trump);
- **bids, loosely**: a hidden hand is kept with a probability that falls
  when it looks too weak for the bid its seat made (trumps and off aces
  against the level, less the trick a partner is expected to bring), or
  too strong for a pass. Rejection keeps every kept world equally weighted.

Every world's card order is the engine's; ``apply`` and the double-dummy
search take it as they take a real hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from euchre_tutor.cards import JOKER, Card, Rank, Suit, deck, effective_suit, is_trump
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.bid.engine import Deal, HandState, Phase, Seat, new_hand, pack
from euchre_tutor.games.bid.engine.actions import CARDS_PASSED
from euchre_tutor.games.bid.rules import BidRules, Contract
from euchre_tutor.games.bid.views import SeatView
from euchre_tutor.tricks.seating import FOUR

__all__ = ["bid_weight", "sample_worlds", "strength"]

_TRIES: Final = 60  # fresh deals of the hidden cards before a void pattern is declared impossible
_KEEP_FLOOR: Final = 0.35  # the chance of keeping a hand one trick too weak for its bid (squared for two)


def _gifts_count(alone: str | None) -> int:
    return CARDS_PASSED.get(alone or "", 0)


def _played(view: SeatView) -> Counter[Seat]:
    out: Counter[Seat] = Counter(s for t in view.tricks for s, _ in t.plays)
    out.update(s for s, _ in view.trick_plays)
    return out


def _layout(view: SeatView) -> tuple[dict[Seat, int], dict[Seat, tuple[Card, ...]]]:
    """How many hidden cards each other seat holds, and the cards the seat knows another holds."""
    r = view.rules
    played = _played(view)
    given = len(view.gifts) if view.phase is Phase.CALL else _gifts_count(view.alone)
    if view.phase in (Phase.BIDDING, Phase.TRUMP, Phase.KITTY):
        given = 0
    sizes: dict[Seat, int] = {}
    fixed: dict[Seat, tuple[Card, ...]] = {}
    for s in FOUR.seats:
        if s == view.seat:
            continue
        size = r.hand_size - played[s]
        if s == view.sitting_out:
            size -= given
        if s == view.bidder and view.phase is Phase.CALL:
            size += given  # the loner holds the cards passed so far, before discarding as many
            fixed[s] = view.gifts
        sizes[s] = size - len(fixed.get(s, ()))
    return sizes, fixed


def _trump_row(trump: Suit) -> tuple[int, ...]:
    """By card index: 1 for a trump or an off ace with ``trump`` (the cards :func:`strength` counts)."""
    row = [0] * (JOKER.index + 1)
    for c in deck(32, joker=True):
        row[c.index] = int(is_trump(c, trump) or c.rank is Rank.ACE)
    return tuple(row)


_TRUMP_ROWS: Final = {suit: _trump_row(suit) for suit in Suit}


def strength(cards: Sequence[Card], trump: Suit | None, notrump: str | None) -> float:
    """A plain count of a hand's tricks in a contract: trumps and off aces; in no trump its aces
    and half its kings (low: its nines and half its tens)."""
    if trump is not None:
        row = _TRUMP_ROWS[trump]  # every sampled hand, every contract: a table, not two passes
        return float(sum(row[c.index] for c in cards))
    top, second = (Rank.NINE, Rank.TEN) if notrump == "low" else (Rank.ACE, Rank.KING)
    return sum(1.0 for c in cards if c.rank is top) + 0.5 * sum(1 for c in cards if c.rank is second)


def _best_strength(cards: Sequence[Card], contracts: Sequence[Contract]) -> float:
    return max(strength(cards, t, n) for t, n in contracts)


def bid_weight(view: SeatView, seat: Seat, cards: Sequence[Card]) -> float:
    """The chance of keeping a world where ``seat`` held ``cards`` (its cards of this hand), by the
    bids it made: 1 for a hand that fits its highest bid (the trick a partner brings, one per six
    cards, counted in), less for one too weak for it, and a half for a strong hand that only passed."""
    return _bid_fit(view, seat)(cards)


def _bid_fit(view: SeatView, seat: Seat) -> Callable[[Sequence[Card]], float]:
    """:func:`bid_weight` for ``seat`` with its bids read once: the weight of the cards it held."""
    r = view.rules
    contracts = r.contracts
    mine = [a for s, a in view.bids if s == seat]
    if not mine:
        return lambda cards: 1.0
    bids = [a for a in mine if a.kind == "bid"]
    if not bids:  # it passed at every turn: a strong hand would have bid
        strong = r.minimum_bid + 2
        return lambda cards: 0.5 if _best_strength(cards, contracts) >= strong else 1.0
    last = bids[-1]  # its highest bid (in an auction it may have bid several times)
    named = next((a for a in mine if a.kind == "trump"), last)
    need = float(r.hand_size - 1 if last.alone is not None else (last.level or 0) - r.hand_size / 6)
    suit, notrump = named.suit, named.notrump
    named_one = suit is not None or notrump is not None

    def weight(cards: Sequence[Card]) -> float:
        have = strength(cards, suit, notrump) if named_one else _best_strength(cards, contracts)
        return _KEEP_FLOOR ** min(3.0, need - have) if have < need else 1.0

    return weight


def _deal_hidden(
    cards: list[Card],
    sizes: dict[Seat, int],
    limbo: int,
    voids: dict[Seat, frozenset[Suit]],
    trump: Suit | None,
    rng: random.Random,
) -> tuple[dict[Seat, list[Card]], list[Card]] | None:
    """One random placement of the hidden cards respecting voids (None: this try got stuck)."""
    rng.shuffle(cards)
    seats = list(sizes)
    room = {s: sizes[s] for s in seats}
    out: dict[Seat, list[Card]] = {s: [] for s in seats}
    aside: list[Card] = []

    def fits(s: Seat, c: Card) -> bool:
        return not voids[s] or effective_suit(c, trump) not in voids[s]

    if any(voids[s] for s in seats):
        eligible = [(c, [s for s in seats if fits(s, c)]) for c in cards]
        eligible.sort(key=lambda x: len(x[1]))  # the most constrained cards first (stable: still random)
    else:  # every card fits every seat: the same order the sort keeps
        eligible = [(c, seats) for c in cards]
    for c, where in eligible:
        # the seats of ``where`` with room, each as likely as its room, or set aside (in limbo)
        total = limbo - len(aside)
        for s in where:
            n = room[s]
            if n > 0:
                total += n
        if total <= 0:
            return None
        pick = rng.randrange(total)
        for s in where:
            n = room[s]
            if n <= 0:
                continue
            if pick < n:
                out[s].append(c)
                room[s] = n - 1
                break
            pick -= n
        else:
            aside.append(c)
    return out, aside


def sample_worlds(view: SeatView, n: int, rng: random.Random) -> list[HandState]:
    """``n`` full-information states of the hand at ``view``'s decision, consistent with the view."""
    sizes, fixed = _layout(view)
    unseen = list(view.unseen_cards())
    limbo = len(unseen) - sum(sizes.values())
    if limbo < 0 or any(v < 0 for v in sizes.values()):
        raise EuchreError(
            f"the view of {view.seat.word} does not add up: {len(unseen)} unseen cards for "
            f"{sum(sizes.values())} hidden places"
        )
    voids = {s: view.voids[s] for s in sizes}
    weights = {s: _bid_fit(view, s) for s in sizes}  # each seat's bids read once
    played = _played_cards(view)
    out: list[HandState] = []
    attempts = 0
    while len(out) < n:
        attempts += 1
        placed = None
        for _ in range(_TRIES):
            placed = _deal_hidden(list(unseen), sizes, limbo, voids, view.trump, rng)
            if placed is not None:
                break
        if placed is None:
            raise EuchreError(
                f"no deal of the {len(unseen)} unseen cards fits the suits {view.seat.word} has seen "
                "each seat show out of"
            )
        hidden, aside = placed
        hands = {s: (*fixed.get(s, ()), *hidden[s]) for s in sizes}
        # Bids, loosely: keep the world with the chance its hands give the bids they made (after 20
        # tries per world, keep it anyway: a view that contradicts the model still gets an answer).
        if attempts < 20 * n:
            keep = 1.0
            for s, cards in hands.items():
                keep *= weights[s]((*cards, *played[s]))
            if keep < 1.0 and rng.random() >= keep:
                continue
        out.append(_world(view, hands, aside))
    return out


def _played_cards(view: SeatView) -> dict[Seat, list[Card]]:
    out: dict[Seat, list[Card]] = {s: [] for s in FOUR.seats}
    for t in view.tricks:
        for s, c in t.plays:
            out[s].append(c)
    for s, c in view.trick_plays:
        out[s].append(c)
    return out


@lru_cache(maxsize=64)  # without a kitty every world of a decision has the same one
def _deal_with_kitty(kitty: tuple[Card, ...], dealer: Seat, r: BidRules) -> Deal:
    """A deal whose kitty is ``kitty`` (the hands: the rest of the pack, in its order; a world's
    hands replace them)."""
    left = Counter(kitty)
    order: list[Card] = []
    for c in pack(r):
        if left[c] > 0:
            left[c] -= 1
        else:
            order.append(c)
    return Deal.from_order([*order, *kitty], dealer, r)


def _world(view: SeatView, hands: dict[Seat, tuple[Card, ...]], aside: list[Card]) -> HandState:
    """The state of the hand with these hidden hands (``aside``: the kitty or the hidden discards)."""
    r = view.rules
    before_kitty = view.phase in (Phase.BIDDING, Phase.TRUMP)
    discards = view.discards if view.seat == view.bidder else tuple(aside)
    kitty = tuple(aside) if before_kitty else (*discards, *aside)[: r.kitty_size]
    deal = _deal_with_kitty(kitty, view.dealer, r)
    cards = tuple(view.hand if s == view.seat else hands[s] for s in FOUR.seats)
    bids = [a for _, a in view.bids if a.kind != "trump"]
    trailing = 0
    for a in reversed(bids):
        if a.kind != "pass":
            break
        trailing += 1
    given = _gifts_count(view.alone)
    to_discard = 0
    if view.phase is Phase.KITTY:
        to_discard = r.kitty_size - len(view.discards)
    elif view.phase is Phase.LONER_DISCARD:
        to_discard = given - (len(view.discards) - r.kitty_size)
    return new_hand(deal).evolve(  # the fields the view reads, each set as the engine would have
        phase=view.phase,
        to_act=view.to_act,
        hands=cards,
        high=view.high,
        bidder=view.bidder,
        turns=len(bids),
        passes=trailing,
        trump=view.trump,
        notrump=view.notrump,
        to_discard=to_discard,
        to_give=given - len(view.gifts) if view.phase is Phase.CALL else 0,
        discards=discards if not before_kitty else (),
        gifts=view.gifts,
        tricks=view.tricks,
        trick_leader=view.trick_leader,
        trick_plays=view.trick_plays,
        history=view.bids,
    )
