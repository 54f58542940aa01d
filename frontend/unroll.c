/* literal_unroll (frontend/checker.h).
 *
 * `for x in literal_unroll(t)` runs its body once per item of the tuple t, each copy typed for
 * its item (numba's literal_unroll, which lets the items differ in type). The loop becomes
 * `for $o in range(1):` holding one copy of the body per item, each starting with `x = t[k]`:
 * a `break` leaves the outer loop, as it leaves the whole unrolled loop. A body with a `continue`
 * puts each copy in a loop of its own, `for $c in range(1):`, which the continue ends; its breaks
 * then set a flag that ends the outer loop after that copy. The target and every variable that
 * lives only in the body get a variable of their own per copy, so that each copy has its types. */

#include <string.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"

/* `for name in range(1): body` */
static PjStmt *pj_once_loop(PjChecker *c, PjExpr *counter, PjBlock body, PjLoc loc) {
  PjExpr *range = pj_new_expr(c, (PjExpr){.kind = PJ_EX_CALL, .loc = loc});
  range->call.fn = pj_new_expr(c, (PjExpr){.kind = PJ_EX_NAME, .loc = loc, .name = {"range", -1}});
  range->call.args = pj_arena_alloc(c->arena, sizeof(PjExpr *));
  range->call.args[0] = pj_new_expr(c, (PjExpr){.kind = PJ_EX_INT, .loc = loc, .ival = 1});
  range->call.nargs = 1;
  PjStmt *st = pj_arena_alloc(c->arena, sizeof(PjStmt));
  *st = (PjStmt){.kind = PJ_ST_FOR, .loc = loc};
  st->for_.target = counter;
  st->for_.iter = range;
  st->for_.body = body;
  return st;
}

/* Whether a block holds a break (want_break) or a continue of its own loop, outside inner loops. */
static bool pj_has_jump(const PjBlock *b, bool want_break) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    if (s->kind == (want_break ? PJ_ST_BREAK : PJ_ST_CONTINUE)) return true;
    if (s->kind == PJ_ST_IF && (pj_has_jump(&s->if_.then, want_break) || pj_has_jump(&s->if_.orelse, want_break)))
      return true;
  }
  return false;
}

/* Every break of the block's own loop becomes `if True: flag = True; break`. */
static void pj_flag_breaks(PjChecker *c, PjBlock *b, PjExpr *flag) {
  for (int i = 0; i < b->count; i++) {
    PjStmt *s = b->stmts[i];
    if (s->kind == PJ_ST_IF) {
      pj_flag_breaks(c, &s->if_.then, flag);
      pj_flag_breaks(c, &s->if_.orelse, flag);
    }
    if (s->kind != PJ_ST_BREAK) continue;
    PjStmt **then = pj_arena_alloc(c->arena, sizeof(PjStmt *) * 2);
    then[0] = pj_assign_of(c, pj_clone_expr(c->arena, flag, 0),
                           pj_new_expr(c, (PjExpr){.kind = PJ_EX_BOOL, .loc = s->loc, .ival = 1}), s->loc);
    then[1] = s;
    PjStmt *st = pj_arena_alloc(c->arena, sizeof(PjStmt));
    *st = (PjStmt){.kind = PJ_ST_IF, .loc = s->loc};
    st->if_.cond = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BOOL, .loc = s->loc, .ival = 1});
    st->if_.then = (PjBlock){then, 2};
    b->stmts[i] = st;
  }
}

typedef struct PjNameUse {
  const char *name;
  int count;
  const char *rename; /* when set: every use is renamed to it */
} PjNameUse;

static bool pj_count_name(const PjExpr *e, void *ctx) {
  PjNameUse *u = ctx;
  if (e->kind == PJ_EX_NAME && strcmp(e->name.id, u->name) == 0) {
    u->count++;
    if (u->rename) ((PjExpr *)e)->name.id = u->rename;
  }
  return false;
}

static int pj_name_uses(const PjBlock *b, const char *name) {
  PjNameUse u = {name, 0, NULL};
  pj_block_any_expr(b, pj_count_name, &u);
  return u.count;
}

/* The variables the body assigns that appear nowhere else in the function (names[0] is the
 * loop's target, always its own per copy). */
static int pj_body_locals(PjChecker *c, PjStmt *s, const char **names, int max) {
  int n = 0;
  names[n++] = s->for_.target->name.id;
  for (int v = 0; v < c->f->nvars && n < max; v++) {
    const char *name = c->f->vars[v].name;
    if (v < c->f->nparams || strcmp(name, names[0]) == 0 || !pj_assigns_name(&s->for_.body, name)) continue;
    int inside = pj_name_uses(&s->for_.body, name);
    if (pj_name_uses(&c->f->body, name) == inside) names[n++] = name;
  }
  return n;
}

bool pj_for_unrolled(PjChecker *c, PjStmt *s) {
  PjExpr *call = s->for_.iter;
  if (call->call.nargs != 1 || call->call.has_kwargs) {
    pj_err(c, call->loc, "literal_unroll() takes one tuple");
    return false;
  }
  if (s->for_.target->kind != PJ_EX_NAME) {
    pj_err(c, s->for_.target->loc, "the target of a for loop over literal_unroll() must be a name");
    return false;
  }
  PjExpr *it = call->call.args[0];
  PjExpr *orig = pj_clone_expr(c->arena, it, 0); /* typing may rewrite the argument */
  if (orig->kind == PJ_EX_NAME && pj_var_index(c, orig->name.id) < 0) { /* a global tuple: its items */
    const PjGlobal *g = pj_module_global(c->m, orig->name.id);
    if (g && g->kind == PJ_GLOBAL_CONST && g->value && g->value->kind == PJ_EX_TUPLE)
      orig = pj_literal_copy(c, g->value, orig->loc);
  }
  const PjType *t = pj_expr_type(c, &call->call.args[0]);
  if (!t) return false;
  if (t->kind != PJ_TY_TUPLE) {
    pj_err(c, it->loc, "literal_unroll() takes a tuple, not %s", pj_tn(c, t));
    return false;
  }
  const char *inames[16];
  int ninames = 0;
  if (orig->kind != PJ_EX_TUPLE && !pj_iter_names(orig, inames, &ninames)) {
    pj_err(c, it->loc, "literal_unroll() needs a literal tuple, a variable or an element of one: assign this to a "
           "variable first");
    return false;
  }
  for (int i = 0; i < ninames; i++)
    if (pj_assigns_name(&s->for_.body, inames[i])) {
      pj_err(c, it->loc, "the loop assigns '%s', which literal_unroll() walks: iterate over a copy", inames[i]);
      return false;
    }
  const char *locals[64], *renamed[64];
  int nlocals = pj_body_locals(c, s, locals, 64);
  bool has_continue = pj_has_jump(&s->for_.body, false), has_break = pj_has_jump(&s->for_.body, true);
  PjExpr *flag = has_continue && has_break ? pj_new_var(c, "$brk", s->loc) : NULL;
  int per = has_continue ? (flag ? 3 : 1) : s->for_.body.count + 1;
  PjStmt **stmts = pj_arena_alloc(c->arena, sizeof(PjStmt *) * (size_t)(per * t->count + 1));
  int m = 0;
  for (int k = 0; k < t->count; k++) {
    for (int i = 0; i < nlocals; i++) renamed[i] = pj_new_var(c, locals[i], s->loc)->name.id;
    PjBlock copy;
    pj_clone_block(c->arena, &copy, &s->for_.body, 0);
    for (int i = 0; i < nlocals; i++) {
      PjNameUse u = {locals[i], 0, renamed[i]};
      pj_block_any_expr(&copy, pj_count_name, &u);
    }
    PjExpr *target = pj_clone_expr(c->arena, s->for_.target, 0);
    target->name.id = renamed[0];
    PjExpr *item;
    if (orig->kind == PJ_EX_TUPLE) {
      item = pj_clone_expr(c->arena, orig->tuple.items[k], 0);
    } else {
      item = pj_new_expr(c, (PjExpr){.kind = PJ_EX_SUBSCRIPT, .loc = it->loc});
      item->sub.base = pj_clone_expr(c->arena, orig, 0);
      item->sub.index = pj_new_expr(c, (PjExpr){.kind = PJ_EX_INT, .loc = it->loc, .ival = k});
    }
    PjStmt **body = pj_arena_alloc(c->arena, sizeof(PjStmt *) * (size_t)(copy.count + 2));
    body[0] = pj_assign_of(c, target, item, s->loc);
    memcpy(body + 1, copy.stmts, sizeof(PjStmt *) * (size_t)copy.count);
    PjBlock whole = {body, copy.count + 1};
    if (!has_continue) {
      memcpy(stmts + m, whole.stmts, sizeof(PjStmt *) * (size_t)whole.count);
      m += whole.count;
      continue;
    }
    if (flag) {
      pj_flag_breaks(c, &whole, flag);
      stmts[m++] = pj_assign_of(c, pj_clone_expr(c->arena, flag, 0),
                                pj_new_expr(c, (PjExpr){.kind = PJ_EX_BOOL, .loc = s->loc, .ival = 0}), s->loc);
    }
    stmts[m++] = pj_once_loop(c, pj_new_var(c, "$c", s->loc), whole, s->loc);
    if (flag) {
      PjStmt **brk = pj_arena_alloc(c->arena, sizeof(PjStmt *));
      brk[0] = pj_arena_alloc(c->arena, sizeof(PjStmt));
      *brk[0] = (PjStmt){.kind = PJ_ST_BREAK, .loc = s->loc};
      PjStmt *st = pj_arena_alloc(c->arena, sizeof(PjStmt));
      *st = (PjStmt){.kind = PJ_ST_IF, .loc = s->loc};
      st->if_.cond = pj_clone_expr(c->arena, flag, 0);
      st->if_.then = (PjBlock){brk, 1};
      stmts[m++] = st;
    }
  }
  PjStmt *outer = pj_once_loop(c, pj_new_var(c, "$o", s->loc), (PjBlock){stmts, m}, s->loc);
  *s = *outer;
  return true;
}

