"""The Solitaire controller: owns the game and the teaching messages.

It knows nothing of widgets, nor of hints: the tutor beside it
(:class:`~euchre_tutor.games.solitaire.session.tutor.SolitaireTutor`) listens to it and analyses, grades
and reviews the player's decisions. Every command either changes the game or, when the input is bad
or the action illegal, leaves the game exactly as it was and sets :attr:`message` to the engine's
teaching sentence. Views subscribe with :meth:`subscribe` and are told which part changed:
``"state"`` (the game) or ``"message"``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError, IllegalAction
from euchre_tutor.games.solitaire.engine.engine import (
    Action,
    NameTrump,
    OrderUp,
    Phase,
    Play,
    SolitaireDeal,
    follow_suit_message,
)
from euchre_tutor.games.solitaire.engine.game import GameState, SolitaireGame, StartDeal, load_saved_or_deal
from euchre_tutor.games.solitaire.rules import SolitaireRules
from euchre_tutor.games.solitaire.views import SolitaireView, player_view
from euchre_tutor.jsonio import error_text, seed_number
from euchre_tutor.session.observing import Observable, sentence
from euchre_tutor.session.tables import track

__all__ = ["DealLog", "SolitaireController"]


@dataclass(frozen=True, slots=True)
class DealLog:
    """The deal on the table as the tutor reviews it: its start in the game's actions (its number),
    whether it is over, and then its points (the player's, the deck's)."""

    number: int
    finished: bool
    points: tuple[int, int] | None


class SolitaireController(Observable):
    """A game of Euchre Solitaire for one player: the deals, undo and redo, save and load.

    ``seed`` names the game's deals (deal k is seed + k); ``deal_now``: deal the first one at once.
    """

    def __init__(
        self, seed: int | None = None, *, rules: SolitaireRules | None = None, deal_now: bool = True
    ) -> None:
        super().__init__()
        self.game = SolitaireGame(rules, seed=seed)
        self._game_number = 1  # with a deal's start, names the deal in the stats
        if deal_now:
            self.game.new_deal()
        track(self)

    # ----------------------------------------------------------------- state

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def view(self) -> SolitaireView | None:
        deal = self.state.deal
        return None if deal is None else player_view(deal)

    @property
    def my_turn(self) -> bool:
        """The player has a decision to make (a deal under way)."""
        view = self.view
        return view is not None and view.phase is not Phase.OVER and bool(view.legal)

    def deal_start(self) -> int:
        """Game position of the current deal's StartDeal (its index in the actions)."""
        actions = self.game.actions
        for i in range(len(actions) - 1, -1, -1):
            if isinstance(actions[i], StartDeal):
                return i
        return 0

    def decision_positions(self) -> list[int]:
        """Where in the game's history the player decided in the deal on the table (the tutor reviews these)."""
        return list(range(self.deal_start() + 1, self.game.position))

    def hand_logs(self) -> list[DealLog]:
        """The deal on the table (none before the first deal): the tutor reviews it and keeps its
        result in the statistics."""
        deal = self.state.deal
        if deal is None:
            return []
        return [DealLog(self.deal_start(), deal.is_over, deal.points if deal.is_over else None)]

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def game_number(self) -> int:
        """This game's number in the session (the first part of its deals' keys in the statistics)."""
        return self._game_number

    def deal_key(self) -> tuple[int, int]:
        """The current deal's key in the statistics (the game, and the deal's start in its actions)."""
        return (self._game_number, self.deal_start())

    def _parse_action(self, action: object) -> Action:
        """A decision of the player (a retry's answer): an order up, a named trump or a card's play, or
        its words (``"order up"``, ``"name clubs alone"``, ``"play JH"``)."""
        if isinstance(action, OrderUp | NameTrump | Play):
            return action
        if isinstance(action, str):
            view = self.view
            found = [a for a in (view.legal if view is not None else ()) if str(a) == action.strip().lower()]
            if found:
                return found[0]
            if action.strip().lower().startswith("play "):
                return Play(Card.parse(action.strip()[5:]))
        raise IllegalAction(f"{str(action)[:40]!r} is not a decision of Euchre Solitaire now")

    # ----------------------------------------------------------------- the table's questions

    #: a one-person table (a shared table's seat says True); no computer player to suggest a move
    remote = False
    seat = None
    suggestion = ""

    @property
    def waiting(self) -> bool:
        """The deal on the table is over and the game goes on: Next deal deals the next one."""
        return self.state.deal is not None and self.state.needs_deal

    @property
    def decision_actions(self) -> tuple[Action, ...]:
        """The decisions shown as buttons: the trump choices (a card is played by its click)."""
        view = self.view
        return view.legal if view is not None and view.phase is Phase.CHOOSE_TRUMP else ()

    def card_action(self, card: Card) -> Play | None:
        """What a click on ``card`` asks for: its play while cards are played (None: not the time)."""
        view = self.view
        return Play(card) if view is not None and view.phase is Phase.PLAY else None

    def card_reason(self, card: Card) -> str | None:
        """Why ``card`` may not be played now (None: it may)."""
        view = self.view
        if view is None or view.phase is Phase.OVER:
            return f"{card.name}: the deal is over"
        if view.phase is Phase.CHOOSE_TRUMP:
            return f"{card.name}: choose trump before playing"
        lead = view.deck_lead
        if card in view.legal_cards or lead is None:  # the player's own lead: every card may be led
            return None
        return (
            f"{card.name} may not be played: {follow_suit_message(card, lead, view.trump, view.legal_cards)}"
        )

    # ----------------------------------------------------------------- commands

    def _decide(self, action: Action) -> str | None:
        self.game.apply(action)
        return self._after_decision()

    def _after_decision(self) -> str | None:
        deal = self.state.deal
        if deal is None or not deal.is_over:
            return None
        p, d = deal.points
        if self.state.winner == "player":
            return f"You reached {self.state.rules.target}: you win the game! Press New game to play again."
        if self.state.winner == "deck":
            return (
                f"The deck reached {self.state.rules.target} and wins the game. Press New game to try again."
            )
        who = f"you score {p}" if p else f"the deck scores {d}"
        return f"Deal over: {who}. Press Next deal."

    def act(self, action: Action | str) -> bool:
        """Make a decision (an action or its words); a bad one is refused with the reason."""
        return self._attempt(lambda: self._decide(self._parse_action(action)))

    def choose(self, action: OrderUp | NameTrump) -> bool:
        return self._attempt(lambda: self._decide(action))

    def click_card(self, card: Card | str) -> bool:
        """A click on a card of the hand: its play."""
        return self.play(card)

    def play(self, card: Card | str) -> bool:
        def command() -> str | None:
            chosen = Card.parse(card) if isinstance(card, str) else card
            return self._decide(Play(chosen))

        return self._attempt(command)

    def next_deal(self) -> bool:
        def command() -> str:
            self.game.new_deal()
            return ""

        return self._attempt(command)

    next_hand = next_deal  # the table's Next hand button

    def deal(self, deal: SolitaireDeal, why: str) -> bool:
        """Deal these cards next, in place of a deal not finished; ``why`` says what was dealt.

        A deal already under way (trump chosen) is set aside unscored and the
        message says so; a deal nobody has touched yet is replaced silently.
        """

        def command() -> str:
            if self.state.is_over:
                raise IllegalAction(
                    f"the game is over ({self.state.winner} reached {self.state.rules.target}); "
                    "start a new game first"
                )
            current = self.state.deal
            note = ""
            if current is not None and not current.is_over:
                self.game.go_to(self.deal_start())
                if current.trump is not None:  # trump chosen, maybe cards played: a deal under way
                    note = " The deal you were playing is set aside: it scores no points."
            self.game.new_deal(deal)
            return why + note

        return self._attempt(command)

    def deal_seed(self, seed: int | str) -> bool:
        """Deal the cards of the seed box's seed (read by :func:`~euchre_tutor.jsonio.seed_number`)."""
        try:
            value = seed_number(seed)
        except EuchreError as error:
            self._say(sentence(str(error)), error=True)
            return False
        return self.deal(SolitaireDeal.from_seed(value), f"Dealt the cards of seed {value}.")

    def load_deal(self, text: str) -> bool:
        """A teacher's deal: 24 cards in deal order, or a saved game (JSON); bad text changes nothing."""
        try:
            loaded = load_saved_or_deal(text)
        except EuchreError as error:
            self._say(sentence(error_text(str(error))), error=True)
            return False
        if isinstance(loaded, SolitaireGame):
            return self._loaded(loaded)
        return self.deal(
            loaded, "Here is the deal you loaded: your five cards and the turn card. Choose trump."
        )

    def load_game(self, text: str) -> bool:
        """A saved game (the Save game file), read through the limits of :mod:`euchre_tutor.jsonio`."""
        try:
            game = SolitaireGame.loads(text)
        except EuchreError as error:
            self._say(sentence(error_text(str(error))), error=True)
            return False
        return self._loaded(game)

    def _loaded(self, game: SolitaireGame) -> bool:
        self.game = game
        self._game_number += 1
        return self._attempt(lambda: "Loaded the saved game.")

    def replay(self) -> bool:
        def command() -> str:
            self.game.replay_deal()
            return "The same cards again: try another plan."

        return self._attempt(command)

    def new_game(self, seed: int | str | None = None) -> bool:
        """A new game from the seed box's seed (a random one when the box is empty); a bad seed changes nothing."""
        empty = seed is None or (isinstance(seed, str) and not seed.strip())
        try:
            value = None if empty else seed_number(seed)
        except EuchreError as error:
            self._say(sentence(str(error)), error=True)
            return False
        game = SolitaireGame(self.state.rules, seed=value)
        game.new_deal()
        self.game = game
        self._game_number += 1
        return self._attempt(lambda: f"New game (seed {game.seed}), first to {game.rules.target}.")

    @property
    def can_undo(self) -> bool:
        """Undo takes back decisions of the current deal; it never takes back the deal itself."""
        actions = self.game.actions
        return bool(actions) and not isinstance(actions[-1], StartDeal)

    @property
    def can_redo(self) -> bool:
        return self.game.can_redo

    def undo(self) -> bool:
        if self.can_undo:
            return self._attempt(self.game.undo)
        self.illegal("nothing to undo in this deal: no card has been chosen or played yet")
        return False

    def redo(self) -> bool:
        if self.can_redo:
            return self._attempt(self.game.redo)
        self.illegal("nothing to redo: undo a decision first")
        return False

    def suggest(self) -> bool:
        """Euchre Solitaire has no computer player to ask: the hint says what to do."""
        self.illegal("Euchre Solitaire has no computer player to ask: show the hint instead")
        return False

    def save_text(self) -> str:
        """The game as a save file (its grades are not in it: Solitaire's are graded again, exactly)."""
        return json.dumps(self.game.to_json(), indent=1)
