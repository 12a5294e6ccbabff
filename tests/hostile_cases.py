"""The hostile-input cases of issue 21, shared by ``tests/test_hostile.py`` and ``benchmarks/hostile_inputs.py``.

Each :class:`Case` feeds one hostile (or borderline but valid) input to one
entry point, as a new user would: the command line (in-process), batch lines,
save files, the widgets' seed and Load boxes. Its check returns None when the
input got a clear one-line error (or a correct answer) and nothing was lost,
else a line saying what went wrong. The benchmark counts them; the tests
assert each one.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from euchre_tutor.cli import main
from euchre_tutor.errors import SaveFileError
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.solitaire.engine.engine import OrderUp
from euchre_tutor.games.solitaire.engine.game import SolitaireGame
from euchre_tutor.jsonio import MAX_ERROR, MAX_INPUT_BYTES, MAX_LINE_BYTES
from euchre_tutor.tricks.history import MAX_SAVE_ACTIONS

DEAL = "9H 9C KC JC 9S JD AS KS QS TS 9D TD QD KD AD TC QC AC TH JH QH KH AH JS"
HANDS = {
    "N": ["9S", "TS", "QS", "KS", "AS"],
    "E": ["9H", "TH", "QH", "KH", "JD"],
    "S": ["9D", "TD", "QD", "KD", "AD"],
    "W": ["9C", "TC", "QC", "KC", "AC"],
}
HAND = {"rules": "standard", "dealer": "N", "hands": HANDS, "up": "AH", "actions": ["pass"]}
POSITION = {"rules": "standard", "dealer": "N", "seat": "E", "hand": HANDS["E"], "up": "AH", "actions": []}
SOLITAIRE_LINE = {"deal": DEAL, "trump": "C", "plays": "JC 9H"}


@dataclass(frozen=True)
class Case:
    """One hostile input: ``check()`` is None when it was handled well, else what went wrong."""

    group: str
    name: str
    check: Callable[[], str | None]

    @property
    def id(self) -> str:
        return f"{self.group}:{self.name}"


# ----------------------------------------------------------------- running the command in-process


def run_cli(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """``euchre-tutor argv`` in this process, stdin given as bytes; (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def _one_line_error(err: str, words: str) -> str | None:
    if err.count("\n") != 1 or not err.startswith("error: "):
        return f"not one error line: {err[:200]!r}"
    if len(err.rstrip("\n")) > MAX_ERROR:
        return f"the error line is {len(err)} characters long"
    if words.lower() not in err.lower():
        return f"{words!r} not in {err.strip()[:200]!r}"
    if "internal error" in err or "Traceback" in err:
        return f"a bug's line: {err.strip()[:200]!r}"
    return None


def refused(argv: list[str], words: str, stdin: bytes = b"") -> Callable[[], str | None]:
    """The command exits 2 with nothing on stdout and one error line that contains ``words``."""

    def check() -> str | None:
        code, out, err = run_cli(argv, stdin)
        if code != 2 or out:
            return f"status {code}, stdout {out[:100]!r}, stderr {err[:200]!r}"
        return _one_line_error(err, words)

    return check


def answered(argv: list[str], want: Callable[[str], bool], stdin: bytes = b"") -> Callable[[], str | None]:
    """The command exits 0, nothing on stderr, and ``want(stdout)`` holds."""

    def check() -> str | None:
        code, out, err = run_cli(argv, stdin)
        if code != 0 or err:
            return f"status {code}, stderr {err[:200]!r}"
        return None if want(out) else f"unexpected answer {out[:200]!r}"

    return check


def batch(argv: list[str], bad: bytes, words: str) -> Callable[[], str | None]:
    """A batch with the hostile line between two good ones: three answer lines, the middle an error."""

    def check() -> str | None:
        good = argv_good_line(argv)
        code, out, err = run_cli([*argv, "--batch", "-"], good + b"\n" + bad + b"\n" + good + b"\n")
        if code != 0 or err:
            return f"status {code}, stderr {err[:200]!r}"
        lines = out.splitlines()
        if len(lines) != 3 or not out.endswith("\n"):
            return f"{len(lines)} answer lines for 3 lines in"
        answers = [json.loads(line) for line in lines]
        if "error" in answers[0] or "error" in answers[2] or answers[0] != answers[2]:
            return f"the good lines around it were not answered alike: {lines[0][:100]!r}"
        problem = answers[1].get("error")
        if not isinstance(problem, str):
            return f"the hostile line was answered {lines[1][:200]!r}"
        if words.lower() not in problem.lower() or "internal error" in problem or len(problem) > MAX_ERROR:
            return f"{words!r} not in {problem[:200]!r}"
        return None

    return check


def argv_good_line(argv: list[str]) -> bytes:
    if argv[0] == "solitaire":
        return json.dumps(SOLITAIRE_LINE).encode()
    if argv[1] == "replay":
        return json.dumps(HAND).encode()
    return json.dumps(POSITION).encode()


# ----------------------------------------------------------------- saves


def solitaire_save() -> dict[str, Any]:
    """A saved Solitaire game with a redo tail (two decisions undone)."""
    game = SolitaireGame(seed=3)
    game.new_deal()
    game.choose(OrderUp())
    game.play(game.state.deal.legal_plays()[0])  # type: ignore[union-attr]
    game.undo()
    game.undo()
    return game.to_json()


def classic_save() -> dict[str, Any]:
    """A saved classic match with a redo tail."""
    game = ClassicGame(seed=3)
    for action in ("pass", "pass", "pass", "order"):
        game.apply(action)
    game.undo()
    game.undo()
    return game.to_json()


LOADERS: dict[str, Callable[[str], Any]] = {"solitaire": SolitaireGame.loads, "classic": ClassicGame.loads}
SAVES: dict[str, Callable[[], dict[str, Any]]] = {"solitaire": solitaire_save, "classic": classic_save}


def save_refused(game: str, text: Callable[[], str], words: str) -> Callable[[], str | None]:
    def check() -> str | None:
        try:
            LOADERS[game](text())
        except SaveFileError as error:
            message = str(error)
            if "\n" in message or len(message) > MAX_ERROR + 100 or words.lower() not in message.lower():
                return f"{words!r} not in {message[:200]!r}"
            return None
        except Exception as error:
            return f"{type(error).__name__}: {str(error)[:200]}"
        return "the hostile save was loaded"

    return check


def save_loads(game: str, text: Callable[[], str], same: bool = True) -> Callable[[], str | None]:
    """A valid (if odd) save loads, and saving it again gives back what was saved (nothing lost)."""

    def check() -> str | None:
        try:
            loaded = LOADERS[game](text())
        except Exception as error:
            return f"refused: {type(error).__name__}: {str(error)[:200]}"
        if same and loaded.to_json() != json.loads(text().lstrip("\ufeff")):
            return "saving the loaded game again gives another file: something was lost"
        return None

    return check


def mutated(game: str, **changes: Any) -> Callable[[], str]:
    def text() -> str:
        data = SAVES[game]()
        for key, value in changes.items():
            if value is _DROP:
                del data[key]
            else:
                data[key] = value
        return json.dumps(data)

    return text


_DROP = object()


def raw(text: str) -> Callable[[], str]:
    return lambda: text


def duplicated_key(game: str, key: str) -> Callable[[], str]:
    def text() -> str:
        body = json.dumps(SAVES[game]())
        return body[:-1] + f', "{key}": {json.dumps(SAVES[game]()[key])}}}'

    return text


# ----------------------------------------------------------------- widget boxes


class Apps:
    """One Solitaire and one classic app, made on first use and shared by the cases."""

    def __init__(self) -> None:
        self._solitaire: Any = None
        self._classic: Any = None

    @property
    def solitaire(self) -> Any:
        if self._solitaire is None:
            from euchre_tutor.widgets import SolitaireApp
            from tests.widgets.stub import StubSource

            self._solitaire = SolitaireApp(seed=3, source=StubSource(), runner="inline")
        return self._solitaire

    @property
    def classic(self) -> Any:
        if self._classic is None:
            from euchre_tutor.widgets import ClassicApp

            self._classic = ClassicApp(seed=7)
        return self._classic

    def close(self) -> None:
        for app in (self._solitaire, self._classic):
            if app is not None:
                app.close()
        self._solitaire = self._classic = None


APPS = Apps()


def _app(which: str) -> Any:
    return APPS.solitaire if which == "solitaire" else APPS.classic


def box_refused(which: str, box: str, button: str, value: str, words: str) -> Callable[[], str | None]:
    """Type ``value`` into a box and click: one error line, the game unchanged (its save text the same)."""

    def check() -> str | None:
        app = _app(which)
        before = app.controller.save_text()
        getattr(app, box).value = value
        try:
            getattr(app, button).click()
        except Exception as error:
            return f"the click raised {type(error).__name__}: {str(error)[:200]}"
        finally:
            getattr(app, box).value = ""
        c = app.controller
        if not c.message_is_error:
            return f"no error shown: {c.message[:200]!r}"
        if "\n" in c.message or len(c.message) > MAX_ERROR + 2 or words.lower() not in c.message.lower():
            return f"{words!r} not in {c.message[:200]!r}"
        if c.save_text() != before:
            return "the game changed"
        return None

    return check


def seed_round_trip(which: str, value: str) -> Callable[[], str | None]:
    """A seed the box accepts is saved, and the save loads again (the student's own save opens)."""

    def check() -> str | None:
        app = _app(which)
        app.seed.value = value
        try:
            app.new_match.click()
            saved = app.controller.save_text()
            if app.controller.message_is_error:
                return f"refused: {app.controller.message[:200]!r}"
            app.deal_text.value = saved
            app.load.click()
            if app.controller.message_is_error:
                return f"its own save was refused: {app.controller.message[:200]!r}"
            if app.controller.save_text() != saved:
                return "the loaded save differs from the one written"
        finally:
            app.seed.value = ""
            app.deal_text.value = ""
        return None

    return check


# ----------------------------------------------------------------- the cases


def _json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _solitaire_argv(*flags: str) -> list[str]:
    return ["solitaire", "replay", "--seed", "3", "--trump", "up", *flags]


def cli_cases() -> Iterator[Case]:
    twice = "given twice"
    for name, argv in {
        "trump-twice": ["solitaire", "replay", "--seed", "3", "--trump", "D", "--trump", "up"],
        "plays-twice": _solitaire_argv("--plays", "JH", "--plays", "AH"),
        "alone-twice": _solitaire_argv("--alone", "--alone"),
        "json-twice": _solitaire_argv("--json", "--json"),
        "name-turned-twice": _solitaire_argv("--name-turned", "--name-turned"),
        "deal-twice": ["solitaire", "replay", "--deal", DEAL, "--deal", DEAL, "--trump", "up"],
        "seed-twice": ["solitaire", "replay", "--seed", "3", "--seed", "3", "--trump", "up"],
        "analyze-mode-twice": ["solitaire", "analyze", "--seed", "3", "--mode", "game", "--mode", "points"],
        "analyze-score-twice": [
            "solitaire",
            "analyze",
            "--seed",
            "3",
            "--mode",
            "game",
            "--score",
            "1:1",
            "--score",
            "2:2",
        ],
        "analyze-jobs-twice": ["solitaire", "analyze", "--seed", "3", "--jobs", "1", "--jobs", "2"],
        "classic-input-twice": ["classic", "analyze", "-i", json.dumps(POSITION), "--input", "{}"],
        "classic-worlds-twice": [
            "classic",
            "analyze",
            "-i",
            json.dumps(POSITION),
            "--worlds",
            "20",
            "--worlds",
            "30",
        ],
        "classic-seed-twice": [
            "classic",
            "analyze",
            "-i",
            json.dumps(POSITION),
            "--seed",
            "1",
            "--seed",
            "2",
        ],
        "classic-mode-twice": ["classic", "analyze", "-i", "{}", "--mode", "game", "--mode", "points"],
        "classic-json-twice": ["classic", "analyze", "-i", json.dumps(POSITION), "--json", "--json"],
        "replay-input-twice": ["classic", "replay", "-i", json.dumps(HAND), "-i", json.dumps(HAND)],
        "rules-json-twice": ["classic", "rules", "--json", "--json"],
        "abbreviated-twice": _solitaire_argv("--pla", "JH", "--plays", "AH"),
    }.items():
        yield Case("cli", name, refused(argv, twice))
    seeds = {
        "negative": ("-3", "cannot be negative"),
        "superscript": ("\u00b3", "whole number"),
        "arabic-indic": ("\u0663", "whole number"),
        "fullwidth": ("\uff13", "whole number"),
        "underscore": ("1_000", "whole number"),
        "hex": ("0x10", "whole number"),
        "float": ("3.0", "whole number"),
        "exponent": ("1e3", "whole number"),
        "empty": ("", "whole number"),
        "101-digits": ("9" * 101, "at most 100 digits"),
        "5000-digits": ("9" * 5000, "at most 100 digits"),
        "unicode-minus": ("\u22123", "whole number"),
        "two-signs": ("+-3", "whole number"),
        "nul": ("3\x00", "whole number"),
    }
    for name, (seed, words) in seeds.items():
        yield Case("cli", f"solitaire-seed-{name}", refused([*_solitaire_argv(), "--seed", seed], words))
    for name in ("negative", "superscript", "101-digits", "5000-digits", "underscore"):
        seed, words = seeds[name]
        argv = ["classic", "analyze", "-i", json.dumps(POSITION), "--seed", seed]
        yield Case("cli", f"classic-seed-{name}", refused(argv, words))
    game = ["solitaire", "analyze", "--seed", "3", "--mode", "game", "--score"]
    for score, words in {
        "9:99": "reaches",
        "10:0": "reaches",
        "0:10": "reaches",
        "10:10": "reaches",
        "-1:3": "cannot be negative",
        "9": "not a score",
        "\u00b9:2": "not a score",
    }.items():
        yield Case("cli", f"solitaire-score-{score}", refused([*game[:-1], f"--score={score}"], words))
    for name, score in {
        "us-10-them-10": {"us": 10, "them": 10},
        "us-9-them-99": {"us": 9, "them": 99},
        "us-12": {"us": 12, "them": 0},
    }.items():
        position = json.dumps({**POSITION, "score": score})
        yield Case(
            "cli",
            f"classic-score-{name}",
            refused(["classic", "analyze", "-i", position], "reached the target"),
        )
    worlds = ["classic", "analyze", "-i", json.dumps(POSITION), "--worlds"]
    yield Case("cli", "classic-one-world", refused([*worlds, "1"], "at least 2, not 1: one sampled deal"))
    yield Case("cli", "classic-5001-worlds", refused([*worlds, "5001"], "between 1 and 5000"))
    for name, text in {
        "analyze-duplicate-seat": '{"seat": "E", "seat": "S"}',
        "analyze-duplicate-nested": json.dumps(POSITION)[:-1] + ', "rules": "standard"}',
    }.items():
        yield Case("cli", name, refused(["classic", "analyze", "-i", text], "given twice"))
    replay_dup = json.dumps(HAND)[:-1] + ', "up": "KS"}'
    yield Case("cli", "replay-duplicate-up", refused(["classic", "replay", "-i", replay_dup], "given twice"))
    big = b'{"x": "' + b"a" * (MAX_INPUT_BYTES + 10) + b'"}'
    yield Case("cli", "replay-stdin-over-cap", refused(["classic", "replay", "-i", "-"], "over 16 MB", big))
    yield Case("cli", "analyze-stdin-over-cap", refused(["classic", "analyze", "-i", "-"], "over 16 MB", big))
    yield Case(
        "cli", "analyze-missing-file", refused(["classic", "analyze", "-i", "/no/such/file"], "cannot read")
    )
    # correct answers at the edges
    yield Case("cli", "seed-0", answered(_solitaire_argv("--json"), _json))
    yield Case(
        "cli",
        "seed-100-digits",
        answered(["solitaire", "replay", "--seed", "9" * 100, "--trump", "up"], bool),
    )
    yield Case("cli", "seed-plus", answered(["solitaire", "replay", "--seed", "+7", "--trump", "up"], bool))
    yield Case("cli", "score-9-9", answered([*game, "9:9", "--json", "--jobs", "1"], _json))
    yield Case("cli", "classic-two-worlds", answered([*worlds, "2", "--json"], _json))
    near = json.dumps({**POSITION, "score": {"us": 9, "them": 9}})
    yield Case(
        "cli", "classic-score-9-9", answered(["classic", "analyze", "-i", near, "--worlds", "4"], bool)
    )
    yield Case(
        "cli",
        "replay-stdin-bom",
        answered(["classic", "replay", "-i", "-"], _json, b"\xef\xbb\xbf" + json.dumps(HAND).encode()),
    )


def batch_cases() -> Iterator[Case]:
    commands = {
        "solitaire-replay": ["solitaire", "replay"],
        "solitaire-analyze": ["solitaire", "analyze", "--jobs", "1"],
        "classic-replay": ["classic", "replay"],
        "classic-analyze": ["classic", "analyze", "--worlds", "4"],
    }
    for command, argv in commands.items():
        good = json.loads(argv_good_line(argv))
        body = json.dumps(good)
        lines = {
            "duplicate-key": (body[:-1] + ', "' + next(iter(good)) + '": 1}').encode(),
            "overlong": b'{"x": "' + b"a" * (MAX_LINE_BYTES + 5) + b'"}',
            "binary": b"\x89PNG\r\x1a\x00\xff",
            "deep": b"[" * 100_000,
            "huge-number": b'{"seed": ' + b"9" * 5000 + b"}",
            "nan": b'{"seed": NaN}',
            "not-object": b"[1, 2, 3]",
            "empty": b"",
            "truncated": body[: len(body) // 2].encode(),
        }
        words = {
            "duplicate-key": "given twice",
            "overlong": "over 1 MB",
            "binary": "not UTF-8",
            "deep": "nested",
            "huge-number": "digits",
            "nan": "NaN",
            "not-object": "",
            "empty": "",
            "truncated": "not valid JSON",
        }
        for name, line in lines.items():
            yield Case("batch", f"{command}-{name}", batch(argv, line, words[name]))
    yield Case(
        "batch",
        "solitaire-negative-seed",
        batch(["solitaire", "replay"], b'{"seed": -3, "trump": "up"}', "cannot be negative"),
    )
    yield Case(
        "batch",
        "solitaire-seed-true",
        batch(["solitaire", "replay"], b'{"seed": true, "trump": "up"}', "whole number"),
    )
    yield Case(
        "batch",
        "solitaire-score-past-target",
        batch(
            ["solitaire", "analyze", "--jobs", "1"],
            json.dumps({**SOLITAIRE_LINE, "mode": "game", "score": "9:99"}).encode(),
            "reaches",
        ),
    )
    yield Case(
        "batch",
        "classic-score-past-target",
        batch(
            ["classic", "analyze", "--worlds", "4"],
            json.dumps({**POSITION, "score": {"us": 10, "them": 3}}).encode(),
            "reached the target",
        ),
    )


def save_cases() -> Iterator[Case]:
    for game in ("solitaire", "classic"):
        for name, value, words in (
            ("version-true", True, "version true"),
            ("version-float", 1.0, "version 1.0"),
            ("version-text", "1", "version '1'"),
            ("version-2", 2, "version 2"),
            ("version-null", None, "version None"),
            ("format-other", "x", "'x'"),
        ):
            key = "format" if name.startswith("format") else "version"
            yield Case("save", f"{game}-{name}", save_refused(game, mutated(game, **{key: value}), words))
        for name, changes, words in (
            ("seed-true", {"seed": True}, "seed"),
            ("seed-101-digits", {"seed": int("9" * 101)}, "digits"),
            ("position-true", {"position": True}, "position"),
            ("position-negative", {"position": -1}, "position"),
            ("position-past-end", {"position": 99}, "position"),
            ("actions-over-cap", {"actions": ["pass"] * (MAX_SAVE_ACTIONS + 1)}, "at most 50,000"),
            ("actions-not-list", {"actions": "pass"}, "list"),
            ("extra-key", {"cheat": 1}, "cheat"),
            ("rules-missing", {"rules": _DROP}, "rules"),
        ):
            yield Case("save", f"{game}-{name}", save_refused(game, mutated(game, **changes), words))
        for key in ("seed", "actions", "format"):
            yield Case(
                "save",
                f"{game}-duplicate-{key}",
                save_refused(game, duplicated_key(game, key), "given twice"),
            )
        half = lambda game=game: json.dumps(SAVES[game]())[:150]  # noqa: E731 - a save cut off by a failed write
        yield Case("save", f"{game}-half-written", save_refused(game, half, "not valid JSON"))
        for name, text, words in (
            ("empty", "", "not valid JSON"),
            ("deep", "[" * 100_000, "nested"),
            ("nan", '{"format": NaN}', "NaN"),
            ("huge-number", '{"seed": ' + "9" * 5000 + "}", "digits"),
            ("list", "[]", "JSON object"),
            ("over-cap", '{"x": "' + "a" * (MAX_INPUT_BYTES + 1) + '"}', "over 16 MB"),
            ("lone-surrogate", '{"format": "\\udcff"}', "format"),
        ):
            if game == "classic" and name == "list":
                words = "JSON object"
            yield Case("save", f"{game}-{name}", save_refused(game, raw(text), words))
        yield Case(
            "save", f"{game}-redo-tail-kept", save_loads(game, lambda game=game: json.dumps(SAVES[game]()))
        )
        yield Case(
            "save",
            f"{game}-byte-order-mark",
            save_loads(game, lambda game=game: "\ufeff" + json.dumps(SAVES[game]())),
        )
    yield Case(
        "save",
        "solitaire-seed-negative",
        save_refused("solitaire", mutated("solitaire", seed=-3), "cannot be negative"),
    )
    yield Case(
        "save",
        "classic-dealer-contradicts-deal",
        save_refused("classic", _contradicting_dealer, "contradict"),
    )
    yield Case(
        "save",
        "classic-old-save-without-position",
        save_loads("classic", mutated("classic", position=_DROP), same=False),
    )
    yield Case("save", "classic-negative-seed-kept", save_loads("classic", mutated("classic", seed=-3)))


def _contradicting_dealer() -> str:
    game = ClassicGame.from_json(load_deal_json())
    data = game.to_json()
    data["dealer"] = "N" if data["deals"][0]["dealer"] != "N" else "E"
    return json.dumps(data)


def load_deal_json() -> dict[str, Any]:
    """A classic save with one explicit deal (dealt by East)."""
    from euchre_tutor.games.classic.engine.deal import Deal

    deal = Deal.from_seed(5, "E")
    return {**ClassicGame().to_json(), "dealer": "E", "deals": [deal.to_json()], "actions": [], "position": 0}


def box_cases() -> Iterator[Case]:
    seeds = {
        "negative": ("-3", "cannot be negative"),
        "superscript": ("\u00b3", "whole number"),
        "arabic-indic": ("\u0663", "whole number"),
        "circled": ("\u2460", "whole number"),
        "101-digits": ("9" * 101, "at most 100 digits"),
        "5000-digits": ("9" * 5000, "at most 100 digits"),
        "underscore": ("1_000", "whole number"),
        "float": ("3.5", "whole number"),
        "words": ("seven", "whole number"),
        "two-numbers": ("7 8", "whole number"),
        "unicode-minus": ("\u22123", "whole number"),
        "nul": ("\x00", "whole number"),
    }
    boxes = [
        ("solitaire", "new_match"),
        ("solitaire", "deal_seed"),
        ("classic", "new_match"),
    ]
    for which, button in boxes:
        for name, (value, words) in seeds.items():
            yield Case("box", f"{which}-{button}-{name}", box_refused(which, "seed", button, value, words))
    for which in ("solitaire", "classic"):
        yield Case("box", f"{which}-seed-100-digits-saves-and-loads", seed_round_trip(which, "9" * 100))
        loads = {
            "deep": ("[" * 100_000, "nested"),
            "huge-number": ('{"seed": ' + "9" * 5000 + "}", "digits"),
            "over-cap": ("x" * (MAX_INPUT_BYTES + 1), "over 16 MB"),
            "version-true": (json.dumps({**SAVES[which](), "version": True}), "version true"),
            "duplicate-key": (duplicated_key(which, "seed")(), "given twice"),
            "too-many-actions": (
                mutated(which, actions=["pass"] * (MAX_SAVE_ACTIONS + 1))(),
                "at most 50,000",
            ),
            "half-save": (json.dumps(SAVES[which]())[:150], "JSON"),
        }
        for name, (text, words) in loads.items():
            yield Case("box", f"{which}-load-{name}", box_refused(which, "deal_text", "load", text, words))


def all_cases() -> list[Case]:
    return [*cli_cases(), *batch_cases(), *save_cases(), *box_cases()]


def run_all(cases: list[Case]) -> list[tuple[Case, str]]:
    """Every case run; the ones not OK with what went wrong (an exception counts as not OK)."""
    bad = []
    for case in cases:
        try:
            problem = case.check()
        except Exception as error:  # a case that crashes is a case not handled
            problem = f"{type(error).__name__}: {str(error)[:200]}"
        if problem is not None:
            bad.append((case, problem))
    return bad


__all__ = ["APPS", "Case", "all_cases", "run_all", "run_cli"]
