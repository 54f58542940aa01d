/* Kernel signatures as numba writes them: "void(float32, float32[:], int64[:, ::1])", the
 * same without the return type, "(float32, int32[:])", or a bare list "float32, int32[:]".
 * Element types are numpy or numba names (float32, f4, int, boolean ...); an array type has
 * one ':' per dimension, and numba's layouts: '::1' on the last dimension is C-contiguous ('C'),
 * on the first of several Fortran-ordered ('F'), none at all any layout ('A'); CPointer(float32) is a
 * pointer to float32 elements (layout 'P'). */
#include <pyjitc.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define PJ_SIG_WORD_MAX 64

typedef struct PjSig {
  const char *text; /* the whole signature, quoted in messages */
  const char *p;    /* the cursor */
  char *err;
  size_t errlen;
} PjSig;

static int pj_sig_fail(PjSig *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int pj_sig_fail(PjSig *s, const char *fmt, ...) {
  if (!s->err || s->errlen == 0) return -1;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(s->err, s->errlen, fmt, ap);
  va_end(ap);
  if (n >= 0 && (size_t)n < s->errlen)
    snprintf(s->err + n, s->errlen - (size_t)n, " at column %d in signature '%s'", (int)(s->p - s->text) + 1,
             s->text);
  return -1;
}

static void pj_sig_skip_space(PjSig *s) {
  while (isspace((unsigned char)*s->p)) s->p++;
}

static int pj_sig_accept(PjSig *s, char c) {
  pj_sig_skip_space(s);
  if (*s->p != c) return 0;
  s->p++;
  return 1;
}

static int pj_sig_expect(PjSig *s, char c) {
  if (pj_sig_accept(s, c)) return 0;
  if (*s->p == '\0') return pj_sig_fail(s, "unexpected end, expected '%c'", c);
  return pj_sig_fail(s, "expected '%c', found '%c'", c, *s->p);
}

/* A name: [A-Za-z_][A-Za-z0-9_]*; 0 when none comes next. */
static int pj_sig_word(PjSig *s, char *buf, size_t n) {
  pj_sig_skip_space(s);
  const char *start = s->p;
  if (!isalpha((unsigned char)*s->p) && *s->p != '_') return 0;
  while (isalnum((unsigned char)*s->p) || *s->p == '_') s->p++;
  size_t len = (size_t)(s->p - start);
  if (len >= n) len = n - 1;
  memcpy(buf, start, len);
  buf[len] = '\0';
  return 1;
}

/* One dimension: ':' or '::1'; sets *contiguous for '::1'. */
static int pj_sig_dim(PjSig *s, int *contiguous) {
  if (pj_sig_expect(s, ':') < 0) return -1;
  *contiguous = pj_sig_accept(s, ':');
  if (*contiguous && !pj_sig_accept(s, '1')) return pj_sig_fail(s, "expected '1' after '::'");
  return 0;
}

/* "[:, :, ::1]" after the element type: the number of dimensions, and the layout in *layout. */
static int pj_sig_dims(PjSig *s, char *layout) {
  int ndim = 0, contiguous = 0, first = 0, last = 0;
  const char *dim = s->p;
  do {
    if (contiguous && ndim > 1) {
      s->p = dim;
      return pj_sig_fail(s, "'::1' is allowed on the first or the last dimension only");
    }
    if (ndim == PJ_MAX_DIMS) return pj_sig_fail(s, "more than %d dimensions", PJ_MAX_DIMS);
    pj_sig_skip_space(s);
    dim = s->p;
    if (pj_sig_dim(s, &contiguous) < 0) return -1;
    if (contiguous && ndim == 0) first = 1;
    last = contiguous;
    ndim++;
  } while (pj_sig_accept(s, ','));
  if (pj_sig_expect(s, ']') < 0) return -1;
  if (first && last && ndim > 1) return pj_sig_fail(s, "'::1' on both the first and the last dimension");
  *layout = last ? 'C' : first && ndim > 1 ? 'F' : 'A';
  return ndim;
}

static int pj_sig_arg(PjSig *s, PjArgType *out) {
  char word[PJ_SIG_WORD_MAX];
  pj_sig_skip_space(s);
  const char *start = s->p;
  if (!pj_sig_word(s, word, sizeof word)) {
    if (*s->p == '\0') return pj_sig_fail(s, "unexpected end, expected a type");
    return pj_sig_fail(s, "expected a type, found '%c'", *s->p);
  }
  if (strcmp(word, "CPointer") == 0 && pj_sig_accept(s, '(')) { /* CPointer(float32): a pointer */
    pj_sig_skip_space(s);
    const char *elem = s->p;
    if (!pj_sig_word(s, word, sizeof word) || !pj_dtype_from_name(word, &out->dtype)) {
      s->p = elem;
      return pj_sig_fail(s, "CPointer() takes a number type such as float32");
    }
    pj_sig_skip_space(s);
    if (!pj_sig_accept(s, ')')) return pj_sig_fail(s, "expected ')' after CPointer(%s", word);
    out->ndim = 0;
    out->layout = 'P';
    return 0;
  }
  if (!pj_dtype_from_name(word, &out->dtype)) {
    s->p = start;
    if (strcmp(word, "void") == 0) return pj_sig_fail(s, "void is a return type: write void(argument types)");
    return pj_sig_fail(s, "unknown type '%s'", word);
  }
  out->ndim = 0;
  out->layout = 'C';
  if (pj_sig_accept(s, '[')) out->ndim = pj_sig_dims(s, &out->layout);
  return out->ndim < 0 ? -1 : 0;
}

/* Arguments separated by commas (a trailing comma allowed), up to `close` or the end. */
static int pj_sig_args(PjSig *s, char close, PjArgType *out, int max_args) {
  int n = 0;
  pj_sig_skip_space(s);
  while (*s->p != close) {
    PjArgType arg = {0}; /* no record: a signature names numbers and arrays of them */
    const char *start = s->p;
    if (pj_sig_arg(s, &arg) < 0) return -1;
    if (n >= max_args) {
      s->p = start;
      return pj_sig_fail(s, "more than %d arguments", max_args);
    }
    if (out) out[n] = arg;
    n++;
    if (!pj_sig_accept(s, ',')) break;
    pj_sig_skip_space(s);
  }
  return n;
}

/* The return type before '(': a kernel's is void (numba's `none` too). */
static int pj_sig_return_type(PjSig *s) {
  char word[PJ_SIG_WORD_MAX];
  const char *start = s->p;
  if (!pj_sig_word(s, word, sizeof word) || !pj_sig_accept(s, '(')) {
    s->p = start; /* no return type: a bare list of arguments */
    return 0;
  }
  if (strcmp(word, "void") == 0 || strcmp(word, "none") == 0) return 1;
  s->p = start;
  pj_sig_skip_space(s);
  return pj_sig_fail(s, "a kernel returns nothing: its return type must be void, not '%s'", word);
}

int pj_signature_parse(const char *text, PjArgType *out, int max_args, char *err, size_t errlen) {
  PjSig s = {text ? text : "", text ? text : "", err, errlen};
  if (err && errlen) err[0] = '\0';
  if (!text) return pj_sig_fail(&s, "no signature");
  pj_sig_skip_space(&s);
  if (*s.p == '\0') return pj_sig_fail(&s, "empty signature");
  int parens = pj_sig_return_type(&s);
  if (parens < 0) return -1;
  if (!parens) parens = pj_sig_accept(&s, '(');
  int n = pj_sig_args(&s, parens ? ')' : '\0', out, max_args < 0 ? 0 : max_args);
  if (n < 0 || (parens && pj_sig_expect(&s, ')') < 0)) return -1;
  pj_sig_skip_space(&s);
  if (*s.p != '\0') return pj_sig_fail(&s, "unexpected '%c'", *s.p);
  return n;
}
