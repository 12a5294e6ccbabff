"""The exact Euchre Solitaire solver: an expectimax over the order of the unseen cards.

It works on what the player may know (:class:`Knowledge`): the trump suit, the
hand, the set of unseen cards (whose order in the stock is uniformly random),
the known card on top of the stock (after ordering up) or at its bottom (after
naming), the tricks won so far and, when the deck has led, its lead card. It
never sees the true stock order. It does not import the engine: an adapter
(:mod:`euchre_tutor.games.solitaire.advisor.positions`) builds a :class:`Knowledge` from a view.

Two backends give the same values to the last count: a compiled core
(``_solcore``, C, about 20 times faster) and the pure-Python search below, its
twin and fallback. :data:`BACKEND` names the default: ``"compiled"`` when the
extension was built, ``"python"`` when it was not or when the environment
variable ``EUCHRE_TUTOR_PURE_PYTHON=1`` was set at import; ``Solver(backend=...)``
chooses per solver. Both run the same algorithm on the same abstract states.

How it stays fast and exact
---------------------------
* **State abstraction.** Unseen cards of one effective suit that rank between
  the same two of the player's cards are interchangeable (the left bower counts
  as trump): a suit is a tuple of *gap counts*, high to low, one more than the
  player's cards in it. The three plain suits are sorted, so suits with the
  same shape merge. The known top/bottom card is a marker ``(kind, suit slot, gap)``.
* **Burns by class counts.** When the player leads, the deck's play is
  uniform over the ``q`` eligible unseen cards; the burned cards before it
  are a uniformly random subset of the non-eligible ones. The solver burns a
  *class* at a time (weighted by its count) and memoises each burn state by
  its class counts, so every order of the same burned cards merges into one
  state, shared by every lead of the suit and every position that reaches
  it: card sequences are never enumerated. (Enumerating whole burn vectors in
  closed form, ``k! * prod C(c_i, b_i)`` each, was measured about 3x slower:
  it loses that sharing.)
* **Integer counting.** A state's value counts the orderings of its ``n``
  unseen cards by the number of further tricks the player takes, so the counts
  sum to ``n!``; a transition that burns ``k`` cards and plays one weighs
  ``k! * c_j * prod C(c_i, b_i)``. The six counts are packed in one Python
  integer (64 bits each), so a weighted sum is one big-integer multiply-add.
  Fractions appear only at the end.
* **Memoisation** on canonical states and a normalised *objective signature*:
  once the remaining tricks cannot change anything reported, the state is not
  searched at all (e.g. a third lost trick when not alone).

Objective and tie-breaking
--------------------------
The player maximises a lexicographic objective over the final number of
tricks: the primary utility (the deal's points, or in "win the game" mode the
estimated probability of winning the game), then the points (win mode only),
then P(5 tricks), then P(3+ tricks). Actions equal on every component are
interchangeable for every figure reported, so among them the first in the
enumeration order is taken. The reported P(3+) and P(5) are those of this
policy; e.g. alone, after a lost trick, it still plays for 3 tricks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import factorial, gcd
from typing import Any, Final

from euchre_tutor.advisor.cores import backends, choose, load_core
from euchre_tutor.cards import Card, Suit, deck, effective_suit, playable, trick_power
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.solitaire.rules import deal_points

__all__ = [
    "ALONE_POINTS",
    "BACKEND",
    "BACKENDS",
    "MAX_UNSEEN",
    "POINTS",
    "Knowledge",
    "Objective",
    "Outcome",
    "Solver",
]

#: Points of a deal, from the player's side, by the number of tricks taken (0..5): the rules'
#: scoring table (:func:`euchre_tutor.games.solitaire.rules.deal_points`), net of the deck's points.
POINTS: tuple[int, ...] = tuple(deal_points(t, alone=False).net for t in range(6))
ALONE_POINTS: tuple[int, ...] = tuple(deal_points(t, alone=True).net for t in range(6))
_MARCH: tuple[int, ...] = (0, 0, 0, 0, 0, 1)
_MAKE: tuple[int, ...] = (0, 0, 0, 1, 1, 1)

_W = 64
_MASK = (1 << _W) - 1
_FACT = tuple(factorial(i) for i in range(40))
_ALL = deck(24)

_core: Any = load_core("euchre_tutor.games.solitaire.advisor._solcore")

BACKENDS: Final[tuple[str, ...]] = backends(_core)
"""The backends available in this process, the default first."""

BACKEND: Final[str] = BACKENDS[0]
"""The default backend: ``"compiled"`` (the C core, ``_solcore``) or ``"python"``."""

#: The most unseen cards a position can have; 18! < 2**63, so every count fits 64 bits.
MAX_UNSEEN: Final = 18


@dataclass(frozen=True, slots=True)
class Objective:
    """What the player maximises, lexicographically, by final tricks (0..5).

    ``primary`` is the first utility (integers: points, or scaled game-win
    chances); ``alone`` selects the points table. The full order is primary,
    points, P(5), P(3+).
    """

    primary: tuple[int, ...]
    alone: bool = False

    @classmethod
    def points(cls, alone: bool = False) -> Objective:
        return cls(ALONE_POINTS if alone else POINTS, alone)

    @property
    def components(self) -> tuple[tuple[int, ...], ...]:
        return (self.primary, ALONE_POINTS if self.alone else POINTS, _MARCH, _MAKE)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Exact value of one choice under optimal play afterwards (the player's side).

    ``distribution[t]``: probability of finishing the deal with ``t`` tricks,
    exact for every figure reported (EV, P(3+), P(5), utility) but, where the
    rest of the deal could not change those, lumped at one trick count.
    """

    ev: Fraction
    p3: Fraction
    p5: Fraction
    utility: Fraction
    distribution: tuple[Fraction, ...] = field(repr=False)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Everything the player may know mid-deal, in the solver's own terms.

    ``hand``: the player's remaining cards. ``unseen``: cards still in the
    stock whose place is unknown. ``known_top``/``known_bottom``: the turn
    card while it is still on top (after ordering up) or at the bottom (after
    naming) of the stock. ``deck_lead``: the deck's lead card when the player
    must follow now. ``deck_to_lead``: the deck leads next and has not turned
    yet. ``tricks_won``: by the player so far.
    """

    trump: Suit
    hand: tuple[Card, ...]
    unseen: frozenset[Card]
    known_top: Card | None = None
    known_bottom: Card | None = None
    deck_lead: Card | None = None
    deck_to_lead: bool = False
    tricks_won: int = 0
    alone: bool = False

    def __post_init__(self) -> None:
        cards = [*self.hand, *self.unseen]
        cards += [c for c in (self.known_top, self.known_bottom, self.deck_lead) if c is not None]
        if len(set(cards)) != len(cards):
            raise EuchreError("a card cannot be in the hand, the stock and the trick at once")
        if len(self.unseen) > MAX_UNSEEN:
            raise EuchreError(
                f"{len(self.unseen)} unseen cards is impossible: the stock holds at most {MAX_UNSEEN} "
                "cards the player has not seen (24 cards, less the 5 dealt and the turn card)"
            )
        if self.known_top is not None and self.known_bottom is not None:
            raise EuchreError("only one stock card can be known: the turn card on top or at the bottom")
        if not 0 <= self.tricks_won <= 5 - len(self.hand):
            raise EuchreError(f"{self.tricks_won} tricks won is impossible with {len(self.hand)} cards left")
        if self.deck_lead is not None and self.deck_to_lead:
            raise EuchreError("the deck has already led")

    @property
    def tricks_left(self) -> int:
        return len(self.hand)

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the player may play now (following the deck's lead if able)."""
        led = None if self.deck_lead is None else effective_suit(self.deck_lead, self.trump)
        return playable(self.hand, self.trump, led)


# ---------------------------------------------------------------------------
# Card <-> abstract structure
# ---------------------------------------------------------------------------
#
# A state is (who leads, suits, pool, marker):
# * suits[0]: the trump suit's gap counts, high to low (always present);
# * suits[1:]: the plain suits the player still holds, gap counts, sorted;
# * pool: unseen cards of the plain suits the player is void in. They are
#   interchangeable whatever their suit: the player can never lead them, so
#   they never follow a lead; when the deck leads one, the player cannot
#   follow and may play anything (a trump wins);
# * marker: the known stock card as (kind, slot, gap), kind 0 on top, 1 at
#   the bottom; slot -1 means "in the pool".

Marker = tuple[int, int, int] | None
Suits = tuple[tuple[int, ...], ...]


def _suit_cards(suit: Suit, trump: Suit) -> list[Card]:
    """Cards whose effective suit is ``suit``, high to low."""
    cards = [c for c in _ALL if effective_suit(c, trump) is suit]
    cards.sort(key=lambda c: trick_power(c, trump, suit), reverse=True)
    return cards


@dataclass(frozen=True, slots=True)
class _Layout:
    """The abstract state of a Knowledge, plus where each hand card sits."""

    suits: Suits
    pool: int
    marker: Marker
    card_at: dict[Card, tuple[int, int]]
    extra: tuple[int, int] | None  # class of the deck's lead card, if any


def _layout(k: Knowledge) -> _Layout:
    trump = k.trump
    hand = set(k.hand)
    suits: list[tuple[int, ...]] = []
    card_at: dict[Card, tuple[int, int]] = {}
    marker: Marker = None
    extra: tuple[int, int] | None = None
    pool = 0
    for suit in (trump, *[s for s in Suit if s is not trump]):
        gaps = [0]
        places: list[tuple[Card, int]] = []
        for card in _suit_cards(suit, trump):
            if card in hand:
                places.append((card, len(gaps) - 1))
                gaps.append(0)
            elif card in k.unseen:
                gaps[-1] += 1
            elif card == k.known_top or card == k.known_bottom or card == k.deck_lead:
                places.append((card, len(gaps) - 1))
        void = suit is not trump and len(gaps) == 1
        slot = -1 if void else len(suits)
        if void:
            pool += gaps[0]
        else:
            suits.append(tuple(gaps))
        for card, gap in places:
            if card in hand:
                card_at[card] = (slot, gap)
            elif card == k.deck_lead:
                extra = (slot, 0 if void else gap)
            else:
                marker = (0 if card == k.known_top else 1, slot, 0 if void else gap)
    return _Layout(tuple(suits), pool, marker, card_at, extra)


# ---------------------------------------------------------------------------
# Objective signatures
# ---------------------------------------------------------------------------


def _normalise(values: Sequence[int]) -> tuple[int, ...] | None:
    low = min(values)
    shifted = [v - low for v in values]
    g = 0
    for v in shifted:
        g = gcd(g, v)
    if g == 0:
        return None
    return tuple(v // g for v in shifted)


def _lexicographic_weights(comps: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int], ...]:
    """Weights per trick count whose weighted sum of counts orders values like the tuple of components.

    Each normalised component is non-negative and its value on a state is at
    most ``max(component) * n!`` with ``n!`` below ``2**_W``; stacking the
    components in disjoint bit ranges, first component highest, turns the
    lexicographic comparison into one comparison of integers.
    """
    shift = 0
    weights = [0] * (max((len(c) for c in comps), default=0))
    for comp in reversed(comps):
        for t, c in enumerate(comp):
            weights[t] += c << shift
        shift += _W + max(comp).bit_length() + len(comp).bit_length()
    return tuple((_W * t, w) for t, w in enumerate(weights) if w)


def _merge(gaps: tuple[int, ...], i: int) -> tuple[int, ...]:
    """The suit once the player's card ``i`` has gone: its two gaps merge."""
    return (*gaps[:i], gaps[i] + gaps[i + 1], *gaps[i + 2 :])


class Solver:
    """One search's memo and signature tables; reuse it across related positions.

    A solver is not thread-safe; create one per background task. Its memory
    grows with what it has solved: drop it (or call :meth:`clear`) between deals.
    ``backend``: ``"compiled"`` (the C core, the default when it was built) or
    ``"python"``; both give the same values to the last count.

    >>> Solver(backend="python").backend
    'python'
    """

    #: Memo entries kept between calls (Python: about 25 MB per 100,000; compiled: about 10 MB):
    #: past this the memo is cleared at the start of the next public call, so a long dashboard
    #: session stays bounded.
    DEFAULT_MAX_STATES = 150_000

    def __init__(self, max_states: int = DEFAULT_MAX_STATES, *, backend: str | None = None) -> None:
        self.max_states = max_states
        self.backend = choose(backend, _core, "Solitaire core")
        self._core: Any = _core.Core() if self.backend == "compiled" else None
        self._core_sigs = 0  # signatures the core has been given
        self._memo: dict[tuple[object, ...], int] = {}
        self._memo_burn: dict[tuple[object, ...], tuple[int, ...]] = {}
        self._sig_ids: dict[tuple[int, tuple[tuple[int, ...], ...]], int] = {}
        self._sig_r: list[int] = []
        self._sig_comps: list[tuple[tuple[int, ...], ...]] = []
        self._sig_weights: list[tuple[tuple[int, int], ...]] = []
        self._sig_win: list[int] = []
        self._sig_loss: list[int] = []

    def clear(self) -> None:
        self._memo.clear()
        self._memo_burn.clear()
        if self._core is not None:
            self._core.clear()

    def _bound(self) -> None:
        if self.states > self.max_states:
            self.clear()

    @property
    def states(self) -> int:
        """Memoised states (values and burn states), in whichever backend has them."""
        core = self._core.states() if self._core is not None else 0
        return len(self._memo) + len(self._memo_burn) + core

    @property
    def compiled_bytes(self) -> int:
        """Bytes held by the compiled core's memo tables (0 with the Python backend)."""
        return int(self._core.nbytes()) if self._core is not None else 0

    # -- the compiled core ------------------------------------------------------

    def _compiled(self) -> Any:
        """The C core, given every signature so far; None with the Python backend."""
        if self._core is None:
            return None
        if self._core_sigs != len(self._sig_r):
            self._core.set_sigs(
                [
                    (self._sig_r[i], self._sig_win[i], self._sig_loss[i], self._sig_comps[i])
                    for i in range(len(self._sig_r))
                ]
            )
            self._core_sigs = len(self._sig_r)
        return self._core

    def _top_lead(self, suits: Suits, pool: int, mk: Marker, sig: int, s: int, i: int, n: int) -> int:
        core = self._compiled()
        if core is None:
            return self._lead(suits, pool, mk, sig, s, i, n)
        return _pack(core.lead(suits, pool, mk, sig, s, i, n))

    def _top_deck_leads(self, suits: Suits, pool: int, mk: Marker, sig: int, n: int) -> int:
        core = self._compiled()
        if core is None:
            return self._deck_leads(suits, pool, mk, sig, n)
        return _pack(core.deck_leads(suits, pool, mk, sig, n))

    def _top_responses(
        self, suits: Suits, pool: int, mk: Marker, sig: int, led_slot: int, led_gap: int, n: int
    ) -> dict[tuple[int, int], int]:
        core = self._compiled()
        if core is None:
            return self.responses(suits, pool, mk, sig, led_slot, led_gap, n)
        found = core.responses(suits, pool, mk, sig, led_slot, led_gap, n)
        return {where: _pack(counts) for where, counts in found.items()}

    # -- signatures ---------------------------------------------------------

    def _sig(self, objective: Objective, tw: int, r: int) -> int:
        comps: list[tuple[int, ...]] = []
        for comp in objective.components:
            norm = _normalise(comp[tw : tw + r + 1])
            if norm is not None and norm not in comps:
                comps.append(norm)
        key = (r, tuple(comps))
        found = self._sig_ids.get(key)
        if found is not None:
            return found
        sid = len(self._sig_r)
        self._sig_ids[key] = sid
        self._sig_r.append(r)
        self._sig_comps.append(key[1])
        self._sig_weights.append(_lexicographic_weights(key[1]))
        self._sig_win.append(-1)
        self._sig_loss.append(-1)
        if r > 0:
            self._sig_win[sid] = self._sig(objective, tw + 1, r - 1)
            self._sig_loss[sid] = self._sig(objective, tw, r - 1)
        return sid

    def _key(self, sig: int, value: int) -> int:
        """The lexicographic objective of a packed value, as one integer (see _lexicographic_weights)."""
        return sum(w * ((value >> sh) & _MASK) for sh, w in self._sig_weights[sig])

    # -- search ---------------------------------------------------------------

    def _child(self, suits: list[tuple[int, ...]], pool: int, mk: Marker, lead: int, sig: int, n: int) -> int:
        """Value of a successor state: prune, close the last trick, or canonicalise and look up."""
        if not self._sig_comps[sig]:
            return _FACT[n]
        # Plain suits the player no longer holds join the pool.
        if mk is None:
            offs = [g for g in suits[1:] if len(g) > 1]
            if len(offs) != len(suits) - 1:
                pool += sum(g[0] for g in suits[1:] if len(g) == 1)
            if self._sig_r[sig] == 1:
                return self._last_trick(suits[0], offs, None, lead, n)
            offs.sort()
        else:
            offs = []
            mslot = mk[1]
            new_mslot = mslot
            for t in range(1, len(suits)):
                g = suits[t]
                if len(g) == 1:
                    pool += g[0]
                    if mslot == t:
                        new_mslot = -1
                else:
                    offs.append(g)
                    if mslot == t:
                        new_mslot = len(offs)
            if new_mslot != mslot:
                mk = (mk[0], new_mslot, mk[2] if new_mslot >= 0 else 0)
            if self._sig_r[sig] == 1 and mk[0] == 1:
                return self._last_trick(suits[0], offs, mk, lead, n)
            if len(offs) > 1:
                if mk[1] >= 1:
                    mslot, mgap = mk[1], mk[2]
                    tagged = sorted((g, mgap if t + 1 == mslot else -1, t + 1) for t, g in enumerate(offs))
                    offs = [x[0] for x in tagged]
                    mk = (mk[0], 1 + [x[2] for x in tagged].index(mslot), mgap)
                else:
                    offs.sort()
        key = (sig, lead, pool, mk, suits[0], *offs)
        found = self._memo.get(key)
        if found is not None:
            return found
        state = (suits[0], *offs)
        if lead:
            value = self._deck_leads(state, pool, mk, sig, n)
        else:
            value = self._player_leads(state, pool, mk, sig, n)
        self._memo[key] = value
        return value

    def _last_trick(
        self, trumps: tuple[int, ...], offs: list[tuple[int, ...]], mk: Marker, lead: int, n: int
    ) -> int:
        """Closed form of the last trick (one card left, no known card on top)."""
        if len(trumps) == 2:
            s, (above, below) = 0, trumps
        else:
            s, (above, below) = 1, offs[0]
        ntr = sum(trumps)
        fact = _FACT[n]
        if lead == 0:
            q = above + below + (ntr if s else 0)
            if q == 0:
                if mk is not None and mk[1] in (s, 0) and mk[1] >= 0:
                    deck_wins = mk[2] == 0 if mk[1] == s else True
                    return fact if deck_wins else fact << _W
                return fact << _W
            beaters = above + (ntr if s else 0)
            unit = fact // q
            return (unit * (q - beaters) << _W) + unit * beaters
        if n == 0:
            if mk is None:
                return 1 << _W
            wins = mk[2] > 0 if mk[1] == s else s == 0 and mk[1] != 0
            return 1 << _W if wins else 1
        wins_count = below + (n - ntr if s == 0 else 0)
        unit = _FACT[n - 1]
        return (unit * wins_count << _W) + unit * (n - wins_count)

    def _player_leads(self, suits: Suits, pool: int, mk: Marker, sig: int, n: int) -> int:
        best_key: int | None = None
        value = 0
        mslot = -2 if mk is None else mk[1]
        for slot in range(len(suits)):
            gaps = suits[slot]
            if len(gaps) == 1:
                continue
            if slot > 1 and gaps == suits[slot - 1] and mslot not in (slot, slot - 1):
                continue  # same shape as the previous plain suit: same values
            for i in range(len(gaps) - 1):
                if i > 0 and gaps[i] == 0 and not (mslot == slot and mk[2] == i):  # type: ignore[index]
                    continue  # nothing between this card and the one above: the same card
                v = self._lead(suits, pool, mk, sig, slot, i, n)
                k = self._key(sig, v)
                if best_key is None or k > best_key:
                    best_key, value = k, v
        return value

    def _lead(self, suits: Suits, pool: int, mk: Marker, sig: int, s: int, i: int, n: int) -> int:
        """The player leads their card ``i`` of slot ``s``; ``n`` unseen cards."""
        r = self._sig_r[sig]
        win_sig, loss_sig = self._sig_win[sig], self._sig_loss[sig]
        gs = suits[s]
        removed = _merge(gs, i)
        if mk is not None and mk[0] == 0:
            # The known card on top is turned first.
            _, mslot, mgap = mk
            if mslot == s or mslot == 0:
                deck_wins = mgap <= i if mslot == s else True
                child = list(suits)
                child[s] = removed
                if deck_wins:
                    return self._child(child, pool, None, 1, loss_sig, n)
                return self._child(child, pool, None, 0, win_sig, n) << _W
            return self._lead(suits, pool, None, sig, s, i, n)  # burned; the rest is random
        q = sum(gs) + (sum(suits[0]) if s else 0)
        fact = _FACT
        if q == 0:
            if mk is not None and mk[1] >= 0 and (mk[1] == s or mk[1] == 0):
                deck_wins = mk[2] <= i if mk[1] == s else True
                # The stock is then empty: the player takes every remaining trick.
                return fact[n] << (_W * (r - 1 if deck_wins else r))
            return fact[n] << (_W * r)  # the stock runs out
        if r == 1:
            beaters = sum(gs[: i + 1]) + (sum(suits[0]) if s else 0)
            unit = fact[n] // q
            return (unit * (q - beaters) << _W) + unit * beaters
        return self._burn(suits, pool, mk, sig, s, n)[i]

    def _burn(self, suits: Suits, pool: int, mk: Marker, sig: int, s: int, n: int) -> tuple[int, ...]:
        """Values of leading each of the player's cards of slot ``s`` (no known top card, q > 0).

        The deck turns one card: an eligible one is its play, any other is
        burned and the search goes on; memoised, so burn orders merge, and
        shared by every card of the led suit.
        """
        if len(suits) > 2:
            # Canonical key: plain suits sorted, tagged with the led suit and the marker.
            if mk is None or mk[1] <= 0:
                tags = sorted((suits[t], t == s, -1) for t in range(1, len(suits)))
                key: tuple[object, ...] = (sig, s == 0, pool, mk, suits[0], *tags)
            else:
                tags = sorted((suits[t], t == s, mk[2] if t == mk[1] else -1) for t in range(1, len(suits)))
                key = (sig, s == 0, pool, mk[0], suits[0], *tags)
        else:
            key = (sig, s, pool, mk, *suits)
        found = self._memo_burn.get(key)
        if found is not None:
            return found
        win_sig, loss_sig = self._sig_win[sig], self._sig_loss[sig]
        gs = suits[s]
        cards = len(gs) - 1
        vals = [0] * cards
        m = n - 1
        child = list(suits)
        mks = [mk] * cards
        if mk is not None and mk[1] == s:
            mks = [(mk[0], s, mk[2] - 1) if mk[2] > i else mk for i in range(cards)]
        # Card i is the same card as card i-1 when nothing lies between them.
        mgap = mk[2] if mk is not None and mk[1] == s else -1
        same = [i > 0 and gs[i] == 0 and mgap != i for i in range(cards)]
        for t in (s, 0) if s else (0,):
            tg = suits[t]
            for j, c in enumerate(tg):
                if not c:
                    continue
                dec = (*tg[:j], c - 1, *tg[j + 1 :])
                v = 0
                if t == s:
                    for i in range(cards):
                        if not (same[i] and j != i):
                            child[s] = (*dec[:i], dec[i] + dec[i + 1], *dec[i + 2 :])
                            if j <= i:
                                v = c * self._child(child, pool, mks[i], 1, loss_sig, m)
                            else:
                                v = c * self._child(child, pool, mks[i], 0, win_sig, m) << _W
                        vals[i] += v
                else:
                    child[0] = dec
                    for i in range(cards):
                        if not same[i]:
                            child[s] = (*gs[:i], gs[i] + gs[i + 1], *gs[i + 2 :])
                            v = c * self._child(child, pool, mks[i], 1, loss_sig, m)
                        vals[i] += v
                    child[0] = suits[0]
        for t in range(1, len(suits)):
            if t == s:
                continue
            gaps = suits[t]
            for j, c in enumerate(gaps):
                if c:
                    burned = list(suits)
                    burned[t] = (*gaps[:j], c - 1, *gaps[j + 1 :])
                    sub = self._burn(tuple(burned), pool, mk, sig, s, m)
                    for i in range(cards):
                        vals[i] += c * sub[i]
        if pool:
            sub = self._burn(suits, pool - 1, mk, sig, s, m)
            for i in range(cards):
                vals[i] += pool * sub[i]
        out = tuple(vals)
        self._memo_burn[key] = out
        return out

    def _deck_leads(self, suits: Suits, pool: int, mk: Marker, sig: int, n: int) -> int:
        """The deck turns its top card and leads it; the player answers."""
        r = self._sig_r[sig]
        if mk is not None and mk[0] == 0:
            return self._respond(suits, pool, None, sig, mk[1], mk[2], n)
        if n == 0:
            if mk is None:
                return 1 << (_W * r)  # the deck cannot lead: every trick is the player's
            return self._respond(suits, pool, None, sig, mk[1], mk[2], n)
        total = 0
        for t in range(len(suits)):
            gaps = suits[t]
            for j, c in enumerate(gaps):
                if c:
                    g2 = list(gaps)
                    g2[j] -= 1
                    after = list(suits)
                    after[t] = tuple(g2)
                    total += c * self._respond(tuple(after), pool, mk, sig, t, j, n - 1)
        if pool:
            total += pool * self._respond(suits, pool - 1, mk, sig, -1, 0, n - 1)
        return total

    def _respond(
        self, suits: Suits, pool: int, mk: Marker, sig: int, led_slot: int, led_gap: int, n: int
    ) -> int:
        """Best answer to the deck's lead of class (led_slot, led_gap), already removed."""
        win_sig, loss_sig = self._sig_win[sig], self._sig_loss[sig]
        follow = led_slot >= 0 and len(suits[led_slot]) > 1
        best = -1
        best_key = -1
        mslot = -2 if mk is None else mk[1]
        child = list(suits)
        for s in (led_slot,) if follow else range(len(suits)):
            gs = suits[s]
            for i in range(len(gs) - 1):
                if i > 0 and gs[i] == 0 and not (mslot == s and mk[2] == i) and not (follow and led_gap == i):  # type: ignore[index]
                    continue  # the same card as the one above (nothing, not even the led card, between)
                wins = i < led_gap if follow else s == 0 and led_slot != 0
                child[s] = (*gs[:i], gs[i] + gs[i + 1], *gs[i + 2 :])
                mk2 = mk
                if mslot == s and mk[2] > i:  # type: ignore[index]
                    mk2 = (mk[0], s, mk[2] - 1)  # type: ignore[index]
                if wins:
                    v = self._child(child, pool, mk2, 0, win_sig, n) << _W
                else:
                    v = self._child(child, pool, mk2, 1, loss_sig, n)
                child[s] = gs
                if best < 0:
                    best = v
                    continue
                if best_key < 0:
                    best_key = self._key(sig, best)
                k = self._key(sig, v)
                if k > best_key:
                    best_key, best = k, v
        return best

    def responses(
        self, suits: Suits, pool: int, mk: Marker, sig: int, led_slot: int, led_gap: int, n: int
    ) -> dict[tuple[int, int], int]:
        """Value of each legal answer (slot, index) to a deck lead."""
        win_sig, loss_sig = self._sig_win[sig], self._sig_loss[sig]
        follow = led_slot >= 0 and len(suits[led_slot]) > 1
        out: dict[tuple[int, int], int] = {}
        for s in (led_slot,) if follow else range(len(suits)):
            gs = suits[s]
            for i in range(len(gs) - 1):
                wins = i < led_gap if follow else s == 0 and led_slot != 0
                child = list(suits)
                child[s] = _merge(gs, i)
                mk2 = mk
                if mk is not None and mk[1] == s and mk[2] > i:
                    mk2 = (mk[0], s, mk[2] - 1)
                if wins:
                    out[(s, i)] = self._child(child, pool, mk2, 0, win_sig, n) << _W
                else:
                    out[(s, i)] = self._child(child, pool, mk2, 1, loss_sig, n)
        return out

    # -- public entry points ----------------------------------------------------

    def play_values(self, knowledge: Knowledge, objective: Objective) -> dict[Card, Outcome]:
        """Exact value of every legal card in a mid-deal position, in hand order."""
        self._bound()
        k = knowledge
        lay = _layout(k)
        r = len(k.hand)
        if r == 0:
            raise EuchreError("the deal is over: there is no card left to play")
        sig = self._sig(objective, k.tricks_won, r)
        n = len(k.unseen)
        out: dict[Card, Outcome] = {}
        if k.deck_lead is not None:
            assert lay.extra is not None
            values = self._top_responses(lay.suits, lay.pool, lay.marker, sig, lay.extra[0], lay.extra[1], n)
            for card in k.legal_cards():
                out[card] = _outcome(values[lay.card_at[card]], n, k.tricks_won, r, objective)
            return out
        if k.deck_to_lead:
            raise EuchreError("the deck leads next: there is no choice to make until it has turned its card")
        for card in k.hand:
            slot, i = lay.card_at[card]
            v = self._top_lead(lay.suits, lay.pool, lay.marker, sig, slot, i, n)
            out[card] = _outcome(v, n, k.tricks_won, r, objective)
        return out

    def position_value(self, knowledge: Knowledge, objective: Objective) -> Outcome:
        """Value of a position under optimal play (the best card, or the deck's turn)."""
        self._bound()
        k = knowledge
        n = len(k.unseen)
        if not k.hand:
            return _outcome(_FACT[n], n, k.tricks_won, 0, objective)
        if not k.deck_to_lead:
            return best_outcome(self.play_values(k, objective).values())
        lay = _layout(k)
        r = len(k.hand)
        sig = self._sig(objective, k.tricks_won, r)
        v = (
            self._top_deck_leads(lay.suits, lay.pool, lay.marker, sig, n)
            if self._sig_comps[sig]
            else _FACT[n]
        )
        return _outcome(v, n, k.tricks_won, r, objective)


def _pack(counts: Sequence[int]) -> int:
    """The C core's six counts as one integer, 64 bits a trick count (the Python search's form)."""
    return sum(c << (_W * t) for t, c in enumerate(counts))


def _outcome(value: int, n: int, tw: int, r: int, objective: Objective) -> Outcome:
    total = _FACT[n]
    dist = [Fraction(0)] * 6
    for t in range(r + 1):
        f = (value >> (_W * t)) & _MASK
        if f:
            dist[tw + t] = Fraction(f, total)
    pts = ALONE_POINTS if objective.alone else POINTS
    return Outcome(
        ev=sum((p * d for p, d in zip(pts, dist, strict=True)), Fraction(0)),
        p3=sum(dist[3:], Fraction(0)),
        p5=dist[5],
        utility=sum((p * d for p, d in zip(objective.primary, dist, strict=True)), Fraction(0)),
        distribution=tuple(dist),
    )


def outcome_key(o: Outcome) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """The lexicographic order the solver maximises: utility, EV, P(5), P(3+)."""
    return (o.utility, o.ev, o.p5, o.p3)


def best_outcome(outcomes: Iterable[Outcome]) -> Outcome:
    best: Outcome | None = None
    for o in outcomes:
        if best is None or outcome_key(o) > outcome_key(best):
            best = o
    if best is None:
        raise EuchreError("no choice to value")
    return best
