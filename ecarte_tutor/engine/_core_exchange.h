/* The deals of an exchange decision (analysis_exchange): drawn, replayed to the decision, played out.
 *
 * Included by _core.c. Python's own generator draws the deals (Mersenne Twister, seeded as
 * random.Random(int) seeds it, shuffled as random.shuffle shuffles), so the core weighs the very deals
 * the Python path weighed. The referee's flow after each choice (who discards how many, who draws how
 * many, when play begins) depends only on counts, so Python hands it over as a small program worked out
 * by the referee itself; the core runs it on the cards: the tutor's discards (discarding.choose_discard),
 * the draws, the dealer's answer (the jeux de règle, compiled from the rule book's patterns), and the play:
 * by the hidden-card model (_core_hidden.h: each player choosing each card from his own worlds, knowing
 * every card he has held, his discards among them, and the turn-up), or double dummy when asked (the
 * tests' and the bench's baseline).
 */

/* --- MT19937, as CPython's _random module ---------------------------------------------------------- */

typedef struct { u32 mt[624]; int index; } Twister;

static void mt_init(Twister *t, u32 seed) {
    t->mt[0] = seed;
    for (int i = 1; i < 624; i++) t->mt[i] = 1812433253u * (t->mt[i - 1] ^ (t->mt[i - 1] >> 30)) + (u32)i;
    t->index = 624;
}

static void mt_seed(Twister *t, u32 key) { /* init_by_array with one word, as random.Random(key) for key < 2**32 */
    mt_init(t, 19650218u);
    u32 *mt = t->mt;
    int i = 1, j = 0;
    for (int k = 624; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key + (u32)j;
        i++; j++;
        if (i >= 624) { mt[0] = mt[623]; i = 1; }
        if (j >= 1) j = 0;
    }
    for (int k = 623; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (u32)i;
        i++;
        if (i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    mt[0] = 0x80000000u;
}

static u32 mt_next(Twister *t) {
    static const u32 mag01[2] = {0, 0x9908b0dfu};
    u32 y, *mt = t->mt;
    if (t->index >= 624) {
        int k;
        for (k = 0; k < 624 - 397; k++) {
            y = (mt[k] & 0x80000000u) | (mt[k + 1] & 0x7fffffffu);
            mt[k] = mt[k + 397] ^ (y >> 1) ^ mag01[y & 1];
        }
        for (; k < 623; k++) {
            y = (mt[k] & 0x80000000u) | (mt[k + 1] & 0x7fffffffu);
            mt[k] = mt[k + (397 - 624)] ^ (y >> 1) ^ mag01[y & 1];
        }
        y = (mt[623] & 0x80000000u) | (mt[0] & 0x7fffffffu);
        mt[623] = mt[396] ^ (y >> 1) ^ mag01[y & 1];
        t->index = 0;
    }
    y = mt[t->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

static int mt_below(Twister *t, int n) { /* random._randbelow_with_getrandbits */
    int k = 32 - __builtin_clz((u32)n);
    u32 r = mt_next(t) >> (32 - k);
    while ((int)r >= n) r = mt_next(t) >> (32 - k);
    return (int)r;
}

static void mt_shuffle(Twister *t, int8_t *x, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = mt_below(t, i + 1);
        int8_t swap = x[i]; x[i] = x[j]; x[j] = swap;
    }
}

/* --- the tutor's discard (discarding.choose_discard) ----------------------------------------------- */

typedef struct {
    int suit_index[4];  /* the Suit enum's index of each byte's suit: ties of rank go in that order */
    int king_bit;       /* the king's bit inside a byte */
} Order;

/* The cards to throw, the first to go first (bit indexes); returns how many. */
static int tutor_discard(u32 hand, int low, int high, const Order *o, int8_t out[32]) {
    int n = 0, bytes_by_suit[4];
    for (int b = 0; b < 4; b++) bytes_by_suit[o->suit_index[b]] = b;
    int8_t kept[32]; int n_kept = 0;
    for (int bit = 0; bit < 8; bit++)  /* lowest first, then by suit */
        for (int s = 0; s < 4; s++) {
            int byte = bytes_by_suit[s], index = 8 * byte + bit;
            if (!(hand >> index & 1)) continue;
            if (byte == 3 || bit == o->king_bit) kept[n_kept++] = (int8_t)index;
            else if (n < high) out[n++] = (int8_t)index;
        }
    if (n < low) {  /* forced past the advice: plain kings before trumps, the lowest trump first */
        for (int i = 0; i < n_kept && n < low; i++) if (kept[i] < 24) out[n++] = kept[i];
        for (int i = 0; i < n_kept && n < low; i++) if (kept[i] >= 24) out[n++] = kept[i];
    }
    return n;
}

/* tutor_discard(hand, low, high, suit_index, king_bit) -> the bit indexes thrown out, the first first. */
static PyObject *py_tutor_discard(PyObject *self, PyObject *args) {
    unsigned int hand;
    int low, high, king_bit;
    PyObject *suits;
    if (!PyArg_ParseTuple(args, "IiiOi", &hand, &low, &high, &suits, &king_bit)) return NULL;
    Order order;
    order.king_bit = king_bit;
    for (int b = 0; b < 4; b++) order.suit_index[b] = (int)PyLong_AsLong(PyList_GetItem(suits, b));
    if (PyErr_Occurred()) return NULL;
    int8_t out[32];
    int n = tutor_discard(hand, low, high, &order, out);
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) PyList_SET_ITEM(list, i, PyLong_FromLong(out[i]));
    return list;
}

/* --- the deals ------------------------------------------------------------------------------------ */

/* ``seen``: by seat, the cards he has seen before the decision (held, drawn, thrown out; the viewer's: every
 * card not hidden from him), the turn-up left out (play_out adds it). */
typedef struct { u32 hand[2], seen[2]; int8_t stock[32]; int8_t n_stock, pad[3]; } World;

enum { VIEWER_DISCARD = 0, RIVAL_DISCARD = 1, RIVAL_KING = 2 };

/* deal_worlds(seed, wanted, tries, hidden, rival, viewer_hand, rival_size, stock, events, suit_index, king_bit)
 * -> (worlds as bytes, deals kept). ``hidden``: bit indexes of the cards the viewer has not seen, in the
 * pack's order; ``stock``: the stock as dealt, a bit index or -1 where he has not seen the card; ``events``:
 * the actions before the decision that move cards, as (0, draws) for his own discards, (1, count, low, high,
 * draws) for the other's, (2,) for the other's announcing the king of trumps. A deal is left out when the
 * tutor's discard in the other's place is not of the count he threw, or he announced a king he lacks. */
static PyObject *py_deal_worlds(PyObject *self, PyObject *args) {
    unsigned int seed, viewer_hand;
    int wanted, max_tries, rival, rival_size, king_bit;
    PyObject *hidden_list, *stock_list, *events, *suits;
    if (!PyArg_ParseTuple(args, "IiiOiIiOOOi", &seed, &wanted, &max_tries, &hidden_list, &rival, &viewer_hand,
                          &rival_size, &stock_list, &events, &suits, &king_bit))
        return NULL;
    int8_t hidden[32], stock[32];
    u32 hidden_mask = 0;
    Py_ssize_t n_hidden = PyList_Size(hidden_list), n_stock = PyList_Size(stock_list), n_events = PyList_Size(events);
    if (n_hidden < 0 || n_stock < 0 || n_events < 0) return NULL;
    if (n_hidden > 32 || n_stock > 32 || n_events > 64) { PyErr_SetString(PyExc_ValueError, "too many"); return NULL; }
    for (Py_ssize_t i = 0; i < n_hidden; i++) {
        hidden[i] = (int8_t)PyLong_AsLong(PyList_GetItem(hidden_list, i));
        hidden_mask |= 1u << (hidden[i] & 31);
    }
    for (Py_ssize_t i = 0; i < n_stock; i++) stock[i] = (int8_t)PyLong_AsLong(PyList_GetItem(stock_list, i));
    int ev[64][5];
    for (Py_ssize_t i = 0; i < n_events; i++) {
        PyObject *e = PyList_GetItem(events, i);
        Py_ssize_t size = PyTuple_Size(e);
        if (size < 1 || size > 5) { PyErr_SetString(PyExc_ValueError, "bad event"); return NULL; }
        for (int k = 0; k < 5; k++) ev[i][k] = k < size ? (int)PyLong_AsLong(PyTuple_GetItem(e, k)) : 0;
    }
    Order order;
    order.king_bit = king_bit;
    for (int b = 0; b < 4; b++) order.suit_index[b] = (int)PyLong_AsLong(PyList_GetItem(suits, b));
    if (PyErr_Occurred()) return NULL;
    World *worlds = PyMem_Malloc(sizeof(World) * (size_t)(wanted > 0 ? wanted : 1));
    if (!worlds) return PyErr_NoMemory();
    Twister t;
    mt_seed(&t, seed);
    int kept = 0, tries = 0;
    u32 king = 1u << (24 + king_bit);
    while (kept < wanted && tries < max_tries) {
        tries++;
        int8_t cards[32];
        memcpy(cards, hidden, (size_t)n_hidden);
        mt_shuffle(&t, cards, (int)n_hidden);
        u32 hand = 0;
        for (int i = 0; i < rival_size; i++) hand |= 1u << cards[i];
        u32 rival_seen = hand;
        int8_t deck[32];
        int rest = rival_size;
        for (Py_ssize_t i = 0; i < n_stock; i++) deck[i] = stock[i] >= 0 ? stock[i] : cards[rest++];
        int at = 0, ok = 1;
        for (Py_ssize_t i = 0; i < n_events && ok; i++) {
            if (ev[i][0] == VIEWER_DISCARD) at += ev[i][1];
            else if (ev[i][0] == RIVAL_KING) ok = (hand & king) != 0;
            else {
                int8_t out[32];
                int made = tutor_discard(hand, ev[i][2], ev[i][3], &order, out);
                if (made != ev[i][1]) { ok = 0; break; }
                for (int k = 0; k < ev[i][4]; k++) {
                    hand &= ~(1u << out[k]); hand |= 1u << deck[at]; rival_seen |= 1u << deck[at++];
                }
            }
        }
        if (!ok) continue;
        World *w = &worlds[kept++];
        memset(w, 0, sizeof *w);
        w->hand[rival] = hand;
        w->hand[1 - rival] = viewer_hand;
        w->seen[rival] = rival_seen;
        w->seen[1 - rival] = ~hidden_mask;
        w->n_stock = (int8_t)(n_stock - at);
        memcpy(w->stock, deck + at, (size_t)(n_stock - at));
    }
    PyObject *out = Py_BuildValue("(y#i)", (const char *)worlds, (Py_ssize_t)(sizeof(World) * (size_t)kept), kept);
    PyMem_Free(worlds);
    return out;
}

/* hands(worlds) -> [(elder mask, dealer mask, stock as bit indexes)]: the deals, for Python's checks. */
static PyObject *py_worlds_hands(PyObject *self, PyObject *args) {
    Py_buffer buffer;
    if (!PyArg_ParseTuple(args, "y*", &buffer)) return NULL;
    Py_ssize_t n = buffer.len / (Py_ssize_t)sizeof(World);
    const World *worlds = buffer.buf;
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out && i < n; i++) {
        PyObject *stock = PyList_New(worlds[i].n_stock);
        for (int k = 0; stock && k < worlds[i].n_stock; k++) PyList_SET_ITEM(stock, k, PyLong_FromLong(worlds[i].stock[k]));
        PyList_SET_ITEM(out, i, Py_BuildValue("(IIN)", worlds[i].hand[0], worlds[i].hand[1], stock));
    }
    PyBuffer_Release(&buffer);
    return out;
}

/* --- the play-out --------------------------------------------------------------------------------- */

/* A program is a list of nodes; node 0 starts it. Each node is a tuple:
 *   (0, seat, draws, next, cards...)        the viewer's discard: the first ``draws`` cards go
 *   (1, seat, low, high, next_0..next_5, draws_0..draws_5)   the tutor's discard, by its count
 *   (2, next_accept, next_refuse)            the dealer answers a proposal as the tutor does (looked up)
 *   (3, leaf)                                the play: the elder leads, by the hidden-card model (or double
 *                                            dummy when play_out is given no worlds)
 * The result of a deal is a code: (leaf * 3 + holder of the king of trumps) * 8 + the elder's tricks. */
#define MAX_NODES 256
typedef struct { int kind, a, b, c, next[6], draws[6], n_cards; int8_t cards[8]; } Node;

static int read_program(PyObject *list, Node *nodes, int *count) {
    Py_ssize_t n = PyList_Size(list);
    if (n < 0) return -1;
    if (n > MAX_NODES || n == 0) { PyErr_SetString(PyExc_ValueError, "bad program"); return -1; }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *node = PyList_GetItem(list, i);
        Py_ssize_t size = PyTuple_Size(node);
        if (size < 2 || size > 20) { PyErr_SetString(PyExc_ValueError, "bad node"); return -1; }
        long v[20] = {0};
        for (Py_ssize_t k = 0; k < size; k++) v[k] = PyLong_AsLong(PyTuple_GetItem(node, k));
        if (PyErr_Occurred()) return -1;
        Node *x = &nodes[i];
        memset(x, 0, sizeof *x);
        x->kind = (int)v[0];
        if (x->kind == 0) {
            x->a = (int)v[1]; x->b = (int)v[2]; x->c = (int)v[3]; x->n_cards = (int)(size - 4);
            for (int k = 0; k < x->n_cards && k < 8; k++) x->cards[k] = (int8_t)v[4 + k];
        } else if (x->kind == 1) {
            x->a = (int)v[1]; x->b = (int)v[2]; x->c = (int)v[3];
            for (int k = 0; k < 6; k++) { x->next[k] = (int)v[4 + k]; x->draws[k] = (int)v[10 + k]; }
        } else if (x->kind == 2) {
            x->next[0] = (int)v[1]; x->next[1] = (int)v[2];
        } else {
            x->a = (int)v[1];
        }
    }
    *count = (int)n;
    return 0;
}

/* How the play is chosen: ``models`` (one per leaf, its points by final tricks) with ``worlds`` per decision;
 * no models: double dummy. */
typedef struct { const Model *models; int n_models; u32 turn_up; } Playing;

/* The play from here by the hidden-card model: each knows what he has seen, and the king of trumps the
 * other announces (he holds it when play begins: he scores it, so he says so). */
static int hidden_play(const Playing *p, int leaf, const u32 hand[2], const u32 seen[2], u32 king, int king_turned) {
    if (leaf < 0 || leaf >= p->n_models) return -1;
    Table t;
    memset(&t, 0, sizeof t);
    for (int seat = 0; seat < 2; seat++) {
        t.hand[seat] = hand[seat];
        t.unseen[seat] = ~(seen[seat] | p->turn_up);
        if (!king_turned && (hand[1 - seat] & king)) t.known[seat] = king;
    }
    model_play(&p->models[leaf], &t);
    return t.tricks[0];
}

static int run_program(Search *s, const Node *nodes, int count, const World *w, int accept, const Order *o,
                       u32 king, int king_turned, const Playing *p) {
    u32 hand[2] = {w->hand[0], w->hand[1]}, seen[2] = {w->seen[0], w->seen[1]};
    int at = 0, node = 0;
    for (int steps = 0; steps < MAX_NODES; steps++) {
        if (node < 0 || node >= count) return -1;
        const Node *x = &nodes[node];
        if (x->kind == 0 || x->kind == 1) {
            int8_t out[32];
            int draws, seat = x->a, made;
            if (x->kind == 0) { made = x->n_cards; memcpy(out, x->cards, 8); draws = x->b; node = x->c; }
            else {
                made = tutor_discard(hand[seat], x->b, x->c, o, out);
                if (made > 5) return -1;
                draws = x->draws[made]; node = x->next[made];
            }
            for (int k = 0; k < draws && at < w->n_stock; k++) {
                u32 drawn = 1u << w->stock[at++];
                hand[seat] = (hand[seat] & ~(1u << out[k])) | drawn;
                seen[seat] |= drawn;
            }
        } else if (x->kind == 2) {
            node = accept ? x->next[0] : x->next[1];
        } else {
            int elder = p->n_models ? hidden_play(p, x->a, hand, seen, king, king_turned)
                                    : leader_tricks_raw(s, hand[0], hand[1]);
            if (elder < 0) return -1;
            int holder = king_turned ? 0 : (hand[0] & king) ? 1 : (hand[1] & king) ? 2 : 0;
            return (x->a * 3 + holder) * 8 + elder;
        }
    }
    return -1;
}

/* play_out(worlds, programs, accepts, suit_index, king_bit, king_turned, duties[, hidden]) -> bytes of uint16
 * codes, choice by choice, deal by deal. ``accepts``: a byte per deal, 1 when the dealer would accept a
 * proposal. ``hidden``: (worlds per decision, turn-up bit, utilities), ``utilities`` by leaf a pair of
 * lists (elder, dealer) of points by final tricks: the play by the hidden-card model (each decision's worlds
 * drawn from what the player knows, whatever the choice and the deal); without it, double dummy. */
static PyObject *py_play_out(PyObject *self, PyObject *args) {
    Py_buffer buffer, accepts;
    PyObject *programs, *suits, *duties, *hidden = Py_None;
    int king_bit, king_turned;
    if (!PyArg_ParseTuple(args, "y*Oy*OipO|O", &buffer, &programs, &accepts, &suits, &king_bit, &king_turned, &duties,
                          &hidden))
        return NULL;
    PyObject *out = NULL;
    Node *nodes = NULL;
    int *counts = NULL;
    Model *models = NULL;
    Playing playing = {NULL, 0, 0};
    Duties d; Search s;
    Order order;
    order.king_bit = king_bit;
    Py_ssize_t n_worlds = buffer.len / (Py_ssize_t)sizeof(World), n_choices = PyList_Size(programs);
    if (start(&s, &d, duties) < 0 || n_choices < 0) goto done;
    if (hidden != Py_None) {
        int worlds;
        unsigned int turn_up;
        PyObject *utilities;
        if (!PyArg_ParseTuple(hidden, "iIO", &worlds, &turn_up, &utilities)) goto done;
        Py_ssize_t n_leaves = PyList_Size(utilities);
        if (n_leaves < 0) goto done;
        if (worlds < 1 || n_leaves < 1 || n_leaves > 64) { PyErr_SetString(PyExc_ValueError, "bad hidden"); goto done; }
        models = PyMem_Calloc((size_t)n_leaves, sizeof(Model));
        if (!models) { PyErr_NoMemory(); goto done; }
        for (Py_ssize_t leaf = 0; leaf < n_leaves; leaf++) {
            models[leaf].s = &s; models[leaf].worlds = worlds;
            if (read_utility(PyList_GetItem(utilities, leaf), models[leaf].utility) < 0) goto done;
            model_ready(&models[leaf]);
        }
        playing.models = models; playing.n_models = (int)n_leaves; playing.turn_up = turn_up;
    }
    for (int b = 0; b < 4; b++) order.suit_index[b] = (int)PyLong_AsLong(PyList_GetItem(suits, b));
    if (PyErr_Occurred()) goto done;
    if (accepts.len < n_worlds) { PyErr_SetString(PyExc_ValueError, "an answer per deal"); goto done; }
    /* every program read first, then deal by deal every choice: the choices of a deal meet the same decisions
     * while their entries are fresh in the cache */
    nodes = PyMem_Malloc(sizeof(Node) * MAX_NODES * (size_t)(n_choices ? n_choices : 1));
    counts = PyMem_Malloc(sizeof(int) * (size_t)(n_choices ? n_choices : 1));
    out = PyBytes_FromStringAndSize(NULL, 2 * n_choices * n_worlds);
    if (!nodes || !counts || !out) { Py_CLEAR(out); PyErr_NoMemory(); goto done; }
    for (Py_ssize_t c = 0; c < n_choices; c++)
        if (read_program(PyList_GetItem(programs, c), nodes + MAX_NODES * c, &counts[c]) < 0) { Py_CLEAR(out); goto done; }
    uint16_t *codes = (uint16_t *)PyBytes_AS_STRING(out);
    const World *worlds = buffer.buf;
    const char *accept = accepts.buf;
    u32 king = 1u << (24 + king_bit);
    for (Py_ssize_t i = 0; i < n_worlds; i++)
        for (Py_ssize_t c = 0; c < n_choices; c++) {
            int code = run_program(&s, nodes + MAX_NODES * c, counts[c], &worlds[i], accept[i], &order, king, king_turned,
                                   &playing);
            if (code < 0) { Py_CLEAR(out); PyErr_SetString(PyExc_ValueError, "a program that does not end"); goto done; }
            codes[c * n_worlds + i] = (uint16_t)code;
        }
done:
    PyMem_Free(nodes);
    PyMem_Free(counts);
    PyMem_Free(models);
    PyBuffer_Release(&buffer);
    PyBuffer_Release(&accepts);
    return out;
}

/* --- the jeux de règle (advice.advise), compiled -------------------------------------------------------
 *
 * The patterns stay data (rules/strategy/patterns.yaml); exchange_core.compile_patterns turns each one into
 * a row of RULE_INTS ints for the rank order in force, made once per rule book and order:
 *   0 seat (0 elder, 1 dealer)   1 advice (0 the committing choice: play, refuse; 1 propose, accept)
 *   2 king exception             3, 4 trumps from, to          5 the king of trumps: -1 either, 0 not, 1 held
 *   6 a suit condition?          7, 8 its cards from, to       9 any of (rank bits, -1: no such condition)
 *  10 all of (rank bits)        11 others in (rank bits, -1: no such condition)
 *  12 counts (at most MAX_COUNTS)   13 guarded ranks (more than 3: never met)
 *  14.. counts as (rank bits, from, to)   then the guarded ranks' bits.
 * Row 0 is a header: the number of patterns, then each seat's advice when none fits. */
#define MAX_COUNTS 6
#define RULE_INTS (14 + 3 * MAX_COUNTS + 4)

static int plain_fits(const int *r, const u32 p[3]) {
    if (r[6]) {
        int found = 0;
        for (int s = 0; s < 3 && !found; s++) {
            int n = popcount(p[s]);
            if (!n || n < r[7] || n > r[8]) continue;
            if (r[9] >= 0 && !(p[s] & (u32)r[9])) continue;
            if ((p[s] & (u32)r[10]) != (u32)r[10]) continue;
            if (r[11] >= 0 && ((p[(s + 1) % 3] | p[(s + 2) % 3]) & ~(u32)r[11])) continue;
            found = 1;
        }
        if (!found) return 0;
    }
    for (int k = 0; k < r[12]; k++) {
        const int *c = r + 14 + 3 * k;
        int n = popcount(p[0] & (u32)c[0]) + popcount(p[1] & (u32)c[0]) + popcount(p[2] & (u32)c[0]);
        if (n < c[1] || n > c[2]) return 0;
    }
    int wanted = r[13];
    if (!wanted) return 1;
    if (wanted > 3) return 0;
    const int *g = r + 14 + 3 * MAX_COUNTS;
    for (int a = 0; a < 3; a++) {  /* each wanted rank in its own plain suit of two cards or more */
        if (popcount(p[a]) < 2 || !(p[a] & (u32)g[0])) continue;
        if (wanted == 1) return 1;
        for (int b = 0; b < 3; b++) {
            if (b == a || popcount(p[b]) < 2 || !(p[b] & (u32)g[1])) continue;
            if (wanted == 2) return 1;
            int c = 3 - a - b;
            if (popcount(p[c]) >= 2 && (p[c] & (u32)g[2])) return 1;
        }
    }
    return 0;
}

/* The advice for this hand (raw mask) and seat: 0 or 1 as above; *pattern: the row that decided, -1 none. */
static int advise_raw(u32 hand, int seat, const int *table, int king_bit, int *pattern) {
    u32 trumps = hand >> 24, p[3] = {hand & 0xFF, hand >> 8 & 0xFF, hand >> 16 & 0xFF};
    int n_trumps = popcount(trumps), king = (trumps >> king_bit) & 1;
    for (int k = 0; k < table[0]; k++) {
        const int *r = table + RULE_INTS * (k + 1);
        if (r[0] != seat || n_trumps < r[3] || n_trumps > r[4] || (r[5] >= 0 && king != r[5])) continue;
        if (!plain_fits(r, p)) continue;
        *pattern = k;
        return seat == 0 && r[1] == 0 && r[2] && king ? 1 : r[1];
    }
    *pattern = -1;
    return table[1 + seat];
}

static int read_table(Py_buffer *b) {
    const int *t = b->buf;
    if (b->len < (Py_ssize_t)sizeof(int) * RULE_INTS || t[0] < 0
        || b->len != (Py_ssize_t)sizeof(int) * RULE_INTS * (t[0] + 1)) {
        PyErr_SetString(PyExc_ValueError, "not a table of patterns");
        return -1;
    }
    return 0;
}

/* advise(hand, seat, table, king_bit) -> (advice, pattern index or -1): one hand, for the tests. */
static PyObject *py_advise(PyObject *self, PyObject *args) {
    unsigned int hand;
    int seat, king_bit, pattern;
    Py_buffer table;
    if (!PyArg_ParseTuple(args, "Iiy*i", &hand, &seat, &table, &king_bit)) return NULL;
    PyObject *out = NULL;
    if (read_table(&table) == 0) {
        int advice = advise_raw(hand, seat, table.buf, king_bit, &pattern);
        out = Py_BuildValue("(ii)", advice, pattern);
    }
    PyBuffer_Release(&table);
    return out;
}

/* advise_worlds(worlds, seat, table, king_bit) -> a byte per deal: the seat's advice (0 or 1) on his hand there. */
static PyObject *py_advise_worlds(PyObject *self, PyObject *args) {
    Py_buffer buffer, table;
    int seat, king_bit, pattern;
    if (!PyArg_ParseTuple(args, "y*iy*i", &buffer, &seat, &table, &king_bit)) return NULL;
    PyObject *out = NULL;
    Py_ssize_t n = buffer.len / (Py_ssize_t)sizeof(World);
    if (read_table(&table) == 0 && (out = PyBytes_FromStringAndSize(NULL, n))) {
        char *codes = PyBytes_AS_STRING(out);
        const World *worlds = buffer.buf;
        for (Py_ssize_t i = 0; i < n; i++)
            codes[i] = (char)advise_raw(worlds[i].hand[seat & 1], seat & 1, table.buf, king_bit, &pattern);
    }
    PyBuffer_Release(&buffer);
    PyBuffer_Release(&table);
    return out;
}

/* summary(codes, choices, tricks, points, point_tricks, hand_size) -> per choice (tricks, point, vole, trick,
 * points) summed over the deals; ``tricks`` and ``points``: the viewer's tricks and net points by code. */
static PyObject *py_summary(PyObject *self, PyObject *args) {
    Py_buffer buffer;
    int n_choices, point_tricks, hand_size;
    PyObject *tricks_list, *points_list;
    if (!PyArg_ParseTuple(args, "y*iOOii", &buffer, &n_choices, &tricks_list, &points_list, &point_tricks, &hand_size))
        return NULL;
    Py_ssize_t size = PyList_Size(tricks_list);
    PyObject *out = NULL;
    long *tricks = NULL, *points = NULL;
    if (size < 0 || PyList_Size(points_list) != size) { PyErr_SetString(PyExc_ValueError, "tables"); goto done; }
    tricks = PyMem_Malloc(sizeof(long) * (size_t)(size + 1));
    points = PyMem_Malloc(sizeof(long) * (size_t)(size + 1));
    if (!tricks || !points) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < size; i++) {
        tricks[i] = PyLong_AsLong(PyList_GetItem(tricks_list, i));
        points[i] = PyLong_AsLong(PyList_GetItem(points_list, i));
    }
    if (PyErr_Occurred()) goto done;
    const uint16_t *codes = buffer.buf;
    Py_ssize_t n_worlds = n_choices ? buffer.len / 2 / n_choices : 0;
    out = PyList_New(n_choices);
    for (int c = 0; out && c < n_choices; c++) {
        long long sum = 0, point = 0, vole = 0, any = 0, net = 0;
        for (Py_ssize_t i = 0; i < n_worlds; i++) {
            int code = codes[c * n_worlds + i];
            if (code >= size) { Py_CLEAR(out); PyErr_SetString(PyExc_ValueError, "code"); goto done; }
            long t = tricks[code];
            sum += t; point += t >= point_tricks; vole += t >= hand_size; any += t >= 1; net += points[code];
        }
        PyList_SET_ITEM(out, c, Py_BuildValue("(LLLLL)", sum, point, vole, any, net));
    }
done:
    PyMem_Free(tricks);
    PyMem_Free(points);
    PyBuffer_Release(&buffer);
    return out;
}

/* paired(codes, choices, top, values) -> per choice (sum, sum of squares) of values[top's code] - values[its
 * code] deal by deal: every choice was weighed on the same deals. */
static PyObject *py_paired(PyObject *self, PyObject *args) {
    Py_buffer buffer;
    int n_choices, top;
    PyObject *values_list;
    if (!PyArg_ParseTuple(args, "y*iiO", &buffer, &n_choices, &top, &values_list)) return NULL;
    Py_ssize_t size = PyList_Size(values_list);
    PyObject *out = NULL;
    long *values = NULL;
    if (size < 0 || top < 0 || top >= n_choices) { PyErr_SetString(PyExc_ValueError, "bad"); goto done; }
    values = PyMem_Malloc(sizeof(long) * (size_t)(size + 1));
    if (!values) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < size; i++) values[i] = PyLong_AsLong(PyList_GetItem(values_list, i));
    if (PyErr_Occurred()) goto done;
    const uint16_t *codes = buffer.buf;
    Py_ssize_t n_worlds = buffer.len / 2 / n_choices;
    out = PyList_New(n_choices);
    for (int c = 0; out && c < n_choices; c++) {
        long long sum = 0, squares = 0;
        for (Py_ssize_t i = 0; i < n_worlds; i++) {
            int a = codes[c * n_worlds + i], b = codes[top * n_worlds + i];
            if (a >= size || b >= size) { Py_CLEAR(out); PyErr_SetString(PyExc_ValueError, "code"); goto done; }
            long gap = values[b] - values[a];
            sum += gap; squares += gap * gap;
        }
        PyList_SET_ITEM(out, c, Py_BuildValue("(LL)", sum, squares));
    }
done:
    PyMem_Free(values);
    PyBuffer_Release(&buffer);
    return out;
}

#define EXCHANGE_METHODS \
    {"deal_worlds", py_deal_worlds, METH_VARARGS, "The deals of the unseen cards, replayed to the decision."}, \
    {"tutor_discard", py_tutor_discard, METH_VARARGS, "The tutor's discard (discarding.choose_discard)."}, \
    {"worlds_hands", py_worlds_hands, METH_VARARGS, "The deals as (elder, dealer, stock)."}, \
    {"play_out", py_play_out, METH_VARARGS, "Every choice's program run on every deal: outcome codes."}, \
    {"advise", py_advise, METH_VARARGS, "A hand's advice by the compiled jeux de règle."}, \
    {"advise_worlds", py_advise_worlds, METH_VARARGS, "A seat's advice in each deal by the compiled jeux de règle."}, \
    {"summary", py_summary, METH_VARARGS, "The figures of each choice over the deals."}, \
    {"paired", py_paired, METH_VARARGS, "Paired differences from the best choice."},
