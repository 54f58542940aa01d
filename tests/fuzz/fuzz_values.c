/* libFuzzer target: the command line's values. The first byte chooses:
 *   even: the rest is a .npy file (read from memory through a memfd). What reads is written back
 *         and read again, and must come back the same (dtype, shape and bytes);
 *   odd:  the rest is an argument as the command line takes it (docs/arguments.md): 2.0,
 *         float32(2), zeros((3,4),int8), rand(N,float64,7), full(N,v,dtype), ...
 * Arrays the argument syntax asks for are made in memory: inputs whose numbers multiply past
 * 2**24 are skipped, so the target measures the parser, not the machine's memory. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common.h"

static int pj_fuzz_memfd(const uint8_t *data, size_t size, char *path, size_t n) {
  int fd = memfd_create("npy", 0);
  if (fd < 0) pj_fuzz_defect("memfd_create failed");
  if (size && write(fd, data, size) != (ssize_t)size) pj_fuzz_defect("memfd write failed");
  snprintf(path, n, "/proc/self/fd/%d", fd);
  return fd;
}

static void pj_fuzz_same(const PjValue *a, const PjValue *b) {
  if (a->dtype != b->dtype || a->ndim != b->ndim) pj_fuzz_defect("npy round trip: dtype or rank changed");
  for (int i = 0; i < a->ndim; i++)
    if (a->shape[i] != b->shape[i]) pj_fuzz_defect("npy round trip: shape changed");
  if (a->ndim > 0 && pj_value_nbytes(a) && memcmp(a->data, b->data, pj_value_nbytes(a)) != 0)
    pj_fuzz_defect("npy round trip: elements changed");
}

static void pj_fuzz_npy(const uint8_t *data, size_t size) {
  char path[64], err[512];
  int fd = pj_fuzz_memfd(data, size, path, sizeof path);
  PjValue v;
  memset(&v, 0, sizeof v);
  PjStatus st = pj_value_load_npy(path, &v, err, sizeof err);
  close(fd);
  if (st != PJ_OK) {
    if (!err[0]) pj_fuzz_defect("a rejected .npy file without a message");
    if (st == PJ_ERROR_INTERNAL) pj_fuzz_defect("internal error reading .npy: %s", err);
    return;
  }
  char *summary = pj_value_summary(&v);
  free(summary);
  int out = memfd_create("npy-out", 0);
  char out_path[64];
  snprintf(out_path, sizeof out_path, "/proc/self/fd/%d", out);
  if (pj_value_save_npy(out_path, &v, err, sizeof err) == PJ_OK) {
    PjValue again;
    memset(&again, 0, sizeof again);
    if (pj_value_load_npy(out_path, &again, err, sizeof err) != PJ_OK)
      pj_fuzz_defect("a .npy file pyjitc wrote does not read back: %s", err);
    pj_fuzz_same(&v, &again);
    pj_value_free(&again);
  }
  close(out);
  pj_value_free(&v);
}

/* The product of the numbers in the text (saturating), to skip requests for huge arrays. */
static double pj_fuzz_numbers_product(const char *s) {
  double p = 1;
  while (*s) {
    if (isdigit((unsigned char)*s)) {
      char *end;
      double v = strtod(s, &end);
      if (end == s) end = (char *)s + 1;
      if (v > 1) p *= v;
      s = end;
    } else {
      s++;
    }
  }
  return p;
}

static void pj_fuzz_spec(const uint8_t *data, size_t size) {
  if (size > 4096) return;
  char *spec = malloc(size + 1);
  memcpy(spec, data, size);
  spec[size] = 0;
  size_t n = strlen(spec);
  /* a spec naming a file reads it: only the memory kind is fuzzed here (above) */
  if (pj_fuzz_numbers_product(spec) > (double)(1 << 24) || (n >= 4 && !strcmp(spec + n - 4, ".npy"))) {
    free(spec);
    return;
  }
  PjValue v;
  memset(&v, 0, sizeof v);
  char err[512];
  PjStatus st = pj_value_parse(spec, &v, err, sizeof err);
  if (st == PJ_OK) {
    char *summary = pj_value_summary(&v);
    free(summary);
    for (int to = 0; to < PJ_DTYPE_COUNT && v.ndim == 0; to++) {
      PjValue c = v;
      pj_value_cast(&c, (PjDtype)to, err, sizeof err);
    }
    pj_value_free(&v);
  } else {
    if (!err[0]) pj_fuzz_defect("a rejected argument without a message: '%s'", spec);
    if (st == PJ_ERROR_INTERNAL) pj_fuzz_defect("internal error parsing '%s': %s", spec, err);
  }
  free(spec);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  if (data[0] % 2 == 0) pj_fuzz_npy(data + 1, size - 1);
  else pj_fuzz_spec(data + 1, size - 1);
  return 0;
}
