#include "ir/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A list keeps its first PJ_DIAGS_KEPT diagnostics and counts the rest: a hostile input (thousands
 * of errors on a line of megabytes) costs neither memory nor output past that. */
enum { PJ_DIAGS_KEPT = 100 };

struct PjDiags {
  PjDiag *items;
  size_t len, cap, errors;
  size_t dropped; /* diagnostics counted but not kept */
};

PjDiags *pj_diags_new(void) { return calloc(1, sizeof(PjDiags)); }

void pj_diags_delete(PjDiags *diags) {
  if (!diags) return;
  for (size_t i = 0; i < diags->len; i++) {
    free((char *)diags->items[i].file);
    free((char *)diags->items[i].message);
    free((char *)diags->items[i].source_line);
  }
  free(diags->items);
  free(diags);
}

size_t pj_diags_count(const PjDiags *diags) { return diags ? diags->len : 0; }
size_t pj_diags_dropped(const PjDiags *diags) { return diags ? diags->dropped : 0; }

/* The errors among the diagnostics a list kept. */
static size_t pj_diags_kept_errors(const PjDiags *diags) {
  size_t n = 0;
  for (size_t i = 0; i < diags->len; i++) n += diags->items[i].severity == PJ_SEVERITY_ERROR;
  return n;
}
size_t pj_diags_errors(const PjDiags *diags) { return diags ? diags->errors : 0; }
const PjDiag *pj_diags_get(const PjDiags *diags, size_t i) {
  return diags && i < diags->len ? &diags->items[i] : NULL;
}

static char *pj_line_copy(const PjFile *file, int line) {
  if (!file || !file->text || line < 1) return NULL;
  const char *p = file->text, *end = file->text + file->len;
  for (int l = 1; l < line && p < end; p++)
    if (*p == '\n') l++;
  const char *e = p;
  while (e < end && *e != '\n' && *e != '\r') e++;
  size_t pad = file->col_offset > 0 ? (size_t)file->col_offset : 0;
  char *s = malloc(pad + (size_t)(e - p) + 1);
  memset(s, ' ', pad);
  memcpy(s + pad, p, (size_t)(e - p));
  s[pad + (size_t)(e - p)] = 0;
  return s;
}

void pj_diag_add(PjDiags *diags, PjSeverity sev, const PjFile *file, PjLoc loc, const char *fmt, ...) {
  if (!diags) return;
  if (diags->len >= PJ_DIAGS_KEPT) {
    diags->dropped++;
    if (sev == PJ_SEVERITY_ERROR) diags->errors++;
    return;
  }
  if (diags->len == diags->cap) {
    diags->cap = diags->cap ? diags->cap * 2 : 8;
    diags->items = realloc(diags->items, diags->cap * sizeof(PjDiag));
  }
  va_list ap;
  va_start(ap, fmt);
  char *msg = NULL;
  if (vasprintf(&msg, fmt, ap) < 0) msg = NULL;
  va_end(ap);
  PjDiag *d = &diags->items[diags->len++];
  d->severity = sev;
  d->file = strdup(file && file->path ? file->path : "<input>");
  int shift = file && loc.col > 0 ? file->col_offset : 0;
  d->line = loc.line;
  d->col = loc.col + shift;
  d->end_col = loc.end_col > 0 ? loc.end_col + shift : loc.end_col;
  d->message = msg ? msg : strdup("(no message)");
  d->source_line = pj_line_copy(file, loc.line);
  if (sev == PJ_SEVERITY_ERROR) diags->errors++;
}

void pj_diags_append(PjDiags *dst, const PjDiags *src) {
  size_t n = src ? src->len : 0; /* fixed first: appending a list to itself doubles it once */
  if (dst && src) dst->dropped += src->dropped, dst->errors += src->errors - pj_diags_kept_errors(src);
  for (size_t i = 0; dst && i < n; i++) {
    PjDiag copy = src->items[i];
    const PjDiag *d = &copy;
    if (dst->len >= PJ_DIAGS_KEPT) {
      dst->dropped++;
      if (d->severity == PJ_SEVERITY_ERROR) dst->errors++;
      continue;
    }
    if (dst->len == dst->cap) {
      dst->cap = dst->cap ? dst->cap * 2 : 8;
      dst->items = realloc(dst->items, dst->cap * sizeof(PjDiag));
    }
    PjDiag *c = &dst->items[dst->len++];
    *c = *d;
    c->file = strdup(d->file);
    c->message = strdup(d->message);
    c->source_line = d->source_line ? strdup(d->source_line) : NULL;
    if (d->severity == PJ_SEVERITY_ERROR) dst->errors++;
  }
}

static const char *pj_severity_name(PjSeverity s) {
  return s == PJ_SEVERITY_ERROR ? "error" : s == PJ_SEVERITY_WARNING ? "warning" : "note";
}

/* A growable string for the formatters. */
typedef struct PjBuf {
  char *s;
  size_t len, cap;
} PjBuf;

static void pj_buf_printf(PjBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void pj_buf_printf(PjBuf *b, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (b->len + (size_t)n + 1 > b->cap) {
    b->cap = (b->len + (size_t)n + 1) * 2;
    b->s = realloc(b->s, b->cap);
  }
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  b->len += (size_t)n;
}

char *pj_diags_format(const PjDiags *diags) {
  PjBuf b = {0};
  pj_buf_printf(&b, "%s", "");
  for (size_t i = 0; diags && i < diags->len; i++) {
    const PjDiag *d = &diags->items[i];
    if (d->line > 0)
      pj_buf_printf(&b, "%s:%d:%d: %s: %s\n", d->file, d->line, d->col, pj_severity_name(d->severity), d->message);
    else
      pj_buf_printf(&b, "%s: %s: %s\n", d->file, pj_severity_name(d->severity), d->message);
    if (!d->source_line || d->col < 1) continue;
    int len = (int)strlen(d->source_line);
    int end = d->end_col > d->col ? d->end_col : d->col + 1;
    if (end > len + 1) end = len + 1;
    int lead = d->col - 1 < len ? d->col - 1 : len;
    char *mark = malloc((size_t)lead + (size_t)(end > d->col ? end - d->col : 1) + 1), *m = mark;
    for (int c = 0; c < lead; c++) *m++ = d->source_line[c] == '\t' ? '\t' : ' '; /* tabs keep the caret aligned */
    *m++ = '^';
    for (int c = d->col + 1; c < end; c++) *m++ = '~';
    *m = 0;
    pj_buf_printf(&b, "%s\n%s\n", d->source_line, mark);
    free(mark);
  }
  if (diags && diags->dropped)
    pj_buf_printf(&b, "%s: note: %zu more diagnostic%s not shown (the first %d are)\n",
                  diags->len ? diags->items[diags->len - 1].file : "<input>", diags->dropped,
                  diags->dropped == 1 ? "" : "s", PJ_DIAGS_KEPT);
  return b.s;
}

static void pj_buf_json_string(PjBuf *b, const char *s) {
  pj_buf_printf(b, "\"");
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') pj_buf_printf(b, "\\%c", c);
    else if (c == '\n') pj_buf_printf(b, "\\n");
    else if (c < 0x20) pj_buf_printf(b, "\\u%04x", c);
    else pj_buf_printf(b, "%c", c);
  }
  pj_buf_printf(b, "\"");
}

char *pj_diags_format_json(const PjDiags *diags) {
  PjBuf b = {0};
  pj_buf_printf(&b, "%s", "");
  for (size_t i = 0; diags && i < diags->len; i++) {
    const PjDiag *d = &diags->items[i];
    pj_buf_printf(&b, "{\"file\":");
    pj_buf_json_string(&b, d->file);
    pj_buf_printf(&b, ",\"line\":%d,\"col\":%d,\"end_col\":%d,\"severity\":\"%s\",\"message\":", d->line, d->col,
                  d->end_col, pj_severity_name(d->severity));
    pj_buf_json_string(&b, d->message);
    pj_buf_printf(&b, "}\n");
  }
  if (diags && diags->dropped) {
    pj_buf_printf(&b, "{\"file\":");
    pj_buf_json_string(&b, diags->len ? diags->items[diags->len - 1].file : "<input>");
    pj_buf_printf(&b, ",\"line\":0,\"col\":0,\"end_col\":0,\"severity\":\"note\",\"message\":\"%zu more "
                  "diagnostic%s not shown (the first %d are)\"}\n", diags->dropped, diags->dropped == 1 ? "" : "s",
                  PJ_DIAGS_KEPT);
  }
  return b.s;
}
