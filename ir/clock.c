/* The one clock of the compile and launch timings (PjCompileTimes, PjLaunchTimes): milliseconds
 * of CLOCK_MONOTONIC. In ir/, the bottom layer, because every layer above times its stage with it. */
#include <pyjitc.h>

#include <time.h>

double pj_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}
