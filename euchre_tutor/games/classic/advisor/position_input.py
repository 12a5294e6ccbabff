"""Reading a position's fields (see :mod:`~euchre_tutor.games.classic.advisor.position`): seats, cards,
the actions as steps, the seat's dealt hand, the score; each bad value refused with a teaching message.
"""

from __future__ import annotations

from typing import NamedTuple

from euchre_tutor.cards import Card, format_cards, parse_card
from euchre_tutor.errors import CardError, DealError, IllegalAction
from euchre_tutor.games.classic.engine.engine import Action, Seat
from euchre_tutor.games.classic.rules import ClassicRules

__all__ = [
    "Mine",
    "Reading",
    "Step",
    "brief",
    "card_index",
    "check_known_cards",
    "dealt_hand",
    "is_discard",
    "merge_alone",
    "parse_step",
    "read_card",
    "read_cards",
    "read_scores",
    "read_seat",
]


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


class Step(NamedTuple):
    number: int
    text: str
    seat: Seat
    action: Action | None  # None: a hidden discard, give or going under
    hidden: str = ""


def card_index(card: Card) -> int:
    return card.index


def brief(value: object, limit: int = 60) -> str:
    """A value for a message, cut short: input can be arbitrarily long."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def read_seat(parse: object, value: object, what: str) -> Seat:
    if not isinstance(value, str):
        raise DealError(f'"{what}" must be a seat name such as "N" or "P1", not {brief(value)}')
    assert callable(parse)
    try:
        seat = parse(value)
    except DealError as exc:
        raise DealError(f'"{what}": {brief(str(exc), 200)}') from None
    assert isinstance(seat, Seat)
    return seat


def read_card(value: object, what: str, pack: tuple[Card, ...], rules: ClassicRules) -> Card:
    if not isinstance(value, str):
        raise DealError(f'"{what}" must be a card such as "KH", not {brief(value)}')
    try:
        card = parse_card(value)
    except CardError as exc:
        raise CardError(f'"{what}": {brief(str(exc), 200)}') from None
    if card not in pack:
        raise DealError(f'"{what}": {card} is not in the {rules.deck}-card deck these rules use')
    return card


def read_cards(value: object, what: str, pack: tuple[Card, ...], rules: ClassicRules) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DealError(f'"{what}" must be a list of card strings such as ["JS", "AC"], not {brief(value)}')
    cards = [read_card(v, what, pack, rules) for v in value]
    twice = sorted({c for c in cards if cards.count(c) > 1}, key=card_index)
    if twice:
        raise DealError(f'"{what}" lists {format_cards(twice)} twice: every card is in the deck once')
    return cards


def parse_step(number: int, full: str, parse_seat: object) -> Step:
    text = brief(full.strip(), 40)  # as messages quote it
    name, colon, rest = full.partition(":")
    if not colon:
        raise IllegalAction(
            f"action {number} ({text!r}) needs the seat that took it, like 'E: pass' or 'N: play JS'"
        )
    assert callable(parse_seat)
    try:
        seat = parse_seat(name)
    except DealError as exc:
        raise DealError(f"action {number} ({text!r}): {brief(str(exc), 200)}") from None
    words = rest.strip().lower().split()
    if words in (["discard"], ["give"]):
        return Step(number, text, seat, None, words[0])
    if words in (["go", "under"], ["under"]):
        return Step(number, text, seat, None, "under")
    try:
        action = Action.parse(rest)
    except IllegalAction as exc:
        raise IllegalAction(f"action {number} ({text!r}): {brief(str(exc), 220)}") from None
    return Step(number, text, seat, action)


def merge_alone(rules: ClassicRules, steps: list[Step]) -> list[Step]:
    """With alone said with the bid, 'S: alone' after S's order or call makes that bid alone."""
    if rules.alone_timing != "with-bid":
        return steps
    out: list[Step] = []
    for step in steps:
        act = step.action
        if act is not None and act.kind == "alone":
            back = len(out) - 1
            if back >= 0 and is_discard(out[back]):
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


def is_discard(step: Step) -> bool:
    return step.hidden == "discard" or (step.action is not None and step.action.kind == "discard")


def check_known_cards(me: Seat, dealer: Seat, hand: list[Card], up: Card, steps: list[Step]) -> None:
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


class Mine(NamedTuple):
    """The seat's dealt cards, and the cards it must receive: a loner's gift, a farmer's kitty cards."""

    dealt: list[Card] | None
    gift: Card | None = None
    taken: tuple[Card, ...] = ()


def dealt_hand(
    me: Seat, dealer: Seat, hand: list[Card], up: Card, steps: list[Step], rules: ClassicRules
) -> Mine:
    """The seat's five dealt cards, from its hand now and what it did with the others."""
    blind_now = not steps and up.is_joker and rules.joker_up == "dealer-blind"
    if blind_now and not hand:
        return Mine(None)  # before the blind call nobody has looked at a hand
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
    return Mine(cards, received if hidden_gift else None, taken)


def read_scores(value: object, me: Seat, rules: ClassicRules) -> tuple[int, ...]:
    teams = me.seating.teams
    names = [t.name for t in teams]
    if not isinstance(value, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value.values()
    ):
        raise DealError(
            f'"score" must be an object of whole numbers like {{"us": 3, "them": 5}}, not {brief(value)}'
        )
    if any(v < 0 for v in value.values()):
        raise DealError(f'"score" must not be negative: {brief(value)}')
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
        f"{', '.join(names)}, not {brief(', '.join(map(repr, value))) or 'nothing'}"
    )
