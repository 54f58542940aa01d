/* Unit test of ir/diag.c: diagnostics recorded by pj_diag_add, printed in clang's form by
 * pj_diags_format (exact strings: caret under tabs, underline clamped to the line, no position),
 * as JSON lines by pj_diags_format_json (escaping), counted and copied. */
#include "ir/diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* multi-line texts: both shown whole */
#define CHECK_LINES(got, want)                                                     \
  do {                                                                           \
    const char *g_ = (got), *w_ = (want);                                        \
    if (g_ && strcmp(g_, w_) == 0) passed++;                                     \
    else {                                                                       \
      failed++;                                                                  \
      printf("%s:%d: got\n----\n%s----\nwant\n----\n%s----\n", __FILE__, __LINE__, g_ ? g_ : "(null)\n", w_); \
    }                                                                            \
  } while (0)

static const char *src_text = "def f(a):\n"
                              "\tx = good(a)\n"
                              "    return\n"
                              "\t\tz\n";

static PjFile file_of(const char *path, const char *text) {
  return (PjFile){.path = path, .text = text, .len = text ? strlen(text) : 0};
}

/* Formats one diagnostic alone and checks the text. */
static void check_one(int line, PjSeverity sev, const PjFile *f, PjLoc loc, const char *msg, const char *want) {
  PjDiags *d = pj_diags_new();
  pj_diag_add(d, sev, f, loc, "%s", msg);
  char *s = pj_diags_format(d);
  if (s && strcmp(s, want) == 0) passed++;
  else {
    failed++;
    printf("%s:%d: got\n----\n%s----\nwant\n----\n%s----\n", __FILE__, line, s ? s : "(null)\n", want);
  }
  free(s);
  pj_diags_delete(d);
}

/* ---- clang's form ------------------------------------------------------------------------ */

static void test_format(void) {
  PjFile f = file_of("k.py", src_text);

  /* The underline covers [col, end_col); the tab before the caret is kept, so the caret lines
   * up under any tab width. */
  check_one(__LINE__, PJ_SEVERITY_ERROR, &f, (PjLoc){2, 6, 10}, "undefined name 'good'",
            "k.py:2:6: error: undefined name 'good'\n"
            "\tx = good(a)\n"
            "\t    ^~~~\n");
  /* An end column beyond the line is clamped to the line's end. */
  check_one(__LINE__, PJ_SEVERITY_NOTE, &f, (PjLoc){3, 5, 100}, "here",
            "k.py:3:5: note: here\n"
            "    return\n"
            "    ^~~~~~\n");
  /* No end column, or one not after col: a lone caret. */
  check_one(__LINE__, PJ_SEVERITY_WARNING, &f, (PjLoc){1, 1, 0}, "w",
            "k.py:1:1: warning: w\n"
            "def f(a):\n"
            "^\n");
  check_one(__LINE__, PJ_SEVERITY_ERROR, &f, (PjLoc){1, 5, 5}, "e",
            "k.py:1:5: error: e\n"
            "def f(a):\n"
            "    ^\n");
  check_one(__LINE__, PJ_SEVERITY_ERROR, &f, (PjLoc){1, 5, 3}, "e",
            "k.py:1:5: error: e\n"
            "def f(a):\n"
            "    ^\n");
  /* Several tabs in a row; an underline of exactly one column. */
  check_one(__LINE__, PJ_SEVERITY_ERROR, &f, (PjLoc){4, 3, 4}, "z",
            "k.py:4:3: error: z\n"
            "\t\tz\n"
            "\t\t^\n");
  /* A caret just past the end of the line (e.g. "expected ':'"). */
  check_one(__LINE__, PJ_SEVERITY_ERROR, &f, (PjLoc){1, 10, 11}, "expected ':'",
            "k.py:1:10: error: expected ':'\n"
            "def f(a):\n"
            "         ^\n");
  /* A diagnostic without a position: no line, column, source or caret. */
  check_one(__LINE__, PJ_SEVERITY_ERROR, &f, (PjLoc){0, 0, 0}, "no kernel named 'g'",
            "k.py: error: no kernel named 'g'\n");
  /* No file at all. */
  check_one(__LINE__, PJ_SEVERITY_ERROR, NULL, (PjLoc){0, 0, 0}, "cannot read",
            "<input>: error: cannot read\n");
  /* A file whose text is unknown: the position but no source line. */
  PjFile notext = file_of("m.py", NULL);
  check_one(__LINE__, PJ_SEVERITY_ERROR, &notext, (PjLoc){7, 3, 5}, "m",
            "m.py:7:3: error: m\n");

  /* CRLF line ends and a last line without a newline. */
  PjFile crlf = file_of("w.py", "a = 1\r\nb = cc\r\nd = e");
  check_one(__LINE__, PJ_SEVERITY_ERROR, &crlf, (PjLoc){2, 5, 7}, "undefined name 'cc'",
            "w.py:2:5: error: undefined name 'cc'\n"
            "b = cc\n"
            "    ^~\n");
  check_one(__LINE__, PJ_SEVERITY_ERROR, &crlf, (PjLoc){3, 5, 6}, "undefined name 'e'",
            "w.py:3:5: error: undefined name 'e'\n"
            "d = e\n"
            "    ^\n");

  /* Several diagnostics print in order; the message is printf-formatted. */
  PjDiags *d = pj_diags_new();
  pj_error(d, &f, ((PjLoc){2, 6, 10}), "'%s' takes %d arguments, got %d", "good", 2, 1);
  pj_note(d, &f, ((PjLoc){1, 1, 4}), "defined here");
  pj_error(d, &f, ((PjLoc){0, 0, 0}), "%d errors", 2);
  char *s = pj_diags_format(d);
  CHECK_LINES(s, "k.py:2:6: error: 'good' takes 2 arguments, got 1\n"
               "\tx = good(a)\n"
               "\t    ^~~~\n"
               "k.py:1:1: note: defined here\n"
               "def f(a):\n"
               "^~~\n"
               "k.py: error: 2 errors\n");
  free(s);

  /* The recorded fields. */
  const PjDiag *g = pj_diags_get(d, 0);
  CHECK(g && g->severity == PJ_SEVERITY_ERROR && g->line == 2 && g->col == 6 && g->end_col == 10);
  CHECK_LINES(g ? g->file : NULL, "k.py");
  CHECK_LINES(g ? g->message : NULL, "'good' takes 2 arguments, got 1");
  CHECK_LINES(g ? g->source_line : NULL, "\tx = good(a)");
  g = pj_diags_get(d, 2);
  CHECK(g && g->line == 0 && g->source_line == NULL);
  CHECK(pj_diags_get(d, 3) == NULL);
  CHECK(pj_diags_get(NULL, 0) == NULL);
  pj_diags_delete(d);

  /* Nothing to print is an empty string, not NULL. */
  d = pj_diags_new();
  s = pj_diags_format(d);
  CHECK_LINES(s, "");
  free(s);
  s = pj_diags_format_json(d);
  CHECK_LINES(s, "");
  free(s);
  pj_diags_delete(d);
  pj_diags_delete(NULL);
  pj_diag_add(NULL, PJ_SEVERITY_ERROR, &f, (PjLoc){1, 1, 1}, "ignored"); /* must not crash */
}

/* ---- JSON -------------------------------------------------------------------------------- */

static void test_json(void) {
  PjFile f = file_of("k.py", src_text);
  PjDiags *d = pj_diags_new();
  pj_error(d, &f, ((PjLoc){2, 6, 10}), "undefined name 'good'");
  pj_note(d, &f, ((PjLoc){0, 0, 0}), "%s", "say \"hi\" to C:\\dir\nnext\tline");
  PjFile odd = file_of("dir\\\"q\".py", "x\n");
  pj_diag_add(d, PJ_SEVERITY_WARNING, &odd, (PjLoc){1, 1, 2}, "w");
  char *s = pj_diags_format_json(d);
  CHECK_LINES(s, "{\"file\":\"k.py\",\"line\":2,\"col\":6,\"end_col\":10,\"severity\":\"error\","
               "\"message\":\"undefined name 'good'\"}\n"
               "{\"file\":\"k.py\",\"line\":0,\"col\":0,\"end_col\":0,\"severity\":\"note\","
               "\"message\":\"say \\\"hi\\\" to C:\\\\dir\\nnext\\u0009line\"}\n"
               "{\"file\":\"dir\\\\\\\"q\\\".py\",\"line\":1,\"col\":1,\"end_col\":2,\"severity\":\"warning\","
               "\"message\":\"w\"}\n");
  /* No raw newline inside any object: exactly one line per diagnostic. */
  int lines = 0;
  for (const char *p = s; p && *p; p++) lines += *p == '\n';
  CHECK(lines == 3);
  free(s);
  pj_diags_delete(d);
}

/* ---- counting and copying ---------------------------------------------------------------- */

static void test_count_append(void) {
  PjFile f = file_of("k.py", src_text);
  PjDiags *src = pj_diags_new(), *dst = pj_diags_new();
  CHECK(pj_diags_count(src) == 0 && pj_diags_errors(src) == 0);
  CHECK(pj_diags_count(NULL) == 0 && pj_diags_errors(NULL) == 0);
  pj_error(src, &f, ((PjLoc){2, 6, 10}), "first");
  pj_note(src, &f, ((PjLoc){1, 1, 4}), "a note");
  pj_diag_add(src, PJ_SEVERITY_WARNING, &f, (PjLoc){3, 5, 11}, "a warning");
  pj_error(src, &f, ((PjLoc){0, 0, 0}), "second");
  CHECK(pj_diags_count(src) == 4);
  CHECK(pj_diags_errors(src) == 2);

  pj_note(dst, &f, ((PjLoc){1, 1, 2}), "already here");
  CHECK(pj_diags_count(dst) == 1 && pj_diags_errors(dst) == 0);
  char *want = NULL;
  {
    char *a = pj_diags_format(dst), *b = pj_diags_format(src);
    size_t la = strlen(a), lb = strlen(b);
    want = malloc(la + lb + 1);
    memcpy(want, a, la);
    memcpy(want + la, b, lb + 1);
    free(a), free(b);
  }
  pj_diags_append(dst, src);
  CHECK(pj_diags_count(dst) == 5);
  CHECK(pj_diags_errors(dst) == 2);
  CHECK(pj_diags_count(src) == 4 && pj_diags_errors(src) == 2); /* src unchanged */
  /* Deep copies: the strings are not shared with src, and outlive it. */
  const PjDiag *c = pj_diags_get(dst, 1), *o = pj_diags_get(src, 0);
  CHECK(c && o && c->message != o->message && c->file != o->file && c->source_line != o->source_line);
  pj_diags_delete(src);
  char *s = pj_diags_format(dst);
  CHECK_LINES(s, want);
  free(s);
  free(want);
  c = pj_diags_get(dst, 4);
  CHECK(c && c->line == 0 && c->source_line == NULL);
  CHECK_LINES(c ? c->message : NULL, "second");

  /* Appending nothing, or to nothing, changes nothing. */
  pj_diags_append(dst, NULL);
  pj_diags_append(NULL, dst);
  PjDiags *empty = pj_diags_new();
  pj_diags_append(dst, empty);
  CHECK(pj_diags_count(dst) == 5 && pj_diags_errors(dst) == 2);
  pj_diags_delete(empty);

  /* Many (up to the 100 kept): growth keeps order and counts. */
  PjDiags *many = pj_diags_new();
  for (int i = 0; i < 90; i++) {
    if (i % 3 == 0) pj_note(many, &f, ((PjLoc){1, 1, 1}), "n%d", i);
    else pj_error(many, &f, ((PjLoc){1, 1, 1}), "e%d", i);
  }
  pj_diags_append(dst, many);
  CHECK(pj_diags_count(many) == 90 && pj_diags_errors(many) == 60);
  CHECK(pj_diags_count(dst) == 95 && pj_diags_errors(dst) == 62);
  int ok = 1;
  for (int i = 0; i < 90; i++) {
    char buf[16];
    snprintf(buf, sizeof buf, "%c%d", i % 3 == 0 ? 'n' : 'e', i);
    const PjDiag *m = pj_diags_get(dst, 5 + (size_t)i);
    ok &= m && strcmp(m->message, buf) == 0;
  }
  CHECK(ok);
  pj_diags_delete(many);
  pj_diags_delete(dst);
}

/* A list keeps the first 100 diagnostics and counts the rest as errors still; both formats end
 * with a note of how many were not kept; appending carries the count over. */
static void test_kept(void) {
  PjFile f = file_of("k.py", src_text);
  PjDiags *d = pj_diags_new();
  for (int i = 0; i < 250; i++) pj_diag_add(d, i % 5 ? PJ_SEVERITY_ERROR : PJ_SEVERITY_WARNING, &f, (PjLoc){1, 1, 4}, "e%d", i);
  CHECK(pj_diags_count(d) == 100);
  CHECK(pj_diags_errors(d) == 200);
  CHECK(pj_diags_dropped(d) == 150);
  CHECK_STR(pj_diags_get(d, 99)->message, "e99");
  CHECK(pj_diags_get(d, 100) == NULL);
  char *s = pj_diags_format(d);
  const char *tail = s ? strstr(s, "k.py:1:1: warning: e95") : NULL;
  CHECK_LINES(tail, "k.py:1:1: warning: e95\ndef f(a):\n^~~\n"
                    "k.py:1:1: error: e96\ndef f(a):\n^~~\n"
                    "k.py:1:1: error: e97\ndef f(a):\n^~~\n"
                    "k.py:1:1: error: e98\ndef f(a):\n^~~\n"
                    "k.py:1:1: error: e99\ndef f(a):\n^~~\n"
                    "k.py: note: 150 more diagnostics not shown (the first 100 are)\n");
  free(s);
  s = pj_diags_format_json(d);
  tail = s ? strstr(s, "\"e99\"}\n") : NULL;
  CHECK_LINES(tail, "\"e99\"}\n{\"file\":\"k.py\",\"line\":0,\"col\":0,\"end_col\":0,\"severity\":\"note\","
                    "\"message\":\"150 more diagnostics not shown (the first 100 are)\"}\n");
  free(s);
  PjDiags *e = pj_diags_new();
  pj_diag_add(e, PJ_SEVERITY_ERROR, &f, (PjLoc){2, 2, 0}, "first");
  pj_diags_append(e, d);
  CHECK(pj_diags_count(e) == 100);
  CHECK(pj_diags_errors(e) == 201);
  CHECK(pj_diags_dropped(e) == 151);
  CHECK_STR(pj_diags_get(e, 0)->message, "first");
  CHECK_STR(pj_diags_get(e, 99)->message, "e98");
  pj_diags_delete(e);
  pj_diags_delete(d);
}

int main(void) {
  test_format();
  test_json();
  test_count_append();
  test_kept();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
