"""Who sits where on the classic table's screen, and words for seats and teams at 3, 4 and 6 players.

Pure functions of the seating (no widgets): the view and the controller use
them so a student always reads the same names. The student sits at the
bottom; play goes clockwise, so the seat on the student's left (the next to
play) is drawn on the left:

- four players: bottom, left, top (the partner), right;
- three players: bottom, left, right (each for themselves);
- six players: around a hexagon: bottom, lower-left, upper-left, top,
  upper-right, lower-right (3v3: partners at every other place; 2v2v2: the
  partner opposite, at the top).

Seat names (``P3``) say nothing about sides at three and six players, so
the logs there add who is who ("Player 3 (partner)") and the score board
names each team from the student's chair ("you & partners P3 and P5").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Final

from euchre_tutor.tricks.seating import FOUR, Seat, Seating, Team

__all__ = [
    "POSITIONS",
    "seat_name",
    "seat_tag",
    "student_seat",
    "table_subtitle",
    "table_words",
    "tagged",
    "team_words",
    "win_words",
]

#: the screen places, clockwise from the student (bottom), by number of players
POSITIONS: Final[Mapping[int, tuple[str, ...]]] = {
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    6: ("bottom", "lower-left", "upper-left", "top", "upper-right", "lower-right"),
}


def student_seat(seating: Seating, chosen: Seat | str | None) -> Seat:
    """The student's seat at this table: the chosen one, else South (four players) or P1.

    A chosen seat that this table does not have raises :class:`DealError` naming the seats it has.
    """
    if chosen is None:
        return seating.parse("S" if seating is FOUR else "P1")
    return seating.parse(chosen)


def positions(student: Seat) -> dict[Seat, str]:
    """Where each seat sits on the screen: the student at the bottom, clockwise play to the left."""
    places = POSITIONS[student.players]
    seating = student.seating
    return {seating.seats[(student + k) % seating.players]: place for k, place in enumerate(places)}


def _names(seats: tuple[Seat, ...] | list[Seat]) -> str:
    names = [s.name for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def team_words(team: Team, student: Seat) -> str:
    """The team as the student says it: 'you & North', 'opponents', 'you & partners P3 and P5'."""
    partners = [s for s in team.seats if s != student]
    if student in team.seats:
        if not partners:
            return "you"
        if student.seating is FOUR:
            return "you & " + partners[0].word
        return f"you & partner{'s' if len(partners) > 1 else ''} {_names(partners)}"
    if student.seating is FOUR:
        return "opponents"
    if len(team.seats) == 1:
        return "opponent"
    return "opponents"


def seat_tag(seat: Seat, student: Seat, *, team: bool = True) -> str:
    """A seat's side from the student's chair: 'you', 'partner', 'opponent'; with ``team`` an
    opponent of a table with three teams of two also says which ('opponent, team P25')."""
    if seat == student:
        return "you"
    if seat in student.partners:
        return "partner"
    if team and len(student.seating.teams) > 2 and len(seat.team.seats) > 1:
        return f"opponent, team {seat.team.name}"
    return "opponent"


def seat_name(seat: Seat, student: Seat, *, team: bool = True) -> str:
    """A seat's name: 'South (you)', 'North (partner)', 'Player 2 (opponent)' (East and West as they are);
    ``team=False`` where the team is shown beside it (the table's seats)."""
    tag = seat_tag(seat, student, team=team)
    if student.seating is FOUR and tag == "opponent":
        return seat.word  # East and West: the compass already says it
    return f"{seat.word} ({tag})"


def tagged(text: str, student: Seat, name: Callable[[Seat], str] | None = None) -> str:
    """An event sentence with its seats named from the student's chair, at three and six players:
    'Player 3 orders up hearts.' -> 'Player 3 (partner) orders up hearts.' (the engine's sentences
    name seats by their word, 'Player 3'). Four-player sentences stay as they are: the compass says it.
    ``name``: how every seat is named instead (a shared table names its players: 'Bob (East)')."""
    seating = student.seating
    if name is None and seating is FOUR:
        return text
    named = name if name is not None else lambda seat: seat_name(seat, student)
    pattern = re.compile(r"\b(" + "|".join(re.escape(s.word) for s in seating.seats) + r")\b(?! \()")
    words = {s.word: s for s in seating.seats}
    return pattern.sub(lambda m: named(words[m.group(1)]), text)


def table_subtitle(student: Seat, target: int) -> str:
    """The line under the title: who plays with whom, and what a maker needs."""
    seating = student.seating
    if seating is FOUR:
        return "You and your partner against two computer players · take 3 of 5 tricks when you make trump"
    if seating.players == 3:
        return (
            "Three-handed, each for themselves against two computer players · the maker plays alone "
            "against the other two and needs 3 of 5 tricks"
        )
    partners = _names(list(student.partners))
    if len(seating.teams) == 2:
        return (
            f"Six-handed, three against three: you and your partners {partners} against three computer "
            "players · take 3 of 5 tricks when your side makes trump"
        )
    return (
        f"Six-handed, three teams of two: you and your partner {partners} against two other teams · "
        "take 3 of 5 tricks when your side makes trump"
    )


def win_words(team: Team, student: Seat) -> str:
    """Who won the match, from the student's chair: 'You win', 'You and your partners win', 'P25 win'."""
    if student in team.seats:
        partners = [s for s in team.seats if s != student]
        if not partners:
            return "You win"
        return "You and your partner" + ("s" if len(partners) > 1 else "") + " win"
    verb = "wins" if len(team.seats) == 1 else "win"
    return f"{team} {verb}"


def table_words(players: int, teams: int) -> str:
    """The table a rules configuration lays out, in a few words (they fit the rules chooser):
    '4 players', '3 players, no partners', '6 players, 3 against 3', '6 players, 3 pairs'."""
    if players == 3:
        return "3 players, no partners"
    if players == 6:
        return "6 players, 3 against 3" if teams == 2 else "6 players, 3 pairs"
    return "4 players"
