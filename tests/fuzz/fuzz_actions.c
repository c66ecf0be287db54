/* libFuzzer target: random action sequences against random hooks (make fuzz). The
 * first bytes choose the ruleset (tests/fuzz/random_hooks.lua behaves as its `chaos`
 * option says: hooks that answer garbage, raise, or loop) and the seed; each further
 * byte picks an action among the legal ones of a waiting seat, or an illegal one. After
 * every action the engine's invariants must hold, and a refused action must leave the
 * state as it was. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lj.h"

static const char *const script =
    "local data = ...\n"
    "local chaos, seed = data:byte(1) or 0, (data:byte(2) or 0) + 1\n"
    "local rules = chaos % 4 == 0 and 'base' or 'tests/fuzz/random_hooks.lua'\n"
    "local g = jong.game { rules = rules, seed = seed, options = rules ~= 'base' and { chaos = chaos } or nil }\n"
    "if not g then return end\n"
    "local function snapshot() return g:log_json() .. table.concat(g.core:events(), '\\n') end\n"
    "for i = 3, #data do\n"
    "  local b = data:byte(i)\n"
    "  local waiting = g:waiting()\n"
    "  if #waiting == 0 then break end\n"
    "  local seat = waiting[b % #waiting + 1]\n"
    "  local legal = g:legal(seat)\n"
    "  local before = snapshot()\n"
    "  local ok\n"
    "  if #legal > 0 and b < 224 then ok = g:play(seat, legal[b % #legal + 1])\n"
    "  else ok = g:play(seat, { type = ({ 'discard', 'chow', 'pung', 'kong', 'win', 'pass' })[b % 6 + 1], tile = jong.TILES[b % 34 + 1] }) end\n"
    "  if not ok and snapshot() ~= before then error('a refused action changed the game') end\n"
    "  local fine, why = g:check()\n"
    "  if not fine then error('invariant broken: ' .. tostring(why)) end\n"
    "end\n"
    "g:close()\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static lua_State *L;
    static int ref = LUA_NOREF;
    if (!L) {
        if (!(L = lj_open()) || luaL_loadstring(L, script) != LUA_OK)
            abort();
        ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    if (size > 4096)
        return 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushlstring(L, (const char *)data, size);
    if (lj_pcall(L, 1, 0, "fuzz_actions", NULL) != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        if (msg && (strstr(msg, "a refused action changed") || strstr(msg, "invariant broken")))
            abort();
        lua_pop(L, 1);
    }
    lua_settop(L, 0);
    return 0;
}
