/*
 * ec_ecarte_env.c -- Écarté match environments, one or in batches (ecarte_env.h). C99, no
 * allocation, no global state: every array is the caller's.
 */
#include "ec_rl_batch.h"
#include "ecarte_env.h"

int ec_mt_env_check(const ec_match_config *cfg)
{
    return cfg->hook_mask == 0 && cfg->rules.nplayers == 2 ? EC_OK : EC_EBADRULES;
}

/* After a call: the log emptied once the match waits (nothing in it is read again), and
 * the hands as dealt noted when a new hand was dealt. */
static int settle(ec_mt_env *e, int status)
{
    ec_match *m = &e->m;
    if (status < 0)
        return status;
    if (status != EC_STOP_IDLE)
        return EC_EBADRULES; /* a hook or no room: not the environments' configuration */
    m->nlog = m->input_end = 0;
    m->last_input = UINT32_MAX;
    if (m->hand_number != e->hand || (!e->dealt_known && m->turnup != 255)) {
        e->hand = m->hand_number;
        e->dealt_known = m->turnup != 255;
        e->dealt[0] = e->dealt_known ? m->held[0] : 0;
        e->dealt[1] = e->dealt_known ? m->held[1] : 0;
        e->disc[0] = e->disc[1] = 0;
    }
    return EC_OK;
}

EC_INLINE ec_log log_of(ec_mt_env *e)
{
    ec_log L;
    L.buf = e->buf;
    L.cap = EC_MT_LOG_CAP;
    return L;
}

int ec_mt_env_reset(const ec_match_config *cfg, ec_mt_env *e, uint64_t seed, int auto_chance)
{
    ec_log L = log_of(e);
    if (ec_mt_env_check(cfg) != EC_OK)
        return EC_EBADRULES;
    e->hand = 0;
    e->dealt_known = 0;
    e->dealt[0] = e->dealt[1] = e->disc[0] = e->disc[1] = 0;
    return settle(e, ec_match_start(cfg, &e->m, &L, seed, auto_chance));
}

int ec_mt_env_step(const ec_match_config *cfg, ec_mt_env *e, int id)
{
    ec_log L = log_of(e);
    ec_match *m = &e->m;
    int pos = m->phase == EC_PH_DEALER_DISCARD;
    int discard = m->phase == EC_PH_ELDER_DISCARD || pos;
    uint64_t held = m->held[pos];
    int r = ec_match_apply(cfg, m, &L, id);
    if (r < 0)
        return r; /* nothing changed */
    if (discard) /* what left the hand (the cards drawn are new to it) */
        e->disc[pos] |= held & ~m->held[pos];
    return settle(e, r);
}

int ec_mt_env_chance(const ec_match_config *cfg, ec_mt_env *e, const uint8_t *cards, int n)
{
    ec_log L = log_of(e);
    int r = ec_match_chance(cfg, &e->m, &L, cards, n);
    return r < 0 ? r : settle(e, r);
}

int ec_mt_log_entry_size(const uint8_t *p, uint32_t left, int nplayers)
{
    switch (p[0]) {
    case EC_LOG_CUT:
    case EC_LOG_AUTO_CUT:
        return 3;
    case EC_LOG_DEAL:
    case EC_LOG_AUTO_DEAL:
        return 33;
    case EC_LOG_ANSWER:
        return left < 2 || ec_hook_answer_size(p[1]) < 0 ? -1 : 2 + ec_hook_answer_size(p[1]);
    case EC_LOG_GAME:
    case EC_LOG_HAND:
        return 6;
    case EC_LOG_CUT_AGAIN:
        return 1;
    case EC_LOG_SCORE:
        return 9;
    case EC_LOG_HAND_END:
        return 25;
    case EC_LOG_GAME_END:
        return 8 + 4 * nplayers;
    case EC_LOG_MATCH_END:
        return 2;
    default:
        return p[0] < EC_ID_DISCARD ? 2 : p[0] < EC_NUM_IDS ? 6 : -1;
    }
}

/* card mask of a piquet mask */
static uint64_t cards_of(const uint8_t *p)
{
    uint64_t out = 0;
    for (int s = 0; s < 4; s++)
        out |= (uint64_t)p[s] << (16 * s + 5);
    return out;
}

static int replay(const ec_match_config *cfg, ec_mt_env *e, uint64_t seed, int auto_chance,
                  uint8_t *scratch, uint32_t cap, uint32_t upto)
{
    ec_log L;
    L.buf = scratch;
    L.cap = cap;
    e->m.seed = seed;
    e->m.auto_chance = (uint8_t)(auto_chance != 0);
    return ec_match_replay(cfg, &e->m, &L, upto);
}

int ec_mt_env_from_log(const ec_match_config *cfg, ec_mt_env *e, uint64_t seed, int auto_chance,
                       const uint8_t *log, uint32_t n, uint8_t *scratch, uint32_t cap)
{
    uint32_t hand = UINT32_MAX, first = n, i;
    int r, size;
    if (cfg->rules.nplayers != 2 || cap < n || cap - n < EC_LOG_ROOM)
        return EC_EBADRULES;
    memcpy(scratch, log, n);
    for (i = 0; i < n; i += (uint32_t)size) { /* the last hand dealt */
        size = ec_mt_log_entry_size(log + i, n - i, 2);
        if (size < 0 || (uint32_t)size > n - i)
            return EC_ELOG;
        if (log[i] == EC_LOG_HAND)
            hand = i;
    }
    memset(e, 0, sizeof *e);
    if (hand != UINT32_MAX) {
        for (i = hand; i < n && first == n; i += (uint32_t)ec_mt_log_entry_size(log + i, n - i, 2))
            if (log[i] < EC_NUM_IDS || log[i] == EC_LOG_CUT || log[i] == EC_LOG_DEAL)
                first = i; /* the hand's first decision (the machine waits before it) */
        r = replay(cfg, e, seed, auto_chance, scratch, cap, first);
        if (r < 0)
            return r;
        e->dealt[0] = e->m.held[0];
        e->dealt[1] = e->m.held[1];
        e->dealt_known = e->m.turnup != 255;
        for (i = first; i < n; i += (uint32_t)ec_mt_log_entry_size(log + i, n - i, 2))
            if (log[i] >= EC_ID_DISCARD && log[i] < EC_NUM_IDS)
                e->disc[log[i + 1] == e->m.dealer] |= cards_of(log + i + 2);
        memcpy(scratch, log, n); /* the replay wrote records again */
    }
    r = replay(cfg, e, seed, auto_chance, scratch, cap, n);
    if (r < 0)
        return r;
    e->hand = e->m.hand_number;
    if (e->m.turnup == 255) { /* this hand is not dealt yet: the last one dealt is over */
        e->dealt_known = 0;
        e->dealt[0] = e->dealt[1] = e->disc[0] = e->disc[1] = 0;
    }
    e->m.nlog = e->m.input_end = 0;
    e->m.last_input = UINT32_MAX;
    return EC_OK;
}

void ec_mt_env_returns(const ec_mt_env *e, float out[2])
{
    out[0] = out[1] = 0.0f;
    if (e->m.phase == EC_PH_OVER && e->m.winner >= 0 && e->m.winner < 2) {
        out[e->m.winner] = 1.0f;
        out[1 - e->m.winner] = -1.0f;
    }
}

/* ---- batches: the loop of ec_rl_batch.h on these operations ---- */

static int op_step(void *b, size_t i, int id)
{
    ec_mt_batch *B = b;
    return ec_mt_env_step(B->cfg, &B->envs[i], id);
}

static int op_ended(const void *b, size_t i, float *returns)
{
    const ec_mt_env *e = &((const ec_mt_batch *)b)->envs[i];
    if (e->m.phase != EC_PH_OVER)
        return 0;
    ec_mt_env_returns(e, returns);
    return 1;
}

static int op_start(void *b, size_t i, uint64_t seed)
{
    ec_mt_batch *B = b;
    return ec_mt_env_reset(B->cfg, &B->envs[i], seed, 1);
}

static void op_legal(const void *b, size_t i, uint64_t *words)
{
    const ec_mt_batch *B = b;
    ec_match_legal(B->cfg, &B->envs[i].m, words);
}

static void op_write(const void *b, size_t i, uint8_t *obs, int8_t *to_act)
{
    const ec_mt_batch *B = b;
    const ec_mt_env *e = &B->envs[i];
    if (obs)
        ec_mt_tensor(e, e->m.to_act < 0 ? 0 : e->m.to_act, &B->rl.layout, obs);
    if (to_act)
        *to_act = e->m.to_act;
}

static const ec_rl_ops OPS = {2, EC_NUM_IDS, 2, op_step, op_ended, op_start, op_legal, op_write};

int ec_mt_batch_reset(ec_mt_batch *b, const ec_rl_outputs *out)
{
    return ec_rl_batch_reset(&OPS, b, &b->rl, out);
}

int ec_mt_batch_step(ec_mt_batch *b, const int32_t *actions, const ec_rl_outputs *out,
                     size_t *bad)
{
    return ec_rl_batch_step(&OPS, b, &b->rl, actions, out, bad);
}
