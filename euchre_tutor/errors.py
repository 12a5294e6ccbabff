"""The project's exceptions: every one teaches what was wrong and what is allowed.

    ValueError
    └── EuchreError          base of everything raised for bad input
        ├── CardError        a card or card list that does not parse
        ├── DealError        a deal with missing, extra or duplicate cards
        ├── RulesError       an impossible combination of rule options
        ├── IllegalAction    an action the rules do not allow now
        │   └── IllegalPlay  a card that may not be played (follow suit, not held)
        ├── SaveFileError    a saved game or deal file that is corrupt or hand-edited badly
        └── JsonInputError   input that is not usable JSON: binary, broken, too deep, a huge number

Subclassing ValueError keeps ``except ValueError`` working for callers that
do not care about Euchre, while the tutor can show ``str(error)`` as is.
"""

from __future__ import annotations

__all__ = [
    "CardError",
    "DealError",
    "EuchreError",
    "IllegalAction",
    "IllegalPlay",
    "JsonInputError",
    "RulesError",
    "SaveFileError",
]


class EuchreError(ValueError):
    """Bad input of any kind; the message is written for a student to read."""


class CardError(EuchreError):
    """A card name that does not parse."""


class DealError(EuchreError):
    """A deal that is not a permutation of the deck it should use."""


class RulesError(EuchreError):
    """A rules configuration that cannot be played."""


class IllegalAction(EuchreError):
    """An action that is not legal in the current state."""


class IllegalPlay(IllegalAction):
    """A card that may not be played now."""


class SaveFileError(EuchreError):
    """A saved file that cannot be loaded; nothing is half-loaded."""


class JsonInputError(EuchreError):
    """Input that is not JSON the tutor will read (see :mod:`euchre_tutor.jsonio`); nothing is loaded."""
