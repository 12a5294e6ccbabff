"""Why the Bid Euchre advisor recommends what it does: grades, and reasons in words with their numbers.

Each reason cites a sentence of the Bid Euchre rules sheet
(:data:`euchre_tutor.games.bid.rules.RULE_SENTENCES`, ids ``bid.*``) and says its
numbers: the tricks the side takes with the partner's help at the bid's
level and the chance to make it, what a set costs, why no trump or alone,
the follow-suit obligation, a bower's or the joker's rank, the double
deck's twin card, and how far the best option is ahead of the next.

:func:`bid_grade` grades a decision against an analysis's best option on
the scale every game shares (:data:`~euchre_tutor.advisor.shared.THRESHOLDS`).
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre_tutor.advisor.sampling import band_label, borderline, grade_case
from euchre_tutor.advisor.shared import Grade, Reason
from euchre_tutor.cards import Card, Rank, describe_rank, effective_suit
from euchre_tutor.games.bid.advisor.options import BidAnalysis, BidOption
from euchre_tutor.games.bid.engine import Action, HandState, Phase
from euchre_tutor.games.bid.engine.events import contract_words
from euchre_tutor.games.bid.views import SeatView

__all__ = ["analysis_reasons", "bid_grade", "option_reasons"]


def _pm(x: float, half: float) -> str:
    return f"{x:+.2f} ± {half:.2f}"


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def bid_grade(analysis: BidAnalysis, action: Action | str) -> Grade | None:
    """The label of ``action`` by what it loses against the best option (None: not an option).

    The loss is paired (every option valued on the same sampled deals) and carries its 95%
    interval: a loss the sample cannot tell from 0 is Best (a tie, and the sentence says so);
    otherwise the estimate takes the label of its band on the shared scale.
    """
    act = Action.parse(action)
    mine = next((o for o in analysis.options if o.action == act), None)
    if mine is None:
        return None
    best = analysis.best
    deals = f"{analysis.worlds} sampled deals"
    # no tie floor here: a loss the interval tells from 0 takes its band's label however small it is
    case = grade_case(mine, best, "points", tie_floor=False)
    if case == "best":
        return Grade(
            "Best",
            0.0,
            0.0,
            f"the best choice: {_pm(mine.ev, mine.ev_interval)} points on average over {deals}.",
        )
    if case == "tie":
        return Grade(
            "Best",
            0.0,
            0.0,
            f"a tie with the best: {best.action} scores {_pm(best.ev, best.ev_interval)} and {act} "
            f"{_pm(mine.ev, mine.ev_interval)} points on average over {deals}; the difference "
            f"({mine.loss:.2f} ± {mine.interval:.2f}) is within the sampling error.",
        )
    loss = max(0.0, mine.loss)
    if mine.worlds < analysis.worlds:
        deals = f"{mine.worlds} sampled deals (it was dropped then: a blunder beyond doubt)"
    doubt = ""
    edge = borderline(mine, "points", tie_floor=False)
    if edge is not None:
        doubt = f" That is on the edge between {edge[0]} and {edge[1]}: read the label as either."
    return Grade(
        band_label(loss, "points"),
        loss,
        loss,
        f"{best.action} was best ({_pm(best.ev, best.ev_interval)} points on average over {deals}); "
        f"{act} scores {_pm(mine.ev, mine.ev_interval)}: {loss:.2f} ± {mine.interval:.2f} points less.{doubt}",
    )


# ---------------------------------------------------------------------------
# Reasons per option


def _contract_of(view: SeatView, action: Action) -> str:
    if action.suit is not None or action.notrump is not None:
        return contract_words(action.suit, action.notrump)
    return "the trump the bidder names"


def _bid_reasons(view: SeatView, o: BidOption) -> list[Reason]:
    a = o.action
    r = view.rules
    out: list[Reason] = []
    if a.kind == "pass":
        if view.high is None:
            what = "nobody has bid yet"
        else:
            assert view.bidder is not None
            side = "your partner" if view.bidder == view.seat.partner else view.bidder.word
            what = f"the bid stands at {view.high} by {side}"
        out.append(
            Reason(
                "bid.defenders",
                f"Pass: {what}; your side then takes {o.tricks:.1f} tricks on average and scores "
                f"{_pm(o.ev, o.ev_interval)} points against the other side's (each side scores its "
                f"tricks when it is not set).",
                {"tricks": f"{o.tricks:.2f}", "ev": f"{o.ev:.3f}"},
            )
        )
        return out
    contract = _contract_of(view, a)
    if a.alone is not None:
        kind = {"alone": "alone", "call-1": "call 1", "call-2": "call 2"}[a.alone]
        out.append(
            Reason(
                "bid.alone" if a.alone == "alone" else "bid.call",
                f"{a} ({kind} in {contract}): your side must take all {r.hand_size} tricks, worth "
                f"{r.alone_value(a.alone)} points; it does so in {_pct(o.p_make)} of the deals.",
                {"p_make": f"{o.p_make:.3f}", "value": r.alone_value(a.alone)},
            )
        )
    else:
        level = a.level or 0
        out.append(
            Reason(
                "bid.bidding",
                f"{a}: with your partner's help your side takes {o.tricks:.1f} tricks on average in "
                f"{contract} and makes {level} in {_pct(o.p_make)} of the deals.",
                {"tricks": f"{o.tricks:.2f}", "p_make": f"{o.p_make:.3f}", "level": level},
            )
        )
        if o.p_make < 0.75 and o.bidders in ("us", "either"):
            out.append(
                Reason(
                    "bid.set",
                    f"A set loses the bid ({level} points{'' if r.set_loses_bid else ': nothing, under these rules'}): "
                    f"{_pct(1 - o.p_make - o.p_passed_out)} of the deals end that way.",
                    {"p_set": f"{1 - o.p_make - o.p_passed_out:.3f}"},
                )
            )
    if a.notrump == "high":
        aces = sum(1 for c in view.hand if c.rank is Rank.ACE)
        out.append(
            Reason(
                "bid.no-trump",
                "No trump (high): no bowers and nothing to ruff with; "
                + (f"your {aces} aces win their suits." if aces != 1 else "your ace wins its suit.")
                if aces
                else "No trump (high): no bowers and nothing to ruff with; you hold no ace.",
                {"aces": aces},
            )
        )
    elif a.notrump == "low":
        nines = sum(1 for c in view.hand if c.rank is Rank.NINE)
        out.append(
            Reason(
                "bid.no-trump-low",
                f"No trump low: the lowest card of the led suit wins, so your {nines} nine"
                f"{'s' if nines != 1 else ''} are the top cards.",
                {"nines": nines},
            )
        )
    return out


def _card_reasons(view: SeatView, o: BidOption) -> list[Reason]:
    card = o.action.card
    assert card is not None
    out: list[Reason] = []
    trump = view.trump
    if view.trick_plays:
        led_card = view.trick_plays[0][1]
        led = effective_suit(led_card, trump)
        follows = [c for c in view.hand if effective_suit(c, trump) is led]
        if follows:
            out.append(
                Reason(
                    "bid.follow",
                    f"{led_card.symbol} was led and you hold {len(follows)} card{'s' if len(follows) != 1 else ''} "
                    f"of its suit ({' '.join(c.symbol for c in follows)}): you must follow with one of them.",
                    {"follow": len(follows)},
                )
            )
        else:
            out.append(
                Reason(
                    "bid.follow",
                    f"You hold no card of the led suit, so any card may go: {card.symbol} "
                    + (
                        "trumps it."
                        if trump is not None and effective_suit(card, trump) is trump
                        else "is thrown off."
                    ),
                )
            )
    if trump is not None and effective_suit(card, trump) is trump:
        rule = "bid.joker" if card.is_joker else "bid.bowers"
        out.append(Reason(rule, f"{card.symbol} is {describe_rank(card, trump)}."))
    elif view.notrump == "low":
        out.append(
            Reason(
                "bid.no-trump-low",
                f"In no trump low the lowest card of the led suit wins: {card.symbol} ranks by lowness.",
            )
        )
    if view.rules.double_deck:
        twin_here = sum(1 for c in view.hand if c == card) > 1
        twin_played = any(c == card for c in view.played_cards())
        if twin_here:
            out.append(
                Reason(
                    "bid.double-deck",
                    f"You hold both {card.symbol}: they are one choice, and whichever you play first would win a tie.",
                )
            )
        elif any(c == card for _, c in view.trick_plays):
            out.append(
                Reason(
                    "bid.double-deck",
                    f"The other {card.symbol} is already on this trick: of two equal cards the first played "
                    "wins, so yours cannot take it.",
                )
            )
        elif not twin_played:
            out.append(
                Reason(
                    "bid.double-deck",
                    f"The other {card.symbol} is still out: played first, yours beats it; played after it, "
                    "it loses the tie.",
                )
            )
    out.append(
        Reason(
            "bid.made" if view.is_bidder_side else "bid.defenders",
            f"{card.symbol}: your side ends with {o.tricks:.1f} tricks on average with perfect play "
            f"afterwards ({_pm(o.ev, o.ev_interval)} points against the other side's).",
            {"tricks": f"{o.tricks:.2f}"},
        )
    )
    return out


def option_reasons(
    view: SeatView, option: BidOption, options: Sequence[BidOption], sample: Sequence[HandState]
) -> tuple[Reason, ...]:
    """The reasons for one option, in words with its numbers."""
    a = option.action
    if a.kind in ("bid", "pass"):
        return tuple(_bid_reasons(view, option))
    if a.kind == "play":
        return tuple(_card_reasons(view, option))
    if a.kind == "trump":
        return (
            Reason(
                "bid.level",
                f"Name {contract_words(a.suit, a.notrump)}: your side takes {option.tricks:.1f} tricks on average "
                f"and makes the bid in {_pct(option.p_make)} of the deals.",
                {"tricks": f"{option.tricks:.2f}", "p_make": f"{option.p_make:.3f}"},
            ),
        )
    card = a.card
    assert card is not None
    if a.kind == "give":
        return (
            Reason(
                "bid.call",
                f"Pass {card.symbol} to the loner: the loner then takes all the tricks in {_pct(option.p_make)} "
                "of the deals.",
                {"p_make": f"{option.p_make:.3f}"},
            ),
        )
    rule = "bid.kitty" if view.phase is Phase.KITTY else "bid.call"
    return (
        Reason(
            rule,
            f"Discard {card.symbol}: your side takes {option.tricks:.1f} tricks on average and makes the bid in "
            f"{_pct(option.p_make)} of the deals{_void_words(view, card)}.",
            {"tricks": f"{option.tricks:.2f}", "p_make": f"{option.p_make:.3f}"},
        ),
    )


def _void_words(view: SeatView, card: Card) -> str:
    """', and it leaves you void in clubs (a club led can be trumped)' when the discard does that."""
    trump = view.trump
    suit = effective_suit(card, trump) if trump is not None or not card.is_joker else None
    if suit is None or suit is trump:
        return ""
    rest = list(view.hand)
    rest.remove(card)
    if any(effective_suit(c, trump) is suit for c in rest):
        return ""
    ruff = f" (a {suit.name.lower()[:-1]} led can be trumped)" if trump is not None else ""
    return f", and it leaves you void in {suit.plural}{ruff}"


def analysis_reasons(
    view: SeatView, options: Sequence[BidOption], worlds: int, method: str
) -> tuple[Reason, ...]:
    """The best option's reasons, then how far it is ahead of the next best (or that they tie)."""
    best = options[0]
    out = list(best.reasons)
    if len(options) > 1:
        second = options[1]
        rule = out[0].rule if out else "bid.made"
        if second.tied:
            text = (
                f"{best.action} and {second.action} cannot be told apart over {worlds} sampled deals "
                f"({method}): {second.action} gives up {second.loss:.2f} ± {second.interval:.2f} points."
            )
        else:
            text = (
                f"{best.action} is ahead of the next best, {second.action}, by {second.loss:.2f} ± "
                f"{second.interval:.2f} points over {worlds} sampled deals ({method})."
            )
        out.append(Reason(rule, text, {"loss": f"{second.loss:.3f}", "worlds": worlds}))
    return tuple(out)
