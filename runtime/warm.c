/* runtime/: the warm-up of a GPU (pj_device_warm, pj_device_probe) and the start's milestones
 * (pj_start_time).
 *
 * Making a CUDA context costs a fifth of a second or more (dlopen of libcuda, cuInit, the primary
 * context), which a program's first launch used to wait for. A warm-up does that work on a thread
 * of its own while the program goes on importing and compiling: pj_cuda_open_begin (the driver,
 * the GPU's name, limits and arch), then, the arch published for pj_device_probe,
 * pj_cuda_open_finish (the primary context, the launch's events) and pj_cuda_prime (a first
 * allocation and copies). The thread is plain C and never calls Python; it is detached and ends
 * when that is done. The first pj_device_open of that GPU takes what it made (pj_warm_take),
 * waiting on a condition variable while it runs: the same device, or the same error with the
 * same message, as pj_cuda_open would give there and then; nothing is made twice.
 *
 * One warm-up per process, of one GPU. A first open of another GPU releases it (the thread, if it
 * still runs, skips the context or releases it), so that a process that uses GPU 3 keeps no
 * context on GPU 0.
 *
 * Fork: CUDA cannot be used in a child forked after its parent started the driver. A fork while
 * the warm-up runs first waits for it (the pthread_atfork prepare handler, for at most
 * PJ_WARM_FORK_WAIT_S), so that the child inherits a whole state, never a half-loaded driver: where
 * the warm-up found no driver the child runs as any process (the CPU executor); where it started
 * the driver, the child's opens of a GPU and its driver calls fail with "CUDA initialized before
 * forking". At exit the process waits for a running warm-up (atexit, and the Python extension's
 * own hook before that), so that the driver is never unloaded under it. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime/cuda.h"

enum {
  PJ_WARM_NONE,      /* none began */
  PJ_WARM_RUNNING,   /* the thread is reading the GPU */
  PJ_WARM_DESCRIBED, /* ... has read it (arch, or the error), and is making the context */
  PJ_WARM_DONE,      /* ... has ended: status, message and cuda wait for their taker */
  PJ_WARM_TAKEN,     /* taken by an open, or released: nothing more to take */
  PJ_WARM_FORKED,    /* a forked child of a process whose warm-up started the driver */
};

enum { PJ_WARM_FORK_WAIT_S = 10 }; /* the longest a fork or the exit waits for the thread */

static struct {
  pthread_mutex_t lock;
  pthread_cond_t changed; /* broadcast at every change of state */
  int state;
  int ordinal;
  int abandoned;      /* another GPU was opened first: the thread releases what it makes */
  int driver_started; /* the warm-up's driver started (cuInit succeeded) */
  PjStatus begin_status;
  char arch[24];
  PjStatus status;
  char message[512];
  PjCuda *cuda;
} pj_warm = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PJ_WARM_NONE, 0, 0, 0, PJ_OK, "", PJ_OK, "", NULL};

/* ---- the start's milestones ---------------------------------------------------------------- */

static _Atomic uint64_t pj_start_ns[PJ_START_COUNT];
static const char *const pj_start_names[PJ_START_COUNT] = {
    [PJ_START_WARM] = "warm-up began",
    [PJ_START_DRIVER] = "libcuda loaded",
    [PJ_START_CUINIT] = "cuInit done",
    [PJ_START_DEVICE] = "GPU read (name, limits, arch)",
    [PJ_START_CONTEXT] = "context made",
    [PJ_START_ALLOC] = "first allocation and copies done",
    [PJ_START_WAITED] = "open began waiting for the warm-up",
    [PJ_START_TAKEN] = "open took the warm-up's device",
    [PJ_START_MODULE] = "first module loaded",
    [PJ_START_LAUNCH] = "first kernel launched",
    [PJ_START_RESULT] = "first result copied to the host",
};

void pj_start_mark(PjStartEvent event) {
  if (atomic_load_explicit(&pj_start_ns[event], memory_order_relaxed)) return;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  uint64_t ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec, unset = 0;
  atomic_compare_exchange_strong(&pj_start_ns[event], &unset, ns ? ns : 1);
}

double pj_start_time(int event, const char **name) {
  if (event < 0 || event >= PJ_START_COUNT) {
    if (name) *name = NULL;
    return 0;
  }
  if (name) *name = pj_start_names[event];
  return (double)atomic_load(&pj_start_ns[event]) / 1e9;
}

/* ---- the thread ----------------------------------------------------------------------------- */

static void pj_warm_set(int state) {
  pj_warm.state = state;
  pthread_cond_broadcast(&pj_warm.changed);
}

static _Thread_local int pj_warm_thread; /* 1 on the warm-up's thread */

static void *pj_warm_main(void *unused) {
  (void)unused;
  pj_warm_thread = 1;
  char err[sizeof pj_warm.message] = "";
  PjCuda *cuda = NULL;
  PjStatus st = pj_cuda_open_begin(pj_warm.ordinal, &cuda, err, sizeof err); /* ordinal: set before the thread */
  int started = pj_cuda_driver_load(NULL, 0) == PJ_OK;
  pthread_mutex_lock(&pj_warm.lock);
  pj_warm.begin_status = st;
  pj_warm.driver_started = started;
  if (st == PJ_OK) snprintf(pj_warm.arch, sizeof pj_warm.arch, "%s", pj_cuda_arch(cuda));
  int abandoned = pj_warm.abandoned;
  pj_warm_set(PJ_WARM_DESCRIBED);
  pthread_mutex_unlock(&pj_warm.lock);
  if (st == PJ_OK && !abandoned) {
    st = pj_cuda_open_finish(cuda, err, sizeof err);
    if (st == PJ_OK) pj_cuda_prime(cuda);
  }
  pthread_mutex_lock(&pj_warm.lock);
  if (pj_warm.abandoned || st != PJ_OK) { /* nobody takes a context: released (under the lock: see exit) */
    pj_cuda_close(cuda);
    cuda = NULL;
  }
  pj_warm.status = st;
  snprintf(pj_warm.message, sizeof pj_warm.message, "%s", st == PJ_OK ? "" : err);
  pj_warm.cuda = cuda;
  pj_warm_set(pj_warm.abandoned ? PJ_WARM_TAKEN : PJ_WARM_DONE);
  pthread_mutex_unlock(&pj_warm.lock);
  return NULL;
}

static int pj_warm_running(void) {
  return pj_warm.state == PJ_WARM_RUNNING || pj_warm.state == PJ_WARM_DESCRIBED;
}

/* Waits, holding the lock, while the thread runs: at most `seconds` (0: no limit). 1 when it ended. */
static int pj_warm_wait_locked(double seconds) {
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  long long ns = until.tv_nsec + (long long)((seconds - (double)(long long)seconds) * 1e9);
  until.tv_sec += (time_t)seconds + (time_t)(ns / 1000000000);
  until.tv_nsec = (long)(ns % 1000000000);
  while (pj_warm_running()) {
    if (seconds <= 0) pthread_cond_wait(&pj_warm.changed, &pj_warm.lock);
    else if (pthread_cond_timedwait(&pj_warm.changed, &pj_warm.lock, &until) == ETIMEDOUT) return 0;
  }
  return 1;
}

/* ---- fork and exit ---------------------------------------------------------------------------- */

static int pj_warm_fork_whole;         /* the prepare handler saw the thread end (or none run) */
static _Atomic int pj_warm_forked_child; /* set once, in a child: the state is PJ_WARM_FORKED */

static void pj_warm_before_fork(void) {
  pthread_mutex_lock(&pj_warm.lock);
  /* the thread itself may fork (a driver running a helper program): it cannot wait for itself */
  pj_warm_fork_whole = !pj_warm_thread && pj_warm_wait_locked(PJ_WARM_FORK_WAIT_S);
}

static void pj_warm_after_fork_parent(void) { pthread_mutex_unlock(&pj_warm.lock); }

static void pj_warm_after_fork_child(void) {
  pthread_mutex_init(&pj_warm.lock, NULL); /* this thread held it; the thread that ran is gone */
  pthread_cond_init(&pj_warm.changed, NULL);
  if (pj_warm.state == PJ_WARM_NONE) return;
  /* a context the parent made is the parent's: never touched here (its memory stays, unused) */
  pj_warm.cuda = NULL;
  pj_warm.state = pj_warm.driver_started || !pj_warm_fork_whole ? PJ_WARM_FORKED : PJ_WARM_TAKEN;
  pj_warm_forked_child = pj_warm.state == PJ_WARM_FORKED;
}

static void pj_warm_at_exit(void) {
  pthread_mutex_lock(&pj_warm.lock);
  pj_warm_wait_locked(PJ_WARM_FORK_WAIT_S);
  pthread_mutex_unlock(&pj_warm.lock);
}

static void pj_warm_install(void) {
  pthread_atfork(pj_warm_before_fork, pj_warm_after_fork_parent, pj_warm_after_fork_child);
  atexit(pj_warm_at_exit);
}

int pj_warm_forked(void) { return atomic_load_explicit(&pj_warm_forked_child, memory_order_relaxed); }

/* ---- the public half ------------------------------------------------------------------------ */

PjStatus pj_device_warm(PjTarget target, int ordinal, char *err, size_t errlen) {
  if (ordinal < 0)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "device ordinal %d is negative", ordinal);
  if (target != PJ_TARGET_AUTO && target != PJ_TARGET_CUDA && target != PJ_TARGET_CPU)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "unknown target %d", (int)target);
  PjStatus st = target == PJ_TARGET_AUTO ? pj_target_from_env(&target, err, errlen) : PJ_OK;
  if (st != PJ_OK || target == PJ_TARGET_CPU) return st;
  static pthread_once_t installed = PTHREAD_ONCE_INIT;
  pthread_once(&installed, pj_warm_install);
  pthread_mutex_lock(&pj_warm.lock);
  if (pj_warm.state != PJ_WARM_NONE) { /* begun before (or inherited): once per process */
    pthread_mutex_unlock(&pj_warm.lock);
    return PJ_OK;
  }
  pj_warm.ordinal = ordinal;
  pj_warm.state = PJ_WARM_RUNNING;
  pj_start_mark(PJ_START_WARM);
  /* no signal sent to the process goes to the thread (nor to the threads the driver makes from
   * it): the program's handlers run where it expects them; a fault of its own still reports */
  sigset_t all, old;
  sigfillset(&all);
  sigdelset(&all, SIGSEGV);
  sigdelset(&all, SIGBUS);
  sigdelset(&all, SIGFPE);
  sigdelset(&all, SIGILL);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  int made = pthread_create(&thread, &attr, pj_warm_main, NULL);
  pthread_attr_destroy(&attr);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (made != 0) pj_warm.state = PJ_WARM_NONE;
  pthread_mutex_unlock(&pj_warm.lock);
  if (made != 0)
    return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "cannot start the warm-up's thread: %s", strerror(made));
  return PJ_OK;
}

int pj_device_warm_wait(double seconds) {
  pthread_mutex_lock(&pj_warm.lock);
  pj_warm_wait_locked(seconds);
  int started = pj_warm.state == PJ_WARM_FORKED || (!pj_warm_running() && pj_warm.state != PJ_WARM_NONE &&
                                                    pj_warm.driver_started);
  pthread_mutex_unlock(&pj_warm.lock);
  return started;
}

int pj_device_probe(PjTarget target, int ordinal, PjTarget *resolved, char *arch, size_t archlen) {
  if (arch && archlen) arch[0] = 0;
  if (ordinal < 0 || (target == PJ_TARGET_AUTO && pj_target_from_env(&target, NULL, 0) != PJ_OK)) return 0;
  if (target == PJ_TARGET_CPU) {
    if (resolved) *resolved = PJ_TARGET_CPU;
    return 1;
  }
  if (target != PJ_TARGET_AUTO && target != PJ_TARGET_CUDA) return 0;
  pthread_mutex_lock(&pj_warm.lock);
  int known = 0;
  if (pj_warm.ordinal == ordinal && (pj_warm_running() || pj_warm.state == PJ_WARM_DONE)) {
    while (pj_warm.state == PJ_WARM_RUNNING) pthread_cond_wait(&pj_warm.changed, &pj_warm.lock);
    PjStatus st = pj_warm.begin_status;
    if (st == PJ_OK && pj_warm.state != PJ_WARM_TAKEN) {
      known = 1;
      if (resolved) *resolved = PJ_TARGET_CUDA;
      if (arch && archlen) snprintf(arch, archlen, "%s", pj_warm.arch);
    } else if (st == PJ_ERROR_NO_DEVICE && target == PJ_TARGET_AUTO) { /* no driver, no GPU: the CPU executor */
      known = 1;
      if (resolved) *resolved = PJ_TARGET_CPU;
    }
  }
  pthread_mutex_unlock(&pj_warm.lock);
  return known;
}

/* ---- taking it (pj_device_open) --------------------------------------------------------------- */

int pj_warm_take(int ordinal, PjCuda **cuda, PjStatus *status, char *err, size_t errlen) {
  pthread_mutex_lock(&pj_warm.lock);
  int answered = 0;
  switch (pj_warm.state) {
  case PJ_WARM_NONE: case PJ_WARM_TAKEN: break;
  case PJ_WARM_FORKED:
    *status = pj_cuda_driver_load(err, errlen); /* "CUDA initialized before forking: ..." */
    answered = 1;
    break;
  default:
    if (ordinal != pj_warm.ordinal) { /* the program chose another GPU first: this one is not kept */
      pj_warm.abandoned = 1;
      if (pj_warm.state == PJ_WARM_DONE) {
        pj_cuda_close(pj_warm.cuda);
        pj_warm.cuda = NULL;
        pj_warm_set(PJ_WARM_TAKEN);
      }
      break;
    }
    if (pj_warm_running()) {
      pj_start_mark(PJ_START_WAITED);
      pj_warm_wait_locked(0);
    }
    if (pj_warm.state != PJ_WARM_DONE) break;
    *cuda = pj_warm.cuda;
    *status = pj_warm.status;
    if (pj_warm.status != PJ_OK) pj_runtime_error(pj_warm.status, err, errlen, "%s", pj_warm.message);
    pj_warm.cuda = NULL;
    pj_warm_set(PJ_WARM_TAKEN);
    pj_start_mark(PJ_START_TAKEN);
    answered = 1;
  }
  pthread_mutex_unlock(&pj_warm.lock);
  return answered;
}
