/* Linking CUDA's libdevice (math functions for NVPTX) with only what a kernel calls.
 *
 * libdevice is about 500 functions; parsing and optimising all of them for every kernel that
 * calls math.exp costs tens of milliseconds. Its bytes are read once per process; each
 * compilation loads them lazily in its own context and marks the definitions linkonce_odr, which
 * the IR linker links only where something refers to them: only those bodies are ever read. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>

#include "backend/codegen.h"

typedef struct PjLibdevice {
  char *path;
  char *bytes;
  size_t len;
} PjLibdevice;

static PjLibdevice pj_lib;
static pthread_mutex_t pj_lib_lock = PTHREAD_MUTEX_INITIALIZER;

/* The file's bytes, read once per process (per path). */
static bool pj_lib_ready(const char *path, char *err, size_t errlen) {
  if (pj_lib.path && strcmp(pj_lib.path, path) == 0) return true;
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "cannot read libdevice '%s'", path);
    return false;
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *bytes = malloc((size_t)(n > 0 ? n : 1));
  size_t got = bytes ? fread(bytes, 1, (size_t)n, f) : 0;
  fclose(f);
  if (!bytes || got != (size_t)n) {
    free(bytes);
    snprintf(err, errlen, "cannot read libdevice '%s'", path);
    return false;
  }
  free(pj_lib.path); /* the previous bytes stay: a module loaded from them may still read them */
  pj_lib.path = strdup(path);
  pj_lib.bytes = bytes;
  pj_lib.len = got;
  return true;
}

bool pj_libdevice_link(LLVMContextRef ctx, LLVMModuleRef mod, const char *path, char *err, size_t errlen) {
  pthread_mutex_lock(&pj_lib_lock);
  bool ok = pj_lib_ready(path, err, errlen);
  const char *bytes = pj_lib.bytes;
  size_t len = pj_lib.len;
  pthread_mutex_unlock(&pj_lib_lock);
  if (!ok) return false;
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(bytes, len, "libdevice", 0);
  LLVMModuleRef lib;
  if (LLVMGetBitcodeModuleInContext2(ctx, buf, &lib)) { /* lazy: a body is read when it is linked */
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
