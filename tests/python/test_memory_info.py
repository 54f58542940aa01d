"""numba's context.get_memory_info(): free and total bytes of device memory (on the CPU executor,
the host's available and total memory, as /proc/meminfo gives them)."""
import os

import numpy as np

from pyjitc import cuda

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"


def test_memory_info_is_free_and_total():
    info = cuda.current_context().get_memory_info()
    assert info == (info.free, info.total)
    assert 0 < info.free <= info.total
    if ON_CUDA:
        # an allocation of 256 MiB is taken from what is free; the total stays
        d = cuda.device_array(64 << 20, dtype=np.float32)
        after = cuda.current_context().get_memory_info()
        assert after.total == info.total
        assert info.free - after.free >= 250 << 20
        del d
    else:
        with open("/proc/meminfo") as f:
            fields = dict(line.split(":") for line in f)
        assert info.total == int(fields["MemTotal"].split()[0]) * 1024
