"""Each game as the session layer knows it: the hooks of its registered :class:`~euchre_tutor.rules.games.Game`.

A game's package registers one :class:`~euchre_tutor.rules.games.Game`; its session hooks are a
:class:`GameSpec` in its ``session/game.py`` (``GAME``), imported only when asked for
(:func:`game_spec`, :attr:`Game.session <euchre_tutor.rules.games.Game.session>`). The Practice page,
the class report, the session report and the command line read a spec instead of testing a game's name.
A hook where the games agree has a default here (the seat to act, no measured bands, no levels).

A spec's hooks, by what they do:

* a match: ``new_game(seed)`` starts one (``new_match(rules, seed)`` one of given rules), ``load_game(data)`` reads a save (``save_format`` tells its
  files apart), ``to_act(game)`` is the seat to decide (None when it is over), ``seat_view(game, seat)``
  what that seat may know, ``hidden(game, seat)`` the cards it must not see, ``players(seed)`` its
  computer players' ``choose(view) -> action``;
* a shared table's seat: ``seat_view_of(json, rules)`` reads the seat view the table service sends;
* a position: ``read_position(json)`` a seat's view from the ``analyze`` input,
  ``position_of(game)`` that input for the seat to act, ``analyse(view, worlds, seed)`` the value
  of every legal action;
* grading: ``grade_save`` grades a saved match, ``bands`` its levels' error-rate bands;
* Practice: ``choices``, ``answer_text``, ``scene``, ``grade_answer``, ``where`` for its drills;
* a table in the session report: ``owns(controller)`` knows its controllers, ``table_of(obj, stats)``
  finds a live table, ``grade_table`` grades
  it with its own grades, ``source(controller)`` names it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from euchre_tutor.advisor.drills import Drill
from euchre_tutor.advisor.rating import Band
from euchre_tutor.cards import Card, Suit
from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import short
from euchre_tutor.rules.games import Game, all_games, find_game
from euchre_tutor.views.reading import read_view

__all__ = [
    "Choice",
    "DrillReader",
    "DrillScene",
    "GameSpec",
    "PracticeGrade",
    "find_action",
    "game_spec",
    "game_specs",
    "match_hooks",
    "option_values",
    "sampled_hooks",
    "spec_of_format",
]


def find_action(answer: str, legal: Sequence[Any], names: Any, parse: Any = None) -> Any:
    """The legal action ``answer`` names: parsed as the game writes actions (``parse``), or matched,
    case and spacing aside, against each legal action's ``names``."""
    if parse is not None:
        try:
            parsed = parse(answer)
        except EuchreError:
            parsed = None
        if parsed in legal:
            return parsed
    wanted = " ".join(answer.split()).lower()
    for action in legal:
        if wanted in {n.lower() for n in names(action)}:
            return action
    options = ", ".join(str(a) for a in legal)
    raise EuchreError(f"{short(answer)} is not a legal answer to this position: the legal ones are {options}")


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal answer: as the deck writes it (``answer``) and as a button says it (``words``)."""

    answer: str
    words: str


@dataclass(frozen=True, slots=True)
class DrillScene:
    """What the student sees of a drill's position, as data the Practice page draws.

    ``rows``: captions with the cards to draw after each (the up card, the trick so far, ...).
    """

    title: str
    hand: tuple[Card, ...]
    trump: Suit | None
    rows: tuple[tuple[str, tuple[Card, ...]], ...]
    question: str
    choices: tuple[Choice, ...]

    @staticmethod
    def in_deck_order(cards: Any) -> tuple[Card, ...]:
        """Cards in the deck's order, as a scene draws a hand."""
        return tuple(sorted(cards, key=lambda c: c.index))


@dataclass(frozen=True, slots=True)
class PracticeGrade:
    """A drill's new answer graded: its label, whether it is right (Best or Good), the best answer (as
    a button says it) and the advisor's sentences: the grade's, then its reasons."""

    answer: str
    label: str
    right: bool
    best: str
    text: str
    reasons: tuple[str, ...]

    @classmethod
    def graded(cls, answer: str, label: str, best: str, text: str, reasons: tuple[str, ...]) -> PracticeGrade:
        """The grade of ``answer``, right when its label is one of :data:`RIGHT_LABELS`."""
        return cls(answer, label, label in RIGHT_LABELS, best, text, reasons)


#: the grades a drill's answer counts as right
RIGHT_LABELS = frozenset({"Best", "Good"})


@dataclass(frozen=True, slots=True)
class DrillReader:
    """How a game reads a drill and the student's answer to it: ``read_view(position)`` is the seat's
    view of the drill's position, ``words(action)`` an action as a button says it, ``parse`` reads an
    action's text. Its :meth:`choices` and :meth:`answer_text` are a spec's Practice hooks."""

    read_view: Callable[[object], Any]
    words: Callable[[Any], str]
    parse: Callable[[str], Any]

    def view(self, drill: Drill) -> Any:
        """The drill's seat view; a teaching error when it is not that seat's turn."""
        view = self.read_view(drill.position)
        if not view.my_turn:
            raise EuchreError(
                f"drill {drill.id}: it is not {view.seat.word}'s turn: there is nothing to answer"
            )
        return view

    def action(self, view: Any, answer: str) -> Any:
        """The legal action of ``view`` that ``answer`` names, as written or as a button says it."""
        return find_action(answer, view.legal, lambda a: {str(a), self.words(a)}, self.parse)

    def choices(self, drill: Drill) -> tuple[Choice, ...]:
        return tuple(Choice(str(a), self.words(a)) for a in self.view(drill).legal)

    def answer_text(self, drill: Drill, answer: str) -> str:
        return str(self.action(self.view(drill), answer))


def option_values(analysis: Any) -> dict[Any, float]:
    """An analysis as a spec's ``analyse`` answers: each legal action's value (minus its loss)."""
    return {o.action: -o.loss for o in analysis.options}


def sampled_hooks(
    analyse: Callable[..., Any], continuation: Callable[[], Any]
) -> Callable[[Any, int, int], Mapping[Any, float]]:
    """A sampling game's ``analyse`` hook, from its advisor's ``analyse(view, continuation=, worlds=,
    seed=)`` and the computer player that continues each deal."""

    def values(view: Any, worlds: int, seed: int) -> Mapping[Any, float]:
        return option_values(analyse(view, continuation=continuation(), worlds=worlds, seed=seed))

    return values


def _to_act(game: Any) -> Any:
    """The seat to decide, None when the match is over (the default hook of a seated game)."""
    return None if game.state.is_over else game.state.to_act


def _no_bands() -> tuple[Band, ...]:
    return ()


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """A game's hooks for the session layer (see the module doc); ``info`` is its registered game."""

    info: Game
    # a match
    save_format: str
    new_game: Callable[[int], Any]
    load_game: Callable[[object], Any]
    to_act: Callable[[Any], Any] = _to_act
    seat_view: Callable[[Any, Any], Any]
    hidden: Callable[[Any, Any], frozenset[Card]]
    players: Callable[[int], Callable[[Any], Any]]
    # a position
    read_position: Callable[[object], Any]
    position_of: Callable[[Any], dict[str, Any]]
    analyse: Callable[[Any, int, int], Mapping[Any, float]]
    # grading
    grade_save: Callable[..., Any]
    bands: Callable[[], tuple[Band, ...]] = _no_bands  # its levels' error-rate bands: none measured
    levels: Mapping[str, Any] | None = None  # its computer players' levels: one kind of player
    # Practice
    choices: Callable[[Any], tuple[Choice, ...]]
    answer_text: Callable[[Any, str], str]
    scene: Callable[[Any, tuple[Choice, ...]], DrillScene]
    grade_answer: Callable[..., PracticeGrade]
    where: Callable[[int, dict[str, Any]], str]
    # the session report
    owns: Callable[[object], bool]
    table_of: Callable[[object, object], tuple[Any, Any] | None]
    grade_table: Callable[..., tuple[Any, int, int]]
    source: Callable[[Any], str]
    # a shared table: a match of the given rules (a preset name or an object of options, as a save
    # writes them) dealt from a seed
    new_match: Callable[[object, int | str], Any] | None = None
    # a shared table's watchers: ``open_view(game, seat)`` a seat's view as a face-up watcher sees it
    # (every card of the seat's, no legal actions), ``public_view(game)`` what a face-down watcher may
    # know (no seat's cards at all)
    open_view: Callable[[Any, Any], Any] | None = None
    public_view: Callable[[Any], Any] | None = None
    # a shared table's seat, in the student's kernel: ``seat_view_of(view, rules)`` the seat view that
    # the service's JSON ``view`` writes (``rules`` as a save writes them)
    seat_view_of: Callable[[object, object], Any] | None = None
    # a seat view as the game's ``analyze`` input (a drill from a shared table): the hidden hands one
    # deal consistent with the view, drawn with ``rng`` (``random.Random``)
    position_of_view: Callable[[Any, Any], Mapping[str, Any]] | None = None

    @property
    def name(self) -> str:
        return self.info.name

    def legal(self, game: Any) -> Sequence[Any]:
        """The legal actions of the match's current decision."""
        return tuple(game.state.legal_actions())


class MatchHooks(TypedDict):
    """The hooks of a seated game's match that :func:`match_hooks` makes (keywords of a :class:`GameSpec`)."""

    save_format: str
    new_game: Callable[[int], Any]
    load_game: Callable[[object], Any]
    new_match: Callable[[object, int | str], Any]
    seat_view: Callable[[Any, Any], Any]
    open_view: Callable[[Any, Any], Any]
    public_view: Callable[[Any], Any]
    seat_view_of: Callable[[object, object], Any]
    owns: Callable[[object], bool]


def match_hooks(
    game: Any, rules: Any, views: Any, controller: type, seating: Callable[[Any], Any]
) -> MatchHooks:
    """A seated game's match hooks, where such games agree: ``game`` its match class (a
    :class:`~euchre_tutor.tricks.game.MatchGame`: ``FORMAT``, ``game(rules, seed=)``, ``from_json``),
    ``rules`` its rules class (``from_json``), ``views`` its views module (``SeatView``, and
    ``seat_view``, ``open_view`` and ``public_view`` of a match state), ``controller`` its table
    controller's class and ``seating(rules)`` the seats of a table of those rules."""

    def seat_view_of(data: object, table_rules: object) -> Any:
        read = table_rules if isinstance(table_rules, rules) else rules.from_json(table_rules)
        return read_view(views.SeatView, data, rules=read, seating=seating(read))

    return MatchHooks(
        save_format=game.FORMAT,
        new_game=lambda seed: game(seed=seed),
        load_game=game.from_json,
        new_match=lambda table_rules, seed: game(rules.from_json(table_rules), seed=seed),
        seat_view=lambda match, seat: views.seat_view(match.state, seat),
        open_view=lambda match, seat: views.open_view(match.state, seat),
        public_view=lambda match: views.public_view(match.state),
        seat_view_of=seat_view_of,
        owns=lambda obj: isinstance(obj, controller),
    )


def game_spec(name: object, what: str = "a game") -> GameSpec:
    """The session hooks of the registered game ``name`` (a teaching error for any other)."""
    spec = find_game(name, what).session
    assert isinstance(spec, GameSpec), f"{name}: its package's session/game.py has no GameSpec GAME"
    return spec


def game_specs() -> tuple[GameSpec, ...]:
    """Every registered game's session hooks, in table order."""
    return tuple(game_spec(game.name) for game in all_games())


def spec_of_format(kind: object) -> GameSpec | None:
    """The game whose saves carry the ``format`` field ``kind``; None when no game's do."""
    return next((s for s in game_specs() if s.save_format == kind), None)
