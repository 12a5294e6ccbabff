"""Headless tests of the classic table at three and six players: layout, logs, scores, house rules.

The table's HTML is read back with a small parser (each seat box and each card of the current trick,
with its classes and accessible name), and compared with the engine: every seat at its place around
the student, one score per team, the logs naming seats and sides from the student's chair.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from euchre_tutor.errors import DealError
from euchre_tutor.games.classic.engine.engine import Action, Deal, Phase, new_match
from euchre_tutor.games.classic.rules import ClassicRules, preset
from euchre_tutor.session.seats import positions, seat_tag, tagged, team_words, win_words
from euchre_tutor.tricks.seating import FOUR, SIX_2V2V2, SIX_3V3, THREE, Seat
from euchre_tutor.widgets import ClassicApp
from tests.widgets.test_classic_app import (
    assert_bots_played_rule_based,
    bot_choice,
    check_screen,
    classes,
    click,
    play_house_rule_hands,
    play_on,
)


class _Boxes(HTMLParser):
    """The elements of the table HTML whose class list contains ``wanted``: (classes, aria-label, text)."""

    def __init__(self, wanted: str) -> None:
        super().__init__()
        self.wanted = wanted
        self.found: list[tuple[set[str], str, str]] = []
        self._depth = 0  # >0 while inside a wanted element

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        cls = set((a.get("class") or "").split())
        if self._depth:
            self._depth += 1
        elif self.wanted in cls:
            self.found.append((cls, a.get("aria-label") or "", ""))
            self._depth = 1

    def handle_endtag(self, tag: str) -> None:
        if self._depth:
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._depth and self.found:
            cls, label, text = self.found[-1]
            self.found[-1] = (cls, label, text + data)


def boxes(html: str, wanted: str) -> list[tuple[set[str], str, str]]:
    parser = _Boxes(wanted)
    parser.feed(html)
    return parser.found


def place(cls: set[str], prefix: str) -> str:
    """The place class (``ec-upper-left`` -> ``upper-left``) of a seat box or trick slot."""
    teams = {c for c in cls if c.startswith("ec-team-")}
    (found,) = [c for c in cls if c.startswith(prefix) and c not in teams and c not in {"ec-seat", "ec-play"}]
    return found.removeprefix(prefix)


def seat_boxes(app: ClassicApp) -> dict[str, tuple[str, set[str], str]]:
    """Each seat box of the table: the seat's word -> (its place, its classes, its accessible name)."""
    out = {}
    for cls, label, _text in boxes(app.table.value, "ec-seat"):
        word = label.split(" (")[0].split(":")[0]
        out[word] = (place(cls, "ec-"), cls, label)
    return out


def trick_slots(app: ClassicApp) -> dict[str, tuple[str, set[str], str]]:
    """Each slot of the current trick: the seat's word -> (its place, its classes, its accessible name)."""
    out = {}
    for cls, label, _text in boxes(app.table.value, "ec-play"):
        word = label.split(":")[0].removesuffix(" sits out")
        out[word] = (place(cls, "ec-p-"), cls, label)
    return out


def score_sides(app: ClassicApp) -> list[tuple[str, int]]:
    """The score board: (label, points) per side, in order."""
    out = []
    for _cls, label, _text in boxes(app.score.value, "side"):
        name, pts = label.rsplit(": ", 1)
        out.append((name, int(pts)))
    return out


# ----------------------------------------------------------------- seating words (pure functions)


def test_places_around_the_table_start_at_the_bottom_and_go_clockwise_to_the_left() -> None:
    p1 = THREE.parse("P1")
    assert [positions(p1)[s] for s in THREE.seats] == ["bottom", "left", "right"]
    p4 = SIX_3V3.parse("P4")  # another chosen seat: still at the bottom, P5 (next to play) on the left
    places = positions(p4)
    assert places[p4] == "bottom" and places[SIX_3V3.parse("P5")] == "lower-left"
    assert places[SIX_3V3.parse("P1")] == "top"
    assert {places[s] for s in p4.partners} == {"upper-left", "upper-right"}  # 3v3: every other place
    p1x = SIX_2V2V2.parse("P1")
    assert positions(p1x)[p1x.partner] == "top"  # 2v2v2: the partner sits opposite
    assert [positions(Seat.S)[s] for s in FOUR.seats] == ["top", "right", "bottom", "left"]


def test_team_and_seat_words_from_the_students_chair() -> None:
    p1, p2 = THREE.parse("P1"), THREE.parse("P2")
    assert [team_words(t, p1) for t in THREE.teams] == ["you", "opponent", "opponent"]
    assert seat_tag(p2, p1) == "opponent" and win_words(p1.team, p1) == "You win"
    assert win_words(p2.team, p1) == "P2 wins"
    q1 = SIX_3V3.parse("P1")
    assert [team_words(t, q1) for t in SIX_3V3.teams] == ["you & partners P3 and P5", "opponents"]
    assert win_words(q1.team, q1) == "You and your partners win"
    r2 = SIX_2V2V2.parse("P2")
    assert [team_words(t, r2) for t in SIX_2V2V2.teams] == ["opponents", "you & partner P5", "opponents"]
    assert seat_tag(SIX_2V2V2.parse("P3"), r2) == "opponent, team P36"
    assert seat_tag(SIX_2V2V2.parse("P3"), r2, team=False) == "opponent"
    assert [team_words(t, Seat.S) for t in FOUR.teams] == ["you & North", "opponents"]
    # sentences name each seat once, from the chair; four-player sentences are left alone
    assert tagged("Player 3 passes a card to Player 1, who goes alone.", SIX_2V2V2.parse("P1")) == (
        "Player 3 (opponent, team P36) passes a card to Player 1 (you), who goes alone."
    )
    assert tagged("Player 2 (opponent) passes.", p1) == "Player 2 (opponent) passes."
    assert tagged("East passes.", Seat.S) == "East passes."


# ----------------------------------------------------------------- the tables


@pytest.mark.parametrize(
    ("name", "places", "teams"),
    [
        ("three-handed", ["bottom", "left", "right"], ["P1 · you", "P2 · opponent", "P3 · opponent"]),
        (
            "six-handed",
            ["bottom", "lower-left", "upper-left", "top", "upper-right", "lower-right"],
            ["P135 · you & partners P3 and P5", "P246 · opponents"],
        ),
        (
            "six-handed-2v2v2",
            ["bottom", "lower-left", "upper-left", "top", "upper-right", "lower-right"],
            ["P14 · you & partner P4", "P25 · opponents", "P36 · opponents"],
        ),
    ],
)
def test_the_table_seats_everyone_around_the_student(name: str, places: list[str], teams: list[str]) -> None:
    app = ClassicApp(seed=5, rules=name)
    c = app.controller
    seating = c.state.seating
    assert str(c.seat) == "P1" and c.seat.seating is seating
    assert f"ec-n{seating.players}" in app.table.value
    seats = seat_boxes(app)
    assert list(seats) == [s.word for s in seating.seats]
    assert [seats[s.word][0] for s in seating.seats] == places
    for seat in seating.seats:
        _, cls, label = seats[seat.word]
        assert f"ec-team-{seat.team.index}" in cls
        side = "you" if seat == c.seat else "partner" if seat in c.seat.partners else "opponent"
        assert label.startswith(f"{seat.word} ({side})"), label
    # the current trick has a slot per seat at the same place as its seat box
    slots = trick_slots(app)
    assert {w: p for w, (p, _, _) in slots.items()} == {w: p for w, (p, _, _) in seats.items()}
    # one score per team, named from the student's chair, the student's own marked
    assert [label for label, _ in score_sides(app)] == [t.replace(" · ", ", ", 1) for t in teams]
    assert app.score.value.count('class="side you') == 1
    assert [pts for _, pts in score_sides(app)] == list(c.state.scores)
    # the title says who plays with whom; the buttons and cards are the engine's
    assert ("each for themselves" if seating.players == 3 else "Six-handed") in app.title.value
    check_screen(app)
    app.close()


def test_a_six_player_hand_three_against_three_logs_and_scores() -> None:
    app = ClassicApp(seed=3, rules="six-handed")
    c = app.controller
    seen_tricks = 0
    while not c.waiting:
        check_screen(app)
        # every card of the trick so far lies at its player's place, the others still empty (before
        # the first card of a trick, the last trick stays on the table, its winner marked)
        hand = c.state.hand
        played = dict(hand.trick_plays)
        last = not played and bool(hand.tricks)
        if last:
            played = dict(hand.tricks[-1].plays)
        for seat in c.state.seating.seats:
            _, cls, label = trick_slots(app)[seat.word]
            assert label == (
                f"{seat.word}: {played[seat].name}" if seat in played else f"{seat.word}: no card yet"
            )
            assert ("won" in cls) == (last and seat == hand.tricks[-1].winner)
        seen_tricks = max(seen_tricks, len(c.state.hand.tricks))
        click(app, bot_choice(app))
    hand = c.hand
    assert hand.is_over and len(hand.tricks) == 5 and seen_tricks >= 4
    # the bidding log names each seat's side; the trick log has six cards a trick, leader and winner named
    log = app.bidding.value
    for seat, _bid in c.view.bids:
        side = seat_tag(seat, c.seat)
        assert f"{seat.word} ({side})" in log
    assert app.trick_log.value.count("<tr>") == 5 + 1  # the head row and five tricks
    for trick in hand.tricks:
        assert app.trick_log.value.count('class="ec-logplay') >= len(trick.plays)
        won = f'<td class="won">{trick.winner.name} ({seat_tag(trick.winner, c.seat, team=False)})</td>'
        assert won in app.trick_log.value
    rows = app.trick_log.value.split("<tr>")[2:]
    assert [row.count('class="ec-logplay') for row in rows] == [6] * 5
    # the hand's score, per team, on the board and in the result line
    assert [pts for _, pts in score_sides(app)] == list(c.state.scores) and sum(c.state.scores) > 0
    makers = hand.maker.team if hand.maker is not None else None
    assert makers is not None and f"The makers ({makers.name})" in app.trick_log.value
    assert "Hand 1 is over" in app.prompt.value and "P135" in c.message and "P246" in c.message
    assert_bots_played_rule_based(app, preset("six-handed"), 3)


def test_going_alone_at_six_players_both_partners_sit_out() -> None:
    app = ClassicApp(seed=3, rules="six-handed")
    c = app.controller
    click(app, "order alone")
    hand = c.state.hand
    out = {SIX_3V3.parse("P3"), SIX_3V3.parse("P5")}
    assert hand.alone and hand.maker == c.seat and hand.sitting_out == frozenset(out)
    seats = seat_boxes(app)
    for seat in c.state.seating.seats:
        _, cls, label = seats[seat.word]
        assert ("out" in cls) == (seat in out) and ("sits out" in label) == (seat in out)
    slots = trick_slots(app)
    for seat in out:
        assert "out" in slots[seat.word][1] and slots[seat.word][2] == f"{seat.word} sits out"
    assert "maker, alone" in app.table.value
    play_on(app, bot_choice, until_hand_end=True)
    finished = c.hand
    for trick in finished.tricks:
        assert len(trick.plays) == 4 and not out & {s for s, _ in trick.plays}
    assert [pts for _, pts in score_sides(app)] == list(c.state.scores)


def test_a_three_player_hand_the_maker_alone_against_two() -> None:
    app = ClassicApp(seed=3, rules="three-handed")
    c = app.controller
    assert c.state.hand.dealer == c.seat  # P1 deals the first hand: "Pick up" rather than "Order up"
    button = app.bid_button("order")
    assert button.description.startswith("Pick up") and "alone" not in " ".join(app.bid_actions())
    button.click()
    assert c.state.hand.phase is Phase.DISCARD and len(c.view.hand) == 6
    click(app, Action("discard", card=c.view.hand[0]))
    hand = c.state.hand
    assert hand.maker == c.seat and not hand.sitting_out
    seats = seat_boxes(app)
    assert "maker" in seats["Player 1"][2]
    assert "defends" in seats["Player 2"][2] and "defends" in seats["Player 3"][2]
    play_on(app, bot_choice, until_hand_end=True)
    finished = c.hand
    assert [len(t.plays) for t in finished.tricks] == [3] * 5
    won = finished.tricks_won(c.seat.team)
    # three-handed scoring: 1 for 3 or 4 tricks, 3 for a march; a euchre scores 2 for each opponent
    want = {0: (0, 2, 2), 1: (0, 2, 2), 2: (0, 2, 2), 3: (1, 0, 0), 4: (1, 0, 0), 5: (3, 0, 0)}[won]
    assert c.state.scores == want
    assert [pts for _, pts in score_sides(app)] == list(want)
    assert "The maker (P1)" in app.trick_log.value
    assert "Player 1 (you) orders up" in app.bidding.value


def test_a_three_player_match_to_the_end_names_the_winner() -> None:
    rules = ClassicRules(players=3, target=3)
    app = ClassicApp(seed=2, rules=rules)
    play_on(app, bot_choice, until_hand_end=False)
    c = app.controller
    state = assert_bots_played_rule_based(app, rules, 2)
    winner = state.winner
    assert state.is_over and winner is not None
    words = "You win the match" if winner is c.seat.team else f"{winner.name} wins the match"
    assert words in c.message, c.message
    assert app.trick_log.value.count("<details>") == len(state.results) - 1


def test_the_rules_chooser_moves_between_tables_and_keeps_the_chosen_seat() -> None:
    app = ClassicApp(seed=4, seat="E")
    c = app.controller
    labels = dict((v, label) for label, v in app.rules_choice.options)
    assert "3 players" in labels["three-handed"] and "3 against 3" in labels["six-handed"]
    assert "3 pairs" in labels["six-handed-2v2v2"] and "4 players" in labels["standard"]
    assert "no partners" in labels["three-handed"]
    tree = [id(x) for x in app.children]
    for name, seat, players in [
        ("six-handed-2v2v2", "P1", 6),
        ("three-handed", "P1", 3),
        ("standard", "E", 4),
    ]:
        app.rules_choice.value = name
        app.new_match.click()
        assert not c.message_is_error, c.message
        assert c.rules == preset(name) and str(c.seat) == seat
        assert len(seat_boxes(app)) == players and len(score_sides(app)) == len(c.state.seating.teams)
        assert c.state.to_act == c.seat or c.waiting
        check_screen(app)
    assert [id(x) for x in app.children] == tree  # the widget tree is kept, only updated
    assert "You and your partner against" in app.title.value


def test_a_chosen_seat_at_six_and_a_seat_the_table_lacks() -> None:
    app = ClassicApp(seed=1, rules="six-handed", seat="P4")
    c = app.controller
    seats = seat_boxes(app)
    assert seats["Player 4"][0] == "bottom" and seats["Player 5"][0] == "lower-left"
    assert "Player 4 (you)" in seats["Player 4"][2] and "Player 2 (partner)" in seats["Player 2"][2]
    assert score_sides(app)[1][0].startswith("P246, you & partners P2 and P6")
    check_screen(app)
    with pytest.raises(DealError, match="use P1, P2 or P3"):
        ClassicApp(rules="three-handed", seat="P5")
    with pytest.raises(DealError, match="not a seat"):
        ClassicApp(rules="six-handed", seat="N")
    assert c.seat == SIX_3V3.parse("P4")


def test_a_teachers_six_player_deal_loads_with_the_student_at_p1() -> None:
    app = ClassicApp(seed=1)
    c = app.controller
    deal = Deal.from_seed(8, SIX_2V2V2.parse("P6"), size=32, seating=SIX_2V2V2)
    app.deal_text.value = json.dumps({"rules": "six-handed-2v2v2", **deal.to_json()})
    app.load.click()
    assert not c.message_is_error, c.message
    assert str(c.seat) == "P1" and c.state.seating is SIX_2V2V2 and c.state.hand.deal == deal
    assert len(seat_boxes(app)) == 6 and len(score_sides(app)) == 3
    assert "Player 6 (opponent, team P36) deals" in app.bidding.value
    check_screen(app)


HOUSE_RULES_3_6 = {
    "3: stick the dealer, farmer's hand, misdeals, no trump": ClassicRules(
        players=3, stick_the_dealer=True, farmers_hand=True, misdeal="either", no_trump="high-low"
    ),
    "3: joker, 28 cards, take 4 for 1, trump after broken": ClassicRules(
        players=3, deck=28, joker=True, take_4_for_1=True, trump_lead="after-broken"
    ),
    "6 (3v3): alone after the discard, loner-left lead": ClassicRules(
        players=6, deck=32, alone_timing="after-discard", alone_lead="loner-left"
    ),
    "6 (3v3): stick the dealer, no trump, misdeals": ClassicRules(
        players=6, deck=32, stick_the_dealer=True, no_trump="high-low", misdeal="no-face"
    ),
    "6 (2v2v2): call for best": ClassicRules(
        players=6, deck=32, six_handed_teams="2v2v2", call_for_best=True
    ),
    "6 (2v2v2): joker named blind, a loner must take 5": ClassicRules(
        players=6,
        deck=32,
        six_handed_teams="2v2v2",
        joker=True,
        joker_up="dealer-blind",
        alone_must_take_5=True,
    ),
}


@pytest.mark.parametrize("name", list(HOUSE_RULES_3_6))
def test_house_rules_at_three_and_six_players_are_played_with_the_generic_buttons(name: str) -> None:
    def scores_shown(app: ClassicApp) -> None:
        assert [pts for _, pts in score_sides(app)] == list(app.controller.state.scores)

    assert {"pass", "play"} <= play_house_rule_hands(HOUSE_RULES_3_6[name], scores_shown)


def test_call_for_best_at_2v2v2_the_partner_passes_a_card_and_the_loner_discards_by_clicking() -> None:
    rules = ClassicRules(players=6, deck=32, six_handed_teams="2v2v2", call_for_best=True)
    for seed in range(30):
        app = ClassicApp(seed=seed, rules=rules)
        c = app.controller
        if "order alone" not in app.bid_actions():
            app.close()
            continue
        click(app, "order alone")
        if c.state.hand.phase is Phase.DISCARD:  # the student deals: discard first
            click(app, Action("discard", card=c.view.hand[0]))
        if c.state.hand.phase is not Phase.LONER_DISCARD:
            app.close()
            continue
        partner = c.seat.partner
        assert "Player 4 (partner) passes a card to Player 1 (you)" in app.bidding.value
        seats = seat_boxes(app)
        assert "sits out" in seats[partner.word][2]
        assert len(c.view.hand) == 6 and "discard" in app.prompt.value.lower()
        check_screen(app)
        click(app, Action("discard", card=c.view.hand[0]))
        play_on(app, bot_choice, until_hand_end=True)
        assert all(len(t.plays) == 5 for t in c.hand.tricks)
        return
    raise AssertionError("no seed lets the student order up alone and call for best")


def test_the_four_player_table_keeps_its_words() -> None:
    """Compass names already say who is who: the four-player logs are not tagged."""
    app = ClassicApp(seed=7)
    assert "East passes." in app.bidding.value and "(opponent)" not in app.table.value
    assert "ec-n4" in app.table.value and "North (partner)" in app.table.value
    assert [label for label, _ in score_sides(app)] == ["NS, you & North", "EW, opponents"]
    assert classes(app) >= {"euchre-classic"}
    check_screen(app)


def test_new_match_rules_of_a_table_still_fit_the_engines_deals() -> None:
    app = ClassicApp(seed=0)
    app.rules_choice.value = "six-handed"
    app.seed.value = "12"
    app.new_match.click()
    c = app.controller
    assert c.state.hand.deal == new_match(preset("six-handed"), seed=12).hand.deal
    assert str(c.state.hand.dealer) == "P1"


def test_alone_after_the_discard_at_three_against_three_names_both_partners() -> None:
    rules = ClassicRules(players=6, deck=32, alone_timing="after-discard")
    for seed in range(40):
        app = ClassicApp(seed=seed, rules=rules)
        c = app.controller
        while c.my_turn and c.state.hand.phase in (Phase.ROUND_1, Phase.ROUND_2):
            act = next((a for a in app.bid_actions() if a.startswith(("order", "call"))), "pass")
            click(app, act)
        if c.my_turn and c.state.hand.phase is Phase.DISCARD:
            click(app, Action("discard", card=c.view.hand[0]))
        if not (c.my_turn and c.state.hand.phase is Phase.GO_ALONE):
            app.close()
            continue
        assert "your partners P3 and P5 sit out" in app.prompt.value
        assert [b.description for b in app.bid_buttons if "euchre-bid" in classes(b)] == [
            "Go alone",
            "Play with partner",
        ]
        click(app, "alone")
        assert c.state.hand.sitting_out == frozenset({SIX_3V3.parse("P3"), SIX_3V3.parse("P5")})
        play_on(app, bot_choice, until_hand_end=True)
        return
    raise AssertionError("no seed lets the student make trump and decide alone after the discard")


@pytest.mark.parametrize("name", ["three-handed", "six-handed", "six-handed-2v2v2"])
def test_suggest_explains_every_decision_of_a_hand_at_three_and_six(name: str) -> None:
    app = ClassicApp(seed=4, rules=name)
    c = app.controller
    seen = 0
    while not c.state.is_over:
        if c.waiting:
            if c.hand.tricks:  # a hand played to the end (a passed-out one is dealt again)
                break
            app.next_hand.click()
            continue
        before = (c.game.position, c.state)
        app.suggest.click()
        assert (c.game.position, c.state) == before and not c.message_is_error, c.message
        choice = bot_choice(app)
        label = app.bid_button(choice).description if choice.card is None else choice.card.symbol
        assert (label[0].lower() + label[1:]) in c.suggestion or label in c.suggestion, c.suggestion
        seen += 1
        click(app, choice)
    assert seen >= 5
