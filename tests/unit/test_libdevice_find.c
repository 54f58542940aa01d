/* Where libdevice is found (pj_libdevice_find, backend/libdevice.c), rule by rule and in order:
 * --libdevice, PYJITC_LIBDEVICE, an NVIDIA wheel in the given site directories (CUDA 13's
 * nvidia-nvvm before CUDA 12's nvidia-cuda-nvcc-cu12), then in PYJITC_SITE_DIRS, CUDA_HOME, the
 * toolkit's places, and nothing at all; and a GPU kernel that calls math.exp compiles with the
 * libdevice of a wheel's layout, which the search found. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend/backend.h"
#include "tests/unit/check.h"

static char root[256];

/* root/rel, with its folders made, holding bytes (a copy of src when given) */
static void put(const char *rel, const char *src) {
  char path[512], cmd[1200];
  snprintf(path, sizeof path, "%s/%s", root, rel);
  if (src) snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\" && cp '%s' '%s'", path, src, path);
  else snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\" && echo x > '%s'", path, path);
  CHECK(system(cmd) == 0);
}

static const char *in_root(const char *rel) {
  static char path[8][512];
  static int next;
  char *p = path[next++ % 8];
  snprintf(p, 512, "%s/%s", root, rel);
  return p;
}

/* A GPU kernel calling math.exp compiled with site_dirs: whether it compiled (its PTX calls
 * libdevice's expf, inlined: ex2.approx), else whether the diagnostics hold want. */
static bool compile_exp(const char *site_dirs, const char *want) {
  const char *text = "from numba import cuda\nimport math\n@cuda.jit\ndef k(x):\n    x[0] = math.exp(x[0])\n";
  PjDiags *diags = pj_diags_new();
  PjSource *src = pj_source_new("k.py", text, strlen(text), diags);
  PjArgType arg = {PJ_FLOAT32, 1, 'C'};
  PjCompileOptions o = {.target = PJ_TARGET_CUDA, .opt_level = 3, .emit = PJ_EMIT_PTX, .arch = "sm_90",
                        .site_dirs = site_dirs};
  PjStatus st;
  PjKernel *k = src ? pj_kernel_compile(src, 0, &arg, 1, &o, diags, &st) : NULL;
  bool ok = k && strstr(pj_kernel_text(k, PJ_EMIT_PTX), "ex2.approx") != NULL;
  if (!k && want) {
    char *all = pj_diags_format(diags);
    CHECKF(all && strstr(all, want), "diagnostics '%s' lack '%s'", all ? all : "", want);
    free(all);
  }
  pj_kernel_delete(k);
  pj_source_delete(src);
  pj_diags_delete(diags);
  return ok;
}

int main(void) {
  snprintf(root, sizeof root, "/tmp/pj-libdevice-%d", (int)getpid());
  unsetenv("PYJITC_LIBDEVICE");
  unsetenv("PYJITC_SITE_DIRS");
  unsetenv("CUDA_HOME");
  const char *none[] = {NULL};
  char buf[1024];

  /* nowhere: nothing is found */
  CHECK(pj_libdevice_search(NULL, in_root("site"), none, buf, sizeof buf) == PJ_LIBDEVICE_NONE && buf[0] == 0);
  CHECK_STR(pj_libdevice_from_name(PJ_LIBDEVICE_NONE), "not found");

  /* the toolkit's places, then CUDA_HOME before them */
  put("toolkit/libdevice.10.bc", NULL);
  const char *system_list[] = {in_root("missing/libdevice.10.bc"), in_root("toolkit/libdevice.10.bc"), NULL};
  CHECK(pj_libdevice_search(NULL, NULL, system_list, buf, sizeof buf) == PJ_LIBDEVICE_SYSTEM);
  CHECK_STR(buf, in_root("toolkit/libdevice.10.bc"));
  put("cuda/nvvm/libdevice/libdevice.10.bc", NULL);
  setenv("CUDA_HOME", in_root("cuda"), 1);
  CHECK(pj_libdevice_search(NULL, NULL, system_list, buf, sizeof buf) == PJ_LIBDEVICE_CUDA_HOME);
  CHECK_STR(buf, in_root("cuda/nvvm/libdevice/libdevice.10.bc"));
  setenv("CUDA_HOME", in_root("no-cuda"), 1); /* a CUDA_HOME without it: on to the toolkit's places */
  CHECK(pj_libdevice_search(NULL, NULL, system_list, buf, sizeof buf) == PJ_LIBDEVICE_SYSTEM);
  setenv("CUDA_HOME", in_root("cuda"), 1);

  /* a CUDA 12 wheel in a site directory comes before CUDA_HOME; CUDA 13's before CUDA 12's; the
   * first directory of the list that has one wins; empty entries and missing folders are passed */
  put("site-a/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc", NULL);
  char dirs[1024];
  snprintf(dirs, sizeof dirs, "::%s:%s:", in_root("nothing-here"), in_root("site-a"));
  CHECK(pj_libdevice_search(NULL, dirs, system_list, buf, sizeof buf) == PJ_LIBDEVICE_WHEEL);
  CHECK_STR(buf, in_root("site-a/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"));
  put("site-a/nvidia/cu13/nvvm/libdevice/libdevice.10.bc", NULL);
  CHECK(pj_libdevice_search(NULL, dirs, system_list, buf, sizeof buf) == PJ_LIBDEVICE_WHEEL);
  CHECK_STR(buf, in_root("site-a/nvidia/cu13/nvvm/libdevice/libdevice.10.bc"));
  put("site-b/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc", NULL);
  snprintf(dirs, sizeof dirs, "%s:%s", in_root("site-b"), in_root("site-a"));
  CHECK(pj_libdevice_search(NULL, dirs, system_list, buf, sizeof buf) == PJ_LIBDEVICE_WHEEL);
  CHECK_STR(buf, in_root("site-b/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"));
  /* a folder where the file should be is no file */
  char cmd[600];
  snprintf(cmd, sizeof cmd, "mkdir -p %s/site-c/nvidia/cu13/nvvm/libdevice/libdevice.10.bc", root);
  CHECK(system(cmd) == 0);
  CHECK(pj_libdevice_search(NULL, in_root("site-c"), system_list, buf, sizeof buf) == PJ_LIBDEVICE_CUDA_HOME);

  /* PYJITC_SITE_DIRS (what the pyjitc command of a wheel is given) after the caller's list */
  setenv("PYJITC_SITE_DIRS", in_root("site-b"), 1);
  CHECK(pj_libdevice_search(NULL, in_root("site-a"), system_list, buf, sizeof buf) == PJ_LIBDEVICE_WHEEL);
  CHECK_STR(buf, in_root("site-a/nvidia/cu13/nvvm/libdevice/libdevice.10.bc"));
  CHECK(pj_libdevice_search(NULL, NULL, system_list, buf, sizeof buf) == PJ_LIBDEVICE_WHEEL);
  CHECK_STR(buf, in_root("site-b/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"));
  unsetenv("PYJITC_SITE_DIRS");

  /* PYJITC_LIBDEVICE before every search, --libdevice before it; both taken as given */
  setenv("PYJITC_LIBDEVICE", "/the/env/libdevice.10.bc", 1);
  CHECK(pj_libdevice_search(NULL, dirs, system_list, buf, sizeof buf) == PJ_LIBDEVICE_ENV);
  CHECK_STR(buf, "/the/env/libdevice.10.bc");
  CHECK(pj_libdevice_search("/given.bc", dirs, system_list, buf, sizeof buf) == PJ_LIBDEVICE_GIVEN);
  CHECK_STR(buf, "/given.bc");
  unsetenv("PYJITC_LIBDEVICE");

  /* a buffer too small for a wheel's path: that path is not taken half-written */
  char tiny[16];
  CHECK(pj_libdevice_search(NULL, in_root("site-a"), none, tiny, sizeof tiny) == PJ_LIBDEVICE_NONE);

  /* a GPU kernel calling math.exp compiles against the libdevice of a wheel's layout found through
   * site_dirs (a copy of the machine's, where it has one) */
  unsetenv("CUDA_HOME");
  char real[1024];
  if (pj_libdevice_search(NULL, NULL, pj_libdevice_system, real, sizeof real) == PJ_LIBDEVICE_SYSTEM) {
    put("site-d/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc", real);
    put("site-e/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc", NULL); /* not bitcode */
    CHECK(compile_exp(in_root("site-d"), NULL));
    char want[700];
    snprintf(want, sizeof want, "cannot parse libdevice '%s'", in_root("site-e/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"));
    CHECK(!compile_exp(in_root("site-e"), want));
  } else {
    printf("no CUDA toolkit libdevice here: the compile with a wheel's copy is not run\n");
  }

  snprintf(cmd, sizeof cmd, "rm -rf %s", root);
  CHECK(system(cmd) == 0);
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
