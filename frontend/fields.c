/* Record fields reached in the forms numba accepts beyond rec.a and rec['a']: a field by its
 * position (rec[0], rec[-1]: NumPy's integer indexing of a record), and a whole subarray field
 * assigned at once (rec.a = arr, rec['a'] = arr), which stores arr's elements into the field as
 * rec.a[:, ...] = arr does. */
#include <string.h>

#include "frontend/checker.h"
#include "frontend/frontend.h"

/* The constant integer an index expression is written as (3, -1), if it is one. */
static bool pj_const_index(const PjExpr *e, int64_t *out) {
  if (e->kind == PJ_EX_INT) {
    *out = e->ival;
    return true;
  }
  if (e->kind == PJ_EX_UNARY && (e->un.op == PJ_UN_NEG || e->un.op == PJ_UN_POS) && e->un.x->kind == PJ_EX_INT) {
    *out = e->un.op == PJ_UN_NEG ? -e->un.x->ival : e->un.x->ival;
    return true;
  }
  return false;
}

bool pj_record_index_by_position(PjChecker *c, PjExpr *sub, const PjType *rt) {
  int64_t k;
  if (!pj_const_index(sub->sub.index, &k)) return false;
  const PjRecord *r = rt->record;
  int64_t pos = k < 0 ? k + r->nfields : k;
  if (pos < 0 || pos >= r->nfields) {
    pj_err(c, sub->sub.index->loc, "record field index %lld is out of range: the record has %d field%s",
           (long long)k, r->nfields, r->nfields == 1 ? "" : "s");
    return true;
  }
  PjExpr *name = pj_new_expr(c, (PjExpr){.kind = PJ_EX_STRING, .loc = sub->sub.index->loc});
  name->str = r->fields[pos].name;
  sub->sub.index = name;
  return true;
}

void pj_field_store_whole(PjChecker *c, PjExpr *target, const PjType *ft) {
  PjExpr *field = pj_new_expr(c, *target); /* rec.a / rec['a'] itself */
  PjExpr *index;
  PjExpr *full = pj_new_expr(c, (PjExpr){.kind = PJ_EX_SLICE, .loc = target->loc});
  if (ft->ndim == 1) {
    index = full;
  } else {
    PjExpr **items = pj_arena_alloc(c->arena, sizeof(PjExpr *) * (size_t)ft->ndim);
    for (int i = 0; i < ft->ndim; i++)
      items[i] = pj_new_expr(c, (PjExpr){.kind = PJ_EX_SLICE, .loc = target->loc});
    index = pj_new_expr(c, (PjExpr){.kind = PJ_EX_TUPLE, .loc = target->loc});
    index->tuple.items = items;
    index->tuple.count = ft->ndim;
  }
  PjExpr rewritten = {.kind = PJ_EX_SUBSCRIPT, .loc = target->loc};
  rewritten.sub.base = field;
  rewritten.sub.index = index;
  *target = rewritten;
}
