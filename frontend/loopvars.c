/* One name reused as the target of several for loops, each loop's values of another type:
 *
 *   for v in (a2, b2): ...        # v: a 2-vector
 *   for v in (a3, b3, c3): ...    # v: a 3-vector
 *
 * A variable has one type in pyjitc, where numba's SSA form gives each definition its own. When
 * every use of the name lies in such loops (their target and body) and no loop is inside another,
 * no value of v flows from one loop to another: each loop (from the second on) gets a variable of
 * its own, named v$for<k>, before the locals are collected (loops over range() keep the name:
 * their values are integers alike). */
#include <stdio.h>
#include <string.h>

#include "frontend/frontend.h"

typedef struct PjSplit {
  const char *name;
  const char *to;   /* renaming: the new name */
  int hits;         /* counting: NAME occurrences */
  bool keyword;     /* a keyword argument spelled like the name (f(v=1)): left alone */
} PjSplit;

static bool pj_split_visit(const PjExpr *e, void *ctx) {
  PjSplit *s = ctx;
  if (e->kind == PJ_EX_BINARY && e->bin.op == PJ_OP_COUNT && e->bin.l->kind == PJ_EX_NAME &&
      strcmp(e->bin.l->name.id, s->name) == 0)
    s->keyword = true;
  if (e->kind == PJ_EX_NAME && strcmp(e->name.id, s->name) == 0) {
    s->hits++;
    if (s->to) ((PjExpr *)e)->name.id = s->to;
  }
  return false;
}

static int pj_count_in_block(const PjBlock *b, const char *name, bool *keyword) {
  PjSplit s = {.name = name};
  pj_block_any_expr(b, pj_split_visit, &s);
  if (s.keyword) *keyword = true;
  return s.hits;
}

static int pj_count_in_expr(const PjExpr *e, const char *name, bool *keyword) {
  PjSplit s = {.name = name};
  pj_expr_any(e, pj_split_visit, &s);
  if (s.keyword) *keyword = true;
  return s.hits;
}

/* The for statements of b (nested blocks too) whose target is the plain name `name`. */
static void pj_loops_of(PjArena *arena, const PjBlock *b, const char *name, PjVec *out) {
  for (int i = 0; i < b->count; i++) {
    PjStmt *s = b->stmts[i];
    switch (s->kind) {
    case PJ_ST_FOR:
      if (s->for_.target->kind == PJ_EX_NAME && strcmp(s->for_.target->name.id, name) == 0) pj_vec_push(arena, out, s);
      pj_loops_of(arena, &s->for_.body, name, out);
      break;
    case PJ_ST_IF:
      pj_loops_of(arena, &s->if_.then, name, out);
      pj_loops_of(arena, &s->if_.orelse, name, out);
      break;
    case PJ_ST_WHILE: pj_loops_of(arena, &s->while_.body, name, out); break;
    default: break;
    }
  }
}

static bool pj_inner_mentions(PjFunc *const *inner, int ninner, const char *name) {
  bool kw = false;
  for (int i = 0; i < ninner; i++)
    if (pj_count_in_block(&inner[i]->body, name, &kw) > 0) return true;
  return false;
}

static void pj_split_name(PjArena *arena, PjFunc *f, PjFunc *const *inner, int ninner, const char *name) {
  PjVec loops = {0};
  pj_loops_of(arena, &f->body, name, &loops);
  if (loops.len < 2) return;
  bool kw = false;
  int total = pj_count_in_block(&f->body, name, &kw), inside = 0;
  for (int i = 0; i < loops.len; i++) {
    PjStmt *s = loops.items[i];
    if (pj_count_in_expr(s->for_.iter, name, &kw) > 0) return; /* read before the loop assigns it */
    PjVec nested = {0};
    pj_loops_of(arena, &s->for_.body, name, &nested);
    if (nested.len > 0) return;
    inside += 1 + pj_count_in_block(&s->for_.body, name, &kw);
  }
  if (kw || inside != total || pj_inner_mentions(inner, ninner, name)) return;
  for (int i = 0; i < f->nparams; i++)
    if (strcmp(f->vars[i].name, name) == 0) return;
  for (int i = 1; i < loops.len; i++) {
    PjStmt *s = loops.items[i];
    const PjExpr *it = s->for_.iter; /* range loops count integers alike: they keep the name */
    if (it->kind == PJ_EX_CALL && it->call.fn->kind == PJ_EX_NAME && strcmp(it->call.fn->name.id, "range") == 0) continue;
    PjSplit ren = {.name = name, .to = pj_arena_printf(arena, "%s$for%d", name, i)};
    pj_expr_any(s->for_.target, pj_split_visit, &ren);
    pj_block_any_expr(&s->for_.body, pj_split_visit, &ren);
  }
}

/* The names of for targets in b (nested blocks too), each once. */
static void pj_for_names(PjArena *arena, const PjBlock *b, PjVec *names) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    switch (s->kind) {
    case PJ_ST_FOR: {
      if (s->for_.target->kind == PJ_EX_NAME) {
        bool seen = false;
        for (int k = 0; k < names->len && !seen; k++) seen = strcmp(names->items[k], s->for_.target->name.id) == 0;
        if (!seen) pj_vec_push(arena, names, (void *)s->for_.target->name.id);
      }
      pj_for_names(arena, &s->for_.body, names);
      break;
    }
    case PJ_ST_IF:
      pj_for_names(arena, &s->if_.then, names);
      pj_for_names(arena, &s->if_.orelse, names);
      break;
    case PJ_ST_WHILE: pj_for_names(arena, &s->while_.body, names); break;
    default: break;
    }
  }
}

void pj_split_loop_vars(PjArena *arena, PjFunc *f, PjFunc *const *inner, int ninner) {
  PjVec names = {0};
  pj_for_names(arena, &f->body, &names);
  for (int i = 0; i < names.len; i++) pj_split_name(arena, f, inner, ninner, names.items[i]);
}
