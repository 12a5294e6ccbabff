"""The teacher's messages: every table, face up, closing a table, the class's finished matches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_tutor.rules.games import find_format
from euchre_tutor.service import Store, TableService
from euchre_tutor.service.wire import card_words_in
from euchre_tutor.session.learning import grade_saved_text
from tests.service.helpers import TEACHER, TOKEN, Client, hello, service, teacher
from tests.service.test_protocol import FIRST, _play_out, _started, _table


def test_the_teacher_sees_every_table_private_ones_too_with_players_score_hand_and_who_is_here() -> None:
    svc, tid, ann, _bob, _ = _started()
    cat = hello(svc, "cat")
    hidden = cat.reply({"type": "create", "game": FIRST, "options": {"private": True}})["table"]["id"]
    cat.reply({"type": "sit", "table": hidden, "seat": "N", "invite": svc.tables[hidden].invite})
    svc.disconnect(ann.conn)
    boss = teacher(svc)
    tables = {t["id"]: t for t in boss.reply({"type": "overview"})["tables"]}
    assert set(tables) == {tid, hidden}
    assert tables[hidden]["options"]["private"] and "invite" not in json.dumps(tables[hidden])
    seats = {s["player"]: s for s in tables[tid]["seats"] if s["player"]}
    assert seats["ann"]["connected"] is False and seats["bob"]["connected"] is True
    assert tables[tid]["hand"] == 1 and tables[tid]["score"] == [0, 0]
    assert [s["player"] for s in tables[hidden]["seats"] if s["player"]] == ["cat"]
    assert cat.reply({"type": "list"})["tables"][0]["id"] == tid, "students still do not see it"


def test_the_teacher_watches_any_table_face_up_without_its_invite_or_a_watchers_place() -> None:
    svc = service()
    ann = hello(svc, "ann")
    created = ann.reply({"type": "create", "game": FIRST, "options": {"private": True, "watchers": "none"}})
    tid = created["table"]["id"]
    ann.reply({"type": "sit", "table": tid, "seat": "S", "invite": created["invite"]})
    ann.reply({"type": "start", "table": tid})
    boss = teacher(svc)
    boss.reply({"type": "watch", "table": tid})
    view = boss.inbox[-1]
    assert view["type"] == "view" and set(view["views"]) == {"N", "E", "S", "W"}
    game = svc.tables[tid].game
    every_hand = {str(c) for seat in game.state.hand.seating.seats for c in game.state.hand.hands[seat]}
    assert every_hand <= card_words_in(view)
    assert boss.reply({"type": "overview"})["tables"][0]["watchers"] == 0, "the teacher takes no place"
    legal = ann.reply({"type": "view", "table": tid})["view"]["legal"]
    boss.inbox.clear()
    ann.send({"type": "act", "table": tid, "action": legal[-1]})
    assert boss.inbox and all("views" in m for m in boss.inbox if m["type"] == "view"), "kept face up"
    assert boss.send({"type": "act", "table": tid, "action": legal[0]})["code"] == "not_seated"  # type: ignore[index]


def test_the_teacher_closes_a_table_and_every_seat_and_watcher_is_told() -> None:
    svc, tid, ann, bob, _ = _started()
    eve = hello(svc, "eve")
    eve.reply({"type": "watch", "table": tid})
    boss = teacher(svc)
    assert boss.reply({"type": "close", "table": tid}) == {"type": "closed", "re": 7, "table": tid}
    for c in (ann, bob, eve):
        assert {"type": "closed", "table": tid} in c.inbox
    assert tid not in svc.tables and svc.store.open_tables() == []
    refused = ann.send({"type": "act", "table": tid, "action": "pass"})
    assert refused["code"] == "no_table" and "has ended" in refused["message"]  # type: ignore[index]
    assert boss.send({"type": "close", "table": tid})["code"] == "no_table"  # type: ignore[index]
    # an id that never was a table is told so, not that it ended
    assert "has ended" not in ann.send({"type": "act", "table": "nope", "action": "pass"})["message"]  # type: ignore[index]


def test_the_class_s_finished_matches_download_as_save_files_the_report_reads(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    svc = service(Store(db))
    ann = hello(svc, "ann")
    tid = _table(svc, ann, rules={"target": 1})
    unfinished = _table(svc, ann)
    ann.reply({"type": "sit", "table": tid, "seat": "W"})
    ann.reply({"type": "start", "table": tid})
    ann.inbox.clear()
    _play_out(svc, tid, [ann], FIRST, None)
    assert svc.tables[tid].over
    boss = teacher(svc)
    boss.reply({"type": "close", "table": unfinished})  # closed before its end: not a finished match
    listed = boss.reply({"type": "matches"})["matches"]
    assert [m["table"] for m in listed] == [tid]
    assert {"seat": "W", "player": "ann"} in listed[0]["seats"]
    saved = boss.reply({"type": "save", "table": tid})
    assert saved["format"] == saved["save"]["format"]
    spec = find_format(saved["save"]["format"])
    assert spec is not None
    game = spec.load_game(saved["save"])
    assert game.to_json() == svc.tables[tid].game.to_json()
    graded = grade_saved_text(json.dumps(saved["save"]), name="ann", seat="W", quick=True)
    assert graded.name == "ann"
    # after a restart the finished match is no open table, and it still downloads
    again = service(Store(db))
    assert tid not in again.tables
    assert teacher(again).reply({"type": "save", "table": tid})["save"] == saved["save"]
    assert boss.send({"type": "save", "table": "nope"})["code"] == "no_table"  # type: ignore[index]


def test_the_teacher_s_token_is_a_secret_of_its_own() -> None:
    with pytest.raises(ValueError, match="secret of its own"):
        TableService(token=TOKEN, teacher_token=TOKEN)
    plain = TableService(token=TOKEN)
    eve = Client(plain)
    reply = eve.send({"type": "hello", "teacher": TEACHER, "name": "eve"})
    assert reply is not None and reply["code"] == "bad_token" and "--teacher-token" in reply["message"]
    assert eve.closed


def test_computer_players_think_off_the_loop_and_a_stale_choice_is_dropped() -> None:
    """With ``think``, a computer's choice is applied when it comes back, and only if the table is
    still where it was (not closed meanwhile)."""
    jobs: list[tuple[object, object]] = []
    svc = service(think=lambda choose, done: jobs.append((choose, done)))
    ann = hello(svc, "ann")
    tid = _table(svc, ann)
    ann.reply({"type": "sit", "table": tid, "seat": "S"})
    ann.reply({"type": "start", "table": tid})
    table = svc.tables[tid]
    moved = 0
    while table.to_act != "S":
        assert len(jobs) == 1 and table.thinking, "one choice at a time, off the loop"
        version = table.version
        choose, done = jobs.pop()
        done(choose())  # type: ignore[operator]
        assert table.version == version + 1
        moved += 1
    assert moved >= 1 and not jobs and not table.thinking
    legal = ann.reply({"type": "view", "table": tid})["view"]["legal"]
    ann.send({"type": "act", "table": tid, "action": legal[-1]})
    if table.to_act != "S":
        choose, done = jobs.pop()
        version = table.version
        teacher(svc).reply({"type": "close", "table": tid})
        done(choose())  # type: ignore[operator]
        assert table.version == version and svc.store.table(tid).actions[-1].n == version - 1  # type: ignore[union-attr]
