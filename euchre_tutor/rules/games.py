"""The game registry: one :class:`Game` per game, registered once by the game's own package.

A game is a package, ``euchre_tutor.games.<game>`` (or any package that registers one, as a test's
does), whose ``__init__`` registers its :class:`Game`: its name and words (plain data every layer reads,
the launcher and the class server too, which must start without importing the engines) and its hooks,
the code of each layer, found in the package by place and imported only when a layer asks for it:

* ``<package>.advisor.drill:check_position`` (advisor layer, :meth:`Game.check_drill`): refuses a
  position its advisor cannot read, or one with no decision;
* ``<package>.session.game:Hooks`` (session layer): the class of its session hooks, a
  :class:`~euchre_tutor.session.games.GameHooks` whose defaults are what games agree on, overriding
  what differs; made when a hook is first asked for, it answers each hook the :class:`Game` lists (a
  match, a save, a seat's view, its analysis and grades, its computer players, its Practice drills,
  its tables in the session report): ``find_game("bid").new_game(7)``;
* ``<package>.widgets.app:<app>`` (widget layer, :meth:`Game.table_app`): the table app's class, which
  the ``notebook`` page builds;
* ``<package>.cli:register`` (the command line, :meth:`Game.add_commands`): adds the game's command
  and its subcommands (replay, analyze) to the ``euchre-tutor`` parser.

A layer asks only for its own hooks or a lower one's (the session the session hooks, the apps the
table app), so the rules layer, where the registry lives, imports no higher layer. Code outside a
game's package finds what differs between games here, by the game's name, never by testing a name.

Adding a game: its package, whose ``__init__`` calls :func:`register`; the games of
``euchre_tutor.games`` are found by looking in that folder (:func:`all_games`).
"""

from __future__ import annotations

import functools
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
    "find_format",
    "find_game",
    "game_info",
    "game_names",
    "game_words",
    "register",
    "resolve",
]


class UnknownGameError(EuchreError):
    """A game name that is not registered."""


class _Hook:
    """A session hook of a :class:`Game`: the attribute of the same name of its session hooks (see the
    module doc), a method or a value."""

    name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, game: Game | None, owner: type | None = None) -> Any:
        return self if game is None else getattr(game.hooks, self.name)


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """One game: its words, as every layer may know them, and its code by layer (see the module doc).

    A word left empty is made from the others, as most games say it: ``name`` is its package's last
    part, ``noun`` the ``title``, ``span`` a "match" at a table of seats and a "game" alone, ``rest`` the
    unseen cards (and, at a table of seats, the others' play), ``notebook`` ``<name>.ipynb``,
    ``table_words`` "the <title> table", ``launch_help`` "open <table_words> instead" and ``app``
    ``<Name>App``."""

    name: str = ""  # as a save, a deck and the command line write it
    title: str  # in a chart's bar: "classic Euchre"
    package: str  # the game's package, where its code is found by place
    colour: str  # its bars in the class report's chart
    noun: str = ""  # before "match", "drill", "position": "a Bid Euchre drill"
    span: str = ""  # what a save holds: "match" or "game"
    seated: bool = True  # several seats: a student plays one of them
    default_level: str | None = None  # the table's default level of computer play; None: one kind of player
    notebook: str = ""  # the table's Voila page
    table_words: str = ""  # where the launcher says it starts: "the classic Euchre table"
    launch_help: str = ""  # the launcher's option help
    rest: str = ""  # what the luck of "the rest" is, in the class report
    app: str = ""  # the table app's class, in ``<package>.widgets.app``
    place: int = 100  # where its table is listed (the lowest is the default table)

    def __post_init__(self) -> None:
        def make(word: str, value: str) -> None:
            if not getattr(self, word):
                object.__setattr__(self, word, value)

        make("name", self.package.rpartition(".")[2])
        make("noun", self.title)
        make("span", "match" if self.seated else "game")
        make("rest", "unseen cards, partner's and opponents' play" if self.seated else "the unseen cards")
        make("notebook", f"{self.name}.ipynb")
        make("table_words", f"the {self.title} table")
        make("launch_help", f"open {self.table_words} instead")
        make("app", f"{self.name.title()}App")

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
    def hooks(self) -> Any:
        """Its session hooks: its ``session.game.Hooks``, made when first asked for (see the module doc)."""
        return _hooks(self)

    def table_app(self) -> Any:
        """The table app's class (widget layer)."""
        return self.part("widgets.app", self.app)

    def add_commands(self, games: Any) -> None:
        """Add the game's command to the ``euchre-tutor`` parser's subparsers ``games``."""
        self.part("cli", "register")(games)

    # -- its session hooks, each answered by its ``session.game.Hooks`` (see the module doc) ---------
    # a match
    save_format = _Hook()  # the ``format`` its saves carry, which tells a save's game
    new_game = _Hook()  # (seed) -> a new match of its default rules, dealt from ``seed``
    load_game = _Hook()  # (data) -> the match a save's JSON holds
    to_act = _Hook()  # (match) -> the seat to decide; None when the match is over
    legal = _Hook()  # (match) -> the legal actions of the match's current decision
    seat_view = _Hook()  # (match, seat) -> what that seat may know
    hidden = _Hook()  # (match, seat) -> the cards that seat must not see (a frozenset)
    players = _Hook()  # (seed) -> its computer player's ``choose(view) -> action``
    levels = _Hook()  # its computer players' levels by name (each ``.player(seed)``); None: one kind
    owns = _Hook()  # (controller) -> whether a table controller is one of its tables
    # a shared table (each None for a game played alone)
    new_match = _Hook()  # (rules, seed) -> a match of ``rules`` (as a save writes them) dealt from ``seed``
    open_view = _Hook()  # (match, seat) -> that seat's view as a face-up watcher sees it (no legal actions)
    public_view = _Hook()  # (match) -> what a face-down watcher may know (no seat's cards at all)
    seat_view_of = _Hook()  # (json, rules) -> the seat view the service's JSON writes, read back
    student_seat = _Hook()  # (seating) -> the seat a save's student plays: the seat its grades are of
    turned_deal = _Hook()  # (json, moved) -> a deal's JSON with each seat's name moved (``moved(name)``)
    # a position: the game's ``analyze`` input
    read_position = _Hook()  # (json) -> the seat view of a position
    position_of = _Hook()  # (match) -> the position of the seat to act
    position_of_view = _Hook()  # (view, rng) -> a position of that view, its hidden hands drawn; None: none
    analyse = _Hook()  # (view, worlds, seed) -> the value of every legal action
    # grading
    grade_save = _Hook()  # (data, *, name, ...options) -> a saved match graded (a ``GradedGame``)
    bands = _Hook()  # () -> its levels' measured error-rate bands (none measured: ())
    # Practice
    choices = _Hook()  # (drill) -> the legal answers, as the deck writes them and as a button says them
    answer_text = _Hook()  # (drill, answer) -> an answer (either way) as the deck writes it
    scene = _Hook()  # (drill, choices) -> what the student sees of the drill (a ``DrillScene``)
    grade_answer = _Hook()  # (drill, answer, *, worlds, max_worlds, seed) -> a ``PracticeGrade``
    where = _Hook()  # (hand, position) -> where in the match a drill's position is
    # the session report
    table_of = _Hook()  # (obj, stats) -> the (controller, tutor) of a live table keeping ``stats``, or None
    grade_table = _Hook()  # (controller, tutor, *, name) -> (graded, grades kept from the table, graded now)
    source = _Hook()  # (controller) -> the table as the report names it


@functools.cache
def _hooks(game: Game) -> Any:
    return game.part("session.game", "Hooks")(game)


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


def find_format(kind: object) -> Game | None:
    """The game whose saves carry the ``format`` field ``kind``; None when no game's do."""
    return next((g for g in all_games() if g.save_format == kind), None)


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
