"""The rule-based players' bidding in the advisor's play-outs, in compiled code where it can be.

The classic advisor values a bid by playing each sampled deal out: the other seats bid on as the
table's model of its players would (:func:`~.rule_based.finish_bidding_by`), then the cards are
played. :func:`finish_compiled` takes the same decisions with the same engine steps in the compiled
core (``_clubbid.c``) and builds the state they lead to with one step, equal to the engine's
(every field compared, and the last step's events): the tests compare the two under every house rule
the core plays. It serves when the core was built, the rules are among those it plays
(:func:`plays_rules`: four players, no joker, no no-trump bid, no misdeal or farmer's hand, "alone"
with the bid or never, no call for best, no defending alone) and every seat is a plain
:class:`~.rule_based.RuleBasedPlayer`; otherwise the Python loop serves, as it does where no core
is built (the static site), with the same answers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import repeat
from typing import Any, Final, NamedTuple, TypeAlias

from euchre_tutor.advisor.cores import load_core
from euchre_tutor.advisor.rollout import slip_limit
from euchre_tutor.cards import Card, Suit, deck
from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.advisor.dd import LeadStart
from euchre_tutor.games.classic.advisor.strength import StrengthTable
from euchre_tutor.games.classic.bots.cards import worth_rows
from euchre_tutor.games.classic.engine.engine import (
    ORDER,
    ORDER_ALONE,
    PASS,
    Action,
    Discarded,
    HandState,
    Passed,
    PassedOut,
    Phase,
    Seat,
    TrumpMade,
)
from euchre_tutor.games.classic.rules import ClassicRules

__all__ = ["BACKEND", "PlayedEnds", "Slips", "finish_compiled", "lead_ends", "lead_starts", "plays_rules"]

#: the compiled core, or None (not built, or pure Python asked for): the Python loop serves
_CORE: Final = load_core("euchre_tutor.games.classic.bots._clubbid")
#: which serves where the rules allow: ``"compiled"`` (``_clubbid.c``) or ``"python"`` (the loop)
BACKEND: Final = "python" if _CORE is None else "compiled"

_PHASES: Final = {Phase.ROUND_1: 1, Phase.ROUND_2: 2, Phase.DISCARD: 3}
#: a play-out's slips: the chance of a slip and each world's seed (None: none)
Slips: TypeAlias = tuple[float, Sequence[int]] | None
#: what :func:`_world_rows` reads of a batch's worlds: their rows, the number of each one's hand to
#: act, and a world holding each such hand
_Rows: TypeAlias = tuple[list[tuple[Any, ...]], list[int], list[HandState]]
_REQUIREMENTS: Final = {"anytime": 0, "holding-trump": 1}  # any other: a natural card of the suit
_SUITS: Final = tuple(Suit)
_CARDS: Final = {c.index: c for c in deck(32)}


def plays_rules(rules: ClassicRules) -> bool:
    """Does the compiled core play the bidding under ``rules``? (The Python loop serves the rest.)"""
    return (
        rules.players == 4
        and not rules.joker
        and not rules.no_trump_calls
        and not rules.pre_bid_actions
        and not rules.alone_after_discard
        and not rules.call_for_best
        and rules.defend_alone == "never"
    )


@lru_cache(maxsize=256)  # a table's rules, asked for every deal
def _rules_row(rules: ClassicRules) -> tuple[int, ...] | None:
    """The rules as the core reads them (see ``_clubbid.c``); None for rules it does not play."""
    if not plays_rules(rules):
        return None
    return (
        int(rules.dealer_bids_first),
        int(rules.stick_the_dealer),
        int(rules.stuck_dealer_may_name_up_suit),
        _REQUIREMENTS.get(rules.round_1_requirement, 2),
        int(rules.canadian_loner),
        int(rules.alone_with_bid),
        int(rules.dealer_may_discard_up_card),
        int(rules.dealer_exchanges_when_partner_alone),
        int(rules.alone_lead == "loner-left"),
    )


@lru_cache(maxsize=64)  # a table's players, asked for every deal
def _players_rows(players: tuple[Any, ...]) -> tuple[tuple[float, ...], ...]:
    """Per seat (bid, alone, the points a bid needs by where the seat speaks in round 1, in round 2),
    as :meth:`~.rule_based.RuleBasedPlayer._need` reads them at four players."""
    rows = []
    for player in players:
        one = player.round_1 if player.round_1 is not None else (player.bid,) * 4
        two = player.round_2 if player.round_2 is not None else (player.bid,) * 4
        rows.append((player.bid, player.alone, *one, *two))
    return tuple(rows)


@cache
def _tables_set() -> bool:
    """Hand the compiled core the Python tables it counts with (once)."""
    table = StrengthTable()
    strength = [table.rows[s] for s in _SUITS]
    plain = [table.plain_bits[s] for s in _SUITS]
    worth = [worth_rows(s, False) for s in _SUITS]
    _CORE.set_tables(strength, plain, worth)
    return True


def finish_compiled(
    state: HandState, me: Seat, players: Sequence[Any], first: Action | None = None
) -> tuple[HandState, str] | None:
    """:func:`~.rule_based.finish_bidding_by` by the compiled core: the same state (its last step's
    events too) and ``me``'s first bid; None where the core does not serve (no core, rules it does
    not play, a phase before the bidding's it does not start from). With ``first``, a legal action
    of the seat to act, the same from ``state.apply(first)`` (``me``'s first bid after it), without
    the engine's step for it."""
    rules_row = None if _CORE is None else _rules_row(state.rules)
    if rules_row is None:
        return None
    code = _PHASES.get(state.phase)
    if code is None:
        return None
    opening = -1
    if first is not None:
        opening = _code(first)
        if opening < 0 or first not in state.legal_actions():
            return None  # the engine's step serves (and refuses an illegal action)
    _tables_set()
    dealer = state.dealer
    end, passes, trump, maker, alone, leader, picked_up, discard, acts, _ = _CORE.finish(
        rules_row, _players_rows(tuple(players)), (*_state_row(state, code), opening)
    )
    seats = state.seating.seats
    history = [(seats[s], _action(a)) for s, a in acts]
    after = history if first is None else history[1:]
    mine = next((str(a) for s, a in after if s == me and a.kind != "discard"), "-")
    hands = state.hands
    if picked_up or discard >= 0:
        hand = (*hands[dealer], state.up) if picked_up else hands[dealer]
        if discard >= 0:
            hand = tuple(c for c in hand if c.index != discard)
        hands = (*hands[:dealer], hand, *hands[dealer + 1 :])
    seat, last = history[-1]
    if end == 5:
        new = state.evolve(
            phase=Phase.OVER,
            to_act=None,
            passes=passes,
            history=(*state.history, *history),
            events=(Passed(seat, 2), PassedOut(dealer)),
        )
        return new, mine
    if last.kind == "discard":
        events: tuple[Any, ...] = (Discarded(dealer, _CARDS[discard]),)
    else:
        events = (TrumpMade(seat, _SUITS[trump], 1 if last.kind == "order" else 2, last.alone, None),)
    new = state.evolve(
        phase=Phase.PLAY,
        to_act=seats[leader],
        passes=passes,
        trump=_SUITS[trump],
        maker=seats[maker],
        alone=bool(alone),
        hands=hands,
        up_taken=state.up_taken or bool(picked_up),
        discard=state.discard if discard < 0 else _CARDS[discard],
        trick_leader=seats[leader],
        history=(*state.history, *history),
        events=events,
    )
    return new, mine


def lead_starts(
    worlds: Sequence[HandState], me: Seat, players: Sequence[Any], first: Action
) -> tuple[list[LeadStart | None], list[str]] | None:
    """For each world, ``first`` (a legal action of the seat to act) and then the bidding as
    :func:`finish_compiled` takes it, read as the first lead (None: the hand was thrown in) instead of
    a state, and ``me``'s first bid after ``first``: what the bids' play-outs need, without building a
    state per world. None where the compiled core does not serve every world (or the worlds are not
    one deal's: the same rules, dealer and up card)."""
    if not worlds or _CORE is None:
        return None
    rules_row = _rules_row(worlds[0].rules)
    opening = _code(first)
    if rules_row is None or opening < 0:
        return None
    _tables_set()
    rows = _players_rows(tuple(players))
    read = _world_rows(worlds)
    if read is None:
        return None  # not one deal's worlds in a bidding phase the core plays
    states, hand_of, holders = read
    legal: list[bool | None] = [None] * len(holders)  # whether ``first`` is legal, by the hand to act
    me_at = int(me)
    words = _bid_words()
    finish = _CORE.finish
    starts: list[LeadStart | None] = []
    mine: list[str] = []
    up_taken = worlds[0].up_taken  # the same in every world (_world_rows)
    for row, held in zip(states, hand_of, strict=True):
        ok = legal[held]
        if ok is None:
            ok = legal[held] = first in holders[held].legal_actions()
        if not ok:
            return None  # the engine's step serves (and refuses an illegal action)
        end, _, trump, maker, alone, leader, picked_up, discard, acts, masks = finish(
            rules_row, rows, (*row, opening)
        )
        said = "-"
        for k in range(1, len(acts)):
            s, a = acts[k]
            if s == me_at and a < 100:
                said = words[a]
                break
        mine.append(said)
        if end == 5:
            starts.append(None)
            continue
        starts.append(
            LeadStart(_SUITS[trump], maker, bool(alone), leader, masks, discard, up_taken or bool(picked_up))
        )
    return starts, mine


class PlayedEnds(NamedTuple):
    """Worlds played out to their end, as the compiled core gives them: per world -1 (thrown in) or
    the maker's seat number * 2 + 1 if alone, and the makers' tricks of each world played, in order."""

    codes: list[int]
    tricks: list[int]

    def ends(self) -> list[tuple[int, bool, int] | None]:
        """Per world None (thrown in) or (the maker's seat number, alone, the makers' tricks)."""
        played = iter(self.tricks)
        return [None if k < 0 else (k >> 1, bool(k & 1), next(played)) for k in self.codes]


def lead_ends(
    worlds: Sequence[HandState],
    me: Seat,
    players: Sequence[Any],
    first: Action,
    slips: Slips = None,
    slip_at: Callable[[HandState, Seat, list[Card], list[tuple[Seat, Action]], int], int] | None = None,
) -> tuple[PlayedEnds, list[str]] | None:
    """:func:`lead_starts` with each first lead played out by the compiled rollout
    (:func:`~euchre_tutor.games.classic.advisor.dd.rollout_starts`; ``slips``: its chance of a slip
    and each world's seed, or None): the worlds' ends (:class:`PlayedEnds`), and ``me``'s first bid
    after ``first``; all in one call into the compiled
    core. None where :func:`lead_starts` is, or the compiled search is not built. ``slip_at``: asked at
    every decision with more than one legal action after ``first`` (with the first world, the seat,
    its cards in hand order, the actions taken since the worlds' state, the number of legal actions),
    the index of the legal action the seat slips to instead of its rule, or -1 (the Beginner's slips)."""
    slip, seeds = (0.0, None) if slips is None else slips
    limit = slip_limit(slip)
    if limit and (seeds is None or len(seeds) != len(worlds)):
        raise ValueError("a rollout with slips needs one seed per world")
    if not worlds or _CORE is None or dd.BACKEND != "compiled":
        return None
    ref = worlds[0]
    rules_row = _rules_row(ref.rules)
    opening = _code(first)
    if rules_row is None or opening < 0:
        return None
    _tables_set()
    read = _world_rows(worlds)
    if read is None:
        return None
    rows, _, holders = read
    if not all(first in w.legal_actions() for w in holders):
        return None  # the engine's step serves (and refuses an illegal action)
    keys = list(seeds) if limit and seeds is not None else None
    lead, rollout = _leads(ref.rules, ref.seating, int(ref.dealer), ref.up)
    asked: Callable[[int, tuple[int, ...], tuple[int, ...], int], int] | None = None
    if slip_at is not None:
        seats, ask = ref.seating.seats, slip_at

        def asked(seat: int, hand: tuple[int, ...], acts: tuple[int, ...], count: int) -> int:
            taken = [(seats[a >> 8], _action(a & 255)) for a in acts]  # the core's seat * 256 + code
            return ask(ref, seats[seat], [_CARDS[c] for c in hand], taken, count)

    ends, said, tricks = _CORE.finish_ends(
        rules_row, _players_rows(tuple(players)), rows, opening, int(me), lead, rollout, limit, keys, asked
    )
    words = _bid_words()
    return PlayedEnds(ends, tricks), list(map(words.get, said, repeat("-", len(said))))


@lru_cache(maxsize=64)
def _leads(
    rules: ClassicRules, seating: Any, dealer: int, up: Card
) -> tuple[tuple[object, ...], Callable[[tuple[bytes, ...], bytes], list[int]]]:
    """:func:`~euchre_tutor.games.classic.advisor.dd.compiled_leads`, kept per deal's table."""
    return dd.compiled_leads(rules, seating, dealer, up)


#: the worlds :func:`_world_rows` read last, and what it read (the bids' play-outs ask for every
#: option of a batch in turn, with the same worlds)
_LAST_ROWS: tuple[Sequence[HandState] | None, _Rows | None] = (None, None)


def _world_rows(worlds: Sequence[HandState]) -> _Rows | None:
    """Each world's :func:`_state_row`, the number of the hand its seat to act holds (its first
    world with that hand among the worlds of the third list); None where they are not one deal's
    worlds, with the same rules, dealer, up card and whether it was taken, in a bidding phase the core
    plays. Read once for the same sequence of worlds (which its callers do not change)."""
    global _LAST_ROWS
    last = _LAST_ROWS
    if last[0] is worlds:
        return last[1]
    found = _read_rows(worlds)
    _LAST_ROWS = (worlds, found)
    return found


def _read_rows(worlds: Sequence[HandState]) -> _Rows | None:
    """:func:`_world_rows`, read afresh. Worlds that offer ``hand_rows()`` (the advisor's lazy worlds,
    one view's worlds: every public fact the first world's) are read from their hands without a state
    per world; other worlds, or where it answers None, each from its state."""
    first_world = worlds[0]
    up, dealer = first_world.up, first_world.dealer
    code = _PHASES.get(first_world.phase)
    hand_rows = getattr(worlds, "hand_rows", None)
    every = None if hand_rows is None or code is None or first_world.to_act is None else hand_rows()
    if every is not None and code is not None:
        public = _state_row(first_world, code)[:8]
        rows = [(*public, hands) for hands in every]
    else:
        rows = []
        for w in worlds:
            code = _PHASES.get(w.phase)
            if (
                code is None
                or w.to_act is None
                or w.rules is not first_world.rules
                or w.deal.up != up
                or w.dealer != dealer
                or w.up_taken != first_world.up_taken
            ):
                return None
            rows.append(_state_row(w, code))
    hand_of: list[int] = []
    holders: list[HandState] = []
    numbers: dict[tuple[int, ...], int] = {}
    for k, row in enumerate(rows):
        held = tuple(row[8][row[1]])
        number = numbers.get(held)
        if number is None:
            number = numbers[held] = len(holders)
            holders.append(worlds[k])
        hand_of.append(number)
    return rows, hand_of, holders


@cache
def _bid_words() -> dict[int, str]:
    """Each bid's code's words (``str`` of its action)."""
    return {code: str(action) for code, action in _BIDS.items()}


def _state_row(state: HandState, phase: int) -> tuple[Any, ...]:
    """The state as the core reads it (see ``_clubbid.c``), but for the first action's code that ends
    it: its phase's code, the seat to act, the passes, the dealer, the up card, trump and the maker
    (-1: none), alone, every hand's card indices in hand order."""
    return (
        phase,
        int(state.to_act),  # type: ignore[arg-type]
        state.passes,
        int(state.dealer),
        state.up.index,
        -1 if state.trump is None else state.trump.index,
        -1 if state.maker is None else int(state.maker),
        int(state.alone),
        [[c.index for c in hand] for hand in state.hands],
    )


def _code(action: Action) -> int:
    """The core's code for a bid or a discard (-1: an action it does not take)."""
    if action.kind == "discard" and action.card is not None and action.card.index < 32:
        return 100 + action.card.index
    return _CODES.get(action, -1)


def _action(code: int) -> Action:
    """The engine's action for the core's code (see ``_clubbid.c``)."""
    found = _BIDS.get(code)
    return _discard(_CARDS[code - 100]) if found is None else found


@cache
def _discard(card: Card) -> Action:
    return Action("discard", card=card)


_BIDS: Final[dict[int, Action]] = {
    0: PASS,
    1: ORDER,
    2: ORDER_ALONE,
    **{10 + s.index: Action("call", suit=s) for s in Suit},
    **{20 + s.index: Action("call", suit=s, alone=True) for s in Suit},
}
_CODES: Final[dict[Action, int]] = {a: c for c, a in _BIDS.items()}
