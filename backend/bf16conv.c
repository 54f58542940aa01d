/* cuda.bf16's conversions with a rounding mode (numba.cuda.bf16.int32_to_bfloat16_rz and friends,
 * CUDA's __int2bfloat16_rz ...), lowered to integer and float32 LLVM IR that both targets run the
 * same way: every rounding into bfloat16 is done on a float32's bits, so no bfloat16 instruction
 * (which the GPU has only on sm_90 for most of these forms, and the CPU not at all) is needed.
 *
 * The one rounding into bfloat16 is exact for every source: a float32 is rounded from its bits; an
 * integer or a float64 is first brought to a float32 that keeps its value's leading 24 bits and
 * folds every lower nonzero bit into the last one ("round to odd"): that float32 lies strictly
 * between the same two bfloat16 neighbours as the source, and is exactly halfway only when the
 * source is, so rounding it once in any mode gives the source's correctly rounded bfloat16. */
#include "backend/codegen.h"
#include "stdlib/builtins.h"

typedef LLVMValueRef V;

static LLVMTypeRef i16t(PjCg *g) { return LLVMInt16TypeInContext(g->ctx); }
static LLVMTypeRef i32t(PjCg *g) { return LLVMInt32TypeInContext(g->ctx); }
static LLVMTypeRef i64t(PjCg *g) { return LLVMInt64TypeInContext(g->ctx); }
static LLVMTypeRef f32t(PjCg *g) { return LLVMFloatTypeInContext(g->ctx); }
static V c32(PjCg *g, unsigned long long v) { return LLVMConstInt(i32t(g), v, 0); }
static V c64(PjCg *g, unsigned long long v) { return LLVMConstInt(i64t(g), v, 0); }

/* a float32's bits -> the bfloat16's bits (i16), rounded by mode; a NaN becomes the canonical NaN
 * 0x7fff, as the GPU's cvt gives it */
static V bits32_to_bf16(PjCg *g, V bits, int mode) {
  LLVMBuilderRef b = g->b;
  V hi = LLVMBuildLShr(b, bits, c32(g, 16), "");
  V lo = LLVMBuildAnd(b, bits, c32(g, 0xffff), "");
  V neg = LLVMBuildICmp(b, LLVMIntNE, LLVMBuildLShr(b, bits, c32(g, 31), ""), c32(g, 0), "");
  V inexact = LLVMBuildICmp(b, LLVMIntNE, lo, c32(g, 0), "");
  V up; /* whether the magnitude goes up by one bfloat16 step */
  switch (mode) {
  case 0: { /* to nearest, ties to the even neighbour */
    V above = LLVMBuildICmp(b, LLVMIntUGT, lo, c32(g, 0x8000), "");
    V tie = LLVMBuildICmp(b, LLVMIntEQ, lo, c32(g, 0x8000), "");
    V odd = LLVMBuildICmp(b, LLVMIntNE, LLVMBuildAnd(b, hi, c32(g, 1), ""), c32(g, 0), "");
    up = LLVMBuildOr(b, above, LLVMBuildAnd(b, tie, odd, ""), "");
    break;
  }
  case 1: up = LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0); break;   /* toward zero: truncate */
  case 2: up = LLVMBuildAnd(b, inexact, neg, ""); break;                      /* down: negatives grow */
  default: up = LLVMBuildAnd(b, inexact, LLVMBuildNot(b, neg, ""), ""); break; /* up: positives grow */
  }
  /* a carry out of the significand steps the exponent: the largest finite value rounds to inf */
  V r = LLVMBuildAdd(b, hi, LLVMBuildZExt(b, up, i32t(g), ""), "");
  V nan = LLVMBuildICmp(b, LLVMIntUGT, LLVMBuildAnd(b, bits, c32(g, 0x7fffffff), ""), c32(g, 0x7f800000), "");
  r = LLVMBuildSelect(b, nan, c32(g, 0x7fff), r, "");
  return LLVMBuildTrunc(b, r, i16t(g), "");
}

static V f32_bits(PjCg *g, V f) { return LLVMBuildBitCast(g->b, f, i32t(g), ""); }

/* an integer (of dtype d) -> a float32 rounded to odd (see above) */
static V int_to_f32_odd(PjCg *g, V v, PjDtype d) {
  LLVMBuilderRef b = g->b;
  bool is_signed = pj_dtype_is_signed(d);
  if (pj_dtype_bits(d) <= 16) /* exact in float32 */
    return is_signed ? LLVMBuildSIToFP(b, v, f32t(g), "") : LLVMBuildUIToFP(b, v, f32t(g), "");
  V x = pj_dtype_bits(d) == 64 ? v : is_signed ? LLVMBuildSExt(b, v, i64t(g), "") : LLVMBuildZExt(b, v, i64t(g), "");
  V neg = is_signed ? LLVMBuildICmp(b, LLVMIntSLT, x, c64(g, 0), "") : LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0);
  V m = LLVMBuildSelect(b, neg, LLVMBuildSub(b, c64(g, 0), x, ""), x, ""); /* |x| as unsigned (INT64_MIN too) */
  LLVMTypeRef t64 = i64t(g);
  V lz = pj_cg_call_intrinsic(g, "llvm.ctlz", &t64, 1, (V[]){m, LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0)}, 2);
  /* shift right so that 24 bits remain: 40 - leading zeros, when positive */
  V sh = LLVMBuildSub(b, c64(g, 40), lz, "");
  sh = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSGT, sh, c64(g, 0), ""), sh, c64(g, 0), "");
  V t = LLVMBuildLShr(b, m, sh, "");
  V sticky = LLVMBuildICmp(b, LLVMIntNE, LLVMBuildShl(b, t, sh, ""), m, "");
  t = LLVMBuildOr(b, t, LLVMBuildZExt(b, sticky, t64, ""), "");
  V f = LLVMBuildUIToFP(b, t, f32t(g), ""); /* exact: t < 2^24 */
  /* times 2^sh (exact): a float32 built from its exponent bits */
  V e = LLVMBuildShl(b, LLVMBuildTrunc(b, LLVMBuildAdd(b, sh, c64(g, 127), ""), i32t(g), ""), c32(g, 23), "");
  f = LLVMBuildFMul(b, f, LLVMBuildBitCast(b, e, f32t(g), ""), "");
  return LLVMBuildSelect(b, neg, LLVMBuildFNeg(b, f, ""), f, "");
}

/* a float64 -> a float32 rounded to odd: rounded to nearest, stepped back toward zero when that
 * went up in magnitude (a truncation), the lowest bit set when anything was dropped */
V pj_cg_f64_to_f32_odd(PjCg *g, V d) {
  LLVMBuilderRef b = g->b;
  LLVMTypeRef f64 = LLVMDoubleTypeInContext(g->ctx), dt = f64;
  V f = LLVMBuildFPTrunc(b, d, f32t(g), "");
  V back = LLVMBuildFPExt(b, f, f64, "");
  V grew = LLVMBuildFCmp(b, LLVMRealOGT, pj_cg_call_intrinsic(g, "llvm.fabs", &dt, 1, &back, 1),
                         pj_cg_call_intrinsic(g, "llvm.fabs", &dt, 1, &d, 1), "");
  V bits = f32_bits(g, f);
  bits = LLVMBuildSelect(b, grew, LLVMBuildSub(b, bits, c32(g, 1), ""), bits, ""); /* |f| > 0 here */
  V dropped = LLVMBuildFCmp(b, LLVMRealONE, LLVMBuildFPExt(b, LLVMBuildBitCast(b, bits, f32t(g), ""), f64, ""), d, "");
  return LLVMBuildOr(b, bits, LLVMBuildZExt(b, dropped, i32t(g), ""), ""); /* bits (i32) */
}

static V bf16_to_f32(PjCg *g, V h) {
  V bits = LLVMBuildZExt(g->b, LLVMBuildBitCast(g->b, h, i16t(g), ""), i32t(g), "");
  return LLVMBuildBitCast(g->b, LLVMBuildShl(g->b, bits, c32(g, 16), ""), f32t(g), "");
}

/* bfloat16 -> an integer: rounded by mode to an integral float32, then saturated; NaN -> 0 (a
 * 64-bit result: its minimum, 0x8000000000000000, as CUDA's conversions give) */
static V bf16_to_int(PjCg *g, V h, PjDtype d, int mode) {
  LLVMBuilderRef b = g->b;
  LLVMTypeRef ft = f32t(g), it = pj_cg_dtype(g, d);
  V f = bf16_to_f32(g, h);
  static const char *const round[] = {"llvm.roundeven", "llvm.trunc", "llvm.floor", "llvm.ceil"};
  f = pj_cg_call_intrinsic(g, round[mode], &ft, 1, &f, 1);
  LLVMTypeRef ov[2] = {it, ft};
  V r = pj_cg_call_intrinsic(g, pj_dtype_is_signed(d) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", ov, 2, &f, 1);
  if (pj_dtype_bits(d) == 64) {
    V nan = LLVMBuildFCmp(b, LLVMRealUNO, f, f, "");
    r = LLVMBuildSelect(b, nan, LLVMConstInt(it, 1ull << 63, 0), r, "");
  }
  return r;
}

V pj_cg_bf16cvt(PjCg *g, V v, int dim) {
  LLVMBuilderRef b = g->b;
  PjDtype d = PJ_BF16CVT_DTYPE(dim);
  int mode = PJ_BF16CVT_MODE(dim);
  LLVMTypeRef bf = pj_cg_dtype(g, PJ_BFLOAT16);
  switch (PJ_BF16CVT_OP(dim)) {
  case PJ_BF16CVT_TO: {
    V bits = d == PJ_FLOAT32 ? f32_bits(g, v) : d == PJ_FLOAT64 ? pj_cg_f64_to_f32_odd(g, v) : f32_bits(g, int_to_f32_odd(g, v, d));
    return LLVMBuildBitCast(b, bits32_to_bf16(g, bits, mode), bf, "");
  }
  case PJ_BF16CVT_FROM:
    if (pj_dtype_is_float(d)) return bf16_to_f32(g, v); /* exact */
    return bf16_to_int(g, v, d, mode);
  case PJ_BF16CVT_AS: return LLVMBuildBitCast(b, v, i16t(g), ""); /* int16 and uint16 are both i16 */
  default: return LLVMBuildBitCast(b, v, bf, "");
  }
}
