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
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterator
from itertools import accumulate
from typing import IO, Final

from euchre_tutor.errors import JsonInputError

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_ERROR",
    "decode_text",
    "error_result",
    "error_text",
    "fail",
    "load_json_text",
    "read_lines",
    "read_text",
    "short",
    "whole_number",
]

MAX_DEPTH: Final = 50  # a classic save file needs 4 levels; Python's own parser recurses past ~1000
MAX_DIGITS: Final = 100  # far above any seed or score, far below Python's int-string limit (4300)
MAX_ERROR: Final = 300  # characters in one error line, whatever the input
_QUOTE: Final = 60  # characters of a long value quoted in a message

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
    """UTF-8 text of ``data`` (a leading byte-order mark dropped), or a JsonInputError for binary data."""
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise JsonInputError(
            f"{what} is not UTF-8 text (byte 0x{data[error.start]:02x} at position {error.start}): "
            "give a text file of JSON"
        ) from None


def read_text(stream: IO[str] | IO[bytes], what: str = "the input") -> str:
    """The whole of a stream as text; a text stream with a binary buffer (stdin) is decoded here."""
    buffer = getattr(stream, "buffer", None)
    data = buffer.read() if buffer is not None else stream.read()
    return decode_text(data, what)


def read_lines(stream: IO[str] | IO[bytes]) -> Iterator[bytes | str]:
    """The lines of a stream, split at ``\\n`` only and without their line end, undecoded if binary.

    Each line is decoded on its own by :func:`load_json_text`, so one bad byte
    spoils one line of a batch, not the batch.
    """
    source = getattr(stream, "buffer", None) or stream
    for raw in source:
        if isinstance(raw, bytes):
            yield raw.rstrip(b"\r\n") if raw.endswith(b"\n") else raw
        else:
            yield raw.rstrip("\r\n") if raw.endswith("\n") else raw


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
        return json.loads(text, parse_int=_whole, parse_float=_finite, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise JsonInputError(
            f"{what} is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:  # cannot happen under MAX_DEPTH; kept so no input ever gives a traceback
        raise JsonInputError(f"{what} is nested too deeply") from None


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
