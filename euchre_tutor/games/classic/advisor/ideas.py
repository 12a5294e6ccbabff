"""The classic advisor's hint in a player's words: the strategic ideas behind a move, each with its test.

The analysis (:mod:`~euchre_tutor.games.classic.advisor.analysis`) decides which option is best; this module
only explains it. Every sentence is :class:`~euchre_tutor.advisor.voice.Said` in the name of one
:class:`~euchre_tutor.advisor.voice.Idea` of :data:`CATALOGUE`, whose ``holds(position)`` is true only
when the idea's condition holds in the seat's view *and* the move named is the one the idea recommends
(a "pull trump" sentence only when the move is a trump lead by the makers' side, and so on). The tests
re-check every sentence shown with :func:`~euchre_tutor.advisor.voice.false_sentences`.

:func:`explain` builds the :class:`~euchre_tutor.advisor.voice.Explanation`: the move in words (ties
named as ties, with no best among them), one "because", at most one rule reminder that applies now,
the alternatives that matter with their cost in plain units, and the full figures (no action codes,
no rule ids: those stay in the analysis's JSON).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from euchre_tutor.advisor.shared import TIE_FLOOR
from euchre_tutor.advisor.voice import (
    BRIEF_WORDS,
    LESSONS,
    Explanation,
    Idea,
    Namer,
    Said,
    card_name,
    chance_words,
    join_words,
    points_words,
    signed_points,
)
from euchre_tutor.cards import (
    Card,
    Rank,
    Suit,
    deck,
    effective_suit,
    is_trump,
    left_bower,
    trick_power,
    trump_order,
)
from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis, ClassicOption
from euchre_tutor.games.classic.advisor.reasons import action_label, playout_words
from euchre_tutor.games.classic.engine.engine import Action, Phase
from euchre_tutor.games.classic.views import SeatView

__all__ = [
    "BRIEF_WORDS",
    "CATALOGUE",
    "Position",
    "action_noun",
    "explain",
    "move_words",
    "position_of",
    "tie_group",
]


# ---- the position an idea is tested on ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """What an idea's condition reads: the seat's view, the analysis, and the move a sentence is about.

    ``move``: the best option's action (with a tie, each tied action in turn: a "because" is said only
    when it holds for every one of them). ``tied``: the options the deals cannot tell from the best.
    ``runner``: the best option outside the tie (None: every option ties). ``gain``: what the best gains
    against the runner-up, in expected points, paired on the same sampled deals (None: no runner-up).
    """

    view: SeatView
    analysis: ClassicAnalysis
    move: Action
    tied: tuple[ClassicOption, ...]
    runner: ClassicOption | None

    @property
    def gain(self) -> float | None:
        return None if self.runner is None else self.runner.ev_gap

    @property
    def option(self) -> ClassicOption:
        return self.analysis.option(self.move)


def tie_group(analysis: ClassicAnalysis) -> tuple[ClassicOption, ...]:
    """The best option and every option the grade calls Best too (the deals cannot tell them apart,
    or the difference is under :data:`~euchre_tutor.advisor.shared.TIE_FLOOR`), best first."""
    mode = analysis.mode if analysis.best.p_win_game is not None else "points"
    floor = TIE_FLOOR[mode]
    rest = [o for o in analysis.options[1:] if o.tied or o.loss <= 0 or o.loss < floor]
    return (analysis.best, *rest)


def position_of(analysis: ClassicAnalysis, view: SeatView, move: Action | None = None) -> Position:
    """The position the analysis's hint is tested on (``move``: default the best option's)."""
    tied = tie_group(analysis)
    runner = next((o for o in analysis.options if o not in tied), None)
    return Position(view, analysis, analysis.best.action if move is None else move, tied, runner)


# ---- facts of the view -------------------------------------------------------------------------------


def _card(p: Position) -> Card | None:
    return p.move.card if p.move.kind == "play" and p.view.phase is Phase.PLAY else None


def _leading(p: Position) -> bool:
    return p.view.phase is Phase.PLAY and not p.view.trick_plays


def _following(p: Position) -> bool:
    return p.view.phase is Phase.PLAY and bool(p.view.trick_plays)


def _suited(p: Position) -> bool:
    """A trump hand (the card-play ideas speak of trumps; a no-trump contract has none)."""
    return p.view.trump is not None and p.view.notrump is None


def _trumps_out(view: SeatView) -> list[Card]:
    """Trumps neither in the seat's hand nor played (nor the up card turned down)."""
    assert view.trump is not None
    gone = view.played_cards() | set(view.hand)
    if not view.up_taken:
        gone |= {view.up}
    pack = deck(view.rules.deck, joker=view.rules.joker)
    return [c for c in pack if is_trump(c, view.trump) and c not in gone]


def _top_trump_left(view: SeatView) -> Card | None:
    assert view.trump is not None
    played = view.played_cards()
    for c in trump_order(view.trump, size=view.rules.deck, joker=view.rules.joker):
        if c not in played and not (not view.up_taken and c == view.up):
            return c
    return None


def _winner(view: SeatView, extra: Card | None = None) -> int:
    """The index in the trick (with ``extra`` played last) of the card winning it now."""
    cards = [c for _, c in view.trick_plays] + ([extra] if extra is not None else [])
    led = effective_suit(cards[0], view.trump)
    best, power = 0, trick_power(cards[0], view.trump, led)
    for i, c in enumerate(cards[1:], 1):
        q = trick_power(c, view.trump, led)
        if q > power:
            best, power = i, q
    return best


def _partner_winning(view: SeatView) -> bool:
    seat = view.trick_plays[_winner(view)][0]
    return seat != view.seat and seat.team is view.seat.team


def _takes(view: SeatView, card: Card) -> bool:
    """Whether ``card`` played now would win the trick so far."""
    return _winner(view, card) == len(view.trick_plays)


def _legal_cards(view: SeatView) -> list[Card]:
    return [a.card for a in view.legal if a.kind == "play" and a.card is not None]


def _holds_led(view: SeatView) -> bool:
    led = view.led_suit
    return any(effective_suit(c, view.trump) is led for c in view.hand)


def _lowest_of_its_suit(view: SeatView, card: Card) -> bool:
    """``card`` is no trump (unless every legal card is one) and no lower legal card of its suit is held."""
    legal = _legal_cards(view)
    trump = view.trump
    if trump is not None and is_trump(card, trump) and not all(is_trump(c, trump) for c in legal):
        return False
    suit = effective_suit(card, trump)
    power = trick_power(card, trump, suit)
    return all(
        trick_power(c, trump, suit) >= power for c in legal if effective_suit(c, trump) is suit and c != card
    )


def _bid_trump(view: SeatView, action: Action) -> Suit | None:
    if action.notrump is not None:
        return None
    if action.kind == "order":
        return view.up_suit
    if action.kind == "call":
        return action.suit
    return None


def _trumps_held(view: SeatView, trump: Suit, picks_up: bool = False) -> list[Card]:
    order = trump_order(trump, size=view.rules.deck, joker=view.rules.joker)
    cards = [*view.hand, *([view.up] if picks_up else [])]
    return [c for c in order if c in cards]


def _side_aces(view: SeatView, trump: Suit) -> list[Card]:
    return [c for c in view.hand if c.rank is Rank.ACE and c.suit is not None and not is_trump(c, trump)]


def _dealer_picks_up(view: SeatView, action: Action) -> bool:
    return action.kind == "order" and view.seat == view.dealer


def _strongest_bid(p: Position) -> ClassicOption | None:
    """The bid (order or call, with partner) that loses least: what a pass is weighed against."""
    return next(
        (
            o
            for o in p.analysis.options
            if o.action.kind in ("order", "call") and not o.action.alone and _bid_trump(p.view, o.action)
        ),
        None,
    )


# ---- the catalogue: card play -----------------------------------------------------------------------


def _pull_trump(p: Position) -> bool:
    card = _card(p)
    if card is None or not _leading(p) or not _suited(p) or not p.view.is_maker_side:
        return False
    assert p.view.trump is not None
    return (
        is_trump(card, p.view.trump) and bool(_trumps_out(p.view)) and _top_trump_left(p.view) in p.view.hand
    )


def _lead_partners_trump(p: Position) -> bool:
    card, view = _card(p), p.view
    if card is None or not _leading(p) or not _suited(p) or view.maker is None:
        return False
    assert view.trump is not None
    return (
        view.maker != view.seat
        and view.maker.team is view.seat.team
        and is_trump(card, view.trump)
        and bool(_trumps_out(view))
    )


def _lead_through(p: Position) -> bool:
    card, view = _card(p), p.view
    if card is None or not _leading(p) or not _suited(p) or view.maker is None:
        return False
    assert view.trump is not None
    return (
        view.maker.team is not view.seat.team
        and view.seat.next == view.maker
        and not is_trump(card, view.trump)
    )


def _led_before(view: SeatView, suit: Suit) -> bool:
    return any(effective_suit(t.plays[0][1], view.trump) is suit for t in view.tricks)


def _cash_ace(p: Position) -> bool:
    card = _card(p)
    if card is None or not _leading(p) or not _suited(p) or card.rank is not Rank.ACE:
        return False
    assert p.view.trump is not None
    suit = effective_suit(card, p.view.trump)
    return not is_trump(card, p.view.trump) and not _led_before(p.view, suit)


def _partner_low(p: Position) -> bool:
    card = _card(p)
    if card is None or not _following(p) or not _partner_winning(p.view):
        return False
    return not _takes(p.view, card) and _lowest_of_its_suit(p.view, card)


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


def _win_cheaply(p: Position) -> bool:
    card = _card(p)
    if card is None or not _following(p) or _partner_winning(p.view):
        return False
    return _cheapest_winner(p.view, card)


def _cannot_win(view: SeatView) -> bool:
    return not any(_takes(view, c) for c in _legal_cards(view))


def _throw_weakest(p: Position) -> bool:
    card = _card(p)
    if card is None or not _following(p) or _partner_winning(p.view):
        return False
    return _cannot_win(p.view) and _lowest_of_its_suit(p.view, card)


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


# ---- the catalogue: bidding ---------------------------------------------------------------------------


def _bid_strength(p: Position) -> bool:
    trump = _bid_trump(p.view, p.move)
    if trump is None or p.move.alone or p.option.makers != "us":
        return False
    return len(_trumps_held(p.view, trump, _dealer_picks_up(p.view, p.move))) >= 2


def _weak_pass(p: Position) -> bool:
    if p.move.kind != "pass" or p.view.phase not in (Phase.ROUND_1, Phase.ROUND_2):
        return False
    bid = _strongest_bid(p)
    if bid is None:
        return False
    trump = _bid_trump(p.view, bid.action)
    assert trump is not None
    return len(_trumps_held(p.view, trump, _dealer_picks_up(p.view, bid.action))) <= 2


def _partner_deals(p: Position) -> bool:
    """Ordering up the dealer, your partner, with partner playing (alone, partner's hand sits out)."""
    view = p.view
    return (
        view.phase is Phase.ROUND_1
        and p.move.kind == "order"
        and not p.move.alone
        and view.dealer != view.seat
        and view.dealer.team is view.seat.team
    )


def _opponent_deals(p: Position) -> bool:
    """A pass in round 1 with some trumps in the up card's suit, when ordering up would arm an opponent."""
    view = p.view
    return (
        view.phase is Phase.ROUND_1
        and p.move.kind == "pass"
        and view.dealer.team is not view.seat.team
        and len(_trumps_held(view, view.up_suit)) >= 2
    )


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


def _alone(p: Position) -> bool:
    trump = _bid_trump(p.view, p.move)
    if trump is None or not p.move.alone:
        return False
    held = _trumps_held(p.view, trump, _dealer_picks_up(p.view, p.move))
    top = trump_order(trump, size=p.view.rules.deck, joker=p.view.rules.joker)[0]
    return top in held


def _score(p: Position) -> bool:
    return max(p.view.scores, default=0) >= 8 and p.option.p_win_game is not None


# ---- fallbacks, alternatives, reminders ----------------------------------------------------------------


def _tie(p: Position) -> bool:
    return len(p.tied) > 1 and any(o.action == p.move for o in p.tied)


def _best_value(p: Position) -> bool:
    return p.move == p.analysis.best.action and p.runner is not None and len(p.tied) == 1


def _alternative(p: Position) -> bool:
    return p.runner is not None


def _partner_signal(p: Position) -> bool:
    return _partner_reason(p) is not None


def _rule_trump(p: Position) -> Suit | None:
    """The trump the reminders speak of: the hand's, or the one the move (or round 1) proposes."""
    if p.view.trump is not None:
        return p.view.trump if p.view.notrump is None else None
    trump = _bid_trump(p.view, p.move)
    if trump is None and p.view.phase is Phase.ROUND_1:
        trump = p.view.up_suit
    return trump


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


def _must_follow(p: Position) -> bool:
    return _following(p) and _holds_led(p.view) and len(_legal_cards(p.view)) < len(p.view.hand)


def _void(p: Position) -> bool:
    return _following(p) and not _holds_led(p.view)


def _pickup_rule(p: Position) -> bool:
    return p.view.phase is Phase.ROUND_1


CATALOGUE: Final[dict[str, Idea[Position]]] = {
    i.id: i
    for i in (
        Idea("classic.pull-trump", "Pull trump", _pull_trump, "classic-strategy"),
        Idea(
            "classic.lead-partners-trump", "Lead to partner's call", _lead_partners_trump, "classic-strategy"
        ),
        Idea("classic.lead-through", "Lead through the maker", _lead_through, "classic-strategy"),
        Idea("classic.cash-ace", "Cash the ace first", _cash_ace, "classic-strategy"),
        Idea("classic.partner-winning", "Partner is winning: play low", _partner_low, "classic-play"),
        Idea("classic.ruff", "Trump it", _ruff, "tricks"),
        Idea("classic.win-cheaply", "Win as cheaply as you can", _win_cheaply, "tricks"),
        Idea("classic.short-suit", "Short-suit yourself", _short_suit, "classic-strategy"),
        Idea("classic.throw-weakest", "Throw your weakest card", _throw_weakest, "classic-play"),
        Idea("classic.count-trumps", "Count the trumps", _count_trumps, "classic-strategy"),
        Idea("classic.bid-strength", "Trump count and bowers", _bid_strength, "choosing-trump"),
        Idea("classic.weak-pass", "Too few trumps to bid", _weak_pass, "choosing-trump"),
        Idea("classic.partner-deals", "Order up your partner", _partner_deals, "classic-bidding"),
        Idea("classic.opponent-deals", "The up card goes to an opponent", _opponent_deals, "classic-bidding"),
        Idea("classic.next", "Next", _next, "classic-bidding"),
        Idea("classic.alone", "Go alone", _alone, "classic-alone"),
        Idea("classic.score", "The score", _score, "alone"),
        Idea("classic.tie", "Equally good", _tie),
        Idea("classic.best-value", "Scores the most", _best_value),
        Idea("classic.alternative", "What another choice costs", _alternative),
        Idea("classic.partner-signal", "What partner's bids showed", _partner_signal),
        Idea("rule.left-bower", "The left bower belongs to trump", _left_bower_matters, "bowers"),
        Idea("rule.follow-suit", "You must follow suit", _must_follow, "follow-suit"),
        Idea("rule.void", "Out of the suit led", _void, "tricks"),
        Idea("rule.dealer-pickup", "The dealer picks up the up card", _pickup_rule, "classic-bidding"),
    )
}
assert all(i.lesson in LESSONS or not i.lesson for i in CATALOGUE.values())

#: the "because" ideas, most specific first: the first that holds (for every tied move) is said first
_WHY_ORDER: Final = (
    "classic.alone",
    "classic.score",
    "classic.next",
    "classic.partner-deals",
    "classic.bid-strength",
    "classic.opponent-deals",
    "classic.weak-pass",
    "classic.partner-winning",
    "classic.ruff",
    "classic.win-cheaply",
    "classic.short-suit",
    "classic.throw-weakest",
    "classic.count-trumps",
    "classic.pull-trump",
    "classic.lead-partners-trump",
    "classic.cash-ace",
    "classic.lead-through",
)
_SAYS_VOID: Final = frozenset({"classic.ruff", "classic.short-suit"})
_REMINDER_ORDER: Final = ("rule.left-bower", "rule.follow-suit", "rule.void", "rule.dealer-pickup")


# ---- words ---------------------------------------------------------------------------------------------


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _suit_name(suit: Suit) -> str:
    return f"{suit.plural} ({suit.symbol})"


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
            return f"calling {_suit_name(action.suit)}{alone}"
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
        return f"Call {_suit_name(action.suit)} as trump{alone}."
    if kind == "call" and action.notrump is not None:
        return f"Call {action.notrump}: no trump{', and go alone' if action.alone else ''}."
    if kind == "pass":
        return "Pass."
    if kind == "discard" and action.card is not None:
        return f"Discard {n.card(action.card)}."
    if kind == "give" and action.card is not None:
        return f"Give your partner {n.card(action.card)}."
    defending = view.phase is Phase.DEFEND_ALONE
    if kind == "alone":
        return "Defend alone." if defending else "Go alone."
    if kind == "partner":
        return "Defend with your partner." if defending else "Play with your partner."
    if kind == "misdeal":
        return "Call a misdeal: the hand is thrown in."
    if kind == "under":
        return f"Go under with {n.cards(action.cards)}."
    return f"{action_label(action, view)}."


def _tie_words(group: Sequence[ClassicOption], view: SeatView, namer: Namer) -> str:
    cards = [o.action.card for o in group if o.action.card is not None]
    kinds = {o.action.kind for o in group}
    if len(cards) == len(group) and len(kinds) == 1 and kinds <= {"play", "discard"}:
        what = (
            "discards"
            if kinds == {"discard"}
            else ("leads" if view.phase is Phase.PLAY and not view.trick_plays else "cards to play")
        )
        if len(cards) > 3:  # the cards are in the student's hand: their symbols name them
            return (
                f"These {len(cards)} cards are equally good {what}: {join_words([c.symbol for c in cards])}."
            )
        return _upper(f"{namer.cards(cards)} are equally good {what}.")
    names = [action_noun(o.action, view, namer) for o in group]
    if len(names) > 4:
        return f"These {len(names)} choices are equally good: {join_words(names)}."
    return _upper(f"{join_words(names)} are equally good.")


_COUNT: Final = {1: "one trump", 2: "two trumps", 3: "three trumps", 4: "four trumps", 5: "five trumps"}
_ACES: Final = {1: "a side ace", 2: "two side aces", 3: "three side aces"}


def _because(idea: str, p: Position, n: Namer, tie: bool = False) -> str:
    """The sentence of a "because" idea (called only where it holds)."""
    view = p.view
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
        partner = view.trick_plays[_winner(view)][0]
        return f"Your partner {partner.word} is already winning the trick: play low and save your high cards."
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
        return f"{_upper(card_name(card))} is the cheapest card that wins the trick{tail}: keep your higher cards for later."
    if idea == "classic.short-suit":
        assert card is not None and card.suit is not None
        if tie:
            return "You cannot win this trick: throw a card you will not miss."
        return f"You cannot win this trick: throw your last {card.suit.plural[:-1]}, so you can trump {card.suit.plural} later."
    if idea == "classic.throw-weakest":
        return "You cannot win this trick, so throw your weakest card and keep the others."
    if idea == "classic.count-trumps":
        assert card is not None
        if tie:
            return "Count the trumps: every trump outside your hand has been played, so nobody can trump these cards."
        return f"Count the trumps: every trump outside your hand has been played, so nobody can trump {n.card(card)}."
    if idea in ("classic.bid-strength", "classic.alone"):
        bid_trump = _bid_trump(view, p.move)
        assert bid_trump is not None
        held = _trumps_held(view, bid_trump, _dealer_picks_up(view, p.move))
        bowers = [c for c in held if c.rank is Rank.JACK or c.suit is None]
        aces = _side_aces(view, bid_trump)
        count = _COUNT.get(len(held), f"{len(held)} trumps")
        text = f"You would hold {count}"
        if bowers:
            text += f", {n.cards(bowers)} among them"
        if aces:
            text += f"{',' if bowers else ''} and {_ACES.get(len(aces), f'{len(aces)} side aces')}"
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
        return f"Your partner deals: ordering up puts {n.card(view.up)} in your side's hands."
    if idea == "classic.opponent-deals":
        return f"The dealer, {view.dealer.word}, is an opponent: ordering up would hand them {n.card(view.up)}, so you need a stronger hand."
    if idea == "classic.next":
        assert view.up.suit is not None and p.move.suit is not None
        return f"Call next: {view.up.suit.plural} were turned down, and {p.move.suit.plural}, the same colour, is often strong for the player left of the dealer."
    if idea == "classic.score":
        assert p.option.p_win_game is not None
        return f"Near the end of the game, winning it is what matters: this keeps your side's chance of winning at {chance_words(p.option.p_win_game)}."
    if idea == "classic.tie":
        return "The deals that fit what you have seen cannot tell them apart."
    if idea == "classic.best-value":
        return "It scores the most for your side in the deals that fit what you have seen."
    raise ValueError(f"no sentence for idea {idea!r}")


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


def _holds_for_all(idea: Idea[Position], p: Position) -> bool:
    moves = [o.action for o in p.tied] if len(p.tied) > 1 else [p.move]
    return all(idea.holds(_with_move(p, m)) for m in moves)


def _with_move(p: Position, move: Action) -> Position:
    return Position(p.view, p.analysis, move, p.tied, p.runner)


def _partner_reason(p: Position) -> tuple[str, float, float, str] | None:
    """What partner's bids showed, from the analysis's reason numbers: (partner, trumps held on average,
    for a hand dealt at random, the trump) when partner bid something and the two differ."""
    for r in p.analysis.reasons:
        if r.rule != "classic.advice-partner":
            continue
        trump = _rule_trump(p)
        nums = r.numbers
        try:
            held, random = float(nums["trumps"]), float(nums["random"])
        except (KeyError, TypeError, ValueError):
            return None
        partner = str(nums.get("partner", ""))
        seat = next((s for s in p.view.seat.partners if str(s) == partner), None)
        if seat is None or trump is None:
            return None
        bids = [a for s, a in p.view.bids if s == seat]
        if not bids or abs(held - random) < 0.3:
            return None
        return seat.word, held, random, trump.plural
    return None


def _alternative_words(option: ClassicOption, view: SeatView, n: Namer) -> str:
    cost = points_words(option.ev_gap)
    text = f"{_upper(action_noun(option.action, view, n))} costs {cost}"
    text += "." if cost == "almost nothing" else " a hand."
    if option.action.kind in ("order", "call") and option.makers == "us":
        text = text[:-1] + f": your side makes it {chance_words(option.p_make)}."
    return text


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def _figures(p: Position, partner: tuple[str, float, float, str] | None) -> tuple[str, ...]:
    a, view = p.analysis, p.view
    how = (
        "each card played with every hand open in each deal"
        if a.method == "double-dummy"
        else f"each deal {playout_words(a.playout_open, ' after the choice')}"
    )
    lines = [f"Over {a.worlds:,} sampled deals that fit what you have seen; {how}; ± marks a 95% interval."]
    if a.table_shift is not None:  # the points are the table's, not the open hands': say so
        words = a.table_shift.words
        lines.append(f"{words[0].upper()}{words[1:]}.")
    tied = {o.action for o in p.tied}
    for o in a.options:
        text = f"{action_label(o.action, view)}: {signed_points(o.ev, 2)} ± {o.ev_interval:.2f}"
        if o.makers != "none":
            text += f"; makers win {_pct(o.p_make)}, euchred {_pct(o.p_euchred)}, march {_pct(o.p_march)}"
        if o.p_win_game is not None:
            text += f"; your side wins the game {_pct(o.p_win_game)}"
        if o is a.best:
            text += " (the best)"
        elif o.action in tied:
            text += f"; a tie with the best ({o.ev_gap:.2f} ± {1.96 * o.ev_gap_se:.2f} points less)"
        else:
            text += f"; {o.ev_gap:.2f} ± {1.96 * o.ev_gap_se:.2f} points less than the best"
        lines.append(text + ".")
    if partner is not None:
        who, held, random, suit = partner
        lines.append(
            f"Your partner {who}'s bids: in these deals {who} holds {held:.1f} {suit} on average "
            f"(about {random:.1f} for a hand dealt at random)."
        )
    return tuple(lines)


def explain(
    analysis: ClassicAnalysis,
    view: SeatView,
    *,
    once: Callable[[str], bool] | None = None,
    alternatives: int = 3,
) -> Explanation:
    """The hint of ``analysis`` (of ``view``'s decision) in a player's words, at every depth.

    ``once(fact)``: whether a fact that does not change from turn to turn (``"partner-signal"``) may be
    said in this hint (the tutor says it at most once a hand); None: say it. Every sentence is said in
    the name of an idea of :data:`CATALOGUE` that holds in :func:`position_of` ``(analysis, view)``.
    """
    p = position_of(analysis, view)
    n = Namer()
    move = _tie_words(p.tied, view, n) if len(p.tied) > 1 else move_words(p.move, view, n)
    why: list[Said] = []
    for idea_id in _WHY_ORDER:
        idea = CATALOGUE[idea_id]
        if _holds_for_all(idea, p):
            why.append(Said(idea_id, _because(idea_id, p, n, tie=len(p.tied) > 1), idea.lesson))
            break
    if len(p.tied) > 1:
        why.append(Said("classic.tie", _because("classic.tie", p, n)))
    elif not why:
        why.append(Said("classic.best-value", _because("classic.best-value", p, n)))
    reminder = None
    for idea_id in _REMINDER_ORDER:
        idea = CATALOGUE[idea_id]
        if idea_id == "rule.void" and why and why[0].idea in _SAYS_VOID:
            continue  # the reason already says the seat holds none of the suit led
        if idea.holds(p):
            reminder = Said(idea_id, _reminder(idea_id, p, n), idea.lesson)
            break
    if reminder is not None and Explanation(move, tuple(why[:1]), reminder).brief_words() > BRIEF_WORDS:
        reminder = None  # a brief hint stays short: the reason first, the rule in the lessons
    tied = {o.action for o in p.tied}
    alts = [
        Said("classic.alternative", _alternative_words(o, view, n))
        for o in analysis.options
        if o.action not in tied
    ][:alternatives]
    partner = _partner_reason(p)
    if partner is not None and once is not None and not once("partner-signal"):
        partner = None
    return Explanation(
        move=move,
        why=tuple(why),
        reminder=reminder,
        alternatives=tuple(alts),
        figures=_figures(p, partner),
        tied=tuple(str(o.action) for o in p.tied) if len(p.tied) > 1 else (),
    )
