/* frontend/: how deep a program nests, and how far it indents, found without recursion before
 * the parse's stages walk it (they recurse: frontend/syntax_errors.c bounds them by these). */
#ifndef PJ_FRONTEND_NESTING_H
#define PJ_FRONTEND_NESTING_H

#include <stdbool.h>
#include <stddef.h>
#include <tree_sitter/api.h>

/* The nesting of the tree's deepest node, an elif (symbol elif) counting as a level inside its if
 * as the stages see it (a chain of elifs becomes ifs nested in each other); past limit, -1 and
 * *too_deep the first node past it. */
int pj_tree_nesting(TSNode root, TSSymbol elif, int limit, TSNode *too_deep);

/* The first line indented past column 255 (tabs to the next multiple of 8), which tree-sitter,
 * keeping each indentation in a byte, misreads: its line, the column of its first character and
 * its indentation in columns. false when there is none. */
bool pj_overindented_line(const char *text, size_t len, int *line, int *col, int *cols);

#endif
