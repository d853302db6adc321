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
 * A decision's worlds are drawn from a seed made of what the player knows, renumbered as the search renumbers
 * a position (decision_seed): a player who knows the same plays the same card, in every deal and every call,
 * so a decision met again is looked up, not weighed (the table of decisions). Each world is one splitmix64
 * output spent on a partial Fisher-Yates over the pool's bits, lowest first: hidden.py repeats it step for
 * step, so the two agree card for card.
 */

static inline u64 sm_next(u64 *state) {
    u64 z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline int sm_below(u64 *state, int n) { return (int)(((unsigned __int128)sm_next(state) * (u64)n) >> 64); }

/* ``count`` of the ``n`` cards ``pool`` (bit indexes, lowest first) at random, from one output of the generator:
 * each pick takes the high part of the word times the cards left, and the low part goes on to the next (a
 * pick spends at most five of its 64 bits; a fresh word every eight picks). */
static inline u32 draw_world(u64 *rng, const int8_t *pool, int n, int count) {
    int8_t bits[32];
    memcpy(bits, pool, 32);
    u32 out = 0;
    u64 word = 0;
    for (int i = 0; i < count && i < n; i++) {  /* the swap's half that is read again: bits[i] never is */
        if (!(i & 7)) word = sm_next(rng);
        unsigned __int128 product = (unsigned __int128)word * (u64)(n - i);
        int j = i + (int)(product >> 64);
        word = (u64)product;
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
/* ``stakes``: stakes_key by seat, tricks won, cards left and cards to draw, worked out once (model_ready). */
typedef struct {
    Search *s; int utility[2][MAX_TRICKS + 1]; int worlds;
    /* pairs[seat][won][two cards' entries in the table of positions, 3 bits each]: the two cards' points, each
     * + PAIR_OFFSET, in the low and the high half: the worlds' points of five cards summed in three additions
     * (0 when a utility is too large for a half: ``paired`` false, the cards summed one by one) */
    u64 pairs[2][MAX_TRICKS + 1][64]; int paired;
    uint16_t stakes[2][MAX_TRICKS + 1][MAX_TRICKS + 1][MAX_TRICKS + 1];  /* stakes_id: 0 when it does not fit */
} Model;

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
 * A decision depends only on what the player knows: his cards, the card led, the cards he knows the other
 * holds and those the other may hold (the pool), the points at stake and the worlds. The search's renumbering
 * (every card outside these gone, the rest moved up within its suit) keeps every world's values and the order
 * of the pool's bits, so a decision's worlds are drawn from a seed made of the renumbered masks and two
 * decisions alike once renumbered are the same card. Two shortcuts follow:
 * - when every legal card is worth the same in every world the player may draw (one suit, and no card he
 *   may face, nor the card led, between them: the search values a run of touching cards as one), the
 *   weighing would tie them all and play the lowest;
 * - a decision met before, in this call or an earlier one (the same renumbered knowledge, stakes, worlds and
 *   duties), is looked up in the table of decisions. */

#define DECIDED_BITS 14
/* A decision as the table keeps it: the renumbered masks of his cards and of the pool, the card he knows the
 * other holds and the card led (each its bit index + 1, 0: none), the stakes by their number (stakes_id: 0,
 * the slot is empty) and the card chosen (its place in his hand, lowest first). */
typedef struct { u32 mine, pool; uint16_t stakes; uint8_t known, led, index, pad[3]; } Decided;
/* 16k decisions of 16 bytes (256 kB, within a core's second cache, beside the table of positions) per set of
 * duties, made on first use: most decisions met again are met under another choice of the same deal, soon
 * after; a table of 8 MB kept a tenth more of them but missed the cache on every look-up, and a discard's
 * question took no less time. */
static Decided *decided[8];
/* ... and in front of it the 512 met last (8 kB, within the nearest cache): five in six of the decisions met again
 * are found there (those of another choice of the same deal), without reading the large table, whose every
 * look-up missed the cache. */
#define RECENT_BITS 9
static Decided recent[8][1 << RECENT_BITS];

static inline int decided_is(const Decided *e, u32 stakes, u32 nmine, u32 npool, uint8_t known_at, uint8_t led_at) {
    return e->stakes == stakes && e->mine == nmine && e->pool == npool && e->known == known_at && e->led == led_at;
}

/* How many decisions were weighed, found all alike, and looked up (decision_counts: the tests check that both
 * shortcuts are met on positions where the Python reference, which has neither, is compared). */
static long long counted[3];

static inline u64 mix64(u64 z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#define DECISION_SALT 0x6A09E667F3BCC908ull

/* The seed of a decision's worlds, from the renumbered masks (hidden.decision_seed repeats it). */
static inline u64 decision_seed(u32 nmine, u32 nled, u32 nknown, u32 npool, int need) {
    u64 z = mix64(DECISION_SALT ^ ((u64)nmine << 32 | npool));
    z = mix64(z ^ ((u64)nknown << 32 | nled));
    return mix64(z ^ (u64)need);
}

static u64 gcd64(u64 a, u64 b) { while (b) { u64 r = a % b; a = b; b = r; } return a; }

/* What a decision's weighing depends on besides the cards: the worlds, the count of unknown cards drawn, and
 * the points by tricks won from here, shifted and scaled to their smallest whole form (the card of the most
 * points is the same for points a*p + b, a > 0); 0 when it does not fit. */
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

/* The stakes' keys met so far, numbered from 1 in the order met (a number is two bytes of a decision's entry in
 * the table of decisions, where a key would be eight): kept for the life of the process, as the decisions are.
 * A question meets a few dozen; 0 once the numbers run out (its decisions are then weighed each time). */
#define STAKES_BITS 12
static u64 stakes_keys[1 << STAKES_BITS];
static uint16_t stakes_ids[1 << STAKES_BITS];
static int stakes_count;

static uint16_t stakes_id(u64 key) {
    if (!key) return 0;
    for (u32 at = (u32)(mix64(key) >> (64 - STAKES_BITS)), tries = 0; tries < 64; at = (at + 1) & ((1u << STAKES_BITS) - 1), tries++) {
        if (stakes_keys[at] == key) return stakes_ids[at];
        if (!stakes_keys[at]) {
            if (stakes_count >= (1 << STAKES_BITS) / 2) return 0;  /* half full: probes stay short */
            stakes_keys[at] = key;
            return stakes_ids[at] = (uint16_t)++stakes_count;
        }
    }
    return 0;
}

#define PAIR_OFFSET (1 << 16)

/* Each decision's stakes, worked out before the play (a key's divisions cost more than a lookup), and the
 * points of two cards at once for every entry of theirs. */
static void model_ready(Model *m) {
    m->paired = m->worlds <= 1023;  /* 1023 worlds of points below 2 * PAIR_OFFSET: a half holds the sum */
    for (int seat = 0; seat < 2; seat++)
        for (int k = 0; k <= MAX_TRICKS; k++)
            if (m->utility[seat][k] <= -PAIR_OFFSET || m->utility[seat][k] >= PAIR_OFFSET) m->paired = 0;
    for (int seat = 0; seat < 2; seat++)
        for (int won = 0; won <= MAX_TRICKS; won++)
            for (int two = 0; two < 64; two++) {
                int low = two & 7, high = two >> 3;  /* tricks (7: not legal, never read) */
                u64 a = (u64)(PAIR_OFFSET + (won + low <= MAX_TRICKS ? m->utility[seat][won + low] : 0));
                u64 b = (u64)(PAIR_OFFSET + (won + high <= MAX_TRICKS ? m->utility[seat][won + high] : 0));
                m->pairs[seat][won][two] = m->paired ? a | b << 32 : 0;
            }
    for (int seat = 0; seat < 2; seat++)
        for (int won = 0; won <= MAX_TRICKS; won++)
            for (int left = 0; left <= MAX_TRICKS; left++)
                for (int need = 0; need <= MAX_TRICKS; need++)
                    m->stakes[seat][won][left][need] = won + left <= MAX_TRICKS && need <= left
                        ? stakes_id(stakes_key(m->utility[seat] + won, left, m->worlds, need)) : 0;
}

/* Each legal card's points summed over a decision's worlds, in ``sums`` (by bit index), for a decision whose
 * positions are in the table of positions (dense_fits): _core_worlds.h, made twice, with the processor's pext
 * and without; choose_dense_worlds picks one when the module is loaded. */
typedef void (*DenseWorlds)(const Model *m, const Table *t, int seat, uint16_t *dense, u64 seed, u32 pool, int need,
                            u32 mine, u32 legal, u32 known, long long sums[32]);

#define WORLDS_NAME dense_worlds_by_table
#define WORLDS_TARGET
#define WORLDS_SPREAD 0
#include "_core_worlds.h"
#undef WORLDS_NAME
#undef WORLDS_TARGET
#undef WORLDS_SPREAD

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#define PEXT_BUILT 1
#define WORLDS_NAME dense_worlds_by_pext
#define WORLDS_TARGET __attribute__((target("bmi2")))
#define WORLDS_SPREAD 1
#include "_core_worlds.h"
#undef WORLDS_NAME
#undef WORLDS_TARGET
#undef WORLDS_SPREAD
#if (defined(__clang__) && __clang_major__ >= 7) || (!defined(__clang__) && __GNUC__ >= 8)
#define VECTOR_BUILT 1  /* a compiler that knows AVX-512's byte permutes (GCC 8, clang 7): older ones build without */
#include "_core_worlds_vector.h"
#endif
#endif

static DenseWorlds dense_worlds = dense_worlds_by_table;

/* Whether the processor has pext (BMI2), and whether it does it in one step: every x86-64 with BMI2 but AMD's
 * before Zen 3 (family 0x19), which work it out bit by bit, slower than the table. */
static int pext_present(void) {
#ifdef PEXT_BUILT
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2");
#else
    return 0;
#endif
}

static int pext_fast(void) {
#ifdef PEXT_BUILT
    if (!pext_present()) return 0;
    if (__builtin_cpu_is("amd")) {
        unsigned int a, b, c, d;
        if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
        unsigned int family = (a >> 8 & 0xF) == 0xF ? 0xF + (a >> 20 & 0xFF) : a >> 8 & 0xF;
        return family >= 0x19;
    }
    return 1;
#else
    return 0;
#endif
}

/* Whether the processor has the 512-bit registers' instructions dense_worlds_by_vector uses (the system saving
 * them included: the compiler's test checks it). */
static int vector_present(void) {
#ifdef VECTOR_BUILT
    __builtin_cpu_init();
    return pext_present() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq")
           && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
           && __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2")
           && __builtin_cpu_supports("avx512vpopcntdq");
#else
    return 0;
#endif
}

/* ``how`` 2: eight worlds at a time where the processor can (else as 1), 1: pext wherever the processor has it,
 * 0: the table. The three give the same places. */
static void choose_dense_worlds_by(int how) {
    dense_worlds = dense_worlds_by_table;
#ifdef PEXT_BUILT
    if (how >= 1 && pext_present()) dense_worlds = dense_worlds_by_pext;
#ifdef VECTOR_BUILT
    if (how >= 2 && vector_present()) dense_worlds = dense_worlds_by_vector;
#endif
#endif
}

/* The vector path wherever it can run (pext is in it only to spread a decision's cards once and to fill an
 * entry, never per world); else pext where it is fast; else the table. */
static void choose_dense_worlds(void) {
#ifdef VECTOR_BUILT
    make_vector_binomials();
    if (vector_present()) make_vector_places();
#endif
    choose_dense_worlds_by(vector_present() ? 2 : pext_fast());
}

/* The card ``seat`` plays: the best over ``worlds`` hands of the other he cannot tell apart. */
static u32 weigh_choice(const Model *m, const Table *t, int seat, u64 seed, u32 mine, u32 legal, u32 known,
                        u32 pool, int need);

static u32 model_choice(const Model *m, const Table *t, int seat) {
    u32 mine = t->hand[seat], legal = t->led ? legal_replies(mine, t->led, m->s->d) : mine;
    if (!(legal & (legal - 1))) return legal;
    u32 known = t->known[seat], pool = t->unseen[seat] & ~t->barred[seat] & ~known;
    int need = popcount(t->hand[1 - seat]) - popcount(known), n = popcount(pool);
    if (need < 0 || n < need) return legal & (~legal + 1);  /* never, while the inferences hold */
    u32 lowest = legal & (~legal + 1);
    if ((legal & suit_of(lowest)) == legal && !(((top_bit(legal) - 1) & ~((lowest << 1) - 1)) & (pool | known | t->led))) {
        counted[1]++;
        return lowest;
    }
    u32 in_play = mine | t->led | known | pool, nmine = 0, npool = 0, nknown = 0, nled = 0;
    for (int byte = 0; byte < 32; byte += 8) {  /* normalise(in_play, ...) for the four at once */
        const uint8_t *row = compress_byte[0] + (in_play >> byte & 0xFF);  /* compress_byte[cards][play] */
        nmine |= (u32)row[256 * (mine >> byte & 0xFF)] << byte;
        npool |= (u32)row[256 * (pool >> byte & 0xFF)] << byte;
        nknown |= (u32)row[256 * (known >> byte & 0xFF)] << byte;
        nled |= (u32)row[256 * (t->led >> byte & 0xFF)] << byte;
    }
    int left = popcount(mine), won = t->tricks[seat], index = duties_index(m->s->d);
    u32 stakes = won + left <= MAX_TRICKS && need <= left ? m->stakes[seat][won][left][need] : 0;
    /* the look-up before the seed: a decision met again (two in five) needs no seed */
    uint8_t known_at = nknown ? (uint8_t)(__builtin_ctz(nknown) + 1) : 0, led_at = nled ? (uint8_t)(__builtin_ctz(nled) + 1) : 0;
    Decided *e = NULL, *near = NULL;
    if (stakes && !(nknown & (nknown - 1)) && (decided[index] || (decided[index] = zeroed_table(sizeof(Decided) << DECIDED_BITS)))) {
        u64 key = (((u64)nmine << 32 | npool) ^ ((u64)stakes << 16 | (u64)known_at << 8 | led_at) * 0x9E3779B97F4A7C15ull)
                  * 0xD6E8FEB86659FD93ull;
        near = &recent[index][key >> (64 - RECENT_BITS)];
        if (decided_is(near, stakes, nmine, npool, known_at, led_at)) {
            counted[2]++;
            return nth_card(mine, near->index);
        }
        e = &decided[index][key >> (64 - DECIDED_BITS)];
        if (decided_is(e, stakes, nmine, npool, known_at, led_at)) {
            counted[2]++;
            *near = *e;
            return nth_card(mine, e->index);
        }
    }
    u32 choice = weigh_choice(m, t, seat, decision_seed(nmine, nled, nknown, npool, need), mine, legal, known, pool, need);
    if (e) {  /* no entry: the stakes or the knowledge do not fit, or no room; weighed each time */
        Decided fresh = {nmine, npool, (uint16_t)stakes, known_at, led_at, (uint8_t)popcount(mine & (choice - 1)), {0}};
        *e = *near = fresh;
    }
    return choice;
}

static u32 weigh_choice(const Model *m, const Table *t, int seat, u64 seed, u32 mine, u32 legal, u32 known,
                        u32 pool, int need) {
    counted[0]++;
    long long sums[32] = {0};
    int k = popcount(mine);
    uint16_t *dense = dense_fits(k, k + popcount(known | t->led) + need) ? dense_for(m->s->d) : NULL;
    if (dense) {  /* the play's positions: the table of every position, 3 bits a card */
        dense_worlds(m, t, seat, dense, seed, pool, need, mine, legal, known, sums);
        return best_of(sums, legal);
    }
    const int *points = m->utility[seat] + t->tricks[seat];
    int8_t bits[32] = {0};
    int n = bit_indexes(pool, bits);
    u64 rng = seed;
    if (popcount(mine) > 8) {  /* no nibble per card: card_values, world by world */
        int values[32];
        for (int w = 0; w < m->worlds; w++) {
            card_values_raw(m->s, mine, known | draw_world(&rng, bits, n, need), t->led, values);
            for (u32 c = legal; c; c &= c - 1) sums[__builtin_ctz(c)] += points[values[__builtin_ctz(c)]];
        }
        return best_of(sums, legal);
    }
    /* the worlds drawn and fetched before any is read; each legal card's nibble read at its place in ``mine`` */
    int shifts[8], indexes[8], n_legal = 0, j = 0;
    for (u32 c = mine; c; c &= c - 1, j++)
        if (c & legal & (~c + 1)) { shifts[n_legal] = 4 * j; indexes[n_legal++] = __builtin_ctz(c); }
    long long weighed[8] = {0};
    Probe probes[32];
    for (int done = 0; done < m->worlds; done += 32) {
        int batch = m->worlds - done < 32 ? m->worlds - done : 32;
        for (int w = 0; w < batch; w++) probe_start(m->s, mine, known | draw_world(&rng, bits, n, need), t->led, &probes[w]);
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
    u32 led = t->led, open = t->unseen[watcher] & ~t->barred[watcher];
    /* Had he held a card of ``open``, would this card have been legal? legal_replies reads the other card only
     * by its class (the suit led above the card led, below it, a trump of another suit, any other card): one
     * card of each class answers for the class. */
    u32 classes[4] = {above(led), below(led), TRUMPS & ~suit_of(led), ~(suit_of(led) | TRUMPS)};
    for (int k = 0; k < 4; k++) {
        u32 some = open & classes[k];
        if (some && !(legal_replies(card | (some & (~some + 1)), led, d) & card)) t->barred[watcher] |= some;
    }
    int winner = follower_wins(card, led) ? seat : t->leader;
    t->tricks[winner]++;
    t->leader = winner;
    t->led = 0;
}

static void model_play(const Model *m, Table *t) {
    while (t->hand[0] | t->hand[1]) {
        int seat = t->led ? 1 - t->leader : t->leader;
        play_card(t, seat, model_choice(m, t, seat), m->s->d);
    }
}

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
 * Out: for each deal, for each card of ``first`` (lowest bit first), the viewer's final tricks: the cards are
 * compared on the same deals (``seed`` draws them), and each player's worlds at each later decision come from
 * what he knows (decision_seed). */
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
    if (read_utility(utility, m.utility) < 0) return NULL;
    model_ready(&m);
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
            if (first) play_card(&t, viewer, cards & (~cards + 1), &d);
            model_play(&m, &t);
            codes[deal * choices + c++] = (uint8_t)t.tricks[viewer];
        }
    }
    return out;
}

/* choose(leaves, worlds, duties, utilities, seat, table) -> [card]: for each leaf one decision of the model
 * playing for ``utilities[leaf]`` (a leaf met again is looked up): for the tests, against the reference's.
 * ``table`` as hidden_values takes it, with both hands. */
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
        model_ready(&models[k]);
    }
    Table t;
    memset(&t, 0, sizeof t);
    for (int k = 0; k < 2; k++) {
        t.hand[k] = hand[k]; t.unseen[k] = unseen[k]; t.barred[k] = barred[k]; t.known[k] = known[k];
        t.tricks[k] = tricks[k];
    }
    t.led = led; t.leader = leader;
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out && i < n; i++) {
        long leaf = PyLong_AsLong(PyList_GetItem(cases, i));
        if (leaf < 0 || leaf >= n_leaves) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad leaf");
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, PyLong_FromUnsignedLong(model_choice(&models[leaf], &t, seat)));
    }
    return out;
}

/* pext_worlds(how) -> how the worlds are now placed (0 the table, 1 pext, 2 eight at a time): how 2 eight at a
 * time, 1 pext (each where the processor has it, else the next below), 0 the table, -1 as chosen when the module
 * was loaded; the table of decisions emptied (for the tests: the three give the same decisions). */
static PyObject *py_pext_worlds(PyObject *self, PyObject *args) {
    int how;
    if (!PyArg_ParseTuple(args, "i", &how)) return NULL;
    if (how < 0) choose_dense_worlds();
    else choose_dense_worlds_by(how);
    /* the decisions kept are forgotten: each way then weighs its own, and a test compares them */
    for (int index = 0; index < 8; index++)
        if (decided[index]) memset(decided[index], 0, sizeof(Decided) << DECIDED_BITS);
    memset(recent, 0, sizeof recent);
#ifdef VECTOR_BUILT
    if (dense_worlds == dense_worlds_by_vector) return PyLong_FromLong(2);
#endif
    return PyLong_FromLong(dense_worlds != dense_worlds_by_table);
}

/* decision_counts() -> (weighed, all alike, looked up) since the last call. */
static PyObject *py_decision_counts(PyObject *self, PyObject *args) {
    PyObject *out = Py_BuildValue("(LLL)", counted[0], counted[1], counted[2]);
    memset(counted, 0, sizeof counted);
    return out;
}

#define HIDDEN_METHODS \
    {"choose", py_choose, METH_VARARGS, "One decision of the model per case, in one call (for the tests)."}, \
    {"pext_worlds", py_pext_worlds, METH_VARARGS, "The worlds' places by pext or by the table (for the tests)."}, \
    {"decision_counts", py_decision_counts, METH_NOARGS, "Decisions weighed, found alike, looked up (for the tests)."}, \
    {"hidden_values", py_hidden_values, METH_VARARGS, "The viewer's tricks, deal by deal, under the hidden-card model."},
