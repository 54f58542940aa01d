/* Debug information on the GPU. lineinfo=True: a line table only (.loc / .file in the PTX), which
 * leaves the code as it is. debug=True: DWARF a debugger reads (cuda-gdb): each function with its
 * parameter and result types, each of its variables (a dbg.declare of the variable's stack slot,
 * typed: numbers as basic types with numba's names, arrays as the {data, shape[, strides]} struct
 * that holds them, tuples and records as structs) and the line of each statement. The types are
 * described in C's terms, and the compile unit says C++, the language cuda-gdb evaluates
 * expressions in (a Python compile unit leaves it none). */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "backend/codegen.h"
#include "ir/arena.h"

/* DWARF's base type encodings (DW_ATE_*). */
enum { PJ_ATE_BOOLEAN = 0x02, PJ_ATE_FLOAT = 0x04, PJ_ATE_SIGNED = 0x05, PJ_ATE_UNSIGNED = 0x07,
       PJ_ATE_UNSIGNED_CHAR = 0x08 };

/* LLVM's DICompileUnit::DebugDirectivesOnly, which the C API's enum lacks: .file/.loc directives
 * in the PTX and no DWARF sections (nor ", debug" on .target), as numba's lineinfo=True. */
#define PJ_DWARF_DIRECTIVES_ONLY ((LLVMDWARFEmissionKind)3)

typedef struct PjDiCached {
  const char *name;
  LLVMMetadataRef md;
} PjDiCached;

struct PjDi {
  PjArena *arena;
  bool full;           /* debug=True: types and variables; else line tables only */
  bool optimized;      /* opt_level > 0 */
  PjDiCached *types;   /* described types by name (a type's name tells its layout) */
  int ntypes, captypes;
};

void pj_di_begin(PjCg *g, const PjFile *file, bool full, bool optimized) {
  g->dib = LLVMCreateDIBuilder(g->mod);
  g->di = calloc(1, sizeof(struct PjDi));
  g->di->arena = pj_arena_new();
  g->di->full = full;
  g->di->optimized = optimized;
  LLVMSetIsNewDbgInfoFormat(g->mod, 1); /* the C API inserts dbg.declare as debug records */
  const char *path = file->path ? file->path : "<input>";
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  size_t dirlen = slash ? (size_t)(slash - path) : 0;
  g->di_file = LLVMDIBuilderCreateFile(g->dib, base, strlen(base), path, dirlen);
  LLVMDIBuilderCreateCompileUnit(g->dib, LLVMDWARFSourceLanguageC_plus_plus, g->di_file, "pyjitc", 6, optimized, "",
                                 0, 0, "", 0, full ? LLVMDWARFEmissionFull : PJ_DWARF_DIRECTIVES_ONLY, 0, 0, 0, "", 0,
                                 "", 0);
  LLVMAddModuleFlag(g->mod, LLVMModuleFlagBehaviorWarning, "Debug Info Version", 18,
                    LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(g->ctx), LLVMDebugMetadataVersion(), 0)));
}

void pj_di_end(PjCg *g) {
  if (!g->dib) return;
  LLVMDIBuilderFinalize(g->dib);
  LLVMDisposeDIBuilder(g->dib);
  g->dib = NULL;
  pj_arena_delete(g->di->arena);
  free(g->di->types);
  free(g->di);
  g->di = NULL;
}

void pj_di_at(PjCg *g, PjLoc loc) {
  if (g->dib && g->di_scope)
    LLVMSetCurrentDebugLocation2(g->b, LLVMDIBuilderCreateDebugLocation(g->ctx, (unsigned)loc.line, (unsigned)loc.col,
                                                                        g->di_scope, NULL));
}

/* ---- types ------------------------------------------------------------------------------- */

static LLVMMetadataRef pj_di_cached(PjCg *g, const char *name) {
  for (int i = 0; i < g->di->ntypes; i++)
    if (strcmp(g->di->types[i].name, name) == 0) return g->di->types[i].md;
  return NULL;
}

static LLVMMetadataRef pj_di_keep(PjCg *g, const char *name, LLVMMetadataRef md) {
  struct PjDi *di = g->di;
  if (!md) return NULL;
  if (di->ntypes == di->captypes) {
    di->captypes = di->captypes ? 2 * di->captypes : 16;
    di->types = realloc(di->types, sizeof(PjDiCached) * (size_t)di->captypes);
  }
  di->types[di->ntypes++] = (PjDiCached){name, md};
  return md;
}

static LLVMMetadataRef pj_di_basic(PjCg *g, const char *name, uint64_t bits, unsigned encoding) {
  LLVMMetadataRef md = pj_di_cached(g, name);
  if (md) return md;
  md = LLVMDIBuilderCreateBasicType(g->dib, name, strlen(name), bits, encoding, LLVMDIFlagZero);
  return pj_di_keep(g, name, md);
}

static uint64_t pj_di_bits(PjCg *g, LLVMTypeRef t) {
  return 8 * LLVMABISizeOfType(LLVMGetModuleDataLayout(g->mod), t);
}

static uint32_t pj_di_align(PjCg *g, LLVMTypeRef t) {
  return 8 * LLVMABIAlignmentOfType(LLVMGetModuleDataLayout(g->mod), t);
}

static LLVMMetadataRef pj_di_member(PjCg *g, const char *name, LLVMMetadataRef type, uint64_t bits,
                                    uint64_t offset_bits) {
  return LLVMDIBuilderCreateMemberType(g->dib, g->di_file, name, strlen(name), g->di_file, 0, bits, 0, offset_bits,
                                       LLVMDIFlagZero, type);
}

static LLVMMetadataRef pj_di_struct(PjCg *g, const char *name, uint64_t bits, uint32_t align, LLVMMetadataRef *members,
                                    unsigned n) {
  return LLVMDIBuilderCreateStructType(g->dib, g->di_file, name, strlen(name), g->di_file, 0, bits, align,
                                       LLVMDIFlagZero, NULL, members, n, 0, NULL, name, strlen(name));
}

/* A generic pointer: no DWARF address class (the C API's pointer type would say class 0), as the
 * code reaches shared and local memory through generic addresses too. */
static LLVMMetadataRef pj_di_pointer(PjCg *g, LLVMMetadataRef to) {
  return LLVMDIBuilderCreateReferenceType(g->dib, 0x0f /* DW_TAG_pointer_type */, to);
}

/* count elements of `item` (item_bits each), one dimension per extent. */
static LLVMMetadataRef pj_di_array(PjCg *g, LLVMMetadataRef item, uint64_t item_bits, const int64_t *shape, int ndim) {
  LLVMMetadataRef ranges[PJ_MAX_DIMS];
  uint64_t bits = item_bits;
  for (int k = 0; k < ndim && k < PJ_MAX_DIMS; k++) {
    ranges[k] = LLVMDIBuilderGetOrCreateSubrange(g->dib, 0, shape[k]);
    bits *= (uint64_t)shape[k];
  }
  return LLVMDIBuilderCreateArrayType(g->dib, bits, 0, item, ranges, (unsigned)ndim);
}

/* A number as it is held in a variable: its dtype's name and width; bool a byte; the 8-bit floats
 * their bits; datetime64/timedelta64 a signed count of their unit. */
static LLVMMetadataRef pj_di_dtype(PjCg *g, PjDtype d) {
  const char *name = pj_dtype_name(d);
  if (d == PJ_BOOL) return pj_di_basic(g, "bool", 8, PJ_ATE_BOOLEAN);
  if (pj_dtype_is_complex(d)) {
    LLVMMetadataRef md = pj_di_cached(g, name);
    if (md) return md;
    PjDtype part = pj_dtype_part(d);
    uint64_t bits = 8 * pj_dtype_size(part);
    LLVMMetadataRef p = pj_di_dtype(g, part);
    LLVMMetadataRef members[2] = {pj_di_member(g, "real", p, bits, 0), pj_di_member(g, "imag", p, bits, bits)};
    return pj_di_keep(g, name, pj_di_struct(g, name, 2 * bits, (uint32_t)bits, members, 2));
  }
  if (pj_dtype_is_fp8(d)) return pj_di_basic(g, name, 8, PJ_ATE_UNSIGNED);
  uint64_t bits = 8 * pj_dtype_size(d);
  if (d == PJ_FLOAT16 || d == PJ_BFLOAT16 || d == PJ_FLOAT32 || d == PJ_FLOAT64)
    return pj_di_basic(g, name, bits, PJ_ATE_FLOAT);
  if (pj_dtype_unit(d) >= 0) return pj_di_basic(g, name, 64, PJ_ATE_SIGNED);
  return pj_di_basic(g, name, bits, pj_dtype_is_signed(d) ? PJ_ATE_SIGNED : PJ_ATE_UNSIGNED);
}

/* A record's bytes: its fields at their offsets (a subarray an array of its extents, a string
 * field its characters). */
static LLVMMetadataRef pj_di_record(PjCg *g, const PjRecord *r) {
  const char *name = pj_type_name(g->di->arena, pj_type_record(g->di->arena, r));
  LLVMMetadataRef md = pj_di_cached(g, name);
  if (md) return md;
  if (r->chars) { /* a fixed-width string: its characters */
    PjDtype c = r->chars == 'U' ? PJ_UINT32 : PJ_UINT8;
    int64_t n = pj_string_count(r);
    LLVMMetadataRef ch = r->chars == 'U' ? pj_di_dtype(g, c) : pj_di_basic(g, "char", 8, PJ_ATE_UNSIGNED_CHAR);
    return pj_di_keep(g, name, pj_di_array(g, ch, 8 * pj_dtype_size(c), &n, 1));
  }
  LLVMMetadataRef *members = pj_arena_alloc(g->di->arena, sizeof(LLVMMetadataRef) * (size_t)(r->nfields + 1));
  for (int i = 0; i < r->nfields; i++) {
    const PjRecordField *f = &r->fields[i];
    LLVMMetadataRef t;
    uint64_t bits;
    if (f->string) {
      t = pj_di_record(g, f->string);
      bits = 8 * (uint64_t)f->string->size;
    } else {
      t = pj_di_dtype(g, f->dtype);
      bits = 8 * pj_dtype_size(f->dtype);
    }
    if (f->ndim) {
      t = pj_di_array(g, t, bits, f->shape, f->ndim);
      for (int k = 0; k < f->ndim; k++) bits *= (uint64_t)f->shape[k];
    }
    members[i] = pj_di_member(g, f->name, t, bits, 8 * (uint64_t)f->offset);
  }
  md = pj_di_struct(g, name, 8 * (uint64_t)r->size, 8 * (uint32_t)r->align, members, (unsigned)r->nfields);
  return pj_di_keep(g, name, md);
}

/* The members of an LLVM struct value, named, at the offsets the data layout gives them; a member
 * without a description (a value with no data) is left out. */
static LLVMMetadataRef pj_di_layout(PjCg *g, const char *name, LLVMTypeRef lt, const char *const *names,
                                    LLVMMetadataRef *types, unsigned n) {
  LLVMTargetDataRef dl = LLVMGetModuleDataLayout(g->mod);
  LLVMMetadataRef *members = pj_arena_alloc(g->di->arena, sizeof(LLVMMetadataRef) * (n + 1));
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!types[i]) continue;
    LLVMTypeRef et = LLVMStructGetTypeAtIndex(lt, i);
    members[m++] = pj_di_member(g, names[i], types[i], pj_di_bits(g, et), 8 * LLVMOffsetOfElement(dl, lt, i));
  }
  return pj_di_keep(g, name, pj_di_struct(g, name, pj_di_bits(g, lt), pj_di_align(g, lt), members, m));
}

LLVMMetadataRef pj_di_type(PjCg *g, const PjType *t);

/* An array value: {data, shape} and, for a strided view, strides in bytes. */
static LLVMMetadataRef pj_di_array_value(PjCg *g, const char *name, const PjType *t) {
  LLVMMetadataRef item = t->record ? pj_di_record(g, t->record) : pj_di_dtype(g, t->dtype);
  int64_t nd = t->ndim;
  LLVMMetadataRef i64 = pj_di_dtype(g, PJ_INT64);
  LLVMMetadataRef dims = nd ? pj_di_array(g, i64, 64, &nd, 1) : NULL;
  static const char *const names[3] = {"data", "shape", "strides"};
  LLVMMetadataRef types[3] = {pj_di_pointer(g, item), dims, dims};
  return pj_di_layout(g, name, pj_cg_type(g, t), names, types, t->layout == 'A' ? 3 : 2);
}

static LLVMMetadataRef pj_di_tuple(PjCg *g, const char *name, const PjType *t) {
  const char **names = pj_arena_alloc(g->di->arena, sizeof(char *) * (size_t)(t->count + 1));
  LLVMMetadataRef *types = pj_arena_alloc(g->di->arena, sizeof(LLVMMetadataRef) * (size_t)(t->count + 1));
  for (int i = 0; i < t->count; i++) {
    names[i] = t->fields ? t->fields[i] : pj_arena_printf(g->di->arena, "f%d", i);
    types[i] = pj_di_type(g, t->items[i]);
  }
  return pj_di_layout(g, name, pj_cg_type(g, t), names, types, (unsigned)t->count);
}

/* The description of a value of type t as the code holds it, or NULL for a value with no data
 * (a range, a function, a dtype, None). */
LLVMMetadataRef pj_di_type(PjCg *g, const PjType *t) {
  switch (t->kind) {
  case PJ_TY_SCALAR: return pj_di_dtype(g, t->dtype);
  case PJ_TY_GRID_GROUP: return pj_di_basic(g, "GridGroup", 64, PJ_ATE_UNSIGNED); /* held as an i64 */
  case PJ_TY_RECORD: return pj_di_pointer(g, pj_di_record(g, t->record));       /* the address of its bytes */
  case PJ_TY_POINTER: return pj_di_pointer(g, pj_di_dtype(g, t->dtype));
  case PJ_TY_STRING: /* the address of its characters */
    return pj_di_pointer(g, t->dtype == PJ_UINT8 ? pj_di_basic(g, "char", 8, PJ_ATE_UNSIGNED_CHAR)
                                                 : pj_di_dtype(g, PJ_UINT32));
  case PJ_TY_ARRAY:
  case PJ_TY_TUPLE: {
    const char *name = pj_type_name(g->di->arena, t);
    LLVMMetadataRef md = pj_di_cached(g, name);
    if (md) return md;
    return t->kind == PJ_TY_ARRAY ? pj_di_array_value(g, name, t) : pj_di_tuple(g, name, t);
  }
  default: return NULL;
  }
}

/* ---- functions and variables --------------------------------------------------------------- */

/* The parameters a function's caller writes (an inner function's captured variables are not). */
static int pj_di_user_params(const PjFunc *f) { return f->nparams - f->ncaptured; }

/* debug=True: (result, parameter types...), the result null for none; lineinfo: no types. */
static LLVMMetadataRef pj_di_subroutine(PjCg *g, const PjFunc *f) {
  if (!g->di->full) return LLVMDIBuilderCreateSubroutineType(g->dib, g->di_file, NULL, 0, LLVMDIFlagZero);
  int n = pj_di_user_params(f);
  LLVMMetadataRef *types = pj_arena_alloc(g->di->arena, sizeof(LLVMMetadataRef) * (size_t)(n + 1));
  types[0] = f->ret_type ? pj_di_type(g, f->ret_type) : NULL;
  for (int i = 0; i < n; i++) {
    const PjType *t = f->vars[i].type;
    LLVMMetadataRef md = t ? pj_di_type(g, t) : NULL;
    if (!md) { /* a parameter with no data (a function, a dtype): named, of no size */
      const char *name = t ? pj_type_name(g->di->arena, t) : "?";
      md = LLVMDIBuilderCreateUnspecifiedType(g->dib, name, strlen(name));
    }
    types[i + 1] = md;
  }
  return LLVMDIBuilderCreateSubroutineType(g->dib, g->di_file, types, (unsigned)n + 1, LLVMDIFlagZero);
}

void pj_cg_debug_function(PjCg *g, LLVMValueRef fn, const PjFunc *f) {
  if (!g->dib) return;
  size_t n;
  const char *linkage = LLVMGetValueName2(fn, &n);
  unsigned line = (unsigned)f->loc.line;
  g->di_scope = LLVMDIBuilderCreateFunction(g->dib, g->di_file, f->name, strlen(f->name), linkage, n, g->di_file, line,
                                           pj_di_subroutine(g, f), 0, 1, line, LLVMDIFlagPrototyped, g->di->optimized);
  LLVMSetSubprogram(fn, g->di_scope);
}

/* debug=True: each variable of g->f the user named, in its slot (g->slots, just made: each
 * alloca is followed by the store that zeroes it), declared there; parameters numbered from 1. */
void pj_di_variables(PjCg *g) {
  if (!g->dib || !g->di->full || !g->di_scope) return;
  const PjFunc *f = g->f;
  LLVMMetadataRef expr = LLVMDIBuilderCreateExpression(g->dib, NULL, 0);
  int nuser = pj_di_user_params(f);
  for (int v = 0; v < f->nvars; v++) {
    const PjVar *var = &f->vars[v];
    LLVMValueRef slot = g->slots[v];
    if (!slot || !var->type || !var->name || var->name[0] == '$') continue; /* the compiler's own */
    LLVMMetadataRef type = pj_di_type(g, var->type);
    if (!type) continue;
    unsigned line = (unsigned)(var->loc.line > 0 ? var->loc.line : f->loc.line);
    size_t len = strlen(var->name);
    LLVMMetadataRef md =
        v < nuser ? LLVMDIBuilderCreateParameterVariable(g->dib, g->di_scope, var->name, len, (unsigned)v + 1,
                                                         g->di_file, line, type, 1, LLVMDIFlagZero)
                  : LLVMDIBuilderCreateAutoVariable(g->dib, g->di_scope, var->name, len, g->di_file, line, type, 1,
                                                    LLVMDIFlagZero, 0);
    PjLoc where = v < f->nparams ? f->loc : var->loc; /* a parameter's is the `def` line's, as the prologue's */
    LLVMMetadataRef at = LLVMDIBuilderCreateDebugLocation(g->ctx, (unsigned)(where.line > 0 ? where.line : f->loc.line),
                                                          (unsigned)where.col, g->di_scope, NULL);
    LLVMValueRef next = LLVMGetNextInstruction(slot);
    if (next) LLVMDIBuilderInsertDeclareRecordBefore(g->dib, slot, md, expr, at, next);
    else LLVMDIBuilderInsertDeclareRecordAtEnd(g->dib, slot, md, expr, at, LLVMGetInstructionParent(slot));
  }
}
