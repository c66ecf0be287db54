/* The default bot's profile of a game's ruleset: what value a winning hand needs,
 * read from the ruleset's family (the variant it extends) and its resolved options. */
#include "lj.h"

#include <string.h>

#include "bot.h"
#include "game.h"
#include "notation.h"

/* A chunk that returns the profile function (jong, G) -> family, need, open_value,
 * cleared, void_suit, max_chows, targets, three_player. three_player: Japanese for three
 * (sanma), where without chows most hands stay closed, players leave many undeclared and
 * fold sooner (Tenhou's three-player records: riichi in 46% of wins, open hands 36%,
 * exhaustive draws 12.8% of deals). targets: the list of the ruleset's hook
 * bot_targets ({item =, points =, chow =, tiles = {three lowest tiles}}, docs/hooks.md)
 * packed five bytes a target (three kinds, the chow bits, the points), once per
 * ruleset; a result that is not such a list is an error naming the hook, the rules and
 * the hook's file and line. */
static const char profile_lua[] =
    "local PACKED = setmetatable({}, { __mode = 'k' })\n"
    "local getinfo = debug and debug.getinfo\n"
    "local function targets_of(jong, r)\n"
    "  if PACKED[r] then return PACKED[r] end\n"
    "  local packed = ''\n"
    "  if type(r.bot_targets) == 'function' then\n"
    "    local info = getinfo and getinfo(r.bot_targets, 'S')\n"
    "    local head = 'hook bot_targets of rules ' .. tostring(r.name)\n"
    "      .. (info and (' (' .. info.short_src .. ':' .. (info.linedefined or 0) .. ')') or '')\n"
    "    local ok, list = jong.call_hook(r, 'bot_targets')\n"
    "    if not ok then\n"
    "      local msg, inner = jong.first_line(list), 'hook bot_targets of ' .. tostring(r.name) .. ': '\n"
    "      if msg:sub(1, #inner) == inner then msg = msg:sub(#inner + 1) end\n"
    "      error(head .. ' failed: ' .. msg, 0)\n"
    "    end\n"
    "    local function bad(i, why) error(head .. ': target ' .. i .. ' ' .. why, 0) end\n"
    "    if type(list) ~= 'table' then\n"
    "      error(head .. ' returned a ' .. type(list) .. ', not a list of targets', 0)\n"
    "    end\n"
    "    local KIND, out = {}, {}\n"
    "    for i, t in ipairs(jong.TILES) do KIND[t] = i - 1 end\n"
    "    for i, t in ipairs(list) do\n"
    "      if type(t) ~= 'table' then bad(i, 'is a ' .. type(t) .. ', not a table') end\n"
    "      local tiles = t.tiles\n"
    "      if type(tiles) ~= 'table' or #tiles ~= 3 then bad(i, 'needs tiles = {three lowest tiles}') end\n"
    "      for j = 1, 3 do\n"
    "        local k = KIND[tiles[j]]\n"
    "        if not k then bad(i, 'tile ' .. j .. ' (' .. tostring(tiles[j]) .. ') is not a tile') end\n"
    "        if t.chow and (k >= 27 or k % 9 >= 7) then\n"
    "          bad(i, 'tile ' .. j .. ' (' .. tiles[j] .. ') is no chow\\'s lowest tile (a suited 1 to 7)')\n"
    "        end\n"
    "      end\n"
    "      local points = math.tointeger(t.points)\n"
    "      if not points or points <= 0 then bad(i, 'needs points, a positive integer') end\n"
    "      out[#out + 1] = string.char(KIND[tiles[1]], KIND[tiles[2]], KIND[tiles[3]],\n"
    "        t.chow and 7 or 0, math.min(points, 255))\n"
    "    end\n"
    "    packed = table.concat(out)\n"
    "  end\n"
    "  PACKED[r] = packed\n"
    "  return packed\n"
    "end\n"
    "return function(jong, G)\n"
    "local o = G.options or {}\n"
    "local r, family, guard = G.rules, nil, 0\n"
    "local KNOWN = { japanese = 1, hongkong = 1, classical = 1, ims = 1, mcr = 1, sichuan = 1,\n"
    "  taiwanese = 1, base = 1 }\n"
    "while r and guard < 16 do\n"
    "  if KNOWN[r.name] then family = r.name break end\n"
    "  local parent = r.extends\n"
    "  if type(parent) == 'table' then r = parent\n"
    "  elseif type(parent) == 'string' then r = jong.load_rules(parent)\n"
    "  else r = nil end\n"
    "  guard = guard + 1\n"
    "end\n"
    "local targets = targets_of(jong, G.rules)\n"
    "local function n(v, d) return math.tointeger(tonumber(v)) or d end\n"
    "if family == 'japanese' then\n"
    "  return 'japanese', 1, o.open_tanyao ~= false, false, false, -1, targets, G.rules.players == 3\n"
    "end\n"
    "if family == 'hongkong' then return 'hongkong', n(o.min_faan, 3), false, false, false, -1, targets end\n"
    "if family == 'mcr' then\n"
    "  return 'mcr', n(o.min_points or o.minimum_points, 8), false, false, false, -1, targets\n"
    "end\n"
    "if family == 'sichuan' then return 'any', 0, false, false, true, -1, targets end\n"
    "if family == 'ims' then return 'classical', n(o.minimum_fan, 0), false, false, false, -1, targets end\n"
    "if family == 'classical' then\n"
    "  local need = o.game_type == 'one_double' and 1 or 0\n"
    "  return 'classical', need, false, o.game_type == 'cleared_hand', false,\n"
    "    o.ruleset_preset == 'bmja' and 1 or -1, targets\n"
    "end\n"
    "return 'any', 0, false, false, false, -1, targets\n"
    "end\n";

/* (jong, G, seat, hand, tile, how, from) -> does `score` say the hand wins? */
static const char wins_lua[] =
    "local jong, G, seat, hand, tile, how, from = ...\n"
    "return G:would_win(seat, hand, tile, how, from)\n";

static const char game_key[] = "jong.bot.game";

/* The default bot's value test: the ruleset's score on the hypothetical win. */
static bool lua_wins(void *ctx, const struct game *g, int seat, const struct hand *h, int win_kind, bool self_draw)
{
    lua_State *L = ctx;
    int top = lua_gettop(L);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, wins_lua) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        if (luaL_loadbufferx(L, wins_lua, sizeof wins_lua - 1, "=bot value", "t") != LUA_OK) {
            lua_settop(L, top);
            return true;
        }
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, wins_lua);
    }
    char hand[160], tile[4];
    notation_format_hand(h, hand, sizeof hand);
    kind_name(win_kind, tile);
    int players = game_rules(g)->players;
    lua_getglobal(L, "jong");
    lua_getfield(L, LUA_REGISTRYINDEX, game_key);
    lua_pushlstring(L, &"ESWN"[seat & 3], 1);
    lua_pushstring(L, hand);
    lua_pushstring(L, tile);
    lua_pushstring(L, self_draw ? "self" : "discard");
    if (self_draw)
        lua_pushnil(L);
    else
        lua_pushlstring(L, &"ESWN"[(seat + players - 1) % players], 1);
    /* a hook's failure on a hypothetical hand is no answer: the engine's own test at the
     * win still decides */
    bool ok = lj_pcall(L, 7, 1, "bot value", &lj_hook_limits) != LUA_OK || lua_toboolean(L, -1);
    lua_settop(L, top);
    return ok;
}

int lj_bot_profile(lua_State *L, int game_idx, struct bot_profile *p)
{
    static const char *const families[] = { "any", "japanese", "hongkong", "classical", "mcr" };
    bot_profile_any(p);
    game_idx = lua_absindex(L, game_idx);
    if (!lua_istable(L, game_idx))
        return 0;
    /* compiled once per state */
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, profile_lua) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        if (luaL_loadbufferx(L, profile_lua, sizeof profile_lua - 1, "=bot profile", "t") != LUA_OK)
            return -1;
        if (lj_pcall(L, 0, 1, "bot profile", NULL) != LUA_OK)
            return -1;
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, profile_lua);
    }
    lua_getglobal(L, "jong");
    lua_pushvalue(L, game_idx);
    if (lj_pcall(L, 2, 8, "bot profile", NULL) != LUA_OK)
        return -1;
    const char *f = lua_tostring(L, -8);
    for (int i = 0; f && i < 5; i++)
        if (!strcmp(f, families[i]))
            p->family = (uint8_t)i;
    lua_Integer need = lua_tointeger(L, -7);
    p->need = (uint8_t)(need < 0 ? 0 : need > 255 ? 255 : need);
    p->open_value = lua_toboolean(L, -6);
    p->cleared = lua_toboolean(L, -5);
    p->void_suit = lua_toboolean(L, -4);
    p->max_chows = (int8_t)lua_tointeger(L, -3);
    p->three_player = lua_toboolean(L, -1);
    size_t len = 0;
    const char *t = lua_tolstring(L, -2, &len);
    for (size_t i = 0; t && i + 5 <= len && p->ntargets < BOT_MAX_TARGETS; i += 5) {
        struct bot_target *x = &p->targets[p->ntargets];
        bool ok = true;
        for (int j = 0; j < 3; j++) {
            x->kind[j] = (uint8_t)t[i + j];
            /* a chow's lowest tile is a suited 1-7, a pung's any kind */
            ok &= t[i + 3] >> j & 1 ? x->kind[j] < 27 && x->kind[j] % 9 < 7 : x->kind[j] < TILE_KINDS;
        }
        x->chows = (uint8_t)t[i + 3];
        x->value = (uint8_t)t[i + 4];
        p->ntargets += ok;
    }
    lua_pop(L, 8);
    lj_bot_profile_game(L, game_idx, p);
    return 0;
}

void lj_bot_profile_game(lua_State *L, int idx, struct bot_profile *p)
{
    if (!lua_istable(L, idx))
        return;
    /* the value test asks the game's ruleset (kept in the registry for the decisions) */
    lua_pushvalue(L, idx);
    lua_setfield(L, LUA_REGISTRYINDEX, game_key);
    p->wins = lua_wins;
    p->wins_ctx = L;
}
