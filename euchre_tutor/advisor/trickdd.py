"""Every hand open: the double-dummy search of a trick-taking hand, for every game that plays tricks.

A game's advisor samples hidden-card "worlds" and needs, per world, what the
card play is worth with all cards known. This module answers for any game
once the game has said what its cards and its position are (its adapter:
:mod:`euchre_tutor.games.classic.advisor.dd`, :mod:`euchre_tutor.games.bid.advisor.dd`):

* :class:`Tables`: one contract's cards as "slots" (bits of a 64-bit mask),
  built from the engine's own :func:`~euchre_tutor.cards.effective_suit` and
  :func:`~euchre_tutor.cards.card_power`: each slot's effective suit, its power
  for every led suit, the slots above it in its suit, its twin (the equal copy
  of a double deck: of two equal cards the first played wins), its place from
  cheapest to dearest.
* :class:`Position`: the seats (up to six; who sits out, who is on the side the
  values count for: the makers or the bidders), the hands, the trick so far,
  the tricks left and in the hand, the trump-lead rule and whether trump is
  broken.

:func:`solve_many` gives the side's tricks from the current trick on and
:func:`card_values_many` the same after each legal card of the seat to act;
:mod:`euchre_tutor.advisor.rollout` plays the same positions out as the rule-based
player would.

Two backends give identical answers: a compiled core (``_trickdd``, C) and
this pure-Python twin. :data:`BACKEND` names the default: ``"compiled"`` when
the extension was built, ``"python"`` when it was not or when the environment
variable ``EUCHRE_TUTOR_PURE_PYTHON=1`` was set at import; every function also
takes ``backend="python"`` or ``backend="compiled"``.

The search is alpha-beta on the side's trick count with a transposition table
at trick boundaries (the hands, the leader, "trump broken") holding bounds
seeded by sure tricks (a seat holding the top trumps in play), winners-first
move ordering, and equivalent cards searched once: two cards of one hand are
interchangeable when no card of another seat (or on the table) has a power
between theirs or equal to either. The C core asks null-window questions ("at
least k tricks?", MTD(f)) that share the table's bounds; the Python twin
searches the full window. Both return exact values, so they agree card for card.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Generic, TypeVar

from euchre_tutor.advisor.cores import backends, choose, load_core
from euchre_tutor.cards import Card, Suit, card_power, effective_suit

__all__ = [
    "BACKEND",
    "BACKENDS",
    "LEAD_RULES",
    "GameSolver",
    "Position",
    "Search",
    "Tables",
    "bits_of",
    "card_bands_compiled",
    "card_values_compiled",
    "card_values_many",
    "solve_compiled",
    "solve_many",
]

StateT = TypeVar("StateT")

_core: Any = load_core("euchre_tutor.advisor._trickdd")

BACKENDS: Final[tuple[str, ...]] = backends(_core)
"""The backends available in this process, the default first."""

BACKEND: Final[str] = BACKENDS[0]
"""The default backend: ``"compiled"`` (the C core) or ``"python"``."""

SLOTS: Final = 64
"""Card slots a contract may use (bits of one mask)."""

LEAD_RULES: Final = {"anytime": 0, "not-first-trick": 1, "after-broken": 2}
"""The trump-lead restrictions by their rule name, as the search numbers them."""


# ---------------------------------------------------------------------------
# Per-contract tables


class Tables:
    """What the search needs to know about one contract, as plain ints indexed by card slot."""

    __slots__ = (
        "above",
        "aeq",
        "blob",
        "cost",
        "order",
        "power",
        "suit",
        "suitmask",
        "trump_suit",
        "trumps",
        "twin",
    )

    def __init__(self, slots: Sequence[tuple[int, Card]], trump: Suit | None, notrump: str | None) -> None:
        """``slots``: every card of the pack as (slot, card); a double deck names each card twice."""
        n = SLOTS
        self.suit = [0] * n
        self.suitmask = [0, 0, 0, 0]
        self.power = [[0] * n for _ in range(4)]
        self.above = [0] * n
        self.twin = [0] * n
        self.cost = [0] * n
        self.trumps = 0
        self.trump_suit = -1 if trump is None else trump.index
        own = [0] * n
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
        self.aeq = [a | w for a, w in zip(self.above, self.twin, strict=True)]  # above or equal
        # Cheapest first, as the rule-based player's _cost orders them (ties: slot order).
        by_cost = sorted(slots, key=lambda x: ((self.trumps >> x[0]) & 1, own[x[0]], x[0]))
        for rank, (i, _) in enumerate(by_cost):
            self.cost[i] = rank
        # Every slot by effective suit, strongest first within each (twins next to each other).
        self.order = [i for i, _ in sorted(slots, key=lambda x: (self.suit[x[0]], -own[x[0]], x[0]))]
        self.blob = self._blob()

    def _blob(self) -> bytes:
        """The tables as the C core reads them (see _trickdd.c, parse_tables)."""
        out = bytearray()
        for led in range(4):
            out += bytes(self.power[led])
        out += bytes(self.suit)
        out += bytes(self.cost)
        for m in (*self.suitmask, *self.above, *self.twin, self.trumps):
            out += m.to_bytes(8, "little")
        out += bytes([self.trump_suit & 0xFF, len(self.order)])
        out += bytes(self.order) + bytes([0xFF] * (SLOTS - len(self.order)))
        return bytes(out)


# ---------------------------------------------------------------------------
# A hand as masks


class Position:
    """A hand in its play phase as ints: seats, hands, the trick so far, tricks and the lead rule.

    Values count the tricks of the seats in ``side`` (a bitmask); ``done`` (their tricks already
    taken) is added to every answer. ``nxt[s]`` is the next active seat after active seat ``s``.
    ``lone_maker`` is the seat of a maker playing without a partner (the rule-based player leads
    its top trump at once), -1 for none.
    """

    __slots__ = (
        "active",
        "broken",
        "done",
        "hand_tricks",
        "hands",
        "lead_rule",
        "leader",
        "legal",
        "lone_maker",
        "nxt",
        "players",
        "plays",
        "side",
        "tables",
        "tleft",
        "to_act",
    )

    def __init__(
        self,
        tables: Tables,
        *,
        nxt: Sequence[int],
        side: int,
        hands: Sequence[int],
        leader: int,
        to_act: int,
        plays: Sequence[tuple[int, int]],
        tleft: int,
        hand_tricks: int,
        done: int = 0,
        lead_rule: int = 0,
        broken: bool = False,
        lone_maker: int = -1,
    ) -> None:
        self.tables = tables
        self.players = len(nxt)
        self.nxt = list(nxt)
        self.active = len(_active(self.nxt, leader))
        self.side = side
        self.hands = list(hands)
        self.leader = leader
        self.to_act = to_act
        self.plays = list(plays)
        self.tleft = tleft
        self.hand_tricks = hand_tricks
        self.done = done
        self.lead_rule = lead_rule if tables.trumps else 0
        self.broken = bool(broken)
        self.lone_maker = lone_maker
        # The legal cards of the seat to act: follow the led suit if able; a leader barred from
        # leading trump leads a plain card if it holds one.
        t = tables
        hand = self.hands[to_act]
        barred = self.lead_rule and (tleft == hand_tricks if self.lead_rule == 1 else not self.broken)
        if self.plays:
            self.legal = hand & t.suitmask[t.suit[self.plays[0][1]]] or hand
        elif t.trumps and barred:
            self.legal = hand & ~t.trumps or hand
        else:
            self.legal = hand

    def args(self) -> tuple[int, ...]:
        """The position as the C core reads it (see _trickdd.c, parse_position)."""
        flat = [
            self.players,
            self.side,
            self.leader,
            self.tleft,
            self.hand_tricks,
            self.lead_rule,
            int(self.broken),
            self.lone_maker,
            self.active,
            self.legal,
            len(self.plays),
            *self.nxt,
            *self.hands,
        ]
        for s, c in self.plays:
            flat += (s, c)
        return tuple(flat)

    def with_hands(self, hands: Sequence[int]) -> Position:
        """The same position with other hands (by seat; the seat to act keeps its legal cards)."""
        out = copy.copy(self)
        out.hands = list(hands)
        return out


def _active(nxt: Sequence[int], leader: int) -> list[int]:
    """The active seats, from the leader round the table."""
    out = [leader]
    while (s := nxt[out[-1]]) != leader:
        out.append(s)
    return out


# ---------------------------------------------------------------------------
# The pure-Python double-dummy search


def bits_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Search:
    """Alpha-beta over the rest of one hand (the twin of _trickdd.c's search)."""

    def __init__(self, pos: Position) -> None:
        t = pos.tables
        self.pos = pos
        self.t = t
        self.power = t.power
        self.suit = t.suit
        self.suitmask = t.suitmask
        self.cost = t.cost
        self.trumps = t.trumps
        self.trump_suit = t.trump_suit
        self.nxt = pos.nxt
        self.side = pos.side
        self.active = pos.active
        self.lead_rule = pos.lead_rule
        self.hand_tricks = pos.hand_tricks
        self.aeq = t.aeq
        self.tt: dict[tuple[object, ...], tuple[int, int]] = {}

    # The trick state passed down: hands (list, mutated and restored), the seat to play, cards
    # played to the trick so far, led suit, winning seat and power, the trick's cards as a mask,
    # whether this trick breaks trump, trump broken before it, tricks left (this one included).

    def legal(self, hands: list[int], seat: int, k: int, led: int, tleft: int, broken: bool) -> int:
        hand = hands[seat]
        if k:
            return hand & self.suitmask[led] or hand
        if self.trumps and self.lead_rule:
            barred = tleft == self.hand_tricks if self.lead_rule == 1 else not broken
            if barred:
                plain = hand & ~self.trumps
                if plain:
                    return plain
        return hand

    def groups(self, hands: list[int], seat: int, legal: int, table: int) -> list[list[int]]:
        """The legal cards in classes of interchangeable cards (strongest member first)."""
        alive = table
        for s, h in enumerate(hands):
            if s != seat:
                alive |= h
        above, aeq = self.t.above, self.aeq
        out: list[list[int]] = []
        for s in range(4):
            mine = legal & self.suitmask[s]
            if not mine:
                continue
            cards = sorted(bits_of(mine), key=lambda c: above[c].bit_count())  # stable: twins by slot
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
        # Costs are distinct, and so are the powers of one hand's winners (equal twins in one
        # hand are one class): no ties to break.
        reps = [g[0] if k == 0 else g[-1] for g in self.groups(hands, seat, legal, table)]
        cost = self.cost
        if k == 0:
            return sorted(reps, key=lambda c: -cost[c])
        if (self.side >> wseat) & 1 == (self.side >> seat) & 1:
            return sorted(reps, key=lambda c: cost[c])
        power = self.power[led]
        winners = sorted((c for c in reps if power[c] > wpow), key=lambda c: power[c])
        losers = sorted((c for c in reps if power[c] <= wpow), key=lambda c: cost[c])
        return winners + losers

    def sure_tricks(self, hands: list[int], leader: int, tleft: int) -> tuple[int, int]:
        """Bounds on the side's tricks at a trick boundary (the twin of _trickdd.c's sure_tricks).

        A seat holding the highest trumps in play (a run of them, with no equal copy elsewhere)
        wins a trick with each. With no trump in play the leader cashes its top cards in every
        suit, one after another.
        """
        t = self.t
        live = 0
        for h in hands:
            live |= h
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
        if self.side >> owner & 1:
            return run, tleft
        return 0, tleft - run

    def trick_start(
        self, hands: list[int], leader: int, broken: bool, tleft: int, alpha: int, beta: int
    ) -> int:
        if tleft == 0:
            return 0
        if alpha >= tleft:
            return tleft
        if beta <= 0:
            return 0
        key = (*hands, leader, broken)
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
        v = self.node(hands, leader, 0, 0, 0, 0, 0, False, broken, tleft, a, b)
        if v <= a:
            hi = min(hi, v)
        elif v >= b:
            lo = max(lo, v)
        else:
            lo = hi = v
        self.tt[key] = (lo, hi)
        return v

    def node(
        self,
        hands: list[int],
        seat: int,
        k: int,
        led: int,
        wseat: int,
        wpow: int,
        table: int,
        tbroke: bool,
        broken: bool,
        tleft: int,
        alpha: int,
        beta: int,
        legal: int = 0,
    ) -> int:
        legal = legal or self.legal(hands, seat, k, led, tleft, broken)
        maximise = (self.side >> seat) & 1
        best = -1 if maximise else 99
        last = k + 1 == self.active
        for c in self.ordered(hands, seat, k, led, wseat, wpow, legal, table):
            v = self.child(
                hands, seat, k, led, wseat, wpow, table, tbroke, broken, tleft, alpha, beta, c, last
            )
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
        tbroke: bool,
        broken: bool,
        tleft: int,
        alpha: int,
        beta: int,
        c: int,
        last: bool,
    ) -> int:
        """The value after ``seat`` plays card ``c`` (the side's tricks from this trick on); ``last``:
        the trick's last card."""
        bit = 1 << c
        if k == 0:
            led = self.suit[c]
            wseat, wpow = seat, self.power[led][c]
        else:
            p = self.power[led][c]
            if p > wpow:  # strictly: of two equal cards the first played wins
                wseat, wpow = seat, p
        if self.lead_rule == 2 and bit & self.trumps and led != self.trump_suit:
            tbroke = True
        hands[seat] ^= bit
        try:
            if last:
                won = (self.side >> wseat) & 1
                return won + self.trick_start(
                    hands, wseat, broken or tbroke, tleft - 1, alpha - won, beta - won
                )
            return self.node(
                hands,
                self.nxt[seat],
                k + 1,
                led,
                wseat,
                wpow,
                table | bit,
                tbroke,
                broken,
                tleft,
                alpha,
                beta,
            )
        finally:
            hands[seat] ^= bit

    def root_state(self) -> tuple[list[int], int, int, int, int, int, bool]:
        """(hands, led, winning seat, winning power, table mask, cards on the table, this trick
        broke trump) at the root."""
        pos = self.pos
        led = wseat = wpow = table = 0
        tbroke = False
        for k, (s, c) in enumerate(pos.plays):
            if k == 0:
                led = self.suit[c]
                wseat, wpow = s, self.power[led][c]
            elif self.power[led][c] > wpow:
                wseat, wpow = s, self.power[led][c]
            if self.lead_rule == 2 and self.trumps >> c & 1 and led != self.trump_suit:
                tbroke = True
            table |= 1 << c
        return list(pos.hands), led, wseat, wpow, table, len(pos.plays), tbroke

    def solve(self) -> int:
        pos = self.pos
        hands, led, wseat, wpow, table, k, tbroke = self.root_state()
        return self.node(
            hands,
            pos.to_act,
            k,
            led,
            wseat,
            wpow,
            table,
            tbroke,
            pos.broken,
            pos.tleft,
            -1,
            pos.tleft + 1,
            pos.legal,
        )

    def card_values(self) -> dict[int, int]:
        """Each legal card (its slot; equal cards: each slot) -> the side's tricks from this trick on."""
        pos = self.pos
        hands, led, wseat, wpow, table, k, tbroke = self.root_state()
        seat, broken, tleft = pos.to_act, pos.broken, pos.tleft
        last = k + 1 == self.active
        out: dict[int, int] = {}
        for group in self.groups(hands, seat, pos.legal, table):
            v = self.child(
                hands, seat, k, led, wseat, wpow, table, tbroke, broken, tleft, -1, tleft + 1, group[0], last
            )
            for c in group:
                out[c] = v
        return out


# ---------------------------------------------------------------------------
# Public API


def use_compiled(backend: str | None, what: str) -> bool:
    """Whether ``backend`` (None: the default) is the compiled core; a teaching error if it cannot serve."""
    return choose(backend, _core, what) == "compiled"


def solve_many(positions: Sequence[Position], *, compiled: bool) -> list[int]:
    """The side's tricks at the end of the hand, perfect play by every seat, per position."""
    if compiled:
        values = solve_compiled([(p.tables.blob, p.args()) for p in positions])
        return [p.done + v for p, v in zip(positions, values, strict=True)]
    return [p.done + Search(p).solve() for p in positions]


def solve_compiled(
    items: Sequence[tuple[bytes, tuple[int, ...]] | tuple[bytes, tuple[int, ...], int]],
) -> list[int]:
    """:func:`solve_many` by the compiled core of positions given as it reads them (each one's tables'
    ``blob`` and :meth:`Position.args`, and perhaps a guess of its value: the nearer, the fewer
    searches, the same value whatever it is): the side's tricks from the position on (what is done
    already not added)."""
    values: list[int] = _core.solve_many(items)
    return values


def card_values_compiled(items: Sequence[tuple[bytes, tuple[int, ...]]]) -> list[dict[int, int]]:
    """:func:`card_values_many` by the compiled core of positions given as it reads them (each one's
    tables' ``blob`` and :meth:`Position.args`): the side's tricks from the position on (what is done
    already not added)."""
    raw: list[dict[int, int]] = _core.card_values_many(items)
    return raw


def card_bands_compiled(
    position: Position,
    hands: Sequence[Sequence[int]],
    playing: int,
    slots: tuple[int, ...],
    cuts: tuple[int, ...],
    marks: tuple[int, ...],
) -> list[tuple[int, ...]]:
    """By the compiled core, for each entry of ``hands`` (one hand mask per seat; seats not in the
    ``playing`` mask hold none): ``position`` with those hands, and for each card of ``slots`` (legal
    cards of the seat to act) ``marks[j]``, ``j`` the number of the ascending ``cuts`` (the side's tricks
    from the position on) its value reaches. Where only those counts change what a hand scores, this is
    :func:`card_values_compiled` for fewer searches: only null-window questions at the cuts."""
    rows: list[tuple[int, ...]] = _core.card_bands_many(
        position.tables.blob, position.args(), hands, playing, slots, cuts, marks
    )
    return rows


def card_values_many(positions: Sequence[Position], *, compiled: bool) -> list[dict[int, int]]:
    """Per position: each legal card's slot -> the side's tricks at the end of the hand after it."""
    if compiled:
        raw = card_values_compiled([(p.tables.blob, p.args()) for p in positions])
    else:
        raw = [Search(p).card_values() for p in positions]
    return [{c: p.done + v for c, v in values.items()} for p, values in zip(positions, raw, strict=True)]


class GameSolver(Generic[StateT]):
    """A game's double-dummy entry points over this search: ``position`` reads one of its states in play
    as a :class:`Position`; ``card_values_of`` turns a state's per-slot values into its legal cards'
    values; ``what`` names the core in a backend's error."""

    def __init__(
        self,
        position: Callable[[StateT], Position],
        card_values_of: Callable[[StateT, dict[int, int]], dict[Card, int]],
        what: str,
    ) -> None:
        self.position = position
        self.card_values_of = card_values_of
        self.what = what

    def compiled(self, backend: str | None) -> bool:
        """Whether ``backend`` (None: the default) is the compiled core (:func:`use_compiled`)."""
        return use_compiled(backend, self.what)

    def solve(self, state: StateT, *, backend: str | None = None) -> int:
        """The side's tricks at the end of the hand when every seat plays perfectly, all cards open."""
        return self.solve_many([state], backend=backend)[0]

    def solve_many(self, states: Iterable[StateT], *, backend: str | None = None) -> list[int]:
        """:meth:`solve` for many states (one call into the compiled core)."""
        return solve_many([self.position(s) for s in states], compiled=self.compiled(backend))

    def card_values(self, state: StateT, *, backend: str | None = None) -> dict[Card, int]:
        """Each legal card of the seat to act -> the side's final tricks after it, perfect play after."""
        return self.card_values_many([state], backend=backend)[0]

    def card_values_many(
        self, states: Iterable[StateT], *, backend: str | None = None
    ) -> list[dict[Card, int]]:
        """:meth:`card_values` for many states (one call into the compiled core)."""
        states = list(states)
        raw = card_values_many([self.position(s) for s in states], compiled=self.compiled(backend))
        return [self.card_values_of(state, values) for state, values in zip(states, raw, strict=True)]
