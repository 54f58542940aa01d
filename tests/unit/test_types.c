/* Unit test of ir/types.c: numba's typing rules for numbers (pj_dtype_arith, pj_dtype_truediv,
 * pj_dtype_unify), unification of tuples and arrays, interning, equality and numba's names. */
#include "ir/types.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ir/arena.h"

#include "check.h"

/* Checks a dtype result, naming the operands and both dtypes on failure. */
#define CHECK_DT(what, a, b, got, want)                                          \
  do {                                                                           \
    PjDtype g_ = (got), w_ = (want);                                             \
    if (g_ == w_) passed++;                                                      \
    else {                                                                       \
      failed++;                                                                  \
      printf("%s:%d: %s(%s, %s) = %s, want %s\n", __FILE__, __LINE__, what,      \
             pj_dtype_name(a), pj_dtype_name(b), pj_dtype_name(g_), pj_dtype_name(w_)); \
    }                                                                            \
  } while (0)

/* The test's own description of each dtype, independent of ir/types.c. */
static const struct { PjDtype t; int bits, is_signed, is_float; } info[] = {
  {PJ_BOOL, 1, 0, 0},     {PJ_INT8, 8, 1, 0},     {PJ_INT16, 16, 1, 0},   {PJ_INT32, 32, 1, 0},
  {PJ_INT64, 64, 1, 0},   {PJ_UINT8, 8, 0, 0},    {PJ_UINT16, 16, 0, 0},  {PJ_UINT32, 32, 0, 0},
  {PJ_UINT64, 64, 0, 0},  {PJ_FLOAT32, 32, 0, 1}, {PJ_FLOAT64, 64, 0, 1},
};
#define N ((int)(sizeof info / sizeof info[0]))

static PjDtype int_of(int bits, int is_signed) {
  static const PjDtype s[] = {PJ_INT8, PJ_INT16, PJ_INT32, PJ_INT64};
  static const PjDtype u[] = {PJ_UINT8, PJ_UINT16, PJ_UINT32, PJ_UINT64};
  int i = bits <= 8 ? 0 : bits <= 16 ? 1 : bits <= 32 ? 2 : 3;
  return is_signed ? s[i] : u[i];
}

/* ---- scalar helpers ---------------------------------------------------------------------- */

static void test_helpers(void) {
  CHECK(N == PJ_COMPLEX64); /* every real dtype (complex ones are checked in test_complex) */
  for (int i = 0; i < N; i++) CHECK(pj_dtype_bits(info[i].t) == info[i].bits);
  for (int bits = 8; bits <= 64; bits *= 2) {
    CHECK(pj_dtype_int(bits, true) == int_of(bits, 1));
    CHECK(pj_dtype_int(bits, false) == int_of(bits, 0));
  }
  for (int i = 0; i < N; i++) {
    const PjType *s = pj_type_scalar(info[i].t);
    CHECK(s->kind == PJ_TY_SCALAR && s->dtype == info[i].t);
    CHECK(pj_type_is_scalar(s));
    CHECK(pj_type_is_bool(s) == (info[i].t == PJ_BOOL));
    CHECK(pj_type_is_float(s) == (bool)info[i].is_float);
    CHECK(pj_type_is_intlike(s) == !info[i].is_float);
    CHECK(pj_type_is_int(s) == (!info[i].is_float && info[i].t != PJ_BOOL));
    const PjType *a = pj_type_array(info[i].t, 1);
    CHECK(!pj_type_is_scalar(a) && !pj_type_is_int(a) && !pj_type_is_intlike(a) && !pj_type_is_float(a) &&
          !pj_type_is_bool(a));
  }
  CHECK(!pj_type_is_scalar(NULL) && !pj_type_is_int(NULL) && !pj_type_is_float(NULL) && !pj_type_is_bool(NULL));
  CHECK(pj_type_void()->kind == PJ_TY_VOID && pj_type_none()->kind == PJ_TY_NONE);
  CHECK(pj_type_range(PJ_INT64)->kind == PJ_TY_RANGE && pj_type_range(PJ_INT64)->dtype == PJ_INT64);
}

/* ---- arithmetic -------------------------------------------------------------------------- */

static void test_arith(void) {
  /* The cases numba's integer typing NBEP and its float signatures give. */
  static const struct { PjDtype a, b, want; } rows[] = {
    {PJ_INT32, PJ_INT32, PJ_INT64},       {PJ_UINT8, PJ_UINT8, PJ_UINT64},     {PJ_INT64, PJ_UINT64, PJ_INT64},
    {PJ_UINT64, PJ_INT64, PJ_INT64},      {PJ_BOOL, PJ_BOOL, PJ_INT64},        {PJ_INT8, PJ_INT8, PJ_INT64},
    {PJ_UINT32, PJ_UINT16, PJ_UINT64},    {PJ_UINT8, PJ_INT8, PJ_INT64},
    {PJ_FLOAT32, PJ_INT8, PJ_FLOAT32},    {PJ_FLOAT32, PJ_UINT8, PJ_FLOAT32},  {PJ_FLOAT32, PJ_INT16, PJ_FLOAT32},
    {PJ_FLOAT32, PJ_UINT16, PJ_FLOAT64},  {PJ_FLOAT32, PJ_INT32, PJ_FLOAT64},  {PJ_FLOAT32, PJ_UINT32, PJ_FLOAT64},
    {PJ_FLOAT32, PJ_INT64, PJ_FLOAT64},   {PJ_FLOAT32, PJ_UINT64, PJ_FLOAT64}, {PJ_FLOAT32, PJ_FLOAT64, PJ_FLOAT64},
    {PJ_FLOAT32, PJ_FLOAT32, PJ_FLOAT32}, {PJ_FLOAT64, PJ_FLOAT64, PJ_FLOAT64}, {PJ_BOOL, PJ_FLOAT32, PJ_FLOAT32},
    {PJ_BOOL, PJ_FLOAT64, PJ_FLOAT64},    {PJ_INT8, PJ_FLOAT64, PJ_FLOAT64},   {PJ_UINT64, PJ_FLOAT64, PJ_FLOAT64},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    CHECK_DT("arith", rows[i].a, rows[i].b, pj_dtype_arith(rows[i].a, rows[i].b), rows[i].want);
    CHECK_DT("arith", rows[i].b, rows[i].a, pj_dtype_arith(rows[i].b, rows[i].a), rows[i].want);
  }

  /* The whole integer x integer table (bool counts as a signed integer: numba picks the first
   * of its tied (int64, ...) signatures) against numba's choose_result_int: max(64, bits),
   * signed when either operand is. */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      if (info[i].is_float || info[j].is_float) continue;
      int bits = info[i].bits > info[j].bits ? info[i].bits : info[j].bits;
      if (bits < 64) bits = 64;
      int sa = info[i].is_signed || info[i].t == PJ_BOOL, sb = info[j].is_signed || info[j].t == PJ_BOOL;
      CHECK_DT("arith", info[i].t, info[j].t, pj_dtype_arith(info[i].t, info[j].t), int_of(bits, sa || sb));
    }

  /* Mixed with floats: float64 always wins; float32 stays float32 only with a float32 or an
   * integer it holds safely (bool, int8, uint8, int16). */
  for (int i = 0; i < N; i++) {
    PjDtype t = info[i].t;
    CHECK_DT("arith", PJ_FLOAT64, t, pj_dtype_arith(PJ_FLOAT64, t), PJ_FLOAT64);
    CHECK_DT("arith", t, PJ_FLOAT64, pj_dtype_arith(t, PJ_FLOAT64), PJ_FLOAT64);
    bool f32 = t == PJ_FLOAT32 || t == PJ_BOOL || t == PJ_INT8 || t == PJ_UINT8 || t == PJ_INT16;
    CHECK_DT("arith", PJ_FLOAT32, t, pj_dtype_arith(PJ_FLOAT32, t), f32 ? PJ_FLOAT32 : PJ_FLOAT64);
  }

  /* Symmetric everywhere. */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      CHECK_DT("arith", info[i].t, info[j].t, pj_dtype_arith(info[i].t, info[j].t), pj_dtype_arith(info[j].t, info[i].t));
}

static void test_truediv(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      PjDtype a = info[i].t, b = info[j].t, got = pj_dtype_truediv(a, b);
      if (!info[i].is_float && !info[j].is_float) CHECK_DT("truediv", a, b, got, PJ_FLOAT64);
      else CHECK_DT("truediv", a, b, got, pj_dtype_arith(a, b));
    }
  CHECK_DT("truediv", PJ_INT32, PJ_INT32, pj_dtype_truediv(PJ_INT32, PJ_INT32), PJ_FLOAT64);
  CHECK_DT("truediv", PJ_UINT8, PJ_INT8, pj_dtype_truediv(PJ_UINT8, PJ_INT8), PJ_FLOAT64);
  CHECK_DT("truediv", PJ_BOOL, PJ_BOOL, pj_dtype_truediv(PJ_BOOL, PJ_BOOL), PJ_FLOAT64);
  CHECK_DT("truediv", PJ_FLOAT32, PJ_FLOAT32, pj_dtype_truediv(PJ_FLOAT32, PJ_FLOAT32), PJ_FLOAT32);
  CHECK_DT("truediv", PJ_FLOAT32, PJ_INT16, pj_dtype_truediv(PJ_FLOAT32, PJ_INT16), PJ_FLOAT32);
  CHECK_DT("truediv", PJ_FLOAT32, PJ_INT32, pj_dtype_truediv(PJ_FLOAT32, PJ_INT32), PJ_FLOAT64);
  CHECK_DT("truediv", PJ_INT64, PJ_FLOAT64, pj_dtype_truediv(PJ_INT64, PJ_FLOAT64), PJ_FLOAT64);
}

/* ---- unification ------------------------------------------------------------------------- */

static void test_unify(void) {
  CHECK_DT("unify", PJ_INT32, PJ_INT64, pj_dtype_unify(PJ_INT32, PJ_INT64), PJ_INT64);
  CHECK_DT("unify", PJ_INT64, PJ_UINT64, pj_dtype_unify(PJ_INT64, PJ_UINT64), PJ_FLOAT64);
  CHECK_DT("unify", PJ_UINT32, PJ_INT32, pj_dtype_unify(PJ_UINT32, PJ_INT32), PJ_INT64);
  CHECK_DT("unify", PJ_UINT8, PJ_INT8, pj_dtype_unify(PJ_UINT8, PJ_INT8), PJ_INT16);
  CHECK_DT("unify", PJ_INT32, PJ_FLOAT32, pj_dtype_unify(PJ_INT32, PJ_FLOAT32), PJ_FLOAT64);
  CHECK_DT("unify", PJ_INT16, PJ_FLOAT32, pj_dtype_unify(PJ_INT16, PJ_FLOAT32), PJ_FLOAT32);

  /* numba unifies two Numbers with np.promote_types; this is its table (NumPy 2.4.6) over
   * int8 int16 int32 int64 uint8 uint16 uint32 uint64 float32 float64. */
  static const PjDtype order[] = {PJ_INT8, PJ_INT16, PJ_INT32, PJ_INT64, PJ_UINT8,
                                  PJ_UINT16, PJ_UINT32, PJ_UINT64, PJ_FLOAT32, PJ_FLOAT64};
#define I1 PJ_INT8
#define I2 PJ_INT16
#define I4 PJ_INT32
#define I8 PJ_INT64
#define U1 PJ_UINT8
#define U2 PJ_UINT16
#define U4 PJ_UINT32
#define U8 PJ_UINT64
#define F4 PJ_FLOAT32
#define F8 PJ_FLOAT64
  static const PjDtype promote[10][10] = {
    /*        i1  i2  i4  i8  u1  u2  u4  u8  f4  f8 */
    /* i1 */ {I1, I2, I4, I8, I2, I4, I8, F8, F4, F8},
    /* i2 */ {I2, I2, I4, I8, I2, I4, I8, F8, F4, F8},
    /* i4 */ {I4, I4, I4, I8, I4, I4, I8, F8, F8, F8},
    /* i8 */ {I8, I8, I8, I8, I8, I8, I8, F8, F8, F8},
    /* u1 */ {I2, I2, I4, I8, U1, U2, U4, U8, F4, F8},
    /* u2 */ {I4, I4, I4, I8, U2, U2, U4, U8, F4, F8},
    /* u4 */ {I8, I8, I8, I8, U4, U4, U4, U8, F8, F8},
    /* u8 */ {F8, F8, F8, F8, U8, U8, U8, U8, F8, F8},
    /* f4 */ {F4, F4, F8, F8, F4, F4, F8, F8, F4, F8},
    /* f8 */ {F8, F8, F8, F8, F8, F8, F8, F8, F8, F8},
  };
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++)
      CHECK_DT("unify", order[i], order[j], pj_dtype_unify(order[i], order[j]), promote[i][j]);
#undef I1
#undef I2
#undef I4
#undef I8
#undef U1
#undef U2
#undef U4
#undef U8
#undef F4
#undef F8

  /* bool is no Number in numba: it unifies by its safe conversion to the other type. */
  for (int i = 0; i < N; i++) {
    CHECK_DT("unify", PJ_BOOL, info[i].t, pj_dtype_unify(PJ_BOOL, info[i].t), info[i].t);
    CHECK_DT("unify", info[i].t, PJ_BOOL, pj_dtype_unify(info[i].t, PJ_BOOL), info[i].t);
  }
}

static void test_type_unify(PjArena *arena) {
  const PjType *i32 = pj_type_scalar(PJ_INT32), *i64 = pj_type_scalar(PJ_INT64);
  const PjType *f32 = pj_type_scalar(PJ_FLOAT32), *f64 = pj_type_scalar(PJ_FLOAT64), *u64 = pj_type_scalar(PJ_UINT64);
  const PjType *a1 = pj_type_array(PJ_FLOAT32, 1), *a1d = pj_type_array(PJ_FLOAT64, 1), *a2 = pj_type_array(PJ_FLOAT32, 2);

  CHECK(pj_type_unify(arena, i32, i64) == i64);
  CHECK(pj_type_unify(arena, i64, u64) == f64);
  CHECK(pj_type_unify(arena, i32, f32) == f64);
  CHECK(pj_type_unify(arena, pj_type_scalar(PJ_BOOL), f32) == f32);

  /* Arrays: the same one unifies with itself; no dtype or ndim change is allowed. */
  CHECK(pj_type_unify(arena, a1, pj_type_array(PJ_FLOAT32, 1)) == a1);
  CHECK(pj_type_unify(arena, a1, a1d) == NULL);
  CHECK(pj_type_unify(arena, a1d, a1) == NULL);
  CHECK(pj_type_unify(arena, a1, a2) == NULL);
  CHECK(pj_type_unify(arena, a1, f32) == NULL);
  CHECK(pj_type_unify(arena, f32, a1) == NULL);
  CHECK(pj_type_unify(arena, pj_type_array(PJ_INT32, 1), pj_type_array(PJ_INT64, 1)) == NULL);

  /* Tuples unify item by item. */
  const PjType *t1 = pj_type_unituple(arena, i32, 2), *t2 = pj_type_unituple(arena, i64, 2);
  const PjType *u = pj_type_unify(arena, t1, t2);
  CHECK(u && u->kind == PJ_TY_TUPLE && u->count == 2 && u->items[0] == i64 && u->items[1] == i64);
  CHECK_STR(u ? pj_type_name(arena, u) : NULL, "UniTuple(int64 x 2)");
  const PjType *m1 = pj_type_tuple(arena, (const PjType *[]){i64, f32}, 2);
  const PjType *m2 = pj_type_tuple(arena, (const PjType *[]){i32, f64}, 2);
  u = pj_type_unify(arena, m1, m2);
  CHECK(u && u->count == 2 && u->items[0] == i64 && u->items[1] == f64);
  CHECK_STR(u ? pj_type_name(arena, u) : NULL, "Tuple(int64, float64)");
  u = pj_type_unify(arena, m1, m1);
  CHECK(u == m1);
  CHECK(pj_type_unify(arena, t1, pj_type_unituple(arena, i32, 3)) == NULL);
  CHECK(pj_type_unify(arena, t1, i32) == NULL);
  CHECK(pj_type_unify(arena, i32, t1) == NULL);
  CHECK(pj_type_unify(arena, t1, a1) == NULL);
  /* A tuple holding arrays of different dtypes cannot be unified. */
  const PjType *ta = pj_type_tuple(arena, (const PjType *[]){i32, a1}, 2);
  const PjType *tb = pj_type_tuple(arena, (const PjType *[]){i64, a1d}, 2);
  CHECK(pj_type_unify(arena, ta, tb) == NULL);
  const PjType *tc = pj_type_tuple(arena, (const PjType *[]){i64, a1}, 2);
  u = pj_type_unify(arena, ta, tc);
  CHECK(u && u->count == 2 && u->items[0] == i64 && u->items[1] == a1);
  /* Nested tuples. */
  const PjType *n1 = pj_type_tuple(arena, (const PjType *[]){t1, f32}, 2);
  const PjType *n2 = pj_type_tuple(arena, (const PjType *[]){t2, f32}, 2);
  u = pj_type_unify(arena, n1, n2);
  CHECK_STR(u ? pj_type_name(arena, u) : NULL, "Tuple(UniTuple(int64 x 2), float32)");
  CHECK(pj_type_unify(arena, pj_type_tuple(arena, NULL, 0), pj_type_tuple(arena, NULL, 0)) != NULL);

  /* Other kinds. */
  CHECK(pj_type_unify(arena, pj_type_none(), pj_type_none()) == pj_type_none());
  CHECK(pj_type_unify(arena, pj_type_none(), i64) == NULL);
  CHECK(pj_type_unify(arena, pj_type_range(PJ_INT64), pj_type_range(PJ_INT32)) == NULL);
}

/* ---- interning, equality, names ---------------------------------------------------------- */

static void test_interning(PjArena *arena) {
  for (int i = 0; i < N; i++)
    for (int nd = 0; nd <= PJ_MAX_DIMS; nd++) {
      const PjType *a = pj_type_array(info[i].t, nd);
      CHECK(a == pj_type_array(info[i].t, nd));
      CHECK(a->kind == PJ_TY_ARRAY && a->dtype == info[i].t && a->ndim == nd);
      if (nd > 0) CHECK(a != pj_type_array(info[i].t, nd - 1));
      if (i > 0) CHECK(a != pj_type_array(info[i - 1].t, nd));
    }
  for (int i = 0; i < N; i++) {
    CHECK(pj_type_scalar(info[i].t) == pj_type_scalar(info[i].t));
    CHECK(pj_type_range(info[i].t) == pj_type_range(info[i].t));
  }
  CHECK(pj_type_void() == pj_type_void() && pj_type_none() == pj_type_none());
  CHECK(pj_type_void() != pj_type_none());

  /* Tuples are built in the arena and own a copy of the item list. */
  const PjType *items[3] = {pj_type_scalar(PJ_INT64), pj_type_scalar(PJ_FLOAT32), pj_type_array(PJ_INT8, 3)};
  const PjType *t = pj_type_tuple(arena, items, 3);
  items[0] = items[1] = items[2] = NULL;
  CHECK(t->kind == PJ_TY_TUPLE && t->count == 3);
  CHECK(t->items[0] == pj_type_scalar(PJ_INT64) && t->items[1] == pj_type_scalar(PJ_FLOAT32) &&
        t->items[2] == pj_type_array(PJ_INT8, 3));
  const PjType *u = pj_type_unituple(arena, pj_type_scalar(PJ_INT32), 3);
  CHECK(u->kind == PJ_TY_TUPLE && u->count == 3);
  for (int i = 0; i < 3; i++) CHECK(u->items[i] == pj_type_scalar(PJ_INT32));
  /* A longer UniTuple than PJ_MAX_DIMS: every item is still the one given. */
  const PjType *item = pj_type_scalar(PJ_FLOAT64);
  const PjType *big = pj_type_unituple(arena, item, 12);
  CHECK(big->count == 12);
  int same = 0;
  for (int i = 0; i < big->count; i++) same += big->items[i] == item;
  CHECK(same == 12);
}

static void test_equal(PjArena *arena) {
  const PjType *i64 = pj_type_scalar(PJ_INT64), *f32 = pj_type_scalar(PJ_FLOAT32);
  /* Types built separately compare equal by structure. */
  PjType s1 = {.kind = PJ_TY_SCALAR, .dtype = PJ_INT64}, a1 = {.kind = PJ_TY_ARRAY, .dtype = PJ_FLOAT32, .ndim = 2, .layout = 'C'};
  CHECK(pj_type_equal(&s1, i64) && pj_type_equal(i64, &s1));
  CHECK(pj_type_equal(&a1, pj_type_array(PJ_FLOAT32, 2)));
  CHECK(!pj_type_equal(&a1, pj_type_array(PJ_FLOAT32, 1)));
  CHECK(!pj_type_equal(&a1, pj_type_array(PJ_FLOAT64, 2)));
  CHECK(!pj_type_equal(i64, f32));
  CHECK(!pj_type_equal(i64, pj_type_array(PJ_INT64, 0)));
  CHECK(!pj_type_equal(i64, pj_type_range(PJ_INT64)));
  CHECK(pj_type_equal(pj_type_range(PJ_INT32), pj_type_range(PJ_INT32)));
  CHECK(!pj_type_equal(pj_type_range(PJ_INT32), pj_type_range(PJ_INT64)));
  CHECK(pj_type_equal(pj_type_none(), pj_type_none()) && !pj_type_equal(pj_type_none(), pj_type_void()));
  CHECK(pj_type_equal(NULL, NULL) && !pj_type_equal(NULL, i64) && !pj_type_equal(i64, NULL));

  const PjType *t1 = pj_type_tuple(arena, (const PjType *[]){i64, f32}, 2);
  const PjType *t2 = pj_type_tuple(arena, (const PjType *[]){i64, f32}, 2);
  const PjType *t3 = pj_type_tuple(arena, (const PjType *[]){f32, i64}, 2);
  const PjType *t4 = pj_type_tuple(arena, (const PjType *[]){i64, f32, f32}, 3);
  CHECK(t1 != t2 && pj_type_equal(t1, t2));
  CHECK(!pj_type_equal(t1, t3) && !pj_type_equal(t1, t4) && !pj_type_equal(t4, t1));
  CHECK(pj_type_equal(pj_type_unituple(arena, i64, 2), pj_type_tuple(arena, (const PjType *[]){i64, i64}, 2)));
  const PjType *n1 = pj_type_tuple(arena, (const PjType *[]){t1, pj_type_array(PJ_INT8, 1)}, 2);
  const PjType *n2 = pj_type_tuple(arena, (const PjType *[]){t2, pj_type_array(PJ_INT8, 1)}, 2);
  const PjType *n3 = pj_type_tuple(arena, (const PjType *[]){t3, pj_type_array(PJ_INT8, 1)}, 2);
  CHECK(pj_type_equal(n1, n2) && !pj_type_equal(n1, n3));
  CHECK(pj_type_equal(pj_type_tuple(arena, NULL, 0), pj_type_tuple(arena, NULL, 0)));
  CHECK(!pj_type_equal(pj_type_tuple(arena, NULL, 0), t1));
}

static void test_names(PjArena *arena) {
  for (int i = 0; i < N; i++) CHECK_STR(pj_type_name(arena, pj_type_scalar(info[i].t)), pj_dtype_name(info[i].t));
  CHECK_STR(pj_type_name(arena, pj_type_scalar(PJ_BOOL)), "bool");
  CHECK_STR(pj_type_name(arena, pj_type_array(PJ_FLOAT32, 2)), "array(float32, 2d, C)");
  CHECK_STR(pj_type_name(arena, pj_type_array(PJ_INT64, 1)), "array(int64, 1d, C)");
  CHECK_STR(pj_type_name(arena, pj_type_array(PJ_UINT8, 8)), "array(uint8, 8d, C)");
  CHECK_STR(pj_type_name(arena, pj_type_none()), "none");
  const PjType *i64 = pj_type_scalar(PJ_INT64), *f32 = pj_type_scalar(PJ_FLOAT32);
  CHECK_STR(pj_type_name(arena, pj_type_unituple(arena, i64, 2)), "UniTuple(int64 x 2)");
  CHECK_STR(pj_type_name(arena, pj_type_unituple(arena, i64, 1)), "UniTuple(int64 x 1)");
  CHECK_STR(pj_type_name(arena, pj_type_tuple(arena, (const PjType *[]){i64, i64, i64}, 3)), "UniTuple(int64 x 3)");
  CHECK_STR(pj_type_name(arena, pj_type_tuple(arena, (const PjType *[]){i64, f32}, 2)), "Tuple(int64, float32)");
  CHECK_STR(pj_type_name(arena, pj_type_tuple(arena, (const PjType *[]){f32, i64, f32}, 3)), "Tuple(float32, int64, float32)");
  CHECK_STR(pj_type_name(arena, pj_type_tuple(arena, NULL, 0)), "Tuple()");
  CHECK_STR(pj_type_name(arena, pj_type_unituple(arena, pj_type_array(PJ_FLOAT32, 1), 2)),
            "UniTuple(array(float32, 1d, C) x 2)");
  const PjType *inner = pj_type_unituple(arena, i64, 2);
  CHECK_STR(pj_type_name(arena, pj_type_tuple(arena, (const PjType *[]){inner, pj_type_array(PJ_FLOAT64, 1)}, 2)),
            "Tuple(UniTuple(int64 x 2), array(float64, 1d, C))");
}

int main(void) {
  PjArena *arena = pj_arena_new();
  test_helpers();
  test_arith();
  test_truediv();
  test_unify();
  test_type_unify(arena);
  test_interning(arena);
  test_equal(arena);
  test_names(arena);
  pj_arena_delete(arena);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
