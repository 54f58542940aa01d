"""numba.core of the stand-in: only `types` and `errors`."""
