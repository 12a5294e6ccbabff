"""Bid Euchre with every hand open: the double-dummy search.

The Bid Euchre advisor samples hidden-card "worlds" and needs, per world,
what the card play is worth with all cards known: :func:`solve` (the
bidders' tricks at the end of the hand when every seat plays perfectly) and
:func:`card_values` (the same after each legal card of the seat to act). Both
take a full-information :class:`~euchre_tutor.bid.HandState` in the play
phase under any rules the engine plays: a trump suit or no trump high or
low, the joker, the loner's partner sitting out, mid-trick positions and the
double deck (two equal cards: the first played wins). Tricks already taken
are included, so every scoring option follows from the value.

Two backends give identical answers: a compiled core (``_biddd``, C) and a
pure-Python one. :data:`BACKEND` names the default (``"compiled"`` when the
extension was built, unless ``EUCHRE_TUTOR_PURE_PYTHON=1`` was set at import);
every function takes ``backend="python"`` or ``"compiled"``.

How it works. A card copy is a bit of a 64-bit mask: the distinct card ``d``
(its place in the 24-card pack, the joker 24) is bit ``d`` and its double-deck
twin bit ``d + 25``. Per contract Python computes from the engine's own
:func:`~euchre_tutor.cards.effective_suit` and :func:`~euchre_tutor.cards.card_power`
each copy's effective suit, its power for every led suit (twins: equal
power, and a later card must beat the winner strictly, so the first played
of two equal cards wins), the copies above it in its suit, its twin and its
place from cheapest to dearest. The search is alpha-beta on the bidders'
trick count with a transposition table at trick boundaries (the hands and
the leader) holding bounds seeded by sure tricks (a seat holding the top
trumps in play), winners-first move ordering, and equivalent cards searched
once: two cards of one hand are interchangeable when no card of another
seat (or on the table) has a power between theirs or equal to either (a
twin held elsewhere breaks the tie rule's symmetry); twins in one hand are
one card.

>>> from euchre_tutor.bid import Deal, new_hand
>>> hands = {"N": "JH JD AH KH QH TH", "E": "9H 9S TS QS KS AS", "S": "9D TD QD KD AD 9C",
...          "W": "TC JC QC KC AC JS"}
>>> deal = Deal.from_hands("W", {s: h.split() for s, h in hands.items()})
>>> state = new_hand(deal).apply("bid 3 H").apply("pass").apply("pass").apply("pass")
>>> state.to_act.name, solve(state)
('N', 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, Final

from euchre_tutor.advisor.cores import backends, choose, load_core
from euchre_tutor.bid import HandState, Phase
from euchre_tutor.cards import Card, Suit, card_power, deck, effective_suit
from euchre_tutor.errors import IllegalAction

__all__ = ["BACKEND", "BACKENDS", "card_values", "card_values_many", "slots_of", "solve", "solve_many"]

_core: Any = load_core("euchre_tutor.advisor.bid._biddd")

BACKENDS: Final[tuple[str, ...]] = backends(_core)
"""The backends available in this process, the default first."""

BACKEND: Final[str] = BACKENDS[0]
"""The default backend: ``"compiled"`` (the C core) or ``"python"``."""

TWIN: Final = 25  # a card's second copy is its bit + 25
SLOTS: Final = 2 * TWIN
_DISTINCT: Final = deck(24, joker=True)
_INDEX: Final = {c: i for i, c in enumerate(_DISTINCT)}


# ---------------------------------------------------------------------------
# Per-contract tables


class _Tables:
    """What the search needs to know about one contract, as plain ints indexed by card bit."""

    __slots__ = ("above", "aeq", "blob", "cost", "order", "power", "suit", "suitmask", "trumps", "twin")

    def __init__(self, double: bool, joker: bool, trump: Suit | None, notrump: str | None) -> None:
        cards = [c for c in _DISTINCT if joker or not c.is_joker]
        slots = [(_INDEX[c], c) for c in cards]
        if double:
            slots += [(_INDEX[c] + TWIN, c) for c in cards]
        self.suit = [0] * SLOTS
        self.suitmask = [0, 0, 0, 0]
        self.power = [[0] * SLOTS for _ in range(4)]
        self.above = [0] * SLOTS
        self.twin = [0] * SLOTS
        self.aeq = [0] * SLOTS
        self.cost = [0] * SLOTS
        self.trumps = 0
        own = [0] * SLOTS
        for i, card in slots:
            s = effective_suit(card, trump)
            self.suit[i] = s.index
            self.suitmask[s.index] |= 1 << i
            if trump is not None and s is trump:
                self.trumps |= 1 << i
            for led in Suit:
                self.power[led.index][i] = card_power(card, trump, led, notrump)
            own[i] = card_power(card, trump, s, notrump)
        for i, _ in slots:
            for j, _ in slots:
                if j != i and self.suit[j] == self.suit[i]:
                    if own[j] > own[i]:
                        self.above[i] |= 1 << j
                    elif own[j] == own[i]:
                        self.twin[i] |= 1 << j
            self.aeq[i] = self.above[i] | self.twin[i]
        # Cheapest first (plain cards before trumps, weak before strong; ties: bit order).
        by_cost = sorted(slots, key=lambda x: ((self.trumps >> x[0]) & 1, own[x[0]], x[0]))
        for rank, (i, _) in enumerate(by_cost):
            self.cost[i] = rank
        # Every copy by effective suit, strongest first within each (twins next to each other).
        self.order = [i for i, _ in sorted(slots, key=lambda x: (self.suit[x[0]], -own[x[0]], x[0]))]
        self.blob = _table_blob(self)


def _table_blob(t: _Tables) -> bytes:
    """The tables as the C core reads them (see _biddd.c, parse_tables)."""
    out = bytearray()
    for led in range(4):
        out += bytes(t.power[led])
    out += bytes(t.suit)
    out += bytes(t.cost)
    for m in t.suitmask:
        out += m.to_bytes(8, "little")
    for m in (*t.above, *t.twin):
        out += m.to_bytes(8, "little")
    out += t.trumps.to_bytes(8, "little")
    out += bytes([len(t.order)]) + bytes(t.order) + bytes([0xFF] * (SLOTS - len(t.order)))
    return bytes(out)


@cache
def _tables(double: bool, joker: bool, trump: Suit | None, notrump: str | None) -> _Tables:
    return _Tables(double, joker, trump, notrump)


# ---------------------------------------------------------------------------
# A hand as masks


def slots_of(cards: Iterable[Card], taken: int = 0) -> tuple[int, int]:
    """The bits of ``cards`` (a twin takes the second bit when the first is in ``taken`` or used
    already), and ``taken`` with them added."""
    mask = 0
    for c in cards:
        d = _INDEX[c]
        bit = 1 << d if not (taken >> d) & 1 else 1 << (d + TWIN)
        mask |= bit
        taken |= bit
    return mask, taken


class _Position:
    """A HandState in the play phase as ints: hands, the trick so far, seats and the bidders' side."""

    __slots__ = ("active", "bidders", "done", "hands", "leader", "nxt", "plays", "tables", "tleft", "to_act")

    def __init__(self, state: HandState) -> None:
        if state.phase is not Phase.PLAY or state.bidder is None or state.to_act is None:
            raise IllegalAction(
                f"the double-dummy search needs a hand in the play phase, not in phase "
                f"{state.phase.value!r}: bid (and name trump, discard) first"
            )
        rules = state.rules
        self.tables = _tables(rules.double_deck, rules.joker, state.trump, state.notrump)
        active = [int(s) for s in state.active_seats]
        self.active = len(active)
        self.nxt = [0] * 4
        for k, s in enumerate(active):
            self.nxt[s] = active[(k + 1) % len(active)]
        team = state.bidder.team
        self.bidders = sum(1 << int(s) for s in state.active_seats if s.team is team)
        taken = 0
        self.plays: list[tuple[int, int]] = []
        for s, c in state.trick_plays:
            bit, taken = slots_of((c,), taken)
            self.plays.append((int(s), bit.bit_length() - 1))
        self.hands = [0] * 4
        for s in state.active_seats:
            self.hands[s], taken = slots_of(state.hands[s], taken)
        assert state.trick_leader is not None
        self.leader = int(state.trick_leader)
        self.to_act = int(state.to_act)
        self.done = state.tricks_won(team)
        self.tleft = rules.hand_size - len(state.tricks)

    def args(self) -> tuple[int, ...]:
        """The position as the C core reads it (see _biddd.c, parse_position)."""
        flat = [self.bidders, self.leader, self.to_act, self.tleft, self.active, len(self.plays)]
        flat += self.nxt
        flat += self.hands
        for s, c in self.plays:
            flat += (s, c)
        return tuple(flat)


# ---------------------------------------------------------------------------
# The pure-Python double-dummy search


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Search:
    """Alpha-beta over the rest of one hand (the twin of _biddd.c's search)."""

    def __init__(self, pos: _Position) -> None:
        t = pos.tables
        self.pos = pos
        self.t = t
        self.power = t.power
        self.suit = t.suit
        self.suitmask = t.suitmask
        self.cost = t.cost
        self.nxt = pos.nxt
        self.bidders = pos.bidders
        self.active = pos.active
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}

    def groups(self, hands: list[int], seat: int, legal: int, table: int) -> list[list[int]]:
        """The legal cards in classes of interchangeable cards (strongest member first)."""
        alive = table
        for s, h in enumerate(hands):
            if s != seat:
                alive |= h
        above, aeq = self.t.above, self.t.aeq
        out: list[list[int]] = []
        for s in range(4):
            mine = legal & self.suitmask[s]
            if not mine:
                continue
            cards = sorted(_bits(mine), key=lambda c: (above[c].bit_count(), c))
            group = [cards[0]]
            for c in cards[1:]:
                prev = group[-1]
                between = aeq[c] & ~above[prev] & ~((1 << prev) | (1 << c))
                if between & alive:
                    out.append(group)
                    group = [c]
                else:
                    group.append(c)
            out.append(group)
        return out

    def ordered(
        self, hands: list[int], seat: int, k: int, led: int, wseat: int, wpow: int, legal: int, table: int
    ) -> list[int]:
        reps = [g[0] if k == 0 else g[-1] for g in self.groups(hands, seat, legal, table)]
        cost = self.cost
        if k == 0:
            return sorted(reps, key=lambda c: (-cost[c], c))
        if (self.bidders >> wseat) & 1 == (self.bidders >> seat) & 1:
            return sorted(reps, key=lambda c: (cost[c], c))
        power = self.power[led]
        winners = sorted((c for c in reps if power[c] > wpow), key=lambda c: (power[c], c))
        losers = sorted((c for c in reps if power[c] <= wpow), key=lambda c: (cost[c], c))
        return winners + losers

    def sure_tricks(self, hands: list[int], leader: int, tleft: int) -> tuple[int, int]:
        """Bounds on the bidders' tricks at a trick boundary (the twin of _biddd.c's sure_tricks).

        A seat holding the highest trumps in play (a run of them, with no equal card elsewhere)
        wins a trick with each. With no trump in play the leader cashes its top cards in every
        suit, one after another (its copy of an equal pair led first wins).
        """
        t = self.t
        live = hands[0] | hands[1] | hands[2] | hands[3]
        run = 0
        if live & t.trumps:
            owner = -1
            for c in t.order:
                if not (t.trumps >> c & 1 and live >> c & 1):
                    continue
                o = 0
                while not hands[o] >> c & 1:
                    o += 1
                if owner < 0:
                    owner = o
                if o != owner or t.twin[c] & live & ~hands[owner]:
                    break
                run += 1
        else:
            owner = leader
            blocked = -1  # a suit where another seat holds a card as high
            for c in t.order:
                if live >> c & 1 and t.suit[c] != blocked:
                    if hands[leader] >> c & 1:
                        run += 1
                    else:
                        blocked = t.suit[c]
            run = min(run, tleft)
        if self.bidders >> owner & 1:
            return run, tleft
        return 0, tleft - run

    def trick_start(self, hands: list[int], leader: int, tleft: int, alpha: int, beta: int) -> int:
        if tleft == 0:
            return 0
        key = (hands[0], hands[1], hands[2], hands[3], leader)
        bounds = self.tt.get(key)
        lo, hi = bounds if bounds is not None else self.sure_tricks(hands, leader, tleft)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a = max(alpha, lo)
        b = min(beta, hi)
        v = self.node(hands, leader, 0, 0, 0, 0, 0, tleft, a, b)
        if v <= a:
            hi = min(hi, v)
        elif v >= b:
            lo = max(lo, v)
        else:
            lo = hi = v
        self.tt[key] = (lo, hi)
        return v

    def legal(self, hands: list[int], seat: int, k: int, led: int) -> int:
        hand = hands[seat]
        if k:
            return hand & self.suitmask[led] or hand
        return hand

    def node(
        self,
        hands: list[int],
        seat: int,
        k: int,
        led: int,
        wseat: int,
        wpow: int,
        table: int,
        tleft: int,
        alpha: int,
        beta: int,
    ) -> int:
        legal = self.legal(hands, seat, k, led)
        maximise = (self.bidders >> seat) & 1
        best = -1 if maximise else 99
        for c in self.ordered(hands, seat, k, led, wseat, wpow, legal, table):
            v = self.child(hands, seat, k, led, wseat, wpow, table, tleft, alpha, beta, c)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def child(
        self,
        hands: list[int],
        seat: int,
        k: int,
        led: int,
        wseat: int,
        wpow: int,
        table: int,
        tleft: int,
        alpha: int,
        beta: int,
        c: int,
    ) -> int:
        """The value after ``seat`` plays card ``c`` (the bidders' tricks from this trick on)."""
        bit = 1 << c
        if k == 0:
            led = self.suit[c]
            wseat, wpow = seat, self.power[led][c]
        else:
            p = self.power[led][c]
            if p > wpow:  # strictly: of two equal cards the first played wins
                wseat, wpow = seat, p
        hands[seat] ^= bit
        try:
            if k + 1 == self.active:
                won = (self.bidders >> wseat) & 1
                return won + self.trick_start(hands, wseat, tleft - 1, alpha - won, beta - won)
            return self.node(hands, self.nxt[seat], k + 1, led, wseat, wpow, table | bit, tleft, alpha, beta)
        finally:
            hands[seat] ^= bit

    def root(self) -> tuple[list[int], int, int, int, int, int]:
        """(hands, cards on the table, led suit, winning seat, winning power, table mask)."""
        pos = self.pos
        led = wseat = wpow = table = 0
        for k, (s, c) in enumerate(pos.plays):
            if k == 0:
                led = self.suit[c]
                wseat, wpow = s, self.power[led][c]
            elif self.power[led][c] > wpow:
                wseat, wpow = s, self.power[led][c]
            table |= 1 << c
        return list(pos.hands), len(pos.plays), led, wseat, wpow, table

    def solve(self) -> int:
        pos = self.pos
        hands, k, led, wseat, wpow, table = self.root()
        return self.node(hands, pos.to_act, k, led, wseat, wpow, table, pos.tleft, -1, pos.tleft + 1)

    def card_values(self) -> dict[int, int]:
        """Each legal card (its bit; twins: both bits) -> the bidders' tricks from this trick on."""
        pos = self.pos
        hands, k, led, wseat, wpow, table = self.root()
        seat = pos.to_act
        legal = self.legal(hands, seat, k, led)
        out: dict[int, int] = {}
        for group in self.groups(hands, seat, legal, table):
            v = self.child(hands, seat, k, led, wseat, wpow, table, pos.tleft, -1, pos.tleft + 1, group[0])
            for c in group:
                out[c] = v
        return out


# ---------------------------------------------------------------------------
# Public API


def _use_compiled(backend: str | None) -> bool:
    return choose(backend, _core, "Bid Euchre double-dummy core") == "compiled"


def solve(state: HandState, *, backend: str | None = None) -> int:
    """The bidders' tricks at the end of the hand when every seat plays perfectly, all cards open."""
    return solve_many([state], backend=backend)[0]


def solve_many(states: Iterable[HandState], *, backend: str | None = None) -> list[int]:
    """:func:`solve` for many states (one call into the compiled core)."""
    positions = [_Position(s) for s in states]
    if _use_compiled(backend):
        values: list[int] = _core.solve_many([(p.tables.blob, p.args()) for p in positions])
        return [p.done + v for p, v in zip(positions, values, strict=True)]
    return [p.done + _Search(p).solve() for p in positions]


def card_values(state: HandState, *, backend: str | None = None) -> dict[Card, int]:
    """Each legal card of the seat to act -> the bidders' final tricks after it, perfect play after."""
    return card_values_many([state], backend=backend)[0]


def card_values_many(states: Sequence[HandState], *, backend: str | None = None) -> list[dict[Card, int]]:
    """:func:`card_values` for many states (one call into the compiled core)."""
    positions = [_Position(s) for s in states]
    if _use_compiled(backend):
        raw: list[dict[int, int]] = _core.card_values_many([(p.tables.blob, p.args()) for p in positions])
    else:
        raw = [_Search(p).card_values() for p in positions]
    out = []
    for state, pos, values in zip(states, positions, raw, strict=True):
        seat = state.to_act
        assert seat is not None
        by_card = {_DISTINCT[c % TWIN]: pos.done + v for c, v in values.items()}
        out.append({c: by_card[c] for c in state.legal_plays()})
    return out
