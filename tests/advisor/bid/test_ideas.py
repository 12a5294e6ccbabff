"""The Bid Euchre hint's ideas: golden positions checked by hand, and every hint of many seeded positions.

Golden positions are explicit deals; their analyses are built by hand (the real option dataclass, with
the numbers each idea reads), so that which move is best is part of the position: each idea is said
where its condition holds and the best move is the one it recommends, and not otherwise. The seeded
loop runs the real advisor on few deals and re-checks every sentence shown against its idea, the text
at every depth for what a student must never read, the brief hint's length and the compare depth's
number of choices.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from euchre_tutor.advisor.voice import (
    BRIEF_WORDS,
    Depth,
    false_sentences,
    text_problems,
    visible_text,
)
from euchre_tutor.cards import parse_cards
from euchre_tutor.games.bid.advisor import BidOption, analyse
from euchre_tutor.games.bid.advisor.ideas import (
    COMPARE_MOST,
    IDEAS,
    BidPosition,
    action_words,
    compared,
    explain,
    grade_words,
    named_positions,
)
from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.engine import Action, Deal, HandState, new_hand
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.games.bid.views import SeatView, seat_view
from euchre_tutor.games.bid.widgets.hints import hint_body_html
from euchre_tutor.tricks.seating import FOUR


@dataclass(frozen=True)
class Analysis:
    """An analysis built by hand: its options, best first."""

    options: Sequence[BidOption]
    worlds: int = 200

    @property
    def best(self) -> BidOption:
        return self.options[0]


def option(action: str, loss: float = 0.0, *, tied: bool = False, **numbers: float | str) -> BidOption:
    """An option losing ``loss`` against the best, its interval reaching 0 when ``tied``."""
    se = loss if tied else loss / 10
    fields: dict[str, object] = {"tricks": 3.0, "p_make": 0.8, "bidders": "us", **numbers}
    return BidOption(Action.parse(action), ev=1.0 - loss, se=0.05, loss=loss, loss_se=se, **fields)  # type: ignore[arg-type]


def deal(dealer: str, **hands: str) -> Deal:
    """A deal with the given hands (seat letter: cards); the others get the rest of the pack in order."""
    rules = BidRules()
    given = {s: list(parse_cards(h)) for s, h in hands.items()}
    used = {c for h in given.values() for c in h}
    rest = [c for c in Deal.from_seed(0, "N", rules).hands for c in c if c not in used]
    out = []
    for s in "NESW":
        h = given.get(s, [])
        while len(h) < rules.hand_size:
            h.append(rest.pop(0))
        out.append(tuple(h))
    return Deal(FOUR.parse(dealer), tuple(out), (), rules)


def play(state: HandState, *actions: str) -> HandState:
    for a in actions:
        state = state.apply(a)
    return state


def said(view: SeatView, analysis: Analysis) -> dict[str, str]:
    """Every idea sentence the hint shows at any depth, by idea id, each re-checked on the position."""
    expl = explain(analysis, view)
    out = {}
    for depth in Depth:
        shown = expl.said(depth)
        assert false_sentences(shown, IDEAS, BidPosition(view, analysis)) == []
        assert text_problems(expl.text(depth), depth) == []
        out.update({s.idea: s.text for s in shown})
    return out


# South bids first (East deals); South holds both red bowers, A♦ K♦, A♣ and 9♠.
BOWERS = deal("E", S="JD JH AD KD AC 9S")


def south(state: HandState) -> SeatView:
    view = seat_view(state, "S")
    assert view.my_turn
    return view


def test_counting_tricks_names_the_trumps_the_bowers_and_the_side_aces() -> None:
    view = south(new_hand(BOWERS))
    a = Analysis((option("bid 3 D"), option("bid 2 D", 0.3), option("pass", 0.9)))
    ideas = said(view, a)
    assert ideas["bid.count-tricks"] == (
        "In diamonds you would hold four trumps with both bowers, and the ace of clubs (A♣) on the side."
    )
    # the left bower is a diamond here: the rule reminder says so, with the lesson on the bowers
    expl = explain(a, view)
    assert expl.move == "Bid 3 in diamonds (♦)."
    assert (
        expl.reminder is not None
        and expl.reminder.idea == "rule.left-bower"
        and expl.reminder.lesson == "bowers"
    )
    assert (
        "The jack of hearts (J♥) is the left bower with diamonds trump: a diamond, not a heart"
        in expl.reminder.text
    )
    # with your partner's help: the side's tricks and how often it makes the bid
    assert ideas["bid.partner-help"] == (
        "With your partner's help your side takes about 3.0 tricks in diamonds, and makes a bid of 3 about 4 times in 5."
    )
    # a spade bid: one trump, so the count is not said; a bid made only 2 times in 5 is not "bid what you take"
    spades = Analysis((option("bid 3 S", p_make=0.4), option("bid 3 D", 0.3)))
    ideas = said(view, spades)
    assert "bid.count-tricks" not in ideas and "bid.partner-help" not in ideas
    assert "result.best" in ideas  # what the deals found, the only thing true to say


def test_no_trump_is_said_with_the_top_of_several_suits_only() -> None:
    view = south(new_hand(deal("E", S="AS AH AC KS QH 9D")))
    ideas = said(view, Analysis((option("bid 4 high"), option("bid 3 S", 0.4))))
    assert ideas["bid.no-trump-high"].startswith("You hold the top of three suits (the ace of spades (A♠)")
    one_ace = south(new_hand(deal("E", S="AS KH QC KS QH 9D")))
    assert "bid.no-trump-high" not in said(one_ace, Analysis((option("bid 4 high"), option("pass", 0.4))))


def test_going_alone_needs_the_top_trumps() -> None:
    view = south(new_hand(deal("E", S="JS JC AS KS QS AH")))
    ideas = said(view, Analysis((option("bid alone S"), option("bid 6 S", 2.0))))
    assert ideas["bid.alone"].startswith(
        "You hold the top trumps (the jack of spades (J♠) and the jack of clubs (J♣))"
    )
    assert "scores 12 points" in ideas["bid.alone"]
    weak = south(new_hand(deal("E", S="JS 9C AS 9H QD AH")))
    assert "bid.alone" not in said(weak, Analysis((option("bid alone S"), option("pass", 2.0))))


def test_outbid_or_let_the_bid_stand() -> None:
    # East deals... North deals: East bids first, 2 in hearts; South then bids or passes
    state = play(new_hand(deal("N", S="JS JC AS KS 9D 9C")), "bid 2 H")
    view = south(state)
    ideas = said(view, Analysis((option("bid 3 S"), option("pass", 0.5))))
    assert ideas["bid.outbid"] == (
        "Letting East's bid of 2 in hearts stand costs your side about half a point a hand more than this bid."
    )
    expl = explain(Analysis((option("pass"), option("bid 3 S", 0.4))), view)
    assert expl.move == "Pass: the bid stands at 2 in hearts, made by East."
    assert expl.why[0].idea == "bid.stand" and "about a third of a point" in expl.why[0].text
    # a tie is a tie: no stand sentence, and the move names both
    tie = Analysis((option("pass"), option("bid 3 S", 0.1, tied=True)))
    expl = explain(tie, view)
    assert "bid.stand" not in said(view, tie)
    assert (
        expl.move == "Pass and let East's 2 in hearts stand, or bid 3 in spades (♠): they are equally good."
    )
    assert "bid.outbid" not in said(view, Analysis((option("bid 3 S"), option("pass", 0.05, tied=True))))


def test_partner_bid_stands() -> None:
    # West deals: North bids first (3 in clubs), East passes, South to bid
    view = south(play(new_hand(deal("W", S="9D 9H 9S TD TH QS")), "bid 3 C", "pass"))
    ideas = said(view, Analysis((option("pass"), option("bid 4 C", 0.6))))
    assert ideas["bid.stand-partner"].startswith("Your partner's bid of 3 in clubs stands")
    assert "bid.stand" not in ideas


def test_the_score_a_made_bid_wins_the_game() -> None:
    view = dataclasses.replace(south(new_hand(BOWERS)), scores=(29, 12))
    ideas = said(view, Analysis((option("bid 3 D"), option("pass", 0.9))))
    assert ideas["bid.score"] == "Your side needs 3 more points to reach 32: making this bid wins the game."
    early = dataclasses.replace(view, scores=(20, 12))
    assert "bid.score" not in said(early, Analysis((option("bid 3 D"), option("pass", 0.9))))


def test_card_play_ideas() -> None:
    # hand-built positions: South is fourth to play to West's lead (spades are trump, West made them)
    base = play(
        new_hand(
            deal(
                "S",
                W="AD 9H KC TS QS QD",
                N="9D AH QC AC TC KD",
                E="TD KH JD JH 9C JC",
                S="JS 9S AS QH TH KS",
            )
        ),
        "bid 2 S",
        "pass",
        "pass",
        "pass",
    )
    # West leads A♦, North and East follow: South has no diamonds and trumps with the lowest that wins
    view = south(play(base, "play AD", "play 9D", "play TD"))
    ideas = said(view, Analysis((option("play 9S"), option("play JS", 0.2), option("play TH", 0.8))))
    assert ideas["play.ruff"].startswith("You have no diamonds, so trump it: 9♠ is the lowest trump")
    assert "play.ruff" not in said(view, Analysis((option("play JS"), option("play 9S", 0.2))))
    # West leads 9♥, North takes it with A♥ and East follows: partner is winning, play low
    view = south(play(base, "play 9H", "play AH", "play KH"))
    ideas = said(view, Analysis((option("play TH"), option("play QH", 0.1))))
    assert ideas["play.partner-winning"].startswith(
        "Your partner's ace of hearts (A♥) is already winning the trick"
    )
    assert ideas["rule.follow-suit"] == "Hearts were led and you hold hearts: you must follow suit."


def test_win_cheaply_throw_the_weakest_and_pull_trump() -> None:
    # East deals, South bids 3 in spades and leads: pull trump with the top trumps out against you
    leader = south(play(new_hand(deal("E", S="JS JC AS KH 9D TC")), "bid 3 S", "pass", "pass", "pass"))
    assert "play.pull-trump" in said(leader, Analysis((option("play JS"), option("play KH", 0.4))))
    assert "play.pull-trump" not in said(leader, Analysis((option("play KH"), option("play JS", 0.4))))
    # West bids and leads 9♥, North plays 10♥, East Q♥: South's K♥ is the cheapest card that wins
    base = play(
        new_hand(
            deal(
                "S",
                W="9H AD KC TS QS QD",
                N="TH 9D QC AC TC KD",
                E="KS JH QH TD JD 9C",
                S="KH AH JS 9S AS JC",
            )
        ),
        "bid 2 S",
        "pass",
        "pass",
        "pass",
    )
    view = south(play(base, "play 9H", "play TH", "play QH"))
    assert "play.cheap-win" in said(view, Analysis((option("play KH"), option("play AH", 0.1))))
    assert "play.cheap-win" not in said(view, Analysis((option("play AH"), option("play KH", 0.1))))
    # West leads A♦: North and East follow, South has no diamond and throws... a trump is the only way to win
    view2 = south(play(base, "play AD", "play 9D", "play TD"))
    assert "play.throw-weakest" not in said(view2, Analysis((option("play 9S"), option("play KH", 0.5))))


def test_cannot_win_throw_the_weakest() -> None:
    # West leads A♥ (hearts): North and East follow, South holds K♥ Q♥ and cannot beat the ace
    base = play(
        new_hand(
            deal(
                "S",
                W="AH AD KC TS QS QD",
                N="9H 9D QC AC TC KD",
                E="KS TH JH TD JD 9C",
                S="KH QH JS 9S AS JC",
            )
        ),
        "bid 2 S",
        "pass",
        "pass",
        "pass",
    )
    view = south(play(base, "play AH", "play 9H", "play TH"))
    ideas = said(view, Analysis((option("play QH"), option("play KH", 0.1))))
    assert ideas["play.throw-weakest"].startswith(
        "You cannot beat West's ace of hearts (A♥): throw your weakest card"
    )
    assert "play.throw-weakest" not in said(view, Analysis((option("play KH"), option("play QH", 0.1))))


def test_a_grade_in_words() -> None:
    a = Analysis((option("bid 3 D"), option("bid 4 D", 0.05, tied=True), option("pass", 0.5)))
    best, tie, lost = (grade_words(a, x) for x in ("bid 3 D", "bid 4 D", "pass"))
    assert best is not None and best.label == "Best" and best.text.startswith("the best choice")
    assert (
        tie is not None
        and tie.label == "Best"
        and tie.text == "a tie with bid 3 in ♦: the deals cannot tell them apart."
    )
    assert lost is not None and lost.label != "Best" and "costs about half a point a hand" in lost.text
    figures = grade_words(a, "pass", Depth.FIGURES)
    assert figures is not None and "(0.50 ± 0.10 points)" in figures.text
    assert grade_words(a, "bid 6 D") is None


def _positions(seed: int, count: int) -> list[SeatView]:
    """Seeded positions of every phase: a deal played by the rule-based player a random number of steps."""
    bot, rng, out = RuleBasedPlayer(), random.Random(seed), []
    while len(out) < count:
        state = new_hand(Deal.from_seed(rng.randrange(10**6), rng.choice("NESW")))
        for _ in range(rng.randrange(0, 16)):
            if state.is_over:
                break
            state = state.apply(bot.choose(seat_view(state, state.to_act)))  # type: ignore[arg-type]
        if state.is_over or state.to_act is None:
            continue
        view = seat_view(state, state.to_act)
        if len(view.legal) > 1:
            out.append(view)
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_every_hint_of_many_positions_is_true_clean_and_short(seed: int) -> None:
    bot = RuleBasedPlayer()
    for k, view in enumerate(_positions(seed, 10)):
        analysis = analyse(view, continuation=bot, worlds=16, seed=k)
        expl = explain(analysis, view)
        position = BidPosition(view, analysis)
        for depth in Depth:
            assert false_sentences(expl.said(depth), IDEAS, position) == [], expl.text(depth)
            assert text_problems(expl.text(depth), depth) == [], expl.text(depth)
            shown = visible_text(hint_body_html(analysis, view, depth))
            assert text_problems(shown, depth) == [], shown
        assert expl.brief_words() <= BRIEF_WORDS, expl.text(Depth.BRIEF)
        assert len(compared(analysis)) <= COMPARE_MOST
        assert len(expl.alternatives) <= COMPARE_MOST  # the named choices, and at most one "more" line
        # the move names the advisor's best first: the hint's story is the analysis's; with a tie, one
        # of the tied choices (a contract's least bid) or what they share
        tied = [o for o in analysis.options if o.tied or o is analysis.best]
        heads = [action_words(o.action, view).split(":")[0] for o in tied]
        if len(tied) == 1:
            assert expl.move.startswith(heads[0])
        else:
            assert any(expl.move.startswith(h) for h in heads) or "equally good" in expl.move, expl.move
        for p in named_positions(position):  # every sentence true of every choice the move names
            assert false_sentences(expl.said(Depth.FIGURES), IDEAS, p) == [], expl.text(Depth.FIGURES)
