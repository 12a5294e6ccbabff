"""A table for one person as ``make tutor`` starts it (``python -m euchre_tutor.launch``), in a real Chromium.

The launcher serves the whole notebooks folder and prints the table's address: the test opens that
address, asks for the hint and clicks its "Learn more", which must open the lesson at its section
(the same server serves the lessons), never "403: Forbidden".
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import PAGE_TIMEOUT, ROOT, free_port, screenshot, wait_for_port

pytestmark = pytest.mark.browser


def launched(tmp: Path, *flags: str) -> Iterator[str]:
    """``python -m euchre_tutor.launch`` with its own HOME and a seeded deal; yields the address it printed."""
    home = tmp / "home"
    for sub in ("jupyter-data", "ipython", "jupyter-config", "jupyter-runtime"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "HOME": str(home),
        "JUPYTER_DATA_DIR": str(home / "jupyter-data"),
        "JUPYTER_CONFIG_DIR": str(home / "jupyter-config"),
        "JUPYTER_RUNTIME_DIR": str(home / "jupyter-runtime"),
        "IPYTHONDIR": str(home / "ipython"),
        "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        "EUCHRE_SEED": "3",
    }
    port = free_port()
    out = tmp / "launch.out"
    with out.open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "euchre_tutor.launch", *flags, "--port", str(port), "--no-browser"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for_port(port, proc)
        printed = re.search(r"at (http://\S+?);", out.read_text(errors="replace"))
        assert printed is not None, out.read_text(errors="replace")
        yield printed.group(1)
    finally:
        proc.terminate()  # the launcher stops Voila and its kernels, as Ctrl+C does
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


@pytest.fixture
def solitaire(tmp_path: Path, chromium: str) -> Iterator[str]:
    yield from launched(tmp_path)


def test_learn_more_at_the_solitaire_table_opens_its_lesson_section(browser: Any, solitaire: str) -> None:
    port = int(re.search(r":(\d+)/", solitaire).group(1))  # type: ignore[union-attr]
    assert solitaire.endswith("/voila/render/solitaire.ipynb")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT)
    refused: list[str] = []
    context.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    try:
        p = context.new_page()
        p.goto(solitaire)
        p.locator(".euchre-card").first.wait_for()
        p.get_by_role("button", name="Show hint").click()
        link = p.locator(".euchre-hint a.et-lesson").first
        link.wait_for()
        section = str(link.get_attribute("title")).removeprefix("Lesson: ")
        with context.expect_page() as opened:
            link.click()
        lesson = opened.value
        lesson.wait_for_load_state()
        assert re.match(rf"http://127\.0\.0\.1:{port}/voila/render/lessons/\d\d-[\w-]+\.ipynb#", lesson.url)
        heading = lesson.locator(f"[id='{section.replace(' ', '-')}']")
        heading.wait_for()
        assert section in heading.inner_text()
        started = time.monotonic()
        while not heading.is_visible() and time.monotonic() - started < 10:
            time.sleep(0.2)
        screenshot(lesson, "launch-01-learn-more-lesson")
        assert "Forbidden" not in lesson.locator("body").inner_text()
        assert not [r for r in refused if f":{port}/" in r and "/voila/" in r], refused
    finally:
        context.close()
