"""One test (or table row) per rule sentence of the Euchre Solitaire rule sheet."""

from __future__ import annotations

import pytest

from euchre_tutor.cards import Card, Suit, parse_cards
from euchre_tutor.errors import IllegalAction, IllegalPlay
from euchre_tutor.games.solitaire.engine.engine import (
    CardsBurned,
    DealScored,
    NameTrump,
    OrderUp,
    Phase,
    Play,
    SolitaireDeal,
    StockExhausted,
    deal_points,
    new_deal,
)
from euchre_tutor.games.solitaire.rules import SolitaireRules
from tests.helpers import make_deal

C = Card.parse


def test_deal_order_hand_turn_stock() -> None:
    deal = SolitaireDeal.parse("9H 9C KC JC 9S JD AS KS QS TS 9D TD QD KD AD TC QC AC TH JH QH KH AH JS")
    assert deal.hand == parse_cards("9H 9C KC JC 9S")
    assert deal.turn == C("JD")
    assert deal.stock[0] == C("AS") and deal.stock[-1] == C("JS") and len(deal.stock) == 18


def test_seeded_deals_are_reproducible_and_documented() -> None:
    import random

    from euchre_tutor.cards import deck

    cards = list(deck())
    random.Random(42).shuffle(cards)
    assert SolitaireDeal.from_seed(42).cards == tuple(cards)
    assert SolitaireDeal.from_seed(42) == SolitaireDeal.from_seed(42)
    assert SolitaireDeal.from_seed(42) != SolitaireDeal.from_seed(43)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9H 9C", "2 cards given"),
        ("9H 9H KC JC 9S JD AS KS QS TS 9D TD QD KD AD TC QC AC TH JH QH KH AH JS", "9H given twice"),
        (
            "8H 9C KC JC 9S JD AS KS QS TS 9D TD QD KD AD TC QC AC TH JH QH KH AH JS",
            "8H not in the 24-card deck",
        ),
    ],
)
def test_bad_deals_are_refused(text: str, message: str) -> None:
    from euchre_tutor.errors import DealError

    with pytest.raises(DealError, match=message):
        SolitaireDeal.parse(text)


def test_order_up_puts_the_turn_card_on_top_as_the_decks_first_play() -> None:
    # Turn card KH; the player leads the 9C, the deck's first card is the known KH (a trump).
    state = new_deal(make_deal("9C AS 9D TD QD", "KH", "AC"))
    state = state.apply(OrderUp())
    assert state.trump is Suit.HEARTS and state.stock[0] == C("KH") and len(state.stock) == 19
    state = state.apply(Play(C("9C")))
    trick = state.tricks[0]
    assert trick.deck == C("KH") and trick.burned == () and trick.winner == "deck"


def test_order_up_turn_jack_beats_every_lead() -> None:
    state = new_deal(make_deal("JD AH KH QH TH", "JH")).apply(OrderUp())
    # JH on top is the right bower of hearts: even the left bower lead loses trick 1
    state = state.apply(Play(C("JD")))
    assert state.tricks[0].deck == C("JH") and state.tricks[0].winner == "deck"


def test_naming_puts_the_turn_card_at_the_bottom() -> None:
    state = new_deal(make_deal("9C AS 9D TD QD", "KH")).apply(NameTrump(Suit.SPADES))
    assert state.trump is Suit.SPADES and state.stock[-1] == C("KH") and len(state.stock) == 19
    assert not state.ordered_up


def test_naming_the_turned_suit_needs_the_option() -> None:
    deal = make_deal("9C AS 9D TD QD", "KH")
    with pytest.raises(IllegalAction, match="cannot name hearts, the turned suit"):
        new_deal(deal).apply(NameTrump(Suit.HEARTS))
    assert NameTrump(Suit.HEARTS) not in new_deal(deal).legal_actions()
    state = new_deal(deal, SolitaireRules(allow_name_turned=True))
    assert NameTrump(Suit.HEARTS) in state.legal_actions()
    state = state.apply(NameTrump(Suit.HEARTS))
    assert state.trump is Suit.HEARTS and state.stock[-1] == C("KH") and not state.ordered_up


def test_eight_trump_options_and_ten_with_the_option() -> None:
    deal = make_deal("9C AS 9D TD QD", "KH")
    assert len(new_deal(deal).legal_actions()) == 8
    assert len(new_deal(deal, SolitaireRules(allow_name_turned=True)).legal_actions()) == 10


def test_alone_is_declared_with_the_choice() -> None:
    state = new_deal(make_deal("9C AS 9D TD QD", "KH")).apply(NameTrump(Suit.CLUBS, alone=True))
    assert state.alone


def test_the_player_leads_the_first_trick() -> None:
    state = new_deal(make_deal("9C AS 9D TD QD", "KH")).apply(NameTrump(Suit.CLUBS))
    assert state.to_lead and state.deck_lead is None
    assert {a.card for a in state.legal_actions() if isinstance(a, Play)} == set(state.hand)


def test_the_deck_burns_until_it_follows_or_trumps() -> None:
    # clubs trump; lead 9D: the deck turns AS (burn), KH (burn), then QD (follows)
    state = new_deal(make_deal("9C AC 9D TD 9H", "KD", "AS KH QD")).apply(NameTrump(Suit.CLUBS))
    state = state.apply(Play(C("9D")))
    trick = state.tricks[0]
    assert trick.burned == parse_cards("AS KH") and trick.deck == C("QD") and trick.winner == "deck"
    assert state.burned == parse_cards("AS KH")
    burn = next(e for e in state.events if isinstance(e, CardsBurned))
    assert burn.cards == parse_cards("AS KH") and "neither follow" in burn.text


def test_the_deck_stops_at_a_trump() -> None:
    state = new_deal(make_deal("9C AC 9D TD 9H", "KD", "AS TC QD")).apply(NameTrump(Suit.CLUBS))
    state = state.apply(Play(C("9D")))
    assert state.tricks[0].deck == C("TC") and state.tricks[0].burned == (C("AS"),)
    assert state.tricks[0].winner == "deck"


def test_left_bower_stops_the_deck_as_trump_not_as_its_printed_suit() -> None:
    # clubs trump, JS is the left bower. Lead AS (a spade): JS is trump, so it stops the deck and wins.
    state = new_deal(make_deal("AS AC 9D TD 9H", "KD", "JS")).apply(NameTrump(Suit.CLUBS))
    state = state.apply(Play(C("AS")))
    assert state.tricks[0].deck == C("JS") and state.tricks[0].winner == "deck"
    assert "left bower" in state.tricks[0].reason or "trump" in state.tricks[0].reason


def test_left_bower_does_not_follow_its_printed_suit() -> None:
    # clubs trump, lead KS: the deck's JS is trump (wins); the deck's QS would follow.
    state = new_deal(make_deal("KS AC 9D TD 9H", "KD", "JS")).apply(NameTrump(Suit.CLUBS))
    state = state.apply(Play(C("KS")))
    assert state.tricks[0].winner == "deck"


def test_left_bower_lead_leads_trump() -> None:
    # clubs trump; leading JS leads trump: the deck burns spades and hearts until a club.
    state = new_deal(make_deal("JS AC 9D TD 9H", "KD", "AS QS KH 9C")).apply(NameTrump(Suit.CLUBS))
    state = state.apply(Play(C("JS")))
    assert state.tricks[0].burned == parse_cards("AS QS KH")
    assert state.tricks[0].deck == C("9C") and state.tricks[0].winner == "player"


def test_player_must_follow_the_decks_lead_left_bower_counts_as_trump() -> None:
    # Clubs trump. Deck wins trick 1 and leads a spade; the player holds JS (left bower = club) and QS.
    deal = make_deal("9H JS QS AC 9D", "KD", "AH KS")
    state = new_deal(deal).apply(NameTrump(Suit.CLUBS)).apply(Play(C("9H")))
    assert state.tricks[0].winner == "deck" and state.deck_lead == C("KS")
    assert state.legal_plays() == (C("QS"),)  # JS is a trump, not a spade
    with pytest.raises(IllegalPlay, match="left bower"):
        state.apply(Play(C("JS")))


def test_void_player_may_play_any_card() -> None:
    deal = make_deal("9H TH QH AC 9D", "KD", "AH KS")
    state = new_deal(deal).apply(NameTrump(Suit.CLUBS)).apply(Play(C("9H")))
    assert state.deck_lead == C("KS")
    assert set(state.legal_plays()) == set(state.hand)


def test_illegal_play_changes_nothing_and_teaches() -> None:
    deal = make_deal("9H JS QS AC 9D", "KD", "AH KS")
    state = new_deal(deal).apply(NameTrump(Suit.CLUBS)).apply(Play(C("9H")))
    with pytest.raises(IllegalPlay, match=r"legal: Q♠"):
        state.apply(Play(C("AC")))
    with pytest.raises(IllegalPlay, match="not in your hand"):
        state.apply(Play(C("AH")))
    assert state.legal_plays() == (C("QS"),) and len(state.hand) == 4


def test_play_before_trump_and_trump_twice_are_illegal() -> None:
    state = new_deal(make_deal("9H JS QS AC 9D", "KD"))
    with pytest.raises(IllegalPlay, match="choose trump"):
        state.apply(Play(C("9H")))
    state = state.apply(OrderUp())
    with pytest.raises(IllegalAction, match="already chosen"):
        state.apply(OrderUp())


def test_winner_leads_next_the_deck_leads_by_turning_its_top_card() -> None:
    deal = make_deal("9H JS QS AC 9D", "KD", "AH KS QC")
    state = new_deal(deal).apply(NameTrump(Suit.CLUBS)).apply(Play(C("9H")))
    assert state.deck_lead == C("KS") and state.stock[0] == C("QC")
    state = state.apply(Play(C("QS")))
    assert state.tricks[1].leader == "deck" and state.tricks[1].winner == "deck"
    assert state.deck_lead == C("QC")


def test_player_wins_and_leads_again() -> None:
    deal = make_deal("JC AC 9D TD 9H", "KD", "9C AH")
    state = new_deal(deal).apply(NameTrump(Suit.CLUBS)).apply(Play(C("JC")))
    assert state.tricks[0].winner == "player" and state.to_lead


def test_stock_runs_out_on_a_lead_player_takes_every_remaining_trick() -> None:
    # Spades trump; after two trump leads draw TS and 9S, the stock holds no spade.
    hand = "JS JC AS KS QS"  # five of the seven spades; TS 9S are in the stock
    deal = make_deal(hand, "9D", "TS 9S")
    state = new_deal(deal).apply(NameTrump(Suit.SPADES))
    state = state.apply(Play(C("JS")))  # deck plays TS
    state = state.apply(Play(C("JC")))  # deck plays 9S
    assert state.tricks_won == 2
    # leading AS burns all 17 remaining cards (the 9D at the bottom too)
    state = state.apply(Play(C("AS")))
    assert state.is_over
    t = state.tricks[2]
    assert t.deck is None and t.winner == "player" and not t.awarded and len(t.burned) == 17
    assert t.burned[-1] == C("9D")
    assert [x.awarded for x in state.tricks[3:]] == [True, True]
    assert all(x.leader is None and x.player is None and x.winner == "player" for x in state.tricks[3:])
    assert state.tricks_won == 5 and state.points == (2, 0)
    assert any(isinstance(e, StockExhausted) and not e.deck_to_lead for e in state.events)


def test_naming_the_turned_suit_keeps_it_at_the_bottom_reachable() -> None:
    hand = "9C JH JD AH KH"
    deal = make_deal(hand, "QH", stock_top="9S TS JS QS KS AS 9D TD QD KD AD", stock_bottom="AC")
    state = new_deal(deal, SolitaireRules(allow_name_turned=True)).apply(NameTrump(Suit.HEARTS))
    assert state.stock[-1] == C("QH") and state.stock[-2] == C("AC")
    # lead 9C: spades and diamonds burn, then the first club of the middle (TC) follows and wins
    state = state.apply(Play(C("9C")))
    assert state.tricks[0].burned == parse_cards("9S TS JS QS KS AS 9D TD QD KD AD")
    assert state.tricks[0].deck == C("TC") and state.tricks[0].winner == "deck"
    assert state.deck_lead == C("JC")


def test_a_lead_from_an_empty_stock_wins_the_rest() -> None:
    # Clubs trump by naming the turned suit (option): the 9C goes to the bottom of the stock.
    hand = "9H JC JS AC KC"
    deal = make_deal(hand, "9C")  # every other card in the stock, 9C at the bottom after naming
    state = new_deal(deal, SolitaireRules(allow_name_turned=True)).apply(NameTrump(Suit.CLUBS))
    # lead 9H: the canonical middle starts TC QC, so the deck trumps with TC and leads QC.
    state = state.apply(Play(C("9H")))
    assert state.tricks[0].deck == C("TC") and state.tricks[0].winner == "deck"
    assert state.deck_lead == C("QC")
    state = state.apply(Play(C("KC")))  # KC beats QC
    assert state.tricks[1].winner == "player"
    # now lead trump with AC: the stock holds only 9C as a club, at the bottom: everything burns to it
    state = state.apply(Play(C("AC")))
    assert state.tricks[2].deck == C("9C") and state.tricks[2].winner == "player"
    assert state.stock == ()
    # player leads again: the stock is empty, so this lead runs the stock out
    state = state.apply(Play(C("JS")))
    assert state.is_over and state.tricks[3].deck is None and state.tricks[4].awarded
    assert state.tricks_won == 4


def test_deck_wins_with_its_last_card_then_must_lead_from_empty_stock() -> None:
    # Hearts trump via order up. Hand has no hearts; the deck will win tricks.
    hand = "9C TC QC KC AC"
    deal = make_deal(hand, "9H")
    state = new_deal(deal).apply(OrderUp())  # 9H on top
    state = state.apply(Play(C("9C")))  # deck plays 9H (trump): deck wins, leads next card
    assert state.tricks[0].deck == C("9H") and state.tricks[0].winner == "deck"
    # play on until the stock empties with the deck to lead; follow legal plays
    while not state.is_over:
        state = state.apply(Play(state.legal_plays()[0]))
    assert state.tricks_won + sum(1 for t in state.tricks if t.winner == "deck") == 5
    assert len(state.tricks) == 5


def test_deck_leads_from_empty_stock_awards_all_remaining() -> None:
    # Find, from seeds, a deal where the deck must lead from an empty stock, and check the record.
    from euchre_tutor.games.solitaire.engine.engine import StockExhausted as SE

    for seed in range(3000):
        state = new_deal(SolitaireDeal.from_seed(seed)).apply(OrderUp())
        while not state.is_over:
            state = state.apply(Play(state.legal_plays()[-1]))
        events = [e for e in state.events if isinstance(e, SE) and e.deck_to_lead]
        if events:
            e = events[0]
            awarded = state.tricks[5 - e.tricks_awarded :]
            assert all(t.awarded and t.winner == "player" and t.leader is None for t in awarded)
            assert state.tricks[4 - e.tricks_awarded].winner == "deck"
            assert state.stock == ()
            return
    pytest.fail("no deal among 3000 seeds had the deck lead from an empty stock")


@pytest.mark.parametrize(
    ("tricks", "alone", "player", "deck", "rule"),
    [
        (0, False, 0, 2, "solitaire.score-euchre"),
        (1, False, 0, 2, "solitaire.score-euchre"),
        (2, False, 0, 2, "solitaire.score-euchre"),
        (3, False, 1, 0, "solitaire.score-point"),
        (4, False, 1, 0, "solitaire.score-point"),
        (5, False, 2, 0, "solitaire.score-march"),
        (0, True, 0, 4, "solitaire.score-alone"),
        (3, True, 0, 4, "solitaire.score-alone"),
        (4, True, 0, 4, "solitaire.score-alone"),
        (5, True, 4, 0, "solitaire.score-alone"),
    ],
)
def test_scoring_table(tricks: int, alone: bool, player: int, deck: int, rule: str) -> None:
    assert deal_points(tricks, alone) == (player, deck, rule)


def test_scored_event_and_points_of_a_finished_deal() -> None:
    deal = SolitaireDeal.parse(
        "JH JD AH 9S TC KH"
        + " "
        + " ".join(
            str(c)
            for c in SolitaireDeal.from_seed(0).cards
            if str(c) not in {"JH", "JD", "AH", "9S", "TC", "KH"}
        )
    )
    state = new_deal(deal).apply(OrderUp())
    while not state.is_over:
        state = state.apply(Play(state.legal_plays()[0]))
    scored = [e for e in state.events if isinstance(e, DealScored)]
    assert len(scored) == 1 and (scored[0].player_points, scored[0].deck_points) == state.points
    assert state.phase is Phase.OVER and len(state.tricks) == 5


def test_plays_after_the_end_are_illegal() -> None:
    state = new_deal(SolitaireDeal.from_seed(1)).apply(OrderUp())
    while not state.is_over:
        state = state.apply(Play(state.legal_plays()[0]))
    with pytest.raises(IllegalPlay, match="over"):
        state.apply(Play(state.deal.hand[0]))
    assert state.legal_actions() == ()
