"""The shared reader of untrusted input: limits, messages, lines."""

from __future__ import annotations

import io
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.errors import EuchreError, JsonInputError
from euchre_tutor.jsonio import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_ERROR,
    decode_text,
    error_result,
    error_text,
    fail,
    load_json_text,
    read_lines,
    read_text,
    short,
    whole_number,
)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000, "nested 100000 levels deep"),
        ('{"a": ' * 5_000, "nested 5000 levels deep"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"nested {MAX_DEPTH + 1} levels"),
        ('{"rules": {"target": ' + "9" * 5000 + "}}", "a number of 5000 digits"),
        ('{"seed": -' + "1" * (MAX_DIGITS + 1) + "}", f"a number of {MAX_DIGITS + 1} digits"),
        ("[NaN]", "NaN is not a number JSON allows"),
        ('{"x": -Infinity}', "-Infinity is not a number"),
        ("[1e999]", "too large for a floating-point number"),
        ("{not json", "not valid JSON: Expecting property name"),
        ('"unterminated [[[[', "Unterminated string"),
        ("", "not valid JSON: Expecting value (line 1, column 1)"),
        (b"\x89PNG\r\n\x1a\n\x00", "not UTF-8 text (byte 0x89 at position 0)"),
    ],
)
def test_hostile_json_is_one_short_project_error(text: str | bytes, words: str) -> None:
    with pytest.raises(JsonInputError) as caught:
        load_json_text(text, "the input")
    message = str(caught.value)
    assert words in message and "\n" not in message and len(message) <= MAX_ERROR
    assert isinstance(caught.value, EuchreError) and isinstance(caught.value, ValueError)


def test_the_limits_are_inclusive_and_brackets_inside_strings_do_not_count() -> None:
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert load_json_text(deep) == json.loads(deep)
    assert load_json_text("[" + "9" * MAX_DIGITS + "]") == [int("9" * MAX_DIGITS)]
    brackets = json.dumps({"note": "[" * 1000 + '\\"{' * 500})
    assert load_json_text(brackets) == json.loads(brackets)
    assert load_json_text('\ufeff{"seed": 7}'.encode()) == {"seed": 7}  # a BOM from a Windows editor


@settings(deadline=None, max_examples=150)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(10**30), 10**30)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=20,
    )
)
def test_json_within_the_limits_reads_as_the_standard_library_does(value: object) -> None:
    text = json.dumps(value)
    assert load_json_text(text) == json.loads(text)
    assert load_json_text(text.encode()) == json.loads(text)


@settings(deadline=None, max_examples=300)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_input_parses_or_is_a_json_input_error(data: bytes | str) -> None:
    try:
        load_json_text(data)
    except JsonInputError as error:
        assert "\n" not in str(error) and len(str(error)) <= MAX_ERROR


def test_short_quotes_long_values_by_their_start_and_length() -> None:
    assert short("JH") == "'JH'"
    hand = ["9S"] * 1_000_000
    quoted = short(hand)
    assert quoted.startswith("['9S', '9S'") and f"({len(repr(hand))} characters)" in quoted
    assert len(quoted) < 100
    assert short(10**5000) == "a whole number of about 5001 digits"  # str() of it would raise


def test_error_text_is_one_line_of_bounded_length() -> None:
    assert error_text("a\n  b\tc") == "a b c"
    long = "x" * 3_000_000
    line = error_text(f"bad hand {long}")
    assert len(line) == MAX_ERROR and line.endswith(f"({len(long) + 9} characters)")
    assert error_result("oops") == {"error": "oops"}
    stream = io.StringIO()
    assert fail("line one\nline two " + long, stream) == 2
    printed = stream.getvalue()
    assert printed.startswith("error: line one line two x") and printed.count("\n") == 1
    assert len(printed.rstrip("\n")) <= MAX_ERROR


def test_decode_and_read_text_from_binary_and_text_streams() -> None:
    assert decode_text("déjà") == "déjà" and decode_text("déjà".encode()) == "déjà"
    binary = io.TextIOWrapper(io.BytesIO(b'{"a": 1}\xff'), encoding="utf-8")
    with pytest.raises(JsonInputError, match=r"the deal file is not UTF-8 text \(byte 0xff at position 8\)"):
        read_text(binary, "the deal file")
    assert read_text(io.StringIO("[1]")) == "[1]"


def test_read_lines_splits_at_newlines_only_and_keeps_bad_bytes_to_their_line() -> None:
    data = b'{"a": 1}\r\n\xff\xfe\n\n{"b": \x0c2}\x1c\nlast'
    lines = list(read_lines(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")))
    assert lines == [b'{"a": 1}', b"\xff\xfe", b"", b'{"b": \x0c2}\x1c', b"last"]
    assert list(read_lines(io.StringIO("one\ntwo\n"))) == ["one", "two"]
    with pytest.raises(JsonInputError, match="the line is not UTF-8"):
        load_json_text(lines[1], "the line")


@pytest.mark.parametrize(("text", "value"), [("7", 7), ("-12", -12), (" 2024 ", 2024), ("+3", 3)])
def test_whole_number_flags(text: str, value: int) -> None:
    assert whole_number(text) == value


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("x", "'x' is not a whole number"),
        ("1.5", "not a whole number"),
        ("٣", "not a whole number"),
        ("9" * 5000, f"at most {MAX_DIGITS} digits, not 5000"),
    ],
)
def test_whole_number_flags_refused(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        whole_number(text)


def test_floats_stay_finite() -> None:
    value = load_json_text("[1e308, -2.5]")
    assert isinstance(value, list) and all(math.isfinite(v) for v in value)


def test_error_text_escapes_lone_surrogates_so_the_line_prints_as_utf8() -> None:
    line = error_text("unknown option pre\udc93set " + "y" * 400)
    assert line.startswith("unknown option pre\\udc93set yyy") and len(line) == MAX_ERROR
    line.encode("utf-8")  # would raise for a lone surrogate


@settings(deadline=None, max_examples=120)
@given(
    st.lists(st.sampled_from(["list", "dict"]), min_size=0, max_size=80),
    st.text(alphabet='[]{}"\\x', max_size=12),
)
def test_the_depth_limit_counts_nesting_not_brackets_in_strings(shape: list[str], inside: str) -> None:
    value: object = inside
    for kind in reversed(shape):
        value = [value, "]"] if kind == "list" else {"{[": value}
    text = json.dumps(value)
    if len(shape) <= MAX_DEPTH:
        assert load_json_text(text) == value
    else:
        with pytest.raises(JsonInputError, match=f"nested {len(shape)} levels deep"):
            load_json_text(text)
