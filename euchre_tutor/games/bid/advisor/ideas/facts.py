"""What the Bid ideas read: the analysis's facts, the position a sentence is checked on, and the
facts of a hand and of the trick in play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from euchre_tutor.advisor.card_ideas import TrickFacts
from euchre_tutor.cards import Card, Rank, Suit, card_power, effective_suit
from euchre_tutor.games.bid.engine import Action, Phase
from euchre_tutor.games.bid.views import SeatView

#: the most choices the compare depth names (the best among them)
COMPARE_MOST: Final = 4
#: the most tied choices the compare depth names beside the best
COMPARE_TIES: Final = 2


class OptionFacts(Protocol):
    """What the words read of one option (:class:`~euchre_tutor.games.bid.advisor.analysis.BidOption`)."""

    @property
    def action(self) -> Action: ...
    @property
    def ev(self) -> float: ...
    @property
    def ev_interval(self) -> float: ...
    @property
    def loss(self) -> float: ...
    @property
    def interval(self) -> float: ...
    @property
    def tied(self) -> bool: ...
    @property
    def tricks(self) -> float: ...
    @property
    def p_make(self) -> float: ...
    @property
    def bidders(self) -> str: ...


class AnalysisFacts(Protocol):
    """What the words read of an analysis (:class:`~euchre_tutor.games.bid.advisor.analysis.BidAnalysis`)."""

    @property
    def options(self) -> Sequence[OptionFacts]: ...
    @property
    def best(self) -> OptionFacts: ...
    @property
    def worlds(self) -> int: ...


@dataclass(frozen=True, slots=True)
class BidPosition:
    """What an idea is checked on: the seat's view, the analysis of its decision, and the move a sentence
    is about.

    ``move``: None for the analysis's best option; with a tie, each tied option in turn
    (:func:`named_positions`), so a sentence beside tied choices is checked on every one of them.
    ``best`` is the move a sentence is about (the best option's action unless ``move`` is given).
    """

    view: SeatView
    analysis: AnalysisFacts
    move: Action | None = None

    @property
    def best(self) -> Action:
        return self.analysis.best.action if self.move is None else self.move

    @property
    def tied(self) -> tuple[OptionFacts, ...]:
        """The best option and the options the deals cannot tell from it, best first."""
        options = self.analysis.options
        return (options[0], *(o for o in options[1:] if o.tied)) if options else ()

    def option(self, action: Action) -> OptionFacts | None:
        return next((o for o in self.analysis.options if o.action == action), None)


# ---------------------------------------------------------------------------------------------
# Facts of a hand


def trumps_in(hand: Sequence[Card], trump: Suit) -> list[Card]:
    """The cards of ``hand`` that are trumps when ``trump`` is named (bowers and the joker included)."""
    return [c for c in hand if effective_suit(c, trump) is trump]


def side_aces(hand: Sequence[Card], trump: Suit | None) -> list[Card]:
    """The aces of ``hand`` outside ``trump``."""
    return [c for c in hand if c.rank is Rank.ACE and c.suit is not None and c.suit is not trump]


def suits_topped(hand: Sequence[Card], low: bool) -> list[Suit]:
    """The suits whose top no-trump card ``hand`` holds: an ace (high), a nine (low)."""
    rank = Rank.NINE if low else Rank.ACE
    return sorted({c.suit for c in hand if c.suit is not None and c.rank is rank}, key=lambda s: s.value)


def _contract_suit(action: Action, view: SeatView) -> Suit | None:
    if action.kind in ("bid", "trump"):
        return action.suit
    return view.trump


def _winner(view: SeatView) -> tuple[int, Card] | None:
    """The index in the trick and the card now winning it (None: nothing played yet)."""
    plays = view.trick_plays
    if not plays:
        return None
    led = effective_suit(plays[0][1], view.trump)
    best = 0
    power = card_power(plays[0][1], view.trump, led, view.notrump)
    for i in range(1, len(plays)):
        p = card_power(plays[i][1], view.trump, led, view.notrump)
        if p > power:
            best, power = i, p
    return best, plays[best][1]


def _beats(view: SeatView, card: Card, winner: Card) -> bool:
    """Whether ``card`` played now would take the trick from ``winner`` (a tie goes to the first played)."""
    led = view.led_suit
    assert led is not None
    return card_power(card, view.trump, led, view.notrump) > card_power(winner, view.trump, led, view.notrump)


def _power(view: SeatView, card: Card) -> int:
    led = view.led_suit
    assert led is not None
    return card_power(card, view.trump, led, view.notrump)


def _legal_cards(view: SeatView) -> list[Card]:
    return [a.card for a in view.legal if a.card is not None]


def _weakness(view: SeatView, card: Card) -> tuple[int, int]:
    """A card's value to keep: trumps above side cards, then by rank within its kind (lowest first)."""
    trump = view.trump
    is_trump = trump is not None and effective_suit(card, trump) is trump
    if is_trump:
        assert trump is not None
        return 1, card_power(card, trump, trump)
    rank = int(card.rank)
    return 0, (-rank if view.notrump == "low" else rank)


def _best_card(pos: BidPosition) -> Card | None:
    return pos.best.card if pos.best.kind == "play" else None


def _following(view: SeatView) -> bool:
    led = view.led_suit
    return led is not None and any(effective_suit(c, view.trump) is led for c in view.hand)


def _partner_winning(view: SeatView) -> bool:
    w = _winner(view)
    return w is not None and view.trick_plays[w[0]][0] == view.seat.partner


def _opponent_winning(view: SeatView) -> bool:
    w = _winner(view)
    return w is not None and view.trick_plays[w[0]][0].team is not view.seat.team


def _points_to_win(view: SeatView) -> int:
    return view.rules.target - view.scores[view.seat.team.index]


def named_positions(pos: BidPosition) -> list[BidPosition]:
    """The positions a hint's sentences must hold in: one for each choice the move sentence names (each
    tied option as the move), else ``pos`` itself."""
    tied = pos.tied
    if len(tied) < 2:
        return [pos]
    return [BidPosition(pos.view, pos.analysis, o.action) for o in tied]


def tied_cards(pos: BidPosition) -> list[Card]:
    """The cards of the tied options when two or more tie and every one is a card played (else empty)."""
    cards = [o.action.card for o in pos.tied if o.action.kind == "play" and o.action.card is not None]
    return cards if len(cards) == len(pos.tied) > 1 else []


def trick_facts(pos: BidPosition) -> TrickFacts:
    """What the shared card ideas (:mod:`~euchre_tutor.advisor.card_ideas`) read of a Bid position."""
    v, w = pos.view, _winner(pos.view)
    active = [s for s in v.seat.seating.seats if s != v.sitting_out]
    return TrickFacts(
        _best_card(pos),
        [o.action.card if o.action.kind == "play" else None for o in pos.tied],
        v.trump,
        v.hand,
        v.unseen_cards(),
        lambda card: w is not None and _beats(v, card, w[1]),
        None if w is None else (v.trick_plays[w[0]][0].word, w[1]),
        v.notrump,
        [c for _, c in v.trick_plays],
        partner_winning=_partner_winning(v),
        plays_last=len(v.trick_plays) == len(active) - 1,
        legal=_legal_cards(v),
    )


def bid_line(view: SeatView) -> tuple[int, int] | None:
    """In the play, while the bid can still be made and still be set: the tricks the seat's side has
    taken and how many more it needs (to make the bid, or to set it); else None."""
    if view.phase is not Phase.PLAY or view.bidder is None:
        return None
    bidders = sum(1 for t in view.tricks if t.winner.team is view.bidder.team)
    if not bidders < view.needs <= bidders + len(view.hand):
        return None
    if view.is_bidder_side:
        return bidders, view.needs - bidders
    others = len(view.tricks) - bidders
    return others, view.rules.hand_size - view.needs + 1 - others


def _same_contract(a: Action, b: Action) -> bool:
    """Two plain bids (no loner) of one contract."""
    return (
        a.kind == b.kind == "bid"
        and a.alone is None
        and b.alone is None
        and (a.suit, a.notrump) == (b.suit, b.notrump)
    )


def least_bid(pos: BidPosition) -> Action | None:
    """The lowest plain bid of the best bid's contract among the options tied with the best (None: the
    best is no plain bid, or no other bid of its contract ties with it)."""
    best = pos.analysis.best.action
    same = [o.action for o in pos.tied if _same_contract(o.action, best)]
    if len(same) < 2:
        return None
    return min(same, key=lambda a: a.level or 0)


def close_bid(pos: BidPosition) -> Action | None:
    """A plain bid (a suit or no trump) tied with passing, when passing is the best or ties with it (the first such
    bid; None: no close call between passing and a bid)."""
    tied = [o.action for o in pos.tied]
    if not any(a.kind == "pass" for a in tied):
        return None
    return next((a for a in tied if a.kind == "bid" and a.alone is None), None)
