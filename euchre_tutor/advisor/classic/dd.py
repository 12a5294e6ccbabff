"""Classic Euchre with every hand open: the double-dummy solver and the rule-based rollout.

The classic advisor samples hidden-card "worlds" and needs, per world, what
the card play is worth with all cards known (:func:`solve`,
:func:`card_values`) and, for bidding, what the rule-based player's own card
play makes of the hand (:func:`rollout`). All take a full-information
:class:`~euchre_tutor.classic.engine.HandState` in the play phase, under any
rules the engine plays (3, 4 or 6 players, every deck, the joker, no-trump
high and low, loners and lone defenders sitting partners out, trump-lead
restrictions, mid-trick positions). Values are the makers' tricks at the end
of the hand (tricks already taken included): every scoring option is
monotone in them, so the points follow.

Two backends give identical answers: a compiled core (``_ddcore``, C) and a
pure-Python one. :data:`BACKEND` names the default: ``"compiled"`` when the
extension was built, ``"python"`` when it was not or when the environment
variable ``EUCHRE_TUTOR_PURE_PYTHON=1`` was set at import. Every function also
takes ``backend="python"`` or ``backend="compiled"`` to choose per call.

How it works. Cards are bits of a 64-bit mask numbered by ``Card.index``
(suit * 8 + rank offset, the joker 32: the pack's order). Per contract
(deck, joker, trump, no-trump) Python computes, from the engine's own
:func:`~euchre_tutor.cards.effective_suit` and
:func:`~euchre_tutor.cards.card_power` (which covers the low no-trump bid),
each card's effective
suit, its power for every led suit, the cards above it in its own suit and
its place from cheapest to dearest; the search only reads those tables.
The solver is alpha-beta on the makers' trick count with a transposition
table at trick boundaries (hands of every seat, leader, "trump broken")
holding bounds, winners-first move ordering and equivalent cards merged: two
cards of one effective suit with no other live card between them (gone,
or in the same hand) are interchangeable, so only one is searched. The C
core asks null-window questions ("at least k tricks?", MTD(f)) that share the
table's bounds; the Python twin searches the full window. Both return exact
values, so they agree card for card.

The rollout is the card play of the rule-based ("Club") player,
:class:`~euchre_tutor.bots.classic.RuleBasedPlayer` (``_play``, ``_lead``,
``_is_boss``, ``_cheapest``, ``_power``, ``_cost``) re-implemented on the same
tables: the advisor layer may not import the bots. It must stay in step with
``bots/classic.py``; tests/advisor/classic/test_dd_rollout.py compares it with
``play_out(state, [RuleBasedPlayer()] * players)`` on thousands of states and
fails when they drift apart.

"Trump broken" (``trump_lead="after-broken"``) follows the rule sheet: some
completed trick had a trump played to a non-trump lead.

North deals and orders up the ace of hearts; East holds the five other trumps and
leads. Only the left bower (J♦) takes North's ace at once; the rule-based players
find it too:

>>> from euchre_tutor.classic.engine import Deal, new_hand
>>> hands = {"N": "9S TS QS KS AS", "E": "9H TH QH KH JD", "S": "9D TD QD KD AD", "W": "9C TC QC KC AC"}
>>> deal = Deal.from_hands("N", {seat: cards.split() for seat, cards in hands.items()}, "AH")
>>> state = new_hand(deal).apply("pass").apply("pass").apply("pass").apply("order").apply("discard 9S")
>>> solve(state), {str(card): tricks for card, tricks in card_values(state).items()}, rollout(state)
(0, {'JD': 0, '9H': 1, 'TH': 1, 'QH': 1, 'KH': 1}, 0)
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, Final

from euchre_tutor.advisor.cores import backends, choose, load_core
from euchre_tutor.cards import Card, Suit, card_power, effective_suit
from euchre_tutor.classic.engine import TRICKS, HandState, Phase
from euchre_tutor.errors import IllegalAction
from euchre_tutor.views.classic import seat_view

__all__ = [
    "BACKEND",
    "BACKENDS",
    "card_values",
    "card_values_many",
    "rollout",
    "rollout_many",
    "solve",
    "solve_many",
]

_core: Any = load_core("euchre_tutor.advisor.classic._ddcore")

BACKENDS: Final[tuple[str, ...]] = backends(_core)
"""The backends available in this process, the default first."""

BACKEND: Final[str] = BACKENDS[0]
"""The default backend: ``"compiled"`` (the C core) or ``"python"``."""

_CARD_SLOTS: Final = 33  # Card.index runs 0..32 (the joker is 32)
_LEAD_RULES: Final = {"anytime": 0, "not-first-trick": 1, "after-broken": 2}


# ---------------------------------------------------------------------------
# Per-contract tables


class _Tables:
    """What the search needs to know about one contract, as plain ints indexed by card bit."""

    __slots__ = (
        "above",
        "blob",
        "cost",
        "order",
        "power",
        "suit",
        "suitmask",
        "trump_suit",
        "trumps",
    )

    def __init__(self, pack: Sequence[Card], trump: Suit | None, notrump: str | None) -> None:
        n = _CARD_SLOTS
        self.suit = [0] * n
        self.suitmask = [0, 0, 0, 0]
        self.power = [[0] * n for _ in range(4)]
        self.above = [0] * n
        self.cost = [0] * n
        self.trumps = 0
        self.trump_suit = -1 if trump is None else trump.index
        own: dict[int, int] = {}
        for card in pack:
            i = card.index
            s = effective_suit(card, trump)
            self.suit[i] = s.index
            self.suitmask[s.index] |= 1 << i
            if trump is not None and s is trump:
                self.trumps |= 1 << i
            for led in Suit:
                self.power[led.index][i] = card_power(card, trump, led, notrump)
            own[i] = card_power(card, trump, s, notrump)
        for card in pack:
            i = card.index
            for other in pack:
                j = other.index
                if self.suit[j] == self.suit[i] and own[j] > own[i]:
                    self.above[i] |= 1 << j
        # Cheapest first, as the rule-based player's _cost orders them (ties: pack order).
        by_cost = sorted(pack, key=lambda c: ((self.trumps >> c.index) & 1, own[c.index], c.index))
        for rank, card in enumerate(by_cost):
            self.cost[card.index] = rank
        # The pack by effective suit, strongest first within each (for equivalent cards).
        self.order = [
            c.index for c in sorted(pack, key=lambda c: (self.suit[c.index], self.above[c.index].bit_count()))
        ]
        self.blob = _table_blob(self)


def _table_blob(t: _Tables) -> bytes:
    """The tables as the C core reads them (see _ddcore.c, struct Tables)."""
    out = bytearray()
    for led in range(4):
        out += bytes(t.power[led])
    out += bytes(t.suit)
    out += bytes(t.cost)
    for m in t.suitmask:
        out += m.to_bytes(8, "little")
    for m in t.above:
        out += m.to_bytes(8, "little")
    out += t.trumps.to_bytes(8, "little")
    out += (t.trump_suit & 0xFF).to_bytes(1, "little")
    out += bytes(t.order) + bytes([0xFF] * (_CARD_SLOTS - len(t.order)))
    return bytes(out)


@cache
def _tables(size: int, joker: bool, trump: Suit | None, notrump: str | None) -> _Tables:
    from euchre_tutor.cards import deck

    return _Tables(deck(size, joker=joker), trump, notrump)


# ---------------------------------------------------------------------------
# A hand as masks


class _Position:
    """A HandState in the play phase as ints: hands, the trick so far, seats and sides."""

    __slots__ = (
        "active",
        "alone",
        "broken",
        "done",
        "hands",
        "lead_rule",
        "leader",
        "legal",
        "maker",
        "maker_side",
        "nxt",
        "players",
        "playing",
        "plays",
        "tables",
        "tleft",
        "to_act",
    )

    def __init__(self, state: HandState, masks: Sequence[int] | None = None) -> None:
        """``masks``: every seat's hand as a mask (:func:`_masks`), when the caller has them."""
        if state.phase is not Phase.PLAY or state.maker is None or state.to_act is None:
            raise IllegalAction(
                f"the double-dummy solver needs a hand in the play phase, not in phase "
                f"{state.phase.value!r}: bid (and discard) first"
            )
        rules = state.rules
        trump = state.trump
        t = self.tables = _tables(rules.deck, rules.joker, trump, state.notrump)
        self.players, self.active, self.nxt, self.maker_side, self.playing = _seats(state)
        self.maker = int(state.maker)
        self.alone = state.alone
        self.hands = self.playing_hands(_masks(state.hands) if masks is None else masks)
        leader = state.trick_leader
        assert leader is not None
        self.leader = int(leader)
        self.to_act = int(state.to_act)
        self.plays = [(int(s), c.index) for s, c in state.trick_plays]
        makers = state.maker.team
        self.done = sum(1 for tr in state.tricks if tr.winner.team is makers) if state.tricks else 0
        self.tleft = TRICKS - len(state.tricks)
        self.lead_rule = _LEAD_RULES[rules.trump_lead] if trump is not None else 0
        self.broken = self.lead_rule == 2 and _broken(state)
        # The engine's legal cards (legal_plays) on the masks: follow the led suit if able; a leader
        # barred from leading trump leads a plain card if it holds one (as the search's legal()).
        hand = self.hands[self.to_act]
        barred = self.lead_rule and (self.tleft == TRICKS if self.lead_rule == 1 else not self.broken)
        if self.plays:
            self.legal = hand & t.suitmask[t.suit[self.plays[0][1]]] or hand
        elif t.trumps and barred:
            self.legal = hand & ~t.trumps or hand
        else:
            self.legal = hand

    def playing_hands(self, masks: Sequence[int]) -> list[int]:
        """Every seat's hand mask as the search holds it: a seat sitting out holds none."""
        playing = self.playing
        return [m if playing >> s & 1 else 0 for s, m in enumerate(masks)]

    def args_swapped(self, rows: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
        """:meth:`args` with each row of hand masks (by seat) in place of the position's hands."""
        n = self.players
        flat = self.args()
        head, tail = flat[: 11 + n], flat[11 + 2 * n :]  # the hands sit after the fixed fields and nxt
        return [(*head, *self.playing_hands(row), *tail) for row in rows]

    def args(self) -> tuple[int, ...]:
        """The position as the C core reads it (see _ddcore.c, parse_position)."""
        n = self.players
        flat = [
            n,
            self.maker_side,
            self.leader,
            self.tleft,
            self.lead_rule,
            int(self.broken),
            self.maker,
            int(self.alone),
            self.active,
            self.legal,
            len(self.plays),
        ]
        flat += self.nxt
        flat += self.hands
        for s, c in self.plays:
            flat += (s, c)
        return tuple(flat)


def _masks(hands: Sequence[Sequence[Card]]) -> list[int]:
    """Every seat's hand as a mask of card bits (Card.index)."""
    out = []
    for hand in hands:
        m = 0
        for c in hand:
            m |= 1 << c.index
        out.append(m)
    return out


_SEATS: dict[tuple[object, ...], tuple[int, int, tuple[int, ...], int, int]] = {}


def _seats(state: HandState) -> tuple[int, int, tuple[int, ...], int, int]:
    """(players, active players, the next active seat of each active seat (0 for a sitter), the
    makers' seats as bits, the active seats as bits) for the table, the makers and who sits out:
    a few dozen combinations, so they are kept."""
    assert state.maker is not None
    lone = state.lone_defender
    key = (state.seating, int(state.maker), state.alone, -1 if lone is None else int(lone))
    found = _SEATS.get(key)
    if found is None:
        seating = state.seating
        n = seating.players
        out = state.sitting_out
        active = [s for s in seating.seats if s not in out]
        nxt = [0] * n
        for k, s in enumerate(active):
            nxt[s] = active[(k + 1) % len(active)]
        makers = state.maker.team
        side = sum(1 << s for s in seating.seats if s.team is makers)
        found = _SEATS[key] = (n, len(active), tuple(nxt), side, sum(1 << s for s in active))
    return found


def _broken(state: HandState) -> bool:
    """The rule sheet's "trump broken": a completed trick had a trump played to a non-trump lead."""
    trump = state.trump
    for t in state.tricks:
        cards = t.cards
        if effective_suit(cards[0], trump) is trump:
            continue
        if any(effective_suit(c, trump) is trump for c in cards[1:]):
            return True
    return False


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
    """Alpha-beta over the rest of one hand (the twin of _ddcore.c's search)."""

    def __init__(self, pos: _Position) -> None:
        t = pos.tables
        self.pos = pos
        self.t = t
        self.power = t.power
        self.suit = t.suit
        self.suitmask = t.suitmask
        self.above = t.above
        self.cost = t.cost
        self.trumps = t.trumps
        self.trump_suit = t.trump_suit
        self.nxt = pos.nxt
        self.maker_side = pos.maker_side
        self.active = pos.active
        self.lead_rule = pos.lead_rule
        self.tt: dict[tuple[object, ...], tuple[int, int]] = {}

    # The trick state passed down: hands (list, mutated and restored), the seat to play, cards
    # played to the trick so far, led suit, winning seat and power, the trick's cards as a mask,
    # whether this trick breaks trump, the leader, trump broken before it, tricks left (this one
    # included).

    def legal(self, hands: list[int], seat: int, k: int, led: int, tleft: int, broken: bool) -> int:
        hand = hands[seat]
        if k:
            follow = hand & self.suitmask[led]
            return follow or hand
        if self.trumps and self.lead_rule:
            barred = tleft == TRICKS if self.lead_rule == 1 else not broken
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
        above = self.above
        out: list[list[int]] = []
        for s in range(4):
            mine = legal & self.suitmask[s]
            if not mine:
                continue
            # strongest first: fewer cards above
            cards = sorted(_bits(mine), key=lambda c: above[c].bit_count())
            group = [cards[0]]
            for c in cards[1:]:
                prev = group[-1]
                between = above[c] & ~(above[prev] | (1 << prev))
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
            return sorted(reps, key=lambda c: -cost[c])
        mine = (self.maker_side >> seat) & 1
        if (self.maker_side >> wseat) & 1 == mine:
            return sorted(reps, key=lambda c: cost[c])
        power = self.power[led]
        winners = sorted((c for c in reps if power[c] > wpow), key=lambda c: power[c])
        losers = sorted((c for c in reps if power[c] <= wpow), key=lambda c: cost[c])
        return winners + losers

    def sure_tricks(self, hands: list[int], leader: int, tleft: int) -> tuple[int, int]:
        """Bounds on the makers' tricks at a trick boundary (the twin of _ddcore.c's sure_tricks).

        A seat holding the highest trumps in play (a run of them) wins a trick with each: it plays
        them in different tricks and nothing beats them. With no trump in play the leader cashes
        its top cards in every suit, one after another.
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
                o = next(s for s, h in enumerate(hands) if h >> c & 1)
                if owner < 0:
                    owner = o
                elif o != owner:
                    break
                run += 1
        else:
            owner = leader
            blocked = -1  # a suit where another seat holds a higher live card
            for c in t.order:
                if live >> c & 1 and t.suit[c] != blocked:
                    if hands[leader] >> c & 1:
                        run += 1
                    else:
                        blocked = t.suit[c]
            run = min(run, tleft)
        if self.maker_side >> owner & 1:
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
        v = self.node(hands, leader, 0, 0, 0, 0, 0, False, leader, broken, tleft, a, b)
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
        leader: int,
        broken: bool,
        tleft: int,
        alpha: int,
        beta: int,
        legal: int = 0,
    ) -> int:
        legal = legal or self.legal(hands, seat, k, led, tleft, broken)
        maximise = (self.maker_side >> seat) & 1
        best = -1 if maximise else 99
        last = k + 1 == self.active
        for c in self.ordered(hands, seat, k, led, wseat, wpow, legal, table):
            v = self.child(
                hands, seat, k, led, wseat, wpow, table, tbroke, leader, broken, tleft, alpha, beta, c, last
            )
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
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
        leader: int,
        broken: bool,
        tleft: int,
        alpha: int,
        beta: int,
        c: int,
        last: bool,
    ) -> int:
        """The value after ``seat`` plays card ``c`` (the makers' tricks from this trick on)."""
        bit = 1 << c
        if k == 0:
            led = self.suit[c]
            wseat, wpow = seat, self.power[led][c]
        else:
            p = self.power[led][c]
            if p > wpow:
                wseat, wpow = seat, p
        if self.lead_rule == 2 and bit & self.trumps and led != self.trump_suit:
            tbroke = True
        hands[seat] ^= bit
        try:
            if last:
                won = (self.maker_side >> wseat) & 1
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
                leader,
                broken,
                tleft,
                alpha,
                beta,
            )
        finally:
            hands[seat] ^= bit

    def root_state(self) -> tuple[list[int], int, int, int, int, int, bool]:
        """(hands, seat, k, led, winning seat, winning power, this trick broke trump) at the root."""
        pos = self.pos
        hands = list(pos.hands)
        led = wseat = wpow = table = 0
        tbroke = False
        for k, (s, c) in enumerate(pos.plays):
            if k == 0:
                led = self.suit[c]
                wseat, wpow = s, self.power[led][c]
            elif self.power[led][c] > wpow:
                wseat, wpow = s, self.power[led][c]
            if self.trumps >> c & 1 and led != self.trump_suit:
                tbroke = True
            table |= 1 << c
        return hands, led, wseat, wpow, table, len(pos.plays), tbroke

    def solve(self) -> int:
        pos = self.pos
        hands, led, wseat, wpow, table, k, tbroke = self.root_state()
        tbroke = tbroke and self.lead_rule == 2
        return self.node(
            hands,
            pos.to_act,
            k,
            led,
            wseat,
            wpow,
            table,
            tbroke,
            pos.leader,
            pos.broken,
            pos.tleft,
            -1,
            TRICKS + 1,
            pos.legal,
        )

    def card_values(self) -> dict[int, int]:
        pos = self.pos
        hands, led, wseat, wpow, table, k, tbroke = self.root_state()
        tbroke = tbroke and self.lead_rule == 2
        seat = pos.to_act
        legal = pos.legal  # the engine's: the root is exactly state.legal_plays()
        last = k + 1 == self.active
        out: dict[int, int] = {}
        for group in self.groups(hands, seat, legal, table):
            v = self.child(
                hands,
                seat,
                k,
                led,
                wseat,
                wpow,
                table,
                tbroke,
                pos.leader,
                pos.broken,
                pos.tleft,
                -1,
                TRICKS + 1,
                group[0],
                last,
            )
            for c in group:
                out[c] = v
        return out


# ---------------------------------------------------------------------------
# The pure-Python rollout (the rule-based player's card play)


def _rollout_py(pos: _Position, unseen: list[int]) -> int:
    t = pos.tables
    power, suit, above, cost = t.power, t.suit, t.above, t.cost
    trumps, trump_suit, suitmask = t.trumps, t.trump_suit, t.suitmask
    maker_side = pos.maker_side
    hands = list(pos.hands)
    unseen = list(unseen)
    active = pos.active
    lone_maker = pos.alone or pos.players == 3
    broken = pos.broken
    won = 0
    plays = list(pos.plays)
    seat = pos.to_act
    tleft = pos.tleft
    root = pos.legal  # the engine's legal cards for the first card
    while tleft:
        k = len(plays)
        hand = hands[seat]
        if k:
            led = suit[plays[0][1]]
            legal = hand & suitmask[led] or hand
        else:
            led = -1
            legal = hand
            if trumps and pos.lead_rule:
                barred = tleft == TRICKS if pos.lead_rule == 1 else not broken
                plain = hand & ~trumps
                if barred and plain:
                    legal = plain
        if root:
            legal, root = root, 0
        mine = unseen[seat]
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        elif k == 0:
            card = _lead_py(t, legal, mine, bool(maker_side >> seat & 1), lone_maker and seat == pos.maker)
        else:
            wseat, wcard = plays[0]
            for s, c in plays[1:]:
                if power[led][c] > power[led][wcard]:
                    wseat, wcard = s, c
            best = power[led][wcard]
            cards = _bits(legal)
            winners = [c for c in cards if power[led][c] > best]
            partner = (maker_side >> wseat & 1) == (maker_side >> seat & 1)
            last = k + 1 == active
            if partner and (last or not mine & above[wcard]):
                card = min(cards, key=lambda c: cost[c])
            elif winners:
                if last:
                    card = min(winners, key=lambda c: power[led][c])
                else:
                    card = max(winners, key=lambda c: power[led][c])
                    if trumps >> card & 1 and led != trump_suit:
                        card = min(winners, key=lambda c: power[led][c])
            else:
                card = min(cards, key=lambda c: cost[c])
        bit = 1 << card
        hands[seat] ^= bit
        for s in range(len(unseen)):
            unseen[s] &= ~bit
        plays.append((seat, card))
        if len(plays) == active:
            led = suit[plays[0][1]]
            wseat, wcard = plays[0]
            for s, c in plays[1:]:
                if power[led][c] > power[led][wcard]:
                    wseat, wcard = s, c
                if trumps >> c & 1 and led != trump_suit:
                    broken = True
            won += maker_side >> wseat & 1
            plays = []
            seat = wseat
            tleft -= 1
        else:
            seat = pos.nxt[seat]
    return pos.done + won


def _lead_py(t: _Tables, legal: int, unseen: int, maker_side: bool, lone_maker: bool) -> int:
    cost, above = t.cost, t.above
    trumps = legal & t.trumps
    plain = legal & ~t.trumps
    if maker_side and trumps:
        top = max(_bits(trumps), key=lambda c: cost[c])
        if lone_maker or not unseen & above[top]:
            return top
    for c in _bits(plain):
        if not unseen & above[c]:
            return c
    if plain:
        shortest = min(
            (plain & t.suitmask[s] for s in range(4) if plain & t.suitmask[s]), key=lambda m: m.bit_count()
        )
        return min(_bits(shortest), key=lambda c: cost[c])
    return max(_bits(trumps), key=lambda c: cost[c])


def _unseen(state: HandState, masks: Sequence[int] | None = None) -> list[int]:
    """Each seat's unseen cards, exactly as its SeatView's ``unseen_cards()`` (what the rule-based
    player reasons from), computed from the state without building the views (the tests compare).
    ``masks``: every seat's hand as a mask (:func:`_masks`), when the caller has them."""
    pack = _pack_mask(state.rules.deck, state.rules.joker)
    played = 0
    for t in state.tricks:
        for _, c in t.plays:
            played |= 1 << c.index
    for _, c in state.trick_plays:
        played |= 1 << c.index
    up = 1 << state.up.index
    up_known_to_all = not state.up_taken or not state.rules.dealer_may_discard_up_card
    if masks is None:
        masks = _masks(state.hands)
    out = []
    for seat in state.seating.seats:
        known = played | masks[seat]
        if seat == state.under_seat:
            for c in state.under_cards:
                known |= 1 << c.index
        if seat == state.dealer:
            known |= up
            if state.discard is not None:
                known |= 1 << state.discard.index
        elif up_known_to_all:
            known |= up
        if seat == state.maker and state.loner_discard is not None:
            known |= 1 << state.loner_discard.index
        out.append(pack & ~known)
    return out


def _unseen_from_views(state: HandState) -> list[int]:
    """The reference for :func:`_unseen`: every seat's view, asked."""
    out = []
    for seat in state.seating.seats:
        m = 0
        for c in seat_view(state, seat).unseen_cards():
            m |= 1 << c.index
        out.append(m)
    return out


@cache
def _pack_mask(size: int, joker: bool) -> int:
    from euchre_tutor.cards import deck

    m = 0
    for c in deck(size, joker=joker):
        m |= 1 << c.index
    return m


# ---------------------------------------------------------------------------
# Public API


def _use_compiled(backend: str | None) -> bool:
    return choose(backend, _core, "double-dummy core") == "compiled"


def solve(state: HandState, *, backend: str | None = None) -> int:
    """The makers' tricks at the end of the hand when every seat plays perfectly, all cards open."""
    return solve_many([state], backend=backend)[0]


def solve_many(states: Iterable[HandState], *, backend: str | None = None) -> list[int]:
    """:func:`solve` for many states (one call into the compiled core)."""
    positions = [_Position(s) for s in states]
    if _use_compiled(backend):
        values: list[int] = _core.solve_many([(p.tables.blob, p.args()) for p in positions])
        return [p.done + v for p, v in zip(positions, values, strict=True)]
    return [p.done + _Search(p).solve() for p in positions]


def card_values(state: HandState, *, backend: str | None = None) -> dict[Card, int]:
    """Each legal card of the seat to act -> the makers' final tricks after it, perfect play after."""
    return card_values_many([state], backend=backend)[0]


def card_values_many(states: Iterable[HandState], *, backend: str | None = None) -> list[dict[Card, int]]:
    """:func:`card_values` for many states (one call into the compiled core)."""
    states = list(states)
    positions = [_Position(s) for s in states]
    if _use_compiled(backend):
        raw: list[dict[int, int]] = _core.card_values_many([(p.tables.blob, p.args()) for p in positions])
    else:
        raw = [_Search(p).card_values() for p in positions]
    out = []
    for state, pos, values in zip(states, positions, raw, strict=True):
        out.append({c: pos.done + values[c.index] for c in state.legal_plays()})
    return out


def card_values_swapped(
    states: Sequence[HandState],
    hands: Sequence[Sequence[Sequence[Sequence[Card]]]],
    *,
    backend: str | None = None,
) -> list[list[dict[Card, int]]]:
    """:func:`card_values` of each state with its hands replaced by each of ``hands[i]`` (every
    seat's current hand, by seat number): the same deal with the hidden hands swapped between seats.
    The seat to act keeps its cards, so its legal cards are the state's."""
    compiled = _use_compiled(backend)
    items: list[tuple[bytes, tuple[int, ...]]] = []
    searches: list[_Search] = []
    bases: list[tuple[int, list[Card]]] = []
    for state, options in zip(states, hands, strict=True):
        base = _Position(state)
        bases.append((base.done, list(state.legal_plays())))
        rows = [_masks(held) for held in options]
        if compiled:
            items.extend((base.tables.blob, args) for args in base.args_swapped(rows))
        else:
            for row in rows:
                pos = copy.copy(base)
                pos.hands = base.playing_hands(row)
                searches.append(_Search(pos))
    raw: list[dict[int, int]] = (
        _core.card_values_many(items) if compiled else [search.card_values() for search in searches]
    )
    out: list[list[dict[Card, int]]] = []
    k = 0
    for (done, legal), options in zip(bases, hands, strict=True):
        out.append([{c: done + v[c.index] for c in legal} for v in raw[k : k + len(options)]])
        k += len(options)
    return out


def rollout(state: HandState, *, backend: str | None = None) -> int:
    """The makers' final tricks when every seat plays on with the rule-based player's card play."""
    return rollout_many([state], backend=backend)[0]


def rollout_many(states: Iterable[HandState], *, backend: str | None = None) -> list[int]:
    """:func:`rollout` for many states (one call into the compiled core)."""
    states = list(states)
    masks = [_masks(s.hands) for s in states]
    positions = [_Position(s, m) for s, m in zip(states, masks, strict=True)]
    unseen = [_unseen(s, m) for s, m in zip(states, masks, strict=True)]
    if _use_compiled(backend):
        values: list[int] = _core.rollout_many(
            [(p.tables.blob, p.args(), tuple(u)) for p, u in zip(positions, unseen, strict=True)]
        )
        return [p.done + v for p, v in zip(positions, values, strict=True)]
    return [_rollout_py(p, u) for p, u in zip(positions, unseen, strict=True)]
