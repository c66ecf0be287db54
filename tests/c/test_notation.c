/* Tiles and notation: parsing, formatting, errors with column and reason. */
#include <string.h>

#include "check.h"
#include "notation.h"
#include "rng.h"

static void round_trip(const char *in, const char *out)
{
    struct hand h;
    struct notation_error err;
    int r = notation_parse_hand(in, &h, true, &err);
    CHECK(r == 0, "'%s' did not parse: %s", in, err.reason);
    if (r == 0) {
        char buf[128];
        notation_format_hand(&h, buf, sizeof buf);
        CHECK_EQ_STR(buf, out);
    }
}

static void parse_error(const char *in, const char *reason)
{
    struct hand h;
    struct notation_error err = { 0, "" };
    int r = notation_parse_hand(in, &h, false, &err);
    CHECK(r < 0, "'%s' parsed", in);
    CHECK(strstr(err.reason, reason) != NULL, "'%s': \"%s\" lacks \"%s\"", in, err.reason, reason);
}

int main(void)
{
    char name[3];
    for (int k = 0; k < ALL_KINDS; k++) {
        bool red;
        kind_name(k, name);
        CHECK_EQ_INT(kind_parse(name, &red), k);
    }
    tile_name((tile_t)(4 | TILE_RED), name);
    CHECK_EQ_STR(name, "0m");
    CHECK_EQ_INT(kind_rank(KIND_RED), 7);
    CHECK(kind_is_terminal(8) && !kind_is_terminal(27) && kind_is_honour(27), "terminals");

    round_trip("123m456p789s11z555s", "123m456p555789s11z");
    round_trip("234m678p11z [789s] [5555p]+", "234m678p11z [789s] [5555p]+");
    round_trip("0m234m [1111z]c f1 g4", "2340m [1111z]c f1 g4");
    round_trip("11z [324m]", "11z [234m]");
    round_trip("1m [406p]@W [0555s]@N", "1m [406p]@W [0555s]@N");
    round_trip("", "");

    parse_error("123m45678z", "bad tile '8z' at column 9");
    parse_error("11111m22233344p", "a fifth copy of 1m at column 5");
    parse_error("1111m [111m]22233344p", "a fifth copy of 1m at column 7");
    parse_error("123m [135m]", "meld '[135m]' is not a set at column 6");
    parse_error("123m [12m3p]", "a meld holds one suit");
    parse_error("123m [789z]", "bad tile '8z'");
    parse_error("123m [567z]", "is not a set");
    parse_error("123m [123m]+", "marks a kong");
    parse_error("123m [1111m]c@E", "claimed from nobody");
    parse_error("123m [111m]@Q", "bad seat after '@'");
    parse_error("123m456p789s11z", "holds 13 or 14 tiles");
    parse_error("123m456p789s11z1234m", "more than 14 concealed tiles");
    parse_error("123m456p", "this one holds 6 at column 9");
    parse_error("123", "lack a suit letter");
    parse_error("123m f5", "bad bonus tile 'f5'");
    parse_error("123m456p789s1z f1 f1", "a second f1");
    parse_error("123m ?", "unexpected character '?' at column 6");
    parse_error("123456789m123456p", "more than 14 concealed tiles");

    tile_t t[16];
    struct notation_error err;
    CHECK_EQ_INT(notation_parse_tiles("27p1z", t, 16, &err), 3);
    CHECK_EQ_INT(t[0], 10);
    CHECK_EQ_INT(t[2], KIND_EAST);
    CHECK_EQ_INT(notation_parse_tiles("f1 0s", t, 16, &err), 2);
    CHECK(tile_is_red(t[1]) && tile_kind(t[1]) == 22, "red 5s");
    CHECK_EQ_INT(notation_parse_tiles("123m", t, 2, &err), -1);

    /* Nothing crashes on random bytes. */
    struct rng r;
    rng_seed(&r, 7);
    const char alphabet[] = "0123456789mpszfg[]+c@ESWN x";
    for (int i = 0; i < 20000; i++) {
        char s[40];
        int n = (int)rng_below(&r, 39);
        for (int j = 0; j < n; j++)
            s[j] = alphabet[rng_below(&r, sizeof alphabet - 1)];
        s[n] = '\0';
        struct hand h;
        if (notation_parse_hand(s, &h, true, &err) == 0) {
            char buf[128], again[128];
            notation_format_hand(&h, buf, sizeof buf);
            struct hand h2;
            int ok = notation_parse_hand(buf, &h2, true, &err) == 0;
            if (ok)
                notation_format_hand(&h2, again, sizeof again);
            if (!ok || strcmp(buf, again) != 0) {
                CHECK(0, "'%s' formats as '%s', which does not round-trip", s, buf);
                break;
            }
        }
    }
    CHECK(1, "random input");
    return check_summary();
}
