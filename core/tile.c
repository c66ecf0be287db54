#include "tile.h"

static const char suit_letter[] = { 'm', 'p', 's', 'z' };

void kind_name(int k, char *buf)
{
    if (k >= 0 && k < TILE_KINDS) {
        buf[0] = (char)('0' + kind_rank(k));
        buf[1] = suit_letter[kind_suit(k)];
    } else if (kind_is_bonus(k)) {
        buf[0] = k < KIND_SEASON1 ? 'f' : 'g';
        buf[1] = (char)('0' + kind_rank(k));
    } else {
        buf[0] = buf[1] = '?';
    }
    buf[2] = '\0';
}

void tile_name(tile_t t, char *buf)
{
    kind_name(tile_kind(t), buf);
    if (tile_is_red(t))
        buf[0] = '0';
}

int kind_parse(const char *s, bool *red)
{
    *red = false;
    if (s[0] == 'f' || s[0] == 'g') {
        if (s[1] < '1' || s[1] > '4')
            return -1;
        return (s[0] == 'f' ? KIND_FLOWER1 : KIND_SEASON1) + (s[1] - '1');
    }
    if (s[0] < '0' || s[0] > '9')
        return -1;
    int rank = s[0] - '0';
    switch (s[1]) {
    case 'm': case 'p': case 's': {
        int base = s[1] == 'm' ? 0 : s[1] == 'p' ? 9 : 18;
        if (rank == 0) {
            *red = true;
            rank = 5;
        }
        return base + rank - 1;
    }
    case 'z':
        return rank >= 1 && rank <= 7 ? 26 + rank : -1;
    default:
        return -1;
    }
}
