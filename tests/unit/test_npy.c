/* Unit test of runtime/npy.c: round trips of every dtype and shape, the exact bytes written,
 * files written by numpy (read, and compared byte for byte with ours), and broken files. */
#define _POSIX_C_SOURCE 200809L
#include <pyjitc.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static char dir[] = "/tmp/pj_npy_XXXXXX";

static const char *in_dir(const char *name) {
  static char path[256];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  return path;
}

/* The whole file, malloc'd; *len its size. */
static unsigned char *file_read(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  unsigned char *buf = malloc(1 << 16);
  *len = fread(buf, 1, 1 << 16, f);
  fclose(f);
  return buf;
}

static void file_write(const char *path, const void *data, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f) return;
  fwrite(data, 1, len, f);
  fclose(f);
}

static int same_value(const PjValue *a, const PjValue *b) {
  if (a->dtype != b->dtype || a->ndim != b->ndim) return 0;
  for (int d = 0; d < a->ndim; d++)
    if (a->shape[d] != b->shape[d]) return 0;
  if (a->ndim == 0) return memcmp(&a->scalar, &b->scalar, sizeof a->scalar) == 0;
  return b->data && memcmp(a->data, b->data, pj_value_nbytes(a)) == 0;
}

static PjValue parsed(const char *spec) {
  PjValue v;
  char err[256];
  if (pj_value_parse(spec, &v, err, sizeof err) != PJ_OK) printf("cannot parse '%s': %s\n", spec, err);
  return v;
}

/* ---- round trips ------------------------------------------------------------------------- */

static const char *const dtype_names[] = {"bool", "int8", "int16", "int32", "int64", "uint8",
                                          "uint16", "uint32", "uint64", "float32", "float64"};
static const char *const shapes[] = {"0", "1", "7", "(3,5)", "(2,3,4)", "(4,0)", "(1,2,1,2,1,2,1,2)", "100000"};

static void test_round_trip_arrays(void) {
  for (size_t t = 0; t < sizeof dtype_names / sizeof dtype_names[0]; t++) {
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
      char spec[64], err[256];
      snprintf(spec, sizeof spec, "rand(%s,%s,%zu)", shapes[s], dtype_names[t], t * 10 + s);
      PjValue a = parsed(spec), b;
      CHECK(pj_value_save_npy(in_dir("rt.npy"), &a, err, sizeof err) == PJ_OK);
      CHECK(pj_value_load_npy(in_dir("rt.npy"), &b, err, sizeof err) == PJ_OK);
      if (!same_value(&a, &b)) printf("round trip of %s differs\n", spec);
      CHECK(same_value(&a, &b));
      pj_value_free(&a), pj_value_free(&b);
    }
  }
}

static void test_round_trip_scalars(void) {
  static const char *const specs[] = {"True", "False", "int8(-128)", "int16(-300)", "int32(-2147483648)",
                                      "-9223372036854775808", "uint8(255)", "uint16(65535)", "uint32(4000000000)",
                                      "uint64(18446744073709551615)", "float32(0.1)", "-2.5e-300", "inf"};
  for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
    char err[256];
    PjValue a = parsed(specs[i]), b;
    CHECK(pj_value_save_npy(in_dir("s.npy"), &a, err, sizeof err) == PJ_OK);
    CHECK(pj_value_load_npy(in_dir("s.npy"), &b, err, sizeof err) == PJ_OK);
    if (!same_value(&a, &b)) printf("round trip of %s differs\n", specs[i]);
    CHECK(same_value(&a, &b) && b.data == NULL);
  }
}

/* ---- the exact bytes --------------------------------------------------------------------- */

static void check_header(const char *spec, const char *dict, size_t data_bytes) {
  char err[256], want[256];
  PjValue v = parsed(spec);
  CHECK(pj_value_save_npy(in_dir("h.npy"), &v, err, sizeof err) == PJ_OK);
  size_t len = 0;
  unsigned char *got = file_read(in_dir("h.npy"), &len);
  size_t dlen = strlen(dict);
  /* 10 bytes of preamble, the dict, spaces up to byte 127, '\n' at byte 127 */
  memcpy(want, "\x93NUMPY\x01\x00\x76\x00", 10);
  memcpy(want + 10, dict, dlen);
  memset(want + 10 + dlen, ' ', 117 - dlen);
  want[127] = '\n';
  CHECK(got && len == 128 + data_bytes && memcmp(got, want, 128) == 0);
  if (got && len >= 128 && memcmp(got, want, 128) != 0) printf("header of %s: %.118s\n", spec, got + 10);
  if (got && v.ndim > 0 && len == 128 + data_bytes) CHECK(memcmp(got + 128, v.data, data_bytes) == 0);
  free(got);
  pj_value_free(&v);
}

static void test_exact_bytes(void) {
  check_header("arange((3,4),float32)", "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }", 48);
  check_header("arange(5,int64)", "{'descr': '<i8', 'fortran_order': False, 'shape': (5,), }", 40);
  check_header("ones(3,bool)", "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", 3);
  check_header("zeros((0,3),uint16)", "{'descr': '<u2', 'fortran_order': False, 'shape': (0, 3), }", 0);
  check_header("float64(2.5)", "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", 8);
  check_header("int8(-2)", "{'descr': '|i1', 'fortran_order': False, 'shape': (), }", 1);
  /* little-endian element bytes */
  PjValue v = parsed("full(2,258,int32)");
  char err[256];
  size_t len = 0;
  CHECK(pj_value_save_npy(in_dir("le.npy"), &v, err, sizeof err) == PJ_OK);
  unsigned char *got = file_read(in_dir("le.npy"), &len);
  CHECK(got && len == 136 && memcmp(got + 128, "\x02\x01\x00\x00\x02\x01\x00\x00", 8) == 0);
  free(got);
  pj_value_free(&v);
}

/* ---- broken files ------------------------------------------------------------------------ */

/* A version 1.0 file with this header text (padded by the test) and `data` bytes of data. */
static void write_raw(const char *name, const char *dict, const void *data, size_t data_len) {
  unsigned char buf[1024];
  size_t dlen = strlen(dict), total = 128;
  if (dlen > 117) {
    printf("write_raw: the header of %s is too long for the test's file\n", name);
    return;
  }
  memcpy(buf, "\x93NUMPY\x01\x00\x76\x00", 10);
  memcpy(buf + 10, dict, dlen);
  memset(buf + 10 + dlen, ' ', 117 - dlen);
  buf[127] = '\n';
  memcpy(buf + total, data, data_len);
  file_write(in_dir(name), buf, total + data_len);
}

static void check_load_error(const char *name, PjStatus want, const char *fragment) {
  char err[256] = "";
  PjValue v;
  PjStatus st = pj_value_load_npy(in_dir(name), &v, err, sizeof err);
  if (st != want || !strstr(err, fragment)) printf("%s: status %d, '%s'\n", name, (int)st, err);
  CHECK(st == want && strstr(err, fragment) != NULL && v.data == NULL);
}

/* datetime64 / timedelta64 files: the counts as int64, the unit in the dtype; written back with
 * NumPy's descr ('<M8[D]', '<m8' for the generic unit). */
static void test_datetime_files(void) {
  static const struct { const char *descr; PjDtype t; } rows[] = {
    {"<M8[D]", PJ_DATETIME64_D}, {"<m8[ns]", PJ_TIMEDELTA64_ns}, {"<M8", PJ_DATETIME64}, {"<m8[Y]", PJ_TIMEDELTA64_Y}};
  const int64_t data[3] = {INT64_MIN, -5, 12345}; /* NaT first */
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    char dict[128], err[256] = "", text[512] = "";
    snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (3,), }", rows[i].descr);
    write_raw("dt.npy", dict, data, sizeof data);
    PjValue v;
    PjStatus st = pj_value_load_npy(in_dir("dt.npy"), &v, err, sizeof err);
    CHECK(st == PJ_OK && v.dtype == rows[i].t && v.ndim == 1 && v.shape[0] == 3);
    if (st != PJ_OK) continue;
    CHECK(memcmp(v.data, data, sizeof data) == 0);
    CHECK(pj_value_save_npy(in_dir("dt2.npy"), &v, err, sizeof err) == PJ_OK);
    FILE *f = fopen(in_dir("dt2.npy"), "rb");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f) fclose(f);
    char want[64];
    snprintf(want, sizeof want, "'descr': '%s'", rows[i].descr);
    CHECK(n > 10 && strstr(text + 10, want) != NULL);
    pj_value_free(&v);
  }
}

static void test_broken_files(void) {
  const char zeros[64] = {0};
  write_raw("u16.npy", "{'descr': '<U2', 'fortran_order': False, 'shape': (3,), }", zeros, 24);
  check_load_error("u16.npy", PJ_ERROR_ARGUMENT, "unsupported dtype '<U2'");
  write_raw("m8.npy", "{'descr': '<m8[5s]', 'fortran_order': False, 'shape': (3,), }", zeros, 24);
  check_load_error("m8.npy", PJ_ERROR_ARGUMENT, "unsupported dtype '<m8[5s]'"); /* multiples of a unit */
  { /* Fortran order: loaded with its strides, the first axis fastest, and saved back as such */
    double col[6] = {0, 3, 1, 4, 2, 5}; /* [[0, 1, 2], [3, 4, 5]] in Fortran order */
    write_raw("fortran.npy", "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }", col, 48);
    PjValue f;
    char err[256] = "";
    CHECK(pj_value_load_npy(in_dir("fortran.npy"), &f, err, sizeof err) == PJ_OK);
    CHECK(pj_value_layout(&f) == 'F' && f.strides[0] == 8 && f.strides[1] == 16);
    CHECK(pj_value_save_npy(in_dir("fortran2.npy"), &f, err, sizeof err) == PJ_OK);
    PjValue g;
    CHECK(pj_value_load_npy(in_dir("fortran2.npy"), &g, err, sizeof err) == PJ_OK && pj_value_layout(&g) == 'F');
    CHECK(g.data && memcmp(g.data, col, 48) == 0);
    pj_value_free(&f);
    pj_value_free(&g);
  }
  write_raw("short.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }", zeros, 31);
  check_load_error("short.npy", PJ_ERROR_IO, "truncated: 32 bytes of data expected, 31 found");
  write_raw("struct.npy", "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", zeros, 4);
  check_load_error("struct.npy", PJ_ERROR_ARGUMENT, "structured dtypes are not supported");
  write_raw("nokey.npy", "{'descr': '<f8', 'shape': (1,), }", zeros, 8);
  check_load_error("nokey.npy", PJ_ERROR_ARGUMENT, "lacks one of");
  write_raw("extra.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'x': 1}", zeros, 8);
  check_load_error("extra.npy", PJ_ERROR_ARGUMENT, "unexpected key 'x'");
  write_raw("neg.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }", zeros, 8);
  check_load_error("neg.npy", PJ_ERROR_ARGUMENT, "'shape'");
  write_raw("huge.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (1048576, 1048576, 2), }", zeros, 8);
  check_load_error("huge.npy", PJ_ERROR_ARGUMENT, "more than 2^40 elements");
  write_raw("dims.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1), }", zeros, 8);
  check_load_error("dims.npy", PJ_ERROR_ARGUMENT, "more than 8 dimensions");
  write_raw("nodict.npy", "[1, 2]", zeros, 8);
  check_load_error("nodict.npy", PJ_ERROR_ARGUMENT, "not a dict");
  file_write(in_dir("text.npy"), "hello, world\n", 13);
  check_load_error("text.npy", PJ_ERROR_ARGUMENT, "not a NumPy .npy file");
  file_write(in_dir("empty.npy"), "", 0);
  check_load_error("empty.npy", PJ_ERROR_ARGUMENT, "not a NumPy .npy file");
  file_write(in_dir("v9.npy"), "\x93NUMPY\x09\x00\x10\x00{}", 12);
  check_load_error("v9.npy", PJ_ERROR_ARGUMENT, "unsupported .npy format version 9.0");
  file_write(in_dir("cut.npy"), "\x93NUMPY\x01\x00\x76\x00{'descr'", 17);
  check_load_error("cut.npy", PJ_ERROR_IO, "truncated header");
  file_write(in_dir("big.npy"), "\x93NUMPY\x02\x00\xff\xff\xff\x7f", 12);
  check_load_error("big.npy", PJ_ERROR_ARGUMENT, "too long");
  check_load_error("missing.npy", PJ_ERROR_IO, "cannot open");
  /* Fortran order with one dimension is the same layout as C order: read it */
  write_raw("f1.npy", "{'descr': '|u1', 'fortran_order': True, 'shape': (3,), }", "\x05\x06\x07", 3);
  PjValue v;
  char err[256];
  CHECK(pj_value_load_npy(in_dir("f1.npy"), &v, err, sizeof err) == PJ_OK && v.shape[0] == 3 &&
        memcmp(v.data, "\x05\x06\x07", 3) == 0);
  pj_value_free(&v);
  /* big-endian elements are swapped; bools other than 0 and 1 become 1 */
  write_raw("be.npy", "{\"descr\":\">i4\",\"fortran_order\":False,\"shape\":(2L,)}", "\x00\x00\x01\x02\xff\xff\xff\xfe", 8);
  CHECK(pj_value_load_npy(in_dir("be.npy"), &v, err, sizeof err) == PJ_OK && v.dtype == PJ_INT32 &&
        ((int32_t *)v.data)[0] == 258 && ((int32_t *)v.data)[1] == -2);
  pj_value_free(&v);
  write_raw("b.npy", "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", "\x00\x02\xff", 3);
  CHECK(pj_value_load_npy(in_dir("b.npy"), &v, err, sizeof err) == PJ_OK && memcmp(v.data, "\x00\x01\x01", 3) == 0);
  pj_value_free(&v);
  /* every prefix of a good file is rejected cleanly */
  PjValue good = parsed("arange((2,3),int16)");
  CHECK(pj_value_save_npy(in_dir("good.npy"), &good, err, sizeof err) == PJ_OK);
  size_t len = 0;
  unsigned char *bytes = file_read(in_dir("good.npy"), &len);
  int clean = 1;
  for (size_t cut = 0; bytes && cut < len; cut++) {
    file_write(in_dir("prefix.npy"), bytes, cut);
    clean &= pj_value_load_npy(in_dir("prefix.npy"), &v, err, sizeof err) != PJ_OK && v.data == NULL && err[0];
  }
  CHECK(bytes && len == 140 && clean);
  free(bytes);
  pj_value_free(&good);
}

/* ---- hostile files: every one refused with the file's name and what is wrong ---------------- */

typedef struct Hostile {
  const char *dict;   /* the header text (a version 1.0 file), or NULL: `raw` is the whole file */
  const char *raw;
  size_t raw_len;
  size_t data_len;    /* zero bytes of data after the header */
  PjStatus status;
  const char *fragment;
} Hostile;

#define PJ_F "'fortran_order': False, "
static const Hostile hostile[] = {
  {NULL, "\x93NUMPX\x01\x00\x10\x00", 10, 0, PJ_ERROR_ARGUMENT, "not a NumPy .npy file"},
  {NULL, "\x93NUMP", 5, 0, PJ_ERROR_ARGUMENT, "not a NumPy .npy file"},
  {NULL, "\x93NUMPY\x00\x00\x10\x00", 10, 0, PJ_ERROR_ARGUMENT, "unsupported .npy format version 0.0"},
  {NULL, "\x93NUMPY\x04\x00\x10\x00\x00\x00", 12, 0, PJ_ERROR_ARGUMENT, "unsupported .npy format version 4.0"},
  {NULL, "\x93NUMPY\x01\x00\xff\x7f{'descr': '<f4'}", 26, 0, PJ_ERROR_IO, "truncated header"},
  {NULL, "\x93NUMPY\x02\x00\x00\x00\x01\x00{}", 14, 0, PJ_ERROR_IO, "truncated header"},
  {NULL, "\x93NUMPY\x01\x00\x04\x00{\x00}\n", 14, 0, PJ_ERROR_ARGUMENT, "NUL byte in the header"},
  {"'just a string'", NULL, 0, 8, PJ_ERROR_ARGUMENT, "not a dict"},
  {"{'descr': '<f8', " PJ_F "'shape': (1,)", NULL, 0, 8, PJ_ERROR_ARGUMENT, "not a dict"},
  {"{}", NULL, 0, 8, PJ_ERROR_ARGUMENT, "lacks one of"},
  {"{" PJ_F "'shape': (1,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "lacks one of"},
  {"{'descr': '<f8', " PJ_F "}", NULL, 0, 8, PJ_ERROR_ARGUMENT, "lacks one of"},
  {"{'descr': 12, " PJ_F "'shape': (1,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "'descr' is not a dtype string"},
  {"{'descr': '<f8" , NULL, 0, 8, PJ_ERROR_ARGUMENT, "'descr' is not a dtype string"},
  {"{'descr': '', " PJ_F "'shape': (1,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "unsupported dtype ''"},
  {"{'descr': '<f4x', " PJ_F "'shape': (1,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "unsupported dtype '<f4x'"},
  {"{'descr': 'hello', " PJ_F "'shape': (1,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "unsupported dtype 'hello'"},
  {"{'descr': '|O', " PJ_F "'shape': (1,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "unsupported dtype '|O'"},
  {"{'descr': '<U5', " PJ_F "'shape': (1,), }", NULL, 0, 20, PJ_ERROR_ARGUMENT, "unsupported dtype '<U5'"},
  {"{'descr': '|S3', " PJ_F "'shape': (1,), }", NULL, 0, 3, PJ_ERROR_ARGUMENT, "unsupported dtype '|S3'"},
  {"{'descr': '|f8', " PJ_F "'shape': (1,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "lacks a byte order"},
  {"{'descr': [('a', '<i4'), ('b', '<f8')], " PJ_F "'shape': (1,), }", NULL, 0, 12, PJ_ERROR_ARGUMENT,
   "structured dtypes are not supported"},
  {"{'descr': '<f8', 'fortran_order': maybe, 'shape': (1,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "'fortran_order'"},
  {"{'descr': '<f8', 'fortran_order': 1, 'shape': (1,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "'fortran_order'"},
  {"{'descr': '<f8', " PJ_F "'shape': [1], }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "'shape' is not a tuple"},
  {"{'descr': '<f8', " PJ_F "'shape': (1, 2}", NULL, 0, 16, PJ_ERROR_ARGUMENT, "'shape'"},
  {"{'descr': '<f8', " PJ_F "'shape': (1.5,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "'shape' is not a tuple"},
  {"{'descr': '<f8', " PJ_F "'shape': (a,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "something other than extents"},
  {"{'descr': '<f8', " PJ_F "'shape': (-3,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "something other than extents"},
  {"{'descr': '<f8', " PJ_F "'shape': (4611686018427387904, 4), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "above the limit"},
  {"{'descr': '<f8', " PJ_F "'shape': (18446744073709551621,), }", NULL, 0, 8, PJ_ERROR_ARGUMENT, "above the limit"},
  {"{'descr': '<f8', " PJ_F "'shape': (1048576, 1048576, 1048576), }", NULL, 0, 8, PJ_ERROR_ARGUMENT,
   "more than 2^40 elements"},
  {"{'descr':'<f8','fortran_order':False,'shape':(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1)}",
   NULL, 0, 8, PJ_ERROR_ARGUMENT, "more than 8 dimensions"},
  /* 2^39 float64 elements (4 TiB) announced, 8 bytes there: refused before anything is allocated */
  {"{'descr': '<f8', " PJ_F "'shape': (549755813888,), }", NULL, 0, 8, PJ_ERROR_IO,
   "truncated: 4398046511104 bytes of data expected, 8 found"},
  {"{'descr': '<c16', " PJ_F "'shape': (2, 2), }", NULL, 0, 63, PJ_ERROR_IO, "64 bytes of data expected, 63 found"},
  {"{'descr': '<i4', " PJ_F "'shape': (2,), }", NULL, 0, 9, PJ_ERROR_ARGUMENT, "1 bytes after the data"},
  {"{'descr': '<i4', " PJ_F "'shape': (), }", NULL, 0, 40, PJ_ERROR_ARGUMENT, "36 bytes after the data"},
};
#undef PJ_F

static void test_hostile_files(void) {
  static const char zeros[256];
  for (size_t k = 0; k < sizeof hostile / sizeof hostile[0]; k++) {
    const Hostile *h = &hostile[k];
    char name[32];
    snprintf(name, sizeof name, "hostile%zu.npy", k);
    if (h->dict) write_raw(name, h->dict, zeros, h->data_len);
    else file_write(in_dir(name), h->raw, h->raw_len);
    char err[256] = "";
    PjValue v;
    PjStatus st = pj_value_load_npy(in_dir(name), &v, err, sizeof err);
    int ok = st == h->status && strstr(err, h->fragment) && strstr(err, name) && v.data == NULL;
    if (!ok) printf("hostile file %zu: status %d, '%s' (want %d, '%s')\n", k, (int)st, err, (int)h->status, h->fragment);
    CHECK(ok);
  }
  /* big-endian elements are converted, complex ones part by part (NumPy reads them all) */
  char err[256] = "";
  PjValue v;
  const unsigned char f4[] = {0x3f, 0xc0, 0, 0, 0xc1, 0x20, 0, 0}; /* 1.5, -10.0 */
  write_raw("be_f4.npy", "{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", f4, sizeof f4);
  CHECK(pj_value_load_npy(in_dir("be_f4.npy"), &v, err, sizeof err) == PJ_OK && v.dtype == PJ_FLOAT32 &&
        ((float *)v.data)[0] == 1.5f && ((float *)v.data)[1] == -10.0f);
  pj_value_free(&v);
  const unsigned char c8[] = {0x3f, 0xc0, 0, 0, 0xc1, 0x20, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0}; /* 1.5-10j, 2+0j */
  write_raw("be_c8.npy", "{'descr': '>c8', 'fortran_order': False, 'shape': (2,), }", c8, sizeof c8);
  CHECK(pj_value_load_npy(in_dir("be_c8.npy"), &v, err, sizeof err) == PJ_OK && v.dtype == PJ_COMPLEX64 &&
        ((float *)v.data)[0] == 1.5f && ((float *)v.data)[1] == -10.0f && ((float *)v.data)[2] == 2.0f &&
        ((float *)v.data)[3] == 0.0f);
  pj_value_free(&v);
  const unsigned char f8[] = {0xc0, 0x04, 0, 0, 0, 0, 0, 0}; /* -2.5, a 0-d array: a scalar */
  write_raw("be_f8.npy", "{'descr': '>f8', 'fortran_order': False, 'shape': (), }", f8, sizeof f8);
  CHECK(pj_value_load_npy(in_dir("be_f8.npy"), &v, err, sizeof err) == PJ_OK && v.ndim == 0 && v.scalar.f == -2.5);
  /* every prefix of a good complex file, header and data, is refused with the file named */
  PjValue good;
  memset(&good, 0, sizeof good);
  good.dtype = PJ_COMPLEX128;
  good.ndim = 2;
  good.shape[0] = 2, good.shape[1] = 3;
  double *parts = malloc(96);
  for (int i = 0; i < 12; i++) parts[i] = i * 0.5 - 1;
  good.data = parts;
  CHECK(pj_value_save_npy(in_dir("goodc.npy"), &good, err, sizeof err) == PJ_OK);
  size_t len = 0;
  unsigned char *bytes = file_read(in_dir("goodc.npy"), &len);
  int clean = 1;
  for (size_t cut = 0; bytes && cut < len; cut++) {
    file_write(in_dir("cutc.npy"), bytes, cut);
    PjStatus st = pj_value_load_npy(in_dir("cutc.npy"), &v, err, sizeof err);
    clean &= st != PJ_OK && v.data == NULL && strstr(err, "cutc.npy") != NULL;
  }
  CHECK(bytes && len == 128 + 96 && clean);
  free(bytes);
  pj_value_free(&good);
}

/* A pipe announcing 2^39 float64 elements (4 TiB) and sending 8 bytes: its size cannot be measured
 * before reading, and what is allocated follows what arrives. */
static void test_pipe(void) {
  const char *path = in_dir("pipe.npy");
  if (mkfifo(path, 0600) != 0) {
    printf("note: no FIFO: the pipe is not tested\n");
    return;
  }
  pid_t child = fork();
  if (child == 0) {
    unsigned char buf[136];
    const char *dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (549755813888,), }";
    size_t dlen = strlen(dict);
    memcpy(buf, "\x93NUMPY\x01\x00\x76\x00", 10);
    memcpy(buf + 10, dict, dlen);
    memset(buf + 10 + dlen, ' ', 117 - dlen);
    buf[127] = '\n';
    memset(buf + 128, 0, 8);
    FILE *f = fopen(path, "wb");
    if (f) fwrite(buf, 1, sizeof buf, f), fclose(f);
    _exit(0);
  }
  char err[256] = "";
  PjValue v;
  PjStatus st = pj_value_load_npy(path, &v, err, sizeof err);
  int status = 0;
  if (child > 0) waitpid(child, &status, 0);
  if (st != PJ_ERROR_IO || !strstr(err, "4398046511104 bytes of data expected, 8 found")) printf("pipe: %d '%s'\n", (int)st, err);
  CHECK(child > 0 && st == PJ_ERROR_IO && strstr(err, "4398046511104 bytes of data expected, 8 found") && !v.data);
}

static void test_save_errors(void) {
  char err[256];
  PjValue v = parsed("zeros(3)");
  CHECK(pj_value_save_npy("/nonexistent-dir/x.npy", &v, err, sizeof err) == PJ_ERROR_IO && strstr(err, "x.npy"));
  CHECK(pj_value_save_npy(NULL, &v, err, sizeof err) == PJ_ERROR_ARGUMENT);
  CHECK(pj_value_save_npy(in_dir("n.npy"), NULL, err, sizeof err) == PJ_ERROR_ARGUMENT);
  PjValue bad = v;
  bad.ndim = 9;
  CHECK(pj_value_save_npy(in_dir("n.npy"), &bad, err, sizeof err) == PJ_ERROR_ARGUMENT);
  bad = v, bad.data = NULL;
  CHECK(pj_value_save_npy(in_dir("n.npy"), &bad, err, sizeof err) == PJ_ERROR_ARGUMENT);
  pj_value_free(&v);
}

/* ---- numpy ------------------------------------------------------------------------------- */

/* Element k of the test arrays numpy writes: see numpy_script. */
static int64_t numpy_element(PjDtype t, int64_t k) {
  if (t == PJ_BOOL) return k % 3 == 0;
  int64_t v = (k * 7 + 3) % 120;
  return pj_dtype_is_signed(t) || pj_dtype_is_float(t) ? v - 60 : v;
}

static const char numpy_script[] =
    "import sys, numpy as np\n"
    "d = sys.argv[1]\n"
    "shapes = {'s0': (), 'e': (0,), 'v': (7,), 'm': (3, 5), 't': (2, 3, 4), 'z': (4, 0, 2)}\n"
    "for c in ['b1', 'i1', 'i2', 'i4', 'i8', 'u1', 'u2', 'u4', 'u8', 'f4', 'f8']:\n"
    "    for k, shape in shapes.items():\n"
    "        a = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)\n"
    "        if c == 'b1': a = a % 3 == 0\n"
    "        else: a = ((a * 7 + 3) % 120 - (0 if c[0] == 'u' else 60)).astype(c)\n"
    "        np.save(f'{d}/np_{c}_{k}.npy', a)\n"
    "a = np.arange(6, dtype='<i4').reshape(2, 3)\n"
    "for v in [(1, 0), (2, 0), (3, 0)]:\n"
    "    with open(f'{d}/version_{v[0]}.npy', 'wb') as f: np.lib.format.write_array(f, a, version=v)\n"
    "np.save(f'{d}/be.npy', np.array([1, -2, 300], dtype='>i2'))\n"
    "np.save(f'{d}/fortran.npy', np.asfortranarray(np.arange(6.0).reshape(2, 3)))\n"
    "np.save(f'{d}/f16.npy', np.array([0.5, -2.0, 65504.0], dtype=np.float16))\n"
    "np.save(f'{d}/big_shape.npy', np.zeros((1, 123456789, 0)))\n";

static PjValue numpy_expected(PjDtype t, const char *shape_key) {
  PjValue v;
  memset(&v, 0, sizeof v);
  v.dtype = t;
  static const struct { const char *key; int ndim; int64_t shape[3]; } shapes_[] = {
    {"s0", 0, {0}}, {"e", 1, {0}}, {"v", 1, {7}}, {"m", 2, {3, 5}}, {"t", 3, {2, 3, 4}}, {"z", 3, {4, 0, 2}},
  };
  for (size_t i = 0; i < sizeof shapes_ / sizeof shapes_[0]; i++)
    if (strcmp(shapes_[i].key, shape_key) == 0) v.ndim = shapes_[i].ndim, memcpy(v.shape, shapes_[i].shape, 24);
  int64_t n = pj_value_count(&v);
  PjValue elem;
  char spec[64], err[128];
  unsigned char *data = calloc((size_t)n * 8 + 8, 1);
  for (int64_t k = 0; k < n; k++) {
    snprintf(spec, sizeof spec, "full(1,%lld,%s)", (long long)numpy_element(t, k), pj_dtype_name(t));
    if (pj_value_parse(spec, &elem, err, sizeof err) != PJ_OK) printf("%s: %s\n", spec, err);
    memcpy(data + k * pj_dtype_size(t), elem.data, pj_dtype_size(t));
    pj_value_free(&elem);
  }
  if (v.ndim > 0) {
    v.data = data;
    return v;
  }
  snprintf(spec, sizeof spec, "%s(%lld)", pj_dtype_name(t), (long long)numpy_element(t, 0));
  free(data);
  pj_value_parse(spec, &v, err, sizeof err);
  return v;
}

/* numpy's file and ours for the same array: the same values read, the same bytes written. */
static void check_numpy_file(PjDtype t, const char *code, const char *shape_key) {
  char name[64], err[256];
  snprintf(name, sizeof name, "np_%s_%s.npy", code, shape_key);
  PjValue want = numpy_expected(t, shape_key), got;
  PjStatus st = pj_value_load_npy(in_dir(name), &got, err, sizeof err);
  if (st != PJ_OK || !same_value(&want, &got)) printf("%s: status %d %s, values differ\n", name, (int)st, err);
  CHECK(st == PJ_OK && same_value(&want, &got));
  CHECK(pj_value_save_npy(in_dir("ours.npy"), &want, err, sizeof err) == PJ_OK);
  size_t la = 0, lb = 0;
  unsigned char *a = file_read(in_dir(name), &la), *b = file_read(in_dir("ours.npy"), &lb);
  int same = a && b && la == lb && memcmp(a, b, la) == 0;
  if (!same) printf("%s: our file's bytes differ from numpy's\n", name);
  CHECK(same);
  free(a), free(b);
  pj_value_free(&want), pj_value_free(&got);
}

static void test_numpy_versions(void) {
  char err[256];
  PjValue want = parsed("arange((2,3),int32)"), got;
  for (int major = 1; major <= 3; major++) {
    char name[32];
    snprintf(name, sizeof name, "version_%d.npy", major);
    CHECK(pj_value_load_npy(in_dir(name), &got, err, sizeof err) == PJ_OK && same_value(&want, &got));
    pj_value_free(&got);
  }
  pj_value_free(&want);
  CHECK(pj_value_load_npy(in_dir("be.npy"), &got, err, sizeof err) == PJ_OK && got.dtype == PJ_INT16 &&
        ((int16_t *)got.data)[0] == 1 && ((int16_t *)got.data)[1] == -2 && ((int16_t *)got.data)[2] == 300);
  pj_value_free(&got);
  { /* NumPy's Fortran-order file: element [i][j] at i*8 + j*16 */
    PjValue f;
    char err[256] = "";
    CHECK(pj_value_load_npy(in_dir("fortran.npy"), &f, err, sizeof err) == PJ_OK && pj_value_layout(&f) == 'F');
    const double *d = f.data;
    CHECK(d && d[1] == 3.0 && d[2] == 1.0 && d[5] == 5.0);
    pj_value_free(&f);
  }
  { /* float16 from NumPy: the values, widened exactly */
    PjValue h;
    char err[256] = "";
    CHECK(pj_value_load_npy(in_dir("f16.npy"), &h, err, sizeof err) == PJ_OK && h.dtype == PJ_FLOAT16 && h.shape[0] == 3);
    const uint16_t *bits = h.data;
    CHECK(bits && bits[0] == 0x3800 && bits[1] == 0xc000 && bits[2] == 0x7bff);
    pj_value_free(&h);
  }
  CHECK(pj_value_load_npy(in_dir("big_shape.npy"), &got, err, sizeof err) == PJ_OK && got.ndim == 3 &&
        got.shape[1] == 123456789 && pj_value_count(&got) == 0);
  pj_value_free(&got);
}

static void test_numpy(void) {
  char cmd[512];
  if (system("python3 -c 'import numpy' >/dev/null 2>&1") != 0) {
    printf("note: python3 with numpy not found: files written by numpy are not tested\n");
    return;
  }
  file_write(in_dir("gen.py"), numpy_script, sizeof numpy_script - 1);
  snprintf(cmd, sizeof cmd, "python3 '%s/gen.py' '%s'", dir, dir);
  int rc = system(cmd);
  CHECK(rc == 0);
  if (rc != 0) return;
  static const char *const codes[] = {"b1", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f4", "f8"};
  static const char *const keys[] = {"s0", "e", "v", "m", "t", "z"};
  for (int t = 0; t < PJ_DTYPE_COUNT && t < (int)(sizeof codes / sizeof codes[0]); t++)
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) check_numpy_file((PjDtype)t, codes[t], keys[k]);
  test_numpy_versions();
}

int main(void) {
  if (!mkdtemp(dir)) {
    printf("cannot create a temporary directory\n");
    return 1;
  }
  test_round_trip_arrays();
  test_round_trip_scalars();
  test_exact_bytes();
  test_broken_files();
  test_datetime_files();
  test_hostile_files();
  test_pipe();
  test_save_errors();
  test_numpy();
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) printf("note: could not remove %s\n", dir);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
