"""Random widget event sequences on both apps, headless, with the state checked after every event.

An event is anything a student can do on the page: a click on any card slot
or button in any state (hidden and unplayable ones too), undo/redo, loading a
deal or a saved game (valid or corrupt), saving, a new game or match, a rules
change, the option toggles. After every event:

- no exception escaped a handler (ipywidgets only logs them: a log handler
  counts them as failures);
- the controller's game obeys the engine's invariants: every card of the pack
  in exactly one place, legal actions while the deal is on, the score equal
  to the sum of the finished deals or hands;
- the shown hand is the state's hand, the enabled (``playable``) cards are
  exactly the legal card actions, the decision buttons (classic) are the legal
  decisions, undo/redo are enabled exactly when possible;
- a refused command (an error message) left the game exactly as it was;
- a saved game loads back to the same state; undo then redo returns the same state.

A third of the classic sequences seat computer players that think in the
background (as the Expert level does in a kernel): a thinker writes their
questions down and an event answers one, now and then with a stale ticket
(refused, nothing changes) or an unreadable action (the rule-based choice
stands in); meanwhile every other event goes on as usual.

``benchmarks/widget_fuzz.py`` runs 10,000 sequences; this test runs a seeded
200, bounded in time.
"""

from __future__ import annotations

import base64
import json
import logging
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from unittest import mock

import ipywidgets
import ipywidgets.widgets.widget as widget_module
from traitlets.log import get_logger

from euchre_tutor.cards import Card, deck
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Phase
from euchre_tutor.games.classic.rules import PRESETS
from euchre_tutor.games.classic.session.controller import CARD_KINDS
from euchre_tutor.games.classic.views import SeatView, seat_view
from euchre_tutor.games.solitaire.engine.engine import Phase as SolPhase
from euchre_tutor.games.solitaire.engine.game import SolitaireGame
from euchre_tutor.games.solitaire.rules import SolitaireRules
from euchre_tutor.tricks.seating import FOUR
from euchre_tutor.widgets import ClassicApp, SolitaireApp
from tests.widgets.stub import StubSource

NOW = datetime(2024, 1, 1, tzinfo=UTC)
FOUR_PLAYER_PRESETS = [name for name, r in PRESETS.items() if r.players == 4]
ALL_PRESETS = list(PRESETS)  # the table seats three, four or six
SOL_PACK = sorted(deck(24), key=lambda c: c.index)


class Broken(Exception):
    """A consistency check that failed after an event."""


def check(ok: object, what: str) -> None:
    if not ok:
        raise Broken(what)


# ---------------------------------------------------------------------------
# Exceptions swallowed by ipywidgets' click dispatcher


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text += f" [{type(error).__name__}: {error}]"
        self.records.append(text)


@contextmanager
def handler_errors() -> Iterator[list[str]]:
    """Collect what ipywidgets logs when a handler raises (outside IPython it logs, never raises)."""
    collect = _Collect()
    logger = get_logger()
    logger.addHandler(collect)
    try:
        # ipywidgets prints the traceback instead when an IPython shell exists: force the logging path
        with mock.patch.object(widget_module, "get_ipython", lambda: None):
            yield collect.records
    finally:
        logger.removeHandler(collect)


# ---------------------------------------------------------------------------
# Helpers


def classes(widget: Any) -> set[str]:
    return set(widget._dom_classes)


def saved_link_text(html: str) -> str:
    """The JSON offered by the Save game link (a base64 data link)."""
    match = re.search(r"base64,([A-Za-z0-9+/=]+)", html)
    check(match is not None, f"no data link in the save link: {html[:120]!r}")
    assert match is not None
    return base64.b64decode(match.group(1)).decode("utf-8")


def click_a_card(app: Any, rng: random.Random) -> None:
    """Mostly a playable card (so deals and hands get played to the end), else any slot."""
    playable = [b for b in app.cards if "playable" in classes(b)]
    if playable and rng.random() < 0.75:
        rng.choice(playable).click()
    else:
        app.cards[rng.randrange(len(app.cards))].click()


def corrupt_json(text: str, rng: random.Random) -> str:
    """A saved game spoiled the way a hand edit or a bad download spoils it."""
    kind = rng.randrange(6)
    if kind == 0:
        return text[: rng.randrange(1, max(2, len(text)))]  # cut short
    data = json.loads(text)
    if kind == 1:
        data["version"] = 99
    elif kind == 2:
        data.pop(rng.choice(sorted(data)))
    elif kind == 3:
        data["format"] = "something-else"
    elif kind == 4:
        data["actions"] = [
            *data.get("actions", []),
            rng.choice(["play ZZ", "order", {"play": "QQ"}, 7, "call X"]),
        ]
    else:
        data["seed"] = rng.choice([None, [1], True, 1.5])
    return json.dumps(data)


@dataclass
class Sequence:
    """One random event sequence's outcome."""

    app: str
    seed: int
    events: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    reached: Counter[str] = field(default_factory=Counter)


# ---------------------------------------------------------------------------
# Euchre Solitaire


def sol_check(app: SolitaireApp) -> None:
    c = app.controller
    state = c.state
    deal = state.deal
    p = sum(r.points[0] for r in state.history)
    d = sum(r.points[1] for r in state.history)
    check(state.score == (p, d), f"score {state.score} is not the sum of the deals ({p}, {d})")
    check(app.undo.disabled == (not c.can_undo), "undo button enabled state")
    check(app.redo.disabled == (not c.can_redo), "redo button enabled state")
    shown = sorted(app.hand_cards(), key=lambda x: x.index)
    if deal is None:
        check(shown == [], "cards shown before the first deal")
        return
    cards = [*deal.hand, *deal.stock, *deal.burned]
    if deal.phase is SolPhase.CHOOSE_TRUMP:
        cards.append(deal.deal.turn)
    for t in deal.tricks:
        cards.extend(x for x in (t.player, t.deck) if x is not None)
    if deal.deck_lead is not None:
        cards.append(deal.deck_lead)
    check(sorted(cards, key=lambda x: x.index) == SOL_PACK, f"cards not conserved ({len(cards)} placed)")
    check(shown == sorted(deal.hand, key=lambda x: x.index), "the shown hand is not the state's hand")
    playable = {card for b, card in zip(app.cards, app._slot_cards, strict=True) if "playable" in classes(b)}
    disabled = {card for b, card in zip(app.cards, app._slot_cards, strict=True) if "disabled" in classes(b)}
    check(playable == set(deal.legal_plays()), "the enabled cards are not the legal plays")
    check(disabled == set(deal.hand) - playable, "an unplayable card is not marked disabled")
    check(bool(deal.legal_actions()) != deal.is_over, "legal actions and the end of the deal disagree")
    check(("hidden" in classes(app.bids)) == (deal.phase is not SolPhase.CHOOSE_TRUMP), "trump choices shown")


def sol_snapshot(app: SolitaireApp) -> tuple[Any, ...]:
    g = app.controller.game
    return (id(g), g.position, g.state)


def random_sol_deal_text(rng: random.Random) -> str:
    cards = [str(c) for c in deck(24)]
    rng.shuffle(cards)
    kind = rng.randrange(5)
    if kind == 1:
        cards.pop()
    elif kind == 2:
        cards[3] = cards[7]
    elif kind == 3:
        cards[0] = rng.choice(["ZZ", "1H", "JK", "8S", ""])
    return " ".join(cards) if kind != 4 else ", ".join(cards)


def sol_progress(app: SolitaireApp, rng: random.Random) -> str:
    """What a student playing on would click: a trump choice, a playable card, or Next deal."""
    deal = app.controller.state.deal
    if deal is None or deal.is_over:
        app.next_hand.click()
    elif deal.phase is SolPhase.CHOOSE_TRUMP:
        rng.choice([app.bid_button(a) for a in app.bids.shown()]).click()
    else:
        click_a_card(app, rng)
    return "play on"


def sol_event(app: SolitaireApp, rng: random.Random) -> str:
    """Do one random thing a student can do; return its name."""
    c = app.controller
    if rng.random() < 0.4:
        return sol_progress(app, rng)
    roll = rng.randrange(100)
    if roll < 40:
        click_a_card(app, rng)
        return "card"
    if roll < 46:
        app.controller.act(rng.choice(["order up", "order up alone", "name clubs", "play 9H", "name ♣", ""]))
        return "a decision typed"
    if roll < 50:
        rng.choice(app.bids.buttons).click()  # a shown choice, or a hidden button's stale click
        return "trump choice"
    if roll < 57:
        app.undo.click()
        return "undo"
    if roll < 62:
        app.redo.click()
        return "redo"
    if roll < 68:
        app.next_hand.click()
        return "next deal"
    if roll < 70:
        app.replay.click()
        return "replay"
    if roll < 73:
        app.seed.value = rng.choice([str(rng.randrange(10**6)), "", "abc", "-5", " 12 ", "1e3"])
        (app.new_match if rng.random() < 0.5 else app.deal_seed).click()
        return "new game / deal seed"
    if roll < 76:
        app.deal_text.value = random_sol_deal_text(rng)
        app.load.click()
        return "load deal"
    if roll < 80:
        before = sol_snapshot(app)
        app.save.click()
        text = saved_link_text(app.save_link.value)
        app.deal_text.value = text
        app.load.click()
        check(not c.message_is_error, f"a saved game did not load back: {c.message}")
        check(c.game.state == before[2] and c.game.position == before[1], "a saved game loads back changed")
        return "save and load"
    if roll < 83:
        app.deal_text.value = corrupt_json(c.save_text(), rng)
        app.load.click()
        return "load corrupt save"
    if roll < 85:
        content = rng.choice([random_sol_deal_text(rng).encode(), b"\xff\xfe\x00", c.save_text().encode()])
        app.upload.value = (
            {
                "name": "deal.txt",
                "type": "text/plain",
                "size": len(content),
                "content": content,
                "last_modified": NOW,
            },
        )
        return "upload"
    if roll < 87:
        rules = SolitaireRules(target=rng.randint(1, 100), allow_name_turned=rng.random() < 0.5)
        game = SolitaireGame(rules, seed=rng.randrange(10**6))
        game.new_deal()
        app.deal_text.value = game.dumps()
        app.load.click()
        check(c.state.rules == rules, "loading a game with other rules did not apply them")
        return "rules change (load)"
    if roll < 92:
        toggle = rng.randrange(5)
        if toggle == 0:
            app.hint_toggle.value = not app.hint_toggle.value
        elif toggle == 1:
            app.metric.value = rng.choice(["ev", "p3"])
        elif toggle == 2:
            app.mode.value = rng.choice(["points", "game"])
        elif toggle == 3:
            app.grade.value = not app.grade.value
        else:
            app.four.value = not app.four.value
        return "option"
    before = sol_snapshot(app)
    if c.can_undo:
        app.undo.click()
        app.redo.click()
        check(sol_snapshot(app) == before, "undo then redo did not return the same state")
    return "undo-redo check"


# ---------------------------------------------------------------------------
# Classic Euchre


def classic_located(h: HandState) -> list[Card]:
    cards = [c for hand in h.hands for c in hand]
    for t in h.tricks:
        cards.extend(t.cards)
    cards.extend(c for _, c in h.trick_plays)
    cards.extend(x for x in (h.discard, h.loner_discard) if x is not None)
    cards.extend(h.kitty)
    if not h.up_taken:
        cards.append(h.up)
    return cards


def classic_check(app: ClassicApp) -> None:
    c = app.controller
    state = c.state
    hand = c.hand
    pack = sorted(deck(hand.rules.deck, joker=hand.rules.joker), key=lambda x: x.index)
    check(sorted(classic_located(hand), key=lambda x: x.index) == pack, "cards not conserved")
    totals = tuple(sum(r.points[i] for r in state.results) for i in range(len(state.scores)))
    check(state.scores == totals, f"scores {state.scores} are not the sum of the hands {totals}")
    if not c.waiting and not state.is_over:
        check(
            state.to_act in (c.seat, c.thinking),
            f"the computer players stopped at {state.to_act}'s turn (thinking: {c.thinking})",
        )
        check(bool(state.legal_actions()), "no legal action in a hand that is on")
    if c.thinking is not None:
        thinker = c.thinker
        check(isinstance(thinker, Thinker) and thinker.asked, "thinking, but nobody was asked")
        assert isinstance(thinker, Thinker)
        view = thinker.asked[-1][0]
        check(view == seat_view(state, c.thinking), "the open question is not about this position")
        check(not c.my_turn and not c.legal, "the student may act while a computer player thinks")
    view = seat_view(hand, c.seat)
    if hand.phase is not Phase.BLIND:
        check(view.hand == hand.hands[c.seat], "the seat view's hand is not the state's")
    shown = sorted(app.hand_cards(), key=lambda x: x.index)
    check(shown == sorted(view.hand, key=lambda x: x.index), "the shown hand is not the state's hand")
    legal = state.legal_actions() if c.my_turn else ()
    playable = {card for b, card in zip(app.cards, app._slot_cards, strict=True) if "playable" in classes(b)}
    want = {a.card for a in legal if a.kind in CARD_KINDS}
    check(
        playable == want,
        f"enabled cards {sorted(map(str, playable))} are not the legal ones {sorted(map(str, want))}",
    )
    bids = [str(a) for a in legal if a.kind not in CARD_KINDS]
    check(
        app.bid_actions() == bids, f"decision buttons {app.bid_actions()} are not the legal decisions {bids}"
    )
    check(app.undo.disabled == (not c.can_undo), "undo button enabled state")
    check(app.redo.disabled == (not c.can_redo), "redo button enabled state")
    check(app.next_hand.disabled == (not c.waiting), "next hand button enabled state")


def classic_snapshot(app: ClassicApp) -> tuple[Any, ...]:
    c = app.controller
    return (id(c.game), c.game.position, c.state, c.waiting, c.thinking)


class Thinker:
    """Computer players thinking in the background: their questions, answered by :func:`classic_answer`."""

    def __init__(self) -> None:
        self.asked: list[tuple[SeatView, int]] = []

    def __call__(self, view: SeatView, ticket: int) -> None:
        self.asked.append((view, ticket))


def classic_answer(app: ClassicApp, rng: random.Random) -> str:
    """A computer player's answer arrives: usually the open question's, sometimes a stale or bad one."""
    c = app.controller
    thinker = c.thinker
    if not isinstance(thinker, Thinker) or not thinker.asked:
        return "answer (none asked)"
    view, ticket = thinker.asked[-1]
    roll = rng.random()
    gone = [t for _, t in thinker.asked[:-1]] if c.thinking is not None else [t for _, t in thinker.asked]
    if gone and (roll < 0.15 or c.thinking is None):  # an answer to a question that is gone (undone, ...)
        before = classic_snapshot(app)
        stale = rng.choice(gone)
        taken = c.bot_answered(stale, RuleBasedPlayer().choose(view))
        check(not taken and classic_snapshot(app) == before, "a stale answer changed the game")
        return "stale answer"
    if roll < 0.25:
        check(c.bot_answered(ticket, rng.choice(["nonsense", "play 9S alone", None])), "bad answer refused")
        return "bad answer"
    check(c.bot_answered(ticket, RuleBasedPlayer().choose(view)), "the open question's answer was refused")
    return "answer"


def random_teacher_deal(rng: random.Random) -> str:
    name = rng.choice(FOUR_PLAYER_PRESETS)
    deal = Deal.from_seed(rng.randrange(10**6), FOUR.seats[rng.randrange(4)])
    data: dict[str, Any] = {"rules": name, **deal.to_json()}
    kind = rng.randrange(7)
    if kind == 1:
        data["hands"]["S"] = data["hands"]["N"]
    elif kind == 2:
        data.pop("up")
    elif kind == 3:
        data["rules"] = rng.choice(["three-handed", "six-handed", {"target": 99}, "nonsense"])
    elif kind == 4:
        data["actions"] = rng.choice([["pass", "pass"], ["order"], ["play 9S"], ["pass"] * 9])
    elif kind == 5:
        return json.dumps(data)[: rng.randrange(1, 40)]
    return json.dumps(data)


def classic_progress(app: ClassicApp, rng: random.Random) -> str:
    """What a student playing on would click: a decision button, a playable card, or Next hand
    (or, while a computer player thinks, its answer arrives)."""
    if app.controller.thinking is not None:
        return classic_answer(app, rng)
    if app.controller.waiting:
        app.next_hand.click()
        return "play on"
    shown = [b for b in app.bid_buttons if "euchre-bid" in classes(b)]
    playable = [b for b in app.cards if "playable" in classes(b)]
    if shown or playable:
        rng.choice(shown + playable).click()
    else:
        app.new_match.click()  # the match is over
    return "play on"


def classic_event(app: ClassicApp, rng: random.Random) -> str:
    c = app.controller
    if c.thinking is not None and rng.random() < 0.3:
        return classic_answer(app, rng)
    if rng.random() < 0.4:
        return classic_progress(app, rng)
    roll = rng.randrange(100)
    if roll < 35:
        click_a_card(app, rng)
        return "card"
    if roll < 58:
        shown = [b for b in app.bid_buttons if "euchre-bid" in classes(b)]
        if shown and rng.random() < 0.9:
            rng.choice(shown).click()
        else:
            rng.choice(app.bid_buttons).click()
        return "decision"
    if roll < 64:
        app.undo.click()
        return "undo"
    if roll < 68:
        app.redo.click()
        return "redo"
    if roll < 76:
        app.next_hand.click()
        return "next hand"
    if roll < 78:
        app.suggest.click()
        return "suggest"
    if roll < 81:
        app.seed.value = rng.choice([str(rng.randrange(10**6)), "", "abc", "-5", " 12 "])
        app.rules_choice.value = rng.choice(["", *ALL_PRESETS])
        app.new_match.click()
        return "new match / rules change"
    if roll < 84:
        app.deal_text.value = random_teacher_deal(rng)
        app.load.click()
        return "teacher's deal"
    if roll < 88:
        before = classic_snapshot(app)
        app.save.click()
        app.deal_text.value = saved_link_text(app.save_link.value)
        app.load.click()
        check(not c.message_is_error, f"a saved match did not load back: {c.message}")
        if not before[3]:  # while a finished hand waits, loading goes on to the next hand
            check(c.state == before[2] and c.game.position == before[1], "a saved match loads back changed")
        return "save and load"
    if roll < 91:
        app.deal_text.value = corrupt_json(c.save_text(), rng)
        app.load.click()
        return "load corrupt save"
    if roll < 93:
        app.four.value = not app.four.value
        return "option"
    before = classic_snapshot(app)
    if c.can_undo:
        app.undo.click()
        app.redo.click()
        if c.waiting and not before[3] and classic_snapshot(app)[1:3] != before[1:3]:
            # Redo stops where a hand ended, as when it was played (the controller's design): when the
            # student's last decision was in the previous hand, Next hand brings back the same state.
            app.next_hand.click()
            thinker = c.thinker
            # thinking players think the same again, up to where they were
            while c.thinking is not None and isinstance(thinker, Thinker) and c.game.position < before[1]:
                view, ticket = thinker.asked[-1]
                c.bot_answered(ticket, RuleBasedPlayer().choose(view))
            check(
                classic_snapshot(app)[1:3] == before[1:3],
                "undo, redo and Next hand did not return the same state",
            )
            return "undo-redo check (across a hand end)"
        check(classic_snapshot(app)[1:3] == before[1:3], "undo then redo did not return the same state")
    return "undo-redo check"


# ---------------------------------------------------------------------------
# Running sequences

Snapshot = Callable[[Any], tuple[Any, ...]]


def _close(app: Any, before: set[str]) -> None:
    app.close()
    instances = widget_module._instances
    for key in [k for k in instances if k not in before]:
        instances[key].close()


def run_sequence(seed: int, length: int) -> Sequence:
    """One sequence of ``length`` random events on a fresh app (even seeds: Solitaire, odd: classic)."""
    rng = random.Random(seed)
    kind = "solitaire" if seed % 2 == 0 else "classic"
    result = Sequence(kind, seed)
    existing = set(widget_module._instances)
    app: Any
    if kind == "solitaire":
        hints = rng.random() < 0.5
        app = SolitaireApp(seed=rng.randrange(10**6), source=StubSource() if hints else None, runner="inline")
        event, consistent, snapshot = sol_event, sol_check, sol_snapshot
    else:
        app = ClassicApp(seed=rng.randrange(10**6), rules=rng.choice(ALL_PRESETS))
        if seed % 3 == 0:  # the computer players think in the background (odd multiples of 3)
            thinker = app.controller.thinker = Thinker()
            # whatever level a new match picks, they go on thinking in the background
            app.tutor._place_bots = lambda: setattr(app.controller, "thinker", thinker)
            result.reached["sequences with thinking players"] += 1
        event, consistent, snapshot = classic_event, classic_check, classic_snapshot
    try:
        with handler_errors() as logged:
            for step in range(length + 1):
                before = snapshot(app)
                name = "(failed inside the event's own check)"
                try:
                    name = event(app, rng) if step else "start"
                    if logged:
                        raise Broken(f"a handler raised: {logged[0]}")
                    if app.controller.message_is_error:
                        result.reached["refused with a message"] += 1
                        after = snapshot(app)
                        check(
                            after[:3] == before[:3] and after[4:] == before[4:],
                            f"a refused command changed the game: {app.controller.message}",
                        )
                    consistent(app)
                except Exception as error:  # every failure is reported with its reproduction
                    kind_name = "" if isinstance(error, Broken) else f"{type(error).__name__}: "
                    result.failures.append(
                        f"{kind} sequence {seed}, event {step} ({name}): {kind_name}{error}"
                    )
                    break
                finally:
                    result.events[name] += 1
        if kind == "solitaire":
            result.reached["deals finished"] += len(app.controller.state.history)
        else:
            result.reached["hands finished"] += len(app.controller.state.results)
    finally:
        _close(app, existing)
    return result


def run_many(
    seeds: range, length: Callable[[random.Random], int], budget: float | None = None
) -> list[Sequence]:
    """Run sequences until the seeds or the time budget run out."""
    out = []
    start = time.perf_counter()
    for seed in seeds:
        out.append(run_sequence(seed, length(random.Random(f"length:{seed}"))))
        if budget is not None and time.perf_counter() - start > budget:
            break
    return out


def test_the_log_capture_sees_a_swallowed_handler_exception() -> None:
    """The fuzzer's failure detector works: ipywidgets would otherwise hide this exception."""
    button = ipywidgets.Button()

    def explode(_b: object) -> None:
        raise RuntimeError("boom")

    button.on_click(explode)
    with handler_errors() as logged:
        button.click()
    button.close()
    assert len(logged) == 1 and "boom" in logged[0]


def test_seeded_random_event_sequences_keep_both_apps_consistent() -> None:
    # 200 sequences take about 10 s; the budget only stops a much slower machine early
    results = run_many(range(200), lambda r: r.randint(10, 40), budget=30.0)
    failures = [f for r in results for f in r.failures]
    assert not failures, "\n".join(failures[:10])
    events: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    for r in results:
        events.update(r.events)
        reached.update(r.reached)
    # the sequences really reach the interesting places
    for name in (
        "card",
        "decision",
        "undo-redo check",
        "save and load",
        "load corrupt save",
        "next deal",
        "answer",
        "stale answer",
        "bad answer",
    ):
        assert events[name] > 0, f"no {name!r} event in {len(results)} sequences"
    assert reached["deals finished"] > 0 and reached["hands finished"] > 0, reached
    assert reached["refused with a message"] > 0, reached
