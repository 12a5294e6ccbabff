"""The Euchre Solitaire table: ``SolitaireApp(seed=7)`` in a notebook or in Voila.

The one table of every game (:class:`~euchre_tutor.widgets.table_app.TableApp`) with a single seat
against the deck: every click goes to the controller (the game) or the tutor (hints, grading, the
review and its retries), and the table then updates the existing widgets in place. Solitaire adds the
bars' metric and the Aim in the hint panel, Replay deal and Deal seed. Stable hooks for tests and for
styling:

- ``euchre-card``: each button of the student's hand (nothing else); an
  unplayable one also has the class ``disabled`` (it stays clickable, so a
  click explains why it may not be played) and says why in a class:
  ``wait`` (trump is not chosen yet, or the deal is over) or ``illegal``
  (it does not follow suit); its tooltip changes in the same update;
- ``euchre-bid``: each trump choice (Order up, Name a suit, each alone too); ``euchre-log``: the trick log;
  ``euchre-hint``: the hint panel; ``euchre-score``: the score board;
  ``euchre-message``: the teaching message; ``euchre-stats``: the session chart
  (every graded decision and finished deal of the session, see
  :mod:`euchre_tutor.widgets.stats`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from euchre_tutor.advisor.voice import Depth
from euchre_tutor.cards import Suit
from euchre_tutor.games.solitaire.engine.engine import HAND_SIZE, Action, NameTrump, OrderUp, Phase
from euchre_tutor.games.solitaire.rules import SolitaireRules
from euchre_tutor.games.solitaire.session.advice import HintSource, Mode
from euchre_tutor.games.solitaire.session.controller import DealLog, SolitaireController
from euchre_tutor.games.solitaire.session.tutor import DEFAULT_SOURCE, SolitaireTutor
from euchre_tutor.games.solitaire.views import SolitaireView
from euchre_tutor.games.solitaire.widgets import hints as solitaire_hints
from euchre_tutor.games.solitaire.widgets import render
from euchre_tutor.widgets.depth import DEPTH_CSS
from euchre_tutor.widgets.style import CSS
from euchre_tutor.widgets.table import button, show
from euchre_tutor.widgets.table_app import TableApp

__all__ = ["SolitaireApp"]

TITLE = (
    '<div class="et-title"><h1>♠ Euchre Solitaire ♥</h1>'
    '<div class="sub">You against the deck · take 3 of 5 tricks · first to the target wins</div></div>'
)


class SolitaireApp(TableApp[SolitaireController, SolitaireTutor]):
    """Play Euchre Solitaire to the target with exact hints, grading and undo.

    ``seed`` names the game's deals (deal k is seed + k); ``hints=False``
    turns the advisor off; ``four_colour`` draws diamonds blue and clubs
    green. ``source`` is the hint source; every other option (``runner``: where it runs, tests pass an
    inline stub; ``grading``...) goes to the tutor. ``controller`` or ``tutor``: the table's own (its
    tutor's controller is the table's).
    """

    GAME = "solitaire"
    HINTS = solitaire_hints.TUTOR_HTML
    SAVE_NAME = "euchre-game-seed-{seed}.json"
    SAVE_WORDS = "(load it with <i>Deal file</i> or <i>Load deal</i> to replay the game)"
    TABLE_CSS = CSS
    HINT_CSS = DEPTH_CSS
    RULES_CLASS = "es-rules"
    RULES_CHOICES = ()
    NEW_MATCH = "New game"
    NEW_MATCH_TIP = "Start a new game from this seed"
    NEXT_HAND = "Next deal"
    NEXT_HAND_TIP = "Deal the next cards of this game"
    REVIEW_HAND = "Review deal"
    LOAD_TIP = "Deal the cards typed here (or a saved game)"
    DEAL_PLACEHOLDER = "teacher's deal: 24 cards, e.g. 9H 9C KC JC 9S JD …"
    SUGGEST_TIP = ""
    SUGGEST_IDLE = ""
    OPEN_REVIEW = True
    SUGGEST = False
    SLOTS = HAND_SIZE
    POOL = 8  # the trump choices: Order up, a Name per other suit, each alone too
    CLASSES = ("euchre-solitaire",)

    def __init__(
        self,
        seed: int | None = None,
        *,
        target: int = 10,
        four_colour: bool = False,
        hints: bool = True,
        show_hint: bool = False,
        mode: Mode = "points",
        source: str | HintSource | None = DEFAULT_SOURCE,
        controller: SolitaireController | None = None,
        tutor: SolitaireTutor | None = None,
        **tutor_options: Any,
    ) -> None:
        if tutor is None:
            tutor = SolitaireTutor(
                controller or SolitaireController(seed, rules=SolitaireRules(target=target)),
                source=source if hints else None,
                mode=mode,
                **tutor_options,
            )
        tutor.show_hint = show_hint
        super().__init__(tutor.controller, tutor, four_colour=four_colour, show_hint=show_hint)
        show(self.bidding, False)  # the trump choice is on the table and in the trick log

    # ----------------------------------------------------------------- building

    def _build_game(self) -> None:
        """Replay deal, Deal seed, and the hint panel's switches: the bars' metric and the Aim."""
        c, t = self.controller, self.tutor
        self.replay = button("Replay deal", "Deal the same cards again", c.replay, "et-ctl")
        self.deal_seed = button("Deal seed", "Deal this seed's cards now", self._deal_seed, "et-ctl")
        self.metric = w.ToggleButtons(
            options=[("Points", "ev"), ("3+ tricks", "p3")],
            value="ev",
            tooltips=["The deal's average points", "The chance of 3 or more tricks"],
        )
        self.metric.style.button_width = "72px"
        self.metric.observe(lambda _ch: self.refresh_hint(), names="value")
        self.mode = w.Dropdown(
            options=[("most points", "points"), ("win the game", "game")],
            value=t.mode,
            description="Aim",  # a visible label is the select's accessible name
            tooltip="What the hint's best option aims for",
            style={"description_width": "initial"},
            layout=w.Layout(width="180px"),
        )
        self.mode.observe(lambda ch: t.set_mode(ch["new"]), names="value")

    def _end_buttons(self) -> list[w.Button]:
        """Next deal, Replay deal and Review deal (the review opens by itself when a deal ends)."""
        return [self.next_hand, self.replay, self.review_open]

    def _control_rows(self) -> list[Sequence[w.Widget] | w.Box]:
        return [
            [self.undo, self.redo],
            [self.seed, self.new_match, self.deal_seed, self.four],
            [self.deal_text, self.load, self.upload],
            [self.save, self.save_link],
        ]

    def _left_children(self) -> list[w.Widget]:
        return [self.table, self.prompt, self.bids, self.hand, self.hand_end, self.review, self.controls]

    def _hint_switches(self) -> list[w.Widget]:
        return [self.metric, self.mode]

    # ----------------------------------------------------------------- commands

    def _new_match(self) -> None:
        self.controller.new_game(self.seed.value)

    def _deal_seed(self) -> None:
        self.controller.deal_seed(self.seed.value)

    # ----------------------------------------------------------------- updating in place

    def _refresh_table(self, view: SolitaireView, logs: list[DealLog], shown: DealLog) -> None:
        c = self.controller
        state = c.state
        self._set(self.title, "value", TITLE)
        self._set(self.score, "value", render.score_html(*state.score, state.rules.target))
        self._set(self.table, "value", render.table_html(view))
        self._set(self.trick_log, "value", render.scroll_region(render.log_html(view), "Trick log"))
        self._set(self.prompt, "value", render.esc(prompt_words(view)))
        self._set(self.replay, "disabled", view.phase is not Phase.OVER)
        self.bids.show_actions(
            list(c.decision_actions),
            lambda a: solitaire_hints.decision_words(a, view),
            lambda a: solitaire_hints.decision_meaning(a, view),
            lambda a: (view.turn_card if isinstance(a, OrderUp) else a.suit).is_red,
        )

    def _refresh_options(self) -> None:
        self._set(self.mode, "value", self.tutor.mode)

    def refresh_hint(self) -> None:
        super().refresh_hint()
        shown = self.hint_panel.shown and self.depth.depth is Depth.FIGURES
        self._set(self.metric.layout, "display", "" if shown else "none")

    def _hint_body(self, hint: Any, depth: Depth) -> str:
        c = self.controller
        view = c.view
        assert view is not None  # a hint is of the student's turn
        return render.hint_html(hint, view, depth, metric=str(self.metric.value), score=c.state.score)

    def _review_html(self, review: DealLog, step: int, depth: Depth) -> str:
        return solitaire_hints.review_html(self.tutor, review, depth)

    def _answer_label(self, action: Action, view: SolitaireView) -> str:
        return solitaire_hints.decision_words(action, view)

    # ----------------------------------------------------------------- test helpers

    def trump_button(self, suit: Suit | str | None, alone: bool = False) -> w.Button:
        """The order-up button (``None``) or the name button of ``suit`` (``alone``: its alone one)."""
        if suit is None:
            return self.bid_button(OrderUp(alone))
        return self.bid_button(NameTrump(Suit.parse(suit) if isinstance(suit, str) else suit, alone))


def prompt_words(view: SolitaireView) -> str:
    """What the student is asked now."""
    if view.phase is Phase.CHOOSE_TRUMP:
        return "Your hand. Choose trump: order up the turn card, or name another suit."
    if view.phase is Phase.OVER:
        return f"The deal is over: you took {view.tricks_won} trick{'s' if view.tricks_won != 1 else ''}."
    if view.deck_lead is not None:
        return f"The deck led {view.deck_lead.symbol}: follow suit if you can."
    return f"Your lead, trick {view.trick_number + 1} of 5: click a card."
