/* A decision's worlds weighed in the table of positions (dense_fits): included twice by _core_hidden.h, as
 * WORLDS_NAME, compiled for WORLDS_TARGET; with WORLDS_SPREAD 0 the cards are raw masks and a world placed by
 * others_by_table, with WORLDS_SPREAD 1 (BMI2) they are spread (SPREAD: a free place above each of the first three
 * suits, the bars) from the draw on, and a world placed by one pext. The two place alike.
 *
 * Each world is draw_world's, step for step (one output of the generator: a side holds at most DENSE_MAX < 8
 * cards). The worlds are drawn and placed 32 at a time, then their entries read: those of one hand's positions lie
 * together (dense_block_of), in the nearest cache (fetching them ahead made it slower, and so did reading each as
 * it was drawn). A card's points come from its 3 bits of the entry, two cards at a time (Model.pairs). */

WORLDS_TARGET static void WORLDS_NAME(const Model *m, const Table *t, int seat, uint16_t *dense, u64 seed,
                                      u32 pool_cards, int need, u32 mine, u32 legal, u32 known, long long sums[32]) {
    int k = popcount(mine), shifts[DENSE_MAX], indexes[DENSE_MAX], n_legal = 0, j = 0;
    for (u32 c = mine; c; c &= c - 1, j++)
        if (c & legal & (~c + 1)) { shifts[n_legal] = 3 * j; indexes[n_legal++] = __builtin_ctz(c); }
    const int *points = m->utility[seat] + t->tricks[seat];
    long long weighed[DENSE_MAX] = {0};
    u64 two0 = 0, two1 = 0, two2 = 0;  /* cards 0 and 1, 2 and 3, 4, in halves (Model.pairs); kept in registers */
    const u64 *pairs = m->pairs[seat][t->tricks[seat]];
    u32 led = t->led, block = dense_block_of(mine, k), places[32], rank_step = (u32)(k + 1);
    u64 in_plays[32], state = seed;
    int8_t pool[32] = {0};  /* the pool's cards, lowest first, as bit_indexes lists them */
    int n = 0;
    for (u32 c = pool_cards; c; c &= c - 1) {
        int bit = __builtin_ctz(c);
        pool[n++] = (int8_t)(WORLDS_SPREAD ? bit + (bit >> 3) : bit);  /* spread: a place left above each suit */
    }
#if WORLDS_SPREAD
    u64 spread_mine = __builtin_ia32_pdep_di(mine, SPREAD), spread_led = __builtin_ia32_pdep_di(led, SPREAD);
    u64 base = __builtin_ia32_pdep_di(mine | known | led, SPREAD);
#else
    u64 base = mine | known | led;
#endif
    int picks = need < n ? need : n;
    for (int done = 0; done < m->worlds; done += 32) {
        int batch = m->worlds - done < 32 ? m->worlds - done : 32;
        for (int w = 0; w < batch; w++) {
            int8_t left[32];
            memcpy(left, pool, 32);
            u64 out = 0, word = picks ? sm_next(&state) : 0;
            for (int i = 0; i < picks; i++) {  /* draw_world's steps */
                unsigned __int128 product = (unsigned __int128)word * (u64)(n - i);
                int j = i + (int)(product >> 64);
                word = (u64)product;
                int8_t chosen = left[j];
                left[j] = left[i];
                out |= 1ull << chosen;
            }
            u64 play = base | out;
            in_plays[w] = play;
#if WORLDS_SPREAD
            u64 others = play & ~spread_mine;
            u32 where = (u32)__builtin_ia32_pext_di(others, play | BARS);
            u32 led_place = led ? 1 + (u32)__builtin_popcountll(others & (spread_led - 1)) : 0;
#else
            u32 where = others_by_table((u32)play & ~mine, (u32)play);
            u32 led_place = led ? 1 + (u32)popcount((u32)play & ~mine & (led - 1)) : 0;
#endif
            places[w] = block + ((u32)colex_low[where & 0x7F] + colex_high[popcount(where & 0x7F)][where >> 7]) * rank_step
                        + led_place;

        }
        for (int w = 0; w < batch; w++) {
            u32 entry = dense[places[w]];
#if WORLDS_SPREAD
            if (!(entry & DENSE_FILLED))
                entry = dense_fill(m->s, &dense[places[w]], mine, (u32)__builtin_ia32_pext_di(in_plays[w], SPREAD), led);
#else
            if (!(entry & DENSE_FILLED)) entry = dense_fill(m->s, &dense[places[w]], mine, (u32)in_plays[w], led);
#endif
            if (m->paired) {
                two0 += pairs[entry & 63]; two1 += pairs[entry >> 6 & 63]; two2 += pairs[entry >> 12 & 7];
            } else {
                for (int l = 0; l < n_legal; l++) weighed[l] += points[entry >> shifts[l] & 7];
            }
        }
    }
    u64 two[3] = {two0, two1, two2};
    for (int l = 0; l < n_legal; l++) {
        int card = shifts[l] / 3;  /* his card's place, lowest first */
        sums[indexes[l]] = m->paired ? (long long)(two[card >> 1] >> (32 * (card & 1)) & 0xFFFFFFFFu)
                                       - (long long)m->worlds * PAIR_OFFSET
                                     : weighed[l];
    }
}
