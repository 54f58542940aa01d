/* Pointers (numba's CPointer) and the memory builtins on them: p[i], cache-hinted loads and
 * stores (cuda.ldcs, cuda.stwb, ...: PTX ld.global.<op> / st.global.<op> through inline assembly,
 * as LLVM has no intrinsic for them; plain loads and stores on the CPU), and cuda.carray /
 * cuda.farray, an array over a pointer's memory. */
#include <stdio.h>
#include <string.h>

#include "backend/codegen.h"

/* &p[i]: the pointer plus i elements (no wraparound: a pointer has no extent). */
LLVMValueRef pj_cg_pointer_addr(PjCg *g, const PjExpr *base, const PjExpr *ix) {
  LLVMValueRef p = pj_cg_expr(g, base);
  LLVMValueRef i = pj_cg_convert_scalar(g, pj_cg_expr(g, ix), ix->type->dtype, PJ_INT64);
  return LLVMBuildGEP2(g->b, pj_cg_mem_dtype(g, base->type->dtype), p, &i, 1, "");
}

/* The address a cache-hinted access reaches: an array's element (negative indices wrap, as
 * numba's) or a pointer's. */
static LLVMValueRef pj_hint_addr(PjCg *g, const PjExpr *e) {
  const PjExpr *base = e->builtin.args[0], *ix = e->builtin.args[1];
  if (base->type->kind == PJ_TY_POINTER) return pj_cg_pointer_addr(g, base, ix);
  return pj_cg_element_addr(g, base, ix, e->loc);
}

/* The integer register type of a dtype's bits in PTX inline assembly and its constraint letter:
 * 8 and 16 bits in a 16-bit register ('h'), 32 in 'r', 64 in 'l'. */
static LLVMTypeRef pj_hint_reg(PjCg *g, PjDtype d, const char **letter) {
  int bits = pj_dtype_bits(d);
  *letter = bits <= 16 ? "h" : bits == 32 ? "r" : "l";
  return LLVMIntTypeInContext(g->ctx, bits <= 16 ? 16 : (unsigned)bits);
}

static LLVMValueRef pj_hint_asm(PjCg *g, LLVMTypeRef ret, LLVMTypeRef *params, unsigned n, const char *text,
                                const char *constraints, LLVMValueRef *args) {
  LLVMTypeRef ft = LLVMFunctionType(ret, params, n, 0);
  LLVMValueRef fn = LLVMGetInlineAsm(ft, (char *)text, strlen(text), (char *)constraints, strlen(constraints), 1, 0,
                                     LLVMInlineAsmDialectATT, 0);
  return LLVMBuildCall2(g->b, ft, fn, args, n, "");
}

LLVMValueRef pj_cg_cache_load(PjCg *g, const PjExpr *e) {
  const PjBuiltin *b = &pj_builtins[e->builtin.id];
  PjDtype d = e->type->dtype;
  LLVMTypeRef mem = pj_cg_mem_dtype(g, d);
  LLVMValueRef addr = pj_hint_addr(g, e);
  if (g->host) return LLVMBuildLoad2(g->b, mem, addr, "");
  const char *letter;
  LLVMTypeRef reg = pj_hint_reg(g, d, &letter);
  int bits = pj_dtype_bits(d);
  char text[64], constraints[16];
  snprintf(text, sizeof text, "ld.global.%s.b%d $0, [$1];", b->nvptx64, bits);
  snprintf(constraints, sizeof constraints, "=%s,l,~{memory}", letter);
  LLVMTypeRef ptr = pj_cg_ptr(g);
  LLVMValueRef v = pj_hint_asm(g, reg, &ptr, 1, text, constraints, &addr);
  LLVMTypeRef bits_t = LLVMIntTypeInContext(g->ctx, (unsigned)bits);
  if (bits_t != reg) v = LLVMBuildTrunc(g->b, v, bits_t, "");
  return mem == bits_t ? v : LLVMBuildBitCast(g->b, v, mem, "");
}

void pj_cg_cache_store(PjCg *g, const PjExpr *e) {
  const PjBuiltin *b = &pj_builtins[e->builtin.id];
  const PjExpr *value = e->builtin.args[2];
  PjDtype d = e->builtin.args[0]->type->dtype;
  LLVMValueRef v = pj_cg_convert(g, pj_cg_expr(g, value), value->type, pj_type_scalar(d));
  LLVMValueRef addr = pj_hint_addr(g, e);
  if (g->host) {
    LLVMBuildStore(g->b, v, addr);
    return;
  }
  const char *letter;
  LLVMTypeRef reg = pj_hint_reg(g, d, &letter);
  int bits = pj_dtype_bits(d);
  LLVMTypeRef bits_t = LLVMIntTypeInContext(g->ctx, (unsigned)bits);
  if (LLVMTypeOf(v) != bits_t) v = LLVMBuildBitCast(g->b, v, bits_t, "");
  if (bits_t != reg) v = LLVMBuildZExt(g->b, v, reg, "");
  char text[64], constraints[16];
  snprintf(text, sizeof text, "st.global.%s.b%d [$0], $1;", b->nvptx64, bits);
  snprintf(constraints, sizeof constraints, "l,%s,~{memory}", letter);
  LLVMTypeRef params[2] = {pj_cg_ptr(g), reg};
  LLVMValueRef args[2] = {addr, v};
  pj_hint_asm(g, LLVMVoidTypeInContext(g->ctx), params, 2, text, constraints, args);
}

/* carray(ptr, shape): {ptr, extents}; farray: a view {ptr, extents, strides} whose first axis
 * varies fastest (Fortran order). */
LLVMValueRef pj_cg_carray(PjCg *g, const PjExpr *e) {
  const PjType *at = e->type;
  const PjExpr *shape = e->builtin.args[1];
  LLVMTypeRef i64 = pj_cg_i64(g);
  LLVMValueRef tuple = shape->kind != PJ_EX_TUPLE && shape->type->kind == PJ_TY_TUPLE ? pj_cg_expr(g, shape) : NULL;
  LLVMValueRef dims = LLVMGetUndef(LLVMArrayType2(i64, (uint64_t)at->ndim));
  LLVMValueRef strides = LLVMGetUndef(LLVMArrayType2(i64, (uint64_t)at->ndim));
  LLVMValueRef stride = LLVMConstInt(i64, pj_dtype_size(at->dtype), 0);
  for (int k = 0; k < at->ndim; k++) {
    const PjExpr *item = shape->kind == PJ_EX_TUPLE ? shape->tuple.items[k] : shape;
    const PjType *it = tuple ? shape->type->items[k] : item->type;
    LLVMValueRef n = tuple ? LLVMBuildExtractValue(g->b, tuple, (unsigned)k, "") : pj_cg_expr(g, item);
    n = pj_cg_convert_scalar(g, n, it->dtype, PJ_INT64);
    dims = LLVMBuildInsertValue(g->b, dims, n, (unsigned)k, "");
    strides = LLVMBuildInsertValue(g->b, strides, stride, (unsigned)k, "");
    stride = LLVMBuildMul(g->b, stride, n, "");
  }
  LLVMValueRef v = LLVMBuildInsertValue(g->b, LLVMGetUndef(pj_cg_type(g, at)), pj_cg_expr(g, e->builtin.args[0]), 0, "");
  v = LLVMBuildInsertValue(g->b, v, dims, 1, "");
  return at->layout == 'A' ? LLVMBuildInsertValue(g->b, v, strides, 2, "") : v;
}
