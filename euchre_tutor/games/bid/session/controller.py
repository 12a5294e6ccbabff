"""The Bid Euchre controller: the student at South, rule-based computer players in the other seats, no widgets.

:class:`BidController` is the table framework's controller
(:class:`~euchre_tutor.session.table.TableController`: act, undo/redo, save/load, next hand, messages,
computer players, thinking in the background) for a :class:`~euchre_tutor.games.bid.engine.game.BidGame`. The
student plays South; a :class:`~euchre_tutor.games.bid.bots.RuleBasedPlayer` plays North (the partner),
East and West. This module supplies the Bid hooks: the rules, the words for actions and contracts,
the messages, the hand logs and the loader of a teacher's deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from euchre_tutor.cards import Card, Suit
from euchre_tutor.games.bid.bots import Player, RuleBasedPlayer
from euchre_tutor.games.bid.engine import (
    Action,
    BidGame,
    BidMade,
    Event,
    HandScored,
    HandStarted,
    HandState,
    MatchState,
    PassedOut,
    Phase,
    Seat,
    TrumpNamed,
)
from euchre_tutor.games.bid.engine.replay import replay_state
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.games.bid.views import SeatView, seat_view
from euchre_tutor.session.table import CARD_KINDS, TableController, TableHandLog
from euchre_tutor.tricks.seating import Team

__all__ = [
    "CARD_KINDS",
    "STUDENT",
    "BidController",
    "BidHandLog",
    "action_label",
    "action_meaning",
    "bid_rules",
    "contract_label",
    "load_bid_saved_or_deal",
]

#: the student's seat: South, partnered with North against East and West
STUDENT: Final = Seat.S
_CARD_ACTION_OF_PHASE: Final = {
    Phase.PLAY: "play",
    Phase.KITTY: "discard",
    Phase.LONER_DISCARD: "discard",
    Phase.CALL: "give",
}
_DEAL_EXAMPLE: Final = (
    '{"rules": "common", "dealer": "N", "hands": {"N": ["9S", ...], "E": [...], "S": [...], "W": [...]}, '
    '"actions": ["pass", ...]}'
)


#: a rules object from a preset name, a rules object, or a JSON-like mapping of options
bid_rules: Final = BidRules.of


# ---------------------------------------------------------------------------
# Words for actions


def contract_label(suit: Suit | None, notrump: str | None) -> str:
    """A contract on a button: ``♥``, ``NT↑`` (no trump high), ``NT↓`` (low), ``""`` (tricks only)."""
    if suit is not None:
        return suit.symbol
    if notrump == "high":
        return "NT↑"
    if notrump == "low":
        return "NT↓"
    return ""


def _contract_words(suit: Suit | None, notrump: str | None) -> str:
    if suit is not None:
        return f"{suit.plural} trump"
    if notrump is not None:
        return "no trump, " + ("the lowest card of the led suit wins" if notrump == "low" else "ace high")
    return "trump named after the bidding"


_ALONE_LABELS: Final = {"alone": "Alone", "call-1": "Call 1", "call-2": "Call 2"}


def action_label(action: Action) -> str:
    """A decision in a few words: 'Pass', 'Bid 3 ♥', 'Bid 4 NT↑', 'Alone ♠', 'Call 1 ♥', 'Trump ♦', 'Play 9♠'."""
    kind = action.kind
    contract = contract_label(action.suit, action.notrump)
    if kind == "pass":
        return "Pass"
    if kind == "bid":
        head = _ALONE_LABELS[action.alone] if action.alone is not None else f"Bid {action.level}"
        return f"{head} {contract}".strip()
    if kind == "trump":
        return f"Trump {contract}"
    assert action.card is not None
    return f"{kind.capitalize()} {action.card.symbol}"


def action_meaning(action: Action, rules: BidRules) -> str:
    """A tooltip: what the decision commits the student's side to, then its action string."""
    kind = action.kind
    if kind == "pass":
        text = "Pass: let the next player bid"
    elif kind == "bid" and action.alone is not None:
        gift = {
            "call-1": "North first passes you one card and you discard one; ",
            "call-2": "North first passes you two cards and you discard two; ",
        }.get(action.alone, "")
        text = (
            f"{_ALONE_LABELS[action.alone]} in {_contract_words(action.suit, action.notrump)}: "
            f"{gift}North sits out and you must take all {rules.hand_size} tricks "
            f"(worth {rules.alone_value(action.alone)} points, or lose as many)"
        )
    elif kind == "bid":
        text = (
            f"Bid {action.level} tricks in {_contract_words(action.suit, action.notrump)}: you and North "
            f"must take at least {action.level} of {rules.hand_size}"
        )
    elif kind == "trump":
        text = f"Name {_contract_words(action.suit, action.notrump)}"
    else:
        text = str(action)
    return f"{text} (action: {action})"


# ---------------------------------------------------------------------------
# The logs, from the engine's events (what everyone saw)


@dataclass(frozen=True, slots=True)
class BidHandLog(TableHandLog):
    """One Bid hand as the logs show it: the contract and the bid beside what every log shows."""

    trump: Suit | None
    notrump: str | None
    bidder: Seat | None
    bid: str


# ---------------------------------------------------------------------------
# A teacher's deal or a saved game


def load_bid_saved_or_deal(data: bytes | str | Mapping[str, Any]) -> BidGame | HandState:
    """What a Load box holds: a saved game (a JSON object with ``"format": "euchre-tutor/bid-game"``),
    or a teacher's deal (the ``euchre-tutor bid replay`` input: ``rules``, ``dealer``, ``hands``,
    optional ``kitty`` and ``actions``), returned as the hand state after its actions."""
    return BidGame.saved_or_deal(
        data, replay_state, example=_DEAL_EXAMPLE, looks_like=f"a deal looks like {_DEAL_EXAMPLE}"
    )


# ---------------------------------------------------------------------------
# The controller


class BidController(TableController[BidGame, MatchState, HandState, SeatView, Action, BidRules]):
    """A Bid Euchre match for one student at South.

    ``rules``: a preset name (``"common"``, ``"nt-high-low"``, ``"auction"``, ``"kitty-joker"``,
    ``"double-deck"``), a :class:`BidRules` or a mapping of options (``{"preset": "common",
    "hands": 4}``). ``bot``: the player of the other seats (a :class:`RuleBasedPlayer` by default).
    """

    GAME = BidGame
    HAND_STARTED = HandStarted
    HAND_SCORED = HandScored
    HAND_LOG = BidHandLog
    THROWN_IN = (PassedOut,)
    CARD_ACTION_OF_PHASE = _CARD_ACTION_OF_PHASE
    SEAT_VIEW = seat_view
    #: the suggestion's player: a rule of thumb that says why in a sentence
    RULE_OF_THUMB = RuleBasedPlayer()

    def __init__(
        self,
        seed: int | str = 0,
        *,
        rules: str | BidRules | Mapping[str, Any] = "common",
        bot: Player | None = None,
    ) -> None:
        self.bot: Player
        super().__init__(seed, bid_rules(rules), STUDENT, bot if bot is not None else RuleBasedPlayer())
        self.message = f"New match (seed {seed}): {self.goal_words()}." + self._turn_note()

    # ----------------------------------------------------------------- hooks

    def read_rules(self, rules: str | BidRules | Mapping[str, Any]) -> BidRules:
        return bid_rules(rules)

    @staticmethod
    def _contract(start: HandStarted, bidding: list[Event], scored: HandScored | None) -> dict[str, Any]:
        named = [e for e in bidding if isinstance(e, BidMade | TrumpNamed)]
        bids = [e for e in bidding if isinstance(e, BidMade)]
        return {
            "trump": named[-1].trump if named else None,
            "notrump": named[-1].notrump if named else None,
            "bidder": bids[-1].seat if bids else None,
            "bid": scored.bid if scored else "",
        }

    def _load(self, data: str | Mapping[str, Any]) -> BidGame | HandState:
        return load_bid_saved_or_deal(data)

    def _deal_words(self, loaded: Any) -> str:
        return f"Here is the teacher's deal: {loaded.dealer.word} deals"

    def _no_card_reason(self, card: Card, phase: Any) -> str:
        if phase is Phase.TRUMP:
            return f"{card.name}: name trump first with the buttons below your hand"
        return (
            f"{card.name}: cards are played after the bidding; bid or pass with the buttons below your hand"
        )

    def _suggestion(self, view: SeatView) -> str:
        action = self.RULE_OF_THUMB.choose(view)
        return (
            f"The rule-based computer player would choose: {action_label(action)} ({action}). "
            "It counts the tricks its hand should take, one more from its partner, and bids that many "
            "in its best trump. (A rule of thumb, not an exact hint.)"
        )

    def _score_words(self) -> str:
        return f"N-S {self.state.scores[0]} – E-W {self.state.scores[1]}"

    def _win_words(self, winner: Team) -> str:
        return "You and North win" if self.seat in winner.seats else "East and West win"
