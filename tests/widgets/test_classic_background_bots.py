"""Expert computer players think off the click path: the student's click updates the table at once.

A fake thinker (it only writes the questions down) checks the controller's side:
the click applies the student's action and nothing more, clicks meanwhile are
refused and change nothing, old answers after an undo are ignored, a bad answer
falls back on the rule-based choice. A real worker process then plays a whole
hand and must play exactly the game the computer players play on the click path.
"""

from __future__ import annotations

from euchre_tutor.games.classic.advisor.reasons import action_label
from euchre_tutor.games.classic.bots import BeginnerPlayer, ExpertPlayer, RuleBasedPlayer
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.classic.session.tutor import ClassicTutor
from euchre_tutor.games.classic.views import SeatView, seat_view
from euchre_tutor.widgets import ClassicApp

SEED = 5  # South passes first in round 1 and the three others each have a choice to make


class Notebook:
    """A thinker that only writes the questions down; the test answers them."""

    def __init__(self) -> None:
        self.questions: list[tuple[SeatView, int]] = []

    def __call__(self, view: SeatView, ticket: int) -> None:
        self.questions.append((view, ticket))


def thinking_table() -> tuple[ClassicController, Notebook]:
    c = ClassicController(SEED)
    notebook = Notebook()
    c.thinker = notebook
    return c, notebook


def answer(c: ClassicController, notebook: Notebook) -> bool:
    view, ticket = notebook.questions[-1]
    return c.bot_answered(ticket, RuleBasedPlayer().choose(view))


def test_the_click_applies_the_students_action_and_the_bots_think_afterwards() -> None:
    c, notebook = thinking_table()
    assert c.my_turn and not notebook.questions
    at = c.game.position
    assert c.act("pass")
    assert c.game.position == at + 1 and str(c.game.actions[-1]) == "pass"  # only the student's action
    seat = c.thinking
    assert seat is not None and seat == c.state.to_act and seat != c.seat
    view, _ = notebook.questions[-1]
    assert view.seat == seat and view.legal == c.state.legal_actions()  # asked from that seat's own view
    assert c.message.endswith(f"{seat.word} is thinking…") and not c.my_turn and c.legal == ()
    while c.thinking is not None:
        assert answer(c, notebook)
    assert c.my_turn or c.waiting
    assert "is thinking" not in c.message


def test_clicks_while_a_computer_player_thinks_are_refused_and_change_nothing() -> None:
    c, _ = thinking_table()
    c.act("pass")
    state, position = c.state, c.game.position
    card = c.view.hand[0]
    assert not c.act("pass") and c.message_is_error
    assert c.message == f"Wait for your turn: {c.thinking.word} is still thinking."  # type: ignore[union-attr]
    assert c.card_reason(card) == f"{card.name}: wait for your turn, {c.thinking.word} is thinking"  # type: ignore[union-attr]
    assert not c.click_card(card) and not c.next_hand() and not c.suggest()
    assert c.state is state and c.game.position == position and c.thinking is not None


def test_an_answer_to_a_question_undone_meanwhile_is_ignored() -> None:
    c, notebook = thinking_table()
    c.act("pass")
    _, old_ticket = notebook.questions[-1]
    old_view = notebook.questions[-1][0]
    assert c.undo() and c.thinking is None and c.my_turn
    state = c.state
    assert not c.bot_answered(old_ticket, RuleBasedPlayer().choose(old_view))
    assert c.state is state
    c.act("pass")  # the same decision again: a new question with a new ticket
    _, ticket = notebook.questions[-1]
    assert ticket != old_ticket and not c.bot_answered(old_ticket, "pass") and c.thinking is not None
    assert c.bot_answered(ticket, "pass")


def test_a_failed_or_illegal_answer_falls_back_on_the_rule_based_choice() -> None:
    c, notebook = thinking_table()
    c.act("pass")
    for bad in ("play AS", "no such action", None):  # illegal now, unreadable, the worker failed
        view, ticket = notebook.questions[-1]
        at = c.game.position
        assert c.bot_answered(ticket, bad)
        assert c.game.actions[at] == RuleBasedPlayer().choose(view)
        if c.thinking is None:
            break
    assert len(notebook.questions) >= 2


def test_redo_after_undoing_while_they_thought_lets_them_think_again() -> None:
    c, notebook = thinking_table()
    c.act("pass")
    answer(c, notebook)  # one computer player answered, the next one thinks
    assert c.thinking is not None
    c.undo()
    asked = len(notebook.questions)
    assert c.redo() and c.thinking is not None and len(notebook.questions) == asked + 1
    while c.thinking is not None:
        answer(c, notebook)
    assert c.my_turn or c.waiting


def test_the_suggestion_is_the_club_players_rule_of_thumb_at_every_level() -> None:
    for bot in (BeginnerPlayer(seed=1, slip=1.0), ExpertPlayer(worlds=4)):
        c = ClassicController(SEED, bot=bot)
        view = seat_view(c.state, c.seat)
        club = action_label(RuleBasedPlayer().choose(view), view)
        assert c.suggest()
        assert c.suggestion.startswith(f"The Club computer player would {club[0].lower()}{club[1:]}.")


def test_the_suggestion_says_why_in_the_words_of_the_player_that_chose_it() -> None:
    c = ClassicController(SEED, bot=ExpertPlayer(worlds=4))
    view = seat_view(c.state, c.seat)
    club = RuleBasedPlayer()
    assert c.suggest() and club.explain(view, club.choose(view)) in c.suggestion


def test_the_table_shows_who_is_thinking_and_greys_the_cards() -> None:
    app = ClassicApp(seed=SEED, source=None, autoplay=False)
    try:
        c = app.controller
        notebook = Notebook()
        c.thinker = notebook
        app.bid_button("pass").click()
        seat = c.thinking
        assert seat is not None
        assert "thinking" in app._dom_classes
        assert f"{seat.word} is thinking" in app.prompt.value
        assert app.bid_actions() == [] and app.suggest.disabled
        while c.thinking is not None:
            answer(c, notebook)
        assert "thinking" not in app._dom_classes and "is thinking" not in app.prompt.value
    finally:
        app.close()


def test_a_real_worker_plays_the_same_hand_as_the_click_path() -> None:
    """Expert players (few sampled deals, to be quick) in a worker process, and the same players at once."""

    def play(background: bool) -> tuple[list[str], str]:
        c = ClassicController(SEED, bot=ExpertPlayer(worlds=6, seed=2))
        t = ClassicTutor(c, level="expert", source=None, autoplay=False, background_bots=background)
        c.bot = ExpertPlayer(worlds=6, seed=2)  # the level's player would sample 200 deals
        try:
            for _ in range(40):
                if background:
                    assert t.wait_for_bots(300), "the computer players did not answer"
                if c.waiting or c.state.is_over:
                    break
                c.act(c.legal[-1])
            return [str(a) for a in c.game.actions], c.message
        finally:
            t.close()

    quick, message = play(False)
    background, background_message = play(True)
    assert background == quick and background_message == message
    assert "Press Next hand" in message
