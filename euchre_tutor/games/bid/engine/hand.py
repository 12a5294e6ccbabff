"""One Bid Euchre hand as an immutable state: :class:`HandState` and :func:`new_hand`.

Phases and who acts:

- ``bidding``: from the dealer's left (or the dealer, ``bidding_order``),
  ``pass`` or a bid higher than the last (``bid 3 H``; ``bid 3`` when bids
  are tricks only; ``bid alone S``, ``bid call 1 H``, ``bid call 2 high``).
  One round, or an auction until three pass after a bid. All pass: over.
- ``trump``: with bids of tricks only, the high bidder names trump
  (``trump H``, ``trump high``, ``trump low``).
- ``kitty``: with the kitty, the high bidder holds it and discards as many
  cards, one ``discard XX`` at a time.
- ``call`` and ``loner-discard``: after a call 1 or call 2 the loner's
  partner passes one or two cards (``give XX``), then the loner discards
  as many.
- ``play``: the high bidder (or the dealer's left) leads; follow the led
  suit if able; the winner leads the next trick. A loner's partner sits out.
- ``over``: scored, or thrown in when all passed.

``state.apply(action)`` checks the action and returns a new state (an
illegal one raises a teaching :class:`~euchre_tutor.errors.IllegalAction`
and changes nothing); ``state.events`` says what the last action did.

>>> state = new_hand(Deal.from_seed(7, "N"))
>>> state.to_act, [str(a) for a in state.legal_actions()[:4]]
(<Seat.E: 1>, ['pass', 'bid 1 C', 'bid 1 D', 'bid 1 H'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from euchre_tutor.cards import Card, Suit, format_cards, playable, winning_index
from euchre_tutor.errors import DealError, IllegalAction, IllegalPlay
from euchre_tutor.games.bid.engine.actions import ALONE_WORDS, CARDS_PASSED, PASS, Action, Phase
from euchre_tutor.games.bid.engine.deal import Deal
from euchre_tutor.games.bid.engine.events import (
    BidMade,
    CardPlayed,
    CardsGiven,
    Discarded,
    Event,
    HandScored,
    KittyTaken,
    Passed,
    PassedOut,
    Trick,
    TrickWon,
    TrumpNamed,
    contract_words,
)
from euchre_tutor.games.bid.engine.scoring import bid_needs, hand_points
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.rules import messages
from euchre_tutor.tricks.hand import TrickHand
from euchre_tutor.tricks.seating import FOUR, Seat, Team

__all__ = ["HandState", "explain_trick", "new_hand", "trick_winner"]


@dataclass(frozen=True, slots=True)
class HandState(TrickHand[Action, Event]):
    """One hand of Bid Euchre, immutable; build it with :func:`new_hand`."""

    rules: BidRules
    deal: Deal
    phase: Phase
    to_act: Seat | None
    hands: tuple[tuple[Card, ...], ...]
    high: Action | None = None  # the highest bid so far
    bidder: Seat | None = None  # who made it
    turns: int = 0  # bids and passes made
    passes: int = 0  # passes in a row since the last bid (all passes when nobody bid)
    trump: Suit | None = None
    notrump: str | None = None
    to_discard: int = 0  # cards the bidder (kitty) or loner (call) still has to discard
    to_give: int = 0  # cards the loner's partner still has to pass
    discards: tuple[Card, ...] = ()  # the bid winner's discards, face down
    gifts: tuple[Card, ...] = ()  # the cards passed to a loner, face down

    # -- what anyone can ask -------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def passed_out(self) -> bool:
        return self.phase is Phase.OVER and self.bidder is None

    @property
    def alone(self) -> str | None:
        """The kind of alone bid that won ('alone', 'call-1', 'call-2'), or None."""
        return None if self.high is None else self.high.alone

    @property
    def level(self) -> int | None:
        return None if self.high is None else self.high.level

    @property
    def needs(self) -> int:
        """Tricks the bidders must take (0 before anyone bid)."""
        return 0 if self.high is None else bid_needs(self.rules, self.high.level, self.high.alone)

    @property
    def contract_named(self) -> bool:
        return self.trump is not None or self.notrump is not None

    @property
    def bidders(self) -> Team | None:
        return None if self.bidder is None else self.bidder.team

    @property
    def sitting_out(self) -> Seat | None:
        """The loner's partner, who sits out once the bidding is over (None without an alone bid)."""
        if self.bidder is None or self.alone is None or self.phase is Phase.BIDDING:
            return None
        return self.bidder.partner

    @property
    def active_seats(self) -> tuple[Seat, ...]:
        out = self.sitting_out
        return tuple(s for s in FOUR.seats if s != out)

    def bid_text(self) -> str:
        """The winning bid in words: ``'3 hearts'``, ``'alone in no trump (high)'``."""
        if self.high is None:
            return "no bid"
        what = ALONE_WORDS[self.high.alone] if self.high.alone is not None else str(self.high.level)
        return f"{what} {'in ' if self.high.alone else ''}{contract_words(self.trump, self.notrump)}"

    def points(self) -> tuple[int, int]:
        """Points per team (NS, EW) this hand scores; (0, 0) until it is over, or when passed out."""
        if self.phase is not Phase.OVER or self.bidder is None or self.high is None:
            return (0, 0)
        team = self.bidder.team
        mine, others = hand_points(self.rules, self.high.level, self.high.alone, self.tricks_won(team))
        return (mine, others) if team.index == 0 else (others, mine)

    def made(self) -> bool | None:
        """Did the bidders make their bid? None until the hand is over (or when passed out)."""
        if self.phase is not Phase.OVER or self.bidder is None:
            return None
        return self.tricks_won(self.bidder.team) >= self.needs

    # -- legal actions ---------------------------------------------------------

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the player to act may play (empty outside the play phase), each once."""
        if self.phase is not Phase.PLAY or self.to_act is None:
            return ()
        return _unique(playable(self.hands[self.to_act], self.trump, self.led_suit))


def new_hand(deal: Deal, rules: BidRules | None = None) -> HandState:
    """The first state of a hand: bidding, the dealer's left (or the dealer) to act."""
    if not isinstance(deal, Deal):
        raise DealError(f"expected a Deal, got {deal!r}")
    r = rules if rules is not None else deal.rules
    if r != deal.rules:
        raise DealError("the deal was dealt under other rules (another pack or kitty): deal it again")
    return HandState(
        rules=r, deal=deal, phase=Phase.BIDDING, to_act=r.first_bidder(deal.dealer), hands=deal.hands
    )


# -- bidding -------------------------------------------------------------------


def _rank(rules: BidRules, bid: Action) -> int:
    """Numbers rank by their level; alone bids above every number: call 2 < call 1 < alone."""
    if bid.alone is None:
        return int(bid.level or 0)
    return rules.hand_size + {"call-2": 1, "call-1": 2, "alone": 3}[bid.alone]


def _legal_bidding(s: HandState) -> tuple[Action, ...]:
    return _bids_above(s.rules, 0 if s.high is None else _rank(s.rules, s.high))


@lru_cache(maxsize=256)  # a few floors per rule set; every sampled deal's bidding asks again
def _bids_above(r: BidRules, floor: int) -> tuple[Action, ...]:
    """Pass, and every bid that ranks above ``floor`` (0: nobody has bid) under the rules ``r``."""
    named = r.bid_contracts
    out = [PASS]
    for level in range(max(r.minimum_bid, floor + 1), r.hand_size + 1):
        out.extend(Action("bid", level=level, suit=t, notrump=n) for t, n in named)
    for kind in ("call-2", "call-1", "alone"):
        if kind in r.alone_kinds and _rank(r, Action("bid", alone=kind)) > floor:
            out.extend(Action("bid", alone=kind, suit=t, notrump=n) for t, n in named)
    return tuple(out)


def _apply_bidding(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    r = s.rules
    turns = s.turns + 1
    if a.kind == "pass":
        passes = s.passes + 1
        events: tuple[Event, ...] = (Passed(seat, 1),)
        high, bidder = s.high, s.bidder
    else:
        passes, high, bidder = 0, a, seat
        events = (BidMade(seat, a.level, a.alone, a.suit, a.notrump),)
    if not r.bidding_over(turns, passes, high is not None):
        return s.evolve(to_act=seat.next, turns=turns, passes=passes, high=high, bidder=bidder, events=events)
    if high is None or bidder is None:
        return s.evolve(
            phase=Phase.OVER,
            to_act=None,
            turns=turns,
            passes=passes,
            events=(*events, PassedOut(s.dealer)),
        )
    won = s.evolve(turns=turns, passes=passes, high=high, bidder=bidder, to_act=bidder)
    if not r.trump_with_bid:
        return won.evolve(phase=Phase.TRUMP, events=events)
    return _after_trump(won.evolve(trump=high.suit, notrump=high.notrump), events)


def _legal_trump(s: HandState) -> tuple[Action, ...]:
    return tuple(Action("trump", suit=t, notrump=n) for t, n in s.rules.contracts)


def _apply_trump(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    named = s.evolve(trump=a.suit, notrump=a.notrump)
    return _after_trump(named, (TrumpNamed(seat, a.suit, a.notrump),))


def _after_trump(s: HandState, events: tuple[Event, ...]) -> HandState:
    """Trump is known: the kitty to the bidder, else a call, else the play."""
    bidder = s.bidder
    assert bidder is not None
    kitty = s.deal.kitty
    if kitty:
        hands = _with(s.hands, bidder, s.hands[bidder] + kitty)
        return s.evolve(
            phase=Phase.KITTY,
            to_act=bidder,
            hands=hands,
            to_discard=len(kitty),
            events=(*events, KittyTaken(bidder, len(kitty))),
        )
    return _after_kitty(s, events)


def _after_kitty(s: HandState, events: tuple[Event, ...]) -> HandState:
    bidder = s.bidder
    assert bidder is not None
    if s.alone in CARDS_PASSED:
        return s.evolve(phase=Phase.CALL, to_act=bidder.partner, to_give=CARDS_PASSED[s.alone], events=events)
    return _start_play(s, events)


def _start_play(s: HandState, events: tuple[Event, ...]) -> HandState:
    bidder = s.bidder
    assert bidder is not None
    leader = s.rules.first_leader(s.dealer, bidder, s.alone is not None)
    return s.evolve(
        phase=Phase.PLAY, to_act=leader, trick_leader=leader, to_discard=0, to_give=0, events=events
    )


def _legal_discard(s: HandState) -> tuple[Action, ...]:
    assert s.to_act is not None
    return tuple(Action("discard", card=c) for c in _unique(s.hands[s.to_act]))


def _apply_discard(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None and a.card is not None
    hands = _with(s.hands, seat, _without(s.hands[seat], a.card))
    left = s.to_discard - 1
    new = s.evolve(hands=hands, discards=(*s.discards, a.card), to_discard=left)
    events: tuple[Event, ...] = (Discarded(seat, a.card),)
    if left:
        return new.evolve(events=events)
    if s.phase is Phase.KITTY:
        return _after_kitty(new, events)
    return _start_play(new, events)


def _legal_give(s: HandState) -> tuple[Action, ...]:
    assert s.to_act is not None
    return tuple(Action("give", card=c) for c in _unique(s.hands[s.to_act]))


def _apply_give(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    loner = s.bidder
    assert seat is not None and loner is not None and a.card is not None
    hands = _with(s.hands, seat, _without(s.hands[seat], a.card))
    hands = _with(hands, loner, hands[loner] + (a.card,))
    left = s.to_give - 1
    events: tuple[Event, ...] = (CardsGiven(seat, loner),)
    new = s.evolve(hands=hands, gifts=(*s.gifts, a.card), to_give=left, events=events)
    if left:
        return new
    return new.evolve(phase=Phase.LONER_DISCARD, to_act=loner, to_discard=len(new.gifts))


# -- play ------------------------------------------------------------------------


def trick_winner(cards: Sequence[Card], trump: Suit | None, notrump: str | None = None) -> int:
    """Index of the winning card; of two equal cards (double deck) the first played wins."""
    return winning_index(cards, trump, notrump)


def explain_trick(trick: Trick, trump: Suit | None, notrump: str | None = None) -> str:
    """Why the winner won, in one sentence (and the double deck's tie rule when it decided)."""
    text = messages.explain_trick(trick.cards, trump, notrump)
    win = trick.cards[trick_winner(trick.cards, trump, notrump)]
    if trick.cards.count(win) > 1:
        text += f"; the other {win.symbol} was played later, and of two equal cards the first played wins"
    return text


def _legal_play(s: HandState) -> tuple[Action, ...]:
    return tuple(Action("play", card=c) for c in s.legal_plays())


def _apply_play(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None and a.card is not None
    hands = _with(s.hands, seat, _without(s.hands[seat], a.card))
    plays = (*s.trick_plays, (seat, a.card))
    number = len(s.tricks) + 1
    events: list[Event] = [CardPlayed(seat, a.card, number)]
    active = s.active_seats
    if len(plays) < len(active):
        nxt = seat.next if seat.next in active else seat.next.next
        return s.evolve(hands=hands, trick_plays=plays, to_act=nxt, events=tuple(events))
    cards = tuple(c for _, c in plays)
    winner = plays[trick_winner(cards, s.trump, s.notrump)][0]
    trick = Trick(plays[0][0], plays, winner)
    events.append(TrickWon(number, trick))
    tricks = (*s.tricks, trick)
    if len(tricks) < s.rules.hand_size:
        return s.evolve(
            hands=hands,
            trick_plays=(),
            tricks=tricks,
            trick_leader=winner,
            to_act=winner,
            events=tuple(events),
        )
    over = s.evolve(
        hands=hands, trick_plays=(), tricks=tricks, trick_leader=None, to_act=None, phase=Phase.OVER
    )
    team = over.bidders
    assert team is not None
    events.append(HandScored(team, over.bid_text(), over.tricks_won(team), bool(over.made()), over.points()))
    return over.evolve(events=tuple(events))


# -- helpers ---------------------------------------------------------------------


def _unique(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards once each (the double deck's two equal cards are one choice), in hand order."""
    seen: set[Card] = set()
    out: list[Card] = []
    for c in cards:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return tuple(out)


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _with(
    hands: tuple[tuple[Card, ...], ...], seat: Seat, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return tuple(cards if i == seat else h for i, h in enumerate(hands))


# -- teaching errors -----------------------------------------------------------

PHASE_WORDS: Final = {
    Phase.BIDDING: "the bidding: pass or bid",
    Phase.TRUMP: "naming trump after a bid of tricks only",
    Phase.KITTY: "the kitty: the bid winner discards",
    Phase.CALL: "a call: the loner's partner passes cards",
    Phase.LONER_DISCARD: "a call: the loner discards",
    Phase.PLAY: "the play",
    Phase.OVER: "the hand is over",
}


def _explain_illegal(s: HandState, a: Action, legal: tuple[Action, ...]) -> IllegalAction:
    seat = s.to_act
    assert seat is not None
    who = seat.word
    options = _short_list(legal)
    r = s.rules
    if s.phase is Phase.PLAY and a.kind == "play" and a.card is not None:
        hand = s.hands[seat]
        if a.card not in hand:
            return IllegalPlay(
                f"{who} does not hold {a.card.symbol}; {who} holds {format_cards(hand, symbols=True)}"
            )
        lead = s.trick_plays[0][1]
        return IllegalPlay(messages.follow_suit_message(a.card, lead, s.trump, s.legal_plays(), who=who))
    held = a.card is None or a.card in s.hands[seat]
    if (
        s.phase in (Phase.KITTY, Phase.LONER_DISCARD, Phase.CALL)
        and a.kind in ("discard", "give")
        and not held
    ):
        assert a.card is not None
        return IllegalPlay(f"{who} does not hold {a.card.symbol}; legal: {options}")
    if s.phase is Phase.BIDDING and a.kind == "bid":
        if a.alone is not None and a.alone not in r.alone_kinds:
            offered = ", ".join(ALONE_WORDS[k] for k in r.alone_kinds) or "none"
            return IllegalAction(
                f"under these rules the alone bids are: {offered} (alone_bids={r.alone_bids!r}); legal: {options}"
            )
        if not r.trump_with_bid and a.contract is not None:
            return IllegalAction(
                f"bids are tricks only (bid_type='level'): bid a number ('bid 3') and name trump after "
                f"winning the bid; legal: {options}"
            )
        if r.trump_with_bid and a.contract is None:
            return IllegalAction(
                f"a bid names its trump too (bid_type='level-suit'): 'bid 3 H', 'bid 4 high'; legal: {options}"
            )
        if a.notrump is not None and r.no_trump == "off":
            return IllegalAction(f"under these rules there are no no-trump bids; legal: {options}")
        if a.notrump == "low" and r.no_trump != "high-low":
            return IllegalAction(
                f"no trump low needs the NT ↑↓ option (no_trump='high-low'); legal: {options}"
            )
        if a.level is not None and a.level > r.hand_size:
            return IllegalAction(
                f"there are only {r.hand_size} tricks: bid at most {r.hand_size}; legal: {options}"
            )
        if a.level is not None and a.level < r.minimum_bid:
            return IllegalAction(f"the minimum bid is {r.minimum_bid}; legal: {options}")
        if s.high is not None and s.bidder is not None:
            return IllegalAction(
                f"a bid must be higher than the last bid ({s.bidder.word}'s {s.high}); suits do not rank, "
                f"so a higher bid has more tricks (or is an alone bid); legal: {options}"
            )
    if s.phase is Phase.TRUMP and a.kind == "trump":
        return IllegalAction(
            f"under these rules {a.contract} cannot be trump (no_trump={r.no_trump!r}); legal: {options}"
        )
    return IllegalAction(
        f"{a} is not legal now: it is {who}'s turn ({PHASE_WORDS[s.phase]}); legal: {options}"
    )


def _short_list(legal: tuple[Action, ...]) -> str:
    words = [str(a) for a in legal]
    if len(words) > 14:
        return ", ".join(words[:12]) + f", ... ({len(words)} in all, up to {words[-1]})"
    return ", ".join(words)


def _legal_over(s: HandState) -> tuple[Action, ...]:
    return ()


_LEGAL: Final = {
    Phase.BIDDING: _legal_bidding,
    Phase.TRUMP: _legal_trump,
    Phase.KITTY: _legal_discard,
    Phase.CALL: _legal_give,
    Phase.LONER_DISCARD: _legal_discard,
    Phase.PLAY: _legal_play,
    Phase.OVER: _legal_over,
}
_APPLY: Final = {
    Phase.BIDDING: _apply_bidding,
    Phase.TRUMP: _apply_trump,
    Phase.KITTY: _apply_discard,
    Phase.CALL: _apply_give,
    Phase.LONER_DISCARD: _apply_discard,
    Phase.PLAY: _apply_play,
}
HandState.ACTION = Action
HandState.LEGAL = _LEGAL
HandState.APPLY = _APPLY
HandState.EXPLAIN = _explain_illegal
