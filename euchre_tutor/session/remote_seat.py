"""A student's seat at a shared table, as the one-person tables' tutor reads a table.

The tutor of a game (:class:`~euchre_tutor.session.tutor.TableTutor`: hints, grades, the review,
retry, drills, swings) reads a controller: the history of the match, the student's turn and view,
where the student decided, the hands' logs. At a one-person table the controller holds the true game
in the kernel; at a shared table the table service holds it and sends each seat its own view.
:class:`RemoteSeat` is the same reading of a :class:`~euchre_tutor.session.shared_table.SharedTableController`:
the history's place is the table's version, the student's decisions are the actions the service
accepted from this seat, and the hands' logs are built from the views as they come (the bidding said
by who bid what, the tricks, each hand's points from the score). So the tutor a student has alone is
the tutor at a shared table, one class for both.

It also says what happened on the table's message line in the game's own words, its seats named by
their players (a new deal and a trick won, told by the game's events as the one-person table tells
them; who bid what, said by the game tutor's labels), and, while another seat is to act, whom the
table waits for and for what (:meth:`RemoteSeat.prompt`). On the student's turn the game's table asks
in its own words, as at a one-person table.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Final

from euchre_tutor.cards import Card, winning_index
from euchre_tutor.errors import EuchreError
from euchre_tutor.session.observing import Observable
from euchre_tutor.session.seats import tagged
from euchre_tutor.session.table import CARD_KINDS, TableController, controller_class
from euchre_tutor.tricks.events import Trick, TrickWon
from euchre_tutor.tricks.seating import Seat

if TYPE_CHECKING:
    from euchre_tutor.session.shared_table import SharedTableController

__all__ = ["RemoteSeat", "SeatHandLog", "SeatHistory", "SeatState"]

#: what a seat to act is waiting to do, by the card its phase asks for (a phase with none: the bidding)
WAITING_WORDS: Final = {"play": " to play", "discard": " to discard", "give": " to pass a card"}


class SeatHistory:
    """The match's history as one seat knows it: its length (the table's version), the seat's own
    actions by their place in it, and the table's rules. The service keeps the match itself."""

    def __init__(self) -> None:
        self.position = 0
        self.actions: dict[int, Any] = {}
        self.rules: Any = None

    def to_json(self) -> dict[str, Any]:
        raise EuchreError("a shared table's match is kept by the table service: the teacher downloads it")


@dataclass(frozen=True, slots=True)
class SeatState:
    """What the tutor reads of the match's state at a shared table: the hand's number, the scores,
    whether the match is over; no hand state (the service holds it)."""

    hand_number: int
    scores: tuple[int, ...]
    is_over: bool
    hand: None = None


@dataclass(slots=True)
class SeatHandLog:
    """One hand as the seat saw it: the dealer, the bidding in words (who bid what), the tricks seen,
    and once over its points (one per team) and how it ended."""

    number: int
    dealer: Seat
    start: tuple[int, ...]
    bidding: tuple[str, ...] = ()
    tricks: tuple[tuple[int, Trick], ...] = ()
    result: tuple[str, ...] = ()
    points: tuple[int, ...] | None = None
    outcome: str = ""
    seen: Any = None  # the last view of the hand the seat was sent

    @property
    def finished(self) -> bool:
        return self.points is not None

    def fields(self) -> dict[str, Any]:
        """What every table's hand log holds (:class:`~euchre_tutor.session.table.TableHandLog`)."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "bidding": self.bidding,
            "tricks": self.tricks,
            "result": self.result,
            "points": self.points,
            "outcome": self.outcome,
        }


class RemoteSeat(Observable):
    """The student's seat at a shared table, read as the tutor reads a table (see the module doc).

    ``words(action, view)`` says an action in a few words (the game tutor's labels: set by
    :meth:`TableTutor.for_seat`). ``log_of(fields, view)``, set by the game's table, makes the game's
    own hand log from what every log holds and the hand's last view (None: the seat's own
    :class:`SeatHandLog`). Topics: ``"state"`` after each new view of the seat, and the table's own
    (``"message"``, the seats) but its chat.
    """

    #: the true game lives in the service: positions are written from the seat's view
    remote: ClassVar[bool] = True
    #: nobody thinks in this kernel (the computer players play in the service)
    thinking: ClassVar[None] = None

    def __init__(self, table: SharedTableController) -> None:
        super().__init__()
        self.table = table
        self.game = SeatHistory()
        self.words: Callable[[Any, Any], str] = lambda action, _view: str(action)
        self.log_of: Callable[[dict[str, Any], Any], Any] | None = None
        self.thinker: Any = None  # a one-person table's background computer players: none here
        self.bot: Any = None
        self._logs: list[SeatHandLog] = []
        self._seen: Any = None  # the view last read
        self._held: Any = None  # the hand just finished, shown until the student moves on
        table.subscribe(self._on_table)
        table.acted.append(self._acted)
        table.noted.append(self._noted)
        self._on_table("state")

    # ----------------------------------------------------------------- what the tutor reads

    @property
    def view(self) -> Any:
        """The seat's latest view (a watcher's: the face-down view, or the first seat's face up); while
        :attr:`waiting`, the hand just finished with its last trick."""
        if self._held is not None:
            return self._held
        t = self.table
        return t.view if t.view is not None else next(iter(t.views.values()), None)

    @property
    def waiting(self) -> bool:
        """A hand has just ended and the student has not moved on yet (:meth:`next_hand`): the service
        has dealt the next one, but the table still shows the last trick, the score and the review."""
        return self._held is not None

    def next_hand(self) -> bool:
        """Move on to the hand the service has dealt (the table shows it and the student may act)."""
        if self._held is None:
            self.illegal("the hand is still being played: the next one comes when it ends")
            return False
        self._held = None
        self._emit("state")
        return True

    @property
    def seat(self) -> Seat | None:
        """The student's seat (None: a watcher, or before the first view)."""
        view = self.table.view
        return None if view is None or self.table.seat is None else view.seat

    @property
    def rules(self) -> Any:
        return self.game.rules

    @property
    def game_table(self) -> type[TableController[Any, Any, Any, Any, Any, Any]]:
        """The game's own table controller class: its words and hooks, as at a one-person table."""
        spec = self.table.spec
        found = None if spec is None else controller_class(spec.save_format)
        if found is None:
            raise EuchreError("this table's game has no table of its own to say its words")
        return found

    @property
    def options(self) -> dict[str, Any]:
        return self.table.options

    @property
    def my_turn(self) -> bool:
        return self.table.my_turn and self._held is None

    @property
    def legal(self) -> tuple[Any, ...]:
        return self.table.legal if self._held is None else ()

    @property
    def seed(self) -> str:
        """The analysis seed's source: the table's id (a shared table's deal seed is the service's)."""
        return self.table.table_id or "shared"

    @property
    def state(self) -> SeatState:
        view = self.table.view
        scores = () if view is None else tuple(int(s) for s in view.scores)
        return SeatState(int(self.table.frame.get("hand", 0)), scores, self.table.over)

    @property
    def hand(self) -> None:
        return None

    @property
    def message(self) -> str:
        return self.table.message

    @message.setter
    def message(self, _text: str) -> None:
        """The message line is the table's (see :meth:`_say`)."""

    @property
    def message_is_error(self) -> bool:
        return self.table.message_is_error

    @message_is_error.setter
    def message_is_error(self, _error: bool) -> None:
        pass

    def _say(self, text: str, error: bool = False) -> None:
        self.table._say(text, error)

    def save_text(self) -> str:
        """Never a file: a shared table's match is kept by the table service (the page shows no Save game),
        so this raises :class:`EuchreError` with the words that say so, as the game's ``to_json`` does."""
        return json.dumps(self.game.to_json())

    def decision_positions(self) -> list[int]:
        """Where in the table's history the student decided (the versions the service accepted)."""
        return sorted(self.game.actions)

    def hand_logs(self) -> Sequence[Any]:
        """The hands as the seat saw them, oldest first (the game's own logs when it gave ``log_of``)."""
        make = self.log_of
        if make is None:
            return list(self._logs)
        return [make(log.fields(), log.seen) for log in self._logs if log.seen is not None]

    def view_position(self) -> dict[str, Any]:
        """The student's position now as the game's ``analyze`` reads it: one deal consistent with the
        seat's view (the advisor samples the hidden cards again), the same for the same turn."""
        from euchre_tutor.session.shared_table import view_position

        spec = self.table.spec
        found = None if spec is None else view_position(spec.name, self.view, self.game.position)
        if found is None:
            raise EuchreError("this seat's view cannot be written as a position")
        return found

    def _parse_action(self, action: Any) -> Any:
        """The action ``action`` names (an action or its text)."""
        if not isinstance(action, str):
            return action
        text = action.strip()
        found = next((a for a in self.legal if str(a) == text), None)
        if found is not None:
            return found
        game: Any = self.game_table.GAME
        return game.parse_action(text)

    # ----------------------------------------------------------------- commands (the service applies them)

    def act(self, action: Any) -> bool:
        if self._held is not None:
            self.illegal("press Next hand to see the hand just dealt, then choose")
            return False
        return self.table.act(action)

    def click_card(self, card: Any) -> bool:
        if self._held is not None:
            self.illegal("press Next hand to see the hand just dealt, then play")
            return False
        return self.table.click_card(card)

    def card_action(self, card: Any) -> Any:
        return None if self._held is not None else self.table.card_action(card)

    @property
    def decision_actions(self) -> tuple[Any, ...]:
        """The student's legal actions that are not taken by clicking a card (the buttons)."""
        return tuple(a for a in self.legal if getattr(a, "kind", "") not in CARD_KINDS)

    def card_reason(self, card: Any) -> str | None:
        """Why ``card`` cannot be clicked now (None: it can)."""
        if self.card_action(card) is not None:
            return None
        return "Not a legal card now" if self.my_turn else "Not your turn"

    # a shared table is played forward only, dealt by the service: a one-person table's commands say so
    can_undo: ClassVar[bool] = False
    can_redo: ClassVar[bool] = False
    suggestion: ClassVar[str] = ""

    def _one_person_only(self, *_args: Any, **_kwargs: Any) -> bool:
        self.illegal("a shared table plays forward and the service deals: that is for a one-person table")
        return False

    undo = redo = suggest = load_deal = new_match = _one_person_only

    # ----------------------------------------------------------------- words

    def who(self, seat: Seat) -> str:
        """A seat in words: the student's as theirs ("South (you)"), or the player's name as written
        with the seat ("Bob (East)"), or the seat (the computer plays it)."""
        if seat == self.seat:
            return f"{seat.word} (you)"
        player = next((s.get("player") for s in self.table.seats if s.get("seat") == seat.name), None)
        return f"{html.unescape(str(player))} ({seat.word})" if player else seat.word

    def prompt(self) -> str:
        """Whom the table waits for, and for what ("Waiting for Bob (East), the dealer, to discard.");
        "" on the student's turn (the game's table asks in its own words) or when nobody is to act."""
        view, t = self.view, self.table
        if view is None or not t.started or t.over or t.turn is None or t.my_turn:
            return ""
        seat = view.seat.seating.parse(t.turn)
        kind = self.game_table.CARD_ACTION_OF_PHASE.get(view.phase)
        role = ", the dealer," if kind == "discard" and seat == view.dealer else ""
        return f"Waiting for {self.who(seat)}{role}{WAITING_WORDS.get(str(kind), ' to bid')}."

    def _told(self, event: Any, view: Any) -> str:
        """An event's sentence, as the game's one-person table says it, with each seat named as
        :meth:`who` names it ("Bob (East) wins trick 2.")."""
        return tagged(event.text, view.seat, self.who)

    # ----------------------------------------------------------------- following the table

    def _on_table(self, topic: str) -> None:
        if topic != "state":
            if topic != "chat":  # the message line, the seats: the table's page redraws them
                self._emit(topic)
            return
        t = self.table
        view = t.view
        if view is None:  # no view yet (a table before its start): the seats and the time still change
            self._emit("state")
            return
        self.game.position = t.version
        if self.game.rules is None:
            self.game.rules = getattr(view, "rules", None)
        before, self._seen = self._seen, view
        if before != view:
            said = self._follow(view, before)
            if said and t.started:
                t._say(" ".join(said))
        self._emit("state")

    def _follow(self, view: Any, before: Any) -> list[str]:
        """Keep the hand's log from a new view (``before``: the view before it) and say what happened
        since, in words: a new deal (which ends the hand before, scored by the scores' change), who bid
        what (said as it looked before the bid), who won a trick."""
        number = self.state.hand_number
        scores = tuple(int(s) for s in view.scores)
        log = self._logs[-1] if self._logs else None
        said: list[str] = []
        if log is None or log.number != number:
            if log is not None:
                said += self._last_trick(log, before)
                self._finish(log, scores)
            log = SeatHandLog(number, view.dealer, scores)
            self._logs.append(log)
            said.append(self._told(self.game_table.deal_event(number, view), view))
            before = None
        context = view if before is None else before
        bidding = getattr(view, "bids", ())  # a game with no bidding has none
        bids = [
            f"{self.who(seat)}: {self.words(action, context)}."
            for seat, action in bidding[len(log.bidding) :]
        ]
        log.bidding += tuple(bids)
        said += bids
        said += [
            self._told(TrickWon(len(log.tricks) + i + 1, trick), view)
            for i, trick in enumerate(view.tricks[len(log.tricks) :])
        ]
        log.tricks = tuple((i + 1, trick) for i, trick in enumerate(view.tricks))
        log.seen = view
        if self.table.over:
            self._finish(log, scores)
        return said

    def _last_trick(self, log: SeatHandLog, before: Any) -> list[str]:
        """A hand has ended (the service dealt the next at once): its last view (``before``) completed
        with the card that ended it (the table's last action, a card played to it), the trick won by the
        card that wins it; kept as the hand's last view and, for a seated student, shown until the
        student moves on. Says who won that trick."""
        if before is None:
            return []
        last = self.table.frame.get("last")
        action = str(last.get("action", "")) if isinstance(last, dict) else ""
        final, said = before, []
        if action.startswith("play ") and isinstance(last, dict) and last.get("hand") == log.number:
            try:
                seat, card = before.seat.seating.parse(str(last.get("seat"))), Card.parse(action[5:])
            except ValueError:
                seat, card = None, None
            if seat is not None and card is not None:
                plays = (*before.trick_plays, (seat, card))
                out = getattr(before, "sitting_out", None)  # a game where every seat plays has none
                playing = len(seat.seating.seats) - (
                    len(out) if isinstance(out, frozenset) else int(out is not None)
                )
                if len(plays) == playing:
                    trump, notrump = getattr(before, "trump", None), getattr(before, "notrump", None)
                    winner = plays[winning_index([c for _, c in plays], trump, notrump)][0]
                    trick = Trick(plays[0][0], plays, winner)
                    hand = list(before.hand)
                    if seat == before.seat and card in hand:
                        hand.remove(card)
                    final = replace(
                        before,
                        hand=tuple(hand),
                        tricks=(*before.tricks, trick),
                        trick_plays=(),
                        trick_leader=None,
                        to_act=None,
                        legal=(),
                        counts=tuple(0 for _ in getattr(before, "counts", ())),
                    )
                    log.tricks = (*log.tricks, (len(log.tricks) + 1, trick))
                    said.append(self._told(TrickWon(len(log.tricks), trick), before))
        log.seen = final
        if self.table.seat is not None:
            self._held = final
        return said

    def _finish(self, log: SeatHandLog, scores: tuple[int, ...]) -> None:
        """A hand is over: its points are the scores' change since it was dealt."""
        if log.points is None:
            log.points = tuple(a - b for a, b in zip(scores, log.start, strict=True))
            log.outcome = log.outcome or self._outcome(log)

    def _outcome(self, log: SeatHandLog) -> str:
        seat = self.seat
        if log.points is None or seat is None:
            return ""
        mine = log.points[seat.team.index]
        others = max(p for i, p in enumerate(log.points) if i != seat.team.index)
        return f"Hand {log.number} is over: your side {mine:+d}, the others {others:+d}."

    def _noted(self, text: str) -> None:
        """The service's word at a hand's end ("Hand 1 is over. ..."): that hand's outcome."""
        for log in reversed(self._logs):
            head = f"Hand {log.number} is over. "
            if log.finished and text.startswith(head):
                said = text[len(head) :]  # what every seat saw end the hand, up to the next deal
                said = said.split(f" Hand {log.number + 1}: ")[0].strip()
                log.outcome = said or log.outcome
                log.result = (said,) if said else log.result
                self._emit("state")
                return

    def _acted(self, version: int, _view: Any, action: Any) -> None:
        self.game.actions[version] = action
