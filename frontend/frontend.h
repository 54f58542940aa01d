/* The frontend: source text -> resolved module (parse.c and the files of frontend/parser.h,
 * resolve.c) -> typed kernel (typecheck.c). */
#ifndef PJ_FRONTEND_H
#define PJ_FRONTEND_H

#include "ir/ast.h"

/* A function as written: the function, its decorators, and what they made of it. */
typedef struct PjFuncSyntax {
  PjFunc *func;
  PjVec decorators;    /* PjExpr* */
  bool body_ok;        /* the body parsed without rejections */
  bool is_kernel;      /* @cuda.jit, @cuda.jit(...) without device=True */
  bool is_device;      /* @cuda.jit(device=True) */
  bool debug;          /* @cuda.jit(debug=True) */
  bool fastmath;       /* @cuda.jit(fastmath=True) */
  bool lineinfo;       /* @cuda.jit(lineinfo=True) */
  int max_registers;   /* @cuda.jit(max_registers=N), 0 when not given */
  int inline_mode;     /* PjInline: @cuda.jit(inline=..., forceinline=...) as written (or as the unit says) */
  const char *sig;     /* the first eager signature string, or NULL */
  PjLoc sig_loc;
  PjDiags *diags;      /* rejections in the body: reported when this kernel is compiled */
} PjFuncSyntax;

typedef struct PjSyntax {
  PjModule module;
  PjFuncSyntax **funcs;
  int nfuncs;
  PjFunc **inner;      /* functions defined inside functions (resolved with them, typed where used) */
  int ninner;
  int depth;           /* the nesting of the deepest node (ir/stack.h), -1 when past the limit */
} PjSyntax;

PjSyntax *pj_parse(PjArena *arena, const PjFile *file, PjDiags *diags);

/* The qualified name a module-level binding stands for, canonical: "numba.cuda.x" and
 * "pyjitc.cuda.x" become "cuda.x", "pyjitc.x" becomes "numba.x", "np.x" stays as imported. */
const char *pj_canonical_name(PjArena *arena, const char *qualname);
/* Find kernels (decorators) and local variables of every function. false on errors. */
void pj_syntax_delete(PjSyntax *syn);
bool pj_resolve(PjArena *arena, PjSyntax *syn, PjDiags *diags);
/* frontend/loopvars.c: a name that only several for loops use, each loop's own, split into one
 * variable per loop (renamed before the locals are collected; inner: the inner functions). */
void pj_split_loop_vars(PjArena *arena, PjFunc *f, PjFunc *const *inner, int ninner);
/* frontend/webs.c: the definitions of a name that never meet at a read (numba's SSA versions),
 * split into variables of their own, name.1, name.2, ... (before the locals are collected). */
void pj_split_webs(PjArena *arena, PjFunc *f, PjFunc *const *inner, int ninner);
const PjGlobal *pj_module_global(const PjModule *m, const char *name);
/* Adds the module's globals not yet in m->names to it: after the list grows, before lookups. */
void pj_module_index(PjArena *arena, PjModule *m);
/* An inner function's reads of its function's variables that are not constants: hidden
 * parameters after its own (frontend/closures.c), once its function's locals are known. */
void pj_inner_captures(PjArena *arena, PjFunc *f);

/* frontend/nonlocals.c: the calls of inner functions that rebind nonlocal variables inlined where
 * they are made, before locals are collected (false: some use cannot be inlined, reported). */
bool pj_inline_nonlocals(PjArena *arena, PjSyntax *syn, PjDiags *diags);

/* Python's UnboundLocalError at compile time: each read of a local that no path has assigned yet
 * is reported (when diags is given). False when there was one (frontend/defined.c). */
bool pj_check_defined(const PjModule *m, const PjFunc *f, PjDiags *diags);

/* Type one kernel for argument types: a typed copy of the function in `arena`, or NULL. The
 * device functions it calls are typed too, one PjSpec per argument-type signature, in specs.
 * tree (NULL: none): kernels taking tuples, its parameters over the argument types (PjArgNode). */
PjFunc *pj_typecheck(PjArena *arena, const PjModule *m, const PjFunc *f, const PjArgType *args, int nargs,
                     const PjArgNode *tree, int ntree, PjVec *specs, PjDiags *diags);

/* Type a device function on its own for argument types (cuda.compile_ptx(device=True)): as
 * pj_typecheck, but it may return values; its ret_type is what it returns (void for nothing). */
PjFunc *pj_typecheck_device(PjArena *arena, const PjModule *m, const PjFunc *f, const PjArgType *args, int nargs,
                            PjVec *specs, PjDiags *diags);

/* frontend/annotate.c: the typed kernel's source, then each device function's it calls (specs: the
 * PJ_SPEC_DONE ones), each line preceded by `#` lines with the types of its names and calls
 * (--emit=types, inspect_types()). Caller frees. */
char *pj_annotate_types(const PjFunc *kernel, PjSpec *const *specs, int nspecs, PjArena *arena);

/* CPU executor: each warp/block collective into a statement of its own, and calls of device
 * functions that hold barriers, shared arrays or collectives inlined (frontend/collective.c). */
bool pj_is_collective(const PjExpr *e);
bool pj_hoist_collectives(PjArena *arena, const PjModule *m, PjFunc *f, PjSpec **specs, int nspecs, PjDiags *diags);

#endif
