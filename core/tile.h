/* Tiles: the 34 kinds of the standard set, red fives and the 8 bonus tiles.
 *
 * Kind index: 0-8 characters (1m-9m), 9-17 dots (1p-9p), 18-26 bamboo (1s-9s),
 * 27-33 honours (1z-7z: East South West North White Green Red),
 * 34-37 flowers f1-f4, 38-41 seasons g1-g4.
 * A physical tile (tile_t) is a kind, with TILE_RED set on a red five. */
#ifndef JONG_TILE_H
#define JONG_TILE_H

#include <stdbool.h>
#include <stdint.h>

enum {
    TILE_KINDS = 34,   /* kinds that make up hands */
    BONUS_KINDS = 8,
    ALL_KINDS = 42,
    KIND_EAST = 27, KIND_SOUTH, KIND_WEST, KIND_NORTH,
    KIND_WHITE, KIND_GREEN, KIND_RED,
    KIND_FLOWER1 = 34, KIND_SEASON1 = 38,
};

enum suit { SUIT_M, SUIT_P, SUIT_S, SUIT_Z, SUIT_BONUS };

typedef uint8_t tile_t;
#define TILE_RED 0x80u

static inline int tile_kind(tile_t t) { return t & 0x7f; }
static inline bool tile_is_red(tile_t t) { return (t & TILE_RED) != 0; }

static inline int kind_suit(int k)
{
    return k < 27 ? k / 9 : (k < 34 ? SUIT_Z : SUIT_BONUS);
}
/* 1-9 in a suit, 1-7 for honours, 1-4 for flowers and seasons. */
static inline int kind_rank(int k)
{
    return k < 27 ? k % 9 + 1 : (k < 34 ? k - 26 : (k - 34) % 4 + 1);
}
static inline bool kind_is_honour(int k) { return k >= 27 && k < 34; }
static inline bool kind_is_terminal(int k) { return k < 27 && (k % 9 == 0 || k % 9 == 8); }
static inline bool kind_is_bonus(int k) { return k >= 34 && k < ALL_KINDS; }
static inline bool kind_is_five(int k) { return k < 27 && k % 9 == 4; }

/* Writes the kind's name ("5m", "7z", "f2") with its NUL into buf (at least 3 bytes). */
void kind_name(int k, char *buf);
/* Writes the tile's notation ("0m" for a red five). */
void tile_name(tile_t t, char *buf);
/* Kind of a name like "5m", "0p", "f3"; -1 when it is none. *red is set for 0m/0p/0s. */
int kind_parse(const char *s, bool *red);

#endif
