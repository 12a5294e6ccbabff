"""Solitaire hints in a player's words: the ideas a hint may name, each with its condition, and
:func:`explain`, which turns an exact hint into an :class:`~euchre_tutor.advisor.voice.Explanation`.

An idea is said only where its condition holds in the position *and* the best move is the move
it recommends: "lead the top trump" only when the best lead is the highest trump left, "the deck
burns" only when the best lead makes it burn the most. Every fact in a sentence comes from the
exact analysis or from what the player knows (the unseen cards, the known stock card); chances
are written in words (:func:`~euchre_tutor.advisor.voice.chance_words`), numbers are kept for the
figures depth. ``CATALOGUE`` maps each idea id to its :class:`~euchre_tutor.advisor.voice.Idea`;
the tests re-check every sentence shown with :func:`~euchre_tutor.advisor.voice.false_sentences`.

The position (and the move a sentence is about) is :mod:`.ideas_position`'s; the ideas of the deck's
known top card, the plan of keeping a winner, the likeliest winner and what tied cards share are
:mod:`.ideas_cards`'. With a tie, a reason is said only when it holds with each tied choice as the move
(:func:`named_positions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from euchre_tutor.advisor.card_ideas import first_holding, say_holding, true_of_all
from euchre_tutor.advisor.voice import (
    BRIEF_WORDS,
    MINUS,
    Explanation,
    Namer,
    Said,
    capital,
    cards_by_what,
    chance_words,
    forced_play_sentence,
    join_words,
    named_card,
    points_words,
    suit_words,
)
from euchre_tutor.cards import (
    Card,
    Suit,
    deck,
    effective_suit,
    is_right_bower,
    is_trump,
    left_bower,
    trick_power,
)
from euchre_tutor.games.solitaire.advisor.advice import Hint, OptionAnalysis
from euchre_tutor.games.solitaire.advisor.ideas_cards import (
    CARD_SENTENCES,
    LEAD_ORDER,
    SETTLED_ORDER,
    TIE_ORDER,
)
from euchre_tutor.games.solitaire.advisor.ideas_position import (
    CATALOGUE,
    Position,
    _alone_choice,
    _beats,
    _in_tie,
    _trumps,
    _weakness,
    choice_trump,
    named_positions,
    tied_best,
)
from euchre_tutor.games.solitaire.engine.engine import Action, NameTrump, OrderUp, Phase, Play
from euchre_tutor.games.solitaire.views import SolitaireView

__all__ = [
    "BRIEF_WORDS",
    "CATALOGUE",
    "Position",
    "action_words",
    "burn_words",
    "exact_points",
    "explain",
    "named_positions",
    "position_of",
    "tied_best",
]


_NUMBER_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


# --------------------------------------------------------------------------- the conditions


@CATALOGUE.idea("solitaire.stock-out", "the stock runs out", "burn")
def _stock_out(pos: Position) -> bool:
    c = pos.best_card
    return pos.leading and c is not None and pos.burn(c).p_stock_out == 1


def _known_top_stops(pos: Position) -> bool:
    top = pos.view.known_top
    return top is not None


def _sure_lead(pos: Position) -> Card | None:
    """The move's card when the seat leads it, it wins for sure and a card of the stock must follow or
    trump it (the deck's known top card stops nothing it does not already)."""
    c = pos.best_card
    if not pos.leading or c is None or _known_top_stops(pos):
        return None
    st = pos.burn(c)
    return c if st.p_win_trick == 1 and st.p_stock_out == 0 and st.stoppers > 0 else None


@CATALOGUE.idea("solitaire.pull-trump", "lead the top trump", "burn")
def _pull_trump(pos: Position) -> bool:
    c = _sure_lead(pos)
    return c is not None and is_trump(c, pos.trump)


@CATALOGUE.idea("solitaire.cash-winner", "cash a sure winner", "burn")
def _cash_winner(pos: Position) -> bool:
    c = _sure_lead(pos)
    return c is not None and not is_trump(c, pos.trump)


def _lead_burns(pos: Position) -> list[tuple[Card, Fraction]]:
    return [(c, pos.burn(c).expected_burned) for c in pos.legal_cards()]


@CATALOGUE.idea("solitaire.burn", "make the deck burn", "burn")
def _burn(pos: Position) -> bool:
    c = pos.best_card
    if not pos.leading or c is None or _known_top_stops(pos):
        return False
    st = pos.burn(c)
    if st.p_stock_out != 0 or st.stoppers == 0 or st.expected_burned < Fraction(1, 2):
        return False
    burns = [b for card, b in _lead_burns(pos) if card != c]
    return bool(burns) and st.expected_burned >= max(burns) and st.expected_burned > min(burns)


@CATALOGUE.idea("solitaire.keep-trump", "lose a loser, keep your trumps", "burn")
def _keep_trump(pos: Position) -> bool:
    c = pos.best_card
    if not pos.leading or c is None or is_trump(c, pos.trump) or _known_top_stops(pos):
        return False
    st = pos.burn(c)
    return st.p_win_trick == 0 and any(is_trump(h, pos.trump) for h in pos.view.hand)


def _wasted_trump(pos: Position) -> Card | None:
    """The lowest trump the player may lead now that the deck can beat and that is worse than the best."""
    if not pos.leading or _known_top_stops(pos):
        return None
    best = pos.best
    found = []
    for c in pos.legal_cards():
        if not is_trump(c, pos.trump) or _in_tie(pos, c):
            continue
        o = pos.value(Play(c))
        st = pos.burn(c)
        if o is not None and o.utility < best.utility and st.beaters and st.p_stock_out == 0:
            found.append(c)
    return min(found, key=lambda c: _weakness(c, pos.trump)) if found else None


@CATALOGUE.idea("solitaire.low-trump", "don't waste a low trump", "burn")
def _low_trump(pos: Position) -> bool:
    return _wasted_trump(pos) is not None


def _winners(pos: Position) -> tuple[Suit | None, list[Card]]:
    """The suit the deck led and the cards the player may play that beat its lead (none: the player leads)."""
    lead = pos.view.deck_lead
    if not pos.following or lead is None:
        return None, []
    led = effective_suit(lead, pos.trump)
    return led, [x for x in pos.legal_cards() if _beats(x, lead, pos.trump, led)]


@CATALOGUE.idea("solitaire.win-cheaply", "win as cheaply as you can", "tricks")
def _win_cheaply(pos: Position) -> bool:
    c, (led, winners) = pos.best_card, _winners(pos)
    if c is None or led is None or c not in winners:
        return False
    return all(trick_power(c, pos.trump, led) <= trick_power(x, pos.trump, led) for x in winners)


@CATALOGUE.idea("solitaire.throw-low", "throw your weakest card", "tricks")
def _throw_low(pos: Position) -> bool:
    c, (led, winners) = pos.best_card, _winners(pos)
    if c is None or led is None or winners:
        return False
    return all(_weakness(c, pos.trump) <= _weakness(x, pos.trump) for x in pos.legal_cards())


def _trump_counts(pos: Position) -> dict[Suit, int]:
    """How many trumps the hand holds under each suit the player may make trump."""
    turn = pos.view.turn_card
    suits = {choice_trump(o.action, turn) for o in pos.hint.options}
    return {s: len(_trumps(pos.view.hand, s)) for s in suits}


@CATALOGUE.idea("solitaire.trump-count", "trump count and bowers", "choosing-trump")
def _trump_count(pos: Position) -> bool:
    if not pos.trump_phase or _alone_choice(pos.action):
        return False
    counts = _trump_counts(pos)
    n = counts.get(pos.trump, 0)
    return n >= 2 and all(n >= m for m in counts.values())


def _order_beater(pos: Position) -> Card | None:
    """The highest trump in the hand, if it beats the turn card as trump (ordering up)."""
    turn = pos.view.turn_card
    suit = turn.suit
    assert suit is not None
    beaters = [c for c in _trumps(pos.view.hand, suit) if _beats(c, turn, suit, suit)]
    return beaters[0] if beaters else None


@CATALOGUE.idea("solitaire.up-card", "the up card goes on top", "choosing-trump")
def _up_card_helps(pos: Position) -> bool:
    return pos.trump_phase and isinstance(pos.action, OrderUp) and _order_beater(pos) is not None


@CATALOGUE.idea("solitaire.up-card-danger", "don't hand the deck the up card", "choosing-trump")
def _up_card_hurts(pos: Position) -> bool:
    if not pos.trump_phase or not isinstance(pos.action, NameTrump):
        return False
    up = pos.value(OrderUp(False))
    return up is not None and up.utility < pos.best.utility and _order_beater(pos) is None


def _side_aces(pos: Position) -> list[Card]:
    if not pos.trump_phase or _alone_choice(pos.action):
        return []
    trump = pos.trump
    aces = [c for c in pos.view.hand if c.rank.name == "ACE" and not is_trump(c, trump)]
    return [a for a in aces if pos.burn(a).p_win_trick >= Fraction(1, 2) and pos.burn(a).p_stock_out == 0]


@CATALOGUE.idea("solitaire.side-ace", "side aces", "choosing-trump")
def _side_ace(pos: Position) -> bool:
    return bool(_side_aces(pos))


@CATALOGUE.idea("solitaire.alone", "going alone", "alone")
def _alone(pos: Position) -> bool:
    return pos.trump_phase and _alone_choice(pos.action) and pos.best.p5 > 0


@CATALOGUE.idea("solitaire.least-bad", "every choice loses", "choosing-trump")
def _least_bad(pos: Position) -> bool:
    evs = [o.ev for o in pos.hint.options]
    return pos.trump_phase and len(evs) > 1 and max(evs) < 0 and pos.best.ev == max(evs)


@CATALOGUE.idea("solitaire.score", "the score", "alone")
def _score(pos: Position) -> bool:
    target = pos.view.rules.target
    return pos.hint.mode == "game" and max(pos.score) >= target - 2 and max(pos.score) < target


@CATALOGUE.idea("solitaire.outlook", "the chances from here")
def _outlook(pos: Position) -> bool:
    return pos.view.phase is not Phase.OVER and len(pos.hint.options) > 0


def _left_bower_card(pos: Position) -> Card | None:
    """The left bower when it matters now: in the hand under the trump in play (or the best choice's),
    or led by the deck."""
    lb = left_bower(pos.trump)
    if lb in pos.view.hand or pos.view.deck_lead == lb:
        return lb
    return None


@CATALOGUE.idea("rule.left-bower", "the left bower belongs to trump", "bowers")
def _rule_left_bower(pos: Position) -> bool:
    return _left_bower_card(pos) is not None


@CATALOGUE.idea("rule.follow-suit", "you must follow suit", "follow-suit")
def _rule_follow(pos: Position) -> bool:
    lead = pos.view.deck_lead
    if not pos.following or lead is None:
        return False
    led = effective_suit(lead, pos.trump)
    return any(effective_suit(c, pos.trump) is led for c in pos.view.hand)


@CATALOGUE.idea("rule.deck-burns", "the deck burns until it can follow or trump", "burn")
def _rule_deck_burns(pos: Position) -> bool:
    """The seat leads, and the deck's burn differs between its leads (else the rule changes nothing)."""
    return pos.leading and len({pos.burn(c).expected_burned for c in pos.legal_cards()}) > 1


@CATALOGUE.idea("rule.order-up", "ordering up puts the up card on top", "choosing-trump")
def _rule_order_up(pos: Position) -> bool:
    return pos.trump_phase


@CATALOGUE.idea("solitaire.cost", "what another choice costs")
def _cost(pos: Position) -> bool:
    return len(pos.tied) < len(pos.hint.options)


# --------------------------------------------------------------------------- words


def burn_words(x: Fraction | float) -> str:
    """An expected number of burned cards in words: ``'about one card'``, ``'about half a card'``."""
    v = float(x)
    halves = round(v * 2)
    if halves == 0:
        return "almost no cards"
    if halves == 1:
        return "about half a card"
    whole, half = divmod(halves, 2)
    name = _NUMBER_WORDS[whole] if whole < len(_NUMBER_WORDS) else str(whole)
    if half:
        return f"about {name} and a half cards"
    return f"about {name} card{'s' if whole != 1 else ''}"


def _count_words(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def _your(words: str) -> str:
    return "your " + (words[4:] if words.startswith("the ") else words)


def action_words(
    action: Action,
    turn: Card,
    namer: Namer,
    *,
    following: bool = False,
    ing: bool = False,
    trump: Suit | None = None,
) -> str:
    """A choice as an instruction (``'Name clubs (♣) as trump'``, ``'Lead the nine of hearts (9♥)'``,
    ``'Lead the right bower (J♣)'`` when ``trump`` is given) or, with ``ing``, as a subject
    (``'naming clubs (♣)'``, ``'leading 9♥'``); no final stop."""
    if isinstance(action, Play):
        verb = ("playing" if ing else "Play") if following else ("leading" if ing else "Lead")
        return f"{verb} {named_card(action.card, trump, namer)}"
    alone = " and going alone" if ing and action.alone else (" and go alone" if action.alone else "")
    if isinstance(action, OrderUp):
        return f"{'ordering' if ing else 'Order'} up {namer.card(turn)}{alone}"
    assert isinstance(action, NameTrump)
    as_trump = "" if ing else " as trump"
    return f"{'naming' if ing else 'Name'} {suit_words(action.suit)}{as_trump}{alone}"


def _move(pos: Position, namer: Namer) -> tuple[str, tuple[str, ...]]:
    """The move sentence and, for a tie, the tied choices' labels."""
    turn = pos.view.turn_card
    tied = pos.tied
    trump = pos.view.trump
    if len(pos.hint.options) == 1:
        only = action_words(tied[0].action, turn, namer, following=pos.following, trump=trump)
        a = tied[0].action
        if isinstance(a, Play) and trump is not None:  # the rule that forces it, in words
            return forced_play_sentence(a.card, pos.view.hand, trump, pos.view.deck_lead), ()
        return f"{only}: it is the only card you may play.", ()
    if len(tied) == 1:
        return action_words(tied[0].action, turn, namer, following=pos.following, trump=trump) + ".", ()
    labels = tuple(o.label for o in tied)
    verb = "play" if pos.following else "lead"
    if len(tied) == len(pos.hint.options):
        what = "card you may " + verb if pos.view.phase is Phase.PLAY else "choice"
        return f"Every {what} is equally good here.", labels
    if all(isinstance(o.action, Play) for o in tied):
        cards = [o.action.card for o in tied if isinstance(o.action, Play)]
        phrase = cards_by_what(cards, pos.view.hand, trump, namer) if len(cards) > 2 else None
        if phrase is not None:  # more than two cards: said by what they are
            return f"{capital(verb)} {phrase}: they are equally good.", labels
        names = [namer.card(c) for c in cards] if len(cards) == 2 else [c.symbol for c in cards]
        for c in cards:
            namer.card(c)
        return f"{capital(verb)} {join_words(names, 'or')}: they are equally good.", labels
    phrases = [action_words(o.action, turn, namer) for o in tied]
    phrases = [phrases[0], *(p[:1].lower() + p[1:] for p in phrases[1:])]
    return f"{join_words(phrases, 'or')}: they are equally good.", labels


def _chance_of_three(p3: Fraction) -> str:
    if p3 == 1:
        return "you are sure of 3 or more tricks"
    if p3 == 0:
        return "3 tricks are out of reach"
    return f"you take 3 or more tricks {chance_words(p3)}"


def _said(pos: Position, idea: str, text: str) -> Said:
    return Said(idea, text, CATALOGUE[idea].lesson)


def _why_lead(pos: Position, namer: Namer) -> list[Said]:
    """The reasons for a lead with one best card."""
    card, trump = pos.best_card, pos.trump
    assert card is not None
    top = "the highest trump" if is_right_bower(card, trump) else "the highest trump left"
    return say_holding(
        CATALOGUE,
        pos,
        {
            "solitaire.stock-out": lambda: (
                "Nothing left in the stock can follow or trump it: the stock runs "
                "out and you take every trick left."
            ),
            "solitaire.pull-trump": lambda: (
                f"{capital(namer.card(card))} is {top}: it wins for sure and pulls a trump out of the stock."
            ),
            "solitaire.cash-winner": lambda: (
                f"Nothing left in the stock beats {namer.card(card)}: it wins for sure."
            ),
            "solitaire.burn": lambda: (
                f"The deck burns {burn_words(pos.burn(card).expected_burned)} on average "
                f"before it can follow or trump {namer.card(card)}; if the stock runs out, you take every trick left."
            ),
            "solitaire.keep-trump": lambda: (
                f"{capital(namer.card(card))} loses this trick whatever the deck "
                "turns: losing it now keeps your trumps for later."
            ),
        },
    )


def _why_follow(pos: Position, namer: Namer) -> list[Said]:
    """The reasons for a card played to the deck's lead."""
    card, trump, lead = pos.best_card, pos.trump, pos.view.deck_lead
    assert card is not None and lead is not None
    led = effective_suit(lead, trump)
    ruff = is_trump(card, trump) and led is not trump
    return say_holding(
        CATALOGUE,
        pos,
        {
            "solitaire.win-cheaply": lambda: (
                f"You have no {led.plural}: {namer.card(card)} is your lowest trump that takes the trick."
                if ruff
                else f"{capital(namer.card(card))} is the cheapest card you have that beats {namer.card(lead)}."
            ),
            "solitaire.throw-low": lambda: (
                f"Nothing you may play beats {namer.card(lead)}, so give it your lowest card."
            ),
        },
    )


def _why_trump(pos: Position, namer: Namer) -> list[Said]:
    """The reasons for a choice of trump."""
    trump, turn = pos.trump, pos.view.turn_card
    return say_holding(
        CATALOGUE,
        pos,
        {
            "solitaire.alone": lambda: (
                "Alone, all five tricks score 4 and anything less gives the deck 4; you "
                f"take all five {chance_words(pos.best.p5)}."
            ),
            "solitaire.up-card": lambda: (
                f"Ordering up puts {namer.card(turn)} on top of the stock; "
                f"{_your(named_card(_order_beater(pos) or turn, trump, namer))} beats it."
            ),
            "solitaire.trump-count": lambda: _trump_count_words(pos, namer),
            "solitaire.up-card-danger": lambda: (
                f"Ordering up would put {namer.card(turn)} on top of the stock "
                "as the deck's first card, and nothing in your hand beats it."
            ),
            "solitaire.side-ace": lambda: _side_ace_words(pos, namer),
            "solitaire.least-bad": lambda: (
                "Every choice loses points on average here; this one loses the least."
            ),
        },
    )


def _trump_count_words(pos: Position, namer: Namer) -> str:
    trump = pos.trump
    held = _trumps(pos.view.hand, trump)
    most = all(len(held) > m for s, m in _trump_counts(pos).items() if s is not trump)
    cards = join_words([named_card(c, trump, namer) for c in held])
    tail = ", the most of any suit" if most else ""
    return f"{capital(trump.plural)} give you {_count_words(len(held))} trumps{tail}: {cards}."


def _side_ace_words(pos: Position, namer: Namer) -> str:
    ace = _side_aces(pos)[0]
    return f"{capital(namer.card(ace))} is a likely side trick: led, it wins {chance_words(pos.burn(ace).p_win_trick)}."


def _why_cards(pos: Position, namer: Namer, order: Sequence[str], tie: bool) -> list[Said]:
    """The first idea of ``order`` that holds for every move the hint names, said."""
    idea = first_holding(order, CATALOGUE, named_positions(pos))
    return [] if idea is None else [_said(pos, idea, CARD_SENTENCES[idea](pos, namer, tie))]


def _why_low_trump(pos: Position, namer: Namer) -> list[Said]:
    t = _wasted_trump(pos)
    if t is None:
        return []
    st = pos.burn(t)
    trumps_left = [c for c in pos.knowledge().unseen if is_trump(c, pos.trump)]
    every = len(st.beaters) == len(trumps_left) and len(trumps_left) > 1
    how = "every trump left in the stock beats it" if every else "the stock still holds a trump that beats it"
    return [_said(pos, "solitaire.low-trump", f"Leading {namer.card(t)} would waste a trump: {how}.")]


def _why(pos: Position, namer: Namer) -> list[Said]:
    """The reasons that hold, the strongest first (with a tie: those true of every tied choice)."""
    p, d = pos.score
    score = _said(
        pos, "solitaire.score", f"At {p} to {d}, what counts is winning the game, not this deal's points."
    )
    score_first = _score(pos) and max(o.ev for o in pos.hint.options) > pos.best.ev
    out = [score] if score_first else []
    tie = len(pos.tied) > 1
    if tie:
        order = SETTLED_ORDER if len(pos.tied) == len(pos.hint.options) else TIE_ORDER
        out += _why_cards(pos, namer, order, tie=True)
    if pos.best_card is not None and pos.leading:
        out += _why_lead(pos, namer)
    if pos.best_card is not None and pos.following:
        out += _why_follow(pos, namer)
    if pos.trump_phase:
        out += _why_trump(pos, namer)
    if _score(pos) and not score_first:
        out.append(score)
    out += _why_low_trump(pos, namer)
    if not tie:
        out += _why_cards(pos, namer, LEAD_ORDER, tie=False)
    if _outlook(pos) and not any(s.idea == "solitaire.settled" for s in out):
        out.append(
            _said(pos, "solitaire.outlook", f"With best play from here, {_chance_of_three(pos.best.p3)}.")
        )
    return true_of_all(out, CATALOGUE, named_positions(pos))  # beside tied choices: true of every one


def _reminder(pos: Position, namer: Namer, why: Sequence[Said]) -> Said | None:
    trump = pos.trump
    lb = _left_bower_card(pos)
    if lb is not None and lb.suit is not None:
        return Said(
            "rule.left-bower",
            f"{capital(namer.card(lb))} is the left bower: it counts as a {trump.plural[:-1]}.",
            "bowers",
        )
    if _rule_follow(pos):
        return Said("rule.follow-suit", "You must follow the suit led when you can.", "follow-suit")
    burns = _rule_deck_burns(pos)
    if burns and not any(s.idea in ("solitaire.burn", "solitaire.stock-out") for s in why[:1]):
        return Said(
            "rule.deck-burns", "The deck turns cards until one follows your suit or is a trump.", "burn"
        )
    if pos.trump_phase and not any(s.idea.startswith("solitaire.up-card") for s in why[:1]):
        return Said("rule.order-up", "Ordering up puts the up card on top of the stock.", "choosing-trump")
    return None


def _loss_words(pos: Position, o: OptionAnalysis) -> str:
    best = pos.best
    if pos.hint.mode == "game":
        return (
            f"lowers your chance to win the game from {round(float(best.utility) * 100)}% to "
            f"{round(float(o.utility) * 100)}%"
        )
    return f"costs {points_words(best.ev - o.ev)} a deal"


def _alternatives(pos: Position, namer: Namer) -> list[Said]:
    """The choices that matter, grouped by value: the next three values below the best (and, choosing
    trump, ordering up), each with its cost in plain units."""
    tied = pos.tied
    rest = [o for o in pos.hint.options if o not in tied]
    groups: list[list[OptionAnalysis]] = []
    for o in rest:
        if groups and groups[-1][0].utility == o.utility and groups[-1][0].ev == o.ev:
            groups[-1].append(o)
        else:
            groups.append([o])
    chosen = groups[:3]
    if pos.trump_phase:
        up = [g for g in groups if any(o.action == OrderUp(False) for o in g)]
        if up and up[0] not in chosen:
            chosen = [*groups[:2], up[0]]
    turn = pos.view.turn_card
    out = []
    for g in chosen:
        words = [action_words(o.action, turn, namer, following=pos.following, ing=True) for o in g[:3]]
        if _alone_choice(pos.best.action):
            words = [
                w + ("" if _alone_choice(o.action) else " without going alone")
                for w, o in zip(words, g, strict=False)
            ]
        if len(g) > 3:
            words.append(f"{len(g) - 3} more")
        subject = join_words(words, "or")
        out.append(Said("solitaire.cost", f"{capital(subject)} {_loss_words(pos, g[0])}.", ""))
    return out


# --------------------------------------------------------------------------- figures


def _short_fraction(x: Fraction) -> bool:
    return x.denominator != 1 and len(str(abs(x.numerator))) <= 3 and len(str(x.denominator)) <= 3


def exact_points(x: Fraction) -> str:
    """A value in points, exactly where it is short: ``'+1 point'``, ``'−2 points'``,
    ``'+0.900 points (9/10)'``, ``'+0.320 points'`` (a fraction only with at most 3 digits a side)."""
    if x.denominator == 1:
        n = int(x)
        sign = "+" if n > 0 else (MINUS if n < 0 else "")
        return f"{sign}{abs(n)} point{'' if abs(n) == 1 else 's'}"
    text = f"{float(x):+.3f}".replace("-", MINUS) + " points"
    if _short_fraction(x):
        text += f" ({str(x).replace('-', MINUS)})"
    return text


def exact_chance(x: Fraction) -> str:
    """A probability as a decimal, with the fraction where it is short: ``'0.773'``, ``'0.75 (3/4)'``."""
    if x.denominator == 1:
        return str(int(x))
    text = f"{float(x):.3f}"
    return text + (f" ({x})" if _short_fraction(x) else "")


def _figures(pos: Position, namer: Namer) -> list[str]:
    mode = pos.hint.mode
    lines = [
        "Each choice under best play afterwards: the deal's average points, the chance of 3 or more tricks, "
        "and the chance of a march (all 5 tricks)"
        + ("; first, the chance to win the game." if mode == "game" else ".")
    ]
    turn = pos.view.turn_card
    for o in pos.hint.options:
        what = capital(action_words(o.action, turn, Namer(), following=pos.following, ing=True))
        parts = []
        if mode == "game":
            parts.append(f"wins the game {float(o.utility) * 100:.1f}%")
        parts += [exact_points(o.ev), f"3 or more tricks {exact_chance(o.p3)}", f"march {exact_chance(o.p5)}"]
        lines.append(f"{what}: {'; '.join(parts)}.")
    return lines


# --------------------------------------------------------------------------- explain


def explain(hint: Hint, view: SolitaireView, score: tuple[int, int] = (0, 0)) -> Explanation:
    """The hint of ``view``'s decision in a player's words: the move (or the tie), the reasons that
    hold (the strongest first), one rule reminder, the alternatives that matter with their cost, and
    every option's exact figures. The brief depth keeps within :data:`BRIEF_WORDS` words (the reminder
    is dropped if the move and the reason leave no room for it)."""
    pos = Position(view, hint, score)
    namer = Namer()
    move, tied = _move(pos, namer)
    why = _why(pos, namer)
    if len(pos.tied) == len(
        hint.options
    ):  # nothing to choose: what every choice shares, the outlook, the score
        keep = {"solitaire.outlook", "solitaire.score", *SETTLED_ORDER}
        why = [s for s in why if s.idea in keep]
    brief = Namer()  # the reminder names cards as the brief depth (the move and one reason) left them
    shown = " ".join([move, *(s.text for s in why[:1])])
    for card in deck(24):
        if card.symbol in shown:
            brief.card(card)
    reminder = _reminder(pos, brief, why)
    alternatives = _alternatives(pos, namer)
    figures = _figures(pos, namer)
    return Explanation(move, tuple(why), reminder, tuple(alternatives), tuple(figures), tied).within_brief()


def position_of(hint: Hint, view: SolitaireView, score: tuple[int, int] = (0, 0)) -> Position:
    """The :class:`Position` the catalogue's conditions read (for re-checking what a hint said)."""
    return Position(view, hint, score)
