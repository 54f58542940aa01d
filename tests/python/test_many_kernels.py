"""A process that makes kernels without end (exec() in a loop, as code generators do) keeps a
bounded amount of what it learnt of them: each kernel computes its own numbers, a raise in the
newest still reaches the host as its exception, and the texts kept for raise statements stay
within their bound (tests/soak/soak.py measures the memory of 10^4 such kernels)."""
import numpy as np
import pytest

from pyjitc import cuda
from pyjitc import _dispatcher

TEMPLATE = """
def checked_{n}(x, out):
    i = cuda.grid(1)
    if i < x.size:
        if x[i] < 0:
            raise ValueError("negative in kernel {n}")
        out[i] = x[i] * {n}
"""


def make(n):
    ns = {}
    exec(compile(TEMPLATE.format(n=n), "<many kernels>", "exec"), {"cuda": cuda}, ns)
    return cuda.jit(debug=True, opt=False)(ns[f"checked_{n}"])


def test_many_kernels_with_raise_statements():
    x = np.arange(1.0, 9.0)
    out = np.zeros_like(x)
    count = _dispatcher._RAISE_SOURCES_PER_PATH + 40
    for n in range(count):
        kern = make(n)
        kern[1, 8](x, out)
        np.testing.assert_array_equal(out, x * n)
        assert len(_dispatcher._RAISE_SOURCES["<many kernels>"]) <= _dispatcher._RAISE_SOURCES_PER_PATH
    x[3] = -1.0
    with pytest.raises(ValueError, match=f"negative in kernel {count - 1}$"):
        kern[1, 8](x, out)
