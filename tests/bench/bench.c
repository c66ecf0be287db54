/* The benchmark program (make bench): every part prints its figures as
 * "name value unit" lines. Run from the source tree's top. With arguments, only the
 * parts whose name contains one of them run: `build/bench sim_japanese score`. */
#include <stdbool.h>
#include <string.h>

#include "bench.h"

static int nwanted;
static char **wanted;

bool bench_wanted(const char *name)
{
    for (int i = 0; i < nwanted; i++)
        if (strstr(name, wanted[i]))
            return true;
    return nwanted == 0;
}

bool bench_wanted_prefix(const char *prefix)
{
    for (int i = 0; i < nwanted; i++)
        if (strstr(prefix, wanted[i]) || strncmp(wanted[i], prefix, strlen(prefix)) == 0)
            return true;
    return nwanted == 0;
}

int main(int argc, char **argv)
{
    nwanted = argc - 1;
    wanted = argv + 1;
    bench_core();
    bench_game();
    bench_lua();
    return 0;
}
