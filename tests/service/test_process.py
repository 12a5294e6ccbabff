"""The service as a real process: killed with SIGKILL mid-hand, restarted on its log, play goes on."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.protocol.client import TableClient, run_to_end
from euchre_tutor.rules.games import GAMES, find_game
from euchre_tutor.service.process import ServiceProcess, ServiceStartError, free_loopback_port, spawn_service
from euchre_tutor.service.store import Store
from euchre_tutor.service.wire import to_wire

FIRST = next(g.name for g in GAMES if g.seated)
TOKEN = "process-token"
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}


def _start(db: Path, port: int) -> ServiceProcess:
    """The service on ``db``, its standard output piped: its first line says how many tables it resumed."""
    return spawn_service(db, token=TOKEN, port=port, extra=["--allow-seed"], env=ENV, stdout=subprocess.PIPE)


def _replayed_views(db: Path, table_id: str) -> tuple[int, dict[str, Any]]:
    """The table as its log replays it, apart from the service: its version and each seat's view."""
    stored = next(t for t in Store(db).open_tables() if t.id == table_id)
    spec = find_game(stored.game)
    assert spec.new_match is not None
    game = spec.new_match(stored.rules, stored.seed)
    for act in stored.actions:
        game.apply(type(game).parse_action(act.action))
    views = {}
    for seat in game.state.first_dealer.seating.seats:
        view = to_wire(spec.seat_view(game, seat))
        view.pop("rules")
        views[seat.name] = view
    return len(stored.actions), views


async def _play(url: str, table: str, clients: dict[str, TableClient], moves: int) -> int:
    """Whoever is to act plays its last legal action, ``moves`` times; the version reached."""
    version = 0
    for _ in range(moves):
        anyone = next(iter(clients.values()))
        turn = (await anyone.request({"type": "view", "table": table}))["turn"]
        mover = clients[turn]
        view = await mover.request({"type": "view", "table": table})
        act = {"type": "act", "table": table, "action": view["view"]["legal"][-1], "version": view["version"]}
        version = (await mover.request(act))["version"]
    return version


async def _scenario(db: Path) -> None:
    port = free_loopback_port()
    url = f"ws://127.0.0.1:{port}/tables"
    running = _start(db, port)
    assert running.resumed == 0
    try:
        owner = await TableClient.connect(url, TOKEN, "ann")
        created = await owner.request({"type": "create", "game": FIRST, "seed": 11})
        table = created["table"]["id"]
        seats = [s["seat"] for s in created["table"]["seats"]]
        clients = {seats[0]: owner}
        for i, seat in enumerate(seats[1:]):
            clients[seat] = await TableClient.connect(url, TOKEN, f"p{i}")
        credentials = {}
        for seat, c in clients.items():
            credentials[seat] = (await c.request({"type": "sit", "table": table, "seat": seat}))["credential"]
        await owner.request({"type": "start", "table": table})
        await _play(url, table, clients, 4)
        # one more act, then the kill: it lands at once, before or after the commit
        turn = (await owner.request({"type": "view", "table": table}))["turn"]
        legal = (await clients[turn].request({"type": "view", "table": table}))["view"]["legal"]
        clients[turn].send({"type": "act", "table": table, "action": legal[-1]})
        await asyncio.sleep(0.05)
    finally:
        running.kill()
    logged, replayed = _replayed_views(db, table)
    assert logged >= 4
    running = _start(db, port)
    assert running.resumed == 1, "the service says it brought the table back"
    try:
        clients = {}
        for seat in seats:
            c = await TableClient.connect(url, TOKEN, "back")
            reply = await c.request(
                {"type": "sit", "table": table, "seat": seat, "credential": credentials[seat]}
            )
            assert reply["seat"] == seat
            clients[seat] = c
        for seat, c in clients.items():
            view = await c.request({"type": "view", "table": table})
            assert view["version"] == logged, "the table is back at the last accepted action"
            assert view["view"] == replayed[seat], "every seat sees what the log's replay shows it"
        assert await _play(url, table, clients, 3) == logged + 3, "play goes on"
        assert _replayed_views(db, table)[0] == logged + 3
    finally:
        running.kill()


def test_sigkill_mid_hand_then_restart_brings_every_table_back(tmp_path: Path) -> None:
    run_to_end(asyncio.wait_for(_scenario(tmp_path / "tables.db"), 60))


def test_the_service_refuses_to_start_without_a_token(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "euchre_tutor.service", "--port", "1", "--db", str(tmp_path / "x.db")],
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "EUCHRE_TUTOR_TABLE_TOKEN"}
        | {"PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    assert done.returncode == 2 and "a token is required" in done.stderr
    assert "table service on" not in done.stdout


def test_a_service_that_stops_as_it_starts_is_an_error_with_its_code(tmp_path: Path) -> None:
    with pytest.raises(ServiceStartError, match=r"stopped as it started \(code 2\)") as refused:
        spawn_service(tmp_path / "x.db", token="", env=ENV)  # no token: the service refuses to start
    assert refused.value.code == 2
