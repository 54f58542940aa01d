/* Unit test of ir/arena.c: zeroed, 16-byte aligned allocations that never overlap, across chunk
 * boundaries and for blocks larger than a chunk; strndup/strdup/printf; PjVec growth. */
#include "ir/arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int aligned16(const void *p) { return ((uintptr_t)p & 15) == 0; }

static int all_zero(const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i]) return 0;
  return 1;
}

/* ---- alloc ------------------------------------------------------------------------------- */

/* Every size from 1 to 300 is aligned and zeroed, even where freed memory held a pattern. */
static void test_alloc_zero_align(void) {
  for (int round = 0; round < 2; round++) {
    PjArena *a = pj_arena_new();
    CHECK(a != NULL);
    int ok_align = 1, ok_zero = 1;
    for (size_t n = 1; n <= 300; n++) {
      unsigned char *p = pj_arena_alloc(a, n);
      ok_align &= aligned16(p);
      ok_zero &= all_zero(p, n);
      memset(p, 0xA5, n); /* dirty it, so a reuse of this memory would show */
    }
    CHECK(ok_align);
    CHECK(ok_zero);
    pj_arena_delete(a);
  }
  /* The padding after a small block is zeroed too: writing only size bytes of each leaves the
   * next block clean. */
  PjArena *a = pj_arena_new();
  unsigned char *p = pj_arena_alloc(a, 3), *q = pj_arena_alloc(a, 3);
  memset(p, 0xFF, 3);
  CHECK(q != p && all_zero(q, 3));
  CHECK((uintptr_t)q - (uintptr_t)p >= 16 || (uintptr_t)p - (uintptr_t)q >= 16);
  /* Types that need 16-byte alignment can be stored. */
  long double *ld = pj_arena_alloc(a, sizeof(long double) * 4);
  CHECK(aligned16(ld));
  for (int i = 0; i < 4; i++) ld[i] = (long double)i + 0.5L;
  CHECK(ld[3] == 3.5L);
  pj_arena_delete(a);
  pj_arena_delete(NULL);
}

typedef struct Block {
  unsigned char *p;
  size_t n;
} Block;

static int block_cmp(const void *x, const void *y) {
  uintptr_t a = (uintptr_t)((const Block *)x)->p, b = (uintptr_t)((const Block *)y)->p;
  return a < b ? -1 : a > b;
}

/* Many allocations of mixed sizes, spanning many 64 KiB chunks, with a few larger than a chunk
 * (and one of exactly a chunk) among them: each one is aligned and zeroed, keeps what was written
 * into it, and overlaps no other. */
static void test_many_allocs(void) {
  enum { COUNT = 20000 };
  PjArena *a = pj_arena_new();
  Block *blocks = calloc(COUNT, sizeof(Block));
  size_t total = 0;
  int ok_align = 1, ok_zero = 1;
  for (int i = 0; i < COUNT; i++) {
    size_t n = (size_t)(i * 37 % 500) + 1;
    if (i == 100) n = 200000;       /* larger than a chunk, early */
    if (i == 5000) n = 64 * 1024;   /* exactly a chunk */
    if (i == 5001) n = 64 * 1024 + 1;
    if (i == 12345) n = 1 << 20;    /* 1 MiB */
    unsigned char *p = pj_arena_alloc(a, n);
    ok_align &= aligned16(p);
    ok_zero &= all_zero(p, n);
    memset(p, (unsigned char)(i * 7 + 1), n);
    blocks[i] = (Block){p, n};
    total += n;
  }
  CHECK(ok_align);
  CHECK(ok_zero);
  CHECK(total > 10u * 64 * 1024); /* really spans many chunks */
  /* Contents survive all later allocations. */
  int ok_keep = 1;
  for (int i = 0; i < COUNT; i++) {
    unsigned char want = (unsigned char)(i * 7 + 1);
    for (size_t k = 0; k < blocks[i].n; k++)
      if (blocks[i].p[k] != want) {
        ok_keep = 0;
        break;
      }
  }
  CHECK(ok_keep);
  /* No two blocks overlap. */
  qsort(blocks, COUNT, sizeof(Block), block_cmp);
  int ok_disjoint = 1;
  for (int i = 1; i < COUNT; i++)
    if ((uintptr_t)blocks[i - 1].p + blocks[i - 1].n > (uintptr_t)blocks[i].p) ok_disjoint = 0;
  CHECK(ok_disjoint);
  free(blocks);
  pj_arena_delete(a);

  /* A big block first, then small ones: all usable. */
  a = pj_arena_new();
  unsigned char *big = pj_arena_alloc(a, 300000);
  CHECK(aligned16(big) && all_zero(big, 300000));
  memset(big, 0x11, 300000);
  unsigned char *small = pj_arena_alloc(a, 16);
  CHECK(aligned16(small) && all_zero(small, 16));
  CHECK(small + 16 <= big || small >= big + 300000);
  CHECK(big[0] == 0x11 && big[299999] == 0x11);
  pj_arena_delete(a);
}

/* ---- strings ----------------------------------------------------------------------------- */

static void test_strings(void) {
  PjArena *a = pj_arena_new();
  const char *src = "hello, world";
  char *s = pj_arena_strndup(a, src, 5);
  CHECK_STR(s, "hello");
  CHECK(s != src && s[5] == 0 && aligned16(s));
  s[0] = 'J';
  CHECK(src[0] == 'h');
  CHECK_STR(pj_arena_strndup(a, src, 0), "");
  CHECK_STR(pj_arena_strndup(a, src + 7, 5), "world");
  /* A slice of a buffer that has no terminator of its own. */
  char raw[4] = {'a', 'b', 'c', 'd'};
  CHECK_STR(pj_arena_strndup(a, raw, 4), "abcd");
  char *d = pj_arena_strdup(a, src);
  CHECK_STR(d, "hello, world");
  CHECK(d != src);
  CHECK_STR(pj_arena_strdup(a, ""), "");

  CHECK_STR(pj_arena_printf(a, "%s:%d:%d", "k.py", 12, 3), "k.py:12:3");
  CHECK_STR(pj_arena_printf(a, "%s", ""), "");
  CHECK_STR(pj_arena_printf(a, "array(%s, %dd, C)", "float32", 2), "array(float32, 2d, C)");
  CHECK_STR(pj_arena_printf(a, "%5.2f|%-3s|%x|%%", 3.14159, "a", 255u), " 3.14|a  |ff|%");
  CHECK(aligned16(pj_arena_printf(a, "x")));
  /* Output longer than a chunk. */
  size_t n = 150000;
  char *longs = malloc(n + 1);
  for (size_t i = 0; i < n; i++) longs[i] = (char)('a' + i % 26);
  longs[n] = 0;
  char *p = pj_arena_printf(a, "<%s>", longs);
  CHECK(p && strlen(p) == n + 2 && p[0] == '<' && p[n + 1] == '>' && memcmp(p + 1, longs, n) == 0);
  char *q = pj_arena_strndup(a, longs, n);
  CHECK(q && strlen(q) == n && memcmp(q, longs, n) == 0);
  free(longs);
  /* Earlier strings are untouched by later ones. */
  CHECK_STR(s, "Jello");
  CHECK_STR(d, "hello, world");
  pj_arena_delete(a);
}

/* ---- vectors ----------------------------------------------------------------------------- */

static void test_vec(void) {
  PjArena *a = pj_arena_new();
  PjVec v = {0}, w = {0};
  CHECK(v.len == 0 && v.items == NULL);
  enum { COUNT = 5000 };
  int ok_cap = 1;
  for (int i = 0; i < COUNT; i++) {
    pj_vec_push(a, &v, (void *)(uintptr_t)(i + 1));
    if (i % 3 == 0) pj_vec_push(a, &w, (void *)(uintptr_t)(100000 + i)); /* interleaved */
    ok_cap &= v.cap >= v.len && v.items != NULL;
  }
  CHECK(ok_cap);
  CHECK(v.len == COUNT);
  CHECK(w.len == (COUNT + 2) / 3);
  int ok_order = 1;
  for (int i = 0; i < v.len; i++) ok_order &= v.items[i] == (void *)(uintptr_t)(i + 1);
  CHECK(ok_order);
  ok_order = 1;
  for (int i = 0; i < w.len; i++) ok_order &= w.items[i] == (void *)(uintptr_t)(100000 + 3 * i);
  CHECK(ok_order);
  CHECK(v.items != w.items);

  /* Capacity grows geometrically: few reallocations. */
  PjVec g = {0};
  int grows = 0, last_cap = 0;
  for (int i = 0; i < 1000; i++) {
    pj_vec_push(a, &g, &g);
    if (g.cap != last_cap) grows++, last_cap = g.cap;
  }
  CHECK(g.len == 1000 && grows <= 12);

  /* NULL items are items too. */
  PjVec z = {0};
  pj_vec_push(a, &z, NULL);
  pj_vec_push(a, &z, &z);
  CHECK(z.len == 2 && z.items[0] == NULL && z.items[1] == &z);
  pj_arena_delete(a);
}

int main(void) {
  test_alloc_zero_align();
  test_many_allocs();
  test_strings();
  test_vec();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
