/* The tile notation of DESIGN.md: "23455m678p11z [789s] [5555p]c f2". */
#ifndef JONG_NOTATION_H
#define JONG_NOTATION_H

#include <stddef.h>
#include "hand.h"

struct notation_error {
    int column;          /* 1-based column of the offending character */
    char reason[120];    /* "bad tile '8z' at column 7" */
};

/* Parses a hand. The hand must hold 13 or 14 tiles in the 14-tile reckoning
 * (a meld counts 3) unless any_size is set (then 0-14 are accepted).
 * Returns 0, or -1 with *err filled in; *h is then unspecified. */
int notation_parse_hand(const char *s, struct hand *h, bool any_size, struct notation_error *err);
/* The same for a hand of `sets` sets and a pair (4, or 5 in the 16-tile variants): 16 or
 * 17 tiles for five sets (0-17 with any_size). */
int notation_parse_hand_of(const char *s, struct hand *h, int sets, bool any_size, struct notation_error *err);

/* Parses a plain run of tiles ("27p1z", "f1g2", spaces allowed) into tiles in order.
 * Returns the number of tiles, or -1 with *err filled in (also when more than max). */
int notation_parse_tiles(const char *s, tile_t *out, int max, struct notation_error *err);

/* Formats tiles of a count array compressed by suit ("123m456p11z"). Returns the length. */
size_t notation_format_counts(const uint8_t counts[TILE_KINDS], const uint8_t reds[3], char *buf, size_t n);
/* Formats one meld ("[5555p]c@2" is written "[5555p]c" plus "@S" when from is set). */
size_t notation_format_meld(const struct meld *m, char *buf, size_t n);
/* Formats a whole hand in the notation. Returns the length (truncated to n-1). */
size_t notation_format_hand(const struct hand *h, char *buf, size_t n);

/* Seat letters E S W N <-> 0-3; -1 when none. */
int seat_parse(char c);
char seat_letter(int seat);

#endif
