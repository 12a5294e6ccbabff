"""Keeping score with a 4 and a 6: the table custom of counting points on two spare cards.

Each side takes a 4 and a 6 of one suit (hearts for one side, spades for the
other) and lays one card over the other so that the pips you can see add up to
the score; more pips are uncovered as the score rises. The scheme shown here:

- 0: both cards face down;
- 1 to 3: the 4 face up, the 6 face down over it with that many pips of the 4 showing;
- 4: the 4 face up, the 6 face down beside it;
- 5: the 6 face up, the 4 face down over one of its pips;
- 6: the 6 face up, the 4 face down beside it;
- 7 to 9: the 6 face up over the 4 face up, with 1 to 3 pips of the 4 showing;
- 10: both face up side by side: game.

The two cards count to 10 (the sheet's game), so a longer match is kept in
numbers.

>>> [c.words for c in four_and_six(3)]
['the 4 face up with 3 of its 4 pips showing', 'the 6 face down over it']
>>> sum(c.showing for c in four_and_six(8))
8
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_tutor.errors import RulesError

__all__ = ["MAX_SCORE", "ScoreCard", "four_and_six", "score_words"]

MAX_SCORE = 10
"""The most a 4 and a 6 can show."""


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """One of the two cards: its pips, whether it lies face up, and how many of its pips show."""

    pips: int
    face_up: bool
    showing: int
    covering: bool = False  # laid over the other card

    @property
    def words(self) -> str:
        if not self.face_up:
            return f"the {self.pips} face down" + (" over it" if self.covering else "")
        if self.showing == self.pips:
            return f"the {self.pips} face up" + (" over it" if self.covering else "")
        return f"the {self.pips} face up with {self.showing} of its {self.pips} pips showing"


def four_and_six(score: int) -> tuple[ScoreCard, ScoreCard]:
    """The two cards for ``score`` (0 to 10): the under card first, then the card laid over or beside it."""
    if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= MAX_SCORE:
        raise RulesError(f"a 4 and a 6 show a score from 0 to {MAX_SCORE}, not {score!r}: keep it in numbers")
    if score == 0:
        return ScoreCard(4, False, 0), ScoreCard(6, False, 0, covering=True)
    if score < 4:
        return ScoreCard(4, True, score), ScoreCard(6, False, 0, covering=True)
    if score == 4:
        return ScoreCard(4, True, 4), ScoreCard(6, False, 0)
    if score == 5:
        return ScoreCard(6, True, 5), ScoreCard(4, False, 0, covering=True)
    if score == 6:
        return ScoreCard(6, True, 6), ScoreCard(4, False, 0)
    if score < MAX_SCORE:
        return ScoreCard(4, True, score - 6), ScoreCard(6, True, 6, covering=True)
    return ScoreCard(4, True, 4), ScoreCard(6, True, 6)


def score_words(score: int) -> str:
    """The two cards in words, for a screen reader and the lesson.

    >>> score_words(7)
    '7: the 4 face up with 1 of its 4 pips showing, the 6 face up over it'
    """
    under, over = four_and_six(score)
    return f"{score}: {under.words}, {over.words}"
