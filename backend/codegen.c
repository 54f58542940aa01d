/* Typed kernel IR -> LLVM IR. One code generator for both targets: what differs (where thread
 * and block indices come from, which math library a builtin calls) is asked of the target
 * through the small hooks at the top. Operators are lowered in backend/operators.c, arrays in
 * arrays.c, loops in loops.c, cmath in cmath.c, the 16- and 8-bit float conversions in bf16conv.c
 * and fp8conv.c, print() and its f-strings in print.c. */
#include "backend/codegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "stdlib/builtins.h"

/* ---- types ------------------------------------------------------------------------------- */

LLVMTypeRef pj_cg_dtype(PjCg *g, PjDtype d) {
  switch (d) {
  case PJ_BOOL: return LLVMInt1TypeInContext(g->ctx);
  case PJ_INT8: case PJ_UINT8: return LLVMInt8TypeInContext(g->ctx);
  case PJ_INT16: case PJ_UINT16: return LLVMInt16TypeInContext(g->ctx);
  case PJ_INT32: case PJ_UINT32: return LLVMInt32TypeInContext(g->ctx);
  case PJ_INT64: case PJ_UINT64: return LLVMInt64TypeInContext(g->ctx);
  case PJ_FLOAT16: return LLVMHalfTypeInContext(g->ctx);
  case PJ_BFLOAT16: return LLVMBFloatTypeInContext(g->ctx);
  case PJ_FP8_E5M2: case PJ_FP8_E4M3: case PJ_FP8_E8M0: return LLVMInt8TypeInContext(g->ctx); /* the bits */
  case PJ_FLOAT32: return LLVMFloatTypeInContext(g->ctx);
  case PJ_FLOAT64: return LLVMDoubleTypeInContext(g->ctx);
  case PJ_COMPLEX64: case PJ_COMPLEX128: { /* {real, imag}, NumPy's layout in memory too */
    LLVMTypeRef part = pj_cg_dtype(g, pj_dtype_part(d));
    return LLVMStructTypeInContext(g->ctx, (LLVMTypeRef[]){part, part}, 2, 0);
  }
  default: return pj_dtype_unit(d) >= 0 ? LLVMInt64TypeInContext(g->ctx) : NULL; /* datetime64, timedelta64 */
  }
}

/* How an element is held in memory: bool is a byte, as in NumPy. */
LLVMTypeRef pj_cg_mem_dtype(PjCg *g, PjDtype d) {
  return d == PJ_BOOL ? LLVMInt8TypeInContext(g->ctx) : pj_cg_dtype(g, d);
}


/* An array value is {ptr data, [ndim x i64] shape}. */
LLVMTypeRef pj_cg_type(PjCg *g, const PjType *t) {
  switch (t->kind) {
  case PJ_TY_SCALAR: return pj_cg_dtype(g, t->dtype);
  case PJ_TY_ARRAY: { /* {data, shape}; a view ('A') also carries its strides in bytes */
    LLVMTypeRef dims = LLVMArrayType2(pj_cg_i64(g), (uint64_t)t->ndim);
    LLVMTypeRef f[3] = {pj_cg_ptr(g), dims, dims};
    return LLVMStructTypeInContext(g->ctx, f, t->layout == 'A' ? 3 : 2, 0);
  }
  case PJ_TY_TUPLE: {
    LLVMTypeRef items[64];
    for (int i = 0; i < t->count && i < 64; i++) items[i] = pj_cg_type(g, t->items[i]);
    return LLVMStructTypeInContext(g->ctx, items, (unsigned)t->count, 0);
  }
  case PJ_TY_GRID_GROUP: return pj_cg_i64(g); /* no data (0), but NVPTX takes no empty parameter */
  case PJ_TY_RECORD: return pj_cg_ptr(g);     /* a reference to the record's bytes */
  case PJ_TY_STRING: return pj_cg_ptr(g);     /* a string literal: the address of its characters */
  case PJ_TY_POINTER: return pj_cg_ptr(g);
  default: return LLVMStructTypeInContext(g->ctx, NULL, 0, 0);
  }
}

/* ---- small helpers ------------------------------------------------------------------------ */


void pj_cg_fail(PjCg *g, PjLoc loc, const char *msg) {
  if (!g->failed) pj_error(g->diags, g->file, loc, "%s", msg);
  g->failed = true;
}

/* The storage slot of a shared/local array call site (NULL until made). */
LLVMValueRef *pj_cg_site(PjCg *g, const PjExpr *site) {
  for (int i = 0; i < g->nsites; i++)
    if (g->sites[i].site == site) return &g->sites[i].storage;
  if (g->nsites == 64) return NULL;
  g->sites[g->nsites].site = site;
  g->sites[g->nsites].storage = NULL;
  return &g->sites[g->nsites++].storage;
}

LLVMValueRef pj_cg_const_int(PjCg *g, PjDtype d, int64_t v) {
  return LLVMConstInt(pj_cg_dtype(g, d), (unsigned long long)v, pj_dtype_is_signed(d));
}


/* Start a fresh block when the current one already ended (code after break/return). */
static void pj_cg_ensure_open(PjCg *g) {
  LLVMBasicBlockRef bb = LLVMGetInsertBlock(g->b);
  if (LLVMGetBasicBlockTerminator(bb)) {
    LLVMBasicBlockRef dead = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "dead");
    LLVMPositionBuilderAtEnd(g->b, dead);
  }
}

LLVMBasicBlockRef pj_cg_block_new(PjCg *g, const char *name) {
  return LLVMAppendBasicBlockInContext(g->ctx, g->fn, name);
}

void pj_cg_br(PjCg *g, LLVMBasicBlockRef to) {
  if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, to);
}

LLVMValueRef pj_cg_call_intrinsic(PjCg *g, const char *name, LLVMTypeRef *overloads, size_t noverloads,
                                  LLVMValueRef *args, unsigned nargs) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(g->mod, id, overloads, noverloads);
  LLVMTypeRef ft = LLVMIntrinsicGetType(g->ctx, id, overloads, noverloads);
  return LLVMBuildCall2(g->b, ft, fn, args, nargs, "");
}

/* A call to an external function of type ret(args...), declared on first use. */
LLVMValueRef pj_cg_call_extern(PjCg *g, const char *name, LLVMTypeRef ret, LLVMValueRef *args, unsigned nargs) {
  LLVMTypeRef params[4];
  for (unsigned i = 0; i < nargs; i++) params[i] = LLVMTypeOf(args[i]);
  LLVMTypeRef ft = LLVMFunctionType(ret, params, nargs, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(g->mod, name);
  if (!fn) fn = LLVMAddFunction(g->mod, name, ft);
  return LLVMBuildCall2(g->b, ft, fn, args, nargs, "");
}

/* ---- conversions ------------------------------------------------------------------------ */

LLVMValueRef pj_cg_truth(PjCg *g, LLVMValueRef v, const PjType *t) { return pj_truth(g, v, t); }

/* ---- complex numbers: {real, imag} ------------------------------------------------------- */

LLVMValueRef pj_cx(PjCg *g, PjDtype d, LLVMValueRef re, LLVMValueRef im) {
  LLVMValueRef z = LLVMGetUndef(pj_cg_dtype(g, d));
  z = LLVMBuildInsertValue(g->b, z, re, 0, "");
  return LLVMBuildInsertValue(g->b, z, im, 1, "");
}

LLVMValueRef pj_re(PjCg *g, LLVMValueRef z) { return LLVMBuildExtractValue(g->b, z, 0, "re"); }
LLVMValueRef pj_im(PjCg *g, LLVMValueRef z) { return LLVMBuildExtractValue(g->b, z, 1, "im"); }

/* z1 op z2 for + - * and CPython's complex division (scaled by the larger part of z2). */
LLVMValueRef pj_complex_binary(PjCg *g, PjBinOp op, LLVMValueRef x, LLVMValueRef y, PjDtype d) {
  LLVMValueRef a = pj_re(g, x), b = pj_im(g, x), c = pj_re(g, y), e = pj_im(g, y);
  LLVMBuilderRef B = g->b;
  switch (op) {
  /* the parts' + - * contract into fused multiply-adds as real ones do (pj_contractable_in):
   * numba's complex product is plain fmul/fsub/fadd, which NVVM contracts */
#define PJ_C(v) pj_contractable_in(g, (v))
  case PJ_OP_ADD: return pj_cx(g, d, PJ_C(LLVMBuildFAdd(B, a, c, "")), PJ_C(LLVMBuildFAdd(B, b, e, "")));
  case PJ_OP_SUB: return pj_cx(g, d, PJ_C(LLVMBuildFSub(B, a, c, "")), PJ_C(LLVMBuildFSub(B, b, e, "")));
  case PJ_OP_MUL:
    return pj_cx(g, d, PJ_C(LLVMBuildFSub(B, PJ_C(LLVMBuildFMul(B, a, c, "")), PJ_C(LLVMBuildFMul(B, b, e, "")), "")),
                 PJ_C(LLVMBuildFAdd(B, PJ_C(LLVMBuildFMul(B, a, e, "")), PJ_C(LLVMBuildFMul(B, b, c, "")), "")));
#undef PJ_C
  default: break;
  }
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMTypeRef ov[1] = {t};
  LLVMValueRef ac = pj_cg_call_intrinsic(g, "llvm.fabs", ov, 1, &c, 1), ae = pj_cg_call_intrinsic(g, "llvm.fabs", ov, 1, &e, 1);
  LLVMValueRef real_big = LLVMBuildFCmp(B, LLVMRealOGE, ac, ae, "");
  /* |c| >= |e|: r = e/c, den = c + e*r, ((a + b*r)/den, (b - a*r)/den) */
  LLVMValueRef r1 = LLVMBuildFDiv(B, e, c, ""), d1 = LLVMBuildFAdd(B, c, LLVMBuildFMul(B, e, r1, ""), "");
  LLVMValueRef re1 = LLVMBuildFDiv(B, LLVMBuildFAdd(B, a, LLVMBuildFMul(B, b, r1, ""), ""), d1, "");
  LLVMValueRef im1 = LLVMBuildFDiv(B, LLVMBuildFSub(B, b, LLVMBuildFMul(B, a, r1, ""), ""), d1, "");
  /* else: r = c/e, den = c*r + e, ((a*r + b)/den, (b*r - a)/den) */
  LLVMValueRef r2 = LLVMBuildFDiv(B, c, e, ""), d2 = LLVMBuildFAdd(B, LLVMBuildFMul(B, c, r2, ""), e, "");
  LLVMValueRef re2 = LLVMBuildFDiv(B, LLVMBuildFAdd(B, LLVMBuildFMul(B, a, r2, ""), b, ""), d2, "");
  LLVMValueRef im2 = LLVMBuildFDiv(B, LLVMBuildFSub(B, LLVMBuildFMul(B, b, r2, ""), a, ""), d2, "");
  return pj_cx(g, d, LLVMBuildSelect(B, real_big, re1, re2, ""), LLVMBuildSelect(B, real_big, im1, im2, ""));
}


/* One libm / libdevice function of the complex's part width: "hypot" is __nv_hypot(f) or hypot(f). */
static LLVMValueRef pj_part_math(PjCg *g, PjDtype part, const char *name, LLVMValueRef *args, unsigned n) {
  char dev[32], host[32];
  const char *f = part == PJ_FLOAT32 ? "f" : "";
  snprintf(dev, sizeof dev, "__nv_%s%s", name, f);
  snprintf(host, sizeof host, "%s%s", name, f);
  return g->hooks->math(g, dev, host, part, args, n);
}

/* z ** w. A constant integral exponent |n| <= 100 multiplies by squaring (1 / z**-n below zero),
 * as numba and CPython do; any other goes through the polar form: |z|**re(w) / exp(arg(z)*im(w))
 * at the angle arg(z)*re(w) + im(w)*log|z|. w == 0 gives 1; 0 ** w gives 0 for a positive real w
 * and inf/nan otherwise (Python raises ZeroDivisionError; a kernel cannot). */
LLVMValueRef pj_complex_pow(PjCg *g, const PjExpr *e, LLVMValueRef x, LLVMValueRef y) {
  PjDtype d = e->type->dtype, part = pj_dtype_part(d);
  LLVMBuilderRef B = g->b;
  LLVMTypeRef t = pj_cg_dtype(g, part);
  LLVMValueRef zero = LLVMConstReal(t, 0.0), one = pj_cx(g, d, LLVMConstReal(t, 1.0), zero);
  const PjExpr *r = e->bin.r;
  while (r->kind == PJ_EX_CAST) r = r->cast.x;
  bool integral = (r->kind == PJ_EX_INT && r->ival >= -100 && r->ival <= 100) ||
                  (r->kind == PJ_EX_FLOAT && !r->big && r->fval == (double)(int64_t)r->fval && r->fval >= -100 && r->fval <= 100);
  if (integral) {
    int64_t n = r->kind == PJ_EX_INT ? r->ival : (int64_t)r->fval, k = n < 0 ? -n : n;
    LLVMValueRef res = one;
    for (LLVMValueRef sq = x; k; k >>= 1) {
      if (k & 1) res = pj_complex_binary(g, PJ_OP_MUL, res, sq, d);
      if (k > 1) sq = pj_complex_binary(g, PJ_OP_MUL, sq, sq, d);
    }
    return n < 0 ? pj_complex_binary(g, PJ_OP_DIV, one, res, d) : res;
  }
  LLVMValueRef a = pj_re(g, x), b = pj_im(g, x), c = pj_re(g, y), w = pj_im(g, y);
  LLVMValueRef vabs = pj_part_math(g, part, "hypot", (LLVMValueRef[]){a, b}, 2);
  LLVMValueRef len = pj_part_math(g, part, "pow", (LLVMValueRef[]){vabs, c}, 2);
  LLVMValueRef at = pj_part_math(g, part, "atan2", (LLVMValueRef[]){b, a}, 2);
  LLVMValueRef phase = LLVMBuildFMul(B, at, c, "");
  /* with an imaginary exponent only: im(w) * log|z| would be nan for z == 0 and w real */
  LLVMValueRef has_im = LLVMBuildFCmp(B, LLVMRealUNE, w, zero, "");
  LLVMValueRef len_im = LLVMBuildFDiv(B, len, pj_part_math(g, part, "exp", (LLVMValueRef[]){LLVMBuildFMul(B, at, w, "")}, 1), "");
  LLVMValueRef phase_im = LLVMBuildFAdd(B, phase, LLVMBuildFMul(B, w, pj_part_math(g, part, "log", &vabs, 1), ""), "");
  len = LLVMBuildSelect(B, has_im, len_im, len, "");
  phase = LLVMBuildSelect(B, has_im, phase_im, phase, "");
  LLVMValueRef polar = pj_cx(g, d, LLVMBuildFMul(B, len, pj_part_math(g, part, "cos", &phase, 1), ""),
                             LLVMBuildFMul(B, len, pj_part_math(g, part, "sin", &phase, 1), ""));
  LLVMValueRef w_zero = LLVMBuildAnd(B, LLVMBuildFCmp(B, LLVMRealOEQ, c, zero, ""), LLVMBuildNot(B, has_im, ""), "");
  LLVMValueRef z_zero = LLVMBuildAnd(B, LLVMBuildFCmp(B, LLVMRealOEQ, a, zero, ""), LLVMBuildFCmp(B, LLVMRealOEQ, b, zero, ""), "");
  LLVMValueRef to_zero = LLVMBuildAnd(B, z_zero, LLVMBuildAnd(B, LLVMBuildNot(B, has_im, ""), LLVMBuildFCmp(B, LLVMRealOGT, c, zero, ""), ""), "");
  LLVMValueRef res = LLVMBuildSelect(B, to_zero, pj_cx(g, d, zero, zero), polar, "");
  return LLVMBuildSelect(B, w_zero, one, res, "");
}

LLVMValueRef pj_truth(PjCg *g, LLVMValueRef v, const PjType *t) {
  if (t->dtype == PJ_BOOL) return v;
  if (pj_dtype_is_complex(t->dtype)) {
    const PjType *part = pj_type_scalar(pj_dtype_part(t->dtype));
    return LLVMBuildOr(g->b, pj_truth(g, pj_re(g, v), part), pj_truth(g, pj_im(g, v), part), "");
  }
  if (pj_dtype_is_float(t->dtype)) return LLVMBuildFCmp(g->b, LLVMRealUNE, v, LLVMConstReal(LLVMTypeOf(v), 0), "");
  return LLVMBuildICmp(g->b, LLVMIntNE, v, LLVMConstInt(LLVMTypeOf(v), 0, 0), "");
}


/* float16 <-> integer as numba-cuda converts them: to an integer rounding to the nearest (ties to
 * even) and saturating, NaN to 0 (PTX cvt.rni.{s,u}N.f16); from an integer cvt.rn.f16.{s,u}N. On
 * the GPU the instruction itself (LLVM would widen 8-bit integers first); on the CPU the same
 * numbers through LLVM. */
static LLVMValueRef pj_f16_int(PjCg *g, LLVMValueRef v, PjDtype from, PjDtype to) {
  bool to_int = from == PJ_FLOAT16;
  PjDtype id = to_int ? to : from;
  int bits = pj_dtype_bits(id);
  LLVMTypeRef i16 = LLVMInt16TypeInContext(g->ctx), it = pj_cg_dtype(g, id), ht = LLVMHalfTypeInContext(g->ctx);
  if (g->host) {
    if (!to_int) return pj_dtype_is_signed(from) ? LLVMBuildSIToFP(g->b, v, ht, "") : LLVMBuildUIToFP(g->b, v, ht, "");
    LLVMTypeRef hv[1] = {ht}, ov[2] = {it, ht};
    LLVMValueRef r = pj_cg_call_intrinsic(g, "llvm.roundeven", hv, 1, &v, 1);
    return pj_cg_call_intrinsic(g, pj_dtype_is_signed(to) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", ov, 2, &r, 1);
  }
  char text[48];
  const char *sign = pj_dtype_is_signed(id) ? "s" : "u";
  LLVMTypeRef reg = bits <= 16 ? i16 : it; /* 8-bit integers live in 16-bit registers */
  const char *letter = bits <= 16 ? "h" : bits == 32 ? "r" : "l";
  char constraints[16];
  LLVMValueRef arg;
  LLVMTypeRef ret, param;
  if (to_int) {
    snprintf(text, sizeof text, "cvt.rni.%s%d.f16 $0, $1;", sign, bits);
    snprintf(constraints, sizeof constraints, "=%s,h", letter);
    arg = LLVMBuildBitCast(g->b, v, i16, "");
    ret = reg;
    param = i16;
  } else {
    snprintf(text, sizeof text, "cvt.rn.f16.%s%d $0, $1;", sign, bits);
    snprintf(constraints, sizeof constraints, "=h,%s", letter);
    arg = bits < 16 ? (pj_dtype_is_signed(from) ? LLVMBuildSExt(g->b, v, i16, "") : LLVMBuildZExt(g->b, v, i16, "")) : v;
    ret = i16;
    param = reg;
  }
  LLVMTypeRef ft = LLVMFunctionType(ret, &param, 1, 0);
  LLVMValueRef fn = LLVMGetInlineAsm(ft, text, strlen(text), constraints, strlen(constraints), 0, 0,
                                     LLVMInlineAsmDialectATT, 0);
  LLVMValueRef r = LLVMBuildCall2(g->b, ft, fn, &arg, 1, "");
  if (!to_int) return LLVMBuildBitCast(g->b, r, ht, "");
  return bits < 16 ? LLVMBuildTrunc(g->b, r, it, "") : r;
}

LLVMValueRef pj_cg_convert_scalar(PjCg *g, LLVMValueRef v, PjDtype from, PjDtype to) {
  if (from == to) return v;
  if (pj_dtype_is_fp8(from) || pj_dtype_is_fp8(to)) return pj_cg_fp8_convert(g, v, from, to); /* backend/fp8conv.c */
  if (pj_dtype_is_complex(to) && to != PJ_BOOL) { /* a real becomes (x, 0); parts convert */
    PjDtype part = pj_dtype_part(to);
    if (!pj_dtype_is_complex(from)) return pj_cx(g, to, pj_cg_convert_scalar(g, v, from, part), LLVMConstReal(pj_cg_dtype(g, part), 0));
    return pj_cx(g, to, pj_cg_convert_scalar(g, pj_re(g, v), pj_dtype_part(from), part),
                 pj_cg_convert_scalar(g, pj_im(g, v), pj_dtype_part(from), part));
  }
  if (pj_dtype_is_complex(from) && to != PJ_BOOL) return pj_cg_convert_scalar(g, pj_re(g, v), pj_dtype_part(from), to);
  LLVMTypeRef tt = pj_cg_dtype(g, to);
  bool ff = pj_dtype_is_float(from), tf = pj_dtype_is_float(to);
  if (to == PJ_BOOL) return pj_truth(g, v, pj_type_scalar(from));
  if (from == PJ_BOOL) return tf ? LLVMBuildUIToFP(g->b, v, tt, "") : LLVMBuildZExt(g->b, v, tt, "");
  if (ff && tf && pj_dtype_size(to) == pj_dtype_size(from)) /* float16 <-> bfloat16, through float32 (exact) */
    return LLVMBuildFPTrunc(g->b, LLVMBuildFPExt(g->b, v, LLVMFloatTypeInContext(g->ctx), ""), tt, "");
  if (ff && tf) return pj_dtype_size(to) > pj_dtype_size(from) ? LLVMBuildFPExt(g->b, v, tt, "") : LLVMBuildFPTrunc(g->b, v, tt, "");
  if (!ff && to == PJ_BFLOAT16) { /* through float64: exact for integers of up to 32 bits, then one rounding */
    LLVMTypeRef f64 = LLVMDoubleTypeInContext(g->ctx);
    LLVMValueRef d = pj_dtype_is_signed(from) ? LLVMBuildSIToFP(g->b, v, f64, "") : LLVMBuildUIToFP(g->b, v, f64, "");
    return LLVMBuildFPTrunc(g->b, d, tt, "");
  }
  if ((from == PJ_FLOAT16 && !tf && pj_dtype_bits(to) >= 8) || (to == PJ_FLOAT16 && !ff))
    return pj_f16_int(g, v, from, to);
  if (from == PJ_BFLOAT16 && !tf) /* exact in float32 */
    return pj_cg_convert_scalar(g, LLVMBuildFPExt(g->b, v, LLVMFloatTypeInContext(g->ctx), ""), PJ_FLOAT32, to);
  if (!ff && tf) return pj_dtype_is_signed(from) ? LLVMBuildSIToFP(g->b, v, tt, "") : LLVMBuildUIToFP(g->b, v, tt, "");
  if (ff && !tf) {
    /* saturating, NaN -> 0: what the GPU's cvt.rzi does, made the same on the CPU; the GPU has no
     * 8-bit conversion, so an 8-bit result is the 16-bit one truncated, as numba-cuda gets it */
    bool narrow = pj_dtype_bits(to) == 8;
    LLVMTypeRef via = narrow ? LLVMInt16TypeInContext(g->ctx) : tt;
    LLVMTypeRef ov[2] = {via, LLVMTypeOf(v)};
    LLVMValueRef r = pj_cg_call_intrinsic(g, pj_dtype_is_signed(to) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", ov, 2, &v, 1);
    return narrow ? LLVMBuildTrunc(g->b, r, tt, "") : r;
  }
  unsigned fb = (unsigned)pj_dtype_bits(from), tb = (unsigned)pj_dtype_bits(to);
  if (tb < fb) return LLVMBuildTrunc(g->b, v, tt, "");
  if (tb == fb) return v;
  return pj_dtype_is_signed(from) ? LLVMBuildSExt(g->b, v, tt, "") : LLVMBuildZExt(g->b, v, tt, "");
}

LLVMValueRef pj_cg_convert(PjCg *g, LLVMValueRef v, const PjType *from, const PjType *to) {
  if (pj_type_equal(from, to)) return v;
  if (from->kind == PJ_TY_ARRAY && to->kind == PJ_TY_ARRAY && from->layout == 'C' && to->layout == 'A')
    return pj_cg_array_as_view(g, v, from, to);
  if (from->kind == PJ_TY_SCALAR && to->kind == PJ_TY_SCALAR) return pj_cg_convert_scalar(g, v, from->dtype, to->dtype);
  if (from->kind == PJ_TY_TUPLE && to->kind == PJ_TY_TUPLE && from->count == to->count) {
    LLVMValueRef out = LLVMGetUndef(pj_cg_type(g, to));
    for (int i = 0; i < to->count; i++) {
      LLVMValueRef item = LLVMBuildExtractValue(g->b, v, (unsigned)i, "");
      out = LLVMBuildInsertValue(g->b, out, pj_cg_convert(g, item, from->items[i], to->items[i]), (unsigned)i, "");
    }
    return out;
  }
  return v; /* the type checker allowed nothing else */
}

/* ---- builtins ----------------------------------------------------------------------------- */

static LLVMValueRef pj_grid_dim(PjCg *g, int d, bool size) {
  LLVMValueRef ntid = LLVMBuildZExt(g->b, g->hooks->sreg(g, PJ_LOWER_NTID, d), pj_cg_i64(g), "");
  LLVMValueRef n2 = LLVMBuildZExt(g->b, g->hooks->sreg(g, size ? PJ_LOWER_NCTAID : PJ_LOWER_CTAID, d), pj_cg_i64(g), "");
  LLVMValueRef prod = LLVMBuildMul(g->b, ntid, n2, "");
  if (size) return prod;
  LLVMValueRef tid = LLVMBuildZExt(g->b, g->hooks->sreg(g, PJ_LOWER_TID, d), pj_cg_i64(g), "");
  return LLVMBuildAdd(g->b, prod, tid, "");
}

static LLVMValueRef pj_cg_grid(PjCg *g, const PjExpr *e, bool size) {
  int n = (int)e->builtin.args[0]->ival;
  if (n == 1) return pj_grid_dim(g, 0, size);
  LLVMValueRef t = LLVMGetUndef(pj_cg_type(g, e->type));
  for (int d = 0; d < n; d++) t = LLVMBuildInsertValue(g->b, t, pj_grid_dim(g, d, size), (unsigned)d, "");
  return t;
}

/* The dtype an argument had before the type checker converted it to the call's common type. */
static PjDtype pj_written_dtype(const PjExpr *a) {
  return (a->kind == PJ_EX_CAST ? a->cast.x->type : a->type)->dtype;
}

static LLVMValueRef pj_cg_minmax(PjCg *g, const PjExpr *e, bool is_max) {
  PjDtype d = e->type->dtype;
  if (e->builtin.nargs == 2) {
    /* numba-cuda: max/min of two floats (float32 or float64 each) is libdevice's fmax/fmin, which
     * lets a number win over a NaN (max.f32 / max.f64 in PTX) */
    PjDtype a = pj_written_dtype(e->builtin.args[0]), b = pj_written_dtype(e->builtin.args[1]);
    if ((a == PJ_FLOAT32 || a == PJ_FLOAT64) && (b == PJ_FLOAT32 || b == PJ_FLOAT64)) {
      LLVMValueRef v[2] = {pj_cg_expr(g, e->builtin.args[0]), pj_cg_expr(g, e->builtin.args[1])};
      LLVMTypeRef ov[1] = {pj_cg_dtype(g, d)};
      return pj_cg_call_intrinsic(g, is_max ? "llvm.maxnum" : "llvm.minnum", ov, 1, v, 2);
    }
  }
  /* Python (numba's generic min/max): keep the first; replace it by a later one only if strictly better */
  LLVMValueRef best = pj_cg_expr(g, e->builtin.args[0]);
  for (int i = 1; i < e->builtin.nargs; i++) {
    LLVMValueRef v = pj_cg_expr(g, e->builtin.args[i]);
    LLVMValueRef better = pj_compare_pair(g, is_max ? PJ_CMP_GT : PJ_CMP_LT, v, pj_type_scalar(d), best, pj_type_scalar(d));
    best = LLVMBuildSelect(g->b, better, v, best, "");
  }
  return best;
}

/* round(x[, n]), ties to even. With n: x scaled by 10**n (divided for n < 0) in float64, rounded,
 * scaled back, as numba computes it; an integer rounds only for n < 0. */
static LLVMValueRef pj_cg_pyround(PjCg *g, const PjExpr *e) {
  const PjExpr *xe = e->builtin.args[0];
  PjDtype xd = xe->type->dtype;
  LLVMValueRef x = pj_cg_expr(g, xe);
  LLVMTypeRef f64 = LLVMDoubleTypeInContext(g->ctx);
  LLVMTypeRef ov[1] = {f64};
  if (e->builtin.nargs == 1) {
    if (!pj_dtype_is_float(xd)) return pj_cg_convert_scalar(g, x, xd, PJ_INT64);
    LLVMValueRef v = pj_cg_convert_scalar(g, x, xd, PJ_FLOAT64);
    return pj_cg_convert_scalar(g, pj_cg_call_intrinsic(g, "llvm.rint", ov, 1, &v, 1), PJ_FLOAT64, PJ_INT64);
  }
  LLVMValueRef n = pj_cg_convert_scalar(g, pj_cg_expr(g, e->builtin.args[1]), e->builtin.args[1]->type->dtype, PJ_INT64);
  LLVMValueRef v = pj_cg_convert_scalar(g, x, xd, PJ_FLOAT64);
  LLVMValueRef neg = LLVMBuildICmp(g->b, LLVMIntSLT, n, LLVMConstInt(pj_cg_i64(g), 0, 0), "");
  LLVMValueRef absn = LLVMBuildSelect(g->b, neg, LLVMBuildNeg(g->b, n, ""), n, "");
  LLVMValueRef ten = LLVMConstReal(f64, 10.0);
  /* 10**|n| by squaring (llvm.powi has no NVPTX lowering for a run-time exponent) */
  LLVMValueRef pw = LLVMBuildCall2(g->b, LLVMFunctionType(f64, (LLVMTypeRef[]){f64, pj_cg_i64(g)}, 2, 0),
                                   pj_float_powi_fn(g, PJ_FLOAT64), (LLVMValueRef[]){ten, absn}, 2, "");
  LLVMValueRef y = LLVMBuildSelect(g->b, neg, LLVMBuildFDiv(g->b, v, pw, ""), LLVMBuildFMul(g->b, v, pw, ""), "");
  LLVMValueRef z = pj_cg_call_intrinsic(g, "llvm.rint", ov, 1, &y, 1);
  LLVMValueRef r = LLVMBuildSelect(g->b, neg, LLVMBuildFMul(g->b, z, pw, ""), LLVMBuildFDiv(g->b, z, pw, ""), "");
  /* x scaled past the largest double (round(1e300, 20)): x itself, as numba and CPython give */
  LLVMValueRef ay = pj_cg_call_intrinsic(g, "llvm.fabs", ov, 1, &y, 1);
  LLVMValueRef overflow = LLVMBuildAnd(g->b, LLVMBuildNot(g->b, neg, ""),
                                       LLVMBuildFCmp(g->b, LLVMRealOEQ, ay, LLVMConstReal(f64, __builtin_inf()), ""), "");
  r = LLVMBuildSelect(g->b, overflow, v, r, "");
  bool finite_only = !pj_dtype_is_float(xd);
  if (finite_only) /* an integer: itself for n >= 0 */
    return LLVMBuildSelect(g->b, neg, pj_cg_convert_scalar(g, r, PJ_FLOAT64, PJ_INT64), pj_cg_convert_scalar(g, x, xd, PJ_INT64), "");
  return pj_cg_convert_scalar(g, r, PJ_FLOAT64, xd);
}

static LLVMValueRef pj_cg_math(PjCg *g, const PjExpr *e, const PjBuiltin *b) {
  PjDtype d = e->type->dtype;
  LLVMValueRef args[4];
  for (int i = 0; i < e->builtin.nargs; i++) args[i] = pj_cg_expr(g, e->builtin.args[i]);
  if (d == PJ_FLOAT16 || d == PJ_BFLOAT16) { /* 16-bit float math: the float32 function, rounded back */
    for (int i = 0; i < e->builtin.nargs; i++)
      if (e->builtin.args[i]->type->dtype == d) args[i] = pj_cg_convert_scalar(g, args[i], d, PJ_FLOAT32);
    const char *dev = b->nvptx32, *host = b->host32;
    LLVMValueRef r;
    if (strncmp(dev, "llvm.", 5) == 0) {
      LLVMTypeRef ov[1] = {pj_cg_dtype(g, PJ_FLOAT32)};
      r = pj_cg_call_intrinsic(g, dev, ov, 1, args, (unsigned)e->builtin.nargs);
    } else {
      r = g->hooks->math(g, dev, host, PJ_FLOAT32, args, (unsigned)e->builtin.nargs);
    }
    return pj_cg_convert_scalar(g, r, PJ_FLOAT32, d);
  }
  const char *dev = d == PJ_FLOAT32 ? b->nvptx32 : b->nvptx64;
  const char *host = d == PJ_FLOAT32 ? b->host32 : b->host64;
  if (g->fastmath && d == PJ_FLOAT32 && pj_builtin_fast_name(dev)) dev = pj_builtin_fast_name(dev);
  LLVMValueRef r;
  if (g->fastmath && !g->host && d == PJ_FLOAT32 && strcmp(dev, "llvm.sqrt") == 0)
    return pj_cg_call_intrinsic(g, "llvm.nvvm.sqrt.approx.ftz.f", NULL, 0, args, 1);
  if (g->fastmath && !g->host && d == PJ_FLOAT32 && g->sm >= 75 && strcmp(dev, "__nv_tanhf") == 0) {
    /* numba-cuda's fastmath tanh: the hardware approximation (sm_75 and newer) */
    LLVMTypeRef f32 = LLVMFloatTypeInContext(g->ctx), ft = LLVMFunctionType(f32, &f32, 1, 0);
    const char *text = "tanh.approx.f32 $0, $1;", *constraints = "=f,f";
    LLVMValueRef fn = LLVMGetInlineAsm(ft, (char *)text, strlen(text), (char *)constraints, strlen(constraints), 0, 0,
                                       LLVMInlineAsmDialectATT, 0);
    return LLVMBuildCall2(g->b, ft, fn, args, 1, "");
  }
  if (strncmp(dev, "llvm.", 5) == 0) {
    LLVMTypeRef ov[1] = {pj_cg_dtype(g, d)};
    r = pj_cg_call_intrinsic(g, dev, ov, 1, args, (unsigned)e->builtin.nargs);
  } else {
    r = g->hooks->math(g, dev, host, d, args, (unsigned)e->builtin.nargs);
  }
  return r;
}

/* math.frexp / math.modf: the library writes the second result through a pointer. */
static LLVMValueRef pj_cg_split(PjCg *g, const PjExpr *e, const PjBuiltin *b) {
  const PjExpr *a = e->builtin.args[0];
  PjDtype d = a->type->dtype;
  LLVMTypeRef second_t = pj_cg_type(g, e->type->items[1]);
  LLVMValueRef slot = LLVMBuildAlloca(g->alloca_b, second_t, "");
  LLVMValueRef args[2] = {pj_cg_expr(g, a), slot};
  LLVMValueRef first = g->hooks->math(g, d == PJ_FLOAT32 ? b->nvptx32 : b->nvptx64, d == PJ_FLOAT32 ? b->host32 : b->host64,
                                      d, args, 2);
  LLVMValueRef t = LLVMGetUndef(pj_cg_type(g, e->type));
  t = LLVMBuildInsertValue(g->b, t, first, 0, "");
  return LLVMBuildInsertValue(g->b, t, LLVMBuildLoad2(g->b, second_t, slot, ""), 1, "");
}

/* math.isnan / isinf / isfinite: integers are never NaN or infinite. */
static LLVMValueRef pj_cg_fpclass_value(PjCg *g, LLVMValueRef x, PjDtype d, PjLowering which);
static LLVMValueRef pj_cg_fpclass(PjCg *g, const PjExpr *e, PjLowering which) {
  const PjExpr *a = e->builtin.args[0];
  LLVMValueRef x = pj_cg_expr(g, a);
  if (pj_dtype_is_complex(a->type->dtype)) { /* nan or inf: either part; finite: both */
    PjDtype part = pj_dtype_part(a->type->dtype);
    LLVMValueRef r = pj_cg_fpclass_value(g, pj_re(g, x), part, which), i = pj_cg_fpclass_value(g, pj_im(g, x), part, which);
    return which == PJ_LOWER_ISFINITE ? LLVMBuildAnd(g->b, r, i, "") : LLVMBuildOr(g->b, r, i, "");
  }
  return pj_cg_fpclass_value(g, x, a->type->dtype, which);
}

static LLVMValueRef pj_cg_fpclass_value(PjCg *g, LLVMValueRef x, PjDtype d, PjLowering which) {
  LLVMTypeRef i1 = LLVMInt1TypeInContext(g->ctx);
  if (!pj_dtype_is_float(d)) return LLVMConstInt(i1, which == PJ_LOWER_ISFINITE, 0);
  if (which == PJ_LOWER_ISNAN) return LLVMBuildFCmp(g->b, LLVMRealUNO, x, x, "");
  LLVMTypeRef ov[1] = {LLVMTypeOf(x)};
  LLVMValueRef ax = pj_cg_call_intrinsic(g, "llvm.fabs", ov, 1, &x, 1);
  LLVMValueRef inf = LLVMConstReal(LLVMTypeOf(x), __builtin_inf());
  return LLVMBuildFCmp(g->b, which == PJ_LOWER_ISINF ? LLVMRealOEQ : LLVMRealOLT, ax, inf, "");
}

/* cuda.shared.array / cuda.local.array: storage from the target, the shape from the constants. */
/* The memory of one record in a new array: its bytes as integers as wide as the alignment its
 * fields' loads and stores assume (pj_record_align), so that LLVM aligns the array that much. */
static LLVMTypeRef pj_cg_record_mem_type(PjCg *g, const PjRecord *rec) {
  unsigned a = pj_record_align(rec);
  return LLVMArrayType2(LLVMIntTypeInContext(g->ctx, 8 * a), (uint64_t)rec->size / a);
}

static LLVMValueRef pj_cg_new_array(PjCg *g, const PjExpr *e, bool shared) {
  const PjExpr *shape = e->builtin.args[0];
  int ndim = e->type->ndim;
  uint64_t count = 1;
  bool huge = false; /* more bytes than 64 bits count */
  LLVMValueRef dims = LLVMGetUndef(LLVMArrayType2(pj_cg_i64(g), (uint64_t)ndim));
  for (int k = 0; k < ndim; k++) {
    const PjExpr *d = shape->kind == PJ_EX_TUPLE ? shape->tuple.items[k] : shape;
    huge |= __builtin_mul_overflow(count, (uint64_t)d->ival, &count);
    dims = LLVMBuildInsertValue(g->b, dims, LLVMConstInt(pj_cg_i64(g), (unsigned long long)d->ival, 0), (unsigned)k, "");
  }
  const PjRecord *rec = e->type->record;
  LLVMTypeRef elem = rec ? pj_cg_record_mem_type(g, rec) : pj_cg_mem_dtype(g, e->type->dtype);
  uint64_t bytes = 0;
  huge |= __builtin_mul_overflow(count, LLVMABISizeOfType(LLVMGetModuleDataLayout(g->mod), elem), &bytes);
  /* each site once, however often its code is emitted; what no GPU can hold is refused on every
   * target, so that a kernel the CPU executor runs also runs on a GPU, and the CPU executor's
   * thread stacks (runtime/cpu.c) are known to hold every kernel's local arrays */
  const PjExpr **sites = shared ? g->shared_sites : g->local_sites;
  int *nsites = shared ? &g->nshared_sites : &g->nlocal_sites;
  uint64_t *total = shared ? &g->static_shared : &g->local_bytes;
  bool seen = false;
  for (int i = 0; i < *nsites; i++) seen |= sites[i] == e;
  if (!seen && (count || huge)) {
    if (*nsites < 64) sites[(*nsites)++] = e;
    huge |= __builtin_add_overflow(*total, bytes, total);
    uint64_t max = shared ? PJ_GPU_MAX_STATIC_SHARED : PJ_GPU_MAX_LOCAL;
    if (huge || *total > max) {
      char msg[512];
      snprintf(msg, sizeof msg,
               shared ? "cuda.shared.array(): the kernel uses too much shared data (%s%llu bytes, 0x%llx max): static "
                        "shared memory is at most 48 KiB a block on every GPU (a larger array is dynamic shared "
                        "memory: cuda.shared.array(0, dtype) and the launch's fourth value)"
                      : "cuda.local.array(): the kernel uses too much local data (%s%llu bytes, 0x%llx max): a GPU "
                        "thread holds at most 512 KiB of local arrays",
               huge ? "more than " : "", huge ? (unsigned long long)UINT64_MAX : (unsigned long long)*total,
               (unsigned long long)max);
      pj_cg_fail(g, e->loc, msg);
      count = 1;
    }
  }
  LLVMValueRef data = g->hooks->new_array(g, e, shared, elem, count);
  if (count == 0) { /* dynamic: as many elements as the launch's bytes hold */
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(g->mod);
    LLVMValueRef n = LLVMBuildUDiv(g->b, g->hooks->dynamic_shared_bytes(g),
                                   LLVMConstInt(pj_cg_i64(g), LLVMABISizeOfType(td, elem), 0), "");
    dims = LLVMBuildInsertValue(g->b, dims, n, 0, "");
  }
  LLVMValueRef v = LLVMBuildInsertValue(g->b, LLVMGetUndef(pj_cg_type(g, e->type)), data, 0, "");
  v = LLVMBuildInsertValue(g->b, v, dims, 1, "");
  if (!rec) return v;
  /* an array of records is strided: C order over records of rec->size bytes */
  LLVMValueRef strides = LLVMGetUndef(LLVMArrayType2(pj_cg_i64(g), (uint64_t)ndim));
  uint64_t stride = (uint64_t)rec->size;
  for (int k = ndim - 1; k >= 0; k--) {
    strides = LLVMBuildInsertValue(g->b, strides, LLVMConstInt(pj_cg_i64(g), stride, 0), (unsigned)k, "");
    const PjExpr *d = shape->kind == PJ_EX_TUPLE ? shape->tuple.items[k] : shape;
    stride *= (uint64_t)d->ival;
  }
  return LLVMBuildInsertValue(g->b, v, strides, 2, "");
}

/* A compare-and-swap loop: new = combine(old) until no other thread wrote in between. Floats
 * go through integers of their width, as cmpxchg needs. */
static LLVMValueRef pj_atomic_loop(PjCg *g, LLVMValueRef ptr, LLVMValueRef val, PjDtype d, PjAtomicOp op) {
  LLVMTypeRef t = pj_cg_dtype(g, d), it = LLVMIntTypeInContext(g->ctx, (unsigned)pj_dtype_bits(d));
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(g->b), loop = pj_cg_block_new(g, "cas.loop"), done = pj_cg_block_new(g, "cas.done");
  LLVMValueRef first = LLVMBuildLoad2(g->b, it, ptr, "");
  LLVMBuildBr(g->b, loop);
  LLVMPositionBuilderAtEnd(g->b, loop);
  LLVMValueRef old_i = LLVMBuildPhi(g->b, it, "");
  LLVMValueRef old = LLVMBuildBitCast(g->b, old_i, t, "");
  bool is_max = op == PJ_ATOMIC_MAX || op == PJ_ATOMIC_NANMAX;
  /* numba: max keeps a NaN already stored and ignores a NaN value; nanmax replaces a stored NaN */
  LLVMValueRef better = LLVMBuildFCmp(g->b, is_max ? LLVMRealOLT : LLVMRealOGT, old, val, "");
  if (op == PJ_ATOMIC_NANMAX || op == PJ_ATOMIC_NANMIN)
    better = LLVMBuildOr(g->b, better, LLVMBuildFCmp(g->b, LLVMRealUNO, old, old, ""), "");
  LLVMValueRef new_i = LLVMBuildBitCast(g->b, LLVMBuildSelect(g->b, better, val, old, ""), it, "");
  LLVMValueRef pair = LLVMBuildAtomicCmpXchg(g->b, ptr, old_i, new_i, LLVMAtomicOrderingMonotonic,
                                             LLVMAtomicOrderingMonotonic, 0);
  LLVMValueRef seen = LLVMBuildExtractValue(g->b, pair, 0, "");
  LLVMBasicBlockRef here = LLVMGetInsertBlock(g->b);
  LLVMBuildCondBr(g->b, LLVMBuildExtractValue(g->b, pair, 1, ""), done, loop);
  LLVMAddIncoming(old_i, (LLVMValueRef[]){first, seen}, (LLVMBasicBlockRef[]){pre, here}, 2);
  LLVMPositionBuilderAtEnd(g->b, done);
  return old;
}

static LLVMValueRef pj_cg_atomic(PjCg *g, const PjExpr *e, const PjBuiltin *b) {
  PjDtype d = e->type->dtype;
  LLVMValueRef ptr = pj_cg_element_addr(g, e->builtin.args[0], e->builtin.args[1], e->loc);
  LLVMValueRef val = pj_cg_expr(g, e->builtin.args[2]);
  bool f = pj_dtype_is_float(d), s = pj_dtype_is_signed(d);
  LLVMAtomicRMWBinOp op;
  switch ((PjAtomicOp)b->dim) {
  case PJ_ATOMIC_ADD: op = f ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpAdd; break;
  case PJ_ATOMIC_SUB: op = f ? LLVMAtomicRMWBinOpFSub : LLVMAtomicRMWBinOpSub; break;
  case PJ_ATOMIC_AND: op = LLVMAtomicRMWBinOpAnd; break;
  case PJ_ATOMIC_OR: op = LLVMAtomicRMWBinOpOr; break;
  case PJ_ATOMIC_XOR: op = LLVMAtomicRMWBinOpXor; break;
  case PJ_ATOMIC_EXCH: op = LLVMAtomicRMWBinOpXchg; break;
  case PJ_ATOMIC_INC: op = LLVMAtomicRMWBinOpUIncWrap; break;
  case PJ_ATOMIC_DEC: op = LLVMAtomicRMWBinOpUDecWrap; break;
  case PJ_ATOMIC_MAX: case PJ_ATOMIC_NANMAX:
    if (f) return pj_atomic_loop(g, ptr, val, d, (PjAtomicOp)b->dim);
    op = s ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax;
    break;
  default:
    if (f) return pj_atomic_loop(g, ptr, val, d, (PjAtomicOp)b->dim);
    op = s ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin;
    break;
  }
  return LLVMBuildAtomicRMW(g->b, op, ptr, val, LLVMAtomicOrderingMonotonic, 0);
}

/* cas(ary, idx, old, val) / compare_and_swap(ary, old, val): the value found there. */
static LLVMValueRef pj_cg_cas(PjCg *g, const PjExpr *e, const PjBuiltin *b) {
  PjDtype d = e->type->dtype;
  bool at0 = b->dim == 1;
  LLVMValueRef ptr = pj_cg_element_addr(g, e->builtin.args[0], at0 ? NULL : e->builtin.args[1], e->loc);
  LLVMValueRef old = pj_cg_expr(g, e->builtin.args[at0 ? 1 : 2]), val = pj_cg_expr(g, e->builtin.args[at0 ? 2 : 3]);
  LLVMTypeRef it = LLVMIntTypeInContext(g->ctx, (unsigned)pj_dtype_bits(d));
  if (pj_dtype_is_float(d)) {
    old = LLVMBuildBitCast(g->b, old, it, "");
    val = LLVMBuildBitCast(g->b, val, it, "");
  }
  LLVMValueRef pair = LLVMBuildAtomicCmpXchg(g->b, ptr, old, val, LLVMAtomicOrderingMonotonic, LLVMAtomicOrderingMonotonic, 0);
  LLVMValueRef seen = LLVMBuildExtractValue(g->b, pair, 0, "");
  return pj_dtype_is_float(d) ? LLVMBuildBitCast(g->b, seen, pj_cg_dtype(g, d), "") : seen;
}

static LLVMValueRef pj_cg_builtin(PjCg *g, const PjExpr *e) {
  const PjBuiltin *b = &pj_builtins[e->builtin.id];
  switch (b->lower) {
  case PJ_LOWER_TID: case PJ_LOWER_CTAID: case PJ_LOWER_NTID: case PJ_LOWER_NCTAID:
    return LLVMBuildZExt(g->b, g->hooks->sreg(g, b->lower, b->dim), pj_cg_i64(g), "");
  case PJ_LOWER_GRID: return pj_cg_grid(g, e, false);
  case PJ_LOWER_GRIDSIZE: return pj_cg_grid(g, e, true);
  case PJ_LOWER_MATH: case PJ_LOWER_ROUND: return pj_cg_math(g, e, b);
  case PJ_LOWER_MIN: return pj_cg_minmax(g, e, false);
  case PJ_LOWER_MAX: return pj_cg_minmax(g, e, true);
  case PJ_LOWER_PYROUND: return pj_cg_pyround(g, e);
  case PJ_LOWER_ABS: {
    LLVMValueRef x = pj_cg_expr(g, e->builtin.args[0]);
    PjDtype d = e->type->dtype;
    if (pj_dtype_is_complex(e->builtin.args[0]->type->dtype)) /* the modulus */
      return g->hooks->math(g, d == PJ_FLOAT32 ? "__nv_hypotf" : "__nv_hypot", d == PJ_FLOAT32 ? "hypotf" : "hypot", d,
                            (LLVMValueRef[]){pj_re(g, x), pj_im(g, x)}, 2);
    if (pj_dtype_is_float(d)) {
      LLVMTypeRef ov[1] = {pj_cg_dtype(g, d)};
      return pj_cg_call_intrinsic(g, "llvm.fabs", ov, 1, &x, 1);
    }
    if (!pj_dtype_is_signed(d) && !pj_dtype_is_timedelta(d)) return x; /* abs(NaT) is NaT: -min wraps to min */
    LLVMValueRef neg = LLVMBuildICmp(g->b, LLVMIntSLT, x, LLVMConstInt(LLVMTypeOf(x), 0, 0), "");
    return LLVMBuildSelect(g->b, neg, LLVMBuildNeg(g->b, x, ""), x, "");
  }
  case PJ_LOWER_CAST: return pj_cg_convert(g, pj_cg_expr(g, e->builtin.args[0]), e->builtin.args[0]->type, e->type);
  case PJ_LOWER_LEN: {
    const PjExpr *a = e->builtin.args[0];
    if (a->type->kind == PJ_TY_TUPLE) return pj_cg_const_int(g, PJ_INT64, a->type->count);
    if (a->type->kind == PJ_TY_RECORD || a->type->kind == PJ_TY_STRING) /* a fixed-width string */
      return pj_cg_chars_len(g, pj_cg_expr(g, a), a->type);
    return pj_cg_array_dim(g, pj_cg_expr(g, a), 0);
  }
  case PJ_LOWER_FREXP: case PJ_LOWER_MODF: return pj_cg_split(g, e, b);
  case PJ_LOWER_REDUCE: return pj_cg_reduce(g, e);
  case PJ_LOWER_ELEMENTWISE: return pj_cg_elementwise(g, e);
  case PJ_LOWER_ARRAY_VIEW: return pj_cg_array_view_method(g, e, b->dim == 1);
  case PJ_LOWER_RAISE: /* code after it is unreachable: it goes in a block of its own */
    pj_cg_raise(g, e->loc, PJ_KERNEL_ERROR_RAISE, NULL, NULL);
    LLVMPositionBuilderAtEnd(g->b, pj_cg_block_new(g, "after.raise"));
    return NULL;
  case PJ_LOWER_LET: {
    int n = (e->builtin.nargs - 1) / 2;
    for (int i = 0; i < n; i++)
      pj_cg_store_var(g, e->builtin.args[n + 1 + i], pj_cg_expr(g, e->builtin.args[i]), e->builtin.args[i]->type);
    return pj_cg_expr(g, e->builtin.args[n]);
  }
  case PJ_LOWER_CMATH: return pj_cg_cmath(g, e, b->dim);
  case PJ_LOWER_LIBDEVICE: return pj_cg_libdevice_call(g, e, b->dim);
  case PJ_LOWER_CACHE_LOAD: return pj_cg_cache_load(g, e);
  case PJ_LOWER_CACHE_STORE: pj_cg_cache_store(g, e); return NULL;
  case PJ_LOWER_CARRAY: return pj_cg_carray(g, e);
  case PJ_LOWER_FROM_BUFFER: return LLVMBuildExtractValue(g->b, pj_cg_expr(g, e->builtin.args[0]), 0, "");
  case PJ_LOWER_ADDRESS:
    return LLVMBuildPtrToInt(g->b, LLVMBuildExtractValue(g->b, pj_cg_expr(g, e->builtin.args[0]), 0, ""), pj_cg_i64(g), "");
  case PJ_LOWER_ISNAN: case PJ_LOWER_ISINF: case PJ_LOWER_ISFINITE: return pj_cg_fpclass(g, e, b->lower);
  case PJ_LOWER_ISNAT:
    return LLVMBuildICmp(g->b, LLVMIntEQ, pj_cg_expr(g, e->builtin.args[0]), LLVMConstInt(pj_cg_i64(g), 1ull << 63, 0), "");
  case PJ_LOWER_FORMAT: /* the type checker takes it only inside print() */
    pj_cg_fail(g, e->loc, "internal error: an f-string outside print()");
    return NULL;
  case PJ_LOWER_SCALE: {
    LLVMValueRef x = pj_cg_expr(g, e->builtin.args[0]);
    return LLVMBuildFMul(g->b, x, LLVMConstReal(LLVMTypeOf(x), b->value), "");
  }
  case PJ_LOWER_CONSTANT: return LLVMConstReal(pj_cg_dtype(g, e->type->dtype), b->value);
  case PJ_LOWER_SHARED_ARRAY: return pj_cg_new_array(g, e, true);
  case PJ_LOWER_LOCAL_ARRAY: {
    LLVMValueRef v = pj_cg_new_array(g, e, false);
    if (e->builtin.id == PJ_BI_ARRAY_COPY) { /* arr.copy(): the elements of a C-order array, bytes alike */
      LLVMValueRef src = LLVMBuildExtractValue(g->b, pj_cg_expr(g, e->builtin.args[1]), 0, "");
      LLVMTypeRef elem = pj_cg_mem_dtype(g, e->type->dtype);
      uint64_t count = 1;
      const PjExpr *shape = e->builtin.args[0];
      for (int k = 0; k < shape->tuple.count; k++) count *= (uint64_t)shape->tuple.items[k]->ival;
      uint64_t bytes = count * LLVMABISizeOfType(LLVMGetModuleDataLayout(g->mod), elem);
      if (bytes)
        LLVMBuildMemCpy(g->b, LLVMBuildExtractValue(g->b, v, 0, ""), 1, src, 1, LLVMConstInt(pj_cg_i64(g), bytes, 0));
    }
    return v;
  }
  case PJ_LOWER_BARRIER: g->hooks->barrier(g, e); return NULL;
  case PJ_LOWER_FENCE: g->hooks->fence(g, b->nvptx64); return NULL;
  case PJ_LOWER_ATOMIC: return pj_cg_atomic(g, e, b);
  case PJ_LOWER_BITS: {
    LLVMValueRef x = pj_cg_expr(g, e->builtin.args[0]);
    LLVMTypeRef t = LLVMTypeOf(x);
    LLVMValueRef args[2] = {x, LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0)};
    unsigned n = b->dim >= 2 ? 2 : 1; /* ctlz and cttz: zero input defined */
    LLVMValueRef r = pj_cg_call_intrinsic(g, b->nvptx64, &t, 1, args, n);
    if (b->dim != 3) return r;
    /* ffs: 1 + the index of the lowest set bit, 0 for 0 */
    LLVMValueRef zero = LLVMConstInt(t, 0, 0);
    r = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, x, zero, ""), zero, LLVMBuildAdd(g->b, r, LLVMConstInt(t, 1, 0), ""), "");
    return pj_cg_convert(g, r, e->builtin.args[0]->type, e->type);
  }
  case PJ_LOWER_SELP: {
    LLVMValueRef c = pj_cg_expr(g, e->builtin.args[0]);
    return LLVMBuildSelect(g->b, c, pj_cg_expr(g, e->builtin.args[1]), pj_cg_expr(g, e->builtin.args[2]), "");
  }
  case PJ_LOWER_LANE:
    if (b->dim == 1) return pj_cg_const_int(g, e->type->dtype, 32);
    return pj_cg_convert(g, g->hooks->lane(g, b->dim), pj_type_scalar(PJ_UINT32), e->type);
  case PJ_LOWER_NANOSLEEP: g->hooks->nanosleep(g, pj_cg_expr(g, e->builtin.args[0])); return NULL;
  case PJ_LOWER_COLLECTIVE: return g->hooks->collective(g, e);
  case PJ_LOWER_PRINT: pj_cg_print(g, e); return NULL;
  case PJ_LOWER_IDENTITY: return pj_cg_expr(g, e->builtin.args[0]);
  case PJ_LOWER_F16OP: { /* cuda.fp16 / cuda.bf16 arithmetic and comparisons on 16-bit floats */
    LLVMValueRef a[3];
    for (int i = 0; i < e->builtin.nargs; i++) a[i] = pj_cg_expr(g, e->builtin.args[i]);
    LLVMTypeRef h = pj_cg_dtype(g, e->builtin.args[0]->type->dtype), ov[1] = {h};
    LLVMValueRef one = LLVMConstReal(h, 1.0), zero = LLVMConstReal(h, 0.0);
    switch (b->dim) {
    case 17: case 18: case 19: case 20: case 21: { /* saturating to [0, 1] (NaN -> 0), or fma then relu */
      LLVMValueRef r = b->dim == 17 ? LLVMBuildFAdd(g->b, a[0], a[1], "") : b->dim == 18 ? LLVMBuildFSub(g->b, a[0], a[1], "")
                     : b->dim == 19 ? LLVMBuildFMul(g->b, a[0], a[1], "") : pj_cg_call_intrinsic(g, "llvm.fma", ov, 1, a, 3);
      LLVMValueRef lo = pj_cg_call_intrinsic(g, "llvm.maxnum", ov, 1, (LLVMValueRef[]){r, zero}, 2);
      if (b->dim == 21) /* relu keeps NaN */
        return LLVMBuildSelect(g->b, LLVMBuildFCmp(g->b, LLVMRealUNO, r, r, ""), r, lo, "");
      return pj_cg_call_intrinsic(g, "llvm.minnum", ov, 1, (LLVMValueRef[]){lo, one}, 2);
    }
    case 20 + 2: /* hmax_nan */
      return pj_cg_call_intrinsic(g, "llvm.maximum", ov, 1, a, 2);
    case 23: return LLVMBuildFCmp(g->b, LLVMRealUNO, a[0], a[0], ""); /* hisnan */
    case 24: { /* hisinf: -1 for -inf, 1 for +inf, else 0 */
      LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx);
      LLVMValueRef inf = LLVMConstReal(h, INFINITY), ninf = LLVMConstReal(h, -INFINITY);
      LLVMValueRef pos = LLVMBuildZExt(g->b, LLVMBuildFCmp(g->b, LLVMRealOEQ, a[0], inf, ""), i32, "");
      LLVMValueRef neg = LLVMBuildZExt(g->b, LLVMBuildFCmp(g->b, LLVMRealOEQ, a[0], ninf, ""), i32, "");
      return LLVMBuildSub(g->b, pos, neg, "");
    }
    case 25: return pj_cg_call_intrinsic(g, "llvm.minimum", ov, 1, a, 2); /* hmin_nan */
    case 26: case 27: case 28: case 29: case 30: case 31: { /* hequ ... hltu: unordered (NaN: true) */
      static const LLVMRealPredicate ucmp[] = {LLVMRealUEQ, LLVMRealUNE, LLVMRealUGE, LLVMRealUGT, LLVMRealULE, LLVMRealULT};
      return pj_cg_fcmp(g, ucmp[b->dim - 26], a[0], a[1]);
    }
    default: break;
    }
    static const LLVMRealPredicate cmp[] = {LLVMRealOEQ, LLVMRealUNE, LLVMRealOGE, LLVMRealOGT, LLVMRealOLE, LLVMRealOLT};
    switch (b->dim) {
    case 0: return LLVMBuildFAdd(g->b, a[0], a[1], "");
    case 1: return LLVMBuildFSub(g->b, a[0], a[1], "");
    case 2: return LLVMBuildFMul(g->b, a[0], a[1], "");
    case 3: return LLVMBuildFDiv(g->b, a[0], a[1], "");
    case 4: return LLVMBuildFNeg(g->b, a[0], "");
    case 5: return pj_cg_call_intrinsic(g, "llvm.fabs", ov, 1, a, 1);
    case 6:
      if (g->host && LLVMGetTypeKind(h) == LLVMHalfTypeKind) {
        /* the CPU has no float16 fma: LLVM's would round in float32 and again to float16, which
         * misses the single rounding of the GPU's fma.rn.f16 now and then. In float64 the one
         * rounding that follows is exact: a float64 near a float16 midpoint but not on it would
         * need the exact a * b + c to span more than 53 bits there, and float16's range keeps it
         * within 52 (c's bits go down to 2^-24 and a finite result stays below 2^16; a * b, when
         * its bits go lower, is too small to move a result near a midpoint). */
        LLVMTypeRef f64 = LLVMDoubleTypeInContext(g->ctx);
        LLVMValueRef w[3];
        for (int i = 0; i < 3; i++) w[i] = LLVMBuildFPExt(g->b, a[i], f64, "");
        return LLVMBuildFPTrunc(g->b, pj_cg_call_intrinsic(g, "llvm.fma", &f64, 1, w, 3), h, "");
      }
      return pj_cg_call_intrinsic(g, "llvm.fma", ov, 1, a, 3);
    case 7: return pj_cg_call_intrinsic(g, "llvm.maxnum", ov, 1, a, 2);
    case 8: return pj_cg_call_intrinsic(g, "llvm.minnum", ov, 1, a, 2);
    case 15: return LLVMBuildFDiv(g->b, one, a[0], "");
    case 16: return LLVMBuildFDiv(g->b, one, pj_cg_call_intrinsic(g, "llvm.sqrt", ov, 1, a, 1), "");
    default: return pj_cg_fcmp(g, cmp[b->dim - 9], a[0], a[1]);
    }
  }
  case PJ_LOWER_BF16CVT: return pj_cg_bf16cvt(g, pj_cg_expr(g, e->builtin.args[0]), b->dim);
  case PJ_LOWER_FP8CVT: return pj_cg_fp8cvt(g, e, b->dim);
  case PJ_LOWER_MAKE_COMPLEX: {
    LLVMTypeRef part = LLVMDoubleTypeInContext(g->ctx);
    LLVMValueRef re = e->builtin.nargs > 0 ? pj_cg_expr(g, e->builtin.args[0]) : LLVMConstReal(part, 0);
    LLVMValueRef im = e->builtin.nargs > 1 ? pj_cg_expr(g, e->builtin.args[1]) : LLVMConstReal(part, 0);
    return pj_cx(g, PJ_COMPLEX128, re, im);
  }
  case PJ_LOWER_CONJUGATE: {
    LLVMValueRef z = pj_cg_expr(g, e->builtin.args[0]);
    if (!pj_dtype_is_complex(e->type->dtype)) return z;
    return pj_cx(g, e->type->dtype, pj_re(g, z), LLVMBuildFNeg(g->b, pj_im(g, z), ""));
  }
  case PJ_LOWER_CAS: return pj_cg_cas(g, e, b);
  case PJ_LOWER_GROUP: /* no data: g.sync() needs none. As numba, a kernel that takes its grid group is
                        * launched cooperatively, whether or not it syncs */
    g->grid_sync = true;
    return LLVMConstNull(pj_cg_type(g, e->type));
  case PJ_LOWER_RANGE: case PJ_LOWER_REWRITTEN: break;
  }
  return LLVMGetUndef(pj_cg_type(g, e->type));
}

/* ---- expressions ------------------------------------------------------------------------ */

static LLVMValueRef pj_cg_tuple(PjCg *g, const PjExpr *e) {
  LLVMValueRef t = LLVMGetUndef(pj_cg_type(g, e->type));
  for (int i = 0; i < e->tuple.count; i++)
    t = LLVMBuildInsertValue(g->b, t, pj_cg_expr(g, e->tuple.items[i]), (unsigned)i, "");
  return t;
}

static LLVMValueRef pj_cg_attr(PjCg *g, const PjExpr *e) {
  if (e->attr.base->type->kind == PJ_TY_RECORD) return pj_cg_field_load(g, e->attr.base, e->attr.attr);
  if (pj_type_is_scalar(e->attr.base->type)) { /* .real / .imag of a number */
    LLVMValueRef x = pj_cg_expr(g, e->attr.base);
    bool imag = strcmp(e->attr.attr, "imag") == 0;
    if (pj_dtype_is_complex(e->attr.base->type->dtype)) return imag ? pj_im(g, x) : pj_re(g, x);
    return imag ? LLVMConstNull(pj_cg_type(g, e->type)) : x;
  }
  /* arrays: .real / .imag, .size, .shape, .strides */
  LLVMValueRef arr = pj_cg_expr(g, e->attr.base);
  const PjType *at = e->attr.base->type;
  if (strcmp(e->attr.attr, "real") == 0 || strcmp(e->attr.attr, "imag") == 0) {
    if (!pj_dtype_is_complex(at->dtype)) return arr;
    LLVMValueRef v = pj_cg_array_as_view(g, arr, at, e->type); /* the complex strides, in bytes */
    if (strcmp(e->attr.attr, "imag") != 0) return v;
    LLVMValueRef off = LLVMConstInt(pj_cg_i64(g), pj_dtype_size(pj_dtype_part(at->dtype)), 0);
    LLVMValueRef data = LLVMBuildGEP2(g->b, LLVMInt8TypeInContext(g->ctx), LLVMBuildExtractValue(g->b, v, 0, ""), &off, 1, "imag");
    return LLVMBuildInsertValue(g->b, v, data, 0, "");
  }
  int nd = e->attr.base->type->ndim;
  bool strides = strcmp(e->attr.attr, "strides") == 0;
  if (strides || strcmp(e->attr.attr, "shape") == 0) { /* the tuple (a struct) of the extents or strides */
    LLVMValueRef t = LLVMGetUndef(pj_cg_type(g, e->type));
    for (int k = 0; k < nd; k++)
      t = LLVMBuildInsertValue(g->b, t, strides ? pj_cg_array_stride(g, arr, e->attr.base->type, k) : pj_cg_array_dim(g, arr, k),
                               (unsigned)k, "");
    return t;
  }
  LLVMValueRef n = LLVMConstInt(pj_cg_i64(g), 1, 0);
  for (int k = 0; k < nd; k++) n = LLVMBuildMul(g->b, n, pj_cg_array_dim(g, arr, k), "");
  return n;
}

/* A global device array: its address, extents (and strides for layout 'A') as constants. */
static LLVMValueRef pj_cg_device_global(PjCg *g, const PjExpr *e) {
  const PjConstArray *a = e->carray;
  LLVMValueRef ptr = LLVMConstIntToPtr(LLVMConstInt(pj_cg_i64(g), a->address, 0), pj_cg_ptr(g));
  LLVMValueRef v = LLVMBuildInsertValue(g->b, LLVMGetUndef(pj_cg_type(g, e->type)), ptr, 0, "");
  LLVMValueRef dims = LLVMGetUndef(LLVMArrayType2(pj_cg_i64(g), (uint64_t)a->ndim)), strides = dims;
  for (int k = 0; k < a->ndim; k++) {
    dims = LLVMBuildInsertValue(g->b, dims, LLVMConstInt(pj_cg_i64(g), (unsigned long long)a->shape[k], 0), (unsigned)k, "");
    strides = LLVMBuildInsertValue(g->b, strides, LLVMConstInt(pj_cg_i64(g), (unsigned long long)a->strides[k], 1),
                                   (unsigned)k, "");
  }
  v = LLVMBuildInsertValue(g->b, v, dims, 1, "");
  return e->type->layout == 'A' ? LLVMBuildInsertValue(g->b, v, strides, 2, "") : v;
}

/* A module-level array: constant data (in .const memory on the GPU), once per module. */
static LLVMValueRef pj_cg_const_array(PjCg *g, const PjExpr *e) {
  const PjConstArray *a = e->carray;
  if (a->address) return pj_cg_device_global(g, e);
  char name[256];
  if (a->symbol) snprintf(name, sizeof name, "%s", a->symbol);
  else snprintf(name, sizeof name, "pj_const_%s", a->name);
  LLVMValueRef gv = LLVMGetNamedGlobal(g->mod, name);
  LLVMTypeRef elem = pj_cg_mem_dtype(g, a->dtype);
  if (!gv && a->bytes) { /* complex numbers, records: their bytes as NumPy holds them */
    size_t n = (size_t)a->count * (size_t)(a->record ? a->record->size : (int64_t)pj_dtype_size(a->dtype));
    LLVMValueRef init = LLVMConstStringInContext(LLVMGetModuleContext(g->mod), a->bytes, (unsigned)n, 1);
    gv = LLVMAddGlobalInAddressSpace(g->mod, LLVMTypeOf(init), name, g->host ? 0 : 4);
    LLVMSetInitializer(gv, init);
    LLVMSetGlobalConstant(gv, 1);
    LLVMSetLinkage(gv, LLVMInternalLinkage);
    LLVMSetAlignment(gv, 16);
  }
  if (!gv) {
    LLVMValueRef *vals = malloc(sizeof(LLVMValueRef) * (size_t)a->count);
    for (int64_t i = 0; i < a->count; i++)
      vals[i] = pj_dtype_is_float(a->dtype) ? LLVMConstReal(elem, a->values[i])
                : LLVMConstInt(elem, (unsigned long long)(a->dtype == PJ_BOOL ? a->ints[i] != 0 : a->ints[i]), 0);
    LLVMValueRef init = LLVMConstArray2(elem, vals, (uint64_t)a->count);
    free(vals);
    gv = LLVMAddGlobalInAddressSpace(g->mod, LLVMTypeOf(init), name, g->host ? 0 : 4);
    LLVMSetInitializer(gv, init);
    LLVMSetGlobalConstant(gv, 1);
    LLVMSetLinkage(gv, LLVMInternalLinkage);
    LLVMSetAlignment(gv, 16);
  }
  LLVMValueRef ptr = g->host ? gv : LLVMConstAddrSpaceCast(gv, pj_cg_ptr(g));
  LLVMValueRef v = LLVMBuildInsertValue(g->b, LLVMGetUndef(pj_cg_type(g, e->type)), ptr, 0, "");
  LLVMValueRef dims = LLVMGetUndef(LLVMArrayType2(pj_cg_i64(g), (uint64_t)a->ndim));
  for (int k = 0; k < a->ndim; k++)
    dims = LLVMBuildInsertValue(g->b, dims, LLVMConstInt(pj_cg_i64(g), (unsigned long long)a->shape[k], 0), (unsigned)k, "");
  v = LLVMBuildInsertValue(g->b, v, dims, 1, "");
  if (e->type->layout != 'A') return v;
  LLVMValueRef strides = LLVMGetUndef(LLVMArrayType2(pj_cg_i64(g), (uint64_t)a->ndim)); /* C order, in bytes */
  int64_t step = a->record ? a->record->size : (int64_t)pj_dtype_size(a->dtype);
  for (int k = a->ndim - 1; k >= 0; k--) {
    strides = LLVMBuildInsertValue(g->b, strides, LLVMConstInt(pj_cg_i64(g), (unsigned long long)step, 1), (unsigned)k, "");
    step *= a->shape[k];
  }
  return LLVMBuildInsertValue(g->b, v, strides, 2, "");
}

LLVMValueRef pj_cg_expr(PjCg *g, const PjExpr *e) {
  switch (e->kind) {
  case PJ_EX_CONST_ARRAY: return pj_cg_const_array(g, e);
  case PJ_EX_STRING: return pj_cg_string_literal(g, e); /* backend/strings.c */
  case PJ_EX_INT: return pj_cg_const_int(g, e->type->dtype, e->ival);
  case PJ_EX_BOOL: return LLVMConstInt(LLVMInt1TypeInContext(g->ctx), (unsigned long long)e->ival, 0);
  case PJ_EX_FLOAT:
    if (e->big) { /* 2j */
      LLVMTypeRef part = LLVMDoubleTypeInContext(g->ctx);
      return LLVMConstNamedStruct(pj_cg_dtype(g, PJ_COMPLEX128), (LLVMValueRef[]){LLVMConstReal(part, 0), LLVMConstReal(part, e->fval)}, 2);
    }
    return LLVMConstReal(pj_cg_dtype(g, e->type->dtype), e->fval);
  case PJ_EX_NAME:
    if (g->narrow_vars && g->narrow_vars[e->name.var]) /* kept in 32 bits (narrow.c) */
      return LLVMBuildSExt(g->b, LLVMBuildLoad2(g->b, LLVMInt32TypeInContext(g->ctx), g->slots[e->name.var], ""),
                           pj_cg_type(g, e->type), e->name.id);
    return LLVMBuildLoad2(g->b, pj_cg_type(g, g->f->vars[e->name.var].type), g->slots[e->name.var], e->name.id);
  case PJ_EX_ATTR: return pj_cg_attr(g, e);
  case PJ_EX_SUBSCRIPT: return pj_cg_subscript(g, e);
  case PJ_EX_TUPLE: return pj_cg_tuple(g, e);
  case PJ_EX_BINARY: return pj_cg_binary(g, e);
  case PJ_EX_UNARY: return pj_cg_unary(g, e);
  case PJ_EX_COMPARE: return pj_cg_compare(g, e);
  case PJ_EX_BOOLOP: return pj_cg_boolop(g, e);
  case PJ_EX_IFEXP: return pj_cg_ifexp(g, e);
  case PJ_EX_CAST: return pj_cg_convert(g, pj_cg_expr(g, e->cast.x), e->cast.x->type, e->type);
  case PJ_EX_BUILTIN: return pj_cg_builtin(g, e);
  case PJ_EX_SHAPE: return pj_cg_array_dim(g, pj_cg_expr(g, e->shape.array), e->shape.dim);
  case PJ_EX_CALL: return pj_cg_call_spec(g, e);
  default: return LLVMGetUndef(pj_cg_type(g, e->type));
  }
}

/* ---- statements ------------------------------------------------------------------------- */

void pj_cg_store_var(PjCg *g, const PjExpr *target, LLVMValueRef v, const PjType *vt) {
  const PjType *var_t = g->f->vars[target->name.var].type;
  v = pj_cg_convert(g, v, vt, var_t);
  if (g->narrow_vars && g->narrow_vars[target->name.var]) v = LLVMBuildTrunc(g->b, v, LLVMInt32TypeInContext(g->ctx), "");
  LLVMBuildStore(g->b, v, g->slots[target->name.var]);
}


static void pj_cg_store(PjCg *g, const PjExpr *target, LLVMValueRef v, const PjType *vt);
static void pj_cg_store(PjCg *g, const PjExpr *target, LLVMValueRef v, const PjType *vt) {
  switch (target->kind) {
  case PJ_EX_NAME: pj_cg_store_var(g, target, v, vt); break;
  case PJ_EX_SUBSCRIPT:
    if (target->sub.base->type->kind == PJ_TY_RECORD) pj_cg_field_store(g, target->sub.base, target->sub.index->str, v, vt);
    else if (target->type && target->type->kind == PJ_TY_RECORD && target->type->record->chars)
      pj_cg_chars_store(g, pj_cg_element_ptr(g, target), target->type->record, v, vt); /* a[i] = "XYZ" */
    else if (target->type && target->type->kind == PJ_TY_RECORD) pj_cg_record_copy(g, pj_cg_element_ptr(g, target), v, target->type);
    else if (target->type && target->type->kind == PJ_TY_ARRAY) pj_cg_store_slice(g, target, v, vt);
    else pj_cg_store_element(g, target, v, vt);
    break;
  case PJ_EX_ATTR: pj_cg_field_store(g, target->attr.base, target->attr.attr, v, vt); break;
  case PJ_EX_TUPLE: {
    /* every value is read before any target is written: `a[i], a[j] = a[j], a[i]` swaps */
    LLVMValueRef items[64];
    for (int i = 0; i < target->tuple.count && i < 64; i++) items[i] = LLVMBuildExtractValue(g->b, v, (unsigned)i, "");
    for (int i = 0; i < target->tuple.count && i < 64; i++) pj_cg_store(g, target->tuple.items[i], items[i], vt->items[i]);
    break;
  }
  default: break;
  }
}

/* The CPU thread loop's guard (guard.c): a probe returns whether the thread passes it (the rest
 * of the kernel runs for it); otherwise the branch is skipped when every thread of the row
 * passes. */
LLVMValueRef pj_cg_guard(PjCg *g, LLVMValueRef c) {
  LLVMValueRef pass = g->guard.early_return ? LLVMBuildNot(g->b, c, "") : c;
  LLVMBasicBlockRef probe = pj_cg_block_new(g, "guard.probe"), run = pj_cg_block_new(g, "guard.run");
  LLVMBuildCondBr(g->b, g->guard_probe, probe, run);
  LLVMPositionBuilderAtEnd(g->b, probe);
  LLVMBuildRet(g->b, pass);
  LLVMPositionBuilderAtEnd(g->b, run);
  return g->guard.early_return ? LLVMBuildAnd(g->b, LLVMBuildNot(g->b, g->guard_all_pass, ""), c, "")
                               : LLVMBuildOr(g->b, g->guard_all_pass, c, "");
}

static void pj_cg_if(PjCg *g, const PjStmt *s) {
  LLVMValueRef c = pj_truth(g, pj_cg_expr(g, s->if_.cond), s->if_.cond->type);
  if (s == g->guard.stmt && g->guard_probe) c = pj_cg_guard(g, c);
  LLVMBasicBlockRef bt = pj_cg_block_new(g, "then"), done = pj_cg_block_new(g, "endif");
  LLVMBasicBlockRef bf = s->if_.orelse.count ? pj_cg_block_new(g, "else") : done;
  LLVMBuildCondBr(g->b, c, bt, bf);
  LLVMPositionBuilderAtEnd(g->b, bt);
  pj_cg_block(g, &s->if_.then);
  pj_cg_br(g, done);
  if (s->if_.orelse.count) {
    LLVMPositionBuilderAtEnd(g->b, bf);
    pj_cg_block(g, &s->if_.orelse);
    pj_cg_br(g, done);
  }
  LLVMPositionBuilderAtEnd(g->b, done);
}

static void pj_cg_aug(PjCg *g, const PjStmt *s) {
  const PjExpr *target = s->aug.target;
  if (target->kind != PJ_EX_SUBSCRIPT || target->sub.base->type->kind != PJ_TY_ARRAY) {
    pj_cg_store(g, target, pj_cg_expr(g, s->aug.value), s->aug.value->type);
    return;
  }
  const PjExpr *load = s->aug.value->kind == PJ_EX_BINARY ? s->aug.value->bin.l : NULL;
  while (load && load->kind == PJ_EX_CAST) load = load->cast.x;
  LLVMValueRef ptr = pj_cg_element_ptr(g, target);
  const PjExpr *saved_node = g->aug_node;
  LLVMValueRef saved_ptr = g->aug_ptr;
  g->aug_node = load;
  g->aug_ptr = ptr;
  LLVMValueRef v = pj_cg_expr(g, s->aug.value);
  g->aug_node = saved_node;
  g->aug_ptr = saved_ptr;
  PjDtype d = target->sub.base->type->dtype;
  v = pj_cg_convert(g, v, s->aug.value->type, pj_type_scalar(d));
  if (d == PJ_BOOL) v = LLVMBuildZExt(g->b, v, LLVMInt8TypeInContext(g->ctx), "");
  LLVMBuildStore(g->b, v, ptr);
}

void pj_cg_stmt(PjCg *g, const PjStmt *s) {
  pj_cg_ensure_open(g);
  pj_di_at(g, s->loc);
  switch (s->kind) {
  case PJ_ST_EXPR: pj_cg_expr(g, s->expr); break;
  case PJ_ST_ASSIGN: {
    LLVMValueRef v = pj_cg_expr(g, s->assign.value);
    for (int i = 0; i < s->assign.ntargets; i++) pj_cg_store(g, s->assign.targets[i], v, s->assign.value->type);
    break;
  }
  case PJ_ST_AUGASSIGN: pj_cg_aug(g, s); break;
  case PJ_ST_IF: pj_cg_if(g, s); break;
  case PJ_ST_WHILE:
    if (s == g->guard.stmt && g->guard_probe && g->guard.stride) pj_cg_for_iteration(g, s);
    else pj_cg_while(g, s);
    break;
  case PJ_ST_FOR:
    if (s == g->guard.stmt && g->guard_probe && g->guard.stride) pj_cg_for_iteration(g, s);
    else pj_cg_for(g, s);
    break;
  case PJ_ST_BREAK:
  case PJ_ST_CONTINUE: {
    LLVMBasicBlockRef to = s->kind == PJ_ST_BREAK ? g->loop_exit : g->loop_continue;
    if (to) LLVMBuildBr(g->b, to);
    else pj_cg_fail(g, s->loc, "the CPU executor runs a loop containing syncthreads() for all threads of a block "
                                "together: it can leave or continue that loop only where every thread does the "
                                "same (in an if whose condition is the same for the whole block)");
    break;
  }
  case PJ_ST_RETURN:
    if (s->expr && s->expr->kind != PJ_EX_NONE && g->ret_slot) {
      LLVMValueRef v = pj_cg_expr(g, s->expr);
      LLVMBuildStore(g->b, pj_cg_convert(g, v, s->expr->type, g->f->ret_type), g->ret_slot);
    }
    LLVMBuildBr(g->b, g->ret);
    break;
  case PJ_ST_PASS: break;
  }
}

void pj_cg_block(PjCg *g, const PjBlock *b) {
  for (int i = 0; i < b->count; i++) pj_cg_stmt(g, b->stmts[i]);
}

void pj_cg_function_body(PjCg *g) {
  for (int i = 0; i < g->f->body.count; i++) {
    g->top_stmt = i; /* pj_cg_var_value: which of the function's statements have run */
    pj_cg_stmt(g, g->f->body.stmts[i]);
  }
}

/* ---- the function ------------------------------------------------------------------------ */

/* The flattened parameter types of the signature (ir/abi.h). */
int pj_cg_param_types(PjCg *g, const PjArgType *args, int nargs, LLVMTypeRef *out) {
  int n = 0;
  for (int i = 0; i < nargs; i++) {
    if (args[i].ndim == 0 && pj_dtype_is_complex(args[i].dtype)) { /* the real part, the imaginary part */
      out[n++] = pj_cg_dtype(g, pj_dtype_part(args[i].dtype));
      out[n++] = pj_cg_dtype(g, pj_dtype_part(args[i].dtype));
      continue;
    }
    if (pj_abi_pointer(&args[i])) {
      out[n++] = pj_cg_ptr(g);
      continue;
    }
    if (args[i].ndim == 0 && !args[i].record) {
      out[n++] = pj_cg_mem_dtype(g, args[i].dtype);
      continue;
    }
    out[n++] = pj_cg_ptr(g);
    for (int k = 0; k < pj_abi_param_count(&args[i]) - 1; k++) out[n++] = pj_cg_i64(g); /* extents (and strides) */
  }
  return n;
}

/* Argument i's value from the flattened parameters at flat[*p], converted to its variable's
 * type (numba lets a kernel rebind an argument to a wider type). */
LLVMValueRef pj_cg_arg_value(PjCg *g, const PjArgType *a, LLVMValueRef *flat, int *p, const PjType *var_t) {
  if (pj_abi_pointer(a)) return flat[(*p)++];
  if (a->ndim == 0 && pj_dtype_is_complex(a->dtype)) {
    LLVMValueRef re = flat[(*p)++], im = flat[(*p)++];
    return pj_cg_convert(g, pj_cx(g, a->dtype, re, im), pj_type_scalar(a->dtype), var_t);
  }
  if (a->record && a->ndim == 0) { /* a single record: its address (the extent, 1, unused) */
    LLVMValueRef v = flat[*p];
    *p += 2;
    return v;
  }
  if (a->zero_dim) { /* a 0-d array: its data (the extent, 1, and for records the stride, unused) */
    const PjType *at = a->record ? var_t : pj_type_array(a->dtype, 0);
    LLVMValueRef v = LLVMBuildInsertValue(g->b, LLVMGetUndef(pj_cg_type(g, at)), flat[*p], 0, "");
    *p += a->record ? 3 : 2;
    return a->record ? v : pj_cg_convert(g, v, at, var_t);
  }
  if (a->ndim == 0) {
    LLVMValueRef v = flat[(*p)++];
    if (a->dtype == PJ_BOOL) v = LLVMBuildICmp(g->b, LLVMIntNE, v, LLVMConstInt(LLVMTypeOf(v), 0, 0), "");
    return pj_cg_convert(g, v, pj_type_scalar(a->dtype), var_t);
  }
  const PjType *at = pj_type_array_layout(a->dtype, a->ndim, pj_abi_strided(a) ? 'A' : 'C');
  LLVMValueRef v = LLVMBuildInsertValue(g->b, LLVMGetUndef(pj_cg_type(g, at)), flat[(*p)++], 0, "");
  for (int part = 1; part <= (pj_abi_strided(a) ? 2 : 1); part++) { /* extents, then strides */
    LLVMValueRef dims = LLVMGetUndef(LLVMArrayType2(pj_cg_i64(g), (uint64_t)a->ndim));
    for (int k = 0; k < a->ndim; k++) dims = LLVMBuildInsertValue(g->b, dims, flat[(*p)++], (unsigned)k, "");
    v = LLVMBuildInsertValue(g->b, v, dims, (unsigned)part, "");
  }
  return a->record ? v : pj_cg_convert(g, v, at, var_t); /* records: the same {data, extents, strides} */
}

/* Parameter value of type t from the arguments at args[*leaf]: one argument, or a tuple built
 * from the arguments of its items (a tuple argument is its items' parameters, ir/abi.h). */
LLVMValueRef pj_cg_param_value(PjCg *g, const PjArgType *args, int *leaf, LLVMValueRef *flat, int *p, const PjType *t) {
  if (t->kind != PJ_TY_TUPLE) return pj_cg_arg_value(g, &args[(*leaf)++], flat, p, t);
  LLVMValueRef v = LLVMGetUndef(pj_cg_type(g, t));
  for (int k = 0; k < t->count; k++)
    v = LLVMBuildInsertValue(g->b, v, pj_cg_param_value(g, args, leaf, flat, p, t->items[k]), (unsigned)k, "");
  return v;
}

/* Array extents are never negative and no array has 2**47 elements: the range attribute on
 * those parameters lets LLVM prove that an index walking up to an extent does not wrap, so
 * the checks for negative indices fold away and such loops get unrolled. With `noalias` (the
 * launch checked that no two arrays overlap) the data pointers are noalias too; with g->narrow
 * (the launch checked that integer arguments and extents are below 2**31 in magnitude) extents
 * are below 2**31 and 64-bit integer parameters in the int32 range. */
void pj_cg_mark_extents(PjCg *g, LLVMValueRef fn, const PjArgType *args, int nargs, bool noalias) {
  unsigned kind = LLVMGetEnumAttributeKindForName("range", 5);
  uint64_t lo = 0, hi = (uint64_t)1 << (g->narrow ? 31 : 47);
  LLVMAttributeRef range = LLVMCreateConstantRangeAttribute(g->ctx, kind, 64, &lo, &hi);
  uint64_t slo = (uint64_t)INT32_MIN, shi = (uint64_t)1 << 31;
  LLVMAttributeRef srange = LLVMCreateConstantRangeAttribute(g->ctx, kind, 64, &slo, &shi);
  LLVMAttributeRef unaliased = LLVMCreateEnumAttribute(g->ctx, LLVMGetEnumAttributeKindForName("noalias", 7), 0);
  int p = 0;
  for (int i = 0; i < nargs; i++) {
    if (args[i].record && args[i].ndim == 0) { /* a record: its address and an extent */
      p += 2;
      continue;
    }
    if (pj_abi_pointer(&args[i])) {
      p++;
      continue;
    }
    if (args[i].ndim == 0) {
      if (g->narrow && (args[i].dtype == PJ_INT64 || args[i].dtype == PJ_UINT64))
        LLVMAddAttributeAtIndex(fn, (unsigned)(p + 1), args[i].dtype == PJ_INT64 ? srange : range);
      p += pj_dtype_is_complex(args[i].dtype) ? 2 : 1;
      continue;
    }
    if (noalias) LLVMAddAttributeAtIndex(fn, (unsigned)(p + 1), unaliased);
    p++; /* the data pointer */
    for (int k = 0; k < args[i].ndim; k++) LLVMAddAttributeAtIndex(fn, (unsigned)(p++ + 1), range);
    if (pj_abi_strided(&args[i])) p += args[i].ndim; /* strides may be negative */
  }
}

/* The flattened parameters, loaded from the CPU executor's array of pointers to them. */
void pj_cg_load_params(PjCg *g, LLVMValueRef argv, LLVMTypeRef *types, int n, LLVMValueRef *out) {
  LLVMTypeRef ptr = pj_cg_ptr(g);
  for (int i = 0; i < n; i++) {
    LLVMValueRef idx = LLVMConstInt(pj_cg_i64(g), (unsigned long long)i, 0);
    LLVMValueRef slot = LLVMBuildLoad2(g->b, ptr, LLVMBuildInBoundsGEP2(g->b, ptr, argv, &idx, 1, ""), "");
    out[i] = LLVMBuildLoad2(g->b, types[i], slot, "");
  }
}

/* One zeroed stack slot per variable of g->f, at the builder: a variable assigned on some paths
 * only reads 0 on the others, never poison. */
/* The variables whose first mention in f, in the order its top-level statements run, is a plain
 * assignment `v = value` at the top level with a value that does not read v: every path assigns
 * them before any read, so their slots need no zero (a variable read before any assignment reads
 * 0). Without the zeros in the entry block a long straight-line function's variables are each
 * used in one block, which LLVM's mem2reg promotes in linear time; with them, mem2reg scanned the
 * body's block once for each variable (quadratic: 16 s of 21 for 3*10^4 statements on the CPU,
 * once the index checks had split the entry from the body). */
static bool pj_mark_seen(const PjExpr *e, void *seen) {
  if (e->kind == PJ_EX_NAME && e->name.var >= 0) ((bool *)seen)[e->name.var] = true;
  return false;
}

static bool *pj_assigned_first(const PjFunc *f) {
  bool *seen = calloc((size_t)f->nvars + 1, sizeof(bool)), *first = calloc((size_t)f->nvars + 1, sizeof(bool));
  if (!seen || !first) {
    free(seen);
    free(first);
    return NULL;
  }
  for (int v = 0; v < f->nparams && v < f->nvars; v++) seen[v] = true;
  for (int i = 0; i < f->body.count; i++) {
    const PjStmt *st = f->body.stmts[i];
    if (st->kind == PJ_ST_ASSIGN && st->assign.ntargets == 1 && st->assign.targets[0]->kind == PJ_EX_NAME &&
        st->assign.targets[0]->name.var >= 0) {
      pj_expr_any(st->assign.value, pj_mark_seen, seen);
      int v = st->assign.targets[0]->name.var;
      if (!seen[v]) first[v] = true;
      seen[v] = true;
      continue;
    }
    pj_stmt_any_expr(st, pj_mark_seen, seen);
  }
  free(seen);
  return first;
}

void pj_cg_alloc_slots(PjCg *g) {
  g->slots = calloc((size_t)g->f->nvars + 1, sizeof(LLVMValueRef));
  pj_cg_narrow_begin(g);
  bool *first = pj_assigned_first(g->f);
  for (int v = 0; v < g->f->nvars; v++) {
    const PjType *t = g->f->vars[v].type;
    if (!t) continue;
    LLVMTypeRef lt = g->narrow_vars && g->narrow_vars[v] ? LLVMInt32TypeInContext(g->ctx) : pj_cg_type(g, t);
    g->slots[v] = LLVMBuildAlloca(g->b, lt, g->f->vars[v].name);
    if (!first || !first[v]) LLVMBuildStore(g->b, LLVMConstNull(lt), g->slots[v]);
  }
  free(first);
}

/* Emit the kernel body into g->fn, whose first parameters are the flattened arguments. */
void pj_cg_body(PjCg *g, const PjArgType *args, int nargs) {
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "entry");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "body");
  g->ret = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "return");
  g->alloca_b = LLVMCreateBuilderInContext(g->ctx);
  LLVMPositionBuilderAtEnd(g->alloca_b, entry);
  LLVMPositionBuilderAtEnd(g->b, entry);
  pj_cg_alloc_slots(g);
  pj_di_variables(g);
  pj_di_at(g, g->f->loc); /* the arguments' setup is the `def` line's */
  LLVMValueRef flat[256];
  unsigned nflat = LLVMCountParams(g->fn);
  for (unsigned i = 0; i < nflat && i < 256; i++) flat[i] = LLVMGetParam(g->fn, i);
  int p = 0, leaf = 0;
  for (int i = 0; i < g->f->nparams; i++) {
    const PjType *t = g->f->vars[i].type;
    if (t->kind == PJ_TY_ARRAY) LLVMSetValueName2(flat[p], g->f->vars[i].name, strlen(g->f->vars[i].name));
    LLVMBuildStore(g->b, pj_cg_param_value(g, args, &leaf, flat, &p, t), g->slots[i]);
  }
  LLVMBuildBr(g->b, body);
  LLVMPositionBuilderAtEnd(g->alloca_b, entry);
  LLVMPositionBuilderBefore(g->alloca_b, LLVMGetBasicBlockTerminator(entry));
  LLVMPositionBuilderAtEnd(g->b, body);
  pj_cg_function_body(g);
  pj_cg_br(g, g->ret);
  LLVMPositionBuilderAtEnd(g->b, g->ret);
  if (g->guard_probe) LLVMBuildRet(g->b, LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0));
  else LLVMBuildRetVoid(g->b);
  LLVMDisposeBuilder(g->alloca_b);
  free(g->slots);
  g->slots = NULL;
  pj_cg_narrow_end(g);
}
