# The same explosion inside a device function: its nest of sixteen `for q in range(2)` around
# `while x:` is optimized in the kernel's module, so the kernel is compiled without LLVM's unrollers
# too (backend/unroll.c counts every device function), in milliseconds (CTest: 60 s).
# ARGS: --emit=llvm -O2 --target=cuda --sig "void(int64[:])"
from numba import cuda

@cuda.jit(device=True)
def dev(x):
    for q in range(2):
     while x:
      for q in range(2):
       while x:
        for q in range(2):
         while x:
          for q in range(2):
           while x:
            for q in range(2):
             while x:
              for q in range(2):
               while x:
                for q in range(2):
                 while x:
                  for q in range(2):
                   while x:
                    for q in range(2):
                     while x:
                      for q in range(2):
                       while x:
                        for q in range(2):
                         while x:
                          for q in range(2):
                           while x:
                            for q in range(2):
                             while x:
                              for q in range(2):
                               while x:
                                for q in range(2):
                                 while x:
                                  for q in range(2):
                                   while x:
                                    x = 1 + x + x
                                    cuda.syncthreads()
    return x

@cuda.jit
def k(a):
    a[0] = dev(cuda.grid(1))


# LLVM-LABEL: define ptx_kernel void @k(
# LLVM: while.cond
# LLVM: ret void
