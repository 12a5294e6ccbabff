"""The table protocol's one schema: every message type, its fields and the refusal codes.

A client's message is checked once, on arrival, by :func:`read`: it is one JSON object of at most
:data:`MESSAGE_LIMIT` characters, with a known ``type`` (:class:`Kind`) whose fields
(:data:`REQUESTS`) have the stated types and ranges; a mistyped field is refused as ``malformed``
with a sentence naming it. What only the table can judge (whose turn it is, which seat is free,
whether the invite code is right) is the service's. The messages the service sends are stated in
:data:`SENT` (:func:`check_sent` checks one), the refusal codes in :data:`REFUSALS`;
``docs/table-protocol.md`` carries their tables as :func:`messages_table` and :func:`refusals_table`
write them.

Names, not literals: a message is built with :func:`message` and its type read with :func:`kind_of`.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Literal

__all__ = [
    "CHATS",
    "CHAT_LIMIT",
    "INVITE_ALPHABET",
    "INVITE_LENGTH",
    "MAX_WATCHERS",
    "MESSAGE_LIMIT",
    "NAME_LIMIT",
    "OPTIONS",
    "PRESET_PHRASES",
    "REFUSALS",
    "REQUESTS",
    "SENT",
    "TIME_LIMITS",
    "TYPE",
    "WATCHERS",
    "Code",
    "Field",
    "Kind",
    "Received",
    "Refusal",
    "Request",
    "Sent",
    "chat_text",
    "check_option",
    "check_sent",
    "kind_of",
    "message",
    "messages_table",
    "one_line",
    "read",
    "refusals_table",
]

#: the key of every message's type, of a client's reference and of a reply's copy of it
TYPE: Final = "type"
ID: Final = "id"
RE: Final = "re"

#: the largest message the service reads, in characters (a longer one is refused, unread)
MESSAGE_LIMIT: Final = 4096
#: the longest chat line, in characters, after control characters are dropped (longer: cut)
CHAT_LIMIT: Final = 200
#: the longest name, in characters, after control characters are dropped (longer: refused)
NAME_LIMIT: Final = 32
#: the longest ``id`` a client may give, in characters
ID_LIMIT: Final = 64
#: an invite code: this many characters of this alphabet (capitals and digits, no 0/O, 1/I/L)
INVITE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
INVITE_LENGTH: Final = 12
#: a table's options: the choices of ``watchers``, ``chat`` and ``time_limit``
WATCHERS: Final = ("none", "face-down", "face-up")
CHATS: Final = ("none", "preset", "text")
TIME_LIMITS: Final = (0, 7, 15, 30, 60)
MAX_WATCHERS: Final = 10
#: the phrases of a "preset" chat table, by number
PRESET_PHRASES: Final = (
    "Hello!",
    "Good luck!",
    "Nice play!",
    "Well played, partner.",
    "Oops.",
    "Thanks!",
    "One more hand?",
    "Good game!",
)


class Kind(StrEnum):
    """Every message type, the client's and the service's (some are both: ``view``, ``chat``)."""

    HELLO = "hello"
    CREATE = "create"
    LIST = "list"
    SIT = "sit"
    STAND = "stand"
    WATCH = "watch"
    LEAVE = "leave"
    START = "start"
    ACT = "act"
    VIEW = "view"
    CHAT = "chat"
    OVERVIEW = "overview"
    CLOSE = "close"
    MATCHES = "matches"
    SAVE = "save"
    WELCOME = "welcome"
    CREATED = "created"
    TABLES = "tables"
    SEATED = "seated"
    STOOD = "stood"
    WATCHING = "watching"
    LEFT = "left"
    STARTED = "started"
    ACCEPTED = "accepted"
    NOTE = "note"
    CLOSED = "closed"
    ERROR = "error"


class Code(StrEnum):
    """Every refusal's code (see :data:`REFUSALS`)."""

    AUTH = "auth"
    BAD_TOKEN = "bad_token"
    MALFORMED = "malformed"
    TOO_BIG = "too_big"
    FLOOD = "flood"
    UNKNOWN_TYPE = "unknown_type"
    NO_TABLE = "no_table"
    NO_SEAT = "no_seat"
    NOT_SEATED = "not_seated"
    WRONG_SEAT = "wrong_seat"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"
    STALE = "stale"
    BAD_VERSION = "bad_version"
    NOT_STARTED = "not_started"
    OVER = "over"
    SEAT_TAKEN = "seat_taken"
    BAD_CREDENTIAL = "bad_credential"
    BAD_INVITE = "bad_invite"
    NOT_ALLOWED = "not_allowed"
    FULL = "full"
    BAD_OPTION = "bad_option"
    TEACHER_ONLY = "teacher_only"


class Refusal(Exception):
    """A message the service refuses: ``code`` for programs, ``message`` for people, ``ref`` the
    refused message's ``id`` when it was read (its error carries it as ``re``)."""

    def __init__(self, code: Code | str, message: str, ref: int | str | None = None) -> None:
        super().__init__(message)
        self.code = Code(code)
        self.message = message
        self.ref = ref


#: each code: when it is sent, and an example of its words (the document's table)
REFUSALS: Final[Mapping[Code, tuple[str, str]]] = {
    Code.AUTH: ("anything before `hello`", "say hello first: ..."),
    Code.BAD_TOKEN: (
        "a wrong or missing token (the class's, or the teacher's); the connection is then closed",
        "wrong or missing token: ask the teacher for the class's token",
    ),
    Code.MALFORMED: (
        "not JSON, not an object, no `type`, a missing or mistyped field or one out of its range "
        "(the words name the field), an `id` that is no whole number or short text, text that is no action",
        "act: 'version' must be a whole number from 0 (the table's version you acted on), not \"0\"",
    ),
    Code.TOO_BIG: (
        f"a message over {MESSAGE_LIMIT} characters (a frame over 64 KiB closes the connection)",
        f"a message is at most {MESSAGE_LIMIT} characters; this one has 9000",
    ),
    Code.FLOOD: (
        "more than 10 messages a second after a burst of 20 (no `re`: the message is not read); "
        "after 100 refusals the connection is closed",
        "too many messages: at most 10 a second",
    ),
    Code.UNKNOWN_TYPE: (
        "a `type` (text) the service does not know",
        'unknown message type "deal": the types are ...',
    ),
    Code.NO_TABLE: (
        "an id that does not exist, or a table that has ended (its match over, or closed by the "
        "teacher; a restart does not reopen it)",
        "no table 'x1': list the tables to see their ids",
    ),
    Code.NO_SEAT: ("a seat the table does not have", "no seat 'Q': the seats are N, E, S, W"),
    Code.NOT_SEATED: (
        "acting, chatting, starting or viewing at a table you are not at",
        "you have no seat at this table",
    ),
    Code.WRONG_SEAT: (
        "acting for, or asking the view of, a seat not yours (the `seat` field of `act` and `view`)",
        "a seat sees only its own view",
    ),
    Code.NOT_YOUR_TURN: ("acting out of turn", "it is E's turn, not yours (S)"),
    Code.ILLEGAL: (
        "a well-formed action the rules forbid now",
        "play JH is not legal now; legal: pass, order, order alone",
    ),
    Code.STALE: (
        "an act on an older version than the table's",
        "the table has moved on (version 13): act on its latest view",
    ),
    Code.BAD_VERSION: (
        "an act on a version the table has not reached",
        "the table is at version 13; your version 20 is ahead of it: act on its latest view",
    ),
    Code.NOT_STARTED: ("acting before `start`", "the table has not started"),
    Code.OVER: ("acting after the match", "the match is over"),
    Code.SEAT_TAKEN: ("sitting in a held seat, or in a second seat", "N is taken by Ann"),
    Code.BAD_CREDENTIAL: (
        "a credential that is not the seat's",
        "that credential is not N's at this table",
    ),
    Code.BAD_INVITE: (
        "a private table without its code, or a wrong one",
        "this table is private: its invite code is needed, and that one is wrong",
    ),
    Code.NOT_ALLOWED: (
        "chat off or preset-only, watchers none, a seed, starting twice, watching where you sit",
        "this table has no chat",
    ),
    Code.FULL: (
        "no free seat, or ten watchers already",
        "every seat at this table is taken: watch it instead",
    ),
    Code.BAD_OPTION: (
        "an unknown game, option, level or rules",
        'level is one of beginner, club, expert, not "godlike"',
    ),
    Code.TEACHER_ONLY: (
        "a teacher's message from a student's connection",
        "only the teacher may close a table: the teacher says hello with the teacher's token",
    ),
}

FieldKind = Literal["text", "line", "whole", "bool", "choice", "rules", "object", "any"]


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a message: its JSON type (``kind``), whether it must be there, its range.

    ``text``: a string of at most ``longest`` characters; ``line``: text people read (tab and line
    breaks become spaces, other control characters are dropped, spaces trimmed; empty is refused,
    longer than ``longest`` is cut when ``cut`` else refused); ``whole``: an integer (not true/false)
    from ``low`` to ``high``; ``bool``; ``choice``: one of ``choices``; ``rules``: a preset's name or
    an object; ``object``; ``any``: any JSON value. ``what`` is what it is, in words."""

    name: str
    kind: FieldKind
    what: str
    required: bool = False
    longest: int | None = None
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()
    cut: bool = False

    def check(self, value: Any, code: Code = Code.MALFORMED, where: str = "") -> Any:
        """``value`` as the message holds it (a ``line`` cleaned), or a :class:`Refusal` naming the field."""
        ok, value = self._read(value)
        if not ok:
            shown = json.dumps(value, ensure_ascii=False)
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            head = f"{where}: " if where else ""
            raise Refusal(code, f"{head}{self.name!r} must be {self.describe()}, not {shown}")
        return value

    def _read(self, value: Any) -> tuple[bool, Any]:
        kind = self.kind
        if kind in ("text", "line"):
            if not isinstance(value, str):
                return False, value
            if kind == "line":
                value = one_line(value)
                if self.cut and self.longest is not None:
                    value = value[: self.longest].rstrip()
                if not value:
                    return False, value
            return self.longest is None or len(value) <= self.longest, value
        if kind in ("whole", "choice") and isinstance(value, bool):
            return False, value
        if kind == "whole":
            return (
                isinstance(value, int)
                and (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high)
            ), value
        if kind == "choice":
            return value in self.choices, value
        if kind == "bool":
            return isinstance(value, bool), value
        if kind == "rules":
            return isinstance(value, str | dict), value
        if kind == "object":
            return isinstance(value, dict), value
        return True, value

    def describe(self) -> str:
        """The field's type and range in words (the refusals' and the document's)."""
        kind = self.kind
        if kind == "text":
            size = f" of at most {self.longest} characters" if self.longest else ""
            return f"{self.what} (text{size})"
        if kind == "line":
            size = f"1 to {self.longest} characters" if self.longest and not self.cut else "not empty"
            if self.cut:
                size += f", cut to {self.longest}"
            return f"{self.what} (text, {size})"
        if kind == "whole":
            if self.low is not None and self.high is not None:
                return f"a whole number from {self.low} to {self.high} ({self.what})"
            if self.low is not None:
                return f"a whole number from {self.low} ({self.what})"
            return f"a whole number ({self.what})"
        if kind == "choice":
            return "one of " + ", ".join(json.dumps(c) for c in self.choices)
        if kind == "bool":
            return f"true or false ({self.what})"
        if kind == "rules":
            return f"{self.what} (a preset's name, or an object)"
        if kind == "object":
            return f"{self.what} (an object)"
        return self.what


@dataclass(frozen=True, slots=True)
class Request:
    """A message a client sends: its fields, the reply it gets, whether it is the teacher's only."""

    kind: Kind
    fields: tuple[Field, ...]
    reply: str
    teacher: bool = False

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


@dataclass(frozen=True, slots=True)
class Sent:
    """A message the service sends: its fields (beside ``type`` and a reply's ``re``)."""

    kind: Kind
    fields: tuple[str, ...]
    optional: tuple[str, ...] = ()


_TABLE = Field("table", "text", "a table's id", required=True, longest=64)
_SEAT = Field("seat", "text", 'a seat\'s name, such as "N"', longest=8)
_INVITE = Field("invite", "text", "a private table's invite code", longest=64)

#: every message a client may send, by type
REQUESTS: Final[Mapping[Kind, Request]] = {
    r.kind: r
    for r in (
        Request(
            Kind.HELLO,
            (
                Field("name", "line", "your name as the table shows it", required=True, longest=NAME_LIMIT),
                Field("token", "text", "the class's token", longest=256),
                Field("teacher", "text", "the teacher's token", longest=256),
            ),
            "welcome",
        ),
        Request(
            Kind.CREATE,
            (
                Field("game", "text", "a registered game's name", required=True, longest=32),
                Field("rules", "rules", "the rules as a save file writes them"),
                Field("options", "object", 'the table\'s options, such as {"chat": "preset"}'),
                Field("seed", "whole", "the deal's seed; only at a service started with --allow-seed"),
            ),
            "created",
        ),
        Request(Kind.LIST, (), "tables"),
        Request(
            Kind.SIT,
            (
                _TABLE,
                _SEAT,
                _INVITE,
                Field("credential", "text", "the seat's credential from an earlier seated", longest=128),
            ),
            "seated",
        ),
        Request(Kind.STAND, (_TABLE,), "stood"),
        Request(Kind.WATCH, (_TABLE, _INVITE), "watching (then a view)"),
        Request(Kind.LEAVE, (_TABLE,), "left"),
        Request(Kind.START, (_TABLE,), "started"),
        Request(
            Kind.ACT,
            (
                _TABLE,
                Field(
                    "action",
                    "text",
                    'an action as the view\'s legal list writes it, such as "play JH"',
                    required=True,
                    longest=100,
                ),
                Field("version", "whole", "the table's version you acted on", low=0),
                _SEAT,
            ),
            "accepted",
        ),
        Request(Kind.VIEW, (_TABLE, _SEAT), "view"),
        Request(
            Kind.CHAT,
            (
                _TABLE,
                Field("text", "line", "the chat line", longest=CHAT_LIMIT, cut=True),
                Field("phrase", "whole", "a preset phrase's number", low=0, high=len(PRESET_PHRASES) - 1),
            ),
            "chat (to every seat and watcher)",
        ),
        Request(Kind.OVERVIEW, (), "overview", teacher=True),
        Request(Kind.CLOSE, (_TABLE,), "closed", teacher=True),
        Request(Kind.MATCHES, (), "matches", teacher=True),
        Request(Kind.SAVE, (_TABLE,), "save", teacher=True),
    )
}

#: every message the service sends, by type
SENT: Final[Mapping[Kind, Sent]] = {
    s.kind: s
    for s in (
        Sent(Kind.WELCOME, ("name", "games", "teacher")),
        Sent(Kind.CREATED, ("table",), ("invite",)),
        Sent(Kind.TABLES, ("tables",)),
        Sent(Kind.SEATED, ("table", "seat", "credential")),
        Sent(Kind.STOOD, ("table", "seat")),
        Sent(Kind.WATCHING, ("table",)),
        Sent(Kind.LEFT, ("table", "seat", "message")),
        Sent(Kind.STARTED, ("table", "seat")),
        Sent(Kind.ACCEPTED, ("table", "version")),
        Sent(
            Kind.VIEW,
            (
                "table",
                "version",
                "started",
                "over",
                "turn",
                "time_left",
                "seats",
                "hand",
                "score",
                "last",
                "seat",
            ),
            ("view", "views"),
        ),
        Sent(Kind.CHAT, ("table", "from", "seat", "text")),
        Sent(Kind.NOTE, ("table", "text"), ("seat",)),
        Sent(Kind.CLOSED, ("table",)),
        Sent(Kind.OVERVIEW, ("tables",)),
        Sent(Kind.MATCHES, ("matches",)),
        Sent(Kind.SAVE, ("table", "game", "format", "hands", "score", "seats", "save")),
        Sent(Kind.ERROR, ("code", "message")),
    )
}

#: a table's options (``create``'s ``options``), refused as ``bad_option``; ``level`` is the game's
OPTIONS: Final[Mapping[str, Field]] = {
    f.name: f
    for f in (
        Field("private", "bool", "not listed; sitting or watching needs the invite code"),
        Field("random_seats", "bool", "the seated players are shuffled among the seats at start"),
        Field("watchers", "choice", "who may watch", choices=WATCHERS),
        Field("chat", "choice", "what the chat allows", choices=CHATS),
        Field("time_limit", "choice", "seconds to bid or play", choices=TIME_LIMITS),
        Field("suggestions", "bool", "whether the tutor's hints may be shown"),
        Field("autoplay", "bool", "a seat with one legal action has it played at once"),
        Field("hide_points", "bool", "pages do not show the tricks taken during a hand"),
        Field("level", "any", "the game's levels"),
    )
}


def check_option(name: str, value: Any) -> Any:
    """One option's value, or a ``bad_option`` :class:`Refusal` (an unknown name included)."""
    spec = OPTIONS.get(name)
    if spec is None:
        raise Refusal(
            Code.BAD_OPTION, f"unknown option {name[:40]!r}: the options are {', '.join(sorted(OPTIONS))}"
        )
    return spec.check(value, Code.BAD_OPTION)


# -- text people read ----------------------------------------------------------------------

_BREAKS: Final = re.compile(r"[\t\n\r\x0b\x0c\x85\u2028\u2029]")
_CONTROL: Final = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def one_line(text: str) -> str:
    """``text`` as one line: tab and line breaks become spaces, other control and invisible format
    characters are dropped, and spaces are trimmed at both ends."""
    return _CONTROL.sub("", _BREAKS.sub(" ", text)).strip()


def chat_text(text: object) -> str:
    """A chat line as every page shows it: :func:`one_line`, cut to :data:`CHAT_LIMIT`, then
    HTML-escaped (so ``<script>`` arrives as ``&lt;script&gt;``)."""
    return html.escape(one_line(str(text))[:CHAT_LIMIT].rstrip(), quote=True)


# -- messages ------------------------------------------------------------------------------


def message(kind: Kind, **fields: Any) -> dict[str, Any]:
    """A message of type ``kind`` with ``fields`` (``re`` dropped when None: a reply carries ``re``
    only when its request had an ``id``)."""
    if fields.get(RE, 0) is None:
        del fields[RE]
    return {TYPE: str(kind), **fields}


def kind_of(msg: Mapping[str, Any]) -> Kind | None:
    """A message's type as a :class:`Kind` (None: no type, or one this schema does not know)."""
    value = msg.get(TYPE)
    try:
        return Kind(value) if isinstance(value, str) else None
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class Received:
    """A client's message as :func:`read` accepted it: its type, its fields (those given, not null,
    checked and a ``line`` cleaned) and its ``id`` (None: none given)."""

    kind: Kind
    fields: dict[str, Any]
    ref: int | str | None

    @property
    def request(self) -> Request:
        return REQUESTS[self.kind]


def read_ref(msg: Any) -> int | str | None:
    """A message's ``id`` when it is well-formed (a reply may carry it back), else None."""
    if not isinstance(msg, dict):
        return None
    ref = msg.get(ID)
    if (isinstance(ref, str) and len(ref) <= ID_LIMIT) or (
        isinstance(ref, int) and not isinstance(ref, bool)
    ):
        return ref
    return None


def read(text: str | bytes) -> Received:
    """A client's message checked against the schema (a :class:`Refusal` naming what is wrong)."""
    if len(text) > MESSAGE_LIMIT:
        raise Refusal(
            Code.TOO_BIG, f"a message is at most {MESSAGE_LIMIT} characters; this one has {len(text)}"
        )
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise Refusal(Code.MALFORMED, 'a message is one JSON object such as {"type": "list"}') from None
    if not isinstance(msg, dict):
        raise Refusal(Code.MALFORMED, 'a message is one JSON object such as {"type": "list"}')
    ref = read_ref(msg)
    if msg.get(ID) is not None and ref is None:
        raise Refusal(
            Code.MALFORMED, f"'id' must be a whole number or a text of at most {ID_LIMIT} characters"
        )
    value = msg.get(TYPE)
    types = ", ".join(REQUESTS)
    if not isinstance(value, str):
        raise Refusal(Code.MALFORMED, f'a message needs a "type" (text): one of {types}', ref)
    kind = kind_of(msg)
    if kind is None or kind not in REQUESTS:
        words = f"unknown message type {json.dumps(value)[:40]}: the types are {types}"
        raise Refusal(Code.UNKNOWN_TYPE, words, ref)
    return Received(kind, msg, ref)


def check_fields(received: Received) -> Received:
    """``received`` with its fields checked (a missing required field, or a mistyped one, is
    ``malformed``); a field given as null is as if absent, and fields the type has not are ignored."""
    msg = received.fields
    out: dict[str, Any] = {}
    for f in received.request.fields:
        value = msg.get(f.name)
        if value is None:
            if f.required:
                words = f"{received.kind}: {f.name!r} is missing: it is {f.describe()}"
                raise Refusal(Code.MALFORMED, words, received.ref)
            continue
        try:
            out[f.name] = f.check(value, where=received.kind)
        except Refusal as refusal:
            refusal.ref = received.ref
            raise
    return Received(received.kind, out, received.ref)


def check_sent(msg: Mapping[str, Any]) -> list[str]:
    """What is wrong with a message the service sent, by :data:`SENT` ([]: nothing)."""
    kind = kind_of(msg)
    if kind is None or kind not in SENT:
        return [f"unknown type {msg.get(TYPE)!r}"]
    spec = SENT[kind]
    wrong = [f"{kind}: no {name!r}" for name in spec.fields if name not in msg]
    known = {TYPE, RE, *spec.fields, *spec.optional}
    wrong += [f"{kind}: unknown field {name!r}" for name in msg if name not in known]
    if RE in msg and msg[RE] is None:
        wrong.append(f'{kind}: "re": null')
    if kind is Kind.ERROR and msg.get("code") not in set(Code):
        wrong.append(f"error: unknown code {msg.get('code')!r}")
    return wrong


# -- the document's tables ----------------------------------------------------------------


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def messages_table() -> str:
    """The client's messages as ``docs/table-protocol.md`` lists them (Markdown)."""
    rows = ["| type | fields | reply |", "|---|---|---|"]
    for r in REQUESTS.values():
        fields = (
            "; ".join(f"`{f.name}`{'' if f.required else '?'}: {_cell(f.describe())}" for f in r.fields)
            or "none"
        )
        who = " (the teacher's)" if r.teacher else ""
        first, _, rest = r.reply.partition(" ")
        reply = f"`{first}`" + (f" {_cell(rest)}" if rest else "")
        rows.append(f"| `{r.kind}`{who} | {fields} | {reply} |")
    rows += ["", "| the service sends | fields |", "|---|---|"]
    for s in SENT.values():
        fields = ", ".join(f"`{n}`" for n in s.fields) + "".join(f", `{n}`?" for n in s.optional)
        rows.append(f"| `{s.kind}` | {fields} |")
    return "\n".join(rows)


def refusals_table() -> str:
    """The refusal codes as ``docs/table-protocol.md`` lists them (Markdown)."""
    rows = ["| code | when | example message |", "|---|---|---|"]
    rows += [f"| `{code}` | {_cell(when)} | {_cell(example)} |" for code, (when, example) in REFUSALS.items()]
    return "\n".join(rows)
