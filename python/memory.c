/* pyjitc._core's memory and ordering objects (core.h): Allocation (device memory, freed with
 * the object), HostAllocation (page-locked host memory mapped for kernels), ArrayBase (what a
 * launch reads of a device array), Stream and Event, and the copies, fills and IPC handles
 * between them. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* ---- Allocation: device memory, freed with the object --------------------------------------- */

typedef struct {
  PyObject_HEAD
  uint64_t address;
  Py_ssize_t nbytes;
  PjDevice *device; /* whose memory it is */
} PjAllocObject;

/* ---- pending frees: numba's deallocation queue ----------------------------------------------
 * Device memory whose last Allocation went is freed in batches, as numba does (its context's
 * `deallocations`; a GPU's free waits for the device's work): when more than g_free_count are
 * pending, or they hold more than g_free_ratio of their device's memory; on flush_frees()
 * (deallocations.clear()); when an allocation fails, before it is tried again; never while
 * frees are deferred (cuda.defer_cleanup()). All under the GIL. */
typedef struct {
  PjDevice *device;
  uint64_t address;
  size_t bytes;
} PjPendingFree;

static PjPendingFree *g_pending;
static int g_npending, g_pending_cap, g_defer_frees;
static int g_free_count = 10;       /* config.CUDA_DEALLOCS_COUNT */
static double g_free_ratio = 0.2;   /* config.CUDA_DEALLOCS_RATIO */

/* Frees what is pending on `device` (NULL: on every device) unless frees are deferred. */
static void pj_flush_frees(PjDevice *device) {
  if (g_defer_frees || pj_forked_child()) return;
  int kept = 0;
  for (int i = 0; i < g_npending; i++) {
    if (device && g_pending[i].device != device) {
      g_pending[kept++] = g_pending[i];
      continue;
    }
    pj_mem_free(g_pending[i].device, g_pending[i].address);
  }
  g_npending = kept;
}

/* The device's memory in bytes, asked once per device (0: unknown). */
static uint64_t pj_device_total(PjDevice *device) {
  static struct { PjDevice *device; uint64_t total; } known[16];
  for (int i = 0; i < 16; i++) {
    if (known[i].device == device) return known[i].total;
    if (!known[i].device) {
      uint64_t free_bytes = 0, total = 0;
      char err[256];
      if (pj_device_memory_info(device, &free_bytes, &total, err, sizeof err) != PJ_OK) return 0;
      known[i].device = device, known[i].total = total;
      return total;
    }
  }
  return 0;
}

static size_t pj_pending_bytes(PjDevice *device) {
  size_t n = 0;
  for (int i = 0; i < g_npending; i++) n += g_pending[i].device == device ? g_pending[i].bytes : 0;
  return n;
}

static void pj_free_later(PjDevice *device, uint64_t address, size_t bytes) {
  if (pj_forked_child()) return; /* the parent's memory */
  if (g_npending == g_pending_cap) {
    int cap = g_pending_cap ? 2 * g_pending_cap : 16;
    PjPendingFree *more = realloc(g_pending, sizeof *more * (size_t)cap);
    if (!more) { /* no room to wait: freed now */
      pj_mem_free(device, address);
      return;
    }
    g_pending = more, g_pending_cap = cap;
  }
  g_pending[g_npending++] = (PjPendingFree){device, address, bytes};
  int count = 0;
  for (int i = 0; i < g_npending; i++) count += g_pending[i].device == device;
  bool over = count > g_free_count;
  if (!over) over = (double)pj_pending_bytes(device) > g_free_ratio * (double)pj_device_total(device);
  if (over) pj_flush_frees(device);
}

/* pending_frees(ordinal=-1) -> how many frees wait on the device */
PyObject *pj_pending_frees_py(PyObject *self, PyObject *args) {
  int ordinal = -1;
  if (!PyArg_ParseTuple(args, "|i", &ordinal)) return NULL;
  PjDevice *device = pj_device_arg(ordinal);
  if (!device) return NULL;
  int n = 0;
  for (int i = 0; i < g_npending; i++) n += g_pending[i].device == device;
  return PyLong_FromLong(n);
}

/* flush_frees(ordinal=-1): the device's pending frees done now (unless deferred) */
PyObject *pj_flush_frees_py(PyObject *self, PyObject *args) {
  int ordinal = -1;
  if (!PyArg_ParseTuple(args, "|i", &ordinal)) return NULL;
  PjDevice *device = pj_device_arg(ordinal);
  if (!device) return NULL;
  pj_flush_frees(device);
  Py_RETURN_NONE;
}

/* defer_frees(on): frees wait while any deferral is on (nested); the last one off flushes nothing
 * by itself (the next free or flush does, as numba's) */
PyObject *pj_defer_frees_py(PyObject *self, PyObject *args) {
  int on;
  if (!PyArg_ParseTuple(args, "p", &on)) return NULL;
  g_defer_frees += on ? 1 : (g_defer_frees > 0 ? -1 : 0);
  Py_RETURN_NONE;
}

/* free_policy(count, ratio): config.CUDA_DEALLOCS_COUNT and CUDA_DEALLOCS_RATIO */
PyObject *pj_free_policy_py(PyObject *self, PyObject *args) {
  if (!PyArg_ParseTuple(args, "id", &g_free_count, &g_free_ratio)) return NULL;
  Py_RETURN_NONE;
}

/* Allocation(nbytes, device=-1): on GPU `device`, or the current device for -1 */
static int pj_alloc_init(PyObject *self, PyObject *args, PyObject *kw) {
  PjAllocObject *a = (PjAllocObject *)self;
  Py_ssize_t n;
  int ordinal = -1;
  if (!PyArg_ParseTuple(args, "n|i", &n, &ordinal)) return -1;
  if (n < 0 || a->device) {
    PyErr_SetString(PyExc_ValueError, a->device ? "Allocation.__init__ called twice" : "a negative allocation size");
    return -1;
  }
  PjDevice *device = pj_device_arg(ordinal);
  if (!device) return -1;
  char err[512] = "";
  PjStatus st = pj_mem_alloc(device, (size_t)n, &a->address, err, sizeof err);
  if (st != PJ_OK && g_npending && !g_defer_frees) { /* the pending frees first, then again */
    pj_flush_frees(device);
    err[0] = 0;
    st = pj_mem_alloc(device, (size_t)n, &a->address, err, sizeof err);
  }
  if (st != PJ_OK) {
    if (st == PJ_ERROR_DEVICE && strstr(err, "OUT_OF_MEMORY")) PyErr_SetString(PyExc_MemoryError, err);
    else pj_py_error(st, err);
    return -1;
  }
  a->nbytes = n;
  a->device = device;
  return 0;
}

static void pj_alloc_dealloc(PyObject *self) {
  PjAllocObject *a = (PjAllocObject *)self;
  if (a->address && a->device) pj_free_later(a->device, a->address, (size_t)a->nbytes);
  PyTypeObject *tp = Py_TYPE(self);
  freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  f(self);
  Py_DECREF(tp);
}

static PyObject *pj_alloc_address(PyObject *self, void *c) {
  return PyLong_FromUnsignedLongLong(((PjAllocObject *)self)->address);
}
static PyObject *pj_alloc_nbytes(PyObject *self, void *c) { return PyLong_FromSsize_t(((PjAllocObject *)self)->nbytes); }
static PyObject *pj_alloc_device(PyObject *self, void *c) {
  PjDevice *d = ((PjAllocObject *)self)->device;
  return PyLong_FromLong(d ? pj_device_ordinal(d) : -1);
}

static PyGetSetDef pj_alloc_getset[] = {
    {"address", pj_alloc_address, NULL, "the device address", NULL},
    {"device_pointer", pj_alloc_address, NULL, "the device address (numba's MemoryPointer.device_pointer; int() of it)", NULL},
    {"nbytes", pj_alloc_nbytes, NULL, "bytes", NULL},
    {"device_id", pj_alloc_device, NULL, "the ordinal of the device whose memory it is", NULL},
    {NULL},
};

static PyType_Slot pj_alloc_slots[] = {
    {Py_tp_init, pj_alloc_init},
    {Py_tp_dealloc, pj_alloc_dealloc},
    {Py_tp_getset, pj_alloc_getset},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_doc, "Allocation(nbytes): device memory (host memory on the CPU executor), freed with the object."},
    {0, NULL},
};

PyType_Spec pj_alloc_spec = {"pyjitc._core.Allocation", sizeof(PjAllocObject), 0, Py_TPFLAGS_DEFAULT,
                             pj_alloc_slots};

/* ---- HostAllocation: page-locked host memory, mapped for kernels ---------------------------- */

typedef struct {
  PyObject_HEAD
  void *host;
  uint64_t device_address;
  Py_ssize_t nbytes;
  int exports;
  PjDevice *device; /* that allocated it (portable: every GPU's kernels see it) */
} PjHostObject;

static int pj_host_init(PyObject *self, PyObject *args, PyObject *kw) {
  PjHostObject *h = (PjHostObject *)self;
  Py_ssize_t n;
  if (!PyArg_ParseTuple(args, "n", &n)) return -1;
  if (n < 0 || h->host) {
    PyErr_SetString(PyExc_ValueError, "HostAllocation(nbytes): once, with nbytes >= 0");
    return -1;
  }
  PjDevice *device = pj_need_device();
  if (!device) return -1;
  char err[512] = "";
  PjStatus st = pj_host_alloc(device, (size_t)n, &h->host, &h->device_address, err, sizeof err);
  if (st != PJ_OK) {
    pj_py_error(st, err);
    return -1;
  }
  h->nbytes = n;
  h->device = device;
  return 0;
}

static void pj_host_dealloc(PyObject *self) {
  PjHostObject *h = (PjHostObject *)self;
  if (h->host && h->device && !pj_forked_child()) pj_host_free(h->device, h->host);
  PyTypeObject *tp = Py_TYPE(self);
  freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  f(self);
  Py_DECREF(tp);
}

static int pj_host_getbuffer(PyObject *self, Py_buffer *view, int flags) {
  PjHostObject *h = (PjHostObject *)self;
  if (PyBuffer_FillInfo(view, self, h->host, h->nbytes, 0, flags) < 0) return -1;
  h->exports++;
  return 0;
}

static void pj_host_releasebuffer(PyObject *self, Py_buffer *view) { ((PjHostObject *)self)->exports--; }

static PyObject *pj_host_get_device_address(PyObject *self, void *c) {
  return PyLong_FromUnsignedLongLong(((PjHostObject *)self)->device_address);
}

static PyGetSetDef pj_host_getset[] = {
    {"device_address", pj_host_get_device_address, NULL, "where kernels see the memory", NULL},
    {NULL},
};

static PyType_Slot pj_host_slots[] = {
    {Py_tp_init, pj_host_init},
    {Py_tp_dealloc, pj_host_dealloc},
    {Py_tp_getset, pj_host_getset},
    {Py_bf_getbuffer, pj_host_getbuffer},
    {Py_bf_releasebuffer, pj_host_releasebuffer},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_doc, "HostAllocation(nbytes): page-locked host memory, mapped for kernels (plain memory on the CPU)."},
    {0, NULL},
};

PyType_Spec pj_host_spec = {"pyjitc._core.HostAllocation", sizeof(PjHostObject), 0, Py_TPFLAGS_DEFAULT,
                            pj_host_slots};

/* ---- ArrayBase: what a launch reads of a device array ------------------------------------- */

char pj_layout_of(int ndim, const int64_t *shape, const int64_t *strides, int64_t itemsize) {
  int64_t want = itemsize;
  bool c = true, f = true;
  for (int d = ndim - 1; d >= 0; d--) {
    if (shape[d] != 1 && strides[d] != want) c = false;
    want *= shape[d];
  }
  want = itemsize;
  for (int d = 0; d < ndim; d++) {
    if (shape[d] != 1 && strides[d] != want) f = false;
    want *= shape[d];
  }
  for (int d = 0; d < ndim; d++)
    if (shape[d] == 0) c = true; /* an empty array is contiguous */
  return c ? 'C' : f ? 'F' : 'A';
}

/* The GPU of a device array's memory: its Allocation's, else (memory of another library) the one
 * the driver names, else the current device. */
static int pj_array_device_of(PyObject *owner, uint64_t address) {
  if (g_alloc_type && PyObject_TypeCheck(owner, g_alloc_type) && ((PjAllocObject *)owner)->device)
    return pj_device_ordinal(((PjAllocObject *)owner)->device);
  int ordinal = pj_mem_device(g_target, address); /* -1 on the CPU executor */
  if (ordinal >= 0) return ordinal;
  PjDevice *d = pj_need_device();
  return d ? pj_device_ordinal(d) : -1;
}

/* ArrayBase(owner, address, dtype_code, shape, strides, device=-1, record=None): device, the
 * ordinal of the GPU whose memory it is (-1: found from the owner, the driver or the current
 * device); record, for an array of records (dtype_code uint8), the NumPy structured dtype */
static int pj_array_init(PyObject *self, PyObject *args, PyObject *kw) {
  PjArrayObject *a = (PjArrayObject *)self;
  static uint64_t serials; /* the GIL orders the draws */
  a->serial = ++serials;    /* first: a re-__init__ that fails halfway has changed the fields too */
  PyObject *owner, *shape, *strides, *record = Py_None;
  unsigned long long address;
  int dtype, device = -1;
  if (!PyArg_ParseTuple(args, "OKiOO|iO", &owner, &address, &dtype, &shape, &strides, &device, &record)) return -1;
  if (dtype < 0 || dtype >= PJ_DTYPE_COUNT || (record != Py_None && dtype != PJ_UINT8)) {
    PyErr_SetString(PyExc_ValueError, "unknown dtype code");
    return -1;
  }
  int64_t itemsize = (int64_t)pj_dtype_size((PjDtype)dtype), number = 0;
  if (record != Py_None) {
    PyObject *size = PyObject_GetAttrString(record, "itemsize");
    itemsize = size ? PyLong_AsLongLong(size) : -1;
    Py_XDECREF(size);
    if (itemsize <= 0 && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a record dtype of no bytes");
    if (PyErr_Occurred() || (number = pj_record_number(record, -1)) < 0) return -1;
  }
  Py_ssize_t n = PyTuple_Check(shape) ? PyTuple_Size(shape) : -1;
  if (n < 0 || n > PJ_MAX_DIMS || !PyTuple_Check(strides) || PyTuple_Size(strides) != n) {
    PyErr_Format(PyExc_ValueError, "shape and strides must be tuples of equal length, at most %d", PJ_MAX_DIMS);
    return -1;
  }
  for (Py_ssize_t d = 0; d < n; d++) {
    a->shape[d] = PyLong_AsLongLong(PyTuple_GetItem(shape, d));
    a->strides[d] = PyLong_AsLongLong(PyTuple_GetItem(strides, d));
  }
  if (PyErr_Occurred()) return -1;
  if (device < 0 && (device = pj_array_device_of(owner, address)) < 0) return -1;
  a->device = device;
  a->address = address;
  a->dtype = dtype;
  a->record = (int)number;
  a->itemsize = itemsize;
  a->ndim = (int)n;
  a->layout = pj_layout_of(a->ndim, a->shape, a->strides, itemsize);
  PJ_SETREF(a->owner, Py_NewRef(owner));
  return 0;
}

static void pj_array_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  PyObject_GC_UnTrack(self);
  Py_CLEAR(((PjArrayObject *)self)->owner);
  freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  f(self);
  Py_DECREF(tp);
}

static int pj_array_traverse(PyObject *self, visitproc visit, void *arg) {
  Py_VISIT(((PjArrayObject *)self)->owner);
  Py_VISIT(Py_TYPE(self));
  return 0;
}

static int pj_array_clear(PyObject *self) {
  Py_CLEAR(((PjArrayObject *)self)->owner);
  return 0;
}

static PyObject *pj_int64_tuple(const int64_t *v, int n) {
  PyObject *t = PyTuple_New(n);
  for (int i = 0; t && i < n; i++) PyTuple_SetItem(t, i, PyLong_FromLongLong(v[i]));
  return t;
}

static PyObject *pj_array_get_shape(PyObject *self, void *c) {
  PjArrayObject *a = (PjArrayObject *)self;
  return pj_int64_tuple(a->shape, a->ndim);
}
static PyObject *pj_array_get_strides(PyObject *self, void *c) {
  PjArrayObject *a = (PjArrayObject *)self;
  return pj_int64_tuple(a->strides, a->ndim);
}
static PyObject *pj_array_get_address(PyObject *self, void *c) {
  return PyLong_FromUnsignedLongLong(((PjArrayObject *)self)->address);
}
static PyObject *pj_array_get_device(PyObject *self, void *c) { return PyLong_FromLong(((PjArrayObject *)self)->device); }
static PyObject *pj_array_get_dtype_code(PyObject *self, void *c) { return PyLong_FromLong(((PjArrayObject *)self)->dtype); }
static PyObject *pj_array_get_record(PyObject *self, void *c) { return PyBool_FromLong(((PjArrayObject *)self)->record != 0); }
static PyObject *pj_array_get_layout(PyObject *self, void *c) {
  char l[2] = {((PjArrayObject *)self)->layout, 0};
  return PyUnicode_FromString(l);
}
static PyObject *pj_array_get_owner(PyObject *self, void *c) {
  PyObject *o = ((PjArrayObject *)self)->owner;
  return Py_NewRef(o ? o : Py_None);
}

static PyGetSetDef pj_array_getset[] = {
    {"shape", pj_array_get_shape, NULL, "the extents", NULL},
    {"strides", pj_array_get_strides, NULL, "bytes between neighbours on each axis", NULL},
    {"_address", pj_array_get_address, NULL, "the device address of element 0", NULL},
    {"_dtype_code", pj_array_get_dtype_code, NULL, "pyjitc's dtype number", NULL},
    {"_record", pj_array_get_record, NULL, "an array of records (its dtype_code uint8, their bytes)", NULL},
    {"_layout", pj_array_get_layout, NULL, "'C', 'F' or 'A'", NULL},
    {"_owner", pj_array_get_owner, NULL, "what keeps the memory alive", NULL},
    {"_device_id", pj_array_get_device, NULL, "the ordinal of the GPU whose memory it is", NULL},
    {NULL},
};

static PyType_Slot pj_array_slots[] = {
    {Py_tp_init, pj_array_init},
    {Py_tp_dealloc, pj_array_dealloc},
    {Py_tp_traverse, pj_array_traverse},
    {Py_tp_clear, pj_array_clear},
    {Py_tp_getset, pj_array_getset},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_doc, "ArrayBase(owner, address, dtype_code, shape, strides): the part of a device array launches read."},
    {0, NULL},
};

PyType_Spec pj_array_spec = {"pyjitc._core.ArrayBase", sizeof(PjArrayObject), 0,
                             Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, pj_array_slots};

/* ---- Stream and Event --------------------------------------------------------------------- */

typedef struct {
  PyObject_HEAD
  PjStream *stream;
} PjStreamObject;

/* Stream(handle=None): a new stream, or (handle: an int, a CUstream made elsewhere) that one */
static int pj_stream_init(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"handle", NULL};
  PyObject *handle = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|O", names, &handle)) return -1;
  PjDevice *device = pj_need_device();
  if (!device) return -1;
  char err[512] = "";
  PjStatus st;
  PjStream **out = &((PjStreamObject *)self)->stream;
  if (*out) {
    PyErr_SetString(PyExc_RuntimeError, "Stream.__init__ called twice");
    return -1;
  }
  if (handle != Py_None) {
    unsigned long long h = PyLong_AsUnsignedLongLong(handle);
    if (PyErr_Occurred()) {
      PyErr_Clear();
      PyErr_SetString(PyExc_TypeError, "an external stream's handle is a non-negative int (a CUstream's address)");
      return -1;
    }
    st = pj_stream_wrap(device, (uint64_t)h, out, err, sizeof err);
  } else {
    st = pj_stream_new(device, out, err, sizeof err);
  }
  if (st != PJ_OK) {
    pj_py_error(st, err);
    return -1;
  }
  return 0;
}

static void pj_stream_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  if (!pj_forked_child()) pj_stream_delete(((PjStreamObject *)self)->stream);
  freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  f(self);
  Py_DECREF(tp);
}

static PyObject *pj_stream_sync(PyObject *self, PyObject *noargs) {
  char err[512] = "";
  PjStatus st;
  PjStream *s = ((PjStreamObject *)self)->stream;
  Py_BEGIN_ALLOW_THREADS st = pj_stream_synchronize(s, err, sizeof err);
  Py_END_ALLOW_THREADS if (st != PJ_OK) return pj_py_error(st, err);
  Py_RETURN_NONE;
}

static PyObject *pj_stream_handle_get(PyObject *self, void *closure) {
  return PyLong_FromUnsignedLongLong(pj_stream_get_handle(((PjStreamObject *)self)->stream));
}

static PyObject *pj_stream_device_get(PyObject *self, void *closure) {
  PjStream *s = ((PjStreamObject *)self)->stream;
  return PyLong_FromLong(s ? pj_device_ordinal(pj_stream_device(s)) : -1);
}

static PyGetSetDef pj_stream_getset[] = {
    {"handle", pj_stream_handle_get, NULL, "the CUstream as an int (0 on the CPU executor)", NULL},
    {"device_id", pj_stream_device_get, NULL, "the ordinal of the device the stream belongs to", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef pj_stream_methods[] = {
    {"synchronize", pj_stream_sync, METH_NOARGS, "wait for everything queued on the stream"},
    {NULL},
};

static PyType_Slot pj_stream_slots[] = {
    {Py_tp_init, pj_stream_init},     {Py_tp_dealloc, pj_stream_dealloc}, {Py_tp_methods, pj_stream_methods},
    {Py_tp_getset, pj_stream_getset},
    {Py_tp_new, PyType_GenericNew},   {Py_tp_doc, "Stream(): a CUDA stream (in order on the host for the CPU)."},
    {0, NULL},
};

PyType_Spec pj_stream_spec = {"pyjitc._core.Stream", sizeof(PjStreamObject), 0,
                              Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, pj_stream_slots};

PjStream *pj_stream_of(PyObject *o, bool *ok) {
  *ok = true;
  if (!o || o == Py_None) return NULL;
  if (PyObject_TypeCheck(o, g_stream_type)) return ((PjStreamObject *)o)->stream;
  if (PyLong_Check(o) && PyLong_AsLong(o) == 0) return NULL; /* numba's default stream 0 */
  PyErr_Clear();
  /* numba's words (driver._stream_handle) */
  PyObject *name = PyType_GetName(Py_TYPE(o));
  if (name) PyErr_Format(PyExc_TypeError, "Expected a Stream object or 0, got %U", name);
  Py_XDECREF(name);
  *ok = false;
  return NULL;
}

typedef struct {
  PyObject_HEAD
  PjEvent *event;
} PjEventObject;

/* Event(timing=True) */
static int pj_event_init(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"timing", NULL};
  int timing = 1;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|p", names, &timing)) return -1;
  if (((PjEventObject *)self)->event) {
    PyErr_SetString(PyExc_RuntimeError, "Event.__init__ called twice");
    return -1;
  }
  PjDevice *device = pj_need_device();
  if (!device) return -1;
  char err[512] = "";
  PjStatus st = pj_event_new(device, timing, &((PjEventObject *)self)->event, err, sizeof err);
  if (st != PJ_OK) {
    pj_py_error(st, err);
    return -1;
  }
  return 0;
}

static void pj_event_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  if (!pj_forked_child()) pj_event_delete(((PjEventObject *)self)->event);
  freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  f(self);
  Py_DECREF(tp);
}

/* record(stream=0) and wait(stream=0): the stream a default-stream object or 0 names */
static PyObject *pj_event_on_stream(PyObject *self, PyObject *args, PyObject *kw, bool wait) {
  static char *names[] = {"stream", NULL};
  PyObject *s = NULL;
  if (!PyArg_ParseTupleAndKeywords(args, kw, wait ? "|O:wait" : "|O:record", names, &s)) return NULL;
  bool ok;
  PjStream *stream = pj_stream_of(s, &ok);
  if (!ok) return NULL;
  char err[512] = "";
  PjEvent *e = ((PjEventObject *)self)->event;
  PjStatus st = wait ? pj_event_wait(e, stream, err, sizeof err) : pj_event_record(e, stream, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  Py_RETURN_NONE;
}

static PyObject *pj_event_record_py(PyObject *self, PyObject *args, PyObject *kw) {
  return pj_event_on_stream(self, args, kw, false);
}

static PyObject *pj_event_wait_py(PyObject *self, PyObject *args, PyObject *kw) {
  return pj_event_on_stream(self, args, kw, true);
}

static PyObject *pj_event_query_py(PyObject *self, PyObject *noargs) {
  char err[512] = "";
  int done = 0;
  PjStatus st = pj_event_query(((PjEventObject *)self)->event, &done, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  return PyBool_FromLong(done);
}

static PyObject *pj_event_sync_py(PyObject *self, PyObject *noargs) {
  char err[512] = "";
  PjStatus st;
  PjEvent *e = ((PjEventObject *)self)->event;
  Py_BEGIN_ALLOW_THREADS st = pj_event_synchronize(e, err, sizeof err);
  Py_END_ALLOW_THREADS if (st != PJ_OK) return pj_py_error(st, err);
  Py_RETURN_NONE;
}

static PyObject *pj_event_elapsed_py(PyObject *self, PyObject *other) {
  if (!PyObject_TypeCheck(other, g_event_type)) {
    PyErr_SetString(PyExc_TypeError, "elapsed_time takes another event");
    return NULL;
  }
  double ms = 0;
  char err[512] = "";
  PjStatus st = pj_event_elapsed_ms(((PjEventObject *)self)->event, ((PjEventObject *)other)->event, &ms, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  return PyFloat_FromDouble(ms);
}

static PyMethodDef pj_event_methods[] = {
    {"record", (PyCFunction)(void (*)(void))pj_event_record_py, METH_VARARGS | METH_KEYWORDS,
     "record(stream=0): the event happens when the work queued on the stream so far is done"},
    {"wait", (PyCFunction)(void (*)(void))pj_event_wait_py, METH_VARARGS | METH_KEYWORDS,
     "wait(stream=0): work queued on the stream from now on waits for the event"},
    {"query", pj_event_query_py, METH_NOARGS, "whether the work before the event's last record is done"},
    {"synchronize", pj_event_sync_py, METH_NOARGS, "wait until the event is reached"},
    {"elapsed_time", pj_event_elapsed_py, METH_O, "milliseconds from this event to the other"},
    {NULL},
};

static PyType_Slot pj_event_slots[] = {
    {Py_tp_init, pj_event_init},   {Py_tp_dealloc, pj_event_dealloc},
    {Py_tp_methods, pj_event_methods}, {Py_tp_new, PyType_GenericNew},
    {Py_tp_doc, "Event(timing=True): a CUDA event (the host clock on the CPU)."}, {0, NULL},
};

PyType_Spec pj_event_spec = {"pyjitc._core.Event", sizeof(PjEventObject), 0,
                             Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, pj_event_slots};

/* ---- copies ------------------------------------------------------------------------------- */

/* The device a copy or fill runs on: GPU `ordinal` when given (>= 0), else the stream's, else the
 * current device. */
static PjDevice *pj_copy_device(int ordinal, PjStream *stream) {
  if (ordinal >= 0) return pj_device_at(ordinal);
  return stream ? pj_stream_device(stream) : pj_need_device();
}

/* copy(direction, dst, src, nbytes, stream=None, device=-1): addresses as integers (host ones
 * too); on GPU `device` (the device array's), else the stream's, else the current device. */
PyObject *pj_copy(PyObject *self, PyObject *args) {
  int direction, ordinal = -1;
  unsigned long long dst, src;
  Py_ssize_t n;
  PyObject *s = NULL;
  if (!PyArg_ParseTuple(args, "iKKn|Oi", &direction, &dst, &src, &n, &s, &ordinal)) return NULL;
  bool ok;
  PjStream *stream = pj_stream_of(s, &ok);
  if (!ok) return NULL;
  PjDevice *device = pj_copy_device(ordinal, stream);
  if (!device) return NULL;
  if (direction < 0 || direction > 2 || n < 0) return pj_py_error(PJ_ERROR_ARGUMENT, "copy: bad direction or size");
  char err[512] = "";
  PjStatus st;
  Py_BEGIN_ALLOW_THREADS st = pj_mem_copy(device, (PjCopy)direction, dst, src, (size_t)n, stream, err, sizeof err);
  Py_END_ALLOW_THREADS if (st != PJ_OK) return pj_py_error(st, err);
  Py_RETURN_NONE;
}

/* copy_peer(dst_device, dst, src_device, src, nbytes, stream=None): from one GPU's memory to
 * another's */
PyObject *pj_copy_peer_py(PyObject *self, PyObject *args) {
  int dst_ordinal, src_ordinal;
  unsigned long long dst, src;
  Py_ssize_t n;
  PyObject *s = NULL;
  if (!PyArg_ParseTuple(args, "iKiKn|O", &dst_ordinal, &dst, &src_ordinal, &src, &n, &s)) return NULL;
  bool ok;
  PjStream *stream = pj_stream_of(s, &ok);
  if (!ok) return NULL;
  PjDevice *to = pj_device_at(dst_ordinal), *from = to ? pj_device_at(src_ordinal) : NULL;
  if (!from) return NULL;
  if (n < 0) return pj_py_error(PJ_ERROR_ARGUMENT, "copy: a negative size");
  char err[512] = "";
  PjStatus st;
  Py_BEGIN_ALLOW_THREADS st = pj_mem_copy_peer(to, dst, from, src, (size_t)n, stream, err, sizeof err);
  Py_END_ALLOW_THREADS if (st != PJ_OK) return pj_py_error(st, err);
  Py_RETURN_NONE;
}

/* ipc_get_handle(address, device=-1) -> (handle: 64 bytes, allocation base, allocation bytes) */
PyObject *pj_ipc_get_handle_py(PyObject *self, PyObject *args) {
  unsigned long long address;
  int ordinal = -1;
  if (!PyArg_ParseTuple(args, "K|i", &address, &ordinal)) return NULL;
  PjDevice *device = pj_device_arg(ordinal);
  if (!device) return NULL;
  uint8_t handle[PJ_IPC_HANDLE_BYTES];
  uint64_t base = 0;
  size_t size = 0;
  char err[512] = "";
  PjStatus st = pj_ipc_get_handle(device, address, handle, &base, &size, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  return Py_BuildValue("(y#KK)", (const char *)handle, (Py_ssize_t)PJ_IPC_HANDLE_BYTES, (unsigned long long)base,
                       (unsigned long long)size);
}

/* ipc_open(handle: 64 bytes) -> the address the other process's allocation is mapped at (by the
 * current device) */
PyObject *pj_ipc_open_py(PyObject *self, PyObject *args) {
  const char *handle;
  Py_ssize_t n;
  if (!PyArg_ParseTuple(args, "y#", &handle, &n)) return NULL;
  if (n != PJ_IPC_HANDLE_BYTES) {
    PyErr_Format(PyExc_ValueError, "an IPC handle is %d bytes, not %zd", (int)PJ_IPC_HANDLE_BYTES, n);
    return NULL;
  }
  PjDevice *device = pj_need_device();
  if (!device) return NULL;
  uint64_t address = 0;
  char err[512] = "";
  PjStatus st = pj_ipc_open(device, (const uint8_t *)handle, &address, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  return PyLong_FromUnsignedLongLong(address);
}

/* ipc_close(address, device=-1): unmaps what ipc_open mapped (on that device) */
PyObject *pj_ipc_close_py(PyObject *self, PyObject *args) {
  unsigned long long address;
  int ordinal = -1;
  if (!PyArg_ParseTuple(args, "K|i", &address, &ordinal)) return NULL;
  PjDevice *device = pj_device_arg(ordinal);
  if (!device) return NULL;
  char err[512] = "";
  PjStatus st = pj_ipc_close(device, address, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  Py_RETURN_NONE;
}

/* memset(dst, value, nbytes, stream=None, device=-1) */
PyObject *pj_memset(PyObject *self, PyObject *args) {
  unsigned long long dst;
  int value, ordinal = -1;
  Py_ssize_t n;
  PyObject *s = NULL;
  if (!PyArg_ParseTuple(args, "Kin|Oi", &dst, &value, &n, &s, &ordinal)) return NULL;
  bool ok;
  PjStream *stream = pj_stream_of(s, &ok);
  if (!ok) return NULL;
  PjDevice *device = pj_copy_device(ordinal, stream);
  if (!device) return NULL;
  char err[512] = "";
  PjStatus st = pj_mem_set(device, dst, value, (size_t)n, stream, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  Py_RETURN_NONE;
}
