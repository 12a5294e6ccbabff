"""The position a classic idea is tested on, and the facts of the seat's view the ideas read."""

from __future__ import annotations

from dataclasses import dataclass

from euchre_tutor.advisor.card_ideas import TrickFacts
from euchre_tutor.advisor.shared import TIE_FLOOR
from euchre_tutor.advisor.voice import Idea
from euchre_tutor.cards import Card, Rank, Suit, deck, effective_suit, is_trump, trick_power, trump_order
from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis, ClassicOption
from euchre_tutor.games.classic.engine.engine import Action, Phase
from euchre_tutor.games.classic.engine.scoring import hand_points
from euchre_tutor.games.classic.views import SeatView

# ---- the position an idea is tested on ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """What an idea's condition reads: the seat's view, the analysis, and the move a sentence is about.

    ``move``: the best option's action (with a tie, each tied action in turn: a "because" is said only
    when it holds for every one of them). ``tied``: the options the deals cannot tell from the best.
    ``runner``: the best option outside the tie (None: every option ties). ``gain``: what the best gains
    against the runner-up, in expected points, paired on the same sampled deals (None: no runner-up).
    """

    view: SeatView
    analysis: ClassicAnalysis
    move: Action
    tied: tuple[ClassicOption, ...]
    runner: ClassicOption | None

    @property
    def gain(self) -> float | None:
        return None if self.runner is None else self.runner.ev_gap

    @property
    def option(self) -> ClassicOption:
        return self.analysis.option(self.move)


def tie_group(analysis: ClassicAnalysis) -> tuple[ClassicOption, ...]:
    """The best option and every option the grade calls Best too (the deals cannot tell them apart,
    or the difference is under :data:`~euchre_tutor.advisor.shared.TIE_FLOOR`), best first."""
    mode = analysis.mode if analysis.best.p_win_game is not None else "points"
    floor = TIE_FLOOR[mode]
    rest = [o for o in analysis.options[1:] if o.tied or o.loss <= 0 or o.loss < floor]
    return (analysis.best, *rest)


def position_of(analysis: ClassicAnalysis, view: SeatView, move: Action | None = None) -> Position:
    """The position the analysis's hint is tested on (``move``: default the best option's)."""
    tied = tie_group(analysis)
    runner = next((o for o in analysis.options if o not in tied), None)
    return Position(view, analysis, analysis.best.action if move is None else move, tied, runner)


# ---- facts of the view -------------------------------------------------------------------------------


def _card(p: Position) -> Card | None:
    return p.move.card if p.move.kind == "play" and p.view.phase is Phase.PLAY else None


def _leading(p: Position) -> bool:
    return p.view.phase is Phase.PLAY and not p.view.trick_plays


def _following(p: Position) -> bool:
    return p.view.phase is Phase.PLAY and bool(p.view.trick_plays)


def _suited(p: Position) -> bool:
    """A trump hand (the card-play ideas speak of trumps; a no-trump contract has none)."""
    return p.view.trump is not None and p.view.notrump is None


def _trumps_out(view: SeatView) -> list[Card]:
    """Trumps neither in the seat's hand nor played (nor the up card turned down)."""
    assert view.trump is not None
    gone = view.played_cards() | set(view.hand)
    if not view.up_taken:
        gone |= {view.up}
    pack = deck(view.rules.deck, joker=view.rules.joker)
    return [c for c in pack if is_trump(c, view.trump) and c not in gone]


def _top_trump_left(view: SeatView) -> Card | None:
    assert view.trump is not None
    played = view.played_cards()
    for c in trump_order(view.trump, size=view.rules.deck, joker=view.rules.joker):
        if c not in played and not (not view.up_taken and c == view.up):
            return c
    return None


def _winner(view: SeatView, extra: Card | None = None) -> int:
    """The index in the trick (with ``extra`` played last) of the card winning it now."""
    cards = [c for _, c in view.trick_plays] + ([extra] if extra is not None else [])
    led = effective_suit(cards[0], view.trump)
    best, power = 0, trick_power(cards[0], view.trump, led)
    for i, c in enumerate(cards[1:], 1):
        q = trick_power(c, view.trump, led)
        if q > power:
            best, power = i, q
    return best


def _partner_winning(view: SeatView) -> bool:
    seat = view.trick_plays[_winner(view)][0]
    return seat != view.seat and seat.team is view.seat.team


def _takes(view: SeatView, card: Card) -> bool:
    """Whether ``card`` played now would win the trick so far."""
    return _winner(view, card) == len(view.trick_plays)


def out_cards(view: SeatView) -> set[Card]:
    """Cards other seats may still play: the unseen ones and a picked-up up card not yet played."""
    out = set(view.unseen_cards())
    if view.up_taken and view.seat != view.dealer and view.up not in view.played_cards():
        out.add(view.up)
    return out


def _plays_after(view: SeatView) -> list[str]:
    """The opponents still to play to this trick after the seat."""
    active = [s for s in view.seat.seating.seats if s not in view.sitting_out]
    played = {s for s, _ in view.trick_plays} | {view.seat}
    return [s.word for s in active if s not in played and s.team is not view.seat.team]


def trick_facts(p: Position) -> TrickFacts:
    """What the shared card ideas (:mod:`~euchre_tutor.advisor.card_ideas`) read of a classic position."""
    v = p.view
    seat, winning = v.trick_plays[_winner(v)] if _following(p) else (None, None)
    return TrickFacts(
        _card(p),
        [o.action.card if o.action.kind == "play" else None for o in p.tied],
        v.trump,
        v.hand,
        out_cards(v),
        lambda card: _takes(v, card),
        None if seat is None or winning is None else (seat.word, winning),
        v.notrump,
        [c for _, c in v.trick_plays],
        partner_winning=seat is not None and seat != v.seat and seat.team is v.seat.team,
        plays_last=not _plays_after(v),
        legal=_legal_cards(v),
    )


def _to_play_after(view: SeatView) -> list[str]:
    """Every seat, partner or opponent, still to play to this trick after the seat."""
    active = [s for s in view.seat.seating.seats if s not in view.sitting_out]
    played = {s for s, _ in view.trick_plays} | {view.seat}
    return [s.word for s in active if s not in played]


def sure_trumps(view: SeatView) -> list[Card]:
    """The seat's trumps that no card still in play can beat, highest first: the top of trump down to the
    first trump another seat may hold (a trump on the table in this trick counts as one a seat holds, so
    each of these wins whatever trick it is played to)."""
    if view.trump is None or view.notrump is not None:
        return []
    gone = {c for t in view.tricks for c in t.cards}
    if not view.up_taken:
        gone.add(view.up)
    if view.seat == view.dealer and view.discard is not None:
        gone.add(view.discard)
    sure = []
    for c in trump_order(view.trump, size=view.rules.deck, joker=view.rules.joker):
        if c in view.hand:
            sure.append(c)
        elif c not in gone:
            break
    return sure


def trick_goes(view: SeatView) -> str | None:
    """Who takes the trick in play whatever the seat plays: ``"us"`` (partner is winning it and no
    opponent plays after), ``"them"`` (an opponent is winning it, no card of the seat's takes it and nobody
    plays after), else None (the seat leads, or its card decides)."""
    if not view.trick_plays:
        return None
    if _partner_winning(view):
        return "us" if not _plays_after(view) else None
    legal = _legal_cards(view)
    return "them" if not _to_play_after(view) and not any(_takes(view, c) for c in legal) else None


@dataclass(frozen=True, slots=True)
class Outlook:
    """What the cards already settle of a four-player hand: the makers' tricks taken, the fewest and the
    most they can end with whatever anyone plays, the seat's :func:`sure_trumps` and :func:`trick_goes`.
    ``counted``: whether the trick in play is counted in ``low``/``high`` (a sure trump the seat may play to
    it would otherwise be counted twice)."""

    makers: int
    defenders: int
    low: int
    high: int
    sure: tuple[Card, ...]
    trick: str | None
    counted: bool

    @property
    def settled(self) -> bool:
        return self.low >= 3 or self.high < 3


def outlook(view: SeatView) -> Outlook | None:
    """The hand's :class:`Outlook` when the seat plays in a four-player hand with trump made (else None)."""
    if view.phase is not Phase.PLAY or view.maker is None or view.players != 4:
        return None
    makers = sum(1 for t in view.tricks if t.winner.team is view.maker.team)
    defenders = len(view.tricks) - makers
    sure, trick = sure_trumps(view), trick_goes(view)
    counted = trick == "them" or (trick == "us" and not set(sure) & set(_legal_cards(view)))
    ours = len(sure) + (1 if counted and trick == "us" else 0)
    theirs = 1 if trick == "them" else 0
    left = len(view.hand)
    if view.is_maker_side:
        low, high = makers + ours, makers + left - theirs
    else:
        low, high = makers + theirs, makers + left - ours
    return Outlook(makers, defenders, low, high, tuple(sure), trick, counted)


def _lines(view: SeatView, o: Outlook) -> list[int]:
    """The makers' trick counts within reach that score differently from one fewer."""
    lone = view.lone_defender is not None
    points = [hand_points(view.rules, k, view.alone, lone)[:2] for k in range(o.low, o.high + 1)]
    return [o.low + i for i in range(1, len(points)) if points[i] != points[i - 1]]


def settled(view: SeatView) -> Outlook | None:
    """The :class:`Outlook` when no card played from here on can change the hand's points (else None)."""
    o = outlook(view)
    return o if o is not None and o.settled and not _lines(view, o) else None


def one_line(view: SeatView) -> tuple[Outlook, int] | None:
    """The :class:`Outlook` and the one trick count still within reach that changes the hand's points, when
    it is the make (3) or the march (5) (else None)."""
    o = outlook(view)
    lines = [] if o is None else _lines(view, o)
    return (o, lines[0]) if o is not None and lines in ([3], [5]) else None


def _legal_cards(view: SeatView) -> list[Card]:
    return [a.card for a in view.legal if a.kind == "play" and a.card is not None]


def _holds_led(view: SeatView) -> bool:
    led = view.led_suit
    return any(effective_suit(c, view.trump) is led for c in view.hand)


def _lowest_of_its_suit(view: SeatView, card: Card) -> bool:
    """``card`` is no trump (unless every legal card is one) and no lower legal card of its suit is held."""
    legal = _legal_cards(view)
    trump = view.trump
    if trump is not None and is_trump(card, trump) and not all(is_trump(c, trump) for c in legal):
        return False
    suit = effective_suit(card, trump)
    power = trick_power(card, trump, suit)
    return all(
        trick_power(c, trump, suit) >= power for c in legal if effective_suit(c, trump) is suit and c != card
    )


def _bid_trump(view: SeatView, action: Action) -> Suit | None:
    if action.notrump is not None:
        return None
    if action.kind == "order":
        return view.up_suit
    if action.kind == "call":
        return action.suit
    return None


def _trumps_held(view: SeatView, trump: Suit, picks_up: bool = False) -> list[Card]:
    order = trump_order(trump, size=view.rules.deck, joker=view.rules.joker)
    cards = [*view.hand, *([view.up] if picks_up else [])]
    return [c for c in order if c in cards]


def _side_aces(view: SeatView, trump: Suit) -> list[Card]:
    return [c for c in view.hand if c.rank is Rank.ACE and c.suit is not None and not is_trump(c, trump)]


def _dealer_picks_up(view: SeatView, action: Action) -> bool:
    return action.kind == "order" and view.seat == view.dealer


def _strongest_bid(p: Position) -> ClassicOption | None:
    """The bid (order or call, with partner) that loses least: what a pass is weighed against."""
    return next(
        (
            o
            for o in p.analysis.options
            if o.action.kind in ("order", "call") and not o.action.alone and _bid_trump(p.view, o.action)
        ),
        None,
    )


def _rule_trump(p: Position) -> Suit | None:
    """The trump the reminders speak of: the hand's, or the one the move (or round 1) proposes."""
    if p.view.trump is not None:
        return p.view.trump if p.view.notrump is None else None
    trump = _bid_trump(p.view, p.move)
    if trump is None and p.view.phase is Phase.ROUND_1:
        trump = p.view.up_suit
    return trump


def named_positions(p: Position) -> list[Position]:
    """The positions a hint's sentences must hold in: one for each move the move sentence names (each
    tied option as the move), else ``p`` itself."""
    moves = [o.action for o in p.tied] if len(p.tied) > 1 else [p.move]
    return [_with_move(p, m) for m in moves]


def _holds_for_all(idea: Idea[Position], p: Position) -> bool:
    return all(idea.holds(q) for q in named_positions(p))


def _with_move(p: Position, move: Action) -> Position:
    return Position(p.view, p.analysis, move, p.tied, p.runner)


def _partner_reason(p: Position) -> tuple[str, float, float, str] | None:
    """What partner's bids showed, from the analysis's reason numbers: (partner, trumps held on average,
    for a hand dealt at random, the trump) when partner bid something and the two differ."""
    for r in p.analysis.reasons:
        if r.rule != "classic.advice-partner":
            continue
        trump = _rule_trump(p)
        nums = r.numbers
        try:
            held, random = float(nums["trumps"]), float(nums["random"])
        except (KeyError, TypeError, ValueError):
            return None
        partner = str(nums.get("partner", ""))
        seat = next((s for s in p.view.seat.partners if str(s) == partner), None)
        if seat is None or trump is None:
            return None
        bids = [a for s, a in p.view.bids if s == seat]
        if not bids or abs(held - random) < 0.3:
            return None
        return seat.word, held, random, trump.plural
    return None
