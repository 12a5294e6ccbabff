/* The compiled core of euchre_tutor.advisor.trickdd: the double-dummy search of a trick-taking
 * hand and the rule-based rollout, on card bitmasks, for every game that plays tricks.
 *
 * It is the twin of trickdd.py's pure-Python backend and must give the same answers (the tests
 * compare them). It knows nothing about a game's cards: trickdd.py computes, per contract, each
 * card slot's effective suit, its power for every led suit, the slots above it in its suit, its
 * twin (the equal copy of a double deck), its place from cheapest to dearest and the slots by
 * suit, strongest first, and passes them as one bytes object (the "blob", layout in
 * parse_tables). The only rules coded here are the play: follow the led suit if able; the highest
 * power wins the trick, a later card only when strictly higher (of two equal cards the first
 * played wins); the trump-lead restriction (lead_rule 1: not to the first trick; 2: not until a
 * trump has been played to a non-trump lead; a leader holding only trumps may always lead one).
 *
 * A position (parse_position) is a tuple of ints: seats, the side's seats (bitmask: the makers or
 * the bidders), leader, tricks left (the current one included), tricks in the hand, lead rule,
 * trump broken, the lone maker's seat (-1: none; the rollout's), active seats, the legal cards of
 * the seat to act, cards on the table, then per seat the next active seat, per seat the hand
 * (sitting-out seats: 0), then (seat, card) per card on the table. Values are the side's tricks
 * from the current trick on.
 *
 * The search: fail-soft alpha-beta, asked null-window questions (MTD(f): each card's exact value;
 * card_bands_many: only whether it reaches each of a few cuts, the counts where a caller's scores
 * change); the last trick played as dealt; equivalent cards (no
 * live card of another seat or on the table with a power between theirs or equal to either)
 * searched once; a transposition table of bounds at trick boundaries (a fixed array, entries
 * stamped with a generation number so a new solve needs no clearing), seeded with sure tricks.
 * The table and the cached contract are module state: calls hold the GIL and never run
 * concurrently.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SLOTS 64
#define MAX_SEATS 6
#define MAX_TRICKS 16
#define BLOB_SIZE (4 * SLOTS + SLOTS + SLOTS + 4 * 8 + 2 * SLOTS * 8 + 8 + 1 + 1 + SLOTS)
#define HEAD 11

typedef struct {
    uint8_t power[4][SLOTS];
    uint8_t suit[SLOTS];
    uint8_t cost[SLOTS];
    uint64_t suitmask[4];
    uint64_t above[SLOTS];
    uint64_t twin[SLOTS];
    uint64_t aeq[SLOTS]; /* above | twin */
    uint64_t trumps;
    int trump_suit; /* -1: no trump */
    int norder;
    uint8_t order[SLOTS];
    uint8_t place[SLOTS]; /* a slot's index in order */
    uint64_t placebit[SLOTS]; /* 1 << place (0 for a slot not in order) */
    uint8_t trump_order[SLOTS]; /* the trumps, strongest first */
    int ntrumps;
} Tables;

typedef struct {
    int players, active, lead_rule, broken, lone_maker, leader, tleft, hand_tricks, to_act, nplays;
    uint64_t side, legal;
    int nxt[MAX_SEATS];
    uint64_t hands[MAX_SEATS];
    int play_seat[MAX_SEATS], play_card[MAX_SEATS];
} Position;

/* ---------------------------------------------------------------------------------------- */
/* Parsing */

static uint64_t read_u64(const unsigned char *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static int parse_tables(PyObject *blob, Tables *t) {
    if (!PyBytes_Check(blob) || PyBytes_GET_SIZE(blob) != BLOB_SIZE) {
        PyErr_SetString(PyExc_ValueError, "_trickdd: the contract tables must be trickdd.py's bytes blob");
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
    t->trump_suit = p[0] == 0xFF ? -1 : p[0];
    t->norder = p[1];
    p += 2;
    if (t->norder > SLOTS) {
        PyErr_SetString(PyExc_ValueError, "_trickdd: too many cards in the tables");
        return -1;
    }
    memcpy(t->order, p, SLOTS);
    t->ntrumps = 0;
    memset(t->place, 0xFF, SLOTS);
    memset(t->placebit, 0, sizeof(t->placebit));
    for (int i = 0; i < t->norder; i++) {
        int c = t->order[i];
        if (c >= SLOTS || t->suit[c] > 3) {
            PyErr_SetString(PyExc_ValueError, "_trickdd: a card out of range in the tables");
            return -1;
        }
        t->place[c] = (uint8_t)i;
        t->placebit[c] = 1ull << i;
        if ((t->trumps >> c) & 1) t->trump_order[t->ntrumps++] = (uint8_t)c;
    }
    return 0;
}

/* The tables of the last contracts seen (a batch is usually one contract; a bid's play-outs, one per
 * trump), each kept with its blob, the oldest replaced first. */
#define CACHED 4
static PyObject *cached_blob[CACHED];
static Tables cached_tables[CACHED];
static int cached_next = 0;

static const Tables *tables_for(PyObject *blob) {
    for (int i = 0; i < CACHED; i++)
        if (blob == cached_blob[i]) return &cached_tables[i];
    int i = cached_next;
    cached_next = (cached_next + 1) % CACHED;
    if (parse_tables(blob, &cached_tables[i]) < 0) {
        Py_CLEAR(cached_blob[i]);
        return NULL;
    }
    Py_INCREF(blob);
    Py_XSETREF(cached_blob[i], blob);
    return &cached_tables[i];
}

static int get_int(PyObject *tuple, Py_ssize_t i, long long *out) {
    PyObject *item = PyTuple_GET_ITEM(tuple, i);
    long long v = PyLong_AsLongLong(item);
    if (v == -1 && PyErr_Occurred()) {
        /* a mask above 2**63 */
        PyErr_Clear();
        unsigned long long u = PyLong_AsUnsignedLongLong(item);
        if (u == (unsigned long long)-1 && PyErr_Occurred()) return -1;
        v = (long long)u;
    }
    *out = v;
    return 0;
}

/* A position's ints at most: HEAD, the next seat and hand of each seat, and the trick's plays. */
#define POS_INTS (HEAD + 4 * MAX_SEATS)

/* The position of ``size`` ints in trickdd.py's order (Position.args); -1 with a Python error. */
static int position_of(const long long *v, Py_ssize_t size, Position *pos) {
    pos->players = (int)v[0];
    pos->side = (uint64_t)v[1];
    pos->leader = (int)v[2];
    pos->tleft = (int)v[3];
    pos->hand_tricks = (int)v[4];
    pos->lead_rule = (int)v[5];
    pos->broken = (int)v[6];
    pos->lone_maker = (int)v[7];
    pos->active = (int)v[8];
    pos->legal = (uint64_t)v[9];
    pos->nplays = (int)v[10];
    int n = pos->players;
    if (n < 1 || n > MAX_SEATS || pos->nplays < 0 || pos->nplays >= MAX_SEATS ||
        size != HEAD + 2 * n + 2 * pos->nplays || pos->tleft < 0 || pos->tleft > MAX_TRICKS ||
        pos->hand_tricks < pos->tleft || pos->hand_tricks > MAX_TRICKS || pos->lead_rule < 0 || pos->lead_rule > 2) {
        PyErr_SetString(PyExc_ValueError, "_trickdd: a position tuple of the wrong shape");
        return -1;
    }
    const long long *at = v + HEAD;
    for (int s = 0; s < n; s++) pos->nxt[s] = (int)*at++;
    for (int s = 0; s < n; s++) pos->hands[s] = (uint64_t)*at++;
    for (int k = 0; k < pos->nplays; k++) {
        pos->play_seat[k] = (int)*at++;
        pos->play_card[k] = (int)*at++;
    }
    int bad = pos->leader < 0 || pos->leader >= n || pos->active < 1 || pos->active > n || pos->lone_maker < -1 ||
              pos->lone_maker >= n;
    for (int s = 0; s < n; s++) bad |= pos->nxt[s] < 0 || pos->nxt[s] >= n;
    for (int k = 0; k < pos->nplays; k++)
        bad |= pos->play_seat[k] < 0 || pos->play_seat[k] >= n || pos->play_card[k] < 0 || pos->play_card[k] >= SLOTS;
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "_trickdd: a seat or card out of range in the position");
        return -1;
    }
    pos->to_act = pos->nplays ? pos->nxt[pos->play_seat[pos->nplays - 1]] : pos->leader;
    return 0;
}

static int parse_position(PyObject *args, Position *pos) {
    if (!PyTuple_Check(args) || PyTuple_GET_SIZE(args) < HEAD) {
        PyErr_SetString(PyExc_ValueError, "_trickdd: a position is trickdd.py's tuple of ints");
        return -1;
    }
    Py_ssize_t size = PyTuple_GET_SIZE(args);
    if (size > POS_INTS) {
        PyErr_SetString(PyExc_ValueError, "_trickdd: a position tuple of the wrong shape");
        return -1;
    }
    long long v[POS_INTS];
    for (Py_ssize_t i = 0; i < size; i++)
        if (get_int(args, i, &v[i]) < 0) return -1;
    return position_of(v, size, pos);
}

/* ---------------------------------------------------------------------------------------- */
/* The transposition table: bounds on the side's tricks at trick boundaries. */

#define TT_BITS 19
#define TT_SIZE (1u << TT_BITS)
/* A hand of five tricks or fewer reaches few positions: it keeps to the table's first 2**16
 * entries, which stay in the processor's cache. */
#define TT_SHORT_BITS 16
#define SHORT_HAND 5

typedef struct {
    uint64_t hands[MAX_SEATS];
    uint32_t gen;
    uint8_t leader, broken;
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
    int players, active, lead_rule, hand_tricks;
    uint64_t side, tt_mask;
    int nxt[MAX_SEATS];
    uint64_t hands[MAX_SEATS];
    uint64_t all; /* every active hand's cards */
} Search;

static inline int lowbit(uint64_t m) { return __builtin_ctzll(m); }
static inline int popcount(uint64_t m) { return __builtin_popcountll(m); }

static inline uint64_t hash_key(const Search *S, int leader, int broken) {
    uint64_t h = 0x9E3779B97F4A7C15ull * (uint64_t)(leader * 2 + broken + 1);
    for (int s = 0; s < S->players; s++) {
        h ^= S->hands[s] + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ull;
    }
    return h ^ (h >> 31);
}

static uint64_t legal_cards(const Search *S, int seat, int k, int led, int tleft, int broken) {
    uint64_t hand = S->hands[seat];
    if (k) {
        uint64_t follow = hand & S->t->suitmask[led];
        return follow ? follow : hand;
    }
    if (S->t->trumps && S->lead_rule) {
        int barred = S->lead_rule == 1 ? tleft == S->hand_tricks : !broken;
        if (barred) {
            uint64_t plain = hand & ~S->t->trumps;
            if (plain) return plain;
        }
    }
    return hand;
}

/* The legal cards in classes of interchangeable cards: one representative each (the strongest
 * when leading, the weakest when following), in the order to search them. Returns the count;
 * members[i] is the mask of class i. */
static int representatives(const Search *S, int seat, int k, int led, int wseat, int wpow, uint64_t legal,
                           uint64_t table, int *reps, uint64_t *members) {
    const Tables *t = S->t;
    if (!(legal & (legal - 1))) { /* one legal card */
        reps[0] = lowbit(legal);
        members[0] = legal;
        return 1;
    }
    uint64_t alive = (S->all & ~S->hands[seat]) | table;
    /* the legal cards by suit, strongest first: their places' bits read in order */
    int cards[SLOTS], count = 0;
    uint64_t placed = 0;
    for (uint64_t m = legal; m; m &= m - 1) placed |= t->placebit[lowbit(m)];
    for (; placed; placed &= placed - 1) cards[count++] = t->order[lowbit(placed)];
    int n = 0;
    int prev = -1, prev_suit = -1;
    for (int i = 0; i < count; i++) {
        int c = cards[i];
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
    /* Move ordering: leads dearest first (a defender tries its plain cards before its trumps);
     * partner winning: cheapest first; else winners (the cheapest winner first), then losers
     * (cheapest first). Ties by card slot. */
    int key[SLOTS];
    int mine = (int)((S->side >> seat) & 1);
    int partner = k && (int)((S->side >> wseat) & 1) == mine;
    for (int i = 0; i < n; i++) {
        int c = reps[i];
        if (k == 0)
            key[i] = -(int)t->cost[c] * 64 + c + (((t->trumps >> c) & 1) && !mine ? 100 * 64 : 0);
        else if (partner)
            key[i] = (int)t->cost[c] * 64 + c;
        else {
            int p = t->power[led][c];
            key[i] = p > wpow ? p * 64 + c - 100000 : (int)t->cost[c] * 64 + c;
        }
    }
    for (int i = 1; i < n; i++) { /* insertion sort: a handful of classes */
        int kc = key[i], rc = reps[i];
        uint64_t mc = members[i];
        int j = i - 1;
        while (j >= 0 && key[j] > kc) {
            key[j + 1] = key[j];
            reps[j + 1] = reps[j];
            members[j + 1] = members[j];
            j--;
        }
        key[j + 1] = kc;
        reps[j + 1] = rc;
        members[j + 1] = mc;
    }
    return n;
}

/* Sure tricks at a trick boundary: a seat holding the highest trumps in play (a run of them, with
 * no equal copy elsewhere) wins a trick with each, since it plays them in different tricks and
 * nothing beats them. With no trump in play the leader cashes its top cards in every suit, one
 * after another (nobody can ruff, and it keeps the lead). */
static void sure_tricks(const Search *S, int leader, int tleft, int *lo, int *hi) {
    const Tables *t = S->t;
    uint64_t live = S->all;
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
        int blocked = -1; /* a suit where another seat holds a card as high */
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
    if ((S->side >> owner) & 1) {
        *lo = run;
        *hi = tleft;
    } else {
        *lo = 0;
        *hi = tleft - run;
    }
}

static int node(Search *S, int seat, int k, int led, int wseat, int wpow, uint64_t table, int tbroke,
                int broken, int tleft, int alpha, int beta, uint64_t legal);

static int trick_start(Search *S, int leader, int broken, int tleft, int alpha, int beta) {
    if (tleft == 0) return 0;
    if (alpha >= tleft) return tleft;
    if (beta <= 0) return 0;
    if (tleft == 1) { /* one card each: nothing to choose, the trick is played as dealt */
        const Tables *t = S->t;
        int seat = leader, c = lowbit(S->hands[seat]), led = t->suit[c], wseat = seat, wpow = t->power[led][c];
        for (int k = 1; k < S->active; k++) {
            seat = S->nxt[seat];
            int p = t->power[led][lowbit(S->hands[seat])];
            if (p > wpow) {
                wseat = seat;
                wpow = p;
            }
        }
        return (int)((S->side >> wseat) & 1);
    }
    uint64_t h = hash_key(S, leader, broken);
    Entry *e = &tt[h & S->tt_mask];
    int lo, hi;
    int hit = e->gen == tt_gen && e->leader == leader && e->broken == broken;
    for (int s = 0; hit && s < S->players; s++)
        if (e->hands[s] != S->hands[s]) hit = 0;
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
    int v = node(S, leader, 0, 0, 0, 0, 0, 0, broken, tleft, a, b, 0);
    if (v <= a)
        hi = hi < v ? hi : v;
    else if (v >= b)
        lo = lo > v ? lo : v;
    else
        lo = hi = v;
    /* the search below may have overwritten this slot: store afresh */
    for (int s = 0; s < MAX_SEATS; s++) e->hands[s] = s < S->players ? S->hands[s] : 0;
    e->gen = tt_gen;
    e->leader = (uint8_t)leader;
    e->broken = (uint8_t)broken;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    return v;
}

/* The value after seat plays card c. */
static int child(Search *S, int seat, int k, int led, int wseat, int wpow, uint64_t table, int tbroke,
                 int broken, int tleft, int alpha, int beta, int c) {
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
    if (S->lead_rule == 2 && (bit & t->trumps) && led != t->trump_suit) tbroke = 1;
    S->hands[seat] ^= bit;
    S->all ^= bit;
    int v;
    if (k + 1 == S->active) {
        int won = (int)((S->side >> wseat) & 1);
        v = won + trick_start(S, wseat, broken || tbroke, tleft - 1, alpha - won, beta - won);
    } else {
        v = node(S, S->nxt[seat], k + 1, led, wseat, wpow, table | bit, tbroke, broken, tleft, alpha, beta, 0);
    }
    S->hands[seat] ^= bit;
    S->all ^= bit;
    return v;
}

static int node(Search *S, int seat, int k, int led, int wseat, int wpow, uint64_t table, int tbroke,
                int broken, int tleft, int alpha, int beta, uint64_t legal) {
    if (!legal) legal = legal_cards(S, seat, k, led, tleft, broken);
    int reps[SLOTS];
    uint64_t members[SLOTS];
    int n = representatives(S, seat, k, led, wseat, wpow, legal, table, reps, members);
    int maximise = (int)((S->side >> seat) & 1);
    int best = maximise ? -1 : 99;
    for (int i = 0; i < n; i++) {
        int v = child(S, seat, k, led, wseat, wpow, table, tbroke, broken, tleft, alpha, beta, reps[i]);
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

/* The trick on the table at the root. */
typedef struct {
    int led, wseat, wpow, tbroke;
    uint64_t table;
} Trick;

static void setup(Search *S, const Tables *t, const Position *pos, Trick *tr) {
    S->t = t;
    S->players = pos->players;
    S->active = pos->active;
    S->lead_rule = pos->lead_rule;
    S->hand_tricks = pos->hand_tricks;
    S->side = pos->side;
    S->tt_mask = (pos->hand_tricks <= SHORT_HAND ? 1u << TT_SHORT_BITS : TT_SIZE) - 1;
    S->all = 0;
    for (int s = 0; s < pos->players; s++) {
        S->nxt[s] = pos->nxt[s];
        S->hands[s] = pos->hands[s];
        S->all |= pos->hands[s];
    }
    tr->led = tr->wseat = tr->wpow = tr->tbroke = 0;
    tr->table = 0;
    for (int k = 0; k < pos->nplays; k++) {
        int s = pos->play_seat[k], c = pos->play_card[k];
        if (k == 0) {
            tr->led = t->suit[c];
            tr->wseat = s;
            tr->wpow = t->power[tr->led][c];
        } else if (t->power[tr->led][c] > tr->wpow) {
            tr->wseat = s;
            tr->wpow = t->power[tr->led][c];
        }
        if (pos->lead_rule == 2 && ((t->trumps >> c) & 1) && tr->led != t->trump_suit) tr->tbroke = 1;
        tr->table |= 1ull << c;
    }
}

/* The root of a search: the seat to act with the trick so far; card >= 0: that card played. */
typedef struct {
    int seat, k, led, wseat, wpow, tbroke, broken, tleft, card;
    uint64_t table, legal;
} Root;

static int root_value(Search *S, const Root *r, int alpha, int beta) {
    if (r->card >= 0)
        return child(S, r->seat, r->k, r->led, r->wseat, r->wpow, r->table, r->tbroke, r->broken, r->tleft, alpha,
                     beta, r->card);
    return node(S, r->seat, r->k, r->led, r->wseat, r->wpow, r->table, r->tbroke, r->broken, r->tleft, alpha, beta,
                r->legal);
}

/* The exact value by null-window searches (MTD(f)): each asks "at least beta?", the
 * transposition table carries the bounds from one to the next. */
static int mtd(Search *S, const Root *r, int guess) {
    int lo = 0, hi = r->tleft;
    int g = guess < lo ? lo : guess > hi ? hi : guess;
    while (lo < hi) {
        int beta = g == lo ? g + 1 : g;
        int v = root_value(S, r, beta - 1, beta);
        if (v < beta)
            hi = v;
        else
            lo = v;
        g = v;
    }
    return lo;
}

static void root_of(const Position *pos, const Trick *tr, Root *r) {
    r->seat = pos->to_act;
    r->k = pos->nplays;
    r->led = tr->led;
    r->wseat = tr->wseat;
    r->wpow = tr->wpow;
    r->tbroke = tr->tbroke;
    r->broken = pos->broken;
    r->tleft = pos->tleft;
    r->table = tr->table;
    r->legal = pos->legal;
    r->card = -1;
}

/* The exact value by MTD(f) from ``guess`` (the nearer the value, the fewer null-window searches;
 * any guess gives the same value). */
static int solve_one(const Tables *t, const Position *pos, int guess) {
    Search S;
    Trick tr;
    Root r;
    setup(&S, t, pos, &tr);
    root_of(pos, &tr, &r);
    return mtd(&S, &r, guess);
}

/* The search set up at the position, the root's legal cards in classes of equivalent cards
 * (representatives()); returns the count. */
static int root_classes(Search *S, const Tables *t, const Position *pos, Root *r, int *reps, uint64_t *members) {
    Trick tr;
    setup(S, t, pos, &tr);
    root_of(pos, &tr, r);
    return representatives(S, pos->to_act, pos->nplays, tr.led, tr.wseat, tr.wpow, pos->legal, tr.table, reps,
                           members);
}

/* values[c] for every legal card c (others untouched). */
static void card_values_one(const Tables *t, const Position *pos, int *values) {
    Search S;
    Root r;
    int reps[SLOTS];
    uint64_t members[SLOTS];
    int n = root_classes(&S, t, pos, &r, reps, members);
    int guess = (pos->tleft + 1) / 2;
    for (int i = 0; i < n; i++) {
        r.card = reps[i];
        int v = mtd(&S, &r, guess);
        guess = v;
        for (uint64_t m = members[i]; m; m &= m - 1) values[lowbit(m)] = v;
    }
}

/* band[c] for every legal card c: how many of the ascending cuts (the side's tricks from the
 * current trick on) its value reaches, found by null-window questions at the cuts alone: a caller
 * that needs only which band a card's value lies in (the points a hand scores change only at a
 * few trick counts) is spared the exact value's searches. */
static void card_bands_one(const Tables *t, const Position *pos, const int *cuts, int ncuts, int *band) {
    Search S;
    Root r;
    int reps[SLOTS];
    uint64_t members[SLOTS];
    int n = root_classes(&S, t, pos, &r, reps, members);
    int base = 0, top = ncuts; /* cuts at or below 0 are always reached, cuts above tleft never */
    while (base < ncuts && cuts[base] <= 0) base++;
    while (top > base && cuts[top - 1] > pos->tleft) top--;
    for (int i = 0; i < n; i++) {
        r.card = reps[i];
        int lo = base, hi = top;
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2, b = cuts[mid - 1];
            if (root_value(&S, &r, b - 1, b) >= b)
                lo = mid;
            else
                hi = mid - 1;
        }
        for (uint64_t m = members[i]; m; m &= m - 1) band[lowbit(m)] = lo;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* The rollout: the rule-based player's card play (bots/classic.py), on the same tables. */

static int cheapest(const Tables *t, uint64_t cards) {
    int best = -1;
    for (uint64_t m = cards; m; m &= m - 1) {
        int c = lowbit(m);
        if (best < 0 || t->cost[c] < t->cost[best]) best = c;
    }
    return best;
}

static int dearest(const Tables *t, uint64_t cards) {
    int best = -1;
    for (uint64_t m = cards; m; m &= m - 1) {
        int c = lowbit(m);
        if (best < 0 || t->cost[c] > t->cost[best]) best = c;
    }
    return best;
}

static int lead_card(const Tables *t, uint64_t legal, uint64_t unseen, int side, int lone_maker) {
    uint64_t trumps = legal & t->trumps;
    uint64_t plain = legal & ~t->trumps;
    if (side && trumps) {
        int top = dearest(t, trumps);
        if (lone_maker || !(unseen & t->above[top])) return top;
    }
    for (uint64_t m = plain; m; m &= m - 1) {
        int c = lowbit(m);
        if (!(unseen & t->above[c])) return c;
    }
    if (plain) {
        uint64_t shortest = 0;
        int len = 99;
        for (int s = 0; s < 4; s++) {
            uint64_t in = plain & t->suitmask[s];
            if (in && popcount(in) < len) {
                len = popcount(in);
                shortest = in;
            }
        }
        return cheapest(t, shortest);
    }
    return dearest(t, trumps);
}

/* The slips' generator (splitmix64), the twin of trickdd._next: the same 64-bit steps in Python. */
static inline uint64_t next_draw(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A slip: with chance limit / 2^53 a seat with a choice plays a random legal card instead (-1: it
 * does not slip). Two draws when it slips (whether, which), one when it does not. */
static int slipped(uint64_t legal, uint64_t limit, uint64_t *state) {
    if ((next_draw(state) >> 11) >= limit) return -1;
    int pick = (int)(next_draw(state) % (uint64_t)popcount(legal));
    for (uint64_t m = legal;; m &= m - 1)
        if (pick-- == 0) return lowbit(m);
}

static int rollout_one(const Tables *t, const Position *pos, const uint64_t *unseen_in, uint64_t limit,
                       uint64_t seed) {
    uint64_t draws = seed;
    uint64_t hands[MAX_SEATS], unseen[MAX_SEATS];
    int play_seat[MAX_SEATS], play_card[MAX_SEATS];
    int n = pos->players;
    for (int s = 0; s < n; s++) {
        hands[s] = pos->hands[s];
        unseen[s] = unseen_in[s];
    }
    int k = pos->nplays;
    for (int i = 0; i < k; i++) {
        play_seat[i] = pos->play_seat[i];
        play_card[i] = pos->play_card[i];
    }
    int broken = pos->broken;
    int won = 0;
    int seat = pos->to_act;
    int tleft = pos->tleft;
    uint64_t root = pos->legal;
    while (tleft) {
        uint64_t hand = hands[seat], legal;
        int led = -1;
        if (k) {
            led = t->suit[play_card[0]];
            legal = hand & t->suitmask[led];
            if (!legal) legal = hand;
        } else {
            legal = hand;
            if (t->trumps && pos->lead_rule) {
                int barred = pos->lead_rule == 1 ? tleft == pos->hand_tricks : !broken;
                uint64_t plain = hand & ~t->trumps;
                if (barred && plain) legal = plain;
            }
        }
        if (root) {
            legal = root;
            root = 0;
        }
        uint64_t mine = unseen[seat];
        int card;
        if ((legal & (legal - 1)) == 0) {
            card = lowbit(legal);
        } else if (limit && (card = slipped(legal, limit, &draws)) >= 0) {
            /* a slip: the random legal card */
        } else if (k == 0) {
            card = lead_card(t, legal, mine, (int)((pos->side >> seat) & 1), seat == pos->lone_maker);
        } else {
            int wseat = play_seat[0], wcard = play_card[0];
            for (int i = 1; i < k; i++)
                if (t->power[led][play_card[i]] > t->power[led][wcard]) {
                    wseat = play_seat[i];
                    wcard = play_card[i];
                }
            int best = t->power[led][wcard];
            uint64_t winners = 0;
            for (uint64_t m = legal; m; m &= m - 1) {
                int c = lowbit(m);
                if (t->power[led][c] > best) winners |= 1ull << c;
            }
            int partner = ((pos->side >> wseat) & 1) == ((pos->side >> seat) & 1);
            int last = k + 1 == pos->active;
            if (partner && (last || !(mine & t->above[wcard]))) {
                card = cheapest(t, legal);
            } else if (winners) {
                int lo = -1, hi = -1;
                for (uint64_t m = winners; m; m &= m - 1) {
                    int c = lowbit(m);
                    if (lo < 0 || t->power[led][c] < t->power[led][lo]) lo = c;
                    if (hi < 0 || t->power[led][c] > t->power[led][hi]) hi = c;
                }
                card = last ? lo : hi;
                if (!last && ((t->trumps >> card) & 1) && led != t->trump_suit) card = lo;
            } else {
                card = cheapest(t, legal);
            }
        }
        uint64_t bit = 1ull << card;
        hands[seat] ^= bit;
        for (int s = 0; s < n; s++) unseen[s] &= ~bit;
        play_seat[k] = seat;
        play_card[k] = card;
        k++;
        if (k == pos->active) {
            led = t->suit[play_card[0]];
            int wseat = play_seat[0], wcard = play_card[0];
            for (int i = 1; i < k; i++) {
                int c = play_card[i];
                if (t->power[led][c] > t->power[led][wcard]) {
                    wseat = play_seat[i];
                    wcard = c;
                }
                if (((t->trumps >> c) & 1) && led != t->trump_suit) broken = 1;
            }
            won += (int)((pos->side >> wseat) & 1);
            k = 0;
            seat = wseat;
            tleft--;
        } else {
            seat = pos->nxt[seat];
        }
    }
    return won;
}

/* ---------------------------------------------------------------------------------------- */
/* Python entry points: each takes a list of items and returns one answer per item. */

enum Kind { SOLVE, CARD_VALUES, ROLLOUT };

/* The answer to one item (blob, position[, unseen, slip limit, seed]), a new reference; NULL with an
 * exception set. A rollout's slip limit is its chance of a slip times 2^53 (0: the rule-based play). */
static PyObject *answer(PyObject *item, enum Kind kind) {
    Py_ssize_t want = kind == ROLLOUT ? 5 : 2, size = PyTuple_Check(item) ? PyTuple_GET_SIZE(item) : -1;
    if (size != want && !(kind == SOLVE && size == 3)) {
        PyErr_SetString(PyExc_ValueError,
                        "_trickdd: each item is (tables blob, position tuple[, unseen, slip limit, seed]), "
                        "or to solve (tables blob, position tuple[, a guess of the value])");
        return NULL;
    }
    const Tables *t = tables_for(PyTuple_GET_ITEM(item, 0));
    Position pos;
    if (t == NULL || parse_position(PyTuple_GET_ITEM(item, 1), &pos) < 0) return NULL;
    if (kind == ROLLOUT) {
        PyObject *unseen = PyTuple_GET_ITEM(item, 2);
        if (!PyTuple_Check(unseen) || PyTuple_GET_SIZE(unseen) != pos.players) {
            PyErr_SetString(PyExc_ValueError, "_trickdd: unseen is a tuple of one mask per seat");
            return NULL;
        }
        uint64_t masks[MAX_SEATS];
        for (int s = 0; s < pos.players; s++) {
            long long x;
            if (get_int(unseen, s, &x) < 0) return NULL;
            masks[s] = (uint64_t)x;
        }
        unsigned long long limit = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(item, 3));
        if (limit == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
        unsigned long long seed = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(item, 4));
        if (seed == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
        return PyLong_FromLong(rollout_one(t, &pos, masks, (uint64_t)limit, (uint64_t)seed));
    }
    if (tt_ready() < 0) return NULL;
    if (kind == SOLVE) {
        long guess = (pos.tleft + 1) / 2;
        if (size == 3 && (guess = PyLong_AsLong(PyTuple_GET_ITEM(item, 2))) == -1 && PyErr_Occurred()) return NULL;
        return PyLong_FromLong(solve_one(t, &pos, (int)(guess < 0 ? 0 : guess > pos.tleft ? pos.tleft : guess)));
    }
    int values[SLOTS];
    card_values_one(t, &pos, values);
    PyObject *d = PyDict_New();
    for (uint64_t m = pos.legal; d != NULL && m; m &= m - 1) {
        int c = lowbit(m);
        PyObject *key = PyLong_FromLong(c), *val = PyLong_FromLong(values[c]);
        if (key == NULL || val == NULL || PyDict_SetItem(d, key, val) < 0) Py_CLEAR(d);
        Py_XDECREF(key);
        Py_XDECREF(val);
    }
    return d;
}

static PyObject *answer_many(PyObject *items, enum Kind kind) {
    PyObject *seq = PySequence_Fast(items, "_trickdd: the items come as a list");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        PyObject *one = answer(PySequence_Fast_GET_ITEM(seq, i), kind);
        if (one == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, one);
    }
    Py_DECREF(seq);
    return out;
}

static PyObject *py_solve_many(PyObject *self, PyObject *items) {
    (void)self;
    return answer_many(items, SOLVE);
}

static PyObject *py_card_values_many(PyObject *self, PyObject *items) {
    (void)self;
    return answer_many(items, CARD_VALUES);
}

static PyObject *py_rollout_many(PyObject *self, PyObject *items) {
    (void)self;
    return answer_many(items, ROLLOUT);
}

#define MAX_CUTS 16

/* A new tuple of the ``n`` ints; NULL with a Python error. */
static PyObject *int_tuple_of(const int *values, Py_ssize_t n) {
    PyObject *out = PyTuple_New(n);
    for (Py_ssize_t j = 0; out != NULL && j < n; j++) {
        PyObject *one = PyLong_FromLong(values[j]);
        if (one == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SET_ITEM(out, j, one);
    }
    return out;
}

static int int_tuple(PyObject *o, const char *what, int *out, Py_ssize_t most, Py_ssize_t *n) {
    if (!PyTuple_Check(o) || PyTuple_GET_SIZE(o) > most) {
        PyErr_Format(PyExc_ValueError, "_trickdd: %s come as a tuple of at most %zd ints", what, most);
        return -1;
    }
    *n = PyTuple_GET_SIZE(o);
    for (Py_ssize_t i = 0; i < *n; i++) {
        long long x;
        if (get_int(o, i, &x) < 0) return -1;
        if (x < -SLOTS || x > SLOTS) {
            PyErr_Format(PyExc_ValueError, "_trickdd: %s hold small ints", what);
            return -1;
        }
        out[i] = (int)x;
    }
    return 0;
}

/* card_bands_many(blob, position, hands, playing, slots, cuts, marks): for each entry of ``hands``
 * (a tuple of one hand mask per seat), the position with those hands (seats not in the ``playing``
 * mask: none), and a tuple holding for each slot of ``slots`` (legal cards of the seat to act)
 * marks[j], j the number of the ascending ``cuts`` (the side's tricks from the current trick on)
 * the card's value reaches. */
static PyObject *py_card_bands_many(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *blob, *pos_o, *hands_o, *slots_o, *cuts_o, *marks_o;
    unsigned long long playing;
    if (!PyArg_ParseTuple(args, "OOOKOOO", &blob, &pos_o, &hands_o, &playing, &slots_o, &cuts_o, &marks_o))
        return NULL;
    int slots[SLOTS], cuts[MAX_CUTS], marks_i[MAX_CUTS + 1];
    Py_ssize_t nslots, ncuts, nmarks;
    if (int_tuple(slots_o, "slots", slots, SLOTS, &nslots) < 0 || int_tuple(cuts_o, "cuts", cuts, MAX_CUTS, &ncuts) < 0 ||
        int_tuple(marks_o, "marks", marks_i, MAX_CUTS + 1, &nmarks) < 0)
        return NULL;
    int bad = nmarks != ncuts + 1;
    for (Py_ssize_t i = 1; i < ncuts; i++) bad |= cuts[i] <= cuts[i - 1];
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "_trickdd: cuts ascend, and there is one mark more than cuts");
        return NULL;
    }
    const Tables *t = tables_for(blob);
    Position base;
    if (t == NULL || parse_position(pos_o, &base) < 0) return NULL;
    for (Py_ssize_t j = 0; j < nslots; j++)
        if (slots[j] < 0 || slots[j] >= SLOTS || !((base.legal >> slots[j]) & 1)) {
            PyErr_SetString(PyExc_ValueError, "_trickdd: a slot asked for is not a legal card of the position");
            return NULL;
        }
    PyObject *seq = PySequence_Fast(hands_o, "_trickdd: the hands come as a list");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        PyObject *held = PySequence_Fast_GET_ITEM(seq, i);
        Position pos = base;
        if (!PyTuple_Check(held) || PyTuple_GET_SIZE(held) != base.players) {
            PyErr_SetString(PyExc_ValueError, "_trickdd: each entry of hands is a tuple of one mask per seat");
            Py_CLEAR(out);
            break;
        }
        for (int s = 0; s < base.players; s++) {
            long long x;
            if (get_int(held, s, &x) < 0) break;
            pos.hands[s] = (playing >> s) & 1 ? (uint64_t)x : 0;
        }
        if (PyErr_Occurred() || tt_ready() < 0) {
            Py_CLEAR(out);
            break;
        }
        int band[SLOTS], row[SLOTS];
        card_bands_one(t, &pos, cuts, (int)ncuts, band);
        for (Py_ssize_t j = 0; j < nslots; j++) row[j] = marks_i[band[slots[j]]];
        PyObject *marks = int_tuple_of(row, nslots);
        if (marks == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, marks);
    }
    Py_DECREF(seq);
    return out;
}

/* A tally's running figures (tallies.Running), gone on deal by deal as sampling.Tally.record
 * adds them: the same floating-point operations in the same order as the twins' loop. */
typedef struct {
    double total, mean, m2, made, euchred, march, tricks;
    long long n, passed;
} Running;

static void go_on(Running *r, double value, double made, double euchred, double march) {
    r->total += value;
    r->n += 1; /* Welford, as sampling.Spread.add */
    double delta = value - r->mean;
    r->mean += delta / (double)r->n;
    r->m2 += delta * (value - r->mean);
    r->made += made;
    r->euchred += euchred;
    r->march += march;
}

/* A tally's per-deal columns, returned as native doubles: the values, and the match chances where
 * there is a match score (else empty). */
typedef struct {
    PyObject *values, *wins;
    double *vs, *ws;
} Columns;

/* 0, or -1 with a Python error (and nothing held). */
static int columns_new(Columns *c, Py_ssize_t deals, int with_win) {
    c->values = PyBytes_FromStringAndSize(NULL, deals * (Py_ssize_t)sizeof(double));
    c->wins = c->values == NULL ? NULL : PyBytes_FromStringAndSize(NULL, with_win ? deals * (Py_ssize_t)sizeof(double) : 0);
    if (c->wins == NULL) {
        Py_CLEAR(c->values);
        return -1;
    }
    c->vs = (double *)PyBytes_AS_STRING(c->values);
    c->ws = (double *)PyBytes_AS_STRING(c->wins);
    return 0;
}

/* (figures, values, wins[, sides when >= 0]), or NULL with the columns dropped when ``figures`` is
 * (the tally's loop failed, or the figures could not be built). */
static PyObject *columns_result(Columns *c, PyObject *figures, int sides) {
    if (figures == NULL) {
        Py_XDECREF(c->values);
        Py_XDECREF(c->wins);
        return NULL;
    }
    return sides < 0 ? Py_BuildValue("(NNN)", figures, c->values, c->wins)
                     : Py_BuildValue("(NNNi)", figures, c->values, c->wins, sides);
}

#define MAX_ENDS 64

/* tally_marks(rows, orbits, column, ends, with_win, running): trickdd.tally_marks's loop, the same
 * floating-point operations in the same order (the build turns off fused multiply-adds). */
static PyObject *py_tally_marks(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *rows_o, *orbits_o, *ends_o;
    Py_ssize_t column;
    int with_win;
    Running r = {0};
    if (!PyArg_ParseTuple(args, "OOnOp(dLddddddL)", &rows_o, &orbits_o, &column, &ends_o, &with_win, &r.total,
                          &r.n, &r.mean, &r.m2, &r.made, &r.euchred, &r.march, &r.tricks, &r.passed))
        return NULL;
    double side[MAX_ENDS], chance[MAX_ENDS];
    int gone[MAX_ENDS], swept[MAX_ENDS];
    PyObject *ends = PySequence_Fast(ends_o, "_trickdd: the ends come as a sequence");
    if (ends == NULL) return NULL;
    Py_ssize_t nends = PySequence_Fast_GET_SIZE(ends);
    int bad = nends > MAX_ENDS;
    for (Py_ssize_t i = 0; !bad && i < nends; i++) {
        PyObject *end = PySequence_Fast_GET_ITEM(ends, i);
        bad = !PyTuple_Check(end) || PyTuple_GET_SIZE(end) != 4;
        if (bad) break;
        side[i] = PyFloat_AsDouble(PyTuple_GET_ITEM(end, 0));
        chance[i] = PyFloat_AsDouble(PyTuple_GET_ITEM(end, 1));
        gone[i] = PyObject_IsTrue(PyTuple_GET_ITEM(end, 2));
        swept[i] = PyObject_IsTrue(PyTuple_GET_ITEM(end, 3));
        bad = PyErr_Occurred() != NULL;
    }
    Py_DECREF(ends);
    if (bad) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "_trickdd: each end is (side, chance, euchred, march)");
        return NULL;
    }
    PyObject *rows = PySequence_Fast(rows_o, "_trickdd: the rows come as a list");
    if (rows == NULL) return NULL;
    PyObject *orbits = PySequence_Fast(orbits_o, "_trickdd: the orbits come as a list");
    if (orbits == NULL) {
        Py_DECREF(rows);
        return NULL;
    }
    Py_ssize_t deals = PySequence_Fast_GET_SIZE(orbits), nrows = PySequence_Fast_GET_SIZE(rows), k = 0;
    Columns out = {0};
    bad = columns_new(&out, deals, with_win) < 0;
    for (Py_ssize_t i = 0; !bad && i < deals; i++) {
        PyObject *orbit = PySequence_Fast(PySequence_Fast_GET_ITEM(orbits, i), "_trickdd: each orbit is a sequence");
        if (orbit == NULL) {
            bad = 1;
            break;
        }
        double value = 0.0, win = 0.0, d_made = 0.0, d_euchred = 0.0, d_march = 0.0;
        for (Py_ssize_t j = 0; !bad && j < PySequence_Fast_GET_SIZE(orbit); j++, k++) {
            PyObject *swap = PySequence_Fast_GET_ITEM(orbit, j), *row = k < nrows ? PySequence_Fast_GET_ITEM(rows, k) : NULL;
            if (row == NULL || !PyTuple_Check(row) || column < 0 || column >= PyTuple_GET_SIZE(row) ||
                !PyTuple_Check(swap) || PyTuple_GET_SIZE(swap) != 2) {
                PyErr_SetString(PyExc_ValueError, "_trickdd: one row per swap, each with the column; a swap is (hands, share)");
                bad = 1;
                break;
            }
            long mark = PyLong_AsLong(PyTuple_GET_ITEM(row, column));
            double share = PyFloat_AsDouble(PyTuple_GET_ITEM(swap, 1));
            if (PyErr_Occurred() || mark < 0 || mark >= nends) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "_trickdd: a mark with no end");
                bad = 1;
                break;
            }
            value += share * side[mark];
            win += share * chance[mark];
            if (gone[mark])
                d_euchred += share;
            else
                d_made += share;
            if (swept[mark]) d_march += share;
        }
        Py_DECREF(orbit);
        if (bad) break;
        out.vs[i] = value;
        go_on(&r, value, d_made, d_euchred, d_march);
        if (with_win) out.ws[i] = win;
    }
    if (!bad && k != nrows) {
        PyErr_SetString(PyExc_ValueError, "_trickdd: one row per swap of every orbit");
        bad = 1;
    }
    Py_DECREF(rows);
    Py_DECREF(orbits);
    return columns_result(
        &out,
        bad ? NULL
            : Py_BuildValue("(dLddddddL)", r.total, r.n, r.mean, r.m2, r.made, r.euchred, r.march, r.tricks, r.passed),
        -1);
}

/* tally_keys(keys, table, with_win, running): trickdd.tally_keys's loop, the same floating-point
 * operations in the same order. */
static PyObject *py_tally_keys(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *keys_o, *table_o;
    int with_win;
    Running r = {0};
    if (!PyArg_ParseTuple(args, "OOp(dLddddddL)", &keys_o, &table_o, &with_win, &r.total, &r.n, &r.mean, &r.m2,
                          &r.made, &r.euchred, &r.march, &r.tricks, &r.passed))
        return NULL;
    PyObject *table = PySequence_Fast(table_o, "_trickdd: the table comes as a list");
    if (table == NULL) return NULL;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(table);
    /* each entry: (kind, value, win, made, euchred, march, tricks), or None where no deal ends */
    double *fig = PyMem_Malloc((size_t)(size ? size : 1) * 6 * sizeof(double));
    int *kind = PyMem_Malloc((size_t)(size ? size : 1) * sizeof(int));
    int bad = fig == NULL || kind == NULL;
    if (bad) PyErr_NoMemory();
    for (Py_ssize_t i = 0; !bad && i < size; i++) {
        PyObject *e = PySequence_Fast_GET_ITEM(table, i);
        if (e == Py_None) {
            kind[i] = -1;
            continue;
        }
        if (!PyTuple_Check(e) || PyTuple_GET_SIZE(e) != 7) {
            PyErr_SetString(PyExc_ValueError, "_trickdd: each entry is (kind, value, win, made, euchred, march, tricks)");
            bad = 1;
            break;
        }
        kind[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(e, 0));
        for (int j = 0; j < 6; j++) {
            PyObject *x = PyTuple_GET_ITEM(e, j + 1);
            fig[i * 6 + j] = x == Py_None ? 0.0 : PyFloat_AsDouble(x);
        }
        if (PyErr_Occurred() || kind[i] < 0 || kind[i] > 2 || (with_win && PyTuple_GET_ITEM(e, 2) == Py_None)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "_trickdd: a kind is 0 (thrown in), 1 (ours) or 2 (theirs), and a chance is given with_win");
            bad = 1;
        }
    }
    PyObject *keys = bad ? NULL : PySequence_Fast(keys_o, "_trickdd: the keys come as a list");
    Py_ssize_t deals = keys == NULL ? 0 : PySequence_Fast_GET_SIZE(keys);
    Columns out = {0};
    bad = keys == NULL || columns_new(&out, deals, with_win) < 0;
    int sides = 0;
    for (Py_ssize_t i = 0; !bad && i < deals; i++) {
        long key = PyLong_AsLong(PySequence_Fast_GET_ITEM(keys, i));
        if (PyErr_Occurred() || key < 0 || key >= size || kind[key] < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "_trickdd: a key with no entry in the table");
            bad = 1;
            break;
        }
        const double *f = fig + key * 6;
        if (kind[key] == 0)
            r.passed += 1;
        else {
            sides |= kind[key];
            r.tricks += f[5];
        }
        out.vs[i] = f[0];
        go_on(&r, f[0], f[2], f[3], f[4]);
        if (with_win) out.ws[i] = f[1];
    }
    PyMem_Free(fig);
    PyMem_Free(kind);
    Py_XDECREF(keys);
    Py_DECREF(table);
    return columns_result(&out,
                          bad ? NULL
                              : Py_BuildValue("(dLddddddL)", r.total, r.n, r.mean, r.m2, r.made, r.euchred, r.march,
                                              r.tricks, r.passed),
                          sides);
}

/* paired_extend(best, other, running): sampling.Paired.extend's loop over two buffers of doubles (the
 * options' per-deal values), from the running count on: the same floating-point operations in the
 * same order. */
static PyObject *py_paired_extend(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *best_o, *other_o;
    Running r = {0};
    if (!PyArg_ParseTuple(args, "OO(dLdd)", &best_o, &other_o, &r.total, &r.n, &r.mean, &r.m2)) return NULL;
    Py_buffer best, other;
    if (PyObject_GetBuffer(best_o, &best, PyBUF_FORMAT) < 0) return NULL;
    if (PyObject_GetBuffer(other_o, &other, PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&best);
        return NULL;
    }
    int ok = best.itemsize == sizeof(double) && other.itemsize == sizeof(double) && best.format != NULL &&
             other.format != NULL && strcmp(best.format, "d") == 0 && strcmp(other.format, "d") == 0 && r.n >= 0;
    Py_ssize_t stop = 0;
    if (ok) {
        const double *b = best.buf, *o = other.buf;
        Py_ssize_t nb = best.len / (Py_ssize_t)sizeof(double), no = other.len / (Py_ssize_t)sizeof(double);
        stop = nb < no ? nb : no;
        for (Py_ssize_t i = (Py_ssize_t)r.n; i < stop; i++) go_on(&r, b[i] - o[i], 0.0, 0.0, 0.0);
    }
    PyBuffer_Release(&best);
    PyBuffer_Release(&other);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "_trickdd: the values come as arrays of doubles, counted from 0 on");
        return NULL;
    }
    return Py_BuildValue("(dLdd)n", r.total, r.n, r.mean, r.m2, stop);
}

/* A packed rollout's record of int64s: the index of its tables' blob, the slips' limit and key, the
 * unseen cards of each seat (MAX_SEATS: zeros past the players), the count of the position's ints and
 * the ints (Position.args; zeros after). Compiled play-outs write them (games/classic/bots/_clubbid.c
 * writes the same layout). */
#define RECORD_INTS (4 + MAX_SEATS + POS_INTS)

/* rollout_packed(blobs, records): rollout_many's values for positions packed as records (bytes of
 * RECORD_INTS int64s each) of tables among ``blobs`` (a tuple): a compiled caller's batch in one
 * object, not a tuple per position. */
static PyObject *py_rollout_packed(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *blobs;
    Py_buffer rec;
    if (!PyArg_ParseTuple(args, "O!y*", &PyTuple_Type, &blobs, &rec)) return NULL;
    Py_ssize_t size = (Py_ssize_t)(RECORD_INTS * sizeof(long long)), n = rec.len / size;
    PyObject *out = rec.len % size == 0 ? PyList_New(n) : NULL;
    if (out == NULL && !PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "_trickdd: the records come as bytes of whole records");
    const long long *all = rec.buf;
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        long long r[RECORD_INTS];
        memcpy(r, all + i * RECORD_INTS, sizeof(r));
        Position pos;
        const Tables *t = NULL;
        if (r[0] < 0 || r[0] >= PyTuple_GET_SIZE(blobs) || r[3 + MAX_SEATS] < HEAD || r[3 + MAX_SEATS] > POS_INTS)
            PyErr_SetString(PyExc_ValueError, "_trickdd: a record's blob or count of ints out of range");
        else if ((t = tables_for(PyTuple_GET_ITEM(blobs, r[0]))) != NULL)
            position_of(r + 4 + MAX_SEATS, (Py_ssize_t)r[3 + MAX_SEATS], &pos);
        if (PyErr_Occurred()) {
            Py_CLEAR(out);
            break;
        }
        uint64_t masks[MAX_SEATS];
        for (int s = 0; s < MAX_SEATS; s++) masks[s] = (uint64_t)r[3 + s];
        PyObject *v = PyLong_FromLong(rollout_one(t, &pos, masks, (uint64_t)r[1], (uint64_t)r[2]));
        if (v == NULL) Py_CLEAR(out);
        else PyList_SET_ITEM(out, i, v);
    }
    PyBuffer_Release(&rec);
    return out;
}

static PyMethodDef methods[] = {
    {"rollout_packed", py_rollout_packed, METH_VARARGS,
     "rollout_many's values for positions packed as records of int64s (a compiled caller's batch)."},
    {"paired_extend", py_paired_extend, METH_VARARGS,
     "Two options' running paired difference over their deals not counted yet (sampling.Paired.extend)."},
    {"tally_keys", py_tally_keys, METH_VARARGS,
     "A tally's figures over a batch of deals, each given by its key into a table of ends (trickdd.tally_keys)."},
    {"tally_marks", py_tally_marks, METH_VARARGS,
     "One card's figures over a batch of deals' swaps of marks (trickdd.tally_marks)."},
    {"card_bands_many", py_card_bands_many, METH_VARARGS,
     "Per hands in the position: for each of slots, marks[the number of cuts its value reaches]."},
    {"solve_many", py_solve_many, METH_O, "The side's tricks from the current trick on, per (blob, position)."},
    {"card_values_many", py_card_values_many, METH_O, "Per (blob, position): {legal card slot: the side's tricks}."},
    {"rollout_many", py_rollout_many, METH_O, "The side's tricks with the rule-based card play, per item."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_trickdd", "The compiled core of euchre_tutor.advisor.trickdd.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__trickdd(void) {
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "RECORD_INTS", RECORD_INTS) < 0) Py_CLEAR(m);
    return m;
}
