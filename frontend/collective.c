/* For the CPU executor: every warp or block collective (shuffles, votes, syncthreads_count...)
 * becomes a statement of its own, `t = collective(n1, n2, n3)`, whose arguments are variables
 * assigned just before it. Block mode (backend/regions.c) then runs the assignments of the
 * arguments in one thread region and the collective in the next, where each thread can read
 * the other lanes' arguments. A call of a device function that holds a barrier, a shared array
 * or a collective (itself or through its callees) is inlined first: its parameters and locals
 * become fresh variables of the kernel, and its returns assignments to the call's result
 * (with a per-call "returned" flag that guards the code after a return that is not the last
 * statement). The GPU needs none of this and keeps the tree as typed. */
#include <stdio.h>
#include <string.h>

#include "frontend/frontend.h"
#include "frontend/returns.h"
#include "stdlib/builtins.h"

typedef struct PjHoist {
  PjArena *arena;
  const PjModule *m;
  PjFunc *f;
  PjDiags *diags;
  PjVec vars;     /* PjVar*: the function's variables, with the temporaries added */
  PjVec before;   /* PjStmt*: what the statement being rewritten needs first */
  bool *inline_spec; /* per PjSpec id: holds a barrier, shared array or collective, maybe via calls */
  PjVec inlining; /* PjSpec*: the device functions being inlined, outermost first */
  bool ok;
} PjHoist;

bool pj_is_collective(const PjExpr *e) {
  return e && e->kind == PJ_EX_BUILTIN && pj_builtins[e->builtin.id].lower == PJ_LOWER_COLLECTIVE;
}

static PjExpr *pj_var_ref(PjHoist *h, int var, PjLoc loc) {
  const PjVar *v = h->vars.items[var];
  PjExpr *n = pj_arena_alloc(h->arena, sizeof(PjExpr));
  n->kind = PJ_EX_NAME;
  n->loc = loc;
  n->type = v->type;
  n->name.id = v->name;
  n->name.var = var;
  return n;
}

static int pj_new_var(PjHoist *h, const char *name, const PjType *t, PjLoc loc) {
  PjVar *v = pj_arena_alloc(h->arena, sizeof(PjVar));
  v->name = name;
  v->loc = loc;
  v->type = t;
  pj_vec_push(h->arena, &h->vars, v);
  return h->vars.len - 1;
}

static PjExpr *pj_temp(PjHoist *h, const PjType *t, PjLoc loc) {
  return pj_var_ref(h, pj_new_var(h, pj_arena_printf(h->arena, "$t%d", h->vars.len), t, loc), loc);
}

static PjStmt *pj_new_stmt(PjHoist *h, PjStmtKind kind, PjLoc loc) {
  PjStmt *s = pj_arena_alloc(h->arena, sizeof(PjStmt));
  s->kind = kind;
  s->loc = loc;
  return s;
}

static PjStmt *pj_assign_stmt(PjHoist *h, PjExpr *target, PjExpr *value, PjLoc loc) {
  PjStmt *s = pj_new_stmt(h, PJ_ST_ASSIGN, loc);
  s->assign.targets = pj_arena_alloc(h->arena, sizeof(PjExpr *));
  s->assign.targets[0] = target;
  s->assign.ntargets = 1;
  if (!pj_type_equal(value->type, target->type)) { /* what the call or the return converted */
    PjExpr *c = pj_arena_alloc(h->arena, sizeof(PjExpr));
    c->kind = PJ_EX_CAST;
    c->loc = value->loc;
    c->type = target->type;
    c->cast.x = value;
    value = c;
  }
  s->assign.value = value;
  return s;
}

static void pj_emit_assign(PjHoist *h, PjExpr *target, PjExpr *value) {
  pj_vec_push(h->arena, &h->before, pj_assign_stmt(h, target, value, value->loc));
}

/* ---- which device functions are inlined ---------------------------------------------------- */

static bool pj_needs_inline(const PjExpr *e, void *ctx) {
  const PjHoist *h = ctx;
  if (e->kind == PJ_EX_CALL) return e->call.spec && h->inline_spec[e->call.spec->id];
  if (e->kind != PJ_EX_BUILTIN) return false;
  PjLowering l = pj_builtins[e->builtin.id].lower;
  return l == PJ_LOWER_BARRIER || l == PJ_LOWER_SHARED_ARRAY || l == PJ_LOWER_COLLECTIVE;
}

/* Mark the specialisations that hold a barrier, a shared array or a collective, directly or
 * through the ones they call (until nothing changes: calls may form cycles). */
static void pj_mark_inlined(PjHoist *h, PjSpec **specs, int nspecs) {
  h->inline_spec = pj_arena_alloc(h->arena, sizeof(bool) * (size_t)(nspecs + 1));
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < nspecs; i++) {
      PjSpec *s = specs[i];
      if (h->inline_spec[s->id] || s->state != PJ_SPEC_DONE || !s->typed) continue;
      if (pj_block_any_expr(&s->typed->body, pj_needs_inline, h)) h->inline_spec[s->id] = s->inlined = changed = true;
    }
  }
}

/* ---- returns of an inlined body ------------------------------------------------------------ */

typedef struct PjReturns {
  PjHoist *h;
  const PjFunc *f;
  PjExpr *result; /* the call's value, or NULL for a function without one */
  int returned;   /* the "returned" flag variable, or -1 until a return needs it */
} PjReturns;

static PjExpr *pj_returned(PjReturns *x, PjLoc loc) {
  if (x->returned < 0)
    x->returned = pj_new_var(x->h, pj_arena_printf(x->h->arena, "%s.$returned", x->f->name), pj_type_scalar(PJ_BOOL), loc);
  return pj_var_ref(x->h, x->returned, loc);
}

static PjExpr *pj_bool_const(PjHoist *h, bool v, PjLoc loc) {
  PjExpr *e = pj_arena_alloc(h->arena, sizeof(PjExpr));
  e->kind = PJ_EX_BOOL;
  e->loc = loc;
  e->type = pj_type_scalar(PJ_BOOL);
  e->ival = v;
  return e;
}

static PjStmt *pj_guard(PjReturns *x, bool when_returned, PjBlock then, PjLoc loc) {
  PjStmt *s = pj_new_stmt(x->h, PJ_ST_IF, loc);
  PjExpr *flag = pj_returned(x, loc);
  if (!when_returned) {
    PjExpr *n = pj_arena_alloc(x->h->arena, sizeof(PjExpr));
    n->kind = PJ_EX_UNARY;
    n->loc = loc;
    n->type = flag->type;
    n->un.op = PJ_UN_NOT;
    n->un.x = flag;
    flag = n;
  }
  s->if_.cond = flag;
  s->if_.then = then;
  return s;
}

/* The statements frontend/returns.c asks for, made with typed variables (after typing). */
static PjStmt *pj_ret_result(void *ctx, PjExpr *value, PjLoc loc) {
  PjReturns *x = ctx;
  return x->result && value->kind != PJ_EX_NONE ? pj_assign_stmt(x->h, x->result, value, loc) : NULL;
}

static PjStmt *pj_ret_set(void *ctx, PjLoc loc) {
  PjReturns *x = ctx;
  return pj_assign_stmt(x->h, pj_returned(x, loc), pj_bool_const(x->h, true, loc), loc);
}

static PjStmt *pj_ret_guard(void *ctx, bool when_returned, PjBlock then, PjLoc loc) {
  return pj_guard(ctx, when_returned, then, loc);
}

static void pj_hoist_block(PjHoist *h, PjBlock *b);

/* The statements that run the call `e` of an inlined device function, into h->before; its value
 * goes to `result` (NULL when it has none). */
static void pj_inline_call(PjHoist *h, PjExpr *e, PjExpr *result) {
  PjSpec *spec = e->call.spec;
  const PjFunc *f = spec->typed;
  for (int i = 0; i < h->inlining.len; i++)
    if (h->inlining.items[i] == spec) {
      pj_error(h->diags, &h->m->file, e->loc, "device function '%s' calls itself and holds a barrier, a shared array "
               "or a warp collective: the CPU executor cannot run it", f->name);
      h->ok = false;
      return;
    }
  int base = h->vars.len;
  for (int v = 0; v < f->nvars; v++)
    pj_new_var(h, pj_arena_printf(h->arena, "%s.%s", f->name, f->vars[v].name), f->vars[v].type, f->vars[v].loc);
  PjBlock body;
  pj_clone_block(h->arena, &body, &f->body, base);
  PjReturns x = {.h = h, .f = f, .result = result, .returned = -1};
  PjReturnRewrite rw = {h->arena, &x, pj_ret_result, pj_ret_set, pj_ret_guard};
  pj_rewrite_returns(&rw, &body, false, true);
  PjVec out = {0};
  for (int i = 0; i < f->nparams; i++)
    pj_vec_push(h->arena, &out, pj_assign_stmt(h, pj_var_ref(h, base + i, e->call.args[i]->loc), e->call.args[i], e->loc));
  if (x.returned >= 0)
    pj_vec_push(h->arena, &out, pj_assign_stmt(h, pj_var_ref(h, x.returned, e->loc), pj_bool_const(h, false, e->loc), e->loc));
  for (int i = 0; i < body.count; i++) pj_vec_push(h->arena, &out, body.stmts[i]);
  PjBlock all = {(PjStmt **)out.items, out.len};
  pj_vec_push(h->arena, &h->inlining, spec);
  pj_hoist_block(h, &all); /* its own collectives and inlined calls */
  h->inlining.len--;
  for (int i = 0; i < all.count; i++) pj_vec_push(h->arena, &h->before, all.stmts[i]);
}

static void pj_hoist_expr(PjHoist *h, PjExpr **slot);

/* A collective, or a call that is inlined: what has to become a statement of its own. */
static bool pj_is_cut(const PjExpr *e, void *ctx) {
  const PjHoist *h = ctx;
  return pj_is_collective(e) || (e->kind == PJ_EX_CALL && e->call.spec && h->inline_spec[e->call.spec->id]);
}

static PjExpr *pj_copy_ref(PjHoist *h, const PjExpr *name) {
  PjExpr *e = pj_arena_alloc(h->arena, sizeof(PjExpr));
  *e = *name;
  return e;
}

static PjBlock pj_one_stmt(PjHoist *h, PjStmt *s) {
  PjStmt **one = pj_arena_alloc(h->arena, sizeof(PjStmt *));
  one[0] = s;
  return (PjBlock){one, 1};
}

/* `l and r`, `l or r`, `a if c else b` whose conditional part holds a cut become statements, so
 * that the cut runs only where Python evaluates it: `$c = l; if $c: $t = r else: $t = $c` (the
 * branches swapped for `or`), `$c = c; if $c: $t = a else: $t = b`. */
static void pj_branch_to_stmts(PjHoist *h, PjExpr **slot) {
  PjExpr *e = *slot;
  bool ifexp = e->kind == PJ_EX_IFEXP;
  PjExpr **first = ifexp ? &e->ifexp.cond : &e->boolop.l;
  pj_hoist_expr(h, first);
  PjExpr *c = pj_temp(h, (*first)->type, (*first)->loc);
  pj_emit_assign(h, c, *first);
  PjExpr *t = pj_temp(h, e->type, e->loc);
  PjExpr *yes = ifexp ? e->ifexp.then : e->boolop.is_and ? e->boolop.r : pj_copy_ref(h, c);
  PjExpr *no = ifexp ? e->ifexp.orelse : e->boolop.is_and ? pj_copy_ref(h, c) : e->boolop.r;
  PjStmt *s = pj_new_stmt(h, PJ_ST_IF, e->loc);
  s->if_.cond = pj_copy_ref(h, c);
  s->if_.then = pj_one_stmt(h, pj_assign_stmt(h, pj_copy_ref(h, t), yes, yes->loc));
  s->if_.orelse = pj_one_stmt(h, pj_assign_stmt(h, pj_copy_ref(h, t), no, no->loc));
  PjBlock b = pj_one_stmt(h, s);
  pj_hoist_block(h, &b);
  for (int i = 0; i < b.count; i++) pj_vec_push(h->arena, &h->before, b.stmts[i]);
  *slot = pj_copy_ref(h, t);
}

static void pj_hoist_all(PjHoist *h, PjExpr **xs, int n) {
  for (int i = 0; i < n; i++) pj_hoist_expr(h, &xs[i]);
}

/* Replace each collective and inlined call in *slot (innermost first) by a temporary assigned
 * before; `and`, `or` and conditional expressions with one in a branch become an if. */
static void pj_hoist_expr(PjHoist *h, PjExpr **slot) {
  PjExpr *e = *slot;
  if (!e) return;
  switch (e->kind) {
  case PJ_EX_BUILTIN:
    pj_hoist_all(h, e->builtin.args, e->builtin.nargs);
    if (!pj_is_collective(e)) return;
    for (int i = 0; i < e->builtin.nargs; i++) {
      PjExpr *a = e->builtin.args[i];
      if (a->kind == PJ_EX_NAME || a->kind == PJ_EX_INT) continue;
      PjExpr *t = pj_temp(h, a->type, a->loc);
      pj_emit_assign(h, t, a);
      e->builtin.args[i] = t;
    }
    {
      PjExpr *t = pj_temp(h, e->type, e->loc);
      pj_emit_assign(h, t, e);
      *slot = pj_copy_ref(h, t);
    }
    return;
  case PJ_EX_ATTR: pj_hoist_expr(h, &e->attr.base); return;
  case PJ_EX_SUBSCRIPT: pj_hoist_expr(h, &e->sub.base); pj_hoist_expr(h, &e->sub.index); return;
  case PJ_EX_TUPLE: pj_hoist_all(h, e->tuple.items, e->tuple.count); return;
  case PJ_EX_BINARY: pj_hoist_expr(h, &e->bin.l); pj_hoist_expr(h, &e->bin.r); return;
  case PJ_EX_UNARY: pj_hoist_expr(h, &e->un.x); return;
  case PJ_EX_COMPARE: pj_hoist_all(h, e->cmp.operands, e->cmp.n + 1); return;
  case PJ_EX_BOOLOP:
    if (pj_expr_any(e->boolop.r, pj_is_cut, h)) {
      pj_branch_to_stmts(h, slot);
      return;
    }
    pj_hoist_expr(h, &e->boolop.l);
    return; /* no cut in r */
  case PJ_EX_IFEXP:
    if (pj_expr_any(e->ifexp.then, pj_is_cut, h) || pj_expr_any(e->ifexp.orelse, pj_is_cut, h)) {
      pj_branch_to_stmts(h, slot);
      return;
    }
    pj_hoist_expr(h, &e->ifexp.cond);
    return; /* no cut in the branches */
  case PJ_EX_CAST: pj_hoist_expr(h, &e->cast.x); return;
  case PJ_EX_SHAPE: pj_hoist_expr(h, &e->shape.array); return;
  case PJ_EX_CALL:
    pj_hoist_all(h, e->call.args, e->call.nargs);
    if (!e->call.spec || !h->inline_spec[e->call.spec->id]) return;
    {
      bool value = e->type && e->type->kind != PJ_TY_VOID;
      PjExpr *result = value ? pj_temp(h, e->type, e->loc) : NULL;
      pj_inline_call(h, e, result);
      if (value) {
        *slot = pj_copy_ref(h, result);
      } else {
        e->kind = PJ_EX_NONE; /* the statement `f(x)` is now what ran before it */
      }
    }
    return;
  default: return;
  }
}

/* `while c:` whose condition holds a cut is evaluated at each iteration: it becomes
 * `while True:` with `if not c: break` first in the body. */
static void pj_while_to_break(PjHoist *h, PjStmt *s) {
  PjExpr *c = s->while_.cond;
  PjExpr *not = pj_arena_alloc(h->arena, sizeof(PjExpr));
  *not = (PjExpr){.kind = PJ_EX_UNARY, .loc = c->loc, .type = pj_type_scalar(PJ_BOOL), .un = {PJ_UN_NOT, c}};
  PjStmt *guard = pj_new_stmt(h, PJ_ST_IF, c->loc);
  guard->if_.cond = not;
  guard->if_.then = pj_one_stmt(h, pj_new_stmt(h, PJ_ST_BREAK, c->loc));
  PjStmt **body = pj_arena_alloc(h->arena, sizeof(PjStmt *) * (size_t)(s->while_.body.count + 1));
  body[0] = guard;
  for (int i = 0; i < s->while_.body.count; i++) body[i + 1] = s->while_.body.stmts[i];
  s->while_.body = (PjBlock){body, s->while_.body.count + 1};
  s->while_.cond = pj_bool_const(h, true, c->loc);
}

static void pj_hoist_stmt(PjHoist *h, PjStmt *s) {
  switch (s->kind) {
  case PJ_ST_EXPR:
    pj_hoist_expr(h, &s->expr);
    if (s->expr->kind == PJ_EX_NONE) s->kind = PJ_ST_PASS;
    break;
  case PJ_ST_RETURN: pj_hoist_expr(h, &s->expr); break;
  case PJ_ST_ASSIGN:
    pj_hoist_expr(h, &s->assign.value);
    for (int i = 0; i < s->assign.ntargets; i++) pj_hoist_expr(h, &s->assign.targets[i]);
    break;
  case PJ_ST_AUGASSIGN: pj_hoist_expr(h, &s->aug.value); break;
  case PJ_ST_IF:
    pj_hoist_expr(h, &s->if_.cond);
    pj_hoist_block(h, &s->if_.then);
    pj_hoist_block(h, &s->if_.orelse);
    break;
  case PJ_ST_WHILE:
    if (pj_expr_any(s->while_.cond, pj_is_cut, h)) pj_while_to_break(h, s);
    pj_hoist_block(h, &s->while_.body);
    break;
  case PJ_ST_FOR: /* range()'s arguments are evaluated once, before the loop */
    for (int i = 0; i < s->for_.iter->call.nargs; i++) pj_hoist_expr(h, &s->for_.iter->call.args[i]);
    pj_hoist_block(h, &s->for_.body);
    break;
  default: break;
  }
}

static void pj_hoist_block(PjHoist *h, PjBlock *b) {
  PjVec out = {0};
  for (int i = 0; i < b->count; i++) {
    PjVec saved = h->before;
    h->before = (PjVec){0};
    pj_hoist_stmt(h, b->stmts[i]);
    for (int k = 0; k < h->before.len; k++) pj_vec_push(h->arena, &out, h->before.items[k]);
    pj_vec_push(h->arena, &out, b->stmts[i]);
    h->before = saved;
  }
  b->stmts = (PjStmt **)out.items;
  b->count = out.len;
}

bool pj_hoist_collectives(PjArena *arena, const PjModule *m, PjFunc *f, PjSpec **specs, int nspecs, PjDiags *diags) {
  PjHoist h = {.arena = arena, .m = m, .f = f, .diags = diags, .ok = true};
  pj_mark_inlined(&h, specs, nspecs);
  for (int v = 0; v < f->nvars; v++) {
    PjVar *copy = pj_arena_alloc(arena, sizeof(PjVar));
    *copy = f->vars[v];
    pj_vec_push(arena, &h.vars, copy);
  }
  pj_hoist_block(&h, &f->body);
  if (h.vars.len != f->nvars) {
    PjVar *vars = pj_arena_alloc(arena, sizeof(PjVar) * (size_t)(h.vars.len + 1));
    for (int v = 0; v < h.vars.len; v++) vars[v] = *(PjVar *)h.vars.items[v];
    f->vars = vars;
    f->nvars = h.vars.len;
  }
  return h.ok;
}
