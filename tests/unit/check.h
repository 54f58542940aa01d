/* The unit tests' checks: each CHECK counts a pass or prints the failed condition with its line;
 * a test's main() prints the counts and fails when any check did. */
#ifndef PJ_TESTS_CHECK_H
#define PJ_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

static int passed, failed;

#define CHECK(cond)                                                              \
  do {                                                                           \
    if (cond) passed++;                                                          \
    else {                                                                       \
      failed++;                                                                  \
      printf("%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);            \
    }                                                                            \
  } while (0)

/* got (a string, or NULL) equals want */
#define CHECK_STR(got, want)                                                     \
  do {                                                                           \
    const char *g_ = (got), *w_ = (want);                                        \
    if (g_ && strcmp(g_, w_) == 0) passed++;                                     \
    else {                                                                       \
      failed++;                                                                  \
      printf("%s:%d: got '%s', want '%s'\n", __FILE__, __LINE__, g_ ? g_ : "(null)", w_); \
    }                                                                            \
  } while (0)

/* cond, else the printf-style message after it */
#define CHECKF(cond, ...)                                                        \
  do {                                                                           \
    if (cond) passed++;                                                          \
    else {                                                                       \
      failed++;                                                                  \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                \
      printf(__VA_ARGS__);                                                       \
      printf("\n");                                                              \
    }                                                                            \
  } while (0)

#define CHECK_HAS(got, part) CHECKF(strstr(got, part) != NULL, "\"%s\" lacks \"%s\"", got, part)

#endif
