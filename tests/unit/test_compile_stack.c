/* Compiles through the C API from a thread with a 256 KiB stack (a small one, as a Python thread
 * may have): a kernel of 8000 straight-line statements, whose chain of values LLVM's loop passes
 * follow operand by operand (about 80 bytes of stack each), compiled for the CPU executor and
 * launched, its result checked against the same arithmetic in C; a sum of 2500 terms (2500
 * levels of nested operators) compiled to PTX; then both again on the main thread after the
 * small thread has ended (the compile's own stack goes with its thread). Every compile runs on a
 * stack of its own (ir/stack.c), whatever its caller's. Prints "N passed, N failed" last. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pyjitc.h>

#include "check.h"

enum { LINES = 8000, TERMS = 2500 };

static char *straight_line_source(void) {
  size_t cap = 64 + (size_t)LINES * 48;
  char *s = malloc(cap), *p = s;
  p += sprintf(p, "from numba import cuda\n\n@cuda.jit\ndef k(a):\n    x = a[0]\n");
  for (int i = 0; i < LINES; i++) p += sprintf(p, "    x = x * 1.0001 + %d.0\n", i % 7);
  sprintf(p, "    a[0] = x\n");
  return s;
}

static double straight_line_reference(double x) {
  for (int i = 0; i < LINES; i++) x = x * 1.0001 + (double)(i % 7);
  return x;
}

static char *long_sum_source(void) {
  size_t cap = 128 + (size_t)TERMS * 16;
  char *s = malloc(cap), *p = s;
  p += sprintf(p, "from numba import cuda\n\n@cuda.jit\ndef k(a):\n    x = a[0]\n    a[0] = x");
  for (int i = 1; i <= TERMS; i++) p += sprintf(p, " + x * %d.0", i % 10);
  sprintf(p, "\n");
  return s;
}

static PjKernel *compile(const char *text, PjTarget target, PjDiags *diags) {
  PjSource *src = pj_source_new("k.py", text, strlen(text), diags);
  PjArgType arg = {PJ_FLOAT64, 1, 'A'};
  PjCompileOptions o = {.target = target, .opt_level = 3, .arch = "sm_80"};
  PjKernel *k = src ? pj_kernel_compile(src, 0, &arg, 1, &o, diags, NULL) : NULL;
  pj_source_delete(src);
  if (!k) {
    char *msg = pj_diags_format(diags);
    printf("compile failed: %s\n", msg ? msg : "");
    free(msg);
  }
  return k;
}

typedef struct Results {
  int straight_ok, sum_ok;
} Results;

static void compile_both(Results *r) {
  PjDiags *diags = pj_diags_new();
  char *text = straight_line_source();
  PjKernel *k = compile(text, PJ_TARGET_CPU, diags);
  free(text);
  if (k) {
    char err[256] = "";
    PjDevice *dev = NULL;
    if (pj_device_open(PJ_TARGET_CPU, 0, &dev, err, sizeof err) == PJ_OK) {
      double a[1] = {1.0};
      PjValue v = {.dtype = PJ_FLOAT64, .ndim = 1, .shape = {1}, .strides = {8}, .data = a};
      PjLaunchConfig config = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .repeat = 1};
      PjStatus st = pj_launch(dev, k, &config, &v, 1, NULL, err, sizeof err);
      double want = straight_line_reference(1.0);
      /* the CPU may fuse each multiply-add (LLVM's contract): within rounding of the plain sums */
      r->straight_ok = st == PJ_OK && fabs(a[0] - want) <= 1e-9 * fabs(want);
      if (!r->straight_ok) printf("launch: status %d, %s; got %.17g, want %.17g\n", st, err, a[0], want);
      pj_device_close(dev);
    } else {
      printf("pj_device_open(CPU): %s\n", err);
    }
    pj_kernel_delete(k);
  }
  text = long_sum_source();
  k = compile(text, PJ_TARGET_CUDA, diags);
  free(text);
  const char *ptx = k ? pj_kernel_text(k, PJ_EMIT_PTX) : NULL;
  r->sum_ok = ptx && strstr(ptx, ".entry") != NULL;
  pj_kernel_delete(k);
  pj_diags_delete(diags);
}

static void *small_thread(void *p) {
  compile_both(p);
  return NULL;
}

int main(void) {
  pthread_attr_t attr;
  pthread_t t;
  Results small = {0}, main_thread = {0};
  CHECK(pthread_attr_init(&attr) == 0);
  CHECK(pthread_attr_setstacksize(&attr, 256 * 1024) == 0);
  CHECK(pthread_create(&t, &attr, small_thread, &small) == 0);
  CHECK(pthread_join(t, NULL) == 0);
  pthread_attr_destroy(&attr);
  CHECK(small.straight_ok);
  CHECK(small.sum_ok);
  compile_both(&main_thread);
  CHECK(main_thread.straight_ok);
  CHECK(main_thread.sum_ok);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
