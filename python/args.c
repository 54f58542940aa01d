/* Launch arguments read from Python objects, for pyjitc._core's Launcher: device arrays (a C
 * struct), Python and NumPy scalars, NumPy arrays through the buffer protocol, CuPy arrays through
 * their attributes, other GPU arrays through __cuda_array_interface__. No Python object is made
 * for a device array or a scalar. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* PEP 3118 format characters -> dtype (with an optional byte-order prefix). */
static int pj_dtype_from_format(const char *f, PjDtype *out) {
  if (!f) f = "B";
  if (*f == '<' || *f == '=' || *f == '@' || *f == '|') f++;
  if (f[0] && f[1] && !(f[0] == 'Z' && f[2] == 0)) return 0;
  switch (f[0]) {
  case '?': *out = PJ_BOOL; return 1;
  case 'b': *out = PJ_INT8; return 1;
  case 'B': *out = PJ_UINT8; return 1;
  case 'h': *out = PJ_INT16; return 1;
  case 'H': *out = PJ_UINT16; return 1;
  case 'i': *out = PJ_INT32; return 1;
  case 'I': *out = PJ_UINT32; return 1;
  case 'l': case 'q': *out = PJ_INT64; return 1;
  case 'L': case 'Q': *out = PJ_UINT64; return 1;
  case 'e': *out = PJ_FLOAT16; return 1;
  case 'f': *out = PJ_FLOAT32; return 1;
  case 'd': *out = PJ_FLOAT64; return 1;
  case 'Z': *out = f[1] == 'f' ? PJ_COMPLEX64 : PJ_COMPLEX128; return f[1] == 'f' || f[1] == 'd';
  }
  return 0;
}

/* A NumPy fixed-width string's buffer format: "12s" (bytes, 'S12') or "12w" / "<12w" (UCS-4, 'U12'). */
static bool pj_is_string_format(const char *f) {
  if (!f) return false;
  if (*f == '<' || *f == '=' || *f == '@' || *f == '|') f++;
  size_t n = strspn(f, "0123456789");
  return (f[n] == 's' || f[n] == 'w') && f[n + 1] == 0;
}

/* numpy's typestr ("<f4", "<M8[D]") -> dtype */
static int pj_dtype_from_typestr(const char *t, PjDtype *out) {
  if (!t || strlen(t) < 3 || t[0] == '>') return 0;
  int size = atoi(t + 2);
  if ((t[1] == 'M' || t[1] == 'm') && t[2] == '8') /* datetime64, timedelta64: "M8[D]" is numba's short name */
    return pj_dtype_from_name(t + 1, out) && pj_dtype_unit(*out) >= 0;
  switch (t[1]) {
  case 'b': *out = PJ_BOOL; return size == 1;
  case 'i': *out = size == 1 ? PJ_INT8 : size == 2 ? PJ_INT16 : size == 4 ? PJ_INT32 : PJ_INT64; return size == 1 || size == 2 || size == 4 || size == 8;
  case 'u': *out = size == 1 ? PJ_UINT8 : size == 2 ? PJ_UINT16 : size == 4 ? PJ_UINT32 : PJ_UINT64; return size == 1 || size == 2 || size == 4 || size == 8;
  case 'f': *out = size == 2 ? PJ_FLOAT16 : size == 4 ? PJ_FLOAT32 : PJ_FLOAT64; return size == 2 || size == 4 || size == 8;
  case 'c': *out = size == 8 ? PJ_COMPLEX64 : PJ_COMPLEX128; return size == 8 || size == 16;
  case 'V': *out = PJ_BFLOAT16; return size == 2; /* a 2-byte opaque type: ml_dtypes.bfloat16's typestr */
  }
  return 0;
}

/* The record dtypes seen, kept alive; a launch finds its argument's by identity, else by equality
 * (NumPy compares names, offsets and field types). At most 192: the launcher's key holds
 * 0x40 + the number. */
static PyObject *g_records[192];
static int g_nrecords;

PyObject *pj_record_dtype(int record) { return g_records[record - 1]; }

/* Whether two dtypes NumPy finds equal are both aligned structs or both not (NumPy's equality
 * leaves align=True out where the offsets agree; numba's Record types differ by it): 1, 0 or -1. */
static int pj_same_alignedness(PyObject *a, PyObject *b) {
  PyObject *x = PyObject_GetAttrString(a, "isalignedstruct"), *y = x ? PyObject_GetAttrString(b, "isalignedstruct") : NULL;
  int same = x && y ? PyObject_IsTrue(x) == PyObject_IsTrue(y) : -1;
  Py_XDECREF(x);
  Py_XDECREF(y);
  return same;
}

int pj_record_number(PyObject *dtype, int index) {
  for (int i = 0; i < g_nrecords; i++)
    if (g_records[i] == dtype) return i + 1;
  for (int i = 0; i < g_nrecords; i++) {
    int eq = PyObject_RichCompareBool(g_records[i], dtype, Py_EQ);
    if (eq > 0) eq = pj_same_alignedness(g_records[i], dtype);
    if (eq < 0) return -1;
    if (eq) return i + 1;
  }
  if (g_nrecords == 192) {
    if (index < 0) PyErr_SetString(PyExc_TypeError, "device arrays and kernels use more than 192 record dtypes");
    else PyErr_Format(PyExc_TypeError, "argument %d: more than 192 record dtypes were passed to kernels", index + 1);
    return -1;
  }
  g_records[g_nrecords++] = Py_NewRef(dtype);
  return g_nrecords;
}

/* An array of records, or one record (np.void / np.record, passed by reference as an array of one,
 * written back as numba does), from its buffer (a->view, already taken). */
static int pj_record_read(PyObject *o, PjArg *a, int index, bool ndarray) {
  PyObject *dtype = PyObject_GetAttrString(o, "dtype");
  if (!dtype) return -1;
  a->record = pj_record_number(dtype, index);
  Py_DECREF(dtype);
  if (a->record < 0) return -1;
  a->record_size = a->view.itemsize;
  if (a->view.ndim > PJ_MAX_DIMS) {
    PyErr_Format(PyExc_ValueError, "argument %d has %d dimensions; at most %d are supported", index + 1, a->view.ndim,
                 PJ_MAX_DIMS);
    return -1;
  }
  a->v.dtype = PJ_UINT8; /* the elements' bytes: kernels address them by strides */
  a->v.data = a->view.buf;
  if (a->view.ndim == 0 && ndarray) { /* a 0-d array of records (np.ndarray((), dtype)): an array, as numba's */
    a->writable = !a->view.readonly;
    a->zero_dim = true;
    a->v.ndim = 1;
    a->v.shape[0] = 1;
    a->v.strides[0] = a->view.itemsize;
    a->layout = 'A';
    return 0;
  }
  if (a->view.ndim == 0) {
    a->record_scalar = true;
    a->writable = true;
    a->v.ndim = 1;
    a->v.shape[0] = 1;
    a->v.strides[0] = a->view.itemsize;
    a->layout = 'C';
    return 0;
  }
  a->v.ndim = a->view.ndim;
  int64_t s = a->view.itemsize;
  for (int k = a->view.ndim - 1; k >= 0; k--) {
    a->v.shape[k] = a->view.shape[k];
    a->v.strides[k] = a->view.strides ? a->view.strides[k] : s;
    s *= a->v.shape[k];
  }
  a->layout = 'A';
  return 0;
}

void pj_span_of(const PjArg *a, char *data, int64_t itemsize, char **lo, size_t *span) {
  int64_t low = 0, high = 0;
  for (int d = 0; d < a->v.ndim; d++) {
    if (a->v.shape[d] == 0) {
      *lo = data;
      *span = 0;
      return;
    }
    int64_t reach = (a->v.shape[d] - 1) * a->v.strides[d];
    if (reach < 0) low += reach;
    else high += reach;
  }
  *lo = data + low;
  *span = (size_t)(high - low + itemsize);
}

/* The dtype code of a NumPy dtype object (what CuPy arrays carry), from its typestr; the objects
 * seen are remembered (built-in dtypes are singletons), so a launch reads no string. */
/* Whether a NumPy dtype is ml_dtypes' bfloat16: NumPy knows it only as a 2-byte opaque type
 * (typestr '<V2', no buffer format), by its name. */
static int pj_is_bf16_dtype(PyObject *dtype) {
  PyObject *name = dtype ? PyObject_GetAttrString(dtype, "name") : NULL;
  PyObject *size = dtype ? PyObject_GetAttrString(dtype, "itemsize") : NULL;
  int yes = name && size && PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, "bfloat16") == 0 &&
            PyLong_Check(size) && PyLong_AsLong(size) == 2;
  Py_XDECREF(name);
  Py_XDECREF(size);
  PyErr_Clear();
  return yes;
}

/* The dtype of a NumPy dtype object that refuses the buffer protocol: ml_dtypes.bfloat16, or a
 * datetime64 / timedelta64 of native byte order (whose dtype objects NumPy makes anew for every
 * array: read, not remembered). 0 for any other. */
static int pj_viewed_dtype(PyObject *dtype, PjDtype *d) {
  PyObject *kind = dtype ? PyObject_GetAttrString(dtype, "kind") : NULL;
  const char *k = kind && PyUnicode_Check(kind) ? PyUnicode_AsUTF8AndSize(kind, NULL) : NULL;
  int ok = 0;
  if (k && (k[0] == 'M' || k[0] == 'm')) {
    PyObject *typestr = PyObject_GetAttrString(dtype, "str");
    const char *t = typestr && PyUnicode_Check(typestr) ? PyUnicode_AsUTF8AndSize(typestr, NULL) : NULL;
    ok = t && pj_dtype_from_typestr(t, d);
    Py_XDECREF(typestr);
  } else if (k && k[0] == 'V' && pj_is_bf16_dtype(dtype)) {
    *d = PJ_BFLOAT16;
    ok = 1;
  }
  Py_XDECREF(kind);
  PyErr_Clear();
  return ok;
}

/* The buffer of a NumPy array or scalar whose dtype refuses the buffer protocol: ml_dtypes.bfloat16
 * (through its uint16 view) and datetime64 / timedelta64 of native byte order (through their int64
 * view: the same memory), the view kept alive by the buffer; *d the dtype. 1: done, 0: none of
 * those (the buffer protocol's error is kept), -1: failed. */
static int pj_view_buffer(PyObject *o, Py_buffer *view, int flags, PjDtype *d) {
  PyObject *et, *ev, *tb;
  PyErr_Fetch(&et, &ev, &tb);
  PyObject *dtype = PyObject_GetAttrString(o, "dtype");
  int known = pj_viewed_dtype(dtype, d);
  Py_XDECREF(dtype);
  if (!known) {
    PyErr_Restore(et, ev, tb);
    return 0;
  }
  Py_XDECREF(et);
  Py_XDECREF(ev);
  Py_XDECREF(tb);
  /* the views' dtypes: named the first time, then the dtype objects NumPy made (singletons) */
  static PyObject *as_u16, *as_i64;
  PyObject **as = *d == PJ_BFLOAT16 ? &as_u16 : &as_i64;
  PyObject *bits = *as ? PyObject_CallMethod(o, "view", "O", *as)
                       : PyObject_CallMethod(o, "view", "s", *d == PJ_BFLOAT16 ? "uint16" : "int64");
  if (bits && !*as && !(*as = PyObject_GetAttrString(bits, "dtype"))) PyErr_Clear(); /* kept */
  int r = bits && PyObject_GetBuffer(bits, view, flags) == 0 ? 1 : -1;
  Py_XDECREF(bits);
  return r;
}

static int pj_dtype_of_object(PyObject *dtype, PjDtype *out) {
  static struct { PyObject *obj; PjDtype d; } seen[16];
  static int nseen;
  for (int i = 0; i < nseen; i++)
    if (seen[i].obj == dtype) {
      *out = seen[i].d;
      return 1;
    }
  PyObject *typestr = PyObject_GetAttrString(dtype, "str");
  const char *t = typestr && PyUnicode_Check(typestr) ? PyUnicode_AsUTF8AndSize(typestr, NULL) : NULL;
  int ok = t && pj_dtype_from_typestr(t, out);
  if (ok && *out == PJ_BFLOAT16) ok = pj_is_bf16_dtype(dtype); /* '<V2': only ml_dtypes.bfloat16 */
  Py_XDECREF(typestr);
  PyErr_Clear();
  if (ok && nseen < 16) {
    seen[nseen].obj = Py_NewRef(dtype); /* kept alive: its address stays its own */
    seen[nseen++].d = *out;
  }
  return ok;
}

/* ---- CuPy arrays without attribute reads ----
 * Reading a CuPy array's data pointer, dtype, shape and strides through its attributes costs
 * about 0.35 us an array (six getattrs, each making an int or a tuple): 23 us of a launch with 65
 * CuPy arrays. CuPy keeps them in its ndarray's C struct (cupy/_core/core.pxd: the dtype and
 * MemoryPointer objects, the shape and strides as std::vector<Py_ssize_t> right after the `size`
 * field) and in its MemoryPointer's (`ptr`). Their offsets are CuPy's private ABI, fixed for an
 * installed CuPy but not promised across versions, so they are found at run time instead of
 * assumed: on a CuPy array read through its attributes, the dtype and MemoryPointer fields are the
 * only words of the struct holding those objects' addresses, `size` the only word holding its
 * value, and the MemoryPointer's `ptr` the only word of it holding the address; each must match
 * exactly once, or the next array is tried (at most 8). The vectors are then read only where
 * their words pass the checks a std::vector's three pointers pass (aligned, begin <= end <= capacity,
 * end - begin = 8 * ndim). The next 16 arrays are read both ways and compared; one difference
 * turns the direct reads off for the process. A subclass of cupy.ndarray, or a MemoryPointer of
 * another type, is read through its attributes. */
static struct {
  int state; /* 0: finding the offsets, 1: checking them, 2: in use, -1: off */
  int tries, checked;
  Py_ssize_t dtype_at, data_at, shape_at, strides_at, ptr_at;
  PyTypeObject *memptr_type;
} g_cupy;

static Py_ssize_t pj_type_basicsize(PyObject *type) {
  PyObject *b = PyObject_GetAttrString(type, "__basicsize__");
  Py_ssize_t n = b ? PyLong_AsSsize_t(b) : -1;
  Py_XDECREF(b);
  if (n < 0) PyErr_Clear();
  return n;
}

/* The one word-aligned offset in [16, size) of `base` holding `value`, or -1 (none, or several). */
static Py_ssize_t pj_word_at(const char *base, Py_ssize_t size, uintptr_t value) {
  Py_ssize_t at = -1;
  for (Py_ssize_t off = 16; off + (Py_ssize_t)sizeof(uintptr_t) <= size; off += sizeof(uintptr_t)) {
    uintptr_t w;
    memcpy(&w, base + off, sizeof w);
    if (w != value) continue;
    if (at >= 0) return -1;
    at = off;
  }
  return at;
}

/* The n values of the std::vector<int64_t> whose three pointers are at `at`, or NULL where the
 * words are not such a vector's. */
static const int64_t *pj_vector_at(const char *base, Py_ssize_t at, int *n) {
  uintptr_t w[3];
  memcpy(w, base + at, sizeof w);
  if (!w[0] || w[0] % 8 || w[1] < w[0] || w[2] < w[1] || (w[1] - w[0]) % 8 || (w[1] - w[0]) / 8 > PJ_MAX_DIMS)
    return NULL;
  *n = (int)((w[1] - w[0]) / 8);
  return (const int64_t *)w[0];
}

/* The array read from CuPy's structs into a; false where they do not hold one pyjitc reads so. */
static bool pj_cupy_direct(PyObject *o, PjArg *a) {
  const char *p = (const char *)o;
  PyObject *dtype, *mp;
  memcpy(&dtype, p + g_cupy.dtype_at, sizeof dtype);
  memcpy(&mp, p + g_cupy.data_at, sizeof mp);
  PjDtype d;
  if (!dtype || !mp || Py_TYPE(mp) != g_cupy.memptr_type || !pj_dtype_of_object(dtype, &d)) return false;
  int n = 0, m = 0;
  const int64_t *shape = pj_vector_at(p, g_cupy.shape_at, &n), *strides = pj_vector_at(p, g_cupy.strides_at, &m);
  if (!shape || !strides || n != m || n < 1) return false;
  intptr_t ptr;
  memcpy(&ptr, (const char *)mp + g_cupy.ptr_at, sizeof ptr);
  for (int k = 0; k < n; k++) {
    if (shape[k] < 0) return false;
    a->v.shape[k] = shape[k];
    a->v.strides[k] = strides[k];
  }
  a->v.dtype = d;
  a->v.ndim = n;
  a->v.data = (void *)(uintptr_t)ptr;
  a->layout = pj_layout_of(n, a->v.shape, a->v.strides, (int64_t)pj_dtype_size(d));
  return true;
}

/* After a read through the attributes (a): learn the offsets from this array, or check them. */
static void pj_cupy_learn(PyObject *o, const PjArg *a) {
  if (g_cupy.state == 1) {
    PjArg b = *a;
    bool same = pj_cupy_direct(o, &b) && b.v.dtype == a->v.dtype && b.v.ndim == a->v.ndim && b.v.data == a->v.data &&
                b.layout == a->layout;
    for (int k = 0; same && k < a->v.ndim; k++)
      same = b.v.shape[k] == a->v.shape[k] && (a->v.shape[k] <= 1 || b.v.strides[k] == a->v.strides[k]);
    g_cupy.state = !same ? -1 : ++g_cupy.checked >= 16 ? 2 : 1;
    return;
  }
  if (++g_cupy.tries > 8) {
    g_cupy.state = -1;
    return;
  }
  int64_t size = 1;
  for (int k = 0; k < a->v.ndim; k++) size *= a->v.shape[k];
  if (!a->v.data || size < 2) return; /* its size and pointer would not single out their words */
  static PyObject *n_data, *n_dtype;
  if (!n_data && !(n_data = PyUnicode_InternFromString("data"))) return;
  if (!n_dtype && !(n_dtype = PyUnicode_InternFromString("dtype"))) return;
  PyObject *data = PyObject_GetAttr(o, n_data), *dtype = PyObject_GetAttr(o, n_dtype);
  /* the words of CuPy's own struct (cupy.ndarray, a Python class, adds only its __dict__ after it) */
  PyObject *mro = PyObject_GetAttrString((PyObject *)Py_TYPE(o), "__mro__");
  Py_ssize_t osize = mro && PyTuple_Check(mro) && PyTuple_Size(mro) >= 2 ? pj_type_basicsize(PyTuple_GetItem(mro, 1)) : -1;
  Py_ssize_t whole = pj_type_basicsize((PyObject *)Py_TYPE(o));
  Py_ssize_t msize = data ? pj_type_basicsize((PyObject *)Py_TYPE(data)) : -1;
  Py_XDECREF(mro);
  const char *p = (const char *)o;
  Py_ssize_t dtype_at = -1, data_at = -1, size_at = -1, ptr_at = -1;
  if (data && dtype && osize > 0 && msize > 0 && osize <= whole) {
    dtype_at = pj_word_at(p, osize, (uintptr_t)dtype);
    data_at = pj_word_at(p, osize, (uintptr_t)data);
    size_at = pj_word_at(p, osize, (uintptr_t)size);
    ptr_at = pj_word_at((const char *)data, msize, (uintptr_t)a->v.data);
  }
  if (dtype_at >= 0 && data_at >= 0 && size_at >= 0 && ptr_at >= 0 && size_at + 56 <= osize) {
    g_cupy.dtype_at = dtype_at;
    g_cupy.data_at = data_at;
    g_cupy.shape_at = size_at + 8;
    g_cupy.strides_at = size_at + 32;
    g_cupy.ptr_at = ptr_at;
    g_cupy.memptr_type = Py_TYPE(data); /* its module holds it: an address compared, never used */
    g_cupy.state = 1;
  }
  Py_XDECREF(data);
  Py_XDECREF(dtype);
  PyErr_Clear();
}

int pj_cupy_direct_state(void) { return g_cupy.state; }

/* A CuPy array read through its attributes: CuPy builds a new __cuda_array_interface__
 * dictionary at every access, several microseconds per argument. 1: read, 0: not CuPy,
 * -1: error. */
static int pj_cupy_read(PyObject *o, PjArg *a, int index) {
  if (!g_cupy_type) { /* the first object of a type not seen before: is it CuPy's ndarray? */
    PyObject *mod = PyObject_GetAttrString((PyObject *)Py_TYPE(o), "__module__");
    const char *m = mod && PyUnicode_Check(mod) ? PyUnicode_AsUTF8AndSize(mod, NULL) : NULL;
    PyObject *name = PyType_GetName(Py_TYPE(o));
    const char *nm = name ? PyUnicode_AsUTF8AndSize(name, NULL) : NULL;
    bool is_cupy = m && nm && strncmp(m, "cupy", 4) == 0 && (m[4] == 0 || m[4] == '.') && strcmp(nm, "ndarray") == 0;
    Py_XDECREF(mod);
    Py_XDECREF(name);
    PyErr_Clear();
    if (!is_cupy) return 0;
    g_cupy_type = (PyTypeObject *)Py_NewRef((PyObject *)Py_TYPE(o));
  }
  if (Py_TYPE(o) != g_cupy_type) return 0;
  if (g_cupy.state == 2 && g_target == PJ_TARGET_CUDA && pj_cupy_direct(o, a)) return 1;
  /* attribute names made once; a dtype object's code remembered by identity (numpy's dtype.str
   * builds a new string at every read, 0.4 µs); a C-contiguous array (CuPy's own flag, a plain
   * bool) needs no `strides` (a new tuple at every read), and a 1-D one no `shape` either */
  static PyObject *n_shape, *n_strides, *n_data, *n_ptr, *n_dtype, *n_contiguous, *n_ndim, *n_size;
  if (!n_shape) {
    n_shape = PyUnicode_InternFromString("shape");
    n_strides = PyUnicode_InternFromString("strides");
    n_data = PyUnicode_InternFromString("data");
    n_ptr = PyUnicode_InternFromString("ptr");
    n_dtype = PyUnicode_InternFromString("dtype");
    n_contiguous = PyUnicode_InternFromString("_c_contiguous");
    n_ndim = PyUnicode_InternFromString("ndim");
    n_size = PyUnicode_InternFromString("size");
    if (!n_shape || !n_strides || !n_data || !n_ptr || !n_dtype || !n_contiguous || !n_ndim || !n_size) return -1;
  }
  PyObject *data = PyObject_GetAttr(o, n_data), *dtype = PyObject_GetAttr(o, n_dtype);
  PyObject *pv = data ? PyObject_GetAttr(data, n_ptr) : NULL;
  int64_t ptr = pv ? PyLong_AsLongLong(pv) : -1;
  Py_XDECREF(pv);
  Py_XDECREF(data);
  PjDtype d;
  int ok = dtype && pj_dtype_of_object(dtype, &d);
  Py_XDECREF(dtype);
  PyObject *contiguous = ok ? PyObject_GetAttr(o, n_contiguous) : NULL;
  if (!contiguous) PyErr_Clear(); /* another CuPy: read shape and strides */
  int64_t itemsize = ok ? (int64_t)pj_dtype_size(d) : 1;
  long ndim = 0;
  if (ok && contiguous == Py_True) {
    PyObject *nd = PyObject_GetAttr(o, n_ndim);
    ndim = nd ? PyLong_AsLong(nd) : -1;
    Py_XDECREF(nd);
  }
  if (ok && contiguous == Py_True && ndim == 1) {
    PyObject *size = PyObject_GetAttr(o, n_size);
    a->v.shape[0] = size ? PyLong_AsLongLong(size) : -1;
    a->v.strides[0] = itemsize;
    Py_XDECREF(size);
    ok = a->v.shape[0] >= 0;
  } else if (ok) {
    PyObject *shape = PyObject_GetAttr(o, n_shape);
    PyObject *strides = contiguous == Py_True ? NULL : PyObject_GetAttr(o, n_strides);
    ndim = shape && PyTuple_Check(shape) ? (long)PyTuple_Size(shape) : -1;
    ok = ndim >= 1 && ndim <= PJ_MAX_DIMS &&
         (contiguous == Py_True || (strides && PyTuple_Check(strides) && PyTuple_Size(strides) == ndim));
    int64_t step = itemsize; /* C order: the last axis is the densest */
    for (long k = ndim - 1; ok && k >= 0; k--) {
      a->v.shape[k] = PyLong_AsLongLong(PyTuple_GetItem(shape, k));
      a->v.strides[k] = strides ? PyLong_AsLongLong(PyTuple_GetItem(strides, k)) : step;
      step *= a->v.shape[k] > 0 ? a->v.shape[k] : 1;
    }
    Py_XDECREF(shape);
    Py_XDECREF(strides);
  }
  Py_XDECREF(contiguous);
  if (ok) {
    a->v.dtype = d;
    a->v.ndim = (int)ndim;
    a->v.data = (void *)(uintptr_t)ptr;
    a->layout = pj_layout_of(a->v.ndim, a->v.shape, a->v.strides, itemsize);
  }
  if (PyErr_Occurred()) return -1;
  if (!ok) {
    PyErr_Format(PyExc_TypeError, "argument %d: an unsupported CuPy array", index + 1);
    return -1;
  }
  if (g_target != PJ_TARGET_CUDA) {
    PyErr_Format(PyExc_TypeError, "argument %d is GPU memory (a CuPy array) but pyjitc runs on the CPU", index + 1);
    return -1;
  }
  if (g_cupy.state == 0 || g_cupy.state == 1) pj_cupy_learn(o, a);
  return 1;
}

/* A 0-d array whose data a->v.data holds, as the 1-d array of its one element. */
static void pj_zero_dim(PjArg *a, int64_t itemsize) {
  a->zero_dim = true;
  a->v.ndim = 1;
  a->v.shape[0] = 1;
  a->v.strides[0] = itemsize;
  a->layout = 'C';
}

/* Fills `a` from one Python argument; returns 0, or -1 with an exception set. */
int pj_arg_read(PyObject *o, PjArg *a, int index) {
  a->v.ndim = 0; /* only what every path reads is reset: this runs for every argument of every launch */
  a->v.imag = 0;
  a->layout = 0;
  a->v.strides_set = 1; /* every array path below writes the real strides */
  a->have_view = a->writable = false;
  a->staged = 0;
  a->record = 0;
  a->record_scalar = false;
  a->zero_dim = false;
  a->device = PJ_ARG_ANY_DEVICE;
  if (PyObject_TypeCheck(o, g_array_type)) {
    PjArrayObject *arr = (PjArrayObject *)o;
    a->device = arr->device;
    a->v.dtype = (PjDtype)arr->dtype;
    a->v.ndim = arr->ndim;
    memcpy(a->v.shape, arr->shape, sizeof(int64_t) * (size_t)arr->ndim);
    memcpy(a->v.strides, arr->strides, sizeof(int64_t) * (size_t)arr->ndim);
    a->v.data = (void *)(uintptr_t)arr->address;
    a->layout = arr->layout;
    if (arr->ndim == 0) pj_zero_dim(a, arr->itemsize);
    if (arr->record) { /* an array of records: its bytes, addressed by strides, as a NumPy one's */
      a->record = arr->record;
      a->record_size = arr->itemsize;
      a->layout = 'A';
    }
    return 0;
  }
  if (PyBool_Check(o)) {
    a->v.dtype = PJ_BOOL;
    a->v.scalar.u = o == Py_True;
    return 0;
  }
  if (PyLong_Check(o)) {
    int overflow = 0;
    a->v.dtype = PJ_INT64;
    a->v.scalar.i = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow > 0) {
      a->v.dtype = PJ_UINT64;
      a->v.scalar.u = PyLong_AsUnsignedLongLong(o);
    }
    if (overflow < 0 || (overflow > 0 && PyErr_Occurred())) { /* numba has no integer type for it either */
      PyErr_Clear();
      PyErr_Format(PyExc_OverflowError, "argument %d: the integer %R does not fit in 64 bits (int64 or uint64)",
                   index + 1, o);
      return -1;
    }
    return PyErr_Occurred() ? -1 : 0;
  }
  if (PyFloat_Check(o)) {
    a->v.dtype = PJ_FLOAT64;
    a->v.scalar.f = PyFloat_AsDouble(o);
    return 0;
  }
  for (int s = 0; s < g_nscalar_types; s++) { /* np.float32(2.0), np.int32(7), ... */
    if (Py_TYPE(o) != g_scalar_types[s].type) continue;
    PjDtype d = g_scalar_types[s].dtype;
    a->v.dtype = d;
    if (pj_dtype_is_float(d)) a->v.scalar.f = PyFloat_AsDouble(o);
    else if (d == PJ_BOOL) a->v.scalar.u = PyObject_IsTrue(o) == 1;
    else if (d == PJ_UINT64) {
      PyObject *i = PyNumber_Index(o);
      a->v.scalar.u = i ? PyLong_AsUnsignedLongLong(i) : 0;
      Py_XDECREF(i);
    } else {
      PyObject *i = PyNumber_Index(o);
      a->v.scalar.i = i ? PyLong_AsLongLong(i) : 0;
      Py_XDECREF(i);
    }
    return PyErr_Occurred() ? -1 : 0;
  }
  if (PyComplex_Check(o)) {
    a->v.dtype = PJ_COMPLEX128;
    a->v.scalar.f = PyComplex_RealAsDouble(o);
    a->v.imag = PyComplex_ImagAsDouble(o);
    return 0;
  }
  if (PyTuple_Check(o)) return PJ_ARG_TUPLE; /* namedtuples too */
  /* NumPy arrays and scalars through the buffer protocol; other objects (CuPy refuses the buffer
   * protocol) and mapped NumPy arrays on the GPU through the CUDA array interface */
  if (g_cupy_type && Py_TYPE(o) == g_cupy_type) return pj_cupy_read(o, a, index) < 0 ? -1 : 0;
  bool ndarray = g_ndarray_type && PyObject_TypeCheck(o, g_ndarray_type);
  bool numpy = ndarray || (g_generic_type && PyObject_TypeCheck(o, g_generic_type));
  bool gpu = g_target == PJ_TARGET_CUDA;
  bool interface = gpu && (!numpy || (ndarray && Py_TYPE(o) != g_ndarray_type)) &&
                   PyObject_HasAttrString(o, "__cuda_array_interface__");
  if (!interface && (numpy || PyObject_CheckBuffer(o))) {
    int flags = PyBUF_RECORDS_RO;
    bool viewed = false; /* bfloat16, datetime64, timedelta64: through a view of their bits */
    PjDtype d = PJ_BFLOAT16;
    if (numpy && !ndarray) { /* a NumPy scalar: datetime64's buffer is its bytes (uint8), so its dtype first */
      int r = pj_view_buffer(o, &a->view, flags, &d);
      if (r < 0) return -1;
      viewed = r > 0;
    }
    if (!viewed && PyObject_GetBuffer(o, &a->view, flags) < 0) {
      int r = numpy ? pj_view_buffer(o, &a->view, flags, &d) : 0;
      if (r <= 0) return -1;
      viewed = true;
    }
    a->have_view = true;
    a->writable = !a->view.readonly;
    if (!viewed && a->view.format && a->view.format[0] == 'T' && numpy) return pj_record_read(o, a, index, ndarray);
    if (!viewed && numpy && ndarray && pj_is_string_format(a->view.format)) /* 'S12', '<U12': as records */
      return pj_record_read(o, a, index, ndarray);
    if (!viewed && (!pj_dtype_from_format(a->view.format, &d) || (Py_ssize_t)pj_dtype_size(d) != a->view.itemsize)) {
      PyErr_Format(PyExc_TypeError, "argument %d: an array of format '%s' is not supported", index + 1,
                   a->view.format ? a->view.format : "?");
      return -1;
    }
    a->v.dtype = d;
    if (a->view.ndim == 0 && ndarray) { /* a 0-d NumPy array (np.array(5.0)): an array, as numba types it */
      a->v.data = a->view.buf;
      pj_zero_dim(a, a->view.itemsize);
      return 0;
    }
    if (a->view.ndim == 0) { /* a NumPy scalar */
      const char *p = a->view.buf;
      switch (d) {
      case PJ_BOOL: a->v.scalar.u = *(const uint8_t *)p != 0; break;
      case PJ_INT8: a->v.scalar.i = *(const int8_t *)p; break;
      case PJ_INT16: a->v.scalar.i = *(const int16_t *)p; break;
      case PJ_INT32: a->v.scalar.i = *(const int32_t *)p; break;
      case PJ_INT64: a->v.scalar.i = *(const int64_t *)p; break;
      case PJ_UINT8: a->v.scalar.u = *(const uint8_t *)p; break;
      case PJ_UINT16: a->v.scalar.u = *(const uint16_t *)p; break;
      case PJ_UINT32: a->v.scalar.u = *(const uint32_t *)p; break;
      case PJ_UINT64: a->v.scalar.u = *(const uint64_t *)p; break;
      case PJ_FLOAT32: a->v.scalar.f = *(const float *)p; break;
      case PJ_FLOAT64: a->v.scalar.f = *(const double *)p; break;
      case PJ_COMPLEX64: a->v.scalar.f = ((const float *)p)[0]; a->v.imag = ((const float *)p)[1]; break;
      case PJ_COMPLEX128: a->v.scalar.f = ((const double *)p)[0]; a->v.imag = ((const double *)p)[1]; break;
      default: { /* float16 and bfloat16: through Python's float; datetime64 and timedelta64: the count */
        if (pj_dtype_unit(d) >= 0) {
          a->v.scalar.i = *(const int64_t *)p;
          break;
        }
        PyObject *f = PyNumber_Float(o);
        if (!f) return -1;
        a->v.scalar.f = PyFloat_AsDouble(f);
        Py_DECREF(f);
      }
      }
      PyBuffer_Release(&a->view);
      a->have_view = false;
      return 0;
    }
    if (a->view.ndim > PJ_MAX_DIMS) {
      PyErr_Format(PyExc_ValueError, "argument %d has %d dimensions; at most %d are supported", index + 1, a->view.ndim,
                   PJ_MAX_DIMS);
      return -1;
    }
    a->v.ndim = a->view.ndim;
    for (int k = 0; k < a->view.ndim; k++) {
      a->v.shape[k] = a->view.shape[k];
      a->v.strides[k] = a->view.strides ? a->view.strides[k] : 0;
    }
    if (!a->view.strides) { /* C order */
      int64_t s = a->view.itemsize;
      for (int k = a->view.ndim - 1; k >= 0; k--) {
        a->v.strides[k] = s;
        s *= a->v.shape[k];
      }
    }
    a->v.data = a->view.buf;
    a->layout = pj_layout_of(a->v.ndim, a->v.shape, a->v.strides, a->view.itemsize);
    return 0;
  }
  int cupy = pj_cupy_read(o, a, index);
  if (cupy) return cupy < 0 ? -1 : 0;
  /* PyTorch tensors, numba device arrays, ...: the CUDA array interface */
  PyObject *cai = PyObject_GetAttrString(o, "__cuda_array_interface__");
  if (!cai && g_arg_hook) { /* what the dispatcher passes for it: an enum member's number */
    PyErr_Clear();
    PyObject *n = PyObject_CallFunctionObjArgs(g_arg_hook, o, NULL);
    if (!n) return -1;
    if (PyLong_Check(n)) {
      a->v.dtype = PJ_INT64;
      a->v.scalar.i = PyLong_AsLongLong(n);
      Py_DECREF(n);
      return PyErr_Occurred() ? -1 : 0;
    }
    Py_DECREF(n);
  }
  if (!cai) {
    PyErr_Clear();
    /* the type's name: a new string for a static type (NoneType, str), released here (each refused
     * launch leaked one before) */
    PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(o), "__name__");
    const char *text = name ? PyUnicode_AsUTF8AndSize(name, NULL) : NULL;
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "argument %d: cannot pass a %s to a kernel", index + 1, text ? text : "?");
    Py_XDECREF(name);
    return -1;
  }
  PyObject *shape = PyDict_GetItemString(cai, "shape"), *typestr = PyDict_GetItemString(cai, "typestr");
  PyObject *data = PyDict_GetItemString(cai, "data"), *strides = PyDict_GetItemString(cai, "strides");
  PjDtype d;
  int ok = shape && typestr && data && PyTuple_Check(shape) && PyTuple_Check(data) && PyTuple_Size(shape) <= PJ_MAX_DIMS &&
           pj_dtype_from_typestr(PyUnicode_AsUTF8AndSize(typestr, NULL), &d);
  if (ok) {
    a->v.dtype = d;
    a->v.ndim = (int)PyTuple_Size(shape);
    int64_t itemsize = (int64_t)pj_dtype_size(d);
    for (int k = 0; k < a->v.ndim; k++) a->v.shape[k] = PyLong_AsLongLong(PyTuple_GetItem(shape, k));
    if (strides && strides != Py_None) {
      for (int k = 0; k < a->v.ndim; k++) a->v.strides[k] = PyLong_AsLongLong(PyTuple_GetItem(strides, k));
    } else {
      int64_t s = itemsize;
      for (int k = a->v.ndim - 1; k >= 0; k--) {
        a->v.strides[k] = s;
        s *= a->v.shape[k];
      }
    }
    a->v.data = (void *)(uintptr_t)PyLong_AsUnsignedLongLong(PyTuple_GetItem(data, 0));
    a->layout = pj_layout_of(a->v.ndim, a->v.shape, a->v.strides, itemsize);
  }
  PyObject *stream = ok && !PyErr_Occurred() ? PyDict_GetItemString(cai, "stream") : NULL;
  if (stream && stream != Py_None && g_cai_stream_hook) { /* the CPU too: its streams are named alike */
    PyObject *r = PyObject_CallFunctionObjArgs(g_cai_stream_hook, stream, NULL); /* waits for the producer's stream */
    if (!r) ok = 0;
    Py_XDECREF(r);
  }
  Py_DECREF(cai);
  if (!ok || PyErr_Occurred()) {
    if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "argument %d: an unsupported __cuda_array_interface__", index + 1);
    return -1;
  }
  if (a->v.ndim == 0) pj_zero_dim(a, (int64_t)pj_dtype_size(a->v.dtype));
  if (g_target != PJ_TARGET_CUDA) {
    /* the CPU executor's own device memory, exported through the interface (as numba's simulator
     * does) and wrapped by another object: the hook gives a NumPy view of it after checking that
     * the memory is pyjitc's; anything else is GPU memory the CPU cannot read */
    PyObject *view = g_arg_hook ? PyObject_CallFunctionObjArgs(g_arg_hook, o, NULL) : NULL;
    if (!view && g_arg_hook) return -1;
    if (view && view != Py_None && !PyLong_Check(view)) {
      int r = pj_arg_read(view, a, index); /* the buffer it takes keeps the view alive */
      Py_DECREF(view);
      return r;
    }
    Py_XDECREF(view);
    PyErr_Format(PyExc_TypeError, "argument %d is GPU memory (__cuda_array_interface__) but pyjitc runs on the CPU",
                 index + 1);
    return -1;
  }
  return 0;
}

/* A scalar converted to the dtype the kernel was compiled for (as a C cast). */
void pj_scalar_convert(PjValue *v, PjDtype to) {
  if (v->dtype == to) return;
  bool from_float = pj_dtype_is_float(v->dtype) || pj_dtype_is_complex(v->dtype);
  bool from_unsigned = !from_float && !pj_dtype_is_signed(v->dtype);
  double f = from_float ? v->scalar.f : from_unsigned ? (double)v->scalar.u : (double)v->scalar.i;
  int64_t i = from_float ? (int64_t)v->scalar.f : v->scalar.i;
  if (pj_dtype_is_float(to) || pj_dtype_is_complex(to)) v->scalar.f = f;
  else if (to == PJ_BOOL) v->scalar.u = from_float ? v->scalar.f != 0 : v->scalar.u != 0;
  else v->scalar.i = i;
  if (!pj_dtype_is_complex(v->dtype)) v->imag = 0;
  v->dtype = to;
}

typedef struct { uint64_t lo, hi; } PjSpan;

static int pj_span_cmp(const void *x, const void *y) {
  uint64_t a = ((const PjSpan *)x)->lo, b = ((const PjSpan *)y)->lo;
  return a < b ? -1 : a > b;
}

/* 1 when no two array arguments share a byte (each array's extent in memory from its shape and
 * strides), else 0: the spans sorted by start, each must start at or after the end of all before
 * it (n log n, not a test of every pair: 2016 pairs at 64 arrays). The same spans as the previous
 * call's (a loop of launches) get its answer without a sort. Called with the GIL held (the memo is
 * the process's). */
int pj_args_disjoint(const PjArg *a, Py_ssize_t n) {
  PjSpan s[256];
  int m = 0;
  for (Py_ssize_t i = 0; i < n && i < 256; i++) {
    if (a[i].v.ndim == 0) continue;
    char *start;
    size_t span;
    int64_t itemsize = a[i].record ? a[i].record_size : (int64_t)pj_dtype_size(a[i].v.dtype);
    pj_span_of(&a[i], (char *)a[i].v.data, itemsize, &start, &span);
    if (span == 0) continue; /* an empty array touches nothing */
    s[m].lo = (uint64_t)(uintptr_t)start;
    s[m++].hi = (uint64_t)(uintptr_t)start + span;
  }
  static PjSpan last[256];
  static int last_m = -1, last_result;
  if (m == last_m && memcmp(s, last, (size_t)m * sizeof s[0]) == 0) return last_result;
  last_m = m;
  memcpy(last, s, (size_t)m * sizeof s[0]);
  qsort(s, (size_t)m, sizeof s[0], pj_span_cmp);
  uint64_t end = 0;
  last_result = 1;
  for (int i = 0; i < m && last_result; i++) {
    if (i > 0 && s[i].lo < end) last_result = 0;
    if (s[i].hi > end) end = s[i].hi;
  }
  return last_result;
}

void pj_args_release(PjDevice *device, PjArg *a, int n) {
  for (int i = 0; i < n; i++) {
    if (a[i].staged && device) pj_mem_free(device, a[i].staged);
    if (a[i].have_view) PyBuffer_Release(&a[i].view);
  }
}

