"""The shared tables on a real JupyterHub (tests/hub/conftest.py): the hub runs the table service.

One story, in order, as a class lives it:

1. Two students log in to the hub in Chromium; each one's own server opens the lobby (the hub's default
   page for them); Alice makes a table and sits at N, Bob sits at S from his lobby; each lands on the
   seat's page. The service knows them by their hub logins, whatever name they typed.
2. The service's own page, after the hub's OAuth login, says who the student is and leads to the lobby.
3. The teacher (the hub group "teachers") sees both at the table on the teacher's page of her own
   server; a third student, Carol, opening the same page on hers, is refused; through the protocol
   Carol is refused every teacher's message, and the teacher's hello.
4. Alice and Bob play a whole hand through the protocol, sitting down with the keys their pages hold.
5. The service's process is killed; the hub starts it again, and the table is where it was: the same
   version, hand and score, Alice and Bob still in their seats.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from euchre_tutor.protocol.client import ServiceError, TableClient, run_to_end
from euchre_tutor.protocol.schema import Code, Kind, message
from tests.hub.conftest import PASSWORD, SERVICE, Hub

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGE_TIMEOUT = 120_000  # ms: a student's server starts, then its page's kernel


def log_in(browser: Any, hub: Hub, name: str) -> tuple[Any, Any, list[str]]:
    """A new browser of ``name`` logging in to the hub (the hub starts their server and then opens the
    page it opens for them, the lobby: :func:`lobby_of` waits for it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{hub.url}/hub/login")
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(PASSWORD)
    page.locator("#login_submit").click()
    return context, page, errors


def lobby_of(page: Any, name: str) -> None:
    page.wait_for_url(f"**/user/{name}/voila/render/lobby.ipynb*")
    page.locator(".et-lobby").wait_for()


def enter_lobby(page: Any, typed: str, login: str) -> None:
    page.get_by_label("Your name").fill(typed)
    page.get_by_role("button", name="Enter the lobby").click()
    page.locator(".euchre-message", has_text=f"Welcome, {login}").wait_for()


def seat_of(page: Any, login: str, seat: str) -> dict[str, str]:
    """The seat's page, seated: its address's query (the table, the name, the seat and its key)."""
    page.wait_for_url("**/voila/render/shared-table.ipynb?*")
    query = {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}
    assert query["name"] == login and query["seat"] == seat and len(query["key"]) == 32
    page.locator(".et-shared-table").wait_for()
    page.locator(".et-shared-seats .st.me", has_text=login).wait_for()
    return query


async def connect(hub: Hub, token: str, *, teacher: bool = False, tries: int = 100) -> TableClient:
    """A protocol client of the hub's table service (waiting while the service starts again)."""
    for _ in range(tries):
        try:
            if teacher:
                return await TableClient.connect(hub.tables_url, None, "anyone", teacher=token)
            return await TableClient.connect(hub.tables_url, token, "anyone")
        except (OSError, ConnectionError):
            await asyncio.sleep(0.2)
    raise AssertionError(f"the table service never answered at {hub.tables_url}")


async def play_a_hand(players: dict[str, TableClient], table: str) -> dict[str, Any]:
    """The seated players act (the first legal action) until the first hand is over; the last view."""
    last: dict[str, Any] = {}
    acted: dict[str, int] = {}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for seat, client in players.items():
            while not client.inbox.empty():
                got = client.inbox.get_nowait()
                if got["type"] == "note" and "Hand 1 is over" in got["text"]:
                    return last
                if got["type"] != "view" or got["table"] != table:
                    continue
                last = got
                legal = (got.get("view") or {}).get("legal") or []
                if got["turn"] == seat and legal and got["version"] > acted.get(seat, -1):
                    acted[seat] = got["version"]
                    act = message(Kind.ACT, table=table, action=legal[0], version=got["version"])
                    client.send(act)
        await asyncio.sleep(0.02)
    raise AssertionError(f"the hand did not end; the last view: {last}")


def test_a_class_plays_on_the_hub_and_the_hub_restarts_the_tables(browser: Any, hub: Hub) -> None:
    started = time.monotonic()
    # 1. two students, each from their own server
    alice_context, alice, alice_errors = log_in(browser, hub, "alice")
    bob_context, bob, bob_errors = log_in(browser, hub, "bob")  # the servers start at once
    lobby_of(alice, "alice")
    enter_lobby(alice, "Alice the Great", "alice")  # the typed name gives way to the hub login
    alice.get_by_role("button", name="Create the table").click()
    alice.locator(".et-lobby-table", has_text="waiting to start").wait_for()
    alice.get_by_role("button", name="Sit N").click()
    lobby_of(bob, "bob")
    enter_lobby(bob, "bob", "bob")
    row = bob.locator(".et-lobby-table", has_text="alice")
    row.get_by_role("button", name="Sit S").click()
    alice_seat = seat_of(alice, "alice", "N")
    bob_seat = seat_of(bob, "bob", "S")
    table = alice_seat["table"]
    assert bob_seat["table"] == table

    seated_at = time.monotonic()

    # 2. the service's own page: the hub's OAuth says who this is, and it leads to the lobby
    alice.goto(f"{hub.url}/services/{SERVICE}/")
    alice.locator(".et-hub-who", has_text="You are alice, a student of the class").wait_for()
    assert alice.locator(".et-hub-teacher").count() == 0
    alice.locator(".et-hub-lobby").click()
    alice.wait_for_url("**/user/alice/voila/render/lobby.ipynb*")

    # 3. the teacher's page from each one's own server: the teacher's shows the table, Carol's refuses her
    tess_context, tess, tess_errors = log_in(browser, hub, "tess")
    carol_context, carol, carol_errors = log_in(browser, hub, "carol")
    lobby_of(tess, "tess")
    tess.goto(f"{hub.url}/user/tess/voila/render/teacher/teacher-tables.ipynb")
    row = tess.locator(".et-teacher-row", has_text=table)
    row.wait_for()
    assert "alice" in row.inner_text() and "bob" in row.inner_text()
    lobby_of(carol, "carol")
    carol.goto(f"{hub.url}/user/carol/voila/render/teacher/teacher-tables.ipynb")
    carol.get_by_text("carol is not one of the class's teachers").wait_for()
    assert carol.locator(".et-teacher-row").count() == 0
    errors = alice_errors + bob_errors + tess_errors + carol_errors
    assert not errors, errors
    for context in (alice_context, bob_context, tess_context, carol_context):
        context.close()
    pages_at = time.monotonic()

    timings: dict[str, float] = {}

    async def the_rest() -> None:
        # the same through the protocol: the teacher sees them; Carol is refused every teacher's message
        teacher = await connect(hub, hub.token_of("tess"), teacher=True)
        assert teacher.welcome["teacher"] is True and teacher.welcome["name"] == "tess"
        (summary,) = (await teacher.request(message(Kind.OVERVIEW)))["tables"]
        players = {s["seat"]: s["player"] for s in summary["seats"]}
        assert players == {"N": "alice", "E": None, "S": "bob", "W": None}
        carol_token = hub.token_of("carol")
        carol = await connect(hub, carol_token)
        assert carol.welcome == {**carol.welcome, "name": "carol", "teacher": False}
        for asked in (
            message(Kind.OVERVIEW),
            message(Kind.CLOSE, table=table),
            message(Kind.MATCHES),
            message(Kind.SAVE, table=table),
        ):
            with pytest.raises(ServiceError) as refused:
                await carol.request(asked)
            assert refused.value.code == Code.TEACHER_ONLY
        with pytest.raises(ServiceError) as refused:
            await connect(hub, carol_token, teacher=True)
        assert refused.value.code == Code.BAD_TOKEN and "not one of the class's teachers" in str(
            refused.value
        )
        with pytest.raises(ServiceError) as refused:  # no hub token, no tables
            await connect(hub, "not-a-hub-token")
        assert refused.value.code == Code.BAD_TOKEN
        await carol.close()

        # 4. a hand, through the protocol, in the seats the pages took
        seats: dict[str, TableClient] = {}
        for login, seat in (("alice", alice_seat), ("bob", bob_seat)):
            client = await connect(hub, hub.token_of(login))
            sat = message(Kind.SIT, table=table, seat=seat["seat"], credential=seat["key"])
            assert (await client.request(sat))["seat"] == seat["seat"]
            seats[seat["seat"]] = client
        await seats["N"].request(message(Kind.START, table=table))
        for client in seats.values():
            client.send(message(Kind.VIEW, table=table))
        await play_a_hand(seats, table)
        before = await seats["N"].request(message(Kind.VIEW, table=table))
        assert before["hand"] == 2 and before["started"] and not before["over"]
        for client in seats.values():
            await client.close()

        # 5. the service dies; the hub starts it again; the table is where it was
        pid = hub.service_pid()
        os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if hub.service_pid() != pid:
                    break
            except LookupError:
                pass
            await asyncio.sleep(0.2)
        else:
            raise AssertionError("the hub did not start the table service again")
        again = await connect(hub, hub.token_of("alice"))
        sat = message(Kind.SIT, table=table, seat="N", credential=alice_seat["key"])
        assert (await again.request(sat))["seat"] == "N"
        after = await again.request(message(Kind.VIEW, table=table))
        timings["back"] = time.monotonic() - killed
        assert after["version"] == before["version"]
        assert (after["hand"], after["score"], after["turn"]) == (
            before["hand"],
            before["score"],
            before["turn"],
        )
        assert after["view"]["hand"] == before["view"]["hand"], "N holds the same cards"
        teacher = await connect(hub, hub.token_of("tess"), teacher=True)
        (summary,) = (await teacher.request(message(Kind.OVERVIEW)))["tables"]
        assert {s["seat"]: s["player"] for s in summary["seats"]}["S"] == "bob"
        await again.close()
        await teacher.close()

    run_to_end(the_rest())
    assert f"Service {SERVICE} exited with status -9" in hub.log_text()
    print(
        f"\nhub test: seated through the pages in {seated_at - started:.1f} s, the teacher's pages "
        f"{pages_at - seated_at:.1f} s, "
        f"the tables back {timings['back']:.1f} s after the kill, all in {time.monotonic() - started:.1f} s"
    )
