/* ir/: names to the index of their latest binding, in a hash table in an arena. A module's
 * globals are looked up by name at every use, and a module may bind tens of thousands of names
 * (generated tables of constants, thousands of small kernels): a search of the list each time
 * made a compile quadratic in the module's size. */
#ifndef PJ_IR_NAMES_H
#define PJ_IR_NAMES_H

#include "ir/arena.h"

typedef struct PjNameSlot PjNameSlot;
typedef struct PjNames {
  PjNameSlot *slots;
  int cap;   /* a power of two, or 0 */
  int used;  /* distinct names */
  int count; /* pj_names_put calls: a table kept in step with a list has one for each item */
} PjNames;

/* name stands for index from now on (a later binding of a name replaces an earlier one). name
 * must outlive the table. */
void pj_names_put(PjArena *arena, PjNames *names, const char *name, int index);
/* The index of name's latest binding, or -1. */
int pj_names_get(const PjNames *names, const char *name);

#endif
