/* One arena per compilation: AST, types and IR live here and are freed in one call. */
#ifndef PJ_IR_ARENA_H
#define PJ_IR_ARENA_H

#include <stddef.h>

typedef struct PjArena PjArena;

PjArena *pj_arena_new(void);
void pj_arena_delete(PjArena *arena);
void *pj_arena_alloc(PjArena *arena, size_t size);      /* zeroed, 16-byte aligned */
char *pj_arena_strndup(PjArena *arena, const char *s, size_t n);
char *pj_arena_strdup(PjArena *arena, const char *s);
char *pj_arena_printf(PjArena *arena, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A growable array of pointers allocated in an arena. */
typedef struct PjVec {
  void **items;
  int len, cap;
} PjVec;
void pj_vec_push(PjArena *arena, PjVec *vec, void *item);

#endif
