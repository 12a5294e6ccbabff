"""The classic Euchre engine (3, 4 or 6 players): immutable hand and match states.

A :class:`HandState` is one deal, from the first bid to the score; a
:class:`MatchState` strings hands together to the target (or a fixed number
of hands) with dealer rotation and redeals after a passed-out hand. Both are
frozen: ``state.apply(action)`` checks the action and returns a new state,
so bad input never changes anything. ``state.events`` says what the last
action did (for the trick log and the hints).

Phases and who acts (one pair of functions per phase: legal actions, apply):

- ``blind``: only with a joker turned up under ``joker_up="dealer-blind"``:
  the dealer names trump (``call X``) before looking at the hand.
- ``round-1``: from the dealer's left (the dealer with ``dealer_bids_first``),
  ``pass`` or ``order`` (the dealer's ``order`` picks the up card up); with
  ``alone_timing="with-bid"`` also ``order alone``; under house rules also
  ``misdeal`` and ``go under A B C`` on the player's turn.
- ``round-2``: ``pass`` or ``call X`` for the three other suits (and
  ``call X alone``, ``call high``, ``call low``); a stuck dealer may not pass.
- ``discard``: the dealer, holding six cards, discards one.
- ``go-alone``: with ``alone_timing="after-discard"`` the maker answers
  ``alone`` or ``partner``.
- ``best-card`` and ``loner-discard``: with ``call_for_best`` the loner's
  partner passes a card (``give XX``) and the loner discards one.
- ``defend-alone``: with ``defend_alone`` on, each defender in turn from
  the dealer's left answers ``alone`` or ``partner``.
- ``play``: the dealer's left leads the first trick (skipping a player who
  sits out); follow the led suit if able; the winner leads the next.
- ``over``: scored (or passed out, or thrown in as a misdeal).

The engine is split by phase: :mod:`~euchre_tutor.classic.actions` (phases,
actions), :mod:`~euchre_tutor.classic.deal` (deals and their checks),
:mod:`~euchre_tutor.classic.events`, :mod:`~euchre_tutor.classic.house`
(misdeal, farmer's hand), :mod:`~euchre_tutor.classic.bidding` (blind call,
rounds 1 and 2, discard, go alone, call for best, defend alone),
:mod:`~euchre_tutor.classic.play` (legal cards, trump-lead restriction, trick
winner, the end of the hand) and :mod:`~euchre_tutor.classic.scoring`. This
module holds the states (:class:`HandState`, :class:`MatchState`) and the
teaching errors, and re-exports every public name of those modules, so
``from euchre_tutor.classic.engine import X`` works for all of them.

>>> deal = Deal.from_seed(7, Seat.N)
>>> state = new_hand(deal)
>>> state.to_act, [str(a) for a in state.legal_actions()]
(<Seat.E: 1>, ['pass', 'order', 'order alone'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Final

from euchre_tutor.cards import Card, Suit, effective_suit, format_cards
from euchre_tutor.classic import bidding, play
from euchre_tutor.classic.actions import (
    ACTION_KINDS,
    ALONE,
    MISDEAL,
    NO_TRUMP_CALLS,
    ORDER,
    ORDER_ALONE,
    PARTNER,
    PASS,
    Action,
    Phase,
    _card_key,
    _four,
    _HandCards,
)
from euchre_tutor.classic.bidding import _first_bidder, _last_bidder, _may_order
from euchre_tutor.classic.deal import HAND_SIZE, Deal, _pack_words, check_deal, rules_seating
from euchre_tutor.classic.events import (
    CardPlayed,
    Discarded,
    Event,
    GaveBest,
    HandScored,
    HandStarted,
    MatchWon,
    Misdealt,
    Passed,
    PassedOut,
    PickedUp,
    Trick,
    TrickWon,
    TrumpMade,
    WentAlone,
    WentUnder,
)
from euchre_tutor.classic.house import _MISDEAL_WANTS, farmer_ranks, misdeal_kind
from euchre_tutor.classic.play import (
    _legal_cards,
    explain_trick,
    legal_plays,
    trick_winner,
    trump_broken,
    trump_lead_barred,
)
from euchre_tutor.classic.scoring import THREE_HANDED_MARCH, TRICKS, hand_points, team_points
from euchre_tutor.classic.seating import Seat, Seating, Team
from euchre_tutor.errors import DealError, IllegalAction, IllegalPlay, RulesError
from euchre_tutor.rules.classic import ClassicRules
from euchre_tutor.rules.messages import follow_suit_message

__all__ = [
    "ACTION_KINDS",
    "ALONE",
    "HAND_SIZE",
    "MISDEAL",
    "NO_TRUMP_CALLS",
    "ORDER",
    "ORDER_ALONE",
    "PARTNER",
    "PASS",
    "THREE_HANDED_MARCH",
    "TRICKS",
    "Action",
    "CardPlayed",
    "Deal",
    "Discarded",
    "Event",
    "GaveBest",
    "HandResult",
    "HandScored",
    "HandStarted",
    "HandState",
    "MatchState",
    "MatchWon",
    "Misdealt",
    "Passed",
    "PassedOut",
    "Phase",
    "PickedUp",
    "Seat",
    "Seating",
    "Team",
    "Trick",
    "TrickWon",
    "TrumpMade",
    "WentAlone",
    "WentUnder",
    "check_deal",
    "explain_trick",
    "farmer_ranks",
    "hand_points",
    "legal_plays",
    "misdeal_kind",
    "new_hand",
    "new_match",
    "rules_seating",
    "team_points",
    "trick_winner",
    "trump_broken",
    "trump_lead_barred",
]

# Names kept importable from here for code written before the split.
_COMPAT: Final = (_card_key, _first_bidder, _four, _last_bidder, _legal_cards)


# ---------------------------------------------------------------------------
# The hand state


@dataclass(frozen=True, slots=True)
class HandState:
    """One hand of classic Euchre, immutable; build it with :func:`new_hand`."""

    rules: ClassicRules
    deal: Deal
    phase: Phase
    to_act: Seat | None
    hands: _HandCards
    passes: int = 0
    trump: Suit | None = None
    maker: Seat | None = None
    alone: bool = False
    lone_defender: Seat | None = None
    discard: Card | None = None
    kitty: tuple[Card, ...] = ()
    up_taken: bool = False
    notrump: str | None = None
    under_seat: Seat | None = None
    under_cards: tuple[Card, ...] = ()
    gift: Card | None = None
    loner_discard: Card | None = None
    misdealt: bool = False
    defenders_to_ask: tuple[Seat, ...] = ()
    tricks: tuple[Trick, ...] = ()
    trick_leader: Seat | None = None
    trick_plays: tuple[tuple[Seat, Card], ...] = ()
    history: tuple[tuple[Seat, Action], ...] = ()
    events: tuple[Event, ...] = field(default=(), compare=False)
    _legal: tuple[Action, ...] | None = field(default=None, init=False, compare=False, repr=False)

    # -- what anyone can ask -------------------------------------------------

    @property
    def dealer(self) -> Seat:
        return self.deal.dealer

    @property
    def up(self) -> Card:
        return self.deal.up

    @property
    def up_suit(self) -> Suit:
        """The suit the up card proposes in round 1 (a turned-up joker proposes spades)."""
        return self.deal.up.suit or Suit.SPADES

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def passed_out(self) -> bool:
        """Over with nobody making trump (a misdeal is not a pass-out: see ``misdealt``)."""
        return self.phase is Phase.OVER and self.maker is None and not self.misdealt

    @property
    def made(self) -> bool:
        """Someone made trump (or a no-trump bid)."""
        return self.maker is not None

    @property
    def sitting_out(self) -> frozenset[Seat]:
        out: set[Seat] = set()
        if self.alone and self.maker is not None:
            out.update(self.maker.partners)
        if self.lone_defender is not None:
            out.update(self.lone_defender.partners)
        return frozenset(out)

    @property
    def seating(self) -> Seating:
        return self.deal.dealer.seating

    @property
    def active_seats(self) -> tuple[Seat, ...]:
        out = self.sitting_out
        return tuple(s for s in self.seating.seats if s not in out)

    @property
    def makers(self) -> Team | None:
        return None if self.maker is None else self.maker.team

    def tricks_won(self, team: Team) -> int:
        return sum(1 for t in self.tricks if t.winner.team is team)

    @property
    def led_suit(self) -> Suit | None:
        """The effective suit of the current trick's first card (None when someone is to lead)."""
        if not self.trick_plays:
            return None
        return effective_suit(self.trick_plays[0][1], self.trump)

    def points(self) -> tuple[int, ...]:
        """Points per team this hand scores ((NS, EW) at four players); all 0 until it is over,
        passed out or misdealt."""
        if self.phase is not Phase.OVER or self.maker is None:
            return (0,) * len(self.seating.teams)
        makers = self.maker.team
        m, d, _ = hand_points(self.rules, self.tricks_won(makers), self.alone, self.lone_defender is not None)
        return team_points(makers, m, d)

    def hand_of(self, seat: Seat) -> tuple[Card, ...]:
        return self.hands[seat]

    # -- legal actions ---------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = _LEGAL[self.phase](self)
            object.__setattr__(self, "_legal", legal)  # a cache: the state itself never changes
        return legal

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the player to act may play (empty outside the play phase)."""
        return legal_plays(self)

    def _lead_message(self, card: Card, options: str) -> str:
        assert self.trump is not None
        why = (
            "trump may not be led to the first trick"
            if self.rules.trump_lead == "not-first-trick"
            else "trump may not be led until trump is broken (a trump played to a non-trump lead)"
        )
        return f"{card.symbol} is a trump and {why}, unless you hold only trumps; legal: {options}"

    def apply(self, action: Action | str) -> HandState:
        """The state after ``action`` by whoever is to act; raises IllegalAction and changes nothing."""
        act = Action.parse(action)
        if self.phase is Phase.OVER:
            raise IllegalAction(f"the hand is over; no {act} is possible")
        legal = self.legal_actions()
        if act not in legal:
            raise self._explain_illegal(act, legal)
        seat = self.to_act
        assert seat is not None
        new = _APPLY[self.phase](self, act)
        # ``new`` is fresh and not shared yet: completing it in place keeps it immutable to callers.
        _SLOTS["history"].__set__(new, (*self.history, (seat, act)))
        return new

    def _evolve(self, **changes: object) -> HandState:
        """``dataclasses.replace``, several times faster (no __init__ round trip); for the phase modules,
        which build only states the rules allow."""
        new = object.__new__(HandState)
        for name, slot in _INIT_SLOTS:
            slot.__set__(new, changes[name] if name in changes else slot.__get__(self))
        _SLOTS["_legal"].__set__(new, None)
        return new

    # -- teaching errors -------------------------------------------------------

    def _explain_illegal(self, act: Action, legal: tuple[Action, ...]) -> IllegalAction:
        seat = self.to_act
        assert seat is not None
        who = seat.word
        options = ", ".join(str(a) for a in legal)
        if self.phase is Phase.PLAY and act.kind == "play" and act.card is not None:
            return self._explain_play(act.card, seat, legal)
        role = {Phase.DISCARD: " (the dealer)", Phase.LONER_DISCARD: " (the loner)", Phase.BEST_CARD: ""}
        if self.phase in role and act.kind in ("discard", "give") and act.card is not None:
            if act.card not in self.hands[seat]:
                return IllegalPlay(
                    f"{who}{role[self.phase]} does not hold {act.card.symbol}; legal: {options}"
                )
            if self.phase is Phase.DISCARD and act.card == self.up:
                return IllegalAction(
                    f"under these rules the dealer may not discard the up card {self.up.symbol}; legal: {options}"
                )
        if self.phase is Phase.ROUND_2 and act.kind == "call" and act.suit is self.up_suit:
            return IllegalAction(
                f"{self.up_suit.plural} was turned down in round 1 and cannot be named "
                f"in round 2; legal: {options}"
            )
        if self.phase is Phase.ROUND_2 and act.kind == "pass" and self.rules.stick_the_dealer:
            if self.rules.dealer_bids_first:
                return IllegalAction(
                    f"stick the last bidder: {who}, the last to bid (the dealer bids first), must name "
                    f"a suit; legal: {options}"
                )
            return IllegalAction(f"stick the dealer: {who}, the dealer, must name a suit; legal: {options}")
        if act.kind == "call" and act.notrump is not None and self.phase is Phase.ROUND_2:
            allowed = "are not allowed" if self.rules.no_trump == "off" else "are only 'call high'"
            return IllegalAction(f"under these rules no-trump bids {allowed}; legal: {options}")
        if self.phase is Phase.ROUND_1 and act.kind == "order":
            if (
                self.rules.canadian_loner
                and seat in self.dealer.partners
                and not act.alone
                and ORDER_ALONE in legal
            ):
                return IllegalAction(
                    f"Canadian loner: {who}, the dealer's partner, may only pass or order up alone; "
                    f"legal: {options}"
                )
            if not _may_order(self, seat):
                return IllegalAction(self._requirement_message(who, options))
        if act.kind == "misdeal" and self.phase is Phase.ROUND_1:
            return IllegalAction(self._misdeal_message(who, seat, options))
        if act.kind == "under" and self.phase is Phase.ROUND_1:
            return IllegalAction(self._under_message(act, who, seat, options))
        if act.kind in ("order", "call") and act.alone and self.rules.no_alone:
            return IllegalAction(
                f"under these rules nobody goes alone (no alone): bid without 'alone'; legal: {options}"
            )
        if act.kind in ("order", "call") and act.alone and self.rules.players == 3:
            return IllegalAction(
                f"at three players the maker always plays alone against the other two: bid without "
                f"'alone'; legal: {options}"
            )
        if act.kind in ("order", "call") and act.alone and self.rules.alone_timing == "after-discard":
            return IllegalAction(
                f"under these rules 'alone' is not said with the bid: the maker decides after "
                f"the dealer's discard; legal: {options}"
            )
        return IllegalAction(
            f"{act} is not legal now: it is {who}'s turn ({_PHASE_WORDS[self.phase]}); legal: {options}"
        )

    def _requirement_message(self, who: str, options: str) -> str:
        suit = self.up_suit
        if self.rules.round_1_requirement == "holding-trump":
            need = f"a {suit.plural[:-1]} (the left bower counts)"
        else:
            need = f"a natural {suit.plural[:-1]} (a card printed in {suit.plural}; the left bower does not count)"
        return f"under these rules only a player holding {need} may order up {suit.plural}; {who} holds none; legal: {options}"

    def _misdeal_message(self, who: str, seat: Seat, options: str) -> str:
        rule = self.rules.misdeal
        if rule == "off":
            return f"misdeals are not played under these rules; legal: {options}"
        if self.under_seat == seat:
            return f"{who} went under this hand and may no longer call a misdeal; legal: {options}"
        want = _MISDEAL_WANTS[rule]
        return (
            f"{who}'s hand ({format_cards(self.hands[seat], symbols=True)}) is not {want} hand "
            f"(a face is a jack, queen, king or joker); legal: {options}"
        )

    def _under_message(self, act: Action, who: str, seat: Seat, options: str) -> str:
        if not self.rules.farmers_hand:
            return f"going under (farmer's hand) is not played under these rules; legal: {options}"
        if self.under_seat is not None:
            return f"{self.under_seat.word} already went under this hand; legal: {options}"
        missing = [c for c in act.cards if c not in self.hands[seat]]
        if missing:
            return f"{who} does not hold {format_cards(missing, symbols=True)}; legal: {options}"
        ranks = " and ".join(f"{r.display}s" for r in farmer_ranks(self.rules.deck))
        return (
            f"going under swaps three of the deck's low cards ({ranks} with the {self.rules.deck}-card "
            f"deck); legal: {options}"
        )

    def _explain_play(self, card: Card, seat: Seat, legal: tuple[Action, ...]) -> IllegalPlay:
        who = seat.word
        cards = [a.card for a in legal if a.card is not None]
        options = ", ".join(c.symbol for c in cards)
        if card not in self.hands[seat]:
            return IllegalPlay(
                f"{who} does not hold {card.symbol} (hand: {format_cards(self.hands[seat], symbols=True)}); "
                f"legal: {options}"
            )
        led = self.led_suit
        if led is None:
            return IllegalPlay(self._lead_message(card, options))
        lead = self.trick_plays[0][1]
        return IllegalPlay(follow_suit_message(card, lead, self.trump, cards, who=who))


_PHASE_WORDS: Final = {
    Phase.BLIND: "the dealer names trump blind (a joker was turned up)",
    Phase.BEST_CARD: "the loner's partner passes a card (call for best)",
    Phase.LONER_DISCARD: "the loner discards one card after the call for best",
    Phase.ROUND_1: "round 1 of bidding: pass or order up",
    Phase.ROUND_2: "round 2 of bidding: pass or name a suit",
    Phase.DISCARD: "the dealer's discard",
    Phase.GO_ALONE: "the maker decides alone or with partner",
    Phase.DEFEND_ALONE: "a defender decides whether to defend alone",
    Phase.PLAY: "play",
    Phase.OVER: "the hand is over",
}


_SLOTS: Final = {f.name: HandState.__dict__[f.name] for f in fields(HandState)}
_INIT_SLOTS: Final = tuple((f.name, HandState.__dict__[f.name]) for f in fields(HandState) if f.init)


def _evolve(s: HandState, **changes: object) -> HandState:
    """``dataclasses.replace`` for HandState, several times faster (no __init__ round trip)."""
    new = object.__new__(HandState)
    for name, slot in _INIT_SLOTS:
        slot.__set__(new, changes[name] if name in changes else slot.__get__(s))
    _SLOTS["_legal"].__set__(new, None)
    return new


def new_hand(deal: Deal, rules: ClassicRules | None = None) -> HandState:
    """The first state of a hand: round 1, the dealer's left to act (or the dealer, see the rules)."""
    if not isinstance(deal, Deal):
        raise DealError(f"expected a Deal, got {deal!r}")
    r = rules if rules is not None else ClassicRules()
    if (deal.size, deal.joker) != (r.deck, r.joker):
        raise DealError(
            f"the deal uses {_pack_words(deal.size, deal.joker)} but the rules say {_pack_words(r.deck, r.joker)}"
        )
    table = rules_seating(r)
    if deal.seating is not table:
        raise DealError(
            f"the deal is for a {deal.seating.description} table but the rules say {table.description}"
        )
    blind = deal.up.is_joker and r.joker_up == "dealer-blind"
    first = deal.dealer if blind or r.dealer_bids_first else deal.dealer.next
    return HandState(
        rules=r,
        deal=deal,
        phase=Phase.BLIND if blind else Phase.ROUND_1,
        to_act=first,
        hands=deal.hands,
        kitty=deal.kitty,
    )


def _legal_over(s: HandState) -> tuple[Action, ...]:
    return ()


def _apply_over(s: HandState, a: Action) -> HandState:  # pragma: no cover - apply() refuses first
    raise IllegalAction("the hand is over")


# Each phase's legal actions and the state after one of them (bidding.py, play.py).
_LEGAL: Final[dict[Phase, Callable[[HandState], tuple[Action, ...]]]] = {
    **bidding.LEGAL,
    **play.LEGAL,
    Phase.OVER: _legal_over,
}
_APPLY: Final[dict[Phase, Callable[[HandState, Action], HandState]]] = {
    **bidding.APPLY,
    **play.APPLY,
    Phase.OVER: _apply_over,
}


# ---------------------------------------------------------------------------
# The match


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand as the match remembers it."""

    number: int
    dealer: Seat
    passed_out: bool
    points: tuple[int, ...]
    misdeal: bool = False


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match: hands to the target (or a fixed number of hands), dealer rotating left.

    ``hand`` is the hand in progress; when a hand ends and the match goes on,
    the next hand is dealt at once and ``last_hand`` keeps the finished one.
    Deals come from ``deals`` (explicit, in order) and then from ``seed``.
    """

    rules: ClassicRules
    seed: int | str
    first_dealer: Seat
    deals: tuple[Deal, ...]
    hand: HandState
    scores: tuple[int, ...] = (0, 0)
    results: tuple[HandResult, ...] = ()
    last_hand: HandState | None = None
    events: tuple[Event, ...] = field(default=(), compare=False)

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in progress (or the last one, when the match is over)."""
        return len(self.results) + (0 if self.is_over else 1)

    @property
    def is_over(self) -> bool:
        return self.hand.is_over

    @property
    def to_act(self) -> Seat | None:
        return self.hand.to_act

    @property
    def seating(self) -> Seating:
        return self.first_dealer.seating

    @property
    def winner(self) -> Team | None:
        return _leader(self.seating, self.scores) if self.is_over else None

    def legal_actions(self) -> tuple[Action, ...]:
        return self.hand.legal_actions()

    def apply(self, action: Action | str) -> MatchState:
        hand = self.hand.apply(action)
        if not hand.is_over:
            return replace(self, hand=hand, events=hand.events)
        pts = hand.points()
        scores = tuple(a + b for a, b in zip(self.scores, pts, strict=True))
        results = (
            *self.results,
            HandResult(len(self.results) + 1, hand.dealer, hand.passed_out, pts, hand.misdealt),
        )
        events: tuple[Event, ...] = hand.events
        if _match_over(self.rules, scores, len(results)):
            winner = _leader(self.seating, scores)
            return replace(
                self,
                hand=hand,
                scores=scores,
                results=results,
                events=(*events, MatchWon(winner, scores)),
            )
        nxt = self._hand_for(len(results), hand.dealer if hand.misdealt else hand.dealer.next)
        return replace(
            self,
            hand=nxt,
            scores=scores,
            results=results,
            last_hand=hand,
            events=(*events, HandStarted(len(results) + 1, nxt.dealer, nxt.up)),
        )

    def dealer_for(self, index: int) -> Seat:
        """The dealer of hand ``index`` (0-based): the deal rotates left, except after a misdeal."""
        dealer = self.first_dealer
        for i in range(index):
            if not (i < len(self.results) and self.results[i].misdeal):
                dealer = dealer.next
        return dealer

    def _hand_for(self, index: int, dealer: Seat) -> HandState:
        r = self.rules
        if index < len(self.deals):
            deal = self.deals[index]
            if deal.dealer != dealer:  # a misdeal shifted the rotation: same cards, the right dealer
                deal = replace(deal, dealer=dealer)
        else:
            deal = Deal.from_seed(f"{self.seed}:{index}", dealer, size=r.deck, joker=r.joker)
        return new_hand(deal, r)


def _leader(seating: Seating, scores: Sequence[int]) -> Team | None:
    """The team alone on top (None when the top score is shared)."""
    top = max(scores)
    leaders = [t for t in seating.teams if scores[t.index] == top]
    return leaders[0] if len(leaders) == 1 else None


def _match_over(rules: ClassicRules, scores: tuple[int, ...], hands_played: int) -> bool:
    """Over after ``hands`` hands, or when one team alone has reached the target.

    With three teams two can reach the target in the same hand (both score a
    euchre): the higher wins; level at the top, play goes on.
    """
    if rules.hands is not None:
        return hands_played >= rules.hands
    top = max(scores)
    return top >= rules.target and scores.count(top) == 1


def new_match(
    rules: ClassicRules | None = None,
    *,
    seed: int | str = 0,
    dealer: Seat | str | None = None,
    deals: Sequence[Deal] = (),
) -> MatchState:
    """A new match; the first hands use ``deals`` (if given), then seeded deals.

    ``dealer`` (the first dealer) defaults to the table's first seat (N; P1).
    Explicit deals must follow the rotation: deal i is dealt by the seat left of deal i-1's dealer.
    """
    r = rules if rules is not None else ClassicRules()
    if not isinstance(r, ClassicRules):
        raise RulesError(f"expected ClassicRules, got {r!r}")
    table = rules_seating(r)
    given = table.seats[0] if dealer is None else table.parse(dealer)
    first = deals[0].dealer if deals else given
    for i, d in enumerate(deals):
        if d.seating is not table:
            raise DealError(f"deal {i + 1} is for a {d.seating.description} table, not {table.description}")
        want = table.seats[(first + i) % table.players]
        if d.dealer != want:
            raise DealError(f"deal {i + 1} is dealt by {d.dealer.word}, but the deal rotates to {want.word}")
    deals_t = tuple(deals)
    first_deal = deals_t[0] if deals_t else Deal.from_seed(f"{seed}:0", first, size=r.deck, joker=r.joker)
    hand = new_hand(first_deal, r)
    return MatchState(
        rules=r,
        seed=seed,
        first_dealer=first,
        deals=deals_t,
        hand=hand,
        scores=(0,) * len(table.teams),
        events=(HandStarted(1, first, first_deal.up),),
    )
