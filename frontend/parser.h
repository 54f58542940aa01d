/* The parser's state and what its parts share: the ids of tree-sitter-python's node and field
 * names (mapped once, in frontend/parse.c), the parser's state while it walks one file, and the
 * helpers every part walks the tree with (children, locations, text). frontend/parse.c holds the
 * entry and the module's walk; the files that convert one concern each include this header.
 * Private to the frontend, like tree-sitter itself (DESIGN.md's layers). */
#ifndef PJ_FRONTEND_PARSER_H
#define PJ_FRONTEND_PARSER_H

#include "frontend/frontend.h"

#include <tree_sitter/api.h>

/* Node kinds the walk needs. X(enum suffix, tree-sitter name, named?) */
#define PJ_TS_SYMBOLS(X)                                                                          \
  X(MODULE, "module", 1) X(IMPORT, "import_statement", 1) X(IMPORT_FROM, "import_from_statement", 1) \
  X(FUTURE_IMPORT, "future_import_statement", 1) X(ALIASED_IMPORT, "aliased_import", 1)           \
  X(DOTTED_NAME, "dotted_name", 1) X(WILDCARD_IMPORT, "wildcard_import", 1)                        \
  X(EXPR_STMT, "expression_statement", 1) X(ASSIGNMENT, "assignment", 1)                          \
  X(AUG_ASSIGNMENT, "augmented_assignment", 1) X(DECORATED, "decorated_definition", 1)            \
  X(DECORATOR, "decorator", 1) X(FUNCTION_DEF, "function_definition", 1)                          \
  X(CLASS_DEF, "class_definition", 1) X(PARAMETERS, "parameters", 1) X(BLOCK, "block", 1)          \
  X(IF, "if_statement", 1) X(ELIF, "elif_clause", 1) X(ELSE, "else_clause", 1)                     \
  X(FOR, "for_statement", 1) X(WHILE, "while_statement", 1) X(RETURN, "return_statement", 1)      \
  X(PASS, "pass_statement", 1) X(BREAK, "break_statement", 1) X(CONTINUE, "continue_statement", 1) \
  X(RAISE, "raise_statement", 1) X(NONLOCAL, "nonlocal_statement", 1)                             \
  X(IDENTIFIER, "identifier", 1) X(INTEGER, "integer", 1) X(FLOAT, "float", 1) X(TRUE, "true", 1)  \
  X(FALSE, "false", 1) X(NONE, "none", 1) X(STRING, "string", 1)                                   \
  X(CONCAT_STRING, "concatenated_string", 1) X(STRING_CONTENT, "string_content", 1)                \
  X(STRING_START, "string_start", 1) X(INTERPOLATION, "interpolation", 1)                          \
  X(ESCAPE_SEQUENCE, "escape_sequence", 1) X(ESCAPE_INTERPOLATION, "escape_interpolation", 1)      \
  X(FORMAT_EXPRESSION, "format_expression", 1) X(DICT_SPLAT, "dictionary_splat", 1)                \
  X(NAMED_EXPRESSION, "named_expression", 1)                                                       \
  X(ATTRIBUTE, "attribute", 1) X(CALL, "call", 1) X(ARGUMENT_LIST, "argument_list", 1)             \
  X(KEYWORD_ARGUMENT, "keyword_argument", 1) X(SUBSCRIPT, "subscript", 1) X(SLICE, "slice", 1)     \
  X(BINARY, "binary_operator", 1) X(UNARY, "unary_operator", 1) X(NOT, "not_operator", 1)          \
  X(BOOLEAN, "boolean_operator", 1) X(COMPARISON, "comparison_operator", 1)                        \
  X(CONDITIONAL, "conditional_expression", 1) X(PAREN, "parenthesized_expression", 1)              \
  X(TUPLE, "tuple", 1) X(LIST, "list", 1) X(EXPRESSION_LIST, "expression_list", 1) X(PATTERN_LIST, "pattern_list", 1) \
  X(TUPLE_PATTERN, "tuple_pattern", 1) X(COMMENT, "comment", 1) X(DEFAULT_PARAM, "default_parameter", 1) \
  X(TYPED_PARAM, "typed_parameter", 1) X(EXPRESSION_STMT_DOC, "string", 1)                         \
  X(LIST_SPLAT, "list_splat", 1) X(LIST_SPLAT_PATTERN, "list_splat_pattern", 1)                    \
  X(OP_PLUS, "+", 0) X(OP_MINUS, "-", 0) X(OP_STAR, "*", 0) X(OP_SLASH, "/", 0)                     \
  X(OP_DSLASH, "//", 0) X(OP_PERCENT, "%", 0) X(OP_DSTAR, "**", 0) X(OP_LSHIFT, "<<", 0)           \
  X(OP_RSHIFT, ">>", 0) X(OP_AMP, "&", 0) X(OP_PIPE, "|", 0) X(OP_CARET, "^", 0) X(OP_AT, "@", 0)   \
  X(OP_TILDE, "~", 0) X(OP_AND, "and", 0) X(OP_OR, "or", 0) X(OP_LT, "<", 0) X(OP_LE, "<=", 0)     \
  X(OP_GT, ">", 0) X(OP_GE, ">=", 0) X(OP_EQ, "==", 0) X(OP_NE, "!=", 0) X(OP_IN, "in", 0)          \
  X(OP_NOT_IN, "not in", 0) X(OP_IS, "is", 0) X(OP_IS_NOT, "is not", 0) X(OP_NE2, "<>", 0)         \
  X(AUG_ADD, "+=", 0) X(AUG_SUB, "-=", 0) X(AUG_MUL, "*=", 0) X(AUG_DIV, "/=", 0)                   \
  X(AUG_FLOORDIV, "//=", 0) X(AUG_MOD, "%=", 0) X(AUG_POW, "**=", 0) X(AUG_LSHIFT, "<<=", 0)       \
  X(AUG_RSHIFT, ">>=", 0) X(AUG_AND, "&=", 0) X(AUG_OR, "|=", 0) X(AUG_XOR, "^=", 0) X(AUG_AT, "@=", 0)

#define PJ_TS_FIELDS(X)                                                                            \
  X(NAME, "name") X(ALIAS, "alias") X(MODULE_NAME, "module_name") X(LEFT, "left") X(RIGHT, "right") \
  X(OPERATOR, "operator") X(DEFINITION, "definition") X(PARAMETERS, "parameters") X(BODY, "body")  \
  X(CONDITION, "condition") X(CONSEQUENCE, "consequence") X(ALTERNATIVE, "alternative")            \
  X(OBJECT, "object") X(ATTRIBUTE, "attribute") X(FUNCTION, "function") X(ARGUMENTS, "arguments")  \
  X(VALUE, "value") X(SUBSCRIPT, "subscript") X(ARGUMENT, "argument") X(TYPE, "type")             \
  X(EXPRESSION, "expression") X(TYPE_CONVERSION, "type_conversion") X(FORMAT_SPECIFIER, "format_specifier")

enum {
#define PJ_SYM_ENUM(e, name, named) PJ_SYM_##e,
  PJ_TS_SYMBOLS(PJ_SYM_ENUM) PJ_SYM_COUNT
#undef PJ_SYM_ENUM
};
enum {
#define PJ_FIELD_ENUM(e, name) PJ_FIELD_##e,
  PJ_TS_FIELDS(PJ_FIELD_ENUM) PJ_FIELD_COUNT
#undef PJ_FIELD_ENUM
};

/* The ids of the names above in the grammar, PJ_SYM_x and PJ_FIELD_x as indexes. */
extern TSSymbol pj_sym[PJ_SYM_COUNT];
extern TSFieldId pj_field[PJ_FIELD_COUNT];

typedef struct PjParser {
  PjArena *arena;
  PjDiags *diags;
  PjModule *m;
  const char *text;
  PjDiags *syntax; /* syntax errors: the file's, even while a function's body is parsed */
  bool module_level; /* parsing a module-level statement: lists are data there */
  PjVec globals; /* PjGlobal* */
  PjNames global_names; /* indexes into globals: pj_global looks names up */
  PjVec funcs;
  PjVec inner;   /* PjFunc*: functions defined inside functions */
  PjFunc *cur;   /* the function whose body is being parsed, or NULL */
  int loop_elses; /* for/while ... else clauses desugared so far (their flags' names) */
  uint32_t col_line, col_byte; /* pj_column's last answer: on the line starting at byte col_line, */
  int col_chars;               /* byte col_byte is column col_chars (long lines are counted once) */
  TSTreeCursor cursor;         /* pj_kids' */
} PjParser;

static inline bool pj_is(TSNode n, int sym) { return ts_node_symbol(n) == pj_sym[sym]; }
static inline TSNode pj_child(TSNode n, int field) { return ts_node_child_by_field_id(n, pj_field[field]); }

/* A node's children, or its named children only, in order, in an arena array. The one way the
 * walk goes over children: one pass of a tree cursor. (ts_node_child(n, i) and
 * ts_node_named_child(n, i) look for child i from the first one each time, so a loop over i was
 * quadratic in the count: a module of 20,000 comment lines took seconds.) */
typedef struct PjKids {
  TSNode *at;
  uint32_t n;
} PjKids;

PjKids pj_kids_of(PjParser *p, TSNode n, bool named_only);
static inline PjKids pj_named_kids(PjParser *p, TSNode n) { return pj_kids_of(p, n, true); }
static inline PjKids pj_all_kids(PjParser *p, TSNode n) { return pj_kids_of(p, n, false); }
/* The first named child, or a null node. */
TSNode pj_first_named(PjParser *p, TSNode n);

/* Where a node is (columns count characters: pj_column), and its text in the arena. */
int pj_column(PjParser *p, uint32_t byte, uint32_t byte_col);
PjLoc pj_loc(PjParser *p, TSNode n);
/* The 1-based line a node's text ends on. */
int pj_last_line(TSNode n);
const char *pj_text(PjParser *p, TSNode n);
const char *pj_node_kind(TSNode n);
/* An error at n: "<what> is not supported in kernels". */
void pj_reject(PjParser *p, TSNode n, const char *what);

/* frontend/parse_expr.c: expressions */
/* An expression node as the project's expression, or NULL after an error (reported). */
PjExpr *pj_expr(PjParser *p, TSNode n);
/* A new expression of kind k at node n. */
PjExpr *pj_new_expr_at(PjParser *p, PjExprKind k, TSNode n);
/* The expressions among n's named children (comments aside); *count of them. */
PjExpr **pj_expr_list(PjParser *p, TSNode n, int *count);
/* The PjBinOp of an operator token (of a binary operator or an augmented assignment), or -1. */
int pj_binop_of(TSNode op);
/* Whether s is a Python keyword. */
bool pj_is_keyword(const char *s);

/* frontend/parse_string.c: string literals, f-strings and str.format */
/* The location of source bytes [a, b) inside node n. */
PjLoc pj_loc_bytes(PjParser *p, TSNode n, uint32_t a, uint32_t b);
/* {x:=5} in an f-string, which the grammar reads as x := 5: x, and where the spec "=5" starts. */
bool pj_walrus_spec(PjParser *p, TSNode n, TSNode *name, uint32_t *spec_at);
/* Whether a string literal (or one of its parts) is an f-string. */
bool pj_any_fstring(PjParser *p, TSNode n);
PjExpr *pj_parse_string(PjParser *p, TSNode n);
/* "...".format(args): call is the call, str the string. */
PjExpr *pj_parse_str_format(PjParser *p, TSNode call, TSNode str);

/* frontend/parse_stmt.c: statements and blocks */
/* A block's statements into out; false when one was rejected (all are reported). */
bool pj_block(PjParser *p, TSNode n, PjBlock *out);
PjStmt *pj_parse_assignment(PjParser *p, TSNode n);
PjStmt *pj_parse_aug(PjParser *p, TSNode n);

/* frontend/parse_function.c: function definitions */
bool pj_parse_params(PjParser *p, TSNode params, PjFunc *f);
/* The function a `def` node makes, before its parameters and body: its name, where it is written. */
PjFunc *pj_func_of_def(PjParser *p, TSNode def);
/* A module-level def (decorated: its decorated_definition, or a null node). */
void pj_parse_function(PjParser *p, TSNode def, TSNode decorated);

/* frontend/module_scan.c: the module's bindings (the globals list, imports, assignments) */
void pj_add_global(PjParser *p, PjGlobal g);
/* The latest module-level binding of name so far, or NULL. */
const PjGlobal *pj_global(PjParser *p, const char *name);
void pj_parse_import(PjParser *p, TSNode n);
void pj_parse_import_from(PjParser *p, TSNode n);
/* The names a module-level statement binds, as values unknown when compiling. */
void pj_bind_opaque(PjParser *p, TSNode n);
/* A module-level expression statement: an assignment folded where it can be. */
void pj_parse_module_assign(PjParser *p, TSNode stmt);

/* frontend/module_fold.c: module-level values folded to constants */
/* e's value when Python's is known here (a number, a NumPy scalar, a tuple of them), or NULL. */
PjExpr *pj_fold(PjParser *p, const PjExpr *e);
/* np.array(...) of constants bound to name, or NULL. */
PjConstArray *pj_fold_array(PjParser *p, const char *name, const PjExpr *call);
/* The qualified name of the dtype e stands for, or NULL. */
const char *pj_fold_dtype(PjParser *p, const PjExpr *e);

/* frontend/syntax_errors.c: syntax errors, in Python's words */
/* Indentation errors among a block's statements (tree-sitter-python accepts some). */
void pj_check_layout(PjParser *p, PjKids stmts);
int pj_check_nesting(PjParser *p, TSNode root);
bool pj_check_indentation(PjParser *p);
/* The tree's ERROR and MISSING nodes as errors, at most *budget of them. */
void pj_report_syntax_errors(PjParser *p, TSNode n, int *budget);

#endif
