/* frontend/: nesting and indentation found without recursion (frontend/nesting.h). */
#include "frontend/nesting.h"

#include <stdlib.h>

int pj_tree_nesting(TSNode root, TSSymbol elif, int limit, TSNode *too_deep) {
  TSTreeCursor c = ts_tree_cursor_new(root);
  /* at each depth d of the walk: elifs[d], the elif clauses among the siblings so far; extra[d],
   * the levels all elifs on the path add */
  int depth = 0, cap = 0, *elifs = NULL, *extra = NULL, deepest = 0;
  bool fresh = true;
  for (;;) {
    if (depth >= cap) {
      cap = cap ? cap * 2 : 256;
      elifs = realloc(elifs, sizeof(int) * (size_t)cap);
      extra = realloc(extra, sizeof(int) * (size_t)cap);
    }
    TSNode n = ts_tree_cursor_current_node(&c);
    if (fresh) elifs[depth] = 0;
    elifs[depth] += ts_node_symbol(n) == elif;
    extra[depth] = (depth ? extra[depth - 1] : 0) + elifs[depth];
    if (depth + extra[depth] > deepest) deepest = depth + extra[depth];
    if (deepest > limit) {
      *too_deep = n;
      deepest = -1;
      break;
    }
    if (ts_tree_cursor_goto_first_child(&c)) {
      depth++;
      fresh = true;
      continue;
    }
    fresh = false;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) goto done;
      depth--;
    }
  }
done:
  free(elifs);
  free(extra);
  ts_tree_cursor_delete(&c);
  return deepest;
}

bool pj_overindented_line(const char *t, size_t len, int *line, int *col, int *cols) {
  int n = 1;
  for (size_t at = 0; at < len; n++) {
    int w = 0;
    size_t start = at;
    for (; at < len && (t[at] == ' ' || t[at] == '\t'); at++) w = t[at] == '\t' ? (w / 8 + 1) * 8 : w + 1;
    if (w > 255 && at < len && t[at] != '\n' && t[at] != '#' && t[at] != '\r') {
      *line = n;
      *col = (int)(at - start) + 1;
      *cols = w;
      return true;
    }
    while (at < len && t[at] != '\n') at++;
    at++;
  }
  return false;
}
