"""Classic Euchre with every hand open: the double-dummy solver and the rule-based rollout.

The classic advisor samples hidden-card "worlds" and needs, per world, what
the card play is worth with all cards known (:func:`solve`,
:func:`card_values`) and, for bidding, what the rule-based player's own card
play makes of the hand (:func:`rollout`). All take a full-information
:class:`~euchre_tutor.games.classic.engine.engine.HandState` in the play phase, under any
rules the engine plays (3, 4 or 6 players, every deck, the joker, no-trump
high and low, loners and lone defenders sitting partners out, trump-lead
restrictions, mid-trick positions). Values are the makers' tricks at the end
of the hand (tricks already taken included): every scoring option is
monotone in them, so the points follow.

The search itself is the shared one of every trick-taking game,
:mod:`euchre_tutor.advisor.trickdd` (a compiled core and its pure-Python twin,
identical answers); this module is classic Euchre's adapter: it lays the pack
out as card slots (``Card.index``: suit * 8 + rank offset, the joker 32) and
reads a :class:`~euchre_tutor.games.classic.engine.engine.HandState` as a position (seats,
makers, loners and lone defenders sitting partners out, the trump-lead rule).
:data:`BACKEND` names the default backend; every function also takes
``backend="python"`` or ``backend="compiled"`` to choose per call.

The rollout is the card play of the rule-based ("Club") player,
:class:`~euchre_tutor.games.classic.bots.RuleBasedPlayer`, re-implemented on the
search's tables: it must stay in step with ``bots/classic.py``;
tests/advisor/classic/test_dd_rollout.py compares it with
``play_out(state, [RuleBasedPlayer()] * players)`` on thousands of states and
fails when they drift apart. This module supplies what each seat has not seen.

"Trump broken" (``trump_lead="after-broken"``) follows the rule sheet: some
completed trick had a trump played to a non-trump lead.

North deals and orders up the ace of hearts; East holds the five other trumps and
leads. Only the left bower (J♦) takes North's ace at once; the rule-based players
find it too:

>>> from euchre_tutor.games.classic.engine.engine import Deal, new_hand
>>> hands = {"N": "9S TS QS KS AS", "E": "9H TH QH KH JD", "S": "9D TD QD KD AD", "W": "9C TC QC KC AC"}
>>> deal = Deal.from_hands("N", {seat: cards.split() for seat, cards in hands.items()}, "AH")
>>> state = new_hand(deal).apply("pass").apply("pass").apply("pass").apply("order").apply("discard 9S")
>>> solve(state), {str(card): tricks for card, tricks in card_values(state).items()}, rollout(state)
(0, {'JD': 0, '9H': 1, 'TH': 1, 'QH': 1, 'KH': 1}, 0)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Final, NamedTuple

from euchre_tutor.advisor import rollout as rollouts
from euchre_tutor.advisor import trickdd
from euchre_tutor.advisor.trickdd import Position, Search
from euchre_tutor.cards import Card, Suit, effective_suit
from euchre_tutor.errors import EuchreError, IllegalAction
from euchre_tutor.games.classic.engine.engine import TRICKS, HandState, Phase
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.tricks.seating import Seating

__all__ = [
    "BACKEND",
    "BACKENDS",
    "LeadStart",
    "card_rows_held",
    "card_values",
    "card_values_held",
    "card_values_many",
    "card_values_swapped",
    "compiled_leads",
    "compiled_search",
    "hand_masks",
    "lead_args",
    "lead_position",
    "lead_unseen",
    "rollout",
    "rollout_many",
    "rollout_starts",
    "solve",
    "solve_many",
    "solve_starts",
]

BACKENDS: Final[tuple[str, ...]] = trickdd.BACKENDS
"""The backends available in this process, the default first."""

BACKEND: Final[str] = trickdd.BACKEND
"""The default backend: ``"compiled"`` (the C core) or ``"python"``."""

_Search = Search  # the search of one position (the tests read its legal cards)


@cache
def _tables(size: int, joker: bool, trump: Suit | None, notrump: str | None) -> trickdd.Tables:
    """One contract's tables: every card of the pack in the slot of its ``Card.index``."""
    from euchre_tutor.cards import deck

    return trickdd.Tables([(c.index, c) for c in deck(size, joker=joker)], trump, notrump)


# ---------------------------------------------------------------------------
# A hand as masks


def _position(state: HandState, masks: Sequence[int] | None = None) -> Position:
    """A HandState in the play phase as the search's position; ``masks``: every seat's hand as a
    mask (:func:`_masks`), when the caller has them."""
    if state.phase is not Phase.PLAY or state.maker is None or state.to_act is None:
        raise IllegalAction(
            f"the double-dummy solver needs a hand in the play phase, not in phase "
            f"{state.phase.value!r}: bid (and discard) first"
        )
    rules = state.rules
    trump = state.trump
    players, nxt, side, playing = _seats(state)
    leader = state.trick_leader
    assert leader is not None
    makers = state.maker.team
    lead_rule = trickdd.LEAD_RULES[rules.trump_lead] if trump is not None else 0
    return Position(
        _tables(rules.deck, rules.joker, trump, state.notrump),
        nxt=nxt,
        side=side,
        hands=_playing_hands(hand_masks(state.hands) if masks is None else masks, playing),
        leader=int(leader),
        to_act=int(state.to_act),
        plays=[(int(s), c.index) for s, c in state.trick_plays],
        tleft=TRICKS - len(state.tricks),
        hand_tricks=TRICKS,
        done=sum(1 for tr in state.tricks if tr.winner.team is makers) if state.tricks else 0,
        lead_rule=lead_rule,
        broken=lead_rule == 2 and _broken(state),
        lone_maker=int(state.maker) if state.alone or players == 3 else -1,
    )


_Position = _position  # the tests' name for a state read as a position


def _playing_hands(masks: Sequence[int], playing: int) -> list[int]:
    """Every seat's hand mask as the search holds it: a seat sitting out holds none."""
    return [m if playing >> s & 1 else 0 for s, m in enumerate(masks)]


def hand_masks(hands: Sequence[Sequence[Card]]) -> list[int]:
    """Every seat's hand as a mask of card bits (Card.index)."""
    out = []
    for hand in hands:
        m = 0
        for c in hand:
            m |= 1 << c.index
        out.append(m)
    return out


_SEATS: dict[tuple[object, ...], tuple[int, tuple[int, ...], int, int]] = {}


def _seats(state: HandState) -> tuple[int, tuple[int, ...], int, int]:
    """(players, the next active seat of each active seat (0 for a sitter), the makers' seats as
    bits, the active seats as bits) for the table, the makers and who sits out: a few dozen
    combinations, so they are kept."""
    assert state.maker is not None
    lone = state.lone_defender
    return _seats_of(state.seating, int(state.maker), state.alone, -1 if lone is None else int(lone))


def _seats_of(seating: Seating, maker: int, alone: bool, lone: int) -> tuple[int, tuple[int, ...], int, int]:
    """:func:`_seats` for the maker's seat, whether it went alone and the lone defender's seat (-1)."""
    key = (seating, maker, alone, lone)
    found = _SEATS.get(key)
    if found is None:
        n = seating.players
        out: set[int] = set()
        if alone:
            out.update(seating.seats[maker].partners)
        if lone >= 0:
            out.update(seating.seats[lone].partners)
        active = [s for s in seating.seats if s not in out]
        nxt = [0] * n
        for k, s in enumerate(active):
            nxt[s] = active[(k + 1) % len(active)]
        makers = seating.seats[maker].team
        side = sum(1 << s for s in seating.seats if s.team is makers)
        found = _SEATS[key] = (n, tuple(nxt), side, sum(1 << s for s in active))
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
        masks = hand_masks(state.hands)
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


@cache
def _pack_mask(size: int, joker: bool) -> int:
    from euchre_tutor.cards import deck

    m = 0
    for c in deck(size, joker=joker):
        m |= 1 << c.index
    return m


# ---------------------------------------------------------------------------
# Public API


def _card_values_of(state: HandState, values: dict[int, int]) -> dict[Card, int]:
    """The legal cards' values from the search's per-slot values (a card's slot is its index)."""
    return {c: values[c.index] for c in state.legal_plays()}


#: the makers' tricks at the end of the hand, perfect play by every seat, all cards open
_SOLVER: Final = trickdd.GameSolver(_position, _card_values_of, "double-dummy core")
_compiled = _SOLVER.compiled


def compiled_search(backend: str | None) -> bool:
    """Whether ``backend`` (None: the default) is the compiled search core."""
    return _compiled(backend)


solve = _SOLVER.solve
solve_many = _SOLVER.solve_many
card_values = _SOLVER.card_values
card_values_many = _SOLVER.card_values_many


def card_values_swapped(
    states: Sequence[HandState],
    hands: Sequence[Sequence[Sequence[Sequence[Card]]]],
    *,
    backend: str | None = None,
) -> list[list[dict[Card, int]]]:
    """:func:`card_values` of each state with its hands replaced by each of ``hands[i]`` (every
    seat's current hand, by seat number): the same deal with the hidden hands swapped between seats.
    The seat to act keeps its cards, so its legal cards are the state's."""
    compiled = _compiled(backend)
    positions: list[Position] = []
    legal: list[list[Card]] = []
    for state, options in zip(states, hands, strict=True):
        base = _position(state)
        playing = _seats(state)[3]
        legal.append(list(state.legal_plays()))
        positions.extend(base.with_hands(_playing_hands(hand_masks(held), playing)) for held in options)
    raw = trickdd.card_values_many(positions, compiled=compiled)
    out: list[list[dict[Card, int]]] = []
    k = 0
    for cards, options in zip(legal, hands, strict=True):
        out.append([{c: v[c.index] for c in cards} for v in raw[k : k + len(options)]])
        k += len(options)
    return out


def card_values_held(
    state: HandState,
    hands: Sequence[Sequence[Sequence[int]]],
    *,
    backend: str | None = None,
    cuts: Sequence[int] | None = None,
) -> tuple[list[Card], list[list[tuple[int, ...]]]]:
    """:func:`card_values_swapped` for deals given only by their hands, as masks (``1 << card.index``,
    by seat number): ``hands[i]`` holds deal ``i``'s hands in each of its swaps, and ``state`` is any
    deal at the same point (what the deals share: the trick, the tricks taken, the makers, the seat to
    act and its hand, which every deal must give it). No state is built per deal. Returns the legal
    cards of the seat to act and, per deal and swap, the makers' final tricks after each of them, in
    that order: exactly :func:`card_values_swapped`'s values for the states with those hands. With
    ``cuts`` (ascending counts of the makers' final tricks), each value is the greatest cut not above it
    (0 when none): all a caller needs whose scores change only at the cuts, for fewer searches."""
    legal, rows = card_rows_held(
        state, [held for options in hands for held in options], backend=backend, cuts=cuts
    )
    out: list[list[tuple[int, ...]]] = []
    k = 0
    for options in hands:
        out.append(rows[k : k + len(options)])
        k += len(options)
    return legal, out


def card_rows_held(
    state: HandState,
    every: Sequence[Sequence[int]],
    *,
    backend: str | None = None,
    cuts: Sequence[int] | None = None,
) -> tuple[list[Card], list[tuple[int, ...]]]:
    """:func:`card_values_held` for the swaps of every deal in one list (``every``: each entry one
    swap's hands), and a row per entry, in order."""
    compiled = _compiled(backend)
    base = _position(state)
    playing = _seats(state)[3]
    legal = list(state.legal_plays())
    slots = [c.index for c in legal]
    me = base.to_act
    mine = base.hands[me]
    if any(held[me] != mine for held in every):
        raise EuchreError(f"every deal must give the seat to act ({state.to_act}) the hand it holds here")
    done = base.done
    if compiled and cuts is not None:  # only the hands differ: the core takes them as they are
        rows = trickdd.card_bands_compiled(
            base, every, playing, tuple(slots), tuple(k - done for k in cuts), (0, *cuts)
        )
    elif compiled:
        # the positions as the core reads them, without a Position each: only the hands differ
        flat = base.args()
        start = 11 + base.players  # where the hands lie in the core's arguments (Position.args)
        head, tail = flat[:start], flat[start + base.players :]
        blob = base.tables.blob
        sitting = [not playing >> s & 1 for s in range(base.players)]
        items = [
            (blob, (*head, *[0 if out else m for m, out in zip(held, sitting, strict=True)], *tail))
            for held in every
        ]
        rows = [tuple([done + v[c] for c in slots]) for v in trickdd.card_values_compiled(items)]
    else:
        raw = trickdd.card_values_many(
            [base.with_hands(_playing_hands(held, playing)) for held in every], compiled=False
        )
        rows = [tuple([v[c] for c in slots]) for v in raw]
        if cuts is not None:
            marks = (0, *cuts)
            rows = [tuple([marks[bisect_right(cuts, v)] for v in row]) for row in rows]
    return legal, rows


def rollout(state: HandState, *, backend: str | None = None) -> int:
    """The makers' final tricks when every seat plays on with the rule-based player's card play."""
    return rollout_many([state], backend=backend)[0]


class LeadStart(NamedTuple):
    """A hand at its first lead after the bidding, as the bids' play-outs read it (no state built):
    trump, the maker's seat, whether it went alone, the leader's seat, every seat's cards as a mask
    (a card's bit is its ``Card.index``), the dealer's discard (a card index, -1: none) and whether the
    dealer picked the up card up. No lone defender, no cards gone under, no loner's discard: the
    rules a play-out's compiled bidding plays (:mod:`~euchre_tutor.games.classic.bots.playout_bidding`)."""

    trump: Suit
    maker: int
    alone: bool
    leader: int
    hands: tuple[int, ...]
    discard: int
    up_taken: bool


def lead_position(rules: ClassicRules, seating: Seating, start: LeadStart) -> Position:
    """:func:`_position` of the state ``start`` stands for (tests compare the two)."""
    players, nxt, side, playing = _seats_of(seating, start.maker, start.alone, -1)
    return Position(
        _tables(rules.deck, rules.joker, start.trump, None),
        nxt=nxt,
        side=side,
        hands=_playing_hands(start.hands, playing),
        leader=start.leader,
        to_act=start.leader,
        plays=(),
        tleft=TRICKS,
        hand_tricks=TRICKS,
        lead_rule=trickdd.LEAD_RULES[rules.trump_lead],
        lone_maker=start.maker if start.alone or players == 3 else -1,
    )


def lead_unseen(rules: ClassicRules, dealer: int, up: Card, start: LeadStart) -> list[int]:
    """:func:`_unseen` of the state ``start`` stands for (tests compare the two)."""
    pack = _pack_mask(rules.deck, rules.joker)
    return _lead_unseen(start, dealer, pack, 1 << up.index, rules.dealer_may_discard_up_card)


def _lead_unseen(start: LeadStart, dealer: int, pack: int, up_bit: int, may_bury_up: bool) -> list[int]:
    """:func:`lead_unseen` with the pack and the up card's bit as masks."""
    known_to_all = not start.up_taken or not may_bury_up
    out = []
    for seat, mask in enumerate(start.hands):
        if seat == dealer:
            mask |= up_bit
            if start.discard >= 0:
                mask |= 1 << start.discard
        elif known_to_all:
            mask |= up_bit
        out.append(pack & ~mask)
    return out


def lead_args(rules: ClassicRules, seating: Seating, start: LeadStart) -> tuple[int, ...]:
    """:func:`lead_position`'s ``args()`` (the position as the compiled core reads it), without the
    position (tests compare the two)."""
    _, head, nxt, playing, barred, _ = _lead_shared(rules, seating, start)
    hands = _playing_hands(start.hands, playing)
    legal = hands[start.leader]
    if barred:
        legal = legal & ~barred or legal
    return (*head, legal, 0, *nxt, *hands)


def _lead_shared(
    rules: ClassicRules, seating: Seating, start: LeadStart
) -> tuple[bytes, tuple[int, ...], tuple[int, ...], int, int, int]:
    """What the first leads of one contract and leader share, as :func:`lead_args` reads it: the
    tables' blob, the position's arguments before the legal cards, the next seat of each seat, the seats
    playing (bits), the trumps a first lead is barred from (0: none), and the number of seats."""
    players, nxt, side, playing = _seats_of(seating, start.maker, start.alone, -1)
    tables = _tables(rules.deck, rules.joker, start.trump, None)
    lead_rule = trickdd.LEAD_RULES[rules.trump_lead] if tables.trumps else 0
    leader = start.leader
    active = 1
    at = nxt[leader]
    while at != leader:
        active += 1
        at = nxt[at]
    lone = start.maker if start.alone or players == 3 else -1
    head = (players, side, leader, TRICKS, TRICKS, lead_rule, 0, lone, active)
    barred = tables.trumps if lead_rule else 0  # the first lead: barred from trump under either lead rule
    return tables.blob, head, tuple(nxt), playing, barred, len(nxt)


def rollout_starts(
    rules: ClassicRules,
    seating: Seating,
    dealer: int,
    up: Card,
    starts: Sequence[LeadStart],
    *,
    backend: str | None = None,
    slip: float = 0.0,
    seeds: Sequence[int] | None = None,
) -> list[int]:
    """:func:`rollout_many` of the states ``starts`` stand for, without the states (and, with the
    compiled core, without their positions: :func:`lead_args`)."""
    if _compiled(backend):
        return rollouts.rollout_compiled(
            *_lead_batch(rules, seating, dealer, up, starts), slip=slip, seeds=seeds
        )
    unseen = [lead_unseen(rules, dealer, up, s) for s in starts]
    positions = [lead_position(rules, seating, s) for s in starts]
    return rollouts.rollout_many(positions, unseen, compiled=False, slip=slip, seeds=seeds)


def compiled_leads(
    rules: ClassicRules, seating: Seating, dealer: int, up: Card
) -> tuple[tuple[object, ...], Callable[[tuple[bytes, ...], bytes], list[int]]]:
    """What a compiled play-out needs to read a first lead as the compiled rollout's position
    (:func:`lead_args` and :func:`lead_unseen`, for every maker, alone or not, and trump of a four-seat
    table) and the compiled rollout itself: ``(per maker * 2 + alone: (players, side, the next seat of
    each seat, the seats playing as bits), per trump: (its tables' blob, its trumps as bits), the lead
    rule's code, the pack as bits, the up card's bit, the dealer may bury the up card), rollout``."""
    seats = [_seats_of(seating, maker, alone, -1) for maker in range(4) for alone in (False, True)]
    trumps = []
    for trump in Suit:
        tables = _tables(rules.deck, rules.joker, trump, None)
        trumps.append((tables.blob, tables.trumps))
    lead = (
        [(players, side, tuple(nxt), playing) for players, nxt, side, playing in seats],
        trumps,
        trickdd.LEAD_RULES[rules.trump_lead],
        _pack_mask(rules.deck, rules.joker),
        1 << up.index,
        int(rules.dealer_may_discard_up_card),
    )
    if rollouts.CORE_ROLLOUT is None:
        raise RuntimeError("the compiled search core is not built")
    return lead, rollouts.CORE_ROLLOUT


def _lead_batch(
    rules: ClassicRules, seating: Seating, dealer: int, up: Card, starts: Sequence[LeadStart]
) -> tuple[list[bytes], list[tuple[int, ...]], list[list[int]]]:
    """Each start's tables, :func:`lead_args` and :func:`lead_unseen`, with what starts of one
    contract and leader share worked out once (tests compare them with those functions)."""
    pack = _pack_mask(rules.deck, rules.joker)
    up_bit = 1 << up.index
    may_bury_up = rules.dealer_may_discard_up_card
    blobs, args = _lead_items(rules, seating, starts)
    return blobs, args, [_lead_unseen(start, dealer, pack, up_bit, may_bury_up) for start in starts]


#: the starts :func:`_lead_items` read last, and what it read (a bid's play-outs ask for the same
#: starts' items twice: the rollout's and the open hands' search)
_LAST_ITEMS: tuple[object, object, object, tuple[list[bytes], list[tuple[int, ...]]] | None] = (
    None,
    None,
    None,
    None,
)


def _lead_items(
    rules: ClassicRules, seating: Seating, starts: Sequence[LeadStart]
) -> tuple[list[bytes], list[tuple[int, ...]]]:
    """Each start's tables and :func:`lead_args`, with what starts of one contract and leader share
    worked out once; read once for the same sequence of starts (which its callers do not change)."""
    global _LAST_ITEMS
    last = _LAST_ITEMS
    if last[0] is starts and last[1] is rules and last[2] is seating and last[3] is not None:
        return last[3]
    found = _read_lead_items(rules, seating, starts)
    _LAST_ITEMS = (starts, rules, seating, found)
    return found


def _read_lead_items(
    rules: ClassicRules, seating: Seating, starts: Sequence[LeadStart]
) -> tuple[list[bytes], list[tuple[int, ...]]]:
    """:func:`_lead_items`, read afresh."""
    shared: dict[
        tuple[int, bool, int, Suit], tuple[bytes, tuple[int, ...], tuple[int, ...], int, int, int]
    ] = {}
    blobs: list[bytes] = []
    args: list[tuple[int, ...]] = []
    for start in starts:
        key = (start.maker, start.alone, start.leader, start.trump)
        found = shared.get(key)
        if found is None:
            found = shared[key] = _lead_shared(rules, seating, start)
        blob, first, nxt_row, playing, barred, n = found
        hands = start.hands if playing == (1 << n) - 1 else _playing_hands(start.hands, playing)
        legal = hands[start.leader]
        if barred:
            legal = legal & ~barred or legal
        blobs.append(blob)
        args.append((*first, legal, 0, *nxt_row, *hands))
    return blobs, args


def solve_starts(
    rules: ClassicRules,
    seating: Seating,
    starts: Sequence[LeadStart],
    *,
    backend: str | None = None,
    guesses: Sequence[int] | None = None,
) -> list[int]:
    """:func:`solve_many` of the states ``starts`` stand for, without the states (and, with the
    compiled core, without their positions: :func:`lead_args`; at the first lead no trick is done).
    ``guesses``: per start, a guess of its value (the makers' tricks, as a rollout gives them) that
    the compiled search starts from; the values are the same whatever the guesses."""
    if _compiled(backend):
        blobs, args = _lead_items(rules, seating, starts)
        if guesses is None:
            return trickdd.solve_compiled(list(zip(blobs, args, strict=True)))
        return trickdd.solve_compiled(list(zip(blobs, args, guesses, strict=True)))
    return trickdd.solve_many([lead_position(rules, seating, s) for s in starts], compiled=False)


def rollout_many(
    states: Iterable[HandState],
    *,
    backend: str | None = None,
    slip: float = 0.0,
    seeds: Sequence[int] | None = None,
) -> list[int]:
    """:func:`rollout` for many states (one call into the compiled core). With ``slip``, every seat
    with a choice plays a random legal card with that chance, as the Beginner player does, drawn from
    each state's entry of ``seeds`` (:func:`~euchre_tutor.advisor.rollouts.rollout_many`)."""
    states = list(states)
    masks = [hand_masks(s.hands) for s in states]
    positions = [_position(s, m) for s, m in zip(states, masks, strict=True)]
    unseen = [_unseen(s, m) for s, m in zip(states, masks, strict=True)]
    return rollouts.rollout_many(positions, unseen, compiled=_compiled(backend), slip=slip, seeds=seeds)
