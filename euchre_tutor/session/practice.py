"""Practice: serving a deck's drills, grading the student's new answer, and building decks.

The deck and its schedule are :mod:`euchre_tutor.advisor.drills`; this module adds what needs the
tables' players: a classic drill is graded as the table grades a move (the advisor plays the rest of
each sampled deal as the table's level does, :data:`~euchre_tutor.bots.classic.LEVELS`), a Bid Euchre
drill as ``bid analyze`` grades it (the rule-based player, the Bid table's, takes the other seats'
decisions), a Solitaire drill exactly. An answer graded Best or Good is right. The grade is seeded, so the same position and
answer always get the same grade.

Decks come from two places: a student's graded saved games (:func:`add_graded_game`,
:func:`deck_from_saves`: every Mistake and Blunder), and a teacher's positions
(:func:`deck_from_positions`), handed out like a deal file.

An answer is written as the game's command line writes an action: ``"play JH"``, ``"pass"``,
``"order"``, ``"call S alone"`` for classic Euchre; ``"order up"``, ``"name clubs alone"``,
``"play JH"`` for Solitaire; ``"bid 3 H"``, ``"pass"``, ``"trump S"``, ``"play JH"`` for Bid Euchre
(:func:`drill_choices` lists a drill's). The table's words (``"J♥"``,
``"order up ♥"``, ``"name ♣"``) are read too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from euchre_tutor.advisor.bid import analyse as analyse_bid
from euchre_tutor.advisor.bid import bid_grade
from euchre_tutor.advisor.bid.position import read_position as read_bid_position
from euchre_tutor.advisor.classic.analysis import DEFAULT_WORLDS
from euchre_tutor.advisor.classic.cli import position_run
from euchre_tutor.advisor.classic.position import read_position
from euchre_tutor.advisor.classic.reasons import classic_grade
from euchre_tutor.advisor.drills import (
    GAME_WORDS,
    Deck,
    DeckError,
    Drill,
    check_position,
    drill_id,
    game_and_position,
)
from euchre_tutor.advisor.luck import MISTAKE_LABELS
from euchre_tutor.advisor.solitaire.advice import action_label, analyse_view, grade
from euchre_tutor.bid import Action as BidAction
from euchre_tutor.bid import Phase as BidPhase
from euchre_tutor.bots.bid import RuleBasedPlayer as BidPlayer
from euchre_tutor.bots.classic import LEVELS
from euchre_tutor.cards import Card, Suit
from euchre_tutor.classic.engine import Action as ClassicAction
from euchre_tutor.classic.engine import Phase as ClassicPhase
from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import load_json_text, short
from euchre_tutor.session.bid_controller import action_label as bid_label
from euchre_tutor.session.bid_tutor import phase_words
from euchre_tutor.session.learning import GradedGame, grade_saved_file
from euchre_tutor.solitaire.cli import position_from_json
from euchre_tutor.solitaire.engine import Action as SolitaireAction
from euchre_tutor.solitaire.engine import Play
from euchre_tutor.views.bid import SeatView as BidView
from euchre_tutor.views.classic import SeatView
from euchre_tutor.views.solitaire import SolitaireView, player_view

__all__ = [
    "DRILLED_LABELS",
    "RIGHT_LABELS",
    "TEACHER",
    "Choice",
    "DrillScene",
    "PracticeGrade",
    "add_graded_game",
    "answer_text",
    "deck_from_positions",
    "deck_from_saves",
    "drill_choices",
    "drill_scene",
    "grade_drill_answer",
]

#: the grades a drill's answer counts as right
RIGHT_LABELS: Final = frozenset({"Best", "Good"})
#: the grades of a game's decisions that become drills
DRILLED_LABELS: Final = MISTAKE_LABELS  # the grades a table turns into drills
TEACHER: Final = "from your teacher"


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


# --------------------------------------------------------------------------- answers


def _classic_words(action: ClassicAction) -> str:
    """An action as a button says it: 'play J♥', 'order up', 'call ♣ alone'."""
    if action.card is not None and not action.cards:
        return f"{action.kind} {action.card.symbol}"
    text = str(action)
    if action.kind == "order":
        text = text.replace("order", "order up", 1)
    if action.suit is not None:
        text = text.replace(f" {action.suit.value}", f" {action.suit.symbol}", 1)
    return text


def _classic_view(drill: Drill) -> SeatView:
    view = read_position(drill.position)[0]
    if not view.my_turn:
        raise EuchreError(f"drill {drill.id}: it is not {view.seat.word}'s turn: there is nothing to answer")
    return view


def _bid_view(drill: Drill) -> BidView:
    view = read_bid_position(drill.position)
    if not view.my_turn:
        raise EuchreError(f"drill {drill.id}: it is not {view.seat.word}'s turn: there is nothing to answer")
    return view


def _solitaire_view(drill: Drill) -> SolitaireView:
    return player_view(position_from_json(drill.position))


def _solitaire_words(action: SolitaireAction, turn: Card) -> str:
    return action_label(action, turn) if not isinstance(action, Play) else f"play {action.card.symbol}"


def drill_choices(drill: Drill) -> tuple[Choice, ...]:
    """The legal answers of a drill's position, in the engine's order."""
    if drill.game == "classic":
        return tuple(Choice(str(a), _classic_words(a)) for a in _classic_view(drill).legal)
    if drill.game == "bid":
        return tuple(Choice(str(a), bid_label(a)) for a in _bid_view(drill).legal)
    view = _solitaire_view(drill)
    return tuple(Choice(str(a), _solitaire_words(a, view.turn_card)) for a in view.legal)


def _find(answer: str, legal: Sequence[Any], names: Any, parse: Any = None) -> Any:
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


def _classic_action(view: SeatView, answer: str) -> ClassicAction:
    return _find(answer, view.legal, lambda a: {str(a), _classic_words(a)}, ClassicAction.parse)  # type: ignore[no-any-return]


def _bid_action(view: BidView, answer: str) -> BidAction:
    return _find(answer, view.legal, lambda a: {str(a), bid_label(a)}, BidAction.parse)  # type: ignore[no-any-return]


def _solitaire_action(view: SolitaireView, answer: str) -> SolitaireAction:
    def names(a: SolitaireAction) -> set[str]:
        return {str(a), action_label(a), action_label(a, view.turn_card), _solitaire_words(a, view.turn_card)}

    return _find(answer, view.legal, names)  # type: ignore[no-any-return]


def answer_text(game: str, position: dict[str, Any], answer: str) -> str:
    """``answer`` in the deck's words (e.g. the table's ``"J♥"`` becomes ``"play JH"``)."""
    probe = Drill(drill_id(game, position), game, position)  # type: ignore[arg-type]
    if game == "classic":
        return str(_classic_action(_classic_view(probe), answer))
    if game == "bid":
        return str(_bid_action(_bid_view(probe), answer))
    return str(_solitaire_action(_solitaire_view(probe), answer))


# --------------------------------------------------------------------------- the scene


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def drill_scene(drill: Drill) -> DrillScene:
    """The position as the student saw it, with a question and the legal answers."""
    choices = drill_choices(drill)
    if drill.game == "classic":
        view = _classic_view(drill)
        level = LEVELS[drill.level or "club"].name
        title = f"Classic Euchre, {level} table: you are {view.seat.word}, {view.dealer.word} deals"
        rows: list[tuple[str, tuple[Card, ...]]] = []
        if view.trump is None:
            rows.append(("Up card" if not view.up_taken else "Turned down", (view.up,)))
            bids = ", ".join(f"{s.word} {a}" for s, a in view.bids) or "nobody has bid yet"
            rows.append((f"Bids so far: {bids}.", ()))
            question = "What do you bid?"
        else:
            maker = (
                "" if view.maker is None else f" ({view.maker.word} made it{' alone' if view.alone else ''})"
            )
            rows.append((f"Trump: {view.trump.plural}{maker}.", ()))
            if view.phase is ClassicPhase.PLAY:
                trick = len(view.tricks) + 1
                if view.trick_plays:
                    who = ", ".join(f"{s.word} {c.symbol}" for s, c in view.trick_plays)
                    rows.append((f"Trick {trick} so far ({who}):", tuple(c for _, c in view.trick_plays)))
                    question = "Which card do you play?"
                else:
                    rows.append((f"You lead trick {trick}.", ()))
                    question = "Which card do you lead?"
            else:
                question = "What do you do?"
        return DrillScene(title, _cards(view.hand), view.trump, tuple(rows), question, choices)
    if drill.game == "bid":
        return _bid_scene(_bid_view(drill), choices)
    sview = _solitaire_view(drill)
    rows = [("Turn card", (sview.turn_card,))]
    if sview.trump is None:
        question = "Which trump do you choose?"
    else:
        alone = " alone" if sview.alone else ""
        rows.append(
            (
                f"Trump: {sview.trump.plural}{alone}; trick {sview.trick_number + 1}, "
                f"{sview.tricks_won} won so far.",
                (),
            )
        )
        if sview.deck_lead is not None:
            rows.append(("The deck led", (sview.deck_lead,)))
            question = "Which card do you play?"
        else:
            question = "Which card do you lead?"
    return DrillScene("Euchre Solitaire", _cards(sview.hand), sview.trump, tuple(rows), question, choices)


_BID_QUESTIONS: Final = {
    BidPhase.BIDDING: "What do you bid?",
    BidPhase.TRUMP: "Which trump do you name?",
    BidPhase.KITTY: "Which card do you discard?",
    BidPhase.CALL: "Which card do you pass to the loner?",
    BidPhase.LONER_DISCARD: "Which card do you discard?",
}


def _bid_scene(view: BidView, choices: tuple[Choice, ...]) -> DrillScene:
    """A Bid Euchre drill as the seat saw it: the bids so far, the contract, its own discards or the
    cards passed in a call, and the trick so far."""
    rows: list[tuple[str, tuple[Card, ...]]] = []
    bids = ", ".join(f"{s.word} {bid_label(a)}" for s, a in view.bids if a.kind != "trump")
    rows.append((f"Bids so far: {bids or 'nobody has bid yet'}.", ()))
    if view.phase is not BidPhase.BIDDING and view.high is not None and view.bidder is not None:
        if view.trump is not None:
            contract = f"{view.trump.plural} trump"
        elif view.notrump is not None:
            contract = f"no trump ({view.notrump})"
        else:
            contract = "trump still to be named"
        rows.append(
            (
                f"{view.bidder.word} won the bidding with {bid_label(view.high)}: {contract}, "
                f"{view.needs} tricks needed.",
                (),
            )
        )
    if view.discards:
        rows.append(("Your discards (only you see them):", _cards(view.discards)))
    if view.gifts:
        rows.append(
            ("The cards passed in the call (only the loner and the partner see them):", _cards(view.gifts))
        )
    question = _BID_QUESTIONS.get(view.phase, "What do you do?")
    if view.phase is BidPhase.PLAY:
        number = len(view.tricks) + 1
        ours = sum(1 for t in view.tricks if t.winner.team is view.seat.team)
        if view.tricks:
            rows.append((f"Your side has taken {ours} of the {len(view.tricks)} tricks played.", ()))
        if view.trick_plays:
            who = ", ".join(f"{s.word} {c.symbol}" for s, c in view.trick_plays)
            rows.append((f"Trick {number} so far ({who}):", tuple(c for _, c in view.trick_plays)))
            question = "Which card do you play?"
        else:
            rows.append((f"You lead trick {number}.", ()))
            question = "Which card do you lead?"
    title = f"Bid Euchre: you are {view.seat.word}, {view.dealer.word} deals"
    return DrillScene(title, _cards(view.hand), view.trump, tuple(rows), question, choices)


# --------------------------------------------------------------------------- grading


def grade_drill_answer(
    drill: Drill,
    answer: str,
    *,
    worlds: int = DEFAULT_WORLDS,
    max_worlds: int | None = None,
    seed: int = 0,
) -> PracticeGrade:
    """Grade ``answer`` to ``drill``'s position with its game's advisor (see the module doc).

    Classic: ``worlds`` deals a batch, as the table's hint and grade (adaptive, refined on a band's
    edge) unless ``max_worlds`` caps it (``max_worlds=worlds``: one fixed sample, fast but rougher).
    Bid Euchre: ``worlds`` deals, as the table's hint, and with ``max_worlds`` more while a grade is
    unsettled, up to it (as ``bid analyze --max-worlds``).
    """
    if drill.game == "classic":
        level = drill.level or "club"
        if level not in LEVELS:
            raise EuchreError(
                f"drill {drill.id}: unknown table level {short(level)}: choose {', '.join(LEVELS)}"
            )
        run, _ = position_run(drill.position, LEVELS[level].model(seed), worlds=worlds, seed=seed)
        action = _classic_action(run.view, answer)
        analysis = run.answer(action) if max_worlds is None else run.extend(max_worlds, focus=action)
        g = classic_grade(analysis, action)
        assert g is not None  # the action is legal, so it is an option
        text = f"{_classic_words(action)}: {g.text}"
        return PracticeGrade(
            str(action),
            g.label,
            g.label in RIGHT_LABELS,
            _classic_words(analysis.best.action),
            text,
            tuple(r.text for r in analysis.reasons),
        )
    if drill.game == "bid":
        bview = _bid_view(drill)
        baction = _bid_action(bview, answer)
        banalysis = analyse_bid(
            bview, continuation=BidPlayer(), worlds=worlds, seed=seed, max_worlds=max_worlds
        )
        bg = bid_grade(banalysis, baction)
        assert bg is not None  # the action is legal, so it is an option
        return PracticeGrade(
            str(baction),
            bg.label,
            bg.label in RIGHT_LABELS,
            bid_label(banalysis.best.action),
            f"{bid_label(baction)}: {bg.text}",
            tuple(r.text for r in banalysis.reasons),
        )
    if drill.game == "solitaire":
        view = _solitaire_view(drill)
        saction = _solitaire_action(view, answer)
        sanalysis = analyse_view(view, chosen=saction)
        sg = grade(sanalysis, saction)
        return PracticeGrade(
            str(saction),
            sg.label,
            sg.label in RIGHT_LABELS,
            _solitaire_words(sanalysis.best.action, view.turn_card),
            sg.text,
            tuple(r.text for r in sanalysis.reasons),
        )
    raise EuchreError(f"unknown game {short(drill.game)}: a drill is of {GAME_WORDS}")


# --------------------------------------------------------------------------- building decks


def _where(game: str, hand: int, position: dict[str, Any], name: str) -> str:
    whose = f"{name}: " if name else ""
    if game == "solitaire":
        if "trump" not in position:
            return f"{whose}deal {hand}, the trump choice"
        plays = len(str(position.get("plays", "")).split())
        return f"{whose}deal {hand}, trick {plays + 1}"
    if game == "bid":
        return f"{whose}hand {hand}, {phase_words(read_bid_position(position))}"
    view = read_position(position)[0]
    if view.phase is ClassicPhase.PLAY:
        return f"{whose}hand {hand}, trick {len(view.tricks) + 1}"
    return f"{whose}hand {hand}, the {'bidding' if view.trump is None else view.phase.value}"


def add_graded_game(
    deck: Deck, graded: GradedGame, *, level: str = "club", labels: Iterable[str] = DRILLED_LABELS
) -> int:
    """Add every Mistake and Blunder (``labels``) of a graded game to ``deck``; how many are new."""
    wanted = set(labels)
    new = 0
    for hand in graded.hands:
        for move in hand.moves:
            if move.label not in wanted or move.analyze_input is None:
                continue
            position = move.analyze_input
            before = len(deck)
            deck.add_graded(
                graded.game,
                position,
                answer=answer_text(graded.game, position, move.action),
                label=move.label,
                best=answer_text(graded.game, position, move.best),
                level=level,
                where=_where(graded.game, hand.number, position, graded.name),
            )
            new += len(deck) > before
    return new


def deck_from_saves(
    paths: Iterable[str | Path],
    *,
    deck: Deck | None = None,
    seat: str | None = None,
    level: str = "club",
    seed: int = 0,
    quick: bool = False,
) -> Deck:
    """A deck of the Mistakes and Blunders of saved games (graded as :func:`grade_saved_file` does)."""
    deck = Deck() if deck is None else deck
    for path in paths:
        graded = grade_saved_file(path, seat=seat, level=level, seed=seed, quick=quick)
        add_graded_game(deck, graded, level=level)
    return deck


_POSITION_KEYS: Final = frozenset({"game", "position", "level", "note"})


def deck_from_positions(data: object, *, session: int = 1) -> Deck:
    """A teacher's deck: ``data`` is a JSON list (text or parsed) of ``{"game": "classic" | "solitaire" | "bid",
    "position": {...analyze input...}, "level"?: "club", "note"?: "..."}``. The drills are served at
    once (due this session) and say they come from the teacher. A bad entry is refused by its number."""
    if isinstance(data, str | bytes):
        data = load_json_text(data, "the positions file")
    if not isinstance(data, list) or not data:
        raise DeckError(
            'the positions file must be a non-empty JSON list like [{"game": "solitaire", "position": '
            f'{{"seed": 7}}}}], not {short(data)}'
        )
    deck = Deck(session=session)
    for number, item in enumerate(data, 1):
        where = f"position {number}"
        if not isinstance(item, dict):
            raise DeckError(
                f'{where} must be an object like {{"game": "classic", "position": {{...}}}}, not {short(item)}'
            )
        unknown = sorted(set(item) - _POSITION_KEYS)
        if unknown:
            raise DeckError(
                f"{where} has unknown field(s) {', '.join(map(short, unknown))}; its fields are "
                f"{', '.join(sorted(_POSITION_KEYS))}"
            )
        game, position = game_and_position(item, where)
        level = item.get("level", "club" if game == "classic" else None)
        if game == "classic" and level not in LEVELS:
            raise DeckError(f'{where}: "level" must be one of {", ".join(LEVELS)}, not {short(level)}')
        if game != "classic" and level is not None:
            name = "a Solitaire" if game == "solitaire" else "a Bid Euchre"
            raise DeckError(f'{where}: {name} position has no table "level"')
        note = item.get("note", "")
        if not isinstance(note, str) or len(note) > 2000:
            raise DeckError(f'{where}: "note" must be text (at most 2,000 characters), not {short(note)}')
        try:
            check_position(game, position)
        except EuchreError as exc:
            raise DeckError(f'{where}: its "position" is not one the {game} advisor reads: {exc}') from None
        pos = json.loads(json.dumps(position))
        deck.add(Drill(drill_id(game, pos), game, pos, level=level, source=TEACHER, note=note, due=session))
    return deck
