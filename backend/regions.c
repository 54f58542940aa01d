/* The CPU executor's entry for kernels with barriers or shared memory ("block mode").
 *
 * One call runs a whole block. The body is cut at each cuda.syncthreads(): between two
 * barriers, every thread of the block runs its code to the next barrier, one thread after the
 * other, in a loop over the block's threads (a "thread region"). Control flow that contains a
 * barrier, or that leaves a loop containing one, runs once for the whole block with thread 0's
 * values: CUDA requires such control flow to be the same for every thread of the block. Each
 * variable lives in an array with one element per thread; shared arrays exist once per block;
 * a thread that returns is marked and skipped by the later regions. No stacks, no context
 * switches: a barrier costs one pass over the block's threads. */
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

typedef struct PjRegions {
  PjCg *g;
  LLVMValueRef *arrays;  /* per variable: nthreads elements */
  LLVMTypeRef *types;
  LLVMValueRef exited;   /* i8 per thread */
  LLVMValueRef dims[3];  /* blockDim, i32 */
} PjRegions;

static LLVMTypeRef pj_i64t(PjCg *g) { return LLVMInt64TypeInContext(g->ctx); }

/* Emit code as thread `tid` (i64): its variables, its index. */
static void pj_bind_thread(PjRegions *R, LLVMValueRef tid, LLVMValueRef tx, LLVMValueRef ty, LLVMValueRef tz) {
  PjCg *g = R->g;
  for (int v = 0; v < g->f->nvars; v++)
    if (R->arrays[v]) g->slots[v] = LLVMBuildInBoundsGEP2(g->b, R->types[v], R->arrays[v], &tid, 1, "");
  g->linear_tid = tid;
  g->cpu_tid[0] = tx;
  g->cpu_tid[1] = ty;
  g->cpu_tid[2] = tz;
}

static void pj_bind_thread0(PjRegions *R) {
  LLVMValueRef zero32 = LLVMConstInt(LLVMInt32TypeInContext(R->g->ctx), 0, 0);
  pj_bind_thread(R, LLVMConstInt(pj_i64t(R->g), 0, 0), zero32, zero32, zero32);
}

static void pj_open(PjCg *g) {
  if (LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b)))
    LLVMPositionBuilderAtEnd(g->b, LLVMAppendBasicBlockInContext(g->ctx, g->fn, "dead"));
}

/* for t in range(nthreads): variable v of thread t = value */
static void pj_store_every_thread(PjRegions *R, int v, LLVMValueRef value) {
  PjCg *g = R->g;
  LLVMTypeRef i64 = pj_i64t(g);
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(g->b);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "all.head");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "all.body");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "all.done");
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMValueRef t = LLVMBuildPhi(g->b, i64, "t");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, t, g->nthreads, ""), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  LLVMBuildStore(g->b, value, LLVMBuildInBoundsGEP2(g->b, R->types[v], R->arrays[v], &t, 1, ""));
  LLVMValueRef next = LLVMBuildAdd(g->b, t, LLVMConstInt(i64, 1, 0), "");
  LLVMBuildBr(g->b, head);
  LLVMAddIncoming(t, (LLVMValueRef[]){LLVMConstInt(i64, 0, 0), next}, (LLVMBasicBlockRef[]){pre, body}, 2);
  LLVMPositionBuilderAtEnd(g->b, done);
}

/* ---- thread regions ------------------------------------------------------------------------- */

typedef void (*PjThreadCode)(PjRegions *R, const void *what);

static void pj_thread_loop(PjRegions *R, PjThreadCode code, const void *what);

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
  pj_thread_loop(R, pj_run_stmts, &run);
}

/* Every live thread of the block runs `code`, in the block's thread order. */
static void pj_thread_loop(PjRegions *R, PjThreadCode code, const void *what) {
  PjCg *g = R->g;
  LLVMContextRef ctx = g->ctx;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = pj_i64t(g), i8 = LLVMInt8TypeInContext(ctx);
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
    LLVMAddIncoming(iv[d], (LLVMValueRef[]){LLVMConstInt(i32, 0, 0)}, &pre, 1);
    LLVMBasicBlockRef inner = LLVMAppendBasicBlockInContext(ctx, g->fn, "thr.body");
    LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntULT, iv[d], R->dims[d], ""), inner, exits[d]);
    LLVMPositionBuilderAtEnd(g->b, inner);
  }
  /* tid = (z * by + y) * bx + x */
  LLVMValueRef z = LLVMBuildZExt(g->b, iv[2], i64, ""), y = LLVMBuildZExt(g->b, iv[1], i64, "");
  LLVMValueRef x = LLVMBuildZExt(g->b, iv[0], i64, "");
  LLVMValueRef by = LLVMBuildZExt(g->b, R->dims[1], i64, ""), bx = LLVMBuildZExt(g->b, R->dims[0], i64, "");
  LLVMValueRef tid = LLVMBuildAdd(g->b, LLVMBuildMul(g->b, LLVMBuildAdd(g->b, LLVMBuildMul(g->b, z, by, ""), y, ""), bx, ""), x, "tid");
  LLVMValueRef flag = LLVMBuildInBoundsGEP2(g->b, i8, R->exited, &tid, 1, "");
  LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(ctx, g->fn, "thr.run");
  LLVMBasicBlockRef leave = LLVMAppendBasicBlockInContext(ctx, g->fn, "thr.return");
  LLVMValueRef gone = LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildLoad2(g->b, i8, flag, ""), LLVMConstInt(i8, 0, 0), "");
  LLVMBuildCondBr(g->b, gone, latches[0], run);
  LLVMPositionBuilderAtEnd(g->b, leave);
  LLVMBuildStore(g->b, LLVMConstInt(i8, 1, 0), flag);
  LLVMBuildBr(g->b, latches[0]);
  LLVMPositionBuilderAtEnd(g->b, run);
  pj_bind_thread(R, tid, iv[0], iv[1], iv[2]);
  LLVMBasicBlockRef saved_ret = g->ret, saved_exit = g->loop_exit, saved_cont = g->loop_continue;
  g->ret = leave;
  g->loop_exit = g->loop_continue = NULL; /* a uniform loop is left only at uniform level */
  code(R, what);
  g->ret = saved_ret;
  g->loop_exit = saved_exit;
  g->loop_continue = saved_cont;
  for (int d = 0; d < 3; d++) {
    if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, latches[d]);
    LLVMPositionBuilderAtEnd(g->b, latches[d]);
    LLVMValueRef next = LLVMBuildAdd(g->b, iv[d], LLVMConstInt(i32, 1, 0), "");
    LLVMAddIncoming(iv[d], &next, &latches[d], 1);
    LLVMBuildBr(g->b, heads[d]);
    LLVMPositionBuilderAtEnd(g->b, exits[d]);
  }
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
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx), i64 = pj_i64t(g);
  /* a lane past the block's last thread reads index 0's flag and is then masked out */
  LLVMValueRef in = LLVMBuildICmp(g->b, LLVMIntULT, tid, g->nthreads, "");
  LLVMValueRef safe = LLVMBuildSelect(g->b, in, tid, LLVMConstInt(i64, 0, 0), "");
  LLVMValueRef flag = LLVMBuildLoad2(g->b, i8, LLVMBuildInBoundsGEP2(g->b, i8, R->exited, &safe, 1, ""), "");
  return LLVMBuildAnd(g->b, in, LLVMBuildICmp(g->b, LLVMIntEQ, flag, LLVMConstInt(i8, 0, 0), ""), "");
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

/* ---- uniform control flow ----------------------------------------------------------------- */

static void pj_uniform_block(PjRegions *R, const PjBlock *b, bool in_loop);

static LLVMValueRef pj_uniform_cond(PjRegions *R, const PjExpr *cond) {
  pj_bind_thread0(R);
  return pj_cg_truth(R->g, pj_cg_expr(R->g, cond), cond->type);
}

static void pj_uniform_if(PjRegions *R, const PjStmt *s, bool in_loop) {
  PjCg *g = R->g;
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

/* Whether any thread of the block has not returned: a loop around barriers ends when all did. */
static LLVMValueRef pj_any_live(PjRegions *R) {
  PjCg *g = R->g;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef acc = LLVMBuildAlloca(g->alloca_b, i8, "");
  LLVMBuildStore(g->b, LLVMConstInt(i8, 0, 0), acc);
  PjCountLoop L;
  LLVMValueRef t = pj_count_begin(g, &L, g->nthreads);
  LLVMValueRef alive = LLVMBuildZExt(g->b, pj_live(R, t), i8, "");
  LLVMBuildStore(g->b, LLVMBuildOr(g->b, LLVMBuildLoad2(g->b, i8, acc, ""), alive, ""), acc);
  pj_count_end(g, &L);
  return LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildLoad2(g->b, i8, acc, ""), LLVMConstInt(i8, 0, 0), "");
}

static void pj_uniform_while(PjRegions *R, const PjStmt *s) {
  PjCg *g = R->g;
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.while");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.body");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.wend");
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMValueRef go = LLVMBuildAnd(g->b, pj_any_live(R), pj_uniform_cond(R, s->while_.cond), "");
  LLVMBuildCondBr(g->b, go, body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  pj_uniform_loop_body(R, &s->while_.body, head, done);
  LLVMPositionBuilderAtEnd(g->b, done);
}

/* for i in range(...) around a barrier: the walk is the block's, i is every thread's. */
static void pj_uniform_for(PjRegions *R, const PjStmt *s) {
  PjCg *g = R->g;
  const PjExpr *it = s->for_.iter;
  PjDtype d = it->type->dtype;
  LLVMTypeRef t = pj_cg_dtype(g, d);
  int n = it->call.nargs;
  pj_bind_thread0(R);
  LLVMValueRef start = n > 1 ? pj_cg_expr(g, it->call.args[0]) : LLVMConstInt(t, 0, 0);
  LLVMValueRef stop = pj_cg_expr(g, it->call.args[n > 1 ? 1 : 0]);
  LLVMValueRef step = n > 2 ? pj_cg_expr(g, it->call.args[2]) : LLVMConstInt(t, 1, 0);
  LLVMValueRef count = pj_cg_range_count(g, start, stop, step, d);
  LLVMValueRef counter = LLVMBuildAlloca(g->alloca_b, t, "u.k");
  LLVMBuildStore(g->b, LLVMConstInt(t, 0, 0), counter);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.for");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.fbody");
  LLVMBasicBlockRef latch = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.finc");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "u.fend");
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, head);
  LLVMValueRef k = LLVMBuildLoad2(g->b, t, counter, "");
  LLVMValueRef more = LLVMBuildICmp(g->b, LLVMIntULT, k, count, "");
  LLVMBuildCondBr(g->b, LLVMBuildAnd(g->b, more, pj_any_live(R), ""), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  LLVMValueRef i = LLVMBuildAdd(g->b, start, LLVMBuildMul(g->b, k, step, ""), "");
  int v = s->for_.target->name.var;
  pj_store_every_thread(R, v, pj_cg_convert(g, i, pj_type_scalar(d), g->f->vars[v].type));
  pj_uniform_loop_body(R, &s->for_.body, latch, done);
  LLVMPositionBuilderAtEnd(g->b, latch);
  LLVMBuildStore(g->b, LLVMBuildAdd(g->b, LLVMBuildLoad2(g->b, t, counter, ""), LLVMConstInt(t, 1, 0), ""), counter);
  LLVMBuildBr(g->b, head);
  LLVMPositionBuilderAtEnd(g->b, done);
}

/* ---- collectives ---------------------------------------------------------------------------- */

/* shfl: the value of lane src of this warp, or this thread's own when src is outside it. */
static LLVMValueRef pj_cpu_shfl(PjRegions *R, const PjExpr *e, LLVMValueRef tid, LLVMValueRef base, LLVMValueRef lane) {
  PjCg *g = R->g;
  LLVMTypeRef i64 = pj_i64t(g);
  LLVMValueRef arg = LLVMBuildSExt(g->b, pj_arg_of(R, e->builtin.args[2], tid), i64, "");
  LLVMValueRef src;
  switch ((PjCollective)pj_builtins[e->builtin.id].dim) {
  case PJ_COLL_SHFL_IDX: src = LLVMBuildAnd(g->b, arg, LLVMConstInt(i64, 31, 0), ""); break;
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
                                            : pj_cpu_vote(R, e, tid, base);
  pj_cg_store_var(g, cc->s->assign.targets[0], r, e->type);
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
  pj_thread_loop(R, pj_run_collective, &cc);
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
  case PJ_ST_BREAK: LLVMBuildBr(g->b, g->loop_exit); break;
  case PJ_ST_CONTINUE: LLVMBuildBr(g->b, g->loop_continue); break;
  case PJ_ST_EXPR: break; /* the barrier itself: the regions around it are the synchronisation */
  default: pj_cg_fail(g, s->loc, "cuda.syncthreads() inside this statement cannot run on the CPU executor"); break;
  }
}

static void pj_uniform_block(PjRegions *R, const PjBlock *b, bool in_loop) {
  const PjStmt **run = malloc(sizeof(PjStmt *) * (size_t)(b->count + 1));
  int n = 0;
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    if (pj_has_barrier(s) || (in_loop && pj_exits_loop(s))) {
      if (n) {
        pj_open(R->g);
        pj_thread_region(R, run, n);
        n = 0;
      }
      pj_uniform_stmt(R, s, in_loop);
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
  for (int v = 0; v < nv; v++) {
    if (!g->f->vars[v].type) continue;
    R.types[v] = pj_cg_type(g, g->f->vars[v].type);
    R.arrays[v] = LLVMBuildArrayAlloca(g->b, R.types[v], nthreads, g->f->vars[v].name);
    LLVMValueRef size = LLVMBuildMul(g->b, nthreads, LLVMConstInt(i64, LLVMABISizeOfType(td, R.types[v]), 0), "");
    LLVMBuildMemSet(g->b, R.arrays[v], LLVMConstInt(i8, 0, 0), size, 8);
  }
  R.exited = LLVMBuildArrayAlloca(g->b, i8, nthreads, "exited");
  LLVMBuildMemSet(g->b, R.exited, LLVMConstInt(i8, 0, 0), nthreads, 1);
  LLVMBuildBr(g->b, body);
  g->alloca_b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(g->alloca_b, LLVMGetBasicBlockTerminator(entry));
  LLVMPositionBuilderAtEnd(g->b, body);
  int p = 0;
  for (int i = 0; i < nargs; i++)
    pj_store_every_thread(&R, i, pj_cg_arg_value(g, &args[i], flat, &p, g->f->vars[i].type));
  g->ret = LLVMAppendBasicBlockInContext(ctx, g->fn, "return");
  pj_uniform_block(&R, &g->f->body, false);
  if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, g->ret);
  LLVMPositionBuilderAtEnd(g->b, g->ret);
  for (int i = 0; i < g->nheap; i++) pj_cg_free(g, g->heap[i]);
  LLVMBuildRetVoid(g->b);
  LLVMDisposeBuilder(g->alloca_b);
  free(R.arrays);
  free(R.types);
  free(g->slots);
  g->slots = NULL;
}
