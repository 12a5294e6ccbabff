"""The table service's core: shared tables, their seats and watchers, with no network.

:class:`TableService` holds every table's game (a registered game's match, through its
:class:`~euchre_tutor.rules.games.Game`) and alone applies actions to it. A connection is a
:class:`Connection` (a ``send`` function for the service's messages); the transport hands each
message's text to :meth:`TableService.receive` and calls :meth:`TableService.tick` a few times a
second for the time limits and the grace periods. The messages are those of ``docs/table-protocol.md``.

Every refusal is an ``error`` message to the sender and changes nothing. Every accepted action is
committed to the :class:`~euchre_tutor.service.store.Store` before any seat is told of it.
"""

from __future__ import annotations

import hashlib
import hmac
import html
import secrets
import sys
import time
from collections.abc import Callable
from typing import Any, Final

from euchre_tutor.errors import EuchreError
from euchre_tutor.protocol.schema import (
    INVITE_ALPHABET,
    INVITE_LENGTH,
    MAX_WATCHERS,
    PRESET_PHRASES,
    RE,
    Code,
    Kind,
    Received,
    Refusal,
    check_fields,
    message,
    read,
)
from euchre_tutor.rules.games import Game, find_game, game_names
from euchre_tutor.service.store import Store, StoredTable
from euchre_tutor.service.table import BURST, Connection, Options, SeatHolder, Table
from euchre_tutor.service.telling import seat_message, summary, watcher_message
from euchre_tutor.service.wire import chat_text

__all__ = ["Connection", "Options", "Refusal", "TableService"]

#: wrong invite codes or seat credentials a connection may send before it is closed
BAD_ATTEMPTS: Final = 5
#: the rate limit: a burst of :data:`BURST` messages, then this many a second
RATE: Final = 10.0
#: messages refused for flooding before the connection is closed
FLOOD_CLOSE: Final = 100
#: what only the teacher may do, in the words of a ``teacher_only`` refusal
_TEACHERS_WORDS: Final = {
    Kind.OVERVIEW: "see every table",
    Kind.CLOSE: "close a table",
    Kind.MATCHES: "download the class's matches",
    Kind.SAVE: "download the class's matches",
}


def _digest(credential: str) -> str:
    return hashlib.sha256(credential.encode()).hexdigest()


class TableService:
    """Every shared table, authoritative (see the module doc).

    ``token``: the secret every connection's ``hello`` must carry (None: no secret, for tests in one
    process). ``teacher_token``: the teacher's own secret (None: no teacher at this service); a hello
    carrying it as ``teacher`` opens the teacher's messages. It must differ from ``token``. ``grace``: seconds a missing player's seat waits before the computer plays for it.
    ``allow_seed``: whether ``create`` may name the deal's seed (tests and benchmarks; a student who
    chose the seed would know every hand). ``think``: how a computer player's choice is run off the
    event loop: ``think(choose, done)`` runs ``choose()`` elsewhere and calls ``done(action)`` back on
    the loop (None: the choice is made at once, in the caller; tests in one process). ``finished``:
    called when a hand of a table's match ends (the last one too), after its last action is committed,
    with the table's game spec, its match so far and the players of the seats students took (seat ->
    name as shown); what it raises is
    written to stderr and changes nothing at the table (``python -m euchre_tutor.service
    --keep-games`` keeps the match in the class's store under each student's name). ``logins``: the
    transport says who each connection is (its :attr:`Connection.login`, a hub's login: see
    :mod:`euchre_tutor.service.hub`) before its hello, in place of the class's tokens (then ``token`` and
    ``teacher_token`` are None); the hello's name is then that login.
    """

    def __init__(
        self,
        store: Store | None = None,
        *,
        token: str | None = None,
        teacher_token: str | None = None,
        grace: float = 30.0,
        allow_seed: bool = False,
        clock: Callable[[], float] = time.monotonic,
        think: Callable[[Callable[[], Any], Callable[[Any], None]], None] | None = None,
        finished: Callable[[Game, Any, dict[str, str]], object] | None = None,
        logins: bool = False,
    ) -> None:
        self.store = store if store is not None else Store(":memory:")
        if logins and (token is not None or teacher_token is not None):
            raise ValueError("a service whose transport vouches for each login has no class's tokens")
        self.logins = logins
        if teacher_token is not None and (not teacher_token or teacher_token == token):
            raise ValueError("the teacher's token must be a secret of its own, not the class's token")
        self.token = token
        self.teacher_token = teacher_token
        self.grace = grace
        self.allow_seed = allow_seed
        self.clock = clock
        self.think = think
        self.finished = finished
        self.tables: dict[str, Table] = {}
        for stored in self.store.open_tables():
            self.tables[stored.id] = self._replay(stored)

    # -- building tables -------------------------------------------------------------

    @staticmethod
    def _players(spec: Game, options: Options, seed: int | str, game: Any) -> dict[str, Callable[[Any], Any]]:
        """The computer player of each seat, of the table's level."""
        seats = game.state.first_dealer.seating.seats
        out: dict[str, Callable[[Any], Any]] = {}
        for i, seat in enumerate(seats):
            if spec.levels is not None and options.level is not None:
                out[seat.name] = spec.levels[options.level].player(f"{seed}:{i}").choose
            else:
                out[seat.name] = spec.players(hash((seed, i)))
        return out

    @staticmethod
    def _default_rules(spec: Game) -> Any:
        return spec.new_game(0).rules.to_json()

    def _replay(self, stored: StoredTable) -> Table:
        """A table rebuilt from its log: its match replayed action by action through the engine."""
        spec = find_game(stored.game)
        assert spec.new_match is not None
        game = spec.new_match(stored.rules, stored.seed)
        hand = game.state.hand_number
        for act in stored.actions:
            hand = game.state.hand_number
            game.apply(type(game).parse_action(act.action))
        options = Options(**stored.options)
        table = Table(
            stored.id,
            spec,
            game,
            stored.rules,
            stored.seed,
            options,
            stored.invite,
            {s.name: SeatHolder() for s in game.state.first_dealer.seating.seats},
            self._players(spec, options, stored.seed, game),
            started=stored.started,
            version=len(stored.actions),
        )
        if stored.actions:
            act = stored.actions[-1]
            table.last = {"seat": act.seat, "action": act.action, "by": act.by, "hand": hand}
        now = self.clock()
        for s in stored.seats:
            table.seats[s.seat] = SeatHolder(s.name, s.credential, None, now)
        if table.started:
            self._set_deadline(table)
        return table

    def replayed(self, table_id: str) -> Any:
        """The table's match as its log replays it now (for checks: it equals the live one)."""
        stored = self.store.table(table_id)
        if stored is None:
            raise KeyError(table_id)
        return self._replay(stored).game

    # -- receiving -------------------------------------------------------------------

    def connect(
        self, send: Callable[[dict[str, Any]], None], close: Callable[[], None] = lambda: None
    ) -> Connection:
        return Connection(send, close, refilled=self.clock())

    def receive(self, conn: Connection, text: str | bytes) -> None:
        """Handle one message's text from ``conn``: a reply, or an ``error`` that changes nothing.

        The message is checked once by the schema (:func:`~euchre_tutor.protocol.schema.read`): its
        size, its JSON, its type; then whether the connection said hello, whether the message is the
        teacher's only, and its fields; then its type's handler judges it at the table."""
        if conn.closed:
            return
        received: Received | None = None
        try:
            self._meter(conn)
            received = read(text)
            if conn.name is None and received.kind is not Kind.HELLO:
                raise Refusal(Code.AUTH, 'say hello first: {"type": "hello", "token": ..., "name": ...}')
            if received.request.teacher and not conn.teacher:
                raise Refusal(
                    Code.TEACHER_ONLY,
                    f"only the teacher may {_TEACHERS_WORDS[received.kind]}: the teacher says hello with the "
                    "teacher's token",
                )
            received = check_fields(received)
            _HANDLERS[received.kind](self, conn, received.fields, received.ref)
        except Refusal as refusal:
            self._refuse(conn, refusal, refusal.ref if received is None else received.ref)

    def _refuse(self, conn: Connection, refusal: Refusal, ref: Any) -> None:
        conn.send(message(Kind.ERROR, re=ref, code=str(refusal.code), message=refusal.message))
        closing = refusal.code == "bad_token"
        if refusal.code in ("bad_invite", "bad_credential"):
            conn.bad_attempts += 1
            closing = conn.bad_attempts >= BAD_ATTEMPTS
        if refusal.code == "flood":
            conn.floods += 1
            closing = conn.floods >= FLOOD_CLOSE
        if closing:
            self.disconnect(conn)
            conn.close()

    def _meter(self, conn: Connection) -> None:
        now = self.clock()
        conn.tokens = min(BURST, conn.tokens + (now - conn.refilled) * RATE)
        conn.refilled = now
        if conn.tokens < 1:
            raise Refusal("flood", f"too many messages: at most {RATE:g} a second (after a burst of {BURST})")
        conn.tokens -= 1

    def disconnect(self, conn: Connection) -> None:
        """The connection is gone: its seats wait for their players (the grace period), it watches nothing."""
        if conn.closed:
            return
        conn.closed = True
        for table_id in list(conn.tables):
            self._leave(conn, self.tables[table_id])

    def _leave(self, conn: Connection, table: Table) -> None:
        seat = conn.tables.pop(table.id, None)
        if seat is None:
            if conn in table.watchers:
                table.watchers.remove(conn)
            return
        holder = table.seats[seat]
        if holder.conn is conn:
            holder.conn = None
            holder.away_since = self.clock()
            self._broadcast(table)

    # -- the messages (each handler gets the fields the schema checked: those given, not null) ---

    def _hello(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        if self.logins:
            self._check_login(conn, "teacher" in msg)
        elif "teacher" in msg:
            if self.teacher_token is None:
                raise Refusal(
                    Code.BAD_TOKEN, "this service has no teacher: start it with --teacher-token to have one"
                )
            if not hmac.compare_digest(msg["teacher"].encode(), self.teacher_token.encode()):
                raise Refusal(
                    Code.BAD_TOKEN, "wrong teacher's token: it is the one the service was started with"
                )
            conn.teacher = True
        elif self.token is not None:
            token = msg.get("token", "")
            if not hmac.compare_digest(token.encode(), self.token.encode()):
                raise Refusal(Code.BAD_TOKEN, "wrong or missing token: ask the teacher for the class's token")
        conn.name = html.escape(conn.login if self.logins and conn.login else msg["name"], quote=True)
        conn.send(
            message(Kind.WELCOME, re=ref, name=conn.name, games=list(game_names()), teacher=conn.teacher)
        )

    @staticmethod
    def _check_login(conn: Connection, as_teacher: bool) -> None:
        """A hello where the transport vouches for the login: one it found, a teacher's if asked as one."""
        if conn.login is None:
            raise Refusal(
                Code.BAD_TOKEN,
                "the hub does not know that token, or it does not open the class's tables: open the lobby "
                "from your own server on the hub",
            )
        if as_teacher and not conn.teaches:
            raise Refusal(
                Code.BAD_TOKEN,
                f"{conn.login} is not one of the class's teachers on this hub: the hub's administrator "
                "names them (a group or a role)",
            )
        conn.teacher = as_teacher

    def _create(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        try:
            spec = find_game(msg["game"])
        except EuchreError as exc:
            raise Refusal(Code.BAD_OPTION, str(exc)) from None
        if spec.new_match is None or not spec.seated:
            raise Refusal(Code.BAD_OPTION, f"{spec.title} is played alone: it has no shared tables")
        options = Options.from_json(msg.get("options"), spec)
        rules = msg.get("rules", self._default_rules(spec))
        seed: int | str = secrets.randbelow(2**62)
        if "seed" in msg:
            if not self.allow_seed:
                raise Refusal(Code.NOT_ALLOWED, "this service deals every table from its own random seed")
            seed = msg["seed"]
        try:
            game = spec.new_match(rules, seed)
        except EuchreError as exc:
            raise Refusal(Code.BAD_OPTION, f"rules: {exc}") from None
        table_id = secrets.token_hex(4)
        while table_id in self.tables:
            table_id = secrets.token_hex(4)
        invite = (
            "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))
            if options.private
            else None
        )
        self.store.add_table(table_id, spec.name, rules, seed, options.to_json(), invite)
        seats = {s.name: SeatHolder() for s in game.state.first_dealer.seating.seats}
        table = Table(
            table_id,
            spec,
            game,
            rules,
            seed,
            options,
            invite,
            seats,
            self._players(spec, options, seed, game),
        )
        self.tables[table_id] = table
        private = {} if invite is None else {"invite": invite}
        conn.send(message(Kind.CREATED, re=ref, table=summary(table), **private))

    def _list(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        shown = [summary(t) for t in self.tables.values() if not t.options.private and not t.over]
        conn.send(message(Kind.TABLES, re=ref, tables=shown))

    def _table(self, msg: dict[str, Any]) -> Table:
        table_id = msg["table"]
        table = self.tables.get(table_id)
        if table is None:
            if self.store.table(table_id) is not None:  # in the log, no longer open
                raise Refusal(
                    Code.NO_TABLE,
                    f"table {table_id[:20]!r} has ended (its match is over, or the teacher closed it), and "
                    "the teacher keeps its match: list the tables to join another",
                )
            raise Refusal(Code.NO_TABLE, f"no table {table_id[:20]!r}: list the tables to see their ids")
        return table

    def _check_invite(self, table: Table, msg: dict[str, Any]) -> None:
        """A private table's invite code, in either case (spaces at its ends ignored)."""
        if table.invite is None:
            return
        code = msg.get("invite", "").strip().upper()
        if not hmac.compare_digest(code.encode(), table.invite.encode()):
            raise Refusal(
                Code.BAD_INVITE, "this table is private: its invite code is needed, and that one is wrong"
            )

    def _sit(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        table = self._table(msg)
        if "seat" not in msg and "credential" not in msg:  # any free seat
            self._check_invite(table, msg)
            free = [seat for seat, h in table.seats.items() if h.credential is None]
            if not free:
                raise Refusal(Code.FULL, "every seat at this table is taken: watch it instead")
            msg = {**msg, "seat": free[0]}
        seat_name = msg.get("seat")
        if seat_name is None:
            raise Refusal(Code.MALFORMED, "sit: 'seat' is missing: a credential is for one seat, name it")
        holder = table.seats.get(seat_name)
        if holder is None:
            raise Refusal(Code.NO_SEAT, f"no seat {seat_name[:8]!r}: the seats are {', '.join(table.seats)}")
        credential = msg.get("credential")
        if credential is not None:
            if holder.credential is None or not hmac.compare_digest(_digest(credential), holder.credential):
                raise Refusal(Code.BAD_CREDENTIAL, f"that credential is not {seat_name}'s at this table")
            issued = credential
        else:
            self._check_invite(table, msg)
            if holder.credential is not None:
                raise Refusal(Code.SEAT_TAKEN, f"{seat_name} is taken by {holder.name}")
            if conn.tables.get(table.id) is not None:
                raise Refusal(Code.SEAT_TAKEN, f"you already sit at {conn.tables[table.id]}: stand first")
            issued = secrets.token_urlsafe(24)
            assert conn.name is not None
            holder.name, holder.credential = conn.name, _digest(issued)
            self.store.set_seat(table.id, seat_name, conn.name, holder.credential)
        if holder.conn is not None and holder.conn is not conn:
            old = holder.conn
            old.tables.pop(table.id, None)
            words = "your seat was taken up from another page"
            old.send(message(Kind.LEFT, table=table.id, seat=seat_name, message=words))
        if conn in table.watchers:
            table.watchers.remove(conn)
        holder.conn, holder.away_since = conn, None
        conn.tables[table.id] = seat_name
        conn.send(message(Kind.SEATED, re=ref, table=summary(table), seat=seat_name, credential=issued))
        self._advance(table)
        self._broadcast(table)

    def _stand(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        table = self._table(msg)
        seat = self._my_seat(conn, table)
        table.seats[seat] = SeatHolder()
        self.store.free_seat(table.id, seat)
        conn.tables.pop(table.id, None)
        conn.send(message(Kind.STOOD, re=ref, table=table.id, seat=seat))
        self._advance(table)
        self._broadcast(table)

    def _watch(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        table = self._table(msg)
        if table.id in conn.tables:
            raise Refusal(Code.NOT_ALLOWED, "you are at this table already")
        if not conn.teacher:  # the teacher watches any table, face up, beyond the watchers' count
            if table.options.watchers == "none":
                raise Refusal(Code.NOT_ALLOWED, "this table allows no watchers")
            self._check_invite(table, msg)
            if sum(not c.teacher for c in table.watchers) >= MAX_WATCHERS:
                raise Refusal(Code.FULL, f"this table has its {MAX_WATCHERS} watchers already")
        table.watchers.append(conn)
        conn.tables[table.id] = None
        conn.send(message(Kind.WATCHING, re=ref, table=summary(table)))
        conn.send(watcher_message(table, self.clock(), face_up=conn.teacher))

    def _leave_msg(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        table = self._table(msg)
        if table.id not in conn.tables:
            raise Refusal(Code.NOT_SEATED, "you are not at this table")
        seat = conn.tables[table.id]
        self._leave(conn, table)
        words = "you stopped following this table" + ("" if seat is None else f"; {seat} stays yours")
        conn.send(message(Kind.LEFT, re=ref, table=table.id, seat=seat, message=words))

    def _start(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        table = self._table(msg)
        self._my_seat(conn, table)
        if table.started:
            raise Refusal(Code.NOT_ALLOWED, "this table has started already")
        if table.options.random_seats:
            self._shuffle_seats(table)
        table.started = True
        self.store.set_started(table.id)
        for c in self._seated_connections(table):
            c.send(
                message(Kind.STARTED, re=ref if c is conn else None, table=table.id, seat=c.tables[table.id])
            )
        self._set_deadline(table)
        self._advance(table)
        self._broadcast(table)

    def _shuffle_seats(self, table: Table) -> None:
        holders = list(table.seats.values())
        secrets.SystemRandom().shuffle(holders)
        table.seats = dict(zip(table.seats, holders, strict=True))
        for seat, holder in table.seats.items():
            if holder.credential is not None and holder.name is not None:
                self.store.set_seat(table.id, seat, holder.name, holder.credential)
            else:
                self.store.free_seat(table.id, seat)
            if holder.conn is not None:
                holder.conn.tables[table.id] = seat

    def _act(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        table = self._table(msg)
        seat = self._my_seat(conn, table)
        text = msg["action"]
        if msg.get("seat", seat) != seat:
            raise Refusal(Code.WRONG_SEAT, f"you sit at {seat}: you act for your own seat only")
        if not table.started:
            raise Refusal(Code.NOT_STARTED, "the table has not started: a seated player sends start")
        if table.over:
            raise Refusal(Code.OVER, "the match is over")
        version = msg.get("version", table.version)
        if version < table.version:
            raise Refusal(
                Code.STALE, f"the table has moved on (version {table.version}): act on its latest view"
            )
        if version > table.version:
            raise Refusal(
                Code.BAD_VERSION,
                f"the table is at version {table.version}; your version {version} is ahead of it: act on "
                "its latest view",
            )
        if table.to_act != seat:
            raise Refusal(Code.NOT_YOUR_TURN, f"it is {table.to_act}'s turn, not yours ({seat})")
        try:
            action = type(table.game).parse_action(text)
        except EuchreError as exc:
            raise Refusal(Code.MALFORMED, f"{text[:40]!r} is not an action: {exc}") from None
        legal = table.spec.legal(table.game)
        if action not in legal:
            raise Refusal(Code.ILLEGAL, f"{action} is not legal now; legal: {', '.join(map(str, legal))}")
        self._apply(table, seat, action, "player")
        conn.send(message(Kind.ACCEPTED, re=ref, table=table.id, version=table.version))
        self._advance(table)
        self._broadcast(table)

    def _view(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        table = self._table(msg)
        if table.id not in conn.tables:
            raise Refusal(Code.NOT_SEATED, "sit or watch first: a view is of your own seat")
        mine = conn.tables[table.id]
        if msg.get("seat", mine) != mine:
            raise Refusal(Code.WRONG_SEAT, "a seat sees only its own view")
        out = (
            watcher_message(table, self.clock(), face_up=conn.teacher)
            if mine is None
            else seat_message(table, mine, self.clock())
        )
        conn.send(out if ref is None else {**out, RE: ref})

    def _chat(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        table = self._table(msg)
        if table.id not in conn.tables:
            raise Refusal(Code.NOT_SEATED, "sit or watch first")
        if table.options.chat == "none":
            raise Refusal(Code.NOT_ALLOWED, "this table has no chat")
        if table.options.chat == "preset":
            if "phrase" not in msg:
                raise Refusal(
                    Code.NOT_ALLOWED,
                    f"this table's chat is preset phrases: 'phrase' is 0 to {len(PRESET_PHRASES) - 1}",
                )
            text = chat_text(PRESET_PHRASES[msg["phrase"]])
        elif "text" in msg:
            text = chat_text(msg["text"])
        else:
            raise Refusal(Code.MALFORMED, "chat: 'text' is missing: it is the chat line")
        out = message(Kind.CHAT, table=table.id, text=text, seat=conn.tables[table.id])
        out["from"] = conn.name
        for c in {*self._seated_connections(table), *table.watchers}:
            c.send({**out, RE: ref} if c is conn and ref is not None else out)

    # -- the teacher's messages (the schema lets only the teacher's connection send them) -------

    def _overview(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        conn.send(message(Kind.OVERVIEW, re=ref, tables=self.describe()))

    def _close(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        table = self._table(msg)
        self.close_table(table.id)
        conn.send(message(Kind.CLOSED, re=ref, table=table.id))

    def _matches(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        conn.send(message(Kind.MATCHES, re=ref, matches=[m for m, _ in self.finished_matches()]))

    def _save(self, conn: Connection, msg: dict[str, Any], ref: Any) -> None:
        table_id = msg["table"]
        found = self.finished_match(table_id)
        if found is None:
            raise Refusal(
                Code.NO_TABLE, f"no finished match at table {table_id[:20]!r}: ask for matches to see them"
            )
        match, game = found
        conn.send(message(Kind.SAVE, re=ref, **match, save=game.to_json()))

    def finished_match(self, table_id: str) -> tuple[dict[str, Any], Any] | None:
        """A finished match: its description (as ``matches`` lists it) and its game; None if the
        table has no finished match."""
        stored = self.store.table(table_id)
        if stored is None:
            return None
        live = self.tables.get(table_id)
        if live is not None:
            if not live.over:
                return None
            game, spec = live.game, live.spec
        else:
            spec = find_game(stored.game)
            game = self._replay(stored).game
            if spec.to_act(game) is not None:
                return None  # closed by the teacher before its end
        seated = {s.seat: s.name for s in stored.seats}
        return {
            "table": stored.id,
            "game": spec.name,
            "format": spec.save_format,
            "hands": game.state.hand_number,
            "score": list(game.state.scores),
            "seats": [
                {"seat": s.name, "player": seated.get(s.name)} for s in game.state.first_dealer.seating.seats
            ],
        }, game

    def finished_matches(self) -> list[tuple[dict[str, Any], Any]]:
        """Every finished match in the log (closed tables' included), oldest first."""
        out = []
        for table_id in self.store.closed_ids():
            found = self.finished_match(table_id)
            if found is not None:
                out.append(found)
        return out

    def _my_seat(self, conn: Connection, table: Table) -> str:
        seat = conn.tables.get(table.id)
        if seat is None:
            raise Refusal("not_seated", "you have no seat at this table")
        return seat

    # -- playing ---------------------------------------------------------------------

    def _apply(self, table: Table, seat: str, action: Any, by: str) -> None:
        """Apply through the engine, commit to the log, then count it (nobody is told yet)."""
        before = table.game
        hand = before.state.hand_number
        before.apply(action)
        try:
            self.store.add_action(table.id, table.version, seat, str(action), by)
        except BaseException:
            before.undo()
            raise
        table.version += 1
        table.last = {"seat": seat, "action": str(action), "by": by, "hand": hand}
        if table.over:
            self.store.close_table(table.id)
        if before.state.hand_number != hand or table.over:
            said = " ".join(str(e.text) for e in before.state.events if hasattr(e, "text"))
            table.hand_over = f"Hand {hand} is over. {said}"
            self._keep(table)  # each hand: the match so far, for its players' Practice and the report
        self._set_deadline(table)

    def _keep(self, table: Table) -> None:
        """Hand the match so far to ``finished`` with the seats students took (computers skipped)."""
        if self.finished is None:
            return
        players = {seat: h.name for seat, h in table.seats.items() if h.credential is not None and h.name}
        if not players:
            return
        try:
            self.finished(table.spec, table.game, players)
        except Exception as error:  # the table goes on: its log keeps the match for the download
            print(
                f"table {table.id}: its finished match was not kept for its players ({error})",
                file=sys.stderr,
            )

    def _set_deadline(self, table: Table) -> None:
        limit = table.options.time_limit
        table.deadline = self.clock() + limit if limit and table.started and not table.over else None

    def _computer_plays(self, table: Table, seat: str) -> str | None:
        """Why the computer plays for ``seat`` now (None: its player decides)."""
        holder = table.seats[seat]
        if holder.credential is None:
            return "computer"
        if (
            holder.conn is None
            and holder.away_since is not None
            and self.clock() - holder.away_since >= self.grace
        ):
            return "away"
        if table.options.autoplay and len(table.spec.legal(table.game)) == 1:
            return "autoplay"
        return None

    def _advance(self, table: Table) -> None:
        """Let the computer players (and forced plays) act until a person is to decide."""
        while table.started and not table.over:
            seat = table.to_act
            assert seat is not None
            by = self._computer_plays(table, seat)
            if by is None:
                return
            if by != "autoplay" and self.think is not None:
                self._think(table, seat, by)
                return
            self._computer_act(table, seat, by)

    def _think(self, table: Table, seat: str, by: str) -> None:
        """Have the computer player choose off the event loop (``think``); the choice is applied
        when it comes back, if the table is still where it was."""
        if table.thinking:
            return
        table.thinking = True
        version = table.version
        view = table.spec.seat_view(table.game, table.game.state.to_act)
        player = table.players[seat]

        def done(action: Any) -> None:
            table.thinking = False
            if self.tables.get(table.id) is not table:
                return  # closed meanwhile
            if table.version != version:  # moved on meanwhile: what it needs now
                self._advance(table)
                self._broadcast(table)
                return
            if by != "time" and self._computer_plays(table, seat) is None:
                self._broadcast(table)  # the player is back: theirs to decide
                return
            if action not in table.spec.legal(table.game):
                action = table.spec.legal(table.game)[0]
            self._computer_act(table, seat, by, action)
            self._advance(table)
            self._broadcast(table)

        assert self.think is not None
        self.think(lambda: player(view), done)

    def _computer_act(self, table: Table, seat: str, by: str, chosen: Any = None) -> None:
        legal = table.spec.legal(table.game)
        if chosen is not None:
            action = chosen
        elif by == "autoplay":
            action = legal[0]
        else:
            view = table.spec.seat_view(table.game, table.game.state.to_act)
            action = table.players[seat](view)
        self._apply(table, seat, action, by)
        if by in ("time", "away"):
            note = (
                f"Time ran out for {seat}: the computer played {action} for them."
                if by == "time"
                else f"{table.seats[seat].name or seat} is away: the computer plays for them."
            )
            holder = table.seats[seat]
            if holder.conn is not None:
                holder.conn.send(message(Kind.NOTE, table=table.id, seat=seat, text=note))

    def tick(self) -> None:
        """Play for a seat whose time ran out, or whose player is away past the grace period."""
        now = self.clock()
        for table in list(self.tables.values()):
            if not table.started or table.over:
                continue
            moved = table.version
            seat = table.to_act
            late = table.deadline is not None and now >= table.deadline
            if late and seat is not None and self._computer_plays(table, seat) is None:
                if self.think is not None:
                    self._think(table, seat, "time")
                    continue
                self._computer_act(table, seat, "time")
            self._advance(table)
            if table.version != moved:
                self._broadcast(table)

    def close_table(self, table_id: str) -> None:
        """Close a table (the teacher's): its log is kept; its seats and watchers are told ``closed``."""
        table = self.tables.pop(table_id)
        self.store.close_table(table_id)
        for c in {*self._seated_connections(table), *table.watchers}:
            c.tables.pop(table_id, None)
            c.send(message(Kind.CLOSED, table=table_id))

    # -- telling ---------------------------------------------------------------------

    def _seated_connections(self, table: Table) -> list[Connection]:
        return [h.conn for h in table.seats.values() if h.conn is not None]

    def _broadcast(self, table: Table) -> None:
        for seat, holder in table.seats.items():
            if holder.conn is not None:
                holder.conn.send(seat_message(table, seat, self.clock()))
        if table.watchers:
            messages: dict[bool, dict[str, Any]] = {}
            for c in table.watchers:
                if c.teacher not in messages:
                    messages[c.teacher] = watcher_message(table, self.clock(), face_up=c.teacher)
                c.send(messages[c.teacher])
        if table.hand_over is not None:
            note = message(Kind.NOTE, table=table.id, text=table.hand_over)
            table.hand_over = None
            for c in (*self._seated_connections(table), *table.watchers):
                c.send(note)

    def describe(self) -> list[dict[str, Any]]:
        """Every table as the teacher's page lists it (private ones included, no invite codes)."""
        return [summary(t) for t in self.tables.values()]


#: each message type's handler, one for every type of the schema's requests
_HANDLERS: Final[dict[Kind, Callable[[TableService, Connection, dict[str, Any], Any], None]]] = {
    Kind.HELLO: TableService._hello,
    Kind.CREATE: TableService._create,
    Kind.LIST: TableService._list,
    Kind.SIT: TableService._sit,
    Kind.STAND: TableService._stand,
    Kind.WATCH: TableService._watch,
    Kind.LEAVE: TableService._leave_msg,
    Kind.START: TableService._start,
    Kind.ACT: TableService._act,
    Kind.VIEW: TableService._view,
    Kind.CHAT: TableService._chat,
    Kind.OVERVIEW: TableService._overview,
    Kind.CLOSE: TableService._close,
    Kind.MATCHES: TableService._matches,
    Kind.SAVE: TableService._save,
}
