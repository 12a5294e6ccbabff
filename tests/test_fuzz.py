"""Hostile input never crashes a command or a save-file reader (issue 13).

A seeded generator makes random bytes, deep nesting, huge numbers, NaN and
Infinity, wrong types and mutated valid inputs (a card dropped, duplicated or
swapped, text cut short, a character flipped) and feeds them to every entry
point: ``euchre-tutor solitaire replay|analyze`` and ``classic
replay|rules|analyze`` (run in-process with stdin/stdout redirected, plus a
few real processes), the save-file readers and the widget controllers' Load. The checks: exit status
0 or 2, at most one stderr line of at most 300 characters, one JSON line out
per batch line in, a reader returns or raises the project's error, and a
refused Load changes nothing. ``EUCHRE_FUZZ_ROUNDS=N`` runs N times as many
cases (and ``EUCHRE_FUZZ_SEED`` another seed) for a longer hunt.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_tutor.cli import main
from euchre_tutor.errors import EuchreError, SaveFileError
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.engine.replay import replay_state
from euchre_tutor.games.solitaire.engine.cli import position_from_json
from euchre_tutor.games.solitaire.engine.engine import OrderUp
from euchre_tutor.games.solitaire.engine.game import SolitaireGame
from euchre_tutor.jsonio import MAX_ERROR, load_json_text
from euchre_tutor.tricks.history import parse_saved_json

ROUNDS = int(os.environ.get("EUCHRE_FUZZ_ROUNDS", "1"))
SEED = int(os.environ.get("EUCHRE_FUZZ_SEED", "13"))

DEAL = "9H 9C KC JC 9S JD AS KS QS TS 9D TD QD KD AD TC QC AC TH JH QH KH AH JS"
SOLITAIRE_LINES = [
    {"deal": DEAL, "trump": "C", "plays": "JC 9H KC 9C 9S"},
    {"deal": DEAL, "trump": "C", "plays": ["JC", "9H"], "alone": False},
    {"seed": 7, "trump": "up", "name_turned": True},
    {"deal": DEAL.split(), "trump": "S", "alone": True, "plays": "JC"},
]
HANDS = {
    "N": ["9S", "TS", "QS", "KS", "AS"],
    "E": ["9H", "TH", "QH", "KH", "JD"],
    "S": ["9D", "TD", "QD", "KD", "AD"],
    "W": ["9C", "TC", "QC", "KC", "AC"],
}
CLASSIC_HANDS = [
    {"rules": "standard", "dealer": "N", "hands": HANDS, "up": "AH", "actions": ["order", "discard 9S"]},
    {
        "rules": {"preset": "standard", "target": 5},
        "dealer": "W",
        "hands": HANDS,
        "up": "AH",
        "kitty": ["JH", "JC", "JS"],
        "actions": ["pass", "pass", "pass", "pass", "call S", "play 9C"],
    },
    {"dealer": "N", "hands": HANDS, "up": "AH"},
]
CARD = re.compile(r"\b(?:[9TJQKA][CDHS]|JK)\b")
WEIRD: list[object] = [
    None,
    True,
    False,
    0,
    -1,
    10**99,
    -(10**99),
    1.5,
    -0.0,
    1e308,
    "",
    "x",
    "JH",
    "ZZ",
    "up",
    "pass",
    "\u0000\ud7ff\U0010ffff",
    "\udcff",
    "J\ud800",
    [],
    {},
    [None],
    {"": None},
    ["JH"] * 300,
    "9S " * 20_000,
    {"nested": [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]},
]
GENERIC = [
    b"",
    b"\n",
    b"   ",
    b"null",
    b"true",
    b"0",
    b"[]",
    b"{}",
    b'"text"',
    b"NaN",
    b"[Infinity]",
    b'{"seed": -Infinity}',
    b"[1e999]",
    b"9" * 5000,
    b'{"seed": ' + b"9" * 5000 + b"}",
    b'{"rules": {"target": ' + b"9" * 5000 + b"}}",
    b"[" * 100_000,
    b'{"a":' * 30_000,
    b"[" * 51 + b"]" * 51,
    b'["' + b"[" * 10_000 + b'"]',
    b"\xff\xfe\x00\x00",
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    b"\xef\xbb\xbf{}",
    b'{"deal": "' + b"9S " * 1_000_000 + b'"}',
]


# ------------------------------------------------------------------- generator


def _paths(value: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))


def _replace(value: object, path: tuple[Any, ...], new: object) -> object:
    if not path:
        return new
    copy: Any = json.loads(json.dumps(value))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return copy


def _mutate_value(rng: random.Random, base: object) -> bytes:
    """The base object with one value replaced, one key dropped or one unknown key added."""
    kind = rng.randrange(4)
    if kind == 0 and isinstance(base, dict) and base:
        key = rng.choice(sorted(base))
        return json.dumps({k: v for k, v in base.items() if k != key}).encode()
    if kind == 1 and isinstance(base, dict):
        return json.dumps({**base, rng.choice(["colour", "Seed", "", "mode", "score"]): 1}).encode()
    path = rng.choice(list(_paths(base)))
    return json.dumps(_replace(base, path, rng.choice(WEIRD))).encode()


def _mutate_cards(rng: random.Random, text: str) -> bytes:
    """Drop, duplicate or swap a card (or replace one with the joker or a non-card)."""
    spans = [m.span() for m in CARD.finditer(text)]
    if len(spans) < 2:
        return text.encode()
    (a0, a1), (b0, b1) = sorted(rng.sample(spans, 2))
    first, second = text[a0:a1], text[b0:b1]
    kind = rng.randrange(4)
    if kind == 0:  # drop
        return (text[:a0] + text[a1:]).replace('""', '"9S"', 1).encode()
    if kind == 1:  # duplicate
        return (text[:b0] + first + text[b1:]).encode()
    if kind == 2:  # swap
        return (text[:a0] + second + text[a1:b0] + first + text[b1:]).encode()
    return (text[:a0] + rng.choice(["JK", "1C", "JX", "jh", "10H", "J♥"]) + text[a1:]).encode()


def _mutate_text(rng: random.Random, data: bytes) -> bytes:
    """Cut short, flip a character, or splice in random bytes."""
    if not data:
        return data
    i = rng.randrange(len(data))
    kind = rng.randrange(3)
    if kind == 0:
        return data[:i]
    if kind == 1:
        return data[:i] + bytes([rng.choice(b'[]{}",:0123456789.eE-+ntfux\\\x00\xff')]) + data[i + 1 :]
    return data[:i] + rng.randbytes(rng.randrange(1, 8)) + data[i:]


def hostile(rng: random.Random, bases: list[object], count: int) -> list[bytes]:
    """``count`` hostile inputs: the generic ones first, then mutations of the bases and random bytes."""
    out = list(GENERIC)
    while len(out) < count:
        base = rng.choice(bases)
        text = base if isinstance(base, str) else json.dumps(base)
        kind = rng.randrange(6)
        if kind == 0:
            out.append(rng.randbytes(rng.randrange(0, 120)))
        elif kind == 1:
            out.append(_mutate_value(rng, base))
        elif kind == 2:
            out.append(_mutate_cards(rng, text))
        elif kind == 3:
            out.append(_mutate_text(rng, text.encode()))
        elif kind == 4:
            out.append(_mutate_text(rng, _mutate_cards(rng, text)))
        else:
            out.append(text.encode())  # valid inputs keep the success path honest
    return out[:count] if count >= len(GENERIC) else rng.sample(out, count)


# --------------------------------------------------------------------- running


def run_cli(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """``euchre-tutor argv`` in-process, with streams like a real process's.

    stdin is a text stream over bytes (as ``sys.stdin`` is), stdout encodes
    strictly to UTF-8 (a lone surrogate in the output would fail, as it does
    for real) and stderr escapes what it cannot encode (Python's default).
    """
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", newline="\n")
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = old_stdin
    out.flush()
    err.flush()
    return code, out.buffer.getvalue().decode(), err.buffer.getvalue().decode()  # type: ignore[attr-defined]


def check_answer(argv: list[str], code: int, out: str, err: str) -> None:
    where = f"{argv[:4]}"
    assert code in (0, 2), (where, code, err[:500])
    assert err.count("\n") <= 1 and len(err.rstrip("\n")) <= MAX_ERROR, (where, err[:500])
    assert "internal error" not in err and "Traceback" not in err, (where, err)
    if code == 2:
        assert err.startswith("error: ") and err.endswith("\n"), (where, err)


def line_count(data: bytes) -> int:
    if not data:
        return 0
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


def check_batch(argv: list[str], data: bytes, code: int, out: str, err: str) -> None:
    check_answer(argv, code, out, err)
    assert code == 0 and err == "", (argv, err)
    lines = out.splitlines()
    assert len(lines) == line_count(data), (argv, len(lines), line_count(data))
    for line in lines:
        answer = json.loads(line)
        assert isinstance(answer, dict)
        if "error" in answer:
            assert set(answer) == {"error"} and isinstance(answer["error"], str)
            assert len(answer["error"]) <= MAX_ERROR and "\n" not in answer["error"], answer
            assert "internal error" not in answer["error"], answer


def batches(rng: random.Random, inputs: list[bytes], size: int) -> Iterator[bytes]:
    """The inputs joined into batch files of about ``size`` lines (lines with a newline become several)."""
    for start in range(0, len(inputs), size):
        chunk = inputs[start : start + size]
        yield b"\n".join(chunk) + rng.choice([b"", b"\n", b"\r\n"])


def as_argv(data: bytes) -> str:
    """Command-line text as the OS would give it (no NUL; bad bytes as surrogates)."""
    return data.replace(b"\x00", b"").decode("utf-8", "surrogateescape")


# ----------------------------------------------------------------------- tests


def test_classic_replay_input_and_batch_answer_everything() -> None:
    rng = random.Random(SEED)
    inputs = hostile(rng, list(CLASSIC_HANDS), 90 * ROUNDS)
    for data in inputs:
        argv = ["classic", "replay", "--input", as_argv(data)]
        check_answer(argv, *run_cli(argv))
        argv = ["classic", "replay", "--input", "-"]
        code, out, err = run_cli(argv, data)
        check_answer(argv, code, out, err)
        if code == 0:
            assert isinstance(json.loads(out), dict) and err == ""
    for data in batches(rng, inputs, 15):
        argv = ["classic", "replay", "--batch", "-"]
        check_batch(argv, data, *run_cli(argv, data))


def test_batch_files_from_disk_answer_every_line(tmp_path: Path) -> None:
    rng = random.Random(SEED + 1)
    inputs = hostile(rng, list(SOLITAIRE_LINES) + list(CLASSIC_HANDS), 60 * ROUNDS)
    path = tmp_path / "batch.jsonl"
    for data in batches(rng, inputs, 12):
        path.write_bytes(data)
        for argv in (
            ["classic", "replay", "--batch", str(path)],
            ["solitaire", "replay", "--batch", str(path)],
        ):
            check_batch(argv, data, *run_cli(argv))
    for argv in (
        ["classic", "replay", "--batch", str(tmp_path)],
        ["solitaire", "replay", "--batch", "/nope"],
    ):
        code, out, err = run_cli(argv)
        check_answer(argv, code, out, err)
        assert code == 2 and out == "" and "cannot read the batch file" in err


def test_solitaire_replay_batch_answers_every_line() -> None:
    rng = random.Random(SEED + 2)
    inputs = hostile(rng, list(SOLITAIRE_LINES), 120 * ROUNDS)
    for data in batches(rng, inputs, 20):
        argv = ["solitaire", "replay", "--batch", "-"]
        check_batch(argv, data, *run_cli(argv, data))


def test_solitaire_analyze_batch_answers_every_line() -> None:
    """Every line names its trump (a trump decision takes seconds to solve exactly, a card decision not)."""
    rng = random.Random(SEED + 3)
    bases: list[object] = [{**line, "mode": "game", "score": "7:9"} for line in SOLITAIRE_LINES[:2]]
    bases += SOLITAIRE_LINES
    inputs = [
        d
        for d in hostile(rng, bases, 60 * ROUNDS)
        if b'"trump": "' in d or (b'"seed": 7' not in d and DEAL.encode() not in d)
    ]
    for data in batches(rng, inputs, 20):
        argv = ["solitaire", "analyze", "--batch", "-", "--jobs", "1"]
        check_batch(argv, data, *run_cli(argv, data))


CLASSIC_POSITIONS: list[object] = [
    {
        "dealer": "E",
        "seat": "S",
        "hand": ["JH", "JD", "AH", "KS", "9C"],
        "up": "9D",
        "actions": ["S: pass", "W: pass", "N: pass", "E: pass", "S: call H"],
    },
    {
        "rules": "standard",
        "dealer": "N",
        "seat": "E",
        "hand": ["QD", "9S", "KH", "JH", "JD"],
        "up": "AD",
        "score": {"us": 8, "them": 9},
    },
]


def test_classic_analyze_input_and_batch_answer_everything(tmp_path: Path) -> None:
    """Few sampled worlds: the checks are about reading the input, not the advice."""
    rng = random.Random(SEED + 9)
    inputs = hostile(rng, CLASSIC_POSITIONS, 50 * ROUNDS)
    path = tmp_path / "position.json"
    for data in inputs[: 25 * ROUNDS]:
        path.write_bytes(data)
        for argv, stdin in (
            (["classic", "analyze", "--worlds", "4", "--input", as_argv(data)], b""),
            (["classic", "analyze", "--worlds", "4", "--input", "-"], data),
            (["classic", "analyze", "--worlds", "4", "--json", "--input", str(path)], b""),
        ):
            check_answer(argv, *run_cli(argv, stdin))
    for data in batches(rng, inputs, 25):
        argv = ["classic", "analyze", "--worlds", "4", "--batch", "-"]
        check_batch(argv, data, *run_cli(argv, data))
    flags = {
        "--worlds": ["3", "0", "-1", "x", "9" * 5000, "1e3"],
        "--seed": ["7", "-7", "x", "9" * 5000],
        "--mode": ["points", "game", "chess"],
    }
    position = json.dumps(CLASSIC_POSITIONS[1]).encode()
    for _ in range(40 * ROUNDS):
        argv = ["classic", "analyze", "--worlds", "3"]
        for name in rng.sample(sorted(flags), rng.randrange(0, 4)):
            argv += [name, rng.choice(flags[name])]
        argv += rng.choice([["--input", "-"], ["--batch", "-"], ["--json", "--input", "-"], ["--json"]])
        check_answer(argv, *run_cli(argv, position))


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["JH", "up", "C", "pass", "play 9S", "N", "standard", DEAL, "9S JK"])
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["deal", "seed", "trump", "alone", "plays", "name_turned", "rules", "dealer"])
            | st.sampled_from(["hands", "up", "kitty", "actions", "preset", "target", "N", "E", "S", "W"])
            | st.text(max_size=8),
            inner,
            max_size=6,
        )
    ),
    max_leaves=25,
)


@settings(deadline=None, max_examples=60 * ROUNDS, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(JSON_VALUES, min_size=1, max_size=6))
def test_batch_lines_of_any_json_shape_are_answered_one_for_one(values: list[object]) -> None:
    """Wrong types anywhere (hypothesis draws JSON of any shape with the keys the readers look for)."""
    data = "\n".join(json.dumps(v) for v in values).encode() + b"\n"
    for argv in (["solitaire", "replay", "--batch", "-"], ["classic", "replay", "--batch", "-"]):
        check_batch(argv, data, *run_cli(argv, data))


FLAG_VALUES = {
    "--deal": [DEAL, DEAL.replace("JS", "JK"), DEAL.rsplit(" ", 1)[0], DEAL + " 9S", "", "9S " * 50_000],
    "--seed": ["7", "-3", "x", "9" * 5000, "1e9", "0x10", ""],
    "--trump": ["up", "C", "D", "H", "S", "Q", "", "upp"],
    "--plays": ["JC 9H KC 9C 9S", "JC JC", "AS", "JC 9H KC 9C 9S 9D", "??", "JH " * 10_000],
    "--mode": ["points", "game", "chess"],
    "--score": ["7:9", "0:0", "-1:2", "9" * 5000 + ":0", "7-9", "1:2:3", ""],
    "--jobs": ["1", "0", "-2", "x", "9" * 5000],
}
SWITCHES = ["--alone", "--name-turned", "--json"]


def _flags(rng: random.Random, names: list[str]) -> list[str]:
    argv: list[str] = []
    for name in rng.sample(names, rng.randrange(0, len(names) + 1)):
        if name in SWITCHES:
            argv.append(name)
        else:
            argv += [name, rng.choice(FLAG_VALUES[name])]
    return argv


def test_solitaire_flags_in_any_combination(tmp_path: Path) -> None:
    rng = random.Random(SEED + 4)
    game = tmp_path / "game.json"
    game.write_text(saved_solitaire_game(), encoding="utf-8")
    replay_names = ["--deal", "--seed", "--trump", "--plays", *SWITCHES]
    for _ in range(120 * ROUNDS):
        argv = ["solitaire", "replay", *_flags(rng, replay_names)]
        if rng.random() < 0.3:
            argv += ["--game", str(game)]
        elif rng.random() < 0.2:
            argv += ["--batch", "-"]
        check_answer(argv, *run_cli(argv, json.dumps(SOLITAIRE_LINES[0]).encode()))
    analyze_names = [*replay_names, "--mode", "--score", "--jobs"]
    for _ in range(60 * ROUNDS):
        argv = ["solitaire", "analyze", *_flags(rng, analyze_names)]
        if "--trump" not in argv or rng.random() < 0.2:  # no trump decisions: they take seconds each
            argv += ["--batch", "-"]
        check_answer(argv, *run_cli(argv, json.dumps(SOLITAIRE_LINES[0]).encode()))


def test_junk_command_lines_and_classic_rules() -> None:
    rng = random.Random(SEED + 5)
    words = [
        "classic",
        "solitaire",
        "replay",
        "analyze",
        "rules",
        "--json",
        "--input",
        "--batch",
        "-x",
        "",
        "é",
        "\udcff",
        "x" * 100_000,
        "--" + "y" * 50_000,
    ]
    for _ in range(80 * ROUNDS):
        argv = [rng.choice(words) for _ in range(rng.randrange(0, 5))]
        check_answer(argv, *run_cli(argv))
    for argv in (["classic", "rules"], ["classic", "rules", "--json"]):
        code, out, err = run_cli(argv)
        assert code == 0 and err == "" and out


# --------------------------------------------------------------------- readers


def saved_solitaire_game() -> str:
    game = SolitaireGame(seed=11)
    game.new_deal()
    game.choose(OrderUp())
    deal = game.state.deal
    assert deal is not None
    game.play(deal.legal_plays()[0])
    return game.dumps()


def saved_classic_game() -> str:
    game = ClassicGame(seed=5)
    for _ in range(12):
        game.apply(game.state.legal_actions()[-1])
    return game.dumps()


def reads_or_refuses(read: Callable[[], object], error: type[EuchreError] = EuchreError) -> object:
    """The reader's result, or None when it raised ``error`` (any other exception fails the test).

    The length of a reader's message is not checked here: the engine quotes
    what it was given, and the commands and widgets cut it to one short line.
    """
    try:
        return read()
    except error:
        return None


def test_save_file_readers_return_a_game_or_raise_save_file_error(tmp_path: Path) -> None:
    rng = random.Random(SEED + 6)
    solitaire, classic = saved_solitaire_game(), saved_classic_game()
    path = tmp_path / "saved.json"
    loaded: dict[type, int] = {SolitaireGame: 0, ClassicGame: 0}
    for data in hostile(rng, [json.loads(solitaire), json.loads(classic)], 200 * ROUNDS):
        text = data.decode("utf-8", "replace")
        path.write_bytes(data)
        for read in (
            lambda text=text: SolitaireGame.loads(text),
            lambda: SolitaireGame.load(path),
            lambda text=text: ClassicGame.loads(text),
            lambda: ClassicGame.load(path),
        ):
            game = reads_or_refuses(read, SaveFileError)
            if isinstance(game, SolitaireGame | ClassicGame):  # a valid game: it saves and loads back
                loaded[type(game)] += 1
                assert type(game).loads(game.dumps()).to_json() == game.to_json()
        reads_or_refuses(lambda data=data: parse_saved_json(data, "game"), SaveFileError)
    assert min(loaded.values()) > 0, loaded  # the valid saves among them load


def test_batch_line_readers_return_a_position_or_raise_the_projects_error() -> None:
    rng = random.Random(SEED + 7)
    for data in hostile(rng, list(SOLITAIRE_LINES) + list(CLASSIC_HANDS), 200 * ROUNDS):
        obj = reads_or_refuses(lambda data=data: load_json_text(data))
        if obj is None and data.strip() not in (b"null",):
            continue
        reads_or_refuses(lambda obj=obj: position_from_json(obj))
        reads_or_refuses(lambda obj=obj: replay_state(obj))


def test_widget_load_deal_changes_nothing_on_bad_input() -> None:
    from euchre_tutor.games.classic.session.controller import ClassicController
    from euchre_tutor.games.solitaire.session.controller import SolitaireController

    rng = random.Random(SEED + 8)
    solitaire = SolitaireController(seed=3)
    bases: list[object] = [DEAL, json.loads(saved_solitaire_game())]
    for data in hostile(rng, bases, 80 * ROUNDS):
        before = (solitaire.game, solitaire.game.position, solitaire.state)
        if not solitaire.load_deal(data.decode("utf-8", "replace")):
            assert (solitaire.game, solitaire.game.position, solitaire.state) == before
            assert solitaire.message_is_error and len(solitaire.message) <= MAX_ERROR + 2
    classic = ClassicController(seed=7)
    bases = [dict(h) for h in CLASSIC_HANDS[:1]] + [json.loads(saved_classic_game())]
    for data in hostile(rng, bases, 60 * ROUNDS):
        before = (classic.game, classic.game.position, classic.state, classic.rules)
        if not classic.load_deal(data.decode("utf-8", "replace")):
            assert (classic.game, classic.game.position, classic.state, classic.rules) == before
            assert classic.message_is_error and len(classic.message) <= MAX_ERROR + 2


# ---------------------------------------------------------- the real entry point


@pytest.mark.parametrize(
    ("argv", "stdin", "words"),
    [
        (["classic", "replay", "--input", "-"], b"[" * 100_000, "nested 100000 levels deep"),
        (
            ["classic", "replay", "--input", "-"],
            b'{"rules": {"target": ' + b"9" * 5000 + b"}}",
            "a number of 5000 digits",
        ),
        (["classic", "replay", "--input", "-"], b"\xff\xfe\x00binary", "not UTF-8 text"),
        (["solitaire", "replay", "--game", "-"], b"", "cannot read the saved game '-'"),
        (["solitaire", "replay", "--seed", "9" * 5000, "--trump", "C"], b"", "at most 100 digits"),
    ],
)
def test_the_real_command_exits_2_with_one_line(argv: list[str], stdin: bytes, words: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "euchre_tutor", *argv], input=stdin, capture_output=True, timeout=60
    )
    err = done.stderr.decode()
    assert done.returncode == 2 and done.stdout == b"", err
    assert err.count("\n") == 1 and len(err) <= MAX_ERROR + 1 and words in err, err


def test_the_real_command_answers_a_binary_batch_file_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "batch.bin"
    data = b"\x89PNG\x00\x00\xff\n" + b"[" * 60_000 + b'\n{"seed": 7, "trump": "C"}\n'
    path.write_bytes(data)
    done = subprocess.run(
        [sys.executable, "-m", "euchre_tutor", "solitaire", "analyze", "--batch", str(path), "--jobs", "1"],
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == b""
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [next(iter(a)) for a in answers] == ["error", "error", "mode"]
    assert "not UTF-8 text (byte 0x89" in answers[0]["error"]
    assert "nested 60000 levels deep" in answers[1]["error"]


def test_a_bug_is_still_one_line_and_a_batch_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last-resort net: an exception the checks did not foresee is named, in one line, as a bug."""

    def broken(data: object) -> dict[str, Any]:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("euchre_tutor.games.classic.engine.cli.replay", broken)
    code, out, err = run_cli(["classic", "replay", "--input", "{}"])
    assert (code, out) == (2, "")
    assert (
        err
        == "error: internal error (ZeroDivisionError: division by zero); please report it with the input\n"
    )
    code, out, err = run_cli(["classic", "replay", "--batch", "-"], b"{}\n[]\n")
    assert code == 0 and err == ""
    assert [json.loads(line) for line in out.splitlines()] == [
        {"error": "internal error (ZeroDivisionError: division by zero); please report it with the line"}
    ] * 2
