"""Enum members in kernels, as numba types them: an IntEnum member is its integer, a member of
another Enum a value compared by identity; members as globals (Color.red, Color["red"]) and as
kernel arguments; `is` between values of one type is `==`, of two types False (numba's)."""
import enum

import numpy as np

from pyjitc import cuda


class Color(enum.Enum):
    red = 1
    green = 2
    blue = "b"


class Planet(enum.Enum):
    EARTH = (5.97e24, 6.37e6)
    MARS = (6.42e23, 3.39e6)


class Code(enum.IntEnum):
    ok = 200
    missing = 404
    broken = 500


def compare(a, b, out):
    out[0] = a == b
    out[1] = a != b
    out[2] = a is b
    out[3] = a is not b


def test_members_as_arguments_compare_as_python_does():
    k = cuda.jit(compare)
    for a, b in [(Color.red, Color.red), (Color.red, Color.green), (Color.blue, Color.blue),
                 (Planet.EARTH, Planet.MARS), (Planet.MARS, Planet.MARS), (Code.ok, Code.ok), (Code.ok, Code.broken)]:
        got, want = np.zeros(4, np.bool_), np.zeros(4, np.bool_)
        k[1, 1](a, b, got)
        compare(a, b, want)
        np.testing.assert_array_equal(got, want, err_msg=f"{a} vs {b}")


def test_members_as_globals_and_int_enums_as_integers():
    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            same = Color.red == Color["red"] and Color.green != Color.red
            if x[i] > Code.missing:
                out[i] = x[i] - Code["ok"] + same
            elif x[i] == Code.missing:
                out[i] = Code.broken
            else:
                out[i] = x[i] + Code.ok * 2

    x = np.array([100, 404, 450, 600, 3], dtype=np.int64)
    out = np.zeros(5, np.int64)
    k[1, 32](x, out)
    want = [v - 200 + 1 if v > 404 else 500 if v == 404 else v + 400 for v in x]
    np.testing.assert_array_equal(out, want)


def test_is_between_numbers():
    @cuda.jit
    def k(a, b, c, out):
        out[0] = a is b        # int64 and int64: ==
        out[1] = a is c        # int64 and float64: False
        out[2] = a is not c
        out[3] = c is None

    out = np.zeros(4, np.bool_)
    k[1, 1](3, 3, 3.0, out)
    np.testing.assert_array_equal(out, [True, False, True, False])
