/* ir/: running the compiler on a stack of its own. The compiler's stages walk the program
 * recursively, and so does LLVM: a program nested thousands of levels deep (a generated sum of
 * 4000 terms, a chain of 3000 elifs, which CPython compiles) or a long straight line of
 * statements (10^5 assignments, one chain of values that LLVM's loop passes follow operand by
 * operand) would overflow the caller's stack, perhaps a small one of a Python thread. So every
 * compile runs on a large stack, whatever its caller's. */
#ifndef PJ_IR_STACK_H
#define PJ_IR_STACK_H

/* The deepest nesting of expressions and blocks accepted (frontend/syntax_errors.c diagnoses more). */
enum { PJ_MAX_NESTING = 5000 };

/* fn(arg) on the calling thread, on a stack of its own of PJ_DEEP_STACK_BYTES (ir/stack.c):
 * address space reserved once per thread and kept for the next call, touched only as deep as fn
 * goes. Called again from inside fn, fn runs where it is. On the caller's stack if no such stack
 * can be made. Costs about 5 microseconds: 1 for the switch, 3.5 to give back what a call touched
 * past the stack's first MiB. */
void pj_run_deep(void (*fn)(void *), void *arg);

#endif
