"""The protocol's one schema: every field checked once (a mistyped one is ``malformed``, naming it),
the points the document settles (each tested here), and the document's tables are the schema's."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.protocol.schema import (
    INVITE_ALPHABET,
    INVITE_LENGTH,
    NAME_LIMIT,
    REFUSALS,
    REQUESTS,
    Code,
    Kind,
    messages_table,
    refusals_table,
)
from euchre_tutor.service import TableService
from euchre_tutor.service.core import _HANDLERS
from tests.service.helpers import TOKEN, Client, hello, service, teacher
from tests.service.test_protocol import FIRST, _snapshot, _started, _table

DOC = Path(__file__).resolve().parents[2] / "docs" / "table-protocol.md"

Make = Callable[[str, Client, Client], dict[str, Any] | str]

#: (message, the refusal's code, a word its message must hold: the field's name)
REFUSED: dict[str, tuple[Make, Code, str]] = {
    "version as text": (
        lambda t, a, b: {"type": "act", "table": t, "action": "pass", "version": "0"},
        Code.MALFORMED,
        "'version'",
    ),
    "version as a list": (
        lambda t, a, b: {"type": "act", "table": t, "action": "pass", "version": [0]},
        Code.MALFORMED,
        "'version'",
    ),
    "version -1": (
        lambda t, a, b: {"type": "act", "table": t, "action": "pass", "version": -1},
        Code.MALFORMED,
        "'version'",
    ),
    "version 1.5": (
        lambda t, a, b: {"type": "act", "table": t, "action": "pass", "version": 1.5},
        Code.MALFORMED,
        "'version'",
    ),
    "version true": (
        lambda t, a, b: {"type": "act", "table": t, "action": "pass", "version": True},
        Code.MALFORMED,
        "'version'",
    ),
    "version ahead": (
        lambda t, a, b: {"type": "act", "table": t, "action": "pass", "version": 999},
        Code.BAD_VERSION,
        "ahead",
    ),
    "action missing": (lambda t, a, b: {"type": "act", "table": t}, Code.MALFORMED, "'action'"),
    "action as a list": (
        lambda t, a, b: {"type": "act", "table": t, "action": ["pass"]},
        Code.MALFORMED,
        "'action'",
    ),
    "table as a number": (lambda t, a, b: {"type": "view", "table": 5}, Code.MALFORMED, "'table'"),
    "table missing": (lambda t, a, b: {"type": "start"}, Code.MALFORMED, "'table'"),
    "seat as a number on act": (
        lambda t, a, b: {"type": "act", "table": t, "action": "pass", "seat": 2},
        Code.MALFORMED,
        "'seat'",
    ),
    "another seat on act": (
        lambda t, a, b: {"type": "act", "table": t, "action": "pass", "seat": b.conn.tables[t]},
        Code.WRONG_SEAT,
        "own seat",
    ),
    "another seat on view": (
        lambda t, a, b: {"type": "view", "table": t, "seat": b.conn.tables[t]},
        Code.WRONG_SEAT,
        "own view",
    ),
    "phrase as text": (
        lambda t, a, b: {"type": "chat", "table": t, "phrase": "two"},
        Code.MALFORMED,
        "'phrase'",
    ),
    "phrase out of range": (
        lambda t, a, b: {"type": "chat", "table": t, "phrase": 8},
        Code.MALFORMED,
        "'phrase'",
    ),
    "chat text as a number": (
        lambda t, a, b: {"type": "chat", "table": t, "text": 5},
        Code.MALFORMED,
        "'text'",
    ),
    "chat text of control characters": (
        lambda t, a, b: {"type": "chat", "table": t, "text": "\t\n\x00"},
        Code.MALFORMED,
        "'text'",
    ),
    "invite as a number": (
        lambda t, a, b: {"type": "watch", "table": t, "invite": 5},
        Code.MALFORMED,
        "'invite'",
    ),
    "credential as a number": (
        lambda t, a, b: {"type": "sit", "table": t, "seat": "N", "credential": 5},
        Code.MALFORMED,
        "'credential'",
    ),
    "credential without a seat": (
        lambda t, a, b: {"type": "sit", "table": t, "credential": "x"},
        Code.MALFORMED,
        "'seat'",
    ),
    "options not an object": (
        lambda t, a, b: {"type": "create", "game": FIRST, "options": "private"},
        Code.MALFORMED,
        "'options'",
    ),
    "rules as a number": (
        lambda t, a, b: {"type": "create", "game": FIRST, "rules": 5},
        Code.MALFORMED,
        "'rules'",
    ),
    "seed as text": (
        lambda t, a, b: {"type": "create", "game": FIRST, "seed": "3"},
        Code.MALFORMED,
        "'seed'",
    ),
    "game missing": (lambda t, a, b: {"type": "create"}, Code.MALFORMED, "'game'"),
    "option of the wrong type": (
        lambda t, a, b: {"type": "create", "game": FIRST, "options": {"time_limit": "7"}},
        Code.BAD_OPTION,
        "'time_limit'",
    ),
    "id that is an object": (lambda t, a, b: {"type": "list", "id": {"n": 1}}, Code.MALFORMED, "'id'"),
    "id that is true": (lambda t, a, b: {"type": "list", "id": True}, Code.MALFORMED, "'id'"),
    "id too long": (lambda t, a, b: {"type": "list", "id": "x" * 65}, Code.MALFORMED, "'id'"),
    "no type": (lambda t, a, b: {"table": t}, Code.MALFORMED, "type"),
    "type as a number": (lambda t, a, b: {"type": 3}, Code.MALFORMED, "type"),
    "type null": (lambda t, a, b: {"type": None}, Code.MALFORMED, "type"),
    "unknown type": (lambda t, a, b: {"type": "deal"}, Code.UNKNOWN_TYPE, '"deal"'),
    "name too long": (
        lambda t, a, b: {"type": "hello", "token": TOKEN, "name": "x" * (NAME_LIMIT + 1)},
        Code.MALFORMED,
        "'name'",
    ),
    "name of spaces and tabs": (
        lambda t, a, b: {"type": "hello", "token": TOKEN, "name": " \t "},
        Code.MALFORMED,
        "'name'",
    ),
    "name as a number": (
        lambda t, a, b: {"type": "hello", "token": TOKEN, "name": 7},
        Code.MALFORMED,
        "'name'",
    ),
    "token as a number": (
        lambda t, a, b: {"type": "hello", "token": 7, "name": "ann"},
        Code.MALFORMED,
        "'token'",
    ),
}


@pytest.mark.parametrize("case", REFUSED, ids=list(REFUSED))
def test_a_wrong_field_is_refused_with_its_own_code_and_words_and_changes_nothing(case: str) -> None:
    svc, tid, ann, bob, _ = _started()
    make, code, words = REFUSED[case]
    before = _snapshot(svc, tid)
    told = len(bob.inbox)
    reply = ann.send(make(tid, ann, bob))
    assert reply is not None and reply["type"] == "error", reply
    assert reply["code"] == code and words in reply["message"], reply
    assert "re" not in reply, "no id was sent: no re"
    assert _snapshot(svc, tid) == before and len(bob.inbox) == told


def test_the_version_ahead_says_where_the_table_is() -> None:
    svc, tid, ann, _bob, _ = _started()
    version = svc.tables[tid].version
    reply = ann.send({"type": "act", "table": tid, "action": "pass", "version": version + 3})
    assert reply is not None and reply["code"] == "bad_version"
    assert f"the table is at version {version}; your version {version + 3} is ahead of it" in reply["message"]
    if version > 0:
        stale = ann.send({"type": "act", "table": tid, "action": "pass", "version": version - 1})
        assert stale is not None and stale["code"] == "stale"


def test_a_refusal_carries_the_id_back_and_a_reply_has_no_re_without_one() -> None:
    svc, tid, ann, _bob, _ = _started()
    error = ann.send({"type": "act", "table": tid, "action": "pass", "version": "0", "id": "k1"})
    assert error is not None and error["code"] == "malformed" and error["re"] == "k1"
    unknown = ann.send({"type": "deal", "id": 4})
    assert unknown is not None and unknown["code"] == "unknown_type" and unknown["re"] == 4
    listed = ann.send({"type": "list"})
    assert listed is not None and listed["type"] == "tables" and "re" not in listed
    boss = teacher(svc)
    overview = boss.send({"type": "overview"})
    assert overview is not None and overview["type"] == "overview" and "re" not in overview


def test_the_own_seat_may_be_named_on_act_and_view_and_a_watcher_names_none() -> None:
    svc, tid, ann, _bob, _ = _started()
    mine = ann.conn.tables[tid]
    assert ann.reply({"type": "view", "table": tid, "seat": mine})["seat"] == mine
    legal = ann.reply({"type": "view", "table": tid})["view"]["legal"]
    assert ann.reply({"type": "act", "table": tid, "action": legal[0], "seat": mine})["type"] == "accepted"
    eve = hello(svc, "eve")
    eve.reply({"type": "watch", "table": tid})
    assert eve.send({"type": "view", "table": tid, "seat": mine})["code"] == "wrong_seat"  # type: ignore[index]
    assert eve.send({"type": "view", "table": tid, "seat": None})["type"] == "view"  # type: ignore[index]


def test_invite_codes_use_the_stated_alphabet_and_either_case() -> None:
    svc = service()
    ann = hello(svc, "ann")
    for _ in range(12):  # (within the burst the rate limit allows)
        code = ann.reply({"type": "create", "game": FIRST, "options": {"private": True}})["invite"]
        assert len(code) == INVITE_LENGTH and set(code) <= set(INVITE_ALPHABET)
    assert len(INVITE_ALPHABET) == 31 and not set("0O1IL") & set(INVITE_ALPHABET)
    created = ann.reply({"type": "create", "game": FIRST, "options": {"private": True}})
    tid, code = created["table"]["id"], created["invite"]
    for i, written in enumerate((code.lower(), f"  {code.title()} ")):
        bob = hello(svc, f"bob{i}")
        assert (
            bob.reply({"type": "sit", "table": tid, "seat": "NE"[i], "invite": written})["type"] == "seated"
        )


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ann\tLee", "Ann Lee"),
        ("Ann\nLee", "Ann Lee"),
        ("Ann\r\nLee", "Ann  Lee"),
        ("\x00Ann\x07", "Ann"),
        ("Ann\u200bLee", "AnnLee"),
        ("  Ann  ", "Ann"),
        ("<b>Ann</b>", "&lt;b&gt;Ann&lt;/b&gt;"),
        ("x" * NAME_LIMIT, "x" * NAME_LIMIT),
    ],
)
def test_a_name_is_one_line_of_at_most_32_characters(name: str, shown: str) -> None:
    svc = service()
    c = Client(svc)
    welcome = c.send({"type": "hello", "token": TOKEN, "name": name})
    assert welcome is not None and welcome["type"] == "welcome" and welcome["name"] == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [("a\tb", "a b"), ("a\nb", "a b"), ("a\u2028b", "a b"), ("a\x1bb", "ab"), ("\n hi \n", "hi")],
)
def test_a_chat_line_is_one_line_and_its_reply_carries_re(text: str, shown: str) -> None:
    _svc, tid, ann, bob, _ = _started()
    reply = ann.reply({"type": "chat", "table": tid, "text": text})
    assert reply["type"] == "chat" and reply["text"] == shown and reply["from"] == "ann"
    told = bob.inbox[-1]
    assert told["type"] == "chat" and told["text"] == shown and "re" not in told


def test_left_has_one_shape_as_a_reply_and_on_its_own() -> None:
    svc, tid, ann, _bob, _ = _started()
    seat = ann.conn.tables[tid]
    credential = next(m for m in ann.inbox if m["type"] == "seated")["credential"]
    again = hello(svc, "ann")
    again.reply({"type": "sit", "table": tid, "seat": seat, "credential": credential})
    told = ann.inbox[-1]
    assert told["type"] == "left" and told["table"] == tid and told["seat"] == seat and told["message"]
    assert "re" not in told
    left = again.reply({"type": "leave", "table": tid})
    assert set(left) == {"type", "re", "table", "seat", "message"} and left["seat"] == seat
    eve = hello(svc, "eve")
    eve.reply({"type": "watch", "table": tid})
    watched = eve.reply({"type": "leave", "table": tid})
    assert watched["type"] == "left" and watched["seat"] is None


def test_views_before_the_start_show_no_card_but_to_the_teacher() -> None:
    svc = service()
    ann, bob, eve = hello(svc, "ann"), hello(svc, "bob"), hello(svc, "eve")
    tid = _table(svc, ann, options={"watchers": "face-up"})
    ann.reply({"type": "sit", "table": tid, "seat": "N"})
    eve.reply({"type": "watch", "table": tid})
    boss = teacher(svc)
    boss.reply({"type": "watch", "table": tid})
    bob.reply({"type": "sit", "table": tid, "seat": "E"})
    for c in (ann, bob, eve):
        views = c.views()
        assert views and all(v["started"] is False and v["view"] is None and "views" not in v for v in views)
        assert c.reply({"type": "view", "table": tid})["view"] is None
    assert set(boss.views()[-1]["views"]) == {"N", "E", "S", "W"}, "the teacher sees every hand"
    ann.reply({"type": "start", "table": tid})
    assert ann.views()[-1]["view"]["hand"] and eve.views()[-1]["views"]


def test_every_request_type_has_one_handler_and_every_code_its_words() -> None:
    assert set(_HANDLERS) == set(REQUESTS)
    assert set(REFUSALS) == set(Code)
    assert {r.kind for r in REQUESTS.values() if r.teacher} == {
        Kind.OVERVIEW,
        Kind.CLOSE,
        Kind.MATCHES,
        Kind.SAVE,
    }


def test_a_teachers_message_from_a_student_is_teacher_only_before_its_fields_are_read() -> None:
    svc: TableService = service()
    ann = hello(svc, "ann")
    assert ann.send({"type": "save", "table": 5})["code"] == "teacher_only"  # type: ignore[index]


def _block(text: str, name: str) -> str:
    found = re.search(rf"<!-- schema: {name} -->\n(.*?)\n<!-- /schema: {name} -->", text, re.S)
    assert found is not None, f"docs/table-protocol.md has no schema: {name} block"
    return found.group(1)


@pytest.mark.parametrize(("name", "table"), [("messages", messages_table), ("refusals", refusals_table)])
def test_the_documents_tables_are_the_schemas(name: str, table: Callable[[], str]) -> None:
    """Regenerate with ``python -c 'from euchre_tutor.protocol.schema import *; print(NAME_table())'``."""
    assert _block(DOC.read_text(encoding="utf-8"), name) == table()


def test_the_documents_refusal_codes_are_every_code() -> None:
    codes = re.findall(r"^\| `([a-z_]+)` \|", _block(DOC.read_text(encoding="utf-8"), "refusals"), re.M)
    assert codes == [str(c) for c in Code]
