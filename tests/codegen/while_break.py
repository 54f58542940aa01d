# while / break / continue lower to branches: the loop condition is tested at the head, break
# jumps past the loop, continue back to the head (LLVM IR at -O0 keeps the blocks apart).
# ARGS: --emit=llvm -O0 --sig "void(int64[:], int64)"
from numba import cuda


@cuda.jit
def collatz(out, n):
    steps = 0
    while n != 1:
        steps += 1
        if steps > 1000:
            break
        if n % 2 == 0:
            n = n // 2
            continue
        n = 3 * n + 1
    out[0] = steps

# LLVM-LABEL: define {{.*}}void @collatz(
# The loop head: reached from before the loop, from continue, and from the end of the body.
# LLVM: {{^}}[[HEAD:[a-z.0-9_]+]]:{{ +}}; preds = %{{[^,]+}}, %{{[^,]+}}, %{{[^,]+}}{{$}}
# LLVM-NEXT: [[NV:%[a-z.0-9_]+]] = load i64, ptr %n
# LLVM-NEXT: [[C:%[0-9]+]] = icmp ne i64 [[NV]], 1
# LLVM-NEXT: br i1 [[C]], label %{{[a-z.0-9_]+}}, label %[[EXIT:[a-z.0-9_]+]]
# break: its block jumps straight to the loop exit.
# LLVM: [[B:%[0-9]+]] = icmp sgt i64 {{%[a-z.0-9_]+}}, 1000
# LLVM-NEXT: br i1 [[B]], label %[[BRK:[a-z.0-9_]+]], label
# LLVM: {{^}}[[BRK]]:
# LLVM-NEXT: br label %[[EXIT]]
# continue: after n = n // 2, back to the head.
# LLVM: store i64 {{%[0-9]+}}, ptr %n
# LLVM-NEXT: br label %[[HEAD]]
# The end of the body: n = 3 * n + 1, back to the head.
# LLVM: mul i64 3,
# LLVM: br label %[[HEAD]]
# LLVM: {{^}}}
