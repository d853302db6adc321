/* The hidden-card model of the play (engine/hidden.py holds its reference in Python).
 *
 * Included by _core.c. Each player chooses each card from what he can see: his own hand, the cards he
 * has seen (his own, the turn-up, his discards, the cards played), what the other's play has proved he
 * cannot hold (a void shown, no trump, no higher card of the suit: the duties' own test, card by card) and
 * what he knows the other holds (an announced king). At each decision the player draws ``worlds`` hands
 * for the other from the cards he may hold, weighs each legal card double dummy in each, and plays the
 * card whose points (a table by his final tricks, worked out by Python from the scoring) are the most
 * over those worlds; ties go to the lowest card (plain suits before trumps), the one a player spares.
 *
 * The draws use splitmix64 and a partial Fisher-Yates over the pool's bits, lowest first: hidden.py
 * repeats them step for step, so the two agree card for card on the same seed.
 */

static inline u64 sm_next(u64 *state) {
    u64 z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline int sm_below(u64 *state, int n) { return (int)(((unsigned __int128)sm_next(state) * (u64)n) >> 64); }

/* ``count`` of the ``n`` cards ``pool`` (bit indexes, lowest first) at random. */
static inline u32 draw_from(u64 *rng, const int8_t *pool, int n, int count) {
    int8_t bits[32];
    memcpy(bits, pool, (size_t)n);
    u32 out = 0;
    for (int i = 0; i < count && i < n; i++) {  /* the swap's half that is read again: bits[i] never is */
        int j = i + sm_below(rng, n - i);
        int8_t chosen = bits[j];
        bits[j] = bits[i];
        out |= 1u << chosen;
    }
    return out;
}

static int bit_indexes(u32 cards, int8_t out[32]) {
    int n = 0;
    for (; cards; cards &= cards - 1) out[n++] = (int8_t)__builtin_ctz(cards);
    return n;
}

/* ``count`` cards of ``pool`` at random. */
static u32 draw_cards(u64 *rng, u32 pool, int count) {
    int8_t bits[32];
    int n = bit_indexes(pool, bits);
    u32 out = 0;
    for (int i = 0; i < count && i < n; i++) {
        int j = i + sm_below(rng, n - i);
        int8_t swap = bits[i]; bits[i] = bits[j]; bits[j] = swap;
        out |= 1u << bits[i];
    }
    return out;
}

typedef struct {
    u32 hand[2];    /* seat 0 the elder, 1 the dealer */
    u32 unseen[2];  /* the cards each has not seen: where the other's hand lies */
    u32 barred[2];  /* the cards each knows the other cannot hold */
    u32 known[2];   /* the cards each knows the other holds */
    u32 led;        /* the card on the table, 0 when a trick is to be led */
    int leader, tricks[2];
} Table;

#define MAX_TRICKS 8
typedef struct { Search *s; int utility[2][MAX_TRICKS + 1]; int worlds; } Model;

/* The legal card of the most points; ties to the lowest. */
static u32 best_of(const long long sums[32], u32 legal) {
    u32 best = 0;
    long long top = 0;
    for (u32 c = legal; c; c &= c - 1) {
        int i = __builtin_ctz(c);
        if (!best || sums[i] > top) { best = 1u << i; top = sums[i]; }
    }
    return best;
}

/* --- decisions not weighed again ------------------------------------------------------------------
 *
 * Two shortcuts give the very card the weighing would, and move the generator on exactly as its draws
 * would (each draw of a card is one step of splitmix64, and a step only adds a constant to the state), so
 * every later draw, and so every figure, is the same as without them:
 * - when every legal card is worth the same in every world the player may draw (one suit, and no card he
 *   may face, nor the card led, between them: the search values a run of touching cards as one), the
 *   weighing would tie them all and play the lowest;
 * - a decision already taken in this call, with the same cards, knowledge, points at stake and generator
 *   state, is taken again. The choices of one question (31 discards, propose or play) are played on the
 *   same deals with the same draws, so the same decision recurs often (a fifth of them for a discard). */

#define TAKEN_BITS 11
typedef struct { u32 mine, led, known, pool; u64 rng, stakes; u32 call, choice; } Taken;
static Taken *taken;   /* 2k decisions of 40 bytes (80 kB), made on first use: the latest of a call */
static u32 taken_call; /* which call an entry belongs to (0: none) */

/* A new call: the decisions of an earlier one (other duties, other points) are never read. */
static void forget_decisions(void) {
    if (++taken_call == 0) {  /* after four billion calls: start again on a clean table */
        if (taken) memset(taken, 0, sizeof(Taken) << TAKEN_BITS);
        taken_call = 1;
    }
}

/* How many decisions were weighed, found all alike, and taken again (decision_counts: the tests check that
 * both shortcuts are met on positions where the Python reference, which has neither, is compared). */
static long long counted[3];

static u64 gcd64(u64 a, u64 b) { while (b) { u64 r = a % b; a = b; b = r; } return a; }

/* What a decision's weighing depends on besides the cards and the generator: the worlds, the count of
 * unknown cards drawn, and the points by tricks won from here, shifted and scaled to their smallest whole
 * form (the card of the most points is the same for points a*p + b, a > 0); 0 when it does not fit. */
static u64 stakes_key(const int *points, int left, int worlds, int need) {
    if (left > 8 || worlds > 1023 || need > 15) return 0;
    int low = points[0];
    for (int k = 1; k <= left; k++) if (points[k] < low) low = points[k];
    u64 g = 0;
    for (int k = 0; k <= left; k++) g = gcd64((u64)(points[k] - low), g);
    u64 key = (u64)worlds << 4 | (u64)need;
    for (int k = 0; k <= left; k++) {
        u64 scaled = g ? (u64)(points[k] - low) / g : 0;
        if (scaled > 31) return 0;
        key = key << 5 | scaled;
    }
    return key | 1ull << 63;
}

/* The card ``seat`` plays: the best over ``worlds`` hands of the other he cannot tell apart. */
static u32 weigh_choice(const Model *m, const Table *t, int seat, u64 *rng, u32 mine, u32 legal, u32 known, u32 pool,
                        int need);

static u32 model_choice(const Model *m, const Table *t, int seat, u64 *rng) {
    u32 mine = t->hand[seat], legal = t->led ? legal_replies(mine, t->led, m->s->d) : mine;
    if (!(legal & (legal - 1))) return legal;
    u32 known = t->known[seat], pool = t->unseen[seat] & ~t->barred[seat] & ~known;
    int need = popcount(t->hand[1 - seat]) - popcount(known), n = popcount(pool);
    if (need < 0 || n < need) return legal & (~legal + 1);  /* never, while the inferences hold */
    u32 lowest = legal & (~legal + 1);
    u64 after = *rng + 0x9E3779B97F4A7C15ull * (u64)m->worlds * (u64)need;  /* the state after the draws */
    if ((legal & suit_of(lowest)) == legal && !(((top_bit(legal) - 1) & ~((lowest << 1) - 1)) & (pool | known | t->led))) {
        *rng = after;
        counted[1]++;
        return lowest;
    }
    u64 stakes = stakes_key(m->utility[seat] + t->tricks[seat], popcount(mine), m->worlds, need);
    if (!stakes) return weigh_choice(m, t, seat, rng, mine, legal, known, pool, need);
    if (!taken && !(taken = calloc((size_t)1 << TAKEN_BITS, sizeof(Taken))))
        return weigh_choice(m, t, seat, rng, mine, legal, known, pool, need);  /* no room: weighed each time */
    u64 hash = ((u64)mine << 32 | t->led) * 0x9E3779B97F4A7C15ull ^ ((u64)known << 32 | pool) * 0xBF58476D1CE4E5B9ull
               ^ *rng ^ stakes * 0x94D049BB133111EBull;
    Taken *e = &taken[(hash * 0x9E3779B97F4A7C15ull) >> (64 - TAKEN_BITS)];
    if (e->call == taken_call && e->rng == *rng && e->mine == mine && e->led == t->led && e->known == known
        && e->pool == pool && e->stakes == stakes) {
        *rng = after;
        counted[2]++;
        return e->choice;
    }
    Taken fresh = {mine, t->led, known, pool, *rng, stakes, taken_call, 0};
    fresh.choice = weigh_choice(m, t, seat, rng, mine, legal, known, pool, need);
    *e = fresh;
    return fresh.choice;
}

static u32 weigh_choice(const Model *m, const Table *t, int seat, u64 *rng, u32 mine, u32 legal, u32 known, u32 pool,
                        int need) {
    counted[0]++;
    long long sums[32] = {0};
    const int *points = m->utility[seat] + t->tricks[seat];
    if (popcount(mine) > 8) {  /* no nibble per card: card_values, world by world */
        int values[32];
        for (int w = 0; w < m->worlds; w++) {
            card_values_raw(m->s, mine, known | draw_cards(rng, pool, need), t->led, values);
            for (u32 c = legal; c; c &= c - 1) sums[__builtin_ctz(c)] += points[values[__builtin_ctz(c)]];
        }
        return best_of(sums, legal);
    }
    /* the worlds drawn and fetched before any is read; each legal card's nibble read at its place in ``mine`` */
    int8_t bits[32];
    int n = bit_indexes(pool, bits), shifts[8], indexes[8], n_legal = 0, j = 0;
    for (u32 c = mine; c; c &= c - 1, j++)
        if (c & legal & (~c + 1)) { shifts[n_legal] = 4 * j; indexes[n_legal++] = __builtin_ctz(c); }
    long long weighed[8] = {0};
    Probe probes[32];
    for (int done = 0; done < m->worlds; done += 32) {
        int batch = m->worlds - done < 32 ? m->worlds - done : 32;
        for (int w = 0; w < batch; w++) probe_start(m->s, mine, known | draw_from(rng, bits, n, need), t->led, &probes[w]);
        for (int w = 0; w < batch; w++) {
            u32 packed = probe_packed(m->s, &probes[w]);
            for (int l = 0; l < n_legal; l++) weighed[l] += points[packed >> shifts[l] & 15];
        }
    }
    for (int l = 0; l < n_legal; l++) sums[indexes[l]] = weighed[l];
    return best_of(sums, legal);
}

/* ``card`` played by ``seat``: the other sees it, and when it answers a lead, learns what it proves. */
static void play_card(Table *t, int seat, u32 card, const Duties *d) {
    int watcher = 1 - seat;
    t->hand[seat] &= ~card;
    t->unseen[watcher] &= ~card;
    t->known[watcher] &= ~card;
    if (!t->led) { t->led = card; t->leader = seat; return; }
    u32 led = t->led;
    for (u32 x = t->unseen[watcher] & ~t->barred[watcher]; x; x &= x - 1) {
        u32 bit = x & (~x + 1);  /* had he held it, would this card have been legal? */
        if (!(legal_replies(card | bit, led, d) & card)) t->barred[watcher] |= bit;
    }
    int winner = follower_wins(card, led) ? seat : t->leader;
    t->tricks[winner]++;
    t->leader = winner;
    t->led = 0;
}

static void model_play(const Model *m, Table *t, u64 *rng) {
    while (t->hand[0] | t->hand[1]) {
        int seat = t->led ? 1 - t->leader : t->leader;
        play_card(t, seat, model_choice(m, t, seat, rng), m->s->d);
    }
}

static inline u64 deal_seed(u64 seed, long long deal) { return seed ^ (0xD1B54A32D192ED03ull * (u64)(deal + 1)); }

/* A seat pair of points by final tricks, (elder row, dealer row), as Python gives it. */
static int read_utility(PyObject *pair, int utility[2][MAX_TRICKS + 1]) {
    if (!pair) return -1;
    for (int seat = 0; seat < 2; seat++) {
        PyObject *row = PySequence_GetItem(pair, seat);
        if (!row) return -1;
        Py_ssize_t size = PySequence_Size(row);
        for (int k = 0; k <= MAX_TRICKS; k++) {
            PyObject *item = k < size ? PySequence_GetItem(row, k) : NULL;
            utility[seat][k] = item ? (int)PyLong_AsLong(item) : 0;
            Py_XDECREF(item);
        }
        Py_DECREF(row);
    }
    return PyErr_Occurred() ? -1 : 0;
}

/* hidden_values(seed, deals, worlds, duties, utility, viewer, first, table, deal) -> bytes.
 * ``utility``: two lists (elder, dealer) of points by final tricks; ``first``: the viewer's cards to weigh
 * (a mask; 0: the seat to act chooses by the model, one outcome per deal); ``table``: (hands, unseen,
 * barred, known, led, leader, tricks), each pair by seat, the other's hand 0; ``deal``: (pool, need,
 * other discards, other seen): the other's hand is ``known`` of the viewer plus ``need`` cards of ``pool``,
 * his discards as many more of it, and he has not seen the cards outside ``other seen`` and those.
 * Out: for each deal, for each card of ``first`` (lowest bit first), the viewer's final tricks. The inner
 * draws of deal ``d`` start from one seed for every card weighed: the cards are compared on the same deals
 * and the same draws. */
static PyObject *py_hidden_values(PyObject *self, PyObject *args) {
    unsigned long long seed;
    int deals, worlds, viewer, need, discards;
    unsigned int first, pool, seen;
    PyObject *duties, *utility;
    unsigned int hand[2], unseen[2], barred[2], known[2], led;
    int leader, tricks[2];
    if (!PyArg_ParseTuple(args, "KiiOOiI((II)(II)(II)(II)Ii(ii))(IiiI)", &seed, &deals, &worlds, &duties, &utility,
                          &viewer, &first, &hand[0], &hand[1], &unseen[0], &unseen[1], &barred[0], &barred[1],
                          &known[0], &known[1], &led, &leader, &tricks[0], &tricks[1], &pool, &need, &discards,
                          &seen))
        return NULL;
    if (viewer < 0 || viewer > 1 || leader < 0 || leader > 1 || deals < 0 || worlds < 1) {
        PyErr_SetString(PyExc_ValueError, "bad seat or count");
        return NULL;
    }
    Duties d; Search s;
    if (start(&s, &d, duties) < 0) return NULL;
    Model m;
    m.s = &s; m.worlds = worlds;
    forget_decisions();
    if (read_utility(utility, m.utility) < 0) return NULL;
    int rival = 1 - viewer, choices = first ? popcount(first) : 1;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)deals * choices);
    if (!out) return NULL;
    uint8_t *codes = (uint8_t *)PyBytes_AS_STRING(out);
    u64 outer = seed;
    for (long long deal = 0; deal < deals; deal++) {
        Table base;
        memset(&base, 0, sizeof base);
        u32 other = known[viewer] | draw_cards(&outer, pool, need);
        u32 thrown = draw_cards(&outer, pool & ~other, discards);
        base.hand[viewer] = hand[viewer]; base.hand[rival] = other;
        base.unseen[viewer] = unseen[viewer];
        base.unseen[rival] = ~(other | thrown | seen);
        for (int k = 0; k < 2; k++) { base.barred[k] = barred[k]; base.known[k] = known[k]; base.tricks[k] = tricks[k]; }
        base.led = led; base.leader = leader;
        int c = 0;
        for (u32 cards = first ? first : 1; cards; cards &= cards - 1) {
            Table t = base;
            u64 inner = deal_seed(seed, deal);
            if (first) play_card(&t, viewer, cards & (~cards + 1), &d);
            model_play(&m, &t, &inner);
            codes[deal * choices + c++] = (uint8_t)t.tricks[viewer];
        }
    }
    return out;
}

/* choose(cases, worlds, duties, utilities, seat, table) -> [(card, generator state after)]: for each case
 * (seed, leaf) one decision of the model playing for ``utilities[leaf]``, all in one call (so a case met again
 * takes its decision again): for the tests, against the reference's. ``table`` as hidden_values takes it, with
 * both hands. */
static PyObject *py_choose(PyObject *self, PyObject *args) {
    PyObject *cases, *duties, *utilities;
    int worlds, seat, leader, tricks[2];
    unsigned int hand[2], unseen[2], barred[2], known[2], led;
    if (!PyArg_ParseTuple(args, "OiOOi((II)(II)(II)(II)Ii(ii))", &cases, &worlds, &duties, &utilities, &seat, &hand[0],
                          &hand[1], &unseen[0], &unseen[1], &barred[0], &barred[1], &known[0], &known[1], &led, &leader,
                          &tricks[0], &tricks[1]))
        return NULL;
    Py_ssize_t n_leaves = PyList_Size(utilities), n = PyList_Size(cases);
    if (n_leaves < 0 || n < 0) return NULL;
    if (seat < 0 || seat > 1 || leader < 0 || leader > 1 || worlds < 1 || tricks[0] < 0 || tricks[1] < 0
        || tricks[seat] + popcount(hand[seat]) > MAX_TRICKS || !hand[seat] || n_leaves < 1 || n_leaves > 8) {
        PyErr_SetString(PyExc_ValueError, "bad seat, count, hand or utilities");
        return NULL;
    }
    Duties d; Search s;
    if (start(&s, &d, duties) < 0) return NULL;
    Model models[8];
    for (Py_ssize_t k = 0; k < n_leaves; k++) {
        models[k].s = &s; models[k].worlds = worlds;
        if (read_utility(PyList_GetItem(utilities, k), models[k].utility) < 0) return NULL;
    }
    Table t;
    memset(&t, 0, sizeof t);
    for (int k = 0; k < 2; k++) {
        t.hand[k] = hand[k]; t.unseen[k] = unseen[k]; t.barred[k] = barred[k]; t.known[k] = known[k];
        t.tricks[k] = tricks[k];
    }
    t.led = led; t.leader = leader;
    PyObject *out = PyList_New(n);
    forget_decisions();
    for (Py_ssize_t i = 0; out && i < n; i++) {
        unsigned long long seed;
        int leaf;
        if (!PyArg_ParseTuple(PyList_GetItem(cases, i), "Ki", &seed, &leaf)) { Py_CLEAR(out); break; }
        if (leaf < 0 || leaf >= n_leaves) { PyErr_SetString(PyExc_ValueError, "bad leaf"); Py_CLEAR(out); break; }
        u64 rng = seed;
        u32 card = model_choice(&models[leaf], &t, seat, &rng);
        PyList_SET_ITEM(out, i, Py_BuildValue("(IK)", card, (unsigned long long)rng));
    }
    return out;
}

/* decision_counts() -> (weighed, all alike, taken again) since the last call. */
static PyObject *py_decision_counts(PyObject *self, PyObject *args) {
    PyObject *out = Py_BuildValue("(LLL)", counted[0], counted[1], counted[2]);
    memset(counted, 0, sizeof counted);
    return out;
}

#define HIDDEN_METHODS \
    {"choose", py_choose, METH_VARARGS, "One decision of the model per case, in one call (for the tests)."}, \
    {"decision_counts", py_decision_counts, METH_NOARGS, "Decisions weighed, found alike, taken again (for the tests)."}, \
    {"hidden_values", py_hidden_values, METH_VARARGS, "The viewer's tricks, deal by deal, under the hidden-card model."},
