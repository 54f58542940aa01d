/* ir/: the compile's own stack (ir/stack.h). A thread's large stack is mapped the first time it
 * compiles and switched to with swapcontext: the compile stays on the calling thread, so what
 * the compiler keeps per thread (backend/target.c's target machines) is kept from one compile to
 * the next, and no thread is made for it (a thread with a stack this size costs 130 us to make
 * and join; the switch, 1 us). */
#include "ir/stack.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define PJ_STACK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PJ_STACK_ASAN 1
#endif
#endif
#ifdef PJ_STACK_ASAN
#include <sanitizer/common_interface_defs.h>
#endif
/* Valgrind is told where the stack is (else it warns of a stack switch it has to guess); without
 * Valgrind these requests do nothing. */
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define PJ_STACK_VALGRIND 1
#endif
#endif

/* Room for PJ_MAX_NESTING levels of every stage at their largest frames, with sanitizers' larger
 * frames too, and for LLVM's walks along chains of 10^6 values: reserved address space, touched
 * only as deep as a compile goes. */
#define PJ_DEEP_STACK_BYTES ((size_t)512 << 20)
/* What a compile touched past this much of the stack is given back after it (a deep compile's
 * pages are not kept for the thread's life). */
#define PJ_DEEP_KEPT_BYTES ((size_t)1 << 20)

typedef struct PjDeepCall {
  void (*fn)(void *);
  void *arg;
  void *fake_stack;          /* ASan's: the caller's */
  const void *caller_bottom; /* ASan's: the caller's stack */
  size_t caller_size;
} PjDeepCall;

static __thread char *pj_deep_base; /* the thread's stack (its lowest page a guard), or NULL */
static __thread bool pj_deep_on;    /* running on it now */
static __thread PjDeepCall *pj_deep_call;
#ifdef PJ_STACK_VALGRIND
static __thread unsigned pj_deep_valgrind_id;
#endif

static pthread_key_t pj_deep_key;
static bool pj_deep_key_ok;
static pthread_once_t pj_deep_once = PTHREAD_ONCE_INIT;

static void pj_deep_free(void *base) {
#ifdef PJ_STACK_VALGRIND
  VALGRIND_STACK_DEREGISTER(pj_deep_valgrind_id);
#endif
  munmap(base, PJ_DEEP_STACK_BYTES);
  pj_deep_base = NULL;
}

static void pj_deep_key_init(void) { pj_deep_key_ok = pthread_key_create(&pj_deep_key, pj_deep_free) == 0; }

/* The thread's stack, mapped at its first call and unmapped when the thread ends; NULL if it
 * cannot be. */
static char *pj_deep_stack(void) {
  if (pj_deep_base) return pj_deep_base;
  pthread_once(&pj_deep_once, pj_deep_key_init);
  if (!pj_deep_key_ok) return NULL;
  char *base = mmap(NULL, PJ_DEEP_STACK_BYTES, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (base == MAP_FAILED) return NULL;
  long page = sysconf(_SC_PAGESIZE);
  if (mprotect(base, (size_t)(page > 0 ? page : 4096), PROT_NONE) != 0 || pthread_setspecific(pj_deep_key, base) != 0) {
    munmap(base, PJ_DEEP_STACK_BYTES);
    return NULL;
  }
#ifdef PJ_STACK_VALGRIND
  pj_deep_valgrind_id = VALGRIND_STACK_REGISTER(base, base + PJ_DEEP_STACK_BYTES);
#endif
  return pj_deep_base = base;
}

static void pj_deep_main(void) {
  PjDeepCall *c = pj_deep_call;
#ifdef PJ_STACK_ASAN
  __sanitizer_finish_switch_fiber(NULL, &c->caller_bottom, &c->caller_size);
#endif
  c->fn(c->arg);
#ifdef PJ_STACK_ASAN
  __sanitizer_start_switch_fiber(NULL, c->caller_bottom, c->caller_size); /* this context ends */
#endif
} /* to uc_link: back into pj_run_deep */

/* A context that runs pj_deep_main on base's stack, then returns to back. */
static bool pj_deep_context(ucontext_t *there, ucontext_t *back, char *base) {
  if (getcontext(there) != 0) return false;
  there->uc_stack.ss_sp = base;
  there->uc_stack.ss_size = PJ_DEEP_STACK_BYTES;
  there->uc_stack.ss_flags = 0;
  there->uc_link = back;
  makecontext(there, pj_deep_main, 0);
  return true;
}

void pj_run_deep(void (*fn)(void *), void *arg) {
  char *base = pj_deep_on ? NULL : pj_deep_stack();
  ucontext_t here, there;
  if (!base || !pj_deep_context(&there, &here, base)) {
    fn(arg);
    return;
  }
  PjDeepCall call = {fn, arg, NULL, NULL, 0};
  pj_deep_call = &call;
  pj_deep_on = true;
#ifdef PJ_STACK_ASAN
  __sanitizer_start_switch_fiber(&call.fake_stack, base, PJ_DEEP_STACK_BYTES);
#endif
  int switched = swapcontext(&here, &there);
#ifdef PJ_STACK_ASAN
  __sanitizer_finish_switch_fiber(call.fake_stack, NULL, NULL);
#endif
  pj_deep_on = false;
  pj_deep_call = NULL;
  if (switched != 0) {
    fn(arg);
    return;
  }
  madvise(base, PJ_DEEP_STACK_BYTES - PJ_DEEP_KEPT_BYTES, MADV_DONTNEED);
}
