"""Each game's session hooks: the defaults where games agree, and what its Practice drills are made of.

A game's package registers one :class:`~euchre_tutor.rules.games.Game`, which lists its session hooks
(a match, a save, a seat's view, its analysis and grades, its computer players, its Practice drills,
its tables in the session report) and answers each from the class ``Hooks`` of the package's
``session/game.py``, made when a hook is first asked for. That class subclasses :class:`GameHooks` (what
every game answers alike) or :class:`SeatedHooks` (a match of seats, saved as a
:class:`~euchre_tutor.tricks.game.MatchGame` saves it) and overrides only what differs. The Practice
page, the class report, the session report and the command line ask a game's hooks instead of testing
its name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from euchre_tutor.advisor.drills import Drill
from euchre_tutor.advisor.rating import Band
from euchre_tutor.cards import Card, Suit
from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import short
from euchre_tutor.rules.games import Game
from euchre_tutor.session.learning import GradedGame, Recorded, recorded_grades
from euchre_tutor.session.seats import student_seat
from euchre_tutor.tricks.seating import Seat, Seating
from euchre_tutor.views.reading import read_view

__all__ = [
    "Choice",
    "DrillScene",
    "GameHooks",
    "PracticeGrade",
    "SeatedHooks",
    "find_action",
    "graded_at_table",
    "option_values",
    "sampled_hooks",
    "tutor_grades",
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

    @staticmethod
    def trick(view: Any, rows: list[tuple[str, tuple[Card, ...]]]) -> str:
        """The question of a seat view's card to play, the trick so far (or the lead) added to ``rows``."""
        number = len(view.tricks) + 1
        if view.trick_plays:
            who = ", ".join(f"{s.word} {c.symbol}" for s, c in view.trick_plays)
            rows.append((f"Trick {number} so far ({who}):", tuple(c for _, c in view.trick_plays)))
            return "Which card do you play?"
        rows.append((f"You lead trick {number}.", ()))
        return "Which card do you lead?"


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


def option_values(analysis: Any) -> dict[Any, float]:
    """An analysis as a game's ``analyse`` hook answers: each legal action's value (minus its loss)."""
    return {o.action: -o.loss for o in analysis.options}


def sampled_hooks(
    analyse: Callable[..., Any], continuation: Callable[[], Any]
) -> Callable[[Any, int, int], Mapping[Any, float]]:
    """A sampling game's ``analyse`` hook, from its advisor's ``analyse(view, continuation=, worlds=,
    seed=)`` and the computer player that continues each deal."""

    def values(view: Any, worlds: int, seed: int) -> Mapping[Any, float]:
        return option_values(analyse(view, continuation=continuation(), worlds=worlds, seed=seed))

    return values


def tutor_grades(
    controller: Any, tutor: Any, *, leveled: bool = True
) -> tuple[str, dict[int, Recorded]] | None:
    """The grades ``tutor`` recorded at the table of ``controller``, as a save carries them
    (:func:`~euchre_tutor.session.learning.recorded_grades`); None when it holds none or keeps another
    table. ``leveled=False``: a game whose table names no level."""
    if tutor is None or tutor.controller is not controller:
        return None
    return recorded_grades({"grades": tutor.recorded_grades()}, leveled=leveled)


def graded_at_table(
    graded: GradedGame, tutor: Any = None, held: Mapping[int, Recorded] | None = None
) -> tuple[GradedGame, int, int]:
    """A table's graded match as a game's ``grade_table`` hook answers: ``graded``, how many of its
    decisions took the table's own grade (the ``tutor``'s decisions in a finished hand that ``held``, its
    recorded grades by place, holds for the action taken) and how many were graded now."""
    held = held or {}
    finished = {h.number for h in graded.hands}  # the report holds finished hands only
    decisions = () if tutor is None else tutor.decisions()
    kept = sum(
        1
        for d in decisions
        if d.hand_number in finished and d.index in held and held[d.index].action == str(d.action)
    )
    return graded, kept, sum(len(h.moves) for h in graded.hands) - kept


class GameHooks:
    """A game's session hooks where games agree (the hooks are listed, with what each answers, by
    :class:`~euchre_tutor.rules.games.Game`); ``game`` is its registered game. A game sets ``match``, its
    match class (``Match(seed=...)``, ``Match.from_json``, ``Match.parse_action``), ``controller``, its
    table controller's class, and ``tutor``, its table tutor's class, which keeps a table's statistics
    (None: a table with no statistics of its own); :meth:`words` says an action as a button does."""

    match: Any
    controller: type
    tutor: Any = None
    levels: Mapping[str, Any] | None = None  # one kind of computer player
    # played alone: no shared table, no watchers, no position of a seat's view
    new_match: Any = None
    open_view: Any = None
    public_view: Any = None
    seat_view_of: Any = None
    student_seat: Any = None
    turned_deal: Any = None
    position_of_view: Any = None
    read_position: Callable[[object], Any]
    words: Callable[[Any], str]

    def __init__(self, game: Game) -> None:
        self.game = game

    def new_game(self, seed: int) -> Any:
        return self.match(seed=seed)

    def load_game(self, data: object) -> Any:
        return self.match.from_json(data)

    def to_act(self, match: Any) -> Any:
        return None if match.state.is_over else match.state.to_act

    def legal(self, match: Any) -> Sequence[Any]:
        return tuple(match.state.legal_actions())

    def owns(self, controller: object) -> bool:
        return isinstance(controller, self.controller)

    def bands(self) -> tuple[Band, ...]:
        return ()  # none measured

    def drill_view(self, drill: Drill) -> Any:
        """The seat view of a drill's position; a teaching error when it is not that seat's turn."""
        view = self.read_position(drill.position)
        if not view.my_turn:
            raise EuchreError(
                f"drill {drill.id}: it is not {view.seat.word}'s turn: there is nothing to answer"
            )
        return view

    def answer(self, view: Any, answer: str) -> Any:
        """The legal action of ``view`` that ``answer`` names, as written or as a button says it."""
        return find_action(answer, view.legal, lambda a: {str(a), self.words(a)}, self.match.parse_action)

    def choices(self, drill: Drill) -> tuple[Choice, ...]:
        return tuple(Choice(str(a), self.words(a)) for a in self.drill_view(drill).legal)

    def answer_text(self, drill: Drill, answer: str) -> str:
        return str(self.answer(self.drill_view(drill), answer))

    def table_of(self, obj: Any, stats: object) -> tuple[Any, Any] | None:
        """A live table found by its tutor, which keeps ``stats``."""
        if self.tutor is not None and isinstance(obj, self.tutor) and obj.stats is stats:
            return obj.controller, obj
        return None

    def source(self, controller: Any) -> str:
        return f"{self.game.noun} {self.game.span}, seed {controller.seed}"


class SeatedHooks(GameHooks):
    """The hooks of a match of seats where such games agree: ``match`` is a
    :class:`~euchre_tutor.tricks.game.MatchGame`, ``rules`` its rules class (``from_json``), ``views`` its
    views module (``SeatView``, and ``seat_view``, ``open_view`` and ``public_view`` of a match state),
    :meth:`seating` the seats of a table of given rules."""

    rules: Any
    views: Any
    seating: Callable[[Any], Seating]

    @property
    def save_format(self) -> str:
        return str(self.match.FORMAT)

    def new_match(self, rules: object, seed: int | str) -> Any:
        return self.match(self.rules.from_json(rules), seed=seed)

    def seat_view(self, match: Any, seat: Any) -> Any:
        return self.views.seat_view(match.state, seat)

    def open_view(self, match: Any, seat: Any) -> Any:
        return self.views.open_view(match.state, seat)

    def public_view(self, match: Any) -> Any:
        return self.views.public_view(match.state)

    def seat_view_of(self, data: object, rules: object) -> Any:
        read = rules if isinstance(rules, self.rules) else self.rules.from_json(rules)
        return read_view(self.views.SeatView, data, rules=read, seating=self.seating(read))

    def student_seat(self, seating: Seating) -> Seat:
        return student_seat(seating, None)  # South at four players, P1 at three or six

    def turned_deal(self, deal: Any, moved: Callable[[str], str]) -> Any:
        """A deal written as its dealer and each seat's hand by the seat's name."""
        hands = {moved(seat): cards for seat, cards in deal["hands"].items()}
        return {**deal, "dealer": moved(deal["dealer"]), "hands": hands}
