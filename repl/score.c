/* jong score FILE|-: situations as JSON in, results as JSON out. An array is read and
 * answered one situation at a time: each result is written as soon as it is made, and
 * memory stays that of one situation however long the batch. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "lj.h"

/* The input, read in blocks: buf[at..end) is read and not yet used. An element of
 * the array is taken from the buffer, which grows only when one element is larger. */
#define READ_BLOCK 32768   /* (a free of 64 KB or more would make malloc consolidate) */

struct reader {
    int fd;
    char *buf;
    size_t at, end, cap;
};

/* Reads more input, keeping buf[*from..end) (moved to the front; *from and *i move
 * with it). Returns false at the input's end, on a read error or out of memory. */
static bool refill(struct reader *r, size_t *from, size_t *i)
{
    size_t keep = r->end - *from;
    if (keep > 0)
        memmove(r->buf, r->buf + *from, keep);
    r->at -= *from;   /* (at >= *from) */
    *i -= *from;
    *from = 0;
    r->end = keep;
    if (r->cap - r->end < 4096) {
        size_t cap = r->cap ? 2 * r->cap : READ_BLOCK;
        char *b = realloc(r->buf, cap);
        if (!b)
            return false;
        r->buf = b;
        r->cap = cap;
    }
    ssize_t n;
    do
        n = read(r->fd, r->buf + r->end, r->cap - r->end);
    while (n < 0 && errno == EINTR);
    if (n <= 0)
        return false;
    r->end += (size_t)n;
    return true;
}

static bool is_space(int ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

/* The next byte that is not white space (used), or EOF. */
static int skip_space(struct reader *r)
{
    for (;;) {
        while (r->at < r->end && is_space(r->buf[r->at]))
            r->at++;
        if (r->at < r->end)
            return (unsigned char)r->buf[r->at++];
        size_t from = r->at, i = r->at;
        if (!refill(r, &from, &i))
            return EOF;
    }
}

/* Bytes that matter outside strings when finding an element's end. */
static const bool is_mark[256] = { ['"'] = true, ['{'] = true, ['['] = true, ['}'] = true, [']'] = true, [','] = true };

/* Finds the text of the next element of an array whose '[' has been read, up to the
 * ',' or ']' after it (not part of it; *end is set at ']'): *text, *len (valid until
 * the next read). Returns 0, or -1 when the input ends first or memory runs out.
 * Brackets in strings are not counted; what the element is, JSON decoding says. */
static int next_element(struct reader *r, const char **text, size_t *len, bool *end)
{
    if (skip_space(r) == EOF)
        return -1;
    size_t from = r->at - 1, i = from;   /* the element: buf[from..) */
    int depth = 0;
    bool in_string = false;
    for (;;) {
        const char *b = r->buf;
        size_t e = r->end;
        if (in_string) {   /* to the closing quote, over escapes */
            const char *quote = memchr(b + i, '"', e - i), *escape;
            size_t stop = quote ? (size_t)(quote - b) : e;
            i = (escape = memchr(b + i, '\\', stop - i)) ? (size_t)(escape - b) : stop;
            if (i + 1 < e && b[i] == '\\') {
                i += 2;
                continue;
            }
            if (i < e && b[i] == '"') {
                i++;
                in_string = false;
                continue;
            }
        } else {
            while (i < e && !is_mark[(unsigned char)b[i]])
                i++;
            if (i < e) {
                char ch = b[i++];
                if (ch == '"') {
                    in_string = true;
                } else if (ch == '{' || ch == '[') {
                    depth++;
                } else if (depth > 0 && (ch == '}' || ch == ']')) {
                    depth--;
                } else if (depth == 0 && (ch == ',' || ch == ']')) {
                    *end = ch == ']';
                    size_t n = i - 1 - from;   /* without white space (or NUL) at its end */
                    while (n > 0 && (is_space(b[from + n - 1]) || b[from + n - 1] == '\0'))
                        n--;
                    *text = b + from;
                    *len = n;
                    r->at = i;
                    return 0;
                }
                continue;
            }
        }
        if (!refill(r, &from, &i))   /* the buffer is used up (or ends in an escape) */
            return -1;
    }
}

/* Writes the answer to one element (a JSON text) and notes whether it was valid.
 * jong.score_json_one is at stack index 1. */
static void answer(lua_State *L, const char *text, size_t len, bool *all_ok)
{
    lua_pushvalue(L, 1);
    lua_pushlstring(L, text, len);
    if (lj_pcall(L, 1, 0, "score_json_one", NULL) != LUA_OK) {
        printf("{\"ok\":false,\"error\":\"internal error\"}");
        *all_ok = false;
        lua_pop(L, 1);
        return;
    }
    size_t n;
    const char *out = lj_json_text(&n);   /* the answer, kept by score_json_one */
    fwrite(out, 1, n, stdout);
    *all_ok = *all_ok && n >= 10 && !memcmp(out, "{\"ok\":true", 10);
}

/* An error element of the batch's own (the input broke off or went on after ']'). */
static void batch_error(lua_State *L, const char *why)
{
    lua_getglobal(L, "jong");
    lua_getfield(L, -1, "json_encode");
    lua_createtable(L, 0, 2);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "ok");
    lua_pushstring(L, why);
    lua_setfield(L, -2, "error");
    if (lua_pcall(L, 1, 1, 0) == LUA_OK)
        fputs(lua_tostring(L, -1), stdout);
    lua_settop(L, 0);
}

/* Answers an array whose '[' has been read, element by element. Returns the status. */
static int score_stream(lua_State *L, struct reader *r)
{
    bool all_ok = true, end = false;
    int n = 0;
    fputc('[', stdout);
    lua_settop(L, 0);
    lua_getglobal(L, "jong");
    lua_getfield(L, 1, "score_json_one");
    lua_replace(L, 1);
    while (!end) {
        const char *text;
        size_t len;
        if (next_element(r, &text, &len, &end) != 0) {
            fputs(n > 0 ? "," : "", stdout);
            batch_error(L, "bad JSON: the array is not closed (the input ends)");
            all_ok = false;
            break;
        }
        if (end && n == 0 && len == 0)
            break;   /* [] */
        if (n++ > 0)
            fputc(',', stdout);
        answer(L, text, len, &all_ok);
        lua_settop(L, 1);
    }
    if (end && skip_space(r) != EOF) {
        fputs(n > 0 ? "," : "", stdout);
        batch_error(L, "bad JSON: more after the array's end");
        all_ok = false;
    }
    fputs("]\n", stdout);
    return all_ok ? 0 : 1;
}

/* Pushes the rest of the input as a Lua string, from the byte before r->at. */
static void push_rest(lua_State *L, struct reader *r)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    size_t from = r->at > 0 ? r->at - 1 : 0;
    while (r->buf) {
        luaL_addlstring(&b, r->buf + from, r->end - from);
        from = r->at = r->end;
        size_t i = from;
        if (!refill(r, &from, &i))
            break;
    }
    luaL_pushresult(&b);
}

int cmd_score(int argc, char **argv)
{
    if (argc == 2 && argv[1][0] == '-' && argv[1][1] && strcmp(argv[1], "--help") && strcmp(argv[1], "-h")) {
        fprintf(stderr, "jong score: unknown option '%s' (jong score --help)\n", argv[1]);
        return 2;
    }
    if (argc != 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fprintf(argc == 2 ? stdout : stderr, "usage: jong score FILE|-\n"
               "Reads one situation (a JSON object) or several (a JSON array) and prints\n"
               "the result(s) as JSON; an array is answered situation by situation as it\n"
               "is read. Exit status 1 when any input is invalid.\n"
               "See docs/formats.md for the fields.\n");
        return argc == 2 ? 0 : 2;
    }
    lua_State *L = lj_open();
    if (!L)
        return 1;
    FILE *f = strcmp(argv[1], "-") ? fopen(argv[1], "rb") : stdin;
    struct stat st;
    if (!f || (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode))) {   /* the error names the file */
        char why[512];
        snprintf(why, sizeof why, "cannot read %s: %s", argv[1], f ? "it is a directory" : strerror(errno));
        batch_error(L, why);
        fputc('\n', stdout);
        if (f)
            fclose(f);
        lj_close(L);
        return 1;
    }
    int status = 1;
    struct reader r = { fileno(f), NULL, 0, 0, 0 };
    int ch = skip_space(&r);
    if (ch == '[') {
        status = score_stream(L, &r);
    } else {
        push_rest(L, &r);
        if (lj_call_module(L, "score_json", 1, 2) != LUA_OK) {
            batch_error(L, lua_tostring(L, -1));
            fputc('\n', stdout);
        } else {
            puts(lua_tostring(L, -2));
            status = lua_toboolean(L, -1) ? 0 : 1;
        }
    }
    free(r.buf);
    if (f != stdin)
        fclose(f);
    lj_close(L);
    return status;
}
