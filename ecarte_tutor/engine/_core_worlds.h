/* A decision's worlds weighed in the table of positions (dense_fits): included twice by _core_hidden.h, as
 * WORLDS_NAME, compiled for WORLDS_TARGET, with WORLDS_OTHERS (others_by_table or others_by_pext: the same bits).
 *
 * The worlds are drawn and their entries fetched 32 at a time before any is read; a card's points come from
 * its 3 bits of the entry, two cards at a time (Model.pairs). */

WORLDS_TARGET static void WORLDS_NAME(const Model *m, const Table *t, int seat, uint16_t *dense, u64 *rng,
                                      const int8_t *bits, int n, int need, u32 mine, u32 legal, u32 known,
                                      long long sums[32]) {
    int k = popcount(mine), shifts[DENSE_MAX], indexes[DENSE_MAX], n_legal = 0, j = 0;
    for (u32 c = mine; c; c &= c - 1, j++)
        if (c & legal & (~c + 1)) { shifts[n_legal] = 3 * j; indexes[n_legal++] = __builtin_ctz(c); }
    const int *points = m->utility[seat] + t->tricks[seat];
    long long weighed[DENSE_MAX] = {0};
    u64 two0 = 0, two1 = 0, two2 = 0;  /* cards 0 and 1, 2 and 3, 4, in halves (Model.pairs); kept in registers */
    const u64 *pairs = m->pairs[seat][t->tricks[seat]];
    u32 led = t->led, base = mine | known | led, block = dense_block_of(mine, k), in_plays[32], places[32];
    for (int done = 0; done < m->worlds; done += 32) {
        int batch = m->worlds - done < 32 ? m->worlds - done : 32;
        for (int w = 0; w < batch; w++) {
            in_plays[w] = base | draw_world(rng, bits, n, need);
            places[w] = dense_place(block, WORLDS_OTHERS(in_plays[w] & ~mine, in_plays[w]), mine, in_plays[w], led, k);
            __builtin_prefetch(&dense[places[w]]);
        }
        for (int w = 0; w < batch; w++) {
            u32 entry = dense[places[w]];
            if (!(entry & DENSE_FILLED)) entry = dense_fill(m->s, &dense[places[w]], mine, in_plays[w], led);
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
