# Full unrolling of constant ranges around loops that stay loops multiplies those loops: this nest
# of sixteen `for q in range(2)` around `while x:` would leave 2**16 while loops, and LLVM's later
# passes took seconds from ten levels on (14 s at twelve; a fuzzer's hang). The kernel counts the
# copies (backend/unroll.c) and compiles this one without LLVM's unrollers: in milliseconds, its
# loops kept as loops. (CTest gives codegen tests 60 s.) The 2-iteration ranges stay loops too.
# ARGS: --emit=llvm -O2 --target=cuda --sig "void(int64[:])"
from numba import cuda


@cuda.jit
def k(a):
    x = cuda.grid(1)
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
    a[0] = x

# LLVM-LABEL: define ptx_kernel void @k(
# LLVM: while.cond
# LLVM: store i64 0, ptr %a1
# LLVM: ret void
