/* Loads from global memory moved up to the start of their basic block, for the GPU.
 *
 * The NVPTX backend keeps the IR's instruction order, and ptxas reorders instructions only within
 * its own basic blocks. Some single PTX instructions are several SASS blocks: div.rn.f32,
 * sqrt.rn.f32 and the double-precision divisions branch to a slow path. A load written after one of
 * them (Black-Scholes: `sqrt(T[i])`, then `S[i] / K[i]`) is issued only once the first load has
 * arrived and the square root is done: two memory round trips where one would do. nvcc issues all
 * three loads first. This pass does the same after the optimisation pipeline: in each block, every
 * load from global or generic memory goes to just after the last instruction it depends on (its
 * address computation, itself moved up with it) or that may write memory (a store, an atomic, a
 * barrier, a call that may write). Nothing moves across a block boundary or past a write, so the
 * program's meaning is unchanged; only the order in which independent loads are issued is. */
#include <stdlib.h>

#include <llvm-c/DebugInfo.h>
#include <llvm/Config/llvm-config.h>

#include "backend/codegen.h"

typedef struct PjSchedItem {
  LLVMValueRef inst;
  int anchor; /* index of the instruction it must follow (-1: the start of the block) */
  int index;  /* original position */
  bool moved;
} PjSchedItem;

typedef struct PjSched {
  PjSchedItem *items;
  int n;
  unsigned memory_kind;
} PjSched;

/* Whether a call may write memory, or not return: anything but an intrinsic whose `memory(...)`
 * attribute (on the call or the callee) says it writes nothing. LLVM 19 packs two bits per
 * location (argument, inaccessible, other): 1 reads, 2 writes; a later LLVM adds locations. */
#if LLVM_VERSION_MAJOR != 19
#error "backend/schedule.c reads LLVM 19's encoding of the memory attribute: check it for this LLVM"
#endif
/* The memory effects of a call to an intrinsic (its `memory` attribute, on the call or the
 * callee), or -1: not an intrinsic, or no attribute (anything may happen). */
static int pj_intrinsic_memory(const PjSched *s, LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee)) return -1;
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, s->memory_kind);
  if (!a) a = LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, s->memory_kind);
  return a ? (int)LLVMGetEnumAttributeValue(a) : -1;
}

static bool pj_call_writes(const PjSched *s, LLVMValueRef call) {
  int m = pj_intrinsic_memory(s, call);
  return m < 0 || (m & 0x2a) != 0;
}

static bool pj_may_write(const PjSched *s, LLVMValueRef i) {
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMStore:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
  case LLVMFence:
  case LLVMVAArg:
    return true;
  case LLVMCall:
  case LLVMInvoke:
  case LLVMCallBr:
    return pj_call_writes(s, i);
  case LLVMLoad: /* a volatile or ordered load keeps the plain ones after it where they were */
    return LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic;
  default:
    return false;
  }
}

/* A load this pass may move: plain (not volatile, not atomic), from global or generic memory. */
static bool pj_movable_load(LLVMValueRef i) {
  if (LLVMGetInstructionOpcode(i) != LLVMLoad || LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
    return false;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(i, 0)));
  return as == 0 || as == 1;
}

/* An instruction that computes a value and nothing else, which may move up with a load that needs
 * it: not a phi, load, memory access, call (unless it touches no memory), alloca or terminator. */
static bool pj_pure(const PjSched *s, LLVMValueRef i) {
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMPHI:
  case LLVMLoad:
  case LLVMStore:
  case LLVMAlloca:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
  case LLVMFence:
  case LLVMVAArg:
  case LLVMLandingPad:
  case LLVMInvoke:
  case LLVMCallBr:
    return false;
  case LLVMCall: /* an intrinsic touching no memory (a special register, a math function) */
    return pj_intrinsic_memory(s, i) == 0;
  default:
    return !LLVMIsATerminatorInst(i);
  }
}

static int pj_sched_find(const PjSched *s, LLVMValueRef v) {
  if (!LLVMIsAInstruction(v)) return -1;
  for (int k = 0; k < s->n; k++) /* blocks are small after unrolling limits; see pj_hoist_block */
    if (s->items[k].inst == v) return k;
  return -1;
}

/* Moves item `k` up: it will sit right after its anchor, the latest instruction of the block it
 * must follow (`floor`, the last write before a load, or an operand's definition). A pure operand
 * defined in the block moves up first; a moved operand shares or precedes the anchor, and among
 * instructions moved to one anchor the original order holds, so definitions still come first. */
static int pj_sched_hoist(PjSched *s, int k, int floor) {
  PjSchedItem *it = &s->items[k];
  if (it->moved) return it->anchor;
  int anchor = floor;
  int nops = LLVMGetNumOperands(it->inst);
  for (int o = 0; o < nops; o++) {
    int d = pj_sched_find(s, LLVMGetOperand(it->inst, o));
    if (d < 0) continue;
    if (!s->items[d].moved && pj_pure(s, s->items[d].inst)) pj_sched_hoist(s, d, -1);
    int after = s->items[d].moved ? s->items[d].anchor : d;
    if (after > anchor) anchor = after;
  }
  it->moved = true;
  it->anchor = anchor;
  return anchor;
}

static int pj_sched_cmp(const void *pa, const void *pb) {
  const PjSchedItem *a = pa, *b = pb;
  int ka = a->moved ? a->anchor : a->index, kb = b->moved ? b->anchor : b->index;
  if (ka != kb) return ka < kb ? -1 : 1;
  if (a->moved != b->moved) return a->moved ? 1 : -1; /* after the anchor itself */
  return a->index < b->index ? -1 : a->index > b->index;
}

static void pj_hoist_block(LLVMBuilderRef b, LLVMBasicBlockRef bb, unsigned memory_kind) {
  int cap = 0, n = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) cap++;
  /* a block of thousands of instructions (a fully unrolled loop) is left as it is: the search
   * above is quadratic, and such blocks give ptxas enough room of its own */
  if (cap < 3 || cap > 600) return;
  PjSched s = {.items = calloc((size_t)cap, sizeof(PjSchedItem)), .memory_kind = memory_kind};
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    if (LLVMGetInstructionOpcode(i) == LLVMPHI || i == term) continue;
    s.items[n] = (PjSchedItem){.inst = i, .anchor = -1, .index = n};
    n++;
  }
  s.n = n;
  int barrier = -1;
  bool changed = false;
  for (int k = 0; k < n; k++) {
    LLVMValueRef i = s.items[k].inst;
    if (pj_movable_load(i) && !s.items[k].moved) {
      int anchor = pj_sched_hoist(&s, k, barrier);
      if (anchor < k - 1) changed = true;
    }
    if (pj_may_write(&s, i)) barrier = k;
  }
  if (changed) {
    /* a moved instruction's anchor is the latest unmoved instruction it depends on, or a moved
     * one's anchor; sorting by (anchor, moved, index) keeps every definition before its uses */
    qsort(s.items, (size_t)n, sizeof(PjSchedItem), pj_sched_cmp);
    for (int k = 0; k < n; k++) {
      LLVMValueRef i = s.items[k].inst;
      LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(i); /* the builder would put its own */
      LLVMInstructionRemoveFromParent(i);
      if (term) LLVMPositionBuilderBefore(b, term);
      else LLVMPositionBuilderAtEnd(b, bb);
      LLVMInsertIntoBuilder(b, i);
      LLVMInstructionSetDebugLoc(i, loc);
    }
  }
  free(s.items);
}

void pj_hoist_loads(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned memory_kind = LLVMGetEnumAttributeKindForName("memory", 6);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      pj_hoist_block(b, bb, memory_kind);
  LLVMDisposeBuilder(b);
}
