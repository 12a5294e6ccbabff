"""The game registry: one :class:`Game` per game, registered once by the game's own package.

A game is a package, ``euchre_tutor.games.<game>`` (or any package that registers one, as a test's
does), whose ``__init__`` registers its :class:`Game`: its name and words (plain data every layer reads,
the launcher and the class server too, which must start without importing the engines) and its code,
found in the package by place and imported only when a layer asks for it:

* ``<package>.advisor.drill:check_position`` (advisor layer, :meth:`Game.check_drill`): refuses a
  position its advisor cannot read, or one with no decision;
* ``<package>.session.game:GAME`` (session layer, :attr:`Game.session`): the game's hooks for the
  session layer, a :class:`~euchre_tutor.session.games.GameSpec` (a match, a save, a seat's view, its
  analysis and grades, its computer players, its Practice drills, its tables in the session report);
* ``<package>.widgets.app:<app>`` (widget layer, :meth:`Game.table_app`): the table app's class, which
  the ``notebook`` page builds;
* ``<package>.cli:register`` (the command line, :meth:`Game.add_commands`): adds the game's command
  and its subcommands (replay, analyze) to the ``euchre-tutor`` parser.

A layer asks only for its own part or a lower one's (the session the hooks, the apps the table app),
so the rules layer, where the registry lives, imports no higher layer. Code outside a game's package
finds what differs between games here, by the game's name, never by testing a name.

Adding a game: its package, whose ``__init__`` calls :func:`register`; the games of
``euchre_tutor.games`` are found by looking in that folder (:func:`all_games`).
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any

from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import short

__all__ = [
    "Game",
    "UnknownGameError",
    "all_games",
    "find_game",
    "game_info",
    "game_names",
    "game_words",
    "register",
    "resolve",
]


class UnknownGameError(EuchreError):
    """A game name that is not registered."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """One game: its words, as every layer may know them, and its code by layer (see the module doc).

    A word left empty is made from the others, as most games say it: ``noun`` is the ``title``,
    ``notebook`` ``<name>.ipynb``, ``table_words`` "the <title> table", ``launch_help`` "open <table_words>
    instead" and ``app`` ``<Name>App``."""

    name: str  # as a save, a deck and the command line write it
    title: str  # in a chart's bar: "classic Euchre"
    package: str  # the game's package, where its code is found by place
    colour: str  # its bars in the class report's chart
    noun: str = ""  # before "match", "drill", "position": "a Bid Euchre drill"
    span: str = "match"  # what a save holds: "match" or "game"
    seated: bool = True  # several seats: a student plays one of them
    default_level: str | None = None  # the table's default level of computer play; None: one kind of player
    notebook: str = ""  # the table's Voila page
    table_words: str = ""  # where the launcher says it starts: "the classic Euchre table"
    launch_help: str = ""  # the launcher's option help
    #: what the luck of "the rest" is, in the class report
    rest: str = "unseen cards, partner's and opponents' play"
    app: str = ""  # the table app's class, in ``<package>.widgets.app``
    place: int = 100  # where its table is listed (the lowest is the default table)

    def __post_init__(self) -> None:
        made = {
            "noun": self.title,
            "notebook": f"{self.name}.ipynb",
            "table_words": f"the {self.title} table",
            "app": f"{self.name.title()}App",
        }
        for word, value in made.items():
            if not getattr(self, word):
                object.__setattr__(self, word, value)
        if not self.launch_help:
            object.__setattr__(self, "launch_help", f"open {self.table_words} instead")

    @property
    def has_levels(self) -> bool:
        """Whether a drill or a grade names the table's level (its computer players come in levels)."""
        return self.default_level is not None

    def part(self, module: str, attribute: str) -> Any:
        """``attribute`` of the game's module ``module`` (below its package: ``"session.game"``),
        imported now."""
        return getattr(importlib.import_module(f"{self.package}.{module}"), attribute)

    def check_drill(self, position: object) -> None:
        """Refuse (an :class:`~euchre_tutor.errors.EuchreError`) a position its advisor cannot read."""
        self.part("advisor.drill", "check_position")(position)

    @property
    def session(self) -> Any:
        """The game's hooks for the session layer (:class:`~euchre_tutor.session.games.GameSpec`)."""
        return self.part("session.game", "GAME")

    def table_app(self) -> Any:
        """The table app's class (widget layer)."""
        return self.part("widgets.app", self.app)

    def add_commands(self, games: Any) -> None:
        """Add the game's command to the ``euchre-tutor`` parser's subparsers ``games``."""
        self.part("cli", "register")(games)


_REGISTERED: dict[str, Game] = {}
_FOUND = False  # whether the games of euchre_tutor.games were imported (each registers itself)


def register(game: Game) -> Game:
    """Register ``game`` (from its package's ``__init__``); registering it again changes nothing, and
    another game of a registered name is refused."""
    known = _REGISTERED.get(game.name)
    if known is not None and known != game:
        raise EuchreError(f"a game named {game.name!r} is registered already (from {known.package})")
    _REGISTERED[game.name] = game
    return game


def _find() -> None:
    """Import every game package of ``euchre_tutor.games`` once: each registers its game."""
    global _FOUND
    if _FOUND:
        return
    _FOUND = True
    folder = importlib.import_module("euchre_tutor.games")
    for found in pkgutil.iter_modules(folder.__path__):
        if found.ispkg:
            importlib.import_module(f"euchre_tutor.games.{found.name}")


def all_games() -> tuple[Game, ...]:
    """Every registered game, in the order the tables are listed (the first is the default table)."""
    _find()
    return tuple(sorted(_REGISTERED.values(), key=lambda g: (g.place, g.name)))


def game_names() -> tuple[str, ...]:
    """The registered games' names, in table order."""
    return tuple(g.name for g in all_games())


def game_words(names: tuple[str, ...] | None = None) -> str:
    """The games in a message: ``"'solitaire', 'classic' or 'bid'"``."""
    names = game_names() if names is None else names
    return ", ".join(map(repr, names[:-1])) + f" or {names[-1]!r}" if len(names) > 1 else repr(names[0])


def find_game(name: object, what: str = "a game") -> Game:
    """The registered game ``name``; a teaching error naming the registered games otherwise."""
    _find()
    found = _REGISTERED.get(name) if isinstance(name, str) else None
    if found is None:
        raise UnknownGameError(f"unknown game {short(name)}: {what} is of {game_words()}")
    return found


#: the earlier name of :func:`find_game`
game_info = find_game


def resolve(path: str) -> Any:
    """The object a dotted path ``"package.module:attribute"`` names, its module imported now."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


def __getattr__(name: str) -> Any:
    """``GAMES``: every registered game, in table order (:func:`all_games`, read when asked)."""
    if name == "GAMES":
        return all_games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
