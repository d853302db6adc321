/* A decision's worlds drawn and placed eight at a time, in the processor's 512-bit registers (AVX-512 with its
 * byte permutes and bit counts): included by _core_hidden.h where the compiler builds for x86-64, chosen when
 * the module is loaded where the processor has them (choose_dense_worlds). The same worlds, the same places
 * and the same sums as _core_worlds.h (tests/engine/test_core_positions.py: the decisions are the same):
 *
 * - the generator: world w's output is splitmix64 at seed + (w + 1) * its step, so eight are made at once;
 * - draw_world's steps: the high part of word times the cards left from two 32-bit products (the count is
 *   below 2^6, so the high part is exact), the low part by a 64-bit product; the pool's card at j by a byte
 *   permute, and the swaps kept as a list of writes (place, card), at most DENSE_MAX of them: the card at j is
 *   the pool's unless a write went there, the last write winning, as in the swapped array;
 * - the place: pext's rank of the others among the cards in play and the bars, worked out as its sum: the i-th
 *   lowest other (from 0) lies at place i + (his cards and bars below it), and adds C(place, i + 1).
 * The entries are then read one world at a time, as in _core_worlds.h. */

#include <immintrin.h>

#define VECTOR_TARGET \
    __attribute__((target("avx512f,avx512dq,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx512vpopcntdq,bmi2")))

/* C(i + m, i + 1): the rank's term of the i-th other with m of his cards and bars below it (m < 16). */
static long long vector_binomials[DENSE_MAX][16];
static __m512i vector_places;  /* the bytes 0, 1, ..., 63: a place's own number, for the pool's compress */

VECTOR_TARGET static void make_vector_places(void) {
    uint8_t places[64];
    for (int i = 0; i < 64; i++) places[i] = (uint8_t)i;
    vector_places = _mm512_loadu_si512(places);
}

static void make_vector_binomials(void) {
    for (int i = 0; i < DENSE_MAX; i++)
        for (int m = 0; m < 16; m++) vector_binomials[i][m] = binomial(i + m, i + 1);
}

/* draw_world's ``picks`` steps for eight worlds (``word``: each one's output of the generator): the cards drawn,
 * as spread bits. The last step's word and its write are never read, and not made. */
VECTOR_TARGET static inline __attribute__((always_inline)) __m512i draw_eight(__m512i word, const int picks, int n,
                                                                              __m512i pool_v, const uint8_t *pool) {
    const __m512i one = _mm512_set1_epi64(1), byte = _mm512_set1_epi64(0xFF);
    __m512i out = _mm512_setzero_si512(), wrote_at[DENSE_MAX], wrote[DENSE_MAX];
    for (int i = 0; i < picks; i++) {
        __m512i left = _mm512_set1_epi64(n - i), here = _mm512_set1_epi64(i);
        __m512i low = _mm512_mul_epu32(word, left), high = _mm512_mul_epu32(_mm512_srli_epi64(word, 32), left);
        __m512i at_j = _mm512_add_epi64(here, _mm512_srli_epi64(_mm512_add_epi64(high, _mm512_srli_epi64(low, 32)), 32));
        /* the pool's bytes past its n are zeros of the compress, never read: j < n */
        __m512i chosen = _mm512_and_si512(_mm512_permutexvar_epi8(at_j, pool_v), byte);
        for (int before = 0; before < i; before++)
            chosen = _mm512_mask_mov_epi64(chosen, _mm512_cmpeq_epi64_mask(wrote_at[before], at_j), wrote[before]);
        out = _mm512_or_si512(out, _mm512_sllv_epi64(one, chosen));
        if (i + 1 == picks) break;
        word = _mm512_mullo_epi64(word, left);
        __m512i kept = _mm512_set1_epi64(pool[i]);  /* the card at i, which goes to j */
        for (int before = 0; before < i; before++)
            kept = _mm512_mask_mov_epi64(kept, _mm512_cmpeq_epi64_mask(wrote_at[before], here), wrote[before]);
        wrote_at[i] = at_j; wrote[i] = kept;
    }
    return out;
}

VECTOR_TARGET static void dense_worlds_by_vector(const Model *m, const Table *t, int seat, uint16_t *dense, u64 seed,
                                                 u32 pool_cards, int need, u32 mine, u32 legal, u32 known,
                                                 long long sums[32]) {
    int k = popcount(mine), n = popcount(pool_cards), picks = need < n ? need : n;
    if (!picks || picks > DENSE_MAX) {  /* every world alike, or (never in the table) more than it keeps */
        dense_worlds_by_pext(m, t, seat, dense, seed, pool_cards, need, mine, legal, known, sums);
        return;
    }
    int shifts[DENSE_MAX], indexes[DENSE_MAX], n_legal = 0, j = 0;
    for (u32 c = mine; c; c &= c - 1, j++)
        if (c & legal & (~c + 1)) { shifts[n_legal] = 3 * j; indexes[n_legal++] = __builtin_ctz(c); }
    const int *points = m->utility[seat] + t->tricks[seat];
    long long weighed[DENSE_MAX] = {0};
    u64 two0 = 0, two1 = 0, two2 = 0;
    const u64 *pairs = m->pairs[seat][t->tricks[seat]];
    u32 led = t->led, block = dense_block_of(mine, k);
    uint8_t pool[64];  /* the pool's cards, spread, lowest first: the places of its spread bits, packed */
    const __m512i pool_v = _mm512_maskz_compress_epi8(__builtin_ia32_pdep_di(pool_cards, SPREAD), vector_places);
    _mm512_storeu_si512(pool, pool_v);
    u64 spread_mine = __builtin_ia32_pdep_di(mine, SPREAD), spread_led = __builtin_ia32_pdep_di(led, SPREAD);
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi64(1);
    const __m512i mine_v = _mm512_set1_epi64((long long)spread_mine);
    const __m512i base = _mm512_set1_epi64((long long)__builtin_ia32_pdep_di(mine | known | led, SPREAD));
    const __m512i below_v = _mm512_set1_epi64((long long)(spread_mine | BARS));
    const __m512i led_below = _mm512_set1_epi64((long long)(spread_led - 1));
    const __m512i step = _mm512_set1_epi64((long long)(k + 1)), start = _mm512_set1_epi64(block);
    const __m512i golden = _mm512_set1_epi64((long long)0x9E3779B97F4A7C15ull);
    const __m512i mix1 = _mm512_set1_epi64((long long)0xBF58476D1CE4E5B9ull);
    const __m512i mix2 = _mm512_set1_epi64((long long)0x94D049BB133111EBull);
    __m512i counter = _mm512_set_epi64(8, 7, 6, 5, 4, 3, 2, 1);  /* world w + 1, for its generator's state */
    long long places[32], in_plays[32];
    for (int done = 0; done < m->worlds; done += 32) {
        int batch = m->worlds - done < 32 ? m->worlds - done : 32;
        for (int w = 0; w < batch; w += 8) {
            __m512i z = _mm512_add_epi64(_mm512_set1_epi64((long long)seed), _mm512_mullo_epi64(counter, golden));
            counter = _mm512_add_epi64(counter, _mm512_set1_epi64(8));
            z = _mm512_mullo_epi64(_mm512_xor_si512(z, _mm512_srli_epi64(z, 30)), mix1);
            z = _mm512_mullo_epi64(_mm512_xor_si512(z, _mm512_srli_epi64(z, 27)), mix2);
            __m512i word = _mm512_xor_si512(z, _mm512_srli_epi64(z, 31)), out;
            switch (picks) {  /* each count of cards drawn unrolled whole, its writes kept in registers */
            case 1: out = draw_eight(word, 1, n, pool_v, pool); break;
            case 2: out = draw_eight(word, 2, n, pool_v, pool); break;
            case 3: out = draw_eight(word, 3, n, pool_v, pool); break;
            case 4: out = draw_eight(word, 4, n, pool_v, pool); break;
            default: out = draw_eight(word, 5, n, pool_v, pool); break;
            }
            __m512i play = _mm512_or_si512(base, out), others = _mm512_andnot_si512(mine_v, play), rest = others;
            __m512i rank = zero;
            for (int i = 0; i < k; i++) {  /* the others, lowest first: k of them in every world */
                __m512i card = _mm512_and_si512(rest, _mm512_sub_epi64(zero, rest));
                rest = _mm512_xor_si512(rest, card);
                __m512i below = _mm512_popcnt_epi64(_mm512_and_si512(below_v, _mm512_sub_epi64(card, one)));
                rank = _mm512_add_epi64(rank, _mm512_permutex2var_epi64(_mm512_loadu_si512(vector_binomials[i]), below,
                                                                        _mm512_loadu_si512(vector_binomials[i] + 8)));
            }
            __m512i led_place = led ? _mm512_add_epi64(one, _mm512_popcnt_epi64(_mm512_and_si512(others, led_below))) : zero;
            __m512i place = _mm512_add_epi64(_mm512_add_epi64(start, _mm512_mullo_epi64(rank, step)), led_place);
            _mm512_storeu_si512(places + w, place);
            _mm512_storeu_si512(in_plays + w, play);
        }
        for (int w = 0; w < batch; w++) {
            u32 entry = dense[places[w]];
            if (!(entry & DENSE_FILLED))
                entry = dense_fill(m->s, &dense[places[w]], mine, (u32)__builtin_ia32_pext_di((u64)in_plays[w], SPREAD), led);
            if (m->paired) {
                two0 += pairs[entry & 63]; two1 += pairs[entry >> 6 & 63]; two2 += pairs[entry >> 12 & 7];
            } else {
                for (int l = 0; l < n_legal; l++) weighed[l] += points[entry >> shifts[l] & 7];
            }
        }
        /* the generator's state runs on by the worlds of the batch, not the lanes filled */
        counter = _mm512_add_epi64(_mm512_set_epi64(8, 7, 6, 5, 4, 3, 2, 1), _mm512_set1_epi64(done + 32));
    }
    u64 two[3] = {two0, two1, two2};
    for (int l = 0; l < n_legal; l++) {
        int card = shifts[l] / 3;
        sums[indexes[l]] = m->paired ? (long long)(two[card >> 1] >> (32 * (card & 1)) & 0xFFFFFFFFu)
                                       - (long long)m->worlds * PAIR_OFFSET
                                     : weighed[l];
    }
}
