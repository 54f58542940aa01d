/* Calls the type checker treats by their own rules (frontend/checker.h): `raise E(...)`, which
 * the parser writes as $raise(E); print()'s dim3 values and its limit of 32 values; float() of a
 * string constant; the f-strings and str.format() calls print() takes (ir/format.h plans them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "ir/format.h"
#include "stdlib/builtins.h"

/* A name or a dotted path of names that are not the function's variables (an exception class). */
static bool pj_global_path(PjChecker *c, const PjExpr *e) {
  if (e->kind == PJ_EX_ATTR) return pj_global_path(c, e->attr.base);
  return e->kind == PJ_EX_NAME && pj_var_index(c, e->name.id) < 0;
}

/* `raise E` or `raise E(constants)` (numba's exceptions in kernels): the class and its arguments
 * are the host's to build when the kernel reports the raise (debug=True), from the statement's
 * text; the kernel only records where it was. */
const PjType *pj_type_raise(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot, *exc = e->call.args[0];
  bool ok = pj_global_path(c, exc);
  if (!ok && exc->kind == PJ_EX_CALL && !exc->call.has_kwargs && pj_global_path(c, exc->call.fn)) {
    ok = true;
    for (int i = 0; i < exc->call.nargs && ok; i++) {
      const PjExpr *a = exc->call.args[i];
      if (a->kind == PJ_EX_UNARY && (a->un.op == PJ_UN_NEG || a->un.op == PJ_UN_POS)) a = a->un.x;
      ok = a->kind == PJ_EX_INT || a->kind == PJ_EX_FLOAT || a->kind == PJ_EX_BOOL || a->kind == PJ_EX_STRING ||
           a->kind == PJ_EX_NONE;
    }
  }
  if (!ok) {
    pj_err(c, exc->loc, "raise takes an exception class, or a call of one with constant arguments "
           "(numbers and strings), in kernels");
    return NULL;
  }
  if (c->final) {
    PjExpr *b = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BUILTIN, .loc = e->loc, .type = pj_type_void()});
    b->builtin.id = PJ_BI_RAISE;
    *slot = b;
  }
  return pj_type_void();
}

/* The numbers a value prints (a tuple's, nested). */
static int pj_print_leaves(const PjType *t) {
  if (!t || t->kind != PJ_TY_TUPLE) return 1;
  int n = 0;
  for (int i = 0; i < t->count; i++) n += pj_print_leaves(t->items[i]);
  return n;
}

/* CUDA's printf takes 32 values at most: a print of more shows its format string (backend), with
 * numba-cuda's warning; one with an f-string is refused, which would print without its values. */
static int pj_format_nargs(PjChecker *c, const PjExpr *e, int *upper_f);
bool pj_print_limit(PjChecker *c, const PjExpr *e) {
  int n = 0, upper_f = 0;
  bool formats = false;
  for (int i = 0; i < e->call.nargs; i++) {
    const PjExpr *a = e->call.args[i];
    if (pj_is_format(a)) {
      formats = true;
      n += pj_format_nargs(c, a, &upper_f);
    } else if (a->kind != PJ_EX_STRING) {
      n += pj_print_leaves(a->type);
    }
  }
  if (upper_f > PJ_FMT_MAX_UPPER_F) { /* each is a choice of the format at run time: 2**n formats */
    pj_err(c, e->loc, "this print() has %d fields of type 'F', more than the %d a print may have in kernels: split "
           "it into several print() calls", upper_f, PJ_FMT_MAX_UPPER_F);
    return false;
  }
  if (n > 32 && formats) {
    pj_err(c, e->loc, "this print() needs %d printf values, more than the 32 CUDA's printf takes: split it into "
           "several print() calls", n);
    return false;
  }
  if (n > 32 && c->diags)
    pj_diag_add(c->diags, PJ_SEVERITY_WARNING, &c->m->file, e->loc,
                "CUDA print() cannot print more than 32 items. The raw format string will be emitted by the kernel "
                "instead.");
  return true;
}

/* cuda.threadIdx (blockIdx, blockDim, gridDim) as a value: the tuple of its x, y and z, as
 * numba prints a dim3. */
void pj_dim3_as_tuple(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  const char *q = e->kind == PJ_EX_ATTR ? pj_qualify(c, e) : NULL;
  if (!q || (strcmp(q, "cuda.threadIdx") && strcmp(q, "cuda.blockIdx") && strcmp(q, "cuda.blockDim") &&
             strcmp(q, "cuda.gridDim")))
    return;
  static const char *const axes[3] = {"x", "y", "z"};
  PjExpr **items = pj_arena_alloc(c->arena, 3 * sizeof(PjExpr *));
  for (int k = 0; k < 3; k++)
    items[k] = pj_new_expr(c, (PjExpr){.kind = PJ_EX_ATTR, .loc = e->loc, .attr = {e, axes[k], e->loc}});
  *slot = pj_new_expr(c, (PjExpr){.kind = PJ_EX_TUPLE, .loc = e->loc, .tuple = {items, 3}});
}

/* float("nan"), float("-inf"), float("1.5e3"): a string constant becomes the float constant,
 * parsed as Python's float() parses it (decimal forms, nan and inf/infinity in any case, a sign,
 * surrounding spaces, underscores between digits); anything else is Python's ValueError. */
bool pj_float_literal(PjChecker *c, PjExpr *s) {
  const char *p = s->str;
  while (*p == ' ' || *p == '\t' || *p == '\n') p++;
  char buf[128];
  size_t n = 0;
  bool ok = true;
  for (const char *q = p; *q && ok; q++) {
    if (*q == '_') { /* only between two digits */
      ok = q > p && q[-1] >= '0' && q[-1] <= '9' && q[1] >= '0' && q[1] <= '9';
      continue;
    }
    if (n + 1 >= sizeof buf) ok = false;
    else buf[n++] = *q;
  }
  while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == '\t' || buf[n - 1] == '\n')) n--;
  buf[n] = 0;
  const char *body = buf + (buf[0] == '+' || buf[0] == '-');
  for (const char *q = body; *q && ok; q++) /* no hexadecimal floats, no nan(...) payloads */
    ok = strchr("0123456789.eE+-", *q) || !strcasecmp(body, "nan") || !strcasecmp(body, "inf") || !strcasecmp(body, "infinity");
  char *end = NULL;
  double v = ok && n > 0 ? strtod(buf, &end) : 0;
  if (!ok || n == 0 || !end || *end) {
    pj_err(c, s->loc, "could not convert string to float: '%s'", s->str);
    return false;
  }
  s->kind = PJ_EX_FLOAT;
  s->big = false;
  s->fval = v;
  return true;
}


/* ---- f-strings and str.format ------------------------------------------------------------- */

bool pj_is_format(const PjExpr *e) {
  return (e->kind == PJ_EX_CALL && e->call.fn->kind == PJ_EX_NAME && strcmp(e->call.fn->name.id, "$format") == 0) ||
         (e->kind == PJ_EX_BUILTIN && e->builtin.id == PJ_BI_FORMAT);
}

static bool pj_number_tuple(const PjType *t) {
  if (t->kind == PJ_TY_TUPLE) {
    for (int i = 0; i < t->count; i++)
      if (!pj_number_tuple(t->items[i])) return false;
    return true;
  }
  return t->kind == PJ_TY_SCALAR && !pj_dtype_is_complex(t->dtype);
}

/* What a typed field value is for ir/format.h, or false for what an f-string cannot print. */
static bool pj_format_class(const PjExpr *v, PjFmtClass *cls) {
  const PjType *t = v->type;
  if (v->kind == PJ_EX_STRING) *cls = PJ_FC_STR;
  else if (t->kind == PJ_TY_TUPLE && pj_number_tuple(t)) *cls = PJ_FC_TUPLE;
  else if (t->kind != PJ_TY_SCALAR) return false;
  else if (t->dtype == PJ_BOOL) *cls = PJ_FC_BOOL;
  else if (pj_dtype_is_complex(t->dtype)) *cls = PJ_FC_COMPLEX;
  else if (pj_dtype_is_float(t->dtype)) *cls = PJ_FC_FLOAT;
  else *cls = pj_dtype_is_signed(t->dtype) ? PJ_FC_INT : PJ_FC_UINT;
  return true;
}

/* One field's plan (reported at its spec when there is none). */
static bool pj_format_field(PjChecker *c, const PjExpr *spec, const PjExpr *value, PjFmtPlan *plan) {
  PjFmtClass cls;
  if (!pj_format_class(value, &cls)) {
    pj_err(c, value->loc, "an f-string or format() cannot print %s in a kernel: only numbers, bools, tuples of numbers "
           "and string constants", pj_tn(c, value->type));
    return false;
  }
  char err[320];
  if (pj_fmt_plan(c->arena, cls, spec->str[0] == '-' ? 0 : spec->str[0], spec->str + 1,
                  value->kind == PJ_EX_STRING ? value->str : NULL, plan, err, sizeof err)) {
    if (plan->how == PJ_FMT_PRINT) plan->nargs = pj_print_leaves(value->type);
    return true;
  }
  pj_err(c, spec->loc, "%s", err);
  return false;
}

/* An f-string or "...".format(...) given to print(): its values typed and each field's spec
 * checked; the checking phase makes it the FORMAT builtin, string constants made text. */
const PjType *pj_type_format(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  if (e->kind == PJ_EX_BUILTIN) return e->type;
  bool ok = true;
  for (int i = 0; i < e->call.nargs; i++) {
    PjExpr *a = e->call.args[i];
    a->type = pj_type_void();
    if (!a->big) continue;
    PjExpr **v = &e->call.args[++i];
    if ((*v)->kind == PJ_EX_STRING) (*v)->type = pj_type_void();
    else if (pj_is_format(*v)) {
      pj_err(c, (*v)->loc, "an f-string inside an f-string is not supported in kernels");
      ok = false;
      continue;
    } else {
      pj_dim3_as_tuple(c, v);
      if (!pj_expr_type(c, v)) {
        ok = false;
        continue;
      }
    }
    PjFmtPlan plan;
    ok = pj_format_field(c, a, *v, &plan) && ok;
  }
  if (!ok) return NULL;
  if (c->final) { /* string constants become text: the backend prints numbers only */
    PjExpr **args = pj_arena_alloc(c->arena, sizeof(PjExpr *) * ((size_t)e->call.nargs + 1));
    int n = 0;
    for (int i = 0; i < e->call.nargs; i++) {
      PjExpr *a = e->call.args[i];
      if (a->big && e->call.args[i + 1]->kind == PJ_EX_STRING) {
        PjFmtPlan plan;
        pj_format_field(c, a, e->call.args[i + 1], &plan);
        a = pj_new_expr(c, (PjExpr){.kind = PJ_EX_STRING, .loc = a->loc, .type = pj_type_void(), .str = plan.text});
        i++;
      } else if (a->big) {
        args[n++] = a;
        a = e->call.args[++i];
      }
      args[n++] = a;
    }
    PjExpr *b = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BUILTIN, .loc = e->loc, .type = pj_type_void()});
    b->builtin.id = PJ_BI_FORMAT;
    b->builtin.args = args;
    b->builtin.nargs = n;
    *slot = b;
  }
  return pj_type_void();
}

/* The printf values of an f-string (its plans, as the backend emits them), and its conversions of
 * type 'F' added to *upper_f. */
static int pj_format_nargs(PjChecker *c, const PjExpr *e, int *upper_f) {
  int n = 0;
  PjExpr *const *args = e->kind == PJ_EX_BUILTIN ? e->builtin.args : e->call.args;
  int nargs = e->kind == PJ_EX_BUILTIN ? e->builtin.nargs : e->call.nargs;
  for (int i = 0; i < nargs; i++) {
    if (!args[i]->big) continue;
    PjFmtPlan plan;
    if (pj_format_field(c, args[i], args[i + 1], &plan)) {
      n += plan.nargs;
      *upper_f += plan.upper_f;
    }
    i++;
  }
  return n;
}
