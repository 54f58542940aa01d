/* NumPy's .npy files: read versions 1.0, 2.0 and 3.0, write 1.0 (2.0 when the header needs it),
 * byte for byte as numpy.save writes them. The format: the magic "\x93NUMPY", a major and a
 * minor version byte, the header's length (2 bytes little-endian in 1.0, 4 bytes in 2.0 and
 * 3.0), the header (a Python dict literal with the keys 'descr', 'fortran_order' and 'shape',
 * padded with spaces and a newline so that the data starts at a multiple of 64 bytes), then
 * the elements in C order. */
#include <pyjitc.h>

#include "ir/half.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PJ_NPY_MAGIC "\x93NUMPY"
#define PJ_NPY_MAGIC_LEN 6
#define PJ_NPY_ALIGN 64
#define PJ_NPY_HEADER_MAX (1 << 20)
#define PJ_NPY_GROWTH_DIGITS 21 /* numpy leaves room to grow the first extent in place */
#define PJ_NPY_MAX_ELEMENTS ((int64_t)1 << 40)

typedef struct PjNpyHeader {
  PjDtype dtype;
  int swap;         /* the file's byte order is not the host's */
  int fortran_order;
  int ndim;
  int64_t shape[PJ_MAX_DIMS];
  int seen;         /* bits: 1 descr, 2 fortran_order, 4 shape */
} PjNpyHeader;

typedef struct PjNpyError {
  const char *path;
  char *err;
  size_t errlen;
} PjNpyError;

static PjStatus pj_npy_fail(const PjNpyError *e, PjStatus status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static PjStatus pj_npy_fail(const PjNpyError *e, PjStatus status, const char *fmt, ...) {
  if (!e->err || e->errlen == 0) return status;
  int n = snprintf(e->err, e->errlen, "'%s': ", e->path);
  if (n < 0 || (size_t)n >= e->errlen) return status;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->err + n, e->errlen - (size_t)n, fmt, ap);
  va_end(ap);
  return status;
}

static int pj_host_is_big_endian(void) {
  const uint16_t one = 1;
  return *(const uint8_t *)&one == 0;
}

static void pj_bytes_swap(void *data, size_t count, size_t size) {
  uint8_t *b = data;
  for (size_t k = 0; k < count; k++, b += size)
    for (size_t i = 0; i < size / 2; i++) {
      uint8_t t = b[i];
      b[i] = b[size - 1 - i];
      b[size - 1 - i] = t;
    }
}

/* ---- reading the header: a small reader of the Python dict literal ----------------------- */

static void pj_npy_skip_space(const char **p) {
  while (isspace((unsigned char)**p)) (*p)++;
}

static int pj_npy_accept(const char **p, char c) {
  pj_npy_skip_space(p);
  if (**p != c) return 0;
  (*p)++;
  return 1;
}

/* A quoted string ('...' or "..."), no escapes (none of the header's strings has one). */
static int pj_npy_string(const char **p, char *buf, size_t n) {
  pj_npy_skip_space(p);
  char quote = **p;
  if (quote != '\'' && quote != '"') return 0;
  const char *start = ++*p;
  while (**p && **p != quote) (*p)++;
  size_t len = (size_t)(*p - start);
  if (**p != quote || len >= n) return 0;
  memcpy(buf, start, len);
  buf[len] = '\0';
  (*p)++;
  return 1;
}

static int pj_npy_word(const char **p, const char *word) {
  pj_npy_skip_space(p);
  size_t len = strlen(word);
  if (strncmp(*p, word, len) != 0 || isalnum((unsigned char)(*p)[len])) return 0;
  *p += len;
  return 1;
}

/* A non-negative Python int, with Python 2's optional 'L': 1, or 0 when it is not one, or -1
 * when it is above the limit. */
static int pj_npy_extent(const char **p, int64_t *out) {
  pj_npy_skip_space(p);
  if (!isdigit((unsigned char)**p)) return 0;
  int64_t v = 0;
  for (; isdigit((unsigned char)**p); (*p)++) {
    v = v * 10 + (**p - '0');
    if (v > PJ_NPY_MAX_ELEMENTS) return -1;
  }
  if (**p == 'L') (*p)++;
  *out = v;
  return 1;
}

static PjStatus pj_npy_shape(const PjNpyError *e, const char **p, PjNpyHeader *h) {
  if (!pj_npy_accept(p, '(')) return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "the header's 'shape' is not a tuple");
  h->ndim = 0;
  while (!pj_npy_accept(p, ')')) {
    if (h->ndim == PJ_MAX_DIMS)
      return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "more than %d dimensions", PJ_MAX_DIMS);
    int r = pj_npy_extent(p, &h->shape[h->ndim++]);
    if (r < 0) return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "an extent is above the limit of 2^40 elements");
    if (r == 0) return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "the header's 'shape' holds something other than extents");
    if (pj_npy_accept(p, ',')) continue;
    if (pj_npy_accept(p, ')')) break;
    return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "the header's 'shape' is not a tuple");
  }
  h->seen |= 4;
  return PJ_OK;
}

/* '<f4', '|b1', '>i8' ...: the byte order, then numba's short name of the dtype. */
static PjStatus pj_npy_descr(const PjNpyError *e, const char *descr, PjNpyHeader *h) {
  char order = descr[0];
  size_t dlen = strlen(descr);
  bool timed = (descr[1] == 'M' || descr[1] == 'm') && descr[2] == '8'; /* '<M8[D]', '<m8[ns]', '<M8' */
  int known = (dlen == 3 || (dlen == 4 && descr[1] == 'c' && isdigit((unsigned char)descr[3])) || timed) &&
              strchr("<>|=", order) && isalpha((unsigned char)descr[1]) && isdigit((unsigned char)descr[2]) &&
              pj_dtype_from_name(descr + 1, &h->dtype);
  if (!known)
    return pj_npy_fail(e, PJ_ERROR_ARGUMENT,
                       "unsupported dtype '%s' (pyjitc reads bool, int8..int64, uint8..uint64, "
                       "float32, float64, complex64, complex128, datetime64 and timedelta64)", descr);
  size_t size = pj_dtype_size(h->dtype);
  if (order == '|' && size > 1) return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "dtype '%s' lacks a byte order", descr);
  int big = order == '>' || (order == '=' && pj_host_is_big_endian());
  h->swap = size > 1 && big != pj_host_is_big_endian();
  h->seen |= 1;
  return PJ_OK;
}

static PjStatus pj_npy_entry(const PjNpyError *e, const char **p, PjNpyHeader *h) {
  char key[32], descr[32];
  if (!pj_npy_string(p, key, sizeof key) || !pj_npy_accept(p, ':'))
    return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "the header is not a dict of 'descr', 'fortran_order', 'shape'");
  if (strcmp(key, "shape") == 0) return pj_npy_shape(e, p, h);
  if (strcmp(key, "descr") == 0) {
    pj_npy_skip_space(p);
    if (**p == '[' || **p == '{')
      return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "structured dtypes are not supported");
    if (!pj_npy_string(p, descr, sizeof descr))
      return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "the header's 'descr' is not a dtype string");
    return pj_npy_descr(e, descr, h);
  }
  if (strcmp(key, "fortran_order") == 0) {
    h->fortran_order = pj_npy_word(p, "True");
    if (!h->fortran_order && !pj_npy_word(p, "False"))
      return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "the header's 'fortran_order' is not True or False");
    h->seen |= 2;
    return PJ_OK;
  }
  return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "unexpected key '%s' in the header", key);
}

static PjStatus pj_npy_header_parse(const PjNpyError *e, const char *text, PjNpyHeader *h) {
  const char *p = text;
  if (!pj_npy_accept(&p, '{')) return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "the header is not a dict");
  while (!pj_npy_accept(&p, '}')) {
    PjStatus st = pj_npy_entry(e, &p, h);
    if (st != PJ_OK) return st;
    if (pj_npy_accept(&p, ',')) continue;
    if (pj_npy_accept(&p, '}')) break;
    return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "the header is not a dict");
  }
  if (h->seen != 7)
    return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "the header lacks one of 'descr', 'fortran_order', 'shape'");
  return PJ_OK;
}

/* ---- reading the file -------------------------------------------------------------------- */

static PjStatus pj_npy_read_header(const PjNpyError *e, FILE *f, PjNpyHeader *h) {
  uint8_t pre[12];
  if (fread(pre, 1, 8, f) != 8 || memcmp(pre, PJ_NPY_MAGIC, PJ_NPY_MAGIC_LEN) != 0)
    return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "not a NumPy .npy file");
  int major = pre[6], minor = pre[7];
  if (major < 1 || major > 3)
    return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "unsupported .npy format version %d.%d", major, minor);
  size_t nlen = major == 1 ? 2 : 4;
  if (fread(pre + 8, 1, nlen, f) != nlen) return pj_npy_fail(e, PJ_ERROR_IO, "truncated header");
  size_t len = (size_t)pre[8] | (size_t)pre[9] << 8;
  if (nlen == 4) len |= (size_t)pre[10] << 16 | (size_t)pre[11] << 24;
  if (len > PJ_NPY_HEADER_MAX) return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "header of %zu bytes is too long", len);
  char *text = malloc(len + 1);
  if (!text) return pj_npy_fail(e, PJ_ERROR_IO, "out of memory");
  PjStatus st = PJ_OK;
  if (fread(text, 1, len, f) != len) st = pj_npy_fail(e, PJ_ERROR_IO, "truncated header");
  text[len] = '\0';
  if (st == PJ_OK && strlen(text) != len) st = pj_npy_fail(e, PJ_ERROR_ARGUMENT, "NUL byte in the header");
  if (st == PJ_OK) st = pj_npy_header_parse(e, text, h);
  free(text);
  return st;
}

static PjStatus pj_npy_check_count(const PjNpyError *e, const PjNpyHeader *h) {
  int64_t n = 1;
  for (int d = 0; d < h->ndim; d++)
    if (h->shape[d] == 0) return PJ_OK;
  for (int d = 0; d < h->ndim; d++) {
    if (n > PJ_NPY_MAX_ELEMENTS / h->shape[d]) return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "more than 2^40 elements");
    n *= h->shape[d];
  }
  return PJ_OK;
}

/* Elements as pyjitc holds them: host byte order, bools 0 or 1. */
static void pj_npy_to_host(void *data, size_t count, const PjNpyHeader *h) {
  size_t size = pj_dtype_size(h->dtype);
  if (h->swap && pj_dtype_is_complex(h->dtype)) pj_bytes_swap(data, 2 * count, size / 2); /* each part */
  else if (h->swap) pj_bytes_swap(data, count, size);
  if (h->dtype == PJ_BOOL)
    for (size_t k = 0; k < count; k++) ((uint8_t *)data)[k] = ((uint8_t *)data)[k] != 0;
}

/* A 0-d array becomes a scalar: its element (host order) goes into PjValue.scalar. */
#define PJ_NPY_GET(T, field) { T x; memcpy(&x, b, sizeof x); v->scalar.field = x; break; }
static void pj_npy_scalar_from_bytes(PjValue *v, const void *b) {
  switch (v->dtype) {
  case PJ_BOOL: PJ_NPY_GET(uint8_t, i)
  case PJ_INT8: PJ_NPY_GET(int8_t, i)
  case PJ_INT16: PJ_NPY_GET(int16_t, i)
  case PJ_INT32: PJ_NPY_GET(int32_t, i)
  case PJ_INT64: PJ_NPY_GET(int64_t, i)
  case PJ_UINT8: PJ_NPY_GET(uint8_t, u)
  case PJ_UINT16: PJ_NPY_GET(uint16_t, u)
  case PJ_UINT32: PJ_NPY_GET(uint32_t, u)
  case PJ_UINT64: PJ_NPY_GET(uint64_t, u)
  case PJ_FLOAT32: PJ_NPY_GET(float, f)
  case PJ_FLOAT16: { uint16_t h; memcpy(&h, b, 2); v->scalar.f = pj_half_to_double(h); break; }
  case PJ_BFLOAT16: { uint16_t h; memcpy(&h, b, 2); v->scalar.f = pj_bf16_to_double(h); break; }
  case PJ_FLOAT64: PJ_NPY_GET(double, f)
  default:
    if (pj_dtype_unit(v->dtype) >= 0) memcpy(&v->scalar.i, b, sizeof(int64_t)); /* datetime64, timedelta64 */
    break;
  }
}
#undef PJ_NPY_GET

/* Up to `nbytes` from a stream whose size is not known (a pipe): the buffer grows with what
 * arrives, so that a header announcing more than is sent allocates no more than was sent. */
static void *pj_npy_read_stream(FILE *f, size_t nbytes, size_t *got) {
  size_t cap = nbytes < ((size_t)1 << 20) ? nbytes : (size_t)1 << 20;
  char *buf = malloc(cap ? cap : 1);
  *got = 0;
  while (buf && *got < nbytes) {
    if (*got == cap) {
      size_t grown = cap > nbytes - cap ? nbytes : 2 * cap;
      char *bigger = realloc(buf, grown);
      if (!bigger) {
        free(buf);
        return NULL;
      }
      buf = bigger, cap = grown;
    }
    size_t n = fread(buf + *got, 1, cap - *got, f);
    *got += n;
    if (n == 0) break;
  }
  return buf;
}

static PjStatus pj_npy_read_data(const PjNpyError *e, FILE *f, const PjNpyHeader *h, PjValue *out) {
  out->dtype = h->dtype;
  out->ndim = h->ndim;
  memcpy(out->shape, h->shape, sizeof h->shape);
  size_t count = (size_t)pj_value_count(out), nbytes = pj_value_nbytes(out);
  /* the data must be all that follows the header: measured before anything is allocated */
  long here = ftell(f);
  int measured = 0;
  if (here >= 0 && fseek(f, 0, SEEK_END) == 0) {
    long end = ftell(f);
    if (end >= here && fseek(f, here, SEEK_SET) == 0) {
      size_t left = (size_t)(end - here);
      if (left < nbytes)
        return pj_npy_fail(e, PJ_ERROR_IO, "truncated: %zu bytes of data expected, %zu found", nbytes, left);
      if (left > nbytes)
        return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "%zu bytes after the data (%zu expected): not a single array",
                           left - nbytes, nbytes);
      measured = 1;
    }
  }
  size_t got = 0;
  void *data = measured ? malloc(nbytes ? nbytes : 1) : pj_npy_read_stream(f, nbytes, &got);
  if (!data) return pj_npy_fail(e, PJ_ERROR_IO, "out of memory for %zu bytes", nbytes);
  if (measured) got = fread(data, 1, nbytes, f);
  if (got != nbytes) {
    free(data);
    return pj_npy_fail(e, PJ_ERROR_IO, "truncated: %zu bytes of data expected, %zu found", nbytes, got);
  }
  pj_npy_to_host(data, count, h);
  if (h->ndim > 0) {
    out->data = data;
    if (h->fortran_order && h->ndim > 1) { /* Fortran order: the first axis varies fastest */
      int64_t st = (int64_t)pj_dtype_size(h->dtype);
      for (int d = 0; d < h->ndim; d++) {
        out->strides[d] = st;
        st *= h->shape[d];
      }
    }
    return PJ_OK;
  }
  pj_npy_scalar_from_bytes(out, data);
  free(data);
  return PJ_OK;
}

PjStatus pj_value_load_npy(const char *path, PjValue *out, char *err, size_t errlen) {
  PjNpyError e = {path ? path : "", err, errlen};
  if (err && errlen) err[0] = '\0';
  if (!out) return PJ_ERROR_ARGUMENT;
  memset(out, 0, sizeof *out);
  if (!path) return pj_npy_fail(&e, PJ_ERROR_ARGUMENT, "no path");
  FILE *f = fopen(path, "rb");
  if (!f) return pj_npy_fail(&e, PJ_ERROR_IO, "cannot open: %s", strerror(errno));
  struct stat sb; /* a directory opens, and its first read fails: say why */
  if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
    fclose(f);
    return pj_npy_fail(&e, PJ_ERROR_IO, "cannot open: %s", strerror(EISDIR));
  }
  PjNpyHeader h;
  memset(&h, 0, sizeof h);
  PjStatus st = pj_npy_read_header(&e, f, &h);
  if (st == PJ_OK) st = pj_npy_check_count(&e, &h);
  if (st == PJ_OK) st = pj_npy_read_data(&e, f, &h, out);
  fclose(f);
  if (st != PJ_OK) pj_value_free(out);
  return st;
}

/* ---- writing ----------------------------------------------------------------------------- */

static int pj_npy_digits(int64_t v) {
  char buf[24];
  return snprintf(buf, sizeof buf, "%lld", (long long)v);
}

/* numpy's own text: "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }", the spaces
 * numpy adds to let the first extent grow, and no padding yet. */
static int pj_npy_header_text(const PjValue *v, char *buf, size_t n) {
  size_t size = pj_dtype_size(v->dtype);
  char kind = v->dtype == PJ_BOOL ? 'b' : pj_dtype_is_float(v->dtype) ? 'f' : pj_dtype_is_complex(v->dtype) ? 'c'
              : pj_dtype_is_signed(v->dtype) ? 'i' : 'u';
  char descr[16];
  int len = 0;
  if (pj_dtype_unit(v->dtype) >= 0) { /* '<M8[D]', '<m8' */
    const char *name = pj_dtype_name(v->dtype), *unit = strchr(name, '[');
    snprintf(descr, sizeof descr, "<%c8%s", pj_dtype_is_datetime(v->dtype) ? 'M' : 'm', unit ? unit : "");
  } else {
    snprintf(descr, sizeof descr, "%c%c%zu", size == 1 ? '|' : '<', kind, size);
  }
  len = snprintf(buf, n, "{'descr': '%s', 'fortran_order': %s, 'shape': (", descr,
                 v->ndim > 1 && pj_value_layout(v) == 'F' ? "True" : "False");
  for (int d = 0; d < v->ndim; d++)
    len += snprintf(buf + len, n - (size_t)len, "%s%lld", d ? ", " : "", (long long)v->shape[d]);
  len += snprintf(buf + len, n - (size_t)len, "%s), }", v->ndim == 1 ? "," : "");
  if (v->ndim > 0)
    len += snprintf(buf + len, n - (size_t)len, "%*s", PJ_NPY_GROWTH_DIGITS - pj_npy_digits(v->shape[0]), "");
  return len;
}

/* The magic, the version, the length, the header padded with spaces to the alignment and '\n'. */
static size_t pj_npy_preamble(const PjValue *v, uint8_t *out, size_t n) {
  char text[512];
  size_t len = (size_t)pj_npy_header_text(v, text, sizeof text);
  size_t hlen = len + 1, prefix = PJ_NPY_MAGIC_LEN + 2 + 2;
  size_t padded = hlen + PJ_NPY_ALIGN - (prefix + hlen) % PJ_NPY_ALIGN;
  if (padded > 65535) { /* version 2.0: a 4-byte length */
    prefix += 2;
    padded = hlen + PJ_NPY_ALIGN - (prefix + hlen) % PJ_NPY_ALIGN;
  }
  if (prefix + padded > n) return 0;
  memcpy(out, PJ_NPY_MAGIC, PJ_NPY_MAGIC_LEN);
  out[6] = prefix == 10 ? 1 : 2;
  out[7] = 0;
  for (size_t i = 0; i < prefix - 8; i++) out[8 + i] = (uint8_t)(padded >> (8 * i));
  memcpy(out + prefix, text, len);
  memset(out + prefix + len, ' ', padded - hlen);
  out[prefix + padded - 1] = '\n';
  return prefix + padded;
}

/* A scalar's element, in host order. */
#define PJ_NPY_PUT(T, expr) { T x = (T)(expr); memcpy(b, &x, sizeof x); break; }
static void pj_npy_scalar_to_bytes(const PjValue *v, void *b) {
  switch (v->dtype) {
  case PJ_BOOL: PJ_NPY_PUT(uint8_t, v->scalar.i != 0)
  case PJ_INT8: PJ_NPY_PUT(int8_t, v->scalar.i)
  case PJ_INT16: PJ_NPY_PUT(int16_t, v->scalar.i)
  case PJ_INT32: PJ_NPY_PUT(int32_t, v->scalar.i)
  case PJ_INT64: PJ_NPY_PUT(int64_t, v->scalar.i)
  case PJ_UINT8: PJ_NPY_PUT(uint8_t, v->scalar.u)
  case PJ_UINT16: PJ_NPY_PUT(uint16_t, v->scalar.u)
  case PJ_UINT32: PJ_NPY_PUT(uint32_t, v->scalar.u)
  case PJ_UINT64: PJ_NPY_PUT(uint64_t, v->scalar.u)
  case PJ_FLOAT32: PJ_NPY_PUT(float, v->scalar.f)
  case PJ_FLOAT16: { uint16_t h = pj_half_from_double(v->scalar.f); memcpy(b, &h, 2); break; }
  case PJ_BFLOAT16: { uint16_t h = pj_bf16_from_double(v->scalar.f); memcpy(b, &h, 2); break; }
  case PJ_FLOAT64: PJ_NPY_PUT(double, v->scalar.f)
  case PJ_COMPLEX64: { float c[2] = {(float)v->scalar.f, (float)v->imag}; memcpy(b, c, sizeof c); break; }
  case PJ_COMPLEX128: { double c[2] = {v->scalar.f, v->imag}; memcpy(b, c, sizeof c); break; }
  default:
    if (pj_dtype_unit(v->dtype) >= 0) memcpy(b, &v->scalar.i, sizeof(int64_t)); /* datetime64, timedelta64 */
    else memset(b, 0, pj_dtype_size(v->dtype));
    break;
  }
}
#undef PJ_NPY_PUT

/* The elements in little-endian order: the value's own buffer, or a swapped copy. */
static const void *pj_npy_payload(const PjValue *v, uint8_t *scalar, void **copy) {
  *copy = NULL;
  if (v->ndim == 0) {
    pj_npy_scalar_to_bytes(v, scalar);
    if (pj_host_is_big_endian()) pj_bytes_swap(scalar, 1, pj_dtype_size(v->dtype));
    return scalar;
  }
  if (!pj_host_is_big_endian() || pj_dtype_size(v->dtype) == 1) return v->data;
  size_t nbytes = pj_value_nbytes(v);
  *copy = malloc(nbytes ? nbytes : 1);
  if (!*copy) return NULL;
  memcpy(*copy, v->data, nbytes);
  pj_bytes_swap(*copy, (size_t)pj_value_count(v), pj_dtype_size(v->dtype));
  return *copy;
}

static PjStatus pj_npy_check_value(const PjNpyError *e, const PjValue *v) {
  if (!v || (unsigned)v->dtype >= PJ_DTYPE_COUNT || v->ndim < 0 || v->ndim > PJ_MAX_DIMS)
    return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "not a valid value");
  for (int d = 0; d < v->ndim; d++)
    if (v->shape[d] < 0) return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "negative extent");
  if (v->ndim > 0 && !v->data && pj_value_count(v) > 0) return pj_npy_fail(e, PJ_ERROR_ARGUMENT, "no data");
  return PJ_OK;
}

static PjStatus pj_npy_write(const PjNpyError *e, FILE *f, const PjValue *v) {
  uint8_t pre[640], scalar[16]; /* a complex128 scalar's two doubles */
  size_t plen = pj_npy_preamble(v, pre, sizeof pre);
  void *copy;
  const void *payload = pj_npy_payload(v, scalar, &copy);
  if (!plen || !payload) return pj_npy_fail(e, PJ_ERROR_IO, "out of memory");
  size_t nbytes = v->ndim == 0 ? pj_dtype_size(v->dtype) : pj_value_nbytes(v);
  int ok = fwrite(pre, 1, plen, f) == plen && fwrite(payload, 1, nbytes, f) == nbytes;
  free(copy);
  return ok ? PJ_OK : pj_npy_fail(e, PJ_ERROR_IO, "cannot write: %s", strerror(errno));
}

PjStatus pj_value_save_npy(const char *path, const PjValue *value, char *err, size_t errlen) {
  PjNpyError e = {path ? path : "", err, errlen};
  if (err && errlen) err[0] = '\0';
  if (!path) return pj_npy_fail(&e, PJ_ERROR_ARGUMENT, "no path");
  PjStatus st = pj_npy_check_value(&e, value);
  if (st != PJ_OK) return st;
  FILE *f = fopen(path, "wb");
  if (!f) return pj_npy_fail(&e, PJ_ERROR_IO, "cannot create: %s", strerror(errno));
  st = pj_npy_write(&e, f, value);
  if (fclose(f) != 0 && st == PJ_OK) st = pj_npy_fail(&e, PJ_ERROR_IO, "cannot write: %s", strerror(errno));
  if (st != PJ_OK) remove(path);
  return st;
}
