/* Rewriting the returns of a function body that is inlined into its caller (frontend/returns.c):
 * each return assigns the call's value; one that more code may follow also sets a "returned" flag
 * and leaves its loops; after a statement that may have returned, a loop is left when the flag is
 * set, and elsewhere the rest of the block runs only when it is not. Used before typing
 * (frontend/nonlocals.c, with names) and after it (frontend/collective.c, with typed variables):
 * each pass says how its statements are made. */
#ifndef PJ_FRONTEND_RETURNS_H
#define PJ_FRONTEND_RETURNS_H

#include "ir/ast.h"

typedef struct PjReturnRewrite {
  PjArena *arena;
  void *ctx;
  /* `result = value` for a return of value (value not NULL), or NULL when the value is not kept */
  PjStmt *(*result)(void *ctx, PjExpr *value, PjLoc loc);
  PjStmt *(*set_returned)(void *ctx, PjLoc loc); /* `returned = True` */
  /* `if returned: then` (when_returned), else `if not returned: then` */
  PjStmt *(*guard)(void *ctx, bool when_returned, PjBlock then, PjLoc loc);
} PjReturnRewrite;

/* Rewrites the returns of b (in_loop: b is inside a loop of the body; tail: nothing of the body
 * follows b). True when b may have set the returned flag. */
bool pj_rewrite_returns(const PjReturnRewrite *r, PjBlock *b, bool in_loop, bool tail);

#endif
