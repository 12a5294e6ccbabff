"""Invariants of a Bid Euchre hand, checked after every action (the property tests and the benchmark).

:func:`play_checked` plays one hand with the given players, checking after
each action: every card of the pack in exactly one place (a hand, the
discards, the played cards; the kitty until the bidder takes it), the
action was legal and the seat view offered exactly the legal actions, the
legal cards follow suit by this module's own left-bower rule, a sample of
illegal actions is refused and changes nothing; at the end: the tricks sum
to the hand size, each trick's winner by this module's own card order, and
the points agree with :mod:`tests.bid.independent_scoring`. It returns the
failures (empty when every invariant held) and what came up.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from euchre_tutor.cards import Card, Rank, Suit
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.bid.engine import Action, Deal, HandState, Phase, new_hand
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.games.bid.views import seat_view
from tests.bid.independent_scoring import expected_points, tricks_in_hand

__all__ = ["Outcome", "own_suit", "own_winner", "play_checked"]

_PARTNER = {"C": "S", "S": "C", "D": "H", "H": "D"}
_PLAIN = "9TJQKA"


def own_suit(card: Card, trump: Suit | None) -> str:
    """The suit a card follows: the joker and the left bower are trumps."""
    if card.suit is None:
        assert trump is not None
        return trump.value
    if trump is not None and card.rank is Rank.JACK and card.suit.value == _PARTNER[trump.value]:
        return trump.value
    return card.suit.value


def _strength(card: Card, trump: Suit | None, notrump: str | None) -> int:
    if card.suit is None:
        return 100
    letter = str(card)[0]
    if trump is not None and own_suit(card, trump) == trump.value:
        if letter == "J":
            return 99 if card.suit is trump else 98
        return 50 + _PLAIN.index(letter)
    if notrump == "low":
        return 10 - _PLAIN.index(letter)
    return _PLAIN.index(letter)


def own_winner(cards: Sequence[Card], trump: Suit | None, notrump: str | None) -> int:
    """The trick's winner: a trump beats the led suit; of two equal cards the first played wins."""
    led = own_suit(cards[0], trump)
    best = 0
    for i, c in enumerate(cards):
        if i == 0:
            continue
        s = own_suit(c, trump)
        b = cards[best]
        bs = own_suit(b, trump)
        if s not in (led, trump.value if trump else None):
            continue
        c_trump = trump is not None and s == trump.value
        b_trump = trump is not None and bs == trump.value
        if (c_trump and not b_trump) or (
            c_trump == b_trump and _strength(c, trump, notrump) > _strength(b, trump, notrump)
        ):
            best = i
    return best


@dataclass
class Outcome:
    failures: list[str] = field(default_factory=list)
    actions: int = 0
    seen: Counter[str] = field(default_factory=Counter)


def _pack(rules: BidRules) -> Counter[Card]:
    from euchre_tutor.cards import JOKER, deck

    cards = list(deck(24)) * (2 if rules.double_deck else 1) + ([JOKER] if rules.joker else [])
    return Counter(cards)


def _places(s: HandState) -> list[int]:
    """Every card where the state has it: hands, discards, played, and the kitty until it is taken."""
    where: list[Card] = [c for h in s.hands for c in h]
    where.extend(s.discards)
    where.extend(c for t in s.tricks for c in t.cards)
    where.extend(c for _, c in s.trick_plays)
    if s.phase in (Phase.BIDDING, Phase.TRUMP) or (s.phase is Phase.OVER and s.bidder is None):
        where.extend(s.deal.kitty)
    return sorted(c.index for c in where)


_PROBES = (
    "pass",
    "bid 1 H",
    "bid 7 S",
    "bid alone high",
    "trump low",
    "discard 9C",
    "give AS",
    "play JD",
    "play 9S",
)


def play_checked(rules: BidRules, seed: int | str, players: Sequence[object], probe: float = 0.1) -> Outcome:
    """Play one seeded hand with ``players`` (one per seat, each ``choose(view)``), checking everything."""
    out = Outcome()
    rng = random.Random(f"probe:{seed}")
    state = new_hand(Deal.from_seed(seed, rng.choice("NESW"), rules), rules)
    pack_counts = _pack(rules)
    pack = sorted(c.index for c in pack_counts.elements())
    hand_size = tricks_in_hand(rules)

    def fail(text: str) -> None:
        out.failures.append(
            f"seed {seed!r}, rules {rules.to_json()}, after {[str(a) for _, a in state.history]}: {text}"
        )

    while not state.is_over:
        if _places(state) != pack:
            fail(f"cards not conserved: {_places(state)} against the pack's {pack} (card indexes)")
            return out
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        view = seat_view(state, seat)
        if view.legal != legal or not legal:
            fail(f"the view offers {view.legal}, the state {legal}")
            return out
        if state.phase is Phase.PLAY:
            hand = state.hands[seat]
            led = own_suit(state.trick_plays[0][1], state.trump) if state.trick_plays else None
            follow = {c for c in hand if led is not None and own_suit(c, state.trump) == led}
            want = follow or set(hand)
            if {a.card for a in legal} != want:
                fail(f"legal cards {legal} but the follow rule allows {sorted(map(str, want))}")
                return out
        if rng.random() < probe:
            text = rng.choice(_PROBES)
            act = Action.parse(text)
            if act not in legal:
                before = state
                try:
                    state.apply(act)
                    fail(f"illegal {text} was accepted")
                    return out
                except EuchreError as exc:
                    if not str(exc):
                        fail(f"illegal {text} refused without a message")
                if before != state:
                    fail("a refused action changed the state")
        action = players[seat].choose(view)  # type: ignore[attr-defined]
        if action not in legal:
            fail(f"player chose {action}, not legal")
            return out
        state = state.apply(action)
        out.actions += 1
    if state.passed_out:
        out.seen["passed out"] += 1
        if state.points() != (0, 0):
            fail("a passed-out hand scored")
        return out
    assert state.high is not None and state.bidder is not None
    out.seen[f"alone {state.alone}" if state.alone else "numeric bid"] += 1
    out.seen["no trump" if state.trump is None else "trump"] += 1
    if len(state.tricks) != hand_size:
        fail(f"{len(state.tricks)} tricks, not {hand_size}")
    active = 3 if state.alone else 4
    for t in state.tricks:
        if len(t.plays) != active:
            fail(f"a trick of {len(t.plays)} cards with {active} players")
        if t.plays[own_winner(t.cards, state.trump, state.notrump)][0] != t.winner:
            fail(
                f"trick {[str(c) for c in t.cards]} won by {t.winner.name}, by the sheet's order someone else"
            )
    sitter = state.bidder.partner if state.alone else None
    if any(h for seat, h in enumerate(state.hands) if seat != sitter):
        fail("cards left in a player's hand at the end")
    if sitter is not None and len(state.hands[sitter]) != hand_size - len(state.gifts):
        fail("the loner's partner, sitting out, should keep every card not passed")
    team = state.bidder.team.index
    took = sum(1 for t in state.tricks if t.winner.team.index == team)
    bid: int | str = state.high.alone if state.high.alone is not None else int(state.high.level or 0)
    want_points = expected_points(rules, bid, took, team)
    if state.points() != want_points:
        fail(f"points {state.points()}, the independent scorer says {want_points}")
    if sum(1 for t in state.tricks if t.winner.team.index != team) + took != hand_size:
        fail("the two sides' tricks do not sum to the hand size")
    return out
