// Device functions taking pointers (numba's CPointer parameters), called from Python kernels with
// ffi.from_buffer(array): they read and write the array's elements in place.
// numba's ABI: each row of n elements gets its prefix sums; the status is 0.
extern "C" __device__ int prefix_sum_i32(int *status_unused, int *a, int n) {
  for (int i = 1; i < n; i++) a[i] += a[i - 1];
  return 0;
}

// the C ABI: the dot product of two float64 vectors
extern "C" __device__ double dot_f64(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * y[i];
  return s;
}
