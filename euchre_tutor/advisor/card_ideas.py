"""The card-play ideas every trick-taking game's hint shares, each written once: its condition, read from
:class:`TrickFacts` (what a game's adapter says of one position), and its sentence.

What tied cards share (equals; none can win; your partner has it; each wins; no sure winner), the highest
card left, keeping your trumps, playing high to hold a trick and keeping a card nothing can beat are the
same ideas at every table. A game names the ones it uses
(:func:`card_ideas`: its idea ids, names and lessons, and any sentence it says its own way) and gives the
adapter from its position to :class:`TrickFacts`; the ideas are then ordinary
:class:`~euchre_tutor.advisor.voice.Idea` entries of its catalogue.

Every condition reads the move a sentence is about (:attr:`TrickFacts.card`); a tie's sentence holds
only when its condition holds with each tied card as the move (the game checks each in turn), so a
sentence beside tied cards is true of every one of them. :func:`first_holding` and :func:`true_of_all`
are those checks.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from euchre_tutor.advisor.trickfacts import are_equals, is_boss
from euchre_tutor.advisor.voice import Idea, Namer, Said, capital, named_card, whose
from euchre_tutor.cards import Card, Suit, card_power, effective_suit, is_trump

__all__ = [
    "SHARED",
    "CardIdea",
    "CardSentence",
    "TrickFacts",
    "both_or_all",
    "card_ideas",
    "first_holding",
    "kept_winner",
    "neither_or_none",
    "say_holding",
    "tie_card",
    "true_of_all",
]

P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class TrickFacts:
    """What the shared card ideas read of one position: the move a sentence is about and the trick.

    ``card``: the move's card when the move plays a card to a trick (None otherwise). ``tied``: the card
    of each choice tied with the best, the move among them (None: a choice that plays no card).
    ``trump``: the trump suit (None: no trump); ``notrump``: the no-trump contract (``"low"``: the lowest
    card wins). ``out``: the cards other players may still play; ``trick``: the cards played to this
    trick that may still rank between two of the hand's. ``winner``: who wins the trick so far (in words)
    and the card, None when the seat leads; ``partner_winning``: the seat's partner does;
    ``takes(card)``: ``card`` played now would win the trick so far; ``plays_last``: nobody the seat must
    beat plays after it. ``legal``: the cards the seat may play now (in the order the trick's cards are
    played, ``trick`` starts with the card led).
    """

    card: Card | None
    tied: Sequence[Card | None]
    trump: Suit | None
    hand: Sequence[Card]
    out: Collection[Card]
    takes: Callable[[Card], bool]
    winner: tuple[str, Card] | None
    notrump: str | None = None
    trick: Sequence[Card] = ()
    partner_winning: bool = False
    plays_last: bool = True
    legal: Sequence[Card] = ()

    @property
    def leading(self) -> bool:
        return self.card is not None and self.winner is None

    @property
    def following(self) -> bool:
        return self.card is not None and self.winner is not None

    @property
    def tied_cards(self) -> list[Card]:
        """The tied cards, when two or more tie and every one is a card (else empty)."""
        cards = [c for c in self.tied if c is not None]
        return cards if len(cards) == len(self.tied) > 1 else []

    @property
    def between(self) -> list[Card]:
        """The cards that may still rank between two of the hand's: those still out and this trick's."""
        return [*self.out, *self.trick]


CardSentence = Callable[[TrickFacts, Namer, bool], str]


def tie_card(f: TrickFacts) -> Card | None:
    """The move's card when it is one of two or more tied cards."""
    return f.card if f.card is not None and f.card in f.tied_cards else None


def both_or_all(tied: int) -> str:
    """How a sentence names ``tied`` tied choices together: ``'Both'``, ``'All of them'``."""
    return "Both" if tied == 2 else "All of them"


def neither_or_none(tied: int) -> str:
    """``'Neither'``, ``'None of them'``: no one of ``tied`` tied choices."""
    return "Neither" if tied == 2 else "None of them"


def _trumps_held(f: TrickFacts) -> int:
    return sum(1 for c in f.hand if is_trump(c, f.trump))


# ---- conditions ----------------------------------------------------------------------------------------


def _equals(f: TrickFacts) -> bool:
    return tie_card(f) is not None and are_equals(f.tied_cards, f.between, f.trump, f.notrump)


def _following_tie(f: TrickFacts, partner: bool, takes: bool) -> bool:
    card = tie_card(f)
    if card is None or not f.following or f.partner_winning is not partner:
        return False
    return f.takes(card) is takes


def _boss(f: TrickFacts) -> bool:
    return f.card is not None and f.leading and is_boss(f.card, [*f.out, *f.hand], f.trump, f.notrump)


def _no_boss(f: TrickFacts) -> bool:
    return tie_card(f) is not None and f.leading and not _boss(f)


def _power(f: TrickFacts, card: Card, suit: Suit) -> int:
    return card_power(card, f.trump, suit, f.notrump)


def _unbeaten(f: TrickFacts, card: Card, cards: Iterable[Card]) -> bool:
    """No card of ``cards`` of ``card``'s suit ranks as high as it (a double deck's other copy would beat
    a card played after it)."""
    suit = effective_suit(card, f.trump)
    mine = _power(f, card, suit)
    return all(_power(f, c, suit) < mine for c in cards if effective_suit(c, f.trump) is suit)


def _play_high(f: TrickFacts) -> bool:
    """An opponent still plays after the seat; the move takes the trick and no card still out of its suit
    ranks as high, where a lower card the seat may play would take it now but could be beaten."""
    card = f.card
    if card is None or not f.following or f.partner_winning or f.plays_last or f.notrump == "low":
        return False
    if not f.trick or not f.takes(card) or not _unbeaten(f, card, f.out):
        return False
    led = effective_suit(f.trick[0], f.trump)
    power = _power(f, card, led)
    lower = [c for c in f.legal if f.takes(c) and _power(f, c, led) < power]
    return any(_power(f, o, led) > _power(f, c, led) for c in lower for o in f.out)


def kept_winner(f: TrickFacts) -> Card | None:
    """A card the seat may play that the move keeps (not the move, nor tied with it): a trump no card
    still in play ranks as high as, or, following, a side card the highest left of its suit that cannot
    take this trick."""
    if f.card is None or f.notrump == "low":
        return None
    for k in f.legal:
        if k == f.card or k in f.tied or not _unbeaten(f, k, f.between):
            continue
        if is_trump(k, f.trump) or (f.following and not f.takes(k)):
            return k
    return None


def _keep_trumps(f: TrickFacts) -> bool:
    if f.card is None or not f.leading or f.trump is None or is_trump(f.card, f.trump):
        return False
    return _trumps_held(f) > 0


# ---- sentences -----------------------------------------------------------------------------------------


def _say_equals(f: TrickFacts, n: Namer, tie: bool) -> str:
    either = "either" if len(f.tied) == 2 else "any of them"
    return f"They are equals: no card still out ranks between them, so {either} does the same work."


def _say_none_wins(f: TrickFacts, n: Namer, tie: bool) -> str:
    assert f.winner is not None
    who, card = f.winner
    return (
        f"{neither_or_none(len(f.tied))} can beat {whose(who, card, f.trump)}: throw one you will not miss."
    )


def _say_partner_has_it(f: TrickFacts, n: Namer, tie: bool) -> str:
    assert f.winner is not None
    _, card = f.winner
    who = neither_or_none(len(f.tied)).lower()
    return (
        f"{capital(whose('your partner', card, f.trump, subject=True))} is winning the trick and {who} would "
        "take it over: save your high cards."
    )


def _say_each_wins(f: TrickFacts, n: Namer, tie: bool) -> str:
    when = "and you play last" if f.plays_last else "for now"
    return f"{both_or_all(len(f.tied))} take the trick {when}: any one does the job."


def _say_boss(f: TrickFacts, n: Namer, tie: bool) -> str:
    card, trump = f.card, f.trump
    assert card is not None
    if tie:
        return f"{both_or_all(len(f.tied))} are the highest cards left in their suits."
    suit = effective_suit(card, trump)
    name = capital(named_card(card, trump, n))
    if trump is not None and suit is trump:
        return f"{name} is the highest trump left: nothing can beat it."
    beat = "only a trump can beat it" if trump is not None else "nothing can beat it"
    return f"{name} is the highest {suit.plural[:-1]} left: {beat}."


def _say_no_boss(f: TrickFacts, n: Namer, tie: bool) -> str:
    return (
        f"{neither_or_none(len(f.tied))} is the highest card left in its suit, so none is a sure winner: lead one and "
        "keep the rest."
    )


def _say_play_high(f: TrickFacts, n: Namer, tie: bool) -> str:
    card, trump = f.card, f.trump
    assert card is not None
    suit = effective_suit(card, trump)
    if tie:
        top = "each of them is the highest card left in its suit"
    else:
        noun = "trump" if suit is trump else suit.plural[:-1]
        beat = "nothing can beat it" if trump is None or suit is trump else "only a trump can beat it"
        top = f"{named_card(card, trump, n)} is the highest {noun} left and {beat}"
    return f"An opponent still plays after you, so play high: {top}, while a lower card could be overtaken."


def _say_keep_winner(f: TrickFacts, n: Namer, tie: bool) -> str:
    kept = kept_winner(f)
    assert kept is not None
    name = named_card(kept, f.trump, n)
    if is_trump(kept, f.trump):
        return f"Keep {name}: nobody can beat it, so it takes a trick whenever you play it."
    one = effective_suit(kept, f.trump).plural[:-1]
    return (
        f"Keep {name}, the highest {one} left: it cannot win this trick, but it may win a {one} trick later."
    )


def _say_keep_trumps(f: TrickFacts, n: Namer, tie: bool) -> str:
    trumps = "your trump" if _trumps_held(f) == 1 else "your trumps"
    return f"Lead a side card and keep {trumps} for later: a trump takes a trick when you are out of a suit."


@dataclass(frozen=True, slots=True)
class CardIdea:
    """A shared card idea: when its sentence is true, and the sentence."""

    name: str
    holds: Callable[[TrickFacts], bool]
    say: CardSentence


#: the shared card ideas, by key (a game names each it uses: :func:`card_ideas`)
SHARED: Final[dict[str, CardIdea]] = {
    "equals": CardIdea("Equal cards", _equals, _say_equals),
    "none-wins": CardIdea(
        "None can win", lambda f: _following_tie(f, partner=False, takes=False), _say_none_wins
    ),
    "partner-has-it": CardIdea(
        "Partner has it covered", lambda f: _following_tie(f, partner=True, takes=False), _say_partner_has_it
    ),
    "each-wins": CardIdea(
        "Each wins", lambda f: _following_tie(f, partner=False, takes=True), _say_each_wins
    ),
    "boss": CardIdea("The highest card left", _boss, _say_boss),
    "no-boss": CardIdea("No sure winner", _no_boss, _say_no_boss),
    "keep-trumps": CardIdea("Keep your trumps", _keep_trumps, _say_keep_trumps),
    "play-high": CardIdea("Play high to hold the trick", _play_high, _say_play_high),
    "keep-winner": CardIdea(
        "Keep a card nothing can beat", lambda f: kept_winner(f) is not None, _say_keep_winner
    ),
}


def card_ideas(
    facts: Callable[[P], TrickFacts],
    ids: Mapping[str, tuple[str, str]],
    *,
    names: Mapping[str, str] | None = None,
    say: Mapping[str, CardSentence] | None = None,
) -> tuple[tuple[Idea[P], ...], dict[str, Callable[[P, Namer, bool], str]]]:
    """A game's shared card ideas and their sentences by idea id.

    ``facts``: the game's adapter from its position to :class:`TrickFacts`; ``ids``: for each key of
    :data:`SHARED` the game uses, its idea's ``(id, lesson)``; ``names``, ``say``: an idea's name or
    sentence the game says its own way, by key (the condition stays the shared one).
    """
    ideas: list[Idea[P]] = []
    sentences: dict[str, Callable[[P, Namer, bool], str]] = {}
    for key, (id, lesson) in ids.items():
        shared = SHARED[key]
        name = (names or {}).get(key, shared.name)
        ideas.append(Idea(id, name, _on(facts, shared.holds), lesson))
        sentences[id] = _said_on(facts, (say or {}).get(key, shared.say))
    return tuple(ideas), sentences


def _on(facts: Callable[[P], TrickFacts], holds: Callable[[TrickFacts], bool]) -> Callable[[P], bool]:
    return lambda p: holds(facts(p))


def _said_on(facts: Callable[[P], TrickFacts], say: CardSentence) -> Callable[[P, Namer, bool], str]:
    return lambda p, n, tie: say(facts(p), n, tie)


# ---- what holds for every move a hint names --------------------------------------------------------------


def first_holding(
    order: Iterable[str], catalogue: Mapping[str, Idea[P]], positions: Sequence[P]
) -> str | None:
    """The first idea of ``order`` that holds in every one of ``positions`` (None: none does)."""
    return next((i for i in order if all(catalogue[i].holds(q) for q in positions)), None)


def say_holding(
    catalogue: Mapping[str, Idea[P]], position: P, says: Mapping[str, Callable[[], str]]
) -> list[Said]:
    """Each idea of ``says`` that holds in ``position``, in order, said in its words with its lesson. The
    words are made only for an idea that holds (a card is named in full the first time a sentence shown
    names it)."""
    return [Said(i, say(), catalogue[i].lesson) for i, say in says.items() if catalogue[i].holds(position)]


def true_of_all(said: Iterable[Said], catalogue: Mapping[str, Idea[P]], positions: Sequence[P]) -> list[Said]:
    """The sentences of ``said`` whose idea holds in every one of ``positions``."""
    return [s for s in said if all(catalogue[s.idea].holds(q) for q in positions)]
