"""The classic Euchre controller: one student's seat, computer players in the others, no widgets.

:class:`ClassicController` is the table framework's controller
(:class:`~euchre_tutor.session.table.TableController`: act, undo/redo, save/load, next hand, messages,
computer players, thinking in the background) for a
:class:`~euchre_tutor.games.classic.engine.game.ClassicGame`. The student plays one seat (South by default; P1 at
three and six players); a :class:`~euchre_tutor.games.classic.bots.RuleBasedPlayer` plays each other seat
unless another level is seated. This module supplies the classic hooks: the rules, the seat at three,
four and six players, the draw for partners, the words of the messages, and the hand logs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from euchre_tutor.advisor.voice import card_words
from euchre_tutor.cards import Card, Suit
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.reasons import action_label
from euchre_tutor.games.classic.bots import Player, RuleBasedPlayer
from euchre_tutor.games.classic.engine.draw import TableDraw, draw_for_deal
from euchre_tutor.games.classic.engine.engine import (
    Action,
    Event,
    HandScored,
    HandStarted,
    HandState,
    MatchState,
    Misdealt,
    PassedOut,
    Phase,
    TrumpMade,
)
from euchre_tutor.games.classic.engine.game import ClassicGame, load_saved_or_deal
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.games.classic.views import SeatView, seat_view
from euchre_tutor.rules.catalogue import rule
from euchre_tutor.session.seats import student_seat
from euchre_tutor.session.table import CARD_KINDS, TableController, TableHandLog
from euchre_tutor.tricks.seating import Seat, seating_for

__all__ = [
    "CARD_KINDS",
    "ClassicController",
    "HandLog",
    "action_meaning",
    "classic_rules",
]


_CARD_ACTION_OF_PHASE: Final = {
    Phase.PLAY: "play",
    Phase.DISCARD: "discard",
    Phase.LONER_DISCARD: "discard",
    Phase.BEST_CARD: "give",
}


#: a rules object from a preset name, a rules object, or a JSON-like mapping of options (three, four
#: or six players: the table lays out each)
classic_rules: Final = ClassicRules.of


def rules_seat(rules: ClassicRules, chosen: Seat | str | None) -> Seat:
    """The student's seat at the table these rules lay out (see :func:`student_seat`)."""
    return student_seat(seating_for(rules.players, rules.six_handed_teams), chosen)


# ---------------------------------------------------------------------------
# Words for actions and tricks


def action_meaning(action: Action, hand: HandState | SeatView) -> str:
    """A tooltip: what the decision does, then its action string."""
    kind = action.kind
    up_suit = hand.up.suit or Suit.SPADES
    lone = "; alone: your partner sits the hand out" if action.alone else ""
    if kind == "pass":
        text = "Pass: let the next player decide"
    elif kind == "order":
        text = (
            f"Make {up_suit.plural} trump; the dealer picks up {hand.up.symbol} and discards one card{lone}"
        )
    elif kind == "call" and action.notrump is not None:
        low = "the lowest" if action.notrump == "low" else "the highest"
        text = f"Play without trump: {low} card of the led suit wins; jacks are plain cards{lone}"
    elif kind == "call" and action.suit is not None:
        text = f"Make {action.suit.plural} trump{lone}"
    elif kind == "alone":
        text = (
            "Defend alone: your partner sits out; a euchre by you scores more"
            if hand.phase is Phase.DEFEND_ALONE
            else "Go alone: your partner sits the hand out; all five tricks score more"
        )
    elif kind == "partner":
        text = "Play the hand with your partner"
    elif kind == "misdeal":
        text = "Throw the hand in (a misdeal hand): the same dealer deals again"
    elif kind == "under":
        text = "Farmer's hand: swap these three low cards for the three hidden kitty cards"
    else:
        text = str(action)
    return f"{text} (action: {action})"


@dataclass(frozen=True, slots=True)
class HandLog(TableHandLog):
    """One classic hand as the logs show it: the up card and the contract beside what every log shows."""

    up: Card
    trump: Suit | None
    notrump: str | None
    maker: Seat | None


# ---------------------------------------------------------------------------
# The controller


class ClassicController(TableController[ClassicGame, MatchState, HandState, SeatView, Action, ClassicRules]):
    """A classic Euchre match for one student at a table of three, four or six.

    ``rules``: a preset name, a :class:`ClassicRules` or a mapping of options.
    ``seat``: the student's seat (None: South at four players, P1 at three and
    six; a seat the table lacks is refused). ``bot``: the player of the other
    seats (a :class:`RuleBasedPlayer` by default), which also makes the
    suggestions.
    """

    GAME = ClassicGame
    HAND_STARTED = HandStarted
    HAND_SCORED = HandScored
    HAND_LOG = HandLog
    THROWN_IN = (PassedOut, Misdealt)
    CARD_ACTION_OF_PHASE = _CARD_ACTION_OF_PHASE
    SEAT_VIEW = seat_view
    #: the suggestion's player, whatever the table's level: a rule of thumb that can say why in a sentence
    RULE_OF_THUMB = RuleBasedPlayer()
    OPENS_ON_FINISHED_HAND = False

    def __init__(
        self,
        seed: int | str = 0,
        *,
        rules: str | ClassicRules | Mapping[str, Any] = "standard",
        seat: Seat | str | None = None,
        bot: Player | None = None,
    ) -> None:
        chosen = classic_rules(rules)
        #: the seat asked for (None: the table's default); kept when new rules change the table
        self.chosen_seat: Seat | str | None = seat
        #: the draw for partners and the first deal that opened this match (None: North dealt first)
        self.table_draw: TableDraw | None = None
        self.bot: Player
        super().__init__(
            seed, chosen, rules_seat(chosen, seat), bot if bot is not None else RuleBasedPlayer()
        )

    # ----------------------------------------------------------------- hooks

    def read_rules(self, rules: str | ClassicRules | Mapping[str, Any]) -> ClassicRules:
        return classic_rules(rules)

    @classmethod
    def deal_event(cls, number: int, view: Any) -> HandStarted:
        return HandStarted(hand_number=number, dealer=view.dealer, up=view.up)

    @staticmethod
    def _contract(start: HandStarted, bidding: list[Event], scored: HandScored | None) -> dict[str, Any]:
        made = [e for e in bidding if isinstance(e, TrumpMade)]
        if not made:
            return {"up": start.up, "trump": None, "notrump": None, "maker": None}
        return {"up": start.up, "trump": made[-1].trump, "notrump": made[-1].notrump, "maker": made[-1].seat}

    @staticmethod
    def _scored_line(scored: HandScored) -> str:
        r = rule(scored.rule_id)
        return f"{scored.text} ({r.title}: {r.text})"

    def _seat_for(self, rules: ClassicRules) -> Seat:
        """The student's seat at the table of ``rules``: the chosen seat if that table has it, else
        its default (South, or P1), so switching between three, four and six players just works."""
        try:
            return rules_seat(rules, self.chosen_seat)
        except EuchreError:
            return rules_seat(rules, None)

    def _load(self, data: str | Mapping[str, Any]) -> ClassicGame | HandState:
        return load_saved_or_deal(data)

    def _deal_words(self, loaded: Any) -> str:
        d = loaded.deal
        return f"Here is the teacher's deal: {d.dealer.word} deals and the up card is {card_words(d.up)}"

    def _no_card_reason(self, card: Card, phase: Any) -> str:
        if phase in (Phase.ROUND_1, Phase.ROUND_2, Phase.BLIND):
            return f"{card.name}: cards are played after the bidding; bid with the buttons above the hand"
        return f"{card.name}: answer with the buttons above the hand first"

    def _suggestion(self, view: SeatView) -> str:
        action = self.RULE_OF_THUMB.choose(view)  # whatever the level: the hint panel has the numbers
        why = self.RULE_OF_THUMB.explain(view, action)  # the player that chose says why, from its own counts
        label = action_label(action, view)
        return (
            f"The Club computer player would {label[0].lower()}{label[1:]}. {why} "
            "(This is the rule-based player's choice, a rule of thumb, not an exact hint.)"
        )

    # ----------------------------------------------------------------- commands

    def new_match(
        self,
        seed: int | str | None = None,
        rules: str | ClassicRules | Mapping[str, Any] | None = None,
        *,
        draw: bool = False,
    ) -> bool:
        """A new match (0-0) from ``seed``; ``rules`` (a four-player preset name, ...) replaces the rules.

        ``draw``: the players first draw cards for partners and the first deal (the custom of the
        table); without it North (P1) deals first as always.
        """

        def opening(value: int | str, new_rules: ClassicRules, new_seat: Seat) -> tuple[ClassicGame, str]:
            seating = seating_for(new_rules.players, new_rules.six_handed_teams)
            table_draw = draw_for_deal(value, seating=seating, home=new_seat) if draw else None
            dealer = table_draw.first_dealer if table_draw is not None else None
            self.table_draw = table_draw
            return self._new_game(new_rules, value, dealer), (
                "" if table_draw is None else " " + " ".join(table_draw.sentences())
            )

        return self._new_match(seed, rules, opening)

    def load_deal(self, data: str | Mapping[str, Any]) -> bool:
        """A teacher's deal: the JSON object ``euchre-tutor classic replay`` reads
        (``rules``, ``dealer``, ``hands``, ``up``, optional ``kitty`` and ``actions``), or a saved game."""
        draw, self.table_draw = self.table_draw, None
        if super().load_deal(data):
            return True
        self.table_draw = draw  # refused: the table is as it was
        return False
