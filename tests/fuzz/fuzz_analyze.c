/* libFuzzer target: `jong analyze HAND` on any text (make fuzz). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int quiet;
    if (!quiet)
        quiet = freopen("/dev/null", "w", stdout) != NULL;
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = '\0';
    char name[] = "analyze";
    char *argv[] = { name, s, NULL };
    (void)cmd_analyze(2, argv);
    free(s);
    return 0;
}
