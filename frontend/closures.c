/* Inner functions and the ways of passing arguments that come with them (frontend/checker.h).
 *
 * A `def` inside a function is a device function of its own (the parser binds its name to it as
 * a function value): it is called, or passed to device functions, like a module-level one, and
 * specialised per argument types where it is used. What it reads of the function it is written
 * in must be a constant, as in numba: a variable that function assigns once, to a number, a bool,
 * a tuple of them or another inner function; the use is replaced by that value.
 *
 * Calls of device functions bind their arguments to the parameters as Python does: keywords by
 * name, defaults (constants) for what is left out, and the extra positional arguments as a tuple
 * in a last *name parameter. A call argument `*t`, t a tuple of known length, is spread into
 * its items. */
#include <string.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"

/* ---- captured constants -------------------------------------------------------------------- */

typedef struct PjDefs {
  const char *name;
  int count;            /* assignments of the name */
  const PjExpr *value;  /* the last one's value when it is `name = value` */
  PjLoc loc;
} PjDefs;

static bool pj_target_has(const PjExpr *t, const char *name) {
  if (t->kind == PJ_EX_NAME) return strcmp(t->name.id, name) == 0;
  if (t->kind != PJ_EX_TUPLE) return false;
  for (int i = 0; i < t->tuple.count; i++)
    if (pj_target_has(t->tuple.items[i], name)) return true;
  return false;
}

static void pj_defs_block(const PjBlock *b, PjDefs *d) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    switch (s->kind) {
    case PJ_ST_ASSIGN:
      for (int t = 0; t < s->assign.ntargets; t++) {
        if (!pj_target_has(s->assign.targets[t], d->name)) continue;
        d->count++;
        d->loc = s->loc;
        d->value = s->assign.targets[t]->kind == PJ_EX_NAME ? s->assign.value : NULL;
      }
      break;
    case PJ_ST_AUGASSIGN:
      if (pj_target_has(s->aug.target, d->name)) d->count++, d->value = NULL, d->loc = s->loc;
      break;
    case PJ_ST_FOR:
      if (pj_target_has(s->for_.target, d->name)) d->count++, d->value = NULL, d->loc = s->loc;
      pj_defs_block(&s->for_.body, d);
      break;
    case PJ_ST_IF:
      pj_defs_block(&s->if_.then, d);
      pj_defs_block(&s->if_.orelse, d);
      break;
    case PJ_ST_WHILE: pj_defs_block(&s->while_.body, d); break;
    default: break;
    }
  }
}

/* Whether a value is known when the function is compiled: a constant or an inner function. */
static bool pj_constant_value(const PjExpr *e) {
  switch (e->kind) {
  case PJ_EX_INT: case PJ_EX_FLOAT: case PJ_EX_BOOL: case PJ_EX_NONE: return true;
  case PJ_EX_STATIC: return e->type && e->type->kind == PJ_TY_FUNCTION;
  case PJ_EX_UNARY:
    return (e->un.op == PJ_UN_NEG || e->un.op == PJ_UN_POS) && (e->un.x->kind == PJ_EX_INT || e->un.x->kind == PJ_EX_FLOAT);
  case PJ_EX_TUPLE:
    for (int i = 0; i < e->tuple.count; i++)
      if (!pj_constant_value(e->tuple.items[i]) || e->tuple.items[i]->kind == PJ_EX_STATIC) return false;
    return true;
  default: return false;
  }
}

static int pj_param_index(const PjFunc *f, const char *name, int n) {
  for (int i = 0; i < n; i++)
    if (strcmp(f->vars[i].name, name) == 0) return i;
  return -1;
}

/* Whether `name`, a variable of o, stands for a constant there (read as that constant). */
static bool pj_captures_constant(const PjFunc *o, int v, PjDefs *d) {
  *d = (PjDefs){.name = o->vars[v].name};
  if (o->vars[v].is_param) return false;
  pj_defs_block(&o->body, d);
  return d->count == 1 && d->value && pj_constant_value(d->value);
}

typedef struct PjFree {
  PjArena *arena;
  PjFunc *f;
  PjVec names; /* const char*: read, not f's own */
  PjVec labels; /* const char*: keyword labels (name=value in calls), not reads */
} PjFree;

static bool pj_free_name(const PjExpr *e, void *ctx) {
  PjFree *fr = ctx;
  if (e->kind == PJ_EX_BINARY && e->bin.op == PJ_OP_COUNT && e->bin.l->kind == PJ_EX_NAME)
    pj_vec_push(fr->arena, &fr->labels, (void *)e->bin.l->name.id);
  if (e->kind == PJ_EX_NAME && pj_param_index(fr->f, e->name.id, fr->f->nvars) < 0)
    pj_vec_push(fr->arena, &fr->names, (void *)e->name.id);
  return false;
}

static int pj_count_of(const PjVec *v, const char *name) {
  int n = 0;
  for (int i = 0; i < v->len; i++) n += strcmp(v->items[i], name) == 0;
  return n;
}

void pj_inner_captures(PjArena *arena, PjFunc *f) {
  const PjFunc *o = f->outer;
  PjFree fr = {.arena = arena, .f = f};
  pj_block_any_expr(&f->body, pj_free_name, &fr);
  PjVec hidden = {0};
  for (int i = 0; i < fr.names.len; i++) {
    const char *name = fr.names.items[i];
    int v = pj_param_index(o, name, o->nvars);
    PjDefs d;
    if (v < 0 || pj_count_of(&hidden, name) || pj_count_of(&fr.names, name) == pj_count_of(&fr.labels, name) ||
        pj_captures_constant(o, v, &d))
      continue;
    pj_vec_push(arena, &hidden, (void *)name);
  }
  if (!hidden.len) return;
  PjVar *vars = pj_arena_alloc(arena, sizeof(PjVar) * (size_t)(f->nvars + hidden.len + 1));
  memcpy(vars, f->vars, sizeof(PjVar) * (size_t)f->nparams);
  for (int i = 0; i < hidden.len; i++) {
    int v = pj_param_index(o, hidden.items[i], o->nvars);
    vars[f->nparams + i] = (PjVar){.name = o->vars[v].name, .loc = o->vars[v].loc, .is_param = true};
  }
  memcpy(vars + f->nparams + hidden.len, f->vars + f->nparams, sizeof(PjVar) * (size_t)(f->nvars - f->nparams));
  f->vars = vars;
  f->nparams += hidden.len;
  f->nvars += hidden.len;
  f->ncaptured = hidden.len;
}

static bool pj_same_func(const PjFunc *a, const PjFunc *b) {
  return a && b && a->module == b->module && a->loc.line == b->loc.line && a->loc.col == b->loc.col &&
         strcmp(a->name, b->name) == 0;
}

/* Whether the function being typed has the variables inner function f reads: the one f is
 * written in, or f itself (a recursive call passes them on). */
static bool pj_is_home(PjChecker *c, const PjFunc *f) { return pj_same_func(c->f, f->outer) || pj_same_func(c->f, f); }

bool pj_is_captured(PjChecker *c, const char *name) {
  for (const PjFunc *o = c->f->outer; o; o = o->outer)
    if (pj_param_index(o, name, o->nvars) >= 0) return true;
  return false;
}

bool pj_type_captured(PjChecker *c, PjExpr **slot, const PjType **out) {
  PjExpr *e = *slot;
  const PjFunc *o = c->f->outer;
  int v = -1;
  while (o && (v = pj_param_index(o, e->name.id, o->nvars)) < 0) o = o->outer;
  if (!o) return false;
  *out = NULL;
  if (o->vars[v].is_param) {
    pj_err(c, e->loc, "Cannot capture the non-constant value associated with variable '%s': it is a parameter of "
           "'%s', and an inner function may only read constants of the function it is written in", e->name.id, o->name);
    return true;
  }
  PjDefs d = {.name = e->name.id};
  pj_defs_block(&o->body, &d);
  if (d.count > 1) {
    pj_err(c, e->loc, "Cannot capture a constant value for variable '%s': '%s' assigns it more than once, and an "
           "inner function may only read a variable assigned once, to a constant", e->name.id, o->name);
    return true;
  }
  if (d.count == 0 || !d.value || !pj_constant_value(d.value)) {
    pj_err(c, e->loc, "Cannot capture the non-constant value associated with variable '%s' (assigned at line %d): "
           "an inner function may only read constants of the function it is written in", e->name.id, d.loc.line);
    return true;
  }
  PjExpr *k = pj_clone_expr(c->arena, d.value, 0);
  k->loc = e->loc;
  *slot = k;
  *out = pj_expr_type(c, slot);
  return true;
}

/* ---- f(*t) ----------------------------------------------------------------------------------- */

/* Whether evaluating e more than once gives the same and does nothing else: names, constants,
 * attributes, subscripts, arithmetic and calls of math, cmath and NumPy functions. */
static bool pj_repeatable(PjChecker *c, const PjExpr *e) {
  switch (e->kind) {
  case PJ_EX_NAME: case PJ_EX_INT: case PJ_EX_FLOAT: case PJ_EX_BOOL: case PJ_EX_STATIC: return true;
  case PJ_EX_ATTR: return pj_repeatable(c, e->attr.base);
  case PJ_EX_SUBSCRIPT: return pj_repeatable(c, e->sub.base) && pj_repeatable(c, e->sub.index);
  case PJ_EX_BINARY: return pj_repeatable(c, e->bin.l) && pj_repeatable(c, e->bin.r);
  case PJ_EX_UNARY: return pj_repeatable(c, e->un.x);
  case PJ_EX_TUPLE:
    for (int i = 0; i < e->tuple.count; i++)
      if (!pj_repeatable(c, e->tuple.items[i])) return false;
    return true;
  case PJ_EX_CALL: {
    const char *q = pj_qualify(c, e->call.fn);
    if (!q || !(strncmp(q, "math.", 5) == 0 || strncmp(q, "cmath.", 6) == 0 || strncmp(q, "numpy.", 6) == 0)) return false;
    for (int i = 0; i < e->call.nargs; i++)
      if (!pj_repeatable(c, e->call.args[i])) return false;
    return true;
  }
  default: return false;
  }
}

bool pj_spread_star(PjChecker *c, PjExpr *e) {
  int at = e->call.star - 1;
  PjExpr **slot = &e->call.args[at];
  bool repeatable = pj_repeatable(c, *slot); /* judged as written, before typing rewrites it */
  const PjType *t = pj_expr_type(c, slot);
  if (!t) return false;
  if (t->kind != PJ_TY_TUPLE) {
    pj_err(c, (*slot)->loc, "the argument after * must be a tuple, not %s", pj_tn(c, t));
    return false;
  }
  PjExpr *x = *slot;
  if (x->kind != PJ_EX_TUPLE && !repeatable) {
    pj_err(c, x->loc, "f(*x) needs x to be a tuple, a variable or a math/NumPy call here: assign the tuple to a "
           "variable first");
    return false;
  }
  int n = t->count, total = e->call.nargs - 1 + n;
  PjExpr **args = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)(total + 1));
  for (int i = 0; i < at; i++) args[i] = e->call.args[i];
  for (int k = 0; k < n; k++) {
    if (x->kind == PJ_EX_TUPLE) {
      args[at + k] = x->tuple.items[k];
      continue;
    }
    PjExpr *idx = pj_new_expr(c, (PjExpr){.kind = PJ_EX_INT, .loc = x->loc, .ival = k});
    args[at + k] = pj_new_expr(c, (PjExpr){.kind = PJ_EX_SUBSCRIPT, .loc = x->loc,
                                           .sub = {.base = pj_clone_expr(c->arena, x, 0), .index = idx}});
  }
  for (int i = at + 1; i < e->call.nargs; i++) args[i - 1 + n] = e->call.args[i];
  e->call.args = args;
  e->call.nargs = total;
  e->call.star = 0;
  return true;
}

/* ---- binding a device function's arguments ------------------------------------------------- */

static bool pj_is_keyword_arg(const PjExpr *a) {
  return a->kind == PJ_EX_BINARY && a->bin.op == PJ_OP_COUNT && a->bin.l->kind == PJ_EX_NAME;
}

bool pj_bind_call(PjChecker *c, PjExpr *e, const PjFunc *f) {
  if (e->call.bound) return true;
  int declared = f->nparams - f->ncaptured, fixed = declared - (f->star ? 1 : 0), npos = 0;
  if (f->ncaptured && !pj_is_home(c, f)) {
    const PjVar *v = &f->vars[declared];
    int ov = pj_param_index(f->outer, v->name, f->outer->nvars);
    PjDefs d;
    pj_captures_constant(f->outer, ov, &d);
    if (d.count > 1)
      pj_err(c, e->loc, "Cannot capture a constant value for variable '%s': inner function '%s' reads it, and '%s' "
             "assigns it more than once, so '%s' can only be called in '%s', not passed to other functions",
             v->name, f->name, f->outer->name, f->name, f->outer->name);
    else
      pj_err(c, e->loc, "Cannot capture the non-constant value associated with variable '%s': inner function '%s' "
             "reads it, so '%s' can only be called in '%s', where it is defined, not passed to other functions",
             v->name, f->name, f->name, f->outer->name);
    return false;
  }
  while (npos < e->call.nargs && !pj_is_keyword_arg(e->call.args[npos])) npos++;
  if (npos > fixed && !f->star) {
    pj_err(c, e->loc, "%s() takes %d positional argument%s but %d were given", f->name, fixed, fixed == 1 ? "" : "s",
           npos);
    return false;
  }
  PjExpr **args = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)(f->nparams + 1));
  for (int i = 0; i < npos && i < fixed; i++) args[i] = e->call.args[i];
  for (int i = npos; i < e->call.nargs; i++) {
    const PjExpr *kw = e->call.args[i];
    if (!pj_is_keyword_arg(kw)) {
      pj_err(c, kw->loc, "a positional argument follows a keyword argument");
      return false;
    }
    int p = pj_param_index(f, kw->bin.l->name.id, fixed);
    if (p < 0) {
      pj_err(c, kw->bin.l->loc, "%s() got an unexpected keyword argument '%s'", f->name, kw->bin.l->name.id);
      return false;
    }
    if (args[p]) {
      pj_err(c, kw->bin.l->loc, "%s() got multiple values for argument '%s'", f->name, kw->bin.l->name.id);
      return false;
    }
    args[p] = kw->bin.r;
  }
  for (int p = 0; p < fixed; p++) {
    if (args[p]) continue;
    if (!f->defaults || !f->defaults[p]) {
      pj_err(c, e->loc, "%s() missing required argument '%s'", f->name, f->vars[p].name);
      return false;
    }
    args[p] = pj_clone_expr(c->arena, f->defaults[p], 0);
    args[p]->loc = e->loc;
  }
  if (f->star) { /* the extra positional arguments, as a tuple */
    int extra = npos > fixed ? npos - fixed : 0;
    PjExpr **items = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)(extra + 1));
    for (int k = 0; k < extra; k++) items[k] = e->call.args[fixed + k];
    args[fixed] = pj_new_expr(c, (PjExpr){.kind = PJ_EX_TUPLE, .loc = e->loc, .tuple = {.items = items, .count = extra}});
  }
  for (int i = declared; i < f->nparams; i++) /* the variables it reads, as they are now */
    args[i] = pj_new_expr(c, (PjExpr){.kind = PJ_EX_NAME, .loc = e->loc, .name = {f->vars[i].name, -1}});
  e->call.args = args;
  e->call.nargs = f->nparams;
  e->call.has_kwargs = false;
  e->call.bound = true;
  return true;
}

bool pj_params_plain(const PjModule *m, const PjFunc *f, const char *what, PjDiags *diags) {
  bool ok = true;
  for (int i = 0; i < f->nparams; i++) {
    const PjVar *v = &f->vars[i];
    if (f->star && i == f->nparams - 1) {
      pj_error(diags, &m->file, v->loc, "%s parameter '*%s': *args is only supported in device functions called "
               "from kernels", what, v->name);
      ok = false;
    } else if (f->defaults && f->defaults[i]) {
      pj_error(diags, &m->file, v->loc, "%s parameter '%s': default values are only supported in device functions "
               "called from kernels", what, v->name);
      ok = false;
    }
  }
  return ok;
}
