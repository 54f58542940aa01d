/* ir/: the dtype table behind the public pj_dtype_* functions (include/pyjitc.h, ir/dtype.c),
 * for the layers that switch on a dtype's kind (internal). */
#ifndef PJ_IR_DTYPE_H
#define PJ_IR_DTYPE_H

#include <pyjitc.h>

typedef struct PjDtypeInfo {
  const char *name;  /* numpy's */
  const char *short_name; /* numba's */
  size_t size;
  char kind;         /* 'b' bool, 'i' signed, 'u' unsigned, 'f' float, 'c' complex, 'M' datetime64,
                      * 'm' timedelta64 */
} PjDtypeInfo;

extern const PjDtypeInfo pj_dtype_infos[PJ_DTYPE_COUNT];

static inline int pj_dtype_valid(PjDtype dtype) { return (unsigned)dtype < PJ_DTYPE_COUNT; }

/* PjDtypeInfo.kind, or '?' for a value that is no dtype. */
static inline char pj_dtype_kind(PjDtype dtype) {
  return pj_dtype_valid(dtype) ? pj_dtype_infos[dtype].kind : '?';
}

#endif
