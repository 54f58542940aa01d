/* ir/: deep recursions on a stack of their own (ir/stack.h). */
#include "ir/stack.h"

#include <pthread.h>

/* Room for PJ_MAX_NESTING levels of every stage at their largest frames, with sanitizers' larger
 * frames too: reserved address space, touched only as deep as the program goes. */
enum { PJ_DEEP_STACK_BYTES = 512 << 20 };

typedef struct PjNestedCall {
  void (*fn)(void *);
  void *arg;
} PjNestedCall;

static void *pj_nested_main(void *p) {
  PjNestedCall *c = p;
  c->fn(c->arg);
  return NULL;
}

void pj_run_nested(int depth, void (*fn)(void *), void *arg) {
  if (depth <= PJ_NESTING_ON_CALLER) {
    fn(arg);
    return;
  }
  PjNestedCall call = {fn, arg};
  pthread_attr_t attr;
  pthread_t t;
  int ok = pthread_attr_init(&attr) == 0;
  if (ok && pthread_attr_setstacksize(&attr, PJ_DEEP_STACK_BYTES) == 0 && pthread_create(&t, &attr, pj_nested_main, &call) == 0)
    pthread_join(t, NULL);
  else
    fn(arg);
  if (ok) pthread_attr_destroy(&attr);
}
