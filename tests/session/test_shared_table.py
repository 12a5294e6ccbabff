"""The student's side of a shared table against a real table service (in a thread, over WebSocket)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.errors import EuchreError
from euchre_tutor.session.games import game_spec
from euchre_tutor.session.shared_table import (
    TABLES_TOKEN_ENV,
    TABLES_URL_ENV,
    SeatKeys,
    SharedTableController,
    SharedTutor,
    missing_service_words,
    service_address,
)
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
    spec = game_spec("classic")
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


def test_the_tutor_hints_on_the_seat_view_and_grades_the_hand(svc: RunningService, tmp_path: Path) -> None:
    table, players = _table(svc, SeatKeys(tmp_path / "keys.json"), options={"suggestions": True})
    ann = players["ann"]
    tutor = SharedTutor(ann, worlds=40)
    tutor.set_show_hint(True)
    asked = 0

    def pick(c: SharedTableController) -> Any:
        nonlocal asked
        if c is ann and len(c.legal) > 1:
            wait_until(lambda: tutor.current_hint() is not None, what="ann's hint")
            hint = tutor.current_hint()
            assert hint is not None and hint.best in c.legal and set(hint.values) == set(c.legal)
            asked += 1
            return hint.best
        return c.legal[-1]

    _play_one_hand(svc, table, players, pick)
    assert asked >= 1
    wait_until(lambda: 1 in tutor.finished, what="hand 1 over")
    tutor.wait()
    graded = [d for d in tutor.review(1) if len(d.view.legal) > 1]
    assert graded and all(d.grade is not None and d.grade.label for d in graded)
    assert all(d.grade.label == "Best" for d in graded if d.action == d.advice.best)
    tutor.close()


def test_without_suggestions_no_hint_but_grades_after_the_hand(svc: RunningService, tmp_path: Path) -> None:
    table, players = _table(svc, SeatKeys(tmp_path / "keys.json"), options={"suggestions": False})
    ann = players["ann"]
    tutor = SharedTutor(ann, worlds=40)
    tutor.set_show_hint(True)
    _synced(svc, table, players)
    assert (
        tutor.hint_refusal()
        == "This table allows no suggestions during play: your grades come after each hand."
    )
    _play_one_hand(svc, table, players)
    assert tutor.hints == {}
    wait_until(lambda: 1 in tutor.finished, what="hand 1 over")
    tutor.wait()
    assert any(d.grade is not None for d in tutor.review(1))
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
