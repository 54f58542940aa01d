/* Syntax errors as Python reports them. tree-sitter-python recovers from errors with ERROR and
 * MISSING nodes: these become messages pointing where Python would (two operators in a row, a
 * keyword out of place, a header without its ':'). It also accepts some layouts Python rejects
 * (a block that is empty, indented further or less than its first statement), a line indented
 * past column 255 that it misreads, and nesting deeper than the parse's stages may recurse:
 * these are checked here too. */
#include "frontend/parser.h"
#include "frontend/nesting.h"
#include "ir/stack.h"

#include <stdio.h>
#include <string.h>

static bool pj_block_empty(PjParser *p, TSNode b) {
  if (ts_node_is_null(b)) return false;
  PjKids k = pj_named_kids(p, b);
  for (uint32_t i = 0; i < k.n; i++)
    if (!pj_is(k.at[i], PJ_SYM_COMMENT)) return false;
  return true;
}

/* The clause of a compound statement whose block is empty (the clause's node), or a null node. */
static TSNode pj_empty_clause(PjParser *p, TSNode stmt) {
  TSNode none = {0};
  if (pj_is(stmt, PJ_SYM_IF) && pj_block_empty(p, pj_child(stmt, PJ_FIELD_CONSEQUENCE))) return stmt;
  if (pj_is(stmt, PJ_SYM_WHILE) || pj_is(stmt, PJ_SYM_FOR) || pj_is(stmt, PJ_SYM_FUNCTION_DEF))
    return pj_block_empty(p, pj_child(stmt, PJ_FIELD_BODY)) ? stmt : none;
  if (!pj_is(stmt, PJ_SYM_IF)) return none;
  PjKids k = pj_named_kids(p, stmt);
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    if (pj_is(c, PJ_SYM_ELIF) && pj_block_empty(p, pj_child(c, PJ_FIELD_CONSEQUENCE))) return c;
    if (pj_is(c, PJ_SYM_ELSE) && pj_block_empty(p, pj_child(c, PJ_FIELD_BODY))) return c;
  }
  return none;
}

static void pj_syntax_error(PjParser *p, PjLoc loc, const char *fmt, const char *a, int line) {
  char msg[256];
  snprintf(msg, sizeof msg, fmt, a, line);
  pj_error(p->syntax, &p->m->file, loc, "%s", msg);
}

void pj_check_layout(PjParser *p, PjKids stmts) {
  uint32_t total = stmts.n;
  int64_t col0 = -1;
  TSNode prev = {0};
  for (uint32_t i = 0; i <= total; i++) {
    TSNode c = i < total ? stmts.at[i] : (TSNode){0};
    if (i < total && pj_is(c, PJ_SYM_COMMENT)) continue;
    if (!ts_node_is_null(prev)) {
      TSNode clause = pj_empty_clause(p, prev);
      if (!ts_node_is_null(clause)) {
        PjLoc at = i < total ? pj_loc(p, c) : pj_loc(p, clause);
        char kw[16];
        snprintf(kw, sizeof kw, "%.*s", (int)strcspn(pj_text(p, clause), " \t:("), pj_text(p, clause));
        pj_syntax_error(p, at, "expected an indented block after '%s' statement on line %d", kw,
                        (int)ts_node_start_point(clause).row + 1);
      }
    }
    if (i == total) break;
    int64_t col = ts_node_start_point(c).column;
    bool same_line = !ts_node_is_null(prev) && ts_node_start_point(c).row == ts_node_end_point(prev).row;
    if (same_line) { /* a; b on one line */
      prev = c;
      continue;
    }
    if (col0 < 0) col0 = col;
    else if (col > col0) pj_syntax_error(p, pj_loc(p, c), "unexpected indent%s", "", 0);
    else if (col < col0) pj_syntax_error(p, pj_loc(p, c), "unindent does not match any outer indentation level%s", "", 0);
    prev = c;
  }
}

static bool pj_is_operator_token(TSNode n) {
  return !ts_node_is_named(n) && pj_binop_of(n) >= 0;
}

/* The last token of `n` that starts on line `row` (comments aside), or a null node. */
static TSNode pj_last_token_on_row(PjParser *p, TSNode n, uint32_t row) {
  TSNode found = {0};
  PjKids k = pj_all_kids(p, n);
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    if (ts_node_start_point(c).row != row || pj_is(c, PJ_SYM_COMMENT)) continue;
    TSNode inner = ts_node_child_count(c) ? pj_last_token_on_row(p, c, row) : c;
    if (!ts_node_is_null(inner)) found = inner;
  }
  return found;
}

/* An ERROR node that is a keyword where none may stand: the keyword alone (`a = for + 1.0`,
 * `x.for`, a stray `elif x:`), or a clause's keyword and its ':' with nothing it continues (a
 * stray `else:`). tree-sitter-python 0.25 keeps keywords reserved: they no longer recover as
 * names (frontend's pj_is_keyword check). */
static bool pj_stray_keyword(PjKids k) {
  if (k.n == 0 || k.n > 2 || ts_node_is_named(k.at[0]) || !pj_is_keyword(ts_node_type(k.at[0]))) return false;
  if (k.n == 1) return true;
  static const char *const clauses[] = {"else", "elif", "except", "finally"};
  if (strcmp(ts_node_type(k.at[1]), ":") != 0) return false;
  for (size_t i = 0; i < sizeof clauses / sizeof clauses[0]; i++)
    if (strcmp(ts_node_type(k.at[0]), clauses[i]) == 0) return true;
  return false;
}

/* Where inside an ERROR node Python would point: at the second of two operators in a row
 * (`2.0 +* 3.0`), at a keyword out of place, after the condition of a header that lacks its ':',
 * else at the node. */
/* tree-sitter-python reads f"{x:=#x}" (and {x:=+#x}) as x := followed by a comment (#x}"...), which breaks the
 * rest of the line: the '#' of such a field, or 0. */
static uint32_t pj_fstring_comment(PjParser *p, TSNode n) {
  uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n); /* the '#' may be just past the node */
  const char *t = p->text;
  for (uint32_t i = a; i + 3 < b && i + 3 < p->m->file.len; i++) {
    if (t[i] != '{') continue;
    uint32_t j = i + 1;
    while (j < b && (t[j] == '_' || ((t[j] | 0x20) >= 'a' && (t[j] | 0x20) <= 'z') ||
                     (j > i + 1 && t[j] >= '0' && t[j] <= '9')))
      j++;
    if (j == i + 1 || j + 2 > b || t[j] != ':' || t[j + 1] != '=') continue;
    uint32_t h = j + 2; /* the spec's sign and z come before its '#' */
    while (h < b && h < j + 4 && strchr("+- z", t[h]) && t[h]) h++;
    if (h < p->m->file.len && t[h] == '#') return h;
  }
  return 0;
}

static void pj_report_error_node(PjParser *p, TSNode n) {
  uint32_t hash = pj_fstring_comment(p, n);
  if (hash) {
    pj_error(p->diags, &p->m->file, pj_loc_bytes(p, n, hash, hash + 1), "invalid syntax: the parser reads this '#' after "
             "'{name:=' in an f-string as a comment; give the '=' alignment a fill, as in '{x: =#10x}'");
    return;
  }
  PjKids k = pj_all_kids(p, n);
  uint32_t total = k.n;
  for (uint32_t i = 1; i < total; i++)
    if (pj_is_operator_token(k.at[i - 1]) && pj_is_operator_token(k.at[i])) {
      pj_error(p->diags, &p->m->file, pj_loc(p, k.at[i]), "invalid syntax");
      return;
    }
  if (pj_stray_keyword(k)) {
    pj_error(p->diags, &p->m->file, pj_loc(p, k.at[0]), "invalid syntax: '%s' is a keyword", ts_node_type(k.at[0]));
    return;
  }
  static const char *const headers[] = {"if", "elif", "while", "for", "def", "else", "with", "class"};
  const char *first = total ? ts_node_type(k.at[0]) : "";
  for (size_t h = 0; h < sizeof headers / sizeof headers[0]; h++) {
    if (strcmp(first, headers[h]) != 0) continue;
    uint32_t row = ts_node_start_point(n).row;
    bool colon = false;
    for (uint32_t i = 1; i < total; i++) {
      TSNode c = k.at[i];
      if (ts_node_start_point(c).row == row && strcmp(ts_node_type(c), ":") == 0) colon = true;
    }
    TSNode last = pj_last_token_on_row(p, n, row);
    if (colon || ts_node_is_null(last)) break;
    PjLoc at = pj_loc(p, last);
    at.col = at.end_col;
    at.end_col = at.col + 1;
    pj_error(p->diags, &p->m->file, at, "invalid syntax: expected ':'");
    return;
  }
  pj_error(p->diags, &p->m->file, pj_loc(p, n), "invalid syntax");
}

/* The nesting of the tree's deepest node (frontend/nesting.c); past PJ_MAX_NESTING, an error at
 * the first node too deep, and -1. */
int pj_check_nesting(PjParser *p, TSNode root) {
  TSNode too_deep;
  int deepest = pj_tree_nesting(root, pj_sym[PJ_SYM_ELIF], PJ_MAX_NESTING, &too_deep);
  if (deepest < 0)
    pj_error(p->diags, &p->m->file, pj_loc(p, too_deep),
             "too deeply nested: more than %d levels of nested expressions and blocks", PJ_MAX_NESTING);
  return deepest;
}

void pj_report_syntax_errors(PjParser *p, TSNode n, int *budget) {
  if (*budget <= 0 || !ts_node_has_error(n)) return;
  if (ts_node_is_missing(n)) {
    (*budget)--;
    pj_error(p->diags, &p->m->file, pj_loc(p, n), "invalid syntax: expected '%s'", ts_node_type(n));
    return;
  }
  if (ts_node_symbol(n) == (TSSymbol)-1 /* ERROR */) {
    (*budget)--;
    pj_report_error_node(p, n);
    return;
  }
  TSNode name;
  uint32_t spec_at;
  if (pj_is(n, PJ_SYM_INTERPOLATION) && pj_walrus_spec(p, n, &name, &spec_at)) return; /* {x:=^5}: a spec */
  PjKids k = pj_all_kids(p, n);
  for (uint32_t i = 0; i < k.n; i++) pj_report_syntax_errors(p, k.at[i], budget);
}

/* The parser keeps each indentation in a byte: a line indented past column 255 reads as a syntax
 * error far from it. That line, when there is one, is the error to report. */
bool pj_check_indentation(PjParser *p) {
  int line, col, cols;
  if (!pj_overindented_line(p->text, p->m->file.len, &line, &col, &cols)) return true;
  PjLoc loc = {line, col, col + 1};
  pj_error(p->diags, &p->m->file, loc, "indented %d columns: indentation past column 255 is not supported", cols);
  return false;
}
