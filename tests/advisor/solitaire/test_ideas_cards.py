"""The Solitaire hint's card ideas on golden positions, each both ways (it holds; it does not), and every
sentence beside tied cards re-checked with each tied card as the move.

The positions are seeded deals (``SolitaireDeal.from_seed``) played on by the named actions; the facts
each test relies on (the hand, the known top card, the unseen cards that beat a lead) are counted by hand
in its comments.
"""

from __future__ import annotations

from fractions import Fraction

from euchre_tutor.advisor.voice import Depth, Explanation, false_sentences
from euchre_tutor.cards import Card
from euchre_tutor.games.solitaire.advisor.advice import Hint
from euchre_tutor.games.solitaire.advisor.ideas import CATALOGUE, explain, named_positions, position_of
from euchre_tutor.games.solitaire.advisor.ideas_position import Position
from euchre_tutor.games.solitaire.engine.engine import Play
from euchre_tutor.games.solitaire.views import SolitaireView, player_view
from tests.advisor.solitaire.test_ideas import hint_of, seeded


def hinted(seed: int, *actions: str) -> tuple[Explanation, Hint, SolitaireView]:
    """The hint of a seeded position, every sentence re-checked on every move it names."""
    view = player_view(seeded(seed, *actions))
    hint = hint_of(view)
    expl = explain(hint, view)
    for p in named_positions(position_of(hint, view)):
        for depth in Depth:
            assert false_sentences(expl.said(depth), CATALOGUE, p) == [], expl.text(depth)
    return expl, hint, view


def holds(idea: str, hint: Hint, view: SolitaireView, card: str) -> bool:
    """Whether ``idea`` holds with ``card`` as the move."""
    return CATALOGUE[idea].holds(Position(view, hint, (0, 0), Play(Card.parse(card))))


def test_beat_the_known_top_card_with_a_higher_trump() -> None:
    # diamonds ordered up: A♦ is on top of the stock; J♥ is the left bower, the only trump above it
    expl, hint, view = hinted(0, "order up")
    assert view.known_top == Card.parse("AD") and expl.move == "Lead the left bower (J♥)."
    assert expl.why[0].idea == "solitaire.beat-top"
    assert expl.why[0].text == (
        "The deck's first card is the ace of diamonds (A♦), a trump, and J♥ beats it: "
        "you win this trick and draw that trump."
    )
    assert not holds("solitaire.beat-top", hint, view, "TD")  # 10♦ is a trump A♦ beats
    assert not holds("solitaire.beat-top", hint, view, "9C")  # a side card
    # after naming hearts the turn card goes to the bottom: nothing known on top
    _, hint, view = hinted(0, "name hearts")
    assert not holds("solitaire.beat-top", hint, view, "JH")


def test_let_the_known_trump_fall_on_your_weakest_card() -> None:
    # clubs ordered up: Q♣ on top; hand Q♥ 10♦ 9♣ 9♥ J♥, its only trump the 9♣; 9♥ is the lowest side card
    expl, hint, view = hinted(2, "order up")
    assert expl.move == "Lead the nine of hearts (9♥)."
    assert expl.why[0].idea == "solitaire.top-falls"
    assert "let it fall on your weakest card, and keep your trump." in expl.why[0].text
    assert holds("solitaire.top-falls", hint, view, "QH")  # any side card loses to Q♣ …
    assert not holds("solitaire.top-falls", hint, view, "9C")  # … a trump lead is another idea
    _, hint, view = hinted(0, "name clubs")
    assert not holds("solitaire.top-falls", hint, view, "9D")  # no known card on top


def test_keep_a_sure_winner_for_later() -> None:
    # hearts trump; hand Q♠ J♥ 10♣: the right bower wins whenever led; 10♣ wins 1 time in 9 now
    expl, hint, view = hinted(3, "name hearts", "play 9D", "play KH")
    assert expl.move == "Lead the ten of clubs (10♣)."
    assert expl.why[0].idea == "solitaire.keep-winner"
    assert expl.why[0].text.startswith("The right bower (J♥) wins whenever you lead it, so it can wait")
    j = hint.option(Play(Card.parse("JH")))
    assert j is not None and j.utility < hint.best.utility  # leading the bower now is worse
    assert not holds("solitaire.keep-winner", hint, view, "JH")  # the winner itself


def test_the_likeliest_winner_and_what_beats_it() -> None:
    # spades trump; hand K♥ 10♣. K♥ led is beaten by A♥ or a trump (J♣ 9♠ J♠ K♠ A♠): wins 1 in 4;
    # 10♣ is beaten by J♣ Q♣ K♣ and those trumps: wins 1 in 8
    expl, hint, view = hinted(3, "name spades", "play 9D", "play QS", "play JH")
    pos = position_of(hint, view)
    assert pos.burn(Card.parse("KH")).p_win_trick == Fraction(1, 4)
    assert pos.burn(Card.parse("TC")).p_win_trick == Fraction(1, 8)
    assert expl.why[0].text == (
        "K♥ is your likeliest winner: only a trump or a higher heart (the ace) can beat it."
    )
    assert not holds("solitaire.likeliest", hint, view, "TC")


def test_three_tricks_out_of_reach_whatever_you_play() -> None:
    # hearts named with J♥ A♥ and three low side cards: every lead scores −2 for the deck
    expl, hint, view = hinted(0, "name hearts")
    assert all(o.ev == -2 and o.p3 == 0 for o in hint.options)
    assert expl.move == "Every card you may lead is equally good here."
    assert expl.why[0].text == "Three tricks are out of reach whatever you play: the deck scores 2 this deal."
    _, hint, view = hinted(0, "name clubs")  # a choice that matters: not settled
    assert not CATALOGUE["solitaire.settled"].holds(position_of(hint, view))


def test_the_order_of_the_last_two_cards() -> None:
    # hearts trump; hand J♥ A♦: the right bower wins whenever played
    expl, hint, view = hinted(4, "name hearts", "play KD", "play JS", "play AS")
    assert expl.why[0].idea == "solitaire.order-free"
    assert "The right bower (J♥) is the highest trump left" in expl.why[0].text
    _, hint, view = hinted(3, "name spades", "play 9D", "play QS", "play JH")  # K♥ 10♣: no sure winner
    assert not CATALOGUE["solitaire.order-free"].holds(position_of(hint, view))


def test_tied_cards_are_equals() -> None:
    # clubs named: 10♦ and 9♦ tie; no unseen diamond ranks between a nine and a ten
    expl, hint, view = hinted(0, "name clubs")
    assert expl.move == "Lead the ten of diamonds (10♦) or the nine of diamonds (9♦): they are equally good."
    assert expl.why[0].idea == "solitaire.tie-equals"
    # hearts named: J♥ and 9♣ tie with the rest, but they are two suits
    _, hint, view = hinted(0, "name hearts")
    assert not CATALOGUE["solitaire.tie-equals"].holds(position_of(hint, view))


def test_tied_cards_each_win_or_none_can() -> None:
    # diamonds trump; the deck led K♣; the hand A♥ 10♦ 9♦ holds no club: each trump takes it
    expl, _, _ = hinted(0, "order up", "play JH", "play 9C")
    assert expl.why[0].text == "Both beat the deck's king of clubs (K♣): each takes this trick."
    # diamonds trump; the deck led 10♦; J♣ and 10♣ cannot follow or trump
    expl, hint, view = hinted(17, "order up", "play 9H")
    assert expl.why[0].idea == "solitaire.tie-none-wins"
    assert expl.why[0].text.startswith("Neither can beat the deck's ten of diamonds (10♦)")
    assert not holds("solitaire.tie-each-wins", hint, view, "JC")


def test_a_reason_beside_tied_cards_holds_for_each() -> None:
    """A tie of a card that beats the known top and one that does not: neither top idea is said."""
    _, hint, view = hinted(0, "order up")
    pos = position_of(hint, view)
    mixed = Position(view, hint, (0, 0), Play(Card.parse("9C")))
    assert CATALOGUE["solitaire.beat-top"].holds(pos) and not CATALOGUE["solitaire.beat-top"].holds(mixed)
    assert len(named_positions(pos)) == 1  # no tie here: the best card alone


def test_lose_a_loser_and_keep_your_likelier_winners() -> None:
    # spades trump; hand A♣ 9♥ A♥; five trumps unseen (J♠ J♣ K♠ 10♠ 9♠), no club above the ace:
    # A♣ wins 2 in 7, A♥ 3 in 8 (stopped by 10♥ J♥ K♥ or a trump), 9♥ never (every stopper beats it)
    expl, hint, view = hinted(14, "name spades", "play 9C", "play AS")
    pos = position_of(hint, view)
    wins = {c: pos.burn(Card.parse(c)).p_win_trick for c in ("9H", "AC", "AH")}
    assert wins == {"9H": 0, "AC": Fraction(2, 7), "AH": Fraction(3, 8)}
    assert expl.move == "Lead the nine of hearts (9♥)."
    assert expl.why[0].text == (
        "9♥ is your card least likely to win a trick: lose it now and keep the ace of clubs (A♣) and the ace "
        "of hearts (A♥) for later."
    )
    assert not holds("solitaire.lose-loser", hint, view, "AC")
    # the likeliest winner is another idea: K♥ (1 in 4) above 10♣ (1 in 8)
    _, hint, view = hinted(3, "name spades", "play 9D", "play QS", "play JH")
    assert not CATALOGUE["solitaire.lose-loser"].holds(position_of(hint, view))
