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


def test_the_teachers_landing_page_links_the_tables_the_class_report_and_the_lessons(tmp_path: Path) -> None:
    from euchre_tutor.class_site import TEACHER_TEMPLATE, teacher_page_html, write_template
    from euchre_tutor.serve import serve_plan, teacher_plan

    page = teacher_page_html()
    links = dict(re.findall(r'<a class="et-link" href="([^"]+)"[^>]*>([^<]+)</a>', page))
    assert links == {
        "/voila/render/teacher-tables.ipynb": "Every table, live",
        "/voila/render/class-report.ipynb": "How each student played",
        "/voila/tree/lessons": "All the lessons",
    }
    write_template(tmp_path / "share", NOTEBOOKS)
    tree = (tmp_path / "share" / "voila" / "templates" / TEACHER_TEMPLATE / "tree-lab.html").read_text()
    assert 'id="et-teacher-page"' in tree and "Select items to open" not in tree
    plan = serve_plan("127.0.0.1", 18866, 1, ["classic"], None, None, True, available=1e9)
    teacher = teacher_plan(plan, None, None)
    assert teacher is not None and teacher.config()["VoilaConfiguration"]["template"] == TEACHER_TEMPLATE
