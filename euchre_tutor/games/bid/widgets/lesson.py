"""The Bid Euchre lesson's widgets: a checked question, the rules summary, and the table for a preset deal.

The Bid Euchre rules sheet's sentences have their own ids (``bid.*``, in
:data:`~euchre_tutor.games.bid.rules.RULE_SENTENCES`), apart from the classic
catalogue; :func:`rules_summary` here takes either kind, so the lesson tests
find every sentence taught by some lesson's ``rules_summary([...])``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from euchre_tutor.games.bid.rules import RULE_SENTENCES, BidRules
from euchre_tutor.games.bid.widgets.app import BidApp
from euchre_tutor.rules.catalogue import RULES, Rule, rule
from euchre_tutor.widgets.quiz import Feedback

__all__ = ["BidQuestion", "bid_rule", "preset_bid", "rules_summary"]


def bid_rule(rule_id: str) -> Rule:
    """A rule by id: a Bid Euchre sentence (``bid.kitty``) or a catalogue rule (``cards.left-bower``)."""
    if rule_id in RULE_SENTENCES:
        title = rule_id.split(".", 1)[1].replace("-", " ").capitalize()
        return Rule(rule_id, title, RULE_SENTENCES[rule_id])
    if rule_id in RULES:
        return rule(rule_id)
    raise KeyError(f"no rule {rule_id!r}: a Bid Euchre id is one of {', '.join(RULE_SENTENCES)}")


class BidQuestion(w.VBox):  # type: ignore[misc]
    """A multiple-choice question whose right answer the lesson computed with the engine; the
    feedback names the rule (a Bid Euchre sentence id or a catalogue id). ``answer(i)`` is what a
    click on option ``i`` does, so the notebook checks its own exercise."""

    def __init__(
        self,
        prompt: str,
        options: Sequence[str],
        correct: int | set[int],
        rule_id: str,
        why: str | Callable[[int], str],
    ) -> None:
        self.rule_id = rule_id
        self.rule = bid_rule(rule_id)
        self._correct = {correct} if isinstance(correct, int) else set(correct)
        self._explain: Callable[[int], str] = why if callable(why) else (lambda _i: str(why))
        self.prompt = w.HTML(html.escape(prompt))
        self.buttons = []
        for i, label in enumerate(options):
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
        verdict = "Right!" if ok else "Not quite."
        text = f"{verdict} {self._explain(index)} (Rule: {self.rule.title}: {self.rule.text})"
        self.last = Feedback(ok, text)
        colour = "#1e7b34" if ok else "#a33"
        self.feedback.value = f'<div style="color:{colour};margin-top:4px">{html.escape(text)}</div>'
        for i, b in enumerate(self.buttons):
            b.button_style = ("success" if i in self._correct else "danger") if i == index else ""
        return text


def rules_summary(rule_ids: Sequence[str]) -> w.HTML:
    """The closing box of a lesson: the rules it taught (Bid Euchre sentence ids or catalogue ids)."""
    items = "".join(
        f"<li><b>{html.escape(r.title)}</b>: {html.escape(r.text)}</li>"
        for r in (bid_rule(i) for i in rule_ids)
    )
    box = w.HTML(f"<h3>What this lesson taught</h3><ul>{items}</ul>")
    box.add_class("euchre-lesson-summary")
    return box


def preset_bid(
    deal: Mapping[str, Any] | str | None = None,
    *,
    seed: int | str = 0,
    rules: str | BidRules | Mapping[str, Any] = "common",
    **options: Any,
) -> BidApp:
    """The Bid Euchre table, ready to play a lesson's deal: a teacher's ``deal`` (the JSON object
    ``euchre-tutor bid replay`` reads, as a dict or text) or the match of ``seed``. A deal's own
    ``rules`` win; extra options go to :class:`~euchre_tutor.games.bid.widgets.app.BidApp`."""
    if isinstance(deal, Mapping) and "rules" not in deal:
        deal = {**deal, "rules": rules.to_json() if isinstance(rules, BidRules) else rules}
    return BidApp(seed=seed, rules=rules, deal=deal, **options)
