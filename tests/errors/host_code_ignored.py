# Only @cuda.jit kernels are held to the kernel language: a host function, a class and module code
# using with/try/lambda/comprehensions/f-strings/print in the same file are not reported, while
# the kernel's own error is.
# ARGS: --emit=types --sig "void(float64[:])"
from numba import cuda
import numpy as np


def host_helper(xs):
    with open("log.txt", "w") as f:
        f.write(str([x * 2 for x in xs]))
    try:
        return {k: v for k, v in enumerate(xs)}
    except Exception:
        raise


class Runner:
    def go(self):
        return lambda: print("go")


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i] = "x"  # expect error@12: strings are not supported


if __name__ == "__main__":
    data = np.zeros(16)
    k[1, 16](data)
    print(f"{host_helper([1, 2])} {Runner().go()()}")
