"""How the tutor talks to a student: explanation depths, cards and numbers in words, ideas as data.

Every game's hint is built as an :class:`Explanation`: the move in words, why (each sentence
:class:`Said` in the name of one strategic idea or rule reminder whose condition held in the
position), the alternatives that matter, and the full figures. A student picks a :class:`Depth`;
:meth:`Explanation.sentences` gives what that depth shows. :func:`text_problems` finds what a
student must never read (action codes, rule ids, undefined symbols, ASCII minus signs, long
fractions, repeated sentences); the tests and ``benchmarks/voice.py`` run it on every text shown.

>>> card_words(Card.parse("AH"))
'the ace of hearts (A♥)'
>>> points_words(0.21)
'about a fifth of a point'
>>> chance_words(0.76)
'about 3 times in 4'
>>> text_problems("play AH is best [classic.advice-sampled]")
['code "play AH"', 'code "AH"', 'rule id "[classic.advice-sampled]"']
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Final, Generic, TypeVar

from euchre_tutor.cards import Card, Rank, Suit, effective_suit, is_left_bower, is_right_bower, trick_power

__all__ = [
    "BRIEF_WORDS",
    "DEFAULT_DEPTH",
    "DEPTH_HELP",
    "DEPTH_LABELS",
    "LESSONS",
    "LESSON_LINK",
    "RANK_NAMES",
    "Catalogue",
    "Depth",
    "Explanation",
    "Idea",
    "Lesson",
    "Namer",
    "Said",
    "capital",
    "card_name",
    "card_words",
    "cards_by_what",
    "chance_words",
    "false_sentences",
    "grade_sentence",
    "how_many",
    "lower_first",
    "minus",
    "named_card",
    "points_words",
    "signed_points",
    "suit_words",
    "text_problems",
    "visible_text",
    "whose",
]


class Depth(enum.Enum):
    """How much a hint says. Not named Beginner / Club / Expert: those are the computer players' levels."""

    #: the move in words, one "because", at most one rule reminder, a link to the lesson
    BRIEF = "brief"
    #: adds the one to three alternatives that matter, their cost in plain units, ties named as ties
    COMPARE = "compare"
    #: every option with its figures and intervals, the deals sampled
    FIGURES = "figures"

    @classmethod
    def parse(cls, text: str | Depth) -> Depth:
        if isinstance(text, Depth):
            return text
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(d.value for d in cls)
            raise ValueError(f"unknown explanation depth {text!r}: choose one of {names}") from None


DEFAULT_DEPTH: Final = Depth.BRIEF

#: the most words a brief hint shows: its move, its because, its reminder and the lesson link
BRIEF_WORDS: Final = 45
#: the text of a hint's link to its lesson (the section's name is the link's tooltip)
LESSON_LINK: Final = "Learn more"

#: the depth picker's labels (what a student clicks)
DEPTH_LABELS: Final = {
    Depth.BRIEF: "The move and why",
    Depth.COMPARE: "Compare choices",
    Depth.FIGURES: "All the figures",
}
#: one line each, shown beside the picker
DEPTH_HELP: Final = {
    Depth.BRIEF: "The best move in words and one reason, with a link to the lesson that teaches it.",
    Depth.COMPARE: "Adds the other choices that matter and what each costs.",
    Depth.FIGURES: "Every choice with its numbers and their 95% intervals.",
}


# ---- cards and numbers in words -------------------------------------------------------------

#: each rank's name in words
RANK_NAMES: Final = {
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
}

#: U+2212, the one minus sign a student reads
MINUS: Final = "\u2212"


def minus(text: str) -> str:
    """``text`` with every ASCII hyphen-minus before a digit written as the minus sign (−)."""
    return re.sub(r"(?<![\w])-(?=\d|\.\d)", MINUS, text)


def card_name(card: Card) -> str:
    """``'the ace of hearts'``, ``'the joker'``."""
    if card.suit is None:
        return "the joker"
    return f"the {RANK_NAMES[card.rank]} of {card.suit.plural}"


def card_words(card: Card) -> str:
    """A card's first mention: ``'the ace of hearts (A♥)'``."""
    if card.suit is None:
        return "the joker"
    return f"{card_name(card)} ({card.symbol})"


def suit_words(suit: Suit) -> str:
    """``'hearts (♥)'``."""
    return f"{suit.plural} ({suit.symbol})"


def trump_card_words(card: Card, trump: Suit | None) -> str:
    """A card's first mention where its suit decides the sentence: a bower says which bower it is,
    so a jack whose suit is not its printed suit is never read as its printed suit.

    >>> trump_card_words(Card.parse("JD"), Suit.HEARTS)
    'the jack of diamonds (J♦), the left bower'
    >>> trump_card_words(Card.parse("9D"), Suit.HEARTS)
    'the nine of diamonds (9♦)'
    """
    if is_left_bower(card, trump):
        return f"{card_words(card)}, the left bower"
    if is_right_bower(card, trump):
        return f"{card_words(card)}, the right bower"
    return card_words(card)


def whose(who: str, card: Card, trump: Suit | None, subject: bool = False) -> str:
    """A seat's card in words, a bower named as such: ``"East's jack of diamonds (J♦), the left bower"``;
    ``subject``: the subject of a sentence (a bower's words closed by a comma before the verb).

    >>> whose("the deck", Card.parse("9H"), Suit.SPADES)
    "the deck's nine of hearts (9♥)"
    """
    words = trump_card_words(card, trump)
    text = f"{who}'s {words[4:] if words.startswith('the ') else words}"
    return text + "," if subject and text.endswith("bower") else text


def _suit_card_noun(suit: Suit, trump: Suit | None) -> str:
    """``'trump'`` for the trump suit, else the suit's singular noun (``'heart'``)."""
    return "trump" if suit is trump else suit.plural[:-1]


def forced_play_sentence(
    card: Card, hand: Sequence[Card], trump: Suit | None, led: Card | None, rule: str | None = None
) -> str:
    """Why ``card`` is the only card the player may play, in words: the rule that forces it.

    ``hand`` is the player's hand (``card`` among it), ``led`` the card that led the trick (None
    when the player leads). A follow names the suit to follow as the bowers make it; a last card says
    so; any other forced card is the game's ``rule`` (a sentence, such as a house rule's), else
    said plainly.

    >>> jd, as_ = Card.parse("JD"), Card.parse("AS")
    >>> forced_play_sentence(jd, [jd, as_], Suit.HEARTS, Card.parse("9H"))
    'You must follow trump (hearts), and the jack of diamonds (J♦), the left bower, is your only trump.'
    >>> forced_play_sentence(Card.parse("KH"), [Card.parse("KH"), as_], Suit.CLUBS, Card.parse("9H"))
    'You must follow hearts, and the king of hearts (K♥) is your only heart.'
    """
    words = trump_card_words(card, trump)
    if len(hand) == 1:
        return f"{capital(words)} is your last card."
    if led is not None and effective_suit(card, trump) is (suit := effective_suit(led, trump)):
        why_led = (
            f"The left bower ({led.symbol}) is a trump, so trump was led. "
            if is_left_bower(led, trump)
            else ""
        )
        must = f"trump ({suit.plural})" if suit is trump else suit.plural
        comma = "," if is_left_bower(card, trump) or is_right_bower(card, trump) else ""
        return f"{why_led}You must follow {must}, and {words}{comma} is your only {_suit_card_noun(suit, trump)}."
    return rule if rule is not None else f"{capital(words)} is the only card the rules let you play now."


class Namer:
    """Names cards within one text: in words with the symbol the first time, the symbol after.

    >>> n = Namer()
    >>> n.card(Card.parse("AH")), n.card(Card.parse("AH"))
    ('the ace of hearts (A♥)', 'A♥')
    """

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: set[int] = set()

    def card(self, card: Card) -> str:
        if card.index in self._seen:
            return "the joker" if card.suit is None else card.symbol
        self._seen.add(card.index)
        return card_words(card)

    def cards(self, cards: Iterable[Card]) -> str:
        """``'the ace of hearts (A♥) and K♥'``: a list in words, joined with commas and "and"."""
        return join_words([self.card(c) for c in cards])


def cards_by_what(
    cards: Sequence[Card], hand: Sequence[Card], trump: Suit | None, namer: Namer | None = None
) -> str | None:
    """More than two of ``hand``'s cards said by what they are rather than listed: ``'any of your
    hearts'``, ``'any of your low diamonds'`` (none is the suit's highest held), ``'any of your trumps
    but the right bower (J♥)'``, ``'any card but the ace of spades (A♠)'``; None when no short phrase
    fits. ``trump`` decides each card's suit (a bower is a trump, never its printed suit).

    >>> hand = [Card.parse(c) for c in ("9D", "TD", "QD", "AD", "KS")]
    >>> cards_by_what(hand[:3], hand, Suit.HEARTS)
    'any of your low diamonds'
    >>> cards_by_what(hand[:4], hand, Suit.HEARTS)
    'any of your diamonds'
    >>> cards_by_what([Card.parse("JD"), *hand[:2]], [Card.parse("JD"), *hand], Suit.HEARTS)
    """
    n = namer if namer is not None else Namer()
    chosen = set(cards)
    if len(chosen) < 3 or not chosen <= set(hand):
        return None
    suits = {effective_suit(c, trump) for c in chosen}
    if len(suits) == 1:
        (suit,) = suits
        noun = "trumps" if suit is trump else suit.plural
        held = [c for c in hand if effective_suit(c, trump) is suit]
        rest = [c for c in held if c not in chosen]
        if not rest:
            return f"any of your {noun}"
        power = {c: trick_power(c, trump, suit) for c in held}
        if all(power[c] < min(power[r] for r in rest) for c in chosen):
            return f"any of your low {noun}"
        if len(rest) == 1:
            return f"any of your {noun} but {named_card(rest[0], trump, n)}"
        return None
    rest = [c for c in hand if c not in chosen]
    if not rest:
        return "any of your cards"
    side = all(effective_suit(c, trump) is not trump for c in chosen)
    if trump is not None and side and all(effective_suit(c, trump) is trump for c in rest):
        return "any card but a trump"
    if len(rest) == 1:
        return f"any card but {named_card(rest[0], trump, n)}"
    return None


def named_card(card: Card, trump: Suit | None, namer: Namer) -> str:
    """A card named once in a text: a bower as the bower it is (``'the left bower (J♦)'``)."""
    words = namer.card(card)
    if is_right_bower(card, trump):
        return f"the right bower ({card.symbol})"
    if is_left_bower(card, trump):
        return f"the left bower ({card.symbol})"
    return words


def grade_sentence(
    label: str, cost: float | Fraction, best: str, *, tie: bool = False, per: str = "a hand"
) -> str:
    """Why a grade, in a player's words, after the choice and a colon: ``'the best choice.'``, ``'as good
    as order up: the deals cannot tell them apart.'`` (``tie``: a sampled tie) or ``'it costs about a
    third of a point a hand against name spades.'`` (``cost``: in points; ``best``: the best choice in
    words). The label itself is said beside it.

    >>> grade_sentence("Mistake", 0.3, "name spades", per="a deal")
    'it costs about a third of a point a deal against name spades.'
    """
    if label == "Best" and not tie:
        return "the best choice."
    if label == "Best":
        return f"as good as {best}: the deals cannot tell them apart."
    return f"it costs {points_words(cost)} {per} against {best}."


def capital(text: str) -> str:
    """``text`` with its first letter a capital (the rest as it is): the start of a sentence."""
    return text[:1].upper() + text[1:]


def lower_first(text: str) -> str:
    """``text`` with its first letter small: an instruction ("Bid 3 in ♦") inside a sentence."""
    return text[:1].lower() + text[1:]


def how_many(n: int, noun: str) -> str:
    """``'one move'``, ``'3 moves'``: a count in words up to one, in figures after.

    >>> how_many(1, "move"), how_many(3, "move")
    ('one move', '3 moves')
    """
    return f"one {noun}" if n == 1 else f"{n} {noun}s"


def join_words(items: Sequence[str], last: str = "and") -> str:
    """``'a, b and c'``."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


#: plain fractions of a point, for the cost of a choice
_FRACTIONS: Final = (
    (Fraction(1, 20), "a twentieth of a point"),
    (Fraction(1, 10), "a tenth of a point"),
    (Fraction(1, 5), "a fifth of a point"),
    (Fraction(1, 4), "a quarter of a point"),
    (Fraction(1, 3), "a third of a point"),
    (Fraction(1, 2), "half a point"),
    (Fraction(2, 3), "two thirds of a point"),
    (Fraction(3, 4), "three quarters of a point"),
    (Fraction(1), "a point"),
)


def points_words(x: float | Fraction) -> str:
    """A positive amount of points in plain units: ``'about a fifth of a point'``, ``'about 1.5 points'``.
    Under a fortieth of a point: ``'almost nothing'``."""
    v = abs(float(x))
    if v < 0.025:
        return "almost nothing"
    if v <= 1.25:
        words = min(_FRACTIONS, key=lambda fw: abs(float(fw[0]) - v))[1]
        return f"about {words}"
    rounded = max(1.5, round(v * 2) / 2)
    return f"about {rounded:g} points"


def signed_points(x: float | Fraction, digits: int = 1) -> str:
    """``'+0.7 points'``, ``'−1.2 points'`` (one minus sign, the one a student reads)."""
    v = float(x)
    text = f"{v:+.{digits}f}".replace("-", MINUS)
    if text in (f"+{0:.{digits}f}", f"{MINUS}{0:.{digits}f}"):
        text = f"{0:.{digits}f}"
    return f"{text} point" + ("" if text.lstrip("+" + MINUS) == f"{1:.{digits}f}" else "s")


def chance_words(p: float | Fraction) -> str:
    """A probability as words: ``'almost always'``, ``'about 3 times in 4'``, ``'hardly ever'``."""
    v = float(p)
    if v >= 0.97:
        return "almost always"
    if v <= 0.03:
        return "hardly ever"
    best = min(
        ((a, b) for b in (2, 3, 4, 5, 10) for a in range(1, b)),
        key=lambda ab: (abs(ab[0] / ab[1] - v), ab[1]),
    )
    a, b = best
    if (a, b) == (1, 2):
        return "about half the time"
    return f"about {a} time{'s' if a > 1 else ''} in {b}"


# ---- ideas and explanations -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lesson:
    """Where a lesson teaches an idea: the notebook (under ``notebooks/lessons/``) and its section."""

    notebook: str
    section: str

    @property
    def anchor(self) -> str:
        """The section's anchor as Jupyter writes it (spaces become hyphens)."""
        return self.section.replace(" ", "-")

    @property
    def href(self) -> str:
        """A link relative to the tables' folder (``notebooks/``)."""
        return f"lessons/{self.notebook}#{self.anchor}"


#: the lesson sections a hint may link to, by topic (checked against the notebooks by a test)
LESSONS: Final = {
    "bowers": Lesson("01-cards-and-bowers.ipynb", "Trump and its order"),
    "follow-suit": Lesson("02-following-suit.ipynb", "Lesson 2: following suit (and the left-bower trap)"),
    "tricks": Lesson("03-tricks-and-trump.ipynb", "Lesson 3: tricks and trump"),
    "burn": Lesson("04-solitaire-and-the-deck-burn.ipynb", "Watch the deck burn"),
    "choosing-trump": Lesson("05-choosing-trump.ipynb", "Lesson 5: choosing trump, with exact values"),
    "alone": Lesson(
        "06-alone-scoring-and-the-game.ipynb", "Lesson 6: going alone, scoring, and the game to 10"
    ),
    "classic-bidding": Lesson(
        "08-classic-bidding-and-partnerships.ipynb", "Round 1: ordering up, and the dealer's pick-up"
    ),
    "classic-play": Lesson(
        "08-classic-bidding-and-partnerships.ipynb",
        "The play: the opening lead, following suit, and the left bower",
    ),
    "classic-alone": Lesson("09-classic-alone-and-scoring.ipynb", "A lone hand"),
    "classic-strategy": Lesson("11-classic-strategy.ipynb", "Lesson 11: classic strategy with the advisor"),
    "bid-counting": Lesson("12-bid-euchre.ipynb", "Counting tricks before you bid"),
    "bid-bidding": Lesson("12-bid-euchre.ipynb", "The bidding"),
}


@dataclass(frozen=True, slots=True)
class Said:
    """One sentence a student reads, in the name of the idea (or rule reminder) it states.

    ``idea``: the catalogue id (``"classic.pull-trump"``, ``"rule.follow-suit"``); the game's
    catalogue holds the condition under which the sentence is true, re-checked by the tests.
    ``lesson``: a :data:`LESSONS` key, or ``""``.
    """

    idea: str
    text: str
    lesson: str = ""


P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class Idea(Generic[P]):
    """A strategic idea (or rule reminder) a hint may name, with the test of when it is true.

    ``holds(position)``: whether a sentence in this idea's name is true in ``position`` (the
    game's own context: the seat's view, the analysis, the move named). A game keeps its ideas in
    one catalogue, ``{idea.id: idea}``; a hint says an idea only where ``holds`` is true, and the
    tests re-check every sentence shown (:func:`false_sentences`).
    """

    id: str
    name: str
    holds: Callable[[P], bool]
    lesson: str = ""


class Catalogue(dict[str, Idea[P]]):
    """A game's ideas by id. :meth:`idea` makes a condition the test of an idea (a decorator), so an idea's
    id, name and lesson stand beside its condition; an id is in the catalogue once."""

    def idea(
        self, id: str, name: str, lesson: str = ""
    ) -> Callable[[Callable[[P], bool]], Callable[[P], bool]]:
        def add(holds: Callable[[P], bool]) -> Callable[[P], bool]:
            self.add(Idea(id, name, holds, lesson))
            return holds

        return add

    def add(self, *ideas: Idea[P]) -> None:
        for i in ideas:
            if i.id in self:
                raise ValueError(f"idea {i.id!r} is in the catalogue twice")
            self[i.id] = i


def false_sentences(said: Iterable[Said], catalogue: Mapping[str, Idea[P]], position: P) -> list[str]:
    """The sentences of ``said`` whose idea is not in ``catalogue`` or does not hold in ``position``."""
    bad = []
    for s in said:
        idea = catalogue.get(s.idea)
        if idea is None:
            bad.append(f"{s.text!r}: idea {s.idea!r} is not in the catalogue")
        elif not idea.holds(position):
            bad.append(f"{s.text!r}: idea {s.idea!r} does not hold here")
    return bad


@dataclass(frozen=True, slots=True)
class Explanation:
    """A hint in a player's words, at every depth.

    ``move``: the best move as an instruction ("Lead the ace of hearts (A♥)."), or the tie
    ("The ace and the king of hearts are equally good."). ``why``: the "because" (the first one
    is the brief depth's). ``reminder``: at most one rule that applies now. ``alternatives``: the
    choices that matter and what each costs in plain units (the compare depth). ``figures``: the
    full figures, one line each (the figures depth); they may hold ± and percentages.
    """

    move: str
    why: tuple[Said, ...] = ()
    reminder: Said | None = None
    alternatives: tuple[Said, ...] = ()
    figures: tuple[str, ...] = ()
    tied: tuple[str, ...] = field(default=())

    def said(self, depth: Depth) -> list[Said]:
        """The idea sentences shown at ``depth`` (what the tests re-check)."""
        depth = Depth.parse(depth)
        out = list(self.why[:1] if depth is Depth.BRIEF else self.why)
        if self.reminder is not None:
            out.append(self.reminder)
        if depth is not Depth.BRIEF:
            out.extend(self.alternatives)
        return out

    def sentences(self, depth: Depth) -> list[str]:
        """Everything a student reads at ``depth``, in order, each sentence once."""
        depth = Depth.parse(depth)
        out = [self.move, *(s.text for s in self.said(depth))]
        if depth is Depth.FIGURES:
            out.extend(self.figures)
        seen: set[str] = set()
        unique = []
        for s in out:
            if s and s not in seen:
                seen.add(s)
                unique.append(s)
        return unique

    def lesson(self, depth: Depth) -> Lesson | None:
        """The lesson section to link: the first shown sentence's that names one."""
        for s in self.said(depth):
            if s.lesson:
                return LESSONS[s.lesson]
        return None

    def text(self, depth: Depth) -> str:
        return " ".join(self.sentences(depth))

    def brief_words(self) -> int:
        """The words the brief depth shows: its sentences, "Remember:" before a reminder and the
        lesson link's text (held to :data:`BRIEF_WORDS`)."""
        parts = self.sentences(Depth.BRIEF)
        if self.reminder is not None:
            parts.append("Remember:")
        if self.lesson(Depth.BRIEF) is not None:
            parts.append(LESSON_LINK)
        return word_count(" ".join(parts))

    def within_brief(self) -> Explanation:
        """This explanation, without its reminder if the brief depth would otherwise pass
        :data:`BRIEF_WORDS` (the move and its because come first)."""
        if self.reminder is None or self.brief_words() <= BRIEF_WORDS:
            return self
        return replace(self, reminder=None)


# ---- what a student must never read -----------------------------------------------------------

_RANKS = "2-9TJQKA"
_CODE = re.compile(rf"(?<![\w♠♥♦♣])(?:10|[{_RANKS}])[SHDC](?![\w])|(?<![\w])JK(?![\w])")
_ACTION_CODE = re.compile(
    rf"\b(?:play|discard|lead|give|order|call|bid|name)\s+(?:(?:10|[{_RANKS}])[SHDC]|[SHDC]|\d+\s+[SHDCN])\b",
)
_RULE_ID = re.compile(
    r"\[[a-z]+(?:[.-][a-z0-9]+)+\]|\b(?:cards|classic|solitaire|bid|rules)\.[a-z]+-[a-z-]+\b"
)
_UNDEFINED = re.compile(r"\bP\(|\bEV\b|\bdd\b|double-dummy|\(n\s*[−-]\s*q\)")
_ASCII_MINUS = re.compile(r"(?:^|[\s(])-\d")
_LONG_FRACTION = re.compile(r"\d{4,}/\d+|\d+/\d{4,}")


def text_problems(text: str, depth: Depth = Depth.BRIEF) -> list[str]:
    """What is wrong with ``text`` for a student at ``depth``: action codes (``play AH``, ``AH``),
    rule ids, undefined symbols (``P(``, ``EV``), ASCII minus signs, fractions of more than three
    digits, and sentences said twice. At the brief depth also: ``±``, decimal percentages, deal counts.
    """
    found: list[str] = []
    found += [f'code "{m.group(0)}"' for m in _ACTION_CODE.finditer(text)]
    found += [f'code "{m.group(0)}"' for m in _CODE.finditer(text)]
    found += [f'rule id "{m.group(0)}"' for m in _RULE_ID.finditer(text)]
    found += [f'undefined symbol "{m.group(0)}"' for m in _UNDEFINED.finditer(text)]
    found += [f'ASCII minus "{m.group(0).strip()}"' for m in _ASCII_MINUS.finditer(text)]
    found += [f'long fraction "{m.group(0)}"' for m in _LONG_FRACTION.finditer(text)]
    if Depth.parse(depth) is Depth.BRIEF:
        if "±" in text:
            found.append('interval "±" at the brief depth')
        found += [
            f'decimal percentage "{m.group(0)}" at the brief depth' for m in re.finditer(r"\d+\.\d+%", text)
        ]
        found += [
            f'deal count "{m.group(0)}" at the brief depth'
            for m in re.finditer(r"\b[\d,]{3,}\s+(?:sampled\s+)?deals\b", text)
        ]
    seen: set[str] = set()
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        s = sentence.strip()
        if len(s) > 12 and s in seen:
            found.append(f'repeated sentence "{s}"')
        seen.add(s)
    return found


def word_count(text: str) -> int:
    """Words as a reader counts them (card symbols and numbers count as one word each)."""
    return len(text.split())


_TAG = re.compile(r"<[^>]*>")
_TITLE = re.compile(r"""\btitle=(?:"([^"]*)"|'([^']*)')""")
_HIDDEN = re.compile(r"<(style|script)\b.*?</\1>", re.S)


def visible_text(html: str, *, titles: bool = True) -> str:
    """The text a student can read in ``html``: the tags dropped, entities decoded, and (``titles``)
    each distinct tooltip's text appended once as a sentence of its own (a student reads one tooltip
    at a time).

    >>> visible_text('<p title="A tip">Lead <b>A&amp;K</b></p>')
    'Lead A&K A tip.'
    """
    from html import unescape

    body = _HIDDEN.sub(" ", html)
    tips = list(dict.fromkeys(a or b for a, b in _TITLE.findall(body))) if titles else []
    text = unescape(_TAG.sub(" ", body))
    text = " ".join(text.split())
    for tip in tips:
        tip = " ".join(unescape(tip).split())
        if tip:
            text += " " + (tip if tip.endswith((".", "!", "?")) else tip + ".")
    return text
