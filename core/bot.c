#include "bot.h"

#include <stdio.h>
#include <string.h>

#include "decompose.h"
#include "efficiency.h"
#include "game_private.h"

int bot_kind(const char *name)
{
    static const char *const names[] = { "random", "greedy", "default" };
    for (int k = 0; k < 3; k++)
        if (!strcmp(name, names[k]))
            return k;
    return -1;
}

void bot_profile_any(struct bot_profile *p)
{
    memset(p, 0, sizeof *p);
    p->family = FAMILY_ANY;
    p->max_chows = -1;
}

/* ---- greedy: shanten only ---- */

/* The melds argument of the hand analysis for the seat's hand with `more` melds more
 * (one less for a five-set hand). */
static int analysis_melds(const struct game *g, const struct hand *h, int more)
{
    return hand_analysis_melds(h->nmelds + more, g->rules.hand_sets);
}

/* Shanten of the seat's concealed tiles after taking out kind k (and adding add,
 * unless add < 0), with the melds it would then have. */
static int shanten_after(const struct hand *h, int take, int add, int nmelds, unsigned forms)
{
    uint8_t c[TILE_KINDS];
    for (int k = 0; k < TILE_KINDS; k++)
        c[k] = h->counts[k];
    if (take >= 0)
        c[take]--;
    if (add >= 0)
        c[add]++;
    return shanten_of(c, nmelds, forms);
}

/* The discard that leaves the lowest shanten (the first such in action order). */
static int best_discard(const struct game *g, const struct hand *h, const struct action *a, int n, int *best)
{
    int pick = -1;
    *best = 99;
    for (int i = 0; i < n; i++) {
        if (a[i].type != ACT_DISCARD)
            continue;
        int s = shanten_after(h, tile_kind(a[i].tile), -1, analysis_melds(g, h, 0), g->rules.forms);
        if (s < *best) {
            *best = s;
            pick = i;
        }
    }
    return pick;
}

/* Takes the tiles of a claim (chow or pung) out of c. Returns false for other actions. */
static bool take_claim(uint8_t c[TILE_KINDS], const struct action *a)
{
    int k = tile_kind(a->tile);
    if (a->type == ACT_PUNG) {
        if (c[k] < 2)
            return false;
        c[k] -= 2;
    } else if (a->type == ACT_CHOW) {
        for (int i = 0; i < 3; i++)
            if (a->chow + i != k) {
                if (!c[a->chow + i])
                    return false;
                c[a->chow + i]--;
            }
    } else {
        return false;
    }
    return true;
}

/* Shanten after claiming the discard for a meld and discarding the best tile. */
static int shanten_after_claim(const struct game *g, const struct hand *h, const struct action *a)
{
    uint8_t c[TILE_KINDS];
    memcpy(c, h->counts, sizeof c);
    if (!take_claim(c, a))
        return 99;
    int best = 99;
    for (int d = 0; d < TILE_KINDS; d++)
        if (c[d]) {
            c[d]--;
            int s = shanten_of(c, analysis_melds(g, h, 1), g->rules.forms);
            c[d]++;
            if (s < best)
                best = s;
        }
    return best;
}

static int greedy_choose(struct game *g, int seat, const struct action *a, int n, struct action *out)
{
    const struct hand *h = &g->st.seats[seat].hand;
    int best;
    int d = best_discard(g, h, a, n, &best);
    /* A declaration made with a discard (riichi, calling) when that discard leaves the
     * hand ready. */
    for (int i = 0; d >= 0 && i < n; i++) {
        int k = tile_kind(a[i].tile);
        if (a[i].type == ACT_EXTRA && k < TILE_KINDS && h->counts[k] &&
            shanten_after(h, k, -1, analysis_melds(g, h, 0), g->rules.forms) == 0) {
            *out = a[i];
            return 0;
        }
    }
    if (d >= 0) {
        *out = a[d];
        return 0;
    }
    /* A claim window: claim when it lowers the shanten, else pass. */
    int now = shanten_of(h->counts, analysis_melds(g, h, 0), g->rules.forms);
    int pick = -1, pick_s = now;
    for (int i = 0; i < n; i++) {
        int s = shanten_after_claim(g, h, &a[i]);
        if (s < pick_s) {
            pick_s = s;
            pick = i;
        }
    }
    if (pick < 0)
        for (int i = 0; i < n; i++)
            if (a[i].type == ACT_PASS)
                pick = i;
    *out = a[pick >= 0 ? pick : 0];
    return 0;
}

/* ---- default: plays for value, defends ----
 *
 * A plan is a way to value the bot steers its tiles toward. Its distance is the
 * plan's shanten plus the tiles the plan cannot use (they must go); its value is what
 * the hand is worth once the plan is complete, in the family's units: Japanese yaku
 * (1 is enough), Hong Kong faan, Classical doubles, MCR points. */

enum plan_type { PLAN_ANY, PLAN_FLUSH, PLAN_SIMPLES, PLAN_PUNGS, PLAN_VOID, PLAN_TARGET, NPLAN_TYPES };

struct plan {
    uint8_t type;     /* enum plan_type */
    uint8_t suit;     /* PLAN_FLUSH: the suit kept; PLAN_VOID: the suit given up */
    uint8_t target;   /* PLAN_TARGET: the profile's target */
};

/* Plans that count their own shanten (not the ordinary one). */
static bool own_shanten(const struct plan *pl)
{
    return pl->type == PLAN_PUNGS || pl->type == PLAN_TARGET;
}

/* What a seat sees and holds when it decides. */
struct view {
    const struct bot_profile *p;
    struct game *g;               /* (its kept facts of tiles are written: shanten_each_kept) */
    unsigned forms;
    int sets;                     /* sets of a complete hand: 4, or 5 (16-tile hands) */
    int seat, round_wind;
    uint8_t counts[TILE_KINDS];   /* concealed */
    int nmelds;
    struct meld melds[MAX_MELDS];
    uint8_t unseen[TILE_KINDS];   /* copies not visible to the seat */
    unsigned threats;             /* bit s: seat s declared, or shows three melds */
    int nthreats;
    int ndeclared;                /* threats that declared (riichi, calling) */
    uint64_t safe[4];             /* per threat: kinds it discarded */
    bool declared;                /* the seat itself made a declaration */
    unsigned allowed;             /* bits of PLANS that meet the profile's hard conditions */
    bool targets_allowed;         /* the same for the profile's targets */
    unsigned fits;                /* bits of PLANS the seat's melds fit (melds_fit) */
    unsigned value_honours;       /* bit k - 27: honour kind k is a value honour */
};

/* Dragons, the seat's wind and the round's. */
static bool value_honour_of(int seat, int round_wind, int k)
{
    return k >= KIND_WHITE || k == KIND_EAST + seat || k == KIND_EAST + round_wind;
}

static bool is_value_honour(const struct view *v, int k)
{
    return value_honour_of(v->seat, v->round_wind, k);
}

/* The melds argument of the hand analysis for nm melds (one less with five sets). */
static int vm(const struct view *v, int nm)
{
    return hand_analysis_melds(nm, v->sets);
}

/* Tallies of concealed counts that the plans' off-plan counts are made of. */
struct tally {
    int suit[5];          /* tiles per suit m p s z (and bonus, never counted) */
    int ends;             /* terminals and honours */
};

static void tally_counts(const uint8_t *c, struct tally *t)
{
    /* a suit's first eight counts (at most 4) summed by one multiplication, and its 9 */
    const uint64_t ones = 0x0101010101010101ull;
    uint64_t m, p, s, z = 0;
    memcpy(&m, c, 8);
    memcpy(&p, c + 9, 8);
    memcpy(&s, c + 18, 8);
    memcpy(&z, c + 27, TILE_KINDS - 27);
    t->suit[SUIT_M] = (int)((m * ones) >> 56) + c[8];
    t->suit[SUIT_P] = (int)((p * ones) >> 56) + c[17];
    t->suit[SUIT_S] = (int)((s * ones) >> 56) + c[26];
    t->suit[SUIT_Z] = (int)((z * ones) >> 56);
    t->suit[SUIT_BONUS] = 0;
    t->ends = c[0] + c[8] + c[9] + c[17] + c[18] + c[26] + t->suit[SUIT_Z];
}

/* Tiles the plan cannot use (from the tally). */
static int off_plan(const struct plan *pl, const struct tally *t)
{
    switch (pl->type) {
    case PLAN_FLUSH:
        return t->suit[0] + t->suit[1] + t->suit[2] - t->suit[pl->suit];
    case PLAN_VOID:
        return t->suit[pl->suit];
    case PLAN_SIMPLES:
        return t->ends;
    default:
        return 0;
    }
}

/* Shanten of an all-pungs hand (up to `chows` chows among the concealed sets). */
/* Kinds held three times or more (*t), twice (*p), and the tiles (*n) of concealed counts
 * (at most 4 each), eight counts at a time. */
static void pung_tally(const uint8_t *c, int *t, int *p, int *n)
{
    const uint64_t ones = 0x0101010101010101ull;
    uint64_t threes = 0, twos = 0, tiles = 0;
    uint64_t w[5] = { 0 };   /* the counts in five words (the last holds two) */
    memcpy(w, c, TILE_KINDS);
    for (int i = 0; i < 5; i++) {
        uint64_t x = w[i];
        uint64_t ge3 = (x + 5 * ones) >> 3 & ones, ge2 = (x + 6 * ones) >> 3 & ones;
        threes += ge3;
        twos += ge2 - ge3;
        tiles += x;
    }
    *t = (int)((threes * ones) >> 56);
    *p = (int)((twos * ones) >> 56);
    *n = (int)((tiles * ones) >> 56);
}

/* Shanten of an all-pungs hand of `sets` sets and a pair from t kinds held three times
 * or more and p held twice. */
static int pung_cost_of(int t, int p, int sets)
{
    int best = 99;
    for (int eye_from_pair = 0; eye_from_pair < 2; eye_from_pair++) {
        int tt = t, pp = p, cost = 0;
        if (eye_from_pair) {
            if (pp > 0)
                pp--;
            else if (tt > sets)
                tt--;
            else
                continue;
        } else {
            cost += 1;   /* the pair from a single */
        }
        int need = sets;
        int use = tt < need ? tt : need;
        need -= use;
        use = pp < need ? pp : need;
        cost += use;
        need -= use;
        cost += 2 * need;
        if (cost < best)
            best = cost;
    }
    return best - 1;
}

static int pung_cost(const uint8_t *c, int sets)
{
    int t, p, n;
    pung_tally(c, &t, &p, &n);
    return pung_cost_of(t, p, sets);
}

static int pung_shanten(uint8_t *c, int nmelds, int chows)
{
    int t, p, tiles;
    pung_tally(c, &t, &p, &tiles);
    int sets = (tiles + 3 * nmelds) / 3 - nmelds;   /* four sets, five with 16-tile hands */
    int best = pung_cost_of(t, p, sets);
    if (chows <= 0 || sets <= 0)
        return best;
    for (int k = 0; k < 27; k++) {
        if (k % 9 > 6)
            continue;
        int have = (c[k] > 0) + (c[k + 1] > 0) + (c[k + 2] > 0);
        if (have < 2)
            continue;
        uint8_t save[3] = { c[k], c[k + 1], c[k + 2] };
        for (int i = 0; i < 3; i++)
            if (c[k + i])
                c[k + i]--;
        int s = pung_cost(c, sets - 1) + (have == 2);
        for (int i = 0; i < 3; i++)
            c[k + i] = save[i];
        if (s < best)
            best = s;
    }
    return best;
}

/* The plan's shanten of concealed counts (13 or 14 - 3 * nmelds tiles). */
static int plan_shanten_with(const struct view *v, const struct plan *pl, uint8_t *c, const struct meld *m,
                             int nmelds)
{
    if (pl->type == PLAN_PUNGS) {
        int chows = 0;
        for (int i = 0; i < nmelds; i++)
            chows += m[i].type == MELD_CHOW;
        int left = v->p->max_chows < 0 ? 0 : v->p->max_chows - chows;
        int s = pung_shanten(c, nmelds, left);
        /* seven pairs is a pung-free way too when the forms allow it */
        if (nmelds == 0 && (v->forms & FORM_SEVEN_PAIRS)) {
            int sp = shanten_seven_pairs(c, 0);
            if (sp < s)
                s = sp;
        }
        return s;
    }
    if (pl->type == PLAN_TARGET)
        return bot_target_shanten(&v->p->targets[pl->target], c, m, nmelds, v->sets, 99);
    return shanten_of(c, vm(v, nmelds), v->forms);
}

/* The same with the seat's own melds. */
static int plan_shanten(const struct view *v, const struct plan *pl, uint8_t *c, int nmelds)
{
    return plan_shanten_with(v, pl, c, v->melds, nmelds);
}

/* The value of the hand once the plan is complete, in the family's units. */
struct worth {   /* what the value of every plan is made of */
    bool open, honours;
    int value_sets, value_pairs, chow_melds;
};

static void worth_of(const struct view *v, const uint8_t *c, const struct meld *m, int nm, struct worth *w)
{
    bool open = false;
    int value_sets = 0, value_pairs = 0, chow_melds = 0;
    bool honours = false;
    for (int i = 0; i < nm; i++) {
        if (m[i].kong != KONG_CONCEALED)
            open = true;
        if (m[i].type == MELD_CHOW)
            chow_melds++;
        else if (kind_is_honour(m[i].kind) && is_value_honour(v, m[i].kind))
            value_sets++;
        honours |= kind_is_honour(m[i].kind);
    }
    for (unsigned b = v->value_honours; b; b &= b - 1) {
        int k = 27 + __builtin_ctz(b);
        if (c[k] >= 3)
            value_sets++;
        else if (c[k] == 2 && v->unseen[k] > 0)
            value_pairs++;
    }
    uint64_t z = 0;
    memcpy(&z, c + 27, TILE_KINDS - 27);
    honours |= z != 0;
    w->open = open, w->honours = honours;
    w->value_sets = value_sets, w->value_pairs = value_pairs, w->chow_melds = chow_melds;
}

/* The value of the hand once a plan of each type is complete (val[plan type]; a
 * target plan adds target_value). */
static void plan_values(const struct view *v, const struct worth *w, int val[NPLAN_TYPES])
{
    bool open = w->open, honours = w->honours;
    int value_sets = w->value_sets, value_pairs = w->value_pairs, chow_melds = w->chow_melds;
    int base = 0, flush = 0, simples = 0, pungs = 0;   /* the hand's, and what each plan adds */
    switch (v->p->family) {
    case FAMILY_JAPANESE:
        base = !open                                          /* riichi */
               + value_sets
               + (open && value_sets == 0 && value_pairs > 0);   /* a pair of value tiles still to pung */
        simples = !open || v->p->open_value;
        flush = (honours ? 2 : 5) + !open;
        pungs = open ? 2 : 0;
        break;
    case FAMILY_HONGKONG:
        base = !open + value_sets + (value_pairs && value_sets == 0);
        flush = honours ? 3 : 6;
        pungs = chow_melds == 0 ? 3 : 0;
        break;
    case FAMILY_CLASSICAL:
        base = value_sets;
        flush = honours ? 1 : 3;
        pungs = chow_melds == 0 ? 1 : 0;
        break;
    case FAMILY_MCR:
        base = 2 * value_sets + (!open ? 2 : 0) + (value_pairs && value_sets == 0 ? 2 : 0);
        flush = honours ? 6 : 24;
        pungs = chow_melds == 0 ? 6 : 0;
        simples = 2;
        break;
    default:
        break;
    }
    val[PLAN_ANY] = base;
    val[PLAN_FLUSH] = base + flush;
    val[PLAN_SIMPLES] = base + simples;
    val[PLAN_PUNGS] = base + pungs;
    val[PLAN_VOID] = base;
    val[PLAN_TARGET] = base;
}

/* What target t adds to the value of its plan. */
static int target_value(const struct view *v, int t)
{
    return v->p->family == FAMILY_MCR ? v->p->targets[t].value : 0;
}

enum { NPLANS = 9, PUNGS_AT = 5 };   /* PLANS[PUNGS_AT]: all pungs */
static const struct plan PLANS[NPLANS] = {
    { PLAN_ANY, 0, 0 }, { PLAN_FLUSH, SUIT_M, 0 }, { PLAN_FLUSH, SUIT_P, 0 }, { PLAN_FLUSH, SUIT_S, 0 },
    { PLAN_SIMPLES, 0, 0 }, { PLAN_PUNGS, 0, 0 }, { PLAN_VOID, SUIT_M, 0 }, { PLAN_VOID, SUIT_P, 0 }, { PLAN_VOID, SUIT_S, 0 },
};

/* The plans (bits of PLANS) that meet the family's hard conditions once complete;
 * *targets: whether the profile's targets do. */
static unsigned plans_allowed(const struct bot_profile *p, bool *targets)
{
    /* PLANS: any 0, flush 1-3, simples 4, pungs PUNGS_AT, missing suit 6-8 */
    unsigned plans = (1u << NPLANS) - 1;
    *targets = !p->cleared && !p->void_suit && !(p->max_chows >= 0 && p->max_chows < 4);
    if (p->cleared)
        plans &= 0x00eu;
    if (p->void_suit)
        plans &= 0x1ceu;
    if (p->max_chows >= 0 && p->max_chows < 4)
        plans &= 1u << PUNGS_AT;
    return plans;
}

/* Plan i: one of PLANS, then the profile's targets. */
/* The kinds (bit k) a plan cannot use: discarding one lowers off_plan by one. */
static uint64_t off_plan_kinds(const struct plan *pl)
{
    const uint64_t suit = 0x1ff, numbers = (1ull << 27) - 1;
    switch (pl->type) {
    case PLAN_FLUSH:
        return numbers & ~(suit << (9 * pl->suit));
    case PLAN_VOID:
        return suit << (9 * pl->suit);
    case PLAN_SIMPLES:   /* terminals, honours (and any kind above) */
        return 0x4060301ull | ~numbers;
    default:
        return 0;
    }
}

static struct plan plan_at(int i)
{
    if (i < NPLANS)
        return PLANS[i];
    return (struct plan){ PLAN_TARGET, 0, (uint8_t)(i - NPLANS) };
}

/* Whether the all-pungs shanten of c is known not to be below its standard shanten:
 * no kind held four times (the all-pungs count is then a way to complete the hand),
 * and seven pairs (which the all-pungs count takes as a way too) a form of the hand
 * (not with five sets). */
static bool pungs_bounded(const struct view *v, const uint8_t c[TILE_KINDS])
{
    return !counts_above(c, 3) && (v->sets == 4 || !(v->forms & FORM_SEVEN_PAIRS));
}

/* The plans (bits of PLANS) whose melds fit them: a flush's melds in its suit or
 * honours, none in a missing suit, no terminal or honour in simples, no more chows
 * than allowed among pungs. */
static unsigned melds_fit(const struct meld *m, int nm, int max_chows)
{
    /* PLANS: any 0, flush 1-3, simples 4, pungs PUNGS_AT, missing suit 6-8 */
    unsigned fit = (1u << NPLANS) - 1;
    int chows = 0;
    for (int i = 0; i < nm; i++) {
        int k = m[i].kind, s = kind_suit(k);
        if (s != SUIT_Z)   /* a flush in another suit */
            fit &= ~(0xeu & ~(s < SUIT_Z ? 2u << s : 0u));
        if (s < SUIT_Z)   /* its own suit missing */
            fit &= ~(0x40u << s);
        if (s == SUIT_Z || kind_is_terminal(k) || (m[i].type == MELD_CHOW && kind_is_terminal(k + 2)))
            fit &= ~0x10u;
        chows += m[i].type == MELD_CHOW;
    }
    if (chows > (max_chows > 0 ? max_chows : 0))
        fit &= ~(1u << PUNGS_AT);
    return fit;
}

/* The nearest plan of enough value for counts c and melds m, with c's tally (t: NULL to
 * count it here), the worth of c and m and the plans m fits (melds_fit); -1 when there
 * is none. std: shanten_of the counts when known, else below -1. *dist: how far the
 * hand is from a win of value by that plan: plan shanten plus the tiles off the plan (99:
 * none). A plan is not counted when it cannot reach the value the family needs, or (all
 * pungs) when it cannot beat the best so far (or equal it with more value). */
static int choose_plan_with(const struct view *v, uint8_t *c, const struct meld *m, int nm, int std,
                            const struct tally *t, const struct worth *w, unsigned fits, int *dist)
{
    int val[NPLAN_TYPES];
    plan_values(v, w, val);
    int need = v->p->need;
    int best = -1, best_d = 99, best_v = -1;
    /* PLANS in order (bit i of the allowed ones that m fits) */
    for (unsigned b = v->allowed & fits; b; b &= b - 1) {
        int i = __builtin_ctz(b);
        const struct plan *pl = &PLANS[i];
        int value = val[pl->type];
        if (value < need)
            continue;
        if (std < -1)
            std = shanten_of(c, vm(v, nm), v->forms);
        int d;
        switch (pl->type) {
        case PLAN_ANY:
            d = 2 * std - 1;
            break;
        case PLAN_FLUSH:   /* a flush or a missing suit costs the tiles it throws away */
        case PLAN_VOID:
            d = 2 * std + 2 * off_plan(pl, t);
            break;
        case PLAN_SIMPLES:   /* simples half as much */
            d = 2 * std + off_plan(pl, t);
            break;
        default: {   /* PLAN_PUNGS */
            /* without four of a kind, the all-pungs count is a way to complete the hand,
             * so never below the standard shanten: a plan that cannot win is not counted */
            bool cannot_beat = 2 * std > best_d || (2 * std == best_d && value <= best_v);
            if (cannot_beat && pungs_bounded(v, c))
                continue;
            d = 2 * plan_shanten_with(v, pl, c, m, nm);
            break;
        }
        }
        if (d < best_d || (d == best_d && d < 99 && value > best_v)) {
            best = i, best_d = d, best_v = value;
            /* a flush, simples or a missing suit is 2 * std or more, never below or
             * equal to any hand's 2 * std - 1: only all pungs is left to weigh */
            if (i == 0)
                b &= 1u << PUNGS_AT | 1u;
        }
    }
    /* then the profile's targets: their melds fit them or their shanten is 99 */
    int ntargets = v->targets_allowed ? v->p->ntargets : 0;
    for (int j = 0; j < ntargets; j++) {
        int value = val[PLAN_TARGET] + target_value(v, j);
        if (value < need)
            continue;
        int s = bot_target_shanten(&v->p->targets[j], c, m, nm, v->sets, best_d / 2 + 1);
        int d = s >= 99 ? 99 : 2 * s;
        if (d < best_d || (d == best_d && d < 99 && value > best_v)) {
            best = NPLANS + j, best_d = d, best_v = value;
        }
    }
    *dist = best_d;
    return best;
}

static int choose_plan(const struct view *v, uint8_t *c, const struct meld *m, int nm, int std,
                       const struct tally *t, int *dist)
{
    struct tally own;
    if (!t) {
        tally_counts(c, &own);
        t = &own;
    }
    struct worth w;
    worth_of(v, c, m, nm, &w);
    return choose_plan_with(v, c, m, nm, std, t, &w, m == v->melds && nm == v->nmelds ? v->fits : melds_fit(m, nm, v->p->max_chows), dist);
}

static void build_view(struct game *g, int seat, const struct bot_profile *p, struct view *v)
{
    const struct game_state *st = &g->st;
    const struct hand *h = &g->st.seats[seat].hand;
    v->p = p;
    v->g = g;
    v->forms = g->rules.forms;
    v->sets = g->rules.hand_sets;
    v->seat = seat;
    v->round_wind = st->round;
    memcpy(v->counts, h->counts, sizeof v->counts);
    v->nmelds = h->nmelds;
    memcpy(v->melds, h->melds, sizeof v->melds);
    v->allowed = plans_allowed(p, &v->targets_allowed);
    v->fits = v->nmelds ? melds_fit(v->melds, v->nmelds, p->max_chows) : (1u << NPLANS) - 1;   /* no meld: all */
    /* as is_value_honour: the dragons (bits 4-6), the seat's wind and the round's */
    v->value_honours = 0x70u | 1u << seat | (v->round_wind < 7 ? 1u << v->round_wind : 0);
    efficiency_unseen_shown(h->counts, st->shown, v->unseen);   /* efficiency_unseen_game */
    v->declared = st->seats[seat].declared != 0;
    v->nthreats = v->ndeclared = 0;
    v->threats = 0;
    for (int s = 0; s < 4; s++) {
        const struct seat_state *ss = &st->seats[s];
        bool declared = ss->declared != 0;
        v->safe[s] = ss->discarded;
        if (s != seat && (declared || ss->hand.nmelds >= 3)) {
            v->threats |= 1u << s;
            v->nthreats++;
            v->ndeclared += declared;
        }
    }
}

/* The unseen copies of all kinds (at most 4 a kind: the five words' bytes add up without
 * a carry, and their sum in one multiplication). */
static int unseen_total(const struct view *v)
{
    uint64_t w0, w1, w2, w3, w4 = 0;
    memcpy(&w0, v->unseen, 8);
    memcpy(&w1, v->unseen + 8, 8);
    memcpy(&w2, v->unseen + 16, 8);
    memcpy(&w3, v->unseen + 24, 8);
    memcpy(&w4, v->unseen + 32, TILE_KINDS - 32);
    return (int)(((w0 + w1 + w2 + w3 + w4) * 0x0101010101010101ull) >> 56);
}

/* How dangerous discarding a kind is against the threats (0 safe .. 9), kept as the kinds
 * (bit k) of danger 1 or more, 3, 6, 7, 8 and 9 or more (ge[0..5]) against some threat
 * (danger_masks adds the threats' to ge).
 * Against one threat: 0 for a kind it discarded; an honour 1 with at most one copy
 * unseen, 3 with two, else 6; a suit tile 3 when suji (for ranks 1-3 and 7-9 one side
 * out, for 4-6 both sides: a tile three ranks away discarded), 6 when one side of a
 * middle tile is out, else 7 for a terminal, 8 for a 2 or 8, 9 for 3-7. */
struct danger {
    uint64_t ge[6];
};

static void danger_masks(const struct view *v, struct danger *dg)
{
    /* suit kinds by rank: ranks 4-9, 1-6, 1-3 and 7-9, 1 and 9, 2 and 8, 3-7 */
    const uint64_t suits = (1ull << 27) - 1, per = 0x40201ull;   /* bit 0 of each suit */
    const uint64_t from4 = 0x1f8 * per, to6 = 0x3f * per, edge = 0x1c7 * per, two8 = 0x82 * per, mid = 0x7c * per;
    /* the honours with 2, and with 3 or more unseen: their counts (at most 4) a byte each,
     * 5 or 6 added sets the byte's bit 3 from 3 or 2; the bytes' bits gathered by one
     * multiplication */
    const uint64_t ones = 0x0101010101010101ull, gather = 0x0102040810204080ull;
    uint64_t u = 0;
    memcpy(&u, v->unseen + 27, TILE_KINDS - 27);
    uint64_t ge3 = (u + 5 * ones) >> 3 & ones, ge2 = (u + 6 * ones) >> 3 & ones;
    uint64_t honours = 0x7full << 27, many = (ge3 * gather) >> 56 << 27, two = ((ge2 & ~ge3) * gather) >> 56 << 27;
    for (unsigned t = v->threats; t; t &= t - 1) {
        uint64_t safe = v->safe[__builtin_ctz(t)];
        uint64_t open = ~safe & (suits | honours);
        uint64_t lo = safe << 3 & from4, hi = safe >> 3 & to6;   /* a tile three below, above out */
        uint64_t suji = (edge & (lo | hi)) | (~edge & lo & hi);
        uint64_t none = suits & ~(lo | hi);
        dg->ge[0] |= open;
        dg->ge[1] |= open & (suits | two | many);
        dg->ge[2] |= open & ((suits & ~suji) | many);
        dg->ge[3] |= open & none;
        dg->ge[4] |= open & none & (two8 | mid);
        dg->ge[5] |= open & none & mid;
    }
}

static int danger(const struct danger *dg, int k)
{
    return (int)(dg->ge[0] >> k & 1) + 2 * (int)(dg->ge[1] >> k & 1) + 3 * (int)(dg->ge[2] >> k & 1) +
           (int)(dg->ge[3] >> k & 1) + (int)(dg->ge[4] >> k & 1) + (int)(dg->ge[5] >> k & 1);
}

/* The kinds that lower the ordinary shanten of c (13 - 3n tiles, shanten now): when
 * ready its waits (a kind held four times in the concealed tiles is none, as in the
 * tile efficiency), else the core's tile efficiency. A function of c, nmelds and forms
 * alone, so remembered for hands seen again (a seat that keeps its hand asks again on
 * its next turn), per thread. */
struct accept_memo {
    uint8_t counts[TILE_KINDS];
    int8_t nmelds;
    bool used;
    unsigned forms;
    uint64_t kinds;
};
enum { ACCEPT_MEMO = 256 };
static _Thread_local struct accept_memo accept_memo[ACCEPT_MEMO];

static uint64_t accepted_kinds(const uint8_t *c, int nmelds, unsigned forms, int now)
{
    uint64_t x[5] = { 0 }, h = forms * 0x9e3779b97f4a7c15ull ^ (uint64_t)(nmelds + 2);
    memcpy(x, c, TILE_KINDS);
    for (int i = 0; i < 5; i++)
        h = (h ^ x[i]) * 0xff51afd7ed558ccdull;
    struct accept_memo *m = &accept_memo[(h >> 40) % ACCEPT_MEMO];
    if (m->used && m->nmelds == nmelds && m->forms == forms && !memcmp(m->counts, c, TILE_KINDS))
        return m->kinds;
    uint64_t kinds = 0;
    if (now == 0) {
        bool w[TILE_KINDS];
        if (waits(c, nmelds, c, forms, w) > 0)
            for (int k = 0; k < TILE_KINDS; k++)
                kinds |= (uint64_t)w[k] << k;
    } else {
        kinds = efficiency_accepted(c, nmelds, forms);
    }
    memcpy(m->counts, c, TILE_KINDS);
    m->nmelds = (int8_t)nmelds;
    m->forms = forms;
    m->kinds = kinds;
    m->used = true;
    return kinds;
}

/* Unseen copies of the kinds that lower the plan's shanten of c (13 - 3n tiles): for
 * the plans that count the ordinary shanten, the core's tile efficiency (the same
 * code as jong analyze's discards). */
static int acceptance(const struct view *v, const struct plan *pl, uint8_t *c, int nm, int now)
{
    if (!own_shanten(pl)) {
        int total = 0;
        for (uint64_t rest = accepted_kinds(c, vm(v, nm), v->forms, now); rest; rest &= rest - 1)
            total += v->unseen[__builtin_ctzll(rest)];
        return total;
    }
    int total = 0;
    for (int k = 0; k < TILE_KINDS; k++) {
        if (!v->unseen[k] || c[k] >= 4)
            continue;
        c[k]++;
        if (plan_shanten(v, pl, c, nm) < now)
            total += v->unseen[k];
        c[k]--;
    }
    return total;
}

/* The suit kinds of a kinds mask laid out with two empty bits between suits: kind k
 * (below 27) at bit k + 2 + 2 * (k / 9), so that its neighbours within two ranks are the
 * two bits on each side, and none of another suit. */
static uint64_t spread_suits(uint64_t kinds)
{
    return (kinds & 0x1ff) << 2 | (kinds >> 9 & 0x1ff) << 13 | (kinds >> 18 & 0x1ff) << 24;
}

/* How well kind k connects with the rest of c (for far hands instead of acceptance):
 * copies held, neighbours within two in its suit. spread: the kinds held, by
 * spread_suits. */
static int connection(const struct view *v, const uint8_t *c, uint64_t spread, int k)
{
    /* the five bits around a suit kind (two below, itself, two above): one rank away 3,
     * two ranks 2 */
    static const uint8_t near[32] = {
        0, 2, 3, 5, 0, 2, 3, 5, 3, 5, 6, 8, 3, 5, 6, 8, 2, 4, 5, 7, 2, 4, 5, 7, 5, 7, 8, 10, 5, 7, 8, 10,
    };
    /* by suit kind: the shift that brings its five bits of spread down (k + 2 * (k / 9)),
     * and 32 for ranks 2-8 */
    static const uint8_t at[27] = {
        0, 33, 34, 35, 36, 37, 38, 39, 8, 11, 44, 45, 46, 47, 48, 49, 50, 19, 22, 55, 56, 57, 58, 59, 60, 61, 30,
    };
    int score = 3 * (c[k] - 1);
    if (k < 27) {
        score += near[spread >> (at[k] & 31) & 31];
        score += at[k] >> 5;   /* a middle tile makes more shapes */
    } else if (c[k] >= 2 && is_value_honour(v, k)) {
        score += 2;
    }
    return score;
}

/* For a ready hand (counts c, melds m): the unseen copies of its waits that win by the
 * ruleset's own test, self-drawn or on a discard (only on a discard without self_too);
 * with `first`, 1 as soon as one does. Without such a test every wait wins. The count
 * matters to the caller only above `beat`: once the waits not yet asked cannot lift it
 * above, the ruleset is not asked again (the count returned is then not above beat). */
static int winning_waits_by(const struct view *v, const uint8_t *c, const struct meld *m, int nm, bool first,
                            bool self_too, int beat)
{
    bool w[TILE_KINDS];
    if (waits(c, vm(v, nm), NULL, v->forms, w) == 0)
        return 0;
    int left = 0;   /* the unseen copies of the waits not yet asked */
    for (int k = 0; k < TILE_KINDS; k++)
        left += w[k] ? v->unseen[k] : 0;
    struct hand h;
    memset(&h, 0, sizeof h);
    memcpy(h.counts, c, sizeof h.counts);
    h.nmelds = (uint8_t)nm;
    memcpy(h.melds, m, sizeof h.melds);
    int total = 0;
    for (int k = 0; k < TILE_KINDS && total + left > beat; k++) {
        if (!w[k] || !v->unseen[k])
            continue;
        left -= v->unseen[k];
        h.counts[k]++;
        bool ok = !v->p->wins || (self_too && v->p->wins(v->p->wins_ctx, v->g, v->seat, &h, k, true)) ||
                  v->p->wins(v->p->wins_ctx, v->g, v->seat, &h, k, false);
        h.counts[k]--;
        if (ok && first)
            return 1;
        total += ok ? v->unseen[k] : 0;
    }
    return total;
}

static int winning_waits(const struct view *v, const uint8_t *c, const struct meld *m, int nm, bool first,
                         int beat)
{
    return winning_waits_by(v, c, m, nm, first, true, beat);
}

/* For a ready hand after a call (counts c, melds m): does some wait win by the
 * ruleset's own test? True when the profile has no such test. */
static bool ready_hand_wins(const struct view *v, const uint8_t *c, const struct meld *m, int nm)
{
    if (!v->p->wins)
        return true;
    /* a Japanese hand with a value honour pung melded has its yaku whatever completes it */
    for (int i = 0; v->p->family == FAMILY_JAPANESE && i < nm; i++)
        if (m[i].type != MELD_CHOW && kind_is_honour(m[i].kind) && is_value_honour(v, m[i].kind))
            return true;
    return winning_waits(v, c, m, nm, true, 0) > 0;
}

/* The shanten of a seat's concealed tiles between its turns, remembered per seat and
 * thread: a function of the counts, melds argument and forms alone, known when it
 * discards and asked in every claim window until its next turn. */
struct held_memo {
    uint8_t counts[TILE_KINDS];
    int8_t nmelds, shanten;
    bool used;
    unsigned forms;
};
static _Thread_local struct held_memo held_memo[4];

static void held_remember(int seat, const uint8_t *c, int nmelds, unsigned forms, int shanten)
{
    struct held_memo *m = &held_memo[seat & 3];
    memcpy(m->counts, c, TILE_KINDS);
    m->nmelds = (int8_t)nmelds;
    m->forms = forms;
    m->shanten = (int8_t)shanten;
    m->used = true;
}

/* shanten_of(c, nmelds, forms), c the seat's concealed tiles */
static int held_shanten(int seat, const uint8_t *c, int nmelds, unsigned forms)
{
    struct held_memo *m = &held_memo[seat & 3];
    if (m->used && m->nmelds == nmelds && m->forms == forms && !memcmp(m->counts, c, TILE_KINDS))
        return m->shanten;
    int s = shanten_of(c, nmelds, forms);
    held_remember(seat, c, nmelds, forms, s);
    return s;
}

/* The turn: which discard, and with it any declaration; kongs. */
static int default_turn(struct game *g, const struct view *v, const struct action *a, int n,
                        struct action *out)
{
    uint8_t c[TILE_KINDS];
    memcpy(c, v->counts, sizeof c);
    int dist;
    /* a tile the rules let it set aside (sanma's kita) goes aside: a dora and a new tile */
    const struct set_aside *sa = &g->rules.set_aside;
    for (int i = 0; sa->on && i < n; i++)
        if (a[i].type == ACT_EXTRA && a[i].extra == sa->extra) {
            *out = a[i];
            return 0;
        }
    /* the shanten after each discard, for plans that count the ordinary one; a hand of
     * 3n + 2 tiles has the shanten of its best discard unless complete */
    int std;
    const int8_t *after = shanten_each_kept(g, v->seat, c, vm(v, v->nmelds), v->forms, &std);
    struct tally base;
    tally_counts(c, &base);
    if ((base.suit[0] + base.suit[1] + base.suit[2] + base.suit[SUIT_Z]) % 3 != 2)
        std = -99;   /* not known */
    else if (std <= 0)   /* ready after its best discard: complete (-1) or ready (0) */
        std = complete_any(c, vm(v, v->nmelds), v->forms) ? -1 : 0;
    int pi = choose_plan(v, c, v->melds, v->nmelds, std, &base, &dist);
    struct plan pl = plan_at(pi >= 0 ? pi : 0);
    int base_off = off_plan(&pl, &base);
    uint64_t off_kinds = off_plan_kinds(&pl);
    uint64_t held = spread_suits(counts_above(c, 0));   /* for connection */
    /* candidates: each kind once, in the order listed: its shanten and its cost (the
     * tiles off the plan it leaves) */
    uint8_t kind[TILE_KINDS];
    int8_t sh[TILE_KINDS], cost[TILE_KINDS];
    int first[TILE_KINDS];   /* its first discard action */
    int nch = 0, best_sh = 99;
    uint64_t seen = 0;
    bool kongs = false, extras = false, own = own_shanten(&pl);
    for (int i = 0; i < n; i++) {
        int type = a[i].type;
        if (type != ACT_DISCARD) {
            kongs |= type == ACT_KONG_CONCEALED || type == ACT_KONG_PROMOTED;
            extras |= type == ACT_EXTRA;
            continue;
        }
        int k = tile_kind(a[i].tile);
        uint64_t bit = 1ull << k;
        if (seen & bit)
            continue;
        seen |= bit;
        first[nch] = i;
        kind[nch] = (uint8_t)k;
        cost[nch] = (int8_t)(base_off - (int)(off_kinds >> k & 1));
        int s = after[k];
        if (own) {
            c[k]--;
            s = plan_shanten(v, &pl, c, v->nmelds);
            c[k]++;
        }
        sh[nch++] = (int8_t)s;
        best_sh = s < best_sh ? s : best_sh;
    }
    if (!nch)
        return -1;
    struct danger dg = { { 0 } };
    if (v->nthreats)
        danger_masks(v, &dg);
    /* fold against a threat when far from ready */
    /* Japanese: the discarder alone pays a win on a discard, so near ready a dangerous
     * tile is worth a step back; elsewhere (where every seat pays a share) only a hand
     * three steps from ready gives up, against a declared seat */
    bool careful = v->p->family == FAMILY_JAPANESE;
    int folds_for = careful ? v->nthreats : v->ndeclared;
    /* three players: one step from ready gives up against a declared seat too */
    bool wary = v->p->three_player && v->ndeclared;
    bool fold = folds_for && (careful ? best_sh >= 2 || (best_sh == 1 && (folds_for >= 2 || pi < 0 || wary))
                                      : best_sh >= 3);
    int pick = -1;
    long best_score = 0;
    if (fold) {   /* the danger first */
        for (int i = 0; i < nch; i++) {
            long score = (long)danger(&dg, kind[i]) * 10000 + sh[i] * 100 + cost[i];
            if (pick < 0 || score < best_score) {
                pick = i;
                best_score = score;
            }
        }
    } else {
        /* (2 * shanten + w * cost) * 50000 + cost * 20000, plus the danger, less 100 a tile
         * of acceptance (below) */
        int w = pl.type == PLAN_FLUSH || pl.type == PLAN_VOID ? 2 : pl.type == PLAN_SIMPLES ? 1 : 0;
        long danger_weight = !careful ? (best_sh == 0 ? 50 : 400) : best_sh == 0 ? 8000 : 30000;
        long cost_weight = 50000L * w + 20000;
        long score[TILE_KINDS], least = 0;
        for (int i = 0; i < nch; i++) {
            int k = kind[i];
            score[i] = sh[i] * 100000L + cost[i] * cost_weight;
            if (v->nthreats)
                score[i] += (long)danger(&dg, k) * danger_weight;
            /* keep a pair of value tiles and the tiles of the plan's suit a little longer */
            if (k >= 27) {
                if (!is_value_honour(v, k))
                    score[i] -= 10;
                if (v->counts[k] == 1 && v->unseen[k] <= 1)
                    score[i] -= 20;
            }
            least = i == 0 || score[i] < least ? score[i] : least;
        }
        /* the acceptance: near ready, of the two loosest discards of the lowest shanten and
         * the lowest cost; far from ready, of those of the lowest shanten, how loose the
         * tile is */
        if (best_sh <= 1) {
            int least_cost = 99;
            for (int i = 0; i < nch; i++)
                if (sh[i] == best_sh && cost[i] < least_cost)
                    least_cost = cost[i];
            int conn[TILE_KINDS], order[TILE_KINDS], m = 0;
            for (int i = 0; i < nch; i++)
                if (sh[i] == best_sh && cost[i] == least_cost) {
                    conn[i] = connection(v, c, held, kind[i]);
                    int j = m++;
                    while (j > 0 && conn[order[j - 1]] > conn[i]) {
                        order[j] = order[j - 1];
                        j--;
                    }
                    order[j] = i;
                }
            /* a discard is not chosen whatever its acceptance (at most every tile unseen)
             * when its score less that is above the least score without any: not counted */
            int unseen = m > 1 ? unseen_total(v) : 0;
            for (int j = 0; j < 2 && m > 1; j++) {   /* one candidate: nothing to weigh */
                int i = order[j];
                if (score[i] - unseen * 100L > least)
                    continue;
                c[kind[i]]--;
                score[i] -= acceptance(v, &pl, c, v->nmelds, sh[i]) * 100L;
                c[kind[i]]++;
            }
        } else {
            for (int i = 0; i < nch; i++)
                if (sh[i] == best_sh) {
                    int loose = 40 - 4 * connection(v, c, held, kind[i]);
                    score[i] -= (loose > 0 ? loose : 0) * 100L;
                }
        }
        for (int i = 0; i < nch; i++)
            if (pick < 0 || score[i] < best_score) {
                pick = i;
                best_score = score[i];
            }
    }
    /* with targets: a discard that leaves the hand ready with waits that win comes first:
     * the one chosen if it does, else the one with the most such tiles unseen */
    bool chosen_wins = false;
    int chosen = pick;   /* asked already when ready: none of its waits wins */
    if (v->p->ntargets && !fold && after[kind[pick]] == 0) {
        c[kind[pick]]--;
        chosen_wins = winning_waits(v, c, v->melds, v->nmelds, true, 0) > 0;
        c[kind[pick]]++;
    }
    if (v->p->ntargets && !fold && !chosen_wins) {
        int most = 0;
        for (int i = 0; i < nch; i++) {
            if (after[kind[i]] != 0 || i == chosen)
                continue;
            c[kind[i]]--;
            int won = winning_waits(v, c, v->melds, v->nmelds, false, most);   /* (only above most counts) */
            c[kind[i]]++;
            if (won > most) {
                most = won;
                pick = i;
            }
        }
    }
    int kp = pick;   /* the candidate discarded */
    /* after a declaration, the drawn tile goes when it keeps the hand as good */
    const struct game_state *st = &g->st;
    if (v->declared && st->has_drawn && tile_kind(st->drawn) < TILE_KINDS) {
        int dk = tile_kind(st->drawn);
        for (int i = 0; i < nch; i++)
            if (kind[i] == dk && sh[i] <= sh[pick])
                kp = i;
    }
    int k = kind[kp];
    /* a concealed or promoted kong that does not set the hand back, with no threat */
    for (int i = 0; i < n && kongs && !fold; i++) {
        if (a[i].type != ACT_KONG_CONCEALED && a[i].type != ACT_KONG_PROMOTED)
            continue;
        int kk = tile_kind(a[i].tile);
        if (a[i].type == ACT_KONG_PROMOTED && v->nthreats)
            continue;
        uint8_t d[TILE_KINDS];
        memcpy(d, v->counts, sizeof d);
        int nm = v->nmelds;
        if (a[i].type == ACT_KONG_CONCEALED) {
            if (d[kk] < 4)
                continue;
            d[kk] -= 4;
            nm++;
        } else {
            d[kk]--;
        }
        if (plan_shanten(v, &pl, d, nm) <= sh[pick]) {
            *out = a[i];
            return 0;
        }
    }
    /* the discard action: a plain tile before a red five; a declaration when ready */
    int plain = -1, extra = -1;
    for (int i = first[kp]; i < n && plain < 0; i++)
        if (a[i].type == ACT_DISCARD && tile_kind(a[i].tile) == k && !tile_is_red(a[i].tile))
            plain = i;
    for (int i = 0; extras && !fold && i < n; i++)
        if (a[i].type == ACT_EXTRA && tile_kind(a[i].tile) == k) {
            extra = i;
            break;
        }
    int shanten_left = sh[kp];
    /* three players: a hand of value of its own (a flush, a value honour pung, two red
     * fives or tiles set aside) that already wins on a discard stays undeclared (dama); a
     * cheap one declares for value */
    bool dama = false;
    if (extra >= 0 && shanten_left == 0 && !v->declared && v->p->three_player) {
        c[k]--;
        struct worth w;
        worth_of(v, c, v->melds, v->nmelds, &w);
        const struct hand *h = &g->st.seats[v->seat].hand;
        int extras = h->reds[0] + h->reds[1] + h->reds[2] + st->seats[v->seat].naside;
        if (pl.type == PLAN_FLUSH || w.value_sets > 0 || extras >= 2)
            dama = winning_waits_by(v, c, v->melds, v->nmelds, true, false, 0) > 0;
        c[k]++;
    }
    /* the hand it keeps: asked again in the claim windows until its next turn */
    c[k]--;
    held_remember(v->seat, c, vm(v, v->nmelds), v->forms, after[k]);
    /* and the engine's far hand of the seat: a hand kept two or more tiles from complete
     * in the core's forms (after[k] is its shanten_of, the engine's own fact) */
    if (after[k] >= 1 && after[k] < SHANTEN_NONE)
        far_note(g, v->seat, c, v->nmelds, after[k]);
    c[k]++;
    if (extra >= 0 && shanten_left == 0 && !v->declared && !dama) {
        /* declare with the same physical tile as the discard chosen */
        for (int i = 0; i < n; i++)
            if (a[i].type == ACT_EXTRA && tile_kind(a[i].tile) == k &&
                tile_is_red(a[i].tile) == (plain < 0)) {
                extra = i;
                break;
            }
        *out = a[extra];
        return 0;
    }
    *out = a[plain >= 0 ? plain : first[kp]];   /* else a red five */
    return 0;
}

/* No discard of a hand of 14 - 3n tiles (tally t, worth w, fitting the plans fits, its
 * shanten sh: its best discard's) has a plan of choose_plan_with nearer than this: any
 * hand twice the shanten less one when it has the value (a discard takes value away,
 * never adds it), a flush, simples or a missing suit twice the shanten and their tiles
 * off the plan but the one discarded, all pungs twice the shanten (when pungs_bounded;
 * targets not counted). 99: no plan. */
static int plan_floor(const struct view *v, const struct tally *t, const struct worth *w, unsigned fits, int sh)
{
    int val[NPLAN_TYPES];
    plan_values(v, w, val);
    int floor = 99;
    for (unsigned b = v->allowed & fits; b; b &= b - 1) {
        const struct plan *pl = &PLANS[__builtin_ctz(b)];
        int off = off_plan(pl, t) - 1, d;
        off = off > 0 ? off : 0;
        switch (pl->type) {
        case PLAN_ANY:
            if (val[PLAN_ANY] < v->p->need)
                continue;
            d = 2 * sh - 1;
            break;
        case PLAN_FLUSH:
        case PLAN_VOID:
            d = 2 * sh + 2 * off;
            break;
        case PLAN_SIMPLES:
            d = 2 * sh + off;
            break;
        default:
            d = 2 * sh;
            break;
        }
        floor = d < floor ? d : floor;
    }
    return floor;
}

/* A claim window: claim when the hand gets nearer to a win of value. */
static int default_claim(const struct view *v, const struct action *a, int n, int now, int first, int first_sh,
                         struct action *out)
{
    int pass = -1;
    for (int i = 0; i < n; i++)
        if (a[i].type == ACT_PASS)
            pass = i;
    uint8_t c[TILE_KINDS];
    memcpy(c, v->counts, sizeof c);
    int now_d = -1;   /* the plan distance now, found when a call is worth weighing */
    int now_sh = now >= -1 ? now : held_shanten(v->seat, c, vm(v, v->nmelds), v->forms);
    bool closed = true;
    for (int i = 0; i < v->nmelds; i++)
        closed &= v->melds[i].kong == KONG_CONCEALED;
    int pick = -1, pick_d = 99;
    if (!v->declared && v->nmelds < MAX_MELDS) {
        for (int i = 0; i < n; i++) {
            if (a[i].type != ACT_PUNG && a[i].type != ACT_CHOW)
                continue;
            memcpy(c, v->counts, sizeof c);
            if (!take_claim(c, &a[i]))
                continue;
            struct meld m[MAX_MELDS];
            memcpy(m, v->melds, sizeof m);
            struct meld *nw = &m[v->nmelds];
            nw->type = a[i].type == ACT_CHOW ? MELD_CHOW : MELD_PUNG;
            nw->kong = KONG_NONE;
            nw->kind = a[i].type == ACT_CHOW ? a[i].chow : (uint8_t)tile_kind(a[i].tile);
            nw->from = v->g->st.discarder;
            nw->reds = 0;
            int k = tile_kind(a[i].tile);
            bool value_pung = nw->type == MELD_PUNG && kind_is_honour(k) && is_value_honour(v, k);
            /* a closed Japanese hand near ready keeps riichi unless the call has value itself */
            if (v->p->family == FAMILY_JAPANESE && closed && now_sh <= 1 && !value_pung)
                continue;
            /* the best plan after the call and its discard, among the discards that
             * lower the shanten (a hand of 14 - 3n tiles has the shanten of its best
             * discard: one call tells whether any discard does) */
            int best_d = 99, best_sh = 99, best_k = -1;
            /* (claim_worth_weighing found the first such call) */
            int sh = -2;   /* the shanten after the call (-2: not counted) */
            if (v->p->max_chows < 0) {
                if (i < first)
                    continue;
                sh = i == first ? first_sh : shanten_of(c, vm(v, v->nmelds + 1), v->forms);
                if (sh > now_sh)
                    continue;
            }
            /* against a threat, call only into a ready hand (as below: no discard leaves
             * a lower shanten than the hand's after the call) */
            if (v->nthreats && sh > 0)
                continue;
            if (now_d < 0) {
                uint8_t h[TILE_KINDS];
                memcpy(h, v->counts, sizeof h);
                choose_plan(v, h, v->melds, v->nmelds, now_sh, NULL, &now_d);
                if (pick < 0)
                    pick_d = now_d;
            }
            /* no plan after it is nearer than twice that shanten less one (as below):
             * a call that cannot get nearer than now is not weighed (but a value pung) */
            bool bounded = pungs_bounded(v, c);
            bool floored = sh > -2 && !value_pung && !(v->targets_allowed && v->p->ntargets) && bounded;
            if (floored && 2 * sh - 1 >= now_d)
                continue;
            /* what the plans are made of, for c; each discard takes its tile off */
            struct tally base;
            tally_counts(c, &base);
            struct worth base_worth;
            worth_of(v, c, m, v->nmelds + 1, &base_worth);
            unsigned fits = melds_fit(m, v->nmelds + 1, v->p->max_chows);
            /* nor nearer than plan_floor */
            if (floored && plan_floor(v, &base, &base_worth, fits, sh) >= now_d)
                continue;
            int lowest;   /* (kept: the turn after the call asks again) */
            const int8_t *after = shanten_each_kept(v->g, v->seat, c, vm(v, v->nmelds + 1), v->forms, &lowest);
            /* no plan is nearer than twice the shanten less one (any hand; all pungs
             * when pungs_bounded): a discard that cannot beat the best found is not
             * weighed */
            /* the discards by shanten, then kind: the nearest plan is found first, and
             * the first discard in kind order of the nearest wins */
            int order[TILE_KINDS], nd = 0;
            for (int d = 0; d < TILE_KINDS; d++) {
                if (!c[d])
                    continue;
                int j = nd++;
                while (j > 0 && after[order[j - 1]] > after[d]) {
                    order[j] = order[j - 1];
                    j--;
                }
                order[j] = d;
            }
            for (int o = 0; o < nd; o++) {
                int d = order[o];
                if (bounded && (2 * after[d] - 1 > best_d || (2 * after[d] - 1 == best_d && d > best_k)))
                    continue;
                c[d]--;
                int sh = after[d], dd;
                struct tally t = base;
                t.suit[kind_suit(d)]--;
                t.ends -= d >= 27 || kind_is_terminal(d);
                struct worth w = base_worth;
                if (d >= 27)   /* honours count in the worth */
                    worth_of(v, c, m, v->nmelds + 1, &w);
                if ((sh <= now_sh || v->p->max_chows >= 0) &&
                    choose_plan_with(v, c, m, v->nmelds + 1, sh, &t, &w, fits, &dd) >= 0 &&
                    (dd < best_d || (dd == best_d && d < best_k))) {
                    best_d = dd;
                    best_sh = sh;
                    best_k = d;
                }
                c[d]++;
            }
            /* nearer to a win of value: lower shanten, or as low with fewer tiles off
             * the plan; a pung of value honours as long as it keeps the shanten */
            if (best_d >= 99 || best_sh > now_sh || (best_d >= now_d && !value_pung))
                continue;
            /* against a threat, call only into a ready hand */
            if (v->nthreats && best_sh > 0)
                continue;
            /* the nearest call so far (a pung of value honours at once) */
            if (!(best_d < pick_d || (pick < 0 && best_d <= pick_d) || value_pung))
                continue;
            /* into a ready hand only when one of its waits wins by the ruleset's own test */
            if (best_sh == 0 && best_k >= 0) {
                c[best_k]--;
                bool ok = ready_hand_wins(v, c, m, v->nmelds + 1);
                c[best_k]++;
                if (!ok)
                    continue;
            }
            pick = i;
            pick_d = best_d;
            if (value_pung)
                break;
        }
    }
    if (pick < 0)
        pick = pass;
    if (pick < 0)
        return -1;
    *out = a[pick];
    return 0;
}

/* Whether some chow or pung keeps the shanten with its best discard (a hand of
 * 14 - 3n tiles has the shanten of its best discard) and is not one default_claim
 * leaves at once (a closed Japanese hand near ready keeps riichi): most claim windows
 * end here. *now: the shanten of the hand (-2: not counted); *first: the first such
 * action (-1: not looked for), *first_sh: the shanten after it. */
static bool claim_worth_weighing(struct game *g, int seat, const struct bot_profile *p, const struct action *a,
                                 int n, int *now, int *first, int *first_sh)
{
    *now = -2;
    *first = -1;
    if (p->max_chows >= 0)
        return true;
    const struct hand *h = &g->st.seats[seat].hand;
    unsigned forms = g->rules.forms;
    bool closed = true;
    for (int i = 0; i < h->nmelds; i++)
        closed &= h->melds[i].kong == KONG_CONCEALED;
    bool keeps_riichi = p->family == FAMILY_JAPANESE && closed;
    for (int i = 0; i < n; i++) {
        if (a[i].type != ACT_PUNG && a[i].type != ACT_CHOW)
            continue;
        uint8_t c[TILE_KINDS];
        memcpy(c, h->counts, sizeof c);
        if (!take_claim(c, &a[i]))
            continue;
        if (*now == -2)
            *now = held_shanten(seat, h->counts, analysis_melds(g, h, 0), forms);
        int k = tile_kind(a[i].tile);
        if (keeps_riichi && *now <= 1 &&
            !(a[i].type == ACT_PUNG && kind_is_honour(k) && value_honour_of(seat, g->st.round, k)))
            continue;
        int sh = shanten_of(c, analysis_melds(g, h, 1), forms);
        if (sh <= *now) {
            *first = i;
            *first_sh = sh;
            return true;
        }
    }
    return false;
}

/* A turn whose only actions are discards of one kind (a declared hand that drew a tile
 * it cannot use): the default player's choice is that kind, a plain tile before a red
 * five, whatever else it weighs. */
static bool forced_discard(const struct action *a, int n, struct action *out)
{
    int plain = -1, red = -1;
    for (int i = 0; i < n; i++) {
        if (a[i].type != ACT_DISCARD || tile_kind(a[i].tile) != tile_kind(a[0].tile))
            return false;
        if (tile_is_red(a[i].tile)) {
            if (red < 0)
                red = i;
        } else if (plain < 0) {
            plain = i;
        }
    }
    *out = a[plain >= 0 ? plain : red];
    return true;
}

int bot_choose(struct game *g, int seat, int kind, const struct bot_profile *p, struct rng *r, struct action *out)
{
    /* The game's own list, read in place while it is kept (the ruleset's hooks asked below
     * read the game and cannot change it); a list not kept (a hook failed) is copied */
    int n;
    const struct action *a = legal_list(g, seat, &n);
    struct action copy[MAX_ACTIONS];
    if (g->legal_failed && n > 0) {
        memcpy(copy, a, (size_t)n * sizeof *copy);
        a = copy;
    }
    if (n <= 0)
        return -1;
    unsigned types = 0;   /* bit t: some action of type t */
    for (int i = 0; i < n; i++)
        types |= 1u << a[i].type;
    for (int i = 0; types & (1u << ACT_WIN | 1u << ACT_NEXT); i++)
        if (a[i].type == ACT_WIN || a[i].type == ACT_NEXT) {
            *out = a[i];
            return 0;
        }
    bool turn = types >> ACT_DISCARD & 1;   /* some discard */
    if (kind == BOT_RANDOM) {
        *out = a[rng_below(r, (uint32_t)n)];
        return 0;
    }
    /* (choices before play are exchanges or declarations; the missing suit's tiles go
     * first in turn alone, once declared) */
    if (((types & (1u << ACT_EXCHANGE | 1u << ACT_DECLARE)) && bot_preplay(g, seat, a, n, out) == 0) ||
        (turn && g->st.seats[seat].missing && bot_missing_first(g, seat, a, n, out) == 0))
        return 0;
    if (kind == BOT_GREEDY)
        return greedy_choose(g, seat, a, n, out);
    struct bot_profile any;
    if (!p) {
        bot_profile_any(&any);
        p = &any;
    }
    if (turn && forced_discard(a, n, out))
        return 0;
    int now = -2, first = -1, first_sh = -2;
    if (!turn && !claim_worth_weighing(g, seat, p, a, n, &now, &first, &first_sh)) {
        for (int i = 0; i < n; i++)
            if (a[i].type == ACT_PASS) {
                *out = a[i];
                return 0;
            }
    }
    struct view v;
    build_view(g, seat, p, &v);
    if (turn && default_turn(g, &v, a, n, out) == 0)
        return 0;
    if (!turn && default_claim(&v, a, n, now, first, first_sh, out) == 0)
        return 0;
    return greedy_choose(g, seat, a, n, out);
}

int bot_step(struct game *g, int kind, const struct bot_profile *p, struct rng *r)
{
    int waiting = game_waiting(g);
    if (!waiting)
        return 0;
    int seat = __builtin_ctz((unsigned)waiting);
    struct action a;
    if (bot_choose(g, seat, kind, p, r, &a) != 0) {
        snprintf(g->err, sizeof g->err, "seat %c is awaited but has no legal action", "ESWN"[seat]);
        return -1;
    }
    return game_apply(g, &a) == 0 ? 1 : -1;
}
