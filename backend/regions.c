/* The CPU executor's entry for kernels with barriers or shared memory ("block mode").
 *
 * One call runs a whole block. The body is cut at each cuda.syncthreads(): between two
 * barriers, every thread of the block runs its code to the next barrier, one thread after the
 * other, in a loop over the block's threads (a "thread region"). Control flow that contains a
 * barrier runs once for the whole block: CUDA requires it to be the same for every thread of
 * the block, and every live thread evaluates its conditions, so that a kernel where they differ
 * stops with an error instead of a wrong answer. Control flow around warp collectives (shuffles,
 * votes, syncwarp) without a block barrier runs once per warp, over that warp's lanes, and there
 * the lanes may disagree, as CUDA allows: the lanes of each side of an if run it while the others
 * sit it out, and a lane whose loop condition fails leaves its loop while the others go on.
 * Each variable lives in an array with one element per thread; shared arrays exist once
 * per block; a thread that returns is marked and skipped by the later regions, and so is one
 * that takes `continue` (until the next iteration) or `break` (until the loop ends). No stacks,
 * no context switches: a barrier costs one pass over the block's threads. */
#include <stddef.h>
#include <stdlib.h>

#include <llvm-c/Target.h>

#include "backend/codegen.h"

/* ---- what needs block mode ----------------------------------------------------------------- */

static bool pj_expr_lowers(const PjExpr *e, PjLowering a, PjLowering b) {
  if (!e) return false;
  switch (e->kind) {
  case PJ_EX_BUILTIN: {
    PjLowering l = pj_builtins[e->builtin.id].lower;
    if (l == a || l == b) return true;
    for (int i = 0; i < e->builtin.nargs; i++)
      if (pj_expr_lowers(e->builtin.args[i], a, b)) return true;
    return false;
  }
  case PJ_EX_ATTR: return pj_expr_lowers(e->attr.base, a, b);
  case PJ_EX_SUBSCRIPT: return pj_expr_lowers(e->sub.base, a, b) || pj_expr_lowers(e->sub.index, a, b);
  case PJ_EX_TUPLE:
    for (int i = 0; i < e->tuple.count; i++)
      if (pj_expr_lowers(e->tuple.items[i], a, b)) return true;
    return false;
  case PJ_EX_BINARY: return pj_expr_lowers(e->bin.l, a, b) || pj_expr_lowers(e->bin.r, a, b);
  case PJ_EX_UNARY: return pj_expr_lowers(e->un.x, a, b);
  case PJ_EX_COMPARE:
    for (int i = 0; i <= e->cmp.n; i++)
      if (pj_expr_lowers(e->cmp.operands[i], a, b)) return true;
    return false;
  case PJ_EX_BOOLOP: return pj_expr_lowers(e->boolop.l, a, b) || pj_expr_lowers(e->boolop.r, a, b);
  case PJ_EX_IFEXP:
    return pj_expr_lowers(e->ifexp.cond, a, b) || pj_expr_lowers(e->ifexp.then, a, b) || pj_expr_lowers(e->ifexp.orelse, a, b);
  case PJ_EX_CAST: return pj_expr_lowers(e->cast.x, a, b);
  case PJ_EX_SHAPE: return pj_expr_lowers(e->shape.array, a, b);
  default: return false;
  }
}

static bool pj_block_lowers(const PjBlock *blk, PjLowering a, PjLowering b);

static bool pj_stmt_lowers(const PjStmt *s, PjLowering a, PjLowering b) {
  switch (s->kind) {
  case PJ_ST_EXPR: case PJ_ST_RETURN: return pj_expr_lowers(s->expr, a, b);
  case PJ_ST_ASSIGN:
    for (int i = 0; i < s->assign.ntargets; i++)
      if (pj_expr_lowers(s->assign.targets[i], a, b)) return true;
    return pj_expr_lowers(s->assign.value, a, b);
  case PJ_ST_AUGASSIGN: return pj_expr_lowers(s->aug.target, a, b) || pj_expr_lowers(s->aug.value, a, b);
  case PJ_ST_IF:
    return pj_expr_lowers(s->if_.cond, a, b) || pj_block_lowers(&s->if_.then, a, b) || pj_block_lowers(&s->if_.orelse, a, b);
  case PJ_ST_WHILE: return pj_expr_lowers(s->while_.cond, a, b) || pj_block_lowers(&s->while_.body, a, b);
  case PJ_ST_FOR: return pj_expr_lowers(s->for_.iter, a, b) || pj_block_lowers(&s->for_.body, a, b);
  default: return false;
  }
}

static bool pj_block_lowers(const PjBlock *blk, PjLowering a, PjLowering b) {
  for (int i = 0; i < blk->count; i++)
    if (pj_stmt_lowers(blk->stmts[i], a, b)) return true;
  return false;
}

bool pj_cg_needs_block_mode(const PjFunc *f) {
  return pj_block_lowers(&f->body, PJ_LOWER_BARRIER, PJ_LOWER_SHARED_ARRAY) ||
         pj_block_lowers(&f->body, PJ_LOWER_COLLECTIVE, PJ_LOWER_COLLECTIVE);
}

/* Barriers and collectives (frontend/collective.c made each one `t = collective(names)`). */
static bool pj_has_barrier(const PjStmt *s) { return pj_stmt_lowers(s, PJ_LOWER_BARRIER, PJ_LOWER_COLLECTIVE); }

/* Whether the expression synchronises the whole block: syncthreads and its votes. */
static bool pj_expr_syncs_block(const PjExpr *e) {
  if (!e) return false;
  switch (e->kind) {
  case PJ_EX_BUILTIN: {
    const PjBuiltin *b = &pj_builtins[e->builtin.id];
    if (b->lower == PJ_LOWER_BARRIER && (e->builtin.id == PJ_BI_SYNCTHREADS || e->builtin.id == PJ_BI_GRID_SYNC)) return true;
    if (b->lower == PJ_LOWER_COLLECTIVE && b->dim >= PJ_COLL_COUNT) return true;
    for (int i = 0; i < e->builtin.nargs; i++)
      if (pj_expr_syncs_block(e->builtin.args[i])) return true;
    return false;
  }
  default: return false; /* frontend/collective.c left barriers and collectives at statement level */
  }
}

static bool pj_block_syncs_block(const PjBlock *b);

static bool pj_syncs_block(const PjStmt *s) {
  switch (s->kind) {
  case PJ_ST_EXPR: return pj_expr_syncs_block(s->expr);
  case PJ_ST_ASSIGN: return pj_expr_syncs_block(s->assign.value);
  case PJ_ST_IF: return pj_block_syncs_block(&s->if_.then) || pj_block_syncs_block(&s->if_.orelse);
  case PJ_ST_WHILE: return pj_block_syncs_block(&s->while_.body);
  case PJ_ST_FOR: return pj_block_syncs_block(&s->for_.body);
  default: return false;
  }
}

static bool pj_block_syncs_block(const PjBlock *b) {
  for (int i = 0; i < b->count; i++)
    if (pj_syncs_block(b->stmts[i])) return true;
  return false;
}

static bool pj_is_collective_stmt(const PjStmt *s) {
  const PjExpr *v = s->kind == PJ_ST_ASSIGN ? s->assign.value : NULL;
  return v && v->kind == PJ_EX_BUILTIN && pj_builtins[v->builtin.id].lower == PJ_LOWER_COLLECTIVE;
}

/* A break or continue that leaves the innermost enclosing loop (not one of its own loops). */
static bool pj_exits_loop(const PjStmt *s) {
  if (s->kind == PJ_ST_BREAK || s->kind == PJ_ST_CONTINUE) return true;
  if (s->kind != PJ_ST_IF) return false;
  for (int i = 0; i < s->if_.then.count; i++)
    if (pj_exits_loop(s->if_.then.stmts[i])) return true;
  for (int i = 0; i < s->if_.orelse.count; i++)
    if (pj_exits_loop(s->if_.orelse.stmts[i])) return true;
  return false;
}

/* ---- per-thread storage ----------------------------------------------------------------------- */

#define PJ_MAX_AWAY 32

typedef struct PjRegions {
  PjCg *g;
  LLVMValueRef *arrays;  /* per variable: nthreads elements */
  LLVMTypeRef *types;
  LLVMValueRef exited;   /* i8 per thread */
  /* i8: 0 when no thread has returned and no open layer of away flags holds a nonzero flag, so
   * the sweeps that look for such threads can be skipped; set where a flag is set, cleared where
   * a sweep of the whole block finds none */
  LLVMValueRef dirty;
  PjRemat *remat;        /* the variables recomputed for each thread bound (remat.c), or NULL */
  bool *uniform;         /* per variable: the same in every live thread (uniform.c), or NULL */
  LLVMValueRef dims[3];  /* blockDim, i32 */
  /* The threads that uniform control flow is uniform across: the whole block [0, nthreads), or
   * one warp [lo, hi) around warp collectives that no block barrier encloses. */
  bool warp;
  LLVMValueRef lo, hi;   /* i64 */
  /* The uniform loops open around the code being emitted and the branches of warp-divergent ifs,
   * innermost last: per thread, i8 0 (runs), 1 (took `continue`: skips the rest of this
   * iteration), 2 (took `break`, or its own loop condition failed: skips the rest of the loop) or
   * 3 (the other side of a divergent if). A thread flagged in any of them runs no region and
   * takes no part in collectives until they clear. */
  LLVMValueRef away[PJ_MAX_AWAY];
  int naway;
  int loop;   /* the innermost loop's layer in away[], or -1 */
  int masks;  /* divergent-if layers opened inside that loop (or outside all loops) */
} PjRegions;

static LLVMTypeRef pj_i64t(PjCg *g) { return LLVMInt64TypeInContext(g->ctx); }

/* A thread's exited or away flag is being set. */
static void pj_mark_dirty(PjRegions *R) {
  LLVMBuildStore(R->g->b, LLVMConstInt(LLVMInt8TypeInContext(R->g->ctx), 1, 0), R->dirty);
}

/* Whether some thread may be gone (pj_gone): false when the block is clean. */
static LLVMValueRef pj_maybe_dirty(PjRegions *R) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  return LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildLoad2(g->b, i8, R->dirty, ""), LLVMConstInt(i8, 0, 0), "");
}

/* Whether thread `tid` (i64, in the block) returned or left an open uniform loop. */
static LLVMValueRef pj_gone(PjRegions *R, LLVMValueRef tid) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef flags = LLVMBuildLoad2(g->b, i8, LLVMBuildInBoundsGEP2(g->b, i8, R->exited, &tid, 1, ""), "");
  for (int k = 0; k < R->naway; k++)
    flags = LLVMBuildOr(g->b, flags, LLVMBuildLoad2(g->b, i8, LLVMBuildInBoundsGEP2(g->b, i8, R->away[k], &tid, 1, ""), ""), "");
  return LLVMBuildICmp(g->b, LLVMIntNE, flags, LLVMConstInt(i8, 0, 0), "");
}

/* Emit code as thread `tid` (i64): its variables, its index. */
static void pj_bind_thread(PjRegions *R, LLVMValueRef tid, LLVMValueRef tx, LLVMValueRef ty, LLVMValueRef tz) {
  PjCg *g = R->g;
  for (int v = 0; v < g->f->nvars; v++)
    if (R->arrays[v]) g->slots[v] = LLVMBuildInBoundsGEP2(g->b, R->types[v], R->arrays[v], &tid, 1, "");
  g->linear_tid = tid;
  g->cpu_tid[0] = tx;
  g->cpu_tid[1] = ty;
  g->cpu_tid[2] = tz;
  if (!R->remat) return;
  for (int i = 0; i < R->remat->ndefs; i++) { /* the thread's own values of the recomputed variables */
    const PjStmt *st = R->remat->defs[i];
    const PjExpr *t = st->assign.targets[0];
    LLVMValueRef v = pj_cg_expr(g, st->assign.value);
    if (t->kind == PJ_EX_NAME) {
      LLVMBuildStore(g->b, v, g->slots[t->name.var]);
      continue;
    }
    for (int k = 0; k < t->tuple.count; k++) {
      int var = t->tuple.items[k]->name.var;
      if (R->remat->var[var]) LLVMBuildStore(g->b, LLVMBuildExtractValue(g->b, v, (unsigned)k, ""), g->slots[var]);
    }
  }
}

/* Thread `tid` (i64, linear) with its (x, y, z) index. */
static void pj_bind_linear(PjRegions *R, LLVMValueRef tid) {
  PjCg *g = R->g;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx), i64 = pj_i64t(g);
  LLVMValueRef bx = LLVMBuildZExt(g->b, R->dims[0], i64, ""), by = LLVMBuildZExt(g->b, R->dims[1], i64, "");
  LLVMValueRef row = LLVMBuildUDiv(g->b, tid, bx, "");
  LLVMValueRef x = LLVMBuildURem(g->b, tid, bx, ""), y = LLVMBuildURem(g->b, row, by, ""), z = LLVMBuildUDiv(g->b, row, by, "");
  pj_bind_thread(R, tid, LLVMBuildTrunc(g->b, x, i32, ""), LLVMBuildTrunc(g->b, y, i32, ""), LLVMBuildTrunc(g->b, z, i32, ""));
}

static void pj_open(PjCg *g) {
  if (LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b)))
    LLVMPositionBuilderAtEnd(g->b, LLVMAppendBasicBlockInContext(g->ctx, g->fn, "dead"));
}

/* A counted loop over j in [0, n) around the code `body` emits; accumulators live in allocas. */
typedef struct PjCountLoop {
  LLVMBasicBlockRef head, body, done;
  LLVMValueRef j, pre_j;
  LLVMBasicBlockRef pre;
} PjCountLoop;

static LLVMValueRef pj_count_begin(PjCg *g, PjCountLoop *L, LLVMValueRef n) {
  LLVMTypeRef i64 = pj_i64t(g);
  L->pre = LLVMGetInsertBlock(g->b);
  L->head = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "lanes.head");
  L->body = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "lanes.body");
  L->done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "lanes.done");
  LLVMBuildBr(g->b, L->head);
  LLVMPositionBuilderAtEnd(g->b, L->head);
  L->j = LLVMBuildPhi(g->b, i64, "j");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, L->j, n, ""), L->body, L->done);
  LLVMPositionBuilderAtEnd(g->b, L->body);
  return L->j;
}

static void pj_count_end(PjCg *g, PjCountLoop *L) {
  LLVMTypeRef i64 = pj_i64t(g);
  LLVMValueRef next = LLVMBuildAdd(g->b, L->j, LLVMConstInt(i64, 1, 0), "");
  LLVMBasicBlockRef here = LLVMGetInsertBlock(g->b);
  LLVMBuildBr(g->b, L->head);
  LLVMAddIncoming(L->j, (LLVMValueRef[]){LLVMConstInt(i64, 0, 0), next}, (LLVMBasicBlockRef[]){L->pre, here}, 2);
  LLVMPositionBuilderAtEnd(g->b, L->done);
}

/* A counted loop over the scope's threads [lo, hi): the thread's index (i64). */
static LLVMValueRef pj_scope_begin(PjRegions *R, PjCountLoop *L) {
  PjCg *g = R->g;
  return LLVMBuildAdd(g->b, R->lo, pj_count_begin(g, L, LLVMBuildSub(g->b, R->hi, R->lo, "")), "");
}

/* every thread t of the scope: variable v of thread t = value */
static void pj_store_threads(PjRegions *R, int v, LLVMValueRef value) {
  PjCg *g = R->g;
  PjCountLoop L;
  LLVMValueRef t = pj_scope_begin(R, &L);
  LLVMBuildStore(g->b, value, LLVMBuildInBoundsGEP2(g->b, R->types[v], R->arrays[v], &t, 1, ""));
  pj_count_end(g, &L);
}

/* ---- thread regions ------------------------------------------------------------------------- */

typedef void (*PjThreadCode)(PjRegions *R, const void *what);

static void pj_thread_loop(PjRegions *R, PjThreadCode code, const void *what, const PjStmt *guard);
static void pj_thread_rows(PjRegions *R, PjThreadCode code, const void *what, bool check, LLVMValueRef xlo,
                           LLVMValueRef xhi);

typedef struct PjStmtRun {
  const PjStmt *const *stmts;
  int n;
} PjStmtRun;

static void pj_run_stmts(PjRegions *R, const void *what) {
  const PjStmtRun *run = what;
  for (int i = 0; i < run->n; i++) pj_cg_stmt(R->g, run->stmts[i]);
}

/* Every live thread of the block runs stmts[0..n), in the block's thread order. */
static void pj_thread_region(PjRegions *R, const PjStmt *const *stmts, int n) {
  PjStmtRun run = {stmts, n};
  pj_thread_loop(R, pj_run_stmts, &run, n == 1 ? stmts[0] : NULL);
}

static void pj_run_as_thread(PjRegions *R, PjThreadCode code, const void *what, LLVMValueRef tid, LLVMBasicBlockRef next,
                             bool check);
static LLVMValueRef pj_any_gone(PjRegions *R);

static bool pj_x_range(PjRegions *R, const PjStmt *s, LLVMValueRef *xlo, LLVMValueRef *xhi);
static LLVMValueRef pj_uniform_values(PjRegions *R, const PjExpr *const *exprs, int n, bool truth, PjLoc loc,
                                      LLVMValueRef *out);

/* Every live thread of the scope runs `code`, in the block's thread order; a region that is one
 * `if` guarding threadIdx.x against a uniform value (`guard`, or NULL) only the threads it admits. */
static void pj_thread_loop(PjRegions *R, PjThreadCode code, const void *what, const PjStmt *guard) {
  PjCg *g = R->g;
  if (R->warp) { /* the lanes [lo, hi) of one warp */
    PjCountLoop L;
    LLVMValueRef t = pj_scope_begin(R, &L);
    LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "lane.next");
    pj_bind_linear(R, t);
    pj_run_as_thread(R, code, what, t, next, true);
    if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, next);
    LLVMPositionBuilderAtEnd(g->b, next);
    pj_count_end(g, &L);
    return;
  }
  /* When no thread of the block has returned or left a loop, the region runs through a copy of
   * its loop that does not ask each thread: a loop over threadIdx.x LLVM can vectorize. */
  LLVMValueRef xlo = NULL, xhi = NULL;
  if (guard && !pj_x_range(R, guard, &xlo, &xhi)) xlo = xhi = NULL;
  LLVMBasicBlockRef all = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "region.all");
  LLVMBasicBlockRef some = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "region.some");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "region.done");
  LLVMBuildCondBr(g->b, pj_any_gone(R), some, all);
  for (int copy = 0; copy < 2; copy++) {
    LLVMPositionBuilderAtEnd(g->b, copy ? some : all);
    pj_thread_rows(R, code, what, copy, xlo, xhi);
    LLVMBuildBr(g->b, done);
  }
  LLVMPositionBuilderAtEnd(g->b, done);
}

/* The threads x in [xlo, xhi) (i32, within the block's x extent) that a region made of `if
 * tx OP u:` alone runs, tx threadIdx.x (or a variable recomputed as it) and u uniform (uniform.c,
 * a signed integer of at most 64 bits or an unsigned one of at most 32), with no else branch: the
 * other threads would only evaluate the condition. u is the first live thread's (none: 0). */
static bool pj_tx_expr(PjRegions *R, const PjExpr *e) {
  if (e->kind == PJ_EX_BUILTIN)
    return pj_builtins[e->builtin.id].lower == PJ_LOWER_TID && pj_builtins[e->builtin.id].dim == 0;
  if (e->kind != PJ_EX_NAME || !R->remat || e->name.var < 0 || !R->remat->var[e->name.var]) return false;
  for (int i = 0; i < R->remat->ndefs; i++) {
    const PjStmt *st = R->remat->defs[i];
    const PjExpr *t = st->assign.targets[0];
    if (t->kind == PJ_EX_NAME && t->name.var == e->name.var) return pj_tx_expr(R, st->assign.value);
  }
  return false;
}

/* v (i64) clamped to [lo, hi], signed */
static LLVMValueRef pj_clamp64(PjCg *g, LLVMValueRef v, LLVMValueRef lo, LLVMValueRef hi) {
  LLVMTypeRef pt[1] = {LLVMInt64TypeInContext(g->ctx)};
  v = pj_cg_call_intrinsic(g, "llvm.smax", pt, 1, (LLVMValueRef[]){v, lo}, 2);
  return pj_cg_call_intrinsic(g, "llvm.smin", pt, 1, (LLVMValueRef[]){v, hi}, 2);
}

static bool pj_x_range(PjRegions *R, const PjStmt *s, LLVMValueRef *xlo, LLVMValueRef *xhi) {
  PjCg *g = R->g;
  if (!R->uniform || s->kind != PJ_ST_IF || s->if_.orelse.count || s->if_.cond->kind != PJ_EX_COMPARE ||
      s->if_.cond->cmp.n != 1)
    return false;
  const PjExpr *a = s->if_.cond->cmp.operands[0], *b = s->if_.cond->cmp.operands[1];
  PjCmpOp op = s->if_.cond->cmp.ops[0];
  if (!pj_tx_expr(R, a)) { /* u OP tx: tx (OP reversed) u */
    const PjExpr *t = a;
    a = b;
    b = t;
    op = op == PJ_CMP_LT ? PJ_CMP_GT : op == PJ_CMP_GT ? PJ_CMP_LT : op == PJ_CMP_LE ? PJ_CMP_GE : op == PJ_CMP_GE ? PJ_CMP_LE : op;
    if (!pj_tx_expr(R, a)) return false;
  }
  if (op != PJ_CMP_LT && op != PJ_CMP_LE && op != PJ_CMP_EQ && op != PJ_CMP_GT && op != PJ_CMP_GE) return false;
  const PjType *ut = b->type;
  if (!ut || !pj_type_is_int(ut) || !pj_uniform_expr(b, R->uniform, g->f->nvars)) return false;
  PjDtype d = ut->dtype;
  if (d == PJ_UINT64) return false;
  LLVMValueRef u;
  pj_uniform_values(R, &b, 1, false, s->loc, &u);
  LLVMTypeRef i64 = pj_i64t(g), i32 = LLVMInt32TypeInContext(g->ctx);
  bool is_signed = d == PJ_INT8 || d == PJ_INT16 || d == PJ_INT32 || d == PJ_INT64;
  if (LLVMGetIntTypeWidth(LLVMTypeOf(u)) < 64) u = is_signed ? LLVMBuildSExt(g->b, u, i64, "") : LLVMBuildZExt(g->b, u, i64, "");
  LLVMValueRef nx = LLVMBuildZExt(g->b, R->dims[0], i64, "");
  /* c = u clamped to [-1, extent], so c + 1 does not wrap; the range is [0, c) (LT), [0, c + 1)
   * (LE), [c, c + 1) (EQ), [c + 1, extent) (GT), [c, extent) (GE), each end clamped to [0, extent] */
  LLVMValueRef c = pj_clamp64(g, u, LLVMConstInt(i64, (unsigned long long)-1, 1), nx);
  LLVMValueRef c1 = LLVMBuildAdd(g->b, c, LLVMConstInt(i64, 1, 0), "");
  LLVMValueRef lo = op == PJ_CMP_GT ? c1 : op == PJ_CMP_GE || op == PJ_CMP_EQ ? c : LLVMConstInt(i64, 0, 0);
  LLVMValueRef hi = op == PJ_CMP_LT ? c : op == PJ_CMP_LE || op == PJ_CMP_EQ ? c1 : nx;
  lo = pj_clamp64(g, lo, LLVMConstInt(i64, 0, 0), nx);
  hi = pj_clamp64(g, hi, LLVMConstInt(i64, 0, 0), nx);
  *xlo = LLVMBuildTrunc(g->b, lo, i32, "");
  *xhi = LLVMBuildTrunc(g->b, hi, i32, "");
  return true;
}

/* The loops over z, y and x of a thread region; `check`: skip the threads that are gone; x runs
 * over [xlo, xhi) where given, else the whole extent. */
static void pj_thread_rows(PjRegions *R, PjThreadCode code, const void *what, bool check, LLVMValueRef xlo,
                           LLVMValueRef xhi) {
  PjCg *g = R->g;
  LLVMContextRef ctx = g->ctx;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = pj_i64t(g);
  LLVMValueRef iv[3];
  LLVMBasicBlockRef heads[3], latches[3], exits[3];
  for (int d = 2; d >= 0; d--) {
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(g->b);
    heads[d] = LLVMAppendBasicBlockInContext(ctx, g->fn, "thr.head");
    latches[d] = LLVMAppendBasicBlockInContext(ctx, g->fn, "thr.latch");
    exits[d] = LLVMAppendBasicBlockInContext(ctx, g->fn, "thr.exit");
    LLVMBuildBr(g->b, heads[d]);
    LLVMPositionBuilderAtEnd(g->b, heads[d]);
    iv[d] = LLVMBuildPhi(g->b, i32, "t");
    LLVMAddIncoming(iv[d], (LLVMValueRef[]){d == 0 && xlo ? xlo : LLVMConstInt(i32, 0, 0)}, &pre, 1);
    LLVMBasicBlockRef inner = LLVMAppendBasicBlockInContext(ctx, g->fn, "thr.body");
    LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, iv[d], d == 0 && xhi ? xhi : R->dims[d], ""), inner, exits[d]);
    LLVMPositionBuilderAtEnd(g->b, inner);
  }
  /* tid = (z * by + y) * bx + x */
  LLVMValueRef z = LLVMBuildZExt(g->b, iv[2], i64, ""), y = LLVMBuildZExt(g->b, iv[1], i64, "");
  LLVMValueRef x = LLVMBuildZExt(g->b, iv[0], i64, "");
  LLVMValueRef by = LLVMBuildZExt(g->b, R->dims[1], i64, ""), bx = LLVMBuildZExt(g->b, R->dims[0], i64, "");
  LLVMValueRef tid = LLVMBuildAdd(g->b, LLVMBuildMul(g->b, LLVMBuildAdd(g->b, LLVMBuildMul(g->b, z, by, ""), y, ""), bx, ""), x, "tid");
  pj_bind_thread(R, tid, iv[0], iv[1], iv[2]);
  pj_run_as_thread(R, code, what, tid, latches[0], check);
  for (int d = 0; d < 3; d++) {
    if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, latches[d]);
    LLVMPositionBuilderAtEnd(g->b, latches[d]);
    LLVMValueRef next = LLVMBuildAdd(g->b, iv[d], LLVMConstInt(i32, 1, 0), "");
    LLVMAddIncoming(iv[d], &next, &latches[d], 1);
    LLVMBuildBr(g->b, heads[d]);
    LLVMPositionBuilderAtEnd(g->b, exits[d]);
  }
}

/* The bound thread `tid` runs `code` unless it has returned (when `check`: else none has); its
 * `return` marks it so. */
static void pj_run_as_thread(PjRegions *R, PjThreadCode code, const void *what, LLVMValueRef tid, LLVMBasicBlockRef next,
                             bool check) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef flag = LLVMBuildInBoundsGEP2(g->b, i8, R->exited, &tid, 1, "");
  LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "thr.run");
  LLVMBasicBlockRef leave = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "thr.return");
  if (check) LLVMBuildCondBr(g->b, pj_gone(R, tid), next, run);
  else LLVMBuildBr(g->b, run);
  LLVMPositionBuilderAtEnd(g->b, leave);
  LLVMBuildStore(g->b, LLVMConstInt(i8, 1, 0), flag);
  pj_mark_dirty(R);
  LLVMBuildBr(g->b, next);
  LLVMBasicBlockRef saved_ret = g->ret, saved_exit = g->loop_exit, saved_cont = g->loop_continue;
  g->loop_exit = g->loop_continue = NULL;
  if (R->loop >= 0) { /* `break` / `continue` of the innermost uniform loop: this thread leaves it */
    g->loop_continue = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "thr.continue");
    g->loop_exit = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "thr.break");
    LLVMBasicBlockRef exits[2] = {g->loop_continue, g->loop_exit};
    for (int k = 0; k < 2; k++) {
      LLVMPositionBuilderAtEnd(g->b, exits[k]);
      LLVMBuildStore(g->b, LLVMConstInt(i8, (unsigned long long)k + 1, 0),
                     LLVMBuildInBoundsGEP2(g->b, i8, R->away[R->loop], &tid, 1, ""));
      pj_mark_dirty(R);
      LLVMBuildBr(g->b, next);
    }
  }
  LLVMPositionBuilderAtEnd(g->b, run);
  g->ret = leave;
  code(R, what);
  g->ret = saved_ret;
  g->loop_exit = saved_exit;
  g->loop_continue = saved_cont;
}

/* ---- reading other threads ----------------------------------------------------------------------------- */

/* Argument `a` (a variable or a constant) as thread `tid` (i64) holds it. */
static LLVMValueRef pj_arg_of(PjRegions *R, const PjExpr *a, LLVMValueRef tid) {
  PjCg *g = R->g;
  if (a->kind != PJ_EX_NAME) return pj_cg_expr(g, a);
  int v = a->name.var;
  return LLVMBuildLoad2(g->b, R->types[v], LLVMBuildInBoundsGEP2(g->b, R->types[v], R->arrays[v], &tid, 1, ""), "");
}

/* Whether thread `tid` exists in the block and has not returned. */
static LLVMValueRef pj_live(PjRegions *R, LLVMValueRef tid) {
  PjCg *g = R->g;
  LLVMTypeRef i64 = pj_i64t(g);
  /* a lane past the block's last thread reads index 0's flag and is then masked out */
  LLVMValueRef in = LLVMBuildICmp(g->b, LLVMIntULT, tid, g->nthreads, "");
  LLVMValueRef safe = LLVMBuildSelect(g->b, in, tid, LLVMConstInt(i64, 0, 0), "");
  return LLVMBuildAnd(g->b, in, LLVMBuildNot(g->b, pj_gone(R, safe), ""), "");
}

/* A loop over the scope's threads whose body runs as each live thread, bound to it; a thread
 * that is not live goes to `gone` (the end of the iteration unless asked for a block of its own). */
typedef struct PjLiveLoop {
  PjCountLoop L;
  LLVMBasicBlockRef next, gone;
} PjLiveLoop;

static LLVMValueRef pj_live_begin(PjRegions *R, PjLiveLoop *P, bool gone_block) {
  PjCg *g = R->g;
  LLVMValueRef t = pj_scope_begin(R, &P->L);
  LLVMBasicBlockRef eval = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "live");
  P->next = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "live.next");
  P->gone = gone_block ? LLVMAppendBasicBlockInContext(g->ctx, g->fn, "live.gone") : P->next;
  LLVMBuildCondBr(g->b, pj_live(R, t), eval, P->gone);
  LLVMPositionBuilderAtEnd(g->b, eval);
  pj_bind_linear(R, t);
  return t;
}

static void pj_live_end(PjRegions *R, PjLiveLoop *P) {
  PjCg *g = R->g;
  if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, P->next);
  LLVMPositionBuilderAtEnd(g->b, P->next);
  pj_count_end(g, &P->L);
}

/* ---- uniform control flow ----------------------------------------------------------------- */

static void pj_uniform_block(PjRegions *R, const PjBlock *b, bool in_loop);
static void pj_uniform_stmt(PjRegions *R, const PjStmt *s, bool in_loop);
static LLVMValueRef pj_layer_push(PjRegions *R, PjLoc loc, LLVMValueRef flags);

/* Evaluates exprs[0..n) (their truth values when `truth`) as every live thread of the block
 * does. CUDA requires them to be the same for all those threads; where they differ, the first
 * thread that differs records the kernel error `divergent` and the block stops. out[] receives
 * the common values (zeros when no thread of the scope is live); the result is whether any is. */
static LLVMValueRef pj_uniform_values(PjRegions *R, const PjExpr *const *exprs, int n, bool truth, PjLoc loc,
                                      LLVMValueRef *out) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMTypeRef types[3];
  LLVMValueRef slots[3];
  for (int k = 0; k < n; k++) {
    types[k] = truth ? LLVMInt1TypeInContext(g->ctx) : pj_cg_type(g, exprs[k]->type);
    slots[k] = LLVMBuildAlloca(g->alloca_b, types[k], "");
    LLVMBuildStore(g->b, LLVMConstNull(types[k]), slots[k]);
  }
  LLVMValueRef seen = LLVMBuildAlloca(g->alloca_b, i8, "seen");
  LLVMBuildStore(g->b, LLVMConstInt(i8, 0, 0), seen);
  bool once = R->uniform != NULL;
  for (int k = 0; k < n; k++) once = once && pj_uniform_expr(exprs[k], R->uniform, g->f->nvars);
  PjLiveLoop P;
  pj_live_begin(R, &P, false);
  LLVMBasicBlockRef next = P.next;
  LLVMValueRef v[3];
  for (int k = 0; k < n; k++) {
    v[k] = pj_cg_expr(g, exprs[k]);
    if (truth) v[k] = pj_cg_truth(g, v[k], exprs[k]->type);
  }
  if (once) { /* the same in every live thread by its making (uniform.c): the first one's is it */
    for (int k = 0; k < n; k++) LLVMBuildStore(g->b, v[k], slots[k]);
    LLVMBuildStore(g->b, LLVMConstInt(i8, 1, 0), seen);
    LLVMBuildBr(g->b, P.L.done);
    LLVMPositionBuilderAtEnd(g->b, LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.dead"));
    LLVMBuildUnreachable(g->b);
    pj_live_end(R, &P);
    for (int k = 0; k < n; k++) out[k] = LLVMBuildLoad2(g->b, types[k], slots[k], "");
    return LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildLoad2(g->b, i8, seen, ""), LLVMConstInt(i8, 0, 0), "");
  }
  LLVMBasicBlockRef first = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.first");
  LLVMBasicBlockRef later = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.later");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, LLVMBuildLoad2(g->b, i8, seen, ""), LLVMConstInt(i8, 0, 0), ""), first, later);
  LLVMPositionBuilderAtEnd(g->b, first);
  for (int k = 0; k < n; k++) LLVMBuildStore(g->b, v[k], slots[k]);
  LLVMBuildStore(g->b, LLVMConstInt(i8, 1, 0), seen);
  LLVMBuildBr(g->b, next);
  LLVMPositionBuilderAtEnd(g->b, later);
  LLVMValueRef same = LLVMConstInt(LLVMInt1TypeInContext(g->ctx), 1, 0);
  for (int k = 0; k < n; k++)
    same = LLVMBuildAnd(g->b, same, LLVMBuildICmp(g->b, LLVMIntEQ, v[k], LLVMBuildLoad2(g->b, types[k], slots[k], ""), ""), "");
  LLVMBasicBlockRef differ = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.diverge");
  LLVMBuildCondBr(g->b, same, next, differ);
  LLVMPositionBuilderAtEnd(g->b, differ);
  pj_cg_record_error(g, loc, PJ_KERNEL_ERROR_DIVERGENT, 0, NULL, NULL);
  pj_live_end(R, &P);
  for (int k = 0; k < n; k++) out[k] = LLVMBuildLoad2(g->b, types[k], slots[k], "");
  return LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildLoad2(g->b, i8, seen, ""), LLVMConstInt(i8, 0, 0), "");
}

/* The condition as the scope's threads evaluate it; false when none of them is live. */
static LLVMValueRef pj_uniform_cond(PjRegions *R, const PjExpr *cond) {
  LLVMValueRef c;
  LLVMValueRef live = pj_uniform_values(R, &cond, 1, true, cond->loc, &c);
  return LLVMBuildSelect(R->g->b, live, c, LLVMConstInt(LLVMInt1TypeInContext(R->g->ctx), 0, 0), "");
}

/* An if around warp collectives, in one warp: the lanes may disagree, as CUDA allows. The lanes
 * whose condition holds run the then-branch while the others sit it out, then the others run the
 * else-branch; collectives in a branch see only the lanes inside it (a shuffle from a lane
 * outside gets the caller's own value, which CUDA leaves undefined). */
static void pj_masked_if(PjRegions *R, const PjStmt *s, bool in_loop) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef sides[2], any[2];
  for (int k = 0; k < 2; k++) {
    sides[k] = LLVMBuildArrayAlloca(g->alloca_b, i8, g->nthreads, k ? "else.away" : "then.away");
    any[k] = LLVMBuildAlloca(g->alloca_b, i8, "");
    LLVMBuildStore(g->b, LLVMConstInt(i8, 0, 0), any[k]);
  }
  PjLiveLoop P;
  LLVMValueRef t = pj_live_begin(R, &P, true);
  LLVMValueRef c = pj_cg_truth(g, pj_cg_expr(g, s->if_.cond), s->if_.cond->type);
  for (int k = 0; k < 2; k++) {
    LLVMValueRef in = k ? LLVMBuildNot(g->b, c, "") : c;
    LLVMBuildStore(g->b, LLVMBuildSelect(g->b, in, LLVMConstInt(i8, 0, 0), LLVMConstInt(i8, 3, 0), ""),
                   LLVMBuildInBoundsGEP2(g->b, i8, sides[k], &t, 1, ""));
    LLVMBuildStore(g->b, LLVMBuildOr(g->b, LLVMBuildLoad2(g->b, i8, any[k], ""), LLVMBuildZExt(g->b, in, i8, ""), ""), any[k]);
  }
  LLVMBuildBr(g->b, P.next);
  LLVMPositionBuilderAtEnd(g->b, P.gone); /* a thread not live is on neither side */
  for (int k = 0; k < 2; k++) LLVMBuildStore(g->b, LLVMConstInt(i8, 3, 0), LLVMBuildInBoundsGEP2(g->b, i8, sides[k], &t, 1, ""));
  pj_live_end(R, &P);
  pj_mark_dirty(R); /* each side's layer holds the other side's lanes */
  for (int k = 0; k < 2; k++) {
    const PjBlock *b = k ? &s->if_.orelse : &s->if_.then;
    if (!b->count) continue;
    LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(g->ctx, g->fn, k ? "m.else" : "m.then");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "m.done");
    LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildLoad2(g->b, i8, any[k], ""), LLVMConstInt(i8, 0, 0), ""), run, done);
    LLVMPositionBuilderAtEnd(g->b, run);
    if (pj_layer_push(R, s->loc, sides[k])) {
      R->masks++;
      pj_uniform_block(R, b, in_loop);
      R->masks--;
      R->naway--;
    }
    if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, done);
    LLVMPositionBuilderAtEnd(g->b, done);
  }
}

static void pj_uniform_if(PjRegions *R, const PjStmt *s, bool in_loop) {
  PjCg *g = R->g;
  if (R->warp) {
    pj_masked_if(R, s, in_loop);
    return;
  }
  LLVMValueRef c = pj_uniform_cond(R, s->if_.cond);
  LLVMBasicBlockRef bt = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.then");
  LLVMBasicBlockRef bf = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.else");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.endif");
  LLVMBuildCondBr(g->b, c, bt, bf);
  LLVMPositionBuilderAtEnd(g->b, bt);
  pj_uniform_block(R, &s->if_.then, in_loop);
  if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, done);
  LLVMPositionBuilderAtEnd(g->b, bf);
  pj_uniform_block(R, &s->if_.orelse, in_loop);
  if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, done);
  LLVMPositionBuilderAtEnd(g->b, done);
}

static void pj_uniform_loop_body(PjRegions *R, const PjBlock *body, LLVMBasicBlockRef cont, LLVMBasicBlockRef exit) {
  PjCg *g = R->g;
  LLVMBasicBlockRef saved_cont = g->loop_continue, saved_exit = g->loop_exit;
  g->loop_continue = cont;
  g->loop_exit = exit;
  pj_uniform_block(R, body, true);
  g->loop_continue = saved_cont;
  g->loop_exit = saved_exit;
  if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, cont);
}

/* Whether some thread of the scope has what `has` says of it (an i1 for thread t). */
static LLVMValueRef pj_any_thread(PjRegions *R, LLVMValueRef (*has)(PjRegions *, LLVMValueRef)) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef acc = LLVMBuildAlloca(g->alloca_b, i8, "");
  LLVMBuildStore(g->b, LLVMConstInt(i8, 0, 0), acc);
  PjCountLoop L;
  LLVMValueRef t = pj_scope_begin(R, &L);
  LLVMValueRef v = LLVMBuildZExt(g->b, has(R, t), i8, "");
  LLVMBuildStore(g->b, LLVMBuildOr(g->b, LLVMBuildLoad2(g->b, i8, acc, ""), v, ""), acc);
  pj_count_end(g, &L);
  return LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildLoad2(g->b, i8, acc, ""), LLVMConstInt(i8, 0, 0), "");
}

/* Whether any thread of the scope has not returned: a loop around barriers ends when all did. */
static LLVMValueRef pj_any_live(PjRegions *R) { return pj_any_thread(R, pj_live); }

/* Whether any thread of the scope has returned or is away from the code being emitted (a loop
 * it left, the other side of a divergent if). */
static LLVMValueRef pj_any_gone(PjRegions *R) {
  PjCg *g = R->g;
  LLVMTypeRef i1 = LLVMInt1TypeInContext(g->ctx), i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMBasicBlockRef clean = LLVMGetInsertBlock(g->b);
  LLVMBasicBlockRef sweep = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "gone.sweep");
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "gone.known");
  LLVMBuildCondBr(g->b, pj_maybe_dirty(R), sweep, join);
  LLVMPositionBuilderAtEnd(g->b, sweep);
  LLVMValueRef any = pj_any_thread(R, pj_gone);
  if (!R->warp) /* the whole block swept: clean again when no thread is gone */
    LLVMBuildStore(g->b, LLVMBuildZExt(g->b, any, i8, ""), R->dirty);
  LLVMBasicBlockRef swept = LLVMGetInsertBlock(g->b);
  LLVMBuildBr(g->b, join);
  LLVMPositionBuilderAtEnd(g->b, join);
  LLVMValueRef v = LLVMBuildPhi(g->b, i1, "any.gone");
  LLVMAddIncoming(v, (LLVMValueRef[]){LLVMConstInt(i1, 0, 0), any}, (LLVMBasicBlockRef[]){clean, swept}, 2);
  return v;
}

/* Code that only matters when some thread may be gone: `if dirty:` around it (pj_dirty_end). */
static LLVMBasicBlockRef pj_dirty_begin(PjRegions *R) {
  PjCg *g = R->g;
  LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "dirty");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "dirty.done");
  LLVMBuildCondBr(g->b, pj_maybe_dirty(R), run, done);
  LLVMPositionBuilderAtEnd(g->b, run);
  return done;
}

static void pj_dirty_end(PjRegions *R, LLVMBasicBlockRef done) {
  LLVMBuildBr(R->g->b, done);
  LLVMPositionBuilderAtEnd(R->g->b, done);
}

/* A new layer of away flags: `flags`, or a new (uninitialised) array; NULL when too many are open. */
static LLVMValueRef pj_layer_push(PjRegions *R, PjLoc loc, LLVMValueRef flags) {
  PjCg *g = R->g;
  if (R->naway == PJ_MAX_AWAY) {
    pj_cg_fail(g, loc, "loops around barriers and divergent branches around warp collectives nested this deep "
                       "cannot run on the CPU executor");
    return NULL;
  }
  if (!flags) flags = LLVMBuildArrayAlloca(g->alloca_b, LLVMInt8TypeInContext(g->ctx), g->nthreads, "away");
  return R->away[R->naway++] = flags;
}

typedef struct PjLoopSave {
  int loop, masks;
} PjLoopSave;

/* A uniform loop opens: every thread of the scope is in it. */
static bool pj_loop_open(PjRegions *R, PjLoc loc, PjLoopSave *save) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  *save = (PjLoopSave){R->loop, R->masks};
  LLVMValueRef away = pj_layer_push(R, loc, NULL);
  if (!away) return false;
  LLVMBuildMemSet(g->b, LLVMBuildInBoundsGEP2(g->b, i8, away, &R->lo, 1, ""), LLVMConstInt(i8, 0, 0),
                  LLVMBuildSub(g->b, R->hi, R->lo, ""), 1);
  R->loop = R->naway - 1;
  R->masks = 0;
  return true;
}

static void pj_loop_close(PjRegions *R, const PjLoopSave *save) {
  R->naway--;
  R->loop = save->loop;
  R->masks = save->masks;
}

/* The live threads of the scope leave the innermost loop together (1: continue, 2: break). */
static void pj_leave_loop(PjRegions *R, unsigned how) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  PjCountLoop L;
  LLVMValueRef t = pj_scope_begin(R, &L);
  LLVMValueRef p = LLVMBuildInBoundsGEP2(g->b, i8, R->away[R->loop], &t, 1, "");
  LLVMBuildStore(g->b, LLVMBuildSelect(g->b, pj_live(R, t), LLVMConstInt(i8, how, 0), LLVMBuildLoad2(g->b, i8, p, ""), ""), p);
  pj_count_end(g, &L);
  pj_mark_dirty(R);
}

/* A new iteration: threads that took `continue` are back; those that took `break` stay out. */
static void pj_away_next_iteration(PjRegions *R) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMBasicBlockRef clean = pj_dirty_begin(R); /* clean: no flag to clear */
  PjCountLoop L;
  LLVMValueRef t = pj_scope_begin(R, &L);
  LLVMValueRef p = LLVMBuildInBoundsGEP2(g->b, i8, R->away[R->loop], &t, 1, "");
  LLVMValueRef v = LLVMBuildLoad2(g->b, i8, p, "");
  LLVMValueRef cont = LLVMBuildICmp(g->b, LLVMIntEQ, v, LLVMConstInt(i8, 1, 0), "");
  LLVMBuildStore(g->b, LLVMBuildSelect(g->b, cont, LLVMConstInt(i8, 0, 0), v, ""), p);
  pj_count_end(g, &L);
  pj_dirty_end(R, clean);
}

/* cuda.syncthreads() that some threads of the scope reach while others left the loop around it
 * by themselves: CUDA leaves that undefined; the kernel stops with the barrier's line. (When all
 * of them left, nobody waits at it.) */
static void pj_check_no_one_away(PjRegions *R, PjLoc loc) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx), i64 = pj_i64t(g);
  LLVMValueRef present = LLVMBuildAlloca(g->alloca_b, i8, ""), away = LLVMBuildAlloca(g->alloca_b, i64, "");
  LLVMBuildStore(g->b, LLVMConstInt(i8, 0, 0), present);
  LLVMBuildStore(g->b, LLVMConstAllOnes(i64), away);
  LLVMBasicBlockRef clean = pj_dirty_begin(R); /* clean: every thread is here */
  PjCountLoop L;
  LLVMValueRef t = pj_scope_begin(R, &L);
  LLVMValueRef exited = LLVMBuildLoad2(g->b, i8, LLVMBuildInBoundsGEP2(g->b, i8, R->exited, &t, 1, ""), "");
  LLVMValueRef gone = pj_gone(R, t);
  LLVMValueRef left = LLVMBuildAnd(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, exited, LLVMConstInt(i8, 0, 0), ""), gone, "");
  LLVMBuildStore(g->b, LLVMBuildOr(g->b, LLVMBuildLoad2(g->b, i8, present, ""), LLVMBuildZExt(g->b, LLVMBuildNot(g->b, gone, ""), i8, ""), ""), present);
  LLVMBuildStore(g->b, LLVMBuildSelect(g->b, left, t, LLVMBuildLoad2(g->b, i64, away, ""), ""), away);
  pj_count_end(g, &L);
  LLVMValueRef who = LLVMBuildLoad2(g->b, i64, away, "");
  LLVMValueRef bad = LLVMBuildAnd(g->b, LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildLoad2(g->b, i8, present, ""), LLVMConstInt(i8, 0, 0), ""),
                                  LLVMBuildICmp(g->b, LLVMIntNE, who, LLVMConstAllOnes(i64), ""), "");
  LLVMBasicBlockRef fail = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "away.barrier");
  LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "away.ok");
  LLVMBuildCondBr(g->b, bad, fail, ok);
  LLVMPositionBuilderAtEnd(g->b, fail);
  pj_bind_linear(R, who);
  pj_cg_record_error(g, loc, PJ_KERNEL_ERROR_DIVERGENT, 0, NULL, NULL);
  LLVMPositionBuilderAtEnd(g->b, ok);
  pj_dirty_end(R, clean);
}

/* In one warp, each lane decides for itself: a lane whose condition fails leaves the loop (as if
 * by `break`) while the others go on; the result is whether any lane goes on. */
static LLVMValueRef pj_masked_cond(PjRegions *R, const PjExpr *cond) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef any = LLVMBuildAlloca(g->alloca_b, i8, "");
  LLVMBuildStore(g->b, LLVMConstInt(i8, 0, 0), any);
  PjLiveLoop P;
  LLVMValueRef t = pj_live_begin(R, &P, false);
  LLVMValueRef c = pj_cg_truth(g, pj_cg_expr(g, cond), cond->type);
  LLVMValueRef p = LLVMBuildInBoundsGEP2(g->b, i8, R->away[R->loop], &t, 1, "");
  LLVMBuildStore(g->b, LLVMBuildSelect(g->b, c, LLVMConstInt(i8, 0, 0), LLVMConstInt(i8, 2, 0), ""), p);
  LLVMBuildStore(g->b, LLVMBuildOr(g->b, LLVMBuildLoad2(g->b, i8, any, ""), LLVMBuildZExt(g->b, c, i8, ""), ""), any);
  pj_live_end(R, &P);
  pj_mark_dirty(R);
  return LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildLoad2(g->b, i8, any, ""), LLVMConstInt(i8, 0, 0), "");
}

static void pj_uniform_while(PjRegions *R, const PjStmt *s) {
  PjCg *g = R->g;
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.while");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.body");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.wend");
  PjLoopSave save;
  if (!pj_loop_open(R, s->loc, &save)) return;
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  pj_cg_poll_interrupt(g);
  pj_away_next_iteration(R);
  LLVMBuildCondBr(g->b, R->warp ? pj_masked_cond(R, s->while_.cond) : pj_uniform_cond(R, s->while_.cond), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  pj_uniform_loop_body(R, &s->while_.body, head, done);
  LLVMPositionBuilderAtEnd(g->b, done);
  pj_loop_close(R, &save);
}

/* The rest of a for loop around barriers or collectives, from its body on: the body, then the
 * next iteration (counter + 1) back at head, and the loop closed at done. */
static void pj_for_iterations(PjRegions *R, const PjStmt *s, LLVMBasicBlockRef latch, LLVMBasicBlockRef head,
                              LLVMBasicBlockRef done, LLVMValueRef counter, LLVMTypeRef t, const PjLoopSave *save) {
  PjCg *g = R->g;
  pj_uniform_loop_body(R, &s->for_.body, latch, done);
  LLVMPositionBuilderAtEnd(g->b, latch);
  pj_cg_poll_interrupt(g);
  pj_away_next_iteration(R);
  LLVMBuildStore(g->b, LLVMBuildAdd(g->b, LLVMBuildLoad2(g->b, t, counter, ""), LLVMConstInt(t, 1, 0), ""), counter);
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, done);
  pj_loop_close(R, save);
}

/* for i in range(...) around warp collectives, in one warp: each lane walks its own range; a
 * lane whose range is done leaves the loop while the others go on. */
static void pj_masked_for(PjRegions *R, const PjStmt *s) {
  PjCg *g = R->g;
  const PjExpr *it = s->for_.iter;
  PjDtype d = it->type->dtype;
  LLVMTypeRef t = pj_cg_dtype(g, d), i8 = LLVMInt8TypeInContext(g->ctx);
  int n = it->call.nargs;
  LLVMValueRef starts = LLVMBuildArrayAlloca(g->alloca_b, t, g->nthreads, "m.start");
  LLVMValueRef steps = LLVMBuildArrayAlloca(g->alloca_b, t, g->nthreads, "m.step");
  LLVMValueRef counts = LLVMBuildArrayAlloca(g->alloca_b, t, g->nthreads, "m.count");
  PjLiveLoop P;
  LLVMValueRef tid = pj_live_begin(R, &P, false);
  LLVMValueRef b[3];
  for (int k = 0; k < n; k++) b[k] = pj_cg_expr(g, it->call.args[k]);
  LLVMValueRef start = n > 1 ? b[0] : LLVMConstInt(t, 0, 0), stop = b[n > 1 ? 1 : 0];
  LLVMValueRef step = n > 2 ? b[2] : LLVMConstInt(t, 1, 0);
  LLVMBuildStore(g->b, start, LLVMBuildInBoundsGEP2(g->b, t, starts, &tid, 1, ""));
  LLVMBuildStore(g->b, step, LLVMBuildInBoundsGEP2(g->b, t, steps, &tid, 1, ""));
  LLVMBuildStore(g->b, pj_cg_range_count(g, start, stop, step, d), LLVMBuildInBoundsGEP2(g->b, t, counts, &tid, 1, ""));
  pj_live_end(R, &P);

  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "m.for");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "m.fbody");
  LLVMBasicBlockRef latch = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "m.finc");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "m.fend");
  LLVMValueRef counter = LLVMBuildAlloca(g->alloca_b, t, "m.k"), any = LLVMBuildAlloca(g->alloca_b, i8, "");
  LLVMBuildStore(g->b, LLVMConstInt(t, 0, 0), counter);
  PjLoopSave save;
  if (!pj_loop_open(R, s->loc, &save)) return;
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMValueRef k = LLVMBuildLoad2(g->b, t, counter, "");
  LLVMBuildStore(g->b, LLVMConstInt(i8, 0, 0), any);
  tid = pj_live_begin(R, &P, false);
  LLVMBasicBlockRef more = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "m.more");
  LLVMBasicBlockRef over = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "m.over");
  LLVMValueRef count = LLVMBuildLoad2(g->b, t, LLVMBuildInBoundsGEP2(g->b, t, counts, &tid, 1, ""), "");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, k, count, ""), more, over);
  LLVMPositionBuilderAtEnd(g->b, more);
  LLVMValueRef i = LLVMBuildAdd(g->b, LLVMBuildLoad2(g->b, t, LLVMBuildInBoundsGEP2(g->b, t, starts, &tid, 1, ""), ""),
                                LLVMBuildMul(g->b, k, LLVMBuildLoad2(g->b, t, LLVMBuildInBoundsGEP2(g->b, t, steps, &tid, 1, ""), ""), ""), "");
  int v = s->for_.target->name.var;
  LLVMBuildStore(g->b, pj_cg_convert(g, i, pj_type_scalar(d), g->f->vars[v].type),
                 LLVMBuildInBoundsGEP2(g->b, R->types[v], R->arrays[v], &tid, 1, ""));
  LLVMBuildStore(g->b, LLVMConstInt(i8, 1, 0), any);
  LLVMBuildBr(g->b, P.next);
  LLVMPositionBuilderAtEnd(g->b, over);
  LLVMBuildStore(g->b, LLVMConstInt(i8, 2, 0), LLVMBuildInBoundsGEP2(g->b, i8, R->away[R->loop], &tid, 1, ""));
  pj_mark_dirty(R);
  pj_live_end(R, &P);
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildLoad2(g->b, i8, any, ""), LLVMConstInt(i8, 0, 0), ""), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  pj_for_iterations(R, s, latch, head, done, counter, t, &save);
}

/* for i in range(...) around a barrier: the walk is the scope's, i is each of its threads'. */
static void pj_uniform_for(PjRegions *R, const PjStmt *s) {
  PjCg *g = R->g;
  if (R->warp) {
    pj_masked_for(R, s);
    return;
  }
  const PjExpr *it = s->for_.iter;
  PjDtype d = it->type->dtype;
  LLVMTypeRef t = pj_cg_dtype(g, d);
  int n = it->call.nargs;
  LLVMValueRef bounds[3];
  LLVMValueRef live = pj_uniform_values(R, (const PjExpr *const *)it->call.args, n, false, it->loc, bounds);
  LLVMBasicBlockRef setup = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.fsetup");
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.for");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.fbody");
  LLVMBasicBlockRef latch = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.finc");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.fend");
  LLVMBuildCondBr(g->b, live, setup, done);
  LLVMPositionBuilderAtEnd(g->b, setup);
  LLVMValueRef start = n > 1 ? bounds[0] : LLVMConstInt(t, 0, 0);
  LLVMValueRef stop = bounds[n > 1 ? 1 : 0];
  LLVMValueRef step = n > 2 ? bounds[2] : LLVMConstInt(t, 1, 0);
  LLVMValueRef count = pj_cg_range_count(g, start, stop, step, d);
  LLVMValueRef counter = LLVMBuildAlloca(g->alloca_b, t, "u.k");
  LLVMBuildStore(g->b, LLVMConstInt(t, 0, 0), counter);
  PjLoopSave save;
  if (!pj_loop_open(R, s->loc, &save)) return;
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMValueRef k = LLVMBuildLoad2(g->b, t, counter, "");
  LLVMValueRef more = LLVMBuildICmp(g->b, LLVMIntULT, k, count, "");
  LLVMBuildCondBr(g->b, LLVMBuildAnd(g->b, more, pj_any_live(R), ""), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  LLVMValueRef i = LLVMBuildAdd(g->b, start, LLVMBuildMul(g->b, k, step, ""), "");
  int v = s->for_.target->name.var;
  pj_store_threads(R, v, pj_cg_convert(g, i, pj_type_scalar(d), g->f->vars[v].type));
  pj_for_iterations(R, s, latch, head, done, counter, t, &save);
}

/* Control flow around warp collectives that no block barrier encloses is uniform per warp, not
 * per block: it runs once for each warp of the block, over that warp's lanes. */
static void pj_per_warp(PjRegions *R, const PjStmt *s) {
  PjCg *g = R->g;
  LLVMTypeRef i64 = pj_i64t(g);
  LLVMValueRef warps = LLVMBuildUDiv(g->b, LLVMBuildAdd(g->b, g->nthreads, LLVMConstInt(i64, 31, 0), ""), LLVMConstInt(i64, 32, 0), "");
  PjCountLoop L;
  LLVMValueRef lo = LLVMBuildMul(g->b, pj_count_begin(g, &L, warps), LLVMConstInt(i64, 32, 0), "");
  LLVMValueRef end = LLVMBuildAdd(g->b, lo, LLVMConstInt(i64, 32, 0), "");
  PjRegions W = *R;
  W.warp = true;
  W.lo = lo;
  W.hi = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntULT, end, g->nthreads, ""), end, g->nthreads, "");
  pj_uniform_stmt(&W, s, false); /* it leaves no enclosing loop: pj_uniform_block checked */
  pj_open(g);
  pj_count_end(g, &L);
}

/* ---- collectives ---------------------------------------------------------------------------- */

/* shfl: the value of lane src of this warp, or this thread's own when src is outside it. */
static LLVMValueRef pj_cpu_shfl(PjRegions *R, const PjExpr *e, LLVMValueRef tid, LLVMValueRef base, LLVMValueRef lane) {
  PjCg *g = R->g;
  LLVMTypeRef i64 = pj_i64t(g);
  /* the lane or offset is its low 5 bits, as shfl.sync reads it */
  LLVMValueRef arg = LLVMBuildAnd(g->b, LLVMBuildSExt(g->b, pj_arg_of(R, e->builtin.args[2], tid), i64, ""),
                                  LLVMConstInt(i64, 31, 0), "");
  LLVMValueRef src;
  switch ((PjCollective)pj_builtins[e->builtin.id].dim) {
  case PJ_COLL_SHFL_IDX: src = arg; break;
  case PJ_COLL_SHFL_UP: src = LLVMBuildSub(g->b, lane, arg, ""); break;
  case PJ_COLL_SHFL_DOWN: src = LLVMBuildAdd(g->b, lane, arg, ""); break;
  default: src = LLVMBuildXor(g->b, lane, arg, ""); break;
  }
  LLVMValueRef in_warp = LLVMBuildICmp(g->b, LLVMIntULT, src, LLVMConstInt(i64, 32, 0), "");
  LLVMValueRef other = LLVMBuildAdd(g->b, base, src, "");
  LLVMValueRef ok = LLVMBuildAnd(g->b, in_warp, pj_live(R, other), "");
  LLVMValueRef from = LLVMBuildSelect(g->b, ok, other, tid, "");
  return pj_arg_of(R, e->builtin.args[1], from);
}

/* votes and matches over the lanes of this warp that are live and in the mask */
static LLVMValueRef pj_cpu_vote(PjRegions *R, const PjExpr *e, LLVMValueRef tid, LLVMValueRef base) {
  PjCg *g = R->g;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx), i64 = pj_i64t(g), i1 = LLVMInt1TypeInContext(g->ctx);
  PjCollective op = (PjCollective)pj_builtins[e->builtin.id].dim;
  bool match = op == PJ_COLL_MATCH_ANY || op == PJ_COLL_MATCH_ALL;
  LLVMValueRef mask = pj_arg_of(R, e->builtin.args[0], tid);
  LLVMValueRef mine = pj_arg_of(R, e->builtin.args[1], tid);
  LLVMValueRef hits = LLVMBuildAlloca(g->alloca_b, i32, ""), lanes = LLVMBuildAlloca(g->alloca_b, i32, "");
  LLVMBuildStore(g->b, LLVMConstInt(i32, 0, 0), hits);
  LLVMBuildStore(g->b, LLVMConstInt(i32, 0, 0), lanes);
  PjCountLoop L;
  LLVMValueRef j = pj_count_begin(g, &L, LLVMConstInt(i64, 32, 0));
  LLVMValueRef other = LLVMBuildAdd(g->b, base, j, "");
  LLVMValueRef bit = LLVMBuildShl(g->b, LLVMConstInt(i32, 1, 0), LLVMBuildTrunc(g->b, j, i32, ""), "");
  LLVMValueRef in_mask = LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildAnd(g->b, mask, bit, ""), LLVMConstInt(i32, 0, 0), "");
  LLVMValueRef active = LLVMBuildAnd(g->b, in_mask, pj_live(R, other), "");
  LLVMValueRef safe = LLVMBuildSelect(g->b, active, other, tid, "");
  LLVMValueRef theirs = pj_arg_of(R, e->builtin.args[1], safe);
  LLVMValueRef yes = match ? (pj_dtype_is_float(e->builtin.args[1]->type->dtype)
                                  ? LLVMBuildICmp(g->b, LLVMIntEQ, LLVMBuildBitCast(g->b, theirs, LLVMIntTypeInContext(g->ctx, (unsigned)pj_dtype_bits(e->builtin.args[1]->type->dtype)), ""),
                                                  LLVMBuildBitCast(g->b, mine, LLVMIntTypeInContext(g->ctx, (unsigned)pj_dtype_bits(e->builtin.args[1]->type->dtype)), ""), "")
                                  : LLVMBuildICmp(g->b, LLVMIntEQ, theirs, mine, ""))
                           : theirs;
  LLVMValueRef add_hit = LLVMBuildSelect(g->b, LLVMBuildAnd(g->b, active, yes, ""), bit, LLVMConstInt(i32, 0, 0), "");
  LLVMBuildStore(g->b, LLVMBuildOr(g->b, LLVMBuildLoad2(g->b, i32, hits, ""), add_hit, ""), hits);
  LLVMValueRef add_lane = LLVMBuildSelect(g->b, active, bit, LLVMConstInt(i32, 0, 0), "");
  LLVMBuildStore(g->b, LLVMBuildOr(g->b, LLVMBuildLoad2(g->b, i32, lanes, ""), add_lane, ""), lanes);
  pj_count_end(g, &L);
  LLVMValueRef h = LLVMBuildLoad2(g->b, i32, hits, ""), a = LLVMBuildLoad2(g->b, i32, lanes, "");
  LLVMValueRef all = LLVMBuildICmp(g->b, LLVMIntEQ, h, a, ""), none = LLVMBuildICmp(g->b, LLVMIntEQ, h, LLVMConstInt(i32, 0, 0), "");
  switch (op) {
  case PJ_COLL_ALL: return LLVMBuildZExt(g->b, all, i32, "");
  case PJ_COLL_ANY: return LLVMBuildZExt(g->b, LLVMBuildNot(g->b, none, ""), i32, "");
  case PJ_COLL_EQ: return LLVMBuildZExt(g->b, LLVMBuildOr(g->b, all, none, ""), i32, "");
  case PJ_COLL_BALLOT: case PJ_COLL_MATCH_ANY: return h;
  default: {
    LLVMValueRef t = LLVMGetUndef(pj_cg_type(g, e->type));
    t = LLVMBuildInsertValue(g->b, t, LLVMBuildSelect(g->b, all, a, LLVMConstInt(i32, 0, 0), ""), 0, "");
    return LLVMBuildInsertValue(g->b, t, LLVMBuildSelect(g->b, all, LLVMConstInt(i1, 1, 0), LLVMConstInt(i1, 0, 0), ""), 1, "");
  }
  }
}

/* activemask: the lanes of this warp that are live here (not returned, not outside the branch or
 * loop being run) */
static LLVMValueRef pj_cpu_activemask(PjRegions *R, LLVMValueRef base) {
  PjCg *g = R->g;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx), i64 = pj_i64t(g);
  LLVMValueRef acc = LLVMBuildAlloca(g->alloca_b, i32, "");
  LLVMBuildStore(g->b, LLVMConstInt(i32, 0, 0), acc);
  PjCountLoop L;
  LLVMValueRef j = pj_count_begin(g, &L, LLVMConstInt(i64, 32, 0));
  LLVMValueRef bit = LLVMBuildShl(g->b, LLVMConstInt(i32, 1, 0), LLVMBuildTrunc(g->b, j, i32, ""), "");
  LLVMValueRef add = LLVMBuildSelect(g->b, pj_live(R, LLVMBuildAdd(g->b, base, j, "")), bit, LLVMConstInt(i32, 0, 0), "");
  LLVMBuildStore(g->b, LLVMBuildOr(g->b, LLVMBuildLoad2(g->b, i32, acc, ""), add, ""), acc);
  pj_count_end(g, &L);
  return LLVMBuildLoad2(g->b, i32, acc, "");
}

typedef struct PjCollectiveCode {
  const PjStmt *s;
  LLVMValueRef block_result; /* syncthreads_count/and/or: computed once for the block */
} PjCollectiveCode;

static void pj_run_collective(PjRegions *R, const void *what) {
  const PjCollectiveCode *cc = what;
  PjCg *g = R->g;
  const PjExpr *e = cc->s->assign.value;
  LLVMTypeRef i64 = pj_i64t(g);
  LLVMValueRef tid = g->linear_tid;
  LLVMValueRef lane = LLVMBuildURem(g->b, tid, LLVMConstInt(i64, 32, 0), "");
  LLVMValueRef base = LLVMBuildSub(g->b, tid, lane, "");
  PjCollective op = (PjCollective)pj_builtins[e->builtin.id].dim;
  LLVMValueRef r = cc->block_result ? cc->block_result
                   : op <= PJ_COLL_SHFL_XOR ? pj_cpu_shfl(R, e, tid, base, lane)
                   : op == PJ_COLL_ACTIVEMASK ? pj_cpu_activemask(R, base)
                                              : pj_cpu_vote(R, e, tid, base);
  pj_cg_store_var(g, cc->s->assign.targets[0], r, op == PJ_COLL_ACTIVEMASK ? pj_type_scalar(PJ_UINT32) : e->type);
}

/* syncthreads_count / and / or: the live threads of the whole block, once. */
static LLVMValueRef pj_block_vote(PjRegions *R, const PjExpr *e) {
  PjCg *g = R->g;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx);
  LLVMValueRef count = LLVMBuildAlloca(g->alloca_b, i32, ""), live = LLVMBuildAlloca(g->alloca_b, i32, "");
  LLVMBuildStore(g->b, LLVMConstInt(i32, 0, 0), count);
  LLVMBuildStore(g->b, LLVMConstInt(i32, 0, 0), live);
  PjCountLoop L;
  LLVMValueRef t = pj_count_begin(g, &L, g->nthreads);
  LLVMValueRef alive = pj_live(R, t);
  LLVMValueRef p = LLVMBuildAnd(g->b, alive, pj_arg_of(R, e->builtin.args[0], t), "");
  LLVMBuildStore(g->b, LLVMBuildAdd(g->b, LLVMBuildLoad2(g->b, i32, count, ""), LLVMBuildZExt(g->b, p, i32, ""), ""), count);
  LLVMBuildStore(g->b, LLVMBuildAdd(g->b, LLVMBuildLoad2(g->b, i32, live, ""), LLVMBuildZExt(g->b, alive, i32, ""), ""), live);
  pj_count_end(g, &L);
  LLVMValueRef c = LLVMBuildLoad2(g->b, i32, count, ""), n = LLVMBuildLoad2(g->b, i32, live, "");
  switch ((PjCollective)pj_builtins[e->builtin.id].dim) {
  case PJ_COLL_COUNT: return c;
  case PJ_COLL_AND: return LLVMBuildZExt(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, c, n, ""), i32, "");
  default: return LLVMBuildZExt(g->b, LLVMBuildICmp(g->b, LLVMIntNE, c, LLVMConstInt(i32, 0, 0), ""), i32, "");
  }
}

static void pj_uniform_collective(PjRegions *R, const PjStmt *s) {
  const PjExpr *e = s->assign.value;
  PjCollectiveCode cc = {s, NULL};
  if (pj_builtins[e->builtin.id].dim >= PJ_COLL_COUNT) cc.block_result = pj_block_vote(R, e);
  pj_thread_loop(R, pj_run_collective, &cc, NULL);
}

/* g.sync(): the regions around it synchronise the block; then, once for the block, when any of
 * its threads is live, the executor's grid barrier (PjCpuGrid.grid_sync), which returns when
 * every block of the grid has arrived. A block that finished without arriving breaks the
 * barrier: this block then records the failure at the line and stops. */
static void pj_cpu_grid_sync(PjRegions *R, PjLoc loc) {
  PjCg *g = R->g;
  LLVMTypeRef ptr = pj_cg_ptr(g), i32 = LLVMInt32TypeInContext(g->ctx), i8 = LLVMInt8TypeInContext(g->ctx);
  g->grid_sync = true;
  LLVMBasicBlockRef call = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "grid.sync");
  LLVMBasicBlockRef fail = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "grid.broken");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "grid.through");
  LLVMBuildCondBr(g->b, pj_any_live(R), call, done);
  LLVMPositionBuilderAtEnd(g->b, call);
  LLVMValueRef field[2];
  size_t offsets[2] = {offsetof(PjCpuGrid, sync), offsetof(PjCpuGrid, grid_sync)};
  for (int k = 0; k < 2; k++) {
    LLVMValueRef off = LLVMConstInt(pj_i64t(g), offsets[k], 0);
    field[k] = LLVMBuildLoad2(g->b, ptr, LLVMBuildInBoundsGEP2(g->b, i8, g->cpu_grid, &off, 1, ""), "");
  }
  LLVMTypeRef ft = LLVMFunctionType(i32, &ptr, 1, 0);
  LLVMValueRef r = LLVMBuildCall2(g->b, ft, field[1], &field[0], 1, "");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntNE, r, LLVMConstInt(i32, 0, 0), ""), fail, done);
  LLVMPositionBuilderAtEnd(g->b, fail);
  pj_bind_linear(R, LLVMConstInt(pj_i64t(g), 0, 0));
  pj_cg_record_error(g, loc, PJ_KERNEL_ERROR_GRID_SYNC, 0, NULL, NULL);
  LLVMPositionBuilderAtEnd(g->b, done);
}

static void pj_uniform_stmt(PjRegions *R, const PjStmt *s, bool in_loop) {
  PjCg *g = R->g;
  pj_open(g);
  if (pj_is_collective_stmt(s)) {
    pj_uniform_collective(R, s);
    return;
  }
  switch (s->kind) {
  case PJ_ST_IF: pj_uniform_if(R, s, in_loop); break;
  case PJ_ST_WHILE: pj_uniform_while(R, s); break;
  case PJ_ST_FOR: pj_uniform_for(R, s); break;
  case PJ_ST_BREAK: case PJ_ST_CONTINUE:
    if (R->masks) { /* inside a divergent branch: only its lanes leave */
      pj_leave_loop(R, s->kind == PJ_ST_BREAK ? 2 : 1);
      break;
    }
    LLVMBuildBr(g->b, s->kind == PJ_ST_BREAK ? g->loop_exit : g->loop_continue);
    break;
  case PJ_ST_EXPR: { /* the barrier itself: the regions around it are the synchronisation */
    int id = s->expr->kind == PJ_EX_BUILTIN ? s->expr->builtin.id : -1;
    if (R->loop >= 0 && (id == PJ_BI_SYNCTHREADS || id == PJ_BI_GRID_SYNC)) pj_check_no_one_away(R, s->loc);
    if (id == PJ_BI_GRID_SYNC) pj_cpu_grid_sync(R, s->loc);
    break;
  }
  default: pj_cg_fail(g, s->loc, "cuda.syncthreads() inside this statement cannot run on the CPU executor"); break;
  }
}

static void pj_uniform_block(PjRegions *R, const PjBlock *b, bool in_loop) {
  const PjStmt **run = malloc(sizeof(PjStmt *) * (size_t)(b->count + 1));
  int n = 0;
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    bool exits = in_loop && pj_exits_loop(s);
    if (pj_has_barrier(s)) { /* a bare break/continue is each thread's own (the away flags) */
      if (n) {
        pj_open(R->g);
        pj_thread_region(R, run, n);
        n = 0;
      }
      bool compound = s->kind == PJ_ST_IF || s->kind == PJ_ST_WHILE || s->kind == PJ_ST_FOR;
      if (!R->warp && compound && !exits && !pj_syncs_block(s)) {
        pj_open(R->g);
        pj_per_warp(R, s);
      } else {
        pj_uniform_stmt(R, s, in_loop);
      }
    } else {
      run[n++] = s;
    }
  }
  if (n) {
    pj_open(R->g);
    pj_thread_region(R, run, n);
  }
  free(run);
}

/* ---- the entry ------------------------------------------------------------------------------- */

void pj_cg_block_kernel(PjCg *g, const PjArgType *args, int nargs, LLVMValueRef argv, LLVMValueRef grid) {
  LLVMContextRef ctx = g->ctx;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = pj_i64t(g), i8 = LLVMInt8TypeInContext(ctx);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, g->fn, "entry");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(ctx, g->fn, "body");
  LLVMPositionBuilderAtEnd(g->b, entry);
  g->block_mode = true;
  g->cpu_grid = grid;
  PjRegions R = {.g = g};
  LLVMValueRef nthreads = LLVMConstInt(i64, 1, 0);
  for (int d = 0; d < 3; d++) {
    LLVMValueRef idx = LLVMConstInt(i64, 3 + (unsigned long long)d, 0);
    R.dims[d] = LLVMBuildLoad2(g->b, i32, LLVMBuildInBoundsGEP2(g->b, i32, grid, &idx, 1, ""), "");
    nthreads = LLVMBuildMul(g->b, nthreads, LLVMBuildZExt(g->b, R.dims[d], i64, ""), "");
  }
  g->nthreads = nthreads;
  R.lo = LLVMConstInt(i64, 0, 0);
  R.hi = nthreads;
  R.loop = -1;
  LLVMTypeRef ptypes[256];
  LLVMValueRef flat[256];
  int np = pj_cg_param_types(g, args, nargs, ptypes);
  pj_cg_load_params(g, argv, ptypes, np, flat);
  /* every variable: one zeroed element per thread */
  int nv = g->f->nvars;
  R.arrays = calloc((size_t)nv + 1, sizeof(LLVMValueRef));
  R.types = calloc((size_t)nv + 1, sizeof(LLVMTypeRef));
  g->slots = calloc((size_t)nv + 1, sizeof(LLVMValueRef));
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(g->mod);
  R.remat = g->debug ? NULL : pj_block_remat(g->f);
  R.uniform = g->debug ? NULL : pj_block_uniform(g->f); /* debug: every thread checked */
  for (int v = 0; v < nv; v++) {
    if (!g->f->vars[v].type) continue;
    R.types[v] = pj_cg_type(g, g->f->vars[v].type);
    if (R.remat && R.remat->var[v]) { /* one for the block; recomputed for each thread bound */
      g->slots[v] = LLVMBuildAlloca(g->b, R.types[v], g->f->vars[v].name);
      LLVMBuildStore(g->b, LLVMConstNull(R.types[v]), g->slots[v]);
      continue;
    }
    R.arrays[v] = LLVMBuildArrayAlloca(g->b, R.types[v], nthreads, g->f->vars[v].name);
    LLVMValueRef size = LLVMBuildMul(g->b, nthreads, LLVMConstInt(i64, LLVMABISizeOfType(td, R.types[v]), 0), "");
    LLVMBuildMemSet(g->b, R.arrays[v], LLVMConstInt(i8, 0, 0), size, 8);
  }
  R.exited = LLVMBuildArrayAlloca(g->b, i8, nthreads, "exited");
  LLVMBuildMemSet(g->b, R.exited, LLVMConstInt(i8, 0, 0), nthreads, 1);
  R.dirty = LLVMBuildAlloca(g->b, i8, "dirty");
  LLVMBuildStore(g->b, LLVMConstInt(i8, 0, 0), R.dirty);
  LLVMBuildBr(g->b, body);
  g->alloca_b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(g->alloca_b, LLVMGetBasicBlockTerminator(entry));
  LLVMPositionBuilderAtEnd(g->b, body);
  int p = 0, leaf = 0;
  for (int i = 0; i < g->f->nparams; i++) {
    LLVMValueRef v = pj_cg_param_value(g, args, &leaf, flat, &p, g->f->vars[i].type);
    if (R.arrays[i]) pj_store_threads(&R, i, v);
    else if (g->slots[i]) LLVMBuildStore(g->b, v, g->slots[i]);
  }
  g->ret = LLVMAppendBasicBlockInContext(ctx, g->fn, "return");
  pj_uniform_block(&R, &g->f->body, false);
  if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, g->ret);
  LLVMPositionBuilderAtEnd(g->b, g->ret);
  LLVMBuildRetVoid(g->b);
  LLVMDisposeBuilder(g->alloca_b);
  free(R.arrays);
  free(R.types);
  pj_block_remat_free(R.remat);
  free(R.uniform);
  free(g->slots);
  g->slots = NULL;
}
