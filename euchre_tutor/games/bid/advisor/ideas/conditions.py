"""The Bid ideas' conditions, each the facts its sentence states and that the move is the one it
recommends, and the catalogue :data:`IDEAS`."""

from __future__ import annotations

from typing import Final

from euchre_tutor.advisor.card_ideas import card_ideas, tie_card
from euchre_tutor.advisor.trickfacts import is_boss
from euchre_tutor.advisor.voice import Catalogue
from euchre_tutor.cards import Rank, card_power, effective_suit, is_left_bower, is_right_bower, is_trump
from euchre_tutor.games.bid.advisor.ideas.facts import (
    BidPosition,
    OptionFacts,
    _beats,
    _best_card,
    _contract_suit,
    _following,
    _legal_cards,
    _opponent_winning,
    _partner_winning,
    _points_to_win,
    _power,
    _weakness,
    _winner,
    bid_line,
    close_bid,
    least_bid,
    suits_topped,
    trick_facts,
    trumps_in,
)
from euchre_tutor.games.bid.engine import Phase
from euchre_tutor.games.bid.views import SeatView

#: every idea a Bid Euchre hint may say, by id (each condition below names its idea)
IDEAS: Final = Catalogue[BidPosition]()

# ---------------------------------------------------------------------------------------------
# The ideas' conditions (each: the facts the sentence states, and that the best move is the one
# it recommends)


def _bid_level(pos: BidPosition) -> bool:
    a = pos.best
    return a.kind == "bid" and a.alone is None


@IDEAS.idea("bid.count-tricks", "Count your tricks before you bid", "bid-counting")
def _count_tricks(pos: BidPosition) -> bool:
    a = pos.best
    suit = _contract_suit(a, pos.view)
    if a.kind not in ("bid", "trump") or a.alone is not None or suit is None:
        return False
    return len(trumps_in(pos.view.hand, suit)) >= 2


@IDEAS.idea("bid.partner-help", "Bid what your side takes with your partner's help", "bid-counting")
def _partner_help(pos: BidPosition) -> bool:
    o = pos.analysis.best
    return _bid_level(pos) and o.bidders == "us" and o.p_make >= 0.5


@IDEAS.idea("bid.no-trump-high", "No trump (high) with the top of several suits", "bid-bidding")
def _no_trump_high(pos: BidPosition) -> bool:
    a = pos.best
    return a.kind == "bid" and a.notrump == "high" and len(suits_topped(pos.view.hand, low=False)) >= 2


@IDEAS.idea("bid.no-trump-low", "No trump low with the nines of several suits", "bid-bidding")
def _no_trump_low(pos: BidPosition) -> bool:
    a = pos.best
    return a.kind == "bid" and a.notrump == "low" and len(suits_topped(pos.view.hand, low=True)) >= 2


@IDEAS.idea("bid.alone", "Go alone with the top trumps", "alone")
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


@IDEAS.idea("bid.score", "The score: a made bid wins the game", "bid-bidding")
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


@IDEAS.idea("bid.outbid", "Outbid: letting their bid stand costs more", "bid-bidding")
def _outbid(pos: BidPosition) -> bool:
    p = _pass_option(pos)
    return pos.best.kind == "bid" and _opponents_hold_bid(pos.view) and p is not None and not p.tied


@IDEAS.idea("bid.stand-partner", "Pass: your partner's bid stands", "bid-bidding")
def _stand_partner(pos: BidPosition) -> bool:
    v = pos.view
    return pos.best.kind == "pass" and v.bidder is not None and v.bidder == v.seat.partner


@IDEAS.idea("bid.stand", "Pass: outbidding costs more than it gains", "bid-bidding")
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


@IDEAS.idea("play.pull-trump", "Pull trump as the maker", "tricks")
def _pull_trump(pos: BidPosition) -> bool:
    v, card = pos.view, _best_card(pos)
    if card is None or v.trick_plays or v.trump is None or not v.is_bidder_side:
        return False
    out = [c for c in v.unseen_cards() if effective_suit(c, v.trump) is v.trump]
    return effective_suit(card, v.trump) is v.trump and bool(out)


@IDEAS.idea("play.cash-ace", "Cash the ace first", "tricks")
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


@IDEAS.idea("play.partner-winning", "Partner is winning: play low", "tricks")
def _partner_wins(pos: BidPosition) -> bool:
    v, card = pos.view, _best_card(pos)
    w = _winner(v)
    return card is not None and w is not None and _partner_winning(v) and not _beats(v, card, w[1])


def _lowest_winner(pos: BidPosition) -> bool:
    """The move is the lowest card that takes the trick from the opponent winning it."""
    v, card, w = pos.view, _best_card(pos), _winner(pos.view)
    if card is None or w is None or not _opponent_winning(v) or not _beats(v, card, w[1]):
        return False
    return _power(v, card) == min(_power(v, c) for c in _legal_cards(v) if _beats(v, c, w[1]))


@IDEAS.idea("play.ruff", "Trump it with the lowest trump that wins", "tricks")
def _ruff(pos: BidPosition) -> bool:
    v, card = pos.view, _best_card(pos)
    if card is None or v.trump is None or _following(v) or effective_suit(card, v.trump) is not v.trump:
        return False
    return _lowest_winner(pos)


@IDEAS.idea("play.cheap-win", "Win as cheaply as you can", "tricks")
def _cheap_win(pos: BidPosition) -> bool:
    return _lowest_winner(pos) and not _ruff(pos)


@IDEAS.idea("play.throw-weakest", "You cannot win: throw your weakest card", "tricks")
def _throw_weakest(pos: BidPosition) -> bool:
    v, card = pos.view, _best_card(pos)
    w = _winner(v)
    if card is None or w is None or not _opponent_winning(v):
        return False
    legal = _legal_cards(v)
    if any(_beats(v, c, w[1]) for c in legal):
        return False
    return _weakness(v, card) == min(_weakness(v, c) for c in legal)


@IDEAS.idea("play.short-suit", "Short-suit yourself", "tricks")
def _short_suit(pos: BidPosition) -> bool:
    """A discard of the kitty or the loner's that leaves the hand without a side suit."""
    v, card = pos.view, pos.best.card
    if pos.best.kind != "discard" or card is None or v.trump is None:
        return False
    suit = effective_suit(card, v.trump)
    rest = list(v.hand)
    rest.remove(card)  # one copy: a double deck holds two
    return suit is not v.trump and not any(effective_suit(c, v.trump) is suit for c in rest)


@IDEAS.idea("play.top-trump-gift", "Pass the loner your best trump", "alone")
def _top_trump_gift(pos: BidPosition) -> bool:
    v, a = pos.view, pos.best
    if a.kind != "give" or a.card is None or v.trump is None:
        return False
    trumps = trumps_in(v.hand, v.trump)
    return a.card in trumps and card_power(a.card, v.trump, v.trump) == max(
        card_power(c, v.trump, v.trump) for c in trumps
    )


@IDEAS.idea("rule.left-bower", "The left bower belongs to trump", "bowers")
def _left_bower_now(pos: BidPosition) -> bool:
    suit = _contract_suit(pos.best, pos.view)
    return suit is not None and any(is_left_bower(c, suit) for c in pos.view.hand)


@IDEAS.idea("rule.follow-suit", "You must follow suit", "follow-suit")
def _must_follow(pos: BidPosition) -> bool:
    """The seat follows suit and the rule leaves out some of its cards (else it changes nothing)."""
    v = pos.view
    return v.phase is Phase.PLAY and _following(v) and len(_legal_cards(v)) < len(v.hand)


@IDEAS.idea("play.bid-line", "The tricks still needed to make or set the bid", "bid-counting")
def _bid_line(pos: BidPosition) -> bool:
    """The move is a card, and the bid can still be made and still be set."""
    return pos.best.kind == "play" and bid_line(pos.view) is not None


@IDEAS.idea("result.best", "What the sampled deals found")
def _best_always(pos: BidPosition) -> bool:
    return bool(pos.analysis.options)


@IDEAS.idea("bid.least", "The least bid that does as well: more gains nothing", "bid-bidding")
def _least(pos: BidPosition) -> bool:
    """Two or more plain bids of the best bid's contract tie, and a made bid scores its tricks."""
    return pos.view.rules.scores_tricks and least_bid(pos) is not None


@IDEAS.idea("bid.close", "A close call between passing and bidding", "bid-counting")
def _close(pos: BidPosition) -> bool:
    """Passing and a plain bid in a suit tie: a close call."""
    return pos.view.phase is Phase.BIDDING and close_bid(pos) is not None


@IDEAS.idea("compare.tie", "Choices the deals cannot tell apart")
def _has_ties(pos: BidPosition) -> bool:
    return any(o.tied for o in pos.analysis.options[1:])


@IDEAS.idea("compare.cost", "What a choice costs against the best")
def _has_costs(pos: BidPosition) -> bool:
    return any(not o.tied for o in pos.analysis.options[1:])


@IDEAS.idea("play.winners", "Sure winners in any order", "tricks")
def _winner_now(pos: BidPosition) -> bool:
    """The move, one of tied leads, wins for sure: no card still out beats it (a side card: no trump out
    either)."""
    f = trick_facts(pos)
    card, trump = tie_card(f), f.trump
    if card is None or not f.leading or not is_boss(card, f.out, trump, f.notrump):
        return False
    return is_trump(card, trump) or trump is None or not any(is_trump(c, trump) for c in f.out)


#: the card ideas every game shares (:mod:`~euchre_tutor.advisor.card_ideas`), read through :func:`trick_facts`
_SHARED_IDEAS, SHARED_SENTENCES = card_ideas(
    trick_facts,
    {
        key: (f"play.{key}", "tricks")
        for key in [
            "equals",
            "none-wins",
            "partner-has-it",
            "each-wins",
            "boss",
            "no-boss",
            "keep-trumps",
            "play-high",
            "keep-winner",
        ]
    },
)
IDEAS.add(*_SHARED_IDEAS)
