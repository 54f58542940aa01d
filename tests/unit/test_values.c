/* Unit test of ir/dtype.c and runtime/values.c: dtype names, the argument syntax of
 * pj_value_parse (every form, exact element values, every error) and pj_value_summary. */
#define _POSIX_C_SOURCE 200809L
#include <pyjitc.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Parses spec, expecting success; prints the message otherwise. */
static int parse_ok(const char *spec, PjValue *v) {
  char err[256];
  PjStatus st = pj_value_parse(spec, v, err, sizeof err);
  if (st != PJ_OK) printf("unexpected error for '%s': %s\n", spec, err);
  return st == PJ_OK;
}

/* ---- dtypes ------------------------------------------------------------------------------ */

static void test_dtypes(void) {
  static const struct { PjDtype t; const char *name, *short_name; size_t size; int is_float, is_signed; } rows[] = {
    {PJ_BOOL, "bool", "b1", 1, 0, 0},        {PJ_INT8, "int8", "i1", 1, 0, 1},
    {PJ_INT16, "int16", "i2", 2, 0, 1},      {PJ_INT32, "int32", "i4", 4, 0, 1},
    {PJ_INT64, "int64", "i8", 8, 0, 1},      {PJ_UINT8, "uint8", "u1", 1, 0, 0},
    {PJ_UINT16, "uint16", "u2", 2, 0, 0},    {PJ_UINT32, "uint32", "u4", 4, 0, 0},
    {PJ_UINT64, "uint64", "u8", 8, 0, 0},    {PJ_FLOAT32, "float32", "f4", 4, 1, 0},
    {PJ_FLOAT64, "float64", "f8", 8, 1, 0},  {PJ_COMPLEX64, "complex64", "c8", 8, 0, 0},
    {PJ_COMPLEX128, "complex128", "c16", 16, 0, 0}, {PJ_FLOAT16, "float16", "f2", 2, 1, 0},
    {PJ_BFLOAT16, "bfloat16", "bf16", 2, 1, 0},
    {PJ_FP8_E5M2, "fp8_e5m2", "e5m2", 1, 0, 0}, {PJ_FP8_E4M3, "fp8_e4m3", "e4m3", 1, 0, 0},
    {PJ_FP8_E8M0, "fp8_e8m0", "e8m0", 1, 0, 0},
  };
  CHECK(sizeof rows / sizeof rows[0] == PJ_DATETIME64_Y); /* the numbers; datetimes below */
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    PjDtype a = PJ_DTYPE_COUNT, b = PJ_DTYPE_COUNT;
    CHECK_STR(pj_dtype_name(rows[i].t), rows[i].name);
    CHECK(pj_dtype_size(rows[i].t) == rows[i].size);
    CHECK(pj_dtype_is_float(rows[i].t) == rows[i].is_float);
    CHECK(pj_dtype_is_signed(rows[i].t) == rows[i].is_signed);
    CHECK(pj_dtype_from_name(rows[i].name, &a) == 1 && a == rows[i].t);
    CHECK(pj_dtype_from_name(rows[i].short_name, &b) == 1 && b == rows[i].t);
  }
  /* datetime64 / timedelta64: one dtype per unit, NumPy's name and numba's short one ("M8[D]") */
  static const char *const units[PJ_UNIT_COUNT] = {"Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as", ""};
  CHECK(PJ_DTYPE_COUNT == PJ_DATETIME64_Y + 2 * PJ_UNIT_COUNT);
  for (int u = 0; u < PJ_UNIT_COUNT; u++) {
    for (int timedelta = 0; timedelta < 2; timedelta++) {
      PjDtype t = timedelta ? pj_dtype_timedelta(u) : pj_dtype_datetime(u), a = PJ_BOOL, b = PJ_BOOL;
      char name[32], short_name[16];
      snprintf(name, sizeof name, "%s%s%s%s", timedelta ? "timedelta64" : "datetime64", *units[u] ? "[" : "", units[u],
               *units[u] ? "]" : "");
      snprintf(short_name, sizeof short_name, "%c8%s%s%s", timedelta ? 'm' : 'M', *units[u] ? "[" : "", units[u],
               *units[u] ? "]" : "");
      CHECK_STR(pj_dtype_name(t), name);
      CHECK(pj_dtype_size(t) == 8 && !pj_dtype_is_float(t) && !pj_dtype_is_signed(t) && !pj_dtype_is_complex(t));
      CHECK(pj_dtype_unit(t) == u && pj_dtype_is_datetime(t) == !timedelta && pj_dtype_is_timedelta(t) == timedelta);
      CHECK(pj_dtype_from_name(name, &a) == 1 && a == t);
      CHECK(pj_dtype_from_name(short_name, &b) == 1 && b == t);
    }
  }
  CHECK(pj_dtype_unit(PJ_INT64) == -1 && !pj_dtype_is_datetime(PJ_INT64) && !pj_dtype_is_timedelta(PJ_INT64));
  static const struct { const char *name; PjDtype t; } aliases[] = {
    {"float", PJ_FLOAT64}, {"int", PJ_INT64}, {"boolean", PJ_BOOL}, {"double", PJ_FLOAT64},
    {"intp", PJ_INT64},    {"uintp", PJ_UINT64},
  };
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
    PjDtype t = PJ_DTYPE_COUNT;
    CHECK(pj_dtype_from_name(aliases[i].name, &t) == 1 && t == aliases[i].t);
  }
  static const char *unknown[] = {"flaot32", "", "Float32", "float8", "i3", "f3", "complex32", "float32 ", "void",
                                  "datetime64[B]", "M8[5s]", "m8[]", "datetime64[D"};
  for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
    PjDtype t = PJ_INT8;
    CHECK(pj_dtype_from_name(unknown[i], &t) == 0 && t == PJ_INT8);
  }
  CHECK(pj_dtype_from_name(NULL, NULL) == 0);
  CHECK(pj_dtype_size(PJ_DTYPE_COUNT) == 0);
  CHECK(pj_dtype_name((PjDtype)99) != NULL);
}

/* ---- scalars ----------------------------------------------------------------------------- */

static void check_float(const char *spec, PjDtype t, double want) {
  PjValue v;
  int ok = parse_ok(spec, &v);
  CHECK(ok && v.ndim == 0 && v.dtype == t && v.data == NULL);
  if (ok && isnan(want)) CHECK(isnan(v.scalar.f));
  else if (ok) CHECK(v.scalar.f == want);
  pj_value_free(&v);
}

static void check_signed(const char *spec, PjDtype t, int64_t want) {
  PjValue v;
  int ok = parse_ok(spec, &v);
  CHECK(ok && v.ndim == 0 && v.dtype == t && v.scalar.i == want);
  pj_value_free(&v);
}

static void check_unsigned(const char *spec, PjDtype t, uint64_t want) {
  PjValue v;
  int ok = parse_ok(spec, &v);
  CHECK(ok && v.ndim == 0 && v.dtype == t && v.scalar.u == want);
  pj_value_free(&v);
}

static void test_scalars(void) {
  check_float("2.0", PJ_FLOAT64, 2.0);
  check_float("0.1", PJ_FLOAT64, 0.1);
  check_float("-1.5e-3", PJ_FLOAT64, -1.5e-3);
  check_float("1e3", PJ_FLOAT64, 1000.0);
  check_float(".5", PJ_FLOAT64, 0.5);
  check_float("  2.5  ", PJ_FLOAT64, 2.5);
  check_float("inf", PJ_FLOAT64, INFINITY);
  check_float("-inf", PJ_FLOAT64, -INFINITY);
  check_float("nan", PJ_FLOAT64, NAN);
  check_float("float32(2.5)", PJ_FLOAT32, 2.5);
  check_float("float32(0.1)", PJ_FLOAT32, (double)0.1f);
  check_float("f4(3)", PJ_FLOAT32, 3.0);
  check_float("float64(-7)", PJ_FLOAT64, -7.0);
  check_float("f8( 0.25 )", PJ_FLOAT64, 0.25);
  check_float("float(1)", PJ_FLOAT64, 1.0);
  check_float("float32(True)", PJ_FLOAT32, 1.0);
  check_signed("3", PJ_INT64, 3);
  check_signed("-7", PJ_INT64, -7);
  check_signed("+12", PJ_INT64, 12);
  check_signed("0x10", PJ_INT64, 16);
  check_signed("-0", PJ_INT64, 0);
  check_signed("9223372036854775807", PJ_INT64, INT64_MAX);
  check_signed("-9223372036854775808", PJ_INT64, INT64_MIN);
  check_signed("True", PJ_BOOL, 1);
  check_signed("False", PJ_BOOL, 0);
  check_signed("bool(1)", PJ_BOOL, 1);
  check_signed("b1(False)", PJ_BOOL, 0);
  check_signed("int32(-3)", PJ_INT32, -3);
  check_signed("i4(2147483647)", PJ_INT32, 2147483647);
  check_signed("int8(-128)", PJ_INT8, -128);
  check_signed("int16(32767)", PJ_INT16, 32767);
  check_signed("int(5)", PJ_INT64, 5);
  check_signed("int64(-9223372036854775808)", PJ_INT64, INT64_MIN);
  check_unsigned("uint8(7)", PJ_UINT8, 7);
  check_unsigned("u1(255)", PJ_UINT8, 255);
  check_unsigned("uint16(65535)", PJ_UINT16, 65535);
  check_unsigned("uint32(0xffffffff)", PJ_UINT32, 0xffffffffu);
  check_unsigned("uint64(18446744073709551615)", PJ_UINT64, UINT64_MAX);
  check_unsigned("18446744073709551615", PJ_UINT64, UINT64_MAX); /* numba types it uint64 */
  check_unsigned(" uint8 ( 7 ) ", PJ_UINT8, 7);
}

/* ---- arrays ------------------------------------------------------------------------------ */

static void test_shapes(void) {
  PjValue v;
  CHECK(parse_ok("zeros(4)", &v) && v.dtype == PJ_FLOAT64 && v.ndim == 1 && v.shape[0] == 4);
  CHECK(pj_value_count(&v) == 4 && pj_value_nbytes(&v) == 32);
  for (int k = 0; k < 4; k++) CHECK(((double *)v.data)[k] == 0.0);
  pj_value_free(&v);
  CHECK(v.data == NULL && v.ndim == 0);
  pj_value_free(&v); /* twice is harmless */
  CHECK(parse_ok("zeros((5,),f4)", &v) && v.dtype == PJ_FLOAT32 && v.ndim == 1 && v.shape[0] == 5);
  pj_value_free(&v);
  CHECK(parse_ok(" zeros ( ( 2 , 3 ) , int32 ) ", &v) && v.dtype == PJ_INT32 && v.ndim == 2);
  CHECK(v.shape[0] == 2 && v.shape[1] == 3 && pj_value_count(&v) == 6 && pj_value_nbytes(&v) == 24);
  pj_value_free(&v);
  CHECK(parse_ok("zeros((2,3,4),u2)", &v) && v.ndim == 3 && v.shape[2] == 4 && pj_value_nbytes(&v) == 48);
  pj_value_free(&v);
  CHECK(parse_ok("ones((1,2,1,2,1,2,1,2),i1)", &v) && v.ndim == PJ_MAX_DIMS && pj_value_count(&v) == 16);
  pj_value_free(&v);
  CHECK(parse_ok("zeros(0)", &v) && v.ndim == 1 && pj_value_count(&v) == 0 && v.data != NULL);
  pj_value_free(&v);
  CHECK(parse_ok("zeros((3,0),int8)", &v) && pj_value_count(&v) == 0 && pj_value_nbytes(&v) == 0);
  pj_value_free(&v);
  CHECK(parse_ok("zeros(3, dtype=uint16)", &v) && v.dtype == PJ_UINT16);
  pj_value_free(&v);
  PjValue s;
  CHECK(parse_ok("int16(4)", &s) && pj_value_count(&s) == 1 && pj_value_nbytes(&s) == 2);
}

static void test_fills(void) {
  PjValue v;
  CHECK(parse_ok("ones(3,float32)", &v) && v.dtype == PJ_FLOAT32);
  for (int k = 0; k < 3; k++) CHECK(((float *)v.data)[k] == 1.0f);
  pj_value_free(&v);
  CHECK(parse_ok("ones((2,2),bool)", &v) && v.dtype == PJ_BOOL && memcmp(v.data, "\1\1\1\1", 4) == 0);
  pj_value_free(&v);
  CHECK(parse_ok("ones(2,uint64)", &v) && ((uint64_t *)v.data)[1] == 1);
  pj_value_free(&v);
  CHECK(parse_ok("full(4,2.5,float32)", &v) && v.dtype == PJ_FLOAT32);
  for (int k = 0; k < 4; k++) CHECK(((float *)v.data)[k] == 2.5f);
  pj_value_free(&v);
  CHECK(parse_ok("full((2,2),7)", &v) && v.dtype == PJ_INT64 && ((int64_t *)v.data)[3] == 7);
  pj_value_free(&v);
  CHECK(parse_ok("full(3,-1.5)", &v) && v.dtype == PJ_FLOAT64 && ((double *)v.data)[2] == -1.5);
  pj_value_free(&v);
  CHECK(parse_ok("full(3,True)", &v) && v.dtype == PJ_BOOL && memcmp(v.data, "\1\1\1", 3) == 0);
  pj_value_free(&v);
  CHECK(parse_ok("full(2, -3, int8)", &v) && ((int8_t *)v.data)[0] == -3 && ((int8_t *)v.data)[1] == -3);
  pj_value_free(&v);
  CHECK(parse_ok("full(2, 3, float64)", &v) && v.dtype == PJ_FLOAT64 && ((double *)v.data)[1] == 3.0);
  pj_value_free(&v);
}

static void test_arange(void) {
  PjValue v;
  CHECK(parse_ok("arange(5,int64)", &v) && v.dtype == PJ_INT64);
  for (int k = 0; k < 5; k++) CHECK(((int64_t *)v.data)[k] == k);
  pj_value_free(&v);
  CHECK(parse_ok("arange((2,3),float32)", &v) && v.ndim == 2);
  for (int k = 0; k < 6; k++) CHECK(((float *)v.data)[k] == (float)k);
  pj_value_free(&v);
  CHECK(parse_ok("arange(4)", &v) && v.dtype == PJ_FLOAT64 && ((double *)v.data)[3] == 3.0);
  pj_value_free(&v);
  CHECK(parse_ok("arange(300,uint8)", &v) && ((uint8_t *)v.data)[255] == 255 && ((uint8_t *)v.data)[256] == 0);
  CHECK(((uint8_t *)v.data)[299] == 43);
  pj_value_free(&v);
  CHECK(parse_ok("arange(200,int8)", &v) && ((int8_t *)v.data)[127] == 127 && ((int8_t *)v.data)[128] == -128);
  pj_value_free(&v);
}

static void test_rand(void) {
  PjValue a, b, c, d;
  /* splitmix64 from seed 0: the first outputs are 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f */
  CHECK(parse_ok("rand(3)", &a) && a.dtype == PJ_FLOAT64);
  CHECK(((double *)a.data)[0] == (double)(UINT64_C(0xe220a8397b1dcdaf) >> 11) * 0x1.0p-53);
  CHECK(((double *)a.data)[1] == (double)(UINT64_C(0x6e789e6aa1b965f4) >> 11) * 0x1.0p-53);
  pj_value_free(&a);
  CHECK(parse_ok("rand(3,float32)", &a) && ((float *)a.data)[0] == (float)((UINT64_C(0xe220a8397b1dcdaf) >> 40) * 0x1.0p-24));
  pj_value_free(&a);
  CHECK(parse_ok("rand(3,int32)", &a) && ((int32_t *)a.data)[0] == 88 && ((int32_t *)a.data)[1] == 43 &&
        ((int32_t *)a.data)[2] == 2);
  pj_value_free(&a);
  CHECK(parse_ok("rand(3,bool)", &a) && memcmp(a.data, "\1\0\0", 3) == 0);
  pj_value_free(&a);

  CHECK(parse_ok("rand(10000,float64,42)", &a) && parse_ok("rand( 10000 , float64 , 42 )", &b));
  CHECK(parse_ok("rand(10000,float64,43)", &c) && parse_ok("rand(10000, 42)", &d));
  CHECK(memcmp(a.data, b.data, pj_value_nbytes(&a)) == 0);
  CHECK(memcmp(a.data, d.data, pj_value_nbytes(&a)) == 0);
  CHECK(memcmp(a.data, c.data, pj_value_nbytes(&a)) != 0);
  double lo = 1, hi = 0, sum = 0;
  for (int k = 0; k < 10000; k++) {
    double x = ((double *)a.data)[k];
    lo = x < lo ? x : lo, hi = x > hi ? x : hi, sum += x;
  }
  CHECK(lo >= 0.0 && lo < 0.001 && hi < 1.0 && hi > 0.999 && fabs(sum / 10000 - 0.5) < 0.02);
  pj_value_free(&a), pj_value_free(&b), pj_value_free(&c), pj_value_free(&d);

  CHECK(parse_ok("rand((100,100),uint8,7)", &a) && a.ndim == 2);
  int counts[256] = {0};
  for (int k = 0; k < 10000; k++) counts[((uint8_t *)a.data)[k]]++;
  int in_range = 1;
  for (int x = 100; x < 256; x++) in_range &= counts[x] == 0;
  CHECK(in_range && counts[0] > 0 && counts[99] > 0);
  pj_value_free(&a);
  CHECK(parse_ok("rand(1000,bool,seed=5)", &a));
  int ones = 0, bad = 0;
  for (int k = 0; k < 1000; k++) ones += ((uint8_t *)a.data)[k] == 1, bad += ((uint8_t *)a.data)[k] > 1;
  CHECK(bad == 0 && ones > 400 && ones < 600);
  pj_value_free(&a);
  CHECK(parse_ok("rand(1000,int8,3)", &a));
  int neg = 0;
  for (int k = 0; k < 1000; k++) neg += ((int8_t *)a.data)[k] < 0 || ((int8_t *)a.data)[k] >= 100;
  CHECK(neg == 0);
  pj_value_free(&a);
}

/* ---- errors ------------------------------------------------------------------------------ */

static void check_error(const char *spec, const char *want_message) {
  char err[256] = "untouched";
  PjValue v;
  memset(&v, 0x5a, sizeof v);
  PjStatus st = pj_value_parse(spec, &v, err, sizeof err);
  if (st != PJ_ERROR_ARGUMENT) printf("'%s' was accepted or gave status %d\n", spec, (int)st);
  CHECK(st == PJ_ERROR_ARGUMENT);
  CHECK(v.data == NULL && v.ndim == 0);
  CHECK(err[0] != '\0' && strcmp(err, "untouched") != 0);
  if (want_message) CHECK_STR(err, want_message);
}

static void test_errors(void) {
  /* complex and fp8 elements are not made from numbers here (a fuzz finding: a 128-bit shift) */
  check_error("ones((1,),complex)", "complex128 arrays cannot be generated on the command line: pass a .npy file in 'ones((1,),complex)'");
  check_error("full(3,1,complex64)", "complex64 arrays cannot be generated on the command line: pass a .npy file in 'full(3,1,complex64)'");
  check_error("ones(2,fp8_e4m3)", "fp8_e4m3 is a scalar type of kernels, not an array dtype in 'ones(2,fp8_e4m3)'");
  check_error("zeros(4,flaot32)", "unknown dtype 'flaot32' in 'zeros(4,flaot32)'");
  check_error("zeros(-1)", "negative extent -1 in 'zeros(-1)'");
  check_error("uint8(300)", "300 is out of range for uint8 in 'uint8(300)'");
  check_error("uint8(-1)", "-1 is out of range for uint8 in 'uint8(-1)'");
  check_error("int32(2.5)", "int32 takes an integer, not 2.5 in 'int32(2.5)'");
  check_error("foo(3)", NULL);
  check_error("zeros(4", "expected ')' at the end in 'zeros(4'");
  check_error("zeros(4))", "unexpected ')' at column 9 in 'zeros(4))'");
  check_error("", "empty argument in ''");
  check_error("abc", "'abc' is not a number, True or False in 'abc'");
  static const char *bad[] = {
    "   ", "zeros(1099511627777)", "zeros((1048576,1048576,2))", "zeros((1,1,1,1,1,1,1,1,1))",
    "zeros(())", "zeros((4,)", "zeros(4,float32,1)", "zeros(4,)", "zeros(4.5)", "zeros(True)",
    "zeros(x)", "int8(128)", "int8(-129)", "bool(2)", "bool(-1)", "float32(1e39)", "2.0.0", "1e",
    "True(1)", "arange(3,bool)", "rand(3,float32,-1)", "rand(3,float32,1.5)", "full(3)", "full(3,)",
    "full(2,-1,uint8)", "full(2,1.5,int32)", "(", ")", ",", "=", "3 4", "zeros 4", "zeros[4]",
    "99999999999999999999999", "int64(9223372036854775808)", "-9223372036854775809", "0x", "+-1",
    "float32()", "float32(1,2)", "ones(4,float32", "zeros((2,3)int32)", "zeros(2,,int32)",
    "rand(4,float32,1,2)", "zeros(4, dtype=)", "1_000", "1.5f", "--1", "zeros(-0x1)",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) check_error(bad[i], NULL);
  PjValue v;
  CHECK(pj_value_parse(NULL, &v, NULL, 0) == PJ_ERROR_ARGUMENT);
  CHECK(pj_value_parse("zeros(", &v, NULL, 0) == PJ_ERROR_ARGUMENT);
  char tiny[8];
  CHECK(pj_value_parse("zeros(4,flaot32)", &v, tiny, sizeof tiny) == PJ_ERROR_ARGUMENT && strlen(tiny) == 7);
}

/* Random strings from the syntax's own characters: every one parses or is rejected cleanly. */
static void test_fuzz(void) {
  static const char alphabet[] = "zerosnaglfuitbd()(),,0123456789.-+e x=_TF";
  uint64_t state = 12345;
  int accepted = 0, rejected = 0;
  for (int round = 0; round < 20000; round++) {
    char spec[40], err[128];
    int len = (int)(round % 39);
    for (int i = 0; i < len; i++) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      spec[i] = alphabet[(state >> 33) % (sizeof alphabet - 1)];
    }
    spec[len] = '\0';
    PjValue v;
    PjStatus st = pj_value_parse(spec, &v, err, sizeof err);
    if (st == PJ_OK) accepted++, free(pj_value_summary(&v)), pj_value_free(&v);
    else rejected += st == PJ_ERROR_ARGUMENT && err[0] != '\0';
  }
  CHECK(accepted + rejected == 20000);
  char *deep = malloc(100001);
  memset(deep, '(', 100000);
  deep[100000] = '\0';
  PjValue v;
  char err[128];
  CHECK(pj_value_parse(deep, &v, err, sizeof err) == PJ_ERROR_ARGUMENT);
  memcpy(deep, "zeros(", 6);
  CHECK(pj_value_parse(deep, &v, err, sizeof err) == PJ_ERROR_ARGUMENT);
  memset(deep, '7', 100000);
  CHECK(pj_value_parse(deep, &v, err, sizeof err) == PJ_ERROR_ARGUMENT);
  free(deep);
}

/* ---- summary ----------------------------------------------------------------------------- */

static void check_summary(const char *spec, const char *want) {
  PjValue v;
  if (!parse_ok(spec, &v)) {
    failed++;
    return;
  }
  char *s = pj_value_summary(&v);
  CHECK_STR(s, want);
  free(s);
  pj_value_free(&v);
}

static void test_summary(void) {
  check_summary("float32(2.5)", "float32 2.5");
  check_summary("float32(0.1)", "float32 0.1");
  check_summary("0.1", "float64 0.1");
  check_summary("2.0", "float64 2.0");
  check_summary("1e300", "float64 1e+300");
  check_summary("nan", "float64 nan");
  check_summary("3", "int64 3");
  check_summary("uint64(18446744073709551615)", "uint64 18446744073709551615");
  check_summary("True", "bool True");
  check_summary("arange(5,float32)", "float32[5] min=0.0 max=4.0 mean=2.0 [0.0, 1.0, 2.0, ...]");
  check_summary("arange((37,53),int32)", "int32(37,53) min=0 max=1960 mean=980.0 [0, 1, 2, ...]");
  check_summary("full(2,-0.5)", "float64[2] min=-0.5 max=-0.5 mean=-0.5 [-0.5, -0.5]");
  check_summary("ones(2,bool)", "bool[2] min=True max=True mean=1.0 [True, True]");
  check_summary("full(3,nan,float32)", "float32[3] min=nan max=nan mean=nan [nan, nan, nan]");
  check_summary("zeros(0)", "float64[0] empty");
  check_summary("zeros((2,0,3),int8)", "int8(2,0,3) empty");
  check_summary("full(3,200,uint8)", "uint8[3] min=200 max=200 mean=200.0 [200, 200, 200]");
  check_summary("rand(3)", "float64[3] min=0.0264338 max=0.883311 mean=0.447091 [0.883311, 0.431528, 0.0264338]");
  PjValue v;
  memset(&v, 0, sizeof v);
  v.dtype = PJ_INT16, v.ndim = 1, v.shape[0] = 4;
  int16_t data[4] = {-5, 7, -300, 2};
  v.data = data;
  char *s = pj_value_summary(&v);
  CHECK_STR(s, "int16[4] min=-300 max=7 mean=-74.0 [-5, 7, -300, ...]");
  free(s);
}

/* ---- .npy through the argument syntax ---------------------------------------------------- */

static void test_npy_argument(void) {
  char dir[] = "/tmp/pj_values_XXXXXX", path[128], spec[160], err[256];
  if (!mkdtemp(dir)) {
    failed++;
    return;
  }
  snprintf(path, sizeof path, "%s/a.npy", dir);
  PjValue a, b;
  CHECK(parse_ok("arange((2,3),int16)", &a) && pj_value_save_npy(path, &a, err, sizeof err) == PJ_OK);
  snprintf(spec, sizeof spec, "  %s ", path);
  CHECK(parse_ok(spec, &b) && b.dtype == PJ_INT16 && b.ndim == 2 && b.shape[1] == 3);
  CHECK(b.data && memcmp(a.data, b.data, 12) == 0);
  pj_value_free(&a), pj_value_free(&b);
  snprintf(spec, sizeof spec, "%s/missing.npy", dir);
  CHECK(pj_value_parse(spec, &b, err, sizeof err) == PJ_ERROR_IO && strstr(err, "missing.npy") != NULL);
  CHECK(b.data == NULL);
  remove(path);
  remove(dir);
}

/* complex128(re, im): both parts, rounded to the part's width for complex64; casts from numbers */
static void test_complex_scalars(void) {
  PjValue v;
  char err[256];
  CHECK(pj_value_parse("complex128(1.5, -2)", &v, err, sizeof err) == PJ_OK);
  CHECK(v.dtype == PJ_COMPLEX128 && v.ndim == 0 && v.scalar.f == 1.5 && v.imag == -2.0);
  char *text = pj_value_summary(&v);
  CHECK(text && strcmp(text, "complex128 (1.5-2.0j)") == 0);
  free(text);
  CHECK(pj_value_cast(&v, PJ_COMPLEX64, err, sizeof err) == PJ_OK && v.dtype == PJ_COMPLEX64 && v.imag == -2.0);
  CHECK(pj_value_cast(&v, PJ_FLOAT64, err, sizeof err) != PJ_OK && strstr(err, "complex value"));
  pj_value_free(&v);
  CHECK(pj_value_parse("complex64(0.1)", &v, err, sizeof err) == PJ_OK);
  CHECK(v.dtype == PJ_COMPLEX64 && v.scalar.f == (double)0.1f && v.imag == 0.0);
  pj_value_free(&v);
  CHECK(pj_value_parse("7", &v, err, sizeof err) == PJ_OK);
  CHECK(pj_value_cast(&v, PJ_COMPLEX128, err, sizeof err) == PJ_OK && v.scalar.f == 7.0 && v.imag == 0.0);
  pj_value_free(&v);
  CHECK(pj_value_parse("complex128(1, 2", &v, err, sizeof err) != PJ_OK);
  CHECK(pj_value_parse("zeros(3, complex128)", &v, err, sizeof err) != PJ_OK && strstr(err, ".npy"));
}

/* Floats cast to integer types outside the target's range (found by fuzz_values under UBSan): as
 * NumPy on x86 casts them, through the other 64-bit integer type; past 64 bits, an error. */
static void test_float_to_integer_casts(void) {
  char err[256];
  PjValue v = {.dtype = PJ_FLOAT64, .scalar.f = -2.0};
  CHECK(pj_value_cast(&v, PJ_UINT64, err, sizeof err) == PJ_OK && v.scalar.u == UINT64_MAX - 1);
  v = (PjValue){.dtype = PJ_FLOAT64, .scalar.f = -2.0};
  CHECK(pj_value_cast(&v, PJ_UINT8, err, sizeof err) == PJ_OK && v.scalar.u == 254);
  v = (PjValue){.dtype = PJ_FLOAT64, .scalar.f = 1e19};
  CHECK(pj_value_cast(&v, PJ_UINT64, err, sizeof err) == PJ_OK && v.scalar.u == 10000000000000000000ull);
  v = (PjValue){.dtype = PJ_FLOAT32, .scalar.f = -7.75};
  CHECK(pj_value_cast(&v, PJ_INT16, err, sizeof err) == PJ_OK && v.scalar.i == -7);
  v = (PjValue){.dtype = PJ_FLOAT64, .scalar.f = 1e30};
  CHECK(pj_value_cast(&v, PJ_INT64, err, sizeof err) != PJ_OK && strstr(err, "does not fit in int64"));
  v = (PjValue){.dtype = PJ_FLOAT64, .scalar.f = -1e19};
  CHECK(pj_value_cast(&v, PJ_UINT32, err, sizeof err) != PJ_OK);
}

int main(void) {
  test_float_to_integer_casts();
  test_dtypes();
  test_complex_scalars();
  test_scalars();
  test_shapes();
  test_fills();
  test_arange();
  test_rand();
  test_errors();
  test_fuzz();
  test_summary();
  test_npy_argument();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
