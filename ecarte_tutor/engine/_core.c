/* The compiled core of the analysis: the double-dummy search and the loops that call it.
 *
 * A port of engine/doubledummy.py (the same normalised positions, the same alpha-beta over whole
 * tricks, the same move order), with the loops around it: the holdings of a view (engine/analysis.py)
 * and the deals of an exchange decision played out (engine/analysis_exchange.py). Python decides
 * everything the rule book says (which cards are in play, the duties, the discard limits, the flow of
 * the exchange, the scoring); this file only moves bits. The pure-Python search stays as the tests'
 * reference: tests/engine/test_core.py checks the two card for card.
 *
 * A hand is a 32-bit mask: one byte per suit, the trump suit in the top byte, the strongest rank in
 * each byte's top bit ("raw" masks, as Python gives them). The search renumbers the cards still in
 * play from each suit's top bit down ("normalised"), so positions that differ only by cards gone
 * share one entry of the transposition table, which outlives a call (its entries are facts). The positions
 * the play meets (as many cards a side, or one more for the side to answer a card led) are fewer still: every
 * one of them is valued once, on first use, into a table of its own ("the table of every position of the
 * play", below), which the hidden-card model (_core_hidden.h) reads millions of times a question.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

typedef uint32_t u32;
typedef uint64_t u64;

#define TRUMPS 0xFF000000u
#define NOT_TOP 0x7F7F7F7Fu
#define TABLE_BITS 20 /* 1M entries of 16 bytes per set of duties, made on first use */

typedef struct { int follow, head, trump; } Duties;
typedef struct { u64 key; int8_t low, high; } Entry;

static Entry *tables[8];
/* card_values' answers by normalised position, for the positions outside the table of every position of the
 * play (hands of other sizes: the tests' random positions, a rule book's larger hands): one probe here replaces
 * a search of each card (some fifteen probes of the transposition table). An entry is 8 bytes: the position
 * packed into 31 bits (position_key) and a nibble per card of ``mine``, lowest first (15: not legal). 2^17
 * entries (1 MB). (When the hidden-card model read its positions here, at 2^19 entries, 1.3 % of a discard's
 * probes missed and each miss cost a search; its own table has no misses and is a quarter the size.) */
#define VALUES_BITS 17
typedef struct { u32 key, values; } Known;
static Known *known_values[8];
/* [cards][cards in play] -> cards renumbered from the top bit. By cards first: position_key reads one row, a
 * hand's, for every world of a decision, and it stays in the nearest cache. */
static uint8_t compress_byte[256][256];

static inline int popcount(u32 x) { return __builtin_popcount(x); }
static inline u32 top_bit(u32 x) { return 1u << (31 - __builtin_clz(x)); }
static inline u32 suit_of(u32 b) { return 0xFFu << (8 * (__builtin_ctz(b) / 8)); }
static inline u32 below(u32 b) { return suit_of(b) & (b - 1); }
static inline u32 above(u32 b) { return suit_of(b) & ~((b << 1) - 1); }
static inline u32 run_heads(u32 c) { return c & ~(c & (c >> 1) & NOT_TOP); }
static inline u32 drop(u32 cards, u32 card) { return (cards & ~(below(card) | card)) | ((cards & below(card)) << 1); }

/* The ``index``-th card of ``cards``, lowest first. */
static inline u32 nth_card(u32 cards, u32 index) {
    while (index--) cards &= cards - 1;
    return cards & (~cards + 1);
}

static inline u32 run_head(u32 card, u32 cards) {
    while ((card & NOT_TOP) && ((card << 1) & cards)) card <<= 1;
    return card;
}

static inline int follower_wins(u32 followed, u32 led) {
    if (followed & suit_of(led)) return followed > led;
    return (followed & TRUMPS) && !(led & TRUMPS);
}

static inline u32 legal_replies(u32 hand, u32 led, const Duties *d) {
    u32 same = hand & suit_of(led);
    if (same && d->follow) {
        if (d->head) {
            u32 higher = same & above(led);
            if (higher) return higher;
        }
        return same;
    }
    if (!same && d->trump && !(led & TRUMPS)) {
        u32 trumps = hand & TRUMPS;
        if (trumps) return trumps;
    }
    return hand;
}

static inline u32 normalise(u32 in_play, u32 cards) {
    u32 out = 0;
    for (int byte = 0; byte < 4; byte++)
        out |= (u32)compress_byte[(cards >> (8 * byte)) & 0xFF][(in_play >> (8 * byte)) & 0xFF] << (8 * byte);
    return out;
}

static void make_compress(void) {
    for (int play = 0; play < 256; play++)
        for (int cards = 0; cards < 256; cards++) {
            int place = 7, out = 0;
            for (int bit = 7; bit >= 0; bit--)
                if (play & (1 << bit)) {
                    if (cards & (1 << bit)) out |= 1 << place;
                    place--;
                }
            compress_byte[cards][play] = (uint8_t)out;
        }
}

/* A table of zeros of ``size`` bytes that lives as long as the process. On Linux in pages of 2 MB where the
 * system allows it: the tables are read at random, and with 4 kB pages most reads of the table of known values
 * also missed the processor's table of pages. */
static void *zeroed_table(size_t size) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t huge = (size_t)2 << 20;
    void *p = NULL;
    if (size >= huge && posix_memalign(&p, huge, size) == 0) {
        madvise(p, size, MADV_HUGEPAGE);
        memset(p, 0, size);
        return p;
    }
#endif
    return calloc(size, 1);
}

static int duties_index(const Duties *d) { return d->follow | d->head << 1 | d->trump << 2; }

static Entry *table_for(const Duties *d) {
    int index = duties_index(d);
    if (!tables[index]) tables[index] = zeroed_table(sizeof(Entry) << TABLE_BITS);
    return tables[index];
}

static Known *values_for(const Duties *d) {
    int index = duties_index(d);
    if (!known_values[index]) known_values[index] = zeroed_table(sizeof(Known) << VALUES_BITS);
    return known_values[index];
}

/* --- the search (doubledummy.Solver._search and _after_lead) ------------------------------------ */

typedef struct { const Duties *d; Entry *table; Known *values; } Search;

static int after_lead(Search *s, u32 rest, u32 other, u32 led, int count, int alpha, int beta);

static inline void after_trick(u32 first, u32 second, u32 led, u32 followed, u32 *a, u32 *b) {
    u32 low = led < followed ? led : followed, high = led < followed ? followed : led;
    *a = drop(drop(first, low), high);
    *b = drop(drop(second, low), high);
}

static int search(Search *s, u32 lead, u32 other, int alpha, int beta) {
    u64 key = (u64)lead << 32 | other;
    int count = popcount(lead);
    if (count == 0) return 0;
    Entry *entry = &s->table[(key * 0x9E3779B97F4A7C15ull) >> (64 - TABLE_BITS)];
    int low = 0, high = count;
    if (entry->key == key) { low = entry->low; high = entry->high; }
    if (low >= beta || low == high) return low;
    if (high <= alpha) return high;
    if (count == 1) {
        int value = follower_wins(other, lead) ? 0 : 1;
        entry->key = key; entry->low = entry->high = (int8_t)value;
        return value;
    }
    if (low > alpha) alpha = low;
    if (high < beta) beta = high;
    int best = -1;
    u32 leads = run_heads(lead);
    while (leads) {
        u32 card = top_bit(leads);  /* trumps and high cards first: they cut off soonest */
        leads ^= card;
        int value = after_lead(s, lead ^ card, other, card, count, alpha > best ? alpha : best, beta);
        if (value > best) {
            best = value;
            if (best >= beta) break;
        }
    }
    if (best <= alpha) { if (best < high) high = best; }
    else if (best >= beta) { if (best > low) low = best; }
    else low = high = best;
    entry->key = key; entry->low = (int8_t)low; entry->high = (int8_t)high;
    return best;
}

static int after_lead(Search *s, u32 rest, u32 other, u32 led, int count, int alpha, int beta) {
    int worst = count + 1, left = count - 1;
    u32 replies = run_heads(legal_replies(other, led, s->d));
    while (replies) {
        u32 card = replies & (~replies + 1);  /* lowest first: the cheapest way to win, or to lose */
        replies ^= card;
        u32 mine, theirs;
        after_trick(rest, other ^ card, led, card, &mine, &theirs);
        int ceiling = beta < worst ? beta : worst, value;
        if (follower_wins(card, led)) value = left - search(s, theirs, mine, left - ceiling, left - alpha);
        else value = 1 + search(s, mine, theirs, alpha - 1, ceiling - 1);
        if (value < worst) {
            worst = value;
            if (worst <= alpha) break;
        }
    }
    return worst;
}

/* Tricks the leader takes from here (raw masks). */
static int leader_tricks_raw(Search *s, u32 lead, u32 other) {
    u32 in_play = lead | other;
    int count = popcount(lead);
    return search(s, normalise(in_play, lead), normalise(in_play, other), -1, count + 1);
}

/* Each legal card's tricks for normalised masks: by_norm[bit] for the head of each run of legal cards (a card
 * of a run is worth its head); returns the legal cards. */
static u32 normalised_values(Search *s, u32 nm, u32 nt, u32 nled, int by_norm[32]) {
    u32 legal;
    if (!nled) {
        int count = popcount(nm);
        legal = nm;
        for (u32 heads = run_heads(nm); heads; ) {
            u32 card = top_bit(heads); heads ^= card;
            by_norm[__builtin_ctz(card)] = after_lead(s, nm ^ card, nt, card, count, -1, count + 1);
        }
    } else {
        int left = popcount(nt);
        legal = legal_replies(nm, nled, s->d);
        for (u32 heads = run_heads(legal); heads; ) {
            u32 card = top_bit(heads); heads ^= card;
            u32 a, b;
            after_trick(nm ^ card, nt, nled, card, &a, &b);
            by_norm[__builtin_ctz(card)] = follower_wins(card, nled) ? 1 + search(s, a, b, -1, left + 1)
                                                                       : left - search(s, b, a, -1, left + 1);
        }
    }
    return legal;
}

/* The tricks of the j-th card of ``nm`` (lowest first), 15 when it is not legal. */
static inline int nth_value(u32 nm, u32 legal, const int by_norm[32], u32 card) {
    return (card & legal) ? by_norm[__builtin_ctz(run_head(card, legal))] : 15;
}

/* A position of card_values in 31 bits, the same for every position that normalises alike; 0 when it does
 * not fit (more than 11 cards in play, or more than 8 of ``mine``). From the top suit down: each suit's count
 * of cards in play (4 bits each), which of them are ``mine`` (a bit each, suit after suit), and the place of
 * the card led among them, + 1 (0: none led). Made from the raw masks: a probe that hits normalises nothing. */
static inline u32 position_key(u32 mine, u32 in_play, u32 led) {
    u32 counts = 0, owners = 0;
    int at = 0;
    for (int byte = 3; byte >= 0; byte--) {
        u32 play = in_play >> (8 * byte) & 0xFF;
        int count = popcount(play);
        counts = counts << 4 | (u32)count;
        owners = owners << count | (u32)(compress_byte[mine >> (8 * byte) & 0xFF][play] >> (8 - count));
        at += count;
    }
    if (at > 11 || popcount(mine) > 8) return 0;
    u32 led_at = led ? (u32)popcount(in_play & ~((led << 1) - 1)) + 1 : 0;
    return counts | owners << 16 | led_at << 27;
}

/* A position of card_values and its entry in the table of known values, fetched ahead: the hidden-card model
 * starts the probes of all its worlds before it reads the first. */
typedef struct { u32 mine, theirs, led, key; Known *slot; } Probe;

static inline void probe_at(const Search *s, u32 mine, u32 theirs, u32 led, u32 key, Probe *p) {
    p->mine = mine; p->theirs = theirs; p->led = led; p->key = key;
    p->slot = &s->values[(key * 0x9E3779B1u) >> (32 - VALUES_BITS)];
    __builtin_prefetch(p->slot);
}

static inline void probe_start(const Search *s, u32 mine, u32 theirs, u32 led, Probe *p) {
    probe_at(s, mine, theirs, led, position_key(mine, mine | theirs | led, led), p);
}

/* The tricks of each card of the probe's ``mine`` (at most 8), a nibble each, lowest first (15: not legal). */
static u32 probe_packed(Search *s, const Probe *p) {
    Known *k = p->slot;
    if (p->key && k->key == p->key) return k->values;
    u32 in_play = p->mine | p->theirs | p->led, packed = 0;
    u32 nm = normalise(in_play, p->mine), nt = normalise(in_play, p->theirs);
    int by_norm[32], j = 0;
    u32 legal = normalised_values(s, nm, nt, p->led ? normalise(in_play, p->led) : 0, by_norm);
    /* normalising keeps the order of the cards: the j-th card of ``mine`` is the j-th of ``nm`` */
    for (u32 cards = nm; cards && j < 8; cards &= cards - 1, j++)
        packed |= (u32)nth_value(nm, legal, by_norm, cards & (~cards + 1)) << (4 * j);
    if (p->key) { k->key = p->key; k->values = packed; }
    return packed;
}

/* --- the table of every position of the play --------------------------------------------------------
 *
 * In the play the two hands hold as many cards (the leader's turn) or the follower one more than the other's
 * rest (a card led): ``mine`` k cards, k others in play (his and the card led). Normalised, such a position is:
 * how many of ``mine`` each suit holds (56 ways for five cards), where the k others fall among them (read from
 * the lowest card up, each suit closed by a bar: k others among 2k + 3 places, 1,287 ways for five), and which
 * of the others is the card led (none, or one of five); 497,572 positions for one to five cards each. Each has
 * its own place in one table of 2 bytes an entry (under 1 MB), filled when first met and never overwritten: after
 * the first questions no probe searches. The positions of one hand of ``mine`` lie together (15 kB for five
 * cards), so the worlds of a decision read a few kB of the table, not a megabyte. The hash table of known
 * values keeps the positions outside it. An entry: 3 bits per card of ``mine``, lowest first (its tricks, 7: not
 * legal), and the top bit set once filled. */
#define DENSE_MAX 5
#define DENSE_FILLED 0x8000u
#define SPREAD 0x7FBFDFEFFull   /* a hand's four bytes spread over 35 bits, a place left free above the first three */
#define BARS 0x4020100ull       /* those places: the bars after the first three suits */
static uint16_t *dense_values[8];
static u32 dense_block[DENSE_MAX + 1][216];  /* by k and his cards in the top three suits: where their entries begin */
/* A mask's rank among the masks of as many bits (colexicographic), in two parts that stay in the nearest cache:
 * the low 7 bits' and the high 6 bits' given how many of the low are set. */
static uint16_t colex_low[1 << 7], colex_high[8][1 << (2 * DENSE_MAX + 3 - 7)];
static size_t dense_entries;

static u32 binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    u32 out = 1;
    for (int i = 1; i <= k; i++) out = out * (u32)(n - k + i) / (u32)i;
    return out;
}

static void make_dense(void) {
    size_t at = 0;
    for (int k = 1; k <= DENSE_MAX; k++)
        for (int m3 = 0; m3 <= k; m3++)
            for (int m2 = 0; m2 <= k - m3; m2++)
                for (int m1 = 0; m1 <= k - m3 - m2; m1++) {
                    dense_block[k][m3 * 36 + m2 * 6 + m1] = (u32)at;
                    at += (size_t)binomial(2 * k + 3, k) * (size_t)(k + 1);
                }
    dense_entries = at;
    for (u32 low = 0; low < (1u << 7); low++) {  /* the rank: the sum over set bits of C(place, how many up to it) */
        u32 rank = 0;
        int i = 0;
        for (u32 bits = low; bits; bits &= bits - 1, i++) rank += binomial(__builtin_ctz(bits), i + 1);
        colex_low[low] = (uint16_t)rank;
    }
    for (int below = 0; below < 8; below++)
        for (u32 high = 0; high < (1u << (2 * DENSE_MAX + 3 - 7)); high++) {
            u32 rank = 0;
            int i = below;
            for (u32 bits = high; bits; bits &= bits - 1, i++) rank += binomial(7 + __builtin_ctz(bits), i + 1);
            colex_high[below][high] = (uint16_t)rank;
        }
}

static void dense_build(uint16_t *table, const Duties *d);

/* The table of positions under these duties, worked out whole on first use (dense_build). */
static uint16_t *dense_make(const Duties *d) {
    size_t size = sizeof(uint16_t) * dense_entries, page = (size_t)2 << 20;
    /* rounded up to a page of 2 MB: read at random, it is then one entry of the processor's table of pages */
    uint16_t *table = zeroed_table((size + page - 1) / page * page);
    if (table) dense_build(table, d);
    return dense_values[duties_index(d)] = table;
}

static inline uint16_t *dense_for(const Duties *d) {
    uint16_t *table = dense_values[duties_index(d)];
    return table ? table : dense_make(d);
}

/* Whether a position of ``mine`` with ``in_play`` cards in play (his, the other's and the card led) is in the
 * table: k of his cards, 1 <= k <= DENSE_MAX, and 2k in play. */
static inline int dense_fits(int mine_count, int in_play_count) {
    return mine_count >= 1 && mine_count <= DENSE_MAX && in_play_count == 2 * mine_count;
}

/* Where the block of ``mine``'s positions begins (k his cards). */
static inline u32 dense_block_of(u32 mine, int k) {
    return dense_block[k][popcount(mine >> 24) * 36 + popcount(mine >> 16 & 0xFF) * 6 + popcount(mine >> 8 & 0xFF)];
}

/* Where the others fall, as bits from the lowest card in play up, a 0 (a bar) after each of the first three suits
 * (the processor's pext does the same on cards spread with their bars: _core_worlds.h). */
static inline u32 others_by_table(u32 others, u32 in_play) {
    u32 out = 0;
    for (int byte = 3; byte >= 0; byte--) {
        u32 play = in_play >> (8 * byte) & 0xFF;
        int count = popcount(play);
        out = out << count << (byte < 3) | (u32)(compress_byte[others >> (8 * byte) & 0xFF][play] >> (8 - count));
    }
    return out;
}

/* The place of a position that dense_fits, in the block ``block`` of ``mine`` (raw masks; ``led`` 0 when he
 * leads; ``where`` as others_by_table). */
static inline u32 dense_place(u32 block, u32 where, u32 mine, u32 in_play, u32 led, int k) {
    u32 led_place = led ? 1 + (u32)popcount(in_play & ~mine & (led - 1)) : 0;  /* among the others */
    u32 rank = (u32)colex_low[where & 0x7F] + colex_high[popcount(where & 0x7F)][where >> 7];
    return block + rank * (u32)(k + 1) + led_place;
}

static inline u32 dense_index(u32 mine, u32 in_play, u32 led, int k) {
    return dense_place(dense_block_of(mine, k), others_by_table(in_play & ~mine, in_play), mine, in_play, led, k);
}

/* A position's entry, searched (its values for every card of ``mine``) and kept. */
static uint16_t dense_fill(Search *s, uint16_t *slot, u32 mine, u32 in_play, u32 led) {
    u32 nm = normalise(in_play, mine), nt = normalise(in_play, in_play & ~mine & ~led);
    int by_norm[32], j = 0;
    u32 legal = normalised_values(s, nm, nt, led ? normalise(in_play, led) : 0, by_norm), entry = DENSE_FILLED;
    for (u32 cards = nm; cards; cards &= cards - 1, j++) {
        int value = nth_value(nm, legal, by_norm, cards & (~cards + 1));
        entry |= (u32)(value == 15 ? 7 : value) << (3 * j);
    }
    *slot = (uint16_t)entry;
    return (uint16_t)entry;
}

/* The tricks the leader takes from a position of the table where he leads, k cards each (the best of his entry's). */
static inline int dense_lead_value(const uint16_t *table, u32 lead, u32 other, int k) {
    if (k == 0) return 0;
    u32 entry = table[dense_index(lead, lead | other, 0, k)], best = 0;
    for (int j = 0; j < k; j++, entry >>= 3)
        if ((entry & 7) != 7 && (entry & 7) > best) best = entry & 7;
    return (int)best;
}

/* The whole table, by best play from the last trick back (the search's values, card for card: tests/engine/
 * test_core_positions.py): a card answering a lead is worth the trick and the tricks of the position it leaves,
 * whoever leads it; a card led is worth what the best answer leaves him. Every position of the table is made
 * from its masks normalised (his cards and the others at the top of their suits), and read back through
 * dense_index, as the probes read it: for five cards a side some five million reads, tens of milliseconds once
 * per set of duties, where filling the table search by search as positions are met cost each question a tenth of
 * its time while the table was young. */
static void dense_build(uint16_t *table, const Duties *d) {
    for (int k = 1; k <= DENSE_MAX; k++)
        for (int following = 1; following >= 0; following--)  /* the answers first: a lead's value reads them */
            for (int m3 = 0; m3 <= k; m3++)
                for (int m2 = 0; m2 <= k - m3; m2++)
                    for (int m1 = 0; m1 <= k - m3 - m2; m1++) {
                        int counts[4] = {k - m3 - m2 - m1, m1, m2, m3};  /* his cards by suit, the lowest suit first */
                        int places = 2 * k + 3;
                        for (u32 where = 0; where < (1u << places); where++) {
                            if (popcount(where) != k) continue;
                            /* where the others fall: read from the lowest place up, each suit closed by a bar */
                            u32 mine = 0, others = 0, cards[4][16];
                            int owner[4][16], in_suit[4] = {0, 0, 0, 0}, suit = 0, his = 0, fits = 1;
                            for (int place = 0; place < places; place++) {
                                if (where >> place & 1) { owner[suit][in_suit[suit]++] = 0; continue; }
                                if (his < counts[suit]) { owner[suit][in_suit[suit]++] = 1; his++; continue; }
                                suit++; his = 0;  /* a bar */
                            }
                            for (int s = 0; s < 4; s++) {
                                if (in_suit[s] > 8) { fits = 0; break; }
                                for (int i = 0; i < in_suit[s]; i++) {  /* the lowest at the top less the count */
                                    cards[s][i] = 1u << (8 * s + 8 - in_suit[s] + i);
                                    if (owner[s][i]) mine |= cards[s][i]; else others |= cards[s][i];
                                }
                            }
                            if (!fits) continue;
                            for (int led_place = following; led_place <= (following ? k : 0); led_place++) {
                                u32 led = led_place ? nth_card(others, (u32)(led_place - 1)) : 0, theirs = others & ~led;
                                u32 in_play = mine | others, entry = DENSE_FILLED;
                                int j = 0;
                                for (u32 rest = mine; rest; rest &= rest - 1, j++) {
                                    u32 card = rest & (~rest + 1);
                                    int value;
                                    if (led) {
                                        if (!(legal_replies(mine, led, d) & card)) { entry |= 7u << (3 * j); continue; }
                                        int won = follower_wins(card, led);
                                        u32 a = mine & ~card, b = theirs;
                                        value = won ? 1 + dense_lead_value(table, a, b, k - 1)
                                                    : (k - 1) - dense_lead_value(table, b, a, k - 1);
                                    } else {  /* the other answers with the reply that leaves him the most */
                                        u32 answer = table[dense_index(theirs, in_play, card, k)];
                                        int most = 0, i = 0;
                                        for (u32 r = theirs; r; r &= r - 1, i++)
                                            if ((answer >> (3 * i) & 7) != 7 && (int)(answer >> (3 * i) & 7) > most)
                                                most = (int)(answer >> (3 * i) & 7);
                                        value = k - most;
                                    }
                                    entry |= (u32)value << (3 * j);
                                }
                                table[dense_index(mine, in_play, led, k)] = (uint16_t)entry;
                            }
                        }
                    }
}

/* For each legal card of ``mine`` (raw bits), the tricks left he takes with best play: values[bit index],
 * -1 for a card he may not play. ``led`` is the other's card on the table (raw), or 0 when he leads. */
static void card_values_raw(Search *s, u32 mine, u32 theirs, u32 led, int values[32]) {
    for (int i = 0; i < 32; i++) values[i] = -1;
    if (popcount(mine) > 8) {  /* more than a nibble each: searched here, not kept */
        u32 in_play = mine | theirs | led, nm = normalise(in_play, mine);
        int by_norm[32];
        u32 legal = normalised_values(s, nm, normalise(in_play, theirs), led ? normalise(in_play, led) : 0, by_norm);
        for (u32 cards = mine; cards; cards &= cards - 1) {
            int value = nth_value(nm, legal, by_norm, normalise(in_play, cards & (~cards + 1)));
            if (value != 15) values[__builtin_ctz(cards)] = value;
        }
        return;
    }
    u32 in_play = mine | theirs | led;
    int k = popcount(mine);
    uint16_t *dense = dense_fits(k, popcount(in_play)) ? dense_for(s->d) : NULL;
    if (dense) {
        uint16_t *slot = &dense[dense_index(mine, in_play, led, k)];
        u32 entry = *slot & DENSE_FILLED ? *slot : dense_fill(s, slot, mine, in_play, led);
        for (u32 cards = mine; cards; cards &= cards - 1, entry >>= 3)
            if ((entry & 7) != 7) values[__builtin_ctz(cards)] = (int)(entry & 7);
        return;
    }
    Probe p;
    probe_start(s, mine, theirs, led, &p);
    u32 packed = probe_packed(s, &p);
    for (u32 cards = mine; cards; cards &= cards - 1, packed >>= 4)
        if ((packed & 15) != 15) values[__builtin_ctz(cards)] = (int)(packed & 15);
}

/* --- reading Python's arguments ------------------------------------------------------------------- */

static int read_duties(PyObject *arg, Duties *d) {
    long bits = PyLong_AsLong(arg);
    if (bits == -1 && PyErr_Occurred()) return -1;
    d->follow = (int)(bits & 1); d->head = (int)(bits >> 1 & 1); d->trump = (int)(bits >> 2 & 1);
    return 0;
}

static int start(Search *s, Duties *d, PyObject *duties) {
    if (read_duties(duties, d) < 0) return -1;
    s->d = d;
    s->table = table_for(d);
    s->values = values_for(d);
    if (!s->table || !s->values) { PyErr_NoMemory(); return -1; }
    return 0;
}

static PyObject *py_card_values(PyObject *self, PyObject *args) {
    unsigned int mine, theirs, led;
    PyObject *duties;
    if (!PyArg_ParseTuple(args, "IIIO", &mine, &theirs, &led, &duties)) return NULL;
    Duties d; Search s;
    if (start(&s, &d, duties) < 0) return NULL;
    int values[32];
    card_values_raw(&s, mine, theirs, led, values);
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    for (int i = 0; i < 32; i++) {
        if (values[i] < 0) continue;
        PyObject *key = PyLong_FromUnsignedLong(1ul << i), *value = PyLong_FromLong(values[i]);
        if (!key || !value || PyDict_SetItem(out, key, value) < 0) {
            Py_XDECREF(key); Py_XDECREF(value); Py_DECREF(out); return NULL;
        }
        Py_DECREF(key); Py_DECREF(value);
    }
    return out;
}

static PyObject *py_leader_tricks(PyObject *self, PyObject *args) {
    unsigned int lead, other;
    PyObject *duties;
    if (!PyArg_ParseTuple(args, "IIO", &lead, &other, &duties)) return NULL;
    Duties d; Search s;
    if (start(&s, &d, duties) < 0) return NULL;
    return PyLong_FromLong(leader_tricks_raw(&s, lead, other));
}

/* --- a view: every holding of the other hand (analysis._viewed) ------------------------------------ */

static long long choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    long long out = 1;
    for (int i = 1; i <= k; i++) out = out * (n - k + i) / i;
    return out;
}

typedef struct {
    Search *s;
    u32 mine, led;
    int viewer_acts, won, point_tricks, hand_size;
    long long total, sums[33], points[33], voles[33], any[33];  /* by card bit; 32: the other's best card */
    int seen[33];
} Tally;

static void tally_add(Tally *t, u32 holding, long long weight) {
    int values[32];
    t->total += weight;
    if (t->viewer_acts) {
        card_values_raw(t->s, t->mine, holding, t->led, values);
        for (int i = 0; i < 32; i++) {
            if (values[i] < 0) continue;
            int tricks = t->won + values[i];
            t->seen[i] = 1;
            t->sums[i] += weight * tricks;
            t->points[i] += weight * (tricks >= t->point_tricks);
            t->voles[i] += weight * (tricks >= t->hand_size);
            t->any[i] += weight * (tricks >= 1);
        }
    } else {
        card_values_raw(t->s, holding, t->mine, t->led, values);
        int best = -1;
        for (int i = 0; i < 32; i++) if (values[i] > best) best = values[i];
        int tricks = t->won + best;
        t->seen[32] = 1;
        t->sums[32] += weight * tricks;
        t->points[32] += weight * (tricks >= t->point_tricks);
        t->voles[32] += weight * (tricks >= t->hand_size);
        t->any[32] += weight * (tricks >= 1);
    }
}

static void every_class(Tally *t, const u32 *runs, const int *sizes, int n_runs, int index, int need, u32 holding,
                        long long weight) {
    if (index == n_runs) {
        if (need == 0) tally_add(t, holding, weight);
        return;
    }
    int room = 0;
    for (int i = index + 1; i < n_runs; i++) room += sizes[i];
    int least = need - room > 0 ? need - room : 0, most = sizes[index] < need ? sizes[index] : need;
    u32 taken = 0;
    const u32 *run = runs + 8 * index;
    for (int k = 0; k < least; k++) taken |= run[k];
    for (int k = least; k <= most; k++) {
        if (k > least) taken |= run[k - 1];
        every_class(t, runs, sizes, n_runs, index + 1, need - k, holding | taken, weight * choose(sizes[index], k));
    }
}

/* tally(mine, led, required, runs or None, need, holdings or None, viewer_acts, won, point_tricks, hand_size,
 * duties) -> (total, {card bit or 0: (sums, points, voles, any)}). With ``runs`` (a list of lists of raw
 * bits, each run highest first) every class of holdings is searched with its weight; otherwise
 * ``holdings``, a list of (raw mask, weight), is. */
static PyObject *py_tally(PyObject *self, PyObject *args) {
    unsigned int mine, led, required;
    int need, viewer_acts, won, point_tricks, hand_size;
    PyObject *runs, *holdings, *duties;
    if (!PyArg_ParseTuple(args, "IIIOiOpiiiO", &mine, &led, &required, &runs, &need, &holdings, &viewer_acts,
                          &won, &point_tricks, &hand_size, &duties))
        return NULL;
    Duties d; Search s;
    if (start(&s, &d, duties) < 0) return NULL;
    Tally t;
    memset(&t, 0, sizeof t);
    t.s = &s; t.mine = mine; t.led = led; t.viewer_acts = viewer_acts; t.won = won;
    t.point_tricks = point_tricks; t.hand_size = hand_size;
    if (runs != Py_None) {
        Py_ssize_t n = PyList_Size(runs);
        if (n < 0) return NULL;
        if (n > 32) { PyErr_SetString(PyExc_ValueError, "too many runs"); return NULL; }
        u32 cards[32 * 8];
        int sizes[32];
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *run = PyList_GetItem(runs, i);
            Py_ssize_t size = PyList_Size(run);
            if (size < 0) return NULL;
            if (size > 8) { PyErr_SetString(PyExc_ValueError, "a run holds at most 8 cards"); return NULL; }
            sizes[i] = (int)size;
            for (Py_ssize_t k = 0; k < size; k++) {
                cards[8 * i + k] = (u32)PyLong_AsUnsignedLong(PyList_GetItem(run, k));
                if (PyErr_Occurred()) return NULL;
            }
        }
        every_class(&t, cards, sizes, (int)n, 0, need, required, 1);
    } else {
        Py_ssize_t n = PyList_Size(holdings);
        if (n < 0) return NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            unsigned int holding;
            long long weight;
            if (!PyArg_ParseTuple(PyList_GetItem(holdings, i), "IL", &holding, &weight)) return NULL;
            tally_add(&t, holding, weight);
        }
    }
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    for (int i = 0; i < 33; i++) {
        if (!t.seen[i]) continue;
        PyObject *key = PyLong_FromUnsignedLong(i == 32 ? 0ul : 1ul << i);
        PyObject *value = Py_BuildValue("(LLLL)", t.sums[i], t.points[i], t.voles[i], t.any[i]);
        if (!key || !value || PyDict_SetItem(out, key, value) < 0) {
            Py_XDECREF(key); Py_XDECREF(value); Py_DECREF(out); return NULL;
        }
        Py_DECREF(key); Py_DECREF(value);
    }
    return Py_BuildValue("(LN)", t.total, out);
}

#include "_core_hidden.h"  /* before the exchange: its play-out plays by the hidden-card model */
#include "_core_exchange.h"

static PyMethodDef methods[] = {
    {"card_values", py_card_values, METH_VARARGS,
     "card_values(mine, theirs, led, duties) -> {card bit: tricks left} for each legal card (raw masks)."},
    {"leader_tricks", py_leader_tricks, METH_VARARGS,
     "leader_tricks(lead, other, duties) -> the tricks left the leader takes with best play (raw masks)."},
    {"tally", py_tally, METH_VARARGS, "The weighted figures of a view over the other hand's holdings."},
    EXCHANGE_METHODS
    HIDDEN_METHODS
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core", "The compiled core of the analysis.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__core(void) {
    make_compress();
    make_dense();
    choose_dense_worlds();
    return PyModule_Create(&module);
}
