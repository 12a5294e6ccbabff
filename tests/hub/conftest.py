"""A real JupyterHub on this computer for the shared tables: deploy/jupyterhub_config.py as a school runs
it, with a test login (any name, one password) and a local spawner (every student's server a process
of this user) in place of the machine's accounts, JupyterHub's own proxy (``make test`` installs it
with npm: scripts/get-proxy.sh) and every port a free loopback one.

The hub polls a managed service every 30 s to restart it when it died; the hub of these tests polls
each second (the only change to JupyterHub's behaviour, so that the restart test does not wait half a
minute).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.service.process import free_loopback_port
from tests.browser.conftest import CHROMIUM_ARGS, require_chromium

ROOT = Path(__file__).resolve().parents[2]
PROXY = ROOT / "artifacts" / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
PASSWORD = "class-password-for-the-test"
SERVICE = "euchre-tables"
#: a test's own hub service, to make users and their tokens through the hub's API
DRIVER = "test-driver"
START_SECONDS = 90.0
HOW_TO_GET_THE_PROXY = (
    "JupyterHub's proxy is not installed: `make test` (scripts/get-proxy.sh) installs it with npm"
)

TEST_CONFIG = """
import sys
c = get_config()
load_subconfig({config!r})
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {homes!r} + "/{{username}}"
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.args = {args!r}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.environment.update({{"PYTHONPATH": {root!r}, "JUPYTER_PLATFORM_DIRS": "1"}})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.JupyterHub.db_url = "sqlite:///{tmp}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{tmp}/jupyterhub_cookie_secret"
c.JupyterHub.load_groups = {{"teachers": {{"users": ["tess"]}}}}
c.JupyterHub.services.append({{"name": {driver!r}, "api_token": {driver_token!r}}})
c.JupyterHub.load_roles.append(
    {{"name": "test-driver", "services": [{driver!r}],
      "scopes": ["admin:users", "tokens", "access:services", "read:users", "servers"]}}
)
# a dead service is noticed within a second, not thirty (see the module doc of tests/hub/conftest.py)
import jupyterhub.services.service as _services
from traitlets import Integer


class _PollEachSecond(_services._ServiceSpawner):
    poll_interval = Integer(1)


_services._ServiceSpawner = _PollEachSecond
"""


@dataclass
class Hub:
    url: str
    tmp: Path
    process: subprocess.Popen[bytes]
    log: Path
    driver_token: str
    db: Path

    def api(self, path: str, method: str = "GET", body: Any = None) -> Any:
        """The hub's API (``/hub/api/<path>``) as the test's own service."""
        request = urllib.request.Request(
            f"{self.url}/hub/api/{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {self.driver_token}"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
        return json.loads(text) if text else None

    def token_of(self, name: str) -> str:
        """A new hub token of ``name`` (made if the hub does not know them) that opens the tables, as their
        server's token does."""
        with contextlib.suppress(urllib.error.HTTPError):  # 409: the user exists
            self.api(f"users/{name}", "POST")
        made = self.api(
            f"users/{name}/tokens",
            "POST",
            {"scopes": [f"access:services!service={SERVICE}"], "note": "the hub test"},
        )
        return str(made["token"])

    @property
    def tables_url(self) -> str:
        """The service's WebSocket as the students' servers reach it."""
        return f"ws://127.0.0.1:{self.service_port}/services/{SERVICE}/tables"

    service_port: int = 0

    def service_pid(self) -> int:
        """The process id of the table service the hub runs now (a child of the hub's process)."""
        import psutil

        for child in psutil.Process(self.process.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if "euchre_tutor.service" in child.cmdline():
                    return int(child.pid)
        raise LookupError("the hub runs no table service")

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def _wait_for(url: str, process: subprocess.Popen[bytes], log: Path, timeout: float = START_SECONDS) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"the hub exited ({process.returncode}); its log:\n{log.read_text(errors='replace')}"
            )
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=5) as response:
            if response.status == 200:
                return
        time.sleep(0.25)
    raise RuntimeError(f"the hub did not answer at {url}; its log:\n{log.read_text(errors='replace')}")


def start_hub(tmp: Path) -> Hub:
    port, hub_port, proxy_api_port, service_port = (free_loopback_port() for _ in range(4))
    homes = tmp / "homes"
    homes.mkdir()
    driver_token = secrets.token_hex(16)
    config = tmp / "jupyterhub_config.py"
    config.write_text(
        TEST_CONFIG.format(
            config=str(CONFIG),
            password=PASSWORD,
            homes=str(homes),
            args=["--allow-root"] if os.geteuid() == 0 else [],
            root=str(ROOT),
            port=port,
            hub_port=hub_port,
            proxy=str(PROXY),
            proxy_api_port=proxy_api_port,
            tmp=str(tmp),
            driver=DRIVER,
            driver_token=driver_token,
        )
    )
    db = tmp / "tables" / "tables.sqlite"
    env = {
        **os.environ,
        "EUCHRE_TABLES_PORT": str(service_port),
        "EUCHRE_TABLES_DB": str(db),
        "EUCHRE_TUTOR_PAGES": str(ROOT / "notebooks"),
        "PYTHONPATH": str(ROOT),
        "CONFIGPROXY_AUTH_TOKEN": secrets.token_hex(16),
    }
    log = tmp / "jupyterhub.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)],
            cwd=tmp,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    hub = Hub(f"http://127.0.0.1:{port}", tmp, process, log, driver_token, db, service_port)
    try:
        _wait_for(f"{hub.url}/hub/api/", process, log)
    except Exception:
        stop_hub(hub)
        raise
    return hub


#: how often the hub is started afresh when a port chosen for it was taken before it bound it
PORT_RETRIES = 3


def start_hub_retrying(tmp_path_factory: pytest.TempPathFactory) -> Hub:
    """:func:`start_hub` in a fresh folder, again when the hub exited because one of the free ports
    chosen for it (the hub's, the proxy's, the service's) was taken in the meantime: a free port
    cannot be held for another process, and any connection may be given it first."""
    for attempt in range(PORT_RETRIES):
        try:
            return start_hub(tmp_path_factory.mktemp("hub"))
        except RuntimeError as error:
            if "Address already in use" not in str(error) or attempt == PORT_RETRIES - 1:
                raise
    raise AssertionError("unreachable")


def stop_hub(hub: Hub) -> None:
    """Stop the hub (it stops its service, the students' servers and its proxy), then any process it
    started that is still running."""
    import psutil

    started = []
    with contextlib.suppress(psutil.Error):
        started = psutil.Process(hub.process.pid).children(recursive=True)
    hub.process.send_signal(signal.SIGTERM)
    try:
        hub.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        hub.process.kill()
        hub.process.wait(timeout=5)
    for child in started:
        with contextlib.suppress(psutil.Error):
            child.kill()


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    if not PROXY.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(HOW_TO_GET_THE_PROXY + " (CI=true: the hub test must run, never skip)")
        pytest.skip(HOW_TO_GET_THE_PROXY)
    running = start_hub_retrying(tmp_path_factory)
    try:
        yield running
    finally:
        stop_hub(running)
        (ROOT / "artifacts").mkdir(exist_ok=True)
        (ROOT / "artifacts" / "hub-test.log").write_text(running.log_text())


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    chromium = require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield b
        b.close()
