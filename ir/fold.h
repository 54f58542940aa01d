/* Compile-time values: Python's integer arithmetic on constants, and typed constants (a
 * module-level np.float32(0.5) is a float32 in kernels, as numba types it). Used by the module
 * reader (frontend/module_fold.c), the bindings from a host (api/) and the type checker. */
#ifndef PJ_IR_FOLD_H
#define PJ_IR_FOLD_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ast.h"

/* a op b as Python computes it on integers; false when the result is no int64 (overflow, `/`,
 * a negative power, a division by zero): the caller leaves the expression to run time. */
bool pj_fold_int(PjBinOp op, int64_t a, int64_t b, int64_t *out);

/* A NumPy scalar of dtype d made from a number (NumPy's np.int8(300) wraps, np.float32(0.1)
 * rounds): its value as an integer (*oi, integer and bool dtypes) or a double (*of). */
void pj_const_convert(PjDtype d, bool is_float, int64_t i, double f, int64_t *oi, double *of);

/* A typed constant: a CAST node of type d around the literal of its converted value. */
PjExpr *pj_typed_const(PjArena *a, PjLoc loc, PjDtype d, bool is_float, int64_t i, double f);

/* Whether e is a typed constant (made by pj_typed_const). */
bool pj_is_typed_const(const PjExpr *e);

/* An integer known at compile time: an int literal, a bool, or a typed integer constant. */
bool pj_const_int(const PjExpr *e, int64_t *out);

#endif
