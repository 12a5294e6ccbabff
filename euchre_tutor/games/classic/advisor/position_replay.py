"""Replaying a position's actions on one world consistent with what the seat saw.

A new world (:class:`~euchre_tutor.games.classic.advisor.plan.WorldPlan`) is drawn whenever another
seat's action needs hidden cards the current one lacks; an action no world allows is refused with a
message that says what is impossible.
"""

from __future__ import annotations

import random
from typing import Final

from euchre_tutor.cards import Card, Suit, effective_suit, format_cards
from euchre_tutor.errors import DealError, EuchreError, IllegalAction, IllegalPlay
from euchre_tutor.games.classic.advisor.misdeal import misdeal_cards, misdeal_world
from euchre_tutor.games.classic.advisor.plan import WorldPlan
from euchre_tutor.games.classic.advisor.position_input import (
    Mine,
    Reading,
    Step,
    card_index,
    check_known_cards,
    dealt_hand,
    is_discard,
)
from euchre_tutor.games.classic.engine.engine import Action, Deal, HandState, Phase, Seat, new_hand
from euchre_tutor.games.classic.engine.house import farmer_ranks
from euchre_tutor.games.classic.engine.play import trump_lead_barred
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.games.classic.views import SeatView, seat_view

__all__ = ["implied_discard", "phase_words", "read_world", "replay"]

_TRIES: Final = 400  # worlds drawn for an action before it is refused


def read_world(
    rules: ClassicRules,
    dealer: Seat,
    me: Seat,
    hand: list[Card],
    up: Card,
    steps: list[Step],
    pack: tuple[Card, ...],
    readings: list[Reading],
    to_turn: bool,
) -> HandState:
    """One world the actions lead to, with the seat holding ``hand`` at their end."""
    if me == dealer:
        hand = _read_dealer_hand(rules, dealer, hand, up, steps, readings)
    check_known_cards(me, dealer, hand, up, steps)
    mine = dealt_hand(me, dealer, hand, up, steps, rules)
    world = replay(rules, dealer, me, mine, up, steps, pack, readings, to_turn)
    held = world.hands[me] if world.phase is not Phase.BLIND else ()
    if sorted(held, key=card_index) != sorted(hand, key=card_index):
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


def _read_dealer_hand(
    rules: ClassicRules,
    dealer: Seat,
    hand: list[Card],
    up: Card,
    steps: list[Step],
    readings: list[Reading],
) -> list[Card]:
    """The analysed dealer's hand as books print it: its five dealt cards, with the up card it picked up."""
    order = _pick_up(rules, dealer, steps)
    if order is None or up in hand:
        if order is not None and not any(s.seat == dealer and is_discard(s) for s in steps):
            _refuse_missing_discard(dealer, up, order, steps)
        return hand
    later = steps[steps.index(order) + 1 :]
    if any(s.seat == dealer and is_discard(s) for s in later):
        return hand  # it discarded the up card, or "hand" is simply wrong: the replay says which
    _refuse_missing_discard(dealer, up, order, steps)
    readings.append(
        Reading(
            "dealer-six",
            f'{dealer.word} is the dealer and picked up {up} ({order.text!r}): "hand" lists its dealt cards, '
            f"read with {up} as the six it now discards one of.",
        )
    )
    return [*hand, up]


def _pick_up(rules: ClassicRules, dealer: Seat, steps: list[Step]) -> Step | None:
    """The order that made the dealer take the up card into its hand (none: no exchange)."""
    for s in steps:
        act = s.action
        if act is not None and act.kind == "order":
            sits_out = (
                act.alone and s.seat in dealer.partners and not rules.dealer_exchanges_when_partner_alone
            )
            return None if sits_out else s
    return None


def _refuse_missing_discard(me: Seat, up: Card, order: Step, steps: list[Step]) -> None:
    """Play went on after the analysed dealer picked up, but which card it put down is not given."""
    after = steps[steps.index(order) + 1 :]
    if any(s.action is None or s.action.kind != "alone" for s in after):
        raise DealError(
            f"{me.word} is the dealer and picked up {up} (action {order.number}, {order.text!r}), but its "
            f"discard is not given: add '{me.name}: discard XX' right after it (XX: the card it put "
            f"down, {up} itself if it kept its dealt cards)"
        )


def replay(
    rules: ClassicRules,
    dealer: Seat,
    me: Seat,
    mine: Mine,
    up: Card,
    steps: list[Step],
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
        if state.phase in (Phase.DISCARD, Phase.LONER_DISCARD) and not is_discard(step):
            state = implied_discard(state, step, me, rng, readings)
        state = _step(state, step, me, rng)
    if to_turn and state.phase in (Phase.DISCARD, Phase.LONER_DISCARD) and state.to_act != me:
        state = implied_discard(state, None, me, rng, readings)  # a book's "what do you lead?"
    return state


def _first_deal(
    rules: ClassicRules,
    dealer: Seat,
    me: Seat,
    mine: Mine,
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


def _step(state: HandState, step: Step, me: Seat, rng: random.Random) -> HandState:
    where = f"action {step.number} ({step.text!r})"
    if state.is_over:
        raise IllegalAction(f"{where}: the hand is already over")
    if step.seat != state.to_act:
        assert state.to_act is not None
        raise IllegalAction(
            f"{where}: it is {state.to_act.word}'s turn ({phase_words(state)}), not {step.seat.word}'s"
        )
    act = step.action
    if act is None:
        kinds = {"discard": ("discard",), "give": ("give",), "under": ("under",)}[step.hidden]
        options = [a for a in state.legal_actions() if a.kind in kinds]
        if options:
            return state.apply(options[0])
        if step.hidden != "under" or state.phase is not Phase.ROUND_1:
            raise IllegalAction(f"{where}: no {step.hidden} is possible now ({phase_words(state)})")
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
    state: HandState, view: SeatView, step: Step, card: Card, me: Seat, rng: random.Random
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


def phase_words(state: HandState) -> str:
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


def implied_discard(
    state: HandState, step: Step | None, me: Seat, rng: random.Random, readings: list[Reading] | None
) -> HandState:
    """Another seat's discard left out (books do): made face down before ``step`` (None: the end)."""
    seat = state.to_act
    assert seat is not None
    before = "the position ends" if step is None else f"action {step.number} ({step.text!r}) comes"
    if seat == me:
        raise IllegalAction(
            f"{before} before {me.word}'s own discard ({phase_words(state)}): add "
            f"'{me.name}: discard XX' (the card it put down)"
        )
    number = step.number if step is not None else 0
    which = "the loner's" if state.phase is Phase.LONER_DISCARD else "the dealer's"
    state = _step(state, Step(number, f"{seat.name}: discard", seat, None, "discard"), me, rng)
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
