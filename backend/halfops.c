/* 16-bit float arithmetic on the GPU, spelled in the PTX as CUDA's own headers spell it (cuda_fp16.hpp,
 * cuda_bf16.hpp, which numba-cuda's float16 and bfloat16 operations call): add.f16, sub.f16, mul.f16,
 * abs.f16, add.bf16 ..., with no rounding modifier, and comparisons read in the source's order
 * (a > b as setp.gt.f16, not setp.lt.f16 with its operands swapped).
 *
 * LLVM's NVPTX back end already selects the GPU's half-precision instructions, but without
 * contraction allowed on the whole target machine (which the C API cannot set) it writes every
 * add, subtract and multiply with .rn (add.rn.f16): that keeps ptxas from fusing a multiply into a
 * following add, and is otherwise the same instruction. It also computes llvm.fabs.f16 in float32
 * (cvt, abs.f32, cvt back), and instcombine may swap a comparison's operands.
 *
 * pj_nvptx_half_ops runs on the optimized module, just before instruction selection:
 *  - an add, subtract or multiply of scalar halves (sm_53 on) or bfloat16s (sm_90 on; on sm_80 to
 *    89 one fma.rn.bf16, a * 1 + b, b * -1 + a, a * b + -0, as cuda_bf16.hpp does there) becomes
 *    that instruction in inline PTX, where no multiply can reach an add through it: an add none of
 *    whose operands comes from a multiply, a multiply whose result reaches no add. A multiply and
 *    an add that meet keep LLVM's code as before (fused into fma.rn where the IR allows it, .rn
 *    otherwise), and ptxas finds no unrounded pair to fuse: every result is the same as before.
 *    One rounding of the exact result either way: f16 and bf16 sums, differences and products
 *    computed in float32 and rounded once more are the correctly rounded ones (24 >= 2p + 2
 *    bits), and the native instruction rounds once. Only a NaN's payload may differ, which PTX
 *    leaves unspecified for both.
 *  - llvm.fabs.f16 becomes abs.f16 (sm_53 on): the same value but for a NaN's payload.
 *  - a 16-bit float comparison that codegen marked with its source predicate (pj_cg_fcmp) and that
 *    the optimizer turned around is turned back.
 * Division, fma, and everything below those architectures keep LLVM's lowering; so do fastmath
 * kernels (their arithmetic is .ftz) and opt_level 0 (no contraction, and values pass through
 * local memory where ptxas could pair them). The CPU never sees any of this. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/codegen.h"

typedef LLVMValueRef V;

enum { PJ_HALF_DEPTH = 6 }; /* how far a value is followed through phis, selects and casts */

static const char pj_pred_kind[] = "pj.pred";

static bool pj_is16(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind;
}

V pj_cg_fcmp(PjCg *g, LLVMRealPredicate p, V a, V b) {
  V c = LLVMBuildFCmp(g->b, p, a, b, "");
  if (!g->host && LLVMIsAInstruction(c) && pj_is16(LLVMTypeOf(a))) {
    LLVMMetadataRef n = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(g->ctx), (unsigned)p, 0));
    unsigned kind = LLVMGetMDKindIDInContext(g->ctx, pj_pred_kind, (unsigned)strlen(pj_pred_kind));
    LLVMSetMetadata(c, kind, LLVMMetadataAsValue(g->ctx, LLVMMDNodeInContext2(g->ctx, &n, 1)));
  }
  return c;
}

/* a pointer into the thread's local memory (an alloca, or address space 5): ptxas may keep it in
 * registers and see what passes through it */
static bool pj_local_ptr(V p) {
  for (int i = 0; i < 16 && p; i++) {
    if (LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(LLVMTypeOf(p)) == 5)
      return true;
    if (LLVMIsAAllocaInst(p)) return true;
    if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p)) p = LLVMGetOperand(p, 0);
    else if (LLVMIsAConstantExpr(p) && LLVMGetNumOperands(p) > 0) p = LLVMGetOperand(p, 0);
    else return false;
  }
  return true;
}

static bool pj_is_kernel(V fn) { return LLVMGetFunctionCallConv(fn) == 71; /* PTX_Kernel */ }

/* a call to a function that is neither an intrinsic nor inline PTX (a device function left a call) */
static bool pj_calls_code(V call) {
  V callee = LLVMGetCalledValue(call);
  return !LLVMIsAInlineAsm(callee) && !(LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee));
}

/* whether v may be a multiply's result (conservatively: through phis, selects, negation, casts,
 * a local variable, a device function's parameter or result) */
static bool pj_from_mul(V v, int depth) {
  if (LLVMIsAArgument(v)) return !pj_is_kernel(LLVMGetParamParent(v));
  if (!LLVMIsAInstruction(v)) return false;
  if (depth > PJ_HALF_DEPTH) return true;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMFMul: return true;
  case LLVMFNeg: case LLVMFreeze: case LLVMBitCast: case LLVMFPExt: case LLVMFPTrunc:
    return pj_from_mul(LLVMGetOperand(v, 0), depth + 1);
  case LLVMSelect: return pj_from_mul(LLVMGetOperand(v, 1), depth + 1) || pj_from_mul(LLVMGetOperand(v, 2), depth + 1);
  case LLVMPHI:
    for (unsigned i = 0, n = LLVMCountIncoming(v); i < n; i++)
      if (pj_from_mul(LLVMGetIncomingValue(v, i), depth + 1)) return true;
    return false;
  case LLVMLoad: return pj_local_ptr(LLVMGetOperand(v, 0));
  case LLVMCall: return pj_calls_code(v);
  default: return false;
  }
}

/* whether v may reach an add or subtract (the same ways, and a return or a device function's call) */
static bool pj_to_add(V v, int depth) {
  if (depth > PJ_HALF_DEPTH) return true;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    V user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) continue;
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMFAdd: case LLVMFSub: case LLVMRet: return true;
    case LLVMFNeg: case LLVMFreeze: case LLVMBitCast: case LLVMFPExt: case LLVMFPTrunc: case LLVMSelect: case LLVMPHI:
      if (pj_to_add(user, depth + 1)) return true;
      break;
    case LLVMStore:
      if (LLVMGetOperand(user, 0) == v && pj_local_ptr(LLVMGetOperand(user, 1))) return true;
      break;
    case LLVMCall:
      if (pj_calls_code(user)) return true;
      break;
    default: break;
    }
  }
  return false;
}

/* the inline PTX for an add/sub/mul of t on sm, or NULL where LLVM's lowering stays */
static const char *pj_arith_ptx(LLVMOpcode op, LLVMTypeRef t, int sm) {
  int which = op == LLVMFAdd ? 0 : op == LLVMFSub ? 1 : 2;
  if (LLVMGetTypeKind(t) == LLVMHalfTypeKind) {
    static const char *const f16[] = {"add.f16 $0, $1, $2;", "sub.f16 $0, $1, $2;", "mul.f16 $0, $1, $2;"};
    return sm >= 53 ? f16[which] : NULL;
  }
  static const char *const bf16[] = {"add.bf16 $0, $1, $2;", "sub.bf16 $0, $1, $2;", "mul.bf16 $0, $1, $2;"};
  /* sm_80: a + b = a * 1 + b, a - b = b * -1 + a, a * b = a * b + -0 (keeps a product's +0) */
  static const char *const fma80[] = {"{ .reg .b16 k; mov.b16 k, 0x3F80; fma.rn.bf16 $0, $1, k, $2; }",
                                      "{ .reg .b16 k; mov.b16 k, 0xBF80; fma.rn.bf16 $0, $2, k, $1; }",
                                      "{ .reg .b16 k; mov.b16 k, 0x8000; fma.rn.bf16 $0, $1, $2, k; }"};
  return sm >= 90 ? bf16[which] : sm >= 80 ? fma80[which] : NULL;
}

static bool pj_is_fabs16(V inst) {
  if (!LLVMIsACallInst(inst)) return false;
  V callee = LLVMGetCalledValue(inst);
  if (!LLVMIsAFunction(callee)) return false;
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  return len == 13 && memcmp(name, "llvm.fabs.f16", 13) == 0;
}

static void pj_replace(V old, V with) {
  LLVMInstructionSetDebugLoc(with, LLVMInstructionGetDebugLoc(old));
  LLVMReplaceAllUsesWith(old, with);
  LLVMInstructionEraseFromParent(old);
}

static V pj_asm(LLVMBuilderRef b, LLVMTypeRef t, const char *text, V *args, unsigned n) {
  LLVMTypeRef params[2] = {t, t};
  LLVMTypeRef ft = LLVMFunctionType(t, params, n, 0);
  const char *cons = n == 1 ? "=h,h" : "=h,h,h";
  V a = LLVMGetInlineAsm(ft, (char *)text, strlen(text), (char *)cons, strlen(cons), 0, 0, LLVMInlineAsmDialectATT, 0);
  return LLVMBuildCall2(b, ft, a, args, n, "");
}

static LLVMRealPredicate pj_swapped(LLVMRealPredicate p) {
  switch (p) {
  case LLVMRealOLT: return LLVMRealOGT;
  case LLVMRealOGT: return LLVMRealOLT;
  case LLVMRealOLE: return LLVMRealOGE;
  case LLVMRealOGE: return LLVMRealOLE;
  case LLVMRealULT: return LLVMRealUGT;
  case LLVMRealUGT: return LLVMRealULT;
  case LLVMRealULE: return LLVMRealUGE;
  case LLVMRealUGE: return LLVMRealULE;
  default: return p;
  }
}

/* the source predicate codegen recorded on a comparison, or -1 */
static int pj_source_pred(V inst, unsigned kind) {
  V md = LLVMGetMetadata(inst, kind);
  if (!md || LLVMGetMDNodeNumOperands(md) != 1) return -1;
  V op;
  LLVMGetMDNodeOperands(md, &op);
  return op && LLVMIsAConstantInt(op) ? (int)LLVMConstIntGetZExtValue(op) : -1;
}

/* A bfloat16 constant passed to a call that stays a call (a device function not inlined, opt=False)
 * crashes LLVM 19's NVPTX instruction selection (st.param of a bf16 immediate; llc too): such an
 * argument becomes a mov.b16 of its bits in inline PTX, which the selector takes as a register. */
static void pj_bf16_call_constants(LLVMBuilderRef b, V call) {
  unsigned n = (unsigned)LLVMGetNumArgOperands(call);
  for (unsigned a = 0; a < n; a++) {
    V arg = LLVMGetOperand(call, a);
    if (LLVMGetTypeKind(LLVMTypeOf(arg)) != LLVMBFloatTypeKind || !LLVMIsAConstant(arg)) continue;
    LLVMTypeRef bf = LLVMTypeOf(arg), i16 = LLVMInt16TypeInContext(LLVMGetTypeContext(bf));
    V bits = LLVMConstBitCast(arg, i16);
    unsigned long long v = LLVMIsAConstantInt(bits) ? LLVMConstIntGetZExtValue(bits) : 0;
    char text[48];
    snprintf(text, sizeof text, "mov.b16 $0, 0x%04llX;", v & 0xffffu);
    LLVMPositionBuilderBefore(b, call);
    LLVMTypeRef ft = LLVMFunctionType(bf, NULL, 0, 0);
    V mov = LLVMGetInlineAsm(ft, text, strlen(text), (char *)"=h", 2, 0, 0, LLVMInlineAsmDialectATT, 0);
    LLVMSetOperand(call, a, LLVMBuildCall2(b, ft, mov, NULL, 0, ""));
  }
}

void pj_nvptx_half_ops(LLVMModuleRef mod, int sm, bool arith) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  unsigned kind = LLVMGetMDKindIDInContext(ctx, pj_pred_kind, (unsigned)strlen(pj_pred_kind));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  for (V f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (V i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMGetInstructionOpcode(i) == LLVMCall && !LLVMIsAInlineAsm(LLVMGetCalledValue(i)) &&
            !LLVMIsAIntrinsicInst(i))
          pj_bf16_call_constants(b, i);
  V *work = NULL;
  size_t n = 0, cap = 0;
  for (V f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    /* first decide, on the IR as the optimizer left it; then rewrite */
    n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (V i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        bool take = false;
        LLVMOpcode op = LLVMGetInstructionOpcode(i);
        if (op == LLVMFCmp) {
          int p = pj_source_pred(i, kind);
          take = p >= 0 && (int)LLVMGetFCmpPredicate(i) != p && pj_swapped((LLVMRealPredicate)p) == LLVMGetFCmpPredicate(i);
        } else if (!arith) {
          continue;
        } else if (op == LLVMFAdd || op == LLVMFSub) {
          take = pj_is16(LLVMTypeOf(i)) && pj_arith_ptx(op, LLVMTypeOf(i), sm) && !pj_from_mul(LLVMGetOperand(i, 0), 0) &&
                 !pj_from_mul(LLVMGetOperand(i, 1), 0);
        } else if (op == LLVMFMul) {
          take = pj_is16(LLVMTypeOf(i)) && pj_arith_ptx(op, LLVMTypeOf(i), sm) && !pj_to_add(i, 0);
        } else {
          take = sm >= 53 && pj_is_fabs16(i);
        }
        if (!take) continue;
        if (n == cap) {
          V *more = realloc(work, (cap ? 2 * cap : 64) * sizeof *work);
          if (!more) continue; /* out of memory: this one keeps LLVM's lowering */
          work = more;
          cap = cap ? 2 * cap : 64;
        }
        work[n++] = i;
      }
    for (size_t k = 0; k < n; k++) {
      V i = work[k];
      LLVMPositionBuilderBefore(b, i);
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      if (op == LLVMFCmp) {
        V c = LLVMBuildFCmp(b, pj_swapped(LLVMGetFCmpPredicate(i)), LLVMGetOperand(i, 1), LLVMGetOperand(i, 0), "");
        if (LLVMIsAInstruction(c)) LLVMSetFastMathFlags(c, LLVMGetFastMathFlags(i));
        pj_replace(i, c);
      } else if (op == LLVMCall) {
        V x = LLVMGetOperand(i, 0);
        pj_replace(i, pj_asm(b, LLVMTypeOf(i), "abs.f16 $0, $1;", &x, 1));
      } else {
        V args[2] = {LLVMGetOperand(i, 0), LLVMGetOperand(i, 1)};
        pj_replace(i, pj_asm(b, LLVMTypeOf(i), pj_arith_ptx(op, LLVMTypeOf(i), sm), args, 2));
      }
    }
  }
  free(work);
  LLVMDisposeBuilder(b);
}
