"""The dashboard's hints are the exact advisor's numbers (no stub)."""

from __future__ import annotations

from fractions import Fraction

from euchre_tutor.cards import deck, format_cards, parse_cards
from euchre_tutor.games.solitaire.engine.engine import OrderUp
from euchre_tutor.games.solitaire.session.advice import AdvisorSource
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor

# hint-examples.md, example 2: hand JH JD AH 9S TC, turn card KH; the stock order does not matter.
FIXED = parse_cards("JH JD AH 9S TC KH")
DEAL = format_cards([*FIXED, *(c for c in deck() if c not in FIXED)])


def test_trump_hint_shows_the_exact_values_and_reasons() -> None:
    t = SolitaireTutor(SolitaireController(1), source=AdvisorSource(), runner="inline")
    c = t.controller
    assert c.load_deal(DEAL)
    assert t.wait_for_analysis(120)
    hint = t.current_hint
    assert hint is not None
    assert hint.best.action == OrderUp(False)
    assert (hint.best.ev, hint.best.p3, hint.best.p5) == (1, 1, 0)
    by_label = {o.label: o for o in hint.options}
    assert by_label["name ♦"].ev == Fraction(-146749, 3811808)
    assert by_label["name ♣"].ev == Fraction(-49217660749, 30875644800)
    assert len(hint.options) == 8
    rules = {r.rule for r in hint.reasons}
    assert "cards.left-bower" in rules and "solitaire.order-up" in rules
    # grading: naming spades loses about 2.56 points against ordering up: a blunder
    grade = hint.grade(next(o.action for o in hint.options if o.label == "name ♠"))
    assert grade is not None and grade.label == "Blunder"


def test_card_hint_after_ordering_up() -> None:
    t = SolitaireTutor(SolitaireController(1), source=AdvisorSource(), runner="inline")
    c = t.controller
    assert c.load_deal(DEAL)
    assert c.choose(OrderUp())
    assert t.wait_for_analysis(120)
    hint = t.current_hint
    assert hint is not None and hint.best.label == "J♥"  # draws the known K♥ at once
    assert hint.best.ev == 1
    assert {o.label for o in hint.options} == {"J♥", "J♦", "A♥", "9♠", "10♣"}


def test_save_game_offers_a_file_that_loads_back_the_same_game() -> None:
    import base64
    import re

    from euchre_tutor.games.solitaire.engine.game import SolitaireGame
    from euchre_tutor.games.solitaire.widgets.app import SolitaireApp

    app = SolitaireApp(seed=5, hints=False)
    app.trump_button(None).click()  # order up
    app.card_button(app.hand_cards()[0]).click()
    app.save.click()
    m = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', app.save_link.value)
    assert m and m.group(1) == "euchre-game-seed-5.json"
    saved = SolitaireGame.loads(base64.b64decode(m.group(2)).decode("utf-8"))
    assert saved.state == app.controller.game.state
    # a teacher loads the file in another dashboard and sees the same position
    other = SolitaireApp(seed=99, hints=False)
    assert other.controller.load_deal(base64.b64decode(m.group(2)).decode("utf-8"))
    assert other.controller.game.state == app.controller.game.state
    app.close()
    other.close()
