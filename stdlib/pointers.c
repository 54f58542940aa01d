/* Typing of the builtins on pointers and cache-hinted memory access (numba-cuda's cache_hints
 * and numpy_support.carray/farray): cuda.ldca .. ldcv(a, i), cuda.stcg .. stwt(a, i, value),
 * cuda.carray / cuda.farray(ptr, shape[, dtype]). */
#include "stdlib/builtins.h"

#include <stdio.h>

/* "ldcs" of "cuda.ldcs": numba-cuda's name in its messages. */
static const char *pj_short_name(const PjBuiltin *b) {
  const char *dot = NULL;
  for (const char *s = b->name; *s; s++)
    if (*s == '.') dot = s;
  return dot ? dot + 1 : b->name;
}

/* The element a cache-hinted access reaches: an array indexed by as many integers as it has axes
 * (one integer, or a tuple), or a pointer by one integer. NULL with numba-cuda's message. */
static const PjType *pj_hint_element(PjArena *arena, const PjBuiltin *b, PjExpr **args, char *err, size_t errlen) {
  const PjType *a = args[0]->type, *ix = args[1]->type;
  const char *name = pj_short_name(b);
  bool array = a->kind == PJ_TY_ARRAY && !a->record, pointer = a->kind == PJ_TY_POINTER;
  if (!array && !pointer) {
    snprintf(err, errlen, "%s operates on arrays or pointers. Got type %s", name, pj_type_name(arena, a));
    return NULL;
  }
  if (pj_type_is_int(ix)) {
    if (array && a->ndim != 1) {
      snprintf(err, errlen, "Expected %d indices, got a scalar", a->ndim);
      return NULL;
    }
  } else if (ix->kind == PJ_TY_TUPLE && ix->count > 0 && !ix->fields) {
    bool ints = true;
    for (int k = 0; k < ix->count; k++) ints = ints && pj_type_is_int(ix->items[k]) && ix->items[k]->dtype == ix->items[0]->dtype;
    if (pointer) {
      snprintf(err, errlen, "Pointers only support scalar indexing, got tuple of %d", ix->count);
      return NULL;
    }
    if (ix->count != a->ndim) {
      snprintf(err, errlen, "Expected %d indices, got %d", a->ndim, ix->count);
      return NULL;
    }
    if (!ints) {
      snprintf(err, errlen, "%s is not a valid index", pj_type_name(arena, ix));
      return NULL;
    }
  } else {
    snprintf(err, errlen, "%s is not a valid index", pj_type_name(arena, ix));
    return NULL;
  }
  PjDtype d = a->dtype;
  if (d == PJ_BOOL || pj_dtype_is_complex(d) || d == PJ_BFLOAT16) {
    snprintf(err, errlen, "%s requires array of integer or float type, got %s", name, pj_dtype_name(d));
    return NULL;
  }
  return pj_type_scalar(d);
}

const PjType *pj_type_cache_hint(PjArena *arena, int id, PjExpr **args, int nargs, const PjType **params, char *err,
                                 size_t errlen) {
  const PjBuiltin *b = &pj_builtins[id];
  const PjType *el = pj_hint_element(arena, b, args, err, errlen);
  if (!el) return NULL;
  if (b->typing == PJ_TYPING_CACHE_LOAD) return el;
  const PjType *v = nargs > 2 ? args[2]->type : NULL;
  if (!pj_type_is_scalar(v) || (pj_type_is_complex(v) && !pj_type_is_complex(el))) {
    snprintf(err, errlen, "%s cannot store %s into an element of %s", pj_short_name(b), v ? pj_type_name(arena, v) : "nothing",
             pj_type_name(arena, args[0]->type));
    return NULL;
  }
  params[2] = el; /* converted to the element's type, as numba's cast */
  return pj_type_void();
}

/* carray(ptr, shape, dtype=None): an array over the memory ptr points at, C-ordered (farray:
 * Fortran-ordered, a strided view); the dtype, when given, must be the pointer's. */
const PjType *pj_type_carray(PjArena *arena, int id, PjExpr **args, int nargs, char *err, size_t errlen) {
  const PjBuiltin *b = &pj_builtins[id];
  const PjType *p = args[0]->type, *shape = args[1]->type;
  const char *name = pj_short_name(b);
  if (p->kind != PJ_TY_POINTER) {
    snprintf(err, errlen, "%s() takes a pointer (a CPointer argument or ffi.from_buffer), not %s", name,
             pj_type_name(arena, p));
    return NULL;
  }
  int ndim = 1;
  if (shape->kind == PJ_TY_TUPLE) {
    ndim = shape->count;
    for (int k = 0; k < ndim; k++)
      if (!pj_type_is_int(shape->items[k])) ndim = -1;
  } else if (!pj_type_is_int(shape)) {
    ndim = -1;
  }
  if (ndim < 1 || ndim > PJ_MAX_DIMS) {
    snprintf(err, errlen, "%s() needs a shape of 1 to %d integers, not %s", name, PJ_MAX_DIMS, pj_type_name(arena, shape));
    return NULL;
  }
  if (nargs > 2 && args[2]->kind != PJ_EX_NONE) {
    const PjType *d = args[2]->type;
    if (d->kind != PJ_TY_DTYPE || d->record) {
      snprintf(err, errlen, "%s() needs a dtype such as float32 as its dtype, not %s", name, pj_type_name(arena, d));
      return NULL;
    }
    if (d->dtype != p->dtype) {
      snprintf(err, errlen, "mismatching dtype '%s' for pointer type '%s'", pj_dtype_name(d->dtype),
               pj_type_name(arena, p));
      return NULL;
    }
  }
  return pj_type_array_layout(p->dtype, ndim, b->dim ? 'A' : 'C');
}

/* ffi.from_buffer(a): the address of a's first element, as numba's CPointer(dtype). numba takes
 * contiguous arrays only; a view's address is that of its first element too, so any is taken. */
const PjType *pj_type_from_buffer(PjArena *arena, PjExpr **args, char *err, size_t errlen) {
  const PjType *a = args[0]->type;
  if (a->kind != PJ_TY_ARRAY || a->record) {
    snprintf(err, errlen, "from_buffer() takes an array of numbers, not %s", pj_type_name(arena, a));
    return NULL;
  }
  return pj_type_pointer(a->dtype);
}
