/* The project's own tree of a kernel file, built once from tree-sitter's parse by frontend/,
 * then resolved and typed in place: after the type checker every expression has a type,
 * implicit conversions are explicit PJ_EX_CAST nodes, names point at their variables and
 * builtin references at their table rows. That typed tree is the kernel IR the backend lowers. */
#ifndef PJ_IR_AST_H
#define PJ_IR_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/arena.h"
#include "ir/diag.h"
#include "ir/names.h"
#include "ir/types.h"

typedef enum PjExprKind {
  PJ_EX_INT, PJ_EX_FLOAT, PJ_EX_BOOL, PJ_EX_NONE, PJ_EX_STRING,
  PJ_EX_NAME,      /* a local variable or parameter (var >= 0), or an unresolved global */
  PJ_EX_ATTR,      /* base.attr */
  PJ_EX_CALL,      /* fn(args) */
  PJ_EX_SUBSCRIPT, /* base[index] */
  PJ_EX_TUPLE,
  PJ_EX_BINARY,
  PJ_EX_UNARY,
  PJ_EX_COMPARE,   /* a < b <= c: operands[n+1], ops[n] */
  PJ_EX_BOOLOP,    /* a and b, a or b */
  PJ_EX_IFEXP,     /* a if cond else b */
  PJ_EX_CAST,      /* typed IR: convert x to this node's type */
  PJ_EX_BUILTIN,   /* typed IR: a builtin value (cuda.threadIdx.x) or callee (math.sqrt) */
  PJ_EX_SHAPE,     /* typed IR: arr.shape[k] with k constant */
  PJ_EX_SLICE,     /* start:stop:step inside a subscript (each may be NULL) */
  PJ_EX_LIST,      /* [a, b]: only as module-level data (np.array([...])); uses tuple */
  PJ_EX_CONST_ARRAY, /* typed IR: a module-level NumPy array, read-only in the kernel */
  PJ_EX_STATIC,    /* typed IR: a value its type says all of (a function, a dtype): no data at run time */
} PjExprKind;

typedef enum PjBinOp {
  PJ_OP_ADD, PJ_OP_SUB, PJ_OP_MUL, PJ_OP_DIV, PJ_OP_FLOORDIV, PJ_OP_MOD, PJ_OP_POW,
  PJ_OP_LSHIFT, PJ_OP_RSHIFT, PJ_OP_BITAND, PJ_OP_BITOR, PJ_OP_BITXOR, PJ_OP_MATMUL,
  PJ_OP_COUNT
} PjBinOp;

typedef enum PjCmpOp { PJ_CMP_EQ, PJ_CMP_NE, PJ_CMP_LT, PJ_CMP_LE, PJ_CMP_GT, PJ_CMP_GE,
                       PJ_CMP_IS, PJ_CMP_IS_NOT, PJ_CMP_IN, PJ_CMP_NOT_IN } PjCmpOp;

typedef enum PjUnOp { PJ_UN_NEG, PJ_UN_POS, PJ_UN_INVERT, PJ_UN_NOT } PjUnOp;

typedef struct PjExpr PjExpr;
typedef struct PjSpec PjSpec;
struct PjExpr {
  PjExprKind kind;
  PjLoc loc;
  const PjType *type; /* set by the type checker */
  bool big;           /* INT: a literal in [2**63, 2**64), which numba types as uint64;
                       * FLOAT: an imaginary literal (2j), complex128; STRING: a bytes literal (b"...") */
  union {
    int64_t ival;  /* INT (also BOOL: 0/1) */
    double fval;   /* FLOAT */
    struct { const char *str; int64_t str_len; }; /* STRING: its characters, escapes decoded (UTF-8; a bytes
                                                   * literal b"..." (big set): its bytes), NUL-terminated,
                                                   * str_len bytes before the NUL */
    struct { const char *id; int var; } name;
    struct { PjExpr *base; const char *attr; PjLoc attr_loc; } attr;
    struct { PjExpr *fn; PjExpr **args; int nargs; bool has_kwargs; PjSpec *spec; const struct PjForeign *foreign;
             bool literals_known; uint64_t literals; int star; bool bound; } call;
    /* spec: a device function; foreign: a function declared with cuda.declare_device; literals:
     * which arguments are constants as written (numba's literal types), found before typing;
     * star: 1 + the index of a `*t` argument (0: none); bound: keywords, defaults and a callee's
     * *args already matched to its parameters (frontend/closures.c) */
    struct { PjExpr *base; PjExpr *index; } sub;
    struct { PjExpr **items; int count; } tuple;
    struct { PjBinOp op; PjExpr *l, *r; } bin;
    struct { PjUnOp op; PjExpr *x; } un;
    struct { PjExpr **operands; PjCmpOp *ops; int n; } cmp;
    struct { bool is_and; PjExpr *l, *r; } boolop;
    struct { PjExpr *cond, *then, *orelse; } ifexp;
    struct { PjExpr *x; } cast;
    struct { int id; PjExpr **args; int nargs; } builtin; /* args: a call's, typed */
    struct { PjExpr *array; int dim; } shape;
    const struct PjConstArray *carray;   /* CONST_ARRAY */
    struct { PjExpr *start, *stop, *step; } slice;
  };
};

typedef enum PjStmtKind {
  PJ_ST_EXPR, PJ_ST_ASSIGN, PJ_ST_AUGASSIGN, PJ_ST_IF, PJ_ST_WHILE, PJ_ST_FOR,
  PJ_ST_BREAK, PJ_ST_CONTINUE, PJ_ST_RETURN, PJ_ST_PASS,
} PjStmtKind;

typedef struct PjStmt PjStmt;
typedef struct PjBlock {
  PjStmt **stmts;
  int count;
} PjBlock;

struct PjStmt {
  PjStmtKind kind;
  PjLoc loc;
  union {
    PjExpr *expr; /* EXPR, RETURN (may be NULL) */
    struct { PjExpr **targets; int ntargets; PjExpr *value; } assign; /* a = b = value */
    struct { PjBinOp op; PjExpr *target, *value; } aug;
    struct { PjExpr *cond; PjBlock then, orelse; } if_;
    struct { PjExpr *cond; PjBlock body; } while_;
    struct { PjExpr *target; PjExpr *iter; PjBlock body; } for_;
  };
};

/* A variable of a function: parameters first, then locals in order of first assignment. */
typedef struct PjVar {
  const char *name;
  PjLoc loc;            /* first definition */
  const PjType *type;   /* after typing */
  bool is_param;
} PjVar;

typedef struct PjFunc {
  const char *name;
  const struct PjModule *module; /* where it was written: the names it uses are that module's */
  PjLoc loc;            /* the name in `def name(` */
  int end_line;         /* the def's last line (its body's end), 0 when not parsed from a def */
  bool is_kernel;       /* @cuda.jit */
  bool is_device;       /* @cuda.jit(device=True) */
  const PjType *ret_type; /* typed: what it returns (void when nothing) */
  PjDiags *parse_diags; /* what parsing its body rejected (reported when it is compiled), or NULL */
  PjVar *vars;          /* set by the resolver: params first */
  int nvars, nparams;
  PjBlock body;
  const struct PjFunc *outer; /* an inner function (a def inside a function): the one it is written in */
  bool star;            /* the last parameter is *name: it collects the extra arguments as a tuple */
  int ncaptured;        /* an inner function: the last ncaptured of its nparams parameters are variables of
                         * its function that are not constants, passed by the calls there (hidden) */
  PjExpr **defaults;    /* per parameter: its default value (a constant), or NULL; NULL when none has one */
  const char **nonlocals; /* an inner function: the names of its `nonlocal` statements (frontend/nonlocals.c) */
  PjLoc *nonlocal_locs;
  int nnonlocals;
  const PjSignature *sigs; /* a device function's declared signatures (PjUnit.sigs): its calls choose one */
  int nsigs;
  int inline_mode;      /* PjInline: a device function's calls inlined by LLVM's choice, never or always */
} PjFunc;

/* One specialisation of a device function for its argument types, made while a kernel is typed. */
struct PjSpec {
  const PjFunc *src;     /* as written */
  const PjType **args;
  int nargs;
  PjFunc *typed;         /* the typed copy */
  int state;             /* PJ_SPEC_TYPING while its body is typed (recursion sees its return type so far) */
  bool quiet;            /* typed without reporting (while the caller's types still grew) */
  bool inlined;          /* CPU: every call was inlined into the kernel (frontend/collective.c) */
  bool recursive;        /* its body called it while being typed */
  int id;
};
enum { PJ_SPEC_TYPING, PJ_SPEC_DONE, PJ_SPEC_FAILED };

/* A module-level NumPy array of numbers: np.array([...], dtype=...), captured at compile time;
 * or (address != 0) a global device array, captured by reference as numba-cuda does: its data
 * stay where they are, kernels read and write them there. */
typedef struct PjConstArray {
  const char *name;
  const char *symbol; /* its name in the compiled module (NULL: "pj_const_" and the name) */
  PjDtype dtype;
  int ndim;
  int64_t shape[PJ_MAX_DIMS];
  uint64_t address;   /* a device array's data; 0 for constant data */
  char layout;        /* a device array: 'C', or 'A' with strides */
  int64_t strides[PJ_MAX_DIMS]; /* a device array of layout 'A': in bytes */
  int64_t count;
  double *values;   /* C order; integers are exact up to 2**53 */
  int64_t *ints;    /* C order, for integer dtypes */
  const void *bytes; /* complex numbers and records: the elements' bytes (count of them), C order */
  const PjRecord *record; /* an array of these records (NULL: of dtype) */
} PjConstArray;

/* A function written in another language and linked with the kernel (cuda.declare_device). */
typedef struct PjForeign {
  const char *name;   /* the name kernels call it by */
  const char *symbol; /* its symbol in the linked code */
  bool c_abi;         /* false: numba's ABI, int status(T *result, args...); true: T symbol(args...) */
  const PjType *ret;  /* void when it returns nothing */
  const PjType **params;
  int nparams;
} PjForeign;

/* A name bound at module level: an import, a numeric constant, an array, or a function. */
typedef enum PjGlobalKind {
  PJ_GLOBAL_MODULE, PJ_GLOBAL_CONST, PJ_GLOBAL_FUNC, PJ_GLOBAL_ARRAY, PJ_GLOBAL_FOREIGN,
  PJ_GLOBAL_RECORD_DTYPE /* a structured dtype (numba's Record) as a value: the dtype of new arrays */
} PjGlobalKind;
typedef struct PjGlobal {
  const char *name;
  PjGlobalKind kind;
  const char *qualname; /* MODULE: the qualified name it stands for ("cuda", "math", "cuda.grid") */
  PjExpr *value;        /* CONST: a literal (INT, FLOAT, BOOL, or TUPLE of them) */
  PjFunc *func;         /* FUNC */
  PjConstArray *array;  /* ARRAY */
  PjForeign *foreign;   /* FOREIGN */
  const PjRecord *record; /* RECORD_DTYPE */
  PjLoc loc;
} PjGlobal;

typedef struct PjModule {
  PjFile file;
  PjGlobal *globals;
  int nglobals;
  PjNames names; /* globals by name (pj_module_index), the first names.count of them */
  PjFunc **funcs;
  int nfuncs;
} PjModule;

const char *pj_binop_text(PjBinOp op);
const char *pj_cmpop_text(PjCmpOp op);
/* The tree as text, one node a line, indented (--emit=ast; with types when typed). */
char *pj_module_dump(const PjModule *m, bool with_types, PjArena *scratch);
char *pj_func_dump(const PjFunc *f, bool with_types, PjArena *scratch);
/* Deep copies into `arena`; every local variable's index moves by var_offset (inlining). */
PjExpr *pj_clone_expr(PjArena *arena, const PjExpr *e, int var_offset);
void pj_clone_block(PjArena *arena, PjBlock *out, const PjBlock *b, int var_offset);
/* Whether pred holds for some expression in the tree (every subexpression is visited). */
bool pj_expr_any(const PjExpr *e, bool (*pred)(const PjExpr *, void *), void *ctx);
bool pj_stmt_any_expr(const PjStmt *s, bool (*pred)(const PjExpr *, void *), void *ctx);
bool pj_block_any_expr(const PjBlock *b, bool (*pred)(const PjExpr *, void *), void *ctx);
/* Calls visit(name, ctx) for each plain name b assigns, nested blocks too, in text order: the
 * NAME targets of assignments, augmented assignments and for loops (a tuple target's items one
 * by one; a for loop's target before its body). */
void pj_block_assigned_names(const PjBlock *b, void (*visit)(PjExpr *name, void *ctx), void *ctx);

#endif
