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
 * `nonlocal` share it by name). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"

typedef struct PjWebLoop {
  unsigned char *breaks, *continues; /* the states at its break / continue statements, joined */
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
  int cap;       /* the size of a state: the name's definitions as written, and the entry */
  PjPtrMap def_of, loop_defs; /* definition node -> its number; loop statement -> its definitions */
  PjWebLoop *loop;
  long steps;    /* statements walked: a name whose loops nest too deep to settle soon is left alone */
  bool gave_up;
} PjWebs;

enum { PJ_WEBS_BUDGET = 20000 };

static int pj_web_find(PjWebs *w, int d) {
  while (w->parent[d] != d) d = w->parent[d] = w->parent[w->parent[d]];
  return d;
}

static void pj_web_union(PjWebs *w, int a, int b) {
  a = pj_web_find(w, a), b = pj_web_find(w, b);
  if (a != b) w->parent[a > b ? a : b] = a < b ? a : b; /* the lower number leads: the entry's web is 0's */
}

/* A state: which definitions may reach this point (cap bytes); all zero where nothing runs. */
static unsigned char *pj_state_new(PjWebs *w) {
  unsigned char *t = pj_arena_alloc(w->arena, (size_t)w->cap);
  memset(t, 0, (size_t)w->cap);
  return t;
}
static unsigned char *pj_state_copy(PjWebs *w, const unsigned char *s) {
  unsigned char *t = pj_state_new(w);
  memcpy(t, s, (size_t)w->cap);
  return t;
}
static void pj_state_join(PjWebs *w, unsigned char *into, const unsigned char *s) {
  for (int i = 0; i < w->cap; i++) into[i] |= s[i];
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

/* A read of the name: the definitions reaching it join one web. */
static int pj_web_use(PjWebs *w, PjExpr *node, const unsigned char *state) {
  int first = -1;
  for (int d = 0; d < w->defs.len; d++) {
    if (!state[d]) continue;
    if (first < 0) first = d;
    else pj_web_union(w, first, d);
  }
  PjWebRead *r = pj_arena_alloc(w->arena, sizeof *r);
  *r = (PjWebRead){node, first};
  pj_vec_push(w->arena, &w->uses, r);
  return first;
}

static void pj_web_expr(PjWebs *w, PjExpr *e, const unsigned char *state);

static void pj_web_exprs(PjWebs *w, PjExpr **xs, int n, const unsigned char *state) {
  for (int i = 0; i < n; i++) pj_web_expr(w, xs[i], state);
}

static void pj_web_expr(PjWebs *w, PjExpr *e, const unsigned char *state) {
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
static void pj_web_target(PjWebs *w, PjExpr *t, unsigned char *state) {
  if (t->kind == PJ_EX_NAME) {
    if (strcmp(t->name.id, w->name) != 0) return;
    int d = pj_web_def(w, t);
    memset(state, 0, (size_t)w->cap);
    state[d] = 1;
    return;
  }
  if (t->kind == PJ_EX_TUPLE || t->kind == PJ_EX_LIST) {
    for (int i = 0; i < t->tuple.count; i++) pj_web_target(w, t->tuple.items[i], state);
    return;
  }
  pj_web_expr(w, t, state);
}

static void pj_web_block(PjWebs *w, PjBlock *b, unsigned char *state);

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
static void pj_web_loop(PjWebs *w, PjStmt *s, unsigned char *state) {
  PjWebLoop *outer = w->loop, loop = {pj_state_new(w), pj_state_new(w)};
  unsigned char *head = pj_state_copy(w, state);
  PjBlock *body_block = s->kind == PJ_ST_WHILE ? &s->while_.body : &s->for_.body;
  /* a body that never assigns the name leaves the head as it came: walked once */
  bool known;
  int *defs = pj_map_slot(&w->loop_defs, s, &known);
  if (!known) *defs = pj_defs_in(&(PjBlock){&s, 1}, w->name); /* its body's, and a for loop's target */
  int rounds = *defs ? 64 : 1;
  for (int round = 0; round < rounds && !w->gave_up; round++) {
    w->loop = &loop;
    unsigned char *body = pj_state_copy(w, head);
    if (s->kind == PJ_ST_WHILE) pj_web_expr(w, s->while_.cond, head);
    else pj_web_target(w, s->for_.target, body);
    pj_web_block(w, body_block, body);
    pj_state_join(w, body, loop.continues);
    unsigned char *next = pj_state_copy(w, head);
    pj_state_join(w, next, body);
    bool grew = memcmp(next, head, (size_t)w->cap) != 0;
    head = next;
    if (!grew) break;
  }
  w->loop = outer;
  memcpy(state, head, (size_t)w->cap);
  pj_state_join(w, state, loop.breaks);
}

static void pj_web_block(PjWebs *w, PjBlock *b, unsigned char *state) {
  for (int i = 0; i < b->count && !w->gave_up; i++) {
    PjStmt *s = b->stmts[i];
    if (++w->steps > PJ_WEBS_BUDGET) {
      w->gave_up = true;
      return;
    }
    switch (s->kind) {
    case PJ_ST_EXPR: pj_web_expr(w, s->expr, state); break;
    case PJ_ST_RETURN:
      pj_web_expr(w, s->expr, state);
      memset(state, 0, (size_t)w->cap);
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
        memset(state, 0, (size_t)w->cap);
        state[d] = 1;
      } else {
        pj_web_expr(w, s->aug.target, state);
      }
      break;
    case PJ_ST_IF: {
      pj_web_expr(w, s->if_.cond, state);
      unsigned char *other = pj_state_copy(w, state);
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
      memset(state, 0, (size_t)w->cap);
      break;
    case PJ_ST_PASS: break;
    }
  }
}

static bool pj_mentions(const PjExpr *e, void *name) {
  return e->kind == PJ_EX_NAME && strcmp(e->name.id, name) == 0;
}

static void pj_split_webs_of(PjArena *arena, PjFunc *f, const char *name, bool param) {
  PjWebs w = {.arena = arena, .name = name, .cap = 1 + pj_defs_in(&f->body, name)};
  pj_web_def(&w, NULL); /* the entry: the parameter, or no value yet */
  unsigned char *state = pj_state_new(&w);
  state[0] = 1;
  if (w.cap > 2 || (param && w.cap > 1)) pj_web_block(&w, &f->body, state); /* else one definition: one web */
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

typedef struct PjWebNames {
  PjArena *arena;
  PjVec names;
} PjWebNames;

/* A name b assigns, kept once. */
static void pj_add_name(PjExpr *target, void *ctx) {
  PjWebNames *k = ctx;
  for (int i = 0; i < k->names.len; i++)
    if (strcmp(k->names.items[i], target->name.id) == 0) return;
  pj_vec_push(k->arena, &k->names, (void *)target->name.id);
}

void pj_split_webs(PjArena *arena, PjFunc *f, PjFunc *const *inner, int ninner) {
  PjWebNames assigned = {arena, {0}};
  pj_block_assigned_names(&f->body, pj_add_name, &assigned);
  for (int i = 0; i < assigned.names.len; i++) {
    const char *name = assigned.names.items[i];
    bool shared = false;
    for (int k = 0; k < ninner && !shared; k++) shared = pj_block_any_expr(&inner[k]->body, pj_mentions, (void *)name);
    for (int k = 0; k < f->nnonlocals && !shared; k++) shared = strcmp(f->nonlocals[k], name) == 0;
    bool param = false;
    for (int k = 0; k < f->nparams && !param; k++) param = strcmp(f->vars[k].name, name) == 0;
    if (!shared) pj_split_webs_of(arena, f, name, param);
  }
}
