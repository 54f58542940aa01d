/* libFuzzer target: signature strings, as --sig and eager signatures (@cuda.jit("void(...)"))
 * give them. The text is parsed alone; when it parses, a kernel taking that many parameters is
 * compiled for the parsed types (each parameter used, so each type's loads are generated), and the
 * same text is given as the kernel's eager signature in its decorator. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

enum { MAX_ARGS = 256 };

/* "from numba import cuda\n@cuda.jit(SIG)\ndef k(p0, p1):\n    x = p0\n    x = p1\n" */
static char *pj_fuzz_kernel_text(const char *sig, int nparams) {
  size_t cap = 256 + (sig ? strlen(sig) : 0) + (size_t)nparams * 32;
  char *t = malloc(cap);
  size_t at = (size_t)snprintf(t, cap, "from numba import cuda\n@cuda.jit%s%s%s\ndef k(", sig ? "(\"" : "",
                               sig ? sig : "", sig ? "\")" : "");
  for (int i = 0; i < nparams; i++) at += (size_t)snprintf(t + at, cap - at, "%sp%d", i ? ", " : "", i);
  at += (size_t)snprintf(t + at, cap - at, "):\n");
  for (int i = 0; i < nparams; i++) at += (size_t)snprintf(t + at, cap - at, "    x%d = p%d\n", i, i);
  if (!nparams) snprintf(t + at, cap - at, "    pass\n");
  return t;
}

/* Whether these argument types were compiled before in this process (a table of hashes): the
 * parse of a new spelling is fuzzed every time, its compile once a type list, so the target runs
 * at the parser's speed rather than the code generator's. */
static int pj_fuzz_types_seen(const PjArgType *args, int n) {
  uint64_t h = PJ_FUZZ_HASH_START ^ (uint64_t)n;
  for (int i = 0; i < n; i++)
    h = pj_fuzz_hash(h, (uint64_t)args[i].dtype | (uint64_t)args[i].ndim << 8 | (uint64_t)(unsigned char)args[i].layout << 16);
  return pj_fuzz_seen(h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096) return 0;
  char *sig = malloc(size + 1);
  memcpy(sig, data, size);
  sig[size] = 0;
  PjArgType args[MAX_ARGS];
  char err[256];
  int n = pj_signature_parse(sig, args, MAX_ARGS, err, sizeof err);
  if (n < -1 || n > MAX_ARGS) pj_fuzz_defect("pj_signature_parse returned %d", n);
  if (n < 0 && !err[0]) pj_fuzz_defect("a rejected signature without a message");
  if (n >= 0 && !pj_fuzz_types_seen(args, n)) {
    char *text = pj_fuzz_kernel_text(NULL, n);
    PjDiags *d = pj_diags_new();
    PjSource *s = pj_source_new("sig.py", text, strlen(text), d);
    if (!s) pj_fuzz_defect("the generated kernel was rejected");
    PjCompileOptions o = {.target = PJ_TARGET_CPU, .opt_level = 0};
    PjStatus st = PJ_OK;
    PjKernel *k = pj_kernel_compile(s, 0, args, n, &o, d, &st);
    if (!k) pj_fuzz_check_status(st, d, "compile for the signature");
    pj_kernel_delete(k);
    pj_source_delete(s);
    pj_diags_delete(d);
    free(text);
  }
  /* the same text as an eager signature, where a Python string literal can hold it as it is */
  if (!strpbrk(sig, "\"\\\n\r") && strlen(sig) == size) {
    char *text = pj_fuzz_kernel_text(sig, n > 0 ? n : 1);
    PjDiags *d = pj_diags_new();
    PjSource *s = pj_source_new("sig.py", text, strlen(text), d);
    pj_fuzz_check_diags(d, "eager signature");
    if (s && (n < 0 || pj_diags_errors(d))) pj_fuzz_defect("a bad eager signature was accepted");
    if (s && !pj_fuzz_types_seen(args, -1 - n)) pj_fuzz_compile_kernel(s, 0, 0, PJ_TARGET_CPU);
    pj_source_delete(s);
    pj_diags_delete(d);
    free(text);
  }
  free(sig);
  pj_fuzz_check_parser_memory();
  return 0;
}
