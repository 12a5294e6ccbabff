"""The classic engine's teaching errors: what was wrong with an action, and what is allowed.

:func:`explain_illegal` turns an action the rules refuse into an
:class:`~euchre_tutor.errors.IllegalAction` (or :class:`~euchre_tutor.errors.IllegalPlay`)
whose message names the rule and lists the legal actions. The follow-suit
sentence is the one every game says (:mod:`euchre_tutor.rules.messages`).

>>> from euchre_tutor.games.classic.engine.deal import Deal
>>> from euchre_tutor.games.classic.engine.hand import new_hand
>>> state = new_hand(Deal.from_seed(7, "N"))
>>> print(explain_illegal(state, Action.parse("call H"), state.legal_actions()))
call H is not legal now: it is East's turn (round 1 of bidding: pass or order up); legal: pass, order, order alone
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from euchre_tutor.cards import Card, format_cards
from euchre_tutor.errors import IllegalAction, IllegalPlay
from euchre_tutor.games.classic.engine.actions import ORDER_ALONE, Action, Phase
from euchre_tutor.rules.messages import follow_suit_message
from euchre_tutor.tricks.seating import Seat

if TYPE_CHECKING:
    from euchre_tutor.games.classic.engine.state import HandState

__all__ = ["PHASE_WORDS", "explain_illegal"]


def explain_illegal(s: HandState, act: Action, legal: tuple[Action, ...]) -> IllegalAction:
    seat = s.to_act
    assert seat is not None
    who = seat.word
    options = ", ".join(str(a) for a in legal)
    if s.phase is Phase.PLAY and act.kind == "play" and act.card is not None:
        return _explain_play(s, act.card, seat, legal)
    role = {Phase.DISCARD: " (the dealer)", Phase.LONER_DISCARD: " (the loner)", Phase.BEST_CARD: ""}
    if s.phase in role and act.kind in ("discard", "give") and act.card is not None:
        if act.card not in s.hands[seat]:
            return IllegalPlay(f"{who}{role[s.phase]} does not hold {act.card.symbol}; legal: {options}")
        if s.phase is Phase.DISCARD and not s.rules.dealer_may_discard(act.card, s.up):
            return IllegalAction(f"{s.rules.up_discard_sentence(s.up)}; legal: {options}")
    if s.phase is Phase.ROUND_2 and act.kind == "call" and act.suit is s.up_suit:
        return IllegalAction(
            f"{s.up_suit.plural} was turned down in round 1 and cannot be named in round 2; legal: {options}"
        )
    if s.phase is Phase.ROUND_2 and act.kind == "pass" and s.rules.must_name_trump(seat, s.dealer, 2):
        return IllegalAction(f"{s.rules.stuck_sentence(who)}; legal: {options}")
    if act.kind == "call" and act.notrump is not None and s.phase is Phase.ROUND_2:
        allowed = "are not allowed" if not s.rules.no_trump_calls else "are only 'call high'"
        return IllegalAction(f"under these rules no-trump bids {allowed}; legal: {options}")
    if s.phase is Phase.ROUND_1 and act.kind == "order":
        if s.rules.must_order_alone(seat in s.dealer.partners) and not act.alone and ORDER_ALONE in legal:
            return IllegalAction(f"{s.rules.canadian_sentence(who)}; legal: {options}")
        if not s.rules.may_order(s.up, seat == s.dealer, s.hands[seat]):
            return IllegalAction(f"{s.rules.requirement_sentence(s.up, who)}; legal: {options}")
    if act.kind == "misdeal" and s.phase is Phase.ROUND_1:
        return IllegalAction(_misdeal_message(s, who, seat, options))
    if act.kind == "under" and s.phase is Phase.ROUND_1:
        return IllegalAction(_under_message(s, act, who, seat, options))
    if act.kind in ("order", "call") and act.alone and not s.rules.alone_with_bid:
        return IllegalAction(f"{s.rules.alone_bid_sentence()}; legal: {options}")
    return IllegalAction(
        f"{act} is not legal now: it is {who}'s turn ({PHASE_WORDS[s.phase]}); legal: {options}"
    )


def _misdeal_message(s: HandState, who: str, seat: Seat, options: str) -> str:
    rule = s.rules.misdeal
    if rule == "off":
        return f"misdeals are not played under these rules; legal: {options}"
    if s.under_seat == seat:
        return f"{who} went under this hand and may no longer call a misdeal; legal: {options}"
    hand = format_cards(s.hands[seat], symbols=True)
    return f"{s.rules.misdeal_sentence(who, hand)}; legal: {options}"


def _under_message(s: HandState, act: Action, who: str, seat: Seat, options: str) -> str:
    if not s.rules.farmers_hand:
        return f"going under (farmer's hand) is not played under these rules; legal: {options}"
    if s.under_seat is not None:
        return f"{s.under_seat.word} already went under this hand; legal: {options}"
    missing = [c for c in act.cards if c not in s.hands[seat]]
    if missing:
        return f"{who} does not hold {format_cards(missing, symbols=True)}; legal: {options}"
    return f"{s.rules.under_sentence()}; legal: {options}"


def _explain_play(s: HandState, card: Card, seat: Seat, legal: tuple[Action, ...]) -> IllegalPlay:
    who = seat.word
    cards = [a.card for a in legal if a.card is not None]
    options = ", ".join(c.symbol for c in cards)
    if card not in s.hands[seat]:
        return IllegalPlay(
            f"{who} does not hold {card.symbol} (hand: {format_cards(s.hands[seat], symbols=True)}); "
            f"legal: {options}"
        )
    led = s.led_suit
    if led is None:
        return IllegalPlay(_lead_message(s, card, options))
    lead = s.trick_plays[0][1]
    return IllegalPlay(follow_suit_message(card, lead, s.trump, cards, who=who))


def _lead_message(s: HandState, card: Card, options: str) -> str:
    assert s.trump is not None
    return f"{s.rules.trump_lead_sentence(card)}; legal: {options}"


PHASE_WORDS: Final = {
    Phase.BLIND: "the dealer names trump blind (a joker was turned up)",
    Phase.BEST_CARD: "the loner's partner passes a card (call for best)",
    Phase.LONER_DISCARD: "the loner discards one card after the call for best",
    Phase.ROUND_1: "round 1 of bidding: pass or order up",
    Phase.ROUND_2: "round 2 of bidding: pass or name a suit",
    Phase.DISCARD: "the dealer's discard",
    Phase.GO_ALONE: "the maker decides alone or with partner",
    Phase.DEFEND_ALONE: "a defender decides whether to defend alone",
    Phase.PLAY: "play",
    Phase.OVER: "the hand is over",
}
