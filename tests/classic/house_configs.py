"""House-rule configurations shared by the property tests and ``benchmarks/invariants.py``.

One configuration per option value away from the standard rules, and some mixtures (four players);
each is the keyword arguments of :class:`~euchre_tutor.games.classic.rules.ClassicRules`. The property tests
and the million-hand invariants run add their own on top (three and six players, the presets).
"""

from __future__ import annotations

from typing import Any

HOUSE_CONFIGS: dict[str, dict[str, Any]] = {
    "deck-28": {"deck": 28},
    "deck-32": {"deck": 32},
    "joker": {"joker": True},
    "joker-blind": {"joker": True, "joker_up": "dealer-blind"},
    "stick": {"stick_the_dealer": True},
    "stick-up-suit": {"stick_the_dealer": True, "stuck_dealer_may_name_up_suit": True},
    "dealer-first": {"dealer_bids_first": True},
    "holding-trump": {"round_1_requirement": "holding-trump"},
    "natural-trump": {"round_1_requirement": "natural-trump"},
    "canadian": {"canadian_loner": True},
    "no-trump-high": {"no_trump": "high"},
    "no-trump-high-low": {"no_trump": "high-low"},
    "after-discard": {"alone_timing": "after-discard"},
    "no-up-discard": {"dealer_may_discard_up_card": False},
    "no-partner-exchange": {"dealer_exchanges_when_partner_alone": False},
    "call-for-best": {"call_for_best": True},
    "loner-left": {"alone_lead": "loner-left"},
    "alone-take-5": {"alone_must_take_5": True},
    "alone-worth-2": {"alone_march_points": 2},
    "take-4": {"take_4_for_1": True},
    "take-4-nothing": {"take_4_for_1": True, "take_4_three_tricks": "nothing"},
    "defenders-4": {"defender_march_points": 4},
    "misdeal-ace": {"misdeal": "ace-no-face"},
    "misdeal-no-ace": {"misdeal": "no-ace-no-face"},
    "misdeal-either": {"misdeal": "either"},
    "farmer": {"farmers_hand": True},
    "farmer-28": {"farmers_hand": True, "deck": 28},
    "farmer-32": {"farmers_hand": True, "deck": 32},
    "misdeal-aces": {"misdeal": "aces-no-face"},
    "misdeal-no-face": {"misdeal": "no-face"},
    "no-alone": {"no_alone": True},
    "stick-last-bidder": {"stick_the_dealer": True, "dealer_bids_first": True},
    "lead-not-first": {"trump_lead": "not-first-trick"},
    "lead-broken": {"trump_lead": "after-broken"},
    "mix-alone": {
        "call_for_best": True,
        "alone_lead": "loner-left",
        "defend_alone": "against-loner",
        "dealer_exchanges_when_partner_alone": False,
        "alone_must_take_5": True,
    },
    "mix-deal": {
        "deck": 32,
        "joker": True,
        "farmers_hand": True,
        "misdeal": "either",
        "trump_lead": "after-broken",
    },
    "mix-bid": {
        "no_trump": "high-low",
        "dealer_bids_first": True,
        "round_1_requirement": "holding-trump",
        "canadian_loner": True,
        "take_4_for_1": True,
    },
}
