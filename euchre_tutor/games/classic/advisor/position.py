"""Read a position as one seat saw it (the ``classic analyze`` input) into a view and one world.

Input::

    {"rules": "standard" or {...options}, "dealer": "E", "seat": "S",
     "hand": ["JS", "AC", ...], "up": "KH",
     "actions": ["E: pass", "S: pass", "W: pass", "N: pass", "E: pass"],
     "score": {"us": 3, "them": 5}}

``rules`` (a preset name or an object of options, as ``classic replay``) and
``score`` are optional. ``hand`` is the seat's *current* hand: the cards it
still holds (after its own plays and, for the dealer, after its discard).
Each action is one ``classic replay`` accepts, prefixed by the seat that took
it. Cards other seats hide may be left out: ``"N: discard"`` (the dealer's
discard), ``"E: give"`` (a call-for-best card), ``"W: go under"`` (a farmer's
hand). With alone said with the bid, ``"S: alone"`` right after ``"S: order"``
(or after the dealer's discard that follows it) makes it ``order alone``.

Before a blind call (a joker turned up under ``joker_up="dealer-blind"``) no
seat has seen its hand: ``hand`` is then ``[]``.

``score``: ``{"us": 3, "them": 5}`` at tables of two teams (four players, six
in 3v3), or one entry per team by name at any table (``{"P1": 3, "P2": 5,
"P3": 0}`` at three players; ``P14``/``P25``/``P36`` in 2v2v2).

Positions as books print them; each reading is returned by
:func:`read_position_noting` (and echoed by ``classic analyze``), none is silent:

- Actions that begin with the bid (``["S: call D"]``, ``["W: order"]``): every seat before it passed
  (round 1 by all, for a round-2 call); those passes are put in front. Actions that begin with a play
  leave who made trump unsaid: refused, naming the bid to add.
- ``"up": null`` when trump was called in round 2: the up card was turned down, so it is not in play;
  it could have been any unseen card of a suit other than the one called. The reading lists them all
  (:attr:`Reading.cards`: the analysis averages over them, weighted by how likely the passes were
  with each) and the view shows one. Before such a call, or after an order (the dealer holds the
  card: its rank matters), it is refused, asking for what was turned up.
- The analysed dealer's ``"hand"`` of its five dealt cards after it picked up
  the up card: read as those five plus the up card, the six it discards from.
  Once play has gone on, which card it put down is unknown: refused, asking
  for ``"E: discard XX"``.
- Another seat's hidden discard left out: taken as made face down, before the
  next action (or, for the analysis, at the end of the actions).

The reader replays the actions through the engine on one world consistent
with what the seat has seen, drawing a new one (:mod:`worlds`) whenever
another seat's action needs hidden cards the current one lacks. A position
that no world fits is refused with a message that says what is impossible.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Final, NamedTuple

from euchre_tutor.cards import Card, Suit, deck, effective_suit, format_cards, is_trump, parse_card
from euchre_tutor.errors import CardError, DealError, EuchreError, IllegalAction, IllegalPlay
from euchre_tutor.games.classic.advisor.misdeal import misdeal_cards, misdeal_world
from euchre_tutor.games.classic.advisor.plan import WorldPlan
from euchre_tutor.games.classic.engine.engine import (
    PASS,
    Action,
    Deal,
    HandState,
    Phase,
    Seat,
    new_hand,
    rules_seating,
)
from euchre_tutor.games.classic.engine.house import farmer_ranks
from euchre_tutor.games.classic.engine.play import trump_lead_barred
from euchre_tutor.games.classic.rules import PRESETS, ClassicRules
from euchre_tutor.games.classic.views import SeatView, seat_view

__all__ = ["Position", "Reading", "read_position", "read_position_noting", "write_position"]

_KEYS: Final = ("rules", "dealer", "seat", "hand", "up", "actions", "score")
_EXAMPLE: Final = (
    '{"dealer": "E", "seat": "S", "hand": ["JS", "AC", ...], "up": "KH", '
    '"actions": ["E: pass", "S: order", ...]}'
)
_TRIES: Final = 400
_HIDDEN: Final = ("discard", "give", "under")
_UP_DRAWS: Final = 8  # unknown up cards tried before the position is refused


class Position(NamedTuple):
    """The seat's view of the position and one full world consistent with it."""

    view: SeatView
    world: HandState


class Reading(NamedTuple):
    """One way a book-style position was read, echoed so nothing is guessed silently.

    ``kind``: ``passes-implied``, ``up-unknown``, ``dealer-six``, ``hidden-discard`` (and ``classic
    analyze``'s ``mode``). ``cards``: for ``up-unknown``, every card the up card could have been (the
    view shows one of them; the analysis averages over them all, :class:`~.worlds.WorldSampler`).
    """

    kind: str
    text: str
    cards: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "text": self.text}


class _Step(NamedTuple):
    number: int
    text: str
    seat: Seat
    action: Action | None  # None: a hidden discard, give or going under
    hidden: str = ""


def read_position(data: object) -> Position:
    """Read the position (see the module docstring); bad input raises a teaching EuchreError."""
    return read_position_noting(data, to_turn=False)[0]


def read_position_noting(data: object, *, to_turn: bool = True) -> tuple[Position, tuple[Reading, ...]]:
    """:func:`read_position`, with how a book-style position was read (see the module docstring).

    ``to_turn``: a position that ends just before another seat's discard is taken on past it (face
    down), as a book asking "what do you lead?" means; :func:`read_position` reads it as it stands.
    """
    readings: list[Reading] = []
    if not isinstance(data, dict):
        raise DealError(f"a position must be a JSON object like {_EXAMPLE}")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise DealError(
            f"unknown key(s) {_brief(', '.join(map(repr, unknown)))}; the keys are {', '.join(_KEYS)}"
        )
    missing = [k for k in ("dealer", "seat", "hand", "up") if k not in data]
    if missing:
        raise DealError(f"missing {', '.join(map(repr, missing))}: a position looks like {_EXAMPLE}")
    rules = ClassicRules.from_json(data.get("rules", "standard"))
    seating = rules_seating(rules)
    dealer = _seat(seating.parse, data["dealer"], "dealer")
    me = _seat(seating.parse, data["seat"], "seat")
    pack = deck(rules.deck, joker=rules.joker)
    hand = _cards(data["hand"], "hand", pack, rules)
    given_up = None if data["up"] is None else _card(data["up"], "up", pack, rules)
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise DealError(
            f'"actions" must be a list of strings such as "E: pass" or "N: play JS", not {_brief(actions)}'
        )
    steps = _merge_alone(rules, [_parse_step(i, text, seating.parse) for i, text in enumerate(actions, 1)])
    steps = _implied_passes(rules, dealer, given_up, steps, pack, readings)
    if given_up is not None:
        world = _read_world(rules, dealer, me, hand, given_up, steps, pack, readings, to_turn)
    else:
        world = _read_unknown_up(rules, dealer, me, hand, steps, pack, readings, to_turn)
    view = seat_view(world, me)
    if "score" in data:
        view = replace(view, scores=_scores(data["score"], me, rules))
    return Position(view, world), tuple(readings)


def _read_world(
    rules: ClassicRules,
    dealer: Seat,
    me: Seat,
    hand: list[Card],
    up: Card,
    steps: list[_Step],
    pack: tuple[Card, ...],
    readings: list[Reading],
    to_turn: bool,
) -> HandState:
    """One world the actions lead to, with the seat holding ``hand`` at their end."""
    hand = _read_dealer_hand(rules, dealer, me, hand, up, steps, readings)
    _check_known_cards(me, dealer, hand, up, steps)
    mine = _dealt_hand(me, dealer, hand, up, steps, rules)
    world = _replay(rules, dealer, me, mine, up, steps, pack, readings, to_turn)
    held = world.hands[me] if world.phase is not Phase.BLIND else ()
    if sorted(held, key=_key) != sorted(hand, key=_key):
        if len(held) != len(hand):
            raise DealError(
                f"at this point {me.word} holds {len(held)} card{'s' if len(held) != 1 else ''}, "
                f'but "hand" lists {len(hand)} ({format_cards(hand) or "none"})'
            )
        raise DealError(
            f"{me.word}'s hand does not match the actions: after them it would be {format_cards(held)}, "
            f"not {format_cards(hand)}"
        )
    return world


def _key(card: Card) -> int:
    return card.index


def write_position(state: HandState, seat: Seat, scores: tuple[int, ...] | None = None) -> dict[str, object]:
    """The ``classic analyze`` input for ``seat``'s view of ``state``: what it saw, nothing more.

    The inverse of :func:`read_position`: a table can hand its student's position to the same
    analysis the command line runs. Other seats' discards, gifts and goings-under are written hidden
    (``"N: discard"``, ``"E: give"``, ``"W: go under"``: a loner's gift is read back as the last card
    to arrive); ``scores`` (one per team) adds the ``"score"`` key.
    """
    actions: list[str] = []
    for who, action in state.history:
        kind = action.kind
        if who != seat and kind in _HIDDEN:
            actions.append(f"{who.name}: {'go under' if kind == 'under' else kind}")
        else:
            actions.append(f"{who.name}: {action}")
    hand = () if state.phase is Phase.BLIND else state.hands[seat]
    out: dict[str, object] = {
        "rules": next((name for name, r in PRESETS.items() if r == state.rules), None)
        or state.rules.to_json(),
        "dealer": state.dealer.name,
        "seat": seat.name,
        "hand": [str(c) for c in hand],
        "up": str(state.up),
        "actions": actions,
    }
    if scores is not None:
        teams = seat.seating.teams
        if len(teams) == 2:
            out["score"] = {"us": scores[seat.team.index], "them": scores[1 - seat.team.index]}
        else:
            out["score"] = {t.name: scores[t.index] for t in teams}
    return out


# ---------------------------------------------------------------------------
# Parsing


def _brief(value: object, limit: int = 60) -> str:
    """A value for a message, cut short: input can be arbitrarily long."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _seat(parse: object, value: object, what: str) -> Seat:
    if not isinstance(value, str):
        raise DealError(f'"{what}" must be a seat name such as "N" or "P1", not {_brief(value)}')
    assert callable(parse)
    try:
        seat = parse(value)
    except DealError as exc:
        raise DealError(f'"{what}": {_brief(str(exc), 200)}') from None
    assert isinstance(seat, Seat)
    return seat


def _card(value: object, what: str, pack: tuple[Card, ...], rules: ClassicRules) -> Card:
    if not isinstance(value, str):
        raise DealError(f'"{what}" must be a card such as "KH", not {_brief(value)}')
    try:
        card = parse_card(value)
    except CardError as exc:
        raise CardError(f'"{what}": {_brief(str(exc), 200)}') from None
    if card not in pack:
        raise DealError(f'"{what}": {card} is not in the {rules.deck}-card deck these rules use')
    return card


def _cards(value: object, what: str, pack: tuple[Card, ...], rules: ClassicRules) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DealError(f'"{what}" must be a list of card strings such as ["JS", "AC"], not {_brief(value)}')
    cards = [_card(v, what, pack, rules) for v in value]
    twice = sorted({c for c in cards if cards.count(c) > 1}, key=_key)
    if twice:
        raise DealError(f'"{what}" lists {format_cards(twice)} twice: every card is in the deck once')
    return cards


def _parse_step(number: int, full: str, parse_seat: object) -> _Step:
    text = _brief(full.strip(), 40)  # as messages quote it
    name, colon, rest = full.partition(":")
    if not colon:
        raise IllegalAction(
            f"action {number} ({text!r}) needs the seat that took it, like 'E: pass' or 'N: play JS'"
        )
    assert callable(parse_seat)
    try:
        seat = parse_seat(name)
    except DealError as exc:
        raise DealError(f"action {number} ({text!r}): {_brief(str(exc), 200)}") from None
    words = rest.strip().lower().split()
    if words in (["discard"], ["give"]):
        return _Step(number, text, seat, None, words[0])
    if words in (["go", "under"], ["under"]):
        return _Step(number, text, seat, None, "under")
    try:
        action = Action.parse(rest)
    except IllegalAction as exc:
        raise IllegalAction(f"action {number} ({text!r}): {_brief(str(exc), 220)}") from None
    return _Step(number, text, seat, action)


def _merge_alone(rules: ClassicRules, steps: list[_Step]) -> list[_Step]:
    """With alone said with the bid, 'S: alone' after S's order or call makes that bid alone."""
    if rules.alone_timing != "with-bid":
        return steps
    out: list[_Step] = []
    for step in steps:
        act = step.action
        if act is not None and act.kind == "alone":
            back = len(out) - 1
            if back >= 0 and _is_discard(out[back]):
                back -= 1
            bid = out[back].action if back >= 0 else None
            if (
                bid is not None
                and out[back].seat == step.seat
                and bid.kind in ("order", "call")
                and not bid.alone
            ):
                merged = Action(bid.kind, suit=bid.suit, notrump=bid.notrump, alone=True)
                out[back] = out[back]._replace(action=merged, text=f"{out[back].text} + {step.text}")
                continue
        out.append(step)
    return out


def _is_discard(step: _Step) -> bool:
    return step.hidden == "discard" or (step.action is not None and step.action.kind == "discard")


def _check_known_cards(me: Seat, dealer: Seat, hand: list[Card], up: Card, steps: list[_Step]) -> None:
    """Cards the input places twice: a card played twice, or held and played."""
    seen: dict[Card, str] = {c: f"{me.word}'s hand" for c in hand}
    given_by_dealer = any(
        s.seat == dealer and (s.hidden == "give" or (s.action is not None and s.action.kind == "give"))
        for s in steps
    )
    if up in seen and me != dealer and not given_by_dealer:
        raise DealError(
            f"the up card {up} is in {me.word}'s hand, but only the dealer ({dealer.word}) "
            "can hold it (after it is ordered up; or a loner it passes it to)"
        )
    for step in steps:
        act = step.action
        if act is None or act.kind not in ("play", "discard", "give") or act.card is None:
            continue
        card = act.card
        if act.kind == "give" or (act.kind != "play" and step.seat != me):
            continue  # a given card moves to the loner, who may play it
        where = f"action {step.number} ({step.text!r})"
        if card in seen:
            raise DealError(f"{card} is in {seen[card]} and in {where}: every card is in the deck once")
        seen[card] = where


class _Mine(NamedTuple):
    """The seat's dealt cards, and the cards it must receive: a loner's gift, a farmer's kitty cards."""

    dealt: list[Card] | None
    gift: Card | None = None
    taken: tuple[Card, ...] = ()


def _dealt_hand(
    me: Seat, dealer: Seat, hand: list[Card], up: Card, steps: list[_Step], rules: ClassicRules
) -> _Mine:
    """The seat's five dealt cards, from its hand now and what it did with the others."""
    blind_now = not steps and up.is_joker and rules.joker_up == "dealer-blind"
    if blind_now and not hand:
        return _Mine(None)  # before the blind call nobody has looked at a hand
    cards = list(hand)
    received: Card | None = None
    hidden_gift = False
    under: tuple[Card, ...] = ()
    for step in steps:
        act = step.action
        if act is None:
            if step.seat == me:
                raise DealError(
                    f"action {step.number} ({step.text!r}): {me.word} knows its own cards: "
                    f"write them (e.g. '{me.name}: discard 9C' or '{me.name}: go under 9S TS 9H')"
                )
            hidden_gift = hidden_gift or step.hidden == "give"
            continue
        if step.seat == me and act.kind in ("play", "discard", "give") and act.card is not None:
            cards.append(act.card)
        elif step.seat == me and act.kind == "under":
            under = act.cards
        elif step.seat != me and act.kind == "give" and act.card is not None:
            received = act.card
    if me == dealer and up in cards:
        cards.remove(up)
    if hidden_gift and received is None and up in cards and me != dealer:
        received = up  # only the dealer could have passed the up card
    if hidden_gift and received is None and len(cards) == 6 + (3 if under else 0):
        # A loner called for best and the card passed is not written: the last card to arrive.
        received = ([c for c in hand if c in cards] or [c for c in cards if c not in under])[-1]
    if received is not None and received in cards:
        cards.remove(received)
    taken: tuple[Card, ...] = ()
    if under:
        # The three kitty cards taken are in the hand now (or were played); which ones does not matter.
        post = [c for c in cards if c not in under]
        taken = tuple(post[-3:])
        cards = [c for c in cards if c not in taken] + [c for c in under if c not in cards]
    return _Mine(cards, received if hidden_gift else None, taken)


def _scores(value: object, me: Seat, rules: ClassicRules) -> tuple[int, ...]:
    teams = me.seating.teams
    names = [t.name for t in teams]
    if not isinstance(value, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value.values()
    ):
        raise DealError(
            f'"score" must be an object of whole numbers like {{"us": 3, "them": 5}}, not {_brief(value)}'
        )
    if any(v < 0 for v in value.values()):
        raise DealError(f'"score" must not be negative: {_brief(value)}')
    if set(value) == {"us", "them"}:
        if len(teams) != 2:
            raise DealError(
                f'"us"/"them" needs two teams; this table has {len(teams)}: give each team\'s score by name '
                f"({', '.join(names)})"
            )
        return tuple(value["us"] if t is me.team else value["them"] for t in teams)
    if set(value) == set(names):
        return tuple(value[n] for n in names)
    raise DealError(
        f'"score" must name every team: {{"us": .., "them": ..}} (two teams) or '
        f"{', '.join(names)}, not {_brief(', '.join(map(repr, value))) or 'nothing'}"
    )


# ---------------------------------------------------------------------------
# Replaying on a world that fits


def _replay(
    rules: ClassicRules,
    dealer: Seat,
    me: Seat,
    mine: _Mine,
    up: Card,
    steps: list[_Step],
    pack: tuple[Card, ...],
    readings: list[Reading] | None = None,
    to_turn: bool = False,
) -> HandState:
    rng = random.Random(0)
    dealt = mine.dealt
    if dealt is not None and len(dealt) != 5:
        raise DealError(
            f"{me.word}'s cards do not add up to a dealt hand: the hand, its plays and its discards "
            f"make {len(dealt)} dealt cards ({format_cards(dealt) or 'none'}), not 5"
        )
    if up in (dealt or ()):
        raise DealError(f"{up} is the up card, so {me.word} cannot have been dealt it")
    giver = next((s.seat for s in steps if s.hidden == "give"), None)
    state = new_hand(_first_deal(rules, dealer, me, mine, giver, up, pack, rng), rules)
    for step in steps:
        if step.hidden == "give" and mine.gift is not None:
            step = step._replace(action=Action("give", card=mine.gift), hidden="")
        if state.phase in (Phase.DISCARD, Phase.LONER_DISCARD) and not _is_discard(step):
            state = _implied_discard(state, step, me, rng, readings)
        state = _step(state, step, me, rng)
    if to_turn and state.phase in (Phase.DISCARD, Phase.LONER_DISCARD) and state.to_act != me:
        state = _implied_discard(state, None, me, rng, readings)  # a book's "what do you lead?"
    return state


def _first_deal(
    rules: ClassicRules,
    dealer: Seat,
    me: Seat,
    mine: _Mine,
    giver: Seat | None,
    up: Card,
    pack: tuple[Card, ...],
    rng: random.Random,
) -> Deal:
    known = [*(mine.dealt or ()), *mine.taken, *([mine.gift] if mine.gift is not None else [])]
    rest = [c for c in pack if c != up and c not in known]
    rng.shuffle(rest)
    hands: list[tuple[Card, ...]] = []
    for s in me.seating.seats:
        if s == me and mine.dealt is not None:
            hands.append(tuple(mine.dealt))
        elif s == giver and mine.gift is not None and mine.gift != up:
            hands.append((mine.gift, *rest[:4]))
            del rest[:4]
        else:
            hands.append(tuple(rest[:5]))
            del rest[:5]
    return Deal(dealer, tuple(hands), up, (*mine.taken, *rest), rules.deck, rules.joker)


def _step(state: HandState, step: _Step, me: Seat, rng: random.Random) -> HandState:
    where = f"action {step.number} ({step.text!r})"
    if state.is_over:
        raise IllegalAction(f"{where}: the hand is already over")
    if step.seat != state.to_act:
        assert state.to_act is not None
        raise IllegalAction(
            f"{where}: it is {state.to_act.word}'s turn ({_phase_words(state)}), not {step.seat.word}'s"
        )
    act = step.action
    if act is None:
        kinds = {"discard": ("discard",), "give": ("give",), "under": ("under",)}[step.hidden]
        options = [a for a in state.legal_actions() if a.kind in kinds]
        if options:
            return state.apply(options[0])
        if step.hidden != "under" or state.phase is not Phase.ROUND_1:
            raise IllegalAction(f"{where}: no {step.hidden} is possible now ({_phase_words(state)})")
        found = _refit(state, me, rng, lambda w: any(a.kind == "under" for a in w.legal_actions()))
        if found is None:
            raise IllegalAction(f"{where}: {step.seat.word} cannot go under: {_why_not(state)}")
        return found.apply(next(a for a in found.legal_actions() if a.kind == "under"))
    if act in state.legal_actions():
        return state.apply(act)
    if step.seat == me:
        try:
            state.apply(act)
        except EuchreError as exc:
            raise type(exc)(f"{where}: {exc}") from None
    view = seat_view(state, me)
    if act.kind == "play" and act.card is not None and state.phase is Phase.PLAY:
        found = _fit_play(state, view, step, act.card, me, rng)
    else:
        if act.kind == "misdeal":
            found = _fit_misdeal(view, step.seat, rng, act)
        else:
            found = _refit(state, me, rng, lambda w: act in w.legal_actions())
        if found is None:
            try:
                state.apply(act)
            except EuchreError as exc:
                raise type(exc)(
                    f"{where}: no hand {step.seat.word} could hold allows this ({_neutral(exc)})"
                ) from None
    assert found is not None
    return found.apply(act)


def _refit(state: HandState, me: Seat, rng: random.Random, accept: object) -> HandState | None:
    assert callable(accept)
    plan = WorldPlan(seat_view(state, me))
    return plan.one_world(rng, _TRIES, accept)


def _fit_play(
    state: HandState, view: SeatView, step: _Step, card: Card, me: Seat, rng: random.Random
) -> HandState:
    """A world where ``step.seat`` holds ``card`` and may play it (or a message why none exists)."""
    seat = step.seat
    where = f"action {step.number} ({step.text!r})"
    known = _known_place(view, card, seat)
    if known is not None:
        raise IllegalPlay(f"{where}: {seat.word} cannot hold {card}: {known}")
    trump = state.trump
    suit = effective_suit(card, trump) if trump is not None or not card.is_joker else Suit.SPADES
    plan_voids = _all_voids_of(view)
    if suit in plan_voids.get(seat, frozenset()):
        raise IllegalPlay(
            f"{where}: {seat.word} showed earlier that it holds no {suit.plural} (it did not follow "
            f"{suit.symbol}), so it cannot play {card}"
        )
    extra: dict[Seat, frozenset[Suit]] = {}
    led = state.led_suit
    if led is not None and effective_suit(card, trump) is not led:
        extra[seat] = frozenset({led})
    elif (
        led is None
        and trump is not None
        and effective_suit(card, trump) is trump
        and _trump_lead_barred(state)
    ):
        extra[seat] = frozenset(s for s in Suit if s is not trump)
    try:
        plan = WorldPlan(view, pins={card: seat}, extra_voids=extra)
    except EuchreError:
        plan = None
    act = Action("play", card=card)
    found = None if plan is None else plan.one_world(rng, _TRIES, lambda w: act in w.legal_actions())
    if found is None:
        why = ""
        if led is not None and extra:
            why = f"(it did not follow {led.symbol} led, but no deal leaves it without {led.plural})"
        raise IllegalPlay(
            f"{where}: no deal consistent with the position lets {seat.word} play {card} {why}".rstrip()
        )
    return found


def _fit_misdeal(view: SeatView, seat: Seat, rng: random.Random, act: Action) -> HandState | None:
    """A world where ``seat`` holds a misdeal hand (too rare to wait for): its five cards chosen first."""
    plain = misdeal_cards(view)
    if len(plain) < 5:
        return None
    for _ in range(_TRIES):
        found = misdeal_world(view, seat, plain, rng, lambda w: act in w.legal_actions())
        if found is not None:
            return found
    return None


def _trump_lead_barred(state: HandState) -> bool:
    """Is leading trump barred now (so a trump lead shows a hand of only trumps)?"""
    return trump_lead_barred(state.rules, state.tricks, state.trump)


def _all_voids_of(view: SeatView) -> dict[Seat, frozenset[Suit]]:
    return {s: view.voids[s] for s in view.seat.seating.seats}


def _known_place(view: SeatView, card: Card, seat: Seat) -> str | None:
    """Where the seat knows ``card`` is, when that rules out another seat holding it."""
    if card in view.hand:
        return f"it is in {view.seat.word}'s hand"
    for t in view.tricks:
        for s, c in t.plays:
            if c == card:
                return f"{s.word} already played it"
    for s, c in view.trick_plays:
        if c == card:
            return f"{s.word} already played it"
    if card == view.discard:
        return f"{view.seat.word} discarded it"
    if card in view.under_cards:
        return f"{view.seat.word} put it under"
    if card == view.up and not view.up_taken:
        return "it is the up card, turned down on the kitty"
    loner_given = view.rules.call_for_best and seat == view.maker and view.alone
    if card == view.up and view.up_taken and seat != view.dealer and not loner_given:
        return f"it is the up card, which {view.dealer.word} (the dealer) picked up"
    return None


def _neutral(exc: EuchreError) -> str:
    return str(exc).split("; legal:")[0]


def _why_not(state: HandState) -> str:
    rules = state.rules
    if not rules.farmers_hand:
        return "going under is not played under these rules"
    if state.under_seat is not None:
        return f"{state.under_seat.word} already went under"
    ranks = " and ".join(f"{r.letter}s" for r in farmer_ranks(rules.deck))
    return f"no deal consistent with the position gives it three low cards ({ranks})"


def _phase_words(state: HandState) -> str:
    return {
        Phase.BLIND: "the dealer names trump blind",
        Phase.ROUND_1: "round 1 of bidding",
        Phase.ROUND_2: "round 2 of bidding",
        Phase.DISCARD: "the dealer's discard",
        Phase.GO_ALONE: "the maker decides alone or with partner",
        Phase.BEST_CARD: "the loner's partner passes a card",
        Phase.LONER_DISCARD: "the loner's discard",
        Phase.DEFEND_ALONE: "a defender decides whether to defend alone",
        Phase.PLAY: "play",
        Phase.OVER: "the hand is over",
    }[state.phase]


# ---------------------------------------------------------------------------
# Book-style positions: what the reader fills in, each noted as a Reading


_ALL: Final = {3: "all three", 4: "all four", 6: "all six"}


def _implied_passes(
    rules: ClassicRules,
    dealer: Seat,
    up: Card | None,
    steps: list[_Step],
    pack: tuple[Card, ...],
    readings: list[Reading],
) -> list[_Step]:
    """A book's position begins with the bid ("North called diamonds"): the passes before it, made.

    When the first action is an order (or a round-2 call) by a seat that is not first to bid, every
    seat before it passed: those passes are put in front (a :class:`Reading` says which). A first
    action that is a play or a discard leaves who named trump unsaid: refused, naming the bid to add.
    """
    first = steps[0] if steps else None
    if first is None or (up is not None and up.is_joker):
        return steps  # a turned-up joker has bidding of its own (a blind call, a call in round 1)
    act = first.action
    kind = act.kind if act is not None else first.hidden
    state = new_hand(_any_deal(rules, dealer, up, pack), rules)
    if state.phase is not Phase.ROUND_1:
        return steps
    if kind in ("play", "discard", "give"):
        raise DealError(
            f"action 1 ({first.text!r}) is a {kind}, but the bidding is not given, so nothing says who made "
            f"trump: begin with the bid, e.g. '{dealer.next.name}: call D' (named in round 2: the passes "
            f'before it are implied) or \'{dealer.next.name}: order\' with what was turned up ("up": "9D")'
        )
    if act is None or act.kind not in ("order", "call"):
        return steps
    target = Phase.ROUND_1 if act.kind == "order" else Phase.ROUND_2
    passed: list[tuple[Seat, Phase]] = []
    while not (state.phase is target and state.to_act == first.seat):
        seat = state.to_act
        if (
            state.phase not in (Phase.ROUND_1, Phase.ROUND_2)
            or seat is None
            or PASS not in state.legal_actions()
        ):
            return steps  # the engine says why the bid is out of turn
        passed.append((seat, state.phase))
        state = state.apply(PASS)
    if not passed:
        return steps
    readings.append(
        Reading("passes-implied", _passes_words(first, act, passed, len(first.seat.seating.seats)))
    )
    implied = [_Step(0, f"{s.name}: pass", s, PASS) for s, _ in passed]
    return [*implied, *steps]


def _any_deal(rules: ClassicRules, dealer: Seat, up: Card | None, pack: tuple[Card, ...]) -> Deal:
    """A deal whose only use is the order the seats bid in (the up card: ``up``, or a plain card)."""
    turned = up if up is not None else next(c for c in pack if not c.is_joker)
    rest = [c for c in pack if c != turned]
    n = len(dealer.seating.seats)
    hands = tuple(tuple(rest[5 * i : 5 * i + 5]) for i in range(n))
    return Deal(dealer, hands, turned, tuple(rest[5 * n :]), rules.deck, rules.joker)


def _passes_words(first: _Step, act: Action, passed: list[tuple[Seat, Phase]], players: int) -> str:
    """The implied passes, as a book would say them."""
    bidder = first.seat.word
    in_2 = [s.word for s, phase in passed if phase is Phase.ROUND_2]
    if act.kind == "order":
        said = (
            f"{_join([s.word for s, _ in passed])} passed in round 1 before {bidder} ordered the up card up"
        )
    else:
        named = act.suit.plural if act.suit is not None else f"no trump ({act.notrump})"
        said = f"round 1 was passed by {_ALL.get(players, 'every seat')}; " + (
            f"in round 2 {_join(in_2)} passed before {bidder} called {named}"
            if in_2
            else f"{bidder} called {named} first in round 2"
        )
    return f"{said} (the actions begin with {first.text!r}: the passes before it are taken as made)."


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _read_unknown_up(
    rules: ClassicRules,
    dealer: Seat,
    me: Seat,
    hand: list[Card],
    steps: list[_Step],
    pack: tuple[Card, ...],
    readings: list[Reading],
    to_turn: bool,
) -> HandState:
    """``"up": null`` after a round-2 call: the turned-down up card is any unseen card it could be.

    The reading's :attr:`Reading.cards` lists them all (the analysis averages over them, weighted by
    how likely the passes were with each); the view shows the first of them, in a fixed random order
    with the trumps (a left bower) last, that fits the whole position (at most :data:`_UP_DRAWS`
    are tried: the bidding and play may place every other unseen card of a suit).
    """
    bid = next((s for s in steps if s.action is not None and s.action.kind in ("order", "call")), None)
    if bid is None:
        raise DealError(
            '"up" is null, and no bid says what trump is: add what was turned up ("up": "KH"), or who '
            "named trump in round 2 (e.g. 'N: call D')"
        )
    assert bid.action is not None
    where = f"action {bid.number} ({bid.text!r})"
    if bid.action.kind == "order":
        raise DealError(
            f'"up" is null, but {where} orders the up card up: it is trump and {dealer.word} (the dealer) '
            'takes it into its hand, so its rank matters: add what was turned up, e.g. "up": "9H"'
        )
    seats = len(me.seating.seats)
    passes = sum(1 for s in steps[: steps.index(bid)] if s.action is not None and s.action.kind == "pass")
    if passes < seats:
        raise DealError(
            f'"up" is null, but {where} names trump before round 1 ended: add what was turned up (e.g. '
            '"up": "JK", a joker allows it), or the round-1 passes (or begin the actions with the call)'
        )
    last_bidder = dealer.prev if rules.dealer_bids_first else dealer
    called = bid.action.suit
    barred = (
        called
        if called is not None and not (rules.stuck_dealer_may_name_up_suit and bid.seat == last_bidder)
        else None
    )
    known = set(hand)
    for s in steps:
        act = s.action
        if act is not None:
            known.update(c for c in (act.card, *act.cards) if c is not None)
    could = [c for c in pack if not c.is_joker and c not in known and c.suit is not barred]
    draws = random.Random(0).sample(could, min(len(could), _UP_DRAWS))
    if called is not None:
        draws.sort(key=lambda c: is_trump(c, called))  # a left bower shown as the up card would mislead
    if not draws:
        raise DealError('"up" is null, but no card is left that it could have been: give it, e.g. "up": "9C"')
    other = f"it was not a {barred.plural[:-1]}" if barred is not None else "it may be of any suit"
    first: EuchreError | None = None
    for up in draws:
        notes = [
            *readings,
            Reading(
                "up-unknown",
                f"the up card was not given: trump was named in round 2 ({bid.text!r}), so it was turned "
                f"down and {other}; the deals average over the {len(could)} cards it could have been "
                f"({'unseen, not the joker' if rules.joker else 'unseen'}), each weighted by how likely the passes "
                f"were with it; {up} stands "
                'for it where one card is shown. Give "up" to analyse the real one.',
                tuple(could),
            ),
        ]
        try:
            world = _read_world(rules, dealer, me, hand, up, steps, pack, notes, to_turn)
        except EuchreError as exc:
            first = first or exc
            continue
        readings[:] = notes
        return world
    assert first is not None
    raise first


def _pick_up(rules: ClassicRules, dealer: Seat, steps: list[_Step]) -> _Step | None:
    """The order that made the dealer take the up card into its hand (none: no exchange)."""
    for s in steps:
        act = s.action
        if act is not None and act.kind == "order":
            sits_out = (
                act.alone and s.seat in dealer.partners and not rules.dealer_exchanges_when_partner_alone
            )
            return None if sits_out else s
    return None


def _read_dealer_hand(
    rules: ClassicRules,
    dealer: Seat,
    me: Seat,
    hand: list[Card],
    up: Card,
    steps: list[_Step],
    readings: list[Reading],
) -> list[Card]:
    """The analysed dealer's hand as books print it: its five dealt cards, with the up card it picked up."""
    order = _pick_up(rules, dealer, steps) if me == dealer else None
    if order is None or up in hand:
        if order is not None and not any(s.seat == me and _is_discard(s) for s in steps):
            _refuse_missing_discard(me, up, order, steps)
        return hand
    later = steps[steps.index(order) + 1 :]
    if any(s.seat == me and _is_discard(s) for s in later):
        return hand  # it discarded the up card, or "hand" is simply wrong: the replay says which
    _refuse_missing_discard(me, up, order, steps)
    readings.append(
        Reading(
            "dealer-six",
            f'{me.word} is the dealer and picked up {up} ({order.text!r}): "hand" lists its dealt cards, '
            f"read with {up} as the six it now discards one of.",
        )
    )
    return [*hand, up]


def _refuse_missing_discard(me: Seat, up: Card, order: _Step, steps: list[_Step]) -> None:
    """Play went on after the analysed dealer picked up, but which card it put down is not given."""
    after = steps[steps.index(order) + 1 :]
    if any(s.action is None or s.action.kind != "alone" for s in after):
        raise DealError(
            f"{me.word} is the dealer and picked up {up} (action {order.number}, {order.text!r}), but its "
            f"discard is not given: add '{me.name}: discard XX' right after it (XX: the card it put "
            f"down, {up} itself if it kept its dealt cards)"
        )


def _implied_discard(
    state: HandState, step: _Step | None, me: Seat, rng: random.Random, readings: list[Reading] | None
) -> HandState:
    """Another seat's discard left out (books do): made face down before ``step`` (None: the end)."""
    seat = state.to_act
    assert seat is not None
    before = "the position ends" if step is None else f"action {step.number} ({step.text!r}) comes"
    if seat == me:
        raise IllegalAction(
            f"{before} before {me.word}'s own discard ({_phase_words(state)}): add "
            f"'{me.name}: discard XX' (the card it put down)"
        )
    number = step.number if step is not None else 0
    which = "the loner's" if state.phase is Phase.LONER_DISCARD else "the dealer's"
    state = _step(state, _Step(number, f"{seat.name}: discard", seat, None, "discard"), me, rng)
    if readings is not None:
        where = (
            ": the actions end before it" if step is None else f" before action {step.number} ({step.text!r})"
        )
        readings.append(
            Reading(
                "hidden-discard",
                f"{which} discard ({seat.word}) was not given{where}; taken as made face down, "
                "as the other seats saw it.",
            )
        )
    return state
