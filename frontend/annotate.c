/* The source of a typed kernel and of each device function it calls, each line preceded by the
 * types of the names and calls on it (--emit=types, Dispatcher.inspect_types()), in the spirit of
 * numba's inspect_types, which prints its typed IR beside the source lines. docs/language.md
 * describes the form; tests/codegen/annotated_types.py pins it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "stdlib/builtins.h"

/* One annotation: the text after `#   `, on a line, ordered by column, then by walk order. */
typedef struct PjNote {
  int line, col, seq;
  const char *text;
} PjNote;

typedef struct PjAnnotator {
  PjArena *arena;
  const PjFunc *f;
  const PjFile *file;
  const char **lines; /* lines[i]: the start of line i (1-based) in file->text */
  int nlines;
  PjNote *notes;
  int len, cap;
} PjAnnotator;

static void pj_note_add(PjAnnotator *a, PjLoc loc, const char *text) {
  if (loc.line < 1) return;
  if (a->len == a->cap) {
    a->cap = a->cap ? a->cap * 2 : 32;
    a->notes = realloc(a->notes, sizeof(PjNote) * (size_t)a->cap);
  }
  a->notes[a->len] = (PjNote){loc.line, loc.col, a->len, text};
  a->len++;
}

static const char *pj_tyname(PjAnnotator *a, const PjType *t) { return t ? pj_type_name(a->arena, t) : "unknown"; }

/* The line's text, without its newline and trailing blanks: *len bytes from the result. */
static const char *pj_line_text(const PjAnnotator *a, int line, int *len) {
  *len = 0;
  if (line < 1 || line > a->nlines) return "";
  const char *s = a->lines[line - 1], *end = a->file->text + a->file->len, *e = s;
  while (e < end && *e != '\n') e++;
  while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\f')) e--;
  *len = (int)(e - s);
  return s;
}

/* The text a location spans on its line (columns count characters), or NULL. */
static const char *pj_loc_text(const PjAnnotator *a, PjLoc loc) {
  int len;
  const char *s = pj_line_text(a, loc.line, &len), *from = NULL;
  int col = 1;
  for (int i = 0; i <= len; i++) {
    if (i == len || ((unsigned char)s[i] & 0xC0) != 0x80) {
      if (col == loc.col) from = s + i;
      if (col == loc.end_col) return from ? pj_arena_strndup(a->arena, from, (size_t)(s + i - from)) : NULL;
      col++;
    }
  }
  return NULL;
}

static bool pj_is_identifier(const char *s) {
  if (!s || !*s || (*s >= '0' && *s <= '9')) return false;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' ||
          (unsigned char)*s >= 0x80))
      return false;
  return true;
}

/* The name a variable's use is written with, or NULL for one the compiler made (a loop-else flag,
 * a temporary): the text at its location, when that is the variable's name or the name it was
 * renamed from (a version x.1, a loop's own j$for1, an inlined function's inc$1.v). */
static const char *pj_written_name(const PjAnnotator *a, const char *var, PjLoc loc) {
  const char *w = pj_loc_text(a, loc);
  if (!pj_is_identifier(w)) return NULL;
  size_t n = strlen(w), m = strlen(var);
  if (strcmp(w, var) == 0) return w;
  if (m > n && strncmp(var, w, n) == 0 && (var[n] == '.' || var[n] == '$')) return w;
  if (m > n && strcmp(var + m - n, w) == 0 && var[m - n - 1] == '.') return w;
  return NULL;
}

static void pj_walk_expr(PjAnnotator *a, const PjExpr *e);

static void pj_walk_exprs(PjAnnotator *a, PjExpr *const *xs, int n) {
  for (int i = 0; i < n; i++)
    if (xs[i]) pj_walk_expr(a, xs[i]);
}

/* An argument's type; text print() takes (a string, an f-string, str.format) is typed as nothing: str. */
static const char *pj_arg_tyname(PjAnnotator *a, const PjExpr *x) {
  bool text = x->kind == PJ_EX_STRING || (x->kind == PJ_EX_BUILTIN && pj_builtins[x->builtin.id].lower == PJ_LOWER_FORMAT);
  return text && (!x->type || x->type->kind == PJ_TY_VOID) ? "str" : pj_tyname(a, x->type);
}

/* `name(argument types) :: result` */
static void pj_note_call(PjAnnotator *a, const PjExpr *e, const char *name, PjExpr *const *args, int nargs) {
  const char *s = "";
  for (int i = 0; i < nargs; i++)
    if (args[i]) s = pj_arena_printf(a->arena, "%s%s%s", s, *s ? ", " : "", pj_arg_tyname(a, args[i]));
  pj_note_add(a, e->loc, pj_arena_printf(a->arena, "%s(%s) :: %s", name, s, pj_tyname(a, e->type)));
}

/* The dotted name a callee is written as (math.sin, helpers.scale), or NULL. */
static const char *pj_callee_name(PjAnnotator *a, const PjExpr *fn) {
  if (fn->kind == PJ_EX_NAME) return fn->name.var >= 0 ? pj_written_name(a, a->f->vars[fn->name.var].name, fn->loc) : fn->name.id;
  if (fn->kind != PJ_EX_ATTR) return NULL;
  const char *base = pj_callee_name(a, fn->attr.base);
  return base ? pj_arena_printf(a->arena, "%s.%s", base, fn->attr.attr) : NULL;
}

/* A constant the type checker put where a name was written: a module-level or captured constant
 * (TPB, HALF = np.float32(0.5), PAIR), a parameter specialised on a literal argument, a module-level
 * array. e: the node at the name's place, under the casts converting it (outer: the outermost of
 * them, or e). Noted as the name and the type it has there, before any conversion; false when no
 * name is written there. */
static bool pj_note_constant(PjAnnotator *a, const PjExpr *outer, const PjExpr *e) {
  const char *w = pj_loc_text(a, e->loc);
  if (!pj_is_identifier(w)) return false;
  const PjType *t = NULL;
  for (int i = 0; i < a->f->nvars && !t; i++)
    if (strcmp(a->f->vars[i].name, w) == 0) t = a->f->vars[i].type;
  const PjGlobal *g = t ? NULL : pj_module_global(a->f->module, w);
  if (!t && g && g->kind == PJ_GLOBAL_CONST && g->value) {
    t = e->type; /* a NumPy scalar's constant is its literal converted to its dtype: the cast above it */
    if (g->value->kind == PJ_EX_CAST)
      for (const PjExpr *c = outer; c != e; c = c->cast.x)
        if (c->cast.x == e) t = c->type;
  }
  if (!t && g && g->kind == PJ_GLOBAL_ARRAY) t = e->type;
  if (!t) return false;
  pj_note_add(a, e->loc, pj_arena_printf(a->arena, "%s :: %s", w, pj_tyname(a, t)));
  return true;
}

static void pj_walk_expr(PjAnnotator *a, const PjExpr *e) {
  switch (e->kind) {
  case PJ_EX_INT: case PJ_EX_FLOAT: case PJ_EX_BOOL: case PJ_EX_CONST_ARRAY: pj_note_constant(a, e, e); break;
  case PJ_EX_NAME:
    if (e->name.var >= 0 && e->name.var < a->f->nvars) {
      const PjVar *v = &a->f->vars[e->name.var];
      const char *w = pj_written_name(a, v->name, e->loc);
      if (w) pj_note_add(a, e->loc, pj_arena_printf(a->arena, "%s :: %s", w, pj_tyname(a, e->type ? e->type : v->type)));
    }
    break;
  case PJ_EX_BUILTIN: {
    const PjBuiltin *b = &pj_builtins[e->builtin.id];
    if (b->name[0] != '$') { /* rows the compiler makes for itself ($let, $elementwise) are not shown */
      if (b->form == PJ_FORM_VALUE) pj_note_add(a, e->loc, pj_arena_printf(a->arena, "%s :: %s", b->name, pj_tyname(a, e->type)));
      else pj_note_call(a, e, b->name, e->builtin.args, e->builtin.nargs);
    }
    pj_walk_exprs(a, e->builtin.args, e->builtin.nargs);
    break;
  }
  case PJ_EX_CALL: {
    const char *name = e->call.spec      ? e->call.spec->src->name
                       : e->call.foreign ? e->call.foreign->name
                                         : pj_callee_name(a, e->call.fn);
    int shown = e->call.nargs - (e->call.spec ? e->call.spec->typed->ncaptured : 0); /* not the hidden captures */
    if (name) pj_note_call(a, e, name, e->call.args, shown > 0 ? shown : 0);
    if (e->call.fn->kind == PJ_EX_NAME) pj_walk_expr(a, e->call.fn);
    pj_walk_exprs(a, e->call.args, e->call.nargs);
    break;
  }
  case PJ_EX_ATTR: pj_walk_expr(a, e->attr.base); break;
  case PJ_EX_SUBSCRIPT: pj_walk_expr(a, e->sub.base); pj_walk_expr(a, e->sub.index); break;
  case PJ_EX_TUPLE: case PJ_EX_LIST:
    if (!pj_note_constant(a, e, e)) pj_walk_exprs(a, e->tuple.items, e->tuple.count);
    break;
  case PJ_EX_BINARY: pj_walk_expr(a, e->bin.l); pj_walk_expr(a, e->bin.r); break;
  case PJ_EX_UNARY: pj_walk_expr(a, e->un.x); break;
  case PJ_EX_COMPARE: pj_walk_exprs(a, e->cmp.operands, e->cmp.n + 1); break;
  case PJ_EX_BOOLOP: pj_walk_expr(a, e->boolop.l); pj_walk_expr(a, e->boolop.r); break;
  case PJ_EX_IFEXP:
    pj_walk_expr(a, e->ifexp.cond);
    pj_walk_expr(a, e->ifexp.then);
    pj_walk_expr(a, e->ifexp.orelse);
    break;
  case PJ_EX_CAST: {
    const PjExpr *x = e->cast.x;
    while (x->kind == PJ_EX_CAST) x = x->cast.x;
    bool constant = x->kind == PJ_EX_INT || x->kind == PJ_EX_FLOAT || x->kind == PJ_EX_BOOL || x->kind == PJ_EX_TUPLE;
    if (!constant || !pj_note_constant(a, e, x)) pj_walk_expr(a, x);
    break;
  }
  case PJ_EX_SHAPE: pj_walk_expr(a, e->shape.array); break;
  case PJ_EX_SLICE:
    if (e->slice.start) pj_walk_expr(a, e->slice.start);
    if (e->slice.stop) pj_walk_expr(a, e->slice.stop);
    if (e->slice.step) pj_walk_expr(a, e->slice.step);
    break;
  default: break;
  }
}

static void pj_walk_block(PjAnnotator *a, const PjBlock *b);

static void pj_walk_stmt(PjAnnotator *a, const PjStmt *s) {
  switch (s->kind) {
  case PJ_ST_EXPR: case PJ_ST_RETURN:
    if (s->expr) pj_walk_expr(a, s->expr);
    break;
  case PJ_ST_ASSIGN:
    pj_walk_exprs(a, s->assign.targets, s->assign.ntargets);
    pj_walk_expr(a, s->assign.value);
    break;
  case PJ_ST_AUGASSIGN: pj_walk_expr(a, s->aug.target); pj_walk_expr(a, s->aug.value); break;
  case PJ_ST_IF:
    pj_walk_expr(a, s->if_.cond);
    pj_walk_block(a, &s->if_.then);
    pj_walk_block(a, &s->if_.orelse);
    break;
  case PJ_ST_WHILE: pj_walk_expr(a, s->while_.cond); pj_walk_block(a, &s->while_.body); break;
  case PJ_ST_FOR:
    pj_walk_expr(a, s->for_.target);
    pj_walk_expr(a, s->for_.iter);
    pj_walk_block(a, &s->for_.body);
    break;
  default: break;
  }
}

static void pj_walk_block(PjAnnotator *a, const PjBlock *b) {
  for (int i = 0; i < b->count; i++) pj_walk_stmt(a, b->stmts[i]);
}

static int pj_note_order(const void *x, const void *y) {
  const PjNote *p = x, *q = y;
  if (p->line != q->line) return p->line < q->line ? -1 : 1;
  if (p->col != q->col) return p->col < q->col ? -1 : 1;
  return (p->seq > q->seq) - (p->seq < q->seq);
}

/* The parameters a call passes (an inner function's captured variables are hidden ones). */
static int pj_visible_params(const PjFunc *f) { return f->nparams - f->ncaptured; }

/* One function: its header, then each line from `def` to the end of its body. */
static void pj_annotate_func(FILE *out, PjArena *arena, const PjFunc *f, bool is_kernel) {
  const PjFile *file = &f->module->file;
  PjAnnotator a = {.arena = arena, .f = f, .file = file};
  PjVec starts = {0};
  if (file->text) {
    pj_vec_push(arena, &starts, (void *)file->text);
    for (size_t i = 0; i < file->len; i++)
      if (file->text[i] == '\n' && i + 1 < file->len) pj_vec_push(arena, &starts, (void *)(file->text + i + 1));
  }
  a.lines = (const char **)starts.items;
  a.nlines = starts.len;

  const char *params = "";
  for (int i = 0; i < pj_visible_params(f); i++) {
    const PjVar *v = &f->vars[i];
    params = pj_arena_printf(arena, "%s%s%s", params, i ? ", " : "", pj_tyname(&a, v->type));
    const char *w = pj_loc_text(&a, v->loc);
    pj_note_add(&a, v->loc, pj_arena_printf(arena, "%s :: %s", pj_is_identifier(w) ? w : v->name, pj_tyname(&a, v->type)));
  }
  pj_walk_block(&a, &f->body);
  qsort(a.notes, (size_t)a.len, sizeof(PjNote), pj_note_order);

  if (is_kernel) fprintf(out, "%s (%s)\n", f->name, params);
  else fprintf(out, "%s (%s) -> %s\n", f->name, params, pj_tyname(&a, f->ret_type));
  fprintf(out, "%.80s\n# File: %s\n", "----------------------------------------------------------------------------------------------------",
          file->path ? file->path : "<input>");
  int first = f->loc.line, last = f->end_line;
  for (int i = 0; i < a.len; i++)
    if (!f->end_line && a.notes[i].line > last) last = a.notes[i].line;
  int n = 0;
  while (n < a.len && a.notes[n].line < first) n++;
  for (int line = first; line <= last && line <= a.nlines; line++) {
    int len, indent = 0;
    const char *s = pj_line_text(&a, line, &len);
    while (indent < len && (s[indent] == ' ' || s[indent] == '\t')) indent++;
    int end = n;
    while (end < a.len && a.notes[end].line == line) end++;
    bool code = indent < len && s[indent] != '#';
    if (code || end > n) {
      fprintf(out, "%.*s# --- LINE %d ---\n", indent, s, line);
      for (int i = n; i < end; i++) {
        bool seen = false; /* each text once a line: a name read twice, an augmented assignment's target */
        for (int j = n; j < i && !seen; j++) seen = strcmp(a.notes[j].text, a.notes[i].text) == 0;
        if (!seen) fprintf(out, "%.*s#   %s\n", indent, s, a.notes[i].text);
      }
    }
    fprintf(out, "%.*s\n", len, s);
    n = end;
  }
  fprintf(out, "%.80s\n", "====================================================================================================");
  free(a.notes);
}

char *pj_annotate_types(const PjFunc *kernel, PjSpec *const *specs, int nspecs, PjArena *arena) {
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  if (!out) return NULL;
  pj_annotate_func(out, arena, kernel, kernel->is_kernel);
  for (int i = 0; i < nspecs; i++)
    if (specs[i]->state == PJ_SPEC_DONE && specs[i]->typed != kernel) pj_annotate_func(out, arena, specs[i]->typed, false);
  fclose(out);
  return buf;
}
