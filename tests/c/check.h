/* A tiny test harness for the C tests. Each CHECK counts as one test case; main
 * ends with `return check_summary();`, which prints "N passed, N failed". */
#ifndef JONG_CHECK_H
#define JONG_CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(cond, ...) do { \
    if (cond) check_passed++; \
    else { check_failed++; fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
           fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } \
} while (0)

#define CHECK_EQ_INT(a, b) do { long long check_a_ = (a), check_b_ = (b); \
    CHECK(check_a_ == check_b_, "%s = %lld, expected %lld", #a, check_a_, check_b_); } while (0)

#define CHECK_EQ_STR(a, b) do { const char *check_a_ = (a), *check_b_ = (b); \
    CHECK(strcmp(check_a_, check_b_) == 0, "%s = \"%s\", expected \"%s\"", #a, check_a_, check_b_); } while (0)

static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
