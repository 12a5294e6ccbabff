"""The table service's hub door in one process: who a hello's hub token belongs to, who teaches, and the
service's answers when a transport vouches for logins (tests/hub/ runs the same against a real hub)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from euchre_tutor.protocol.schema import Code, Kind, message
from euchre_tutor.service import TableService
from euchre_tutor.service.hub import HubDoor, Teachers, hello_token, server_environment, service_port

ACCESS = "access:services!service=euchre-tables"
USERS = {
    "ann-token": {"kind": "user", "name": "ann", "scopes": [ACCESS]},
    "tess-token": {"kind": "user", "name": "tess", "scopes": [ACCESS]},
    "elsewhere-token": {"kind": "user", "name": "ann", "scopes": ["access:services!service=other"]},
    "service-token": {"kind": "service", "name": "cull", "scopes": [ACCESS]},
}
MODELS = {
    "ann": {"name": "ann", "groups": ["class-7"], "roles": ["user"]},
    "tess": {"name": "tess", "groups": ["teachers"], "roles": ["user"]},
    "ros": {"name": "ros", "groups": [], "roles": ["user", "head-of-maths"]},
}


class FakeAuth:
    """HubOAuth's side the door uses: whose token, the scopes this service needs, the hub's API."""

    api_url = "http://hub:8081/hub/api"
    api_token = "the-service-token"
    access_scopes = frozenset({ACCESS})

    async def _user(self, token: str) -> dict[str, Any] | None:
        return USERS.get(token)

    def user_for_token(self, token: str, sync: bool = True) -> Any:
        assert sync is False
        return self._user(token)

    @staticmethod
    def check_scopes(required: Any, user: dict[str, Any]) -> set[str]:
        return set(required) & set(user["scopes"])


def door(teachers: Teachers | None = None, asked: list[str] | None = None) -> HubDoor:
    async def fetch(url: str, token: str) -> tuple[int, bytes]:
        assert token == FakeAuth.api_token, "the hub is asked with the service's own token"
        name = url.rsplit("/", 1)[1]
        if asked is not None:
            asked.append(name)
        return (200, json.dumps(MODELS[name]).encode()) if name in MODELS else (404, b"{}")

    return HubDoor(FakeAuth(), teachers or Teachers(), fetch)


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_a_hellos_token_is_its_teacher_field_else_its_token() -> None:
    assert hello_token('{"type": "hello", "name": "a", "token": "t1"}') == "t1"
    assert hello_token('{"type": "hello", "name": "a", "teacher": "t2", "token": "t1"}') == "t2"
    assert hello_token('{"type": "hello", "name": "a"}') == ""
    assert hello_token('{"type": "hello", "name": "a", "token": 7}') == ""
    for other in ('{"type": "list"}', "not json", "[1]", '{"type": "hello"' + " " * 5000 + "}"):
        assert hello_token(other) is None


def test_the_door_names_the_tokens_owner_and_refuses_a_token_for_elsewhere() -> None:
    gate = door()
    assert run(gate.login("ann-token")) == ("ann", False)
    assert run(gate.login("tess-token")) == ("tess", True)
    assert run(gate.login("unknown")) is None
    assert run(gate.login("")) is None
    assert run(gate.login("elsewhere-token")) is None, "a token without access to this service"
    assert run(gate.login("service-token")) is None, "a service is no student"


def test_teachers_are_a_hub_group_or_role_and_the_answer_is_kept_a_while() -> None:
    asked: list[str] = []
    by_role = door(Teachers(frozenset(), frozenset({"head-of-maths"})), asked)
    assert run(by_role.teaches("ros")) is True
    assert run(by_role.teaches("tess")) is False
    assert run(by_role.teaches("ros")) is True
    assert asked == ["ros", "tess"], "the second answer for ros is the kept one"
    assert run(door(Teachers(frozenset(), frozenset())).teaches("tess")) is False
    assert run(door().teaches("nobody")) is False, "a user the hub does not know"
    assert Teachers().words() == "the hub group 'teachers'"


def test_a_service_of_logins_names_each_connection_by_its_login() -> None:
    service = TableService(logins=True)
    said: list[dict[str, Any]] = []
    conn = service.connect(said.append)
    service.receive(conn, json.dumps(message(Kind.HELLO, name="Anything", token="x")))
    assert said[-1]["code"] == Code.BAD_TOKEN and conn.closed, "nobody vouched for this one"

    conn = service.connect(said.append)
    conn.login, conn.teaches = "ann", False
    service.receive(conn, json.dumps(message(Kind.HELLO, name="Queen Ann", teacher="x")))
    assert (
        said[-1]["code"] == Code.BAD_TOKEN and "ann is not one of the class's teachers" in said[-1]["message"]
    )

    conn = service.connect(said.append)
    conn.login, conn.teaches = "ann", False
    service.receive(conn, json.dumps(message(Kind.HELLO, name="Queen Ann", token="x")))
    assert said[-1] == {"type": "welcome", "name": "ann", "games": said[-1]["games"], "teacher": False}
    service.receive(conn, json.dumps(message(Kind.OVERVIEW)))
    assert said[-1]["code"] == Code.TEACHER_ONLY

    teacher = service.connect(said.append)
    teacher.login, teacher.teaches = "tess", True
    service.receive(teacher, json.dumps(message(Kind.HELLO, name="x", teacher="x")))
    assert said[-1]["teacher"] is True
    service.receive(teacher, json.dumps(message(Kind.OVERVIEW)))
    assert said[-1]["type"] == "overview"


def test_a_service_of_logins_has_no_class_tokens() -> None:
    with pytest.raises(ValueError, match="no class's tokens"):
        TableService(logins=True, token="SECRET")


def test_the_hub_gives_the_port_and_each_server_its_own_token() -> None:
    assert service_port({"JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:8765"}) == 8765
    assert service_port({"JUPYTERHUB_SERVICE_URL": "http://hub"}) == 80
    assert service_port({}) is None
    env = server_environment("ws://hub:8765/services/euchre-tables/tables")
    assert env["EUCHRE_TABLES_URL"] == "ws://hub:8765/services/euchre-tables/tables"

    class Spawner:
        api_token = "alices-server-token"

    assert env["EUCHRE_TABLES_TOKEN"](Spawner()) == "alices-server-token"
    assert set(env) == {"EUCHRE_TABLES_URL", "EUCHRE_TABLES_TOKEN"}


def test_the_package_imports_without_jupyterhub() -> None:
    """Only ``--hub`` loads the hub's module: the service, its command line and the pages do not."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['jupyterhub'] = None\n"
        "import euchre_tutor.service.__main__, euchre_tutor.service.core, euchre_tutor.service.app\n"
        "assert 'euchre_tutor.service.hub' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


HUB_PAGE_ENV = {
    "EUCHRE_TABLES_URL": "ws://127.0.0.1:9/services/euchre-tables/tables",
    "JUPYTERHUB_API_TOKEN": "alices-server-token",
    "JUPYTERHUB_USER": "alice",
}


def test_on_a_hub_the_pages_say_hello_with_the_users_own_hub_token() -> None:
    from euchre_tutor.session.teacher_tables import teacher_address
    from euchre_tutor.widgets.lobby import LobbyApp, lobby_page

    lobby = lobby_page(HUB_PAGE_ENV)
    assert isinstance(lobby, LobbyApp) and lobby.name.value == "alice"
    assert teacher_address(HUB_PAGE_ENV) == (HUB_PAGE_ENV["EUCHRE_TABLES_URL"], "alices-server-token")
    off_hub = {"EUCHRE_TABLES_URL": HUB_PAGE_ENV["EUCHRE_TABLES_URL"]}
    assert teacher_address(off_hub) is None and not isinstance(lobby_page(off_hub), LobbyApp)
    class_server = {**HUB_PAGE_ENV, "EUCHRE_TABLES_TEACHER_TOKEN": "the-teachers-secret"}
    assert teacher_address(class_server) == (HUB_PAGE_ENV["EUCHRE_TABLES_URL"], "the-teachers-secret")
