/* Walls: tile sets, shuffle and dice, the break, dead wall policies, stacked walls,
 * conservation. */
#include <string.h>

#include "check.h"
#include "notation.h"
#include "wall.h"

static struct wall_config config(bool bonus, int policy, int dead)
{
    struct wall_config c;
    memset(&c, 0, sizeof c);
    c.bonus = bonus;
    c.dice = 2;
    c.dead_policy = (uint8_t)policy;
    c.dead_size = (uint8_t)dead;
    return c;
}

static int parse(const char *s, tile_t *out)
{
    struct notation_error err;
    int n = notation_parse_tiles(s, out, MAX_WALL, &err);
    CHECK(n >= 0, "parse %s: %s", s, err.reason);
    return n;
}

static void test_tile_sets(void)
{
    tile_t set[MAX_WALL];
    struct wall_config c = config(false, DEAD_FIXED, 14);
    CHECK_EQ_INT(wall_tile_set(&c, set), 136);
    int counts[ALL_KINDS] = { 0 };
    for (int i = 0; i < 136; i++)
        counts[tile_kind(set[i])]++;
    int ok = 1;
    for (int k = 0; k < TILE_KINDS; k++)
        ok &= counts[k] == 4;
    for (int k = TILE_KINDS; k < ALL_KINDS; k++)
        ok &= counts[k] == 0;
    CHECK(ok, "136 set: four of each of the 34 kinds, no bonus tiles");

    c.bonus = true;
    CHECK_EQ_INT(wall_tile_set(&c, set), 144);
    memset(counts, 0, sizeof counts);
    for (int i = 0; i < 144; i++)
        counts[tile_kind(set[i])]++;
    ok = 1;
    for (int k = TILE_KINDS; k < ALL_KINDS; k++)
        ok &= counts[k] == 1;
    CHECK(ok, "144 set: one of each flower and season");

    c.reds[0] = 1, c.reds[1] = 2, c.reds[2] = 1;
    int n = wall_tile_set(&c, set), red5p = 0, plain5p = 0, reds = 0;
    for (int i = 0; i < n; i++) {
        if (tile_is_red(set[i]))
            reds++;
        if (tile_kind(set[i]) == 13)
            tile_is_red(set[i]) ? red5p++ : plain5p++;
    }
    CHECK_EQ_INT(reds, 4);
    CHECK_EQ_INT(red5p, 2);
    CHECK_EQ_INT(plain5p, 2);

    c = config(false, DEAD_FIXED, 14);
    c.side = 18;
    CHECK(wall_config_error(&c) != NULL, "18 stacks a side do not fit 136 tiles");
    c.side = 17;
    CHECK(wall_config_error(&c) == NULL, "17 stacks a side fit 136 tiles");
    c.dice = 4;
    CHECK(wall_config_error(&c) != NULL, "4 dice refused");
    c = config(false, DEAD_NONE, 14);
    CHECK(wall_config_error(&c) != NULL, "DEAD_NONE with a size refused");
}

/* The break: rebuild the physical stacks with the same random numbers and check the
 * head and the tail of the wall against the dice. */
static void test_dice_and_break(void)
{
    for (int variant = 0; variant < 3; variant++) {
        for (uint64_t seed = 1; seed <= 200; seed++) {
            struct wall_config c = config(variant == 1, variant == 1 ? DEAD_NOT_REPLENISHED : DEAD_FIXED,
                                          variant == 1 ? 16 : 14);
            c.dice = variant == 2 ? 3 : 2;
            c.second_throw = variant == 1;
            struct rng r, r2;
            rng_seed(&r, seed);
            r2 = r;
            struct wall w;
            if (wall_build(&w, &c, &r) != 0) {
                CHECK(0, "wall_build failed");
                return;
            }
            tile_t phys[MAX_WALL];
            int n = wall_tile_set(&c, phys);
            rng_shuffle(&r2, phys, n);
            int total = 0, count = 0, ndice = c.dice + (c.second_throw ? 2 : 0);
            int okdice = w.ndice == ndice;
            for (int i = 0; i < ndice; i++) {
                int d = rng_die(&r2);
                okdice &= w.dice[i] == d;
                if (i < c.dice)
                    total += d;
                count += d;
            }
            int side = n / 8, stacks = n / 2;
            int bw = (total - 1) % 4;
            int b = (((4 - bw) % 4) * side + count) % stacks;
            int tail = (b - 1 + stacks) % stacks;
            bool ok = okdice && w.break_wall == bw && w.break_count == count && w.break_stack == b &&
                      w.t[0] == phys[2 * b] && w.t[1] == phys[2 * b + 1] &&
                      w.t[2] == phys[2 * ((b + 1) % stacks)] &&
                      w.t[n - 1] == phys[2 * tail] && w.t[n - 2] == phys[2 * tail + 1] &&
                      w.t[n - 3] == phys[2 * ((tail - 1 + stacks) % stacks)];
            if (!ok) {
                CHECK(ok, "variant %d seed %llu: break at stack %d, wall %d", variant,
                      (unsigned long long)seed, b, bw);
                return;
            }
            int counts[ALL_KINDS] = { 0 }, reds[3] = { 0 };
            char err[120];
            if (wall_conserved(&w, &c, counts, reds, err, sizeof err) != 0) {
                CHECK(0, "shuffled wall is not the set: %s", err);
                return;
            }
        }
        CHECK(1, "variant %d: 200 breaks agree with the dice", variant);
    }
    /* Same seed, same wall; another seed, another wall. */
    struct wall_config c = config(false, DEAD_FIXED, 14);
    struct rng r;
    struct wall a, b2, d;
    rng_seed(&r, 42);
    wall_build(&a, &c, &r);
    rng_seed(&r, 42);
    wall_build(&b2, &c, &r);
    rng_seed(&r, 43);
    wall_build(&d, &c, &r);
    CHECK(memcmp(a.t, b2.t, 136) == 0 && memcmp(a.dice, b2.dice, 5) == 0, "same seed, same wall");
    CHECK(memcmp(a.t, d.t, 136) != 0, "another seed, another wall");
}

static void test_dead_from_dice(void)
{
    struct wall_config c = config(true, DEAD_NOT_REPLENISHED, 0);
    c.second_throw = true;
    c.dead_from_dice = true;
    CHECK(wall_config_error(&c) == NULL, "dice_stacks config is valid");
    int ok = 1, sizes = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        struct rng r;
        rng_seed(&r, seed);
        struct wall w;
        wall_build(&w, &c, &r);
        int stacks = w.dice[2] + w.dice[3];
        ok &= wall_dead(&w) == 2 * stacks && wall_live(&w) == 144 - 2 * stacks;
        sizes |= 1 << stacks;
    }
    CHECK(ok, "the kong box is as many stacks as the second throw");
    CHECK(sizes != (sizes & -sizes), "the size varies with the dice");
    c.second_throw = false;
    CHECK(wall_config_error(&c) != NULL, "dice_stacks without a second throw refused");
}

static void test_dead_fixed(void)
{
    struct wall_config c = config(false, DEAD_FIXED, 14);
    struct wall w;
    char err[120];
    tile_t back[16];
    int nb = parse("1z2z3z4z5z6z7z1m2m3m4m5m6m7m", back);
    CHECK_EQ_INT(wall_stack(&w, &c, NULL, 0, back, nb, err), 0);
    CHECK_EQ_INT(wall_live(&w), 122);
    CHECK_EQ_INT(wall_dead(&w), 14);
    CHECK_EQ_INT(wall_dead_tile(&w, 4), 31);   /* 5z: Japanese D0 */
    CHECK_EQ_INT(wall_dead_tile(&w, 5), 32);   /* 6z: U0 */
    int last_live = w.t[w.live_end - 1];
    CHECK_EQ_INT(wall_loose(&w), 27);          /* 1z: first loose tile */
    CHECK_EQ_INT(wall_dead(&w), 14);
    CHECK_EQ_INT(wall_live(&w), 121);
    CHECK_EQ_INT(wall_dead_tile(&w, 0), -1);
    CHECK_EQ_INT(wall_dead_tile(&w, 4), 31);
    CHECK_EQ_INT(w.t[w.live_end], last_live);  /* the last live tile joined the dead wall */
    CHECK_EQ_INT(wall_loose(&w), 28);
    CHECK_EQ_INT(wall_loose(&w), 29);
    CHECK_EQ_INT(wall_loose(&w), 30);
    CHECK_EQ_INT(wall_dead(&w), 14);
    CHECK_EQ_INT(wall_live(&w), 118);
    CHECK_EQ_INT(wall_dead_tile(&w, 4), 31);
    CHECK_EQ_INT(wall_dead_tile(&w, 12), 5);   /* back[12] = 6m */
}

static void test_dead_not_replenished(void)
{
    struct wall_config c = config(true, DEAD_NOT_REPLENISHED, 16);
    struct wall w;
    struct rng r;
    rng_seed(&r, 7);
    CHECK_EQ_INT(wall_build(&w, &c, &r), 0);
    CHECK_EQ_INT(wall_live(&w), 128);
    CHECK_EQ_INT(wall_dead(&w), 16);
    tile_t expect[MAX_WALL];
    memcpy(expect, w.t, sizeof expect);
    int ok = 1;
    for (int i = 0; i < 16; i++) {
        ok &= wall_loose(&w) == expect[143 - i];
        ok &= wall_dead(&w) == 15 - i && wall_live(&w) == 128;
    }
    CHECK(ok, "16 loose tiles from the kong box in order, the live wall untouched");
    CHECK(!wall_loose_from_dead(&w), "kong box empty");
    CHECK_EQ_INT(wall_loose(&w), expect[127]);  /* then from the live wall's tail */
    CHECK_EQ_INT(wall_live(&w), 127);
    CHECK_EQ_INT(wall_dead(&w), 0);
    CHECK_EQ_INT(wall_draw(&w), expect[0]);
}

static void test_dead_none_and_reserve(void)
{
    struct wall_config c = config(false, DEAD_NONE, 0);
    c.reserve = 14;
    struct wall w;
    struct rng r;
    rng_seed(&r, 9);
    wall_build(&w, &c, &r);
    tile_t expect[MAX_WALL];
    memcpy(expect, w.t, sizeof expect);
    CHECK_EQ_INT(wall_live(&w), 136);
    CHECK_EQ_INT(wall_dead(&w), 0);
    CHECK_EQ_INT(wall_drawable(&w), 122);
    CHECK_EQ_INT(wall_loose(&w), expect[135]);
    CHECK_EQ_INT(wall_loose(&w), expect[134]);
    CHECK_EQ_INT(wall_live(&w), 134);
    CHECK_EQ_INT(wall_drawable(&w), 120);
    int drawn = 0, ok = 1;
    for (int t; (t = wall_draw(&w)) >= 0; drawn++)
        ok &= t == expect[drawn];
    CHECK(ok, "draws come from the head in order");
    CHECK_EQ_INT(drawn, 120);
    CHECK_EQ_INT(wall_live(&w), 14);
    CHECK_EQ_INT(wall_loose(&w), expect[133]);  /* loose tiles ignore the reserve */
    CHECK_EQ_INT(wall_draw_head(&w), expect[120]);
    for (int i = 0; i < 12; i++)
        wall_draw_head(&w);
    CHECK_EQ_INT(wall_live(&w), 0);
    CHECK_EQ_INT(wall_loose(&w), -1);
    CHECK_EQ_INT(wall_draw_head(&w), -1);
}

static void test_stacked_and_conservation(void)
{
    struct wall_config c = config(false, DEAD_FIXED, 14);
    c.reds[0] = 1;
    struct wall w;
    char err[120];
    tile_t front[MAX_WALL], back[MAX_WALL];
    int nf = parse("1111m0m555m", front);
    int nb = parse("9s", back);
    CHECK_EQ_INT(wall_stack(&w, &c, front, nf, back, nb, err), 0);
    CHECK_EQ_INT(w.t[0], 0);
    CHECK_EQ_INT(w.t[4], 4 | TILE_RED);
    CHECK_EQ_INT(w.t[135], 26);
    nf = parse("5555m", front);
    CHECK_EQ_INT(wall_stack(&w, &c, front, nf, NULL, 0, err), -1);
    CHECK(strstr(err, "5m") != NULL, "error names the tile: %s", err);
    nf = parse("11111m", front);
    CHECK_EQ_INT(wall_stack(&w, &c, front, nf, NULL, 0, err), -1);
    nf = parse("0p", front);
    CHECK_EQ_INT(wall_stack(&w, &c, front, nf, NULL, 0, err), -1);
    CHECK(strstr(err, "0p") != NULL, "no red 5p in the set: %s", err);
    nf = parse("f1", front);
    CHECK_EQ_INT(wall_stack(&w, &c, front, nf, NULL, 0, err), -1);

    /* Conservation: tiles drawn must be found elsewhere. */
    struct rng r;
    rng_seed(&r, 3);
    wall_build(&w, &c, &r);
    int counts[ALL_KINDS] = { 0 }, reds[3] = { 0 };
    for (int i = 0; i < 20; i++) {
        int t = wall_draw(&w);
        counts[tile_kind((tile_t)t)]++;
        if (tile_is_red((tile_t)t))
            reds[tile_kind((tile_t)t) / 9]++;
    }
    int t = wall_loose(&w);
    counts[tile_kind((tile_t)t)]++;
    if (tile_is_red((tile_t)t))
        reds[0]++;
    CHECK_EQ_INT(wall_conserved(&w, &c, counts, reds, err, sizeof err), 0);
    counts[tile_kind((tile_t)t)]--;
    CHECK_EQ_INT(wall_conserved(&w, &c, counts, reds, err, sizeof err), -1);
    char name[4];
    kind_name(tile_kind((tile_t)t), name);
    CHECK(strstr(err, name) != NULL, "conservation error names %s: %s", name, err);
}

int main(void)
{
    test_tile_sets();
    test_dice_and_break();
    test_dead_fixed();
    test_dead_from_dice();
    test_dead_not_replenished();
    test_dead_none_and_reserve();
    test_stacked_and_conservation();
    return check_summary();
}
