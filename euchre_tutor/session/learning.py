"""Grading a student's saved games after the fact: every decision, hand by hand, as the tables grade them.

A teacher collects the students' saved games (Solitaire, classic or Bid Euchre, the files the
tables' **Save** writes) and asks for a report. :func:`grade_saved_file` reads one file, replays it through
the checked engine, and grades the student's decisions with the advisor:

* classic: every decision of the student's seat (South unless told) that had a real choice, as the
  table grades it: the hint's analysis (adaptive sampling) refined after the move when the grade is
  left on a band's edge (:func:`classic_grade`). The analyses are seeded by the position, so the same
  file gives the same grades every time. The advisor plays the rest of a sampled deal as the table's
  level does (Club unless told);
* Solitaire: every decision, exactly (:func:`review_deal`); a decision with one legal card has no
  real choice and does not count in the error rate;
* Bid Euchre: every decision of South with a real choice, as the Bid table grades it: the hint's
  analysis (200 sampled deals, the rule-based player, the table's computer player, taking the other
  seats' decisions), seeded, so the same file gives the same grades (:func:`grade_bid`). The luck's
  seat baseline is measured at the default rules (:func:`~euchre_tutor.advisor.luck.bid_baseline`; 0 at others).

It returns a :class:`GradedGame`: per finished hand, the points, the advisor's value at the first
decision and the seat's baseline (for :mod:`~euchre_tutor.advisor.luck`), and every graded move with
its position in words and the rule ids of the advisor's reasons. A bad file raises the
:class:`~euchre_tutor.errors.SaveFileError` that says what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, NamedTuple

from euchre_tutor.advisor.luck import bid_baseline, classic_baseline, solitaire_baseline
from euchre_tutor.advisor.shared import GRADES
from euchre_tutor.errors import EuchreError, SaveFileError
from euchre_tutor.games.bid.advisor import analyse as analyse_bid
from euchre_tutor.games.bid.advisor import bid_grade
from euchre_tutor.games.bid.advisor.analysis import DEFAULT_WORLDS as BID_WORLDS
from euchre_tutor.games.bid.advisor.position import write_position as write_bid_position
from euchre_tutor.games.bid.bots import RuleBasedPlayer as BidPlayer
from euchre_tutor.games.bid.engine.game import BidGame
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.games.bid.session.controller import STUDENT as BID_STUDENT
from euchre_tutor.games.bid.session.tutor import phase_words
from euchre_tutor.games.bid.views import SeatView as BidView
from euchre_tutor.games.bid.views import seat_view as bid_seat_view
from euchre_tutor.games.classic.advisor.analysis import analyse, graded_analysis
from euchre_tutor.games.classic.advisor.position import write_position
from euchre_tutor.games.classic.advisor.reasons import classic_grade
from euchre_tutor.games.classic.bots import LEVELS
from euchre_tutor.games.classic.engine.engine import Seat
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.session.controller import rules_seat
from euchre_tutor.games.classic.views import SeatView, seat_view
from euchre_tutor.games.solitaire.advisor.advice import action_label, review_deal
from euchre_tutor.games.solitaire.engine.engine import Action as SolitaireAction
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Play, new_deal
from euchre_tutor.games.solitaire.engine.engine import Phase as SolitairePhase
from euchre_tutor.games.solitaire.engine.game import SolitaireGame, StartDeal
from euchre_tutor.games.solitaire.views import SolitaireView
from euchre_tutor.jsonio import short
from euchre_tutor.session.games import game_specs, spec_of_format
from euchre_tutor.tricks.history import parse_saved_json, read_saved_file

__all__ = [
    "METHOD_RULES",
    "GradedGame",
    "GradedHand",
    "GradedMove",
    "computer_classic_save",
    "computer_solitaire_save",
    "grade_bid",
    "grade_classic",
    "grade_saved_file",
    "grade_saved_text",
    "recorded_grades",
    "solitaire_position",
]


#: rules every analysis cites (how the advisor works, not what the student missed): left out of a move's rules
METHOD_RULES: Final = frozenset(
    {
        "classic.advice-sampled",
        "classic.advice-contrast",
        "solitaire.advice-exact",
        "solitaire.advice-contrast",
    }
)


def _rules(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(r for r in dict.fromkeys(ids) if r not in METHOD_RULES)


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


def _cards(cards: tuple[object, ...]) -> str:
    return " ".join(str(c) for c in cards) or "none"


def _classic_position(view: SeatView) -> str:
    parts = [f"{view.seat.word}, dealer {view.dealer.word}", f"hand {_cards(view.hand)}"]
    if view.trump is None:
        parts.append(f"up card {view.up}" + ("" if not view.bids else f", bids so far: {len(view.bids)}"))
    else:
        parts.append(f"trump {view.trump}")
        if view.trick_plays:
            parts.append("trick so far " + ", ".join(f"{s.word} {c}" for s, c in view.trick_plays))
        else:
            parts.append(f"to lead, trick {len(view.tricks) + 1}")
    return "; ".join(parts)


def _solitaire_position(view: SolitaireView) -> str:
    parts = [f"hand {_cards(view.hand)}", f"turn card {view.turn_card}"]
    if view.trump is not None:
        parts.append(f"trump {view.trump}, trick {view.trick_number + 1}")  # the view counts from 0
        if view.deck_lead is not None:
            parts.append(f"the deck led {view.deck_lead}")
    return "; ".join(parts)


def _bid_position(view: BidView) -> str:
    parts = [f"{view.seat.word}, dealer {view.dealer.word}", f"hand {_cards(view.hand)}", phase_words(view)]
    if view.high is not None and view.bidder is not None:
        parts.append(f"high {view.high} by {view.bidder.word}")
    if view.trick_plays:
        parts.append("trick so far " + ", ".join(f"{s.word} {c}" for s, c in view.trick_plays))
    return "; ".join(parts)


class _Reads(NamedTuple):
    """How a game's match is read for grading: a seat's view of a hand, the view in words, and the hand
    as the game's ``analyze`` command reads it."""

    seat_view: Callable[[Any, Any], Any]
    words: Callable[[Any], str]
    written: Callable[[Any, Any], dict[str, Any]]


_CLASSIC_READS: Final = _Reads(seat_view, _classic_position, write_position)
_BID_READS: Final = _Reads(bid_seat_view, _bid_position, write_bid_position)


@dataclass(frozen=True, slots=True)
class _Recorded:
    """One decision as the table graded it (a save's ``grades``)."""

    action: str
    label: str
    loss: float
    best: str
    best_ev: float
    rules: tuple[str, ...]


def _record(act: object, analysis: Any, grade: Any) -> _Recorded:
    """A decision graded now, as a table records it (``grade``: of ``act`` in ``analysis``)."""
    assert grade is not None  # a legal action is an option
    best = analysis.best
    return _Recorded(
        str(act),
        grade.label,
        float(grade.ev_loss),
        str(best.action),
        best.ev,
        tuple(r.rule for r in analysis.reasons),
    )


def _graded_hands(
    state: Any,
    actions: Sequence[Any],
    me: Any,
    recorded: Mapping[int, _Recorded],
    reads: _Reads,
    analysed: Callable[[Any, Any], _Recorded],
    scored: Callable[[list[int], Any], tuple[int, Fraction]],
    progress: Callable[[], None] | None,
) -> tuple[GradedHand, ...]:
    """The finished hands of a classic or Bid Euchre match played from ``state`` (its start) by ``actions``.
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
                moves.append(GradedMove(*move, True, _rules(rec.rules), reads.written(hand, me)))
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


def recorded_grades(data: object, *, leveled: bool = True) -> tuple[str, dict[int, _Recorded]] | None:
    """The table's grades a classic or Bid save carries (the classic table's level, and each graded
    decision by its place in the game), or None when it carries none; a malformed ``grades`` is
    refused, saying what is wrong. ``leveled=False``: a Bid save's, which names no level ("")."""
    if not isinstance(data, dict) or "grades" not in data:
        return None
    grades = data["grades"]
    if not isinstance(grades, dict) or (leveled and not isinstance(grades.get("level"), str)):
        what = 'the table\'s "level" and its "decisions"' if leveled else 'its "decisions"'
        raise SaveFileError(f'"grades" must be an object with {what}')
    items = grades.get("decisions")
    if not isinstance(items, list):
        raise SaveFileError('"grades" must list its "decisions"')
    out: dict[int, _Recorded] = {}
    for n, item in enumerate(items, 1):
        try:
            index = item["index"]
            rec = _Recorded(
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


def grade_classic(
    game: ClassicGame,
    *,
    name: str,
    seat: Seat | str | None = None,
    level: str = "club",
    seed: int = 0,
    quick: bool = False,
    progress: Callable[[], None] | None = None,
    recorded: tuple[str, dict[int, _Recorded]] | None = None,
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
    state = ClassicGame.from_json({**game.to_json(), "actions": [], "position": 0}).state  # the match's start
    table = recorded[1] if recorded is not None and recorded[0] == level else {}

    def analysed(view: SeatView, act: Any) -> _Recorded:
        if quick:
            a = analyse(view, continuation=model, seed=seed)
        else:
            a, _ = graded_analysis(view, act, continuation=model, seed=seed)
        return _record(act, a, classic_grade(a, act))

    def scored(gained: list[int], dealer: Seat) -> tuple[int, Fraction]:
        margin = gained[team] - max(p for i, p in enumerate(gained) if i != team)
        return margin, classic_baseline(me.from_dealer(dealer), rules.players)

    graded = _graded_hands(state, game.actions, me, table, _CLASSIC_READS, analysed, scored, progress)
    return GradedGame("classic", name, me.word, graded)


def grade_bid(
    game: BidGame,
    *,
    name: str,
    seed: int = 0,
    worlds: int = BID_WORLDS,
    progress: Callable[[], None] | None = None,
    recorded: Mapping[int, _Recorded] | None = None,
) -> GradedGame:
    """Grade the student's (South's) decisions of a Bid Euchre match (see the module doc): each
    decision with a real choice on ``worlds`` sampled deals seeded by ``seed``, as the Bid table's
    hint; ``recorded``: the table's own grades by place in the game, used as they are for every
    decision they cover (the session report reads the tutor's)."""
    me = BID_STUDENT
    player = BidPlayer()
    state = BidGame.from_json({**game.to_json(), "actions": [], "position": 0}).state  # the match's start
    mine = me.team.index

    def analysed(view: BidView, act: Any) -> _Recorded:
        a = analyse_bid(view, continuation=player, worlds=worlds, seed=seed)
        return _record(act, a, bid_grade(a, act))

    def scored(gained: list[int], dealer: Seat) -> tuple[int, Fraction]:
        margin = gained[mine] - gained[1 - mine]
        return margin, bid_baseline(me.from_dealer(dealer), default_rules=game.rules == BidRules())

    graded = _graded_hands(state, game.actions, me, recorded or {}, _BID_READS, analysed, scored, progress)
    return GradedGame("bid", name, me.word, graded)


def grade_solitaire(
    game: SolitaireGame, *, name: str, progress: Callable[[], None] | None = None
) -> GradedGame:
    """Grade every decision of a Solitaire game's finished deals, exactly (see the module doc)."""
    rules = game.rules
    deals: list[tuple[StartDeal, list[SolitaireAction]]] = []
    for act in game.actions:
        if isinstance(act, StartDeal):
            deals.append((act, []))
        elif deals:
            deals[-1][1].append(act)
    hands: list[GradedHand] = []
    for number, (start, actions) in enumerate(deals, 1):
        state = new_deal(start.deal, rules)
        for act in actions:
            state = state.apply(act)
        if state.phase is not SolitairePhase.OVER:
            continue  # an unfinished deal has no result yet
        reviews = review_deal(start.deal, actions, rules)
        moves = []
        for i, r in enumerate(reviews):
            turn = start.deal.turn
            moves.append(
                GradedMove(
                    number,
                    r.analysis.phase,
                    _solitaire_position(r.view),
                    action_label(r.action, turn),
                    action_label(r.analysis.best.action, turn),
                    r.grade.label,
                    float(r.grade.ev_loss),
                    len(r.analysis.options) > 1,
                    _rules(reason.rule for reason in r.analysis.reasons),
                    solitaire_position(start.deal, actions[:i], rules.allow_name_turned),
                )
            )
            if progress is not None:
                progress()
        p, d = state.points
        first = reviews[0].analysis.best.ev if reviews else None
        hands.append(
            GradedHand(
                number, p - d, None if first is None else float(first), solitaire_baseline(), tuple(moves)
            )
        )
    return GradedGame("solitaire", name, "player", tuple(hands))


def solitaire_position(
    deal: object, before: Sequence[SolitaireAction], name_turned: bool = False
) -> dict[str, Any]:
    """The ``solitaire analyze`` input of the decision after ``before`` (the trump choice, then plays)
    in ``deal``: ``{"deal", "trump"?, "alone"?, "plays"?, "name_turned"?}``."""
    out: dict[str, Any] = {"deal": str(deal)}
    if before:
        choice = before[0]
        assert isinstance(choice, OrderUp | NameTrump)
        out["trump"] = "up" if isinstance(choice, OrderUp) else choice.suit.value
        if choice.alone:
            out["alone"] = True
        plays = [str(a.card) for a in before[1:] if isinstance(a, Play)]
        if plays:
            out["plays"] = " ".join(plays)
    if name_turned:
        out["name_turned"] = True
    return out


def grade_saved_text(
    text: str,
    *,
    name: str,
    seat: Seat | str | None = None,
    level: str = "club",
    seed: int = 0,
    quick: bool = False,
    progress: Callable[[], None] | None = None,
    regrade: bool = False,
) -> GradedGame:
    """Grade a saved game of any kind, told apart by its ``format`` field (``quick``: classic only;
    a classic or Bid save's recorded grades are used unless ``regrade``; ``seed`` seeds the classic and Bid
    analyses)."""
    data = parse_saved_json(text, "game")
    kind = data.get("format") if isinstance(data, dict) else None
    spec = spec_of_format(kind)
    if spec is None:
        formats = [s.save_format for s in game_specs()]
        known = ", ".join(map(repr, formats[:-1])) + f" or {formats[-1]!r}"
        raise SaveFileError(
            f"not a saved game of the tutor (its format is {short(kind)}): the report reads the files the "
            f"tables' Save writes, {known}"
        )
    return spec.grade_save(  # type: ignore[no-any-return]
        data, name=name, seat=seat, level=level, seed=seed, quick=quick, progress=progress, regrade=regrade
    )


def grade_saved_file(
    path: str | Path,
    *,
    name: str | None = None,
    seat: Seat | str | None = None,
    level: str = "club",
    seed: int = 0,
    quick: bool = False,
    regrade: bool = False,
) -> GradedGame:
    """Grade one saved file; the student's name is the file's name unless given."""
    text = read_saved_file(path, "game")
    return grade_saved_text(
        text, name=name or Path(path).stem, seat=seat, level=level, seed=seed, quick=quick, regrade=regrade
    )


# --------------------------------------------------------------------------- computer students


def computer_classic_save(seed: int, hands: int, level: str = "beginner") -> str:
    """The save of a classic match a computer student (``level``'s player, South) played for ``hands``
    hands at a Club table: a class to report on, for demonstrations, tests and the benchmark."""
    from euchre_tutor.games.classic.bots import RuleBasedPlayer

    student = LEVELS[level].player(seed)
    club = RuleBasedPlayer()
    game = ClassicGame(seed=seed)
    me = rules_seat(game.rules, None)
    while not game.state.is_over and game.state.hand_number <= hands:
        seat = game.state.to_act
        assert seat is not None
        game.apply((student if seat == me else club).choose(seat_view(game.state.hand, seat)))
    return game.dumps()


def computer_solitaire_save(seed: int, deals: int, slip: float = 0.3) -> str:
    """The save of a Solitaire game played for ``deals`` deals by a student who takes a random legal
    action ``slip`` of the time and otherwise the first legal one (seeded): for tests and demos."""
    import random

    rng = random.Random(seed)
    game = SolitaireGame(seed=seed)
    for _ in range(deals):
        if game.state.is_over:
            break
        game.new_deal()
        while (legal := game.state.legal_actions()) and not game.state.is_over:
            game.apply(rng.choice(legal) if rng.random() < slip else legal[0])
    return game.dumps()
