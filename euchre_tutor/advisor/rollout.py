"""The rollout: the rule-based player's card play over the double-dummy search's positions.

Where a bid is valued by playing its sampled deals out, every seat plays the cards as
:class:`~euchre_tutor.games.classic.bots.RuleBasedPlayer` would (re-implemented on the search's
:class:`~euchre_tutor.advisor.trickdd.Tables`: the advisor may not import the bots), knowing only
the cards it has not seen (``unseen``, a mask per seat); with a chance of a slip, a seat with a
choice plays a random legal card instead, as the Beginner player does, drawn from each position's
own seed. :func:`rollout_many` gives the side's tricks at the end of the hand.

Two backends give identical answers, the same tricks to the last count: the search's compiled core
(``_trickdd``) and the pure-Python twin below (tests compare them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from euchre_tutor.advisor.cores import load_core
from euchre_tutor.advisor.trickdd import Position, Tables, bits_of

__all__ = ["CORE_ROLLOUT", "rollout_compiled", "rollout_many", "slip_limit"]

_core: Any = load_core("euchre_tutor.advisor._trickdd")


# ---------------------------------------------------------------------------
# The pure-Python twin


_M64: Final = (1 << 64) - 1


def _next(state: int) -> tuple[int, int]:
    """The slips' generator (splitmix64), the twin of the C core's ``next_draw``: (the new state, the
    draw)."""
    state = (state + 0x9E3779B97F4A7C15) & _M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return state, z ^ (z >> 31)


def slip_limit(slip: float) -> int:
    """A chance of a slip as the C core reads it: the chance times 2^53, rounded down (0: never)."""
    if not 0.0 <= slip <= 1.0:
        raise ValueError(f"a slip is a chance between 0 and 1, not {slip}")
    return int(slip * 2**53)


def _slipped(legal: int, limit: int, state: int) -> tuple[int, int]:
    """A slip, the twin of the C core's ``slipped``: with chance ``limit`` / 2^53 a random legal card
    (-1: no slip), and the generator's new state (two draws when it slips, one when it does not)."""
    state, draw = _next(state)
    if draw >> 11 >= limit:
        return -1, state
    state, pick = _next(state)
    return bits_of(legal)[pick % legal.bit_count()], state


def _rollout(pos: Position, unseen: Sequence[int], limit: int = 0, seed: int = 0) -> int:
    t = pos.tables
    draws = seed & _M64
    power, suit, above, cost = t.power, t.suit, t.above, t.cost
    trumps, trump_suit, suitmask = t.trumps, t.trump_suit, t.suitmask
    side = pos.side
    hands = list(pos.hands)
    unseen = list(unseen)
    active = pos.active
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
                barred = tleft == pos.hand_tricks if pos.lead_rule == 1 else not broken
                plain = hand & ~trumps
                if barred and plain:
                    legal = plain
        if root:
            legal, root = root, 0
        mine = unseen[seat]
        slip = -1
        if limit and legal & (legal - 1):
            slip, draws = _slipped(legal, limit, draws)
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        elif slip >= 0:
            card = slip
        elif k == 0:
            card = _lead(t, legal, mine, bool(side >> seat & 1), seat == pos.lone_maker)
        else:
            wseat, wcard = plays[0]
            for s, c in plays[1:]:
                if power[led][c] > power[led][wcard]:
                    wseat, wcard = s, c
            best = power[led][wcard]
            cards = bits_of(legal)
            winners = [c for c in cards if power[led][c] > best]
            partner = (side >> wseat & 1) == (side >> seat & 1)
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
            won += side >> wseat & 1
            plays = []
            seat = wseat
            tleft -= 1
        else:
            seat = pos.nxt[seat]
    return won


def _lead(t: Tables, legal: int, unseen: int, side: bool, lone_maker: bool) -> int:
    cost, above = t.cost, t.above
    trumps = legal & t.trumps
    plain = legal & ~t.trumps
    if side and trumps:
        top = max(bits_of(trumps), key=lambda c: cost[c])
        if lone_maker or not unseen & above[top]:
            return top
    for c in bits_of(plain):
        if not unseen & above[c]:
            return c
    if plain:
        shortest = min(
            (plain & t.suitmask[s] for s in range(4) if plain & t.suitmask[s]), key=lambda m: m.bit_count()
        )
        return min(bits_of(shortest), key=lambda c: cost[c])
    return max(bits_of(trumps), key=lambda c: cost[c])


# ---------------------------------------------------------------------------
# The entry points


def rollout_many(
    positions: Sequence[Position],
    unseen: Sequence[Sequence[int]],
    *,
    compiled: bool,
    slip: float = 0.0,
    seeds: Sequence[int] | None = None,
) -> list[int]:
    """The side's tricks at the end of the hand when every seat plays the rule-based player's cards,
    each knowing only its ``unseen`` cards (a mask per seat) are elsewhere.

    With ``slip`` (a chance), a seat with a choice plays a random legal card instead with that chance,
    as the Beginner player does; each position's slips are drawn from its own ``seeds`` entry (a 64-bit
    seed, required then), the same in the compiled core and the pure-Python twin."""
    limit = slip_limit(slip)
    keys = _slip_keys(limit, seeds, len(positions))
    if compiled:
        values: list[int] = _core.rollout_many(
            [
                (p.tables.blob, p.args(), tuple(u), limit, key)
                for p, u, key in zip(positions, unseen, keys, strict=True)
            ]
        )
    else:
        values = [_rollout(p, u, limit, key) for p, u, key in zip(positions, unseen, keys, strict=True)]
    return [p.done + v for p, v in zip(positions, values, strict=True)]


#: the compiled core's ``rollout_packed(blobs, records)``: :func:`rollout_many`'s values for positions
#: packed as records of int64s (``_trickdd.c``'s layout: the index of the position's tables' blob among
#: ``blobs``, the slips' limit and key, the unseen cards by seat, the count of the position's arguments
#: and the arguments), for a caller in compiled code; None where it is not built
CORE_ROLLOUT: Final[Callable[[tuple[bytes, ...], bytes], list[int]] | None] = (
    None if _core is None else _core.rollout_packed
)


def rollout_compiled(
    blobs: Sequence[bytes],
    args: Sequence[tuple[int, ...]],
    unseen: Sequence[Sequence[int]],
    *,
    slip: float = 0.0,
    seeds: Sequence[int] | None = None,
) -> list[int]:
    """:func:`rollout_many` by the compiled core of positions given as it reads them (each one's
    tables' ``blob`` and :meth:`Position.args`): the side's tricks from the position on (what is
    done already not added)."""
    limit = slip_limit(slip)
    keys = _slip_keys(limit, seeds, len(args))
    values: list[int] = _core.rollout_many(
        [(b, a, tuple(u), limit, key) for b, a, u, key in zip(blobs, args, unseen, keys, strict=True)]
    )
    return values


def _slip_keys(limit: int, seeds: Sequence[int] | None, count: int) -> list[int]:
    """Each position's slips' key (its seed's low 64 bits; 0 without slips); a seed is required for
    each of ``count`` positions when ``limit`` is not 0."""
    if not limit:
        return [0] * count
    if seeds is None or len(seeds) != count:
        raise ValueError("a rollout with slips needs one seed per position")
    return [s & _M64 for s in seeds]
