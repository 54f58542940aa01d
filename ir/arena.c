#include "ir/arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct PjChunk {
  struct PjChunk *next;
  size_t used, size;
  _Alignas(16) unsigned char data[];
} PjChunk;

struct PjArena {
  PjChunk *head;
};

enum { PJ_CHUNK_SIZE = 64 * 1024 };

PjArena *pj_arena_new(void) { return calloc(1, sizeof(PjArena)); }

void pj_arena_delete(PjArena *arena) {
  if (!arena) return;
  for (PjChunk *c = arena->head, *next; c; c = next) {
    next = c->next;
    free(c);
  }
  free(arena);
}

void *pj_arena_alloc(PjArena *arena, size_t size) {
  size = (size + 15) & ~(size_t)15;
  PjChunk *c = arena->head;
  if (!c || c->size - c->used < size) {
    size_t cap = size > PJ_CHUNK_SIZE ? size : PJ_CHUNK_SIZE;
    c = malloc(sizeof(PjChunk) + cap);
    if (!c) abort(); /* out of memory: nothing sensible to report to */
    c->size = cap;
    c->used = 0;
    c->next = arena->head;
    arena->head = c;
  }
  void *p = c->data + c->used;
  c->used += size;
  memset(p, 0, size);
  return p;
}

char *pj_arena_strndup(PjArena *arena, const char *s, size_t n) {
  char *p = pj_arena_alloc(arena, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *pj_arena_strdup(PjArena *arena, const char *s) { return pj_arena_strndup(arena, s, strlen(s)); }

char *pj_arena_printf(PjArena *arena, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *p = pj_arena_alloc(arena, (size_t)n + 1);
  vsnprintf(p, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  return p;
}

void pj_vec_push(PjArena *arena, PjVec *vec, void *item) {
  if (vec->len == vec->cap) {
    int cap = vec->cap ? vec->cap * 2 : 4;
    void **items = pj_arena_alloc(arena, sizeof(void *) * (size_t)cap);
    if (vec->len) memcpy(items, vec->items, sizeof(void *) * (size_t)vec->len);
    vec->items = items;
    vec->cap = cap;
  }
  vec->items[vec->len++] = item;
}
