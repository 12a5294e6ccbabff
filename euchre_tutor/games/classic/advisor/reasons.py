"""Why the classic advisor recommends what it does: reasons as data, with their numbers; labels and grades.

Each reason cites a rule id of the catalogue (the same catalogue as
Solitaire's hints) and says its numbers in the sentence: bower rank, the
follow-suit obligation, counting trumps, what partner's bids showed (measured
on the sampled worlds against a hand dealt at random), the up card going to
the dealer, the cost of a euchre against the gain of a march, and how far the
best option is ahead of the next.

:func:`action_label` names an action in the table's short words (every
view of a classic decision uses it); :func:`classic_grade` grades a decision
against an analysis's best option on the scale every game shares.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre_tutor.advisor.sampling import band_label, borderline, grade_case
from euchre_tutor.advisor.shared import TIE_FLOOR, Grade, Reason
from euchre_tutor.advisor.voice import capital, lower_first
from euchre_tutor.cards import (
    Card,
    Rank,
    Suit,
    deck,
    describe_rank,
    effective_suit,
    format_cards,
    is_trump,
    left_bower,
    right_bower,
    trump_order,
)
from euchre_tutor.games.classic.advisor.options import ClassicAnalysis, ClassicOption, Mode
from euchre_tutor.games.classic.engine.engine import Action, HandState, Phase, Seat
from euchre_tutor.games.classic.views import SeatView

__all__ = [
    "action_label",
    "borderline",
    "classic_grade",
    "classic_reasons",
    "loss_figure",
    "loss_words",
    "plus_minus",
]


def action_label(action: Action, hand: HandState | SeatView) -> str:
    """Short words for a decision button: 'Order up K♠', 'Call ♥ alone', 'Go under: 9♠ 10♠ 9♥'.

    Built from the action alone (and the up card), so any house-rule action gets a label;
    an unknown kind falls back to its action string.
    """
    alone = " alone" if action.alone else ""
    kind = action.kind
    if kind == "pass":
        return "Pass"
    if kind == "order":
        if hand.to_act == hand.dealer:
            return f"Pick up {hand.up.symbol}{alone}"
        return f"Order up {hand.up.symbol}{alone}"
    if kind == "call":
        if action.notrump == "high":
            return f"Call high (no trump){alone}"
        if action.notrump == "low":
            return f"Call low (no trump, low wins){alone}"
        if action.suit is not None:
            return f"Call {action.suit.symbol} {action.suit.plural}{alone}"
    defending = hand.phase is Phase.DEFEND_ALONE
    if kind == "alone":
        return "Defend alone" if defending else "Go alone"
    if kind == "partner":
        return "Defend with partner" if defending else "Play with partner"
    if kind == "misdeal":
        return "Misdeal (throw the hand in)"
    if kind == "under":
        return "Go under: " + " ".join(c.symbol for c in action.cards)
    if kind in ("play", "discard", "give") and action.card is not None:
        return f"{kind.capitalize()} {action.card.symbol}"
    return str(action).capitalize()


def classic_grade(analysis: ClassicAnalysis, action: Action) -> Grade | None:
    """The label of ``action`` by what it loses against the best option (None: not an option).

    The loss is paired (both options valued on the same sampled deals) and carries its 95%
    interval. A loss the sample cannot tell from 0 (its interval reaches 0) is Best: a tie, and
    the sentence says so. Otherwise the loss's estimate takes the label of its band on the
    shared scale (:data:`~euchre_tutor.advisor.shared.THRESHOLDS`, in the analysis's mode); the
    analysis added deals while the interval straddled a band's edge, so the label holds.
    """
    mine = next((o for o in analysis.options if o.action == action), None)
    if mine is None:
        return None
    best = analysis.best
    mode = analysis.mode if best.p_win_game is not None else "points"
    deals = f"{analysis.worlds} sampled deals"
    case = grade_case(mine, best, mode)
    if case == "best":
        return Grade("Best", 0.0, 0.0, f"the best choice: {_ev(mine)} points on average over {deals}.")
    if case == "tie":
        what = loss_words(mine, mode)
        return Grade(
            "Best",
            0.0,
            0.0,
            f"a tie with the best: {best.action} scores {_ev(best)} and {action} {_ev(mine)} points on "
            f"average over {deals}; the difference ({what}) is within the sampling error, so the deals "
            "cannot tell them apart.",
        )
    if case == "floor":
        floor = (
            f"{TIE_FLOOR[mode]:g} points"
            if mode == "points"
            else f"{100 * TIE_FLOOR[mode]:g} percentage points"
        )
        return Grade(
            "Best",
            0.0,
            0.0,
            f"a tie with the best in practice: {best.action} scores {_ev(best)} and {action} {_ev(mine)} "
            f"points on average over {deals}; the difference ({loss_words(mine, mode)}) is under {floor} a "
            "hand, finer than sampled deals tell apart reliably.",
        )
    loss = max(0.0, mine.loss)
    edge = borderline(mine, mode)
    doubt = ""
    if edge is not None:
        lower, upper = edge
        doubt = (
            f" That is on the edge between {lower} and {upper}: even {analysis.worlds} deals cannot say "
            "on which side, so read the label as either."
        )
    return Grade(
        band_label(loss, mode),
        loss,
        max(0.0, mine.ev_gap),
        f"{best.action} was best ({_ev(best)} points on average over {deals}); "
        f"{action} scores {_ev(mine)}: {loss_words(mine, mode)} less.{doubt}",
    )


def _ev(option: ClassicOption) -> str:
    """An option's expected points with its 95% interval: '+0.52 ± 0.08'."""
    return f"{option.ev:+.2f}{plus_minus(option.ev_interval)}"


def plus_minus(half: float) -> str:
    """' ± 0.08': half a 95% interval, as every view of a classic analysis writes it."""
    return f" ± {half:.2f}"


def loss_figure(option: ClassicOption, mode: str) -> str:
    """What an option loses against the best, with its paired 95% interval, as a bare figure:
    '0.31 ± 0.06' (points), or in ``"game"`` mode '4.1 ± 1.0' (percentage points of the chance to win)."""
    if mode == "game" and option.p_win_game is not None:
        return f"{100 * option.loss:.1f} ± {100 * option.interval:.1f}"
    return f"{option.loss:.2f}{plus_minus(option.interval)}"


def loss_words(option: ClassicOption, mode: str) -> str:
    """:func:`loss_figure` with its unit: '0.31 ± 0.06 points' or '4.1 ± 1.0 percentage points of
    the chance to win the match'."""
    if mode == "game" and option.p_win_game is not None:
        return f"{loss_figure(option, mode)} percentage points of the chance to win the match"
    return f"{loss_figure(option, mode)} points"


def _sym(cards: Sequence[Card]) -> str:
    return format_cards(cards, symbols=True) if cards else "none"


def _who(view: SeatView, seat: Seat) -> str:
    if seat == view.seat:
        return "you"
    if seat.team is view.seat.team:
        return f"your partner {seat.word}"
    return f"{seat.word} (an opponent)"


def _trump_of(view: SeatView, option: ClassicOption) -> Suit | None:
    """The trump an option plays under: the hand's trump, or the suit a bid names."""
    if view.trump is not None:
        return view.trump
    a = option.action
    if a.kind == "order":
        return view.up_suit
    if a.kind == "call":
        return a.suit
    return None


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def playout_words(open_weight: float, when: str = "") -> str:
    """How a play-out deal is valued, in words (``when``: words after "played out", e.g. " after the
    choice"): by players who see only their own cards, blended with play with every hand open at the
    weight ``open_weight`` (a table whose card play is stronger than that)."""
    if not open_weight:
        return f"played out{when} by players who see only their own cards"
    rollout = round(100 * (1 - open_weight))
    return (
        f"played out{when}, {rollout}% as players who see only their own cards would play it "
        f"and {100 - rollout}% as if every hand were open"
    )


def summary_reason(
    view: SeatView, best: ClassicOption, worlds: int, method: str, open_weight: float = 0.0
) -> Reason:
    how = (
        "each card solved with all hands open in every deal"
        if method == "double-dummy"
        else f"each deal {playout_words(open_weight)}"
    )
    makers = {
        "us": "your side makes it",
        "them": "the makers (the other side) make it",
        "either": "whichever side makes trump makes it",
        "none": "nobody makes trump",
    }[best.makers]
    text = (
        f"{best.label} is best: {_ev(best)} points on average (95% interval) over {worlds} deals that "
        f"fit what you have seen ({how})"
    )
    if best.makers != "none":
        text += (
            f"; {makers} in {_pct(best.p_make)}, is euchred in {_pct(best.p_euchred)} "
            f"and marches in {_pct(best.p_march)}"
        )
    if best.p_passed_out:
        text += f"; the hand is thrown in in {_pct(best.p_passed_out)}"
    return Reason(
        "classic.advice-sampled",
        text + ".",
        {"worlds": worlds, "ev": f"{best.ev:.4f}", "p_make": f"{best.p_make:.4f}", "method": method},
    )


def bower_reason(view: SeatView, trump: Suit) -> Reason | None:
    """Where the bowers (and the joker) are: yours, played, or still out."""
    if view.notrump is not None:
        return None
    played = view.played_cards()
    parts = []
    tops = [right_bower(trump), left_bower(trump)]
    if view.rules.joker:
        tops.insert(0, Card.parse("JK"))
    for card in tops:
        name = describe_rank(card, trump)
        if card in view.hand:
            where = "is yours"
        elif card in played:
            where = "has been played"
        elif view.up_taken and card == view.up and view.seat != view.dealer:
            where = f"is in {view.dealer.word}'s hand (the up card)"
        else:
            where = "is still out"
        parts.append(f"{card.symbol} ({name}) {where}")
    order = trump_order(trump, size=view.rules.deck, joker=view.rules.joker)
    gone = set(played)
    boss = next((c for c in order if c not in gone), None)
    tail = ""
    if boss is not None:
        tail = (
            " You hold the highest trump left."
            if boss in view.hand
            else f" The highest trump left is {boss.symbol}."
        )
    rule_id = "cards.left-bower" if left_bower(trump) not in view.hand else "cards.right-bower"
    return Reason(rule_id, "; ".join(parts) + "." + tail, {"trump": str(trump)})


def trump_count_reason(view: SeatView, trump: Suit) -> Reason:
    pack = deck(view.rules.deck, joker=view.rules.joker)
    trumps = [c for c in pack if is_trump(c, trump)]
    mine = [c for c in view.hand if is_trump(c, trump)]
    played = [c for c in trumps if c in view.played_cards()]
    out = len(trumps) - len(mine) - len(played)
    text = (
        f"{len(trumps)} cards are trumps ({trump.plural}): you hold {len(mine)} ({_sym(mine)}), "
        f"{len(played)} have been played, {out} are out in other hands or the kitty."
    )
    return Reason(
        "classic.advice-trump-count",
        text,
        {"trumps": len(trumps), "held": len(mine), "played": len(played), "out": out},
    )


def follow_reason(view: SeatView) -> Reason | None:
    """The follow-suit obligation of the current trick."""
    if view.phase is not Phase.PLAY or not view.trick_plays:
        return None
    led = view.led_suit
    assert led is not None
    cards = [a.card for a in view.legal if a.card is not None]
    follows = [c for c in view.hand if effective_suit(c, view.trump) is led]
    lead_card = view.trick_plays[0][1]
    if follows:
        text = f"{lead_card.symbol} was led: you must follow {led.plural}; you may play {_sym(cards)}."
    else:
        text = f"{lead_card.symbol} was led and you hold no {led.plural}: any card may be played (trump or throw off)."
    rule_id = "cards.follow-suit"
    if view.trump is not None:
        left = left_bower(view.trump)
        if left in view.hand:
            rule_id = "classic.follow-left-bower"
            text += f" {left.symbol} is the left bower: it counts as a {view.trump.plural[:-1]}, not a {left.suit.plural[:-1] if left.suit else ''}."
    return Reason(rule_id, text, {"led": str(led), "legal": " ".join(str(c) for c in cards)})


def partner_reason(view: SeatView, trump: Suit, dealt: Sequence[Sequence[int]]) -> Reason | None:
    """What partner's bids showed: trumps held in the sampled deals against a hand dealt at random.
    ``dealt``: per sampled deal, every seat's dealt hand as a mask of card bits (by seat number)."""
    partners = [s for s in view.seat.partners if s not in view.sitting_out]
    if not partners or not dealt:
        return None
    partner = partners[0]
    said = [_said(a) for s, a in view.bids if s == partner]
    pack = deck(view.rules.deck, joker=view.rules.joker)
    trumps = sum(1 << c.index for c in pack if is_trump(c, trump))
    held = sum((hands[partner] & trumps).bit_count() for hands in dealt) / len(dealt)
    # A hand dealt at random from the cards this seat could not see when the cards were dealt.
    mine = set(view.hand) | {c for t in view.tricks for s, c in t.plays if s == view.seat}
    mine |= {c for s, c in view.trick_plays if s == view.seat} | {view.up}
    hidden = [c for c in pack if c not in mine]
    size = dealt[0][partner].bit_count()
    baseline = sum(1 for c in hidden if is_trump(c, trump)) * size / max(1, len(hidden))
    bids = " then ".join(said) if said else "nothing yet"
    text = (
        f"Your partner {partner.word} has said {bids}: in the sampled deals {partner.word} was dealt "
        f"{held:.1f} {trump.plural} on average (about {baseline:.1f} for a hand dealt at random)."
    )
    return Reason(
        "classic.advice-partner",
        text,
        {"partner": str(partner), "trumps": f"{held:.2f}", "random": f"{baseline:.2f}"},
    )


def _said(action: object) -> str:
    words = str(action)
    return {"pass": "pass", "order": "order up", "order alone": "order up alone"}.get(words, words)


def up_card_reason(view: SeatView, option: ClassicOption) -> Reason | None:
    if view.phase is not Phase.ROUND_1:
        return None
    who = _who(view, view.dealer)
    side = "your side" if view.dealer.team is view.seat.team else "the other side"
    text = (
        f"Ordering up puts the up card {view.up.symbol} ({describe_rank(view.up, view.up_suit)}) in the "
        f"dealer's hand: {who}, so it strengthens {side}."
    )
    return Reason("classic.dealer-pickup", text, {"up": str(view.up), "dealer": str(view.dealer)})


def risk_reason(option: ClassicOption) -> Reason | None:
    """The cost of being euchred against the gain of a march, for a bid of ours."""
    if option.makers != "us" or option.action.kind not in ("order", "call", "alone"):
        return None
    march_bonus = 3 if option.action.alone else 1
    cost = 2 * option.p_euchred
    gain = march_bonus * option.p_march
    text = (
        f"If {option.label}: euchred in {_pct(option.p_euchred)} of the deals (2 points to them each time, "
        f"{cost:.2f} a hand on average) against a march in {_pct(option.p_march)} "
        f"({march_bonus} extra point{'s' if march_bonus > 1 else ''}, {gain:.2f} a hand)."
    )
    return Reason(
        "classic.score-euchre",
        text,
        {"p_euchred": f"{option.p_euchred:.4f}", "p_march": f"{option.p_march:.4f}"},
    )


def contrast_reason(best: ClassicOption, ranked: Sequence[ClassicOption], mode: Mode) -> Reason | None:
    """How far the best option is ahead of the next one, paired on the same deals, with its interval.

    Options worth exactly the same in every deal are named as equal; options the sample cannot tell
    apart from the best (their loss's interval reaches 0) are named as a tie, never as worse.
    """
    equal = [o for o in ranked[1:] if o.loss == 0 and o.loss_se == 0 and o.ev == best.ev]
    tied = [o for o in ranked[1:] if o not in equal and o.tied]
    worse = [o for o in ranked[1:] if o not in equal and o not in tied]
    same = ""
    if equal:
        names = ", ".join(o.label for o in equal)
        same = f" {names} {'is' if len(equal) == 1 else 'are'} worth the same here (the same in every deal)."
    if tied:
        names = ", ".join(f"{o.label} ({loss_words(o, mode)} less)" for o in tied)
        same += (
            f" {names}: within the sampling error, so {'it is' if len(tied) == 1 else 'they are'} "
            "as good as the best for all these deals can tell."
        )
    if not worse:
        return Reason(
            "classic.advice-contrast",
            f"No choice is clearly worse than {best.label} here.{same}",
            {"best": best.label},
        )
    other = worse[0]
    if mode == "game" and best.p_win_game is not None and other.p_win_game is not None:
        text = (
            f"{best.label} wins the match {_pct(best.p_win_game)} of the time against "
            f"{_pct(other.p_win_game)} for {other.label} ({loss_words(other, mode)} less).{same}"
        )
        return Reason("classic.advice-game", text, {"best": best.label, "next": other.label})
    text = (
        f"{best.label} ({best.ev:+.2f}) is {loss_words(other, 'points')} a hand better than {other.label} "
        f"({other.ev:+.2f}), compared on the same deals.{same}"
    )
    return Reason(
        "classic.advice-contrast",
        text,
        {
            "best": best.label,
            "next": other.label,
            "gap": f"{other.ev_gap:.4f}",
            "gap_se": f"{other.ev_gap_se:.4f}",
        },
    )


_ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth")


def _speaks(view: SeatView) -> str:
    """Where the seat speaks in a bidding round: 'you speak first' ... 'you deal and speak last'."""
    seats = view.seat.seating.seats
    n = len(seats)
    k = (seats.index(view.seat) - seats.index(view.dealer) - 1) % n
    if view.seat == view.dealer:
        return "you deal and speak last"
    return f"you speak {_ORDINAL[k]}"


def _carriers(view: SeatView, trump: Suit, extra: Sequence[Card] = ()) -> tuple[list[Card], list[Card]]:
    """The hand's trumps (highest first) and off-suit aces under ``trump`` (with ``extra`` cards:
    the up card a dealer would pick up)."""
    order = trump_order(trump, size=view.rules.deck, joker=view.rules.joker)
    rank = {c: i for i, c in enumerate(order)}
    cards = [*view.hand, *extra]
    trumps = sorted((c for c in cards if is_trump(c, trump)), key=lambda c: rank.get(c, 99))
    aces = [c for c in cards if not is_trump(c, trump) and c.rank is Rank.ACE]
    return trumps, aces


def _holding(view: SeatView, trump: Suit, extra: Sequence[Card] = ()) -> str:
    trumps, aces = _carriers(view, trump, extra)
    parts = []
    if trumps:
        parts.append(f"{_sym(trumps)} in {trump.plural}")
    if aces:
        parts.append(f"the off ace{'s' if len(aces) > 1 else ''} {_sym(aces)}")
    return " and ".join(parts) if parts else f"no {trump.plural} and no off aces"


def _bid_words(act: Action, view: SeatView) -> str:
    """The button's words in a sentence: 'call ♣ clubs alone', 'order up Q♥'."""
    return lower_first(action_label(act, view))


def plan_reason(view: SeatView, option: ClassicOption, ranked: Sequence[ClassicOption]) -> Reason | None:
    """What happens after a bid, in the deals the analysis played out: the plan that makes it right.

    A pass names what the seat itself does when the bidding comes back to it (the most frequent
    next bid in the sampled deals) and why; an alone bid, the cards that make partner unnecessary
    and what the loner risks; an order or call, the cards that carry it and what the dealer gains.
    """
    act = option.action
    if view.phase not in (Phase.ROUND_1, Phase.ROUND_2, Phase.BLIND):
        return None
    total = sum(n for _, n in option.follow_ups)
    if act.kind == "pass" and total:
        asked = [(m, n) for m, n in option.follow_ups if m != "-"]
        if not asked:
            return None
        first, count = asked[0]
        later = Action.parse(first)
        back = sum(n for _, n in asked)
        share = _pct(back / total)
        if later.kind == "pass":
            text = (
                f"Pass, and pass again when the bidding comes back to you (it does in {share} of these deals): "
                "no suit is worth naming with this hand."
            )
            return Reason("classic.advice-plan", text, {"plan": "pass", "back": f"{back / total:.4f}"})
        trump = later.suit if later.kind == "call" else view.up_suit
        words = _bid_words(later, view)
        round_2 = view.phase is Phase.ROUND_1 and later.kind == "call"
        where = f" in round 2: {_speaks(view)} there" if round_2 else ""
        hold = f" and hold {_holding(view, trump)}" if trump is not None and later.notrump is None else ""
        often = "" if count == back else f" ({_pct(count / back)} of the time; otherwise another bid)"
        text = (
            f"Pass, then {words}{where}{hold}{often}. The bidding comes back to you in {share} of these "
            f"deals; "
        )
        alternatives = [o for o in ranked if o.action.kind in ("order", "call")]
        if alternatives and option is ranked[0]:
            other = alternatives[0]
            text += f"waiting is worth {option.ev - other.ev:+.2f} points against {_bid_words(other.action, view)} now."
        else:
            text += f"the pass is worth {option.ev:+.2f} points on average."
        if later.alone and trump is not None:
            text += " Alone, a march scores 4 points."
        return Reason(
            "classic.advice-plan",
            text,
            {"plan": first, "back": f"{back / total:.4f}", "share": f"{count / max(1, back):.4f}"},
        )
    if act.kind not in ("order", "call") or act.notrump is not None:
        return None
    trump = act.suit if act.kind == "call" else view.up_suit
    if trump is None:
        return None
    picks_up = [view.up] if act.kind == "order" and view.seat == view.dealer else []
    trumps, _ = _carriers(view, trump, picks_up)
    holding = _holding(view, trump, picks_up) + (f" (with {view.up.symbol} picked up)" if picks_up else "")
    if act.alone:
        partner = next(
            (o for o in ranked if o.action == Action(act.kind, suit=act.suit, notrump=act.notrump)), None
        )
        text = (
            f"Alone: {holding} take tricks without partner's help; a lone march scores 4 "
            f"({_pct(option.p_march)} of these deals). The risk: euchred in {_pct(option.p_euchred)} "
            "(2 to them), and three or four tricks score only 1."
        )
        if partner is not None:
            text += (
                f" With partner the same bid marches in {_pct(partner.p_march)} (2 points) and is "
                f"euchred in {_pct(partner.p_euchred)}."
            )
        return Reason("classic.advice-plan", text, {"trumps": " ".join(map(str, trumps))})
    text = (
        f"{capital(_bid_words(act, view))}: {holding} carry it; made in {_pct(option.p_make)}, "
        f"euchred in {_pct(option.p_euchred)}."
    )
    if act.kind == "order":
        if view.seat == view.dealer:
            text += " You then discard your weakest card."
        elif view.dealer.team is view.seat.team:
            text += f" Your partner deals and adds {view.up.symbol} to your side's trumps."
        else:
            text += f" The dealer ({view.dealer.word}, an opponent) gains {view.up.symbol}: one more trump against you."
    return Reason("classic.advice-plan", text, {"trumps": " ".join(map(str, trumps))})


def classic_reasons(
    view: SeatView,
    ranked: Sequence[ClassicOption],
    sampled: Sequence[Sequence[int]],
    mode: Mode,
    method: str,
    deals: int | None = None,
    open_weight: float = 0.0,
) -> list[Reason]:
    """The reasons for an analysis: ``sampled`` are sampled deals' dealt hands (the first deals', as
    masks by seat: what partner was dealt), ``deals`` how many the numbers rest on (default: as many
    as ``sampled``),
    ``open_weight`` the weight of open-hand play in each play-out deal's value."""
    best = ranked[0]
    out: list[Reason | None] = [
        summary_reason(view, best, len(sampled) if deals is None else deals, method, open_weight),
        plan_reason(view, best, ranked),
    ]
    out.append(follow_reason(view))
    trump = _trump_of(view, best)
    if trump is None and len(ranked) > 1:
        trump = _trump_of(view, ranked[1])
    if trump is None and view.phase is Phase.ROUND_1:
        trump = view.up_suit
    if trump is not None:
        out.append(bower_reason(view, trump))
        out.append(trump_count_reason(view, trump))
        out.append(partner_reason(view, trump, sampled))
    out.append(up_card_reason(view, best))
    bid = next((o for o in ranked if o.makers == "us" and o.action.kind in ("order", "call")), None)
    out.append(risk_reason(bid) if bid is not None else None)
    if len(ranked) > 1:
        out.append(contrast_reason(best, ranked, mode))
    return [r for r in out if r is not None]
