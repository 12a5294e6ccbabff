"""Classic Euchre phases and actions: what a player may say, and its CLI notation.

>>> str(Action.parse("call h alone")), str(Action.parse("go under 9s ts 9h"))
('call H alone', 'go under 9H 9S TS')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final, TypeAlias

from euchre_tutor.cards import Card, Suit, parse_card
from euchre_tutor.errors import CardError, IllegalAction

__all__ = [
    "ALONE",
    "MISDEAL",
    "NO_TRUMP_CALLS",
    "ORDER",
    "ORDER_ALONE",
    "PARTNER",
    "PASS",
    "Action",
    "HandCards",
    "Phase",
    "card_key",
]


class Phase(enum.Enum):
    BLIND = "blind"
    ROUND_1 = "round-1"
    ROUND_2 = "round-2"
    DISCARD = "discard"
    GO_ALONE = "go-alone"
    BEST_CARD = "best-card"
    LONER_DISCARD = "loner-discard"
    DEFEND_ALONE = "defend-alone"
    PLAY = "play"
    OVER = "over"


NO_TRUMP_CALLS: Final = ("high", "low")


@dataclass(frozen=True, slots=True)
class Action:
    """One action of whoever is to act; ``str(action)`` is the CLI notation.

    ``Action.parse("call H alone")``, ``Action.parse("play 10S")``,
    ``Action.parse("call high")`` (no trump), ``Action.parse("go under 9S TS 9H")``.
    ``repr`` is valid code.
    """

    kind: str
    suit: Suit | None = None
    card: Card | None = None
    alone: bool = False
    notrump: str | None = None
    cards: tuple[Card, ...] = ()

    @classmethod
    def parse(cls, text: object) -> Action:
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise IllegalAction(f"an action is a string such as 'pass' or 'play 9S', not {text!r}")
        words = text.strip().lower().split()
        if not words:
            raise IllegalAction(f"empty action; {_ACTION_HELP}")
        kind, rest = words[0], words[1:]
        if kind == "go" and rest[:1] == ["under"]:
            kind, rest = "under", rest[1:]
        try:
            if kind in ("pass", "alone", "partner", "misdeal") and not rest:
                return cls(kind)
            if kind == "order" and rest in ([], ["alone"]):
                return cls("order", alone=bool(rest))
            if kind == "call" and len(rest) in (1, 2) and rest[1:] in ([], ["alone"]):
                if rest[0] in NO_TRUMP_CALLS:
                    return cls("call", notrump=rest[0], alone=len(rest) == 2)
                return cls("call", suit=Suit.parse(rest[0]), alone=len(rest) == 2)
            if kind in ("discard", "play", "give") and len(rest) == 1:
                return cls(kind, card=parse_card(rest[0]))
            if kind == "under" and len(rest) == 3:
                cards = tuple(sorted((parse_card(w) for w in rest), key=card_key))
                if len(set(cards)) == 3:
                    return cls("under", cards=cards)
        except CardError as exc:
            raise IllegalAction(f"in action {text!r}: {exc}") from None
        raise IllegalAction(f"{text!r} is not an action; {_ACTION_HELP}")

    def __str__(self) -> str:
        if self.kind == "order":
            return "order alone" if self.alone else "order"
        if self.kind == "call":
            what = self.notrump if self.notrump is not None else str(self.suit)
            return f"call {what}" + (" alone" if self.alone else "")
        if self.kind in ("discard", "play", "give"):
            return f"{self.kind} {self.card}"
        if self.kind == "under":
            return "go under" + "".join(f" {c}" for c in self.cards)
        return self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @property
    def words(self) -> str:
        """The action as a button says it: 'play J♥', 'order up', 'call ♣ alone'."""
        if self.card is not None:
            return f"{self.kind} {self.card.symbol}"
        text = str(self).replace("order", "order up", 1) if self.kind == "order" else str(self)
        return text if self.suit is None else text.replace(f" {self.suit.value}", f" {self.suit.symbol}", 1)


_ACTION_HELP: Final = (
    "the actions are: pass; order; order alone; call C|D|H|S|high|low; call X alone; alone; partner; "
    "discard <card>; play <card>; misdeal; go under <3 cards>; give <card> "
    "(cards like 9S, TH, 10H, J♥, JK for the joker)"
)

PASS: Final = Action("pass")
ORDER: Final = Action("order")
ORDER_ALONE: Final = Action("order", alone=True)
ALONE: Final = Action("alone")
PARTNER: Final = Action("partner")
MISDEAL: Final = Action("misdeal")


def card_key(card: Card) -> int:
    """The sort key of a card in every list the engine shows (legal actions, going under): the deck's order."""
    return card.index


#: every seat's cards, indexed by seat
HandCards: TypeAlias = tuple[tuple[Card, ...], ...]
