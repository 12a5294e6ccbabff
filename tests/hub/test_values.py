"""deploy/config.yaml's shared tables hold together (no cluster needed): the service's command is one the
service accepts, its port is the same in every place the chart opens it, its volume is the claim
deploy/tables-volume.yaml makes, and the hub's configuration gives every student's server the
service's address and their own token, as deploy/jupyterhub_config.py does on one machine (which
tests/hub/test_hub_tables.py runs in a real hub)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

ROOT = Path(__file__).resolve().parents[2]
NAME = "euchre-tables"


def values() -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "deploy" / "config.yaml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_the_service_is_declared_with_a_command_the_service_accepts(tmp_path: Path) -> None:
    from jupyterhub.services.service import Service

    declared = values()["hub"]["services"][NAME]
    service = Service(name=NAME, **declared)  # JupyterHub reads the declaration
    assert service.managed and service.url == "http://hub:8765"
    command = declared["command"]
    assert command[:4] == ["python3", "-m", "euchre_tutor.service", "--hub"]
    db = command[command.index("--db") + 1]
    mounts = {m["name"]: m["mountPath"] for m in values()["hub"]["extraVolumeMounts"]}
    assert Path(db).parent == Path(mounts[NAME]), "the tables' log is on the service's volume"
    # the service's own parser accepts the command (it stops at once: the hub's address is not given)
    run = subprocess.run(
        [sys.executable, *command[1:]], capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin"}
    )
    assert run.returncode == 2 and "JUPYTERHUB_SERVICE_URL" in run.stderr, run.stderr


def test_the_volume_is_the_claim_the_manifest_makes() -> None:
    claim = yaml.safe_load((ROOT / "deploy" / "tables-volume.yaml").read_text(encoding="utf-8"))
    (volume,) = [v for v in values()["hub"]["extraVolumes"] if v["name"] == NAME]
    assert claim["kind"] == "PersistentVolumeClaim"
    assert volume["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]


def test_the_services_port_is_open_where_the_students_servers_and_the_proxy_reach_it() -> None:
    v = values()
    port = urlsplit(v["hub"]["services"][NAME]["url"]).port
    assert port == 8765
    assert any(p["port"] == port == p["targetPort"] for p in v["hub"]["service"]["extraPorts"])
    assert any(port in [p["port"] for p in rule["ports"]] for rule in v["hub"]["networkPolicy"]["ingress"])
    for egress in (v["singleuser"]["networkPolicy"]["egress"], v["proxy"]["chp"]["networkPolicy"]["egress"]):
        assert any(port in [p["port"] for p in rule["ports"]] for rule in egress)


def test_every_students_server_gets_the_address_and_its_own_token() -> None:
    from traitlets.config import Config

    hub = values()["hub"]
    c = Config()
    c.KubeSpawner.environment = {"FROM_EXTRA_ENV": "kept"}
    exec(hub["extraConfig"][NAME], {"c": c})  # as the chart's jupyterhub_config.py runs it
    env = c.KubeSpawner.environment
    assert env["FROM_EXTRA_ENV"] == "kept"
    assert env["EUCHRE_TABLES_URL"] == f"ws://hub:8765/services/{NAME}/tables"

    class Spawner:
        api_token = "alices-server-token"

    assert env["EUCHRE_TABLES_TOKEN"](Spawner()) == "alices-server-token"
    assert f"access:services!service={NAME}" in c.KubeSpawner.server_token_scopes
    assert f"access:services!service={NAME}" in hub["loadRoles"]["user"]["scopes"]
    assert "self" in hub["loadRoles"]["user"]["scopes"], "users keep what the hub's user role gives"
    assert hub["loadRoles"]["euchre-tables-service"]["services"] == [NAME]
    assert hub["config"]["JupyterHub"]["load_groups"]["teachers"]["users"] == ["teacher"]


def test_the_service_runs_without_the_students_libraries() -> None:
    """The hub's image has Tornado, not the tutor's widgets, Voila or psutil (deploy/Dockerfile.hub
    installs the tutor without its dependencies): the service plays a table without them."""
    code = """
import sys
for name in ("ipywidgets", "IPython", "voila", "jupyterlab", "psutil", "anywidget"):
    sys.modules[name] = None
import json
import euchre_tutor.service.__main__
import euchre_tutor.service.hub
from euchre_tutor.service import TableService
said = []
service = TableService(logins=True)
conn = service.connect(said.append)
conn.login = "ann"
for m in ({"type": "hello", "name": "x", "token": "t"}, {"type": "create", "game": "classic"}):
    service.receive(conn, json.dumps(m))
table = said[-1]["table"]["id"]
for m in ({"type": "sit", "table": table, "seat": "N"}, {"type": "start", "table": table}):
    service.receive(conn, json.dumps(m))
assert said[-1]["type"] == "view" and said[-1]["started"], said[-1]
"""
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
