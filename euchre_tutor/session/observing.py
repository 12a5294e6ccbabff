"""What every table's controller shares: listeners told of changes, the teaching message, and a command
that either changes the game or says why not; and :class:`Table`, what the one tutor and the one table
app read of a table, whichever it is (a one-person table's controller, a shared table's seat, Solitaire's).

A controller knows nothing of widgets; its view subscribes and redraws what a
topic names (``"state"``, ``"message"``, ...). No widget library here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError

__all__ = ["Observable", "Table", "sentence"]


class Observable:
    """Listeners per topic, and the message (``message_is_error``: a refused action) the view shows."""

    def __init__(self) -> None:
        self.message = ""
        self.message_is_error = False
        self._listeners: list[Callable[[str], None]] = []

    def subscribe(self, listener: Callable[[str], None]) -> None:
        self._listeners.append(listener)

    def _emit(self, topic: str) -> None:
        for listener in list(self._listeners):
            listener(topic)

    def _say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error
        self._emit("message")

    def _attempt(self, command: Callable[[], str | None]) -> bool:
        """Run a command; a EuchreError becomes the teaching message and changes nothing. Done, the
        controller follows it up (:meth:`_done`), the views are told ``"state"`` and its words said."""
        try:
            said = command()
        except EuchreError as error:
            self._say(sentence(str(error)), error=True)
            return False
        self._done()
        self._emit("state")
        self._say(said or "")
        return True

    def _done(self) -> None:
        """A command has changed the game (before the views are told): a controller's own follow-up."""

    def illegal(self, text: str) -> None:
        """Say why an action the page should not have allowed is refused (a click out of turn)."""
        self._say(sentence(text), error=True)


@runtime_checkable
class Table(Protocol):
    """What the one tutor (:class:`~euchre_tutor.session.tutor.TableTutor`) and the one table app
    (:class:`~euchre_tutor.widgets.table_app.TableApp`) read of a table and ask of it, at every table:
    a one-person table's controller (:class:`~euchre_tutor.session.table.TableController` and
    Solitaire's) and a shared table's seat (:class:`~euchre_tutor.session.remote_seat.RemoteSeat`).

    Reading: the game and its state, the student's seat (None: none, or not seated) and view, whose
    turn it is, whether a finished hand waits for Next hand, the seed, where the student decided and the
    hands' logs, the message line and the rule of thumb's suggestion. Asking: a decision (its words or
    a card clicked), the next hand, undo and redo, a suggestion, a teacher's deal or a save to load; each
    changes the table or says why not in the message line, and returns whether it changed it. The
    match as a save file (a shared table's raises :class:`EuchreError`: the service keeps it). The
    views subscribe to the table's topics (``"state"``, ``"message"``)."""

    # the game, its history and where the student decided in it (``remote``: a shared table's seat,
    # whose game the table service holds)
    @property
    def remote(self) -> bool: ...
    def hand_logs(self) -> Sequence[Any]: ...
    @property
    def game(self) -> Any: ...
    def decision_positions(self) -> list[int]: ...
    @property
    def state(self) -> Any: ...
    @property
    def view(self) -> Any: ...
    def _parse_action(self, action: Any, /) -> Any: ...
    @property
    def seat(self) -> Any: ...
    @property
    def seed(self) -> int | str: ...
    def subscribe(self, listener: Callable[[str], None], /) -> None: ...
    # the student's turn: a decision in words or a card clicked
    @property
    def my_turn(self) -> bool: ...
    def card_action(self, card: Card, /) -> Any: ...
    def card_reason(self, card: Card, /) -> str | None: ...
    def act(self, action: Any, /) -> bool: ...
    def click_card(self, card: Card | str, /) -> bool: ...
    # a finished hand, undo and redo
    @property
    def waiting(self) -> bool: ...
    def next_hand(self) -> bool: ...
    @property
    def can_undo(self) -> bool: ...
    def undo(self) -> bool: ...
    @property
    def can_redo(self) -> bool: ...
    def redo(self) -> bool: ...
    # the message line and the rule of thumb's suggestion
    @property
    def message(self) -> str: ...
    @property
    def message_is_error(self) -> bool: ...
    def illegal(self, text: str, /) -> None: ...
    @property
    def suggestion(self) -> str: ...
    def suggest(self) -> bool: ...
    # a teacher's deal or a save loaded, the match saved
    def load_deal(self, data: Any, /) -> bool: ...
    def save_text(self) -> str: ...


def sentence(text: str) -> str:
    """An error message as a sentence for the message line: capital first, full stop last."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
