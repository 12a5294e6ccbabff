"""The Solitaire ideas: golden positions checked by hand, and every sentence shown re-checked.

The golden positions are the worked examples of ``tests/data/hint_examples.json`` and seeded deals
whose facts are counted by hand in each test (the unseen cards that stop the deck, the trumps held).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from euchre_tutor.advisor.voice import (
    LESSONS,
    Depth,
    Explanation,
    false_sentences,
    text_problems,
    visible_text,
)
from euchre_tutor.cards import Card, Suit, deck, parse_cards
from euchre_tutor.games.solitaire.advisor.advice import Hint, OptionAnalysis, analyse_view, hint_from_analysis
from euchre_tutor.games.solitaire.advisor.ideas import (
    BRIEF_WORDS,
    CATALOGUE,
    burn_words,
    exact_chance,
    exact_points,
    explain,
    position_of,
    tied_best,
)
from euchre_tutor.games.solitaire.advisor.positions import knowledge_from_view
from euchre_tutor.games.solitaire.advisor.reasons import burn_stats
from euchre_tutor.games.solitaire.advisor.solver import Solver
from euchre_tutor.games.solitaire.engine.engine import (
    Action,
    DealState,
    NameTrump,
    Phase,
    Play,
    SolitaireDeal,
    new_deal,
)
from euchre_tutor.games.solitaire.views import SolitaireView, player_view
from euchre_tutor.games.solitaire.widgets import render

DATA = json.loads((Path(__file__).parents[2] / "data" / "hint_examples.json").read_text())
SOLVER = Solver()


def deal_of(hand: str, turn: str, top: str = "") -> DealState:
    """A deal with this hand and turn card; the stock starts with ``top``, the rest in deck order."""
    cards = parse_cards(hand)
    up = Card.parse(turn)
    first = parse_cards(top) if top else ()
    rest = [c for c in deck(24) if c not in cards and c != up and c not in first]
    return new_deal(SolitaireDeal.from_cards((*cards, up, *first, *rest)))


def after(state: DealState, *actions: Action) -> DealState:
    for a in actions:
        state = state.apply(a)
    return state


def seeded(seed: int, *actions: str) -> DealState:
    state = new_deal(SolitaireDeal.from_seed(seed))
    for text in actions:
        view = player_view(state)
        state = state.apply(next(a for a in view.legal if str(a) == text))
    return state


def hint_of(view: SolitaireView, **kw: object) -> Hint:
    return hint_from_analysis(analyse_view(view, solver=SOLVER, **kw), view.turn_card)  # type: ignore[arg-type]


def explained(
    state: DealState, score: tuple[int, int] = (0, 0), **kw: object
) -> tuple[Explanation, Hint, SolitaireView]:
    view = player_view(state)
    hint = hint_of(view, score=score, **kw)
    expl = explain(hint, view, score)
    for depth in Depth:
        assert false_sentences(expl.said(depth), CATALOGUE, position_of(hint, view, score)) == []
        assert text_problems(expl.text(depth), depth) == [], expl.text(depth)
    return expl, hint, view


def ideas(expl: Explanation) -> list[str]:
    return [s.idea for s in expl.said(Depth.COMPARE)]


def why(expl: Explanation, idea: str) -> str:
    return next(s.text for s in expl.said(Depth.COMPARE) if s.idea == idea)


# ------------------------------------------------------------------ the catalogue


def test_every_idea_links_a_lesson_that_exists() -> None:
    for idea in CATALOGUE.values():
        assert idea.lesson == "" or idea.lesson in LESSONS, idea.id


def test_burns_and_values_in_words() -> None:
    assert burn_words(Fraction(9, 10)) == "about one card"
    assert burn_words(Fraction(14, 5)) == "about three cards"
    assert burn_words(Fraction(1, 2)) == "about half a card"
    assert burn_words(Fraction(3, 2)) == "about one and a half cards"
    assert exact_points(Fraction(22637, 70686)) == "+0.320 points"  # too long a fraction: the decimal alone
    assert exact_points(Fraction(9, 10)) == "+0.900 points (9/10)"
    assert exact_points(Fraction(-2)) == "\u22122 points" and exact_points(Fraction(1)) == "+1 point"
    assert exact_chance(Fraction(3, 4)) == "0.750 (3/4)" and exact_chance(Fraction(0)) == "0"


# ------------------------------------------------------------------ golden positions


def test_example_1_name_clubs_for_the_trumps_and_keep_the_jack_of_diamonds_off_the_stock() -> None:
    ex = DATA["examples"][0]
    expl, hint, _ = explained(deal_of(ex["hand"], ex["turn"]))
    assert expl.move == "Name clubs (♣) as trump."
    assert hint.best.ev == Fraction(ex["options"]["name clubs"]["ev"])
    # by hand: clubs J♣ K♣ 9♣ (three); spades J♣ (left) 9♠ (two); hearts 9♥ (one); diamonds none
    assert expl.why[0].text == (
        "Clubs give you three trumps, the most of any suit: the right bower (J♣), "
        "the king of clubs (K♣) and the nine of clubs (9♣)."
    )
    # ordering up puts J♦, the right bower of diamonds, on top: nothing beats it
    assert "solitaire.up-card-danger" in ideas(expl) and "solitaire.side-ace" not in ideas(expl)
    assert "Ordering up J♦ costs about 2.5 points a deal." in expl.text(Depth.COMPARE)
    figures = expl.text(Depth.FIGURES)
    assert "Naming clubs (♣): +0.320 points;" in figures and "\u22122 points" in figures
    assert "march (all 5 tricks)" in figures
    assert expl.brief_words() <= BRIEF_WORDS


def test_example_1_lead_the_nine_of_hearts_and_keep_the_trumps() -> None:
    ex = DATA["examples"][0]
    state = after(deal_of(ex["hand"], ex["turn"]), NameTrump(Suit.CLUBS))
    expl, hint, view = explained(state)
    assert expl.move == "Lead the nine of hearts (9♥)."
    k = knowledge_from_view(view)
    nine, jack = burn_stats(k, Card.parse("9H")), burn_stats(k, Card.parse("JC"))
    # by hand: 5 unseen hearts and 4 unseen trumps stop a heart lead; each beats the 9♥
    assert (nine.stoppers, nine.expected_burned, nine.p_win_trick) == (9, Fraction(9, 10), 0)
    assert (jack.stoppers, jack.expected_burned) == (4, Fraction(14, 5))
    assert expl.why[0].idea == "solitaire.keep-trump"
    assert "whatever the deck turns" in expl.why[0].text
    # the J♣ lead burns more cards: the burn idea does not recommend the 9♥, so it is not said
    assert "solitaire.burn" not in ideas(expl)
    assert why(expl, "solitaire.low-trump") == (
        "Leading the nine of clubs (9♣) would waste a trump: every trump left in the stock beats it."
    )
    assert expl.reminder is not None and expl.reminder.idea == "rule.deck-burns"
    for lead, values in ex["after"]["leads"].items():
        assert hint.option(Play(Card.parse(lead))).ev == Fraction(values["ev"])  # type: ignore[union-attr]


def test_the_burn_reminder_only_where_the_leads_burn_differently() -> None:
    ex = DATA["examples"][0]
    _, hint, view = explained(after(deal_of(ex["hand"], ex["turn"]), NameTrump(Suit.CLUBS)))
    assert CATALOGUE["rule.deck-burns"].holds(position_of(hint, view))  # 9♥ burns 0.9 cards, J♣ 2.8
    # ordered up: the ace of diamonds is known to be the deck's first card, so every lead stops at once
    expl, hint, view = explained(seeded(0, "order up"))
    pos = position_of(hint, view)
    assert {pos.burn(c).expected_burned for c in pos.legal_cards()} == {0}
    assert not CATALOGUE["rule.deck-burns"].holds(pos)
    assert expl.reminder is None or expl.reminder.idea != "rule.deck-burns"


def test_example_2_order_up_under_the_right_bower() -> None:
    ex = DATA["examples"][1]
    expl, hint, _ = explained(deal_of(ex["hand"], ex["turn"]))
    assert expl.move == "Order up the king of hearts (K♥)." and hint.best.ev == 1
    assert expl.why[0].text == "Ordering up puts K♥ on top of the stock; your right bower (J♥) beats it."
    assert expl.reminder is not None and expl.reminder.text == (
        "The jack of diamonds (J♦) is the left bower: it counts as a heart."
    )
    assert expl.lesson(Depth.BRIEF) is not None
    # hearts: J♥ J♦ A♥ (three); diamonds: J♦ J♥ (two)
    assert "Hearts give you three trumps, the most of any suit" in why(expl, "solitaire.trump-count")
    assert "With best play from here, you are sure of 3 or more tricks." in expl.text(Depth.COMPARE)


def test_a_side_ace_is_a_likely_trick() -> None:
    expl, _, _ = explained(seeded(1))  # J♠ A♦ A♠ A♥ Q♠, turn 10♥
    assert expl.move == "Name spades (♠) as trump."
    # by hand: an A♦ lead is stopped by 5 diamonds (9 J K Q 10) or 4 trumps (9♠ K♠ 10♠ and J♣): wins 5 in 9
    k = knowledge_from_view(player_view(after(seeded(1), NameTrump(Suit.SPADES))))
    assert burn_stats(k, Card.parse("AD")).p_win_trick == Fraction(5, 9)
    assert why(expl, "solitaire.side-ace") == (
        "The ace of diamonds (A♦) is a likely side trick: led, it wins about 3 times in 5."
    )


def test_going_alone_with_the_top_trumps() -> None:
    expl, hint, _ = explained(seeded(80))  # J♣ A♣ K♦ J♠ K♣: the four top clubs
    assert expl.move == "Name clubs (♣) as trump and go alone."
    assert expl.why[0].idea == "solitaire.alone" and hint.best.p5 > Fraction(97, 100)
    assert "Naming clubs (♣) without going alone costs about 2 points a deal." in expl.text(Depth.COMPARE)


def test_every_choice_loses_and_the_least_bad_is_named() -> None:
    expl, hint, _ = explained(seeded(3))
    assert max(o.ev for o in hint.options) < 0
    assert "Every choice loses points on average here; this one loses the least." in expl.text(Depth.COMPARE)


def test_the_right_bower_pulls_a_trump() -> None:
    expl, hint, view = explained(seeded(106, "name spades"))  # J♠ Q♠ 10♠ K♦ 9♠
    # J♠ ties with K♦: "the highest trump" is not true of K♦, so it is not said beside the tie
    assert len(tied_best(hint)) == 2 and "solitaire.pull-trump" not in ideas(expl)
    alone = Hint(tuple(o for o in hint.options if o.label != "K♦"), ())  # J♠ the one best lead
    expl = explain(alone, view)
    assert false_sentences(expl.said(Depth.COMPARE), CATALOGUE, position_of(alone, view)) == []
    assert why(expl, "solitaire.pull-trump") == (
        "J♠ is the highest trump: it wins for sure and pulls a trump out of the stock."
    )


def test_the_deck_burns_the_most_on_the_best_lead() -> None:
    expl, _, view = explained(seeded(4, "name diamonds"))
    k = knowledge_from_view(view)
    burns = {c: burn_stats(k, c).expected_burned for c in view.hand}
    # by hand: a K♦ lead is stopped only by the 4 unseen trumps of 18 (9♦ Q♦ 10♦ J♦): 14/5
    assert burns[Card.parse("KD")] == Fraction(14, 5) == max(burns.values())
    # K♦ ties with J♠ J♥ A♦, which burn less: the burn is no reason beside that tie
    assert "solitaire.burn" not in ideas(expl)
    hint = hint_of(view)
    alone = Hint(tuple(o for o in hint.options if o.label not in ("J♠", "J♥", "A♦")), ())
    expl = explain(alone, view)  # K♦ the one best lead
    assert false_sentences(expl.said(Depth.COMPARE), CATALOGUE, position_of(alone, view)) == []
    assert "The deck burns about three cards on average before it can follow or trump" in why(
        expl, "solitaire.burn"
    )


def test_the_stock_runs_out() -> None:
    state = seeded(125, "order up alone", "play JH", "play AH", "play KH")
    expl, _, view = explained(state)
    # by hand: hearts trump, J♦ is one; the unseen 9♠ A♣ A♦ A♠ J♠ K♣ Q♦ 10♦ 10♠ hold no heart
    assert not any(c.suit is Suit.HEARTS or c == Card.parse("JD") for c in view.unseen)
    assert expl.move == "Lead the left bower (J♦)."
    assert expl.why[0].idea == "solitaire.stock-out"


def test_following_win_cheaply_or_throw_low() -> None:
    expl, _, _ = explained(seeded(0, "order up", "play JH", "play TD", "play 9C"))
    # diamonds trump, the deck led J♣; the hand is A♥ 9♦: no club, and the 9♦ is the only trump
    assert expl.move == "Play the nine of diamonds (9♦)."
    assert expl.why[0].text == "You have no clubs: 9♦ is your lowest trump that takes the trick."
    expl, _, _ = explained(seeded(61, "name spades", "play QC"))
    # spades trump, the deck led 9♠; the hand 9♥ J♦ A♦ K♣ holds no trump: nothing wins, the 9♥ is lowest
    assert expl.move == "Play the nine of hearts (9♥)."
    assert expl.why[0].idea == "solitaire.throw-low"


def test_the_score_is_said_only_in_the_game_mode_near_the_end() -> None:
    ex = DATA["examples"][0]
    state = deal_of(ex["hand"], ex["turn"])
    expl, _, _ = explained(state, (8, 5), mode="game")
    assert "At 8 to 5, what counts is winning the game, not this deal's points." in expl.text(Depth.COMPARE)
    expl, _, _ = explained(state, (3, 5), mode="game")
    assert "solitaire.score" not in ideas(expl)
    assert "chance to win the game" in expl.text(Depth.COMPARE)


def test_a_sure_winner_is_cashed() -> None:
    """Hearts trump: the three leads of J♥ J♦ A♥ draw Q♥ 10♥ 9♥, every unseen trump; A♠ is then the
    highest spade and no trump is left: it wins for sure (valued here best, K♥ second)."""
    state = deal_of("JH JD AH KH AS", "9C", "QH 9S TH 9H")
    state = after(state, NameTrump(Suit.HEARTS), *(Play(Card.parse(c)) for c in ("JH", "JD", "AH")))
    view = player_view(state)
    assert not any(c.suit is Suit.HEARTS or c == Card.parse("JD") for c in view.unseen)
    ace, king = Play(Card.parse("AS")), Play(Card.parse("KH"))
    options = (
        OptionAnalysis(ace, "A♠", Fraction(1), Fraction(1), Fraction(1, 2), Fraction(1)),
        OptionAnalysis(king, "K♥", Fraction(1, 2), Fraction(1), Fraction(1, 3), Fraction(1, 2)),
    )
    hint = Hint(options, ())
    expl = explain(hint, view)
    assert expl.why[0].text == "Nothing left in the stock beats A♠: it wins for sure."
    assert false_sentences(expl.said(Depth.COMPARE), CATALOGUE, position_of(hint, view)) == []


def test_ties_are_ties_with_no_star() -> None:
    state = seeded(106, "name spades")
    view = player_view(state)
    hint = hint_of(view)
    tied = tied_best(hint)
    assert len(tied) == 2  # J♠ and K♦ are exactly as good
    expl = explain(hint, view)
    assert expl.move == "Lead the jack of spades (J♠) or the king of diamonds (K♦): they are equally good."
    html = render.hint_html(hint, view, Depth.FIGURES)
    assert 'class="opt best"' not in html
    line = visible_text(
        render.grade_html("K♦", hint.grade(tied[1].action), best="J♠ or K♦", tied=("J♠", "K♦"))
    )
    assert line.startswith("Your choice: K♦ Best") and line.endswith(": as good as J♠.")


# ------------------------------------------------------------------ every sentence, seeded


@pytest.mark.parametrize("seed", range(12))
def test_every_sentence_shown_holds_and_reads_clean(seed: int) -> None:
    rng = random.Random(seed)
    state = new_deal(SolitaireDeal.from_seed(100 + seed))
    mode = "game" if seed % 3 == 2 else "points"
    score = (rng.randrange(10), rng.randrange(10)) if mode == "game" else (0, 0)
    while state.phase is not Phase.OVER:
        view = player_view(state)
        hint = hint_from_analysis(analyse_view(view, solver=SOLVER, mode=mode, score=score), view.turn_card)  # type: ignore[arg-type]
        expl = explain(hint, view, score)
        position = position_of(hint, view, score)
        for depth in Depth:
            assert false_sentences(expl.said(depth), CATALOGUE, position) == []
            text = visible_text(render.hint_html(hint, view, depth, score=score))
            assert text_problems(text, depth) == [], (depth, text)
        brief = visible_text(render.hint_html(hint, view, Depth.BRIEF, score=score), titles=False)
        assert len(brief.split()) <= BRIEF_WORDS, brief
        if len(tied_best(hint)) > 1:
            assert "equally good" in expl.move
        action = rng.choice(view.legal) if rng.random() < 0.5 else hint.best.action
        label = next(o.label for o in hint.options if o.action == action)
        grade = hint.grade(action)
        for depth in Depth:
            line = visible_text(
                render.grade_html(
                    label,
                    grade,
                    "points" if mode == "points" else "win chance",
                    best=hint.best.label,
                    depth=depth,
                )
            )
            assert text_problems(line, depth) == [] and "0.000" not in line, line
        state = state.apply(action)
    log = visible_text(render.log_html(player_view(state)))
    assert text_problems(log) == [], log


def test_a_forced_card_says_the_rule_that_forces_it() -> None:
    """A single legal card: the hint teaches why (follow suit with the only card of it, or the last card)."""
    seen = 0
    for seed in range(6):
        state = new_deal(SolitaireDeal.from_seed(seed))
        state = state.apply(player_view(state).legal[0])
        while state.phase is Phase.PLAY and seen < 4:
            view = player_view(state)
            if len(view.legal) == 1 and isinstance(view.legal[0], Play):
                expl = explain(hint_of(view), view)
                card = view.legal[0].card
                assert expl.move.startswith(("You must follow", "The ", "You ")), expl.move
                assert card.symbol in expl.move and ("only" in expl.move or "last card" in expl.move)
                assert text_problems(expl.text(Depth.BRIEF)) == []
                seen += 1
            state = state.apply(view.legal[-1])
    assert seen >= 1
