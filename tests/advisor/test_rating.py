"""The rating: the error rate, the band nearest on the scale, the sentence, and the shipped bands."""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources

import pytest

from euchre_tutor.advisor.rating import (
    Band,
    band_of,
    error_rate,
    measured_bands,
    rating_sentence,
)
from euchre_tutor.games import classic
from euchre_tutor.rules.games import find_game

BANDS = (
    Band("Expert", 0.02, 0.005, 2000),
    Band("Beginner", 0.12, 0.02, 2000),
    Band("Club", 0.06, 0.01, 2000),
)


def test_error_rate_is_the_mean_loss() -> None:
    assert error_rate([0, 0, 0.3, Fraction(1, 10)]) == pytest.approx(0.1)
    assert error_rate([]) is None  # no rate, rather than a perfect one
    with pytest.raises(ValueError, match="never negative"):
        error_rate([0.1, -0.2])


@pytest.mark.parametrize(
    ("rate", "band", "sentence"),
    [
        (0.0, "Expert", "Your error rate 0: at or below Expert (0.02); band Expert."),
        (0.039, "Expert", "Your error rate 0.039: between Club (0.06) and Expert (0.02); band Expert."),
        (0.041, "Club", "Your error rate 0.041: between Club (0.06) and Expert (0.02); band Club."),
        (0.06, "Club", "Your error rate 0.06: between Beginner (0.12) and Club (0.06); band Club."),
        (0.095, "Beginner", "Your error rate 0.095: between Beginner (0.12) and Club (0.06); band Beginner."),
        (0.5, "Beginner", "Your error rate 0.5: at or above Beginner (0.12); band Beginner."),
    ],
)
def test_bands_and_sentences(rate: float, band: str, sentence: str) -> None:
    found = band_of(rate, BANDS)
    assert found is not None and found.name == band
    assert rating_sentence(rate, BANDS) == sentence


def test_without_bands_the_rate_stands_alone() -> None:
    assert measured_bands(None) == ()
    assert band_of(0.1, measured_bands(None)) is None
    assert rating_sentence(0.125, ()) == "Your error rate 0.125 (expected points lost per decision)."


def test_the_shipped_classic_bands_are_measured_and_ordered() -> None:
    data = json.loads(resources.files(classic.__name__).joinpath(classic.ERROR_BANDS).read_text())
    assert data["measured_by"] == "benchmarks/classic_error_rates.py"
    bands = measured_bands(classic.ERROR_BANDS, classic.__name__)
    assert find_game("classic").bands() == bands  # the game's hook gives them
    assert [b.name for b in bands] == ["Beginner", "Club", "Expert"]  # weakest first, as measured
    assert [b.error_rate for b in bands] == sorted((b.error_rate for b in bands), reverse=True)
    for b in bands:
        entry = data["levels"][b.name.lower()]
        assert (b.error_rate, b.decisions) == (entry["error_rate"], entry["decisions"])
        assert b.decisions == sum(entry["labels"].values()) and b.half_width > 0
