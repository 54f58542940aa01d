/* tree-sitter-python's parse tree -> the project's AST (ir/ast.h). The only file that knows
 * tree-sitter's node names: they are mapped to ids once, and the walk switches on ids. */
#include "frontend/parser.h"
#include "frontend/nesting.h"
#include "ir/stack.h"
#include "ir/fold.h"
#include "stdlib/builtins.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_python(void);

TSSymbol pj_sym[PJ_SYM_COUNT];
TSFieldId pj_field[PJ_FIELD_COUNT];
static pthread_once_t pj_ids_once = PTHREAD_ONCE_INIT;
/* A node or field name the grammar does not have (a grammar update renamed or dropped it), which
 * would otherwise map to id 0 and silently match nothing, or NULL: pj_parse refuses to run. */
static const char *pj_ids_missing;

static TSSymbol pj_symbol_id(const TSLanguage *lang, const char *name, bool named) {
  TSSymbol id = ts_language_symbol_for_name(lang, name, (uint32_t)strlen(name), named);
  if (id == 0 && !pj_ids_missing) pj_ids_missing = name;
  return id;
}

static TSFieldId pj_field_id(const TSLanguage *lang, const char *name) {
  TSFieldId id = ts_language_field_id_for_name(lang, name, (uint32_t)strlen(name));
  if (id == 0 && !pj_ids_missing) pj_ids_missing = name;
  return id;
}

static void pj_ids_init(void) {
  const TSLanguage *lang = tree_sitter_python();
#define PJ_SYM_INIT(e, name, named) pj_sym[PJ_SYM_##e] = pj_symbol_id(lang, name, named);
  PJ_TS_SYMBOLS(PJ_SYM_INIT)
#undef PJ_SYM_INIT
#define PJ_FIELD_INIT(e, name) pj_field[PJ_FIELD_##e] = pj_field_id(lang, name);
  PJ_TS_FIELDS(PJ_FIELD_INIT)
#undef PJ_FIELD_INIT
}

PjKids pj_kids_of(PjParser *p, TSNode n, bool named_only) {
  uint32_t cap = named_only ? ts_node_named_child_count(n) : ts_node_child_count(n);
  PjKids k = {pj_arena_alloc(p->arena, sizeof(TSNode) * (cap + 1)), 0};
  if (cap == 0) return k;
  ts_tree_cursor_reset(&p->cursor, n);
  if (!ts_tree_cursor_goto_first_child(&p->cursor)) return k;
  do {
    TSNode c = ts_tree_cursor_current_node(&p->cursor);
    if ((!named_only || ts_node_is_named(c)) && k.n < cap) k.at[k.n++] = c;
  } while (ts_tree_cursor_goto_next_sibling(&p->cursor));
  return k;
}

/* The first named child, or a null node. */
TSNode pj_first_named(PjParser *p, TSNode n) {
  PjKids k = pj_named_kids(p, n);
  return k.n ? k.at[0] : (TSNode){0};
}

/* Columns count characters, not bytes: a UTF-8 continuation byte does not start one. The count
 * goes on from the last one asked for on the same line, so a long line is not counted again for
 * each of its nodes. */
int pj_column(PjParser *p, uint32_t byte, uint32_t byte_col) {
  uint32_t line = byte - byte_col, b = line;
  int col = 1;
  if (p->col_line == line && p->col_byte > line && p->col_byte <= byte) {
    b = p->col_byte;
    col = p->col_chars;
  }
  for (; b < byte; b++) col += ((unsigned char)p->text[b] & 0xC0) != 0x80;
  p->col_line = line;
  p->col_byte = byte;
  p->col_chars = col;
  return col;
}

PjLoc pj_loc(PjParser *p, TSNode n) {
  TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
  PjLoc l = {(int)s.row + 1, pj_column(p, ts_node_start_byte(n), s.column), 1 << 20};
  if (e.row == s.row) l.end_col = pj_column(p, ts_node_end_byte(n), e.column);
  return l;
}

/* The 1-based line a node's text ends on (a node that ends with its line's newline ends on that line). */
int pj_last_line(TSNode n) {
  TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
  return (int)e.row + (e.column > 0 || e.row == s.row);
}

const char *pj_text(PjParser *p, TSNode n) {
  uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  return pj_arena_strndup(p->arena, p->text + a, b - a);
}

const char *pj_node_kind(TSNode n) { return ts_node_type(n); }

void pj_reject(PjParser *p, TSNode n, const char *what) {
  pj_error(p->diags, &p->m->file, pj_loc(p, n), "%s is not supported in kernels", what);
}

/* ---- module level ------------------------------------------------------------------------- */

void pj_add_global(PjParser *p, PjGlobal g) {
  PjGlobal *slot = pj_arena_alloc(p->arena, sizeof(PjGlobal));
  *slot = g;
  pj_vec_push(p->arena, &p->globals, slot);
  pj_names_put(p->arena, &p->global_names, slot->name, p->globals.len - 1);
}

static void pj_parse_import(PjParser *p, TSNode n) {
  PjKids k = pj_named_kids(p, n);
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    PjGlobal g = {.kind = PJ_GLOBAL_MODULE, .loc = pj_loc(p, c)};
    if (pj_is(c, PJ_SYM_ALIASED_IMPORT)) {
      g.qualname = pj_text(p, pj_child(c, PJ_FIELD_NAME));
      g.name = pj_text(p, pj_child(c, PJ_FIELD_ALIAS));
    } else if (pj_is(c, PJ_SYM_DOTTED_NAME)) {
      /* `import a.b.c` binds `a` to the package a */
      g.qualname = pj_text(p, pj_first_named(p, c));
      g.name = g.qualname;
    } else {
      continue;
    }
    pj_add_global(p, g);
  }
}

static void pj_parse_import_from(PjParser *p, TSNode n) {
  TSNode mod = pj_child(n, PJ_FIELD_MODULE_NAME);
  const char *base = pj_text(p, mod);
  PjKids k = pj_named_kids(p, n);
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    if (ts_node_eq(c, mod) || !(pj_is(c, PJ_SYM_DOTTED_NAME) || pj_is(c, PJ_SYM_ALIASED_IMPORT))) continue;
    PjGlobal g = {.kind = PJ_GLOBAL_MODULE, .loc = pj_loc(p, c)};
    const char *name;
    if (pj_is(c, PJ_SYM_ALIASED_IMPORT)) {
      name = pj_text(p, pj_child(c, PJ_FIELD_NAME));
      g.name = pj_text(p, pj_child(c, PJ_FIELD_ALIAS));
    } else {
      name = pj_text(p, c);
      g.name = name;
    }
    g.qualname = pj_arena_printf(p->arena, "%s.%s", base, name);
    pj_add_global(p, g);
  }
}

/* The latest module-level binding of name so far, or NULL. */
const PjGlobal *pj_global(PjParser *p, const char *name) {
  int i = pj_names_get(&p->global_names, name);
  return i >= 0 ? p->globals.items[i] : NULL;
}

static void pj_bind_const(PjParser *p, const PjExpr *target, PjExpr *value) {
  if (target->kind == PJ_EX_NAME) {
    PjGlobal g = {.name = target->name.id, .loc = target->loc, .kind = PJ_GLOBAL_CONST, .value = value};
    pj_add_global(p, g); /* value NULL: bound, but not a compile-time constant */
    return;
  }
  if (target->kind != PJ_EX_TUPLE) return;
  bool unpack = value && value->kind == PJ_EX_TUPLE && value->tuple.count == target->tuple.count;
  for (int i = 0; i < target->tuple.count; i++) pj_bind_const(p, target->tuple.items[i], unpack ? value->tuple.items[i] : NULL);
}

/* Every name a module-level statement binds that is not a plain constant assignment: not a
 * compile-time constant for kernels (its value depends on how the module runs). */
static void pj_bind_opaque(PjParser *p, TSNode n) {
  if (pj_is(n, PJ_SYM_FUNCTION_DEF) || pj_is(n, PJ_SYM_CLASS_DEF)) {
    TSNode name = pj_child(n, PJ_FIELD_NAME);
    if (pj_is(n, PJ_SYM_CLASS_DEF) && !ts_node_is_null(name)) {
      PjGlobal g = {.name = pj_text(p, name), .loc = pj_loc(p, name), .kind = PJ_GLOBAL_CONST};
      pj_add_global(p, g);
    }
    return;
  }
  bool binds = pj_is(n, PJ_SYM_ASSIGNMENT) || pj_is(n, PJ_SYM_AUG_ASSIGNMENT) || pj_is(n, PJ_SYM_FOR);
  TSNode left = binds ? pj_child(n, PJ_FIELD_LEFT) : (TSNode){0};
  if (!ts_node_is_null(left)) {
    if (pj_is(left, PJ_SYM_IDENTIFIER)) {
      PjGlobal g = {.name = pj_text(p, left), .loc = pj_loc(p, left), .kind = PJ_GLOBAL_CONST};
      pj_add_global(p, g);
    } else {
      PjKids k = pj_named_kids(p, left);
      for (uint32_t i = 0; i < k.n; i++) {
        TSNode c = k.at[i];
        if (!pj_is(c, PJ_SYM_IDENTIFIER)) continue;
        PjGlobal g = {.name = pj_text(p, c), .loc = pj_loc(p, c), .kind = PJ_GLOBAL_CONST};
        pj_add_global(p, g);
      }
    }
  }
  PjKids k = pj_named_kids(p, n);
  for (uint32_t i = 0; i < k.n; i++) pj_bind_opaque(p, k.at[i]);
}

/* NAME = value, A = B = value, C, D = 1, 2, NAME op= value: folded where Python's value is
 * known here; evaluated quietly: a value the kernel language cannot hold is an error only
 * where a kernel uses it. */
static void pj_parse_module_assign(PjParser *p, TSNode stmt) {
  TSNode a = pj_first_named(p, stmt);
  if (!pj_is(a, PJ_SYM_ASSIGNMENT) && !pj_is(a, PJ_SYM_AUG_ASSIGNMENT)) {
    pj_bind_opaque(p, stmt);
    return;
  }
  PjDiags *quiet = pj_diags_new(), *saved = p->diags, *saved_syntax = p->syntax;
  p->diags = p->syntax = quiet;
  p->module_level = true;
  PjStmt *st = pj_is(a, PJ_SYM_ASSIGNMENT) ? pj_parse_assignment(p, a) : pj_parse_aug(p, a);
  p->module_level = false;
  p->diags = saved;
  p->syntax = saved_syntax;
  pj_diags_delete(quiet);
  if (!st) {
    pj_bind_opaque(p, stmt);
    return;
  }
  if (st->kind == PJ_ST_AUGASSIGN) {
    PjExpr bin = {.kind = PJ_EX_BINARY, .loc = st->loc};
    bin.bin.op = st->aug.op;
    bin.bin.l = st->aug.target;
    bin.bin.r = st->aug.value;
    pj_bind_const(p, st->aug.target, st->aug.target->kind == PJ_EX_NAME ? pj_fold(p, &bin) : NULL);
    return;
  }
  if (st->assign.ntargets == 1 && st->assign.targets[0]->kind == PJ_EX_NAME) {
    const char *dtype = pj_fold_dtype(p, st->assign.value);
    if (dtype) { /* DT = np.float32: a name for the dtype, as an import is one for a module */
      PjGlobal g = {.name = st->assign.targets[0]->name.id, .loc = st->assign.targets[0]->loc,
                    .kind = PJ_GLOBAL_MODULE, .qualname = dtype};
      pj_add_global(p, g);
      return;
    }
    PjConstArray *arr = pj_fold_array(p, st->assign.targets[0]->name.id, st->assign.value);
    if (arr) {
      PjGlobal g = {.name = arr->name, .loc = st->assign.targets[0]->loc, .kind = PJ_GLOBAL_ARRAY, .array = arr};
      pj_add_global(p, g);
      return;
    }
  }
  PjExpr *value = st->assign.value->kind == PJ_EX_NONE ? st->assign.value : pj_fold(p, st->assign.value);
  if (value && value->kind == PJ_EX_LIST) value = NULL; /* a Python list is no constant for kernels */
  for (int i = 0; i < st->assign.ntargets; i++) pj_bind_const(p, st->assign.targets[i], value);
}

/* The syntax errors, then the tree made into the frontend's own (pj_run_deep's call). */
typedef struct PjConvert {
  PjParser *p;
  TSNode root;
} PjConvert;

static void pj_convert(void *arg) {
  PjParser *p = ((PjConvert *)arg)->p;
  TSNode root = ((PjConvert *)arg)->root;
  int budget = 10;
  if (ts_node_has_error(root) && !pj_check_indentation(p)) return;
  pj_report_syntax_errors(p, root, &budget);
  if (pj_diags_errors(p->diags) != 0) return;
  PjKids k = pj_named_kids(p, root);
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    TSSymbol s = ts_node_symbol(c);
    if (s == pj_sym[PJ_SYM_IMPORT]) pj_parse_import(p, c);
    else if (s == pj_sym[PJ_SYM_IMPORT_FROM]) pj_parse_import_from(p, c);
    else if (s == pj_sym[PJ_SYM_FUNCTION_DEF]) pj_parse_function(p, c, (TSNode){0});
    else if (s == pj_sym[PJ_SYM_DECORATED]) {
      TSNode def = pj_child(c, PJ_FIELD_DEFINITION);
      if (pj_is(def, PJ_SYM_FUNCTION_DEF)) pj_parse_function(p, def, c);
    } else if (s == pj_sym[PJ_SYM_EXPR_STMT]) pj_parse_module_assign(p, c);
    else pj_bind_opaque(p, c); /* host code: only the names it binds matter */
  }
}

/* The grammar as the walk knows it: every name it maps found, and a runtime that loads its ABI.
 * Else an internal error (a build with a grammar or runtime release the frontend was not
 * adapted to), never a walk that silently matches nothing. */
static bool pj_grammar_ok(PjParser *p, TSParser *ts) {
  const TSLanguage *lang = tree_sitter_python();
  const char *why = NULL;
  if (pj_ids_missing)
    why = pj_arena_printf(p->arena, "the Python grammar has no node or field '%s'", pj_ids_missing);
  else if (!ts_parser_set_language(ts, lang))
    why = pj_arena_printf(p->arena, "the tree-sitter runtime (ABI %d-%d) cannot load the Python grammar (ABI %u)",
                          TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION, TREE_SITTER_LANGUAGE_VERSION,
                          ts_language_abi_version(lang));
  PjLoc start = {1, 1, 2};
  if (why) pj_error(p->diags, &p->m->file, start, "internal error: %s", why);
  return !why;
}

PjSyntax *pj_parse(PjArena *arena, const PjFile *file, PjDiags *diags) {
  pthread_once(&pj_ids_once, pj_ids_init);
  PjParser p = {.arena = arena, .diags = diags, .syntax = diags, .text = file->text};
  PjSyntax *syn = pj_arena_alloc(arena, sizeof(PjSyntax));
  p.m = &syn->module;
  syn->module.file = *file;
  TSParser *ts = ts_parser_new();
  TSTree *tree = pj_grammar_ok(&p, ts) ? ts_parser_parse_string(ts, NULL, file->text, (uint32_t)file->len) : NULL;
  if (tree) {
    TSNode root = ts_tree_root_node(tree);
    p.cursor = ts_tree_cursor_new(root);
    syn->depth = pj_check_nesting(&p, root);
    PjConvert convert = {&p, root};
    if (syn->depth >= 0) pj_run_deep(pj_convert, &convert);
    ts_tree_cursor_delete(&p.cursor);
    ts_tree_delete(tree);
  }
  ts_parser_delete(ts);
  syn->module.globals = pj_arena_alloc(arena, sizeof(PjGlobal) * (size_t)(p.globals.len + 1));
  for (int i = 0; i < p.globals.len; i++) syn->module.globals[i] = *(PjGlobal *)p.globals.items[i];
  syn->module.nglobals = p.globals.len;
  syn->module.names = p.global_names; /* the same indexes */
  syn->funcs = (PjFuncSyntax **)p.funcs.items;
  syn->nfuncs = p.funcs.len;
  syn->module.funcs = pj_arena_alloc(arena, sizeof(PjFunc *) * (size_t)(p.funcs.len + 1));
  for (int i = 0; i < p.funcs.len; i++) syn->module.funcs[i] = syn->funcs[i]->func;
  syn->module.nfuncs = p.funcs.len;
  syn->inner = (PjFunc **)p.inner.items;
  syn->ninner = p.inner.len;
  return syn;
}
