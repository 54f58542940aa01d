/* cuda.libdevice: the table of stdlib/libdevice.def, its signatures read, and the typing of a call
 * (numba-cuda's: each argument converted to libdevice's parameter type, the values libdevice
 * writes through pointers returned after its result). */
#include "stdlib/builtins.h"

#include <stdio.h>
#include <string.h>

#define PJ_LD_HOST_LIBM(sym) #sym
#define PJ_LD_HOST_OWN(sym) "pj_ld_" #sym
const PjLibdeviceFn pj_libdevice_fns[PJ_LDF_COUNT] = {
#define PJ_LIBDEVICE(name, result, params, kind, sym) \
  [PJ_LDF_##name] = {#name, "__nv_" #name, PJ_LD_HOST_##kind(sym), result, params},
#include "stdlib/libdevice.def"
#undef PJ_LIBDEVICE
};

/* numba's name of a libdevice type ("float64"), n bytes of it. */
static PjDtype pj_ld_dtype(const char *s, size_t n) {
  static const struct { const char *name; PjDtype d; } types[] = {
      {"int16", PJ_INT16}, {"int32", PJ_INT32}, {"int64", PJ_INT64}, {"float32", PJ_FLOAT32}, {"float64", PJ_FLOAT64}};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (strlen(types[i].name) == n && strncmp(s, types[i].name, n) == 0) return types[i].d;
  return PJ_DTYPE_COUNT; /* void */
}

void pj_libdevice_sig(int fn, PjLibdeviceSig *sig) {
  const PjLibdeviceFn *f = &pj_libdevice_fns[fn];
  *sig = (PjLibdeviceSig){0};
  sig->result = pj_ld_dtype(f->result, strlen(f->result));
  sig->has_result = sig->result != PJ_DTYPE_COUNT;
  for (const char *p = f->params; *p && sig->nparams < 4;) { /* "float64 x, float64* sptr" */
    size_t type_len = strcspn(p, " *");
    int k = sig->nparams++;
    sig->params[k] = pj_ld_dtype(p, type_len);
    sig->out[k] = p[type_len] == '*';
    sig->nin += !sig->out[k];
    p += strcspn(p, ",");
    p += strspn(p, ", ");
  }
}

const PjType *pj_type_libdevice(PjArena *arena, int id, PjExpr **args, int nargs, const PjType **params, char *err,
                                size_t errlen) {
  const PjBuiltin *b = &pj_builtins[id];
  PjLibdeviceSig sig;
  pj_libdevice_sig(b->dim, &sig);
  if (nargs != sig.nin) {
    snprintf(err, errlen, "%s() takes %d argument%s, got %d", b->name, sig.nin, sig.nin == 1 ? "" : "s", nargs);
    return NULL;
  }
  const PjType *items[4];
  int n = 0;
  if (sig.has_result) items[n++] = pj_type_scalar(sig.result);
  for (int i = 0, k = 0; i < sig.nparams; i++) {
    const PjType *want = pj_type_scalar(sig.params[i]);
    if (sig.out[i]) {
      items[n++] = want;
      continue;
    }
    const PjType *t = args[k]->type;
    /* numba converts any number but a complex one to the parameter's type (float to integer too) */
    if (!pj_type_is_scalar(t) || pj_type_is_complex(t) || t->dtype == PJ_FP8_E5M2 || t->dtype == PJ_FP8_E4M3 ||
        t->dtype == PJ_FP8_E8M0) {
      snprintf(err, errlen, "%s() takes real numbers (its parameter %d is %s), not %s", b->name, k + 1,
               pj_dtype_name(sig.params[i]), pj_type_name(arena, t));
      return NULL;
    }
    params[k++] = want;
  }
  return n == 1 ? items[0] : pj_type_tuple(arena, items, n);
}
