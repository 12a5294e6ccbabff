"""The rule-based (Club) player: point-count bidding and plain-sense card play, and its reasons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from euchre_tutor.cards import Card, Suit, effective_suit, is_left_bower, is_right_bower, is_trump
from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.classic.advisor.dd import LeadStart
from euchre_tutor.games.classic.advisor.strength import hand_strength, no_trump_strength, trump_points
from euchre_tutor.games.classic.bots.cards import (
    best_six_minus_one,
    card_cost,
    cheapest,
    is_boss,
    is_low,
    legal_cards,
    lowest_rank,
    trick_strength,
    weakest,
)
from euchre_tutor.games.classic.bots.facts import Facts, StateFacts
from euchre_tutor.games.classic.bots.playout_bidding import (
    PlayedEnds,
    Slips,
    finish_compiled,
    lead_ends,
    lead_starts,
)
from euchre_tutor.games.classic.bots.reasons import (
    ALONE_CARDS,
    PlayRule,
    bid_scale,
    held_words,
    points_words,
    why_defend_alone,
    why_discard,
    why_play,
)
from euchre_tutor.games.classic.engine.engine import (
    ALONE,
    MISDEAL,
    ORDER,
    ORDER_ALONE,
    PARTNER,
    PASS,
    Action,
    HandState,
    Phase,
    Seat,
    trick_winner,
)
from euchre_tutor.games.classic.views import SeatView

__all__ = ["THREE_HANDED_EXTRA", "RuleBasedPlayer", "finish_bidding_by"]


THREE_HANDED_EXTRA = 1.0


@dataclass(frozen=True, slots=True)
class RuleBasedPlayer:
    """Point-count bidding and plain-sense card play, under every house rule.

    Orders or calls at ``bid`` points or more (one more at three players, where
    the maker is alone against two; the two defenders play together), goes alone at ``alone`` points
    with both bowers or the right bower and three more trumps. It always calls
    a misdeal and goes under when it may (the swapped cards are weak), gives its
    best card to a loner and names spades when bidding blind.
    """

    bid: float = 6.0
    alone: float = 10.0
    #: at four players, the points a bid needs by where the seat speaks (the dealer's left first,
    #: the dealer last), in round 1 and round 2; None: ``bid`` everywhere
    round_1: tuple[float, float, float, float] | None = None
    round_2: tuple[float, float, float, float] | None = None
    #: as the advisor's model of a table: the weight of card play with every hand open in the bids'
    #: play-outs, beside this player's own card play (0: its own alone; its own ``choose`` never looks)
    card_open: float = 0.0

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise IllegalAction(f"{view.seat.word} has nothing to do now")
        if view.phase is Phase.PLAY:
            legal = view.legal
            if len(legal) == 1:
                return legal[0]
            choice = self._play(view)
            return choice if choice in legal else legal[0]
        return self._decide(view)

    def _decide(self, view: Facts) -> Action:
        """A bidding decision (every phase before the first lead) from what the seat knows."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        choice = _BIDDING_HANDLERS[view.phase](self, view)
        return choice if choice in legal else legal[0]

    def finish_bidding(
        self, state: HandState, me: Seat, first: Action | None = None
    ) -> tuple[HandState, str] | None:
        """The classic advisor's play-out hook: every decision up to the first lead as :meth:`choose`
        takes it (after ``first``, the valued action, when given), and ``me``'s first bid (``"-"``:
        none), without a seat view per decision (:func:`finish_bidding_by`). None for a subclass,
        which may choose otherwise."""
        if type(self) is not RuleBasedPlayer:
            return None
        return finish_bidding_by(state, me, (self,) * state.seating.players, first=first)

    def lead_starts(
        self, worlds: Sequence[HandState], me: Seat, first: Action
    ) -> tuple[list[LeadStart | None], list[str]] | None:
        """The classic advisor's faster play-out hook: each world after ``first`` and the bidding as
        :meth:`finish_bidding` takes it, read as its first lead without a state
        (:func:`~.playout_bidding.lead_starts`); None where the compiled core does not serve, or
        for a subclass."""
        if type(self) is not RuleBasedPlayer or not worlds:
            return None
        return lead_starts(worlds, me, (self,) * worlds[0].seating.players, first)

    def lead_ends(
        self, worlds: Sequence[HandState], me: Seat, first: Action, slips: Slips = None
    ) -> tuple[PlayedEnds, list[str]] | None:
        """The classic advisor's fastest play-out hook: :meth:`lead_starts` with each first lead played
        out by the compiled rollout, in one call (:func:`~.playout_bidding.lead_ends`); None where it
        does not serve, or for a subclass."""
        if type(self) is not RuleBasedPlayer or not worlds:
            return None
        return lead_ends(worlds, me, (self,) * worlds[0].seating.players, first, slips)

    # -- bidding -------------------------------------------------------------

    def _blind(self, view: Facts) -> Action:
        return _CALL_SPADES

    def _round_1(self, view: Facts) -> Action:
        if view.rules.misdeal != "off" or view.rules.farmers_hand:  # only then may it throw in or go under
            if MISDEAL in view.legal:
                return MISDEAL
            unders = [a for a in view.legal if a.kind == "under"]
            if unders:
                return min(unders, key=lambda a: sum(c.rank for c in a.cards))
        count = self._up_count(view)
        trump, cards, points = count.trump, list(count.cards), count.points
        if ORDER not in view.legal and ORDER_ALONE in view.legal:  # Canadian loner: alone or nothing
            worthy = points >= self.bid and self._alone_worthy(cards, trump, points)
            return ORDER_ALONE if worthy else PASS
        return self._bid(view, points, cards, ORDER, ORDER_ALONE)

    def _up_count(self, view: Facts) -> _UpCount:
        """The first round's count for the up card's suit (the dealer's with the up card picked up)."""
        trump = view.up_suit
        cards = list(view.hand)
        if view.seat == view.dealer:
            cards = best_six_minus_one([*cards, view.up], trump)
        share = 0.0
        up_value = trump_points(view.up, trump)
        if view.dealer in view.seat.partners:
            share = 0.5 * up_value
        elif view.dealer != view.seat:
            share = -0.5 * up_value
        return _UpCount(trump, tuple(cards), hand_strength(cards, trump), share)

    def _best_call(self, view: Facts) -> tuple[float, Action]:
        """The second round's best call (a suit or no trump, never alone) and its count."""
        lowest = lowest_rank(view.rules.deck)
        options: list[tuple[float, Action]] = []
        for a in view.legal:
            if a.kind != "call" or a.alone:
                continue
            if a.suit is not None:
                options.append((hand_strength(view.hand, a.suit), a))
            elif a.notrump is not None:
                options.append((no_trump_strength(view.hand, a.notrump, lowest), a))
        return max(options, key=lambda pa: pa[0])

    def _round_2(self, view: Facts) -> Action:
        points, best = self._best_call(view)
        if _stuck(view):
            points = max(points, self._need(view))
        alone = Action("call", suit=best.suit, notrump=best.notrump, alone=True)
        return self._bid(view, points, list(view.hand), best, alone)

    def _need(self, view: Facts) -> float:
        """The points a bid needs: more at three players, where the maker plays alone against two;
        at four, by where the seat speaks when the player has a table of thresholds."""
        by_seat = self.round_1 if view.phase is Phase.ROUND_1 else self.round_2
        if by_seat is not None and view.players == 4:
            seats = view.seat.seating.seats
            return by_seat[(seats.index(view.seat) - seats.index(view.dealer) - 1) % 4]
        return self.bid + (THREE_HANDED_EXTRA if view.players == 3 else 0.0)

    def _bid(self, view: Facts, points: float, cards: list[Card], bid: Action, alone: Action) -> Action:
        if points < self._need(view):
            return PASS
        if bid.notrump is not None:
            return bid
        trump = bid.suit if bid.suit is not None else view.up_suit
        if alone in view.legal and self._alone_worthy(cards, trump, points):
            return alone
        return bid

    def _alone_worthy(self, cards: Sequence[Card], trump: Suit, points: float) -> bool:
        right = any(is_right_bower(c, trump) or c.is_joker for c in cards)
        left = any(is_left_bower(c, trump) for c in cards)
        trumps = sum(1 for c in cards if is_trump(c, trump))
        return points >= self.alone and right and (left or trumps >= 4)

    def _discard(self, view: Facts) -> Action:
        return Action("discard", card=weakest(view.hand, view.trump, legal_cards(view.legal), is_low(view)))

    def _give_best(self, view: Facts) -> Action:
        cards = legal_cards(view.legal)
        if view.trump is None:
            return Action("give", card=min(cards, key=lambda c: card_cost(c, view)))
        return Action("give", card=max(cards, key=lambda c: card_cost(c, view)))

    def _go_alone(self, view: Facts) -> Action:
        if view.trump is None:
            return PARTNER
        points = hand_strength(view.hand, view.trump)
        return ALONE if self._alone_worthy(view.hand, view.trump, points) else PARTNER

    def _defend_alone(self, view: Facts) -> Action:
        if view.trump is None:
            return PARTNER
        # Defending alone pays only with a near-certain euchre: three top trumps.
        trumps = [c for c in view.hand if is_trump(c, view.trump)]
        top = sum(
            1 for c in trumps if is_right_bower(c, view.trump) or is_left_bower(c, view.trump) or c.is_joker
        )
        return ALONE if top >= 2 and len(trumps) >= 4 else PARTNER

    # -- play ------------------------------------------------------------------

    def _play(self, view: SeatView) -> Action:
        return Action("play", card=self._card(view)[0])

    def _card(self, view: SeatView) -> tuple[Card, PlayRule]:
        """The card to play and the rule of thumb that picked it."""
        cards = legal_cards(view.legal)
        trump = view.trump
        if not view.trick_plays:
            return self._lead(view, cards)
        played = [c for _, c in view.trick_plays]
        led = effective_suit(played[0], trump)
        win_i = trick_winner(played, trump, view.notrump)
        winner_seat, winner_card = view.trick_plays[win_i]
        best_power = trick_strength(winner_card, view, led)
        winners = [c for c in cards if trick_strength(c, view, led) > best_power]
        partner_winning = winner_seat != view.seat and view.same_side(winner_seat)
        last_to_play = len(view.trick_plays) + 1 == view.players - len(view.sitting_out)
        if partner_winning and (last_to_play or is_boss(winner_card, view)):
            return cheapest(cards, view), "partner"
        if winners:
            # Last to play: the cheapest winner; otherwise the strongest, to hold the trick.
            pick = (
                min(winners, key=lambda c: trick_strength(c, view, led))
                if last_to_play
                else max(winners, key=lambda c: trick_strength(c, view, led))
            )
            if trump is not None and is_trump(pick, trump) and not last_to_play and led is not trump:
                return min(winners, key=lambda c: trick_strength(c, view, led)), "cheap winner"
            return pick, "last winner" if last_to_play else "hold"
        return cheapest(cards, view), "cannot win"

    def _lead(self, view: SeatView, cards: list[Card]) -> tuple[Card, PlayRule]:
        trump = view.trump
        trumps = [c for c in cards if trump is not None and is_trump(c, trump)]
        plain = [c for c in cards if c not in trumps]
        if view.is_maker_side and trumps:
            top = max(trumps, key=lambda c: card_cost(c, view))
            lone = view.maker == view.seat and (view.alone or view.players == 3)
            if is_boss(top, view):
                return top, "draw trump"
            if lone:
                return top, "lone maker"
        bosses = [c for c in plain if is_boss(c, view)]
        if bosses:
            return bosses[0], "boss"
        if plain:
            # A weak card from the shortest plain suit looks for a ruff later.
            by_suit: dict[Suit, list[Card]] = {}
            for c in plain:
                by_suit.setdefault(effective_suit(c, trump), []).append(c)
            shortest = min(by_suit.values(), key=len)
            return min(shortest, key=lambda c: card_cost(c, view)), "short suit"
        return max(trumps, key=lambda c: card_cost(c, view)), "only trumps"

    # -- why -------------------------------------------------------------------

    def explain(self, view: SeatView, action: Action) -> str:
        """Why this player takes ``action`` here, in a few sentences, from the very counts, thresholds
        and rules of thumb its decision used (so a shown reason is the reason it acted on).

        >>> from euchre_tutor.games.classic.engine.engine import Deal, Seat, new_hand
        >>> from euchre_tutor.games.classic.views import seat_view
        >>> state = new_hand(Deal.from_seed(3, Seat.N))
        >>> view = seat_view(state, state.to_act)
        >>> player = RuleBasedPlayer()
        >>> "points" in player.explain(view, player.choose(view))
        True
        """
        choice = self.choose(view)
        if action != choice:
            return f"The rule-based player would not {action} here: it would {choice}."
        phase = view.phase
        if len(view.legal) == 1:
            return "It is the only legal choice."
        if action.kind == "misdeal":
            return "The hand may be thrown in (a misdeal hand), and the computer player always does so."
        if action.kind == "under":
            return "It may go under (farmer's hand): it swaps its three weakest low cards for the hidden kitty cards."
        if phase is Phase.BLIND:
            return "Bidding blind, it always names spades: it has not seen its cards."
        if phase is Phase.ROUND_1:
            return self._why_round_1(view, action)
        if phase is Phase.ROUND_2:
            return self._why_round_2(view, action)
        if phase in (Phase.DISCARD, Phase.LONER_DISCARD):
            return why_discard(view, action)
        if phase is Phase.BEST_CARD:
            assert action.card is not None
            if view.trump is None:
                return f"With no trump it passes {action.card.symbol}, the card it counts cheapest."
            return f"It passes its strongest card, {action.card.symbol}, to the loner."
        if phase is Phase.GO_ALONE:
            return self._why_go_alone(view, action)
        if phase is Phase.DEFEND_ALONE:
            return why_defend_alone(view, action)
        return why_play(view, *self._card(view))

    def _why_round_1(self, view: SeatView, action: Action) -> str:
        count = self._up_count(view)
        trump = count.trump
        where = ""
        if view.seat == view.dealer:
            dropped = [c for c in [*view.hand, view.up] if c not in count.cards]
            where = f" (with {view.up.symbol} picked up and {dropped[0].symbol} discarded)"
        text = f"With {trump.plural} trump your hand{where} counts {points_words(count.held)} ({bid_scale(view)})."
        if count.share > 0:
            text += (
                f" Your partner deals and would pick up {view.up.symbol}: half its value ({count.share:g}) "
                f"counts for you, {points_words(count.points)} in all."
            )
        elif count.share < 0:
            text += (
                f" An opponent deals and would pick up {view.up.symbol}: half its value ({-count.share:g}) "
                f"counts against you, {points_words(count.points)} in all."
            )
        if Action("order") not in view.legal and Action("order", alone=True) in view.legal:
            return text + (
                f" It may only order up alone (Canadian loner): it does so at {self.bid:g} points or more "
                f"holding {ALONE_CARDS}, and at {self.alone:g} points or more; else it passes."
            )
        return text + self._why_bid(view, action)

    def _why_round_2(self, view: SeatView, action: Action) -> str:
        points, best = self._best_call(view)
        name = best.suit.plural if best.suit is not None else f"no trump ({best.notrump})"
        text = f"Your best suit to name is {name}: {points_words(points)} ({bid_scale(view)})."
        if _stuck(view):
            text += " As the stuck dealer you must name a suit anyway."
        return text + self._why_bid(view, action)

    def _why_bid(self, view: SeatView, action: Action) -> str:
        need = self._need(view)
        if action.kind == "pass":
            return f" It bids at {need:g} points or more, so it passes."
        if action.alone:
            return (
                f" It goes alone at {self.alone:g} points or more holding {ALONE_CARDS}: "
                "a lone march scores 4."
            )
        return f" It bids at {need:g} points or more."

    def _why_go_alone(self, view: SeatView, action: Action) -> str:
        trump = view.trump
        if trump is None:
            return "With no trump it never plays alone."
        points = hand_strength(view.hand, trump)
        verdict = "So it goes alone." if action.kind == "alone" else "So it keeps its partner."
        return (
            f"{held_words(view, trump)} Its hand counts {points_words(points)}. It goes alone only holding "
            f"{ALONE_CARDS}, with {self.alone:g} points or more on its count. {verdict}"
        )


#: the bidding handlers by phase (every phase before the first lead)
_BIDDING_HANDLERS: Final[dict[Phase, Callable[[RuleBasedPlayer, Facts], Action]]] = {
    Phase.BLIND: RuleBasedPlayer._blind,
    Phase.ROUND_1: RuleBasedPlayer._round_1,
    Phase.ROUND_2: RuleBasedPlayer._round_2,
    Phase.DISCARD: RuleBasedPlayer._discard,
    Phase.GO_ALONE: RuleBasedPlayer._go_alone,
    Phase.BEST_CARD: RuleBasedPlayer._give_best,
    Phase.LONER_DISCARD: RuleBasedPlayer._discard,
    Phase.DEFEND_ALONE: RuleBasedPlayer._defend_alone,
}
_CALL_SPADES: Final = Action("call", suit=Suit.SPADES)
#: the phases whose first action by the analysed seat is its follow-up bid (as the advisor counts it)
_BIDDING_PHASES: Final = frozenset({Phase.ROUND_1, Phase.ROUND_2, Phase.BLIND})


def finish_bidding_by(
    state: HandState,
    me: Seat,
    players: Sequence[RuleBasedPlayer],
    *,
    compiled: bool = True,
    first: Action | None = None,
) -> tuple[HandState, str]:
    """Every decision up to the first lead (or the end of the hand), each seat's by ``players[seat]``,
    and ``me``'s first bid: the advisor's generic loop (``choose(seat_view(state, seat))``, then
    ``state.apply``) with the same bidding code read from :class:`StateFacts` instead of a view.
    tests/bots/test_finish_bidding.py checks the two give the same state on random deals. Where the
    compiled core plays the rules (:func:`~.playout_bidding.finish_compiled`) it takes the decisions
    instead, to the same state, unless ``compiled`` is false. ``first``: an action the seat to act
    takes before them (``me``'s first bid is then the one after it)."""
    if compiled:
        done = finish_compiled(state, me, players, first)
        if done is not None:
            return done
    return decide_through(state, me, lambda st, seat: players[seat]._decide(StateFacts(st, seat)), first)


def decide_through(
    state: HandState, me: Seat, decide: Callable[[HandState, Seat], Action], first: Action | None = None
) -> tuple[HandState, str]:
    """Every decision up to the first lead (or the end of the hand), each ``decide(state, seat)`` of
    the seat to act, after ``first`` when given, and ``me``'s first bid after it (``"-"``: none)."""
    if first is not None:
        state = state.apply(first)
    mine = "-"
    phase = state.phase
    while phase is not Phase.PLAY and phase is not Phase.OVER:
        seat = state.to_act
        assert seat is not None
        act = decide(state, seat)
        if seat == me and mine == "-" and phase in _BIDDING_PHASES:
            mine = str(act)
        state = state.apply(act)
        phase = state.phase
    return state, mine


@dataclass(frozen=True, slots=True)
class _UpCount:
    """The first round's count: the cards counted, their points, and the dealer's up card's share."""

    trump: Suit
    cards: tuple[Card, ...]
    held: float  # the cards' own points
    share: float  # half the up card's value: + the partner deals, - an opponent deals, 0 the seat deals

    @property
    def points(self) -> float:
        return self.held + self.share


def _stuck(view: Facts) -> bool:
    """Stick the dealer: the dealer may not pass the second round."""
    return not any(a.kind == "pass" for a in view.legal)
