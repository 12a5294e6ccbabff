"""The Euchre Solitaire engine: one deal, as immutable states.

The player plays five tricks against the deck. When the player leads, the
deck turns cards until one follows the led suit or is trump (the ones before
it are burned); when the deck leads it turns its top card. Everything follows
``rules-solitaire`` to the letter; see :mod:`euchre_tutor.rules.catalogue`
for the rule ids that events cite.

>>> state = new_deal(SolitaireDeal.parse(
...     "9H 9C KC JC 9S JD  AS KS QS TS 9D TD QD KD AD TC QC AC TH JH QH KH AH JS"))
>>> state = state.apply(NameTrump(Suit.CLUBS))
>>> state = state.apply(Play(Card.parse("JC")))
>>> state.tricks[0].winner, [str(c) for c in state.tricks[0].burned]
('player', ['AS', 'KS', 'QS', 'TS', '9D', 'TD', 'QD', 'KD', 'AD'])

``apply`` checks everything and raises a teaching error (the state itself is
never changed: it is frozen).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from euchre_tutor.cards import (
    Card,
    Suit,
    deck,
    effective_suit,
    format_cards,
    is_trump,
    parse_cards,
    playable,
    winning_index,
)
from euchre_tutor.errors import DealError, IllegalAction, IllegalPlay
from euchre_tutor.games.solitaire.rules import TRICKS, SolitaireRules, deal_points
from euchre_tutor.rules.messages import explain_trick, follow_suit_message

__all__ = [
    "HAND_SIZE",
    "TRICKS",
    "Action",
    "CardPlayed",
    "CardsBurned",
    "DealScored",
    "DealState",
    "Event",
    "NameTrump",
    "OrderUp",
    "Phase",
    "Play",
    "Side",
    "SolitaireDeal",
    "StockExhausted",
    "Trick",
    "TrickWon",
    "TrumpChosen",
    "deal_points",
    "follow_suit_message",
    "new_deal",
]

HAND_SIZE = 5
DECK_SIZE = 24

Side = Literal["player", "deck"]


# --------------------------------------------------------------------------- deals


@dataclass(frozen=True, slots=True)
class SolitaireDeal:
    """The 24-card order of a deal: hand = cards 1-5, turn card = 6, stock = 7-24 top first."""

    hand: tuple[Card, ...]
    turn: Card
    stock: tuple[Card, ...]

    def __post_init__(self) -> None:
        check_deal_cards(self.cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*self.hand, self.turn, *self.stock)

    @classmethod
    def from_cards(cls, cards: Sequence[Card]) -> SolitaireDeal:
        if len(cards) != DECK_SIZE:
            check_deal_cards(cards)  # raises, naming what is off
        return cls(tuple(cards[:HAND_SIZE]), cards[HAND_SIZE], tuple(cards[HAND_SIZE + 1 :]))

    @classmethod
    def parse(cls, text: str) -> SolitaireDeal:
        """Parse 24 cards in deal order (spaces or commas between them)."""
        return cls.from_cards(parse_cards(text))

    @classmethod
    def from_seed(cls, seed: int) -> SolitaireDeal:
        """The deal of a seed: ``random.Random(seed).shuffle`` of the canonical deck.

        The canonical deck is clubs, diamonds, hearts, spades, each 9 10 J Q K A;
        after the shuffle, cards 1-5 are the hand, 6 the turn card, the rest the
        stock top first. Python keeps this shuffle stable across versions, so a
        seed names the same deal everywhere.
        """
        cards = list(deck(DECK_SIZE))
        random.Random(seed).shuffle(cards)
        return cls.from_cards(cards)

    def __str__(self) -> str:
        return format_cards(self.cards)


_FULL_DECK = frozenset(deck(DECK_SIZE))


def check_deal_cards(cards: Sequence[Card]) -> None:
    """Raise DealError unless ``cards`` is the 24-card deck in some order, naming what is off."""
    if len(cards) == DECK_SIZE and _FULL_DECK.issuperset(cards) and len(set(cards)) == DECK_SIZE:
        return
    full = _FULL_DECK
    seen: set[Card] = set()
    duplicates = []
    for c in cards:
        if c in seen:
            duplicates.append(c)
        seen.add(c)
    foreign = [c for c in cards if c not in full]
    missing = sorted(full - seen, key=lambda c: c.index)
    problems = []
    if len(cards) != DECK_SIZE:
        problems.append(f"{len(cards)} cards given")
    if foreign:
        problems.append(f"{format_cards(foreign)} not in the 24-card deck (9 to A)")
    if duplicates:
        problems.append(f"{format_cards(duplicates)} given twice")
    if missing:
        problems.append(f"missing {format_cards(missing)}")
    if problems:
        detail = "; ".join(problems)
        raise DealError(
            f"a Solitaire deal lists all 24 cards once (hand 1-5, turn card 6, stock 7-24 top first): {detail}"
        )


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class OrderUp:
    """Make the turn card's suit trump; the turn card goes on top of the stock."""

    alone: bool = False

    def __str__(self) -> str:
        return "order up alone" if self.alone else "order up"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Name ``suit`` trump; the turn card goes to the bottom of the stock."""

    suit: Suit
    alone: bool = False

    def __str__(self) -> str:
        return f"name {self.suit.plural}" + (" alone" if self.alone else "")


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Action = OrderUp | NameTrump | Play


class Phase(enum.Enum):
    CHOOSE_TRUMP = "choose-trump"
    PLAY = "play"
    OVER = "over"


# --------------------------------------------------------------------------- record


@dataclass(frozen=True, slots=True)
class Trick:
    """One decided trick, as the trick log shows it.

    ``awarded`` tricks were never played: the stock ran out and the player
    took them (their leader and cards are None).
    """

    leader: Side | None
    player: Card | None
    deck: Card | None
    burned: tuple[Card, ...]
    winner: Side
    awarded: bool
    reason: str


@dataclass(frozen=True, slots=True)
class TrumpChosen:
    trump: Suit
    ordered_up: bool
    alone: bool
    turn_card: Card
    rule: str

    @property
    def text(self) -> str:
        how = "ordered up" if self.ordered_up else "named"
        where = (
            "on top of the stock: the deck's first card" if self.ordered_up else "to the bottom of the stock"
        )
        alone = ", alone" if self.alone else ""
        return f"Player {how} {self.trump.plural}{alone}; the turn card {self.turn_card.symbol} goes {where}."


@dataclass(frozen=True, slots=True)
class CardPlayed:
    side: Side
    card: Card
    leads: bool
    trick: int
    rule: str

    @property
    def text(self) -> str:
        who = "Player" if self.side == "player" else "Deck"
        return f"{who} {'leads' if self.leads else 'plays'} {self.card.symbol}."


@dataclass(frozen=True, slots=True)
class CardsBurned:
    cards: tuple[Card, ...]
    led: Suit
    trump: Suit
    trick: int
    rule: str = "solitaire.burn"

    @property
    def text(self) -> str:
        n = len(self.cards)
        return (
            f"The deck burns {n} card{'s' if n != 1 else ''} ({format_cards(self.cards, symbols=True)}): "
            f"{'it' if n == 1 else 'they'} neither follow{'s' if n == 1 else ''} "
            f"{self.led.symbol} nor {'is' if n == 1 else 'are'} trump."
        )


@dataclass(frozen=True, slots=True)
class StockExhausted:
    trick: int
    deck_to_lead: bool
    tricks_awarded: int
    rule: str

    @property
    def text(self) -> str:
        if self.deck_to_lead:
            return (
                f"The stock is empty when the deck must lead: the player wins the "
                f"{self.tricks_awarded} remaining trick{'s' if self.tricks_awarded != 1 else ''}."
            )
        return (
            "The stock ran out before the deck could follow or trump: the player wins this trick "
            f"and the {self.tricks_awarded} after it."
            if self.tricks_awarded
            else "The stock ran out before the deck could follow or trump: the player wins this trick."
        )


@dataclass(frozen=True, slots=True)
class TrickWon:
    trick: int
    winner: Side
    reason: str
    rule: str = "cards.trick-winner"

    @property
    def text(self) -> str:
        return f"Trick {self.trick + 1} to the {self.winner}: {self.reason}"


@dataclass(frozen=True, slots=True)
class DealScored:
    tricks_won: int
    alone: bool
    player_points: int
    deck_points: int
    rule: str

    @property
    def text(self) -> str:
        t = f"{self.tricks_won} trick{'s' if self.tricks_won != 1 else ''}"
        if self.player_points:
            what = "a march" if self.tricks_won == TRICKS else "made it"
            return f"Player took {t}{' alone' if self.alone else ''} ({what}): player scores {self.player_points}."
        return (
            f"Player took {t}{' alone' if self.alone else ''}: euchred, the deck scores {self.deck_points}."
        )


Event = TrumpChosen | CardPlayed | CardsBurned | StockExhausted | TrickWon | DealScored


# --------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class DealState:
    """One moment of a deal. Frozen: :meth:`apply` returns a new state.

    ``stock`` is the hidden order (top first) and belongs to the engine; what
    the player may know is :func:`euchre_tutor.games.solitaire.views.player_view`.
    """

    rules: SolitaireRules
    deal: SolitaireDeal
    phase: Phase
    hand: tuple[Card, ...]
    stock: tuple[Card, ...]
    trump: Suit | None = None
    ordered_up: bool = False
    alone: bool = False
    burned: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()
    deck_lead: Card | None = None
    events: tuple[Event, ...] = field(default=())

    # ----------------------------------------------------------------- queries

    @property
    def turn_card(self) -> Card:
        return self.deal.turn

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def trick_number(self) -> int:
        """0-based index of the trick in progress (5 when the deal is over)."""
        return len(self.tricks)

    @property
    def tricks_won(self) -> int:
        return sum(1 for t in self.tricks if t.winner == "player")

    @property
    def points(self) -> tuple[int, int]:
        """(player, deck) points of the deal; (0, 0) until it is over."""
        if self.phase is not Phase.OVER:
            return 0, 0
        p, d, _ = deal_points(self.tricks_won, self.alone)
        return p, d

    @property
    def to_lead(self) -> bool:
        """True when the player is to lead (not follow) the current trick."""
        return self.phase is Phase.PLAY and self.deck_lead is None

    def trump_options(self) -> tuple[OrderUp | NameTrump, ...]:
        turned = self.deal.turn.suit
        suits = [s for s in Suit if s is not turned or self.rules.allow_name_turned]
        plain: list[OrderUp | NameTrump] = [OrderUp(False), *(NameTrump(s, False) for s in suits)]
        alone: list[OrderUp | NameTrump] = [OrderUp(True), *(NameTrump(s, True) for s in suits)]
        return (*plain, *alone)

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the player may play now, in hand order."""
        if self.phase is not Phase.PLAY:
            return ()
        led = None if self.deck_lead is None else effective_suit(self.deck_lead, self.trump)
        return playable(self.hand, self.trump, led)

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is Phase.CHOOSE_TRUMP:
            return self.trump_options()
        return tuple(Play(c) for c in self.legal_plays())

    # ----------------------------------------------------------------- actions

    def apply(self, action: Action) -> DealState:
        """The state after ``action``; raises IllegalAction/IllegalPlay (teaching) if it is not legal."""
        if isinstance(action, OrderUp | NameTrump):
            return self._choose_trump(action)
        if isinstance(action, Play):
            return self._play(action.card)
        raise IllegalAction(f"{action!r} is not a Solitaire action (order up, name a suit, or play a card)")

    def _choose_trump(self, action: OrderUp | NameTrump) -> DealState:
        if self.phase is not Phase.CHOOSE_TRUMP:
            raise IllegalAction("trump is already chosen for this deal" if self.trump else "the deal is over")
        turn = self.deal.turn
        assert turn.suit is not None
        if isinstance(action, OrderUp):
            trump = turn.suit
            stock = (turn, *self.stock)
            rule = "solitaire.order-up"
        else:
            trump = action.suit
            if trump is turn.suit and not self.rules.allow_name_turned:
                raise IllegalAction(
                    f"you cannot name {trump.plural}, the turned suit: order up to make "
                    f"{trump.plural} trump (the {turn.name} then goes on top of the stock), "
                    f"or name {', '.join(s.plural for s in Suit if s is not trump)}"
                )
            stock = (*self.stock, turn)
            rule = "solitaire.name-turned" if trump is turn.suit else "solitaire.name-trump"
        ordered = isinstance(action, OrderUp)
        event = TrumpChosen(trump, ordered, action.alone, turn, rule)
        return replace(
            self,
            phase=Phase.PLAY,
            trump=trump,
            ordered_up=ordered,
            alone=action.alone,
            stock=stock,
            events=(*self.events, event),
        )

    def _check_play(self, card: Card) -> None:
        if self.phase is Phase.CHOOSE_TRUMP:
            raise IllegalPlay(f"choose trump before playing {card.symbol}: order up or name a suit")
        if self.phase is Phase.OVER:
            raise IllegalPlay(f"the deal is over; {card.symbol} cannot be played")
        if card not in self.hand:
            raise IllegalPlay(
                f"{card.symbol} is not in your hand{self._whereabouts(card)}; "
                f"legal: {format_cards(self.legal_plays(), symbols=True)}"
            )
        legal = self.legal_plays()
        if card not in legal:
            assert self.deck_lead is not None
            raise IllegalPlay(follow_suit_message(card, self.deck_lead, self.trump, legal))

    def _whereabouts(self, card: Card) -> str:
        """Where a card the player does not hold is, as far as the player may know."""
        if card == self.deck_lead:
            return " (it is the card the deck led)"
        for i, t in enumerate(self.tricks, start=1):
            if card == t.player:
                return f" (you played it to trick {i})"
            if card == t.deck:
                return f" (the deck played it to trick {i})"
        if card in self.burned:
            return " (the deck burned it)"
        if card == self.deal.turn:
            place = "on top of" if self.ordered_up else "at the bottom of"
            return f" (it is the turn card, {place} the stock)"
        return " (it is still unseen in the stock)"

    def _play(self, card: Card) -> DealState:
        self._check_play(card)
        trump = self.trump
        assert trump is not None
        hand = tuple(c for c in self.hand if c != card)
        n = len(self.tricks)
        if self.deck_lead is None:
            return self._player_leads(card, hand, n, trump)
        lead = self.deck_lead
        cards = (lead, card)
        winner: Side = "deck" if winning_index(cards, trump) == 0 else "player"
        reason = explain_trick(cards, trump)
        trick = Trick("deck", card, lead, (), winner, False, reason)
        events: tuple[Event, ...] = (
            CardPlayed("player", card, False, n, "solitaire.follow-deck"),
            TrickWon(n, winner, reason),
        )
        return replace(self, hand=hand, deck_lead=None)._after_trick(trick, events)

    def _player_leads(self, card: Card, hand: tuple[Card, ...], n: int, trump: Suit) -> DealState:
        led = effective_suit(card, trump)
        lead_rule = "solitaire.first-lead" if n == 0 else "solitaire.winner-leads"
        events: list[Event] = [CardPlayed("player", card, True, n, lead_rule)]
        for i, turned in enumerate(self.stock):
            if effective_suit(turned, trump) is led or is_trump(turned, trump):
                burned = self.stock[:i]
                if burned:
                    events.append(CardsBurned(burned, led, trump, n))
                events.append(CardPlayed("deck", turned, False, n, "solitaire.burn"))
                cards = (card, turned)
                winner: Side = "player" if winning_index(cards, trump) == 0 else "deck"
                reason = explain_trick(cards, trump)
                events.append(TrickWon(n, winner, reason))
                trick = Trick("player", card, turned, burned, winner, False, reason)
                state = replace(self, hand=hand, stock=self.stock[i + 1 :], burned=self.burned + burned)
                return state._after_trick(trick, tuple(events))
        # The stock ran out: this trick and every remaining one go to the player.
        burned = self.stock
        if burned:
            events.append(CardsBurned(burned, led, trump, n))
        remaining = TRICKS - n - 1
        events.append(StockExhausted(n, False, remaining, "solitaire.stock-out"))
        reason = "the stock ran out before the deck could follow or trump"
        trick = Trick("player", card, None, burned, "player", False, reason)
        state = replace(self, hand=hand, stock=(), burned=self.burned + burned)
        return state._finish((trick, *_awarded(remaining)), tuple(events))

    def _after_trick(self, trick: Trick, events: tuple[Event, ...]) -> DealState:
        tricks = (*self.tricks, trick)
        if len(tricks) == TRICKS:
            return self._finish((trick,), events)
        if trick.winner == "player":
            return replace(self, tricks=tricks, events=self.events + events)
        # The deck won, so it leads by turning its top card.
        n = len(tricks)
        if not self.stock:
            remaining = TRICKS - n
            exhausted = StockExhausted(n, True, remaining, "solitaire.empty-stock-lead")
            return self._finish((trick, *_awarded(remaining)), (*events, exhausted))
        lead = self.stock[0]
        led = CardPlayed("deck", lead, True, n, "solitaire.winner-leads")
        return replace(
            self,
            tricks=tricks,
            stock=self.stock[1:],
            deck_lead=lead,
            events=(*self.events, *events, led),
        )

    def _finish(self, new_tricks: Iterable[Trick], events: tuple[Event, ...]) -> DealState:
        tricks = (*self.tricks, *new_tricks)
        won = sum(1 for t in tricks if t.winner == "player")
        p, d, rule = deal_points(won, self.alone)
        scored = DealScored(won, self.alone, p, d, rule)
        return replace(
            self,
            phase=Phase.OVER,
            tricks=tricks,
            deck_lead=None,
            events=(*self.events, *events, scored),
        )


def _awarded(count: int) -> tuple[Trick, ...]:
    reason = "awarded: the stock is empty"
    return tuple(Trick(None, None, None, (), "player", True, reason) for _ in range(count))


def new_deal(deal: SolitaireDeal, rules: SolitaireRules | None = None) -> DealState:
    """The state before trump is chosen."""
    return DealState(
        rules=rules or SolitaireRules(),
        deal=deal,
        phase=Phase.CHOOSE_TRUMP,
        hand=deal.hand,
        stock=deal.stock,
    )
