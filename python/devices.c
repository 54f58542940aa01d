/* pyjitc._core's devices (core.h): the table of the devices this process opened (by ordinal, each
 * opened on first use, the first fixing the target of all), the calling thread's device (the GPU
 * whose context is current there, else GPU 0, else the CPU executor), the warm-up that starts a
 * GPU's driver and context ahead of the first launch (and the target and arch it reads before
 * the context is made), the rule that a process forked after its parent used a device has none,
 * and the module's functions that open, select and ask about devices (open, current, select,
 * gpu_count, device_attribute, synchronize, memory_info, ...). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core.h"

/* ---- the devices opened ------------------------------------------------------------------- */

PjTarget g_target = PJ_TARGET_AUTO;   /* fixed when the first device opens, or before where a warm-up tells it (pj_probe) */
int g_devices_open;
PjDevice *g_devices[PJ_PY_MAX_DEVICES];            /* by ordinal, opened on first use */
static PyObject *g_device_info[PJ_PY_MAX_DEVICES]; /* (target, name, arch or None, ordinal) */
char g_arch_slot[PJ_PY_MAX_DEVICES];               /* the first ordinal of the same arch: a launch key byte */

static PjTarget pj_target_named(const char *target) {
  return strcmp(target, "cpu") == 0 ? PJ_TARGET_CPU : strcmp(target, "cuda") == 0 ? PJ_TARGET_CUDA : PJ_TARGET_AUTO;
}

/* A process forked after a device was opened has none: the GPU's context (and the CPU executor's
 * worker threads) stayed with the parent. Nor has one forked after the parent's warm-up started
 * the CUDA driver (the driver's rule), which its first device call asks the runtime about
 * (pj_device_warm_wait answers at once in a child). Its device calls raise numba's CudaDriverError. */
static volatile int g_forked;     /* 1: forked after a device was opened; 2: after the warm-up started the driver */
static volatile int g_fork_child; /* a forked child whose parent's warm-up is yet to be asked about */
void pj_after_fork_child(void) {
  if (g_devices_open) g_forked = 1;
  else g_fork_child = 1;
}

static void pj_fork_check(void) {
  if (!g_fork_child || g_forked) return;
  g_fork_child = 0;
  if (pj_device_warm_wait(0)) g_forked = 2; /* at once in a child: its warm-up is whole or marked */
}

bool pj_forked_child(void) {
  pj_fork_check();
  return g_forked != 0;
}

static bool pj_forked(void) {
  if (!pj_forked_child()) return false;
  PyErr_SetString(g_cuda_error, g_forked == 2
                  ? "CUDA initialized before forking (the parent process started the GPU's driver ahead of its first "
                    "launch, pyjitc's warm-up, so that the launch would not wait, and a process forked after that "
                    "cannot use CUDA: set PYJITC_WARMUP=0 to start the driver at the first device use instead, or "
                    "start this process with multiprocessing's 'spawn' method)"
                  : "CUDA initialized before forking (a process forked after its parent used the "
                    "device has none: start it with multiprocessing's 'spawn' method)");
  return true;
}

/* The target and arch of device `ordinal` before it is opened, where a warm-up has read the GPU
 * (pj_device_probe; it waits for cuInit and the GPU's attributes, not for the context): 1, the
 * process's target fixed to it (the open then opens that target); 0 when not known so (a device
 * is open: it answers; no warm-up; an error, which the open reports). arch: NULL for the CPU. */
static int g_probed_ordinal = -1;
static char g_probed_arch[24];
int pj_probe(int ordinal, PjTarget *target, const char **arch) {
  if (g_devices_open || g_forked) return 0;
  if (g_probed_ordinal != ordinal) {
    PjTarget t = PJ_TARGET_AUTO;
    char a[sizeof g_probed_arch];
    if (!pj_device_probe(g_target, ordinal, &t, a, sizeof a)) return 0;
    g_target = t;
    g_probed_ordinal = ordinal;
    snprintf(g_probed_arch, sizeof g_probed_arch, "%s", a);
  }
  *target = g_target;
  *arch = g_target == PJ_TARGET_CUDA ? g_probed_arch : NULL;
  return 1;
}

static void pj_warm_at_exit(void) { pj_device_warm_wait(10); }

/* warm(ordinal=0) -> whether a warm-up began: starts opening GPU `ordinal` on a thread of the
 * runtime's (pj_device_warm; plain C, it never takes the GIL), so that the first launch finds its
 * context made or being made. Nothing once a device is open, in a forked child, or where the
 * target is the CPU; an error (a bad PYJITC_TARGET) is left to the open to report. */
PyObject *pj_warm_py(PyObject *self, PyObject *args) {
  int ordinal = 0;
  if (!PyArg_ParseTuple(args, "|i", &ordinal)) return NULL;
  pj_fork_check();
  if (g_devices_open || g_forked || g_target == PJ_TARGET_CPU) Py_RETURN_FALSE;
  static bool hooked;
  if (!hooked) /* at exit, after the interpreter's end and before C's exit handlers: the driver stays */
    hooked = Py_AtExit(pj_warm_at_exit) == 0;
  char err[512];
  return PyBool_FromLong(pj_device_warm(g_target, ordinal, err, sizeof err) == PJ_OK);
}

/* start_times() -> [(name, seconds of time.monotonic()), ...]: the start's milestones reached so
 * far (pj_start_time: libcuda loaded, cuInit, the context, first module, launch, result, ...) */
PyObject *pj_start_times_py(PyObject *self, PyObject *noargs) {
  PyObject *out = PyList_New(0);
  const char *name;
  for (int i = 0; out; i++) {
    double t = pj_start_time(i, &name);
    if (!name) break;
    if (t <= 0) continue;
    PyObject *item = Py_BuildValue("(sd)", name, t);
    if (!item || PyList_Append(out, item) < 0) Py_CLEAR(out);
    Py_XDECREF(item);
  }
  return out;
}

/* Opens device `ordinal` of `target` (of g_target once one is open). */
static PjDevice *pj_device_open_as(PjTarget target, int ordinal) {
  if (pj_forked()) return NULL;
  if (ordinal < 0 || ordinal >= PJ_PY_MAX_DEVICES) {
    PyErr_Format(g_cuda_error, "there is no device %d", ordinal);
    return NULL;
  }
  if (g_devices[ordinal]) return g_devices[ordinal];
  char err[512] = "";
  PjDevice *d = NULL;
  PjStatus st = pj_device_open(g_target != PJ_TARGET_AUTO ? g_target : target, ordinal, &d, err, sizeof err);
  if (st != PJ_OK && strstr(err, "the CPU executor is")) { /* PYJITC_TARGET=cpu, or no GPU */
    PyErr_Format(g_cuda_error, "there is no GPU %d: kernels run on the CPU executor, which is %s", ordinal,
                 strstr(err, "the CPU executor is") + strlen("the CPU executor is "));
    return NULL;
  }
  if (st != PJ_OK) {
    pj_py_error(st == PJ_ERROR_NO_DEVICE || st == PJ_ERROR_ARGUMENT ? PJ_ERROR_DEVICE : st, err);
    return NULL;
  }
  const char *arch = pj_device_arch(d);
  PyObject *info = Py_BuildValue("(sszi)", pj_device_target(d) == PJ_TARGET_CUDA ? "cuda" : "cpu", pj_device_name(d),
                                 arch, ordinal);
  if (!info) {
    pj_device_close(d);
    return NULL;
  }
  g_target = pj_device_target(d);
  g_device_info[ordinal] = info;
  g_arch_slot[ordinal] = (char)ordinal;
  for (int i = 0; i < PJ_PY_MAX_DEVICES; i++)
    if (g_devices[i] && strcmp(pj_device_arch(g_devices[i]) ? pj_device_arch(g_devices[i]) : "", arch ? arch : "") == 0) {
      g_arch_slot[ordinal] = (char)i; /* a kernel compiled for GPU i serves this one */
      break;
    }
  g_devices[ordinal] = d;
  g_devices_open++;
  return d;
}

PjDevice *pj_device_at(int ordinal) { return pj_device_open_as(PJ_TARGET_AUTO, ordinal); }

/* The ordinal of the device the calling thread chose, -1 for none: the GPU whose context is
 * current there (numba's and CuPy's rule: cuda.select_device, `with cuda.gpus[i]`,
 * cupy.cuda.Device(i).use() all make one current; before any device is open, as the first open
 * would choose), or the CPU executor's device it selected. One cuCtxGetCurrent a call while the
 * thread stays on one GPU. */
static int pj_chosen_ordinal(void) {
  int ordinal = -1;
  char err[256];
  if (pj_device_current(g_target, &ordinal, err, sizeof err) != PJ_OK || ordinal >= PJ_PY_MAX_DEVICES) return -1;
  return ordinal;
}

/* The ordinal of the calling thread's device (a thread that chose none runs on device 0), or -1
 * (an exception set) in a forked child, which has none. */
int pj_thread_ordinal(void) {
  if (pj_forked()) return -1;
  int ordinal = pj_chosen_ordinal();
  return ordinal < 0 ? 0 : ordinal;
}

PjDevice *pj_need_device(void) {
  int ordinal = pj_thread_ordinal();
  if (ordinal < 0) return NULL;
  return g_devices[ordinal] ? g_devices[ordinal] : pj_device_at(ordinal);
}

PjDevice *pj_device_arg(int ordinal) { return ordinal < 0 ? pj_need_device() : pj_device_at(ordinal); }

/* open(target: "auto" | "cuda" | "cpu", ordinal) -> (target, name, arch or None, ordinal) of
 * that device, opened on first use; the first device opened fixes the target of all */
PyObject *pj_open(PyObject *self, PyObject *args) {
  const char *target = "auto";
  int ordinal = 0;
  if (!PyArg_ParseTuple(args, "|si", &target, &ordinal)) return NULL;
  if (!pj_device_open_as(pj_target_named(target), ordinal)) return NULL;
  return Py_NewRef(g_device_info[ordinal]);
}

/* current() -> (target, name, arch or None, ordinal) of the calling thread's device */
PyObject *pj_current_py(PyObject *self, PyObject *noargs) {
  PjDevice *d = pj_need_device();
  return d ? Py_NewRef(g_device_info[pj_device_ordinal(d)]) : NULL;
}

/* target_arch() -> (target, arch or None) of the calling thread's device: what compiling for it
 * needs, without waiting for a GPU's context where a warm-up has read the GPU (pj_probe); else
 * from the device, opened on first use */
PyObject *pj_target_arch_py(PyObject *self, PyObject *noargs) {
  int ordinal = pj_thread_ordinal();
  if (ordinal < 0) return NULL;
  PjTarget target;
  const char *arch;
  if (!g_devices[ordinal] && pj_probe(ordinal, &target, &arch))
    return Py_BuildValue("(sz)", target == PJ_TARGET_CUDA ? "cuda" : "cpu", arch);
  PjDevice *d = pj_need_device();
  if (!d) return NULL;
  PyObject *info = g_device_info[pj_device_ordinal(d)];
  return PyTuple_Pack(2, PyTuple_GetItem(info, 0), PyTuple_GetItem(info, 2));
}

/* select(ordinal) -> the ordinal of the GPU current before (-1: none): makes GPU `ordinal` the
 * calling thread's device (its primary context current there, as numba's select_device); -1
 * leaves the thread with none (GPU 0 then serves it) */
PyObject *pj_select_py(PyObject *self, PyObject *args) {
  int ordinal;
  if (!PyArg_ParseTuple(args, "i", &ordinal)) return NULL;
  int previous = pj_chosen_ordinal();
  PjDevice *d = NULL;
  if (ordinal >= 0 && !(d = pj_device_at(ordinal))) return NULL;
  char err[512] = "";
  PjStatus st;
  if (g_target != PJ_TARGET_AUTO && (st = pj_device_make_current(g_target, d, err, sizeof err)) != PJ_OK)
    return pj_py_error(st, err);
  return PyLong_FromLong(previous);
}

/* is_open(ordinal) -> whether this process uses device `ordinal` (opened it) */
PyObject *pj_is_open_py(PyObject *self, PyObject *args) {
  int ordinal;
  if (!PyArg_ParseTuple(args, "i", &ordinal)) return NULL;
  return PyBool_FromLong(ordinal >= 0 && ordinal < PJ_PY_MAX_DEVICES && g_devices[ordinal]);
}

/* can_access_peer(ordinal, peer) -> whether GPU ordinal reaches GPU peer's memory directly */
PyObject *pj_can_access_peer_py(PyObject *self, PyObject *args) {
  int a, b;
  if (!PyArg_ParseTuple(args, "ii", &a, &b)) return NULL;
  PjDevice *da = pj_device_at(a), *db = da ? pj_device_at(b) : NULL;
  if (!db) return NULL;
  char err[512] = "";
  int can = 0;
  PjStatus st = pj_device_can_access_peer(da, db, &can, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  return PyBool_FromLong(can);
}

/* cpu_device_count() -> the devices the CPU executor offers (PYJITC_CPU_DEVICES, 1 unless set) */
PyObject *pj_cpu_device_count_py(PyObject *self, PyObject *noargs) {
  char err[512] = "";
  int count = 0;
  PjStatus st = pj_device_count(PJ_TARGET_CPU, &count, err, sizeof err);
  return st == PJ_OK ? PyLong_FromLong(count) : pj_py_error(st, err);
}

/* device_attribute(ordinal, name) -> int: numba's Device.<NAME> (pj_device_attribute); an
 * unknown name, or one the CPU executor cannot answer, is an AttributeError */
PyObject *pj_device_attribute_py(PyObject *self, PyObject *args) {
  int ordinal;
  const char *name;
  if (!PyArg_ParseTuple(args, "is", &ordinal, &name)) return NULL;
  PjDevice *d = pj_device_arg(ordinal);
  if (!d) return NULL;
  char err[512] = "";
  int64_t value = 0;
  PjStatus st = pj_device_attribute(d, name, &value, err, sizeof err);
  if (st == PJ_ERROR_ARGUMENT) {
    PyErr_SetString(PyExc_AttributeError, err);
    return NULL;
  }
  return st == PJ_OK ? PyLong_FromLongLong((long long)value) : pj_py_error(st, err);
}

/* gpu_count() -> the GPUs the CUDA driver finds (0 without a driver) */
PyObject *pj_gpu_count(PyObject *self, PyObject *noargs) {
  char err[512] = "";
  int count = 0;
  PjStatus st = pj_device_count(PJ_TARGET_CUDA, &count, err, sizeof err);
  if (st != PJ_OK && st != PJ_ERROR_NO_DEVICE) return pj_py_error(st, err);
  return PyLong_FromLong(st == PJ_OK ? count : 0);
}

/* synchronize(ordinal=-1): waits for everything queued on the device (-1: the current one) */
PyObject *pj_synchronize(PyObject *self, PyObject *args) {
  int ordinal = -1;
  if (!PyArg_ParseTuple(args, "|i", &ordinal)) return NULL;
  PjDevice *d = pj_device_arg(ordinal);
  if (!d) return NULL;
  char err[512] = "";
  PjStatus st;
  Py_BEGIN_ALLOW_THREADS st = pj_device_synchronize(d, err, sizeof err);
  Py_END_ALLOW_THREADS if (st != PJ_OK) return pj_py_error(st, err);
  Py_RETURN_NONE;
}

/* profile(start, ordinal=-1): the CUDA profiler's collection on or off (nothing on the CPU) */
PyObject *pj_profile_py(PyObject *self, PyObject *args) {
  int start, ordinal = -1;
  if (!PyArg_ParseTuple(args, "p|i", &start, &ordinal)) return NULL;
  PjDevice *d = pj_device_arg(ordinal);
  if (!d) return NULL;
  char err[512] = "";
  PjStatus st = pj_device_profile(d, start, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  Py_RETURN_NONE;
}

/* default_stream_per_thread(on): work given no stream goes to the per-thread default stream */
PyObject *pj_default_stream_per_thread_py(PyObject *self, PyObject *arg) {
  int on = PyObject_IsTrue(arg);
  if (on < 0) return NULL;
  pj_default_stream_per_thread(on);
  Py_RETURN_NONE;
}

/* memory_info(ordinal=-1) -> (free, total) bytes of the device's memory */
PyObject *pj_memory_info_py(PyObject *self, PyObject *args) {
  int ordinal = -1;
  if (!PyArg_ParseTuple(args, "|i", &ordinal)) return NULL;
  PjDevice *d = pj_device_arg(ordinal);
  if (!d) return NULL;
  char err[512] = "";
  size_t free_bytes = 0, total = 0;
  PjStatus st = pj_device_memory_info(d, &free_bytes, &total, err, sizeof err);
  if (st != PJ_OK) return pj_py_error(st, err);
  return Py_BuildValue("(nn)", (Py_ssize_t)free_bytes, (Py_ssize_t)total);
}
