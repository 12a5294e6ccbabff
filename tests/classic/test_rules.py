"""The classic rules configuration: presets, validation, JSON."""

from __future__ import annotations

import pytest

from euchre_tutor.errors import RulesError
from euchre_tutor.games.classic.rules import OPTION_MEANINGS, PRESETS, ClassicRules, preset


@pytest.mark.parametrize(
    ("name", "field", "value"),
    [
        ("standard", "stick_the_dealer", False),
        ("standard", "alone_timing", "with-bid"),
        ("standard", "dealer_may_discard_up_card", True),
        ("standard", "target", 10),
        ("standard", "hands", None),
        ("openspiel", "stick_the_dealer", True),
        ("openspiel", "alone_timing", "after-discard"),
        ("openspiel", "dealer_may_discard_up_card", False),
        ("openspiel", "defend_alone", "never"),
        ("openspiel", "hands", 1),
        ("openspiel-lone-defender", "defend_alone", "any-bid"),
        ("openspiel-lone-defender", "lone_defender_euchre_points", 4),
        ("openspiel-lone-defender", "stick_the_dealer", True),
    ],
)
def test_presets(name: str, field: str, value: object) -> None:
    assert getattr(preset(name), field) == value


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"target": 0}, "between 1"),
        ({"target": True}, "whole number"),
        ({"target": "10"}, "whole number"),
        ({"hands": 0}, "between 1"),
        ({"stick_the_dealer": "yes"}, "true or false"),
        ({"alone_timing": "never"}, "alone_timing must be one of"),
        ({"defend_alone": "sometimes"}, "defend_alone must be one of"),
        ({"lone_defender_euchre_points": 1}, "between 2"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        ClassicRules(**options)  # type: ignore[arg-type]


def test_from_json_accepts_names_objects_and_overrides() -> None:
    assert ClassicRules.from_json("openspiel") is PRESETS["openspiel"]
    assert ClassicRules.from_json({"target": 5}).target == 5
    r = ClassicRules.from_json({"preset": "openspiel", "hands": 3})
    assert r.hands == 3 and r.stick_the_dealer
    assert ClassicRules.from_json(r.to_json()) == r


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("casual", "no classic rules preset 'casual'"),
        ({"tagret": 5}, "unknown classic rule option"),
        (7, "preset name"),
        ({"preset": 3}, "no classic rules preset"),
    ],
)
def test_from_json_errors_teach(data: object, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        ClassicRules.from_json(data)


def test_with_options_validates() -> None:
    assert ClassicRules().with_options(target=7).target == 7
    with pytest.raises(RulesError):
        ClassicRules().with_options(nonsense=1)


def test_every_option_has_a_meaning() -> None:
    for key, _value, meaning in ClassicRules().describe():
        assert meaning == OPTION_MEANINGS[key] and meaning
