"""The table service as a JupyterHub service: the hub starts it, and the hub says who each student is.

Run by the hub (``python -m euchre_tutor.service --hub --db PATH``, a managed service in the hub's
configuration: ``deploy/jupyterhub_config.py``, ``deploy/config.yaml``), the service listens where the
hub's ``JUPYTERHUB_SERVICE_URL`` says, under the hub's prefix for it (``JUPYTERHUB_SERVICE_PREFIX``,
``/services/<name>/``), with three routes:

- ``<prefix>tables``: the WebSocket of ``docs/table-protocol.md``. A ``hello``'s ``token`` (or, for the
  teacher's pages, its ``teacher``) is the student's own hub API token, not a class's secret: the
  service asks the hub whose it is (:class:`jupyterhub.services.auth.HubOAuth`), refuses a token
  without access to this service (the scope ``access:services!service=<name>``), and the hello's name
  becomes the hub login. Whether that login teaches the service asks the hub with its own token (the
  user's groups and roles, :class:`Teachers`).
- ``<prefix>oauth_callback``: the hub's OAuth callback (:class:`HubOAuthCallbackHandler`), for the page
  below.
- ``<prefix>``: a page for a browser (the hub's Services menu links it): after the hub's OAuth login it
  says who you are and links to your lobby (and, for a teacher, the teacher's tables) on your own
  server.

This module imports ``jupyterhub``; the rest of the package does not, so it installs and runs without
it (``python -m euchre_tutor.service`` loads this module only under ``--hub``).
"""

from __future__ import annotations

import html
import json
import logging
import os
import time
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import httpclient, web

from euchre_tutor.protocol.schema import MESSAGE_LIMIT
from euchre_tutor.service.app import SOCKET_SETTINGS, TableSocket
from euchre_tutor.service.core import TableService

__all__ = [
    "LOBBY_PAGE",
    "TEACHER_PAGE",
    "HubDoor",
    "HubTableSocket",
    "Teachers",
    "hello_token",
    "make_hub_app",
    "server_environment",
    "service_port",
]

log = logging.getLogger("euchre_tutor.service.hub")

#: the lobby and the teacher's tables, as paths on a student's own server (its notebooks' folder)
LOBBY_PAGE: Final = "voila/render/lobby.ipynb"
TEACHER_PAGE: Final = "voila/render/teacher/teacher-tables.ipynb"
#: how long the hub's word on whether a login teaches is kept, in seconds
TEACHER_CACHE_SECONDS: Final = 30.0


@dataclass(frozen=True)
class Teachers:
    """Who teaches: a hub login in one of ``groups``, or holding one of ``roles`` (the hub's)."""

    groups: frozenset[str] = frozenset({"teachers"})
    roles: frozenset[str] = frozenset()

    def include(self, user: Mapping[str, Any]) -> bool:
        """Whether the hub's model of a user (its ``groups`` and ``roles``) names a teacher."""
        groups, roles = set(user.get("groups") or ()), set(user.get("roles") or ())
        return bool(groups & self.groups or roles & self.roles)

    def words(self) -> str:
        said = [f"the hub group {g!r}" for g in sorted(self.groups)]
        said += [f"the hub role {r!r}" for r in sorted(self.roles)]
        return " or ".join(said) or "nobody (no group or role is named)"


def hello_token(text: str | bytes) -> str | None:
    """The hub token a message carries if it is a ``hello``: its ``teacher`` field, else its ``token``
    (``""`` with neither); None for any other message, or one the service refuses unread (too big, not
    JSON), which the service's own checks answer."""
    if len(text) > MESSAGE_LIMIT:
        return None
    try:
        msg = json.loads(text)
    except ValueError:
        return None
    if not isinstance(msg, dict) or msg.get("type") != "hello":
        return None
    for field in ("teacher", "token"):
        if isinstance(msg.get(field), str):
            return str(msg[field])
    return ""


class HubDoor:
    """Asks the hub who holds a token, and whether that login teaches.

    ``auth``: the service's :class:`HubOAuth` (its ``api_url``, its own ``api_token`` and the
    ``access_scopes`` a student's token must hold). ``fetch(url, token)``: the hub API's reply to a
    GET with the service's token, as (status, body) (a test passes its own)."""

    def __init__(
        self,
        auth: Any,
        teachers: Teachers,
        fetch: Callable[[str, str], Awaitable[tuple[int, bytes]]] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.auth = auth
        self.teachers = teachers
        self._fetch = fetch or _fetch
        self._clock = clock
        self._taught: dict[str, tuple[float, bool]] = {}

    async def login(self, token: str) -> tuple[str, bool] | None:
        """The hub login holding ``token`` and whether it teaches; None when the hub knows no user
        with it, or the token has no access to this service."""
        if not token:
            return None
        try:
            user = await self.auth.user_for_token(token, sync=False)
        except Exception as error:  # the hub did not answer: the hello is refused, nothing else
            log.warning("the hub did not say whose token this is (%s)", error)
            return None
        if not user or user.get("kind", "user") != "user" or not isinstance(user.get("name"), str):
            return None
        scopes = self.auth.access_scopes
        if scopes and not self.auth.check_scopes(scopes, user):
            log.warning("%s's token has no scope of %s: refused", user["name"], sorted(scopes))
            return None
        return user["name"], await self.teaches(user["name"])

    async def teaches(self, name: str) -> bool:
        """Whether the hub puts ``name`` in a teacher's group or role (asked with the service's own
        token; kept :data:`TEACHER_CACHE_SECONDS`)."""
        if not self.teachers.groups and not self.teachers.roles:
            return False
        kept = self._taught.get(name)
        now = self._clock()
        if kept is not None and now - kept[0] < TEACHER_CACHE_SECONDS:
            return kept[1]
        url = url_path_join(self.auth.api_url, "users", urllib.parse.quote(name, safe=""))
        try:
            status, body = await self._fetch(url, self.auth.api_token)
        except Exception as error:
            log.warning("the hub did not say whether %s teaches (%s)", name, error)
            return False
        if status != 200:
            log.warning("the hub answered %s when asked whether %s teaches", status, name)
            return False
        try:
            user = json.loads(body)
        except ValueError:
            user = None
        if not isinstance(user, dict):
            log.warning("the hub's answer about %s is no user", name)
            return False
        if "groups" not in user and "roles" not in user:
            log.warning(
                "the hub did not say %s's groups or roles: give this service the scopes read:users:groups "
                "and read:roles:users",
                name,
            )
        answer = self.teachers.include(user)
        self._taught[name] = (now, answer)
        return answer


async def _fetch(url: str, token: str) -> tuple[int, bytes]:
    response = await httpclient.AsyncHTTPClient().fetch(
        url, headers={"Authorization": f"token {token}"}, raise_error=False, request_timeout=10
    )
    return response.code, response.body or b""


class HubTableSocket(TableSocket):
    """The protocol's WebSocket under a hub: each ``hello`` first asks the hub whose token it carries
    (:class:`HubDoor`), then the service reads it (it refuses a login the hub did not vouch for)."""

    door: HubDoor

    def initialize(self, service: TableService, door: HubDoor) -> None:  # type: ignore[override]
        super().initialize(service)
        self.door = door

    def on_message(self, message: str | bytes) -> Awaitable[None] | None:
        token = hello_token(message)
        if token is None or self.conn is None:
            return super().on_message(message)
        return self._hello(self.conn, token, message)

    async def _hello(self, conn: Any, token: str, message: str | bytes) -> None:
        # Tornado reads the next message only when this returns: the hello keeps its place in line
        found = await self.door.login(token)
        conn.login, conn.teaches = found if found is not None else (None, False)
        super().on_message(message)


class HubHome(HubOAuthenticated, web.RequestHandler):  # type: ignore[misc]
    """The service's page for a browser: who the hub says you are, and the ways to your lobby."""

    def initialize(self, door: HubDoor) -> None:
        self.door = door

    @web.authenticated
    async def get(self) -> None:
        name = str(self.current_user["name"])
        teaches = await self.door.teaches(name)
        hub = self.hub_auth.hub_prefix
        lobby = url_path_join(hub, "user-redirect", LOBBY_PAGE)
        teacher = url_path_join(hub, "user-redirect", TEACHER_PAGE)
        who = "one of the class's teachers" if teaches else "a student of the class"
        links = [
            f'<li><a class="et-hub-lobby" href="{html.escape(lobby)}">The lobby: sit at a table</a></li>'
        ]
        if teaches:
            links.append(
                f'<li><a class="et-hub-teacher" href="{html.escape(teacher)}">The teacher\'s tables</a></li>'
            )
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.write(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The class\'s tables</title>'
            "</head><body><h1>The class's tables</h1>"
            f'<p class="et-hub-who">You are <b>{html.escape(name)}</b>, {who}.</p>'
            f"<ul>{''.join(links)}</ul>"
            "<p>Each page opens on your own server; the hub starts it if it is stopped.</p></body></html>"
        )


def make_hub_app(
    service: TableService, teachers: Teachers, prefix: str | None = None, auth: Any = None
) -> web.Application:
    """The service's application under a hub: its WebSocket, the OAuth callback and its page, under
    ``prefix`` (the hub's ``JUPYTERHUB_SERVICE_PREFIX`` by default). ``auth``: the :class:`HubOAuth`
    (the one the hub's environment configures by default)."""
    auth = auth if auth is not None else HubOAuth.instance()
    base = prefix or auth.base_url
    door = HubDoor(auth, teachers)
    return web.Application(
        [
            (url_path_join(base, "tables"), HubTableSocket, {"service": service, "door": door}),
            (url_path_join(base, "oauth_callback"), HubOAuthCallbackHandler),
            (base, HubHome, {"door": door}),
        ],
        cookie_secret=os.urandom(32),
        **SOCKET_SETTINGS,
    )


def service_port(environ: Mapping[str, str] | None = None) -> int | None:
    """The port of the hub's address for this service (``JUPYTERHUB_SERVICE_URL``), None without one."""
    env = os.environ if environ is None else environ
    url = urllib.parse.urlsplit(env.get("JUPYTERHUB_SERVICE_URL", ""))
    if not url.hostname:
        return None
    return url.port or (443 if url.scheme == "https" else 80)


def server_environment(url: str) -> dict[str, Any]:
    """What every student's server needs to reach the tables (a spawner's ``environment``): the
    service's WebSocket address ``url`` (``ws://HOST:PORT/services/<name>/tables``, as the servers reach
    it), and the student's own hub token (their server's ``JUPYTERHUB_API_TOKEN``, which the hub gives
    only to that server) as the seat's page reads its token. The lobby and the teacher's page find the
    hub's token themselves (:mod:`euchre_tutor.session.on_hub`)."""
    own_token: Callable[[Any], str] = _own_token
    return {"EUCHRE_TABLES_URL": url, "EUCHRE_TABLES_TOKEN": own_token}


def _own_token(spawner: Any) -> str:
    return str(spawner.api_token)


def teachers_of(groups: Iterable[str] | None, roles: Iterable[str] | None) -> Teachers:
    """The teachers the command line names (the group ``teachers`` when it names none)."""
    if not groups and not roles:
        return Teachers()
    return Teachers(frozenset(groups or ()), frozenset(roles or ()))
