"""Bid Euchre phases and actions: what a player may say, and its command-line notation.

>>> str(Action.parse("bid 3 h")), str(Action.parse("bid call 1 high")), str(Action.parse("trump low"))
('bid 3 H', 'bid call 1 high', 'trump low')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from euchre_tutor.cards import Card, Suit, parse_card
from euchre_tutor.errors import CardError, IllegalAction

__all__ = ["ALONE_WORDS", "CARDS_PASSED", "NO_TRUMPS", "PASS", "QUESTIONS", "Action", "Phase"]


class Phase(enum.Enum):
    BIDDING = "bidding"
    TRUMP = "trump"  # bid_type="level": the high bidder names trump
    KITTY = "kitty"  # the bid winner, holding the kitty, discards as many cards
    CALL = "call"  # call 1 / call 2: the loner's partner passes cards
    LONER_DISCARD = "loner-discard"  # ... and the loner discards as many
    PLAY = "play"
    OVER = "over"


NO_TRUMPS: Final = ("high", "low")
# alone kinds and how they are written after "bid"
ALONE_WORDS: Final = {"alone": "alone", "call-1": "call 1", "call-2": "call 2"}
# the cards a call's partner passes to the loner (who then discards as many)
CARDS_PASSED: Final = {"call-1": 1, "call-2": 2}
#: the question the seat to act answers in a phase (a drill's, a review's), but for the play's
#: (lead or follow) and an unlisted phase's ("What do you do?")
QUESTIONS: Final = {
    Phase.BIDDING: "What do you bid?",
    Phase.TRUMP: "Which trump do you name?",
    Phase.KITTY: "Which card do you discard?",
    Phase.CALL: "Which card do you pass to the loner?",
    Phase.LONER_DISCARD: "Which card do you discard?",
}


@dataclass(frozen=True, slots=True)
class Action:
    """One action of whoever is to act; ``str(action)`` is the CLI notation.

    ``pass``; ``bid 3 H``, ``bid 4 high``, ``bid 2 low`` (a number and a suit or no trump;
    ``bid 3`` when bids are tricks only); ``bid alone S``, ``bid call 1 H``, ``bid call 2 low``
    (``bid alone`` when bids are tricks only); ``trump H`` / ``trump high`` / ``trump low`` (the
    high bidder names trump after a bid of tricks only); ``discard XX``; ``give XX``; ``play XX``.
    A bid's contract is ``suit`` (a trump suit) or ``notrump`` (``"high"``/``"low"``) or neither
    (tricks only). ``repr`` is valid code.
    """

    kind: str
    level: int | None = None
    alone: str | None = None
    suit: Suit | None = None
    notrump: str | None = None
    card: Card | None = None

    @classmethod
    def parse(cls, text: object) -> Action:
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise IllegalAction(f"an action is a string such as 'pass', 'bid 3 H' or 'play 9S', not {text!r}")
        words = text.strip().lower().split()
        if not words:
            raise IllegalAction(f"empty action; {_ACTION_HELP}")
        kind, rest = words[0], words[1:]
        try:
            if kind == "pass" and not rest:
                return PASS
            if kind == "bid" and rest:
                return _parse_bid(text, rest)
            if kind == "trump" and len(rest) == 1:
                suit, notrump = _contract(rest[0])
                return cls("trump", suit=suit, notrump=notrump)
            if kind in ("discard", "give", "play") and len(rest) == 1:
                return cls(kind, card=parse_card(rest[0]))
        except CardError as exc:
            raise IllegalAction(f"in action {text!r}: {exc}") from None
        raise IllegalAction(f"{text!r} is not a Bid Euchre action; {_ACTION_HELP}")

    @property
    def contract(self) -> str | None:
        """The trump a bid or ``trump`` names: ``"H"``, ``"high"``, ``"low"`` (None: tricks only)."""
        if self.suit is not None:
            return str(self.suit)
        return self.notrump

    def __str__(self) -> str:
        if self.kind == "bid":
            head = f"bid {self.level}" if self.alone is None else f"bid {ALONE_WORDS[self.alone]}"
            contract = self.contract
            return head if contract is None else f"{head} {contract}"
        if self.kind == "trump":
            return f"trump {self.contract}"
        if self.kind in ("discard", "give", "play"):
            return f"{self.kind} {self.card}"
        return self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


_ACTION_HELP: Final = (
    "the actions are: pass; bid N X (N tricks, X = C|D|H|S|high|low, or bid N alone when bids are "
    "tricks only); bid alone X; bid call 1 X; bid call 2 X; trump X; discard <card>; give <card>; "
    "play <card> (cards like 9S, TH, 10H, J♥, JK for the joker)"
)

PASS: Final = Action("pass")


def _contract(word: str) -> tuple[Suit | None, str | None]:
    if word in NO_TRUMPS:
        return None, word
    return Suit.parse(word), None


def _parse_bid(text: str, rest: list[str]) -> Action:
    alone: str | None = None
    level: int | None = None
    if rest[0] == "alone":
        alone, rest = "alone", rest[1:]
    elif rest[0] == "call" and len(rest) >= 2 and rest[1] in ("1", "2"):
        alone, rest = f"call-{rest[1]}", rest[2:]
    elif rest[0].isdigit() and len(rest[0]) <= 2:
        level, rest = int(rest[0]), rest[1:]
    else:
        raise IllegalAction(
            f"{text!r}: a bid is a number of tricks then trump ('bid 3 H', 'bid 4 high') or an alone "
            "bid ('bid alone S', 'bid call 1 H', 'bid call 2 low')"
        )
    if len(rest) > 1:
        raise IllegalAction(f"{text!r}: a bid names at most one trump (C, D, H, S, high or low)")
    suit, notrump = _contract(rest[0]) if rest else (None, None)
    return Action("bid", level=level, alone=alone, suit=suit, notrump=notrump)
