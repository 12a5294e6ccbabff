"""What a receiver at a shared table may know, written apart from the views code.

The views layer decides what each seat is sent; this model decides, from the true hand and the
actions applied to it (the engine's own history), what each receiver may know, and reads every
message a receiver gets as *facts* about cards. A fact is a card in a place: held by a seat, turned
up, played by a seat, discarded, passed or gone under by a seat, or only named in a text. A fact is
allowed when the receiver may know it:

- a seat: the cards it holds, the up card, every card played face up in the present hand (and the
  card just played by the action told as ``last``, the one that ended the hand before included), its
  own discards, passed cards and cards gone under, and the cards passed to it; a card it only reads
  in a text must be one of those (by name);
- a face-down watcher: the up card and the cards played face up, nothing else;
- a face-up watcher and the teacher: everything (and their views must show every hand whole).

Where a fact is about a place (which seat holds or discarded a card), the place is checked, not
only the card's name; cards are counted as multisets, so with a double deck naming a card does not
say which copy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from euchre_tutor.cards import Card
from euchre_tutor.tricks.seating import FOUR

#: receivers that are not seats
FACE_DOWN = "face-down"
FACE_UP = "face-up"

_PRIVATE_KINDS = ("discard", "give", "under")


@dataclass(frozen=True)
class Fact:
    """One thing a message says about a card: ``kind`` is ``holds``, ``up``, ``played``, ``discard``,
    ``give``, ``under`` or ``named``; ``seat`` is the seat it is about (None when unknown)."""

    kind: str
    seat: str | None
    card: str
    where: str


def _card(word: object) -> Card | None:
    if not isinstance(word, str) or len(word) not in (2, 3):
        return None
    try:
        return Card.parse(word)
    except ValueError:
        return None


def _named(value: Any, where: str) -> Iterator[Fact]:
    """Every card a JSON value names in any string, as ``named`` facts."""
    if isinstance(value, str):
        for word in value.split():
            if _card(word) is not None:
                yield Fact("named", None, word, where)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from _named(k, where)
            yield from _named(v, f"{where}.{k}")
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _named(v, where)


def _action_facts(seat: str | None, action: str, where: str) -> Iterator[Fact]:
    words = action.split()
    kind = "under" if words[:2] == ["go", "under"] else words[0] if words else ""
    for word in words:
        if _card(word) is not None:
            yield Fact(kind if kind in ("play", *_PRIVATE_KINDS) else "named", seat, word, where)


def view_facts(view: Mapping[str, Any], holder: str | None, where: str) -> Iterator[Fact]:
    """The facts of one seat view (``holder``: whose view it is; None for a face-down watcher's)."""
    for key, value in view.items():
        at = f"{where}.{key}"
        if key == "hand":
            yield from (Fact("holds", holder, c, at) for c in value)
        elif key == "up":
            yield Fact("up", None, value, at)
        elif key == "tricks":
            for trick in value:
                yield from (Fact("played", s, c, at) for s, c in trick["plays"])
        elif key == "trick_plays":
            yield from (Fact("played", s, c, at) for s, c in value)
        elif key == "legal":  # each action on its own: two actions may name one card
            for i, action in enumerate(value):
                yield from (
                    Fact("holds", holder, f.card, f"{at}[{i}]") if f.kind != "named" else f
                    for f in _action_facts(holder, action, at)
                )
        elif key == "bids":
            for seat, action in value:
                yield from _action_facts(seat, action, at)
        elif key == "discard" and value is not None:
            yield Fact("discard", view.get("dealer"), value, at)
        elif key == "loner_discard" and value is not None:
            yield Fact("discard", view.get("maker"), value, at)
        elif key == "discards":
            yield from (Fact("discard", view.get("bidder"), c, at) for c in value)
        elif key == "under_cards":
            yield from (Fact("under", view.get("under_seat"), c, at) for c in value)
        elif key == "gifts":
            yield from (Fact("give", view.get("sitting_out"), c, at) for c in value)
        else:
            yield from _named(value, at)


def message_facts(message: Mapping[str, Any], receiver: str) -> Iterator[Fact]:
    """Every fact a message tells ``receiver`` (a seat's name, :data:`FACE_DOWN` or :data:`FACE_UP`)."""
    for key, value in message.items():
        if key == "view" and isinstance(value, Mapping):
            holder = None if receiver in (FACE_DOWN, FACE_UP) else receiver
            yield from view_facts(value, holder, "view")
        elif key == "views" and isinstance(value, Mapping):
            for seat, v in value.items():
                yield from view_facts(v, seat, f"views.{seat}")
        elif key == "last" and isinstance(value, Mapping):
            yield from _action_facts(value.get("seat"), value.get("action", ""), "last")
        else:
            yield from _named(value, key)


@dataclass(frozen=True)
class HandTruth:
    """The true state of one hand, as the engine holds it: what the model is checked against."""

    hands: dict[str, Counter[str]]
    up: str | None
    played: Counter[tuple[str, str]]
    #: (kind, seat) -> the cards that seat discarded, gave or put under, by its own actions
    private: dict[tuple[str, str], Counter[str]]
    #: seat -> the cards passed to it (the loner)
    received: dict[str, Counter[str]]

    @classmethod
    def of(cls, hand: Any) -> HandTruth:
        """The truth of a classic or Bid Euchre ``HandState``, read from its hands and its history."""
        seats = hand.seating.seats if hasattr(hand, "seating") else FOUR.seats
        hands = {s.name: Counter(str(c) for c in hand.hands[s]) for s in seats}
        up = str(hand.up) if hasattr(hand, "up") else None
        played: Counter[tuple[str, str]] = Counter()
        private: dict[tuple[str, str], Counter[str]] = {}
        for seat, action in hand.history:
            if action.kind == "play":
                played[(seat.name, str(action.card))] += 1
            elif action.kind in _PRIVATE_KINDS:
                cards = action.cards if action.kind == "under" else (action.card,)
                private.setdefault((action.kind, seat.name), Counter()).update(str(c) for c in cards)
        received: dict[str, Counter[str]] = {}
        loner = hand.bidder if hasattr(hand, "bidder") else hand.maker  # (seat N is 0: no `or`)
        gifts = [c for (kind, _), cs in private.items() if kind == "give" for c in cs.elements()]
        if loner is not None and gifts:
            received[loner.name] = Counter(gifts)
        return cls(hands, up, played, private, received)

    def public_names(self) -> set[str]:
        """Cards every receiver may name: the up card and the cards played face up."""
        return {c for _, c in self.played} | ({self.up} if self.up else set())

    def own_names(self, seat: str) -> set[str]:
        names = set(self.hands.get(seat, ())) | set(self.received.get(seat, ()))
        for (_, who), cards in self.private.items():
            if who == seat:
                names |= set(cards)
        return names


def leaks(facts: list[Fact], receiver: str, truths: list[HandTruth]) -> list[str]:
    """The facts ``receiver`` may not know, in words (empty: nothing leaked).

    ``truths`` are the hands a message may speak of, the present one first (a message sent as a hand
    ends may also speak of the hand just finished)."""
    if receiver == FACE_UP:
        return []
    now = truths[0]
    seat = None if receiver == FACE_DOWN else receiver
    public = set().union(*(t.public_names() for t in truths))
    own = set().union(*(t.own_names(seat) for t in truths)) if seat else set()
    out: list[str] = []
    holds: dict[str, Counter[str]] = {}  # by the field that says so (a hand, the legal actions)
    played: dict[str, Counter[tuple[str, str]]] = {}
    for f in facts:
        if f.kind == "holds":
            if seat is None or f.seat != seat:
                out.append(f"{f.where}: {f.card} held by {f.seat}, a hand {receiver} may not see")
            else:
                holds.setdefault(f.where, Counter())[f.card] += 1
        elif f.kind == "up":
            if all(f.card != t.up for t in truths):
                out.append(f"{f.where}: {f.card} named as the up card, which it is not")
        elif f.kind == "play" and f.where == "last" and f.seat is not None:
            # the action just taken: a card played face up by that seat, from its hand before the play
            if not any(t.hands.get(f.seat, Counter())[f.card] or t.played[(f.seat, f.card)] for t in truths):
                out.append(f"{f.where}: {f.seat} is said to play {f.card}, a card it did not hold")
        elif f.kind in ("play", "played"):
            if f.card not in public:
                out.append(f"{f.where}: {f.card} named as {f.kind}, but it is no card shown face up")
            elif f.kind == "played" and f.seat is not None:
                played.setdefault(f.where, Counter())[(f.seat, f.card)] += 1
        elif f.kind in _PRIVATE_KINDS:
            mine = seat is not None and (
                f.seat == seat and any(t.private.get((f.kind, seat), Counter())[f.card] for t in truths)
            )
            given_me = (
                f.kind == "give"
                and seat is not None
                and any(t.received.get(seat, Counter())[f.card] for t in truths)
            )
            if not (mine or given_me):
                out.append(f"{f.where}: {receiver} is told that {f.seat} {f.kind} {f.card}")
        elif f.card not in public and f.card not in own:
            out.append(f"{f.where}: {receiver} reads {f.card}, a card it may not know")
    for where, cards in holds.items():
        if seat is not None and not cards <= now.hands.get(seat, Counter()):
            out.append(
                f"{where}: {receiver} is shown holding {dict(cards - now.hands[seat])}, not in its hand"
            )
    for where, plays in played.items():
        if not plays <= now.played:
            out.append(f"{where}: {receiver} is shown plays {dict(plays - now.played)} not made this hand")
    return out


def whole_hands(message: Mapping[str, Any], truth: HandTruth) -> list[str]:
    """A face-up view's hands that are not the seats' true hands (empty: every hand shown whole)."""
    views = message.get("views") or {}
    return [
        f"views.{seat}.hand shows {sorted(v.get('hand', []))}, the seat holds {sorted(truth.hands[seat].elements())}"
        for seat, v in views.items()
        if Counter(v.get("hand", [])) != truth.hands[seat]
    ]
