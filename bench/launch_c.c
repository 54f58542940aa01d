/* Launch cost through pyjitc's C API (pj_launch_async, the path the Python extension and the
 * CLI runtime share), back to back, against the raw cuLaunchKernel floor of launch_floor.c.
 * Compiles `k(a0, ..., s)` for N 1-D float32 arrays and a float32, like bench/launch.py.
 * Prints the median microseconds per launch of 20 batches of 2000. Usage: launch_c NARRAYS */
#include <pyjitc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  if (n < 1 || n > 100) return 2;
  char src[8192], *p = src;
  p += sprintf(p, "from numba import cuda\n\n@cuda.jit\ndef k(");
  for (int i = 0; i < n; i++) p += sprintf(p, "a%d, ", i);
  p += sprintf(p, "s):\n    i = cuda.grid(1)\n    if i < a0.size:\n        a0[i] = s * (0.0");
  for (int i = 1; i < n; i++) p += sprintf(p, " + a%d[i]", i);
  p += sprintf(p, ")\n");
  char err[1024] = "";
  PjDevice *dev = NULL;
  PjStatus st = pj_device_open(PJ_TARGET_CUDA, 0, &dev, err, sizeof err);
  if (st != PJ_OK) {
    printf("launch_c: %s\n", err);
    return 77;
  }
  PjDiags *diags = pj_diags_new();
  PjSource *source = pj_source_new("k.py", src, strlen(src), diags);
  PjArgType types[101];
  for (int i = 0; i < n; i++) types[i] = (PjArgType){PJ_FLOAT32, 1, 'C'};
  types[n] = (PjArgType){PJ_FLOAT32, 0, 'C'};
  PjCompileOptions opts = {.target = PJ_TARGET_CUDA, .opt_level = 3, .arch = pj_device_arch(dev)};
  PjKernel *kernel = source ? pj_kernel_compile(source, 0, types, n + 1, &opts, diags, &st) : NULL;
  PjLoaded *loaded = NULL;
  if (!kernel || pj_kernel_load(dev, kernel, &loaded, err, sizeof err) != PJ_OK) {
    char *text = pj_diags_format(diags);
    printf("launch_c: %s %s\n", text ? text : "", err);
    return 1;
  }
  uint64_t buf;
  if (pj_mem_alloc(dev, 4096, &buf, err, sizeof err) != PJ_OK) return 1;
  PjValue args[101];
  memset(args, 0, sizeof args);
  for (int i = 0; i < n; i++) {
    args[i].dtype = PJ_FLOAT32;
    args[i].ndim = 1;
    args[i].shape[0] = 1024;
    args[i].strides[0] = 4;
    args[i].data = (void *)(uintptr_t)buf;
  }
  args[n].dtype = PJ_FLOAT32;
  args[n].scalar.f = 2.0;
  PjLaunchConfig config = {.grid = {4, 1, 1}, .block = {256, 1, 1}, .repeat = 1};
  for (int w = 0; w < 200; w++) pj_launch_async(loaded, &config, NULL, args, n + 1, err, sizeof err);
  pj_device_synchronize(dev, err, sizeof err);
  double batch[20];
  for (int b = 0; b < 20; b++) {
    double t0 = pj_now_ms();
    for (int i = 0; i < 2000; i++)
      if (pj_launch_async(loaded, &config, NULL, args, n + 1, err, sizeof err) != PJ_OK) {
        printf("launch_c: %s\n", err);
        return 1;
      }
    pj_device_synchronize(dev, err, sizeof err);
    batch[b] = (pj_now_ms() - t0) * 1e3 / 2000;
  }
  qsort(batch, 20, sizeof batch[0], cmp);
  printf("%.3f\n", (batch[9] + batch[10]) / 2);
  pj_mem_free(dev, buf);
  pj_loaded_delete(loaded);
  pj_kernel_delete(kernel);
  pj_source_delete(source);
  pj_diags_delete(diags);
  pj_device_close(dev);
  return 0;
}
