/* tests/fuzz: a mutator that knows Python's shape, for fuzz_compile. Half the time it leaves
 * the input to libFuzzer's byte mutations; otherwise it makes one change a byte mutator would
 * rarely make: nesting (parentheses, blocks, elif chains, operator chains) up to 10^4 deep, huge
 * literals, long and non-ASCII identifiers, tabs, NUL bytes, truncation, a recursive device
 * function without a base case, a thousand parameters, and statements from the language's
 * vocabulary put on any line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

typedef struct Buf {
  char *p;
  size_t len, cap;
  size_t limit;  /* libFuzzer's max_size: past it the mutation is dropped (over set) */
  int over;
} Buf;

static void put(Buf *b, const char *s, size_t n) {
  if (b->over || b->len + n > b->limit) {
    b->over = 1;
    return;
  }
  if (b->len + n + 1 > b->cap) {
    b->cap = (b->len + n + 1) * 2;
    b->p = realloc(b->p, b->cap);
  }
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = 0;
}
static void puts_(Buf *b, const char *s) { put(b, s, strlen(s)); }
static void repeat(Buf *b, const char *s, size_t times) {
  for (size_t i = 0; i < times && !b->over; i++) puts_(b, s);
}

static uint64_t rng;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}
static size_t below(size_t n) { return n ? (size_t)(next() % n) : 0; }
/* a nesting depth: mostly small, sometimes past any limit */
static size_t depth(void) {
  static const size_t big[] = {10, 50, 99, 100, 101, 199, 200, 201, 500, 1000, 3000, 10000};
  return next() % 3 ? 1 + below(8) : big[below(sizeof big / sizeof big[0])];
}

static const char *const vocabulary[] = {
    "i = cuda.grid(1)", "x, y = cuda.grid(2)", "tx = cuda.threadIdx.x", "bx = cuda.blockIdx.x",
    "n = cuda.blockDim.x * cuda.gridDim.x", "s = cuda.shared.array(128, float32)",
    "l = cuda.local.array(4, int32)", "cuda.syncthreads()", "cuda.atomic.add(a, 0, 1)",
    "a[i] = math.sin(a[i]) + 1.5", "a[0] += 1", "for j in range(10):", "while i < 3:", "if i < a.size:",
    "else:", "return", "break", "continue", "pass", "t = (1, 2.0, True)", "u = t[1]",
    "v = np.float32(0.5) * 2", "w = a.shape[0] // 2 % 3", "z = -x ** 2 if x else ~1",
    "c = complex(1, 2) * 1j", "b = a[1:3]", "m = max(1, 2, 3)", "q = abs(-3) + min(a[0], 1.0)",
    "r = int(2.5) + float(3)", "x = y = 0", "del x", "global g", "lambda: 0", "yield 1",
    "def inner(p):", "with cuda.defer_cleanup():", "try:", "import math", "from numba import cuda",
    "@cuda.jit", "@cuda.jit(device=True)", "@cuda.jit(\"void(float32[:])\")", "assert x",
    "a[i, j] = 0", "x = a.T", "k = len(a)", "for p, q in zip(a, a):", "for e in enumerate(a):",
    "cuda.atomic.max(a, i, 2.0)", "x = cuda.laneid", "x = cuda.warpsize", "x = cuda.ballot_sync(-1, 1)",
    "raise ValueError('x')", "x = a[i] if i >= 0 else a[-1]", "x = 1 < 2 < 3 != 4", "x = not a",
    "x = 0x7fffffffffffffff + 1", "x = 1e308 * 10", "x = 1 << 70", "x = 10 // 0", "x = a[None]",
};

static const char *const words[] = {
    "cuda", "math", "np", "numba", "float32", "float64", "int32", "int64", "uint8", "bool_", "complex64",
    "range", "len", "abs", "min", "max", "int", "float", "True", "False", "None", "and", "or", "not",
    "in", "is", "if", "else", "elif", "for", "while", "return", "lambda", "grid", "gridsize",
    "threadIdx", "blockIdx", "blockDim", "gridDim", "shared", "local", "const", "array", "atomic",
    "syncthreads", "shape", "size", "ndim", "T", "sqrt", "exp", "log", "pi", "inf", "nan", "x", "y",
    "a", "b", "n", "i", "j", "self", "__name__", "print", "zeros", "empty", "fp16", "hadd", "cg",
    "this_grid", "sync", "selp", "brev", "popc", "clz", "ffs", "fma", "cbrt", "literal_unroll",
};

/* the byte offsets of the starts of lines */
static size_t line_start(const char *t, size_t len, size_t line) {
  size_t at = 0;
  while (line > 0 && at < len) {
    if (t[at++] == '\n') line--;
  }
  return at;
}
static size_t count_lines(const char *t, size_t len) {
  size_t n = 1;
  for (size_t i = 0; i < len; i++) n += t[i] == '\n';
  return n;
}
static size_t line_end(const char *t, size_t len, size_t at) {
  while (at < len && t[at] != '\n') at++;
  return at;
}
static size_t indent_of(const char *t, size_t len, size_t at) {
  size_t w = 0;
  while (at + w < len && t[at + w] == ' ') w++;
  return w;
}
static int is_word(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* a random word (identifier or number) of the text: its start and length, 0 when none */
static size_t pick_word(const char *t, size_t len, size_t *start, int digits) {
  for (int tries = 0; tries < 16 && len; tries++) {
    size_t at = below(len);
    if (!is_word(t[at])) continue;
    while (at > 0 && is_word(t[at - 1])) at--;
    size_t e = at;
    while (e < len && is_word(t[e])) e++;
    int digit = t[at] >= '0' && t[at] <= '9';
    if (digit != digits) continue;
    *start = at;
    return e - at;
  }
  return 0;
}

static void indent(Buf *b, size_t w) { repeat(b, " ", w); }

static int structured(const char *t, size_t len, Buf *o) {
  size_t nlines = count_lines(t, len);
  size_t ls = line_start(t, len, below(nlines));
  size_t le = line_end(t, len, ls);
  size_t w = indent_of(t, len, ls);
  switch (below(14)) {
  case 0: { /* parentheses around the right of an '=' */
    const char *eq = memchr(t + ls, '=', le - ls);
    if (!eq) return 0;
    size_t at = (size_t)(eq - t) + 1, k = depth();
    put(o, t, at);
    repeat(o, "(", k);
    put(o, t + at, le - at);
    repeat(o, ")", k);
    put(o, t + le, len - le);
    return 1;
  }
  case 1: { /* the line inside k nested blocks */
    size_t k = depth();
    put(o, t, ls);
    for (size_t j = 0; j < k; j++) {
      indent(o, w + j);
      puts_(o, j % 3 == 0 ? "if x:\n" : j % 3 == 1 ? "for q in range(2):\n" : "while x:\n");
    }
    indent(o, k);
    put(o, t + ls, len - ls);
    return 1;
  }
  case 2: { /* an elif chain, or an operator chain, k long */
    size_t k = depth();
    put(o, t, ls);
    if (next() % 2) {
      indent(o, w);
      puts_(o, "if x == 0:\n");
      for (size_t j = 1; j <= k; j++) {
        indent(o, w + 4);
        puts_(o, "pass\n");
        indent(o, w);
        char line[64];
        snprintf(line, sizeof line, "elif x == %zu:\n", j);
        puts_(o, line);
      }
      indent(o, w + 4);
      puts_(o, "pass\n");
    } else {
      indent(o, w);
      puts_(o, "x = 1");
      static const char *const ops[] = {" + x", " * 2", " - 1", " and x", " or 1", " < 2", " | 3", " ** 1"};
      const char *op = ops[below(8)];
      repeat(o, op, k);
      puts_(o, "\n");
    }
    put(o, t + ls, len - ls);
    return 1;
  }
  case 3: { /* a huge or odd literal for a number */
    size_t at, n = pick_word(t, len, &at, 1);
    if (!n) return 0;
    static const char *const odd[] = {"1e999", "0xffffffffffffffffffffffff", "1_000_000", "0b101", "0o777",
                                      "1j", "1e-400", "0.0", "-0", "18446744073709551616", "9223372036854775808",
                                      "4294967296", "1.7976931348623157e308", "00", "1__0", "0x", "1e", "2.5e+"};
    put(o, t, at);
    if (next() % 2) puts_(o, odd[below(sizeof odd / sizeof odd[0])]);
    else repeat(o, "9", depth() * 3);
    put(o, t + at + n, len - at - n);
    return 1;
  }
  case 4: { /* a long or non-ASCII identifier */
    size_t at, n = pick_word(t, len, &at, 0);
    if (!n) return 0;
    static const char *const names[] = {"\xce\xbb", "\u00f1ame", "\xe5\x8f\x98\xe9\x87\x8f", "x\xcc\x81", "\xf0\x9f\x98\x80",
                                        "_", "__", "\xef\xbc\xa1"};
    put(o, t, at);
    if (next() % 2) puts_(o, names[below(sizeof names / sizeof names[0])]);
    else for (size_t j = 0, k = depth() * 10; j < k && !o->over; j++) put(o, t + at, n);
    put(o, t + at + n, len - at - n);
    return 1;
  }
  case 5: /* tabs for the indentation of a line */
    put(o, t, ls);
    repeat(o, "\t", w / 4 + below(2));
    put(o, t + ls + w, len - ls - w);
    return 1;
  case 6: { /* a NUL byte or a lone surrogate-ish byte anywhere */
    size_t at = below(len + 1);
    static const char *const bytes[] = {"\0", "\xff", "\xed\xa0\x80", "\r", "\f", "\\", "\x1b"};
    size_t which = below(7);
    put(o, t, at);
    put(o, bytes[which], which == 0 ? 1 : strlen(bytes[which]));
    put(o, t + at, len - at);
    return 1;
  }
  case 7: /* truncated */
    put(o, t, below(len + 1));
    return 1;
  case 8: { /* a device function calling itself with no base case, called from the line's block */
    put(o, t, ls);
    indent(o, w);
    puts_(o, "rec_(1)\n");
    put(o, t + ls, len - ls);
    puts_(o, next() % 2 ? "\n@cuda.jit(device=True)\ndef rec_(x):\n    return rec_(x + 1)\n"
                        : "\n@cuda.jit(device=True)\ndef rec_(x):\n    return rec2_(x)\n\n@cuda.jit(device=True)\n"
                          "def rec2_(x):\n    return rec_(x) + 1\n");
    return 1;
  }
  case 9: { /* many parameters on a def */
    const char *d = len >= 4 ? memmem(t, len, "def ", 4) : NULL;
    const char *paren = d ? memchr(d, '(', len - (size_t)(d - t)) : NULL;
    if (!paren) return 0;
    size_t at = (size_t)(paren - t) + 1, k = depth() * 10;
    put(o, t, at);
    for (size_t j = 0; j < k && !o->over; j++) {
      char p[32];
      snprintf(p, sizeof p, "p%zu, ", j);
      puts_(o, p);
    }
    put(o, t + at, len - at);
    return 1;
  }
  case 10: case 11: { /* a statement of the language's vocabulary before the line */
    put(o, t, ls);
    indent(o, w + (next() % 4 == 0 ? 4 : 0));
    puts_(o, vocabulary[below(sizeof vocabulary / sizeof vocabulary[0])]);
    puts_(o, "\n");
    put(o, t + ls, len - ls);
    return 1;
  }
  case 12: { /* a word of the vocabulary for a word of the text */
    size_t at, n = pick_word(t, len, &at, 0);
    if (!n) return 0;
    put(o, t, at);
    puts_(o, words[below(sizeof words / sizeof words[0])]);
    put(o, t + at + n, len - at - n);
    return 1;
  }
  default: { /* a line duplicated or deleted */
    size_t next_line = le < len ? le + 1 : le;
    put(o, t, next_line);
    if (next() % 2) put(o, t + ls, next_line - ls);
    else o->len = ls;
    put(o, t + next_line, len - next_line);
    return 1;
  }
  }
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
  rng = seed * 0x9e3779b97f4a7c15ull + 1;
  if (next() % 2 == 0 || size == 0) return LLVMFuzzerMutate(data, size, max_size);
  Buf o = {.limit = max_size};
  put(&o, "", 0);
  if (!structured((const char *)data, size, &o) || o.over || o.len > max_size) {
    free(o.p);
    return LLVMFuzzerMutate(data, size, max_size);
  }
  memcpy(data, o.p, o.len);
  free(o.p);
  return o.len;
}
