"""Computer players for Bid Euchre; they decide from a :class:`~euchre_tutor.games.bid.views.SeatView` only.

- :class:`RandomPlayer`: any legal action, uniformly (seeded).
- :class:`RuleBasedPlayer`: bids by counting the tricks its hand should take
  (sure winners: the top trumps and the top cards of the plain suits held
  in sequence, with half a trick for each further trump and one trick
  expected from the partner), goes alone only with every trick sure, and
  plays sound cards: a boss card or a trump to draw trumps when leading,
  the cheapest card that wins when following, the cheapest card when the
  partner's card already wins.

Both have ``choose(view) -> Action``; :func:`play_out` drives a hand or a
match with one player per seat.

>>> from euchre_tutor.games.bid.engine import Deal, new_hand
>>> end = play_out(new_hand(Deal.from_seed(7, "N")), [RuleBasedPlayer()] * 4)
>>> end.is_over, sum(end.tricks_won(t) for t in (Seat.N.team, Seat.E.team))
(True, 6)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from euchre_tutor.bots.shared import RandomPlayer, play_out_seats  # RandomPlayer: any legal action
from euchre_tutor.cards import JOKER, Card, Suit, card_power, effective_suit, plain_order, trump_order
from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.bid.engine import PASS, Action, HandState, MatchState, Phase, Seat
from euchre_tutor.games.bid.engine.actions import ALONE_WORDS, CARDS_PASSED
from euchre_tutor.games.bid.rules import BidRules, Contract
from euchre_tutor.games.bid.views import SeatView, seat_view

__all__ = ["Player", "RandomPlayer", "RuleBasedPlayer", "estimate_tricks", "play_out", "sure_tricks"]


class Player(Protocol):
    def choose(self, view: SeatView) -> Action: ...


def sure_tricks(hand: Sequence[Card], contract: Contract, double: bool = False, joker: bool = False) -> int:
    """Tricks the hand takes by itself whatever the others hold: in each suit, the cards held in an
    unbroken sequence from the top (plain suits count only while no trump is outstanding against
    them: with a trump contract only as many as the top trumps can draw)."""
    trump = contract[0]
    count = 0
    held = _held(hand)
    top_trumps = 0
    for suit in Suit:
        run = _run(held, _ranking(contract, suit, double, joker)[0])
        if trump is not None and suit is trump:
            top_trumps = run
        count += run
    if trump is None:
        return count
    mine = sum(1 for c in hand if effective_suit(c, trump) is trump)
    outstanding = len(_ranking(contract, trump, double, joker)[0]) - mine
    if top_trumps >= outstanding:  # every other trump falls under the top ones: the rest all take tricks
        return count + (mine - top_trumps)
    return top_trumps


def estimate_tricks(
    hand: Sequence[Card], contract: Contract, double: bool = False, joker: bool = False
) -> float:
    """A plain count of the tricks a hand should take in ``contract``: its top sequences, half a trick
    for each further trump, and half for a king or queen behind its suit's top card."""
    trump = contract[0]
    held = _held(hand)
    total = 0.0
    for suit in Suit:
        ranking, cards = _ranking(contract, suit, double, joker)
        run = _run(held, ranking)
        total += run
        rest = sum(held[i] for i in cards) - run
        if trump is not None and suit is trump:
            total += 0.5 * rest
        elif rest and next(k for k, i in enumerate(ranking) if held[i]) <= (3 if double else 1):
            total += 0.5  # a second-best card guarded
    return total


def _held(hand: Sequence[Card]) -> list[int]:
    """How many copies of each card (by index) the hand holds."""
    held = [0] * (JOKER.index + 1)
    for c in hand:
        held[c.index] += 1
    return held


@lru_cache(maxsize=512)  # a few hundred suits and contracts at most
def _ranking(
    contract: Contract, suit: Suit, double: bool, joker: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The indices of the cards of ``suit`` (the trump suit: with both bowers, the joker) high to low,
    each copy listed; and each of those cards once."""
    trump, notrump = contract
    if trump is not None and suit is trump:
        order = list(trump_order(trump, size=24, joker=joker))
    else:
        order = list(plain_order(suit, trump, size=24))
        if notrump == "low":
            order.reverse()
    cards = tuple(c.index for c in order)
    return tuple(i for i in cards for _ in range(2 if double else 1)), cards


def _run(held: list[int], ranking: tuple[int, ...]) -> int:
    """How many cards of ``ranking`` (copies listed one after the other) the hand holds unbroken from
    its top: the k-th copy of a card counts when the hand holds k of it."""
    run = 0
    previous, copy = -1, 0
    for i in ranking:
        copy = copy + 1 if i == previous else 1
        if held[i] < copy:
            break
        previous = i
        run += 1
    return run


@lru_cache(maxsize=1 << 16)  # every sampled deal's bidding asks again for the same hands
def _counts(hand: tuple[Card, ...], rules: BidRules) -> tuple[tuple[float, int, Contract], ...]:
    """For each contract the rules offer, in their order: the hand's estimated and sure tricks."""
    double, joker = rules.double_deck, rules.joker
    return tuple(
        (estimate_tricks(hand, c, double, joker), sure_tricks(hand, c, double, joker), c)
        for c in rules.contracts
    )


@dataclass(frozen=True, slots=True)
class RuleBasedPlayer:
    """Bids its counted tricks (plus one from the partner), plays plain-sense cards.

    ``partner_tricks``: tricks expected from the partner per six cards dealt. Alone bids only with
    every trick sure (call 1: all but one, call 2: all but two, with a trump suit and the lead).
    """

    partner_tricks: float = 0.5

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise IllegalAction(f"{view.seat.word} has nothing to do now")
        if view.phase is Phase.BIDDING:
            return self._bid(view)
        if view.phase is Phase.TRUMP:
            contract = self._best(view)[1]
            return next(a for a in view.legal if (a.suit, a.notrump) == contract)
        if view.phase in (Phase.KITTY, Phase.LONER_DISCARD):
            return Action("discard", card=min(_cards(view.legal), key=lambda c: _keep(c, view)))
        if view.phase is Phase.CALL:
            return Action("give", card=max(_cards(view.legal), key=lambda c: _keep(c, view)))
        return Action("play", card=self._card(view))

    # -- bidding ---------------------------------------------------------------

    def _best(self, view: SeatView) -> tuple[float, Contract]:
        """The contract the hand counts the most tricks in (level counts: the surer one)."""
        best = max(_counts(view.hand, view.rules), key=lambda x: (x[0], x[1]))
        return best[0], best[2]

    def _bid(self, view: SeatView) -> Action:
        r = view.rules
        legal = view.legal  # tested once or twice: cheaper than hashing every bid into a set
        for kind in ALONE_WORDS:  # alone, then the calls for one and two cards
            if kind not in r.alone_kinds:
                continue
            short = CARDS_PASSED.get(kind, 0)
            for _, sure, contract in _counts(view.hand, r):
                if short and (not r.bidder_leads or contract[0] is None):
                    continue  # a call counts on gifts: only with the lead and a trump suit to ruff with
                if sure >= r.hand_size - short:
                    suit, notrump = contract if r.trump_with_bid else (None, None)
                    act = Action("bid", alone=kind, suit=suit, notrump=notrump)
                    if act in legal:
                        return act
        own, contract = self._best(view)
        partner_bid = any(s == view.seat.partner and a.kind == "bid" for s, a in view.bids)
        help_ = self.partner_tricks * r.hand_size / 6 * (1.5 if partner_bid else 1.0)
        most = min(int(own + help_), r.hand_size)
        # Scoring the tricks taken, a higher bid gains nothing but risk: bid just over the last bid.
        # Scoring only the bid, bid all the hand is worth.
        over = r.minimum_bid if view.high is None or view.high.level is None else view.high.level + 1
        if view.high is not None and view.high.alone is not None:
            return PASS
        level = max(over, r.minimum_bid) if r.scores_tricks else most
        if level > most:
            return PASS
        suit, notrump = contract if r.trump_with_bid else (None, None)
        act = Action("bid", level=level, suit=suit, notrump=notrump)
        return act if act in legal else PASS

    # -- play --------------------------------------------------------------------

    def _card(self, view: SeatView) -> Card:
        cards = _cards(view.legal)
        if len(cards) == 1:
            return cards[0]
        unseen = view.unseen_cards()
        if not view.trick_plays:
            return self._lead(view, cards, unseen)
        led = view.led_suit
        assert led is not None
        played = [c for _, c in view.trick_plays]
        powers = [_power(c, view, led) for c in played]
        best = max(powers)
        winner_seat = view.trick_plays[powers.index(best)][0]
        active = 3 if view.sitting_out is not None else 4
        last = len(view.trick_plays) == active - 1
        cheapest = min(cards, key=lambda c: _keep(c, view))
        if winner_seat.team is view.seat.team and (
            last or _is_boss(played[powers.index(best)], view, unseen)
        ):
            return cheapest
        winners = [c for c in cards if _power(c, view, led) > best]
        if not winners:
            return cheapest
        bosses = [c for c in winners if _is_boss(c, view, unseen)]
        if last or not bosses:
            return min(winners, key=lambda c: _keep(c, view))
        return min(bosses, key=lambda c: _keep(c, view))

    def _lead(self, view: SeatView, cards: list[Card], unseen: Sequence[Card]) -> Card:
        trump = view.trump
        if trump is not None and view.is_bidder_side:
            mine = [c for c in cards if effective_suit(c, trump) is trump]
            theirs = [c for c in unseen if effective_suit(c, trump) is trump]
            if mine and theirs:
                boss = [c for c in mine if _is_boss(c, view, unseen)]
                return (
                    max(boss or mine, key=lambda c: _keep(c, view))
                    if boss
                    else min(mine, key=lambda c: _keep(c, view))
                )
        bosses = [
            c
            for c in cards
            if _is_boss(c, view, unseen) and (trump is None or effective_suit(c, trump) is not trump)
        ]
        if bosses:
            return max(bosses, key=lambda c: _keep(c, view))
        plain = [c for c in cards if trump is None or effective_suit(c, trump) is not trump]
        return min(plain or cards, key=lambda c: _keep(c, view))


def _cards(actions: Sequence[Action]) -> list[Card]:
    return [a.card for a in actions if a.card is not None]


def _power(card: Card, view: SeatView, led: Suit) -> int:
    return card_power(card, view.trump, led, view.notrump)


def _keep(card: Card, view: SeatView) -> int:
    """How much a card is worth keeping: trumps above plain cards, higher (under low: lower) above."""
    suit = effective_suit(card, view.trump)
    power = _power(card, view, suit)
    return power + (100 if view.trump is not None and suit is view.trump else 0)


def _is_boss(card: Card, view: SeatView, unseen: Sequence[Card]) -> bool:
    """No card this seat has not seen, of the same (effective) suit, beats it."""
    suit = effective_suit(card, view.trump)
    mine = _power(card, view, suit)
    return all(effective_suit(c, view.trump) is not suit or _power(c, view, suit) <= mine for c in unseen)


def play_out(
    state: HandState | MatchState, players: Mapping[Seat, Player] | Sequence[Player]
) -> HandState | MatchState:
    """Let the players act (each from its own seat view) until the hand or match is over."""
    wrong = f"play_out needs one player per seat (N, E, S, W), not {len(players)}"
    return play_out_seats(state, tuple(Seat), players, seat_view, wrong)
