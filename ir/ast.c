/* Printing the tree (--emit=ast, --emit=types) and copying a function for typing. */
#include "ir/ast.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *pj_binop_text(PjBinOp op) {
  static const char *const t[PJ_OP_COUNT + 1] = {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^", "@", "="};
  return t[op];
}

const char *pj_cmpop_text(PjCmpOp op) {
  static const char *const t[] = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
  return t[op];
}

/* ---- printing ---------------------------------------------------------------------------- */

typedef struct PjPrinter {
  char *buf;
  size_t len;
  FILE *out;
  bool types;
  PjArena *arena;
  const PjFunc *f;
} PjPrinter;

static void pj_indent(PjPrinter *p, int depth) {
  for (int i = 0; i < depth; i++) fputs("  ", p->out);
}

static void pj_print_expr(PjPrinter *p, const PjExpr *e, int depth);

static void pj_print_head(PjPrinter *p, const PjExpr *e, int depth, const char *fmt, const char *a) {
  pj_indent(p, depth);
  fprintf(p->out, fmt, a);
  if (p->types && e->type) fprintf(p->out, " : %s", pj_type_name(p->arena, e->type));
  fprintf(p->out, "  @%d:%d\n", e->loc.line, e->loc.col);
}

static void pj_print_exprs(PjPrinter *p, PjExpr **xs, int n, int depth) {
  for (int i = 0; i < n; i++) pj_print_expr(p, xs[i], depth);
}

static void pj_print_expr(PjPrinter *p, const PjExpr *e, int depth) {
  char tmp[64];
  switch (e->kind) {
  case PJ_EX_INT: snprintf(tmp, sizeof tmp, "%lld", (long long)e->ival); pj_print_head(p, e, depth, "Int %s", tmp); break;
  case PJ_EX_FLOAT: snprintf(tmp, sizeof tmp, "%.17g", e->fval); pj_print_head(p, e, depth, "Float %s", tmp); break;
  case PJ_EX_BOOL: pj_print_head(p, e, depth, "Bool %s", e->ival ? "True" : "False"); break;
  case PJ_EX_NONE: pj_print_head(p, e, depth, "None%s", ""); break;
  case PJ_EX_STRING: pj_print_head(p, e, depth, "String \"%s\"", e->str); break;
  case PJ_EX_NAME:
    if (p->types && e->name.var >= 0 && p->f)
      pj_print_head(p, e, depth, "Name %s", pj_arena_printf(p->arena, "%s (%s %d)", e->name.id,
                                                            p->f->vars[e->name.var].is_param ? "param" : "var", e->name.var));
    else
      pj_print_head(p, e, depth, "Name %s", e->name.id);
    break;
  case PJ_EX_ATTR:
    pj_print_head(p, e, depth, "Attribute .%s", e->attr.attr);
    pj_print_expr(p, e->attr.base, depth + 1);
    break;
  case PJ_EX_CALL:
    pj_print_head(p, e, depth, "Call%s", "");
    pj_print_expr(p, e->call.fn, depth + 1);
    pj_print_exprs(p, e->call.args, e->call.nargs, depth + 1);
    break;
  case PJ_EX_SUBSCRIPT:
    pj_print_head(p, e, depth, "Subscript%s", "");
    pj_print_expr(p, e->sub.base, depth + 1);
    pj_print_expr(p, e->sub.index, depth + 1);
    break;
  case PJ_EX_TUPLE:
    pj_print_head(p, e, depth, "Tuple%s", "");
    pj_print_exprs(p, e->tuple.items, e->tuple.count, depth + 1);
    break;
  case PJ_EX_BINARY:
    pj_print_head(p, e, depth, "BinOp %s", pj_binop_text(e->bin.op));
    pj_print_expr(p, e->bin.l, depth + 1);
    pj_print_expr(p, e->bin.r, depth + 1);
    break;
  case PJ_EX_UNARY: {
    static const char *const ops[] = {"-", "+", "~", "not"};
    pj_print_head(p, e, depth, "UnaryOp %s", ops[e->un.op]);
    pj_print_expr(p, e->un.x, depth + 1);
    break;
  }
  case PJ_EX_COMPARE: {
    const char *ops = "";
    for (int i = 0; i < e->cmp.n; i++) ops = pj_arena_printf(p->arena, "%s%s%s", ops, i ? " " : "", pj_cmpop_text(e->cmp.ops[i]));
    pj_print_head(p, e, depth, "Compare %s", ops);
    pj_print_exprs(p, e->cmp.operands, e->cmp.n + 1, depth + 1);
    break;
  }
  case PJ_EX_BOOLOP:
    pj_print_head(p, e, depth, "BoolOp %s", e->boolop.is_and ? "and" : "or");
    pj_print_expr(p, e->boolop.l, depth + 1);
    pj_print_expr(p, e->boolop.r, depth + 1);
    break;
  case PJ_EX_IFEXP:
    pj_print_head(p, e, depth, "IfExp%s", "");
    pj_print_expr(p, e->ifexp.cond, depth + 1);
    pj_print_expr(p, e->ifexp.then, depth + 1);
    pj_print_expr(p, e->ifexp.orelse, depth + 1);
    break;
  case PJ_EX_CAST:
    pj_print_head(p, e, depth, "Cast%s", "");
    pj_print_expr(p, e->cast.x, depth + 1);
    break;
  case PJ_EX_BUILTIN:
    pj_print_head(p, e, depth, "Builtin %s", pj_arena_printf(p->arena, "#%d", e->builtin.id));
    pj_print_exprs(p, e->builtin.args, e->builtin.nargs, depth + 1);
    break;
  case PJ_EX_SHAPE:
    snprintf(tmp, sizeof tmp, "%d", e->shape.dim);
    pj_print_head(p, e, depth, "Shape %s", tmp);
    pj_print_expr(p, e->shape.array, depth + 1);
    break;
  case PJ_EX_SLICE: pj_print_head(p, e, depth, "Slice%s", ""); break;
  case PJ_EX_LIST:
    pj_print_head(p, e, depth, "List%s", "");
    pj_print_exprs(p, e->tuple.items, e->tuple.count, depth + 1);
    break;
  case PJ_EX_CONST_ARRAY: pj_print_head(p, e, depth, "ConstArray %s", e->carray->name); break;
  case PJ_EX_STATIC: pj_print_head(p, e, depth, "Static%s", ""); break;
  }
}

static void pj_print_block(PjPrinter *p, const PjBlock *b, int depth);

static void pj_print_stmt(PjPrinter *p, const PjStmt *s, int depth) {
  pj_indent(p, depth);
  switch (s->kind) {
  case PJ_ST_EXPR:
    fprintf(p->out, "Expr  @%d:%d\n", s->loc.line, s->loc.col);
    pj_print_expr(p, s->expr, depth + 1);
    break;
  case PJ_ST_ASSIGN:
    fprintf(p->out, "Assign  @%d:%d\n", s->loc.line, s->loc.col);
    pj_print_exprs(p, s->assign.targets, s->assign.ntargets, depth + 1);
    pj_print_expr(p, s->assign.value, depth + 1);
    break;
  case PJ_ST_AUGASSIGN:
    fprintf(p->out, "AugAssign %s=  @%d:%d\n", pj_binop_text(s->aug.op), s->loc.line, s->loc.col);
    pj_print_expr(p, s->aug.target, depth + 1);
    pj_print_expr(p, s->aug.value, depth + 1);
    break;
  case PJ_ST_IF:
    fprintf(p->out, "If  @%d:%d\n", s->loc.line, s->loc.col);
    pj_print_expr(p, s->if_.cond, depth + 1);
    pj_print_block(p, &s->if_.then, depth + 1);
    if (s->if_.orelse.count) {
      pj_indent(p, depth);
      fprintf(p->out, "Else\n");
      pj_print_block(p, &s->if_.orelse, depth + 1);
    }
    break;
  case PJ_ST_WHILE:
    fprintf(p->out, "While  @%d:%d\n", s->loc.line, s->loc.col);
    pj_print_expr(p, s->while_.cond, depth + 1);
    pj_print_block(p, &s->while_.body, depth + 1);
    break;
  case PJ_ST_FOR:
    fprintf(p->out, "For  @%d:%d\n", s->loc.line, s->loc.col);
    pj_print_expr(p, s->for_.target, depth + 1);
    pj_print_expr(p, s->for_.iter, depth + 1);
    pj_print_block(p, &s->for_.body, depth + 1);
    break;
  case PJ_ST_BREAK: fprintf(p->out, "Break  @%d:%d\n", s->loc.line, s->loc.col); break;
  case PJ_ST_CONTINUE: fprintf(p->out, "Continue  @%d:%d\n", s->loc.line, s->loc.col); break;
  case PJ_ST_PASS: fprintf(p->out, "Pass  @%d:%d\n", s->loc.line, s->loc.col); break;
  case PJ_ST_RETURN:
    fprintf(p->out, "Return  @%d:%d\n", s->loc.line, s->loc.col);
    if (s->expr) pj_print_expr(p, s->expr, depth + 1);
    break;
  }
}

static void pj_print_block(PjPrinter *p, const PjBlock *b, int depth) {
  for (int i = 0; i < b->count; i++) pj_print_stmt(p, b->stmts[i], depth);
}

static void pj_print_func(PjPrinter *p, const PjFunc *f) {
  p->f = f;
  fprintf(p->out, "Function %s%s  @%d:%d\n", f->name, f->is_kernel ? " [kernel]" : "", f->loc.line, f->loc.col);
  for (int i = 0; i < f->nvars; i++) {
    fprintf(p->out, "  %s %s", f->vars[i].is_param ? "Param" : "Local", f->vars[i].name);
    if (p->types && f->vars[i].type) fprintf(p->out, " : %s", pj_type_name(p->arena, f->vars[i].type));
    fprintf(p->out, "\n");
  }
  pj_print_block(p, &f->body, 1);
}

static char *pj_printer_run(const PjModule *m, const PjFunc *f, bool types, PjArena *scratch) {
  PjPrinter p = {.types = types, .arena = scratch};
  p.out = open_memstream(&p.buf, &p.len);
  if (m) {
    for (int i = 0; i < m->nglobals; i++) {
      const PjGlobal *g = &m->globals[i];
      if (g->kind == PJ_GLOBAL_MODULE) fprintf(p.out, "Import %s = %s\n", g->name, g->qualname);
      else if (g->kind == PJ_GLOBAL_CONST) fprintf(p.out, "Global %s%s\n", g->name, g->value ? "" : " (not a constant)");
    }
    for (int i = 0; i < m->nfuncs; i++) pj_print_func(&p, m->funcs[i]);
  } else {
    pj_print_func(&p, f);
  }
  fclose(p.out);
  return p.buf;
}

char *pj_module_dump(const PjModule *m, bool with_types, PjArena *scratch) {
  return pj_printer_run(m, NULL, with_types, scratch);
}

char *pj_func_dump(const PjFunc *f, bool with_types, PjArena *scratch) {
  return pj_printer_run(NULL, f, with_types, scratch);
}

/* ---- copying ------------------------------------------------------------------------------- */

static PjExpr **pj_clone_exprs(PjArena *a, PjExpr *const *xs, int n, int var_offset) {
  PjExpr **out = pj_arena_alloc(a, sizeof(PjExpr *) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) out[i] = pj_clone_expr(a, xs[i], var_offset);
  return out;
}

PjExpr *pj_clone_expr(PjArena *a, const PjExpr *e, int var_offset) {
  if (!e) return NULL;
  PjExpr *c = pj_arena_alloc(a, sizeof(PjExpr));
  *c = *e;
  switch (e->kind) {
  case PJ_EX_NAME:
    if (e->name.var >= 0) c->name.var = e->name.var + var_offset;
    break;
  case PJ_EX_ATTR: c->attr.base = pj_clone_expr(a, e->attr.base, var_offset); break;
  case PJ_EX_CALL:
    c->call.fn = pj_clone_expr(a, e->call.fn, var_offset);
    c->call.args = pj_clone_exprs(a, e->call.args, e->call.nargs, var_offset);
    break;
  case PJ_EX_SUBSCRIPT:
    c->sub.base = pj_clone_expr(a, e->sub.base, var_offset);
    c->sub.index = pj_clone_expr(a, e->sub.index, var_offset);
    break;
  case PJ_EX_TUPLE: case PJ_EX_LIST: c->tuple.items = pj_clone_exprs(a, e->tuple.items, e->tuple.count, var_offset); break;
  case PJ_EX_BINARY:
    c->bin.l = pj_clone_expr(a, e->bin.l, var_offset);
    c->bin.r = pj_clone_expr(a, e->bin.r, var_offset);
    break;
  case PJ_EX_UNARY: c->un.x = pj_clone_expr(a, e->un.x, var_offset); break;
  case PJ_EX_COMPARE:
    c->cmp.operands = pj_clone_exprs(a, e->cmp.operands, e->cmp.n + 1, var_offset);
    c->cmp.ops = pj_arena_alloc(a, sizeof(PjCmpOp) * (size_t)(e->cmp.n + 1));
    memcpy(c->cmp.ops, e->cmp.ops, sizeof(PjCmpOp) * (size_t)e->cmp.n);
    break;
  case PJ_EX_BOOLOP:
    c->boolop.l = pj_clone_expr(a, e->boolop.l, var_offset);
    c->boolop.r = pj_clone_expr(a, e->boolop.r, var_offset);
    break;
  case PJ_EX_IFEXP:
    c->ifexp.cond = pj_clone_expr(a, e->ifexp.cond, var_offset);
    c->ifexp.then = pj_clone_expr(a, e->ifexp.then, var_offset);
    c->ifexp.orelse = pj_clone_expr(a, e->ifexp.orelse, var_offset);
    break;
  case PJ_EX_CAST: c->cast.x = pj_clone_expr(a, e->cast.x, var_offset); break;
  case PJ_EX_BUILTIN: c->builtin.args = pj_clone_exprs(a, e->builtin.args, e->builtin.nargs, var_offset); break;
  case PJ_EX_SHAPE: c->shape.array = pj_clone_expr(a, e->shape.array, var_offset); break;
  case PJ_EX_SLICE:
    c->slice.start = pj_clone_expr(a, e->slice.start, var_offset);
    c->slice.stop = pj_clone_expr(a, e->slice.stop, var_offset);
    c->slice.step = pj_clone_expr(a, e->slice.step, var_offset);
    break;
  default: break;
  }
  return c;
}

static PjStmt *pj_clone_stmt(PjArena *a, const PjStmt *s, int var_offset) {
  PjStmt *c = pj_arena_alloc(a, sizeof(PjStmt));
  *c = *s;
  switch (s->kind) {
  case PJ_ST_EXPR: case PJ_ST_RETURN: c->expr = pj_clone_expr(a, s->expr, var_offset); break;
  case PJ_ST_ASSIGN:
    c->assign.targets = pj_clone_exprs(a, s->assign.targets, s->assign.ntargets, var_offset);
    c->assign.value = pj_clone_expr(a, s->assign.value, var_offset);
    break;
  case PJ_ST_AUGASSIGN:
    c->aug.target = pj_clone_expr(a, s->aug.target, var_offset);
    c->aug.value = pj_clone_expr(a, s->aug.value, var_offset);
    break;
  case PJ_ST_IF:
    c->if_.cond = pj_clone_expr(a, s->if_.cond, var_offset);
    pj_clone_block(a, &c->if_.then, &s->if_.then, var_offset);
    pj_clone_block(a, &c->if_.orelse, &s->if_.orelse, var_offset);
    break;
  case PJ_ST_WHILE:
    c->while_.cond = pj_clone_expr(a, s->while_.cond, var_offset);
    pj_clone_block(a, &c->while_.body, &s->while_.body, var_offset);
    break;
  case PJ_ST_FOR:
    c->for_.target = pj_clone_expr(a, s->for_.target, var_offset);
    c->for_.iter = pj_clone_expr(a, s->for_.iter, var_offset);
    pj_clone_block(a, &c->for_.body, &s->for_.body, var_offset);
    break;
  default: break;
  }
  return c;
}

void pj_clone_block(PjArena *a, PjBlock *out, const PjBlock *b, int var_offset) {
  out->count = b->count;
  out->stmts = pj_arena_alloc(a, sizeof(PjStmt *) * (size_t)(b->count + 1));
  for (int i = 0; i < b->count; i++) out->stmts[i] = pj_clone_stmt(a, b->stmts[i], var_offset);
}

/* ---- searching ----------------------------------------------------------------------------- */

static bool pj_exprs_any(PjExpr *const *xs, int n, bool (*pred)(const PjExpr *, void *), void *ctx) {
  for (int i = 0; i < n; i++)
    if (pj_expr_any(xs[i], pred, ctx)) return true;
  return false;
}

bool pj_expr_any(const PjExpr *e, bool (*pred)(const PjExpr *, void *), void *ctx) {
  if (!e) return false;
  if (pred(e, ctx)) return true;
  switch (e->kind) {
  case PJ_EX_ATTR: return pj_expr_any(e->attr.base, pred, ctx);
  case PJ_EX_CALL: return pj_expr_any(e->call.fn, pred, ctx) || pj_exprs_any(e->call.args, e->call.nargs, pred, ctx);
  case PJ_EX_SUBSCRIPT: return pj_expr_any(e->sub.base, pred, ctx) || pj_expr_any(e->sub.index, pred, ctx);
  case PJ_EX_TUPLE: case PJ_EX_LIST: return pj_exprs_any(e->tuple.items, e->tuple.count, pred, ctx);
  case PJ_EX_BINARY: return pj_expr_any(e->bin.l, pred, ctx) || pj_expr_any(e->bin.r, pred, ctx);
  case PJ_EX_UNARY: return pj_expr_any(e->un.x, pred, ctx);
  case PJ_EX_COMPARE: return pj_exprs_any(e->cmp.operands, e->cmp.n + 1, pred, ctx);
  case PJ_EX_BOOLOP: return pj_expr_any(e->boolop.l, pred, ctx) || pj_expr_any(e->boolop.r, pred, ctx);
  case PJ_EX_IFEXP:
    return pj_expr_any(e->ifexp.cond, pred, ctx) || pj_expr_any(e->ifexp.then, pred, ctx) ||
           pj_expr_any(e->ifexp.orelse, pred, ctx);
  case PJ_EX_CAST: return pj_expr_any(e->cast.x, pred, ctx);
  case PJ_EX_BUILTIN: return pj_exprs_any(e->builtin.args, e->builtin.nargs, pred, ctx);
  case PJ_EX_SHAPE: return pj_expr_any(e->shape.array, pred, ctx);
  case PJ_EX_SLICE:
    return pj_expr_any(e->slice.start, pred, ctx) || pj_expr_any(e->slice.stop, pred, ctx) ||
           pj_expr_any(e->slice.step, pred, ctx);
  default: return false;
  }
}

bool pj_stmt_any_expr(const PjStmt *s, bool (*pred)(const PjExpr *, void *), void *ctx) {
  switch (s->kind) {
  case PJ_ST_EXPR: case PJ_ST_RETURN: return pj_expr_any(s->expr, pred, ctx);
  case PJ_ST_ASSIGN: return pj_exprs_any(s->assign.targets, s->assign.ntargets, pred, ctx) || pj_expr_any(s->assign.value, pred, ctx);
  case PJ_ST_AUGASSIGN: return pj_expr_any(s->aug.target, pred, ctx) || pj_expr_any(s->aug.value, pred, ctx);
  case PJ_ST_IF:
    return pj_expr_any(s->if_.cond, pred, ctx) || pj_block_any_expr(&s->if_.then, pred, ctx) ||
           pj_block_any_expr(&s->if_.orelse, pred, ctx);
  case PJ_ST_WHILE: return pj_expr_any(s->while_.cond, pred, ctx) || pj_block_any_expr(&s->while_.body, pred, ctx);
  case PJ_ST_FOR:
    return pj_expr_any(s->for_.target, pred, ctx) || pj_expr_any(s->for_.iter, pred, ctx) ||
           pj_block_any_expr(&s->for_.body, pred, ctx);
  default: return false;
  }
}

static void pj_target_names(PjExpr *t, void (*visit)(PjExpr *, void *), void *ctx) {
  if (t->kind == PJ_EX_TUPLE || t->kind == PJ_EX_LIST)
    for (int i = 0; i < t->tuple.count; i++) pj_target_names(t->tuple.items[i], visit, ctx);
  else if (t->kind == PJ_EX_NAME)
    visit(t, ctx);
}

void pj_block_assigned_names(const PjBlock *b, void (*visit)(PjExpr *name, void *ctx), void *ctx) {
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    switch (s->kind) {
    case PJ_ST_ASSIGN:
      for (int t = 0; t < s->assign.ntargets; t++) pj_target_names(s->assign.targets[t], visit, ctx);
      break;
    case PJ_ST_AUGASSIGN: pj_target_names(s->aug.target, visit, ctx); break;
    case PJ_ST_FOR:
      pj_target_names(s->for_.target, visit, ctx);
      pj_block_assigned_names(&s->for_.body, visit, ctx);
      break;
    case PJ_ST_IF:
      pj_block_assigned_names(&s->if_.then, visit, ctx);
      pj_block_assigned_names(&s->if_.orelse, visit, ctx);
      break;
    case PJ_ST_WHILE: pj_block_assigned_names(&s->while_.body, visit, ctx); break;
    default: break;
    }
  }
}

bool pj_block_any_expr(const PjBlock *b, bool (*pred)(const PjExpr *, void *), void *ctx) {
  for (int i = 0; i < b->count; i++)
    if (pj_stmt_any_expr(b->stmts[i], pred, ctx)) return true;
  return false;
}
