/* One name holding unrelated values in different parts of a function:
 *
 *   for i in range(1):
 *       arr = arr.reshape(6)      # a 1-d array, read only by the next line
 *       arr = arr.reshape(3, 2)   # a 2-d array again
 *   ... arr[i, j] ...
 *
 * A variable has one type in pyjitc; numba's SSA form gives each definition its own, and unifies
 * only the definitions that meet at a read (a phi). The same here, before the locals are collected:
 * the definitions of a name that reach a common read are joined into a web (reaching definitions
 * over the structured body, loops iterated to their fixed point), and each web but the one holding
 * the function's entry (a parameter, or "not yet assigned") becomes a variable of its own, named
 * name.1, name.2, ... (as numba names its versions). An augmented assignment joins its definition
 * to the web it reads. A name an inner function mentions keeps one variable (closures and
 * `nonlocal` share it by name).
 *
 * The walk's cost is linear in the function's length for each name it splits: a state is the short
 * sorted list of the webs reaching a point (a definition's web stands for the definition once a
 * read has joined them), not a set of every definition, and a read leaves one web in it. A name
 * whose walk runs past a budget (loops nested too deep to settle soon, or many names each walking
 * a long function) is left alone; the budget grows with the function's length, so a long
 * straight line of assignments (10^5 `x = x * 1.0001 + 1.0`) is split as a short one is. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "ir/names.h"

/* The webs that may reach a point: definitions' numbers, each the leader of its web when last
 * tidied (pj_state_tidy), sorted, no two alike; none where nothing runs. */
typedef struct PjState {
  int n, cap;
  int *d;
} PjState;

typedef struct PjWebLoop {
  PjState *breaks, *continues; /* the states at its break / continue statements, joined */
} PjWebLoop;

/* Pointers to numbers: the definition and read nodes met, and each loop's count of definitions. */
typedef struct PjPtrMap {
  const void **keys;
  int *values;
  int cap, len; /* cap: a power of two */
} PjPtrMap;

static int *pj_map_slot(PjPtrMap *m, const void *key, bool *found) {
  if (2 * (m->len + 1) > m->cap) { /* grown: rehashed into twice the room */
    PjPtrMap n = {.cap = m->cap ? m->cap * 2 : 64};
    n.keys = calloc((size_t)n.cap, sizeof(void *));
    n.values = calloc((size_t)n.cap, sizeof(int));
    for (int i = 0; i < m->cap; i++) {
      if (!m->keys[i]) continue;
      bool f;
      *pj_map_slot(&n, m->keys[i], &f) = m->values[i];
    }
    free(m->keys), free(m->values);
    n.len = m->len;
    *m = n;
  }
  size_t h = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull;
  for (int i = (int)(h >> 40) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (m->keys[i] == key) {
      *found = true;
      return &m->values[i];
    }
    if (!m->keys[i]) {
      m->keys[i] = key;
      m->len++;
      *found = false;
      return &m->values[i];
    }
  }
}

static void pj_map_free(PjPtrMap *m) { free(m->keys), free(m->values); }

/* A read, and a definition reaching it (its web); def -1: none reaches it, the code is
 * unreachable. Reachability does not change from one walk of a loop to the next, and the
 * definitions reaching a read only grow, so each visit's record names the read's final web. */
typedef struct PjWebRead {
  PjExpr *node;
  int def;
} PjWebRead;

typedef struct PjWebs {
  PjArena *arena;
  const char *name;
  PjVec defs;    /* the target NAME nodes defining the name; def 0 is the entry (its node NULL) */
  PjVec uses;    /* PjWebRead per visit of a NAME node reading it (a loop's body is walked again) */
  int *parent;   /* union-find over definitions */
  int parent_cap;
  PjPtrMap def_of, loop_defs; /* definition node -> its number; loop statement -> its definitions */
  PjWebLoop *loop;
  long steps;    /* statements walked and state items handled, up to budget: past it the name */
  long budget;   /* is left alone */
  bool gave_up;
} PjWebs;

/* A name's walk may take PJ_WEBS_BUDGET steps and PJ_WEBS_PER_STMT more for each statement of the
 * function, and the walks of all its names together PJ_WEBS_ALL_PER_STMT for each statement beyond
 * PJ_WEBS_ALL. */
enum { PJ_WEBS_BUDGET = 20000, PJ_WEBS_PER_STMT = 8, PJ_WEBS_ALL = 1000000, PJ_WEBS_ALL_PER_STMT = 64 };

static int pj_web_find(PjWebs *w, int d) {
  while (w->parent[d] != d) d = w->parent[d] = w->parent[w->parent[d]];
  return d;
}

static void pj_web_union(PjWebs *w, int a, int b) {
  a = pj_web_find(w, a), b = pj_web_find(w, b);
  if (a != b) w->parent[a > b ? a : b] = a < b ? a : b; /* the lower number leads: the entry's web is 0's */
}

static PjState *pj_state_new(PjWebs *w) {
  PjState *t = pj_arena_alloc(w->arena, sizeof(PjState));
  *t = (PjState){0};
  return t;
}

static void pj_state_room(PjWebs *w, PjState *s, int n) {
  if (n <= s->cap) return;
  int cap = s->cap ? s->cap : 2;
  while (cap < n) cap *= 2;
  int *d = pj_arena_alloc(w->arena, sizeof(int) * (size_t)cap);
  if (s->n) memcpy(d, s->d, sizeof(int) * (size_t)s->n);
  s->d = d, s->cap = cap;
}

static PjState *pj_state_copy(PjWebs *w, const PjState *s) {
  PjState *t = pj_state_new(w);
  pj_state_room(w, t, s->n);
  if (s->n) memcpy(t->d, s->d, sizeof(int) * (size_t)s->n);
  t->n = s->n;
  w->steps += s->n;
  return t;
}

static void pj_state_set(PjWebs *w, PjState *s, const PjState *from) {
  pj_state_room(w, s, from->n);
  if (from->n) memcpy(s->d, from->d, sizeof(int) * (size_t)from->n);
  s->n = from->n;
  w->steps += from->n;
}

static void pj_state_one(PjWebs *w, PjState *s, int d) {
  pj_state_room(w, s, 1);
  s->d[0] = d;
  s->n = 1;
}

static int pj_web_find(PjWebs *w, int d);

static int pj_int_order(const void *a, const void *b) { return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b); }

/* Each item made its web's leader, sorted, repeats dropped. */
static void pj_state_tidy(PjWebs *w, PjState *s) {
  bool sorted = true;
  for (int i = 0; i < s->n; i++) {
    s->d[i] = pj_web_find(w, s->d[i]);
    sorted = sorted && (i == 0 || s->d[i - 1] < s->d[i]);
  }
  w->steps += s->n;
  if (sorted) return;
  qsort(s->d, (size_t)s->n, sizeof(int), pj_int_order);
  int k = 0;
  for (int i = 0; i < s->n; i++)
    if (k == 0 || s->d[k - 1] != s->d[i]) s->d[k++] = s->d[i];
  s->n = k;
}

static void pj_state_join(PjWebs *w, PjState *into, const PjState *s) {
  if (!s->n) return;
  pj_state_room(w, into, into->n + s->n);
  memcpy(into->d + into->n, s->d, sizeof(int) * (size_t)s->n);
  into->n += s->n;
  pj_state_tidy(w, into);
}

static bool pj_state_same(PjWebs *w, PjState *a, PjState *b) {
  pj_state_tidy(w, a);
  pj_state_tidy(w, b);
  return a->n == b->n && (a->n == 0 || memcmp(a->d, b->d, sizeof(int) * (size_t)a->n) == 0);
}

static int pj_web_def(PjWebs *w, PjExpr *node) {
  /* a definition node seen again (a loop walked once more) keeps its number */
  bool found;
  int *slot = node ? pj_map_slot(&w->def_of, node, &found) : NULL;
  if (slot && found) return *slot;
  if (slot) *slot = w->defs.len;
  pj_vec_push(w->arena, &w->defs, node);
  if (w->defs.len > w->parent_cap) {
    w->parent_cap = w->parent_cap ? w->parent_cap * 2 : 64;
    w->parent = realloc(w->parent, sizeof(int) * (size_t)w->parent_cap);
  }
  w->parent[w->defs.len - 1] = w->defs.len - 1;
  return w->defs.len - 1;
}

/* A read of the name: the definitions reaching it join one web, which the state then holds. */
static int pj_web_use(PjWebs *w, PjExpr *node, PjState *state) {
  int first = -1;
  for (int i = 0; i < state->n; i++) {
    if (first < 0) first = state->d[i];
    else pj_web_union(w, first, state->d[i]);
  }
  w->steps += state->n;
  if (first >= 0) pj_state_one(w, state, pj_web_find(w, first));
  PjWebRead *r = pj_arena_alloc(w->arena, sizeof *r);
  *r = (PjWebRead){node, first};
  pj_vec_push(w->arena, &w->uses, r);
  return first;
}

static void pj_web_expr(PjWebs *w, PjExpr *e, PjState *state);

static void pj_web_exprs(PjWebs *w, PjExpr **xs, int n, PjState *state) {
  for (int i = 0; i < n; i++) pj_web_expr(w, xs[i], state);
}

static void pj_web_expr(PjWebs *w, PjExpr *e, PjState *state) {
  if (!e) return;
  switch (e->kind) {
  case PJ_EX_NAME:
    if (strcmp(e->name.id, w->name) == 0) pj_web_use(w, e, state);
    return;
  case PJ_EX_ATTR: pj_web_expr(w, e->attr.base, state); return;
  case PJ_EX_CALL:
    pj_web_expr(w, e->call.fn, state);
    pj_web_exprs(w, e->call.args, e->call.nargs, state);
    return;
  case PJ_EX_SUBSCRIPT:
    pj_web_expr(w, e->sub.base, state);
    pj_web_expr(w, e->sub.index, state);
    return;
  case PJ_EX_TUPLE: case PJ_EX_LIST: pj_web_exprs(w, e->tuple.items, e->tuple.count, state); return;
  case PJ_EX_BINARY:
    if (e->bin.op != PJ_OP_COUNT) pj_web_expr(w, e->bin.l, state); /* f(v=1): v names a parameter */
    pj_web_expr(w, e->bin.r, state);
    return;
  case PJ_EX_UNARY: pj_web_expr(w, e->un.x, state); return;
  case PJ_EX_COMPARE: pj_web_exprs(w, e->cmp.operands, e->cmp.n + 1, state); return;
  case PJ_EX_BOOLOP:
    pj_web_expr(w, e->boolop.l, state);
    pj_web_expr(w, e->boolop.r, state);
    return;
  case PJ_EX_IFEXP:
    pj_web_expr(w, e->ifexp.cond, state);
    pj_web_expr(w, e->ifexp.then, state);
    pj_web_expr(w, e->ifexp.orelse, state);
    return;
  case PJ_EX_SLICE:
    pj_web_expr(w, e->slice.start, state);
    pj_web_expr(w, e->slice.stop, state);
    pj_web_expr(w, e->slice.step, state);
    return;
  default: return; /* constants; the typed kinds do not occur before typing */
  }
}

/* An assignment's target: the name itself is a definition (the state becomes it), a tuple's items
 * are targets, and an element or attribute target reads what it stores into. */
static void pj_web_target(PjWebs *w, PjExpr *t, PjState *state) {
  if (t->kind == PJ_EX_NAME) {
    if (strcmp(t->name.id, w->name) != 0) return;
    pj_state_one(w, state, pj_web_def(w, t));
    return;
  }
  if (t->kind == PJ_EX_TUPLE || t->kind == PJ_EX_LIST) {
    for (int i = 0; i < t->tuple.count; i++) pj_web_target(w, t->tuple.items[i], state);
    return;
  }
  pj_web_expr(w, t, state);
}

static void pj_web_block(PjWebs *w, PjBlock *b, PjState *state);

typedef struct PjNameCount {
  const char *name;
  int n;
} PjNameCount;

static void pj_count_name(PjExpr *target, void *ctx) {
  PjNameCount *k = ctx;
  k->n += strcmp(target->name.id, k->name) == 0;
}

/* How many times the statements of b assign the name. */
static int pj_defs_in(const PjBlock *b, const char *name) {
  PjNameCount k = {name, 0};
  pj_block_assigned_names(b, pj_count_name, &k);
  return k.n;
}

/* A loop: its head's state is the entry's joined with the states at the end of the body and at
 * its continues, until that stops growing; after it, the head's joined with its breaks'. */
static void pj_web_loop(PjWebs *w, PjStmt *s, PjState *state) {
  PjWebLoop *outer = w->loop, loop = {pj_state_new(w), pj_state_new(w)};
  PjState *head = pj_state_copy(w, state);
  PjBlock *body_block = s->kind == PJ_ST_WHILE ? &s->while_.body : &s->for_.body;
  /* a body that never assigns the name leaves the head as it came: walked once */
  bool known;
  int *defs = pj_map_slot(&w->loop_defs, s, &known);
  if (!known) *defs = pj_defs_in(&(PjBlock){&s, 1}, w->name); /* its body's, and a for loop's target */
  int rounds = *defs ? 64 : 1;
  for (int round = 0; round < rounds && !w->gave_up; round++) {
    w->loop = &loop;
    PjState *body = pj_state_copy(w, head);
    if (s->kind == PJ_ST_WHILE) pj_web_expr(w, s->while_.cond, head);
    else pj_web_target(w, s->for_.target, body);
    pj_web_block(w, body_block, body);
    pj_state_join(w, body, loop.continues);
    PjState *next = pj_state_copy(w, head);
    pj_state_join(w, next, body);
    bool grew = !pj_state_same(w, next, head);
    head = next;
    if (!grew) break;
  }
  w->loop = outer;
  pj_state_set(w, state, head);
  pj_state_join(w, state, loop.breaks);
}

static void pj_web_block(PjWebs *w, PjBlock *b, PjState *state) {
  for (int i = 0; i < b->count && !w->gave_up; i++) {
    PjStmt *s = b->stmts[i];
    if (++w->steps > w->budget) {
      w->gave_up = true;
      return;
    }
    switch (s->kind) {
    case PJ_ST_EXPR: pj_web_expr(w, s->expr, state); break;
    case PJ_ST_RETURN:
      pj_web_expr(w, s->expr, state);
      state->n = 0;
      break;
    case PJ_ST_ASSIGN:
      pj_web_expr(w, s->assign.value, state);
      for (int t = 0; t < s->assign.ntargets; t++) pj_web_target(w, s->assign.targets[t], state);
      break;
    case PJ_ST_AUGASSIGN:
      pj_web_expr(w, s->aug.value, state);
      if (s->aug.target->kind == PJ_EX_NAME && strcmp(s->aug.target->name.id, w->name) == 0) {
        int read = pj_web_use(w, s->aug.target, state); /* x += v reads x and defines it: one web */
        int d = pj_web_def(w, s->aug.target);
        if (read >= 0) pj_web_union(w, read, d);
        pj_state_one(w, state, d);
      } else {
        pj_web_expr(w, s->aug.target, state);
      }
      break;
    case PJ_ST_IF: {
      pj_web_expr(w, s->if_.cond, state);
      PjState *other = pj_state_copy(w, state);
      pj_web_block(w, &s->if_.then, state);
      pj_web_block(w, &s->if_.orelse, other);
      pj_state_join(w, state, other);
      break;
    }
    case PJ_ST_WHILE:
      pj_web_loop(w, s, state);
      break;
    case PJ_ST_FOR:
      pj_web_expr(w, s->for_.iter, state);
      pj_web_loop(w, s, state);
      break;
    case PJ_ST_BREAK: case PJ_ST_CONTINUE:
      if (w->loop) pj_state_join(w, s->kind == PJ_ST_BREAK ? w->loop->breaks : w->loop->continues, state);
      state->n = 0;
      break;
    case PJ_ST_PASS: break;
    }
  }
}

/* The walk of one name, which the function assigns ndefs times, with budget steps (that many
 * fewer left to the names after it). */
static void pj_split_webs_of(PjArena *arena, PjFunc *f, const char *name, int ndefs, bool param, long *budget) {
  PjWebs w = {.arena = arena, .name = name, .budget = *budget};
  pj_web_def(&w, NULL); /* the entry: the parameter, or no value yet */
  PjState *state = pj_state_new(&w);
  pj_state_one(&w, state, 0);
  if (ndefs > 1 || (param && ndefs > 0)) pj_web_block(&w, &f->body, state); /* else one definition: one web */
  *budget -= w.steps < w.budget ? w.steps : w.budget;
  if (!w.gave_up && (w.defs.len > 2 || (param && w.defs.len > 1))) {
    int *number = calloc((size_t)w.defs.len, sizeof(int)); /* per web leader: its new name's number, or 0 */
    int webs = 0;
    for (int d = 1; d < w.defs.len; d++) {
      int r = pj_web_find(&w, d);
      if (r != 0 && number[r] == 0) number[r] = ++webs;
    }
    /* the entry's web keeps the name: a parameter's, or one a definition joined (read where it
     * may not be assigned yet); else the first web keeps it, and reads that no definition reaches
     * (numba's uninitialized variables) share its variable */
    bool entry_defined = param;
    for (int d = 1; d < w.defs.len; d++) entry_defined = entry_defined || pj_web_find(&w, d) == 0;
    int first_keeps = entry_defined ? 0 : 1;
    if (webs - first_keeps >= 1) {
      const char **names = calloc((size_t)webs + 1, sizeof(char *));
      for (int k = 1 + first_keeps; k <= webs; k++) names[k] = pj_arena_printf(arena, "%s.%d", name, k - first_keeps);
      for (int d = 1; d < w.defs.len; d++) {
        int k = number[pj_web_find(&w, d)];
        if (k > first_keeps) ((PjExpr *)w.defs.items[d])->name.id = names[k];
      }
      for (int u = 0; u < w.uses.len; u++) {
        const PjWebRead *r = w.uses.items[u];
        if (r->def < 0) continue; /* unreachable: the name's own variable */
        int k = number[pj_web_find(&w, r->def)];
        if (k > first_keeps) r->node->name.id = names[k];
      }
      free(names);
    }
    free(number);
  }
  free(w.parent);
  pj_map_free(&w.def_of), pj_map_free(&w.loop_defs);
}

/* The names a function assigns, in the order first assigned, and how many times each. */
typedef struct PjWebNames {
  PjArena *arena;
  PjVec names;
  PjNames index; /* name -> its place in names and counts */
  int *counts;
  int cap;
} PjWebNames;

static void pj_add_name(PjExpr *target, void *ctx) {
  PjWebNames *k = ctx;
  int i = pj_names_get(&k->index, target->name.id);
  if (i < 0) {
    i = k->names.len;
    pj_vec_push(k->arena, &k->names, (void *)target->name.id);
    pj_names_put(k->arena, &k->index, target->name.id, i);
    if (i >= k->cap) {
      k->cap = k->cap ? 2 * k->cap : 64;
      k->counts = realloc(k->counts, sizeof(int) * (size_t)k->cap);
    }
    k->counts[i] = 0;
  }
  k->counts[i]++;
}

/* The names an inner function mentions (never true: every node is seen). */
static bool pj_note_mention(const PjExpr *e, void *ctx) {
  PjWebNames *k = ctx;
  if (e->kind == PJ_EX_NAME && pj_names_get(&k->index, e->name.id) < 0) pj_names_put(k->arena, &k->index, e->name.id, 0);
  return false;
}

static long pj_count_stmts(const PjBlock *b) {
  long n = b->count;
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    if (s->kind == PJ_ST_IF) n += pj_count_stmts(&s->if_.then) + pj_count_stmts(&s->if_.orelse);
    else if (s->kind == PJ_ST_WHILE) n += pj_count_stmts(&s->while_.body);
    else if (s->kind == PJ_ST_FOR) n += pj_count_stmts(&s->for_.body);
  }
  return n;
}

void pj_split_webs(PjArena *arena, PjFunc *f, PjFunc *const *inner, int ninner) {
  PjWebNames assigned = {arena, {0}, {0}, NULL, 0};
  pj_block_assigned_names(&f->body, pj_add_name, &assigned);
  PjWebNames shared = {arena, {0}, {0}, NULL, 0}; /* inner functions' names and `nonlocal` ones */
  for (int k = 0; k < ninner; k++) pj_block_any_expr(&inner[k]->body, pj_note_mention, &shared);
  for (int k = 0; k < f->nnonlocals; k++) pj_names_put(arena, &shared.index, f->nonlocals[k], 0);
  PjNames params = {0};
  for (int k = 0; k < f->nparams; k++) pj_names_put(arena, &params, f->vars[k].name, k);
  long stmts = pj_count_stmts(&f->body);
  long all = PJ_WEBS_ALL + PJ_WEBS_ALL_PER_STMT * stmts;
  for (int i = 0; i < assigned.names.len && all > 0; i++) {
    const char *name = assigned.names.items[i];
    if (pj_names_get(&shared.index, name) >= 0) continue;
    long budget = PJ_WEBS_BUDGET + PJ_WEBS_PER_STMT * stmts;
    if (budget > all) budget = all;
    long left = budget;
    pj_split_webs_of(arena, f, name, assigned.counts[i], pj_names_get(&params, name) >= 0, &left);
    all -= budget - left;
  }
  free(assigned.counts);
}