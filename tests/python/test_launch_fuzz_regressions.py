"""Defects tests/fuzz/fuzz_launch.py found in the launch machinery that are not about a bad input
(those are in test_bad_input.py): each checked on real data against NumPy."""
import gc
import sys

import numpy as np
import pytest

from pyjitc import cuda

pytestmark = pytest.mark.filterwarnings("ignore")  # the performance warnings of small grids and host arrays


@cuda.jit
def add_one(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] += 1


def test_a_new_stream_for_each_launch_keeps_memory_flat():
    # each launch configuration's launcher was kept for good, keyed by the configuration: a stream
    # made for each launch is a new key each time, so every launcher (and every stream) stayed
    d = cuda.to_device(np.zeros(64, np.float32))
    for _ in range(100):
        s = cuda.stream()
        add_one[2, 32, s](d)
        s.synchronize()
    gc.collect()
    before = sys.getallocatedblocks()
    for _ in range(2000):
        s = cuda.stream()
        add_one[2, 32, s](d)
        s.synchronize()
    gc.collect()
    assert sys.getallocatedblocks() - before < 1000
    assert len(add_one._launchers) <= 64
    np.testing.assert_array_equal(d.copy_to_host(), np.full(64, 2100, np.float32))


def test_a_launcher_held_past_the_cache_still_launches_and_recompiles():
    # a launcher the program keeps while many other configurations push it out of the dispatcher's
    # cache still launches, and recompile() still reaches it
    d = cuda.to_device(np.zeros(64, np.float32))
    held = add_one[2, 32]
    for blocks in range(1, 200):
        add_one[blocks, 32](d)
    held(d)
    add_one.recompile()
    held(d)
    want = np.zeros(64, np.float32)
    for blocks in range(1, 200):
        want[:blocks * 32] += 1
    want += 2
    np.testing.assert_array_equal(d.copy_to_host(), want)
