/* Fixed-width strings in generated code (backend/codegen.h), numba's CharSeq and UnicodeCharSeq:
 * an element of an 'S' / 'U' array or a string field is the address of its characters (one byte,
 * or four: UCS-4), zero-padded; a string literal is a constant of its characters. A literal
 * stored into one is copied and the rest zeroed (cut when longer, as numba copies); the length is
 * the position after the last non-NUL character (NumPy's and numba's); comparisons compare the
 * characters up to the shorter length, then the lengths. Loops live in helper functions made once
 * per module. */
#include "backend/codegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/abi.h"

typedef LLVMValueRef V;

/* A string side: characters of `width` bytes, `cap` of them; a literal's length is exact (it may
 * end in NUL), an element's is found by stripping trailing NULs. */
typedef struct PjChars {
  V p;
  int64_t cap;
  int width;
  bool literal;
} PjChars;

static PjChars pj_chars_of(V p, const PjType *t) {
  if (t->kind == PJ_TY_STRING) return (PjChars){p, t->count, t->dtype == PJ_UINT8 ? 1 : 4, true};
  return (PjChars){p, pj_string_count(t->record), t->record->chars == 'U' ? 4 : 1, false};
}

/* The next code point of UTF-8 text (advancing *s); the text is the parser's, valid UTF-8. */
static uint32_t pj_utf8_next(const unsigned char **s) {
  const unsigned char *p = *s;
  uint32_t c = p[0];
  int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  c = more == 3 ? c & 0x07 : more == 2 ? c & 0x0F : more == 1 ? c & 0x1F : c;
  for (int k = 1; k <= more; k++) c = (c << 6) | (p[k] & 0x3F);
  *s = p + 1 + more;
  return c;
}

LLVMValueRef pj_cg_string_literal(PjCg *g, const PjExpr *e) {
  int64_t n = e->type->count, w = e->type->dtype == PJ_UINT8 ? 1 : 4;
  size_t bytes = (size_t)(n * w);
  char *data = calloc(1, bytes + 4);
  if (w == 1) {
    memcpy(data, e->str, bytes);
  } else { /* UCS-4 in the host's (and the GPU's) byte order: little-endian */
    const unsigned char *s = (const unsigned char *)e->str;
    for (int64_t i = 0; i < n; i++) {
      uint32_t c = pj_utf8_next(&s);
      for (int b = 0; b < 4; b++) data[i * 4 + b] = (char)((c >> (8 * b)) & 0xFF);
    }
  }
  V init = LLVMConstStringInContext(g->ctx, data, (unsigned)(bytes + 4), 1); /* never empty */
  free(data);
  V gv = LLVMAddGlobalInAddressSpace(g->mod, LLVMTypeOf(init), "pj_string", g->host ? 0 : 4);
  LLVMSetInitializer(gv, init);
  LLVMSetGlobalConstant(gv, 1);
  LLVMSetLinkage(gv, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(gv, LLVMGlobalUnnamedAddr);
  LLVMSetAlignment(gv, 4);
  return g->host ? gv : LLVMConstAddrSpaceCast(gv, pj_cg_ptr(g));
}

void pj_cg_chars_store(PjCg *g, LLVMValueRef dst, const PjRecord *to, LLVMValueRef src, const PjType *st) {
  LLVMValueRef size = LLVMConstInt(pj_cg_i64(g), (unsigned long long)to->size, 0);
  if (st->kind != PJ_TY_STRING) { /* another element of the same dtype */
    LLVMBuildMemMove(g->b, dst, 1, src, 1, size);
    return;
  }
  PjChars s = pj_chars_of(src, st);
  int64_t cap = pj_string_count(to), n = s.cap < cap ? s.cap : cap;
  int64_t copied = n * s.width;
  if (copied) LLVMBuildMemCpy(g->b, dst, 1, src, 1, LLVMConstInt(pj_cg_i64(g), (unsigned long long)copied, 0));
  if (copied < to->size) {
    V off = LLVMConstInt(pj_cg_i64(g), (unsigned long long)copied, 0);
    V rest = LLVMBuildInBoundsGEP2(g->b, LLVMInt8TypeInContext(g->ctx), dst, &off, 1, "");
    LLVMBuildMemSet(g->b, rest, LLVMConstInt(LLVMInt8TypeInContext(g->ctx), 0, 0),
                    LLVMConstInt(pj_cg_i64(g), (unsigned long long)(to->size - copied), 0), 1);
  }
}

/* Character i (i64) of characters of `width` bytes at p, as an i32 code. */
static V pj_char_at(PjCg *g, V p, V i, int width) {
  LLVMTypeRef ct = width == 1 ? LLVMInt8TypeInContext(g->ctx) : LLVMInt32TypeInContext(g->ctx);
  V c = LLVMBuildLoad2(g->b, ct, LLVMBuildGEP2(g->b, ct, p, &i, 1, ""), "");
  LLVMSetAlignment(c, 1); /* a string field may lie at any offset */
  return width == 1 ? LLVMBuildZExt(g->b, c, LLVMInt32TypeInContext(g->ctx), "") : c;
}

/* A helper function of the module, made once: its name, and the builder moved into its body. */
static LLVMValueRef pj_helper(PjCg *g, const char *name, LLVMTypeRef ft, bool *made, LLVMBuilderRef *saved,
                              LLVMValueRef *saved_fn) {
  LLVMValueRef fn = LLVMGetNamedFunction(g->mod, name);
  *made = fn == NULL;
  if (fn) return fn;
  fn = LLVMAddFunction(g->mod, name, ft);
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  *saved = g->b;
  *saved_fn = g->fn;
  g->b = LLVMCreateBuilderInContext(g->ctx);
  g->fn = fn;
  LLVMPositionBuilderAtEnd(g->b, LLVMAppendBasicBlockInContext(g->ctx, fn, "entry"));
  return fn;
}

static void pj_helper_done(PjCg *g, LLVMBuilderRef saved, LLVMValueRef saved_fn) {
  LLVMDisposeBuilder(g->b);
  g->b = saved;
  g->fn = saved_fn;
}

/* pj.chars.len.W(p, cap): the index after the last non-NUL character of cap characters at p. */
static LLVMValueRef pj_chars_len_fn(PjCg *g, int width, LLVMTypeRef *ft) {
  char name[32];
  snprintf(name, sizeof name, "pj.chars.len.%d", width);
  LLVMTypeRef i64 = pj_cg_i64(g);
  *ft = LLVMFunctionType(i64, (LLVMTypeRef[]){pj_cg_ptr(g), i64}, 2, 0);
  bool made;
  LLVMBuilderRef saved;
  LLVMValueRef saved_fn, fn = pj_helper(g, name, *ft, &made, &saved, &saved_fn);
  if (!made) return fn;
  LLVMBasicBlockRef entry = LLVMGetInsertBlock(g->b);
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(g->ctx, fn, "loop");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, fn, "body");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, fn, "done");
  V p = LLVMGetParam(fn, 0), cap = LLVMGetParam(fn, 1);
  LLVMBuildBr(g->b, loop);
  LLVMPositionBuilderAtEnd(g->b, loop); /* n: the length if character n-1 is not NUL */
  V n = LLVMBuildPhi(g->b, i64, "n");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntSGT, n, LLVMConstInt(i64, 0, 0), ""), body, done);
  LLVMPositionBuilderAtEnd(g->b, body);
  V prev = LLVMBuildSub(g->b, n, LLVMConstInt(i64, 1, 0), "");
  V nul = LLVMBuildICmp(g->b, LLVMIntEQ, pj_char_at(g, p, prev, width), LLVMConstInt(LLVMInt32TypeInContext(g->ctx), 0, 0), "");
  LLVMBuildCondBr(g->b, nul, loop, done);
  LLVMAddIncoming(n, (V[]){cap, prev}, (LLVMBasicBlockRef[]){entry, body}, 2);
  LLVMPositionBuilderAtEnd(g->b, done);
  V len = LLVMBuildPhi(g->b, i64, "len");
  LLVMAddIncoming(len, (V[]){n, n}, (LLVMBasicBlockRef[]){loop, body}, 2);
  LLVMBuildRet(g->b, len);
  pj_helper_done(g, saved, saved_fn);
  return fn;
}

static V pj_chars_length(PjCg *g, PjChars s) {
  if (s.literal) return LLVMConstInt(pj_cg_i64(g), (unsigned long long)s.cap, 0);
  LLVMTypeRef ft;
  V fn = pj_chars_len_fn(g, s.width, &ft);
  return LLVMBuildCall2(g->b, ft, fn, (V[]){s.p, LLVMConstInt(pj_cg_i64(g), (unsigned long long)s.cap, 0)}, 2, "");
}

LLVMValueRef pj_cg_chars_len(PjCg *g, LLVMValueRef p, const PjType *t) { return pj_chars_length(g, pj_chars_of(p, t)); }

/* pj.chars.cmp.A.B(a, na, b, nb): -1, 0 or 1 as the first na characters at a order before, as,
 * or after the first nb at b (the first differing code decides, else the lengths). */
static LLVMValueRef pj_chars_cmp_fn(PjCg *g, int wa, int wb, LLVMTypeRef *ft) {
  char name[32];
  snprintf(name, sizeof name, "pj.chars.cmp.%d.%d", wa, wb);
  LLVMTypeRef i64 = pj_cg_i64(g), i32 = LLVMInt32TypeInContext(g->ctx), ptr = pj_cg_ptr(g);
  *ft = LLVMFunctionType(i32, (LLVMTypeRef[]){ptr, i64, ptr, i64}, 4, 0);
  bool made;
  LLVMBuilderRef saved;
  LLVMValueRef saved_fn, fn = pj_helper(g, name, *ft, &made, &saved, &saved_fn);
  if (!made) return fn;
  LLVMBasicBlockRef entry = LLVMGetInsertBlock(g->b);
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(g->ctx, fn, "loop");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, fn, "body");
  LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(g->ctx, fn, "next");
  LLVMBasicBlockRef differ = LLVMAppendBasicBlockInContext(g->ctx, fn, "differ");
  LLVMBasicBlockRef lengths = LLVMAppendBasicBlockInContext(g->ctx, fn, "lengths");
  V a = LLVMGetParam(fn, 0), na = LLVMGetParam(fn, 1), b = LLVMGetParam(fn, 2), nb = LLVMGetParam(fn, 3);
  V n = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, na, nb, ""), na, nb, "");
  LLVMBuildBr(g->b, loop);
  LLVMPositionBuilderAtEnd(g->b, loop);
  V i = LLVMBuildPhi(g->b, i64, "i");
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, i, n, ""), body, lengths);
  LLVMPositionBuilderAtEnd(g->b, body);
  V ca = pj_char_at(g, a, i, wa), cb = pj_char_at(g, b, i, wb);
  LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, ca, cb, ""), next, differ);
  LLVMPositionBuilderAtEnd(g->b, next);
  V i1 = LLVMBuildAdd(g->b, i, LLVMConstInt(i64, 1, 0), "");
  LLVMBuildBr(g->b, loop);
  LLVMAddIncoming(i, (V[]){LLVMConstInt(i64, 0, 0), i1}, (LLVMBasicBlockRef[]){entry, next}, 2);
  LLVMPositionBuilderAtEnd(g->b, differ); /* codes are unsigned (UCS-4 and bytes) */
  LLVMBuildRet(g->b, LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntULT, ca, cb, ""), LLVMConstInt(i32, (unsigned long long)-1, 1),
                                     LLVMConstInt(i32, 1, 0), ""));
  LLVMPositionBuilderAtEnd(g->b, lengths);
  V lt = LLVMBuildZExt(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, na, nb, ""), i32, "");
  V gt = LLVMBuildZExt(g->b, LLVMBuildICmp(g->b, LLVMIntSGT, na, nb, ""), i32, "");
  LLVMBuildRet(g->b, LLVMBuildSub(g->b, gt, lt, ""));
  pj_helper_done(g, saved, saved_fn);
  return fn;
}

LLVMValueRef pj_cg_chars_compare(PjCg *g, PjCmpOp op, LLVMValueRef a, const PjType *at, LLVMValueRef b, const PjType *bt) {
  PjChars x = pj_chars_of(a, at), y = pj_chars_of(b, bt);
  LLVMTypeRef ft;
  V fn = pj_chars_cmp_fn(g, x.width, y.width, &ft);
  V c = LLVMBuildCall2(g->b, ft, fn, (V[]){x.p, pj_chars_length(g, x), y.p, pj_chars_length(g, y)}, 4, "");
  static const LLVMIntPredicate sp[] = {LLVMIntEQ, LLVMIntNE, LLVMIntSLT, LLVMIntSLE, LLVMIntSGT, LLVMIntSGE};
  return LLVMBuildICmp(g->b, sp[op], c, LLVMConstInt(LLVMInt32TypeInContext(g->ctx), 0, 0), "");
}

LLVMValueRef pj_cg_chars_index(PjCg *g, const PjExpr *e) {
  const PjType *t = e->sub.base->type;
  V p = pj_cg_expr(g, e->sub.base), i = pj_cg_expr(g, e->sub.index);
  LLVMTypeRef i64 = pj_cg_i64(g);
  V cap = LLVMConstInt(i64, (unsigned long long)pj_string_count(t->record), 0);
  /* numba: IndexError outside [0, count) and for a NUL character (past the string's end) */
  V inside = LLVMBuildICmp(g->b, LLVMIntULT, i, cap, "");
  V safe = LLVMBuildSelect(g->b, inside, i, LLVMConstInt(i64, 0, 0), "");
  V c = pj_char_at(g, p, safe, 1);
  V ok = LLVMBuildAnd(g->b, inside, LLVMBuildICmp(g->b, LLVMIntNE, c, LLVMConstInt(LLVMTypeOf(c), 0, 0), ""), "");
  LLVMBasicBlockRef fail = pj_cg_block_new(g, "chars.oob"), good = pj_cg_block_new(g, "chars.ok");
  LLVMBuildCondBr(g->b, ok, good, fail);
  LLVMPositionBuilderAtEnd(g->b, fail);
  pj_cg_raise(g, e->loc, PJ_KERNEL_ERROR_INDEX, i, cap);
  LLVMPositionBuilderAtEnd(g->b, good);
  return LLVMBuildTrunc(g->b, c, LLVMInt8TypeInContext(g->ctx), "");
}
