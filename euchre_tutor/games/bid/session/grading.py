"""Grading a Bid Euchre match after the fact, as the Bid table grades it (the registry's ``grade_save``
and ``grade_table``): every decision of South with a real choice, on the hint's analysis (200 sampled
deals, the rule-based player, the table's computer player, taking the other seats' decisions), seeded,
so the same file gives the same grades. The luck's seat baseline is measured at the default rules
(:func:`~euchre_tutor.advisor.luck.measured_baseline`; 0 at others).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Final

from euchre_tutor.advisor.luck import measured_baseline
from euchre_tutor.games.bid import LUCK_BASELINE
from euchre_tutor.games.bid.advisor import analyse, bid_grade
from euchre_tutor.games.bid.advisor.analysis import DEFAULT_WORLDS
from euchre_tutor.games.bid.advisor.position import write_position
from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.engine.game import BidGame
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.games.bid.session.controller import STUDENT, BidController
from euchre_tutor.games.bid.session.tutor import BidTutor, phase_words
from euchre_tutor.games.bid.views import SeatView, seat_view
from euchre_tutor.session.games import graded_at_table, tutor_grades
from euchre_tutor.session.learning import GradedGame, Reads, Recorded, cards_words, graded_hands, record
from euchre_tutor.tricks.seating import Seat

__all__ = ["grade_bid", "grade_bid_table"]


def _position(view: SeatView) -> str:
    parts = [
        f"{view.seat.word}, dealer {view.dealer.word}",
        f"hand {cards_words(view.hand)}",
        phase_words(view),
    ]
    if view.high is not None and view.bidder is not None:
        parts.append(f"high {view.high} by {view.bidder.word}")
    if view.trick_plays:
        parts.append("trick so far " + ", ".join(f"{s.word} {c}" for s, c in view.trick_plays))
    return "; ".join(parts)


_READS: Final = Reads(seat_view, _position, write_position)


def grade_bid(
    game: BidGame,
    *,
    name: str,
    seed: int = 0,
    worlds: int = DEFAULT_WORLDS,
    progress: Callable[[], None] | None = None,
    recorded: Mapping[int, Recorded] | None = None,
) -> GradedGame:
    """Grade the student's (South's) decisions of a Bid Euchre match (see the module doc): each
    decision with a real choice on ``worlds`` sampled deals seeded by ``seed``, as the Bid table's
    hint; ``recorded``: the table's own grades by place in the game, used as they are for every
    decision they cover (the session report reads the tutor's)."""
    me = STUDENT
    player = RuleBasedPlayer()
    mine = me.team.index

    def analysed(view: SeatView, act: Any) -> Recorded:
        a = analyse(view, continuation=player, worlds=worlds, seed=seed)
        return record(act, a, bid_grade(a, act))

    def scored(gained: list[int], dealer: Seat) -> tuple[int, Fraction]:
        margin = gained[mine] - gained[1 - mine]
        return margin, measured_baseline(
            LUCK_BASELINE, me.from_dealer(dealer), measured=game.rules == BidRules()
        )

    graded = graded_hands(game.start, game.actions, me, recorded or {}, _READS, analysed, scored, progress)
    return GradedGame("bid", name, me.word, graded)


def grade_bid_table(
    controller: BidController, tutor: BidTutor, *, name: str = "Student"
) -> tuple[GradedGame, int, int]:
    """The student's graded Bid Euchre match, as :func:`grade_bid` grades a save, with the tutor's own
    grades where it holds them and the others graded now on the tutor's deals and seed; also how many
    decisions took the table's grade and how many were graded now."""
    recorded = tutor_grades(controller, tutor, leveled=False)
    held = {} if recorded is None else recorded[1]
    game = BidGame.from_json(controller.game.to_json())  # a copy: grading never touches the table
    graded = grade_bid(game, name=name, seed=tutor.seed, worlds=tutor.worlds, recorded=held)
    return graded_at_table(graded, tutor, held)
