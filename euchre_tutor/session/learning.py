"""Grading a student's saved games after the fact: every decision, hand by hand, as the tables grade them.

A teacher collects the students' saved games (the files the tables' **Save** writes) and asks for a
report. :func:`grade_saved_file` reads one file, tells its game by its ``format`` field and has the
game grade it (its registered ``grade_save``: each game's ``session/grading.py``), replaying it through
the checked engine and grading the student's decisions with the advisor.

It returns a :class:`GradedGame`: per finished hand, the points, the advisor's value at the first
decision and the seat's baseline (for :mod:`~euchre_tutor.advisor.luck`), and every graded move with
its position in words and the rule ids of the advisor's reasons. A bad file raises the
:class:`~euchre_tutor.errors.SaveFileError` that says what is wrong with it. What the games of several
seats grade alike is here: a match replayed decision by decision (:func:`graded_hands`) and the grades a
table recorded in its save (:func:`recorded_grades`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, NamedTuple

from euchre_tutor.advisor.shared import GRADES
from euchre_tutor.errors import SaveFileError
from euchre_tutor.jsonio import short
from euchre_tutor.rules.games import all_games, find_format
from euchre_tutor.tricks.history import parse_saved_json, read_saved_file

__all__ = [
    "METHOD_RULES",
    "GradedGame",
    "GradedHand",
    "GradedMove",
    "Reads",
    "Recorded",
    "add_grading_arguments",
    "cards_words",
    "grade_saved_file",
    "grade_saved_text",
    "graded_hands",
    "is_method_rule",
    "level_problem",
    "method_rules_left_out",
    "record",
    "recorded_grades",
    "table_levels",
]


#: rules every analysis cites (how the advisor works, not what the student missed), after the game's
#: prefix (``<game>.advice-sampled``): left out of a move's rules
METHOD_RULES: Final = frozenset({"advice-sampled", "advice-contrast", "advice-exact"})


def is_method_rule(rule: str) -> bool:
    """Whether ``rule`` (a rule id, ``<game>.<name>``) says how the advisor works (:data:`METHOD_RULES`)."""
    return rule.partition(".")[2] in METHOD_RULES


def method_rules_left_out(ids: Iterable[str]) -> tuple[str, ...]:
    """The rule ids ``ids`` cite, once each, in order, without the advisor's method's."""
    return tuple(r for r in dict.fromkeys(ids) if not is_method_rule(r))


@dataclass(frozen=True, slots=True)
class GradedMove:
    """One graded decision: where it was, what was chosen and what was best, its grade and loss."""

    hand: int
    phase: str
    position: str  # the position in words (the hand, the up or turn card, the trick so far)
    action: str
    best: str
    label: str
    loss: float  # expected points given up against the best choice
    real_choice: bool  # more than one legal action
    rules: tuple[str, ...]  # the rule ids the advisor's reasons cite (:data:`METHOD_RULES` left out)
    #: the position as the game's ``analyze`` command reads it (what the student saw, nothing more), so a
    #: drill can be built from the move (:mod:`~euchre_tutor.advisor.drills`); None when not known
    analyze_input: dict[str, Any] | None = field(default=None, compare=False)  # a move stays hashable


@dataclass(frozen=True, slots=True)
class GradedHand:
    """One finished hand: the student's side's points minus the other's, and its graded moves."""

    number: int
    points: int
    expected: float | None  # the advisor's value at the student's first real decision
    baseline: Fraction  # the seat's average value there
    moves: tuple[GradedMove, ...] = ()


@dataclass(frozen=True, slots=True)
class GradedGame:
    """One saved game graded: which game, whose, and its finished hands."""

    game: str  # a registered game's name (euchre_tutor.rules.games)
    name: str
    seat: str
    hands: tuple[GradedHand, ...] = field(default=())


def cards_words(cards: tuple[object, ...]) -> str:
    """Cards in a position's words: ``"JH 9S"``, or ``"none"``."""
    return " ".join(str(c) for c in cards) or "none"


class Reads(NamedTuple):
    """How a game's match is read for grading: a seat's view of a hand, the view in words, and the hand
    as the game's ``analyze`` command reads it."""

    seat_view: Callable[[Any, Any], Any]
    words: Callable[[Any], str]
    written: Callable[[Any, Any], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Recorded:
    """One decision as the table graded it (a save's ``grades``)."""

    action: str
    label: str
    loss: float
    best: str
    best_ev: float
    rules: tuple[str, ...]


def record(act: object, analysis: Any, grade: Any) -> Recorded:
    """A decision graded now, as a table records it (``grade``: of ``act`` in ``analysis``)."""
    assert grade is not None  # a legal action is an option
    best = analysis.best
    return Recorded(
        str(act),
        grade.label,
        float(grade.ev_loss),
        str(best.action),
        best.ev,
        tuple(r.rule for r in analysis.reasons),
    )


def graded_hands(
    state: Any,
    actions: Sequence[Any],
    me: Any,
    recorded: Mapping[int, Recorded],
    reads: Reads,
    analysed: Callable[[Any, Any], Recorded],
    scored: Callable[[list[int], Any], tuple[int, Fraction]],
    progress: Callable[[], None] | None,
) -> tuple[GradedHand, ...]:
    """The finished hands of a match of seats played from ``state`` (its start) by ``actions``.
    Each decision of ``me`` with a real choice is graded as ``recorded`` says at its place in the game
    when it recorded that action, else by ``analysed(view, action)``. ``scored(gained, dealer)``: a
    finished hand's points (the student's side's margin of the points each team gained) and its seat's
    average there."""
    hands: list[GradedHand] = []
    moves: list[GradedMove] = []
    expected: float | None = None
    for index, act in enumerate(actions):
        number = state.hand_number
        hand = state.hand
        if state.to_act == me:
            view = reads.seat_view(hand, me)
            if len(view.legal) > 1:
                rec = recorded.get(index)
                if rec is None or rec.action != str(act):
                    rec = analysed(view, act)
                if expected is None:
                    expected = rec.best_ev
                move = (number, view.phase.value, reads.words(view), str(act), rec.best, rec.label, rec.loss)
                moves.append(
                    GradedMove(*move, True, method_rules_left_out(rec.rules), reads.written(hand, me))
                )
                if progress is not None:
                    progress()
        before = state.scores
        dealer = hand.dealer
        state = state.apply(act)
        if state.hand_number != number or state.is_over:
            gained = [after - b for after, b in zip(state.scores, before, strict=True)]
            points, baseline = scored(gained, dealer)
            hands.append(GradedHand(number, points, expected, baseline, tuple(moves)))
            moves, expected = [], None
    return tuple(hands)


def recorded_grades(data: object, *, leveled: bool = True) -> tuple[str, dict[int, Recorded]] | None:
    """The table's grades a save carries (the table's level, and each graded decision by its place in
    the game), or None when it carries none; a malformed ``grades`` is refused, saying what is wrong.
    ``leveled=False``: a save of a game whose table names no level ("")."""
    if not isinstance(data, dict) or "grades" not in data:
        return None
    grades = data["grades"]
    if not isinstance(grades, dict) or (leveled and not isinstance(grades.get("level"), str)):
        what = 'the table\'s "level" and its "decisions"' if leveled else 'its "decisions"'
        raise SaveFileError(f'"grades" must be an object with {what}')
    items = grades.get("decisions")
    if not isinstance(items, list):
        raise SaveFileError('"grades" must list its "decisions"')
    out: dict[int, Recorded] = {}
    for n, item in enumerate(items, 1):
        try:
            index = item["index"]
            rec = Recorded(
                str(item["action"]),
                str(item["label"]),
                float(item["loss"]),
                str(item["best"]),
                float(item["best_ev"]),
                tuple(str(r) for r in item["rules"]),
            )
        except (TypeError, KeyError, ValueError):
            raise SaveFileError(
                f'grade {n} of "grades" needs "index", "action", "label", "loss", "best", "best_ev" and '
                '"rules" (as the table writes them)'
            ) from None
        if isinstance(index, bool) or not isinstance(index, int) or rec.label not in GRADES or rec.loss < 0:
            raise SaveFileError(
                f'grade {n} of "grades" is not a table\'s grade: a whole index, a label of {", ".join(GRADES)} '
                "and a loss of 0 or more"
            )
        out[index] = rec
    return (grades["level"] if leveled else ""), out


def grade_saved_text(
    text: str,
    *,
    name: str,
    seat: Any = None,
    level: str | None = None,
    seed: int = 0,
    quick: bool = False,
    progress: Callable[[], None] | None = None,
    regrade: bool = False,
) -> GradedGame:
    """Grade a saved game of any registered game, told apart by its ``format`` field, as its game's
    ``grade_save`` does (the options are its: a sampling game's ``quick`` and ``seed``, a seated game's
    ``seat`` and ``level``, None: its table's default; the grades a save recorded are used unless ``regrade``)."""
    data = parse_saved_json(text, "game")
    kind = data.get("format") if isinstance(data, dict) else None
    game = find_format(kind)
    if game is None:
        formats = [g.save_format for g in all_games()]
        known = ", ".join(map(repr, formats[:-1])) + f" or {formats[-1]!r}"
        raise SaveFileError(
            f"not a saved game of the tutor (its format is {short(kind)}): the report reads the files the "
            f"tables' Save writes, {known}"
        )
    return game.grade_save(  # type: ignore[no-any-return]
        data, name=name, seat=seat, level=level, seed=seed, quick=quick, progress=progress, regrade=regrade
    )


def grade_saved_file(
    path: str | Path,
    *,
    name: str | None = None,
    seat: Any = None,
    level: str | None = None,
    seed: int = 0,
    quick: bool = False,
    regrade: bool = False,
) -> GradedGame:
    """Grade one saved file; the student's name is the file's name unless given."""
    text = read_saved_file(path, "game")
    return grade_saved_text(
        text, name=name or Path(path).stem, seat=seat, level=level, seed=seed, quick=quick, regrade=regrade
    )


# --------------------------------------------------------------------------- the command line


def table_levels() -> tuple[str, ...]:
    """Every registered game's table levels (its computer players' strengths), once each, in order."""
    return tuple(dict.fromkeys(level for game in all_games() if game.levels for level in game.levels))


def level_problem(level: str | None) -> str | None:
    """Why ``level`` (a command's ``--level``) names no table level, or None when it does (or is None)."""
    levels = table_levels()
    if level is None or level in levels:
        return None
    return f"unknown table level {short(level)}: choose {', '.join(levels)}"


def add_grading_arguments(parser: Any, *, faster: str = "several times faster") -> None:
    """The options of a command that grades saved games: ``--seat``, ``--level``, ``--seed``, ``--quick``
    (as :func:`grade_saved_file` takes them; a command checks ``--level`` with :func:`level_problem`)."""
    parser.add_argument(
        "--seat", default=None, help="the student's seat in a saved match of seats (default: South)"
    )
    parser.add_argument(
        "--level",
        default=None,
        metavar="LEVEL",
        help="the table's level the games were played at, how the advisor plays deals out (default: each "
        "game's table's)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="the sampling seed of the sampled grades (default 0)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"sampled grades on one fixed sample of 200 deals each ({faster}; a grade near a band's edge "
        "may differ from the table's)",
    )
