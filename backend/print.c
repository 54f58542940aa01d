/* print(...) and the f-strings and str.format() calls it prints: one printf line per print, the
 * items separated by spaces as Python separates them. Numbers print as numba-cuda prints them
 * (integers in full, floats as %f, bools as True/False, tuples as Python writes them); a NaN
 * prints as Python prints it, "nan", whatever its sign bit. A replacement field prints by the plan
 * of ir/format.h: one printf conversion where printf writes what Python does, else the integer
 * written digit by digit into a buffer (pj.fmt.int) and printed as a string with its padding. */
#include "backend/codegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/format.h"
#include "stdlib/builtins.h"

enum { PJ_PRINTF_MAX_VALUES = 32 };

typedef struct PjPrint {
  char *fmt;
  size_t len, cap;
  LLVMValueRef vals[4 * PJ_PRINTF_MAX_VALUES];
  unsigned n;      /* values the format reads */
  bool overflow;   /* more than vals holds */
  LLVMValueRef upper_f[PJ_FMT_MAX_UPPER_F]; /* per type 'F' conversion: is its value inf or nan */
  size_t upper_f_at[PJ_FMT_MAX_UPPER_F];     /* and where in fmt its type letter goes */
  int nupper_f;
} PjPrint;

static void pj_print_raw(PjPrint *p, const char *s, size_t n) {
  if (p->len + n + 1 > p->cap) {
    p->cap = (p->len + n + 1) * 2;
    p->fmt = realloc(p->fmt, p->cap);
  }
  memcpy(p->fmt + p->len, s, n);
  p->len += n;
  p->fmt[p->len] = 0;
}

static void pj_print_conv(PjPrint *p, const char *conv) { pj_print_raw(p, conv, strlen(conv)); }

/* Text printed as it is: a '%' doubled for printf. */
static void pj_print_text(PjPrint *p, const char *text) {
  for (const char *c = text; *c; c++) {
    if (*c == '%') pj_print_raw(p, "%%", 2);
    else pj_print_raw(p, c, 1);
  }
}

static void pj_print_arg(PjPrint *p, LLVMValueRef v) {
  if (p->n < sizeof p->vals / sizeof p->vals[0]) p->vals[p->n++] = v;
  else p->overflow = true;
}

/* A constant C string, in the module once per text (LLVM merges equal ones). On the GPU it lies
 * in constant memory (addrspace 4, PTX .const), where numba puts printf's format strings, so that
 * a kernel's get_const_mem_size counts them as numba's does; it is passed as a generic pointer. */
static LLVMValueRef pj_cg_cstring(PjCg *g, const char *text) {
  LLVMValueRef s = LLVMConstStringInContext(g->ctx, text, (unsigned)strlen(text), 0);
  unsigned space = g->host ? 0 : 4;
  LLVMValueRef gv = LLVMAddGlobalInAddressSpace(g->mod, LLVMTypeOf(s), "str", space);
  LLVMSetInitializer(gv, s);
  LLVMSetGlobalConstant(gv, 1);
  LLVMSetLinkage(gv, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(gv, LLVMGlobalUnnamedAddr);
  return space ? LLVMConstAddrSpaceCast(gv, LLVMPointerTypeInContext(g->ctx, 0)) : gv;
}

static LLVMTypeRef pj_i32(PjCg *g) { return LLVMInt32TypeInContext(g->ctx); }

/* A conversion of the double x. CUDA's printf has no %F: its type letter is chosen at run time,
 * 'f' for a finite x and 'E' (which writes "INF" and "NAN" as %F does) for inf and nan. */
static void pj_print_fconv(PjCg *g, PjPrint *p, const char *conv, LLVMValueRef x) {
  size_t n = strlen(conv);
  if (!n || conv[n - 1] != 'F' || p->nupper_f >= PJ_FMT_MAX_UPPER_F) { /* the type checker counted them */
    pj_print_raw(p, conv, n);
    return;
  }
  pj_print_raw(p, conv, n);
  p->upper_f_at[p->nupper_f] = p->len - 1;
  LLVMTypeRef f64 = LLVMDoubleTypeInContext(g->ctx);
  LLVMValueRef abs = pj_cg_call_intrinsic(g, "llvm.fabs", &f64, 1, &x, 1);
  p->upper_f[p->nupper_f++] = LLVMBuildFCmp(g->b, LLVMRealUGE, abs, LLVMConstReal(f64, __builtin_inf()), "");
}

/* The format: with type 'F' conversions, the one of its 2**n forms that the values ask for. */
static LLVMValueRef pj_print_format_string(PjCg *g, PjPrint *p);
static LLVMTypeRef pj_f64(PjCg *g) { return LLVMDoubleTypeInContext(g->ctx); }
static LLVMValueRef pj_c32(PjCg *g, long long v) { return LLVMConstInt(pj_i32(g), (unsigned long long)v, 1); }

/* A number as the double printf prints, a NaN made positive: Python prints "nan", never "-nan". */
static LLVMValueRef pj_print_double(PjCg *g, LLVMValueRef v, PjDtype d) {
  LLVMValueRef x = pj_cg_convert_scalar(g, v, d, PJ_FLOAT64);
  LLVMTypeRef f64 = pj_f64(g);
  LLVMValueRef nan = LLVMBuildFCmp(g->b, LLVMRealUNO, x, x, "");
  /* the positive quiet NaN as a constant: PTX's abs.f64 keeps a NaN's sign bit */
  LLVMValueRef quiet = LLVMConstBitCast(LLVMConstInt(LLVMInt64TypeInContext(g->ctx), 0x7FF8000000000000ull, 0), f64);
  return LLVMBuildSelect(g->b, nan, quiet, x, "");
}

/* One value of type t: a number as printf shows it, a tuple as Python shows it, "(1, (2.0, 3))". */
static void pj_print_value(PjCg *g, PjPrint *p, LLVMValueRef v, const PjType *t) {
  if (t->kind == PJ_TY_TUPLE) {
    pj_print_raw(p, "(", 1);
    for (int i = 0; i < t->count; i++) {
      if (i) pj_print_raw(p, ", ", 2);
      pj_print_value(g, p, LLVMBuildExtractValue(g->b, v, (unsigned)i, ""), t->items[i]);
    }
    pj_print_conv(p, t->count == 1 ? ",)" : ")");
    return;
  }
  PjDtype d = t->dtype;
  if (d == PJ_BOOL) {
    pj_print_conv(p, "%s");
    pj_print_arg(p, LLVMBuildSelect(g->b, v, pj_cg_cstring(g, "True"), pj_cg_cstring(g, "False"), ""));
  } else if (pj_dtype_is_float(d)) {
    pj_print_conv(p, "%f");
    pj_print_arg(p, pj_print_double(g, v, d));
  } else {
    pj_print_conv(p, pj_dtype_is_signed(d) ? "%lld" : "%llu");
    pj_print_arg(p, pj_cg_convert_scalar(g, v, d, pj_dtype_is_signed(d) ? PJ_INT64 : PJ_UINT64));
  }
}

/* ---- integers digit by digit ---------------------------------------------------------------- */

/* i32 pj.fmt.int(ptr end, i64 magnitude, i64 base, i32 upper, i32 group, i32 sep, i32 sign,
 * i32 prefix, i32 fill, i32 width): writes the number backwards, ending before `end`: its digits
 * (a `sep` before each `group` of them), then with the '=' alignment `fill` up to `width` (a fill
 * of '0' writes zero digits, grouped as Python groups them), then "0" `prefix`, then `sign`;
 * `group`, `prefix`, `sign` and `fill` are 0 for none. Returns the bytes written. */
static LLVMValueRef pj_fmt_int_fn(PjCg *g, LLVMTypeRef *fty) {
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx), i32 = pj_i32(g), i64 = pj_cg_i64(g), ptr = pj_cg_ptr(g);
  LLVMTypeRef params[] = {ptr, i64, i64, i32, i32, i32, i32, i32, i32, i32};
  *fty = LLVMFunctionType(i32, params, 10, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(g->mod, "pj.fmt.int");
  if (fn) return fn;
  fn = LLVMAddFunction(g->mod, "pj.fmt.int", *fty);
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  LLVMValueRef end = LLVMGetParam(fn, 0), mag = LLVMGetParam(fn, 1), base = LLVMGetParam(fn, 2), upper = LLVMGetParam(fn, 3),
               group = LLVMGetParam(fn, 4), sep = LLVMGetParam(fn, 5), sign = LLVMGetParam(fn, 6), prefix = LLVMGetParam(fn, 7),
               fill = LLVMGetParam(fn, 8), width = LLVMGetParam(fn, 9);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(g->ctx);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(g->ctx, fn, "entry");
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(g->ctx, fn, "digits");
  LLVMBasicBlockRef pad = LLVMAppendBasicBlockInContext(g->ctx, fn, "fill");
  LLVMBasicBlockRef tail = LLVMAppendBasicBlockInContext(g->ctx, fn, "sign");
  LLVMValueRef zero = LLVMConstInt(i32, 0, 0), one = LLVMConstInt(i32, 1, 0);
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMValueRef has_sign = LLVMBuildICmp(b, LLVMIntNE, sign, zero, ""), has_prefix = LLVMBuildICmp(b, LLVMIntNE, prefix, zero, "");
  LLVMValueRef two_or_none = LLVMBuildSelect(b, has_prefix, LLVMConstInt(i32, 2, 0), zero, "");
  LLVMValueRef room = LLVMBuildSub(b, width, LLVMBuildAdd(b, LLVMBuildZExt(b, has_sign, i32, ""), two_or_none, ""), "");
  LLVMValueRef zero_fill = LLVMBuildICmp(b, LLVMIntEQ, fill, LLVMConstInt(i32, '0', 0), "");
  LLVMValueRef min_digits = LLVMBuildSelect(b, zero_fill, room, zero, "");
  LLVMValueRef safe_group = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, group, zero, ""), one, group, "");
  LLVMValueRef sep8 = LLVMBuildTrunc(b, sep, i8, "");
  LLVMValueRef upper_a = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntNE, upper, zero, ""), LLVMConstInt(i8, 'A' - 10, 0),
                                         LLVMConstInt(i8, 'a' - 10, 0), "");
  LLVMBuildBr(b, loop);

  /* digits: a separator before every group (stored each time: when none is due the digit overwrites it) */
  LLVMPositionBuilderAtEnd(b, loop);
  LLVMValueRef p = LLVMBuildPhi(b, ptr, "p"), v = LLVMBuildPhi(b, i64, "v"), count = LLVMBuildPhi(b, i32, "count"),
               ndig = LLVMBuildPhi(b, i32, "ndig");
  LLVMValueRef at_group = LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildURem(b, ndig, safe_group, ""), zero, "");
  LLVMValueRef due = LLVMBuildAnd(b, LLVMBuildICmp(b, LLVMIntNE, group, zero, ""),
                                  LLVMBuildAnd(b, LLVMBuildICmp(b, LLVMIntNE, ndig, zero, ""), at_group, ""), "");
  LLVMValueRef minus1 = LLVMConstInt(i64, (unsigned long long)-1, 1);
  LLVMBuildStore(b, sep8, LLVMBuildGEP2(b, i8, p, &minus1, 1, ""));
  LLVMValueRef p1 = LLVMBuildSelect(b, due, LLVMBuildGEP2(b, i8, p, &minus1, 1, ""), p, "");
  LLVMValueRef d = LLVMBuildURem(b, v, base, ""), v2 = LLVMBuildUDiv(b, v, base, "");
  LLVMValueRef d8 = LLVMBuildTrunc(b, d, i8, "");
  LLVMValueRef ch = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, d, LLVMConstInt(i64, 10, 0), ""),
                                    LLVMBuildAdd(b, d8, LLVMConstInt(i8, '0', 0), ""), LLVMBuildAdd(b, d8, upper_a, ""), "");
  LLVMValueRef p2 = LLVMBuildGEP2(b, i8, p1, &minus1, 1, "");
  LLVMBuildStore(b, ch, p2);
  LLVMValueRef count2 = LLVMBuildAdd(b, count, LLVMBuildAdd(b, one, LLVMBuildZExt(b, due, i32, ""), ""), "");
  LLVMValueRef ndig2 = LLVMBuildAdd(b, ndig, one, "");
  LLVMValueRef more = LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntNE, v2, LLVMConstInt(i64, 0, 0), ""),
                                  LLVMBuildICmp(b, LLVMIntSLT, count2, min_digits, ""), "");
  LLVMBuildCondBr(b, more, loop, pad);
  LLVMAddIncoming(p, (LLVMValueRef[]){end, p2}, (LLVMBasicBlockRef[]){entry, loop}, 2);
  LLVMAddIncoming(v, (LLVMValueRef[]){mag, v2}, (LLVMBasicBlockRef[]){entry, loop}, 2);
  LLVMAddIncoming(count, (LLVMValueRef[]){zero, count2}, (LLVMBasicBlockRef[]){entry, loop}, 2);
  LLVMAddIncoming(ndig, (LLVMValueRef[]){zero, ndig2}, (LLVMBasicBlockRef[]){entry, loop}, 2);

  /* the '=' fill of any other character, up to the room the sign and prefix leave */
  LLVMPositionBuilderAtEnd(b, pad);
  LLVMValueRef fp = LLVMBuildPhi(b, ptr, "fp"), fcount = LLVMBuildPhi(b, i32, "fcount");
  LLVMValueRef filling = LLVMBuildAnd(b, LLVMBuildAnd(b, LLVMBuildICmp(b, LLVMIntNE, fill, zero, ""),
                                                      LLVMBuildNot(b, zero_fill, ""), ""),
                                      LLVMBuildICmp(b, LLVMIntSLT, fcount, room, ""), "");
  LLVMBasicBlockRef put = LLVMAppendBasicBlockInContext(g->ctx, fn, "put");
  LLVMBuildCondBr(b, filling, put, tail);
  LLVMPositionBuilderAtEnd(b, put);
  LLVMValueRef fp2 = LLVMBuildGEP2(b, i8, fp, &minus1, 1, "");
  LLVMBuildStore(b, LLVMBuildTrunc(b, fill, i8, ""), fp2);
  LLVMValueRef fcount2 = LLVMBuildAdd(b, fcount, one, "");
  LLVMBuildBr(b, pad);
  LLVMAddIncoming(fp, (LLVMValueRef[]){p2, fp2}, (LLVMBasicBlockRef[]){loop, put}, 2);
  LLVMAddIncoming(fcount, (LLVMValueRef[]){count2, fcount2}, (LLVMBasicBlockRef[]){loop, put}, 2);

  /* "0x" and the sign, each stored and kept only when there is one */
  LLVMPositionBuilderAtEnd(b, tail);
  LLVMValueRef minus2 = LLVMConstInt(i64, (unsigned long long)-2, 1);
  LLVMBuildStore(b, LLVMBuildTrunc(b, prefix, i8, ""), LLVMBuildGEP2(b, i8, fp, &minus1, 1, ""));
  LLVMBuildStore(b, LLVMConstInt(i8, '0', 0), LLVMBuildGEP2(b, i8, fp, &minus2, 1, ""));
  LLVMValueRef q = LLVMBuildSelect(b, has_prefix, LLVMBuildGEP2(b, i8, fp, &minus2, 1, ""), fp, "");
  LLVMBuildStore(b, LLVMBuildTrunc(b, sign, i8, ""), LLVMBuildGEP2(b, i8, q, &minus1, 1, ""));
  LLVMValueRef n = LLVMBuildAdd(b, fcount, LLVMBuildAdd(b, LLVMBuildSelect(b, has_prefix, LLVMConstInt(i32, 2, 0), zero, ""),
                                                        LLVMBuildZExt(b, has_sign, i32, ""), ""), "");
  LLVMBuildRet(b, n);
  LLVMDisposeBuilder(b);
  return fn;
}

/* ---- a replacement field -------------------------------------------------------------------- */

/* `n` characters of `fill` (a string of `width` of them in the module): a pointer into it. */
static LLVMValueRef pj_fill_slice(PjCg *g, const PjFmtPlan *pl, LLVMValueRef n) {
  size_t fl = strlen(pl->fill);
  char *s = malloc(fl * (size_t)pl->width + 1);
  for (int i = 0; i < pl->width; i++) memcpy(s + fl * (size_t)i, pl->fill, fl);
  s[fl * (size_t)pl->width] = 0;
  LLVMValueRef all = pj_cg_cstring(g, s);
  free(s);
  LLVMValueRef skip = LLVMBuildMul(g->b, LLVMBuildSub(g->b, pj_c32(g, pl->width), n, ""), pj_c32(g, (long long)fl), "");
  LLVMValueRef off = LLVMBuildSExt(g->b, skip, pj_cg_i64(g), "");
  return LLVMBuildGEP2(g->b, LLVMInt8TypeInContext(g->ctx), all, &off, 1, "");
}

/* A string of run-time length `len` (i32), at most `trunc` characters of it, padded per the plan. */
static void pj_print_padded(PjCg *g, PjPrint *p, const PjFmtPlan *pl, LLVMValueRef str, LLVMValueRef len) {
  char conv[32] = "%s";
  if (pl->trunc >= 0) {
    snprintf(conv, sizeof conv, "%%.%ds", pl->trunc);
    LLVMValueRef t = pj_c32(g, pl->trunc);
    len = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, len, t, ""), len, t, "");
  }
  if (!pl->align) {
    pj_print_conv(p, conv);
    pj_print_arg(p, str);
    return;
  }
  LLVMValueRef pad = LLVMBuildSub(g->b, pj_c32(g, pl->width), len, "");
  pad = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSGT, pad, pj_c32(g, 0), ""), pad, pj_c32(g, 0), "");
  LLVMValueRef left = pl->align == '>' ? pad : pl->align == '^' ? LLVMBuildSDiv(g->b, pad, pj_c32(g, 2), "") : NULL;
  LLVMValueRef right = pl->align == '<' ? pad : pl->align == '^' ? LLVMBuildSub(g->b, pad, left, "") : NULL;
  if (left) {
    pj_print_conv(p, "%s");
    pj_print_arg(p, pj_fill_slice(g, pl, left));
  }
  pj_print_conv(p, conv);
  pj_print_arg(p, str);
  if (right) {
    pj_print_conv(p, "%s");
    pj_print_arg(p, pj_fill_slice(g, pl, right));
  }
}

/* An integer written by pj.fmt.int into a buffer of this field, then padded. */
static void pj_print_rendered(PjCg *g, PjPrint *p, const PjFmtPlan *pl, LLVMValueRef v, PjDtype d) {
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx), i64 = pj_cg_i64(g);
  bool is_signed = pj_dtype_is_signed(d) && d != PJ_BOOL;
  LLVMValueRef x = pj_cg_convert_scalar(g, v, d, is_signed ? PJ_INT64 : PJ_UINT64);
  LLVMValueRef neg = is_signed ? LLVMBuildICmp(g->b, LLVMIntSLT, x, LLVMConstInt(i64, 0, 0), "")
                               : LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0);
  LLVMValueRef mag = LLVMBuildSelect(g->b, neg, LLVMBuildSub(g->b, LLVMConstInt(i64, 0, 0), x, ""), x, "");
  unsigned size = 168 + 2u * (unsigned)(pl->eq_width > 0 ? pl->eq_width : 0);
  LLVMValueRef buf = LLVMBuildAlloca(g->alloca_b, LLVMArrayType(i8, size), "fmt.int");
  LLVMValueRef last = LLVMConstInt(i64, size - 1, 0);
  LLVMValueRef end = LLVMBuildGEP2(g->b, i8, buf, &last, 1, "");
  LLVMBuildStore(g->b, LLVMConstInt(i8, 0, 0), end);
  LLVMValueRef sign = LLVMBuildSelect(g->b, neg, pj_c32(g, '-'), pj_c32(g, pl->sign), "");
  LLVMTypeRef fty;
  LLVMValueRef fn = pj_fmt_int_fn(g, &fty);
  LLVMValueRef args[] = {end, mag, LLVMConstInt(i64, (unsigned long long)pl->base, 0), pj_c32(g, pl->upper),
                         pj_c32(g, pl->group), pj_c32(g, pl->sep), sign, pj_c32(g, pl->prefix),
                         pj_c32(g, (unsigned char)pl->eq_fill), pj_c32(g, pl->eq_width)};
  LLVMValueRef len = LLVMBuildCall2(g->b, fty, fn, args, 10, "");
  LLVMValueRef back = LLVMBuildNeg(g->b, LLVMBuildSExt(g->b, len, i64, ""), "");
  pj_print_padded(g, p, pl, LLVMBuildGEP2(g->b, i8, end, &back, 1, ""), len);
}

/* A float padded after its sign, as Python pads it: "+    1.5", "-0001.5", also "-000000inf". */
static void pj_print_float_eq(PjCg *g, PjPrint *p, const PjFmtPlan *pl, LLVMValueRef x) {
  LLVMTypeRef f64 = pj_f64(g), i64 = pj_cg_i64(g);
  LLVMValueRef bits = LLVMBuildBitCast(g->b, x, i64, "");
  LLVMValueRef neg = LLVMBuildICmp(g->b, LLVMIntSLT, bits, LLVMConstInt(i64, 0, 0), ""); /* the sign bit: -0.0 too */
  LLVMValueRef abs = pj_cg_call_intrinsic(g, "llvm.fabs", &f64, 1, &x, 1);
  LLVMValueRef finite = LLVMBuildFCmp(g->b, LLVMRealOLT, abs, LLVMConstReal(f64, __builtin_inf()), "");
  const char *opt = pl->sign == '+' ? "+" : pl->sign == ' ' ? " " : "";
  LLVMValueRef sign = LLVMBuildSelect(g->b, neg, pj_cg_cstring(g, "-"), pj_cg_cstring(g, opt), "");
  int w = pl->eq_width > 0 ? pl->eq_width : 0;
  LLVMValueRef room = *opt ? pj_c32(g, w - 1) : LLVMBuildSub(g->b, pj_c32(g, w), LLVMBuildZExt(g->b, neg, pj_i32(g), ""), "");
  room = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSGT, room, pj_c32(g, 0), ""), room, pj_c32(g, 0), "");
  LLVMValueRef width = room;
  pj_print_conv(p, "%s");
  pj_print_arg(p, sign);
  if (pl->eq_fill == '0') { /* printf pads inf and nan with spaces: they get their zeros as text */
    LLVMValueRef zeros = LLVMBuildSub(g->b, room, pj_c32(g, 3), ""); /* "inf", "nan" */
    zeros = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSGT, zeros, pj_c32(g, 0), ""), zeros, pj_c32(g, 0), "");
    zeros = LLVMBuildSelect(g->b, finite, pj_c32(g, 0), zeros, "");
    width = LLVMBuildSelect(g->b, finite, room, pj_c32(g, 0), "");
    PjFmtPlan z = *pl;
    z.width = w;
    strcpy(z.fill, "0");
    pj_print_conv(p, "%s");
    pj_print_arg(p, pj_fill_slice(g, &z, zeros));
  }
  pj_print_fconv(g, p, pl->conv, abs);
  pj_print_arg(p, width);
  pj_print_arg(p, abs);
}

/* One field: the value (NULL for a string constant) of type t by its plan. */
static void pj_print_field(PjCg *g, PjPrint *p, const PjFmtPlan *pl, const PjExpr *value) {
  if (pl->how == PJ_FMT_TEXT) { /* the type checker made these text */
    pj_cg_fail(g, value->loc, "internal error: a string constant left in an f-string");
    return;
  }
  const PjType *t = value->type;
  LLVMValueRef v = pj_cg_expr(g, value);
  PjDtype d = t->dtype;
  switch (pl->how) {
  case PJ_FMT_PRINT: pj_print_value(g, p, v, t); return;
  case PJ_FMT_RENDER: pj_print_rendered(g, p, pl, v, d); return;
  case PJ_FMT_BOOL_STR:
    pj_print_padded(g, p, pl, LLVMBuildSelect(g->b, v, pj_cg_cstring(g, "True"), pj_cg_cstring(g, "False"), ""),
                    LLVMBuildSelect(g->b, v, pj_c32(g, 4), pj_c32(g, 5), ""));
    return;
  case PJ_FMT_COMPLEX: {
    PjDtype part = pj_dtype_part(d);
    LLVMValueRef re = pj_print_double(g, pj_re(g, v), part), im = pj_print_double(g, pj_im(g, v), part);
    pj_print_fconv(g, p, pl->conv, re);
    pj_print_arg(p, re);
    pj_print_fconv(g, p, pl->conv2, im);
    pj_print_arg(p, im);
    pj_print_raw(p, "j", 1);
    return;
  }
  case PJ_FMT_PRINTF: case PJ_FMT_FLOAT_EQ: {
    LLVMValueRef x;
    if (pl->as_float || pj_dtype_is_float(d)) {
      x = pj_print_double(g, v, d);
      if (pl->percent) x = LLVMBuildFMul(g->b, x, LLVMConstReal(pj_f64(g), 100.0), "");
    } else {
      bool is_signed = pj_dtype_is_signed(d) || d == PJ_BOOL;
      x = pj_cg_convert_scalar(g, v, d, is_signed ? PJ_INT64 : PJ_UINT64);
    }
    if (pl->how == PJ_FMT_FLOAT_EQ) pj_print_float_eq(g, p, pl, x);
    else {
      if (pl->as_float || pj_dtype_is_float(d)) pj_print_fconv(g, p, pl->conv, x);
      else pj_print_conv(p, pl->conv);
      pj_print_arg(p, x);
    }
    if (pl->percent) pj_print_raw(p, "%%", 2);
    return;
  }
  case PJ_FMT_TEXT: return;
  }
}

/* The class of value a field formats (the type checker took only these). */
static PjFmtClass pj_print_class(const PjExpr *value) {
  if (value->kind == PJ_EX_STRING) return PJ_FC_STR;
  const PjType *t = value->type;
  if (t->kind == PJ_TY_TUPLE) return PJ_FC_TUPLE;
  if (t->dtype == PJ_BOOL) return PJ_FC_BOOL;
  if (pj_dtype_is_complex(t->dtype)) return PJ_FC_COMPLEX;
  if (pj_dtype_is_float(t->dtype)) return PJ_FC_FLOAT;
  return pj_dtype_is_signed(t->dtype) ? PJ_FC_INT : PJ_FC_UINT;
}

/* An f-string or "...".format(...): its text and fields in order (frontend/parse_string.c's $format). */
static void pj_print_format(PjCg *g, PjPrint *p, const PjExpr *e) {
  for (int i = 0; i < e->builtin.nargs; i++) {
    const PjExpr *a = e->builtin.args[i];
    if (!a->big) {
      pj_print_text(p, a->str);
      continue;
    }
    const PjExpr *value = e->builtin.args[++i];
    PjFmtClass cls = pj_print_class(value);
    PjFmtPlan pl;
    char err[256];
    if (cls == PJ_FC_STR || !pj_fmt_plan(NULL, cls, a->str[0] == '-' ? 0 : a->str[0], a->str + 1, NULL, &pl, err, sizeof err)) {
      pj_cg_fail(g, a->loc, err); /* the type checker refused it already */
      return;
    }
    pj_print_field(g, p, &pl, value);
  }
}

/* print(...): one printf of the items separated by spaces. As CUDA's printf takes at most 32
 * values, a print of more shows its format string itself, as numba-cuda does (one with an f-string
 * the type checker refused). */
void pj_cg_print(PjCg *g, const PjExpr *e) {
  PjPrint p = {0};
  pj_print_raw(&p, "", 0);
  bool formats = false;
  for (int i = 0; i < e->builtin.nargs; i++) {
    const PjExpr *a = e->builtin.args[i];
    if (i) pj_print_raw(&p, " ", 1);
    if (a->kind == PJ_EX_STRING) pj_print_text(&p, a->str);
    else if (a->kind == PJ_EX_BUILTIN && a->builtin.id == PJ_BI_FORMAT) {
      pj_print_format(g, &p, a);
      formats = true;
    } else pj_print_value(g, &p, pj_cg_expr(g, a), a->type);
  }
  if ((p.n > PJ_PRINTF_MAX_VALUES || p.overflow) && formats) /* the type checker counted them: never reached */
    pj_cg_fail(g, e->loc, "internal error: an f-string needs more than the 32 values CUDA's printf takes");
  else if (p.n > PJ_PRINTF_MAX_VALUES || p.overflow) {
    LLVMValueRef raw = pj_cg_cstring(g, p.fmt);
    g->hooks->print(g, pj_cg_cstring(g, "%s\n"), &raw, 1);
  } else {
    pj_print_raw(&p, "\n", 1);
    g->hooks->print(g, pj_print_format_string(g, &p), p.vals, p.n);
  }
  free(p.fmt);
}

static LLVMValueRef pj_print_format_string(PjCg *g, PjPrint *p) {
  if (!p->nupper_f) return pj_cg_cstring(g, p->fmt);
  LLVMTypeRef i32 = pj_i32(g);
  LLVMValueRef which = LLVMConstInt(i32, 0, 0), fmt = NULL;
  for (int k = 0; k < p->nupper_f; k++)
    which = LLVMBuildOr(g->b, which, LLVMBuildShl(g->b, LLVMBuildZExt(g->b, p->upper_f[k], i32, ""),
                                                  LLVMConstInt(i32, (unsigned)k, 0), ""), "");
  char *form = malloc(p->len + 1);
  for (unsigned v = 0; v < 1u << p->nupper_f; v++) {
    memcpy(form, p->fmt, p->len + 1);
    for (int k = 0; k < p->nupper_f; k++) form[p->upper_f_at[k]] = v >> k & 1 ? 'E' : 'f';
    LLVMValueRef s = pj_cg_cstring(g, form);
    fmt = fmt ? LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, which, LLVMConstInt(i32, v, 0), ""), s, fmt, "") : s;
  }
  free(form);
  return fmt;
}
