"""Every house rule: a table-driven test of what it changes (issue 7).

Property tests over random hands with each option switched on live in
``test_house_properties.py``. Where the seed's rule sheet (rules-classic.md)
says exactly what a rule does, the test quotes its sentence (:data:`SHEET`).
"""

from __future__ import annotations

import itertools
from dataclasses import fields

import pytest

from euchre_tutor.cards import JOKER, Card, Suit, parse_cards
from euchre_tutor.errors import DealError, IllegalAction, IllegalPlay, RulesError
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import (
    Action,
    Deal,
    HandScored,
    Phase,
    Seat,
    hand_points,
    misdeal_kind,
    new_hand,
    new_match,
    trick_winner,
)
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.engine.replay import replay
from euchre_tutor.games.classic.rules import OPTION_VALUES, ClassicRules
from euchre_tutor.games.classic.views import seat_view
from euchre_tutor.rules.catalogue import RULES
from euchre_tutor.tricks.seating import SIX_2V2V2, SIX_3V3, THREE
from tests.classic.helpers import HANDS, UP, run, sample_deal
from tests.classic.independent_scoring import expected_points

R = ClassicRules

# The rule sheet's sentences these tests check (copied from the seed's rules-classic.md).
SHEET = {
    "stick": 'Stick the dealer: the dealer must name a suit at the end of round 2. With "dealer bids '
    'first" it becomes "stick the last bidder": the last seat to bid must name a suit.',
    "deck": "Deck: 9–A (24), 8–A (28), 7–A (32), 10–A (20, three players only)",
    "call-for-best": "call for best (one card passed between loner and partner; not available in 3v3, "
    "available in 2v2v2)",
    "misdeal": 'Misdeal options: "ace, no face" (exactly 1 ace with 4 non-face cards); "no ace, no '
    'face" (5 non-face cards); either.',
    "farmer": "Farmer's hand / going under: a player with at least three 9s or 10s may swap three of "
    "them for three kitty cards when it is their turn to bid (7–A deck: 7s and 8s; 8–A deck: 8s and "
    "9s); not with 6 players.",
    "trump-lead": "Trump-lead restriction: anytime / not on the first trick / not until trump is broken "
    "(a trump dumped on a non-trump lead, or a leader holding only trump).",
    "no-alone": "No alone: alone bids are not offered and the alone options are disabled.",
}

# A deal with hands for the misdeal and farmer's-hand rules (dealer N, up KD):
#   E: TH AS AH AD AC ("ace, no face")     S: 9D TD 9C TC 9H ("no ace, no face", five low cards)
#   W: JS JC JD JH QS     N: QH QD QC KS KH     kitty: KD (up), KC 9S TS
ODD_HANDS = {
    "E": ["TH", "AS", "AH", "AD", "AC"],
    "S": ["9D", "TD", "9C", "TC", "9H"],
    "W": ["JS", "JC", "JD", "JH", "QS"],
    "N": ["QH", "QD", "QC", "KS", "KH"],
}


def odd_deal() -> Deal:
    return Deal.from_hands("N", ODD_HANDS, "KD")


def legal(state: object) -> set[str]:
    return {str(a) for a in state.legal_actions()}  # type: ignore[attr-defined]


# -- the configuration ------------------------------------------------------------------


def test_describe_lists_every_option_in_order_with_its_value() -> None:
    rules = R(target=7, misdeal="either", no_alone=True)
    rows = rules.describe()
    assert [name for name, _, _ in rows] == [f.name for f in fields(R)]
    values = {name: value for name, value, _ in rows}
    assert values["target"] == 7 and values["misdeal"] == "either" and values["no_alone"] is True
    assert values["deck"] == 24 and values["hands"] is None
    assert all(len(meaning) > 20 for _, _, meaning in rows)


# Options that only apply when another is set: what each needs to be accepted.
_NEEDS: dict[str, dict[str, object]] = {
    "joker_up": {"joker": True},
    "six_handed_teams": {"players": 6, "deck": 32},
    "take_4_three_tricks": {"take_4_for_1": True},
}
_CHOICE_OPTIONS = [f.name for f in fields(R) if f.type == "str"]


@pytest.mark.parametrize("name", _CHOICE_OPTIONS)
def test_the_documented_values_are_exactly_the_accepted_ones(name: str) -> None:
    documented = OPTION_VALUES[name].split(", ")
    assert len(documented) >= 2
    for value in documented:
        assert getattr(R(**{**_NEEDS.get(name, {}), name: value}), name) == value  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=f"{name} must be one of {', '.join(map(repr, documented))}"):
        R(**{**_NEEDS.get(name, {}), name: "not-a-value"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"target": 26}, "between 1 and 25"),
        ({"deck": 36}, r"24 \(9-A\), 28 \(8-A\), 32 \(7-A\) or, for three players, 20"),
        ({"deck": True}, "24 .9-A."),
        ({"deck": 20}, "20-card deck .10-A. is for three players only: 4 players are dealt 20"),
        ({"deck": 20, "players": 6}, "for three players only: 6 players"),
        ({"joker": 1}, "joker must be true or false"),
        ({"joker_up": "dealer-blind"}, "joker_up applies only with joker=true"),
        ({"joker": True, "no_trump": "high"}, "joker cannot be played with no-trump"),
        ({"stuck_dealer_may_name_up_suit": True}, "only with stick_the_dealer"),
        ({"no_alone": True, "call_for_best": True}, "no_alone=true disables the alone options"),
        ({"no_alone": True, "alone_timing": "after-discard"}, "alone_timing='after-discard' would do"),
        ({"no_alone": True, "defend_alone": "any-bid"}, "leave defend_alone at the default"),
        ({"no_alone": True, "alone_march_points": 2}, "alone_march_points=2"),
        ({"no_alone": True, "players": 3}, "no_alone does not apply with players=3"),
        ({"no_alone": 1}, "no_alone must be true or false"),
        ({"misdeal": "aces"}, "misdeal must be one of"),
        ({"canadian_loner": True, "alone_timing": "after-discard"}, "canadian_loner needs alone"),
        ({"dealer_exchanges_when_partner_alone": False, "alone_timing": "after-discard"}, "needs alone said"),
        ({"take_4_three_tricks": "nothing"}, "only with take_4_for_1"),
        ({"lone_defender_euchre_points": 6}, "only when defend_alone is not 'never'"),
        ({"alone_march_points": 1}, "between 2 and 8"),
        ({"defender_march_points": 9}, "between 2 and 8"),
        ({"misdeal": "nines"}, "misdeal must be one of"),
        ({"trump_lead": "never"}, "trump_lead must be one of"),
        ({"round_1_requirement": "bower"}, "round_1_requirement must be one of"),
        ({"defend_alone": "always"}, "defend_alone must be one of"),
        ({"no_trump": "low"}, "no_trump must be one of"),
        ({"alone_lead": "partner"}, "alone_lead must be one of"),
    ],
)
def test_impossible_combinations_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        R(**options)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=words):
        R.from_json({"preset": "standard", **options})


def test_house_rule_ids_are_in_the_catalogue() -> None:
    for rid in (
        "house.take-4-for-1",
        "house.alone-must-take-5",
        "house.alone-march-points",
        "house.defenders-march",
        "house.joker",
        "house.deck-size",
        "house.misdeal",
        "house.farmers-hand",
        "house.call-for-best",
        "house.no-trump",
        "house.trump-lead",
        "house.canadian-loner",
        "house.calling-requirement",
        "house.dealer-bids-first",
        "house.alone-lead",
        "house.defend-alone",
        "house.partner-alone-exchange",
        "house.stuck-dealer-up-suit",
        "house.target",
        "house.no-alone",
    ):
        assert rid in RULES, rid


# -- target and fixed number of hands ---------------------------------------------------------


@pytest.mark.parametrize(("options", "results"), [({"hands": 1}, 1), ({"hands": 3}, 3)])
def test_fixed_number_of_hands(options: dict[str, int], results: int) -> None:
    m = new_match(R(**options), seed=2)
    while not m.is_over:
        m = m.apply(m.legal_actions()[-1])
    assert len(m.results) == results


@pytest.mark.parametrize("target", [5, 7, 11, 25])
def test_targets_from_5_to_25(target: int) -> None:
    m = new_match(R(target=target), seed=target)
    bot = RuleBasedPlayer()
    while not m.is_over:
        assert max(m.scores) < target
        assert m.to_act is not None
        m = m.apply(bot.choose(seat_view(m, m.to_act)))
    assert max(m.scores) >= target and m.winner is not None
    before = [sum(r.points[i] for r in m.results[:-1]) for i in range(2)]
    assert max(before) < target  # the last hand took the winner to the target


# -- deck sizes and the joker -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "joker", "kitty"), [(24, False, 3), (28, False, 7), (32, False, 11), (24, True, 4)]
)
def test_deck_sizes_leave_the_rest_in_the_kitty(size: int, joker: bool, kitty: int) -> None:
    d = Deal.from_seed(1, "N", size=size, joker=joker)
    assert len(d.kitty) == kitty and all(len(h) == 5 for h in d.hands)
    s = new_hand(d, R(deck=size, joker=joker))
    assert s.phase in (Phase.ROUND_1, Phase.BLIND)


@pytest.mark.parametrize(
    ("size", "card", "ok"),
    [(24, "8S", False), (28, "8S", True), (28, "7S", False), (32, "7S", True), (24, "JK", False)],
)
def test_the_deck_decides_which_cards_exist(size: int, card: str, ok: bool) -> None:
    hands = {k: list(v) for k, v in HANDS.items()}
    hands["N"] = ["9S", "TS", "QS", "KS", card]
    if ok:
        assert Card.parse(card) in Deal.from_hands("N", hands, UP, size=size).hands[Seat.N]
    else:
        with pytest.raises(DealError, match="is not in the"):
            Deal.from_hands("N", hands, UP, size=size)


def test_a_deal_must_match_the_rules_pack() -> None:
    with pytest.raises(DealError, match="24-card deck but the rules say the 28-card deck"):
        new_hand(sample_deal(), R(deck=28))


@pytest.mark.parametrize(
    ("cards", "trump", "notrump", "winner"),
    [
        ("JH AH JK", "H", None, 2),  # the joker beats the right bower
        ("JK JH 9H", "H", None, 0),
        ("AS JK", "H", None, 1),  # the joker trumps a plain lead
        ("7S 8S 9S", "H", None, 2),  # 32-card deck: 9 beats 8 beats 7
        ("8S 7S", "C", None, 0),
        ("JD AD", None, "high", 1),  # no trump: jacks are plain cards
        ("AD 9D KD", None, "high", 0),
        ("AD 9D KD", None, "low", 1),  # low no trump: the lowest card of the led suit wins
        ("TD 9C AD", None, "low", 0),  # a card off the led suit never wins
        ("JH JD", "H", None, 0),
    ],
)
def test_trick_winner_under_every_contract(
    cards: str, trump: str | None, notrump: str | None, winner: int
) -> None:
    assert trick_winner(parse_cards(cards), None if trump is None else Suit.parse(trump), notrump) == winner


JOKER_UP_HANDS = {k: list(v) for k, v in HANDS.items()}


def _joker_up_deal() -> Deal:
    return Deal.from_hands("N", HANDS, "JK", joker=True)


def test_joker_turned_up_proposes_spades() -> None:
    rules = R(joker=True)
    s = new_hand(_joker_up_deal(), rules)
    assert s.up_suit is Suit.SPADES and s.phase is Phase.ROUND_1
    s = run(s, "pass", "order")  # South orders spades: North, the dealer, picks up the joker
    assert s.trump is Suit.SPADES and JOKER in s.hands[Seat.N]
    s = run(new_hand(_joker_up_deal(), rules), *["pass"] * 4)
    assert "call S" not in legal(s) and "call H" in legal(s)


def test_joker_turned_up_dealer_bids_blind() -> None:
    rules = R(joker=True, joker_up="dealer-blind")
    s = new_hand(_joker_up_deal(), rules)
    assert s.phase is Phase.BLIND and s.to_act is Seat.N
    assert legal(s) == {f"call {x}{a}" for x in "CDHS" for a in ("", " alone")}
    view = seat_view(s, "N")
    assert view.hand == () and view.legal == s.legal_actions()
    s = s.apply("call D")
    assert (s.maker, s.trump, s.phase) == (Seat.N, Suit.DIAMONDS, Phase.DISCARD)
    assert JOKER in s.hands[Seat.N] and seat_view(s, "N").hand == s.hands[Seat.N]


def test_the_joker_follows_trump_and_leads_trump() -> None:
    hands = {k: list(v) for k, v in HANDS.items()}
    hands["E"] = ["9H", "TH", "QH", "KH", "JK"]
    d = Deal.from_hands("N", {**hands, "N": ["9S", "TS", "QS", "KS", "AS"]}, "JD", joker=True)
    s = run(new_hand(d, R(joker=True)), "order", "discard 9S")  # diamonds; E leads
    s = s.apply("play JK")
    assert s.led_suit is Suit.DIAMONDS
    assert legal(s) == {"play 9D", "play TD", "play QD", "play KD", "play AD"}


def test_replay_reads_the_joker_notation() -> None:
    data = {"rules": {"joker": True}, "dealer": "N", "hands": HANDS, "up": "JK", "actions": ["pass", "order"]}
    out = replay(data)
    assert out["trump"] == "S" and out["to_act"] == "N" and "discard JK" in out["legal"]


# -- bidding ----------------------------------------------------------------------------------------


def test_stuck_dealer_may_name_the_turned_down_suit() -> None:
    s = run(new_hand(sample_deal(), R(stick_the_dealer=True)), *["pass"] * 7)
    assert "call H" not in legal(s) and "pass" not in legal(s)
    s = run(
        new_hand(sample_deal(), R(stick_the_dealer=True, stuck_dealer_may_name_up_suit=True)), *["pass"] * 7
    )
    assert "call H" in legal(s)
    assert s.apply("call H").trump is Suit.HEARTS


def test_dealer_bids_first() -> None:
    s = new_hand(sample_deal(), R(dealer_bids_first=True))
    assert s.to_act is Seat.N
    s = run(s, *["pass"] * 4)
    assert s.phase is Phase.ROUND_2 and s.to_act is Seat.N
    s = run(s, *["pass"] * 4)
    assert s.passed_out and [seat for seat, _ in s.history[:4]] == [Seat.N, Seat.E, Seat.S, Seat.W]


def _requirement_deal() -> Deal:
    # Up AH. E: natural hearts. S: only the left bower JD. W: no heart at all.
    return Deal.from_hands(
        "N",
        {
            "N": ["9S", "TS", "QS", "KS", "AS"],
            "E": ["9H", "TH", "QH", "KH", "9C"],
            "S": ["9D", "TD", "QD", "KD", "JD"],
            "W": ["AD", "TC", "QC", "KC", "AC"],
        },
        "AH",
    )


@pytest.mark.parametrize(
    ("rule", "may_order"),
    [
        ("anytime", {"E": True, "S": True, "W": True, "N": True}),
        ("holding-trump", {"E": True, "S": True, "W": False, "N": True}),
        ("natural-trump", {"E": True, "S": False, "W": False, "N": True}),
    ],
)
def test_round_1_calling_requirement(rule: str, may_order: dict[str, bool]) -> None:
    s = new_hand(_requirement_deal(), R(round_1_requirement=rule))
    for seat in "ESWN":
        assert ("order" in legal(s)) is may_order[seat], seat
        if not may_order[seat]:
            with pytest.raises(IllegalAction, match="only a player holding"):
                s.apply("order")
        s = s.apply("pass")
    assert s.phase is Phase.ROUND_2 and "call S" in legal(s)  # round 2 is unrestricted


def test_canadian_loner() -> None:
    s = run(new_hand(sample_deal(), R(canadian_loner=True)), "pass")
    assert s.to_act is Seat.S and legal(s) == {"pass", "order alone"}
    with pytest.raises(IllegalAction, match="Canadian loner"):
        s.apply("order")
    assert legal(run(s, "pass")) == {"pass", "order", "order alone"}


@pytest.mark.parametrize(
    ("rule", "calls"),
    [
        ("off", set()),
        ("high", {"call high", "call high alone"}),
        ("high-low", {"call high", "call high alone", "call low", "call low alone"}),
    ],
)
def test_no_trump_bids_in_round_2(rule: str, calls: set[str]) -> None:
    s = run(new_hand(sample_deal(), R(no_trump=rule)), *["pass"] * 4)
    got = {a for a in legal(s) if a.startswith("call high") or a.startswith("call low")}
    assert got == calls
    assert not {a for a in legal(new_hand(sample_deal(), R(no_trump=rule))) if "high" in a}


def test_a_low_no_trump_hand_plays_out() -> None:
    s = run(new_hand(sample_deal(), R(no_trump="high-low")), *["pass"] * 4, "call low")
    assert s.trump is None and s.notrump == "low" and s.maker is Seat.E and s.phase is Phase.PLAY
    s = run(s, "play 9H", "play 9D", "play 9C", "play 9S")
    assert s.tricks[0].winner is Seat.E  # only hearts were led; 9H is the lowest heart
    s = s.apply("play TH")
    assert legal(s) == {"play TD", "play QD", "play KD", "play AD"}  # S holds no heart: anything
    with pytest.raises(IllegalAction, match="no-trump bids are only 'call high'"):
        run(new_hand(sample_deal(), R(no_trump="high")), *["pass"] * 4, "call low")


# -- alone ------------------------------------------------------------------------------------------


def test_dealer_does_not_exchange_when_partner_goes_alone() -> None:
    rules = R(dealer_exchanges_when_partner_alone=False)
    s = run(new_hand(sample_deal(), rules), "pass", "order alone")
    assert s.phase is Phase.PLAY and s.hands[Seat.N] == sample_deal().hands[Seat.N] and not s.up_taken
    assert s.sitting_out == {Seat.N} and s.trump is Suit.HEARTS
    s = run(new_hand(sample_deal(), rules), "order alone")  # East is not the dealer's partner
    assert s.phase is Phase.DISCARD


def test_call_for_best() -> None:
    s = run(new_hand(sample_deal(), R(call_for_best=True)), "order alone", "discard 9S")
    assert s.phase is Phase.BEST_CARD and s.to_act is Seat.W
    assert legal(s) == {f"give {c}" for c in HANDS["W"]}
    with pytest.raises(IllegalPlay, match="does not hold"):
        s.apply("give AH")
    s = s.apply("give AC")
    assert s.phase is Phase.LONER_DISCARD and s.to_act is Seat.E and len(s.hands[Seat.E]) == 6
    assert seat_view(s, "S").bids[-1][1].kind == "order"  # the gift is not public
    s = s.apply("discard 9H")
    assert (
        s.phase is Phase.PLAY and Card.parse("AC") in s.hands[Seat.E] and s.loner_discard == Card.parse("9H")
    )
    assert seat_view(s, "E").loner_discard == Card.parse("9H") and seat_view(s, "S").loner_discard is None
    # No call for best without a loner.
    assert run(new_hand(sample_deal(), R(call_for_best=True)), "order", "discard 9S").phase is Phase.PLAY


@pytest.mark.parametrize(("rule", "leader"), [("dealer-left", Seat.S), ("loner-left", Seat.N)])
def test_opening_lead_against_a_loner(rule: str, leader: Seat) -> None:
    # West goes alone; East (the dealer's left) sits out.
    s = run(new_hand(sample_deal(), R(alone_lead=rule)), "pass", "pass", "order alone", "discard 9S")
    assert s.to_act is leader
    s = run(new_hand(sample_deal(), R(alone_lead=rule)), "pass", "order", "discard 9S")
    assert s.to_act is Seat.E  # not alone: the dealer's left


@pytest.mark.parametrize(
    ("options", "tricks", "alone", "lone", "expected"),
    [
        ({"alone_must_take_5": True}, 4, True, False, (0, 2, "house.alone-must-take-5")),
        ({"alone_must_take_5": True}, 3, True, False, (0, 2, "house.alone-must-take-5")),
        ({"alone_must_take_5": True}, 4, False, False, (1, 0, "classic.score-point")),
        ({"alone_must_take_5": True}, 5, True, False, (4, 0, "classic.score-alone-march")),
        (
            {"alone_must_take_5": True, "defend_alone": "any-bid"},
            4,
            True,
            True,
            (0, 4, "house.alone-must-take-5"),
        ),
        ({"alone_march_points": 2}, 5, True, False, (2, 0, "house.alone-march-points")),
        ({"alone_march_points": 2}, 4, True, False, (1, 0, "classic.score-point")),
        ({"take_4_for_1": True}, 3, False, False, (0, 2, "house.take-4-for-1")),
        ({"take_4_for_1": True}, 4, False, False, (1, 0, "house.take-4-for-1")),
        ({"take_4_for_1": True}, 5, False, False, (2, 0, "classic.score-march")),
        (
            {"take_4_for_1": True, "take_4_three_tricks": "nothing"},
            3,
            False,
            False,
            (0, 0, "house.take-4-for-1"),
        ),
        ({"take_4_for_1": True}, 2, False, False, (0, 2, "classic.score-euchre")),
        ({"defender_march_points": 4}, 0, False, False, (0, 4, "house.defenders-march")),
        ({"defender_march_points": 4}, 1, False, False, (0, 2, "classic.score-euchre")),
        (
            {"defender_march_points": 4, "defend_alone": "any-bid", "lone_defender_euchre_points": 5},
            0,
            False,
            True,
            (0, 5, "classic.lone-defender"),
        ),
        ({"defend_alone": "against-loner"}, 2, True, True, (0, 4, "classic.lone-defender")),
        ({}, 3, False, False, (1, 0, "classic.score-point")),
    ],
)
def test_house_scoring(
    options: dict[str, object], tricks: int, alone: bool, lone: bool, expected: tuple[int, int, str]
) -> None:
    assert hand_points(R(**options), tricks, alone, lone) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("points", "text"),
    [
        ((0, 0), "The makers (NS) take 3 tricks: nobody scores."),
        ((0, 2), "The makers (NS) take 3 tricks: EW score 2."),
        ((1, 0), "The makers (NS) take 3 tricks: NS score 1."),
    ],
)
def test_hand_scored_text(points: tuple[int, int], text: str) -> None:
    assert HandScored(makers=Seat.N.team, makers_tricks=3, points=points, rule_id="x").text == text


# Every scoring option, each value the sheet names, crossed with every number of tricks.
_SCORING_OPTIONS = [
    {},
    {"alone_must_take_5": True},
    {"alone_march_points": 2},
    {"take_4_for_1": True},
    {"take_4_for_1": True, "take_4_three_tricks": "nothing"},
    {"defender_march_points": 4},
    {"defend_alone": "any-bid"},
    {"defend_alone": "any-bid", "lone_defender_euchre_points": 3, "defender_march_points": 4},
    {"defend_alone": "against-loner", "alone_must_take_5": True, "take_4_for_1": True},
    {"players": 3},
    {"players": 3, "take_4_for_1": True, "defender_march_points": 4},
    {"players": 6, "deck": 32},
    {"players": 6, "deck": 32, "six_handed_teams": "2v2v2", "alone_march_points": 2},
]


@pytest.mark.parametrize("options", _SCORING_OPTIONS, ids=str)
def test_engine_scoring_agrees_with_the_independent_scorer(options: dict[str, object]) -> None:
    from euchre_tutor.games.classic.engine.engine import rules_seating, team_points

    rules = R(**options)  # type: ignore[arg-type]
    teams = rules_seating(rules).teams
    lone_ok = rules.defend_alone != "never"
    for tricks, alone, lone in itertools.product(range(6), (False, True), (False, True)):
        if (alone and rules.players == 3) or (lone and not lone_ok):
            continue
        for makers in teams:
            m, d, _ = hand_points(rules, tricks, alone, lone)
            want = expected_points(rules, tricks, alone, lone, makers.index)
            assert team_points(makers, m, d) == want, (tricks, alone, lone, makers)


@pytest.mark.parametrize(
    ("rule", "bid", "asked"),
    [
        ("never", "order", False),
        ("never", "order alone", False),
        ("against-loner", "order", False),
        ("against-loner", "order alone", True),
        ("any-bid", "order", True),
        ("any-bid", "order alone", True),
    ],
)
def test_defend_alone_options(rule: str, bid: str, asked: bool) -> None:
    s = run(new_hand(sample_deal(), R(defend_alone=rule)), bid, "discard 9S")
    assert (s.phase is Phase.DEFEND_ALONE) is asked
    if asked:
        assert s.to_act is Seat.S and legal(s) == {"alone", "partner"}
        s = s.apply("alone")
        assert s.lone_defender is Seat.S and Seat.N in s.sitting_out


# -- misdeal and going under ---------------------------------------------------------------------------


# SHEET["misdeal"]: "ace, no face" is exactly one ace with four non-face cards (the default
# reading); "aces-no-face" keeps the lenient one (one or more aces), "no-face" the lenient either.
@pytest.mark.parametrize(
    ("hand", "rule", "kind"),
    [
        ("AS 9H TH 9C TC", "ace-no-face", "ace, no face"),  # exactly one ace
        ("AS 9H TH 9C TC", "either", "ace, no face"),
        ("AS 9H TH 9C TC", "aces-no-face", "ace, no face"),
        ("AS 9H TH 9C TC", "no-ace-no-face", None),
        ("TH AS AH AD AC", "ace-no-face", None),  # four aces: not the sheet's "1 ace"
        ("TH AS AH AD AC", "either", None),
        ("TH AS AH AD AC", "aces-no-face", "ace, no face"),  # the lenient reading
        ("TH AS AH AD AC", "no-face", "ace, no face"),
        ("AS AH 9C TC TD", "ace-no-face", None),  # two aces
        ("AS AH 9C TC TD", "aces-no-face", "ace, no face"),
        ("TH AS AH AD AC", "no-ace-no-face", None),
        ("9D TD 9C TC 9H", "no-ace-no-face", "no ace, no face"),  # 5 non-face cards
        ("9D TD 9C TC 9H", "ace-no-face", None),
        ("9D TD 9C TC 9H", "aces-no-face", None),
        ("9D TD 9C TC 9H", "either", "no ace, no face"),
        ("9D TD 9C TC 9H", "no-face", "no ace, no face"),
        ("9D TD 9C TC JH", "either", None),  # a jack is a face
        ("9D TD 9C TC JH", "no-face", None),
        ("9D TD 9C AC JK", "either", None),  # so is the joker
        ("9D TD 9C AC KH", "aces-no-face", None),  # and a king
        ("7D 8D 9C AC TH", "ace-no-face", "ace, no face"),
        ("9D TD 9C TC 9H", "off", None),
        ("AS 9H TH 9C TC", "off", None),
    ],
)
def test_misdeal_hands(hand: str, rule: str, kind: str | None) -> None:
    assert misdeal_kind(parse_cards(hand), rule) == kind


# East: exactly one ace, no face; South: three aces, no face (dealer N, up KD).
MISDEAL_HANDS = {
    "E": ["AS", "9H", "TH", "9C", "TC"],
    "S": ["AH", "AD", "AC", "9D", "TD"],
    "W": ["JS", "JC", "JD", "JH", "QS"],
    "N": ["QH", "QD", "QC", "KS", "KH"],
}


@pytest.mark.parametrize(
    ("rule", "east", "south"),
    [
        ("ace-no-face", True, False),
        ("aces-no-face", True, True),
        ("either", True, False),
        ("no-face", True, True),
        ("no-ace-no-face", False, False),
    ],
)
def test_who_may_call_a_misdeal(rule: str, east: bool, south: bool) -> None:
    s = new_hand(Deal.from_hands("N", MISDEAL_HANDS, "KD"), R(misdeal=rule))
    assert ("misdeal" in legal(s)) is east
    s = s.apply("pass")
    assert ("misdeal" in legal(s)) is south
    if not south:
        with pytest.raises(IllegalAction, match=r"South's hand .* is not"):
            s.apply("misdeal")


def test_misdeal_throws_the_hand_in_and_the_same_dealer_redeals() -> None:
    rules = R(misdeal="aces-no-face")
    s = new_hand(odd_deal(), rules)
    assert "misdeal" in legal(s)  # East: four aces, no face (the lenient reading)
    with pytest.raises(IllegalAction, match=r"is not an 'ace, no face' \(exactly one ace\) hand"):
        new_hand(odd_deal(), R(misdeal="ace-no-face")).apply("misdeal")
    over = s.apply("misdeal")
    assert over.is_over and over.misdealt and not over.passed_out and over.points() == (0, 0)
    s = s.apply("pass")
    with pytest.raises(IllegalAction, match=r"is not an 'ace, no face' \(one or more aces\) hand"):
        s.apply("misdeal")  # South's hand is "no ace, no face"
    m = new_match(rules, deals=[odd_deal()])
    m = m.apply("misdeal")
    assert m.hand.dealer is Seat.N and m.results[0].misdeal  # the same dealer deals again
    assert (
        replay(
            {
                "rules": {"misdeal": "either"},
                "dealer": "N",
                "hands": ODD_HANDS,
                "up": "KD",
                "actions": ["pass", "misdeal"],
            }
        )["misdeal"]
        is True
    )


def test_going_under() -> None:
    rules = R(farmers_hand=True)
    s = new_hand(odd_deal(), rules)
    assert not any(a.startswith("go under") for a in legal(s))  # East holds one low card
    s = s.apply("pass")
    unders = sorted(a for a in legal(s) if a.startswith("go under"))
    assert len(unders) == 10 and "go under 9C 9D 9H" in unders  # three of South's five low cards
    before = s
    with pytest.raises(IllegalAction, match="does not hold"):
        s.apply("go under 9S 9C 9D")
    assert s == before
    s = s.apply(Action.parse("go under 9H 9C 9D"))
    assert s.to_act is Seat.S and set(s.hands[Seat.S]) == set(parse_cards("TD TC KC 9S TS"))
    assert set(s.kitty) == set(parse_cards("9C 9D 9H"))
    assert not any(a.startswith("go under") for a in legal(s)) and "order" in legal(s)
    assert seat_view(s, "S").under_cards == parse_cards("9C 9D 9H")
    assert seat_view(s, "W").under_cards == () and str(seat_view(s, "W").bids[-1][1]) == "go under"
    assert Card.parse("9C") in seat_view(s, "W").unseen_cards()
    assert Card.parse("9C") not in seat_view(s, "S").unseen_cards()


# SHEET["farmer"]: the low cards are the deck's lowest ranks; the 10-A deck has no 9s, so "9s or
# 10s" leaves its 10s.
@pytest.mark.parametrize(
    ("deck_size", "hand", "lows"),
    [
        (24, "9S TS 9H TH AC", "9H 9S TH TS"),
        (24, "9S TS JH QH AC", None),  # 9S TS are only two
        (28, "8S 9S 8H TH AC", "8H 8S 9S"),  # 8s and 9s: a 10 is not low here
        (28, "9S TS TH TD AC", None),
        (32, "7S 8S 7H 9H TC", "7H 7S 8S"),  # 7s and 8s: 9s are not low here
        (32, "9S 9H 9D TS AC", None),
        (20, "TS TH TD JC AC", "TD TH TS"),  # three players, 10-A: the 10s
    ],
)
def test_farmers_hand_low_cards_follow_the_deck(deck_size: int, hand: str, lows: str | None) -> None:
    players = 3 if deck_size == 20 else 4
    table = THREE if players == 3 else None
    first = "P2" if players == 3 else "E"
    dealer = "P1" if players == 3 else "N"
    mine = parse_cards(hand)
    pack = [c for c in deck_of(deck_size) if c not in mine]
    others = [s.name for s in (THREE.seats if table else Seat) if s.name != first]
    hands = {first: list(mine), **{name: pack[5 * i : 5 * i + 5] for i, name in enumerate(others)}}
    up = pack[5 * len(others)]
    d = Deal.from_hands(dealer, hands, up, size=deck_size, seating=table)
    s = new_hand(d, R(players=players, deck=deck_size, farmers_hand=True))
    unders = {a.cards for a in s.legal_actions() if a.kind == "under"}
    if lows is None:
        assert not unders
        with pytest.raises(IllegalAction, match="low cards"):
            s.apply(Action("under", cards=tuple(sorted(mine[:3], key=lambda c: c.index))))
    else:
        low = parse_cards(lows)
        assert unders == {
            tuple(sorted(combo, key=lambda c: c.index)) for combo in itertools.combinations(low, 3)
        }


def deck_of(size: int) -> list[Card]:
    from euchre_tutor.cards import deck

    return list(deck(size))


def test_misdeal_and_going_under_only_on_the_first_round_1_turn() -> None:
    s = run(new_hand(odd_deal(), R(misdeal="either", farmers_hand=True)), *["pass"] * 4)
    assert s.phase is Phase.ROUND_2 and not {"misdeal"} & legal(s)
    s = run(new_hand(odd_deal(), R(misdeal="either", farmers_hand=True)), "pass", "go under 9H 9C 9D")
    assert "misdeal" not in legal(s)  # a player who went under may no longer throw the hand in


# -- trump-lead restriction -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "first_lead_trump_ok"),
    [("anytime", True), ("not-first-trick", False), ("after-broken", False)],
)
def test_trump_lead_restriction_on_the_first_trick(rule: str, first_lead_trump_ok: bool) -> None:
    s = run(new_hand(sample_deal(), R(trump_lead=rule)), "pass", "pass", "pass", "order", "discard 9S")
    assert s.to_act is Seat.E  # E holds four hearts, the left bower and no plain card? No: all trumps
    # East holds 9H TH QH KH JD: only trumps, so East may always lead one.
    assert legal(s) == {f"play {c}" for c in HANDS["E"]}
    d = Deal.from_hands(
        "N",
        {
            "N": ["9S", "TS", "QS", "KS", "AS"],
            "E": ["9H", "TH", "QH", "KH", "9C"],
            "S": ["9D", "TD", "QD", "KD", "AD"],
            "W": ["JD", "TC", "QC", "KC", "AC"],
        },
        "AH",
    )
    s = run(new_hand(d, R(trump_lead=rule)), "order", "discard 9S")
    assert ("play 9H" in legal(s)) is first_lead_trump_ok and "play 9C" in legal(s)
    if not first_lead_trump_ok:
        with pytest.raises(IllegalPlay, match="trump may not be led"):
            s.apply("play 9H")


# SHEET["trump-lead"]: trump is broken by "a trump dumped on a non-trump lead"; a trump played to a
# trump lead does not break it. Hearts are trump (East orders the up A♥; North discards); East leads.
_BROKEN_CASES = {
    # North dumps the 10♥ on East's club lead: broken, North may lead the A♥.
    "trump dumped": (
        {
            "N": ["TH", "TS", "QS", "KS", "AS"],
            "E": ["9H", "QH", "KH", "9C", "AC"],
            "S": ["9D", "TD", "QD", "KD", "AD"],
            "W": ["JD", "TC", "QC", "KC", "9S"],
        },
        ["discard TS", "play 9C", "play 9D", "play TC", "play TH"],
        Seat.N,
        "play AH",
        True,
    ),
    # South, holding no club, dumps the left bower J♦ (a heart now) on the club lead: broken too.
    "left bower dumped": (
        {
            "N": ["9S", "TS", "QS", "KS", "AS"],
            "E": ["9H", "QH", "KH", "9C", "AC"],
            "S": ["JD", "TH", "9D", "TD", "QD"],
            "W": ["TC", "QC", "KC", "JC", "KD"],
        },
        ["discard 9S", "play 9C", "play JD", "play TC", "play TS"],
        Seat.S,
        "play TH",
        True,
    ),
    # East holds only trumps and leads one; North takes it with the A♥: trump on trump, not broken.
    "trump led to a trump lead": (
        {
            "N": ["JH", "9S", "TS", "QS", "KS"],
            "E": ["9H", "TH", "QH", "KH", "JD"],
            "S": ["9D", "TD", "QD", "KD", "AD"],
            "W": ["9C", "TC", "QC", "KC", "AC"],
        },
        ["discard 9S", "play 9H", "play 9D", "play 9C", "play AH"],
        Seat.N,
        "play JH",
        False,
    ),
    # Nobody plays a trump to the first trick: not broken.
    "no trump played": (
        {
            "N": ["TH", "TS", "QS", "KS", "AS"],
            "E": ["9H", "QH", "KH", "9C", "AC"],
            "S": ["9D", "TD", "QD", "KD", "AD"],
            "W": ["JD", "TC", "QC", "KC", "9S"],
        },
        ["discard TS", "play AC", "play 9D", "play TC", "play QS"],
        Seat.E,
        "play 9H",
        False,
    ),
}


@pytest.mark.parametrize("case", list(_BROKEN_CASES))
def test_trump_broken_means_a_trump_dumped_on_a_non_trump_lead(case: str) -> None:
    hands, actions, leader, trump_lead, may = _BROKEN_CASES[case]
    s = run(new_hand(Deal.from_hands("N", hands, "AH"), R(trump_lead="after-broken")), "order", *actions)
    assert s.to_act is leader and len(s.tricks) == 1
    assert (trump_lead in legal(s)) is may
    assert any(a.startswith("play") for a in legal(s))
    if not may:
        with pytest.raises(
            IllegalPlay, match=r"until trump is broken \(a trump played to a non-trump lead\)"
        ):
            s.apply(trump_lead)
        # not-first-trick has no such memory: after the first trick any lead is open
        other = run(
            new_hand(Deal.from_hands("N", hands, "AH"), R(trump_lead="not-first-trick")), "order", *actions
        )
        assert trump_lead in legal(other)


def test_a_lead_of_only_trumps_is_always_allowed_and_does_not_break_trump() -> None:
    hands, actions, _, _, _ = _BROKEN_CASES["trump led to a trump lead"]
    s = run(new_hand(Deal.from_hands("N", hands, "AH"), R(trump_lead="after-broken")), "order", "discard 9S")
    assert legal(s) == {f"play {c}" for c in hands["E"]}  # East holds only trumps
    s = run(s, *actions[1:])
    assert {a for a in legal(s)} == {"play TS", "play QS", "play KS"}  # North: J♥ barred


# -- sessions: save/load and undo keep every option ------------------------------------------------------


def test_save_load_keeps_house_rules_and_explicit_deals() -> None:
    rules = R(deck=28, joker=True, joker_up="dealer-blind", misdeal="either", farmers_hand=True, target=5)
    d = Deal.from_seed(3, "N", size=28, joker=True)
    game = ClassicGame(rules, deals=[d])
    for _ in range(6):
        game.apply(game.state.legal_actions()[0])
    loaded = ClassicGame.loads(game.dumps())
    assert loaded.state == game.state and loaded.rules == rules
    game.undo()
    game.redo()
    assert game.state == loaded.state


# -- the sheet's exact rules: stick the last bidder, call for best in 2v2v2, 10-A, no alone -------------


@pytest.mark.parametrize(
    ("options", "stuck", "others"),
    [
        ({"stick_the_dealer": True}, Seat.N, "ESW"),  # the dealer bids last
        ({"stick_the_dealer": True, "dealer_bids_first": True}, Seat.W, "NES"),  # the last bidder
        ({"dealer_bids_first": True}, None, "NESW"),
    ],
)
def test_stick_the_last_bidder(options: dict[str, object], stuck: Seat | None, others: str) -> None:
    # SHEET["stick"]
    s = run(new_hand(sample_deal(), R(**options)), *["pass"] * 4)  # type: ignore[arg-type]
    assert s.phase is Phase.ROUND_2
    for seat in others:
        assert s.to_act is getattr(Seat, seat) and "pass" in legal(s)
        s = s.apply("pass")
    if stuck is None:
        assert s.passed_out
        return
    assert s.to_act is stuck and "pass" not in legal(s) and "call H" not in legal(s)
    assert {"call C", "call D", "call S"} <= legal(s)
    word = "the last to bid" if options.get("dealer_bids_first") else "the dealer"
    with pytest.raises(IllegalAction, match=f"{stuck.word}, {word}"):
        s.apply("pass")
    up_too = R(**options, stuck_dealer_may_name_up_suit=True)  # type: ignore[arg-type]
    t = run(new_hand(sample_deal(), up_too), *["pass"] * 7)
    assert t.to_act is stuck and "call H" in legal(t)


PAIRS_BEST = R(players=6, deck=32, six_handed_teams="2v2v2", call_for_best=True)


def test_call_for_best_in_2v2v2() -> None:
    # SHEET["call-for-best"]: available in 2v2v2, not in 3v3.
    seats = SIX_2V2V2.seats
    s = new_hand(Deal.from_seed(5, seats[0], size=32), PAIRS_BEST).apply("order alone")
    s = s.apply(s.legal_actions()[0])  # the dealer P1 discards
    p2, p5 = seats[1], seats[4]
    assert s.phase is Phase.BEST_CARD and s.to_act is p5  # P2's partner sits opposite
    assert legal(s) == {f"give {c}" for c in s.hands[p5]}
    gift = s.hands[p5][0]
    s = s.apply(f"give {gift}")
    assert s.phase is Phase.LONER_DISCARD and s.to_act is p2 and gift in s.hands[p2]
    s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLAY and s.sitting_out == {p5} and len(s.hands[p2]) == 5
    with pytest.raises(
        RulesError, match="call_for_best=True does not apply with players=6 in two teams of three"
    ):
        R(players=6, deck=32, call_for_best=True)


def test_the_20_card_deck_for_three_players() -> None:
    # SHEET["deck"]: 10-A (20, three players only).
    rules = R(players=3, deck=20)
    d = Deal.from_seed(2, THREE.seats[0], size=20)
    assert sorted({c.rank for h in d.hands for c in h} | {d.up.rank} | {c.rank for c in d.kitty}) == [
        10,
        11,
        12,
        13,
        14,
    ]
    assert [len(h) for h in d.hands] == [5, 5, 5] and len(d.kitty) == 4
    m = new_match(rules.with_options(target=5), seed=3)
    bot = RuleBasedPlayer()
    while not m.is_over:
        assert m.to_act is not None
        m = m.apply(bot.choose(seat_view(m, m.to_act)))
    assert max(m.scores) >= 5
    with pytest.raises(DealError, match=r"is not in the 20-card Euchre deck \(10 J Q K A"):
        Deal.from_hands(
            "P1",
            {"P1": ["9S", "TS", "QS", "KS", "AS"], "P2": ["TH", "JH", "QH", "KH", "AH"], "P3": ["TD"] * 5},
            "AD",
            size=20,
            seating=THREE,
        )
    with pytest.raises(DealError, match="needs at least 21 cards"):
        Deal.from_seed(1, "N", size=20)


@pytest.mark.parametrize(
    ("options", "round_1", "round_2"),
    [
        ({"no_alone": True}, {"pass", "order"}, {"pass", "call C", "call D", "call S"}),
        (
            {},
            {"pass", "order", "order alone"},
            {"pass"} | {f"call {x}{a}" for x in "CDS" for a in ("", " alone")},
        ),
        (
            {"no_alone": True, "no_trump": "high-low", "stick_the_dealer": True},
            {"pass", "order"},
            {"pass", "call C", "call D", "call S", "call high", "call low"},
        ),
    ],
)
def test_no_alone_removes_every_alone_action(
    options: dict[str, object], round_1: set[str], round_2: set[str]
) -> None:
    # SHEET["no-alone"]
    rules = R(**options)  # type: ignore[arg-type]
    s = new_hand(sample_deal(), rules)
    assert legal(s) == round_1
    if rules.no_alone:
        with pytest.raises(IllegalAction, match="nobody goes alone"):
            s.apply("order alone")
    s = run(s, *["pass"] * 4)
    assert legal(s) == round_2


def test_no_alone_at_six_players_and_with_the_joker_turned_up() -> None:
    s = new_hand(
        Deal.from_hands("N", HANDS, "JK", joker=True), R(joker=True, joker_up="dealer-blind", no_alone=True)
    )
    assert legal(s) == {f"call {x}" for x in "CDHS"}
    for table, teams in ((SIX_3V3, "3v3"), (SIX_2V2V2, "2v2v2")):
        six = R(players=6, deck=32, six_handed_teams=teams, no_alone=True)
        s = new_hand(Deal.from_seed(4, table.seats[0], size=32), six)
        assert legal(s) == {"pass", "order"}
        s = run(s, *["pass"] * 6)
        assert s.phase is Phase.ROUND_2 and not any(a.alone for a in s.legal_actions())
        assert len(s.legal_actions()) == 4  # pass and the three other suits
