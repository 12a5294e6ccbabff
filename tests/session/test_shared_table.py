"""The student's side of a shared table against a real table service (in a thread, over WebSocket)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.errors import EuchreError
from euchre_tutor.games.bid.engine.game import BidGame
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.classic.session.tutor import ClassicTutor
from euchre_tutor.games.classic.widgets.app import prompt_html
from euchre_tutor.protocol.client import TableClient
from euchre_tutor.rules.games import find_game
from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.remote_seat import RemoteSeat
from euchre_tutor.session.shared_table import (
    TABLES_TOKEN_ENV,
    TABLES_URL_ENV,
    SeatKeys,
    ServiceLink,
    SharedTableController,
    missing_service_words,
    service_address,
    view_position,
)
from euchre_tutor.tricks.seating import FOUR
from tests.session.shared_helpers import TOKEN, RunningService, running_service, wait_until

NAMES = ("ann", "bob", "cat", "dan")


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[RunningService]:
    with running_service(tmp_path / "tables.sqlite") as running:
        yield running


def _table(
    svc: RunningService, keys: SeatKeys, options: dict[str, Any] | None = None, seed: int = 5
) -> tuple[str, dict[str, SharedTableController]]:
    """A started classic table with ann, bob, cat and dan at N, E, S, W."""
    players = {n: SharedTableController.connect(svc.url, TOKEN, n, keys) for n in NAMES}
    created = players["ann"].create("classic", options=options, seed=seed)
    assert created is not None, players["ann"].message
    table = str(created["id"])
    for name, seat in zip(NAMES, "NESW", strict=True):
        assert players[name].sit(table, seat), players[name].message
    assert players["ann"].start(), players["ann"].message
    return table, players


def _synced(svc: RunningService, table: str, players: dict[str, SharedTableController]) -> None:
    version = svc.on_loop(lambda: svc.service.tables[table].version)
    wait_until(
        lambda: all(p.version == version and p.started for p in players.values()),
        what=f"every seat at version {version}",
    )


def _true_game(svc: RunningService, table: str) -> Any:
    return svc.on_loop(lambda: svc.service.tables[table].game)


def _play_one_hand(
    svc: RunningService, table: str, players: dict[str, SharedTableController], pick: Any = None
) -> int:
    """Whoever is to act plays (their last legal action, or ``pick(controller)``) until the dealer changes;
    every seat's view is checked against the true game on the way. The number of actions."""
    spec = find_game("classic")
    _synced(svc, table, players)
    first_dealer = next(iter(players.values())).view.dealer
    moves = 0
    while True:
        _synced(svc, table, players)
        game = _true_game(svc, table)
        for p in players.values():
            assert p.view == spec.seat_view(game, p.seat)  # its own view, read back from the JSON
            others = {c for i, h in enumerate(game.state.hand.hands) if "NESW"[i] != p.seat for c in h}
            assert not others & set(p.view.hand)
        if p.view.dealer != first_dealer or game.state.is_over:
            return moves
        mover = next(p for p in players.values() if p.my_turn)
        action = pick(mover) if pick else mover.legal[-1]
        assert mover.act(action), mover.message
        moves += 1


def test_four_students_play_a_hand_each_seeing_only_their_own_seat(
    svc: RunningService, tmp_path: Path
) -> None:
    table, players = _table(svc, SeatKeys(tmp_path / "keys.json"))
    assert _play_one_hand(svc, table, players) >= 4
    for p in players.values():
        assert [s["player"] for s in p.seats] == list(NAMES)
        assert all(s["connected"] for s in p.seats)


def test_a_bad_click_is_refused_at_the_page_in_the_service_words(svc: RunningService, tmp_path: Path) -> None:
    table, players = _table(svc, SeatKeys(tmp_path / "keys.json"))
    _synced(svc, table, players)
    mover = next(p for p in players.values() if p.my_turn)
    idle = next(p for p in players.values() if not p.my_turn)
    version = idle.version
    assert not idle.act("pass")
    assert idle.message == f"It is {mover.seat}'s turn, not yours ({idle.seat})." and idle.message_is_error
    assert not idle.click_card(idle.view.hand[0])
    assert "turn" in idle.message
    assert not mover.act("dance")
    assert mover.message.startswith("Dance is not legal now; legal: ") and "pass" in mover.message
    # a card click while bidding names what is legal instead
    assert not mover.click_card(mover.view.hand[0])
    assert "cannot be played now; legal:" in mover.message
    assert svc.on_loop(lambda: svc.service.tables[table].version) == version


def test_the_service_refusal_is_said_and_changes_nothing(svc: RunningService, tmp_path: Path) -> None:
    keys = SeatKeys(tmp_path / "keys.json")
    table, _players = _table(svc, keys)
    eve = SharedTableController.connect(svc.url, TOKEN, "eve", keys)
    assert not eve.sit(table, "N")
    assert eve.message == "N is taken by ann." and eve.message_is_error
    assert eve.table is None
    assert eve.create("classic", options={"level": "godlike"}) is None
    assert eve.message == 'Level is one of beginner, club, expert, not "godlike".'


def test_a_new_kernel_sits_back_down_with_the_kept_credential(svc: RunningService, tmp_path: Path) -> None:
    keys_path = tmp_path / "keys.json"
    table, players = _table(svc, SeatKeys(keys_path))
    _synced(svc, table, players)
    bob = players["bob"]
    hand = bob.view.hand
    bob.close()  # the page is reloaded: its kernel and its connection are gone
    wait_until(
        lambda: not svc.on_loop(lambda: svc.service.tables[table].seats["E"].conn), what="bob's seat empty"
    )
    again = SharedTableController.connect(svc.url, TOKEN, "bob", SeatKeys(keys_path))
    assert again.resume(table), again.message
    assert again.seat == "E" and again.message == "Welcome back: you sit at E again."
    wait_until(lambda: again.view is not None, what="bob's view")
    assert again.view.hand == hand
    # the seat's page opened from the lobby (which took the seat a moment before) greets a first visit
    first = SharedTableController.connect(svc.url, TOKEN, "bob", SeatKeys(keys_path))
    assert first.resume(table, first=True), first.message
    assert first.seat == "E" and first.message == "You sit at E."
    # another name finds no seat kept, and a guessed credential is refused
    eve = SharedTableController.connect(svc.url, TOKEN, "eve", SeatKeys(keys_path))
    assert not eve.resume(table)
    SeatKeys(keys_path).put(svc.url, table, "eve", "E", "guessed-credential")
    assert not eve.resume(table)
    assert eve.message == "That credential is not E's at this table." and eve.seat is None


def test_no_service_configured_is_said_in_words() -> None:
    assert service_address({}) is None
    assert service_address({TABLES_URL_ENV: "ws://127.0.0.1:1/tables"}) is None
    assert service_address({TABLES_URL_ENV: " ws://x/tables ", TABLES_TOKEN_ENV: "t"}) == (
        "ws://x/tables",
        "t",
    )
    words = missing_service_words()
    assert "euchre-tutor serve" in words and TABLES_URL_ENV in words


def test_an_unreachable_service_or_a_wrong_token_is_a_teaching_error(svc: RunningService) -> None:
    with pytest.raises(EuchreError, match="ask the teacher for the class's token"):
        SharedTableController.connect(svc.url, "wrong", "ann")
    dead = svc.url.replace(svc.url.split(":")[2].split("/")[0], "1")
    with pytest.raises(EuchreError, match="does not answer"):
        SharedTableController.connect(dead, TOKEN, "ann")
    link = ServiceLink(svc.url, "wrong", "ann")
    with pytest.raises(EuchreError, match="ask the teacher"):
        link.connect()
    link._thread.join(timeout=5)  # a link that could not connect closes itself: its thread ends
    assert not link._thread.is_alive() and not link.connected


def _seat_tutor(controller: SharedTableController, store: ClassStore | None = None) -> ClassicTutor:
    """The one-person table's classic tutor on ``controller``'s seat (analysed inline, few deals)."""
    seat = RemoteSeat(controller)
    tutor = ClassicTutor.for_seat(seat, source=ClassicAdvisorSource(), runner="inline", worlds=40)
    assert isinstance(tutor, ClassicTutor)
    if store is not None:
        tutor.keep_drills(store, controller.name)
    return tutor


def test_the_tutor_hints_on_the_seat_view_and_grades_the_hand(svc: RunningService, tmp_path: Path) -> None:
    table, players = _table(svc, SeatKeys(tmp_path / "keys.json"), options={"suggestions": True})
    ann = players["ann"]
    tutor = _seat_tutor(ann)
    tutor.set_show_hint(True)
    asked = forced = 0

    def pick(c: SharedTableController) -> Any:
        nonlocal asked, forced
        if c is ann:
            wait_until(lambda: tutor.current_turn is not None, what="ann's turn read by the tutor")
            if len(c.legal) > 1:
                wait_until(lambda: tutor.current_hint is not None, what="ann's hint")
                hint = tutor.current_hint
                assert hint is not None and hint.best.action in c.legal
                assert {o.action for o in hint.options} == set(c.legal)
                asked += 1
                return hint.best.action
            # a forced card: the tutor says so at once, nothing is analysed (the hint never hangs)
            assert tutor.forced is not None and tutor.current_key is None and not tutor.analysing
            forced += 1
        return c.legal[-1]

    _play_one_hand(svc, table, players, pick)
    assert asked >= 1
    wait_until(lambda: tutor.review(1) is not None, what="hand 1 over")
    tutor.wait_for_analysis()
    graded = [d for d in tutor.decisions(1) if not d.forced]
    assert graded and all(tutor.grade_of(d) is not None for d in graded)
    assert all(tutor.grade_of(d).label == "Best" for d in graded if d.action == tutor.hint_of(d).best.action)
    assert all(tutor.grade_of(d).label == "Best" for d in tutor.decisions(1) if d.forced)
    tutor.close()


def test_a_forced_card_is_said_at_once_and_never_analysed(svc: RunningService, tmp_path: Path) -> None:
    """Issue 50: at the shared table the hint hung on "Analysing your turn" when the only legal card
    was forced. The one tutor says it is forced and analyses nothing, hint shown or not."""
    table, players = _table(svc, SeatKeys(tmp_path / "keys.json"), options={"suggestions": True})
    ann = players["ann"]
    tutor = _seat_tutor(ann)
    tutor.set_show_hint(True)
    seen: list[Any] = []

    def pick(c: SharedTableController) -> Any:
        if c is ann:
            wait_until(lambda: tutor.current_turn is not None, what="ann's turn read by the tutor")
            if tutor.forced is not None:
                seen.append(tutor.forced)
                assert tutor.current_key is None and tutor.current_hint is None and not tutor.analysing
        return c.legal[-1]

    for _ in range(3):  # a forced card comes within a few hands (the last card of a hand at least)
        _play_one_hand(svc, table, players, pick)
        if seen:
            break
    assert seen, "no forced card in three hands"
    tutor.close()


def test_the_seat_says_the_deal_and_who_bid_what_and_the_game_asks_the_dealer_to_discard(
    svc: RunningService, tmp_path: Path
) -> None:
    table, players = _table(svc, SeatKeys(tmp_path / "keys.json"))
    seats = {name: RemoteSeat(c) for name, c in players.items()}
    tutors = [ClassicTutor.for_seat(seat, source=None) for seat in seats.values()]  # their words
    _synced(svc, table, players)
    # the deal told in the classic table's own words, its dealer named by player
    for name, p in players.items():
        dealer_words = seats[name]._told(ClassicController.deal_event(1, p.view), p.view)
        assert dealer_words.startswith("Hand 1: ") and dealer_words.endswith(
            f"the up card is {p.view.up.symbol}."
        )
        wait_until(lambda p=p, w=dealer_words: w in p.message, what=f"{name} told of the deal")
    mover = next(p for p in players.values() if p.my_turn)
    assert seats[mover.name].prompt() == ""  # the game's table asks, in its own words
    assert prompt_html(seats[mover.name], mover.view, seats[mover.name].hand_logs()[-1]).startswith("Round 1")
    idle = next(p for p in players.values() if not p.my_turn)
    assert seats[idle.name].prompt() == f"Waiting for {mover.name} ({mover.view.seat.word}) to bid."
    # the first seat orders up: every other seat reads who did what, by name; the dealer is asked to discard
    order = next(a for a in mover.legal if str(a).startswith("order") and "alone" not in str(a))
    version = mover.version
    assert mover.act(order), mover.message
    wait_until(lambda: all(p.version > version for p in players.values()), what="the order seen by all")
    dealer = next(p for p in players.values() if p.view.seat == p.view.dealer)
    for name, p in players.items():
        if p is mover:
            continue
        wait_until(lambda p=p: "Order up" in p.message, what=f"{name} told of the order")
        assert f"{mover.name} ({mover.view.seat.word}): Order up" in p.message
        assert f"{mover.name} ({mover.view.seat.word}): Order up" in seats[name].hand_logs()[-1].bidding[-1]
    assert dealer.my_turn and {a.kind for a in dealer.legal} == {"discard"}
    asked = prompt_html(seats[dealer.name], dealer.view, seats[dealer.name].hand_logs()[-1])
    assert asked == f"You picked up {dealer.view.up.symbol}: click a card to discard it face down."
    other = next(p for p in players.values() if p is not dealer)
    waiting = f"Waiting for {dealer.name} ({dealer.view.seat.word}), the dealer, to discard."
    assert seats[other.name].prompt() == waiting
    for tutor in tutors:
        tutor.close()


def test_random_seats_move_each_student_and_their_kept_key(svc: RunningService, tmp_path: Path) -> None:
    keys = SeatKeys(tmp_path / "keys.json")
    table, players = _table(svc, keys, options={"random_seats": True}, seed=9)
    _synced(svc, table, players)
    truth = svc.on_loop(lambda: {s: h.name for s, h in svc.service.tables[table].seats.items()})
    for name, p in players.items():
        assert truth[p.seat] == name  # type: ignore[index]
        kept = keys.get(svc.url, table, name)
        assert kept is not None and kept[0] == p.seat


def _worst(spec_name: str, worlds: int = 40) -> Any:
    """A pick that plays ann's worst choice by the advisor (so her hand has Mistakes to review)."""
    spec = find_game(spec_name)

    def pick(c: SharedTableController) -> Any:
        if c.name == "ann" and len(c.legal) > 1:
            values = spec.analyse(c.view, worlds, 0)
            return min(c.legal, key=lambda a: values[a])
        return c.legal[-1]

    return pick


def test_after_a_hand_the_review_statistics_drills_and_a_retry(svc: RunningService, tmp_path: Path) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    table, players = _table(svc, SeatKeys(tmp_path / "keys.json"), options={"suggestions": False})
    ann = players["ann"]
    tutor = _seat_tutor(ann, store)
    assert not tutor.hint_allowed
    tutor.set_show_hint(True)
    assert not tutor.show_hint  # no hint at a table without suggestions: grades only
    before = svc.on_loop(lambda: list(svc.service.tables[table].game.state.scores))
    _play_one_hand(svc, table, players, _worst("classic"))
    wait_until(lambda: tutor.review(1) is not None, what="hand 1 over")
    tutor.wait_for_analysis()
    decisions = [d for d in tutor.decisions(1) if not d.forced]
    assert decisions and all(tutor.grade_of(d) is not None for d in decisions)
    # the hand's points, from the student's side, as the true game scored it
    after = svc.on_loop(lambda: list(svc.service.tables[table].game.state.scores))
    gained = [a - b for a, b in zip(after, before, strict=True)]
    (log,) = [h for h in tutor.controller.hand_logs() if h.number == 1]
    assert tutor._hand_points(log) == gained[0] - gained[1]  # ann sits N, team 0
    # the review in words: the bidding by name, every decision of ann's in a step
    review = tutor.review(1)
    assert review is not None and review.steps[0].title == "Bidding"
    assert all(":" in line for line in review.steps[0].lines) and review.steps[0].lines
    assert [d for s in review.steps for d in s.decisions] == tutor.decisions(1)
    # the statistics: every graded decision, and the hand's result
    summary = tutor.stats.summary()
    assert summary.decisions == len(decisions) and summary.deals == 1
    assert summary.points == gained[0] - gained[1]
    # the key moments: Inaccuracy or worse, the costliest first
    keys = tutor.key_moments(1)
    assert keys and all(tutor.grade_of(d).label not in ("Best", "Good") for d in keys)
    # every Mistake and Blunder is a drill, in the session's deck and in ann's deck on the class server
    mistakes = [d for d in decisions if tutor.grade_of(d).label in ("Mistake", "Blunder")]
    assert mistakes, [tutor.grade_of(d).label for d in decisions]
    assert len(tutor.drills) == len(mistakes)
    kept = store.deck("ann")
    assert kept is not None and {d.id for d in kept.drills} == {d.id for d in tutor.drills.drills}
    spec = find_game("classic")
    for drill, d in zip(tutor.drills.drills, mistakes, strict=True):
        view = spec.read_position(drill.position)
        assert view.hand == d.view.hand and view.legal == d.view.legal and drill.answer == str(d.action)
    # a retry: graded against the same analysis; the best answer is Best, a bad one is refused in words
    d = keys[0]
    version = svc.on_loop(lambda: svc.service.tables[table].version)
    hint = tutor.hint_of(d)
    assert hint is not None
    done = tutor.retry(d, hint.best.action)
    assert done.grade.label == "Best" and tutor.retries == [done]
    assert tutor.retry(d, str(d.action)).grade == tutor.grade_of(d)
    with pytest.raises(EuchreError, match="was not legal at that moment: the legal choices were"):
        tutor.retry(d, "order alone")
    forced = next((x for x in tutor.decisions(1) if x.forced), None)
    if forced is not None:
        with pytest.raises(EuchreError, match="only legal choice"):
            tutor.retry(forced, forced.action)
    assert svc.on_loop(lambda: svc.service.tables[table].version) == version  # the table is not touched
    tutor.close()


@pytest.mark.parametrize("name", ["bid", "classic"])
def test_view_position_writes_a_seat_view_that_reads_back(name: str) -> None:
    spec = find_game(name)
    game = spec.new_game(3)
    plays = written = steps = 0
    for _ in range(20):  # the bidding, then tricks: a card of every seat's on the way
        seat = spec.to_act(game)
        if seat is None:
            break
        steps += 1
        view = spec.seat_view(game, seat)
        position = view_position(name, view, 1)
        if position is not None:
            back = spec.read_position(position)
            assert back.hand == view.hand and back.legal == view.legal
            written += 1
        plays += str(view.legal[-1]).startswith("play")
        game.apply(view.legal[-1])
    assert plays >= 4 and written == steps, (written, steps)
    assert view_position("solitaire", view) is None


@pytest.mark.parametrize(
    ("rules", "call"),
    [
        ({}, "bid call 2 H"),
        ({}, "bid call 1 S"),
        ({}, "bid 3 D"),
        ({"double_deck": True}, "bid call 2 H"),
    ],
)
def test_a_bid_hand_with_a_kitty_and_a_call_is_written_at_every_decision_of_every_seat(
    rules: dict[str, Any], call: str
) -> None:
    """After the kitty exchange and a call's cards (hidden from most seats) each seat's view is still
    written as a drill position, and the position reads back as the whole view (the scores aside; a
    double deck's hand in another order)."""
    spec = find_game("bid")
    game = BidGame(BidRules(kitty=True, alone_bids="call-2", **rules), seed=5)
    phases: set[str] = set()
    written = 0
    while (seat := spec.to_act(game)) is not None and spec.seat_view(game, seat).phase.value != "over":
        for watcher in FOUR.seats:  # every seat's view at every step, the one to act or not
            view = spec.seat_view(game, watcher)
            position = view_position("bid", view, written)
            assert position is not None, (view.phase, watcher, [str(a) for _, a in view.bids])
            back = spec.read_position(position)
            assert sorted(map(str, back.hand)) == sorted(map(str, view.hand))
            # a position does not write the hidden discards one by one: the counts read back may be ahead
            assert (
                replace(back, scores=view.scores, hand=view.hand, legal=view.legal, counts=view.counts)
                == view
            )
            assert sorted(map(str, back.legal)) == sorted(map(str, view.legal))
            written += 1
        acting = spec.seat_view(game, seat)
        phases.add(acting.phase.value)
        by_name = {str(a): a for a in acting.legal}
        choice = (
            call if call in by_name else "pass" if acting.phase.value == "bidding" else str(acting.legal[-1])
        )
        game.apply(by_name[choice])
        if game.state.hand.tricks and len(game.state.hand.tricks) >= 2:
            break
    wanted = {"bidding", "kitty", "play"} | ({"call", "loner-discard"} if "call" in call else set())
    assert wanted <= phases, phases


def test_a_listener_that_fails_does_not_end_the_connection(svc: RunningService, capsys: Any) -> None:
    """A bug in what a page does with a message the service sends (a view, a seat taken) is reported, and
    the connection reads on: before, it ended the reader, and every later request waited out its timeout
    with the connection looking open ("The table service did not answer")."""

    async def scenario() -> None:
        ann = await TableClient.connect(svc.url, TOKEN, "ann")
        bob = await TableClient.connect(svc.url, TOKEN, "bob")
        told: list[dict[str, Any]] = []

        def failing(got: dict[str, Any]) -> None:
            told.append(got)
            raise RuntimeError("a listener's bug")

        ann.on_message = failing
        table = (await ann.request({"type": "create", "game": "classic", "seed": 3}))["table"]["id"]
        await ann.request({"type": "sit", "table": table, "seat": "N"})
        await bob.request({"type": "sit", "table": table, "seat": "S"})  # ann is told: a listener fails
        for _ in range(100):
            if told:
                break
            await asyncio.sleep(0.05)
        assert told, "the service told ann nothing"
        reply = await ann.request({"type": "view", "table": table}, timeout=5)  # still read
        assert reply["table"] == table
        await ann.close()
        await bob.close()

    asyncio.run(scenario())
    assert "a listener's bug" in capsys.readouterr().err
