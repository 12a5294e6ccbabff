"""The classic hint's ideas of the hand as a whole and of the cards kept, on golden positions, each both ways
(it holds; it does not): the score already settled, the one trick count still worth playing for, play high
to hold a trick, keep a card nothing can beat, discard a side card, alone or with partner as a close call;
and the rule reminders said only where they change the decision.

Every card is placed by hand; the late positions are deals the rule-based players played (their hands and
every action written out below), so each idea's condition can be read off the table. The analyses are
hand-written (``test_ideas.analysis``): which move is best is the analysis's job, tested elsewhere.
"""

from __future__ import annotations

from euchre_tutor.advisor.voice import Depth, Namer
from euchre_tutor.games.classic.advisor.ideas import explain, position_of
from euchre_tutor.games.classic.advisor.ideas.words import _because
from euchre_tutor.games.classic.views import SeatView
from tests.advisor.classic.test_ideas import DEAL_1, DEAL_2, DEAL_3, analysis, holding, shown, south
from tests.advisor.classic.test_ideas_cards import said_true_of_every_card

# North deals 9♠ and picks it up; East leads 9♥. South holds A♥ Q♥; West, after South, holds K♥.
DEAL_6 = {
    "N": ["9D", "TD", "QD", "KD", "AD"],
    "E": ["9H", "TH", "9C", "TC", "QC"],
    "S": ["AH", "QH", "KC", "AC", "TS"],
    "W": ["KH", "JH", "JD", "KS", "QS"],
}
# As deal 6, but South holds no heart: A♣, the highest club, cannot win East's heart lead.
DEAL_7 = {
    "N": ["9D", "TD", "AD", "QH", "AH"],
    "E": ["9H", "TH", "9C", "QC", "KC"],
    "S": ["AC", "TC", "KD", "QD", "TS"],
    "W": ["KH", "JH", "JD", "KS", "QS"],
}
# East deals A♦; North calls spades in round 2. East and West take the first three tricks.
EUCHRED = {
    "S": ["KD", "9C", "9D", "JD", "TC"],
    "W": ["KC", "QC", "AS", "AH", "QH"],
    "N": ["JS", "TH", "TS", "QD", "JC"],
    "E": ["9H", "KH", "9S", "KS", "QS"],
}
EUCHRED_PLAY = (
    *["pass"] * 6,
    "call S",
    *("play KD", "play AS", "play QD", "play 9H"),
    *("play AH", "play TH", "play KH", "play 9C"),
    *("play QH", "play TS", "play QS", "play 9D"),
    "play KS",
)
# East deals A♥; North calls diamonds in round 2: after four tricks North and South have two, West one, and
# South holds the left bower (J♥), the highest trump left, and 9♥.
SURE = {
    "S": ["AD", "JH", "AC", "9H", "QS"],
    "W": ["TS", "9S", "AS", "QH", "9D"],
    "N": ["QC", "JD", "KD", "TD", "9C"],
    "E": ["KH", "JC", "QD", "TC", "JS"],
}
SURE_PLAY = (
    *["pass"] * 6,
    "call D",
    *("play AC", "play 9D", "play 9C", "play TC"),
    *("play AS", "play TD", "play JS", "play QS"),
    *("play JD", "play QD", "play AD", "play 9S"),
    *("play QC", "play JC"),
)
# West deals 9♣; West calls diamonds in round 2; South takes the first trick with A♠ and leads.
LINE = {
    "S": ["9S", "QS", "QC", "AS", "9H"],
    "W": ["AD", "KS", "AC", "JH", "KD"],
    "N": ["TD", "JS", "JD", "TC", "KC"],
    "E": ["TS", "QH", "QD", "9D", "TH"],
}
LINE_PLAY = (*["pass"] * 7, "call D", "play JS", "play TS", "play AS", "play KS")
# South drew the trumps of deal 1: J♠ took 10♠ K♠ Q♠, J♣ took East's 9♠; South holds A♠ A♥ K♥
DRAWN = (
    "order",
    "discard 9C",
    "play JS",
    "play TS",
    "play KS",
    "play QS",
    "play JC",
    "play 9H",
    "play QH",
    "play 9S",
)


def why_of(view: SeatView, best: str, tied: tuple[str, ...] = ()) -> str:
    """The first "because" of the hint, re-checked with every tied choice as the move."""
    said_true_of_every_card(view, best, tied)
    return explain(analysis(view, best, tied=tied), view).why[0].text


def words_of(idea: str, view: SeatView, best: str, tied: tuple[str, ...] = ()) -> str:
    """``idea``'s sentence in this position (where an idea earlier in the order is the one said first)."""
    assert idea in holding(view, best, tied=tied)
    return _because(idea, position_of(analysis(view, best, tied=tied), view), Namer(), tie=bool(tied))


# ---------------------------------------------------------------------------- the hand as a whole


def test_the_score_settled_when_the_makers_cannot_reach_three() -> None:
    view = south("E", EUCHRED, "AD", *EUCHRED_PLAY)  # North-South made spades and have no trick of three
    assert "classic.settled" in holding(view, "play TC", tied=("play JD",))
    assert words_of("classic.settled", view, "play TC", ("play JD",)) == (
        "The opponents have three tricks, so your side is euchred whatever you play."
    )
    start = south("E", DEAL_1, "9S", "order", "discard 9C")  # nothing taken yet: every trick still counts
    assert "classic.settled" not in holding(start, "play AH", tied=("play KH",))


def test_the_score_settled_by_a_trump_nothing_can_beat() -> None:
    view = south("E", SURE, "AH", *SURE_PLAY)
    assert shown(view, "play 9H", tied=("play JH",))[0] == "classic.settled"
    assert why_of(view, "play 9H", ("play JH",)) == (
        "Two tricks taken plus the left bower (J♥), which nobody can beat, make three for your side; the "
        "opponents have one, so the score is settled."
    )
    # South draws with J♠ J♣ and holds A♠ A♥ K♥: three tricks are sure, but a march still scores more
    assert "classic.settled" not in holding(south("E", DEAL_1, "9S", *DRAWN), "play AH")


def test_one_trick_count_still_matters() -> None:
    # the defenders have a trick, so no march: only the euchre line is left to play for
    view = south("W", LINE, "9C", *LINE_PLAY)
    assert words_of("classic.one-line", view, "play QC", ("play 9H",)) == (
        "Your side has one trick and needs two more to euchre the makers; their march is out of reach."
    )
    # the makers are sure of three (two taken and A♠, the highest trump left): only the march is left
    drawn = south("E", DEAL_1, "9S", *DRAWN)
    assert words_of("classic.one-line", drawn, "play AH", ("play KH",)) == (
        "Three tricks are sure for your side: only taking all five adds to the score now, so play for every trick."
    )
    # South, defending, holds no trump nothing can beat at the first trick: the euchre and the march are open
    first = south("W", DEAL_3, "TH", "pass", "pass", "pass", "order", "discard TC", "play 9C", "play JH")
    assert "classic.one-line" not in holding(first, "play 9D")


# ---------------------------------------------------------------------------- the cards kept


def test_play_high_when_an_opponent_still_plays_after_you() -> None:
    view = south("N", DEAL_6, "9S", "pass", "pass", "pass", "order", "discard 9D", "play 9H")
    assert "classic.play-high" in holding(view, "play AH")
    assert "classic.play-high" not in holding(view, "play QH")  # West's K♥ beats the queen
    assert "classic.win-cheaply" in holding(view, "play QH") and "classic.win-cheaply" not in holding(
        view, "play AH"
    )
    assert shown(view, "play AH")[0] == "classic.play-high"
    assert why_of(view, "play AH") == (
        "An opponent still plays after you, so play high: A♥ is the highest heart left and only a trump can "
        "beat it, while a lower card could be overtaken."
    )


def test_keep_the_highest_card_left_of_a_side_suit() -> None:
    view = south("N", DEAL_7, "9S", "pass", "pass", "pass", "order", "discard 9D", "play 9H")
    assert "classic.keep-winner" in holding(view, "play TC")
    assert "classic.keep-winner" not in holding(view, "play AC")  # the ace itself is played
    assert "classic.keep-winner" not in holding(view, "play TC", tied=("play AC",))  # nor kept by the tie
    assert shown(view, "play TC")[0] == "classic.keep-winner"
    assert why_of(view, "play TC") == (
        "Keep the ace of clubs (A♣), the highest club left: it cannot win this trick, but it may win a club "
        "trick later."
    )


def test_keep_a_trump_nothing_can_beat() -> None:
    # North leads 9♣, East plays Q♣: South, out of clubs, ruffs with A♠ and keeps J♠, the right bower
    view = south("W", DEAL_2, "9S", "pass", "pass", "pass", "order", "discard JH", "play 9C", "play QC")
    assert "classic.keep-winner" in holding(view, "play AS")
    assert "classic.keep-winner" not in holding(view, "play JS")  # A♠ can still be beaten (J♣ is out)


# ---------------------------------------------------------------------------- the bidding


def test_discard_a_side_card_and_keep_your_trumps() -> None:
    view = south("S", DEAL_2, "9S", "pass", "pass", "pass", "order")  # South picks up 9♠
    assert "classic.discard-side" in holding(view, "discard TH", tied=("discard KH",))
    assert "classic.discard-side" not in holding(view, "discard 9S")  # a trump
    assert why_of(view, "discard TH", ("discard KH",)) == (
        "Both are side cards: discard one and keep your trumps for the suits you run out of."
    )


def test_alone_or_with_partner_a_close_call() -> None:
    view = south("E", DEAL_1, "9S")
    assert "classic.alone-close" in holding(view, "order alone", tied=("order",))
    assert "classic.alone-close" not in holding(view, "order", tied=("pass",))  # the close call is the bid
    assert "classic.alone-close" not in holding(view, "order alone")  # no tie
    expl = explain(analysis(view, "order alone", tied=("order",)), view)
    assert expl.move == "Order up the nine of spades (9♠), alone or with your partner: both are equally good."
    assert why_of(view, "order alone", ("order",)) == (
        "You would hold three trumps, the right bower (J♠) and the left bower (J♣) among them, and a side "
        "ace: a close call between a loner's 4 points and your partner's help."
    )


def test_ordering_up_your_partner_counts_your_side_trumps() -> None:
    view = south("N", DEAL_1, "9S", "pass")  # North deals: South holds J♠ J♣ A♠
    expl = explain(analysis(view, "order"), view)
    assert expl.move == "Order up the nine of spades (9♠): your partner North deals and picks it up."
    assert expl.why[0].text == (
        "Your side would hold at least four trumps: 9♠ and your three, the right bower (J♠) and the left "
        "bower (J♣) among them."
    )
    # the move says who picks the card up: no reminder says it again
    assert expl.reminder is None or expl.reminder.idea != "rule.dealer-pickup"


def test_the_pick_up_reminder_beside_a_pass_not_beside_an_order() -> None:
    view = south("W", DEAL_3, "TH", "pass", "pass")  # one heart: South passes
    expl = explain(analysis(view, "pass"), view)
    assert expl.reminder is not None and expl.reminder.idea == "rule.dealer-pickup"
    assert "rule.dealer-pickup" not in holding(view, "order")
    ordered = explain(analysis(view, "order"), view)
    assert ordered.reminder is None or ordered.reminder.idea != "rule.dealer-pickup"
    assert explain(analysis(view, "pass"), view).text(Depth.BRIEF).count("picks up") == 1
