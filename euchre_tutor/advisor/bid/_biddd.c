/* The compiled core of euchre_tutor.advisor.bid.dd: the Bid Euchre double-dummy search on card bitmasks.
 *
 * It is the twin of dd.py's pure-Python backend and must give the same answers (the tests compare
 * them). It knows nothing about card ranks: dd.py computes per contract each card copy's effective
 * suit, its power for every led suit, the copies above it in its suit, its twin (the double deck's
 * equal copy), its place from cheapest to dearest and the copies by suit, strongest first, and
 * passes them as one bytes object (layout in parse_tables). The only rules coded here are the play:
 * follow the led suit if able; the highest power wins the trick, a later card only when strictly
 * higher (of two equal cards the first played wins).
 *
 * A position (parse_position) is a tuple of ints: the bidders' seats (bitmask), leader, seat to act,
 * tricks left (the current one included), active seats, cards on the table, then per seat the next
 * active seat, per seat the hand (the seat sitting out: 0), then (seat, card) per card on the table.
 * Values are the bidders' tricks from the current trick on.
 *
 * The search: fail-soft alpha-beta; equivalent cards searched once (no card of another seat or on
 * the table with a power between theirs or equal to either); a transposition table of bounds at
 * trick boundaries (a fixed array, entries stamped with a generation number so a new solve needs no
 * clearing), seeded with sure tricks. The table and the cached contract are module state: calls hold
 * the GIL and never run concurrently.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SLOTS 50
#define MAX_TRICKS 12
#define BLOB_SIZE (4 * SLOTS + SLOTS + SLOTS + 4 * 8 + 2 * SLOTS * 8 + 8 + 1 + SLOTS)

typedef struct {
    uint8_t power[4][SLOTS];
    uint8_t suit[SLOTS];
    uint8_t cost[SLOTS];
    uint64_t suitmask[4];
    uint64_t above[SLOTS];
    uint64_t twin[SLOTS];
    uint64_t aeq[SLOTS];
    uint64_t trumps;
    int norder;
    uint8_t order[SLOTS];
    uint8_t trump_order[SLOTS]; /* the trumps, strongest first */
    int ntrumps;
} Tables;

typedef struct {
    uint64_t bidders;
    int leader, to_act, tleft, active, nplays;
    int nxt[4];
    uint64_t hands[4];
    int play_seat[4], play_card[4];
} Position;

/* ---------------------------------------------------------------------------------------------- */
/* Parsing */

static uint64_t read_u64(const unsigned char *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static int parse_tables(PyObject *blob, Tables *t) {
    if (!PyBytes_Check(blob) || PyBytes_GET_SIZE(blob) != BLOB_SIZE) {
        PyErr_SetString(PyExc_ValueError, "_biddd: the contract tables must be dd.py's bytes blob");
        return -1;
    }
    const unsigned char *p = (const unsigned char *)PyBytes_AS_STRING(blob);
    for (int s = 0; s < 4; s++, p += SLOTS) memcpy(t->power[s], p, SLOTS);
    memcpy(t->suit, p, SLOTS);
    p += SLOTS;
    memcpy(t->cost, p, SLOTS);
    p += SLOTS;
    for (int s = 0; s < 4; s++, p += 8) t->suitmask[s] = read_u64(p);
    for (int c = 0; c < SLOTS; c++, p += 8) t->above[c] = read_u64(p);
    for (int c = 0; c < SLOTS; c++, p += 8) t->twin[c] = read_u64(p);
    for (int c = 0; c < SLOTS; c++) t->aeq[c] = t->above[c] | t->twin[c];
    t->trumps = read_u64(p);
    p += 8;
    t->norder = p[0];
    p += 1;
    if (t->norder > SLOTS) {
        PyErr_SetString(PyExc_ValueError, "_biddd: too many cards in the tables");
        return -1;
    }
    memcpy(t->order, p, SLOTS);
    t->ntrumps = 0;
    for (int i = 0; i < t->norder; i++) {
        int c = t->order[i];
        if (c >= SLOTS || t->suit[c] > 3) {
            PyErr_SetString(PyExc_ValueError, "_biddd: a card out of range in the tables");
            return -1;
        }
        if ((t->trumps >> c) & 1) t->trump_order[t->ntrumps++] = (uint8_t)c;
    }
    return 0;
}

static PyObject *cached_blob = NULL;
static Tables cached_tables;

static const Tables *tables_for(PyObject *blob) {
    if (blob == cached_blob) return &cached_tables;
    if (parse_tables(blob, &cached_tables) < 0) {
        Py_CLEAR(cached_blob);
        return NULL;
    }
    Py_INCREF(blob);
    Py_XSETREF(cached_blob, blob);
    return &cached_tables;
}

static int get_int(PyObject *tuple, Py_ssize_t i, long long *out) {
    PyObject *item = PyTuple_GET_ITEM(tuple, i);
    long long v = PyLong_AsLongLong(item);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = v;
    return 0;
}

#define HEAD 6

static int parse_position(PyObject *args, Position *pos) {
    if (!PyTuple_Check(args) || PyTuple_GET_SIZE(args) < HEAD) {
        PyErr_SetString(PyExc_ValueError, "_biddd: a position is dd.py's tuple of ints");
        return -1;
    }
    long long v[HEAD];
    for (int i = 0; i < HEAD; i++)
        if (get_int(args, i, &v[i]) < 0) return -1;
    pos->bidders = (uint64_t)v[0];
    pos->leader = (int)v[1];
    pos->to_act = (int)v[2];
    pos->tleft = (int)v[3];
    pos->active = (int)v[4];
    pos->nplays = (int)v[5];
    if (pos->nplays < 0 || pos->nplays >= 4 || PyTuple_GET_SIZE(args) != HEAD + 8 + 2 * pos->nplays ||
        pos->tleft < 1 || pos->tleft > MAX_TRICKS || pos->active < 3 || pos->active > 4) {
        PyErr_SetString(PyExc_ValueError, "_biddd: a position tuple of the wrong shape");
        return -1;
    }
    Py_ssize_t at = HEAD;
    for (int s = 0; s < 4; s++) {
        long long x;
        if (get_int(args, at++, &x) < 0) return -1;
        pos->nxt[s] = (int)x;
    }
    for (int s = 0; s < 4; s++) {
        long long x;
        if (get_int(args, at++, &x) < 0) return -1;
        pos->hands[s] = (uint64_t)x;
    }
    for (int k = 0; k < pos->nplays; k++) {
        long long a, b;
        if (get_int(args, at++, &a) < 0 || get_int(args, at++, &b) < 0) return -1;
        pos->play_seat[k] = (int)a;
        pos->play_card[k] = (int)b;
    }
    int bad = pos->leader < 0 || pos->leader > 3 || pos->to_act < 0 || pos->to_act > 3;
    for (int s = 0; s < 4; s++) bad |= pos->nxt[s] < 0 || pos->nxt[s] > 3 || (pos->hands[s] >> SLOTS) != 0;
    for (int k = 0; k < pos->nplays; k++)
        bad |= pos->play_seat[k] < 0 || pos->play_seat[k] > 3 || pos->play_card[k] < 0 ||
               pos->play_card[k] >= SLOTS;
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "_biddd: a seat or card out of range in the position");
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------------------------------------- */
/* The transposition table: bounds on the bidders' tricks at trick boundaries. */

#define TT_BITS 19
#define TT_SIZE (1u << TT_BITS)

typedef struct {
    uint64_t hands[4];
    uint32_t gen;
    uint8_t leader;
    int8_t lo, hi;
} Entry;

static Entry *tt = NULL;
static uint32_t tt_gen = 0;

static int tt_ready(void) {
    if (tt == NULL) {
        tt = (Entry *)PyMem_Calloc(TT_SIZE, sizeof(Entry));
        if (tt == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    tt_gen++;
    if (tt_gen == 0) { /* wrapped: forget everything once */
        memset(tt, 0, TT_SIZE * sizeof(Entry));
        tt_gen = 1;
    }
    return 0;
}

typedef struct {
    const Tables *t;
    int active;
    uint64_t bidders;
    int nxt[4];
    uint64_t hands[4];
} Search;

static inline int lowbit(uint64_t m) { return __builtin_ctzll(m); }

static inline uint64_t hash_key(const Search *S, int leader) {
    uint64_t h = (uint64_t)leader * 0x9E3779B97F4A7C15ull;
    for (int s = 0; s < 4; s++) {
        h ^= S->hands[s] + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ull;
    }
    return h ^ (h >> 31);
}

static inline uint64_t legal_cards(const Search *S, int seat, int k, int led) {
    uint64_t hand = S->hands[seat];
    if (k) {
        uint64_t follow = hand & S->t->suitmask[led];
        return follow ? follow : hand;
    }
    return hand;
}

/* The legal cards' representatives, one per class of equivalent cards, in search order; with
 * groups != NULL also each representative's whole class (for the root's card values). */
static int representatives(const Search *S, int seat, int k, int led, int wseat, int wpow, uint64_t legal,
                           uint64_t table, int *out, uint64_t *groups) {
    const Tables *t = S->t;
    uint64_t alive = table;
    for (int s = 0; s < 4; s++)
        if (s != seat) alive |= S->hands[s];
    int reps[SLOTS];
    uint64_t members[SLOTS];
    int n = 0;
    int prev = -1, prev_suit = -1;
    for (int i = 0; i < t->norder; i++) {
        int c = t->order[i];
        if (!((legal >> c) & 1)) continue;
        int su = t->suit[c];
        int join = 0;
        if (prev >= 0 && su == prev_suit) {
            uint64_t between = t->aeq[c] & ~t->above[prev] & ~((1ull << prev) | (1ull << c));
            join = (between & alive) == 0;
        }
        if (join) {
            members[n - 1] |= 1ull << c;
            if (k) reps[n - 1] = c; /* following: the weakest of the class */
        } else {
            reps[n] = c;
            members[n] = 1ull << c;
            n++;
        }
        prev = c;
        prev_suit = su;
    }
    /* order: leading: dearest first; partner winning: cheapest first; else winners (weakest
     * first), then losers (cheapest first). Ties by card bit, as dd.py sorts. */
    int keys[SLOTS];
    int mine_side = (int)((S->bidders >> seat) & 1);
    int partner = k && (int)((S->bidders >> wseat) & 1) == mine_side;
    for (int i = 0; i < n; i++) {
        int c = reps[i];
        if (k == 0)
            keys[i] = -(int)t->cost[c] * 64 + c;
        else if (partner)
            keys[i] = (int)t->cost[c] * 64 + c;
        else {
            int p = t->power[led][c];
            keys[i] = p > wpow ? (p * 64 + c) - 100000 : (int)t->cost[c] * 64 + c;
        }
    }
    for (int i = 1; i < n; i++) { /* insertion sort: a handful of cards */
        int kk = keys[i], rr = reps[i];
        uint64_t mm = members[i];
        int j = i - 1;
        while (j >= 0 && keys[j] > kk) {
            keys[j + 1] = keys[j];
            reps[j + 1] = reps[j];
            members[j + 1] = members[j];
            j--;
        }
        keys[j + 1] = kk;
        reps[j + 1] = rr;
        members[j + 1] = mm;
    }
    for (int i = 0; i < n; i++) {
        out[i] = reps[i];
        if (groups) groups[i] = members[i];
    }
    return n;
}

static void sure_tricks(const Search *S, int leader, int tleft, int *lo, int *hi) {
    const Tables *t = S->t;
    uint64_t live = S->hands[0] | S->hands[1] | S->hands[2] | S->hands[3];
    int run = 0, owner = -1;
    if (live & t->trumps) {
        for (int i = 0; i < t->ntrumps; i++) {
            int c = t->trump_order[i];
            if (!((live >> c) & 1)) continue;
            int o = 0;
            while (!((S->hands[o] >> c) & 1)) o++;
            if (owner < 0) owner = o;
            if (o != owner || (t->twin[c] & live & ~S->hands[owner])) break;
            run++;
        }
    } else {
        owner = leader;
        int blocked = -1;
        for (int i = 0; i < t->norder; i++) {
            int c = t->order[i];
            if (((live >> c) & 1) && t->suit[c] != blocked) {
                if ((S->hands[leader] >> c) & 1)
                    run++;
                else
                    blocked = t->suit[c];
            }
        }
        if (run > tleft) run = tleft;
    }
    if ((S->bidders >> owner) & 1) {
        *lo = run;
        *hi = tleft;
    } else {
        *lo = 0;
        *hi = tleft - run;
    }
}

static int node(Search *S, int seat, int k, int led, int wseat, int wpow, uint64_t table, int tleft, int alpha,
                int beta);

static int trick_start(Search *S, int leader, int tleft, int alpha, int beta) {
    if (tleft == 0) return 0;
    uint64_t h = hash_key(S, leader);
    Entry *e = &tt[h & (TT_SIZE - 1)];
    int lo, hi;
    int hit = e->gen == tt_gen && e->leader == leader && memcmp(e->hands, S->hands, sizeof e->hands) == 0;
    if (hit) {
        lo = e->lo;
        hi = e->hi;
    } else
        sure_tricks(S, leader, tleft, &lo, &hi);
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    int a = alpha > lo ? alpha : lo;
    int b = beta < hi ? beta : hi;
    int v = node(S, leader, 0, 0, 0, 0, 0, tleft, a, b);
    if (v <= a)
        hi = hi < v ? hi : v;
    else if (v >= b)
        lo = lo > v ? lo : v;
    else
        lo = hi = v;
    memcpy(e->hands, S->hands, sizeof e->hands);
    e->gen = tt_gen;
    e->leader = (uint8_t)leader;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    return v;
}

static int child(Search *S, int seat, int k, int led, int wseat, int wpow, uint64_t table, int tleft, int alpha,
                 int beta, int c) {
    const Tables *t = S->t;
    uint64_t bit = 1ull << c;
    if (k == 0) {
        led = t->suit[c];
        wseat = seat;
        wpow = t->power[led][c];
    } else if (t->power[led][c] > wpow) { /* strictly: of two equal cards the first played wins */
        wseat = seat;
        wpow = t->power[led][c];
    }
    S->hands[seat] ^= bit;
    int v;
    if (k + 1 == S->active) {
        int won = (int)((S->bidders >> wseat) & 1);
        v = won + trick_start(S, wseat, tleft - 1, alpha - won, beta - won);
    } else
        v = node(S, S->nxt[seat], k + 1, led, wseat, wpow, table | bit, tleft, alpha, beta);
    S->hands[seat] ^= bit;
    return v;
}

static int node(Search *S, int seat, int k, int led, int wseat, int wpow, uint64_t table, int tleft, int alpha,
                int beta) {
    uint64_t legal = legal_cards(S, seat, k, led);
    int reps[SLOTS];
    int n = representatives(S, seat, k, led, wseat, wpow, legal, table, reps, NULL);
    int maximise = (int)((S->bidders >> seat) & 1);
    int best = maximise ? -1 : 99;
    for (int i = 0; i < n; i++) {
        int v = child(S, seat, k, led, wseat, wpow, table, tleft, alpha, beta, reps[i]);
        if (maximise) {
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta) break;
                }
            }
        } else if (v < best) {
            best = v;
            if (v < beta) {
                beta = v;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

typedef struct {
    int k, led, wseat, wpow;
    uint64_t table;
} Root;

static void setup(Search *S, const Tables *t, const Position *pos, Root *r) {
    S->t = t;
    S->active = pos->active;
    S->bidders = pos->bidders;
    for (int s = 0; s < 4; s++) {
        S->nxt[s] = pos->nxt[s];
        S->hands[s] = pos->hands[s];
    }
    r->k = pos->nplays;
    r->led = r->wseat = r->wpow = 0;
    r->table = 0;
    for (int k = 0; k < pos->nplays; k++) {
        int s = pos->play_seat[k], c = pos->play_card[k];
        if (k == 0) {
            r->led = t->suit[c];
            r->wseat = s;
            r->wpow = t->power[r->led][c];
        } else if (t->power[r->led][c] > r->wpow) {
            r->wseat = s;
            r->wpow = t->power[r->led][c];
        }
        r->table |= 1ull << c;
    }
}

static int solve_one(const Tables *t, const Position *pos) {
    Search S;
    Root r;
    setup(&S, t, pos, &r);
    return node(&S, pos->to_act, r.k, r.led, r.wseat, r.wpow, r.table, pos->tleft, -1, pos->tleft + 1);
}

/* values[c] for every legal card bit c; returns the legal mask. */
static uint64_t card_values_one(const Tables *t, const Position *pos, int *values) {
    Search S;
    Root r;
    setup(&S, t, pos, &r);
    uint64_t legal = legal_cards(&S, pos->to_act, r.k, r.led);
    int reps[SLOTS];
    uint64_t groups[SLOTS];
    int n = representatives(&S, pos->to_act, r.k, r.led, r.wseat, r.wpow, legal, r.table, reps, groups);
    for (int i = 0; i < n; i++) {
        int v = child(&S, pos->to_act, r.k, r.led, r.wseat, r.wpow, r.table, pos->tleft, -1, pos->tleft + 1,
                      reps[i]);
        for (uint64_t m = groups[i]; m; m &= m - 1) values[lowbit(m)] = v;
    }
    return legal;
}

/* ---------------------------------------------------------------------------------------------- */
/* Python entry points */

static int parse_item(PyObject *item, const Tables **t, Position *pos) {
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
        PyErr_SetString(PyExc_ValueError, "_biddd: each item is (tables blob, position tuple)");
        return -1;
    }
    *t = tables_for(PyTuple_GET_ITEM(item, 0));
    if (*t == NULL) return -1;
    return parse_position(PyTuple_GET_ITEM(item, 1), pos);
}

static PyObject *py_solve_many(PyObject *self, PyObject *items) {
    (void)self;
    PyObject *seq = PySequence_Fast(items, "_biddd.solve_many takes a list of (blob, position)");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    if (out == NULL) goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        const Tables *t;
        Position pos;
        if (parse_item(PySequence_Fast_GET_ITEM(seq, i), &t, &pos) < 0 || tt_ready() < 0) goto fail;
        PyList_SET_ITEM(out, i, PyLong_FromLong(solve_one(t, &pos)));
    }
    Py_DECREF(seq);
    return out;
fail:
    Py_XDECREF(out);
    Py_DECREF(seq);
    return NULL;
}

static PyObject *py_card_values_many(PyObject *self, PyObject *items) {
    (void)self;
    PyObject *seq = PySequence_Fast(items, "_biddd.card_values_many takes a list of (blob, position)");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    if (out == NULL) goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        const Tables *t;
        Position pos;
        if (parse_item(PySequence_Fast_GET_ITEM(seq, i), &t, &pos) < 0 || tt_ready() < 0) goto fail;
        int values[SLOTS];
        uint64_t legal = card_values_one(t, &pos, values);
        PyObject *d = PyDict_New();
        if (d == NULL) goto fail;
        PyList_SET_ITEM(out, i, d);
        for (uint64_t m = legal; m; m &= m - 1) {
            int c = lowbit(m);
            PyObject *key = PyLong_FromLong(c), *val = PyLong_FromLong(values[c]);
            int bad = key == NULL || val == NULL || PyDict_SetItem(d, key, val) < 0;
            Py_XDECREF(key);
            Py_XDECREF(val);
            if (bad) goto fail;
        }
    }
    Py_DECREF(seq);
    return out;
fail:
    Py_XDECREF(out);
    Py_DECREF(seq);
    return NULL;
}

static PyMethodDef methods[] = {
    {"solve_many", py_solve_many, METH_O, "Bidders' tricks from the current trick on, per (blob, position)."},
    {"card_values_many", py_card_values_many, METH_O, "Per (blob, position): {legal card bit: bidders' tricks}."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_biddd", "The compiled core of euchre_tutor.advisor.bid.dd.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__biddd(void) { return PyModule_Create(&module); }
