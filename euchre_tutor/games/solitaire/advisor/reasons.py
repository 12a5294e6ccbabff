"""Reasons as data: a rule id from the catalogue, a plain sentence, and the numbers.

Widgets and lessons render them; nothing here formats HTML. Every number is
exact (a Fraction) or a card name; the sentence shows rounded decimals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from euchre_tutor.advisor.shared import Number, Reason, fmt
from euchre_tutor.cards import (
    Card,
    Suit,
    describe_rank,
    effective_suit,
    format_cards,
    is_trump,
    left_bower,
    trick_power,
    trump_order,
)
from euchre_tutor.games.solitaire.advisor.solver import Knowledge, Outcome

__all__ = ["BurnStats", "burn_stats", "contrast", "play_reasons", "trump_reasons"]


def _sym(cards: Sequence[Card]) -> str:
    return format_cards(cards, symbols=True)


# --------------------------------------------------------------------------- burns


@dataclass(frozen=True, slots=True)
class BurnStats:
    """What the deck does when the player leads ``card`` (exact, from what the player knows)."""

    card: Card
    unseen: int  # n: cards whose place is unknown
    stoppers: int  # q: unseen cards that follow the led suit or are trump
    expected_burned: Fraction
    p_trumps: Fraction  # the deck plays a trump (off-suit lead)
    p_follows: Fraction  # the deck plays a card of the led suit
    p_stock_out: Fraction  # no card stops the deck: the player takes every remaining trick
    p_win_trick: Fraction  # the player wins this trick
    beaters: tuple[Card, ...]  # unseen (or known) cards that would beat the lead
    gone: tuple[Card, ...]  # higher cards of the led suit (or trumps) already out of play


def burn_stats(k: Knowledge, card: Card) -> BurnStats:
    trump = k.trump
    led = effective_suit(card, trump)
    power = trick_power(card, trump, led)

    def stops(c: Card) -> bool:
        s = effective_suit(c, trump)
        return s is led or s is trump

    def beats(c: Card) -> bool:
        return trick_power(c, trump, led) > power

    unseen = sorted(k.unseen, key=lambda c: c.index)
    stoppers = [c for c in unseen if stops(c)]
    beaters = tuple(c for c in stoppers if beats(c))
    n, q = len(unseen), len(stoppers)
    zero, one = Fraction(0), Fraction(1)
    higher = [c for c in _suit_order(led, trump) if trick_power(c, trump, led) > power]
    if not is_trump(card, trump):
        higher += list(trump_order(trump))
    held = set(k.hand)
    known = {c for c in (k.known_top, k.known_bottom) if c is not None}
    gone = tuple(c for c in higher if c not in k.unseen and c not in held and c not in known)
    top = k.known_top
    if top is not None and stops(top):
        deck_card_trump = is_trump(top, trump) and led is not trump
        return BurnStats(
            card, n, q, zero, one if deck_card_trump else zero, zero if deck_card_trump else one,
            zero, zero if beats(top) else one, (top,) if beats(top) else (), gone,
        )  # fmt: skip
    if q == 0:
        bottom = k.known_bottom
        if bottom is not None and stops(bottom):
            t = is_trump(bottom, trump) and led is not trump
            b = beats(bottom)
            return BurnStats(
                card, n, q, Fraction(n), one if t else zero, zero if t else one, zero,
                zero if b else one, (bottom,) if b else (), gone,
            )  # fmt: skip
        return BurnStats(card, n, q, Fraction(n), zero, zero, one, one, (), gone)
    ntr = sum(1 for c in stoppers if is_trump(c, trump))
    p_trumps = Fraction(ntr, q) if led is not trump else zero
    return BurnStats(
        card=card,
        unseen=n,
        stoppers=q,
        expected_burned=Fraction(n - q, q + 1),
        p_trumps=p_trumps,
        p_follows=1 - p_trumps,
        p_stock_out=zero,
        p_win_trick=Fraction(q - len(beaters), q),
        beaters=beaters,
        gone=gone,
    )


def _suit_order(suit: Suit, trump: Suit) -> list[Card]:
    if suit is trump:
        return list(trump_order(trump))
    from euchre_tutor.cards import deck

    cards = [c for c in deck(24) if effective_suit(c, trump) is suit]
    cards.sort(key=lambda c: int(c.rank), reverse=True)
    return cards


# --------------------------------------------------------------------------- reasons


def contrast(best_label: str, best: Outcome, other_label: str, other: Outcome, utility: str) -> Reason:
    """Why the best option beats another one, in numbers."""
    diff = best.ev - other.ev
    text = (
        f"{best_label} is worth {fmt(best.ev)} points on average against {fmt(other.ev)} for "
        f"{other_label} ({fmt(diff, False)} more); it makes 3+ tricks with probability "
        f"{fmt(best.p3, False)} against {fmt(other.p3, False)}"
    )
    if best.p5 or other.p5:
        text += f", all 5 with {fmt(best.p5, False)} against {fmt(other.p5, False)}"
    if utility != "points" and best.utility != other.utility:
        text += f"; it wins the game with probability {fmt(best.utility, False)} against {fmt(other.utility, False)}"
    return Reason(
        "solitaire.advice-contrast",
        text + ".",
        {
            "best": best_label,
            "other": other_label,
            "ev_best": best.ev,
            "ev_other": other.ev,
            "ev_difference": diff,
            "p3_best": best.p3,
            "p3_other": other.p3,
            "p5_best": best.p5,
            "p5_other": other.p5,
            "utility_best": best.utility,
            "utility_other": other.utility,
        },
    )


def bower_reason(trump: Suit, hand: Sequence[Card], unseen: frozenset[Card]) -> Reason:
    lb = left_bower(trump)
    trumps = [c for c in trump_order(trump) if c in hand]
    where = "in your hand" if lb in hand else ("unseen" if lb in unseen else "out of the deal's unseen cards")
    held = ", ".join(f"{c.symbol} ({describe_rank(c, trump)})" for c in trumps) or "no trump"
    return Reason(
        "cards.left-bower",
        f"With {trump.plural} trump the left bower is the {lb.name} ({lb.symbol}), a "
        f"{trump.plural[:-1]} for every purpose; it is {where}. Your trumps: {held}.",
        {"trump": trump.value, "left_bower": str(lb), "trumps_held": " ".join(map(str, trumps))},
    )


def trump_reasons(
    hand: Sequence[Card],
    turn: Card,
    unseen: frozenset[Card],
    values: Mapping[str, tuple[Suit, bool, Outcome]],
    best_label: str,
    chosen_label: str | None,
    utility: str,
) -> list[Reason]:
    """Reasons for the trump decision. ``values``: label → (trump, ordered up, outcome)."""
    trump, up, best = values[best_label]
    out = [bower_reason(trump, hand, unseen)]
    if up:
        beats = [
            c
            for c in hand
            if is_trump(c, trump) and trick_power(c, trump, trump) > trick_power(turn, trump, trump)
        ]
        tail = (
            f"only {_sym(beats)} can beat it in trick 1"
            if beats
            else "nothing in your hand beats it: the deck takes trick 1"
        )
        out.append(
            Reason(
                "solitaire.order-up",
                f"Ordering up puts {turn.symbol} on top of the stock: it is the deck's first play, "
                f"{describe_rank(turn, trump)}; {tail}.",
                {"turn": str(turn), "beaten_by": " ".join(map(str, beats))},
            )
        )
    else:
        out.append(
            Reason(
                "solitaire.name-trump",
                f"Naming {trump.plural} sends {turn.symbol} to the bottom of the stock: the deck "
                "reaches it only after every other card.",
                {"turn": str(turn)},
            )
        )
    upo = [v for v in values.values() if v[1]]
    if upo and not up:
        t_up = upo[0][0]
        if not any(
            is_trump(c, t_up) and trick_power(c, t_up, t_up) > trick_power(turn, t_up, t_up) for c in hand
        ):
            out.append(
                Reason(
                    "solitaire.order-up",
                    f"Ordering up would hand the deck {turn.symbol}, {describe_rank(turn, t_up)}, as its "
                    "first play, and no card in your hand beats it.",
                    {"turn": str(turn)},
                )
            )
    ranked = sorted(values.items(), key=lambda kv: (kv[1][2].utility, kv[1][2].ev), reverse=True)
    other_label = chosen_label if chosen_label and chosen_label != best_label else None
    if other_label is None:
        others = [lab for lab, _ in ranked if lab != best_label]
        other_label = others[0] if others else None
    if other_label is not None:
        out.append(contrast(best_label, best, other_label, values[other_label][2], utility))
    return out


def play_reasons(
    k: Knowledge,
    values: Mapping[Card, Outcome],
    best: Card,
    chosen: Card | None,
    utility: str,
) -> list[Reason]:
    """Reasons for a card decision: follow-suit duty or burn odds, bowers, the contrast."""
    trump = k.trump
    out: list[Reason] = []
    if k.deck_lead is not None:
        led = effective_suit(k.deck_lead, trump)
        legal = list(values)
        following = [c for c in k.hand if effective_suit(c, trump) is led]
        bower = left_bower(trump)
        note = ""
        if bower in k.hand or k.deck_lead == bower:
            note = f" ({bower.symbol} is the left bower, so it counts as {trump.plural[:-1]})"
        if following:
            text = (
                f"The deck led {k.deck_lead.symbol}: you must follow {led.plural} with {_sym(legal)}{note}."
            )
        else:
            text = f"The deck led {k.deck_lead.symbol} and you hold no {led.plural[:-1]}{note}: any card may be played"
            text += (
                "; a trump wins the trick."
                if led is not trump and any(is_trump(c, trump) for c in k.hand)
                else "."
            )
        out.append(
            Reason(
                "solitaire.follow-deck" if following else "cards.follow-suit",
                text,
                {"led": str(k.deck_lead), "led_suit": led.value, "legal": " ".join(map(str, legal))},
            )
        )
    else:
        for card in sorted({best, *([chosen] if chosen else [])}, key=lambda c: c != best):
            st = burn_stats(k, card)
            out.append(_burn_reason(k, st))
    if any(is_trump(c, trump) for c in k.hand) or left_bower(trump) in k.unseen:
        r = bower_reason(trump, k.hand, k.unseen)
        out.append(
            Reason(
                "cards.trump-order",
                f"{describe_rank(best, trump).capitalize()}: {best.symbol}. " + r.text,
                r.numbers,
            )
        )
    other = chosen if chosen is not None and chosen != best else None
    if other is None:
        rest = sorted(
            (c for c in values if c != best), key=lambda c: (values[c].utility, values[c].ev), reverse=True
        )
        other = rest[0] if rest else None
    if other is not None:
        out.append(
            contrast(
                f"playing {best.symbol}", values[best], f"playing {other.symbol}", values[other], utility
            )
        )
    return out


def _burn_reason(k: Knowledge, st: BurnStats) -> Reason:
    c = st.card
    trump = k.trump
    led = effective_suit(c, trump)
    numbers: dict[str, Number] = {
        "card": str(c),
        "unseen": st.unseen,
        "stoppers": st.stoppers,
        "expected_burned": st.expected_burned,
        "p_deck_trumps": st.p_trumps,
        "p_deck_follows": st.p_follows,
        "p_stock_out": st.p_stock_out,
        "p_win_trick": st.p_win_trick,
        "gone": " ".join(map(str, st.gone)),
    }
    top = k.known_top
    if top is not None and effective_suit(top, trump) in (led, trump):
        who = "beats" if st.beaters else "does not beat"
        text = f"Leading {c.symbol}: the deck plays the known top card {top.symbol}, which {who} it."
        return Reason("solitaire.order-up", text, numbers)
    if st.p_stock_out == 1:
        text = (
            f"Leading {c.symbol}: none of the {st.unseen} unseen cards follows {led.plural} or is trump, "
            "so the stock runs out and you take this trick and every remaining one."
        )
        return Reason("solitaire.stock-out", text, numbers)
    kind = "trumps" if led is trump else f"{led.plural} and trumps"
    text = (
        f"Leading {c.symbol}: {st.stoppers} of the {st.unseen} unseen cards stop the deck ({kind}), "
        f"so it burns {fmt(st.expected_burned, False)} cards on average "
        f"(({st.unseen} − {st.stoppers})/({st.stoppers} + 1))"
    )
    if led is not trump:
        text += f"; it trumps with probability {fmt(st.p_trumps, False)} and follows with {fmt(st.p_follows, False)}"
    if st.p_win_trick == 1:
        text += "; you win this trick for sure"
    elif st.p_win_trick == 0:
        text += "; you lose this trick for sure"
    else:
        text += f"; you win this trick with probability {fmt(st.p_win_trick, False)}"
    if st.gone:
        text += f". Already gone: {_sym(st.gone)}"
    return Reason("solitaire.advice-burn-odds", text + ".", numbers)
