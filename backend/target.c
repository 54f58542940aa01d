/* The two targets of the one code generator: NVPTX (a .entry kernel, libdevice, PTX text) and
 * the host (a per-block entry for the CPU executor, libm, native code through ORC LLJIT). */
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "backend/codegen.h"
#include "ir/half.h"

#define PJ_NVPTX_TRIPLE "nvptx64-nvidia-cuda"
#define PJ_PTX_KERNEL_CC 71

struct PjCode {
  PjTarget target;
  char *name, *entry;
  char *llvm_text, *ptx;
  char *object;        /* CPU with PJ_EMIT_OBJECT: the native code as a relocatable object, run from it */
  size_t object_len;
  LLVMOrcLLJITRef jit;
  PjCpuEntry cpu_entry;
  PjKernelError *cpu_error;
  bool debug;
  uint64_t static_shared;
  bool grid_sync;
};

static pthread_once_t pj_llvm_once = PTHREAD_ONCE_INIT;

static void pj_llvm_init(void) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  /* IRCE (the CPU's thread loops, pj_finish_host) acts only where profile data says a range
   * check is likely to pass, and kernels have none: the guard of a thread index against an
   * array's size passes for every thread but those past the end */
  const char *const opts[] = {"pyjitc", "-irce-skip-profitability-checks"};
  LLVMParseCommandLineOptions(2, opts, NULL);
}

static char *pj_host_target_text;
static pthread_once_t pj_host_target_once = PTHREAD_ONCE_INIT;

static void pj_host_target_init(void) {
  char *triple = LLVMGetDefaultTargetTriple(), *cpu = LLVMGetHostCPUName(), *features = LLVMGetHostCPUFeatures();
  if (asprintf(&pj_host_target_text, "%s %s %s", triple, cpu, features) < 0) pj_host_target_text = NULL;
  LLVMDisposeMessage(triple);
  LLVMDisposeMessage(cpu);
  LLVMDisposeMessage(features);
}

const char *pj_backend_host_target(void) {
  pthread_once(&pj_host_target_once, pj_host_target_init);
  return pj_host_target_text ? pj_host_target_text : "";
}

const char *pj_backend_llvm_version(void) {
  static char v[32];
  unsigned major, minor, patch;
  LLVMGetVersion(&major, &minor, &patch);
  snprintf(v, sizeof v, "%u.%u.%u", major, minor, patch);
  return v;
}

/* The library never prints: LLVM's own diagnostics are dropped (errors surface as results). */
static void pj_llvm_quiet(LLVMDiagnosticInfoRef info, void *ctx) { (void)info; (void)ctx; }

/* ---- per-target hooks ------------------------------------------------------------------- */

static LLVMValueRef pj_nvptx_sreg(PjCg *g, PjLowering which, int d) {
  static const char *const names[] = {"tid", "ctaid", "ntid", "nctaid"};
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", names[which - PJ_LOWER_TID], "xyz"[d]);
  return pj_cg_call_intrinsic(g, name, NULL, 0, NULL, 0);
}

static LLVMValueRef pj_nvptx_math(PjCg *g, const char *dev, const char *host, PjDtype d, LLVMValueRef *args,
                                  unsigned n) {
  (void)host;
  return pj_cg_call_extern(g, dev, pj_cg_dtype(g, d), args, n);
}

/* Field k of the executor's PjCpuGrid, as uint32: grid[3], block[3], block_idx[3], shared_bytes.
 * Each field keeps to CUDA's limits (!range), which every launch checks first, and no array
 * argument can reach the PjCpuGrid (the entry's parameter is noalias: pj_add_noalias), so a
 * store to an array does not make it be read again: LLVM sees that blockIdx.x * blockDim.x +
 * threadIdx.x is never negative (no wraparound of the index) and that the threads of a block
 * touch consecutive elements, and vectorizes across them. */
static LLVMValueRef pj_host_load_grid(PjCg *g, LLVMBuilderRef b, int k) {
  static const uint32_t lo[10] = {1, 1, 1, 1, 1, 1, 0, 0, 0, 0};
  static const uint32_t hi[10] = {0x80000000u, 65536, 65536, 1025, 1025, 65, 0x7fffffffu, 65535, 65535, 0};
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx);
  LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(g->ctx), (unsigned long long)k, 0);
  LLVMValueRef v = LLVMBuildLoad2(b, i32, LLVMBuildInBoundsGEP2(b, i32, g->cpu_grid, &idx, 1, ""), "");
  if (hi[k]) {
    LLVMMetadataRef r[2] = {LLVMValueAsMetadata(LLVMConstInt(i32, lo[k], 0)), LLVMValueAsMetadata(LLVMConstInt(i32, hi[k], 0))};
    LLVMSetMetadata(v, LLVMGetMDKindIDInContext(g->ctx, "range", 5), LLVMMetadataAsValue(g->ctx, LLVMMDNodeInContext2(g->ctx, r, 2)));
  }
  return v;
}

static LLVMValueRef pj_host_sreg_raw(PjCg *g, int k) { return pj_host_load_grid(g, g->b, k); }

static LLVMValueRef pj_host_sreg(PjCg *g, PjLowering which, int d) {
  if (which == PJ_LOWER_TID) return g->cpu_tid[d];
  int base = which == PJ_LOWER_NCTAID ? 0 : which == PJ_LOWER_NTID ? 3 : 6;
  return pj_host_sreg_raw(g, base + d);
}

static LLVMValueRef pj_host_math(PjCg *g, const char *dev, const char *host, PjDtype d, LLVMValueRef *args,
                                 unsigned n) {
  (void)dev;
  return pj_cg_call_extern(g, host, pj_cg_dtype(g, d), args, n);
}

static LLVMValueRef pj_inline_asm(PjCg *g, LLVMTypeRef ret, const char *text, const char *constraints, LLVMValueRef *args,
                                  unsigned n) {
  LLVMTypeRef params[2];
  for (unsigned i = 0; i < n; i++) params[i] = LLVMTypeOf(args[i]);
  LLVMTypeRef ft = LLVMFunctionType(ret, params, n, 0);
  LLVMValueRef asm_ = LLVMGetInlineAsm(ft, (char *)text, strlen(text), (char *)constraints, strlen(constraints), 1, 0,
                                       LLVMInlineAsmDialectATT, 0);
  return LLVMBuildCall2(g->b, ft, asm_, args, n, "");
}

void pj_cg_poll_interrupt(PjCg *g) {
  if (!g->host || !g->cpu_grid) return;
  LLVMTypeRef ptr = pj_cg_ptr(g), i32 = LLVMInt32TypeInContext(g->ctx), i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef off = LLVMConstInt(pj_cg_i64(g), offsetof(PjCpuGrid, interrupt), 0);
  LLVMValueRef word = LLVMBuildLoad2(g->b, ptr, LLVMBuildInBoundsGEP2(g->b, i8, g->cpu_grid, &off, 1, ""), "");
  LLVMValueRef v = LLVMBuildLoad2(g->b, i32, word, "interrupt");
  LLVMSetOrdering(v, LLVMAtomicOrderingMonotonic);
  LLVMSetAlignment(v, 4);
  LLVMBasicBlockRef stop = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "interrupted");
  LLVMBasicBlockRef go = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "not.interrupted");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntNE, v, LLVMConstInt(i32, 0, 0), ""), stop, go);
  LLVMPositionBuilderAtEnd(g->b, stop);
  off = LLVMConstInt(pj_cg_i64(g), offsetof(PjCpuGrid, interrupted), 0);
  LLVMValueRef fn = LLVMBuildLoad2(g->b, ptr, LLVMBuildInBoundsGEP2(g->b, i8, g->cpu_grid, &off, 1, ""), "");
  LLVMBuildCall2(g->b, LLVMFunctionType(LLVMVoidTypeInContext(g->ctx), NULL, 0, 0), fn, NULL, 0, "");
  LLVMBuildUnreachable(g->b);
  LLVMPositionBuilderAtEnd(g->b, go);
}

/* The alignment= a local or shared array's call gives (its constant third argument), or 0. */
static unsigned pj_array_alignment(const PjExpr *site) {
  if (site->kind != PJ_EX_BUILTIN || site->builtin.nargs < 3 || site->builtin.args[2]->kind != PJ_EX_INT) return 0;
  return (unsigned)site->builtin.args[2]->ival;
}

/* Shared arrays are addrspace(3) globals, one per call site; local arrays stack slots; each
 * aligned as its alignment= says (shared: at least 16 bytes when none is given). */
static LLVMValueRef pj_nvptx_new_array(PjCg *g, const PjExpr *site, bool shared, LLVMTypeRef elem, uint64_t count) {
  if (shared && count == 0) { /* dynamic shared memory: one extern array that every such site shares */
    LLVMValueRef gv = LLVMGetNamedGlobal(g->mod, "pj_dynamic_shared");
    if (!gv) {
      gv = LLVMAddGlobalInAddressSpace(g->mod, LLVMArrayType2(LLVMInt8TypeInContext(g->ctx), 0), "pj_dynamic_shared", 3);
      LLVMSetLinkage(gv, LLVMExternalLinkage);
      LLVMSetAlignment(gv, 16);
    }
    if (pj_array_alignment(site) > LLVMGetAlignment(gv)) LLVMSetAlignment(gv, pj_array_alignment(site));
    return LLVMConstAddrSpaceCast(gv, LLVMPointerTypeInContext(g->ctx, 0));
  }
  LLVMValueRef *slot = pj_cg_site(g, site);
  if (slot && *slot) return *slot;
  LLVMValueRef p;
  if (shared) {
    LLVMTypeRef at = LLVMArrayType2(elem, count);
    LLVMValueRef gv = LLVMAddGlobalInAddressSpace(g->mod, at, "shared", 3);
    LLVMSetInitializer(gv, LLVMGetUndef(at));
    LLVMSetLinkage(gv, LLVMInternalLinkage);
    LLVMSetAlignment(gv, pj_array_alignment(site) ? pj_array_alignment(site) : 16);
    p = LLVMConstAddrSpaceCast(gv, LLVMPointerTypeInContext(g->ctx, 0));
  } else {
    p = LLVMBuildArrayAlloca(g->alloca_b, elem, LLVMConstInt(LLVMInt64TypeInContext(g->ctx), count, 0), "local");
    if (pj_array_alignment(site)) LLVMSetAlignment(p, pj_array_alignment(site));
  }
  if (slot) *slot = p;
  return p;
}

static LLVMValueRef pj_nvptx_dynamic_shared_bytes(PjCg *g) {
  LLVMValueRef n = pj_inline_asm(g, LLVMInt32TypeInContext(g->ctx), "mov.u32 $0, %dynamic_smem_size;", "=r", NULL, 0);
  return LLVMBuildZExt(g->b, n, LLVMInt64TypeInContext(g->ctx), "");
}

/* The module's grid barrier word (PJ_GRID_BARRIER_SYMBOL): one uint32 in global memory that
 * every g.sync() of the kernel uses; external, so that the runtime finds it and zeroes it before
 * each launch. */
static LLVMValueRef pj_grid_barrier_word(PjCg *g) {
  LLVMValueRef gv = LLVMGetNamedGlobal(g->mod, PJ_GRID_BARRIER_SYMBOL);
  if (gv) return gv;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx);
  gv = LLVMAddGlobalInAddressSpace(g->mod, i32, PJ_GRID_BARRIER_SYMBOL, 1);
  LLVMSetInitializer(gv, LLVMConstInt(i32, 0, 0));
  LLVMSetAlignment(gv, 4);
  return gv;
}

/* Whether the three special registers `which` .x .y .z are all 0 (i1). */
static LLVMValueRef pj_nvptx_all_zero(PjCg *g, PjLowering which) {
  LLVMValueRef any = LLVMBuildOr(g->b, pj_nvptx_sreg(g, which, 0), pj_nvptx_sreg(g, which, 1), "");
  any = LLVMBuildOr(g->b, any, pj_nvptx_sreg(g, which, 2), "");
  return LLVMBuildICmp(g->b, LLVMIntEQ, any, LLVMConstInt(LLVMInt32TypeInContext(g->ctx), 0, 0), "");
}

/* g.sync(): a barrier of the whole grid, whose blocks a cooperative launch keeps resident
 * together. The block's threads meet at bar.sync; then its thread (0, 0, 0) arrives for the
 * block by an atomic add to the barrier word: block (0, 0, 0) adds 2**31 - (blocks - 1), every
 * other block 1, so that the word's top bit flips exactly when the last block arrives, and its
 * low 31 bits are back where they were (the same word serves the next barrier). That thread
 * spins on a volatile load until the top bit differs from the value its add returned. membar.gl
 * before the add publishes the block's writes (which bar.sync ordered before it) to the grid,
 * membar.gl after the spin orders what follows after every block's writes, and a second bar.sync
 * holds the block's other threads until their thread 0 is through. With debug checks the spin
 * also ends when a thread has recorded a failure (a block whose thread stopped never arrives),
 * and every thread then leaves. */
static void pj_nvptx_grid_sync(PjCg *g) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx);
  LLVMValueRef word = pj_grid_barrier_word(g), top = LLVMConstInt(i32, 0x80000000u, 0);
  g->grid_sync = true;
  pj_cg_call_intrinsic(g, "llvm.nvvm.barrier0", NULL, 0, NULL, 0);
  LLVMBasicBlockRef arrive = pj_cg_block_new(g, "grid.arrive"), spin = pj_cg_block_new(g, "grid.spin");
  LLVMBasicBlockRef through = pj_cg_block_new(g, "grid.through"), after = pj_cg_block_new(g, "grid.after");
  LLVMBuildCondBr(g->b, pj_nvptx_all_zero(g, PJ_LOWER_TID), arrive, after);
  LLVMPositionBuilderAtEnd(g->b, arrive);
  LLVMValueRef blocks = LLVMBuildMul(g->b, pj_nvptx_sreg(g, PJ_LOWER_NCTAID, 0), pj_nvptx_sreg(g, PJ_LOWER_NCTAID, 1), "");
  blocks = LLVMBuildMul(g->b, blocks, pj_nvptx_sreg(g, PJ_LOWER_NCTAID, 2), "blocks");
  LLVMValueRef first = LLVMBuildSub(g->b, top, LLVMBuildSub(g->b, blocks, LLVMConstInt(i32, 1, 0), ""), "");
  LLVMValueRef add = LLVMBuildSelect(g->b, pj_nvptx_all_zero(g, PJ_LOWER_CTAID), first, LLVMConstInt(i32, 1, 0), "");
  pj_cg_call_intrinsic(g, "llvm.nvvm.membar.gl", NULL, 0, NULL, 0);
  LLVMValueRef old = LLVMBuildAtomicRMW(g->b, LLVMAtomicRMWBinOpAdd, word, add, LLVMAtomicOrderingMonotonic, 0);
  LLVMBuildBr(g->b, spin);
  LLVMPositionBuilderAtEnd(g->b, spin);
  LLVMValueRef now = LLVMBuildLoad2(g->b, i32, word, "");
  LLVMSetVolatile(now, 1);
  LLVMValueRef flipped = LLVMBuildAnd(g->b, LLVMBuildXor(g->b, old, now, ""), top, "");
  LLVMValueRef done = LLVMBuildICmp(g->b, LLVMIntNE, flipped, LLVMConstInt(i32, 0, 0), "");
  if (g->debug) done = LLVMBuildOr(g->b, done, pj_cg_failed_now(g), "");
  LLVMBuildCondBr(g->b, done, through, spin);
  LLVMPositionBuilderAtEnd(g->b, through);
  pj_cg_call_intrinsic(g, "llvm.nvvm.membar.gl", NULL, 0, NULL, 0);
  LLVMBuildBr(g->b, after);
  LLVMPositionBuilderAtEnd(g->b, after);
  pj_cg_call_intrinsic(g, "llvm.nvvm.barrier0", NULL, 0, NULL, 0);
  if (g->debug) pj_cg_stop_if_failed(g);
}

static void pj_nvptx_barrier(PjCg *g, const PjExpr *site) {
  if (pj_builtins[site->builtin.id].dim == PJ_BARRIER_BLOCK) {
    pj_cg_call_intrinsic(g, "llvm.nvvm.barrier0", NULL, 0, NULL, 0);
    return;
  }
  if (pj_builtins[site->builtin.id].dim == PJ_BARRIER_GRID) {
    pj_nvptx_grid_sync(g);
    return;
  }
  /* syncwarp(mask) */
  LLVMValueRef mask = site->builtin.nargs ? pj_cg_expr(g, site->builtin.args[0])
                                          : LLVMConstInt(LLVMInt32TypeInContext(g->ctx), 0xffffffffu, 0);
  pj_cg_call_intrinsic(g, "llvm.nvvm.bar.warp.sync", NULL, 0, &mask, 1);
}

static void pj_nvptx_fence(PjCg *g, const char *intrinsic) { pj_cg_call_intrinsic(g, intrinsic, NULL, 0, NULL, 0); }


static LLVMValueRef pj_nvptx_lane(PjCg *g, int which) {
  if (which == 0) return pj_cg_call_intrinsic(g, "llvm.nvvm.read.ptx.sreg.laneid", NULL, 0, NULL, 0);
  return pj_cg_call_intrinsic(g, "llvm.nvvm.read.ptx.sreg.lanemask.lt", NULL, 0, NULL, 0);
}

static void pj_nvptx_nanosleep(PjCg *g, LLVMValueRef ns) { pj_inline_asm(g, LLVMVoidTypeInContext(g->ctx), "nanosleep.u32 $0;", "r", &ns, 1); }

/* CPU: shared arrays are made once per block call (block mode); a local array is the thread's
 * own: in block mode a slice of one allocation for all the block's threads. */
static LLVMValueRef pj_host_dynamic_shared_bytes(PjCg *g) {
  return LLVMBuildZExt(g->b, pj_host_sreg_raw(g, 9), LLVMInt64TypeInContext(g->ctx), "");
}

/* Block mode: `bytes` of the executor's scratch for this block (PjCpuGrid.scratch), asked for
 * at the kernel's entry; taken back by the executor when the block is done or abandoned. */
static LLVMValueRef pj_host_scratch(PjCg *g, LLVMValueRef bytes) {
  LLVMTypeRef ptr = pj_cg_ptr(g), i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef off = LLVMConstInt(pj_cg_i64(g), offsetof(PjCpuGrid, scratch), 0);
  LLVMValueRef fn = LLVMBuildLoad2(g->alloca_b, ptr, LLVMBuildInBoundsGEP2(g->alloca_b, i8, g->cpu_grid, &off, 1, ""), "");
  LLVMTypeRef ft = LLVMFunctionType(ptr, (LLVMTypeRef[]){ptr, pj_cg_i64(g)}, 2, 0);
  return LLVMBuildCall2(g->alloca_b, ft, fn, (LLVMValueRef[]){g->cpu_grid, bytes}, 2, "scratch");
}

/* A recursive device function on the CPU executor, at its entry: a frame below the thread's
 * PjCpuGrid.stack_limit records PJ_KERNEL_ERROR_RECURSION and returns (its callers stop after
 * the call: pj_cg_stop_if_failed), where going on would overflow the stack. */
void pj_host_stack_check(PjCg *g, PjLoc loc) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(g->ctx), i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef off = LLVMConstInt(i64, offsetof(PjCpuGrid, stack_limit), 0);
  LLVMValueRef limit = LLVMBuildLoad2(g->b, i64, LLVMBuildInBoundsGEP2(g->b, i8, g->cpu_grid, &off, 1, ""), "stack.limit");
  LLVMValueRef here = LLVMBuildPtrToInt(g->b, LLVMBuildAlloca(g->alloca_b, i8, "frame"), i64, "");
  LLVMValueRef deep = LLVMBuildICmp(g->b, LLVMIntULT, here, limit, "");
  LLVMBasicBlockRef fail = pj_cg_block_new(g, "stack.deep"), ok = pj_cg_block_new(g, "stack.ok");
  LLVMBuildCondBr(g->b, deep, fail, ok);
  LLVMPositionBuilderAtEnd(g->b, fail);
  pj_cg_record_error(g, loc, PJ_KERNEL_ERROR_RECURSION, 0, NULL, NULL);
  LLVMPositionBuilderAtEnd(g->b, ok);
}

static LLVMValueRef pj_host_new_array(PjCg *g, const PjExpr *site, bool shared, LLVMTypeRef elem, uint64_t count) {
  unsigned align = pj_array_alignment(site);
  if (shared && count == 0 && align > 16) {
    pj_cg_fail(g, site->loc, "alignment= above 16 for dynamic shared memory cannot run on the CPU executor yet");
    return LLVMConstNull(LLVMPointerTypeInContext(g->ctx, 0));
  }
  if (shared && count == 0 && !g->in_device && g->block_mode) {
    /* dynamic shared memory: the launch's bytes, once per block, shared by every such site */
    static const PjExpr dynamic_site;
    LLVMValueRef *slot = pj_cg_site(g, &dynamic_site);
    if (slot && !*slot)
      *slot = pj_host_scratch(g, LLVMBuildZExt(g->alloca_b, pj_host_load_grid(g, g->alloca_b, 9), LLVMInt64TypeInContext(g->ctx), ""));
    if (slot && *slot) return *slot;
  }
  if (shared && g->in_device) {
    pj_cg_fail(g, site->loc, "cuda.shared.array in a device function cannot run on the CPU executor yet");
    return LLVMConstNull(LLVMPointerTypeInContext(g->ctx, 0));
  }
  LLVMValueRef *slot = pj_cg_site(g, site);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(g->ctx), i8 = LLVMInt8TypeInContext(g->ctx);
  LLVMValueRef n = LLVMConstInt(i64, count, 0);
  /* block mode: each thread's copy of a local array `each` bytes after the previous one, a
   * multiple of the alignment when one is given (so that every copy starts aligned) */
  uint64_t each = count * LLVMABISizeOfType(LLVMGetModuleDataLayout(g->mod), elem);
  if (align) each = (each + align - 1) / align * align;
  LLVMValueRef base = slot ? *slot : NULL; /* no slot: past the sites a kernel keeps, made afresh */
  if (!base && !shared && g->block_mode) {
    /* every thread's copy at once: in the executor's scratch for the block; above its 16
     * bytes, over-allocated by one alignment and the first copy moved up to a multiple */
    LLVMValueRef bytes = LLVMBuildMul(g->alloca_b, g->nthreads, LLVMConstInt(i64, each, 0), "");
    if (align > 16) bytes = LLVMBuildAdd(g->alloca_b, bytes, LLVMConstInt(i64, align, 0), "");
    base = pj_host_scratch(g, bytes);
    if (align > 16) {
      LLVMValueRef addr = LLVMBuildPtrToInt(g->alloca_b, base, i64, "");
      addr = LLVMBuildAnd(g->alloca_b, LLVMBuildAdd(g->alloca_b, addr, LLVMConstInt(i64, align - 1, 0), ""),
                          LLVMConstInt(i64, ~(uint64_t)(align - 1), 0), "");
      base = LLVMBuildIntToPtr(g->alloca_b, addr, LLVMPointerTypeInContext(g->ctx, 0), "");
    }
  } else if (!base) {
    base = LLVMBuildArrayAlloca(g->alloca_b, elem, n, shared ? "shared" : "local");
    LLVMSetAlignment(base, align > 16 ? align : 16);
  }
  if (slot) *slot = base;
  if (shared || !g->block_mode) return base;
  LLVMValueRef off = LLVMBuildMul(g->b, g->linear_tid, LLVMConstInt(i64, each, 0), "");
  return LLVMBuildInBoundsGEP2(g->b, i8, base, &off, 1, "");
}

static void pj_host_barrier(PjCg *g, const PjExpr *site) {
  bool grid = pj_builtins[site->builtin.id].dim == PJ_BARRIER_GRID;
  pj_cg_fail(g, site->loc, g->in_device ? (grid ? "g.sync() in a device function cannot run on the CPU executor yet"
                                                : "cuda.syncthreads() in a device function cannot run on the CPU executor yet")
                                        : (grid ? "g.sync() here cannot run on the CPU executor"
                                                : "cuda.syncthreads() here cannot run on the CPU executor"));
}

/* The thread's index in its block, linear: x + y * bx + z * bx * by (i64). */
static LLVMValueRef pj_host_linear_tid(PjCg *g) {
  if (g->block_mode) return g->linear_tid;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(g->ctx);
  LLVMValueRef bx = LLVMBuildZExt(g->b, pj_host_sreg(g, PJ_LOWER_NTID, 0), i64, "");
  LLVMValueRef by = LLVMBuildZExt(g->b, pj_host_sreg(g, PJ_LOWER_NTID, 1), i64, "");
  LLVMValueRef x = LLVMBuildZExt(g->b, g->cpu_tid[0], i64, ""), y = LLVMBuildZExt(g->b, g->cpu_tid[1], i64, "");
  LLVMValueRef z = LLVMBuildZExt(g->b, g->cpu_tid[2], i64, "");
  return LLVMBuildAdd(g->b, x, LLVMBuildMul(g->b, bx, LLVMBuildAdd(g->b, y, LLVMBuildMul(g->b, by, z, ""), ""), ""), "");
}

/* Warps are 32 consecutive threads of the block, as on the GPU. */
static LLVMValueRef pj_host_lane(PjCg *g, int which) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx), i64 = LLVMInt64TypeInContext(g->ctx);
  LLVMValueRef tid = pj_host_linear_tid(g);
  LLVMValueRef lane = LLVMBuildTrunc(g->b, LLVMBuildURem(g->b, tid, LLVMConstInt(i64, 32, 0), ""), i32, "");
  if (which == 0) return lane;
  LLVMValueRef one = LLVMConstInt(i32, 1, 0); /* lanemask_lt */
  return LLVMBuildSub(g->b, LLVMBuildShl(g->b, one, lane, ""), one, "");
}

static void pj_host_nanosleep(PjCg *g, LLVMValueRef ns) { (void)g; (void)ns; }

static void pj_host_fence(PjCg *g, const char *intrinsic) {
  (void)intrinsic;
  LLVMBuildFence(g->b, LLVMAtomicOrderingSequentiallyConsistent, 0, "");
}

/* A shuffle of a 32-bit value; 64-bit values go as two halves. */
static LLVMValueRef pj_nvptx_shfl32(PjCg *g, const char *mode, LLVMValueRef mask, LLVMValueRef v, LLVMValueRef lane,
                                    bool f32) {
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.shfl.sync.%s.%s", mode, f32 ? "f32" : "i32");
  LLVMValueRef clamp = LLVMConstInt(LLVMInt32TypeInContext(g->ctx), strcmp(mode, "up") == 0 ? 0 : 0x1f, 0);
  return pj_cg_call_intrinsic(g, name, NULL, 0, (LLVMValueRef[]){mask, v, lane, clamp}, 4);
}

static LLVMValueRef pj_nvptx_shfl(PjCg *g, const char *mode, LLVMValueRef mask, LLVMValueRef v, LLVMValueRef lane,
                                  PjDtype d) {
  if (pj_dtype_bits(d) == 32) return pj_nvptx_shfl32(g, mode, mask, v, lane, d == PJ_FLOAT32);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx), i64 = LLVMInt64TypeInContext(g->ctx);
  LLVMValueRef bits = LLVMBuildBitCast(g->b, v, i64, "");
  LLVMValueRef lo = pj_nvptx_shfl32(g, mode, mask, LLVMBuildTrunc(g->b, bits, i32, ""), lane, false);
  LLVMValueRef hi = pj_nvptx_shfl32(g, mode, mask, LLVMBuildTrunc(g->b, LLVMBuildLShr(g->b, bits, LLVMConstInt(i64, 32, 0), ""), i32, ""), lane, false);
  LLVMValueRef r = LLVMBuildOr(g->b, LLVMBuildZExt(g->b, lo, i64, ""),
                               LLVMBuildShl(g->b, LLVMBuildZExt(g->b, hi, i64, ""), LLVMConstInt(i64, 32, 0), ""), "");
  return LLVMBuildBitCast(g->b, r, pj_cg_dtype(g, d), "");
}

static LLVMValueRef pj_nvptx_collective(PjCg *g, const PjExpr *e) {
  const PjBuiltin *b = &pj_builtins[e->builtin.id];
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx);
  LLVMValueRef a[3];
  for (int i = 0; i < e->builtin.nargs; i++) a[i] = pj_cg_expr(g, e->builtin.args[i]);
  static const char *const modes[] = {"idx", "up", "down", "bfly"};
  static const char *const votes[] = {"all", "any", "uni", "ballot"};
  static const char *const block[] = {"popc", "and", "or"};
  char name[64];
  switch ((PjCollective)b->dim) {
  case PJ_COLL_SHFL_IDX: case PJ_COLL_SHFL_UP: case PJ_COLL_SHFL_DOWN: case PJ_COLL_SHFL_XOR:
    return pj_nvptx_shfl(g, modes[b->dim], a[0], a[1], a[2], e->type->dtype);
  case PJ_COLL_ACTIVEMASK: {
    /* which lanes run here depends on where it runs: LLVM may not merge the calls of two branches
     * into one above them (nomerge), nor move it across control flow (convergent) */
    LLVMValueRef call = pj_inline_asm(g, i32, "activemask.b32 $0;", "=r", NULL, 0);
    static const char *const keep[] = {"nomerge", "convergent"};
    for (int i = 0; i < 2; i++)
      LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex,
                               LLVMCreateEnumAttribute(g->ctx, LLVMGetEnumAttributeKindForName(keep[i], strlen(keep[i])), 0));
    return pj_cg_convert(g, call, pj_type_scalar(PJ_UINT32), e->type);
  }
  case PJ_COLL_ALL: case PJ_COLL_ANY: case PJ_COLL_EQ: case PJ_COLL_BALLOT: {
    snprintf(name, sizeof name, "llvm.nvvm.vote.%s.sync", votes[b->dim - PJ_COLL_ALL]);
    LLVMValueRef r = pj_cg_call_intrinsic(g, name, NULL, 0, a, 2);
    return b->dim == PJ_COLL_BALLOT ? r : LLVMBuildZExt(g->b, r, i32, "");
  }
  case PJ_COLL_MATCH_ANY: case PJ_COLL_MATCH_ALL: {
    PjDtype d = e->builtin.args[1]->type->dtype;
    int bits = pj_dtype_bits(d);
    LLVMValueRef v = LLVMBuildBitCast(g->b, a[1], LLVMIntTypeInContext(g->ctx, (unsigned)bits), "");
    bool all = b->dim == PJ_COLL_MATCH_ALL;
    snprintf(name, sizeof name, "llvm.nvvm.match.%s.sync.i%d%s", all ? "all" : "any", bits, all ? "p" : "");
    LLVMValueRef r = pj_cg_call_intrinsic(g, name, NULL, 0, (LLVMValueRef[]){a[0], v}, 2);
    return r; /* match_all: {i32 mask, i1 pred}, the tuple's own layout */
  }
  default: {
    snprintf(name, sizeof name, "llvm.nvvm.barrier0.%s", block[b->dim - PJ_COLL_COUNT]);
    LLVMValueRef r = pj_cg_call_intrinsic(g, name, NULL, 0, (LLVMValueRef[]){LLVMBuildZExt(g->b, a[0], i32, "")}, 1);
    return b->dim == PJ_COLL_COUNT ? r : LLVMBuildZExt(g->b, LLVMBuildICmp(g->b, LLVMIntNE, r, LLVMConstInt(i32, 0, 0), ""), i32, "");
  }
  }
}

/* vprintf(fmt, buffer): the arguments packed in a buffer, each 8-byte aligned. */
static void pj_nvptx_print(PjCg *g, LLVMValueRef fmt, LLVMValueRef *args, unsigned n) {
  LLVMTypeRef ptr = LLVMPointerTypeInContext(g->ctx, 0), i32 = LLVMInt32TypeInContext(g->ctx);
  LLVMValueRef buf = LLVMConstNull(ptr);
  if (n) {
    LLVMTypeRef types[32];
    for (unsigned i = 0; i < n; i++) types[i] = LLVMTypeOf(args[i]);
    LLVMTypeRef st = LLVMStructTypeInContext(g->ctx, types, n, 0);
    buf = LLVMBuildAlloca(g->alloca_b, st, "printf.args");
    for (unsigned i = 0; i < n; i++) LLVMBuildStore(g->b, args[i], LLVMBuildStructGEP2(g->b, st, buf, i, ""));
  }
  LLVMTypeRef ft = LLVMFunctionType(i32, (LLVMTypeRef[]){ptr, ptr}, 2, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(g->mod, "vprintf");
  if (!fn) fn = LLVMAddFunction(g->mod, "vprintf", ft);
  LLVMBuildCall2(g->b, ft, fn, (LLVMValueRef[]){fmt, buf}, 2, "");
}

static void pj_host_print(PjCg *g, LLVMValueRef fmt, LLVMValueRef *args, unsigned n) {
  LLVMTypeRef ptr = LLVMPointerTypeInContext(g->ctx, 0), i32 = LLVMInt32TypeInContext(g->ctx);
  LLVMTypeRef ft = LLVMFunctionType(i32, (LLVMTypeRef[]){ptr}, 1, 1);
  LLVMValueRef fn = LLVMGetNamedFunction(g->mod, "printf");
  if (!fn) fn = LLVMAddFunction(g->mod, "printf", ft);
  LLVMValueRef all[33] = {fmt};
  for (unsigned i = 0; i < n; i++) all[i + 1] = args[i];
  LLVMBuildCall2(g->b, ft, fn, all, n + 1, "");
}

/* On the CPU, block mode runs collectives between thread regions (backend/regions.c). */
static LLVMValueRef pj_host_collective(PjCg *g, const PjExpr *e) {
  pj_cg_fail(g, e->loc, g->in_device ? "warp and block collectives in a device function cannot run on the CPU "
                                       "executor yet"
                                     : "this use of a warp or block collective cannot run on the CPU executor");
  return LLVMGetUndef(pj_cg_type(g, e->type));
}

static const PjCgHooks pj_nvptx_hooks = {pj_nvptx_sreg, pj_nvptx_math, pj_nvptx_new_array, pj_nvptx_dynamic_shared_bytes,
                                         pj_nvptx_barrier,
                                         pj_nvptx_fence, pj_nvptx_lane, pj_nvptx_nanosleep, pj_nvptx_collective,
                                         pj_nvptx_print};
static const PjCgHooks pj_host_hooks = {pj_host_sreg, pj_host_math, pj_host_new_array, pj_host_dynamic_shared_bytes,
                                        pj_host_barrier,
                                        pj_host_fence, pj_host_lane, pj_host_nanosleep, pj_host_collective,
                                        pj_host_print};

/* ---- target machines ---------------------------------------------------------------------- */

/* The NVPTX processors of LLVM 19 (`llc -march=nvptx64 -mcpu=help`) from sm_50 on: CUDA 12 and
 * later build nothing older. */
static const int pj_nvptx_known[] = {50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90};
enum { PJ_NVPTX_NEWEST = 90 };

/* The number of "sm_XX", "sm_XXa", "compute_XX" or "compute_XXa" (*a: the 'a'), or -1 for
 * anything else. */
static int pj_arch_number(const char *arch, bool *a) {
  const char *d = !arch ? NULL : !strncmp(arch, "sm_", 3) ? arch + 3 : !strncmp(arch, "compute_", 8) ? arch + 8 : NULL;
  if (!d || *d < '1' || *d > '9') return -1;
  int n = 0;
  while (*d >= '0' && *d <= '9' && n < 100000) n = n * 10 + (*d++ - '0');
  *a = *d == 'a';
  return (*d == 0 || (*d == 'a' && d[1] == 0)) && n < 100000 ? n : -1;
}

int pj_arch_check(const char *arch, char *err, size_t errlen) {
  char none[1];
  if (!err || !errlen) err = none, errlen = sizeof none;
  err[0] = 0;
  bool a = false;
  int n = pj_arch_number(arch, &a);
  for (size_t i = 0; n >= 0 && i < sizeof pj_nvptx_known / sizeof pj_nvptx_known[0]; i++)
    if (pj_nvptx_known[i] == n && (!a || n == PJ_NVPTX_NEWEST)) return 1;
  if (n > PJ_NVPTX_NEWEST && n < 200) {
    snprintf(err, errlen, "architecture '%s' is newer than the NVPTX back end of LLVM %s knows (the newest is sm_%da): "
             "compile for sm_%d, whose PTX the CUDA driver compiles for newer GPUs when it loads it",
             arch, pj_backend_llvm_version(), PJ_NVPTX_NEWEST, PJ_NVPTX_NEWEST);
    return 0;
  }
  int at = snprintf(err, errlen, "unknown architecture '%s' (known: ", arch ? arch : "(null)");
  for (size_t i = 0; i < sizeof pj_nvptx_known / sizeof pj_nvptx_known[0]; i++)
    if (at >= 0 && (size_t)at < errlen)
      at += snprintf(err + at, errlen - (size_t)at, "%ssm_%d", i ? ", " : "", pj_nvptx_known[i]);
  if (at >= 0 && (size_t)at < errlen) snprintf(err + at, errlen - (size_t)at, ", sm_%da; or compute_XX of each)", PJ_NVPTX_NEWEST);
  return 0;
}

/* The NVPTX processor LLVM knows for arch: itself, or the newest LLVM knows below it (a newer
 * GPU, sm_100, runs sm_90 PTX through the driver's JIT); an unknown name would leave LLVM
 * without the GPU's features and stop it in instruction selection. compute_XX is sm_XX. */
/* The number the code generator's choices go by: arch's, 90 when it names none. */
static int pj_arch_sm(const char *arch) {
  bool a;
  int n = pj_arch_number(arch, &a);
  return n < 0 ? 90 : n;
}

static char *pj_nvptx_cpu(const char *arch) {
  static const int known[] = {20, 21, 30, 32, 35, 37, 50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90};
  bool a = false;
  int n = pj_arch_number(arch, &a);
  if (n < 0) n = 90;
  int pick = known[0];
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (known[i] <= n) pick = known[i];
  char buf[16];
  snprintf(buf, sizeof buf, "sm_%d%s", pick, a && pick == n && n == 90 ? "a" : "");
  return strdup(buf);
}

static LLVMTargetMachineRef pj_target_machine(PjTarget target, const char *arch, int opt, char **err) {
  char *triple = target == PJ_TARGET_CUDA ? strdup(PJ_NVPTX_TRIPLE) : LLVMGetDefaultTargetTriple();
  LLVMTargetRef t;
  if (LLVMGetTargetFromTriple(triple, &t, err)) {
    LLVMDisposeMessage(triple);
    return NULL;
  }
  char *cpu = target == PJ_TARGET_CUDA ? pj_nvptx_cpu(arch) : LLVMGetHostCPUName();
  char *features = target == PJ_TARGET_CUDA ? strdup("+ptx80") : LLVMGetHostCPUFeatures();
  /* NVPTX's Aggressive level differs from Default only in running GVN where Default runs
   * EarlyCSE, twice, over the IR that instruction selection gets: after default<O3> that found
   * nothing in the suite's 24 kernels or the PTX tests of tests/codegen (the same instructions)
   * and cost a quarter of the tiled matmul's code generation (callgrind) */
  bool aggressive = opt >= 3 && target != PJ_TARGET_CUDA;
  LLVMCodeGenOptLevel level = aggressive ? LLVMCodeGenLevelAggressive : opt == 0 ? LLVMCodeGenLevelNone : LLVMCodeGenLevelDefault;
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(t, triple, cpu, features, level, LLVMRelocPIC, LLVMCodeModelDefault);
  free(triple);
  free(cpu);
  free(features);
  return tm;
}

/* A thread's NVPTX target machines, kept from one compile to the next: making one builds its
 * instruction lowering tables, a tenth of a small kernel's compile. A TargetMachine serves one
 * thread at a time, so each thread keeps its own, the least recently used giving way to a new
 * (processor, level); they go when the thread ends, and a machine is made afresh after PJ_TM_USES
 * compiles (NVPTX's keeps a pool of the parameter names it made). */
enum { PJ_TM_SLOTS = 4, PJ_TM_USES = 1000 };
typedef struct PjTmSlot {
  char cpu[16];
  int opt;
  unsigned uses;
  unsigned long last; /* pj_tm_clock when last used */
  LLVMTargetMachineRef tm;
} PjTmSlot;
static pthread_key_t pj_tm_key;
static bool pj_tm_key_ok;
static pthread_once_t pj_tm_once = PTHREAD_ONCE_INIT;
static __thread PjTmSlot *pj_tm_slots; /* also what keeps them reachable for leak checkers */
static __thread unsigned long pj_tm_clock;

static void pj_tm_free(void *p) {
  PjTmSlot *slots = p;
  for (int i = 0; i < PJ_TM_SLOTS; i++)
    if (slots[i].tm) LLVMDisposeTargetMachine(slots[i].tm);
  free(slots);
  pj_tm_slots = NULL;
}

static void pj_tm_key_init(void) { pj_tm_key_ok = pthread_key_create(&pj_tm_key, pj_tm_free) == 0; }

/* The CUDA target machine for arch at opt; *kept when the thread's cache holds it (the caller
 * must not dispose of it), else the caller owns it (no cache could be made). */
static LLVMTargetMachineRef pj_cached_target_machine(const char *arch, int opt, bool *kept, char **err) {
  pthread_once(&pj_tm_once, pj_tm_key_init);
  if (!pj_tm_slots && pj_tm_key_ok) {
    pj_tm_slots = calloc(PJ_TM_SLOTS, sizeof(PjTmSlot));
    if (pj_tm_slots && pthread_setspecific(pj_tm_key, pj_tm_slots) != 0) {
      free(pj_tm_slots);
      pj_tm_slots = NULL;
    }
  }
  *kept = pj_tm_slots != NULL;
  if (!*kept) return pj_target_machine(PJ_TARGET_CUDA, arch, opt, err);
  char *cpu = pj_nvptx_cpu(arch);
  PjTmSlot *slot = NULL, *spare = &pj_tm_slots[0];
  for (int i = 0; i < PJ_TM_SLOTS && !slot; i++) {
    PjTmSlot *s = &pj_tm_slots[i];
    if (s->tm && s->opt == opt && !strcmp(s->cpu, cpu)) slot = s;
    else if (spare->tm && (!s->tm || s->last < spare->last)) spare = s;
  }
  if (slot && slot->uses >= PJ_TM_USES) { /* made afresh in its own slot */
    spare = slot;
    slot = NULL;
  }
  if (!slot) {
    slot = spare;
    if (slot->tm) LLVMDisposeTargetMachine(slot->tm);
    *slot = (PjTmSlot){.opt = opt, .tm = pj_target_machine(PJ_TARGET_CUDA, arch, opt, err)};
    snprintf(slot->cpu, sizeof slot->cpu, "%s", cpu);
  }
  free(cpu);
  slot->uses++;
  slot->last = ++pj_tm_clock;
  return slot->tm;
}

static void pj_set_layout(LLVMModuleRef mod, LLVMTargetMachineRef tm) {
  char *triple = LLVMGetTargetMachineTriple(tm);
  LLVMSetTarget(mod, triple);
  LLVMDisposeMessage(triple);
  LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
  char *s = LLVMCopyStringRepOfTargetData(dl);
  LLVMSetDataLayout(mod, s);
  LLVMDisposeMessage(s);
  LLVMDisposeTargetData(dl);
}

/* ---- building the functions ------------------------------------------------------------ */

static void pj_add_fn_attr(LLVMContextRef ctx, LLVMValueRef fn, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind, 0));
}

/* The CPU entry's (or thread body's) PjCpuGrid parameter: memory no argument of the kernel
 * reaches (the executor's own, on its stack). */
static void pj_add_noalias(LLVMContextRef ctx, LLVMValueRef fn, unsigned param) {
  unsigned kind = LLVMGetEnumAttributeKindForName("noalias", 7);
  LLVMAddAttributeAtIndex(fn, param + 1, LLVMCreateEnumAttribute(ctx, kind, 0));
}

/* fastmath: every function may reassociate, flush float32 denormals, and use approximate
 * division and square root (NVPTX reads these attributes); libdevice flushes via nvvm-reflect. */
static void pj_set_fastmath(PjCg *g) {
  for (LLVMValueRef f = LLVMGetFirstFunction(g->mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    static const char *const attrs[][2] = {{"unsafe-fp-math", "true"}, {"no-nans-fp-math", "true"},
                                           {"no-infs-fp-math", "true"}, {"no-signed-zeros-fp-math", "true"},
                                           {"denormal-fp-math-f32", "preserve-sign,preserve-sign"}};
    for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++)
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateStringAttribute(g->ctx, attrs[i][0], (unsigned)strlen(attrs[i][0]), attrs[i][1],
                                                        (unsigned)strlen(attrs[i][1])));
  }
  LLVMAddModuleFlag(g->mod, LLVMModuleFlagBehaviorOverride, "nvvm-reflect-ftz", 16,
                    LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(g->ctx), 1, 0)));
}

static void pj_build_nvptx_kernel(PjCg *g, const char *name, const PjArgType *args, int nargs) {
  LLVMTypeRef params[256];
  int np = pj_cg_param_types(g, args, nargs, params);
  g->fn = LLVMAddFunction(g->mod, name, LLVMFunctionType(LLVMVoidTypeInContext(g->ctx), params, (unsigned)np, 0));
  LLVMSetFunctionCallConv(g->fn, PJ_PTX_KERNEL_CC);
  pj_cg_mark_extents(g, g->fn, args, nargs, g->noalias);
  pj_cg_debug_function(g, g->fn, g->f);
  LLVMValueRef md[3] = {g->fn, LLVMMDStringInContext(g->ctx, "kernel", 6),
                        LLVMConstInt(LLVMInt32TypeInContext(g->ctx), 1, 0)};
  LLVMAddNamedMetadataOperand(g->mod, "nvvm.annotations", LLVMMDNodeInContext(g->ctx, md, 3));
  if (g->debug) pj_cg_ensure_error_record(g);
  g->hooks = &pj_nvptx_hooks;
  /* a grid-stride while loop ending the kernel runs a counted loop (codegen.c, pj_cg_stride_while) */
  if (!g->debug) pj_cg_find_guard(g->f, &g->guard);
  pj_cg_body(g, args, nargs);
}

/* C passes integers narrower than int widened (signext/zeroext, as clang marks them); at index
 * 0 the result, 1.. the parameters. */
static void pj_mark_c_int(PjCg *g, LLVMValueRef fn, unsigned index, PjDtype d) {
  if (pj_dtype_is_float(d) || pj_dtype_is_complex(d) || (d != PJ_BOOL && pj_dtype_bits(d) >= 32)) return;
  const char *kind = d == PJ_BOOL || !pj_dtype_is_signed(d) ? "zeroext" : "signext";
  LLVMAddAttributeAtIndex(fn, index == 0 ? LLVMAttributeReturnIndex : index,
                          LLVMCreateEnumAttribute(g->ctx, LLVMGetEnumAttributeKindForName(kind, strlen(kind)), 0));
}

/* How many parameters argument type t takes in numba's ABI for a device function compiled alone: a
 * number one; an array its data model's members, each one parameter (numba's ArgPacker flattens
 * them): meminfo and parent pointers, nitems, itemsize, the data pointer, ndim extents, ndim strides
 * in bytes. */
static int pj_numba_param_count(const PjType *t) { return t->kind == PJ_TY_ARRAY ? 5 + 2 * t->ndim : 1; }

/* A device function compiled alone: a .func `name` that calls its specialisation (declared, not
 * yet defined) with numba's ABI (i32 status, the result stored through the pointer passed first)
 * or the C ABI (the result returned), its result converted to o->result. An array argument comes
 * as numba passes one (pj_numba_param_count) and is made into pyjitc's array value: its data,
 * extents and, for a strided layout, strides. */
static void pj_build_nvptx_device(PjCg *g, const char *name, const PjBackendOptions *o) {
  const PjSpec *s = o->device_fn;
  bool numba = o->abi == PJ_ABI_NUMBA, has = o->result->kind != PJ_TY_VOID;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx), i64 = pj_cg_i64(g);
  int np = numba;
  for (int i = 0; i < s->nargs; i++) np += pj_numba_param_count(s->args[i]);
  LLVMTypeRef *params = malloc(sizeof(LLVMTypeRef) * (size_t)(np + 1));
  LLVMValueRef *args = malloc(sizeof(LLVMValueRef) * (size_t)(s->nargs + 1));
  int n = 0;
  if (numba) params[n++] = pj_cg_ptr(g);
  for (int i = 0; i < s->nargs; i++) {
    const PjType *t = s->args[i];
    if (t->kind != PJ_TY_ARRAY) {
      params[n++] = pj_cg_type(g, t);
      continue;
    }
    LLVMTypeRef members[5] = {pj_cg_ptr(g), pj_cg_ptr(g), i64, i64, pj_cg_ptr(g)};
    for (int k = 0; k < 5; k++) params[n++] = members[k];
    for (int k = 0; k < 2 * t->ndim; k++) params[n++] = i64;
  }
  LLVMTypeRef rt = numba ? i32 : has ? pj_cg_type(g, o->result) : LLVMVoidTypeInContext(g->ctx);
  g->fn = LLVMAddFunction(g->mod, name, LLVMFunctionType(rt, params, (unsigned)n, 0));
  g->hooks = &pj_nvptx_hooks;
  LLVMPositionBuilderAtEnd(g->b, LLVMAppendBasicBlockInContext(g->ctx, g->fn, "entry"));
  pj_cg_debug_function(g, g->fn, s->typed); /* the .func's own code is at the `def` line */
  pj_di_at(g, s->typed->loc);
  unsigned p = numba;
  for (int i = 0; i < s->nargs; i++) {
    const PjType *t = s->args[i];
    if (t->kind != PJ_TY_ARRAY) {
      if (!numba && t->kind == PJ_TY_SCALAR) pj_mark_c_int(g, g->fn, p + 1, t->dtype);
      args[i] = LLVMGetParam(g->fn, p++);
      continue;
    }
    LLVMValueRef v = LLVMBuildInsertValue(g->b, LLVMGetUndef(pj_cg_type(g, t)), LLVMGetParam(g->fn, p + 4), 0, "");
    LLVMTypeRef dims_t = LLVMArrayType2(i64, (uint64_t)t->ndim);
    LLVMValueRef dims = LLVMGetUndef(dims_t), strides = LLVMGetUndef(dims_t);
    for (int k = 0; k < t->ndim; k++) {
      dims = LLVMBuildInsertValue(g->b, dims, LLVMGetParam(g->fn, p + 5 + (unsigned)k), (unsigned)k, "");
      strides = LLVMBuildInsertValue(g->b, strides, LLVMGetParam(g->fn, p + 5 + (unsigned)(t->ndim + k)), (unsigned)k, "");
    }
    v = LLVMBuildInsertValue(g->b, v, dims, 1, "");
    if (t->layout == 'A') v = LLVMBuildInsertValue(g->b, v, strides, 2, "");
    args[i] = v;
    p += (unsigned)pj_numba_param_count(t);
  }
  if (!numba && has) pj_mark_c_int(g, g->fn, 0, o->result->dtype);
  LLVMValueRef r = LLVMBuildCall2(g->b, g->spec_types[s->id], g->spec_fns[s->id], args, (unsigned)s->nargs, "");
  free(params);
  free(args);
  LLVMValueRef v = has ? pj_cg_convert(g, r, s->typed->ret_type, o->result) : NULL;
  if (!numba) {
    if (has) LLVMBuildRet(g->b, v);
    else LLVMBuildRetVoid(g->b);
    return;
  }
  if (has) {
    if (o->result->dtype == PJ_BOOL) v = LLVMBuildZExt(g->b, v, LLVMInt8TypeInContext(g->ctx), "");
    LLVMBuildStore(g->b, v, LLVMGetParam(g->fn, 0));
  }
  LLVMBuildRet(g->b, LLVMConstInt(i32, 0, 0));
}

/* CPU: one loop over threadIdx.x from 0 to bx, calling body(args, grid, x, y, z[, 0, all_pass[, k]]);
 * the grid pointer is argument np. */
static void pj_host_x_loop(PjCg *g, LLVMValueRef fn, LLVMTypeRef body_t, LLVMValueRef body, LLVMValueRef *call_args,
                           unsigned np, unsigned nargs, LLVMValueRef bx, LLVMValueRef all_pass) {
  LLVMContextRef ctx = g->ctx;
  LLVMBuilderRef b = g->b;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(ctx, fn, "t.head");
  LLVMBasicBlockRef inner = LLVMAppendBasicBlockInContext(ctx, fn, "t.body");
  LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(ctx, fn, "t.exit");
  LLVMBuildBr(b, head);
  LLVMPositionBuilderAtEnd(b, head);
  LLVMValueRef x = LLVMBuildPhi(b, i32, "t");
  LLVMAddIncoming(x, (LLVMValueRef[]){LLVMConstInt(i32, 0, 0)}, &pre, 1);
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, x, bx, ""), inner, exit);
  LLVMPositionBuilderAtEnd(b, inner);
  LLVMValueRef args[264];
  memcpy(args, call_args, nargs * sizeof *args);
  args[np + 1] = x;
  if (all_pass) {
    args[np + 4] = LLVMConstInt(LLVMInt1TypeInContext(ctx), 0, 0);
    args[np + 5] = all_pass;
  }
  LLVMBuildCall2(b, body_t, body, args, nargs, "");
  LLVMValueRef next = LLVMBuildAdd(b, x, LLVMConstInt(i32, 1, 0), "");
  LLVMAddIncoming(x, &next, &inner, 1);
  LLVMBuildBr(b, head);
  LLVMPositionBuilderAtEnd(b, exit);
}

/* CPU, guarded kernels (guard.c): whether threads 0 and bx - 1 of the row both pass the guard, in
 * which case every thread between them does. */
static void pj_host_probe_ends(PjCg *g, LLVMTypeRef body_t, LLVMValueRef body, LLVMValueRef *call_args, unsigned np,
                               unsigned nargs, LLVMValueRef bx, LLVMValueRef pass[2]) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(g->ctx), i1 = LLVMInt1TypeInContext(g->ctx);
  LLVMValueRef args[264];
  memcpy(args, call_args, nargs * sizeof *args);
  args[np + 4] = LLVMConstInt(i1, 1, 0);
  args[np + 5] = LLVMConstInt(i1, 0, 0);
  for (int k = 0; k < 2; k++) {
    args[np + 1] = k ? LLVMBuildSub(g->b, bx, LLVMConstInt(i32, 1, 0), "") : LLVMConstInt(i32, 0, 0);
    pass[k] = LLVMBuildCall2(g->b, body_t, body, args, nargs, "probe");
  }
}

/* The row's two loops over x: without the guard's branch when all_pass, with it otherwise. */
static void pj_host_row(PjCg *g, LLVMValueRef fn, LLVMTypeRef body_t, LLVMValueRef body, LLVMValueRef *call_args,
                        unsigned np, unsigned nargs, LLVMValueRef bx, LLVMValueRef all_pass) {
  LLVMContextRef ctx = g->ctx;
  LLVMBuilderRef b = g->b;
  LLVMTypeRef i1 = LLVMInt1TypeInContext(ctx);
  LLVMBasicBlockRef all = LLVMAppendBasicBlockInContext(ctx, fn, "row.unguarded");
  LLVMBasicBlockRef some = LLVMAppendBasicBlockInContext(ctx, fn, "row.guarded");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, fn, "row.done");
  LLVMBuildCondBr(b, all_pass, all, some);
  LLVMPositionBuilderAtEnd(b, all);
  pj_host_x_loop(g, fn, body_t, body, call_args, np, nargs, bx, LLVMConstInt(i1, 1, 0));
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, some);
  pj_host_x_loop(g, fn, body_t, body, call_args, np, nargs, bx, LLVMConstInt(i1, 0, 0));
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, done);
}

/* CPU, a grid-stride guard: for k = 0, 1, ... while thread 0 or thread bx - 1 has a k-th
 * iteration (the threads that have one are an interval of the row, from one of its ends), the
 * row runs iteration k of every thread; Ctrl-C is polled between passes. */
static void pj_host_stride_row(PjCg *g, LLVMValueRef fn, LLVMValueRef grid, LLVMTypeRef body_t, LLVMValueRef body,
                               LLVMValueRef *call_args, unsigned np, unsigned nargs, LLVMValueRef bx) {
  LLVMContextRef ctx = g->ctx;
  LLVMBuilderRef b = g->b;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(ctx, fn, "pass.head");
  LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(ctx, fn, "pass.run");
  LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(ctx, fn, "pass.exit");
  LLVMBuildBr(b, head);
  LLVMPositionBuilderAtEnd(b, head);
  LLVMValueRef k = LLVMBuildPhi(b, i64, "pass");
  LLVMAddIncoming(k, (LLVMValueRef[]){LLVMConstInt(i64, 0, 0)}, &pre, 1);
  LLVMValueRef args[264], pass[2];
  memcpy(args, call_args, nargs * sizeof *args);
  args[np + 6] = k;
  pj_host_probe_ends(g, body_t, body, args, np, nargs, bx, pass);
  LLVMBuildCondBr(b, LLVMBuildOr(b, pass[0], pass[1], ""), run, exit);
  LLVMPositionBuilderAtEnd(b, run);
  pj_host_row(g, fn, body_t, body, args, np, nargs, bx, LLVMBuildAnd(b, pass[0], pass[1], "row.passes"));
  LLVMValueRef saved_fn = g->fn, saved_grid = g->cpu_grid;
  g->fn = fn;
  g->cpu_grid = grid;
  pj_cg_poll_interrupt(g);
  g->fn = saved_fn;
  g->cpu_grid = saved_grid;
  /* no wrap: 2**63 passes would take centuries; LLVM then knows k, and k * step, never negative */
  LLVMValueRef next = LLVMBuildAdd(b, k, LLVMConstInt(i64, 1, 0), "");
  LLVMSetNUW(next, 1);
  LLVMSetNSW(next, 1);
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(b);
  LLVMAddIncoming(k, &next, &latch, 1);
  LLVMBuildBr(b, head);
  LLVMPositionBuilderAtEnd(b, exit);
}

/* CPU: the body takes the flattened arguments, the block's geometry and the thread index (and,
 * for a guarded kernel, probe and all_pass: codegen.h); the entry loads the arguments from the
 * executor's pointer array and runs every thread: for z, for y, for x. A guarded kernel's row
 * (one y and z) runs through a copy of the loop over x whose body has no guard when the first
 * and last threads of the row pass it. */
static void pj_build_host_kernel(PjCg *g, const char *entry_name, const PjArgType *args, int nargs) {
  LLVMContextRef ctx = g->ctx;
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0), i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef i1 = LLVMInt1TypeInContext(ctx);
  g->hooks = &pj_host_hooks;
  if (pj_cg_needs_block_mode(g->f)) {
    LLVMTypeRef entry_t = LLVMFunctionType(LLVMVoidTypeInContext(ctx), (LLVMTypeRef[]){ptr, ptr}, 2, 0);
    g->fn = LLVMAddFunction(g->mod, entry_name, entry_t);
    pj_add_noalias(ctx, g->fn, 1);
    pj_cg_block_kernel(g, args, nargs, LLVMGetParam(g->fn, 0), LLVMGetParam(g->fn, 1));
    return;
  }
  bool guarded = !g->debug && pj_cg_find_guard(g->f, &g->guard);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef params[262];
  int np = pj_cg_param_types(g, args, nargs, params);
  params[np] = ptr;
  params[np + 1] = params[np + 2] = params[np + 3] = i32;
  params[np + 4] = params[np + 5] = i1;
  params[np + 6] = i64;
  bool stride = guarded && g->guard.stride;
  unsigned nbody = (unsigned)np + (stride ? 7 : guarded ? 6 : 4);
  LLVMTypeRef body_t = LLVMFunctionType(guarded ? i1 : LLVMVoidTypeInContext(ctx), params, nbody, 0);
  char body_name[256];
  snprintf(body_name, sizeof body_name, "%s.body", entry_name);
  g->fn = LLVMAddFunction(g->mod, body_name, body_t);
  LLVMSetLinkage(g->fn, LLVMInternalLinkage);
  pj_add_fn_attr(ctx, g->fn, "alwaysinline");
  pj_add_noalias(ctx, g->fn, (unsigned)np);
  g->cpu_grid = LLVMGetParam(g->fn, (unsigned)np);
  for (int d = 0; d < 3; d++) g->cpu_tid[d] = LLVMGetParam(g->fn, (unsigned)np + 1 + (unsigned)d);
  if (guarded) {
    g->guard_probe = LLVMGetParam(g->fn, (unsigned)np + 4);
    g->guard_all_pass = LLVMGetParam(g->fn, (unsigned)np + 5);
    if (stride) g->stride_k = LLVMGetParam(g->fn, (unsigned)np + 6);
  }
  pj_cg_body(g, args, nargs);
  LLVMValueRef body = g->fn;

  LLVMTypeRef entry_t = LLVMFunctionType(LLVMVoidTypeInContext(ctx), (LLVMTypeRef[]){ptr, ptr}, 2, 0);
  LLVMValueRef fn = LLVMAddFunction(g->mod, entry_name, entry_t);
  pj_add_noalias(ctx, fn, 1);
  LLVMBuilderRef b = g->b;
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, fn, "entry");
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMValueRef argv = LLVMGetParam(fn, 0), grid = LLVMGetParam(fn, 1);
  LLVMValueRef call_args[264];
  pj_cg_load_params(g, argv, params, np, call_args);
  call_args[np] = grid;
  LLVMValueRef dims[3];
  for (int d = 0; d < 3; d++) {
    LLVMValueRef idx = LLVMConstInt(i64, 3 + (unsigned long long)d, 0);
    dims[d] = LLVMBuildLoad2(b, i32, LLVMBuildInBoundsGEP2(b, i32, grid, &idx, 1, ""), "");
  }
  /* for z, for y: the loop over x */
  LLVMValueRef iv[3];
  LLVMBasicBlockRef latches[3], exits[3];
  for (int d = 2; d >= 1; d--) {
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(b);
    LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(ctx, fn, "t.head");
    latches[d] = LLVMAppendBasicBlockInContext(ctx, fn, "t.latch");
    exits[d] = LLVMAppendBasicBlockInContext(ctx, fn, "t.exit");
    LLVMBuildBr(b, head);
    LLVMPositionBuilderAtEnd(b, head);
    iv[d] = LLVMBuildPhi(b, i32, "t");
    LLVMAddIncoming(iv[d], (LLVMValueRef[]){LLVMConstInt(i32, 0, 0)}, &pre, 1);
    LLVMBasicBlockRef inner = LLVMAppendBasicBlockInContext(ctx, fn, "t.body");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, iv[d], dims[d], ""), inner, exits[d]);
    LLVMPositionBuilderAtEnd(b, inner);
  }
  call_args[np + 2] = iv[1];
  call_args[np + 3] = iv[2];
  unsigned unp = (unsigned)np;
  if (!guarded) {
    pj_host_x_loop(g, fn, body_t, body, call_args, unp, nbody, dims[0], NULL);
  } else if (stride) {
    pj_host_stride_row(g, fn, grid, body_t, body, call_args, unp, nbody, dims[0]);
  } else {
    LLVMValueRef pass[2];
    pj_host_probe_ends(g, body_t, body, call_args, unp, nbody, dims[0], pass);
    pj_host_row(g, fn, body_t, body, call_args, unp, nbody, dims[0], LLVMBuildAnd(b, pass[0], pass[1], "row.passes"));
  }
  for (int d = 1; d <= 2; d++) {
    LLVMBuildBr(b, latches[d]);
    LLVMPositionBuilderAtEnd(b, latches[d]);
    LLVMValueRef next = LLVMBuildAdd(b, iv[d], LLVMConstInt(i32, 1, 0), "");
    LLVMAddIncoming(iv[d], &next, &latches[d], 1);
    LLVMBuildBr(b, LLVMGetInstructionParent(iv[d]));
    LLVMPositionBuilderAtEnd(b, exits[d]);
  }
  LLVMBuildRetVoid(b);
}

/* ---- libdevice ------------------------------------------------------------------------------- */

static bool pj_uses_libdevice(LLVMModuleRef mod) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (LLVMIsDeclaration(f) && len > 5 && strncmp(name, "__nv_", 5) == 0) return true;
  }
  return false;
}

/* Everything but the entry becomes internal, so unused library code is dropped. */
static void pj_internalize(LLVMModuleRef mod, const char *keep) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    /* weak_odr: a device function whose calls stay calls (backend/device.c) */
    if (!LLVMIsDeclaration(f) && strcmp(name, keep) != 0 && LLVMGetLinkage(f) != LLVMWeakODRLinkage)
      LLVMSetLinkage(f, LLVMInternalLinkage);
  }
  for (LLVMValueRef v = LLVMGetFirstGlobal(mod); v; v = LLVMGetNextGlobal(v)) {
    size_t len;
    const char *name = LLVMGetValueName2(v, &len);
    if (!LLVMIsDeclaration(v) && strcmp(name, PJ_KERNEL_ERROR_SYMBOL) != 0 && strcmp(name, PJ_GRID_BARRIER_SYMBOL) != 0)
      LLVMSetLinkage(v, LLVMInternalLinkage);
  }
}

/* ---- the pipeline ---------------------------------------------------------------------------- */

/* The kernel's name as a PTX .entry: kept when PTX accepts it; else (non-ASCII letters, "_",
 * the reserved WARP_SZ, a name of libdevice's or LLVM's, or of a global of pyjitc's own) "pj_" and the name, with every byte
 * other than a letter, digit or '_' written as _XX. */
static char *pj_ptx_entry_name(const char *name) {
  bool ok = (name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z') || (name[0] == '_' && name[1]);
  for (const char *c = name; ok && *c; c++)
    ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_';
  ok = ok && strcmp(name, "WARP_SZ") != 0 && strncmp(name, "__nv_", 5) != 0 && strncmp(name, "llvm", 4) != 0 &&
       strncmp(name, "pj.", 3) != 0 && strcmp(name, PJ_KERNEL_ERROR_SYMBOL) != 0 && strcmp(name, PJ_GRID_BARRIER_SYMBOL) != 0;
  if (ok) return strdup(name);
  size_t n = strlen(name);
  char *out = malloc(3 + 3 * n + 1), *o = out;
  o += sprintf(o, "pj_");
  for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
    if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_') *o++ = (char)*c;
    else o += sprintf(o, "_%02X", *c);
  }
  *o = 0;
  return out;
}

static bool pj_run_pipeline(LLVMModuleRef mod, LLVMTargetMachineRef tm, const char *pipeline, bool unroll, char *err,
                            size_t errlen) {
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  if (!unroll) LLVMPassBuilderOptionsSetLoopUnrolling(po, 0); /* pragmas (unroll counts) still apply */
  LLVMErrorRef e = LLVMRunPasses(mod, pipeline, tm, po);
  LLVMDisposePassBuilderOptions(po);
  if (!e) return true;
  char *m = LLVMGetErrorMessage(e);
  snprintf(err, errlen, "LLVM pass pipeline failed: %s", m);
  LLVMDisposeErrorMessage(m);
  return false;
}

/* LLVM's optimization passes: default<On>, or o->passes when given (a pipeline in LLVM's syntax,
 * for comparing pipelines and bisecting). A pipeline written out is not default<O3> less some
 * passes: LLVM builds default<O3>'s passes with settings the text cannot give (the GPU
 * architecture nvvm-reflect folds into libdevice's code, O3's inliner and unroller thresholds). */
static bool pj_optimize(LLVMModuleRef mod, LLVMTargetMachineRef tm, const PjBackendOptions *o, bool unroll, char *err,
                        size_t errlen) {
  if (o->passes && *o->passes) return pj_run_pipeline(mod, tm, o->passes, unroll, err, errlen);
  char pipeline[32];
  snprintf(pipeline, sizeof pipeline, "default<O%d>", o->opt_level < 0 ? 0 : o->opt_level > 3 ? 3 : o->opt_level);
  return pj_run_pipeline(mod, tm, pipeline, unroll, err, errlen);
}

static char *pj_emit_ptx(LLVMModuleRef mod, LLVMTargetMachineRef tm, char *err, size_t errlen) {
  LLVMMemoryBufferRef out;
  char *msg = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMAssemblyFile, &msg, &out)) {
    snprintf(err, errlen, "PTX emission failed: %s", msg ? msg : "?");
    LLVMDisposeMessage(msg);
    return NULL;
  }
  size_t n = LLVMGetBufferSize(out);
  char *ptx = malloc(n + 1);
  memcpy(ptx, LLVMGetBufferStart(out), n);
  ptx[n] = 0;
  LLVMDisposeMemoryBuffer(out);
  return ptx;
}

/* The helpers LLVM's x86 code calls for llvm.powi (libgcc's and compiler-rt's __powidf2 and
 * __powisf2), which a process need not have loaded: x**n by squaring, n < 0 as 1/x**-n. */
static double pj_powi_f64(double x, int n) {
  bool recip = n < 0;
  unsigned m = recip ? 0u - (unsigned)n : (unsigned)n;
  double r = 1.0;
  for (; m; m >>= 1, x *= x)
    if (m & 1) r *= x;
  return recip ? 1.0 / r : r;
}

static float pj_powi_f32(float x, int n) {
  bool recip = n < 0;
  unsigned m = recip ? 0u - (unsigned)n : (unsigned)n;
  float r = 1.0f;
  for (; m; m >>= 1, x *= x)
    if (m & 1) r *= x;
  return recip ? 1.0f / r : r;
}

/* float16 conversions, which x86 code calls as __truncdfhf2 and friends (half in an XMM register,
 * the _Float16 ABI); the C compiler implements the casts with libgcc's routines, linked in. */
static _Float16 pj_trunc_f64_f16(double x) { return (_Float16)x; }
static _Float16 pj_trunc_f32_f16(float x) { return (_Float16)x; }
static float pj_extend_f16_f32(_Float16 h) { return (float)h; }
static double pj_extend_f16_f64(_Float16 h) { return (double)h; }
/* bfloat16 roundings (__truncsfbf2, __truncdfbf2): LLVM passes bfloat in an XMM register as it
 * does half, so the 16 bits travel in a _Float16; the rounding is ir/half.h's, to nearest even. */
static _Float16 pj_bf16_bits(uint16_t b) { _Float16 h; memcpy(&h, &b, 2); return h; }
static _Float16 pj_trunc_f32_bf16(float x) { return pj_bf16_bits(pj_bf16_from_double(x)); }
static _Float16 pj_trunc_f64_bf16(double x) { return pj_bf16_bits(pj_bf16_from_double(x)); }

static LLVMErrorRef pj_jit_define_helpers(LLVMOrcLLJITRef jit, LLVMOrcJITDylibRef jd) {
  static const struct { const char *name; void *addr; } helpers[] = {
      {"__powidf2", (void *)pj_powi_f64},         {"__powisf2", (void *)pj_powi_f32},
      {"__truncdfhf2", (void *)pj_trunc_f64_f16},  {"__truncsfhf2", (void *)pj_trunc_f32_f16},
      {"__extendhfsf2", (void *)pj_extend_f16_f32}, {"__extendhfdf2", (void *)pj_extend_f16_f64},
      {"__truncsfbf2", (void *)pj_trunc_f32_bf16}, {"__truncdfbf2", (void *)pj_trunc_f64_bf16}};
  enum { N = sizeof helpers / sizeof helpers[0] };
  LLVMOrcCSymbolMapPair pairs[N];
  for (int i = 0; i < N; i++) {
    pairs[i].Name = LLVMOrcLLJITMangleAndIntern(jit, helpers[i].name);
    pairs[i].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)helpers[i].addr;
    pairs[i].Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
    pairs[i].Sym.Flags.TargetFlags = 0;
  }
  return LLVMOrcJITDylibDefine(jd, LLVMOrcAbsoluteSymbols(pairs, N));
}

/* The functions the module declares that the kernel's own host libraries define (foreign
 * functions, cuda.declare_device), as absolute symbols: found there before the process. */
static LLVMErrorRef pj_jit_define_foreign(LLVMOrcLLJITRef jit, LLVMOrcJITDylibRef jd, LLVMModuleRef mod,
                                          const PjBackendOptions *o) {
  if (!o || o->nhost_libraries <= 0) return NULL;
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) n += LLVMIsDeclaration(f) != 0;
  LLVMOrcCSymbolMapPair *pairs = calloc((size_t)n + 1, sizeof *pairs);
  int k = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && pairs; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (!LLVMIsDeclaration(f) || !strncmp(name, "llvm.", 5)) continue;
    void *addr = NULL;
    for (int i = 0; i < o->nhost_libraries && !addr; i++) addr = dlsym(o->host_libraries[i], name);
    if (!addr) continue;
    pairs[k].Name = LLVMOrcLLJITMangleAndIntern(jit, name);
    pairs[k].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)addr;
    pairs[k].Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
    k++;
  }
  LLVMErrorRef e = k ? LLVMOrcJITDylibDefine(jd, LLVMOrcAbsoluteSymbols(pairs, (size_t)k)) : NULL;
  free(pairs);
  return e;
}

/* The CPU executor's libdevice functions the code calls (pj_ld_*, backend/libdevice_host.c), as
 * absolute symbols: the library's own functions, which the process's symbol table need not show. Those
 * mod declares; every one where mod is NULL (an object file loaded from the cache). */
static LLVMErrorRef pj_jit_define_libdevice(LLVMOrcLLJITRef jit, LLVMOrcJITDylibRef jd, LLVMModuleRef mod) {
  LLVMOrcCSymbolMapPair pairs[64];
  size_t k = 0, i = 0;
  LLVMErrorRef e = NULL;
  LLVMValueRef f = mod ? LLVMGetFirstFunction(mod) : NULL;
  for (;;) {
    const char *name;
    void *addr = NULL;
    if (mod) {
      if (!f) break;
      size_t len;
      name = LLVMGetValueName2(f, &len);
      if (LLVMIsDeclaration(f) && strncmp(name, "pj_ld_", 6) == 0) addr = pj_libdevice_host_address(name);
      f = LLVMGetNextFunction(f);
    } else if (!(name = pj_libdevice_host_symbol(i++, &addr))) {
      break;
    }
    if (!addr) continue;
    pairs[k].Name = LLVMOrcLLJITMangleAndIntern(jit, name);
    pairs[k].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)addr;
    pairs[k].Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
    pairs[k].Sym.Flags.TargetFlags = 0;
    if (++k == sizeof pairs / sizeof pairs[0]) {
      if ((e = LLVMOrcJITDylibDefine(jd, LLVMOrcAbsoluteSymbols(pairs, k)))) return e;
      k = 0;
    }
  }
  return k ? LLVMOrcJITDylibDefine(jd, LLVMOrcAbsoluteSymbols(pairs, k)) : NULL;
}

bool pj_backend_load_object(PjCode *code, bool has_record, char *err, size_t errlen);

/* A host JIT for one kernel's code: the process's symbols and the helpers x86 code calls. */
static LLVMErrorRef pj_jit_new(PjCode *code, LLVMOrcJITDylibRef *jd) {
  LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
  LLVMErrorRef e = LLVMOrcCreateLLJIT(&code->jit, builder);
  LLVMOrcDefinitionGeneratorRef gen = NULL;
  if (!e) e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&gen, LLVMOrcLLJITGetGlobalPrefix(code->jit), NULL, NULL);
  *jd = e ? NULL : LLVMOrcLLJITGetMainJITDylib(code->jit);
  if (!e) LLVMOrcJITDylibAddGenerator(*jd, gen);
  if (!e) e = pj_jit_define_helpers(code->jit, *jd);
  return e;
}

/* The entry (and the error record, where the code has one) looked up in the JIT. */
static bool pj_jit_lookup(PjCode *code, LLVMErrorRef e, bool has_record, const char *what, char *err, size_t errlen) {
  LLVMOrcExecutorAddress addr = 0, rec = 0;
  if (!e) e = LLVMOrcLLJITLookup(code->jit, &addr, code->entry);
  if (!e && has_record) e = LLVMOrcLLJITLookup(code->jit, &rec, PJ_KERNEL_ERROR_SYMBOL);
  if (!e) {
    code->cpu_entry = (PjCpuEntry)(uintptr_t)addr;
    code->cpu_error = (PjKernelError *)(uintptr_t)rec;
    return true;
  }
  char *m = LLVMGetErrorMessage(e);
  snprintf(err, errlen, "%s failed: %s", what, m);
  LLVMDisposeErrorMessage(m);
  return false;
}

/* The native code as a relocatable object (the host target machine's), run from that object. */
static bool pj_jit_object(PjCode *code, LLVMModuleRef mod, LLVMTargetMachineRef tm, char *err, size_t errlen) {
  bool has_record = LLVMGetNamedGlobal(mod, PJ_KERNEL_ERROR_SYMBOL) != NULL;
  char *msg = NULL;
  LLVMMemoryBufferRef buf = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMObjectFile, &msg, &buf)) {
    snprintf(err, errlen, "host code generation failed: %s", msg ? msg : "?");
    LLVMDisposeMessage(msg);
    return false;
  }
  code->object_len = LLVMGetBufferSize(buf);
  code->object = malloc(code->object_len ? code->object_len : 1);
  if (code->object) memcpy(code->object, LLVMGetBufferStart(buf), code->object_len);
  LLVMDisposeMemoryBuffer(buf);
  if (!code->object) {
    snprintf(err, errlen, "out of memory");
    return false;
  }
  return pj_backend_load_object(code, has_record, err, errlen);
}

bool pj_backend_load_object(PjCode *code, bool has_record, char *err, size_t errlen) {
  LLVMOrcJITDylibRef jd = NULL;
  LLVMErrorRef e = pj_jit_new(code, &jd);
  if (!e) e = pj_jit_define_libdevice(code->jit, jd, NULL);
  if (!e) {
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(code->object, code->object_len, code->name);
    e = LLVMOrcLLJITAddObjectFile(code->jit, jd, buf); /* takes the buffer */
  }
  return pj_jit_lookup(code, e, has_record, "loading the host object", err, errlen);
}

PjCode *pj_backend_from_object(const char *name, const char *entry, const void *object, size_t len, bool has_record,
                               bool debug, uint64_t static_shared, bool grid_sync, char *err, size_t errlen) {
  pthread_once(&pj_llvm_once, pj_llvm_init);
  PjCode *code = calloc(1, sizeof(PjCode));
  if (!code) return NULL;
  *code = (PjCode){.target = PJ_TARGET_CPU, .name = strdup(name), .entry = strdup(entry), .object = malloc(len ? len : 1),
                   .object_len = len, .debug = debug, .static_shared = static_shared, .grid_sync = grid_sync};
  if (!code->name || !code->entry || !code->object) {
    snprintf(err, errlen, "out of memory");
    pj_backend_delete(code);
    return NULL;
  }
  memcpy(code->object, object, len);
  if (!pj_backend_load_object(code, has_record, err, errlen)) {
    pj_backend_delete(code);
    return NULL;
  }
  return code;
}

const void *pj_backend_object(const PjCode *code, size_t *len) {
  *len = code->object_len;
  return code->object;
}

bool pj_backend_has_error_record(const PjCode *code) { return code->cpu_error != NULL; }

static bool pj_jit(PjCode *code, LLVMOrcThreadSafeContextRef tsc, LLVMModuleRef mod, const PjBackendOptions *o,
                   char *err, size_t errlen) {
  LLVMOrcJITDylibRef jd = NULL;
  LLVMErrorRef e = pj_jit_new(code, &jd);
  if (!e) e = pj_jit_define_foreign(code->jit, jd, mod, o);
  if (!e) e = pj_jit_define_libdevice(code->jit, jd, mod);
  bool has_record = LLVMGetNamedGlobal(mod, PJ_KERNEL_ERROR_SYMBOL) != NULL;
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
  if (!e) e = LLVMOrcLLJITAddLLVMIRModule(code->jit, jd, tsm);
  else LLVMOrcDisposeThreadSafeModule(tsm);
  return pj_jit_lookup(code, e, has_record, "host JIT", err, errlen);
}

void pj_backend_delete(PjCode *code) {
  if (!code) return;
  if (code->jit) LLVMOrcDisposeLLJIT(code->jit);
  free(code->name);
  free(code->entry);
  free(code->llvm_text);
  free(code->ptx);
  free(code->object);
  free(code);
}

const char *pj_backend_llvm_text(const PjCode *code) { return code->llvm_text; }
const char *pj_backend_ptx(const PjCode *code) { return code->ptx; }
const char *pj_backend_entry(const PjCode *code) { return code->entry; }
PjCpuEntry pj_backend_cpu_entry(const PjCode *code) { return code->cpu_entry; }
PjKernelError *pj_backend_cpu_error(const PjCode *code) { return code->cpu_error; }
uint64_t pj_backend_static_shared(const PjCode *code) { return code->static_shared; }
bool pj_backend_grid_sync(const PjCode *code) { return code->grid_sync; }

/* Whether the module has constant memory (module-level arrays, in .const: addrspace 4). Their loads
 * go through generic pointers until instruction selection, so default<O3> cannot see that an element
 * of a 16-byte-aligned global lies at a multiple of its size: once infer-address-spaces gives the
 * loads the global's own address space, infer-alignment can, and the NVPTX back end's load/store
 * vectorizer then loads a complex64 as one ld.const.v2.f32 (numba-cuda's test_const_array_3d). */
static bool pj_has_const_data(LLVMModuleRef mod) {
  for (LLVMValueRef gv = LLVMGetFirstGlobal(mod); gv; gv = LLVMGetNextGlobal(gv))
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(gv)) == 4) return true;
  return false;
}

/* The module's text, its debug records (debug=True's variables) written as the llvm.dbg.declare
 * calls that LLVM before version 19, numba's inspect_llvm and most tools read. */
static char *pj_print_module(LLVMModuleRef mod) {
  bool records = LLVMIsNewDbgInfoFormat(mod);
  if (records) LLVMSetIsNewDbgInfoFormat(mod, 0);
  char *text = LLVMPrintModuleToString(mod);
  if (records) LLVMSetIsNewDbgInfoFormat(mod, 1);
  return text;
}

static bool pj_finish_cuda(PjCode *code, PjCg *g, LLVMTargetMachineRef tm, const PjBackendOptions *o,
                           PjCompileTimes *times, char *err, size_t errlen, bool *user_error) {
  double t0 = pj_now_ms();
  if (pj_uses_libdevice(g->mod)) {
    char path[4096];
    if (!pj_libdevice_find(o->libdevice, o->site_dirs, path, sizeof path)) {
      snprintf(err, errlen, "libdevice.10.bc not found: math functions on the GPU come from CUDA's libdevice; "
                            "install it with pip install 'pyjitc[cu12]' (or 'pyjitc[cu13]'), or set PYJITC_LIBDEVICE "
                            "or CUDA_HOME");
      *user_error = true;
      return false;
    }
    if (!pj_libdevice_link(g->ctx, g->mod, path, o->fastmath, err, errlen)) {
      *user_error = true;
      return false;
    }
  }
  pj_internalize(g->mod, code->entry);
  if (!pj_run_pipeline(g->mod, tm, "globaldce", true, err, errlen)) return false; /* the library code not called */
  if (!pj_optimize(g->mod, tm, o, g->unroll, err, errlen)) return false;
  if (o->opt_level > 0 && !(o->passes && *o->passes) && pj_has_const_data(g->mod) &&
      !pj_run_pipeline(g->mod, tm, "function(infer-address-spaces,infer-alignment)", true, err, errlen))
    return false;
  if (o->opt_level > 0) pj_hoist_loads(g->mod);
  pj_nvptx_half_ops(g->mod, g->sm, !o->fastmath && o->opt_level > 0);
  double t1 = pj_now_ms();
  if (o->emit & PJ_EMIT_LLVM) code->llvm_text = pj_print_module(g->mod);
  code->ptx = pj_emit_ptx(g->mod, tm, err, errlen);
  times->optimize = t1 - t0;
  times->codegen = pj_now_ms() - t1;
  return code->ptx != NULL;
}

/* Before the CPU's optimization pipeline: the thread body inlined into the entry's loop over the
 * threads of a block, and that loop split by IRCE (inductive range check elimination) where the
 * body is guarded by a check of a thread index against a bound (`if i < out.size:`): the
 * threads that pass it run in a loop without the check, which LLVM vectorizes with plain
 * loads and stores rather than masked ones (slow on some CPUs: AMD's masked stores). */
static const char pj_host_thread_loops[] =
    "cgscc(inline),function(sroa,early-cse,instcombine<no-verify-fixpoint>,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),"
    "loop-mssa(licm),irce)";

/* Long blocks cut for the CPU's code generation. x86 instructions take no floating-point
 * immediates: instruction selection, one block at a time, loads each constant once per block, and
 * a block of 10^5 statements (`x = x * 1.0001 + 1.0`, a long generated kernel) has registers with
 * tens of thousands of uses. The machine scheduler, the two-address pass and the register
 * coalescer look at a register's uses in the block for each use: time quadratic in the block's
 * length (58 s of code generation for 10^5 such statements). After the optimization pipeline,
 * which would merge them again, a block longer than PJ_HOST_BLOCK_MAX instructions is cut into
 * blocks of about PJ_HOST_BLOCK_CUT, one running into the next. A cut is not made just after a
 * multiplication, so that a product and the sum that reads it stay in one block and are still
 * fused into one multiply-add as they would be uncut (instruction selection fuses within a block). */
enum { PJ_HOST_BLOCK_MAX = 2048, PJ_HOST_BLOCK_CUT = 512 };

/* A kernel whose IR is longer than this many instructions once its thread body is inlined into
 * the loops over a block's threads is not vectorized across threads on the CPU: each of its
 * loops' back edges that says nothing of vectorizing gets !llvm.loop {vectorize.enable false}.
 * LLVM's loop vectorizer, InstCombine's walks of vector chains (cheapToScalarize) and the x86
 * combiner of vector multiply-adds take time quadratic in the body's length: a kernel of 10^4
 * statements whose threads are independent took 15 s, one of 10^5 did not finish in 12 min.
 * (The pass builder's option to turn the vectorizer off leaves it on in LLVM 19.) */
enum { PJ_HOST_VECTORIZE_MAX = 20000 };

static long pj_module_size(LLVMModuleRef mod) {
  long n = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) n++;
  return n;
}

/* Every branch back to a block at or before its own (each loop's back edge among them) that has
 * no !llvm.loop: marked not to be vectorized (on a branch that is no loop's latch, LLVM ignores it). */
static void pj_no_vectorizing(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
  LLVMMetadataRef items[2] = {LLVMMDStringInContext2(ctx, "llvm.loop.vectorize.enable", 26),
                              LLVMValueAsMetadata(LLVMConstInt(LLVMInt1TypeInContext(ctx), 0, 0))};
  LLVMMetadataRef off = LLVMMDNodeInContext2(ctx, items, 2);
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
    unsigned nblocks = LLVMCountBasicBlocks(fn);
    if (!nblocks) continue;
    size_t cap = 16;
    while (cap < 2 * (size_t)nblocks) cap *= 2;
    LLVMBasicBlockRef *seen = calloc(cap, sizeof *seen); /* the blocks met so far: a set by address */
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
      size_t h = ((uintptr_t)b >> 4) * 0x9E3779B97F4A7C15ull;
      for (size_t i = (h >> 40) & (cap - 1);; i = (i + 1) & (cap - 1))
        if (!seen[i]) {
          seen[i] = b;
          break;
        }
      LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
      if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || LLVMGetMetadata(t, kind)) continue;
      bool back = false;
      for (unsigned k = 0, n = LLVMGetNumSuccessors(t); k < n && !back; k++) {
        LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
        size_t hs = ((uintptr_t)to >> 4) * 0x9E3779B97F4A7C15ull;
        for (size_t i = (hs >> 40) & (cap - 1); seen[i] && !back; i = (i + 1) & (cap - 1)) back = seen[i] == to;
      }
      if (!back) continue;
      LLVMMetadataRef self = LLVMTemporaryMDNode(ctx, NULL, 0);
      LLVMMetadataRef loop = LLVMMDNodeInContext2(ctx, (LLVMMetadataRef[]){self, off}, 2);
      LLVMMetadataReplaceAllUsesWith(self, loop);
      LLVMSetMetadata(t, kind, LLVMMetadataAsValue(ctx, loop));
    }
    free(seen);
  }
}

static bool pj_is_product(LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  return op == LLVMFMul || op == LLVMFNeg || op == LLVMMul;
}

/* Where b's first cut goes: the instruction that will start the rest, or NULL (b short enough). */
static LLVMValueRef pj_block_cut(LLVMBasicBlockRef b) {
  unsigned n = 0;
  LLVMValueRef at = NULL;
  for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
    n++;
    if (n == PJ_HOST_BLOCK_CUT + 1) at = i;
  }
  if (n <= PJ_HOST_BLOCK_MAX || !at) return NULL;
  for (int tries = 0; tries < PJ_HOST_BLOCK_CUT && LLVMIsAPHINode(LLVMGetPreviousInstruction(at)); tries++)
    at = LLVMGetNextInstruction(at);
  LLVMValueRef first = at;
  for (int tries = 0; tries < PJ_HOST_BLOCK_CUT && at && pj_is_product(LLVMGetPreviousInstruction(at)); tries++)
    at = LLVMGetNextInstruction(at);
  if (!at || LLVMIsATerminatorInst(at) || LLVMIsAPHINode(LLVMGetPreviousInstruction(at))) at = first;
  return LLVMIsATerminatorInst(at) || LLVMIsAPHINode(LLVMGetPreviousInstruction(at)) ? NULL : at;
}

/* b's instructions before at (its phis the first) moved into a new block before it that runs into
 * it; b's predecessors branch to the new block. False (nothing changed) where something other
 * than a branch refers to b. */
static bool pj_block_split_before(LLVMContextRef ctx, LLVMBuilderRef bld, LLVMBasicBlockRef b, LLVMValueRef at) {
  LLVMValueRef bv = LLVMBasicBlockAsValue(b);
  for (LLVMUseRef u = LLVMGetFirstUse(bv); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || !LLVMIsATerminatorInst(user) ||
        (LLVMGetInstructionOpcode(user) != LLVMBr && LLVMGetInstructionOpcode(user) != LLVMSwitch))
      return false;
  }
  LLVMBasicBlockRef head = LLVMInsertBasicBlockInContext(ctx, b, "cut");
  /* the predecessors' branches: gathered first, since changing them changes b's uses */
  size_t nusers = 0, cap = 8;
  LLVMValueRef *users = malloc(sizeof(LLVMValueRef) * cap);
  for (LLVMUseRef u = LLVMGetFirstUse(bv); u; u = LLVMGetNextUse(u)) {
    if (nusers == cap) users = realloc(users, sizeof(LLVMValueRef) * (cap *= 2));
    users[nusers++] = LLVMGetUser(u);
  }
  for (size_t k = 0; k < nusers; k++)
    for (unsigned s = 0, n = LLVMGetNumSuccessors(users[k]); s < n; s++)
      if (LLVMGetSuccessor(users[k], s) == b) LLVMSetSuccessor(users[k], s, head);
  free(users);
  LLVMPositionBuilderAtEnd(bld, head);
  for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && i != at;) {
    LLVMValueRef next = LLVMGetNextInstruction(i);
    size_t len = 0;
    const char *name = LLVMGetValueName2(i, &len);
    char *kept = len ? strndup(name, len) : NULL;
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilderWithName(bld, i, kept ? kept : "");
    free(kept);
    i = next;
  }
  LLVMBuildBr(bld, b);
  return true;
}

static void pj_cut_long_blocks(LLVMModuleRef mod) {
  LLVMBuilderRef bld = NULL;
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef at; (at = pj_block_cut(b));) {
        if (!bld) bld = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
        if (!pj_block_split_before(LLVMGetModuleContext(mod), bld, b, at)) break;
      }
  if (bld) LLVMDisposeBuilder(bld);
}

static bool pj_finish_host(PjCode *code, PjCg *g, LLVMOrcThreadSafeContextRef tsc, LLVMTargetMachineRef tm,
                           const PjBackendOptions *o, PjCompileTimes *times, char *err, size_t errlen) {
  double t0 = pj_now_ms();
  pj_internalize(g->mod, code->entry);
  if (o->opt_level >= 2 && !pj_run_pipeline(g->mod, tm, pj_host_thread_loops, g->unroll, err, errlen)) return false;
  if (pj_module_size(g->mod) > PJ_HOST_VECTORIZE_MAX) pj_no_vectorizing(g->mod);
  if (!pj_optimize(g->mod, tm, o, g->unroll, err, errlen)) return false;
  if (o->opt_level > 0) pj_cut_long_blocks(g->mod);
  double t1 = pj_now_ms();
  if (o->emit & PJ_EMIT_LLVM) code->llvm_text = LLVMPrintModuleToString(g->mod);
  bool ok;
  if ((o->emit & PJ_EMIT_OBJECT) && o->nhost_libraries <= 0) { /* kept as an object, and run from it */
    ok = pj_jit_object(code, g->mod, tm, err, errlen);
  } else {
    ok = pj_jit(code, tsc, g->mod, o, err, errlen);
    g->mod = NULL; /* owned by the JIT now */
  }
  times->optimize = t1 - t0;
  times->codegen = pj_now_ms() - t1;
  return ok;
}

PjCode *pj_backend_compile(const PjModule *m, const PjFunc *f, const PjArgType *args, int nargs, PjSpec **specs,
                           int nspecs, const PjBackendOptions *o, PjDiags *diags, PjCompileTimes *times) {
  pthread_once(&pj_llvm_once, pj_llvm_init);
  char err[1024] = "";
  bool cuda = o->target == PJ_TARGET_CUDA, user_error = false;
  PjCode *code = calloc(1, sizeof(PjCode));
  code->target = o->target;
  code->debug = o->debug;
  code->name = strdup(f->name);
  if (cuda) code->entry = o->abi != PJ_ABI_KERNEL && o->abi_name ? strdup(o->abi_name) : pj_ptx_entry_name(f->name);
  else if (asprintf(&code->entry, "pj_cpu_%s", f->name) < 0) code->entry = NULL;
  double t0 = pj_now_ms();
  char *tm_err = NULL;
  const char *arch = o->arch ? o->arch : "sm_90";
  bool tm_kept = false;
  LLVMTargetMachineRef tm = cuda ? pj_cached_target_machine(arch, o->opt_level, &tm_kept, &tm_err)
                                 : pj_target_machine(o->target, arch, o->opt_level, &tm_err);
  if (!tm) {
    pj_error(diags, &m->file, (PjLoc){0}, "cannot create the LLVM target machine: %s", tm_err ? tm_err : "?");
    LLVMDisposeMessage(tm_err);
    pj_backend_delete(code);
    return NULL;
  }
  LLVMOrcThreadSafeContextRef tsc = cuda ? NULL : LLVMOrcCreateNewThreadSafeContext();
  PjCg g = {.f = f, .file = &m->file, .diags = diags, .host = !cuda, .debug = o->debug, .checks = o->debug || !cuda, .fastmath = o->fastmath,
           .noalias = o->noalias, .narrow = o->narrow, .no_contract = o->opt_level <= 0,
           .sm = !cuda ? 0 : pj_arch_sm(o->arch),
           .unroll = pj_unroll_safe(f, specs, nspecs)};
  for (int i = 0; i < nargs; i++) /* a pointer may reach any array's memory: none is known apart */
    if (pj_abi_pointer(&args[i])) g.noalias = false;
  g.ctx = cuda ? LLVMContextCreate() : LLVMOrcThreadSafeContextGetContext(tsc);
  LLVMContextSetDiagnosticHandler(g.ctx, pj_llvm_quiet, NULL);
  g.mod = LLVMModuleCreateWithNameInContext(f->name, g.ctx);
  pj_set_layout(g.mod, tm);
  g.b = LLVMCreateBuilderInContext(g.ctx);
  if ((o->lineinfo || o->debug) && cuda) pj_di_begin(&g, &m->file, o->debug, o->opt_level > 0);
  g.specs = specs;
  g.nspecs = nspecs;
  if (cuda && o->abi == PJ_ABI_KERNEL) pj_cg_narrow_specs(&g); /* device functions called only from the kernel */
  pj_cg_declare_specs(&g, specs, nspecs);
  if (cuda && o->abi != PJ_ABI_KERNEL) pj_build_nvptx_device(&g, code->entry, o);
  else if (cuda) pj_build_nvptx_kernel(&g, code->entry, args, nargs);
  else pj_build_host_kernel(&g, code->entry, args, nargs);
  pj_cg_define_specs(&g);
  pj_cg_narrow_specs_free(&g);
  pj_cg_walks_free(&g);
  pj_di_end(&g);
  if (o->fastmath && cuda) pj_set_fastmath(&g);
  static const char *const bounds[3] = {"maxntidx", "minctasm", "maxclusterrank"};
  for (int i = 0; i < 3 && cuda && o->abi == PJ_ABI_KERNEL; i++)
    if (o->launch_bounds[i] > 0) {
      LLVMValueRef md[3] = {LLVMGetNamedFunction(g.mod, code->entry),
                            LLVMMDStringInContext(g.ctx, bounds[i], (unsigned)strlen(bounds[i])),
                            LLVMConstInt(LLVMInt32TypeInContext(g.ctx), (unsigned long long)o->launch_bounds[i], 0)};
      LLVMAddNamedMetadataOperand(g.mod, "nvvm.annotations", LLVMMDNodeInContext(g.ctx, md, 3));
    }
  if (o->max_registers > 0 && cuda && o->abi == PJ_ABI_KERNEL) {
    LLVMValueRef kernel = LLVMGetNamedFunction(g.mod, code->entry);
    LLVMValueRef md[3] = {kernel, LLVMMDStringInContext(g.ctx, "maxnreg", 7),
                          LLVMConstInt(LLVMInt32TypeInContext(g.ctx), (unsigned long long)o->max_registers, 0)};
    LLVMAddNamedMetadataOperand(g.mod, "nvvm.annotations", LLVMMDNodeInContext(g.ctx, md, 3));
  }
  LLVMDisposeBuilder(g.b);
  code->static_shared = g.static_shared;
  code->grid_sync = g.grid_sync;
  if (cuda && g.grid_sync) pj_grid_barrier_word(&g); /* a cooperative kernel's module has the word the runtime resets */
  char *verify = NULL;
  if (g.failed) { /* reported where the kernel says what the CPU executor cannot run */
    LLVMDisposeModule(g.mod);
    if (cuda) LLVMContextDispose(g.ctx);
    else LLVMOrcDisposeThreadSafeContext(tsc);
    if (!tm_kept) LLVMDisposeTargetMachine(tm);
    pj_backend_delete(code);
    return NULL;
  }
  bool ok = !LLVMVerifyModule(g.mod, LLVMReturnStatusAction, &verify);
  if (!ok) snprintf(err, sizeof err, "internal error: invalid LLVM IR for kernel '%s': %s", f->name, verify ? verify : "");
  LLVMDisposeMessage(verify);
  times->lower = pj_now_ms() - t0;
  if (ok) ok = cuda ? pj_finish_cuda(code, &g, tm, o, times, err, sizeof err, &user_error)
                    : pj_finish_host(code, &g, tsc, tm, o, times, err, sizeof err);
  if (g.mod) LLVMDisposeModule(g.mod);
  if (cuda) LLVMContextDispose(g.ctx);
  else LLVMOrcDisposeThreadSafeContext(tsc);
  if (!tm_kept) LLVMDisposeTargetMachine(tm);
  if (!ok) {
    pj_error(diags, &m->file, user_error ? f->loc : (PjLoc){0}, "%s", err);
    pj_backend_delete(code);
    return NULL;
  }
  return code;
}
