/* libFuzzer target: the tile notation parser on any bytes (make fuzz). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hand.h"
#include "notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = '\0';
    struct hand h;
    struct notation_error err;
    if (notation_parse_hand(s, &h, true, &err) == 0) {
        char buf[256];
        notation_format_hand(&h, buf, sizeof buf);
        struct hand again;   /* what is written parses back to the same hand */
        if (notation_parse_hand(buf, &again, true, &err) != 0 || hand_size(&again) != hand_size(&h))
            abort();
    }
    (void)notation_parse_hand(s, &h, false, &err);
    tile_t tiles[160];
    (void)notation_parse_tiles(s, tiles, 160, &err);
    free(s);
    return 0;
}
