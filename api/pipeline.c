/* The public API's compile half: source -> frontend -> typed IR -> backend -> code, as one
 * straight line, keeping a dump of each stage when asked (--emit=ast|types|typed-ir|llvm|ptx); and the
 * entry points that hand a compiled kernel's code to runtime/ (pj_launch, pj_kernel_load). */
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "frontend/frontend.h"
#include "ir/fold.h"
#include "ir/half.h"
#include "ir/stack.h"
#include "runtime/device.h"
#include "runtime/link.h"

struct PjSource {
  PjArena *arena;
  PjSyntax *syntax;   /* the kernels' */
  PjSyntax **units;   /* pj_source_new_units: one syntax per unit (units[0] is syntax) */
  int nunits;
  PjFuncSyntax **kernels;
  int nkernels;
  double parse_ms;
};

struct PjKernel {
  PjArena *arena;
  PjCode *code;         /* NULL for a kernel made from cached PTX (the strings are in arena) */
  PjKernelCode abi;
  PjArgType *args;
  char *ast_text, *types_text, *typed_ir_text;
  PjCompileTimes times;
  PjLinkInput *links;   /* linked with the PTX when loaded (foreign functions) */
  bool has_result;      /* a device function compiled alone that returns result */
  PjDtype result;
};

const char *pj_version_string(void) {
  static char v[64];
  snprintf(v, sizeof v, "pyjitc %s (LLVM %s)", PJ_VERSION, pj_backend_llvm_version());
  return v;
}

/* The NT_GNU_BUILD_ID note of the loaded object that holds this function. */
static int pj_build_id_of(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  uintptr_t here = (uintptr_t)&pj_build_id;
  bool ours = false;
  for (int i = 0; i < info->dlpi_phnum && !ours; i++) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + p->p_vaddr;
    ours = p->p_type == PT_LOAD && here >= start && here - start < p->p_memsz;
  }
  if (!ours) return 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    if (p->p_type != PT_NOTE) continue;
    const char *n = (const char *)(info->dlpi_addr + p->p_vaddr), *end = n + p->p_memsz;
    while (n + sizeof(ElfW(Nhdr)) <= end) {
      const ElfW(Nhdr) *h = (const ElfW(Nhdr) *)n;
      const char *name = n + sizeof *h, *desc = name + ((h->n_namesz + 3) & ~3u);
      if (desc + h->n_descsz > end) break;
      if (h->n_type == NT_GNU_BUILD_ID && h->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
        char *out = data;
        for (unsigned k = 0; k < h->n_descsz && k < 32; k++) sprintf(out + 2 * k, "%02x", (unsigned char)desc[k]);
        return 1;
      }
      n = desc + ((h->n_descsz + 3) & ~3u);
    }
  }
  return 1;
}

static char pj_build_id_text[65];
static void pj_build_id_find(void) { dl_iterate_phdr(pj_build_id_of, pj_build_id_text); }

const char *pj_build_id(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, pj_build_id_find);
  return pj_build_id_text;
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

/* Two @cuda.jit functions of one name in a file: Python keeps the later, but a call or --kernel
 * naming it would be ambiguous to a reader and to the compiler, which finds functions by name. */
static void pj_check_defined_once(const PjSource *s, const PjFile *file, PjDiags *diags) {
  for (int j = 0; j < s->syntax->nfuncs; j++) {
    const PjFuncSyntax *b = s->syntax->funcs[j];
    if (!b->is_kernel && !b->is_device) continue;
    for (int i = 0; i < j; i++) {
      const PjFuncSyntax *a = s->syntax->funcs[i];
      if ((!a->is_kernel && !a->is_device) || strcmp(a->func->name, b->func->name) != 0) continue;
      pj_error(diags, file, b->func->loc, "'%s' is defined again (first at line %d): each @cuda.jit function of a "
               "file needs a name of its own; rename one", b->func->name, a->func->loc.line);
      pj_note(diags, file, a->func->loc, "the first definition of '%s'", a->func->name);
      break;
    }
  }
}

static PjSource *pj_source_new_here(const char *path, const char *text, size_t len, PjDiags *diags) {
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
  pj_check_defined_once(s, &file, diags);
  if (pj_diags_errors(diags) != before) {
    pj_source_delete(s);
    return NULL;
  }
  s->parse_ms = pj_now_ms() - t0;
  return s;
}

void pj_source_delete(PjSource *s) {
  if (!s) return;
  for (int i = 1; i < s->nunits; i++) pj_syntax_delete(s->units[i]);
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

/* ---- sources given unit by unit ------------------------------------------------------------- */

static const PjRecord *pj_record_own(PjArena *arena, const PjRecord *from);
static PjConstArray *pj_binding_array(PjArena *a, const PjBinding *b, int unit);

/* A constant binding's value: a number, or a tuple of numbers, tuples and (as tuple items, for
 * literal_unroll and constant indexing) NumPy arrays. */
static PjExpr *pj_binding_value(PjArena *a, const PjBinding *b, int unit, bool item) {
  PjExpr *e = pj_arena_alloc(a, sizeof(PjExpr));
  switch (b->kind) {
  case PJ_BIND_INT: e->kind = PJ_EX_INT; e->ival = b->i; e->big = b->big != 0; return e;
  case PJ_BIND_BOOL: e->kind = PJ_EX_BOOL; e->ival = b->i != 0; return e;
  case PJ_BIND_FLOAT: e->kind = PJ_EX_FLOAT; e->fval = b->f; return e;
  case PJ_BIND_SCALAR:
    if ((unsigned)b->dtype >= PJ_DTYPE_COUNT || pj_dtype_is_complex(b->dtype)) return NULL;
    return pj_typed_const(a, (PjLoc){0}, b->dtype, pj_dtype_is_float(b->dtype), b->i, b->f);
  case PJ_BIND_TUPLE:
    e->kind = PJ_EX_TUPLE;
    e->tuple.count = b->nitems;
    e->tuple.items = pj_arena_alloc(a, sizeof(PjExpr *) * (size_t)(b->nitems + 1));
    for (int i = 0; i < b->nitems; i++)
      if (!(e->tuple.items[i] = pj_binding_value(a, &b->items[i], unit, true))) return NULL;
    return e;
  case PJ_BIND_ARRAY: {
    PjConstArray *arr = item ? pj_binding_array(a, b, unit) : NULL;
    if (!arr || arr->record) return NULL;
    e->kind = PJ_EX_CONST_ARRAY;
    e->carray = arr;
    e->type = pj_type_array_ro(arr->dtype, arr->ndim, 'C', true);
    return e;
  }
  default: return NULL;
  }
}

/* A function declared with cuda.declare_device: its symbol, ABI and scalar types. */
static PjForeign *pj_binding_foreign(PjArena *a, const PjBinding *b) {
  if (!b->qualname || !*b->qualname || b->nitems < 0 || b->nitems > 64) return NULL;
  PjForeign *f = pj_arena_alloc(a, sizeof(PjForeign));
  f->name = pj_arena_strdup(a, b->name);
  f->symbol = pj_arena_strdup(a, b->qualname);
  f->c_abi = b->i != 0;
  if (!b->big && (unsigned)b->dtype >= PJ_DTYPE_COUNT) return NULL;
  f->ret = b->big ? pj_type_void() : pj_type_scalar(b->dtype);
  f->nparams = b->nitems;
  f->params = pj_arena_alloc(a, sizeof(PjType *) * (size_t)(b->nitems + 1));
  for (int i = 0; i < b->nitems; i++) {
    if ((unsigned)b->items[i].dtype >= PJ_DTYPE_COUNT) return NULL;
    f->params[i] = b->items[i].kind == PJ_BIND_ARRAY ? pj_type_pointer(b->items[i].dtype) : pj_type_scalar(b->items[i].dtype);
  }
  return f;
}

/* A device array captured by reference: its address, extents and strides. */
static PjConstArray *pj_binding_device_array(PjArena *a, const PjBinding *b) {
  if (b->ndim < 0 || b->ndim > PJ_MAX_DIMS || (unsigned)b->dtype >= PJ_DTYPE_COUNT || !b->i) return NULL;
  PjConstArray *arr = pj_arena_alloc(a, sizeof(PjConstArray));
  arr->name = pj_arena_strdup(a, b->name);
  arr->dtype = b->dtype;
  arr->ndim = b->ndim;
  arr->address = (uint64_t)b->i;
  arr->count = 1;
  int64_t want = (int64_t)pj_dtype_size(b->dtype);
  bool c_order = true;
  for (int k = b->ndim - 1; k >= 0; k--) {
    arr->shape[k] = b->shape[k];
    arr->strides[k] = b->strides[k];
    arr->count *= b->shape[k];
    c_order = c_order && (b->shape[k] == 1 || b->strides[k] == want);
    want *= b->shape[k];
  }
  arr->layout = c_order ? 'C' : 'A';
  return arr;
}

/* A NumPy array's elements as a constant array (values as doubles, integers exactly). */
static PjConstArray *pj_binding_array(PjArena *a, const PjBinding *b, int unit) {
  if (b->ndim < 0 || b->ndim > PJ_MAX_DIMS || !b->data) return NULL; /* ndim 0: np.array(5), one element */
  PjConstArray *arr = pj_arena_alloc(a, sizeof(PjConstArray));
  arr->name = pj_arena_strdup(a, b->name);
  arr->symbol = pj_arena_printf(a, "pj_const_u%d_%s", unit, b->name);
  arr->dtype = b->dtype;
  arr->ndim = b->ndim;
  arr->count = 1;
  for (int k = 0; k < b->ndim; k++) {
    arr->shape[k] = b->shape[k];
    arr->count *= b->shape[k];
  }
  if (b->record || pj_dtype_is_complex(b->dtype)) { /* kept as bytes: the module holds them as they are */
    if (b->record) arr->record = pj_record_own(a, b->record);
    size_t n = (size_t)arr->count * (size_t)(b->record ? b->record->size : (int64_t)pj_dtype_size(b->dtype));
    void *bytes = pj_arena_alloc(a, n + 1);
    memcpy(bytes, b->data, n);
    arr->bytes = bytes;
    return arr;
  }
  arr->values = pj_arena_alloc(a, sizeof(double) * (size_t)(arr->count + 1));
  arr->ints = pj_arena_alloc(a, sizeof(int64_t) * (size_t)(arr->count + 1));
  for (int64_t i = 0; i < arr->count; i++) {
    const char *p = (const char *)b->data + (size_t)i * pj_dtype_size(b->dtype);
    int64_t v = 0;
    double d = 0;
    switch (b->dtype) {
    case PJ_BOOL: v = *(const uint8_t *)p != 0; d = (double)v; break;
    case PJ_INT8: v = *(const int8_t *)p; d = (double)v; break;
    case PJ_INT16: v = *(const int16_t *)p; d = (double)v; break;
    case PJ_INT32: v = *(const int32_t *)p; d = (double)v; break;
    case PJ_INT64: v = *(const int64_t *)p; d = (double)v; break;
    case PJ_UINT8: v = *(const uint8_t *)p; d = (double)v; break;
    case PJ_UINT16: v = *(const uint16_t *)p; d = (double)v; break;
    case PJ_UINT32: v = *(const uint32_t *)p; d = (double)v; break;
    case PJ_UINT64: { uint64_t u = *(const uint64_t *)p; v = (int64_t)u; d = (double)u; break; }
    case PJ_FLOAT32: d = *(const float *)p; break;
    case PJ_FLOAT64: d = *(const double *)p; break;
    case PJ_FLOAT16: d = pj_half_to_double(*(const uint16_t *)p); break;
    case PJ_BFLOAT16: d = pj_bf16_to_double(*(const uint16_t *)p); break;
    default:
      if (pj_dtype_unit(b->dtype) < 0) return NULL;
      v = *(const int64_t *)p; /* datetime64, timedelta64: the counts */
      d = (double)v;
      break;
    }
    arr->ints[i] = v;
    arr->values[i] = d;
  }
  return arr;
}

/* `mod.f` where the host bound the dotted name "mod.f" (an attribute of a user's module): the
 * expression becomes that name. */
typedef struct PjDotted {
  PjArena *arena;
  const PjUnit *unit;
} PjDotted;

static const char *pj_dotted_path(PjArena *a, const PjExpr *e) {
  if (e->kind == PJ_EX_NAME) return e->name.id;
  if (e->kind != PJ_EX_ATTR) return NULL;
  const char *base = pj_dotted_path(a, e->attr.base);
  return base ? pj_arena_printf(a, "%s.%s", base, e->attr.attr) : NULL;
}

static void pj_dotted_expr(PjDotted *d, PjExpr **slot);

static void pj_dotted_exprs(PjDotted *d, PjExpr **xs, int n) {
  for (int i = 0; i < n; i++) pj_dotted_expr(d, &xs[i]);
}

static void pj_dotted_expr(PjDotted *d, PjExpr **slot) {
  PjExpr *e = *slot;
  if (!e) return;
  switch (e->kind) {
  case PJ_EX_ATTR: {
    const char *path = pj_dotted_path(d->arena, e);
    for (int i = 0; path && i < d->unit->nbindings; i++)
      if (strcmp(d->unit->bindings[i].name, path) == 0) {
        PjExpr *n = pj_arena_alloc(d->arena, sizeof(PjExpr));
        *n = (PjExpr){.kind = PJ_EX_NAME, .loc = e->loc, .name = {path, -1}};
        *slot = n;
        return;
      }
    pj_dotted_expr(d, &e->attr.base);
    return;
  }
  case PJ_EX_CALL: pj_dotted_expr(d, &e->call.fn); pj_dotted_exprs(d, e->call.args, e->call.nargs); return;
  case PJ_EX_SUBSCRIPT: {
    /* Color["red"] where the host bound "Color.red" (an enum's member by name) */
    const char *base = e->sub.index->kind == PJ_EX_STRING ? pj_dotted_path(d->arena, e->sub.base) : NULL;
    const char *path = base ? pj_arena_printf(d->arena, "%s.%s", base, e->sub.index->str) : NULL;
    for (int i = 0; path && i < d->unit->nbindings; i++)
      if (strcmp(d->unit->bindings[i].name, path) == 0) {
        PjExpr *n = pj_arena_alloc(d->arena, sizeof(PjExpr));
        *n = (PjExpr){.kind = PJ_EX_NAME, .loc = e->loc, .name = {path, -1}};
        *slot = n;
        return;
      }
    pj_dotted_expr(d, &e->sub.base);
    pj_dotted_expr(d, &e->sub.index);
    return;
  }
  case PJ_EX_TUPLE: case PJ_EX_LIST: pj_dotted_exprs(d, e->tuple.items, e->tuple.count); return;
  case PJ_EX_BINARY: pj_dotted_expr(d, &e->bin.l); pj_dotted_expr(d, &e->bin.r); return;
  case PJ_EX_UNARY: pj_dotted_expr(d, &e->un.x); return;
  case PJ_EX_COMPARE: pj_dotted_exprs(d, e->cmp.operands, e->cmp.n + 1); return;
  case PJ_EX_BOOLOP: pj_dotted_expr(d, &e->boolop.l); pj_dotted_expr(d, &e->boolop.r); return;
  case PJ_EX_IFEXP:
    pj_dotted_expr(d, &e->ifexp.cond);
    pj_dotted_expr(d, &e->ifexp.then);
    pj_dotted_expr(d, &e->ifexp.orelse);
    return;
  case PJ_EX_SLICE:
    pj_dotted_expr(d, &e->slice.start);
    pj_dotted_expr(d, &e->slice.stop);
    pj_dotted_expr(d, &e->slice.step);
    return;
  default: return;
  }
}

static void pj_dotted_block(PjDotted *d, PjBlock *b) {
  for (int i = 0; i < b->count; i++) {
    PjStmt *s = b->stmts[i];
    switch (s->kind) {
    case PJ_ST_EXPR: case PJ_ST_RETURN: pj_dotted_expr(d, &s->expr); break;
    case PJ_ST_ASSIGN:
      pj_dotted_exprs(d, s->assign.targets, s->assign.ntargets);
      pj_dotted_expr(d, &s->assign.value);
      break;
    case PJ_ST_AUGASSIGN: pj_dotted_expr(d, &s->aug.target); pj_dotted_expr(d, &s->aug.value); break;
    case PJ_ST_IF: pj_dotted_expr(d, &s->if_.cond); pj_dotted_block(d, &s->if_.then); pj_dotted_block(d, &s->if_.orelse); break;
    case PJ_ST_WHILE: pj_dotted_expr(d, &s->while_.cond); pj_dotted_block(d, &s->while_.body); break;
    case PJ_ST_FOR: pj_dotted_expr(d, &s->for_.iter); pj_dotted_block(d, &s->for_.body); break;
    default: break;
    }
  }
}

static PjSource *pj_source_new_units_here(const PjUnit *units, int nunits, PjDiags *diags) {
  double t0 = pj_now_ms();
  if (nunits < 1) return NULL;
  PjSource *s = calloc(1, sizeof(PjSource));
  s->arena = pj_arena_new();
  s->units = pj_arena_alloc(s->arena, sizeof(PjSyntax *) * (size_t)nunits);
  size_t before = pj_diags_errors(diags);
  PjFuncSyntax **fns = pj_arena_alloc(s->arena, sizeof(PjFuncSyntax *) * (size_t)nunits);
  for (int u = 0; u < nunits; u++) {
    const PjUnit *in = &units[u];
    PjFile file = {pj_arena_strdup(s->arena, in->path ? in->path : "<input>"), pj_arena_strndup(s->arena, in->text, in->len),
                   in->len, in->col_offset};
    size_t unit_before = pj_diags_errors(diags);
    s->units[u] = pj_parse(s->arena, &file, diags);
    s->nunits = u + 1;
    if (pj_diags_errors(diags) != unit_before) continue; /* its syntax errors say why */
    if (s->units[u]->nfuncs != 1) {
      pj_error(diags, &file, (PjLoc){0}, "unit %d holds %d functions; it must hold one", u, s->units[u]->nfuncs);
      continue;
    }
    fns[u] = s->units[u]->funcs[0];
    fns[u]->is_kernel = in->is_kernel != 0;
    fns[u]->is_device = !in->is_kernel;
    fns[u]->debug = in->debug != 0;
    fns[u]->fastmath = in->fastmath != 0;
    fns[u]->lineinfo = in->lineinfo != 0;
    fns[u]->max_registers = in->max_registers;
    fns[u]->inline_mode = in->inline_mode;
    if (in->nsigs > 0 && in->sigs) { /* copied: the caller's arrays may go once the source is made */
      PjSignature *sigs = pj_arena_alloc(s->arena, sizeof(PjSignature) * (size_t)in->nsigs);
      for (int k = 0; k < in->nsigs; k++) {
        sigs[k] = in->sigs[k];
        PjArgType *a = pj_arena_alloc(s->arena, sizeof(PjArgType) * (size_t)(sigs[k].nargs + 1));
        if (sigs[k].nargs > 0) memcpy(a, in->sigs[k].args, sizeof(PjArgType) * (size_t)sigs[k].nargs);
        sigs[k].args = a;
      }
      fns[u]->func->sigs = sigs;
      fns[u]->func->nsigs = in->nsigs;
    }
  }
  s->syntax = s->units[0];
  if (pj_diags_errors(diags) != before) {
    pj_source_delete(s);
    return NULL;
  }
  /* the bindings: after the unit's own globals, so that they win */
  for (int u = 0; u < nunits; u++) {
    PjModule *m = &s->units[u]->module;
    PjGlobal *globals = pj_arena_alloc(s->arena, sizeof(PjGlobal) * (size_t)(m->nglobals + units[u].nbindings + 1));
    memcpy(globals, m->globals, sizeof(PjGlobal) * (size_t)m->nglobals);
    for (int i = 0; i < units[u].nbindings; i++) {
      const PjBinding *b = &units[u].bindings[i];
      PjGlobal *g = &globals[m->nglobals++];
      *g = (PjGlobal){.name = pj_arena_strdup(s->arena, b->name), .kind = PJ_GLOBAL_CONST};
      switch (b->kind) {
      case PJ_BIND_MODULE:
        g->kind = PJ_GLOBAL_MODULE;
        g->qualname = pj_arena_strdup(s->arena, b->qualname ? b->qualname : "");
        break;
      case PJ_BIND_ARRAY:
        g->kind = PJ_GLOBAL_ARRAY;
        if (!(g->array = pj_binding_array(s->arena, b, u))) g->kind = PJ_GLOBAL_CONST; /* unusable: a NULL constant */
        break;
      case PJ_BIND_FUNCTION:
        if (b->unit >= 0 && b->unit < nunits) {
          g->kind = PJ_GLOBAL_FUNC;
          g->func = fns[b->unit]->func;
        }
        break;
      case PJ_BIND_DEVICE_ARRAY:
        g->kind = PJ_GLOBAL_ARRAY;
        if (!(g->array = pj_binding_device_array(s->arena, b))) g->kind = PJ_GLOBAL_CONST;
        break;
      case PJ_BIND_RECORD_DTYPE:
        if (b->record && !b->record->chars) {
          g->kind = PJ_GLOBAL_RECORD_DTYPE;
          g->record = pj_record_own(s->arena, b->record);
        }
        break;
      case PJ_BIND_FOREIGN:
        g->kind = PJ_GLOBAL_FOREIGN;
        if (!(g->foreign = pj_binding_foreign(s->arena, b))) g->kind = PJ_GLOBAL_CONST;
        break;
      case PJ_BIND_OPAQUE:
        g->qualname = pj_arena_strdup(s->arena, b->qualname ? b->qualname : "");
        if (strcmp(g->qualname, "NoneType") == 0) { /* None: a constant kernels test (`if x is None:`) */
          g->value = pj_arena_alloc(s->arena, sizeof(PjExpr));
          g->value->kind = PJ_EX_NONE;
        }
        break;
      default: g->value = pj_binding_value(s->arena, b, u, false); break; /* NULL: not a constant kernels can use */
      }
    }
    m->globals = globals;
    pj_module_index(s->arena, m);
  }
  for (int u = 0; u < nunits; u++) {
    bool dotted = false;
    for (int i = 0; i < units[u].nbindings; i++) dotted |= strchr(units[u].bindings[i].name, '.') != NULL;
    PjDotted d = {s->arena, &units[u]};
    if (dotted) pj_dotted_block(&d, &fns[u]->func->body);
    pj_resolve(s->arena, s->units[u], diags);
  }
  if (pj_diags_errors(diags) != before) {
    pj_source_delete(s);
    return NULL;
  }
  s->kernels = pj_arena_alloc(s->arena, sizeof(PjFuncSyntax *));
  s->kernels[s->nkernels++] = fns[0]; /* a kernel, or a device function compiled alone */
  s->parse_ms = pj_now_ms() - t0;
  return s;
}

/* ---- on the compile's own stack (ir/stack.h) ---------------------------------------------- */

/* pj_source_new's and pj_source_new_units's arguments and result, for pj_run_deep. */
typedef struct PjSourceCall {
  const char *path, *text;
  size_t len;
  const PjUnit *units;
  int nunits;
  PjDiags *diags;
  PjSource *source;
} PjSourceCall;

static void pj_source_call(void *arg) {
  PjSourceCall *c = arg;
  c->source = c->units ? pj_source_new_units_here(c->units, c->nunits, c->diags)
                       : pj_source_new_here(c->path, c->text, c->len, c->diags);
}

PjSource *pj_source_new(const char *path, const char *text, size_t len, PjDiags *diags) {
  PjSourceCall c = {path, text, len, NULL, 0, diags, NULL};
  pj_run_deep(pj_source_call, &c);
  return c.source;
}

PjSource *pj_source_new_units(const PjUnit *units, int nunits, PjDiags *diags) {
  if (nunits < 1 || !units) return NULL;
  PjSourceCall c = {NULL, NULL, 0, units, nunits, diags, NULL};
  pj_run_deep(pj_source_call, &c);
  return c.source;
}

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
  const PjModule *m = &s->syntax->module;
  for (int i = 0; i < m->nfuncs; i++)
    if (m->funcs[i]->is_device && strcmp(m->funcs[i]->name, name) == 0) {
      pj_error(diags, file, m->funcs[i]->loc,
               "'%s' is a device function (@cuda.jit(device=True)): kernels call it; it cannot be launched", name);
      return -1;
    }
  pj_error(diags, file, (PjLoc){0}, "no kernel named '%s' in this file", name);
  return -1;
}

typedef struct PjDumpCall {
  const PjSource *s;
  char *text;
} PjDumpCall;

static void pj_dump_call(void *arg) {
  PjDumpCall *c = arg;
  PjArena *scratch = pj_arena_new();
  c->text = pj_module_dump(&c->s->syntax->module, false, scratch);
  pj_arena_delete(scratch);
}

char *pj_source_dump_ast(const PjSource *s) {
  PjDumpCall c = {s, NULL};
  pj_run_deep(pj_dump_call, &c);
  return c.text;
}

/* ---- kernels -------------------------------------------------------------------------------- */

/* --emit=typed-ir: the kernel, then each device function specialisation it calls. */
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

/* A record description (names and string fields' descriptions included) copied into the arena. */
static const PjRecord *pj_record_own(PjArena *arena, const PjRecord *from) {
  PjRecord *r = pj_arena_alloc(arena, sizeof(PjRecord));
  *r = *from;
  PjRecordField *f = pj_arena_alloc(arena, sizeof(PjRecordField) * (size_t)(r->nfields ? r->nfields : 1));
  for (int j = 0; j < r->nfields; j++) {
    f[j] = from->fields[j];
    f[j].name = pj_arena_printf(arena, "%s", f[j].name);
    if (f[j].string) f[j].string = pj_record_own(arena, f[j].string);
  }
  r->fields = f;
  return r;
}

/* The argument types with their record descriptions copied into the arena. */
static const PjArgType *pj_args_own(PjArena *arena, const PjArgType *args, int nargs) {
  PjArgType *out = pj_arena_alloc(arena, sizeof(PjArgType) * (size_t)(nargs ? nargs : 1));
  for (int i = 0; i < nargs; i++) {
    out[i] = args[i];
    if (args[i].record) out[i].record = pj_record_own(arena, args[i].record);
  }
  return out;
}

/* A device function compiled alone (PjCompileOptions.abi): numbers and arrays in, a number or nothing out,
 * its result converted to the declared one. The PjSpec its .func wraps, or NULL (diagnosed). */
static PjSpec *pj_device_alone(PjArena *a, const PjModule *m, const PjFuncSyntax *fs, PjFunc *typed,
                               const PjArgType *args, int nargs, const PjCompileOptions *o, PjVec *specs,
                               const PjType **result, PjDiags *diags) {
  const char *name = fs->func->name;
  const PjType *rt = typed->ret_type;
  if (rt->kind != PJ_TY_VOID && rt->kind != PJ_TY_SCALAR) {
    pj_error(diags, &m->file, fs->func->loc, "device function '%s' returns %s: compiled alone, a device function "
             "returns a number or nothing", name, pj_type_name(a, rt));
    return NULL;
  }
  *result = rt;
  if (o->result == PJ_RESULT_VOID && rt->kind != PJ_TY_VOID) {
    pj_error(diags, &m->file, fs->func->loc, "device function '%s' returns %s, but its signature says it returns "
             "nothing (void)", name, pj_type_name(a, rt));
    return NULL;
  }
  if (o->result == PJ_RESULT_DTYPE) {
    if ((unsigned)o->result_dtype >= PJ_DTYPE_COUNT) {
      pj_error(diags, &m->file, (PjLoc){0}, "device function '%s': unknown result dtype %d", name,
               (int)o->result_dtype);
      return NULL;
    }
    if (rt->kind == PJ_TY_VOID) {
      pj_error(diags, &m->file, fs->func->loc, "device function '%s' returns nothing, but its signature says it "
               "returns %s", name, pj_dtype_name(o->result_dtype));
      return NULL;
    }
    if (pj_dtype_is_complex(rt->dtype) && !pj_dtype_is_complex(o->result_dtype)) {
      pj_error(diags, &m->file, fs->func->loc, "device function '%s' returns %s, which cannot be converted to the "
               "%s its signature returns", name, pj_type_name(a, rt), pj_dtype_name(o->result_dtype));
      return NULL;
    }
    *result = pj_type_scalar(o->result_dtype);
  }
  PjSpec *sp = pj_arena_alloc(a, sizeof(PjSpec));
  sp->src = fs->func;
  sp->nargs = nargs;
  sp->args = pj_arena_alloc(a, sizeof(PjType *) * (size_t)(nargs + 1));
  for (int i = 0; i < nargs; i++) sp->args[i] = typed->vars[i].type;
  sp->typed = typed;
  sp->state = PJ_SPEC_DONE;
  sp->id = specs->len;
  pj_vec_push(a, specs, sp);
  (void)args;
  return sp;
}

/* The checks a device function compiled alone needs before it is typed: the target, the ABI
 * and name asked for, no records as arguments. */
static bool pj_device_alone_ok(const PjSource *s, const PjFuncSyntax *fs, const PjArgType *args, int nargs,
                               const PjCompileOptions *o, PjDiags *diags) {
  const PjFile *file = &s->syntax->module.file;
  if (o->abi != PJ_ABI_NUMBA && o->abi != PJ_ABI_C) {
    pj_error(diags, file, (PjLoc){0}, "unsupported ABI %d: a kernel, numba's or C's", o->abi);
    return false;
  }
  if (pj_resolve_target(o->target) != PJ_TARGET_CUDA) {
    pj_error(diags, file, (PjLoc){0}, "device function '%s': a device function compiled alone is PTX for the GPU "
             "(the CUDA target)", fs->func->name);
    return false;
  }
  if (!s->units) {
    pj_error(diags, file, (PjLoc){0}, "a device function is compiled alone from units (pj_source_new_units)");
    return false;
  }
  if (o->abi_name) {
    bool ok = (o->abi_name[0] >= 'a' && o->abi_name[0] <= 'z') || (o->abi_name[0] >= 'A' && o->abi_name[0] <= 'Z') ||
              o->abi_name[0] == '_' || o->abi_name[0] == '$';
    for (const char *c = o->abi_name; ok && *c; c++)
      ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '$';
    if (!ok || (o->abi_name[0] == '_' && !o->abi_name[1]) || strncmp(o->abi_name, "llvm", 4) == 0 ||
        strncmp(o->abi_name, "__nv_", 5) == 0) {
      pj_error(diags, file, fs->func->loc, "abi_name '%s' is not a name PTX accepts for a function (letters, digits, "
               "'_' and '$', not starting with a digit)", o->abi_name);
      return false;
    }
  }
  for (int i = 0; i < nargs; i++)
    if (args[i].record) {
      pj_error(diags, file, fs->func->loc, "device function '%s': argument %d is a record or an array of records; "
               "compiled alone, a device function takes numbers, arrays of numbers and pointers", fs->func->name, i + 1);
      return false;
    }
  return true;
}

static PjKernel *pj_kernel_compile_here(const PjSource *s, int k, const PjArgType *args, int nargs,
                                        const PjCompileOptions *opts, PjDiags *diags, PjStatus *status);

/* pj_kernel_compile's arguments and result, for pj_run_deep: the whole compile, the frontend's
 * typing and LLVM's passes and code generation, runs on the compile's own stack. */
typedef struct PjCompileCall {
  const PjSource *s;
  int k, nargs;
  const PjArgType *args;
  const PjCompileOptions *opts;
  PjDiags *diags;
  PjStatus *status;
  PjKernel *kernel;
} PjCompileCall;

static void pj_compile_call(void *arg) {
  PjCompileCall *c = arg;
  c->kernel = pj_kernel_compile_here(c->s, c->k, c->args, c->nargs, c->opts, c->diags, c->status);
}

PjKernel *pj_kernel_compile(const PjSource *s, int k, const PjArgType *args, int nargs, const PjCompileOptions *opts,
                            PjDiags *diags, PjStatus *status) {
  PjCompileCall c = {s, k, nargs, args, opts, diags, status, NULL};
  pj_run_deep(pj_compile_call, &c);
  return c.kernel;
}

static PjKernel *pj_kernel_compile_here(const PjSource *s, int k, const PjArgType *args, int nargs,
                                        const PjCompileOptions *opts, PjDiags *diags, PjStatus *status) {
  PjCompileOptions defaults = {.target = PJ_TARGET_CUDA, .opt_level = 3};
  const PjCompileOptions *o = opts ? opts : &defaults;
  PjStatus st = PJ_ERROR_USER;
  PjKernel *kern = calloc(1, sizeof(PjKernel));
  kern->arena = pj_arena_new();
  kern->times.parse = s->parse_ms;
  bool alone = o->abi != PJ_ABI_KERNEL;
  if (k < 0 || k >= s->nkernels) {
    pj_error(diags, &s->syntax->module.file, (PjLoc){0}, "no kernel %d in this source", k);
    st = PJ_ERROR_ARGUMENT;
    goto fail;
  }
  const PjFuncSyntax *fs = s->kernels[k];
  const PjModule *m = &s->syntax->module;
  if (!alone && !fs->is_kernel) {
    pj_error(diags, &m->file, fs->func->loc, "'%s' is a device function: it is compiled alone (an ABI given) or "
             "with the kernels that call it", fs->func->name);
    st = PJ_ERROR_ARGUMENT;
    goto fail;
  }
  if (alone && !pj_device_alone_ok(s, fs, args, nargs, o, diags)) {
    st = PJ_ERROR_ARGUMENT;
    goto fail;
  }
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
  args = pj_args_own(kern->arena, args, nargs); /* record descriptions live as long as the kernel */
  PjVec specs = {0};
  PjFunc *typed = !fs->body_ok ? NULL
                 : alone ? pj_typecheck_device(kern->arena, m, fs->func, args, nargs, &specs, diags)
                         : pj_typecheck(kern->arena, m, fs->func, args, nargs, o->arg_tree, o->narg_tree, &specs, diags);
  const PjSpec *device_fn = NULL;
  const PjType *result = NULL;
  if (typed && alone && !(device_fn = pj_device_alone(kern->arena, m, fs, typed, args, nargs, o, &specs, &result, diags)))
    typed = NULL;
  kern->times.types = pj_now_ms() - t0;
  if (typed && (o->emit & PJ_EMIT_TYPES)) /* as written: before the CPU's hoisting rewrites it */
    kern->types_text = pj_annotate_types(typed, (PjSpec *const *)specs.items, specs.len, kern->arena);
  if (typed && pj_resolve_target(o->target) == PJ_TARGET_CPU && !pj_hoist_collectives(kern->arena, m, typed, (PjSpec **)specs.items, specs.len, diags))
    typed = NULL;
  if (!typed) goto fail;
  if (o->emit & PJ_EMIT_TYPED_IR) kern->typed_ir_text = pj_dump_typed(typed, &specs, kern->arena);

  kern->args = calloc((size_t)nargs + 1, sizeof(PjArgType));
  memcpy(kern->args, args, sizeof(PjArgType) * (size_t)nargs);
  bool debug = o->debug || fs->debug;
  PjBackendOptions bo = {pj_resolve_target(o->target), o->arch, o->opt_level, o->emit, o->libdevice, debug,
                         o->fastmath || fs->fastmath, o->max_registers ? o->max_registers : fs->max_registers,
                         o->lineinfo || fs->lineinfo, o->noalias != 0, o->narrow != 0, o->host_libraries,
                         o->nhost_libraries, o->abi, o->abi_name, device_fn, result,
                         {o->launch_bounds[0], o->launch_bounds[1], o->launch_bounds[2]}, o->passes, o->site_dirs};
  if (result && result->kind == PJ_TY_SCALAR) {
    kern->has_result = true;
    kern->result = result->dtype;
  }
  kern->code = pj_backend_compile(m, typed, args, nargs, (PjSpec **)specs.items, specs.len, &bo, diags, &kern->times);
  if (!kern->code) {
    st = PJ_ERROR_INTERNAL;
    for (size_t i = 0; i < pj_diags_count(diags); i++)
      if (pj_diags_get(diags, i)->line > 0) st = PJ_ERROR_USER; /* a missing libdevice points at the kernel */
    goto fail;
  }
  /* the name and the file are copied: the kernel outlives its source (the Python extension frees
   * the source right after the compile) */
  kern->abi = (PjKernelCode){bo.target, pj_arena_strdup(kern->arena, fs->func->name), pj_backend_entry(kern->code),
                             pj_backend_ptx(kern->code), pj_backend_cpu_entry(kern->code), nargs, kern->args,
                             m->file.path ? pj_arena_strdup(kern->arena, m->file.path) : NULL, debug,
                             pj_backend_cpu_error(kern->code), pj_backend_static_shared(kern->code),
                             NULL, 0, pj_backend_grid_sync(kern->code)};
  kern->abi.max_threads = o->launch_bounds[0] > 0 ? (uint32_t)o->launch_bounds[0] : 0;
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
  for (int i = 0; i < k->abi.nlinks; i++) pj_link_input_free(&k->links[i]);
  free(k->links);
  pj_backend_delete(k->code);
  free(k->args);
  free(k->ast_text);
  free(k->types_text);
  free(k->typed_ir_text);
  pj_arena_delete(k->arena);
  free(k);
}

PjStatus pj_kernel_link(PjKernel *k, const char *path, const char *arch, char *err, size_t errlen) {
  if (k->abi.target != PJ_TARGET_CUDA)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "pj_kernel_link: '%s' runs on the CPU; use pj_host_link",
                            k->abi.name);
  PjLinkInput in;
  PjStatus st = pj_link_input_read(path, arch, &in, err, errlen);
  if (st != PJ_OK) return st;
  PjLinkInput *more = realloc(k->links, sizeof(PjLinkInput) * (size_t)(k->abi.nlinks + 1));
  if (!more) {
    pj_link_input_free(&in);
    return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  }
  k->links = more;
  k->links[k->abi.nlinks++] = in;
  k->abi.links = k->links;
  return PJ_OK;
}

PjStatus pj_host_link(const char *const *paths, int n, void **library, char *err, size_t errlen) {
  return pj_link_host(paths, n, library, err, errlen);
}

const char *pj_kernel_name(const PjKernel *k) { return k->abi.name; }
PjTarget pj_kernel_target(const PjKernel *k) { return k->abi.target; }
const PjCompileTimes *pj_kernel_times(const PjKernel *k) { return &k->times; }
/* The code of a compiled kernel: what runtime/ is given of it (ir/abi.h). */
static const PjKernelCode *pj_kernel_code(const PjKernel *k) { return &k->abi; }

/* The run half: runtime/ takes a kernel's code, never the kernel (it calls nothing of api/). */
PjStatus pj_launch(PjDevice *device, PjKernel *kernel, const PjLaunchConfig *config,
                   PjValue *args, int nargs, PjLaunchTimes *times, char *err, size_t errlen) {
  if (!kernel) return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "launch: the kernel is NULL");
  const PjKernelCode *code = pj_kernel_code(kernel);
  if (!code)
    return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "kernel '%s' has no code",
                            pj_kernel_name(kernel));
  return pj_launch_code(device, code, config, args, nargs, times, err, errlen);
}

PjStatus pj_kernel_load(PjDevice *device, const PjKernel *kernel, PjLoaded **out, char *err, size_t errlen) {
  return pj_loaded_new(device, pj_kernel_code(kernel), out, err, errlen);
}

const char *pj_kernel_text(const PjKernel *k, PjEmit what) {
  switch (what) {
  case PJ_EMIT_AST: return k->ast_text;
  case PJ_EMIT_TYPES: return k->types_text;
  case PJ_EMIT_TYPED_IR: return k->typed_ir_text;
  case PJ_EMIT_LLVM: return k->code ? pj_backend_llvm_text(k->code) : NULL;
  case PJ_EMIT_PTX: return k->code ? pj_backend_ptx(k->code) : k->abi.ptx;
  default: return NULL;
  }
}

const char *pj_kernel_entry(const PjKernel *k) { return k->abi.entry; }
uint64_t pj_kernel_static_shared(const PjKernel *k) { return k->abi.static_shared; }
int pj_kernel_debug(const PjKernel *k) { return k->abi.debug; }
int pj_kernel_result(const PjKernel *k, PjDtype *dtype) {
  if (k->has_result && dtype) *dtype = k->result;
  return k->has_result;
}
int pj_kernel_grid_sync(const PjKernel *k) { return k->abi.grid_sync; }

PjKernel *pj_kernel_from_ptx(const char *name, const char *entry, const char *ptx, const PjArgType *args, int nargs,
                             int debug, uint64_t static_shared, const char *file) {
  if (!name || !entry || !ptx || nargs < 0 || (nargs && !args)) return NULL;
  PjKernel *k = calloc(1, sizeof(PjKernel));
  k->arena = pj_arena_new();
  k->args = calloc((size_t)nargs + 1, sizeof(PjArgType));
  if (nargs) memcpy(k->args, args, sizeof(PjArgType) * (size_t)nargs);
  k->abi = (PjKernelCode){PJ_TARGET_CUDA, pj_arena_strdup(k->arena, name), pj_arena_strdup(k->arena, entry),
                          pj_arena_strdup(k->arena, ptx), NULL, nargs, k->args,
                          file ? pj_arena_strdup(k->arena, file) : NULL, debug != 0, NULL, static_shared};
  /* a grid barrier's word is declared in the PTX (an .entry cannot take its name) */
  k->abi.grid_sync = strstr(ptx, ".u32 " PJ_GRID_BARRIER_SYMBOL ";") != NULL;
  return k;
}

const char *pj_host_target(void) { return pj_backend_host_target(); }

const void *pj_kernel_object(const PjKernel *kernel, size_t *len) {
  *len = 0;
  return kernel->code && kernel->abi.target == PJ_TARGET_CPU ? pj_backend_object(kernel->code, len) : NULL;
}

int pj_kernel_has_error_record(const PjKernel *kernel) {
  return kernel->code ? pj_backend_has_error_record(kernel->code) : 0;
}

uint32_t pj_kernel_max_threads(const PjKernel *kernel) { return kernel->abi.max_threads; }

PjKernel *pj_kernel_from_object(const PjKernelImage *o, const PjArgType *args, int nargs, char *err, size_t errlen) {
  if (!o || !o->name || !o->entry || !o->object || nargs < 0 || (nargs && !args)) {
    snprintf(err, errlen, "pj_kernel_from_object: incomplete kernel");
    return NULL;
  }
  PjCode *code = pj_backend_from_object(o->name, o->entry, o->object, o->len, o->error_record != 0, o->debug != 0,
                                        o->static_shared, o->grid_sync != 0, err, errlen);
  if (!code) return NULL;
  PjKernel *k = calloc(1, sizeof(PjKernel));
  k->arena = pj_arena_new();
  k->code = code;
  k->args = calloc((size_t)nargs + 1, sizeof(PjArgType));
  if (nargs) memcpy(k->args, args, sizeof(PjArgType) * (size_t)nargs);
  k->abi = (PjKernelCode){PJ_TARGET_CPU, pj_arena_strdup(k->arena, o->name), pj_backend_entry(code), NULL,
                          pj_backend_cpu_entry(code), nargs, k->args,
                          o->file ? pj_arena_strdup(k->arena, o->file) : NULL, o->debug != 0,
                          pj_backend_cpu_error(code), o->static_shared, NULL, 0, o->grid_sync != 0};
  k->abi.max_threads = o->max_threads;
  return k;
}
