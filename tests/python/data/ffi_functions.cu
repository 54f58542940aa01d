// Device functions written in CUDA C, called from Python kernels through cuda.declare_device.
// numba's ABI: an int status (0) and the result through the pointer passed first.
extern "C" __device__ int mul_f32_f32(float *result, float a, float b) {
  *result = a * b;
  return 0;
}

// a loop and mixed argument types: x**n by repeated multiplication, plus a signed small integer
extern "C" __device__ int powi_f64(double *result, double x, int n, short bias) {
  double r = 1.0;
  for (int i = 0; i < n; i++) r *= x;
  *result = r + bias;
  return 0;
}

// the C ABI (declare_device(..., abi="c")): the result is returned
extern "C" __device__ long long clamp_i64(long long v, long long lo, long long hi) {
  return v < lo ? lo : v > hi ? hi : v;
}
