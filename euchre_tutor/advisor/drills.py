"""The student's own mistakes as drills: a deck of positions, with spaced repetition.

Every Mistake or Blunder of a graded game (Solitaire, classic or Bid Euchre) can become a
:class:`Drill`: the position (as the game's ``analyze`` command reads it, so the advisor can grade a new answer), the answer first given, its grade
and the best answer, and where it came from. A :class:`Deck` holds the drills and the student's session
counter, and is kept in a small JSON file the student downloads and uploads again (a Binder server
forgets everything when it stops).

The schedule is a Leitner box system counted in sessions, not days (a student may practise twice a day
or once a month): a drill in box ``b`` comes back :data:`INTERVALS` ``[b - 1]`` sessions after its last
answer (1, 3, 7, 15). A right answer moves it up a box; a wrong one sends it back to the first box, due
next session. :attr:`Deck.learn_after` right answers in a row (2 unless the deck says otherwise) retire it
as learned: it stays in the deck and is counted, but is not served again unless the student makes the
same mistake in a game (adding it again puts it back in the first box).

>>> deck = Deck()
>>> drill = deck.add_graded("solitaire", {"seed": 7}, answer="name clubs", label="Mistake",
...                         best="order up", where="deal 1, the trump choice")
>>> deck.due_drills()  # a new mistake comes back next session, not at once
()
>>> deck.next_session(); [d.id == drill.id for d in deck.due_drills()]
[True]
>>> deck.answer(drill.id, right=True).box, deck.answer(drill.id, right=True).learned
(2, True)
>>> Deck.loads(deck.dumps()) == deck
True

A file that is not a deck, or a hand edit gone wrong, is refused with the field and what it should be
(:class:`DeckError`); a refused file changes nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final, cast

from euchre_tutor.errors import EuchreError, SaveFileError
from euchre_tutor.jsonio import load_json_text, short
from euchre_tutor.rules.games import game_info, game_names, game_words

__all__ = [
    "DECK_FORMAT",
    "DECK_VERSION",
    "INTERVALS",
    "LABELS",
    "LEARN_AFTER",
    "MAX_DRILLS",
    "Deck",
    "DeckError",
    "Drill",
    "check_position",
    "deck_entry",
    "drill_id",
    "game_and_position",
]

DECK_FORMAT: Final = "euchre-tutor/drill-deck"
DECK_VERSION: Final = 1
#: sessions until a drill in box 1, 2, 3, 4 comes back (a drill past the last box keeps its interval)
INTERVALS: Final = (1, 3, 7, 15)
#: right answers in a row that retire a drill as learned (a deck may ask for more)
LEARN_AFTER: Final = 2
#: the grade labels of both advisors, best first
LABELS: Final = ("Best", "Good", "Inaccuracy", "Mistake", "Blunder")
MAX_DRILLS: Final = 10_000  # a deck is one student's mistakes: thousands would be years of games

#: a registered game's name (:func:`euchre_tutor.rules.games.game_names`, asked when a drill is read, so a
#: game registered after this module was imported has its drills too)
Game = str


class DeckError(SaveFileError):
    """A drill deck file that cannot be read: nothing of it is loaded."""


def drill_id(game: str, position: Mapping[str, Any]) -> str:
    """A stable id from the game and the position (its canonical JSON): the same mistake made twice is
    one drill.

    >>> drill_id("solitaire", {"seed": 7}) == drill_id("solitaire", {"seed": 7})
    True
    >>> drill_id("solitaire", {"seed": 7}) == drill_id("solitaire", {"seed": 8})
    False
    """
    text = json.dumps([game, position], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def check_position(game: str, position: object) -> None:
    """Refuse a position its game's advisor cannot read (the teaching error of ``analyze``)."""
    game_info(game, "a drill").check_drill(position)


@dataclass(frozen=True, slots=True)
class Drill:
    """One position to practise, and where it stands in the schedule.

    ``answer``, ``label`` and ``best``: what the student chose in the game, its grade, and the advisor's
    best choice (None for a teacher's position, which nobody has answered yet). ``level``: the classic
    table's level, whose players the advisor models (None for Solitaire, and for Bid Euchre, whose
    table has one kind of computer player). ``box`` counts from 1; ``due``
    is the session it is next served in; ``streak`` the right answers in a row.
    """

    id: str
    game: Game
    position: dict[str, Any]
    answer: str | None = None
    label: str | None = None
    best: str | None = None
    level: str | None = None
    source: str = ""
    note: str = ""
    box: int = 1
    due: int = 0
    streak: int = 0
    learned: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "position": self.position,
            "answer": self.answer,
            "label": self.label,
            "best": self.best,
            "level": self.level,
            "source": self.source,
            "note": self.note,
            "box": self.box,
            "due": self.due,
            "streak": self.streak,
            "learned": self.learned,
        }


_DRILL_KEYS: Final = frozenset(Drill.__dataclass_fields__)
_DECK_KEYS: Final = frozenset({"format", "version", "session", "learn_after", "drills"})


class Deck:
    """The drills (in the order they came) and the session counter: what the deck file holds.

    A deck is changed in place by :meth:`add`, :meth:`add_graded`, :meth:`answer` and
    :meth:`next_session`; reading a file (:meth:`loads`, :meth:`from_json`) builds a new deck or raises,
    so a bad file never touches the deck in use.
    """

    def __init__(
        self, drills: Iterable[Drill] = (), *, session: int = 1, learn_after: int = LEARN_AFTER
    ) -> None:
        self.session = session
        self.learn_after = learn_after
        self._drills: dict[str, Drill] = {}
        for d in drills:
            self._drills[d.id] = d

    # ------------------------------------------------------------------ reading the deck

    @property
    def drills(self) -> tuple[Drill, ...]:
        return tuple(self._drills.values())

    def __len__(self) -> int:
        return len(self._drills)

    def __getitem__(self, drill: str) -> Drill:
        try:
            return self._drills[drill]
        except KeyError:
            raise EuchreError(f"no drill {short(drill)} in this deck") from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return (self.session, self.learn_after, self.drills) == (
            other.session,
            other.learn_after,
            other.drills,
        )

    __hash__ = None  # type: ignore[assignment]  # changed in place

    def __repr__(self) -> str:
        return f"<Deck session {self.session}: {self.due} due, {self.learned} learned, {len(self)} drills>"

    def due_drills(self) -> tuple[Drill, ...]:
        """The drills to serve this session: not learned and due, the longest waiting first."""
        due = [d for d in self._drills.values() if not d.learned and d.due <= self.session]
        return tuple(sorted(due, key=lambda d: d.due))  # stable: the order they came within a session

    @property
    def due(self) -> int:
        return len(self.due_drills())

    @property
    def learned(self) -> int:
        return sum(d.learned for d in self._drills.values())

    # ------------------------------------------------------------------ changing it

    def add(self, drill: Drill) -> bool:
        """Add a drill; True if it is new. A drill already in the deck (the same id) is not duplicated:
        it goes back to the first box, due next session, since it was just got wrong again."""
        old = self._drills.get(drill.id)
        if old is None:
            self._drills[drill.id] = drill
            return True
        self._drills[drill.id] = replace(old, box=1, due=self.session + INTERVALS[0], streak=0, learned=False)
        return False

    def add_graded(
        self,
        game: str,
        position: Mapping[str, Any],
        *,
        answer: str,
        label: str,
        best: str,
        level: str | None = None,
        where: str = "",
    ) -> Drill:
        """Add a decision the advisor graded (a table's Mistake or Blunder): the drill in the deck.

        ``position``: the game's ``analyze`` input; ``answer`` and ``best``: the answers as the
        grader writes them (:func:`~euchre_tutor.session.practice.answer_text`); ``where``: e.g.
        ``"hand 4, trick 2"``. It comes back next session.
        """
        info = game_info(game, "a drill")
        if label not in LABELS:
            raise EuchreError(f"unknown grade {short(label)}: a grade is one of {', '.join(LABELS)}")
        pos = json.loads(json.dumps(position))  # a copy, and proof that it is JSON
        drill = Drill(
            drill_id(game, pos),
            game,
            pos,
            answer,
            label,
            best,
            level if info.has_levels else None,
            where,
            due=self.session + INTERVALS[0],
        )
        self.add(drill)
        return self._drills[drill.id]

    def answer(self, drill: str, *, right: bool) -> Drill:
        """Schedule a drill after an answer this session: up a box (or learned) if right, back to the
        first box, due next session, if wrong."""
        d = self[drill]
        if d.learned:
            raise EuchreError(f"drill {d.id} is learned already: it is not served any more")
        if not right:
            new = replace(d, box=1, due=self.session + INTERVALS[0], streak=0)
        elif d.streak + 1 >= self.learn_after:
            new = replace(d, streak=d.streak + 1, learned=True, box=min(d.box + 1, len(INTERVALS)))
        else:
            box = min(d.box + 1, len(INTERVALS))
            new = replace(d, box=box, due=self.session + INTERVALS[box - 1], streak=d.streak + 1)
        self._drills[d.id] = new
        return new

    def next_session(self) -> None:
        """Start the next session: the drills due by then are served."""
        self.session += 1

    # ------------------------------------------------------------------ the file

    def to_json(self) -> dict[str, Any]:
        return {
            "format": DECK_FORMAT,
            "version": DECK_VERSION,
            "session": self.session,
            "learn_after": self.learn_after,
            "drills": [d.to_json() for d in self._drills.values()],
        }

    def dumps(self) -> str:
        """The deck file's text (the same deck gives the same text)."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def loads(cls, text: bytes | str, *, check_positions: bool = True) -> Deck:
        """Read a deck file's text; a file that is not a deck raises :class:`DeckError` saying why."""
        try:
            data = load_json_text(text, "the deck file")
        except EuchreError as exc:
            raise DeckError(f"{exc}: a drill deck is the JSON file the Practice page downloads") from None
        return cls.from_json(data, check_positions=check_positions)

    @classmethod
    def from_json(cls, data: object, *, check_positions: bool = True) -> Deck:
        """The deck a parsed file describes, every field checked (``check_positions``: each position
        is also read by its game's advisor, so a drill never fails when it is served)."""
        if not isinstance(data, dict):
            raise DeckError(
                f'a drill deck is a JSON object {{"format": "{DECK_FORMAT}", ...}}, not {short(data)}'
            )
        if data.get("format") != DECK_FORMAT:
            raise DeckError(
                f'"format" is {short(data.get("format"))}: this is not a drill deck (its format is '
                f"{DECK_FORMAT!r}; a saved game goes to the tables, not to Practice)"
            )
        version = data.get("version")
        if isinstance(version, bool) or version != DECK_VERSION:
            newer = isinstance(version, int) and not isinstance(version, bool) and version > DECK_VERSION
            raise DeckError(
                f'"version" is {short(version)}: this tutor reads drill decks of version {DECK_VERSION}'
                + (" (the file was written by a newer tutor)" if newer else "")
            )
        _refuse_unknown(data, _DECK_KEYS, "the deck")
        session = _whole(data.get("session", 1), '"session"', 1)
        learn_after = _whole(data.get("learn_after", LEARN_AFTER), '"learn_after"', 1, 10)
        drills = data.get("drills", [])
        if not isinstance(drills, list):
            raise DeckError(f'"drills" must be a list of drills, not {short(drills)}')
        if len(drills) > MAX_DRILLS:
            raise DeckError(f"the deck has {len(drills):,} drills: at most {MAX_DRILLS:,} are read")
        out: dict[str, Drill] = {}
        for number, item in enumerate(drills, 1):
            drill = _drill(item, f"drill {number}", learn_after, check_positions)
            if drill.id in out:
                raise DeckError(
                    f"drill {number} is the same position as an earlier one (id {drill.id}): "
                    "a deck holds each position once"
                )
            out[drill.id] = drill
        return cls(out.values(), session=session, learn_after=learn_after)


def _refuse_unknown(data: Mapping[str, Any], known: frozenset[str], what: str) -> None:
    """A :class:`DeckError` naming the fields of ``data`` (``what``) outside ``known``, and the known ones."""
    unknown = sorted(set(data) - known)
    if unknown:
        raise DeckError(
            f"{what} has unknown field(s) {', '.join(map(short, unknown))}; its fields are "
            f"{', '.join(sorted(known))}"
        )


def _whole(value: object, what: str, low: int, high: int | None = None) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        span = f"at least {low}" if high is None else f"from {low} to {high}"
        raise DeckError(f"{what} must be a whole number {span}, not {short(value)}")
    return value


def _text(value: object, what: str, *, optional: bool = True, limit: int = 2000) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > limit:
        kind = "text or null" if optional else "text"
        raise DeckError(f"{what} must be {kind} (at most {limit:,} characters), not {short(value)}")
    return value


def game_and_position(item: Mapping[str, Any], where: str) -> tuple[Game, dict[str, Any]]:
    """A drill's (or a teacher's position's) game and position, refused with ``where`` named when either
    is not what a deck holds."""
    game = item.get("game")
    if game not in game_names():
        raise DeckError(f'{where}: "game" must be {game_words()}, not {short(game)}')
    position = item.get("position")
    if not isinstance(position, dict):
        raise DeckError(
            f'{where}: "position" must be the JSON object {game} analyze reads, not {short(position)}'
        )
    return cast(Game, game), position


def deck_entry(item: object, where: str, known: frozenset[str]) -> dict[str, Any]:
    """``item`` (a deck's drill, a teacher's position) as a JSON object whose fields are among ``known``,
    refused with ``where`` named when it is not."""
    if not isinstance(item, dict):
        raise DeckError(
            f'{where} must be an object like {{"game": "classic", "position": {{...}}}}, not {short(item)}'
        )
    _refuse_unknown(item, known, where)
    return item


def _drill(data: object, where: str, learn_after: int, check_positions: bool) -> Drill:
    item = deck_entry(data, where, _DRILL_KEYS)
    game, position = game_and_position(item, where)
    if check_positions:
        try:
            check_position(game, position)
        except EuchreError as exc:
            raise DeckError(
                f'{where}: its "position" is not one the {game} advisor reads (its "game" is {game!r}): {exc}'
            ) from None
    ident = drill_id(game, position)
    given = item.get("id", ident)
    if given != ident:
        raise DeckError(
            f'{where}: "id" {short(given)} does not match its position (was the position edited?): '
            f'leave "id" out and it is computed again'
        )
    label = _text(item.get("label"), f'{where}: "label"')
    if label is not None and label not in LABELS:
        raise DeckError(f'{where}: "label" must be one of {", ".join(LABELS)} (or null), not {short(label)}')
    info = game_info(game)
    level = _text(item.get("level", info.default_level), f'{where}: "level"', limit=40)
    if not info.has_levels and level is not None:
        raise DeckError(f'{where}: a {info.noun} drill has no table "level" (null), not {short(level)}')
    box = _whole(item.get("box", 1), f'{where}: "box"', 1, len(INTERVALS))
    due = _whole(item.get("due", 0), f'{where}: "due"', 0)
    streak = _whole(item.get("streak", 0), f'{where}: "streak"', 0, learn_after)
    learned = item.get("learned", False)
    if not isinstance(learned, bool):
        raise DeckError(f'{where}: "learned" must be true or false, not {short(learned)}')
    if learned != (streak >= learn_after):
        raise DeckError(
            f'{where}: "learned" is {str(learned).lower()} but "streak" is {streak}: a drill is learned '
            f"exactly when it was answered right {learn_after} times in a row"
        )
    return Drill(
        ident,
        game,
        position,
        _text(item.get("answer"), f'{where}: "answer"'),
        label,
        _text(item.get("best"), f'{where}: "best"'),
        level,
        cast(str, _text(item.get("source", ""), f'{where}: "source"', optional=False)),
        cast(str, _text(item.get("note", ""), f'{where}: "note"', optional=False)),
        box,
        due,
        streak,
        learned,
    )
