/* A device function compiled alone through the C API (PjCompileOptions.abi): the PTX .func of
 * numba's ABI and of the C ABI, the result type pj_kernel_result reports (inferred, declared,
 * none), an array argument passed as numba passes it, and the rejections: the CPU target, a record
 * argument, a bad abi_name, a declared result
 * the function does not return, a device function compiled as a kernel. Prints the counts last. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pyjitc.h>

#include "check.h"

static const char *ADD = "def add(x, y):\n    return x + y\n";
static const char *NOTHING = "def nothing(x):\n    pass\n";
static const char *FIRST = "def first(a, i):\n    return a[i]\n";

/* text's function compiled alone, or NULL; *diag: the diagnostics as text (caller frees). */
static PjKernel *compile_alone(const char *text, const PjArgType *args, int nargs, PjCompileOptions o, char **diag) {
  PjUnit u = {.path = "unit.py", .text = text, .len = strlen(text), .is_kernel = 0};
  PjDiags *diags = pj_diags_new();
  PjSource *s = pj_source_new_units(&u, 1, diags);
  PjKernel *k = s ? pj_kernel_compile(s, 0, args, nargs, &o, diags, NULL) : NULL;
  *diag = pj_diags_format(diags);
  pj_source_delete(s);
  pj_diags_delete(diags);
  return k;
}

static bool has(const PjKernel *k, const char *text) {
  const char *ptx = k ? pj_kernel_text(k, PJ_EMIT_PTX) : NULL;
  return ptx && strstr(ptx, text);
}

int main(void) {
  PjArgType f32[2] = {{PJ_FLOAT32, 0, 'C'}, {PJ_FLOAT32, 0, 'C'}};
  PjArgType i16[2] = {{PJ_INT16, 0, 'C'}, {PJ_INT16, 0, 'C'}};
  char *diag = NULL;
  PjDtype d = PJ_BOOL;

  /* numba's ABI: status returned, result pointer first; the result type inferred */
  PjKernel *k = compile_alone(ADD, f32, 2, (PjCompileOptions){.target = PJ_TARGET_CUDA, .opt_level = 3,
                                                              .abi = PJ_ABI_NUMBA}, &diag);
  CHECKF(k, "%s", diag);
  CHECK(has(k, ".visible .func  (.param .b32 func_retval0) add(\n\t.param .b64 add_param_0,"));
  CHECK(has(k, "st.f32") && !has(k, ".entry"));
  CHECK(k && pj_kernel_result(k, &d) == 1 && d == PJ_FLOAT32);
  pj_kernel_delete(k);
  free(diag);

  /* the C ABI under another name; int16 + int16 is int64 (numba's typing), declared int16 */
  k = compile_alone(ADD, i16, 2, (PjCompileOptions){.target = PJ_TARGET_CUDA, .opt_level = 3, .abi = PJ_ABI_C,
                                                    .abi_name = "_Z3addss", .result = PJ_RESULT_DTYPE,
                                                    .result_dtype = PJ_INT16}, &diag);
  CHECKF(k, "%s", diag);
  CHECK(has(k, ".visible .func  (.param .b32 func_retval0) _Z3addss(\n\t.param .b32 _Z3addss_param_0,\n"));
  CHECK(k && pj_kernel_result(k, &d) == 1 && d == PJ_INT16);
  pj_kernel_delete(k);
  free(diag);
  k = compile_alone(ADD, i16, 2, (PjCompileOptions){.target = PJ_TARGET_CUDA, .opt_level = 3, .abi = PJ_ABI_C}, &diag);
  CHECK(k && pj_kernel_result(k, &d) == 1 && d == PJ_INT64 && has(k, ".param .b64 func_retval0"));
  pj_kernel_delete(k);
  free(diag);

  /* nothing returned: a void .func with the C ABI */
  k = compile_alone(NOTHING, f32, 1, (PjCompileOptions){.target = PJ_TARGET_CUDA, .opt_level = 3, .abi = PJ_ABI_C},
                    &diag);
  CHECK(k && pj_kernel_result(k, &d) == 0 && has(k, ".visible .func nothing("));
  pj_kernel_delete(k);
  free(diag);

  /* an array: its data model's members one parameter each after the result pointer (meminfo,
   * parent, nitems, itemsize, data, the extent, the stride), then the index: 9 in all */
  PjArgType arr[2] = {{PJ_FLOAT32, 1, 'C'}, {PJ_INT64, 0, 'C'}};
  k = compile_alone(FIRST, arr, 2, (PjCompileOptions){.target = PJ_TARGET_CUDA, .opt_level = 3, .abi = PJ_ABI_NUMBA},
                    &diag);
  CHECKF(k, "%s", diag);
  CHECK(has(k, "\t.param .b64 first_param_8\n)") && has(k, "[first_param_5]") && !has(k, "first_param_9"));
  CHECK(k && pj_kernel_result(k, &d) == 1 && d == PJ_FLOAT32);
  pj_kernel_delete(k);
  free(diag);

  /* rejections */
  PjRecordField field = {"v", PJ_FLOAT32, 0, 0, {0}};
  PjRecord rec = {4, 4, 0, 1, &field};
  PjArgType recs[2] = {{PJ_UINT8, 0, 'C', &rec, 0}, {PJ_FLOAT32, 0, 'C'}};
  PjTarget cuda = PJ_TARGET_CUDA;
  struct {
    const char *text;
    const PjArgType *args;
    int nargs;
    PjCompileOptions o;
    const char *want;
  } bad[] = {
      {ADD, f32, 2, {.target = PJ_TARGET_CPU, .abi = PJ_ABI_C}, "PTX for the GPU"},
      {ADD, recs, 2, {.target = cuda, .abi = PJ_ABI_C}, "argument 1 is a record or an array of records"},
      {ADD, f32, 2, {.target = cuda, .abi = PJ_ABI_C, .abi_name = "9x"}, "abi_name '9x' is not a name PTX accepts"},
      {NOTHING, f32, 1, {.target = cuda, .abi = PJ_ABI_NUMBA, .result = PJ_RESULT_DTYPE, .result_dtype = PJ_INT32},
       "returns nothing, but its signature says it returns int32"},
      {ADD, f32, 2, {.target = cuda, .abi = PJ_ABI_NUMBA, .result = PJ_RESULT_VOID}, "says it returns nothing (void)"},
      {ADD, f32, 2, {.target = cuda, .abi = 7}, "unsupported ABI 7"},
      {ADD, f32, 2, {.target = cuda}, "'add' is a device function"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    bad[i].o.opt_level = 3;
    k = compile_alone(bad[i].text, bad[i].args, bad[i].nargs, bad[i].o, &diag);
    CHECKF(!k && diag && strstr(diag, bad[i].want), "case %zu: got \"%s\", want \"%s\"", i, diag ? diag : "",
           bad[i].want);
    pj_kernel_delete(k);
    free(diag);
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
