"""The suite-wide guard: in CI (``CI=true``) a skipped test fails the run unless it is allow-listed.

A skip hides a missing browser, a missing pyspiel or a case the data never
reaches; on a developer's machine that is a convenience, in CI it would be a
green run that tested less than it says. So under ``CI=true`` every skip
(a test, a module's ``importorskip``, a doctest, a notebook cell) is
collected, and at the end of the session any skip whose test id is not in
``allowed_skips.txt`` (next to this file) is named with its reason and the
run fails. The guard is a plugin object registered here, so it sees the
reports of every collected item, also outside ``tests/`` (notebooks,
doctests). This file depends on nothing but pytest: tests/test_skip_guard.py
copies it into a temporary project to check that the guard works.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ALLOWED_SKIPS = Path(__file__).with_name("allowed_skips.txt")


@dataclass(frozen=True)
class AllowedSkip:
    """One allow-list entry: a test id (``*`` at the end: a prefix) and why its skip is acceptable."""

    pattern: str
    reason: str

    def matches(self, nodeid: str) -> bool:
        if self.pattern.endswith("*"):
            return nodeid.startswith(self.pattern[:-1])
        return nodeid == self.pattern


def read_allowed_skips(path: Path) -> list[AllowedSkip]:
    """Entries ``<test id>  --  <reason>``, one a line; ``#`` starts a comment. A reason is required."""
    entries = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        pattern, sep, reason = (part.strip() for part in line.partition(" -- "))
        if not sep or not pattern or not reason:
            raise pytest.UsageError(
                f"{path.name} line {number}: {line!r} is not '<test id> -- <reason>' "
                "(every allowed skip says why it is acceptable)"
            )
        entries.append(AllowedSkip(pattern, reason))
    return entries


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() == "true"


@dataclass(eq=False)  # a plugin must stay hashable
class SkipGuard:
    """Collects skip reports; under CI=true fails the session on a skip that is not allow-listed."""

    allowed: list[AllowedSkip]
    skipped: dict[str, str] = field(default_factory=dict)

    @staticmethod
    def _reason(report: Any) -> str:
        longrepr = report.longrepr
        if isinstance(longrepr, tuple) and len(longrepr) == 3:
            return str(longrepr[2])
        return str(longrepr)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.skipped and not hasattr(report, "wasxfail"):
            self.skipped.setdefault(report.nodeid, self._reason(report))

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        # a module-level importorskip skips the whole module at collection
        if report.skipped:
            self.skipped.setdefault(report.nodeid, self._reason(report))

    def not_allowed(self) -> dict[str, str]:
        return {
            nodeid: reason
            for nodeid, reason in self.skipped.items()
            if not any(entry.matches(nodeid) for entry in self.allowed)
        }

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if hasattr(session.config, "workerinput"):
            return  # a worker of a parallel run: its reports reach the main process, which judges them
        bad = self.not_allowed()
        if not in_ci() or not bad:
            return
        lines = [
            f"CI=true: {len(bad)} skipped test{'s' if len(bad) != 1 else ''} not on the allow-list "
            f"({ALLOWED_SKIPS.name} next to tests/conftest.py); make {'them' if len(bad) != 1 else 'it'} "
            "run, or allow-list with a reason:"
        ]
        lines += [f"  {nodeid}: {reason}" for nodeid, reason in sorted(bad.items())]
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_sep("=", "skips not allowed in CI", red=True, bold=True)
            for line in lines:
                reporter.write_line(line)
        else:  # pragma: no cover - pytest run without its terminal
            print("\n".join(lines))
        if session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_configure(config: pytest.Config) -> None:
    if not config.pluginmanager.has_plugin("euchre-skip-guard"):
        config.pluginmanager.register(SkipGuard(read_allowed_skips(ALLOWED_SKIPS)), "euchre-skip-guard")


@pytest.fixture(autouse=True)
def _a_new_student_each_test() -> Any:
    """Every test's tables start at the default explanation depth: the depth picker remembers a
    student's last choice for the next table in the same kernel, and tests are separate students."""
    yield
    import sys

    depth = sys.modules.get("euchre_tutor.widgets.depth")
    if depth is not None:
        depth.forget_depth()


#: Folders whose files take up to minutes each (pages in Chromium, JupyterHub), by their path's parts
LONG_FOLDERS = (("tests", "browser"), ("tests", "hub"))
#: the static site's tests wait for its build (started beside the tests by scripts/run-tests.sh)
WAITS_FOR_A_BUILD = "test_site.py"


def _order(item: pytest.Item) -> int:
    parts = item.path.parts
    folder = tuple(parts[-3:-1])
    if folder in LONG_FOLDERS:
        return 1 if item.path.name == WAITS_FOR_A_BUILD else 0
    return 2


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long files first, the static site's last of them, everything else after in the order
    collected. Under xdist (``--dist loadfile --no-loadscope-reorder``) files are handed out in this
    order, so the run ends on many short files and neither worker waits long for the other; xdist's own
    order (most tests first) would leave the one-test files of whole pages to the end."""
    items.sort(key=_order)
