/* jong score FILE|-: situations as JSON in, results as JSON out. An array is read and
 * answered one situation at a time: each result is written as soon as it is made, and
 * memory stays that of one situation however long the batch. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "lj.h"

/* One element of the input array at a time, in a buffer reused for the next. */
struct reader {
    FILE *f;
    char *buf;
    size_t len, cap;
};

static bool add(struct reader *r, int ch)
{
    if (r->len + 1 >= r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 4096;
        char *b = realloc(r->buf, cap);
        if (!b)
            return false;
        r->buf = b;
        r->cap = cap;
    }
    r->buf[r->len++] = (char)ch;
    r->buf[r->len] = '\0';
    return true;
}

static int skip_space(FILE *f)
{
    int ch;
    do
        ch = getc_unlocked(f);
    while (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r');
    return ch;
}

/* Reads the text of the next element of an array whose '[' has been read, up to the
 * ',' or ']' after it (not kept; *end is set at ']'). Returns 0, or -1 when the input
 * ends first (the text so far is in the buffer) or memory runs out. Brackets in
 * strings are not counted; what the element is, JSON decoding says. */
static int next_element(struct reader *r, bool *end)
{
    r->len = 0;
    if (r->buf)
        r->buf[0] = '\0';
    int depth = 0, ch = skip_space(r->f);
    bool in_string = false, escaped = false;
    for (; ch != EOF; ch = getc_unlocked(r->f)) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (ch == '\\')
                escaped = true;
            else if (ch == '"')
                in_string = false;
        } else if (ch == '"') {
            in_string = true;
        } else if (ch == '{' || ch == '[') {
            depth++;
        } else if (depth > 0 && (ch == '}' || ch == ']')) {
            depth--;
        } else if (depth == 0 && (ch == ',' || ch == ']')) {
            *end = ch == ']';
            while (r->len > 0 && strchr(" \t\r\n", r->buf[r->len - 1]))
                r->buf[--r->len] = '\0';
            return 0;
        }
        if (!add(r, ch))
            return -1;
    }
    return -1;
}

/* Writes the answer to one element (a JSON text) and notes whether it was valid. */
static void answer(lua_State *L, const char *text, size_t len, bool *all_ok)
{
    lua_pushlstring(L, text, len);
    if (lj_call_module(L, "score_json_one", 1, 2) != LUA_OK) {
        printf("{\"ok\":false,\"error\":\"internal error\"}");
        *all_ok = false;
        lua_pop(L, 1);
        return;
    }
    fputs(lua_tostring(L, -2), stdout);
    *all_ok = *all_ok && lua_toboolean(L, -1);
    lua_pop(L, 2);
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
static int score_stream(lua_State *L, FILE *f)
{
    struct reader r = { f, NULL, 0, 0 };
    bool all_ok = true, end = false;
    int n = 0;
    fputc('[', stdout);
    while (!end) {
        if (next_element(&r, &end) != 0) {
            fputs(n > 0 ? "," : "", stdout);
            batch_error(L, "bad JSON: the array is not closed (the input ends)");
            all_ok = false;
            break;
        }
        if (end && n == 0 && r.len == 0)
            break;   /* [] */
        if (n++ > 0)
            fputc(',', stdout);
        answer(L, r.buf ? r.buf : "", r.len, &all_ok);
        lua_settop(L, 0);
    }
    if (end && skip_space(f) != EOF) {
        fputs(n > 0 ? "," : "", stdout);
        batch_error(L, "bad JSON: more after the array's end");
        all_ok = false;
    }
    fputs("]\n", stdout);
    free(r.buf);
    return all_ok ? 0 : 1;
}

/* Reads the rest of a file into a Lua string on the stack, after the bytes given. */
static void push_rest(lua_State *L, FILE *f, const char *head, size_t nhead)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addlstring(&b, head, nhead);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        luaL_addlstring(&b, buf, n);
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
    char head[64];
    size_t nhead = 0;
    int ch = skip_space(f);
    if (ch == '[') {
        status = score_stream(L, f);
    } else {
        if (ch != EOF)
            head[nhead++] = (char)ch;
        push_rest(L, f, head, nhead);
        if (lj_call_module(L, "score_json", 1, 2) != LUA_OK) {
            batch_error(L, lua_tostring(L, -1));
            fputc('\n', stdout);
        } else {
            puts(lua_tostring(L, -2));
            status = lua_toboolean(L, -1) ? 0 : 1;
        }
    }
    if (f != stdin)
        fclose(f);
    lj_close(L);
    return status;
}
