"""The proof that a game is one package: the proof game of ``tests/proof_game``, registered as any
package registers its game, plays at the framework's local table, saves and loads, and shows in
Practice, the class report and the command line, with no file outside its package naming it."""

from __future__ import annotations

import base64
import json
import pickle
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre_tutor.advisor.drills import Deck, DeckError
from euchre_tutor.rules import games as registry
from euchre_tutor.rules.games import find_format, find_game, game_names

PACKAGE = Path(registry.__file__).resolve().parents[1]


@pytest.fixture(scope="module", autouse=True)
def proof() -> Iterator[registry.Game]:
    """The proof game registered for this module's tests only (its package's ``GAME``, registered as any
    package registers its game)."""
    from tests.proof_game import registered

    with registered() as game:
        yield game


def played_save(seed: int, pick: int = -1) -> str:
    """A finished proof match's save: the student plays their ``pick``-th legal card each time."""
    from tests.proof_game.session.controller import ProofController

    c = ProofController(seed)
    while not c.state.is_over:
        if c.waiting:
            assert c.next_hand()
        else:
            assert c.act(c.legal[pick]), c.message
    return c.save_text()


def test_once_registered_the_framework_finds_it_where_it_looks(proof: registry.Game) -> None:
    assert find_game("proof") is proof and "proof" in game_names()
    assert proof.package == "tests.proof_game"
    assert find_format("euchre-tutor/proof-game") is proof  # its session hooks: the package's Hooks
    assert type(proof.hooks).__module__ == "tests.proof_game.session.game"


def test_no_file_outside_its_package_names_it() -> None:
    named = [
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*.py")
        if re.search(r"proof_game|ProofApp|Proof Game|[\"']proof[\"']", p.read_text(encoding="utf-8"))
    ]
    assert named == []


def test_it_plays_at_the_local_table_and_saves_and_loads() -> None:
    import euchre_tutor.widgets as widgets

    App = find_game("proof").table_app()
    assert widgets.ProofApp is App  # the widget package's apps come from the registry
    app = App(seed=3)
    c = app.controller
    clicks = 0
    while not c.state.is_over:
        if c.waiting:
            app.next_hand.click()
            continue
        card = next(x for x in c.view.hand if c.card_reason(x) is None)
        app.card_button(card).click()
        clicks += 1
    assert clicks == 6  # three cards a hand, two hands
    assert "the match" in c.message and sum(c.state.scores) == 6
    assert "S" in app.score.value and "wins trick" not in app.prompt.value
    app._save()
    found = re.search(r'href="data:application/json;base64,([^"]+)"', app.save_link.value)
    assert found is not None
    saved = base64.b64decode(found.group(1)).decode("utf-8")
    again = App(seed=99)
    assert again.controller.load_deal(saved), again.controller.message
    assert again.controller.state.scores == c.state.scores
    assert again.controller.game.actions == c.game.actions
    assert again.controller.undo() and not again.controller.state.is_over  # the history came back too
    app.close()
    again.close()


def test_its_saves_load_through_the_session_hooks() -> None:
    spec = find_game("proof")
    text = played_save(5)
    game = spec.load_game(json.loads(text))
    assert game.state.is_over and spec.to_act(game) is None
    fresh = spec.new_game(5)
    seat = spec.to_act(fresh)
    view = spec.seat_view(fresh, seat)
    assert set(spec.analyse(view, 0, 0)) == set(view.legal)
    assert not spec.hidden(fresh, seat) & set(view.hand)  # what the seat must not see is the other's
    # its own two-seat layout pickles (as a view or a request sent to a worker process is)
    assert pickle.loads(pickle.dumps(view)) == view and pickle.loads(pickle.dumps(seat)) is seat


def test_it_shows_in_practice() -> None:
    from euchre_tutor.session.learning import grade_saved_text
    from euchre_tutor.session.practice import add_graded_game, drill_scene
    from euchre_tutor.widgets import PracticeApp

    deck = Deck()
    for seed in range(12):  # the first legal card each time: some are mistakes
        add_graded_game(deck, grade_saved_text(played_save(seed, 0), name="pat"))
    assert len(deck) > 0 and {d.game for d in deck.drills} == {"proof"}
    loaded = Deck.loads(deck.dumps())  # each drill's position is checked by the game's drill check
    assert loaded == deck
    scene = drill_scene(deck.drills[0])
    assert scene.title == "Proof Game" and scene.choices
    loaded.next_session()
    app = PracticeApp(loaded)
    assert "Proof Game" in app.position.value
    graded = app.answer(0)
    assert graded is not None and graded.label in {"Best", "Good", "Inaccuracy", "Mistake", "Blunder"}
    assert graded.best in app.feedback.value or "Right" in app.feedback.value
    bad = {"drills": [{"game": "proof", "position": {"dealer": "Q"}}]}
    with pytest.raises(DeckError, match="proof"):
        Deck.loads(json.dumps({"format": "euchre-tutor/drill-deck", "version": 1, **bad}))


def test_it_shows_in_the_class_report() -> None:
    import xml.etree.ElementTree as ET

    from euchre_tutor.session.class_report import class_report, report_html, summarise
    from euchre_tutor.session.learning import grade_saved_text
    from euchre_tutor.session.report_charts import luck_svg, rates_svg

    graded = grade_saved_text(played_save(7, 0), name="pat")
    report = class_report([summarise("pat.json", graded)])
    (student,) = report.students
    assert student.graded.game == "proof" and student.hands == 2 and student.band is None
    page = report_html(report)
    assert "pat" in page and "proof" in page and "Proof Game" in page  # its scale: none measured
    root = ET.fromstring(rates_svg(report))
    bar = root.find("{http://www.w3.org/2000/svg}g[@class='student']")
    assert bar is not None
    rect = bar.find("{http://www.w3.org/2000/svg}rect")
    assert rect is not None and rect.get("fill") == find_game("proof").colour
    assert "Proof Game: no bands" in (bar.findtext("{http://www.w3.org/2000/svg}title") or "")
    assert "pat" in luck_svg(report)


def test_its_command_is_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from euchre_tutor.cli import main

    path = tmp_path / "match.json"
    path.write_text(played_save(2), encoding="utf-8")
    assert main(["proof", "replay", str(path)]) == 0
    assert re.search(r"North \d, South \d", capsys.readouterr().out)
