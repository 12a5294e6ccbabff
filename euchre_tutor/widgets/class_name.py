"""Whose games these are: a one-person table on a class server, kept under the student's name.

On a class server (``euchre-tutor serve`` gives every kernel the class's store) a one-person table
(Solitaire, classic, Bid) keeps what the student plays under their name: the match after each hand,
with its grades, and every Mistake and Blunder as a drill due at once
(:meth:`~euchre_tutor.session.tutor.TableTutor.keep_in_class`), so the Practice page and the teacher's
report find them with no download or upload. The name comes from the page's address (``?name=Ada``,
as the class page and the shared tables pass it) or from a plain name box above the table, which the
kernel remembers for the page's next tables. Away from a class server the table is shown as it is.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Final

import ipywidgets as w

from euchre_tutor.errors import EuchreError
from euchre_tutor.widgets.page import page_query
from euchre_tutor.widgets.table import button

if TYPE_CHECKING:  # the class's store needs sqlite3, which the static site's Python lacks
    from euchre_tutor.session.class_store import ClassStore

__all__ = ["ClassName", "keep_by_name"]

#: the name line's look: dark text on the page's light ground, above the table's felt
NAME_CSS: Final = """
.et-class-name{align-items:center;flex-wrap:wrap;gap:8px;margin:0 0 6px;padding:6px 10px;border-radius:10px;
  background:#fffdf7;color:#1d1d1f;border:1px solid #cfc8b8;max-width:920px;box-sizing:border-box}
.et-class-name .widget-label,.et-class-name .widget-html-content{color:#1d1d1f;font-size:15px}
.et-class-name .et-name-said b{color:#144d2e}
.et-class-name .et-name-said .et-name-error{color:#8a1c1c;font-weight:600}
"""

#: the name last given in this kernel: the page's next table keeps its games under it too
_remembered: dict[str, str] = {}


def _tutor(app: Any) -> Any:
    return getattr(app, "tutor", None)


class ClassName(w.HBox):  # type: ignore[misc]
    """The line above a table: the student's name, and where their games and drills go.

    :meth:`use` is what the button does (tests call it): a good name makes the table's tutor keep the
    student's games and drills in ``store``; a bad one says why and changes nothing.
    """

    def __init__(self, tutor: Any, store: ClassStore, name: str = "") -> None:
        self.tutor = tutor
        self.store = store
        self.name = ""
        self.style_html = w.HTML(f"<style>{NAME_CSS}</style>", layout=w.Layout(display="none"))
        self.box = w.Text(placeholder="your name", description="Your name", layout=w.Layout(width="17em"))
        self.keep = button(
            "Keep my games",
            "Keep your games and drills on this class server under this name",
            lambda: self.use(self.box.value),
            "et-ctl",
        )
        self.said = w.HTML(
            '<span class="et-name-said">Give your name to keep your games and drills for Practice.</span>'
        )
        super().__init__([self.style_html, self.box, self.keep, self.said])
        self.add_class("et-class-name")
        if name:
            self.use(name)

    def use(self, name: str) -> bool:
        """Keep the table's games and drills under ``name`` from now on; False (and why) for a bad name."""
        from euchre_tutor.session.class_store import student_name

        try:
            shown = student_name(name)
        except EuchreError as error:
            self.said.value = (
                f'<span class="et-name-said"><span class="et-name-error" role="alert">'
                f"{html.escape(str(error))}</span></span>"
            )
            return False
        self.tutor.keep_in_class(self.store, shown)
        self.name = _remembered["name"] = shown
        self.box.value = shown
        self.keep.description = "Change name"
        self.said.value = (
            f'<span class="et-name-said" role="status">Playing as <b>{html.escape(shown)}</b>: each hand '
            "and every Mistake or Blunder is kept on this class server under your name, for Practice and "
            "your teacher.</span>"
        )
        return True


def keep_by_name(app: Any, *, store: ClassStore | None = None, query: dict[str, str] | None = None) -> Any:
    """``app`` (a one-person table) with the name line above it on a class server (see the module doc):
    the page address's ``name``, else the name given before in this kernel, else the box waits for one.
    ``store``: the class's store (default: the class server's, if this is one); with none, or a table
    without a tutor, ``app`` itself."""
    kept = store
    if kept is None:
        try:
            from euchre_tutor.session.class_store import ClassStore
        except ImportError:  # no sqlite3 (the static site): no class server either
            return app
        kept = ClassStore.from_env()
    tutor = _tutor(app)
    if kept is None or tutor is None:
        return app
    name = (page_query() if query is None else query).get("name", "").strip() or _remembered.get("name", "")
    line = ClassName(tutor, kept, name)
    page = w.VBox([line, app])
    page.name_line = line
    return page
