/* External processes for `jong mjai`: a child started with `sh -c CMD` whose stdin and
 * stdout are pipes; lines are written to it and read from it with a time limit. The
 * Lua module `process` (preloaded by records_preload):
 *
 *   local p, err = process.spawn("CMD")   -- a process, or nil, reason
 *   p:send(line)                          -- true, or nil, reason (it has exited)
 *   p:recv(ms)                            -- a line, or nil, "timeout" | "exited" | reason
 *   p:close()                             -- ends it (SIGTERM, then waits)
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lj.h"
#include "records.h"

#define PROCESS_MT "jong.process"
enum { LINE_MAX_BYTES = 1 << 16 };

struct process {
    pid_t pid;
    int in, out;            /* write to its stdin, read its stdout */
    char buf[LINE_MAX_BYTES];
    size_t len;             /* bytes read, not yet returned */
};

static struct process *check_process(lua_State *L)
{
    return luaL_checkudata(L, 1, PROCESS_MT);
}

static void stop(struct process *p)
{
    if (p->in >= 0)
        close(p->in);
    if (p->out >= 0)
        close(p->out);
    p->in = p->out = -1;
    if (p->pid > 0) {
        kill(p->pid, SIGTERM);
        waitpid(p->pid, NULL, 0);
        p->pid = 0;
    }
}

static int l_spawn(lua_State *L)
{
    const char *cmd = luaL_checkstring(L, 1);
    int to_child[2], from_child[2];
    if (pipe(to_child) < 0)
        return luaL_fileresult(L, 0, "pipe");
    if (pipe(from_child) < 0) {
        close(to_child[0]);
        close(to_child[1]);
        return luaL_fileresult(L, 0, "pipe");
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(to_child[0]); close(to_child[1]); close(from_child[0]); close(from_child[1]);
        errno = e;
        return luaL_fileresult(L, 0, "fork");
    }
    if (pid == 0) {
        dup2(to_child[0], STDIN_FILENO);
        dup2(from_child[1], STDOUT_FILENO);
        close(to_child[0]); close(to_child[1]); close(from_child[0]); close(from_child[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    struct process *p = lua_newuserdatauv(L, sizeof *p, 0);
    p->pid = pid;
    p->in = to_child[1];
    p->out = from_child[0];
    p->len = 0;
    fcntl(p->in, F_SETFD, FD_CLOEXEC);
    fcntl(p->out, F_SETFD, FD_CLOEXEC);
    luaL_setmetatable(L, PROCESS_MT);
    return 1;
}

static int l_send(lua_State *L)
{
    struct process *p = check_process(L);
    size_t n;
    const char *s = luaL_checklstring(L, 2, &n);
    if (p->in < 0)
        return lua_pushnil(L), lua_pushstring(L, "exited"), 2;
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    size_t done = 0;
    while (done <= n) {
        const char *from = done < n ? s + done : "\n";
        size_t want = done < n ? n - done : 1;
        ssize_t w = write(p->in, from, want);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            signal(SIGPIPE, old);
            return lua_pushnil(L), lua_pushstring(L, "exited"), 2;
        }
        done += (size_t)w;
        if (from[0] == '\n' && want == 1)
            break;
    }
    signal(SIGPIPE, old);
    lua_pushboolean(L, 1);
    return 1;
}

static long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

static int l_recv(lua_State *L)
{
    struct process *p = check_process(L);
    long limit = (long)luaL_optinteger(L, 2, 10000);
    long deadline = now_ms() + limit;
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->len);
        if (nl) {
            size_t k = (size_t)(nl - p->buf);
            lua_pushlstring(L, p->buf, k > 0 && p->buf[k - 1] == '\r' ? k - 1 : k);
            memmove(p->buf, nl + 1, p->len - k - 1);
            p->len -= k + 1;
            return 1;
        }
        if (p->len == sizeof p->buf)
            return lua_pushnil(L), lua_pushstring(L, "a line longer than 64 KiB"), 2;
        if (p->out < 0)
            return lua_pushnil(L), lua_pushstring(L, "exited"), 2;
        long left = deadline - now_ms();
        if (left <= 0)
            return lua_pushnil(L), lua_pushstring(L, "timeout"), 2;
        struct pollfd pfd = { .fd = p->out, .events = POLLIN };
        int r = poll(&pfd, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            return lua_pushnil(L), lua_pushstring(L, "timeout"), 2;
        ssize_t got = read(p->out, p->buf + p->len, sizeof p->buf - p->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return lua_pushnil(L), lua_pushstring(L, "exited"), 2;
        p->len += (size_t)got;
    }
}

static int l_close(lua_State *L)
{
    stop(check_process(L));
    return 0;
}

static const luaL_Reg process_methods[] = {
    { "send", l_send },
    { "recv", l_recv },
    { "close", l_close },
    { NULL, NULL },
};

int luaopen_process(lua_State *L)
{
    if (luaL_newmetatable(L, PROCESS_MT)) {
        luaL_newlib(L, process_methods);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, l_close);
        lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushcfunction(L, l_spawn);
    lua_setfield(L, -2, "spawn");
    return 1;
}
