/* Names: what module-level bindings stand for, which functions are kernels, and the local
 * variables of each function (every name a function assigns is local to it, as in Python). */
#include <string.h>

#include "frontend/frontend.h"
#include "ir/names.h"

const char *pj_canonical_name(PjArena *arena, const char *q) {
  static const char *const prefixes[][2] = {
      {"numba.cuda.types", "numba"}, {"pyjitc.cuda.types", "numba"}, {"pyjitc.types", "numba"},
      {"numba.cuda", "cuda"}, {"pyjitc.cuda", "cuda"}, {"pyjitc", "numba"},
  };
  for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
    size_t n = strlen(prefixes[i][0]);
    if (strncmp(q, prefixes[i][0], n) == 0 && (q[n] == 0 || q[n] == '.'))
      return pj_arena_printf(arena, "%s%s", prefixes[i][1], q + n);
  }
  return q;
}

const PjGlobal *pj_module_global(const PjModule *m, const char *name) {
  /* the last binding wins, as at the end of the module's execution */
  int i = pj_names_get(&m->names, name);
  for (int k = m->nglobals - 1; k >= m->names.count; k--) /* bound since the index was made */
    if (strcmp(m->globals[k].name, name) == 0) return &m->globals[k];
  return i >= 0 ? &m->globals[i] : NULL;
}

void pj_module_index(PjArena *arena, PjModule *m) {
  for (int i = m->names.count; i < m->nglobals; i++) pj_names_put(arena, &m->names, m->globals[i].name, i);
}

/* The qualified name of a dotted expression rooted at an imported module, or NULL. */
static const char *pj_decorator_name(PjArena *arena, const PjModule *m, const PjExpr *e) {
  if (e->kind == PJ_EX_NAME) {
    const PjGlobal *g = pj_module_global(m, e->name.id);
    return g && g->kind == PJ_GLOBAL_MODULE ? pj_canonical_name(arena, g->qualname) : NULL;
  }
  if (e->kind == PJ_EX_ATTR) {
    const char *base = pj_decorator_name(arena, m, e->attr.base);
    return base ? pj_canonical_name(arena, pj_arena_printf(arena, "%s.%s", base, e->attr.attr)) : NULL;
  }
  return NULL;
}

/* A decorator runs when the module is imported: a name nothing binds is Python's NameError. */
static bool pj_decorator_bound(const PjModule *m, const PjExpr *callee, PjDiags *diags) {
  const PjExpr *root = callee;
  while (root->kind == PJ_EX_ATTR) root = root->attr.base;
  if (root->kind != PJ_EX_NAME || pj_module_global(m, root->name.id)) return true;
  static const char *const builtins[] = {"staticmethod", "classmethod", "property"};
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
    if (strcmp(root->name.id, builtins[i]) == 0) return true;
  bool is_cuda = strcmp(root->name.id, "cuda") == 0;
  pj_error(diags, &m->file, root->loc, "name '%s' is not defined%s", root->name.id,
           is_cuda ? " (import it: from numba import cuda)" : "");
  return false;
}

/* What @cuda.jit(inline=..., forceinline=...) written with constants asks of a device function's
 * calls (PjInline): inline="always" / True or forceinline=True always inline them, inline="never" /
 * False or forceinline=False given keep them calls, nothing given leaves it to LLVM. */
static int pj_decorator_inline(const PjExpr *d) {
  int inline_ = -1, force = -1; /* -1: not given (or not a constant) */
  for (int i = 0; i < d->call.nargs; i++) {
    const PjExpr *a = d->call.args[i];
    if (a->kind != PJ_EX_BINARY || a->bin.op != PJ_OP_COUNT || a->bin.l->kind != PJ_EX_NAME) continue;
    const char *key = a->bin.l->name.id;
    const PjExpr *v = a->bin.r;
    int yes = v->kind == PJ_EX_BOOL ? (int)v->ival
              : v->kind == PJ_EX_STRING && strcmp(v->str, "always") == 0 ? 1
              : v->kind == PJ_EX_STRING && strcmp(v->str, "never") == 0 ? 0 : -1;
    if (strcmp(key, "inline") == 0) inline_ = yes;
    if (strcmp(key, "forceinline") == 0 && v->kind == PJ_EX_BOOL) force = yes;
  }
  if (force == 1 || inline_ == 1) return PJ_INLINE_ALWAYS;
  return force == 0 || inline_ == 0 ? PJ_INLINE_NEVER : PJ_INLINE_AUTO;
}

/* The keyword arguments numba-cuda's cuda.jit takes (its parameters and those it reads from its
 * **kws); another is an error, as Python's for a function without it. */
static bool pj_jit_keyword(const char *key) {
  static const char *const known[] = {"func_or_sig", "device", "inline", "forceinline", "link", "debug", "opt",
                                      "lineinfo", "cache", "launch_bounds", "lto", "shared_memory_carveout",
                                      "fastmath", "max_registers", "extensions", "boundscheck", "argtypes",
                                      "restype", "bind"};
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (strcmp(key, known[i]) == 0) return true;
  return false;
}

/* max_registers=N written as a constant: 0 (no limit) to 255, PTX's .maxnreg's most. A name is
 * left alone (its value is not known here). */
static void pj_check_max_registers(const PjModule *m, const PjExpr *v, PjDiags *diags) {
  bool bad = v->kind == PJ_EX_INT ? (v->big || v->ival < 0 || v->ival > 255)
             : v->kind == PJ_EX_FLOAT || v->kind == PJ_EX_STRING || v->kind == PJ_EX_BOOL || v->kind == PJ_EX_UNARY;
  if (bad)
    pj_error(diags, &m->file, v->loc, "max_registers must be a whole number of registers per thread from 1 to 255 "
             "(0 or None: no limit)");
}

static void pj_read_decorator(PjArena *arena, const PjModule *m, PjFuncSyntax *fs, const PjExpr *d, PjDiags *diags) {
  const PjExpr *callee = d->kind == PJ_EX_CALL ? d->call.fn : d;
  if (!pj_decorator_bound(m, callee, diags)) return;
  const char *q = pj_decorator_name(arena, m, callee);
  if (!q || strcmp(q, "cuda.jit") != 0) return;
  fs->is_kernel = true;
  if (d->kind != PJ_EX_CALL) return;
  for (int i = 0; i < d->call.nargs; i++) {
    const PjExpr *a = d->call.args[i];
    if (a->kind == PJ_EX_STRING && !fs->sig) {
      fs->sig = a->str;
      fs->sig_loc = a->loc;
    }
    bool kw = a->kind == PJ_EX_BINARY && a->bin.op == PJ_OP_COUNT && a->bin.l->kind == PJ_EX_NAME;
    const char *key = kw ? a->bin.l->name.id : "";
    bool yes = kw && a->bin.r->kind == PJ_EX_BOOL && a->bin.r->ival;
    if (yes && strcmp(key, "debug") == 0) fs->debug = true;
    if (yes && strcmp(key, "fastmath") == 0) fs->fastmath = true;
    if (yes && strcmp(key, "lineinfo") == 0) fs->lineinfo = true;
    if (kw && strcmp(key, "max_registers") == 0 && a->bin.r->kind == PJ_EX_INT && !a->bin.r->big &&
        a->bin.r->ival >= 0 && a->bin.r->ival <= 255)
      fs->max_registers = (int)a->bin.r->ival;
    if (a->kind == PJ_EX_BINARY && a->bin.op == PJ_OP_COUNT && a->bin.l->kind == PJ_EX_NAME &&
        strcmp(a->bin.l->name.id, "device") == 0 && a->bin.r->kind == PJ_EX_BOOL && a->bin.r->ival) {
      fs->is_kernel = false;
      fs->is_device = true;
    }
  }
  if (fs->inline_mode == PJ_INLINE_AUTO) fs->inline_mode = pj_decorator_inline(d);
  for (int i = 0; i < d->call.nargs; i++) { /* numba's own flags (_dbg_optnone) reach a device function only */
    const PjExpr *a = d->call.args[i];
    if (a->kind != PJ_EX_BINARY || a->bin.op != PJ_OP_COUNT || a->bin.l->kind != PJ_EX_NAME) continue;
    const char *key = a->bin.l->name.id;
    if (!pj_jit_keyword(key) && !(fs->is_device && key[0] == '_'))
      pj_error(diags, &m->file, a->bin.l->loc, "jit() got an unexpected keyword argument '%s'", key);
    if (strcmp(key, "max_registers") == 0) pj_check_max_registers(m, a->bin.r, diags);
  }
}

typedef struct PjLocals {
  PjArena *arena;
  PjFunc *f;
  PjVec vars;    /* PjVar* beyond the parameters */
  PjNames known; /* the parameters, the `nonlocal` names and vars: names that are not new locals */
} PjLocals;

static void pj_local_add(PjExpr *target, void *ctx) {
  PjLocals *L = ctx;
  if (pj_names_get(&L->known, target->name.id) >= 0) return;
  PjVar *v = pj_arena_alloc(L->arena, sizeof(PjVar));
  v->name = target->name.id;
  v->loc = target->loc;
  pj_names_put(L->arena, &L->known, v->name, L->vars.len);
  pj_vec_push(L->arena, &L->vars, v);
}

static void pj_collect_locals(PjArena *arena, PjFunc *f) {
  PjLocals L = {.arena = arena, .f = f};
  for (int i = 0; i < f->nvars; i++) pj_names_put(arena, &L.known, f->vars[i].name, i);
  for (int i = 0; i < f->nnonlocals; i++) /* `nonlocal x`: the enclosing function's variable */
    pj_names_put(arena, &L.known, f->nonlocals[i], i);
  pj_block_assigned_names(&f->body, pj_local_add, &L);
  PjVar *vars = pj_arena_alloc(arena, sizeof(PjVar) * (size_t)(f->nparams + L.vars.len + 1));
  memcpy(vars, f->vars, sizeof(PjVar) * (size_t)f->nparams);
  for (int i = 0; i < L.vars.len; i++) vars[f->nparams + i] = *(PjVar *)L.vars.items[i];
  f->vars = vars;
  f->nvars = f->nparams + L.vars.len;
}

void pj_syntax_delete(PjSyntax *syn) {
  for (int i = 0; syn && i < syn->nfuncs; i++) pj_diags_delete(syn->funcs[i]->diags);
}

bool pj_resolve(PjArena *arena, PjSyntax *syn, PjDiags *diags) {
  pj_inline_nonlocals(arena, syn, diags);
  for (int i = 0; i < syn->nfuncs; i++) {
    PjFuncSyntax *fs = syn->funcs[i];
    for (int d = 0; d < fs->decorators.len; d++)
      pj_read_decorator(arena, &syn->module, fs, fs->decorators.items[d], diags);
    fs->func->is_kernel = fs->is_kernel;
    fs->func->is_device = fs->is_device;
    fs->func->inline_mode = fs->inline_mode;
    fs->func->parse_diags = fs->body_ok ? NULL : fs->diags;
    pj_split_loop_vars(arena, fs->func, syn->inner, syn->ninner);
    pj_split_webs(arena, fs->func, syn->inner, syn->ninner);
    pj_collect_locals(arena, fs->func);
  }
  for (int i = 0; i < syn->ninner; i++) pj_collect_locals(arena, syn->inner[i]);
  for (int i = 0; i < syn->ninner; i++) pj_inner_captures(arena, syn->inner[i]);
  return pj_diags_errors(diags) == 0;
}
