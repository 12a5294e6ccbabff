"""The rules sheet (docs/rules-bid.md): every sentence, by its id, checked against the engine.

:data:`CHECKS` maps each id of :data:`euchre_tutor.games.bid.rules.RULE_SENTENCES` to
a table of cases the engine must play as the sentence says; the sheet must
print each sentence with its id.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from euchre_tutor.cards import Suit, parse_cards
from euchre_tutor.games.bid.engine import (
    Deal,
    Phase,
    Seat,
    hand_points,
    match_winner,
    new_hand,
    pack,
    trick_winner,
)
from euchre_tutor.games.bid.rules import RULE_SENTENCES, BidRules
from euchre_tutor.tricks.seating import FOUR
from tests.bid.helpers import first_legal_to_end, play

SHEET = Path(__file__).resolve().parents[2] / "docs" / "rules-bid.md"
NS, EW = FOUR.teams


def _deal() -> None:
    d = Deal.from_seed(11, "W")
    assert [len(h) for h in d.hands] == [6, 6, 6, 6] and d.kitty == ()
    assert Counter(c for h in d.hands for c in h) == Counter(pack(BidRules())) and len(pack(BidRules())) == 24
    order = pack(BidRules())
    dealt = Deal.from_order(order, "W")
    assert dealt.hands[Seat.N][0] == order[0] and dealt.hands[Seat.E][0] == order[1]  # one at a time from N
    assert Seat.N.team is Seat.S.team is NS and Seat.E.team is Seat.W.team is EW


def _bidding() -> None:
    s = new_hand(Deal.from_seed(2, "S"))
    assert s.to_act == Seat.W  # the dealer's left
    assert [str(a) for a in s.legal_actions()[:6]] == [
        "pass",
        "bid 1 C",
        "bid 1 D",
        "bid 1 H",
        "bid 1 S",
        "bid 1 high",
    ]
    s = s.apply("bid 3 H")
    assert not any(a.level is not None and a.level <= 3 for a in s.legal_actions())
    r = BidRules(minimum_bid=4)
    assert new_hand(Deal.from_seed(2, "S", r)).legal_actions()[1].level == 4


def _single_round() -> None:
    s = play("bid 1 C, pass, pass")
    assert s.to_act == Seat.N == s.dealer and s.phase is Phase.BIDDING
    assert s.apply("pass").phase is Phase.PLAY


def _auction() -> None:
    r = BidRules(bidding="auction")
    s = play("bid 1 C, bid 2 D, pass, pass, pass", rules=r)
    assert s.phase is Phase.PLAY and s.bidder == Seat.S
    s = play("bid 1 C, pass, pass, pass", rules=r)  # three passes after East's bid
    assert s.phase is Phase.PLAY and s.bidder == Seat.E
    s = play("pass, pass, pass, bid 1 C, pass, pass", rules=r)
    assert s.phase is Phase.BIDDING and s.to_act == Seat.W  # only two passes since North's bid


def _passed_out() -> None:
    s = play("pass, pass, pass, pass")
    assert s.passed_out and s.points() == (0, 0)
    from euchre_tutor.games.bid.engine import new_match

    m = new_match(seed=0)
    for _ in range(4):
        m = m.apply("pass")
    assert m.hand.dealer == Seat.E and m.hand_number == 2


def _level() -> None:
    s = play("pass, bid 3, pass, pass", rules=BidRules(bid_type="level"))
    assert s.phase is Phase.TRUMP and s.to_act == Seat.S
    assert [str(a) for a in s.legal_actions()] == ["trump C", "trump D", "trump H", "trump S", "trump high"]
    s = s.apply("trump high")
    assert s.phase is Phase.PLAY and s.notrump == "high" and s.trump is None


def _order() -> None:
    s = play("pass, pass, pass", rules=BidRules(bidding_order="dealer-first"))
    assert [seat for seat, _ in s.history] == [Seat.N, Seat.E, Seat.S] and s.to_act == Seat.W == s.dealer.prev


def _bowers() -> None:
    assert trick_winner(parse_cards("AH JD 9H KH"), Suit.HEARTS) == 1  # the left bower beats the ace
    assert trick_winner(parse_cards("JD JH"), Suit.HEARTS) == 1  # the right bower beats the left
    s = play("bid 3 H, pass, pass, pass, play JD")
    assert s.led_suit is Suit.HEARTS


def _no_trump() -> None:
    assert trick_winner(parse_cards("JD JH AD"), None, "high") == 2  # J♥ is no bower: just a heart
    assert trick_winner(parse_cards("QD JD 9D"), None, "high") == 0


def _no_trump_low() -> None:
    assert trick_winner(parse_cards("KS 9S AS"), None, "low") == 1
    assert trick_winner(parse_cards("TS 9H"), None, "low") == 0  # a heart does not follow a spade lead
    with pytest.raises(Exception, match="NT ↑↓"):
        play("bid 2 low")
    assert play("bid 2 low", rules=BidRules(no_trump="high-low")).high is not None


def _lead() -> None:
    assert play("pass, bid 2 S, pass, pass").to_act == Seat.S
    assert play("pass, bid 2 S, pass, pass", rules=BidRules(lead="dealer-left")).to_act == Seat.E


def _follow() -> None:
    s = play("bid 3 H, pass, pass, pass, play AH")
    assert [str(c) for c in s.legal_plays()] == ["9H"]
    s = s.apply("play 9H")  # South follows; West holds no heart: any card
    assert len(s.legal_plays()) == 6
    s = s.apply("play TS").apply("play 9C")
    assert s.tricks[-1].winner == Seat.E and s.to_act == Seat.E


def _made() -> None:
    assert hand_points(BidRules(), 3, None, 4) == (4, 2)
    assert hand_points(BidRules(made_scores="bid"), 3, None, 4) == (3, 2)
    assert first_legal_to_end(play("bid 2 H, pass, pass, pass")).points() == (0, 6)


def _defenders() -> None:
    assert hand_points(BidRules(), 2, None, 2)[1] == 4
    assert hand_points(BidRules(), 5, None, 2)[1] == 4
    assert hand_points(BidRules(double_deck=True), 5, None, 2)[1] == 10


def _set() -> None:
    assert hand_points(BidRules(), 5, None, 4) == (-5, 2)
    assert hand_points(BidRules(set_loses_bid=False), 5, None, 4) == (0, 2)


def _alone() -> None:
    s = play("bid 6 S")
    assert any(a.alone == "alone" for a in s.legal_actions())  # above the highest number
    end = first_legal_to_end(play("bid alone H, pass, pass, pass"))
    assert end.sitting_out == Seat.W and end.points() == (0, 12)
    assert hand_points(BidRules(), None, "alone", 5) == (-12, 1)


def _call() -> None:
    s = play("bid call 1 H, pass, pass, pass", rules=BidRules(alone_bids="call-1"))
    assert s.phase is Phase.CALL and s.to_act == Seat.W
    s = s.apply("give AS")
    assert s.phase is Phase.LONER_DISCARD and s.to_act == Seat.E and len(s.hands[Seat.E]) == 7
    assert s.apply("discard TH").phase is Phase.PLAY


def _kitty() -> None:
    r = BidRules(kitty=True)
    s = new_hand(Deal.from_seed(8, "N", r), r)
    kitty = s.deal.kitty
    for a in ("pass", "bid 1 D", "pass", "pass"):
        s = s.apply(a)
    assert s.phase is Phase.KITTY and all(c in s.hands[Seat.S] for c in kitty) and s.to_discard == 4


def _joker() -> None:
    assert trick_winner(parse_cards("JC JK JS"), Suit.CLUBS) == 1
    assert trick_winner(parse_cards("9D JK"), Suit.DIAMONDS) == 1


def _double_deck() -> None:
    counts = Counter(pack(BidRules(double_deck=True)))
    assert set(counts.values()) == {2} and len(counts) == 24
    assert trick_winner(parse_cards("KH AH AH"), Suit.CLUBS) == 1
    assert trick_winner(parse_cards("JC JC"), Suit.CLUBS) == 0


def _target() -> None:
    assert match_winner(BidRules(), (32, 5), 3, EW) == (True, NS)
    assert match_winner(BidRules(), (31, 5), 3, EW) == (False, None)
    assert match_winner(BidRules(), (33, 35), 3, NS) == (True, NS)


def _hands() -> None:
    assert match_winner(BidRules(hands=2), (3, 5), 2, NS) == (True, EW)
    assert match_winner(BidRules(hands=2), (3, 5), 1, NS) == (False, None)


CHECKS: dict[str, Callable[[], None]] = {
    "bid.deal": _deal,
    "bid.bidding": _bidding,
    "bid.single-round": _single_round,
    "bid.auction": _auction,
    "bid.passed-out": _passed_out,
    "bid.level": _level,
    "bid.order": _order,
    "bid.bowers": _bowers,
    "bid.no-trump": _no_trump,
    "bid.no-trump-low": _no_trump_low,
    "bid.lead": _lead,
    "bid.follow": _follow,
    "bid.made": _made,
    "bid.defenders": _defenders,
    "bid.set": _set,
    "bid.alone": _alone,
    "bid.call": _call,
    "bid.kitty": _kitty,
    "bid.joker": _joker,
    "bid.double-deck": _double_deck,
    "bid.target": _target,
    "bid.hands": _hands,
}


def test_every_sentence_has_a_check() -> None:
    assert list(CHECKS) == list(RULE_SENTENCES)


@pytest.mark.parametrize("rule_id", list(CHECKS))
def test_the_engine_plays_the_sentence(rule_id: str) -> None:
    CHECKS[rule_id]()


@pytest.mark.parametrize("rule_id", list(RULE_SENTENCES))
def test_the_sheet_prints_the_sentence_with_its_id(rule_id: str) -> None:
    assert f"- **{rule_id}**: {RULE_SENTENCES[rule_id]}" in SHEET.read_text(encoding="utf-8")
