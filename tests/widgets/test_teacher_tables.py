"""The teacher's tables page, headless (Button.click()), against the table service in its own process."""

from __future__ import annotations

import base64
import html
import io
import json
import os
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from euchre_tutor.protocol.client import TableClient, run_to_end
from euchre_tutor.rules.games import find_game
from euchre_tutor.service.process import ServiceProcess, service_process
from euchre_tutor.session.shared_table import TABLES_TOKEN_ENV, TABLES_URL_ENV
from euchre_tutor.session.teacher_tables import TEACHER_TOKEN_ENV, TeacherDesk
from euchre_tutor.widgets import render
from euchre_tutor.widgets.teacher_tables import TeacherTablesApp, teacher_tables_page
from tests.session.shared_helpers import wait_until

TOKEN = "class-token"
TEACHER = "teacher-token"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[ServiceProcess]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    extra = ["--allow-seed", "--grace", "0"]
    with service_process(
        tmp_path / "class.sqlite", token=TOKEN, teacher_token=TEACHER, extra=extra, env=env
    ) as running:
        yield running


def _teacher_env(svc: ServiceProcess) -> dict[str, str]:
    return {TABLES_URL_ENV: svc.url, TEACHER_TOKEN_ENV: TEACHER}


async def _create_and_sit(url: str, name: str, seat: str, *, start: bool, rules: Any = None) -> str:
    async with await TableClient.connect(url, TOKEN, name) as me:
        create: dict[str, Any] = {
            "type": "create",
            "game": "classic",
            "seed": 5,
            "options": {"private": True},
        }
        if rules is not None:
            create["rules"] = rules
        created = await me.request(create)
        table = str(created["table"]["id"])
        await me.request({"type": "sit", "table": table, "seat": seat, "invite": created["invite"]})
        if start:
            await me.request({"type": "start", "table": table})
    return table  # the connection is gone: with no grace, the computer plays for the seat


def test_without_the_teachers_token_the_page_refuses_and_says_why(svc: ServiceProcess) -> None:
    page = teacher_tables_page({TABLES_URL_ENV: svc.url, TABLES_TOKEN_ENV: TOKEN})
    assert isinstance(page, w.HTML)
    assert "needs the teacher's token" in html.unescape(page.value) and TEACHER_TOKEN_ENV in page.value
    # the class's token is no teacher's token: the service refuses it, and the page says so
    page = teacher_tables_page({TABLES_URL_ENV: svc.url, TEACHER_TOKEN_ENV: TOKEN})
    assert isinstance(page, w.HTML)
    assert "refused the teacher's token" in html.unescape(page.value), page.value
    page = teacher_tables_page({})
    assert isinstance(page, w.HTML) and "euchre-tutor serve" in html.unescape(page.value)


def test_no_service_listening_is_said_in_words(tmp_path: Path) -> None:
    page = teacher_tables_page({TABLES_URL_ENV: "ws://127.0.0.1:9/tables", TEACHER_TOKEN_ENV: TEACHER})
    assert isinstance(page, w.HTML) and "does not answer" in page.value


def test_the_teacher_sees_every_table_watches_face_up_and_closes_after_asking(svc: ServiceProcess) -> None:
    page = teacher_tables_page(_teacher_env(svc), poll=0.2)
    assert isinstance(page, TeacherTablesApp)
    try:
        assert "No table yet" in page.tables_box.children[0].value
        table = run_to_end(_create_and_sit(svc.url, "Ann", "E", start=False))
        # the poll brings the new (private) table, with Ann at East, not connected
        wait_until(lambda: any("E · Ann" in html.unescape(str(r.children[0].value)) for r in _rows(page)), 20)
        (row,) = _rows(page)
        text = html.unescape(row.children[0].value)
        assert "private" in text and "not started" in text and "E · Ann" in text and "not connected" in text
        # watch it face up: every seat's hand, each with its five cards
        row.children[1].click()
        wait_until(lambda: "fu-seat" in page.watch_html.value, 20, "the face-up view")
        assert page.watch_box.layout.display == ""
        seats = page.desk.seats_face_up()
        assert [s.seat for s in seats] == ["N", "E", "S", "W"] and all(len(s.view.hand) == 5 for s in seats)
        shown = page.watch_html.value
        for s in seats:
            for card in s.view.hand:
                assert render.face(card, small=True) in shown  # every card of every seat, face up
        assert html.unescape(shown).count("fu-seat") == 4 and "E · Ann" in html.unescape(shown)
        # the bidding is about the up card: shown until trump is named
        assert (
            seats[0].view.trump is None and f"Up card: {render.face(seats[0].view.up, small=True)}" in shown
        )
        # every seat's cards are different: the page shows the hands, not one seat four times
        hands = {frozenset(s.view.hand) for s in seats}
        assert len(hands) == 4
        # close: the first click only asks
        row.children[2].click()
        assert page.confirm.layout.display == "" and table in page.confirm_text.value
        page.confirm_no.click()
        assert page.confirm.layout.display == "none"
        page.desk.refresh()
        assert page.desk.summary(table) is not None
        row.children[2].click()
        page.confirm_yes.click()
        assert "is closed" in page.message.value
        wait_until(lambda: page.desk.summary(table) is None, 10, "the table to leave the list")
        assert page.watch_box.layout.display == "none"
        assert "No table yet" in page.tables_box.children[0].value
    finally:
        page.close()


def _rows(page: TeacherTablesApp) -> list[w.HBox]:
    return [r for r in page.tables_box.children if isinstance(r, w.HBox)]


def test_the_download_is_a_zip_of_each_students_save_that_the_report_reads(svc: ServiceProcess) -> None:
    desk = TeacherDesk.connect(svc.url, TEACHER)
    page = TeacherTablesApp(desk, poll=None)
    try:
        page.download_button.click()
        assert "nothing to download" in page.download_link.value
        rules = {**find_game("classic").new_game(0).rules.to_json(), "target": 1}
        table = run_to_end(_create_and_sit(svc.url, "Ann", "E", start=True, rules=rules))

        def over() -> bool:
            desk.refresh()
            return bool((desk.summary(table) or {}).get("over"))

        wait_until(over, 60, "the match's end")
        page.download_button.click()
        link = page.download_link.value
        assert 'download="class-matches.zip"' in link and "1 save file of 1 match" in link
        data = base64.b64decode(link.split("base64,")[1].split('"')[0])
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            assert sorted(archive.namelist()) == ["E/Ann-" + table + ".json", "matches.json"]
            save = json.loads(archive.read(f"E/Ann-{table}.json"))
            index = json.loads(archive.read("matches.json"))
        assert save["format"] == "euchre-tutor/classic-game"
        assert index[0]["player"] == "Ann" and index[0]["seat"] == "E" and index[0]["table"] == table
        game = find_game("classic").load_game(save)
        assert game.state.is_over
    finally:
        page.close()
