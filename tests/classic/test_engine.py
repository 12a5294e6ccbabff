"""Table-driven tests of every base rule of classic Euchre (rules-classic.md)."""

from __future__ import annotations

import random
import re

import pytest

from euchre_tutor.cards import Card, Suit, parse_cards
from euchre_tutor.errors import DealError, IllegalAction, IllegalPlay
from euchre_tutor.games.classic.engine.engine import (
    Action,
    Deal,
    HandScored,
    Phase,
    Seat,
    Team,
    TrickWon,
    hand_points,
    new_hand,
    new_match,
)
from euchre_tutor.games.classic.engine.play import _legal_cards
from euchre_tutor.games.classic.rules import ClassicRules, preset
from tests.classic.helpers import HANDS, UP, random_to_end, run, sample_deal

STANDARD = preset("standard")
OPENSPIEL = preset("openspiel")
LONE = preset("openspiel-lone-defender")


# -- seats and partnerships --------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "next_", "partner", "team"),
    [
        (Seat.N, Seat.E, Seat.S, Team.NS),
        (Seat.E, Seat.S, Seat.W, Team.EW),
        (Seat.S, Seat.W, Seat.N, Team.NS),
        (Seat.W, Seat.N, Seat.E, Team.EW),
    ],
)
def test_partnerships(seat: Seat, next_: Seat, partner: Seat, team: Team) -> None:
    assert (seat.next, seat.partner, seat.team) == (next_, partner, team)


# -- the deal --------------------------------------------------------------------------


def test_explicit_deal_kitty_is_the_rest() -> None:
    d = sample_deal()
    assert d.up == Card.parse("AH")
    assert sorted(map(str, d.kitty)) == ["JC", "JH", "JS"]


def test_seeded_deal_follows_openspiel_order() -> None:
    d = Deal.from_seed(11, Seat.W)
    again = Deal.from_seed(11, Seat.W)
    assert d == again and d.dealer is Seat.W
    assert sum(len(h) for h in d.hands) == 20 and len(d.kitty) == 3


def test_an_unchecked_deal_is_the_same_deal() -> None:
    # Deal.unchecked skips check_deal for callers that placed the whole pack themselves.
    for seed in range(5):
        d = Deal.from_seed(seed, Seat(seed % 4), size=32, joker=True)
        same = Deal.unchecked(d.dealer, d.hands, d.up, d.kitty, d.size, d.joker)
        assert same == d and hash(same) == hash(d) and repr(same) == repr(d)


def _hands_with(seat: str, cards: list[str]) -> dict[str, list[str]]:
    hands = {k: list(v) for k, v in HANDS.items()}
    hands[seat] = cards
    return hands


@pytest.mark.parametrize(
    ("hands", "up", "words"),
    [
        (_hands_with("N", ["9S", "TS", "QS", "KS"]), UP, "North must hold 5 cards, not 4"),
        (_hands_with("N", ["9S", "TS", "QS", "KS", "AS", "JS"]), UP, "North must hold 5 cards, not 6"),
        (_hands_with("N", ["9S", "TS", "QS", "KS", "9H"]), UP, "9H is dealt twice"),
        (_hands_with("N", ["9S", "TS", "QS", "KS", "8S"]), UP, "8S .* is not in the 24-card"),
        (HANDS, "9S", "9S is dealt twice"),
        (_hands_with("N", ["9S", "9S", "QS", "KS", "AS"]), UP, "9S is dealt twice in North's hand"),
        ({k: v for k, v in HANDS.items() if k != "W"}, UP, "no hand given for West"),
    ],
)
def test_bad_deals_are_refused(hands: dict[str, list[str]], up: str, words: str) -> None:
    with pytest.raises(DealError, match=words):
        Deal.from_hands("N", hands, up)


def test_cards_parse_in_every_notation() -> None:
    hands = _hands_with("N", ["9♠", "10S", "qs", "K♠", "AS"])
    assert Deal.from_hands("N", hands, "A♥") == sample_deal()


# -- round 1 -------------------------------------------------------------------------------


@pytest.mark.parametrize("passes", [0, 1, 2, 3])
def test_round_1_order_makes_up_suit_trump_and_dealer_picks_up(passes: int) -> None:
    s = run(new_hand(sample_deal(), STANDARD), *["pass"] * passes, "order")
    maker = [Seat.E, Seat.S, Seat.W, Seat.N][passes]
    assert (s.maker, s.trump, s.phase, s.to_act) == (maker, Suit.HEARTS, Phase.DISCARD, Seat.N)
    assert Card.parse("AH") in s.hands[Seat.N] and len(s.hands[Seat.N]) == 6


def test_round_1_starts_left_of_dealer() -> None:
    for dealer in Seat:
        assert new_hand(sample_deal(dealer.name)).to_act is dealer.next


@pytest.mark.parametrize(("rules", "up_discardable"), [(STANDARD, True), (OPENSPIEL, False)])
def test_dealer_discard(rules: ClassicRules, up_discardable: bool) -> None:
    s = run(new_hand(sample_deal(), rules), "order")
    legal = [str(a) for a in s.legal_actions()]
    assert ("discard AH" in legal) is up_discardable
    assert len(legal) == (6 if up_discardable else 5)
    after = s.apply("discard 9S")
    assert Card.parse("9S") not in after.hands[Seat.N] and after.discard == Card.parse("9S")
    assert len(after.hands[Seat.N]) == 5


# -- round 2 and redeal --------------------------------------------------------------------


def test_round_2_names_another_suit() -> None:
    s = run(new_hand(sample_deal(), STANDARD), "pass", "pass", "pass", "pass")
    assert s.phase is Phase.ROUND_2 and s.to_act is Seat.E
    legal = {str(a) for a in s.legal_actions()}
    assert legal == {"pass", "call C", "call D", "call S", "call C alone", "call D alone", "call S alone"}
    with pytest.raises(IllegalAction, match="turned down"):
        s.apply("call H")
    made = s.apply("call S")
    assert (made.trump, made.maker, made.phase, made.to_act) == (Suit.SPADES, Seat.E, Phase.PLAY, Seat.E)


def test_all_pass_twice_throws_the_hand_in() -> None:
    s = run(new_hand(sample_deal(), STANDARD), *["pass"] * 8)
    assert s.is_over and s.passed_out and s.points() == (0, 0)


def test_stick_the_dealer() -> None:
    s = run(new_hand(sample_deal(), OPENSPIEL), *["pass"] * 7)
    assert s.to_act is Seat.N
    assert {str(a) for a in s.legal_actions()} == {"call C", "call D", "call S"}
    with pytest.raises(IllegalAction, match="stick the dealer"):
        s.apply("pass")


# -- going alone -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "maker", "sitter", "leader"),
    [
        (["order alone"], Seat.E, Seat.W, Seat.E),
        (["pass", "pass", "order alone"], Seat.W, Seat.E, Seat.S),  # the dealer's left sits: skip
        (["pass", "order alone"], Seat.S, Seat.N, Seat.E),  # the dealer sits out but still exchanges
    ],
)
def test_alone_with_the_bid(bid: list[str], maker: Seat, sitter: Seat, leader: Seat) -> None:
    s = run(new_hand(sample_deal(), STANDARD), *bid, "discard 9S")
    assert s.alone and s.maker is maker and s.sitting_out == {sitter}
    assert s.phase is Phase.PLAY and s.to_act is leader


def test_alone_after_the_discard_openspiel() -> None:
    s = run(new_hand(sample_deal(), OPENSPIEL), "order")
    with pytest.raises(IllegalAction):
        s.apply("order alone")
    s = s.apply("discard 9S")
    assert s.phase is Phase.GO_ALONE and s.to_act is Seat.E
    assert [str(a) for a in s.legal_actions()] == ["alone", "partner"]
    s = s.apply("alone")
    assert s.alone and s.sitting_out == {Seat.W} and s.to_act is Seat.E


def test_lone_defender_asked_in_turn_from_dealers_left() -> None:
    s = run(new_hand(sample_deal(), LONE), "order", "discard 9S", "partner")
    assert s.phase is Phase.DEFEND_ALONE and s.to_act is Seat.S
    s = s.apply("partner")
    assert s.to_act is Seat.N
    s = s.apply("alone")
    assert s.lone_defender is Seat.N and s.sitting_out == {Seat.S}
    assert s.phase is Phase.PLAY and s.to_act is Seat.E


def test_no_lone_defender_when_both_decline() -> None:
    s = run(new_hand(sample_deal(), LONE), "order", "discard 9S", "alone", "partner", "partner")
    assert s.phase is Phase.PLAY and s.lone_defender is None and s.sitting_out == {Seat.W}


# -- play ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "led", "hand", "legal"),
    [
        ("H", "KD", "9H JD AC QD TS", "QD"),  # JD is the left bower: a heart, not a diamond
        ("H", "KD", "9H JD AC TS 9C", "9H JD AC TS 9C"),  # void in diamonds: anything
        ("H", "KH", "JD 9C TS AS QS", "JD"),  # trump led: the left bower must follow
        ("H", "JD", "9H AC", "9H"),  # the left bower leads trump
        ("S", "KC", "JC AC 9D", "AC"),  # JC is a spade here
        ("S", "KC", "JC 9D", "JC 9D"),  # ...so a club lead does not force it
        ("C", "AS", "JS JC 9S", "9S"),  # JS is the left bower of clubs
        ("D", "AH", "JH TD", "JH TD"),
        ("D", "9D", "JH TD AS", "JH TD"),
        ("C", None, "9H KD", "KD 9H"),  # leading: any card
    ],
)
def test_follow_suit(trump: str, led: str | None, hand: str, legal: str) -> None:
    t = Suit.parse(trump)
    led_suit = None
    if led is not None:
        from euchre_tutor.cards import effective_suit

        led_suit = effective_suit(Card.parse(led), t)
    got = _legal_cards(parse_cards(hand), t, led_suit)
    assert set(got) == set(parse_cards(legal))


def test_a_marching_hand_scores_two() -> None:
    s = run(new_hand(sample_deal(), STANDARD), "order", "discard 9S")
    assert s.to_act is Seat.E
    with pytest.raises(IllegalPlay, match="does not hold"):
        s.apply("play AC")
    tricks = [
        ["JD", "9D", "9C", "AH"],
        ["KH", "TD", "TC", "TS"],
        ["QH", "QD", "QC", "QS"],
        ["TH", "KD", "KC", "KS"],
        ["9H", "AD", "AC", "AS"],
    ]
    for cards in tricks:
        for c in cards:
            s = s.apply(f"play {c}")
    assert s.is_over and [t.winner for t in s.tricks] == [Seat.E] * 5
    assert s.points() == (0, 2)
    assert isinstance(s.events[-1], HandScored) and s.events[-1].rule_id == "classic.score-march"


def test_a_euchre_scores_two_for_the_defenders() -> None:
    # S calls clubs; West holds every club still out, so East-West take every trick.
    s = run(new_hand(sample_deal(), STANDARD), *["pass"] * 4, "pass", "call C")
    rng = random.Random(5)
    s = random_to_end(s, rng)  # type: ignore[assignment]
    assert s.tricks_won(Team.EW) == 5 and s.points() == (0, 2)  # type: ignore[attr-defined]


def test_trick_winner_leads_next_and_events_log_tricks() -> None:
    s = run(new_hand(sample_deal(), STANDARD), "order", "discard 9S", "play KH", "play 9D", "play 9C")
    s = s.apply("play AH")
    won = [e for e in s.events if isinstance(e, TrickWon)]
    assert won and won[0].trick.winner is Seat.N and s.to_act is Seat.N
    assert [str(c) for c in won[0].trick.cards] == ["KH", "9D", "9C", "AH"]


def test_three_card_tricks_when_alone() -> None:
    s = run(new_hand(sample_deal(), STANDARD), "order alone", "discard 9S")
    s = random_to_end(s, random.Random(1))  # type: ignore[assignment]
    assert all(len(t.plays) == 3 for t in s.tricks)  # type: ignore[attr-defined]
    assert all(seat is not Seat.W for t in s.tricks for seat, _ in t.plays)  # type: ignore[attr-defined]


# -- scoring ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "alone", "lone_defender", "expected"),
    [
        (3, False, False, (1, 0, "classic.score-point")),
        (4, False, False, (1, 0, "classic.score-point")),
        (5, False, False, (2, 0, "classic.score-march")),
        (5, True, False, (4, 0, "classic.score-alone-march")),
        (4, True, False, (1, 0, "classic.score-point")),
        (3, True, True, (1, 0, "classic.score-point")),
        (5, True, True, (4, 0, "classic.score-alone-march")),
        (2, False, False, (0, 2, "classic.score-euchre")),
        (0, True, False, (0, 2, "classic.score-euchre")),
        (2, False, True, (0, 4, "classic.lone-defender")),
        (0, True, True, (0, 4, "classic.lone-defender")),
    ],
)
def test_scoring(tricks: int, alone: bool, lone_defender: bool, expected: tuple[int, int, str]) -> None:
    assert hand_points(STANDARD, tricks, alone, lone_defender) == expected


def test_scoring_rule_ids_are_in_the_catalogue() -> None:
    from euchre_tutor.rules.catalogue import RULES

    for rid in (
        "classic.score-point",
        "classic.score-march",
        "classic.score-alone-march",
        "classic.score-euchre",
        "classic.lone-defender",
    ):
        assert rid in RULES


# -- the match -------------------------------------------------------------------------------------


def test_dealer_rotates_and_passed_out_hands_redeal() -> None:
    m = new_match(STANDARD, seed=1, deals=[sample_deal("N"), sample_deal("E")])
    for _ in range(8):
        m = m.apply("pass")
    assert m.scores == (0, 0) and len(m.results) == 1 and m.results[0].passed_out
    assert m.hand.dealer is Seat.E and m.hand.to_act is Seat.S
    assert m.last_hand is not None and m.last_hand.passed_out


def test_explicit_deals_must_follow_the_rotation() -> None:
    with pytest.raises(DealError, match="rotates"):
        new_match(STANDARD, deals=[sample_deal("N"), sample_deal("S")])


@pytest.mark.parametrize("target", [1, 5, 10])
def test_match_to_target(target: int) -> None:
    m = new_match(STANDARD.with_options(target=target), seed=target)
    m = random_to_end(m, random.Random(target))  # type: ignore[assignment]
    assert max(m.scores) >= target  # type: ignore[attr-defined]
    before = [sum(r.points[i] for r in m.results[:-1]) for i in (0, 1)]  # type: ignore[attr-defined]
    assert max(before) < target
    assert m.winner is (Team.NS if m.scores[0] > m.scores[1] else Team.EW)  # type: ignore[attr-defined]


def test_openspiel_plays_one_hand() -> None:
    m = random_to_end(new_match(OPENSPIEL, seed=3), random.Random(3))
    assert len(m.results) == 1  # type: ignore[attr-defined]


# -- bad input never changes state ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("setup", "bad", "error", "words"),
    [
        ([], "play 9H", IllegalAction, "East's turn"),
        ([], "call H", IllegalAction, "legal: pass, order, order alone"),
        ([], "discard 9H", IllegalAction, "not legal now"),
        ([], "bid spades", IllegalAction, "is not an action"),
        ([], "play ZZ", IllegalAction, "is not a card"),
        ([], "", IllegalAction, "empty action"),
        (["order"], "discard 9H", IllegalPlay, "does not hold"),
        (["order"], "alone", IllegalAction, "dealer's discard"),
        (["order", "discard 9S"], "play AC", IllegalPlay, "does not hold A♣"),
        (["order", "discard 9S", "play KH"], "play 9C", IllegalPlay, "does not hold"),
        (
            ["order", "discard 9S", "play KH", "play 9D", "play 9C"],
            "play TS",
            IllegalPlay,
            re.escape(
                "10♠ does not follow trump (♥): it is a spade. North holds trump (♥), so North must follow; legal: A♥"
            ),
        ),
    ],
)
def test_illegal_actions_teach_and_change_nothing(
    setup: list[str], bad: str, error: type[Exception], words: str
) -> None:
    s = run(new_hand(sample_deal(), STANDARD), *setup)
    before = (s, s.legal_actions(), s.hands, s.history)
    with pytest.raises(error, match=words):
        s.apply(bad)
    assert (s, s.legal_actions(), s.hands, s.history) == before


def test_revoke_message_names_the_left_bower() -> None:
    deal2 = Deal.from_hands(
        "N",
        {
            "N": ["9S", "TS", "QS", "KS", "AS"],
            "E": ["9C", "TH", "QH", "KH", "AH"],
            "S": ["9D", "TD", "QD", "9H", "JH"],
            "W": ["KD", "TC", "QC", "KC", "AC"],
        },
        "AD",
    )
    s = run(new_hand(deal2, STANDARD), "order")  # E orders diamonds; JH is the left bower
    s = run(s, "discard 9S", "play KH")
    with pytest.raises(
        IllegalPlay,
        match=r"J♥ does not follow ♥: it is the left bower, so it counts as ♦ \(trump\), not ♥.*legal: 9♥$",
    ):
        s.apply("play JH")
    assert s.legal_actions() == (Action.parse("play 9H"),)
