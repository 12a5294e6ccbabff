"""The classic catalogue: each idea a hint may name, with the condition under which its sentence is true."""

from __future__ import annotations

from typing import Final

from euchre_tutor.advisor.card_ideas import card_ideas
from euchre_tutor.advisor.voice import LESSONS, Catalogue
from euchre_tutor.cards import (
    Card,
    Rank,
    Suit,
    card_power,
    deck,
    effective_suit,
    is_trump,
    left_bower,
    trick_power,
    trump_order,
)
from euchre_tutor.games.classic.advisor.ideas.facts import (
    Position,
    _bid_trump,
    _card,
    _dealer_picks_up,
    _following,
    _holds_led,
    _leading,
    _legal_cards,
    _lowest_of_its_suit,
    _partner_reason,
    _partner_winning,
    _plays_after,
    _rule_trump,
    _strongest_bid,
    _suited,
    _takes,
    _top_trump_left,
    _trumps_held,
    _trumps_out,
    _winner,
    one_line,
    out_cards,
    settled,
    trick_facts,
)
from euchre_tutor.games.classic.engine.engine import Phase
from euchre_tutor.games.classic.views import SeatView

#: every idea a classic hint may name, by id (each condition below names its idea)
CATALOGUE: Final = Catalogue[Position]()

# ---- the catalogue: card play -----------------------------------------------------------------------


@CATALOGUE.idea("classic.pull-trump", "Pull trump", "classic-strategy")
def _pull_trump(p: Position) -> bool:
    card = _card(p)
    if card is None or not _leading(p) or not _suited(p) or not p.view.is_maker_side:
        return False
    assert p.view.trump is not None
    return (
        is_trump(card, p.view.trump) and bool(_trumps_out(p.view)) and _top_trump_left(p.view) in p.view.hand
    )


def _lead_in_made_trump(p: Position) -> Card | None:
    """The move's card when the seat leads in a trump hand someone made."""
    card = _card(p)
    return card if card is not None and _leading(p) and _suited(p) and p.view.maker is not None else None


@CATALOGUE.idea("classic.lead-partners-trump", "Lead to partner's call", "classic-strategy")
def _lead_partners_trump(p: Position) -> bool:
    card, v = _lead_in_made_trump(p), p.view
    if card is None or v.maker is None or v.trump is None:
        return False
    mine = v.maker != v.seat and v.maker.team is v.seat.team
    return mine and is_trump(card, v.trump) and bool(_trumps_out(v))


@CATALOGUE.idea("classic.lead-through", "Lead through the maker", "classic-strategy")
def _lead_through(p: Position) -> bool:
    card, v = _lead_in_made_trump(p), p.view
    if card is None or v.maker is None or v.trump is None:
        return False
    return v.maker.team is not v.seat.team and v.seat.next == v.maker and not is_trump(card, v.trump)


def _led_before(view: SeatView, suit: Suit) -> bool:
    return any(effective_suit(t.plays[0][1], view.trump) is suit for t in view.tricks)


@CATALOGUE.idea("classic.cash-ace", "Cash the ace first", "classic-strategy")
def _cash_ace(p: Position) -> bool:
    card = _card(p)
    if card is None or not _leading(p) or not _suited(p) or card.rank is not Rank.ACE:
        return False
    assert p.view.trump is not None
    suit = effective_suit(card, p.view.trump)
    return not is_trump(card, p.view.trump) and not _led_before(p.view, suit)


@CATALOGUE.idea("classic.partner-winning", "Partner is winning: play low", "classic-play")
def _partner_low(p: Position) -> bool:
    card = _card(p)
    if card is None or not _following(p) or not _partner_winning(p.view):
        return False
    return not _takes(p.view, card) and _lowest_of_its_suit(p.view, card)


@CATALOGUE.idea("classic.ruff", "Trump it", "tricks")
def _ruff(p: Position) -> bool:
    card, view = _card(p), p.view
    if card is None or not _following(p) or not _suited(p) or _holds_led(view):
        return False
    assert view.trump is not None
    return (
        view.led_suit is not view.trump
        and is_trump(card, view.trump)
        and not _partner_winning(view)
        and _takes(view, card)
    )


def _cheapest_winner(view: SeatView, card: Card) -> bool:
    led = view.led_suit
    assert led is not None
    winners = [c for c in _legal_cards(view) if _takes(view, c)]
    return card in winners and all(
        trick_power(card, view.trump, led) <= trick_power(c, view.trump, led) for c in winners
    )


@CATALOGUE.idea("classic.win-cheaply", "Win as cheaply as you can", "tricks")
def _win_cheaply(p: Position) -> bool:
    card = _card(p)
    if card is None or not _following(p) or _partner_winning(p.view):
        return False
    return _cheapest_winner(p.view, card)


def _cannot_win(view: SeatView) -> bool:
    return not any(_takes(view, c) for c in _legal_cards(view))


@CATALOGUE.idea("classic.throw-weakest", "Throw your weakest card", "classic-play")
def _throw_weakest(p: Position) -> bool:
    card = _card(p)
    if card is None or not _following(p) or _partner_winning(p.view):
        return False
    return _cannot_win(p.view) and _lowest_of_its_suit(p.view, card)


@CATALOGUE.idea("classic.short-suit", "Short-suit yourself", "classic-strategy")
def _short_suit(p: Position) -> bool:
    """Throwing the last card of a side suit while holding a trump (and no card of the suit led)."""
    card, view = _card(p), p.view
    if not _throw_weakest(p) or card is None or not _suited(p) or _holds_led(view):
        return False
    assert view.trump is not None
    suit = effective_suit(card, view.trump)
    return (
        suit is not view.trump
        and sum(1 for c in view.hand if effective_suit(c, view.trump) is suit) == 1
        and any(is_trump(c, view.trump) for c in view.hand)
    )


@CATALOGUE.idea("classic.count-trumps", "Count the trumps", "classic-strategy")
def _count_trumps(p: Position) -> bool:
    card, view = _card(p), p.view
    if card is None or not _leading(p) or not _suited(p):
        return False
    assert view.trump is not None
    if is_trump(card, view.trump) or _trumps_out(view):
        return False
    suit = effective_suit(card, view.trump)
    played = view.played_cards()
    higher = [
        c
        for c in deck(view.rules.deck, joker=view.rules.joker)
        if effective_suit(c, view.trump) is suit
        and trick_power(c, view.trump, suit) > trick_power(card, view.trump, suit)
    ]
    return all(c in played or c in view.hand for c in higher)


@CATALOGUE.idea("classic.draw-trump", "Draw trump", "classic-strategy")
def _draw_trump(p: Position) -> bool:
    card, v = _card(p), p.view
    if card is None or not _leading(p) or not _suited(p) or not v.is_maker_side:
        return False
    assert v.trump is not None
    return is_trump(card, v.trump) and bool(_trumps_out(v))


@CATALOGUE.idea("classic.cover-partner", "Cover partner's card", "classic-play")
def _cover_partner(p: Position) -> bool:
    card, v = _card(p), p.view
    if card is None or not _following(p) or not _partner_winning(v) or not _takes(v, card):
        return False
    if not _plays_after(v):
        return False
    winning = v.trick_plays[_winner(v)][1]
    led = v.led_suit
    assert led is not None
    mine = card_power(winning, v.trump, led, v.notrump)
    return any(card_power(c, v.trump, led, v.notrump) > mine for c in out_cards(v))


@CATALOGUE.idea("classic.one-line", "One trick count still matters", "classic-play")
def _one_line(p: Position) -> bool:
    """Of the trick counts the makers can still end with, one alone changes the hand's points: the make
    (three) or the march (five); the move is a card."""
    return _card(p) is not None and one_line(p.view) is not None


@CATALOGUE.idea("classic.settled", "The hand is decided", "classic-play")
def _settled(p: Position) -> bool:
    """No card played from here on changes the hand's points (the tricks taken, the seat's trumps that
    nothing can beat and a trick in play whose taker no card changes), and the move is a card."""
    return _card(p) is not None and settled(p.view) is not None


def _discard_card(p: Position) -> Card | None:
    return p.move.card if p.move.kind == "discard" and p.view.trump is not None else None


@CATALOGUE.idea("classic.discard-short", "Short-suit yourself", "classic-strategy")
def _discard_short(p: Position) -> bool:
    card, v = _discard_card(p), p.view
    if card is None or v.trump is None or is_trump(card, v.trump):
        return False
    suit = effective_suit(card, v.trump)
    rest = [c for c in v.hand if c != card]
    return not any(effective_suit(c, v.trump) is suit for c in rest) and any(
        is_trump(c, v.trump) for c in rest
    )


@CATALOGUE.idea("classic.discard-low", "Discard your weakest", "classic-bidding")
def _discard_low(p: Position) -> bool:
    card, v = _discard_card(p), p.view
    if card is None or v.trump is None or is_trump(card, v.trump) or card.rank is Rank.ACE:
        return False
    side = [c for c in v.hand if not is_trump(c, v.trump)]
    return all(int(card.rank) <= int(c.rank) for c in side)


@CATALOGUE.idea("classic.discard-side", "Discard a side card, keep your trumps", "classic-bidding")
def _discard_side(p: Position) -> bool:
    card, v = _discard_card(p), p.view
    if card is None or v.trump is None or is_trump(card, v.trump):
        return False
    return any(is_trump(c, v.trump) for c in v.hand if c != card)


@CATALOGUE.idea("classic.close-bid", "A close call", "classic-bidding")
def _close_bid(p: Position) -> bool:
    kinds = {o.action.kind for o in p.tied}
    if len(p.tied) < 2 or "pass" not in kinds or p.move.kind not in ("pass", "order", "call"):
        return False
    return _tied_bid(p) is not None


def _tied_bid(p: Position) -> tuple[str, list[Card]] | None:
    """The tied bid with partner (its words' verb and the trumps it would give), if any."""
    for o in p.tied:
        a = o.action
        trump = _bid_trump(p.view, a)
        if a.kind in ("order", "call") and not a.alone and trump is not None:
            verb = (
                "picking up"
                if a.kind == "order" and p.view.seat == p.view.dealer
                else "ordering up"
                if a.kind == "order"
                else f"calling {trump.plural}"
            )
            return verb, _trumps_held(p.view, trump, _dealer_picks_up(p.view, a))
    return None


# ---- the catalogue: bidding ---------------------------------------------------------------------------


@CATALOGUE.idea("classic.bid-strength", "Trump count and bowers", "classic-bidding")
def _bid_strength(p: Position) -> bool:
    trump = _bid_trump(p.view, p.move)
    if trump is None or p.move.alone or p.option.makers != "us":
        return False
    return len(_trumps_held(p.view, trump, _dealer_picks_up(p.view, p.move))) >= 2


@CATALOGUE.idea("classic.weak-pass", "Too few trumps to bid", "classic-bidding")
def _weak_pass(p: Position) -> bool:
    if p.move.kind != "pass" or p.view.phase not in (Phase.ROUND_1, Phase.ROUND_2):
        return False
    bid = _strongest_bid(p)
    if bid is None:
        return False
    trump = _bid_trump(p.view, bid.action)
    assert trump is not None
    return len(_trumps_held(p.view, trump, _dealer_picks_up(p.view, bid.action))) <= 2


def _round_1_dealer_side(p: Position, kind: str) -> bool | None:
    """None unless the move is ``kind`` in round 1; else whether the dealer is on the seat's side."""
    v = p.view
    return None if v.phase is not Phase.ROUND_1 or p.move.kind != kind else v.dealer.team is v.seat.team


@CATALOGUE.idea("classic.partner-deals", "Order up your partner", "classic-bidding")
def _partner_deals(p: Position) -> bool:
    """Ordering up the dealer, your partner, with partner playing (alone, partner's hand sits out), while
    holding a trump of the up card's suit."""
    v = p.view
    if not _round_1_dealer_side(p, "order") or p.move.alone or v.dealer == v.seat:
        return False
    return bool(_trumps_held(v, v.up_suit))


@CATALOGUE.idea("classic.opponent-deals", "The up card goes to an opponent", "classic-bidding")
def _opponent_deals(p: Position) -> bool:
    """A pass in round 1 with some trumps in the up card's suit, when ordering up would arm an opponent."""
    return _round_1_dealer_side(p, "pass") is False and len(_trumps_held(p.view, p.view.up_suit)) >= 2


@CATALOGUE.idea("classic.next", "Next", "classic-bidding")
def _next(p: Position) -> bool:
    view = p.view
    if view.phase is not Phase.ROUND_2 or p.move.kind != "call" or p.move.suit is None:
        return False
    up = view.up.suit
    return (
        up is not None
        and view.seat == view.dealer.next
        and p.move.suit is not up
        and p.move.suit.is_red == up.is_red
    )


@CATALOGUE.idea("classic.alone-close", "Alone or with partner: a close call", "classic-alone")
def _alone_close(p: Position) -> bool:
    """The move is a bid (with two trumps or more) and the same bid alone and with partner both tie."""
    trump = _bid_trump(p.view, p.move)
    if trump is None or p.move.kind not in ("order", "call"):
        return False
    same = {
        o.action.alone
        for o in p.tied
        if (o.action.kind, _bid_trump(p.view, o.action)) == (p.move.kind, trump)
    }
    return same == {True, False} and len(_trumps_held(p.view, trump, _dealer_picks_up(p.view, p.move))) >= 2


@CATALOGUE.idea("classic.alone", "Go alone", "classic-alone")
def _alone(p: Position) -> bool:
    trump = _bid_trump(p.view, p.move)
    if trump is None or not p.move.alone:
        return False
    held = _trumps_held(p.view, trump, _dealer_picks_up(p.view, p.move))
    order = trump_order(trump, size=p.view.rules.deck, joker=p.view.rules.joker)
    if order[0] in held:
        return True
    # four trumps or more with a bower, and no opponent dealer picks up the top trump
    v = p.view
    gives_top = p.move.kind == "order" and v.up == order[0] and v.dealer.team is not v.seat.team
    return len(held) >= 4 and any(c.rank is Rank.JACK for c in held) and not gives_top


@CATALOGUE.idea("classic.score", "The score", "alone")
def _score(p: Position) -> bool:
    """Near the end of the game, said of a bid (in the play, the cards give the reason)."""
    bidding = p.view.phase in (Phase.ROUND_1, Phase.ROUND_2)
    return bidding and max(p.view.scores, default=0) >= 8 and p.option.p_win_game is not None


# ---- fallbacks, alternatives, reminders ----------------------------------------------------------------


@CATALOGUE.idea("classic.tie", "Equally good")
def _tie(p: Position) -> bool:
    return len(p.tied) > 1 and any(o.action == p.move for o in p.tied)


@CATALOGUE.idea("classic.best-value", "Scores the most")
def _best_value(p: Position) -> bool:
    return p.move == p.analysis.best.action and p.runner is not None and len(p.tied) == 1


@CATALOGUE.idea("classic.alternative", "What another choice costs")
def _alternative(p: Position) -> bool:
    return p.runner is not None


@CATALOGUE.idea("classic.partner-signal", "What partner's bids showed")
def _partner_signal(p: Position) -> bool:
    return _partner_reason(p) is not None


@CATALOGUE.idea("rule.left-bower", "The left bower belongs to trump", "bowers")
def _left_bower_matters(p: Position) -> bool:
    trump = _rule_trump(p)
    if trump is None:
        return False
    left = left_bower(trump)
    if left not in p.view.hand:
        return False
    if _following(p):
        return p.view.led_suit is trump or p.view.led_suit is left.suit
    return True


@CATALOGUE.idea("rule.follow-suit", "You must follow suit", "follow-suit")
def _must_follow(p: Position) -> bool:
    return _following(p) and _holds_led(p.view) and len(_legal_cards(p.view)) < len(p.view.hand)


@CATALOGUE.idea("rule.void", "Out of the suit led", "tricks")
def _void(p: Position) -> bool:
    return _following(p) and not _holds_led(p.view)


@CATALOGUE.idea("rule.dealer-pickup", "The dealer picks up the up card", "classic-bidding")
def _pickup_rule(p: Position) -> bool:
    """Round 1, and the move is no order up (whose own words say who picks the card up)."""
    return p.view.phase is Phase.ROUND_1 and p.move.kind != "order"


#: the card ideas every game shares (:mod:`~euchre_tutor.advisor.card_ideas`), read through :func:`trick_facts`
_SHARED_IDEAS, SHARED_SENTENCES = card_ideas(
    trick_facts,
    {
        "equals": ("classic.equals", "classic-play"),
        "none-wins": ("classic.none-wins", "classic-play"),
        "partner-has-it": ("classic.partner-has-it", "classic-play"),
        "each-wins": ("classic.each-wins", "tricks"),
        "boss": ("classic.boss", "classic-strategy"),
        "no-boss": ("classic.no-boss", "classic-strategy"),
        "keep-trumps": ("classic.keep-trumps", "classic-strategy"),
        "play-high": ("classic.play-high", "tricks"),
        "keep-winner": ("classic.keep-winner", "classic-strategy"),
    },
)
CATALOGUE.add(*_SHARED_IDEAS)
assert all(i.lesson in LESSONS or not i.lesson for i in CATALOGUE.values())

#: the "because" ideas, most specific first: the first that holds (for every tied move) is said first
_WHY_ORDER: Final = (
    "classic.alone",
    "classic.score",
    "classic.next",
    "classic.partner-deals",
    "classic.alone-close",
    "classic.bid-strength",
    "classic.opponent-deals",
    "classic.weak-pass",
    "classic.close-bid",
    "classic.partner-winning",
    "classic.ruff",
    "classic.win-cheaply",
    "classic.play-high",
    "classic.short-suit",
    "classic.throw-weakest",
    "classic.count-trumps",
    "classic.pull-trump",
    "classic.lead-partners-trump",
    "classic.cash-ace",
    "classic.lead-through",
    "classic.cover-partner",
    "classic.none-wins",
    "classic.partner-has-it",
    "classic.each-wins",
    "classic.equals",
    "classic.draw-trump",
    "classic.boss",
    "classic.no-boss",
    "classic.keep-trumps",
    "classic.discard-short",
    "classic.discard-low",
    "classic.discard-side",
    "classic.settled",
    "classic.keep-winner",
    "classic.one-line",
)
#: the reminders a reason already says: the seat holds none of the suit led; the up card goes to the dealer
_ALREADY_SAID: Final = {
    "rule.void": frozenset({"classic.ruff", "classic.short-suit"}),
    "rule.dealer-pickup": frozenset({"classic.partner-deals", "classic.opponent-deals"}),
}
_REMINDER_ORDER: Final = ("rule.left-bower", "rule.follow-suit", "rule.void", "rule.dealer-pickup")
