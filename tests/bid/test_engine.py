"""The Bid Euchre engine: deals, bidding, the exchanges, play, scoring, the match and the saved game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import Suit, parse_cards
from euchre_tutor.errors import DealError, IllegalAction, IllegalPlay, SaveFileError
from euchre_tutor.games.bid.engine import (
    Action,
    BidGame,
    Deal,
    HandState,
    Phase,
    Seat,
    Trick,
    explain_trick,
    hand_points,
    match_winner,
    new_hand,
    new_match,
    pack,
    trick_winner,
)
from euchre_tutor.games.bid.rules import PRESETS, BidRules
from euchre_tutor.tricks.seating import FOUR
from tests.bid.helpers import HANDS, first_legal_to_end, play

# -- deals ----------------------------------------------------------------------


def test_a_seeded_deal_is_reproducible_and_is_the_whole_pack() -> None:
    for r in PRESETS.values():
        a, b = Deal.from_seed(5, "E", r), Deal.from_seed(5, "E", r)
        assert a == b
        assert sorted(c.index for c in [*[c for h in a.hands for c in h], *a.kitty]) == sorted(
            c.index for c in pack(r)
        )
    assert Deal.from_seed(5, "E") != Deal.from_seed(6, "E")


def test_an_explicit_order_is_dealt_one_at_a_time_from_the_dealers_left() -> None:
    cards = pack(BidRules())
    d = Deal.from_order(cards, "N")
    assert d.hands[Seat.E][:2] == (cards[0], cards[4])
    assert d.hands[Seat.N][0] == cards[3]
    k = Deal.from_order(pack(BidRules(kitty=True)), "W", BidRules(kitty=True))
    assert k.kitty == pack(BidRules(kitty=True))[20:]
    assert [len(h) for h in k.hands] == [5, 5, 5, 5]


BAD_DEALS: list[tuple[dict[str, str], dict[str, Any], str]] = [
    ({**HANDS, "N": "9C TC QC KC AC"}, {}, "North must hold 6 cards, not 5"),
    (
        {**HANDS, "N": "9C TC QC KC AC AH"},
        {},
        "AH is dealt 2 times: in the 24-card deck (9 10 J Q K A of each suit) it appears once",
    ),
    ({**HANDS, "N": "9C TC QC KC AC JK"}, {}, "JK is not in the 24-card deck"),
    ({**HANDS, "N": "9C TC QC KC AC 8D"}, {}, "8D is not in the 24-card deck"),
    ({k: v for k, v in HANDS.items() if k != "W"}, {}, "no hand given for West"),
]


@pytest.mark.parametrize(("hands", "options", "message"), BAD_DEALS, ids=[m[:30] for _, _, m in BAD_DEALS])
def test_bad_deals_are_refused_with_what_is_wrong(
    hands: dict[str, str], options: dict[str, Any], message: str
) -> None:
    with pytest.raises(DealError) as caught:
        Deal.from_hands("N", {s: h.split() for s, h in hands.items()}, BidRules(**options))
    assert message in str(caught.value)


def test_the_double_deck_has_two_of_each_card_and_no_third() -> None:
    r = BidRules(double_deck=True)
    d = Deal.from_seed(1, "N", r)
    assert [len(h) for h in d.hands] == [12] * 4
    hands = {s.name: [str(c) for c in d.hands[s]] for s in FOUR.seats}
    third = next(c for c in hands["E"] if c not in hands["N"])  # both its copies are dealt already
    hands["N"][0] = third
    with pytest.raises(
        DealError, match=f"{third} is dealt 3 times: in two 24-card decks .* it appears twice"
    ):
        Deal.from_hands("N", hands, r)


# -- actions ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("pass", "pass"),
        ("BID 3 h", "bid 3 H"),
        ("bid 4 high", "bid 4 high"),
        ("bid 2 low", "bid 2 low"),
        ("bid 3", "bid 3"),
        ("bid alone ♠", "bid alone S"),
        ("bid call 1 hearts", "bid call 1 H"),
        ("bid call 2 low", "bid call 2 low"),
        ("bid alone", "bid alone"),
        ("trump d", "trump D"),
        ("trump high", "trump high"),
        ("discard 10h", "discard TH"),
        ("give jk", "give JK"),
        ("play J♥", "play JH"),
    ],
)
def test_actions_parse_to_their_notation(text: str, shown: str) -> None:
    assert str(Action.parse(text)) == shown
    assert Action.parse(shown) == Action.parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("bid", "is not a Bid Euchre action"),
        ("bid three H", "a bid is a number of tricks then trump"),
        ("bid 3 H S", "names at most one trump"),
        ("bid 3 X", "'x' is not a suit"),
        ("order", "is not a Bid Euchre action"),
        ("play 1H", "is not a card"),
    ],
)
def test_malformed_actions_are_refused_with_the_notation(text: str, message: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        Action.parse(text)
    assert message in str(caught.value)


# -- bidding ---------------------------------------------------------------------

BIDDING: list[tuple[dict[str, Any], str, str, str | None, Phase, str | None]] = [
    # rules, actions, the winning bid, the bidder, the phase after, who acts
    ({}, "bid 2 H, pass, bid 3 S, pass", "bid 3 S", "W", Phase.PLAY, "W"),
    ({}, "pass, pass, pass, pass", "", None, Phase.OVER, None),
    ({}, "bid 1 C, bid 2 D, bid 3 H, bid 4 high", "bid 4 high", "N", Phase.PLAY, "N"),
    ({}, "bid 3 H, bid alone S, pass, pass", "bid alone S", "S", Phase.PLAY, "S"),
    ({"bidding_order": "dealer-first"}, "bid 2 C, pass, pass, pass", "bid 2 C", "N", Phase.PLAY, "N"),
    ({"bidding": "auction"}, "bid 2 H, pass, bid 3 S, pass, pass, pass", "bid 3 S", "W", Phase.PLAY, "W"),
    (
        {"bidding": "auction"},
        "bid 2 H, pass, bid 3 S, pass, bid 4 H, pass, pass, pass",
        "bid 4 H",
        "E",
        Phase.PLAY,
        "E",
    ),
    ({"bidding": "auction"}, "pass, pass, pass, pass", "", None, Phase.OVER, None),
    ({"bid_type": "level"}, "bid 3, pass, pass, pass", "bid 3", "E", Phase.TRUMP, "E"),
    ({"bid_type": "level"}, "bid 3, pass, pass, pass, trump low", "bid 3", "E", Phase.TRUMP, "E"),
    ({"lead": "dealer-left"}, "pass, pass, bid 3 S, pass", "bid 3 S", "W", Phase.PLAY, "E"),
    ({"alone_bids": "call-2"}, "bid call 2 H, pass, pass, pass", "bid call 2 H", "E", Phase.CALL, "W"),
]


@pytest.mark.parametrize(("options", "actions", "bid", "bidder", "phase", "to_act"), BIDDING)
def test_bidding_ends_as_the_rules_say(
    options: dict[str, Any], actions: str, bid: str, bidder: str | None, phase: Phase, to_act: str | None
) -> None:
    rules = BidRules(**options)
    if "trump low" in actions:  # no trump low needs NT ↑↓: refused, the state stays
        with pytest.raises(IllegalAction, match="cannot be trump"):
            play(actions, rules=rules)
        actions = actions.replace(", trump low", "")
    s = play(actions, rules=rules)
    assert (str(s.high) if s.high else "") == bid
    assert (s.bidder.name if s.bidder is not None else None) == bidder
    assert s.phase is phase
    assert (s.to_act.name if s.to_act is not None else None) == to_act


def test_a_single_round_gives_each_player_one_bid_and_the_dealer_the_last() -> None:
    s = play("bid 2 H, pass, bid 3 S")
    assert s.to_act == Seat.N and s.phase is Phase.BIDDING
    s = s.apply("pass")
    assert s.phase is Phase.PLAY  # East, who bid first, does not bid again


ILLEGAL_BIDS: list[tuple[dict[str, Any], str, str, str]] = [
    ({}, "bid 3 H", "bid 3 S", "a bid must be higher than the last bid (East's bid 3 H); suits do not rank"),
    ({}, "bid 3 H", "bid 2 high", "a bid must be higher than the last bid"),
    ({}, "", "bid 7 H", "there are only 6 tricks: bid at most 6"),
    ({}, "", "bid 3", "a bid names its trump too (bid_type='level-suit')"),
    ({}, "", "bid 3 low", "no trump low needs the NT ↑↓ option (no_trump='high-low')"),
    ({"no_trump": "off"}, "", "bid 3 high", "under these rules there are no no-trump bids"),
    ({}, "", "bid call 1 H", "under these rules the alone bids are: alone (alone_bids='alone')"),
    ({"alone_bids": "none"}, "", "bid alone H", "the alone bids are: none"),
    ({"minimum_bid": 3}, "", "bid 2 H", "the minimum bid is 3"),
    ({"bid_type": "level"}, "", "bid 3 H", "bids are tricks only (bid_type='level')"),
    ({}, "", "play JH", "play JH is not legal now: it is East's turn (the bidding: pass or bid)"),
    ({}, "bid 3 H, pass, pass, pass", "bid 4 H", "bid 4 H is not legal now: it is East's turn (the play)"),
    ({}, "bid alone H", "bid 5 S", "a bid must be higher than the last bid (East's bid alone H)"),
]


@pytest.mark.parametrize(
    ("options", "before", "action", "message"), ILLEGAL_BIDS, ids=[m[:40] for *_, m in ILLEGAL_BIDS]
)
def test_illegal_actions_teach_the_rule_and_change_nothing(
    options: dict[str, Any], before: str, action: str, message: str
) -> None:
    s = play(before, rules=BidRules(**options))
    with pytest.raises(IllegalAction) as caught:
        s.apply(action)
    assert message in str(caught.value)
    assert "legal:" in str(caught.value) or "holds" in str(caught.value)


def test_legal_bids_are_pass_then_every_higher_bid_then_alone_bids() -> None:
    s = play("bid 5 S")
    assert [str(a) for a in s.legal_actions()] == [
        "pass",
        *(f"bid 6 {x}" for x in ("C", "D", "H", "S", "high")),
        *(f"bid alone {x}" for x in ("C", "D", "H", "S", "high")),
    ]
    level = play("bid 4", rules=BidRules(bid_type="level", alone_bids="call-2"))
    assert [str(a) for a in level.legal_actions()] == [
        "pass",
        "bid 5",
        "bid 6",
        "bid call 2",
        "bid call 1",
        "bid alone",
    ]


# -- play --------------------------------------------------------------------------


def test_follow_suit_is_taught_with_the_left_bower() -> None:
    s = play("bid 3 H, pass, pass, pass, play JD")  # East leads the left bower: trump is led
    s = s.apply("play 9H")  # South follows trump with its one heart
    assert s.to_act == Seat.W
    s2 = play("bid 3 H, pass, pass, pass, play AH")
    with pytest.raises(IllegalPlay) as caught:
        s2.apply("play TD")  # South holds 9H and must follow hearts
    assert "South holds trump (♥)" in str(caught.value) and "legal: 9♥" in str(caught.value)
    with pytest.raises(IllegalPlay, match="South does not hold A♠"):
        s2.apply("play AS")


def test_the_left_bower_lead_is_trump_so_a_diamond_does_not_follow() -> None:
    s = play("bid 3 H, pass, pass, pass, play JD")
    assert s.led_suit is Suit.HEARTS
    assert [str(c) for c in s.legal_plays()] == ["9H"]  # South's only heart


def test_trick_winners_by_the_card_order() -> None:
    assert trick_winner(parse_cards("AS JC 9S KS"), Suit.SPADES) == 1  # J♣ is the left bower
    assert trick_winner(parse_cards("AS JS 9S KS"), Suit.CLUBS) == 1  # J♠ the right bower of clubs? no: left
    assert trick_winner(parse_cards("JH JK AH"), Suit.HEARTS) == 1  # the joker beats the right bower
    assert trick_winner(parse_cards("KS AS 9S"), None, "high") == 1
    assert trick_winner(parse_cards("KS AS 9S"), None, "low") == 2
    assert trick_winner(parse_cards("JD JH 9D"), None, "high") == 0  # no bowers in no trump: J♥ is a heart
    assert trick_winner(parse_cards("AS AS KS"), Suit.HEARTS) == 0  # of two equal cards the first wins
    assert trick_winner(parse_cards("9S AS AS"), Suit.HEARTS) == 1


def test_the_double_deck_tie_is_explained() -> None:
    cards = parse_cards("9S AS AS KS")
    trick = Trick(Seat.N, tuple(zip(FOUR.seats, cards, strict=True)), Seat.E)
    assert "of two equal cards the first played wins" in explain_trick(trick, Suit.HEARTS)
    plain = Trick(Seat.N, tuple(zip(FOUR.seats, parse_cards("9S AS QS KS"), strict=True)), Seat.E)
    assert "equal" not in explain_trick(plain, Suit.HEARTS)


def test_a_loner_plays_against_two_and_the_partner_sits_out() -> None:
    s = play("bid alone H, pass, pass, pass")
    assert s.sitting_out == Seat.W and s.active_seats == (Seat.N, Seat.E, Seat.S)
    end = first_legal_to_end(s)
    assert all(len(t.plays) == 3 for t in end.tricks) and len(end.tricks) == 6
    assert end.tricks_won(Seat.E.team) == 6
    assert end.points() == (0, 12)
    assert len(end.hands[Seat.W]) == 6


def test_the_lead_skips_the_sitter_when_the_dealers_left_leads() -> None:
    s = play("pass, pass, bid alone D, pass", dealer="W", rules=BidRules(lead="dealer-left"))
    assert s.sitting_out == Seat.N and s.to_act == Seat.E


def test_a_call_passes_cards_to_the_loner_who_discards_as_many() -> None:
    s = play("bid call 2 H, pass, pass, pass", rules=BidRules(alone_bids="call-2"))
    assert s.phase is Phase.CALL and s.to_act == Seat.W and s.to_give == 2
    s = s.apply("give AS").apply("give KS")
    assert s.phase is Phase.LONER_DISCARD and s.to_act == Seat.E and len(s.hands[Seat.E]) == 8
    with pytest.raises(IllegalPlay, match="East does not hold 9♣"):
        s.apply("discard 9C")
    s = s.apply("discard AS").apply("discard TH")
    assert s.phase is Phase.PLAY and s.to_act == Seat.E
    assert len(s.hands[Seat.E]) == 6 and len(s.hands[Seat.W]) == 4
    assert s.gifts == tuple(parse_cards("AS KS")) and s.discards == tuple(parse_cards("AS TH"))


def test_the_kitty_goes_to_the_bid_winner_who_discards_as_many() -> None:
    r = BidRules(kitty=True)
    s = new_hand(Deal.from_seed(3, "N", r), r)
    assert [len(h) for h in s.hands] == [5] * 4 and len(s.deal.kitty) == 4
    s = s.apply("bid 2 S").apply("pass").apply("pass").apply("pass")
    assert s.phase is Phase.KITTY and s.to_act == Seat.E and len(s.hands[Seat.E]) == 9 and s.to_discard == 4
    for _ in range(4):
        s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLAY and len(s.hands[Seat.E]) == 5 and len(s.discards) == 4
    end = first_legal_to_end(s)
    assert len(end.tricks) == 5


def test_with_the_joker_the_kitty_is_one_card_and_the_joker_the_top_trump() -> None:
    r = BidRules(kitty=True, joker=True, no_trump="off")
    for seed in range(40):
        d = Deal.from_seed(seed, "N", r)
        assert len(d.kitty) == 1 and [len(h) for h in d.hands] == [6] * 4
    assert trick_winner(parse_cards("JC JS JK"), Suit.CLUBS) == 2


# -- scoring -------------------------------------------------------------------------

SCORING: list[tuple[dict[str, Any], int | None, str | None, int, tuple[int, int]]] = [
    ({}, 3, None, 3, (3, 3)),
    ({}, 3, None, 5, (5, 1)),
    ({}, 4, None, 3, (-4, 3)),
    ({}, 6, None, 6, (6, 0)),
    ({"made_scores": "bid"}, 3, None, 5, (3, 1)),
    ({"set_loses_bid": False}, 4, None, 3, (0, 3)),
    ({}, None, "alone", 6, (12, 0)),
    ({}, None, "alone", 5, (-12, 1)),
    ({"alone_bids": "call-2"}, None, "call-1", 6, (10, 0)),
    ({"alone_bids": "call-2"}, None, "call-2", 4, (-8, 2)),
    ({"alone_bids": "call-2", "set_loses_bid": False}, None, "call-2", 4, (0, 2)),
    ({"double_deck": True}, 7, None, 9, (9, 3)),
    ({"kitty": True}, 3, None, 2, (-3, 3)),
]


@pytest.mark.parametrize(("options", "level", "alone", "took", "points"), SCORING)
def test_hand_points(
    options: dict[str, Any], level: int | None, alone: str | None, took: int, points: tuple[int, int]
) -> None:
    assert hand_points(BidRules(**options), level, alone, took) == points


def test_a_set_hand_scores_minus_the_bid_and_the_others_their_tricks() -> None:
    end = first_legal_to_end(play("pass, pass, pass, bid 6 C"))  # West holds both black bowers
    ns = end.tricks_won(Seat.N.team)
    assert ns < 6 and end.made() is False
    assert end.points() == (-6, 6 - ns)


def test_a_made_hand_scores_the_tricks_or_only_the_bid() -> None:
    assert first_legal_to_end(play("bid 3 H, pass, pass, pass")).points() == (0, 6)
    r = BidRules(made_scores="bid")
    assert first_legal_to_end(play("bid 3 H, pass, pass, pass", rules=r)).points() == (0, 3)


# -- the match and the saved game ------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "scores", "played", "bidders", "result"),
    [
        ({}, (31, 10), 5, "NS", (False, None)),
        ({}, (32, 10), 5, "NS", (True, "NS")),
        ({}, (20, 35), 5, "NS", (True, "EW")),
        ({}, (33, 34), 5, "NS", (True, "NS")),  # both reach the target: the bidding side wins
        ({}, (33, 34), 5, "EW", (True, "EW")),
        ({"hands": 4}, (40, 10), 3, "NS", (False, None)),
        ({"hands": 4}, (4, 10), 4, "NS", (True, "EW")),
        ({"hands": 4}, (10, 10), 4, "NS", (True, None)),
    ],
)
def test_the_match_ends_at_the_target_or_after_its_hands(
    options: dict[str, Any],
    scores: tuple[int, int],
    played: int,
    bidders: str,
    result: tuple[bool, str | None],
) -> None:
    team = FOUR.teams[0] if bidders == "NS" else FOUR.teams[1]
    done, winner = match_winner(BidRules(**options), scores, played, team)
    assert (done, None if winner is None else winner.name) == result


def test_a_match_plays_to_its_end_with_the_deal_rotating() -> None:
    m = new_match(BidRules(hands=5), seed=2)
    dealers = [m.hand.dealer]
    while not m.is_over:
        before = m.hand_number
        m = m.apply(m.legal_actions()[0])
        if not m.is_over and m.hand_number != before:
            dealers.append(m.hand.dealer)
    assert len(m.results) == 5 and dealers == [Seat.N, Seat.E, Seat.S, Seat.W, Seat.N]
    assert m.scores == tuple(sum(r.points[i] for r in m.results) for i in (0, 1))
    with pytest.raises(IllegalAction, match="the match is over"):
        m.apply("pass")


def test_the_game_undoes_redoes_and_round_trips_through_its_save_file(tmp_path: Any) -> None:
    g = BidGame(BidRules(alone_bids="call-2"), seed=9)
    for _ in range(12):
        g.apply(g.state.legal_actions()[-1 if g.state.hand.phase is Phase.BIDDING else 0])
    state = g.state
    g.undo()
    g.undo()
    g.redo()
    copy = BidGame.loads(g.dumps())
    assert copy.state == g.state and copy.position == g.position and copy.recorded == g.recorded
    copy.redo()
    assert copy.state == state
    path = tmp_path / "bid.json"
    g.save(path)
    assert BidGame.load(path).state == g.state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "euchre-tutor/classic-game"}, "not a Bid Euchre save file"),
        ({"version": 2}, "save file version 2 is not supported"),
        ({"actions": ["bid 9 H"]}, "action 1 ('bid 9 H') cannot be replayed"),
        ({"rules": {"target": 7}}, "the save file's setup is invalid: target must be 30, 32, 50 or 52"),
        ({"position": 5}, "the saved position 5 is not between 0 and 0"),
        ({"extra": 1}, "unknown key(s) extra"),
    ],
)
def test_a_bad_save_file_is_refused_and_nothing_is_loaded(change: dict[str, Any], message: str) -> None:
    data = BidGame(seed=1).to_json()
    data.update(change)
    with pytest.raises(SaveFileError) as caught:
        BidGame.loads(json.dumps(data))
    assert message in str(caught.value)


def test_a_game_with_explicit_deals_saves_them() -> None:
    d = Deal.from_hands("N", {s: h.split() for s, h in HANDS.items()})
    g = BidGame(deals=[d])
    g.apply("bid alone H")
    assert BidGame.loads(g.dumps()).state.hand.hands == g.state.hand.hands


def test_a_hand_state_is_immutable_and_a_refused_action_leaves_it_whole() -> None:
    s: HandState = play("bid 3 H")
    before = (s.history, s.to_act, s.high)
    with pytest.raises(IllegalAction):
        s.apply("bid 2 S")
    assert (s.history, s.to_act, s.high) == before
    with pytest.raises(AttributeError):
        s.to_act = Seat.N  # type: ignore[misc]


@settings(max_examples=60, deadline=None)
@given(
    key=st.sampled_from(["rules", "seed", "dealer", "deals", "actions", "position", "version", "format"]),
    value=st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-3, 99)
        | st.text(max_size=6)
        | st.sampled_from(["N", "pass", "JH"]),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
        max_leaves=12,
    ),
)
def test_a_hand_edited_save_file_loads_whole_or_is_refused_as_a_save_file_error(
    key: str, value: object
) -> None:
    g = BidGame(seed=4)
    for _ in range(6):
        legal = g.state.legal_actions()
        g.apply(legal[min(1, len(legal) - 1)])
    data = g.to_json()
    data[key] = value
    try:
        loaded = BidGame.loads(json.dumps(data))
    except SaveFileError as exc:
        assert str(exc)
    else:
        assert loaded.position <= loaded.recorded
