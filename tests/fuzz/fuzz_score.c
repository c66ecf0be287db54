/* libFuzzer target: `jong score` JSON on any bytes (make fuzz). The answer must be one
 * JSON text in valid UTF-8. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lj.h"

static bool valid_utf8(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (!len || i + len > n)
            return false;
        for (size_t k = 1; k < len; k++)
            if ((s[i + k] & 0xc0) != 0x80)
                return false;
        i += len;
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static lua_State *L;
    if (!L && !(L = lj_open()))
        abort();
    lua_pushlstring(L, (const char *)data, size);
    if (lj_call_module(L, "score_json", 1, 2) != LUA_OK)
        abort();   /* score_json answers every input */
    size_t n;
    const char *out = lua_tolstring(L, -2, &n);
    if (!out || !valid_utf8((const unsigned char *)out, n) || (out[0] != '{' && out[0] != '['))
        abort();
    lua_settop(L, 0);
    lua_gc(L, LUA_GCSTEP, 0);
    return 0;
}
