"""The proof game's session hooks (:data:`GAME`): its matches, positions, grades, drills and tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre_tutor.advisor.drills import Drill
from euchre_tutor.cards import Card
from euchre_tutor.session.games import Choice, DrillReader, DrillScene, GameSpec, PracticeGrade
from euchre_tutor.session.learning import GradedGame
from tests.proof_game import GAME as REGISTERED
from tests.proof_game.advisor.analysis import Player, analyse
from tests.proof_game.engine import SAVE_FORMAT, Action, ProofGame, ProofRules, position_of, replay_hand
from tests.proof_game.session.controller import ProofController
from tests.proof_game.session.grading import _label, grade_proof, grade_save
from tests.proof_game.views import ProofView, open_view, public_view, seat_view, seat_view_of


def _read(position: object) -> ProofView:
    hand = replay_hand(position)
    assert hand.to_act is not None
    return seat_view(hand, hand.to_act)


_DRILL = DrillReader(read_view=_read, words=lambda a: f"play {a.card.symbol}", parse=Action.parse)


def _scene(drill: Drill, choices: tuple[Choice, ...]) -> DrillScene:
    view = _DRILL.view(drill)
    rows = tuple((f"{s.word} led", (c,)) for s, c in view.trick_plays)
    question = "Which card do you play?" if view.trick_plays else "Which card do you lead?"
    return DrillScene("Proof Game", DrillScene.in_deck_order(view.hand), None, rows, question, choices)


def _grade_answer(drill: Drill, answer: str, **_: object) -> PracticeGrade:
    view = _DRILL.view(drill)
    chosen = _DRILL.action(view, answer)
    values = analyse(view)
    best = max(view.legal, key=lambda a: values[a])
    loss = values[best] - values[chosen]
    label = _label(loss)
    text = f"{label}: play {best.card.symbol} wins {values[best]:+.2f} tricks on average."
    return PracticeGrade.graded(str(chosen), label, f"play {best.card.symbol}", text, ())


def _hidden(game: ProofGame, seat: Any) -> frozenset[Card]:
    return frozenset(game.state.hand.held[seat.next])


def _grade_table(controller: ProofController, tutor: object, *, name: str) -> tuple[GradedGame, int, int]:
    graded = grade_proof(controller.game, name=name)
    return graded, 0, sum(len(h.moves) for h in graded.hands)


def _analyse(view: ProofView, worlds: int, seed: int) -> Mapping[Action, float]:
    return analyse(view)


GAME = GameSpec(
    info=REGISTERED,
    save_format=SAVE_FORMAT,
    new_game=lambda seed: ProofGame(seed=seed),
    load_game=ProofGame.from_json,
    seat_view=lambda game, seat: seat_view(game.state, seat),
    hidden=_hidden,
    players=lambda seed: Player().choose,
    read_position=_read,
    position_of=lambda game: position_of(game.state.hand, game.state.seed),
    analyse=_analyse,
    grade_save=grade_save,
    choices=_DRILL.choices,
    answer_text=_DRILL.answer_text,
    scene=_scene,
    grade_answer=_grade_answer,
    where=lambda hand, position: f"hand {hand}, card {len(position.get('actions', [])) + 1}",
    owns=lambda controller: isinstance(controller, ProofController),
    table_of=lambda obj, stats: None,
    grade_table=_grade_table,
    source=lambda controller: f"Proof Game match, seed {controller.seed}",
    # a shared table: a match of the table's rules, the watchers' views, the seat's view read back
    new_match=lambda rules, seed: ProofGame(ProofRules.from_json(rules), seed=seed),
    open_view=lambda game, seat: open_view(game.state, seat),
    public_view=lambda game: public_view(game.state),
    seat_view_of=seat_view_of,
)
