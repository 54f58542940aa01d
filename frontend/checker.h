/* The type checker's state and the helpers its parts share: frontend/typecheck.c (names, calls,
 * subscripts, statements, the inference loop) and the files that type one kind of construct:
 * operators.c, assign.c, loops.c, unroll.c, ufunc.c, methods.c, specials.c, closures.c,
 * pointers.c, fields.c, vectors.c, newarrays.c. Private to the frontend. */
#ifndef PJ_FRONTEND_CHECKER_H
#define PJ_FRONTEND_CHECKER_H

#include "ir/ast.h"
#include "ir/diag.h"
#include "ir/names.h"

typedef struct PjChecker {
  PjArena *arena;
  const PjModule *m;
  PjFunc *f;
  PjDiags *diags;
  PjVec *specs;     /* device function specialisations of this compilation (PjSpec*) */
  PjSpec *spec;     /* the specialisation being typed (NULL: the kernel) */
  int depth;        /* of device function calls being typed */
  bool device;      /* typing a device function: `return value` gives its result */
  bool failed_quietly; /* an error in the checking phase (counted when there is no diags list) */
  bool final;       /* the checking phase: report errors and rewrite */
  bool changed;     /* inference: a variable's type grew */
  int loop_depth;
  PjVec unknown;    /* const char*: names whose assignment failed to type (already reported) */
  const PjExpr *assign_value; /* while `name = value` types its value: the value and the name (numba's */
  const char *assign_name;    /* messages about a variable's type name it), else NULL */
  struct {                    /* pj_var_index's table of f's variables, for the vars array it was */
    const PjVar *vars;        /* made from and that many of them (a function of 10^4 assignments */
    int nvars;                /* has 10^4 variables, frontend/webs.c: a search of the list for each */
    PjNames names;            /* name was quadratic) */
  } var_index;
} PjChecker;

/* An error at loc (reported in the checking phase; inference only notes that typing failed). */
void pj_err(PjChecker *c, PjLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A type's name for messages ("unknown" for NULL). */
const char *pj_tn(PjChecker *c, const PjType *t);
/* The qualified name a callee or attribute path stands for ("numpy.sin"), or NULL. */
const char *pj_qualify(PjChecker *c, const PjExpr *e);
/* Type *slot, which the checking phase may replace by its typed form; sets its type. */
const PjType *pj_expr_type(PjChecker *c, PjExpr **slot);
/* Make *slot produce `to`: wrap it in a cast when its type differs (checking phase only). */
void pj_coerce(PjChecker *c, PjExpr **slot, const PjType *to);
/* A new hidden local variable of the function being typed (name base$N), as a NAME expression. */
PjExpr *pj_new_var(PjChecker *c, const char *base, PjLoc loc);
/* A copy of proto in the arena. */
PjExpr *pj_new_expr(PjChecker *c, PjExpr proto);
/* Whether a typed condition is a number or a bool (reported when not). */
bool pj_truth_ok(PjChecker *c, const PjExpr *e);
/* A condition typed; None (always false) becomes the constant False. NULL: not a condition (reported). */
const PjType *pj_condition_type(PjChecker *c, PjExpr **slot);
/* The index of the variable `name` of the function being typed (c->f), or -1. */
int pj_var_index(PjChecker *c, const char *name);
/* A copy of a module-level constant's literal at loc. */
PjExpr *pj_literal_copy(PjChecker *c, const PjExpr *v, PjLoc loc);

/* A record field's type (rec.name, rec['name']; reported when there is none), and a subscript
 * expression typed (an array element, a view, a tuple item, a record field). */
const PjType *pj_type_field(PjChecker *c, const PjType *rt, const char *name, PjLoc loc);
const PjType *pj_type_subscript(PjChecker *c, PjExpr **slot);
/* Bind a value of type `t` to variable v: inference widens the variable, checking verifies. */
bool pj_bind_var(PjChecker *c, PjExpr *target, const PjType *t);

/* frontend/assign.c: an assignment and an augmented assignment statement typed. */
void pj_check_assign(PjChecker *c, PjStmt *s);
void pj_check_aug(PjChecker *c, PjStmt *s);

/* frontend/operators.c: a BINARY, UNARY, COMPARE, BOOLOP or IFEXP expression typed (and in the
 * checking phase rewritten: casts, folded constants). */
const PjType *pj_type_binary(PjChecker *c, PjExpr **slot);
const PjType *pj_type_unary(PjChecker *c, PjExpr **slot);
const PjType *pj_type_compare(PjChecker *c, PjExpr **slot);
const PjType *pj_type_boolop(PjChecker *c, PjExpr **slot);
const PjType *pj_type_ifexp(PjChecker *c, PjExpr **slot);

/* frontend/specials.c: `raise E` / `raise E(constants)` (the call $raise(E)); print()'s warning for
 * more than 32 values (checking phase); cuda.threadIdx and the other dim3 values given to print
 * as the tuple of their x, y, z; float("nan") and other string constants made float constants
 * (false: reported). */
const PjType *pj_type_raise(PjChecker *c, PjExpr **slot);
bool pj_print_limit(PjChecker *c, const PjExpr *e); /* false: reported */
void pj_dim3_as_tuple(PjChecker *c, PjExpr **slot);
bool pj_float_literal(PjChecker *c, PjExpr *s);
/* An f-string or "...".format(...) (the parser's $format call, or its typed FORMAT builtin), and
 * one typed as an argument of print(): each field's value typed and its spec checked. */
bool pj_is_format(const PjExpr *e);
const PjType *pj_type_format(PjChecker *c, PjExpr **slot);

/* frontend/unroll.c: `for x in literal_unroll(t)`, one typed copy of the body per item (false:
 * reported). */
bool pj_for_unrolled(PjChecker *c, PjStmt *s);

/* Whether the block assigns the name anywhere (nested blocks too). */
bool pj_assigns_name(const PjBlock *b, const char *name);
/* `target = value` as a statement. */
PjStmt *pj_assign_of(PjChecker *c, PjExpr *target, PjExpr *value, PjLoc loc);

/* frontend/loops.c: the names of an expression made of names, attributes, subscripts, integer
 * constants and arithmetic (what a loop may evaluate again each iteration); false for anything
 * else. And a for loop over anything but range(...) rewritten as one over range (false:
 * reported). */
bool pj_iter_names(const PjExpr *e, const char **names, int *n);
bool pj_for_over_sequence(PjChecker *c, PjStmt *s);
/* tuple(t) of a tuple: t (frontend/loops.c). */
const PjType *pj_type_tuple_call(PjChecker *c, PjExpr **slot);

/* frontend/methods.c: a.reshape(...) and a.view(dtype) of an array (the callee's base typed):
 * the view's type, or NULL (reported; also for an array of records, which has neither). */
bool pj_is_array_view_method(const char *name);
const PjType *pj_type_array_method(PjChecker *c, PjExpr **slot);

/* frontend/ufunc.c: whether builtin `id` is a NumPy ufunc, and typing its calls on arrays (with an
 * output array), and the ufuncs that are operators (np.add, np.equal, ...); args are typed. */
bool pj_is_ufunc(int id);
bool pj_ufunc_needs_rewrite(int id, PjExpr **args, int nargs);
const PjType *pj_type_ufunc(PjChecker *c, PjExpr **slot, int id);
/* The row that computes ufunc `id` on complex arguments (np.sin -> cmath.sin), or id. */
int pj_ufunc_on_complex(PjChecker *c, PjExpr *call, int id);

/* frontend/pointers.c: p[i] of a pointer pt (numba's CPointer): the element's type, or NULL (reported). */
const PjType *pj_type_pointer_index(PjChecker *c, PjExpr *e, const PjType *pt);

/* frontend/closures.c: a name an inner function reads from the function it is written in (false:
 * none of those has it), replaced by the constant it stands for; a call's `*t` argument spread
 * into t's items; a device function call's keywords, defaults and *args matched to its
 * parameters (false: reported). */
bool pj_type_captured(PjChecker *c, PjExpr **slot, const PjType **out);
bool pj_is_captured(PjChecker *c, const char *name);
bool pj_spread_star(PjChecker *c, PjExpr *e);
bool pj_bind_call(PjChecker *c, PjExpr *e, const PjFunc *f);
/* A function compiled on its own (a kernel, a device function for compile_ptx) has plain
 * parameters: each default and *args reported (false). */
bool pj_params_plain(const PjModule *m, const PjFunc *f, const char *what, PjDiags *diags);

/* frontend/fields.c: rec[k] with a constant integer k rewritten as rec['name'] of field k (false:
 * the index is no constant integer; true and reported: out of range); and a whole subarray field
 * assigned (rec.a = arr), target rewritten in place as rec.a[:, ...] of its ft->ndim dimensions. */
bool pj_record_index_by_position(PjChecker *c, PjExpr *sub, const PjType *rt);
void pj_field_store_whole(PjChecker *c, PjExpr *target, const PjType *ft);
/* frontend/vectors.c: whether qualified name q is a CUDA vector type's constructor (cuda.float32x4,
 * cuda.float4), and typing its call (a namedtuple of the components). */
bool pj_is_vector_ctor(const char *q);
const PjType *pj_type_vector_ctor(PjChecker *c, PjExpr **slot, const char *q);
/* frontend/newarrays.c: the alignment= argument of cuda.local.array / cuda.shared.array checked
 * and made an integer constant (or None) in place (1; -1: reported); arr.ctypes.data (the
 * attribute expression it is, and its typing as the array's address). */
int pj_new_array_alignment(PjChecker *c, int id, PjExpr **slot);
bool pj_is_ctypes_data(const PjExpr *e);
const PjType *pj_type_ctypes_data(PjChecker *c, PjExpr **slot);

/* frontend/datetime.c: datetime64 and timedelta64 scalars (a time type); a BINARY or UNARY of which
 * an operand has one typed by numba's rules (NULL: reported); whether a comparison of two types,
 * one a time type, is allowed (false: reported); whether builtin call e (arguments typed) takes its
 * time values and arrays (false: reported), and the type of the abs() or int() of a time value (else
 * t); whether a value of `from` converts to `to` (explicitly: np.int64(d); false: reported). */
bool pj_type_is_time(const PjType *t);
const PjType *pj_type_time_binary(PjChecker *c, PjExpr **slot);
const PjType *pj_type_time_unary(PjChecker *c, PjExpr **slot);
bool pj_time_compare_ok(PjChecker *c, PjLoc loc, PjCmpOp op, const PjType *a, const PjType *b);
bool pj_time_builtin_ok(PjChecker *c, const PjExpr *e, int id);
const PjType *pj_time_call_type(const PjExpr *e, int id, const PjType *t);
bool pj_time_cast_ok(PjChecker *c, PjLoc loc, const PjType *from, PjDtype to, bool explicit_cast);

/* frontend/strings.c: fixed-width strings (a record with chars: an element of an 'S' or 'U' array,
 * a string field); a string literal's type (set on e); whether a value of type vt may be stored
 * into one of type et (`into` names the target for the message; false: reported); whether two
 * types compare as strings (false: reported); len() of one (int64, else NULL); s[i] of bytes. */
bool pj_type_is_chars(const PjType *t);
const PjType *pj_type_string_literal(PjChecker *c, PjExpr *e);
/* A string literal where no fixed-width string takes it: reported (true), else false. */
bool pj_string_misplaced(PjChecker *c, const PjExpr *value);
bool pj_chars_store_ok(PjChecker *c, PjLoc loc, const PjType *vt, const PjType *et, const char *into);
bool pj_chars_compare_ok(PjChecker *c, PjLoc loc, PjCmpOp op, const PjType *a, const PjType *b);
const PjType *pj_chars_len_type(const PjExpr *e, int id);
const PjType *pj_type_chars_index(PjChecker *c, PjExpr *e, const PjType *bt);

#endif
