"""What a class server shows: the class page, the lessons page, the loading message, kernels on demand.

``euchre-tutor serve`` (:mod:`euchre_tutor.serve`) runs Voila through :func:`main` here, on a folder
made by :func:`class_root` and with the Voila template written by :func:`write_template`:

- **Kernels on demand.** Voila keeps a pool of started kernels for each table and, once a student takes
  one, schedules its replacement ``fill_delay`` seconds later; a page opened meanwhile would wait for
  that replacement with nothing on screen. :func:`on_demand` changes one thing: a pool counts only its
  kernels that are ready, so a page that finds none gets a kernel started for it at once (Voila's own
  path for a page with no pool), with the loading message on screen, while the scheduled replacement
  still waits its delay.
- **The loading message** says what the page is waiting for and counts the seconds.
- **The class page** (Voila's folder page, replaced): the tables of the game registry, the lobby when
  there is one, the Practice page and the lessons, in the tables' look; the folder of lessons gets a
  page of its own. The teacher's pages are not in the students' folder at all.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from euchre_tutor.advisor.voice import capital
from euchre_tutor.rules.games import all_games

__all__ = [
    "TEACHER",
    "TEACHER_PAGES",
    "TEACHER_TEMPLATE",
    "TEMPLATE",
    "class_root",
    "lesson_titles",
    "main",
    "on_demand",
    "write_template",
]

#: the Voila template's name (a folder under ``voila/templates`` on ``JUPYTER_PATH``)
TEMPLATE: Final = "euchre-class"
#: the folder of the teacher's pages, beside the students' (out of a student's way in JupyterLab too)
TEACHER: Final = "teacher"
#: pages for the teacher only, in :data:`TEACHER`: never in the students' folder (served behind the
#: teacher's login): the class's tables, the class report of the class's store, and the report of a
#: folder of saved files
TEACHER_PAGES: Final = ("teacher-tables.ipynb", "class-report.ipynb", "teacher-report.ipynb")
#: the teacher's server's template: its landing page (the tables, the class report, the lessons)
TEACHER_TEMPLATE: Final = "euchre-teacher"
LOBBY: Final = "lobby.ipynb"
PRACTICE: Final = "practice.ipynb"
LESSONS: Final = "lessons"


# --- kernels on demand ------------------------------------------------------------------------------


def on_demand(base: type[Any]) -> type[Any]:
    """Voila's pooling kernel manager ``base``, whose pools count only kernels that are ready.

    Voila's page handler asks ``get_pool_size`` before taking a pooled kernel, and starts a kernel of
    the page's own when it is 0. A pool's kernel that is still starting, or a replacement still
    waiting its ``fill_delay``, is not counted: the page then gets its own kernel at once, with the
    loading message on screen, instead of a blank page until the pool's kernel is ready.
    """

    class OnDemandKernelManager(base):  # type: ignore[misc]
        def get_pool_size(self, notebook_name: str) -> int:
            pool: list[asyncio.Task[Any]] = self._pools.get(notebook_name, [])
            pool.sort(key=lambda task: not _ready(task))  # Voila takes the first: a ready one
            return sum(1 for task in pool if _ready(task))

    OnDemandKernelManager.__name__ = OnDemandKernelManager.__qualname__ = f"OnDemand{base.__name__}"
    return OnDemandKernelManager


def _ready(task: asyncio.Task[Any]) -> bool:
    return task.done() and not task.cancelled() and task.exception() is None


def _on_demand_factory(factory: Callable[..., type[Any]]) -> Callable[..., type[Any]]:
    def make(*args: Any, **kwargs: Any) -> type[Any]:
        made = factory(*args, **kwargs)
        return on_demand(made) if hasattr(made, "fill_if_needed") else made

    return make


def main(argv: Sequence[str] | None = None) -> None:
    """Run Voila (its own command line, ``argv``) with :func:`on_demand` pools."""
    import voila.app  # type: ignore[import-untyped]

    voila.app.voila_kernel_manager_factory = _on_demand_factory(voila.app.voila_kernel_manager_factory)
    sys.argv = [sys.argv[0], *(sys.argv[1:] if argv is None else argv)]
    voila.app.main()


# --- the students' folder ---------------------------------------------------------------------------


def class_root(notebooks: Path, where: Path) -> Path:
    """A folder of links to the students' pages in ``notebooks`` (its pages and its lessons, not the
    teacher's folder).

    Voila serves only what is under its folder, so a teacher's page is not reachable from it by any
    address. Returns ``where`` (created).
    """
    where.mkdir(parents=True, exist_ok=True)
    for page in sorted(notebooks.glob("*.ipynb")):
        if page.name not in TEACHER_PAGES:
            (where / page.name).symlink_to(page)
    if (notebooks / LESSONS).is_dir():
        (where / LESSONS).symlink_to(notebooks / LESSONS, target_is_directory=True)
    return where


def teacher_root(notebooks: Path, where: Path) -> Path:
    """A folder of links to the teacher's pages that exist in ``notebooks``' :data:`TEACHER` folder, and
    to the lessons (the landing page and the class report link them)."""
    where.mkdir(parents=True, exist_ok=True)
    for name in TEACHER_PAGES:
        if (notebooks / TEACHER / name).is_file():
            (where / name).symlink_to(notebooks / TEACHER / name)
    if (notebooks / LESSONS).is_dir():
        (where / LESSONS).symlink_to(notebooks / LESSONS, target_is_directory=True)
    return where


def lesson_titles(folder: Path) -> list[tuple[str, str]]:
    """``(file name, title)`` of each lesson in ``folder``: the title is its first heading."""
    found = []
    for lesson in sorted(folder.glob("*.ipynb")):
        title = lesson.stem
        try:
            cells = json.loads(lesson.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError):
            cells = []
        for cell in cells:
            text = "".join(cell.get("source", []))
            heading = next((line for line in text.splitlines() if line.startswith("#")), None)
            if cell.get("cell_type") == "markdown" and heading:
                title = heading.lstrip("#").strip()
                break
        found.append((lesson.name, title))
    return found


# --- the template ---------------------------------------------------------------------------------

_PAGE_CSS = """
body{margin:0;background:#f4f1e8;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f}
.et-class{max-width:920px;margin:24px auto;padding:18px 22px 22px;border-radius:14px;color:#f4f1e8;
  background:radial-gradient(ellipse at 40% 30%,#2f8a57 0%,#1e6b41 55%,#144d2e 100%);box-shadow:0 6px 18px rgba(0,0,0,.3)}
.et-class h1{margin:0 0 4px;font-size:28px}
.et-class .sub{margin:0 0 14px;color:#e3efe6}
.et-class section{background:rgba(255,253,247,.96);color:#1d1d1f;border-radius:12px;padding:10px 16px 12px;
  margin:10px 0;box-shadow:0 4px 12px rgba(0,0,0,.35)}
.et-class h2{margin:2px 0 8px;font-size:19px}
.et-class ul{margin:0;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:8px}
.et-class ol{margin:0;padding-left:1.6em}
.et-class ol li{margin:4px 0}
.et-class a.et-link{display:inline-block;padding:8px 14px;border-radius:8px;background:#1e6b41;color:#fff;
  text-decoration:none;font-weight:600}
.et-class a.et-link:hover,.et-class a.et-link:focus{background:#144d2e;outline:2px solid #ffd54f}
.et-class ol a{color:#144d2e;font-weight:600}
.et-class .note{font-size:14px;color:#4a4a4a;margin:6px 0 0}
.et-class label{font-weight:600}
.et-class input#et-name{font-size:16px;padding:6px 10px;border-radius:8px;border:1px solid #6b6b6b;
  color:#1d1d1f;background:#fff;min-width:14em}
.et-class input#et-name:focus{outline:2px solid #1e6b41}
"""


def _link(path: str, text: str, kind: str = "render") -> str:
    href = f"/voila/{kind}/{html.escape(path)}"
    named = f' data-named="{href}"' if kind == "render" else ""  # the page gets the student's name
    return f'<a class="et-link" href="{href}"{named}>{html.escape(text)}</a>'


#: the class page's name box: kept in the browser, added to each page's address (``?name=``), where the
#: tables, the lobby and Practice read it, so a student types their name once for the period
_NAME_SCRIPT: Final = """<script>
(function () {
  var box = document.getElementById("et-name"), key = "euchre-tutor-name";
  if (!box) { return; }
  try { box.value = localStorage.getItem(key) || ""; } catch (e) {}
  function named() {
    var name = box.value.trim();
    document.querySelectorAll("a[data-named]").forEach(function (a) {
      var base = a.getAttribute("data-named");
      a.setAttribute("href", name ? base + "?name=" + encodeURIComponent(name) : base);
    });
    try { if (name) { localStorage.setItem(key, name); } else { localStorage.removeItem(key); } } catch (e) {}
  }
  box.addEventListener("input", named);
  named();
})();
</script>"""


def class_page_html(notebooks: Path) -> str:
    """The class page's body: the tables (from the game registry), the lobby, practice, the lessons."""
    tables = "".join(
        f"<li>{_link(g.notebook, capital(g.title))}</li>"
        for g in all_games()
        if (notebooks / g.notebook).is_file()
    )
    parts = [
        '<main class="et-class" id="et-class-page">',
        "<h1>Euchre with your class</h1>",
        '<p class="sub">Pick a table to play with the tutor beside you, or go to the lobby to sit with '
        "classmates. Each page starts its own game: open one at a time.</p>",
        '<section aria-labelledby="et-you"><h2 id="et-you">Your name</h2>'
        '<label for="et-name">Your name, as your class knows you:</label> '
        '<input id="et-name" type="text" maxlength="40" autocomplete="name" placeholder="e.g. Ada or Sam K.">'
        '<p class="note">Every page you open from here keeps your games and drills under it on this server: '
        "Practice finds them, and the class report counts them.</p></section>",
        f'<section aria-labelledby="et-tables"><h2 id="et-tables">Tables</h2><ul>{tables}</ul>'
        '<p class="note">You against the computer, with hints, grades and a review after each hand.</p>'
        "</section>",
        '<section aria-labelledby="et-lobby"><h2 id="et-lobby">Play with classmates</h2><ul>'
        f"<li>{_link(LOBBY, 'The lobby')}</li></ul>"
        '<p class="note">Create a table or join one, choose your seat or watch.</p></section>',
        '<section aria-labelledby="et-practice"><h2 id="et-practice">Practice</h2><ul>'
        f"<li>{_link(PRACTICE, 'Your drills')}</li></ul>"
        '<p class="note">Your own mistakes served again. Give your name there to keep them on this '
        "server.</p></section>",
        '<section aria-labelledby="et-lessons"><h2 id="et-lessons">Lessons</h2><ul>'
        f"<li>{_link(LESSONS, 'All the lessons', 'tree')}</li></ul></section>",
        "</main>",
        _NAME_SCRIPT,
    ]
    return "".join(parts)


def teacher_page_html() -> str:
    """The teacher's landing page: the class's tables, the class report, the lessons, one click each."""
    parts = [
        '<main class="et-class" id="et-teacher-page">',
        "<h1>Your class</h1>",
        '<p class="sub">These pages are yours: your students never see them. Each opens in this tab; the '
        "browser's back button comes back here.</p>",
        '<section aria-labelledby="et-t-tables"><h2 id="et-t-tables">The tables</h2><ul>'
        f"<li>{_link(TEACHER_PAGES[0], 'Every table, live')}</li></ul>"
        '<p class="note">Who sits where and who is connected, the score, any table face up, close a table, '
        "the finished matches to download.</p></section>",
        '<section aria-labelledby="et-t-report"><h2 id="et-t-report">The class report</h2><ul>'
        f"<li>{_link(TEACHER_PAGES[1], 'How each student played')}</li></ul>"
        '<p class="note">Every game your students played on this server, by name: how well, with what luck, '
        "and the mistakes the class makes, each with its lesson. A folder of saved files instead: "
        f'<a href="/voila/render/{TEACHER_PAGES[2]}">the report of saved files</a>.</p></section>',
        '<section aria-labelledby="et-t-lessons"><h2 id="et-t-lessons">The lessons</h2><ul>'
        f"<li>{_link(LESSONS, 'All the lessons', 'tree')}</li></ul>"
        '<p class="note">The lessons your students read, in order, to go over with the class.</p></section>',
        "</main>",
    ]
    return "".join(parts)


def lessons_page_html(notebooks: Path) -> str:
    """The lessons page's body: each lesson by its title, in order, and the way back."""
    items = "".join(
        f'<li><a href="/voila/render/{LESSONS}/{html.escape(name)}">{html.escape(title)}</a></li>'
        for name, title in lesson_titles(notebooks / LESSONS)
    )
    return (
        '<main class="et-class" id="et-lessons-page"><h1>Lessons</h1>'
        '<p class="sub">Read them in order; each has exercises that check your answers.</p>'
        f'<section aria-labelledby="et-lesson-list"><h2 id="et-lesson-list">The lessons</h2><ol>{items}</ol>'
        "</section>"
        f"<ul><li>{_link('', 'Back to the class page', 'tree')}</li></ul></main>"
    )


_TREE = """{%% extends "page.html" %%}
{%% block title %%}{{ "Lessons" if breadcrumbs|length > 1 else "Euchre with your class" }}{%% endblock %%}
{%% block stylesheets %%}{{ super() }}<style>%(css)s</style>{%% endblock %%}
{%% block body %%}
<script>document.documentElement.lang = "en";</script>
{%% if breadcrumbs|length > 1 and breadcrumbs[-1][1] == "%(lessons)s" %%}{%% raw %%}%(lessons_page)s{%% endraw %%}
{%% elif breadcrumbs|length > 1 %%}<main class="et-class"><h1>{{ breadcrumbs[-1][1] }}</h1><section><ol>
{%% for content in contents.content %%}<li><a href="{{ base_url }}voila/{{ 'tree' if content.type == 'directory' else 'render' }}/{{ content.path }}">{{ content.name }}</a></li>{%% endfor %%}
</ol></section></main>
{%% else %%}{%% raw %%}%(class_page)s{%% endraw %%}{%% endif %%}
{%% endblock %%}
"""

# A Jinja template: "{#" would open a comment, so a rule inside braces starts after a space.
_SPINNER = """{%% macro css() %%}
<style>
#loading{display:flex;flex-direction:column;align-items:center;justify-content:center;height:75vh;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;position:relative;z-index:100}
#loading .et-wait{max-width:34em;text-align:center;font-size:16px;line-height:1.45}
#loading .et-dot{width:46px;height:46px;border-radius:50%%;border:6px solid #cfe3d6;border-top-color:#1e6b41;
  animation:et-turn 1.1s infinite linear}
@keyframes et-turn{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){ #loading .et-dot{animation:none}}
</style>
{%% endmacro %%}
{%% macro html() %%}
<div id="loading" style="display: flex;" role="status" aria-live="polite">
  <div class="et-dot" aria-hidden="true"></div>
  <h2 id="loading_text">Starting {{ nb_title }}...</h2>
  <p class="et-wait" id="et-wait">%(wait)s
  Waiting for <span id="et-waited">0</span> s.</p>
</div>
<script>
(function () {
  var start = Date.now();
  var timer = setInterval(function () {
    var box = document.getElementById("loading"), out = document.getElementById("et-waited");
    if (!box || !out || box.style.display === "none") { clearInterval(timer); return; }
    out.textContent = String(Math.round((Date.now() - start) / 1000));
  }, 1000);
})();
</script>
{%% endmacro %%}
"""

#: what the loading message says the page waits for, and for how long
WAIT_WORDS: Final = (
    "The server is starting this page's own Python kernel (it deals the cards and runs the tutor), then "
    "runs the page. This usually takes 5 to 30 seconds, up to a minute or two when the whole class opens "
    "pages at once. Keep this page open: it fills in by itself."
)


def write_template(share: Path, notebooks: Path) -> Path:
    """Write the :data:`TEMPLATE` Voila template under ``share`` (a ``JUPYTER_PATH`` entry), and the
    teacher's (:data:`TEACHER_TEMPLATE`: its landing page in place of the class page, the same lessons
    page and loading message); return the class's."""
    _write_template(share, notebooks, TEACHER_TEMPLATE, teacher_page_html(), "Your class")
    return _write_template(share, notebooks, TEMPLATE, class_page_html(notebooks))


def _write_template(share: Path, notebooks: Path, name: str, front: str, title: str | None = None) -> Path:
    """One Voila template ``name`` under ``share``: its folder page with ``front`` for the class page
    (``title`` in place of the class's), the lessons page and the loading message."""
    folder = share / "voila" / "templates" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.json").write_text(json.dumps({"base_template": "lab"}) + "\n", encoding="utf-8")
    tree = _TREE % {
        "css": _PAGE_CSS,
        "lessons": LESSONS,
        "lessons_page": lessons_page_html(notebooks),
        "class_page": front,
    }
    if title is not None:
        tree = tree.replace("Euchre with your class", title)
    for page in ("tree-lab.html", "tree.html"):  # Voila's folder page, and its classic variant
        (folder / page).write_text(tree, encoding="utf-8")
    (folder / "spinner.macro.html.j2").write_text(_SPINNER % {"wait": WAIT_WORDS}, encoding="utf-8")
    return folder


def template_env(share: Path) -> dict[str, str]:
    """The environment entry that lets Voila find the template written under ``share``."""
    before = os.environ.get("JUPYTER_PATH")
    return {"JUPYTER_PATH": os.pathsep.join([str(share), *([before] if before else [])])}


if __name__ == "__main__":
    main()
