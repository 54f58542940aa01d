/* libFuzzer target: Python source text -> parse -> names -> types -> LLVM IR -> native code for
 * the CPU executor and PTX, through the public C API. A defect is a crash, a sanitizer report, a
 * leak, a hang, an internal error or an error diagnostic without a location (common.c). */
#include <stdint.h>
#include <stdlib.h>

#include "common.h"

/* Whether this tree was compiled before in this process with these choices (a table of hashes
 * of the tree's dump, the module-level lines, which hold decorators and constants, and the
 * choices): inputs that differ only where none of these does (comments, a function's spacing
 * within lines) are parsed and resolved every time but compiled once. */
static int pj_fuzz_tree_seen(const char *ast, const uint8_t *data, size_t size, unsigned pick) {
  uint64_t h = PJ_FUZZ_HASH_START ^ pick;
  for (const char *c = ast; *c; c++) h = pj_fuzz_hash(h, (unsigned char)*c);
  for (size_t i = 0; i < size; i++) {
    if (i > 0 && data[i - 1] != '\n') continue;
    if (data[i] == ' ' || data[i] == '\t' || data[i] == '\n') continue;
    for (; i < size && data[i] != '\n'; i++) h = pj_fuzz_hash(h, data[i]);
  }
  return pj_fuzz_seen(h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  PjDiags *d = pj_diags_new();
  PjSource *s = pj_source_new("fuzz.py", (const char *)data, size, d);
  pj_fuzz_check_diags(d, "parse");
  if (s) {
    char *ast = pj_source_dump_ast(s);
    size_t n = pj_source_kernel_count(s);
    /* one kernel a run, for one target at one optimisation level, all chosen by the input's
     * bytes: every kernel, target and level is reached without compiling an input many times */
    unsigned pick = size ? data[size / 2] : 0;
    if (n && !pj_fuzz_tree_seen(ast ? ast : "", data, size, pick))
      pj_fuzz_compile_kernel(s, (int)((pick / 8) % n), (int)(pick % 4), pick & 4 ? PJ_TARGET_CUDA : PJ_TARGET_CPU);
    free(ast);
    pj_source_delete(s);
  }
  pj_diags_delete(d);
  pj_fuzz_check_parser_memory();
  return 0;
}
