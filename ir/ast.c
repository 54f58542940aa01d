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
