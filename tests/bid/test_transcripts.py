"""Each Bid Euchre transcript shows what its scenario is about (tests/test_transcripts.py replays them)."""

from __future__ import annotations

import pytest

from tests.bid.transcripts import BID
from tests.transcripts import DIRECTORY


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("bid-common", "West bids 3 in spades."),
        ("bid-alone-no-trump", "Contract: no trump (high)"),
        ("bid-alone-no-trump", "(sits out)"),
        ("bid-call-2", "passes a card face down to South"),
        ("bid-kitty-joker", "Joker"),
        ("bid-kitty-joker", "takes the kitty card and will discard as many"),
        ("bid-auction-level", "names spades"),
        ("bid-double-deck", "of two equal cards the first played wins"),
    ],
)
def test_each_transcript_shows_what_its_scenario_is_about(name: str, words: str) -> None:
    assert name in BID
    assert words in (DIRECTORY / f"{name}.txt").read_text(encoding="utf-8")
