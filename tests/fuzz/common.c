/* tests/fuzz: the checks the targets share (common.h). */
#include "common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pj_fuzz_defect(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("pyjitc fuzz: defect: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

__attribute__((weak)) void pj_fuzz_check_parser_memory(void) {}

void pj_fuzz_check_diags(const PjDiags *diags, const char *stage) {
  for (size_t i = 0; i < pj_diags_count(diags); i++) {
    const PjDiag *d = pj_diags_get(diags, i);
    if (!d->message || !*d->message) pj_fuzz_defect("%s: a diagnostic without a message", stage);
    if (d->severity == PJ_SEVERITY_ERROR && d->line <= 0)
      pj_fuzz_defect("%s: an error without a location: %s", stage, d->message);
  }
  char *text = pj_diags_format(diags); /* the formatting of every diagnostic runs too */
  free(text);
  text = pj_diags_format_json(diags);
  free(text);
}

void pj_fuzz_check_status(PjStatus status, const PjDiags *diags, const char *stage) {
  if (status == PJ_ERROR_INTERNAL) {
    char *text = pj_diags_format(diags);
    pj_fuzz_defect("%s: internal error:\n%s", stage, text ? text : "");
  }
  pj_fuzz_check_diags(diags, stage);
}

static int pj_fuzz_name_is(const char *name, const char *const *names) {
  for (; *names; names++)
    if (!strcmp(name, *names)) return 1;
  return 0;
}

/* Three guesses at a kernel's argument types, the way kernels in the seed corpus name things:
 * every parameter a float32 vector; a float32 scalar then vectors (saxpy's a, x, y); sizes as
 * int64, factors as float64 and the rest as float64 matrices. */
static void pj_fuzz_guess_types(const PjSource *s, int k, int guess, PjArgType *out, int n) {
  static const char *const sizes[] = {"n", "m", "k", "N", "M", "K", "size", "count", "length", "nx", "ny", "nz",
                                      "width", "height", "iters", "steps", "i", "j", "start", "stop", "step", NULL};
  static const char *const factors[] = {"a", "alpha", "beta", "scale", "c", "s", "dt", "value", "val", "factor",
                                        "x0", "eps", "v", "h", NULL};
  for (int i = 0; i < n; i++) {
    const char *name = pj_source_param_name(s, k, (size_t)i);
    PjArgType t = {PJ_FLOAT32, 1, 'C', NULL};
    if (guess == 1 && i == 0) t.ndim = 0;
    if (guess == 2) {
      if (pj_fuzz_name_is(name, sizes)) t = (PjArgType){PJ_INT64, 0, 'C', NULL};
      else if (pj_fuzz_name_is(name, factors)) t = (PjArgType){PJ_FLOAT64, 0, 'C', NULL};
      else t = (PjArgType){PJ_FLOAT64, 2, 'C', NULL};
    }
    out[i] = t;
  }
}

static PjStatus pj_fuzz_compile_for(PjSource *s, int k, const PjArgType *args, int n, PjTarget target,
                                    int opt_level, const char *stage) {
  PjDiags *d = pj_diags_new();
  PjCompileOptions o = {.target = target, .opt_level = opt_level};
  PjStatus st = PJ_OK;
  PjKernel *kern = pj_kernel_compile(s, k, args, n, &o, d, &st);
  if (kern) {
    st = PJ_OK;
    if (target == PJ_TARGET_CUDA && !pj_kernel_text(kern, PJ_EMIT_PTX)) pj_fuzz_defect("%s: no PTX", stage);
    pj_kernel_delete(kern);
  } else if (st == PJ_OK) {
    pj_fuzz_defect("%s: no kernel and no error", stage);
  }
  pj_fuzz_check_status(st, d, stage);
  pj_diags_delete(d);
  return st;
}

void pj_fuzz_compile_kernel(PjSource *s, int k, int opt_level, PjTarget target) {
  enum { MAX_ARGS = 64 };
  PjArgType args[MAX_ARGS];
  size_t nparams = pj_source_param_count(s, k);
  const char *sig = pj_source_kernel_signature(s, k);
  if (sig) {
    char err[256];
    int n = pj_signature_parse(sig, args, MAX_ARGS, err, sizeof err);
    if (n >= 0) pj_fuzz_compile_for(s, k, args, n, target, opt_level, "compile (eager signature)");
    return;
  }
  if (nparams > MAX_ARGS) return;
  int n = (int)nparams;
  for (int guess = 0; guess < 3; guess++) {
    pj_fuzz_guess_types(s, k, guess, args, n);
    if (pj_fuzz_compile_for(s, k, args, n, target, opt_level, target == PJ_TARGET_CPU ? "compile (cpu)" : "compile (cuda)") == PJ_OK)
      return;
  }
}

int pj_fuzz_seen(uint64_t h) {
  enum { SLOTS = 1 << 16 };
  static uint64_t table[SLOTS];
  h |= 1; /* 0 marks an empty slot */
  uint64_t *slot = &table[h % SLOTS];
  if (*slot == h) return 1;
  *slot = h;
  return 0;
}
