/* pyjitc._core: the Python extension's C half, over the public C API (include/pyjitc.h).
 *
 * Python (python/pyjitc/) holds the decorators and gathers what a kernel's names stand for; this
 * module opens and selects devices (devices.c), compiles (kernels.c: Kernel), holds device memory,
 * streams and events (memory.c: Allocation, ArrayBase, HostAllocation, Stream, Event), and
 * launches (launcher.c: Launcher, kernel[grid, block, stream, shared]), reading the arguments
 * without creating Python objects on the way (args.c). This file holds the module itself: its
 * state (the types and exceptions Python registers, the hooks it sets), the exception for a failed
 * call of the C API (pj_py_error), the method table and PyInit__core, which adds the types. Built
 * against the stable ABI (3.11). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <pthread.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pyjitc.h>

#include "core.h"

/* ---- module state ------------------------------------------------------------------------- */

PyObject *g_typing_error;             /* pyjitc.TypingError: the program was rejected */
PyObject *g_cuda_error;               /* pyjitc.CudaError: the device or a launch failed */
PyTypeObject *g_ndarray_type;         /* numpy.ndarray, registered by Python */
PyTypeObject *g_generic_type;         /* numpy.generic: NumPy scalars */
PjScalarType g_scalar_types[16];      /* numpy.float32, ... */
PyTypeObject *g_cupy_type;            /* cupy.ndarray, once one was passed */
int g_nscalar_types;
PyTypeObject *g_array_type;           /* ArrayBase */
PyTypeObject *g_kernel_type;          /* kernels.c's */
PyTypeObject *g_stream_type, *g_event_type, *g_alloc_type; /* memory.c's */

PyObject *g_host_array_hook;          /* hook(kernel name, args, indices): host arrays given to a launch */
char g_last_launch[128];              /* the name of the kernel launched last (launches are asynchronous) */

static PyObject *g_raise_hook; /* hook(message) -> the exception a kernel raised (debug=True) */
PyObject *g_arg_hook;          /* hook(object) -> int or None: an argument of no other kind (args.c) */

static PyObject *g_api_error_hook;

/* set_api_error_hook(callable or None): hook(message, is_argument_error) -> the exception for a
 * failure that names a CUDA driver error (CUDA_ERROR_...): numba's CudaAPIError, with its code */
static PyObject *pj_set_api_error_hook(PyObject *self, PyObject *hook) {
  if (hook != Py_None && !PyCallable_Check(hook)) {
    PyErr_SetString(PyExc_TypeError, "set_api_error_hook(callable or None)");
    return NULL;
  }
  PJ_SETREF(g_api_error_hook, hook == Py_None ? NULL : Py_NewRef(hook));
  Py_RETURN_NONE;
}

/* The hook's exception for a device or argument error whose message names a CUDA error; 0 when
 * there is none to raise that way (the caller raises its own). */
static int pj_py_api_error(PjStatus st, const char *msg) {
  if (!g_api_error_hook || !msg || (st != PJ_ERROR_DEVICE && st != PJ_ERROR_ARGUMENT) || !strstr(msg, "CUDA_ERROR_"))
    return 0;
  PyObject *exc = PyObject_CallFunction(g_api_error_hook, "si", msg, st == PJ_ERROR_ARGUMENT);
  if (!exc) return 1; /* the hook's own exception stands */
  if (PyExceptionInstance_Check(exc)) {
    PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
    Py_DECREF(exc);
    return 1;
  }
  Py_DECREF(exc);
  return 0;
}

PyObject *pj_py_error(PjStatus st, const char *msg) {
  if (st == PJ_ERROR_RAISED && g_raise_hook) {
    PyObject *exc = PyObject_CallFunction(g_raise_hook, "s", msg ? msg : "");
    if (exc && PyExceptionInstance_Check(exc)) {
      PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
      Py_DECREF(exc);
    } else if (exc) {
      Py_DECREF(exc);
      PyErr_SetString(PyExc_RuntimeError, msg && *msg ? msg : "pyjitc: a kernel raised an exception");
    } /* else the hook's own exception stands */
    return NULL;
  }
  if (st == PJ_ERROR_DEVICE && g_last_launch[0] && msg && !strstr(msg, "kernel '") &&
      !strstr(msg, "cuEvent")) {
    /* an error a kernel left behind surfaces at a later call: say which kernel ran last */
    char *text = NULL;
    if (asprintf(&text, "%s (the last kernel launched was '%s')", msg, g_last_launch) < 0) text = NULL;
    if (text && pj_py_api_error(st, text)) {
      free(text);
      return NULL;
    }
    PyErr_SetString(g_cuda_error, text ? text : msg);
    free(text);
    return NULL;
  }
  if (pj_py_api_error(st, msg)) return NULL;
  PyErr_SetString(st == PJ_ERROR_USER ? g_typing_error : st == PJ_ERROR_ARGUMENT ? PyExc_ValueError : g_cuda_error,
                  msg && *msg ? msg : "pyjitc: unknown error");
  return NULL;
}

static PyObject *pj_register(PyObject *self, PyObject *args) {
  PyObject *ndarray, *generic, *typing, *cuda, *scalars;
  if (!PyArg_ParseTuple(args, "OOOOO", &ndarray, &generic, &typing, &cuda, &scalars)) return NULL;
  /* {numpy scalar type: dtype code} for the real types: read without the buffer protocol */
  PyObject *key, *value;
  Py_ssize_t pos = 0;
  g_nscalar_types = 0;
  while (PyDict_Check(scalars) && PyDict_Next(scalars, &pos, &key, &value) && g_nscalar_types < 16) {
    g_scalar_types[g_nscalar_types].type = (PyTypeObject *)Py_NewRef(key);
    g_scalar_types[g_nscalar_types++].dtype = (PjDtype)PyLong_AsLong(value);
  }
  PJ_SETREF(g_ndarray_type, (PyTypeObject *)Py_NewRef(ndarray));
  PJ_SETREF(g_generic_type, (PyTypeObject *)Py_NewRef(generic));
  PJ_SETREF(g_typing_error, Py_NewRef(typing));
  PJ_SETREF(g_cuda_error, Py_NewRef(cuda));
  Py_RETURN_NONE;
}

PyObject *g_cai_stream_hook;

/* set_cai_stream_hook(callable or None): what a launch calls with the stream handle of an
 * argument whose __cuda_array_interface__ names one (the dispatcher synchronizes it) */
static PyObject *pj_set_cai_stream_hook(PyObject *self, PyObject *hook) {
  if (hook != Py_None && !PyCallable_Check(hook)) {
    PyErr_SetString(PyExc_TypeError, "set_cai_stream_hook(callable or None)");
    return NULL;
  }
  PJ_SETREF(g_cai_stream_hook, hook == Py_None ? NULL : Py_NewRef(hook));
  Py_RETURN_NONE;
}

static PyObject *pj_cupy_direct_py(PyObject *self, PyObject *noargs) { return PyLong_FromLong(pj_cupy_direct_state()); }

static PyObject *pj_version(PyObject *self, PyObject *noargs) { return PyUnicode_FromString(pj_version_string()); }
static PyObject *pj_host_target_py(PyObject *self, PyObject *noargs) { return PyUnicode_FromString(pj_host_target()); }
static PyObject *pj_build_id_py(PyObject *self, PyObject *noargs) { return PyUnicode_FromString(pj_build_id()); }

static PyObject *pj_set_arg_hook(PyObject *self, PyObject *hook) {
  PJ_SETREF(g_arg_hook, hook == Py_None ? NULL : Py_NewRef(hook));
  Py_RETURN_NONE;
}

static PyObject *pj_set_raise_hook(PyObject *self, PyObject *hook) {
  PJ_SETREF(g_raise_hook, hook == Py_None ? NULL : Py_NewRef(hook));
  Py_RETURN_NONE;
}

static PyObject *pj_set_host_array_hook(PyObject *self, PyObject *hook) {
  PJ_SETREF(g_host_array_hook, hook == Py_None ? NULL : Py_NewRef(hook));
  Py_RETURN_NONE;
}

/* ---- the module --------------------------------------------------------------------------- */

static PyObject *pj_dtype_codes(PyObject *self, PyObject *noargs) {
  PyObject *d = PyDict_New();
  for (int i = 0; d && i < PJ_DTYPE_COUNT; i++) {
    PyObject *v = PyLong_FromLong(i);
    PyDict_SetItemString(d, pj_dtype_name((PjDtype)i), v);
    Py_XDECREF(v);
  }
  return d;
}

/* cuda.libdevice's functions: ((name, result, parameters), ...) as pj_libdevice_function gives them */
static PyObject *pj_libdevice_functions_py(PyObject *self, PyObject *noargs) {
  PyObject *list = PyList_New(0);
  const char *name, *result, *params;
  for (size_t i = 0; list && pj_libdevice_function(i, &name, &result, &params); i++) {
    PyObject *item = Py_BuildValue("(sss)", name, result, params);
    if (!item || PyList_Append(list, item) < 0) Py_CLEAR(list);
    Py_XDECREF(item);
  }
  return list;
}

static PyMethodDef pj_methods[] = {
    {"subscript_method", pj_subscript_method_py, METH_O,
     "subscript_method(Dispatcher) -> its __getitem__: kernel[config], the cached launcher found in C"},
    {"same_kinds", (PyCFunction)(void (*)(void))pj_same_kinds_py, METH_FASTCALL,
     "same_kinds(a, b) -> whether two equal launch configurations hold the same types"},
    {"open", pj_open, METH_VARARGS, "open(target='auto', ordinal=0) -> (target, name, arch, ordinal)"},
    {"current", pj_current_py, METH_NOARGS, "current() -> (target, name, arch, ordinal) of this thread's device"},
    {"target_arch", pj_target_arch_py, METH_NOARGS,
     "target_arch() -> (target, arch) of this thread's device, before its context where a warm-up read the GPU"},
    {"warm", pj_warm_py, METH_VARARGS, "warm(ordinal=0) -> whether a warm-up of the GPU began (pj_device_warm)"},
    {"start_times", pj_start_times_py, METH_NOARGS, "start_times() -> [(milestone, time.monotonic() seconds)]"},
    {"select", pj_select_py, METH_VARARGS, "select(ordinal): make GPU ordinal this thread's device (-1: none)"},
    {"is_open", pj_is_open_py, METH_VARARGS, "is_open(ordinal) -> whether this process opened the device"},
    {"can_access_peer", pj_can_access_peer_py, METH_VARARGS, "can_access_peer(ordinal, peer) -> bool"},
    {"gpu_count", pj_gpu_count, METH_NOARGS, "gpu_count() -> the GPUs the CUDA driver finds (0 without one)"},
    {"device_attribute", pj_device_attribute_py, METH_VARARGS, "device_attribute(ordinal, name) -> int"},
    {"cpu_device_count", pj_cpu_device_count_py, METH_NOARGS, "cpu_device_count() -> the CPU executor's devices"},
    {"synchronize", pj_synchronize, METH_VARARGS, "synchronize(ordinal=-1): wait for all work on the device"},
    {"memory_info", pj_memory_info_py, METH_VARARGS, "memory_info(ordinal=-1) -> (free, total) bytes of device memory"},
    {"pending_frees", pj_pending_frees_py, METH_VARARGS, "pending_frees(ordinal=-1) -> frees of device memory waiting"},
    {"flush_frees", pj_flush_frees_py, METH_VARARGS, "flush_frees(ordinal=-1): the waiting frees done now"},
    {"defer_frees", pj_defer_frees_py, METH_VARARGS, "defer_frees(on): frees wait while on (nested)"},
    {"free_policy", pj_free_policy_py, METH_VARARGS, "free_policy(count, ratio): when waiting frees are done"},
    {"profile", pj_profile_py, METH_VARARGS, "profile(start, ordinal=-1): the CUDA profiler's collection on or off"},
    {"default_stream_per_thread", pj_default_stream_per_thread_py, METH_O,
     "default_stream_per_thread(on): work given no stream goes to the per-thread default stream (GPU)"},
    {"register", pj_register, METH_VARARGS,
     "register(numpy.ndarray, numpy.generic, TypingError, CudaError, {numpy scalar type: dtype code})"},
    {"compile", pj_compile, METH_VARARGS,
     "compile(units, argtypes, target, emit=0, arch=None, noalias=False, narrow=False) -> Kernel"},
    {"kernel_from_ptx", pj_kernel_from_ptx_py, METH_VARARGS,
     "kernel_from_ptx(name, entry, ptx, argtypes, debug, static_shared, file=None) -> Kernel"},
    {"kernel_from_object", pj_kernel_from_object_py, METH_VARARGS,
     "kernel_from_object(meta, object, argtypes, file=None, warnings=None) -> Kernel (CPU)"},
    {"cache_get", pj_cache_get_py, METH_VARARGS, "cache_get(kind, key: bytes) -> bytes or None"},
    {"cache_put", pj_cache_put_py, METH_VARARGS, "cache_put(kind, key: bytes, data: bytes)"},
    {"copy", pj_copy, METH_VARARGS, "copy(direction, dst, src, nbytes, stream=None, device=-1)"},
    {"copy_peer", pj_copy_peer_py, METH_VARARGS, "copy_peer(dst_device, dst, src_device, src, nbytes, stream=None)"},
    {"memset", pj_memset, METH_VARARGS, "memset(dst, value, nbytes, stream=None)"},
    {"dtype_codes", pj_dtype_codes, METH_NOARGS, "{dtype name: code}"},
    {"libdevice_functions", pj_libdevice_functions_py, METH_NOARGS,
     "libdevice_functions() -> [(name, result, parameters)]: cuda.libdevice's functions"},
    {"libdevice", pj_libdevice_py, METH_NOARGS, "libdevice() -> (path or None, how it is found) for GPU compiles"},
    {"ipc_get_handle", pj_ipc_get_handle_py, METH_VARARGS,
     "ipc_get_handle(address) -> (64-byte CUDA IPC handle, allocation base, allocation bytes)"},
    {"ipc_open", pj_ipc_open_py, METH_VARARGS, "ipc_open(handle) -> address of the mapped allocation"},
    {"ipc_close", pj_ipc_close_py, METH_VARARGS, "ipc_close(address): unmaps an opened IPC allocation"},
    {"set_api_error_hook", pj_set_api_error_hook, METH_O,
     "set_api_error_hook(hook or None): hook(message, is_argument_error) -> the exception for a CUDA error"},
    {"cupy_direct", pj_cupy_direct_py, METH_NOARGS,
     "cupy_direct() -> 2 where CuPy arrays are read from CuPy's structs, 0 or 1 while their offsets are found and "
     "checked, -1 where they are read through their attributes (python/args.c)"},
    {"set_cai_stream_hook", pj_set_cai_stream_hook, METH_O,
     "set_cai_stream_hook(callable(handle) or None): called for kernel arguments whose __cuda_array_interface__ "
     "names a stream"},
    {"version", pj_version, METH_NOARGS, "the library's version string"},
    {"host_target", pj_host_target_py, METH_NOARGS, "\"triple cpu features\": what the CPU executor's code is made for"},
    {"build_id", pj_build_id_py, METH_NOARGS, "the library's ELF build id (40 hex digits), or ''"},
    {"set_arg_hook", pj_set_arg_hook, METH_O,
     "set_arg_hook(hook or None): hook(object) -> the int to pass for an argument of no other kind, or None"},
    {"set_raise_hook", pj_set_raise_hook, METH_O,
     "set_raise_hook(hook or None): hook(message) -> the exception to raise for a kernel's raise (debug=True)"},
    {"set_host_array_hook", pj_set_host_array_hook, METH_O,
     "set_host_array_hook(hook or None): hook(kernel name, args, indices of host array arguments) before a launch"},
    {"remember_compiled", (PyCFunction)(void (*)(void))pj_remember_compiled, METH_FASTCALL,
     "remember_compiled(event, args): the audit hook that keeps texts compiled from strings"},
    {"exec_sources", pj_exec_sources, METH_NOARGS, "[(filename, source)]: texts compiled from strings, newest last"},
    {NULL},
};

static int pj_add_type(PyObject *m, PyType_Spec *spec, PyTypeObject **out) {
  PyObject *t = PyType_FromSpec(spec);
  if (!t) return -1;
  if (out) *out = (PyTypeObject *)t;
  const char *dot = strrchr(spec->name, '.');
  return PyModule_AddObjectRef(m, dot ? dot + 1 : spec->name, t);
}

static struct PyModuleDef pj_module = {PyModuleDef_HEAD_INIT, "pyjitc._core", "pyjitc's C half", -1, pj_methods};

PyMODINIT_FUNC PyInit__core(void) {
  PyObject *m = PyModule_Create(&pj_module);
  if (!m) return NULL;
  g_typing_error = PyErr_NewException("pyjitc._core.TypingError", NULL, NULL);
  g_cuda_error = PyErr_NewException("pyjitc._core.CudaError", NULL, NULL);
  pthread_atfork(NULL, NULL, pj_after_fork_child);
  PyTypeObject *launcher = NULL;
  if (pj_add_type(m, &pj_alloc_spec, &g_alloc_type) < 0 || pj_add_type(m, &pj_array_spec, &g_array_type) < 0 ||
      pj_add_type(m, &pj_host_spec, NULL) < 0 ||
      pj_add_type(m, &pj_stream_spec, &g_stream_type) < 0 || pj_add_type(m, &pj_event_spec, &g_event_type) < 0 ||
      pj_add_type(m, &pj_kernel_spec, &g_kernel_type) < 0 || pj_add_type(m, &pj_launcher_spec, &launcher) < 0) {
    Py_DECREF(m);
    return NULL;
  }
  g_launcher_type = launcher;
  return m;
}
