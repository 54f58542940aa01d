/* Loops, lowered from typed kernel IR: while loops, for loops over range() (trip counts that
 * never overflow, the values as start + k * step), grid-stride loops (a count of passes, walked
 * with the stride kept in a register, unrolled where the body is small) and for loops over
 * arrays and tuples, with the unrolling hints the GPU gains from. The statements inside go back
 * through codegen.c (pj_cg_block). */
#include "backend/codegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void pj_cg_loop_body(PjCg *g, const PjBlock *body, LLVMBasicBlockRef cont, LLVMBasicBlockRef exit) {
  LLVMBasicBlockRef saved_cont = g->loop_continue, saved_exit = g->loop_exit;
  g->loop_continue = cont;
  g->loop_exit = exit;
  pj_cg_block(g, body);
  g->loop_continue = saved_cont;
  g->loop_exit = saved_exit;
}

/* Whether a loop body is small and straight enough to unroll by 4 on the GPU: a handful of
 * statements, no inner loop, no call, barrier, collective or print; and it reads or writes an
 * array (what unrolling overlaps: a loop of arithmetic alone gains nothing). */
static bool pj_subscript_expr(const PjExpr *e, void *ctx) { return e->kind == PJ_EX_SUBSCRIPT; }

static bool pj_unrollable_expr(const PjExpr *e, void *ctx) {
  if (e->kind == PJ_EX_CALL) return true;
  if (e->kind != PJ_EX_BUILTIN) return false;
  PjLowering l = pj_builtins[e->builtin.id].lower;
  return l == PJ_LOWER_BARRIER || l == PJ_LOWER_COLLECTIVE || l == PJ_LOWER_PRINT || l == PJ_LOWER_SHARED_ARRAY;
}

static bool pj_small_loop_body(const PjBlock *b, int *budget) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    if (--*budget < 0 || s->kind == PJ_ST_WHILE || s->kind == PJ_ST_FOR || s->kind == PJ_ST_RETURN) return false;
    if (pj_stmt_any_expr(s, pj_unrollable_expr, NULL)) return false;
    if (s->kind == PJ_ST_IF && (!pj_small_loop_body(&s->if_.then, budget) || !pj_small_loop_body(&s->if_.orelse, budget)))
      return false;
  }
  return true;
}

/* !llvm.loop !{self, !{"llvm.loop.unroll.count", i32 n}} on a loop's back edge. LLVM's own
 * runtime unrolling gives up on a while loop whose trip count needs a division by a stride
 * known only at run time (a grid-stride loop); the explicit count lifts that limit, so the loads
 * of several iterations are in flight together, as nvcc's are. */
static void pj_unroll_hint(PjCg *g, LLVMValueRef branch, unsigned n) {
  LLVMMetadataRef self = LLVMTemporaryMDNode(g->ctx, NULL, 0);
  LLVMMetadataRef items[2] = {LLVMMDStringInContext2(g->ctx, "llvm.loop.unroll.count", 22),
                              LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(g->ctx), n, 0))};
  LLVMMetadataRef count = LLVMMDNodeInContext2(g->ctx, items, 2);
  LLVMMetadataRef loop = LLVMMDNodeInContext2(g->ctx, (LLVMMetadataRef[]){self, count}, 2);
  LLVMMetadataReplaceAllUsesWith(self, loop);
  LLVMSetMetadata(branch, LLVMGetMDKindIDInContext(g->ctx, "llvm.loop", 9), LLVMMetadataAsValue(g->ctx, loop));
}

/* llvm.assume(v >= 0): a value the code's own reasoning knows is not negative */
static void pj_cg_assume_nonneg(PjCg *g, LLVMValueRef v) {
  LLVMValueRef ok = LLVMBuildICmp(g->b, LLVMIntSGE, v, LLVMConstInt(LLVMTypeOf(v), 0, 0), "");
  pj_cg_call_intrinsic(g, "llvm.assume", NULL, 0, &ok, 1);
}

/* The distinct arrays a loop body subscripts, up to 8 (a base that is not a variable counts once
 * for each subscript). */
typedef struct {
  int vars[8];
  int n;
} PjLoopArrays;

static bool pj_note_loop_array(const PjExpr *e, void *ctx) {
  PjLoopArrays *a = ctx;
  if (e->kind != PJ_EX_SUBSCRIPT || e->sub.base->type->kind != PJ_TY_ARRAY || a->n == 8) return false;
  int v = e->sub.base->kind == PJ_EX_NAME ? e->sub.base->name.var : -1;
  for (int i = 0; v >= 0 && i < a->n; i++)
    if (a->vars[i] == v) return false;
  a->vars[a->n++] = v;
  return false;
}

/* How many copies of a grid-stride loop's body to unroll into one pass on the GPU. LLVM keeps a
 * 64-bit pointer for each array in each copy, and past 32 registers a thread an SM holds fewer
 * threads: measured on an H200 over 2^26 float32 against the `if i < n:` kernel, a saxpy (three
 * arrays) unrolled 4 times took 48 registers and 1.53x the time with one thread an element, twice
 * 32 registers and 1.06x, and not at all (pj_cg_stride_walk: no count of passes) 20 registers and
 * 1.015x, 0.95x with 16 blocks an SM either way; a scaled copy (two arrays) 4 times 48 registers
 * and 1.92x, twice 1.085x (0.75x with 16 blocks an SM), not at all 1.02x (0.89x). A sum over one
 * array needs the 4 copies, the loads of four passes in flight (by 4: 1.01x nvcc's time, by 2:
 * 1.17x). So 4 copies for one array, none for more. */
static unsigned pj_stride_unroll(const PjBlock *body) {
  PjLoopArrays a = {.n = 0};
  pj_block_any_expr(body, pj_note_loop_array, &a);
  return a.n <= 1 ? 4 : 1;
}

static LLVMValueRef pj_cg_stride_count(PjCg *g, LLVMValueRef start, LLVMValueRef stop, LLVMValueRef step);

/* The bound a grid-stride walk that counts no passes tests its variable against: max(stop, 0),
 * compared unsigned. The variable starts at 0 or more and steps by a positive amount, both below
 * 2**42 (pj_cg_range_nonneg, guard.c's pj_stride_while), so it never wraps as an unsigned value. */
static LLVMValueRef pj_cg_stride_end(PjCg *g, LLVMValueRef stop) {
  LLVMTypeRef t = LLVMTypeOf(stop);
  return pj_cg_call_intrinsic(g, "llvm.smax", (LLVMTypeRef[]){t}, 1, (LLVMValueRef[]){stop, LLVMConstInt(t, 0, 0)}, 2);
}

/* The unroll count of a grid-stride loop on the GPU: pj_stride_unroll's for a small body with no
 * loop inside (an outer loop's copies would each set up the inner), none for a loop inside
 * another (its count's division, hoisted out of the outer loop by the backend, would run in
 * every thread, even one that makes a single pass: numba's documented 2-D style took 1.95x
 * nvcc's `if` kernel with the inner loop unrolled twice, 1.14x without). */
static unsigned pj_cg_stride_copies(PjCg *g, const PjBlock *body) {
  int budget = 8;
  return !g->loop_exit && pj_small_loop_body(body, &budget) ? pj_stride_unroll(body) : 1;
}

/* GPU, a grid-stride while loop that ends the kernel (guard.c, pj_stride_while: `while i < stop:`
 * whose body ends in `i += step`, assigns neither i elsewhere nor stop or step, and neither
 * breaks nor continues; i never negative, step positive): with an unroll count it makes
 * range(i, stop, step)'s count of passes, counted as pj_cg_for counts a grid-stride range, and
 * the body steps i itself; without one it tests i as pj_cg_stride_walk does. LLVM
 * would work the count out for its runtime unrolling too, but with a division in every thread: a
 * saxpy written so with one thread an element took 1.19x the time of the `if i < n:` kernel. */
static void pj_cg_stride_while(PjCg *g, const PjStmt *s) {
  const PjType *i64 = pj_type_scalar(PJ_INT64);
  LLVMTypeRef t = LLVMInt64TypeInContext(g->ctx);
  LLVMValueRef start = pj_cg_expr(g, g->guard.stride_var);
  LLVMValueRef stop = pj_cg_convert(g, pj_cg_expr(g, g->guard.stride_stop), g->guard.stride_stop->type, i64);
  LLVMValueRef step = pj_cg_convert(g, pj_cg_expr(g, g->guard.stride_step), g->guard.stride_step->type, i64);
  unsigned copies = pj_cg_stride_copies(g, &s->while_.body);
  /* unrolled: a counter k walks the count of passes; else i itself is tested */
  LLVMValueRef counter = NULL, end;
  if (copies > 1) {
    end = pj_cg_stride_count(g, start, stop, step);
    counter = LLVMBuildAlloca(g->alloca_b, t, "while.k");
    LLVMBuildStore(g->b, LLVMConstInt(t, 0, 0), counter);
  } else {
    end = pj_cg_stride_end(g, stop);
  }
  LLVMBasicBlockRef head = pj_cg_block_new(g, "while.cond"), body = pj_cg_block_new(g, "while.body"),
                    latch = pj_cg_block_new(g, "while.inc"), done = pj_cg_block_new(g, "while.end");
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMValueRef k = counter ? LLVMBuildLoad2(g->b, t, counter, "k")
                           : pj_cg_convert(g, pj_cg_expr(g, g->guard.stride_var), g->guard.stride_var->type, i64);
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, k, end, ""), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  pj_cg_assume_nonneg(g, pj_cg_expr(g, g->guard.stride_var)); /* start + k * step, below stop */
  pj_cg_loop_body(g, &s->while_.body, latch, done);
  pj_cg_br(g, latch);
  LLVMPositionBuilderAtEnd(g->b, latch);
  if (counter) {
    LLVMValueRef next = LLVMBuildAdd(g->b, LLVMBuildLoad2(g->b, t, counter, ""), LLVMConstInt(t, 1, 0), "");
    LLVMSetNUW(next, 1); /* below count */
    LLVMSetNSW(next, 1);
    LLVMBuildStore(g->b, next, counter);
  }
  pj_unroll_hint(g, LLVMBuildBr(g->b, head), copies);
  LLVMPositionBuilderAtEnd(g->b, done);
}

/* A bounded walk (walks.c) on the CPU: its chunk's limit, for the walk at var, at the builder,
 * stored in a new slot that it returns. A chunk stops at v + step * 2**16 when that is below
 * stop (tested as (stop - v) >> 16 >= step, so that the product never wraps, and only below
 * stop, where stop - v cannot wrap: an int64 argument as stop may be as low as -2**63), else at
 * stop. */
static LLVMValueRef pj_cg_walk_limit(PjCg *g, const PjExpr *var, const PjExpr *stop, const PjExpr *step_expr) {
  enum { PJ_WALK_CHUNK_LOG2 = 16 };
  const PjType *i64 = pj_type_scalar(PJ_INT64);
  LLVMTypeRef t = LLVMInt64TypeInContext(g->ctx);
  LLVMValueRef limit = LLVMBuildAlloca(g->alloca_b, t, "walk.limit");
  LLVMValueRef v = pj_cg_expr(g, var);
  LLVMValueRef end = pj_cg_convert(g, pj_cg_expr(g, stop), stop->type, i64);
  LLVMValueRef step = pj_cg_convert(g, pj_cg_expr(g, step_expr), step_expr->type, i64);
  LLVMValueRef shift = LLVMConstInt(t, PJ_WALK_CHUNK_LOG2, 0);
  LLVMValueRef far = LLVMBuildAnd(
      g->b, LLVMBuildICmp(g->b, LLVMIntSLT, v, end, ""),
      LLVMBuildICmp(g->b, LLVMIntSGE, LLVMBuildAShr(g->b, LLVMBuildSub(g->b, end, v, ""), shift, ""), step, ""), "");
  LLVMValueRef ahead = LLVMBuildAdd(g->b, v, LLVMBuildShl(g->b, step, shift, ""), "");
  LLVMBuildStore(g->b, LLVMBuildSelect(g->b, far, ahead, end, ""), limit);
  return limit;
}

/* A while loop polls for an interrupt on the CPU at every iteration: it may never end. A bounded
 * walk (walks.c: `while v < stop:` ending in `v += step`, v never negative) tells LLVM that v is
 * between 0 and stop in its body (an index v needs no wraparound, both targets), and on the CPU,
 * when no continue skips the step, runs in chunks of 2**16 steps (pj_cg_walk_limit) with a poll
 * between them instead. The block sum of bench/cpu_executor.py (256 threads a block each adding
 * 16 float32 a grid apart) ran 3.07 ms on one core of the development machine with a poll and a
 * wraparound in each iteration, 1.5-2.3 ms without. */
void pj_cg_while(PjCg *g, const PjStmt *s) {
  if (!g->host && s == g->guard.stmt && g->guard.stride && g->guard.stride_nonneg) {
    pj_cg_stride_while(g, s);
    return;
  }
  const PjExpr *c = s->while_.cond;
  bool ends = false;
  const PjExpr *walk_step = pj_cg_walk(g, s, &ends);
  bool lt = walk_step && c->cmp.ops[0] == PJ_CMP_LT;
  const PjExpr *var = walk_step ? c->cmp.operands[lt ? 0 : 1] : NULL;
  bool chunked = walk_step && g->host && ends;
  LLVMBasicBlockRef head = pj_cg_block_new(g, "while.cond"), body = pj_cg_block_new(g, "while.body"),
                    done = pj_cg_block_new(g, "while.end");
  LLVMBasicBlockRef chunk = NULL, chunk_end = done;
  LLVMValueRef limit = NULL;
  if (chunked) {
    chunk = pj_cg_block_new(g, "while.chunk");
    chunk_end = pj_cg_block_new(g, "while.chunk.end");
    LLVMBuildBr(g->b, chunk);
    LLVMPositionBuilderAtEnd(g->b, chunk);
    limit = pj_cg_walk_limit(g, var, c->cmp.operands[lt ? 1 : 0], walk_step);
  }
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  if (!chunked) pj_cg_poll_interrupt(g);
  LLVMValueRef go = chunked ? LLVMBuildICmp(g->b, LLVMIntSLT, pj_cg_expr(g, var),
                                            LLVMBuildLoad2(g->b, LLVMInt64TypeInContext(g->ctx), limit, ""), "")
                            : pj_truth(g, pj_cg_expr(g, c), c->type);
  LLVMBuildCondBr(g->b, go, body, chunk_end);
  if (chunked) { /* at the chunk's limit: on to the next chunk unless at stop */
    LLVMPositionBuilderAtEnd(g->b, chunk_end);
    LLVMBasicBlockRef poll = pj_cg_block_new(g, "while.poll");
    LLVMBuildCondBr(g->b, pj_truth(g, pj_cg_expr(g, c), c->type), poll, done);
    LLVMPositionBuilderAtEnd(g->b, poll);
    pj_cg_poll_interrupt(g);
    LLVMBuildBr(g->b, chunk);
  }
  LLVMPositionBuilderAtEnd(g->b, body);
  if (walk_step) { /* 0 <= v < stop here: an index v of an array of stop elements is in bounds (the checks) */
    LLVMValueRef v = pj_cg_expr(g, var);
    pj_cg_assume_nonneg(g, v);
    const PjExpr *stop = c->cmp.operands[lt ? 1 : 0];
    LLVMValueRef end = pj_cg_convert(g, pj_cg_expr(g, stop), stop->type, pj_type_scalar(PJ_INT64));
    LLVMValueRef below = LLVMBuildICmp(g->b, LLVMIntSLT, pj_cg_convert(g, v, var->type, pj_type_scalar(PJ_INT64)), end, "");
    pj_cg_call_intrinsic(g, "llvm.assume", NULL, 0, &below, 1);
  }
  pj_cg_loop_body(g, &s->while_.body, head, done);
  bool open = !LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b));
  pj_cg_br(g, head);
  int budget = 8; /* GPU: a short loop over arrays unrolls as a grid-stride loop does */
  if (open && !g->host && pj_small_loop_body(&s->while_.body, &budget) &&
      pj_block_any_expr(&s->while_.body, pj_subscript_expr, NULL))
    pj_unroll_hint(g, LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b)), pj_stride_unroll(&s->while_.body));
  LLVMPositionBuilderAtEnd(g->b, done);
}

/* for i in range(start, stop, step): a hidden counter walks the range; the loop variable
 * gets its value each iteration, so assigning to it in the body does not change the walk.
 * A zero step runs no iteration. */
/* How many values range(start, stop, step) yields, as numba computes it before the loop: no
 * overflow near the type's limits, and none for a zero step. Unsigned in the counter's width. */
LLVMValueRef pj_cg_range_count(PjCg *g, LLVMValueRef start, LLVMValueRef stop, LLVMValueRef step, PjDtype d) {
  LLVMTypeRef t = pj_cg_dtype(g, d);
  LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0);
  bool sg = pj_dtype_is_signed(d);
  LLVMValueRef pos = LLVMBuildICmp(g->b, sg ? LLVMIntSGT : LLVMIntNE, step, zero, "");
  LLVMValueRef up_safe = LLVMBuildSelect(g->b, pos, step, one, "");
  LLVMValueRef has_up = LLVMBuildAnd(g->b, pos, LLVMBuildICmp(g->b, sg ? LLVMIntSLT : LLVMIntULT, start, stop, ""), "");
  LLVMValueRef n_up = LLVMBuildAdd(g->b, LLVMBuildUDiv(g->b, LLVMBuildSub(g->b, LLVMBuildSub(g->b, stop, start, ""), one, ""), up_safe, ""), one, "");
  LLVMValueRef n = LLVMBuildSelect(g->b, has_up, n_up, zero, "");
  if (!sg) return n;
  LLVMValueRef neg = LLVMBuildICmp(g->b, LLVMIntSLT, step, zero, "");
  LLVMValueRef down_step = LLVMBuildSelect(g->b, neg, LLVMBuildSub(g->b, zero, step, ""), one, "");
  LLVMValueRef has_down = LLVMBuildAnd(g->b, neg, LLVMBuildICmp(g->b, LLVMIntSGT, start, stop, ""), "");
  LLVMValueRef n_down = LLVMBuildAdd(g->b, LLVMBuildUDiv(g->b, LLVMBuildSub(g->b, LLVMBuildSub(g->b, start, stop, ""), one, ""), down_step, ""), one, "");
  return LLVMBuildSelect(g->b, has_down, n_down, n, "");
}

/* range()'s value start + k * step for the counter k. nonneg (a start never negative, a positive
 * step, k below the range's count): 0 <= k * step < stop - start and start <= i < stop, so neither
 * wraps and i is never negative; assume: also an llvm.assume that it is not. */
static LLVMValueRef pj_range_value(PjCg *g, LLVMValueRef start, LLVMValueRef k, LLVMValueRef step, bool nonneg,
                                   bool assume) {
  LLVMValueRef offset = LLVMBuildMul(g->b, k, step, ""), i = LLVMBuildAdd(g->b, start, offset, "i");
  if (nonneg) {
    LLVMSetNUW(offset, 1);
    LLVMSetNSW(offset, 1);
    LLVMSetNUW(i, 1);
    LLVMSetNSW(i, 1);
  }
  if (assume) pj_cg_assume_nonneg(g, i);
  return i;
}

/* The count of a range whose start is never negative and whose step is positive but known only at
 * run time (a grid-stride loop, range(cuda.grid(1), n, cuda.gridsize(1))). A grid of one thread
 * per element gives each thread one value at most: that count comes from a comparison, and only
 * a thread with more divides, so on the GPU a one-pass thread runs as an `if i < n:` kernel does
 * (the division before the loop cost a saxpy written this way 1.7x nvcc's time on an H200). */
static LLVMValueRef pj_cg_stride_count(PjCg *g, LLVMValueRef start, LLVMValueRef stop, LLVMValueRef step) {
  LLVMTypeRef t = LLVMTypeOf(start);
  LLVMValueRef one = LLVMConstInt(t, 1, 0);
  LLVMValueRef has = LLVMBuildICmp(g->b, LLVMIntSLT, start, stop, "");
  LLVMValueRef diff = LLVMBuildSub(g->b, stop, start, ""); /* below 2**63 where has: start >= 0 */
  LLVMValueRef more = LLVMBuildAnd(g->b, has, LLVMBuildICmp(g->b, LLVMIntUGT, diff, step, ""), "");
  LLVMBasicBlockRef entry = LLVMGetInsertBlock(g->b), divide = pj_cg_block_new(g, "range.divide"),
                    join = pj_cg_block_new(g, "range.count");
  LLVMValueRef few = LLVMBuildZExt(g->b, has, t, "");
  LLVMBuildCondBr(g->b, more, divide, join);
  LLVMPositionBuilderAtEnd(g->b, divide);
  LLVMValueRef n = LLVMBuildAdd(g->b, LLVMBuildUDiv(g->b, LLVMBuildSub(g->b, diff, one, ""), step, ""), one, "");
  LLVMBuildBr(g->b, join);
  LLVMPositionBuilderAtEnd(g->b, join);
  LLVMValueRef count = LLVMBuildPhi(g->b, t, "range.n");
  LLVMAddIncoming(count, (LLVMValueRef[]){few, n}, (LLVMBasicBlockRef[]){entry, divide}, 2);
  return count;
}

/* v, a value never negative, as an int64: itself, or zero-extended (nneg) from 32 bits */
static LLVMValueRef pj_cg_widen_nonneg(PjCg *g, LLVMValueRef v) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(g->ctx);
  if (LLVMTypeOf(v) == i64) return v;
  LLVMValueRef w = LLVMBuildZExt(g->b, v, i64, "i");
  if (LLVMIsAInstruction(w)) LLVMSetNNeg(w, 1);
  return w;
}

/* GPU, narrow.c: range(start, stop[, step]) typed int64 whose start is never negative and whose
 * step is positive by the values' ranges: under narrow, numba's 2-D grid-stride loops, `for x in
 * range(x0, width, sx)` with x0 = blockDim.x * blockIdx.x + threadIdx.x and sx = gridDim.x *
 * blockDim.x assigned before (pj_cg_range_nonneg's forms stop short of a product in a sum). */
static bool pj_range_nonneg_narrow(PjCg *g, const PjExpr *it) {
  int n = it->call.nargs;
  int64_t lo, hi;
  if (!g->narrow || it->type->dtype != PJ_INT64 || n < 2 || n > 3) return false;
  if (!pj_cg_int_range(g, pj_cg_var_value(g, it->call.args[0]), &lo, &hi) || lo < 0) return false;
  return n < 3 || (pj_cg_int_range(g, pj_cg_var_value(g, it->call.args[2]), &lo, &hi) && lo > 0);
}

/* GPU, a grid-stride range that gets no unroll count: the loop variable walks from start while
 * below stop, with no count of passes. The count exists for the unroller; worked out here it
 * costs a division in every thread that makes more than one pass, and in a loop inside another
 * the backend hoists that division to run in every thread. Measured on an H200 against nvcc's
 * `if` kernels over 2^26 float32, one thread an element: a four-array grid-stride loop went from
 * 1.62x (56 registers: LLVM unrolled the counted loop itself) to 1.01x (22); numba's documented
 * 2-D style from 1.95x to 1.14x, and with 16 blocks an SM it equals nvcc's own 2-D grid-stride
 * loops. The test is pj_cg_stride_end's. */
static void pj_cg_stride_walk(PjCg *g, const PjStmt *s, LLVMValueRef start, LLVMValueRef stop, LLVMValueRef step) {
  LLVMTypeRef t = LLVMTypeOf(start);
  LLVMValueRef end = pj_cg_stride_end(g, stop);
  LLVMValueRef walk = LLVMBuildAlloca(g->alloca_b, t, "range.i");
  LLVMBuildStore(g->b, start, walk);
  LLVMBasicBlockRef head = pj_cg_block_new(g, "for.cond"), body = pj_cg_block_new(g, "for.body"),
                    latch = pj_cg_block_new(g, "for.inc"), done = pj_cg_block_new(g, "for.end");
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, LLVMBuildLoad2(g->b, t, walk, "i"), end, ""), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  LLVMValueRef value = LLVMBuildLoad2(g->b, t, walk, "i");
  pj_cg_assume_nonneg(g, value);
  pj_cg_store_var(g, s->for_.target, pj_cg_widen_nonneg(g, value), pj_type_scalar(PJ_INT64));
  pj_cg_loop_body(g, &s->for_.body, latch, done);
  pj_cg_br(g, latch);
  LLVMPositionBuilderAtEnd(g->b, latch);
  LLVMValueRef next = LLVMBuildAdd(g->b, LLVMBuildLoad2(g->b, t, walk, ""), step, "");
  LLVMSetNUW(next, 1); /* 32 bits: i and step below 2**31 */
  LLVMBuildStore(g->b, next, walk);
  pj_unroll_hint(g, LLVMBuildBr(g->b, head), 1); /* nor may LLVM count it to unroll it */
  LLVMPositionBuilderAtEnd(g->b, done);
}

/* for i in range(start, stop, step): a hidden counter k walks 0..count; the loop variable is
 * start + k * step each iteration, so assigning to it in the body does not change the walk. */
void pj_cg_for(PjCg *g, const PjStmt *s) {
  const PjExpr *it = s->for_.iter;
  PjDtype d = it->type->dtype;
  LLVMTypeRef t = pj_cg_dtype(g, d);
  int n = it->call.nargs;
  bool nonneg = pj_cg_range_nonneg(g, it) || pj_range_nonneg_narrow(g, it);
  LLVMValueRef start = n > 1 ? pj_cg_expr(g, it->call.args[0]) : LLVMConstInt(t, 0, 0);
  LLVMValueRef stop = pj_cg_expr(g, it->call.args[n > 1 ? 1 : 0]);
  LLVMValueRef step = n > 2 ? pj_cg_expr(g, it->call.args[2]) : LLVMConstInt(t, 1, 0);
  bool stride = nonneg && n > 2 && !LLVMIsAConstantInt(step);
  /* bounds in the int32 range (narrow.c): at most 2**32 - 1 values, so the counter runs in 32
   * bits, as nvcc's `int` counters do; the step too: the count is worked out in 32 bits, and a
   * grid-stride loop's variable walks in 32 bits (below stop, and below 2**32 one step past it) */
  bool bounds32 = d == PJ_INT64 && pj_cg_fits_i32(g, it->call.args[n > 1 ? 1 : 0]) && (n < 2 || pj_cg_fits_i32(g, it->call.args[0]));
  bool all32 = bounds32 && (n < 3 || pj_cg_fits_i32(g, it->call.args[2]));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx);
  LLVMValueRef start32 = all32 ? LLVMBuildTrunc(g->b, start, i32, "") : NULL;
  LLVMValueRef stop32 = all32 ? LLVMBuildTrunc(g->b, stop, i32, "") : NULL;
  LLVMValueRef step32 = all32 ? LLVMBuildTrunc(g->b, step, i32, "") : NULL;
  unsigned copies = stride && !g->host ? pj_cg_stride_copies(g, &s->for_.body) : 0;
  if (copies == 1) {
    if (all32) pj_cg_stride_walk(g, s, start32, stop32, step32);
    else pj_cg_stride_walk(g, s, start, stop, step);
    return;
  }
  LLVMValueRef count = stride && all32 ? pj_cg_stride_count(g, start32, stop32, step32)
                       : stride        ? pj_cg_stride_count(g, start, stop, step)
                       : all32         ? pj_cg_range_count(g, start32, stop32, step32, PJ_INT32)
                                       : pj_cg_range_count(g, start, stop, step, d);
  LLVMTypeRef kt = t;
  if (bounds32) {
    kt = i32;
    if (!all32) count = LLVMBuildTrunc(g->b, count, kt, "");
  }
  LLVMValueRef counter = LLVMBuildAlloca(g->alloca_b, kt, "range.k");
  LLVMBuildStore(g->b, LLVMConstInt(kt, 0, 0), counter);
  /* GPU, a grid-stride loop: the loop variable is a second induction variable, stepped in the
   * latch, not start + k * step; LLVM's runtime unrolling then hands the remainder loop the
   * variable itself, so a thread with one value (a grid of one thread per element) does not
   * multiply its way back to it */
  LLVMValueRef walk = NULL;
  LLVMTypeRef wt = all32 ? i32 : t;
  if (stride && !g->host) {
    walk = LLVMBuildAlloca(g->alloca_b, wt, "range.i");
    LLVMBuildStore(g->b, all32 ? start32 : start, walk);
  }
  LLVMBasicBlockRef head = pj_cg_block_new(g, "for.cond"), body = pj_cg_block_new(g, "for.body"),
                    latch = pj_cg_block_new(g, "for.inc"), done = pj_cg_block_new(g, "for.end");
  /* CPU: a range not known to be short runs in chunks of PJ_FOR_CHUNK iterations, with a poll
   * for an interrupt between chunks: the inner loop stays a counted loop LLVM can vectorize */
  enum { PJ_FOR_CHUNK = 1 << 16 };
  bool chunked = g->host && LLVMGetIntTypeWidth(kt) >= 32 &&
                 !(LLVMIsAConstantInt(count) && LLVMConstIntGetZExtValue(count) <= PJ_FOR_CHUNK);
  LLVMValueRef limit = chunked ? LLVMBuildAlloca(g->alloca_b, kt, "range.limit") : count;
  LLVMBasicBlockRef chunk = chunked ? pj_cg_block_new(g, "for.chunk") : NULL;
  LLVMBasicBlockRef chunk_end = chunked ? pj_cg_block_new(g, "for.chunk.end") : done;
  if (chunked) { /* limit = k + min(count - k, PJ_FOR_CHUNK) */
    LLVMBuildBr(g->b, chunk);
    LLVMPositionBuilderAtEnd(g->b, chunk);
    LLVMValueRef k0 = LLVMBuildLoad2(g->b, kt, counter, "");
    LLVMValueRef step_max = LLVMConstInt(kt, PJ_FOR_CHUNK, 0);
    /* umin(count, k0 + min(count - k0, CHUNK)): a value known to be at most count, so that what
     * LLVM knows of count's range (an extent: not negative) holds for the counter too */
    LLVMValueRef rest = LLVMBuildSub(g->b, count, k0, "");
    LLVMValueRef take = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntUGT, rest, step_max, ""), step_max, rest, "");
    LLVMValueRef pair[2] = {count, LLVMBuildAdd(g->b, k0, take, "")};
    LLVMTypeRef pt[1] = {kt};
    LLVMBuildStore(g->b, pj_cg_call_intrinsic(g, "llvm.umin", pt, 1, pair, 2), limit);
  }
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMValueRef k = LLVMBuildLoad2(g->b, kt, counter, "k");
  LLVMValueRef end = chunked ? LLVMBuildLoad2(g->b, kt, limit, "") : count;
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, k, end, ""), body, chunk_end);
  if (chunked) {
    LLVMPositionBuilderAtEnd(g->b, chunk_end);
    LLVMBasicBlockRef poll = pj_cg_block_new(g, "for.poll");
    LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, LLVMBuildLoad2(g->b, kt, counter, ""), count, ""), poll, done);
    LLVMPositionBuilderAtEnd(g->b, poll);
    pj_cg_poll_interrupt(g);
    LLVMBuildBr(g->b, chunk);
  }
  LLVMPositionBuilderAtEnd(g->b, body);
  /* nonneg: said outright too, as LLVM does not follow the counter through the chunks */
  LLVMValueRef value;
  if (walk) { /* below stop, never negative */
    value = LLVMBuildLoad2(g->b, wt, walk, "i");
    pj_cg_assume_nonneg(g, value);
    value = pj_cg_widen_nonneg(g, value);
  } else if (kt != t) {
    /* start + k * step lies between start and stop, both in the int32 range: computed in 32 bits
     * (modulo 2**32, exact once sign-extended), the loop has one 32-bit induction variable where
     * LLVM would otherwise widen the counter to the loop variable's 64 bits */
    LLVMValueRef i32v = pj_range_value(g, LLVMBuildTrunc(g->b, start, kt, ""), k, LLVMBuildTrunc(g->b, step, kt, ""),
                                       nonneg, false);
    value = LLVMBuildSExt(g->b, i32v, t, "i");
    if (nonneg) pj_cg_assume_nonneg(g, value);
  } else {
    value = pj_range_value(g, start, k, step, nonneg, nonneg);
  }
  pj_cg_store_var(g, s->for_.target, value, pj_type_scalar(d));
  pj_cg_loop_body(g, &s->for_.body, latch, done);
  pj_cg_br(g, latch);
  LLVMPositionBuilderAtEnd(g->b, latch);
  LLVMValueRef cur = LLVMBuildLoad2(g->b, kt, counter, "");
  LLVMValueRef next = LLVMBuildAdd(g->b, cur, LLVMConstInt(kt, 1, 0), "");
  if (kt != t) LLVMSetNUW(next, 1); /* below count, itself below 2**32 */
  if (kt != t && nonneg) LLVMSetNSW(next, 1); /* and below 2**31: start >= 0, stop in the int32 range */
  if (nonneg && kt == t) { /* at most count <= stop - start <= 2**63 - 1 */
    LLVMSetNUW(next, 1);
    LLVMSetNSW(next, 1);
  }
  LLVMBuildStore(g->b, next, counter);
  if (walk) /* past stop, perhaps wrapped, on the way out: not used then */
    LLVMBuildStore(g->b, LLVMBuildAdd(g->b, LLVMBuildLoad2(g->b, wt, walk, ""), all32 ? step32 : step, ""), walk);
  LLVMValueRef backedge = LLVMBuildBr(g->b, head);
  if (walk) pj_unroll_hint(g, backedge, copies);
  LLVMPositionBuilderAtEnd(g->b, done);
}

/* CPU, a grid-stride guard (guard.c): the thread's iteration g->stride_k of the loop, if its
 * range has that many values: the loop variable is start + k * step, and a continue ends it. A
 * while loop `while i < stop: ...; i += step` walks range(i, stop, step) the same way. */
void pj_cg_for_iteration(PjCg *g, const PjStmt *s) {
  const PjExpr *target;
  PjDtype d = PJ_INT64;
  LLVMValueRef start, stop, step;
  PjBlock stmts;
  if (s->kind == PJ_ST_FOR) {
    const PjExpr *it = s->for_.iter;
    target = s->for_.target;
    stmts = s->for_.body;
    d = it->type->dtype;
    start = pj_cg_expr(g, it->call.args[0]);
    stop = pj_cg_expr(g, it->call.args[1]);
    step = it->call.nargs > 2 ? pj_cg_expr(g, it->call.args[2]) : LLVMConstInt(pj_cg_dtype(g, d), 1, 0);
  } else { /* while i < stop: ...; i += step (guard.c): the step is not part of the iteration */
    const PjType *i64 = pj_type_scalar(PJ_INT64);
    target = g->guard.stride_var;
    stmts = s->while_.body;
    start = pj_cg_expr(g, target);
    stop = pj_cg_convert(g, pj_cg_expr(g, g->guard.stride_stop), g->guard.stride_stop->type, i64);
    step = pj_cg_convert(g, pj_cg_expr(g, g->guard.stride_step), g->guard.stride_step->type, i64);
    stmts.count--;
  }
  LLVMValueRef count = pj_cg_range_count(g, start, stop, step, d);
  LLVMValueRef k = g->stride_k;
  LLVMValueRef c = pj_cg_guard(g, LLVMBuildICmp(g->b, LLVMIntULT, k, count, "iteration"));
  LLVMBasicBlockRef body = pj_cg_block_new(g, "iteration.body"), done = pj_cg_block_new(g, "iteration.end");
  LLVMBuildCondBr(g->b, c, body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  pj_cg_store_var(g, target, pj_range_value(g, start, k, step, g->guard.stride_nonneg, false), pj_type_scalar(d));
  pj_cg_loop_body(g, &stmts, done, done);
  pj_cg_br(g, done);
  LLVMPositionBuilderAtEnd(g->b, done);
}

/* a[i] op= v: the element's address is computed once, as Python evaluates the target once; the
 * typed value is `a[i] op v` with its own copy of the target, which loads through that address. */
