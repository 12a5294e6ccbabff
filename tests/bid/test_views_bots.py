"""The seat view keeps hidden cards hidden; the players choose legal, sensible actions."""

from __future__ import annotations

import pytest

from euchre_tutor.cards import Suit, parse_cards
from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.bid.bots import RandomPlayer, RuleBasedPlayer, estimate_tricks, play_out, sure_tricks
from euchre_tutor.games.bid.engine import Action, Deal, Phase, Seat, new_hand, new_match
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.games.bid.views import seat_view
from tests.bid.helpers import play


def test_a_view_shows_only_the_seats_own_cards_and_the_public_bidding() -> None:
    s = play("bid 3 H, pass")
    v = seat_view(s, "W")
    assert v.hand == s.hands[Seat.W] and v.my_turn and v.legal == s.legal_actions()
    assert [(seat.name, str(a)) for seat, a in v.bids] == [("E", "bid 3 H"), ("S", "pass")]
    assert len(v.unseen_cards()) == 18 and not set(v.hand) & set(v.unseen_cards())
    assert seat_view(s, "N").legal == ()


def test_the_kitty_discards_are_seen_by_the_bid_winner_only() -> None:
    r = BidRules(kitty=True)
    s = new_hand(Deal.from_seed(3, "N", r), r)
    for a in ("bid 2 S", "pass", "pass", "pass"):
        s = s.apply(a)
    for _ in range(4):
        s = s.apply(s.legal_actions()[0])
    assert len(seat_view(s, "E").discards) == 4 and seat_view(s, "W").discards == ()
    assert len(seat_view(s, "E").unseen_cards()) == 15  # the others' 15 cards
    assert len(seat_view(s, "W").unseen_cards()) == 19  # the others' 15 and the 4 discards


def test_the_cards_passed_in_a_call_are_seen_by_the_loner_and_the_partner_only() -> None:
    s = play("bid call 1 H, pass, pass, pass, give AS", rules=BidRules(alone_bids="call-1"))
    assert seat_view(s, "E").gifts == tuple(parse_cards("AS")) and seat_view(s, "W").gifts == tuple(
        parse_cards("AS")
    )
    assert seat_view(s, "N").gifts == ()
    w = seat_view(s, "W")
    assert parse_cards("AS")[0] not in w.unseen_cards()  # West knows East holds it
    assert parse_cards("AS")[0] in seat_view(s, "N").unseen_cards()


def test_voids_shown_by_not_following() -> None:
    s = play("bid 3 S, pass, pass, pass, play JH, play 9H, play TS")
    v = seat_view(s, "N")
    assert v.voids[Seat.W] == frozenset({Suit.HEARTS})


def test_a_match_view_carries_the_score() -> None:
    m = new_match(seed=1)
    assert seat_view(m, m.to_act or Seat.E).scores == (0, 0)


# -- players ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "contract", "sure", "estimate_at_least"),
    [
        ("JH JD AH KH QH TH", (Suit.HEARTS, None), 6, 6.0),
        ("JH AH KH 9C 9D 9S", (Suit.HEARTS, None), 1, 1.0),  # the left bower is out: only the right is sure
        ("AC KC QC AD KD AS", (None, "high"), 6, 6.0),
        ("9C TC 9D 9H 9S AS", (None, "low"), 5, 5.0),
        ("9C TC 9D 9H 9S AS", (None, "high"), 1, 1.0),
    ],
)
def test_sure_tricks_count_unbroken_sequences_from_the_top(
    hand: str, contract: tuple[Suit | None, str | None], sure: int, estimate_at_least: float
) -> None:
    cards = parse_cards(hand)
    assert sure_tricks(cards, contract) == sure
    assert estimate_tricks(cards, contract) >= estimate_at_least


@pytest.mark.parametrize(
    ("hand", "contract", "sure", "estimate"),
    [
        # both right bowers and one left: the second left is out, so three in sequence; the ace is a
        # fourth trump (half a trick), and the nines of clubs are no guard
        ("JH JH JD AH 9C 9C", (Suit.HEARTS, None), 3, 3.5),
        # both kings of spades under the two aces: a second-best card guarded, half a trick
        ("JH JH JD AH KS KS 9S", (Suit.HEARTS, None), 3, 4.0),
        # no trump: both aces of clubs and one king in sequence, the nine of diamonds nothing
        ("AC AC KC 9D", (None, "high"), 3, 3.0),
    ],
)
def test_with_a_double_deck_the_kth_copy_counts_when_the_hand_holds_k(
    hand: str, contract: tuple[Suit | None, str | None], sure: int, estimate: float
) -> None:
    cards = parse_cards(hand)
    assert sure_tricks(cards, contract, double=True) == sure
    assert estimate_tricks(cards, contract, double=True) == estimate


def test_the_rule_based_player_goes_alone_with_every_trick_sure() -> None:
    s = play("")
    assert RuleBasedPlayer().choose(seat_view(s, "E")) == Action.parse("bid alone H")


def test_the_rule_based_player_passes_a_hand_that_cannot_win_its_bid() -> None:
    s = play("bid alone H")
    assert RuleBasedPlayer().choose(seat_view(s, "S")) == Action.parse("pass")
    weak = {
        "W": "9C TC 9D TD 9H 9S",
        "E": "JH JD AH KH QH TH",
        "S": "QC KC AC QD KD AD",
        "N": "TS JS QS KS AS JC",
    }
    s = play("bid 5 H, bid 6 high", hands=weak)
    assert RuleBasedPlayer().choose(seat_view(s, "W")) == Action.parse("pass")


def test_the_rule_based_player_bids_just_over_the_last_bid_within_its_count() -> None:
    s = play("bid 2 D, pass", rules=BidRules(alone_bids="none"))
    act = RuleBasedPlayer().choose(seat_view(s, "W"))  # West: the six best spades but the 9
    assert act.kind == "bid" and act.level == 3 and act.suit is Suit.SPADES


def test_the_rule_based_player_plays_cheap_when_the_partner_wins_and_wins_cheap_otherwise() -> None:
    s = play("pass, pass, bid 3 S, pass, play AS, play 9D")  # West leads the A♠, North has no spade
    v = seat_view(s, "E")
    assert RuleBasedPlayer().choose(v) == Action.parse("play TH")  # East has no spade: its cheapest card
    s = play("bid 2 D, pass, pass, pass, play AH, play 9H, play TS")  # diamonds trump; East leads A♥
    v = seat_view(s, "N")
    assert RuleBasedPlayer().choose(v) == Action.parse("play 9D")  # North, last, trumps with its only trump


def test_the_rule_based_player_draws_trumps_as_the_bidder() -> None:
    s = play("pass, pass, bid 3 S, pass")
    assert RuleBasedPlayer().choose(seat_view(s, "W")) == Action.parse("play JS")  # the right bower


def test_players_finish_hands_and_matches_under_every_phase() -> None:
    r = BidRules(kitty=True, alone_bids="call-2", bid_type="level", no_trump="high-low")
    phases = set()
    for seed in range(40):
        s = new_hand(Deal.from_seed(seed, "N", r), r)
        while not s.is_over:
            phases.add(s.phase)
            seat = s.to_act
            assert seat is not None
            player = RandomPlayer(seed) if seed % 2 else RuleBasedPlayer()
            s = s.apply(player.choose(seat_view(s, seat)))
    assert {Phase.BIDDING, Phase.TRUMP, Phase.KITTY, Phase.PLAY} <= phases
    m = play_out(new_match(BidRules(hands=3), seed=4), [RuleBasedPlayer(), RandomPlayer(1)] * 2)
    assert m.is_over and len(m.results) == 3


def test_the_rule_based_team_outscores_random_players() -> None:
    total = [0, 0]
    for seed in range(30):
        end = play_out(new_hand(Deal.from_seed(seed, "N")), [RuleBasedPlayer(), RandomPlayer(seed)] * 2)
        p = end.points()
        total = [total[0] + p[0], total[1] + p[1]]
    assert total[0] > total[1]


def test_a_player_with_nothing_to_do_says_so() -> None:
    s = play("bid 3 H")
    with pytest.raises(IllegalAction, match="has nothing to do"):
        RandomPlayer(1).choose(seat_view(s, "N"))
    with pytest.raises(IllegalAction, match="has nothing to do"):
        RuleBasedPlayer().choose(seat_view(s, "N"))
    with pytest.raises(ValueError, match="one player per seat"):
        play_out(s, [RandomPlayer()])
