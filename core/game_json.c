/* Names of actions and events, and their JSON lines. */
#include "game_private.h"

#include <stdarg.h>
#include <stdio.h>

/* ---- names and JSON ---- */

const char *action_name(const struct game_rules *r, const struct action *a)
{
    static const char *names[ACT_TYPES] = {
        "pass", "discard", "chow", "pung", "kong", "concealed kong", "promoted kong", "win", "extra", "next",
        "exchange", "declare",
    };
    if (a->type == ACT_EXTRA && a->extra < r->nextra && r->extra_names[a->extra][0])
        return r->extra_names[a->extra];
    return a->type < ACT_TYPES ? names[a->type] : "?";
}

const char *event_name(int type)
{
    static const char *names[EV_TYPES] = {
        "deal_start", "deal", "bonus", "draw", "discard", "pass", "chow", "pung", "kong",
        "kong_concealed", "kong_promoted", "dora", "extra", "win", "draw_end", "settle", "next_deal",
        "set_aside", "payment", "exchange", "declare",
    };
    return type >= 0 && type < EV_TYPES ? names[type] : "?";
}

struct out {
    char *buf;
    size_t n, len;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = o->len < o->n ? vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap) : vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (w > 0)
        o->len += (size_t)w;
}

static void put_tile(struct out *o, const char *key, tile_t t)
{
    char name[4];
    tile_name(t, name);
    put(o, ",\"%s\":\"%s\"", key, name);
}

static void put_seat(struct out *o, const char *key, int s)
{
    if (s < MAX_PLAYERS)
        put(o, ",\"%s\":\"%c\"", key, seat_letters[s]);
}

/* Tiles in notation, one after another ("1m2m3m"). */
static void put_tiles(struct out *o, const char *key, const tile_t *t, int n)
{
    put(o, ",\"%s\":\"", key);
    for (int i = 0; i < n; i++) {
        char name[4];
        tile_name(t[i], name);
        put(o, "%s", name);
    }
    put(o, "\"");
}

static void put_extra_name(struct out *o, const struct game_rules *r, int id)
{
    if (id < r->nextra && r->extra_names[id][0])
        put(o, "\"%s\"", r->extra_names[id]);
    else
        put(o, "\"extra%d\"", id);
}

static size_t finish(struct out *o)
{
    if (o->n && o->len >= o->n) {
        o->buf[o->n - 1] = '\0';
        return o->n - 1;
    }
    return o->len;
}

size_t action_json(const struct game_rules *r, const struct action *a, char *buf, size_t n)
{
    static const char *types[ACT_TYPES] = {
        "pass", "discard", "chow", "pung", "kong", "kong_concealed", "kong_promoted", "win", "extra", "next",
        "exchange", "declare",
    };
    struct out o = { buf, n, 0 };
    if (n)
        buf[0] = '\0';
    put(&o, "{\"type\":\"%s\"", a->type < ACT_TYPES ? types[a->type] : "?");
    put_seat(&o, "seat", a->seat);
    switch (a->type) {
    case ACT_DISCARD:
    case ACT_KONG_CONCEALED:
    case ACT_KONG_PROMOTED:
        put_tile(&o, "tile", a->tile);
        break;
    case ACT_CHOW:
        put_tile(&o, "chow", a->chow);
        if (a->reds)
            put(&o, ",\"reds\":%d", a->reds);
        break;
    case ACT_PUNG:
    case ACT_KONG:
        if (a->reds)
            put(&o, ",\"reds\":%d", a->reds);
        break;
    case ACT_EXTRA:
        put(&o, ",\"name\":");
        put_extra_name(&o, r, a->extra);
        if (a->more[0] != EXTRA_NO_TILE)
            put_tile(&o, "tile", a->tile);
        break;
    case ACT_EXCHANGE: {
        tile_t t[3] = { a->tile, a->more[0], a->more[1] };
        put_tiles(&o, "tiles", t, 3);
        break;
    }
    case ACT_DECLARE:
        put(&o, ",\"suit\":\"%c\"", a->extra < 3 ? "mps"[a->extra] : '?');
        break;
    default:
        break;
    }
    put(&o, "}");
    return finish(&o);
}

/* With play after a win: "active", the seats still in the deal (left: those that had left). */
static void put_active(struct out *o, const struct game_rules *r, int32_t left)
{
    if (!r->play_after_win)
        return;
    put(o, ",\"active\":[");
    for (int s = 0, first = 1; s < r->players && s < MAX_PLAYERS; s++)
        if (!(left >> s & 1)) {
            put(o, "%s\"%c\"", first ? "" : ",", seat_letters[s]);
            first = 0;
        }
    put(o, "]");
}

size_t event_json(const struct game_rules *r, const struct event *e, int index, char *buf, size_t n)
{
    static const char *srcs[] = { "wall", "loose", "replacement" };
    static const char *hows[] = { "self", "discard", "rob" };
    static const char *winds = "ESWN";
    struct out o = { buf, n, 0 };
    if (n)
        buf[0] = '\0';
    put(&o, "{\"i\":%d,\"type\":\"%s\"", index, event_name(e->type));
    switch (e->type) {
    case EV_DEAL_START:
        put(&o, ",\"deal\":%ld,\"round\":\"%c\",\"dealer\":%d,\"honba\":%ld,\"deposits\":%ld,\"dice\":[",
            (long)e->v[0], winds[e->v[1] & 3], e->seat, (long)e->v[2], (long)e->v[3]);
        for (int i = 0; i < e->n; i++)
            put(&o, "%s%d", i ? "," : "", e->tiles[i]);
        put(&o, "]");
        break;
    case EV_DEAL:
        put_seat(&o, "seat", e->seat);
        put_tiles(&o, "tiles", e->tiles, e->n);
        break;
    case EV_EXCHANGE: {
        static const char *dirs[] = { "off", "random", "dice", "right", "across", "left" };
        put_seat(&o, "seat", e->seat);
        put_seat(&o, "to", e->from);
        put_tiles(&o, "tiles", e->tiles, e->n);
        put(&o, ",\"direction\":\"%s\"", dirs[e->kind < 6 ? e->kind : 0]);
        break;
    }
    case EV_DECLARE:
        put_seat(&o, "seat", e->seat);
        put(&o, ",\"suit\":\"%c\"", e->kind < 3 ? "mps"[e->kind] : '?');
        break;
    case EV_DRAW:
        put_seat(&o, "seat", e->seat);
        put_tile(&o, "tile", e->tile);
        put(&o, ",\"from\":\"%s\"", srcs[e->src < 3 ? e->src : 0]);
        break;
    case EV_DISCARD:
        put_seat(&o, "seat", e->seat);
        put_tile(&o, "tile", e->tile);
        if (e->extra) {
            put(&o, ",\"with\":");
            put_extra_name(&o, r, e->extra - 1);
        }
        break;
    case EV_PASS:
        put_seat(&o, "seat", e->seat);
        break;
    case EV_CHOW:
    case EV_PUNG:
    case EV_KONG:
        put_seat(&o, "seat", e->seat);
        put_tile(&o, "tile", e->tile);
        put_seat(&o, "from", e->from);
        if (e->type == EV_CHOW)
            put_tile(&o, "chow", e->kind);
        break;
    case EV_BONUS:
    case EV_KONG_CONCEALED:
    case EV_KONG_PROMOTED:
        put_seat(&o, "seat", e->seat);
        put_tile(&o, "tile", e->tile);
        break;
    case EV_DORA:
        put_tile(&o, "tile", e->tile);
        put(&o, ",\"index\":%ld", (long)e->v[0]);
        break;
    case EV_SET_ASIDE:
        put_seat(&o, "seat", e->seat);
        put(&o, ",\"name\":");
        put_extra_name(&o, r, e->extra);
        put_tile(&o, "tile", e->tile);
        if (e->kind)
            put(&o, ",\"call\":true");
        break;
    case EV_EXTRA:
        put_seat(&o, "seat", e->seat);
        put(&o, ",\"name\":");
        put_extra_name(&o, r, e->extra);
        if (!e->kind)   /* (kind: the declaration has no tile) */
            put_tile(&o, "tile", e->tile);
        break;
    case EV_WIN: {
        static const char *flags[] = { "kong_replacement", "last_tile", "first_turn", "robbing_concealed_kong",
                                       "set_aside_replacement", "robbing_set_aside", "flowers", "after_kong" };
        put_seat(&o, "seat", e->seat);
        put_tile(&o, "tile", e->tile);
        put(&o, ",\"by\":\"%s\"", hows[e->src < 3 ? e->src : 0]);
        put_seat(&o, "from", e->from);
        put(&o, ",\"flags\":[");
        for (int i = 0, first = 1; i < 8; i++)
            if (e->kind & (1 << i)) {
                put(&o, "%s\"%s\"", first ? "" : ",", flags[i]);
                first = 0;
            }
        put(&o, "]");
        put_active(&o, r, e->v[0]);
        break;
    }
    case EV_DRAW_END:
        put(&o, ",\"kind\":\"%s\",\"reason\":\"%s\"", e->v[0] == DRAW_ABORTIVE ? "abortive" : "exhaustive", e->text);
        put_active(&o, r, e->v[1]);
        break;
    case EV_SETTLE:
        put(&o, ",\"payments\":{");
        for (int s = 0; s < r->players && s < MAX_PLAYERS; s++)
            put(&o, "%s\"%c\":%ld", s ? "," : "", seat_letters[s], (long)e->v[s]);
        put(&o, "},\"deposits_taken\":%ld", (long)e->v[4]);
        break;
    case EV_PAYMENT:
        put(&o, ",\"payments\":{");
        for (int s = 0; s < r->players && s < MAX_PLAYERS; s++)
            put(&o, "%s\"%c\":%ld", s ? "," : "", seat_letters[s], (long)e->v[s]);
        put(&o, "}");
        break;
    case EV_NEXT_DEAL:
        put(&o, ",\"dealer_keeps\":%s,\"round\":\"%c\",\"honba\":%ld,\"match_over\":%s",
            e->v[0] ? "true" : "false", winds[e->v[1] & 3], (long)e->v[2], e->v[3] ? "true" : "false");
        break;
    default:
        break;
    }
    put(&o, "}");
    return finish(&o);
}
