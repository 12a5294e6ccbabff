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
suits, going alone, the score, the stand (outbid, or pass and let a bid stand), the least bid that
does as well (a made bid scores its tricks, so more gains nothing) and a close call between passing and
a bid. The play: pull trump as the maker, cash an ace, partner is winning (play low), trump it (ruff),
win as cheaply as you can, throw your weakest card, the highest card left, keep your trumps, and what
tied cards share (:mod:`~euchre_tutor.advisor.card_ideas`). Rule reminders: the left bower
belongs to trump; you must follow suit.

A tie is checked on every tied choice (:func:`named_positions`): a sentence beside tied choices is said
only when its idea holds with each of them as the move; more than two tied cards are said by what they
are (``"any of your low diamonds"``).

The compare depth lists the few choices that matter (the best, those tied with it, the nearest
others: at most :data:`COMPARE_MOST`); the figures depth every choice with its numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from euchre_tutor.advisor.shared import Grade, grade_label
from euchre_tutor.advisor.voice import (
    Depth,
    Explanation,
    Namer,
    Said,
    cards_by_what,
    chance_words,
    join_words,
    lower_first,
    minus,
    named_card,
    points_words,
    signed_points,
)
from euchre_tutor.cards import Card, Suit, is_left_bower, is_right_bower
from euchre_tutor.games.bid.advisor.ideas.conditions import IDEAS, _has_costs
from euchre_tutor.games.bid.advisor.ideas.facts import (
    COMPARE_MOST,
    COMPARE_TIES,
    AnalysisFacts,
    BidPosition,
    OptionFacts,
    least_bid,
    named_positions,
    tied_cards,
)
from euchre_tutor.games.bid.advisor.ideas.words import (
    _n,
    _reminder,
    _result_sentence,
    _why_bidding,
    _why_other,
    _why_play,
    _Words,
    action_words,
    bid_words,
    forced_words,
    option_label,
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
    "forced_words",
    "gerund",
    "grade_words",
    "least_bid",
    "named_positions",
    "option_label",
    "position_of",
]


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
    if not ties:
        return action_words(best.action, pos.view, words) + "."
    cards = tied_cards(pos)
    if cards:
        return _tied_cards_move(pos, cards, words)
    least = least_bid(pos)
    if least is not None:
        return f"{action_words(least, pos.view, words)}, the least bid that does as well."
    head = action_words(best.action, pos.view, words)
    if len(ties) == 1:
        other = lower_first(action_words(ties[0].action, pos.view, words))
        v = pos.view
        if best.action.kind == "pass" and ":" in head and v.high is not None and v.bidder is not None:
            who = "your partner" if v.bidder == v.seat.partner else v.bidder.word
            head = f"Pass and let {who}'s {bid_words(v.high, short=True)} stand"
        return f"{head}, or {other}: they are equally good."
    if len(ties) == len(options) - 1:
        return f"{head}: every choice here does about as well (they tie)."
    kind = "bids" if best.action.kind in ("bid", "pass") else "choices"
    return f"{head}; {_n(len(ties))} other {kind} tie with it."


def _tied_cards_move(pos: BidPosition, cards: Sequence[Card], words: _Words) -> str:
    """Tied cards said by what they are (more than two), else named in words."""
    v = pos.view
    verb, what = ("Play", "cards to play") if v.trick_plays else ("Lead", "leads")
    legal = [a.card for a in v.legal if a.card is not None]
    if len(cards) == len(legal) and len(cards) > 2:
        return f"Every card you may {verb.lower()} is equally good here."
    phrase = cards_by_what(cards, v.hand, v.trump, words.namer) if len(cards) > 2 else None
    if phrase is not None:
        return f"{verb} {phrase}: they are equally good {what}."
    if len(cards) > 3:
        return f"These {len(cards)} cards are equally good {what}: {join_words([c.symbol for c in cards])}."
    if len(cards) == 2:
        names = [named_card(c, v.trump, words.namer) for c in cards]
    else:  # three cards: by their symbols, a bower named as such
        names = [_bower_symbol(c, v.trump) for c in cards]
    return f"{verb} {join_words(names, 'or')}: they are equally good."


def _bower_symbol(card: Card, trump: Suit | None) -> str:
    if is_right_bower(card, trump):
        return f"the right bower ({card.symbol})"
    if is_left_bower(card, trump):
        return f"the left bower ({card.symbol})"
    return card.symbol


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
    return Explanation(
        move=move,
        why=tuple(why),
        reminder=reminder,
        alternatives=tuple(alternatives),
        figures=figures,
        tied=tuple(option_label(o.action) for o in analysis.options[1:] if o.tied),
    ).within_brief()


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
