/* libFuzzer target: Python source text -> parse -> names -> types -> LLVM IR -> native code for
 * the CPU executor and PTX, through the public C API. A defect is a crash, a sanitizer report, a
 * leak, a hang, an internal error or an error diagnostic without a location (common.c). */
#include <stdint.h>
#include <stdlib.h>

#include "common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  PjDiags *d = pj_diags_new();
  PjSource *s = pj_source_new("fuzz.py", (const char *)data, size, d);
  pj_fuzz_check_diags(d, "parse");
  if (s) {
    char *ast = pj_source_dump_ast(s);
    free(ast);
    size_t n = pj_source_kernel_count(s);
    /* one kernel a run, for one target at one optimisation level, all chosen by the input's
     * bytes: every kernel, target and level is reached without compiling an input many times */
    unsigned pick = size ? data[size / 2] : 0;
    if (n) pj_fuzz_compile_kernel(s, (int)((pick / 8) % n), (int)(pick % 4), pick & 4 ? PJ_TARGET_CUDA : PJ_TARGET_CPU);
    pj_source_delete(s);
  }
  pj_diags_delete(d);
  return 0;
}
