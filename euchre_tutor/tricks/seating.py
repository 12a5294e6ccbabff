"""Who sits where: seats, teams and the deal order for 3, 4 and 6 players.

A :class:`Seating` is one table layout: its seats in clockwise order (the
order of play and of the deal), the team of each seat and one score per
team. A :class:`Seat` is an int (its index: hands and scores are indexed by
it) that knows its layout, so ``seat.next``, ``seat.partners`` and
``seat.team`` work the same at every table. The layouts:

- ``FOUR`` (the classic game): seats N E S W; partners sit across;
  teams NS and EW (``Seat.N``, ``Team.NS`` ... name them).
- ``THREE`` (three-handed): seats P1 P2 P3, each player for themselves;
  the teams are the players (named like them).
- ``SIX_3V3``: seats P1..P6; two teams of three sitting alternately,
  P135 (P1 P3 P5) and P246.
- ``SIX_2V2V2``: seats P1..P6; three teams of two, partners sitting
  opposite: P14, P25 and P36.

>>> Seat.E.next, Seat.E.partner, Seat.E.team
(<Seat.S: 2>, <Seat.W: 3>, <Team.EW: 'EW'>)
>>> p2 = SIX_3V3.parse("P2")
>>> p2.next, p2.partners, p2.team
(<Seat.P3: 2>, (<Seat.P4: 3>, <Seat.P6: 5>), <Team.P246: 'P246'>)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Final, Self

from euchre_tutor.errors import DealError

__all__ = ["FOUR", "SIX_2V2V2", "SIX_3V3", "THREE", "Seat", "Seating", "Team", "seating_for"]


class _Named:
    """What seats and teams share: each is shown by its name, and is one object (a copy is itself)."""

    __slots__ = ()
    name: str

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec) if spec else self.name

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


class _SeatType(type):
    """Iterating ``Seat`` gives the four classic seats (as the former enum did)."""

    def __iter__(cls) -> Iterator[Seat]:
        return iter(FOUR.seats)

    def __len__(cls) -> int:
        return len(FOUR.seats)


class Seat(_Named, int, metaclass=_SeatType):
    """A seat of one layout; ``int(seat)`` is its index in clockwise order from the first seat.

    ``Seat(i)`` and ``Seat.N`` .. ``Seat.W`` are the classic four seats; other
    layouts' seats come from their :class:`Seating` (``THREE.seats``,
    ``SIX_3V3.parse("P4")``). Seats of different layouts are never mixed in
    one game.
    """

    N: ClassVar[Seat]
    E: ClassVar[Seat]
    S: ClassVar[Seat]
    W: ClassVar[Seat]

    name: str
    word: str
    seating: Seating
    next: Seat
    prev: Seat
    partners: tuple[Seat, ...]
    team: Team

    def __new__(cls, value: object) -> Seat:
        if isinstance(value, Seat):
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
            return FOUR.seats[value]
        raise ValueError(f"{value!r} is not a valid Seat")

    def from_dealer(self, dealer: Seat) -> int:
        """This seat's place counted clockwise from ``dealer``: 0 for the dealer, 1 for the seat on its
        left (who bids and leads first), and so on round the table."""
        return (int(self) - int(dealer)) % self.seating.players

    @property
    def partner(self) -> Seat:
        """The one partner (four players, or six in three pairs); other layouts raise ValueError."""
        if len(self.partners) != 1:
            raise ValueError(f"{self.word} has {len(self.partners)} partners at this table, not one")
        return self.partners[0]

    @property
    def players(self) -> int:
        return self.seating.players

    def __repr__(self) -> str:
        return f"<Seat.{self.name}: {int(self)}>"

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return (_seat, (self.seating.key, int(self)))

    @classmethod
    def parse(cls, text: object) -> Seat:
        """A classic (four-player) seat from ``N``/``North`` ..., or a Seat as it is."""
        if isinstance(text, Seat):
            return text
        return FOUR.parse(text)


class _TeamType(type):
    def __iter__(cls) -> Iterator[Team]:
        return iter(FOUR.teams)


class Team(_Named, metaclass=_TeamType):
    """A team (a partnership; at three players, one player); ``index`` orders the scores."""

    NS: ClassVar[Team]
    EW: ClassVar[Team]

    __slots__ = ("index", "name", "seating", "seats")

    def __init__(self, name: str, index: int, seats: tuple[Seat, ...], seating: Seating) -> None:
        self.name = name
        self.index = index
        self.seats = seats
        self.seating = seating

    @property
    def value(self) -> str:
        return self.name

    @property
    def other(self) -> Team:
        """The other team, when there are exactly two."""
        teams = self.seating.teams
        if len(teams) != 2:
            raise ValueError(f"there are {len(teams)} teams at this table, not two")
        return teams[1 - self.index]

    @property
    def others(self) -> tuple[Team, ...]:
        return tuple(t for t in self.seating.teams if t is not self)

    def __repr__(self) -> str:
        return f"<Team.{self.name}: {self.name!r}>"

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return (_team, (self.seating.key, self.index))


#: every layout made, by key: a pickled seat, team or layout is found again here (a game's own layout
#: is made when its module is imported, as it is in a process that reads its seats)
_MADE: dict[str, Seating] = {}


class Seating:
    """One table layout: seats in clockwise order and the team of each seat."""

    __slots__ = ("description", "key", "players", "seats", "teams")

    def __init__(
        self,
        key: str,
        names: Sequence[str],
        words: Sequence[str],
        groups: Sequence[Sequence[int]],
        team_names: Sequence[str],
        description: str,
    ) -> None:
        self.key = key
        self.players = len(names)
        self.description = description
        seats: list[Seat] = []
        for i, (name, word) in enumerate(zip(names, words, strict=True)):
            seat = int.__new__(Seat, i)
            seat.name = name
            seat.word = word
            seat.seating = self
            seats.append(seat)
        self.seats: tuple[Seat, ...] = tuple(seats)
        n = self.players
        teams: list[Team] = []
        for t, (group, tname) in enumerate(zip(groups, team_names, strict=True)):
            teams.append(Team(tname, t, tuple(self.seats[i] for i in group), self))
        self.teams: tuple[Team, ...] = tuple(teams)
        for seat in self.seats:
            seat.next = self.seats[(seat + 1) % n]
            seat.prev = self.seats[(seat - 1) % n]
            seat.team = next(t for t in self.teams if seat in t.seats)
            seat.partners = tuple(s for s in seat.team.seats if s is not seat)
        _MADE.setdefault(key, self)  # a seat of any layout, a game's own too, pickles by its key

    @property
    def names(self) -> str:
        """The seat names for messages: 'N, E, S or W'."""
        return ", ".join(s.name for s in self.seats[:-1]) + f" or {self.seats[-1].name}"

    def parse(self, text: object) -> Seat:
        """A seat of this layout from its name (``N``, ``P3``) or word (``North``, ``Player 3``)."""
        if isinstance(text, Seat) and text.seating is self:
            return text
        if isinstance(text, str):
            key = text.strip().upper()
            for seat in self.seats:
                if key in (seat.name, seat.word.upper()):
                    return seat
        words = ", ".join(s.word for s in self.seats)
        if isinstance(text, Seat):
            raise DealError(f"{text.word} is not a seat at a {self.description} table: use {self.names}")
        raise DealError(f"{text!r} is not a seat: use {self.names} ({words})")

    def from_left_of(self, seat: Seat) -> tuple[Seat, ...]:
        """Every seat once, starting on ``seat``'s left and ending with ``seat``."""
        n = self.players
        return tuple(self.seats[(seat + k) % n] for k in range(1, n + 1))

    def __repr__(self) -> str:
        return f"<Seating {self.key}>"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_seating, (self.key,))


FOUR: Final = Seating(
    "4",
    ("N", "E", "S", "W"),
    ("North", "East", "South", "West"),
    ((0, 2), (1, 3)),
    ("NS", "EW"),
    "four-player",
)
THREE: Final = Seating(
    "3",
    ("P1", "P2", "P3"),
    ("Player 1", "Player 2", "Player 3"),
    ((0,), (1,), (2,)),
    ("P1", "P2", "P3"),
    "three-player",
)
_SIX: Final = tuple(f"P{i}" for i in range(1, 7))
_SIX_WORDS: Final = tuple(f"Player {i}" for i in range(1, 7))
SIX_3V3: Final = Seating(
    "6-3v3", _SIX, _SIX_WORDS, ((0, 2, 4), (1, 3, 5)), ("P135", "P246"), "six-player (3v3)"
)
SIX_2V2V2: Final = Seating(
    "6-2v2v2", _SIX, _SIX_WORDS, ((0, 3), (1, 4), (2, 5)), ("P14", "P25", "P36"), "six-player (2v2v2)"
)

Seat.N, Seat.E, Seat.S, Seat.W = FOUR.seats
Team.NS, Team.EW = FOUR.teams


def seating_for(players: int, six_handed_teams: str = "3v3") -> Seating:
    """The layout of a rules configuration (``rules.players``, ``rules.six_handed_teams``)."""
    if players == 4:
        return FOUR
    if players == 3:
        return THREE
    if players == 6:
        return SIX_2V2V2 if six_handed_teams == "2v2v2" else SIX_3V3
    raise ValueError(f"no seating for {players!r} players")


def _seat(key: str, index: int) -> Seat:
    return _MADE[key].seats[index]


def _team(key: str, index: int) -> Team:
    return _MADE[key].teams[index]


def _seating(key: str) -> Seating:
    return _MADE[key]
