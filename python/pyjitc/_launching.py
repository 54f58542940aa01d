"""What a launch takes besides the kernel: tuple arguments flattened into their items (the kernel's
parameters) and the argument tree that rebuilds them, the launch configuration kernel[grid, block,
stream, shared] checked as numba checks it and the launchers made of it (with numba's launch
extensions), and the warnings a launch gives (a small grid, host arrays copied)."""
import numbers
import warnings

import numpy as np

from . import _config
from . import _core
from ._signatures import _is_tuple, _tuple_shape
from .errors import NumbaPerformanceWarning


def _leaves(types):
    """The argument types with each tuple replaced by its items, recursively."""
    out = []
    for t in types:
        out.extend(_leaves(t[1]) if _is_tuple(t) else (t,))
    return out


def _tree(types):
    """The argument tree the compiler takes, [(items or -1, name, fields)] in prefix order; None
    when no argument is a tuple."""
    if not any(_is_tuple(t) for t in types):
        return None
    out = []

    def walk(t):
        if _is_tuple(t):
            out.append((len(t[1]), t[2], t[3]))
            for item in t[1]:
                walk(item)
        else:
            out.append((-1, None, None))
    for t in types:
        walk(t)
    return out


def _flatten(args):
    """(the arguments with tuples replaced by their items, recursively; the shape that puts them
    back: per argument None, or (name, fields, (item shapes...)) for a tuple)."""
    flat = []

    def walk(v):
        if isinstance(v, tuple):
            return _tuple_shape(v) + (tuple(walk(x) for x in v),)
        flat.append(v)
        return None
    shape = tuple(walk(a) for a in args)
    return flat, shape


def _leaf_place(shape, k):
    """Where the k-th item of a flattened launch was: "2 (item [1][0])" for argument 2's x[1][0]."""
    def walk(s, path):
        nonlocal k
        if s is None:
            k -= 1
            return path if k < 0 else None
        for i, item in enumerate(s[2]):
            found = walk(item, path + f"[{i}]")
            if found is not None:
                return found
        return None
    for i, s in enumerate(shape):
        path = walk(s, "")
        if path is not None:
            return f"{i + 1} (item {path})" if path else str(i + 1)
    return "?"


def _with_tuples(shape, leaves):
    """The argument types of a launch flattened by _flatten, its tuples put back."""
    it = iter(leaves)

    def build(s):
        if s is None:
            return next(it)
        name, fields, items = s
        return ("tuple", tuple(build(x) for x in items), name, fields)
    return tuple(build(s) for s in shape)


class _LaunchConfiguration(_core.Launcher):
    """kernel[grid, block, stream, shared]: call it with the kernel's arguments. griddim and
    blockdim are 3-tuples; pre_launch_callbacks, a list of callables run as callback(kernel,
    launch_config) before each launch (host code: they must not use the device). Pickled as its
    dispatcher and configuration."""

    def __reduce__(self):
        from ._serialize import reduce_launch
        return reduce_launch(self)


_LAUNCHERS_KEPT = 64  # launchers a dispatcher keeps for the launch configurations it saw last


class _ExtendedLauncher:
    """A launch through the dispatcher's extensions: each argument goes through every
    extension's prepare_args, then the clean-ups they queued (retr) run after the launch."""

    def __init__(self, dispatcher, launcher, config):
        self._dispatcher, self._launcher, self._config = dispatcher, launcher, config

    def __call__(self, *args):
        from .types import typeof
        stream = self._config[2] if isinstance(self._config, tuple) and len(self._config) > 2 else 0
        retr, out = [], []
        for value in args:
            try:
                ty = typeof(value)
            except (ValueError, NotImplementedError):
                ty = None
            for ext in self._dispatcher.extensions:
                ty, value = ext.prepare_args(ty, value, stream=stream, retr=retr)
            out.append(value)
        self._launcher(*out)
        for fn in retr:
            fn()


def _no_launch(*args):
    """What forall(0) returns: a launch of no tasks does nothing."""


def _check_dims(d, name):
    """A launch's grid or block as the user gave it, checked as numba checks it: an integer or a
    sequence of 1 to 3 integers (ValueError for more, TypeError for what is not an integer)."""
    items = list(d) if isinstance(d, (tuple, list)) else [d]
    if not 1 <= len(items) <= 3:
        raise ValueError(f"launch configuration: {name} must be a sequence of 1, 2 or 3 integers, got {items!r}")
    if not all(isinstance(v, numbers.Integral) for v in items):
        raise TypeError(f"launch configuration: {name} must be a sequence of integers, got {items!r}")
    return d


def _warn_low_occupancy(grid):
    """NumbaPerformanceWarning for a grid of fewer than 128 blocks, numba's threshold: a GPU needs
    about two blocks per multiprocessor to be busy (an H100 has 132), so a smaller grid leaves most
    of it idle."""
    if isinstance(grid, (int, np.integer)):
        blocks = int(grid)
    else:
        blocks = 1
        for x in grid:
            blocks *= int(x)
    if blocks < 128:
        warnings.warn(NumbaPerformanceWarning(
            f"Grid size {blocks} will likely result in GPU under-utilization due to low occupancy "
            "(a grid of fewer than 128 blocks leaves most of the GPU's multiprocessors idle; "
            "config.CUDA_LOW_OCCUPANCY_WARNINGS = 0 turns this warning off)"), stacklevel=4)


def _host_arrays_used(kernel, args, indices):
    """Called by a launch given host (NumPy) arrays, at the positions `indices`: a
    NumbaPerformanceWarning, as numba's, unless config turns it off. A GPU launch copies each such
    array to the device and back (the CPU executor runs the kernel on them in place, but the
    program pays the copies on a GPU). Mapped and managed arrays are used in place: no warning."""
    if not _config.CUDA_WARN_ON_IMPLICIT_COPY or _config.DISABLE_PERFORMANCE_WARNINGS:
        return
    from ._devicearray import MappedNDArray
    host = [i + 1 for i in indices if not isinstance(args[i], MappedNDArray)]
    if host:
        which = f"argument{'s' if len(host) > 1 else ''} {', '.join(map(str, host))}"
        warnings.warn(NumbaPerformanceWarning(
            f"Host array used in CUDA kernel will incur copy overhead to/from device ({which} of kernel "
            f"'{kernel}'; cuda.to_device() keeps an array on the device between launches)"), stacklevel=2)


_core.set_host_array_hook(_host_arrays_used)


def _dims(d):
    if isinstance(d, (int, np.integer)):
        return int(d)
    return tuple(int(x) for x in d)
