/* The fuzz targets' allocator for tree-sitter: glibc's own malloc, not the sanitizers'.
 *
 * tree-sitter is not instrumented, so AddressSanitizer cannot see its reads and writes anyway;
 * what its allocations cost under ASan's allocator (a stack trace, shadow poisoning and a
 * quarantine for every node of every parse) was a quarter of fuzz_compile's time. With glibc's
 * allocator, the target instead counts tree-sitter's live blocks and calls it a defect when an
 * input leaves any behind (a tree, cursor or parser the front end did not delete): a leak check
 * after every input rather than at the process's exit. */
#include <stddef.h>

#include "common.h"

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *ptr, size_t size);
void __libc_free(void *ptr);
void ts_set_allocator(void *(*new_malloc)(size_t), void *(*new_calloc)(size_t, size_t),
                      void *(*new_realloc)(void *, size_t), void (*new_free)(void *));

static long pj_ts_live; /* blocks tree-sitter holds; the front end may run on a thread of its own */

static void pj_ts_count(void *p, long d) {
  if (p) __atomic_add_fetch(&pj_ts_live, d, __ATOMIC_RELAXED);
}
static void *pj_ts_malloc(size_t n) {
  void *p = __libc_malloc(n);
  pj_ts_count(p, 1);
  return p;
}
static void *pj_ts_calloc(size_t c, size_t n) {
  void *p = __libc_calloc(c, n);
  pj_ts_count(p, 1);
  return p;
}
static void *pj_ts_realloc(void *old, size_t n) {
  void *p = __libc_realloc(old, n);
  if (!old) pj_ts_count(p, 1);
  else if (!p && n == 0) pj_ts_count(old, -1);
  return p;
}
static void pj_ts_free(void *p) {
  pj_ts_count(p, -1);
  __libc_free(p);
}

__attribute__((constructor)) static void pj_ts_allocator_init(void) {
  ts_set_allocator(pj_ts_malloc, pj_ts_calloc, pj_ts_realloc, pj_ts_free);
}

void pj_fuzz_check_parser_memory(void) {
  long live = __atomic_load_n(&pj_ts_live, __ATOMIC_RELAXED);
  if (live != 0) pj_fuzz_defect("tree-sitter holds %ld blocks after the input: a tree, cursor or parser leaked", live);
}
