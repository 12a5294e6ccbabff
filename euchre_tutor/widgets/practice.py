"""The Practice page: the student's own mistakes served again, one by one, with spaced repetition.

The deck lives in a file the student keeps (a Binder server forgets everything when it stops):
**Upload deck** reads it, **Download deck** offers it back (a data link, no server needed); a deck
opened with nothing due starts the session its first drill is due in, so its drills are served at once.
On a class server the deck is kept under the student's name instead (the page address's ``?name=``, or
the name box): the tables add each Mistake and Blunder to it as they grade, due at once, and the page
finds them each time it serves a drill. The page
serves the drills due this session, each drawn as the student saw it with a button per legal answer
and no hint; a click is graded by the advisor and the grade, the best answer and the reasons shown;
**Next drill** serves the next one, **Next session** moves the session counter on. The schedule and
the file are :mod:`euchre_tutor.advisor.drills`, the grading :mod:`euchre_tutor.session.practice`:
this module only draws.
"""

from __future__ import annotations

import html
from typing import Any, Final

import ipywidgets as w

from euchre_tutor.advisor.drills import Deck, Drill
from euchre_tutor.advisor.sampling import DEFAULT_WORLDS
from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import capped_text
from euchre_tutor.session.class_store import ClassStore, student_name
from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.session.practice import PracticeGrade, add_graded_game, drill_scene, grade_drill_answer
from euchre_tutor.session.report_charts import data_link
from euchre_tutor.widgets.quiz import cards_html
from euchre_tutor.widgets.style import CSS

__all__ = ["DECK_FILE_NAME", "PracticeApp"]

DECK_FILE_NAME = "euchre-drills.json"

_GOOD = "#1e7b34"
_BAD = "#a33"

#: The Practice page's own rules, after the tables' (:data:`~euchre_tutor.widgets.style.CSS`): the same
#: felt, title and buttons; the drill on a light card like the tables' hint and review panels.
PRACTICE_CSS = """
.euchre-app.et-practice{max-width:920px}
.euchre-app.et-practice .et-title .sub,.euchre-app.et-practice .et-practice-bar .widget-html-content{color:#f4f1e8}
.euchre-app.et-practice .et-practice-bar{flex-wrap:wrap;gap:8px;align-items:center;margin:4px 0}
.euchre-app.et-practice .et-practice-counts .widget-html-content{font-size:15px}
.euchre-app.et-practice .et-practice-download a{color:#fff7d6;font-weight:600}
.euchre-app.et-practice .et-practice-card{background:rgba(255,253,247,.96);color:#1d1d1f;border-radius:12px;
  padding:10px 14px 12px;box-shadow:0 4px 12px rgba(0,0,0,.35);margin:8px 0}
.euchre-app.et-practice .et-practice-card .widget-html-content{color:#1d1d1f}
.euchre-app.et-practice .et-practice-card h3{margin:0 0 6px;font-size:18px}
.euchre-app.et-practice .et-practice-answers{flex-wrap:wrap;gap:6px;margin:4px 0}
.euchre-app.et-practice .jupyter-button.euchre-trump{border:1px solid #bdb6a6}
.euchre-app.et-practice .jupyter-button.euchre-trump:disabled{opacity:.6}
.euchre-app.et-practice .jupyter-button.euchre-trump.mod-success{background:#1e6b41;color:#fff;opacity:1}
.euchre-app.et-practice .jupyter-button.euchre-trump.mod-danger{background:#b71c1c;color:#fff;opacity:1}
.euchre-app.et-practice .jupyter-button.et-ctl{height:34px}
"""


def _esc(text: object) -> str:
    return html.escape(str(text))


def _start_due(deck: Deck) -> None:
    """A deck opened with drills waiting but none due starts the session its first one is due in: a
    new deck's drills (due the session after the game that made them) are served at once."""
    waiting = [d.due for d in deck.drills if not d.learned]
    if waiting and not deck.due:
        while deck.session < min(waiting):
            deck.next_session()


#: the most deals a sampled answer on the Practice page is graded on (a table hint's adaptive cap)
PRACTICE_MAX_WORLDS: Final = 1600


class PracticeApp(w.VBox):  # type: ignore[misc]
    """The Practice page for one deck (an empty one unless given).

    ``worlds``, ``max_worlds`` and ``seed`` go to a sampling game's grading
    (:func:`~euchre_tutor.session.practice.grade_drill_answer`). The page grades in the kernel, so by
    default a sampled answer takes at most the hint's deals (:data:`PRACTICE_MAX_WORLDS`, about a second)
    rather than the table's refinement after the move (up to tens of thousands of deals, seconds of
    CPU that would hold the page): right or not rests on Best or Good, which the hint's deals settle but
    for answers on the edge of Good (``max_worlds=None`` grades exactly as the table does).
    :meth:`answer`, :meth:`load_text` and the buttons' clicks are what the page does, so tests drive it
    without a browser.
    """

    def __init__(
        self,
        deck: Deck | None = None,
        *,
        worlds: int = DEFAULT_WORLDS,
        max_worlds: int | None = PRACTICE_MAX_WORLDS,
        seed: int = 0,
        store: ClassStore | None = None,
        name: str = "",
    ) -> None:
        self.deck = Deck() if deck is None else deck
        self.store = store
        self.student: str | None = None
        self._grading = {"worlds": worlds, "max_worlds": max_worlds, "seed": seed}
        self._seed = seed
        self.current: Drill | None = None
        self.last: PracticeGrade | None = None
        self._answers: list[str] = []
        self._words: dict[str, str] = {}

        self.style_html = w.HTML(f"<style>{CSS}{PRACTICE_CSS}</style>", layout=w.Layout(display="none"))
        self.counts = w.HTML()
        self.counts.add_class("et-practice-counts")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Upload deck")
        self.upload.add_class("et-upload")
        self.upload.add_class("et-ctl")
        self.upload.observe(self._on_upload, names="value")
        self.download = w.HTML()
        self.download.add_class("et-practice-download")
        self.next_session_button = w.Button(description="Next session", tooltip="start the next session")
        self.next_session_button.add_class("et-ctl")
        self.next_session_button.on_click(lambda _b: self.next_session())
        self.message = w.HTML()
        self.message.add_class("euchre-message")
        self.position = w.HTML()
        self.position.add_class("et-practice-position")
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("et-practice-answers")
        self.feedback = w.HTML()
        self.feedback.add_class("et-practice-feedback")
        self.next_button = w.Button(description="Next drill", disabled=True)
        self.next_button.add_class("et-ctl")
        self.next_button.on_click(lambda _b: self.serve())
        title = w.HTML(
            '<div class="et-title"><h1>♠ Practice ♥</h1>'
            '<div class="sub">Your own mistakes as drills · each comes back until you get it right twice</div></div>'
        )
        header = w.HBox([title])
        header.add_class("et-header")
        bar = w.HBox([self.upload, self.next_session_button, self.download])
        bar.add_class("et-practice-bar")
        self.name_box = w.Text(
            placeholder="your name", description="Your name", layout=w.Layout(width="16em")
        )
        self.name_button = w.Button(
            description="Your saved games on this server", tooltip="keep your drills on this server"
        )
        self.name_button.add_class("et-ctl")
        self.name_button.on_click(lambda _b: self.use_name(self.name_box.value))
        mine = w.HBox([self.name_box, self.name_button])
        mine.add_class("et-practice-bar")
        mine.add_class("et-practice-mine")
        if store is None:  # away from a class server: the deck file is the only way
            mine.layout.display = "none"
        card = w.VBox([self.position, self.buttons, self.feedback, self.next_button])
        card.add_class("et-practice-card")
        super().__init__([self.style_html, header, self.counts, mine, bar, self.message, card])
        self.add_class("euchre-app")
        self.add_class("et-practice")
        _start_due(self.deck)
        self.serve()
        if name.strip() and store is not None:  # the page's address named the student
            self.name_box.value = name.strip()
            self.use_name(name)

    # ------------------------------------------------------------------ what the page does

    def load_text(self, text: bytes | str) -> bool:
        """Use the deck in ``text``; a bad file shows what is wrong and keeps the current deck."""
        try:
            deck = Deck.loads(capped_text(text, "the deck file") if isinstance(text, bytes) else text)
        except EuchreError as error:
            self._say(f"That file was not loaded: {error}. Your deck is unchanged.", error=True)
            return False
        self.deck = deck
        _start_due(deck)
        self.serve()
        self._say(f"Deck loaded: {len(deck)} drill{'' if len(deck) == 1 else 's'}, session {deck.session}.")
        return True

    def serve(self) -> Drill | None:
        """Show the next drill due this session (or say there is none); on a class server, with the
        drills the tables kept for the student meanwhile."""
        self._merge()
        due = self.deck.due_drills()
        self.current = due[0] if due else None
        self.last = None
        self.feedback.value = ""
        self.next_button.disabled = True
        self._say("")
        if self.current is None:
            self._answers = []
            self.buttons.children = ()
            self.position.value = (
                "<p>No drills are due this session. Play a game (its Mistakes and Blunders come here), "
                "or start the next session.</p>"
            )
            if self.student is not None:  # the tables add drills as they grade: look again
                self.next_button.disabled = False
        else:
            self._draw(self.current)
        self._refresh()
        return self.current

    def answer(self, choice: int | str) -> PracticeGrade | None:
        """Answer the drill shown with a legal answer (its index or text); None, and nothing changed,
        when no drill waits for an answer or the answer is not one of its buttons."""
        drill = self.current
        if drill is None or self.last is not None:
            return None  # nothing shown, or answered already (a double click)
        if isinstance(choice, int):
            if not 0 <= choice < len(self._answers):
                return None
            choice = self._answers[choice]
        if choice not in self._answers:
            return None
        self.feedback.value = "<p><i>Grading…</i></p>"
        try:
            graded = grade_drill_answer(drill, choice, **self._grading)  # type: ignore[arg-type]
        except EuchreError as error:
            self.feedback.value = ""
            self._say(str(error), error=True)
            return None
        self.last = graded
        self.deck.answer(drill.id, right=graded.right)
        for b, text in zip(self.buttons.children, self._answers, strict=True):
            b.disabled = True
            b.button_style = ("success" if graded.right else "danger") if text == choice else ""
        self.feedback.value = self._feedback_html(drill, graded)
        self.next_button.disabled = False
        self._refresh()
        return graded

    def use_name(self, name: str) -> bool:
        """On a class server: the student's deck kept under ``name``, with the drills of their saved games.

        The drills on the page (an uploaded deck) join the kept ones; each saved game whose drills the
        table did not keep already is graded and its Mistakes and Blunders added, due at once. From then
        on every change is kept. A bad name, or no class server, says so and changes nothing.
        """
        if self.store is None:
            self._say("There is no class server here: download your deck to keep it.", error=True)
            return False
        try:
            shown = student_name(name)
            games = self.store.games(shown)
            kept = self.store.deck(shown)
        except EuchreError as error:
            self._say(str(error), error=True)
            return False
        before = 0 if kept is None else len(kept)
        found, drilled = Deck(), []
        for game in games:
            if game.drilled:
                continue
            try:
                graded = grade_saved_text(game.save, name=shown, quick=True, seed=self._seed)
            except EuchreError:
                continue  # a save this version cannot grade stays kept, for the teacher's report
            add_graded_game(found, graded)
            drilled.append(game.digest)
        try:
            self.store.add_drills(shown, found.drills)
            self.store.mark_drilled(shown, drilled)
            deck = self.store.merge_deck(shown, self.deck)  # the page's drills join the kept ones
        except EuchreError as error:
            self._say(str(error), error=True)
            return False
        _start_due(deck)
        self.student, self.deck = shown, deck
        self.serve()
        new = len(deck) - before
        self._say(
            f"{shown}: {len(games)} saved game{'' if len(games) == 1 else 's'} on this server, "
            f"{len(deck)} drill{'' if len(deck) == 1 else 's'} ({new} new). "
            "Your drills are kept here as you answer, and your tables add theirs as you play."
        )
        return True

    def next_session(self) -> None:
        """Move the session counter on: the drills due by then are served."""
        self.deck.next_session()
        self.serve()

    # ------------------------------------------------------------------ drawing

    def _draw(self, drill: Drill) -> None:
        scene = drill_scene(drill)
        trump = scene.trump
        rows = "".join(
            f"<div>{_esc(caption)} {cards_html(cards, trump=trump) if cards else ''}</div>"
            for caption, cards in scene.rows
        )
        where = f"<div><small>{_esc(drill.source)}</small></div>" if drill.source else ""
        note = f"<div><i>{_esc(drill.note)}</i></div>" if drill.note else ""
        self.position.value = (
            f"<h3>{_esc(scene.title)}</h3>{where}{note}{rows}"
            f"<div>Your hand: {cards_html(scene.hand, trump=trump)}</div><p><b>{_esc(scene.question)}</b></p>"
        )
        self._answers = [c.answer for c in scene.choices]
        self._words = {c.answer: c.words for c in scene.choices}
        buttons = []
        for c in scene.choices:
            b = w.Button(description=c.words, layout=w.Layout(width="auto"))
            b.add_class("euchre-trump")
            b.add_class("et-practice-answer")
            b.on_click(lambda _b, text=c.answer, ident=drill.id: self._click(ident, text))
            buttons.append(b)
        self.buttons.children = tuple(buttons)

    def _click(self, ident: str, text: str) -> None:
        if self.current is not None and self.current.id == ident:  # a stale button does nothing
            self.answer(text)

    def _feedback_html(self, drill: Drill, graded: PracticeGrade) -> str:
        colour = _GOOD if graded.right else _BAD
        verdict = "Right!" if graded.right else "Not quite."
        now = self.deck[drill.id]
        if now.learned:
            schedule = "Learned: right twice in a row, so it is not served again."
        elif graded.right:
            schedule = f"It comes back in session {now.due}."
        else:
            schedule = "It comes back next session."
        before = ""
        if drill.answer is not None and drill.label is not None:
            chose = self._words.get(drill.answer, drill.answer)  # as its button says it
            before = f"<div><small>In your game you chose {_esc(chose)} ({_esc(drill.label)}).</small></div>"
        reasons = "".join(f"<li>{_esc(r)}</li>" for r in graded.reasons)
        return (
            f'<div style="color:{colour}"><b>{verdict} {_esc(graded.label)}.</b> Best: {_esc(graded.best)}.</div>'
            f"<div>{_esc(graded.text)}</div>{before}<ul>{reasons}</ul><div>{_esc(schedule)}</div>"
        )

    def _merge(self) -> None:
        """Keep the page's deck on the class server, with the drills the tables added meanwhile."""
        if self.store is None or self.student is None:
            return
        try:
            self.store.merge_deck(self.student, self.deck)
        except EuchreError as error:
            self._say(f"Your deck could not be kept on the server ({error}): download it.", error=True)

    def _refresh(self) -> None:
        d = self.deck
        self._merge()
        self.counts.value = (
            f"<p>Session {d.session}: <b>{d.due}</b> due this session, <b>{d.learned}</b> learned, "
            f"<b>{len(d)}</b> drill{'' if len(d) == 1 else 's'} in all.</p>"
        )
        self.download.value = (
            data_link(d.dumps(), DECK_FILE_NAME, "⬇ Download deck", "application/json")
            + " (keep it: upload it next time to go on where you stopped)"
        )

    def _say(self, text: str, *, error: bool = False) -> None:
        role = "alert" if error else "status"
        kind = "error" if error else "info"
        self.message.value = (
            f'<div role="{role}" aria-live="polite" class="msg {kind}">{_esc(text)}</div>' if text else ""
        )

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else getattr(item, "content", b"")
        try:  # the same cap and decoding as every other input
            text = capped_text(bytes(content), "the deck file")
        except EuchreError as error:
            self._say(f"That file was not loaded: {error}. Your deck is unchanged.", error=True)
            return
        self.load_text(text)
