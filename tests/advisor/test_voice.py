"""The tutor's words: cards and numbers in words, the depths, and the checker of what a student reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.advisor.voice import (
    LESSONS,
    Depth,
    Explanation,
    Namer,
    Said,
    capital,
    card_words,
    chance_words,
    forced_play_sentence,
    minus,
    points_words,
    signed_points,
    text_problems,
    trump_card_words,
)
from euchre_tutor.cards import Card, Suit, effective_suit, is_left_bower, is_right_bower

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "lessons"


@pytest.mark.parametrize(
    ("code", "words"),
    [("AH", "the ace of hearts (A♥)"), ("TS", "the ten of spades (10♠)"), ("JC", "the jack of clubs (J♣)")],
)
def test_card_words(code: str, words: str) -> None:
    assert card_words(Card.parse(code)) == words


def test_namer_says_a_card_in_words_once() -> None:
    n = Namer()
    assert (
        n.cards([Card.parse("AH"), Card.parse("KH")]) == "the ace of hearts (A♥) and the king of hearts (K♥)"
    )
    assert n.card(Card.parse("KH")) == "K♥"


@pytest.mark.parametrize(
    ("x", "words"),
    [
        (0.01, "almost nothing"),
        (0.05, "about a twentieth of a point"),
        (0.21, "about a fifth of a point"),
        (0.5, "about half a point"),
        (1.0, "about a point"),
        (1.2, "about a point"),
        (1.6, "about 1.5 points"),
        (3.9, "about 4 points"),
    ],
)
def test_points_words(x: float, words: str) -> None:
    assert points_words(x) == words
    assert points_words(-x) == words


@pytest.mark.parametrize(
    ("p", "words"),
    [
        (0.99, "almost always"),
        (0.01, "hardly ever"),
        (0.5, "about half the time"),
        (0.75, "about 3 times in 4"),
        (0.8, "about 4 times in 5"),
        (0.1, "about 1 time in 10"),
    ],
)
def test_chance_words(p: float, words: str) -> None:
    assert chance_words(p) == words


def test_one_minus_sign() -> None:
    assert signed_points(-0.64) == "−0.6 points"
    assert signed_points(0.66) == "+0.7 points"
    assert signed_points(1.0) == "+1.0 point"
    assert signed_points(0.01) == "0.0 points"
    assert minus("from -0.55 to -1 (x-ray)") == "from −0.55 to −1 (x-ray)"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("play AH is best", "code"),
        ("the stand is bid 1 D by East", "code"),
        ("call S alone", "code"),
        ("Lead 9S now", "code"),
        ("burns 0.9 cards [solitaire.burn]", "rule id"),
        ("P(march) is 0.2", "undefined symbol"),
        ("worth -0.3 points", "ASCII minus"),
        ("exactly −16075121357/10291881600", "long fraction"),
        ("Lead trump now. Lead trump now.", "repeated sentence"),
        ("+0.66 ± 0.08 points", "interval"),
        ("euchred in 17.5% of deals", "decimal percentage"),
        ("over 1000 deals that fit", "deal count"),
    ],
)
def test_text_problems_finds_each_kind(text: str, kind: str) -> None:
    assert any(p.startswith(kind) for p in text_problems(text)), text_problems(text)


def test_text_problems_accepts_a_players_words() -> None:
    text = (
        "Lead the ace of hearts (A♥). The right bower (J♠) is still out and would capture your left bower, "
        "so cash the ace while everyone still has hearts. Leading J♣ costs about a fifth of a point a hand."
    )
    assert text_problems(text) == []
    assert text_problems("+0.66 ± 0.08 points over 1,000 deals", Depth.FIGURES) == []


def test_explanation_depths_add_up() -> None:
    expl = Explanation(
        move="Lead the ace of hearts (A♥).",
        why=(
            Said("classic.cash-ace", "Cash the ace while everyone still has hearts.", "classic-play"),
            Said("classic.count-trumps", "Two trumps are still out."),
        ),
        reminder=Said("rule.left-bower", "the left bower counts as a trump.", "bowers"),
        alternatives=(Said("classic.cost", "Leading J♣ costs about a fifth of a point a hand."),),
        figures=("A♥ +0.66 ± 0.08 points",),
    )
    brief = expl.sentences(Depth.BRIEF)
    assert brief == [expl.move, expl.why[0].text, expl.reminder.text]  # type: ignore[union-attr]
    compare = expl.sentences(Depth.COMPARE)
    assert set(brief) < set(compare) and expl.alternatives[0].text in compare
    assert expl.figures[0] in expl.sentences(Depth.FIGURES) and expl.figures[0] not in compare
    assert expl.lesson(Depth.BRIEF) == LESSONS["classic-play"]
    with pytest.raises(ValueError, match="choose one of brief, compare, figures"):
        Depth.parse("expert")


def _headings(notebook: Path) -> set[str]:
    cells = json.loads(notebook.read_text())["cells"]
    out = set()
    for c in cells:
        if c["cell_type"] == "markdown":
            for line in "".join(c["source"]).splitlines():
                if line.startswith("#"):
                    out.add(line.lstrip("#").strip())
    return out


@pytest.mark.parametrize("key", sorted(LESSONS))
def test_every_lesson_link_names_a_real_section(key: str) -> None:
    lesson = LESSONS[key]
    assert lesson.section in _headings(NOTEBOOKS / lesson.notebook)


def test_false_sentences_rechecks_each_idea() -> None:
    from euchre_tutor.advisor.voice import Idea, false_sentences

    catalogue = {
        "x.even": Idea("x.even", "Even", lambda n: n % 2 == 0),
        "x.big": Idea("x.big", "Big", lambda n: n > 10),
    }
    said = [Said("x.even", "It is even."), Said("x.big", "It is big."), Said("x.other", "Other.")]
    bad = false_sentences(said, catalogue, 4)
    assert len(bad) == 2 and "does not hold" in bad[0] and "not in the catalogue" in bad[1]
    assert false_sentences(said[:2], catalogue, 12) == []


def test_grade_sentence_in_a_players_words() -> None:
    from euchre_tutor.advisor.voice import grade_sentence

    assert grade_sentence("Best", 0.0, "order up") == "the best choice."
    assert (
        grade_sentence("Best", 0.004, "order up", tie=True)
        == "as good as order up: the deals cannot tell them apart."
    )
    said = grade_sentence("Blunder", 2.5, "calling spades (♠)")
    assert said == "it costs about 2.5 points a hand against calling spades (♠)."
    assert text_problems(said) == []


_PACK = [Card.parse(f"{r}{s}") for r in "9TJQKA" for s in "CDHS"]


@settings(deadline=None, max_examples=300)
@given(
    hand=st.lists(st.sampled_from(_PACK), min_size=1, max_size=5, unique=True),
    trump=st.sampled_from(list(Suit)),
    led=st.one_of(st.none(), st.sampled_from(_PACK)),
)
def test_a_forced_card_is_explained_by_what_makes_it_forced(
    hand: list[Card], trump: Suit, led: Card | None
) -> None:
    """Whenever exactly one card may be played, the sentence says why, truly of that very card."""
    if led in hand:
        return
    follows = (
        [] if led is None else [c for c in hand if effective_suit(c, trump) is effective_suit(led, trump)]
    )
    if len(follows) != 1 and len(hand) != 1:
        return  # not forced by following or by a last card: nothing this sentence claims
    card = follows[0] if len(follows) == 1 else hand[0]
    text = forced_play_sentence(card, hand, trump, led)
    assert card_words(card) in text or capital(card_words(card)) in text
    assert ("left bower" in text) == (
        is_left_bower(card, trump) or (led is not None and is_left_bower(led, trump) and len(hand) > 1)
    )
    assert ("right bower" in text) == is_right_bower(card, trump)
    if len(hand) == 1:
        assert text.endswith("is your last card.")
    else:
        assert led is not None
        suit = effective_suit(led, trump)
        noun = "trump" if suit is trump else suit.plural[:-1]
        assert (
            text.endswith(f"is your only {noun}.")
            and f"follow {'trump' if suit is trump else suit.plural}" in text
        )


def test_a_bower_is_named_as_the_bower_it_is() -> None:
    assert trump_card_words(Card.parse("JD"), Suit.HEARTS) == "the jack of diamonds (J♦), the left bower"
    assert trump_card_words(Card.parse("JH"), Suit.HEARTS) == "the jack of hearts (J♥), the right bower"
    assert trump_card_words(Card.parse("JD"), Suit.CLUBS) == "the jack of diamonds (J♦)"
    assert trump_card_words(Card.parse("JD"), None) == "the jack of diamonds (J♦)"
