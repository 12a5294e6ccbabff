"""Computer players for classic Euchre; they decide from a :class:`SeatView` only.

- :class:`RandomPlayer`: any legal action, uniformly (seeded).
- :class:`RuleBasedPlayer`: point-count bidding, sensible leads and follows.
- :class:`BeginnerPlayer`: the rule-based player with seeded mistakes.
- :class:`ExpertPlayer`: the classic advisor's best action.

:data:`LEVELS` names the levels a table offers (Beginner, Club, Expert). All have ``choose(view) -> Action``. :func:`play_out` drives a hand or a
match with one player per seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from euchre_tutor.advisor.classic.strength import hand_strength, no_trump_strength, trump_points
from euchre_tutor.cards import (
    Card,
    Rank,
    Suit,
    card_power,
    deck,
    effective_suit,
    is_left_bower,
    is_right_bower,
    is_trump,
    trick_power,
)
from euchre_tutor.classic.engine import Action, HandState, MatchState, Phase, Seat, trick_winner
from euchre_tutor.errors import IllegalAction
from euchre_tutor.views.classic import SeatView, seat_view

if TYPE_CHECKING:
    from euchre_tutor.advisor.classic.analysis import ClassicAnalysis

__all__ = [
    "LEVELS",
    "BeginnerPlayer",
    "ExpertPlayer",
    "Level",
    "Player",
    "RandomPlayer",
    "RuleBasedPlayer",
    "hand_strength",
    "no_trump_strength",
    "play_out",
]


THREE_HANDED_EXTRA = 1.0


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


@dataclass(frozen=True, slots=True)
class RuleBasedPlayer:
    """Point-count bidding and plain-sense card play, under every house rule.

    Orders or calls at ``bid`` points or more (one more at three players, where
    the maker is alone against two; the two defenders play together), goes alone at ``alone`` points
    with both bowers or the right bower and three more trumps. It always calls
    a misdeal and goes under when it may (the swapped cards are weak), gives its
    best card to a loner and names spades when bidding blind.
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
            Phase.BLIND: self._blind,
            Phase.ROUND_1: self._round_1,
            Phase.ROUND_2: self._round_2,
            Phase.DISCARD: self._discard,
            Phase.GO_ALONE: self._go_alone,
            Phase.BEST_CARD: self._give_best,
            Phase.LONER_DISCARD: self._discard,
            Phase.DEFEND_ALONE: self._defend_alone,
            Phase.PLAY: self._play,
        }[view.phase]
        choice = handler(view)
        return choice if choice in legal else legal[0]

    # -- bidding -------------------------------------------------------------

    def _blind(self, view: SeatView) -> Action:
        return Action("call", suit=Suit.SPADES)

    def _round_1(self, view: SeatView) -> Action:
        if Action("misdeal") in view.legal:
            return Action("misdeal")
        unders = [a for a in view.legal if a.kind == "under"]
        if unders:
            return min(unders, key=lambda a: sum(c.rank for c in a.cards))
        trump = view.up_suit
        cards = list(view.hand)
        if view.seat == view.dealer:
            cards = _best_six_minus_one([*cards, view.up], trump)
        points = hand_strength(cards, trump)
        up_value = trump_points(view.up, trump)
        if view.dealer in view.seat.partners:
            points += 0.5 * up_value
        elif view.dealer != view.seat:
            points -= 0.5 * up_value
        order, order_alone = Action("order"), Action("order", alone=True)
        if order not in view.legal and order_alone in view.legal:  # Canadian loner: alone or nothing
            worthy = points >= self.bid and self._alone_worthy(cards, trump, points)
            return order_alone if worthy else Action("pass")
        return self._bid(view, points, cards, order, order_alone)

    def _round_2(self, view: SeatView) -> Action:
        lowest = min(c.rank for c in deck(view.rules.deck))
        options: list[tuple[float, Action]] = []
        for a in view.legal:
            if a.kind != "call" or a.alone:
                continue
            if a.suit is not None:
                options.append((hand_strength(view.hand, a.suit), a))
            elif a.notrump is not None:
                options.append((no_trump_strength(view.hand, a.notrump, lowest), a))
        points, best = max(options, key=lambda pa: pa[0])
        stuck = not any(a.kind == "pass" for a in view.legal)
        if stuck:
            points = max(points, self._need(view))
        alone = Action("call", suit=best.suit, notrump=best.notrump, alone=True)
        return self._bid(view, points, list(view.hand), best, alone)

    def _need(self, view: SeatView) -> float:
        """The points a bid needs: more at three players, where the maker plays alone against two."""
        return self.bid + (THREE_HANDED_EXTRA if view.players == 3 else 0.0)

    def _bid(self, view: SeatView, points: float, cards: list[Card], bid: Action, alone: Action) -> Action:
        if points < self._need(view):
            return Action("pass")
        if bid.notrump is not None:
            return bid
        trump = bid.suit if bid.suit is not None else view.up_suit
        if alone in view.legal and self._alone_worthy(cards, trump, points):
            return alone
        return bid

    def _alone_worthy(self, cards: Sequence[Card], trump: Suit, points: float) -> bool:
        right = any(is_right_bower(c, trump) or c.is_joker for c in cards)
        left = any(is_left_bower(c, trump) for c in cards)
        trumps = sum(1 for c in cards if is_trump(c, trump))
        return points >= self.alone and right and (left or trumps >= 4)

    def _discard(self, view: SeatView) -> Action:
        keep = _best_six_minus_one(list(view.hand), view.trump, allowed=_cards(view.legal), low=_low(view))
        gone = [c for c in view.hand if c not in keep]
        return Action("discard", card=gone[0])

    def _give_best(self, view: SeatView) -> Action:
        cards = _cards(view.legal)
        if view.trump is None:
            return Action("give", card=min(cards, key=lambda c: _cost(c, view)))
        return Action("give", card=max(cards, key=lambda c: _cost(c, view)))

    def _go_alone(self, view: SeatView) -> Action:
        if view.trump is None:
            return Action("partner")
        points = hand_strength(view.hand, view.trump)
        return Action("alone") if self._alone_worthy(view.hand, view.trump, points) else Action("partner")

    def _defend_alone(self, view: SeatView) -> Action:
        if view.trump is None:
            return Action("partner")
        # Defending alone pays only with a near-certain euchre: three top trumps.
        trumps = [c for c in view.hand if is_trump(c, view.trump)]
        top = sum(
            1 for c in trumps if is_right_bower(c, view.trump) or is_left_bower(c, view.trump) or c.is_joker
        )
        return Action("alone") if top >= 2 and len(trumps) >= 4 else Action("partner")

    # -- play ------------------------------------------------------------------

    def _play(self, view: SeatView) -> Action:
        cards = _cards(view.legal)
        trump = view.trump
        if not view.trick_plays:
            return Action("play", card=self._lead(view, cards))
        played = [c for _, c in view.trick_plays]
        led = effective_suit(played[0], trump)
        win_i = trick_winner(played, trump, view.notrump)
        winner_seat, winner_card = view.trick_plays[win_i]
        best_power = _power(winner_card, view, led)
        winners = [c for c in cards if _power(c, view, led) > best_power]
        partner_winning = winner_seat != view.seat and view.same_side(winner_seat)
        last_to_play = len(view.trick_plays) + 1 == view.players - len(view.sitting_out)
        if partner_winning and (last_to_play or _is_boss(winner_card, view)):
            return Action("play", card=_cheapest(cards, view))
        if winners:
            # Last to play: the cheapest winner; otherwise the strongest, to hold the trick.
            pick = (
                min(winners, key=lambda c: _power(c, view, led))
                if last_to_play
                else max(winners, key=lambda c: _power(c, view, led))
            )
            if trump is not None and is_trump(pick, trump) and not last_to_play and led is not trump:
                pick = min(winners, key=lambda c: _power(c, view, led))
            return Action("play", card=pick)
        return Action("play", card=_cheapest(cards, view))

    def _lead(self, view: SeatView, cards: list[Card]) -> Card:
        trump = view.trump
        trumps = [c for c in cards if trump is not None and is_trump(c, trump)]
        plain = [c for c in cards if c not in trumps]
        if view.is_maker_side and trumps:
            top = max(trumps, key=lambda c: _cost(c, view))
            lone = view.maker == view.seat and (view.alone or view.players == 3)
            if _is_boss(top, view) or lone:
                return top
        bosses = [c for c in plain if _is_boss(c, view)]
        if bosses:
            return bosses[0]
        if plain:
            # A weak card from the shortest plain suit looks for a ruff later.
            by_suit: dict[Suit, list[Card]] = {}
            for c in plain:
                by_suit.setdefault(effective_suit(c, trump), []).append(c)
            shortest = min(by_suit.values(), key=len)
            return min(shortest, key=lambda c: _cost(c, view))
        return max(trumps, key=lambda c: _cost(c, view))


class ExpertPlayer:
    """Plays the classic advisor's best action (sampled worlds; see :mod:`euchre_tutor.advisor.classic`).

    Card play is perfect-information Monte Carlo (each sampled deal solved double-dummy); every other
    decision is valued by playing the sampled deals out with the rule-based player's bidding and card
    play, so a bid is not valued by a solver that sees every card. A forced action is played at once.
    The same ``seed`` and the same view give the same choice.

    >>> from euchre_tutor.classic.engine import Deal, new_hand
    >>> state = new_hand(Deal.from_seed(3, Seat.N))
    >>> ExpertPlayer(worlds=20).choose(seat_view(state, state.to_act)) in state.legal_actions()
    True
    """

    #: it thinks for a good fraction of a second: a table asks it in the background, off the click path
    deliberate = True

    def __init__(self, worlds: int = 200, seed: int | str = 0, mode: str = "points") -> None:
        if worlds < 1:
            raise ValueError(f"an expert player needs at least 1 sampled world, not {worlds}")
        self.worlds = worlds
        self.seed = seed
        self.mode = mode
        self._continuation = RuleBasedPlayer()

    def __repr__(self) -> str:
        return f"ExpertPlayer(worlds={self.worlds}, seed={self.seed!r})"

    def analyse(self, view: SeatView) -> ClassicAnalysis:
        """The full analysis behind a choice (options, values, reasons)."""
        from euchre_tutor.advisor.classic.analysis import analyse  # the advisor loads on first use

        return analyse(
            view,
            continuation=self._continuation,
            worlds=self.worlds,
            seed=self.seed,
            mode="game" if self.mode == "game" else "points",
        )

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise IllegalAction(f"{view.seat.word} has nothing to do now")
        if len(view.legal) == 1:
            return view.legal[0]
        return self.analyse(view).best.action


class BeginnerPlayer:
    """The rule-based player that slips: with chance ``slip`` it takes a random legal action instead.

    A slip is drawn from ``seed`` and the seat's view (its cards and the public history), not from
    a running stream: the same position always gets the same choice, so undo and redo at a table
    replay the same game. Weaker than the Club player by about as much as a novice is.
    """

    def __init__(self, seed: int | str = 0, slip: float = 0.3) -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"slip is a chance between 0 and 1, not {slip}")
        self.seed = seed
        self.slip = slip
        self._rules = RuleBasedPlayer()

    def __repr__(self) -> str:
        return f"BeginnerPlayer(seed={self.seed!r}, slip={self.slip})"

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise IllegalAction(f"{view.seat.word} has nothing to do now")
        plays = [f"{s}{c}" for t in view.tricks for s, c in t.plays] + [
            f"{s}{c}" for s, c in view.trick_plays
        ]
        bids = [f"{s}{a}" for s, a in view.bids]
        rng = random.Random(
            f"{self.seed}|{view.seat}|{view.up}|{' '.join(map(str, view.hand))}|{bids}|{plays}|{view.scores}"
        )
        if len(view.legal) > 1 and rng.random() < self.slip:
            return view.legal[rng.randrange(len(view.legal))]
        return self._rules.choose(view)


@dataclass(frozen=True, slots=True)
class Level:
    """A level of computer play a table offers: its name, what it is, and how to make its player."""

    name: str
    words: str

    def player(self, seed: int | str = 0) -> Player:
        if self.name == "Beginner":
            return BeginnerPlayer(seed)
        if self.name == "Expert":
            return ExpertPlayer(seed=seed)
        return RuleBasedPlayer()


#: the levels of computer play, weakest first (the table's default is Club)
LEVELS: dict[str, Level] = {
    level.name.lower(): level
    for level in (
        Level("Beginner", "rule-based with mistakes: about one decision in three is a random legal one"),
        Level("Club", "rule-based: point-count bidding, sensible leads and follows"),
        Level("Expert", "the advisor's best action: 200 sampled deals per decision"),
    )
}


def _cards(actions: Sequence[Action]) -> list[Card]:
    return [a.card for a in actions if a.card is not None]


def _low(view: SeatView) -> bool:
    return view.notrump == "low"


def _power(card: Card, view: SeatView, led: Suit) -> int:
    """How strongly ``card`` competes in a trick led in ``led`` (0: cannot win), under any contract."""
    return card_power(card, view.trump, led, view.notrump)


def _cost(card: Card, view: SeatView) -> tuple[int, int]:
    """Orders a seat's cards weakest first: plain cards below trumps, then by power in their own suit."""
    trump = view.trump
    trumped = 1 if trump is not None and is_trump(card, trump) else 0
    return (trumped, _power(card, view, effective_suit(card, trump)))


def _is_boss(card: Card, view: SeatView) -> bool:
    """No unseen card of its own (effective) suit beats ``card`` (a ruff is still possible)."""
    suit = effective_suit(card, view.trump)
    mine = _power(card, view, suit)
    for other in view.unseen_cards():
        if other.is_joker and view.trump is None:
            continue
        if effective_suit(other, view.trump) is suit and _power(other, view, suit) > mine:
            return False
    return True


def _cheapest(cards: Sequence[Card], view: SeatView) -> Card:
    return min(cards, key=lambda c: _cost(c, view))


def _best_six_minus_one(
    cards: list[Card], trump: Suit | None, allowed: Sequence[Card] | None = None, low: bool = False
) -> list[Card]:
    """The five cards to keep from six: drop the weakest card that may be discarded."""
    candidates = [c for c in cards if allowed is None or c in allowed]
    if len(cards) <= 5:
        return cards

    def worth(c: Card) -> float:
        if trump is not None and is_trump(c, trump):
            return 100.0 + trick_power(c, trump, trump)
        suit_count = sum(1 for o in cards if effective_suit(o, trump) is effective_suit(c, trump))
        value = float(20 - c.rank) if low else float(c.rank)
        if c.rank is (Rank.NINE if low else Rank.ACE):
            value += 20
        # Dropping a singleton makes a void: cheaper to give up.
        return value - (3 if suit_count == 1 else 0)

    drop = min(candidates, key=worth)
    return [c for c in cards if c != drop]


def play_out(
    state: HandState | MatchState, players: Mapping[Seat, Player] | Sequence[Player]
) -> HandState | MatchState:
    """Let the players act (each from its own seat view) until the hand or match is over."""
    seats = state.seating.seats
    if isinstance(players, Mapping):
        by_seat = dict(players)
    else:
        if len(players) != len(seats):
            raise ValueError(
                f"play_out needs one player per seat: {len(seats)} at this table "
                f"({', '.join(s.word for s in seats)}), not {len(players)}"
            )
        by_seat = dict(zip(seats, players, strict=True))
    missing = [s.word for s in seats if s not in by_seat]
    if missing:
        raise ValueError(f"play_out has no player for {', '.join(missing)}")
    current: HandState | MatchState = state
    while not current.is_over:
        seat = current.to_act
        assert seat is not None
        current = current.apply(by_seat[seat].choose(seat_view(current, seat)))
    return current
