"""The proof game's controller: the student at South, the advisor's best card at North."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre_tutor.cards import Card
from euchre_tutor.session.table import TableController, TableHandLog, build_hand_logs
from euchre_tutor.tricks.seating import Team
from tests.proof_game.advisor.analysis import Player, best_action
from tests.proof_game.engine import SOUTH, HandScored, HandStarted, ProofGame, ProofRules
from tests.proof_game.views import ProofView, seat_view

STUDENT = SOUTH


class ProofController(TableController[Any, Any, Any, Any, Any, Any]):
    """A proof match for one student (South) against the computer player (North)."""

    GAME = ProofGame
    HAND_STARTED = HandStarted
    HAND_SCORED = HandScored
    CARD_ACTION_OF_PHASE: Mapping[Any, str] = {"play": "play"}
    SEAT_VIEW = staticmethod(seat_view)
    RULE_OF_THUMB = Player()

    def __init__(self, seed: int | str = 0, rules: Any = None) -> None:
        super().__init__(seed, self.read_rules(rules), STUDENT, Player())

    def read_rules(self, rules: Any) -> ProofRules:
        return rules if isinstance(rules, ProofRules) else ProofRules.from_json(rules)

    def _load(self, data: str | Mapping[str, Any]) -> ProofGame:
        return ProofGame.loads(data) if isinstance(data, str) else ProofGame.from_json(dict(data))

    def _deal_words(self, loaded: Any) -> str:  # pragma: no cover - the proof game loads saves only
        return "Dealt"

    def _no_card_reason(self, card: Card, phase: Any) -> str:
        return f"{card.name}: the hand is over"

    def _suggestion(self, view: ProofView) -> str:
        return f"play {best_action(view).card.symbol}: the card that wins most tricks"

    def _win_words(self, winner: Team) -> str:
        return "You win" if STUDENT in winner.seats else "North wins"

    def hand_logs(self) -> list[TableHandLog]:
        return build_hand_logs(
            TableHandLog,
            self.game.log(),
            started=HandStarted,
            scored=HandScored,
            thrown_in=(),
            contract=lambda start, bidding, score: {},
        )
