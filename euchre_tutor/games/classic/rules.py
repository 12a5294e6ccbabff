"""The classic Euchre rules configuration: house rules as data.

One frozen dataclass, :class:`ClassicRules`, holds every option; named
presets (:data:`PRESETS`) are instances of it. It also says what each house
rule means, once: its legality (``first_bidder``, ``last_bidder``,
``must_name_trump``, ``round_2_suits``, ``may_order``, ``alone_with_bid``,
``dealer_may_discard``, ``misdeal_hand``, ``under_ranks``,
``trump_lead_barred`` ...), what it hides (``up_card_known``) and its
sentence (``stuck_sentence``, ``requirement_sentence`` ...). The engine, its
lean path, its teaching errors and the advisor's bidding model ask these
rather than read the options; nobody subclasses for an option. Impossible combinations raise
:class:`~euchre_tutor.errors.RulesError` when the configuration is built, and
an option that only refines another (``take_4_three_tricks`` without
``take_4_for_1``) is refused when set without it, so a configuration never
carries a setting that does nothing.

>>> preset("openspiel").stick_the_dealer
True
>>> ClassicRules(alone_timing="sometimes")
Traceback (most recent call last):
...
euchre_tutor.errors.RulesError: alone_timing must be one of 'with-bid', 'after-discard', not 'sometimes'

Presets:

- ``standard``: the rule sheet's base game (alone with the bid, the dealer
  may discard any of six cards, no stick the dealer, game to 10).
- ``openspiel``: OpenSpiel's ``euchre`` defaults (stick the dealer, alone
  decided by the maker after the dealer's discard, the dealer may not discard
  the up card, one hand).
- ``openspiel-lone-defender``: the same with ``allow_lone_defender=true``:
  after the maker decides, each defender in turn from the dealer's left may
  defend alone; a lone defender's euchre scores 4.
- ``three-handed``, ``six-handed`` (3v3) and ``six-handed-2v2v2``: the base
  game at three and six players (see below).

Decisions where the sources (rules-classic.md: the rule sheets, the online
site's option list, Pagat's Euchre pages, OpenSpiel) leave a point open:

- Target: the site offers 5 to 25; 1 to 4 are also accepted for short
  practice matches. ``hands`` counts every deal (passed-out and misdealt ones
  included).
- Deck: 9-A (24), 8-A (28), 7-A (32) or, for three players only, 10-A (20:
  five each, the up card and four in the kitty); the kitty is whatever is
  not dealt.
  The joker ranks above the right bower and is a trump for every purpose
  (Pagat, "Euchre with the Joker"). A joker turned up: ``joker_up="spades"``
  makes the up card a spade for the bidding (round 1 proposes spades, the
  dealer picks the joker up; spades are then turned down in round 2);
  ``"dealer-blind"``: there is no bidding, the dealer names trump before
  looking at the hand (the seat view hides it), picks the joker up and is
  the maker. The joker cannot be combined with no-trump bids (refused: it
  would have no suit).
- Stick the dealer (Pagat, "Screw the dealer"): the stuck dealer may not name
  the turned-down suit unless ``stuck_dealer_may_name_up_suit``. With
  ``dealer_bids_first`` it becomes "stick the last bidder" (the sheet): the
  seat on the dealer's right, the last to bid in round 2, must name a suit
  (and is the one ``stuck_dealer_may_name_up_suit`` lets name the up suit).
- Calling requirement (round 1 only): the dealer always qualifies (the up
  card will be in the hand). "Holding a trump" counts the left bower and the
  joker; "a natural trump" is a card printed in the up card's suit.
- Canadian loner (the site): in round 1 the dealer's partner may only pass
  or order up alone; it needs alone said with the bid.
- The dealer's exchange when the dealer's partner orders up alone: by
  default the dealer still picks up and discards (OpenSpiel, Pagat's
  majority); with ``dealer_exchanges_when_partner_alone=false`` the up card
  stays on the kitty. It needs alone said with the bid.
- Call for best (Pagat): every loner calls for best; the partner chooses the
  card to pass (``give XX``), the loner then discards one of six face down.
  Only the maker calls for best, never a lone defender. The sheet allows it
  at six players in three teams of two (one partner passes), not in 3v3.
- No alone (``no_alone``; the sheet: "alone bids are not offered and the
  alone options are disabled"): no ``order alone`` or ``call X alone`` (nor a
  blind call alone), so nobody sits out and nobody calls for best. Every
  alone option must stay at its default with it (``alone_timing``,
  ``canadian_loner``, ``dealer_exchanges_when_partner_alone``,
  ``call_for_best``, ``alone_lead``, ``alone_must_take_5``,
  ``alone_march_points``, ``defend_alone``): a set one is refused, since it
  would do nothing. Refused at three players, where the maker always plays
  alone against the other two. Everything else combines with it.
- Opening lead against a loner (``alone_lead="loner-left"``): the first
  active seat on the loner's left leads; other hands keep the dealer's left.
- Scoring: with ``take_4_for_1`` the makers need 4 tricks for a point; 3
  tricks are a euchre by default (``take_4_three_tricks="euchre"``) or score
  nothing (``"nothing"``). ``alone_must_take_5``: a loner's 3 or 4 tricks
  are a euchre. When the defenders take all five tricks they score the
  larger of ``defender_march_points`` and (with a lone defender)
  ``lone_defender_euchre_points``.
- Misdeal (the sheet): ``"ace-no-face"``: exactly one ace and four other
  cards, none of them a jack, queen, king or joker (the sheet's literal
  reading); ``"aces-no-face"``: the lenient reading, one or more aces and
  no face; ``"no-ace-no-face"``: no ace, jack, queen, king or joker;
  ``"either"``: ace, no face (exactly one ace) or no ace, no face;
  ``"no-face"``: the lenient either, any hand without a face card.
  The holder may say ``misdeal`` on the first round-1 turn; the hand is
  thrown in and the same dealer deals again.
- Farmer's hand / going under (the sheet): a player holding three or more
  of the deck's low cards may, on the first round-1 turn, swap three of
  them for the top three hidden kitty cards (``go under 9S TS 9H``); the
  player then bids. Once per hand. The low cards are the deck's two lowest
  ranks: 9s and 10s (24 cards), 8s and 9s (28), 7s and 8s (32); with the
  20-card deck (10-A), which has no 9s, the sheet's "9s or 10s" leaves the
  10s.
- Trump-lead restriction: a player holding only trumps may always lead one.
  With ``"after-broken"``, trump is broken when a completed trick had a
  trump played to a non-trump lead (the sheet: "a trump dumped on a
  non-trump lead"); a trump played to a trump lead does not break it.
- Three players (``players=3``; Pagat, "Three-handed Euchre"/"Cut-throat";
  preset ``three-handed``): each for themselves, seats P1 P2 P3 clockwise;
  24 cards by default, five each, the up card and 8 in the kitty (the kitty is
  whatever is not dealt, so 20, 28 and 32 cards and the joker also work). Bidding
  as usual but nobody says "alone": the maker always plays alone against the
  other two, who play together for that hand (no one sits out). Scoring
  (Pagat): the maker scores 1 for 3 or 4 tricks and 3 for a march; when the
  maker is euchred *each* opponent scores 2 (each scores the defenders'
  march points when the maker takes nothing). Refused as meaningless without
  a partner: canadian_loner, alone_timing='after-discard',
  dealer_exchanges_when_partner_alone=false, call_for_best, alone_lead,
  alone_must_take_5, alone_march_points, defend_alone and no_alone. Everything else
  applies (stick the dealer, calling requirements, no trump, take 4 for 1,
  misdeal, farmer's hand: 8 hidden kitty cards, trump-lead restrictions).
- Six players (``players=6``; Pagat, "Six-handed Euchre"; presets
  ``six-handed`` and ``six-handed-2v2v2``): seats P1..P6 clockwise; the
  32-card deck (7-A) is required (30 cards dealt: five each, the up card and
  one hidden kitty card; two with the joker). ``six_handed_teams='3v3'``:
  two teams of three sitting alternately (P135 against P246), scored as the
  four-handed game. ``'2v2v2'``: three teams of two, partners opposite (P14,
  P25, P36); the makers' team plays against the other two teams and, by
  analogy with three-handed scoring, each of them scores a euchre. Going
  alone applies (with either timing, and ``alone_lead``): all the loner's
  partners sit out (two in 3v3, one in 2v2v2), a lone march scores
  ``alone_march_points``. Refused: farmers_hand (no three hidden kitty
  cards), and the partner options canadian_loner,
  dealer_exchanges_when_partner_alone=false and defend_alone (which partner
  would pass or sit out is not settled by the sources), and call_for_best in
  3v3 (the sheet: "not available in 3v3, available in 2v2v2").
- Several teams and the target: when two teams reach the target in the same
  hand (both score a euchre) the higher wins; level at the top, play goes on.
- No-trump bids (round 2 only, like any suit other than the turned-down one):
  ``call high`` (plain ranks, ace high, jacks are plain cards) and, with
  ``"high-low"``, ``call low`` (the lowest card of the led suit wins). They
  score like a suit bid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Final

from euchre_tutor.cards import Card, Rank, Suit, effective_suit
from euchre_tutor.errors import RulesError
from euchre_tutor.rules.options import GameOptions, SeatT, check_int

__all__ = [
    "ALONE_TIMINGS",
    "DEFEND_ALONE_OPTIONS",
    "OPTION_MEANINGS",
    "OPTION_VALUES",
    "PRESETS",
    "PRESET_NOTES",
    "ClassicRules",
    "farmer_ranks",
    "misdeal_kind",
    "preset",
]

ALONE_TIMINGS: Final = ("with-bid", "after-discard")
DEFEND_ALONE_OPTIONS: Final = ("never", "against-loner", "any-bid")
JOKER_UP_OPTIONS: Final = ("spades", "dealer-blind")
REQUIREMENTS: Final = ("anytime", "holding-trump", "natural-trump")
NO_TRUMP_OPTIONS: Final = ("off", "high", "high-low")
ALONE_LEADS: Final = ("dealer-left", "loner-left")
THREE_TRICKS_OPTIONS: Final = ("euchre", "nothing")
MISDEAL_OPTIONS: Final = ("off", "ace-no-face", "aces-no-face", "no-ace-no-face", "either", "no-face")
TRUMP_LEADS: Final = ("anytime", "not-first-trick", "after-broken")
DECKS: Final = (20, 24, 28, 32)
PLAYERS: Final = (3, 4, 6)
SIX_HANDED_TEAMS: Final = ("3v3", "2v2v2")
MIN_TARGET: Final = 1
MAX_TARGET: Final = 25

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "six_handed_teams": SIX_HANDED_TEAMS,
    "joker_up": JOKER_UP_OPTIONS,
    "round_1_requirement": REQUIREMENTS,
    "no_trump": NO_TRUMP_OPTIONS,
    "alone_timing": ALONE_TIMINGS,
    "alone_lead": ALONE_LEADS,
    "defend_alone": DEFEND_ALONE_OPTIONS,
    "take_4_three_tricks": THREE_TRICKS_OPTIONS,
    "misdeal": MISDEAL_OPTIONS,
    "trump_lead": TRUMP_LEADS,
}
_POINTS: Final = ("alone_march_points", "lone_defender_euchre_points", "defender_march_points")


@dataclass(frozen=True, slots=True)
class ClassicRules(GameOptions):
    """Options of classic Euchre; the defaults are the sheet's base game.

    See :data:`OPTION_MEANINGS` for one line per field and :data:`OPTION_VALUES`
    for the values each accepts. Fields are plain values (ints, bools,
    strings) so a configuration round-trips through JSON.
    """

    GAME = "classic"

    target: int = 10
    hands: int | None = None
    players: int = 4
    six_handed_teams: str = "3v3"
    deck: int = 24
    joker: bool = False
    joker_up: str = "spades"
    stick_the_dealer: bool = False
    stuck_dealer_may_name_up_suit: bool = False
    dealer_bids_first: bool = False
    round_1_requirement: str = "anytime"
    canadian_loner: bool = False
    no_trump: str = "off"
    no_alone: bool = False
    alone_timing: str = "with-bid"
    dealer_may_discard_up_card: bool = True
    dealer_exchanges_when_partner_alone: bool = True
    call_for_best: bool = False
    alone_lead: str = "dealer-left"
    alone_must_take_5: bool = False
    alone_march_points: int = 4
    defend_alone: str = "never"
    lone_defender_euchre_points: int = 4
    take_4_for_1: bool = False
    take_4_three_tricks: str = "euchre"
    defender_march_points: int = 2
    misdeal: str = "off"
    farmers_hand: bool = False
    trump_lead: str = "anytime"

    def __post_init__(self) -> None:
        check_int("target", self.target, MIN_TARGET, MAX_TARGET)
        if self.hands is not None:
            check_int("hands", self.hands, 1, 1000)
        if not isinstance(self.players, int) or isinstance(self.players, bool) or self.players not in PLAYERS:
            raise RulesError(f"players must be 3, 4 or 6, not {self.players!r}")
        if isinstance(self.deck, bool) or self.deck not in DECKS:
            raise RulesError(
                f"deck must be 24 (9-A), 28 (8-A), 32 (7-A) or, for three players, 20 (10-A) cards, "
                f"not {self.deck!r}"
            )
        self._check_options(_CHOICES, _POINTS, 2, 8)
        self._check_combinations()

    def _check_combinations(self) -> None:
        """Refuse settings that contradict each other or refine an option that is off."""
        needs: list[tuple[bool, str]] = [
            (
                self.joker_up != "spades" and not self.joker,
                "joker_up applies only with joker=true",
            ),
            (
                self.joker and self.no_trump != "off",
                "the joker cannot be played with no-trump bids (it would belong to no suit): "
                "set joker=false or no_trump='off'",
            ),
            (
                self.stuck_dealer_may_name_up_suit and not self.stick_the_dealer,
                "stuck_dealer_may_name_up_suit applies only with stick_the_dealer=true",
            ),
            (
                self.canadian_loner and self.alone_timing != "with-bid",
                "canadian_loner needs alone said with the bid (alone_timing='with-bid'): the dealer's "
                "partner may only order up alone",
            ),
            (
                not self.dealer_exchanges_when_partner_alone and self.alone_timing != "with-bid",
                "dealer_exchanges_when_partner_alone=false needs alone said with the bid "
                "(alone_timing='with-bid'): otherwise the dealer has exchanged before anyone is alone",
            ),
            (
                self.take_4_three_tricks != "euchre" and not self.take_4_for_1,
                "take_4_three_tricks applies only with take_4_for_1=true",
            ),
            (
                self.lone_defender_euchre_points != 4 and self.defend_alone == "never",
                "lone_defender_euchre_points applies only when defend_alone is not 'never'",
            ),
        ]
        self._refuse(needs)
        self._check_no_alone()
        self._check_players()

    def _check_no_alone(self) -> None:
        """With no_alone every alone option is disabled: one set away from its default does nothing."""
        if not self.no_alone:
            return
        if self.players == 3:
            raise RulesError(
                "no_alone does not apply with players=3: the maker always plays alone against the other two; "
                "leave no_alone=false"
            )
        default = ClassicRules()
        changed = [name for name in _ALONE_OPTIONS if getattr(self, name) != getattr(default, name)]
        if changed:
            shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in changed)
            raise RulesError(
                f"no_alone=true disables the alone options, so {shown} would do nothing; "
                f"leave {', '.join(changed)} at the default or set no_alone=false"
            )

    def _check_players(self) -> None:
        """Refuse the options a three- or six-player table does not play (see the module docstring)."""
        if self.six_handed_teams != "3v3" and self.players != 6:
            raise RulesError("six_handed_teams applies only with players=6")
        if self.deck == 20 and self.players != 3:
            raise RulesError(
                f"the 20-card deck (10-A) is for three players only: {self.players} players are dealt "
                f"{5 * self.players} cards and the up card; set players=3 or deck=24"
            )
        if self.players == 4:
            return
        default = ClassicRules()
        refused: tuple[str, ...]
        if self.players == 3:
            why = "at three players the maker always plays alone against the other two"
            refused = _THREE_REFUSED
        else:
            why = "at six players these partner options are not played"
            refused = _SIX_REFUSED
            if self.deck != 32:
                raise RulesError(
                    "six players are dealt 30 cards: they need the 32-card deck (7-A): set deck=32 "
                    "(or use the preset 'six-handed' or 'six-handed-2v2v2')"
                )
            if self.farmers_hand:
                raise RulesError(
                    "farmers_hand does not apply with players=6: the kitty holds only one hidden card "
                    "(two with the joker), not three to go under with"
                )
        changed = [name for name in refused if getattr(self, name) != getattr(default, name)]
        if self.players == 6 and self.six_handed_teams == "3v3" and self.call_for_best:
            raise RulesError(
                "call_for_best=True does not apply with players=6 in two teams of three (3v3): a loner has "
                "two partners (the sheet: not available in 3v3); use six_handed_teams='2v2v2' or leave "
                "call_for_best=false"
            )
        if changed:
            shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in changed)
            raise RulesError(
                f"{shown} does not apply with players={self.players} ({why}); "
                f"leave {', '.join(changed)} at the default"
            )

    @property
    def deck_size(self) -> int:
        """Cards in the pack, the joker included."""
        return self.deck + (1 if self.joker else 0)

    # -- what each house rule means -------------------------------------------------
    # The engine, the lean path, the teaching errors and the advisor's bidding model ask
    # these rather than read the options: each rule's legality and sentence live here once.

    # Who bids first and last (dealer_bids_first) and stick the dealer.

    def first_bidder(self, dealer: SeatT) -> SeatT:
        """Who opens each bidding round: the dealer's left, or the dealer with ``dealer_bids_first``."""
        return dealer if self.dealer_bids_first else dealer.next

    def last_bidder(self, dealer: SeatT) -> SeatT:
        """Who closes each bidding round (the seat before the first bidder): the dealer, or the
        dealer's right with ``dealer_bids_first``."""
        return self.first_bidder(dealer).prev

    def must_name_trump(self, seat: SeatT, dealer: SeatT, bidding_round: int) -> bool:
        """Stick the dealer: may ``seat`` not pass in bidding round 1 or 2? Only the last bidder of
        round 2 under ``stick_the_dealer`` (the dealer; the dealer's right when the dealer bids first)."""
        return self.stick_the_dealer and bidding_round == 2 and seat == self.last_bidder(dealer)

    def round_2_suits(self, up_suit: Suit, stuck: bool) -> tuple[Suit, ...]:
        """The suits round 2 may name, in suit order: all but the turned-down ``up_suit``, which a
        ``stuck`` seat (see :meth:`must_name_trump`) may also name with ``stuck_dealer_may_name_up_suit``."""
        if stuck and self.stuck_dealer_may_name_up_suit:
            return tuple(Suit)
        return tuple(s for s in Suit if s is not up_suit)

    def stuck_sentence(self, who: str) -> str:
        """Why the stuck seat ``who`` may not pass (stick the dealer, or stick the last bidder)."""
        if self.dealer_bids_first:
            return f"stick the last bidder: {who}, the last to bid (the dealer bids first), must name a suit"
        return f"stick the dealer: {who}, the dealer, must name a suit"

    # Round 1: the calling requirement and the Canadian loner.

    def may_order(self, up: Card, is_dealer: bool, hand: Sequence[Card]) -> bool:
        """The round-1 calling requirement: may ``hand`` order ``up`` up? (The dealer always may: the
        up card joins the hand.) 'holding-trump' counts the left bower and the joker."""
        rule = self.round_1_requirement
        if rule == "anytime" or is_dealer:
            return True
        suit = self.proposed_suit(up)
        if rule == "holding-trump":
            return any(effective_suit(c, suit) is suit for c in hand)
        return any(c.suit is suit for c in hand)

    def requirement_sentence(self, up: Card, who: str) -> str:
        """Why ``who``, holding no card the calling requirement asks for, may not order ``up`` up."""
        suit = self.proposed_suit(up)
        if self.round_1_requirement == "holding-trump":
            need = f"a {suit.plural[:-1]} (the left bower counts)"
        else:
            need = f"a natural {suit.plural[:-1]} (a card printed in {suit.plural}; the left bower does not count)"
        return f"under these rules only a player holding {need} may order up {suit.plural}; {who} holds none"

    def must_order_alone(self, dealers_partner: bool) -> bool:
        """Canadian loner: may the dealer's partner (``dealers_partner``) order up only alone in round 1?"""
        return self.canadian_loner and dealers_partner

    @staticmethod
    def canadian_sentence(who: str) -> str:
        """Why ``who``, the dealer's partner, may not order up without going alone."""
        return f"Canadian loner: {who}, the dealer's partner, may only pass or order up alone"

    # Going alone, no-trump bids.

    @property
    def alone_with_bid(self) -> bool:
        """May a bid say 'alone'? Under ``alone_timing='with-bid'``, not at three players (where the
        maker always plays alone) nor under ``no_alone``."""
        return self.alone_timing == "with-bid" and self.players != 3 and not self.no_alone

    @property
    def alone_after_discard(self) -> bool:
        """Does the maker decide alone or with partner after the dealer's discard (``alone_timing``)?"""
        return self.alone_timing == "after-discard"

    def alone_bid_sentence(self) -> str:
        """Why no bid may say 'alone' (when :attr:`alone_with_bid` is false)."""
        if self.no_alone:
            return "under these rules nobody goes alone (no alone): bid without 'alone'"
        if self.players == 3:
            return "at three players the maker always plays alone against the other two: bid without 'alone'"
        return (
            "under these rules 'alone' is not said with the bid: the maker decides after the dealer's discard"
        )

    def dealer_exchanges(self, alone: bool, dealers_partner: bool) -> bool:
        """Does the dealer pick the up card up once it is ordered? Always, except with
        ``dealer_exchanges_when_partner_alone=false`` when the dealer's partner orders up alone
        (the dealer sits out and the up card stays on the kitty)."""
        return not (alone and dealers_partner and not self.dealer_exchanges_when_partner_alone)

    def calls_for_best(self, alone: bool) -> bool:
        """Does the maker's partner pass the loner a card (``call_for_best``, a maker gone ``alone``)?"""
        return alone and self.call_for_best

    def defenders_asked(self, alone: bool) -> bool:
        """Does each defender in turn decide whether to defend alone (``defend_alone``), the maker
        having gone ``alone`` or not?"""
        rule = self.defend_alone
        return rule == "any-bid" or (rule == "against-loner" and alone)

    def loner_left_leads(self, alone: bool) -> bool:
        """Does the seat on the loner's left lead the first trick (``alone_lead``), not the dealer's left?"""
        return alone and self.alone_lead == "loner-left"

    # Leading trump.

    def trump_lead_barred(self, first_trick: bool, broken: bool) -> bool:
        """Under ``trump_lead``, is leading trump barred now for a leader holding other cards, at the
        ``first_trick`` or later, with trump ``broken`` (a trump played to a non-trump lead) or not?"""
        rule = self.trump_lead
        if rule == "not-first-trick":
            return first_trick
        if rule == "after-broken":
            return not broken
        return False

    def trump_lead_sentence(self, card: Card) -> str:
        """Why ``card``, a trump, may not be led now (see :meth:`trump_lead_barred`)."""
        why = (
            "trump may not be led to the first trick"
            if self.trump_lead == "not-first-trick"
            else "trump may not be led until trump is broken (a trump played to a non-trump lead)"
        )
        return f"{card.symbol} is a trump and {why}, unless you hold only trumps"

    @property
    def no_trump_calls(self) -> tuple[str, ...]:
        """The no-trump bids round 2 offers: none, 'high', or 'high' and 'low'."""
        return {"off": (), "high": ("high",), "high-low": ("high", "low")}[self.no_trump]

    # The dealer's discard.

    def dealer_may_discard(self, card: Card, up: Card) -> bool:
        """May the dealer who picked ``up`` up discard ``card``? Any card, or not the up card itself
        without ``dealer_may_discard_up_card``."""
        return self.dealer_may_discard_up_card or card != up

    def up_card_known(self, up_taken: bool) -> bool:
        """What the up-card discard hides: does every seat know where the up card is? Yes, unless the
        dealer picked it up (``up_taken``) and may have discarded it face down: then only the dealer knows."""
        return not up_taken or not self.dealer_may_discard_up_card

    @staticmethod
    def up_discard_sentence(up: Card) -> str:
        """Why the dealer may not discard the up card."""
        return f"under these rules the dealer may not discard the up card {up.symbol}"

    # The joker turned up.

    @staticmethod
    def proposed_suit(up: Card) -> Suit:
        """The suit the up card proposes in round 1: its own, spades for a turned-up joker."""
        return up.suit or Suit.SPADES

    def dealer_calls_blind(self, up: Card) -> bool:
        """A joker turned up under ``joker_up='dealer-blind'``: no bidding, the dealer names trump unseen."""
        return up.is_joker and self.joker_up == "dealer-blind"

    # Misdeal and the farmer's hand (going under).

    @property
    def pre_bid_actions(self) -> bool:
        """Is a misdeal or going under played (offered on a round-1 turn before the bid)?"""
        return self.misdeal != "off" or self.farmers_hand

    def misdeal_hand(self, hand: Sequence[Card]) -> str | None:
        """The kind of misdeal ``hand`` may call ('ace, no face', 'no ace, no face'); None if none
        (always without misdeals)."""
        return misdeal_kind(hand, self.misdeal)

    def misdeal_sentence(self, who: str, hand_words: str) -> str:
        """Why ``who``, holding ``hand_words``, may not call a misdeal (when misdeals are played)."""
        return (
            f"{who}'s hand ({hand_words}) is not {MISDEAL_WANTS[self.misdeal]} hand "
            f"(a face is a jack, queen, king or joker)"
        )

    @property
    def under_ranks(self) -> tuple[Rank, ...]:
        """The low ranks going under swaps under ``farmers_hand`` (see :func:`farmer_ranks`); none without."""
        return farmer_ranks(self.deck) if self.farmers_hand else ()

    def under_sentence(self) -> str:
        """Which cards going under swaps (the rule is played; the cards named were not three of them)."""
        ranks = " and ".join(f"{r.display}s" for r in farmer_ranks(self.deck))
        return f"going under swaps three of the deck's low cards ({ranks} with the {self.deck}-card deck)"


_FACES: Final = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING, Rank.JOKER})
# misdeal option -> the aces an "ace" hand may hold (None: that kind is not played) and
# whether a hand with no ace counts ("no ace, no face").
_MISDEAL_KINDS: Final[dict[str, tuple[range | None, bool]]] = {
    "off": (None, False),
    "ace-no-face": (range(1, 2), False),  # the sheet: exactly one ace, four non-face cards
    "aces-no-face": (range(1, 6), False),  # the lenient reading: one or more aces
    "no-ace-no-face": (None, True),
    "either": (range(1, 2), True),
    "no-face": (range(1, 6), True),
}
#: misdeal option -> the hand it wants, in words ("... is not {want} hand")
MISDEAL_WANTS: Final = {
    "off": "a misdeal",
    "ace-no-face": "an 'ace, no face' (exactly one ace)",
    "aces-no-face": "an 'ace, no face' (one or more aces)",
    "no-ace-no-face": "a 'no ace, no face'",
    "either": "an 'ace, no face' (exactly one ace) or a 'no ace, no face'",
    "no-face": "a no-face",
}


def misdeal_kind(hand: Sequence[Card], rule: str) -> str | None:
    """'ace, no face' or 'no ace, no face' when ``hand`` may be thrown in under ``rule`` (else None).

    >>> from euchre_tutor.cards import parse_cards
    >>> misdeal_kind(parse_cards("AS 9H TH 9C TC"), "ace-no-face")
    'ace, no face'
    >>> misdeal_kind(parse_cards("AS AH TH 9C TC"), "ace-no-face") is None  # two aces
    True
    >>> misdeal_kind(parse_cards("AS AH TH 9C TC"), "aces-no-face")
    'ace, no face'
    """
    aces_ok, no_ace_ok = _MISDEAL_KINDS[rule]
    if any(c.rank in _FACES for c in hand):
        return None
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    if aces and aces_ok is not None and aces in aces_ok:
        return "ace, no face"
    if not aces and no_ace_ok:
        return "no ace, no face"
    return None


_FARMER_RANKS: Final = {
    20: (Rank.TEN,),
    24: (Rank.NINE, Rank.TEN),
    28: (Rank.EIGHT, Rank.NINE),
    32: (Rank.SEVEN, Rank.EIGHT),
}


def farmer_ranks(deck_size: int) -> tuple[Rank, ...]:
    """The low ranks a farmer's hand swaps: the deck's two lowest (the sheet: 9s and 10s; 8-A deck:
    8s and 9s; 7-A deck: 7s and 8s). The 10-A deck has no 9s, so "9s or 10s" leaves its 10s."""
    return _FARMER_RANKS[deck_size]


# Options that a table of three or six refuses (at their defaults they change nothing).
_THREE_REFUSED: Final = (
    "canadian_loner",
    "alone_timing",
    "dealer_exchanges_when_partner_alone",
    "call_for_best",
    "alone_lead",
    "alone_must_take_5",
    "alone_march_points",
    "defend_alone",
    "no_alone",
)
_SIX_REFUSED: Final = (
    "canadian_loner",
    "dealer_exchanges_when_partner_alone",
    "defend_alone",
)
# The options no_alone disables (see _check_no_alone).
_ALONE_OPTIONS: Final = (
    "alone_timing",
    "canadian_loner",
    "dealer_exchanges_when_partner_alone",
    "call_for_best",
    "alone_lead",
    "alone_must_take_5",
    "alone_march_points",
    "defend_alone",
)


OPTION_MEANINGS: Final[dict[str, str]] = {
    "target": "points that win the match (the sheet's 10)",
    "hands": "play exactly this many hands (deals, passed-out and misdealt ones included) instead of "
    "to the target; null = play to the target",
    "players": "3 (each for themselves: the maker plays alone against the other two), 4 (the classic "
    "partnerships) or 6 (see six_handed_teams; the 32-card deck)",
    "six_handed_teams": "with players=6: '3v3' = two teams of three sitting alternately; '2v2v2' = three "
    "teams of two, partners sitting opposite",
    "deck": "the pack: 24 (9-A), 28 (8-A), 32 (7-A) or, three players only, 20 (10-A) cards; the kitty "
    "is whatever is not dealt",
    "joker": "add the joker (benny, written JK) as the highest trump, above the right bower",
    "joker_up": "a joker turned up: 'spades' = it proposes spades in round 1; 'dealer-blind' = the "
    "dealer names trump before looking at the hand, picks it up and is the maker",
    "stick_the_dealer": "the dealer may not pass at the end of round 2 and must name a suit (with "
    "dealer_bids_first: stick the last bidder, the seat on the dealer's right)",
    "stuck_dealer_may_name_up_suit": "the stuck dealer (or last bidder) may also name the suit turned "
    "down in round 1",
    "dealer_bids_first": "each bidding round starts with the dealer instead of the dealer's left",
    "round_1_requirement": "who may order up: 'anytime'; 'holding-trump' = only a player holding a card "
    "of that suit (left bower counts); 'natural-trump' = a card printed in that suit",
    "canadian_loner": "in round 1 the dealer's partner may only pass or order up alone",
    "no_trump": "'off'; 'high' = round 2 may also 'call high' (no trump, ace high); 'high-low' = also "
    "'call low' (no trump, the lowest card of the led suit wins)",
    "no_alone": "no alone bids at all: nobody sits out; the alone options must stay at their defaults",
    "alone_timing": "'with-bid': the maker says 'alone' with the bid; 'after-discard': the maker "
    "decides after the dealer's discard (OpenSpiel)",
    "dealer_may_discard_up_card": "the dealer who picks up may discard the up card itself",
    "dealer_exchanges_when_partner_alone": "when the dealer's partner orders up alone the dealer still "
    "picks up and discards; false = the up card stays on the kitty",
    "call_for_best": "a loner's partner passes one card of their choice to the loner ('give XX'), who "
    "then discards one face down (not at six players in 3v3)",
    "alone_lead": "who leads against a loner: 'dealer-left' (as usual) or 'loner-left' (the defender "
    "on the loner's left)",
    "alone_must_take_5": "a loner who takes only 3 or 4 tricks is euchred",
    "alone_march_points": "what a loner scores for all 5 tricks (4; 'alone worth 2' = 2)",
    "defend_alone": "'never'; 'against-loner' = only when the maker goes alone; 'any-bid': after the "
    "maker decides, each defender in turn from the dealer's left may defend alone (partner sits out)",
    "lone_defender_euchre_points": "what the defenders score when a lone defender euchres the makers",
    "take_4_for_1": "the makers need 4 tricks to score 1 point (5 still score 2)",
    "take_4_three_tricks": "with take_4_for_1, the makers' 3 tricks: 'euchre' (defenders score) or "
    "'nothing' (nobody scores)",
    "defender_march_points": "what the defenders score for taking all 5 tricks (2; the house rule: 4)",
    "misdeal": "a hand the holder may throw in on the first round-1 turn ('misdeal'; the same dealer "
    "redeals): 'off'; 'ace-no-face' = exactly one ace and four non-face cards; 'aces-no-face' = one or "
    "more aces, no face; 'no-ace-no-face'; 'either' = ace, no face or no ace, no face; 'no-face' = any "
    "hand without a jack, queen, king or joker",
    "farmers_hand": "farmer's hand / going under: holding 3+ of the deck's two lowest ranks (9s and 10s; "
    "8s and 9s with 28 cards; 7s and 8s with 32; 10s with 20), swap three of them for the three hidden "
    "kitty cards on the first round-1 turn ('go under 9S TS 9H')",
    "trump_lead": "when trump may be led: 'anytime'; 'not-first-trick'; 'after-broken' = only once trump "
    "is broken, by a trump played to a non-trump lead in an earlier trick (always when holding only "
    "trumps)",
}

OPTION_VALUES: Final[dict[str, str]] = {
    "target": f"{MIN_TARGET} to {MAX_TARGET}",
    "hands": "null or 1 to 1000",
    "players": "3, 4 or 6",
    "deck": "24, 28 or 32 (20 with players=3)",
    **{f.name: "true or false" for f in fields(ClassicRules) if f.type == "bool"},
    **{name: ", ".join(choices) for name, choices in _CHOICES.items()},
    **{name: "2 to 8" for name in _POINTS},
}

PRESETS: Final[dict[str, ClassicRules]] = {
    "standard": ClassicRules(),
    "openspiel": ClassicRules(
        hands=1,
        stick_the_dealer=True,
        alone_timing="after-discard",
        dealer_may_discard_up_card=False,
    ),
    "openspiel-lone-defender": ClassicRules(
        hands=1,
        stick_the_dealer=True,
        alone_timing="after-discard",
        dealer_may_discard_up_card=False,
        defend_alone="any-bid",
    ),
    "three-handed": ClassicRules(players=3),
    "six-handed": ClassicRules(players=6, deck=32),
    "six-handed-2v2v2": ClassicRules(players=6, six_handed_teams="2v2v2", deck=32),
}

PRESET_NOTES: Final[dict[str, str]] = {
    "standard": "the rule sheet's base game",
    "openspiel": "OpenSpiel's euchre defaults (one hand, stick the dealer, alone after the discard)",
    "openspiel-lone-defender": "OpenSpiel's euchre with allow_lone_defender=true",
    "three-handed": "three players, each for themselves: the maker alone against the other two",
    "six-handed": "six players in two teams of three sitting alternately, the 32-card deck",
    "six-handed-2v2v2": "six players in three teams of two sitting opposite, the 32-card deck",
}


ClassicRules.PRESETS = PRESETS
ClassicRules.MEANINGS = OPTION_MEANINGS
#: the preset called ``name`` (unknown names list the known ones)
preset: Final = ClassicRules.preset
