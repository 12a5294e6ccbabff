"""The Bid hint's card ideas (carried over from the classic table) and its bidding ideas for ties, on golden
positions, each both ways (it holds; it does not), every sentence re-checked with each tied choice as the
move; and the rule said for a forced pass.

The positions and the hand-built analyses are those of ``test_ideas`` (every card placed by hand).
"""

from __future__ import annotations

from euchre_tutor.advisor.voice import Depth, false_sentences, whose
from euchre_tutor.cards import Card, Suit
from euchre_tutor.games.bid.advisor.ideas import IDEAS, BidPosition, explain, forced_words, named_positions
from euchre_tutor.games.bid.engine import Action, HandState, new_hand
from euchre_tutor.games.bid.views import SeatView, seat_view
from tests.advisor.bid.test_ideas import BOWERS, Analysis, deal, option, play, south


def tie(best: str, *tied: str, rest: tuple[str, ...] = ()) -> Analysis:
    """``best`` and ``tied`` tie; ``rest`` costs half a point each."""
    return Analysis(
        (option(best), *(option(t, 0.02, tied=True) for t in tied), *(option(r, 0.5) for r in rest))
    )


def ideas_of(view: SeatView, analysis: Analysis) -> list[str]:
    """The reasons the hint gives, in order, each re-checked with every tied choice as the move."""
    expl = explain(analysis, view)
    for p in named_positions(BidPosition(view, analysis)):
        for depth in Depth:
            assert false_sentences(expl.said(depth), IDEAS, p) == [], expl.text(depth)
    return [s.idea for s in expl.why]


def holds(idea: str, view: SeatView, analysis: Analysis, move: str | None = None) -> bool:
    return IDEAS[idea].holds(BidPosition(view, analysis, None if move is None else Action.parse(move)))


def spades_by_west(s: str, w: str, n: str, e: str) -> HandState:
    """South deals; West bids 2 in spades and everyone passes."""
    return play(new_hand(deal("S", W=w, N=n, E=e, S=s)), "bid 2 S", "pass", "pass", "pass")


# West leads A♥; North 9♥, East 10♥: South's K♥ and Q♥ cannot beat the ace
CANNOT = spades_by_west("KH QH JS 9S AS JC", "AH AD KC TS QS QD", "9H 9D QC AC TC KD", "KS TH JH TD JD 9C")
# West leads 9♥, North 10♥, East Q♥: South's K♥ and A♥ each take it, and South plays last
EACH = spades_by_west("KH AH JS 9S AS JC", "9H AD KC TS QS QD", "TH 9D QC AC TC KD", "KS JH QH TD JD 9C")
# West leads 9♥, North takes it with A♥, East K♥: South's Q♥ and 10♥ would not take it over
PARTNER = spades_by_west("JS 9S AS QH TH KS", "AD 9H KC TS QS QD", "9D AH QC AC TC KD", "TD KH JD JH 9C JC")


def test_none_of_the_tied_cards_can_win() -> None:
    view = south(play(CANNOT, "play AH", "play 9H", "play TH"))
    a = tie("play KH", "play QH")
    assert ideas_of(view, a)[0] == "play.none-wins"
    expl = explain(a, view)
    assert expl.move == "Play the king of hearts (K♥) or the queen of hearts (Q♥): they are equally good."
    assert expl.why[0].text == "Neither can beat West's ace of hearts (A♥): throw one you will not miss."
    assert not holds("play.none-wins", view, a, "play JS")  # a trump would win it
    partner = south(play(PARTNER, "play 9H", "play AH", "play KH"))
    assert not holds("play.none-wins", partner, tie("play QH", "play TH"))  # partner has it


def test_partner_has_it_covered() -> None:
    view = south(play(PARTNER, "play 9H", "play AH", "play KH"))
    a = tie("play QH", "play TH")
    assert ideas_of(view, a)[0] == "play.partner-has-it"
    assert "Your partner's ace of hearts (A♥) is winning the trick" in explain(a, view).why[0].text
    other = south(play(CANNOT, "play AH", "play 9H", "play TH"))
    assert not holds("play.partner-has-it", other, tie("play KH", "play QH"))  # West's ace wins


def test_each_tied_card_wins_and_they_are_equals() -> None:
    view = south(play(EACH, "play 9H", "play TH", "play QH"))
    a = tie("play AH", "play KH")
    said = ideas_of(view, a)
    assert said[0] == "play.each-wins"
    assert explain(a, view).why[0].text == "Both take the trick and you play last: any one does the job."
    assert holds("play.equals", view, a)  # A♥ K♥: no heart out ranks between them
    assert not holds("play.equals", view, tie("play AH", "play JS"))  # two suits
    assert not holds(
        "play.each-wins", south(play(CANNOT, "play AH", "play 9H", "play TH")), tie("play KH", "play QH")
    )


def test_the_highest_card_left_and_keeping_trumps() -> None:
    # East deals, South bids 3 in spades and leads: J♠ is the right bower; A♥ is out, so K♥ is no boss
    leader = south(play(new_hand(deal("E", S="JS JC AS KH 9D TC")), "bid 3 S", "pass", "pass", "pass"))
    a = Analysis((option("play JS"), option("play KH", 0.4)))
    assert holds("play.boss", leader, a)
    assert "The right bower (J♠) is the highest trump left: nothing can beat it." in explain(a, leader).text(
        Depth.COMPARE
    )
    side = Analysis((option("play KH"), option("play JS", 0.4)))
    assert not holds("play.boss", leader, side)
    assert holds("play.keep-trumps", leader, side) and not holds("play.keep-trumps", leader, a)
    # a tie of K♥ and 9♦: neither is the highest card left in its suit
    assert ideas_of(leader, tie("play KH", "play 9D"))[0] == "play.no-boss"


def test_the_least_bid_that_does_as_well() -> None:
    view = south(new_hand(BOWERS))
    a = tie("bid 4 D", "bid 3 D", rest=("pass",))
    expl = explain(a, view)
    assert expl.move == "Bid 3 in diamonds (♦), the least bid that does as well."
    assert ideas_of(view, a)[0] == "bid.least"
    assert expl.why[0].text == (
        "A made bid scores the tricks your side takes, not the bid, so bidding more gains nothing and loses "
        "more if you are set."
    )
    assert not holds("bid.least", view, tie("bid 3 D", "bid 3 H"))  # two contracts
    assert not holds("bid.least", view, Analysis((option("bid 3 D"), option("bid 4 D", 0.5))))  # no tie


def test_a_close_call_between_passing_and_bidding() -> None:
    view = south(new_hand(BOWERS))
    a = tie("pass", "bid 3 D")
    assert ideas_of(view, a)[0] == "bid.close"
    assert explain(a, view).why[0].text == (
        "A close call: bidding 3 in diamonds would give you four trumps, the right bower (J♦) and the left "
        "bower (J♥) among them, and passing does about as well."
    )
    assert not holds("bid.close", view, Analysis((option("pass"), option("bid 3 D", 0.5))))


def test_a_forced_pass_says_the_rule() -> None:
    # South deals: West bids alone in spades, North and East pass; nothing outranks a lone bid
    state = play(new_hand(deal("S")), "bid alone S", "pass", "pass")
    view = seat_view(state, "S")
    assert [str(a) for a in view.legal] == ["pass"]
    assert forced_words(view.legal[0], view) == (
        "Pass is your only choice: West's bid of alone in spades is the highest bid there is, so nobody may "
        "bid over it."
    )


def test_tied_sure_winners_in_any_order() -> None:
    # East deals; South bids 3 in no trump and leads: A♦ K♦ A♥ A♣ K♣, nothing out beats them; Q♠ is no winner
    state = play(new_hand(deal("E", S="AD KD AH AC QS KC")), "bid 3 high", "pass", "pass", "pass")
    view = south(state)
    a = tie("play AD", "play KD", "play AH")
    assert ideas_of(view, a)[0] == "play.winners"
    assert explain(a, view).why[0].text == (
        "All of them are sure winners: no card still out can beat any of them, so the order does not matter."
    )
    assert not holds("play.winners", view, tie("play AH", "play QS"), "play QS")
    assert not holds("play.winners", view, Analysis((option("play AH"), option("play QS", 0.5))))  # no tie


def test_a_seats_bower_is_named_as_the_bower_it_is() -> None:
    leader = south(play(new_hand(deal("E", S="JS JC AS KH 9D TC")), "bid 3 S", "pass", "pass", "pass"))
    jack = Card.parse("JC")  # spades trump: the jack of clubs is the left bower
    assert whose("East", jack, leader.trump) == "East's jack of clubs (J♣), the left bower"
    assert whose("your partner", jack, leader.trump, subject=True).endswith("the left bower,")
    assert whose("East", Card.parse("KH"), leader.trump, subject=True) == "East's king of hearts (K♥)"


# West bids 2 in spades; North holds the right bower (J♠), East K♠ A♠, West K♥: South, out of spades, holds
# A♥ Q♥ and four low minors.
HIGH = spades_by_west("AH QH 9C TC 9D TD", "9S TS QS KH AC KC", "JS 9H QD KD AD JD", "AS KS JH TH JC QC")
# As above, but East holds the right bower and wins the first trick: South, out of spades, cannot win it.
KEEP = spades_by_west("AH QH 9C TC 9D TD", "9S TS QS KH AC KC", "KS 9H QD KD AD JD", "AS JS JH TH JC QC")
# West leads K♥ and South takes it with A♥: South leads Q♥, the highest heart left, or a low minor.
LINE = spades_by_west("AH QH 9C TC 9D TD", "KH 9S TS QS AC KC", "9H JS QD KD AD JD", "TH JH AS KS JC QC")


def test_play_high_when_an_opponent_still_plays_after_you() -> None:
    # North took the first trick with J♠ and leads 9♥; East plays 10♥; West, after South, holds K♥
    view = south(play(HIGH, "play 9S", "play JS", "play KS", "play 9C", "play 9H", "play TH"))
    a = Analysis((option("play AH"), option("play QH", 0.3)))
    assert holds("play.play-high", view, a)
    assert not holds("play.play-high", view, Analysis((option("play QH"), option("play AH", 0.3))))
    assert ideas_of(view, a)[0] == "play.play-high"
    assert explain(a, view).why[0].text == (
        "An opponent still plays after you, so play high: A♥ is the highest heart left and only a trump can "
        "beat it, while a lower card could be overtaken."
    )
    # South plays last to West's lead: nobody after South can overtake a lower card
    last = south(play(HIGH, "play 9S", "play JS", "play KS"))
    assert not holds("play.play-high", last, Analysis((option("play AH"), option("play 9C", 0.3))))


def test_keep_the_highest_card_left() -> None:
    # East's right bower wins the first trick: South throws 10♣ and keeps A♥, the highest heart left
    view = south(play(KEEP, "play 9S", "play KS", "play JS"))
    a = Analysis((option("play TC"), option("play AH", 0.3)))
    assert holds("play.keep-winner", view, a)
    assert ideas_of(view, a)[0] == "play.keep-winner"
    assert explain(a, view).why[0].text == (
        "Keep the ace of hearts (A♥), the highest heart left: it cannot win this trick, but it may win a "
        "heart trick later."
    )
    assert not holds("play.keep-winner", view, Analysis((option("play AH"), option("play TC", 0.3))))
    assert not holds("play.keep-winner", view, tie("play TC", "play AH"))  # the tie plays A♥ too


def test_what_the_bid_still_needs() -> None:
    view = south(play(LINE, "play KH", "play 9H", "play TH", "play AH"))  # South took the first trick
    a = tie("play QH", "play 9C")  # Q♥ is the highest heart left, 9♣ is not: they share nothing
    assert holds("play.bid-line", view, a)
    assert ideas_of(view, a)[0] == "play.bid-line"
    assert explain(a, view).why[0].text == (
        "Your side has one trick and needs four more of the last five to set West's bid of 2."
    )
    # in the bidding, and once West has two tricks (the bid made), there is no line left to play for
    assert not holds("play.bid-line", south(new_hand(BOWERS)), Analysis((option("bid 3 D"),)))
    made = play(KEEP, "play 9S", "play KS", "play JS", "play TC", "play AS", "play 9C", "play QS", "play 9H")
    view = south(play(made, "play JC"))  # East and West have two tricks: the bid is made
    assert not holds("play.bid-line", view, tie("play AH", "play QH"))


# South holds four hearts and two diamonds; West, the bidder, holds 10♥, North 9♥.
HEARTS = spades_by_west("AH KH QH JH 9D TD", "9S TS QS AC KC TH", "JS 9H QD KD AD JD", "AS KS JC QC 9C TC")


def test_the_follow_suit_reminder_only_where_it_leaves_out_a_card() -> None:
    # North leads 9♥: South must follow with A♥ or Q♥ and may not play a minor
    view = south(play(HIGH, "play 9S", "play JS", "play KS", "play 9C", "play 9H", "play TH"))
    a = Analysis((option("play AH"), option("play QH", 0.3)))
    assert holds("rule.follow-suit", view, a)
    # West leads 10♥ when South holds nothing but hearts: the rule leaves out no card, so it is not said
    state = play(
        HEARTS, "play 9S", "play JS", "play KS", "play 9D", "play QD", "play 9C", "play TD", "play TS"
    )
    only = south(play(state, "play TH", "play 9H", "play TC"))
    assert {c.suit for c in only.hand} == {Suit.HEARTS}
    b = tie("play JH", "play QH", rest=("play AH", "play KH"))
    assert not holds("rule.follow-suit", only, b)
    assert explain(b, only).reminder is None
