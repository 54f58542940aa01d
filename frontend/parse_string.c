/* String literals, f-strings and "...".format(...) into expressions. A literal's text is read as
 * Python reads it (its parts joined, escapes decoded per r and b prefix), each byte remembering
 * the source byte it came from, so that messages point into the literal. A formatted string
 * (an f-string, or a constant string's .format(args), its fields parsed as str.format parses
 * them) becomes a call of $format: its text, then a spec and a value per field, which the type
 * checker takes only as an argument of print(). */
#include "frontend/parser.h"

#include <stdlib.h>
#include <string.h>

/* A string literal's text as Python reads it (escapes decoded, parts joined), with the source
 * byte each decoded byte came from, for messages that point into the literal. */
typedef struct PjStrBuf {
  char *s;
  uint32_t *at;
  size_t n, cap;
  bool raw, bytes; /* the part being read: r"..." (no escapes), b"..." (\x and octal escapes are bytes) */
  bool printf;     /* the text of an f-string or "...".format(): printf's format, which a NUL would end */
} PjStrBuf;

static void pj_sb_put(PjParser *p, PjStrBuf *b, const char *s, size_t n, uint32_t at, bool same_at) {
  if (b->n + n + 1 > b->cap) {
    size_t cap = (b->n + n + 1) * 2;
    char *ns = pj_arena_alloc(p->arena, cap);
    uint32_t *nat = pj_arena_alloc(p->arena, cap * sizeof(uint32_t));
    if (b->n) {
      memcpy(ns, b->s, b->n);
      memcpy(nat, b->at, b->n * sizeof(uint32_t));
    }
    b->s = ns;
    b->at = nat;
    b->cap = cap;
  }
  for (size_t i = 0; i < n; i++) {
    b->s[b->n] = s[i];
    b->at[b->n++] = same_at ? at : at + (uint32_t)i;
  }
  b->s[b->n] = 0;
}

/* The location of source bytes [a, b) inside node n (a string literal, which may span lines). */
PjLoc pj_loc_bytes(PjParser *p, TSNode n, uint32_t a, uint32_t b) {
  TSPoint s = ts_node_start_point(n);
  uint32_t row = s.row, line = ts_node_start_byte(n) - s.column;
  for (uint32_t i = ts_node_start_byte(n); i < a; i++)
    if (p->text[i] == '\n') {
      row++;
      line = i + 1;
    }
  PjLoc l = {(int)row + 1, pj_column(p, a, a - line), 1 << 20};
  if (!memchr(p->text + a, '\n', b - a)) l.end_col = pj_column(p, b, b - line);
  return l;
}

static void pj_put_utf8(PjParser *p, PjStrBuf *b, uint32_t cp, uint32_t at) {
  char u[4];
  size_t n;
  if (cp < 0x80) u[0] = (char)cp, n = 1;
  else if (cp < 0x800) u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
  else if (cp < 0x10000)
    u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
  else
    u[0] = (char)(0xF0 | cp >> 18), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)), u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)),
    u[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
  pj_sb_put(p, b, u, n, at, true);
}

/* One escape sequence of a (not raw) string: \n, \x41, \u00e9, \101, a backslash-newline. */
static bool pj_decode_escape(PjParser *p, TSNode esc, PjStrBuf *b) {
  uint32_t a = ts_node_start_byte(esc), e = ts_node_end_byte(esc);
  const char *t = p->text + a + 1;
  size_t n = e - a - 1;
  static const char simple[] = "\\\\''\"\"a\ab\bf\fn\nr\rt\tv\v";
  if (n == 0 || *t == '\n' || *t == '\r') return true; /* a backslash-newline continues the line */
  for (const char *s = simple; *s; s += 2)
    if (n == 1 && *t == s[0]) {
      pj_sb_put(p, b, &s[1], 1, a, true);
      return true;
    }
  if (b->bytes && (*t == 'u' || *t == 'U' || *t == 'N')) { /* not escapes in bytes: kept as written */
    pj_sb_put(p, b, t - 1, n + 1, a, false);
    return true;
  }
  uint32_t cp = 0;
  if (*t >= '0' && *t <= '7') {
    for (size_t i = 0; i < n; i++) cp = cp * 8 + (uint32_t)(t[i] - '0');
  } else if (*t == 'x' || *t == 'u' || *t == 'U') {
    for (size_t i = 1; i < n; i++) {
      char c = t[i] | 0x20;
      cp = cp * 16 + (uint32_t)(c <= '9' ? c - '0' : c - 'a' + 10);
    }
  } else {
    pj_reject(p, esc, *t == 'N' ? "a \\N{...} escape (a character by its name)" : "this escape sequence");
    return false;
  }
  if ((cp == 0 && b->printf) || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) {
    pj_error(p->diags, &p->m->file, pj_loc(p, esc), cp == 0 ? "a NUL character in a string is not supported in kernels "
             "(printf ends its text there)" : "a surrogate or out-of-range character in a string is not supported in kernels");
    return false;
  }
  if (b->bytes) {
    char byte = (char)(cp & 0xFF);
    pj_sb_put(p, b, &byte, 1, a, true);
  } else {
    pj_put_utf8(p, b, cp, a);
  }
  return true;
}

/* A string_content node: its text, its escapes decoded ({{ and }} of an f-string to { and }). */
static bool pj_decode_content(PjParser *p, TSNode c, PjStrBuf *b) {
  uint32_t at = ts_node_start_byte(c), end = ts_node_end_byte(c);
  if (b->raw) {
    pj_sb_put(p, b, p->text + at, end - at, at, false);
    return true;
  }
  PjKids k = pj_named_kids(p, c);
  for (uint32_t i = 0; i <= k.n; i++) {
    uint32_t next = i < k.n ? ts_node_start_byte(k.at[i]) : end;
    if (next > at) pj_sb_put(p, b, p->text + at, next - at, at, false);
    if (i == k.n) break;
    if (pj_is(k.at[i], PJ_SYM_ESCAPE_SEQUENCE) && !pj_decode_escape(p, k.at[i], b)) return false;
    if (pj_is(k.at[i], PJ_SYM_ESCAPE_INTERPOLATION)) pj_sb_put(p, b, p->text + next, 1, next, true);
    at = ts_node_end_byte(k.at[i]);
  }
  return true;
}

/* The string nodes of a literal: itself, or the parts of "a" "b". */
static PjKids pj_string_parts(PjParser *p, TSNode n) {
  if (!pj_is(n, PJ_SYM_CONCAT_STRING)) {
    PjKids k = {pj_arena_alloc(p->arena, sizeof(TSNode)), 1};
    k.at[0] = n;
    return k;
  }
  PjKids k = pj_named_kids(p, n), out = {pj_arena_alloc(p->arena, sizeof(TSNode) * (k.n + 1)), 0};
  for (uint32_t i = 0; i < k.n; i++)
    if (pj_is(k.at[i], PJ_SYM_STRING)) out.at[out.n++] = k.at[i];
  return out;
}

/* Whether a string node's prefix has letter c (lower case): f, r or b. */
static bool pj_string_prefix(PjParser *p, TSNode s, char c) {
  PjKids k = pj_named_kids(p, s);
  if (!k.n || !pj_is(k.at[0], PJ_SYM_STRING_START)) return false;
  for (uint32_t i = ts_node_start_byte(k.at[0]); i < ts_node_end_byte(k.at[0]); i++)
    if ((p->text[i] | 0x20) == c) return true;
  return false;
}

static bool pj_is_fstring(PjParser *p, TSNode s) { return pj_string_prefix(p, s, 'f'); }

/* Before a part's content is read: its prefix's r and b. */
static void pj_part_mode(PjParser *p, TSNode part, PjStrBuf *b) {
  b->raw = pj_string_prefix(p, part, 'r');
  b->bytes = pj_string_prefix(p, part, 'b');
}

bool pj_any_fstring(PjParser *p, TSNode n) {
  PjKids parts = pj_string_parts(p, n);
  for (uint32_t i = 0; i < parts.n; i++)
    if (pj_is_fstring(p, parts.at[i])) return true;
  return false;
}

/* A plain literal's decoded text (parts joined); false after an error. */
static bool pj_string_text(PjParser *p, TSNode n, PjStrBuf *b) {
  PjKids parts = pj_string_parts(p, n);
  for (uint32_t i = 0; i < parts.n; i++) {
    PjKids k = pj_named_kids(p, parts.at[i]);
    pj_part_mode(p, parts.at[i], b);
    for (uint32_t j = 0; j < k.n; j++)
      if (pj_is(k.at[j], PJ_SYM_STRING_CONTENT) && !pj_decode_content(p, k.at[j], b)) return false;
  }
  if (!b->s) pj_sb_put(p, b, "", 0, 0, true);
  return true;
}

/* The replacement fields of a formatted string are a call of $format, its arguments in order:
 * text (a string constant), and for each field a spec (a string constant with `big` set: the
 * conversion letter or '-', then the spec after ':', at the spec's place in the source) followed
 * by the value. The type checker takes it only as an argument of print(). */
static PjExpr *pj_new_text(PjParser *p, TSNode at, PjLoc loc, const char *text, bool spec) {
  PjExpr *e = pj_new_expr_at(p, PJ_EX_STRING, at);
  e->loc = loc;
  e->str = text;
  e->big = spec;
  return e;
}

static void pj_flush_text(PjParser *p, TSNode n, PjStrBuf *text, PjVec *args) {
  if (text->n)
    pj_vec_push(p->arena, args, pj_new_text(p, n, pj_loc(p, n), pj_arena_strndup(p->arena, text->s, text->n), false));
  text->n = 0;
}

static PjExpr *pj_format_call(PjParser *p, TSNode n, PjVec *args) {
  PjExpr *e = pj_new_expr_at(p, PJ_EX_CALL, n);
  e->call.fn = pj_new_expr_at(p, PJ_EX_NAME, n);
  e->call.fn->name.id = "$format";
  e->call.args = (PjExpr **)args->items;
  e->call.nargs = args->len;
  if (!e->call.args) e->call.args = pj_arena_alloc(p->arena, sizeof(PjExpr *));
  return e;
}

/* {x:=5} is x with the spec "=5" (Python reads ':' first in a field), which the grammar reads as
 * the assignment expression x := 5 (and {x:=^5} as one with a syntax error in it): the name, and
 * where the spec starts. */
bool pj_walrus_spec(PjParser *p, TSNode n, TSNode *name, uint32_t *spec_at) {
  PjKids k = pj_named_kids(p, n);
  if (!k.n) return false;
  TSNode x = k.at[0];
  if (pj_is(x, PJ_SYM_EXPRESSION_LIST)) x = pj_first_named(p, x);
  if (!pj_is(x, PJ_SYM_NAMED_EXPRESSION)) return false;
  *name = pj_child(x, PJ_FIELD_NAME);
  PjKids all = pj_all_kids(p, n);
  TSNode close = all.at[all.n - 1];
  uint32_t end = ts_node_end_byte(n);
  if (ts_node_is_null(*name) || ts_node_is_missing(close) || ts_node_end_byte(close) != end || p->text[end - 1] != '}')
    return false;
  *spec_at = ts_node_end_byte(*name) + 1; /* after the ':' of ':=' */
  return p->text[*spec_at - 1] == ':' && *spec_at < end;
}

/* One {expression=!conversion:spec} of an f-string. */
static bool pj_interpolation(PjParser *p, TSNode n, PjStrBuf *text, PjVec *args) {
  TSNode x = pj_child(n, PJ_FIELD_EXPRESSION), conv = pj_child(n, PJ_FIELD_TYPE_CONVERSION),
         spec = pj_child(n, PJ_FIELD_FORMAT_SPECIFIER), name;
  uint32_t walrus_at;
  if (pj_walrus_spec(p, n, &name, &walrus_at)) {
    pj_flush_text(p, n, text, args);
    uint32_t end = ts_node_end_byte(n) - 1;
    const char *st = pj_arena_strndup(p->arena, p->text + walrus_at, end - walrus_at);
    if (strpbrk(st, "{\\\n")) {
      pj_error(p->diags, &p->m->file, pj_loc_bytes(p, n, walrus_at, end), strchr(st, '{') ? "a format spec computed at run time "
               "('{x:{w}}') is not supported in kernels: write the spec as a constant"
               : "an escape sequence or a line break in a format spec is not supported in kernels");
      return false;
    }
    PjExpr *value = pj_expr(p, name);
    if (!value) return false;
    PjLoc loc = pj_loc_bytes(p, n, walrus_at, end);
    pj_vec_push(p->arena, args, pj_new_text(p, n, loc, pj_arena_printf(p->arena, "-%s", st), true));
    pj_vec_push(p->arena, args, value);
    return true;
  }
  if (ts_node_is_null(x)) {
    pj_reject(p, n, "this f-string field");
    return false;
  }
  PjKids all = pj_all_kids(p, n);
  bool self_doc = false;
  for (uint32_t i = 1; i + 1 < all.n; i++) { /* {x=}, { x = }: the text up to what follows the '=' is printed too */
    uint32_t a = ts_node_start_byte(all.at[i]);
    if (!ts_node_is_named(all.at[i]) && ts_node_end_byte(all.at[i]) == a + 1 && p->text[a] == '=') {
      uint32_t from = ts_node_end_byte(all.at[0]), to = ts_node_start_byte(all.at[i + 1]);
      pj_sb_put(p, text, p->text + from, to - from, from, false);
      self_doc = true;
    }
  }
  pj_flush_text(p, n, text, args);
  char c = ts_node_is_null(conv) ? (self_doc && ts_node_is_null(spec) ? 'r' : '-') : p->text[ts_node_end_byte(conv) - 1];
  const char *st = "";
  PjLoc loc = pj_loc(p, n);
  if (!ts_node_is_null(spec)) {
    PjKids k = pj_named_kids(p, spec);
    for (uint32_t i = 0; i < k.n; i++)
      if (pj_is(k.at[i], PJ_SYM_FORMAT_EXPRESSION)) {
        pj_error(p->diags, &p->m->file, pj_loc(p, k.at[i]), "a format spec computed at run time ('{x:{w}}') is not "
                 "supported in kernels: write the spec as a constant");
        return false;
      }
    uint32_t b = ts_node_end_byte(spec), a = ts_node_start_byte(spec) + (b > ts_node_start_byte(spec)); /* after the ':' */
    st = pj_arena_strndup(p->arena, p->text + a, b - a);
    if (strchr(st, '\\') || strchr(st, '\n')) {
      pj_reject(p, spec, "an escape sequence or a line break in a format spec");
      return false;
    }
    loc = pj_loc_bytes(p, spec, a, b);
  }
  PjExpr *value = pj_expr(p, x);
  if (!value) return false;
  pj_vec_push(p->arena, args, pj_new_text(p, n, loc, pj_arena_printf(p->arena, "%c%s", c, st), true));
  pj_vec_push(p->arena, args, value);
  return true;
}

static PjExpr *pj_parse_fstring(PjParser *p, TSNode n) {
  PjKids parts = pj_string_parts(p, n);
  PjStrBuf text = {.printf = true};
  PjVec args = {0};
  for (uint32_t i = 0; i < parts.n; i++) {
    PjKids k = pj_named_kids(p, parts.at[i]);
    pj_part_mode(p, parts.at[i], &text);
    for (uint32_t j = 0; j < k.n; j++) {
      if (pj_is(k.at[j], PJ_SYM_STRING_CONTENT) && !pj_decode_content(p, k.at[j], &text)) return NULL;
      if (pj_is(k.at[j], PJ_SYM_INTERPOLATION) && !pj_interpolation(p, k.at[j], &text, &args)) return NULL;
    }
  }
  pj_flush_text(p, n, &text, &args);
  return pj_format_call(p, n, &args);
}

PjExpr *pj_parse_string(PjParser *p, TSNode n) {
  if (pj_any_fstring(p, n)) return pj_parse_fstring(p, n);
  PjStrBuf b = {0};
  if (!pj_string_text(p, n, &b)) return NULL;
  PjExpr *e = pj_new_expr_at(p, PJ_EX_STRING, n);
  e->str = b.s;
  e->str_len = (int64_t)b.n;
  e->big = b.bytes; /* a bytes literal (frontend/strings.c) */
  return e;
}

/* "...".format(args): the fields of the constant string, read as str.format reads them, with
 * the call's arguments as values; the same $format call as an f-string's. */
typedef struct PjFormatArgs {
  PjExpr **pos;
  int npos;
  const char **names;
  PjExpr **kw;
  int nkw;
  int *uses;         /* per argument (positional, then keyword): fields that print it */
  int last_call;     /* the last argument with a call that a field used, in argument order */
} PjFormatArgs;

static bool pj_has_call(const PjExpr *e, void *ctx) {
  (void)ctx;
  return e->kind == PJ_EX_CALL;
}

static PjExpr *pj_format_arg(PjParser *p, PjLoc loc, PjFormatArgs *fa, int k) {
  PjExpr *v = k < fa->npos ? fa->pos[k] : fa->kw[k - fa->npos];
  if (pj_expr_any(v, pj_has_call, NULL)) { /* evaluated once each, in the order of the call, as Python does */
    if (fa->uses[k] || k < fa->last_call) {
      pj_error(p->diags, &p->m->file, loc, "a format() argument that calls a function must be printed once, in the "
               "order of the arguments, in kernels");
      return NULL;
    }
    fa->last_call = k;
  }
  return fa->uses[k]++ ? pj_clone_expr(p->arena, v, 0) : v;
}

PjExpr *pj_parse_str_format(PjParser *p, TSNode call, TSNode str) {
  TSNode al = pj_child(call, PJ_FIELD_ARGUMENTS);
  if (!pj_is(al, PJ_SYM_ARGUMENT_LIST)) {
    pj_reject(p, al, "a generator expression argument");
    return NULL;
  }
  PjKids k = pj_named_kids(p, al);
  PjFormatArgs fa = {.pos = pj_arena_alloc(p->arena, sizeof(PjExpr *) * (k.n + 1)),
                     .names = pj_arena_alloc(p->arena, sizeof(char *) * (k.n + 1)),
                     .kw = pj_arena_alloc(p->arena, sizeof(PjExpr *) * (k.n + 1)),
                     .uses = pj_arena_alloc(p->arena, sizeof(int) * (k.n + 1)), .last_call = -1};
  for (uint32_t i = 0; i < k.n; i++) {
    TSNode c = k.at[i];
    if (pj_is(c, PJ_SYM_COMMENT)) continue;
    if (pj_is(c, PJ_SYM_LIST_SPLAT) || pj_is(c, PJ_SYM_DICT_SPLAT)) {
      pj_reject(p, c, "*-unpacking in a format() call");
      return NULL;
    }
    bool kw = pj_is(c, PJ_SYM_KEYWORD_ARGUMENT);
    if (!kw && fa.nkw) {
      pj_error(p->diags, &p->m->file, pj_loc(p, c), "invalid syntax: positional argument follows keyword argument");
      return NULL;
    }
    PjExpr *v = pj_expr(p, kw ? pj_child(c, PJ_FIELD_VALUE) : c);
    if (!v) return NULL;
    if (kw) {
      fa.names[fa.nkw] = pj_text(p, pj_child(c, PJ_FIELD_NAME));
      fa.kw[fa.nkw++] = v;
    } else {
      fa.pos[fa.npos++] = v;
    }
  }
  PjStrBuf b = {.printf = true};
  if (!pj_string_text(p, str, &b)) return NULL;
  PjStrBuf text = {0};
  PjVec args = {0};
  int auto_next = 0; /* 0: no field numbered yet, 1+: automatic (next index + 1), -1: manual */
  for (size_t i = 0; i < b.n;) {
    char c = b.s[i];
    PjLoc here = pj_loc_bytes(p, str, b.at[i], b.at[i] + 1);
    if (c == '}' || (c == '{' && b.s[i + 1] == '{')) {
      if (c == '}' && b.s[i + 1] != '}') {
        pj_error(p->diags, &p->m->file, here, "Single '}' encountered in format string");
        return NULL;
      }
      pj_sb_put(p, &text, &c, 1, b.at[i], true);
      i += 2;
      continue;
    }
    if (c != '{') {
      pj_sb_put(p, &text, &c, 1, b.at[i], true);
      i++;
      continue;
    }
    /* {name!c:spec}: the name ends at '!', ':' or '}'; the spec at the '}' that closes the field */
    size_t name = i + 1, e = name;
    while (e < b.n && !strchr("!:}{[.", b.s[e])) e++;
    if (e < b.n && (b.s[e] == '[' || b.s[e] == '.')) {
      pj_error(p->diags, &p->m->file, pj_loc_bytes(p, str, b.at[e], b.at[e] + 1), "an index or attribute in a "
               "format field ('{0[1]}', '{0.real}') is not supported in kernels");
      return NULL;
    }
    if (e >= b.n || b.s[e] == '{') {
      pj_error(p->diags, &p->m->file, here,
               e >= b.n ? "Single '{' encountered in format string" : "unexpected '{' in field name");
      return NULL;
    }
    char conv = '-';
    size_t at = e;
    if (b.s[at] == '!') {
      const char *why = at + 1 >= b.n ? "end of string while looking for conversion specifier"
                        : !strchr("rsa", b.s[at + 1]) ? "Unknown conversion specifier"
                        : at + 2 >= b.n || !strchr(":}", b.s[at + 2]) ? "expected ':' after conversion specifier" : NULL;
      if (why) {
        pj_error(p->diags, &p->m->file, pj_loc_bytes(p, str, b.at[at], b.at[at] + 1), "%s", why);
        return NULL;
      }
      conv = b.s[at + 1];
      at += 2;
    }
    size_t spec = at < b.n && b.s[at] == ':' ? at + 1 : at, close = spec;
    while (close < b.n && b.s[close] != '}') {
      if (b.s[close] == '{') {
        pj_error(p->diags, &p->m->file, pj_loc_bytes(p, str, b.at[close], b.at[close] + 1), "a format spec computed at run "
                 "time ('{:{}}') is not supported in kernels: write the spec as a constant");
        return NULL;
      }
      close++;
    }
    if (close >= b.n) {
      pj_error(p->diags, &p->m->file, here, "expected '}' before end of string");
      return NULL;
    }
    PjLoc field = pj_loc_bytes(p, str, b.at[i], b.at[close] + 1);
    int arg;
    if (e == name || (b.s[name] >= '0' && b.s[name] <= '9')) {
      bool automatic = e == name;
      if ((automatic && auto_next < 0) || (!automatic && auto_next > 0)) {
        pj_error(p->diags, &p->m->file, field, automatic ? "cannot switch from manual field specification to automatic field "
                 "numbering" : "cannot switch from automatic field numbering to manual field specification");
        return NULL;
      }
      arg = automatic ? (auto_next ? auto_next : 1) - 1 : atoi(b.s + name);
      auto_next = automatic ? arg + 2 : -1;
      if (arg >= fa.npos) {
        pj_error(p->diags, &p->m->file, field, "Replacement index %d out of range for positional args tuple", arg);
        return NULL;
      }
    } else {
      const char *id = pj_arena_strndup(p->arena, b.s + name, e - name);
      arg = -1;
      for (int j = 0; j < fa.nkw; j++)
        if (strcmp(fa.names[j], id) == 0) arg = fa.npos + j;
      if (arg < 0) {
        pj_error(p->diags, &p->m->file, field, "KeyError: '%s' (no such keyword argument of format())", id);
        return NULL;
      }
    }
    pj_flush_text(p, str, &text, &args);
    PjLoc sloc = spec < close ? pj_loc_bytes(p, str, b.at[spec], b.at[close - 1] + 1) : field;
    PjExpr *v = pj_format_arg(p, field, &fa, arg);
    if (!v) return NULL;
    const char *st = pj_arena_printf(p->arena, "%c%.*s", conv, (int)(close - spec), b.s + spec);
    pj_vec_push(p->arena, &args, pj_new_text(p, str, sloc, st, true));
    pj_vec_push(p->arena, &args, v);
    i = close + 1;
  }
  pj_flush_text(p, str, &text, &args);
  return pj_format_call(p, call, &args);
}
