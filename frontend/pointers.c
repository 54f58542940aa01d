/* Typing of pointers (numba's CPointer): p[i] with one integer index, reading or writing the
 * element i places after the one p points at. */
#include "frontend/checker.h"

#include "ir/types.h"

const PjType *pj_type_pointer_index(PjChecker *c, PjExpr *e, const PjType *pt) {
  PjExpr *ix = e->sub.index;
  if (ix->kind == PJ_EX_SLICE || ix->kind == PJ_EX_TUPLE) {
    pj_err(c, ix->loc, "a pointer (%s) takes one integer index, not %s", pj_tn(c, pt),
           ix->kind == PJ_EX_SLICE ? "a slice" : "several");
    return NULL;
  }
  const PjType *it = pj_expr_type(c, &e->sub.index);
  if (!it) return NULL;
  if (!pj_type_is_intlike(it)) {
    pj_err(c, e->sub.index->loc, "a pointer index must be an integer, not %s", pj_tn(c, it));
    return NULL;
  }
  return pj_type_scalar(pt->dtype);
}
