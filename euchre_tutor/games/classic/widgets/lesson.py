"""The classic Euchre lesson's widgets: questions the classic engine and advisor answer, and the
classic table for a lesson's deal.

:class:`ScoringQuestion` and :class:`ClassicPlayQuestion` are marked by the classic engine (its
scoring and its follow-suit rule, under the lesson's house rules); :class:`AdvisorQuestion` by the
classic advisor; :func:`preset_classic` opens the table on a teacher's deal. The questions are
:class:`~euchre_tutor.widgets.quiz.Question` widgets, as every lesson's are.
"""

from __future__ import annotations

import html
from typing import Any

from euchre_tutor.advisor.voice import minus
from euchre_tutor.cards import describe_rank, is_left_bower
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.engine.engine import Action, Phase, hand_points, rules_seating
from euchre_tutor.games.classic.engine.replay import replay_state
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.widgets.quiz import Question, cards_html

__all__ = ["AdvisorQuestion", "ClassicPlayQuestion", "ScoringQuestion", "preset_classic"]


def _classic_rules(rules: str | ClassicRules) -> ClassicRules:
    return rules if isinstance(rules, ClassicRules) else ClassicRules.from_json(rules)


def _rules_words(rules: str | ClassicRules) -> str:
    """'the standard rules', or the options that differ from them: 'take_4_for_1=True'."""
    if isinstance(rules, str):
        return f"the {rules} rules"
    default = ClassicRules()
    changed = [
        f"{name}={value!r}" for name, value, _meaning in rules.describe() if getattr(default, name) != value
    ]
    return "house rules " + ", ".join(changed) if changed else "the standard rules"


def _score_label(points: int, side: str, rules: ClassicRules) -> str:
    if side == "makers":
        return f"the maker scores {points}" if rules.players == 3 else f"the makers score {points}"
    if len(rules_seating(rules).teams) > 2:
        return f"each opponent scores {points}"
    return f"the defenders score {points}"


class ScoringQuestion(Question):
    """'The makers take N tricks (alone, against a lone defender); who scores?' — the engine scores it.

    The right answer and the rule named in the feedback come from
    :func:`~euchre_tutor.games.classic.engine.engine.hand_points` under ``rules`` (a preset
    name or a :class:`ClassicRules`), so house rules change the answer.
    """

    def __init__(
        self,
        tricks: int,
        *,
        alone: bool = False,
        lone_defender: bool = False,
        rules: str | ClassicRules = "standard",
    ) -> None:
        r = _classic_rules(rules)
        self.tricks = tricks
        makers, defenders, rule_id = hand_points(r, tricks, alone, lone_defender)
        options = [_score_label(p, "makers", r) for p in sorted({1, 2, 4, makers} - {0})]
        options += [_score_label(p, "defenders", r) for p in sorted({2, 4, defenders} - {0})]
        options.append("nobody scores")
        if makers:
            right = _score_label(makers, "makers", r)
        elif defenders:
            right = _score_label(defenders, "defenders", r)
        else:
            right = "nobody scores"
        who = "maker" if r.players == 3 else "makers"
        how = " alone" if alone and r.players != 3 else ""
        against_lone = " against a lone defender" if lone_defender else ""
        prompt = (
            f"<b>Under {html.escape(_rules_words(rules))}:</b> the {who} played{how}{against_lone} and "
            f"took {tricks} trick{'s' if tricks != 1 else ''}. Who scores?"
        )

        def explain(_i: int) -> str:
            return f"With {tricks} trick{'s' if tricks != 1 else ''}, {right}."

        super().__init__(prompt, options, options.index(right), rule_id, explain)


class ClassicPlayQuestion(Question):
    """'Which cards may this player play?' for a hand given as ``classic replay`` JSON.

    ``hand`` holds ``rules``, ``dealer``, ``hands``, ``up`` and the ``actions`` up
    to the moment of the question; the engine says which cards are legal and,
    for the others, why not (its follow-suit sentence, the left bower spelled out).
    """

    def __init__(self, hand: dict[str, Any]) -> None:
        state = replay_state(dict(hand))
        if state.phase is not Phase.PLAY or state.to_act is None:
            raise ValueError("the question needs a hand in play: give the actions up to a card to play")
        self.state = state
        seat = state.to_act
        trump = state.trump
        self.cards = tuple(sorted(state.hands[seat], key=lambda c: c.index))
        self.legal = state.legal_plays()
        trump_words = f"{trump.plural.capitalize()} are trump" if trump is not None else "No trump"
        if state.trick_plays:
            situation = ", ".join(
                f"{s.word} {'leads' if i == 0 else 'plays'} {cards_html([c])}"
                for i, (s, c) in enumerate(state.trick_plays)
            )
            situation = f"Trick {len(state.tricks) + 1}: {situation}."
        else:
            situation = f"{seat.word} leads trick {len(state.tricks) + 1}."
        prompt = f"<b>{trump_words}.</b> {situation} Which card may {seat.word} play? {seat.word}'s hand:"
        around = [*self.cards, *(c for _, c in state.trick_plays)]
        rule_id = (
            "classic.follow-left-bower"
            if any(is_left_bower(c, trump) for c in around)
            else "cards.follow-suit"
        )
        if not state.trick_plays and state.rules.trump_lead != "anytime":
            rule_id = "house.trump-lead"  # a lead under a trump-lead restriction

        def explain(i: int) -> str:
            card = self.cards[i]
            if card in self.legal:
                legal = " ".join(c.symbol for c in self.legal)
                return f"{card.symbol} may be played ({describe_rank(card, trump)}); legal: {legal}."
            try:
                state.apply(Action("play", card=card))
            except EuchreError as error:
                return f"{error}."
            return f"{card.symbol} may be played."  # pragma: no cover - legal cards are handled above

        correct = {i for i, c in enumerate(self.cards) if c in self.legal}
        super().__init__(prompt, [c.symbol for c in self.cards], correct, rule_id, explain, cards=self.cards)


def preset_classic(
    deal: dict[str, Any] | str | None = None,
    *,
    seed: int | str = 0,
    rules: str | ClassicRules = "standard",
    **options: Any,
) -> Any:
    """The classic table, ready to play a lesson's deal: a teacher's ``deal`` (the JSON object
    ``euchre-tutor classic replay`` reads, as a dict or text) or the match of ``seed``.

    Returns a :class:`~euchre_tutor.games.classic.widgets.app.ClassicApp`; extra options
    (``seat="N"``, ``four_colour=True``) go to it. A deal's own ``rules`` win.
    """
    from euchre_tutor.games.classic.widgets.app import ClassicApp

    if isinstance(deal, dict) and "rules" not in deal:
        deal = {**deal, "rules": rules if isinstance(rules, str) else rules.to_json()}
    return ClassicApp(seed=seed, rules=rules, deal=deal, **options)


def _situation(state: Any) -> str:
    """Where the hand stands, in words: the bids so far, or the cards of the trick so far."""
    if state.phase is Phase.PLAY:
        if state.trick_plays:
            plays = ", ".join(
                f"{s.word} {'leads' if i == 0 else 'plays'} {cards_html([c])}"
                for i, (s, c) in enumerate(state.trick_plays)
            )
            return f"Trick {len(state.tricks) + 1}: {plays}."
        return f"{state.to_act.word} leads trick {len(state.tricks) + 1}."
    bids = ", ".join(f"{s.word}: {_words(str(a))}" for s, a in state.history) or "nobody has bid yet"
    return f"{state.dealer.word} deals, the up card is {cards_html([state.deal.up])}. Bids so far: {bids}."


class AdvisorQuestion(Question):
    """'What would you do here?' for a classic hand given as ``classic replay`` JSON; the advisor marks it.

    The seat to act is the student. The classic advisor analyses that seat's
    view (``worlds`` sampled deals, ``seed``: the same answer every run), and
    every choice within a *Good* grade of the best (less than 0.05 expected
    points lost) is right. The feedback gives the chosen and the best choice's
    expected points; :meth:`value` and :meth:`gain` give a lesson the numbers
    behind its tips.
    """

    def __init__(
        self,
        hand: dict[str, Any],
        *,
        question: str = "What is your best choice?",
        rule_id: str = "classic.advice-contrast",
        worlds: int = 200,
        seed: int = 0,
    ) -> None:
        from euchre_tutor.advisor.shared import THRESHOLDS, grade_label
        from euchre_tutor.games.classic.advisor.analysis import analyse
        from euchre_tutor.games.classic.bots import RuleBasedPlayer
        from euchre_tutor.games.classic.views import seat_view

        state = replay_state(dict(hand))
        if state.to_act is None:
            raise ValueError(
                "the question needs a decision to take: give the actions up to the student's turn"
            )
        seat = state.to_act
        self.state = state
        self.analysis = analyse(
            seat_view(state, seat), continuation=RuleBasedPlayer(), worlds=worlds, seed=seed
        )
        by_label = {o.label: o for o in self.analysis.options}
        self.choices = tuple(by_label[str(a)] for a in state.legal_actions() if str(a) in by_label)
        best = self.analysis.best
        good = THRESHOLDS["points"][0][0]
        self.losses = {o.label: best.ev - o.ev for o in self.choices}
        correct = {i for i, o in enumerate(self.choices) if self.losses[o.label] < good}
        trump = state.trump
        hand_cards = sorted(state.hands[seat], key=lambda c: c.index)
        played = [Action.parse(o.label).card for o in self.choices]
        # a card to play from the whole hand: the hand is drawn once, as the answer buttons
        as_cards = len(played) == len(hand_cards) and set(played) == set(hand_cards)
        prompt = (
            (f"<b>{trump.plural.capitalize()} are trump.</b> " if trump is not None else "")
            + f"{_situation(state)} "
            + (
                f"You are {seat.word}. {html.escape(question)} Your hand:"
                if as_cards
                else f"You are {seat.word}: {cards_html(hand_cards)} {html.escape(question)}"
            )
        )

        def explain(i: int) -> str:
            chosen = self.choices[i]
            loss = self.losses[chosen.label]
            label = "Best" if loss <= 0 else grade_label(loss, "points")  # type: ignore[arg-type]
            mine = f"{_words(chosen.label).capitalize()} is worth {chosen.ev:+.2f} points a hand"
            if chosen.label == best.label:
                runner = next((o for o in self.analysis.options if o.label != best.label), None)
                more = (
                    "" if runner is None else f", {best.ev - runner.ev:.2f} more than {_words(runner.label)}"
                )
                return minus(f"{mine}{more} (over {self.analysis.worlds} sampled deals): {label}.")
            return minus(
                f"{mine}; {_words(best.label)} is worth {best.ev:+.2f}: "
                f"this choice loses {loss:.2f} points a hand ({label})."
            )

        cards = [c for c in played if c is not None] if as_cards else None
        super().__init__(
            prompt, [_words(o.label) for o in self.choices], correct, rule_id, explain, cards=cards
        )

    def value(self, choice: str) -> float:
        """The expected points (the student's side) of a choice, by its action text: ``"order"``, ``"play JH"``."""
        text = str(Action.parse(choice))
        for o in self.analysis.options:
            if o.label == text:
                return o.ev
        legal = ", ".join(o.label for o in self.analysis.options)
        raise ValueError(f"{choice!r} is not a choice here; the choices are: {legal}")

    def gain(self, better: str, worse: str) -> float:
        """How many expected points a hand ``better`` gains over ``worse``."""
        return self.value(better) - self.value(worse)


def _words(label: str) -> str:
    """An action as a button says it: 'play J♥', 'order up', 'call ♣ alone'."""
    return Action.parse(label).words
