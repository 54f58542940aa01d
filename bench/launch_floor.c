/* The floor a launcher is measured against: cuLaunchKernel called from C, back to back, on a
 * kernel given as PTX (argv[1]) whose parameters are (n arrays as (pointer, extent), then one
 * float) — the layout pyjitc gives `def k(a, b, ..., s)` with 1-D C arrays. Prints the median
 * microseconds per launch of 20 batches of 2000. Usage: launch_floor KERNEL.ptx ENTRY NARRAYS */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int (*fn_t)();
static void *lib;
static fn_t sym(const char *name) {
  fn_t f = (fn_t)dlsym(lib, name);
  if (!f) {
    fprintf(stderr, "launch_floor: no %s\n", name);
    exit(2);
  }
  return f;
}

#define CHECK(call)                                                  \
  do {                                                               \
    int r_ = (call);                                                 \
    if (r_) {                                                        \
      fprintf(stderr, "launch_floor: %s failed: %d\n", #call, r_);   \
      exit(1);                                                       \
    }                                                                \
  } while (0)

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: launch_floor KERNEL.ptx ENTRY NARRAYS\n");
    return 2;
  }
  lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (!lib) {
    printf("launch_floor: no CUDA driver\n");
    return 77;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) return 2;
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *ptx = calloc(1, (size_t)len + 1);
  if (fread(ptx, 1, (size_t)len, f) != (size_t)len) return 2;
  fclose(f);
  int narrays = atoi(argv[3]);
  int dev;
  void *ctx, *mod, *fun;
  CHECK(sym("cuInit")(0));
  CHECK(sym("cuDeviceGet")(&dev, 0));
  CHECK(sym("cuDevicePrimaryCtxRetain")(&ctx, dev));
  CHECK(sym("cuCtxSetCurrent")(ctx));
  CHECK(sym("cuModuleLoadData")(&mod, ptx));
  CHECK(sym("cuModuleGetFunction")(&fun, mod, argv[2]));
  unsigned long long buf = 0;
  CHECK(sym("cuMemAlloc_v2")(&buf, (size_t)4096));
  unsigned long long slots[128];
  void *params[128];
  int k = 0;
  for (int i = 0; i < narrays; i++) {
    slots[k++] = buf;
    slots[k++] = 1024;
  }
  float s = 2.0f;
  memcpy(&slots[k++], &s, sizeof s);
  for (int i = 0; i < k; i++) params[i] = &slots[i];
  fn_t launch = sym("cuLaunchKernel"), sync = sym("cuCtxSynchronize");
  double batch[20];
  for (int w = 0; w < 200; w++) CHECK(launch(fun, 4, 1, 1, 256, 1, 1, 0, NULL, params, NULL));
  CHECK(sync());
  for (int b = 0; b < 20; b++) {
    double t0 = now_us();
    for (int i = 0; i < 2000; i++) launch(fun, 4, 1, 1, 256, 1, 1, 0, NULL, params, NULL);
    CHECK(sync());
    batch[b] = (now_us() - t0) / 2000;
  }
  qsort(batch, 20, sizeof batch[0], cmp);
  printf("%.3f\n", (batch[9] + batch[10]) / 2);
  return 0;
}
