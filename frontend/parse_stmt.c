/* Statements and blocks: tree-sitter-python's statement nodes into the project's PjStmt
 * (ir/ast.h). Assignments (chained, augmented), expression statements, if/elif/else as nested
 * ifs, while and for (their else clauses rewritten with a flag their breaks set), return, pass,
 * break, continue, raise as a call of $raise, nonlocal (recorded on the function), and a def
 * inside a function: a function of its own bound to its name. A block reports every statement
 * it rejects, and skips comments and docstrings. */
#include "frontend/parser.h"

#include <string.h>

static PjStmt *pj_new_stmt(PjParser *p, PjStmtKind k, TSNode n) {
  PjStmt *s = pj_arena_alloc(p->arena, sizeof(PjStmt));
  s->kind = k;
  s->loc = pj_loc(p, n);
  return s;
}

PjStmt *pj_parse_assignment(PjParser *p, TSNode n) {
  PjStmt *s = pj_new_stmt(p, PJ_ST_ASSIGN, n);
  PjVec targets = {0};
  TSNode cur = n;
  /* a = b = value nests: assignment(left: a, right: assignment(left: b, right: value)) */
  for (;;) {
    PjExpr *t = pj_expr(p, pj_child(cur, PJ_FIELD_LEFT));
    if (!t) return NULL;
    if (!ts_node_is_null(pj_child(cur, PJ_FIELD_TYPE))) {
      pj_reject(p, pj_child(cur, PJ_FIELD_TYPE), "a type annotation");
      return NULL;
    }
    pj_vec_push(p->arena, &targets, t);
    TSNode r = pj_child(cur, PJ_FIELD_RIGHT);
    if (ts_node_is_null(r)) {
      pj_reject(p, cur, "a declaration without a value");
      return NULL;
    }
    if (!pj_is(r, PJ_SYM_ASSIGNMENT)) {
      s->assign.value = pj_expr(p, r);
      break;
    }
    cur = r;
  }
  s->assign.targets = (PjExpr **)targets.items;
  s->assign.ntargets = targets.len;
  return s->assign.value ? s : NULL;
}

PjStmt *pj_parse_aug(PjParser *p, TSNode n) {
  PjStmt *s = pj_new_stmt(p, PJ_ST_AUGASSIGN, n);
  TSNode op = pj_child(n, PJ_FIELD_OPERATOR);
  int k = pj_binop_of(op);
  if (k < 0) {
    pj_reject(p, op, "this augmented assignment");
    return NULL;
  }
  s->aug.op = (PjBinOp)k;
  s->aug.target = pj_expr(p, pj_child(n, PJ_FIELD_LEFT));
  s->aug.value = pj_expr(p, pj_child(n, PJ_FIELD_RIGHT));
  return s->aug.target && s->aug.value ? s : NULL;
}

static PjStmt *pj_parse_expr_stmt(PjParser *p, TSNode n) {
  PjKids k = pj_named_kids(p, n);
  TSNode c = k.n ? k.at[0] : (TSNode){0};
  if (k.n != 1) {
    PjStmt *s = pj_new_stmt(p, PJ_ST_EXPR, n);
    PjExpr *t = pj_new_expr_at(p, PJ_EX_TUPLE, n);
    t->tuple.items = pj_expr_list(p, n, &t->tuple.count);
    s->expr = t;
    return t->tuple.items ? s : NULL;
  }
  if (pj_is(c, PJ_SYM_ASSIGNMENT)) return pj_parse_assignment(p, c);
  if (pj_is(c, PJ_SYM_AUG_ASSIGNMENT)) return pj_parse_aug(p, c);
  PjStmt *s = pj_new_stmt(p, PJ_ST_EXPR, n);
  s->expr = pj_expr(p, c);
  return s->expr ? s : NULL;
}

/* if/elif/else: the alternatives of one if_statement, in order, become nested ifs. */
static PjStmt *pj_parse_if_chain(PjParser *p, TSNode head, TSNode cond, TSNode then, TSNode *alts, int nalts) {
  PjStmt *s = pj_new_stmt(p, PJ_ST_IF, head);
  s->if_.cond = pj_expr(p, cond);
  if (!s->if_.cond || !pj_block(p, then, &s->if_.then)) return NULL;
  if (nalts == 0) return s;
  if (pj_is(alts[0], PJ_SYM_ELSE)) return pj_block(p, pj_child(alts[0], PJ_FIELD_BODY), &s->if_.orelse) ? s : NULL;
  PjStmt *nested = pj_parse_if_chain(p, alts[0], pj_child(alts[0], PJ_FIELD_CONDITION),
                                     pj_child(alts[0], PJ_FIELD_CONSEQUENCE), alts + 1, nalts - 1);
  if (!nested) return NULL;
  s->if_.orelse.stmts = pj_arena_alloc(p->arena, sizeof(PjStmt *));
  s->if_.orelse.stmts[0] = nested;
  s->if_.orelse.count = 1;
  return s;
}

static PjStmt *pj_parse_if(PjParser *p, TSNode n) {
  PjKids k = pj_named_kids(p, n);
  TSNode *alts = pj_arena_alloc(p->arena, sizeof(TSNode) * (k.n + 1));
  int nalts = 0;
  for (uint32_t i = 0; i < k.n; i++)
    if (pj_is(k.at[i], PJ_SYM_ELIF) || pj_is(k.at[i], PJ_SYM_ELSE)) alts[nalts++] = k.at[i];
  return pj_parse_if_chain(p, n, pj_child(n, PJ_FIELD_CONDITION), pj_child(n, PJ_FIELD_CONSEQUENCE), alts, nalts);
}

/* A statement of one or two others as its own block: if True: a; b. */
static PjStmt *pj_stmt_group(PjParser *p, TSNode at, PjStmt **stmts, int n) {
  PjStmt *g = pj_new_stmt(p, PJ_ST_IF, at);
  g->if_.cond = pj_new_expr_at(p, PJ_EX_BOOL, at);
  g->if_.cond->ival = 1;
  g->if_.then.stmts = pj_arena_alloc(p->arena, sizeof(PjStmt *) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) g->if_.then.stmts[i] = stmts[i];
  g->if_.then.count = n;
  return g;
}

static PjStmt *pj_flag_set(PjParser *p, TSNode at, const char *flag, bool value) {
  PjStmt *s = pj_new_stmt(p, PJ_ST_ASSIGN, at);
  s->assign.targets = pj_arena_alloc(p->arena, sizeof(PjExpr *));
  s->assign.targets[0] = pj_new_expr_at(p, PJ_EX_NAME, at);
  s->assign.targets[0]->name.id = flag;
  s->assign.ntargets = 1;
  s->assign.value = pj_new_expr_at(p, PJ_EX_BOOL, at);
  s->assign.value->ival = value;
  return s;
}

/* Each `break` of this loop (not of loops inside it) first sets the flag. */
static void pj_mark_breaks(PjParser *p, TSNode at, PjBlock *b, const char *flag) {
  for (int i = 0; i < b->count; i++) {
    PjStmt *s = b->stmts[i];
    if (s->kind == PJ_ST_BREAK) {
      PjStmt *pair[2] = {pj_flag_set(p, at, flag, true), s};
      pair[0]->loc = s->loc;
      b->stmts[i] = pj_stmt_group(p, at, pair, 2);
      b->stmts[i]->loc = s->loc;
    } else if (s->kind == PJ_ST_IF) {
      pj_mark_breaks(p, at, &s->if_.then, flag);
      pj_mark_breaks(p, at, &s->if_.orelse, flag);
    }
  }
}

/* for/while ... else: the else block runs when the loop ends without a break, as in Python;
 * written as  flag = False; <the loop, whose breaks set flag>; if not flag: <else>, under a
 * flag name no Python program can write. */
static PjStmt *pj_loop_else(PjParser *p, TSNode n, PjStmt *loop, PjBlock *body) {
  TSNode alt = pj_child(n, PJ_FIELD_ALTERNATIVE);
  if (!loop || ts_node_is_null(alt)) return loop;
  const char *flag = pj_arena_printf(p->arena, "loop-else.%d", ++p->loop_elses);
  PjStmt *after = pj_new_stmt(p, PJ_ST_IF, alt);
  PjExpr *test = pj_new_expr_at(p, PJ_EX_NAME, alt);
  test->name.id = flag;
  after->if_.cond = pj_new_expr_at(p, PJ_EX_UNARY, alt);
  after->if_.cond->un.op = PJ_UN_NOT;
  after->if_.cond->un.x = test;
  if (!pj_block(p, pj_child(alt, PJ_FIELD_BODY), &after->if_.then)) return NULL;
  pj_mark_breaks(p, n, body, flag);
  PjStmt *all[3] = {pj_flag_set(p, n, flag, false), loop, after};
  return pj_stmt_group(p, n, all, 3);
}

/* `def name(...): body` inside a function: a function of its own that remembers where it was
 * written (it may read that function's variables: frontend/closures.c), bound to `name` as a value. */
static PjStmt *pj_parse_inner_def(PjParser *p, TSNode n) {
  PjFunc *f = pj_func_of_def(p, n);
  TSNode name = pj_child(n, PJ_FIELD_NAME);
  f->outer = p->cur;
  f->is_device = true;
  PjFunc *outer = p->cur;
  p->cur = f;
  bool ok = pj_parse_params(p, pj_child(n, PJ_FIELD_PARAMETERS), f);
  f->nvars = f->nparams;
  ok = pj_block(p, pj_child(n, PJ_FIELD_BODY), &f->body) && ok;
  p->cur = outer;
  if (!ok) return NULL;
  pj_vec_push(p->arena, &p->inner, f);
  PjStmt *st = pj_new_stmt(p, PJ_ST_ASSIGN, n);
  PjExpr *target = pj_new_expr_at(p, PJ_EX_NAME, name);
  target->name.id = f->name;
  PjExpr *value = pj_new_expr_at(p, PJ_EX_STATIC, name);
  value->type = pj_type_function(p->arena, -1, f, f->name);
  st->assign.targets = pj_arena_alloc(p->arena, sizeof(PjExpr *));
  st->assign.targets[0] = target;
  st->assign.ntargets = 1;
  st->assign.value = value;
  return st;
}

/* `nonlocal a, b` in an inner function: the names it rebinds in the functions it is written in
 * (recorded on the function; frontend/nonlocals.c inlines its calls). A pass statement. */
static PjStmt *pj_parse_nonlocal(PjParser *p, TSNode n) {
  PjFunc *f = p->cur;
  PjKids k = pj_named_kids(p, n);
  for (uint32_t i = 0; i < k.n; i++) {
    if (!pj_is(k.at[i], PJ_SYM_IDENTIFIER)) continue;
    const char *name = pj_text(p, k.at[i]);
    if (!f->outer) { /* Python's SyntaxError: no function encloses it */
      pj_error(p->diags, &p->m->file, pj_loc(p, k.at[i]), "no binding for nonlocal '%s' found", name);
      continue;
    }
    const char **names = pj_arena_alloc(p->arena, sizeof(char *) * (size_t)(f->nnonlocals + 1));
    PjLoc *locs = pj_arena_alloc(p->arena, sizeof(PjLoc) * (size_t)(f->nnonlocals + 1));
    for (int j = 0; j < f->nnonlocals; j++) names[j] = f->nonlocals[j], locs[j] = f->nonlocal_locs[j];
    names[f->nnonlocals] = name;
    locs[f->nnonlocals] = pj_loc(p, k.at[i]);
    f->nonlocals = names;
    f->nonlocal_locs = locs;
    f->nnonlocals++;
  }
  return pj_new_stmt(p, PJ_ST_PASS, n);
}

static PjStmt *pj_stmt(PjParser *p, TSNode n) {
  TSSymbol s = ts_node_symbol(n);
  if (s == pj_sym[PJ_SYM_EXPR_STMT]) return pj_parse_expr_stmt(p, n);
  if (s == pj_sym[PJ_SYM_IF]) return pj_parse_if(p, n);
  if (s == pj_sym[PJ_SYM_WHILE]) {
    PjStmt *st = pj_new_stmt(p, PJ_ST_WHILE, n);
    st->while_.cond = pj_expr(p, pj_child(n, PJ_FIELD_CONDITION));
    bool ok = st->while_.cond && pj_block(p, pj_child(n, PJ_FIELD_BODY), &st->while_.body);
    return ok ? pj_loop_else(p, n, st, &st->while_.body) : NULL;
  }
  if (s == pj_sym[PJ_SYM_FOR]) {
    PjStmt *st = pj_new_stmt(p, PJ_ST_FOR, n);
    st->for_.target = pj_expr(p, pj_child(n, PJ_FIELD_LEFT));
    st->for_.iter = pj_expr(p, pj_child(n, PJ_FIELD_RIGHT));
    bool ok = st->for_.target && st->for_.iter && pj_block(p, pj_child(n, PJ_FIELD_BODY), &st->for_.body);
    return ok ? pj_loop_else(p, n, st, &st->for_.body) : NULL;
  }
  if (s == pj_sym[PJ_SYM_RETURN]) {
    PjStmt *st = pj_new_stmt(p, PJ_ST_RETURN, n);
    TSNode value = pj_first_named(p, n);
    if (!ts_node_is_null(value)) {
      st->expr = pj_expr(p, value);
      if (!st->expr) return NULL;
    }
    return st;
  }
  if (s == pj_sym[PJ_SYM_PASS]) return pj_new_stmt(p, PJ_ST_PASS, n);
  if (s == pj_sym[PJ_SYM_RAISE]) { /* `raise E` / `raise E(args)`: the call $raise(E), typed by the checker */
    PjKids k = pj_named_kids(p, n);
    if (k.n != 1) {
      pj_reject(p, n, k.n ? "raise ... from ..." : "a bare raise (a re-raise)");
      return NULL;
    }
    PjExpr *exc = pj_expr(p, k.at[0]);
    if (!exc) return NULL;
    PjStmt *st = pj_new_stmt(p, PJ_ST_EXPR, n);
    st->expr = pj_new_expr_at(p, PJ_EX_CALL, n);
    st->expr->call.fn = pj_new_expr_at(p, PJ_EX_NAME, n);
    st->expr->call.fn->name.id = "$raise";
    st->expr->call.args = pj_arena_alloc(p->arena, sizeof(PjExpr *));
    st->expr->call.args[0] = exc;
    st->expr->call.nargs = 1;
    return st;
  }
  if (s == pj_sym[PJ_SYM_FUNCTION_DEF] && p->cur) return pj_parse_inner_def(p, n);
  if (s == pj_sym[PJ_SYM_NONLOCAL]) return pj_parse_nonlocal(p, n);
  if (s == pj_sym[PJ_SYM_BREAK]) return pj_new_stmt(p, PJ_ST_BREAK, n);
  if (s == pj_sym[PJ_SYM_CONTINUE]) return pj_new_stmt(p, PJ_ST_CONTINUE, n);
  const char *kind = pj_node_kind(n);
  char what[96];
  size_t k = 0;
  for (const char *c = kind; *c && k + 1 < sizeof what; c++) what[k++] = *c == '_' ? ' ' : *c;
  what[k] = 0;
  pj_reject(p, n, pj_arena_printf(p->arena, "%s %s", strchr("aeiou", what[0]) ? "an" : "a", what));
  return NULL;
}

bool pj_block(PjParser *p, TSNode n, PjBlock *out) {
  PjKids k = pj_named_kids(p, n);
  out->stmts = pj_arena_alloc(p->arena, sizeof(PjStmt *) * (k.n + 1));
  out->count = 0;
  bool ok = true;
  pj_check_layout(p, k);
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    if (pj_is(c, PJ_SYM_COMMENT)) continue;
    /* a docstring: an expression statement holding only a string */
    if (pj_is(c, PJ_SYM_EXPR_STMT) && ts_node_named_child_count(c) == 1 && pj_is(pj_first_named(p, c), PJ_SYM_STRING))
      continue;
    PjStmt *st = pj_stmt(p, c);
    if (st) out->stmts[out->count++] = st;
    else ok = false; /* keep going: report every rejected statement */
  }
  return ok;
}
