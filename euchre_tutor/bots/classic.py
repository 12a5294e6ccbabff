"""Computer players for classic Euchre; they decide from a :class:`SeatView` only.

- :class:`RandomPlayer`: any legal action, uniformly (seeded).
- :class:`RuleBasedPlayer`: point-count bidding, sensible leads and follows.

Both have ``choose(view) -> Action``. :func:`play_out` drives a hand or a
match with one player per seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from euchre_tutor.cards import (
    Card,
    Rank,
    Suit,
    effective_suit,
    is_left_bower,
    is_right_bower,
    is_trump,
    trick_power,
    winning_index,
)
from euchre_tutor.classic.engine import Action, HandState, MatchState, Phase, Seat
from euchre_tutor.errors import IllegalAction
from euchre_tutor.views.classic import SeatView, seat_view

__all__ = ["Player", "RandomPlayer", "RuleBasedPlayer", "hand_strength", "play_out"]


class Player(Protocol):
    def choose(self, view: SeatView) -> Action: ...


class RandomPlayer:
    """Chooses uniformly among the legal actions."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise IllegalAction(f"{view.seat.word} has nothing to do now")
        return view.legal[self._rng.randrange(len(view.legal))]


def _trump_points(card: Card, trump: Suit) -> float:
    if is_right_bower(card, trump):
        return 3.0
    if is_left_bower(card, trump):
        return 2.5
    if not is_trump(card, trump):
        return 1.0 if card.rank is Rank.ACE else 0.0
    return {Rank.ACE: 2.0, Rank.KING: 1.5, Rank.QUEEN: 1.25}.get(card.rank, 1.0)


def hand_strength(cards: Sequence[Card], trump: Suit) -> float:
    """A point count of ``cards`` with ``trump``: bowers 3 and 2.5, trump A 2, K 1.5, Q 1.25,
    other trumps 1, off-suit aces 1, and 0.5 per void in a plain suit when holding 2+ trumps."""
    points = sum(_trump_points(c, trump) for c in cards)
    trumps = sum(1 for c in cards if is_trump(c, trump))
    if trumps >= 2:
        suits = {effective_suit(c, trump) for c in cards}
        points += 0.5 * sum(1 for s in Suit if s is not trump and s not in suits)
    return points


@dataclass(frozen=True, slots=True)
class RuleBasedPlayer:
    """Point-count bidding and plain-sense card play.

    Orders or calls at ``bid`` points or more, goes alone at ``alone`` points
    with both bowers or the right bower and three more trumps.
    """

    bid: float = 6.0
    alone: float = 10.0

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise IllegalAction(f"{view.seat.word} has nothing to do now")
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        handler = {
            Phase.ROUND_1: self._round_1,
            Phase.ROUND_2: self._round_2,
            Phase.DISCARD: self._discard,
            Phase.GO_ALONE: self._go_alone,
            Phase.DEFEND_ALONE: self._defend_alone,
            Phase.PLAY: self._play,
        }[view.phase]
        choice = handler(view)
        return choice if choice in legal else legal[0]

    # -- bidding -------------------------------------------------------------

    def _round_1(self, view: SeatView) -> Action:
        trump = view.up.suit
        assert trump is not None
        cards = list(view.hand)
        if view.seat == view.dealer:
            cards = _best_six_minus_one([*cards, view.up], trump)
        points = hand_strength(cards, trump)
        up_value = _trump_points(view.up, trump)
        if view.dealer == view.seat.partner:
            points += 0.5 * up_value
        elif view.dealer != view.seat:
            points -= 0.5 * up_value
        return self._bid(view, points, cards, Action("order"), Action("order", alone=True))

    def _round_2(self, view: SeatView) -> Action:
        calls = [a for a in view.legal if a.kind == "call" and not a.alone and a.suit is not None]
        best = max(calls, key=lambda a: hand_strength(view.hand, a.suit))  # type: ignore[arg-type]
        assert best.suit is not None
        points = hand_strength(view.hand, best.suit)
        stuck = not any(a.kind == "pass" for a in view.legal)
        if stuck:
            points = max(points, self.bid)
        return self._bid(view, points, list(view.hand), best, Action("call", suit=best.suit, alone=True))

    def _bid(self, view: SeatView, points: float, cards: list[Card], bid: Action, alone: Action) -> Action:
        if points < self.bid:
            return Action("pass")
        trump = bid.suit if bid.suit is not None else view.up.suit
        assert trump is not None
        if alone in view.legal and self._alone_worthy(cards, trump, points):
            return alone
        return bid

    def _alone_worthy(self, cards: Sequence[Card], trump: Suit, points: float) -> bool:
        right = any(is_right_bower(c, trump) for c in cards)
        left = any(is_left_bower(c, trump) for c in cards)
        trumps = sum(1 for c in cards if is_trump(c, trump))
        return points >= self.alone and right and (left or trumps >= 4)

    def _discard(self, view: SeatView) -> Action:
        assert view.trump is not None
        keep = _best_six_minus_one(list(view.hand), view.trump, allowed=_cards(view.legal))
        gone = [c for c in view.hand if c not in keep]
        return Action("discard", card=gone[0])

    def _go_alone(self, view: SeatView) -> Action:
        assert view.trump is not None
        points = hand_strength(view.hand, view.trump)
        return Action("alone") if self._alone_worthy(view.hand, view.trump, points) else Action("partner")

    def _defend_alone(self, view: SeatView) -> Action:
        assert view.trump is not None
        # Defending alone pays only with a near-certain euchre: three top trumps.
        trumps = sorted((c for c in view.hand if is_trump(c, view.trump)), key=lambda c: -_power(c, view))
        top = sum(1 for c in trumps if is_right_bower(c, view.trump) or is_left_bower(c, view.trump))
        return Action("alone") if top == 2 and len(trumps) >= 4 else Action("partner")

    # -- play ------------------------------------------------------------------

    def _play(self, view: SeatView) -> Action:
        cards = _cards(view.legal)
        assert view.trump is not None
        trump = view.trump
        if not view.trick_plays:
            return Action("play", card=self._lead(view, cards, trump))
        played = [c for _, c in view.trick_plays]
        led = effective_suit(played[0], trump)
        win_i = winning_index(played, trump)
        winner_seat, winner_card = view.trick_plays[win_i]
        best_power = trick_power(winner_card, trump, led)
        winners = [c for c in cards if trick_power(c, trump, led) > best_power]
        partner_winning = winner_seat == view.seat.partner
        last_to_play = len(view.trick_plays) + 1 == 4 - len(view.sitting_out)
        if partner_winning and (last_to_play or _is_boss(winner_card, view)):
            return Action("play", card=_cheapest(cards, view))
        if winners:
            # Last to play: the cheapest winner; otherwise the strongest, to hold the trick.
            pick = (
                min(winners, key=lambda c: trick_power(c, trump, led))
                if last_to_play
                else max(winners, key=lambda c: trick_power(c, trump, led))
            )
            if is_trump(pick, trump) and not last_to_play and led is not trump:
                pick = min(winners, key=lambda c: trick_power(c, trump, led))
            return Action("play", card=pick)
        return Action("play", card=_cheapest(cards, view))

    def _lead(self, view: SeatView, cards: list[Card], trump: Suit) -> Card:
        trumps = [c for c in cards if is_trump(c, trump)]
        plain = [c for c in cards if not is_trump(c, trump)]
        if view.is_maker_side and trumps:
            top = max(trumps, key=lambda c: _power(c, view))
            if _is_boss(top, view) or (view.alone and view.maker == view.seat):
                return top
        aces = [c for c in plain if c.rank is Rank.ACE]
        if aces:
            return aces[0]
        if plain:
            # A low card from the shortest plain suit looks for a ruff later.
            by_suit: dict[Suit, list[Card]] = {}
            for c in plain:
                by_suit.setdefault(effective_suit(c, trump), []).append(c)
            shortest = min(by_suit.values(), key=len)
            return min(shortest, key=lambda c: c.rank)
        return max(trumps, key=lambda c: _power(c, view))


def _cards(actions: Sequence[Action]) -> list[Card]:
    return [a.card for a in actions if a.card is not None]


def _power(card: Card, view: SeatView) -> int:
    assert view.trump is not None
    return trick_power(card, view.trump, effective_suit(card, view.trump))


def _is_boss(card: Card, view: SeatView) -> bool:
    """No unseen card of its own (effective) suit beats ``card`` (a ruff is still possible)."""
    assert view.trump is not None
    suit = effective_suit(card, view.trump)
    mine = _power(card, view)
    for other in view.unseen_cards():
        if effective_suit(other, view.trump) is suit and trick_power(other, view.trump, suit) > mine:
            return False
    return True


def _cheapest(cards: Sequence[Card], view: SeatView) -> Card:
    assert view.trump is not None
    trump = view.trump

    def cost(c: Card) -> tuple[int, int]:
        return (1 if is_trump(c, trump) else 0, _power(c, view))

    return min(cards, key=cost)


def _best_six_minus_one(cards: list[Card], trump: Suit, allowed: Sequence[Card] | None = None) -> list[Card]:
    """The five cards to keep from six: drop the weakest card that may be discarded."""
    candidates = [c for c in cards if allowed is None or c in allowed]
    if len(cards) <= 5:
        return cards

    def worth(c: Card) -> float:
        if is_trump(c, trump):
            return 100.0 + trick_power(c, trump, trump)
        suit_count = sum(1 for o in cards if effective_suit(o, trump) is effective_suit(c, trump))
        value = float(c.rank)
        if c.rank is Rank.ACE:
            value += 20
        # Dropping a singleton makes a void: cheaper to give up.
        return value - (3 if suit_count == 1 else 0)

    drop = min(candidates, key=worth)
    return [c for c in cards if c != drop]


def play_out(
    state: HandState | MatchState, players: Mapping[Seat, Player] | Sequence[Player]
) -> HandState | MatchState:
    """Let the players act (each from its own seat view) until the hand or match is over."""
    by_seat = dict(players) if isinstance(players, Mapping) else {Seat(i): p for i, p in enumerate(players)}
    current: HandState | MatchState = state
    while not current.is_over:
        seat = current.to_act
        assert seat is not None
        current = current.apply(by_seat[seat].choose(seat_view(current, seat)))
    return current
