/* Arrays in generated code: extents and strides, element addresses (C arrays and strided views),
 * loads and stores, basic slicing into views, stores into slices, and debug=True's index checks
 * with the kernel's error record (ir/abi.h PjKernelError). */
#include "backend/codegen.h"

#include <llvm-c/Target.h>

/* The stride of axis k in bytes: stored in a view, computed from the extents of a C array. */
LLVMValueRef pj_cg_array_stride(PjCg *g, LLVMValueRef arr, const PjType *t, int k) {
  if (t->layout == 'A') return LLVMBuildExtractValue(g->b, LLVMBuildExtractValue(g->b, arr, 2, ""), (unsigned)k, "");
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(g->mod);
  LLVMValueRef st = LLVMConstInt(pj_cg_i64(g), LLVMABISizeOfType(td, pj_cg_mem_dtype(g, t->dtype)), 0);
  for (int j = t->ndim - 1; j > k; j--) st = LLVMBuildMul(g->b, st, pj_cg_array_dim(g, arr, j), "");
  return st;
}

/* A C array seen as a view: the same data and extents, with its strides written out. */
LLVMValueRef pj_cg_array_as_view(PjCg *g, LLVMValueRef arr, const PjType *from, const PjType *to) {
  LLVMValueRef v = LLVMGetUndef(pj_cg_type(g, to));
  v = LLVMBuildInsertValue(g->b, v, LLVMBuildExtractValue(g->b, arr, 0, ""), 0, "");
  v = LLVMBuildInsertValue(g->b, v, LLVMBuildExtractValue(g->b, arr, 1, ""), 1, "");
  LLVMValueRef strides = LLVMGetUndef(LLVMArrayType2(pj_cg_i64(g), (uint64_t)from->ndim));
  for (int k = 0; k < from->ndim; k++)
    strides = LLVMBuildInsertValue(g->b, strides, pj_cg_array_stride(g, arr, from, k), (unsigned)k, "");
  return LLVMBuildInsertValue(g->b, v, strides, 2, "");
}


LLVMValueRef pj_cg_array_dim(PjCg *g, LLVMValueRef arr, int k) {
  unsigned idx[2] = {1, (unsigned)k};
  LLVMValueRef shape = LLVMBuildExtractValue(g->b, arr, idx[0], "");
  return LLVMBuildExtractValue(g->b, shape, idx[1], "");
}

/* An index as int64, wrapped around like numba when negative. */
LLVMValueRef pj_cg_index_value(PjCg *g, LLVMValueRef v, const PjType *t, LLVMValueRef extent) {
  LLVMValueRef i = pj_cg_convert_scalar(g, v, t->dtype, PJ_INT64);
  if (!pj_dtype_is_signed(t->dtype)) return i;
  if (LLVMIsAConstantInt(i) && LLVMConstIntGetSExtValue(i) >= 0) return i;
  LLVMValueRef neg = LLVMBuildICmp(g->b, LLVMIntSLT, i, LLVMConstInt(pj_cg_i64(g), 0, 0), "");
  return LLVMBuildSelect(g->b, neg, LLVMBuildAdd(g->b, i, extent, ""), i, "wrapped");
}

/* The kernel's error record (ir/abi.h PjKernelError): one external global per module. */
static LLVMTypeRef pj_error_type(PjCg *g) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx), i64 = pj_cg_i64(g), a3 = LLVMArrayType2(i32, 3);
  LLVMTypeRef f[8] = {i32, i32, i32, i32, i64, i64, a3, a3};
  return LLVMStructTypeInContext(g->ctx, f, 8, 0);
}

static LLVMValueRef pj_error_record(PjCg *g) {
  if (g->error_record) return g->error_record;
  LLVMTypeRef t = pj_error_type(g);
  LLVMValueRef gv = LLVMAddGlobalInAddressSpace(g->mod, t, PJ_KERNEL_ERROR_SYMBOL, g->host ? 0 : 1);
  LLVMSetInitializer(gv, LLVMConstNull(t));
  LLVMSetAlignment(gv, 8);
  g->error_record = g->host ? gv : LLVMConstAddrSpaceCast(gv, pj_cg_ptr(g));
  return g->error_record;
}

/* A debug kernel's error record, made even where nothing in it is checked: the runtime reads it
 * after every launch of a debug kernel (runtime/cuda.c looks it up when the module loads). */
void pj_cg_ensure_error_record(PjCg *g) { (void)pj_error_record(g); }

/* A raise of numba's Python error model: debug=True records it (pj_cg_record_error), else the
 * thread leaves through g->ret as numba's kernels do without checks. Ends the insert block. */
void pj_cg_raise(PjCg *g, PjLoc loc, int flag, LLVMValueRef index, LLVMValueRef extent) {
  if (g->debug) pj_cg_record_error(g, loc, flag, 0, index, extent);
  else LLVMBuildBr(g->b, g->ret);
}

/* The first failing thread records what failed (ir/abi.h PjKernelError) and where; every failing
 * thread then leaves through g->ret. Ends the insert block. */
void pj_cg_record_error(PjCg *g, PjLoc loc, int flag, int axis, LLVMValueRef index, LLVMValueRef extent) {
  LLVMTypeRef t = pj_error_type(g), i32 = LLVMInt32TypeInContext(g->ctx), i64 = pj_cg_i64(g);
  LLVMValueRef rec = pj_error_record(g);
  LLVMValueRef first = LLVMBuildAtomicCmpXchg(g->b, LLVMBuildStructGEP2(g->b, t, rec, 0, ""), LLVMConstInt(i32, 0, 0),
                                              LLVMConstInt(i32, (unsigned long long)flag, 0), LLVMAtomicOrderingMonotonic,
                                              LLVMAtomicOrderingMonotonic, 0);
  LLVMBasicBlockRef write = pj_cg_block_new(g, "error.record");
  LLVMBuildCondBr(g->b, LLVMBuildExtractValue(g->b, first, 1, ""), write, g->ret);
  LLVMPositionBuilderAtEnd(g->b, write);
  LLVMBuildStore(g->b, LLVMConstInt(i32, (unsigned long long)loc.line, 0), LLVMBuildStructGEP2(g->b, t, rec, 1, ""));
  LLVMBuildStore(g->b, LLVMConstInt(i32, (unsigned long long)loc.col, 0), LLVMBuildStructGEP2(g->b, t, rec, 2, ""));
  LLVMBuildStore(g->b, LLVMConstInt(i32, (unsigned long long)axis, 0), LLVMBuildStructGEP2(g->b, t, rec, 3, ""));
  LLVMBuildStore(g->b, index ? index : LLVMConstInt(i64, 0, 0), LLVMBuildStructGEP2(g->b, t, rec, 4, ""));
  LLVMBuildStore(g->b, extent ? extent : LLVMConstInt(i64, 0, 0), LLVMBuildStructGEP2(g->b, t, rec, 5, ""));
  for (int d = 0; d < 3; d++) {
    LLVMValueRef idx[2] = {LLVMConstInt(i32, 0, 0), LLVMConstInt(i32, (unsigned long long)d, 0)};
    LLVMTypeRef a3 = LLVMArrayType2(i32, 3);
    LLVMBuildStore(g->b, g->hooks->sreg(g, PJ_LOWER_TID, d), LLVMBuildInBoundsGEP2(g->b, a3, LLVMBuildStructGEP2(g->b, t, rec, 6, ""), idx, 2, ""));
    LLVMBuildStore(g->b, g->hooks->sreg(g, PJ_LOWER_CTAID, d), LLVMBuildInBoundsGEP2(g->b, a3, LLVMBuildStructGEP2(g->b, t, rec, 7, ""), idx, 2, ""));
  }
  LLVMBuildBr(g->b, g->ret);
}

/* debug: after a call to a device function, a thread stops too when a check failed (in the callee:
 * its return value is then meaningless). */
LLVMValueRef pj_cg_failed_now(PjCg *g) {
  LLVMTypeRef t = pj_error_type(g), i32 = LLVMInt32TypeInContext(g->ctx);
  LLVMValueRef flag = LLVMBuildLoad2(g->b, i32, LLVMBuildStructGEP2(g->b, t, pj_error_record(g), 0, ""), "");
  LLVMSetVolatile(flag, 1);
  return LLVMBuildICmp(g->b, LLVMIntNE, flag, LLVMConstInt(i32, 0, 0), "");
}

void pj_cg_stop_if_failed(PjCg *g) {
  LLVMBasicBlockRef ok = pj_cg_block_new(g, "callee.ok");
  LLVMBuildCondBr(g->b, pj_cg_failed_now(g), g->ret, ok);
  LLVMPositionBuilderAtEnd(g->b, ok);
}

/* Checked (debug=True, and always on the CPU executor): index i of axis k must be in [0, extent);
 * else the thread records it and stops (returns from the kernel or the device function). */
void pj_cg_check_index(PjCg *g, PjLoc loc, int k, LLVMValueRef i, LLVMValueRef extent) {
  LLVMValueRef bad = LLVMBuildICmp(g->b, LLVMIntUGE, i, extent, "");
  LLVMBasicBlockRef fail = pj_cg_block_new(g, "oob"), ok = pj_cg_block_new(g, "inbounds");
  LLVMBuildCondBr(g->b, bad, fail, ok);
  LLVMPositionBuilderAtEnd(g->b, fail);
  /* a negative index was wrapped (pj_cg_index_value) and is still negative: the one written */
  LLVMValueRef below = LLVMBuildICmp(g->b, LLVMIntSLT, i, LLVMConstInt(LLVMTypeOf(i), 0, 0), "");
  LLVMValueRef written = LLVMBuildSelect(g->b, below, LLVMBuildSub(g->b, i, extent, ""), i, "");
  pj_cg_record_error(g, loc, PJ_KERNEL_ERROR_INDEX, k, written, extent);
  LLVMPositionBuilderAtEnd(g->b, ok);
}

static LLVMValueRef pj_view_element_addr(PjCg *g, const PjExpr *base, const PjExpr *ix, PjLoc loc);

/* GPU, index e (its value v) of an array with fewer than 2**31 elements (narrow.c), wrapped like
 * numba's when negative, in 32 bits: an index in bounds, before or after the wrap, lies in
 * (-2**31, 2**31), where its low 32 bits are the index itself; any other is out of bounds,
 * undefined in numba without debug=True (which keeps 64-bit indices and checks them). An index
 * in the int32 range is wrapped in 32 bits; another (cuda.grid's x) in 64, where LLVM may know it
 * is never negative (its low 32 bits alone are not). */
static LLVMValueRef pj_index_value32(PjCg *g, const PjExpr *e, LLVMValueRef v, const PjType *t, LLVMValueRef extent,
                                     LLVMValueRef extent32) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx);
  if (!pj_cg_fits_i32(g, e)) return LLVMBuildTrunc(g->b, pj_cg_index_value(g, v, t, extent), i32, "");
  LLVMValueRef i = LLVMBuildTrunc(g->b, pj_cg_convert_scalar(g, v, t->dtype, PJ_INT64), i32, "");
  if (!pj_dtype_is_signed(t->dtype)) return i;
  if (LLVMIsAConstantInt(i) && LLVMConstIntGetSExtValue(i) >= 0) return i;
  LLVMValueRef neg = LLVMBuildICmp(g->b, LLVMIntSLT, i, LLVMConstInt(i32, 0, 0), "");
  return LLVMBuildSelect(g->b, neg, LLVMBuildAdd(g->b, i, extent32, ""), i, "wrapped");
}

/* The address of arr[index...] (C order); a NULL index means element 0. */
LLVMValueRef pj_cg_element_addr(PjCg *g, const PjExpr *base, const PjExpr *ix, PjLoc loc) {
  const PjType *at = base->type;
  if (at->kind == PJ_TY_POINTER) return pj_cg_pointer_addr(g, base, ix);
  if (at->layout == 'A') return pj_view_element_addr(g, base, ix, loc);
  /* GPU, a C array of 2 or more axes with fewer than 2**31 elements (narrow.c): the offset of an
   * element in bounds, ((i * n1 + j) * n2 + k), is below 2**31 at every step, so it is computed in
   * 32 bits (without wrapping) and widened once, as nvcc does `(long)(i * m + j)`: one 32-bit
   * multiply-add a row instead of a 64-bit multiply. Not inside a loop: there the 64-bit offset
   * becomes a pointer stepped by a row each iteration (LLVM's strength reduction), which a 32-bit
   * offset widened at each access prevents (a column sum over range(n) rows: 1.19x nvcc's time
   * with the 32-bit offset, 1.01x with the 64-bit one, on an H200) */
  if (ix && at->ndim >= 2 && !g->checks && !g->loop_continue && pj_cg_array_small(g, base)) {
    LLVMValueRef arr = pj_cg_expr(g, base);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx);
    LLVMValueRef tuple = ix->kind != PJ_EX_TUPLE && ix->type->kind == PJ_TY_TUPLE ? pj_cg_expr(g, ix) : NULL;
    LLVMValueRef linear = NULL;
    for (int k = 0; k < at->ndim; k++) {
      LLVMValueRef extent = pj_cg_array_dim(g, arr, k), extent32 = LLVMBuildTrunc(g->b, extent, i32, "");
      const PjExpr *item = ix->kind == PJ_EX_TUPLE ? ix->tuple.items[k] : tuple ? NULL : ix; /* NULL: an item of a tuple value */
      LLVMValueRef raw = tuple ? LLVMBuildExtractValue(g->b, tuple, (unsigned)k, "") : pj_cg_expr(g, item);
      LLVMValueRef i = pj_index_value32(g, item, raw, tuple ? ix->type->items[k] : item->type, extent, extent32);
      if (linear) {
        linear = LLVMBuildMul(g->b, linear, extent32, "");
        LLVMSetNSW(linear, 1);
        LLVMSetNUW(linear, 1);
        linear = LLVMBuildAdd(g->b, linear, i, "");
        LLVMSetNSW(linear, 1);
        LLVMSetNUW(linear, 1);
      } else {
        linear = i;
      }
    }
    linear = LLVMBuildZExt(g->b, linear, pj_cg_i64(g), "");
    LLVMSetNNeg(linear, 1);
    LLVMValueRef data = LLVMBuildExtractValue(g->b, arr, 0, "");
    return LLVMBuildInBoundsGEP2(g->b, pj_cg_mem_dtype(g, at->dtype), data, &linear, 1, "");
  }
  LLVMValueRef arr = pj_cg_expr(g, base);
  LLVMValueRef linear = ix ? NULL : LLVMConstInt(pj_cg_i64(g), 0, 0);
  LLVMValueRef tuple = NULL;
  const PjType *tuple_t = NULL;
  if (ix && ix->kind != PJ_EX_TUPLE && ix->type->kind == PJ_TY_TUPLE) {
    tuple = pj_cg_expr(g, ix);
    tuple_t = ix->type;
  }
  for (int k = 0; ix && k < at->ndim; k++) {
    LLVMValueRef extent = pj_cg_array_dim(g, arr, k);
    LLVMValueRef raw;
    const PjType *it;
    if (tuple) {
      raw = LLVMBuildExtractValue(g->b, tuple, (unsigned)k, "");
      it = tuple_t->items[k];
    } else if (ix->kind == PJ_EX_TUPLE) {
      raw = pj_cg_expr(g, ix->tuple.items[k]);
      it = ix->tuple.items[k]->type;
    } else {
      raw = pj_cg_expr(g, ix);
      it = ix->type;
    }
    LLVMValueRef i = pj_cg_index_value(g, raw, it, extent);
    if (g->checks) pj_cg_check_index(g, loc, k, i, extent);
    linear = linear ? LLVMBuildAdd(g->b, LLVMBuildMul(g->b, linear, extent, ""), i, "") : i;
  }
  if (!linear) linear = LLVMConstInt(pj_cg_i64(g), 0, 0); /* x[()] of a 0-d array: its one element */
  LLVMValueRef data = LLVMBuildExtractValue(g->b, arr, 0, "");
  return LLVMBuildInBoundsGEP2(g->b, pj_cg_mem_dtype(g, at->dtype), data, &linear, 1, "");
}

/* The address of view[index...]: data plus each index times its axis' stride in bytes. */
static LLVMValueRef pj_view_element_addr(PjCg *g, const PjExpr *base, const PjExpr *ix, PjLoc loc) {
  const PjType *at = base->type;
  LLVMValueRef arr = pj_cg_expr(g, base);
  LLVMValueRef off = LLVMConstInt(pj_cg_i64(g), 0, 0);
  LLVMValueRef tuple = ix && ix->kind != PJ_EX_TUPLE && ix->type->kind == PJ_TY_TUPLE ? pj_cg_expr(g, ix) : NULL;
  for (int k = 0; ix && k < at->ndim; k++) {
    const PjExpr *item = ix->kind == PJ_EX_TUPLE ? ix->tuple.items[k] : ix;
    LLVMValueRef raw = tuple ? LLVMBuildExtractValue(g->b, tuple, (unsigned)k, "") : pj_cg_expr(g, item);
    const PjType *it = tuple ? ix->type->items[k] : item->type;
    LLVMValueRef extent = pj_cg_array_dim(g, arr, k);
    LLVMValueRef i = pj_cg_index_value(g, raw, it, extent);
    if (g->checks) pj_cg_check_index(g, loc, k, i, extent);
    off = LLVMBuildAdd(g->b, off, LLVMBuildMul(g->b, i, pj_cg_array_stride(g, arr, at, k), ""), "");
  }
  LLVMValueRef data = LLVMBuildExtractValue(g->b, arr, 0, "");
  return LLVMBuildGEP2(g->b, LLVMInt8TypeInContext(g->ctx), data, &off, 1, "");
}

LLVMValueRef pj_cg_element_ptr(PjCg *g, const PjExpr *sub) {
  return pj_cg_element_addr(g, sub->sub.base, sub->sub.index, sub->loc);
}

LLVMValueRef pj_cg_load_element(PjCg *g, const PjExpr *sub) {
  PjDtype d = sub->sub.base->type->dtype;
  LLVMValueRef ptr = sub == g->aug_node ? g->aug_ptr : pj_cg_element_ptr(g, sub);
  LLVMValueRef v = LLVMBuildLoad2(g->b, pj_cg_mem_dtype(g, d), ptr, "");
  return d == PJ_BOOL ? LLVMBuildICmp(g->b, LLVMIntNE, v, LLVMConstInt(LLVMTypeOf(v), 0, 0), "") : v;
}

void pj_cg_store_element(PjCg *g, const PjExpr *target, LLVMValueRef v, const PjType *vt) {
  PjDtype d = target->sub.base->type->dtype;
  v = pj_cg_convert(g, v, vt, pj_type_scalar(d));
  if (d == PJ_BOOL) v = LLVMBuildZExt(g->b, v, LLVMInt8TypeInContext(g->ctx), "");
  LLVMBuildStore(g->b, v, pj_cg_element_ptr(g, target));
}


/* One sliced axis of extent n, Python's rules: the first index taken and how many. */
static void pj_slice_axis(PjCg *g, const PjExpr *sl, LLVMValueRef n, LLVMValueRef *first, LLVMValueRef *count,
                          LLVMValueRef *step_out) {
  LLVMTypeRef i64 = pj_cg_i64(g);
  LLVMValueRef zero = LLVMConstInt(i64, 0, 0), one = LLVMConstInt(i64, 1, 0), m1 = LLVMConstAllOnes(i64);
  const PjExpr *parts[3] = {sl->slice.start, sl->slice.stop, sl->slice.step};
  LLVMValueRef v[3] = {NULL, NULL, NULL};
  for (int k = 0; k < 3; k++)
    if (parts[k] && parts[k]->kind != PJ_EX_NONE) v[k] = pj_cg_convert_scalar(g, pj_cg_expr(g, parts[k]), parts[k]->type->dtype, PJ_INT64);
  LLVMValueRef step = v[2] ? v[2] : one;
  step = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, step, zero, ""), one, step, ""); /* 0 is rejected when constant */
  LLVMValueRef neg = LLVMBuildICmp(g->b, LLVMIntSLT, step, zero, "");
  /* a bound b: b + n when negative; then clamped to [0, n] (step > 0) or [-1, n - 1] (step < 0) */
  LLVMValueRef lo = LLVMBuildSelect(g->b, neg, m1, zero, ""), hi = LLVMBuildSelect(g->b, neg, LLVMBuildSub(g->b, n, one, ""), n, "");
  LLVMValueRef b[2];
  for (int k = 0; k < 2; k++) {
    if (!v[k]) {
      b[k] = k == 0 ? LLVMBuildSelect(g->b, neg, LLVMBuildSub(g->b, n, one, ""), zero, "") : LLVMBuildSelect(g->b, neg, m1, n, "");
      continue;
    }
    LLVMValueRef x = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, v[k], zero, ""), LLVMBuildAdd(g->b, v[k], n, ""), v[k], "");
    x = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, x, lo, ""), lo, x, "");
    b[k] = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSGT, x, hi, ""), hi, x, "");
  }
  /* count = ceil((stop - start) / step) when positive */
  LLVMValueRef span = LLVMBuildSub(g->b, b[1], b[0], "");
  LLVMValueRef adj = LLVMBuildSelect(g->b, neg, LLVMBuildAdd(g->b, step, one, ""), LLVMBuildSub(g->b, step, one, ""), "");
  LLVMValueRef c = LLVMBuildSDiv(g->b, LLVMBuildAdd(g->b, span, adj, ""), step, "");
  *count = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSGT, c, zero, ""), c, zero, "");
  *first = b[0];
  *step_out = step;
}

/* arr[i, 1:n:2, :]: a view of the same data (numba's basic slicing). */
static LLVMValueRef pj_cg_view(PjCg *g, const PjExpr *e) {
  const PjType *at = e->sub.base->type, *vt = e->type;
  LLVMValueRef arr = pj_cg_expr(g, e->sub.base);
  const PjExpr *ix = e->sub.index;
  /* a[t] with a tuple value t of fewer integers than a has axes */
  LLVMValueRef tuple = ix->kind != PJ_EX_TUPLE && ix->type && ix->type->kind == PJ_TY_TUPLE ? pj_cg_expr(g, ix) : NULL;
  int n = ix->kind == PJ_EX_TUPLE ? ix->tuple.count : tuple ? ix->type->count : 1;
  LLVMTypeRef i64 = pj_cg_i64(g);
  LLVMValueRef off = LLVMConstInt(i64, 0, 0);
  LLVMValueRef shape = LLVMGetUndef(LLVMArrayType2(i64, (uint64_t)vt->ndim));
  LLVMValueRef strides = LLVMGetUndef(LLVMArrayType2(i64, (uint64_t)vt->ndim));
  int out = 0;
  for (int k = 0; k < at->ndim; k++) {
    const PjExpr *item = k < n ? (ix->kind == PJ_EX_TUPLE ? ix->tuple.items[k] : ix) : NULL;
    LLVMValueRef extent = pj_cg_array_dim(g, arr, k), stride = pj_cg_array_stride(g, arr, at, k);
    if (tuple && k < n) {
      LLVMValueRef i = pj_cg_index_value(g, LLVMBuildExtractValue(g->b, tuple, (unsigned)k, ""), ix->type->items[k], extent);
      if (g->checks) pj_cg_check_index(g, ix->loc, k, i, extent);
      off = LLVMBuildAdd(g->b, off, LLVMBuildMul(g->b, i, stride, ""), "");
      continue;
    }
    if (item && item->kind != PJ_EX_SLICE) { /* an integer: this axis goes */
      LLVMValueRef i = pj_cg_index_value(g, pj_cg_expr(g, item), item->type, extent);
      if (g->checks) pj_cg_check_index(g, item->loc, k, i, extent);
      off = LLVMBuildAdd(g->b, off, LLVMBuildMul(g->b, i, stride, ""), "");
      continue;
    }
    LLVMValueRef first = LLVMConstInt(i64, 0, 0), count = extent, step = LLVMConstInt(i64, 1, 0);
    if (item) pj_slice_axis(g, item, extent, &first, &count, &step);
    off = LLVMBuildAdd(g->b, off, LLVMBuildMul(g->b, first, stride, ""), "");
    shape = LLVMBuildInsertValue(g->b, shape, count, (unsigned)out, "");
    strides = LLVMBuildInsertValue(g->b, strides, LLVMBuildMul(g->b, stride, step, ""), (unsigned)out++, "");
  }
  LLVMValueRef data = LLVMBuildGEP2(g->b, LLVMInt8TypeInContext(g->ctx), LLVMBuildExtractValue(g->b, arr, 0, ""), &off, 1, "");
  LLVMValueRef v = LLVMBuildInsertValue(g->b, LLVMGetUndef(pj_cg_type(g, vt)), data, 0, "");
  v = LLVMBuildInsertValue(g->b, v, shape, 1, "");
  return vt->layout == 'A' ? LLVMBuildInsertValue(g->b, v, strides, 2, "") : v;
}

LLVMValueRef pj_cg_subscript(PjCg *g, const PjExpr *e) {
  if (e->sub.base->type->kind == PJ_TY_TUPLE) { /* an item, which may be an array */
    LLVMValueRef t = pj_cg_expr(g, e->sub.base);
    if (e->sub.index->kind == PJ_EX_INT) return LLVMBuildExtractValue(g->b, t, (unsigned)e->sub.index->ival, "");
    /* a run-time index into items of one type: negative counts from the end, as in Python;
     * out of range gives the last item (numba leaves it undefined) */
    int n = e->sub.base->type->count;
    LLVMTypeRef i64 = pj_cg_i64(g);
    LLVMValueRef k = pj_cg_expr(g, e->sub.index);
    LLVMValueRef neg = LLVMBuildICmp(g->b, LLVMIntSLT, k, LLVMConstInt(i64, 0, 0), "");
    k = LLVMBuildSelect(g->b, neg, LLVMBuildAdd(g->b, k, LLVMConstInt(i64, (unsigned long long)n, 0), ""), k, "");
    if (g->debug) { /* debug=True: IndexError('tuple index out of range') for the host to raise */
      LLVMValueRef bad = LLVMBuildICmp(g->b, LLVMIntUGE, k, LLVMConstInt(i64, (unsigned long long)n, 0), "");
      LLVMBasicBlockRef fail = pj_cg_block_new(g, "tuple.oob"), ok = pj_cg_block_new(g, "tuple.inbounds");
      LLVMBuildCondBr(g->b, bad, fail, ok);
      LLVMPositionBuilderAtEnd(g->b, fail);
      pj_cg_record_error(g, e->loc, PJ_KERNEL_ERROR_TUPLE_INDEX, 0, k, LLVMConstInt(i64, (unsigned long long)n, 0));
      LLVMPositionBuilderAtEnd(g->b, ok);
    }
    LLVMValueRef r = LLVMBuildExtractValue(g->b, t, (unsigned)(n - 1), "");
    for (int i = n - 2; i >= 0; i--) {
      LLVMValueRef is = LLVMBuildICmp(g->b, LLVMIntEQ, k, LLVMConstInt(i64, (unsigned long long)i, 0), "");
      r = LLVMBuildSelect(g->b, is, LLVMBuildExtractValue(g->b, t, (unsigned)i, ""), r, "");
    }
    return r;
  }
  if (e->sub.base->type->kind == PJ_TY_RECORD && e->sub.base->type->record->chars) return pj_cg_chars_index(g, e);
  if (e->sub.base->type->kind == PJ_TY_RECORD) return pj_cg_field_load(g, e->sub.base, e->sub.index->str);
  if (e->type->kind == PJ_TY_RECORD) return pj_cg_element_ptr(g, e); /* a record of an array: its address */
  if (e->type->kind == PJ_TY_ARRAY) return pj_cg_view(g, e);
  return pj_cg_load_element(g, e);
}

/* ---- records ------------------------------------------------------------------------------- */

/* The alignment a field's address is known to have: its dtype's size where the offset and the
 * record's size (the stride between records of an array) are multiples of it, less otherwise. */
static unsigned pj_field_align(const PjRecord *r, const PjRecordField *f) {
  unsigned a = (unsigned)pj_dtype_size(pj_dtype_part(f->dtype));
  while (a > 1 && ((f->offset % a) != 0 || (r->size % a) != 0)) a /= 2;
  return a ? a : 1;
}

unsigned pj_record_align(const PjRecord *r) {
  unsigned a = 1;
  for (int i = 0; i < r->nfields; i++)
    if (!r->fields[i].string && pj_field_align(r, &r->fields[i]) > a) a = pj_field_align(r, &r->fields[i]);
  return a;
}

static LLVMValueRef pj_field_addr(PjCg *g, LLVMValueRef rec, const PjRecordField *f) {
  LLVMValueRef off = LLVMConstInt(pj_cg_i64(g), (unsigned long long)f->offset, 0);
  return LLVMBuildInBoundsGEP2(g->b, LLVMInt8TypeInContext(g->ctx), rec, &off, 1, "field");
}

LLVMValueRef pj_cg_field_load(PjCg *g, const PjExpr *rec, const char *name) {
  const PjRecord *r = rec->type->record;
  const PjRecordField *f = pj_record_field(r, name);
  LLVMValueRef addr = pj_field_addr(g, pj_cg_expr(g, rec), f);
  if (f->string) return addr; /* a string field: the address of its characters */
  if (f->ndim) { /* a subarray: a C array over the record's bytes, its extents constants */
    const PjType *at = pj_record_field_type(NULL, f); /* a subarray: no arena needed */
    LLVMValueRef v = LLVMBuildInsertValue(g->b, LLVMGetUndef(pj_cg_type(g, at)), addr, 0, "");
    LLVMValueRef dims = LLVMGetUndef(LLVMArrayType2(pj_cg_i64(g), (uint64_t)f->ndim));
    for (int k = 0; k < f->ndim; k++)
      dims = LLVMBuildInsertValue(g->b, dims, LLVMConstInt(pj_cg_i64(g), (unsigned long long)f->shape[k], 0), (unsigned)k, "");
    return LLVMBuildInsertValue(g->b, v, dims, 1, "");
  }
  LLVMValueRef v = LLVMBuildLoad2(g->b, pj_cg_mem_dtype(g, f->dtype), addr, f->name);
  LLVMSetAlignment(v, pj_field_align(r, f));
  return f->dtype == PJ_BOOL ? LLVMBuildICmp(g->b, LLVMIntNE, v, LLVMConstInt(LLVMTypeOf(v), 0, 0), "") : v;
}

void pj_cg_field_store(PjCg *g, const PjExpr *rec, const char *name, LLVMValueRef v, const PjType *vt) {
  const PjRecord *r = rec->type->record;
  const PjRecordField *f = pj_record_field(r, name);
  if (f->string) { /* rec.name = "XYZ": backend/strings.c */
    pj_cg_chars_store(g, pj_field_addr(g, pj_cg_expr(g, rec), f), f->string, v, vt);
    return;
  }
  v = pj_cg_convert(g, v, vt, pj_type_scalar(f->dtype));
  if (f->dtype == PJ_BOOL) v = LLVMBuildZExt(g->b, v, LLVMInt8TypeInContext(g->ctx), "");
  LLVMValueRef st = LLVMBuildStore(g->b, v, pj_field_addr(g, pj_cg_expr(g, rec), f));
  LLVMSetAlignment(st, pj_field_align(r, f));
}

void pj_cg_record_copy(PjCg *g, LLVMValueRef dst, LLVMValueRef src, const PjType *rt) {
  LLVMValueRef n = LLVMConstInt(pj_cg_i64(g), (unsigned long long)rt->record->size, 0);
  unsigned a = pj_record_align(rt->record); /* what its fields' loads and stores assume too */
  LLVMBuildMemMove(g->b, dst, a, src, a, n); /* a[i] = a[i] is allowed */
}



/* The byte offsets of element number n, counting in C order over the extents ext[0..nd), in nops
 * arrays whose strides (bytes) are strides[op][0..nd): one decomposition of n for all of them
 * (the element loops of slice stores, ufuncs into arrays and reductions). */
static void pj_flat_offsets(PjCg *g, LLVMValueRef n, int nd, const LLVMValueRef *ext, int nops,
                            LLVMValueRef (*strides)[PJ_MAX_DIMS], LLVMValueRef *offs) {
  LLVMValueRef rest = n;
  for (int op = 0; op < nops; op++) offs[op] = LLVMConstInt(pj_cg_i64(g), 0, 0);
  for (int k = nd - 1; k >= 0; k--) {
    LLVMValueRef i = k ? LLVMBuildURem(g->b, rest, ext[k], "") : rest;
    if (k) rest = LLVMBuildUDiv(g->b, rest, ext[k], "");
    for (int op = 0; op < nops; op++) offs[op] = LLVMBuildAdd(g->b, offs[op], LLVMBuildMul(g->b, i, strides[op][k], ""), "");
  }
}
/* a[1:n, j] = x: every element of the view gets x, or the element of array x at the same index
 * as NumPy broadcasts x (its axes are the view's last ones; one of extent 1 repeats). Where x
 * overlaps the view by a shift (a[1:] = a[:-1]), the walk goes backwards when the view
 * starts after x, so each element is read before it is overwritten, as NumPy's copy would. */
void pj_cg_store_slice(PjCg *g, const PjExpr *target, LLVMValueRef v, const PjType *vt) {
  const PjType *dt = target->type;
  int nd = dt->ndim;
  LLVMTypeRef i64 = pj_cg_i64(g), i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef dst = pj_cg_view(g, target);
  bool from_array = vt->kind == PJ_TY_ARRAY;
  LLVMValueRef value = NULL;
  if (!from_array) {
    value = pj_cg_convert(g, v, vt, pj_type_scalar(dt->dtype));
    if (dt->dtype == PJ_BOOL) value = LLVMBuildZExt(g->b, value, i8, "");
  }
  LLVMValueRef count = LLVMConstInt(i64, 1, 0), dext[PJ_MAX_DIMS], str[2][PJ_MAX_DIMS], sext[PJ_MAX_DIMS];
  LLVMValueRef *dstr = str[0], *sstr = str[1]; /* the view's strides, the source's */
  int lead = from_array ? nd - vt->ndim : nd; /* the view's axes that x lacks */
  for (int k = 0; k < nd; k++) {
    dext[k] = pj_cg_array_dim(g, dst, k);
    dstr[k] = pj_cg_array_stride(g, dst, dt, k);
    count = LLVMBuildMul(g->b, count, dext[k], "");
    if (!from_array) continue;
    LLVMValueRef one = LLVMConstInt(i64, 1, 0), zero = LLVMConstInt(i64, 0, 0);
    if (k < lead) { /* repeated along this axis */
      sext[k] = dext[k];
      sstr[k] = zero;
      continue;
    }
    sext[k] = pj_cg_array_dim(g, v, k - lead);
    LLVMValueRef repeat = LLVMBuildICmp(g->b, LLVMIntEQ, sext[k], one, "");
    sstr[k] = LLVMBuildSelect(g->b, repeat, zero, pj_cg_array_stride(g, v, vt, k - lead), "");
    sext[k] = LLVMBuildSelect(g->b, repeat, dext[k], sext[k], ""); /* for the debug check below */
  }
  /* checked: the source must reach as far as the view on every axis */
  for (int k = 0; from_array && g->checks && k < nd; k++) {
    LLVMValueRef zero = LLVMConstInt(i64, 0, 0), empty = LLVMBuildICmp(g->b, LLVMIntEQ, dext[k], zero, "");
    LLVMValueRef last = LLVMBuildSelect(g->b, empty, zero, LLVMBuildSub(g->b, dext[k], LLVMConstInt(i64, 1, 0), ""), "");
    pj_cg_check_index(g, target->loc, k, last, LLVMBuildSelect(g->b, empty, LLVMConstInt(i64, 1, 0), sext[k], ""));
  }
  LLVMValueRef dbase = LLVMBuildExtractValue(g->b, dst, 0, ""), sbase = from_array ? LLVMBuildExtractValue(g->b, v, 0, "") : NULL;
  LLVMValueRef backwards = from_array ? LLVMBuildICmp(g->b, LLVMIntUGT, LLVMBuildPtrToInt(g->b, dbase, i64, ""),
                                                      LLVMBuildPtrToInt(g->b, sbase, i64, ""), "")
                                      : LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0);
  /* one loop over the view's elements in C order; n is decomposed into its index */
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(g->b), head = pj_cg_block_new(g, "setslice"), body = pj_cg_block_new(g, "setslice.body"),
                    done = pj_cg_block_new(g, "setslice.done");
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMValueRef n = LLVMBuildPhi(g->b, i64, "n");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, n, count, ""), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  LLVMValueRef lin = LLVMBuildSelect(g->b, backwards, LLVMBuildSub(g->b, LLVMBuildSub(g->b, count, LLVMConstInt(i64, 1, 0), ""), n, ""), n, "");
  LLVMValueRef offs[2];
  pj_flat_offsets(g, lin, nd, dext, from_array ? 2 : 1, str, offs);
  LLVMValueRef doff = offs[0], soff = offs[from_array ? 1 : 0];
  LLVMValueRef x = value;
  if (from_array) {
    x = LLVMBuildLoad2(g->b, pj_cg_mem_dtype(g, vt->dtype), LLVMBuildGEP2(g->b, i8, sbase, &soff, 1, ""), "");
    if (vt->dtype == PJ_BOOL) x = LLVMBuildICmp(g->b, LLVMIntNE, x, LLVMConstInt(LLVMTypeOf(x), 0, 0), "");
    x = pj_cg_convert(g, x, pj_type_scalar(vt->dtype), pj_type_scalar(dt->dtype));
    if (dt->dtype == PJ_BOOL) x = LLVMBuildZExt(g->b, x, i8, "");
  }
  LLVMBuildStore(g->b, x, LLVMBuildGEP2(g->b, i8, dbase, &doff, 1, ""));
  LLVMValueRef next = LLVMBuildAdd(g->b, n, LLVMConstInt(i64, 1, 0), "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(g->b);
  LLVMBuildBr(g->b, head);
  LLVMAddIncoming(n, (LLVMValueRef[]){LLVMConstInt(i64, 0, 0), next}, (LLVMBasicBlockRef[]){pre, latch}, 2);
  LLVMPositionBuilderAtEnd(g->b, done);
}


/* ---- whole-array reductions (np.sum(a), a.max(), ...) -------------------------------------------
 * Each is one or two passes over every element in C order, the accumulators carried in phis.
 * Floats follow NumPy: NaN propagates through sum, prod, min and max (the first NaN wins min and
 * max); the nan* forms skip NaNs; all/any take NaN as true. An empty array gives the reduction's
 * identity: sum 0, prod 1, all True, any False; min +inf (floats) or the dtype's largest value,
 * max -inf or the smallest; mean, var, std and the nan* forms NaN (NumPy raises for an empty min
 * or max; a kernel has no exception to raise there). */

static LLVMValueRef pj_red_isnan(PjCg *g, LLVMValueRef x) { return LLVMBuildFCmp(g->b, LLVMRealUNO, x, x, ""); }

/* The identity of min (is_max false) or max over dtype d, in the LLVM type of d. */
static LLVMValueRef pj_red_extreme(PjCg *g, PjDtype d, bool is_max) {
  LLVMTypeRef t = pj_cg_dtype(g, d);
  if (pj_dtype_is_float(d)) return LLVMConstReal(t, is_max ? -__builtin_inf() : __builtin_inf());
  if (d == PJ_BOOL) return LLVMConstInt(t, is_max ? 0 : 1, 0);
  unsigned bits = (unsigned)pj_dtype_bits(d);
  unsigned long long ones = bits >= 64 ? ~0ull : (1ull << bits) - 1;
  if (!pj_dtype_is_signed(d)) return LLVMConstInt(t, is_max ? 0 : ones, 0);
  unsigned long long smax = ones >> 1;
  return LLVMConstInt(t, is_max ? ~smax : smax, 1);
}

/* One accumulation step of `op` (pass 0; var/std pass 1: the squared deviations from mean). */
static void pj_red_step(PjCg *g, PjReduceOp op, int pass, PjDtype ed, PjDtype rd, LLVMValueRef x, LLVMValueRef *acc,
                        LLVMValueRef mean) {
  LLVMBuilderRef b = g->b;
  const PjType *et = pj_type_scalar(ed);
  bool fl = pj_dtype_is_float(rd);
  switch (op) {
  case PJ_RED_ALL: acc[0] = LLVMBuildAnd(b, acc[0], pj_cg_truth(g, x, et), ""); return;
  case PJ_RED_ANY: acc[0] = LLVMBuildOr(b, acc[0], pj_cg_truth(g, x, et), ""); return;
  case PJ_RED_CONTAINS: /* `mean` is the key and rd its dtype */
    acc[0] = LLVMBuildOr(b, acc[0], pj_compare_pair(g, PJ_CMP_EQ, x, et, mean, pj_type_scalar(rd)), "");
    return;
  case PJ_RED_COUNT_NONZERO:
    acc[0] = LLVMBuildAdd(b, acc[0], LLVMBuildZExt(b, pj_cg_truth(g, x, et), pj_cg_i64(g), ""), "");
    return;
  case PJ_RED_MIN: case PJ_RED_MAX: case PJ_RED_NANMIN: case PJ_RED_NANMAX: {
    bool is_max = op == PJ_RED_MAX || op == PJ_RED_NANMAX;
    LLVMValueRef better;
    if (fl) {
      better = LLVMBuildFCmp(b, is_max ? LLVMRealOGT : LLVMRealOLT, x, acc[0], "");
      /* min/max: a NaN element wins and then stays; nanmin/nanmax: a NaN accumulator (the start) yields */
      better = LLVMBuildOr(b, better, pj_red_isnan(g, op == PJ_RED_MIN || op == PJ_RED_MAX ? x : acc[0]), "");
    } else {
      bool s = pj_dtype_is_signed(ed);
      better = LLVMBuildICmp(b, is_max ? (s ? LLVMIntSGT : LLVMIntUGT) : (s ? LLVMIntSLT : LLVMIntULT), x, acc[0], "");
    }
    acc[0] = LLVMBuildSelect(b, better, x, acc[0], "");
    return;
  }
  default: break;
  }
  LLVMValueRef v = pj_cg_convert_scalar(g, x, ed, rd);
  if (op == PJ_RED_VAR || op == PJ_RED_STD) {
    if (pass == 1) {
      LLVMValueRef dv = LLVMBuildFSub(b, v, mean, "");
      acc[0] = LLVMBuildFAdd(b, acc[0], LLVMBuildFMul(b, dv, dv, ""), "");
      return;
    }
    op = PJ_RED_MEAN;
  }
  if (op == PJ_RED_PROD || op == PJ_RED_NANPROD) {
    if (op == PJ_RED_NANPROD && fl) v = LLVMBuildSelect(b, pj_red_isnan(g, v), LLVMConstReal(LLVMTypeOf(v), 1.0), v, "");
    acc[0] = fl ? LLVMBuildFMul(b, acc[0], v, "") : LLVMBuildMul(b, acc[0], v, "");
    return;
  }
  if (op == PJ_RED_NANMEAN) { /* the sum and the count of the numbers */
    LLVMValueRef nan = pj_red_isnan(g, v);
    acc[0] = LLVMBuildFAdd(b, acc[0], LLVMBuildSelect(b, nan, LLVMConstReal(LLVMTypeOf(v), 0.0), v, ""), "");
    acc[1] = LLVMBuildAdd(b, acc[1], LLVMBuildZExt(b, LLVMBuildNot(b, nan, ""), pj_cg_i64(g), ""), "");
    return;
  }
  /* sum, nansum, mean */
  if (op == PJ_RED_NANSUM && fl) v = LLVMBuildSelect(b, pj_red_isnan(g, v), LLVMConstReal(LLVMTypeOf(v), 0.0), v, "");
  acc[0] = fl ? LLVMBuildFAdd(b, acc[0], v, "") : LLVMBuildAdd(b, acc[0], v, "");
}

/* One pass of `op` over array value arr (type at): the accumulators start at acc[0..nacc) and end
 * there; count gets the number of elements. */
static void pj_red_pass(PjCg *g, LLVMValueRef arr, const PjType *at, PjReduceOp op, int pass, PjDtype rd, LLVMValueRef *acc,
                        int nacc, LLVMValueRef mean, LLVMValueRef *count_out) {
  LLVMTypeRef i64 = pj_cg_i64(g), i8 = LLVMInt8TypeInContext(g->ctx);
  int nd = at->ndim;
  LLVMValueRef count = LLVMConstInt(i64, 1, 0), ext[PJ_MAX_DIMS], str[PJ_MAX_DIMS];
  for (int k = 0; k < nd; k++) {
    ext[k] = pj_cg_array_dim(g, arr, k);
    str[k] = pj_cg_array_stride(g, arr, at, k);
    count = LLVMBuildMul(g->b, count, ext[k], "");
  }
  *count_out = count;
  LLVMValueRef base = LLVMBuildExtractValue(g->b, arr, 0, "");
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(g->b), head = pj_cg_block_new(g, "reduce"), body = pj_cg_block_new(g, "reduce.body"),
                    done = pj_cg_block_new(g, "reduce.done");
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMValueRef n = LLVMBuildPhi(g->b, i64, "n"), phis[2], next[2];
  for (int j = 0; j < nacc; j++) phis[j] = next[j] = LLVMBuildPhi(g->b, LLVMTypeOf(acc[j]), "acc");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, n, count, ""), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  LLVMValueRef off;
  pj_flat_offsets(g, n, nd, ext, 1, &str, &off);
  LLVMValueRef x = LLVMBuildLoad2(g->b, pj_cg_mem_dtype(g, at->dtype), LLVMBuildGEP2(g->b, i8, base, &off, 1, ""), "");
  if (at->dtype == PJ_BOOL) x = LLVMBuildICmp(g->b, LLVMIntNE, x, LLVMConstInt(LLVMTypeOf(x), 0, 0), "");
  pj_red_step(g, op, pass, at->dtype, rd, x, next, mean);
  LLVMValueRef n1 = LLVMBuildAdd(g->b, n, LLVMConstInt(i64, 1, 0), "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(g->b);
  LLVMBuildBr(g->b, head);
  LLVMAddIncoming(n, (LLVMValueRef[]){LLVMConstInt(i64, 0, 0), n1}, (LLVMBasicBlockRef[]){pre, latch}, 2);
  for (int j = 0; j < nacc; j++) {
    LLVMAddIncoming(phis[j], (LLVMValueRef[]){acc[j], next[j]}, (LLVMBasicBlockRef[]){pre, latch}, 2);
    acc[j] = phis[j];
  }
  LLVMPositionBuilderAtEnd(g->b, done);
}

/* `key in arr`: whether some element of arr equals key (numba's: every element in C order, by ==). */
LLVMValueRef pj_cg_array_contains(PjCg *g, LLVMValueRef key, const PjType *kt, LLVMValueRef arr, const PjType *at) {
  LLVMValueRef acc = LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 0, 0), count;
  pj_red_pass(g, arr, at, PJ_RED_CONTAINS, 0, kt->dtype, &acc, 1, key, &count);
  return acc;
}

LLVMValueRef pj_cg_reduce(PjCg *g, const PjExpr *e) {
  const PjExpr *a = e->builtin.args[0];
  const PjType *at = a->type;
  PjReduceOp op = (PjReduceOp)pj_builtins[e->builtin.id].dim;
  PjDtype rd = e->type->dtype, ed = at->dtype;
  LLVMValueRef arr = pj_cg_expr(g, a), count, acc[2] = {0, 0};
  LLVMTypeRef rt = pj_cg_dtype(g, rd), i64 = pj_cg_i64(g);
  bool fl = pj_dtype_is_float(rd);
  int nacc = 1;
  switch (op) {
  case PJ_RED_ALL: acc[0] = LLVMConstInt(rt, 1, 0); break;
  case PJ_RED_ANY: acc[0] = LLVMConstInt(rt, 0, 0); break;
  case PJ_RED_MIN: case PJ_RED_MAX: acc[0] = pj_red_extreme(g, ed, op == PJ_RED_MAX); break;
  case PJ_RED_NANMIN: case PJ_RED_NANMAX:
    acc[0] = fl ? LLVMConstReal(rt, __builtin_nan("")) : pj_red_extreme(g, ed, op == PJ_RED_NANMAX);
    break;
  case PJ_RED_PROD: case PJ_RED_NANPROD: acc[0] = fl ? LLVMConstReal(rt, 1.0) : LLVMConstInt(rt, 1, 0); break;
  case PJ_RED_NANMEAN:
    nacc = 2;
    acc[1] = LLVMConstInt(i64, 0, 0);
    /* fall through */
  default: acc[0] = fl ? LLVMConstReal(rt, 0.0) : LLVMConstInt(rt, 0, 0); break;
  }
  pj_red_pass(g, arr, at, op, 0, rd, acc, nacc, NULL, &count);
  switch (op) {
  case PJ_RED_MEAN: return LLVMBuildFDiv(g->b, acc[0], LLVMBuildUIToFP(g->b, count, rt, ""), "mean");
  case PJ_RED_NANMEAN: return LLVMBuildFDiv(g->b, acc[0], LLVMBuildUIToFP(g->b, acc[1], rt, ""), "nanmean");
  case PJ_RED_VAR: case PJ_RED_STD: {
    LLVMValueRef mean = LLVMBuildFDiv(g->b, acc[0], LLVMBuildUIToFP(g->b, count, rt, ""), "mean");
    acc[0] = LLVMConstReal(rt, 0.0);
    pj_red_pass(g, arr, at, op, 1, rd, acc, 1, mean, &count);
    LLVMValueRef var = LLVMBuildFDiv(g->b, acc[0], LLVMBuildUIToFP(g->b, count, rt, ""), "var");
    if (op == PJ_RED_VAR) return var;
    return pj_cg_call_intrinsic(g, "llvm.sqrt", &rt, 1, &var, 1);
  }
  default: return acc[0];
  }
}


/* ---- a ufunc into an output array (np.sin(x, out), np.add(a, b, out)) ---------------------------
 * One loop over out's elements in C order. An input that is an array is read at the same index
 * with NumPy's broadcasting: its axes line up with out's last ones, and an axis of extent 1
 * repeats (its stride taken as 0). An input whose extents fit neither way leaves out unwritten
 * (NumPy raises there; a kernel has no exception to raise). Numbers are read once. */
LLVMValueRef pj_cg_elementwise(PjCg *g, const PjExpr *e) {
  int nin = (e->builtin.nargs - 2) / 2;
  const PjExpr *out = e->builtin.args[nin], *elem = e->builtin.args[nin + 1];
  const PjType *ot = out->type;
  LLVMTypeRef i64 = pj_cg_i64(g), i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef zero = LLVMConstInt(i64, 0, 0), one = LLVMConstInt(i64, 1, 0);
  LLVMValueRef in[32], oarr = pj_cg_expr(g, out);
  for (int i = 0; i < nin; i++) in[i] = pj_cg_expr(g, e->builtin.args[i]);
  int nd = ot->ndim;
  LLVMValueRef ext[PJ_MAX_DIMS], str[33][PJ_MAX_DIMS], *ostr = str[0], (*istr)[PJ_MAX_DIMS] = str + 1, count = one, fits = LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 1, 0);
  for (int k = 0; k < nd; k++) {
    ext[k] = pj_cg_array_dim(g, oarr, k);
    ostr[k] = pj_cg_array_stride(g, oarr, ot, k);
    count = LLVMBuildMul(g->b, count, ext[k], "");
  }
  for (int i = 0; i < nin; i++) {
    const PjType *t = e->builtin.args[i]->type;
    for (int k = 0; k < nd; k++) istr[i][k] = zero;
    if (t->kind != PJ_TY_ARRAY) continue;
    for (int j = 0; j < t->ndim; j++) {
      int k = nd - t->ndim + j;
      LLVMValueRef x = pj_cg_array_dim(g, in[i], j);
      LLVMValueRef bcast = LLVMBuildICmp(g->b, LLVMIntEQ, x, one, "");
      fits = LLVMBuildAnd(g->b, fits, LLVMBuildOr(g->b, bcast, LLVMBuildICmp(g->b, LLVMIntEQ, x, ext[k], ""), ""), "");
      istr[i][k] = LLVMBuildSelect(g->b, bcast, zero, pj_cg_array_stride(g, in[i], t, j), "");
    }
  }
  count = LLVMBuildSelect(g->b, fits, count, zero, "ufunc.count");
  LLVMValueRef obase = LLVMBuildExtractValue(g->b, oarr, 0, "");
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(g->b), head = pj_cg_block_new(g, "ufunc"), body = pj_cg_block_new(g, "ufunc.body"),
                    done = pj_cg_block_new(g, "ufunc.done");
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMValueRef n = LLVMBuildPhi(g->b, i64, "n");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, n, count, ""), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  LLVMValueRef offs[33], ooff, *ioff = offs + 1;
  pj_flat_offsets(g, n, nd, ext, nin + 1, str, offs);
  ooff = offs[0];
  for (int i = 0; i < nin; i++) {
    const PjExpr *a = e->builtin.args[i], *var = e->builtin.args[nin + 2 + i];
    LLVMValueRef x = in[i];
    const PjType *xt = a->type;
    if (a->type->kind == PJ_TY_ARRAY) {
      PjDtype d = a->type->dtype;
      LLVMValueRef p = LLVMBuildGEP2(g->b, i8, LLVMBuildExtractValue(g->b, in[i], 0, ""), &ioff[i], 1, "");
      x = LLVMBuildLoad2(g->b, pj_cg_mem_dtype(g, d), p, "");
      if (d == PJ_BOOL) x = LLVMBuildICmp(g->b, LLVMIntNE, x, LLVMConstInt(LLVMTypeOf(x), 0, 0), "");
      xt = pj_type_scalar(d);
    }
    pj_cg_store_var(g, var, x, xt);
  }
  LLVMValueRef v = pj_cg_convert(g, pj_cg_expr(g, elem), elem->type, pj_type_scalar(ot->dtype));
  if (ot->dtype == PJ_BOOL) v = LLVMBuildZExt(g->b, v, i8, "");
  LLVMBuildStore(g->b, v, LLVMBuildGEP2(g->b, i8, obase, &ooff, 1, ""));
  LLVMValueRef n1 = LLVMBuildAdd(g->b, n, one, "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(g->b);
  LLVMBuildBr(g->b, head);
  LLVMAddIncoming(n, (LLVMValueRef[]){zero, n1}, (LLVMBasicBlockRef[]){pre, latch}, 2);
  LLVMPositionBuilderAtEnd(g->b, done);
  return oarr;
}


/* ---- a.reshape(...) and a.view(dtype) ----------------------------------------------------------
 * reshape: the same data, the new extents (C order); one negative extent takes what the others
 * leave of the size. view: the same data and extents but the last, which holds as many items of the new
 * dtype as its bytes do, stepped by the new itemsize; the other strides stay. */
LLVMValueRef pj_cg_array_view_method(PjCg *g, const PjExpr *e, bool view) {
  const PjExpr *base = e->builtin.args[0];
  const PjType *bt = base->type, *rt = e->type;
  LLVMTypeRef i64 = pj_cg_i64(g);
  LLVMValueRef arr = pj_cg_expr(g, base), out = LLVMGetUndef(pj_cg_type(g, rt));
  out = LLVMBuildInsertValue(g->b, out, LLVMBuildExtractValue(g->b, arr, 0, ""), 0, "");
  LLVMValueRef dims = LLVMGetUndef(LLVMArrayType2(i64, (uint64_t)rt->ndim));
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(g->mod);
  if (view) {
    LLVMValueRef strides = LLVMGetUndef(LLVMArrayType2(i64, (uint64_t)rt->ndim));
    unsigned long long from = LLVMABISizeOfType(td, pj_cg_mem_dtype(g, bt->dtype));
    unsigned long long to = LLVMABISizeOfType(td, pj_cg_mem_dtype(g, rt->dtype));
    for (int k = 0; k < rt->ndim; k++) {
      LLVMValueRef n = pj_cg_array_dim(g, arr, k), s = pj_cg_array_stride(g, arr, bt, k);
      if (k == rt->ndim - 1) {
        n = LLVMBuildUDiv(g->b, LLVMBuildMul(g->b, n, LLVMConstInt(i64, from, 0), ""), LLVMConstInt(i64, to, 0), "");
        s = LLVMConstInt(i64, to, 0);
      }
      dims = LLVMBuildInsertValue(g->b, dims, n, (unsigned)k, "");
      strides = LLVMBuildInsertValue(g->b, strides, s, (unsigned)k, "");
    }
    out = LLVMBuildInsertValue(g->b, out, dims, 1, "");
    return LLVMBuildInsertValue(g->b, out, strides, 2, "");
  }
  /* numba's rules: any negative extent is the unknown one, taken from what the others leave of the
   * size; a shape of another size, or with two negative extents, is numba's ValueError: debug=True
   * reports it, else the thread stops there (as after any raise), never reading past the data */
  LLVMValueRef ext[16], unknown[16], size = LLVMConstInt(i64, 1, 0), known = LLVMConstInt(i64, 1, 0);
  LLVMValueRef zero = LLVMConstInt(i64, 0, 0), one = LLVMConstInt(i64, 1, 0), negatives = zero;
  for (int k = 0; k < bt->ndim; k++) size = LLVMBuildMul(g->b, size, pj_cg_array_dim(g, arr, k), "");
  bool tuple = e->builtin.nargs == 2 && e->builtin.args[1]->type->kind == PJ_TY_TUPLE;
  LLVMValueRef t = tuple ? pj_cg_expr(g, e->builtin.args[1]) : NULL;
  for (int k = 0; k < rt->ndim; k++) {
    ext[k] = tuple ? LLVMBuildExtractValue(g->b, t, (unsigned)k, "") : pj_cg_expr(g, e->builtin.args[1 + k]);
    unknown[k] = LLVMBuildICmp(g->b, LLVMIntSLT, ext[k], zero, "");
    negatives = LLVMBuildAdd(g->b, negatives, LLVMBuildZExt(g->b, unknown[k], i64, ""), "");
    known = LLVMBuildMul(g->b, known, LLVMBuildSelect(g->b, unknown[k], one, ext[k], ""), "");
  }
  LLVMValueRef none_known = LLVMBuildICmp(g->b, LLVMIntEQ, known, zero, "");
  LLVMValueRef safe = LLVMBuildSelect(g->b, none_known, one, known, "");
  LLVMValueRef inferred = LLVMBuildSelect(g->b, none_known, zero, LLVMBuildSDiv(g->b, size, safe, ""), "");
  LLVMValueRef whole = LLVMBuildICmp(g->b, LLVMIntEQ, LLVMBuildMul(g->b, inferred, known, ""), size, "");
  LLVMValueRef same = LLVMBuildICmp(g->b, LLVMIntEQ, known, size, "");
  LLVMValueRef ok = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, negatives, zero, ""), same,
                                    LLVMBuildAnd(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, negatives, one, ""), whole, ""), "");
  LLVMBasicBlockRef bad = pj_cg_block_new(g, "reshape.bad"), good = pj_cg_block_new(g, "reshape.ok");
  LLVMBuildCondBr(g->b, ok, good, bad);
  LLVMPositionBuilderAtEnd(g->b, bad);
  pj_cg_raise(g, e->loc, PJ_KERNEL_ERROR_RESHAPE, negatives, size); /* index: how many negative */
  LLVMPositionBuilderAtEnd(g->b, good);
  for (int k = 0; k < rt->ndim; k++)
    dims = LLVMBuildInsertValue(g->b, dims, LLVMBuildSelect(g->b, unknown[k], inferred, ext[k], ""), (unsigned)k, "");
  return LLVMBuildInsertValue(g->b, out, dims, 1, "");
}
