# A for loop over an iterable that fails to type reports that failure once, in a kernel and in a
# device function a kernel calls (where a crash used to follow: the reads-before-assignment walk
# ran over the rejected loop). A variable used before it has a value is reported at its first use
# only, however many uses follow on the line.
# ARGS: --emit=types --sig "void(float32[:])"
from numba import cuda


@cuda.jit(device=True)
def dev(x):
    for q in undefined_iterable @ x:  # expect error@14: name 'undefined_iterable' is not defined
        x = q
    return x


@cuda.jit
def k(a):
    for q in not_a_sequence:  # expect error@14: name 'not_a_sequence' is not defined
        a[0] = q
    a[1] = dev(a[0])  # expect error@12: in the call of device function 'dev' from here
    a[2] = w + w * w - w  # expect error@12: local variable 'w' is used before it has a value
    w = undefined_value  # expect error@9: name 'undefined_value' is not defined
