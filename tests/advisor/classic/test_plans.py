"""Plan sentences: what happens after a bid, in words a beginner can follow (golden positions,
hand-checked), and the level of the table the play-outs model (``--table``)."""

from __future__ import annotations

import json

import pytest

from euchre_tutor.cards import parse_cards
from euchre_tutor.cli import main
from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis
from euchre_tutor.games.classic.advisor.cli import analyse_position
from euchre_tutor.games.classic.bots import EXPERT_BIDDING, LEVELS, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Action, Deal, Phase, Seat, new_hand
from euchre_tutor.games.classic.views import seat_view

CLUB = RuleBasedPlayer()

# A position that surprises: both black jacks, A♣ K♣ and A♥, spades turned up, East speaks first.
BLACK_JACKS = {"dealer": "N", "seat": "E", "hand": ["JS", "JC", "AC", "KC", "AH"], "up": "9S", "actions": []}


def plan(analysis: ClassicAnalysis) -> str:
    texts = [r.text for r in analysis.reasons if r.rule == "classic.advice-plan"]
    assert len(texts) == 1, [r.rule for r in analysis.reasons]
    return texts[0]


def test_a_pass_that_waits_for_round_two_says_the_plan_and_why() -> None:
    analysis = analyse_position(BLACK_JACKS, CLUB, worlds=200, max_worlds=200)
    assert analysis.best.action == Action("pass")
    text = plan(analysis)
    # Hand-checked: East sits at the dealer's (North's) left, so speaks first in round 2; with clubs
    # trump J♣ is the right bower, J♠ the left, then A♣ K♣: the top four trumps.
    assert text.startswith(
        "Pass, then call ♣ clubs alone in round 2: you speak first there and hold J♣ J♠ A♣ K♣"
    )
    assert "the off ace A♥" in text
    counts = dict(analysis.best.follow_ups)
    back = sum(n for m, n in counts.items() if m != "-") / sum(counts.values())
    assert f"comes back to you in {100 * back:.0f}% of these deals" in text
    order = analysis.option(Action("order", alone=True))
    assert f"waiting is worth {analysis.best.ev - order.ev:+.2f} points against order up 9♠ alone now" in text


def test_an_order_names_the_cards_that_carry_it_and_what_the_dealer_gains() -> None:
    pos = {
        "dealer": "W",
        "seat": "E",
        "hand": ["JH", "AH", "KH", "AS", "9C"],
        "up": "QH",
        "actions": ["N: pass"],
    }
    analysis = analyse_position(pos, CLUB, worlds=200, max_worlds=200)
    order = analysis.option(Action("order"))
    text = (
        next(r.text for r in analysis.reasons if r.rule == "classic.advice-plan")
        if analysis.best is order
        else None
    )
    assert text is not None
    # Hand-checked: hearts trump, East holds J♥ A♥ K♥ and the A♠; West (East's partner) deals.
    assert text.startswith("Order up Q♥: J♥ A♥ K♥ in hearts and the off ace A♠ carry it")
    assert f"made in {100 * order.p_make:.0f}%, euchred in {100 * order.p_euchred:.0f}%" in text
    assert text.endswith("Your partner deals and adds Q♥ to your side's trumps.")


def test_alone_names_the_cards_with_the_up_card_a_dealer_picks_up_and_the_risk() -> None:
    pos = {
        "dealer": "S",
        "seat": "S",
        "hand": ["JD", "AD", "TD", "AC", "9S"],
        "up": "QD",
        "actions": ["W: pass", "N: pass", "E: pass"],
    }
    analysis = analyse_position(pos, CLUB, worlds=200, max_worlds=200)
    alone = analysis.option(Action("order", alone=True))
    assert analysis.best is alone
    text = plan(analysis)
    # Hand-checked: the dealer picks up Q♦: J♦ A♦ Q♦ 10♦ in diamonds, and the A♣.
    assert text.startswith("Alone: J♦ A♦ Q♦ 10♦ in diamonds and the off ace A♣ (with Q♦ picked up)")
    assert f"a lone march scores 4 ({100 * alone.p_march:.0f}% of these deals)" in text
    partner = analysis.option(Action("order"))
    assert f"With partner the same bid marches in {100 * partner.p_march:.0f}% (2 points)" in text


def test_the_expert_table_model_bids_more_than_the_club_player() -> None:
    # Dealer South with 4.5 points for diamonds after the pick-up (9♦ 10♦ K♦ and the A♣): the Club player (6) passes, the
    # Expert model (the dealer from 4.25) picks up.
    hands = {
        "S": parse_cards("9D TD AC 9H KS"),
        "W": parse_cards("JC QC KC TC 9C"),
        "N": parse_cards("AH KH TH QH TS"),
        "E": parse_cards("QS AS JS JH QD"),
    }
    deal = Deal.from_hands(Seat.S, {s: [str(c) for c in h] for s, h in hands.items()}, "KD")
    state = new_hand(deal).apply("pass").apply("pass").apply("pass")
    view = seat_view(state, Seat.S)
    assert view.phase is Phase.ROUND_1 and view.seat == view.dealer
    points = CLUB._up_count(view).points
    assert 4.25 <= points < 6
    assert CLUB.choose(view) == Action("pass")
    assert EXPERT_BIDDING.choose(view) == Action("order")
    assert LEVELS["expert"].model() is EXPERT_BIDDING and LEVELS["club"].model() == CLUB


def test_the_command_line_models_the_table_it_is_told(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = {}
    for table in ("club", "expert", "beginner"):
        code = main(
            [
                "classic",
                "analyze",
                "--input",
                json.dumps(BLACK_JACKS),
                "--json",
                "--table",
                table,
                "--max-worlds",
                "200",
            ]
        )
        out = capsys.readouterr()
        assert code == 0 and not out.err
        outputs[table] = json.loads(out.out)
    # The same deals, other players: the bid's values change with the table (Experts order and call
    # more, so passing to wait for round 2 is worth less against them).
    ev = {t: {o["action"]: o["ev"] for o in r["options"]} for t, r in outputs.items()}
    assert ev["expert"]["pass"] < ev["club"]["pass"]
    assert ev["expert"] != ev["beginner"] != ev["club"]
    code = main(["classic", "analyze", "--input", json.dumps(BLACK_JACKS), "--table", "grandmaster"])
    err = capsys.readouterr().err
    assert code == 2 and "grandmaster" in err and "expert" in err
