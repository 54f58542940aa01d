/* Expressions: tree-sitter-python's expression nodes into the project's PjExpr (ir/ast.h). pj_expr
 * switches on the node's id: names, numbers (an int literal past int64 is uint64, -literal is
 * folded), attributes, calls (keyword arguments kept as name=value pairs, f(*t)), subscripts,
 * operators, comparisons, conditionals and tuples; strings go to frontend/parse_string.c. A
 * list is data only at module level; any other construct is rejected in words a user knows. */
#include "frontend/parser.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

PjExpr *pj_new_expr_at(PjParser *p, PjExprKind k, TSNode n) {
  PjExpr *e = pj_arena_alloc(p->arena, sizeof(PjExpr));
  e->kind = k;
  e->loc = pj_loc(p, n);
  e->name.var = -1;
  return e;
}

/* A number literal's text without its underscores (1_000: 1000), and its length. */
static char *pj_literal_digits(PjParser *p, TSNode n, size_t *len) {
  const char *t = pj_text(p, n);
  char *digits = pj_arena_alloc(p->arena, strlen(t) + 1);
  size_t k = 0;
  for (const char *c = t; *c; c++)
    if (*c != '_') digits[k++] = *c;
  digits[k] = 0;
  *len = k;
  return digits;
}

static PjExpr *pj_parse_float(PjParser *p, TSNode n);

static PjExpr *pj_parse_int(PjParser *p, TSNode n) {
  const char *t = pj_text(p, n);
  size_t k;
  char *digits = pj_literal_digits(p, n, &k);
  if (k && (digits[k - 1] | 0x20) == 'j') return pj_parse_float(p, n); /* 3j: an imaginary literal */
  int base = 10;
  const char *start = digits;
  if (digits[0] == '0' && digits[1]) {
    char b = digits[1] | 0x20;
    base = b == 'x' ? 16 : b == 'o' ? 8 : b == 'b' ? 2 : 10;
    if (base != 10) start += 2;
  }
  errno = 0;
  char *end;
  unsigned long long v = strtoull(start, &end, base);
  if (errno || *end) {
    pj_error(p->diags, &p->m->file, pj_loc(p, n), "integer literal %s does not fit in 64 bits", t);
    return NULL;
  }
  PjExpr *e = pj_new_expr_at(p, PJ_EX_INT, n);
  e->ival = (int64_t)v;
  e->big = v > (unsigned long long)INT64_MAX; /* uint64, as numba types it */
  return e;
}

static PjExpr *pj_parse_float(PjParser *p, TSNode n) {
  size_t k;
  char *digits = pj_literal_digits(p, n, &k);
  bool imaginary = k && (digits[k - 1] | 0x20) == 'j';
  if (imaginary) digits[--k] = 0;
  PjExpr *e = pj_new_expr_at(p, PJ_EX_FLOAT, n);
  e->fval = strtod(digits, NULL);
  e->big = imaginary; /* 2j: complex128 with this imaginary part */
  return e;
}

PjExpr **pj_expr_list(PjParser *p, TSNode n, int *count) {
  PjKids kids = pj_named_kids(p, n);
  PjExpr **items = pj_arena_alloc(p->arena, sizeof(PjExpr *) * (kids.n + 1));
  int k = 0;
  for (uint32_t i = 0; i < kids.n; i++) {
    TSNode c = kids.at[i];
    if (pj_is(c, PJ_SYM_COMMENT)) continue;
    PjExpr *x = pj_expr(p, c);
    if (!x) return NULL;
    items[k++] = x;
  }
  *count = k;
  return items;
}

static PjExpr *pj_parse_tuple(PjParser *p, TSNode n);

/* A call's argument. A list there is kept (in kernels a list is no value): the type checker
 * rejects it in the words of the call it is given to (cuda.shared.array's shape). */
static PjExpr *pj_call_argument(PjParser *p, TSNode n) {
  if (p->module_level || !pj_is(n, PJ_SYM_LIST)) return pj_expr(p, n);
  PjExpr *e = pj_parse_tuple(p, n);
  if (e) e->kind = PJ_EX_LIST;
  return e;
}

static PjExpr *pj_parse_call(PjParser *p, TSNode n) {
  TSNode fn = pj_child(n, PJ_FIELD_FUNCTION), obj = pj_child(fn, PJ_FIELD_OBJECT);
  if (pj_is(fn, PJ_SYM_ATTRIBUTE) && (pj_is(obj, PJ_SYM_STRING) || pj_is(obj, PJ_SYM_CONCAT_STRING)) &&
      strcmp(pj_text(p, pj_child(fn, PJ_FIELD_ATTRIBUTE)), "format") == 0) { /* "{} {:.2f}".format(a, b) */
    if (!pj_any_fstring(p, obj)) return pj_parse_str_format(p, n, obj);
    pj_reject(p, fn, "format() of an f-string");
    return NULL;
  }
  PjExpr *e = pj_new_expr_at(p, PJ_EX_CALL, n);
  if (!(e->call.fn = pj_expr(p, pj_child(n, PJ_FIELD_FUNCTION)))) return NULL;
  TSNode args = pj_child(n, PJ_FIELD_ARGUMENTS);
  if (!pj_is(args, PJ_SYM_ARGUMENT_LIST)) {
    pj_reject(p, args, "a generator expression argument");
    return NULL;
  }
  PjKids k = pj_named_kids(p, args);
  e->call.args = pj_arena_alloc(p->arena, sizeof(PjExpr *) * (k.n + 1));
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    if (pj_is(c, PJ_SYM_COMMENT)) continue;
    if (pj_is(c, PJ_SYM_KEYWORD_ARGUMENT)) {
      /* keyword arguments are kept as (name=value) pairs only for decorators: the kernel
       * language has no keyword calls yet */
      e->call.has_kwargs = true;
      PjExpr *kw = pj_new_expr_at(p, PJ_EX_BINARY, c);
      kw->bin.op = PJ_OP_COUNT; /* marks name=value */
      kw->bin.l = pj_expr(p, pj_child(c, PJ_FIELD_NAME));
      kw->bin.r = pj_call_argument(p, pj_child(c, PJ_FIELD_VALUE));
      if (!kw->bin.l || !kw->bin.r) return NULL;
      e->call.args[e->call.nargs++] = kw;
      continue;
    }
    if (pj_is(c, PJ_SYM_LIST_SPLAT) && !e->call.star && !e->call.has_kwargs) { /* f(a, *t): t is spread */
      PjExpr *x = pj_expr(p, pj_first_named(p, c));
      if (!x) return NULL;
      e->call.star = e->call.nargs + 1;
      e->call.args[e->call.nargs++] = x;
      continue;
    }
    if (e->call.star && !e->call.has_kwargs) {
      pj_reject(p, c, "an argument after a *-unpacked one");
      return NULL;
    }
    PjExpr *x = pj_call_argument(p, c);
    if (!x) return NULL;
    e->call.args[e->call.nargs++] = x;
  }
  return e;
}

static PjExpr *pj_parse_subscript(PjParser *p, TSNode n) {
  PjExpr *e = pj_new_expr_at(p, PJ_EX_SUBSCRIPT, n);
  if (!(e->sub.base = pj_expr(p, pj_child(n, PJ_FIELD_VALUE)))) return NULL;
  /* a[i, j]: every named child after the value is an index */
  PjVec idx = {0};
  PjKids k = pj_named_kids(p, n);
  for (uint32_t i = 1; i < k.n; i++) {
    TSNode c = k.at[i];
    if (pj_is(c, PJ_SYM_COMMENT)) continue;
    PjExpr *x = pj_expr(p, c);
    if (!x) return NULL;
    pj_vec_push(p->arena, &idx, x);
  }
  if (idx.len == 1) {
    e->sub.index = idx.items[0];
  } else {
    PjExpr *t = pj_new_expr_at(p, PJ_EX_TUPLE, n);
    t->loc = ((PjExpr *)idx.items[0])->loc;
    t->loc.end_col = ((PjExpr *)idx.items[idx.len - 1])->loc.end_col;
    t->tuple.items = (PjExpr **)idx.items;
    t->tuple.count = idx.len;
    e->sub.index = t;
  }
  return e;
}

int pj_binop_of(TSNode op) {
  static const int map[][2] = {
      {PJ_SYM_OP_PLUS, PJ_OP_ADD},     {PJ_SYM_OP_MINUS, PJ_OP_SUB},     {PJ_SYM_OP_STAR, PJ_OP_MUL},
      {PJ_SYM_OP_SLASH, PJ_OP_DIV},    {PJ_SYM_OP_DSLASH, PJ_OP_FLOORDIV}, {PJ_SYM_OP_PERCENT, PJ_OP_MOD},
      {PJ_SYM_OP_DSTAR, PJ_OP_POW},    {PJ_SYM_OP_LSHIFT, PJ_OP_LSHIFT}, {PJ_SYM_OP_RSHIFT, PJ_OP_RSHIFT},
      {PJ_SYM_OP_AMP, PJ_OP_BITAND},   {PJ_SYM_OP_PIPE, PJ_OP_BITOR},    {PJ_SYM_OP_CARET, PJ_OP_BITXOR},
      {PJ_SYM_OP_AT, PJ_OP_MATMUL},    {PJ_SYM_AUG_ADD, PJ_OP_ADD},      {PJ_SYM_AUG_SUB, PJ_OP_SUB},
      {PJ_SYM_AUG_MUL, PJ_OP_MUL},     {PJ_SYM_AUG_DIV, PJ_OP_DIV},      {PJ_SYM_AUG_FLOORDIV, PJ_OP_FLOORDIV},
      {PJ_SYM_AUG_MOD, PJ_OP_MOD},     {PJ_SYM_AUG_POW, PJ_OP_POW},      {PJ_SYM_AUG_LSHIFT, PJ_OP_LSHIFT},
      {PJ_SYM_AUG_RSHIFT, PJ_OP_RSHIFT}, {PJ_SYM_AUG_AND, PJ_OP_BITAND}, {PJ_SYM_AUG_OR, PJ_OP_BITOR},
      {PJ_SYM_AUG_XOR, PJ_OP_BITXOR},  {PJ_SYM_AUG_AT, PJ_OP_MATMUL},
  };
  TSSymbol s = ts_node_symbol(op);
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (pj_sym[map[i][0]] == s) return map[i][1];
  return -1;
}

static int pj_cmpop_of(TSNode op) {
  static const int map[][2] = {
      {PJ_SYM_OP_LT, PJ_CMP_LT}, {PJ_SYM_OP_LE, PJ_CMP_LE}, {PJ_SYM_OP_GT, PJ_CMP_GT},
      {PJ_SYM_OP_GE, PJ_CMP_GE}, {PJ_SYM_OP_EQ, PJ_CMP_EQ}, {PJ_SYM_OP_NE, PJ_CMP_NE},
      {PJ_SYM_OP_NE2, PJ_CMP_NE}, {PJ_SYM_OP_IN, PJ_CMP_IN}, {PJ_SYM_OP_NOT_IN, PJ_CMP_NOT_IN},
      {PJ_SYM_OP_IS, PJ_CMP_IS}, {PJ_SYM_OP_IS_NOT, PJ_CMP_IS_NOT},
  };
  TSSymbol s = ts_node_symbol(op);
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (pj_sym[map[i][0]] == s) return map[i][1];
  return -1;
}

static PjExpr *pj_parse_binary(PjParser *p, TSNode n) {
  PjExpr *e = pj_new_expr_at(p, PJ_EX_BINARY, n);
  TSNode op = pj_child(n, PJ_FIELD_OPERATOR);
  int k = pj_binop_of(op);
  if (k < 0) {
    pj_reject(p, op, pj_arena_printf(p->arena, "operator '%s'", pj_node_kind(op)));
    return NULL;
  }
  e->bin.op = (PjBinOp)k;
  e->bin.l = pj_expr(p, pj_child(n, PJ_FIELD_LEFT));
  e->bin.r = pj_expr(p, pj_child(n, PJ_FIELD_RIGHT));
  return e->bin.l && e->bin.r ? e : NULL;
}

static PjExpr *pj_parse_unary(PjParser *p, TSNode n, bool is_not) {
  PjExpr *e = pj_new_expr_at(p, PJ_EX_UNARY, n);
  if (is_not) {
    e->un.op = PJ_UN_NOT;
  } else {
    TSNode op = pj_child(n, PJ_FIELD_OPERATOR);
    e->un.op = pj_is(op, PJ_SYM_OP_MINUS) ? PJ_UN_NEG : pj_is(op, PJ_SYM_OP_PLUS) ? PJ_UN_POS : PJ_UN_INVERT;
  }
  e->un.x = pj_expr(p, pj_child(n, PJ_FIELD_ARGUMENT));
  if (!e->un.x) return NULL;
  /* fold -literal so that -1 is the literal int64 -1, as Python sees it */
  if (e->un.op == PJ_UN_NEG && e->un.x->kind == PJ_EX_INT && (!e->un.x->big || e->un.x->ival == INT64_MIN)) {
    e->un.x->big = false; /* -9223372036854775808 is int64's minimum */
    e->un.x->ival = (int64_t)(0 - (uint64_t)e->un.x->ival);
    e->un.x->loc = e->loc;
    return e->un.x;
  }
  if (e->un.op == PJ_UN_NEG && e->un.x->kind == PJ_EX_FLOAT && !e->un.x->big) {
    e->un.x->fval = -e->un.x->fval;
    e->un.x->loc = e->loc;
    return e->un.x;
  }
  return e;
}

static PjExpr *pj_parse_compare(PjParser *p, TSNode n) {
  PjExpr *e = pj_new_expr_at(p, PJ_EX_COMPARE, n);
  PjKids k = pj_all_kids(p, n);
  e->cmp.operands = pj_arena_alloc(p->arena, sizeof(PjExpr *) * (k.n + 1));
  e->cmp.ops = pj_arena_alloc(p->arena, sizeof(PjCmpOp) * (k.n + 1));
  int nops = 0, nvals = 0;
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    if (pj_is(c, PJ_SYM_COMMENT)) continue;
    if (ts_node_is_named(c)) {
      if (!(e->cmp.operands[nvals++] = pj_expr(p, c))) return NULL;
    } else {
      int k = pj_cmpop_of(c);
      if (k < 0) {
        pj_reject(p, c, "this comparison");
        return NULL;
      }
      e->cmp.ops[nops++] = (PjCmpOp)k;
    }
  }
  e->cmp.n = nops;
  return e;
}

static PjExpr *pj_parse_boolean(PjParser *p, TSNode n) {
  PjExpr *e = pj_new_expr_at(p, PJ_EX_BOOLOP, n);
  e->boolop.is_and = pj_is(pj_child(n, PJ_FIELD_OPERATOR), PJ_SYM_OP_AND);
  e->boolop.l = pj_expr(p, pj_child(n, PJ_FIELD_LEFT));
  e->boolop.r = pj_expr(p, pj_child(n, PJ_FIELD_RIGHT));
  return e->boolop.l && e->boolop.r ? e : NULL;
}

static PjExpr *pj_parse_conditional(PjParser *p, TSNode n) {
  /* `a if cond else b`: three named children in that order */
  PjExpr *e = pj_new_expr_at(p, PJ_EX_IFEXP, n);
  PjExpr *parts[3];
  int k = 0;
  PjKids kids = pj_named_kids(p, n);
  for (uint32_t i = 0; i < kids.n && k < 3; i++) {
    TSNode c = kids.at[i];
    if (pj_is(c, PJ_SYM_COMMENT)) continue;
    if (!(parts[k++] = pj_expr(p, c))) return NULL;
  }
  if (k != 3) return NULL;
  e->ifexp.then = parts[0];
  e->ifexp.cond = parts[1];
  e->ifexp.orelse = parts[2];
  return e;
}

static PjExpr *pj_parse_tuple(PjParser *p, TSNode n) {
  PjExpr *e = pj_new_expr_at(p, PJ_EX_TUPLE, n);
  e->tuple.items = pj_expr_list(p, n, &e->tuple.count);
  return e->tuple.items ? e : NULL;
}

/* tree-sitter-python recovers from some syntax errors by reading a keyword as a name */
bool pj_is_keyword(const char *s) {
  static const char *const kw[] = {"and", "as", "assert", "async", "await", "break", "class", "continue", "def",
                                   "del", "elif", "else", "except", "finally", "for", "from", "global", "if",
                                   "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
                                   "return", "try", "while", "with", "yield"};
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if (strcmp(s, kw[i]) == 0) return true;
  return false;
}

/* What to call a construct in a message: "a list comprehension", not "list_comprehension". */
static const char *pj_construct_name(PjParser *p, TSNode n) {
  static const char *const names[][2] = {
      {"list", "a list"}, {"list_comprehension", "a list comprehension"}, {"dictionary", "a dict"},
      {"dictionary_comprehension", "a dict comprehension"}, {"set", "a set"},
      {"set_comprehension", "a set comprehension"}, {"generator_expression", "a generator expression"},
      {"lambda", "a lambda"}, {"named_expression", "an assignment expression (:=)"}, {"await", "await"},
      {"yield", "yield"}, {"list_splat", "*-unpacking"}, {"dictionary_splat", "**-unpacking"},
      {"ellipsis", "'...'"}, {"keyword_argument", "a keyword argument"}, {"string", "a string"},
      {"concatenated_string", "a string"}, {"slice", "array slicing"}, {"call", "this call"},
  };
  const char *kind = ts_node_type(n);
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(kind, names[i][0]) == 0) return names[i][1];
  return pj_arena_printf(p->arena, "'%s'", pj_text(p, n));
}

PjExpr *pj_expr(PjParser *p, TSNode n) {
  if (ts_node_is_null(n)) return NULL;
  TSSymbol s = ts_node_symbol(n);
  if (s == pj_sym[PJ_SYM_IDENTIFIER]) {
    PjExpr *e = pj_new_expr_at(p, PJ_EX_NAME, n);
    e->name.id = pj_text(p, n);
    if (pj_is_keyword(e->name.id)) {
      pj_error(p->syntax, &p->m->file, pj_loc(p, n), "invalid syntax: '%s' is a keyword", e->name.id);
      return NULL;
    }
    return e;
  }
  if (s == pj_sym[PJ_SYM_INTEGER]) return pj_parse_int(p, n);
  if (s == pj_sym[PJ_SYM_FLOAT]) return pj_parse_float(p, n);
  if (s == pj_sym[PJ_SYM_TRUE] || s == pj_sym[PJ_SYM_FALSE]) {
    PjExpr *e = pj_new_expr_at(p, PJ_EX_BOOL, n);
    e->ival = s == pj_sym[PJ_SYM_TRUE];
    return e;
  }
  if (s == pj_sym[PJ_SYM_NONE]) return pj_new_expr_at(p, PJ_EX_NONE, n);
  if (s == pj_sym[PJ_SYM_STRING]) return pj_parse_string(p, n);
  if (s == pj_sym[PJ_SYM_ATTRIBUTE]) {
    PjExpr *e = pj_new_expr_at(p, PJ_EX_ATTR, n);
    TSNode a = pj_child(n, PJ_FIELD_ATTRIBUTE);
    e->attr.attr = pj_text(p, a);
    e->attr.attr_loc = pj_loc(p, a);
    e->attr.base = pj_expr(p, pj_child(n, PJ_FIELD_OBJECT));
    return e->attr.base ? e : NULL;
  }
  if (s == pj_sym[PJ_SYM_CALL]) return pj_parse_call(p, n);
  if (s == pj_sym[PJ_SYM_SUBSCRIPT]) return pj_parse_subscript(p, n);
  if (s == pj_sym[PJ_SYM_BINARY]) return pj_parse_binary(p, n);
  if (s == pj_sym[PJ_SYM_UNARY]) return pj_parse_unary(p, n, false);
  if (s == pj_sym[PJ_SYM_NOT]) return pj_parse_unary(p, n, true);
  if (s == pj_sym[PJ_SYM_BOOLEAN]) return pj_parse_boolean(p, n);
  if (s == pj_sym[PJ_SYM_COMPARISON]) return pj_parse_compare(p, n);
  if (s == pj_sym[PJ_SYM_CONDITIONAL]) return pj_parse_conditional(p, n);
  if (s == pj_sym[PJ_SYM_PAREN]) {
    PjKids k = pj_named_kids(p, n);
    for (uint32_t i = 0; i < k.n; i++)
      if (!pj_is(k.at[i], PJ_SYM_COMMENT)) return pj_expr(p, k.at[i]);
    return NULL;
  }
  if (s == pj_sym[PJ_SYM_LIST]) { /* module-level data only (np.array([...])) */
    if (!p->module_level) {
      pj_reject(p, n, "a list");
      return NULL;
    }
    PjExpr *e = pj_parse_tuple(p, n);
    if (e) e->kind = PJ_EX_LIST;
    return e;
  }
  if (s == pj_sym[PJ_SYM_TUPLE] || s == pj_sym[PJ_SYM_EXPRESSION_LIST] || s == pj_sym[PJ_SYM_PATTERN_LIST] ||
      s == pj_sym[PJ_SYM_TUPLE_PATTERN])
    return pj_parse_tuple(p, n);
  if (s == pj_sym[PJ_SYM_SLICE]) { /* start:stop:step, any part omitted */
    PjExpr *e = pj_new_expr_at(p, PJ_EX_SLICE, n);
    e->slice.start = e->slice.stop = e->slice.step = NULL; /* the union's name.var default overlaps */
    PjExpr **parts[3] = {&e->slice.start, &e->slice.stop, &e->slice.step};
    int colons = 0;
    PjKids k = pj_all_kids(p, n);
    for (uint32_t i = 0; i < k.n; i++) {
      TSNode c = k.at[i];
      if (!ts_node_is_named(c)) {
        colons += strcmp(ts_node_type(c), ":") == 0;
        continue;
      }
      if (pj_is(c, PJ_SYM_COMMENT) || colons > 2) continue;
      if (!(*parts[colons] = pj_expr(p, c))) return NULL;
    }
    return e;
  }
  if (s == pj_sym[PJ_SYM_CONCAT_STRING]) return pj_parse_string(p, n);
  pj_reject(p, n, pj_construct_name(p, n));
  return NULL;
}
