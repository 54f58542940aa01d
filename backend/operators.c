/* Operators in generated code (backend/codegen.h): arithmetic with Python's and numba's rules
 * (floor division, modulo, powers, shifts), unary operators, comparisons (chains, mixed types,
 * complex numbers), `and`/`or` and conditional expressions. */
#include "backend/codegen.h"

#include <stdio.h>
#include <stdlib.h>

#include "ir/abi.h"
#include "stdlib/builtins.h"

/* ---- arithmetic --------------------------------------------------------------------------- */

/* Python's floor division and modulo of integers; division by zero gives 0 (numba's numpy
 * error model on the GPU). */
static LLVMValueRef pj_int_divmod(PjCg *g, PjBinOp op, LLVMValueRef a, LLVMValueRef b, PjDtype d) {
  LLVMTypeRef t = pj_cg_dtype(g, d);
  LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0);
  LLVMValueRef bzero = LLVMBuildICmp(g->b, LLVMIntEQ, b, zero, "");
  if (!pj_dtype_is_signed(d)) {
    LLVMValueRef safe = LLVMBuildSelect(g->b, bzero, one, b, "");
    LLVMValueRef r = op == PJ_OP_FLOORDIV ? LLVMBuildUDiv(g->b, a, safe, "") : LLVMBuildURem(g->b, a, safe, "");
    return LLVMBuildSelect(g->b, bzero, zero, r, "");
  }
  /* b == -1 would overflow sdiv for the minimum value: divide by 1 and negate instead */
  LLVMValueRef bneg1 = LLVMBuildICmp(g->b, LLVMIntEQ, b, LLVMConstAllOnes(t), "");
  LLVMValueRef safe = LLVMBuildSelect(g->b, LLVMBuildOr(g->b, bzero, bneg1, ""), one, b, "");
  LLVMValueRef q = LLVMBuildSDiv(g->b, a, safe, "");
  LLVMValueRef r = LLVMBuildSRem(g->b, a, safe, "");
  LLVMValueRef rnz = LLVMBuildICmp(g->b, LLVMIntNE, r, zero, "");
  LLVMValueRef signs = LLVMBuildICmp(g->b, LLVMIntSLT, LLVMBuildXor(g->b, r, b, ""), zero, "");
  LLVMValueRef adjust = LLVMBuildAnd(g->b, rnz, signs, "");
  LLVMValueRef res;
  if (op == PJ_OP_FLOORDIV) {
    /* x // -1 is -x, except that the minimum value gives 0 (numba's overflow result) */
    LLVMValueRef min = LLVMConstInt(t, 1ull << (pj_dtype_bits(d) - 1), 0);
    LLVMValueRef negated = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, a, min, ""), zero,
                                           LLVMBuildSub(g->b, zero, a, ""), "");
    res = LLVMBuildSub(g->b, q, LLVMBuildZExt(g->b, adjust, t, ""), "");
    res = LLVMBuildSelect(g->b, bneg1, negated, res, "");
  } else {
    res = LLVMBuildSelect(g->b, adjust, LLVMBuildAdd(g->b, r, b, ""), r, "");
    res = LLVMBuildSelect(g->b, bneg1, zero, res, "");
  }
  return LLVMBuildSelect(g->b, bzero, zero, res, "");
}

/* Python's float floor division and modulo (CPython's float_divmod). */
static LLVMValueRef pj_float_divmod(PjCg *g, PjBinOp op, LLVMValueRef a, LLVMValueRef b) {
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMValueRef zero = LLVMConstReal(t, 0), one = LLVMConstReal(t, 1);
  /* an exact fmod: NVPTX expands LLVM's frem as a - b*trunc(a/b), wrong for large quotients */
  bool f32 = t == LLVMFloatTypeInContext(g->ctx);
  LLVMValueRef mod = g->hooks->math(g, f32 ? "__nv_fmodf" : "__nv_fmod", f32 ? "fmodf" : "fmod",
                                    f32 ? PJ_FLOAT32 : PJ_FLOAT64, (LLVMValueRef[]){a, b}, 2);
  LLVMValueRef div = LLVMBuildFDiv(g->b, LLVMBuildFSub(g->b, a, mod, ""), b, "");
  LLVMValueRef mod_nz = LLVMBuildFCmp(g->b, LLVMRealUNE, mod, zero, "");
  LLVMValueRef b_neg = LLVMBuildFCmp(g->b, LLVMRealOLT, b, zero, "");
  LLVMValueRef m_neg = LLVMBuildFCmp(g->b, LLVMRealOLT, mod, zero, "");
  LLVMValueRef fix = LLVMBuildAnd(g->b, mod_nz, LLVMBuildXor(g->b, b_neg, m_neg, ""), "");
  LLVMTypeRef ov[1] = {t};
  LLVMValueRef zero_mod = pj_cg_call_intrinsic(g, "llvm.copysign", ov, 1, (LLVMValueRef[]){zero, b}, 2);
  mod = LLVMBuildSelect(g->b, fix, LLVMBuildFAdd(g->b, mod, b, ""), LLVMBuildSelect(g->b, mod_nz, mod, zero_mod, ""), "");
  if (op == PJ_OP_MOD) return mod;
  div = LLVMBuildSelect(g->b, fix, LLVMBuildFSub(g->b, div, one, ""), div, "");
  LLVMValueRef fl = pj_cg_call_intrinsic(g, "llvm.floor", ov, 1, &div, 1);
  LLVMValueRef half = LLVMConstReal(t, 0.5);
  LLVMValueRef up = LLVMBuildFCmp(g->b, LLVMRealOGT, LLVMBuildFSub(g->b, div, fl, ""), half, "");
  fl = LLVMBuildSelect(g->b, up, LLVMBuildFAdd(g->b, fl, one, ""), fl, "");
  LLVMValueRef div_nz = LLVMBuildFCmp(g->b, LLVMRealUNE, div, zero, "");
  LLVMValueRef signed_zero = pj_cg_call_intrinsic(g, "llvm.copysign", ov, 1,
                                                  (LLVMValueRef[]){zero, LLVMBuildFDiv(g->b, a, b, "")}, 2);
  return LLVMBuildSelect(g->b, div_nz, fl, signed_zero, "");
}

/* An integer power, by squaring, in a helper function made once per module. A negative
 * exponent gives 0 unless the base is 1 or -1 (numba's integer power). */
static LLVMValueRef pj_int_pow_fn(PjCg *g, PjDtype d) {
  char name[32];
  snprintf(name, sizeof name, "pj.ipow.%s", pj_dtype_name(d));
  LLVMValueRef fn = LLVMGetNamedFunction(g->mod, name);
  LLVMTypeRef t = pj_cg_dtype(g, d);
  LLVMTypeRef ft = LLVMFunctionType(t, (LLVMTypeRef[]){t, t}, 2, 0);
  if (fn) return fn;
  fn = LLVMAddFunction(g->mod, name, ft);
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  LLVMBuilderRef saved = g->b;
  g->b = LLVMCreateBuilderInContext(g->ctx);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(g->ctx, fn, "entry");
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(g->ctx, fn, "loop");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, fn, "done");
  LLVMValueRef base = LLVMGetParam(fn, 0), exp = LLVMGetParam(fn, 1);
  LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0);
  LLVMPositionBuilderAtEnd(g->b, entry);
  LLVMValueRef neg = pj_dtype_is_signed(d) ? LLVMBuildICmp(g->b, LLVMIntSLT, exp, zero, "") : LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0);
  LLVMBuildCondBr(g->b, LLVMBuildOr(g->b, neg, LLVMBuildICmp(g->b, LLVMIntEQ, exp, zero, ""), ""), done, loop);
  LLVMPositionBuilderAtEnd(g->b, loop);
  LLVMValueRef r = LLVMBuildPhi(g->b, t, "r"), b = LLVMBuildPhi(g->b, t, "b"), e = LLVMBuildPhi(g->b, t, "e");
  LLVMValueRef odd = LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildAnd(g->b, e, one, ""), zero, "");
  LLVMValueRef r2 = LLVMBuildSelect(g->b, odd, LLVMBuildMul(g->b, r, b, ""), r, "");
  LLVMValueRef b2 = LLVMBuildMul(g->b, b, b, "");
  LLVMValueRef e2 = LLVMBuildLShr(g->b, e, one, "");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, e2, zero, ""), done, loop);
  LLVMAddIncoming(r, (LLVMValueRef[]){one, r2}, (LLVMBasicBlockRef[]){entry, loop}, 2);
  LLVMAddIncoming(b, (LLVMValueRef[]){base, b2}, (LLVMBasicBlockRef[]){entry, loop}, 2);
  LLVMAddIncoming(e, (LLVMValueRef[]){exp, e2}, (LLVMBasicBlockRef[]){entry, loop}, 2);
  LLVMPositionBuilderAtEnd(g->b, done);
  LLVMValueRef res = LLVMBuildPhi(g->b, t, "res");
  /* from entry: exponent 0 -> 1; negative -> 1/base in integers */
  LLVMValueRef neg_res = zero;
  if (pj_dtype_is_signed(d)) {
    LLVMValueRef is_one = LLVMBuildICmp(g->b, LLVMIntEQ, base, one, "");
    LLVMValueRef is_m1 = LLVMBuildICmp(g->b, LLVMIntEQ, base, LLVMConstAllOnes(t), "");
    LLVMValueRef exp_odd = LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildAnd(g->b, exp, one, ""), zero, "");
    LLVMValueRef is_zero = LLVMBuildICmp(g->b, LLVMIntEQ, base, zero, "");
    LLVMValueRef min = LLVMConstInt(t, 1ull << (pj_dtype_bits(d) - 1), 0); /* numba: 0 ** -n */
    neg_res = LLVMBuildSelect(g->b, is_one, one,
                              LLVMBuildSelect(g->b, is_m1, LLVMBuildSelect(g->b, exp_odd, LLVMConstAllOnes(t), one, ""),
                                              LLVMBuildSelect(g->b, is_zero, min, zero, ""), ""), "");
  }
  LLVMAddIncoming(res, (LLVMValueRef[]){one, r2}, (LLVMBasicBlockRef[]){entry, loop}, 2);
  LLVMValueRef entry_neg = pj_dtype_is_signed(d) ? LLVMBuildICmp(g->b, LLVMIntSLT, exp, zero, "") : LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0);
  LLVMBuildRet(g->b, LLVMBuildSelect(g->b, entry_neg, neg_res, res, ""));
  LLVMDisposeBuilder(g->b);
  g->b = saved;
  return fn;
}

/* x ** k for a constant integer k: multiplication by squaring, as numba does for literal
 * exponents (exact for small powers, and far cheaper than pow). NULL when k is not constant. */
static LLVMValueRef pj_pow_const(PjCg *g, const PjExpr *e, LLVMValueRef a) {
  const PjExpr *r = e->bin.r;
  while (r->kind == PJ_EX_CAST) r = r->cast.x;
  PjDtype d = e->type->dtype;
  if (r->kind != PJ_EX_INT || r->ival > 64 || r->ival < -64 || (r->ival < 0 && !pj_dtype_is_float(d))) return NULL;
  bool f = pj_dtype_is_float(d);
  int64_t k = r->ival < 0 ? -r->ival : r->ival;
  LLVMValueRef res = f ? LLVMConstReal(pj_cg_dtype(g, d), 1.0) : LLVMConstInt(pj_cg_dtype(g, d), 1, 0);
  for (LLVMValueRef sq = a; k; k >>= 1) {
    if (k & 1) res = f ? LLVMBuildFMul(g->b, res, sq, "") : LLVMBuildMul(g->b, res, sq, "");
    if (k > 1) sq = f ? LLVMBuildFMul(g->b, sq, sq, "") : LLVMBuildMul(g->b, sq, sq, "");
  }
  return r->ival < 0 ? LLVMBuildFDiv(g->b, LLVMConstReal(pj_cg_dtype(g, d), 1.0), res, "") : res;
}

/* float ** integer, as numba's int_power_impl: squaring for |n| <= 65536, pow beyond. */
LLVMValueRef pj_float_powi_fn(PjCg *g, PjDtype d) {
  char name[32];
  snprintf(name, sizeof name, "pj.fpowi.%s", pj_dtype_name(d));
  LLVMValueRef fn = LLVMGetNamedFunction(g->mod, name);
  LLVMTypeRef t = pj_cg_dtype(g, d), i64 = pj_cg_i64(g);
  if (fn) return fn;
  fn = LLVMAddFunction(g->mod, name, LLVMFunctionType(t, (LLVMTypeRef[]){t, i64}, 2, 0));
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  LLVMBuilderRef saved = g->b;
  LLVMValueRef saved_fn = g->fn;
  g->b = LLVMCreateBuilderInContext(g->ctx);
  g->fn = fn;
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(g->ctx, fn, "entry");
  LLVMBasicBlockRef big = LLVMAppendBasicBlockInContext(g->ctx, fn, "big");
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(g->ctx, fn, "loop");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, fn, "done");
  LLVMValueRef x = LLVMGetParam(fn, 0), n = LLVMGetParam(fn, 1);
  LLVMValueRef zero = LLVMConstInt(i64, 0, 0), one = LLVMConstInt(i64, 1, 0), fone = LLVMConstReal(t, 1.0);
  LLVMPositionBuilderAtEnd(g->b, entry);
  LLVMValueRef neg = LLVMBuildICmp(g->b, LLVMIntSLT, n, zero, "");
  LLVMValueRef e0 = LLVMBuildSelect(g->b, neg, LLVMBuildSub(g->b, zero, n, ""), n, "");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntUGT, e0, LLVMConstInt(i64, 65536, 0), ""), big, loop);
  LLVMPositionBuilderAtEnd(g->b, big);
  LLVMValueRef fn_ = LLVMBuildSIToFP(g->b, n, t, "");
  LLVMValueRef p = g->hooks->math(g, d == PJ_FLOAT32 ? "__nv_powf" : "__nv_pow", d == PJ_FLOAT32 ? "powf" : "pow", d,
                                  (LLVMValueRef[]){x, fn_}, 2);
  LLVMBuildRet(g->b, p);
  LLVMPositionBuilderAtEnd(g->b, loop);
  LLVMValueRef r = LLVMBuildPhi(g->b, t, "r"), b = LLVMBuildPhi(g->b, t, "b"), e = LLVMBuildPhi(g->b, i64, "e");
  LLVMValueRef done_now = LLVMBuildICmp(g->b, LLVMIntEQ, e, zero, "");
  LLVMValueRef odd = LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildAnd(g->b, e, one, ""), zero, "");
  LLVMValueRef r2 = LLVMBuildSelect(g->b, odd, LLVMBuildFMul(g->b, r, b, ""), r, "");
  LLVMValueRef b2 = LLVMBuildFMul(g->b, b, b, "");
  LLVMValueRef e2 = LLVMBuildLShr(g->b, e, one, "");
  LLVMBasicBlockRef cont = LLVMAppendBasicBlockInContext(g->ctx, fn, "cont");
  LLVMBuildCondBr(g->b, done_now, done, cont);
  LLVMPositionBuilderAtEnd(g->b, cont);
  LLVMBuildBr(g->b, loop);
  LLVMAddIncoming(r, (LLVMValueRef[]){fone, r2}, (LLVMBasicBlockRef[]){entry, cont}, 2);
  LLVMAddIncoming(b, (LLVMValueRef[]){x, b2}, (LLVMBasicBlockRef[]){entry, cont}, 2);
  LLVMAddIncoming(e, (LLVMValueRef[]){e0, e2}, (LLVMBasicBlockRef[]){entry, cont}, 2);
  LLVMPositionBuilderAtEnd(g->b, done);
  LLVMBuildRet(g->b, LLVMBuildSelect(g->b, neg, LLVMBuildFDiv(g->b, fone, r, ""), r, ""));
  LLVMDisposeBuilder(g->b);
  g->b = saved;
  g->fn = saved_fn;
  return fn;
}

static LLVMValueRef pj_pow(PjCg *g, const PjExpr *e, LLVMValueRef a, LLVMValueRef b) {
  PjDtype d = e->type->dtype;
  LLVMValueRef k = pj_pow_const(g, e, a);
  if (k) return k;
  if (!pj_dtype_is_float(d)) {
    LLVMValueRef fn = pj_int_pow_fn(g, d);
    LLVMTypeRef t = pj_cg_dtype(g, d);
    LLVMTypeRef ft = LLVMFunctionType(t, (LLVMTypeRef[]){t, t}, 2, 0);
    return LLVMBuildCall2(g->b, ft, fn, (LLVMValueRef[]){a, b}, 2, "");
  }
  if (d == PJ_FLOAT16 || d == PJ_BFLOAT16) { /* through float32 */
    LLVMValueRef x = pj_cg_convert_scalar(g, a, d, PJ_FLOAT32);
    LLVMValueRef y = pj_cg_convert_scalar(g, b, e->bin.r->type->dtype, PJ_FLOAT32);
    LLVMValueRef r = g->hooks->math(g, "__nv_powf", "powf", PJ_FLOAT32, (LLVMValueRef[]){x, y}, 2);
    return pj_cg_convert_scalar(g, r, PJ_FLOAT32, d);
  }
  if (!pj_dtype_is_float(e->bin.r->type->dtype)) {
    LLVMValueRef fn = pj_float_powi_fn(g, d);
    LLVMTypeRef t = pj_cg_dtype(g, d);
    LLVMValueRef n = pj_cg_convert_scalar(g, b, e->bin.r->type->dtype, PJ_INT64);
    return LLVMBuildCall2(g->b, LLVMFunctionType(t, (LLVMTypeRef[]){t, pj_cg_i64(g)}, 2, 0), fn, (LLVMValueRef[]){a, n}, 2, "");
  }
  return g->hooks->math(g, d == PJ_FLOAT32 ? "__nv_powf" : "__nv_pow", d == PJ_FLOAT32 ? "powf" : "pow", d,
                        (LLVMValueRef[]){a, b}, 2);
}

static LLVMValueRef pj_shift(PjCg *g, PjBinOp op, LLVMValueRef a, LLVMValueRef b, PjDtype d) {
  /* Python shifts by the count; counts of the width or more give 0 (or -1 for negative >>) */
  LLVMTypeRef t = pj_cg_dtype(g, d);
  LLVMValueRef width = LLVMConstInt(t, (unsigned long long)pj_dtype_bits(d), 0);
  LLVMValueRef big = LLVMBuildICmp(g->b, LLVMIntUGE, b, width, "");
  LLVMValueRef count = LLVMBuildSelect(g->b, big, LLVMConstInt(t, 0, 0), b, "");
  if (op == PJ_OP_LSHIFT) return LLVMBuildSelect(g->b, big, LLVMConstInt(t, 0, 0), LLVMBuildShl(g->b, a, count, ""), "");
  if (!pj_dtype_is_signed(d)) return LLVMBuildSelect(g->b, big, LLVMConstInt(t, 0, 0), LLVMBuildLShr(g->b, a, count, ""), "");
  LLVMValueRef sign = LLVMBuildAShr(g->b, a, LLVMConstInt(t, (unsigned long long)pj_dtype_bits(d) - 1, 0), "");
  return LLVMBuildSelect(g->b, big, sign, LLVMBuildAShr(g->b, a, count, ""), "");
}

/* Float + - * may be contracted into fused multiply-adds, as numba-cuda (NVVM) and nvcc do by
 * default (not without optimisation, opt=False, as NVVM's -opt=0); fastmath flags beyond that are
 * for fastmath=True only. */
LLVMValueRef pj_contractable_in(PjCg *g, LLVMValueRef v) {
  if (LLVMIsAInstruction(v) && LLVMCanValueUseFastMathFlags(v))
    LLVMSetFastMathFlags(v, g->fastmath ? LLVMFastMathAll : g->no_contract ? LLVMFastMathNone : LLVMFastMathAllowContract);
  return v;
}
#define pj_contractable(v) pj_contractable_in(g, (v))

/* debug=True: a division or modulo by zero stops the thread with ZeroDivisionError for the host to
 * raise (numba's Python error model in debug mode; floats too, except under fastmath). */
static void pj_check_divisor(PjCg *g, PjLoc loc, LLVMValueRef b, bool f) {
  LLVMValueRef zero = f ? LLVMBuildFCmp(g->b, LLVMRealOEQ, b, LLVMConstReal(LLVMTypeOf(b), 0.0), "")
                        : LLVMBuildICmp(g->b, LLVMIntEQ, b, LLVMConstInt(LLVMTypeOf(b), 0, 0), "");
  LLVMBasicBlockRef fail = pj_cg_block_new(g, "divzero"), ok = pj_cg_block_new(g, "divok");
  LLVMBuildCondBr(g->b, zero, fail, ok);
  LLVMPositionBuilderAtEnd(g->b, fail);
  pj_cg_record_error(g, loc, PJ_KERNEL_ERROR_ZERO_DIVISION, 0, NULL, NULL);
  LLVMPositionBuilderAtEnd(g->b, ok);
}

LLVMValueRef pj_cg_binary(PjCg *g, const PjExpr *e) {
  LLVMValueRef a = pj_cg_expr(g, e->bin.l), b = pj_cg_expr(g, e->bin.r);
  PjDtype d = e->bin.l->type->dtype;
  PjBinOp op = e->bin.op;
  if (pj_dtype_unit(d) >= 0 || pj_dtype_unit(e->bin.r->type->dtype) >= 0)
    return pj_cg_time_binary(g, e, a, b); /* backend/datetime.c: NaT, not ZeroDivisionError */
  if (g->debug && (op == PJ_OP_DIV || op == PJ_OP_FLOORDIV || op == PJ_OP_MOD) && !pj_dtype_is_complex(d) &&
      !(pj_dtype_is_float(d) && g->fastmath))
    pj_check_divisor(g, e->loc, b, pj_dtype_is_float(d));
  if (pj_dtype_is_complex(d))
    return e->bin.op == PJ_OP_POW ? pj_complex_pow(g, e, a, b) : pj_complex_binary(g, e->bin.op, a, b, d);
  if ((d == PJ_FLOAT16 || d == PJ_BFLOAT16) && (e->bin.op == PJ_OP_FLOORDIV || e->bin.op == PJ_OP_MOD)) {
    LLVMValueRef r = pj_float_divmod(g, e->bin.op, pj_cg_convert_scalar(g, a, d, PJ_FLOAT32), pj_cg_convert_scalar(g, b, d, PJ_FLOAT32));
    return pj_cg_convert_scalar(g, r, PJ_FLOAT32, d);
  }
  bool f = pj_dtype_is_float(d);
  switch (e->bin.op) {
  case PJ_OP_ADD: return f ? pj_contractable(LLVMBuildFAdd(g->b, a, b, "")) : LLVMBuildAdd(g->b, a, b, "");
  case PJ_OP_SUB: return f ? pj_contractable(LLVMBuildFSub(g->b, a, b, "")) : LLVMBuildSub(g->b, a, b, "");
  case PJ_OP_MUL: return f ? pj_contractable(LLVMBuildFMul(g->b, a, b, "")) : LLVMBuildMul(g->b, a, b, "");
  case PJ_OP_DIV:
    if (g->fastmath && !g->host && d == PJ_FLOAT32) /* numba's fastmath: approximate float32 division */
      return pj_cg_call_intrinsic(g, "llvm.nvvm.div.approx.ftz.f", NULL, 0, (LLVMValueRef[]){a, b}, 2);
    return g->fastmath ? pj_contractable(LLVMBuildFDiv(g->b, a, b, "")) : LLVMBuildFDiv(g->b, a, b, "");
  case PJ_OP_FLOORDIV:
  case PJ_OP_MOD: return f ? pj_float_divmod(g, e->bin.op, a, b) : pj_int_divmod(g, e->bin.op, a, b, d);
  case PJ_OP_POW: return pj_pow(g, e, a, b);
  case PJ_OP_LSHIFT:
  case PJ_OP_RSHIFT: return pj_shift(g, e->bin.op, a, b, d);
  case PJ_OP_BITAND: return LLVMBuildAnd(g->b, a, b, "");
  case PJ_OP_BITOR: return LLVMBuildOr(g->b, a, b, "");
  case PJ_OP_BITXOR: return LLVMBuildXor(g->b, a, b, "");
  default: return LLVMGetUndef(pj_cg_type(g, e->type));
  }
}

LLVMValueRef pj_cg_unary(PjCg *g, const PjExpr *e) {
  LLVMValueRef x = pj_cg_expr(g, e->un.x), r = x;
  const PjType *xt = e->un.x->type;
  switch (e->un.op) {
  case PJ_UN_NEG:
    if (pj_dtype_is_complex(xt->dtype)) r = pj_cx(g, xt->dtype, LLVMBuildFNeg(g->b, pj_re(g, x), ""), LLVMBuildFNeg(g->b, pj_im(g, x), ""));
    else r = pj_dtype_is_float(xt->dtype) ? LLVMBuildFNeg(g->b, x, "") : LLVMBuildNeg(g->b, x, "");
    break;
  case PJ_UN_POS: break;
  case PJ_UN_INVERT: r = LLVMBuildNot(g->b, x, ""); break;
  case PJ_UN_NOT: return LLVMBuildNot(g->b, pj_truth(g, x, xt), "");
  }
  return pj_cg_convert(g, r, xt, e->type); /* computed in the operand's width, then widened */
}

/* Tuples equal item by item (numba's tuple ==); tuples of different lengths are unequal. */
static LLVMValueRef pj_tuple_equal(PjCg *g, LLVMValueRef a, const PjType *at, LLVMValueRef b, const PjType *bt) {
  LLVMTypeRef i1 = LLVMInt1TypeInContext(g->ctx);
  if (at->count != bt->count) return LLVMConstInt(i1, 0, 0);
  LLVMValueRef r = LLVMConstInt(i1, 1, 0);
  for (int i = 0; i < at->count; i++) {
    LLVMValueRef x = LLVMBuildExtractValue(g->b, a, (unsigned)i, ""), y = LLVMBuildExtractValue(g->b, b, (unsigned)i, "");
    r = LLVMBuildAnd(g->b, r, pj_compare_pair(g, PJ_CMP_EQ, x, at->items[i], y, bt->items[i]), "");
  }
  return r;
}

/* x in s: s a tuple (some item == x; none for the empty tuple) or an array of numbers. */
static LLVMValueRef pj_contains(PjCg *g, LLVMValueRef x, const PjType *xt, LLVMValueRef s, const PjType *st) {
  if (st->kind == PJ_TY_ARRAY) return pj_cg_array_contains(g, x, xt, s, st);
  LLVMValueRef r = LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0);
  for (int i = 0; i < st->count; i++)
    r = LLVMBuildOr(g->b, r, pj_compare_pair(g, PJ_CMP_EQ, x, xt, LLVMBuildExtractValue(g->b, s, (unsigned)i, ""), st->items[i]), "");
  return r;
}

LLVMValueRef pj_compare_pair(PjCg *g, PjCmpOp op, LLVMValueRef a, const PjType *at, LLVMValueRef b,
                                    const PjType *bt) {
  if (op == PJ_CMP_IN || op == PJ_CMP_NOT_IN) {
    LLVMValueRef r = pj_contains(g, a, at, b, bt);
    return op == PJ_CMP_IN ? r : LLVMBuildNot(g->b, r, "");
  }
  if (at->kind == PJ_TY_TUPLE) {
    LLVMValueRef r = pj_tuple_equal(g, a, at, b, bt);
    return op == PJ_CMP_EQ ? r : LLVMBuildNot(g->b, r, "");
  }
  if (at->kind == PJ_TY_RECORD || at->kind == PJ_TY_STRING) return pj_cg_chars_compare(g, op, a, at, b, bt); /* strings.c */
  if (pj_dtype_unit(at->dtype) >= 0) return pj_cg_time_compare(g, op, a, at->dtype, b, bt->dtype); /* backend/datetime.c */
  PjDtype d = pj_dtype_unify(at->dtype, bt->dtype); /* int64 with uint64: float64, as numba */
  a = pj_cg_convert_scalar(g, a, at->dtype, d);
  b = pj_cg_convert_scalar(g, b, bt->dtype, d);
  if (pj_dtype_is_complex(d)) { /* == and != compare both parts */
    const PjType *part = pj_type_scalar(pj_dtype_part(d));
    LLVMValueRef re = pj_compare_pair(g, op, pj_re(g, a), part, pj_re(g, b), part);
    LLVMValueRef im = pj_compare_pair(g, op, pj_im(g, a), part, pj_im(g, b), part);
    return op == PJ_CMP_EQ ? LLVMBuildAnd(g->b, re, im, "") : LLVMBuildOr(g->b, re, im, "");
  }
  if (pj_dtype_is_float(d)) {
    static const LLVMRealPredicate fp[] = {LLVMRealOEQ, LLVMRealUNE, LLVMRealOLT, LLVMRealOLE, LLVMRealOGT, LLVMRealOGE};
    return pj_cg_fcmp(g, fp[op], a, b);
  }
  bool s = pj_dtype_is_signed(d);
  static const LLVMIntPredicate sp[] = {LLVMIntEQ, LLVMIntNE, LLVMIntSLT, LLVMIntSLE, LLVMIntSGT, LLVMIntSGE};
  static const LLVMIntPredicate up[] = {LLVMIntEQ, LLVMIntNE, LLVMIntULT, LLVMIntULE, LLVMIntUGT, LLVMIntUGE};
  return LLVMBuildICmp(g->b, s ? sp[op] : up[op], a, b, "");
}

/* One pair of a comparison: where both operands are int64 values in the int32 range (narrow.c),
 * one 32-bit compare instead of two halves. */
static LLVMValueRef pj_compare_link(PjCg *g, PjCmpOp op, LLVMValueRef a, const PjExpr *ea, LLVMValueRef b, const PjExpr *eb) {
  const PjType *ta = ea->type, *tb = eb->type;
  if (ta->kind == PJ_TY_SCALAR && tb->kind == PJ_TY_SCALAR && ta->dtype == PJ_INT64 && tb->dtype == PJ_INT64 &&
      pj_cg_fits_i32(g, ea) && pj_cg_fits_i32(g, eb)) {
    LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx);
    const PjType *t32 = pj_type_scalar(PJ_INT32);
    return pj_compare_pair(g, op, LLVMBuildTrunc(g->b, a, i32, ""), t32, LLVMBuildTrunc(g->b, b, i32, ""), t32);
  }
  return pj_compare_pair(g, op, a, ta, b, tb);
}

/* a < b <= c: each operand evaluated once, and the chain stops at the first false pair. */
LLVMValueRef pj_cg_compare(PjCg *g, const PjExpr *e) {
  LLVMValueRef prev = pj_cg_expr(g, e->cmp.operands[0]);
  if (e->cmp.n == 1)
    return pj_compare_link(g, e->cmp.ops[0], prev, e->cmp.operands[0], pj_cg_expr(g, e->cmp.operands[1]), e->cmp.operands[1]);
  LLVMBasicBlockRef done = pj_cg_block_new(g, "chain.end");
  LLVMTypeRef i1 = LLVMInt1TypeInContext(g->ctx);
  LLVMValueRef *phi_vals = malloc(sizeof(LLVMValueRef) * (size_t)e->cmp.n);
  LLVMBasicBlockRef *phi_blocks = malloc(sizeof(LLVMBasicBlockRef) * (size_t)e->cmp.n);
  int np = 0;
  for (int i = 0; i < e->cmp.n; i++) {
    LLVMValueRef next = pj_cg_expr(g, e->cmp.operands[i + 1]);
    LLVMValueRef c = pj_compare_link(g, e->cmp.ops[i], prev, e->cmp.operands[i], next, e->cmp.operands[i + 1]);
    if (i == e->cmp.n - 1) {
      phi_vals[np] = c;
      phi_blocks[np++] = LLVMGetInsertBlock(g->b);
      LLVMBuildBr(g->b, done);
      break;
    }
    LLVMBasicBlockRef more = pj_cg_block_new(g, "chain.next");
    phi_vals[np] = LLVMConstInt(i1, 0, 0);
    phi_blocks[np++] = LLVMGetInsertBlock(g->b);
    LLVMBuildCondBr(g->b, c, more, done);
    LLVMPositionBuilderAtEnd(g->b, more);
    prev = next;
  }
  LLVMPositionBuilderAtEnd(g->b, done);
  LLVMValueRef phi = LLVMBuildPhi(g->b, i1, "");
  LLVMAddIncoming(phi, phi_vals, phi_blocks, (unsigned)np);
  free(phi_vals);
  free(phi_blocks);
  return phi;
}

/* a and b / a or b: Python's value semantics, with b evaluated only when needed. */
LLVMValueRef pj_cg_boolop(PjCg *g, const PjExpr *e) {
  LLVMValueRef a = pj_cg_expr(g, e->boolop.l);
  LLVMValueRef ta = pj_truth(g, a, e->boolop.l->type);
  LLVMBasicBlockRef from = LLVMGetInsertBlock(g->b);
  LLVMBasicBlockRef rhs = pj_cg_block_new(g, e->boolop.is_and ? "and.rhs" : "or.rhs");
  LLVMBasicBlockRef done = pj_cg_block_new(g, "boolop.end");
  if (e->boolop.is_and) LLVMBuildCondBr(g->b, ta, rhs, done);
  else LLVMBuildCondBr(g->b, ta, done, rhs);
  LLVMPositionBuilderAtEnd(g->b, rhs);
  LLVMValueRef b = pj_cg_expr(g, e->boolop.r);
  LLVMBasicBlockRef rhs_end = LLVMGetInsertBlock(g->b);
  LLVMBuildBr(g->b, done);
  LLVMPositionBuilderAtEnd(g->b, done);
  LLVMValueRef phi = LLVMBuildPhi(g->b, LLVMTypeOf(a), "");
  LLVMAddIncoming(phi, (LLVMValueRef[]){a, b}, (LLVMBasicBlockRef[]){from, rhs_end}, 2);
  return phi;
}

LLVMValueRef pj_cg_ifexp(PjCg *g, const PjExpr *e) {
  LLVMValueRef c = pj_truth(g, pj_cg_expr(g, e->ifexp.cond), e->ifexp.cond->type);
  LLVMBasicBlockRef bt = pj_cg_block_new(g, "if.then"), bf = pj_cg_block_new(g, "if.else"), done = pj_cg_block_new(g, "if.end");
  LLVMBuildCondBr(g->b, c, bt, bf);
  LLVMPositionBuilderAtEnd(g->b, bt);
  LLVMValueRef a = pj_cg_expr(g, e->ifexp.then);
  LLVMBasicBlockRef bt_end = LLVMGetInsertBlock(g->b);
  LLVMBuildBr(g->b, done);
  LLVMPositionBuilderAtEnd(g->b, bf);
  LLVMValueRef b = pj_cg_expr(g, e->ifexp.orelse);
  LLVMBasicBlockRef bf_end = LLVMGetInsertBlock(g->b);
  LLVMBuildBr(g->b, done);
  LLVMPositionBuilderAtEnd(g->b, done);
  LLVMValueRef phi = LLVMBuildPhi(g->b, LLVMTypeOf(a), "");
  LLVMAddIncoming(phi, (LLVMValueRef[]){a, b}, (LLVMBasicBlockRef[]){bt_end, bf_end}, 2);
  return phi;
}

