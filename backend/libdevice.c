/* Linking CUDA's libdevice (math functions for NVPTX) with only what a kernel calls, and the calls
 * of cuda.libdevice.
 *
 * libdevice is about 500 functions; parsing and optimising all of them for every kernel that
 * calls math.exp costs tens of milliseconds. Its bytes are read once per process; each
 * compilation loads them lazily in its own context and marks the definitions linkonce_odr, which
 * the IR linker links only where something refers to them: only those bodies are ever read. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>

#include "backend/codegen.h"
#include "stdlib/builtins.h"

/* ---- where it is ------------------------------------------------------------------------------ */

/* The file of libdevice inside a site directory, by the NVIDIA wheel that puts it there: CUDA 13's
 * nvidia-nvvm first (numba-cuda[cu13] installs it), then CUDA 12's nvidia-cuda-nvcc-cu12. */
static const char *const pj_wheel_files[] = {"nvidia/cu13/nvvm/libdevice/libdevice.10.bc",
                                             "nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"};
/* The CUDA toolkit's places: NVIDIA's installer, Debian's nvidia-cuda-toolkit package. */
const char *const pj_libdevice_system[] = {"/usr/local/cuda/nvvm/libdevice/libdevice.10.bc",
                                           "/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc",
                                           "/usr/lib/cuda/nvvm/libdevice/libdevice.10.bc", NULL};

static bool pj_is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A wheel's libdevice in one of the ':'-separated directories of list (n bytes of it), into buf. */
static bool pj_wheel_in(const char *list, size_t n, char *buf, size_t len) {
  for (size_t at = 0; at < n;) {
    const char *sep = memchr(list + at, ':', n - at);
    size_t end = sep ? (size_t)(sep - list) : n;
    for (size_t w = 0; end > at && w < sizeof pj_wheel_files / sizeof pj_wheel_files[0]; w++) {
      int wrote = snprintf(buf, len, "%.*s/%s", (int)(end - at), list + at, pj_wheel_files[w]);
      if (wrote > 0 && (size_t)wrote < len && pj_is_file(buf)) return true;
    }
    at = end + 1;
  }
  return false;
}

/* The site directory that holds this library: site-packages/pyjitc/libpyjitc.so's site-packages. */
static bool pj_own_site(char *buf, size_t len) {
  Dl_info info;
  if (!dladdr((void *)&pj_libdevice_find, &info) || !info.dli_fname) return false;
  snprintf(buf, len, "%s", info.dli_fname);
  for (int up = 0; up < 2; up++) {
    char *slash = strrchr(buf, '/');
    if (!slash) return false;
    *slash = 0;
  }
  return buf[0] != 0;
}

PjLibdeviceFrom pj_libdevice_search(const char *given, const char *site_dirs, const char *const *system, char *buf,
                                    size_t len) {
  if (!len) return PJ_LIBDEVICE_NONE;
  buf[0] = 0;
  if (given && *given) {
    snprintf(buf, len, "%s", given);
    return PJ_LIBDEVICE_GIVEN;
  }
  const char *env = getenv("PYJITC_LIBDEVICE");
  if (env && *env) {
    snprintf(buf, len, "%s", env);
    return PJ_LIBDEVICE_ENV;
  }
  char own[4096];
  const char *lists[] = {site_dirs, getenv("PYJITC_SITE_DIRS"), pj_own_site(own, sizeof own) ? own : NULL};
  for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
    if (lists[i] && pj_wheel_in(lists[i], strlen(lists[i]), buf, len)) return PJ_LIBDEVICE_WHEEL;
  const char *home = getenv("CUDA_HOME");
  if (home && *home) {
    int wrote = snprintf(buf, len, "%s/nvvm/libdevice/libdevice.10.bc", home);
    if (wrote > 0 && (size_t)wrote < len && pj_is_file(buf)) return PJ_LIBDEVICE_CUDA_HOME;
  }
  for (size_t i = 0; system && system[i]; i++)
    if (pj_is_file(system[i])) {
      snprintf(buf, len, "%s", system[i]);
      return PJ_LIBDEVICE_SYSTEM;
    }
  buf[0] = 0;
  return PJ_LIBDEVICE_NONE;
}

PjLibdeviceFrom pj_libdevice_find(const char *given, const char *site_dirs, char *buf, size_t len) {
  return pj_libdevice_search(given, site_dirs, pj_libdevice_system, buf, len);
}

const char *pj_libdevice_from_name(PjLibdeviceFrom from) {
  switch (from) {
  case PJ_LIBDEVICE_GIVEN: return "given";
  case PJ_LIBDEVICE_ENV: return "PYJITC_LIBDEVICE";
  case PJ_LIBDEVICE_WHEEL: return "an NVIDIA wheel";
  case PJ_LIBDEVICE_CUDA_HOME: return "CUDA_HOME";
  case PJ_LIBDEVICE_SYSTEM: return "the CUDA toolkit";
  default: return "not found";
  }
}

/* ---- its code, linked ------------------------------------------------------------------------ */

/* Each file's bytes, read once per process and kept for its life: modules loaded from them read
 * them lazily, so they stay (a list, so that a process that uses several paths rereads none). */
typedef struct PjLibdevice {
  struct PjLibdevice *next;
  char *path;
  char *bytes;
  size_t len;
} PjLibdevice;

static PjLibdevice *pj_libs;
static pthread_mutex_t pj_lib_lock = PTHREAD_MUTEX_INITIALIZER;

/* The bytes of the file at path, read the first time; NULL (and err) when it cannot be read. */
static const PjLibdevice *pj_lib_ready(const char *path, char *err, size_t errlen) {
  for (const PjLibdevice *l = pj_libs; l; l = l->next)
    if (strcmp(l->path, path) == 0) return l;
  FILE *f = fopen(path, "rb");
  long n = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  PjLibdevice *l = n > 0 && fseek(f, 0, SEEK_SET) == 0 ? calloc(1, sizeof *l) : NULL;
  char *bytes = l ? malloc((size_t)n) : NULL, *name = bytes ? strdup(path) : NULL;
  size_t got = name ? fread(bytes, 1, (size_t)n, f) : 0;
  if (f) fclose(f);
  if (!name || got != (size_t)n) {
    free(name);
    free(bytes);
    free(l);
    snprintf(err, errlen, "cannot read libdevice '%s'", path);
    return NULL;
  }
  *l = (PjLibdevice){pj_libs, name, bytes, got};
  pj_libs = l;
  return l;
}

bool pj_libdevice_link(LLVMContextRef ctx, LLVMModuleRef mod, const char *path, char *err, size_t errlen) {
  pthread_mutex_lock(&pj_lib_lock);
  const PjLibdevice *l = pj_lib_ready(path, err, errlen);
  pthread_mutex_unlock(&pj_lib_lock);
  if (!l) return false;
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(l->bytes, l->len, "libdevice", 0);
  LLVMModuleRef lib;
  if (LLVMGetBitcodeModuleInContext2(ctx, buf, &lib)) { /* lazy: a body is read when it is linked */
    LLVMDisposeMemoryBuffer(buf);                       /* the module owns it only when it is read */
    snprintf(err, errlen, "cannot parse libdevice '%s'", path);
    return false;
  }
  /* linkonce_odr definitions are linked only where something refers to them */
  for (LLVMValueRef f = LLVMGetFirstFunction(lib); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && LLVMGetLinkage(f) == LLVMExternalLinkage) LLVMSetLinkage(f, LLVMLinkOnceODRLinkage);
  LLVMSetTarget(lib, LLVMGetTarget(mod));
  LLVMSetDataLayout(lib, LLVMGetDataLayoutStr(mod));
  if (LLVMLinkModules2(mod, lib)) {
    snprintf(err, errlen, "cannot link libdevice '%s'", path);
    return false;
  }
  return true;
}

/* ---- cuda.libdevice calls ---------------------------------------------------------------------- */

LLVMValueRef pj_cg_libdevice_call(PjCg *g, const PjExpr *e, int fn) {
  const PjLibdeviceFn *f = &pj_libdevice_fns[fn];
  PjLibdeviceSig sig;
  pj_libdevice_sig(fn, &sig);
  LLVMValueRef args[4], slots[4];
  LLVMTypeRef slot_t[4];
  int nslots = 0;
  for (int i = 0, k = 0; i < sig.nparams; i++) {
    if (!sig.out[i]) {
      args[i] = pj_cg_expr(g, e->builtin.args[k++]);
      continue;
    }
    slot_t[nslots] = pj_cg_dtype(g, sig.params[i]); /* where the function writes that result */
    args[i] = slots[nslots] = LLVMBuildAlloca(g->alloca_b, slot_t[nslots], "");
    nslots++;
  }
  LLVMTypeRef ret = sig.has_result ? pj_cg_dtype(g, sig.result) : LLVMVoidTypeInContext(g->ctx);
  LLVMValueRef r = pj_cg_call_extern(g, g->host ? f->host : f->device, ret, args, (unsigned)sig.nparams);
  if (!nslots) return r;
  LLVMValueRef values[5];
  int n = 0;
  if (sig.has_result) values[n++] = r;
  for (int i = 0; i < nslots; i++) values[n++] = LLVMBuildLoad2(g->b, slot_t[i], slots[i], "");
  if (n == 1) return values[0];
  LLVMValueRef t = LLVMGetUndef(pj_cg_type(g, e->type));
  for (int i = 0; i < n; i++) t = LLVMBuildInsertValue(g->b, t, values[i], (unsigned)i, "");
  return t;
}
