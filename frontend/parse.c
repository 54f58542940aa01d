/* tree-sitter-python's parse tree -> the project's AST (ir/ast.h): the entry, pj_parse. Here
 * tree-sitter's node and field names are mapped to ids once (the walk switches on ids), the
 * helpers every part walks the tree with are defined (children, locations, text), and the
 * module's walk runs: its syntax errors first (frontend/syntax_errors.c), then each top-level
 * statement to the file that converts it: imports and assignments (frontend/module_scan.c,
 * frontend/module_fold.c), function definitions (frontend/parse_function.c), whose bodies are
 * statements (frontend/parse_stmt.c) of expressions (frontend/parse_expr.c,
 * frontend/parse_string.c). What these files share is declared in frontend/parser.h. */
#include "frontend/parser.h"
#include "ir/stack.h"

#include <pthread.h>
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
