/* runtime/: the CPU executor. A pool of worker threads sleeps on a condition variable; a run
 * publishes a job (a new generation), the workers and the caller take blocks from the job's
 * atomic counter in order, and the caller returns once every worker has finished the job. After
 * a job a worker watches for the next one for a short while before it sleeps, and the caller
 * watches the workers finish before it sleeps, as OpenMP's threads do: back-to-back launches of
 * small kernels then pay no wake-up of sleeping threads. */
#include "runtime/cpu.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PJ_CPU_MAX_THREADS 1024

/* ---- stacks -------------------------------------------------------------------------------
 * A kernel's frame holds its local arrays, at most PJ_GPU_MAX_LOCAL bytes (ir/abi.h: more is
 * refused when it compiles), and little else. The executor's own threads are made with stacks of
 * PJ_CPU_STACK bytes, whatever the process's default; the caller runs kernel code on its own
 * stack only when PJ_CPU_CALLER_STACK bytes of it are left (a Python thread may have been given
 * 32 KiB by threading.stack_size()), else on a thread of the executor's making. */
#define PJ_CPU_STACK ((size_t)8 << 20)
#define PJ_CPU_CALLER_STACK ((size_t)PJ_GPU_MAX_LOCAL + ((size_t)1 << 20))

static void pj_cpu_stack_attr(pthread_attr_t *a) {
  pthread_attr_init(a);
  pthread_attr_setstacksize(a, PJ_CPU_STACK);
}

/* The bytes of the calling thread's stack below this frame; 0 where unknown. */
static size_t pj_cpu_stack_left(void) {
  static _Thread_local uintptr_t low; /* the stack's lowest usable address, once known */
  static _Thread_local bool known;
  if (!known) {
    pthread_attr_t a;
    void *addr = NULL;
    size_t size = 0, guard = 0;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
      if (pthread_attr_getstack(&a, &addr, &size) == 0) {
        pthread_attr_getguardsize(&a, &guard);
        low = (uintptr_t)addr + guard;
      }
      pthread_attr_destroy(&a);
    }
    known = true;
  }
  char here;
  uintptr_t sp = (uintptr_t)&here;
  return low && sp > low ? sp - low : 0;
}

/* PjCpuGrid.stack_limit for the calling thread: the lowest address a recursive device function
 * may start a frame at, leaving room for that frame and what it calls (every local array of a
 * kernel together is at most PJ_GPU_MAX_LOCAL bytes) and the error it records. */
static uintptr_t pj_cpu_stack_limit(void) {
  const size_t margin = (size_t)PJ_GPU_MAX_LOCAL + ((size_t)512 << 10);
  char here;
  size_t left = pj_cpu_stack_left();
  uintptr_t sp = (uintptr_t)&here;
  return left > margin ? sp - left + margin : sp; /* unknown or too little: no recursion at all */
}

typedef struct PjCpuCall {
  void (*fn)(void *);
  void *arg;
} PjCpuCall;

static void *pj_cpu_call_main(void *arg) {
  PjCpuCall *c = arg;
  c->fn(c->arg);
  return NULL;
}

/* fn(arg) on the caller's stack where enough of it is left, else on a thread with a stack of
 * PJ_CPU_STACK bytes, waited for. */
static void pj_cpu_on_a_stack(void (*fn)(void *), void *arg) {
  if (pj_cpu_stack_left() >= PJ_CPU_CALLER_STACK) {
    fn(arg);
    return;
  }
  PjCpuCall c = {fn, arg};
  pthread_attr_t a;
  pj_cpu_stack_attr(&a);
  pthread_t t;
  int made = pthread_create(&t, &a, pj_cpu_call_main, &c);
  pthread_attr_destroy(&a);
  if (made == 0) pthread_join(t, NULL);
  else fn(arg); /* no thread to be had: the caller's stack, as before */
}

typedef struct PjCpuJob {
  PjCpuEntry entry;
  void **params;
  uint32_t grid[3], block[3];
  uint32_t shared_bytes;
  uint64_t total;   /* blocks in the grid */
  uint64_t chunk;   /* blocks taken per step of the counter */
  atomic_uint_fast64_t next;
} PjCpuJob;

struct PjCpuPool {
  int threads;               /* the workers and the caller */
  int nworkers;
  pthread_t *workers;
  pthread_mutex_t run_lock;  /* one run at a time */
  pthread_mutex_t lock;      /* changes of generation, active and quit are made under it */
  pthread_cond_t wake;       /* a new job or quit */
  pthread_cond_t idle;       /* active fell to 0 */
  atomic_uint_fast64_t generation;
  atomic_int active;         /* workers still on the current job */
  atomic_int quit;
  PjCpuJob job;
};

/* ---- interrupts ---------------------------------------------------------------------------
 * pj_cpu_interrupt() sets the word; running kernels poll it at their loop back edges
 * (PjCpuGrid.interrupt) and call pj_cpu_interrupted(), which jumps back to the executor's frame
 * on that thread (the kernel's frames hold nothing to clean up but stack); the executor takes no
 * further block, barriers stop waiting, and the launch reports PJ_ERROR_DEVICE "interrupted".
 * The last launch in progress to end clears the word. */
static atomic_int pj_cpu_interrupt_word;
static atomic_int pj_cpu_running;
static _Thread_local jmp_buf *pj_cpu_escape;

void pj_cpu_interrupt(void) { /* async-signal-safe: two lock-free atomics */
  if (atomic_load(&pj_cpu_running) > 0) atomic_store(&pj_cpu_interrupt_word, 1);
}

void pj_cpu_interruptible_begin(void) { atomic_fetch_add(&pj_cpu_running, 1); }

void pj_cpu_interruptible_end(void) {
  if (atomic_fetch_sub(&pj_cpu_running, 1) == 1) atomic_store(&pj_cpu_interrupt_word, 0);
}

static bool pj_cpu_interrupt_pending(void) {
  return atomic_load_explicit(&pj_cpu_interrupt_word, memory_order_relaxed) != 0;
}

static void pj_cpu_interrupted(void) { longjmp(*pj_cpu_escape, 1); }

static void pj_cpu_grid_interruptible(PjCpuGrid *g) {
  g->interrupt = (const int *)&pj_cpu_interrupt_word;
  g->interrupted = pj_cpu_interrupted;
}

/* ---- scratch (PjCpuGrid.scratch) ------------------------------------------------------------
 * One a thread of the executor: a buffer handed out in pieces during a block and taken back
 * whole when the block is done. A piece that does not fit is malloc'ed on its own until then,
 * and the buffer grows to hold it next time; a block abandoned by an interrupt leaks nothing,
 * since the thread frees it all when its share of the launch is over. */
typedef struct PjCpuScratch {
  char *mem;
  uint64_t cap, used;
  void **extra;           /* the pieces that did not fit */
  size_t nextra, capextra;
  uint64_t extra_bytes;
} PjCpuScratch;

static void *pj_cpu_scratch(const PjCpuGrid *g, uint64_t bytes) {
  PjCpuScratch *s = g->scratch_state;
  if (!s) return NULL;
  uint64_t at = (s->used + 63) & ~(uint64_t)63;
  if (at <= s->cap && bytes <= s->cap - at) {
    s->used = at + bytes;
    return s->mem + at;
  }
  if (s->nextra == s->capextra) {
    size_t cap = s->capextra ? s->capextra * 2 : 8;
    void **more = realloc(s->extra, cap * sizeof *more);
    if (!more) return NULL;
    s->extra = more;
    s->capextra = cap;
  }
  void *p = malloc(bytes ? bytes : 1);
  if (p) {
    s->extra[s->nextra++] = p;
    s->extra_bytes += bytes + 64;
  }
  return p;
}

/* Takes back everything handed out (at the start of each block). */
static void pj_cpu_scratch_reset(PjCpuScratch *s) {
  if (s->nextra) {
    for (size_t i = 0; i < s->nextra; i++) free(s->extra[i]);
    uint64_t want = s->cap + s->extra_bytes;
    free(s->mem);
    s->mem = malloc(want);
    s->cap = s->mem ? want : 0;
    s->nextra = 0;
    s->extra_bytes = 0;
  }
  s->used = 0;
}

static void pj_cpu_scratch_free(PjCpuScratch *s) {
  if (!s) return;
  for (size_t i = 0; i < s->nextra; i++) free(s->extra[i]);
  free(s->extra);
  free(s->mem);
  free(s);
}

/* On the heap, not the stack: what a block changed in it stays known after an interrupt's
 * longjmp, which leaves the values of changed local variables unknown. NULL: out of memory. */
static PjCpuScratch *pj_cpu_grid_scratch(PjCpuGrid *g) {
  PjCpuScratch *s = calloc(1, sizeof *s);
  g->scratch = pj_cpu_scratch;
  g->scratch_state = s;
  return s;
}

/* ---- thread count ------------------------------------------------------------------------- */

static int pj_cpu_online_count(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)(n < PJ_CPU_MAX_THREADS ? n : PJ_CPU_MAX_THREADS) : 1;
}

PjStatus pj_cpu_thread_count(int *out, char *err, size_t errlen) {
  const char *env = getenv("PYJITC_CPU_THREADS");
  if (!env || !*env) {
    int n = pj_cpu_online_count();
    *out = n < PJ_CPU_MAX_THREADS ? n : PJ_CPU_MAX_THREADS;
    return PJ_OK;
  }
  char *end;
  errno = 0;
  long n = strtol(env, &end, 10);
  if (errno || *end || n < 1 || n > PJ_CPU_MAX_THREADS)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "PYJITC_CPU_THREADS=%s: expected a whole number from 1 to %d", env,
                            PJ_CPU_MAX_THREADS);
  *out = (int)n;
  return PJ_OK;
}

/* ---- jobs --------------------------------------------------------------------------------- */

static void pj_cpu_job_init(PjCpuJob *job, PjCpuEntry entry, void **params, const uint32_t grid[3],
                            const uint32_t block[3], int threads) {
  job->entry = entry;
  job->params = params;
  memcpy(job->grid, grid, sizeof job->grid);
  memcpy(job->block, block, sizeof job->block);
  job->total = (uint64_t)grid[0] * grid[1] * grid[2];
  uint64_t chunk = job->total / ((uint64_t)threads * 8);
  job->chunk = chunk < 1 ? 1 : chunk > 64 ? 64 : chunk;
  atomic_store(&job->next, 0);
}

/* Takes chunks of blocks until none are left. */
static void pj_cpu_job_work(PjCpuJob *job) {
  PjCpuGrid g;
  memset(&g, 0, sizeof g);
  memcpy(g.grid, job->grid, sizeof g.grid);
  memcpy(g.block, job->block, sizeof g.block);
  g.shared_bytes = job->shared_bytes;
  pj_cpu_grid_interruptible(&g);
  g.stack_limit = pj_cpu_stack_limit();
  PjCpuScratch *scratch = pj_cpu_grid_scratch(&g);
  uint64_t gx = job->grid[0], gy = job->grid[1];
  jmp_buf escape, *outer = pj_cpu_escape;
  if (setjmp(escape)) { /* interrupted: this thread takes no further block */
    pj_cpu_escape = outer;
    pj_cpu_scratch_free(scratch);
    return;
  }
  pj_cpu_escape = &escape;
  for (;;) {
    uint64_t first = pj_cpu_interrupt_pending() ? job->total : atomic_fetch_add(&job->next, job->chunk);
    if (first >= job->total) break;
    uint64_t end = job->total - first < job->chunk ? job->total : first + job->chunk;
    /* the chunk's first block index by division, the others by counting */
    uint32_t bx = (uint32_t)(first % gx), by = (uint32_t)(first / gx % gy), bz = (uint32_t)(first / gx / gy);
    for (uint64_t b = first; b < end; b++) {
      g.block_idx[0] = bx;
      g.block_idx[1] = by;
      g.block_idx[2] = bz;
      if (scratch) pj_cpu_scratch_reset(scratch);
      job->entry(job->params, &g);
      if (++bx == gx) {
        bx = 0;
        if (++by == gy) {
          by = 0;
          bz++;
        }
      }
    }
  }
  pj_cpu_escape = outer;
  pj_cpu_scratch_free(scratch);
}

static void pj_cpu_job_call(void *job) { pj_cpu_job_work(job); }

/* ---- the pool ----------------------------------------------------------------------------- */

/* How long a worker watches for the next job, and the caller for the workers to finish, before
 * sleeping on the condition variable (nanoseconds). */
enum { PJ_CPU_SPIN_NS = 100000 };

/* Between two looks: the core goes to any other thread that wants it (a machine busier than the
 * pool has threads loses nothing to the watching), else the look comes again at once. */
static inline void pj_cpu_relax(void) { sched_yield(); }

static uint64_t pj_cpu_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Looks for up to PJ_CPU_SPIN_NS for done(pool, arg) to hold; whether it did. */
static bool pj_cpu_spin(PjCpuPool *pool, bool (*done)(PjCpuPool *, uint64_t), uint64_t arg) {
  uint64_t until = pj_cpu_now_ns() + PJ_CPU_SPIN_NS;
  for (unsigned k = 1;; k++) {
    if (done(pool, arg)) return true;
    pj_cpu_relax();
    if (k % 8 == 0 && pj_cpu_now_ns() > until) return false;
  }
}

/* A job newer than generation `seen`, or quit. */
static bool pj_cpu_new_job(PjCpuPool *pool, uint64_t seen) {
  return atomic_load_explicit(&pool->generation, memory_order_acquire) != seen ||
         atomic_load_explicit(&pool->quit, memory_order_relaxed);
}

/* Every worker done with the current job. */
static bool pj_cpu_workers_done(PjCpuPool *pool, uint64_t unused) {
  (void)unused;
  return atomic_load_explicit(&pool->active, memory_order_acquire) == 0;
}

static void *pj_cpu_worker_main(void *arg) {
  PjCpuPool *pool = arg;
  uint64_t seen = 0;
  for (;;) {
    if (!pj_cpu_spin(pool, pj_cpu_new_job, seen)) {
      pthread_mutex_lock(&pool->lock);
      while (!pj_cpu_new_job(pool, seen)) pthread_cond_wait(&pool->wake, &pool->lock);
      pthread_mutex_unlock(&pool->lock);
    }
    if (atomic_load(&pool->quit)) break;
    seen = atomic_load(&pool->generation);
    pj_cpu_job_work(&pool->job);
    pthread_mutex_lock(&pool->lock);
    if (atomic_fetch_sub(&pool->active, 1) == 1) pthread_cond_signal(&pool->idle);
    pthread_mutex_unlock(&pool->lock);
  }
  return NULL;
}

/* Starts up to threads - 1 workers; the pool makes do with those that start. */
static void pj_cpu_pool_start(PjCpuPool *pool, int threads) {
  pool->workers = calloc((size_t)(threads > 1 ? threads - 1 : 1), sizeof *pool->workers);
  if (pool->workers) {
    pthread_attr_t a;
    pj_cpu_stack_attr(&a);
    while (pool->nworkers < threads - 1 &&
           pthread_create(&pool->workers[pool->nworkers], &a, pj_cpu_worker_main, pool) == 0)
      pool->nworkers++;
    pthread_attr_destroy(&a);
  }
  pool->threads = pool->nworkers + 1;
}

PjStatus pj_cpu_pool_new(int threads, PjCpuPool **out, char *err, size_t errlen) {
  *out = NULL;
  if (threads < 1 || threads > PJ_CPU_MAX_THREADS)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen, "%d CPU threads: expected 1 to %d",
                            threads, PJ_CPU_MAX_THREADS);
  PjCpuPool *pool = calloc(1, sizeof *pool);
  if (!pool) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  pthread_mutex_init(&pool->run_lock, NULL);
  pthread_mutex_init(&pool->lock, NULL);
  pthread_cond_init(&pool->wake, NULL);
  pthread_cond_init(&pool->idle, NULL);
  atomic_init(&pool->job.next, 0);
  atomic_init(&pool->generation, 0);
  atomic_init(&pool->active, 0);
  atomic_init(&pool->quit, 0);
  pj_cpu_pool_start(pool, threads);
  *out = pool;
  return PJ_OK;
}

void pj_cpu_pool_delete(PjCpuPool *pool) {
  if (!pool) return;
  pthread_mutex_lock(&pool->lock);
  atomic_store(&pool->quit, 1);
  pthread_cond_broadcast(&pool->wake);
  pthread_mutex_unlock(&pool->lock);
  for (int i = 0; i < pool->nworkers; i++) pthread_join(pool->workers[i], NULL);
  pthread_cond_destroy(&pool->idle);
  pthread_cond_destroy(&pool->wake);
  pthread_mutex_destroy(&pool->lock);
  pthread_mutex_destroy(&pool->run_lock);
  free(pool->workers);
  free(pool);
}

int pj_cpu_pool_threads(const PjCpuPool *pool) { return pool->threads; }

void pj_cpu_pool_run(PjCpuPool *pool, PjCpuEntry entry, void **params, uint32_t shared_bytes, const uint32_t grid[3],
                     const uint32_t block[3]) {
  pthread_mutex_lock(&pool->run_lock);
  pj_cpu_job_init(&pool->job, entry, params, grid, block, pool->threads);
  pool->job.shared_bytes = shared_bytes;
  /* a launch of a couple of thousand threads is over before the workers would be awake: the
   * caller runs it alone (a block is the unit of parallel work anyway) */
  uint64_t threads = pool->job.total * block[0] * block[1] * block[2];
  if (pool->nworkers == 0 || pool->job.total <= 1 || threads <= 2048) {
    pj_cpu_on_a_stack(pj_cpu_job_call, &pool->job);
    pthread_mutex_unlock(&pool->run_lock);
    return;
  }
  pthread_mutex_lock(&pool->lock);
  atomic_store(&pool->active, pool->nworkers); /* before the new generation shows */
  atomic_fetch_add(&pool->generation, 1);
  pthread_cond_broadcast(&pool->wake);
  pthread_mutex_unlock(&pool->lock);
  pj_cpu_on_a_stack(pj_cpu_job_call, &pool->job);
  if (!pj_cpu_spin(pool, pj_cpu_workers_done, 0)) {
    pthread_mutex_lock(&pool->lock);
    while (!pj_cpu_workers_done(pool, 0)) pthread_cond_wait(&pool->idle, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
  }
  pthread_mutex_unlock(&pool->run_lock);
}

/* ---- cooperative launches: every block at once ------------------------------------------- */

enum { PJ_CPU_SM_THREADS = 2048, PJ_CPU_SM_BLOCKS = 32, PJ_CPU_SM_SHARED = 228 * 1024 };

uint32_t pj_cpu_max_cooperative_blocks(const PjCpuPool *pool, uint32_t threads_per_block, uint64_t shared_bytes) {
  uint64_t per = threads_per_block ? PJ_CPU_SM_THREADS / threads_per_block : 0;
  if (per > PJ_CPU_SM_BLOCKS) per = PJ_CPU_SM_BLOCKS;
  if (shared_bytes && PJ_CPU_SM_SHARED / shared_bytes < per) per = PJ_CPU_SM_SHARED / shared_bytes;
  return (uint32_t)(per * (uint64_t)pool->threads);
}

/* The grid barrier of one cooperative launch. A barrier opens when every block has arrived; a
 * block that finished counts as arrived for good, and a barrier it opens is broken (some block
 * waits at a g.sync() that it never reached): every block waiting there, and every block that
 * arrives at a later one, is told so. */
typedef struct PjCpuCoop {
  pthread_mutex_t lock;
  pthread_cond_t cond;
  uint64_t blocks, arrived, finished, generation;
  int broken;
  int go;                 /* 0 until every thread is started; then 1 (run) or -1 (leave) */
  PjCpuGrid grid;         /* what every block's PjCpuGrid starts from */
  PjCpuEntry entry;
  void **params;
} PjCpuCoop;

typedef struct PjCpuCoopBlock {
  PjCpuCoop *coop;
  uint64_t index;
  pthread_t thread;
} PjCpuCoopBlock;

/* PjCpuGrid.grid_sync: 0 when every block arrived, 1 when the barrier is broken. */
static int pj_cpu_grid_sync(void *sync) {
  PjCpuCoop *c = sync;
  pthread_mutex_lock(&c->lock);
  uint64_t generation = c->generation;
  if (!c->broken && ++c->arrived + c->finished == c->blocks) {
    c->broken = c->finished > 0;
    c->arrived = 0;
    c->generation++;
    pthread_cond_broadcast(&c->cond);
  }
  while (!c->broken && c->generation == generation) { /* waking now and then to see an interrupt */
    if (pj_cpu_interrupt_pending()) {
      pthread_mutex_unlock(&c->lock);
      pj_cpu_interrupted();
    }
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 20 * 1000 * 1000;
    if (until.tv_nsec >= 1000000000L) {
      until.tv_sec++;
      until.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&c->cond, &c->lock, &until);
  }
  int broken = c->broken;
  pthread_mutex_unlock(&c->lock);
  return broken;
}

static void pj_cpu_coop_run_block(PjCpuCoop *c, uint64_t b) {
  PjCpuGrid g = c->grid;
  g.block_idx[0] = (uint32_t)(b % g.grid[0]);
  g.block_idx[1] = (uint32_t)(b / g.grid[0] % g.grid[1]);
  g.block_idx[2] = (uint32_t)(b / g.grid[0] / g.grid[1]);
  g.stack_limit = pj_cpu_stack_limit();
  PjCpuScratch *scratch = pj_cpu_grid_scratch(&g);
  jmp_buf escape, *outer = pj_cpu_escape;
  if (!setjmp(escape)) {
    pj_cpu_escape = &escape;
    c->entry(c->params, &g);
  }
  pj_cpu_escape = outer;
  pj_cpu_scratch_free(scratch);
  pthread_mutex_lock(&c->lock);
  c->finished++;
  if (c->arrived > 0 && c->arrived + c->finished == c->blocks) { /* the others wait for this block in vain */
    c->broken = 1;
    pthread_cond_broadcast(&c->cond);
  }
  pthread_mutex_unlock(&c->lock);
}

static void pj_cpu_coop_block0(void *c) { pj_cpu_coop_run_block(c, 0); }

static void *pj_cpu_coop_main(void *arg) {
  PjCpuCoopBlock *b = arg;
  PjCpuCoop *c = b->coop;
  pthread_mutex_lock(&c->lock);
  while (c->go == 0) pthread_cond_wait(&c->cond, &c->lock);
  int go = c->go;
  pthread_mutex_unlock(&c->lock);
  if (go > 0) pj_cpu_coop_run_block(c, b->index);
  return NULL;
}

/* Runs every block of the grid at once: block 0 on the calling thread, each other one on a
 * thread started for it. Nothing runs unless every thread starts. */
static PjStatus pj_cpu_run_cooperative(PjCpuEntry entry, void **params, uint32_t shared_bytes, const uint32_t grid[3],
                                       const uint32_t block[3], char *err, size_t errlen) {
  PjCpuCoop c = {.entry = entry, .params = params};
  c.blocks = (uint64_t)grid[0] * grid[1] * grid[2];
  memcpy(c.grid.grid, grid, sizeof c.grid.grid);
  memcpy(c.grid.block, block, sizeof c.grid.block);
  c.grid.shared_bytes = shared_bytes;
  c.grid.sync = &c;
  c.grid.grid_sync = pj_cpu_grid_sync;
  pj_cpu_grid_interruptible(&c.grid);
  PjCpuCoopBlock *bs = calloc((size_t)c.blocks, sizeof *bs);
  if (!bs) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  pthread_mutex_init(&c.lock, NULL);
  pthread_cond_init(&c.cond, NULL);
  uint64_t started = 1;
  pthread_attr_t a;
  pj_cpu_stack_attr(&a);
  for (; started < c.blocks; started++) {
    bs[started] = (PjCpuCoopBlock){&c, started, 0};
    if (pthread_create(&bs[started].thread, &a, pj_cpu_coop_main, &bs[started]) != 0) break;
  }
  pthread_attr_destroy(&a);
  bool all = started == c.blocks;
  pthread_mutex_lock(&c.lock);
  c.go = all ? 1 : -1;
  pthread_cond_broadcast(&c.cond);
  pthread_mutex_unlock(&c.lock);
  if (all) pj_cpu_on_a_stack(pj_cpu_coop_block0, &c);
  for (uint64_t b = 1; b < started; b++) pthread_join(bs[b].thread, NULL);
  pthread_cond_destroy(&c.cond);
  pthread_mutex_destroy(&c.lock);
  free(bs);
  if (!all)
    return pj_runtime_error(PJ_ERROR_DEVICE, err, errlen, "the CPU executor could start only %llu of the %llu threads "
                            "that the blocks of a cooperative launch need", (unsigned long long)started,
                            (unsigned long long)c.blocks);
  return PJ_OK;
}

/* ---- a launch ----------------------------------------------------------------------------- */

PjStatus pj_cpu_launch(PjCpuPool *pool, const PjKernelCode *code, const PjLaunchConfig *config,
                       PjValue *args, int nargs, PjLaunchTimes *times, char *err, size_t errlen) {
  if (!code->cpu_entry)
    return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "kernel '%s' has no CPU entry",
                            code->name);
  if (code->grid_sync) {
    uint64_t blocks = (uint64_t)config->grid[0] * config->grid[1] * config->grid[2];
    uint32_t threads = config->block[0] * config->block[1] * config->block[2]; /* checked: at most 1024 */
    uint32_t max = pj_cpu_max_cooperative_blocks(pool, threads, code->static_shared + config->shared_bytes);
    char where[64];
    snprintf(where, sizeof where, "the CPU executor (%d thread%s)", pool->threads, pool->threads == 1 ? "" : "s");
    if (blocks > max) return pj_cooperative_too_large(code, config, max, where, err, errlen);
  }
  int runs = pj_launch_runs(config);
  PjLaunchParams *params = pj_launch_params_new(args, code->args, nargs, NULL);
  double *run_ms = malloc((size_t)runs * sizeof *run_ms);
  if (!params || !run_ms) {
    pj_launch_params_delete(params);
    free(run_ms);
    return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  }
  PjStatus st = PJ_OK;
  pj_cpu_interruptible_begin();
  for (int r = 0; r < runs && st == PJ_OK && !pj_cpu_interrupt_pending(); r++) {
    if (code->cpu_error) memset(code->cpu_error, 0, sizeof *code->cpu_error);
    double start = pj_now_ms();
    if (code->grid_sync)
      st = pj_cpu_run_cooperative(code->cpu_entry, params->ptrs, config->shared_bytes, config->grid, config->block, err,
                                  errlen);
    else
      pj_cpu_pool_run(pool, code->cpu_entry, params->ptrs, config->shared_bytes, config->grid, config->block);
    run_ms[r] = pj_now_ms() - start;
    if (st != PJ_OK) break;
    if (code->cpu_error && code->cpu_error->flag && !pj_cpu_interrupt_pending())
      st = pj_kernel_error_report(code, code->cpu_error, err, errlen);
  }
  if (pj_cpu_interrupt_pending())
    st = pj_runtime_error(PJ_ERROR_DEVICE, err, errlen, "kernel '%s' interrupted (pj_cpu_interrupt)", code->name);
  pj_cpu_interruptible_end();
  if (st == PJ_OK) pj_launch_times_fill(times, run_ms, runs);
  free(run_ms);
  pj_launch_params_delete(params);
  return st;
}
