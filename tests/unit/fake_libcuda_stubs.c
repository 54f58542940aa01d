/* The stand-in driver's other entry points (fake_libcuda.c): every one runtime/cuda_driver.h lists,
 * weak, answering CUDA_ERROR_NOT_SUPPORTED, so that the runtime finds all it looks up (a driver
 * lacking one is "too old") and an entry point added there needs nothing here. */
#include "runtime/cuda_driver.h"

#define PJ_FAKE_STUB(sym, fallback, ret, params) \
  __attribute__((weak)) ret sym params { return 801; }
PJ_CUDA_ENTRY_POINTS(PJ_FAKE_STUB)
