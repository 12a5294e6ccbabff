"""The game registry: one small descriptor per game, registered once in :data:`GAMES`.

A descriptor (:class:`GameInfo`) is plain data: the game's name and words, its table page, its
computer players' levels, and the dotted paths (``"package.module:attribute"``) of the code each higher
layer needs from the game, resolved only when that layer asks (:func:`resolve`):

* ``drill_check`` (advisor layer): refuses a position its advisor cannot read, or one with no decision;
* ``session`` (session layer): the game's :class:`~euchre_tutor.session.games.GameSpec`: how to start a
  match, load a save, read and write a position, a seat's view, analyse and grade, its computer
  players, its Practice drills, its table's report;
* ``table_app`` (widget layer): the table app's class, which the ``notebook`` page builds;
* ``cli`` (the command line): ``register(games)``, which adds the game's command and its subcommands
  (replay, analyze) to the ``euchre-tutor`` parser.

Why here, in the rules layer: the registry is data every layer reads (the launcher and the class server
as well, which must start without importing the engines), and a low layer never imports a higher one.
The dotted paths keep that so: a layer resolves only the paths of its own layer or a lower one
(:mod:`euchre_tutor.advisor.drills` the ``drill_check``; the session the ``session``; the apps the
``table_app``). Code outside a game's own modules finds what differs between games here, never by
testing a game's name.

Adding a game: its packages, its descriptor (e.g. ``session/<name>_game.py``) and one entry here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Final

from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import short

__all__ = ["GAMES", "GameInfo", "UnknownGameError", "game_info", "game_names", "game_words", "resolve"]


class UnknownGameError(EuchreError):
    """A game name that is not registered."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One game, as every layer may know it (see the module doc)."""

    name: str  # as a save, a deck and the command line write it
    title: str  # in a chart's bar: "classic Euchre"
    noun: str  # before "match", "drill", "position": "a Bid Euchre drill"
    span: str  # what a save holds: "match" or "game"
    seated: bool  # several seats: a student plays one of them
    default_level: str | None  # the table's default level of computer play; None: one kind of player
    notebook: str  # the table's Voila page
    table_words: str  # where the launcher says it starts: "the classic Euchre table"
    launch_help: str  # the launcher's option help
    colour: str  # its bars in the class report's chart
    rest: str  # what the luck of "the rest" is, in the class report
    drill_check: str  # advisor layer: ``check_position(position) -> None`` (raises EuchreError)
    session: str  # session layer: the game's GameSpec
    table_app: str  # widget layer: the table app's class
    cli: str  # the command line: ``register(games)`` adds the game's command

    @property
    def has_levels(self) -> bool:
        """Whether a drill or a grade names the table's level (its computer players come in levels)."""
        return self.default_level is not None


#: every game, in the order the tables are listed (the first is the default table)
GAMES: Final = (
    GameInfo(
        name="solitaire",
        title="Solitaire",
        noun="Solitaire",
        span="game",
        seated=False,
        default_level=None,
        notebook="solitaire.ipynb",
        table_words="the Euchre Solitaire dashboard",
        launch_help="open Euchre Solitaire (the default)",
        colour="#9a9a9a",
        rest="the unseen cards",
        drill_check="euchre_tutor.games.solitaire.advisor.drill:check_position",
        session="euchre_tutor.games.solitaire.session.game:GAME",
        cli="euchre_tutor.games.solitaire.cli:register",
        table_app="euchre_tutor.games.solitaire.widgets.app:SolitaireApp",
    ),
    GameInfo(
        name="classic",
        title="classic Euchre",
        noun="classic",
        span="match",
        seated=True,
        default_level="club",
        notebook="classic.ipynb",
        table_words="the classic Euchre table",
        launch_help="open the classic 4-player table instead of Euchre Solitaire",
        colour="#2e6b3f",
        rest="unseen cards, partner's and opponents' play",
        drill_check="euchre_tutor.games.classic.advisor.drill:check_position",
        session="euchre_tutor.games.classic.session.game:GAME",
        cli="euchre_tutor.games.classic.cli:register",
        table_app="euchre_tutor.games.classic.widgets.app:ClassicApp",
    ),
    GameInfo(
        name="bid",
        title="Bid Euchre",
        noun="Bid Euchre",
        span="match",
        seated=True,
        default_level=None,
        notebook="bid.ipynb",
        table_words="the Bid Euchre table",
        launch_help="open the Bid Euchre table instead",
        colour="#6b4f8a",
        rest="unseen cards, partner's and opponents' play",
        drill_check="euchre_tutor.games.bid.advisor.drill:check_position",
        session="euchre_tutor.games.bid.session.game:GAME",
        cli="euchre_tutor.games.bid.cli:register",
        table_app="euchre_tutor.games.bid.widgets.app:BidApp",
    ),
)
_BY_NAME: Final = {g.name: g for g in GAMES}


def game_names() -> tuple[str, ...]:
    """The registered games' names, in table order."""
    return tuple(_BY_NAME)


def game_words(names: tuple[str, ...] | None = None) -> str:
    """The games in a message: ``"'solitaire', 'classic' or 'bid'"``."""
    names = game_names() if names is None else names
    return ", ".join(map(repr, names[:-1])) + f" or {names[-1]!r}" if len(names) > 1 else repr(names[0])


def game_info(name: object, what: str = "a game") -> GameInfo:
    """The descriptor of the game ``name``; a teaching error naming the registered games otherwise."""
    found = _BY_NAME.get(name) if isinstance(name, str) else None
    if found is None:
        raise UnknownGameError(f"unknown game {short(name)}: {what} is of {game_words()}")
    return found


def resolve(path: str) -> Any:
    """The object a dotted path ``"package.module:attribute"`` names, its module imported now."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)
