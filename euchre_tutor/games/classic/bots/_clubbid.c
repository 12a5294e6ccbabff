/* The compiled core of the rule-based (Club) player's bidding in the classic advisor's play-outs
 * (euchre_tutor.games.classic.bots.playout_bidding).
 *
 * It is the twin of finish_bidding_by (rule_based.py) under the house rules that module accepts
 * (four players, no joker, no no-trump, no misdeal or farmer's hand, "alone" said with the bid or
 * never, no call for best, no defending alone): from a state in round 1, round 2 or the dealer's
 * discard it takes every decision up to the first lead as the rule-based players would, with the
 * engine's steps, and returns the decisions and the end. The tests compare the states it leads to
 * with the engine's under every such rule set.
 *
 * Every number comes from the Python tables (set_tables): a card's points for each trump, whether it
 * is a trump, the bit of its effective suit, its bower kind, and its worth to keep for the discard.
 * The points are multiples of a quarter (and the up card's share of an eighth), so every sum here is
 * exact and equals Python's whatever the order; where an order decides a tie (the first card of
 * the least worth, the first best suit), it is the order Python uses (the hand's, the suits').
 *
 * finish(rules, players, state) -> (phase, passes, trump, maker, alone, leader, picked_up, discard,
 * actions, masks): rules = (dealer_bids_first, stick, stuck_may_name_up, requirement, canadian,
 * alone_with_bid, may_discard_up, exchanges_when_partner_alone, loner_left); players = per seat
 * (bid, alone, need by position in round 1 (4), in round 2 (4)); state = (phase, to_act, passes,
 * dealer, up, trump, maker, alone, hands: four sequences of card indices in hand order, first: the
 * code of an action the seat to act takes first, as the engine would, or -1). Phases:
 * 1 round 1, 2 round 2, 3 the dealer's discard, 4 play, 5 over. actions: (seat, code) in order,
 * code 0 pass, 1 order, 2 order alone, 10 + suit call, 20 + suit call alone, 100 + card discard
 * (the first action among them); masks: every seat's cards at the end, a bit per card index.
 *
 * finish_ends(...) does the same for a batch of worlds and plays each end out by the search core's
 * compiled rollout, read as its first lead (see the function): a bid's play-outs in one call.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define NCARDS 33
/* A first lead handed to the search core's rollout_packed is a record of int64s in _trickdd.c's layout
 * (its RECORD_INTS: 4 + six seats' unseen cards + its position's ints at most, 11 + 4 * 6; a test
 * compares the two modules' sizes): a four-seat position at a trick's start has 11 + 2 * 4 ints. */
#define PACKED_SEATS 6
#define POSITION_INTS 19
#define RECORD_INTS (4 + PACKED_SEATS + 11 + 4 * PACKED_SEATS)
#define MAX_HAND 8
#define MAX_ACTS 32

enum { ROUND_1 = 1, ROUND_2 = 2, DISCARD = 3, PLAY = 4, OVER = 5 };

static double PTS[4][NCARDS];
static int TRUMPED[4][NCARDS], SBIT[4][NCARDS], BOWER[4][NCARDS];
static int PLAIN[4];
static double WORTH[4][NCARDS];
static int WSUIT[4][NCARDS], WTRUMPED[4][NCARDS];
static int ready = 0;

typedef struct {
    int dealer_bids_first, stick, stuck_may_name_up, requirement, canadian, alone_with_bid;
    int may_discard_up, exchanges_when_partner_alone, loner_left;
} Rules;

typedef struct {
    double bid, alone, need1[4], need2[4];
} Player;

typedef struct {
    int phase, to_act, passes, dealer, up, up_suit, trump, maker, alone;
    int n[4];
    int hand[4][MAX_HAND];
    int picked_up, discard, leader;
    int nacts;
    int act_seat[MAX_ACTS], act_code[MAX_ACTS];
} State;

static int popcount(int x) {
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

/* hand_strength: the points in hand order, and half a point per plain void with two trumps or more */
static double strength(const int *cards, int n, int trump) {
    double points = 0.0;
    int trumps = 0, mask = 0;
    for (int i = 0; i < n; i++) {
        points += PTS[trump][cards[i]];
        trumps += TRUMPED[trump][cards[i]];
        mask |= SBIT[trump][cards[i]];
    }
    if (trumps >= 2) points += 0.5 * (3 - popcount(mask & PLAIN[trump]));
    return points;
}

/* weakest: the position of the first card (among the allowed) of the least worth to keep */
static int weakest(const int *cards, int n, int trump, int forbidden) {
    int count[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) count[WSUIT[trump][cards[i]]]++;
    int drop = -1;
    double least = 0.0;
    for (int i = 0; i < n; i++) {
        int c = cards[i];
        if (c == forbidden) continue;
        double worth = WORTH[trump][c];
        if (!WTRUMPED[trump][c] && count[WSUIT[trump][c]] == 1) worth -= 3;
        if (drop < 0 || worth < least) {
            drop = i;
            least = worth;
        }
    }
    return drop;
}

static int alone_worthy(const int *cards, int n, int trump, double points, const Player *p) {
    int right = 0, left = 0, trumps = 0;
    for (int i = 0; i < n; i++) {
        int b = BOWER[trump][cards[i]];
        if (b == 2) right = 1;
        if (b == 1) left = 1;
        trumps += TRUMPED[trump][cards[i]];
    }
    return points >= p->alone && right && (left || trumps >= 4);
}

static int first_bidder(const Rules *r, int dealer) { return r->dealer_bids_first ? dealer : (dealer + 1) % 4; }
static int last_bidder(const Rules *r, int dealer) { return (first_bidder(r, dealer) + 3) % 4; }
static int position(int seat, int dealer) { return ((seat - dealer - 1) % 4 + 4) % 4; }

static int may_order(const Rules *r, const State *s, int seat) {
    if (r->requirement == 0 || seat == s->dealer) return 1;
    for (int i = 0; i < s->n[seat]; i++) {
        int c = s->hand[seat][i];
        if (r->requirement == 1 ? TRUMPED[s->up_suit][c] : c / 8 == s->up_suit) return 1;
    }
    return 0;
}

/* The rule-based player's round-1 decision (RuleBasedPlayer._round_1 with its legal actions). */
static int decide_round_1(const Rules *r, const Player *p, const State *s, int seat) {
    int order = 0, order_alone = 0;
    if (may_order(r, s, seat)) {
        order = !(r->canadian && seat == (s->dealer + 2) % 4);
        order_alone = r->alone_with_bid;
    }
    if (!order && !order_alone) return 0;
    int trump = s->up_suit;
    int cards[MAX_HAND + 1];
    int n = s->n[seat];
    memcpy(cards, s->hand[seat], sizeof(int) * n);
    if (seat == s->dealer) { /* the dealer counts its best five of six with the up card */
        cards[n++] = s->up;
        int drop = weakest(cards, n, trump, -1);
        for (int i = drop; i < n - 1; i++) cards[i] = cards[i + 1];
        n--;
    }
    double share = 0.0, up_value = PTS[trump][s->up];
    if (s->dealer == (seat + 2) % 4)
        share = 0.5 * up_value;
    else if (s->dealer != seat)
        share = -0.5 * up_value;
    double points = strength(cards, n, trump) + share;
    if (!order) /* the Canadian loner: alone or nothing */
        return points >= p->bid && alone_worthy(cards, n, trump, points, p) ? 2 : 0;
    if (points < p->need1[position(seat, s->dealer)]) return 0;
    if (order_alone && alone_worthy(cards, n, trump, points, p)) return 2;
    return 1;
}

/* The rule-based player's round-2 decision (RuleBasedPlayer._round_2). */
static int decide_round_2(const Rules *r, const Player *p, const State *s, int seat) {
    int stuck = r->stick && seat == last_bidder(r, s->dealer);
    int best = -1;
    double points = 0.0;
    for (int suit = 0; suit < 4; suit++) {
        if (suit == s->up_suit && !(stuck && r->stuck_may_name_up)) continue;
        double v = strength(s->hand[seat], s->n[seat], suit);
        if (best < 0 || v > points) {
            best = suit;
            points = v;
        }
    }
    double need = p->need2[position(seat, s->dealer)];
    if (stuck && points < need) points = need;
    if (points < need) return 0;
    if (r->alone_with_bid && alone_worthy(s->hand[seat], s->n[seat], best, points, p)) return 20 + best;
    return 10 + best;
}

static void start_play(const Rules *r, State *s) {
    int from = r->loner_left && s->alone ? s->maker : s->dealer;
    int out = s->alone ? (s->maker + 2) % 4 : -1;
    for (int k = 1; k <= 4; k++) {
        int seat = (from + k) % 4;
        if (seat != out) {
            s->leader = seat;
            break;
        }
    }
    s->phase = PLAY;
    s->to_act = s->leader;
}

static int remove_card(State *s, int seat, int card) {
    for (int i = 0; i < s->n[seat]; i++) {
        if (s->hand[seat][i] == card) {
            for (int j = i; j < s->n[seat] - 1; j++) s->hand[seat][j] = s->hand[seat][j + 1];
            s->n[seat]--;
            return 1;
        }
    }
    return 0;
}

/* One action by the seat to act, as the engine applies it (bidding.py). Returns 0 on an action the
 * state does not allow here. */
static int apply(const Rules *r, State *s, int code) {
    int seat = s->to_act;
    if (s->nacts >= MAX_ACTS) return 0;
    s->act_seat[s->nacts] = seat;
    s->act_code[s->nacts] = code;
    s->nacts++;
    if (s->phase == ROUND_1 || s->phase == ROUND_2) {
        if (code == 0) {
            s->passes++;
            if (seat != last_bidder(r, s->dealer)) {
                s->to_act = (seat + 1) % 4;
            } else if (s->phase == ROUND_1) {
                s->phase = ROUND_2;
                s->to_act = first_bidder(r, s->dealer);
            } else {
                s->phase = OVER;
                s->to_act = -1;
            }
            return 1;
        }
        if (s->phase == ROUND_1 && (code == 1 || code == 2)) {
            int alone = code == 2;
            s->trump = s->up_suit;
            s->maker = seat;
            if (alone && seat == (s->dealer + 2) % 4 && !r->exchanges_when_partner_alone) {
                s->alone = 1;
                start_play(r, s);
                return 1;
            }
            s->alone = alone;
            if (s->n[s->dealer] >= MAX_HAND) return 0;
            s->hand[s->dealer][s->n[s->dealer]++] = s->up;
            s->picked_up = 1;
            s->phase = DISCARD;
            s->to_act = s->dealer;
            return 1;
        }
        if (s->phase == ROUND_2 && code >= 10 && code < 24) {
            s->trump = code % 10;
            s->maker = seat;
            s->alone = code >= 20;
            start_play(r, s);
            return 1;
        }
        return 0;
    }
    if (s->phase == DISCARD && code >= 100 && code < 100 + NCARDS) {
        if (!remove_card(s, s->dealer, code - 100)) return 0;
        s->discard = code - 100;
        start_play(r, s);
        return 1;
    }
    return 0;
}

static int read_doubles(PyObject *seq, double *out, int n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %d numbers", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        out[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* A short sequence of whole numbers (read as doubles, which hold them exactly). */
static int read_ints(PyObject *seq, int *out, int n, const char *what) {
    double tmp[16];
    if (n > 16) {
        PyErr_SetString(PyExc_ValueError, "too many numbers");
        return -1;
    }
    if (read_doubles(seq, tmp, n, what) < 0) return -1;
    for (int i = 0; i < n; i++) out[i] = (int)tmp[i];
    return 0;
}

/* set_tables(strength, plain, worth): per trump, per card index, (points, trump, suit bit, bower) and
 * (worth, effective suit, trump); per trump, the bits of the plain suits. */
static PyObject *set_tables(PyObject *self, PyObject *args) {
    PyObject *strength_rows, *plain, *worth_rows;
    if (!PyArg_ParseTuple(args, "OOO", &strength_rows, &plain, &worth_rows)) return NULL;
    if (read_ints(plain, PLAIN, 4, "plain") < 0) return NULL;
    for (int t = 0; t < 4; t++) {
        PyObject *srow = PySequence_GetItem(strength_rows, t);
        PyObject *wrow = PySequence_GetItem(worth_rows, t);
        if (srow == NULL || wrow == NULL) {
            Py_XDECREF(srow);
            Py_XDECREF(wrow);
            return NULL;
        }
        for (int c = 0; c < NCARDS; c++) {
            PyObject *si = PySequence_GetItem(srow, c), *wi = PySequence_GetItem(wrow, c);
            int ok = si != NULL && wi != NULL;
            if (ok) {
                PyObject *sf = PySequence_Fast(si, "a strength row"), *wf = PySequence_Fast(wi, "a worth row");
                ok = sf != NULL && wf != NULL && PySequence_Fast_GET_SIZE(sf) == 4 && PySequence_Fast_GET_SIZE(wf) == 3;
                if (ok) {
                    PTS[t][c] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(sf, 0));
                    TRUMPED[t][c] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(sf, 1));
                    SBIT[t][c] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(sf, 2));
                    BOWER[t][c] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(sf, 3));
                    WORTH[t][c] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(wf, 0));
                    WSUIT[t][c] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(wf, 1));
                    WTRUMPED[t][c] = PyObject_IsTrue(PySequence_Fast_GET_ITEM(wf, 2));
                    ok = !PyErr_Occurred() && WSUIT[t][c] >= 0 && WSUIT[t][c] < 4;
                } else if (!PyErr_Occurred()) {
                    PyErr_SetString(PyExc_ValueError, "a table row has the wrong length");
                }
                Py_XDECREF(sf);
                Py_XDECREF(wf);
            }
            Py_XDECREF(si);
            Py_XDECREF(wi);
            if (!ok) {
                Py_DECREF(srow);
                Py_DECREF(wrow);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a table row is malformed");
                return NULL;
            }
        }
        Py_DECREF(srow);
        Py_DECREF(wrow);
    }
    ready = 1;
    Py_RETURN_NONE;
}

/* The rules and the four players as finish reads them; -1 with a Python error. */
static int read_table(PyObject *rules_obj, PyObject *players_obj, Rules *r, Player *players) {
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "set_tables was not called");
        return -1;
    }
    int rv[9];
    if (read_ints(rules_obj, rv, 9, "rules") < 0) return -1;
    Rules rules = {rv[0], rv[1], rv[2], rv[3], rv[4], rv[5], rv[6], rv[7], rv[8]};
    *r = rules;
    for (int i = 0; i < 4; i++) {
        double pv[10];
        PyObject *one = PySequence_GetItem(players_obj, i);
        if (one == NULL) return -1;
        int bad = read_doubles(one, pv, 10, "a player");
        Py_DECREF(one);
        if (bad < 0) return -1;
        players[i].bid = pv[0];
        players[i].alone = pv[1];
        memcpy(players[i].need2, pv + 6, sizeof(double) * 4);
        memcpy(players[i].need1, pv + 2, sizeof(double) * 4);
    }
    return 0;
}

/* A state's first nine items (see finish) into ``s``; -1 with a Python error. */
static int read_state(PyObject *fast, State *s) {
    memset(s, 0, sizeof *s);
    int head[8];
    for (int i = 0; i < 8; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        head[i] = (int)v;
    }
    s->phase = head[0], s->to_act = head[1], s->passes = head[2], s->dealer = head[3], s->up = head[4];
    s->trump = head[5], s->maker = head[6], s->alone = head[7];
    s->discard = -1, s->leader = -1;
    PyObject *hands = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, 8), "hands");
    if (hands == NULL) return -1;
    int bad = PySequence_Fast_GET_SIZE(hands) != 4;
    for (int seat = 0; seat < 4 && !bad; seat++) {
        PyObject *h = PySequence_Fast(PySequence_Fast_GET_ITEM(hands, seat), "a hand");
        if (h == NULL) {
            Py_DECREF(hands);
            return -1;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(h);
        bad = n > MAX_HAND - 1;
        for (Py_ssize_t i = 0; i < n && !bad; i++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(h, i));
            bad = c < 0 || c >= 32;
            s->hand[seat][i] = (int)c;
        }
        s->n[seat] = (int)n;
        Py_DECREF(h);
    }
    Py_DECREF(hands);
    if (PyErr_Occurred()) return -1;
    if (bad || s->up < 0 || s->up >= 32 || s->dealer < 0 || s->dealer > 3 || s->to_act < 0 || s->to_act > 3 ||
        s->trump < -1 || s->trump > 3 || s->maker < -1 || s->maker > 3 || (s->phase == DISCARD && s->trump < 0)) {
        PyErr_SetString(PyExc_ValueError, "the state is not one this core plays (four seats, cards 0..31)");
        return -1;
    }
    s->up_suit = s->up / 8;
    return 0;
}

/* The seat to act's legal actions as codes, in the engine's order (bidding.py: _legal_round_1,
 * _legal_round_2, _legal_discard, under the rules this core plays); returns their count. */
static int legal_codes(const Rules *r, const State *s, int *out) {
    int seat = s->to_act, n = 0;
    if (s->phase == ROUND_1) {
        out[n++] = 0;
        if (may_order(r, s, seat)) {
            if (!(r->canadian && seat == (s->dealer + 2) % 4)) out[n++] = 1;
            if (r->alone_with_bid) out[n++] = 2;
        }
    } else if (s->phase == ROUND_2) {
        int stuck = r->stick && seat == last_bidder(r, s->dealer);
        if (!stuck) out[n++] = 0;
        for (int suit = 0; suit < 4; suit++) {
            if (suit == s->up_suit && !(stuck && r->stuck_may_name_up)) continue;
            out[n++] = 10 + suit;
            if (r->alone_with_bid) out[n++] = 20 + suit;
        }
    } else if (s->phase == DISCARD) { /* the cards the dealer may discard, in the deck's order */
        for (int i = 0; i < s->n[s->dealer]; i++) {
            int c = s->hand[s->dealer][i], j = n++;
            if (!r->may_discard_up && c == s->up) {
                n--;
                continue;
            }
            while (j > 0 && out[j - 1] > 100 + c) {
                out[j] = out[j - 1];
                j--;
            }
            out[j] = 100 + c;
        }
    }
    return n;
}

/* Where among its ``count`` legal actions the seat to act slips to, asked of ``slip`` (a Python
 * callable: slip(seat, hand, actions, count) -> an index, or -1 for none; hand: the seat's cards in
 * hand order; actions: every action taken so far in this run, each seat * 256 + code); -2 with a
 * Python error. */
static int ask_slip(PyObject *slip, const State *s, int count) {
    int seat = s->to_act;
    PyObject *hand = PyTuple_New(s->n[seat]), *acts = PyTuple_New(s->nacts);
    for (int i = 0; hand != NULL && i < s->n[seat]; i++) PyTuple_SET_ITEM(hand, i, PyLong_FromLong(s->hand[seat][i]));
    for (int i = 0; acts != NULL && i < s->nacts; i++)
        PyTuple_SET_ITEM(acts, i, PyLong_FromLong(s->act_seat[i] * 256 + s->act_code[i]));
    PyObject *got = hand == NULL || acts == NULL || PyErr_Occurred()
                        ? NULL
                        : PyObject_CallFunction(slip, "iOOi", seat, hand, acts, count);
    Py_XDECREF(hand);
    Py_XDECREF(acts);
    if (got == NULL) return -2;
    long at = PyLong_AsLong(got);
    Py_DECREF(got);
    if (at == -1 && PyErr_Occurred()) return -2;
    if (at < -1 || at >= count) {
        PyErr_SetString(PyExc_ValueError, "a slip is -1 or the index of a legal action");
        return -2;
    }
    return (int)at;
}

/* ``first`` (-1: none), then every decision up to the first lead, each the rule's unless ``slip``
 * (NULL: none) says the seat slips to another of its legal actions; -1 with a Python error. */
static int run_bidding(const Rules *r, const Player *players, State *s, long first, PyObject *slip) {
    if (first >= 0 && !apply(r, s, (int)first)) {
        PyErr_SetString(PyExc_ValueError, "the first action is not one this core plays here");
        return -1;
    }
    while (s->phase == ROUND_1 || s->phase == ROUND_2 || s->phase == DISCARD) {
        int seat = s->to_act, code;
        if (slip != NULL) {
            int legal[MAX_HAND + 16];
            int count = legal_codes(r, s, legal);
            int at = count > 1 ? ask_slip(slip, s, count) : -1;
            if (at == -2) return -1;
            if (at >= 0) {
                if (!apply(r, s, legal[at])) {
                    PyErr_SetString(PyExc_ValueError, "the bidding went where this core does not follow");
                    return -1;
                }
                continue;
            }
        }
        if (s->phase == ROUND_1)
            code = decide_round_1(r, &players[seat], s, seat);
        else if (s->phase == ROUND_2)
            code = decide_round_2(r, &players[seat], s, seat);
        else {
            int forbidden = r->may_discard_up ? -1 : s->up;
            int drop = weakest(s->hand[s->dealer], s->n[s->dealer], s->trump, forbidden);
            if (drop < 0) {
                PyErr_SetString(PyExc_ValueError, "the dealer has no card it may discard");
                return -1;
            }
            code = 100 + s->hand[s->dealer][drop];
        }
        if (!apply(r, s, code)) {
            PyErr_SetString(PyExc_ValueError, "the bidding went where this core does not follow");
            return -1;
        }
    }
    if (s->phase != PLAY && s->phase != OVER) {
        PyErr_SetString(PyExc_ValueError, "the state's phase is not one this core plays");
        return -1;
    }
    return 0;
}

static PyObject *finish(PyObject *self, PyObject *args) {
    PyObject *rules_obj, *players_obj, *state_obj;
    if (!PyArg_ParseTuple(args, "OOO", &rules_obj, &players_obj, &state_obj)) return NULL;
    Rules r;
    Player players[4];
    if (read_table(rules_obj, players_obj, &r, players) < 0) return NULL;
    PyObject *fast = PySequence_Fast(state_obj, "state");
    if (fast == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != 10) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "state: expected 10 items");
        return NULL;
    }
    long first = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, 9));
    State s;
    int bad = (first == -1 && PyErr_Occurred()) || read_state(fast, &s) < 0;
    Py_DECREF(fast);
    if (bad || run_bidding(&r, players, &s, first, NULL) < 0) return NULL;
    PyObject *acts = PyTuple_New(s.nacts);
    if (acts == NULL) return NULL;
    for (int i = 0; i < s.nacts; i++) {
        PyObject *pair = Py_BuildValue("(ii)", s.act_seat[i], s.act_code[i]);
        if (pair == NULL) {
            Py_DECREF(acts);
            return NULL;
        }
        PyTuple_SET_ITEM(acts, i, pair);
    }
    unsigned long long masks[4] = {0, 0, 0, 0};
    for (int seat = 0; seat < 4; seat++)
        for (int i = 0; i < s.n[seat]; i++) masks[seat] |= 1ULL << s.hand[seat][i];
    return Py_BuildValue("(iiiiiiiiN(KKKK))", s.phase, s.passes, s.trump, s.maker, s.alone, s.leader, s.picked_up,
                         s.discard, acts, masks[0], masks[1], masks[2], masks[3]);
}

/* finish_ends(rules, players, rows, first, me, lead, rollout, limit, keys) -> (ends, mine, tricks)
 *
 * finish for every state row of a batch (rows: the nine items before ``first``), each end read as
 * its first lead and played out by the rollout: the twin of playout_bidding.lead_starts followed by
 * dd.rollout_starts (tests compare them). lead = (per maker * 2 + alone: (players, side, next seat
 * of each seat (4), the seats playing as bits), per trump: (its tables' blob, its trumps as bits),
 * the lead rule's code, the pack as bits, the up card's bit, the dealer may bury the up card);
 * rollout: the search core's rollout_packed, handed every first lead as a record of int64s (RECORD_INTS,
 * in _trickdd.c's layout: the index of its trump's blob, the slips' limit and key, the unseen cards of
 * six seats, the count of the position's ints and up to POS_INTS of them); limit: the slips' (0: none);
 * keys: each row's slips' key
 * (None: none). ends: per row -1 (thrown in) or maker * 2 + alone; mine: per row the code of
 * ``me``'s first action after ``first`` that is a bid (-1: none); tricks: the makers' tricks of each
 * row not thrown in, in order. slip (optional, None: none): a Python callable asked at every decision
 * with more than one legal action where the seat slips to (see ask_slip): the Beginner's slips. */
static PyObject *finish_ends(PyObject *self, PyObject *args) {
    PyObject *rules_obj, *players_obj, *rows, *lead, *rollout, *keys, *slip = Py_None;
    long first, limit;
    int me;
    if (!PyArg_ParseTuple(args, "OOO!liO!OlO|O", &rules_obj, &players_obj, &PyList_Type, &rows, &first, &me,
                          &PyTuple_Type, &lead, &rollout, &limit, &keys, &slip))
        return NULL;
    if (slip != Py_None && !PyCallable_Check(slip)) {
        PyErr_SetString(PyExc_TypeError, "slip: a callable or None");
        return NULL;
    }
    Rules r;
    Player players[4];
    if (read_table(rules_obj, players_obj, &r, players) < 0) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(rows);
    if (keys != Py_None && (!PyList_Check(keys) || PyList_GET_SIZE(keys) != n)) {
        PyErr_SetString(PyExc_ValueError, "one slips' key per row");
        return NULL;
    }
    PyObject *seats, *trumps;
    int lead_rule, may_bury_up;
    unsigned long long pack, up_bit;
    if (PyTuple_GET_SIZE(lead) != 6 || !PyList_Check(seats = PyTuple_GET_ITEM(lead, 0)) ||
        PyList_GET_SIZE(seats) != 8 || !PyList_Check(trumps = PyTuple_GET_ITEM(lead, 1)) ||
        PyList_GET_SIZE(trumps) != 4) {
        PyErr_SetString(PyExc_ValueError, "lead: (seats (8), trumps (4), lead rule, pack, up bit, bury up)");
        return NULL;
    }
    lead_rule = (int)PyLong_AsLong(PyTuple_GET_ITEM(lead, 2));
    pack = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(lead, 3));
    up_bit = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(lead, 4));
    may_bury_up = (int)PyLong_AsLong(PyTuple_GET_ITEM(lead, 5));
    if (PyErr_Occurred()) return NULL;
    int players_n[8], side[8], nxt[8][4], playing[8];
    for (int k = 0; k < 8; k++) {
        PyObject *one = PyList_GET_ITEM(seats, k), *order;
        if (!PyTuple_Check(one) || PyTuple_GET_SIZE(one) != 4 || !PyTuple_Check(order = PyTuple_GET_ITEM(one, 2)) ||
            PyTuple_GET_SIZE(order) != 4) {
            PyErr_SetString(PyExc_ValueError, "a maker's seats: (players, side, next seats (4), playing)");
            return NULL;
        }
        players_n[k] = (int)PyLong_AsLong(PyTuple_GET_ITEM(one, 0));
        side[k] = (int)PyLong_AsLong(PyTuple_GET_ITEM(one, 1));
        playing[k] = (int)PyLong_AsLong(PyTuple_GET_ITEM(one, 3));
        for (int j = 0; j < 4; j++) {
            nxt[k][j] = (int)PyLong_AsLong(PyTuple_GET_ITEM(order, j));
            if (nxt[k][j] < 0 || nxt[k][j] > 3) {
                PyErr_SetString(PyExc_ValueError, "a next seat is out of range");
                return NULL;
            }
        }
    }
    PyObject *blobs[4];
    unsigned long long trump_bits[4];
    for (int t = 0; t < 4; t++) {
        PyObject *one = PyList_GET_ITEM(trumps, t);
        if (!PyTuple_Check(one) || PyTuple_GET_SIZE(one) != 2) {
            PyErr_SetString(PyExc_ValueError, "a trump's (tables' blob, trumps)");
            return NULL;
        }
        blobs[t] = PyTuple_GET_ITEM(one, 0);
        trump_bits[t] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(one, 1));
    }
    if (PyErr_Occurred()) return NULL;
    PyObject *ends = PyList_New(n), *mine = PyList_New(n), *tricks = NULL, *blob_tuple = NULL, *packed = NULL;
    long long *records = PyMem_Malloc((size_t)(n ? n : 1) * RECORD_INTS * sizeof(long long));
    Py_ssize_t nrecords = 0;
    if (ends == NULL || mine == NULL || records == NULL) goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *fast = PySequence_Fast(PyList_GET_ITEM(rows, i), "state");
        if (fast == NULL) goto fail;
        State s;
        int bad = PySequence_Fast_GET_SIZE(fast) != 9;
        if (bad) PyErr_SetString(PyExc_ValueError, "a row: expected 9 items");
        bad = bad || read_state(fast, &s) < 0;
        Py_DECREF(fast);
        int up_taken = s.phase == DISCARD;
        if (bad || run_bidding(&r, players, &s, first, slip == Py_None ? NULL : slip) < 0) goto fail;
        int said = -1;
        for (int k = 1; k < s.nacts; k++)
            if (s.act_seat[k] == me && s.act_code[k] < 100) {
                said = s.act_code[k];
                break;
            }
        PyList_SET_ITEM(mine, i, PyLong_FromLong(said));
        if (s.phase == OVER) {
            PyList_SET_ITEM(ends, i, PyLong_FromLong(-1));
            continue;
        }
        int k = s.maker * 2 + (s.alone ? 1 : 0);
        PyList_SET_ITEM(ends, i, PyLong_FromLong(k));
        unsigned long long masks[4] = {0, 0, 0, 0}, hands[4];
        for (int seat = 0; seat < 4; seat++) {
            for (int c = 0; c < s.n[seat]; c++) masks[seat] |= 1ULL << s.hand[seat][c];
            hands[seat] = (playing[k] >> seat & 1) ? masks[seat] : 0;
        }
        unsigned long long legal = hands[s.leader];
        if (lead_rule && (legal & ~trump_bits[s.trump])) legal &= ~trump_bits[s.trump];
        int active = 1;
        for (int at = nxt[k][s.leader]; at != s.leader; at = nxt[k][at]) active++;
        int lone = (s.alone || players_n[k] == 3) ? s.maker : -1;
        long long *rec = records + nrecords++ * RECORD_INTS;
        memset(rec, 0, RECORD_INTS * sizeof(long long));
        const long long pos[POSITION_INTS] = {players_n[k], side[k], s.leader, 5, 5, lead_rule, 0, lone, active,
                                              (long long)legal, 0, nxt[k][0], nxt[k][1], nxt[k][2], nxt[k][3],
                                              (long long)hands[0], (long long)hands[1], (long long)hands[2],
                                              (long long)hands[3]};
        rec[0] = s.trump;
        rec[3 + PACKED_SEATS] = POSITION_INTS;
        memcpy(rec + 4 + PACKED_SEATS, pos, sizeof(pos));
        int known_to_all = !(up_taken || s.picked_up) || !may_bury_up;
        unsigned long long unseen[4];
        for (int seat = 0; seat < 4; seat++) {
            unsigned long long known = masks[seat];
            if (seat == s.dealer) {
                known |= up_bit;
                if (s.discard >= 0) known |= 1ULL << s.discard;
            } else if (known_to_all) {
                known |= up_bit;
            }
            unseen[seat] = pack & ~known;
            rec[3 + seat] = (long long)unseen[seat];
        }
        unsigned long long key = 0;
        if (keys != Py_None) {
            key = PyLong_AsUnsignedLongLongMask(PyList_GET_ITEM(keys, i));
            if (key == (unsigned long long)-1 && PyErr_Occurred()) goto fail;
        }
        rec[1] = limit;
        rec[2] = (long long)key;
    }
    if (nrecords) {
        blob_tuple = PyTuple_Pack(4, blobs[0], blobs[1], blobs[2], blobs[3]);
        packed = blob_tuple == NULL
                     ? NULL
                     : PyBytes_FromStringAndSize((const char *)records, nrecords * RECORD_INTS * (Py_ssize_t)sizeof(long long));
        tricks = packed == NULL ? NULL : PyObject_CallFunctionObjArgs(rollout, blob_tuple, packed, NULL);
    } else
        tricks = PyList_New(0);
    if (tricks == NULL) goto fail;
    Py_XDECREF(blob_tuple);
    Py_XDECREF(packed);
    PyMem_Free(records);
    return Py_BuildValue("(NNN)", ends, mine, tricks);
fail:
    Py_XDECREF(ends);
    Py_XDECREF(mine);
    Py_XDECREF(blob_tuple);
    Py_XDECREF(packed);
    PyMem_Free(records);
    return NULL;
}

static PyMethodDef methods[] = {
    {"set_tables", set_tables, METH_VARARGS, "set_tables(strength, plain, worth): the card tables"},
    {"finish_ends", finish_ends, METH_VARARGS,
     "finish_ends(rules, players, rows, first, me, lead, rollout, limit, keys[, slip]) -> (ends, mine, tricks)"},
    {"finish", finish, METH_VARARGS,
     "finish(rules, players, state) -> (phase, passes, trump, maker, alone, leader, picked_up, discard, actions, masks)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_clubbid", "The compiled core of the rule-based player's bidding in play-outs.", -1,
    methods,
};

PyMODINIT_FUNC PyInit__clubbid(void) {
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "RECORD_INTS", RECORD_INTS) < 0) Py_CLEAR(m);
    return m;
}
