"""Practice: serving a deck's drills, grading the student's new answer, and building decks.

The deck and its schedule are :mod:`euchre_tutor.advisor.drills`; this module adds what needs the
tables' players: each drill is graded by its game (its registered ``grade_answer``: a sampling game as
its table grades a move, the advisor playing the rest of each sampled deal as the table's computer
players do; an exact game exactly). An answer graded Best or Good is right. The grade is seeded, so the
same position and answer always get the same grade.

Decks come from two places: a student's graded saved games (:func:`add_graded_game`: every Mistake
and Blunder), and a teacher's positions
(:func:`deck_from_positions`), handed out like a deal file.

An answer is written as the game's command line writes an action (``"play JH"``, ``"pass"``,
``"order"``, ``"call S alone"``; :func:`drill_scene` lists a drill's). The table's words (``"J♥"``,
``"order up ♥"``, ``"name ♣"``) are read too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final

from euchre_tutor.advisor.drills import (
    Deck,
    DeckError,
    Drill,
    check_position,
    deck_entry,
    drill_id,
    game_and_position,
)
from euchre_tutor.advisor.luck import MISTAKE_LABELS
from euchre_tutor.advisor.sampling import DEFAULT_WORLDS
from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import load_json_text, short
from euchre_tutor.rules.games import find_game
from euchre_tutor.session.games import RIGHT_LABELS, Choice, DrillScene, PracticeGrade
from euchre_tutor.session.learning import GradedGame

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
    "drill_scene",
    "grade_drill_answer",
]

#: the grades of a game's decisions that become drills
DRILLED_LABELS: Final = MISTAKE_LABELS  # the grades a table turns into drills
TEACHER: Final = "from your teacher"


# --------------------------------------------------------------------------- answers


def answer_text(game: str, position: dict[str, Any], answer: str) -> str:
    """``answer`` in the deck's words (e.g. the table's ``"J♥"`` becomes ``"play JH"``)."""
    return str(
        find_game(game, "a drill").answer_text(Drill(drill_id(game, position), game, position), answer)
    )


# --------------------------------------------------------------------------- the scene


def drill_scene(drill: Drill) -> DrillScene:
    """The position as the student saw it, with a question and the legal answers."""
    game = find_game(drill.game, "a drill")
    return game.scene(drill, game.choices(drill))  # type: ignore[no-any-return]


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

    A sampling game grades on ``worlds`` deals a batch, as the table's hint, with more while a grade
    is unsettled up to ``max_worlds`` (None: as the table grades; ``max_worlds=worlds``: one fixed
    sample, fast but rougher); an exact game needs neither.
    """
    grade = find_game(drill.game, "a drill").grade_answer
    return grade(drill, answer, worlds=worlds, max_worlds=max_worlds, seed=seed)  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- building decks


def _where(game: str, hand: int, position: dict[str, Any], name: str) -> str:
    whose = f"{name}: " if name else ""
    return whose + str(find_game(game).where(hand, position))


def add_graded_game(
    deck: Deck, graded: GradedGame, *, level: str | None = None, labels: Iterable[str] = DRILLED_LABELS
) -> int:
    """Add every Mistake and Blunder (``labels``) of a graded game to ``deck``; how many are new.
    ``level``: the table's the game was played at (None: its game's default)."""
    wanted = set(labels)
    if level is None:
        level = find_game(graded.game).default_level
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


_POSITION_KEYS: Final = frozenset({"game", "position", "level", "note"})


def deck_from_positions(data: object, *, session: int = 1) -> Deck:
    """A teacher's deck: ``data`` is a JSON list (text or parsed) of ``{"game": <a registered game>,
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
    for number, entry in enumerate(data, 1):
        where = f"position {number}"
        item = deck_entry(entry, where, _POSITION_KEYS)
        game, position = game_and_position(item, where)
        found = find_game(game)
        level = item.get("level", found.default_level)
        if found.levels is not None and level not in found.levels:
            raise DeckError(f'{where}: "level" must be one of {", ".join(found.levels)}, not {short(level)}')
        if found.levels is None and level is not None:
            raise DeckError(f'{where}: a {found.noun} position has no table "level"')
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
