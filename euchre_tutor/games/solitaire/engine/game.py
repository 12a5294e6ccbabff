"""A game of Euchre Solitaire (deals to the target), and the session that undoes and saves it.

:class:`GameState` is immutable like a deal; :class:`SolitaireGame` is the
mutable wrapper the widgets hold: it keeps every decision so undo/redo can go
back to any earlier one, and saves a game as the list of decisions, so a
loaded game is replayed through the checked engine (never half-loaded).

>>> game = SolitaireGame(seed=7)
>>> game.new_deal()
>>> game.choose(OrderUp())
>>> game.undo(); game.state.deal.phase.value
'choose-trump'
>>> game.redo(); game.state.deal.trump is not None
True
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from euchre_tutor.cards import Card, Suit
from euchre_tutor.errors import EuchreError, IllegalAction, SaveFileError
from euchre_tutor.games.solitaire.engine.engine import (
    Action,
    DealState,
    NameTrump,
    OrderUp,
    Play,
    SolitaireDeal,
    new_deal,
)
from euchre_tutor.games.solitaire.rules import SolitaireRules
from euchre_tutor.jsonio import capped_text, seed_number, short
from euchre_tutor.tricks.history import (
    History,
    check_saved_actions,
    gc_paused,
    parse_saved_json,
    read_saved_file,
    write_saved_file,
)

__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "DealRecord",
    "GameAction",
    "GameState",
    "SolitaireGame",
    "StartDeal",
    "action_from_json",
    "action_to_json",
    "load_saved_or_deal",
]

SAVE_FORMAT = "euchre-tutor/solitaire-game"
SAVE_VERSION = 1


@dataclass(frozen=True, slots=True)
class StartDeal:
    """Begin a new deal of the game with this card order."""

    deal: SolitaireDeal

    def __str__(self) -> str:
        return f"deal {self.deal}"


GameAction = StartDeal | OrderUp | NameTrump | Play


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A finished deal in the game's history."""

    deal: SolitaireDeal
    final: DealState

    @property
    def points(self) -> tuple[int, int]:
        return self.final.points


@dataclass(frozen=True, slots=True)
class GameState:
    """Scores, finished deals and the deal in progress (None before the first deal)."""

    rules: SolitaireRules
    seed: int
    score: tuple[int, int] = (0, 0)
    history: tuple[DealRecord, ...] = ()
    deal: DealState | None = None

    @property
    def winner(self) -> str | None:
        """'player' or 'deck' once a side has reached the target."""
        player, deck_ = self.score
        if player >= self.rules.target:
            return "player"
        if deck_ >= self.rules.target:
            return "deck"
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def needs_deal(self) -> bool:
        return not self.is_over and (self.deal is None or self.deal.is_over)

    def next_seeded_deal(self) -> SolitaireDeal:
        """Deal k (0-based) of a game with seed s is ``SolitaireDeal.from_seed(s + k)``."""
        return SolitaireDeal.from_seed(self.seed + len(self.history))

    def legal_actions(self) -> tuple[Action, ...]:
        if self.deal is None or self.deal.is_over:
            return ()
        return self.deal.legal_actions()

    def apply(self, action: GameAction) -> GameState:
        if isinstance(action, StartDeal):
            if self.is_over:
                raise IllegalAction(
                    f"the game is over ({self.winner} reached {self.rules.target}); start a new game"
                )
            if self.deal is not None and not self.deal.is_over:
                raise IllegalAction("finish the deal in progress before dealing again (or undo it)")
            return replace(self, deal=new_deal(action.deal, self.rules))
        if self.deal is None:
            raise IllegalAction("deal the cards first")
        after = self.deal.apply(action)
        if not after.is_over:
            return replace(self, deal=after)
        p, d = after.points
        return replace(
            self,
            deal=after,
            score=(self.score[0] + p, self.score[1] + d),
            history=(*self.history, DealRecord(after.deal, after)),
        )


class SolitaireGame(History[GameState, GameAction]):
    """A game with undo/redo over every decision, and save/load.

    Bad input raises a teaching :class:`~euchre_tutor.errors.EuchreError` and
    leaves the game exactly as it was.
    """

    def __init__(self, rules: SolitaireRules | None = None, seed: int | None = None) -> None:
        seed = secrets.randbelow(2**31) if seed is None else seed_number(seed)
        super().__init__(GameState(rules or SolitaireRules(), seed), start_name="the game")

    @property
    def rules(self) -> SolitaireRules:
        return self.state.rules

    @property
    def seed(self) -> int:
        return self.state.seed

    def apply(self, action: GameAction) -> GameState:
        """Apply a checked action; a new action drops the redo tail."""
        return self.push(action, self.state.apply(action))

    def new_deal(self, deal: SolitaireDeal | None = None) -> None:
        """Deal the next seeded deal, or ``deal`` (a teacher's prepared deal)."""
        self.apply(StartDeal(deal or self.state.next_seeded_deal()))

    def choose(self, action: OrderUp | NameTrump) -> None:
        self.apply(action)

    def play(self, card: Card | str) -> None:
        self.apply(Play(Card.parse(card) if isinstance(card, str) else card))

    def replay_deal(self) -> None:
        """Deal the same cards again (the current or last deal), as a new deal of the game."""
        deal = self.state.deal
        if deal is None:
            raise IllegalAction("there is no deal to replay yet")
        if not deal.is_over:
            raise IllegalAction("finish (or undo) the deal in progress before replaying it")
        self.new_deal(deal.deal)

    # ----------------------------------------------------------------- save/load

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "actions": [action_to_json(a) for a in self._actions],
            "position": self._position,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        """Save atomically: a save that fails half-way leaves the previous one whole."""
        write_saved_file(path, self.dumps(), "game")

    @classmethod
    def from_json(cls, data: object) -> SolitaireGame:
        """Rebuild a game by replaying its saved decisions; any problem is a SaveFileError."""
        if not isinstance(data, dict):
            raise SaveFileError("a saved Solitaire game is a JSON object; this file holds something else")
        if data.get("format") != SAVE_FORMAT:
            raise SaveFileError(f"not a saved Solitaire game (format is {short(data.get('format'))})")
        version = data.get("version")
        if type(version) is not int or version != SAVE_VERSION:  # true == 1 in Python; not here
            raise SaveFileError(
                f"saved with format version {short(version)}; this tutor reads version {SAVE_VERSION}"
            )
        expected = {"format", "version", "rules", "seed", "actions", "position"}
        if set(data) != expected:
            odd = sorted(set(data) ^ expected)
            raise SaveFileError(f"the saved game has unexpected or missing fields: {', '.join(odd)}")
        seed, actions, position = data["seed"], data["actions"], data["position"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SaveFileError(f"the saved seed must be a whole number, not {short(seed)}")
        try:
            seed_number(seed, "the saved seed")
        except EuchreError as error:
            raise SaveFileError(str(error)) from None
        if not isinstance(actions, list):
            raise SaveFileError("the saved actions must be a list")
        check_saved_actions(len(actions), "game")
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= len(actions):
            raise SaveFileError(f"the saved position {short(position)} is not between 0 and {len(actions)}")
        try:
            game = cls(SolitaireRules.from_json(data["rules"]), seed=seed)
            with gc_paused():
                for i, raw in enumerate(actions):
                    try:
                        game.apply(action_from_json(raw))
                    except EuchreError as error:
                        raise SaveFileError(
                            f"decision {i + 1} of the saved game ({short(raw)}): {error}"
                        ) from None
        except SaveFileError:
            raise
        except (EuchreError, TypeError) as error:
            raise SaveFileError(f"the saved game is damaged: {error}") from None
        game._position = position
        return game

    @classmethod
    def loads(cls, text: str) -> SolitaireGame:
        return cls.from_json(parse_saved_json(text, "game"))

    @classmethod
    def load(cls, path: str | Path) -> SolitaireGame:
        return cls.loads(read_saved_file(path, "game"))


def load_saved_or_deal(text: bytes | str) -> SolitaireGame | SolitaireDeal:
    """What a Load box or file holds: a saved game (the JSON Save game writes) or a teacher's deal.

    JSON (text starting with ``{`` or ``[``) is read as a saved game and
    nothing else; any other text as the 24 cards of a deal in deal order
    (hand 1-5, turn card 6, stock 7-24 top first). A byte-order mark and
    surrounding blanks are ignored. Text that is neither raises the error of
    the reader it looked like (a SaveFileError, or a CardError/DealError that
    says what a deal is).

    >>> load_saved_or_deal(str(SolitaireDeal.from_seed(3))) == SolitaireDeal.from_seed(3)
    True
    >>> load_saved_or_deal(SolitaireGame(seed=3).dumps()).seed
    3
    """
    stripped = capped_text(text, "the saved game or deal").strip().removeprefix("\ufeff")
    if stripped.startswith(("{", "[")):
        return SolitaireGame.loads(stripped)
    return SolitaireDeal.parse(stripped)


def action_to_json(action: GameAction) -> dict[str, Any]:
    if isinstance(action, StartDeal):
        return {"deal": str(action.deal)}
    if isinstance(action, OrderUp):
        return {"trump": "up", "alone": action.alone}
    if isinstance(action, NameTrump):
        return {"trump": action.suit.value, "alone": action.alone}
    return {"play": str(action.card)}


def action_from_json(raw: object) -> GameAction:
    if not isinstance(raw, dict) or len(raw) == 0:
        raise SaveFileError(f"a saved decision is an object like {{'play': 'JH'}}, not {short(raw)}")
    keys = set(raw)
    if keys == {"deal"} and isinstance(raw["deal"], str):
        return StartDeal(SolitaireDeal.parse(raw["deal"]))
    if keys == {"play"} and isinstance(raw["play"], str):
        return Play(Card.parse(raw["play"]))
    if keys == {"trump", "alone"} and isinstance(raw["alone"], bool) and isinstance(raw["trump"], str):
        return trump_action(raw["trump"], raw["alone"])
    raise SaveFileError(f"unknown saved decision {short(raw)}")


def trump_action(choice: str, alone: bool = False) -> OrderUp | NameTrump:
    """``"up"`` → OrderUp; ``"C"``/``"♣"``/``"clubs"`` → NameTrump(CLUBS)."""
    if choice.strip().lower() in ("up", "order", "order up", "order-up"):
        return OrderUp(alone)
    return NameTrump(Suit.parse(choice), alone)
