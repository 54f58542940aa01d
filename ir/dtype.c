/* The dtypes: numpy's and numba's names of each, its size in bytes and its kind, and the units of
 * datetime64 / timedelta64. Part of the type system, so every layer above reads it; plain libc. */
#include "ir/dtype.h"

#include <string.h>

const PjDtypeInfo pj_dtype_infos[PJ_DTYPE_COUNT] = {
  [PJ_BOOL] = {"bool", "b1", 1, 'b'},
  [PJ_INT8] = {"int8", "i1", 1, 'i'},     [PJ_INT16] = {"int16", "i2", 2, 'i'},
  [PJ_INT32] = {"int32", "i4", 4, 'i'},   [PJ_INT64] = {"int64", "i8", 8, 'i'},
  [PJ_UINT8] = {"uint8", "u1", 1, 'u'},   [PJ_UINT16] = {"uint16", "u2", 2, 'u'},
  [PJ_UINT32] = {"uint32", "u4", 4, 'u'}, [PJ_UINT64] = {"uint64", "u8", 8, 'u'},
  [PJ_FLOAT32] = {"float32", "f4", 4, 'f'}, [PJ_FLOAT64] = {"float64", "f8", 8, 'f'},
  [PJ_COMPLEX64] = {"complex64", "c8", 8, 'c'}, [PJ_COMPLEX128] = {"complex128", "c16", 16, 'c'},
  [PJ_FLOAT16] = {"float16", "f2", 2, 'f'},
  [PJ_BFLOAT16] = {"bfloat16", "bf16", 2, 'f'},
  [PJ_FP8_E5M2] = {"fp8_e5m2", "e5m2", 1, '8'}, [PJ_FP8_E4M3] = {"fp8_e4m3", "e4m3", 1, '8'},
  [PJ_FP8_E8M0] = {"fp8_e8m0", "e8m0", 1, '8'},
  [PJ_DATETIME64_Y] = {"datetime64[Y]", "M8[Y]", 8, 'M'}, [PJ_DATETIME64_M] = {"datetime64[M]", "M8[M]", 8, 'M'}, [PJ_DATETIME64_W] = {"datetime64[W]", "M8[W]", 8, 'M'},
  [PJ_DATETIME64_D] = {"datetime64[D]", "M8[D]", 8, 'M'}, [PJ_DATETIME64_h] = {"datetime64[h]", "M8[h]", 8, 'M'}, [PJ_DATETIME64_m] = {"datetime64[m]", "M8[m]", 8, 'M'},
  [PJ_DATETIME64_s] = {"datetime64[s]", "M8[s]", 8, 'M'}, [PJ_DATETIME64_ms] = {"datetime64[ms]", "M8[ms]", 8, 'M'}, [PJ_DATETIME64_us] = {"datetime64[us]", "M8[us]", 8, 'M'},
  [PJ_DATETIME64_ns] = {"datetime64[ns]", "M8[ns]", 8, 'M'}, [PJ_DATETIME64_ps] = {"datetime64[ps]", "M8[ps]", 8, 'M'}, [PJ_DATETIME64_fs] = {"datetime64[fs]", "M8[fs]", 8, 'M'},
  [PJ_DATETIME64_as] = {"datetime64[as]", "M8[as]", 8, 'M'}, [PJ_DATETIME64] = {"datetime64", "M8", 8, 'M'},
  [PJ_TIMEDELTA64_Y] = {"timedelta64[Y]", "m8[Y]", 8, 'm'}, [PJ_TIMEDELTA64_M] = {"timedelta64[M]", "m8[M]", 8, 'm'}, [PJ_TIMEDELTA64_W] = {"timedelta64[W]", "m8[W]", 8, 'm'},
  [PJ_TIMEDELTA64_D] = {"timedelta64[D]", "m8[D]", 8, 'm'}, [PJ_TIMEDELTA64_h] = {"timedelta64[h]", "m8[h]", 8, 'm'}, [PJ_TIMEDELTA64_m] = {"timedelta64[m]", "m8[m]", 8, 'm'},
  [PJ_TIMEDELTA64_s] = {"timedelta64[s]", "m8[s]", 8, 'm'}, [PJ_TIMEDELTA64_ms] = {"timedelta64[ms]", "m8[ms]", 8, 'm'}, [PJ_TIMEDELTA64_us] = {"timedelta64[us]", "m8[us]", 8, 'm'},
  [PJ_TIMEDELTA64_ns] = {"timedelta64[ns]", "m8[ns]", 8, 'm'}, [PJ_TIMEDELTA64_ps] = {"timedelta64[ps]", "m8[ps]", 8, 'm'}, [PJ_TIMEDELTA64_fs] = {"timedelta64[fs]", "m8[fs]", 8, 'm'},
  [PJ_TIMEDELTA64_as] = {"timedelta64[as]", "m8[as]", 8, 'm'}, [PJ_TIMEDELTA64] = {"timedelta64", "m8", 8, 'm'},
};

/* Other spellings: Python's types as numba types them, and numba's aliases. */
static const struct { const char *alias; PjDtype dtype; } pj_dtype_aliases[] = {
  {"float", PJ_FLOAT64}, {"int", PJ_INT64},    {"boolean", PJ_BOOL}, {"bool_", PJ_BOOL},
  {"double", PJ_FLOAT64}, {"intp", PJ_INT64},  {"uintp", PJ_UINT64}, {"complex", PJ_COMPLEX128},
};

const char *pj_dtype_name(PjDtype dtype) {
  return pj_dtype_valid(dtype) ? pj_dtype_infos[dtype].name : "<invalid dtype>";
}

size_t pj_dtype_size(PjDtype dtype) { return pj_dtype_valid(dtype) ? pj_dtype_infos[dtype].size : 0; }

int pj_dtype_is_float(PjDtype dtype) { return pj_dtype_kind(dtype) == 'f'; }

int pj_dtype_is_signed(PjDtype dtype) { return pj_dtype_kind(dtype) == 'i'; }

int pj_dtype_is_fp8(PjDtype dtype) { return pj_dtype_kind(dtype) == '8'; }

int pj_dtype_is_complex(PjDtype dtype) { return pj_dtype_kind(dtype) == 'c'; }

int pj_dtype_is_datetime(PjDtype dtype) { return pj_dtype_kind(dtype) == 'M'; }

int pj_dtype_is_timedelta(PjDtype dtype) { return pj_dtype_kind(dtype) == 'm'; }

int pj_dtype_unit(PjDtype dtype) {
  if (pj_dtype_is_datetime(dtype)) return (int)dtype - PJ_DATETIME64_Y;
  if (pj_dtype_is_timedelta(dtype)) return (int)dtype - PJ_TIMEDELTA64_Y;
  return -1;
}

PjDtype pj_dtype_datetime(int unit) { return (PjDtype)(PJ_DATETIME64_Y + unit); }

PjDtype pj_dtype_timedelta(int unit) { return (PjDtype)(PJ_TIMEDELTA64_Y + unit); }

int pj_dtype_from_name(const char *name, PjDtype *out) {
  if (!name) return 0;
  for (int t = 0; t < PJ_DTYPE_COUNT; t++) {
    if (strcmp(name, pj_dtype_infos[t].name) == 0 || strcmp(name, pj_dtype_infos[t].short_name) == 0) {
      if (out) *out = (PjDtype)t;
      return 1;
    }
  }
  for (size_t i = 0; i < sizeof pj_dtype_aliases / sizeof pj_dtype_aliases[0]; i++) {
    if (strcmp(name, pj_dtype_aliases[i].alias) == 0) {
      if (out) *out = pj_dtype_aliases[i].dtype;
      return 1;
    }
  }
  return 0;
}
