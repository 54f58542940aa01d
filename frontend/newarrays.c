/* The alignment= of cuda.local.array and cuda.shared.array, and an array's address as a number
 * (arr.ctypes.data), with which a kernel can see where an array lies.
 *
 * alignment is a constant integer (written in the call, a module-level or captured constant, or
 * a local name assigned a constant once) or None; as numba, it must be positive, a power of two
 * and a multiple of a pointer's size (8). The typed call keeps it as its third argument, an
 * integer constant (none given: two arguments), which the back end aligns the array's first
 * element to. */
#include <string.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "stdlib/builtins.h"

/* Sets *out to the value of an integer constant written as e, or reports what e is. 0: None. */
static int pj_alignment_value(PjChecker *c, const PjExpr *e, int64_t *out, const char **what) {
  if (e->kind == PJ_EX_NONE) return 0;
  if (e->kind == PJ_EX_INT) {
    *out = e->ival;
    return 1;
  }
  if (e->kind == PJ_EX_UNARY && e->un.op == PJ_UN_NEG && e->un.x->kind == PJ_EX_INT) {
    *out = -e->un.x->ival;
    return 1;
  }
  *what = e->kind == PJ_EX_FLOAT ? "float64" : e->kind == PJ_EX_STRING ? "str" : e->kind == PJ_EX_BOOL ? "bool" : NULL;
  bool local = false;
  for (int i = 0; e->kind == PJ_EX_NAME && i < c->f->nvars; i++) local |= strcmp(c->f->vars[i].name, e->name.id) == 0;
  if (e->kind == PJ_EX_NAME && !local && !pj_is_captured(c, e->name.id)) {
    const PjGlobal *g = pj_module_global(c->m, e->name.id);
    if (g && g->kind == PJ_GLOBAL_CONST && !g->value && g->qualname && strcmp(g->qualname, "NoneType") == 0) return 0;
    if (g && g->kind == PJ_GLOBAL_CONST && g->value) return pj_alignment_value(c, g->value, out, what);
    if (g && g->kind == PJ_GLOBAL_CONST && g->qualname) *what = g->qualname;
  }
  return -1;
}

int pj_new_array_alignment(PjChecker *c, int id, PjExpr **slot) {
  PjExpr *e = *slot;
  int64_t a = 0;
  const char *what = NULL;
  int k = pj_alignment_value(c, e, &a, &what);
  if (k < 0) {
    /* numba's exception class leads its message, which tests match */
    if (what)
      pj_err(c, e->loc, "RequireLiteralValue: alignment must be a constant integer or None; %s() got a %s",
             pj_builtins[id].name, what);
    else
      pj_err(c, e->loc, "RequireLiteralValue: alignment must be a constant integer or None in %s() (a number "
             "written in the call or a constant name)", pj_builtins[id].name);
    return -1;
  }
  if (k == 1) {
    const char *bad = a <= 0 ? "positive" : (a & (a - 1)) != 0 ? "a power of 2" : a % 8 != 0 ? "a multiple of 8" : NULL;
    if (bad) {
      /* the Python layer raises these as ValueError, as numba does */
      pj_err(c, e->loc, "Alignment must be %s: %s() got alignment=%lld", bad, pj_builtins[id].name, (long long)a);
      return -1;
    }
    if (a > (int64_t)1 << 20) {
      pj_err(c, e->loc, "Alignment must be at most 1048576 (2**20): %s() got alignment=%lld", pj_builtins[id].name,
             (long long)a);
      return -1;
    }
  }
  PjExpr *v = pj_new_expr(c, (PjExpr){.kind = k ? PJ_EX_INT : PJ_EX_NONE, .loc = e->loc, .ival = k ? a : 0});
  v->type = k ? pj_type_scalar(PJ_INT64) : pj_type_none();
  *slot = v;
  return 1;
}

bool pj_is_ctypes_data(const PjExpr *e) {
  return e->kind == PJ_EX_ATTR && strcmp(e->attr.attr, "data") == 0 && e->attr.base->kind == PJ_EX_ATTR &&
         strcmp(e->attr.base->attr.attr, "ctypes") == 0;
}

const PjType *pj_type_ctypes_data(PjChecker *c, PjExpr **slot) {
  PjExpr *e = *slot;
  PjExpr **arr = &e->attr.base->attr.base;
  const PjType *t = pj_expr_type(c, arr);
  if (!t) return NULL;
  if (t->kind != PJ_TY_ARRAY) {
    pj_err(c, e->attr.base->attr.attr_loc, "%s has no attribute 'ctypes'", pj_tn(c, t));
    return NULL;
  }
  const PjType *u = pj_type_scalar(PJ_UINT64); /* numba's ctypes.data: the address, an unsigned intp */
  if (!c->final) return u;
  PjExpr *b = pj_new_expr(c, (PjExpr){.kind = PJ_EX_BUILTIN, .loc = e->loc, .type = u});
  b->builtin.id = PJ_BI_CTYPES_DATA;
  b->builtin.args = pj_arena_alloc(c->arena, sizeof(PjExpr *));
  b->builtin.args[0] = *arr;
  b->builtin.nargs = 1;
  *slot = b;
  return u;
}
