"""Self-checking lesson exercises: the student answers with widgets, the engine marks it.

Every answer is computed by the rules code (never typed into the lesson), and
the feedback names the rule from the catalogue, so a lesson can never teach
something the engine does not do.

>>> q = WhichWinsQuestion("JD AH", trump="H")
>>> q.answer(0).startswith("Right")
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as w

from euchre_tutor.cards import (
    Card,
    Suit,
    describe_rank,
    effective_suit,
    is_left_bower,
    parse_card,
    parse_cards,
    playable,
    winning_index,
)
from euchre_tutor.rules.catalogue import Rule, rule

__all__ = [
    "ChoiceQuestion",
    "EffectiveSuitQuestion",
    "Feedback",
    "FollowSuitQuestion",
    "Question",
    "WhichWinsQuestion",
    "card_button",
    "cards_html",
    "rules_summary",
    "show_cards",
]

#: a question's feedback: the same words for every option, or the words for option ``i``
Why = str | Callable[[int], str]

_RED = "#c0392b"
_BLACK = "#1b1b1b"


def cards_html(cards: str | Sequence[Card], *, trump: str | Suit | None = None, size: float = 1.0) -> str:
    """Cards drawn as small faces (HTML), the trumps outlined in gold."""
    items = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    trump_suit = Suit.parse(trump) if isinstance(trump, str) else trump
    faces = []
    for card in items:
        colour = _RED if card.is_red else _BLACK
        ring = (
            "box-shadow:0 0 0 3px #e0b000;"
            if trump_suit and effective_suit(card, trump_suit) is trump_suit
            else ""
        )
        faces.append(
            f'<span role="img" aria-label="{html.escape(card.name)}" title="{html.escape(card.name)}" '
            f'style="display:inline-block;min-width:{2.6 * size}em;padding:{0.35 * size}em {0.3 * size}em;'
            f"margin:2px;border:1px solid #999;border-radius:6px;background:#fff;color:{colour};"
            f'font:bold {1.3 * size}em/1.1 sans-serif;text-align:center;{ring}">{html.escape(card.symbol)}</span>'
        )
    return "".join(faces)


def show_cards(cards: str | Sequence[Card], *, trump: str | Suit | None = None) -> w.HTML:
    """A widget showing cards; in a notebook cell it renders as the card faces."""
    return w.HTML(cards_html(cards, trump=trump))


@dataclass(frozen=True, slots=True)
class Feedback:
    correct: bool
    text: str


def card_button(card: Card) -> w.Button:
    """A button drawn as a card face: the symbol in the suit's colour, the card's name as its tooltip.

    An exercise whose answer is a card shows its cards once, as these buttons,
    with nothing on them that marks a trump.
    """
    b = w.Button(
        description=card.symbol,
        tooltip=card.name,
        layout=w.Layout(width="3.4em", height="2.6em"),
        style={"text_color": _RED if card.is_red else _BLACK, "font_weight": "bold", "font_size": "1.2em"},
    )
    b.add_class("euchre-quiz-card")
    return b


class Question(w.VBox):  # type: ignore[misc]
    """A prompt, answer buttons, and feedback that names the rule.

    ``answer(i)`` is what a click on option ``i`` does, so notebooks (and
    nbval) can check a lesson's exercise without a browser. With ``cards``
    (one per option) the buttons are drawn as those cards.
    """

    #: the rule an id names: the catalogue's (a game's questions may find sentences of their own)
    find_rule = staticmethod(rule)

    def __init__(
        self,
        prompt: str,
        options: Sequence[str],
        correct: int | set[int],
        rule_id: str,
        explain: Callable[[int], str],
        *,
        cards: Sequence[Card] | None = None,
    ) -> None:
        self.rule_id = rule_id
        self.rule = self.find_rule(rule_id)
        self._correct = {correct} if isinstance(correct, int) else set(correct)
        self._explain = explain
        self.prompt = w.HTML(prompt)
        if cards is not None and len(cards) != len(options):
            raise ValueError(f"{len(cards)} cards for {len(options)} options: give one card per option")
        self.buttons = []
        for i, label in enumerate(options):
            if cards is not None:
                b = card_button(cards[i])
            else:
                b = w.Button(description=label, layout=w.Layout(width="auto"))
            b.add_class("euchre-quiz-option")
            b.on_click(lambda _b, i=i: self.answer(i))
            self.buttons.append(b)
        self.feedback = w.HTML("")
        self.feedback.add_class("euchre-quiz-feedback")
        self.last: Feedback | None = None
        super().__init__([self.prompt, w.HBox(self.buttons), self.feedback])
        self.add_class("euchre-quiz")

    def answer(self, index: int) -> str:
        """Mark option ``index``; returns (and shows) the feedback text."""
        ok = index in self._correct
        why = self._explain(index)
        verdict = "Right!" if ok else "Not quite."
        text = f"{verdict} {why} (Rule: {self.rule.title}: {self.rule.text})"
        self.last = Feedback(ok, text)
        colour = "#1e7b34" if ok else "#a33"
        self.feedback.value = f'<div style="color:{colour};margin-top:4px">{html.escape(text)}</div>'
        for i, b in enumerate(self.buttons):
            b.button_style = ("success" if i in self._correct else "danger") if i == index else ""
        return text


class ChoiceQuestion(Question):
    """A plain multiple-choice question whose right answer (or answers) the lesson computed; ``why`` is
    the feedback, or a function of the option clicked."""

    def __init__(
        self, prompt: str, options: Sequence[str], correct: int | set[int], rule_id: str, why: Why
    ) -> None:
        explain = why if callable(why) else (lambda _i: str(why))
        super().__init__(html.escape(prompt), options, correct, rule_id, explain)


class WhichWinsQuestion(Question):
    """'Which card wins this trick?' (first card leads)."""

    def __init__(self, cards: str, *, trump: str | None) -> None:
        self.cards = parse_cards(cards)
        self.trump = Suit.parse(trump) if trump else None
        winner = winning_index(self.cards, self.trump)
        trump_word = f"{self.trump.plural} are trump" if self.trump else "no trump"
        prompt = (
            f"<b>{trump_word.capitalize()}.</b> These cards make a trick, in the order played: the first "
            "card leads. Which card wins the trick?"
        )
        rule_id = (
            "cards.left-bower"
            if any(is_left_bower(c, self.trump) for c in self.cards)
            else "cards.trick-winner"
        )

        def explain(_i: int) -> str:
            win = self.cards[winner]
            rank = describe_rank(win, self.trump)
            return f"{win.symbol} wins: it is {rank}."

        super().__init__(prompt, [c.symbol for c in self.cards], winner, rule_id, explain, cards=self.cards)


class EffectiveSuitQuestion(Question):
    """'Which suit does this card belong to?' — the left-bower question."""

    def __init__(self, card: str, *, trump: str) -> None:
        self.card = parse_card(card)
        self.trump = Suit.parse(trump)
        suits = list(Suit)
        actual = effective_suit(self.card, self.trump)
        prompt = (
            f"<b>{self.trump.plural.capitalize()} are trump.</b> {cards_html([self.card])} "
            "Which suit does this card belong to in play?"
        )
        rule_id = "cards.left-bower-is-trump" if is_left_bower(self.card, self.trump) else "cards.plain-order"

        def explain(_i: int) -> str:
            return f"{self.card.symbol} is {describe_rank(self.card, self.trump)}, so it plays as a {actual.plural[:-1]}."

        super().__init__(
            prompt, [f"{s.symbol} {s.plural}" for s in suits], suits.index(actual), rule_id, explain
        )


class FollowSuitQuestion(Question):
    """'The deck leads X; which of your cards may you play?' — one button per card in hand."""

    def __init__(self, hand: str, lead: str, *, trump: str) -> None:
        self.hand = parse_cards(hand)
        self.lead = parse_card(lead)
        self.trump = Suit.parse(trump)
        led = effective_suit(self.lead, self.trump)
        self.legal = playable(self.hand, self.trump, led)
        following = any(effective_suit(c, self.trump) is led for c in self.hand)
        prompt = (
            f"<b>{self.trump.plural.capitalize()} are trump.</b> The deck leads "
            f"{cards_html([self.lead])}. Which card of your hand may you play? Your hand:"
        )
        tricky = any(is_left_bower(c, self.trump) for c in (*self.hand, self.lead))
        rule_id = "cards.left-bower-is-trump" if tricky else "cards.follow-suit"

        def explain(i: int) -> str:
            card = self.hand[i]
            suit = effective_suit(card, self.trump)
            led_word = "trump" if led is self.trump else led.plural
            if following:
                legal = " ".join(c.symbol for c in self.legal)
                return f"{card.symbol} counts as {suit.plural}; you hold {led_word}, so you must follow: legal are {legal}."
            return f"You hold no {led_word}, so any card may be played."

        correct = {i for i, c in enumerate(self.hand) if c in self.legal}
        super().__init__(prompt, [c.symbol for c in self.hand], correct, rule_id, explain, cards=self.hand)


def rules_summary(rule_ids: Sequence[str], lookup: Callable[[str], Rule] = rule) -> w.HTML:
    """The closing box of a lesson: the rules it taught, by id, title and text.

    The ids are the catalogue's (``lookup``: a game's own sentences too); the lesson tests read these
    calls to check that every rule the tutor plays is taught somewhere.
    """
    items = "".join(
        f"<li><b>{html.escape(r.title)}</b>: {html.escape(r.text)}</li>" for r in map(lookup, rule_ids)
    )
    box = w.HTML(f"<h3>What this lesson taught</h3><ul>{items}</ul>")
    box.add_class("euchre-lesson-summary")
    return box
