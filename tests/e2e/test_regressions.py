"""Bugs found by review, each pinned with the input that showed it (numba's answer as reference)."""
import numpy as np

from pjrun import here, launch

K = here(__file__, "kernels/regressions.py")


def run(kernel, *args):
    out, _ = launch(K, 1, 1, *args, kernel=kernel)
    return out


def test_range_counts_first_and_types_mixed_signs():
    # range(2147483600, 2147483647, 10) in int32 once looped forever (the counter overflowed);
    # range(uint64(3), 0, -1) once ran no iteration (an unsigned counter)
    out = run("range_near_limits", np.zeros(2, np.int64), np.int32(2147483600), np.int32(2147483647), np.int32(10),
              np.uint64(3))
    assert out["out"].tolist() == [len(range(2147483600, 2147483647, 10)), 3 + 2 + 1]


def test_augmented_assignment_evaluates_its_index_once():
    out = run("aug_index_once", np.zeros(4, np.int64), np.zeros(1, np.int64))
    assert out["a"].tolist() == [0, 10, 0, 0] and out["c"].tolist() == [1]


def test_chained_comparison_stops_at_the_first_false_pair():
    out = run("chain_short_circuit", np.array([0.0, -1.0]), np.zeros(2, np.int64))
    assert out["c"].tolist() == [0, 0] and out["x"][0] == 0.0


def test_module_level_rebinding_and_constant_expressions():
    out = run("module_values", np.zeros(4))
    assert out["out"].tolist() == [4, 3.0, 13, 1 // 0.1]


def test_int_and_float_keep_the_argument_width():
    out = run("casts_keep_width", np.array([2**63], np.uint64), np.array([0.1, 0.2], np.float32), np.zeros(3))
    assert out["out"][0] == float(2**62) and out["out"][1] == 1.0
    assert out["out"][2] == float(np.float32(0.1) + np.float32(0.2))


def test_float_to_integer_power_by_squaring():
    out = run("float_int_power", np.array([1.014]), 7, np.zeros(3))

    def squaring(x, n):
        r, b, e = 1.0, x, abs(n)
        while e:
            if e & 1:
                r *= b
            b *= b
            e >>= 1
        return 1.0 / r if n < 0 else r

    assert out["out"].tolist() == [squaring(1.014, 7), squaring(1.014, -7), squaring(1.014, 100)]


def test_shape_is_a_tuple_value():
    out = run("shape_tuple", np.zeros((3, 4)), np.zeros(1, np.int64), 1)
    assert out["out"][0] == 34


def test_arrays_inside_tuples_and_short_tuple_indices():
    a, b = np.arange(5.0), np.arange(5.0) * 10
    out = run("tuple_of_arrays", a, b, np.zeros(2))
    assert out["out"].tolist() == [a[1] + b[2], b[-1]]
    m = np.arange(12.0).reshape(3, 4)
    out = run("short_tuple_index", m, np.zeros(3))
    assert out["out"].tolist() == [m[(1,)][3], m[(1,)][2], m[(2, -1)]]
