/* Internal to backend/: the code generator's state and its per-target hooks. */
#ifndef PJ_BACKEND_CODEGEN_H
#define PJ_BACKEND_CODEGEN_H

#include <llvm-c/Core.h>

#include "backend/backend.h"
#include "stdlib/builtins.h"

typedef struct PjCg PjCg;

typedef struct PjCgHooks {
  /* tid / ctaid / ntid / nctaid of dimension d, as uint32 (i32) */
  LLVMValueRef (*sreg)(PjCg *g, PjLowering which, int d);
  /* a math library call: `dev` names libdevice's function, `host` libm's */
  LLVMValueRef (*math)(PjCg *g, const char *dev, const char *host, PjDtype d, LLVMValueRef *args, unsigned n);
} PjCgHooks;

struct PjCg {
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMBuilderRef b, alloca_b;
  LLVMValueRef fn;
  const PjFunc *f;
  const PjCgHooks *hooks;
  LLVMValueRef *slots;              /* one alloca per variable */
  LLVMBasicBlockRef ret, loop_continue, loop_exit;
  /* CPU: where the block's geometry and the thread index come from */
  LLVMValueRef cpu_grid, cpu_tid[3];
};

LLVMTypeRef pj_cg_dtype(PjCg *g, PjDtype d);
LLVMTypeRef pj_cg_type(PjCg *g, const PjType *t);
LLVMValueRef pj_cg_convert(PjCg *g, LLVMValueRef v, const PjType *from, const PjType *to);
LLVMValueRef pj_cg_call_intrinsic(PjCg *g, const char *name, LLVMTypeRef *overloads, size_t noverloads,
                                  LLVMValueRef *args, unsigned nargs);
LLVMValueRef pj_cg_call_extern(PjCg *g, const char *name, LLVMTypeRef ret, LLVMValueRef *args, unsigned nargs);
int pj_cg_param_types(PjCg *g, const PjArgType *args, int nargs, LLVMTypeRef *out);
void pj_cg_body(PjCg *g, const PjArgType *args, int nargs);

#endif
