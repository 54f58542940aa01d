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
  size_t got = 0;
  char why[1024];
  char *bytes = pj_file_read(path, 0, &got, why, sizeof why);
  PjLibdevice *l = bytes && got ? calloc(1, sizeof *l) : NULL;
  char *name = l ? strdup(path) : NULL;
  if (!name) {
    free(l);
    free(bytes);
    const char *reason = bytes ? (got ? "out of memory" : "it is empty") : strstr(why, "': ") ? strstr(why, "': ") + 3 : why;
    snprintf(err, errlen, "cannot read libdevice '%s': %s", path, reason);
    return NULL;
  }
  *l = (PjLibdevice){pj_libs, name, bytes, got};
  pj_libs = l;
  return l;
}

/* The string a constant pointer points at (through casts and GEPs of constant expressions), or NULL. */
static const char *pj_const_string(LLVMValueRef v, size_t *len) {
  while (v && LLVMIsAConstantExpr(v) && LLVMGetNumOperands(v) > 0) v = LLVMGetOperand(v, 0);
  if (!v || !LLVMIsAGlobalVariable(v)) return NULL;
  LLVMValueRef init = LLVMGetInitializer(v);
  return init && LLVMIsAConstantDataSequential(init) && LLVMIsConstantString(init) ? LLVMGetAsString(init, len) : NULL;
}

/* The uses of a function that are calls of it (collected first: the caller replaces them). */
static int pj_calls_of(LLVMValueRef fn, LLVMValueRef *calls, int cap) {
  int n = 0;
  for (LLVMUseRef u = fn ? LLVMGetFirstUse(fn) : NULL; u && n < cap; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (LLVMIsACallInst(c) && LLVMGetCalledValue(c) == fn) calls[n++] = c;
  }
  return n;
}

/* What LLVM 19 gets wrong in libdevice's code, put right before the optimizer runs:
 * - its NVVMReflect knows __CUDA_FTZ and __CUDA_ARCH only, so __nvvm_reflect("__CUDA_PREC_SQRT") would
 *   fold to 0 and sqrtf become sqrt.approx: it is 1 here (a correctly rounded sqrt.rn), 0 with fastmath,
 *   as numba sets it;
 * - its NVPTX instruction combiner turns the round-toward-zero integer-to-float conversions
 *   (llvm.nvvm.i2f.rz and the like, which int2float_rz, ll2double_rz, ... are) into sitofp/uitofp,
 *   which round to nearest: each becomes the cvt.rz instruction as inline assembly. */
static void pj_libdevice_fixup(LLVMContextRef ctx, LLVMModuleRef mod, bool fastmath) {
  enum { CAP = 4096 };
  LLVMValueRef calls[CAP];
  LLVMValueRef reflect = LLVMGetNamedFunction(mod, "__nvvm_reflect");
  int n = pj_calls_of(reflect, calls, CAP);
  for (int i = 0; i < n; i++) {
    size_t len = 0;
    const char *arg = pj_const_string(LLVMGetOperand(calls[i], 0), &len);
    if (!arg || strncmp(arg, "__CUDA_PREC_SQRT", len > 16 ? 16 : len) != 0 || len < 16) continue;
    LLVMReplaceAllUsesWith(calls[i], LLVMConstInt(LLVMInt32TypeInContext(ctx), fastmath ? 0 : 1, 0));
    LLVMInstructionEraseFromParent(calls[i]);
  }
  static const struct {
    const char *intrinsic, *ptx;
    bool wide_in, wide_out;
  } rz[] = {{"llvm.nvvm.i2f.rz", "cvt.rz.f32.s32 $0, $1;", false, false},
            {"llvm.nvvm.ui2f.rz", "cvt.rz.f32.u32 $0, $1;", false, false},
            {"llvm.nvvm.ll2f.rz", "cvt.rz.f32.s64 $0, $1;", true, false},
            {"llvm.nvvm.ull2f.rz", "cvt.rz.f32.u64 $0, $1;", true, false},
            {"llvm.nvvm.ll2d.rz", "cvt.rz.f64.s64 $0, $1;", true, true},
            {"llvm.nvvm.ull2d.rz", "cvt.rz.f64.u64 $0, $1;", true, true}};
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  for (size_t k = 0; k < sizeof rz / sizeof rz[0]; k++) {
    n = pj_calls_of(LLVMGetNamedFunction(mod, rz[k].intrinsic), calls, CAP);
    LLVMTypeRef in = rz[k].wide_in ? LLVMInt64TypeInContext(ctx) : LLVMInt32TypeInContext(ctx);
    LLVMTypeRef out = rz[k].wide_out ? LLVMDoubleTypeInContext(ctx) : LLVMFloatTypeInContext(ctx);
    LLVMTypeRef fty = LLVMFunctionType(out, &in, 1, 0);
    char constraints[8];
    snprintf(constraints, sizeof constraints, "=%c,%c", rz[k].wide_out ? 'd' : 'f', rz[k].wide_in ? 'l' : 'r');
    LLVMValueRef as = LLVMGetInlineAsm(fty, rz[k].ptx, strlen(rz[k].ptx), constraints, strlen(constraints), 0, 0,
                                       LLVMInlineAsmDialectATT, 0);
    for (int i = 0; i < n; i++) {
      LLVMPositionBuilderBefore(b, calls[i]);
      LLVMValueRef x = LLVMGetOperand(calls[i], 0);
      LLVMValueRef r = LLVMBuildCall2(b, fty, as, &x, 1, "");
      LLVMReplaceAllUsesWith(calls[i], r);
      LLVMInstructionEraseFromParent(calls[i]);
    }
  }
  LLVMDisposeBuilder(b);
}

bool pj_libdevice_link(LLVMContextRef ctx, LLVMModuleRef mod, const char *path, bool fastmath, char *err,
                       size_t errlen) {
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
  pj_libdevice_fixup(ctx, mod, fastmath);
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
