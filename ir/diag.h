/* Diagnostics: the user's file, line and column, the message, the source line. */
#ifndef PJ_IR_DIAG_H
#define PJ_IR_DIAG_H

#include <pyjitc.h>

/* A source position: 1-based line and column (bytes), and the end column on the same line. */
typedef struct PjLoc {
  int line, col, end_col;
} PjLoc;

/* The file a diagnostic points into. */
typedef struct PjFile {
  const char *path;
  const char *text;
  size_t len;
  int col_offset; /* text was dedented by this many columns (a nested function's): reported columns and
                   * source lines get them back */
} PjFile;

void pj_diag_add(PjDiags *diags, PjSeverity sev, const PjFile *file, PjLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Copy every diagnostic of src to the end of dst. */
void pj_diags_append(PjDiags *dst, const PjDiags *src);
#define pj_error(diags, file, loc, ...) pj_diag_add((diags), PJ_SEVERITY_ERROR, (file), (loc), __VA_ARGS__)
#define pj_note(diags, file, loc, ...) pj_diag_add((diags), PJ_SEVERITY_NOTE, (file), (loc), __VA_ARGS__)

#endif
