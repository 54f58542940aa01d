/* Whether LLVM's loop unrollers may run on a kernel (backend.h, pj_unroll_safe). Full unrolling
 * of a constant range() multiplies the loops inside it; a nest of such ranges around loops that
 * stay loops (a while, a range of unknown length) turns into thousands of loop copies, and LLVM's
 * later passes (GVN on NVPTX, for one) take time that grows faster than the copies do: ten levels
 * of `for q in range(2): while x:` took 0.5 s, twelve took 14 s. So count the loop copies that
 * full unrolling could make and leave unrolling to the explicit hints (pragmas) past
 * PJ_UNROLL_MAX_LOOPS in the kernel or any device function it calls. No real kernel comes near: a 16x16 constant nest around a loop makes 256;
 * the tests' and examples' kernels make at most 9. (The same nest split between a kernel and a
 * device function it calls compiles quickly: the callee is simplified before it is inlined.) */
#include "backend/backend.h"

#include <math.h>

enum { PJ_UNROLL_MAX_LOOPS = 1024 };

/* range(...)'s length when its arguments are integer constants, else -1. */
static double pj_range_length(const PjExpr *it) {
  if (it->kind != PJ_EX_CALL || it->call.nargs < 1 || it->call.nargs > 3) return -1;
  for (int i = 0; i < it->call.nargs; i++)
    if (it->call.args[i]->kind != PJ_EX_INT) return -1;
  int n = it->call.nargs;
  double start = n > 1 ? (double)it->call.args[0]->ival : 0, stop = (double)it->call.args[n > 1]->ival;
  double step = n > 2 ? (double)it->call.args[2]->ival : 1;
  if (step == 0) return -1;
  double len = step > 0 ? (stop - start + step - 1) / step : (start - stop - step - 1) / -step;
  return len < 1 ? 0 : floor(len);
}

static double pj_block_loops(const PjBlock *b) {
  double n = 0;
  for (int i = 0; i < b->count; i++) {
    const PjStmt *s = b->stmts[i];
    if (s->kind == PJ_ST_IF) n += pj_block_loops(&s->if_.then) + pj_block_loops(&s->if_.orelse);
    else if (s->kind == PJ_ST_WHILE) n += 1 + pj_block_loops(&s->while_.body);
    else if (s->kind == PJ_ST_FOR) { /* a constant range may be unrolled whole: its body's loops come len times */
      double len = pj_range_length(s->for_.iter), body = pj_block_loops(&s->for_.body);
      n += len >= 0 ? len * body : 1 + body;
    }
  }
  return n;
}

double pj_loop_copies(const PjFunc *f) { return pj_block_loops(&f->body); }

bool pj_unroll_safe(const PjFunc *f, PjSpec **specs, int nspecs) {
  bool safe = pj_loop_copies(f) <= PJ_UNROLL_MAX_LOOPS;
  for (int i = 0; safe && i < nspecs; i++) /* the device functions are optimized in the same module */
    safe = !specs[i]->typed || pj_loop_copies(specs[i]->typed) <= PJ_UNROLL_MAX_LOOPS;
  return safe;
}
