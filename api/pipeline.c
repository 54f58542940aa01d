/* The public API's compile half: source -> frontend -> typed IR -> backend -> code, as one
 * straight line, keeping a dump of each stage when asked (--emit=ast|types|llvm|ptx). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend/backend.h"
#include "frontend/frontend.h"

struct PjSource {
  PjArena *arena;
  PjSyntax *syntax;
  PjFuncSyntax **kernels;
  int nkernels;
  double parse_ms;
};

struct PjKernel {
  PjArena *arena;
  PjCode *code;
  PjKernelCode abi;
  PjArgType *args;
  char *ast_text, *types_text;
  PjCompileTimes times;
};

double pj_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

const char *pj_version_string(void) {
  static char v[64];
  snprintf(v, sizeof v, "pyjitc %s (LLVM %s)", PJ_VERSION, pj_backend_llvm_version());
  return v;
}

/* ---- sources -------------------------------------------------------------------------------- */

/* An eager signature is checked where it is written: its syntax and its number of arguments. */
static void pj_check_eager_signature(const PjSource *s, const PjFuncSyntax *fs, PjDiags *diags) {
  if (!fs->sig) return;
  PjArgType args[256];
  char err[256];
  int n = pj_signature_parse(fs->sig, args, 256, err, sizeof err);
  const PjFile *file = &s->syntax->module.file;
  if (n < 0) pj_error(diags, file, fs->sig_loc, "bad signature: %s", err);
  else if (n != fs->func->nparams)
    pj_error(diags, file, fs->sig_loc, "the signature has %d argument%s; kernel '%s' takes %d", n, n == 1 ? "" : "s",
             fs->func->name, fs->func->nparams);
}

PjSource *pj_source_new(const char *path, const char *text, size_t len, PjDiags *diags) {
  double t0 = pj_now_ms();
  PjSource *s = calloc(1, sizeof(PjSource));
  s->arena = pj_arena_new();
  PjFile file = {pj_arena_strdup(s->arena, path ? path : "<input>"), pj_arena_strndup(s->arena, text, len), len};
  size_t before = pj_diags_errors(diags);
  s->syntax = pj_parse(s->arena, &file, diags);
  if (pj_diags_errors(diags) == before) pj_resolve(s->arena, s->syntax, diags);
  if (pj_diags_errors(diags) != before) {
    pj_source_delete(s);
    return NULL;
  }
  s->kernels = pj_arena_alloc(s->arena, sizeof(PjFuncSyntax *) * (size_t)(s->syntax->nfuncs + 1));
  for (int i = 0; i < s->syntax->nfuncs; i++)
    if (s->syntax->funcs[i]->is_kernel) s->kernels[s->nkernels++] = s->syntax->funcs[i];
  for (int i = 0; i < s->nkernels; i++) pj_check_eager_signature(s, s->kernels[i], diags);
  if (pj_diags_errors(diags) != before) {
    pj_source_delete(s);
    return NULL;
  }
  s->parse_ms = pj_now_ms() - t0;
  return s;
}

void pj_source_delete(PjSource *s) {
  if (!s) return;
  pj_syntax_delete(s->syntax);
  pj_arena_delete(s->arena);
  free(s);
}

size_t pj_source_kernel_count(const PjSource *s) { return (size_t)s->nkernels; }
const char *pj_source_kernel_name(const PjSource *s, size_t i) { return s->kernels[i]->func->name; }
size_t pj_source_param_count(const PjSource *s, int k) { return (size_t)s->kernels[k]->func->nparams; }
const char *pj_source_param_name(const PjSource *s, int k, size_t i) { return s->kernels[k]->func->vars[i].name; }

/* The first eager signature of kernel k (@cuda.jit("void(float32[:])")), or NULL. */
const char *pj_source_kernel_signature(const PjSource *s, int k) { return s->kernels[k]->sig; }

int pj_source_find_kernel(const PjSource *s, const char *name, PjDiags *diags) {
  const PjFile *file = &s->syntax->module.file;
  if (s->nkernels == 0) {
    pj_error(diags, file, (PjLoc){0}, "no @cuda.jit kernel in this file");
    return -1;
  }
  if (!name) {
    if (s->nkernels == 1) return 0;
    char list[512] = "";
    for (int i = 0; i < s->nkernels; i++)
      snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", s->kernels[i]->func->name);
    pj_error(diags, file, (PjLoc){0}, "this file has %d kernels (%s): choose one with --kernel NAME", s->nkernels, list);
    return -1;
  }
  for (int i = 0; i < s->nkernels; i++)
    if (strcmp(s->kernels[i]->func->name, name) == 0) return i;
  pj_error(diags, file, (PjLoc){0}, "no kernel named '%s' in this file", name);
  return -1;
}

char *pj_source_dump_ast(const PjSource *s) {
  PjArena *scratch = pj_arena_new();
  char *text = pj_module_dump(&s->syntax->module, false, scratch);
  pj_arena_delete(scratch);
  return text;
}

/* ---- kernels -------------------------------------------------------------------------------- */

/* --emit=types: the kernel, then each device function specialisation it calls. */
static char *pj_dump_typed(const PjFunc *kernel, const PjVec *specs, PjArena *arena) {
  char *text = pj_func_dump(kernel, true, arena);
  for (int i = 0; i < specs->len; i++) {
    const PjSpec *s = specs->items[i];
    if (s->state != PJ_SPEC_DONE) continue;
    char *more = pj_func_dump(s->typed, true, arena);
    char *joined = NULL;
    if (asprintf(&joined, "%sDevice function %s -> %s\n%s", text, s->typed->name,
                 pj_type_name(arena, s->typed->ret_type), more) < 0) joined = NULL;
    free(text);
    free(more);
    text = joined;
  }
  return text;
}

static PjTarget pj_resolve_target(PjTarget t) { return t == PJ_TARGET_CPU ? PJ_TARGET_CPU : PJ_TARGET_CUDA; }

PjKernel *pj_kernel_compile(const PjSource *s, int k, const PjArgType *args, int nargs, const PjCompileOptions *opts,
                            PjDiags *diags, PjStatus *status) {
  PjCompileOptions defaults = {.target = PJ_TARGET_CUDA, .opt_level = 3};
  const PjCompileOptions *o = opts ? opts : &defaults;
  PjStatus st = PJ_ERROR_USER;
  PjKernel *kern = calloc(1, sizeof(PjKernel));
  kern->arena = pj_arena_new();
  kern->times.parse = s->parse_ms;
  const PjFuncSyntax *fs = s->kernels[k];
  const PjModule *m = &s->syntax->module;
  if (o->emit & PJ_EMIT_AST) kern->ast_text = pj_func_dump(fs->func, false, kern->arena);

  double t0 = pj_now_ms();
  pj_diags_append(diags, fs->diags); /* what parsing the body rejected */
  int nflat = 0;
  for (int i = 0; i < nargs; i++) nflat += pj_abi_param_count(&args[i]);
  if (nflat > 240) {
    pj_error(diags, &m->file, fs->func->loc, "kernel '%s' has %d parameters once its arrays' extents are counted; "
             "at most 240 are supported", fs->func->name, nflat);
    goto fail;
  }
  PjVec specs = {0};
  PjFunc *typed = fs->body_ok ? pj_typecheck(kern->arena, m, fs->func, args, nargs, &specs, diags) : NULL;
  kern->times.types = pj_now_ms() - t0;
  if (typed && pj_resolve_target(o->target) == PJ_TARGET_CPU && !pj_hoist_collectives(kern->arena, m, typed, (PjSpec **)specs.items, specs.len, diags))
    typed = NULL;
  if (!typed) goto fail;
  if (o->emit & PJ_EMIT_TYPES) kern->types_text = pj_dump_typed(typed, &specs, kern->arena);

  kern->args = calloc((size_t)nargs + 1, sizeof(PjArgType));
  memcpy(kern->args, args, sizeof(PjArgType) * (size_t)nargs);
  bool debug = o->debug || fs->debug;
  PjBackendOptions bo = {pj_resolve_target(o->target), o->arch, o->opt_level, o->emit, o->libdevice, debug,
                         o->fastmath || fs->fastmath, o->max_registers ? o->max_registers : fs->max_registers,
                         o->lineinfo || fs->lineinfo};
  kern->code = pj_backend_compile(m, typed, args, nargs, (PjSpec **)specs.items, specs.len, &bo, diags, &kern->times);
  if (!kern->code) {
    st = PJ_ERROR_INTERNAL;
    for (size_t i = 0; i < pj_diags_count(diags); i++)
      if (pj_diags_get(diags, i)->line > 0) st = PJ_ERROR_USER; /* a missing libdevice points at the kernel */
    goto fail;
  }
  kern->abi = (PjKernelCode){bo.target, fs->func->name, pj_backend_entry(kern->code), pj_backend_ptx(kern->code),
                             pj_backend_cpu_entry(kern->code), nargs, kern->args, m->file.path, debug,
                             pj_backend_cpu_error(kern->code)};
  kern->times.total = kern->times.parse + kern->times.types + kern->times.lower + kern->times.optimize + kern->times.codegen;
  if (status) *status = PJ_OK;
  return kern;
fail:
  pj_kernel_delete(kern);
  if (status) *status = st;
  return NULL;
}

void pj_kernel_delete(PjKernel *k) {
  if (!k) return;
  pj_backend_delete(k->code);
  free(k->args);
  free(k->ast_text);
  free(k->types_text);
  pj_arena_delete(k->arena);
  free(k);
}

const char *pj_kernel_name(const PjKernel *k) { return k->abi.name; }
PjTarget pj_kernel_target(const PjKernel *k) { return k->abi.target; }
const PjCompileTimes *pj_kernel_times(const PjKernel *k) { return &k->times; }
const PjKernelCode *pj_kernel_code(const PjKernel *k) { return &k->abi; }

const char *pj_kernel_text(const PjKernel *k, PjEmit what) {
  switch (what) {
  case PJ_EMIT_AST: return k->ast_text;
  case PJ_EMIT_TYPES: return k->types_text;
  case PJ_EMIT_LLVM: return pj_backend_llvm_text(k->code);
  case PJ_EMIT_PTX: return pj_backend_ptx(k->code);
  default: return NULL;
  }
}
