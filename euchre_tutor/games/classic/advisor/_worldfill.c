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

/* fill(plan, random, getrandbits) -> None | (slots, logq, where) */
static PyObject *fill(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *random, *getrandbits;
    if (!PyArg_ParseTuple(args, "OOO", &capsule, &random, &getrandbits)) return NULL;
    Plan *p = (Plan *)PyCapsule_GetPointer(capsule, CAPSULE);
    if (p == NULL) return NULL;
    int rem[MAX_SLOTS];
    int placed[MAX_CARDS]; /* the slot of each constrained card */
    int order[MAX_CARDS];
    memcpy(rem, p->caps, sizeof(int) * p->nslots);
    double logq = 0.0;
    for (int c = 0; c < p->ncon; c++) {
        long total = 0;
        const int *allowed = p->con_allowed[c];
        int na = p->con_nallowed[c];
        for (int j = 0; j < na; j++) total += rem[allowed[j]];
        if (total == 0) Py_RETURN_NONE;
        long x;
        if (randbelow(getrandbits, total, &x) < 0) return NULL;
        int i = allowed[0];
        for (int j = 0; j < na; j++) {
            i = allowed[j];
            if (x < rem[i]) break;
            x -= rem[i];
        }
        logq += log((double)rem[i] / (double)total);
        placed[c] = i;
        rem[i] -= 1;
    }
    if (shuffle_free(p, random, order) < 0) return NULL;
    PyObject *slots = PyList_New(p->nslots);
    if (slots == NULL) return NULL;
    /* each slot: its constrained cards in placing order, then its share of the shuffled free cards */
    int count[MAX_SLOTS];
    for (int s = 0; s < p->nslots; s++) count[s] = p->caps[s] - rem[s];
    int k = 0, left = 0;
    for (int s = 0; s < p->nslots; s++) {
        PyObject *slot = PyList_New(count[s] + rem[s]);
        if (slot == NULL) {
            Py_DECREF(slots);
            return NULL;
        }
        PyList_SET_ITEM(slots, s, slot);
        Py_ssize_t at = 0;
        for (int c = 0; c < p->ncon; c++) {
            if (placed[c] == s) {
                Py_INCREF(p->con_obj[c]);
                PyList_SET_ITEM(slot, at++, p->con_obj[c]);
            }
        }
        for (int r = 0; r < rem[s]; r++) {
            PyObject *bit = p->free_obj[order[k++]];
            Py_INCREF(bit);
            PyList_SET_ITEM(slot, at++, bit);
        }
    }
    PyObject *where = PyDict_New();
    if (where == NULL) {
        Py_DECREF(slots);
        return NULL;
    }
    if (p->ncon == 0) {
        logq = p->free_logq;
    } else {
        for (int s = 0; s < p->nslots; s++) {
            if (rem[s]) {
                left += rem[s];
                logq += p->lgamma[rem[s]];
            }
        }
        logq -= p->lgamma[left];
        for (int c = 0; c < p->ncon; c++) {
            PyObject *slot = PyLong_FromLong(placed[c]);
            if (slot == NULL || PyDict_SetItem(where, p->con_obj[c], slot) < 0) {
                Py_XDECREF(slot);
                Py_DECREF(where);
                Py_DECREF(slots);
                return NULL;
            }
            Py_DECREF(slot);
        }
    }
    PyObject *q = PyFloat_FromDouble(logq);
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

/* logq(plan, where) -> the proposal's log probability of a placement with each constrained card
 * in the slot ``where`` gives it (by card bit): Placement.logq_of's twin, summed in its order. */
static PyObject *logq_of(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *where;
    if (!PyArg_ParseTuple(args, "OO!", &capsule, &PyDict_Type, &where)) return NULL;
    Plan *p = (Plan *)PyCapsule_GetPointer(capsule, CAPSULE);
    if (p == NULL) return NULL;
    int rem[MAX_SLOTS];
    memcpy(rem, p->caps, sizeof(int) * p->nslots);
    double logq = 0.0;
    for (int c = 0; c < p->ncon; c++) {
        long total = 0;
        for (int j = 0; j < p->con_nallowed[c]; j++) total += rem[p->con_allowed[c][j]];
        PyObject *slot = PyDict_GetItemWithError(where, p->con_obj[c]);
        if (slot == NULL) {
            if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, p->con_obj[c]);
            return NULL;
        }
        long i = PyLong_AsLong(slot);
        if (i == -1 && PyErr_Occurred()) return NULL;
        if (i < 0 || i >= p->nslots || total == 0) {
            PyErr_SetString(PyExc_ValueError, "a constrained card's slot is out of range");
            return NULL;
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
    return PyFloat_FromDouble(logq - p->lgamma[left]);
}

static PyMethodDef methods[] = {
    {"logq", logq_of, METH_VARARGS, "logq(plan, where) -> the proposal's log q of that placement"},
    {"prepare", prepare, METH_VARARGS, "prepare(caps, constrained, free_bits, lgamma, free_logq) -> plan"},
    {"fill", fill, METH_VARARGS, "fill(plan, random, getrandbits) -> None | (slots, logq, where)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_worldfill", "The compiled core of the classic advisor's candidate draw.", -1,
    methods,
};

PyMODINIT_FUNC PyInit__worldfill(void) { return PyModule_Create(&module); }
