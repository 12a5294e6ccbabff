"""deploy/config.yaml (Zero to JupyterHub) is valid: its keys, the hub's settings, and every profile's pod.

Three checks, none needing a cluster:

- the values against ``tests/data/z2jh-values.schema.json``, a schema written by hand from the chart's
  documented values (the chart's own ``values.schema.json`` ships only inside the chart): a misspelt
  key fails here instead of being ignored by Helm;
- ``hub.config`` loaded by JupyterHub itself: every section a configurable class, every key one of its
  settings, and the class login working as configured;
- ``singleuser`` turned into KubeSpawner settings the way the chart does (image, memory, cpu,
  defaultUrl, lifecycleHooks, profileList), then each profile loaded by KubeSpawner and its pod
  manifest built: the resources, the page it opens and the lessons' start command are what the
  students get.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from euchre_tutor import serve
from euchre_tutor.cli import main

ROOT = Path(__file__).resolve().parents[1]
#: the course in the checkout: every lesson must reach the student
LESSONS = sorted((ROOT / "notebooks" / "lessons").glob("*.ipynb"))
CONFIG = ROOT / "deploy" / "config.yaml"
SCHEMA = ROOT / "tests" / "data" / "z2jh-values.schema.json"
KUBECONFIG = """apiVersion: v1
kind: Config
clusters: [{name: offline, cluster: {server: "http://127.0.0.1:9"}}]
contexts: [{name: offline, context: {cluster: offline, user: offline}}]
current-context: offline
users: [{name: offline, user: {token: unused}}]
"""
MB = 2**20


def run_async(coroutine: Any) -> Any:
    """Run a coroutine on an event loop of its own thread (a browser test's Playwright may hold this one)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def values() -> dict[str, Any]:
    loaded = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_the_values_use_only_the_charts_documented_keys() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(values(), schema)


def test_the_schema_catches_a_misspelt_key() -> None:
    """The check above can fail: a typo in a section is an error, not silently ignored."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    for section, typo in (("singleuser", "profilelist"), ("cull", "timeOut"), ("hub", "confg")):
        bad = values()
        bad[section][typo] = bad[section].get("profileList", 1)
        with pytest.raises(jsonschema.ValidationError, match=typo):
            jsonschema.validate(bad, schema)


def test_jupyterhub_loads_the_hub_configuration_and_the_class_can_log_in() -> None:
    from jupyterhub.app import JupyterHub
    from jupyterhub.auth import Authenticator
    from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
    from traitlets.config import Config

    config = Config(values()["hub"]["config"])
    classes = {
        "JupyterHub": JupyterHub,
        "Authenticator": Authenticator,
        "SharedPasswordAuthenticator": SharedPasswordAuthenticator,
    }
    for section, settings in values()["hub"]["config"].items():
        cls = classes[section]
        known = set(cls.class_trait_names(config=True))
        assert set(settings) <= known, f"{section}: unknown settings {set(settings) - known}"
    hub = JupyterHub(config=config)
    assert hub.authenticator_class is SharedPasswordAuthenticator
    login = SharedPasswordAuthenticator(config=config)  # its own checks run: lengths, two different passwords
    login.check_allow_config()
    assert login.admin_users == {"teacher"}
    passwords = values()["hub"]["config"]["SharedPasswordAuthenticator"]

    async def log_in(name: str, secret: str) -> Any:
        return await login.get_authenticated_user(None, {"username": name, "password": secret})

    student = run_async(log_in("student7", passwords["user_password"]))
    assert student["name"] == "student7" and not student.get("admin")
    assert run_async(log_in("student7", "guess-a-password")) is None
    assert run_async(log_in("teacher", passwords["admin_password"]))["admin"] is True
    assert run_async(log_in("teacher", passwords["user_password"])) is None, "the teacher needs theirs"


def spawner_config(singleuser: dict[str, Any]) -> dict[str, Any]:
    """The KubeSpawner settings the chart makes of ``singleuser`` (its jupyterhub_config.py mapping)."""
    return {
        "image": f"{singleuser['image']['name']}:{singleuser['image']['tag']}",
        "mem_limit": singleuser["memory"]["limit"],
        "mem_guarantee": singleuser["memory"]["guarantee"],
        "cpu_limit": float(singleuser["cpu"]["limit"]),
        "cpu_guarantee": float(singleuser["cpu"]["guarantee"]),
        "uid": singleuser["uid"],
        "fs_gid": singleuser["fsGid"],
        "start_timeout": singleuser["startTimeout"],
        "lifecycle_hooks": singleuser["lifecycleHooks"],
        "profile_list": singleuser["profileList"],
    }


async def pod_for(profile: str) -> tuple[Any, Any]:
    from kubespawner import KubeSpawner
    from traitlets.config import Config

    spawner = KubeSpawner(_mock=True, config=Config({"KubeSpawner": spawner_config(values()["singleuser"])}))
    spawner.api_token = "unused"
    spawner.user_options = {"profile": profile}
    await spawner.load_user_options()
    return spawner, await spawner.get_pod_manifest()


PROFILES = [p["slug"] for p in values()["singleuser"]["profileList"]]


@pytest.fixture(autouse=True)
def offline_cluster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """KubeSpawner reads a cluster's address when it starts: one that is never contacted."""
    (tmp_path / "kubeconfig").write_text(KUBECONFIG)
    monkeypatch.setenv("KUBECONFIG", str(tmp_path / "kubeconfig"))


def test_the_profiles_are_the_classic_table_a_solitaire_table_the_shared_tables_and_the_lessons() -> None:
    assert PROFILES == ["classic", "solitaire", "tables", "lessons"]
    from kubespawner import KubeSpawner

    for profile in values()["singleuser"]["profileList"]:
        unknown = {k for k in profile["kubespawner_override"] if not KubeSpawner.class_trait_names().count(k)}
        assert not unknown, f"{profile['slug']}: KubeSpawner has no settings {unknown}"


@pytest.mark.parametrize("profile", PROFILES)
def test_each_profile_builds_a_pod_with_its_page_and_resources(profile: str) -> None:
    spawner, pod = run_async(pod_for(profile))
    (container,) = pod.spec.containers
    assert container.image == "YOUR-REGISTRY/euchre-tutor:0.1.0"
    env = {e.name: e.value for e in container.env}
    override = next(p for p in values()["singleuser"]["profileList"] if p["slug"] == profile)[
        "kubespawner_override"
    ]
    assert env["JUPYTERHUB_DEFAULT_URL"] == override["default_url"]
    limits, requests = container.resources.limits, container.resources.requests
    assert limits["memory"] == spawner.mem_limit and requests["memory"] == spawner.mem_guarantee
    assert requests["memory"] <= limits["memory"]
    # a student's server holds at least one kernel of the size `euchre-tutor serve` plans with
    assert requests["memory"] >= serve.MB_PER_KERNEL * MB
    assert 0 < float(requests["cpu"]) <= float(limits["cpu"]) <= 2
    # every student's lessons are copied into their home at start (a changed lesson is kept)
    command = container.lifecycle.post_start["exec"]["command"]  # the hook as the chart's dict
    assert command[:2] == ["euchre-tutor", "lessons"] and "--copy-only" in command
    if profile == "lessons":
        assert override["default_url"] == "/lab/tree/lessons"
    elif profile == "tables":  # the class's lobby (tests/hub/ plays at it on a real hub)
        assert override["default_url"] == "/voila/render/lobby.ipynb"
        assert spawner.notebook_dir == "/srv/euchre-tutor"
    else:
        assert override["default_url"] == f"/voila/render/{serve.TABLES[profile]}"
        assert spawner.notebook_dir == "/srv/euchre-tutor"


def test_the_start_command_of_the_lessons_is_a_real_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = values()["singleuser"]["lifecycleHooks"]["postStart"]["exec"]["command"]
    home = tmp_path / "home" / "lessons"
    argv = [str(home) if a == "/home/jovyan/lessons" else a for a in command[1:]]
    assert main(argv) == 0, capsys.readouterr().err
    assert len(list(home.glob("*.ipynb"))) == len(LESSONS)


def test_the_image_setup_places_the_tables_and_voilas_look(tmp_path: Path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("image_setup", ROOT / "deploy" / "image_setup.py")
    assert spec and spec.loader
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)
    tables, config = tmp_path / "srv", tmp_path / "etc" / "voila.json"
    assert setup.main(tables, config) == 0
    for name in serve.TABLES.values():
        assert (tables / name).is_file()
    assert len(list((tables / "lessons").glob("*.ipynb"))) == len(LESSONS)
    look = json.loads(config.read_text())
    assert look["VoilaConfiguration"]["preheat_kernel"] is False  # one student per server: no pools
    assert look["VoilaConfiguration"]["strip_sources"] is True
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "deploy/image_setup.py" in dockerfile and 'CMD ["jupyterhub-singleuser"]' in dockerfile
    assert "/srv/euchre-tutor" in (ROOT / "deploy" / "image_setup.py").read_text()


# --------------------------------------------------------------------------- the static site's recipe

SITE_RECIPE = ROOT / "deploy" / "site-pages.yml"


def site_recipe() -> dict[Any, Any]:
    loaded = yaml.safe_load(SITE_RECIPE.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_the_site_recipe_builds_with_make_site_and_publishes_the_folder_make_site_writes() -> None:
    """deploy/site-pages.yml must keep doing what docs/site.md says: check out, `make site`, publish
    artifacts/site/ (the folder scripts/build_site.py writes by default), then deploy it."""
    import importlib.util
    import subprocess

    recipe = site_recipe()
    triggers = recipe.get("on", recipe.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers is not None and "push" in triggers
    assert recipe["permissions"]["pages"] == "write" and recipe["permissions"]["id-token"] == "write"
    build = recipe["jobs"]["build"]["steps"]
    uses = [step.get("uses", "").split("@")[0] for step in build]
    runs = [step["run"].strip() for step in build if "run" in step]
    assert uses[0] == "actions/checkout"
    assert runs == ["make site"]
    # what `make site` needs on a fresh runner: Python 3.11+ and npm (Pyodide and Font Awesome come from npm)
    python = next(s for s in build if s.get("uses", "").startswith("actions/setup-python"))
    assert tuple(int(x) for x in str(python["with"]["python-version"]).split(".")) >= (3, 11)
    assert any(u == "actions/setup-node" for u in uses)
    cache = next(s for s in build if s.get("uses", "").startswith("actions/cache"))
    assert cache["with"]["path"] == ".site-cache"
    for hashed in re.findall(r"hashFiles\('([^']+)'\)", cache["with"]["key"]):
        assert (ROOT / hashed).is_file(), f"the cache key hashes {hashed}, which does not exist"
    upload = next(s for s in build if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    published = ROOT / upload["with"]["path"]

    # the project's own `make site` runs the site builder, whose default output is that folder
    # (as a top-level make: under `make test` the parent's flags would add "Entering directory" lines)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    dry = subprocess.run(
        ["make", "--no-print-directory", "-n", "site"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    assert "scripts/build_site.py" in dry.stdout.splitlines()[-1]
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    assert published == builder.SITE

    deploy = recipe["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]


def test_the_site_is_built_again_only_when_a_source_is_newer(tmp_path: Path) -> None:
    """``build_site.py --if-stale`` (how ``make test`` builds the site ahead of its tests) builds a missing
    site and one older than a source, and leaves a site newer than every source as it is."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    site = tmp_path / "site"
    assert builder.is_stale(site)  # missing
    page = builder.stamp(site)
    page.parent.mkdir(parents=True)
    page.write_text("<html></html>", encoding="utf-8")
    newest = builder.newest_source()
    os.utime(page, (newest - 10, newest - 10))
    assert builder.is_stale(site)  # older than a source
    os.utime(page, (newest + 10, newest + 10))
    assert not builder.is_stale(site)
    with builder.build_lock(site):  # the lock is a file beside the site, taken and given back
        assert (tmp_path / ".site.lock").exists()
    assert builder.main(["--out", str(site), "--if-stale"]) == 0  # up to date: nothing built
    assert sorted(p.name for p in site.rglob("*") if p.is_file()) == ["solitaire.html"]
