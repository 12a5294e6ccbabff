/* The compiled core of euchre_tutor.games.solitaire.advisor.solver: the exact expectimax.
 *
 * It is the twin of solver.py's pure-Python search and must give the same values to the
 * last count (the tests compare them, distributions included). Like the classic core
 * (_ddcore.c) it knows no Euchre: solver.py turns a position into the abstract state
 * described there (suits as gap counts, a pool of void-suit cards, a marker for the known
 * card) and the objective into signatures; this file only searches.
 *
 * A value counts the orderings of the unseen cards by the further tricks the player takes:
 * six unsigned 64-bit counts (Python packs them in one integer, 64 bits each). Counts sum to
 * n! with n <= 20 unseen cards, so they never overflow. Choices are compared by the
 * signature's components (normalised integer utilities per trick count), first component
 * first: the same order as solver.py's stacked-bit keys, ties to the first choice.
 *
 * Two memo tables (open addressing, keys of three 64-bit words): the values of canonical
 * states (plain suits sorted as solver.py sorts them, so tie-breaks pick the same card) and
 * the per-card values of a burn state (plain suits as a sorted multiset of tagged suits).
 * A Core object owns both; calls hold the GIL and never run concurrently on one Core.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SUITS 4
#define MAX_GAPS 7
#define MAX_N 20
#define MAX_CARDS 6

typedef struct {
    uint64_t c[6];
} Val;

typedef struct {
    int8_t n;          /* number of gaps: cards held in the suit + 1 */
    int8_t g[MAX_GAPS];
} Gaps;

typedef struct {
    int8_t present, kind, slot, gap;
} Mk;

typedef struct {
    int r, win, loss, ncomps;
    int64_t comps[4][6];
} Sig;

typedef struct {
    uint64_t a, b, c; /* c's top bit marks a used slot */
} Key;

typedef struct {
    Key *keys;
    uint32_t *vals; /* index into the arena */
    size_t cap, used;
} Table;

typedef struct {
    PyObject_HEAD
    Table memo, burn;
    Val *arena;
    size_t arena_len, arena_cap;
    Sig *sigs;
    int nsigs;
    int failed; /* out of memory inside the search */
} Core;

static const uint64_t FACT[MAX_N + 1] = {
    1ULL,
    1ULL,
    2ULL,
    6ULL,
    24ULL,
    120ULL,
    720ULL,
    5040ULL,
    40320ULL,
    362880ULL,
    3628800ULL,
    39916800ULL,
    479001600ULL,
    6227020800ULL,
    87178291200ULL,
    1307674368000ULL,
    20922789888000ULL,
    355687428096000ULL,
    6402373705728000ULL,
    121645100408832000ULL,
    2432902008176640000ULL,
};

/* ---------------------------------------------------------------------------------------- */
/* Values */

static inline Val v_zero(void) {
    Val v;
    memset(&v, 0, sizeof v);
    return v;
}

static inline Val v_at(int t, uint64_t count) {
    Val v = v_zero();
    v.c[t] = count;
    return v;
}

static inline Val v_shift(Val v, int k) { /* the player takes k more tricks */
    Val out = v_zero();
    for (int t = 0; t + k < 6; t++) out.c[t + k] = v.c[t];
    return out;
}

static inline void v_addmul(Val *acc, uint64_t m, const Val *v) {
    for (int t = 0; t < 6; t++) acc->c[t] += m * v->c[t];
}

/* 1 if a is better than b for the signature (strictly), comparing components in order. */
static int v_better(const Sig *sig, const Val *a, const Val *b) {
    for (int k = 0; k < sig->ncomps; k++) {
        __int128 sa = 0, sb = 0;
        for (int t = 0; t <= sig->r; t++) {
            sa += (__int128)sig->comps[k][t] * (__int128)a->c[t];
            sb += (__int128)sig->comps[k][t] * (__int128)b->c[t];
        }
        if (sa != sb) return sa > sb;
    }
    return 0;
}

/* ---------------------------------------------------------------------------------------- */
/* Gaps */

static inline int g_sum(const Gaps *g) {
    int s = 0;
    for (int i = 0; i < g->n; i++) s += g->g[i];
    return s;
}

/* solver.py's tuple order: element by element, a prefix first. */
static int g_cmp(const Gaps *x, const Gaps *y) {
    int m = x->n < y->n ? x->n : y->n;
    for (int i = 0; i < m; i++)
        if (x->g[i] != y->g[i]) return x->g[i] < y->g[i] ? -1 : 1;
    return x->n - y->n;
}

static inline int g_eq(const Gaps *x, const Gaps *y) { return g_cmp(x, y) == 0; }

/* The suit once the player's card i has gone: its two gaps merge. */
static inline Gaps g_merge(const Gaps *g, int i) {
    /* Gaps i and i + 1 become one (the card between them left the suit). */
    Gaps out = *g;
    out.n = (int8_t)(g->n - 1);
    if (i + 1 < g->n) {
        out.g[i] = (int8_t)(g->g[i] + g->g[i + 1]);
        for (int k = i + 1; k < out.n; k++) out.g[k] = g->g[k + 1];
    }
    return out;
}

static inline uint64_t g_code(const Gaps *g) { /* 24 bits, injective */
    uint64_t c = (uint64_t)g->n;
    for (int i = 0; i < g->n; i++) c |= (uint64_t)g->g[i] << (3 + 3 * i);
    return c;
}

static inline uint64_t mk_code(Mk mk) { /* 8 bits */
    if (!mk.present) return 0;
    return 1u | ((uint64_t)mk.kind << 1) | ((uint64_t)(mk.slot + 1) << 2) | ((uint64_t)mk.gap << 5);
}

/* ---------------------------------------------------------------------------------------- */
/* Tables */

static inline uint64_t key_hash(const Key *k) {
    uint64_t h = k->a * 0x9E3779B97F4A7C15ULL;
    h ^= (k->b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (k->c + 0x165667B19E3779F9ULL) * 0x85EBCA77C2B2AE63ULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h;
}

#define USED (1ULL << 63)

static int table_init(Table *t, size_t cap) {
    t->keys = calloc(cap, sizeof(Key));
    t->vals = malloc(cap * sizeof(uint32_t));
    if (!t->keys || !t->vals) {
        free(t->keys);
        free(t->vals);
        t->keys = NULL;
        t->vals = NULL;
        return -1;
    }
    t->cap = cap;
    t->used = 0;
    return 0;
}

static void table_free(Table *t) {
    free(t->keys);
    free(t->vals);
    t->keys = NULL;
    t->vals = NULL;
    t->cap = t->used = 0;
}

/* The arena index stored for key, or -1. */
static inline int64_t table_get(const Table *t, const Key *k) {
    size_t mask = t->cap - 1;
    size_t i = (size_t)key_hash(k) & mask;
    for (;;) {
        const Key *s = &t->keys[i];
        if (!(s->c & USED)) return -1;
        if (s->a == k->a && s->b == k->b && s->c == (k->c | USED)) return t->vals[i];
        i = (i + 1) & mask;
    }
}

static int table_grow(Table *t) {
    Table bigger;
    if (table_init(&bigger, t->cap * 2) < 0) return -1;
    size_t mask = bigger.cap - 1;
    for (size_t j = 0; j < t->cap; j++) {
        Key *s = &t->keys[j];
        if (!(s->c & USED)) continue;
        Key plain = {s->a, s->b, s->c & ~USED};
        size_t i = (size_t)key_hash(&plain) & mask;
        while (bigger.keys[i].c & USED) i = (i + 1) & mask;
        bigger.keys[i] = *s;
        bigger.vals[i] = t->vals[j];
    }
    bigger.used = t->used;
    table_free(t);
    *t = bigger;
    return 0;
}

static int table_put(Table *t, const Key *k, uint32_t val) {
    if ((t->used + 1) * 2 > t->cap && table_grow(t) < 0) return -1;
    size_t mask = t->cap - 1;
    size_t i = (size_t)key_hash(k) & mask;
    while (t->keys[i].c & USED) i = (i + 1) & mask;
    t->keys[i].a = k->a;
    t->keys[i].b = k->b;
    t->keys[i].c = k->c | USED;
    t->vals[i] = val;
    t->used++;
    return 0;
}

static int64_t arena_push(Core *self, const Val *vals, int count) {
    if (self->arena_len + (size_t)count > self->arena_cap) {
        size_t cap = self->arena_cap ? self->arena_cap * 2 : 4096;
        while (cap < self->arena_len + (size_t)count) cap *= 2;
        if (cap > UINT32_MAX) return -1;
        Val *grown = realloc(self->arena, cap * sizeof(Val));
        if (!grown) return -1;
        self->arena = grown;
        self->arena_cap = cap;
    }
    int64_t at = (int64_t)self->arena_len;
    memcpy(self->arena + at, vals, (size_t)count * sizeof(Val));
    self->arena_len += (size_t)count;
    return at;
}

static void remember(Core *self, Table *t, const Key *k, const Val *vals, int count) {
    if (self->failed) return;
    int64_t at = arena_push(self, vals, count);
    if (at < 0 || table_put(t, k, (uint32_t)at) < 0) self->failed = 1;
}

/* ---------------------------------------------------------------------------------------- */
/* The search: each function is the twin of the method of the same name in solver.py. */

static Val player_leads(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int n);
static Val deck_leads(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int n);
static Val lead(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int s, int i, int n);

static const Mk NO_MK = {0, 0, 0, 0};

static Val last_trick(const Gaps *trumps, const Gaps *offs, Mk mk, int lead_, int n) {
    int s, above, below;
    if (trumps->n == 2) {
        s = 0;
        above = trumps->g[0];
        below = trumps->g[1];
    } else {
        s = 1;
        above = offs[0].g[0];
        below = offs[0].g[1];
    }
    int ntr = g_sum(trumps);
    uint64_t fact = FACT[n];
    Val v = v_zero();
    if (lead_ == 0) {
        int q = above + below + (s ? ntr : 0);
        if (q == 0) {
            if (mk.present && mk.slot >= 0 && (mk.slot == s || mk.slot == 0)) {
                int deck_wins = mk.slot == s ? mk.gap == 0 : 1;
                return deck_wins ? v_at(0, fact) : v_at(1, fact);
            }
            return v_at(1, fact);
        }
        int beaters = above + (s ? ntr : 0);
        uint64_t unit = fact / (uint64_t)q;
        v.c[1] = unit * (uint64_t)(q - beaters);
        v.c[0] = unit * (uint64_t)beaters;
        return v;
    }
    if (n == 0) {
        if (!mk.present) return v_at(1, 1);
        int wins = mk.slot == s ? mk.gap > 0 : (s == 0 && mk.slot != 0);
        return wins ? v_at(1, 1) : v_at(0, 1);
    }
    int wins_count = below + (s == 0 ? n - ntr : 0);
    uint64_t unit = FACT[n - 1];
    v.c[1] = unit * (uint64_t)wins_count;
    v.c[0] = unit * (uint64_t)(n - wins_count);
    return v;
}

typedef struct {
    Gaps g;
    int tag, orig;
} Tagged;

static int tagged_cmp(const void *x, const void *y) {
    const Tagged *a = x, *b = y;
    int c = g_cmp(&a->g, &b->g);
    if (c) return c;
    if (a->tag != b->tag) return a->tag < b->tag ? -1 : 1;
    return a->orig - b->orig;
}

static int gaps_cmp(const void *x, const void *y) { return g_cmp(x, y); }

/* Value of a successor state: prune, close the last trick, or canonicalise and look up. */
static Val child(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int lead_, int sig, int n) {
    const Sig *sg = &self->sigs[sig];
    if (!sg->ncomps) return v_at(0, FACT[n]);
    Gaps st[MAX_SUITS];
    Gaps *offs = st + 1;
    int no = 0;
    st[0] = suits[0];
    if (!mk.present) {
        for (int t = 1; t < ns; t++) {
            if (suits[t].n > 1)
                offs[no++] = suits[t];
            else
                pool += suits[t].g[0];
        }
        if (sg->r == 1) return last_trick(&suits[0], offs, mk, lead_, n);
        if (no > 1) qsort(offs, (size_t)no, sizeof(Gaps), gaps_cmp);
    } else {
        int mslot = mk.slot, new_mslot = mslot;
        for (int t = 1; t < ns; t++) {
            if (suits[t].n == 1) {
                pool += suits[t].g[0];
                if (mslot == t) new_mslot = -1;
            } else {
                offs[no++] = suits[t];
                if (mslot == t) new_mslot = no;
            }
        }
        if (new_mslot != mslot) {
            mk.slot = (int8_t)new_mslot;
            if (new_mslot < 0) mk.gap = 0;
        }
        if (sg->r == 1 && mk.kind == 1) return last_trick(&suits[0], offs, mk, lead_, n);
        if (no > 1) {
            if (mk.slot >= 1) {
                Tagged tagged[MAX_SUITS];
                for (int t = 0; t < no; t++) {
                    tagged[t].g = offs[t];
                    tagged[t].tag = t + 1 == mk.slot ? mk.gap : -1;
                    tagged[t].orig = t + 1;
                }
                qsort(tagged, (size_t)no, sizeof(Tagged), tagged_cmp);
                int at = 0;
                for (int t = 0; t < no; t++) {
                    offs[t] = tagged[t].g;
                    if (tagged[t].orig == mk.slot) at = t + 1;
                }
                mk.slot = (int8_t)at;
            } else {
                qsort(offs, (size_t)no, sizeof(Gaps), gaps_cmp);
            }
        }
    }
    int nst = no + 1;
    Key key;
    key.a = g_code(&st[0]) | (nst > 1 ? g_code(&st[1]) << 24 : 0);
    key.b = (nst > 2 ? g_code(&st[2]) : 0) | (nst > 3 ? g_code(&st[3]) << 24 : 0);
    key.c = (uint64_t)sig | ((uint64_t)lead_ << 24) | ((uint64_t)pool << 25) | (mk_code(mk) << 32);
    int64_t found = table_get(&self->memo, &key);
    if (found >= 0) return self->arena[found];
    Val value = lead_ ? deck_leads(self, st, nst, pool, mk, sig, n) : player_leads(self, st, nst, pool, mk, sig, n);
    remember(self, &self->memo, &key, &value, 1);
    return value;
}

static Val player_leads(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int n) {
    const Sig *sg = &self->sigs[sig];
    int have = 0;
    Val value = v_zero();
    int mslot = mk.present ? mk.slot : -2;
    for (int slot = 0; slot < ns; slot++) {
        const Gaps *gaps = &suits[slot];
        if (gaps->n == 1) continue;
        if (slot > 1 && g_eq(gaps, &suits[slot - 1]) && mslot != slot && mslot != slot - 1) continue;
        for (int i = 0; i < gaps->n - 1; i++) {
            if (i > 0 && gaps->g[i] == 0 && !(mslot == slot && mk.gap == i)) continue;
            Val v = lead(self, suits, ns, pool, mk, sig, slot, i, n);
            if (!have || v_better(sg, &v, &value)) {
                have = 1;
                value = v;
            }
        }
    }
    return value;
}

static const Val *burn(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int s, int n, Val *out);

static Val lead(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int s, int i, int n) {
    const Sig *sg = &self->sigs[sig];
    int r = sg->r;
    const Gaps *gs = &suits[s];
    if (mk.present && mk.kind == 0) {
        /* The known card on top is turned first. */
        if (mk.slot == s || mk.slot == 0) {
            int deck_wins = mk.slot == s ? mk.gap <= i : 1;
            Gaps ch[MAX_SUITS];
            memcpy(ch, suits, (size_t)ns * sizeof(Gaps));
            ch[s] = g_merge(gs, i);
            if (deck_wins) return child(self, ch, ns, pool, NO_MK, 1, sg->loss, n);
            return v_shift(child(self, ch, ns, pool, NO_MK, 0, sg->win, n), 1);
        }
        return lead(self, suits, ns, pool, NO_MK, sig, s, i, n); /* burned; the rest is random */
    }
    int ntr = s ? g_sum(&suits[0]) : 0;
    int q = g_sum(gs) + ntr;
    if (q == 0) {
        if (mk.present && mk.slot >= 0 && (mk.slot == s || mk.slot == 0)) {
            int deck_wins = mk.slot == s ? mk.gap <= i : 1;
            /* The stock is then empty: the player takes every remaining trick. */
            return v_at(deck_wins ? r - 1 : r, FACT[n]);
        }
        return v_at(r, FACT[n]); /* the stock runs out */
    }
    if (r == 1) {
        int beaters = ntr;
        for (int k = 0; k <= i; k++) beaters += gs->g[k];
        uint64_t unit = FACT[n] / (uint64_t)q;
        Val v = v_zero();
        v.c[1] = unit * (uint64_t)(q - beaters);
        v.c[0] = unit * (uint64_t)beaters;
        return v;
    }
    Val vals[MAX_CARDS];
    const Val *got = burn(self, suits, ns, pool, mk, sig, s, n, vals);
    return got[i];
}

static uint64_t tag_code(const Gaps *g, int led, int mtag) { /* 29 bits */
    return g_code(g) | ((uint64_t)led << 24) | ((uint64_t)(mtag + 1) << 25);
}

static int u64_cmp(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* Values of leading each of the player's cards of slot s (no known top card, q > 0); out
 * receives them (len(suits[s]) - 1 of them). The deck turns one card: an eligible one is its
 * play, any other is burned and the search goes on; memoised, so burn orders merge. */
static const Val *burn(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int s, int n, Val *out) {
    const Sig *sg = &self->sigs[sig];
    Key key;
    uint64_t head = (uint64_t)sig | ((uint64_t)(s != 0) << 24) | ((uint64_t)pool << 25);
    if (ns > 2) {
        uint64_t tags[3] = {0, 0, 0};
        int tagged = mk.present && mk.slot >= 1;
        for (int t = 1; t < ns; t++)
            tags[t - 1] = tag_code(&suits[t], t == s, tagged && t == mk.slot ? mk.gap : -1);
        qsort(tags, (size_t)(ns - 1), sizeof(uint64_t), u64_cmp);
        Mk shown = mk;
        if (tagged) shown.slot = 6, shown.gap = 0; /* only its kind: the tags say where */
        key.a = g_code(&suits[0]) | (tags[0] << 24);
        key.b = tags[1] | (tags[2] << 29);
        key.c = head | (mk_code(shown) << 32) | (1ULL << 40);
    } else {
        key.a = g_code(&suits[0]) | (ns > 1 ? g_code(&suits[1]) << 24 : 0) | ((uint64_t)s << 48);
        key.b = 0;
        key.c = head | (mk_code(mk) << 32);
    }
    const Gaps *gs = &suits[s];
    int cards = gs->n - 1;
    int64_t found = table_get(&self->burn, &key);
    if (found >= 0) return self->arena + found;

    Val vals[MAX_CARDS];
    for (int i = 0; i < cards; i++) vals[i] = v_zero();
    int m = n - 1;
    Gaps ch[MAX_SUITS];
    memcpy(ch, suits, (size_t)ns * sizeof(Gaps));
    Mk mks[MAX_CARDS];
    for (int i = 0; i < cards; i++) {
        mks[i] = mk;
        if (mk.present && mk.slot == s && mk.gap > i) mks[i].gap = (int8_t)(mk.gap - 1);
    }
    int mgap = mk.present && mk.slot == s ? mk.gap : -1;
    int same[MAX_CARDS];
    for (int i = 0; i < cards; i++) same[i] = i > 0 && gs->g[i] == 0 && mgap != i;
    int ts[2] = {s, 0};
    int nts = s ? 2 : 1;
    for (int ti = 0; ti < nts; ti++) {
        int t = ts[ti];
        const Gaps *tg = &suits[t];
        for (int j = 0; j < tg->n; j++) {
            uint64_t c = (uint64_t)tg->g[j];
            if (!c) continue;
            Gaps dec = *tg;
            dec.g[j]--;
            Val v = v_zero();
            if (t == s) {
                for (int i = 0; i < cards; i++) {
                    if (!(same[i] && j != i)) {
                        ch[s] = g_merge(&dec, i);
                        if (j <= i) {
                            v = child(self, ch, ns, pool, mks[i], 1, sg->loss, m);
                        } else {
                            v = v_shift(child(self, ch, ns, pool, mks[i], 0, sg->win, m), 1);
                        }
                    }
                    v_addmul(&vals[i], c, &v);
                }
            } else {
                ch[0] = dec;
                for (int i = 0; i < cards; i++) {
                    if (!same[i]) {
                        ch[s] = g_merge(gs, i);
                        v = child(self, ch, ns, pool, mks[i], 1, sg->loss, m);
                    }
                    v_addmul(&vals[i], c, &v);
                }
                ch[0] = suits[0];
            }
        }
    }
    Val sub[MAX_CARDS];
    for (int t = 1; t < ns; t++) {
        if (t == s) continue;
        const Gaps *gaps = &suits[t];
        for (int j = 0; j < gaps->n; j++) {
            uint64_t c = (uint64_t)gaps->g[j];
            if (!c) continue;
            Gaps burned[MAX_SUITS];
            memcpy(burned, suits, (size_t)ns * sizeof(Gaps));
            burned[t].g[j]--;
            const Val *got = burn(self, burned, ns, pool, mk, sig, s, m, sub);
            for (int i = 0; i < cards; i++) v_addmul(&vals[i], c, &got[i]);
        }
    }
    if (pool) {
        const Val *got = burn(self, suits, ns, pool - 1, mk, sig, s, m, sub);
        for (int i = 0; i < cards; i++) v_addmul(&vals[i], (uint64_t)pool, &got[i]);
    }
    memcpy(out, vals, (size_t)cards * sizeof(Val));
    remember(self, &self->burn, &key, vals, cards);
    return out;
}

static Val respond(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int led_slot, int led_gap, int n);

static Val deck_leads(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int n) {
    const Sig *sg = &self->sigs[sig];
    if (mk.present && mk.kind == 0) return respond(self, suits, ns, pool, NO_MK, sig, mk.slot, mk.gap, n);
    if (n == 0) {
        if (!mk.present) return v_at(sg->r, 1); /* the deck cannot lead: every trick is the player's */
        return respond(self, suits, ns, pool, NO_MK, sig, mk.slot, mk.gap, n);
    }
    Val total = v_zero();
    Gaps after[MAX_SUITS];
    memcpy(after, suits, (size_t)ns * sizeof(Gaps));
    for (int t = 0; t < ns; t++) {
        for (int j = 0; j < suits[t].n; j++) {
            uint64_t c = (uint64_t)suits[t].g[j];
            if (!c) continue;
            after[t].g[j]--;
            Val v = respond(self, after, ns, pool, mk, sig, t, j, n - 1);
            after[t].g[j]++;
            v_addmul(&total, c, &v);
        }
    }
    if (pool) {
        Val v = respond(self, suits, ns, pool - 1, mk, sig, -1, 0, n - 1);
        v_addmul(&total, (uint64_t)pool, &v);
    }
    return total;
}

/* The value of answering the deck's lead of class (led_slot, led_gap), already removed, with
 * the player's card i of slot s. */
static Val answer(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int led_slot, int led_gap, int follow,
                  int s, int i, int n) {
    const Sig *sg = &self->sigs[sig];
    int wins = follow ? i < led_gap : (s == 0 && led_slot != 0);
    Gaps ch[MAX_SUITS];
    memcpy(ch, suits, (size_t)ns * sizeof(Gaps));
    ch[s] = g_merge(&suits[s], i);
    Mk mk2 = mk;
    if (mk.present && mk.slot == s && mk.gap > i) mk2.gap = (int8_t)(mk.gap - 1);
    if (wins) return v_shift(child(self, ch, ns, pool, mk2, 0, sg->win, n), 1);
    return child(self, ch, ns, pool, mk2, 1, sg->loss, n);
}

static Val respond(Core *self, const Gaps *suits, int ns, int pool, Mk mk, int sig, int led_slot, int led_gap, int n) {
    const Sig *sg = &self->sigs[sig];
    int follow = led_slot >= 0 && suits[led_slot].n > 1;
    int have = 0;
    Val best = v_zero();
    int mslot = mk.present ? mk.slot : -2;
    int lo = follow ? led_slot : 0, hi = follow ? led_slot + 1 : ns;
    for (int s = lo; s < hi; s++) {
        const Gaps *gs = &suits[s];
        for (int i = 0; i < gs->n - 1; i++) {
            if (i > 0 && gs->g[i] == 0 && !(mslot == s && mk.gap == i) && !(follow && led_gap == i)) continue;
            Val v = answer(self, suits, ns, pool, mk, sig, led_slot, led_gap, follow, s, i, n);
            if (!have || v_better(sg, &v, &best)) {
                have = 1;
                best = v;
            }
        }
    }
    return best;
}

/* ---------------------------------------------------------------------------------------- */
/* Python glue */

static int parse_state(PyObject *suits_obj, PyObject *pool_obj, PyObject *mk_obj, Gaps *suits, int *ns, int *pool, Mk *mk) {
    PyObject *seq = PySequence_Fast(suits_obj, "_solcore: suits must be a sequence of gap tuples");
    if (!seq) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count < 1 || count > MAX_SUITS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "_solcore: 1 to 4 suits");
        return -1;
    }
    for (Py_ssize_t t = 0; t < count; t++) {
        PyObject *g = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, t), "_solcore: a suit must be a tuple of ints");
        if (!g) {
            Py_DECREF(seq);
            return -1;
        }
        Py_ssize_t len = PySequence_Fast_GET_SIZE(g);
        if (len < 1 || len > MAX_CARDS) {
            Py_DECREF(g);
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "_solcore: a suit has 1 to 6 gaps");
            return -1;
        }
        suits[t].n = (int8_t)len;
        for (Py_ssize_t i = 0; i < len; i++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(g, i));
            if (v < 0 || v > 7) {
                Py_DECREF(g);
                Py_DECREF(seq);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "_solcore: a gap holds 0 to 7 cards");
                return -1;
            }
            suits[t].g[i] = (int8_t)v;
        }
        Py_DECREF(g);
    }
    Py_DECREF(seq);
    *ns = (int)count;
    long p = PyLong_AsLong(pool_obj);
    if (p < 0 || p > 24) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "_solcore: pool out of range");
        return -1;
    }
    *pool = (int)p;
    *mk = NO_MK;
    if (mk_obj != Py_None) {
        int kind, slot, gap;
        if (!PyArg_ParseTuple(mk_obj, "iii", &kind, &slot, &gap)) return -1;
        mk->present = 1;
        mk->kind = (int8_t)kind;
        mk->slot = (int8_t)slot;
        mk->gap = (int8_t)gap;
    }
    return 0;
}

static PyObject *val_tuple(const Val *v) {
    PyObject *out = PyTuple_New(6);
    if (!out) return NULL;
    for (int t = 0; t < 6; t++) {
        PyObject *x = PyLong_FromUnsignedLongLong(v->c[t]);
        if (!x) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, t, x);
    }
    return out;
}

static int check_call(Core *self, int sig, int n) {
    if (sig < 0 || sig >= self->nsigs) {
        PyErr_SetString(PyExc_ValueError, "_solcore: unknown signature (call set_sigs first)");
        return -1;
    }
    if (n < 0 || n > MAX_N) {
        PyErr_SetString(PyExc_ValueError, "_solcore: at most 20 unseen cards");
        return -1;
    }
    return 0;
}

static PyObject *finish(Core *self, PyObject *result) {
    if (self->failed) {
        Py_XDECREF(result);
        self->failed = 0;
        return PyErr_NoMemory();
    }
    return result;
}

static PyObject *Core_set_sigs(Core *self, PyObject *arg) {
    PyObject *seq = PySequence_Fast(arg, "_solcore: signatures must be a sequence");
    if (!seq) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count > 0xFFFFFF) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "_solcore: too many signatures");
        return NULL;
    }
    Sig *sigs = calloc((size_t)(count ? count : 1), sizeof(Sig));
    if (!sigs) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *comps;
        Sig *sg = &sigs[k];
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, k), "iiiO", &sg->r, &sg->win, &sg->loss, &comps)) goto fail;
        PyObject *cs = PySequence_Fast(comps, "_solcore: components must be a sequence");
        if (!cs) goto fail;
        Py_ssize_t nc = PySequence_Fast_GET_SIZE(cs);
        if (nc > 4 || sg->r < 0 || sg->r > 5) {
            Py_DECREF(cs);
            PyErr_SetString(PyExc_ValueError, "_solcore: at most 4 components over 0 to 5 tricks");
            goto fail;
        }
        sg->ncomps = (int)nc;
        for (Py_ssize_t c = 0; c < nc; c++) {
            PyObject *comp = PySequence_Fast(PySequence_Fast_GET_ITEM(cs, c), "_solcore: a component is a tuple");
            if (!comp) {
                Py_DECREF(cs);
                goto fail;
            }
            Py_ssize_t len = PySequence_Fast_GET_SIZE(comp);
            if (len != sg->r + 1) {
                Py_DECREF(comp);
                Py_DECREF(cs);
                PyErr_SetString(PyExc_ValueError, "_solcore: a component has r + 1 entries");
                goto fail;
            }
            for (Py_ssize_t t = 0; t < len; t++) {
                long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(comp, t));
                if (v == -1 && PyErr_Occurred()) {
                    Py_DECREF(comp);
                    Py_DECREF(cs);
                    goto fail;
                }
                if (v < 0 || v > (1LL << 40)) {
                    Py_DECREF(comp);
                    Py_DECREF(cs);
                    PyErr_SetString(PyExc_ValueError, "_solcore: a component's entries are 0 to 2**40");
                    goto fail;
                }
                sg->comps[c][t] = v;
            }
            Py_DECREF(comp);
        }
        Py_DECREF(cs);
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        if (sigs[k].r > 0 && (sigs[k].win < 0 || sigs[k].win >= count || sigs[k].loss < 0 || sigs[k].loss >= count)) {
            PyErr_SetString(PyExc_ValueError, "_solcore: a signature's successors must be signatures");
            goto fail;
        }
    }
    Py_DECREF(seq);
    free(self->sigs);
    self->sigs = sigs;
    self->nsigs = (int)count;
    Py_RETURN_NONE;
fail:
    free(sigs);
    Py_DECREF(seq);
    return NULL;
}

static PyObject *Core_lead(Core *self, PyObject *args) {
    PyObject *suits_obj, *pool_obj, *mk_obj;
    int sig, s, i, n, ns, pool;
    Gaps suits[MAX_SUITS];
    Mk mk;
    if (!PyArg_ParseTuple(args, "OOOiiii", &suits_obj, &pool_obj, &mk_obj, &sig, &s, &i, &n)) return NULL;
    if (parse_state(suits_obj, pool_obj, mk_obj, suits, &ns, &pool, &mk) < 0 || check_call(self, sig, n) < 0) return NULL;
    if (s < 0 || s >= ns || i < 0 || i >= suits[s].n - 1) {
        PyErr_SetString(PyExc_ValueError, "_solcore: no such card to lead");
        return NULL;
    }
    Val v = lead(self, suits, ns, pool, mk, sig, s, i, n);
    return finish(self, val_tuple(&v));
}

static PyObject *Core_deck_leads(Core *self, PyObject *args) {
    PyObject *suits_obj, *pool_obj, *mk_obj;
    int sig, n, ns, pool;
    Gaps suits[MAX_SUITS];
    Mk mk;
    if (!PyArg_ParseTuple(args, "OOOii", &suits_obj, &pool_obj, &mk_obj, &sig, &n)) return NULL;
    if (parse_state(suits_obj, pool_obj, mk_obj, suits, &ns, &pool, &mk) < 0 || check_call(self, sig, n) < 0) return NULL;
    Val v = deck_leads(self, suits, ns, pool, mk, sig, n);
    return finish(self, val_tuple(&v));
}

static PyObject *Core_responses(Core *self, PyObject *args) {
    PyObject *suits_obj, *pool_obj, *mk_obj;
    int sig, led_slot, led_gap, n, ns, pool;
    Gaps suits[MAX_SUITS];
    Mk mk;
    if (!PyArg_ParseTuple(args, "OOOiiii", &suits_obj, &pool_obj, &mk_obj, &sig, &led_slot, &led_gap, &n)) return NULL;
    if (parse_state(suits_obj, pool_obj, mk_obj, suits, &ns, &pool, &mk) < 0 || check_call(self, sig, n) < 0) return NULL;
    if (led_slot >= ns) {
        PyErr_SetString(PyExc_ValueError, "_solcore: no such led suit");
        return NULL;
    }
    int follow = led_slot >= 0 && suits[led_slot].n > 1;
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    int lo = follow ? led_slot : 0, hi = follow ? led_slot + 1 : ns;
    for (int s = lo; s < hi; s++) {
        for (int i = 0; i < suits[s].n - 1; i++) {
            Val v = answer(self, suits, ns, pool, mk, sig, led_slot, led_gap, follow, s, i, n);
            PyObject *k = Py_BuildValue("(ii)", s, i);
            PyObject *x = val_tuple(&v);
            if (!k || !x || PyDict_SetItem(out, k, x) < 0) {
                Py_XDECREF(k);
                Py_XDECREF(x);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(k);
            Py_DECREF(x);
        }
    }
    return finish(self, out);
}

static void core_clear(Core *self) {
    table_free(&self->memo);
    table_free(&self->burn);
    free(self->arena);
    self->arena = NULL;
    self->arena_len = self->arena_cap = 0;
}

static int core_alloc(Core *self) {
    if (table_init(&self->memo, 1 << 12) < 0 || table_init(&self->burn, 1 << 12) < 0) {
        core_clear(self);
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static PyObject *Core_clear(Core *self, PyObject *unused) {
    (void)unused;
    core_clear(self);
    if (core_alloc(self) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Core_states(Core *self, PyObject *unused) {
    (void)unused;
    return PyLong_FromSize_t(self->memo.used + self->burn.used);
}

static PyObject *Core_nbytes(Core *self, PyObject *unused) {
    (void)unused;
    size_t bytes = (self->memo.cap + self->burn.cap) * (sizeof(Key) + sizeof(uint32_t)) + self->arena_cap * sizeof(Val);
    return PyLong_FromSize_t(bytes);
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "", kwlist)) return -1;
    core_clear(self);
    free(self->sigs);
    self->sigs = NULL;
    self->nsigs = 0;
    self->failed = 0;
    return core_alloc(self);
}

static void Core_dealloc(Core *self) {
    core_clear(self);
    free(self->sigs);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Core_methods[] = {
    {"set_sigs", (PyCFunction)Core_set_sigs, METH_O, "Replace the signature table: (r, win, loss, components) each."},
    {"lead", (PyCFunction)Core_lead, METH_VARARGS, "lead(suits, pool, marker, sig, slot, card, n): counts by tricks."},
    {"deck_leads", (PyCFunction)Core_deck_leads, METH_VARARGS, "deck_leads(suits, pool, marker, sig, n): counts."},
    {"responses", (PyCFunction)Core_responses, METH_VARARGS,
     "responses(suits, pool, marker, sig, led_slot, led_gap, n): {(slot, card): counts}."},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "Forget every memoised state."},
    {"states", (PyCFunction)Core_states, METH_NOARGS, "Memoised states (values and burn states)."},
    {"nbytes", (PyCFunction)Core_nbytes, METH_NOARGS, "Bytes held by the memo tables."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "euchre_tutor.games.solitaire.advisor._solcore.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One search's memo and signature table (the compiled twin of solver.Solver's tables).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solcore", "The compiled core of euchre_tutor.games.solitaire.advisor.solver.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__solcore(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
