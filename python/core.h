/* What the Python extension's C files share (python/_core.c, devices.c, kernels.c, launcher.c,
 * memory.c, args.c and sources.c): the module's state, the device array object a launch reads, and
 * one launch argument as it is read. Not part of any public interface. */
#ifndef PJ_PYTHON_CORE_H
#define PJ_PYTHON_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdbool.h>
#include <stdint.h>

#include <pyjitc.h>

#pragma GCC visibility push(hidden)

typedef struct PjScalarType {
  PyTypeObject *type;
  PjDtype dtype;
} PjScalarType;

/* Replace *slot's reference by `value` (a new reference), dropping the old one. */
#define PJ_SETREF(slot, value)          \
  do {                                  \
    PyObject *pj_old = (PyObject *)(slot); \
    (slot) = (value);                   \
    Py_XDECREF(pj_old);                 \
  } while (0)

/* module state, set by _core.c (the devices: by devices.c) */
enum { PJ_PY_MAX_DEVICES = 64 };
extern PjTarget g_target;  /* the target of every device opened: AUTO until the first is */
extern int g_devices_open; /* how many devices are open (more than one: several GPUs in use) */
extern PjDevice *g_devices[PJ_PY_MAX_DEVICES]; /* by ordinal, opened on first use (NULL: not yet) */
extern char g_arch_slot[PJ_PY_MAX_DEVICES];    /* the first ordinal of the same arch: a launch key byte */
extern PyTypeObject *g_ndarray_type, *g_generic_type, *g_cupy_type, *g_array_type;
extern PjScalarType g_scalar_types[16];
extern int g_nscalar_types;
/* callable(stream handle) for an argument whose __cuda_array_interface__ names a stream: the
 * launch waits for that stream first, as the interface asks of consumers (NULL: none set) */
extern PyObject *g_cai_stream_hook;
/* hook(kernel name, args, indices) told of the host arrays given to a launch (NULL: none set) */
extern PyObject *g_host_array_hook;
/* the name of the kernel launched last (launches are asynchronous: later errors name it) */
extern char g_last_launch[128];

/* ArrayBase (memory.c): what a launch reads of a device array */
typedef struct {
  PyObject_HEAD
  uint64_t address;           /* of element 0 */
  int dtype, ndim;
  char layout;                /* 'C', 'F' or 'A' */
  int64_t shape[PJ_MAX_DIMS];
  int64_t strides[PJ_MAX_DIMS];
  PyObject *owner;            /* what keeps the memory alive */
  int device;                 /* the ordinal of the GPU whose memory it is (0 on the CPU executor) */
  int record;                 /* an array of records (dtype uint8, its bytes): the record dtype's number
                               * (pj_record_dtype), else 0 */
  int64_t itemsize;           /* bytes per element */
  uint64_t serial;            /* this object's fields as initialised (each __init__ draws a new number; 0:
                               * none): the launcher's memo knows the array again by it (launcher.c) */
} PjArrayObject;

/* _core.c: hook(object) -> the int a launch passes for an argument of no other kind (an enum
 * member), or None */
extern PyObject *g_arg_hook;

extern PyObject *g_cuda_error; /* pyjitc.CudaError */
extern PyObject *g_typing_error; /* pyjitc.TypingError */
extern PyTypeObject *g_stream_type, *g_event_type, *g_alloc_type, *g_kernel_type;

/* _core.c: the exception for a failed call of the C API (NULL, with it set) */
PyObject *pj_py_error(PjStatus st, const char *msg);

/* devices.c: whether this process was forked after its parent opened a device: what it inherited
 * (memory, modules, streams, events) belongs to the parent's context, and is left alone when its
 * objects go */
bool pj_forked_child(void);
void pj_after_fork_child(void); /* pthread_atfork's child handler */
/* the current device of the calling thread (the GPU whose context is current there, else GPU 0,
 * else the CPU executor) and device `ordinal`, each opened on first use, or NULL with CudaError set */
PjDevice *pj_need_device(void);
PjDevice *pj_device_at(int ordinal);
/* the device an `ordinal` argument names: the current one for -1 */
PjDevice *pj_device_arg(int ordinal);
/* the ordinal of the calling thread's device (0 where it chose none), or -1 (an exception set) in
 * a forked child */
int pj_thread_ordinal(void);
/* the target and arch of device `ordinal` before it opens, where a warm-up has read the GPU: 1
 * (the process's target fixed to it), else 0 (arch: NULL for the CPU) */
int pj_probe(int ordinal, PjTarget *target, const char **arch);
/* devices.c: the module's functions of devices (open, current, target_arch, warm, start_times,
 * select, is_open, can_access_peer, cpu_device_count, device_attribute, gpu_count, synchronize,
 * profile, default_stream_per_thread, memory_info) */
PyObject *pj_open(PyObject *self, PyObject *args);
PyObject *pj_current_py(PyObject *self, PyObject *noargs);
PyObject *pj_target_arch_py(PyObject *self, PyObject *noargs);
PyObject *pj_warm_py(PyObject *self, PyObject *args);
PyObject *pj_start_times_py(PyObject *self, PyObject *noargs);
PyObject *pj_select_py(PyObject *self, PyObject *args);
PyObject *pj_is_open_py(PyObject *self, PyObject *args);
PyObject *pj_can_access_peer_py(PyObject *self, PyObject *args);
PyObject *pj_cpu_device_count_py(PyObject *self, PyObject *noargs);
PyObject *pj_device_attribute_py(PyObject *self, PyObject *args);
PyObject *pj_gpu_count(PyObject *self, PyObject *noargs);
PyObject *pj_synchronize(PyObject *self, PyObject *args);
PyObject *pj_profile_py(PyObject *self, PyObject *args);
PyObject *pj_default_stream_per_thread_py(PyObject *self, PyObject *arg);
PyObject *pj_memory_info_py(PyObject *self, PyObject *args);

/* kernels.c: a Kernel, one compiled specialisation */
typedef struct {
  PyObject_HEAD
  PjKernel *kernel;
  PjLoaded *loaded[PJ_PY_MAX_DEVICES]; /* by device ordinal, on its first launch there */
  PyObject *warnings; /* the compiler's warnings, formatted (a tuple of str) */
  int nargs;
  PjArgType args[256];
} PjKernelObject;

/* kernels.c: the Kernel type; the kernel made ready on `device` (its module loaded there on first
 * use), NULL with err set; the module's functions of compiling (compile, kernel_from_ptx,
 * kernel_from_object, cache_get, cache_put, libdevice) */
extern PyType_Spec pj_kernel_spec;
PjLoaded *pj_kernel_loaded_on(PjKernelObject *k, PjDevice *device, PjStatus *st, char *err, size_t errlen);
PyObject *pj_compile(PyObject *self, PyObject *args);
PyObject *pj_kernel_from_ptx_py(PyObject *self, PyObject *args);
PyObject *pj_kernel_from_object_py(PyObject *self, PyObject *args);
PyObject *pj_cache_get_py(PyObject *self, PyObject *args);
PyObject *pj_cache_put_py(PyObject *self, PyObject *args);
PyObject *pj_libdevice_py(PyObject *self, PyObject *noargs);

/* launcher.c: the Launcher type (g_launcher_type once registered); a launch configuration's
 * dimensions (an int or a tuple of 1 to 3 positive ints; `what` names it in the ValueError), and
 * an "O&" converter of bytes of dynamic shared memory; the module's subscript_method and
 * same_kinds */
extern PyType_Spec pj_launcher_spec;
extern PyTypeObject *g_launcher_type;
int pj_dims(PyObject *o, uint32_t out[3], const char *what);
int pj_shared_bytes_arg(PyObject *o, void *out);
PyObject *pj_subscript_method_py(PyObject *self, PyObject *type);
PyObject *pj_same_kinds_py(PyObject *self, PyObject *const *args, Py_ssize_t n);

/* memory.c: the types of Allocation, ArrayBase, HostAllocation, Stream and Event; copies, fills
 * and IPC; the PjStream of a Stream argument (None: the default stream; *ok false with an
 * exception set for anything else) */
extern PyType_Spec pj_alloc_spec, pj_array_spec, pj_host_spec, pj_stream_spec, pj_event_spec;
/* memory.c: numba's pending deallocations of device memory (pending_frees, flush_frees,
 * defer_frees, free_policy) */
PyObject *pj_pending_frees_py(PyObject *self, PyObject *args);
PyObject *pj_flush_frees_py(PyObject *self, PyObject *args);
PyObject *pj_defer_frees_py(PyObject *self, PyObject *args);
PyObject *pj_free_policy_py(PyObject *self, PyObject *args);
PyObject *pj_copy(PyObject *self, PyObject *args);
PyObject *pj_copy_peer_py(PyObject *self, PyObject *args);
PyObject *pj_memset(PyObject *self, PyObject *args);
PyObject *pj_ipc_get_handle_py(PyObject *self, PyObject *args);
PyObject *pj_ipc_open_py(PyObject *self, PyObject *args);
PyObject *pj_ipc_close_py(PyObject *self, PyObject *args);
PjStream *pj_stream_of(PyObject *o, bool *ok);

/* sources.c: the texts compiled from strings (exec), kept for the dispatcher */
PyObject *pj_remember_compiled(PyObject *self, PyObject *const *argv, Py_ssize_t argc);
PyObject *pj_exec_sources(PyObject *self, PyObject *noargs);

/* 'C', 'F' or 'A' for these extents and strides (bytes) */
char pj_layout_of(int ndim, const int64_t *shape, const int64_t *strides, int64_t itemsize);

/* ---- launch arguments (args.c) ------------------------------------------------------------ */

/* One argument, as the launch sees it. */
typedef struct {
  PjValue v;
  char layout;
  /* a host array on a GPU: staged through device memory */
  Py_buffer view;
  bool have_view, writable;
  uint64_t staged;        /* device copy of [span_lo, span_lo + span) */
  char *span_lo;
  size_t span;
  /* a NumPy structured dtype: its number in the table of record dtypes seen (pj_record_dtype)
   * plus one, else 0; a single record (np.void / np.record) is read as an array of one */
  int record;
  int64_t record_size;    /* records: the bytes of one */
  bool record_scalar;
  /* a 0-d array (a NumPy array of shape (), a device array of no dimensions): read as the 1-d array
   * of its one element, keyed and compiled as a 0-d array (PjArgType.zero_dim) */
  bool zero_dim;
  /* a device array's GPU (ArrayBase: its ordinal), or PJ_ARG_ANY_DEVICE: memory of another
   * library, whose GPU the launch asks the driver for when several are in use */
  int device;
} PjArg;
#define PJ_ARG_ANY_DEVICE (-1)

/* The record dtype numbered `record` (PjArg.record), borrowed. */
PyObject *pj_record_dtype(int record);
/* The number of a record dtype (added to the table when new), or -1 with an exception set; index:
 * the argument's, for the message (-1: a device array being made). */
int pj_record_number(PyObject *dtype, int index);

/* Fills `a` from one Python argument; 0, or -1 with an exception set. */
/* Fills `a` from one Python argument: 0, or -1 with an exception set, or PJ_ARG_TUPLE (no
 * exception) for a tuple, which the launcher hands to the dispatcher to flatten. */
#define PJ_ARG_TUPLE (-2)
int pj_arg_read(PyObject *o, PjArg *a, int index);
/* A scalar converted to the dtype the kernel was compiled for (as a C cast). */
void pj_scalar_convert(PjValue *v, PjDtype to);
/* The bytes an array touches: *span of them from *lo. */
void pj_span_of(const PjArg *a, char *data, int64_t itemsize, char **lo, size_t *span);
/* 1 when no two array arguments share a byte. */
int pj_args_disjoint(const PjArg *a, Py_ssize_t n);
int pj_cupy_direct_state(void); /* how CuPy arrays are read: 2 from CuPy's structs, 0/1 learning, -1 attributes */
void pj_args_release(PjDevice *device, PjArg *a, int n); /* staged copies were on `device` */

#pragma GCC visibility pop

#endif
