"""Reading untrusted input: bytes to text, JSON with limits, and short error lines.

Every command-line input and every save file goes through here, so hostile
input (binary files, ``[[[[...`` a hundred thousand deep, a 5,000-digit
number, ``NaN``) becomes one :class:`~euchre_tutor.errors.JsonInputError`
with a short message instead of a RecursionError or a 3 MB traceback line.

>>> load_json_text('{"seed": 7}')
{'seed': 7}
>>> load_json_text('[' * 100_000)
Traceback (most recent call last):
euchre_tutor.errors.JsonInputError: the input is nested 100000 levels deep; at most 50 levels are allowed
>>> short("JH " * 1000)
"'JH JH JH JH JH JH JH JH JH JH JH JH JH JH JH JH JH JH JH … (3002 characters)"

Every path in is capped the same way: one JSON input (``--input``, stdin, a
save file, a widget's box) at :data:`MAX_INPUT_BYTES`, one batch line at
:data:`MAX_LINE_BYTES` (a batch streams line by line; a "line" of :data:`MAX_SKIP_BYTES`
with no end, like ``/dev/zero``, ends it); a seed
through :func:`seed_number`; a key given twice in one object is refused.
:func:`answer_lines` is the one batch loop of every ``--batch`` command.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import accumulate
from typing import IO, Any, Final

from euchre_tutor.errors import EuchreError, JsonInputError

__all__ = [
    "INTERRUPTED",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_ERROR",
    "MAX_INPUT_BYTES",
    "MAX_LINE_BYTES",
    "MAX_SKIP_BYTES",
    "Overlong",
    "add_sampling_arguments",
    "answer_json_batch",
    "answer_json_command",
    "answer_lines",
    "capped_text",
    "decode_text",
    "error_result",
    "error_text",
    "fail",
    "load_json_text",
    "read_lines",
    "read_text",
    "seed_flag",
    "seed_number",
    "short",
    "whole_number",
]

MAX_DEPTH: Final = 50  # a classic save file needs 4 levels; Python's own parser recurses past ~1000
MAX_DIGITS: Final = 100  # far above any seed or score, far below Python's int-string limit (4300)
MAX_ERROR: Final = 300  # characters in one error line, whatever the input
_QUOTE: Final = 60  # characters of a long value quoted in a message
MAX_INPUT_BYTES: Final = 16 * 2**20  # one JSON input or save; a long saved match is a few hundred kB
MAX_LINE_BYTES: Final = 2**20  # one batch line; a position or a hand is under 2 kB
MAX_SKIP_BYTES: Final = 4 * 2**30  # an over-long line read past this far with no line end ends the batch
INTERRUPTED: Final = 130  # the exit status of a command stopped by Ctrl-C (128 + SIGINT)
_SKIP: Final = 2**16  # bytes read at a time while skipping the rest of an over-long line

# A JSON string (even an unterminated one, to the end of the text), and a bracket.
_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKETS: Final = bytes(b for b in range(256) if b not in b"[]{}")  # UTF-8 keeps ASCII bytes apart
_STEP: Final = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def short(value: object, limit: int = _QUOTE) -> str:
    """``repr(value)``, or its start and length when it is long (so a message stays a line)."""
    if isinstance(value, int) and value.bit_length() > 4 * MAX_DIGITS:  # str() of it may even raise
        return f"a whole number of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[: limit - 2].rstrip()} … ({len(text)} characters)"


def error_text(message: str, limit: int = MAX_ERROR) -> str:
    """One line of at most ``limit`` characters: whitespace runs collapsed, the tail cut with its length.

    A lone surrogate (from a bad byte in a command-line argument, or ``"\\udcff"``
    in JSON) is written as its escape, so the line can be printed as UTF-8.
    """
    line = " ".join(message.encode("utf-8", "backslashreplace").decode("utf-8").split())
    if len(line) <= limit:
        return line
    tail = f" … ({len(line)} characters)"
    return line[: limit - len(tail)] + tail


def error_result(message: str) -> dict[str, str]:
    """A batch mode answer to a bad line: ``{"error": ...}``, one short line."""
    return {"error": error_text(message)}


def fail(message: str, stream: IO[str] | None = None) -> int:
    """Print ``error: <message>`` as one short line on stderr and return exit status 2."""
    print(f"error: {error_text(message, MAX_ERROR - len('error: '))}", file=stream or sys.stderr)
    return 2


def decode_text(data: bytes | str, what: str = "the input") -> str:
    """UTF-8 text of ``data`` (a leading byte-order mark dropped, in text too), or a JsonInputError for binary."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise JsonInputError(
            f"{what} is not UTF-8 text (byte 0x{data[error.start]:02x} at position {error.start}): "
            "give a text file of JSON"
        ) from None


def capped_text(data: bytes | str, what: str = "the input", limit: int = MAX_INPUT_BYTES) -> str:
    """``data`` as text if it is at most ``limit`` bytes (characters for text), else a JsonInputError."""
    if len(data) > limit:
        raise JsonInputError(
            f"{what} is over {_size(limit)} ({_size(len(data))}): not a position, deal or save the tutor reads"
        )
    return decode_text(data, what)


def read_text(stream: IO[str] | IO[bytes], what: str = "the input", limit: int = MAX_INPUT_BYTES) -> str:
    """A stream as text, reading at most ``limit`` bytes (so ``/dev/zero`` is refused, not swallowed)."""
    buffer = getattr(stream, "buffer", None)
    data = buffer.read(limit + 1) if buffer is not None else stream.read(limit + 1)
    if len(data) > limit:
        raise JsonInputError(f"{what} is over {_size(limit)}: not a position, deal or save the tutor reads")
    return decode_text(data, what)


@dataclass(frozen=True, slots=True)
class Overlong:
    """A batch line longer than :data:`MAX_LINE_BYTES`, read past (not kept) to its end."""

    size: int


def read_lines(stream: IO[str] | IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes | str | Overlong]:
    """The lines of a stream, split at ``\\n`` only and without their line end, undecoded if binary.

    Each line is decoded on its own by :func:`load_json_text`, so one bad byte
    spoils one line of a batch, not the batch. A line over ``limit`` bytes is
    never held in memory: it comes as :class:`Overlong`.
    """
    source: Any = getattr(stream, "buffer", None) or stream
    while True:
        raw = source.readline(limit + 1)
        if not raw:
            return
        if len(raw) > limit and not _ends_line(raw):
            size = len(raw)
            while True:  # skip to the end of the line, a chunk at a time
                chunk = source.readline(_SKIP)
                size += len(chunk)
                if not chunk or _ends_line(chunk) or size > MAX_SKIP_BYTES:  # /dev/zero has no line end
                    break
            yield Overlong(size)
        elif isinstance(raw, bytes):
            yield raw.rstrip(b"\r\n") if raw.endswith(b"\n") else raw
        else:
            yield raw.rstrip("\r\n") if raw.endswith("\n") else raw


def _ends_line(raw: bytes | str) -> bool:
    return raw.endswith(b"\n") if isinstance(raw, bytes) else raw.endswith("\n")


def answer_lines(
    stream: IO[str] | IO[bytes],
    answer: Callable[[bytes | str], dict[str, Any]],
    *,
    ensure_ascii: bool = True,
    out: IO[str] | None = None,
    err: IO[str] | None = None,
) -> int:
    """The batch loop of every ``--batch`` command: one JSON answer line per input line, exit status back.

    A bad line (too long, not JSON, a bug) is answered ``{"error": ...}`` and
    the batch goes on. Ctrl-C stops it after the last whole answer line, with
    one line on stderr and status 130; a line over :data:`MAX_SKIP_BYTES`
    stops with an error line and status 2.
    """
    out = out or sys.stdout
    err = err or sys.stderr
    done = 0
    with _WholeLines() as lines:
        try:
            for line in read_lines(stream):
                if isinstance(line, Overlong) and line.size > MAX_SKIP_BYTES:
                    result = error_result(
                        f"line {done + 1} goes on for over {_size(MAX_SKIP_BYTES)} with no line end: "
                        "not a batch file of JSON lines; stopped"
                    )
                    lines.write(out, json.dumps(result, ensure_ascii=ensure_ascii) + "\n")
                    return fail(f"line {done + 1} has no end within {_size(MAX_SKIP_BYTES)}: stopped", err)
                lines.write(out, json.dumps(_answer(line, answer), ensure_ascii=ensure_ascii) + "\n")
                done += 1
                lines.deliver_held()
        except KeyboardInterrupt:
            err.write(f"interrupted: stopped after {done} whole answer line{'' if done == 1 else 's'}\n")
            err.flush()
            return INTERRUPTED
    return 0


def _answer(line: bytes | str | Overlong, answer: Callable[[bytes | str], dict[str, Any]]) -> dict[str, Any]:
    if isinstance(line, Overlong):
        return error_result(
            f"the line is over {_size(MAX_LINE_BYTES)} ({_size(line.size)}): a position or hand is a "
            "few kB; the batch goes on with the next line"
        )
    try:
        return answer(line)
    except EuchreError as error:
        return error_result(str(error))
    except (RecursionError, MemoryError) as error:
        return error_result(f"the line is too large or too deeply nested to handle ({type(error).__name__})")
    except Exception as error:  # a bug: reported on its line, and the batch goes on
        return error_result(
            f"internal error ({type(error).__name__}: {error}); please report it with the line"
        )


class _WholeLines:
    """Within it, Ctrl-C waits until the answer line being written is whole (and flushed).

    SIGINT raises KeyboardInterrupt as usual, except during a write: then it
    is held until :meth:`deliver_held`, called once the line is counted, so
    stdout never ends in half a line and the count on stderr is right.
    Outside the main thread (no signal handlers there) writes are plain.
    """

    def __init__(self) -> None:
        self._writing = False
        self._held = False
        self._before: Any = None

    def __enter__(self) -> _WholeLines:
        if threading.current_thread() is threading.main_thread():
            self._before = signal.signal(signal.SIGINT, self._on_sigint)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._before is not None:
            signal.signal(signal.SIGINT, self._before)

    def _on_sigint(self, signum: int, frame: object) -> None:
        if self._writing:
            self._held = True
        else:
            raise KeyboardInterrupt

    def write(self, out: IO[str], text: str) -> None:
        self._writing = True
        try:
            out.write(text)
            out.flush()
        finally:
            self._writing = False

    def deliver_held(self) -> None:
        if self._held:
            raise KeyboardInterrupt


def load_json_text(text: bytes | str, what: str = "the input") -> object:
    """Parse JSON from untrusted text, or raise a JsonInputError that says what is wrong, in one line.

    Limits: nesting at most :data:`MAX_DEPTH` deep, whole numbers of at most
    :data:`MAX_DIGITS` digits, no ``NaN``/``Infinity`` (nor numbers that
    overflow to them).
    """
    text = decode_text(text, what)
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise JsonInputError(f"{what} is nested {depth} levels deep; at most {MAX_DEPTH} levels are allowed")
    try:
        return json.loads(
            text, parse_int=_whole, parse_float=_finite, parse_constant=_constant, object_pairs_hook=_object
        )
    except json.JSONDecodeError as error:
        raise JsonInputError(
            f"{what} is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:  # cannot happen under MAX_DEPTH; kept so no input ever gives a traceback
        raise JsonInputError(f"{what} is nested too deeply") from None


def seed_number(text: object, what: str = "a seed") -> int:
    """A seed from a box, a flag or a JSON value: a whole number from 0, of at most :data:`MAX_DIGITS` digits.

    The one check of every seed, so a superscript digit, 5,000 digits or ``-3``
    (which would deal seed 3's cards again) get a teaching line, never
    ``int()``'s traceback, and every seed accepted can be saved and loaded.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
        if value.bit_length() > 4 * MAX_DIGITS or len(str(abs(value))) > MAX_DIGITS:
            raise JsonInputError(f"{what} has at most {MAX_DIGITS} digits, not {short(value)}")
    elif isinstance(text, str):
        digits = text.strip()
        number = digits[1:] if digits[:1] in ("+", "-") else digits
        if not number or not number.isascii() or not number.isdigit():
            raise JsonInputError(f"{what} is a whole number such as 7 or 2024, not {short(text.strip())}")
        if len(number) > MAX_DIGITS:
            raise JsonInputError(f"{what} has at most {MAX_DIGITS} digits, not {len(number)}")
        value = int(digits)
    else:
        raise JsonInputError(f"{what} is a whole number such as 7 or 2024, not {short(text)}")
    if value < 0:
        raise JsonInputError(
            f"{what} cannot be negative: {value} would deal the same cards as {-value}; give 0 or more"
        )
    return value


def seed_flag(text: str) -> int:
    """argparse ``type=`` for a seed (see :func:`seed_number`)."""
    try:
        return seed_number(text)
    except JsonInputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def answer_json_command(args: argparse.Namespace, answer: Callable[[object], dict[str, Any]]) -> int:
    """A ``replay``-like command (classic and Bid Euchre): ``args.batch`` lines or the one ``args.input``
    ('-': stdin) given to ``answer``, its JSON printed; a teaching error is the exit message."""
    if args.batch is not None:
        return answer_json_batch(args.batch, answer)
    try:
        text = read_text(sys.stdin, "the input") if args.input == "-" else args.input
        result = answer(load_json_text(text, "the input"))
    except EuchreError as exc:
        return fail(str(exc))
    print(json.dumps(result, ensure_ascii=False))
    return 0


def answer_json_batch(path: str, answer: Callable[[object], dict[str, Any]]) -> int:
    """A ``replay --batch`` run (classic and Bid Euchre): each line of ``path`` ('-': stdin) one JSON
    hand, given to ``answer``; an empty line is an error line, an unreadable file a failure."""

    def line_answer(line: bytes | str) -> dict[str, Any]:
        if not line.strip():
            return error_result("empty line: each line must be one JSON hand")
        return answer(load_json_text(line, "the line"))

    if path == "-":
        return answer_lines(sys.stdin, line_answer, ensure_ascii=False)
    try:
        stream = open(path, "rb")  # noqa: SIM115 - closed below; lines are decoded one by one
    except OSError as exc:
        return fail(f"cannot read the batch file {short(path)}: {exc.strerror or exc}")
    with stream:
        return answer_lines(stream, line_answer, ensure_ascii=False)


def add_sampling_arguments(
    parser: argparse.ArgumentParser, *, worlds: int, most: int, grows: str, note: str = ""
) -> None:
    """An advisor command's ``--worlds``, ``--max-worlds`` and ``--seed`` (classic and Bid Euchre):
    ``worlds`` and ``most`` are their defaults, ``grows`` says when more batches are sampled, ``note``
    ends the ``--max-worlds`` help."""
    parser.add_argument(
        "--worlds",
        type=int,
        default=worlds,
        metavar="N",
        help=f"sampled deals to start with (default {worlds})",
    )
    parser.add_argument(
        "--max-worlds",
        type=int,
        default=None,
        metavar="N",
        help=f"add batches of --worlds deals while {grows}, up to N deals (default {most}, or --worlds when "
        f"that is larger{note})",
    )
    parser.add_argument("--seed", type=seed_flag, default=0, help="the sampling seed (default 0)")


def whole_number(text: str) -> int:
    """A whole number from a command-line flag, at most :data:`MAX_DIGITS` digits (argparse ``type=``)."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not digits.isascii() or not digits.isdigit():
        raise ValueError(f"{short(text)} is not a whole number")
    if len(digits) > MAX_DIGITS:
        raise ValueError(f"a whole number has at most {MAX_DIGITS} digits, not {len(digits)}")
    return int(text)


def _depth(text: str) -> int:
    """The deepest bracket nesting outside strings (a bound at most MAX_DEPTH when brackets are few).

    Counted without recursion: strings are cut out, then a running sum over
    the brackets left.
    """
    brackets = text.count("[") + text.count("{")
    if brackets <= MAX_DEPTH:  # the usual case: no scan at all
        return brackets
    outside = _STRING.sub("", text).encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_STEP.__getitem__, outside)), default=0)


def _size(count: int) -> str:
    """A byte count in words: ``16 MB``, ``512 kB``."""
    if count >= 2**30:
        return f"{count / 2**30:.0f} GB"
    if count >= 2**20:
        return f"{count / 2**20:.0f} MB"
    return f"{count / 2**10:.0f} kB" if count >= 2**10 else f"{count} bytes"


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a key given twice is refused (Python would keep the last value silently)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise JsonInputError(f"the key {short(twice)} is given twice in one object: give each key once")
    return obj


def _whole(digits: str) -> int:
    if len(digits.removeprefix("-")) > MAX_DIGITS:
        raise JsonInputError(
            f"a number of {len(digits.removeprefix('-'))} digits ({digits[:12]}…); "
            f"whole numbers have at most {MAX_DIGITS} digits"
        )
    return int(digits)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonInputError(f"the number {short(text, 24)} is too large for a floating-point number")
    return value


def _constant(name: str) -> float:
    raise JsonInputError(f"{name} is not a number JSON allows: give a finite number")
