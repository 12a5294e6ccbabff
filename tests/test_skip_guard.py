"""The CI skip guard (tests/conftest.py) really fails a CI run on a skip that is not allow-listed.

Each case runs pytest in a subprocess on a tiny project holding a copy of
tests/conftest.py, its own allowed_skips.txt and one test file, so the guard
is exercised exactly as the suite loads it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ALLOWED_SKIPS, read_allowed_skips

CONFTEST = Path(__file__).with_name("conftest.py")

TESTS = """
import pytest

def test_runs():
    assert True

def test_needs_a_browser():
    pytest.skip("no Chromium found")

def test_rare_case():
    pytest.skip("the deck never led")

@pytest.mark.xfail(reason="known bug", strict=True)
def test_known_bug():
    assert False
"""


#: ``make test`` runs the suite in several workers: the guard must judge their reports in the main process
PARALLEL = ["-p", "xdist.plugin", "-n", "2", "--dist", "loadfile"]


def run_pytest(
    tmp_path: Path, *, ci: str | None, allowed: str, tests: str = TESTS, extra: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    shutil.copy(CONFTEST, project / "conftest.py")
    (project / "allowed_skips.txt").write_text(allowed, encoding="utf-8")
    (project / "test_sample.py").write_text(tests, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS")}
    # the guard is the conftest's own: the installed plugins are not loaded (their imports take seconds);
    # a run in workers names xdist itself (PARALLEL)
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", *extra, "."],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("extra", [(), tuple(PARALLEL)], ids=["one-process", "two-workers"])
def test_in_ci_a_skip_not_on_the_list_fails_the_run_and_is_named_with_its_reason(
    tmp_path: Path, extra: tuple[str, ...]
) -> None:
    done = run_pytest(
        tmp_path,
        ci="true",
        allowed="test_sample.py::test_rare_case  --  the case is not in this deal\n",
        extra=extra,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "CI=true: 1 skipped test not on the allow-list" in done.stdout
    assert "test_sample.py::test_needs_a_browser: Skipped: no Chromium found" in done.stdout
    # the allow-listed skip and the xfail are not reported as offences
    offences = done.stdout.split("skips not allowed in CI", 1)[1]
    assert "test_rare_case" not in offences and "test_known_bug" not in offences


def test_in_ci_every_skip_allowed_passes(tmp_path: Path) -> None:
    allowed = "test_sample.py::test_rare_case -- data-dependent\ntest_sample.py::test_needs_* -- no browser\n"
    done = run_pytest(tmp_path, ci="true", allowed=allowed)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 skipped" in done.stdout and "not on the allow-list" not in done.stdout


@pytest.mark.parametrize("ci", [None, "false", ""])
def test_outside_ci_skips_are_only_reported(tmp_path: Path, ci: str | None) -> None:
    done = run_pytest(tmp_path, ci=ci, allowed="")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 skipped" in done.stdout and "not on the allow-list" not in done.stdout


def test_a_module_level_importorskip_counts_as_a_skip(tmp_path: Path) -> None:
    tests = 'import pytest\npytest.importorskip("no_such_module_here")\n\ndef test_x():\n    pass\n'
    done = run_pytest(tmp_path, ci="TRUE", allowed="", tests=tests)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "test_sample.py: Skipped: could not import 'no_such_module_here'" in done.stdout


def test_a_failing_run_keeps_its_failure_status(tmp_path: Path) -> None:
    tests = "import pytest\n\ndef test_bad():\n    assert False\n\ndef test_skip():\n    pytest.skip('x')\n"
    done = run_pytest(tmp_path, ci="true", allowed="", tests=tests)
    assert done.returncode == 1
    assert "1 failed" in done.stdout and "test_sample.py::test_skip: Skipped: x" in done.stdout


def test_an_entry_without_a_reason_is_refused(tmp_path: Path) -> None:
    done = run_pytest(tmp_path, ci="true", allowed="test_sample.py::test_rare_case\n")
    assert done.returncode != 0
    assert "is not '<test id> -- <reason>'" in done.stdout + done.stderr


def test_the_projects_allow_list_is_short_and_every_entry_has_a_reason() -> None:
    entries = read_allowed_skips(ALLOWED_SKIPS)
    assert len(entries) <= 3, "a skip in CI is a test that did not run: keep the allow-list short"
    assert all(len(e.reason.split()) >= 3 for e in entries)


def test_ci_runs_the_readme_command_strictly() -> None:
    """.ci/run sets CI=true itself (a CI service need not), then runs exactly `make test`."""
    root = Path(__file__).resolve().parents[1]
    lines = [line.strip() for line in (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    commands = [line for line in lines if line and not line.startswith("#")]
    assert "export CI=true" in commands and commands[-1] == "make test"
    assert commands.index("export CI=true") < commands.index("make test")
    assert "```\nmake test\n```" in (root / "README.md").read_text(encoding="utf-8")
