"""The classic hint's card ideas on golden positions, each both ways (it holds; it does not), and every
sentence beside tied cards re-checked with each tied card as the move.

The positions and the hand-written analyses are those of ``test_ideas`` (every card placed by hand).
"""

from __future__ import annotations

from euchre_tutor.advisor.voice import Depth, false_sentences
from euchre_tutor.games.classic.advisor.ideas import CATALOGUE, explain, named_positions, position_of
from tests.advisor.classic.test_ideas import DEAL_1, DEAL_2, DEAL_3, analysis, holding, south

# West deals 9♠ and picks it up; North leads K♦, East follows 9♦; South holds A♦ and 10♦.
DEAL_4 = {
    "N": ["KD", "9C", "TC", "QH", "KH"],
    "E": ["9D", "AC", "KC", "9H", "TH"],
    "S": ["AD", "TD", "AH", "QC", "JH"],
    "W": ["TS", "QS", "KS", "AS", "QD"],
}


def said_true_of_every_card(view, best: str, tied: tuple[str, ...]) -> list[str]:  # type: ignore[no-untyped-def]
    """The ideas the hint says, each checked with every tied card as the move."""
    a = analysis(view, best, tied=tied)
    expl = explain(a, view)
    for p in named_positions(position_of(a, view)):
        assert false_sentences(expl.said(Depth.FIGURES), CATALOGUE, p) == []
    return [s.idea for s in expl.why]


def test_equals_no_card_out_between_them() -> None:
    view = south("E", DEAL_1, "9S", "order", "discard 9C")  # A♥ K♥: nothing between them
    assert "classic.equals" in holding(view, "play AH", tied=("play KH",))
    assert "classic.equals" not in holding(view, "play AH", tied=("play JS",))  # two suits
    assert "classic.equals" not in holding(view, "play AH")  # no tie: nothing to share
    said = said_true_of_every_card(view, "play AH", ("play KH",))
    assert said[0] == "classic.equals"
    text = explain(analysis(view, "play AH", tied=("play KH",)), view).text(Depth.BRIEF)
    assert "They are equals" in text


def test_none_can_win_names_the_bower_that_wins() -> None:
    view = south("W", DEAL_3, "TH", "pass", "pass", "pass", "order", "discard TC", "play 9C", "play JH")
    assert "classic.none-wins" in holding(view, "play 9D", tied=("play TD",))
    partner = south("W", DEAL_2, "9S", "pass", "pass", "pass", "order", "discard JH", "play AH", "play 9H")
    assert "classic.none-wins" not in holding(partner, "play TH", tied=("play KH",))  # partner wins it
    expl = explain(analysis(view, "play 9D", tied=("play TD",)), view)
    assert "East's jack of hearts (J♥), the right bower" in expl.text(Depth.BRIEF)


def test_partner_has_it_covered() -> None:
    view = south("W", DEAL_2, "9S", "pass", "pass", "pass", "order", "discard JH", "play AH", "play 9H")
    assert "classic.partner-has-it" in holding(view, "play TH", tied=("play KH",))
    other = south("W", DEAL_3, "TH", "pass", "pass", "pass", "order", "discard TC", "play 9C", "play JH")
    assert "classic.partner-has-it" not in holding(other, "play 9D", tied=("play TD",))  # East wins it
    assert said_true_of_every_card(view, "play TH", ("play KH",))[0] in (
        "classic.partner-has-it",
        "classic.equals",
    )


def test_each_of_the_tied_trumps_wins() -> None:
    view = south("W", DEAL_2, "9S", "pass", "pass", "pass", "order", "discard JH", "play 9C", "play QC")
    assert "classic.each-wins" in holding(view, "play AS", tied=("play JS",))
    assert "classic.each-wins" not in holding(view, "play 9D", tied=("play AS",))  # 9♦ cannot win
    said_true_of_every_card(view, "play AS", ("play JS",))


def test_the_highest_card_left() -> None:
    drawn = ("play JS", "play TS", "play KS", "play QS", "play JC", "play 9H", "play QH", "play 9S")
    view = south("E", DEAL_1, "9S", "order", "discard 9C", *drawn)  # A♠ A♥ K♥, no trump out
    assert "classic.boss" in holding(view, "play AH")
    start = south("E", DEAL_1, "9S", "order", "discard 9C")
    assert "classic.boss" not in holding(start, "play KH")  # A♥ is higher (South's own)


def test_no_sure_winner_among_the_tied_leads() -> None:
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
    assert "classic.no-boss" in holding(view, "play KH", tied=("play TH",))  # A♥ is out
    assert "classic.equals" not in holding(view, "play KH", tied=("play TH",))  # Q♥ is out between them
    start = south("E", DEAL_1, "9S", "order", "discard 9C")
    assert "classic.no-boss" not in holding(start, "play AH", tied=("play KH",))  # A♥ is the top heart


def test_draw_trump_and_keep_trumps() -> None:
    view = south("E", DEAL_1, "9S", "order", "discard 9C")
    assert "classic.draw-trump" in holding(view, "play JC")
    assert "classic.draw-trump" not in holding(view, "play AH")
    assert "classic.keep-trumps" in holding(view, "play KH")
    assert "classic.keep-trumps" not in holding(view, "play JS")
    defenders = south("W", DEAL_2, "9S", "pass", "pass", "pass", "order", "discard JH", "play 9C", "play QC")
    assert "classic.draw-trump" not in holding(defenders, "play AS")  # not leading; the defenders


def test_cover_partner_when_an_opponent_plays_after() -> None:
    view = south("W", DEAL_4, "9S", "pass", "pass", "pass", "order", "discard QD", "play KD", "play 9D")
    assert "classic.cover-partner" in holding(view, "play AD")
    assert "classic.cover-partner" not in holding(view, "play TD")  # 10♦ does not take the trick
    text = explain(analysis(view, "play AD"), view).text(Depth.BRIEF)
    assert "may not hold: West still plays" in text


def test_the_dealer_discards_short_and_low() -> None:
    view = south("S", DEAL_2, "9S", "pass", "pass", "pass", "order")  # South picks up 9♠
    assert "classic.discard-short" in holding(view, "discard 9D")  # the only diamond
    assert "classic.discard-short" not in holding(view, "discard TH")  # K♥ stays
    assert "classic.discard-low" in holding(view, "discard 9D")
    assert "classic.discard-low" not in holding(view, "discard KH")


def test_a_close_call_between_bidding_and_passing() -> None:
    view = south("E", DEAL_1, "9S")
    assert "classic.close-bid" in holding(view, "order", tied=("pass",))
    assert "classic.close-bid" not in holding(view, "order")
    said = said_true_of_every_card(view, "pass", ("order",))
    assert said[0] == "classic.close-bid"
    text = explain(analysis(view, "pass", tied=("order",)), view).text(Depth.BRIEF)
    assert "three trumps" in text and "the right bower (J♠)" in text


# South deals and turns 10♣ down; South holds five diamonds with the left bower, West the right bower.
DEAL_5 = {
    "S": ["AD", "KD", "JH", "QD", "TD"],
    "W": ["JD", "9C", "TC", "QC", "AC"],
    "N": ["9H", "TH", "QH", "KH", "AH"],
    "E": ["9S", "TS", "JS", "QS", "KS"],
}


def test_alone_with_four_trumps_and_a_bower() -> None:
    view = south("S", DEAL_5, "KC", *["pass"] * 7)  # round 2, South to call
    assert "classic.alone" in holding(view, "call D alone")  # J♥ A♦ K♦ Q♦ 10♦: five trumps, the left bower
    assert "classic.alone" not in holding(view, "call S alone")  # spades: no trump at all
    text = explain(analysis(view, "call D alone"), view).text(Depth.BRIEF)
    assert "You would hold five trumps" in text and "a lone march scores 4 points" in text


def test_no_alone_reason_when_an_opponent_picks_up_the_right_bower() -> None:
    # East deals and turns up J♦: South holds J♥ A♦ K♦ 10♦, four trumps with the left bower, but ordering up
    # hands East the right bower
    hands = {
        "S": ["JH", "AD", "KD", "TD", "KC"],
        "W": ["9D", "9C", "TC", "QC", "AC"],
        "N": ["9H", "TH", "QH", "KH", "AH"],
        "E": ["9S", "TS", "JS", "QS", "KS"],
    }
    view = south("E", hands, "JD")
    assert "classic.alone" not in holding(view, "order alone")
