"""The Bid Euchre rules configuration: the common game and its options, as data.

One frozen dataclass, :class:`BidRules`, holds every option; named presets
(:data:`PRESETS`) are instances of it. It also says what each house rule means, once
(``first_bidder``, ``bidding_over``, ``contracts``, ``trump_with_bid``, ``first_leader``,
``scores_tricks``, the sizes of the pack, the kitty and the hands ...): the engine
(:mod:`euchre_tutor.games.bid.engine`), the computer player, the world sampler and the ideas ask
these rather than read the options. An impossible combination raises
:class:`~euchre_tutor.errors.RulesError` when the configuration is built,
and an option that only refines another (``call_1_points`` without call 1
bids) is refused when set without it, so a configuration never carries a
setting that does nothing.

>>> preset("common").hand_size, preset("double-deck").hand_size
(6, 12)
>>> BidRules(joker=True)
Traceback (most recent call last):
...
euchre_tutor.errors.RulesError: joker=true needs kitty=true: with the joker the pack has 25 (or 49) cards, which four hands cannot share; the odd card is the kitty

The defaults are the common game (Pagat's and Wikipedia's "Bid Euchre"):
four players in two partnerships, the 24-card deck dealt out, six cards
each; one round of bidding from the dealer's left, each player passing or
bidding a number of tricks with a suit or no trump (high), higher than the
last bid; the high bidder names trump and leads; bowers as in Euchre;
follow suit. A side that makes its bid scores the tricks it took, the
other side scores its tricks; a set side loses its bid. Game to 32.

Decisions where the sources differ or are silent (each an option):

- Target: 30, 32 (default), 50 or 52; or ``hands``: a fixed number of hands
  (passed-out hands count), the highest score winning (level: no winner).
  When both sides reach the target in one hand, the bidding side wins; a
  side on the target alone wins at once.
- Alone bids (``alone_bids``): ``"none"``; ``"alone"`` (default: shoot the
  moon, the partner sits out and the loner must take every trick);
  ``"call-1"``: also "call 1" (the partner passes one card of their
  choice face down, the loner then discards one); ``"call-2"``: also
  "call 2" (two cards). They outrank every numeric bid: call 2 < call 1 <
  alone. Made, they score ``alone_points`` (12), ``call_1_points`` (10),
  ``call_2_points`` (8); set, the loner's side loses as much.
- All pass: the hand is thrown in and the next dealer deals.
- Kitty (``kitty``): the undealt cards go to the bid winner, who then
  discards as many face down, one at a time (after trump is named, before
  any call for cards). Without the joker the kitty is four cards and each
  player is dealt one card fewer (five; eleven with the double deck); with
  the joker it is one card. The joker needs the kitty.
- The joker is the highest trump (above the right bower). It cannot be
  combined with no-trump bids (it would belong to no suit).
- Double deck: two 24-card decks (48 cards, twelve each; twelve tricks);
  of two equal cards in a trick the first played wins.
- Auction (``bidding="auction"``): bidding goes round until three players
  in a row pass after a bid; a player who passed may bid again later. All
  four passing at the start throws the hand in.
- Bid type ``"level"``: a bid is a number of tricks only (or an alone
  bid); the winner names trump (or no trump) afterwards.
- No trump ``"high"`` (default): ace high, jacks are plain cards;
  ``"high-low"`` (NT ↑↓): also no trump low, the lowest card of the led
  suit wins; ``"off"``.
- Score only the bid (``made_scores="bid"``): a side that makes its bid
  scores the bid, not its tricks. ``set_loses_bid=false``: a set side
  scores nothing (instead of losing its bid).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final

from euchre_tutor.cards import Suit
from euchre_tutor.errors import RulesError
from euchre_tutor.rules.options import GameOptions, SeatT, check_int

__all__ = [
    "ALONE_BIDS",
    "BIDDING_ORDERS",
    "BIDDING_STYLES",
    "BID_TYPES",
    "LEADS",
    "MADE_SCORES",
    "NO_TRUMP_OPTIONS",
    "OPTION_MEANINGS",
    "OPTION_VALUES",
    "PRESETS",
    "PRESET_NOTES",
    "RULE_SENTENCES",
    "TARGETS",
    "BidRules",
    "Contract",
    "preset",
]

TARGETS: Final = (30, 32, 50, 52)
BIDDING_ORDERS: Final = ("dealer-left", "dealer-first")
BIDDING_STYLES: Final = ("single", "auction")
BID_TYPES: Final = ("level-suit", "level")
NO_TRUMP_OPTIONS: Final = ("off", "high", "high-low")
LEADS: Final = ("bidder", "dealer-left")
MADE_SCORES: Final = ("tricks", "bid")
ALONE_BIDS: Final = ("none", "alone", "call-1", "call-2")

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "bidding_order": BIDDING_ORDERS,
    "bidding": BIDDING_STYLES,
    "bid_type": BID_TYPES,
    "no_trump": NO_TRUMP_OPTIONS,
    "lead": LEADS,
    "made_scores": MADE_SCORES,
    "alone_bids": ALONE_BIDS,
}
_POINTS: Final = ("alone_points", "call_1_points", "call_2_points")
#: what trump is under a contract: a suit, or no trump (``"high"`` or ``"low"``)
Contract = tuple[Suit | None, str | None]
# Which alone bids each alone_bids setting offers (a longer list offers the earlier ones too).
ALONE_KINDS: Final[dict[str, tuple[str, ...]]] = {
    "none": (),
    "alone": ("alone",),
    "call-1": ("alone", "call-1"),
    "call-2": ("alone", "call-1", "call-2"),
}


@dataclass(frozen=True, slots=True)
class BidRules(GameOptions):
    """Options of Bid Euchre; the defaults are the common game (see the module docstring)."""

    GAME = "Bid Euchre"

    target: int = 32
    hands: int | None = None
    bidding_order: str = "dealer-left"
    bidding: str = "single"
    bid_type: str = "level-suit"
    minimum_bid: int = 1
    no_trump: str = "high"
    lead: str = "bidder"
    made_scores: str = "tricks"
    set_loses_bid: bool = True
    alone_bids: str = "alone"
    alone_points: int = 12
    call_1_points: int = 10
    call_2_points: int = 8
    double_deck: bool = False
    kitty: bool = False
    joker: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or self.target not in TARGETS:
            raise RulesError(f"target must be 30, 32, 50 or 52 points, not {self.target!r}")
        if self.hands is not None:
            check_int("hands", self.hands, 1, 1000)
        self._check_options(_CHOICES, _POINTS, 1, 100)
        check_int("minimum_bid", self.minimum_bid, 1, self.hand_size)
        self._check_combinations()

    def _check_combinations(self) -> None:
        """Refuse settings that contradict each other or refine an option that is off."""
        kinds = ALONE_KINDS[self.alone_bids]
        needs: list[tuple[bool, str]] = [
            (
                self.joker and not self.kitty,
                "joker=true needs kitty=true: with the joker the pack has 25 (or 49) cards, which four "
                "hands cannot share; the odd card is the kitty",
            ),
            (
                self.joker and self.no_trump != "off",
                "the joker cannot be played with no-trump bids (it would belong to no suit): "
                "set joker=false or no_trump='off'",
            ),
            (
                self.alone_points != 12 and "alone" not in kinds,
                "alone_points applies only with alone bids (alone_bids='alone', 'call-1' or 'call-2')",
            ),
            (
                self.call_1_points != 10 and "call-1" not in kinds,
                "call_1_points applies only with call 1 bids (alone_bids='call-1' or 'call-2')",
            ),
            (
                self.call_2_points != 8 and "call-2" not in kinds,
                "call_2_points applies only with call 2 bids (alone_bids='call-2')",
            ),
        ]
        self._refuse(needs)

    # -- derived sizes ---------------------------------------------------------

    @property
    def deck_size(self) -> int:
        """Cards in the pack: 24 or 48, and the joker."""
        return (48 if self.double_deck else 24) + (1 if self.joker else 0)

    @property
    def kitty_size(self) -> int:
        """Undealt cards for the bid winner: 0, 1 (with the joker) or 4."""
        if not self.kitty:
            return 0
        return 1 if self.joker else 4

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player, and tricks in a hand."""
        return (self.deck_size - self.kitty_size) // 4

    @property
    def alone_kinds(self) -> tuple[str, ...]:
        """The alone bids offered, lowest first reversed: ``('alone', 'call-1', 'call-2')`` at most."""
        return ALONE_KINDS[self.alone_bids]

    def alone_value(self, kind: str) -> int:
        """What an alone bid of ``kind`` ('alone', 'call-1', 'call-2') is worth."""
        return {"alone": self.alone_points, "call-1": self.call_1_points, "call-2": self.call_2_points}[kind]

    # -- what each house rule means ------------------------------------------------
    # The engine, the computer player and the world sampler ask these rather than read the
    # options: each rule's meaning lives here once.

    # Who bids first, and when the bidding ends (bidding_order, bidding).

    def first_bidder(self, dealer: SeatT) -> SeatT:
        """Who bids first: the dealer's left, or the dealer with ``bidding_order='dealer-first'``."""
        return dealer if self.bidding_order == "dealer-first" else dealer.next

    def bidding_over(self, turns: int, passes: int, bid: bool) -> bool:
        """Is the bidding over after ``turns`` turns, the last ``passes`` of them passes in a row
        (``bid``: someone has bid)? One round: after every player's turn; an auction: when three pass
        in a row after a bid, or all four pass at the start."""
        if self.bidding == "single":
            return turns == 4
        return passes == (3 if bid else 4)

    # What trump may be, and whether a bid names it (no_trump, bid_type).

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """What trump may be (a suit, or no trump ``"high"`` or ``"low"``): the four suits, and no
        trump high (and low) as ``no_trump`` offers them."""
        notrump = {"off": (), "high": ("high",), "high-low": ("high", "low")}[self.no_trump]
        return (*((s, None) for s in Suit), *((None, n) for n in notrump))

    @property
    def trump_with_bid(self) -> bool:
        """Does a bid name its trump (``bid_type='level-suit'``)? Otherwise bids are tricks only and the
        high bidder names trump after the bidding."""
        return self.bid_type == "level-suit"

    @property
    def bid_contracts(self) -> tuple[Contract, ...]:
        """What a bid may name: each of :attr:`contracts`, or nothing (``(None, None)``) when the
        winner names trump after the bidding."""
        return self.contracts if self.trump_with_bid else ((None, None),)

    # Who leads (lead).

    @property
    def bidder_leads(self) -> bool:
        """Does the high bidder lead the first trick (``lead='bidder'``), not the dealer's left?"""
        return self.lead == "bidder"

    def first_leader(self, dealer: SeatT, bidder: SeatT, alone: bool) -> SeatT:
        """Who leads the first trick: the high bidder, or the dealer's left, skipping a loner's
        partner, who sits out (``alone``: the bid is an alone bid)."""
        if self.bidder_leads:
            return bidder
        leader = dealer.next
        return leader.next if alone and leader == bidder.partner else leader

    # What a made bid scores (made_scores; the points themselves: engine.scoring.hand_points).

    @property
    def scores_tricks(self) -> bool:
        """Does a made plain bid score the tricks its side took (``made_scores='tricks'``), not only
        the bid?"""
        return self.made_scores == "tricks"


OPTION_MEANINGS: Final[dict[str, str]] = {
    "target": "points that win the match: 30, 32, 50 or 52 (when both sides reach it in one hand, the "
    "bidding side wins)",
    "hands": "play exactly this many hands (passed-out ones included), the highest score winning; "
    "null = play to the target",
    "bidding_order": "who bids first: 'dealer-left' or 'dealer-first'",
    "bidding": "'single': one round, each player bids once; 'auction': round and round until three "
    "players in a row pass after a bid",
    "bid_type": "'level-suit': a bid names tricks and trump ('bid 3 H'); 'level': tricks only ('bid 3'), "
    "the winner then names trump ('trump H')",
    "minimum_bid": "the lowest number of tricks a player may bid",
    "no_trump": "'off'; 'high' = no trump, ace high; 'high-low' (NT ↑↓) = also no trump low, the lowest "
    "card of the led suit wins",
    "lead": "who leads the first trick: 'bidder' (the high bidder) or 'dealer-left' (skipping a sitter)",
    "made_scores": "a side that makes its bid scores 'tricks' (the tricks it took) or 'bid' (only its bid)",
    "set_loses_bid": "a set side loses its bid (false: it scores nothing)",
    "alone_bids": "'none'; 'alone' = shoot the moon (partner sits out, take every trick); 'call-1' = also "
    "call 1 (partner passes one card, the loner discards one); 'call-2' = also call 2 (two cards)",
    "alone_points": "what a made alone bid scores (a set one loses it)",
    "call_1_points": "what a made call 1 scores (a set one loses it)",
    "call_2_points": "what a made call 2 scores (a set one loses it)",
    "double_deck": "two 24-card decks: 48 cards, twelve each; of two equal cards the first played wins",
    "kitty": "deal fewer cards: the undealt ones (four; one with the joker) go to the bid winner, who "
    "discards as many",
    "joker": "add the joker (JK) as the highest trump (needs the kitty; not with no-trump bids)",
}

OPTION_VALUES: Final[dict[str, str]] = {
    "target": "30, 32, 50 or 52",
    "hands": "null or 1 to 1000",
    "minimum_bid": "1 to the hand size (6; 5 with the kitty; 12 or 11 with the double deck)",
    **{f.name: "true or false" for f in fields(BidRules) if f.type == "bool"},
    **{name: ", ".join(choices) for name, choices in _CHOICES.items()},
    **{name: "1 to 100" for name in _POINTS},
}

PRESETS: Final[dict[str, BidRules]] = {
    "common": BidRules(),
    "nt-high-low": BidRules(no_trump="high-low", alone_bids="call-2"),
    "auction": BidRules(bidding="auction", bid_type="level", target=50),
    "kitty-joker": BidRules(kitty=True, joker=True, no_trump="off", minimum_bid=3),
    "double-deck": BidRules(
        double_deck=True,
        target=52,
        minimum_bid=3,
        alone_points=24,
        call_1_points=20,
        call_2_points=16,
        alone_bids="call-2",
    ),
}

PRESET_NOTES: Final[dict[str, str]] = {
    "common": "the common game: 24 cards, six each, one round of bids from the dealer's left, to 32",
    "nt-high-low": "no trump high and low (NT ↑↓), with alone, call 1 and call 2 bids",
    "auction": "an auction until three pass after a bid; bids are tricks only, the winner names trump; to 50",
    "kitty-joker": "the joker as highest trump and a one-card kitty; no no-trump bids; bids of 3 or more",
    "double-deck": "two decks, twelve cards each; bids of 3 or more; alone bids worth 24/20/16; to 52",
}


BidRules.PRESETS = PRESETS
BidRules.MEANINGS = OPTION_MEANINGS
#: the preset called ``name`` (unknown names list the known ones)
preset: Final = BidRules.preset


# The rules sheet (docs/rules-bid.md): one id per sentence; tests/bid/test_rules_sheet.py checks each.
RULE_SENTENCES: Final[dict[str, str]] = {
    "bid.deal": "Four players in two partnerships (N-S against E-W) share the 24-card deck (9 to A), "
    "six cards each, dealt one at a time from the dealer's left.",
    "bid.bidding": "From the dealer's left, each player in turn passes or bids a number of tricks, at "
    "least the minimum bid and more than the last bid, with a suit or no trump.",
    "bid.single-round": "In a single round each player bids once; the dealer bids last.",
    "bid.auction": "In an auction, bidding goes round until three players in a row pass after a bid.",
    "bid.passed-out": "When every player passes, the hand is thrown in and the next dealer deals.",
    "bid.level": "With bids of tricks only, the high bidder names trump or no trump after the bidding.",
    "bid.order": "With 'dealer first', the dealer bids first and the dealer's right last.",
    "bid.bowers": "Trump ranks: right bower, left bower, A K Q 10 9; the left bower is a trump.",
    "bid.no-trump": "In no trump (high) each suit ranks A K Q J 10 9 and there are no bowers.",
    "bid.no-trump-low": "In no trump low (NT ↑↓) the lowest card of the led suit wins.",
    "bid.lead": "The high bidder leads the first trick (or, by option, the dealer's left).",
    "bid.follow": "Follow the led suit if able; otherwise play any card. The winner leads the next trick.",
    "bid.made": "A side that takes at least its bid scores the tricks it took (or, by option, its bid).",
    "bid.defenders": "The other side scores one point for each trick it took.",
    "bid.set": "A side that takes fewer tricks than its bid is set and loses its bid.",
    "bid.alone": "An alone bid outranks every number: the partner sits out and the loner must take every "
    "trick, scoring the alone value or losing it.",
    "bid.call": "In call 1 or call 2 the loner's partner first passes one or two cards of their choice, "
    "and the loner discards as many.",
    "bid.kitty": "With the kitty, the undealt cards go to the bid winner, who discards as many.",
    "bid.joker": "The joker is the highest trump, above the right bower.",
    "bid.double-deck": "With the double deck each card appears twice; of two equal cards the first played "
    "wins.",
    "bid.target": "The first side to reach the target wins; when both reach it in one hand, the bidding "
    "side wins.",
    "bid.hands": "With a number of hands, the side ahead after the last hand wins.",
}
