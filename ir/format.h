/* Python's format specs ("{x:>10.3f}", "{n:#_x}", "{b!s:^7}") in kernels: how one replacement
 * field of an f-string or of str.format is printed by the device printf. The type checker asks
 * for the plan to refuse what cannot be printed (with Python's own message where Python refuses
 * it too) and to count printf's values; the backend asks again for the same plan and emits it. */
#ifndef PJ_IR_FORMAT_H
#define PJ_IR_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/arena.h"

/* What a replacement field formats. */
typedef enum PjFmtClass {
  PJ_FC_INT,     /* a signed integer */
  PJ_FC_UINT,    /* an unsigned integer */
  PJ_FC_BOOL,
  PJ_FC_FLOAT,   /* any real float type: printed as float64 */
  PJ_FC_COMPLEX,
  PJ_FC_TUPLE,   /* a tuple of numbers (print()'s form) */
  PJ_FC_STR,     /* a string constant */
} PjFmtClass;

typedef enum PjFmtHow {
  PJ_FMT_PRINT,      /* as print() shows the value (no spec, or !s/!r with none) */
  PJ_FMT_PRINTF,     /* one printf conversion `conv` of the value as int64, uint64 or double */
  PJ_FMT_FLOAT_EQ,   /* a float padded after its sign ('0', or '=' with fill 0 or space): the sign as a
                      * string, with fill 0 zeros as a string (for inf and nan, which printf pads
                      * with spaces), then `conv` ("%0*.6f") of |x| with the width as an int */
  PJ_FMT_RENDER,     /* an integer written digit by digit (any base, grouping, '=' fill), then
                      * padded to `width` by fill strings per `align` */
  PJ_FMT_BOOL_STR,   /* "True" / "False" as a string, truncated to `trunc`, padded per `align` */
  PJ_FMT_TEXT,       /* a constant: `text`, formatted at compile time */
  PJ_FMT_COMPLEX,    /* conv of the real part, then conv2 of the imaginary part and "j" */
} PjFmtHow;

/* Fields of type 'F' one print may hold (its format is one of 2**n, chosen at run time). */
enum { PJ_FMT_MAX_UPPER_F = 4 };

typedef struct PjFmtPlan {
  PjFmtHow how;
  char conv[48], conv2[48]; /* printf conversions, '%' and all */
  bool as_float;    /* PRINTF, FLOAT_EQ: an integer value printed as a float ('f', 'e', '%' of an int) */
  bool percent;     /* the '%' type: the value times 100, a '%' after it */
  /* RENDER */
  int base;         /* 2, 8, 10 or 16 */
  bool upper;       /* 'X' */
  int group;        /* digits between separators (3 or 4), 0 for none */
  char sep;         /* ',' or '_' */
  char sign;        /* what a non-negative number starts with: '+', ' ' or 0 */
  char prefix;      /* '#': 'x', 'X', 'o' or 'b' after a '0'; 0 for none */
  char eq_fill;     /* '=' alignment (RENDER, FLOAT_EQ): the fill between the sign (and prefix) and the
                     * digits (0: none) */
  int eq_width;     /* '=' alignment: the width the number is filled to (FLOAT_EQ of '%': one less) */
  /* RENDER, BOOL_STR: padding of the whole field */
  char align;       /* '<', '>' or '^'; 0: no padding */
  int width;
  char fill[5];     /* one character, UTF-8 */
  int trunc;        /* BOOL_STR, RENDER of !s: at most this many characters (-1: all) */
  const char *text; /* TEXT */
  int nargs;        /* the values printf reads for this field (PRINT: one; the caller counts a tuple's) */
  int upper_f;      /* conversions of type 'F' (CUDA's printf has no %F: the backend prints a finite
                     * value with 'f' and inf or nan with 'E', choosing the format at run time) */
} PjFmtPlan;

/* The plan for one field: `conversion` is 0, 's', 'r' or 'a'; `spec` the text after ':' (empty
 * for none); `str` the constant of a PJ_FC_STR field. False, with the message in err, when
 * Python refuses the spec for this type (its ValueError's text) or when kernels cannot print it. */
bool pj_fmt_plan(PjArena *arena, PjFmtClass cls, char conversion, const char *spec, const char *str, PjFmtPlan *out,
                 char *err, size_t errlen);

#endif
