/* pyjitc._core's kernels (core.h): the Kernel type (one compiled specialisation: its texts, times,
 * argument types, warnings, the module loaded on each device where it launched, and what the
 * device says of it: attributes, max_cooperative_grid_blocks) and compiling: compile() reads the
 * dispatcher's units, bindings, signatures and argument types into the C API's structs and runs
 * pj_kernel_compile, raising TypingError with the diagnostics for a rejected program;
 * kernel_from_ptx and kernel_from_object make a Kernel again from an earlier compile, cache_get
 * and cache_put reach the on-disk cache, libdevice() says where a GPU compile finds libdevice. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* sys.path's directories joined by ':', where an NVIDIA wheel's libdevice may be installed
 * (pj_libdevice_find); NULL (and no error) when there is no such list. */
static PyObject *pj_site_dirs(void) {
  PyObject *path = PySys_GetObject("path"); /* borrowed */
  if (!path || !PyList_Check(path)) return NULL;
  PyObject *dirs = PyList_New(0), *sep = PyUnicode_FromString(":"), *joined = NULL;
  for (Py_ssize_t i = 0; dirs && i < PyList_Size(path); i++) {
    PyObject *d = PyList_GetItem(path, i);
    if (PyUnicode_Check(d) && PyUnicode_GetLength(d) > 0) PyList_Append(dirs, d);
  }
  if (dirs && sep) joined = PyUnicode_Join(sep, dirs);
  Py_XDECREF(dirs);
  Py_XDECREF(sep);
  if (!joined) PyErr_Clear();
  return joined;
}

/* libdevice() -> (path or None, how it was found): where a GPU compile now finds libdevice */
PyObject *pj_libdevice_py(PyObject *self, PyObject *noargs) {
  PyObject *dirs = pj_site_dirs();
  char path[4096];
  PjLibdeviceFrom from = pj_libdevice_find(NULL, dirs ? PyUnicode_AsUTF8AndSize(dirs, NULL) : NULL, path, sizeof path);
  Py_XDECREF(dirs);
  if (PyErr_Occurred()) return NULL;
  if (!from) return Py_BuildValue("(Os)", Py_None, pj_libdevice_from_name(from));
  return Py_BuildValue("(ss)", path, pj_libdevice_from_name(from));
}

/* ---- the Kernel type --------------------------------------------------------------------- */

static void pj_kernel_dealloc(PyObject *self) {
  PjKernelObject *k = (PjKernelObject *)self;
  PyTypeObject *tp = Py_TYPE(self);
  for (int i = 0; i < PJ_PY_MAX_DEVICES && !pj_forked_child(); i++) pj_loaded_delete(k->loaded[i]);
  pj_kernel_delete(k->kernel);
  Py_XDECREF(k->warnings);
  freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  f(self);
  Py_DECREF(tp);
}

/* The kernel made ready on `device` (its module loaded there on first use); NULL with err set. */
PjLoaded *pj_kernel_loaded_on(PjKernelObject *k, PjDevice *device, PjStatus *st, char *err, size_t errlen) {
  PjLoaded **slot = &k->loaded[pj_device_ordinal(device)];
  *st = *slot ? PJ_OK : pj_kernel_load(device, k->kernel, slot, err, errlen);
  return *st == PJ_OK ? *slot : NULL;
}

/* kernel.text("ptx" | "llvm" | "types" | "typed-ir") -> str or None */
static PyObject *pj_kernel_text_py(PyObject *self, PyObject *arg) {
  const char *what = PyUnicode_AsUTF8AndSize(arg, NULL);
  if (!what) return NULL;
  PjEmit e = strcmp(what, "ptx") == 0 ? PJ_EMIT_PTX : strcmp(what, "llvm") == 0 ? PJ_EMIT_LLVM
             : strcmp(what, "types") == 0 ? PJ_EMIT_TYPES : strcmp(what, "typed-ir") == 0 ? PJ_EMIT_TYPED_IR
             : PJ_EMIT_AST;
  const char *t = pj_kernel_text(((PjKernelObject *)self)->kernel, e);
  if (!t) Py_RETURN_NONE;
  return PyUnicode_FromString(t);
}

static PyObject *pj_kernel_times_py(PyObject *self, void *c) {
  const PjCompileTimes *t = pj_kernel_times(((PjKernelObject *)self)->kernel);
  return Py_BuildValue("{sdsdsdsdsdsd}", "parse", t->parse, "types", t->types, "lower", t->lower, "optimize", t->optimize,
                       "codegen", t->codegen, "total", t->total);
}

static PyObject *pj_kernel_argtypes_py(PyObject *self, void *c) {
  PjKernelObject *k = (PjKernelObject *)self;
  PyObject *t = PyTuple_New(k->nargs);
  for (int i = 0; t && i < k->nargs; i++) {
    char l[2] = {k->args[i].zero_dim ? 'Z' : k->args[i].layout ? k->args[i].layout : 'C', 0};
    if (k->args[i].readonly && l[0] >= 'A' && l[0] <= 'Z') l[0] = (char)(l[0] - 'A' + 'a');
    PyTuple_SetItem(t, i, Py_BuildValue("(iis)", (int)k->args[i].dtype, k->args[i].zero_dim ? 0 : k->args[i].ndim, l));
  }
  return t;
}

/* kernel.link(path, arch=None): code linked with a GPU kernel before its first launch */
static PyObject *pj_kernel_link_py(PyObject *self, PyObject *args) {
  const char *path, *arch = NULL;
  if (!PyArg_ParseTuple(args, "s|z", &path, &arch)) return NULL;
  char err[8192] = "";
  PjStatus st;
  Py_BEGIN_ALLOW_THREADS st = pj_kernel_link(((PjKernelObject *)self)->kernel, path, arch, err, sizeof err);
  Py_END_ALLOW_THREADS if (st != PJ_OK) return pj_py_error(st, err);
  Py_RETURN_NONE;
}

/* Kernel.max_cooperative_grid_blocks(blockdim, dynsmemsize=0) -> int (numba's _Kernel method) */
static PyObject *pj_kernel_max_blocks_py(PyObject *self, PyObject *args) {
  PjKernelObject *k = (PjKernelObject *)self;
  PyObject *blockdim;
  uint32_t shared = 0;
  uint32_t dims[3];
  if (!PyArg_ParseTuple(args, "O|O&", &blockdim, pj_shared_bytes_arg, &shared) || pj_dims(blockdim, dims, "block") < 0)
    return NULL;
  uint64_t threads = (uint64_t)dims[0] * dims[1] * dims[2];
  if (threads > UINT32_MAX) {
    PyErr_SetString(PyExc_ValueError, "too many threads per block");
    return NULL;
  }
  PjDevice *device = pj_need_device();
  if (!device) return NULL;
  char err[1024] = "";
  PjStatus st;
  PjLoaded *loaded = pj_kernel_loaded_on(k, device, &st, err, sizeof err);
  if (!loaded) return pj_py_error(st, err);
  uint32_t blocks = 0;
  st = pj_loaded_max_cooperative_blocks(loaded, (uint32_t)threads, shared, &blocks, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  return PyLong_FromUnsignedLong(blocks);
}

/* Kernel.attributes() -> (registers, const_bytes, shared_bytes, max_threads, local_bytes) of the
 * kernel loaded on the current device; -1 where the device has none (the CPU executor) */
static PyObject *pj_kernel_attributes_py(PyObject *self, PyObject *unused) {
  PjKernelObject *k = (PjKernelObject *)self;
  PjDevice *device = pj_need_device();
  if (!device) return NULL;
  char err[1024] = "";
  PjStatus st;
  PjLoaded *loaded = pj_kernel_loaded_on(k, device, &st, err, sizeof err);
  if (!loaded) return pj_py_error(st, err);
  int64_t a[5];
  pj_loaded_attributes(loaded, a);
  return Py_BuildValue("(LLLLL)", (long long)a[0], (long long)a[1], (long long)a[2], (long long)a[3], (long long)a[4]);
}

static PyMethodDef pj_kernel_methods[] = {
    {"text", pj_kernel_text_py, METH_O, "text('ptx'|'llvm'|'types'): what was kept of a compile stage"},
    {"link", pj_kernel_link_py, METH_VARARGS, "link(path, arch=None): link a file's code with the GPU kernel"},
    {"attributes", pj_kernel_attributes_py, METH_NOARGS,
     "attributes() -> (registers, const_bytes, shared_bytes, max_threads, local_bytes) on the current device; -1 "
     "where it has none (the CPU executor)"},
    {"max_cooperative_grid_blocks", pj_kernel_max_blocks_py, METH_VARARGS,
     "max_cooperative_grid_blocks(blockdim, dynsmemsize=0): the most blocks of blockdim threads (an int or a tuple "
     "of up to 3) that can run at once, all of which a kernel that synchronises its grid (g.sync()) needs"},
    {NULL},
};

static PyObject *pj_kernel_meta_py(PyObject *self, void *c) {
  const PjKernel *k = ((PjKernelObject *)self)->kernel;
  const char *entry = pj_kernel_entry(k);
  return Py_BuildValue("{ssszsisKszsisisk}", "name", pj_kernel_name(k), "entry", entry, "debug", pj_kernel_debug(k),
                       "static_shared", (unsigned long long)pj_kernel_static_shared(k), "ptx",
                       pj_kernel_text(k, PJ_EMIT_PTX), "error_record", pj_kernel_has_error_record(k), "grid_sync",
                       pj_kernel_grid_sync(k), "max_threads", (unsigned long)pj_kernel_max_threads(k));
}

/* kernel.object: a CPU kernel compiled with EMIT_OBJECT: its relocatable object code, or None */
static PyObject *pj_kernel_object_py(PyObject *self, void *c) {
  size_t len = 0;
  const void *obj = pj_kernel_object(((PjKernelObject *)self)->kernel, &len);
  if (!obj) Py_RETURN_NONE;
  return PyBytes_FromStringAndSize(obj, (Py_ssize_t)len);
}

/* kernel.result: a device function compiled alone: the dtype code of its result, or None */
static PyObject *pj_kernel_result_py(PyObject *self, void *c) {
  PjDtype d;
  if (!pj_kernel_result(((PjKernelObject *)self)->kernel, &d)) Py_RETURN_NONE;
  return PyLong_FromLong((long)d);
}

/* kernel.cooperative: numba's flag of a kernel that synchronises its grid (launched cooperatively) */
static PyObject *pj_kernel_cooperative_py(PyObject *self, void *c) {
  return PyBool_FromLong(pj_kernel_grid_sync(((PjKernelObject *)self)->kernel));
}

/* kernel.warnings: what the compiler warned of ("file:line:col: message"), a list */
static PyObject *pj_kernel_warnings_py(PyObject *self, void *c) {
  PyObject *w = ((PjKernelObject *)self)->warnings;
  return w ? Py_NewRef(w) : PyList_New(0);
}

static PyGetSetDef pj_kernel_getset[] = {
    {"warnings", pj_kernel_warnings_py, NULL, "the compiler's warnings (\"file:line:col: message\")", NULL},
    {"cooperative", pj_kernel_cooperative_py, NULL, "whether the kernel synchronises its grid (launched cooperatively)",
     NULL},
    {"result", pj_kernel_result_py, NULL, "a device function compiled alone: its result's dtype code, or None", NULL},
    {"meta", pj_kernel_meta_py, NULL, "name, entry, debug, static_shared, ptx, error_record, grid_sync, max_threads: "
     "what kernel_from_ptx and kernel_from_object take back", NULL},
    {"object", pj_kernel_object_py, NULL, "a CPU kernel compiled with EMIT_OBJECT: its object code (bytes), or None",
     NULL},
    {"times", pj_kernel_times_py, NULL, "compile stage times in milliseconds", NULL},
    {"argtypes", pj_kernel_argtypes_py, NULL, "((dtype_code, ndim, layout), ...)", NULL},
    {NULL},
};

static PyType_Slot pj_kernel_slots[] = {
    {Py_tp_dealloc, pj_kernel_dealloc}, {Py_tp_methods, pj_kernel_methods}, {Py_tp_getset, pj_kernel_getset},
    {Py_tp_doc, "A kernel compiled for one argument type signature."}, {0, NULL},
};

PyType_Spec pj_kernel_spec = {"pyjitc._core.Kernel", sizeof(PjKernelObject), 0, Py_TPFLAGS_DEFAULT, pj_kernel_slots};

/* ---- compiling ---------------------------------------------------------------------------- */

/* Bindings from Python: (name, kind, value); arrays are (dtype, shape, bytes). Storage for the
 * strings and nested items lives in `keep` (a list) and `pool` (malloc'ed binding arrays). */
typedef struct {
  PjBinding **items;
  int n, cap;
} PjBindingPool;

static PjBinding *pj_pool_new(PjBindingPool *p, int n) {
  if (p->n == p->cap) {
    p->cap = p->cap ? p->cap * 2 : 16;
    p->items = realloc(p->items, sizeof(PjBinding *) * (size_t)p->cap);
  }
  return p->items[p->n++] = calloc((size_t)(n ? n : 1), sizeof(PjBinding));
}

static void pj_pool_free(PjBindingPool *p) {
  for (int i = 0; i < p->n; i++) free(p->items[i]);
  free(p->items);
}

/* `bytes` of storage, zeroed, that lives as long as `keep` (a list: a bytes object appended to it).
 * NULL with an exception set. */
static void *pj_kept_bytes(PyObject *keep, size_t bytes) {
  PyObject *store = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)bytes);
  if (!store || PyList_Append(keep, store) < 0) {
    Py_XDECREF(store);
    return NULL;
  }
  Py_DECREF(store);
  char *at = PyBytes_AsString(store);
  memset(at, 0, bytes);
  return at;
}

/* A record description from Python: ("record", size, align, aligned, ((name, dtype code, offset,
 * shape), ...)), a string field's dtype code being the description of its string dtype; or a
 * fixed-width string dtype's: ("S" or "U", size, align, False, ()). Its storage is a bytes object
 * kept in `keep`. NULL with an exception set. */
static const PjRecord *pj_record_from(PyObject *spec, PyObject *keep) {
  const char *tag;
  long long size, align;
  int aligned;
  PyObject *fields;
  if (!PyArg_ParseTuple(spec, "sLLpO!", &tag, &size, &align, &aligned, &PyTuple_Type, &fields)) return NULL;
  char chars = strcmp(tag, "S") == 0 ? 'S' : strcmp(tag, "U") == 0 ? 'U' : 0;
  Py_ssize_t n = PyTuple_Size(fields);
  PjRecord *r = pj_kept_bytes(keep, sizeof(PjRecord) + sizeof(PjRecordField) * (size_t)(n + 1));
  if (!r) return NULL;
  PjRecordField *f = (PjRecordField *)(r + 1);
  *r = (PjRecord){size, align, aligned, (int)n, f, chars};
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *shape, *code;
    long long offset;
    if (!PyArg_ParseTuple(PyTuple_GetItem(fields, i), "sOLO!", &f[i].name, &code, &offset, &PyTuple_Type, &shape)) return NULL;
    if (PyTuple_Check(code)) { /* a string field */
      if (!(f[i].string = pj_record_from(code, keep))) return NULL;
      if (!f[i].string->chars) {
        PyErr_SetString(PyExc_ValueError, "a record field's dtype is a number's code or a string dtype");
        return NULL;
      }
      f[i].dtype = f[i].string->chars == 'U' ? PJ_UINT32 : PJ_UINT8;
    } else {
      f[i].dtype = (PjDtype)PyLong_AsLong(code);
    }
    f[i].offset = offset;
    f[i].ndim = (int)PyTuple_Size(shape);
    if (f[i].ndim > PJ_MAX_DIMS) {
      PyErr_SetString(PyExc_ValueError, "a record field with too many dimensions");
      return NULL;
    }
    for (int k = 0; k < f[i].ndim; k++) f[i].shape[k] = PyLong_AsLongLong(PyTuple_GetItem(shape, k));
  }
  return PyErr_Occurred() ? NULL : r;
}

static int pj_binding_from(PyObject *t, PjBinding *b, PjBindingPool *pool, PyObject *keep) {
  PyObject *name, *value;
  int kind;
  if (!PyArg_ParseTuple(t, "UiO", &name, &kind, &value)) return -1;
  b->name = PyUnicode_AsUTF8AndSize(name, NULL);
  b->kind = (PjBindKind)kind;
  switch (b->kind) {
  case PJ_BIND_MODULE: case PJ_BIND_OPAQUE:
    b->qualname = PyUnicode_AsUTF8AndSize(value, NULL);
    return b->qualname ? 0 : -1;
  case PJ_BIND_INT: {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow > 0) {
      unsigned long long u = PyLong_AsUnsignedLongLong(value);
      if (PyErr_Occurred()) return -1;
      b->i = (int64_t)u;
      b->big = 1;
    } else if (overflow < 0) {
      PyErr_SetString(PyExc_OverflowError, "a global integer below -2**63");
      return -1;
    } else {
      b->i = v;
    }
    return PyErr_Occurred() ? -1 : 0;
  }
  case PJ_BIND_BOOL: b->i = PyObject_IsTrue(value); return b->i < 0 ? -1 : 0;
  case PJ_BIND_FLOAT: b->f = PyFloat_AsDouble(value); return PyErr_Occurred() ? -1 : 0;
  case PJ_BIND_FUNCTION: b->unit = (int)PyLong_AsLong(value); return PyErr_Occurred() ? -1 : 0;
  case PJ_BIND_RECORD_DTYPE: /* the record spec */
    return (b->record = pj_record_from(value, keep)) ? 0 : -1;
  case PJ_BIND_DEVICE_ARRAY: { /* (dtype code, shape, strides in bytes, address) */
    PyObject *shape, *strides;
    int dtype;
    unsigned long long address;
    if (!PyArg_ParseTuple(value, "iOOK", &dtype, &shape, &strides, &address)) return -1;
    Py_ssize_t nd = PyTuple_Check(shape) ? PyTuple_Size(shape) : -1;
    if (nd < 0 || nd > PJ_MAX_DIMS || !PyTuple_Check(strides) || PyTuple_Size(strides) != nd) {
      PyErr_SetString(PyExc_ValueError, "a global device array needs 0 to 8 dimensions and a stride for each");
      return -1;
    }
    b->dtype = (PjDtype)dtype;
    b->ndim = (int)nd;
    b->i = (int64_t)address;
    for (Py_ssize_t d = 0; d < nd; d++) {
      b->shape[d] = PyLong_AsLongLong(PyTuple_GetItem(shape, d));
      b->strides[d] = PyLong_AsLongLong(PyTuple_GetItem(strides, d));
    }
    return PyErr_Occurred() ? -1 : 0;
  }
  case PJ_BIND_FOREIGN: { /* (symbol, c_abi, result dtype code or -1, (parameter dtype codes, ~code for a pointer)) */
    PyObject *symbol, *params;
    int c_abi, ret;
    if (!PyArg_ParseTuple(value, "UpiO", &symbol, &c_abi, &ret, &params)) return -1;
    Py_ssize_t n = PyTuple_Check(params) ? PyTuple_Size(params) : -1;
    if (n < 0 || n > 64) {
      PyErr_SetString(PyExc_ValueError, "a foreign function takes a tuple of at most 64 parameter types");
      return -1;
    }
    b->qualname = PyUnicode_AsUTF8AndSize(symbol, NULL);
    b->i = c_abi;
    b->big = ret < 0;
    b->dtype = ret < 0 ? PJ_BOOL : (PjDtype)ret;
    PjBinding *items = pj_pool_new(pool, (int)n);
    for (Py_ssize_t i = 0; i < n; i++) { /* ~code: a pointer to that dtype */
      long code = PyLong_AsLong(PyTuple_GetItem(params, i));
      items[i].kind = code < 0 ? PJ_BIND_ARRAY : PJ_BIND_MODULE;
      items[i].dtype = (PjDtype)(code < 0 ? ~code : code);
    }
    b->items = items;
    b->nitems = (int)n;
    return b->qualname && !PyErr_Occurred() ? 0 : -1;
  }
  case PJ_BIND_SCALAR: { /* (dtype code, int or float) */
    int dtype;
    PyObject *v;
    if (!PyArg_ParseTuple(value, "iO", &dtype, &v)) return -1;
    b->dtype = (PjDtype)dtype;
    if (PyFloat_Check(v)) {
      b->f = PyFloat_AsDouble(v);
    } else {
      int overflow = 0;
      b->i = PyLong_AsLongLongAndOverflow(v, &overflow);
      if (overflow > 0) b->i = (int64_t)PyLong_AsUnsignedLongLong(v);
    }
    return PyErr_Occurred() ? -1 : 0;
  }
  case PJ_BIND_TUPLE: {
    Py_ssize_t n = PyTuple_Check(value) ? PyTuple_Size(value) : -1;
    if (n < 0) {
      PyErr_SetString(PyExc_TypeError, "a tuple binding takes a tuple of bindings");
      return -1;
    }
    PjBinding *items = pj_pool_new(pool, (int)n);
    for (Py_ssize_t i = 0; i < n; i++)
      if (pj_binding_from(PyTuple_GetItem(value, i), &items[i], pool, keep) < 0) return -1;
    b->items = items;
    b->nitems = (int)n;
    return 0;
  }
  case PJ_BIND_ARRAY: {
    PyObject *shape, *data, *code;
    int dtype = 0;
    if (!PyArg_ParseTuple(value, "OOS", &code, &shape, &data)) return -1;
    if (PyTuple_Check(code)) { /* a record spec: an array of records */
      if (!(b->record = pj_record_from(code, keep))) return -1;
    } else {
      dtype = (int)PyLong_AsLong(code);
    }
    Py_ssize_t nd = PyTuple_Check(shape) ? PyTuple_Size(shape) : -1;
    if (nd < 0 || nd > PJ_MAX_DIMS) {
      PyErr_SetString(PyExc_ValueError, "a constant array needs 0 to 8 dimensions");
      return -1;
    }
    b->dtype = (PjDtype)dtype;
    b->ndim = (int)nd;
    for (Py_ssize_t d = 0; d < nd; d++) b->shape[d] = PyLong_AsLongLong(PyTuple_GetItem(shape, d));
    b->data = PyBytes_AsString(data);
    if (PyList_Append(keep, data) < 0) return -1;
    return PyErr_Occurred() ? -1 : 0;
  }
  }
  PyErr_SetString(PyExc_ValueError, "unknown binding kind");
  return -1;
}

/* One node of a kernel's argument tree (PjArgNode) from (items, name, fields): items -1 for an
 * argument, else a tuple of that many nodes, a namedtuple with a name and a tuple of field names;
 * the strings' storage is kept in `keep`. */
static int pj_arg_node_from(PyObject *t, PjArgNode *n, PyObject *keep) {
  PyObject *name, *fields;
  if (!PyArg_ParseTuple(t, "iOO", &n->items, &name, &fields)) return -1;
  if (fields == Py_None) return 0;
  if (!PyUnicode_Check(name) || !PyTuple_Check(fields) || PyTuple_Size(fields) != n->items) {
    PyErr_SetString(PyExc_TypeError, "a namedtuple node: (items, name, (field names, one per item))");
    return -1;
  }
  const char **names = pj_kept_bytes(keep, sizeof(char *) * (size_t)(n->items + 1));
  if (!names || PyList_Append(keep, fields) < 0 || PyList_Append(keep, name) < 0) return -1;
  for (int i = 0; i < n->items; i++)
    if (!(names[i] = PyUnicode_AsUTF8AndSize(PyTuple_GetItem(fields, i), NULL))) return -1;
  n->fields = names;
  n->name = PyUnicode_AsUTF8AndSize(name, NULL);
  return n->name ? 0 : -1;
}

/* A device function's declared signatures: [([(dtype code, ndim, layout), ...], result kind, result
 * dtype code)], the result kind a PjResult. The arrays live in bytes objects kept in `keep`. */
static int pj_unit_sigs(PjUnit *un, PyObject *sigs_in, PyObject *keep) {
  if (!PyList_Check(sigs_in) || PyList_Size(sigs_in) > 64) {
    PyErr_SetString(PyExc_TypeError, "a unit's signatures are a list of at most 64");
    return -1;
  }
  Py_ssize_t n = PyList_Size(sigs_in);
  PjSignature *sigs = pj_kept_bytes(keep, sizeof(PjSignature) * (size_t)(n + 1));
  if (!sigs) return -1;
  for (Py_ssize_t k = 0; k < n; k++) {
    PyObject *args_in;
    int result, result_dtype;
    if (!PyArg_ParseTuple(PyList_GetItem(sigs_in, k), "Oii", &args_in, &result, &result_dtype)) return -1;
    if (!PyList_Check(args_in) || PyList_Size(args_in) > 64) {
      PyErr_SetString(PyExc_TypeError, "a signature's arguments are a list of at most 64");
      return -1;
    }
    Py_ssize_t na = PyList_Size(args_in);
    PjArgType *a = pj_kept_bytes(keep, sizeof(PjArgType) * (size_t)(na + 1));
    if (!a) return -1;
    for (Py_ssize_t i = 0; i < na; i++) {
      int code, ndim;
      const char *layout;
      if (!PyArg_ParseTuple(PyList_GetItem(args_in, i), "iis", &code, &ndim, &layout)) return -1;
      if (code < 0 || code >= PJ_DTYPE_COUNT || ndim < 0 || ndim > PJ_MAX_DIMS) {
        PyErr_SetString(PyExc_ValueError, "a signature's argument type is out of range");
        return -1;
      }
      bool readonly = layout[0] >= 'a' && layout[0] <= 'z' && layout[0] != 'p';
      a[i] = (PjArgType){(PjDtype)code, ndim, readonly ? (char)(layout[0] - 'a' + 'A') : layout[0], NULL, readonly && ndim};
    }
    if (result_dtype < 0 || result_dtype >= PJ_DTYPE_COUNT) result_dtype = 0;
    sigs[k] = (PjSignature){a, (int)na, result, (PjDtype)result_dtype};
  }
  un->sigs = sigs;
  un->nsigs = (int)n;
  return 0;
}

/* compile(units, argtypes, target, emit=0, arch=None, noalias=False, narrow=False, host_links=None, abi=0,
 *         abi_name=None, result=0, result_dtype=0, opt=3, launch_bounds=(0, 0, 0)) -> Kernel
 * units: [(path, text, col_offset, is_kernel, debug, fastmath, lineinfo, max_registers, bindings[, sigs[,
 *         inline_mode]])], inline_mode a PjInline
 * argtypes: [(dtype_code, ndim, layout)]; target: "cuda" | "cpu"; emit: PjEmit bits; noalias: the
 * launches it serves have checked that no two arrays overlap; narrow: that their integers fit in
 * int32, their arrays have fewer than 2**31 elements (pj_values_fit_int32) and their grids fewer
 * than 2**31 threads along each axis (pj_grid_fits_int32); abi (PjAbi): 0 a kernel,
 * 1 numba's, 2 C's for units[0] compiled alone as a device function named abi_name, result (PjResult)
 * and result_dtype its declared result; opt: the optimisation level (0..3); launch_bounds: the kernel's
 * most threads per block, least blocks per multiprocessor, most blocks per cluster (0: none); arg_tree:
 * a kernel taking tuples, [(items, name, fields)] in prefix order over argtypes, its leaves (PjArgNode). */
PyObject *pj_compile(PyObject *self, PyObject *args) {
  PyObject *units_in, *types_in;
  const char *target;
  unsigned emit = 0;
  const char *arch = NULL;
  int noalias = 0, narrow = 0, abi = 0, result = 0, result_dtype = 0, opt = 3;
  const char *abi_name = NULL;
  int bounds[3] = {0, 0, 0};
  PyObject *host_links = NULL, *tree_in = NULL;
  if (!PyArg_ParseTuple(args, "OOs|IzppOiziii(iii)O", &units_in, &types_in, &target, &emit, &arch, &noalias, &narrow,
                        &host_links, &abi, &abi_name, &result, &result_dtype, &opt, &bounds[0], &bounds[1],
                        &bounds[2], &tree_in))
    return NULL;
  /* the CPU executor's foreign code: the sources compiled together for the host and loaded (once) */
  void *libraries[1];
  int nlibraries = 0;
  Py_ssize_t nlinks = host_links && PyList_Check(host_links) ? PyList_Size(host_links) : 0;
  if (nlinks > 60) {
    PyErr_SetString(PyExc_ValueError, "at most 60 files can be linked with one kernel");
    return NULL;
  }
  if (nlinks > 0) {
    const char *paths[64];
    for (Py_ssize_t i = 0; i < nlinks; i++)
      if (!(paths[i] = PyUnicode_AsUTF8AndSize(PyList_GetItem(host_links, i), NULL))) return NULL;
    char err[8192] = "";
    PjStatus st;
    Py_BEGIN_ALLOW_THREADS st = pj_host_link(paths, (int)nlinks, &libraries[0], err, sizeof err);
    Py_END_ALLOW_THREADS if (st != PJ_OK) return pj_py_error(st, err);
    nlibraries = 1;
  }
  if (!PyList_Check(units_in) || !PyList_Check(types_in)) {
    PyErr_SetString(PyExc_TypeError, "compile(units: list, argtypes: list, target)");
    return NULL;
  }
  Py_ssize_t nunits = PyList_Size(units_in), nargs = PyList_Size(types_in);
  if (nunits < 1 || nargs > 255) {
    PyErr_SetString(PyExc_ValueError, "compile: no unit, or too many arguments");
    return NULL;
  }
  if (tree_in == Py_None) tree_in = NULL;
  Py_ssize_t ntree = tree_in && PyList_Check(tree_in) ? PyList_Size(tree_in) : 0;
  if ((tree_in && !PyList_Check(tree_in)) || ntree > 1024) {
    PyErr_SetString(PyExc_ValueError, "compile: the argument tree is a list of at most 1024 nodes");
    return NULL;
  }
  PjUnit *units = calloc((size_t)nunits, sizeof(PjUnit));
  PjArgNode *tree = calloc((size_t)ntree + 1, sizeof(PjArgNode));
  PjBindingPool pool = {0};
  PyObject *keep = PyList_New(0);
  PjKernelObject *k = NULL;
  PjDiags *diags = pj_diags_new();
  PjSource *source = NULL;
  for (Py_ssize_t u = 0; u < nunits; u++) {
    PyObject *bindings, *text, *sigs_in = NULL;
    PjUnit *un = &units[u];
    if (!PyArg_ParseTuple(PyList_GetItem(units_in, u), "sUiiiiiiO|Oi", &un->path, &text, &un->col_offset, &un->is_kernel,
                          &un->debug, &un->fastmath, &un->lineinfo, &un->max_registers, &bindings, &sigs_in,
                          &un->inline_mode))
      goto done;
    if (sigs_in && sigs_in != Py_None && pj_unit_sigs(un, sigs_in, keep) < 0) goto done;
    Py_ssize_t len = 0;
    un->text = PyUnicode_AsUTF8AndSize(text, &len);
    if (!un->text) goto done;
    un->len = (size_t)len;
    Py_ssize_t nb = PyList_Check(bindings) ? PyList_Size(bindings) : -1;
    if (nb < 0) {
      PyErr_SetString(PyExc_TypeError, "bindings must be a list");
      goto done;
    }
    PjBinding *bs = pj_pool_new(&pool, (int)nb);
    for (Py_ssize_t i = 0; i < nb; i++)
      if (pj_binding_from(PyList_GetItem(bindings, i), &bs[i], &pool, keep) < 0) goto done;
    un->bindings = bs;
    un->nbindings = (int)nb;
  }
  PjArgType types[256];
  for (Py_ssize_t i = 0; i < nargs; i++) {
    PyObject *code;
    int ndim;
    const char *layout;
    if (!PyArg_ParseTuple(PyList_GetItem(types_in, i), "Ois", &code, &ndim, &layout)) goto done;
    const PjRecord *rec = NULL;
    if (PyTuple_Check(code) && !(rec = pj_record_from(code, keep))) goto done;
    int dtype = rec ? PJ_UINT8 : (int)PyLong_AsLong(code);
    if (PyErr_Occurred()) goto done;
    /* a lower-case layout ('c', 'f', 'a'): a read-only array (the launcher's key says so) */
    bool readonly = layout[0] >= 'a' && layout[0] <= 'z' && layout[0] != 'p';
    char lay = readonly ? (char)(layout[0] - 'a' + 'A') : layout[0];
    types[i] = (PjArgType){(PjDtype)dtype, ndim, rec && ndim ? 'A' : lay, rec, readonly && ndim && !rec};
    if (lay == 'Z') /* a 0-d array: passed as the 1-d array of its element (records: strided, as always) */
      types[i] = (PjArgType){(PjDtype)dtype, 1, rec ? 'A' : 'C', rec, readonly && !rec, 1};
  }
  for (Py_ssize_t i = 0; i < ntree; i++) /* tuple arguments: (items or -1, class name or None, field names or None) */
    if (pj_arg_node_from(PyList_GetItem(tree_in, i), &tree[i], keep) < 0) goto done;
  source = pj_source_new_units(units, (int)nunits, diags);
  PjKernel *kernel = NULL;
  PyObject *site_dirs = strcmp(target, "cpu") ? pj_site_dirs() : NULL;
  if (site_dirs) PyList_Append(keep, site_dirs);
  Py_XDECREF(site_dirs);
  PjStatus st = PJ_ERROR_USER;
  if (source) {
    PjCompileOptions o = {.target = strcmp(target, "cpu") == 0 ? PJ_TARGET_CPU : PJ_TARGET_CUDA, .opt_level = opt,
                          .emit = emit, .arch = arch, .noalias = noalias, .narrow = narrow,
                          .host_libraries = libraries, .nhost_libraries = nlibraries, .abi = abi,
                          .abi_name = abi_name, .result = result, .result_dtype = (PjDtype)result_dtype,
                          .launch_bounds = {bounds[0], bounds[1], bounds[2]},
                          .arg_tree = tree_in ? tree : NULL, .narg_tree = (int)ntree,
                          .site_dirs = site_dirs ? PyUnicode_AsUTF8AndSize(site_dirs, NULL) : NULL};
    Py_BEGIN_ALLOW_THREADS kernel = pj_kernel_compile(source, 0, types, (int)nargs, &o, diags, &st);
    Py_END_ALLOW_THREADS
  }
  if (!kernel) {
    char *text = pj_diags_format(diags);
    PyObject *exc_args = Py_BuildValue("(s)", text ? text : "pyjitc: the kernel was rejected");
    free(text);
    if (exc_args) {
      PyObject *diag_list = PyList_New(0);
      for (size_t i = 0; diag_list && i < pj_diags_count(diags); i++) {
        const PjDiag *d = pj_diags_get(diags, i);
        PyObject *item = Py_BuildValue("{sssisisissss}", "file", d->file, "line", d->line, "col", d->col, "end_col",
                                       d->end_col, "severity", d->severity == PJ_SEVERITY_ERROR ? "error" : "note",
                                       "message", d->message);
        if (item) PyList_Append(diag_list, item);
        Py_XDECREF(item);
      }
      PyObject *exc = PyObject_Call(st == PJ_ERROR_USER ? g_typing_error : g_cuda_error, exc_args, NULL);
      if (exc && diag_list) PyObject_SetAttrString(exc, "diagnostics", diag_list);
      if (exc) PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
      Py_XDECREF(exc);
      Py_XDECREF(diag_list);
      Py_DECREF(exc_args);
    }
    goto done;
  }
  k = PyObject_New(PjKernelObject, g_kernel_type);
  if (!k) {
    pj_kernel_delete(kernel);
    goto done;
  }
  k->kernel = kernel;
  memset(k->loaded, 0, sizeof k->loaded);
  k->nargs = (int)nargs;
  memcpy(k->args, types, sizeof(PjArgType) * (size_t)nargs);
  k->warnings = PyList_New(0);
  for (size_t i = 0; k->warnings && i < pj_diags_count(diags); i++) {
    const PjDiag *d = pj_diags_get(diags, i);
    if (d->severity != PJ_SEVERITY_WARNING) continue;
    PyObject *w = PyUnicode_FromFormat("%s:%d:%d: %s", d->file ? d->file : "", d->line, d->col, d->message);
    if (w) PyList_Append(k->warnings, w);
    Py_XDECREF(w);
  }
  if (!k->warnings) PyErr_Clear();
done:
  pj_source_delete(source);
  pj_diags_delete(diags);
  pj_pool_free(&pool);
  free(units);
  free(tree);
  Py_XDECREF(keep);
  return (PyObject *)k;
}

/* kernel_from_ptx(name, entry, ptx, argtypes, debug, static_shared, file, warnings) -> Kernel: a CUDA
 * kernel compiled before (the dispatcher's on-disk cache of compiled kernels), with the warnings its
 * compile gave (a list of str), which each process shows again as numba's compile would. */
/* Argument types given as a list of (dtype code, ndim, layout), no records: their count, or -1
 * with an exception set. */
static Py_ssize_t pj_arg_types_simple(PyObject *types_in, PjArgType *types) {
  Py_ssize_t n = PyList_Check(types_in) ? PyList_Size(types_in) : -1;
  if (n < 0 || n > 255) {
    PyErr_SetString(PyExc_TypeError, "argtypes: a list of at most 255 (dtype_code, ndim, layout)");
    return -1;
  }
  for (Py_ssize_t i = 0; i < n; i++) {
    int dtype, ndim;
    const char *layout;
    if (!PyArg_ParseTuple(PyList_GetItem(types_in, i), "iis", &dtype, &ndim, &layout)) return -1;
    bool readonly = layout[0] >= 'a' && layout[0] <= 'z' && layout[0] != 'p'; /* as in compile() */
    types[i] = (PjArgType){(PjDtype)dtype, ndim, readonly ? (char)(layout[0] - 'a' + 'A') : layout[0], NULL,
                           readonly && ndim};
    if (layout[0] == 'Z' || layout[0] == 'z') types[i] = (PjArgType){(PjDtype)dtype, 1, 'C', NULL, readonly, 1};
  }
  return n;
}

static PyObject *pj_kernel_wrap(PjKernel *kernel, const PjArgType *types, int n, PyObject *warned);

PyObject *pj_kernel_from_ptx_py(PyObject *self, PyObject *args) {
  const char *name, *entry, *ptx, *file = NULL;
  PyObject *types_in, *warned = NULL;
  int debug;
  unsigned long long shared;
  if (!PyArg_ParseTuple(args, "sssOiK|zO!", &name, &entry, &ptx, &types_in, &debug, &shared, &file, &PyList_Type,
                        &warned))
    return NULL;
  PjArgType types[256];
  Py_ssize_t n = pj_arg_types_simple(types_in, types);
  if (n < 0) return NULL;
  PjKernel *kernel = pj_kernel_from_ptx(name, entry, ptx, types, (int)n, debug, shared, file);
  if (!kernel) return pj_py_error(PJ_ERROR_ARGUMENT, "kernel_from_ptx: incomplete kernel");
  return pj_kernel_wrap(kernel, types, (int)n, warned);
}

/* kernel_from_object(meta: dict, object: bytes, argtypes, file=None, warnings=None) -> Kernel: a CPU
 * kernel run from the object code of an earlier compile (kernel.object, kernel.meta) */
PyObject *pj_kernel_from_object_py(PyObject *self, PyObject *args) {
  PyObject *meta, *types_in, *warned = NULL;
  Py_buffer obj;
  const char *file = NULL;
  if (!PyArg_ParseTuple(args, "O!y*O|zO!", &PyDict_Type, &meta, &obj, &types_in, &file, &PyList_Type, &warned))
    return NULL;
  PjArgType types[256];
  Py_ssize_t n = pj_arg_types_simple(types_in, types);
  PjKernelImage image = {.object = obj.buf, .len = (size_t)obj.len, .file = file};
  PyObject *v;
  if (n >= 0 && (!(v = PyDict_GetItemString(meta, "name")) || !(image.name = PyUnicode_AsUTF8AndSize(v, NULL)) ||
                 !(v = PyDict_GetItemString(meta, "entry")) || !(image.entry = PyUnicode_AsUTF8AndSize(v, NULL)))) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kernel_from_object: meta needs name and entry");
    n = -1;
  }
  long long nums[5] = {0};
  const char *keys[5] = {"debug", "error_record", "grid_sync", "static_shared", "max_threads"};
  for (int i = 0; i < 5 && n >= 0; i++) {
    v = PyDict_GetItemString(meta, keys[i]);
    nums[i] = v ? PyLong_AsLongLong(v) : 0;
    if (PyErr_Occurred() || nums[i] < 0) {
      if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "kernel_from_object: a negative %s", keys[i]);
      n = -1;
    }
  }
  PjKernel *kernel = NULL;
  char err[512] = "";
  if (n >= 0) {
    image.debug = (int)nums[0], image.error_record = (int)nums[1], image.grid_sync = (int)nums[2];
    image.static_shared = (uint64_t)nums[3], image.max_threads = (uint32_t)nums[4];
    kernel = pj_kernel_from_object(&image, types, (int)n, err, sizeof err);
  }
  PyBuffer_Release(&obj);
  if (n < 0) return NULL;
  if (!kernel) return pj_py_error(PJ_ERROR_INTERNAL, err);
  return pj_kernel_wrap(kernel, types, (int)n, warned);
}

/* A Kernel object owning `kernel` (argument types as given; warnings: a list or NULL). */
static PyObject *pj_kernel_wrap(PjKernel *kernel, const PjArgType *types, int n, PyObject *warned) {
  PjKernelObject *k = PyObject_New(PjKernelObject, g_kernel_type);
  if (!k) {
    pj_kernel_delete(kernel);
    return NULL;
  }
  k->kernel = kernel;
  memset(k->loaded, 0, sizeof k->loaded);
  k->warnings = warned ? PyList_GetSlice(warned, 0, PyList_Size(warned)) : NULL;
  if (warned && !k->warnings) PyErr_Clear();
  k->nargs = n;
  memcpy(k->args, types, sizeof(PjArgType) * (size_t)n);
  return (PyObject *)k;
}

/* cache_get(kind, key) -> bytes or None; cache_put(kind, key, data) */
PyObject *pj_cache_get_py(PyObject *self, PyObject *args) {
  const char *kind;
  Py_buffer key;
  if (!PyArg_ParseTuple(args, "sy*", &kind, &key)) return NULL;
  void *data = NULL;
  size_t len = 0;
  int hit = pj_cache_get(kind, key.buf, (size_t)key.len, &data, &len);
  PyBuffer_Release(&key);
  if (!hit) Py_RETURN_NONE;
  PyObject *r = PyBytes_FromStringAndSize(data, (Py_ssize_t)len);
  free(data);
  return r;
}

PyObject *pj_cache_put_py(PyObject *self, PyObject *args) {
  const char *kind;
  Py_buffer key, data;
  if (!PyArg_ParseTuple(args, "sy*y*", &kind, &key, &data)) return NULL;
  pj_cache_put(kind, key.buf, (size_t)key.len, data.buf, (size_t)data.len);
  PyBuffer_Release(&key);
  PyBuffer_Release(&data);
  Py_RETURN_NONE;
}
