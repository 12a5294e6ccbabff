"""What every table's controller shares: listeners told of changes, the teaching message, and a command
that either changes the game or says why not.

A controller knows nothing of widgets; its view subscribes and redraws what a
topic names (``"state"``, ``"message"``, ...). No widget library here.
"""

from __future__ import annotations

from collections.abc import Callable

from euchre_tutor.errors import EuchreError

__all__ = ["Observable", "sentence"]


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


def sentence(text: str) -> str:
    """An error message as a sentence for the message line: capital first, full stop last."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
