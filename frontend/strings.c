/* Fixed-width strings in kernels (frontend/checker.h), as numba has them: arrays of NumPy's 'S'
 * and 'U' dtypes and record fields of them (numba's CharSeq and UnicodeCharSeq) are records of
 * characters (PjRecord.chars); a string literal ("XYZ", b"XYZ") is stored into an element or a
 * field (its characters copied, the rest zeroed, a longer one cut), compared with one, and
 * len() gives an element's length without its trailing NULs. Nothing else takes a string: numba-cuda
 * has no str values in kernels beyond these. The backend lowers them in backend/strings.c. */
#include "frontend/checker.h"
#include "frontend/frontend.h"
#include "stdlib/builtins.h"

bool pj_type_is_chars(const PjType *t) { return t && t->kind == PJ_TY_RECORD && t->record && t->record->chars; }

/* The characters of a str literal: its UTF-8 code points. */
static int64_t pj_utf8_count(const char *s, int64_t n) {
  int64_t count = 0;
  for (int64_t i = 0; i < n; i++) count += ((unsigned char)s[i] & 0xC0) != 0x80;
  return count;
}

const PjType *pj_type_string_literal(PjChecker *c, PjExpr *e) {
  return e->type = pj_type_string(c->arena, e->big, e->big ? e->str_len : pj_utf8_count(e->str, e->str_len));
}

/* 'S' or 'U': the kind of string a type holds (a literal: bytes 'S', str 'U'), else 0. */
static char pj_chars_kind(const PjType *t) {
  if (pj_type_is_chars(t)) return t->record->chars;
  if (t && t->kind == PJ_TY_STRING) return t->dtype == PJ_UINT8 ? 'S' : 'U';
  return 0;
}

bool pj_string_misplaced(PjChecker *c, const PjExpr *value) {
  if (!value->type || value->type->kind != PJ_TY_STRING) return false;
  pj_err(c, value->loc, "strings are not supported in kernels yet (a string literal is only stored into an element "
         "or a field of a fixed-width string dtype, 'S' or 'U', or compared with one)");
  return true;
}

bool pj_chars_store_ok(PjChecker *c, PjLoc loc, const PjType *vt, const PjType *et, const char *into) {
  if (pj_type_equal(vt, et)) return true; /* one element of that dtype into another: its bytes copied */
  char want = et->record->chars, have = pj_chars_kind(vt);
  if (vt->kind == PJ_TY_STRING && have == want) return true;
  const char *why = have && have != want ? (want == 'S' ? " (an 'S' array takes bytes: b\"...\")" : " (a 'U' array takes "
                                                                                                    "a str: \"...\")")
                    : have ? " (numba converts no fixed-width string to another width)" : "";
  pj_err(c, loc, "cannot store %s into %s%s", pj_tn(c, vt), into, why);
  return false;
}

bool pj_chars_compare_ok(PjChecker *c, PjLoc loc, PjCmpOp op, const PjType *a, const PjType *b) {
  char x = pj_chars_kind(a), y = pj_chars_kind(b);
  if (x && x == y && op <= PJ_CMP_GE) return true;
  pj_err(c, loc, "'%s' is not supported between %s and %s%s", pj_cmpop_text(op), pj_tn(c, a), pj_tn(c, b),
         x && y && x != y ? " (bytes compare with bytes, str with str)" : "");
  return false;
}

const PjType *pj_chars_len_type(const PjExpr *e, int id) {
  if (id != PJ_BI_LEN || e->call.nargs != 1 || !e->call.args[0]->type) return NULL;
  return pj_chars_kind(e->call.args[0]->type) ? pj_type_scalar(PJ_INT64) : NULL;
}

const PjType *pj_type_chars_index(PjChecker *c, PjExpr *e, const PjType *bt) {
  if (bt->record->chars == 'U') {
    pj_err(c, e->loc, "indexing %s gives a str, which kernels do not have: compare whole strings, or use len()",
           pj_tn(c, bt));
    return NULL;
  }
  const PjType *it = pj_expr_type(c, &e->sub.index);
  if (!it) return NULL;
  if (!pj_type_is_intlike(it)) {
    pj_err(c, e->sub.index->loc, "%s is indexed by an integer, not %s", pj_tn(c, bt), pj_tn(c, it));
    return NULL;
  }
  pj_coerce(c, &e->sub.index, pj_type_scalar(PJ_INT64));
  return pj_type_scalar(PJ_UINT8); /* numba: the byte's code */
}
