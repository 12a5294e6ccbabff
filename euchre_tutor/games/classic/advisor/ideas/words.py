"""The classic hint's sentences: the move, the tie, each idea's "because" and each rule reminder, in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from euchre_tutor.advisor.card_ideas import both_or_all
from euchre_tutor.advisor.voice import (
    Namer,
    capital,
    card_name,
    cards_by_what,
    chance_words,
    join_words,
    named_card,
    suit_words,
    whose,
)
from euchre_tutor.cards import (
    Card,
    Rank,
    is_left_bower,
    is_right_bower,
    is_trump,
    left_bower,
    trick_power,
)
from euchre_tutor.games.classic.advisor.analysis import ClassicOption
from euchre_tutor.games.classic.advisor.ideas.conditions import SHARED_SENTENCES, _cheapest_winner, _tied_bid
from euchre_tutor.games.classic.advisor.ideas.facts import (
    Position,
    _bid_trump,
    _card,
    _dealer_picks_up,
    _plays_after,
    _rule_trump,
    _side_aces,
    _strongest_bid,
    _trumps_held,
    _winner,
    one_line,
    settled,
)
from euchre_tutor.games.classic.advisor.reasons import action_label
from euchre_tutor.games.classic.engine.engine import Action, Phase
from euchre_tutor.games.classic.views import SeatView

# ---- words ---------------------------------------------------------------------------------------------


def action_noun(action: Action, view: SeatView, namer: Namer | None = None) -> str:
    """An action as the subject of a sentence: 'leading the ace of hearts (A♥)', 'passing',
    'ordering up J♠ alone' (cards in words the first time ``namer`` meets them)."""
    n = namer if namer is not None else Namer()
    alone = " alone" if action.alone else ""
    kind = action.kind
    if kind == "play" and action.card is not None:
        verb = "leading" if view.phase is Phase.PLAY and not view.trick_plays else "playing"
        return f"{verb} {n.card(action.card)}"
    if kind == "discard" and action.card is not None:
        return f"discarding {n.card(action.card)}"
    if kind == "give" and action.card is not None:
        return f"giving your partner {n.card(action.card)}"
    if kind == "pass":
        return "passing"
    if kind == "order":
        verb = "picking up" if view.seat == view.dealer else "ordering up"
        return f"{verb} {n.card(view.up)}{alone}"
    if kind == "call":
        if action.notrump == "high":
            return f"calling high, no trump{alone}"
        if action.notrump == "low":
            return f"calling low, no trump{alone}"
        if action.suit is not None:
            return f"calling {suit_words(action.suit)}{alone}"
    if kind == "alone":
        return "defending alone" if view.phase is Phase.DEFEND_ALONE else "going alone"
    if kind == "partner":
        return (
            "defending with your partner" if view.phase is Phase.DEFEND_ALONE else "playing with your partner"
        )
    if kind == "misdeal":
        return "calling a misdeal"
    if kind == "under":
        return f"going under with {n.cards(action.cards)}"
    label = action_label(action, view)
    return label[:1].lower() + label[1:]


def move_words(action: Action, view: SeatView, namer: Namer | None = None) -> str:
    """The move as an instruction: 'Lead the ace of hearts (A♥).', 'Order up the jack of spades (J♠):
    your partner the dealer picks it up.', 'Pass.'"""
    n = namer if namer is not None else Namer()
    kind = action.kind
    if kind == "play" and action.card is not None:
        verb = "Lead" if view.phase is Phase.PLAY and not view.trick_plays else "Play"
        return f"{verb} {n.card(action.card)}."
    if kind == "order":
        alone = " and go alone" if action.alone else ""
        if view.seat == view.dealer:
            return f"Pick up {n.card(view.up)}{alone}."
        who = (
            f"your partner {view.dealer.word} deals and picks it up"
            if view.dealer.team is view.seat.team
            else f"{view.dealer.word}, the dealer, picks it up"
        )
        return f"Order up {n.card(view.up)}{alone}: {who}."
    alone = " and go alone" if action.alone else ""
    if kind == "call" and action.notrump is None and action.suit is not None:
        return f"Call {suit_words(action.suit)} as trump{alone}."
    if kind == "call" and action.notrump is not None:
        return f"Call {action.notrump}: no trump{', and go alone' if action.alone else ''}."
    if kind in ("discard", "give") and action.card is not None:
        return f"{'Discard' if kind == 'discard' else 'Give your partner'} {n.card(action.card)}."
    defending = view.phase is Phase.DEFEND_ALONE
    plain = {
        "pass": "Pass.",
        "alone": "Defend alone." if defending else "Go alone.",
        "partner": "Defend with your partner." if defending else "Play with your partner.",
        "misdeal": "Call a misdeal: the hand is thrown in.",
    }
    if kind in plain:
        return plain[kind]
    if kind == "under":
        return f"Go under with {n.cards(action.cards)}."
    return f"{action_label(action, view)}."


def _tie_words(group: Sequence[ClassicOption], view: SeatView, namer: Namer) -> str:
    cards = [o.action.card for o in group if o.action.card is not None]
    kinds = {o.action.kind for o in group}
    if len(cards) == len(group) and len(kinds) == 1 and kinds <= {"play", "discard"}:
        leading = view.phase is Phase.PLAY and not view.trick_plays
        what = "discards" if kinds == {"discard"} else ("leads" if leading else "cards to play")
        verb = "Discard" if kinds == {"discard"} else ("Lead" if leading else "Play")
        phrase = cards_by_what(cards, view.hand, view.trump, namer) if len(cards) > 2 else None
        if phrase is not None:  # more than two cards: said by what they are
            return f"{verb} {phrase}: they are equally good {what}."
        if len(cards) > 3:
            return (
                f"These {len(cards)} cards are equally good {what}: {join_words([c.symbol for c in cards])}."
            )
        names = [named_card(c, view.trump, namer) for c in cards]
        return capital(f"{join_words(names)} are equally good {what}.")
    alone = {o.action.alone for o in group}
    if (
        len(group) == 2
        and alone == {True, False}
        and len({(o.action.kind, o.action.suit) for o in group}) == 1
    ):
        bid = next(o.action for o in group if not o.action.alone)
        if bid.kind in ("order", "call") and bid.notrump is None:  # one bid, alone or not
            head = move_words(bid, view, namer).split(":")[0].rstrip(".")
            return f"{head}, alone or with your partner: both are equally good."
    names = [action_noun(o.action, view, namer) for o in group]
    if len(names) > 4:
        return f"These {len(names)} choices are equally good: {join_words(names)}."
    return capital(f"{join_words(names)} are equally good.")


_COUNT: Final = {1: "one trump", 2: "two trumps", 3: "three trumps", 4: "four trumps", 5: "five trumps"}
_ACES: Final = {1: "a side ace", 2: "two side aces", 3: "three side aces"}


def _because(idea: str, p: Position, n: Namer, tie: bool = False) -> str:
    """The sentence of a "because" idea (called only where it holds)."""
    view = p.view
    if idea == "classic.partner-has-it":  # partner by seat (the shared sentence names the card)
        who = "neither" if len(p.tied) == 2 else "none of them"
        seat = view.trick_plays[_winner(view)][0]
        return f"Your partner {seat.word} is winning the trick and {who} would take it over: save your high cards."
    if idea in SHARED_SENTENCES:
        return SHARED_SENTENCES[idea](p, n, tie)
    card = _card(p)
    trump = view.trump
    if idea == "classic.pull-trump":
        return "Your side made trump and you hold the top one: pull the opponents' trumps so your side cards win later."
    if idea == "classic.lead-partners-trump":
        return "Your partner made trump: leading trump helps them pull the opponents' trumps."
    if idea == "classic.lead-through":
        assert view.maker is not None
        return f"{view.maker.word} made trump and plays right after you: lead through the maker, so they must choose before their partner can help."
    if idea == "classic.cash-ace":
        assert card is not None and card.suit is not None
        if tie:
            return "Cash an ace now, while everyone still has its suit: later someone may be out of it and trump it."
        return f"Cash {n.card(card)} now, while everyone still has {card.suit.plural}: later someone may be out of them and trump it."
    if idea == "classic.partner-winning":
        seat = view.trick_plays[_winner(view)][0]
        return f"Your partner {seat.word} is already winning the trick: play low and save your high cards."
    if idea == "classic.ruff":
        assert card is not None and view.led_suit is not None and trump is not None
        if tie:
            return f"You have no {view.led_suit.plural}, so trump it: any of these trumps takes the trick."
        text = f"You have no {view.led_suit.plural}, so trump it: {n.card(card)} takes the trick"
        higher = [
            c
            for c in _trumps_held(view, trump)
            if trick_power(c, trump, trump) > trick_power(card, trump, trump)
        ]
        if _cheapest_winner(view, card) and higher:
            text += ", and a low trump is enough: keep your higher trumps for the ones still out"
        return text + "."
    if idea == "classic.win-cheaply":
        assert card is not None
        if tie:
            return "Each of these is the cheapest card that wins the trick: keep your higher cards for later."
        last = len(view.trick_plays) == view.players - len(view.sitting_out) - 1
        tail = " and you play last" if last else ""
        return f"{capital(card_name(card))} is the cheapest card that wins the trick{tail}: keep your higher cards for later."
    if idea == "classic.short-suit":
        assert card is not None and card.suit is not None
        what = f"your last {card.suit.plural[:-1]}, so you can trump {card.suit.plural} later"
        return f"You cannot win this trick: throw {'a card you will not miss' if tie else what}."
    if idea == "classic.throw-weakest":
        return "You cannot win this trick, so throw your weakest card and keep the others."
    if idea == "classic.count-trumps":
        assert card is not None
        what = "these cards" if tie else n.card(card)
        return f"Count the trumps: every trump outside your hand has been played, so nobody can trump {what}."
    if idea == "classic.draw-trump":
        assert card is not None
        what = "leading trump" if tie else f"leading {named_card(card, trump, n)}"
        return f"Your side made trump: {what} draws the opponents' trumps, so your side cards can win later."
    if idea == "classic.cover-partner":
        winning = view.trick_plays[_winner(view)][1]
        after = " and ".join(_plays_after(view))
        return f"{capital(whose('your partner', winning, trump))} may not hold: {after} still plays, so take the trick yourself."
    if idea == "classic.discard-short":
        assert p.move.card is not None and p.move.card.suit is not None
        return f"It leaves you with no {p.move.card.suit.plural}, so you can trump them when they are led."
    if idea == "classic.discard-low":
        return "It is your lowest side card: keep your trumps and your higher cards."
    if idea == "classic.discard-side":
        trump = view.trump
        tied = {o.action.card for o in p.tied}
        if tie and tied == {c for c in view.hand if trump is not None and not is_trump(c, trump)}:
            return "Keep your trumps: they win tricks in the suits you run out of."  # "any card but a trump"
        what = f"{both_or_all(len(p.tied))} are side cards: discard one" if tie else "Discard a side card"
        return f"{what} and keep your trumps for the suits you run out of."
    if idea == "classic.one-line":
        return _one_line_words(p)
    if idea == "classic.settled":
        return _settled_words(p, n)
    if idea == "classic.tie":
        return "The deals that fit what you have seen cannot tell them apart."
    if idea == "classic.best-value":
        return "It scores the most for your side in the deals that fit what you have seen."
    return _because_bid(idea, p, n, tie)


def _holding_words(p: Position, n: Namer) -> str:
    """What the seat would hold with the move's trump: 'You would hold three trumps, J♠ and J♣ among them,
    and a side ace'."""
    view = p.view
    bid_trump = _bid_trump(view, p.move)
    assert bid_trump is not None
    held = _trumps_held(view, bid_trump, _dealer_picks_up(view, p.move))
    bowers = [c for c in held if c.rank is Rank.JACK or c.suit is None]
    aces = _side_aces(view, bid_trump)
    text = f"You would hold {_COUNT.get(len(held), f'{len(held)} trumps')}"
    if bowers:
        text += f", {join_words([named_card(c, bid_trump, n) for c in bowers])} among them"
    if aces:
        text += f"{',' if bowers else ''} and {_ACES.get(len(aces), f'{len(aces)} side aces')}"
    return text


def _because_bid(idea: str, p: Position, n: Namer, tie: bool) -> str:
    """The sentence of a "because" idea of the bidding (called only where it holds)."""
    view = p.view
    if idea in ("classic.bid-strength", "classic.alone"):
        text = _holding_words(p, n)
        if idea == "classic.alone":
            return text + ": partner adds little, and a lone march scores 4 points."
        return text + f": your side makes it {chance_words(p.option.p_make)}."
    if idea == "classic.weak-pass":
        bid = _strongest_bid(p)
        assert bid is not None
        bid_trump = _bid_trump(view, bid.action)
        assert bid_trump is not None
        held = _trumps_held(view, bid_trump, _dealer_picks_up(view, bid.action))
        few = {0: "no trump", 1: "only one trump", 2: "only two trumps"}[len(held)]
        if tie:
            return f"With {few} in {bid_trump.plural}, a bid would often be euchred."
        euchred = chance_words(bid.p_euchred)
        return f"With {few} in {bid_trump.plural}, {action_noun(bid.action, view, n)} would be euchred {euchred}."
    if idea == "classic.partner-deals":
        held = _trumps_held(view, view.up_suit)
        bowers = [named_card(c, view.up_suit, n) for c in held if c.rank is Rank.JACK]
        mine = f"your {_NUMBER[len(held)]}" if len(held) > 1 else "yours"
        among = f", {join_words(bowers)} among them" if bowers and len(held) > 1 else ""
        if bowers and len(held) == 1:
            mine = f"yours, {bowers[0]}"
        up = named_card(view.up, view.up_suit, n)
        return f"Your side would hold at least {_NUMBER[len(held) + 1]} trumps: {up} and {mine}{among}."
    if idea == "classic.opponent-deals":
        return f"The dealer, {view.dealer.word}, is an opponent: ordering up would hand them {n.card(view.up)}, so you need a stronger hand."
    if idea == "classic.next":
        assert view.up.suit is not None and p.move.suit is not None
        return f"Call next: {view.up.suit.plural} were turned down, and {p.move.suit.plural}, the same colour, is often strong for the player left of the dealer."
    if idea == "classic.score":
        assert p.option.p_win_game is not None
        return f"Near the end of the game, winning it is what matters: this keeps your side's chance of winning at {chance_words(p.option.p_win_game)}."
    if idea == "classic.close-bid":
        return _close_bid_words(p, n)
    if idea == "classic.alone-close":
        points = p.view.rules.alone_march_points
        return (
            f"{_holding_words(p, n)}: a close call between a loner's {points} points and your partner's help."
        )
    raise ValueError(f"no sentence for idea {idea!r}")


_NUMBER: Final = ("no", "one", "two", "three", "four", "five")


def _tricks(k: int) -> str:
    return f"{_NUMBER[k]} trick{'' if k == 1 else 's'}"


def _sure_words(view: SeatView, cards: Sequence[Card], n: Namer) -> str:
    """The seat's trumps nothing can beat, in words: ``'both bowers'``, ``'the right bower (J♠)'``."""
    bowers = [c for c in cards if is_right_bower(c, view.trump) or is_left_bower(c, view.trump)]
    if len(bowers) == 2:
        rest = [named_card(c, view.trump, n) for c in cards if c not in bowers]
        return join_words(["both bowers", *rest])
    return join_words([named_card(c, view.trump, n) for c in cards])


def _settled_words(p: Position, n: Namer) -> str:
    """Why no card changes the hand's points: the side sure of three tricks, or of all five (those taken,
    the seat's trumps nothing can beat, a trick in play no card changes), and for a hand made without a
    march, what stops the march."""
    view = p.view
    o = settled(view)
    assert o is not None
    mine, made = view.is_maker_side, o.low >= 3
    goal = 5 if o.low >= 5 else 3
    taken = o.makers if made else o.defenders
    seat_side = mine is made  # the side sure of its goal is the seat's
    if taken >= goal:
        who = "Your side has" if seat_side else ("The makers have" if made else "The opponents have")
        text = f"{who} {_tricks(taken)}"
    else:
        how = [f"{_tricks(taken)} taken"] if taken else []
        if o.counted and o.trick == ("us" if seat_side else "them"):
            how.append("this one")
        if seat_side and o.sure:
            how.append(f"{_sure_words(view, o.sure, n)}, which nobody can beat,")
        who = "your side" if seat_side else ("the makers" if made else "the opponents")
        text = f"{capital(' plus '.join(how))} make {'all five' if goal == 5 else 'three'} for {who}"
    if not made:
        return text + f", so {'your side is' if mine else 'the makers are'} euchred whatever you play."
    if o.high < 5:
        if o.defenders:
            stop = f"{'the opponents have' if mine else 'your side has'} {_NUMBER[o.defenders]}"
        elif mine:
            stop = "this trick goes to the opponents"
        elif o.sure:
            stop = f"{_sure_words(view, o.sure, n)}, which nobody can beat, will take one for your side"
        else:
            stop = "this trick is yours"
        text += f"; {stop}"
    return text + ", so the score is settled."


def _one_line_words(p: Position) -> str:
    """The one trick count that still changes the hand's points, and what the seat's side needs for it."""
    view = p.view
    found = one_line(view)
    assert found is not None
    o, line = found
    mine = view.is_maker_side
    if line == 5:
        if mine:
            three = "Your side has three tricks" if o.makers >= 3 else "Three tricks are sure for your side"
            return f"{three}: only taking all five adds to the score now, so play for every trick."
        three = "The makers have three tricks" if o.makers >= 3 else "The makers are sure of three tricks"
        return f"{three}: one trick for your side stops their march, and nothing else changes the score."
    taken = o.makers if mine else o.defenders
    goal = "make it" if mine else "euchre the makers"
    has = f"has {_tricks(taken)} and needs {_NUMBER[3 - taken]} more" if taken else "needs three tricks"
    return f"Your side {has} to {goal}; {'a' if mine else 'their'} march is out of reach."


def _close_bid_words(p: Position, n: Namer) -> str:
    bid = _tied_bid(p)
    assert bid is not None
    verb, held = bid
    count = _COUNT.get(len(held), "no trump" if not held else "five trumps")
    bowers = [c for c in held if c.rank is Rank.JACK]
    trumps = [_bid_trump(p.view, o.action) for o in p.tied if o.action.kind in ("order", "call")]
    trump = next((t for t in trumps if t is not None), None)
    extra = f", {' and '.join(named_card(c, trump, n) for c in bowers)} among them" if bowers else ""
    return f"A close call: {verb} would give you {count}{extra}, and passing does about as well."


def _reminder(idea: str, p: Position, n: Namer) -> str:
    view = p.view
    if idea == "rule.left-bower":
        trump = _rule_trump(p)
        assert trump is not None
        left = left_bower(trump)
        assert left.suit is not None
        return (
            f"The left bower ({left.symbol}) counts as a {trump.plural[:-1]}, not a {left.suit.plural[:-1]}."
        )
    if idea == "rule.follow-suit":
        assert view.led_suit is not None
        return f"You must follow suit: {view.led_suit.plural} were led and you hold some."
    if idea == "rule.void":
        assert view.led_suit is not None
        return f"You hold no {view.led_suit.plural}, so you may trump or throw any card."
    if idea == "rule.dealer-pickup":
        return f"If anyone orders up, the dealer ({view.dealer.word}) picks up {n.card(view.up)} and discards a card."
    raise ValueError(f"no sentence for reminder {idea!r}")
