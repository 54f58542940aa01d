/* numba's promotion rules for complex numbers (ir/types.c), against the test's own table. */
#include <stdio.h>

#include "ir/types.h"

#include "check.h"

int main(void) {
  static const struct { PjDtype a, b, arith, unify; } rows[] = {
      {PJ_COMPLEX64, PJ_COMPLEX64, PJ_COMPLEX64, PJ_COMPLEX64},
      {PJ_COMPLEX64, PJ_FLOAT32, PJ_COMPLEX64, PJ_COMPLEX64},
      {PJ_COMPLEX64, PJ_FLOAT64, PJ_COMPLEX128, PJ_COMPLEX128},
      {PJ_COMPLEX64, PJ_INT16, PJ_COMPLEX64, PJ_COMPLEX64},
      {PJ_COMPLEX64, PJ_INT32, PJ_COMPLEX128, PJ_COMPLEX128},
      {PJ_COMPLEX64, PJ_INT64, PJ_COMPLEX128, PJ_COMPLEX128},
      {PJ_COMPLEX64, PJ_BOOL, PJ_COMPLEX64, PJ_COMPLEX64},
      {PJ_COMPLEX64, PJ_COMPLEX128, PJ_COMPLEX128, PJ_COMPLEX128},
      {PJ_COMPLEX128, PJ_FLOAT32, PJ_COMPLEX128, PJ_COMPLEX128},
      {PJ_COMPLEX128, PJ_UINT64, PJ_COMPLEX128, PJ_COMPLEX128},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    CHECK(pj_dtype_arith(rows[i].a, rows[i].b) == rows[i].arith);
    CHECK(pj_dtype_arith(rows[i].b, rows[i].a) == rows[i].arith);
    CHECK(pj_dtype_truediv(rows[i].a, rows[i].b) == rows[i].arith);
    CHECK(pj_dtype_unify(rows[i].a, rows[i].b) == rows[i].unify);
  }
  CHECK(pj_dtype_part(PJ_COMPLEX64) == PJ_FLOAT32 && pj_dtype_part(PJ_COMPLEX128) == PJ_FLOAT64);
  CHECK(pj_dtype_part(PJ_INT8) == PJ_INT8);
  CHECK(pj_dtype_is_complex(PJ_COMPLEX64) && !pj_dtype_is_complex(PJ_FLOAT64) && !pj_dtype_is_float(PJ_COMPLEX128));
  CHECK(pj_dtype_size(PJ_COMPLEX64) == 8 && pj_dtype_size(PJ_COMPLEX128) == 16);
  CHECK(!pj_type_is_intlike(pj_type_scalar(PJ_COMPLEX64)) && pj_type_is_complex(pj_type_scalar(PJ_COMPLEX128)));
  PjDtype d;
  CHECK(pj_dtype_from_name("complex64", &d) && d == PJ_COMPLEX64);
  CHECK(pj_dtype_from_name("c16", &d) && d == PJ_COMPLEX128);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
