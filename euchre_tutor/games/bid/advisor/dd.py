"""Bid Euchre with every hand open: the double-dummy search.

The Bid Euchre advisor samples hidden-card "worlds" and needs, per world,
what the card play is worth with all cards known: :func:`solve` (the
bidders' tricks at the end of the hand when every seat plays perfectly) and
:func:`card_values` (the same after each legal card of the seat to act). Both
take a full-information :class:`~euchre_tutor.games.bid.engine.HandState` in the play
phase under any rules the engine plays: a trump suit or no trump high or
low, the joker, the loner's partner sitting out, mid-trick positions and the
double deck (two equal cards: the first played wins). Tricks already taken
are included, so every scoring option follows from the value.

The search itself is the shared one of every trick-taking game,
:mod:`euchre_tutor.advisor.trickdd` (a compiled core and its pure-Python twin,
identical answers; :data:`BACKEND` names the default, and every function takes
``backend="python"`` or ``"compiled"``). This module is Bid Euchre's adapter: a
card copy is a slot, the distinct card ``d`` (its place in the 24-card pack,
the joker 24) slot ``d`` and its double-deck twin slot ``d + 25``; a
:class:`~euchre_tutor.games.bid.engine.HandState` is read as a position (the bidders' side,
the loner's partner sitting out, the trick so far).

>>> from euchre_tutor.games.bid.engine import Deal, new_hand
>>> hands = {"N": "JH JD AH KH QH TH", "E": "9H 9S TS QS KS AS", "S": "9D TD QD KD AD 9C",
...          "W": "TC JC QC KC AC JS"}
>>> deal = Deal.from_hands("W", {s: h.split() for s, h in hands.items()})
>>> state = new_hand(deal).apply("bid 3 H").apply("pass").apply("pass").apply("pass")
>>> state.to_act.name, solve(state)
('N', 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Final

from euchre_tutor.advisor import trickdd
from euchre_tutor.advisor.trickdd import Position
from euchre_tutor.cards import Card, Suit, deck
from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.bid.engine import HandState, Phase

__all__ = ["BACKEND", "BACKENDS", "card_values", "card_values_many", "slots_of", "solve", "solve_many"]

BACKENDS: Final[tuple[str, ...]] = trickdd.BACKENDS
"""The backends available in this process, the default first."""

BACKEND: Final[str] = trickdd.BACKEND
"""The default backend: ``"compiled"`` (the C core) or ``"python"``."""

TWIN: Final = 25  # a card's second copy is its slot + 25
_DISTINCT: Final = deck(24, joker=True)
_INDEX: Final = {c: i for i, c in enumerate(_DISTINCT)}


@cache
def _tables(double: bool, joker: bool, trump: Suit | None, notrump: str | None) -> trickdd.Tables:
    """One contract's tables: every card copy of the pack in its slot."""
    cards = [c for c in _DISTINCT if joker or not c.is_joker]
    slots = [(_INDEX[c], c) for c in cards]
    if double:
        slots += [(_INDEX[c] + TWIN, c) for c in cards]
    return trickdd.Tables(slots, trump, notrump)


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


def _position(state: HandState) -> Position:
    """A HandState in the play phase as the search's position."""
    if state.phase is not Phase.PLAY or state.bidder is None or state.to_act is None:
        raise IllegalAction(
            f"the double-dummy search needs a hand in the play phase, not in phase "
            f"{state.phase.value!r}: bid (and name trump, discard) first"
        )
    rules = state.rules
    active = [int(s) for s in state.active_seats]
    nxt = [0] * 4
    for k, s in enumerate(active):
        nxt[s] = active[(k + 1) % len(active)]
    team = state.bidder.team
    taken = 0
    plays: list[tuple[int, int]] = []
    for s, c in state.trick_plays:
        bit, taken = slots_of((c,), taken)
        plays.append((int(s), bit.bit_length() - 1))
    hands = [0] * 4
    for seat in state.active_seats:
        hands[seat], taken = slots_of(state.hands[seat], taken)
    assert state.trick_leader is not None
    return Position(
        _tables(rules.double_deck, rules.joker, state.trump, state.notrump),
        nxt=nxt,
        side=sum(1 << int(s) for s in state.active_seats if s.team is team),
        hands=hands,
        leader=int(state.trick_leader),
        to_act=int(state.to_act),
        plays=plays,
        tleft=rules.hand_size - len(state.tricks),
        hand_tricks=rules.hand_size,
        done=state.tricks_won(team),
    )


# ---------------------------------------------------------------------------
# Public API


def _card_values_of(state: HandState, values: dict[int, int]) -> dict[Card, int]:
    """The legal cards' values from the search's per-slot values (a twin's slot is its card's + TWIN)."""
    by_card = {_DISTINCT[c % TWIN]: v for c, v in values.items()}
    return {c: by_card[c] for c in state.legal_plays()}


#: the bidders' tricks at the end of the hand, perfect play by every seat, all cards open
_SOLVER: Final = trickdd.GameSolver(_position, _card_values_of, "Bid Euchre double-dummy core")
solve = _SOLVER.solve
solve_many = _SOLVER.solve_many
card_values = _SOLVER.card_values
card_values_many = _SOLVER.card_values_many
