/* cuda.libdevice's functions, as the table of stdlib/libdevice.def has them, for the front doors. */
#include <pyjitc.h>

#include "stdlib/builtins.h"

int pj_libdevice_function(size_t i, const char **name, const char **result, const char **params) {
  if (i >= PJ_LDF_COUNT) return 0;
  *name = pj_libdevice_fns[i].name;
  *result = pj_libdevice_fns[i].result;
  *params = pj_libdevice_fns[i].params;
  return 1;
}
