/* Calls the type checker treats by their own rules (frontend/checker.h): `raise E(...)`, which
 * the parser writes as $raise(E); print()'s dim3 values and its limit of 32 values; float() of a
 * string constant. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "stdlib/builtins.h"

/* A name or a dotted path of names that are not the function's variables (an exception class). */
static bool pj_global_path(PjChecker *c, const PjExpr *e) {
  if (e->kind == PJ_EX_ATTR) return pj_global_path(c, e->attr.base);
  return e->kind == PJ_EX_NAME && pj_var_index(c->f, e->name.id) < 0;
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
 * numba-cuda's warning. */
void pj_print_limit(PjChecker *c, const PjExpr *e) {
  int n = 0;
  for (int i = 0; i < e->call.nargs; i++)
    if (e->call.args[i]->kind != PJ_EX_STRING) n += pj_print_leaves(e->call.args[i]->type);
  if (n > 32)
    pj_diag_add(c->diags, PJ_SEVERITY_WARNING, &c->m->file, e->loc,
                "CUDA print() cannot print more than 32 items. The raw format string will be emitted by the kernel "
                "instead.");
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

