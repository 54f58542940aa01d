/* ir/: names to indexes (ir/names.h): open addressing, linear probing, at most half full. */
#include "ir/names.h"

#include <stdint.h>
#include <string.h>

struct PjNameSlot {
  const char *name; /* NULL: empty */
  uint32_t hash;
  int index;
};

static uint32_t pj_name_hash(const char *s) { /* FNV-1a */
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static PjNameSlot *pj_names_find(const PjNameSlot *slots, int cap, const char *name, uint32_t hash) {
  uint32_t mask = (uint32_t)cap - 1;
  for (uint32_t i = hash & mask;; i = (i + 1) & mask) {
    const PjNameSlot *s = &slots[i];
    if (!s->name || (s->hash == hash && strcmp(s->name, name) == 0)) return (PjNameSlot *)s;
  }
}

static void pj_names_grow(PjArena *arena, PjNames *names) {
  int cap = names->cap ? names->cap * 2 : 64;
  PjNameSlot *slots = pj_arena_alloc(arena, sizeof(PjNameSlot) * (size_t)cap);
  for (int i = 0; i < names->cap; i++) {
    const PjNameSlot *old = &names->slots[i];
    if (old->name) *pj_names_find(slots, cap, old->name, old->hash) = *old;
  }
  names->slots = slots; /* the old table stays in the arena until the compilation ends */
  names->cap = cap;
}

void pj_names_put(PjArena *arena, PjNames *names, const char *name, int index) {
  if (2 * (names->used + 1) > names->cap) pj_names_grow(arena, names);
  uint32_t hash = pj_name_hash(name);
  PjNameSlot *s = pj_names_find(names->slots, names->cap, name, hash);
  if (!s->name) names->used++;
  *s = (PjNameSlot){name, hash, index};
  names->count++;
}

int pj_names_get(const PjNames *names, const char *name) {
  if (names->cap == 0) return -1;
  const PjNameSlot *s = pj_names_find(names->slots, names->cap, name, pj_name_hash(name));
  return s->name ? s->index : -1;
}
