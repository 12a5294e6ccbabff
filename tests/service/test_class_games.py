"""A shared table's finished match lands in the class's store under each student's name, turned so
that the report grades that student's own seat (the service in its own process)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.protocol.client import TableClient, run_to_end
from euchre_tutor.rules.games import find_game
from euchre_tutor.service.process import service_process
from euchre_tutor.session.class_matches import student_save
from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.learning import grade_saved_text
from tests.session.shared_helpers import wait_until

TOKEN = "class-token"
TEACHER = "teacher-token"
ROOT = Path(__file__).resolve().parents[2]


async def _sit_and_start(url: str, rules: Any) -> str:
    """Ann sits at East and Ben at South of a new classic table; Ann starts; both leave (with no grace,
    the computer plays for them). A computer takes North and West."""
    async with (
        await TableClient.connect(url, TOKEN, "Ann") as ann,
        await TableClient.connect(url, TOKEN, "Ben O'Hara") as ben,
    ):
        created = await ann.request({"type": "create", "game": "classic", "seed": 9, "rules": rules})
        table = str(created["table"]["id"])
        await ann.request({"type": "sit", "table": table, "seat": "E"})
        await ben.request({"type": "sit", "table": table, "seat": "S"})
        await ann.request({"type": "start", "table": table})
    return table


async def _finished_save(url: str, table: str) -> dict[str, Any] | None:
    async with await TableClient.connect(url, None, "T", teacher=TEACHER) as teacher:
        listed = (await teacher.request({"type": "matches"}))["matches"]
        if not any(m["table"] == table for m in listed):
            return None
        return (await teacher.request({"type": "save", "table": table}))["save"]  # type: ignore[no-any-return]


def test_a_finished_match_is_kept_under_each_students_name_at_their_own_seat(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    extra = ["--allow-seed", "--grace", "0", "--keep-games"]
    rules = {**find_game("classic").new_game(0).rules.to_json(), "target": 3}
    with service_process(db, token=TOKEN, teacher_token=TEACHER, extra=extra, env=env) as running:
        table = run_to_end(_sit_and_start(running.url, rules))
        found: list[dict[str, Any]] = []

        def over() -> bool:
            save = run_to_end(_finished_save(running.url, table))
            if save is not None:
                found.append(save)
            return save is not None

        wait_until(over, 90, "the match's end")
        wait_until(lambda: bool(ClassStore(db).games("Ann")), 10, "Ann's game in the class's store")
    store = ClassStore(db)
    assert store.students() == ["Ann", "Ben O'Hara"], "named students only: the computer seats are skipped"
    spec = find_game("classic")
    played = spec.load_game(found[0])
    (ann,) = store.games("ann")
    (ben,) = store.games("ben o'hara")
    assert ann.game == ben.game == "euchre-tutor/classic-game"
    # Ben sat at South: his save is the match as played; Ann's is turned so that East is South
    assert spec.load_game(json.loads(ben.save)).to_json() == played.to_json()
    turned = spec.load_game(json.loads(ann.save))
    assert turned.state.is_over and turned.state.hand_number == played.state.hand_number
    first = spec.load_game({**found[0], "actions": [], "position": 0}).state.hand.deal
    first_turned = spec.load_game({**turned.to_json(), "actions": [], "position": 0}).state.hand.deal
    assert first_turned.hands[first_turned.seating.parse("S")] == first.hands[first.seating.parse("E")]
    assert sorted(turned.state.scores) == sorted(played.state.scores)
    # the report (and the Practice page) grade South: in Ann's save that is Ann's seat
    graded = grade_saved_text(ann.save, name="Ann", quick=True)
    assert graded.seat == "South" or graded.seat.startswith("S")
    decisions = sum(len(h.moves) for h in graded.hands)
    assert decisions > 0


@pytest.mark.parametrize(
    ("game", "players", "seat"), [("bid", 4, "W"), ("classic", 3, "P2"), ("classic", 6, "P5")]
)
def test_a_match_turned_around_the_table_is_the_same_match(game: str, players: int, seat: str) -> None:
    spec = find_game(game)
    assert spec.new_match is not None
    rules = spec.new_game(0).rules.to_json()
    if game == "classic":
        rules = {**rules, "players": players, "target": 3}
        if players == 6:
            rules = {**rules, "deck": 32}
    match = spec.new_match(rules, 4)
    rng = random.Random(1)
    for _ in range(80):  # a few hands (the match's end, or part of a hand)
        if spec.to_act(match) is None:
            break
        match.apply(rng.choice(spec.legal(match)))
    assert match.state.hand_number > 1
    turned = spec.load_game(student_save(spec, match, seat))
    seating = match.state.first_dealer.seating
    student = seating.parse("S" if seating.players == 4 else "P1")
    first = spec.load_game({**match.to_json(), "actions": [], "position": 0}).state.hand.deal
    first_turned = spec.load_game({**turned.to_json(), "actions": [], "position": 0}).state.hand.deal
    assert first_turned.hands[student] == first.hands[seating.parse(seat)]
    assert turned.state.hand_number == match.state.hand_number
    assert sorted(turned.state.scores) == sorted(match.state.scores)
    assert [str(a) for a in turned.actions] == [str(a) for a in match.actions]
