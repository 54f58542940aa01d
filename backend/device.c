/* Device functions: one internal LLVM function per specialisation (a device function typed for
 * one tuple of argument types), called directly; LLVM's inliner decides which calls to inline,
 * unless the function's decorator says (inline="never" / "always", forceinline=).
 * On the CPU they also take the calling thread's block geometry and index, which the kernel's
 * own code reads from its parameters. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/codegen.h"

/* A function, a dtype or None passed in: the specialisation knows it from its type, nothing is
 * passed; nor is a tuple of only those (the empty tuple of a *rest given nothing), whose empty
 * struct NVPTX takes as no parameter (an unoptimized call keeps it). */
static bool pj_passed(const PjType *t) {
  if (t->kind == PJ_TY_TUPLE) {
    for (int i = 0; i < t->count; i++)
      if (pj_passed(t->items[i])) return true;
    return false;
  }
  return t->kind != PJ_TY_FUNCTION && t->kind != PJ_TY_DTYPE && t->kind != PJ_TY_NONE;
}

static LLVMTypeRef pj_spec_type(PjCg *g, const PjSpec *s) {
  LLVMTypeRef params[72];
  int n = 0;
  for (int i = 0; i < s->nargs && i < 64; i++)
    if (pj_passed(s->args[i])) params[n++] = pj_cg_type(g, s->args[i]);
  if (g->host) {
    params[n++] = LLVMPointerTypeInContext(g->ctx, 0);
    for (int d = 0; d < 3; d++) params[n++] = LLVMInt32TypeInContext(g->ctx);
  }
  const PjType *rt = s->typed->ret_type;
  LLVMTypeRef ret = rt->kind == PJ_TY_VOID ? LLVMVoidTypeInContext(g->ctx) : pj_cg_type(g, rt);
  if (g->spec_rets && g->spec_rets[s->id]) ret = LLVMInt32TypeInContext(g->ctx); /* an int64 that fits (narrow.c) */
  return LLVMFunctionType(ret, params, (unsigned)n, 0);
}

/* @cuda.jit(inline=..., forceinline=...): a device function whose calls stay calls (noinline), or
 * that is always inlined (alwaysinline); otherwise LLVM's inliner decides. */
static void pj_inline_attr(PjCg *g, LLVMValueRef fn, int mode) {
  const char *attr = mode == PJ_INLINE_NEVER ? "noinline" : mode == PJ_INLINE_ALWAYS ? "alwaysinline" : NULL;
  if (!attr) return;
  unsigned kind = LLVMGetEnumAttributeKindForName(attr, strlen(attr));
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(g->ctx, kind, 0));
}

/* A device function whose calls stay calls (inline="never") is not internal: it is weak_odr, as
 * numba's device functions are linkonce_odr, so that LLVM keeps its C calling convention and its
 * parameters (an internal function would become fastcc, its unused parameters dropped), and the
 * IR shows a plain call of it. Not renamed by the NVPTX back end as internal names are, its name
 * is a valid PTX name that no other symbol has: the function's name with each byte other than a
 * letter, digit or '_' as '_', then '$' (which no Python name holds) and the specialisation's id. */
static void pj_kept_name(char *out, size_t size, const PjSpec *s) {
  size_t n = 0;
  for (const char *c = s->src->name; *c && n + 16 < size; c++) {
    bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_';
    out[n++] = ok ? *c : '_';
  }
  snprintf(out + n, size - n, "$%d", s->id);
}

void pj_cg_declare_specs(PjCg *g, PjSpec **specs, int n) {
  g->specs = specs;
  g->nspecs = n;
  g->spec_fns = calloc((size_t)n + 1, sizeof(LLVMValueRef));
  g->spec_types = calloc((size_t)n + 1, sizeof(LLVMTypeRef));
  for (int i = 0; i < n; i++) {
    const PjSpec *s = specs[i];
    if (s->state != PJ_SPEC_DONE || !s->typed || s->inlined) continue; /* inlined: the CPU's block mode */
    char name[256];
    bool kept = s->src->inline_mode == PJ_INLINE_NEVER;
    if (kept) pj_kept_name(name, sizeof name, s);
    else snprintf(name, sizeof name, "%s.%d", s->src->name, s->id);
    g->spec_types[i] = pj_spec_type(g, s);
    g->spec_fns[i] = LLVMAddFunction(g->mod, name, g->spec_types[i]);
    LLVMSetLinkage(g->spec_fns[i], kept ? LLVMWeakODRLinkage : LLVMInternalLinkage);
    pj_inline_attr(g, g->spec_fns[i], s->src->inline_mode);
  }
}

/* A call of a function linked in from elsewhere (cuda.declare_device). numba's ABI returns a
 * status and writes the result through a pointer passed first; the C ABI returns the result. */
static LLVMValueRef pj_cg_call_foreign(PjCg *g, const PjExpr *e) {
  const PjForeign *f = e->call.foreign;
  bool has_ret = f->ret->kind != PJ_TY_VOID;
  LLVMTypeRef rt = has_ret ? pj_cg_type(g, f->ret) : LLVMVoidTypeInContext(g->ctx);
  LLVMTypeRef params[66];
  LLVMValueRef args[66];
  int n = 0;
  LLVMValueRef slot = NULL;
  if (!f->c_abi) {
    /* the result slot lives in the entry block, so a call in a loop reuses it */
    LLVMBasicBlockRef here = LLVMGetInsertBlock(g->b);
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(g->fn);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    if (first) LLVMPositionBuilderBefore(g->b, first);
    else LLVMPositionBuilderAtEnd(g->b, entry);
    slot = LLVMBuildAlloca(g->b, has_ret ? rt : LLVMInt8TypeInContext(g->ctx), "foreign_result");
    LLVMPositionBuilderAtEnd(g->b, here);
    params[n] = pj_cg_ptr(g);
    args[n++] = slot;
  }
  for (int i = 0; i < e->call.nargs && i < 64; i++) {
    params[n] = pj_cg_type(g, f->params[i]);
    args[n++] = pj_cg_expr(g, e->call.args[i]);
  }
  LLVMTypeRef fty = LLVMFunctionType(f->c_abi ? rt : LLVMInt32TypeInContext(g->ctx), params, (unsigned)n, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(g->mod, f->symbol);
  if (!fn) {
    fn = LLVMAddFunction(g->mod, f->symbol, fty);
    /* C passes integers narrower than int widened by the caller (signext/zeroext, as clang marks them) */
    for (int i = 0; i < f->nparams; i++) {
      PjDtype d = f->params[i]->dtype;
      if (f->params[i]->kind != PJ_TY_SCALAR || pj_dtype_is_float(d) || pj_dtype_is_complex(d) || pj_dtype_bits(d) >= 32) continue;
      const char *kind = d == PJ_BOOL || !pj_dtype_is_signed(d) ? "zeroext" : "signext";
      LLVMAddAttributeAtIndex(fn, (unsigned)(i + 1 + !f->c_abi),
                              LLVMCreateEnumAttribute(g->ctx, LLVMGetEnumAttributeKindForName(kind, strlen(kind)), 0));
    }
  }
  LLVMValueRef r = LLVMBuildCall2(g->b, fty, fn, args, (unsigned)n, "");
  if (!has_ret) return NULL;
  return f->c_abi ? r : LLVMBuildLoad2(g->b, rt, slot, "");
}

LLVMValueRef pj_cg_call_spec(PjCg *g, const PjExpr *e) {
  if (e->call.foreign) return pj_cg_call_foreign(g, e);
  const PjSpec *s = e->call.spec;
  LLVMValueRef args[72];
  int n = 0;
  for (int i = 0; i < e->call.nargs && i < 64; i++)
    if (pj_passed(s->args[i]))
      args[n++] = pj_cg_convert(g, pj_cg_expr(g, e->call.args[i]), e->call.args[i]->type, s->args[i]);
  if (g->host) {
    args[n++] = g->cpu_grid;
    for (int d = 0; d < 3; d++) args[n++] = g->cpu_tid[d];
  }
  LLVMValueRef r = LLVMBuildCall2(g->b, g->spec_types[s->id], g->spec_fns[s->id], args, (unsigned)n, "");
  if (g->spec_rets && g->spec_rets[s->id]) r = LLVMBuildSExt(g->b, r, pj_cg_type(g, s->typed->ret_type), "");
  if (g->checks) pj_cg_stop_if_failed(g);
  return s->typed->ret_type->kind == PJ_TY_VOID ? NULL : r;
}

/* The body of one specialisation, into its declared function. */
static void pj_define_spec(PjCg *g, const PjSpec *s) {
  LLVMValueRef fn = g->spec_fns[s->id];
  g->f = s->typed;
  g->fn = fn;
  g->block_mode = false;
  g->in_device = true;
  pj_cg_debug_function(g, fn, g->f);
  LLVMSetCurrentDebugLocation2(g->b, NULL);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(g->ctx, fn, "entry");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, fn, "body");
  g->ret = LLVMAppendBasicBlockInContext(g->ctx, fn, "return");
  g->loop_exit = g->loop_continue = NULL;
  LLVMPositionBuilderAtEnd(g->b, entry);
  pj_cg_alloc_slots(g);
  pj_di_variables(g);
  pj_di_at(g, g->f->loc); /* the arguments' setup is the `def` line's */
  unsigned p = 0;
  for (int i = 0; i < s->nargs; i++)
    if (pj_passed(s->args[i]))
      LLVMBuildStore(g->b, pj_cg_convert(g, LLVMGetParam(fn, p++), s->args[i], g->f->vars[i].type), g->slots[i]);
  if (g->host) {
    g->cpu_grid = LLVMGetParam(fn, p);
    for (int d = 0; d < 3; d++) g->cpu_tid[d] = LLVMGetParam(fn, p + 1 + (unsigned)d);
  }
  const PjType *rt = g->f->ret_type;
  g->ret_slot = NULL;
  if (rt->kind != PJ_TY_VOID) {
    g->ret_slot = LLVMBuildAlloca(g->b, pj_cg_type(g, rt), "result");
    LLVMBuildStore(g->b, LLVMConstNull(pj_cg_type(g, rt)), g->ret_slot);
  }
  LLVMBuildBr(g->b, body);
  g->alloca_b = LLVMCreateBuilderInContext(g->ctx);
  LLVMPositionBuilderBefore(g->alloca_b, LLVMGetBasicBlockTerminator(entry));
  LLVMPositionBuilderAtEnd(g->b, body);
  if (g->host && s->recursive) pj_host_stack_check(g, g->f->loc);
  pj_cg_function_body(g);
  if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) LLVMBuildBr(g->b, g->ret);
  LLVMPositionBuilderAtEnd(g->b, g->ret);
  LLVMValueRef result = g->ret_slot ? LLVMBuildLoad2(g->b, pj_cg_type(g, rt), g->ret_slot, "") : NULL;
  if (result && g->spec_rets && g->spec_rets[s->id]) result = LLVMBuildTrunc(g->b, result, LLVMInt32TypeInContext(g->ctx), "");
  if (result) LLVMBuildRet(g->b, result);
  else LLVMBuildRetVoid(g->b);
  LLVMDisposeBuilder(g->alloca_b);
  free(g->slots);
  g->slots = NULL;
  pj_cg_narrow_end(g);
}

void pj_cg_define_specs(PjCg *g) {
  const PjFile *kernel_file = g->file;
  for (int i = 0; i < g->nspecs; i++) {
    if (!g->spec_fns[i]) continue;
    const PjModule *m = g->specs[i]->typed->module;
    g->file = m ? &m->file : kernel_file; /* a device function may come from another file */
    pj_define_spec(g, g->specs[i]);
  }
  g->file = kernel_file;
  g->in_device = false;
  g->ret_slot = NULL;
  free(g->spec_fns);
  free(g->spec_types);
  g->spec_fns = NULL;
  g->spec_types = NULL;
}
