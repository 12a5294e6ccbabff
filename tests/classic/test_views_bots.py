"""Seat views hide what a seat may not know; bots decide from views only."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from euchre_tutor.cards import Card, Suit, parse_cards
from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.classic.bots import RandomPlayer, RuleBasedPlayer, hand_strength, play_out
from euchre_tutor.games.classic.engine.engine import Deal, Seat, Team, new_hand, new_match
from euchre_tutor.games.classic.rules import PRESETS, preset
from euchre_tutor.games.classic.views import seat_view
from tests.classic.helpers import run, sample_deal


def test_view_shows_own_cards_and_public_play_only() -> None:
    s = run(new_hand(sample_deal(), preset("standard")), "pass", "order", "discard 9S", "play JD")
    north = seat_view(s, "N")
    east = seat_view(s, Seat.E)
    south = seat_view(s, "S")
    assert north.discard == Card.parse("9S") and east.discard is None
    assert east.hand == s.hands[Seat.E] and not hasattr(east, "hands")
    assert [str(a) for _, a in east.bids] == ["pass", "order"]
    assert south.my_turn and south.legal == s.legal_actions() and east.legal == ()
    assert Card.parse("9S") in east.unseen_cards() and Card.parse("9S") not in north.unseen_cards()
    assert not (set(east.unseen_cards()) & set(east.hand))


def test_view_records_shown_voids() -> None:
    s = run(new_hand(sample_deal(), preset("standard")), "order", "discard 9S", "play KH", "play 9D")
    assert Suit.HEARTS in seat_view(s, "E").voids[Seat.S]


def test_hand_strength_counts_bowers() -> None:
    assert hand_strength(parse_cards("JH JD AH KH AC"), Suit.HEARTS) > hand_strength(
        parse_cards("9H TH 9C TC 9S"), Suit.HEARTS
    )


@pytest.mark.parametrize("name", sorted(n for n, r in PRESETS.items() if r.players == 4))
@pytest.mark.parametrize("player", [RandomPlayer(1), RuleBasedPlayer()])
def test_bots_finish_hands_under_every_preset(name: str, player: object) -> None:
    for i in range(20):
        end = play_out(new_hand(Deal.from_seed(i), preset(name)), [player] * 4)  # type: ignore[list-item]
        assert end.is_over


def test_rule_based_beats_random() -> None:
    wins = 0
    for i in range(30):
        players = [RuleBasedPlayer(), RandomPlayer(i), RuleBasedPlayer(), RandomPlayer(i + 100)]
        m = play_out(new_match(preset("standard"), seed=i), players)
        wins += m.winner is Team.NS  # type: ignore[union-attr]
    assert wins >= 25


def test_bots_refuse_when_not_to_act() -> None:
    view = seat_view(new_hand(sample_deal()), "S")
    with pytest.raises(IllegalAction):
        RandomPlayer().choose(view)
    with pytest.raises(IllegalAction):
        RuleBasedPlayer().choose(view)


def test_rule_based_bids_strong_hands_and_passes_weak() -> None:
    strong = Deal.from_hands(
        "N",
        {
            "E": ["JH", "JD", "AH", "KH", "AC"],
            "S": ["9D", "TD", "QD", "KD", "AD"],
            "W": ["9C", "TC", "QC", "KC", "JC"],
            "N": ["9S", "TS", "QS", "KS", "AS"],
        },
        "QH",
    )
    view = seat_view(new_hand(strong), "E")
    assert str(RuleBasedPlayer().choose(view)) == "order alone"
    weak = new_hand(strong).apply("pass")
    assert str(RuleBasedPlayer().choose(seat_view(weak, "S"))) == "pass"


def test_engine_views_and_bots_do_not_import_widgets() -> None:
    code = (
        "import sys, euchre_tutor.games.classic.bots, euchre_tutor.games.classic.engine.game, euchre_tutor.games.classic.engine.fast;"
        "bad = [m for m in ('ipywidgets', 'traitlets', 'anywidget') if m in sys.modules];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_random_player_is_seeded() -> None:
    view = seat_view(new_hand(sample_deal()), "E")
    assert [RandomPlayer(3).choose(view) for _ in range(2)] == [
        RandomPlayer(3).choose(view) for _ in range(2)
    ]
    # The seed drives a random.Random that picks an index into view.legal, draw after draw.
    rng = random.Random(3)
    player = RandomPlayer(3)
    picks = [player.choose(view) for _ in range(40)]
    assert picks == [view.legal[rng.randrange(len(view.legal))] for _ in range(40)]
    assert set(picks) == set(view.legal)  # uniform over 40 draws: every legal action comes up


def test_play_out_needs_one_player_per_seat() -> None:
    hand = new_hand(Deal.from_seed(1), preset("standard"))
    with pytest.raises(ValueError, match="one player per seat: 4 at this table"):
        play_out(hand, [RandomPlayer(1)] * 6)
    with pytest.raises(ValueError, match="no player for West"):
        play_out(hand, {s: RandomPlayer(1) for s in (Seat.N, Seat.E, Seat.S)})
