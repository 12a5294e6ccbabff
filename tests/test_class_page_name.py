"""The class page asks the student's name once and passes it to every page it opens (``?name=``)."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from euchre_tutor.class_site import class_page_html

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def test_the_class_page_has_a_name_box_whose_name_every_page_link_carries() -> None:
    page = class_page_html(NOTEBOOKS)
    assert '<label for="et-name">' in page and '<input id="et-name"' in page
    named = re.findall(r'href="([^"]+)" data-named="([^"]+)"', page)
    assert {href for href, _ in named} >= {
        "/voila/render/solitaire.ipynb",
        "/voila/render/classic.ipynb",
        "/voila/render/lobby.ipynb",
        "/voila/render/practice.ipynb",
    }
    assert all(href == base for href, base in named)  # no name yet: the plain address
    assert 'href="/voila/tree/lessons">' in page  # the lessons need no name
    assert "localStorage" in page and 'base + "?name=" + encodeURIComponent(name)' in page


def test_the_lobby_takes_the_name_from_its_address(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre_tutor.widgets import lobby

    monkeypatch.setenv("QUERY_STRING", "name=Ada+L.")
    monkeypatch.setattr(lobby, "LobbyApp", lambda connect: SimpleNamespace(name=SimpleNamespace(value="")))
    app = lobby.lobby_page({"EUCHRE_TABLES_URL": "ws://127.0.0.1:1/tables", "EUCHRE_TABLES_TOKEN": "t"})
    assert app.name.value == "Ada L."
