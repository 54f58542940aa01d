/* Python's format-spec mini-language, parsed as CPython parses it (Python/formatter_unicode.c's
 * order: [[fill]align][sign][z][#][0][width][grouping][.precision][type]), and the plan that
 * prints one replacement field with the device printf (ir/format.h). */
#include "ir/format.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Kernels keep widths and precisions to what a printf line sensibly holds. */
enum { PJ_FMT_MAX_WIDTH = 1000 };

typedef struct PjSpec {
  char fill[5];
  bool fill_given;
  char align; /* 0, '<', '>', '=', '^' */
  char sign;  /* 0, '+', '-', ' ' */
  bool z, alt, zero;
  int width, prec; /* -1: none */
  char group;      /* 0, ',', '_' */
  char type;       /* 0 or the type letter */
} PjSpec;

static bool pj_fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool pj_fail(char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  return false;
}

static int pj_utf8_len(unsigned char c) { return c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1; }

static int pj_utf8_chars(const char *s, size_t n) {
  int k = 0;
  for (size_t i = 0; i < n; i++) k += ((unsigned char)s[i] & 0xC0) != 0x80;
  return k;
}

static bool pj_is_align(char c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

static bool pj_digits(const char **p, int *out, char *err, size_t errlen) {
  long v = 0;
  bool any = false;
  for (; **p >= '0' && **p <= '9'; (*p)++) {
    any = true;
    v = v * 10 + (**p - '0');
    if (v > 1000000) return pj_fail(err, errlen, "Too many decimal digits in format string");
  }
  *out = any ? (int)v : -1;
  return true;
}

/* CPython's parse_internal_render_format_spec. default_align: '>' for numbers, '<' for strings. */
static bool pj_spec_parse(const char *spec, char default_align, const char *tname, PjSpec *s, char *err, size_t errlen) {
  memset(s, 0, sizeof *s);
  s->width = s->prec = -1;
  strcpy(s->fill, " ");
  const char *p = spec;
  int n0 = *p ? pj_utf8_len((unsigned char)*p) : 0;
  if (*p && strnlen(p, (size_t)n0) == (size_t)n0 && pj_is_align(p[n0])) {
    memcpy(s->fill, p, (size_t)n0);
    s->fill[n0] = 0;
    s->fill_given = true;
    s->align = p[n0];
    p += n0 + 1;
  } else if (pj_is_align(*p)) {
    s->align = *p++;
  }
  if (*p == '+' || *p == '-' || *p == ' ') s->sign = *p++;
  if (*p == 'z') {
    s->z = true;
    p++;
  }
  if (*p == '#') {
    s->alt = true;
    p++;
  }
  if (!s->fill_given && *p == '0') {
    s->zero = true;
    strcpy(s->fill, "0");
    if (!s->align && default_align == '>') s->align = '=';
    p++;
  }
  if (!pj_digits(&p, &s->width, err, errlen)) return false;
  if (*p == ',' || *p == '_') {
    s->group = *p++;
    if (*p == ',' || *p == '_') {
      if (*p == s->group) return pj_fail(err, errlen, "Cannot specify '%c' with '%c'.", *p, *p);
      return pj_fail(err, errlen, "Cannot specify both ',' and '_'.");
    }
  }
  if (*p == '.') {
    p++;
    if (!pj_digits(&p, &s->prec, err, errlen)) return false;
    if (s->prec < 0) return pj_fail(err, errlen, "Format specifier missing precision");
  }
  if (p[0] && p[1]) return pj_fail(err, errlen, "Invalid format specifier '%s' for object of type '%s'", spec, tname);
  s->type = *p;
  if (s->group && s->type && !strchr("deEfFgG%", s->type) && !(s->group == '_' && strchr("boxX", s->type)))
    return pj_fail(err, errlen, "Cannot specify '%c' with '%c'.", s->group, s->type);
  if (s->width > PJ_FMT_MAX_WIDTH || s->prec > PJ_FMT_MAX_WIDTH)
    return pj_fail(err, errlen, "a width or precision over %d in a format spec is not supported in kernels", PJ_FMT_MAX_WIDTH);
  return true;
}

static const char *pj_class_name(PjFmtClass cls) {
  switch (cls) {
  case PJ_FC_INT: case PJ_FC_UINT: return "int";
  case PJ_FC_BOOL: return "bool";
  case PJ_FC_FLOAT: return "float";
  case PJ_FC_COMPLEX: return "complex";
  case PJ_FC_TUPLE: return "tuple";
  case PJ_FC_STR: return "str";
  }
  return "?";
}

/* What kernels cannot print, in one sentence. */
static bool pj_unsupported(char *err, size_t errlen, const char *spec, const char *what, PjFmtClass cls) {
  return pj_fail(err, errlen, "format spec '%s': %s of %s values is not supported in kernels (the device printf cannot do it)",
                 spec, what, pj_class_name(cls));
}

/* CPython's checks of a spec for str (format_string_internal). */
static bool pj_string_spec_ok(const PjSpec *s, char *err, size_t errlen) {
  if (s->type && s->type != 's') return pj_fail(err, errlen, "Unknown format code '%c' for object of type 'str'", s->type);
  if (s->sign) return pj_fail(err, errlen, "Sign not allowed in string format specifier");
  if (s->z) return pj_fail(err, errlen, "Negative zero coercion (z) not allowed in format specifier");
  if (s->alt) return pj_fail(err, errlen, "Alternate form (#) not allowed in string format specifier");
  if (s->align == '=') return pj_fail(err, errlen, "'=' alignment not allowed in string format specifier");
  if (s->group) return pj_fail(err, errlen, "Cannot specify '%c' with 's'.", s->group);
  return true;
}

/* A constant string formatted as str.__format__ does. */
static const char *pj_format_text(PjArena *arena, const char *str, const PjSpec *s) {
  size_t n = strlen(str);
  if (s->prec >= 0) { /* at most prec characters */
    size_t i = 0;
    for (int k = 0; i < n && k < s->prec; k++) i += (size_t)pj_utf8_len((unsigned char)str[i]);
    n = i < n ? i : n;
  }
  int len = pj_utf8_chars(str, n), pad = s->width > len ? s->width - len : 0;
  int left = s->align == '>' ? pad : s->align == '^' ? pad / 2 : 0, right = pad - left;
  size_t fl = strlen(s->fill);
  char *out = pj_arena_alloc(arena, n + (size_t)pad * fl + 1), *o = out;
  for (int i = 0; i < left; i++, o += fl) memcpy(o, s->fill, fl);
  memcpy(o, str, n);
  o += n;
  for (int i = 0; i < right; i++, o += fl) memcpy(o, s->fill, fl);
  *o = 0;
  return out;
}

/* Padding of a string whose length is known only at run time (a rendered integer, a bool's name). */
static void pj_plan_padding(PjFmtPlan *o, const PjSpec *s, char default_align) {
  o->align = s->width > 0 ? (s->align ? s->align : default_align) : 0;
  o->width = s->width;
  strcpy(o->fill, s->fill);
  o->nargs = 1 + (o->align == '<' || o->align == '>' ? 1 : o->align == '^' ? 2 : 0);
}

/* "%<flags><width><.prec><length><type>" */
static void pj_conv(char *out, size_t n, const char *flags, int width, int prec, const char *length, char type) {
  char w[16] = "", pr[16] = "";
  if (width > 0) snprintf(w, sizeof w, "%d", width);
  if (prec >= 0) snprintf(pr, sizeof pr, ".%d", prec);
  snprintf(out, n, "%%%s%s%s%s%c", flags, w, pr, length, type);
}

/* A value converted by !s, !r or !a, then formatted as a str with this spec. */
static bool pj_plan_converted(PjFmtClass cls, const char *spec, const PjSpec *s, PjFmtPlan *o, char *err, size_t errlen) {
  if (!pj_string_spec_ok(s, err, errlen)) return false;
  switch (cls) {
  case PJ_FC_INT: case PJ_FC_UINT:
    o->how = PJ_FMT_RENDER;
    o->base = 10;
    o->trunc = s->prec;
    pj_plan_padding(o, s, '<');
    return true;
  case PJ_FC_BOOL:
    o->how = PJ_FMT_BOOL_STR;
    o->trunc = s->prec;
    pj_plan_padding(o, s, '<');
    return true;
  case PJ_FC_FLOAT: /* print()'s %f: its length is printf's to know, so only printf's own padding */
    if (s->prec >= 0) return pj_unsupported(err, errlen, spec, "a precision (truncation) of the text", cls);
    if (s->align == '^' || strcmp(s->fill, " ") != 0)
      return pj_unsupported(err, errlen, spec, s->align == '^' ? "centring" : "a fill other than spaces", cls);
    o->how = PJ_FMT_PRINTF;
    pj_conv(o->conv, sizeof o->conv, s->align == '>' ? "" : "-", s->width, -1, "", 'f');
    o->nargs = 1;
    return true;
  default:
    return pj_unsupported(err, errlen, spec, "a format spec", cls);
  }
}

/* An integer: printf's %lld / %llu where it prints what Python does, else digit by digit. */
static bool pj_plan_int(PjFmtClass cls, const char *spec, const PjSpec *s, PjFmtPlan *o, char *err, size_t errlen) {
  const char *tname = pj_class_name(cls);
  char t = s->type;
  if (t && strchr("eEfFgG%", t)) return false; /* printed as a float: the caller goes on */
  if (t && !strchr("bcdoxXn", t)) return pj_fail(err, errlen, "Unknown format code '%c' for object of type '%s'", t, tname);
  if (s->prec >= 0) return pj_fail(err, errlen, "Precision not allowed in integer format specifier");
  if (s->z) return pj_fail(err, errlen, "Negative zero coercion (z) not allowed in integer format specifier");
  if (t == 'c') {
    if (s->sign) return pj_fail(err, errlen, "Sign not allowed with integer format specifier 'c'");
    return pj_unsupported(err, errlen, spec, "the character type 'c'", cls);
  }
  if (t == 'n') return pj_unsupported(err, errlen, spec, "the locale's type 'n'", cls);
  bool decimal = !t || t == 'd';
  bool spaces = strcmp(s->fill, " ") == 0 && (s->align == 0 || s->align == '<' || s->align == '>');
  bool zeros = s->align == '=' && strcmp(s->fill, "0") == 0;
  bool sign_ok = cls != PJ_FC_UINT || !s->sign || s->sign == '-'; /* printf's '+' and ' ' are for signed conversions */
  if (decimal && !s->group && sign_ok && (spaces || zeros)) {
    char flags[8] = "", *f = flags;
    if (s->align == '<') *f++ = '-';
    if (s->sign == '+' || s->sign == ' ') *f++ = s->sign;
    if (zeros) *f++ = '0';
    o->how = PJ_FMT_PRINTF;
    pj_conv(o->conv, sizeof o->conv, flags, s->width, -1, "ll", cls == PJ_FC_UINT ? 'u' : 'd');
    o->nargs = 1;
    return true;
  }
  o->how = PJ_FMT_RENDER;
  o->base = decimal ? 10 : t == 'b' ? 2 : t == 'o' ? 8 : 16;
  o->upper = t == 'X';
  o->group = s->group ? (o->base == 10 ? 3 : 4) : 0;
  o->sep = s->group;
  o->sign = s->sign == '+' || s->sign == ' ' ? s->sign : 0;
  o->prefix = s->alt && !decimal ? t : 0;
  o->trunc = -1;
  if (s->align == '=') {
    if (strlen(s->fill) != 1) return pj_unsupported(err, errlen, spec, "'=' alignment with a fill that is not ASCII", cls);
    o->eq_fill = s->fill[0];
    o->eq_width = s->width;
    o->nargs = 1;
    return true;
  }
  pj_plan_padding(o, s, '>');
  return true;
}

/* A float (or an integer printed as one): printf's %e %f %g with its flags. */
static bool pj_plan_float(PjFmtClass cls, const char *spec, const PjSpec *s, PjFmtPlan *o, char *err, size_t errlen) {
  char t = s->type;
  if (t && !strchr("eEfFgG%n", t))
    return pj_fail(err, errlen, "Unknown format code '%c' for object of type '%s'", t, pj_class_name(cls));
  if (t == 'n') return pj_unsupported(err, errlen, spec, "the locale's type 'n'", cls);
  if (!t && s->prec >= 0)
    return pj_unsupported(err, errlen, spec, "a precision without a type (Python's shortest repr to that many digits)", cls);
  if (s->group) return pj_unsupported(err, errlen, spec, "digit grouping", cls);
  if (s->z) return pj_unsupported(err, errlen, spec, "negative zero coercion (z)", cls);
  o->percent = t == '%';
  char ctype = !t || t == '%' ? 'f' : t;
  o->upper_f = ctype == 'F';
  int width = s->width > 0 && o->percent ? s->width - 1 : s->width;
  if (s->align == '=' && (strcmp(s->fill, "0") == 0 || strcmp(s->fill, " ") == 0)) {
    o->how = PJ_FMT_FLOAT_EQ;
    o->eq_fill = s->fill[0];
    o->eq_width = width;
    o->sign = s->sign == '+' || s->sign == ' ' ? s->sign : 0;
    snprintf(o->conv, sizeof o->conv, "%%%s%s*", s->alt ? "#" : "", o->eq_fill == '0' ? "0" : "");
    size_t n = strlen(o->conv);
    if (s->prec >= 0) snprintf(o->conv + n, sizeof o->conv - n, ".%d%c", s->prec, ctype);
    else snprintf(o->conv + n, sizeof o->conv - n, "%c", ctype);
    o->nargs = o->eq_fill == '0' ? 4 : 3;
    return true;
  }
  if (s->align == '^' || s->align == '=' || strcmp(s->fill, " ") != 0)
    return pj_unsupported(err, errlen, spec,
                          s->align == '^' ? "centring" : s->align == '=' ? "'=' alignment with a fill other than 0 or space"
                                                                         : "a fill other than spaces",
                          cls);
  if (o->percent && s->align == '<' && s->width > 0)
    return pj_unsupported(err, errlen, spec, "left alignment of the '%' type", cls);
  char flags[8] = "", *f = flags;
  if (s->align == '<') *f++ = '-';
  if (s->sign == '+' || s->sign == ' ') *f++ = s->sign;
  if (s->alt) *f++ = '#';
  o->how = PJ_FMT_PRINTF;
  pj_conv(o->conv, sizeof o->conv, flags, width, s->prec, "", ctype);
  o->nargs = 1;
  return true;
}

/* A complex number with a type: its parts as Python's complex.__format__ writes them. */
static bool pj_plan_complex(const char *spec, const PjSpec *s, PjFmtPlan *o, char *err, size_t errlen) {
  char t = s->type;
  if (t && !strchr("eEfFgGn", t)) return pj_fail(err, errlen, "Unknown format code '%c' for object of type 'complex'", t);
  if (strcmp(s->fill, "0") == 0) return pj_fail(err, errlen, "Zero padding is not allowed in complex format specifier");
  if (s->align == '=') return pj_fail(err, errlen, "'=' alignment flag is not allowed in complex format specifier");
  if (t == 'n') return pj_unsupported(err, errlen, spec, "the locale's type 'n'", PJ_FC_COMPLEX);
  if (!t) return pj_unsupported(err, errlen, spec, "a format without a type (Python's repr form)", PJ_FC_COMPLEX);
  if (s->width > 0) return pj_unsupported(err, errlen, spec, "a width", PJ_FC_COMPLEX);
  if (s->group) return pj_unsupported(err, errlen, spec, "digit grouping", PJ_FC_COMPLEX);
  if (s->z) return pj_unsupported(err, errlen, spec, "negative zero coercion (z)", PJ_FC_COMPLEX);
  char flags[8] = "", *f = flags;
  if (s->sign == '+' || s->sign == ' ') *f++ = s->sign;
  if (s->alt) *f++ = '#';
  pj_conv(o->conv, sizeof o->conv, flags, -1, s->prec, "", t);
  pj_conv(o->conv2, sizeof o->conv2, s->alt ? "+#" : "+", -1, s->prec, "", t);
  o->how = PJ_FMT_COMPLEX;
  o->nargs = 2;
  o->upper_f = t == 'F' ? 2 : 0;
  return true;
}

bool pj_fmt_plan(PjArena *arena, PjFmtClass cls, char conversion, const char *spec, const char *str, PjFmtPlan *o,
                 char *err, size_t errlen) {
  memset(o, 0, sizeof *o);
  o->trunc = -1;
  o->nargs = 1;
  PjSpec s;
  bool as_str = conversion || cls == PJ_FC_STR;
  if (as_str && conversion && conversion != 's' && cls == PJ_FC_STR)
    return pj_fail(err, errlen, "format spec '!%c': the repr of a string is not supported in kernels", conversion);
  if (!pj_spec_parse(spec, as_str ? '<' : '>', as_str ? "str" : pj_class_name(cls), &s, err, errlen)) return false;
  if (cls == PJ_FC_STR) {
    if (!pj_string_spec_ok(&s, err, errlen)) return false;
    o->how = PJ_FMT_TEXT;
    o->text = pj_format_text(arena, str, &s);
    o->nargs = 0;
    return true;
  }
  if (!*spec && cls == PJ_FC_COMPLEX)
    return pj_fail(err, errlen, "a complex number without a type ('{z}') is not supported in kernels, as print() takes "
                   "none: give one ('{z:f}', '{z:.3e}')");
  if (!*spec) {
    o->how = PJ_FMT_PRINT;
    return true;
  }
  if (conversion) return pj_plan_converted(cls, spec, &s, o, err, errlen);
  switch (cls) {
  case PJ_FC_TUPLE: return pj_fail(err, errlen, "unsupported format string passed to tuple.__format__");
  case PJ_FC_COMPLEX: return pj_plan_complex(spec, &s, o, err, errlen);
  case PJ_FC_FLOAT: return pj_plan_float(cls, spec, &s, o, err, errlen);
  default: /* an integer, or a bool with a spec: Python formats it as the integer it is */
    if (pj_plan_int(cls, spec, &s, o, err, errlen)) return true;
    if (s.type && strchr("eEfFgG%", s.type)) {
      o->as_float = true;
      return pj_plan_float(cls, spec, &s, o, err, errlen);
    }
    return false;
  }
}
