/* `nonlocal` in inner functions: an inner function that rebinds a variable of a function it is
 * written in (`nonlocal total` ... `total += v`) is inlined at each of its calls, as numba's
 * InlineClosureLikes pass does, before names are resolved: its parameters and locals become
 * fresh variables of the caller (`inc$1.v`), its nonlocal names stay the caller's variables, and
 * its returns assign the call's value (with a flag that guards what follows a return that is not
 * the last statement). Calls inside expressions keep Python's order of evaluation: what is
 * evaluated before the call and might see its effects (a variable the call rebinds, an array
 * element, another call) is kept in a temporary first; a call inside `and`/`or`, a conditional
 * expression or a `while` condition runs only where Python evaluates it.
 *
 * A caller nested in the function that owns the variable (another inner function) rebinds it too
 * and is inlined in turn. What cannot be inlined is a diagnostic: such a function used as a
 * value, calling itself, defining functions, or called where one of its names means another
 * variable. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "frontend/frontend.h"
#include "frontend/returns.h"

typedef struct PjInl {
  PjArena *arena;
  PjSyntax *syn;
  PjDiags *diags;
  PjFunc *home;   /* the function whose body is being rewritten */
  PjVec before;   /* PjStmt*: what the statement being rewritten needs to run first */
  PjVec state;    /* PjFunc*, in pairs with `marks`: functions seen */
  PjVec marks;    /* (void*)1 while a function is expanded, (void*)2 when done */
  int counter;    /* one per inlined call and temporary: their names are unique */
  PjVec reported; /* PjExpr*: names of calls left in place because they were reported */
  bool ok;
} PjInl;

static const PjFile *pj_file(const PjFunc *f) { return &f->module->file; }

/* An error in the function being rewritten, reported with the module-level function it is written
 * in when that is compiled (as the parser's rejections in a body are), not for the whole file. */
__attribute__((format(printf, 3, 4))) static void pj_report(PjInl *in, PjLoc loc, const char *fmt, ...) {
  const PjFunc *top = in->home;
  while (top->outer) top = top->outer;
  PjFuncSyntax *fs = NULL;
  for (int i = 0; i < in->syn->nfuncs && !fs; i++)
    if (in->syn->funcs[i]->func == top) fs = in->syn->funcs[i];
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (fs && !fs->diags) fs->diags = pj_diags_new();
  pj_error(fs ? fs->diags : in->diags, pj_file(top), loc, "%s", msg);
  if (fs) fs->body_ok = false;
  in->ok = false;
}

static bool pj_is_nonlocal(const PjFunc *f, const char *name) {
  for (int i = 0; i < f->nnonlocals; i++)
    if (strcmp(f->nonlocals[i], name) == 0) return true;
  return false;
}

/* ---- which function binds a name ------------------------------------------------------------ */

typedef struct PjBindCount {
  const char *name;
  int count;
  PjFunc *def; /* the function of `def name` (a STATIC value assigned to the name) */
} PjBindCount;

static void pj_count_target(const PjExpr *t, PjBindCount *b, const PjExpr *value) {
  if (t->kind == PJ_EX_NAME && strcmp(t->name.id, b->name) == 0) {
    b->count++;
    if (value && value->kind == PJ_EX_STATIC && value->type && value->type->kind == PJ_TY_FUNCTION && value->type->builtin < 0)
      b->def = (PjFunc *)value->type->func;
  }
  for (int i = 0; t->kind == PJ_EX_TUPLE && i < t->tuple.count; i++) pj_count_target(t->tuple.items[i], b, NULL);
}

static void pj_count_block(const PjBlock *blk, PjBindCount *b) {
  for (int i = 0; i < blk->count; i++) {
    const PjStmt *s = blk->stmts[i];
    switch (s->kind) {
    case PJ_ST_ASSIGN:
      for (int t = 0; t < s->assign.ntargets; t++) pj_count_target(s->assign.targets[t], b, s->assign.value);
      break;
    case PJ_ST_AUGASSIGN: pj_count_target(s->aug.target, b, NULL); break;
    case PJ_ST_FOR: pj_count_target(s->for_.target, b, NULL); pj_count_block(&s->for_.body, b); break;
    case PJ_ST_IF: pj_count_block(&s->if_.then, b); pj_count_block(&s->if_.orelse, b); break;
    case PJ_ST_WHILE: pj_count_block(&s->while_.body, b); break;
    default: break;
    }
  }
}

/* How f binds `name`: its parameters and assignments (a name it declares nonlocal it does not bind). */
static PjBindCount pj_bindings(const PjFunc *f, const char *name) {
  PjBindCount b = {.name = name};
  if (pj_is_nonlocal(f, name)) return b;
  for (int i = 0; i < f->nparams; i++)
    if (strcmp(f->vars[i].name, name) == 0) b.count++;
  pj_count_block(&f->body, &b);
  return b;
}

/* The function a name means in `from` (Python's scopes: the nearest that binds it), or NULL: a
 * global or builtin. */
static const PjFunc *pj_scope_of(const PjFunc *from, const char *name) {
  for (const PjFunc *s = from; s; s = s->outer)
    if (pj_bindings(s, name).count) return s;
  return NULL;
}

/* ---- which calls are inlined ---------------------------------------------------------------- */

static void pj_expand(PjInl *in, PjFunc *f);

static int pj_mark(PjInl *in, const PjFunc *f) {
  for (int i = 0; i < in->state.len; i++)
    if (in->state.items[i] == f) return (int)(intptr_t)in->marks.items[i];
  return 0;
}

/* The inner function a name means in the function being rewritten, when that name is bound once,
 * by its `def`; NULL otherwise. */
static PjFunc *pj_def_of(PjInl *in, const char *name) {
  const PjFunc *s = pj_scope_of(in->home, name);
  if (!s) return NULL;
  PjBindCount b = pj_bindings(s, name);
  return b.count == 1 ? b.def : NULL;
}

/* The function a call inlines: an inner function that rebinds nonlocal variables (after its own
 * calls of such functions are inlined), not the function being rewritten itself. */
static PjFunc *pj_writer(PjInl *in, const PjExpr *e) {
  if (e->kind != PJ_EX_CALL || e->call.fn->kind != PJ_EX_NAME) return NULL;
  PjFunc *f = pj_def_of(in, e->call.fn->name.id);
  if (!f || f == in->home || !f->outer) return NULL;
  pj_expand(in, f);
  return f->nnonlocals > 0 && pj_mark(in, f) == 2 ? f : NULL;
}

static bool pj_writer_pred(const PjExpr *e, void *ctx) { return pj_writer(ctx, e) != NULL; }

/* A call left in place after its error was reported: not reported again at the end. */
static bool pj_note_reported(const PjExpr *e, void *ctx) {
  PjInl *in = ctx;
  if (e->kind == PJ_EX_CALL) pj_vec_push(in->arena, &in->reported, e->call.fn);
  return false;
}
static bool pj_has_writer(PjInl *in, const PjExpr *e) { return e && pj_expr_any(e, pj_writer_pred, in); }

/* ---- new names and statements ----------------------------------------------------------------- */

static PjExpr *pj_name(PjInl *in, const char *id, PjLoc loc) {
  PjExpr *e = pj_arena_alloc(in->arena, sizeof(PjExpr));
  e->kind = PJ_EX_NAME;
  e->loc = loc;
  e->name.id = id;
  e->name.var = -1;
  return e;
}

static PjStmt *pj_stmt_new(PjInl *in, PjStmtKind kind, PjLoc loc) {
  PjStmt *s = pj_arena_alloc(in->arena, sizeof(PjStmt));
  s->kind = kind;
  s->loc = loc;
  return s;
}

static PjStmt *pj_assign(PjInl *in, PjExpr *target, PjExpr *value, PjLoc loc) {
  PjStmt *s = pj_stmt_new(in, PJ_ST_ASSIGN, loc);
  s->assign.targets = pj_arena_alloc(in->arena, sizeof(PjExpr *));
  s->assign.targets[0] = target;
  s->assign.ntargets = 1;
  s->assign.value = value;
  return s;
}

static PjExpr *pj_bool(PjInl *in, bool v, PjLoc loc) {
  PjExpr *e = pj_arena_alloc(in->arena, sizeof(PjExpr));
  e->kind = PJ_EX_BOOL;
  e->loc = loc;
  e->ival = v;
  return e;
}

static PjExpr *pj_not(PjInl *in, PjExpr *x) {
  PjExpr *e = pj_arena_alloc(in->arena, sizeof(PjExpr));
  e->kind = PJ_EX_UNARY;
  e->loc = x->loc;
  e->un.op = PJ_UN_NOT;
  e->un.x = x;
  return e;
}

static PjBlock pj_one(PjInl *in, PjStmt *s) {
  PjStmt **one = pj_arena_alloc(in->arena, sizeof(PjStmt *));
  one[0] = s;
  return (PjBlock){one, 1};
}

static PjBlock pj_block_of(PjInl *in, const PjVec *v) {
  PjStmt **stmts = pj_arena_alloc(in->arena, sizeof(PjStmt *) * (size_t)(v->len + 1));
  for (int i = 0; i < v->len; i++) stmts[i] = v->items[i];
  return (PjBlock){stmts, v->len};
}

static void pj_emit(PjInl *in, PjStmt *s) { pj_vec_push(in->arena, &in->before, s); }

/* A temporary of the function being rewritten holding e's value, assigned now. */
static PjExpr *pj_temp(PjInl *in, PjExpr *e) {
  const char *id = pj_arena_printf(in->arena, "$nl%d", ++in->counter);
  pj_emit(in, pj_assign(in, pj_name(in, id, e->loc), e, e->loc));
  return pj_name(in, id, e->loc);
}

/* ---- order of evaluation ---------------------------------------------------------------------- */

/* Whether evaluating e later than Python does gives the same: constants, names no inlined
 * function rebinds, and pure operators on them (an array element or a call might change). */
static bool pj_inert(PjInl *in, const PjExpr *e) {
  if (!e) return true;
  switch (e->kind) {
  case PJ_EX_INT: case PJ_EX_FLOAT: case PJ_EX_BOOL: case PJ_EX_NONE: case PJ_EX_STRING: case PJ_EX_STATIC: return true;
  case PJ_EX_NAME:
    for (int i = 0; i < in->syn->ninner; i++)
      if (pj_is_nonlocal(in->syn->inner[i], e->name.id)) return false;
    return true;
  case PJ_EX_ATTR: return pj_inert(in, e->attr.base);
  case PJ_EX_UNARY: return pj_inert(in, e->un.x);
  case PJ_EX_BINARY: return pj_inert(in, e->bin.l) && pj_inert(in, e->bin.r);
  case PJ_EX_BOOLOP: return pj_inert(in, e->boolop.l) && pj_inert(in, e->boolop.r);
  case PJ_EX_IFEXP: return pj_inert(in, e->ifexp.cond) && pj_inert(in, e->ifexp.then) && pj_inert(in, e->ifexp.orelse);
  case PJ_EX_SLICE: return pj_inert(in, e->slice.start) && pj_inert(in, e->slice.stop) && pj_inert(in, e->slice.step);
  case PJ_EX_COMPARE:
    for (int i = 0; i <= e->cmp.n; i++)
      if (!pj_inert(in, e->cmp.operands[i])) return false;
    return true;
  case PJ_EX_TUPLE:
    for (int i = 0; i < e->tuple.count; i++)
      if (!pj_inert(in, e->tuple.items[i])) return false;
    return true;
  default: return false;
  }
}

/* Evaluate *slot now, into a temporary (a slice, or a subscript's tuple of indices and slices,
 * part by part: they are no values). */
static void pj_spill(PjInl *in, PjExpr **slot) {
  PjExpr *e = *slot;
  if (pj_inert(in, e)) return;
  if (e->kind == PJ_EX_SLICE) {
    pj_spill(in, &e->slice.start);
    pj_spill(in, &e->slice.stop);
    pj_spill(in, &e->slice.step);
    return;
  }
  if (e->kind == PJ_EX_TUPLE) {
    bool slices = false;
    for (int i = 0; i < e->tuple.count; i++) slices |= e->tuple.items[i]->kind == PJ_EX_SLICE;
    if (slices) {
      for (int i = 0; i < e->tuple.count; i++) pj_spill(in, &e->tuple.items[i]);
      return;
    }
  }
  *slot = pj_temp(in, e);
}

static void pj_hoist(PjInl *in, PjExpr **slot);
static PjExpr *pj_inline(PjInl *in, PjExpr *call, PjFunc *w, bool want_value);

/* Parts evaluated in order: those before the last one holding an inlined call are evaluated now
 * (into temporaries where the call could change them), that one's calls are run, the rest stay. */
static void pj_hoist_seq(PjInl *in, PjExpr **parts[], int n) {
  int last = -1;
  for (int i = 0; i < n; i++)
    if (pj_has_writer(in, *parts[i])) last = i;
  for (int i = 0; i < last; i++) {
    pj_hoist(in, parts[i]);
    pj_spill(in, parts[i]);
  }
  if (last >= 0) pj_hoist(in, parts[last]);
}

/* The statements of a part evaluated only sometimes (a branch), ending with `target = value`. */
static PjBlock pj_branch(PjInl *in, PjExpr *target, PjExpr **value) {
  PjVec saved = in->before;
  in->before = (PjVec){0};
  pj_hoist(in, value);
  pj_emit(in, pj_assign(in, target, *value, (*value)->loc));
  PjBlock b = pj_block_of(in, &in->before);
  in->before = saved;
  return b;
}

/* `l and r`, `l or r`, `a if c else b` with an inlined call where Python may not evaluate it:
 * `$c = l; if $c: $t = r else: $t = $c` (branches swapped for `or`); `if c: $t = a else: $t = b`. */
static void pj_branch_to_if(PjInl *in, PjExpr **slot) {
  PjExpr *e = *slot;
  const char *t = pj_arena_printf(in->arena, "$nl%d", ++in->counter);
  PjStmt *s = pj_stmt_new(in, PJ_ST_IF, e->loc);
  if (e->kind == PJ_EX_IFEXP) {
    pj_hoist(in, &e->ifexp.cond);
    s->if_.cond = e->ifexp.cond;
    s->if_.then = pj_branch(in, pj_name(in, t, e->loc), &e->ifexp.then);
    s->if_.orelse = pj_branch(in, pj_name(in, t, e->loc), &e->ifexp.orelse);
  } else {
    pj_hoist(in, &e->boolop.l);
    PjExpr *c = pj_temp(in, e->boolop.l);
    PjExpr *keep = pj_name(in, c->name.id, c->loc);
    PjBlock rhs = pj_branch(in, pj_name(in, t, e->loc), &e->boolop.r);
    PjBlock same = pj_one(in, pj_assign(in, pj_name(in, t, e->loc), keep, e->loc));
    s->if_.cond = c;
    s->if_.then = e->boolop.is_and ? rhs : same;
    s->if_.orelse = e->boolop.is_and ? same : rhs;
  }
  pj_emit(in, s);
  *slot = pj_name(in, t, e->loc);
}

static void pj_hoist(PjInl *in, PjExpr **slot) {
  PjExpr *e = *slot;
  if (!e || !pj_has_writer(in, e)) return;
  PjExpr **parts[3];
  switch (e->kind) {
  case PJ_EX_CALL: {
    if (e->call.star) { /* f(*t): the tuple is spread when typed */
      pj_vec_push(in->arena, &in->reported, e->call.fn);
      pj_report(in, e->loc, "a call with a *-unpacked argument cannot hold or be a call of an "
               "inner function that rebinds nonlocal variables (which is inlined): unpack the tuple first");
      in->ok = false;
      return;
    }
    PjExpr ***args = pj_arena_alloc(in->arena, sizeof(PjExpr **) * (size_t)(e->call.nargs + 1));
    for (int i = 0; i < e->call.nargs; i++) {
      PjExpr *a = e->call.args[i];
      args[i] = a->kind == PJ_EX_BINARY && a->bin.op == PJ_OP_COUNT ? &a->bin.r : &e->call.args[i]; /* name=value */
    }
    PjFunc *w = pj_writer(in, e);
    if (w) { /* every argument is evaluated before the call runs */
      for (int i = 0; i < e->call.nargs; i++) {
        pj_hoist(in, args[i]);
        pj_spill(in, args[i]);
      }
      *slot = pj_inline(in, e, w, true);
      return;
    }
    pj_hoist_seq(in, args, e->call.nargs);
    return;
  }
  case PJ_EX_BOOLOP:
    if (pj_has_writer(in, e->boolop.r)) pj_branch_to_if(in, slot);
    else pj_hoist(in, &e->boolop.l);
    return;
  case PJ_EX_IFEXP:
    if (pj_has_writer(in, e->ifexp.then) || pj_has_writer(in, e->ifexp.orelse)) pj_branch_to_if(in, slot);
    else pj_hoist(in, &e->ifexp.cond);
    return;
  case PJ_EX_COMPARE:
    for (int i = 2; i <= e->cmp.n; i++)
      if (pj_has_writer(in, e->cmp.operands[i])) {
        pj_expr_any(e->cmp.operands[i], pj_note_reported, in);
        pj_report(in, e->cmp.operands[i]->loc, "a call of an inner function that rebinds "
                 "nonlocal variables (which is inlined) inside a chained comparison after its first pair: write the "
                 "comparisons with 'and'");
        in->ok = false;
        return;
      }
    {
      PjExpr ***ops = pj_arena_alloc(in->arena, sizeof(PjExpr **) * (size_t)(e->cmp.n + 1));
      for (int i = 0; i <= e->cmp.n; i++) ops[i] = &e->cmp.operands[i];
      pj_hoist_seq(in, ops, e->cmp.n + 1);
    }
    return;
  case PJ_EX_TUPLE: case PJ_EX_LIST: {
    PjExpr ***items = pj_arena_alloc(in->arena, sizeof(PjExpr **) * (size_t)(e->tuple.count + 1));
    for (int i = 0; i < e->tuple.count; i++) items[i] = &e->tuple.items[i];
    pj_hoist_seq(in, items, e->tuple.count);
    return;
  }
  case PJ_EX_ATTR: parts[0] = &e->attr.base; pj_hoist_seq(in, parts, 1); return;
  case PJ_EX_UNARY: parts[0] = &e->un.x; pj_hoist_seq(in, parts, 1); return;
  case PJ_EX_BINARY: parts[0] = &e->bin.l, parts[1] = &e->bin.r; pj_hoist_seq(in, parts, 2); return;
  case PJ_EX_SUBSCRIPT: parts[0] = &e->sub.base, parts[1] = &e->sub.index; pj_hoist_seq(in, parts, 2); return;
  case PJ_EX_SLICE:
    parts[0] = &e->slice.start, parts[1] = &e->slice.stop, parts[2] = &e->slice.step;
    pj_hoist_seq(in, parts, 3);
    return;
  default: return;
  }
}

/* ---- one call inlined -------------------------------------------------------------------------- */

typedef struct PjRename {
  PjInl *in;
  const PjFunc *w;
  const char *prefix; /* "inc$3." */
  PjVec labels;       /* PjExpr*: keyword labels (name=value), which are no variables */
} PjRename;

static bool pj_is_local(const PjFunc *w, const char *name) {
  if (pj_is_nonlocal(w, name)) return false;
  for (int i = 0; i < w->nparams; i++)
    if (strcmp(w->vars[i].name, name) == 0) return true;
  PjBindCount b = {.name = name};
  pj_count_block(&w->body, &b);
  return b.count > 0;
}

static bool pj_find_labels(const PjExpr *e, void *ctx) {
  PjRename *r = ctx;
  if (e->kind == PJ_EX_BINARY && e->bin.op == PJ_OP_COUNT && e->bin.l->kind == PJ_EX_NAME)
    pj_vec_push(r->in->arena, &r->labels, (void *)e->bin.l);
  return false;
}

static bool pj_rename_name(const PjExpr *e, void *ctx) {
  PjRename *r = ctx;
  if (e->kind != PJ_EX_NAME || !pj_is_local(r->w, e->name.id)) return false;
  for (int i = 0; i < r->labels.len; i++)
    if (r->labels.items[i] == e) return false;
  ((PjExpr *)e)->name.id = pj_arena_printf(r->in->arena, "%s%s", r->prefix, e->name.id);
  return false;
}

typedef struct PjReturns {
  PjInl *in;
  const char *result;   /* the call's value, or NULL when it is not used */
  const char *returned; /* the flag, once a return needs it */
  const char *prefix;
} PjReturns;

static PjExpr *pj_returned(PjReturns *x, PjLoc loc) {
  if (!x->returned) x->returned = pj_arena_printf(x->in->arena, "%s$returned", x->prefix);
  return pj_name(x->in, x->returned, loc);
}

/* The statements frontend/returns.c asks for, made with names (before typing). */
static PjStmt *pj_ret_result(void *ctx, PjExpr *value, PjLoc loc) {
  PjReturns *x = ctx;
  return x->result ? pj_assign(x->in, pj_name(x->in, x->result, loc), value, loc) : NULL;
}

static PjStmt *pj_ret_set(void *ctx, PjLoc loc) {
  PjReturns *x = ctx;
  return pj_assign(x->in, pj_returned(x, loc), pj_bool(x->in, true, loc), loc);
}

static PjStmt *pj_ret_guard(void *ctx, bool when_returned, PjBlock then, PjLoc loc) {
  PjReturns *x = ctx;
  PjStmt *guard = pj_stmt_new(x->in, PJ_ST_IF, loc);
  guard->if_.cond = when_returned ? pj_returned(x, loc) : pj_not(x->in, pj_returned(x, loc));
  guard->if_.then = then;
  return guard;
}

/* Whether the names w reads or rebinds of the functions around it mean the same variables where
 * it is called (reported when not); rebound names the caller does not own become nonlocal in it. */
typedef struct PjFree {
  PjInl *in;
  const PjFunc *w;
  PjLoc call;
  bool ok;
  PjVec labels; /* PjExpr*: keyword labels (name=value), which are no variables */
} PjFree;

static bool pj_same_scope(PjFree *fr, const char *name, PjLoc loc) {
  PjInl *in = fr->in;
  const PjFunc *want = pj_scope_of(fr->w->outer, name), *here = pj_scope_of(in->home, name);
  if (want == here) return true;
  pj_report(in, fr->call, "inner function '%s' (inlined here: it rebinds nonlocal variables) "
           "uses '%s' (line %d), which in '%s' is another variable", fr->w->name, name, loc.line, in->home->name);
  fr->ok = false;
  return false;
}

static bool pj_check_free(const PjExpr *e, void *ctx) {
  PjFree *fr = ctx;
  if (e->kind == PJ_EX_BINARY && e->bin.op == PJ_OP_COUNT && e->bin.l->kind == PJ_EX_NAME)
    pj_vec_push(fr->in->arena, &fr->labels, (void *)e->bin.l); /* seen before the label itself */
  if (e->kind != PJ_EX_NAME || !fr->ok || pj_is_local(fr->w, e->name.id) || pj_is_nonlocal(fr->w, e->name.id)) return false;
  for (int i = 0; i < fr->labels.len; i++)
    if (fr->labels.items[i] == e) return false;
  pj_same_scope(fr, e->name.id, e->loc);
  return false;
}

static bool pj_scopes_agree(PjInl *in, const PjFunc *w, PjLoc call) {
  PjFree fr = {in, w, call, true, {0}};
  for (int i = 0; i < w->nnonlocals && fr.ok; i++) {
    const char *n = w->nonlocals[i];
    const PjFunc *owner = pj_scope_of(w->outer, n);
    if (!owner) {
      pj_report(in, w->nonlocal_locs[i], "no binding for nonlocal '%s' found", n);
      return false;
    }
    if (!pj_same_scope(&fr, n, w->nonlocal_locs[i])) return false;
    if (owner != in->home && !pj_is_nonlocal(in->home, n)) { /* the caller rebinds it too, for its own caller */
      const char **names = pj_arena_alloc(in->arena, sizeof(char *) * (size_t)(in->home->nnonlocals + 1));
      PjLoc *locs = pj_arena_alloc(in->arena, sizeof(PjLoc) * (size_t)(in->home->nnonlocals + 1));
      for (int j = 0; j < in->home->nnonlocals; j++) names[j] = in->home->nonlocals[j], locs[j] = in->home->nonlocal_locs[j];
      names[in->home->nnonlocals] = n;
      locs[in->home->nnonlocals] = call;
      in->home->nonlocals = names;
      in->home->nonlocal_locs = locs;
      in->home->nnonlocals++;
    }
  }
  if (fr.ok) pj_block_any_expr(&w->body, pj_check_free, &fr);
  return fr.ok;
}

/* The arguments of `call` bound to w's parameters as Python binds them, each assigned (in the
 * order written) to the parameter's new name; false when they do not fit (reported). */
static bool pj_bind_args(PjInl *in, PjExpr *call, const PjFunc *w, const char *prefix) {
  int fixed = w->nparams - (w->star ? 1 : 0), npos = 0;
  bool *given = pj_arena_alloc(in->arena, sizeof(bool) * (size_t)(w->nparams + 1));
  PjVec extra = {0};
  for (int i = 0; i < call->call.nargs; i++) {
    PjExpr *a = call->call.args[i];
    int p;
    PjExpr *value = a;
    if (a->kind == PJ_EX_BINARY && a->bin.op == PJ_OP_COUNT && a->bin.l->kind == PJ_EX_NAME) {
      for (p = 0; p < fixed && strcmp(w->vars[p].name, a->bin.l->name.id) != 0; p++) {}
      if (p == fixed) {
        pj_report(in, a->loc, "%s() got an unexpected keyword argument '%s'", w->name,
                 a->bin.l->name.id);
        return false;
      }
      value = a->bin.r;
    } else if (npos >= fixed && w->star) {
      pj_vec_push(in->arena, &extra, a);
      npos++;
      continue;
    } else if ((p = npos++) >= fixed) {
      pj_report(in, call->loc, "%s() takes %d positional argument%s but %d were given", w->name,
               fixed, fixed == 1 ? "" : "s", npos);
      return false;
    }
    if (given[p]) {
      pj_report(in, a->loc, "%s() got multiple values for argument '%s'", w->name, w->vars[p].name);
      return false;
    }
    given[p] = true;
    pj_emit(in, pj_assign(in, pj_name(in, pj_arena_printf(in->arena, "%s%s", prefix, w->vars[p].name), a->loc), value, a->loc));
  }
  for (int p = 0; p < fixed; p++) {
    if (given[p]) continue;
    if (!w->defaults || !w->defaults[p]) {
      pj_report(in, call->loc, "%s() missing required argument '%s'", w->name, w->vars[p].name);
      return false;
    }
    PjExpr *d = pj_clone_expr(in->arena, w->defaults[p], 0);
    d->loc = call->loc;
    pj_emit(in, pj_assign(in, pj_name(in, pj_arena_printf(in->arena, "%s%s", prefix, w->vars[p].name), call->loc), d, call->loc));
  }
  if (w->star) {
    PjExpr *t = pj_arena_alloc(in->arena, sizeof(PjExpr));
    t->kind = PJ_EX_TUPLE;
    t->loc = call->loc;
    t->tuple.count = extra.len;
    t->tuple.items = pj_arena_alloc(in->arena, sizeof(PjExpr *) * (size_t)(extra.len + 1));
    for (int k = 0; k < extra.len; k++) t->tuple.items[k] = extra.items[k];
    pj_emit(in, pj_assign(in, pj_name(in, pj_arena_printf(in->arena, "%s%s", prefix, w->vars[fixed].name), call->loc), t,
                          call->loc));
  }
  return true;
}

/* The statements that run `call` of w, into in->before; its value (a name), or NULL. */
static PjExpr *pj_inline(PjInl *in, PjExpr *call, PjFunc *w, bool want_value) {
  for (int i = 0; i < in->syn->ninner; i++)
    if (in->syn->inner[i]->outer == w) {
      pj_report(in, call->loc, "inner function '%s' rebinds nonlocal variables, so it is inlined "
               "where it is called, and it defines function '%s' (line %d): an inlined function cannot define functions",
               w->name, in->syn->inner[i]->name, in->syn->inner[i]->loc.line);
      in->ok = false;
      return pj_bool(in, false, call->loc);
    }
  if (!pj_scopes_agree(in, w, call->loc)) {
    in->ok = false;
    return pj_bool(in, false, call->loc);
  }
  const char *prefix = pj_arena_printf(in->arena, "%s$%d.", w->name, ++in->counter);
  if (!pj_bind_args(in, call, w, prefix)) {
    in->ok = false;
    return pj_bool(in, false, call->loc);
  }
  PjBlock body;
  pj_clone_block(in->arena, &body, &w->body, 0);
  PjRename r = {.in = in, .w = w, .prefix = prefix};
  pj_block_any_expr(&body, pj_find_labels, &r);
  pj_block_any_expr(&body, pj_rename_name, &r);
  PjReturns x = {.in = in, .prefix = prefix, .result = want_value ? pj_arena_printf(in->arena, "%s$result", prefix) : NULL};
  PjReturnRewrite rw = {in->arena, &x, pj_ret_result, pj_ret_set, pj_ret_guard};
  pj_rewrite_returns(&rw, &body, false, true);
  if (x.returned) pj_emit(in, pj_assign(in, pj_name(in, x.returned, call->loc), pj_bool(in, false, call->loc), call->loc));
  for (int i = 0; i < body.count; i++) pj_emit(in, body.stmts[i]);
  return x.result ? pj_name(in, x.result, call->loc) : NULL;
}

/* ---- statements ---------------------------------------------------------------------------------- */

static void pj_rewrite_block(PjInl *in, PjBlock *b);

static void pj_no_writer_in(PjInl *in, const PjExpr *target) {
  if (!pj_has_writer(in, target)) return;
  pj_expr_any(target, pj_note_reported, in);
  pj_report(in, target->loc, "a call of an inner function that rebinds nonlocal variables "
           "(which is inlined) cannot be part of an assignment's target: assign its value to a variable first");
  in->ok = false;
}

/* `t op= v` where v holds an inlined call: Python reads t first, so `$l = t` (an element's indices
 * kept), then the call, then `t = $l op v`. */
static void pj_rewrite_aug(PjInl *in, PjStmt *s) {
  PjExpr *t = s->aug.target;
  pj_no_writer_in(in, t);
  if (t->kind == PJ_EX_SUBSCRIPT) {
    pj_spill(in, &t->sub.base);
    pj_spill(in, &t->sub.index);
  } else if (t->kind != PJ_EX_NAME || pj_inert(in, t)) {
    pj_hoist(in, &s->aug.value); /* a name the call does not rebind; an attribute (not supported when typed) */
    return;
  }
  PjExpr *old = pj_temp(in, pj_clone_expr(in->arena, t, 0));
  pj_hoist(in, &s->aug.value);
  PjExpr *bin = pj_arena_alloc(in->arena, sizeof(PjExpr));
  bin->kind = PJ_EX_BINARY;
  bin->loc = s->loc;
  bin->bin.op = s->aug.op;
  bin->bin.l = old;
  bin->bin.r = s->aug.value;
  PjExpr *target = t;
  s->kind = PJ_ST_ASSIGN;
  s->assign.targets = pj_arena_alloc(in->arena, sizeof(PjExpr *));
  s->assign.targets[0] = target;
  s->assign.ntargets = 1;
  s->assign.value = bin;
}

static void pj_rewrite_stmt(PjInl *in, PjStmt *s) {
  switch (s->kind) {
  case PJ_ST_EXPR: {
    PjFunc *w = pj_writer(in, s->expr);
    if (!w) {
      pj_hoist(in, &s->expr);
      break;
    }
    for (int i = 0; i < s->expr->call.nargs; i++) { /* the call as a statement: its value is not used */
      PjExpr **a = &s->expr->call.args[i];
      if ((*a)->kind == PJ_EX_BINARY && (*a)->bin.op == PJ_OP_COUNT) a = &(*a)->bin.r;
      pj_hoist(in, a);
      pj_spill(in, a);
    }
    if (s->expr->call.star) {
      pj_hoist(in, &s->expr); /* reported */
      break;
    }
    pj_inline(in, s->expr, w, false);
    s->kind = PJ_ST_PASS;
    break;
  }
  case PJ_ST_RETURN: pj_hoist(in, &s->expr); break;
  case PJ_ST_ASSIGN:
    for (int i = 0; i < s->assign.ntargets; i++) pj_no_writer_in(in, s->assign.targets[i]);
    pj_hoist(in, &s->assign.value);
    break;
  case PJ_ST_AUGASSIGN:
    if (pj_has_writer(in, s->aug.value)) pj_rewrite_aug(in, s);
    else pj_no_writer_in(in, s->aug.target);
    break;
  case PJ_ST_IF:
    pj_hoist(in, &s->if_.cond);
    pj_rewrite_block(in, &s->if_.then);
    pj_rewrite_block(in, &s->if_.orelse);
    break;
  case PJ_ST_WHILE:
    if (pj_has_writer(in, s->while_.cond)) { /* `while True:` whose body first tests the condition */
      PjVec saved = in->before;
      in->before = (PjVec){0};
      pj_hoist(in, &s->while_.cond);
      PjStmt *guard = pj_stmt_new(in, PJ_ST_IF, s->while_.cond->loc);
      guard->if_.cond = pj_not(in, s->while_.cond);
      guard->if_.then = pj_one(in, pj_stmt_new(in, PJ_ST_BREAK, s->while_.cond->loc));
      pj_emit(in, guard);
      PjVec test = in->before;
      in->before = saved;
      pj_rewrite_block(in, &s->while_.body);
      for (int i = 0; i < s->while_.body.count; i++) pj_vec_push(in->arena, &test, s->while_.body.stmts[i]);
      s->while_.body = pj_block_of(in, &test);
      s->while_.cond = pj_bool(in, true, s->while_.cond->loc);
      break;
    }
    pj_rewrite_block(in, &s->while_.body);
    break;
  case PJ_ST_FOR:
    pj_no_writer_in(in, s->for_.target);
    pj_hoist(in, &s->for_.iter); /* evaluated once, before the loop */
    pj_rewrite_block(in, &s->for_.body);
    break;
  default: break;
  }
}

static void pj_rewrite_block(PjInl *in, PjBlock *b) {
  PjVec out = {0};
  for (int i = 0; i < b->count; i++) {
    PjVec saved = in->before;
    in->before = (PjVec){0};
    pj_rewrite_stmt(in, b->stmts[i]);
    for (int k = 0; k < in->before.len; k++) pj_vec_push(in->arena, &out, in->before.items[k]);
    pj_vec_push(in->arena, &out, b->stmts[i]);
    in->before = saved;
  }
  *b = pj_block_of(in, &out);
}

/* f's body with the calls it makes of inlined functions inlined (those first), once. */
static void pj_expand(PjInl *in, PjFunc *f) {
  if (pj_mark(in, f)) return; /* done, or being expanded (a recursive call: reported at the end) */
  pj_vec_push(in->arena, &in->state, f);
  pj_vec_push(in->arena, &in->marks, (void *)1);
  int at = in->state.len - 1;
  PjFunc *home = in->home;
  PjVec before = in->before;
  in->home = f;
  in->before = (PjVec){0};
  pj_rewrite_block(in, &f->body);
  in->home = home;
  in->before = before;
  in->marks.items[at] = (void *)2;
}

/* ---- what is left: uses that cannot be inlined ------------------------------------------------- */

typedef struct PjLeft {
  PjInl *in;
  PjFunc *f;
  PjVec callees; /* PjExpr*: names in a call's callee position */
} PjLeft;

static bool pj_find_callees(const PjExpr *e, void *ctx) {
  PjLeft *l = ctx;
  if (e->kind == PJ_EX_CALL && e->call.fn->kind == PJ_EX_NAME) pj_vec_push(l->in->arena, &l->callees, e->call.fn);
  return false;
}

static bool pj_find_left(const PjExpr *e, void *ctx) {
  PjLeft *l = ctx;
  PjInl *in = l->in;
  if (e->kind != PJ_EX_NAME) return false;
  PjFunc *w = pj_def_of(in, e->name.id);
  if (!w || !w->nnonlocals) return false;
  for (int i = 0; i < in->reported.len; i++)
    if (in->reported.items[i] == e) return false;
  bool callee = false;
  for (int i = 0; i < l->callees.len && !callee; i++) callee = l->callees.items[i] == e;
  if (callee)
    pj_report(in, e->loc, "inner function '%s' rebinds nonlocal variables, so it is inlined "
             "where it is called, and this call of it is recursive: it cannot be inlined (numba inlines such "
             "functions too)", w->name);
  else
    pj_report(in, e->loc, "inner function '%s' rebinds nonlocal variables, so it can only be "
             "called (and is inlined there), not used as a value", w->name);
  in->ok = false;
  return false;
}

static void pj_check_left(PjInl *in, PjFunc *f) {
  if (f->nnonlocals) return; /* inlined where it is called: its own body is never compiled */
  in->home = f;
  PjLeft l = {.in = in, .f = f};
  pj_block_any_expr(&f->body, pj_find_callees, &l);
  for (int i = 0; i < f->body.count; i++) { /* `def w` binds the name: not a use */
    const PjStmt *s = f->body.stmts[i];
    if (s->kind == PJ_ST_ASSIGN && s->assign.value->kind == PJ_EX_STATIC) continue;
    pj_stmt_any_expr(s, pj_find_left, &l);
  }
}

bool pj_inline_nonlocals(PjArena *arena, PjSyntax *syn, PjDiags *diags) {
  bool any = false;
  for (int i = 0; i < syn->ninner; i++) any |= syn->inner[i]->nnonlocals > 0;
  if (!any) return true;
  PjInl in = {.arena = arena, .syn = syn, .diags = diags, .ok = true};
  for (int i = 0; i < syn->nfuncs; i++) pj_expand(&in, syn->funcs[i]->func);
  for (int i = 0; i < syn->ninner; i++) pj_expand(&in, syn->inner[i]);
  for (int i = 0; i < syn->nfuncs; i++) pj_check_left(&in, syn->funcs[i]->func);
  for (int i = 0; i < syn->ninner; i++) pj_check_left(&in, syn->inner[i]);
  return in.ok;
}
