"""The players a table seats: the Beginner (the rule-based player with slips), the Expert (the
advisor's best action), a table of two kinds, and the levels a table offers (the package
:mod:`~euchre_tutor.games.classic.bots` exports them)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final, Protocol

from euchre_tutor.bots.shared import play_out_seats
from euchre_tutor.cards import Card
from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.classic.bots.facts import StateFacts
from euchre_tutor.games.classic.bots.playout_bidding import PlayedEnds, Slips, lead_ends, lead_starts
from euchre_tutor.games.classic.bots.rule_based import RuleBasedPlayer, decide_through, finish_bidding_by
from euchre_tutor.games.classic.engine.engine import Action, HandState, MatchState, Seat
from euchre_tutor.games.classic.views import SeatView, seat_view

if TYPE_CHECKING:
    from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis
    from euchre_tutor.games.classic.advisor.dd import LeadStart


class Player(Protocol):
    def choose(self, view: SeatView) -> Action: ...


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
            continuation = Seated(view.seat, self._continuation, self._opponents)
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
class Seated:
    """A table of two kinds of players: ``me``'s side bids as ``ours``, the other side as ``theirs``."""

    me: Seat
    ours: Player
    theirs: Player

    def choose(self, view: SeatView) -> Action:
        return (self.ours if view.seat.team is self.me.team else self.theirs).choose(view)

    def finish_bidding(
        self, state: HandState, me: Seat, first: Action | None = None
    ) -> tuple[HandState, str] | None:
        """The advisor's play-out hook (see :meth:`RuleBasedPlayer.finish_bidding`) when both sides
        are rule-based players; None otherwise."""
        ours, theirs = self.ours, self.theirs
        if type(ours) is not RuleBasedPlayer or type(theirs) is not RuleBasedPlayer:
            return None
        team = self.me.team
        players = tuple(ours if s.team is team else theirs for s in state.seating.seats)
        return finish_bidding_by(state, me, players, first=first)

    def lead_starts(
        self, worlds: Sequence[HandState], me: Seat, first: Action
    ) -> tuple[list[LeadStart | None], list[str]] | None:
        """The advisor's faster play-out hook (see :meth:`RuleBasedPlayer.lead_starts`) when both
        sides are rule-based players; None otherwise."""
        ours, theirs = self.ours, self.theirs
        if type(ours) is not RuleBasedPlayer or type(theirs) is not RuleBasedPlayer or not worlds:
            return None
        team = self.me.team
        players = tuple(ours if s.team is team else theirs for s in worlds[0].seating.seats)
        return lead_starts(worlds, me, players, first)

    def lead_ends(
        self, worlds: Sequence[HandState], me: Seat, first: Action, slips: Slips = None
    ) -> tuple[PlayedEnds, list[str]] | None:
        """The advisor's fastest play-out hook (see :meth:`RuleBasedPlayer.lead_ends`) when both sides
        are rule-based players; None otherwise."""
        ours, theirs = self.ours, self.theirs
        if type(ours) is not RuleBasedPlayer or type(theirs) is not RuleBasedPlayer or not worlds:
            return None
        team = self.me.team
        players = tuple(ours if s.team is team else theirs for s in worlds[0].seating.seats)
        return lead_ends(worlds, me, players, first, slips)


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
        slipped = self._slip(self._words(view.seat, view.up, view.hand, bids, plays, view.scores), view.legal)
        return self._rules.choose(view) if slipped is None else slipped

    def _slip(self, words: str, legal: Sequence[Action]) -> Action | None:
        """The random legal action it slips to, drawn from ``words`` (:meth:`_words`: its seed and the
        seat's view), or None: no slip (nor with one legal action)."""
        if len(legal) < 2:
            return None
        at = _slip_at(words, self.slip, len(legal))
        return None if at < 0 else legal[at]

    def _words(
        self,
        seat: Seat,
        up: Card,
        hand: Sequence[Card],
        bids: list[str],
        plays: list[str],
        scores: tuple[int, ...],
    ) -> str:
        """What a slip is drawn from: the seed and the seat's view in words."""
        return f"{self._head(seat, up)}{' '.join(map(str, hand))}|{bids}|{plays}|{scores}"

    def _head(self, seat: Seat, up: Card) -> str:
        """The words a slip is drawn from up to the seat's hand (:meth:`_words`)."""
        return f"{self.seed}|{seat}|{up}|"

    def finish_bidding(
        self, state: HandState, me: Seat, first: Action | None = None
    ) -> tuple[HandState, str] | None:
        """The classic advisor's play-out hook (see :meth:`RuleBasedPlayer.finish_bidding`): every
        decision up to the first lead as :meth:`choose` takes it (after ``first``, when given), and
        ``me``'s first bid (``"-"``: none), without a seat view per decision: each slip is drawn from
        the words the seat's view would give (no card is played yet; a hand alone has no match score),
        the rule's action read from the state. None for a subclass, which may choose otherwise."""
        if type(self) is not BeginnerPlayer:
            return None
        scores = (0,) * len(state.seating.teams)

        def decide(st: HandState, seat: Seat) -> Action:
            facts = StateFacts(st, seat)
            if not facts.legal:
                raise IllegalAction(f"{seat.word} has nothing to do now")
            words = self._words(seat, st.up, facts.hand, _view_bids(st.history, seat), [], scores)
            slipped = self._slip(words, facts.legal)
            return self._rules._decide(facts) if slipped is None else slipped

        return decide_through(state, me, decide, first)

    def lead_ends(
        self, worlds: Sequence[HandState], me: Seat, first: Action, slips: Slips = None
    ) -> tuple[PlayedEnds, list[str]] | None:
        """The classic advisor's fastest play-out hook (see :meth:`RuleBasedPlayer.lead_ends`): the
        rule-based player's compiled bidding, asked at each decision with a choice whether the
        Beginner slips there (drawn as :meth:`finish_bidding` draws it), and its card play slipping as
        ``slips`` say. None where it does not serve, or for a subclass."""
        if type(self) is not BeginnerPlayer or not worlds:
            return None
        tail = f"|{[]}|{(0,) * len(worlds[0].seating.teams)}"  # no card played; a hand alone has no score
        # per seat, :meth:`_words` up to its hand, and the bids of the worlds' history as its view lists them
        seen: dict[Seat, tuple[str, list[str]]] = {}

        def slip_at(
            ref: HandState, seat: Seat, hand: list[Card], taken: list[tuple[Seat, Action]], count: int
        ) -> int:
            known = seen.get(seat)
            if known is None:
                known = seen[seat] = (self._head(seat, ref.up), _view_bids(ref.history, seat))
            head, before = known
            words = f"{head}{' '.join(map(str, hand))}|{before + _view_bids(taken, seat)}{tail}"
            return _slip_at(words, self.slip, count)

        return lead_ends(worlds, me, (self._rules,) * worlds[0].seating.players, first, slips, slip_at)

    def explain(self, view: SeatView, action: Action) -> str:
        """The rule-based player's reasons, or a slip where it took another action."""
        if action == self._rules.choose(view):
            return self._rules.explain(view, action)
        return (
            "A slip: the Beginner player sometimes takes a random legal action instead of its rule of thumb."
        )


def _view_bids(history: Sequence[tuple[Seat, Action]], seat: Seat) -> list[str]:
    """The bids of a hand's ``history`` as words, as ``seat``'s view lists them (another seat going
    under shows no cards; discards, gifts and plays are not bids)."""
    return [
        f"{s}{Action('under') if a.kind == 'under' and s != seat else a}"
        for s, a in history
        if a.kind not in ("discard", "play", "give")
    ]


@lru_cache(maxsize=4096)
def _slip_at(words: str, slip: float, count: int) -> int:
    """Where among ``count`` legal actions the Beginner slips to, drawn from a generator seeded with
    ``words`` (its seed and the seat's view), or -1: no slip. Kept for the words seen last (the bids'
    play-outs meet the same view in many deals)."""
    rng = random.Random(words)
    return rng.randrange(count) if rng.random() < slip else -1


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
