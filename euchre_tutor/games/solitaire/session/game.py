"""Euchre Solitaire's session descriptor (:data:`GAME`): its games, positions, grades, drills and tables.

Registered in :data:`euchre_tutor.rules.games.GAMES`; read through :mod:`euchre_tutor.session.games`.
A Solitaire drill is graded exactly. Its one seat is the player's; its "computer player" is the
exact advisor's best choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from euchre_tutor.advisor.drills import Drill
from euchre_tutor.advisor.voice import Depth, grade_sentence
from euchre_tutor.cards import Card
from euchre_tutor.games.solitaire import GAME as REGISTERED
from euchre_tutor.games.solitaire.advisor.advice import action_label, analyse_view, grade, hint_from_analysis
from euchre_tutor.games.solitaire.advisor.ideas import explain
from euchre_tutor.games.solitaire.engine.cli import position_from_json
from euchre_tutor.games.solitaire.engine.engine import Action, Play
from euchre_tutor.games.solitaire.engine.game import SAVE_FORMAT, SolitaireGame, StartDeal
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.grading import grade_solitaire, solitaire_position
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor
from euchre_tutor.games.solitaire.views import SolitaireView, player_view
from euchre_tutor.session.games import RIGHT_LABELS, Choice, DrillScene, GameSpec, PracticeGrade, find_action
from euchre_tutor.session.learning import GradedGame

__all__ = ["GAME"]


def _words(action: Action, turn: Card) -> str:
    return action_label(action, turn) if not isinstance(action, Play) else f"play {action.card.symbol}"


def _view(drill: Drill) -> SolitaireView:
    return player_view(position_from_json(drill.position))


def _action(view: SolitaireView, answer: str) -> Action:

    def names(a: Action) -> set[str]:
        return {str(a), action_label(a), action_label(a, view.turn_card), _words(a, view.turn_card)}

    return find_action(answer, view.legal, names)  # type: ignore[no-any-return]


def _choices(drill: Drill) -> tuple[Choice, ...]:
    view = _view(drill)
    return tuple(Choice(str(a), _words(a, view.turn_card)) for a in view.legal)


def _cards(cards: Any) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def _scene(drill: Drill, choices: tuple[Choice, ...]) -> DrillScene:
    view = _view(drill)
    rows: list[tuple[str, tuple[Card, ...]]] = [("Turn card", (view.turn_card,))]
    if view.trump is None:
        question = "Which trump do you choose?"
    else:
        alone = " alone" if view.alone else ""
        rows.append(
            (
                f"Trump: {view.trump.plural}{alone}; trick {view.trick_number + 1}, "
                f"{view.tricks_won} won so far.",
                (),
            )
        )
        if view.deck_lead is not None:
            rows.append(("The deck led", (view.deck_lead,)))
            question = "Which card do you play?"
        else:
            question = "Which card do you lead?"
    return DrillScene("Euchre Solitaire", _cards(view.hand), view.trump, tuple(rows), question, choices)


def _grade_answer(drill: Drill, answer: str, **_: object) -> PracticeGrade:
    view = _view(drill)
    action = _action(view, answer)
    analysis = analyse_view(view, chosen=action)
    g = grade(analysis, action)
    best = analysis.best
    return PracticeGrade(
        str(action),
        g.label,
        g.label in RIGHT_LABELS,
        _words(best.action, view.turn_card),
        f"{analysis.option(action).label}: {grade_sentence(g.label, g.ev_loss, best.label, per='a deal')}",
        tuple(explain(hint_from_analysis(analysis, view.turn_card), view).sentences(Depth.COMPARE)),
    )


def _where(hand: int, position: dict[str, Any]) -> str:
    if "trump" not in position:
        return f"deal {hand}, the trump choice"
    plays = len(str(position.get("plays", "")).split())
    return f"deal {hand}, trick {plays + 1}"


def _grade_save(
    data: object, *, name: str, progress: Callable[[], None] | None = None, **_: object
) -> GradedGame:
    return grade_solitaire(SolitaireGame.from_json(data), name=name, progress=progress)


def _to_act(game: SolitaireGame) -> str | None:
    """The player, once the next deal is dealt if the game waits for one; None when it is over."""
    if game.state.needs_deal:
        game.new_deal()
    return None if game.state.is_over else "player"


def _current(game: SolitaireGame) -> Any:
    assert game.state.deal is not None
    return game.state.deal


def _position_of(game: SolitaireGame) -> dict[str, Any]:
    actions = list(game.actions)
    start = max(i for i, a in enumerate(actions) if isinstance(a, StartDeal))
    return solitaire_position(
        _current(game).deal, [a for a in actions[start + 1 :] if not isinstance(a, StartDeal)]
    )


def _hidden(game: SolitaireGame, seat: object) -> frozenset[Card]:
    deal = _current(game)
    return frozenset(deal.stock) - {deal.deal.turn}


def _analyse(view: SolitaireView, worlds: int, seed: int) -> Mapping[Action, float]:
    return {o.action: o.ev_float for o in analyse_view(view).options}


GAME = GameSpec(
    info=REGISTERED,
    save_format=SAVE_FORMAT,
    new_game=lambda seed: SolitaireGame(seed=seed),
    load_game=SolitaireGame.from_json,
    to_act=_to_act,
    seat_view=lambda game, seat: player_view(_current(game)),
    hidden=_hidden,
    players=lambda seed: lambda view: analyse_view(view).best.action,
    read_position=lambda data: player_view(position_from_json(data)),
    position_of=_position_of,
    analyse=_analyse,
    grade_save=_grade_save,
    choices=_choices,
    answer_text=lambda drill, answer: str(_action(_view(drill), answer)),
    scene=_scene,
    grade_answer=_grade_answer,
    where=_where,
    owns=lambda controller: isinstance(controller, SolitaireController),
    table_of=lambda obj, stats: (
        (obj.controller, obj) if isinstance(obj, SolitaireTutor) and obj.stats is stats else None
    ),
    grade_table=lambda controller, tutor, *, name: _grade_table(controller, name),
    source=lambda controller: f"Solitaire game, seed {controller.game.seed}",
)


def _grade_table(controller: SolitaireController, name: str) -> tuple[GradedGame, int, int]:
    graded = grade_solitaire(controller.game, name=name)
    return graded, 0, sum(len(h.moves) for h in graded.hands)
