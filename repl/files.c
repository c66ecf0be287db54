/* The one writer of the files jong's commands produce: the REPL's save and show --svg,
 * jong export -o, stats -o and --svg, render -o, mjai --log. A regular file (or a new
 * one) is written whole or not at all: the text goes to a temporary file beside it,
 * renamed over it once written, so a full disk or an error half-way leaves the file as
 * it was; anything else (a device, a pipe, a symbolic link) is written in place. */
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>

/* Writes all of text to fd; 0, or -1 with errno set. */
static int write_all(int fd, const char *text, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, text, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        text += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Writes text (n bytes) to path, or with text NULL only tries whether it could (a
 * temporary file made beside it and removed). 0, or an errno value; -1: path is a
 * directory. */
static int write_file(const char *path, const char *text, size_t n)
{
    struct stat st;
    bool exists = lstat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return -1;
    if (exists && !S_ISREG(st.st_mode)) {
        if (!text)   /* a pipe is not opened only to ask */
            return access(path, W_OK) == 0 ? 0 : errno;
        int fd = open(path, O_WRONLY | O_TRUNC);
        int err = fd < 0 || write_all(fd, text, n) != 0 ? errno : 0;
        if (fd >= 0 && close(fd) != 0 && !err)
            err = errno;
        return err;
    }
    size_t len = strlen(path);
    char *tmp = malloc(len + 8);
    if (!tmp)
        return ENOMEM;
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".XXXXXX", 8);
    int fd = mkstemp(tmp), err = 0;
    if (fd < 0) {
        err = errno;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(fd, exists ? (st.st_mode & 07777) : (0666 & ~mask)) != 0 || (text && write_all(fd, text, n) != 0))
            err = errno;
        if (close(fd) != 0 && !err)
            err = errno;
        if (!err && text && rename(tmp, path) != 0)
            err = errno;
        if (err || !text)
            unlink(tmp);
    }
    free(tmp);
    return err;
}

static int result(lua_State *L, int err)
{
    if (!err)
        return lua_pushboolean(L, 1), 1;
    lua_pushnil(L);
    if (err < 0)
        lua_pushliteral(L, "it is a directory");
    else
        lua_pushstring(L, strerror(err));
    return 2;
}

/* files.write(path, text) -> true, or nil, reason (the reason does not name the file). */
static int l_write(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    size_t n;
    const char *text = luaL_checklstring(L, 2, &n);
    return result(L, write_file(path, text, n));
}

/* files.writable(path) -> true, or nil, reason: whether files.write(path, ...) could
 * write it now (nothing is changed). */
static int l_writable(lua_State *L)
{
    return result(L, write_file(luaL_checkstring(L, 1), NULL, 0));
}

static int luaopen_files(lua_State *L)
{
    static const luaL_Reg fns[] = { { "write", l_write }, { "writable", l_writable }, { NULL, NULL } };
    luaL_newlib(L, fns);
    return 1;
}

void files_preload(lua_State *L)
{
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, luaopen_files);
    lua_setfield(L, -2, "files");
    lua_pop(L, 1);
}
