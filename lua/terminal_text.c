/* The one place where text that may come from rule code (a ruleset's name, item names,
 * reasons, error messages) is made safe to show on a terminal: control codes (C0 but
 * tab and newline, DEL, C1: ESC sequences, carriage returns), bidirectional overrides
 * and bytes that are not UTF-8 are written as escapes (\x1b, \xc2\x9b, \u{202e}), so no
 * rule file can move the cursor, rewrite a line, set the title or the clipboard, or hide
 * text. Every program path that prints such text to a terminal goes through it. */
#include "lj.h"

#include <stdio.h>
#include <string.h>

/* The length of the valid UTF-8 sequence at s[0..n) of a code point from U+0080, and the
 * code point, or 0 when it is not valid UTF-8 (overlong, a surrogate, past U+10FFFF). */
static size_t utf8_sequence(const unsigned char *s, size_t n, unsigned long *cp)
{
    size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc0 ? 2 : 0;
    if (len == 0 || len > n || s[0] > 0xf4)
        return 0;
    unsigned long c = s[0] & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3f);
    }
    static const unsigned long least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (c < least[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return len;
}

/* The colour codes the REPL paints tiles with, let through when asked. */
static size_t palette_code(const char *s, size_t n)
{
    static const char *const codes[] = { "\33[0m", "\33[31m", "\33[32m", "\33[33m", "\33[34m", "\33[35m",
                                         "\33[1;31m" };
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        size_t len = strlen(codes[i]);
        if (len <= n && !memcmp(s, codes[i], len))
            return len;
    }
    return 0;
}

const char *lj_push_terminal_text(lua_State *L, const char *text, size_t n, bool colours)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < n && s[i] >= 0x20 && s[i] < 0x7f)
        i++;
    if (i == n)   /* plain ASCII (the usual case): as it is */
        return lua_pushlstring(L, text, n);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addlstring(&b, text, i);
    char esc[16];
    while (i < n) {
        unsigned char c = s[i];
        size_t len;
        unsigned long cp = 0;
        if ((c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t') {
            luaL_addchar(&b, (char)c);
            i++;
        } else if (c == 0x1b && colours && (len = palette_code(text + i, n - i))) {
            luaL_addlstring(&b, text + i, len);
            i += len;
        } else if (c >= 0x80 && (len = utf8_sequence(s + i, n - i, &cp))) {
            if (cp <= 0x9f) {   /* C1 controls */
                for (size_t k = 0; k < len; k++) {
                    snprintf(esc, sizeof esc, "\\x%02x", s[i + k]);
                    luaL_addstring(&b, esc);
                }
            } else if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) {
                snprintf(esc, sizeof esc, "\\u{%lx}", cp);   /* text direction overrides */
                luaL_addstring(&b, esc);
            } else {
                luaL_addlstring(&b, text + i, len);
            }
            i += len;
        } else {   /* a C0 control, DEL, or a byte that is not UTF-8 */
            snprintf(esc, sizeof esc, "\\x%02x", c);
            luaL_addstring(&b, esc);
            i++;
        }
    }
    luaL_pushresult(&b);
    return lua_tostring(L, -1);
}

const char *lj_terminal_text_at(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    size_t n = 0;
    const char *s = lua_tolstring(L, idx, &n);
    if (!s) {
        s = lua_pushfstring(L, "(%s)", luaL_typename(L, idx));
        n = strlen(s);
        lua_replace(L, idx);
    }
    lj_push_terminal_text(L, s, n, false);
    lua_replace(L, idx);
    return lua_tostring(L, idx);
}

/* jong.terminal_text(s [, colours]) -> s made safe to print on a terminal (colours: the
 * REPL's own tile colour codes are let through). */
int lj_terminal_text(lua_State *L)
{
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    lj_push_terminal_text(L, s, n, lua_toboolean(L, 2));
    return 1;
}
