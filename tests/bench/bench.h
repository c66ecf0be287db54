/* The parts of the benchmark program. */
#ifndef JONG_BENCH_H
#define JONG_BENCH_H

#include <stdbool.h>

void bench_core(void);
void bench_game(void);
void bench_lua(void);
/* Is the figure of this name asked for (the program's arguments; none: every one)? */
bool bench_wanted(const char *name);
/* Could a figure whose name starts with this prefix be asked for? */
bool bench_wanted_prefix(const char *prefix);

#endif
