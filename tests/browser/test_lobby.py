"""From the lobby to the seat in one click, in the same tab, in a real Chromium.

The table service runs as its own process; Voila serves the lobby and the shared table's page with the
service's address in its kernels' environment. A student writes a name, makes a table and clicks
**Sit N**: the same tab goes to the table's page, seated at N, with the seat's key in its address.
axe-core finds no WCAG 2.1 A/AA violation on the lobby (contrast included).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.browser.conftest import PAGE_TIMEOUT, VoilaServer, screenshot, table_service, voila_on
from tests.browser.test_accessibility import assert_no_violations
from tests.browser.test_accessibility import axe_source as axe_fixture

pytestmark = pytest.mark.browser
axe_source = axe_fixture  # the accessibility checks' axe-core, as a fixture of this module too

TOKEN = "browser-lobby-token"


@pytest.fixture
def voila(tmp_path: Path, chromium: str) -> Iterator[VoilaServer]:
    with table_service(tmp_path, TOKEN) as running:
        env = {"EUCHRE_TABLES_URL": running.url, "EUCHRE_TABLES_TOKEN": TOKEN}
        with voila_on(tmp_path, ("lobby.ipynb", "shared-table.ipynb"), env) as server:
            yield server


def test_sit_in_the_lobby_lands_on_the_seat_in_the_same_tab(
    browser: Any, voila: VoilaServer, axe_source: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT)
    errors: list[str] = []
    opened: list[Any] = []
    context.on("page", lambda page: opened.append(page))
    try:
        p = context.new_page()
        p.on("pageerror", lambda e: errors.append(str(e)))
        p.goto(f"{voila.url}/voila/render/lobby.ipynb")
        lobby = p.locator(".et-lobby")
        lobby.wait_for()
        # the tables' look: the felt of the one-person tables
        assert "euchre-app" in str(lobby.get_attribute("class"))
        p.get_by_label("Your name").fill("Ann")
        p.get_by_role("button", name="Enter the lobby").click()
        p.locator(".euchre-message", has_text="Welcome, Ann").wait_for()
        screenshot(p, "lobby-01-entered")
        assert_no_violations(p, axe_source, "the lobby")
        p.get_by_role("button", name="Create the table").click()
        p.get_by_role("button", name="Sit N").click()
        # one click: the same tab is now the table's page, seated at N
        p.wait_for_url("**/voila/render/shared-table.ipynb?*")
        query = {k: v[0] for k, v in parse_qs(urlparse(p.url).query).items()}
        assert query["name"] == "Ann" and query["seat"] == "N" and len(query["key"]) == 32
        p.locator(".et-shared-table").wait_for()
        p.locator(".et-shared-seats .st.me", has_text="Ann").wait_for()
        screenshot(p, "lobby-02-seated")
        assert opened == [p], "no other tab was opened"
        assert not errors, errors
    finally:
        context.close()
