"""The Bid Euchre hint in a player's words: the ideas a hint may name, each with its test, and
:func:`explain`, an analysis as an :class:`~euchre_tutor.advisor.voice.Explanation`.

Every sentence of a hint is :class:`~euchre_tutor.advisor.voice.Said` in the name of one
:data:`IDEAS` entry, and that idea's ``holds(position)`` re-checks, on the position and the
analysis, both that its facts are true and that the best move is the one it recommends (the tests
run :func:`~euchre_tutor.advisor.voice.false_sentences` on every hint they draw). The numbers still
decide which move is best; the words only say why, and an idea whose condition fails is not said
(the hint then says what the sampled deals found, which is always true).

The bidding: counting tricks before you bid (the trumps you would hold, the bowers, the side aces),
bidding what your side can take with your partner's help, no trump when you hold the top of several
suits, going alone, the score, and the stand (outbid, or pass and let a bid stand). The play: pull
trump as the maker, cash an ace, partner is winning (play low), trump it (ruff), win as cheaply as
you can, throw your weakest card. Rule reminders: the left bower belongs to trump; you must follow
suit.

The compare depth lists the few choices that matter (the best, those tied with it, the nearest
others: at most :data:`COMPARE_MOST`); the figures depth every choice with its numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from euchre_tutor.advisor.shared import Grade, grade_label
from euchre_tutor.advisor.voice import (
    BRIEF_WORDS,
    Depth,
    Explanation,
    Idea,
    Namer,
    Said,
    capital,
    chance_words,
    join_words,
    lower_first,
    minus,
    points_words,
    signed_points,
    suit_words,
)
from euchre_tutor.cards import (
    Card,
    Rank,
    Suit,
    card_power,
    effective_suit,
    is_left_bower,
    is_right_bower,
    left_bower,
)
from euchre_tutor.games.bid.engine import Action, Phase
from euchre_tutor.games.bid.views import SeatView

__all__ = [
    "COMPARE_MOST",
    "IDEAS",
    "AnalysisFacts",
    "BidPosition",
    "OptionFacts",
    "action_words",
    "compared",
    "explain",
    "gerund",
    "grade_words",
    "option_label",
]

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
    """What an idea is checked on: the seat's view and the analysis of its decision."""

    view: SeatView
    analysis: AnalysisFacts

    @property
    def best(self) -> Action:
        return self.analysis.best.action

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


# ---------------------------------------------------------------------------------------------
# The ideas' conditions (each: the facts the sentence states, and that the best move is the one
# it recommends)


def _bid_level(pos: BidPosition) -> bool:
    a = pos.best
    return a.kind == "bid" and a.alone is None


def _count_tricks(pos: BidPosition) -> bool:
    a = pos.best
    suit = _contract_suit(a, pos.view)
    if a.kind not in ("bid", "trump") or a.alone is not None or suit is None:
        return False
    return len(trumps_in(pos.view.hand, suit)) >= 2


def _partner_help(pos: BidPosition) -> bool:
    o = pos.analysis.best
    return _bid_level(pos) and o.bidders == "us" and o.p_make >= 0.5


def _no_trump_high(pos: BidPosition) -> bool:
    a = pos.best
    return a.kind == "bid" and a.notrump == "high" and len(suits_topped(pos.view.hand, low=False)) >= 2


def _no_trump_low(pos: BidPosition) -> bool:
    a = pos.best
    return a.kind == "bid" and a.notrump == "low" and len(suits_topped(pos.view.hand, low=True)) >= 2


def _alone(pos: BidPosition) -> bool:
    a = pos.best
    hand = pos.view.hand
    if a.kind != "bid" or a.alone is None:
        return False
    if a.suit is not None:
        top = [c for c in hand if c.is_joker or is_right_bower(c, a.suit)]
        return bool(top) and len(trumps_in(hand, a.suit)) >= 3
    if a.notrump is not None:
        return len(suits_topped(hand, low=a.notrump == "low")) >= 3
    return False


def _score(pos: BidPosition) -> bool:
    a = pos.best
    need = _points_to_win(pos.view)
    return _bid_level(pos) and a.level is not None and 0 < need <= a.level


def _opponents_hold_bid(view: SeatView) -> bool:
    return view.high is not None and view.bidder is not None and view.bidder.team is not view.seat.team


def _pass_option(pos: BidPosition) -> OptionFacts | None:
    return next((o for o in pos.analysis.options if o.action.kind == "pass"), None)


def _best_bid_option(pos: BidPosition) -> OptionFacts | None:
    return next((o for o in pos.analysis.options if o.action.kind == "bid"), None)


def _outbid(pos: BidPosition) -> bool:
    p = _pass_option(pos)
    return pos.best.kind == "bid" and _opponents_hold_bid(pos.view) and p is not None and not p.tied


def _stand_partner(pos: BidPosition) -> bool:
    v = pos.view
    return pos.best.kind == "pass" and v.bidder is not None and v.bidder == v.seat.partner


def _stand(pos: BidPosition) -> bool:
    b = _best_bid_option(pos)
    return (
        pos.best.kind == "pass"
        and pos.view.phase is Phase.BIDDING
        and not _stand_partner(pos)
        and b is not None
        and not b.tied
        and b.loss > 0
    )


def _pull_trump(pos: BidPosition) -> bool:
    v, card = pos.view, _best_card(pos)
    if card is None or v.trick_plays or v.trump is None or not v.is_bidder_side:
        return False
    out = [c for c in v.unseen_cards() if effective_suit(c, v.trump) is v.trump]
    return effective_suit(card, v.trump) is v.trump and bool(out)


def _cash_ace(pos: BidPosition) -> bool:
    v, card = pos.view, _best_card(pos)
    if card is None or v.trick_plays or card.rank is not Rank.ACE or card.suit is None:
        return False
    if v.trump is not None:
        return (
            effective_suit(card, v.trump) is card.suit
            and card.suit is not v.trump
            and not any(card.suit in void for void in v.voids)
        )
    return v.notrump == "high" and not v.rules.double_deck


def _partner_wins(pos: BidPosition) -> bool:
    v, card = pos.view, _best_card(pos)
    w = _winner(v)
    return card is not None and w is not None and _partner_winning(v) and not _beats(v, card, w[1])


def _ruff(pos: BidPosition) -> bool:
    v, card = pos.view, _best_card(pos)
    w = _winner(v)
    if card is None or w is None or v.trump is None or _following(v) or not _opponent_winning(v):
        return False
    if effective_suit(card, v.trump) is not v.trump or not _beats(v, card, w[1]):
        return False
    winners = [c for c in _legal_cards(v) if _beats(v, c, w[1])]
    return _power(v, card) == min(_power(v, c) for c in winners)


def _cheap_win(pos: BidPosition) -> bool:
    v, card = pos.view, _best_card(pos)
    w = _winner(v)
    if card is None or w is None or not _opponent_winning(v) or not _beats(v, card, w[1]):
        return False
    if _ruff(pos):
        return False
    winners = [c for c in _legal_cards(v) if _beats(v, c, w[1])]
    return _power(v, card) == min(_power(v, c) for c in winners)


def _throw_weakest(pos: BidPosition) -> bool:
    v, card = pos.view, _best_card(pos)
    w = _winner(v)
    if card is None or w is None or not _opponent_winning(v):
        return False
    legal = _legal_cards(v)
    if any(_beats(v, c, w[1]) for c in legal):
        return False
    return _weakness(v, card) == min(_weakness(v, c) for c in legal)


def _short_suit(pos: BidPosition) -> bool:
    """A discard of the kitty or the loner's that leaves the hand without a side suit."""
    v, a = pos.view, pos.best
    if a.kind != "discard" or a.card is None or v.trump is None:
        return False
    suit = effective_suit(a.card, v.trump)
    if suit is v.trump:
        return False
    rest = list(v.hand)
    rest.remove(a.card)
    return not any(effective_suit(c, v.trump) is suit for c in rest)


def _top_trump_gift(pos: BidPosition) -> bool:
    v, a = pos.view, pos.best
    if a.kind != "give" or a.card is None or v.trump is None:
        return False
    trumps = trumps_in(v.hand, v.trump)
    return a.card in trumps and card_power(a.card, v.trump, v.trump) == max(
        card_power(c, v.trump, v.trump) for c in trumps
    )


def _left_bower_now(pos: BidPosition) -> bool:
    suit = _contract_suit(pos.best, pos.view)
    return suit is not None and any(is_left_bower(c, suit) for c in pos.view.hand)


def _must_follow(pos: BidPosition) -> bool:
    return pos.view.phase is Phase.PLAY and _following(pos.view)


def _best_always(pos: BidPosition) -> bool:
    return bool(pos.analysis.options)


def _has_ties(pos: BidPosition) -> bool:
    return any(o.tied for o in pos.analysis.options[1:])


def _has_costs(pos: BidPosition) -> bool:
    return any(not o.tied for o in pos.analysis.options[1:])


def _idea(id: str, name: str, holds: Callable[[BidPosition], bool], lesson: str = "") -> Idea[BidPosition]:
    return Idea(id, name, holds, lesson)


#: every idea a Bid Euchre hint may say, by id
IDEAS: Final[dict[str, Idea[BidPosition]]] = {
    i.id: i
    for i in (
        _idea("bid.count-tricks", "Count your tricks before you bid", _count_tricks, "bid-counting"),
        _idea(
            "bid.partner-help",
            "Bid what your side takes with your partner's help",
            _partner_help,
            "bid-counting",
        ),
        _idea(
            "bid.no-trump-high",
            "No trump (high) with the top of several suits",
            _no_trump_high,
            "bid-bidding",
        ),
        _idea(
            "bid.no-trump-low", "No trump low with the nines of several suits", _no_trump_low, "bid-bidding"
        ),
        _idea("bid.alone", "Go alone with the top trumps", _alone, "alone"),
        _idea("bid.score", "The score: a made bid wins the game", _score, "bid-bidding"),
        _idea("bid.outbid", "Outbid: letting their bid stand costs more", _outbid, "bid-bidding"),
        _idea("bid.stand", "Pass: outbidding costs more than it gains", _stand, "bid-bidding"),
        _idea("bid.stand-partner", "Pass: your partner's bid stands", _stand_partner, "bid-bidding"),
        _idea("play.pull-trump", "Pull trump as the maker", _pull_trump, "tricks"),
        _idea("play.cash-ace", "Cash the ace first", _cash_ace, "tricks"),
        _idea("play.partner-winning", "Partner is winning: play low", _partner_wins, "tricks"),
        _idea("play.ruff", "Trump it with the lowest trump that wins", _ruff, "tricks"),
        _idea("play.cheap-win", "Win as cheaply as you can", _cheap_win, "tricks"),
        _idea("play.throw-weakest", "You cannot win: throw your weakest card", _throw_weakest, "tricks"),
        _idea("play.short-suit", "Short-suit yourself", _short_suit, "tricks"),
        _idea("play.top-trump-gift", "Pass the loner your best trump", _top_trump_gift, "alone"),
        _idea("rule.left-bower", "The left bower belongs to trump", _left_bower_now, "bowers"),
        _idea("rule.follow-suit", "You must follow suit", _must_follow, "follow-suit"),
        _idea("result.best", "What the sampled deals found", _best_always),
        _idea("compare.tie", "Choices the deals cannot tell apart", _has_ties),
        _idea("compare.cost", "What a choice costs against the best", _has_costs),
    )
}


# ---------------------------------------------------------------------------------------------
# Actions in words


class _Words:
    """Cards (through a :class:`Namer`) and suits in words the first time in one text, short after."""

    def __init__(self, namer: Namer | None = None) -> None:
        self.namer = namer or Namer()
        self._suits: set[Suit] = set()

    def card(self, card: Card) -> str:
        return self.namer.card(card)

    def cards(self, cards: Sequence[Card]) -> str:
        return self.namer.cards(cards)

    def suit(self, suit: Suit) -> str:
        if suit in self._suits:
            return suit.plural
        self._suits.add(suit)
        return suit_words(suit)


def _contract(suit: Suit | None, notrump: str | None, words: _Words) -> str:
    """``'in diamonds (♦)'``, ``'in no trump, high cards win'``, ``''`` (tricks only)."""
    if suit is not None:
        return f"in {words.suit(suit)}"
    if notrump == "high":
        return "in no trump, high cards win"
    if notrump == "low":
        return "in no trump low, the lowest card of the led suit wins"
    return ""


def _contract_short(suit: Suit | None, notrump: str | None) -> str:
    if suit is not None:
        return f"in {suit.plural}"
    if notrump is not None:
        return "in no trump" if notrump == "high" else "in no trump low"
    return ""


_ALONE_WORDS: Final = {
    "alone": "go alone",
    "call-1": "call for one card from your partner and go alone",
    "call-2": "call for two cards from your partner and go alone",
}


def bid_words(action: Action, short: bool = False, words: _Words | None = None) -> str:
    """A bid or a standing bid without a verb: ``'3 in diamonds (♦)'``, ``'alone in spades'``."""
    contract = (
        _contract_short(action.suit, action.notrump)
        if short or words is None
        else _contract(action.suit, action.notrump, words)
    )
    head = f"{action.level}" if action.alone is None else "alone"
    return f"{head} {contract}".strip()


def action_words(action: Action, view: SeatView, words: _Words | None = None, short: bool = False) -> str:
    """``action`` as an instruction, capitalised, without a full stop: ``'Bid 3 in diamonds (♦)'``,
    ``'Pass: the bid stands at 1 in diamonds, made by East'``, ``'Lead the ace of hearts (A♥)'``.
    ``short``: suits and cards without their first-mention words (a list of choices)."""
    w = words or _Words()
    kind = action.kind
    if kind == "pass":
        if short or view.high is None or view.bidder is None or view.phase is not Phase.BIDDING:
            return "Pass"
        who = "your partner" if view.bidder == view.seat.partner else view.bidder.word
        return f"Pass: the bid stands at {bid_words(view.high, short=True)}, made by {who}"
    if kind == "bid":
        contract = (
            _contract_short(action.suit, action.notrump)
            if short
            else _contract(action.suit, action.notrump, w)
        )
        if action.alone is not None:
            head = _ALONE_WORDS[action.alone]
            return f"{head[0].upper()}{head[1:]} {contract}".strip()
        return f"Bid {action.level} {contract}".strip()
    if kind == "trump":
        if action.suit is not None:
            return f"Name {action.suit.plural if short else w.suit(action.suit)} as trump"
        return "Name no trump" + ("" if action.notrump == "high" else " low")
    card = action.card
    assert card is not None
    name = card.symbol if short else w.card(card)
    if kind == "discard":
        return f"Discard {name}"
    if kind == "give":
        return f"Pass {name} to your partner"
    return f"{'Lead' if not view.trick_plays else 'Play'} {name}"


def option_label(action: Action) -> str:
    """A choice in a table of figures: ``'Bid 3 in ♦'``, ``'Bid 4 in no trump'``, ``'Play 9♠'``."""
    kind = action.kind
    if kind == "pass":
        return "Pass"
    contract = (
        f"in {action.suit.symbol}"
        if action.suit is not None
        else ("in no trump" if action.notrump == "high" else "in no trump low" if action.notrump else "")
    )
    if kind == "bid":
        head = (
            f"Bid {action.level}"
            if action.alone is None
            else {"alone": "Alone", "call-1": "Call 1", "call-2": "Call 2"}[action.alone]
        )
        return f"{head} {contract}".strip()
    if kind == "trump":
        return f"Trump {contract[3:] if contract.startswith('in ') else contract}".strip()
    assert action.card is not None
    return f"{kind.capitalize()} {action.card.symbol}"


# ---------------------------------------------------------------------------------------------
# The sentences


def _singular(suit: Suit) -> str:
    return suit.plural[:-1]


def _n(k: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")[k] if k < 9 else str(k)


def _count_sentence(pos: BidPosition, words: _Words) -> str:
    a, hand = pos.best, pos.view.hand
    suit = _contract_suit(a, pos.view)
    assert suit is not None
    trumps = trumps_in(hand, suit)
    bowers = [c for c in trumps if is_right_bower(c, suit) or is_left_bower(c, suit)]
    bowers.sort(key=lambda c: not is_right_bower(c, suit))
    aces = side_aces(hand, suit)
    text = f"{capital(_contract_short(suit, None))} you would hold {_n(len(trumps))} trumps"
    if len(bowers) == 2:
        text += " with both bowers"
    elif bowers:
        which = "right" if is_right_bower(bowers[0], suit) else "left"
        text += f" with the {which} bower ({bowers[0].symbol})"
    if aces:
        text += f", and {join_words([words.card(c) for c in aces])} on the side"
    return text + "."


def _why_bidding(pos: BidPosition, words: _Words) -> list[Said]:
    v, a, o = pos.view, pos.best, pos.analysis.best
    out: list[Said] = []
    if _outbid(pos):
        p = _pass_option(pos)
        assert p is not None and v.high is not None and v.bidder is not None
        out.append(
            Said(
                "bid.outbid",
                f"Letting {v.bidder.word}'s bid of {bid_words(v.high, short=True)} stand costs your side "
                f"{points_words(p.loss)} a hand more than this bid.",
                "bid-bidding",
            )
        )
    if _alone(pos):
        if a.suit is not None:
            top = [c for c in v.hand if c.is_joker or is_right_bower(c, a.suit) or is_left_bower(c, a.suit)]
            out.append(
                Said(
                    "bid.alone",
                    f"You hold the top trumps ({words.cards(top)}) and {_n(len(trumps_in(v.hand, a.suit)))} "
                    f"trumps in all: your partner's cards would add little, and a lone hand that takes every "
                    f"trick scores {v.rules.alone_value(a.alone or 'alone')} points.",
                    "alone",
                )
            )
        else:
            suits = suits_topped(v.hand, low=a.notrump == "low")
            out.append(
                Said(
                    "bid.alone",
                    f"You hold the top card of {_n(len(suits))} suits: your partner's cards would add little, "
                    f"and a lone hand that takes every trick scores {v.rules.alone_value(a.alone or 'alone')} points.",
                    "alone",
                )
            )
    if _count_tricks(pos):
        out.append(Said("bid.count-tricks", _count_sentence(pos, words), "bid-counting"))
    if _no_trump_high(pos):
        aces = [c for c in v.hand if c.rank is Rank.ACE and c.suit is not None]
        out.append(
            Said(
                "bid.no-trump-high",
                f"You hold the top of {_n(len(suits_topped(v.hand, low=False)))} suits ({words.cards(aces)}), "
                "and in no trump nobody can trump them.",
                "bid-bidding",
            )
        )
    if _no_trump_low(pos):
        nines = [c for c in v.hand if c.rank is Rank.NINE and c.suit is not None]
        out.append(
            Said(
                "bid.no-trump-low",
                f"You hold the nines of {_n(len(suits_topped(v.hand, low=True)))} suits ({words.cards(nines)}): "
                "in no trump low the lowest card wins, so they are the top cards.",
                "bid-bidding",
            )
        )
    if _score(pos):
        out.append(
            Said(
                "bid.score",
                f"Your side needs {_points_to_win(v)} more point{'s' if _points_to_win(v) != 1 else ''} to "
                f"reach {v.rules.target}: making this bid wins the game.",
                "bid-bidding",
            )
        )
    if _partner_help(pos):
        out.append(
            Said(
                "bid.partner-help",
                " ".join(
                    f"With your partner's help your side takes about {o.tricks:.1f} tricks "
                    f"{_contract_short(a.suit, a.notrump)}".split()
                )
                + f", and makes a bid of {a.level} {chance_words(o.p_make)}.",
                "bid-counting",
            )
        )
    if _stand_partner(pos):
        assert v.high is not None
        out.append(
            Said(
                "bid.stand-partner",
                f"Your partner's bid of {bid_words(v.high, short=True)} stands: bidding over your partner only "
                "raises what your side must take.",
                "bid-bidding",
            )
        )
    if _stand(pos):
        b = _best_bid_option(pos)
        assert b is not None
        first = "Outbidding" if _opponents_hold_bid(v) else "Bidding"
        out.append(
            Said(
                "bid.stand",
                f"{first} costs more than it gains here: your best bid, {bid_words(b.action, short=True)}, "
                f"gives up {points_words(b.loss)} a hand against passing.",
                "bid-bidding",
            )
        )
    return out


def _why_play(pos: BidPosition, words: _Words) -> list[Said]:
    v = pos.view
    card = _best_card(pos)
    out: list[Said] = []
    if card is None:
        return out
    w = _winner(v)
    if _pull_trump(pos):
        out.append(
            Said(
                "play.pull-trump",
                "Your side made trump, so lead trump to pull the opponents' trumps: then your side cards can "
                "win later without being trumped.",
                "tricks",
            )
        )
    if _cash_ace(pos):
        suit = card.suit
        assert suit is not None
        text = (
            f"Cash the ace now, while everyone still has {suit.plural}: later someone may be out of them "
            "and trump it."
            if v.trump is not None
            else f"In no trump nobody can trump: the ace is the highest {_singular(suit)} and wins the trick."
        )
        out.append(Said("play.cash-ace", text, "tricks"))
    if _partner_wins(pos):
        assert w is not None
        out.append(
            Said(
                "play.partner-winning",
                f"Your partner's {w[1].symbol} is already winning the trick: play low and save your high cards"
                + (
                    " (never trump your partner's winner)."
                    if not _following(v) and v.trump is not None
                    else "."
                ),
                "tricks",
            )
        )
    if _ruff(pos):
        led = v.led_suit
        assert led is not None
        out.append(
            Said(
                "play.ruff",
                f"You have no {led.plural}, so trump it: {card.symbol} is the lowest trump that wins the trick, "
                "and your higher trumps stay for the trumps still out.",
                "tricks",
            )
        )
    if _cheap_win(pos):
        assert w is not None
        who = v.trick_plays[w[0]][0].word
        out.append(
            Said(
                "play.cheap-win",
                f"Win the trick as cheaply as you can: {card.symbol} is your lowest card that beats "
                f"{who}'s {w[1].symbol}.",
                "tricks",
            )
        )
    if _throw_weakest(pos):
        assert w is not None
        who = v.trick_plays[w[0]][0].word
        out.append(
            Said(
                "play.throw-weakest",
                f"You cannot beat {who}'s {w[1].symbol}: throw your weakest card and keep the ones that can "
                "still win.",
                "tricks",
            )
        )
    return out


def _why_other(pos: BidPosition, words: _Words) -> list[Said]:
    v, a = pos.view, pos.best
    out: list[Said] = []
    if a.kind == "trump" and _count_tricks(pos):
        out.append(Said("bid.count-tricks", _count_sentence(pos, words), "bid-counting"))
    if _short_suit(pos):
        assert a.card is not None and v.trump is not None
        suit = effective_suit(a.card, v.trump)
        out.append(
            Said(
                "play.short-suit",
                f"It leaves you without {suit.plural}, so when {suit.plural} are led you can trump them.",
                "tricks",
            )
        )
    if _top_trump_gift(pos):
        out.append(
            Said(
                "play.top-trump-gift",
                "Your partner plays alone and must take every trick: your best trump helps most.",
                "alone",
            )
        )
    return out


def _result_sentence(pos: BidPosition) -> Said:
    o = pos.analysis.best
    if _has_ties(pos):
        return Said(
            "result.best",
            "The deals that fit what you have seen cannot tell the tied choices apart: your side comes out "
            f"about {signed_points(o.ev)} a hand (your points minus theirs).",
        )
    return Said(
        "result.best",
        f"In the deals that fit what you have seen, it scores the most for your side: {signed_points(o.ev)} "
        "a hand on average (your points minus theirs).",
    )


def _reminder(pos: BidPosition, words: _Words) -> Said | None:
    v = pos.view
    suit = _contract_suit(pos.best, v)
    led = v.led_suit
    if _left_bower_now(pos) and suit is not None:
        lb = left_bower(suit)
        natural = lb.suit
        assert natural is not None
        bidding = v.phase is not Phase.PLAY or led in (suit, natural)
        if bidding:
            return Said(
                "rule.left-bower",
                f"{capital(words.card(lb))} is the left bower with {suit.plural} trump: a "
                f"{_singular(suit)}, not a {_singular(natural)}.",
                "bowers",
            )
    if _must_follow(pos) and led is not None:
        return Said(
            "rule.follow-suit",
            f"{led.plural.capitalize()} were led and you hold {led.plural}: you must follow suit.",
            "follow-suit",
        )
    return None


# ---------------------------------------------------------------------------------------------
# The choices that matter


def compared(analysis: AnalysisFacts) -> list[OptionFacts]:
    """The choices the compare depth names, best first: the best, up to :data:`COMPARE_TIES` tied with
    it, then the nearest others, at most :data:`COMPARE_MOST` in all."""
    options = list(analysis.options)
    if not options:
        return []
    best, rest = options[0], options[1:]
    ties = [o for o in rest if o.tied][:COMPARE_TIES]
    others = [o for o in rest if not o.tied]
    out = [best, *ties]
    out += others[: max(0, COMPARE_MOST - len(out))]
    return out


_GERUNDS: Final = {
    "Bid": "Bidding",
    "Pass": "Passing",
    "Play": "Playing",
    "Lead": "Leading",
    "Discard": "Discarding",
    "Name": "Naming",
    "Go": "Going",
    "Call": "Calling",
}


def gerund(text: str) -> str:
    """An instruction as the subject of a sentence: ``'Bid 3 in ♦'`` → ``'Bidding 3 in ♦'``."""
    verb, _, rest = text.partition(" ")
    return f"{_GERUNDS[verb]} {rest}".strip() if verb in _GERUNDS else text


def _alternative(pos: BidPosition, o: OptionFacts) -> Said:
    text = gerund(action_words(o.action, pos.view, short=True))
    bidding = o.action.kind == "bid" and o.action.alone is None and o.bidders == "us"
    made = f"made {chance_words(o.p_make)}" if bidding else ""
    if o.tied:
        notes = ["a tie"]
        if o.loss >= 0.025:
            notes.append(f"it came out {points_words(o.loss)} lower, within what the deals can tell")
        if made:
            notes.append(made)
        return Said("compare.tie", f"{text} does about as well ({'; '.join(notes)}).")
    return Said("compare.cost", f"{text} costs {points_words(o.loss)} a hand{f' ({made})' if made else ''}.")


def _move(pos: BidPosition, words: _Words) -> str:
    options = pos.analysis.options
    best = options[0]
    ties = [o for o in options[1:] if o.tied]
    head = action_words(best.action, pos.view, words)
    if not ties:
        return head + "."
    if len(ties) == 1:
        tie = ties[0].action
        if best.action.kind == tie.kind and best.action.card is not None and tie.card is not None:
            return f"{head} or {words.card(tie.card)}: they are equally good."
        other = lower_first(action_words(tie, pos.view, words))
        return f"{head}, or {other}: they are equally good."
    if len(ties) == len(options) - 1:
        return f"{head}: every choice here does about as well (they tie)."
    kind = "bids" if best.action.kind in ("bid", "pass") else "choices"
    return f"{head}; {_n(len(ties))} other {kind} tie with it."


def _figure_line(pos: BidPosition, o: OptionFacts, best: bool) -> str:
    label = option_label(o.action)
    value = minus(f"{o.ev:+.2f} ± {o.ev_interval:.2f} points a hand")
    loss = (
        ""
        if best
        else (
            "; a tie with the best"
            if o.tied
            else minus(f"; {o.loss:.2f} ± {o.interval:.2f} points less than the best on the same deals")
        )
    )
    extra = ""
    if o.action.kind in ("bid", "pass"):
        if o.bidders == "us" and o.action.kind == "bid":
            extra = f"; your side takes {o.tricks:.1f} tricks on average and makes the bid {100 * o.p_make:.0f}% of the time"
        else:
            extra = f"; your side takes {o.tricks:.1f} tricks on average"
    else:
        extra = f"; your side takes {o.tricks:.1f} tricks on average"
    return f"{label}: {value}{loss}{extra}."


def method_words(analysis: AnalysisFacts, view: SeatView) -> str:
    """How the figures were made, in words (the figures depth)."""
    play = view.phase is Phase.PLAY and (not view.rules.double_deck or len(view.hand) <= 7)
    how = (
        "each card was played out with every hand face up and both sides playing their best"
        if play
        else "after each choice the computer players bid and play on, and the last tricks are played with "
        "every hand face up and both sides playing their best"
    )
    return (
        f"Each choice was valued over {analysis.worlds} deals that fit what you have seen: {how}; "
        "± marks a 95% interval."
    )


def explain(analysis: AnalysisFacts, view: SeatView, namer: Namer | None = None) -> Explanation:
    """The hint of ``view``'s decision from ``analysis``, in words at every depth (see the module doc)."""
    pos = BidPosition(view, analysis)
    words = _Words(namer)
    move = _move(pos, words)
    if pos.best.kind in ("bid", "pass"):
        why = _why_bidding(pos, words)
    elif pos.best.kind == "play":
        why = _why_play(pos, words)
    else:
        why = _why_other(pos, words)
    if not why:
        why.append(_result_sentence(pos))
    reminder = _reminder(pos, words)
    shown = compared(analysis)
    alternatives = [_alternative(pos, o) for o in shown[1:]]
    hidden = len(analysis.options) - len(shown)
    if hidden > 0:
        kind = "bids" if pos.best.kind in ("bid", "pass") else "choices"
        alternatives.append(
            Said(
                "compare.cost" if _has_costs(pos) else "compare.tie",
                f"{_n(hidden).capitalize()} more {kind if hidden > 1 else kind[:-1]} "
                f"{'are' if hidden > 1 else 'is'} listed under all the figures.",
            )
        )
    figures = (method_words(analysis, view), *(_figure_line(pos, o, o is shown[0]) for o in shown))
    if reminder is not None and Explanation(move, tuple(why[:1]), reminder).brief_words() > BRIEF_WORDS:
        reminder = None  # the move and its because come first
    return Explanation(
        move=move,
        why=tuple(why),
        reminder=reminder,
        alternatives=tuple(alternatives),
        figures=figures,
        tied=tuple(option_label(o.action) for o in analysis.options[1:] if o.tied),
    )


def position_of(analysis: AnalysisFacts, view: SeatView) -> BidPosition:
    """The position the ideas of :func:`explain`'s hint are checked on (for ``false_sentences``)."""
    return BidPosition(view, analysis)


# ---------------------------------------------------------------------------------------------
# The grade in words


def grade_words(analysis: AnalysisFacts, action: Action | str, depth: Depth = Depth.BRIEF) -> Grade | None:
    """``action``'s grade against the analysis's best, in words (the table's grade line and review).

    The label is :func:`~euchre_tutor.games.bid.advisor.reasons.bid_grade`'s (a tie is Best); the text names
    the best choice and the cost in plain units; at the figures depth it adds the paired figure.
    """
    act = Action.parse(action)
    mine = next((o for o in analysis.options if o.action == act), None)
    if mine is None:
        return None
    best = analysis.best
    best_name = lower_first(option_label(best.action))
    if mine is best:
        text = f"the best choice ({signed_points(best.ev)} a hand on average)."
        return Grade("Best", 0.0, 0.0, text)
    loss = max(0.0, mine.loss)
    figure = minus(f" ({mine.loss:.2f} ± {mine.interval:.2f} points)") if depth is Depth.FIGURES else ""
    if mine.tied or loss == 0:
        return Grade("Best", 0.0, 0.0, f"a tie with {best_name}: the deals cannot tell them apart{figure}.")
    from fractions import Fraction

    label = grade_label(Fraction(loss).limit_denominator(100_000), "points")
    return Grade(label, loss, loss, f"{best_name} was best; this costs {points_words(loss)} a hand{figure}.")
