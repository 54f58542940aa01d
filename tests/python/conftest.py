import os
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)  # helpers_mod

ON_CUDA = os.environ.get("PYJITC_TEST_TARGET") == "cuda"


@pytest.fixture
def rng():
    return np.random.default_rng(1234)


def pytest_report_header(config):
    return f"pyjitc test target: {'cuda' if ON_CUDA else 'cpu'}"
