/* pyjitc._core's Launcher (core.h): kernel[grid, block, stream, shared] is a Launcher, and calling
 * it launches. A call types the arguments (args.c) into a short key, finds the specialisation
 * compiled for that key in the launcher's cache (or asks Python to compile one), marshals the
 * arguments straight into pj_launch_async's values and launches, without creating Python objects
 * on the way; host arrays are staged through device memory, read-only ones compared after the
 * launch. A launcher keeps a memo of its last GPU launch (PjLaunchMemo), which the next call with
 * the same arguments repeats at little more than the driver's cost (pj_launcher_replay). Also
 * here: the Dispatcher's __getitem__ in C (pj_dispatch_subscript), which finds the launcher of a
 * configuration, and the SIGINT handler that lets Ctrl-C stop a kernel on the CPU executor. */
#include <pthread.h>
#include <signal.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* ---- Ctrl-C during a launch on the CPU executor ----------------------------------------------
 * The kernel runs on the calling thread with the GIL released, so Python's own SIGINT handler
 * (which only notes the signal for the main thread's next bytecode) cannot stop it. While CPU
 * launches are in progress a handler of ours is installed in front of Python's: it calls
 * pj_cpu_interrupt() (the kernels stop at their next loop back edge) and then Python's handler,
 * so the launch returns "interrupted" and PyErr_CheckSignals() raises KeyboardInterrupt (or runs
 * whatever handler the program set). Installed only over a handler that is a function: under
 * SIG_DFL the signal ends the process anyway, under SIG_IGN nothing happens. */
static pthread_mutex_t g_sigint_lock = PTHREAD_MUTEX_INITIALIZER;
static int g_sigint_users;             /* launches in progress under our handler */
static bool g_sigint_ours;             /* whether our handler is installed */
static struct sigaction g_sigint_prev; /* the handler ours forwards to */

static void pj_sigint_handler(int sig, siginfo_t *info, void *ctx) {
  pj_cpu_interrupt();
  if (g_sigint_prev.sa_flags & SA_SIGINFO) g_sigint_prev.sa_sigaction(sig, info, ctx);
  else g_sigint_prev.sa_handler(sig);
}

static void pj_sigint_enter(void) {
  pj_cpu_interruptible_begin(); /* a Ctrl-C from here on stops the launch, even one before it starts */
  pthread_mutex_lock(&g_sigint_lock);
  if (g_sigint_users++ == 0) {
    struct sigaction prev, ours;
    memset(&ours, 0, sizeof ours);
    ours.sa_sigaction = pj_sigint_handler;
    ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&ours.sa_mask);
    g_sigint_ours = false;
    if (sigaction(SIGINT, NULL, &prev) == 0 && !(prev.sa_flags & SA_SIGINFO ? prev.sa_sigaction == NULL
                                                     : prev.sa_handler == SIG_DFL || prev.sa_handler == SIG_IGN)) {
      g_sigint_prev = prev;
      g_sigint_ours = sigaction(SIGINT, &ours, NULL) == 0;
    }
  }
  pthread_mutex_unlock(&g_sigint_lock);
}

static void pj_sigint_leave(void) {
  pthread_mutex_lock(&g_sigint_lock);
  if (--g_sigint_users == 0 && g_sigint_ours) {
    sigaction(SIGINT, &g_sigint_prev, NULL);
    g_sigint_ours = false;
  }
  pthread_mutex_unlock(&g_sigint_lock);
  pj_cpu_interruptible_end();
}

/* ---- launching ---------------------------------------------------------------------------- */

/* What a launcher keeps of its last launch on a GPU, so that the next one with the same arguments
 * (a loop of launches) repeats it at little more than the driver's cost: each device array is
 * known again by its object and serial (an array's fields never change after its __init__), each
 * scalar and each CuPy array by its value as read (a CuPy array's shape can be set in place, and
 * reading its struct is cheap); the launch itself is a plan with its parameters packed. */
typedef struct {
  PyObject *array;     /* the array, borrowed: compared only, never read (NULL: a scalar) */
  PyTypeObject *type;  /* its type, owned: an object of this exact type at this address is read */
  uint64_t serial;     /* PjArrayObject.serial */
  PyObject *scalar;    /* a scalar of an immutable type (int, float, bool, complex, NumPy's), owned: the
                        * same object again has the same value (NULL: compared by its value) */
  PjDtype dtype;       /* a scalar as read, before its conversion to the parameter's type */
  uint64_t bits, imag; /* its value's bits, real and imaginary parts */
  bool fits;           /* a scalar in the int32 range, as read and as converted (the narrow promise) */
  bool cupy;           /* a CuPy array, compared by what a launch reads of it: */
  int ndim;
  char layout;
  void *data;
  int64_t shape[PJ_MAX_DIMS], strides[PJ_MAX_DIMS];
} PjMemoArg;

typedef struct {
  PyObject *kernel;    /* owned: it owns the loaded module the plan launches (set when it launched) */
  PjLaunchPlan *plan;
  bool narrow;         /* the kernel is the variant of the int32 promise */
  bool others_fit;     /* the promise's part that is not the scalars': the grid's and the arrays' */
  Py_ssize_t n;
  PjMemoArg args[];
} PjLaunchMemo;

static void pj_memo_delete(PjLaunchMemo *m) {
  if (!m) return;
  for (Py_ssize_t i = 0; i < m->n; i++) {
    Py_XDECREF((PyObject *)m->args[i].type);
    Py_XDECREF(m->args[i].scalar);
  }
  Py_XDECREF(m->kernel);
  pj_launch_plan_delete(m->plan);
  free(m);
}

typedef struct {
  PyObject_HEAD
  PyObject *cache;      /* dict: key bytes -> Kernel */
  PyObject *compile;    /* callable(argtypes tuple) -> Kernel */
  PjLaunchConfig config;
  PyObject *stream;     /* Stream or None */
  PyObject *tuples;     /* callable(*args) launching arguments that hold tuples (flattened), or NULL */
  PyObject *callbacks;  /* list: numba's pre_launch_callbacks, each called (kernel, launcher) before a launch */
  PyObject *last;       /* the kernel of the previous call, whose key is last_key */
  char last_key[256 * 3 + 2];
  Py_ssize_t last_len;
  PyObject *host_reported; /* the kernel whose host-array arguments the hook was told of (once), or NULL */
  bool grid_fits;       /* fewer than 2**31 threads along each axis (pj_grid_fits_int32): part of the narrow promise */
  PjLaunchMemo *memo;   /* the last GPU launch, repeatable (NULL: none) */
  PyObject *given;      /* the launch configuration as the program gave it (dispatch_subscript), or NULL */
} PjLauncherObject;

PyTypeObject *g_launcher_type;

static void pj_launcher_forget_memo(PjLauncherObject *l) {
  PjLaunchMemo *m = l->memo;
  l->memo = NULL;
  pj_memo_delete(m);
}

static int pj_launcher_clear(PyObject *self) {
  PjLauncherObject *l = (PjLauncherObject *)self;
  Py_CLEAR(l->cache);
  Py_CLEAR(l->compile);
  Py_CLEAR(l->stream);
  Py_CLEAR(l->tuples);
  Py_CLEAR(l->callbacks);
  Py_CLEAR(l->last);
  Py_CLEAR(l->given);
  pj_launcher_forget_memo(l);
  return 0;
}

static void pj_launcher_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  PyObject_GC_UnTrack(self);
  pj_launcher_clear(self);
  freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  f(self);
  Py_DECREF(tp);
}

static int pj_launcher_traverse(PyObject *self, visitproc visit, void *arg) {
  PjLauncherObject *l = (PjLauncherObject *)self;
  Py_VISIT(l->cache);
  Py_VISIT(l->compile);
  Py_VISIT(l->stream);
  Py_VISIT(l->tuples);
  Py_VISIT(l->callbacks);
  Py_VISIT(l->last);
  Py_VISIT(l->given);
  if (l->memo) {
    Py_VISIT(l->memo->kernel);
    for (Py_ssize_t i = 0; i < l->memo->n; i++) {
      Py_VISIT(l->memo->args[i].scalar);
      Py_VISIT((PyObject *)l->memo->args[i].type);
    }
  }
  Py_VISIT(Py_TYPE(self));
  return 0;
}

int pj_dims(PyObject *o, uint32_t out[3], const char *what) {
  out[0] = out[1] = out[2] = 1;
  if (PyLong_Check(o)) {
    long long v = PyLong_AsLongLong(o);
    if (v < 1 || v > UINT32_MAX) goto bad;
    out[0] = (uint32_t)v;
    return 0;
  }
  if (PyTuple_Check(o) || PyList_Check(o)) {
    Py_ssize_t n = PySequence_Size(o);
    if (n < 1 || n > 3) goto bad;
    for (Py_ssize_t i = 0; i < n; i++) {
      PyObject *item = PySequence_GetItem(o, i);
      long long v = item ? PyLong_AsLongLong(item) : -1;
      Py_XDECREF(item);
      if (v < 1 || v > UINT32_MAX) goto bad;
      out[i] = (uint32_t)v;
    }
    return 0;
  }
bad:
  if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_TypeError) || PyErr_ExceptionMatches(PyExc_OverflowError)) {
    PyErr_Clear();
    PyErr_Format(PyExc_ValueError, "the %s must be a positive integer or a tuple of 1 to 3 of them", what);
  }
  return -1;
}

/* An "O&" converter: bytes of dynamic shared memory, any integer (NumPy's too) from 0 to 2**32 - 1;
 * a ValueError beyond (not the wrap-around of "K", which took 2**64 for 0) */
int pj_shared_bytes_arg(PyObject *o, void *out) {
  PyObject *index = PyNumber_Index(o);
  if (!index) return 0;
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
  Py_DECREF(index);
  if (v == -1 && PyErr_Occurred()) return 0;
  if (overflow > 0 || (!overflow && v > UINT32_MAX)) {
    PyErr_SetString(PyExc_ValueError, "too many bytes of dynamic shared memory");
    return 0;
  }
  if (overflow < 0 || v < 0) {
    PyErr_SetString(PyExc_ValueError, "dynamic_shared_bytes must not be negative");
    return 0;
  }
  *(uint32_t *)out = (uint32_t)v;
  return 1;
}

/* Launcher(cache, compile, grid, block, stream, shared_bytes, tuples=None): tuples, a callable
 * that launches arguments of which one is a tuple (the dispatcher flattens them) */
static int pj_launcher_init(PyObject *self, PyObject *args, PyObject *kw) {
  PjLauncherObject *l = (PjLauncherObject *)self;
  PyObject *cache, *compile, *grid, *block, *stream, *tuples = Py_None;
  uint32_t shared = 0;
  if (!PyArg_ParseTuple(args, "OOOOOO&|O", &cache, &compile, &grid, &block, &stream, pj_shared_bytes_arg, &shared, &tuples))
    return -1;
  if (!PyDict_Check(cache) || !PyCallable_Check(compile)) {
    PyErr_SetString(PyExc_TypeError, "Launcher(cache: dict, compile: callable, ...)");
    return -1;
  }
  if (pj_dims(grid, l->config.grid, "grid") < 0 || pj_dims(block, l->config.block, "block") < 0) return -1;
  l->grid_fits = pj_grid_fits_int32(l->config.grid, l->config.block);
  bool ok;
  pj_stream_of(stream, &ok);
  if (!ok) return -1;
  l->config.shared_bytes = shared;
  l->config.repeat = 1;
  l->config.args_checked = 1; /* the argument key picked a kernel compiled for these types */
  PJ_SETREF(l->cache, Py_NewRef(cache));
  PJ_SETREF(l->compile, Py_NewRef(compile));
  PJ_SETREF(l->stream, Py_NewRef(stream));
  PJ_SETREF(l->tuples, tuples == Py_None ? NULL : Py_NewRef(tuples));
  PJ_SETREF(l->callbacks, PyList_New(0));
  return l->callbacks ? 0 : -1;
}

/* the callbacks a launch runs first, as numba's _LaunchConfiguration.pre_launch_callbacks */
static int pj_launcher_run_callbacks(PjLauncherObject *l, PyObject *kernel) {
  if (!l->callbacks || PyList_Size(l->callbacks) == 0) return 0;
  PyObject *todo = PyList_GetSlice(l->callbacks, 0, PyList_Size(l->callbacks)); /* a callback may edit the list */
  if (!todo) return -1;
  for (Py_ssize_t i = 0; i < PyList_Size(todo); i++) {
    PyObject *r = PyObject_CallFunctionObjArgs(PyList_GetItem(todo, i), kernel, (PyObject *)l, NULL);
    if (!r) {
      Py_DECREF(todo);
      return -1;
    }
    Py_DECREF(r);
  }
  Py_DECREF(todo);
  return 0;
}

/* Tells the host-array hook which arguments of a launch are host arrays (read through the buffer
 * protocol: copied to and from the GPU around the launch); the hook decides whether to warn.
 * Returns 0, or -1 with the hook's exception set (a warning turned into an error). */
static int pj_report_host_arrays(PjKernelObject *k, PyObject *args, const PjArg *a, Py_ssize_t n) {
  Py_ssize_t count = 0;
  for (Py_ssize_t i = 0; i < n; i++) count += a[i].have_view && !a[i].record_scalar;
  if (!count) return 0;
  PyObject *indices = PyTuple_New(count);
  if (!indices) return -1;
  for (Py_ssize_t i = 0, j = 0; i < n; i++)
    if (a[i].have_view && !a[i].record_scalar) PyTuple_SetItem(indices, j++, PyLong_FromSsize_t(i));
  PyObject *r = PyObject_CallFunction(g_host_array_hook, "sOO", pj_kernel_name(k->kernel), args, indices);
  Py_DECREF(indices);
  Py_XDECREF(r);
  return r ? 0 : -1;
}

static PyObject *pj_launcher_dims_tuple(const uint32_t d[3]) {
  return Py_BuildValue("(kkk)", (unsigned long)d[0], (unsigned long)d[1], (unsigned long)d[2]);
}

static PyObject *pj_launcher_griddim(PyObject *self, void *closure) {
  return pj_launcher_dims_tuple(((PjLauncherObject *)self)->config.grid);
}

static PyObject *pj_launcher_blockdim(PyObject *self, void *closure) {
  return pj_launcher_dims_tuple(((PjLauncherObject *)self)->config.block);
}

static PyObject *pj_launcher_sharedmem(PyObject *self, void *closure) {
  return PyLong_FromUnsignedLong(((PjLauncherObject *)self)->config.shared_bytes);
}

static PyObject *pj_launcher_stream_get(PyObject *self, void *closure) {
  PjLauncherObject *l = (PjLauncherObject *)self;
  return Py_NewRef(l->stream ? l->stream : Py_None);
}

static PyObject *pj_launcher_callbacks_get(PyObject *self, void *closure) {
  PjLauncherObject *l = (PjLauncherObject *)self;
  if (!l->callbacks && !(l->callbacks = PyList_New(0))) return NULL;
  return Py_NewRef(l->callbacks);
}

static int pj_launcher_callbacks_set(PyObject *self, PyObject *value, void *closure) {
  if (!value || !PyList_Check(value)) {
    PyErr_SetString(PyExc_TypeError, "pre_launch_callbacks is a list of callables (kernel, launch_config)");
    return -1;
  }
  PJ_SETREF(((PjLauncherObject *)self)->callbacks, Py_NewRef(value));
  return 0;
}

static PyObject *pj_launcher_given_get(PyObject *self, void *closure) {
  PyObject *g = ((PjLauncherObject *)self)->given;
  return Py_NewRef(g ? g : Py_None);
}

static int pj_launcher_given_set(PyObject *self, PyObject *value, void *closure) {
  PJ_SETREF(((PjLauncherObject *)self)->given, value ? Py_NewRef(value) : NULL);
  return 0;
}

static PyGetSetDef pj_launcher_getset[] = {
    {"given", pj_launcher_given_get, pj_launcher_given_set,
     "the launch configuration as given (kernel[given]): the dispatcher's cache compares it", NULL},
    {"griddim", pj_launcher_griddim, NULL, "the grid's dimensions (x, y, z)", NULL},
    {"blockdim", pj_launcher_blockdim, NULL, "the block's dimensions (x, y, z)", NULL},
    {"sharedmem", pj_launcher_sharedmem, NULL, "bytes of dynamic shared memory", NULL},
    {"stream", pj_launcher_stream_get, NULL, "the stream launches go to (None: the default stream)", NULL},
    {"pre_launch_callbacks", pj_launcher_callbacks_get, pj_launcher_callbacks_set,
     "callables run as callback(kernel, launch_config) before each launch", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* A NumPy array (not a scalar, not a record passed by reference) whose flags.writeable is False. */
static bool pj_arg_readonly(const PjArg *a) {
  return a->have_view && !a->writable && a->v.ndim > 0 && !a->record_scalar;
}

/* numba types a NumPy array whose flags.writeable is False as a readonly array and refuses to
 * compile a kernel that writes it. pyjitc launches it on a copy (on the CPU as on the GPU), never
 * copies that back, and compares it after the launch: a kernel that changed it fails the launch
 * (PJ_ERROR_USER: numba's TypingError), the host's array unchanged. */
static PjStatus pj_readonly_unchanged(PjDevice *device, const PjArg *a, int index, const char *kernel, char *err,
                                      size_t errlen) {
  char *copy = malloc(a->span ? a->span : 1);
  if (!copy) {
    snprintf(err, errlen, "out of memory: %zu bytes", a->span);
    return PJ_ERROR_ARGUMENT;
  }
  PjStatus st = pj_mem_copy(device, PJ_COPY_DEVICE_TO_HOST, (uint64_t)(uintptr_t)copy, a->staged, a->span, NULL,
                            err, errlen);
  if (st == PJ_OK && memcmp(copy, a->span_lo, a->span) != 0) {
    snprintf(err, errlen,
             "Cannot modify readonly array: kernel '%s' wrote to argument %d, a NumPy array whose flags.writeable "
             "is False (the array is left unchanged; pass a writable copy)", kernel, index + 1);
    st = PJ_ERROR_USER;
  }
  free(copy);
  return st;
}

/* Every device array of a launch must be on the launch's GPU (numba's device arrays belong to
 * their context): one of another GPU is a TypeError naming it and the ways out, before anything
 * runs. A device array of pyjitc knows its GPU; memory of another library (CuPy, PyTorch) is
 * asked of the driver, only where this process uses more than one GPU. (The CPU executor's
 * devices, PYJITC_CPU_DEVICES, keep the same rule for pyjitc's arrays.) */
static int pj_args_on_device(const PjArg *a, Py_ssize_t n, int ordinal) {
  if (g_devices_open < 2) return 0; /* one device: every array is its */
  for (Py_ssize_t i = 0; i < n; i++) {
    if (!a[i].v.ndim || a[i].have_view || a[i].record_scalar) continue;
    int dev = a[i].device;
    if (dev == PJ_ARG_ANY_DEVICE) dev = pj_mem_device(g_target, (uint64_t)(uintptr_t)a[i].v.data);
    if (dev >= 0 && dev != ordinal) {
      const char *kind = g_target == PJ_TARGET_CUDA ? "GPU" : "CPU device";
      PyErr_Format(PyExc_TypeError,
                   "argument %d is an array on %s %d, and this launch is on %s %d (this thread's current device): "
                   "launch under `with cuda.gpus[%d]:`, or copy the array to %s %d first (a device array of %s %d, "
                   "then its copy_to_device)", (int)i + 1, kind, dev, kind, ordinal, dev, kind, ordinal, kind, ordinal);
      return -1;
    }
  }
  return 0;
}

/* The end of a launch: the kernel launched last (named in later errors, launches being
 * asynchronous), or the launch's error raised. Returns 0 or -1. */
static int pj_launch_finish(PjKernelObject *k, PjStatus st, const char *err) {
  if (st == PJ_OK && strncmp(g_last_launch, pj_kernel_name(k->kernel), sizeof g_last_launch - 1) != 0)
    snprintf(g_last_launch, sizeof g_last_launch, "%s", pj_kernel_name(k->kernel)); /* when it changes */
  if (st == PJ_OK) return 0;
  pj_py_error(st == PJ_ERROR_ARGUMENT && strstr(err, "out of bounds") ? PJ_ERROR_DEVICE : st, err);
  return -1;
}

static uint64_t pj_double_bits(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

/* An object whose value cannot change: Python's numbers and NumPy's scalars. */
static bool pj_immutable_scalar(PyObject *o) {
  PyTypeObject *t = Py_TYPE(o);
  if (t == &PyLong_Type || t == &PyFloat_Type || t == &PyBool_Type || t == &PyComplex_Type) return true;
  for (int s = 0; s < g_nscalar_types; s++)
    if (t == g_scalar_types[s].type) return true;
  return false;
}

/* Whether these arguments are the memo's: the same device arrays, scalars of the same values (bit
 * for bit: -0.0 is not 0.0), CuPy arrays of the same pointer, dtype, shape and strides. */
static bool pj_memo_matches(PjLaunchMemo *m, PyObject *args) {
  enum { MAX_CHANGED = 16 };
  struct { int arg; PjValue v; } changed[MAX_CHANGED]; /* scalars of new values, as read */
  int nchanged = 0;
  for (Py_ssize_t i = 0; i < m->n; i++) {
    PyObject *o = PyTuple_GetItem(args, i);
    const PjMemoArg *e = &m->args[i];
    if (e->array) {
      if (o != e->array || Py_TYPE(o) != e->type || ((PjArrayObject *)o)->serial != e->serial) return false;
      continue;
    }
    if (o == e->scalar) continue;
    if (e->cupy && Py_TYPE(o) != g_cupy_type) return false;
    PjArg s;
    int r = pj_arg_read(o, &s, (int)i);
    bool same = r == 0 && !s.have_view && !s.zero_dim && !s.record && s.v.dtype == e->dtype;
    if (same && e->cupy)
      same = s.v.ndim == e->ndim && s.v.data == e->data && s.layout == e->layout &&
             memcmp(s.v.shape, e->shape, sizeof(int64_t) * (size_t)e->ndim) == 0 &&
             memcmp(s.v.strides, e->strides, sizeof(int64_t) * (size_t)e->ndim) == 0;
    else if (same && !s.v.ndim && (s.v.scalar.u != e->bits || pj_double_bits(s.v.imag) != e->imag)) {
      same = nchanged < MAX_CHANGED; /* the same kind of scalar with another value: the plan takes it */
      if (same) changed[nchanged].arg = (int)i, changed[nchanged++].v = s.v;
    } else if (same)
      same = !s.v.ndim;
    if (s.have_view) PyBuffer_Release(&s.view); /* (set by every read, a failed one too) */
    if (r < 0) PyErr_Clear(); /* the ordinary path reads it again and says what is wrong */
    if (!same) return false;
  }
  if (!nchanged) return true;
  /* new values: the variant the ordinary path would pick must be the plan's (the int32 promise
   * holds for every scalar as read and as converted, and for the grid and arrays) */
  const PjKernelObject *k = (const PjKernelObject *)m->kernel;
  bool fits[MAX_CHANGED], all = m->others_fit;
  for (Py_ssize_t i = 0, c = 0; i < m->n; i++) {
    if (c < nchanged && changed[c].arg == i) {
      PjValue *v = &changed[c].v;
      PjValue converted = *v;
      pj_scalar_convert(&converted, k->args[i].layout == 'P' ? PJ_UINT64 : k->args[i].dtype);
      fits[c] = pj_values_fit_int32(v, 1) && pj_values_fit_int32(&converted, 1);
      all = all && fits[c++];
    } else if (!m->args[i].array && !m->args[i].cupy) {
      all = all && m->args[i].fits;
    }
  }
  if (all != m->narrow) return false;
  for (int c = 0; c < nchanged; c++) {
    int i = changed[c].arg;
    PjMemoArg *e = &m->args[i];
    PjValue converted = changed[c].v;
    pj_scalar_convert(&converted, k->args[i].layout == 'P' ? PJ_UINT64 : k->args[i].dtype);
    pj_launch_plan_set_scalar(m->plan, i, &converted);
    PyObject *o = PyTuple_GetItem(args, i);
    PJ_SETREF(e->scalar, pj_immutable_scalar(o) ? Py_NewRef(o) : NULL);
    e->bits = changed[c].v.scalar.u;
    e->imag = pj_double_bits(changed[c].v.imag);
    e->fits = fits[c];
  }
  return true;
}

/* The launcher's last GPU launch again when these arguments are its arguments (the same arrays,
 * scalars of the same values) and nothing else a launch depends on has changed (pre-launch
 * callbacks, the thread's context: the plan checks that it is its device's). Returns 1 when it
 * launched, -1 when that launch failed (the exception set), 0 when the ordinary path must serve. */
static int pj_launcher_replay(PjLauncherObject *l, PyObject *args) {
  PjLaunchMemo *m = l->memo;
  if (m->n != PyTuple_Size(args) || PyList_Size(l->callbacks) > 0 || pj_forked_child()) return 0;
  /* taken off the launcher while it is compared: reading a scalar may run Python code (an enum's
   * hook, a property), during which another thread may launch with this launcher and replace it */
  l->memo = NULL;
  int r = 0;
  if (pj_memo_matches(m, args)) {
    char err[1024];
    err[0] = 0;
    PjStatus st;
    if (pj_launch_plan_run(m->plan, &st, err, sizeof err))
      r = pj_launch_finish((PjKernelObject *)m->kernel, st, err) < 0 ? -1 : 1;
  }
  if (!l->memo) l->memo = m; /* (a launch of another thread may have left its own) */
  else pj_memo_delete(m);
  return r;
}

/* A memo of this launch's arguments as read, to be kept with its kernel and plan if it launches on
 * a GPU: NULL when a launch like it could not be repeated (an argument other than a device array
 * or a scalar; pre-launch callbacks). */
static PjLaunchMemo *pj_memo_new(PjLauncherObject *l, PyObject *args, const PjArg *a, Py_ssize_t n) {
  if (g_target == PJ_TARGET_CPU || PyList_Size(l->callbacks) > 0) return NULL; /* the CPU executor keeps none */
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *o = PyTuple_GetItem(args, i);
    bool array = PyObject_TypeCheck(o, g_array_type) && ((PjArrayObject *)o)->serial && !a[i].have_view;
    bool plain = !a[i].have_view && !a[i].zero_dim && !a[i].record && !a[i].staged;
    bool scalar = plain && !a[i].v.ndim;
    bool cupy = plain && a[i].v.ndim && g_cupy_type && Py_TYPE(o) == g_cupy_type;
    if (!array && ((!scalar && !cupy) || PyObject_TypeCheck(o, g_array_type))) return NULL;
  }
  PjLaunchMemo *m = malloc(sizeof *m + (size_t)n * sizeof(PjMemoArg));
  if (!m) return NULL; /* no memo: launches stay correct */
  m->kernel = NULL;
  m->plan = NULL;
  m->narrow = false;
  m->others_fit = l->grid_fits;
  m->n = n;
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *o = PyTuple_GetItem(args, i);
    PjMemoArg *e = &m->args[i];
    bool array = PyObject_TypeCheck(o, g_array_type);
    e->array = array ? o : NULL;
    e->type = array ? (PyTypeObject *)Py_NewRef((PyObject *)Py_TYPE(o)) : NULL;
    e->serial = array ? ((PjArrayObject *)o)->serial : 0;
    e->scalar = !array && pj_immutable_scalar(o) ? Py_NewRef(o) : NULL;
    e->dtype = a[i].v.dtype;
    e->cupy = !array && a[i].v.ndim;
    e->fits = pj_values_fit_int32(&a[i].v, 1); /* a scalar's as read; as converted: when kept */
    if (array || e->cupy) m->others_fit = m->others_fit && e->fits;
    e->bits = array || e->cupy ? 0 : a[i].v.scalar.u;
    e->imag = array || e->cupy ? 0 : pj_double_bits(a[i].v.imag);
    e->ndim = e->cupy ? a[i].v.ndim : 0;
    e->layout = e->cupy ? a[i].layout : 0;
    e->data = e->cupy ? a[i].v.data : NULL;
    if (e->cupy) {
      memcpy(e->shape, a[i].v.shape, sizeof(int64_t) * (size_t)e->ndim);
      memcpy(e->strides, a[i].v.strides, sizeof(int64_t) * (size_t)e->ndim);
    }
  }
  return m;
}

static PyObject *pj_launcher_call(PyObject *self, PyObject *args, PyObject *kw) {
  PjLauncherObject *l = (PjLauncherObject *)self;
  if (kw && PyDict_Size(kw) > 0) {
    PyErr_SetString(PyExc_TypeError, "kernels take no keyword arguments");
    return NULL;
  }
  if (l->memo) { /* a loop of launches: the previous one again */
    int r = pj_launcher_replay(l, args);
    if (r) return r > 0 ? Py_NewRef(Py_None) : NULL;
  }
  /* the device, or while a warm-up makes its context only what compiling for it needs (its ordinal
   * and arch): the kernel compiles meanwhile, and the launch opens the device once it has one */
  int ordinal = pj_thread_ordinal(); /* pj_need_device's choice */
  if (ordinal < 0) return NULL;
  PjDevice *device = g_devices[ordinal];
  PjTarget probed;
  const char *probed_arch;
  if (!device && pj_probe(ordinal, &probed, &probed_arch))
    g_arch_slot[ordinal] = (char)ordinal; /* the first device to open: its own slot (pj_device_open_as) */
  else if (!device && !(device = pj_device_at(ordinal)))
    return NULL;
  Py_ssize_t n = PyTuple_Size(args);
  if (n > 255) {
    PyErr_SetString(PyExc_TypeError, "too many kernel arguments");
    return NULL;
  }
  PjArg stack_args[64];
  /* not zeroed: pj_arg_read sets what the launch and pj_args_release read (zeroing 65 arguments
   * was half of such a launch's host time) */
  PjArg *a = n <= 64 ? stack_args : malloc((size_t)n * sizeof(PjArg));
  if (!a) return PyErr_NoMemory();
  PyObject *result = NULL;
  PyObject *held = NULL; /* the kernel launched, owned for the launch: another thread may replace the
                          * cache's entry (and drop the last one) while this one runs with the GIL released */
  PjLaunchMemo *memo = NULL; /* this launch, kept for the next if it succeeds on a GPU */
  int read = 0;
  char key[256 * 3 + 2];
  for (; read < n; read++) {
    int r = pj_arg_read(PyTuple_GetItem(args, read), &a[read], (int)read);
    if (r == PJ_ARG_TUPLE && l->tuples) { /* the dispatcher launches its leaves */
      result = PyObject_Call(l->tuples, args, NULL);
      goto done;
    }
    if (r == PJ_ARG_TUPLE)
      PyErr_Format(PyExc_TypeError, "argument %d: cannot pass a tuple to this kernel", (int)read + 1);
    if (r < 0) goto done;
    key[3 * read] = a[read].record ? (char)(0x40 + a[read].record - 1) : (char)a[read].v.dtype;
    key[3 * read + 1] = a[read].record_scalar || a[read].zero_dim ? 0 : (char)a[read].v.ndim;
    key[3 * read + 2] = a[read].zero_dim ? 'Z' : a[read].v.ndim && !a[read].record_scalar ? a[read].layout : 0;
    if (pj_arg_readonly(&a[read]) && !a[read].record) key[3 * read + 2] = (char)(key[3 * read + 2] - 'A' + 'a');
  }
  /* what the launch lets the kernel assume: bit 0, no two arrays overlap (a kernel compiled
   * with noalias pointers serves it: read-only arrays through the GPU's read-only path); bit 1,
   * integers and array sizes fit in int32 and the grid has fewer than 2**31 threads along each
   * axis (32-bit loop counters and x indices) */
  int fits = l->grid_fits;
  for (Py_ssize_t i = 0; fits && i < n; i++) fits = !a[i].record && pj_values_fit_int32(&a[i].v, 1);
  key[3 * n] = (char)(pj_args_disjoint(a, n) | fits << 1);
  memo = pj_memo_new(l, args, a, n); /* before the scalars' conversion */
  key[3 * n + 1] = g_arch_slot[ordinal]; /* GPUs of one arch share kernels; another arch compiles its own */
  Py_ssize_t klen = 3 * n + 2;
  PyObject *kernel = NULL, *k_key = NULL;
lookup:
  if (l->last && l->last_len == klen && memcmp(l->last_key, key, (size_t)klen) == 0) {
    kernel = l->last; /* the same argument types as the previous call */
    goto found;
  }
  k_key = PyBytes_FromStringAndSize(key, klen);
  if (!k_key) goto done;
  kernel = PyDict_GetItem(l->cache, k_key); /* borrowed */
  if (!kernel) {
    PyObject *types = PyTuple_New(n);
    for (Py_ssize_t i = 0; types && i < n; i++) {
      /* a 0-d array: (dtype, 0, "Z") */
      char lay[2] = {a[i].zero_dim ? 'Z' : a[i].v.ndim && !a[i].record_scalar ? a[i].layout : 'C', 0};
      if (pj_arg_readonly(&a[i]) && !a[i].record) lay[0] = (char)(lay[0] - 'A' + 'a'); /* read-only: lower case */
      if (a[i].record) /* the NumPy dtype: the dispatcher describes its fields */
        PyTuple_SetItem(types, i, Py_BuildValue("(Ois)", pj_record_dtype(a[i].record), a[i].record_scalar ? 0 : a[i].v.ndim, lay));
      else
        PyTuple_SetItem(types, i, Py_BuildValue("(iis)", (int)a[i].v.dtype, a[i].zero_dim ? 0 : a[i].v.ndim, lay));
    }
    kernel = types ? PyObject_CallFunctionObjArgs(l->compile, types, key[3 * n] & 1 ? Py_True : Py_False,
                                                  key[3 * n] & 2 ? Py_True : Py_False, NULL)
                   : NULL;
    Py_XDECREF(types);
    if (kernel && !PyObject_TypeCheck(kernel, g_kernel_type)) {
      PyErr_SetString(PyExc_TypeError, "the compile callback must return a Kernel");
      Py_CLEAR(kernel);
    }
    if (kernel && PyDict_SetItem(l->cache, k_key, kernel) < 0) Py_CLEAR(kernel);
    Py_XDECREF(kernel); /* the cache holds it */
  }
  Py_DECREF(k_key);
  if (!kernel) goto done;
  PJ_SETREF(l->last, Py_NewRef(kernel));
  memcpy(l->last_key, key, (size_t)klen);
  l->last_len = klen;
found:;
  PJ_SETREF(held, Py_NewRef(kernel));
  if (!device && !(device = pj_device_at(ordinal))) /* the context the warm-up was making */
    goto done;
  PjKernelObject *k = (PjKernelObject *)kernel;
  if (k->nargs != n) {
    PyErr_Format(PyExc_TypeError, "the kernel takes %d arguments, %zd given", k->nargs, n);
    goto done;
  }
  /* scalars converted to the parameter types (an explicit signature's may differ from the
   * arguments'); the int32 promise must hold for the converted values (a negative argument to
   * an unsigned parameter wraps), else the plain variant serves the launch */
  bool still_fits = true;
  for (Py_ssize_t i = 0; i < n; i++) {
    if (a[i].v.ndim) continue;
    pj_scalar_convert(&a[i].v, k->args[i].layout == 'P' ? PJ_UINT64 : k->args[i].dtype); /* a pointer: its address */
    if (key[3 * n] & 2) still_fits = still_fits && pj_values_fit_int32(&a[i].v, 1);
  }
  if (!still_fits) {
    key[3 * n] &= ~2;
    goto lookup;
  }
  if (pj_launcher_run_callbacks(l, held) < 0) goto done;
  char err[1024];
  err[0] = 0; /* not the whole buffer: a launch writes it only when it fails */
  PjStatus st;
  if (pj_args_on_device(a, n, ordinal) < 0) goto done;
  PjLoaded *loaded = pj_kernel_loaded_on(k, device, &st, err, sizeof err);
  if (!loaded) {
    pj_py_error(st, err);
    goto done;
  }
  if (g_host_array_hook && l->host_reported != (PyObject *)k) { /* once per launcher and kernel: launches stay cheap */
    if (pj_report_host_arrays(k, args, a, n) < 0) goto done;
    l->host_reported = (PyObject *)k; /* compared only: the launcher's cache keeps the kernel alive */
  }
  bool ok;
  PjStream *stream = pj_stream_of(l->stream, &ok);
  bool gpu = pj_device_target(device) == PJ_TARGET_CUDA;
  PjValue values_stack[64];
  PjValue *values = n <= 64 ? values_stack : malloc((size_t)n * sizeof(PjValue)); /* each one written below */
  if (!values) {
    PyErr_NoMemory();
    goto done;
  }
  for (Py_ssize_t i = 0; i < n; i++) {
    values[i] = a[i].v;
    /* a host (NumPy) array on the GPU: copied in, and back after the launch, as numba does; a
     * read-only one on the CPU too, so that the kernel never writes the host's read-only memory */
    if (!a[i].have_view || (!gpu && !pj_arg_readonly(&a[i]))) continue;
    char *data = a[i].view.buf;
    pj_span_of(&a[i], data, a[i].view.itemsize, &a[i].span_lo, &a[i].span);
    st = pj_mem_alloc(device, a[i].span, &a[i].staged, err, sizeof err);
    if (st == PJ_OK)
      st = pj_mem_copy(device, PJ_COPY_HOST_TO_DEVICE, a[i].staged, (uint64_t)(uintptr_t)a[i].span_lo, a[i].span, NULL,
                       err, sizeof err);
    if (st != PJ_OK) {
      pj_py_error(st, err);
      if (values != values_stack) free(values);
      goto done;
    }
    values[i].data = (void *)(uintptr_t)(a[i].staged + (uint64_t)(data - a[i].span_lo));
  }
  bool staged = false;
  for (Py_ssize_t i = 0; i < n; i++) staged |= a[i].staged != 0;
  if (gpu && !staged && memo) { /* a launch on the GPU returns at once: keep the GIL */
    st = pj_launch_plan_new(loaded, &l->config, stream, values, (int)n, &memo->plan, err, sizeof err);
    if (st == PJ_OK && !pj_launch_plan_run(memo->plan, &st, err, sizeof err)) /* not its context: as below */
      st = pj_launch_async(loaded, &l->config, stream, values, (int)n, err, sizeof err);
  } else if (gpu && !staged) {
    st = pj_launch_async(loaded, &l->config, stream, values, (int)n, err, sizeof err);
  } else { /* the CPU runs the kernel now; staged arrays come back after it */
    if (!gpu) pj_sigint_enter();
    if (!gpu && PyErr_CheckSignals() < 0) { /* a Ctrl-C while the kernel compiled: no launch */
      pj_sigint_leave();
      if (values != values_stack) free(values);
      goto done;
    }
    Py_BEGIN_ALLOW_THREADS st = pj_launch_async(loaded, &l->config, stream, values, (int)n, err, sizeof err);
    if (!gpu) pj_sigint_leave();
    for (Py_ssize_t i = 0; st == PJ_OK && i < n; i++)
      if (a[i].staged && a[i].writable)
        st = pj_mem_copy(device, PJ_COPY_DEVICE_TO_HOST, (uint64_t)(uintptr_t)a[i].span_lo, a[i].staged, a[i].span,
                         NULL, err, sizeof err);
    for (Py_ssize_t i = 0; st == PJ_OK && i < n; i++)
      if (a[i].staged && pj_arg_readonly(&a[i]))
        st = pj_readonly_unchanged(device, &a[i], (int)i, pj_kernel_name(k->kernel), err, sizeof err);
    Py_END_ALLOW_THREADS
  }
  if (values != values_stack) free(values);
  if (st != PJ_OK && !gpu && PyErr_CheckSignals() < 0) goto done; /* Ctrl-C: KeyboardInterrupt */
  if (pj_launch_finish(k, st, err) < 0) goto done;
  if (memo && memo->plan) { /* kept for the next launch */
    memo->kernel = Py_NewRef(held);
    memo->narrow = (key[3 * n] & 2) != 0;
    for (Py_ssize_t i = 0; i < n; i++) /* the scalars, converted now */
      if (!memo->args[i].array && !memo->args[i].cupy)
        memo->args[i].fits = memo->args[i].fits && pj_values_fit_int32(&a[i].v, 1);
    pj_launcher_forget_memo(l);
    l->memo = memo;
    memo = NULL;
  }
  result = Py_NewRef(Py_None);
done:
  pj_memo_delete(memo);
  Py_XDECREF(held);
  pj_args_release(device, a, read < n ? read + 1 : n); /* a failed read may hold a buffer too */
  if (a != stack_args) free(a);
  return result;
}

/* forget(): the kernels this launcher took (its last one, and its cache's) are looked up again */
static PyObject *pj_launcher_forget(PyObject *self, PyObject *noargs) {
  PjLauncherObject *l = (PjLauncherObject *)self;
  Py_CLEAR(l->last);
  l->last_len = 0;
  l->host_reported = NULL;
  pj_launcher_forget_memo(l);
  if (l->cache) PyDict_Clear(l->cache);
  Py_RETURN_NONE;
}

static PyMethodDef pj_launcher_methods[] = {
    {"forget", pj_launcher_forget, METH_NOARGS, "forget the kernels taken: the next launch looks its kernel up again"},
    {NULL},
};

static PyType_Slot pj_launcher_slots[] = {
    {Py_tp_init, pj_launcher_init},
    {Py_tp_methods, pj_launcher_methods},
    {Py_tp_dealloc, pj_launcher_dealloc},
    {Py_tp_traverse, pj_launcher_traverse},
    {Py_tp_clear, pj_launcher_clear},
    {Py_tp_call, pj_launcher_call},
    {Py_tp_getset, pj_launcher_getset},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_doc, "Launcher(cache, compile, grid, block, stream, shared_bytes): kernel[grid, block, ...]; call it with "
                "the kernel's arguments."},
    {0, NULL},
};

PyType_Spec pj_launcher_spec = {"pyjitc._core.Launcher", sizeof(PjLauncherObject), 0,
                                Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_BASETYPE,
                                pj_launcher_slots};

/* ---- kernel[config]: the launcher of a configuration --------------------------------------- */

static int pj_same_kinds(PyObject *a, PyObject *b, int depth);

/* Dispatcher.__getitem__, kernel[config], where a launch begins: the launcher the dispatcher made
 * for this configuration (its dict _launchers, by equality, of the same kinds: pj_same_kinds) when
 * it has no pre-launch callbacks and the dispatcher no extensions; else the dispatcher's
 * _subscript(config) makes or checks one. In C because a loop of launches pays it each time. */
static PyObject *pj_dispatch_subscript(PyObject *self, PyObject *config) {
  static PyObject *launchers_name, *extensions_name, *slow_name;
  if (!launchers_name && (!(launchers_name = PyUnicode_InternFromString("_launchers")) ||
                          !(extensions_name = PyUnicode_InternFromString("extensions")) ||
                          !(slow_name = PyUnicode_InternFromString("_subscript"))))
    return NULL;
  PyObject *dict = PyObject_GenericGetDict(self, NULL);
  PyObject *found = NULL;
  if (dict) {
    PyObject *launchers = PyDict_GetItemWithError(dict, launchers_name); /* borrowed */
    PyObject *extensions = launchers ? PyDict_GetItemWithError(dict, extensions_name) : NULL;
    if (launchers && extensions && PyDict_Check(launchers) && PyList_Check(extensions) && PyList_Size(extensions) == 0)
      found = PyDict_GetItemWithError(launchers, config); /* an unhashable configuration: TypeError, cleared */
    Py_DECREF(dict);
  }
  PyErr_Clear();
  if (found && PyObject_TypeCheck(found, g_launcher_type)) {
    PjLauncherObject *l = (PjLauncherObject *)found;
    if (l->given && (l->given == config || (Py_TYPE(l->given) == Py_TYPE(config) && pj_same_kinds(l->given, config, 0))) &&
        l->callbacks && PyList_Size(l->callbacks) == 0)
      return Py_NewRef(found);
  }
  return PyObject_CallMethodObjArgs(self, slow_name, config, NULL);
}

static PyMethodDef pj_dispatch_subscript_def = {"__getitem__", pj_dispatch_subscript, METH_O,
                                                "kernel[grid, block, stream, shared_bytes]: a launcher"};

/* subscript_method(Dispatcher) -> the method that is its __getitem__ (pj_dispatch_subscript) */
PyObject *pj_subscript_method_py(PyObject *self, PyObject *type) {
  if (!PyType_Check(type)) {
    PyErr_SetString(PyExc_TypeError, "subscript_method(a class)");
    return NULL;
  }
  return PyDescr_NewMethod((PyTypeObject *)type, &pj_dispatch_subscript_def);
}

/* same_kinds(a, b) -> whether two equal launch configurations (tuples) are made of the same types,
 * items of their tuples too: 2.0 equals 2 and hashes as 2, so a dispatcher's cache of launchers
 * found by equality would take a float grid for the int one it saw (numba raises a TypeError). In C:
 * it runs on launches whose configuration is not the very tuple cached. */
static int pj_same_kinds(PyObject *a, PyObject *b, int depth) {
  if (!PyTuple_Check(a) || !PyTuple_Check(b)) return Py_TYPE(a) == Py_TYPE(b);
  Py_ssize_t n = PyTuple_Size(a);
  if (n != PyTuple_Size(b)) return 0;
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *x = PyTuple_GetItem(a, i), *y = PyTuple_GetItem(b, i);
    if (Py_TYPE(x) != Py_TYPE(y)) return 0;
    if (depth < 2 && PyTuple_Check(x) && !pj_same_kinds(x, y, depth + 1)) return 0;
  }
  return 1;
}

PyObject *pj_same_kinds_py(PyObject *self, PyObject *const *args, Py_ssize_t n) {
  if (n != 2) {
    PyErr_SetString(PyExc_TypeError, "same_kinds(a, b)");
    return NULL;
  }
  return PyBool_FromLong(Py_TYPE(args[0]) == Py_TYPE(args[1]) && pj_same_kinds(args[0], args[1], 0));
}
