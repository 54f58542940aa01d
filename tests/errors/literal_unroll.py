# literal_unroll() walks a tuple, as the iterable of a for loop with a name as target; the body
# must leave the tuple alone. Each copy of the body is typed for its item.
# ARGS: --emit=types --sig "void(float64[:], float64)"
from numba import cuda, literal_unroll


@cuda.jit
def k(a, x):
    for v in literal_unroll(a):  # expect error@29: literal_unroll() takes a tuple, not array(float64, 1d, C)
        pass
    t = literal_unroll((1, 2))  # expect error@9: literal_unroll() is only supported as the iterable of a for loop
    u = (1, 2.5)
    for v, w in literal_unroll(u):  # expect error@9: the target of a for loop over literal_unroll() must be a name
        pass
    for v in literal_unroll(u):  # expect error@29: the loop assigns 'u', which literal_unroll() walks
        u = (2, 3.5)
    a[0] = u[0]  # u read after the loop: the loop's u and the tuple walked are one variable
    for v in literal_unroll((a, x)):
        a[0] = v[0]  # expect error@16: float64 cannot be indexed
