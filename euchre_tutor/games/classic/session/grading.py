"""Grading a classic match after the fact, as the table grades it (the registry's ``grade_save`` and
``grade_table``): every decision of the student's seat (South unless told) that had a real choice.

The hint's analysis (adaptive sampling) is refined after the move when the grade is left on a band's
edge (:func:`~euchre_tutor.games.classic.advisor.reasons.classic_grade`). The analyses are seeded by the
position, so the same file gives the same grades every time. The advisor plays the rest of a sampled
deal as the table's level does (Club unless told). A live table's grades are the tutor's own wherever it
holds them (:func:`grade_classic_table`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.analysis import analyse, graded_analysis
from euchre_tutor.games.classic.advisor.position import write_position
from euchre_tutor.games.classic.advisor.reasons import classic_grade
from euchre_tutor.games.classic.advisor.table_calibration import table_baseline
from euchre_tutor.games.classic.bots import LEVELS, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Seat
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.session.controller import ClassicController, rules_seat
from euchre_tutor.games.classic.session.tutor import ClassicTutor, analysis_seed
from euchre_tutor.games.classic.views import SeatView, seat_view
from euchre_tutor.session.games import graded_at_table, tutor_grades
from euchre_tutor.session.learning import GradedGame, Reads, Recorded, cards_words, graded_hands, record
from euchre_tutor.session.tables import live

__all__ = ["computer_classic_save", "grade_classic", "grade_classic_table", "tutor_of"]


def _position(view: SeatView) -> str:
    parts = [f"{view.seat.word}, dealer {view.dealer.word}", f"hand {cards_words(view.hand)}"]
    if view.trump is None:
        parts.append(f"up card {view.up}" + ("" if not view.bids else f", bids so far: {len(view.bids)}"))
    else:
        parts.append(f"trump {view.trump}")
        if view.trick_plays:
            parts.append("trick so far " + ", ".join(f"{s.word} {c}" for s, c in view.trick_plays))
        else:
            parts.append(f"to lead, trick {len(view.tricks) + 1}")
    return "; ".join(parts)


_READS: Final = Reads(seat_view, _position, write_position)


def grade_classic(
    game: ClassicGame,
    *,
    name: str,
    seat: Seat | str | None = None,
    level: str = "club",
    seed: int = 0,
    quick: bool = False,
    progress: Callable[[], None] | None = None,
    recorded: tuple[str, dict[int, Recorded]] | None = None,
) -> GradedGame:
    """Grade the student's decisions of a classic match (see the module doc).

    ``quick``: one fixed sample of the default 200 deals per decision, no adaptive sampling and no
    refinement: several times faster, but a grade near a band's edge may differ from the table's.
    ``recorded``: the grades the table wrote into the save (:func:`recorded_grades`), used as they are
    for every decision they cover when their level is ``level`` (the table graded as the report would,
    with every deal it took): a class's report then takes seconds, not hours. The others are graded.
    """
    if level not in LEVELS:
        raise EuchreError(f"unknown table level {level!r}: choose {', '.join(LEVELS)}")
    rules = game.rules
    me = rules_seat(rules, seat)
    model = LEVELS[level].model(seed)
    team = me.team.index
    table = recorded[1] if recorded is not None and recorded[0] == level else {}

    def analysed(view: SeatView, act: Any) -> Recorded:
        # valued as the table valued them (its measured scores): the grades the table recorded and the
        # luck's baseline (the table's own) are of the same kind
        if quick:
            a = analyse(view, continuation=model, seed=seed, table=level)
        else:
            a, _ = graded_analysis(view, act, continuation=model, seed=seed, table=level)
        return record(act, a, classic_grade(a, act))

    def scored(gained: list[int], dealer: Seat) -> tuple[int, Fraction]:
        margin = gained[team] - max(p for i, p in enumerate(gained) if i != team)
        return margin, table_baseline(level, me.from_dealer(dealer), rules.players)

    graded = graded_hands(game.start, game.actions, me, table, _READS, analysed, scored, progress)
    return GradedGame("classic", name, me.word, graded)


def tutor_of(controller: ClassicController) -> ClassicTutor | None:
    """The tutor that grades a classic table, if any."""
    found = None
    for table in live():  # a tutor tracks itself when it is made (the latest one wins)
        if isinstance(table, ClassicTutor) and table.controller is controller:
            found = table
    return found


def grade_classic_table(
    controller: ClassicController, tutor: ClassicTutor | None = None, *, name: str = "Student"
) -> tuple[GradedGame, int, int]:
    """The student's graded match, as :func:`grade_classic` grades a save, with the tutor's own grades
    where it holds them (its :meth:`ClassicTutor.recorded_grades`, as a save carries them); the others on
    one fixed sample each (``quick``). Also how many decisions took the table's grade and how many were
    graded now."""
    level = tutor.table if tutor is not None else "club"
    seed = tutor.seed if tutor is not None else analysis_seed(controller.seed)
    recorded = tutor_grades(controller, tutor)
    game = ClassicGame.from_json(controller.game.to_json())  # a copy: grading never touches the table
    graded = grade_classic(
        game, name=name, seat=controller.seat, level=level, seed=seed, quick=True, recorded=recorded
    )
    return graded_at_table(graded, tutor, None if recorded is None else recorded[1])


def computer_classic_save(seed: int, hands: int, level: str = "beginner") -> str:
    """The save of a classic match a computer student (``level``'s player, South) played for ``hands``
    hands at a Club table: a class to report on, for demonstrations, tests and the benchmark."""
    student = LEVELS[level].player(seed)
    club = RuleBasedPlayer()
    game = ClassicGame(seed=seed)
    me = rules_seat(game.rules, None)
    while not game.state.is_over and game.state.hand_number <= hands:
        seat = game.state.to_act
        assert seat is not None
        game.apply((student if seat == me else club).choose(seat_view(game.state.hand, seat)))
    return game.dumps()
