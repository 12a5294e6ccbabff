"""The position a Solitaire idea is tested on: what the player sees, the exact hint, the move a
sentence is about; and the small facts of cards the conditions share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from euchre_tutor.advisor.card_ideas import TrickFacts
from euchre_tutor.advisor.voice import Catalogue
from euchre_tutor.cards import Card, Suit, effective_suit, is_trump, trick_power, trump_order
from euchre_tutor.games.solitaire.advisor.advice import Hint, OptionAnalysis
from euchre_tutor.games.solitaire.advisor.positions import knowledge_from_view, trump_knowledge
from euchre_tutor.games.solitaire.advisor.reasons import BurnStats, burn_stats
from euchre_tutor.games.solitaire.advisor.solver import Knowledge
from euchre_tutor.games.solitaire.engine.engine import Action, NameTrump, OrderUp, Phase, Play
from euchre_tutor.games.solitaire.views import SolitaireView

__all__ = [
    "Position",
    "choice_trump",
    "deck_cards",
    "named_positions",
    "tied_best",
    "trick_facts",
]


# --------------------------------------------------------------------------- the position


@dataclass(frozen=True)
class Position:
    """One Solitaire decision as the ideas read it: what the player sees, the exact hint of it, and
    the game's score (``(player, deck)``). Derived facts are computed once, on first use.

    ``move``: the move a sentence is about (None: the best option's action); :func:`named_positions`
    gives one position per tied option, so a sentence beside tied cards is checked on each of them."""

    view: SolitaireView
    hint: Hint
    score: tuple[int, int] = (0, 0)
    #: the move a sentence is about: the best option's (None), or, for a tie, each tied option in turn
    move: Action | None = None
    _cache: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def best(self) -> OptionAnalysis:
        return self.hint.best

    @property
    def tied(self) -> tuple[OptionAnalysis, ...]:
        """The options as good as the best (the best first): :func:`tied_best`."""
        return tied_best(self.hint)

    @property
    def trump_phase(self) -> bool:
        return self.view.phase is Phase.CHOOSE_TRUMP

    @property
    def leading(self) -> bool:
        return self.view.phase is Phase.PLAY and self.view.deck_lead is None

    @property
    def following(self) -> bool:
        return self.view.phase is Phase.PLAY and self.view.deck_lead is not None

    @property
    def action(self) -> Action:
        """The move a sentence is about."""
        return self.best.action if self.move is None else self.move

    @property
    def best_card(self) -> Card | None:
        """The card of the move a sentence is about (None: not a card)."""
        a = self.action
        return a.card if isinstance(a, Play) else None

    @property
    def trump(self) -> Suit:
        """The trump suit in play, or (choosing trump) the suit of the best choice."""
        if self.view.trump is not None:
            return self.view.trump
        return choice_trump(self.action, self.view.turn_card)

    def knowledge(self) -> Knowledge:
        """The solver's position: the play phase's, or (choosing trump) the one the best choice leads to."""
        k = self._cache.get("knowledge")
        if k is None:
            if self.trump_phase:
                a = self.action
                assert isinstance(a, OrderUp | NameTrump)
                k = trump_knowledge(self.view.hand, self.view.turn_card, self.view.unseen, a)
            else:
                k = knowledge_from_view(self.view)
            self._cache["knowledge"] = k
        assert isinstance(k, Knowledge)
        return k

    def burn(self, card: Card) -> BurnStats:
        """What the deck does if ``card`` is led now (or, choosing trump, first after the best choice)."""
        key = f"burn {card}"
        st = self._cache.get(key)
        if st is None:
            st = burn_stats(self.knowledge(), card)
            self._cache[key] = st
        assert isinstance(st, BurnStats)
        return st

    def value(self, action: Action) -> OptionAnalysis | None:
        return self.hint.option(action)

    def legal_cards(self) -> tuple[Card, ...]:
        return tuple(o.action.card for o in self.hint.options if isinstance(o.action, Play))


#: every idea a Solitaire hint may name, by id (each condition names its idea: here, in
#: :mod:`.ideas_cards` and in :mod:`.ideas`)
CATALOGUE: Final = Catalogue[Position]()


def tied_best(hint: Hint) -> tuple[OptionAnalysis, ...]:
    """The options exactly as good as the best one (the same utility and the same expected points),
    the best first: a hint names them as equally good, and each is graded Best."""
    best = hint.best
    return tuple(o for o in hint.options if o.utility == best.utility and o.ev == best.ev)


def choice_trump(action: Action, turn: Card) -> Suit:
    if isinstance(action, NameTrump):
        return action.suit
    assert turn.suit is not None
    return turn.suit


def _trumps(hand: Sequence[Card], trump: Suit) -> list[Card]:
    return [c for c in trump_order(trump) if c in hand]


def _alone_choice(action: Action) -> bool:
    return isinstance(action, OrderUp | NameTrump) and action.alone


def _weakness(card: Card, trump: Suit) -> tuple[bool, int]:
    """How strong a card is to keep: trumps above every other card, then by rank in its own suit."""
    return (is_trump(card, trump), trick_power(card, trump, effective_suit(card, trump)))


def _beats(card: Card, other: Card, trump: Suit, led: Suit) -> bool:
    return trick_power(card, trump, led) > trick_power(other, trump, led)


def _in_tie(pos: Position, card: Card) -> bool:
    return any(isinstance(o.action, Play) and o.action.card == card for o in pos.tied)


def named_positions(pos: Position) -> list[Position]:
    """The positions a hint's sentences must hold in: one for each option the move sentence names
    (each tied option as the move), else ``pos`` itself."""
    if len(pos.tied) < 2:
        return [pos]
    return [Position(pos.view, pos.hint, pos.score, o.action) for o in pos.tied]


def deck_cards(pos: Position) -> set[Card]:
    """The cards the deck may still play: the unseen ones and the known top and bottom."""
    v = pos.view
    return set(v.unseen) | {c for c in (v.known_top, v.known_bottom) if c is not None}


def trick_facts(pos: Position) -> TrickFacts:
    """What the shared card ideas (:mod:`~euchre_tutor.advisor.card_ideas`) read of a Solitaire position:
    the deck plays alone against the player (no partner), and the player plays last to the deck's lead."""
    v, lead, trump = pos.view, pos.view.deck_lead, pos.trump
    led = None if lead is None else effective_suit(lead, trump)
    card = pos.best_card if v.phase is Phase.PLAY else None
    tied = [o.action.card if isinstance(o.action, Play) else None for o in pos.tied]
    winner = None if lead is None else ("the deck", lead)

    def takes(c: Card) -> bool:
        return lead is not None and led is not None and _beats(c, lead, trump, led)

    return TrickFacts(card, tied, trump, v.hand, deck_cards(pos), takes, winner)
