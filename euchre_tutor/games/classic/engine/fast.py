"""The lean path: classic Euchre hands as integer bitmasks, no event objects.

It plays random hands (and random play-outs from the start of a trick)
without building states, for the engine benchmark: no bot and no advisor
uses it (``benchmarks/classic_engine.py`` does, and ``tests/classic/test_fast.py``
checks it against the engine). A hand is four
ints (bit ``i`` set = card ``i`` held); cards and actions carry OpenSpiel's
numbers from :mod:`euchre_tutor.games.classic.engine.openspiel` (a card is
``rank * 4 + suit``, 24 pass, 25..28 clubs..spades, 29 alone, 30 partner,
a card's number to discard or play; records add 35..38 for a bid with
"alone"), so it can be checked against OpenSpiel and the full engine move
by move.

Every table a play needs is precomputed: for each trump, the mask of every
effective suit and a flat "does card b beat card a" table; the next active
seat for every set of sitters. The per-action work is a few integer
operations and one random number.

- :func:`random_hand` plays one hand uniformly at random (deal included).
- :func:`playout` plays the rest of a hand at random from the start of a trick.
- :func:`from_state` turns a full-engine state in play into :func:`playout`'s arguments.

Results agree with :mod:`euchre_tutor.games.classic.engine.engine` (tests replay every
recorded action there).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from euchre_tutor.cards import Card, Suit, effective_suit, trick_power
from euchre_tutor.errors import RulesError
from euchre_tutor.games.classic.engine.actions import Phase
from euchre_tutor.games.classic.engine.hand import HandState
from euchre_tutor.games.classic.engine.openspiel import (
    ALONE_ID,
    PARTNER_ID,
    PASS_ID,
    TRUMP_IDS,
    card_from_id,
    card_id,
)
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.tricks.seating import Seat

__all__ = [
    "FastRules",
    "from_state",
    "playout",
    "random_hand",
]

_SUITS: Final = tuple(Suit)
_CARDS: Final = tuple(card_from_id(i) for i in range(24))
PASS: Final = PASS_ID
ALONE: Final = ALONE_ID
PARTNER: Final = PARTNER_ID
ALONE_BID: Final = 10  # in records only: TRUMP_IDS + ALONE_BID + suit (35..38) = order/call that suit alone


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[bool, ...], ...]]:
    # LED[t][c]: mask of the effective suit of card c with trump t (what must follow c).
    # BEATS[t][a * 24 + b]: card b, played later, beats card a, currently winning a trick led by a's suit
    # (only asked when a is the winning card, so "a's suit" is the led suit or trump).
    led: list[tuple[int, ...]] = []
    beats: list[tuple[bool, ...]] = []
    for t in _SUITS:
        masks = [0, 0, 0, 0]
        for i, c in enumerate(_CARDS):
            masks[effective_suit(c, t).index] |= 1 << i
        led.append(tuple(masks[effective_suit(c, t).index] for c in _CARDS))
        row: list[bool] = []
        for a in _CARDS:
            sa = effective_suit(a, t)
            for b in _CARDS:
                row.append(trick_power(b, t, sa) > trick_power(a, t, sa))
        beats.append(tuple(row))
    return tuple(led), tuple(beats)


LED, BEATS = _tables()
# NEXT[sitters * 4 + seat]: the next seat to play after ``seat`` skipping sitters (a 4-bit mask).
NEXT: Final = tuple(
    next(((seat + k) % 4 for k in range(1, 5) if not (sitters >> ((seat + k) % 4)) & 1), seat)
    for sitters in range(16)
    for seat in range(4)
)
# The number of the single set bit (bit -> card number), for 1 << 0 .. 1 << 23.
BIT: Final = {1 << i: i for i in range(24)}


# The options the lean path plays; any other option away from its default is refused
# (the full engine in :mod:`euchre_tutor.games.classic.engine.engine` plays them all and is the reference).
SUPPORTED: Final = frozenset(
    {
        "target",
        "hands",
        "stick_the_dealer",
        "alone_timing",
        "dealer_may_discard_up_card",
        "lone_defender_euchre_points",
    }
)


class FastRules:
    """The rules options as plain attributes the lean path reads (built from ClassicRules).

    Raises RulesError for a house rule the lean path does not play (it knows the
    24-card deck, stick the dealer, both alone timings, the up-card discard and
    defending alone against any bid).
    """

    __slots__ = ("alone_with_bid", "defend_alone", "lone_defender_points", "may_discard_up", "stuck_turn")

    def __init__(self, rules: ClassicRules) -> None:
        default = ClassicRules()
        unsupported = [
            f"{name}={value!r}"
            for name, value, _ in rules.describe()
            if name not in SUPPORTED
            and value != getattr(default, name)
            and not (name == "defend_alone" and value == "any-bid")
        ]
        if unsupported:
            raise RulesError(
                "the lean search path plays only the base game with stick the dealer, alone timing, the "
                "up-card discard and defend_alone='any-bid'; it does not play "
                f"{', '.join(unsupported)}: use the full engine (euchre_tutor.games.classic.engine.engine)"
            )
        # Each bidding round's seats in turn (the dealer's left first: dealer_bids_first is refused);
        # ``stuck_turn`` is the turn of round 2 that may not pass, -1 for none.
        dealer = Seat.N
        order = [rules.first_bidder(dealer)]
        while len(order) < 4:
            order.append(order[-1].next)
        self.stuck_turn = next(
            (k for k, seat in enumerate(order) if rules.must_name_trump(seat, dealer, 2)), -1
        )
        self.alone_with_bid = rules.alone_with_bid
        self.may_discard_up = rules.dealer_may_discard_up_card
        # defend_alone='against-loner' is refused above: the defenders are asked after any bid or never.
        self.defend_alone = rules.defenders_asked(False)
        self.lone_defender_points = rules.lone_defender_euchre_points


def _pick(mask: int, rnd: float) -> int:
    """The bit of ``mask`` chosen by a random number in [0, 1)."""
    k = int(rnd * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return mask & -mask


_Record = list[tuple[int, int, tuple[int, ...]]]


def random_hand(
    rules: FastRules,
    rng: random.Random,
    deal: tuple[int, list[int], int] | None = None,
    record: _Record | None = None,
) -> tuple[int, int]:
    """Play one hand with uniformly random legal actions; (NS, EW) points.

    ``deal`` is (dealer, four hand masks, up card number); None deals at random
    with ``rng``. With ``record`` a list, every action is appended as
    (seat, action number, the legal action numbers) for checking.
    """
    rand = rng.random
    if deal is None:
        dealer, h, up = _random_deal(rng)
    else:
        dealer, hands, up = deal
        h = list(hands)
    maker, alone, trump = _round_1(rules, rand, h, dealer, up, record)
    if maker < 0:
        maker, alone, trump = _round_2(rules, rand, dealer, up & 3, record)
        if maker < 0:
            return (0, 0)
    if not rules.alone_with_bid:
        alone = rand() < 0.5
        if record is not None:
            record.append((maker, ALONE if alone else PARTNER, (ALONE, PARTNER)))
    sitters = (1 << ((maker + 2) & 3)) if alone else 0
    lone_defender = _defend_alone(rules, rand, dealer, maker, record)
    if lone_defender >= 0:
        sitters |= 1 << ((lone_defender + 2) & 3)
    leader = (dealer + 1) & 3
    while (sitters >> leader) & 1:
        leader = (leader + 1) & 3
    won = playout(h, trump, leader, sitters, rng, record)
    return _hand_points(rules, won[maker & 1], maker, alone, lone_defender >= 0)


def _random_deal(rng: random.Random) -> tuple[int, list[int], int]:
    """A random dealer, four hands of five and the up card, from one 128-bit draw."""
    dealer = int(rng.random() * 4)
    p = list(range(24))
    x = rng.getrandbits(128)
    h = [0, 0, 0, 0]
    for i in range(21):
        x, j = divmod(x, 24 - i)
        j += i
        c = p[j]
        p[j] = p[i]
        p[i] = c
        if i < 20:
            h[(dealer + i) & 3] |= 1 << c
    return dealer, h, p[20]


def _round_1(
    rules: FastRules, rand: Callable[[], float], h: list[int], dealer: int, up: int, record: _Record | None
) -> tuple[int, bool, int]:
    """Round 1: pass, order (and order alone); an order makes the dealer pick up and discard.
    (maker, alone, trump); maker -1: every seat passed."""
    upsuit = up & 3
    with_bid = rules.alone_with_bid
    n = 3 if with_bid else 2
    seat = dealer
    for _ in range(4):
        seat = (seat + 1) & 3
        r = int(rand() * n)
        if record is not None:
            code = PASS if r == 0 else TRUMP_IDS + upsuit + (ALONE_BID if r == 2 else 0)
            record.append(
                (
                    seat,
                    code,
                    (PASS, TRUMP_IDS + upsuit, *((TRUMP_IDS + ALONE_BID + upsuit,) if with_bid else ())),
                )
            )
        if r:
            hd = h[dealer] | (1 << up)
            legal = hd if rules.may_discard_up else hd & ~(1 << up)
            b = _pick(legal, rand())
            if record is not None:
                record.append((dealer, BIT[b], _ids(legal)))
            h[dealer] = hd ^ b
            return seat, r == 2, upsuit
    return -1, False, -1


def _round_2(
    rules: FastRules, rand: Callable[[], float], dealer: int, upsuit: int, record: _Record | None
) -> tuple[int, bool, int]:
    """Round 2: pass or one of the three other suits (times two with "alone"); (maker, alone, trump),
    maker -1: every seat passed (a stuck dealer may not)."""
    with_bid = rules.alone_with_bid
    others = [s for s in (0, 1, 2, 3) if s != upsuit]
    seat = dealer
    for k in range(4):
        seat = (seat + 1) & 3
        stuck = k == rules.stuck_turn
        n = (6 if with_bid else 3) + (0 if stuck else 1)
        r = int(rand() * n)
        if not stuck:
            r -= 1
        if r < 0:
            if record is not None:
                record.append((seat, PASS, _round_2_ids(others, stuck, with_bid)))
            continue
        trump = others[r % 3]
        alone = r >= 3
        if record is not None:
            code = TRUMP_IDS + trump + (ALONE_BID if alone else 0)
            record.append((seat, code, _round_2_ids(others, stuck, with_bid)))
        return seat, alone, trump
    return -1, False, -1


def _defend_alone(
    rules: FastRules, rand: Callable[[], float], dealer: int, maker: int, record: _Record | None
) -> int:
    """The defenders asked in turn whether to defend alone; the lone defender's seat, or -1."""
    if not rules.defend_alone:
        return -1
    first = (dealer + 1) & 3
    if (first & 1) == (maker & 1):
        first = (first + 1) & 3
    for d in (first, (first + 2) & 3):
        yes = rand() < 0.5
        if record is not None:
            record.append((d, ALONE if yes else PARTNER, (ALONE, PARTNER)))
        if yes:
            return d
    return -1


def _hand_points(
    rules: FastRules, taken: int, maker: int, alone: bool, lone_defender: bool
) -> tuple[int, int]:
    """(NS, EW) points for a hand whose makers took ``taken`` tricks."""
    if taken == 5:
        pts = 4 if alone else 2
    elif taken >= 3:
        pts = 1
    else:
        pts = -(rules.lone_defender_points if lone_defender else 2)
    if pts > 0:
        return (pts, 0) if maker & 1 == 0 else (0, pts)
    return (0, -pts) if maker & 1 == 0 else (-pts, 0)


def playout(
    hands: list[int],
    trump: int,
    leader: int,
    sitters: int,
    rng: random.Random,
    record: list[tuple[int, int, tuple[int, ...]]] | None = None,
    tricks_left: int = 5,
) -> list[int]:
    """Play the remaining tricks at random from the start of a trick; [NS tricks, EW tricks].

    ``hands`` (four masks) is changed in place. ``sitters`` is a mask of seats
    sitting out. Only the tricks played here are counted. With ``record`` a
    list, the same random draws are made and every play is recorded.
    """
    if record is not None:
        return _playout_recorded(hands, trump, leader, sitters, rng, record, tricks_left)
    rand = rng.random
    led_of = LED[trump]
    beats = BEATS[trump]
    nxt = NEXT[sitters * 4 : sitters * 4 + 4]
    follows = range(3 - sitters.bit_count())
    get = _CHOICES.get
    one = ONE
    h = hands
    won = [0, 0]
    for _ in range(tricks_left):
        seat = leader
        m = h[seat]
        t = get(m) or _choices(m)
        win_c = t[int(rand() * len(t))]
        h[seat] = m ^ one[win_c]
        win_s = seat
        led = led_of[win_c]
        row = win_c * 24
        for _ in follows:
            seat = nxt[seat]
            m = h[seat]
            f = m & led or m
            t = get(f) or _choices(f)
            c = t[int(rand() * len(t))]
            h[seat] = m ^ one[c]
            if beats[row + c]:
                win_c = c
                win_s = seat
                row = c * 24
        won[win_s & 1] += 1
        leader = win_s
    return won


def _playout_recorded(
    h: list[int],
    trump: int,
    leader: int,
    sitters: int,
    rng: random.Random,
    record: list[tuple[int, int, tuple[int, ...]]],
    tricks_left: int,
) -> list[int]:
    """:func:`playout` with the same random draws, recording (seat, card, legal cards)."""
    rand = rng.random
    led_of = LED[trump]
    beats = BEATS[trump]
    per_trick = 4 - sitters.bit_count()
    won = [0, 0]
    for _ in range(tricks_left):
        seat = leader
        win_c = win_s = led = -1
        for j in range(per_trick):
            if j:
                seat = NEXT[sitters * 4 + seat]
            m = h[seat]
            legal = m if j == 0 else (m & led or m)
            t = _choices(legal)
            c = t[int(rand() * len(t))]
            record.append((seat, c, t))
            h[seat] = m ^ ONE[c]
            if j == 0:
                win_c, win_s, led = c, seat, led_of[c]
            elif beats[win_c * 24 + c]:
                win_c, win_s = c, seat
        won[win_s & 1] += 1
        leader = win_s
    return won


# Legal-card tuples for every mask met in play (at most 5 cards: about 55,000
# masks, under 10 MB), filled on first use: picking a random card is one
# dictionary look-up and one random number.
_CHOICES: dict[int, tuple[int, ...]] = {}
ONE: Final = tuple(1 << i for i in range(24))


def _choices(mask: int) -> tuple[int, ...]:
    t = _CHOICES.get(mask)
    if t is None:
        t = tuple(i for i in range(24) if (mask >> i) & 1)
        if mask.bit_count() <= 5:
            _CHOICES[mask] = t
    return t


def _round_2_ids(others: list[int], stuck: bool, with_bid: bool) -> tuple[int, ...]:
    ids = [TRUMP_IDS + s for s in others]
    if with_bid:
        ids += [TRUMP_IDS + ALONE_BID + s for s in others]
    return tuple(sorted(ids if stuck else [PASS, *ids]))


def _ids(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(24) if (mask >> i) & 1)


def card_mask(cards: tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << card_id(c)
    return m


def from_state(state: HandState) -> tuple[list[int], int, int, int, int]:
    """(hands, trump, leader, sitters, tricks left) for :func:`playout` from a state
    in play at the start of a trick."""
    if state.phase is not Phase.PLAY or state.trick_plays or state.trump is None:
        raise ValueError("from_state needs a hand in play, at the start of a trick")
    assert state.to_act is not None
    sitters = 0
    for s in state.sitting_out:
        sitters |= 1 << int(s)
    hands = [card_mask(state.hands[s]) for s in range(4)]
    return hands, state.trump.index, int(state.to_act), sitters, 5 - len(state.tricks)
