/* Unit test of ir/names.c: a name's latest index, an absent name's -1, 100,000 names through the
 * table's growth, names that differ only late or share a prefix, and the count of puts that
 * pj_module_global relies on to know which globals are indexed. */
#include "ir/names.h"

#include <stdio.h>

#include "check.h"

static void test_latest_wins(void) {
  PjArena *a = pj_arena_new();
  PjNames n = {0};
  CHECK(pj_names_get(&n, "x") == -1); /* empty: no table yet */
  pj_names_put(a, &n, "x", 0);
  pj_names_put(a, &n, "y", 1);
  pj_names_put(a, &n, "x", 2);
  CHECK(pj_names_get(&n, "x") == 2);
  CHECK(pj_names_get(&n, "y") == 1);
  CHECK(pj_names_get(&n, "z") == -1);
  CHECK(pj_names_get(&n, "") == -1);
  CHECK(n.count == 3 && n.used == 2);
  pj_names_put(a, &n, "", 3); /* the empty name is a name */
  CHECK(pj_names_get(&n, "") == 3);
  pj_arena_delete(a);
}

static void test_many(void) {
  enum { N = 100000 };
  PjArena *a = pj_arena_new();
  PjNames n = {0};
  static char names[N][16];
  for (int i = 0; i < N; i++) {
    snprintf(names[i], sizeof names[i], "name_%d", i);
    pj_names_put(a, &n, names[i], i);
  }
  int wrong = 0;
  for (int i = 0; i < N; i++) wrong += pj_names_get(&n, names[i]) != i;
  CHECK(wrong == 0);
  /* rebinding every other one keeps the rest */
  for (int i = 0; i < N; i += 2) pj_names_put(a, &n, names[i], N + i);
  wrong = 0;
  for (int i = 0; i < N; i++) wrong += pj_names_get(&n, names[i]) != (i % 2 ? i : N + i);
  CHECK(wrong == 0);
  CHECK(n.used == N && n.count == N + N / 2);
  CHECK(2 * n.used <= n.cap);
  CHECK(pj_names_get(&n, "name_") == -1 && pj_names_get(&n, "name_100000") == -1 &&
        pj_names_get(&n, "name_00") == -1);
  pj_arena_delete(a);
}

int main(void) {
  test_latest_wins();
  test_many();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
