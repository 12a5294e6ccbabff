"""The teaching sentences both engines say: why a card may not follow, and why a trick was won.

Solitaire and classic Euchre play tricks by the same rules, so they explain
them with the same words; the engines only say who is playing (``"you"``
in Solitaire, a seat's name at the classic table).

>>> from euchre_tutor.cards import parse_cards
>>> print(follow_suit_message(Card.parse("JS"), Card.parse("KS"), Suit.CLUBS, parse_cards("QS")))
J♠ does not follow ♠: it is the left bower, so it counts as ♣ (trump), not ♠. You hold ♠, so you must follow; legal: Q♠
>>> print(follow_suit_message(Card.parse("TS"), Card.parse("KH"), Suit.CLUBS, parse_cards("AH"), who="North"))
10♠ does not follow ♥: it is a spade. North holds ♥, so North must follow; legal: A♥
>>> explain_trick(parse_cards("9H TC"), Suit.CLUBS)
'10♣ is trump and beats 9♥ led'
>>> explain_trick(parse_cards("KH AH JC"), Suit.CLUBS)
'J♣ is a trump (the right bower, the highest trump): a trump beats every card of the other suits'
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre_tutor.cards import (
    Card,
    Suit,
    describe_rank,
    effective_suit,
    format_cards,
    is_left_bower,
    is_trump,
    winning_index,
)

__all__ = ["explain_trick", "follow_suit_message"]


def follow_suit_message(
    card: Card, lead: Card, trump: Suit | None, legal: Sequence[Card], who: str = "you"
) -> str:
    """Why ``card`` may not be played on ``lead``: the follow-suit rule, with the left bower spelled out.

    ``who`` is the player holding ``card``: ``"you"``, or a name such as ``"North"``.
    """
    led = effective_suit(lead, trump)
    mine = effective_suit(card, trump)
    led_word = f"trump ({led.symbol})" if trump is not None and led is trump else led.symbol
    if is_left_bower(card, trump) and card.suit is not None:
        what = f"it is the left bower, so it counts as {mine.symbol} (trump), not {card.suit.symbol}"
    else:
        what = f"it is a {'trump' if trump is not None and mine is trump else mine.plural[:-1]}"
    notes = []
    if is_left_bower(lead, trump):
        notes.append(f"{lead.symbol} is the left bower, so trump was led")
    lefts = [c for c in legal if is_left_bower(c, trump) and c != card]
    if lefts:
        whose = "your" if who == "you" else f"{who}'s"
        notes.append(f"{whose} {lefts[0].symbol} is the left bower, a trump")
    extra = f" ({'; '.join(notes)})" if notes else ""
    holds = "You hold" if who == "you" else f"{who} holds"
    return (
        f"{card.symbol} does not follow {led_word}: {what}. {holds} {led_word}{extra}, so {who} must follow; "
        f"legal: {format_cards(legal, symbols=True)}"
    )


def explain_trick(cards: Sequence[Card], trump: Suit | None, notrump: str | None = None) -> str:
    """Why the winner of a trick (played in this order, the first card leads) won, in one sentence.

    A two-card trick (Solitaire's, or a loner against a lone defender) compares
    the two cards; a longer one says where the winner stands among the cards played.
    ``notrump`` is ``"high"`` or ``"low"`` under a no-trump bid.
    """
    win = cards[winning_index(cards, trump, notrump)]
    if trump is None:
        led = cards[0].suit
        assert led is not None  # no joker without trump
        if notrump == "low":
            return (
                f"{win.symbol} is the lowest {led.plural[:-1]} played: with no trump (low), the lowest "
                "card of the led suit wins"
            )
        return f"{win.symbol} is the highest {led.plural[:-1]} played: with no trump, the highest card of the led suit wins"
    if len(cards) == 2:
        return _explain_pair(cards, trump)
    led = effective_suit(cards[0], trump)
    trumps = [c for c in cards if is_trump(c, trump)]
    if not trumps:
        return f"{win.symbol} is the highest {led.plural[:-1]} (the led suit) and no trump was played"
    rank_words = describe_rank(win, trump)
    if led is trump:
        return f"{win.symbol} is {rank_words}: the highest trump played"
    if len(trumps) == 1:
        return f"{win.symbol} is a trump ({rank_words}): a trump beats every card of the other suits"
    return f"{win.symbol} is {rank_words}: the highest of the trumps played"


def _explain_pair(cards: Sequence[Card], trump: Suit) -> str:
    w = winning_index(cards, trump)
    win, lose = cards[w], cards[1 - w]
    led = effective_suit(cards[0], trump)
    win_trump, lose_trump = is_trump(win, trump), is_trump(lose, trump)
    if win_trump and lose_trump:
        return (
            f"{win.symbol} ({describe_rank(win, trump)}) beats {lose.symbol} ({describe_rank(lose, trump)})"
        )
    if win_trump:
        lead_note = " led" if w == 1 else ""
        return f"{win.symbol} is trump and beats {lose.symbol}{lead_note}"
    if effective_suit(lose, trump) is not led:
        return f"{lose.symbol} neither follows {led.symbol} nor is trump, so {win.symbol} wins"
    return f"{win.symbol} is the higher {led.plural[:-1]}"
