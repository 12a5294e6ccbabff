"""A page's connection to its kernel sends each frame at once: the servers this package starts name
:class:`~euchre_tutor.kernel_socket.NoDelayKernelConnection`, and it sets the socket's no-delay option
before connecting as Jupyter Server's own class does."""

from __future__ import annotations

import asyncio
import socket
import types
from pathlib import Path
from typing import Any, cast

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from tornado.iostream import IOStream

from euchre_tutor import launch, serve
from euchre_tutor.kernel_socket import CONNECTION_CLASS, VOILA_OPTIONS, NoDelayKernelConnection, voila_config


def _nodelay(sock: socket.socket) -> bool:
    return bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


def test_the_page_socket_gets_no_delay_before_the_connection_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    connected: list[Any] = []

    def connect(self: Any) -> str:
        connected.append(self)
        return "nudged"

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", connect)

    async def open_one() -> tuple[bool, bool, Any, list[Any]]:
        with socket.create_server(("127.0.0.1", 0)) as server:
            client = socket.create_connection(server.getsockname())
            accepted, _ = server.accept()
            stream = IOStream(accepted)
            try:
                handler = KernelWebsocketHandler.__new__(
                    KernelWebsocketHandler
                )  # as Tornado makes it, unopened
                handler.ws_connection = cast(Any, types.SimpleNamespace(set_nodelay=stream.set_nodelay))
                before = _nodelay(accepted)
                connection = NoDelayKernelConnection(websocket_handler=handler)
                returned = connection.connect()
                return before, _nodelay(accepted), returned, [c is connection for c in connected]
            finally:
                stream.close()
                client.close()

    before, after, returned, calls = asyncio.run(open_one())
    assert not before, "Tornado leaves Nagle's algorithm on: the option is this class's doing"
    assert after
    assert returned == "nudged" and calls == [True], "then the server's own connect, its result passed on"


def test_a_closed_page_socket_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: None)
    handler = KernelWebsocketHandler.__new__(KernelWebsocketHandler)
    handler.ws_connection = None  # the page went away before the server connected it
    assert NoDelayKernelConnection(websocket_handler=handler).connect() is None


def test_the_servers_configuration_names_the_class() -> None:
    from voila.app import Voila  # type: ignore[import-untyped]

    app = Voila()
    app.kernel_websocket_connection_class = CONNECTION_CLASS  # as voila.json or the command line gives it
    assert app.kernel_websocket_connection_class is NoDelayKernelConnection
    assert (f"--Voila.kernel_websocket_connection_class={CONNECTION_CLASS}",) == VOILA_OPTIONS
    assert voila_config({"Voila": {"ip": "127.0.0.1"}, "other": 1}) == {
        "Voila": {"ip": "127.0.0.1", "kernel_websocket_connection_class": CONNECTION_CLASS},
        "other": 1,
    }


def test_every_server_the_package_starts_loads_it(tmp_path: Path) -> None:
    table = launch.voila_command(8870, serve.notebooks_dir())
    assert all(option in table for option in VOILA_OPTIONS)
    lab = launch.lab_command(8871, open_browser=False, root=tmp_path)
    assert f"--ServerApp.kernel_websocket_connection_class={CONNECTION_CLASS}" in lab
    plan = serve.serve_plan("127.0.0.1", 18866, 1, ("solitaire",), None, None, False, available=1e9)
    assert plan.config["Voila"]["kernel_websocket_connection_class"] == CONNECTION_CLASS
    assert plan.config["Voila"]["port"] == 18866, "beside the run's own settings"
    teacher = serve.teacher_plan(plan, 18867, None)
    assert (
        teacher is not None
        and teacher.config()["Voila"]["kernel_websocket_connection_class"] == CONNECTION_CLASS
    )
