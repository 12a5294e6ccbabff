/* The compiled core of Placement's candidate draw (euchre_tutor.games.classic.advisor.placement).
 *
 * It is the twin of Placement._try_fill_python and must draw the same candidate from the same
 * random.Random state, to the last bit of its log q, leaving the generator in the same state (the
 * tests compare them for many seeds and views). It reads the generator only through the
 * generator's own bound methods ``random()`` and ``getrandbits(k)``, called in exactly the
 * order the Python twin calls them, so every seeded hint and grade stays what it was:
 *
 * - ``randrange(n)`` is Python's ``_randbelow_with_getrandbits``: k = n.bit_length(), then
 *   ``getrandbits(k)`` until the draw is below n;
 * - ``sorted(free, key=lambda _: random())`` draws one key per free card in list order and sorts
 *   stably (an insertion sort here: equal keys keep their order, as Python's sort does);
 * - the log q is summed in the same order with the same operations (log of a correctly rounded
 *   quotient, the lgamma table the caller passes).
 *
 * draw(plan, ...) is the twin of the sampler's whole loop over one plan (worlds._draw: fill, then
 * BidWeighing.complete and BidWeighing.weight with the dealer's hidden discard re-chosen) for the
 * plans BidWeighing.draw_fast passes to it: it reads every bid's likelihood from the plan's own
 * memos and asks Python for a hand not in them, so its candidates, weights, draws and generator
 * state are the Python loop's (tests/advisor/classic/test_worldfill.py compares them).
 *
 * A plan (prepare) holds one view's slots: the room in each (caps), the constrained cards (card
 * bit, allowed slots) most constrained first, the free cards in card order, the lgamma table, and
 * the Python ints of every card bit (reused, not rebuilt per candidate). fill(plan, random,
 * getrandbits) returns None at a dead end (a constrained card with no room left), or
 * (slots, logq, where): the card bits in each slot, the proposal's log probability, and the slot
 * of each constrained card by card bit (empty when no card is constrained). logq(plan, where) is
 * Placement.logq_of's twin: the log q of a placement given by the constrained cards' slots.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define MAX_SLOTS 16
#define MAX_CARDS 64
#define MAX_SEATS 8

typedef struct {
    int nslots, ncon, nfree, nlg;
    int caps[MAX_SLOTS];
    uint64_t con_bit[MAX_CARDS];
    int con_nallowed[MAX_CARDS];
    int con_allowed[MAX_CARDS][MAX_SLOTS];
    uint64_t free_bit[MAX_CARDS];
    double lgamma[MAX_CARDS + 2];
    double free_logq;
    PyObject *con_obj[MAX_CARDS];  /* the constrained cards' bits as Python ints */
    PyObject *free_obj[MAX_CARDS]; /* the free cards' bits as Python ints */
    PyObject *obj_at[64];          /* by card index: its bit's Python int (borrowed; NULL: not placed) */
    int con_at[64];                /* by card index: its place among the constrained cards (-1: free) */
} Plan;

static const char *CAPSULE = "euchre_tutor.games.classic.advisor._worldfill.Plan";

static void plan_free(PyObject *capsule) {
    Plan *p = (Plan *)PyCapsule_GetPointer(capsule, CAPSULE);
    if (p == NULL) return;
    for (int i = 0; i < p->ncon; i++) Py_XDECREF(p->con_obj[i]);
    for (int i = 0; i < p->nfree; i++) Py_XDECREF(p->free_obj[i]);
    PyMem_Free(p);
}

static int read_bit(PyObject *o, uint64_t *out) {
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (v == 0 || (v & (v - 1)) != 0) {
        PyErr_SetString(PyExc_ValueError, "a card bit must be a single bit");
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

/* prepare(caps, constrained, free_bits, lgamma, free_logq) -> plan */
static PyObject *prepare(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *caps, *con, *freeb, *lg;
    double free_logq;
    if (!PyArg_ParseTuple(args, "O!O!O!O!d", &PyList_Type, &caps, &PyList_Type, &con, &PyList_Type, &freeb,
                          &PyList_Type, &lg, &free_logq))
        return NULL;
    Py_ssize_t ns = PyList_GET_SIZE(caps), nc = PyList_GET_SIZE(con), nf = PyList_GET_SIZE(freeb),
               nl = PyList_GET_SIZE(lg);
    if (ns < 1 || ns > MAX_SLOTS || nc > MAX_CARDS || nf > MAX_CARDS || nl > MAX_CARDS + 2) {
        PyErr_SetString(PyExc_ValueError, "too many slots or cards for the compiled draw");
        return NULL;
    }
    Plan *p = (Plan *)PyMem_Calloc(1, sizeof(Plan));
    if (p == NULL) return PyErr_NoMemory();
    p->nslots = (int)ns;
    p->nlg = (int)nl;
    p->free_logq = free_logq;
    for (Py_ssize_t i = 0; i < ns; i++) {
        long c = PyLong_AsLong(PyList_GET_ITEM(caps, i));
        if (c == -1 && PyErr_Occurred()) goto fail;
        if (c < 0 || c > MAX_CARDS) {
            PyErr_SetString(PyExc_ValueError, "a slot's room is out of range");
            goto fail;
        }
        p->caps[i] = (int)c;
    }
    for (Py_ssize_t i = 0; i < nl; i++) {
        double v = PyFloat_AsDouble(PyList_GET_ITEM(lg, i));
        if (v == -1.0 && PyErr_Occurred()) goto fail;
        p->lgamma[i] = v;
    }
    for (Py_ssize_t i = 0; i < nc; i++) {
        PyObject *item = PyList_GET_ITEM(con, i);
        PyObject *bit, *allowed;
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
            PyErr_SetString(PyExc_TypeError, "a constrained card is (card bit, allowed slots)");
            goto fail;
        }
        bit = PyTuple_GET_ITEM(item, 0);
        allowed = PyTuple_GET_ITEM(item, 1);
        if (read_bit(bit, &p->con_bit[i]) < 0) goto fail;
        if (!PyTuple_Check(allowed) || PyTuple_GET_SIZE(allowed) < 1 || PyTuple_GET_SIZE(allowed) > ns) {
            PyErr_SetString(PyExc_TypeError, "a constrained card's allowed slots are a tuple of slots");
            goto fail;
        }
        p->con_nallowed[i] = (int)PyTuple_GET_SIZE(allowed);
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(allowed); j++) {
            long s = PyLong_AsLong(PyTuple_GET_ITEM(allowed, j));
            if (s == -1 && PyErr_Occurred()) goto fail;
            if (s < 0 || s >= ns) {
                PyErr_SetString(PyExc_ValueError, "an allowed slot is out of range");
                goto fail;
            }
            p->con_allowed[i][j] = (int)s;
        }
        Py_INCREF(bit);
        p->con_obj[i] = bit;
        p->ncon = (int)i + 1;
    }
    for (Py_ssize_t i = 0; i < nf; i++) {
        PyObject *bit = PyList_GET_ITEM(freeb, i);
        if (read_bit(bit, &p->free_bit[i]) < 0) goto fail;
        Py_INCREF(bit);
        p->free_obj[i] = bit;
        p->nfree = (int)i + 1;
    }
    for (int i = 0; i < 64; i++) p->con_at[i] = -1;
    for (int c = 0; c < p->ncon; c++) {
        p->obj_at[__builtin_ctzll(p->con_bit[c])] = p->con_obj[c];
        p->con_at[__builtin_ctzll(p->con_bit[c])] = c;
    }
    for (int f = 0; f < p->nfree; f++) p->obj_at[__builtin_ctzll(p->free_bit[f])] = p->free_obj[f];
    {
        int total = 0;
        for (int i = 0; i < p->nslots; i++) total += p->caps[i];
        if (total != p->ncon + p->nfree || total >= p->nlg) {
            PyErr_SetString(PyExc_ValueError, "the slots' room must equal the cards to place");
            goto fail;
        }
    }
    {
        PyObject *capsule = PyCapsule_New(p, CAPSULE, plan_free);
        if (capsule == NULL) goto fail;
        return capsule;
    }
fail:
    for (int i = 0; i < p->ncon; i++) Py_XDECREF(p->con_obj[i]);
    for (int i = 0; i < p->nfree; i++) Py_XDECREF(p->free_obj[i]);
    PyMem_Free(p);
    return NULL;
}

static int call_random(PyObject *random, double *out) {
    PyObject *r = PyObject_CallNoArgs(random);
    if (r == NULL) return -1;
    *out = PyFloat_AsDouble(r);
    Py_DECREF(r);
    return (*out == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

/* random.Random.randrange(n) for n > 0: _randbelow_with_getrandbits */
static int randbelow(PyObject *getrandbits, long n, long *out) {
    int k = 0;
    for (unsigned long v = (unsigned long)n; v; v >>= 1) k++;
    PyObject *arg = PyLong_FromLong(k);
    if (arg == NULL) return -1;
    for (;;) {
        PyObject *r = PyObject_CallOneArg(getrandbits, arg);
        if (r == NULL) {
            Py_DECREF(arg);
            return -1;
        }
        long v = PyLong_AsLong(r);
        Py_DECREF(r);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(arg);
            return -1;
        }
        if (v < n) {
            Py_DECREF(arg);
            *out = v;
            return 0;
        }
    }
}

/* The free cards in the order sorted(free, key=lambda _: random()) gives (stable). */
static int shuffle_free(const Plan *p, PyObject *random, int *order) {
    double keys[MAX_CARDS];
    for (int i = 0; i < p->nfree; i++) {
        if (call_random(random, &keys[i]) < 0) return -1;
        order[i] = i;
    }
    for (int i = 1; i < p->nfree; i++) {
        int o = order[i];
        double k = keys[o];
        int j = i - 1;
        while (j >= 0 && keys[order[j]] > k) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = o;
    }
    return 0;
}

/* One candidate's placement in C arrays: each slot's card bits (its constrained cards in placing
 * order, then its share of the shuffled free cards), the slot of each constrained card, and the log q.
 * 1: placed; 0: a dead end (a constrained card with no room left); -1: a Python error. */
typedef struct {
    int count[MAX_SLOTS];
    uint64_t cards[MAX_SLOTS][MAX_CARDS];
    int placed[MAX_CARDS];
    double logq;
} Drawn;

static int fill_c(const Plan *p, PyObject *random, PyObject *getrandbits, Drawn *d) {
    int rem[MAX_SLOTS];
    int order[MAX_CARDS];
    memcpy(rem, p->caps, sizeof(int) * p->nslots);
    double logq = 0.0;
    for (int c = 0; c < p->ncon; c++) {
        long total = 0;
        const int *allowed = p->con_allowed[c];
        int na = p->con_nallowed[c];
        for (int j = 0; j < na; j++) total += rem[allowed[j]];
        if (total == 0) return 0;
        long x;
        if (randbelow(getrandbits, total, &x) < 0) return -1;
        int i = allowed[0];
        for (int j = 0; j < na; j++) {
            i = allowed[j];
            if (x < rem[i]) break;
            x -= rem[i];
        }
        logq += log((double)rem[i] / (double)total);
        d->placed[c] = i;
        rem[i] -= 1;
    }
    if (shuffle_free(p, random, order) < 0) return -1;
    int k = 0;
    for (int s = 0; s < p->nslots; s++) {
        int at = 0;
        for (int c = 0; c < p->ncon; c++)
            if (d->placed[c] == s) d->cards[s][at++] = p->con_bit[c];
        for (int r = 0; r < rem[s]; r++) d->cards[s][at++] = p->free_bit[order[k++]];
        d->count[s] = at;
    }
    if (p->ncon == 0) {
        logq = p->free_logq;
    } else {
        int left = 0;
        for (int s = 0; s < p->nslots; s++) {
            if (rem[s]) {
                left += rem[s];
                logq += p->lgamma[rem[s]];
            }
        }
        logq -= p->lgamma[left];
    }
    d->logq = logq;
    return 1;
}

/* The Python int of a card bit the plan places (a new reference), or NULL. */
static PyObject *bit_obj(const Plan *p, uint64_t bit) {
    PyObject *found = p->obj_at[__builtin_ctzll(bit)];
    return found != NULL ? Py_NewRef(found) : PyLong_FromUnsignedLongLong(bit);
}

/* The candidate's slots as lists of card bits, and ``where`` (each constrained card's slot). */
static int drawn_lists(const Plan *p, const Drawn *d, PyObject **slots_out, PyObject **where_out) {
    PyObject *slots = PyList_New(p->nslots);
    if (slots == NULL) return -1;
    for (int s = 0; s < p->nslots; s++) {
        PyObject *slot = PyList_New(d->count[s]);
        if (slot == NULL) goto fail;
        PyList_SET_ITEM(slots, s, slot);
        for (int i = 0; i < d->count[s]; i++) {
            PyObject *bit = bit_obj(p, d->cards[s][i]);
            if (bit == NULL) goto fail;
            PyList_SET_ITEM(slot, i, bit);
        }
    }
    PyObject *where = PyDict_New();
    if (where == NULL) goto fail;
    for (int c = 0; c < p->ncon; c++) {
        PyObject *slot = PyLong_FromLong(d->placed[c]);
        if (slot == NULL || PyDict_SetItem(where, p->con_obj[c], slot) < 0) {
            Py_XDECREF(slot);
            Py_DECREF(where);
            goto fail;
        }
        Py_DECREF(slot);
    }
    *slots_out = slots;
    *where_out = where;
    return 0;
fail:
    Py_DECREF(slots);
    return -1;
}

/* fill(plan, random, getrandbits) -> None | (slots, logq, where) */
static PyObject *fill(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *random, *getrandbits;
    if (!PyArg_ParseTuple(args, "OOO", &capsule, &random, &getrandbits)) return NULL;
    Plan *p = (Plan *)PyCapsule_GetPointer(capsule, CAPSULE);
    if (p == NULL) return NULL;
    Drawn d;
    int got = fill_c(p, random, getrandbits, &d);
    if (got < 0) return NULL;
    if (got == 0) Py_RETURN_NONE;
    PyObject *slots, *where;
    if (drawn_lists(p, &d, &slots, &where) < 0) return NULL;
    PyObject *q = PyFloat_FromDouble(d.logq);
    if (q == NULL) {
        Py_DECREF(where);
        Py_DECREF(slots);
        return NULL;
    }
    PyObject *out = PyTuple_Pack(3, slots, q, where);
    Py_DECREF(slots);
    Py_DECREF(q);
    Py_DECREF(where);
    return out;
}

/* The log q of the placement ``placed`` (each constrained card's slot): Placement.logq_of's sum.
 * -1 (with a ValueError) where a constrained card's slot is out of range or has no room left. */
static int logq_placed(const Plan *p, const int *placed, double *out) {
    int rem[MAX_SLOTS];
    memcpy(rem, p->caps, sizeof(int) * p->nslots);
    double logq = 0.0;
    for (int c = 0; c < p->ncon; c++) {
        long total = 0;
        for (int j = 0; j < p->con_nallowed[c]; j++) total += rem[p->con_allowed[c][j]];
        int i = placed[c];
        if (i < 0 || i >= p->nslots || total == 0) {
            PyErr_SetString(PyExc_ValueError, "a constrained card's slot is out of range");
            return -1;
        }
        logq += log((double)rem[i] / (double)total);
        rem[i] -= 1;
    }
    int left = 0;
    for (int s = 0; s < p->nslots; s++) {
        if (rem[s]) {
            left += rem[s];
            logq += p->lgamma[rem[s]];
        }
    }
    *out = logq - p->lgamma[left];
    return 0;
}

/* logq(plan, where) -> the proposal's log probability of a placement with each constrained card
 * in the slot ``where`` gives it (by card bit): Placement.logq_of's twin, summed in its order. */
static PyObject *logq_of(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *where;
    if (!PyArg_ParseTuple(args, "OO!", &capsule, &PyDict_Type, &where)) return NULL;
    Plan *p = (Plan *)PyCapsule_GetPointer(capsule, CAPSULE);
    if (p == NULL) return NULL;
    int placed[MAX_CARDS];
    for (int c = 0; c < p->ncon; c++) {
        PyObject *slot = PyDict_GetItemWithError(where, p->con_obj[c]);
        if (slot == NULL) {
            if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, p->con_obj[c]);
            return NULL;
        }
        long i = PyLong_AsLong(slot);
        if (i == -1 && PyErr_Occurred()) return NULL;
        placed[c] = (i < 0 || i >= p->nslots) ? -1 : (int)i;
    }
    double logq;
    if (logq_placed(p, placed, &logq) < 0) return NULL;
    return PyFloat_FromDouble(logq);
}

static int read_u64(PyObject *o, uint64_t *out) {
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (uint64_t)v;
    return 0;
}

static int read_int(PyObject *o, int *out) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = (int)v;
    return 0;
}

/* ---- The bids' likelihood (BiddingModel, with a StrengthTable) for the hands a plan weighs ----
 *
 * The twin of BidWeighing._seat_part and BidWeighing._dealer_part for the seats whose every bid is a
 * round-1 pass or order or a round-2 pass or call of a suit, under rules without a calling
 * requirement, a misdeal, no-trump bids or the joker (BidWeighing._programs says which): the same
 * additions, products and library calls in the same order, so the same floats. A hand is its cards'
 * indices in card order (BidWeighing._set_order). */
#define MAX_BIDS 8

typedef struct {
    int round, kind, alone, is_dealer, is_partner, trump, up, plain_offered, alone_offered;
    int named, stuck, nsuits, suits[4];
    double need;
} Bid;

typedef struct {
    int has, nbids, weigh;
    Bid bids[MAX_BIDS];
} Program;

typedef struct {
    double pts[4][33];
    int trump_of[4][33], bit[4][33], bower[4][33];
    int plain[4];
    double temperature, split, alone, no_bower, floor, discard_temperature;
    int discard_trump, up, may_discard_up, has_dealer;
    Program prog[MAX_SEATS];
} Model;

static double sigma(double x) { return x < -40 ? 0.0 : 1.0 / (1.0 + exp(-x)); }

/* StrengthTable.__call__ */
static double strength(const Model *m, const int *cards, int n, int trump) {
    double total = 0.0;
    int trumps = 0, mask = 0;
    for (int i = 0; i < n; i++) {
        total += m->pts[trump][cards[i]];
        trumps += m->trump_of[trump][cards[i]];
        mask |= m->bit[trump][cards[i]];
    }
    if (trumps >= 2) total += 0.5 * (3 - __builtin_popcount(mask & m->plain[trump]));
    return total;
}

/* StrengthTable._drop_points: the points of the five left when each of six cards is dropped */
static void drop_points(const Model *m, const int *six, int trump, double *out) {
    double total = 0.0;
    int trumps = 0, mask = 0, count[16] = {0};
    for (int i = 0; i < 6; i++) {
        total += m->pts[trump][six[i]];
        trumps += m->trump_of[trump][six[i]];
        count[m->bit[trump][six[i]]]++;
        mask |= m->bit[trump][six[i]];
    }
    for (int i = 0; i < 6; i++) {
        int c = six[i], bit = m->bit[trump][c];
        double points = total - m->pts[trump][c];
        if (trumps - m->trump_of[trump][c] >= 2) {
            int left = count[bit] > 1 ? mask : (mask & ~bit);
            points += 0.5 * (3 - __builtin_popcount(left & m->plain[trump]));
        }
        out[i] = points;
    }
}

/* BiddingModel._alone_chance with a trump suit and its points */
static double alone_chance(const Model *m, const int *cards, int n, int trump, double points) {
    double a = sigma((points - m->alone) / m->temperature);
    int right = 0, left = 0, trumps = 0;
    for (int i = 0; i < n; i++) {
        trumps += m->trump_of[trump][cards[i]];
        if (m->bower[trump][cards[i]] == 2) right = 1;
        else if (m->bower[trump][cards[i]] == 1) left = 1;
    }
    if (!(right && (left || trumps >= 4))) a *= m->no_bower;
    return a;
}

static double round_1(const Model *m, const Bid *b, const int *hand) {
    int five[6];
    const int *cards = hand;
    if (b->is_dealer) {
        int six[6];
        double pts[6];
        for (int i = 0; i < 5; i++) six[i] = hand[i];
        six[5] = b->up;
        drop_points(m, six, b->trump, pts);
        int best = 0;
        for (int i = 1; i < 6; i++)
            if (pts[i] > pts[best]) best = i;
        for (int i = 0, k = 0; i < 6; i++)
            if (i != best) five[k++] = six[i];
        cards = five;
    }
    double points = strength(m, cards, 5, b->trump);
    double up_value = m->pts[b->trump][b->up];
    if (b->is_partner) points += 0.5 * up_value;
    else if (!b->is_dealer) points -= 0.5 * up_value;
    double p = sigma((points - b->need) / m->temperature);
    if (b->kind == 0 && b->plain_offered) return 1.0 - p;
    double a = b->alone_offered ? alone_chance(m, cards, 5, b->trump, points) : 0.0;
    if (!b->plain_offered) {
        p *= a;
        a = 1.0;
    }
    if (b->kind == 0) return 1.0 - p;
    if (b->kind == 1) return p * (b->alone ? a : 1.0 - a);
    return 1.0;
}

static double round_2(const Model *m, const Bid *b, const int *hand) {
    double pts[4];
    double best = 0.0;
    for (int i = 0; i < b->nsuits; i++) {
        pts[i] = strength(m, hand, 5, b->suits[i]);
        if (i == 0 || pts[i] > best) best = pts[i];
    }
    double p = b->stuck ? 1.0 : sigma((best - b->need) / m->temperature);
    if (b->kind == 0) return 1.0 - p;
    if (b->kind != 1) return 1.0;
    double total = 0.0;
    for (int i = 0; i < b->nsuits; i++) total += exp((pts[i] - best) / m->split);
    for (int i = 0; i < b->nsuits; i++) {
        if (b->suits[i] != b->named) continue;
        double share = exp((pts[i] - best) / m->split) / total;
        if (!b->alone_offered) return p * share;
        double a = alone_chance(m, hand, 5, b->named, pts[i]);
        return p * share * (b->alone ? a : 1.0 - a);
    }
    return 1.0;
}

/* BidWeighing._seat_part (no hidden discard's part): the log likelihood of the seat's bids */
static double program_part(const Model *m, const Program *pr, const int *hand) {
    double total = 0.0;
    if (!pr->weigh) return total;
    for (int i = 0; i < pr->nbids; i++) {
        const Bid *b = &pr->bids[i];
        double raw = b->round == 1 ? round_1(m, b, hand) : round_2(m, b, hand);
        total += log(m->floor < raw ? raw : m->floor);
    }
    return total;
}

/* The card indices of a mask (no joker) in card order; how many */
static int cards_of(uint64_t mask, int *out) {
    int n = 0;
    while (mask) {
        out[n++] = __builtin_ctzll(mask);
        mask &= mask - 1;
    }
    return n;
}

static int read_double(PyObject *o, double *out) {
    *out = PyFloat_AsDouble(o);
    return (*out == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

/* model: (rows: 4 lists of 33 (points, trump, suit bit, bower), plain bits: 4, (temperature, split,
 * alone, no-bower factor, floor, discard temperature), (discard trump (-1: none), up, the up card may
 * be discarded), programs by seat: None or a list of bids) -- see BidWeighing._model_spec */
static int read_model(PyObject *t, int nseats, Model *m) {
    memset(m, 0, sizeof(Model));
    if (t == Py_None) return 0;
    PyObject *rows, *plain, *params, *disc, *progs;
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 5) goto bad;
    rows = PyTuple_GET_ITEM(t, 0);
    plain = PyTuple_GET_ITEM(t, 1);
    params = PyTuple_GET_ITEM(t, 2);
    disc = PyTuple_GET_ITEM(t, 3);
    progs = PyTuple_GET_ITEM(t, 4);
    if (!PyList_Check(rows) || PyList_GET_SIZE(rows) != 4 || !PyList_Check(plain) || PyList_GET_SIZE(plain) != 4 ||
        !PyTuple_Check(params) || PyTuple_GET_SIZE(params) != 6 || !PyTuple_Check(disc) ||
        PyTuple_GET_SIZE(disc) != 3 || !PyList_Check(progs) || PyList_GET_SIZE(progs) != nseats)
        goto bad;
    for (int s = 0; s < 4; s++) {
        PyObject *row = PyList_GET_ITEM(rows, s);
        if (!PyList_Check(row) || PyList_GET_SIZE(row) != 33) goto bad;
        for (int c = 0; c < 33; c++) {
            PyObject *r = PyList_GET_ITEM(row, c);
            if (!PyTuple_Check(r) || PyTuple_GET_SIZE(r) != 4) goto bad;
            if (read_double(PyTuple_GET_ITEM(r, 0), &m->pts[s][c]) < 0 ||
                read_int(PyTuple_GET_ITEM(r, 1), &m->trump_of[s][c]) < 0 ||
                read_int(PyTuple_GET_ITEM(r, 2), &m->bit[s][c]) < 0 ||
                read_int(PyTuple_GET_ITEM(r, 3), &m->bower[s][c]) < 0)
                return -1;
            if (m->bit[s][c] < 0 || m->bit[s][c] > 15) goto bad;
        }
        if (read_int(PyList_GET_ITEM(plain, s), &m->plain[s]) < 0) return -1;
    }
    double *ps[6] = {&m->temperature, &m->split, &m->alone, &m->no_bower, &m->floor, &m->discard_temperature};
    for (int i = 0; i < 6; i++)
        if (read_double(PyTuple_GET_ITEM(params, i), ps[i]) < 0) return -1;
    if (read_int(PyTuple_GET_ITEM(disc, 0), &m->discard_trump) < 0 || read_int(PyTuple_GET_ITEM(disc, 1), &m->up) < 0 ||
        read_int(PyTuple_GET_ITEM(disc, 2), &m->may_discard_up) < 0)
        return -1;
    if (m->discard_trump > 3 || m->up < 0 || m->up > 31) goto bad;
    m->has_dealer = m->discard_trump >= 0;
    for (int seat = 0; seat < nseats; seat++) {
        PyObject *pr = PyList_GET_ITEM(progs, seat);
        Program *g = &m->prog[seat];
        if (pr == Py_None) continue;
        if (!PyTuple_Check(pr) || PyTuple_GET_SIZE(pr) != 2 || !PyList_Check(PyTuple_GET_ITEM(pr, 1)) ||
            PyList_GET_SIZE(PyTuple_GET_ITEM(pr, 1)) > MAX_BIDS)
            goto bad;
        if (read_int(PyTuple_GET_ITEM(pr, 0), &g->weigh) < 0) return -1;
        PyObject *bids = PyTuple_GET_ITEM(pr, 1);
        g->nbids = (int)PyList_GET_SIZE(bids);
        for (int i = 0; i < g->nbids; i++) {
            PyObject *b = PyList_GET_ITEM(bids, i), *suits;
            Bid *d = &g->bids[i];
            if (!PyTuple_Check(b) || PyTuple_GET_SIZE(b) != 13 || !PyTuple_Check(suits = PyTuple_GET_ITEM(b, 11)) ||
                PyTuple_GET_SIZE(suits) > 4)
                goto bad;
            int *fields[11] = {&d->round,     &d->kind,          &d->alone,         &d->is_dealer,
                               &d->is_partner, &d->trump,         &d->up,            &d->plain_offered,
                               &d->alone_offered, &d->named,      &d->stuck};
            for (int f = 0; f < 11; f++)
                if (read_int(PyTuple_GET_ITEM(b, f), fields[f]) < 0) return -1;
            d->nsuits = (int)PyTuple_GET_SIZE(suits);
            for (int j = 0; j < d->nsuits; j++) {
                if (read_int(PyTuple_GET_ITEM(suits, j), &d->suits[j]) < 0) return -1;
                if (d->suits[j] < 0 || d->suits[j] > 3) goto bad;
            }
            if (read_double(PyTuple_GET_ITEM(b, 12), &d->need) < 0) return -1;
            if ((d->round != 1 && d->round != 2) || d->trump < 0 || d->trump > 3 || d->up < 0 || d->up > 31 ||
                d->named > 3 || (d->round == 2 && d->nsuits < 1))
                goto bad;
        }
        g->has = 1;
    }
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "the bidding model's spec is malformed");
    return -1;
}

/* ---- A batch of weighed candidates: BidWeighing's complete and weight, for the plans it takes ----
 *
 * draw(plan, random, getrandbits, want, tries, spec) -> (candidates, log weights, draws, dead end)
 *
 * The twin of worlds._draw's loop over one plan (Placement.fill, BidWeighing.complete and
 * BidWeighing.weight, with the dealer's hidden discard re-chosen), for a plan without a gift to a
 * loner, a loner's discard, cards gone under or a hand holding both the joker and the seven of clubs
 * (BidWeighing.draw_fast says which). It draws until ``want`` candidates are kept or ``tries`` draws
 * are spent, and stops early after a draw that met a dead end 30 times (the caller counts it, as
 * Placement.fill does). Every likelihood it adds is read from the plan's own memos (Python dicts,
 * keyed as BidWeighing._memo_key keys them); a hand not in them is asked of the Python callbacks,
 * which store it, so the memos and the answers are the Python loop's. The generator is read only
 * through its own random() and getrandbits(k), in the Python loop's order.
 *
 * spec: (seats, hand slot by seat (-1: none), played mask by seat, me, sees own hand, own mask,
 * dealer, discard done, discard slot, a known discard's bit, up taken, up bit, re-choose the
 * discard, fits by slot, constrained mask, the seats weighed, round-1 key by seat (None or (keep,
 * plain suits)), memo by seat, the dealer's memo, miss(seat, mask, gone) -> float,
 * dealer_miss(mask) -> (base, logs), the Candidate class (called with every field, in order), ...)
 */
typedef struct {
    int nseats, me, sees_me, dealer, discard_done, discard_slot, up_taken, rechoose, nweighed;
    int hand_slot[MAX_SEATS], weighed[MAX_SEATS];
    uint64_t played[MAX_SEATS], my_mask, fixed_gone, up_bit, constrained;
    uint64_t fits[MAX_SLOTS];
    int has_r1[MAX_SEATS];
    uint64_t r1_keep[MAX_SEATS], r1_suit[MAX_SEATS][4];
    int r1_nsuits[MAX_SEATS];
    PyObject *memo[MAX_SEATS]; /* borrowed from spec */
    PyObject *dealer_memo, *miss, *dealer_miss, *make;
    int is_weighed[MAX_SEATS], splits;
    Model model;
} Spec;

static int read_spec(PyObject *t, const Plan *p, Spec *sp) {
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 25) {
        PyErr_SetString(PyExc_TypeError, "the draw's spec is a tuple of 25 fields");
        return -1;
    }
#define F(i) PyTuple_GET_ITEM(t, i)
    if (read_int(F(0), &sp->nseats) < 0) return -1;
    if (sp->nseats < 1 || sp->nseats > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "too many seats for the compiled draw");
        return -1;
    }
    PyObject *hs = F(1), *pl = F(2), *fits = F(13), *weighed = F(15), *r1 = F(16), *memo = F(17);
    if (!PyList_Check(hs) || !PyList_Check(pl) || !PyList_Check(fits) || !PyList_Check(weighed) ||
        !PyList_Check(r1) || !PyList_Check(memo) || PyList_GET_SIZE(hs) != sp->nseats ||
        PyList_GET_SIZE(pl) != sp->nseats || PyList_GET_SIZE(r1) != sp->nseats ||
        PyList_GET_SIZE(memo) != sp->nseats || PyList_GET_SIZE(fits) != p->nslots ||
        PyList_GET_SIZE(weighed) > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "the draw's spec does not fit its plan");
        return -1;
    }
    for (int i = 0; i < sp->nseats; i++) {
        if (read_int(PyList_GET_ITEM(hs, i), &sp->hand_slot[i]) < 0) return -1;
        if (sp->hand_slot[i] >= p->nslots) {
            PyErr_SetString(PyExc_ValueError, "a hand's slot is out of range");
            return -1;
        }
        if (read_u64(PyList_GET_ITEM(pl, i), &sp->played[i]) < 0) return -1;
        PyObject *m = PyList_GET_ITEM(memo, i);
        if (!PyDict_Check(m)) {
            PyErr_SetString(PyExc_TypeError, "a seat's memo is a dict");
            return -1;
        }
        sp->memo[i] = m;
        PyObject *k = PyList_GET_ITEM(r1, i);
        sp->has_r1[i] = k != Py_None;
        if (sp->has_r1[i]) {
            PyObject *suits;
            if (!PyTuple_Check(k) || PyTuple_GET_SIZE(k) != 2 || !PyTuple_Check(suits = PyTuple_GET_ITEM(k, 1)) ||
                PyTuple_GET_SIZE(suits) > 4) {
                PyErr_SetString(PyExc_TypeError, "a round-1 key is (keep, plain suits)");
                return -1;
            }
            if (read_u64(PyTuple_GET_ITEM(k, 0), &sp->r1_keep[i]) < 0) return -1;
            sp->r1_nsuits[i] = (int)PyTuple_GET_SIZE(suits);
            for (int j = 0; j < sp->r1_nsuits[i]; j++)
                if (read_u64(PyTuple_GET_ITEM(suits, j), &sp->r1_suit[i][j]) < 0) return -1;
        }
    }
    for (int i = 0; i < p->nslots; i++)
        if (read_u64(PyList_GET_ITEM(fits, i), &sp->fits[i]) < 0) return -1;
    sp->nweighed = (int)PyList_GET_SIZE(weighed);
    for (int i = 0; i < sp->nweighed; i++) {
        if (read_int(PyList_GET_ITEM(weighed, i), &sp->weighed[i]) < 0) return -1;
        if (sp->weighed[i] < 0 || sp->weighed[i] >= sp->nseats) {
            PyErr_SetString(PyExc_ValueError, "a weighed seat is out of range");
            return -1;
        }
    }
    if (read_int(F(3), &sp->me) < 0 || read_int(F(4), &sp->sees_me) < 0 || read_u64(F(5), &sp->my_mask) < 0 ||
        read_int(F(6), &sp->dealer) < 0 || read_int(F(7), &sp->discard_done) < 0 ||
        read_int(F(8), &sp->discard_slot) < 0 || read_u64(F(9), &sp->fixed_gone) < 0 ||
        read_int(F(10), &sp->up_taken) < 0 || read_u64(F(11), &sp->up_bit) < 0 ||
        read_int(F(12), &sp->rechoose) < 0 || read_u64(F(14), &sp->constrained) < 0)
        return -1;
    if (sp->me < 0 || sp->me >= sp->nseats || sp->dealer < 0 || sp->dealer >= sp->nseats ||
        sp->discard_slot >= p->nslots || (sp->rechoose && (sp->discard_slot < 0 || sp->hand_slot[sp->dealer] < 0))) {
        PyErr_SetString(PyExc_ValueError, "a seat or slot of the draw's spec is out of range");
        return -1;
    }
    if (!PyDict_Check(F(18))) {
        PyErr_SetString(PyExc_TypeError, "the dealer's memo is a dict");
        return -1;
    }
    sp->dealer_memo = F(18);
    sp->miss = F(19);
    sp->dealer_miss = F(20);
    sp->make = F(21);
    if (read_model(F(22), sp->nseats, &sp->model) < 0) return -1;
    PyObject *every = F(23);
    if (!PyList_Check(every) || PyList_GET_SIZE(every) != sp->nseats) {
        PyErr_SetString(PyExc_ValueError, "the weighed seats' flags do not fit the seats");
        return -1;
    }
    for (int i = 0; i < sp->nseats; i++)
        if (read_int(PyList_GET_ITEM(every, i), &sp->is_weighed[i]) < 0) return -1;
    if (read_int(F(24), &sp->splits) < 0) return -1;
#undef F
    return 0;
}

static int bit_at(uint64_t bit) { return __builtin_ctzll(bit); }

/* BidWeighing._memo_key: the mask (with the dealer's discard's bit << 33), or a round-1 seat's key. */
static PyObject *memo_key(const Spec *sp, int seat, uint64_t mask, uint64_t gone) {
    if (sp->has_r1[seat]) {
        uint64_t key = mask & sp->r1_keep[seat], bit = (uint64_t)1 << 33;
        for (int j = 0; j < sp->r1_nsuits[seat]; j++) {
            if (mask & sp->r1_suit[seat][j]) key |= bit;
            bit <<= 1;
        }
        return PyLong_FromUnsignedLongLong(key);
    }
    if (gone == 0) return PyLong_FromUnsignedLongLong(mask);
    if (bit_at(gone) + 33 < 64) return PyLong_FromUnsignedLongLong(mask | gone << 33);
    PyObject *m = PyLong_FromUnsignedLongLong(mask), *g = PyLong_FromUnsignedLongLong(gone);
    PyObject *sh = PyLong_FromLong(33), *hi = NULL, *key = NULL;
    if (m && g && sh) hi = PyNumber_Lshift(g, sh);
    if (hi) key = PyNumber_Or(m, hi);
    Py_XDECREF(m);
    Py_XDECREF(g);
    Py_XDECREF(sh);
    Py_XDECREF(hi);
    return key;
}

/* Store ``value`` under ``key`` in ``memo`` (a new float). */
static int memo_store(PyObject *memo, PyObject *key, double value) {
    PyObject *v = PyFloat_FromDouble(value);
    if (v == NULL) return -1;
    int bad = PyDict_SetItem(memo, key, v);
    Py_DECREF(v);
    return bad;
}

/* A seat's part: from its memo, else worked out by its program (no hidden discard's part in it) or
 * asked of miss(seat, mask, gone) (which stores it). */
static int seat_part(const Spec *sp, int seat, uint64_t mask, uint64_t gone, double *out) {
    PyObject *key = memo_key(sp, seat, mask, gone);
    if (key == NULL) return -1;
    PyObject *known = PyDict_GetItemWithError(sp->memo[seat], key);
    if (known != NULL) {
        Py_DECREF(key);
        *out = PyFloat_AsDouble(known);
        return (*out == -1.0 && PyErr_Occurred()) ? -1 : 0;
    }
    if (PyErr_Occurred()) {
        Py_DECREF(key);
        return -1;
    }
    const Program *pr = &sp->model.prog[seat];
    if (pr->has && !(seat == sp->dealer && gone != 0 && sp->discard_slot >= 0 && pr->weigh)) {
        int hand[MAX_CARDS];
        cards_of(mask, hand);
        *out = program_part(&sp->model, pr, hand);
        int bad = memo_store(sp->memo[seat], key, *out);
        Py_DECREF(key);
        return bad;
    }
    Py_DECREF(key);
    PyObject *r = PyObject_CallFunction(sp->miss, "iKK", seat, (unsigned long long)mask, (unsigned long long)gone);
    if (r == NULL) return -1;
    *out = PyFloat_AsDouble(r);
    Py_DECREF(r);
    return (*out == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

/* BidWeighing._dealer_part by the dealer's program: (base, logs), stored in the dealer's memos. */
static PyObject *dealer_part_c(const Spec *sp, PyObject *key, uint64_t mask) {
    const Model *m = &sp->model;
    int hand[MAX_CARDS];
    cards_of(mask, hand);
    double base;
    PyObject *known = PyDict_GetItemWithError(sp->memo[sp->dealer], key);
    if (known != NULL) {
        base = PyFloat_AsDouble(known);
        if (base == -1.0 && PyErr_Occurred()) return NULL;
    } else {
        if (PyErr_Occurred()) return NULL;
        base = program_part(m, &m->prog[sp->dealer], hand);
        if (memo_store(sp->memo[sp->dealer], key, base) < 0) return NULL;
    }
    PyObject *logs = PyDict_New();
    if (logs == NULL) return NULL;
    if (base > -INFINITY) {
        int six[6], options[6], n = 0;
        double every[6], kept[6];
        for (int i = 0; i < 5; i++) six[i] = hand[i];
        six[5] = m->up;
        drop_points(m, six, m->discard_trump, every);
        for (int i = 0; i < 6; i++) {
            if (m->may_discard_up || six[i] != m->up) {
                options[n] = i;
                kept[n++] = every[i];
            }
        }
        double top = kept[0];
        for (int i = 1; i < n; i++)
            if (kept[i] > top) top = kept[i];
        double odds[6], total = 0.0;
        for (int i = 0; i < n; i++) {
            odds[i] = exp((kept[i] - top) / m->discard_temperature);
            total += odds[i];
        }
        for (int i = 0; i < n; i++) {
            double pr = odds[i] / total;
            PyObject *bit = PyLong_FromUnsignedLongLong((uint64_t)1 << six[options[i]]);
            PyObject *lg = bit == NULL ? NULL : PyFloat_FromDouble(log(m->floor < pr ? pr : m->floor));
            if (lg == NULL || PyDict_SetItem(logs, bit, lg) < 0) {
                Py_XDECREF(bit);
                Py_XDECREF(lg);
                Py_DECREF(logs);
                return NULL;
            }
            Py_DECREF(bit);
            Py_DECREF(lg);
        }
    }
    PyObject *found = Py_BuildValue("(dN)", base, logs);
    if (found == NULL || PyDict_SetItem(sp->dealer_memo, key, found) < 0) {
        Py_XDECREF(found);
        return NULL;
    }
    return found;
}

static uint64_t discard_bit(const Spec *sp, const Drawn *d) {
    if (!sp->discard_done) return 0;
    return sp->discard_slot >= 0 ? d->cards[sp->discard_slot][0] : sp->fixed_gone;
}

/* BidWeighing.complete for these plans: every seat's hand at bid time; 0 when the candidate cannot be
 * the real deal. */
static int complete_c(const Spec *sp, const Drawn *d, uint64_t *masks) {
    for (int s = 0; s < sp->nseats; s++) {
        masks[s] = 0;
        int slot = sp->hand_slot[s];
        if (slot >= 0) {
            for (int i = 0; i < d->count[slot]; i++) masks[s] |= d->cards[slot][i];
            masks[s] |= sp->played[s];
        }
    }
    if (sp->sees_me) masks[sp->me] = sp->my_mask | sp->played[sp->me];
    if (sp->discard_done) masks[sp->dealer] |= discard_bit(sp, d);
    if (sp->up_taken) {
        if (!(masks[sp->dealer] & sp->up_bit)) return 0;
        masks[sp->dealer] ^= sp->up_bit;
    }
    for (int s = 0; s < sp->nseats; s++)
        if (__builtin_popcountll(masks[s]) != 5) return 0;
    return 1;
}

static int con_index(const Plan *p, uint64_t bit) {
    return p->con_at[__builtin_ctzll(bit)];
}

/* BidWeighing._rechoose_discard (the dealer's bids not depending on its discard): the dealer's part
 * minus log q over the choices, the candidate's discard re-chosen in place. */
static int rechoose_c(const Plan *p, const Spec *sp, Drawn *d, const uint64_t *masks, PyObject *random,
                      double *out) {
    int hs = sp->hand_slot[sp->dealer], ds = sp->discard_slot;
    uint64_t gone = d->cards[ds][0];
    PyObject *key = PyLong_FromUnsignedLongLong(masks[sp->dealer]);
    if (key == NULL) return -1;
    PyObject *found = PyDict_GetItemWithError(sp->dealer_memo, key);
    if (found != NULL) {
        Py_INCREF(found);
    } else if (!PyErr_Occurred()) {
        found = sp->model.has_dealer ? dealer_part_c(sp, key, masks[sp->dealer])
                                     : PyObject_CallOneArg(sp->dealer_miss, key);
    }
    Py_DECREF(key);
    if (found == NULL) return -1;
    int status = -1;
    if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != 2 || !PyDict_Check(PyTuple_GET_ITEM(found, 1))) {
        PyErr_SetString(PyExc_TypeError, "the dealer's part is (base, logs)");
        goto done;
    }
    double base = PyFloat_AsDouble(PyTuple_GET_ITEM(found, 0));
    if (base == -1.0 && PyErr_Occurred()) goto done;
    if (base == -INFINITY) {
        *out = -INFINITY;
        status = 0;
        goto done;
    }
    PyObject *logs = PyTuple_GET_ITEM(found, 1);
    uint64_t choices[MAX_CARDS + 1], cards[MAX_CARDS + 1];
    double parts[MAX_CARDS + 1], logqs[MAX_CARDS + 1], likes[MAX_CARDS + 1];
    int nchoices = 0, n = 0, moved = 0;
    choices[nchoices++] = gone;
    if (sp->fits[hs] & gone)
        for (int i = 0; i < d->count[hs]; i++)
            if (sp->fits[ds] & d->cards[hs][i]) choices[nchoices++] = d->cards[hs][i];
    for (int i = 0; i < nchoices; i++) {
        uint64_t c = choices[i];
        PyObject *ck = PyLong_FromUnsignedLongLong(c);
        if (ck == NULL) goto done;
        PyObject *lo = PyDict_GetItemWithError(logs, ck);
        Py_DECREF(ck);
        if (lo == NULL) {
            if (PyErr_Occurred()) goto done;
            continue;
        }
        double odds = PyFloat_AsDouble(lo);
        if (odds == -1.0 && PyErr_Occurred()) goto done;
        double part = base + odds;
        if (part == -INFINITY) continue;
        cards[n] = c;
        parts[n] = part;
        if (c != gone && ((c | gone) & sp->constrained)) {
            int placed[MAX_CARDS];
            memcpy(placed, d->placed, sizeof(int) * p->ncon);
            int ic = con_index(p, c), ig = con_index(p, gone);
            if (ic >= 0) placed[ic] = ds;
            if (ig >= 0) placed[ig] = hs;
            if (logq_placed(p, placed, &logqs[n]) < 0) goto done;
            moved = 1;
        } else {
            logqs[n] = d->logq;
        }
        n++;
    }
    if (n == 0) {
        *out = -INFINITY;
        status = 0;
        goto done;
    }
    double top = parts[0];
    for (int i = 1; i < n; i++)
        if (parts[i] > top) top = parts[i];
    double total = 0.0;
    for (int i = 0; i < n; i++) {
        likes[i] = exp(parts[i] - top);
        total += likes[i];
    }
    double x;
    if (call_random(random, &x) < 0) goto done;
    x *= total;
    uint64_t pick = cards[n - 1];
    for (int i = 0; i < n; i++) {
        if (x < likes[i]) {
            pick = cards[i];
            break;
        }
        x -= likes[i];
    }
    if (pick != gone) {
        /* held.remove(pick); held.append(gone); slots[ds] = [pick] */
        int at = 0, k = d->count[hs];
        while (at < k && d->cards[hs][at] != pick) at++;
        for (int i = at; i < k - 1; i++) d->cards[hs][i] = d->cards[hs][i + 1];
        d->cards[hs][k - 1] = gone;
        d->cards[ds][0] = pick;
        d->count[ds] = 1;
        int ip = con_index(p, pick), ig = con_index(p, gone);
        if ((pick & sp->constrained) && ip >= 0) d->placed[ip] = ds;
        if ((gone & sp->constrained) && ig >= 0) d->placed[ig] = hs;
    }
    double log_parts = top + log(total);
    if (!moved) {
        *out = log_parts - (d->logq + log((double)n));
    } else {
        double qtop = logqs[0];
        for (int i = 1; i < n; i++)
            if (logqs[i] > qtop) qtop = logqs[i];
        double sum = 0.0;
        for (int i = 0; i < n; i++) sum += exp(logqs[i] - qtop);
        *out = log_parts - (qtop + log(sum));
    }
    status = 0;
done:
    Py_DECREF(found);
    return status;
}

/* The kept candidate as the plan's own object: Candidate(slots, logq, masks, None, (), [], where, {}). */
static PyObject *make_candidate(const Plan *p, const Spec *sp, const Drawn *d, const uint64_t *masks) {
    PyObject *slots, *where;
    if (drawn_lists(p, d, &slots, &where) < 0) return NULL;
    PyObject *ms = PyList_New(sp->nseats), *q = PyFloat_FromDouble(d->logq), *out = NULL;
    if (ms != NULL && q != NULL) {
        int ok = 1;
        for (int s = 0; s < sp->nseats && ok; s++) {
            PyObject *m = PyLong_FromUnsignedLongLong(masks[s]);
            if (m == NULL) ok = 0;
            else PyList_SET_ITEM(ms, s, m);
        }
        /* Candidate(slots, logq, bid_masks, gift, taken, loner_six, where, orders) */
        PyObject *taken = ok ? PyTuple_New(0) : NULL, *six = taken ? PyList_New(0) : NULL;
        PyObject *orders = six ? PyDict_New() : NULL;
        if (orders != NULL)
            out = PyObject_CallFunctionObjArgs(sp->make, slots, q, ms, Py_None, taken, six, where, orders, NULL);
        Py_XDECREF(taken);
        Py_XDECREF(six);
        Py_XDECREF(orders);
    }
    Py_XDECREF(ms);
    Py_XDECREF(q);
    Py_DECREF(slots);
    Py_DECREF(where);
    return out;
}

#define RESTARTS 30

static PyObject *draw(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *random, *getrandbits, *spec_t;
    long want, tries;
    if (!PyArg_ParseTuple(args, "OOOllO", &capsule, &random, &getrandbits, &want, &tries, &spec_t)) return NULL;
    Plan *p = (Plan *)PyCapsule_GetPointer(capsule, CAPSULE);
    if (p == NULL) return NULL;
    Spec sp;
    if (read_spec(spec_t, p, &sp) < 0) return NULL;
    PyObject *cands = PyList_New(0), *logws = PyList_New(0);
    if (cands == NULL || logws == NULL) goto fail;
    long used = 0;
    int dead_end = 0;
    Drawn d;
    uint64_t masks[MAX_SEATS];
    while (PyList_GET_SIZE(cands) < want && used < tries) {
        used++;
        int got = 0;
        for (int r = 0; r < RESTARTS && got == 0; r++) {
            got = fill_c(p, random, getrandbits, &d);
            if (got < 0) goto fail;
        }
        if (got == 0) {
            dead_end = 1;
            break;
        }
        if (!complete_c(&sp, &d, masks)) continue;
        double logw = -d.logq;
        if (sp.rechoose) {
            double part;
            if (rechoose_c(p, &sp, &d, masks, random, &part) < 0) goto fail;
            if (part == -INFINITY) continue;
            logw = part;
        }
        for (int i = 0; i < sp.nweighed; i++) {
            int seat = sp.weighed[i];
            uint64_t gone = seat == sp.dealer ? discard_bit(&sp, &d) : 0;
            double part;
            if (seat_part(&sp, seat, masks[seat], gone, &part) < 0) goto fail;
            logw += part;
        }
        if (logw == -INFINITY) continue;
        PyObject *cand = make_candidate(p, &sp, &d, masks);
        if (cand == NULL) goto fail;
        int bad = PyList_Append(cands, cand);
        Py_DECREF(cand);
        PyObject *w = bad ? NULL : PyFloat_FromDouble(logw);
        if (w == NULL) goto fail;
        bad = PyList_Append(logws, w);
        Py_DECREF(w);
        if (bad) goto fail;
    }
    return Py_BuildValue("NNlO", cands, logws, used, dead_end ? Py_True : Py_False);
fail:
    Py_XDECREF(cands);
    Py_XDECREF(logws);
    return NULL;
}

/* ---- The swaps of a candidate's hidden hands (SwapOrbits.orbit_masks), for a batch of picks ----
 *
 * orbits(plan, spec, swaps, picks) -> a tuple per pick of ((every seat's hand mask, ...), share)
 *
 * The twin of SwapOrbits.orbit_masks for the plans the compiled draw takes: ``swaps`` is
 * SwapOrbits._swap_pairs as lists of (receiving seat, giving seat), ``picks`` a list of (the
 * candidate's slots, its dealer's discard's bit). A seat's part is BidWeighing._held_part, read from
 * the same memos (and stored there) or worked out by the same programs and callbacks. */

/* BidWeighing._held_part: the log likelihood of ``seat``'s bids had it held ``mask`` now */
static int held_part(const Spec *sp, int seat, uint64_t mask, uint64_t gone, double *out) {
    if (mask & ~sp->fits[sp->hand_slot[seat]]) {
        *out = -INFINITY;
        return 0;
    }
    mask |= sp->played[seat];
    int dealer = seat == sp->dealer;
    if (dealer) {
        if (sp->discard_done) mask |= gone;
        if (sp->up_taken) {
            if (!(mask & sp->up_bit)) {
                *out = -INFINITY;
                return 0;
            }
            mask ^= sp->up_bit;
        }
    }
    if (__builtin_popcountll(mask) != 5) {
        *out = -INFINITY;
        return 0;
    }
    if (!sp->is_weighed[seat]) {
        *out = 0.0;
        return 0;
    }
    uint64_t given = dealer ? gone : 0;
    if (dealer && sp->splits) {
        PyObject *key = PyLong_FromUnsignedLongLong(mask);
        if (key == NULL) return -1;
        PyObject *found = PyDict_GetItemWithError(sp->dealer_memo, key);
        if (found != NULL) {
            Py_INCREF(found);
        } else if (!PyErr_Occurred()) {
            found = sp->model.has_dealer ? dealer_part_c(sp, key, mask) : PyObject_CallOneArg(sp->dealer_miss, key);
        }
        Py_DECREF(key);
        if (found == NULL) return -1;
        int status = -1;
        if (PyTuple_Check(found) && PyTuple_GET_SIZE(found) == 2 && PyDict_Check(PyTuple_GET_ITEM(found, 1))) {
            double base = PyFloat_AsDouble(PyTuple_GET_ITEM(found, 0));
            if (!(base == -1.0 && PyErr_Occurred())) {
                status = 0;
                if (base == -INFINITY) {
                    *out = base;
                } else {
                    PyObject *gk = PyLong_FromUnsignedLongLong(given);
                    PyObject *lo = gk == NULL ? NULL : PyDict_GetItemWithError(PyTuple_GET_ITEM(found, 1), gk);
                    Py_XDECREF(gk);
                    if (lo != NULL) {
                        double odds = PyFloat_AsDouble(lo);
                        if (odds == -1.0 && PyErr_Occurred()) status = -1;
                        *out = base + odds;
                    } else if (PyErr_Occurred()) {
                        status = -1;
                    } else {
                        *out = base + 0.0;
                    }
                }
            }
        } else {
            PyErr_SetString(PyExc_TypeError, "the dealer's part is (base, logs)");
        }
        Py_DECREF(found);
        return status;
    }
    return seat_part(sp, seat, mask, given, out);
}

static PyObject *orbits(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *spec_t, *swaps, *picks;
    if (!PyArg_ParseTuple(args, "OOO!O!", &capsule, &spec_t, &PyList_Type, &swaps, &PyList_Type, &picks)) return NULL;
    Plan *p = (Plan *)PyCapsule_GetPointer(capsule, CAPSULE);
    if (p == NULL) return NULL;
    Spec sp;
    if (read_spec(spec_t, p, &sp) < 0) return NULL;
    Py_ssize_t nswaps = PyList_GET_SIZE(swaps);
    if (nswaps < 1 || nswaps > 24) {
        PyErr_SetString(PyExc_ValueError, "between 1 and 24 swaps");
        return NULL;
    }
    int npairs[24], dst[24][MAX_SEATS], src[24][MAX_SEATS];
    for (Py_ssize_t k = 0; k < nswaps; k++) {
        PyObject *pairs = PyList_GET_ITEM(swaps, k);
        if (!PyList_Check(pairs) || PyList_GET_SIZE(pairs) > MAX_SEATS) goto bad;
        npairs[k] = (int)PyList_GET_SIZE(pairs);
        for (int j = 0; j < npairs[k]; j++) {
            PyObject *pair = PyList_GET_ITEM(pairs, j);
            if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) goto bad;
            if (read_int(PyTuple_GET_ITEM(pair, 0), &dst[k][j]) < 0 || read_int(PyTuple_GET_ITEM(pair, 1), &src[k][j]) < 0)
                return NULL;
            if (dst[k][j] < 0 || dst[k][j] >= sp.nseats || src[k][j] < 0 || src[k][j] >= sp.nseats ||
                sp.hand_slot[dst[k][j]] < 0 || sp.hand_slot[src[k][j]] < 0)
                goto bad;
        }
    }
    Py_ssize_t n = PyList_GET_SIZE(picks);
    PyObject *out = PyList_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pick = PyList_GET_ITEM(picks, i), *slots;
        uint64_t gone;
        if (!PyTuple_Check(pick) || PyTuple_GET_SIZE(pick) != 2 || !PyList_Check(slots = PyTuple_GET_ITEM(pick, 0)) ||
            PyList_GET_SIZE(slots) != p->nslots || read_u64(PyTuple_GET_ITEM(pick, 1), &gone) < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a pick is (its slots, its discard's bit)");
            Py_DECREF(out);
            return NULL;
        }
        uint64_t held[MAX_SEATS] = {0};
        for (int s = 0; s < sp.nseats; s++) {
            int slot = sp.hand_slot[s];
            if (slot < 0) continue;
            PyObject *cards = PyList_GET_ITEM(slots, slot);
            if (!PyList_Check(cards)) goto bad_pick;
            for (Py_ssize_t c = 0; c < PyList_GET_SIZE(cards); c++) {
                uint64_t bit;
                if (read_u64(PyList_GET_ITEM(cards, c), &bit) < 0) goto bad_pick;
                held[s] |= bit;
            }
        }
        double part_of[MAX_SEATS][MAX_SEATS];
        int known[MAX_SEATS][MAX_SEATS];
        memset(known, 0, sizeof(known));
        double logw[24];
        int kept[24], nkept = 0;
        for (Py_ssize_t k = 0; k < nswaps; k++) {
            double w = 0.0;
            for (int j = 0; j < npairs[k]; j++) {
                int d = dst[k][j], g = src[k][j];
                if (!known[d][g]) {
                    if (held_part(&sp, d, held[g], gone, &part_of[d][g]) < 0) goto bad_pick;
                    known[d][g] = 1;
                }
                w += part_of[d][g];
                if (w == -INFINITY) break;
            }
            if (w > -INFINITY) {
                kept[nkept] = (int)k;
                logw[nkept++] = w;
            }
        }
        if (nkept == 0) {
            PyErr_SetString(PyExc_ValueError, "no swap of this candidate fits (not a candidate the draw kept)");
            goto bad_pick;
        }
        double top = logw[0], likes[24], total = 0.0;
        for (int k = 1; k < nkept; k++)
            if (logw[k] > top) top = logw[k];
        for (int k = 0; k < nkept; k++) {
            likes[k] = exp(logw[k] - top);
            total += likes[k];
        }
        PyObject *orbit = PyTuple_New(nkept);
        if (orbit == NULL) goto bad_pick;
        PyList_SET_ITEM(out, i, orbit);
        for (int k = 0; k < nkept; k++) {
            uint64_t hands[MAX_SEATS] = {0};
            if (sp.sees_me) hands[sp.me] = sp.my_mask;
            for (int j = 0; j < npairs[kept[k]]; j++) hands[dst[kept[k]][j]] = held[src[kept[k]][j]];
            PyObject *ht = PyTuple_New(sp.nseats);
            if (ht == NULL) goto bad_pick;
            for (int s = 0; s < sp.nseats; s++) {
                PyObject *m = PyLong_FromUnsignedLongLong(hands[s]);
                if (m == NULL) {
                    Py_DECREF(ht);
                    goto bad_pick;
                }
                PyTuple_SET_ITEM(ht, s, m);
            }
            PyObject *entry = Py_BuildValue("(Nd)", ht, likes[k] / total);
            if (entry == NULL) goto bad_pick;
            PyTuple_SET_ITEM(orbit, k, entry);
        }
        continue;
    bad_pick:
        Py_DECREF(out);
        return NULL;
    }
    return out;
bad:
    PyErr_SetString(PyExc_ValueError, "a swap is a list of (receiving seat, giving seat) with hands");
    return NULL;
}

/* dealt(cards, masks, me, my_bits, up_bit, pack) -> (hands, kitty)
 *
 * WorldBuilder._dealt and _deal_of's twin for a candidate with no cards gone under: every seat's
 * dealt hand as a tuple of Cards in card order (``cards``: the Card of each card index), the seat
 * ``me`` (-1: none seen) keeping its own cards in the order ``my_bits`` gives them first, and the
 * kitty: the cards of ``pack`` in no hand and not the up card, in card order. */
static PyObject *dealt(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *cards, *masks, *my_bits;
    int me;
    unsigned long long up_bit, pack;
    if (!PyArg_ParseTuple(args, "O!O!iO!KK", &PyList_Type, &cards, &PyList_Type, &masks, &me, &PyList_Type, &my_bits,
                          &up_bit, &pack))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(masks), ncards = PyList_GET_SIZE(cards);
    if (n < 1 || n > MAX_SEATS || me >= n || ncards > 64 || PyList_GET_SIZE(my_bits) > MAX_CARDS) {
        PyErr_SetString(PyExc_ValueError, "a deal's seats or cards are out of range");
        return NULL;
    }
    uint64_t m[MAX_SEATS], all = up_bit;
    for (Py_ssize_t s = 0; s < n; s++) {
        if (read_u64(PyList_GET_ITEM(masks, s), &m[s]) < 0) return NULL;
        all |= m[s];
    }
    uint64_t every = all | pack;
    if ((every >> ncards) != 0) {
        PyErr_SetString(PyExc_ValueError, "a card of the deal has no Card");
        return NULL;
    }
    PyObject *hands = PyTuple_New(n);
    if (hands == NULL) return NULL;
    for (Py_ssize_t s = 0; s < n; s++) {
        int order[MAX_CARDS], k = 0;
        uint64_t rest = m[s];
        if (s == me) {
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(my_bits); i++) {
                uint64_t bit;
                if (read_u64(PyList_GET_ITEM(my_bits, i), &bit) < 0) goto fail;
                if (bit & rest) {
                    order[k++] = __builtin_ctzll(bit);
                    rest &= ~bit;
                }
            }
        }
        k += cards_of(rest, order + k);
        PyObject *hand = PyTuple_New(k);
        if (hand == NULL) goto fail;
        PyTuple_SET_ITEM(hands, s, hand);
        for (int i = 0; i < k; i++) PyTuple_SET_ITEM(hand, i, Py_NewRef(PyList_GET_ITEM(cards, order[i])));
    }
    int rest[MAX_CARDS];
    int k = cards_of(pack & ~all, rest);
    PyObject *kitty = PyTuple_New(k);
    if (kitty == NULL) goto fail;
    for (int i = 0; i < k; i++) PyTuple_SET_ITEM(kitty, i, Py_NewRef(PyList_GET_ITEM(cards, rest[i])));
    return Py_BuildValue("(NN)", hands, kitty);
fail:
    Py_DECREF(hands);
    return NULL;
}

/* dealt_rows(masks_list, me, my_bits, up_bit, dealer) -> per entry of ``masks_list`` (one mask per
 * seat), every seat's dealt hand as a list of card indices in dealt()'s order (``me``, -1: none, keeping
 * its own cards in the order ``my_bits`` gives them first, the rest in card order), the up card's index
 * added last to the ``dealer``'s hand where dealer >= 0 (the up card picked up). */
static PyObject *dealt_rows(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *masks_list, *my_bits;
    int me, dealer;
    unsigned long long up_bit;
    if (!PyArg_ParseTuple(args, "O!iO!Ki", &PyList_Type, &masks_list, &me, &PyList_Type, &my_bits, &up_bit, &dealer))
        return NULL;
    Py_ssize_t mine = PyList_GET_SIZE(my_bits);
    uint64_t own[MAX_CARDS];
    if (mine > MAX_CARDS || up_bit == 0 || (up_bit & (up_bit - 1))) {
        PyErr_SetString(PyExc_ValueError, "a deal's own cards or up card are out of range");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < mine; i++)
        if (read_u64(PyList_GET_ITEM(my_bits, i), &own[i]) < 0) return NULL;
    Py_ssize_t count = PyList_GET_SIZE(masks_list);
    PyObject *out = PyList_New(count);
    if (out == NULL) return NULL;
    for (Py_ssize_t w = 0; w < count; w++) {
        PyObject *masks = PyList_GET_ITEM(masks_list, w);
        Py_ssize_t n = PyList_Check(masks) ? PyList_GET_SIZE(masks) : 0;
        if (n < 1 || n > MAX_SEATS || me >= n || dealer >= n) {
            PyErr_SetString(PyExc_ValueError, "a deal's seats are out of range");
            goto fail;
        }
        PyObject *hands = PyList_New(n);
        if (hands == NULL) goto fail;
        PyList_SET_ITEM(out, w, hands);
        for (Py_ssize_t s = 0; s < n; s++) {
            uint64_t rest;
            if (read_u64(PyList_GET_ITEM(masks, s), &rest) < 0) goto fail;
            int order[64], k = 0;
            if (s == me)
                for (Py_ssize_t i = 0; i < mine; i++)
                    if (own[i] & rest) {
                        order[k++] = __builtin_ctzll(own[i]);
                        rest &= ~own[i];
                    }
            k += cards_of(rest, order + k);
            if (s == dealer) order[k++] = __builtin_ctzll(up_bit);
            PyObject *hand = PyList_New(k);
            if (hand == NULL) goto fail;
            PyList_SET_ITEM(hands, s, hand);
            for (int i = 0; i < k; i++) {
                PyObject *c = PyLong_FromLong(order[i]);
                if (c == NULL) goto fail;
                PyList_SET_ITEM(hand, i, c);
            }
        }
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static PyMethodDef methods[] = {
    {"dealt_rows", dealt_rows, METH_VARARGS,
     "dealt_rows(masks_list, me, my_bits, up_bit, dealer) -> per deal, every seat's hand as card indices"},
    {"logq", logq_of, METH_VARARGS, "logq(plan, where) -> the proposal's log q of that placement"},
    {"prepare", prepare, METH_VARARGS, "prepare(caps, constrained, free_bits, lgamma, free_logq) -> plan"},
    {"fill", fill, METH_VARARGS, "fill(plan, random, getrandbits) -> None | (slots, logq, where)"},
    {"orbits", orbits, METH_VARARGS, "orbits(plan, spec, swaps, picks) -> per pick, its swaps' hands and shares"},
    {"dealt", dealt, METH_VARARGS, "dealt(cards, masks, me, my_bits, up_bit, pack) -> (hands, kitty)"},
    {"draw", draw, METH_VARARGS,
     "draw(plan, random, getrandbits, want, tries, spec) -> (candidates, log weights, draws, dead end)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_worldfill", "The compiled core of the classic advisor's candidate draw.", -1,
    methods,
};

PyMODINIT_FUNC PyInit__worldfill(void) { return PyModule_Create(&module); }
