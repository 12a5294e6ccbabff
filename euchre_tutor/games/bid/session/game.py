"""Bid Euchre's session hooks (:class:`Hooks`): its matches, positions, grades, drills and tables.

Its registered :class:`~euchre_tutor.rules.games.Game` answers each hook from them. A Bid Euchre drill
is graded as ``bid analyze`` grades it: the rule-based player, the Bid table's, takes the other seats'
decisions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from euchre_tutor.advisor.drills import Drill
from euchre_tutor.advisor.voice import Depth
from euchre_tutor.cards import Card
from euchre_tutor.games.bid import views
from euchre_tutor.games.bid.advisor import analyse, bid_grade
from euchre_tutor.games.bid.advisor.ideas import explain, grade_words
from euchre_tutor.games.bid.advisor.position import read_position, write_position
from euchre_tutor.games.bid.advisor.worlds import sample_worlds
from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.engine import Action, Phase
from euchre_tutor.games.bid.engine.actions import CARDS_PASSED, QUESTIONS
from euchre_tutor.games.bid.engine.game import BidGame
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.games.bid.session.controller import BidController, action_label
from euchre_tutor.games.bid.session.grading import grade_bid, grade_bid_table
from euchre_tutor.games.bid.session.tutor import BidTutor, phase_words
from euchre_tutor.games.bid.views import SeatView
from euchre_tutor.session.games import Choice, DrillScene, PracticeGrade, SeatedHooks, sampled_hooks
from euchre_tutor.session.learning import GradedGame, recorded_grades
from euchre_tutor.tricks.seating import FOUR, Seat, Seating

__all__ = ["Hooks"]


def _grade_save(
    data: object,
    *,
    name: str,
    seed: int = 0,
    progress: Callable[[], None] | None = None,
    regrade: bool = False,
    **_: object,
) -> GradedGame:
    held = None if regrade else recorded_grades(data, leveled=False)
    return grade_bid(
        BidGame.from_json(data),
        name=name,
        seed=seed,
        progress=progress,
        recorded=None if held is None else held[1],
    )


def _hidden(game: BidGame, seat: Seat) -> frozenset[Card]:
    hand = game.state.hand
    others = (c for s in FOUR.seats if s != seat for c in hand.hands[s])
    kitty = () if seat == hand.bidder else hand.deal.kitty
    face_down = () if seat == hand.bidder else hand.discards
    return frozenset((*others, *kitty, *face_down))


def _less(cards: list[Card], gone: list[Card]) -> list[Card]:
    """``cards`` without one copy of each of ``gone`` (the order of the rest kept)."""
    out = list(cards)
    for c in gone:
        out.remove(c)
    return out


def _position_of_view(view: SeatView, rng: random.Random) -> dict[str, Any]:
    """``view`` as ``bid analyze`` reads it: a deal consistent with the view (from one sampled world), the
    bidding, the kitty exchange and a call's cards, and the plays.

    What the seat did not see is written the simplest way the view allows: a bid winner whose discards
    are hidden discarded the kitty it took; a loner whose discards are hidden discarded the cards its
    partner passed (and, when those are hidden too, they are the cards the world set aside). At its own
    kitty exchange, the bid winner's kitty is the cards discarded so far and the last of its hand (to
    another seat, that exchange is not begun)."""
    world = sample_worlds(view, 1, rng)[0]
    seats = view.seat.seating.seats
    k = view.rules.kitty_size
    plays = [(seat, card) for trick in view.tricks for seat, card in trick.plays] + list(view.trick_plays)
    dealt: dict[Seat, list[Card]] = {
        # the cards played first: with a double deck, playing a card takes its first copy in the hand
        seat: [*(c for s, c in plays if s == seat), *world.hands[seat]]
        for seat in seats
    }
    actions = [str(a) for _, a in view.bids]
    kitty: list[Card] = []
    bidder = view.bidder
    if k and bidder is not None and view.phase not in (Phase.BIDDING, Phase.TRUMP):
        done = list(world.discards[:k])
        if view.phase is Phase.KITTY and view.seat != bidder:
            # another seat does not see how far the exchange is: written as not begun (the same view)
            kitty, done = done, []
        elif view.phase is Phase.KITTY:  # the bid winner's exchange under way: it holds the rest of the kitty
            held = k - len(done)
            extra = dealt[bidder][len(dealt[bidder]) - held :] if held else []
            dealt[bidder] = dealt[bidder][: len(dealt[bidder]) - held]
            kitty = [*done, *extra]
        else:
            kitty = done
        actions += [f"discard {c}" for c in done]
    loner_out = view.sitting_out
    if bidder is not None and loner_out is not None and view.alone in CARDS_PASSED:
        in_call = view.seat in (bidder, loner_out)
        # the cards passed: those the seat saw; to the others none during the call, then the world's
        # set-aside ones
        if in_call:
            gifts = list(view.gifts)
        elif view.phase is Phase.CALL:
            gifts = []
        else:
            gifts = list(world.discards[k : k + CARDS_PASSED[view.alone]])
        # the loner's discards: its own it knows; to the others none while it discards, then the cards
        # it was passed
        if view.seat == bidder:
            back = list(view.discards[k:])
        elif view.phase in (Phase.CALL, Phase.LONER_DISCARD):
            back = []
        else:
            back = list(gifts)
        dealt[loner_out] = [*dealt[loner_out], *gifts]
        if view.seat == bidder or view.phase is Phase.CALL:  # the world's loner holds the cards passed
            dealt[bidder] = _less([*dealt[bidder], *back], gifts)
        actions += [f"give {c}" for c in gifts] + [f"discard {c}" for c in back]
    position: dict[str, Any] = {
        "rules": view.rules.to_json(),
        "dealer": view.dealer.name,
        "hands": {seat.name: [str(c) for c in dealt[seat]] for seat in seats},
        "actions": actions + [f"play {card}" for _, card in plays],
        "seat": view.seat.name,
    }
    if k:
        position["kitty"] = [str(c) for c in kitty] if kitty else [str(c) for c in world.deal.kitty]
    return position


class Hooks(SeatedHooks):
    """Bid Euchre's session hooks (see :class:`~euchre_tutor.rules.games.Game`)."""

    match = BidGame
    rules = BidRules
    views = views
    controller = BidController
    tutor = BidTutor
    hidden = staticmethod(_hidden)
    read_position = staticmethod(read_position)
    words = staticmethod(action_label)
    analyse = staticmethod(sampled_hooks(analyse, RuleBasedPlayer))
    grade_save = staticmethod(_grade_save)
    grade_table = staticmethod(grade_bid_table)
    position_of_view = staticmethod(_position_of_view)

    def seating(self, rules: BidRules) -> Seating:
        return FOUR

    def players(self, seed: int) -> Callable[[SeatView], Action]:
        return RuleBasedPlayer().choose

    def position_of(self, game: BidGame) -> dict[str, Any]:
        assert game.state.to_act is not None  # the position of a decision
        return write_position(game.state.hand, game.state.to_act)

    def where(self, hand: int, position: dict[str, Any]) -> str:
        return f"hand {hand}, {phase_words(read_position(position))}"

    def scene(self, drill: Drill, choices: tuple[Choice, ...]) -> DrillScene:
        """A Bid Euchre drill as the seat saw it: the bids so far, the contract, its own discards or the
        cards passed in a call, and the trick so far."""
        view: SeatView = self.drill_view(drill)
        rows: list[tuple[str, tuple[Card, ...]]] = []
        bids = ", ".join(f"{s.word} {action_label(a)}" for s, a in view.bids if a.kind != "trump")
        rows.append((f"Bids so far: {bids or 'nobody has bid yet'}.", ()))
        if view.phase is not Phase.BIDDING and view.high is not None and view.bidder is not None:
            if view.trump is not None:
                contract = f"{view.trump.plural} trump"
            elif view.notrump is not None:
                contract = f"no trump ({view.notrump})"
            else:
                contract = "trump still to be named"
            rows.append(
                (
                    f"{view.bidder.word} won the bidding with {action_label(view.high)}: {contract}, "
                    f"{view.needs} tricks needed.",
                    (),
                )
            )
        if view.discards:
            rows.append(("Your discards (only you see them):", DrillScene.in_deck_order(view.discards)))
        if view.gifts:
            rows.append(
                (
                    "The cards passed in the call (only the loner and the partner see them):",
                    DrillScene.in_deck_order(view.gifts),
                )
            )
        question = QUESTIONS.get(view.phase, "What do you do?")
        if view.phase is Phase.PLAY:
            ours = sum(1 for t in view.tricks if t.winner.team is view.seat.team)
            if view.tricks:
                rows.append((f"Your side has taken {ours} of the {len(view.tricks)} tricks played.", ()))
            question = DrillScene.trick(view, rows)
        title = f"Bid Euchre: you are {view.seat.word}, {view.dealer.word} deals"
        return DrillScene(
            title, DrillScene.in_deck_order(view.hand), view.trump, tuple(rows), question, choices
        )

    def grade_answer(
        self, drill: Drill, answer: str, *, worlds: int, max_worlds: int | None = None, seed: int = 0
    ) -> PracticeGrade:
        view: SeatView = self.drill_view(drill)
        action: Action = self.answer(view, answer)
        analysis = analyse(
            view, continuation=RuleBasedPlayer(), worlds=worlds, seed=seed, max_worlds=max_worlds
        )
        g = bid_grade(analysis, action)
        said = grade_words(analysis, action)
        assert g is not None and said is not None  # the action is legal, so it is an option
        return PracticeGrade.graded(
            str(action),
            g.label,
            action_label(analysis.best.action),
            f"{action_label(action)}: {said.text}",
            tuple(explain(analysis, view).sentences(Depth.COMPARE)),
        )
