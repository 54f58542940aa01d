/* ir/: running deep recursions on a stack of their own. The compiler's stages walk the program
 * recursively; a program nested thousands of levels deep (a generated sum of 4000 terms, a chain
 * of 3000 elifs, which CPython compiles) would overflow the caller's stack, perhaps a small one
 * of a Python thread. Such programs are compiled on a thread with a large stack. */
#ifndef PJ_IR_STACK_H
#define PJ_IR_STACK_H

/* Nesting up to this many levels is compiled on the caller's stack; deeper, on a thread's own. */
enum { PJ_NESTING_ON_CALLER = 200 };
/* The deepest nesting of expressions and blocks accepted (frontend/parse.c diagnoses more). */
enum { PJ_MAX_NESTING = 5000 };

/* fn(arg), on the caller's stack when depth <= PJ_NESTING_ON_CALLER, else on a thread with a stack
 * large enough for PJ_MAX_NESTING levels (the caller waits; on the caller's stack if no thread can
 * be made). */
void pj_run_nested(int depth, void (*fn)(void *), void *arg);

#endif
