/* The returns of an inlined body (frontend/returns.h). */
#include "frontend/returns.h"

#include "ir/arena.h"

static PjStmt *pj_break(PjArena *arena, PjLoc loc) {
  PjStmt *s = pj_arena_alloc(arena, sizeof(PjStmt));
  s->kind = PJ_ST_BREAK;
  s->loc = loc;
  return s;
}

bool pj_rewrite_returns(const PjReturnRewrite *r, PjBlock *b, bool in_loop, bool tail) {
  PjVec out = {0};
  bool may = false;
  for (int i = 0; i < b->count; i++) {
    PjStmt *s = b->stmts[i];
    bool last = i == b->count - 1, returns = false;
    switch (s->kind) {
    case PJ_ST_RETURN: {
      PjStmt *assign = s->expr ? r->result(r->ctx, s->expr, s->loc) : NULL;
      if (assign) pj_vec_push(r->arena, &out, assign);
      if (!tail) {
        pj_vec_push(r->arena, &out, r->set_returned(r->ctx, s->loc));
        may = true;
      }
      if (in_loop) pj_vec_push(r->arena, &out, pj_break(r->arena, s->loc));
      i = b->count; /* what follows a return never runs */
      continue;
    }
    case PJ_ST_IF:
      returns = pj_rewrite_returns(r, &s->if_.then, in_loop, tail && last);
      returns |= pj_rewrite_returns(r, &s->if_.orelse, in_loop, tail && last);
      break;
    case PJ_ST_WHILE: returns = pj_rewrite_returns(r, &s->while_.body, true, false); break;
    case PJ_ST_FOR: returns = pj_rewrite_returns(r, &s->for_.body, true, false); break;
    default: break;
    }
    pj_vec_push(r->arena, &out, s);
    if (!returns) continue;
    may = true;
    if (in_loop) {
      PjStmt **brk = pj_arena_alloc(r->arena, sizeof(PjStmt *));
      brk[0] = pj_break(r->arena, s->loc);
      pj_vec_push(r->arena, &out, r->guard(r->ctx, true, (PjBlock){brk, 1}, s->loc));
      continue;
    }
    if (last) break;
    PjBlock rest = {b->stmts + i + 1, b->count - i - 1};
    pj_rewrite_returns(r, &rest, false, tail);
    pj_vec_push(r->arena, &out, r->guard(r->ctx, false, rest, s->loc));
    break;
  }
  PjStmt **stmts = pj_arena_alloc(r->arena, sizeof(PjStmt *) * (size_t)(out.len + 1));
  for (int i = 0; i < out.len; i++) stmts[i] = out.items[i];
  b->stmts = stmts;
  b->count = out.len;
  return may;
}
