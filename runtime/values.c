/* Host values: the command line's argument syntax (docs/arguments.md) and the one-line summary of
 * a value. Plain C11 and libc, with ir/'s dtype table (ir/dtype.c): no other layer is needed here. */
#include <pyjitc.h>

#include "ir/dtype.h"
#include "ir/half.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PJ_MAX_ELEMENTS ((int64_t)1 << 40)
#define PJ_ATOM_MAX 96
#define PJ_SUMMARY_HEAD 3

/* ---- elements ---------------------------------------------------------------------------- */

/* One element, held as PjValue.scalar holds it: .i for signed and bool, .u unsigned, .f float. */
typedef union PjBits {
  int64_t i;
  uint64_t u;
  double f;
} PjBits;

static void pj_bits_store(void *data, int64_t k, PjDtype t, PjBits v) {
  switch (t) {
  case PJ_BOOL: ((uint8_t *)data)[k] = v.i != 0; break;
  case PJ_INT8: ((int8_t *)data)[k] = (int8_t)v.i; break;
  case PJ_INT16: ((int16_t *)data)[k] = (int16_t)v.i; break;
  case PJ_INT32: ((int32_t *)data)[k] = (int32_t)v.i; break;
  case PJ_INT64: ((int64_t *)data)[k] = v.i; break;
  case PJ_UINT8: ((uint8_t *)data)[k] = (uint8_t)v.u; break;
  case PJ_UINT16: ((uint16_t *)data)[k] = (uint16_t)v.u; break;
  case PJ_UINT32: ((uint32_t *)data)[k] = (uint32_t)v.u; break;
  case PJ_UINT64: ((uint64_t *)data)[k] = v.u; break;
  case PJ_FLOAT32: ((float *)data)[k] = (float)v.f; break;
  case PJ_FLOAT16: ((uint16_t *)data)[k] = pj_half_from_double(v.f); break;
  case PJ_BFLOAT16: ((uint16_t *)data)[k] = pj_bf16_from_double(v.f); break;
  case PJ_FLOAT64: ((double *)data)[k] = v.f; break;
  default:
    if (pj_dtype_unit(t) >= 0) ((int64_t *)data)[k] = v.i; /* datetime64, timedelta64 */
    break;
  }
}

static PjBits pj_bits_load(const void *data, int64_t k, PjDtype t) {
  PjBits v = {0};
  switch (t) {
  case PJ_BOOL: v.i = ((const uint8_t *)data)[k] != 0; break;
  case PJ_INT8: v.i = ((const int8_t *)data)[k]; break;
  case PJ_INT16: v.i = ((const int16_t *)data)[k]; break;
  case PJ_INT32: v.i = ((const int32_t *)data)[k]; break;
  case PJ_INT64: v.i = ((const int64_t *)data)[k]; break;
  case PJ_UINT8: v.u = ((const uint8_t *)data)[k]; break;
  case PJ_UINT16: v.u = ((const uint16_t *)data)[k]; break;
  case PJ_UINT32: v.u = ((const uint32_t *)data)[k]; break;
  case PJ_UINT64: v.u = ((const uint64_t *)data)[k]; break;
  case PJ_FLOAT32: v.f = ((const float *)data)[k]; break;
  case PJ_FLOAT16: v.f = pj_half_to_double(((const uint16_t *)data)[k]); break;
  case PJ_BFLOAT16: v.f = pj_bf16_to_double(((const uint16_t *)data)[k]); break;
  case PJ_FLOAT64: v.f = ((const double *)data)[k]; break;
  default:
    if (pj_dtype_unit(t) >= 0) v.i = ((const int64_t *)data)[k]; /* datetime64, timedelta64 */
    break;
  }
  return v;
}

static double pj_bits_to_double(PjBits v, PjDtype t) {
  switch (pj_dtype_kind(t)) {
  case 'f': return v.f;
  case 'u': return (double)v.u;
  default: return (double)v.i;
  }
}

static int pj_bits_less(PjBits a, PjBits b, PjDtype t) {
  switch (pj_dtype_kind(t)) {
  case 'f': return a.f < b.f;
  case 'u': return a.u < b.u;
  default: return a.i < b.i;
  }
}

static PjBits pj_scalar_bits(const PjValue *v) {
  PjBits b;
  switch (pj_dtype_kind(v->dtype)) {
  case 'f': b.f = v->scalar.f; break;
  case 'u': b.u = v->scalar.u; break;
  default: b.i = v->scalar.i; break;
  }
  return b;
}

static void pj_scalar_set(PjValue *v, PjBits b) {
  switch (pj_dtype_kind(v->dtype)) {
  case 'f': v->scalar.f = b.f; break;
  case 'u': v->scalar.u = b.u; break;
  default: v->scalar.i = b.i; break;
  }
}

/* ---- values ------------------------------------------------------------------------------ */

int pj_values_fit_int32(const PjValue *values, int n) {
  for (int i = 0; i < n; i++) {
    const PjValue *v = &values[i];
    if (v->ndim == 0) {
      if (((v->dtype == PJ_INT64 || pj_dtype_unit(v->dtype) >= 0) && (v->scalar.i < INT32_MIN || v->scalar.i > INT32_MAX)) ||
          ((v->dtype == PJ_UINT64 || v->dtype == PJ_UINT32) && v->scalar.u > INT32_MAX))
        return 0;
      /* a float may be converted to an integer parameter (an explicit signature) */
      if ((pj_dtype_is_float(v->dtype) || pj_dtype_is_complex(v->dtype)) &&
          !(v->scalar.f > -2147483648.0 && v->scalar.f < 2147483648.0))
        return 0;
      continue;
    }
    int64_t count = 1;
    for (int d = 0; d < v->ndim; d++) {
      if (v->shape[d] > INT32_MAX) return 0;
      count *= v->shape[d];
      if (count > INT32_MAX) return 0;
    }
  }
  return 1;
}

int pj_grid_fits_int32(const uint32_t grid[3], const uint32_t block[3]) {
  for (int d = 0; d < 3; d++)
    if ((uint64_t)grid[d] * block[d] > INT32_MAX) return 0;
  return 1;
}

int64_t pj_value_count(const PjValue *value) {
  if (!value || value->ndim <= 0) return 1;
  int64_t n = 1;
  for (int d = 0; d < value->ndim && d < PJ_MAX_DIMS; d++) n *= value->shape[d];
  return n;
}

void pj_value_strides(const PjValue *v, int64_t *out) {
  bool given = v->strides_set != 0;
  for (int d = 0; d < v->ndim; d++) given = given || v->strides[d] != 0;
  int64_t st = (int64_t)pj_dtype_size(v->dtype);
  for (int d = v->ndim - 1; d >= 0; d--) {
    out[d] = given ? v->strides[d] : st;
    st *= v->shape[d];
  }
}

char pj_value_layout(const PjValue *v) {
  int64_t st[PJ_MAX_DIMS], c = (int64_t)pj_dtype_size(v->dtype), f = c;
  pj_value_strides(v, st);
  bool is_c = true, is_f = true;
  for (int d = v->ndim - 1; d >= 0; d--) {
    is_c = is_c && (st[d] == c || v->shape[d] <= 1);
    c *= v->shape[d];
  }
  for (int d = 0; d < v->ndim; d++) {
    is_f = is_f && (st[d] == f || v->shape[d] <= 1);
    f *= v->shape[d];
  }
  return is_c ? 'C' : is_f ? 'F' : 'A';
}

size_t pj_value_nbytes(const PjValue *value) {
  if (!value) return 0;
  return (size_t)pj_value_count(value) * pj_dtype_size(value->dtype);
}

void pj_value_free(PjValue *value) {
  if (!value) return;
  free(value->data);
  memset(value, 0, sizeof *value);
}

/* ---- the argument syntax: a small recursive-descent parser ------------------------------- */

typedef struct PjSpec {
  const char *text; /* the whole argument, quoted in messages */
  const char *p;    /* the cursor */
  char *err;
  size_t errlen;
} PjSpec;

static PjStatus pj_spec_fail(PjSpec *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static PjStatus pj_spec_fail(PjSpec *s, const char *fmt, ...) {
  if (!s->err || s->errlen == 0) return PJ_ERROR_ARGUMENT;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(s->err, s->errlen, fmt, ap);
  va_end(ap);
  if (n >= 0 && (size_t)n < s->errlen) snprintf(s->err + n, s->errlen - (size_t)n, " in '%s'", s->text);
  return PJ_ERROR_ARGUMENT;
}

static void pj_spec_skip_space(PjSpec *s) {
  while (isspace((unsigned char)*s->p)) s->p++;
}

static int pj_spec_accept(PjSpec *s, char c) {
  pj_spec_skip_space(s);
  if (*s->p != c) return 0;
  s->p++;
  return 1;
}

static int pj_spec_column(const PjSpec *s) { return (int)(s->p - s->text) + 1; }

static PjStatus pj_spec_expect(PjSpec *s, char c) {
  if (pj_spec_accept(s, c)) return PJ_OK;
  if (*s->p == '\0') return pj_spec_fail(s, "expected '%c' at the end", c);
  return pj_spec_fail(s, "expected '%c' at column %d, found '%c'", c, pj_spec_column(s), *s->p);
}

static int pj_is_word_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static int pj_is_word_char(char c) { return isalnum((unsigned char)c) || c == '_'; }
static int pj_is_atom_char(char c) {
  return c != '\0' && !isspace((unsigned char)c) && !strchr("(),=[]", c);
}

/* Copies the run of characters accepted by `is_char` into buf; 0 when there is none. */
static PjStatus pj_spec_take(PjSpec *s, int (*is_char)(char), char *buf, size_t n, const char *what) {
  pj_spec_skip_space(s);
  const char *start = s->p;
  while (is_char(*s->p)) s->p++;
  size_t len = (size_t)(s->p - start);
  if (len == 0 && *s->p == '\0') return pj_spec_fail(s, "expected %s at the end", what);
  if (len == 0) return pj_spec_fail(s, "expected %s at column %d, found '%c'", what, pj_spec_column(s), *s->p);
  if (len >= n) return pj_spec_fail(s, "%s at column %d is too long", what, (int)(start - s->text) + 1);
  memcpy(buf, start, len);
  buf[len] = '\0';
  return PJ_OK;
}

static PjStatus pj_spec_atom(PjSpec *s, char *buf, size_t n, const char *what) {
  return pj_spec_take(s, pj_is_atom_char, buf, n, what);
}

/* Skips `keyword=` when it comes next (numpy's `dtype=float32`, `seed=3`). */
static void pj_spec_skip_keyword(PjSpec *s, const char *keyword) {
  pj_spec_skip_space(s);
  size_t len = strlen(keyword);
  if (strncmp(s->p, keyword, len) != 0 || pj_is_word_char(s->p[len])) return;
  const char *save = s->p;
  s->p += len;
  if (!pj_spec_accept(s, '=')) s->p = save;
}

/* ---- literals ---------------------------------------------------------------------------- */

typedef struct PjLiteral {
  char kind;      /* 'b' True/False, 'i' integer, 'f' float */
  int negative;   /* integers: the sign, apart from the magnitude */
  uint64_t magnitude;
  double f;
} PjLiteral;

/* Decimal or 0x hexadecimal digits: 1 when all of `t` is an integer, -1 when it overflows. */
static int pj_parse_magnitude(const char *t, uint64_t *out) {
  unsigned base = 10;
  if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) base = 16, t += 2;
  if (!*t) return 0;
  uint64_t m = 0;
  for (; *t; t++) {
    unsigned d;
    if (isdigit((unsigned char)*t)) d = (unsigned)(*t - '0');
    else if (base == 16 && isxdigit((unsigned char)*t)) d = (unsigned)(tolower((unsigned char)*t) - 'a' + 10);
    else return 0;
    if (m > (UINT64_MAX - d) / base) return -1;
    m = m * base + d;
  }
  *out = m;
  return 1;
}

static int pj_parse_float(const char *t, double *out) {
  const char *body = t + (*t == '+' || *t == '-');
  int special = strcmp(body, "inf") == 0 || strcmp(body, "nan") == 0;
  int digits = 0;
  for (const char *c = body; *c && !special; c++) {
    if (!strchr("0123456789.eE+-", *c)) return 0;
    digits += isdigit((unsigned char)*c) != 0;
  }
  if (!special && !digits) return 0;
  char *end;
  *out = strtod(t, &end);
  return *end == '\0';
}

typedef enum PjLiteralError { PJ_LITERAL_OK, PJ_LITERAL_NOT_NUMBER, PJ_LITERAL_TOO_BIG } PjLiteralError;

/* Reads a Python literal: True, False, an integer or a float. */
static PjLiteralError pj_literal_parse(const char *t, PjLiteral *lit) {
  memset(lit, 0, sizeof *lit);
  if (strcmp(t, "True") == 0 || strcmp(t, "False") == 0) {
    lit->kind = 'b';
    lit->magnitude = t[0] == 'T';
    return PJ_LITERAL_OK;
  }
  const char *digits = t + (*t == '+' || *t == '-');
  int r = pj_parse_magnitude(digits, &lit->magnitude);
  if (r < 0) return PJ_LITERAL_TOO_BIG;
  if (r > 0) {
    lit->kind = 'i';
    lit->negative = *t == '-' && lit->magnitude != 0;
    return PJ_LITERAL_OK;
  }
  if (pj_parse_float(t, &lit->f)) {
    lit->kind = 'f';
    return PJ_LITERAL_OK;
  }
  return PJ_LITERAL_NOT_NUMBER;
}

static PjStatus pj_literal_to_signed(PjSpec *s, const PjLiteral *lit, PjDtype t, PjBits *out) {
  uint64_t bits = pj_dtype_size(t) * 8;
  uint64_t max = (UINT64_C(1) << (bits - 1)) - 1;
  if (lit->magnitude > max + (uint64_t)lit->negative)
    return pj_spec_fail(s, "%s%llu is out of range for %s", lit->negative ? "-" : "",
                        (unsigned long long)lit->magnitude, pj_dtype_name(t));
  out->i = lit->negative ? (int64_t)(0 - lit->magnitude) : (int64_t)lit->magnitude;
  return PJ_OK;
}

static PjStatus pj_literal_to_unsigned(PjSpec *s, const PjLiteral *lit, PjDtype t, PjBits *out) {
  uint64_t bits = pj_dtype_size(t) * 8;
  uint64_t max = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
  if (lit->negative || lit->magnitude > max)
    return pj_spec_fail(s, "%s%llu is out of range for %s", lit->negative ? "-" : "",
                        (unsigned long long)lit->magnitude, pj_dtype_name(t));
  out->u = lit->magnitude;
  return PJ_OK;
}

static PjStatus pj_literal_to_float(PjSpec *s, const PjLiteral *lit, PjDtype t, PjBits *out) {
  double x = lit->kind == 'f' ? lit->f : (double)lit->magnitude;
  if (lit->kind == 'i' && lit->negative) x = -x;
  if (t == PJ_FLOAT32) {
    float f = (float)x;
    if (isinf(f) && !isinf(x)) return pj_spec_fail(s, "%g is out of range for float32", x);
    x = f;
  }
  if (t == PJ_BFLOAT16) {
    double h = pj_bf16_to_double(pj_bf16_from_double(x));
    if (isinf(h) && !isinf(x)) return pj_spec_fail(s, "%g is out of range for bfloat16", x);
    x = h;
  }
  if (t == PJ_FLOAT16) {
    double h = pj_half_to_double(pj_half_from_double(x));
    if (isinf(h) && !isinf(x)) return pj_spec_fail(s, "%g is out of range for float16", x);
    x = h;
  }
  out->f = x;
  return PJ_OK;
}

/* Converts a literal to an element of dtype t, rejecting what would change its value. */
static PjStatus pj_literal_convert(PjSpec *s, const PjLiteral *lit, PjDtype t, PjBits *out) {
  char kind = pj_dtype_kind(t);
  if (kind == 'f') return pj_literal_to_float(s, lit, t, out);
  if (kind == 'c') /* no complex element is made from a number here */
    return pj_spec_fail(s, "%s arrays cannot be generated on the command line: pass a .npy file", pj_dtype_name(t));
  if (pj_dtype_is_fp8(t)) return pj_spec_fail(s, "%s is a scalar type of kernels, not an array dtype", pj_dtype_name(t));
  if (lit->kind == 'f') return pj_spec_fail(s, "%s takes an integer, not %g", pj_dtype_name(t), lit->f);
  if (kind == 'b') {
    if (lit->negative || lit->magnitude > 1) return pj_spec_fail(s, "bool takes True, False, 0 or 1");
    out->i = (int64_t)lit->magnitude;
    return PJ_OK;
  }
  if (kind == 'u') return pj_literal_to_unsigned(s, lit, t, out);
  return pj_literal_to_signed(s, lit, t, out);
}

/* The dtype of an untyped literal, as numba types a Python constant. */
static PjDtype pj_literal_dtype(const PjLiteral *lit) {
  if (lit->kind == 'b') return PJ_BOOL;
  if (lit->kind == 'f') return PJ_FLOAT64;
  if (!lit->negative && lit->magnitude > (uint64_t)INT64_MAX) return PJ_UINT64;
  return PJ_INT64;
}

static PjStatus pj_spec_literal(PjSpec *s, PjLiteral *lit, const char *what) {
  char atom[PJ_ATOM_MAX];
  PjStatus st = pj_spec_atom(s, atom, sizeof atom, what);
  if (st != PJ_OK) return st;
  switch (pj_literal_parse(atom, lit)) {
  case PJ_LITERAL_OK: return PJ_OK;
  case PJ_LITERAL_TOO_BIG: return pj_spec_fail(s, "integer '%s' does not fit in 64 bits", atom);
  default: return pj_spec_fail(s, "'%s' is not a number, True or False", atom);
  }
}

/* ---- scalars ----------------------------------------------------------------------------- */

static PjStatus pj_spec_scalar(PjSpec *s, PjValue *out) {
  PjLiteral lit;
  PjStatus st = pj_spec_literal(s, &lit, "a value");
  if (st != PJ_OK) return st;
  PjBits b;
  out->dtype = pj_literal_dtype(&lit);
  st = pj_literal_convert(s, &lit, out->dtype, &b);
  if (st == PJ_OK) pj_scalar_set(out, b);
  return st;
}

/* `float32(2.5)`, `complex128(1.5, -2)`: after the opening parenthesis. */
static PjStatus pj_spec_typed_scalar(PjSpec *s, PjDtype t, PjValue *out) {
  PjLiteral lit;
  PjStatus st = pj_spec_literal(s, &lit, "a value");
  if (st != PJ_OK) return st;
  PjBits b;
  if (pj_dtype_kind(t) == 'c') { /* the real part, then the imaginary part if given */
    PjDtype part = t == PJ_COMPLEX64 ? PJ_FLOAT32 : PJ_FLOAT64;
    if ((st = pj_literal_convert(s, &lit, part, &b)) != PJ_OK) return st;
    out->dtype = t;
    out->scalar.f = b.f;
    out->imag = 0.0;
    if (pj_spec_accept(s, ',')) {
      if ((st = pj_spec_literal(s, &lit, "an imaginary part")) != PJ_OK) return st;
      if ((st = pj_literal_convert(s, &lit, part, &b)) != PJ_OK) return st;
      out->imag = b.f;
    }
    return pj_spec_expect(s, ')');
  }
  st = pj_literal_convert(s, &lit, t, &b);
  if (st != PJ_OK) return st;
  out->dtype = t;
  pj_scalar_set(out, b);
  return pj_spec_expect(s, ')');
}

/* ---- arrays ------------------------------------------------------------------------------ */

typedef enum PjFillKind { PJ_FILL_ZEROS, PJ_FILL_ONES, PJ_FILL_ARANGE, PJ_FILL_FULL, PJ_FILL_RAND } PjFillKind;

typedef struct PjArraySpec {
  PjFillKind fill;
  int ndim;
  int64_t shape[PJ_MAX_DIMS];
  PjDtype dtype;
  int has_dtype;
  PjLiteral value; /* full */
  uint64_t seed;   /* rand */
} PjArraySpec;

static PjStatus pj_spec_extent(PjSpec *s, int64_t *out) {
  PjLiteral lit;
  PjStatus st = pj_spec_literal(s, &lit, "an extent");
  if (st != PJ_OK) return st;
  if (lit.kind != 'i') return pj_spec_fail(s, "an extent must be an integer");
  if (lit.negative) return pj_spec_fail(s, "negative extent -%llu", (unsigned long long)lit.magnitude);
  if (lit.magnitude > (uint64_t)PJ_MAX_ELEMENTS)
    return pj_spec_fail(s, "extent %llu is above the limit of 2^40 elements", (unsigned long long)lit.magnitude);
  *out = (int64_t)lit.magnitude;
  return PJ_OK;
}

static PjStatus pj_spec_check_count(PjSpec *s, const PjArraySpec *a) {
  int64_t n = 1;
  for (int d = 0; d < a->ndim; d++)
    if (a->shape[d] == 0) return PJ_OK;
  for (int d = 0; d < a->ndim; d++) {
    if (n > PJ_MAX_ELEMENTS / a->shape[d]) return pj_spec_fail(s, "more than 2^40 elements");
    n *= a->shape[d];
  }
  return PJ_OK;
}

/* `N`, `(N,)`, `(R, C)`, ... */
static PjStatus pj_spec_shape(PjSpec *s, PjArraySpec *a) {
  PjStatus st;
  a->ndim = 0;
  if (!pj_spec_accept(s, '(')) {
    a->ndim = 1;
    st = pj_spec_extent(s, &a->shape[0]);
    return st != PJ_OK ? st : pj_spec_check_count(s, a);
  }
  while (!pj_spec_accept(s, ')')) {
    if (a->ndim == PJ_MAX_DIMS) return pj_spec_fail(s, "more than %d dimensions", PJ_MAX_DIMS);
    st = pj_spec_extent(s, &a->shape[a->ndim++]);
    if (st != PJ_OK) return st;
    if (pj_spec_accept(s, ',')) continue;
    st = pj_spec_expect(s, ')');
    if (st != PJ_OK) return st;
    break;
  }
  if (a->ndim == 0) return pj_spec_fail(s, "a shape needs at least one extent");
  return pj_spec_check_count(s, a);
}

static PjStatus pj_spec_dtype(PjSpec *s, PjArraySpec *a) {
  char word[PJ_ATOM_MAX];
  pj_spec_skip_keyword(s, "dtype");
  PjStatus st = pj_spec_atom(s, word, sizeof word, "a dtype");
  if (st != PJ_OK) return st;
  if (!pj_dtype_from_name(word, &a->dtype)) return pj_spec_fail(s, "unknown dtype '%s'", word);
  a->has_dtype = 1;
  return PJ_OK;
}

static PjStatus pj_spec_seed(PjSpec *s, PjArraySpec *a) {
  PjLiteral lit;
  pj_spec_skip_keyword(s, "seed");
  PjStatus st = pj_spec_literal(s, &lit, "a seed");
  if (st != PJ_OK) return st;
  if (lit.kind != 'i' || lit.negative) return pj_spec_fail(s, "a seed must be a non-negative integer");
  a->seed = lit.magnitude;
  return PJ_OK;
}

static int pj_spec_next_is_seed(PjSpec *s) {
  pj_spec_skip_space(s);
  return isdigit((unsigned char)*s->p) || strncmp(s->p, "seed", 4) == 0;
}

/* What follows the shape: `[, dtype]`; full: `, value [, dtype]`; rand: `[, dtype] [, seed]`. */
static PjStatus pj_spec_array_tail(PjSpec *s, PjArraySpec *a) {
  PjStatus st = PJ_OK;
  if (a->fill == PJ_FILL_FULL) {
    st = pj_spec_expect(s, ',');
    if (st == PJ_OK) st = pj_spec_literal(s, &a->value, "a fill value");
  }
  if (st != PJ_OK || !pj_spec_accept(s, ',')) return st;
  if (a->fill == PJ_FILL_RAND && pj_spec_next_is_seed(s)) return pj_spec_seed(s, a);
  st = pj_spec_dtype(s, a);
  if (st == PJ_OK && a->fill == PJ_FILL_RAND && pj_spec_accept(s, ',')) st = pj_spec_seed(s, a);
  return st;
}

/* numpy's np.full takes the dtype of its value when none is given; the others default to float64. */
static PjDtype pj_array_default_dtype(const PjArraySpec *a) {
  return a->fill == PJ_FILL_FULL ? pj_literal_dtype(&a->value) : PJ_FLOAT64;
}

static uint64_t pj_splitmix64_next(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* Floats uniform in [0, 1), integers in [0, 100), bools 0 or 1. */
static PjBits pj_bits_random(PjDtype t, uint64_t *state) {
  uint64_t z = pj_splitmix64_next(state);
  PjBits b;
  switch (pj_dtype_kind(t)) {
  case 'f': b.f = t == PJ_FLOAT32 ? (double)(z >> 40) * 0x1.0p-24 : (double)(z >> 11) * 0x1.0p-53; break;
  case 'b': b.i = (int64_t)(z >> 63); break;
  case 'u': b.u = ((z >> 32) * 100) >> 32; break;
  default: b.i = (int64_t)(((z >> 32) * 100) >> 32); break;
  }
  return b;
}

/* 0, 1, 2, ... (integers wrap around as numpy's astype does). */
static PjBits pj_bits_index(PjDtype t, int64_t k) {
  PjBits b;
  switch (pj_dtype_kind(t)) {
  case 'f': b.f = (double)k; break;
  case 'u': b.u = (uint64_t)k; break;
  default: b.i = k; break;
  }
  return b;
}

static void pj_array_fill(PjValue *v, const PjArraySpec *a, PjBits constant) {
  uint64_t state = a->seed;
  int64_t n = pj_value_count(v);
  for (int64_t k = 0; k < n; k++) {
    PjBits b = constant;
    if (a->fill == PJ_FILL_ARANGE) b = pj_bits_index(v->dtype, k);
    else if (a->fill == PJ_FILL_RAND) b = pj_bits_random(v->dtype, &state);
    pj_bits_store(v->data, k, v->dtype, b);
  }
}

static PjStatus pj_array_constant(PjSpec *s, const PjArraySpec *a, PjBits *out) {
  PjLiteral one = {.kind = 'i', .magnitude = 1};
  memset(out, 0, sizeof *out);
  if (a->fill == PJ_FILL_ONES) return pj_literal_convert(s, &one, a->dtype, out);
  if (a->fill == PJ_FILL_FULL) return pj_literal_convert(s, &a->value, a->dtype, out);
  return PJ_OK;
}

static PjStatus pj_array_build(PjSpec *s, const PjArraySpec *a, PjValue *out) {
  PjBits constant;
  PjStatus st = pj_array_constant(s, a, &constant);
  if (st != PJ_OK) return st;
  if (a->fill == PJ_FILL_ARANGE && a->dtype == PJ_BOOL) return pj_spec_fail(s, "arange of bool is not defined");
  out->dtype = a->dtype;
  out->ndim = a->ndim;
  memcpy(out->shape, a->shape, sizeof a->shape);
  size_t nbytes = pj_value_nbytes(out);
  out->data = calloc(nbytes ? nbytes : 1, 1);
  if (!out->data) return pj_spec_fail(s, "out of memory for %zu bytes", nbytes);
  if (a->fill != PJ_FILL_ZEROS) pj_array_fill(out, a, constant);
  return PJ_OK;
}

/* `zeros(...)` and the others: after the opening parenthesis. */
static PjStatus pj_spec_array(PjSpec *s, PjFillKind fill, PjValue *out) {
  PjArraySpec a;
  memset(&a, 0, sizeof a);
  a.fill = fill;
  PjStatus st = pj_spec_shape(s, &a);
  if (st == PJ_OK) st = pj_spec_array_tail(s, &a);
  if (st == PJ_OK) st = pj_spec_expect(s, ')');
  if (st != PJ_OK) return st;
  if (!a.has_dtype) a.dtype = pj_array_default_dtype(&a);
  return pj_array_build(s, &a, out);
}

static const struct { const char *name; PjFillKind fill; } pj_array_makers[] = {
  {"zeros", PJ_FILL_ZEROS}, {"ones", PJ_FILL_ONES},  {"arange", PJ_FILL_ARANGE},
  {"full", PJ_FILL_FULL},   {"rand", PJ_FILL_RAND},
};

/* `name(` has been read: an array maker or a dtype. */
static PjStatus pj_spec_call(PjSpec *s, const char *name, PjValue *out) {
  for (size_t i = 0; i < sizeof pj_array_makers / sizeof pj_array_makers[0]; i++)
    if (strcmp(name, pj_array_makers[i].name) == 0) return pj_spec_array(s, pj_array_makers[i].fill, out);
  PjDtype t;
  if (pj_dtype_from_name(name, &t)) return pj_spec_typed_scalar(s, t, out);
  return pj_spec_fail(s, "unknown function or dtype '%s' (expected zeros, ones, arange, full, rand or a dtype)", name);
}

static int pj_is_callable(const char *name) {
  for (size_t i = 0; i < sizeof pj_array_makers / sizeof pj_array_makers[0]; i++)
    if (strcmp(name, pj_array_makers[i].name) == 0) return 1;
  return pj_dtype_from_name(name, NULL);
}

static PjStatus pj_spec_value(PjSpec *s, PjValue *out) {
  char word[PJ_ATOM_MAX];
  pj_spec_skip_space(s);
  if (*s->p == '\0') return pj_spec_fail(s, "empty argument");
  const char *start = s->p;
  if (pj_is_word_start(*s->p) && pj_spec_take(s, pj_is_word_char, word, sizeof word, "a name") == PJ_OK) {
    if (pj_spec_accept(s, '(')) return pj_spec_call(s, word, out);
    if (pj_is_callable(word)) return pj_spec_fail(s, "expected '(' after '%s'", word);
  }
  s->p = start;
  return pj_spec_scalar(s, out);
}

static int pj_spec_is_npy(const char *spec, size_t *len) {
  size_t n = strlen(spec);
  while (n > 0 && isspace((unsigned char)spec[n - 1])) n--;
  *len = n;
  return n >= 4 && memcmp(spec + n - 4, ".npy", 4) == 0;
}

static PjStatus pj_value_parse_npy(const char *spec, size_t len, PjValue *out, char *err, size_t errlen) {
  while (len > 0 && isspace((unsigned char)*spec)) spec++, len--;
  char *path = malloc(len + 1);
  if (!path) {
    if (err && errlen) snprintf(err, errlen, "out of memory");
    return PJ_ERROR_ARGUMENT;
  }
  memcpy(path, spec, len);
  path[len] = '\0';
  PjStatus st = pj_value_load_npy(path, out, err, errlen);
  free(path);
  return st;
}

static PjStatus pj_value_parse_real(const char *spec, PjValue *out, char *err, size_t errlen);

PjStatus pj_value_parse(const char *spec, PjValue *out, char *err, size_t errlen) {
  PjStatus st = pj_value_parse_real(spec, out, err, errlen);
  size_t n = spec ? strlen(spec) : 0;
  bool file = n >= 4 && strcmp(spec + n - 4, ".npy") == 0; /* complex arrays come as .npy files */
  if (st == PJ_OK && pj_dtype_is_complex(out->dtype) && out->ndim > 0 && !file) {
    pj_value_free(out);
    snprintf(err, errlen, "generated complex arrays are not supported on the command line yet (in '%s'); pass "
                          "complex arrays as .npy files", spec);
    return PJ_ERROR_ARGUMENT;
  }
  return st;
}

static PjStatus pj_value_parse_real(const char *spec, PjValue *out, char *err, size_t errlen) {
  if (err && errlen) err[0] = '\0';
  if (!out) return PJ_ERROR_ARGUMENT;
  memset(out, 0, sizeof *out);
  PjSpec s = {spec ? spec : "", spec ? spec : "", err, errlen};
  if (!spec) return pj_spec_fail(&s, "no argument");
  size_t len;
  if (pj_spec_is_npy(spec, &len)) return pj_value_parse_npy(spec, len, out, err, errlen);
  PjStatus st = pj_spec_value(&s, out);
  pj_spec_skip_space(&s);
  if (st == PJ_OK && *s.p != '\0')
    st = pj_spec_fail(&s, "unexpected '%c' at column %d", *s.p, pj_spec_column(&s));
  if (st != PJ_OK) pj_value_free(out);
  return st;
}

/* ---- summary ----------------------------------------------------------------------------- */

typedef struct PjText {
  char *data;
  size_t len, cap;
  int failed;
} PjText;

static void pj_text_printf(PjText *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void pj_text_printf(PjText *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || t->failed) return;
  if (t->len + (size_t)n + 1 > t->cap) {
    size_t cap = (t->len + (size_t)n + 1) * 2;
    char *grown = realloc(t->data, cap);
    if (!grown) {
      t->failed = 1;
      return;
    }
    t->data = grown, t->cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(t->data + t->len, t->cap - t->len, fmt, ap);
  va_end(ap);
  t->len += (size_t)n;
}

/* Python's look: "2.0", "0.1", "1e-05", "nan", "inf". `digits` 0: the shortest that reads back. */
static void pj_text_float(PjText *t, double x, PjDtype dtype, int digits) {
  char buf[40];
  int max = dtype == PJ_FLOAT32 ? 9 : 17;
  for (int p = digits ? digits : 1; p <= max; p++) {
    snprintf(buf, sizeof buf, "%.*g", p, x);
    double back = strtod(buf, NULL);
    if (digits || back == x || (dtype == PJ_FLOAT32 && (float)back == (float)x) || isnan(x)) break;
  }
  if (isinf(x) || isnan(x)) snprintf(buf, sizeof buf, "%s", isnan(x) ? "nan" : x < 0 ? "-inf" : "inf");
  int integral = strspn(buf, "-0123456789") == strlen(buf);
  pj_text_printf(t, "%s%s", buf, integral ? ".0" : "");
}

static void pj_text_bits(PjText *t, PjBits b, PjDtype dtype, int digits) {
  switch (pj_dtype_kind(dtype)) {
  case 'f': pj_text_float(t, b.f, dtype, digits); break;
  case 'b': pj_text_printf(t, "%s", b.i ? "True" : "False"); break;
  case 'u': pj_text_printf(t, "%llu", (unsigned long long)b.u); break;
  default: pj_text_printf(t, "%lld", (long long)b.i); break;
  }
}

static void pj_text_shape(PjText *t, const PjValue *v) {
  if (v->ndim == 1) {
    pj_text_printf(t, "%s[%lld]", pj_dtype_name(v->dtype), (long long)v->shape[0]);
    return;
  }
  pj_text_printf(t, "%s(", pj_dtype_name(v->dtype));
  for (int d = 0; d < v->ndim; d++) pj_text_printf(t, "%s%lld", d ? "," : "", (long long)v->shape[d]);
  pj_text_printf(t, ")");
}

/* min, max (NaN when any element is NaN, as numpy's) and mean. */
static void pj_text_stats(PjText *t, const PjValue *v, int64_t n) {
  PjBits lo = pj_bits_load(v->data, 0, v->dtype), hi = lo;
  double sum = 0;
  int nan = 0;
  for (int64_t k = 0; k < n; k++) {
    PjBits b = pj_bits_load(v->data, k, v->dtype);
    if (pj_bits_less(b, lo, v->dtype)) lo = b;
    if (pj_bits_less(hi, b, v->dtype)) hi = b;
    nan |= pj_dtype_is_float(v->dtype) && isnan(b.f);
    sum += pj_bits_to_double(b, v->dtype);
  }
  if (nan) lo.f = hi.f = NAN;
  pj_text_printf(t, " min=");
  pj_text_bits(t, lo, v->dtype, 6);
  pj_text_printf(t, " max=");
  pj_text_bits(t, hi, v->dtype, 6);
  pj_text_printf(t, " mean=");
  pj_text_float(t, sum / (double)n, PJ_FLOAT64, 6);
}

static void pj_text_head(PjText *t, const PjValue *v, int64_t n) {
  pj_text_printf(t, " [");
  for (int64_t k = 0; k < n && k < PJ_SUMMARY_HEAD; k++) {
    if (k) pj_text_printf(t, ", ");
    pj_text_bits(t, pj_bits_load(v->data, k, v->dtype), v->dtype, 6);
  }
  pj_text_printf(t, "%s]", n > PJ_SUMMARY_HEAD ? ", ..." : "");
}

char *pj_value_summary(const PjValue *value) {
  PjText t = {0};
  if (!value || !pj_dtype_valid(value->dtype) || value->ndim < 0 || value->ndim > PJ_MAX_DIMS) {
    pj_text_printf(&t, "<invalid value>");
  } else if (value->ndim == 0 && pj_dtype_is_complex(value->dtype)) {
    PjDtype part = value->dtype == PJ_COMPLEX64 ? PJ_FLOAT32 : PJ_FLOAT64;
    pj_text_printf(&t, "%s (", pj_dtype_name(value->dtype));
    pj_text_float(&t, value->scalar.f, part, 0);
    pj_text_printf(&t, "%s", value->imag < 0 || (value->imag == 0 && signbit(value->imag)) ? "" : "+");
    pj_text_float(&t, value->imag, part, 0);
    pj_text_printf(&t, "j)");
  } else if (value->ndim == 0) {
    pj_text_printf(&t, "%s ", pj_dtype_name(value->dtype));
    pj_text_bits(&t, pj_scalar_bits(value), value->dtype, 0);
  } else {
    int64_t n = pj_value_count(value);
    pj_text_shape(&t, value);
    if (n <= 0 || !value->data) pj_text_printf(&t, " empty");
    else if (pj_dtype_is_complex(value->dtype)) pj_text_printf(&t, " (complex values)");
    else pj_text_stats(&t, value, n), pj_text_head(&t, value, n);
  }
  if (t.failed) {
    free(t.data);
    return NULL;
  }
  return t.data;
}

/* ---- conversion to a signature's type ------------------------------------------------------ */

PjStatus pj_value_cast(PjValue *v, PjDtype to, char *err, size_t errlen) {
  if (v->ndim != 0) {
    if (v->dtype == to) return PJ_OK;
    snprintf(err, errlen, "array of %s where the signature wants %s", pj_dtype_name(v->dtype), pj_dtype_name(to));
    return PJ_ERROR_ARGUMENT;
  }
  char from = pj_dtype_kind(v->dtype), kind = pj_dtype_kind(to);
  if (v->dtype != to && (pj_dtype_unit(v->dtype) >= 0 || pj_dtype_unit(to) >= 0)) {
    /* numba converts no datetime64 or timedelta64 to another unit or to a number, nor back */
    snprintf(err, errlen, "a %s value where the signature wants %s", pj_dtype_name(v->dtype), pj_dtype_name(to));
    return PJ_ERROR_ARGUMENT;
  }
  if (from == 'c' || kind == 'c') { /* numbers become complex; complex stays complex (numba's rules) */
    if (from == 'c' && kind != 'c') {
      snprintf(err, errlen, "a complex value where the signature wants %s", pj_dtype_name(to));
      return PJ_ERROR_ARGUMENT;
    }
    double re = from == 'c' ? v->scalar.f : pj_bits_to_double(pj_scalar_bits(v), v->dtype);
    double im = from == 'c' ? v->imag : 0.0;
    if (to == PJ_COMPLEX64) re = (double)(float)re, im = (double)(float)im;
    v->dtype = to;
    v->scalar.f = re;
    v->imag = im;
    return PJ_OK;
  }
  PjBits b = pj_scalar_bits(v), out = {0};
  double f = pj_bits_to_double(b, v->dtype);
  if (to == PJ_BOOL) out.i = from == 'f' ? f != 0 : from == 'u' ? b.u != 0 : b.i != 0;
  else if (kind == 'f') out.f = to == PJ_FLOAT32 ? (double)(float)f : f;
  else if (from == 'f') {
    if (!(f >= -9223372036854775808.0 && f < 18446744073709551616.0)) {
      snprintf(err, errlen, "%g does not fit in %s", f, pj_dtype_name(to));
      return PJ_ERROR_ARGUMENT;
    }
    /* through the other 64-bit type where the value lies outside this one, as NumPy's cast on
     * x86 gives (-2.0 to uint64 is 2**64 - 2); a C cast would be undefined there */
    bool neg = f < 0, big = f >= 9223372036854775808.0;
    if (kind == 'u') out.u = neg ? (uint64_t)(int64_t)f : (uint64_t)f;
    else out.i = big ? (int64_t)(uint64_t)f : (int64_t)f;
  } else {
    out = b; /* integer to integer: the bits, wrapped to the width below */
  }
  if (kind != 'f' && to != PJ_BOOL) {
    int bits = (int)pj_dtype_size(to) * 8;
    if (bits < 64) {
      uint64_t mask = (1ull << bits) - 1, u = out.u & mask;
      if (kind == 'u') out.u = u;
      else out.i = (int64_t)(u ^ (1ull << (bits - 1))) - (int64_t)(1ull << (bits - 1));
    }
  }
  v->dtype = to;
  pj_scalar_set(v, out);
  return PJ_OK;
}
