"""More Solitaire card-play ideas, each with its condition and its sentence: the deck's known trump on
top of the stock (beat it with a higher trump, or let it fall on a side card), keeping a sure winner for
later (a plan that pays off later), the likeliest winner and what beats it, a deal whose score no card
can change, and what tied cards share (equals, none can beat the deck's card, each beats it, the order
of the last two cards).

Every condition reads the move a sentence is about (``pos.best_card``: the best option's card, or with
a tie each tied card in turn, :func:`~euchre_tutor.games.solitaire.advisor.ideas_position.named_positions`);
a sentence beside tied cards is said only when its condition holds for every one of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from euchre_tutor.advisor.card_ideas import TrickFacts, both_or_all, card_ideas, neither_or_none
from euchre_tutor.advisor.voice import RANK_NAMES, Namer, capital, join_words, named_card, whose
from euchre_tutor.cards import (
    Card,
    effective_suit,
    is_trump,
    trick_power,
)
from euchre_tutor.games.solitaire.advisor.ideas_position import CATALOGUE, Position, deck_cards, trick_facts
from euchre_tutor.games.solitaire.engine.engine import Phase, Play

__all__ = ["CARD_SENTENCES", "LEAD_ORDER", "SETTLED_ORDER", "TIE_ORDER"]

# ---- facts ---------------------------------------------------------------------------------------------


def _top(pos: Position) -> Card | None:
    """The deck's known first card when the player leads now (a trump: the ordered-up card)."""
    top = pos.view.known_top
    if not pos.leading or top is None or not is_trump(top, pos.trump):
        return None
    return top


def _all_tied(pos: Position) -> bool:
    return len(pos.tied) == len(pos.hint.options) > 1


def _sure_winner(pos: Position, card: Card) -> bool:
    st = pos.burn(card)
    return st.p_win_trick == 1 and st.p_stock_out == 0


def _kept_winner(pos: Position) -> Card | None:
    """A card of the hand that wins whenever it is led, not the move, whose lead now is worth less than
    the best: the sure winner the best move keeps for later."""
    card = pos.best_card
    if card is None or not pos.leading or _sure_winner(pos, card):
        return None
    for w in pos.view.hand:
        if w == card or not _sure_winner(pos, w):
            continue
        o = pos.value(Play(w))
        if o is not None and o.utility < pos.best.utility:
            return w
    return None


def _boss_trump(pos: Position, card: Card) -> bool:
    """``card`` is a trump that no card the deck may still play beats."""
    trump = pos.trump
    if not is_trump(card, trump):
        return False
    mine = trick_power(card, trump, trump)
    return all(trick_power(c, trump, trump) <= mine for c in deck_cards(pos) if is_trump(c, trump))


# ---- conditions ----------------------------------------------------------------------------------------


@CATALOGUE.idea("solitaire.beat-top", "beat the deck's known trump", "burn")
def _beat_top(pos: Position) -> bool:
    card, top = pos.best_card, _top(pos)
    if card is None or top is None or not is_trump(card, pos.trump):
        return False
    return trick_power(card, pos.trump, pos.trump) > trick_power(top, pos.trump, pos.trump)


@CATALOGUE.idea("solitaire.top-falls", "let the deck's trump fall on your weakest card", "burn")
def _top_falls(pos: Position) -> bool:
    card, top = pos.best_card, _top(pos)
    return card is not None and top is not None and not is_trump(card, pos.trump)


@CATALOGUE.idea("solitaire.keep-winner", "lose a loser, keep your winners", "burn")
def _keep_winner(pos: Position) -> bool:
    return _top(pos) is None and _kept_winner(pos) is not None


@CATALOGUE.idea("solitaire.likeliest", "your likeliest winner", "burn")
def _likeliest(pos: Position) -> bool:
    card = pos.best_card
    if card is None or not pos.leading or _top(pos) is not None:
        return False
    mine = pos.burn(card).p_win_trick
    if not 0 < mine < 1 or pos.burn(card).p_stock_out != 0:
        return False
    return all(pos.burn(c).p_win_trick < mine for c in pos.legal_cards() if c != card)


@CATALOGUE.idea("solitaire.lose-loser", "lose a loser, keep your likelier winners", "burn")
def _lose_loser(pos: Position) -> bool:
    card = pos.best_card
    if card is None or not pos.leading or _top(pos) is not None or pos.burn(card).p_stock_out != 0:
        return False
    mine = pos.burn(card).p_win_trick
    others = [pos.burn(c).p_win_trick for c in pos.legal_cards() if c != card]
    return bool(others) and all(mine < o < 1 for o in others)


@CATALOGUE.idea("solitaire.settled", "the score is settled whatever you play", "tricks")
def _settled(pos: Position) -> bool:
    if not _all_tied(pos) or pos.view.phase is not Phase.PLAY:
        return False
    options = pos.hint.options
    if pos.view.alone:
        return all(o.p5 == 0 for o in options)
    return all(o.p3 == 0 for o in options) or all(o.p3 == 1 for o in options)


@CATALOGUE.idea("solitaire.order-free", "the order of the last two cards", "tricks")
def _order_free(pos: Position) -> bool:
    hand = pos.view.hand
    return _all_tied(pos) and pos.leading and len(hand) == 2 and any(_boss_trump(pos, c) for c in hand)


# ---- sentences ----------------------------------------------------------------------------------------


def _say_beat_top(pos: Position, n: Namer, tie: bool) -> str:
    top, card = _top(pos), pos.best_card
    assert top is not None and card is not None
    if tie:
        return (
            f"{both_or_all(len(pos.tied))} beat {n.card(top)}, the trump on top of the stock: each wins this trick "
            "and draws that trump."
        )
    return (
        f"The deck's first card is {n.card(top)}, a trump, and {n.card(card)} beats it: you win this trick "
        "and draw that trump."
    )


def _say_top_falls(pos: Position, n: Namer, tie: bool) -> str:
    top, card = _top(pos), pos.best_card
    assert top is not None and card is not None
    trumps = [c for c in pos.view.hand if is_trump(c, pos.trump)]
    keep = (", and keep your trump" if len(trumps) == 1 else ", and keep your trumps") if trumps else ""
    if tie:
        return f"{both_or_all(len(pos.tied))} lose to {n.card(top)}, the trump on top of the stock: let it fall on one{keep}."
    side = [c for c in pos.view.hand if not is_trump(c, pos.trump)]
    weakest = all(int(card.rank) <= int(c.rank) for c in side)
    what = "your weakest card" if weakest else "a side card"
    return (
        f"The deck's first card is {n.card(top)}, a trump that beats every lead but a higher trump: "
        f"let it fall on {what}{keep}."
    )


def _say_keep_winner(pos: Position, n: Namer, tie: bool) -> str:
    card, w = pos.best_card, _kept_winner(pos)
    assert card is not None and w is not None
    winner = capital(named_card(w, pos.trump, n))
    if pos.burn(card).p_win_trick > 0:
        return (
            f"{winner} wins whenever you lead it, so it can wait: lead {n.card(card)} first, "
            "while it may still win a trick."
        )
    return (
        f"{winner} wins whenever you lead it, so it can wait: lose {n.card(card)} now and keep your winner."
    )


def _beaters_words(pos: Position, card: Card, n: Namer) -> str:
    trump = pos.trump
    beaters = pos.burn(card).beaters
    if is_trump(card, trump):
        higher = sorted(beaters, key=lambda c: -trick_power(c, trump, trump))
        if len(higher) > 2:
            return f"{len(higher)} higher trumps"
        return join_words([named_card(c, pos.trump, n) for c in higher], "or")
    suit = effective_suit(card, trump)
    parts = []
    if any(is_trump(c, trump) for c in beaters):
        parts.append("a trump")
    higher = sorted((c for c in beaters if not is_trump(c, trump)), key=lambda c: int(c.rank))
    if higher:
        ranks = join_words([f"the {RANK_NAMES[c.rank]}" for c in higher], "or")
        one = suit.plural[:-1]
        parts.append(f"a higher {one} ({ranks})")
    return join_words(parts, "or")


def _say_likeliest(pos: Position, n: Namer, tie: bool) -> str:
    card = pos.best_card
    assert card is not None
    return (
        f"{capital(n.card(card))} is your likeliest winner: only {_beaters_words(pos, card, n)} can beat it."
    )


def _say_lose_loser(pos: Position, n: Namer, tie: bool) -> str:
    card = pos.best_card
    assert card is not None
    kept = [c for c in pos.legal_cards() if c != card]
    keep = join_words([n.card(c) for c in kept]) if len(kept) <= 2 else "your likelier winners"
    return f"{capital(n.card(card))} is your card least likely to win a trick: lose it now and keep {keep} for later."


def _say_settled(pos: Position, n: Namer, tie: bool) -> str:
    if pos.view.alone:
        return "Alone, all five tricks are out of reach whatever you play: the deck scores 4 this deal."
    if pos.hint.options[0].p3 == 0:
        return "Three tricks are out of reach whatever you play: the deck scores 2 this deal."
    if pos.hint.options[0].p5 == 0:
        return (
            "You have 3 tricks whatever you play, and all five are out of reach: you score 1 point this deal."
        )
    return "You have 3 tricks whatever you play, and no order of your cards makes a march likelier."


def _say_order_free(pos: Position, n: Namer, tie: bool) -> str:
    w = next(c for c in pos.view.hand if _boss_trump(pos, c))
    return (
        f"{capital(named_card(w, pos.trump, n))} is the highest trump left and wins whenever you play it, "
        "so the order of your last two cards does not matter."
    )


def _deck(f: TrickFacts) -> tuple[str, Card]:
    assert f.winner is not None
    return f.winner


def _say_tie_none_wins(f: TrickFacts, n: Namer, tie: bool) -> str:
    return f"{neither_or_none(len(f.tied))} can beat {whose(*_deck(f), f.trump)}: the deck takes this trick whichever you play."


def _say_tie_each_wins(f: TrickFacts, n: Namer, tie: bool) -> str:
    return f"{both_or_all(len(f.tied))} beat {whose(*_deck(f), f.trump)}: each takes this trick."


Sentence = Callable[[Position, Namer, bool], str]

#: the ideas a lead with one best card tries, in order (after the catalogue's own)
LEAD_ORDER: Final = (
    "solitaire.beat-top",
    "solitaire.top-falls",
    "solitaire.keep-winner",
    "solitaire.likeliest",
    "solitaire.lose-loser",
)
#: the ideas a tie of cards tries, in order
TIE_ORDER: Final = (
    "solitaire.beat-top",
    "solitaire.top-falls",
    "solitaire.tie-none-wins",
    "solitaire.tie-each-wins",
    "solitaire.tie-equals",
)
#: the ideas a decision whose every choice ties tries, in order
SETTLED_ORDER: Final = ("solitaire.settled", "solitaire.order-free", *TIE_ORDER)

_SHARED_IDEAS, _SHARED_SENTENCES = card_ideas(
    trick_facts,
    {
        "equals": ("solitaire.tie-equals", "tricks"),
        "none-wins": ("solitaire.tie-none-wins", "tricks"),
        "each-wins": ("solitaire.tie-each-wins", "tricks"),
    },
    names={"equals": "equal cards", "none-wins": "none can win", "each-wins": "each wins"},
    say={"none-wins": _say_tie_none_wins, "each-wins": _say_tie_each_wins},
)

CATALOGUE.add(*_SHARED_IDEAS)

CARD_SENTENCES: Final[dict[str, Sentence]] = {
    "solitaire.beat-top": _say_beat_top,
    "solitaire.top-falls": _say_top_falls,
    "solitaire.keep-winner": _say_keep_winner,
    "solitaire.likeliest": _say_likeliest,
    "solitaire.lose-loser": _say_lose_loser,
    "solitaire.settled": _say_settled,
    "solitaire.order-free": _say_order_free,
    **_SHARED_SENTENCES,
}
