"""Cards, suits and ranks, and the one place that knows about the left bower.

Every question "which suit is this card now?" goes through
:func:`effective_suit`; every question "which card wins?" goes through
:func:`card_power` (:func:`trick_power` under a trump, or high no-trump);
every question "which cards may I play?" goes through :func:`playable`.
Nothing else in the project special-cases bowers or the low no-trump bid.

>>> Card.parse("J♣").name
'jack of clubs'
>>> effective_suit(Card.parse("JS"), Suit.CLUBS)  # the left bower is a club now
<Suit.CLUBS: 'C'>
>>> [str(c) for c in trump_order(Suit.HEARTS)]
['JH', 'JD', 'AH', 'KH', 'QH', 'TH', '9H']
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from euchre_tutor.errors import CardError

__all__ = [
    "JOKER",
    "Card",
    "Rank",
    "Suit",
    "card_power",
    "deck",
    "effective_suit",
    "format_cards",
    "is_left_bower",
    "is_right_bower",
    "is_trump",
    "left_bower",
    "parse_card",
    "parse_cards",
    "playable",
    "right_bower",
    "trick_power",
    "trump_order",
    "winning_index",
]


class Suit(enum.Enum):
    """The four suits, in OpenSpiel's order (clubs, diamonds, hearts, spades)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def colour(self) -> str:
        return "red" if self.is_red else "black"

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour: its jack is the left bower."""
        return _PARTNER_SUIT[self]

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]

    @property
    def plural(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``"H"``, ``"h"``, ``"♥"``, ``"hearts"`` → ``Suit.HEARTS``."""
        key = text.strip().lower()
        found = _SUIT_WORDS.get(key)
        if found is None:
            raise CardError(
                f"{text!r} is not a suit: use C, D, H or S (or ♣ ♦ ♥ ♠, or clubs, diamonds, hearts, spades)"
            )
        return found

    def __str__(self) -> str:
        return self.value


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_PARTNER_SUIT = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}
_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}
_SUIT_WORDS: dict[str, Suit] = {}
for _s in Suit:
    for _word in (_s.value, _s.symbol, _s.name.lower(), _s.name.lower()[:-1]):
        _SUIT_WORDS[_word.lower()] = _s
_SUIT_WORDS.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})


class Rank(enum.IntEnum):
    """Natural ranks; the value orders plain (non-trump) suits, ace high."""

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def letter(self) -> str:
        """ASCII notation: ``T`` for the ten."""
        return _RANK_LETTERS[self]

    @property
    def display(self) -> str:
        """Display notation: ``10`` for the ten."""
        return "10" if self is Rank.TEN else self.letter

    @property
    def word(self) -> str:
        return self.name.lower()


_RANK_LETTERS = {
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}
#: each card's ASCII notation by its index (suit * 8 + rank offset; the joker 32): ``str`` is read often
_CARD_NAMES: tuple[str, ...] = (
    *(f"{_RANK_LETTERS[Rank(7 + k)]}{s.value}" for s in Suit for k in range(8)),
    "JK",
)
_RANK_WORDS = {r.letter.lower(): r for r in Rank if r is not Rank.JOKER}
_RANK_WORDS["10"] = Rank.TEN


@dataclass(frozen=True, eq=False, slots=True)
class Card:
    """One card. The joker (benny) has no printed suit.

    ``str(card)`` is the ASCII notation (``JH``, ``TS``, ``JK``), ``card.symbol`` the
    display one (``J♥``, ``10♠``, ``Joker``: a word, since no common text font draws the joker's
    emoji), ``repr`` is valid code.
    """

    rank: Rank
    suit: Suit | None
    #: a stable small integer (0..32): suit * 8 + rank offset; the joker is 32. A plain slot, not a
    #: property: the searches and the sampler read it for every card they touch (card masks).
    index: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise CardError("only the joker has no suit, and the joker has none")
        key = 32 if self.suit is None else _SUIT_INDEX[self.suit] * 8 + (self.rank - Rank.SEVEN)
        object.__setattr__(self, "index", key)

    # Equality and hashing by one small int: cards are compared very often.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def symbol(self) -> str:
        if self.suit is None:
            return "Joker"
        return f"{self.rank.display}{self.suit.symbol}"

    @property
    def name(self) -> str:
        """Accessible name: ``"jack of hearts"``."""
        if self.suit is None:
            return "joker"
        return f"{self.rank.word} of {self.suit.plural}"

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    def __str__(self) -> str:
        return _CARD_NAMES[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card(Rank.JOKER, None)

_CARD_RE = re.compile(r"^(10|[2-9tjqka])\s*([cdhs♣♦♥♠♧♢♡♤])$")
_JOKER_WORDS = {"jk", "joker", "benny", "🃏", "★"}  # 🃏: what older saved text shows


@cache
def _parse_normalised(key: str) -> Card | None:
    if key in _JOKER_WORDS:
        return JOKER
    m = _CARD_RE.match(key)
    if m is None:
        return None
    rank = _RANK_WORDS.get(m.group(1))
    if rank is None:
        return None
    return Card(rank, _SUIT_WORDS[m.group(2)])


def parse_card(text: str) -> Card:
    """Parse ``JH``, ``jh``, ``J♥``, ``10H``, ``TH`` (and ``JK`` for the joker).

    >>> parse_card("10♥") == parse_card("th")
    True
    """
    if not isinstance(text, str):
        raise CardError(f"expected a card name such as 'JH', got {text!r}")
    # U+FE0F asks for the emoji form of ♥ and friends (phones add it when typing a suit)
    key = text.strip().lower().replace("\ufe0f", "")
    card = _parse_normalised(key)
    if card is not None:
        return card
    raise CardError(_explain_bad_card(text))


def _explain_bad_card(text: str) -> str:
    hint = ""
    key = text.strip().lower()
    if len(key) == 2 and _parse_normalised(key[::-1]) is not None:
        hint = f" (did you mean {_parse_normalised(key[::-1])}? rank comes first)"
    elif key[:1] in ("1",) and len(key) == 2:
        hint = " (the ten is written 10 or T, e.g. 10H or TH)"
    elif key[:1] in "2345678" and len(key) == 2 and key[1:] in _SUIT_WORDS:
        hint = f" (Euchre uses no {key[:1]}s with this deck: the ranks are 9 10 J Q K A)"
    return (
        f"{text!r} is not a card{hint}: write the rank then the suit, like JH, TS, 9C or 10♥ "
        "(ranks 9 10/T J Q K A; suits C D H S or ♣ ♦ ♥ ♠)"
    )


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse a list of cards separated by spaces or commas (or an iterable of names)."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p] if isinstance(text, str) else list(text)
    return tuple(parse_card(p) for p in parts)


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    return " ".join(c.symbol if symbols else str(c) for c in cards)


_DECK_LOW_RANK = {20: Rank.TEN, 24: Rank.NINE, 28: Rank.EIGHT, 32: Rank.SEVEN}


@cache
def deck(size: int = 24, *, joker: bool = False) -> tuple[Card, ...]:
    """The deck in canonical order: suits C D H S, each from its lowest rank to the ace.

    ``size`` is 24 (9-A), 28 (8-A), 32 (7-A) or 20 (10-A, three-handed); the
    joker, if any, comes last. The canonical order is what a seeded shuffle starts from.

    >>> format_cards(c for c in deck(20) if c.suit is Suit.HEARTS)
    'TH JH QH KH AH'
    """
    low = _DECK_LOW_RANK.get(size)
    if low is None:
        raise CardError(f"a Euchre deck has 20, 24, 28 or 32 cards (10-A, 9-A, 8-A, 7-A), not {size}")
    cards = [Card(r, s) for s in Suit for r in Rank if low <= r <= Rank.ACE]
    if joker:
        cards.append(JOKER)
    return tuple(cards)


def right_bower(trump: Suit) -> Card:
    return Card(Rank.JACK, trump)


def left_bower(trump: Suit) -> Card:
    return Card(Rank.JACK, trump.partner)


def is_right_bower(card: Card, trump: Suit | None) -> bool:
    return trump is not None and card.rank is Rank.JACK and card.suit is trump


def is_left_bower(card: Card, trump: Suit | None) -> bool:
    return trump is not None and card.rank is Rank.JACK and card.suit is trump.partner


def effective_suit(card: Card, trump: Suit | None) -> Suit:
    """The suit a card belongs to for every purpose in play.

    The left bower and the joker belong to the trump suit; every other card to
    its printed suit. With no trump (``trump=None``) the joker has no suit and
    cannot be asked about.
    """
    if card.suit is None:
        if trump is None:
            raise CardError("the joker has no suit when there is no trump")
        return trump
    if trump is not None and card.rank is Rank.JACK and card.suit is trump.partner:
        return trump
    return card.suit


def is_trump(card: Card, trump: Suit | None) -> bool:
    return trump is not None and effective_suit(card, trump) is trump


# Strength within trump: plain ranks keep their value (7..14); the left bower,
# right bower and joker stand above the ace in that order.
_LEFT_STRENGTH = Rank.ACE + 1
_RIGHT_STRENGTH = Rank.ACE + 2
_JOKER_STRENGTH = Rank.ACE + 3
_TRUMP_BONUS = 2 * _JOKER_STRENGTH  # every trump beats every card of the led suit


def trump_strength(card: Card, trump: Suit) -> int:
    """A card's strength inside the trump suit (higher wins); only for trumps."""
    if card.is_joker:
        return _JOKER_STRENGTH
    if card.rank is Rank.JACK:
        if card.suit is trump:
            return _RIGHT_STRENGTH
        if card.suit is trump.partner:
            return _LEFT_STRENGTH
    return int(card.rank)


def trick_power(card: Card, trump: Suit | None, led: Suit) -> int:
    """How strongly ``card`` competes in a trick whose led suit is ``led``.

    0 means it cannot win (neither trump nor the led suit). Higher wins. The
    led suit is an effective suit (a left-bower lead leads trump).
    """
    suit = effective_suit(card, trump)
    if trump is not None and suit is trump:
        return _TRUMP_BONUS + trump_strength(card, trump)
    if suit is led:
        return int(card.rank)
    return 0


_LOW_NOTRUMP_TOP = 20  # above every rank, so under a low no-trump bid the lowest card is the strongest


def card_power(card: Card, trump: Suit | None, led: Suit, notrump: str | None = None) -> int:
    """How strongly ``card`` competes in a trick led in ``led``, under any contract.

    0 means it cannot win. With a trump (or a high no-trump bid) this is
    :func:`trick_power`; under a low no-trump bid (``notrump="low"``) the
    lowest card of the led suit wins, so the 9 (or the 7 in a 32-card deck)
    is the strongest and the ace the weakest.

    >>> nine, ace = Card.parse("9S"), Card.parse("AS")
    >>> card_power(ace, None, Suit.SPADES) > card_power(nine, None, Suit.SPADES)
    True
    >>> card_power(nine, None, Suit.SPADES, "low") > card_power(ace, None, Suit.SPADES, "low")
    True
    >>> card_power(Card.parse("9H"), None, Suit.SPADES, "low")  # does not follow: cannot win
    0
    """
    if notrump == "low":
        return _LOW_NOTRUMP_TOP - int(card.rank) if card.suit is led else 0
    return trick_power(card, trump, led)


def _low_power(card: Card, trump: Suit | None, led: Suit) -> int:
    return card_power(card, trump, led, "low")


def winning_index(cards: Sequence[Card], trump: Suit | None, notrump: str | None = None) -> int:
    """Index of the card that wins a trick played in this order (first card leads).

    >>> winning_index(parse_cards("AS JC 9S"), Suit.CLUBS)  # the right bower trumps the ace
    1
    >>> winning_index(parse_cards("KS 9S AS"), None, "low")  # low no-trump: the lowest spade
    1
    """
    led = effective_suit(cards[0], trump)
    power = _low_power if notrump == "low" else trick_power
    best = 0
    best_power = power(cards[0], trump, led)
    for i in range(1, len(cards)):
        p = power(cards[i], trump, led)
        if p > best_power:
            best, best_power = i, p
    return best


def playable(hand: Sequence[Card], trump: Suit | None, led: Suit | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to a trick led in ``led``, in hand order.

    Follow the led (effective) suit if able, the left bower counting as
    trump; holding none of it, any card. ``led=None`` (leading) allows any
    card. This is the follow-suit rule of every game here.

    >>> format_cards(playable(parse_cards("JD 9H AS"), Suit.HEARTS, Suit.HEARTS))  # J♦ is the left bower
    'JD 9H'
    >>> format_cards(playable(parse_cards("JD AS"), Suit.HEARTS, Suit.DIAMONDS))  # no diamond: anything
    'JD AS'
    """
    if led is None:
        return tuple(hand)
    follow = tuple(c for c in hand if effective_suit(c, trump) is led)
    return follow or tuple(hand)


@cache
def trump_order(trump: Suit, *, size: int = 24, joker: bool = False) -> tuple[Card, ...]:
    """The trump suit high to low: (joker,) right bower, left bower, A K Q 10 9 (8 7)."""
    cards = [c for c in deck(size, joker=joker) if is_trump(c, trump)]
    cards.sort(key=lambda c: trump_strength(c, trump), reverse=True)
    return tuple(cards)


@cache
def plain_order(suit: Suit, trump: Suit | None, *, size: int = 24) -> tuple[Card, ...]:
    """A non-trump suit high to low, without the jack when it is the left bower."""
    cards = [c for c in deck(size) if c.suit is suit and effective_suit(c, trump) is suit]
    cards.sort(key=lambda c: c.rank, reverse=True)
    return tuple(cards)


def describe_rank(card: Card, trump: Suit | None) -> str:
    """Plain words for where a card stands: 'the left bower (2nd-highest trump)'."""
    if trump is not None and is_trump(card, trump):
        order = trump_order(trump, size=32, joker=card.is_joker)
        pos = order.index(card) + 1
        nth = _ordinal(pos)
        if card.is_joker:
            return "the joker (benny), the highest trump"
        if is_right_bower(card, trump):
            return "the right bower, the highest trump"
        if is_left_bower(card, trump):
            return (
                f"the left bower, the {nth}-highest trump: the {card.name} counts as a "
                f"{trump.plural[:-1]}, not a {card.suit.plural[:-1] if card.suit else ''}"
            )
        return f"the {nth}-highest trump"
    suit = effective_suit(card, trump)
    order = plain_order(suit, trump, size=32)
    return f"the {_ordinal(order.index(card) + 1)}-highest {suit.plural[:-1]}"


def _ordinal(n: int) -> str:
    if n == 1:
        return "1st"
    if n == 2:
        return "2nd"
    if n == 3:
        return "3rd"
    return f"{n}th"
