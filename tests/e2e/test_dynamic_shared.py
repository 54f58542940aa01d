"""cuda.shared.array(0, dtype): the launch's dynamic shared memory, as many elements as its bytes
hold (.size), shared by the block, on the test's target."""
import numpy as np

from pjrun import here, launch

K = here(__file__, "kernels/dynamic_shared.py")


def test_dynamic_shared_reverse_within_blocks():
    x = np.arange(128, dtype=np.float32)
    out, _ = launch(K, 2, 64, x, np.full(128, -1, np.float32), kernel="k", options=("--shared", "256"))
    np.testing.assert_array_equal(out["out"], x.reshape(2, 64)[:, ::-1].reshape(-1) + 64)


def test_dynamic_shared_size_follows_the_launch():
    for nbytes in (4, 512, 4096):
        out, _ = launch(K, 2, 32, np.full(64, -1, np.int64), kernel="size_of", options=("--shared", str(nbytes)))
        assert (out["out"] == nbytes // 4).all(), (nbytes, out["out"])
