"""Computer players for classic Euchre; they decide from a :class:`SeatView` only.

- :class:`RandomPlayer`: any legal action, uniformly (seeded).
- :class:`RuleBasedPlayer`: point-count bidding, sensible leads and follows.
- :class:`BeginnerPlayer`: the rule-based player with seeded mistakes.
- :class:`ExpertPlayer`: the classic advisor's best action.

:data:`LEVELS` names the levels a table offers (Beginner, Club, Expert). All have ``choose(view) -> Action``. :func:`play_out` drives a hand or a
match with one player per seat. The rule-based player (and a table of two of them) also has
``finish_bidding(state, me)``: the classic advisor's faster route through a played-out deal's
bidding, to the same state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Final, Literal, Protocol

from euchre_tutor.bots.shared import RandomPlayer, play_out_seats
from euchre_tutor.cards import (
    Card,
    Rank,
    Suit,
    card_power,
    deck,
    effective_suit,
    is_left_bower,
    is_right_bower,
    is_trump,
    trick_power,
)
from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.classic.advisor.strength import hand_strength, no_trump_strength, trump_points
from euchre_tutor.games.classic.engine.engine import (
    ALONE,
    MISDEAL,
    ORDER,
    ORDER_ALONE,
    PARTNER,
    PASS,
    Action,
    HandState,
    MatchState,
    Phase,
    Seat,
    trick_winner,
)
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.games.classic.views import SeatView, seat_view

if TYPE_CHECKING:
    from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis

__all__ = [
    "EXPERT_BIDDING",
    "LEVELS",
    "BeginnerPlayer",
    "ExpertPlayer",
    "Level",
    "Player",
    "RandomPlayer",
    "RuleBasedPlayer",
    "hand_strength",
    "no_trump_strength",
    "play_out",
]


THREE_HANDED_EXTRA = 1.0


class Player(Protocol):
    def choose(self, view: SeatView) -> Action: ...


class _Facts(Protocol):
    """What the rule-based player's bidding reads of a seat's view: its own cards and public facts.

    A :class:`SeatView` has them all; the advisor's play-outs pass a :class:`_StateFacts` instead,
    read straight from the state, so the same bidding code runs without building a view.
    """

    @property
    def seat(self) -> Seat: ...
    @property
    def rules(self) -> ClassicRules: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def up(self) -> Card: ...
    @property
    def up_suit(self) -> Suit: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def legal(self) -> tuple[Action, ...]: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def notrump(self) -> str | None: ...
    @property
    def players(self) -> int: ...


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

    def _decide(self, view: _Facts) -> Action:
        """A bidding decision (every phase before the first lead) from what the seat knows."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        choice = _BIDDING_HANDLERS[view.phase](self, view)
        return choice if choice in legal else legal[0]

    def finish_bidding(self, state: HandState, me: Seat) -> tuple[HandState, str] | None:
        """The classic advisor's play-out hook: every decision up to the first lead as :meth:`choose`
        takes it, and ``me``'s first bid (``"-"``: none), without a seat view per decision
        (:func:`_finish_bidding`). None for a subclass, which may choose otherwise."""
        if type(self) is not RuleBasedPlayer:
            return None
        return _finish_bidding(state, me, (self,) * state.seating.players)

    # -- bidding -------------------------------------------------------------

    def _blind(self, view: _Facts) -> Action:
        return _CALL_SPADES

    def _round_1(self, view: _Facts) -> Action:
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

    def _up_count(self, view: _Facts) -> _UpCount:
        """The first round's count for the up card's suit (the dealer's with the up card picked up)."""
        trump = view.up_suit
        cards = list(view.hand)
        if view.seat == view.dealer:
            cards = _best_six_minus_one([*cards, view.up], trump)
        share = 0.0
        up_value = trump_points(view.up, trump)
        if view.dealer in view.seat.partners:
            share = 0.5 * up_value
        elif view.dealer != view.seat:
            share = -0.5 * up_value
        return _UpCount(trump, tuple(cards), hand_strength(cards, trump), share)

    def _best_call(self, view: _Facts) -> tuple[float, Action]:
        """The second round's best call (a suit or no trump, never alone) and its count."""
        lowest = _lowest_rank(view.rules.deck)
        options: list[tuple[float, Action]] = []
        for a in view.legal:
            if a.kind != "call" or a.alone:
                continue
            if a.suit is not None:
                options.append((hand_strength(view.hand, a.suit), a))
            elif a.notrump is not None:
                options.append((no_trump_strength(view.hand, a.notrump, lowest), a))
        return max(options, key=lambda pa: pa[0])

    def _round_2(self, view: _Facts) -> Action:
        points, best = self._best_call(view)
        if _stuck(view):
            points = max(points, self._need(view))
        alone = Action("call", suit=best.suit, notrump=best.notrump, alone=True)
        return self._bid(view, points, list(view.hand), best, alone)

    def _need(self, view: _Facts) -> float:
        """The points a bid needs: more at three players, where the maker plays alone against two;
        at four, by where the seat speaks when the player has a table of thresholds."""
        by_seat = self.round_1 if view.phase is Phase.ROUND_1 else self.round_2
        if by_seat is not None and view.players == 4:
            seats = view.seat.seating.seats
            return by_seat[(seats.index(view.seat) - seats.index(view.dealer) - 1) % 4]
        return self.bid + (THREE_HANDED_EXTRA if view.players == 3 else 0.0)

    def _bid(self, view: _Facts, points: float, cards: list[Card], bid: Action, alone: Action) -> Action:
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

    def _discard(self, view: _Facts) -> Action:
        return Action("discard", card=_weakest(view.hand, view.trump, _cards(view.legal), _low(view)))

    def _give_best(self, view: _Facts) -> Action:
        cards = _cards(view.legal)
        if view.trump is None:
            return Action("give", card=min(cards, key=lambda c: _cost(c, view)))
        return Action("give", card=max(cards, key=lambda c: _cost(c, view)))

    def _go_alone(self, view: _Facts) -> Action:
        if view.trump is None:
            return PARTNER
        points = hand_strength(view.hand, view.trump)
        return ALONE if self._alone_worthy(view.hand, view.trump, points) else PARTNER

    def _defend_alone(self, view: _Facts) -> Action:
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
        cards = _cards(view.legal)
        trump = view.trump
        if not view.trick_plays:
            return self._lead(view, cards)
        played = [c for _, c in view.trick_plays]
        led = effective_suit(played[0], trump)
        win_i = trick_winner(played, trump, view.notrump)
        winner_seat, winner_card = view.trick_plays[win_i]
        best_power = _power(winner_card, view, led)
        winners = [c for c in cards if _power(c, view, led) > best_power]
        partner_winning = winner_seat != view.seat and view.same_side(winner_seat)
        last_to_play = len(view.trick_plays) + 1 == view.players - len(view.sitting_out)
        if partner_winning and (last_to_play or _is_boss(winner_card, view)):
            return _cheapest(cards, view), "partner"
        if winners:
            # Last to play: the cheapest winner; otherwise the strongest, to hold the trick.
            pick = (
                min(winners, key=lambda c: _power(c, view, led))
                if last_to_play
                else max(winners, key=lambda c: _power(c, view, led))
            )
            if trump is not None and is_trump(pick, trump) and not last_to_play and led is not trump:
                return min(winners, key=lambda c: _power(c, view, led)), "cheap winner"
            return pick, "last winner" if last_to_play else "hold"
        return _cheapest(cards, view), "cannot win"

    def _lead(self, view: SeatView, cards: list[Card]) -> tuple[Card, PlayRule]:
        trump = view.trump
        trumps = [c for c in cards if trump is not None and is_trump(c, trump)]
        plain = [c for c in cards if c not in trumps]
        if view.is_maker_side and trumps:
            top = max(trumps, key=lambda c: _cost(c, view))
            lone = view.maker == view.seat and (view.alone or view.players == 3)
            if _is_boss(top, view):
                return top, "draw trump"
            if lone:
                return top, "lone maker"
        bosses = [c for c in plain if _is_boss(c, view)]
        if bosses:
            return bosses[0], "boss"
        if plain:
            # A weak card from the shortest plain suit looks for a ruff later.
            by_suit: dict[Suit, list[Card]] = {}
            for c in plain:
                by_suit.setdefault(effective_suit(c, trump), []).append(c)
            shortest = min(by_suit.values(), key=len)
            return min(shortest, key=lambda c: _cost(c, view)), "short suit"
        return max(trumps, key=lambda c: _cost(c, view)), "only trumps"

    # -- why -------------------------------------------------------------------

    def explain(self, view: SeatView, action: Action) -> str:
        """Why this player takes ``action`` here, in a few sentences, from the very counts, thresholds
        and rules of thumb its decision used (so a shown reason is the reason it acted on).

        >>> from euchre_tutor.games.classic.engine.engine import Deal, new_hand
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
            return _why_discard(view, action)
        if phase is Phase.BEST_CARD:
            assert action.card is not None
            if view.trump is None:
                return f"With no trump it passes {action.card.symbol}, the card it counts cheapest."
            return f"It passes its strongest card, {action.card.symbol}, to the loner."
        if phase is Phase.GO_ALONE:
            return self._why_go_alone(view, action)
        if phase is Phase.DEFEND_ALONE:
            return _why_defend_alone(view, action)
        return _why_play(view, *self._card(view))

    def _why_round_1(self, view: SeatView, action: Action) -> str:
        count = self._up_count(view)
        trump = count.trump
        where = ""
        if view.seat == view.dealer:
            dropped = [c for c in [*view.hand, view.up] if c not in count.cards]
            where = f" (with {view.up.symbol} picked up and {dropped[0].symbol} discarded)"
        text = f"With {trump.plural} trump your hand{where} counts {_points(count.held)} ({_scale(view)})."
        if count.share > 0:
            text += (
                f" Your partner deals and would pick up {view.up.symbol}: half its value ({count.share:g}) "
                f"counts for you, {_points(count.points)} in all."
            )
        elif count.share < 0:
            text += (
                f" An opponent deals and would pick up {view.up.symbol}: half its value ({-count.share:g}) "
                f"counts against you, {_points(count.points)} in all."
            )
        if Action("order") not in view.legal and Action("order", alone=True) in view.legal:
            return text + (
                f" It may only order up alone (Canadian loner): it does so at {self.bid:g} points or more "
                f"holding {_ALONE_CARDS}, and at {self.alone:g} points or more; else it passes."
            )
        return text + self._why_bid(view, action)

    def _why_round_2(self, view: SeatView, action: Action) -> str:
        points, best = self._best_call(view)
        name = best.suit.plural if best.suit is not None else f"no trump ({best.notrump})"
        text = f"Your best suit to name is {name}: {_points(points)} ({_scale(view)})."
        if _stuck(view):
            text += " As the stuck dealer you must name a suit anyway."
        return text + self._why_bid(view, action)

    def _why_bid(self, view: SeatView, action: Action) -> str:
        need = self._need(view)
        if action.kind == "pass":
            return f" It bids at {need:g} points or more, so it passes."
        if action.alone:
            return (
                f" It goes alone at {self.alone:g} points or more holding {_ALONE_CARDS}: "
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
            f"{_held(view, trump)} Its hand counts {_points(points)}. It goes alone only holding "
            f"{_ALONE_CARDS}, with {self.alone:g} points or more on its count. {verdict}"
        )


#: the bidding handlers by phase (every phase before the first lead)
_BIDDING_HANDLERS: Final[dict[Phase, Callable[[RuleBasedPlayer, _Facts], Action]]] = {
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


class _StateFacts:
    """The seat to act's :class:`_Facts` read straight from the full state: the values its
    :class:`SeatView` would hold (its own hand, the up card, the contract, its legal actions), without
    the history, voids and unseen cards a view also gathers and the bidding never reads."""

    __slots__ = (
        "dealer",
        "hand",
        "legal",
        "notrump",
        "phase",
        "players",
        "rules",
        "seat",
        "trump",
        "up",
        "up_suit",
    )

    def __init__(self, state: HandState, seat: Seat) -> None:
        self.seat = seat
        self.rules = state.rules
        self.phase = state.phase
        self.dealer = state.dealer
        self.up = state.up
        self.up_suit = state.up_suit
        self.hand: tuple[Card, ...] = () if state.phase is Phase.BLIND else state.hands[seat]
        self.legal = state.legal_actions()
        self.trump = state.trump
        self.notrump = state.notrump
        self.players = seat.seating.players


def _finish_bidding(state: HandState, me: Seat, players: Sequence[RuleBasedPlayer]) -> tuple[HandState, str]:
    """Every decision up to the first lead (or the end of the hand), each seat's by ``players[seat]``,
    and ``me``'s first bid: the advisor's generic loop (``choose(seat_view(state, seat))``, then
    ``state.apply``) with the same bidding code read from :class:`_StateFacts` instead of a view.
    tests/bots/test_finish_bidding.py checks the two give the same state on random deals."""
    mine = "-"
    phase = state.phase
    while phase is not Phase.PLAY and phase is not Phase.OVER:
        seat = state.to_act
        assert seat is not None
        act = players[seat]._decide(_StateFacts(state, seat))
        if seat == me and mine == "-" and phase in _BIDDING_PHASES:
            mine = str(act)
        state = state.apply(act)
        phase = state.phase
    return state, mine


class ExpertPlayer:
    """Plays the classic advisor's best action (sampled worlds; see :mod:`euchre_tutor.games.classic.advisor`).

    Card play is perfect-information Monte Carlo (each sampled deal solved double-dummy); every other
    decision is valued by playing the sampled deals out, the bidding by a model of the players at the
    table (``table``: ``"expert"`` by default, the Expert's own measured bidding,
    :data:`EXPERT_BIDDING`; ``"club"``: the rule-based player, as the Expert bid before that model)
    and the card play by the rule-based player's, so a bid is not valued by a solver that sees every
    card. A forced action is played at once. The same ``seed`` and the same view give the same choice.

    >>> from euchre_tutor.games.classic.engine.engine import Deal, new_hand
    >>> state = new_hand(Deal.from_seed(3, Seat.N))
    >>> ExpertPlayer(worlds=20).choose(seat_view(state, state.to_act)) in state.legal_actions()
    True
    """

    #: it thinks for a good fraction of a second: a table asks it in the background, off the click path
    deliberate = True

    def __init__(
        self,
        worlds: int = 200,
        seed: int | str = 0,
        mode: str = "points",
        table: str = "expert",
        opponents: str | None = None,
        playout_slip: float | None = None,
        playout_open: float | None = 0.0,
    ) -> None:
        if worlds < 1:
            raise ValueError(f"an expert player needs at least 1 sampled world, not {worlds}")
        if playout_slip is not None and not 0.0 <= playout_slip <= 1.0:
            raise ValueError(f"playout_slip is a chance between 0 and 1, not {playout_slip}")
        if playout_open is not None and not 0.0 <= playout_open <= 1.0:
            raise ValueError(f"playout_open is a weight between 0 and 1, not {playout_open}")
        for name in (table, opponents or table):
            if name not in LEVELS:
                raise ValueError(f"unknown table {name!r}: choose {', '.join(LEVELS)}")
        self.worlds = worlds
        self.seed = seed
        self.mode = mode
        self.table = table
        self.opponents = opponents
        self._continuation = LEVELS[table].model(seed)
        self._opponents = None if opponents is None else LEVELS[opponents].model(seed)
        #: the bids' play-outs slip with this chance (None: as the table's model of its players does,
        #: :func:`~euchre_tutor.games.classic.advisor.analysis.analyse`)
        self.playout_slip = playout_slip
        #: the weight of card play with every hand open in the bids' play-outs: 0, the default, the rollout's
        #: card play alone, as the Expert's strength was measured with (None: as the table's model's hints,
        #: :func:`~euchre_tutor.games.classic.advisor.analysis.card_open`)
        self.playout_open = playout_open

    def __repr__(self) -> str:
        extra = "" if self.table == "expert" else f", table={self.table!r}"
        extra += "" if self.opponents is None else f", opponents={self.opponents!r}"
        extra += "" if self.playout_slip is None else f", playout_slip={self.playout_slip}"
        extra += "" if self.playout_open == 0.0 else f", playout_open={self.playout_open}"
        return f"ExpertPlayer(worlds={self.worlds}, seed={self.seed!r}{extra})"

    def analyse(self, view: SeatView) -> ClassicAnalysis:
        """The full analysis behind a choice (options, values, reasons)."""
        from euchre_tutor.games.classic.advisor.analysis import analyse  # the advisor loads on first use

        continuation: Player = self._continuation
        if self._opponents is not None:
            continuation = _Seated(view.seat, self._continuation, self._opponents)
        return analyse(
            view,
            continuation=continuation,
            worlds=self.worlds,
            seed=self.seed,
            mode="game" if self.mode == "game" else "points",
            playout_slip=self.playout_slip,
            playout_open=self.playout_open,
        )

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise IllegalAction(f"{view.seat.word} has nothing to do now")
        if len(view.legal) == 1:
            return view.legal[0]
        return self.analyse(view).best.action

    def explain(self, view: SeatView, action: Action) -> str:
        """The advisor's reasons for the best action: the very analysis this player chooses by."""
        if len(view.legal) == 1:
            return "It is the only legal choice."
        analysis = self.analyse(view)
        if action != analysis.best.action:
            return f"The expert player would not {action} here: it would {analysis.best.action}."
        return " ".join(r.text for r in analysis.reasons)


@dataclass(frozen=True, slots=True)
class _Seated:
    """A table of two kinds of players: ``me``'s side bids as ``ours``, the other side as ``theirs``."""

    me: Seat
    ours: Player
    theirs: Player

    def choose(self, view: SeatView) -> Action:
        return (self.ours if view.seat.team is self.me.team else self.theirs).choose(view)

    def finish_bidding(self, state: HandState, me: Seat) -> tuple[HandState, str] | None:
        """The advisor's play-out hook (see :meth:`RuleBasedPlayer.finish_bidding`) when both sides
        are rule-based players; None otherwise."""
        ours, theirs = self.ours, self.theirs
        if type(ours) is not RuleBasedPlayer or type(theirs) is not RuleBasedPlayer:
            return None
        team = self.me.team
        players = tuple(ours if s.team is team else theirs for s in state.seating.seats)
        return _finish_bidding(state, me, players)


class BeginnerPlayer:
    """The rule-based player that slips: with chance ``slip`` it takes a random legal action instead.

    A slip is drawn from ``seed`` and the seat's view (its cards and the public history), not from
    a running stream: the same position always gets the same choice, so undo and redo at a table
    replay the same game. Weaker than the Club player by about as much as a novice is.
    """

    def __init__(self, seed: int | str = 0, slip: float = 0.3) -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"slip is a chance between 0 and 1, not {slip}")
        self.seed = seed
        self.slip = slip
        self._rules = RuleBasedPlayer()

    @property
    def card_slip(self) -> float:
        """The chance its card play slips: the advisor's play-outs at its table slip alike."""
        return self.slip

    def __repr__(self) -> str:
        return f"BeginnerPlayer(seed={self.seed!r}, slip={self.slip})"

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise IllegalAction(f"{view.seat.word} has nothing to do now")
        plays = [f"{s}{c}" for t in view.tricks for s, c in t.plays] + [
            f"{s}{c}" for s, c in view.trick_plays
        ]
        bids = [f"{s}{a}" for s, a in view.bids]
        rng = random.Random(
            f"{self.seed}|{view.seat}|{view.up}|{' '.join(map(str, view.hand))}|{bids}|{plays}|{view.scores}"
        )
        if len(view.legal) > 1 and rng.random() < self.slip:
            return view.legal[rng.randrange(len(view.legal))]
        return self._rules.choose(view)

    def explain(self, view: SeatView, action: Action) -> str:
        """The rule-based player's reasons, or a slip where it took another action."""
        if action == self._rules.choose(view):
            return self._rules.explain(view, action)
        return (
            "A slip: the Beginner player sometimes takes a random legal action instead of its rule of thumb."
        )


#: How Expert players bid, as the rule-based player's count with thresholds fitted to the Expert's own
#: bids (benchmarks/classic_table_model.py --table club: 661 all-Expert hands, 2,047 bids, by the
#: Expert that valued its bids with the Club model; the fitted thresholds agree with its bid or pass
#: 85-93% of the time by seat, against 73-93% for the Club thresholds). Experts bid far more than
#: the Club player: the dealer picks up from 4.25 points (Club: 6), the dealer's partner orders from
#: 4.25, and they go alone from about 7.25. It is the model of the other seats (and of the student's
#: own later bids) when the advisor values a bid at an Expert table: the Expert itself is far too
#: slow to play thousands of deals out per hint. Experts play the cards better than the Club player's
#: rollout: a hint at their table values each deal's bid 0.3 by play with every hand open (double-dummy)
#: and 0.7 by the rollout (``card_open``; benchmarks/classic_calibration.py --playout-open, issue 37: the
#: first-round order's realized points against the predicted at an all-Expert table). The Expert player
#: itself values its bids by the rollout alone (``ExpertPlayer(playout_open=0.0)``), as its strength was
#: measured.
EXPERT_BIDDING: Final = RuleBasedPlayer(
    bid=5.0, alone=7.25, round_1=(7.0, 4.25, 5.75, 4.25), round_2=(3.5, 4.25, 4.25, 4.25), card_open=0.3
)


@dataclass(frozen=True, slots=True)
class Level:
    """A level of computer play a table offers: its name, what it is, and how to make its player."""

    name: str
    words: str

    def player(self, seed: int | str = 0) -> Player:
        if self.name == "Beginner":
            return BeginnerPlayer(seed)
        if self.name == "Expert":
            return ExpertPlayer(seed=seed)
        return RuleBasedPlayer()

    def model(self, seed: int | str = 0) -> Player:
        """How the advisor plays a deal out at a table of this level (fast enough for thousands of
        deals per hint): the Beginner and Club players themselves, and for Experts the rule-based
        player with the Expert's measured bidding thresholds (:data:`EXPERT_BIDDING`). Card play in
        the play-outs is the Club player's (the advisor's compiled rollout), with the Beginner's slips
        at a Beginner table (its :attr:`BeginnerPlayer.card_slip`) and, at an Expert table, blended
        with play with every hand open (:attr:`RuleBasedPlayer.card_open`)."""
        if self.name == "Beginner":
            return BeginnerPlayer(seed)
        if self.name == "Expert":
            return EXPERT_BIDDING
        return RuleBasedPlayer()


#: the levels of computer play, weakest first (the table's default is Club)
LEVELS: dict[str, Level] = {
    level.name.lower(): level
    for level in (
        Level("Beginner", "rule-based with mistakes: about one decision in three is a random legal one"),
        Level("Club", "rule-based: point-count bidding, sensible leads and follows"),
        Level("Expert", "the advisor's best action: 200 sampled deals per decision"),
    )
}


#: the rule of thumb that picked a card (see :meth:`RuleBasedPlayer.explain`)
PlayRule = Literal[
    "partner",
    "last winner",
    "hold",
    "cheap winner",
    "cannot win",
    "draw trump",
    "lone maker",
    "boss",
    "short suit",
    "only trumps",
]


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


def _stuck(view: _Facts) -> bool:
    """Stick the dealer: the dealer may not pass the second round."""
    return not any(a.kind == "pass" for a in view.legal)


# -- the player's reasons in plain words ---------------------------------------

_BID_SCALE: Final = (
    "counting the right bower 3, the left bower 2.5, the trump ace 2, king 1.5, queen 1.25, "
    "other trumps 1, off-suit aces 1, and half a point per void when holding two trumps"
)
_ALONE_CARDS: Final = "the right bower (or the joker) and the left bower or four trumps"


def _scale(view: SeatView) -> str:
    if view.rules.joker:
        return "counting the joker 3.5, " + _BID_SCALE.removeprefix("counting ")
    return _BID_SCALE


def _points(x: float) -> str:
    return f"{x:g} point{'' if x == 1 else 's'}"


def _held(view: SeatView, trump: Suit) -> str:
    trumps = [c for c in view.hand if is_trump(c, trump)]
    tops = [c for c in trumps if c.is_joker or is_right_bower(c, trump) or is_left_bower(c, trump)]
    return (
        f"It holds {len(trumps)} trump{'s' if len(trumps) != 1 else ''}, "
        f"{len(tops)} bower{'s' if len(tops) != 1 else ''} (or the joker) among them."
    )


def _why_defend_alone(view: SeatView, action: Action) -> str:
    trump = view.trump
    if trump is None:
        return "With no trump it never plays alone."
    verdict = "So it defends alone." if action.kind == "alone" else "So it defends with its partner."
    return (
        f"{_held(view, trump)} It defends alone only with four trumps and two bowers (or the joker): "
        f"a near-certain euchre. {verdict}"
    )


def _why_discard(view: SeatView, action: Action) -> str:
    """Why :func:`_best_six_minus_one` dropped this card: trumps are kept first, then the top card of
    each suit (the ace; the nine in low no trump), and a lone card is cheaper to drop (a void)."""
    card = action.card
    assert card is not None
    trump = view.trump
    if trump is not None and is_trump(card, trump):
        return f"Every card it may discard is a trump; {card.symbol} is the lowest."
    low = _low(view)
    top = Rank.NINE if low else Rank.ACE
    suit = effective_suit(card, trump)
    same = [c for c in view.hand if effective_suit(c, trump) is suit]
    if len(same) == 1 and card.rank is not top:
        later = f", so it can trump {suit.plural} later" if trump is not None else ""
        return f"{card.symbol} is its only {suit.plural[:-1]}: discarding it leaves a void{later}."
    if low:
        return f"{card.symbol} is its weakest card in low no trump: a high card, and not a nine."
    return f"{card.symbol} is its weakest card: not a trump and not an ace."


def _why_play(view: SeatView, card: Card, rule: PlayRule) -> str:
    """The sentence for the rule of thumb that picked ``card`` (see :meth:`RuleBasedPlayer._card`)."""
    c = card.symbol
    trump = view.trump
    if rule == "draw trump":
        return f"Its side made trump, so it leads trump ({c}, and no unseen trump beats it) to draw the opponents' trumps."
    if rule == "lone maker":
        return f"It made trump and plays without a partner, so it leads its highest trump, {c}, to draw the opponents' trumps."
    if rule == "boss":
        suit = effective_suit(card, trump)
        return f"{c} is the boss of {suit.plural}: no card still unseen beats it, unless someone trumps."
    if rule == "short suit":
        hope = ", hoping to trump that suit later" if trump is not None else ""
        return f"No sure winner to lead, so it leads a low card ({c}) from its shortest plain suit{hope}."
    if rule == "only trumps":
        return f"It holds only trumps and none is sure to win, so it leads its highest, {c}."
    played = [p for _, p in view.trick_plays]
    seat, winning = view.trick_plays[trick_winner(played, trump, view.notrump)]
    w = winning.symbol
    if rule == "partner":
        return (
            f"{seat.word} (on your side) is winning the trick with {w}, so it saves its good cards and "
            f"plays the cheapest, {c}."
        )
    if rule == "last winner":
        return f"{c} beats {w} ({seat.word}'s): the cheapest card that wins, since it plays last."
    if rule == "hold":
        return f"{c} beats {w} ({seat.word}'s): its strongest winner, to hold the trick against the players still to come."
    if rule == "cheap winner":
        return f"{c} beats {w} ({seat.word}'s): the cheapest card that wins, keeping its high trumps."
    return f"None of its cards beats {w}, so it throws the cheapest, {c}."


def _cards(actions: Sequence[Action]) -> list[Card]:
    return [a.card for a in actions if a.card is not None]


def _low(view: _Facts) -> bool:
    return view.notrump == "low"


def _power(card: Card, view: _Facts, led: Suit) -> int:
    """How strongly ``card`` competes in a trick led in ``led`` (0: cannot win), under any contract."""
    return card_power(card, view.trump, led, view.notrump)


def _cost(card: Card, view: _Facts) -> tuple[int, int]:
    """Orders a seat's cards weakest first: plain cards below trumps, then by power in their own suit."""
    trump = view.trump
    trumped = 1 if trump is not None and is_trump(card, trump) else 0
    return (trumped, _power(card, view, effective_suit(card, trump)))


def _is_boss(card: Card, view: SeatView) -> bool:
    """No unseen card of its own (effective) suit beats ``card`` (a ruff is still possible)."""
    suit = effective_suit(card, view.trump)
    mine = _power(card, view, suit)
    for other in view.unseen_cards():
        if other.is_joker and view.trump is None:
            continue
        if effective_suit(other, view.trump) is suit and _power(other, view, suit) > mine:
            return False
    return True


def _cheapest(cards: Sequence[Card], view: SeatView) -> Card:
    return min(cards, key=lambda c: _cost(c, view))


def _best_six_minus_one(
    cards: list[Card], trump: Suit | None, allowed: Sequence[Card] | None = None, low: bool = False
) -> list[Card]:
    """The five cards to keep from six: drop the weakest card that may be discarded (:func:`_weakest`)."""
    if len(cards) <= 5:
        return cards
    drop = _weakest(cards, trump, allowed, low)
    return [c for c in cards if c is not drop]


def _weakest(
    cards: Sequence[Card], trump: Suit | None, allowed: Sequence[Card] | None = None, low: bool = False
) -> Card:
    """The card of ``cards`` (one of ``allowed``) to discard: the first of the least worth to keep.

    A card's worth: a trump 100 plus its power in trump; a plain card its rank (20 minus it in low
    no trump), 20 more for the top of its suit (the ace; the nine in low no trump) and 3 less when it
    is the only card of its suit (dropping it makes a void). Read from per-card rows built once per
    contract: the dealer's six are counted in every play-out."""
    rows = _worth_rows(trump, low)
    count = [0, 0, 0, 0]
    for c in cards:
        count[rows[c.index][1]] += 1
    keys = None if allowed is None else {c.index for c in allowed}
    drop: Card | None = None
    least = 0.0
    for c in cards:
        if keys is not None and c.index not in keys:
            continue
        worth, suit, trumped = rows[c.index]
        if not trumped and count[suit] == 1:
            worth -= 3
        if drop is None or worth < least:
            drop, least = c, worth
    if drop is None:
        raise ValueError("none of the cards may be discarded")
    return drop


@cache
def _worth_rows(trump: Suit | None, low: bool) -> tuple[tuple[float, int, bool], ...]:
    """Per card index: its worth to keep before the void rebate, its effective suit's index, trump or not."""
    rows: list[tuple[float, int, bool]] = [(0.0, 0, False)] * 33
    top = Rank.NINE if low else Rank.ACE
    for c in deck(32, joker=trump is not None):  # every card (with no trump there is no joker)
        if trump is not None and is_trump(c, trump):
            rows[c.index] = (100.0 + trick_power(c, trump, trump), trump.index, True)
            continue
        value = float(20 - c.rank) if low else float(c.rank)
        if c.rank is top:
            value += 20
        rows[c.index] = (value, effective_suit(c, trump).index, False)
    return tuple(rows)


@cache
def _lowest_rank(size: int) -> Rank:
    """The lowest rank of the pack (no-trump low counts from it)."""
    return min(c.rank for c in deck(size))


def play_out(
    state: HandState | MatchState, players: Mapping[Seat, Player] | Sequence[Player]
) -> HandState | MatchState:
    """Let the players act (each from its own seat view) until the hand or match is over."""
    seats = state.seating.seats
    return play_out_seats(
        state,
        seats,
        players,
        seat_view,
        f"play_out needs one player per seat: {len(seats)} at this table "
        f"({', '.join(s.word for s in seats)}), not {len(players)}",
    )
