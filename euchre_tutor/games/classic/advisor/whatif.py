"""What-ifs: the same ``classic analyze`` position with one thing changed, to find which card decides.

A change is one of (several may be joined with ``;``, applied in order)::

    swap KH AS    the hand holds AS instead of KH (AS: a card the seat has not seen)
    seat W        the same hand in another chair, everyone before it passed (bidding only)
    up QD         another up card (before anyone played or discarded the up card)
    score 8:9     the match score, ours first (at three teams one per team in the table's order,
                  "score 3:5:0"; "score none" drops it)

>>> position = {"dealer": "E", "seat": "S", "hand": ["JS", "AC", "QH", "9D", "TD"], "up": "KH",
...             "actions": ["S: pass"]}
>>> what_if(position, "swap AC AS; score 8:9")["hand"], what_if(position, "score 8:9")["score"]
(['JS', 'AS', 'QH', '9D', 'TD'], {'us': 8, 'them': 9})
>>> what_if(position, "seat N")["actions"]
['S: pass', 'W: pass']
>>> what_if(position, "swap AC KH")
Traceback (most recent call last):
...
euchre_tutor.errors.DealError: what-if 'swap AC KH': KH is the up card, which South can see: swap in a card it has not seen

The result is a new position (the input is not changed); whether it is possible (a swapped-in
card the actions showed the seat could not hold, say) is for the reader to say, as for any input.
"""

from __future__ import annotations

from typing import Any, Final

from euchre_tutor.cards import Card, deck, parse_card
from euchre_tutor.errors import CardError, DealError, EuchreError
from euchre_tutor.games.classic.engine.engine import Seat, rules_seating
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.jsonio import MAX_DIGITS, short

__all__ = ["CHANGES", "unseen_cards", "what_if"]

#: the changes a what-if may make, as the command's help shows them
CHANGES: Final = ("swap KH AS", "seat W", "up QD", "score 8:9")


def what_if(position: dict[str, Any], change: str) -> dict[str, Any]:
    """``position`` with ``change`` made (see the module docstring); a change that cannot be made is refused."""
    if not isinstance(position, dict):
        raise DealError("a what-if changes a position: a JSON object like the analyze input")
    parts = [p.strip() for p in str(change).split(";") if p.strip()]
    if not parts:
        raise DealError(f"a what-if needs a change, such as {_examples()}")
    out = dict(position)
    for part in parts:
        try:
            out = _one(out, part)
        except EuchreError as exc:
            raise type(exc)(f"what-if {short(part, 40)}: {exc}") from None
    return out


def unseen_cards(position: dict[str, Any]) -> list[Card]:
    """The cards the seat has not seen (not in its hand, not the up card, in no action): what a swap may bring in."""
    rules = ClassicRules.from_json(position.get("rules", "standard"))
    seen = _seen(position)
    return [c for c in deck(rules.deck, joker=rules.joker) if c not in seen]


def _one(position: dict[str, Any], change: str) -> dict[str, Any]:
    words = change.split()
    kind, args = words[0].lower(), words[1:]
    if kind == "swap" and len(args) == 2:
        return _swap(position, _card(args[0]), _card(args[1]))
    if kind == "seat" and len(args) == 1:
        return _seat(position, args[0])
    if kind == "up" and len(args) == 1:
        return _up(position, _card(args[0]))
    if kind == "score" and len(args) == 1:
        return _score(position, args[0])
    raise DealError(f"not a change: make one of {_examples()}")


def _examples() -> str:
    return ", ".join(repr(c) for c in CHANGES)


def _card(text: str) -> Card:
    try:
        return parse_card(text)
    except CardError as exc:
        raise CardError(str(exc)) from None


def _cards(value: object) -> list[Card]:
    if not isinstance(value, list):
        return []
    out = []
    for text in value:
        try:
            out.append(parse_card(str(text)))
        except CardError:
            continue  # the reader refuses it with its own message
    return out


def _named(position: dict[str, Any]) -> set[Card]:
    """Every card an action names (plays, discards, gifts, goings-under)."""
    found: set[Card] = set()
    actions = position.get("actions", [])
    for text in actions if isinstance(actions, list) else []:
        for word in str(text).partition(":")[2].split():
            try:
                found.add(parse_card(word))
            except CardError:
                continue
    return found


def _up_card(position: dict[str, Any]) -> Card | None:
    up = position.get("up")
    try:
        return parse_card(up) if isinstance(up, str) else None
    except CardError:
        return None


def _seen(position: dict[str, Any]) -> set[Card]:
    up = _up_card(position)
    return {*_cards(position.get("hand")), *_named(position), *([up] if up is not None else [])}


def _who(position: dict[str, Any]) -> str:
    seat = position.get("seat")
    return str(seat) if not isinstance(seat, str) else _seat_word(position, seat)


def _seat_word(position: dict[str, Any], name: str) -> str:
    try:
        return rules_seating(ClassicRules.from_json(position.get("rules", "standard"))).parse(name).word
    except EuchreError:
        return name


def _swap(position: dict[str, Any], out_card: Card, in_card: Card) -> dict[str, Any]:
    hand = _cards(position.get("hand"))
    who = _who(position)
    if out_card not in hand:
        held = " ".join(map(str, hand)) or "no cards"
        raise DealError(f"{out_card} is not in {who}'s hand ({held}): swap out a card it holds")
    if in_card == _up_card(position) and in_card not in hand:
        raise DealError(f"{in_card} is the up card, which {who} can see: swap in a card it has not seen")
    if in_card in hand:
        raise DealError(f"{in_card} is in {who}'s hand already: swap in a card it has not seen")
    if in_card in _named(position):
        raise DealError(f"{in_card} is in the actions (played, discarded or given): swap in a card not seen")
    rules = ClassicRules.from_json(position.get("rules", "standard"))
    if in_card not in deck(rules.deck, joker=rules.joker):
        raise DealError(f"{in_card} is not in the {rules.deck}-card deck these rules use")
    return {**position, "hand": [str(in_card if c == out_card else c) for c in hand]}


def _seat(position: dict[str, Any], name: str) -> dict[str, Any]:
    """The hand moved to ``name``'s chair at the same point of the bidding: the seats before it passed."""
    rules = ClassicRules.from_json(position.get("rules", "standard"))
    seating = rules_seating(rules)
    seat = seating.parse(name)
    dealer = seating.parse(str(position.get("dealer")))
    actions = position.get("actions", [])
    actions = actions if isinstance(actions, list) else []
    bid = next((a for a in actions if str(a).partition(":")[2].strip().lower() != "pass"), None)
    if bid is not None:
        raise DealError(
            f"a seat change is for the bidding before anyone bids, and the actions go on to {short(str(bid), 40)}"
        )
    seats = len(seating.seats)
    first = dealer if rules.dealer_bids_first else dealer.next
    round_start = seats if len(actions) >= seats else 0
    passes = [f"{s.name}: pass" for s in _order(first, seats)]
    before = passes[: _order(first, seats).index(seat)]
    return {**position, "seat": seat.name, "actions": passes[:round_start] + before}


def _order(first: Seat, count: int) -> list[Seat]:
    out = [first]
    while len(out) < count:
        out.append(out[-1].next)
    return out


def _up(position: dict[str, Any], card: Card) -> dict[str, Any]:
    old = _up_card(position)
    hand = _cards(position.get("hand"))
    who = _who(position)
    if card in hand and card != old:
        raise DealError(f"{card} is in {who}'s hand: the up card is another one")
    if card in _named(position):
        raise DealError(f"{card} is in the actions (played, discarded or given): the up card is another one")
    if old is not None and old in _named(position):
        raise DealError(f"the up card {old} is played or discarded in the actions: change it before that")
    out = {**position, "up": str(card)}
    if old is not None and old in hand:  # the analysed dealer picked it up: it holds the new one instead
        out["hand"] = [str(card if c == old else c) for c in hand]
    return out


def _score(position: dict[str, Any], text: str) -> dict[str, Any]:
    if text.lower() == "none":
        return {k: v for k, v in position.items() if k != "score"}
    parts = text.split(":")
    if not all(p.isascii() and p.isdigit() and len(p) <= MAX_DIGITS for p in parts):
        raise DealError(
            f"a score is whole numbers joined by ':', ours first, like 8:9, not {short(text, 40)}"
        )
    points = [int(p) for p in parts]
    rules = ClassicRules.from_json(position.get("rules", "standard"))
    teams = rules_seating(rules).teams
    if len(points) != len(teams):
        raise DealError(f"this table has {len(teams)} teams: give {len(teams)} scores joined by ':'")
    if len(teams) == 2:
        return {**position, "score": {"us": points[0], "them": points[1]}}
    return {**position, "score": {t.name: p for t, p in zip(teams, points, strict=True)}}
