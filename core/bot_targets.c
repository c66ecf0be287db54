/* The default bot's targets: how far a hand is from holding a target's three sets. */
#include <string.h>

#include "bot.h"
#include "decompose.h"

int bot_target_shanten(const struct bot_target *t, const uint8_t c[TILE_KINDS], const struct meld *m, int nm,
                       int sets, int limit)
{
    /* each meld is one of the target's sets or one of the others */
    bool held[3] = { false, false, false };
    int others = 0;
    for (int i = 0; i < nm; i++) {
        bool chow = m[i].type == MELD_CHOW;
        int j = 0;
        while (j < 3 && (held[j] || (t->chows >> j & 1) != chow || t->kind[j] != m[i].kind))
            j++;
        if (j < 3)
            held[j] = true;
        else
            others++;
    }
    if (others > sets - 3)
        return 99;
    /* the concealed tiles of the target's other sets; each one missing is a draw */
    uint8_t rest[TILE_KINDS];
    memcpy(rest, c, sizeof rest);
    int missing = 0;
    for (int j = 0; j < 3; j++) {
        if (held[j])
            continue;
        int k = t->kind[j];
        if (t->chows >> j & 1) {
            for (int r = 0; r < 3; r++) {
                if (rest[k + r])
                    rest[k + r]--;
                else
                    missing++;
            }
        } else {
            int take = rest[k] < 3 ? rest[k] : 3;
            rest[k] = (uint8_t)(rest[k] - take);
            missing += 3 - take;
        }
    }
    /* a target that lacks four of its nine tiles or more is no plan yet */
    if (missing - 1 > limit || missing > 3)
        return 99;
    /* the rest completes the other sets and the pair (at best already complete: -1); the
     * tiles that make room for the missing ones go first: those with the fewest copies
     * and neighbours */
    int nm_rest = hand_analysis_melds(3 + others, sets), room = 14 - 3 * nm_rest, total = 0;
    for (int k = 0; k < TILE_KINDS; k++)
        total += rest[k];
    for (; total > room; total--) {
        int worst = -1, worst_use = 1 << 30;
        for (int k = 0; k < TILE_KINDS; k++) {
            if (!rest[k])
                continue;
            int use = 8 * rest[k];
            for (int d = -2; k < 27 && d <= 2; d++) {
                int r = k % 9 + d;
                if (d && r >= 0 && r <= 8)
                    use += rest[k + d] * (d == 1 || d == -1 ? 2 : 1);
            }
            if (use < worst_use) {
                worst_use = use;
                worst = k;
            }
        }
        rest[worst]--;
    }
    int s = shanten_of(rest, nm_rest, FORM_STANDARD);
    return s >= SHANTEN_NONE ? 99 : missing + s;
}
