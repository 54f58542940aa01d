/* The warm-up of a GPU (pj_device_warm, pj_device_probe, pj_device_warm_wait, pj_start_time).
 * Each case runs in a fresh child process (a warm-up is once per process, the driver loaded once),
 * with the environment it names: this machine's own driver (or none), no driver at all
 * (PYJITC_LIBCUDA naming no file), and the stand-in driver of fake_libcuda.c, which starts slowly
 * (cuInit, the context) and opens a GPU that runs nothing, so that the warm-up's overlap, its
 * errors, forks and the exit are tested where there is no GPU. An open after a warm-up must give
 * what an open without one gives: the same target and name, or the same status and message. */
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <pyjitc.h>
#include "runtime/device.h" /* PJ_START_*: the milestones' numbers */

#include "check.h"

#ifndef PJ_FAKE_LIBCUDA
#error "PJ_FAKE_LIBCUDA: the stand-in driver's path (tests/tests.cmake)"
#endif

static const char *const no_driver[] = {"PYJITC_LIBCUDA=/nonexistent/libcuda.so.1", NULL};
static const char *const fake[] = {"PYJITC_LIBCUDA=" PJ_FAKE_LIBCUDA, "PJ_FAKE_CUINIT_MS=100", "PJ_FAKE_CONTEXT_MS=300",
                                   NULL};

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void set_env(const char *const *env) {
  unsetenv("PYJITC_TARGET"); /* ctest runs the unit tests with none; a case sets its own */
  for (int i = 0; env && env[i]; i++) putenv((char *)env[i]);
  setenv("PYJITC_CPU_THREADS", "2", 1);
}

/* Runs case(arg) in a child with env set; the child's failed checks are its exit status. */
static int run_child(const char *name, const char *const *env, int (*fn)(void *), void *arg) {
  fflush(stdout);
  double t0 = now_ms();
  pid_t pid = fork();
  if (pid == 0) {
    set_env(env);
    int r = fn(arg);
    fflush(stdout);
    exit(r);
  }
  int status = 0;
  CHECKF(pid > 0 && waitpid(pid, &status, 0) == pid, "%s: fork failed", name);
  CHECKF(WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s: the child failed %d checks (status 0x%x)", name,
         WIFEXITED(status) ? WEXITSTATUS(status) : -1, status);
  printf("  %s: %.0f ms\n", name, now_ms() - t0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int child_result(void) { return failed > 100 ? 100 : failed; }

/* ---- an open with and without a warm-up gives the same -------------------------------------- */

typedef struct {
  PjStatus status;
  PjTarget target;
  char text[600]; /* the device's name, or the error */
} Outcome;

typedef struct {
  int warm;
  PjTarget target;
  int ordinal;
  int pipe;
} OpenCase;

static int open_case(void *arg) {
  OpenCase *c = arg;
  Outcome o = {0};
  char err[600] = "";
  if (c->warm) CHECK(pj_device_warm(c->target, 0, err, sizeof err) == PJ_OK);
  PjDevice *device = NULL;
  o.status = pj_device_open(c->target, c->ordinal, &device, err, sizeof err);
  if (device) {
    o.target = pj_device_target(device);
    snprintf(o.text, sizeof o.text, "%s", pj_device_name(device));
  } else {
    snprintf(o.text, sizeof o.text, "%s", err);
  }
  pj_device_close(device);
  CHECK(write(c->pipe, &o, sizeof o) == (ssize_t)sizeof o);
  return child_result();
}

static Outcome open_in_child(const char *label, const char *const *env, int warm, PjTarget target, int ordinal) {
  int fds[2];
  Outcome o = {.status = -1};
  if (pipe(fds) != 0) return o;
  OpenCase c = {warm, target, ordinal, fds[1]};
  run_child(label, env, open_case, &c);
  close(fds[1]);
  CHECKF(read(fds[0], &o, sizeof o) == (ssize_t)sizeof o, "%s: no outcome", label);
  close(fds[0]);
  return o;
}

static void test_same_outcome(const char *what, const char *const *env, PjTarget target, int ordinal) {
  char label[160];
  snprintf(label, sizeof label, "%s, target %d, GPU %d, no warm-up", what, (int)target, ordinal);
  Outcome cold = open_in_child(label, env, 0, target, ordinal);
  snprintf(label, sizeof label, "%s, target %d, GPU %d, warm-up", what, (int)target, ordinal);
  Outcome warm = open_in_child(label, env, 1, target, ordinal);
  CHECKF(cold.status == warm.status && (cold.status != PJ_OK || cold.target == warm.target) &&
             strcmp(cold.text, warm.text) == 0,
         "%s (target %d, GPU %d): without a warm-up %d '%s', with one %d '%s'", what, (int)target, ordinal,
         cold.status, cold.text, warm.status, warm.text);
  printf("    -> %d %s\n", warm.status, warm.text);
}

/* ---- the stand-in driver's counts ------------------------------------------------------------- */

static int fake_count(const char *what) {
  void *lib = dlopen(PJ_FAKE_LIBCUDA, RTLD_NOW | RTLD_NOLOAD); /* the runtime's copy, once it loaded it */
  int (*count)(const char *) = lib ? (int (*)(const char *))dlsym(lib, "pj_fake_count") : NULL;
  int n = count ? count(what) : -1;
  if (lib) dlclose(lib);
  return n;
}

static double start_time(int event) { return pj_start_time(event, NULL); }

/* ---- the cases -------------------------------------------------------------------------------- */

/* The arch is known before the context is made, and the open takes the warm-up's device: one
 * cuInit, one context, and the milestones in their order. */
static int fake_overlap(void *unused) {
  char err[512] = "", arch[24] = "x";
  PjTarget resolved = PJ_TARGET_AUTO;
  CHECK(pj_device_probe(PJ_TARGET_AUTO, 0, &resolved, arch, sizeof arch) == 0); /* no warm-up: not known */
  CHECK(pj_device_warm(PJ_TARGET_AUTO, 0, err, sizeof err) == PJ_OK);
  CHECK(pj_device_probe(PJ_TARGET_AUTO, 0, &resolved, arch, sizeof arch) == 1);
  CHECK(start_time(PJ_START_CONTEXT) == 0); /* the probe did not wait for the context */
  CHECK(resolved == PJ_TARGET_CUDA);
  CHECK_STR(arch, "sm_90");
  CHECK(pj_device_probe(PJ_TARGET_AUTO, 1, &resolved, arch, sizeof arch) == 0); /* another GPU: not known */
  PjDevice *device = NULL;
  CHECK(pj_device_open(PJ_TARGET_AUTO, 0, &device, err, sizeof err) == PJ_OK);
  CHECKF(device && pj_device_target(device) == PJ_TARGET_CUDA, "%s", err);
  if (device) CHECK_STR(pj_device_name(device), "Fake GPU (sm_90)");
  CHECK(fake_count("cuInit") == 1);
  CHECK(fake_count("retain") == 1);
  CHECK(fake_count("held0") == 1);
  for (int e = PJ_START_WARM; e <= PJ_START_TAKEN; e++) { /* all reached */
    const char *name = NULL;
    CHECKF(pj_start_time(e, &name) > 0, "milestone %d (%s) not reached", e, name ? name : "?");
  }
  for (int e = PJ_START_DRIVER; e <= PJ_START_ALLOC; e++) /* the warm-up's, in their order */
    CHECKF(start_time(e) >= start_time(e - 1), "milestone %d before %d", e, e - 1);
  CHECK(start_time(PJ_START_WAITED) >= start_time(PJ_START_WARM));
  CHECK(start_time(PJ_START_TAKEN) >= start_time(PJ_START_ALLOC) && start_time(PJ_START_TAKEN) >= start_time(PJ_START_WAITED));
  CHECK(start_time(PJ_START_MODULE) == 0 && start_time(PJ_START_LAUNCH) == 0);
  CHECK(pj_device_probe(PJ_TARGET_AUTO, 0, &resolved, arch, sizeof arch) == 0); /* taken: the open answers now */
  pj_device_close(device);
  CHECK(fake_count("held0") == 0);
  CHECK(pj_device_warm(PJ_TARGET_AUTO, 0, err, sizeof err) == PJ_OK); /* once per process */
  CHECK(fake_count("cuInit") == 1 && fake_count("retain") == 1);
  return child_result();
}

/* The program opens another GPU first: the warm-up's context is released, not kept. */
static int fake_other_gpu(void *unused) {
  char err[512] = "";
  CHECK(pj_device_warm(PJ_TARGET_CUDA, 0, err, sizeof err) == PJ_OK);
  PjDevice *one = NULL, *zero = NULL;
  CHECKF(pj_device_open(PJ_TARGET_CUDA, 1, &one, err, sizeof err) == PJ_OK, "%s", err);
  CHECK(pj_device_warm_wait(0) == 1);
  CHECK(fake_count("held0") == 0);
  CHECK(fake_count("held1") == 1);
  CHECKF(pj_device_open(PJ_TARGET_CUDA, 0, &zero, err, sizeof err) == PJ_OK, "%s", err); /* made afresh */
  CHECK(fake_count("held0") == 1);
  pj_device_close(one);
  pj_device_close(zero);
  CHECK(fake_count("held0") == 0 && fake_count("held1") == 0);
  return child_result();
}

/* A fork while the warm-up runs: the fork waits for it; the child, whose parent started the
 * driver, cannot use CUDA and says so; the parent keeps its device. */
static int fork_while_warming(void *expect_driver) {
  char err[512] = "";
  CHECK(pj_device_warm(PJ_TARGET_AUTO, 0, err, sizeof err) == PJ_OK);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    PjDevice *device = NULL;
    PjStatus st = pj_device_open(PJ_TARGET_AUTO, 0, &device, err, sizeof err);
    if (expect_driver) {
      CHECKF(st == PJ_ERROR_DEVICE && !device, "the child opened a GPU: %d %s", st, err);
      CHECK_HAS(err, "CUDA initialized before forking");
      int count = 0;
      CHECK(pj_device_count(PJ_TARGET_CUDA, &count, err, sizeof err) == PJ_ERROR_DEVICE);
      CHECK_HAS(err, "CUDA initialized before forking");
      CHECK(fake_count("cuInit") == 1); /* the parent's, never again here */
      CHECK(pj_device_warm_wait(0) == 1);
    } else { /* no driver: the child runs as any process, on the CPU executor */
      CHECKF(st == PJ_OK && device && pj_device_target(device) == PJ_TARGET_CPU, "%d %s", st, err);
      CHECK(pj_device_warm_wait(0) == 0);
    }
    pj_device_close(device);
    fflush(stdout);
    _exit(child_result());
  }
  int status = 0;
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
  CHECKF(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the forked child failed (status 0x%x)", status);
  PjDevice *device = NULL;
  CHECKF(pj_device_open(PJ_TARGET_AUTO, 0, &device, err, sizeof err) == PJ_OK, "%s", err);
  CHECK(device && pj_device_target(device) == (expect_driver ? PJ_TARGET_CUDA : PJ_TARGET_CPU));
  pj_device_close(device);
  return child_result();
}

static int threads_now(void) {
  DIR *d = opendir("/proc/self/task");
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));) n += e->d_name[0] != '.';
  if (d) closedir(d);
  return n;
}

/* Without a driver the warm-up ends at once, its thread with it, and the open says what it says
 * without one. */
static int no_driver_quick(void *unused) {
  char err[512] = "";
  double t0 = now_ms();
  CHECK(pj_device_warm(PJ_TARGET_AUTO, 0, err, sizeof err) == PJ_OK);
  PjDevice *device = NULL;
  CHECK(pj_device_open(PJ_TARGET_CUDA, 0, &device, err, sizeof err) == PJ_ERROR_NO_DEVICE);
  CHECK_HAS(err, "no CUDA driver");
  CHECKF(now_ms() - t0 < 2000, "%.0f ms", now_ms() - t0);
  int threads = threads_now();
  for (int i = 0; i < 100 && threads > 1; i++) {
    usleep(10000);
    threads = threads_now();
  }
  CHECKF(threads == 1, "%d threads after the warm-up", threads);
  PjTarget resolved = PJ_TARGET_CUDA;
  CHECK(pj_device_probe(PJ_TARGET_AUTO, 0, &resolved, NULL, 0) == 0); /* taken by the open */
  return child_result();
}

static int no_driver_probe(void *unused) {
  char err[512] = "", arch[16] = "x";
  PjTarget resolved = PJ_TARGET_CUDA;
  CHECK(pj_device_warm(PJ_TARGET_AUTO, 0, err, sizeof err) == PJ_OK);
  CHECK(pj_device_probe(PJ_TARGET_AUTO, 0, &resolved, arch, sizeof arch) == 1); /* the CPU executor */
  CHECK(resolved == PJ_TARGET_CPU && arch[0] == 0);
  CHECK(pj_device_probe(PJ_TARGET_CUDA, 0, &resolved, arch, sizeof arch) == 0); /* the open reports */
  return child_result();
}

/* A process that warms up and exits at once waits for the warm-up (300 ms in the stand-in's
 * cuInit) rather than unloading the driver under it, and exits cleanly. */
static int exit_while_warming(void *unused) {
  char err[512] = "";
  CHECK(pj_device_warm(PJ_TARGET_AUTO, 0, err, sizeof err) == PJ_OK);
  exit(child_result());
}

/* A bounded wait returns when its time runs out (0: not known to have started the driver yet);
 * an unbounded one when the warm-up has ended. */
static int bounded_wait(void *unused) {
  char err[512] = "";
  CHECK(pj_device_warm(PJ_TARGET_AUTO, 0, err, sizeof err) == PJ_OK);
  double t0 = now_ms();
  CHECK(pj_device_warm_wait(0.05) == 0); /* cuInit takes 300 ms */
  double waited = now_ms() - t0;
  CHECKF(waited >= 45 && waited < 280, "waited %.0f ms for 50", waited);
  CHECK(pj_device_warm_wait(0) == 1);
  CHECK(start_time(PJ_START_ALLOC) > 0);
  return child_result();
}

static int arguments(void *unused) {
  char err[512] = "";
  CHECK(pj_device_warm(PJ_TARGET_AUTO, -1, err, sizeof err) == PJ_ERROR_ARGUMENT);
  CHECK_HAS(err, "negative");
  CHECK(pj_device_warm((PjTarget)9, 0, err, sizeof err) == PJ_ERROR_ARGUMENT);
  CHECK(pj_device_warm(PJ_TARGET_CPU, 0, err, sizeof err) == PJ_OK);
  setenv("PYJITC_TARGET", "cpu", 1);
  CHECK(pj_device_warm(PJ_TARGET_AUTO, 0, err, sizeof err) == PJ_OK);
  PjTarget resolved = PJ_TARGET_CUDA;
  CHECK(pj_device_probe(PJ_TARGET_AUTO, 0, &resolved, NULL, 0) == 1 && resolved == PJ_TARGET_CPU);
  setenv("PYJITC_TARGET", "gpu", 1);
  CHECK(pj_device_warm(PJ_TARGET_AUTO, 0, err, sizeof err) == PJ_ERROR_ARGUMENT);
  CHECK_HAS(err, "PYJITC_TARGET=gpu");
  CHECK(pj_device_probe(PJ_TARGET_AUTO, 0, &resolved, NULL, 0) == 0);
  CHECK(start_time(PJ_START_WARM) == 0); /* nothing began */
  CHECK(pj_device_warm_wait(0) == 0);
  const char *name = "x";
  for (int e = 0; e < PJ_START_COUNT; e++) {
    pj_start_time(e, &name);
    CHECKF(name && *name, "milestone %d has no name", e);
  }
  CHECK(pj_start_time(PJ_START_COUNT, &name) == 0 && name == NULL);
  CHECK(pj_start_time(-1, &name) == 0 && name == NULL);
  return child_result();
}

int main(void) {
  printf("the same outcome with and without a warm-up:\n");
  test_same_outcome("this machine", NULL, PJ_TARGET_AUTO, 0);
  test_same_outcome("this machine", NULL, PJ_TARGET_CUDA, 0);
  test_same_outcome("no driver", no_driver, PJ_TARGET_AUTO, 0);
  test_same_outcome("no driver", no_driver, PJ_TARGET_CUDA, 0);
  test_same_outcome("stand-in driver", fake, PJ_TARGET_AUTO, 0);
  test_same_outcome("stand-in driver", fake, PJ_TARGET_CUDA, 1); /* no GPU 1 */
  static const char *const no_gpu[] = {"PYJITC_LIBCUDA=" PJ_FAKE_LIBCUDA, "PJ_FAKE_GPUS=0", NULL};
  test_same_outcome("stand-in driver without GPUs", no_gpu, PJ_TARGET_AUTO, 0);
  test_same_outcome("stand-in driver without GPUs", no_gpu, PJ_TARGET_CUDA, 0);
  static const char *const no_context[] = {"PYJITC_LIBCUDA=" PJ_FAKE_LIBCUDA, "PJ_FAKE_CONTEXT_ERROR=2", NULL};
  test_same_outcome("stand-in driver, no memory for a context", no_context, PJ_TARGET_AUTO, 0);

  printf("the warm-up:\n");
  run_child("stand-in driver: the arch before the context, one context", fake, fake_overlap, NULL);
  static const char *const two[] = {"PYJITC_LIBCUDA=" PJ_FAKE_LIBCUDA, "PJ_FAKE_GPUS=2", "PJ_FAKE_CONTEXT_MS=200", NULL};
  run_child("stand-in driver: another GPU opened first", two, fake_other_gpu, NULL);
  run_child("stand-in driver: a fork while warming up", fake, fork_while_warming, (void *)1);
  run_child("no driver: a fork while warming up", no_driver, fork_while_warming, NULL);
  run_child("no driver: quick, no thread left", no_driver, no_driver_quick, NULL);
  run_child("no driver: the probe", no_driver, no_driver_probe, NULL);
  run_child("arguments and milestones", no_driver, arguments, NULL);
  static const char *const slow[] = {"PYJITC_LIBCUDA=" PJ_FAKE_LIBCUDA, "PJ_FAKE_CUINIT_MS=300", NULL};
  run_child("stand-in driver: a bounded wait", slow, bounded_wait, NULL);
  double t0 = now_ms();
  run_child("stand-in driver: exit while warming up", slow, exit_while_warming, NULL);
  CHECKF(now_ms() - t0 >= 290, "the process exited after %.0f ms, before its warm-up ended", now_ms() - t0);

  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
