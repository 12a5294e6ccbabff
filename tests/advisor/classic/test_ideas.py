"""The classic hint's strategic ideas: golden positions checked by hand, and every sentence shown re-checked.

The golden positions are built from explicit deals (every card placed by hand, so each idea's condition
can be read off the table); their analyses are written by hand too (which option is best is the
analysis's job, tested elsewhere), so each test says: in this position, with this move best, this
idea holds (or does not). The seeded loop runs the real advisor on many decisions, bids and cards.
"""

from __future__ import annotations

import random

import pytest

from euchre_tutor.advisor.voice import (
    BRIEF_WORDS,
    Depth,
    false_sentences,
    text_problems,
    visible_text,
)
from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis, ClassicOption, analyse
from euchre_tutor.games.classic.advisor.ideas import CATALOGUE, explain, named_positions, position_of
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.deal import Deal
from euchre_tutor.games.classic.engine.engine import Action, HandState, Phase, Seat
from euchre_tutor.games.classic.engine.hand import new_hand
from euchre_tutor.games.classic.views import SeatView, seat_view
from euchre_tutor.games.classic.widgets.hints import hint_body_html

S = Seat.S

# Deal 1, East deals, 9♠ up. South, first to speak, holds both black jacks, A♠ and A♥ K♥.
DEAL_1 = {
    "S": ["JS", "JC", "AS", "AH", "KH"],
    "W": ["TS", "9H", "TH", "9D", "TD"],
    "N": ["KS", "QH", "QD", "KD", "AD"],
    "E": ["QS", "9C", "TC", "QC", "KC"],
}
# Deal 2, West deals and picks up 9♠ (an opponent makes spades); North leads.
DEAL_2 = {
    "N": ["AH", "QD", "KD", "AD", "9C"],
    "E": ["9H", "JD", "TD", "QC", "KC"],
    "S": ["KH", "TH", "JS", "AS", "9D"],
    "W": ["TS", "QS", "KS", "JH", "AC"],
}
# Deal 3, West deals and picks up 10♥; East trumps North's club lead with the right bower.
DEAL_3 = {
    "N": ["9C", "QC", "KD", "AD", "QS"],
    "E": ["JH", "AH", "9S", "TS", "KH"],
    "S": ["9H", "KS", "9D", "TD", "QD"],
    "W": ["QH", "AS", "TC", "KC", "AC"],
}


def state(dealer: str, hands: dict[str, list[str]], up: str, *actions: str) -> HandState:
    s = new_hand(Deal.from_hands(dealer, hands, up))
    for a in actions:
        s = s.apply(a)
    return s


def south(dealer: str, hands: dict[str, list[str]], up: str, *actions: str) -> SeatView:
    view = seat_view(state(dealer, hands, up, *actions), S)
    assert view.my_turn
    return view


def analysis(view: SeatView, best: str, *, tied: tuple[str, ...] = (), makers: str = "us") -> ClassicAnalysis:
    """A hand-written analysis of ``view``: ``best`` first, ``tied`` within the sampling error of it, every
    other legal action 0.3 points worse (clearly: its interval far from 0)."""
    first = Action.parse(best)
    ties = [Action.parse(t) for t in tied]
    rest = [a for a in view.legal if a != first and a not in ties]
    method = "double-dummy" if view.phase is Phase.PLAY else "play-out"

    def option(a: Action, loss: float, se: float) -> ClassicOption:
        bid = a.kind in ("order", "call")
        return ClassicOption(
            action=a,
            ev=0.8 - loss,
            se=0.05,
            p_make=0.8 if bid else 0.6,
            p_euchred=0.2 if bid else 0.1,
            p_march=0.1,
            makers=makers if bid or view.phase is Phase.PLAY else "either",
            loss=loss,
            loss_se=se,
            ev_gap=loss,
            ev_gap_se=se,
        )

    options = (
        option(first, 0.0, 0.0),
        *(option(a, 0.01, 0.02) for a in ties),
        *(option(a, 0.3, 0.02) for a in rest),
    )
    return ClassicAnalysis(S, view.phase, "points", view.legal, options, 400, method, (), 0)


def holding(view: SeatView, best: str, **kw: object) -> set[str]:
    """The ideas that hold with ``best`` the best move."""
    p = position_of(analysis(view, best, **kw), view)  # type: ignore[arg-type]
    return {i for i, idea in CATALOGUE.items() if idea.holds(p)}


def shown(view: SeatView, best: str, **kw: object) -> list[str]:
    """The ideas the hint says (every depth), each re-checked."""
    a = analysis(view, best, **kw)  # type: ignore[arg-type]
    expl = explain(a, view)
    said = expl.said(Depth.FIGURES)
    assert false_sentences(said, CATALOGUE, position_of(a, view)) == []
    for depth in Depth:
        assert text_problems(expl.text(depth), depth) == []
    return [s.idea for s in said]


# ---------------------------------------------------------------------------- card play


def test_pull_trump_when_the_makers_hold_the_top_trump_and_lead_it() -> None:
    # South ordered up, East picked up 9♠; South leads with J♠ J♣ A♠ A♥ K♥: trumps are still out
    view = south("E", DEAL_1, "9S", "order", "discard 9C")
    assert "classic.pull-trump" in holding(view, "play JS")
    assert "classic.pull-trump" not in holding(view, "play AH")  # the idea recommends a trump lead
    assert shown(view, "play JS")[0] == "classic.pull-trump"
    expl = explain(analysis(view, "play JS"), view)
    assert expl.move == "Lead the jack of spades (J♠)."
    # South holds the left bower: the reminder that applies, with its lesson
    assert expl.reminder is not None and expl.reminder.idea == "rule.left-bower"
    assert "J♣" in expl.reminder.text and expl.lesson(Depth.BRIEF) is not None


def test_cash_the_ace_while_everyone_still_has_its_suit() -> None:
    view = south("E", DEAL_1, "9S", "order", "discard 9C")
    assert "classic.cash-ace" in holding(view, "play AH")
    assert "classic.cash-ace" not in holding(view, "play KH")  # not an ace
    assert "classic.cash-ace" not in holding(view, "play AS")  # the ace of trump is no side ace
    assert shown(view, "play AH")[0] == "classic.cash-ace"


def test_partner_is_winning_play_low() -> None:
    # West made spades; North leads A♥, East follows 9♥: South must follow hearts with K♥ or 10♥
    view = south("W", DEAL_2, "9S", "pass", "pass", "pass", "order", "discard JH", "play AH", "play 9H")
    assert "classic.partner-winning" in holding(view, "play TH")
    assert "classic.partner-winning" not in holding(view, "play KH")  # K♥ is not the low card
    assert "classic.win-cheaply" not in holding(view, "play TH")  # partner's trick: nothing to win
    said = shown(view, "play TH")
    assert said[0] == "classic.partner-winning" and "rule.follow-suit" in said


def test_trump_it_with_the_cheapest_trump_that_wins() -> None:
    # North leads 9♣, East plays Q♣; South holds no clubs and two trumps (J♠ the left bower, A♠)
    view = south("W", DEAL_2, "9S", "pass", "pass", "pass", "order", "discard JH", "play 9C", "play QC")
    assert {"classic.ruff", "classic.win-cheaply", "rule.void"} <= holding(view, "play AS")
    assert "classic.ruff" in holding(view, "play JS")  # any trump that wins is a ruff ...
    assert "classic.win-cheaply" not in holding(view, "play JS")  # ... but A♠ is the cheaper
    assert "classic.ruff" not in holding(view, "play 9D")
    assert "classic.throw-weakest" not in holding(view, "play 9D")  # South could win this trick
    expl = explain(analysis(view, "play AS"), view)
    assert expl.why[0].idea == "classic.ruff" and "low trump is enough" in expl.why[0].text
    assert expl.reminder is None or expl.reminder.idea != "rule.void"  # the reason says it already


def test_lead_through_the_maker_on_the_left() -> None:
    # South ruffed trick 1 and leads trick 2; West, on South's left, made spades
    view = south(
        "W",
        DEAL_2,
        "9S",
        "pass",
        "pass",
        "pass",
        "order",
        "discard JH",
        "play 9C",
        "play QC",
        "play AS",
        "play AC",
    )
    assert "classic.lead-through" in holding(view, "play KH")
    assert "classic.lead-through" not in holding(view, "play JS")  # a trump lead is not the idea
    assert "classic.pull-trump" not in holding(view, "play JS")  # the defenders did not make trump


def test_cannot_win_throw_the_weakest_and_short_suit_yourself() -> None:
    # West made hearts; North leads 9♣ and East trumps with the right bower: South cannot win
    view = south("W", DEAL_3, "TH", "pass", "pass", "pass", "order", "discard TC", "play 9C", "play JH")
    assert {"classic.throw-weakest", "classic.short-suit"} <= holding(view, "play KS")
    assert "classic.throw-weakest" in holding(view, "play 9D")
    assert "classic.short-suit" not in holding(view, "play 9D")  # three diamonds: not the last one
    assert "classic.throw-weakest" not in holding(view, "play QD")  # 9♦ is weaker
    assert shown(view, "play KS")[0] == "classic.short-suit"


def test_count_the_trumps_is_said_only_when_every_other_trump_is_gone() -> None:
    view = south("E", DEAL_1, "9S", "order", "discard 9C")
    assert "classic.count-trumps" not in holding(view, "play AH")  # four trumps are still out
    # South draws the trumps: J♠ takes T♠ K♠ Q♠, then J♣ takes East's 9♠ (the up card it picked up)
    drawn = ("play JS", "play TS", "play KS", "play QS", "play JC", "play 9H", "play QH", "play 9S")
    one_out = south("E", DEAL_1, "9S", "order", "discard 9C", *drawn[:4])
    assert "classic.count-trumps" not in holding(one_out, "play AH")  # East still holds 9♠
    view = south(
        "E", DEAL_1, "9S", "order", "discard 9C", *drawn
    )  # South holds A♠ A♥ K♥, every other trump gone
    assert "classic.count-trumps" in holding(view, "play AH")
    assert "classic.count-trumps" in holding(view, "play KH")  # the only higher heart, A♥, is South's own
    assert "classic.count-trumps" not in holding(view, "play AS")  # a trump: nothing to count
    assert shown(view, "play AH")[0] == "classic.count-trumps"
    text = explain(analysis(view, "play AH"), view).text(Depth.FIGURES)
    assert "Count the trumps: every trump outside your hand has been played, so nobody can trump A♥." in text


# ---------------------------------------------------------------------------- bidding


def test_trump_count_and_bowers_when_ordering_up() -> None:
    view = south("E", DEAL_1, "9S")
    assert "classic.bid-strength" in holding(view, "order")
    expl = explain(analysis(view, "order"), view)
    assert expl.move == "Order up the nine of spades (9♠): East, the dealer, picks it up."
    assert expl.why[0].idea == "classic.bid-strength" and "three trumps" in expl.why[0].text
    assert "a side ace" in expl.why[0].text


def test_ordering_up_an_opponent_dealer_or_your_partner() -> None:
    assert "classic.opponent-deals" in holding(south("E", DEAL_1, "9S"), "pass")
    assert "classic.partner-deals" not in holding(south("E", DEAL_1, "9S"), "order")
    view = south("N", DEAL_1, "9S", "pass")  # North deals: East passed, South orders up its partner
    assert "classic.partner-deals" in holding(view, "order")
    assert "classic.partner-deals" not in holding(view, "order alone")  # alone, partner's hand sits out
    assert "classic.opponent-deals" not in holding(view, "pass")
    expl = explain(analysis(view, "order"), view)
    assert expl.move.startswith("Order up the nine of spades (9♠): your partner North deals")


def test_a_weak_pass_names_the_few_trumps() -> None:
    view = south("W", DEAL_2, "9S", "pass", "pass")  # J♠ A♠: two spades
    assert "classic.weak-pass" in holding(view, "pass")
    assert "classic.weak-pass" not in holding(south("E", DEAL_1, "9S"), "pass")  # three trumps


def test_next_after_the_up_card_is_turned_down() -> None:
    view = south("E", DEAL_1, "9S", "pass", "pass", "pass", "pass")  # round 2, South left of the dealer
    assert view.phase is Phase.ROUND_2
    assert "classic.next" in holding(view, "call C")
    assert "classic.next" not in holding(view, "call H")  # not the same colour
    assert shown(view, "call C")[0] == "classic.next"


def test_alone_with_the_top_trump() -> None:
    view = south("E", DEAL_1, "9S")
    assert "classic.alone" in holding(view, "order alone")  # J♠, the right bower, is South's
    assert "classic.alone" not in holding(view, "order")  # not alone: the idea is the loner
    # Deal 3, hearts up: South's only heart is the 9: no top trump, no loner idea
    assert "classic.alone" not in holding(south("W", DEAL_3, "TH", "pass", "pass"), "order alone")


# ---------------------------------------------------------------------------- ties, alternatives, figures


def test_a_tie_is_named_as_a_tie_with_no_best_among_them() -> None:
    view = south("W", DEAL_2, "9S", "pass", "pass", "pass", "order", "discard JH", "play AH", "play 9H")
    a = analysis(view, "play TH", tied=("play KH",))
    expl = explain(a, view)
    assert expl.move == "The ten of hearts (10♥) and the king of hearts (K♥) are equally good cards to play."
    assert [s.idea for s in expl.why][-1] == "classic.tie"
    html = hint_body_html(a, "ev", view, depth=Depth.FIGURES)
    assert "★" not in visible_text(html) and "(the best)" in visible_text(html)


def test_alternatives_say_their_cost_in_plain_units_and_figures_have_no_codes() -> None:
    view = south("E", DEAL_1, "9S", "order", "discard 9C")
    a = analysis(view, "play JS")
    expl = explain(a, view)
    assert 1 <= len(expl.alternatives) <= 3
    assert all("costs about a third of a point a hand" in s.text for s in expl.alternatives)
    figures = " ".join(expl.figures)
    assert "Over 400 sampled deals" in figures and "±" in figures
    assert text_problems(figures, Depth.FIGURES) == [] and "-" not in figures.replace("double", "")


def test_a_fact_said_once_a_hand_is_left_out_when_already_said() -> None:
    view = south("E", DEAL_1, "9S", "order", "discard 9C")
    a = analysis(view, "play JS")
    assert explain(a, view, once=lambda fact: False).figures == explain(a, view).figures  # no such fact here


# ---------------------------------------------------------------------------- the real advisor, many decisions


def _decisions(seed: int, rng: random.Random) -> list[tuple[SeatView, ClassicAnalysis]]:
    """The decisions of one random hand from every seat, each analysed on a few sampled deals."""
    s = new_hand(Deal.from_seed(seed, Seat(seed % 4)))
    player = RuleBasedPlayer()
    out = []
    while s.phase is not Phase.OVER and len(out) < 6:
        seat = s.to_act
        assert seat is not None
        view = seat_view(s, seat)
        if len(view.legal) > 1 and rng.random() < 0.5:
            out.append((view, analyse(view, continuation=player, worlds=12, seed=seed)))
        s = s.apply(player.choose(view))
    return out


@pytest.mark.parametrize("seed", range(8))
def test_every_sentence_shown_holds_and_every_panel_reads_clean(seed: int) -> None:
    rng = random.Random(seed)
    seen = 0
    for view, a in _decisions(seed, rng):
        expl = explain(a, view)
        p = position_of(a, view)
        for depth in Depth:
            for q in named_positions(p):  # every card the hint names: each tied card as the move
                assert false_sentences(expl.said(depth), CATALOGUE, q) == []
            html = hint_body_html(a, "ev", view, depth=depth)
            assert text_problems(visible_text(html), depth) == [], visible_text(html)
        assert expl.brief_words() <= BRIEF_WORDS, expl.text(Depth.BRIEF)
        seen += 1
    assert seen >= 1
