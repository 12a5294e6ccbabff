"""Bid actions and the ideas' sentences in words: cards and suits named in words the first time,
the bidding's, the play's and the other choices' reasons, the rule reminder."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from euchre_tutor.advisor.card_ideas import both_or_all, first_holding, say_holding, true_of_all
from euchre_tutor.advisor.voice import (
    Namer,
    Said,
    capital,
    chance_words,
    join_words,
    named_card,
    points_words,
    signed_points,
    suit_words,
    whose,
)
from euchre_tutor.cards import Card, Rank, Suit, effective_suit, is_left_bower, is_right_bower, left_bower
from euchre_tutor.games.bid.advisor.ideas.conditions import (
    IDEAS,
    SHARED_SENTENCES,
    _best_bid_option,
    _opponents_hold_bid,
    _pass_option,
)
from euchre_tutor.games.bid.advisor.ideas.facts import (
    BidPosition,
    _best_card,
    _contract_suit,
    _following,
    _points_to_win,
    _winner,
    bid_line,
    close_bid,
    least_bid,
    named_positions,
    side_aces,
    suits_topped,
    trumps_in,
)
from euchre_tutor.games.bid.engine import Action, Phase
from euchre_tutor.games.bid.views import SeatView


def _holds(idea: str, pos: BidPosition) -> bool:
    """Whether the catalogue's ``idea`` holds in ``pos`` (a sentence in its name is said only then)."""
    return IDEAS[idea].holds(pos)


def _said(idea: str, text: str) -> Said:
    """``text`` said in the name of the catalogue's ``idea``, with its lesson."""
    return Said(idea, text, IDEAS[idea].lesson)


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


#: a no-trump contract in words, by its kind
_NO_TRUMP: Final = {
    "high": "in no trump, high cards win",
    "low": "in no trump low, the lowest card of the led suit wins",
}


def _contract(suit: Suit | None, notrump: str | None, words: _Words) -> str:
    """``'in diamonds (♦)'``, ``'in no trump, high cards win'``, ``''`` (tricks only)."""
    return f"in {words.suit(suit)}" if suit is not None else _NO_TRUMP.get(notrump or "", "")


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


def _plural(suit: Suit | None) -> str:
    return "" if suit is None else suit.plural


def _singular(suit: Suit | None) -> str:
    return _plural(suit)[:-1]


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


def _alone_text(pos: BidPosition, words: _Words) -> str:
    v, a = pos.view, pos.best
    points = v.rules.alone_value(a.alone or "alone")
    if a.suit is not None:
        top = [c for c in v.hand if c.is_joker or is_right_bower(c, a.suit) or is_left_bower(c, a.suit)]
        text = (
            f"You hold the top trumps ({words.cards(top)}) and {_n(len(trumps_in(v.hand, a.suit)))} "
            f"trumps in all: your partner's cards would add little, and a lone hand that takes every "
            f"trick scores {points} points."
        )
    else:
        suits = suits_topped(v.hand, low=a.notrump == "low")
        text = (
            f"You hold the top card of {_n(len(suits))} suits: your partner's cards would add little, "
            f"and a lone hand that takes every trick scores {points} points."
        )
    return text


def _why_bidding(pos: BidPosition, words: _Words) -> list[Said]:
    """The bidding's reasons (the least bid that does as well first); with a tie, those true of every
    tied choice."""
    out = [_least_sentence(pos, words)] if _holds("bid.least", pos) else []
    if _holds("bid.close", pos):
        out.append(_close_sentence(pos, words))
    out += _why_bids(pos, words)
    return true_of_all(out, IDEAS, named_positions(pos))


def _why_bids(pos: BidPosition, words: _Words) -> list[Said]:
    v, a, o = pos.view, pos.best, pos.analysis.best
    high = "" if v.high is None else bid_words(v.high, short=True)
    passing, bid = _pass_option(pos), _best_bid_option(pos)
    aces = [c for c in v.hand if c.rank is Rank.ACE and c.suit is not None]
    nines = [c for c in v.hand if c.rank is Rank.NINE and c.suit is not None]
    need = _points_to_win(v)
    help_ = " ".join(f"about {o.tricks:.1f} tricks {_contract_short(a.suit, a.notrump)}".split())
    return say_holding(
        IDEAS,
        pos,
        {
            "bid.outbid": lambda: (
                f"Letting {v.bidder.word if v.bidder is not None else ''}'s bid of {high} stand costs "
                f"your side {points_words(passing.loss if passing is not None else 0)} a hand more than this bid."
            ),
            "bid.alone": lambda: _alone_text(pos, words),
            "bid.count-tricks": lambda: _count_sentence(pos, words),
            "bid.no-trump-high": lambda: (
                f"You hold the top of {_n(len(suits_topped(v.hand, low=False)))} "
                f"suits ({words.cards(aces)}), and in no trump nobody can trump them."
            ),
            "bid.no-trump-low": lambda: (
                f"You hold the nines of {_n(len(suits_topped(v.hand, low=True)))} "
                f"suits ({words.cards(nines)}): in no trump low the lowest card wins, so they are the top cards."
            ),
            "bid.score": lambda: (
                f"Your side needs {need} more point{'s' if need != 1 else ''} to reach "
                f"{v.rules.target}: making this bid wins the game."
            ),
            "bid.partner-help": lambda: (
                f"With your partner's help your side takes {help_}, and makes a bid "
                f"of {a.level} {chance_words(o.p_make)}."
            ),
            "bid.stand-partner": lambda: (
                f"Your partner's bid of {high} stands: bidding over your partner only "
                "raises what your side must take."
            ),
            "bid.stand": lambda: (
                f"{'Outbidding' if _opponents_hold_bid(v) else 'Bidding'} costs more than it "
                f"gains here: your best bid, {bid_words(bid.action, short=True) if bid is not None else ''}, gives up "
                f"{points_words(bid.loss if bid is not None else 0)} a hand against passing."
            ),
        },
    )


#: the ideas a tie of cards tries, in order (each must hold for every tied card)
TIE_ORDER: Final = (
    "play.none-wins",
    "play.partner-has-it",
    "play.each-wins",
    "play.equals",
    "play.boss",
    "play.winners",
    "play.no-boss",
    "play.keep-trumps",
)
#: the ideas a card with no tie tries after the play ideas of the catalogue, in order
SINGLE_ORDER: Final = ("play.boss", "play.keep-trumps")

#: the play ideas whose sentence names the move's own card or suit: not said beside a tie
_ONE_CARD: Final = frozenset({"play.cash-ace", "play.ruff", "play.cheap-win", "play.play-high"})


def _why_play(pos: BidPosition, words: _Words) -> list[Said]:
    """The reasons for a card played: with a tie, the first idea true of every tied card (what they share)
    and the play ideas true of each; else the play ideas, then the highest card left or keeping trumps."""
    tie = len(named_positions(pos)) > 1
    out = _why_cards(pos, words, TIE_ORDER if tie else SINGLE_ORDER, tie)
    plays = [s for s in _why_plays(pos, words) if not (tie and s.idea in _ONE_CARD)]
    out = [*out, *plays] if tie else [*plays, *out]
    out = true_of_all(out, IDEAS, named_positions(pos))  # beside tied cards: true of every one
    if not out:  # what the move keeps, else what the bid still needs
        out = _why_cards(pos, words, ("play.keep-winner",), tie)
    if not out and _holds("play.bid-line", pos):
        out.append(_said("play.bid-line", _bid_line_sentence(pos)))
    return out


def _bid_line_sentence(pos: BidPosition) -> str:
    """What the seat's side needs to make (or to set) the bid, in tricks."""
    v = pos.view
    found = bid_line(v)
    assert found is not None and v.bidder is not None and v.high is not None
    taken, need = found
    left = len(v.hand)
    if v.high.alone is not None:
        if v.is_bidder_side:
            return f"You are alone, so you must take all {_n(left)} tricks left to make the bid."
        return f"One trick for your side sets {v.bidder.word}'s lone bid."
    has = (
        f"Your side has {_n(taken)} trick{'s' if taken != 1 else ''} and needs {_n(need)} more"
        if taken
        else f"Your side needs {_n(need)}"
    )
    bid = (
        f"your bid of {v.high.level}"
        if v.is_bidder_side and v.bidder == v.seat
        else (
            f"your partner's bid of {v.high.level}"
            if v.is_bidder_side
            else f"{v.bidder.word}'s bid of {v.high.level}"
        )
    )
    return f"{has} of the last {_n(left)} to {'make' if v.is_bidder_side else 'set'} {bid}."


def _why_cards(pos: BidPosition, words: _Words, order: Sequence[str], tie: bool) -> list[Said]:
    """The first idea of ``order`` that holds for every move the hint names, said."""
    idea = first_holding(order, IDEAS, named_positions(pos))
    if idea is None:
        return []
    if idea == "play.winners":
        either = "either" if len(pos.tied) == 2 else "any"
        text = f"{both_or_all(len(pos.tied))} are sure winners: no card still out can beat {either} of them, so the order does not matter."
    else:
        text = SHARED_SENTENCES[idea](pos, words.namer, tie)
    return [Said(idea, text, IDEAS[idea].lesson)]


def _why_plays(pos: BidPosition, words: _Words) -> list[Said]:
    v, card, w = pos.view, _best_card(pos), _winner(pos.view)
    if card is None:
        return []
    suits, one, led = _plural(card.suit), _singular(card.suit), _plural(v.led_suit)
    beaten = "" if w is None else whose(v.trick_plays[w[0]][0].word, w[1], v.trump)
    partner = "" if w is None else capital(whose("your partner", w[1], v.trump, subject=True))
    never = " (never trump your partner's winner)" if not _following(v) and v.trump is not None else ""
    cash = (
        f"Cash the ace now, while everyone still has {suits}: later someone may be out of them and trump it."
        if v.trump is not None
        else f"In no trump nobody can trump: the ace is the highest {one} and wins the trick."
    )
    return say_holding(
        IDEAS,
        pos,
        {
            "play.pull-trump": lambda: (
                "Your side made trump, so lead trump to pull the opponents' trumps: "
                "then your side cards can win later without being trumped."
            ),
            "play.cash-ace": lambda: cash,
            "play.partner-winning": lambda: (
                f"{partner} is already winning the trick: play low and save your high cards{never}."
            ),
            "play.ruff": lambda: (
                f"You have no {led}, so trump it: {words.card(card)} is the lowest trump that "
                "wins the trick, and your higher trumps stay for the trumps still out."
            ),
            "play.cheap-win": lambda: (
                f"Win the trick as cheaply as you can: {words.card(card)} is your lowest "
                f"card that beats {beaten}."
            ),
            "play.play-high": lambda: SHARED_SENTENCES["play.play-high"](pos, words.namer, False),
            "play.throw-weakest": lambda: (
                f"You cannot beat {beaten}: throw your weakest card and keep the ones that can still win."
            ),
        },
    )


def _why_other(pos: BidPosition, words: _Words) -> list[Said]:
    v, a = pos.view, pos.best
    out = []
    if a.kind == "trump" and _holds("bid.count-tricks", pos):
        out.append(_said("bid.count-tricks", _count_sentence(pos, words)))
    short = _plural(None if a.card is None or v.trump is None else effective_suit(a.card, v.trump))
    return out + say_holding(
        IDEAS,
        pos,
        {
            "play.short-suit": lambda: (
                f"It leaves you without {short}, so when {short} are led you can trump them."
            ),
            "play.top-trump-gift": lambda: (
                "Your partner plays alone and must take every trick: your best trump helps most."
            ),
        },
    )


def _result_sentence(pos: BidPosition) -> Said:
    o = pos.analysis.best
    if _holds("compare.tie", pos):
        return Said("result.best", "The deals that fit what you have seen cannot tell them apart.")
    return Said(
        "result.best",
        f"In the deals that fit what you have seen, it scores the most for your side: {signed_points(o.ev)} "
        "a hand on average (your points minus theirs).",
    )


def _reminder(pos: BidPosition, words: _Words) -> Said | None:
    v = pos.view
    suit = _contract_suit(pos.best, v)
    led = v.led_suit
    if _holds("rule.left-bower", pos) and suit is not None:
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
    if _holds("rule.follow-suit", pos) and led is not None:
        return _said(
            "rule.follow-suit",
            f"{led.plural.capitalize()} were led and you hold {led.plural}: you must follow suit.",
        )
    return None


# ---------------------------------------------------------------------------------------------
# The least bid, and a choice the rules force


def _least_sentence(pos: BidPosition, words: _Words) -> Said:
    least = least_bid(pos)
    assert least is not None
    risk = " and loses more if you are set" if pos.view.rules.set_loses_bid else ""
    return _said(
        "bid.least",
        f"A made bid scores the tricks your side takes, not the bid, so bidding more gains nothing{risk}.",
    )


def _close_sentence(pos: BidPosition, words: _Words) -> Said:
    bid = close_bid(pos)
    assert bid is not None
    if bid.suit is None:
        tops = len(suits_topped(pos.view.hand, low=bid.notrump == "low"))
        return Said(
            "bid.close",
            f"A close call: bidding {bid_words(bid, short=True)} rests on the top card of {_n(tops)} "
            f"suit{'' if tops == 1 else 's'}, and passing does about as well.",
            "bid-bidding",
        )
    held = trumps_in(pos.view.hand, bid.suit)
    bowers = [c for c in held if is_right_bower(c, bid.suit) or is_left_bower(c, bid.suit)]
    among = (
        f", {join_words([named_card(c, bid.suit, words.namer) for c in bowers])} among them" if bowers else ""
    )
    count = "no trump" if not held else f"{_n(len(held))} trump{'s' if len(held) > 1 else ''}"
    return _said(
        "bid.close",
        f"A close call: bidding {bid.level} {_contract_short(bid.suit, None)} would give you {count}{among}, "
        "and passing does about as well.",
    )


def forced_words(action: Action, view: SeatView) -> str:
    """Why ``action`` is the only choice the rules leave, in words: a pass when nobody may bid over the
    high bid says so; a card is named in words."""
    if action.kind == "pass" and view.high is not None and view.bidder is not None:
        who = "your partner" if view.bidder == view.seat.partner else view.bidder.word
        return (
            f"Pass is your only choice: {who}'s bid of {bid_words(view.high, short=True)} is the highest bid "
            "there is, so nobody may bid over it."
        )
    if action.kind == "pass":
        return "Pass is your only choice: the rules leave you no bid."
    return f"{action_words(action, view)}: it is your only legal choice."
