#include "notation.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char seat_letters[] = "ESWN";

int seat_parse(char c)
{
    const char *p = c ? strchr(seat_letters, c) : NULL;
    return p ? (int)(p - seat_letters) : -1;
}

char seat_letter(int seat) { return seat >= 0 && seat < 4 ? seat_letters[seat] : '?'; }

static int fail(struct notation_error *err, int column, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(err->reason, sizeof err->reason, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n < sizeof err->reason)
            snprintf(err->reason + n, sizeof err->reason - (size_t)n, " at column %d", column);
        err->column = column;
    }
    return -1;
}

static bool is_suit_letter(char c) { return c == 'm' || c == 'p' || c == 's' || c == 'z'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* A run of digits closed by a suit letter, starting at s[*i]. Writes the tiles to out
 * (at most max) and returns how many, or -1 with err. */
static int parse_run(const char *s, int *i, tile_t *out, int max, struct notation_error *err)
{
    int start = *i, j = *i;
    while (is_digit(s[j]))
        j++;
    if (!is_suit_letter(s[j])) {
        if (s[j] == '\0' || s[j] == ' ' || s[j] == ']' || s[j] == '[')
            return fail(err, j + 1, "tiles '%.*s' lack a suit letter (m, p, s or z)", j - start, s + start);
        return fail(err, j + 1, "unexpected character '%c'", s[j]);
    }
    int n = 0;
    for (int k = start; k < j; k++) {
        char name[3] = { s[k], s[j], '\0' };
        bool red;
        int kind = kind_parse(name, &red);
        if (kind < 0)
            return fail(err, k + 1, "bad tile '%s'", name);
        if (n >= max)
            return fail(err, k + 1, "too many tiles");
        out[n++] = (tile_t)(kind | (red ? TILE_RED : 0));
    }
    *i = j + 1;
    return n;
}

/* A bonus tile f1-f4 or g1-g4 at s[*i]. */
static int parse_bonus(const char *s, int *i, struct notation_error *err)
{
    char name[3] = { s[*i], s[*i + 1], '\0' };
    bool red;
    int kind = kind_parse(name, &red);
    if (kind < 0 || !kind_is_bonus(kind))
        return fail(err, *i + 1, "bad bonus tile '%s'", name);
    *i += 2;
    return kind;
}

int notation_parse_tiles(const char *s, tile_t *out, int max, struct notation_error *err)
{
    int i = 0, n = 0;
    while (s[i]) {
        if (s[i] == ' ' || s[i] == ',') {
            i++;
        } else if (s[i] == 'f' || s[i] == 'g') {
            int kind = parse_bonus(s, &i, err);
            if (kind < 0)
                return -1;
            if (n >= max)
                return fail(err, i - 1, "too many tiles");
            out[n++] = (tile_t)kind;
        } else if (is_digit(s[i])) {
            int got = parse_run(s, &i, out + n, max - n, err);
            if (got < 0)
                return -1;
            n += got;
        } else {
            return fail(err, i + 1, "unexpected character '%c'", s[i]);
        }
    }
    return n;
}

/* A meld "[234m]", "[5555p]+", "[1111z]c", optionally followed by "@S". */
static int parse_meld(const char *s, int *i, struct meld *m, struct notation_error *err)
{
    int open = *i;
    int j = open + 1;
    tile_t t[5];
    int n = parse_run(s, &j, t, 5, err);
    if (n < 0)
        return -1;
    if (s[j] != ']')
        return fail(err, j + 1, "a meld holds one suit and ends with ']'");
    j++;
    /* Sort the tiles by kind (a meld may be written in any order). */
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && tile_kind(t[b]) < tile_kind(t[b - 1]); b--) {
            tile_t x = t[b]; t[b] = t[b - 1]; t[b - 1] = x;
        }
    int k0 = tile_kind(t[0]);
    memset(m, 0, sizeof *m);
    m->from = SEAT_NONE;
    for (int a = 0; a < n; a++)
        m->reds += tile_is_red(t[a]);
    bool same = true;
    for (int a = 1; a < n; a++)
        same = same && tile_kind(t[a]) == k0;
    if (n == 3 && same) {
        m->type = MELD_PUNG;
    } else if (n == 4 && same) {
        m->type = MELD_KONG;
        m->kong = KONG_EXPOSED;
    } else if (n == 3 && k0 < 27 && k0 % 9 <= 6 && tile_kind(t[1]) == k0 + 1 && tile_kind(t[2]) == k0 + 2) {
        m->type = MELD_CHOW;
    } else {
        return fail(err, open + 1, "meld '%.*s' is not a set", j - open, s + open);
    }
    m->kind = (uint8_t)k0;
    if (s[j] == '+' || s[j] == 'c') {
        if (m->type != MELD_KONG)
            return fail(err, j + 1, "'%c' marks a kong, and this meld is not one", s[j]);
        m->kong = s[j] == '+' ? KONG_PROMOTED : KONG_CONCEALED;
        j++;
    }
    if (s[j] == '@') {
        int seat = seat_parse(s[j + 1]);
        if (seat < 0)
            return fail(err, j + 2, "bad seat after '@' (E, S, W or N)");
        if (m->kong == KONG_CONCEALED)
            return fail(err, j + 1, "a concealed kong is claimed from nobody");
        m->from = (uint8_t)seat;
        j += 2;
    }
    *i = j;
    return 0;
}

int notation_parse_hand(const char *s, struct hand *h, bool any_size, struct notation_error *err)
{
    return notation_parse_hand_of(s, h, 4, any_size, err);
}

int notation_parse_hand_of(const char *s, struct hand *h, int sets, bool any_size, struct notation_error *err)
{
    int most = 3 * sets + 2;   /* 14 or 17 */
    memset(h, 0, sizeof *h);
    uint8_t all[TILE_KINDS] = { 0 };
    int i = 0, concealed = 0;
    while (s[i]) {
        int col = i + 1;
        if (s[i] == ' ' || s[i] == '\t') {
            i++;
        } else if (s[i] == '[') {
            if (h->nmelds >= MAX_MELDS)
                return fail(err, col, "more than %d melds", MAX_MELDS);
            struct meld *m = &h->melds[h->nmelds];
            if (parse_meld(s, &i, m, err) < 0)
                return -1;
            h->nmelds++;
            int n = meld_tiles(m);
            for (int a = 0; a < (m->type == MELD_CHOW ? 3 : 1); a++) {
                int k = m->kind + a;
                all[k] += (uint8_t)(m->type == MELD_CHOW ? 1 : n);
                if (all[k] > 4) {
                    char name[3];
                    kind_name(k, name);
                    return fail(err, col, "a fifth copy of %s", name);
                }
            }
        } else if (s[i] == 'f' || s[i] == 'g') {
            int kind = parse_bonus(s, &i, err);
            if (kind < 0)
                return -1;
            for (int a = 0; a < h->nbonus; a++)
                if (h->bonus[a] == kind) {
                    char name[3];
                    kind_name(kind, name);
                    return fail(err, col, "a second %s", name);
                }
            h->bonus[h->nbonus++] = (uint8_t)kind;
        } else if (is_digit(s[i])) {
            tile_t t[MAX_CONCEALED];
            int start = i;
            int n = parse_run(s, &i, t, most, err);
            if (n < 0)
                return -1;
            for (int a = 0; a < n; a++) {
                int k = tile_kind(t[a]);
                if (++all[k] > 4) {
                    char name[3];
                    kind_name(k, name);
                    return fail(err, start + a + 1, "a fifth copy of %s", name);
                }
                h->counts[k]++;
                if (tile_is_red(t[a]))
                    h->reds[kind_suit(k)]++;
                if (++concealed > most)
                    return fail(err, start + a + 1, "more than %d concealed tiles", most);
            }
        } else {
            return fail(err, col, "unexpected character '%c'", s[i]);
        }
    }
    int size = hand_size(h);
    if (size > most || (!any_size && size < most - 1))
        return fail(err, (int)strlen(s) + 1,
                    "a hand holds %d or %d tiles (a meld counts 3); this one holds %d", most - 1, most, size);
    return 0;
}

static size_t put(char *buf, size_t n, size_t at, char c)
{
    if (at + 1 < n)
        buf[at] = c;
    return at + 1;
}

size_t notation_format_counts(const uint8_t counts[TILE_KINDS], const uint8_t reds[3], char *buf, size_t n)
{
    static const char letters[] = "mpsz";
    size_t at = 0;
    for (int suit = 0; suit < 4; suit++) {
        int base = suit * 9, len = suit == 3 ? 7 : 9;
        bool any = false;
        for (int r = 0; r < len; r++) {
            int red = (suit < 3 && r == 4 && reds) ? reds[suit] : 0;
            for (int c = 0; c < counts[base + r]; c++) {
                at = put(buf, n, at, c < red ? '0' : (char)('1' + r));
                any = true;
            }
        }
        if (any)
            at = put(buf, n, at, letters[suit]);
    }
    if (n)
        buf[at < n ? at : n - 1] = '\0';
    return at;
}

size_t notation_format_meld(const struct meld *m, char *buf, size_t n)
{
    char name[3];
    kind_name(m->kind, name);
    size_t at = put(buf, n, 0, '[');
    int len = meld_tiles(m), reds = m->reds;
    for (int a = 0; a < len; a++) {
        int k = m->type == MELD_CHOW ? m->kind + a : m->kind;
        char c = (char)('0' + kind_rank(k));
        if (kind_is_five(k) && reds > 0) {
            c = '0';
            reds--;
        }
        at = put(buf, n, at, c);
    }
    at = put(buf, n, at, name[1]);
    at = put(buf, n, at, ']');
    if (m->kong == KONG_PROMOTED)
        at = put(buf, n, at, '+');
    if (m->kong == KONG_CONCEALED)
        at = put(buf, n, at, 'c');
    if (m->from != SEAT_NONE) {
        at = put(buf, n, at, '@');
        at = put(buf, n, at, seat_letter(m->from));
    }
    if (n)
        buf[at < n ? at : n - 1] = '\0';
    return at;
}

size_t notation_format_hand(const struct hand *h, char *buf, size_t n)
{
    char part[32];
    size_t at = notation_format_counts(h->counts, h->reds, buf, n);
    for (int i = 0; i < h->nmelds; i++) {
        notation_format_meld(&h->melds[i], part, sizeof part);
        if (at)
            at = put(buf, n, at, ' ');
        for (const char *p = part; *p; p++)
            at = put(buf, n, at, *p);
    }
    for (int i = 0; i < h->nbonus; i++) {
        kind_name(h->bonus[i], part);
        if (at)
            at = put(buf, n, at, ' ');
        for (const char *p = part; *p; p++)
            at = put(buf, n, at, *p);
    }
    if (n)
        buf[at < n ? at : n - 1] = '\0';
    return at;
}
