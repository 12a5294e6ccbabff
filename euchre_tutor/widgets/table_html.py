"""The HTML every trick-taking table draws alike, from a seat's view and the hands' logs: the prompt
at a hand's end and at a trick, the score board, a seat, the trick, the bidding, the trick log (each
game's table adds its own words around them)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from euchre_tutor.session.seats import seat_name, seat_tag, team_words
from euchre_tutor.widgets import render

__all__ = [
    "bidding_html",
    "log_html",
    "log_table_html",
    "over_prompt",
    "play_prompt",
    "score_board_html",
    "score_side_html",
    "seat_html",
    "trick_html",
    "view_seat_html",
    "with_version",
]

esc = render.esc


def over_prompt(c: Any, log: Any) -> str | None:
    """The prompt when the match or the hand is over (None: it is not)."""
    if c.state.is_over:
        return esc(
            f"The match is over. {log.outcome} {log.result[-1] if log.result else ''} Press New match."
        )
    if c.waiting:
        return esc(f"Hand {log.number} is over. {log.outcome} Press Next hand.")
    return None


def score_side_html(team: Any, pts: int, student: Any, target: int, pic: str = "") -> str:
    """One side of the score board (``you`` on the student's), its meter a share of ``target``."""
    who = team_words(team, student)
    width = max(0, min(100, round(100 * pts / target)))
    return (
        f'<div class="side {"you" if student in team.seats else "deck"} ec-team-{team.index}" aria-label="'
        f'{esc(team.name)}, {esc(who)}: {pts}"><span class="lbl">{esc(team.name)} · {esc(who)}</span>'
        f'<span class="pts">{pic}{pts}</span><div class="meter" aria-hidden="true">'
        f'<div style="width:{width}%"></div></div></div>'
    )


def score_board_html(sides: Iterable[str], label: str, rules: Any, number: int) -> str:
    """The score board (``label``: the score in words): its sides, then the goal of ``rules``: the
    hand ``number`` of a match of ``rules.hands`` hands, else the target."""
    if rules.hands is not None:
        hand = min(number, rules.hands)
        goal, goal_words = f"hand {hand} of<br><b>{rules.hands}</b>", f"hand {hand} of {rules.hands}"
    else:
        goal, goal_words = f"first to<br><b>{rules.target}</b>", f"first to {rules.target}"
    return (
        f'<div class="board" role="status" aria-label="Score: {esc(label)}, {esc(goal_words)}">'
        f'{"".join(sides)}<span class="to">{goal}</span></div>'
    )


def play_prompt(view: Any, tricks: int, trump_led: str = "") -> str:
    """The prompt (text) when the student plays to a trick of the ``tricks`` of a hand: a lead, or
    following the suit led (``trump_led``: words said after the suit when it is trump)."""
    number = len(view.tricks) + 1
    if not view.trick_plays:
        return f"Trick {number} of {tricks}: your lead. Click a card."
    led = view.led_suit
    words = "" if led is None else led.plural + (trump_led if led is view.trump else "")
    return f"Trick {number} of {tricks}: {words} led. Follow suit if you can: click a card."


def bidding_html(log: Any, deals: str, after: str = "", tag: Callable[[str], str] = str) -> str:
    """The bidding of the hand ``log``: its head (``deals``: who deals, in HTML), each bid said
    (``tag``-ged for the student), then ``after`` (HTML)."""
    lines = "".join(f"<li>{esc(tag(text))}</li>" for text in log.bidding)
    return (
        f"<b>Bidding · hand {log.number}</b> · {deals}"
        f"<ol class='ec-bidlog'>{lines or '<li>No bids yet.</li>'}</ol>{after}"
    )


def seat_html(
    seat: Any,
    student: Any,
    place: str,
    badges: Sequence[str],
    *,
    acting: bool,
    out: bool,
    count: int,
    tricks: int | None,
    team_html: str = "",
) -> str:
    """A seat at the table (``ec-seat``, placed by ``ec-<place>``, its team ``ec-team-<i>``; ``to-act``,
    ``out``): its name, badges (dealer, maker, to act...), how many cards it holds and its tricks."""
    name = seat_name(seat, student, team=False)
    classes = ["ec-seat", f"ec-{place}", f"ec-team-{seat.team.index}"]
    if acting:
        classes.append("to-act")
    if out:
        classes.append("out")
    card_words = "sits this hand out" if out else f"{count} card{'s' if count != 1 else ''}"
    badge_html = "".join(f'<span class="ec-badge">{esc(b)}</span>' for b in badges)
    said = "" if tricks is None else f", {tricks} tricks"  # None: the table hides the tricks taken
    shown = "" if tricks is None else f" · tricks {tricks}"
    return (
        f'<div class="{" ".join(classes)}" aria-label="{esc(name)}: {esc(card_words)}{said}'
        f'{", " + ", ".join(badges) if badges else ""}"><span class="ec-name">{esc(name)}</span>{team_html}'
        f'{badge_html}<span class="ec-count">{esc(card_words)}{shown}</span></div>'
    )


def view_seat_html(
    view: Any,
    seat: Any,
    student: Any,
    place: str,
    roles: Sequence[str],
    *,
    out: bool,
    after: Sequence[str] = (),
    team_html: str = "",
    hide_tricks: bool = False,
) -> str:
    """A seat at the table drawn from a seat ``view`` (:func:`seat_html`): the badges in order (dealer,
    the game's ``roles``, sits out, to act, then ``after``), the cards it holds (the view's public
    ``counts``) and its tricks (none shown with ``hide_tricks``). ``student``: the seat the words are
    said to."""
    badges = ["dealer"] if seat == view.dealer else []
    badges += roles
    if out:
        badges.append("sits out")
    acting = view.to_act == seat
    if acting:
        badges.append("to act")
    badges += after
    seats = tuple(seat.seating.seats)
    counts = tuple(view.counts)
    count = counts[seats.index(seat)] if len(counts) == len(seats) else 0
    tricks = None if hide_tricks else sum(1 for t in view.tricks if t.winner == seat)
    return seat_html(
        seat, student, place, badges, acting=acting, out=out, count=count, tricks=tricks, team_html=team_html
    )


def trick_html(
    hand: Any, seats: Iterable[Any], pos: Any, out: Any, tag: Callable[[str], str], more: str = ""
) -> str:
    """The current trick (``ec-center``, one ``ec-play`` per seat), or the last one, faded, when a new
    trick has not started (its caption ``tag``-ged); ``out``: the seats sitting out; ``more``: the
    centre's other classes."""
    plays = dict(hand.trick_plays)
    caption = "Current trick" if hand.trick_plays else ""
    last = False
    if not plays and hand.tricks:
        t = hand.tricks[-1]
        plays = dict(t.plays)
        caption = tag(f"{t.winner.word} won trick {len(hand.tricks)}")
        last = True
    slots = []
    for seat in seats:
        card = plays.get(seat)
        body = (
            render.face(card, trump=hand.trump)
            if card is not None
            else '<span class="et-empty small"></span>'
        )
        win = last and seat == hand.tricks[-1].winner
        label = f"{seat.word}: {card.name}" if card is not None else f"{seat.word}: no card yet"
        name = seat.name
        if seat in out:
            label, name, body = (
                f"{seat.word} sits out",
                f"{seat.name} · out",
                '<span class="et-empty small out"></span>',
            )
        slots.append(
            f'<div class="ec-play ec-p-{pos[seat]} ec-team-{seat.team.index}{" won" if win else ""}'
            f'{" out" if seat in out else ""}" aria-label="{esc(label)}"><span class="ec-who">{esc(name)}</span>'
            f"{body}</div>"
        )
    return (
        f'<div class="ec-center{" last" if last else ""}{more}"><span class="cap">{esc(caption)}</span>'
        f'<div class="ec-trick">{"".join(slots)}</div></div>'
    )


def log_table_html(log: Any, why: Callable[[Any], str], student: Any = None) -> str:
    """A hand's trick log: one row per trick (leader, cards, winner, why it won), then the result. With
    the student's seat, leader and winner say their side at 3 and 6 players ('P3 (partner)': the short
    name leaves room for the why column; the team colour marks each card)."""

    def who(seat: Any) -> str:
        if student is None or student.players == 4:
            return str(seat.word)
        return f"{seat.name} ({seat_tag(seat, student, team=False)})"

    result = "".join(f"<p class='ec-result'>{esc(r)}</p>" for r in log.result)
    if not log.tricks:
        return "<p>No tricks yet.</p>" + result
    rows = []
    for number, trick in log.tricks:
        plays = " ".join(
            f'<span class="ec-logplay ec-team-{seat.team.index}">{esc(seat.name)} '
            f"{render.face(card, small=True, trump=log.trump)}</span>"
            for seat, card in trick.plays
        )
        rows.append(
            f'<tr><td>{number}</td><td>{esc(who(trick.leader))}</td><td><div class="ec-plays'
            f'{" many" if len(trick.plays) > 4 else ""}">{plays}</div></td>'
            f'<td class="won">{esc(who(trick.winner))}</td><td class="why">{esc(why(trick))}</td></tr>'
        )
    return (
        "<table><thead><tr><th>#</th><th>led by</th><th>cards in play order</th><th>won by</th>"
        f"<th>why</th></tr></thead><tbody>{''.join(rows)}</tbody></table>{result}"
    )


def log_html(
    logs: Sequence[Any],
    shown: Any,
    trump: str,
    explain: Callable[[Any, Any, Any], str],
    summary: Callable[[Any], str],
    student: Any = None,
) -> str:
    """The trick log of the hand ``shown`` (``trump``: its words after the head), then the earlier
    hands folded (``summary`` on each); each trick's why is ``explain(trick, log.trump, log.notrump)``
    (``student``: as :func:`log_table_html`)."""

    head = f'<div class="stock"><b>Trick log · hand {shown.number}</b>{esc(trump)}</div>'
    past = [log for log in logs if log.number < shown.number]
    earlier = "".join(_earlier_hand(log, explain, summary, student) for log in reversed(past))
    if earlier:
        earlier = f'<div class="ec-earlier"><b>Earlier hands</b>{earlier}</div>'
    return head + _log_table(shown, explain, student) + earlier


def _log_table(log: Any, explain: Callable[[Any, Any, Any], str], student: Any) -> str:
    return log_table_html(log, lambda trick: explain(trick, log.trump, log.notrump), student)


def _earlier_hand_html(
    log: Any, explain: Callable[[Any, Any, Any], str], summary: Callable[[Any], str], student: Any
) -> str:
    return f"<details><summary>{esc(summary(log))}</summary>{_log_table(log, explain, student)}</details>"


#: an earlier hand's log does not change while the hands after it are played, so its drawing is kept
#: (by the log's value: an undone and replayed hand is another log) instead of drawn at every redraw
_earlier_hand_kept = functools.lru_cache(maxsize=256)(_earlier_hand_html)


def _earlier_hand(
    log: Any, explain: Callable[[Any, Any, Any], str], summary: Callable[[Any], str], student: Any
) -> str:
    try:
        return _earlier_hand_kept(log, explain, summary, student)
    except TypeError:  # a log that cannot be hashed (a mutable one) is drawn afresh
        return _earlier_hand_html(log, explain, summary, student)


_TABLE_DIV = re.compile(r'<div (?:data-version="\d+" )?class="ec-table')


def with_version(table: str, version: int) -> str:
    """A drawn table (``ec-table``) carrying the version of the shared table it draws (``data-version``,
    in place of any version it carried)."""
    return _TABLE_DIV.sub(f'<div data-version="{version}" class="ec-table', table, count=1)
