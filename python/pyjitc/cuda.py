"""pyjitc.cuda: a drop-in for numba.cuda. `from pyjitc import cuda` and the numba-cuda program
runs under pyjitc: on the GPU, or on the CPU executor where there is none (or PYJITC_TARGET=cpu).

The kernel-side names (cuda.grid, cuda.shared.array, cuda.atomic.add, ...) are markers the
compiler reads; called on the host they raise."""
import collections
import enum as _enum
import os
import sys
import threading
import types as _pytypes

import numpy as _np

from . import _core
from ._devicearray import (DeviceNDArray, In, InOut, ManagedNDArray, MappedNDArray, Out, as_cuda_array,  # noqa: F401
                           is_cuda_array, is_device_array, managed_array, mapped_array, mapped_array_like,
                           pinned_array, pinned_array_like)
from . import _devicearray as devicearray  # numba.cuda.devicearray (auto_device, from_array_like, ...)
from ._devicearray import from_cuda_array_interface  # noqa: F401
from ._compile_api import (compile, compile_all, compile_for_current_device, compile_ptx,  # noqa: A004
                           compile_ptx_for_current_device)
from ._dispatcher import Dispatcher, jit
from ._foreign import declare_device
from ._runtime import device as _device
from ._linkable import LTOIR, Archive, Cubin, CUSource, Fatbin, LinkableCode, Object, PTXSource
from .errors import CudaAPIError, CudaError, CudaSupportError, TypingError
from . import _config as config  # numba.cuda.config: the switches pyjitc follows (warnings, debug, opt)
from .types import *  # noqa: F401,F403  (numba.cuda re-exports the type names too)
from . import types  # numba.cuda.types: the type classes and objects (cuda.types.int32, types.Array, ...)
from . import _random as random  # numba.cuda.random: `from pyjitc.cuda.random import ...` works too
from ._random import device_array, device_array_like, to_device  # those of _devicearray, random states too

sys.modules[__name__ + ".random"] = random
sys.modules[__name__ + ".config"] = config
# numba's per-thread default stream setting, read once as CUDA Python reads it
_core.default_stream_per_thread(bool(config.CUDA_PER_THREAD_DEFAULT_STREAM))


class _KernelName:
    """A name only kernels can use (cuda.syncthreads, cuda.threadIdx, ...)."""

    def __init__(self, qualname, children=()):
        self._pyjitc_qualname = qualname
        for c in children:
            setattr(self, c, _KernelName(f"{qualname}.{c}"))

    def __call__(self, *args, **kwargs):
        raise TypeError(f"{self._pyjitc_qualname}() can only be called inside a kernel")

    def __repr__(self):
        return f"<kernel-side {self._pyjitc_qualname}>"


_XYZ = ("x", "y", "z")
threadIdx = _KernelName("cuda.threadIdx", _XYZ)
blockIdx = _KernelName("cuda.blockIdx", _XYZ)
blockDim = _KernelName("cuda.blockDim", _XYZ)
gridDim = _KernelName("cuda.gridDim", _XYZ)
laneid = _KernelName("cuda.laneid")
warpsize = _KernelName("cuda.warpsize")
shared = _KernelName("cuda.shared", ("array",))
local = _KernelName("cuda.local", ("array",))
const = _KernelName("cuda.const", ("array_like",))
atomic = _KernelName("cuda.atomic", ("add", "sub", "and_", "or_", "xor", "exch", "inc", "dec", "max", "min",
                                     "nanmax", "nanmin", "cas", "compare_and_swap"))
fp16 = _KernelName("cuda.fp16", ("hadd", "hsub", "hmul", "hdiv", "hneg", "habs", "hfma", "hmax", "hmin", "heq",
                                 "hne", "hge", "hgt", "hle", "hlt", "hrcp", "hrsqrt", "hsqrt", "hexp", "hexp2", "hexp10",
                                 "hlog", "hlog2", "hlog10", "hsin", "hcos", "hfloor", "hceil", "htrunc", "hrint"))
# cuda.bf16 (numba.cuda.bf16): the bfloat16 type and its intrinsics, a module of its own so that
# `from numba.cuda.bf16 import bfloat16, hadd` works; numba-cuda's generated bindings
# (numba.cuda._internal.cuda_bf16: nv_bfloat16, htrunc, ...) are the same names.
_BF16_NAMES = ("habs", "hadd", "hsub", "hmul", "hdiv", "hneg", "hfma", "hadd_rn", "hsub_rn", "hmul_rn", "hadd_sat",
               "hsub_sat", "hmul_sat", "hfma_sat", "hfma_relu", "heq", "hne", "hge", "hgt", "hle", "hlt", "hmax",
               "hmin", "hmax_nan", "hmin_nan", "hisnan", "hisinf", "hrcp", "hrsqrt", "hsqrt", "hexp", "hexp2",
               "hexp10", "hlog", "hlog2", "hlog10", "hsin", "hcos", "htanh", "htanh_approx", "hfloor", "hceil",
               "htrunc", "hrint", "hequ", "hneu", "hgeu", "hgtu", "hleu", "hltu")
bf16 = _pytypes.ModuleType(__name__ + ".bf16", "bfloat16 in kernels: the type and its intrinsics (compute "
                           "capability 8.0 and up on the GPU; the CPU executor has them too).")
bf16.bfloat16 = types.bfloat16
for _n in _BF16_NAMES:
    setattr(bf16, _n, _KernelName("cuda.bf16." + _n))
# conversions with a rounding mode, and bit casts: numba's names (int32_to_bfloat16_rz) and CUDA's
# (int2bfloat16_rz), one builtin each
_BF16_CTYPES = {"int16": "short", "uint16": "ushort", "int32": "int", "uint32": "uint", "int64": "ll", "uint64": "ull"}
_BF16_CONVERSIONS = {"float32_to_bfloat16": "float2bfloat16", "float64_to_bfloat16": "double2bfloat16",
                     "bfloat16_to_float32": "bfloat162float", "bfloat16_to_int8_rz": "bfloat162char_rz",
                     "bfloat16_to_uint8_rz": "bfloat162uchar_rz"}
for _m in ("rn", "rz", "rd", "ru"):
    _BF16_CONVERSIONS[f"float32_to_bfloat16_{_m}"] = f"float2bfloat16_{_m}"
    for _t, _c in _BF16_CTYPES.items():
        _BF16_CONVERSIONS[f"{_t}_to_bfloat16_{_m}"] = f"{_c}2bfloat16_{_m}"
        _BF16_CONVERSIONS[f"bfloat16_to_{_t}_{_m}"] = f"bfloat162{_c}_{_m}"
for _t in ("int16", "uint16"):
    _BF16_CONVERSIONS[f"bfloat16_as_{_t}"] = f"bfloat16_as_{_BF16_CTYPES[_t]}"
    _BF16_CONVERSIONS[f"{_t}_as_bfloat16"] = f"{_BF16_CTYPES[_t]}_as_bfloat16"
for _n, _c in _BF16_CONVERSIONS.items():
    setattr(bf16, _n, _KernelName("cuda.bf16." + _n))
    setattr(bf16, _c, getattr(bf16, _n))
sys.modules[bf16.__name__] = bf16
_internal = _pytypes.ModuleType(__name__ + "._internal", "numba-cuda's generated bindings, as far as pyjitc has them.")
_internal.__path__ = []
_internal.cuda_bf16 = _pytypes.ModuleType(__name__ + "._internal.cuda_bf16", "numba-cuda's bfloat16 bindings.")
_internal.cuda_bf16.nv_bfloat16 = types.bfloat16
for _n in _BF16_NAMES:
    setattr(_internal.cuda_bf16, _n, getattr(bf16, _n))
for _c in _BF16_CONVERSIONS.values():  # numba-cuda's bindings keep CUDA's names: __int2bfloat16_rz
    setattr(_internal.cuda_bf16, "__" + _c, getattr(bf16, _c))
sys.modules[_internal.__name__] = _internal
# numba-cuda's FP8 bindings: the three 8-bit float types (conversions only, backend/fp8conv.c)
_internal.cuda_fp8 = _pytypes.ModuleType(__name__ + "._internal.cuda_fp8", "numba-cuda's FP8 bindings.")
_internal.cuda_fp8.fp8_e5m2, _internal.cuda_fp8.fp8_e4m3, _internal.cuda_fp8.fp8_e8m0 = \
    types.fp8_e5m2, types.fp8_e4m3, types.fp8_e8m0


class saturation_t(_enum.IntEnum):
    """CUDA's __nv_saturation_t: what a conversion into fp8 does with a value past the largest finite one."""
    NOSAT = 0
    SATFINITE = 1


class fp8_interpretation_t(_enum.IntEnum):
    """CUDA's __nv_fp8_interpretation_t: the fp8 format a conversion makes."""
    E4M3 = 0
    E5M2 = 1


saturation_t.__module__ = fp8_interpretation_t.__module__ = _internal.cuda_fp8.__name__
_internal.cuda_fp8.saturation_t, _internal.cuda_fp8.fp8_interpretation_t = saturation_t, fp8_interpretation_t
del saturation_t, fp8_interpretation_t
# the conversion intrinsics (CUDA's __nv_cvt_*), kernels only (stdlib/builtins.def: cuda.fp8.*)
for _n in ("cvt_double_to_fp8", "cvt_double2_to_fp8x2", "cvt_float_to_fp8", "cvt_float2_to_fp8x2",
           "cvt_bfloat16raw_to_fp8", "cvt_bfloat16raw_to_e8m0", "cvt_float_to_e8m0", "cvt_float2_to_e8m0x2",
           "cvt_double_to_e8m0", "cvt_double2_to_e8m0x2", "cvt_e8m0_to_bf16raw"):
    setattr(_internal.cuda_fp8, _n, _KernelName("cuda.fp8." + _n))


class _cudaRoundMode(_enum.IntEnum):
    """CUDA's cudaRoundMode, as cuda-bindings' runtime module has it, where that is not installed."""
    cudaRoundNearest = 0
    cudaRoundZero = 1
    cudaRoundPosInf = 2
    cudaRoundMinInf = 3


def _cuda_fp8_getattr(name):
    """cudaRoundMode (the e8m0 conversions' rounding): cuda-bindings' own when it imports (numba-cuda's
    module imports it from there), else an IntEnum of the same members; looked up on first use."""
    if name != "cudaRoundMode":
        raise AttributeError(f"module {_internal.cuda_fp8.__name__!r} has no attribute {name!r}")
    try:
        from cuda.bindings.runtime import cudaRoundMode as mode
    except Exception:  # not installed, or no CUDA runtime to load
        mode = _cudaRoundMode
        mode.__name__ = mode.__qualname__ = "cudaRoundMode"
    _internal.cuda_fp8.cudaRoundMode = mode
    return mode


_internal.cuda_fp8.__getattr__ = _cuda_fp8_getattr
sys.modules[_internal.cuda_fp8.__name__] = _internal.cuda_fp8
sys.modules[_internal.cuda_bf16.__name__] = _internal.cuda_bf16
# cuda.cg, cooperative groups: this_grid() and its sync(), a barrier of the whole grid. A module
# of its own as well, so that `from pyjitc.cuda.cg import this_grid` works as with numba.
cg = _pytypes.ModuleType(__name__ + ".cg", "Cooperative groups: cuda.cg.this_grid().sync() in kernels.")
cg._pyjitc_qualname = "cuda.cg"
cg.this_grid = _KernelName("cuda.cg.this_grid")
sys.modules[cg.__name__] = cg
# cuda.libdevice (numba.cuda.libdevice): CUDA's libdevice functions by name, libdevice.sincos(x); and
# numba.cuda.libdevicefuncs, their types (functions, create_signature)
from ._libdevice import libdevice, libdevicefuncs  # noqa: E402
sys.modules[libdevice.__name__] = libdevice
sys.modules[libdevicefuncs.__name__] = libdevicefuncs
# numba.cuda.args: the argument hints, as a module too
args = _pytypes.ModuleType(__name__ + ".args", "Kernel argument hints: In, Out, InOut, wrap_arg.")
args.In, args.Out, args.InOut, args.wrap_arg = In, Out, InOut, devicearray.wrap_arg
sys.modules[args.__name__] = args
for _n in ("grid", "gridsize", "syncthreads", "syncthreads_count", "syncthreads_and", "syncthreads_or", "syncwarp",
           "threadfence", "threadfence_block", "threadfence_system", "shfl_sync", "shfl_up_sync", "shfl_down_sync",
           "shfl_xor_sync", "all_sync", "any_sync", "eq_sync", "ballot_sync", "match_any_sync", "match_all_sync",
           "activemask", "lanemask_lt", "popc", "brev", "clz", "ffs", "fma", "selp", "cbrt", "nanosleep",
           "ldca", "ldcg", "ldcs", "ldlu", "ldcv", "stcg", "stcs", "stwb", "stwt", "carray", "farray"):
    setattr(sys.modules[__name__], _n, _KernelName("cuda." + _n))
del _n


# ---- the runtime -------------------------------------------------------------------------------

def is_available():
    """True when kernels run on a CUDA GPU (False on the CPU executor)."""
    try:
        return _device()[0] == "cuda"
    except CudaError:
        return False


def is_bfloat16_supported():
    """Whether kernels can use bfloat16 (numba.cuda.bf16): on the GPU, compute capability 8.0 and up
    (native bf16 arithmetic and conversions); the CPU executor always supports it (LLVM's bfloat,
    computed in float32 and rounded to nearest even)."""
    if _device()[0] != "cuda":
        return True
    return get_current_device().compute_capability >= (8, 0)


def is_fp8_supported():
    """Whether kernels can use the FP8 types (numba.cuda._internal.cuda_fp8): numba-cuda's rule on
    the GPU, compute capability 8.9 and up; the CPU executor always (conversions in integer IR)."""
    if _device()[0] != "cuda":
        return True
    return get_current_device().compute_capability >= (8, 9)


# numba.cuda.api: the runtime functions as a module of their own
api = _pytypes.ModuleType(__name__ + ".api", "numba.cuda.api: runtime queries.")
api.is_available, api.is_bfloat16_supported, api.is_fp8_supported = is_available, is_bfloat16_supported, is_fp8_supported
sys.modules[api.__name__] = api


def detect():
    """Prints the devices (numba's detect): every GPU the driver finds, named where this process
    uses it; True when there is a GPU."""
    target, name, arch, current = _device()
    if target != "cuda":
        n = _core.cpu_device_count()  # PYJITC_CPU_DEVICES
        print(f"Found {n} device{'' if n == 1 else 's'} (no CUDA GPU: the CPU executor)")
        for i in range(n):
            print(f"id {i}    {name}")
        return False
    n = _core.gpu_count()
    print(f"Found {n} CUDA device{'' if n == 1 else 's'}")
    for i in range(n):
        if _core.is_open(i):
            _, name, arch, _ = _core.open("cuda", i)
            print(f"id {i}    {name}  [{arch}]" + ("  (current)" if i == current and n > 1 else ""))
        else:
            print(f"id {i}    (not used by this process yet)")
    return True


from . import _memmgr  # noqa: E402
from ._memmgr import (AutoFreePointer, BaseCUDAMemoryManager, GetIpcHandleMixin, HostOnlyCUDAMemoryManager,  # noqa
                      MemoryInfo, MemoryPointer, NumbaCUDAMemoryManager, set_memory_manager)


class _Device:
    """A device of numba's API (cuda.gpus[i], cuda.get_current_device()): GPU `id`, opened on first
    use; `with` makes it the current device of the thread for the block, as select_device does."""

    def __init__(self, ordinal):
        self.id = ordinal
        self._entered = threading.local()  # .stack: the devices current before each `with` (-1: none), a thread's own

    def _info(self):
        return _core.open("auto", self.id)

    @property
    def name(self):
        return self._info()[1].encode()

    @property
    def compute_capability(self):
        arch = self._info()[2]
        return (int(arch[3:-1]), int(arch[-1])) if arch else (9, 0)

    def __repr__(self):
        return f"<pyjitc device {self.id} '{self._info()[1]}'>"

    def __getattr__(self, name):
        """numba's device attributes, read on first use: MULTIPROCESSOR_COUNT, WARP_SIZE,
        MAX_THREADS_PER_BLOCK, MAX_SHARED_MEMORY_PER_BLOCK, ... (CUdevice_attribute's names
        without their prefix); the CPU executor answers with its launch limits."""
        if not name.isupper():
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
        value = _core.device_attribute(self.id, name)
        setattr(self, name, value)
        return value

    @property
    def device(self):
        """numba's context.device: the device (a context and its device are one object here)."""
        return self

    def __eq__(self, other):
        return isinstance(other, _Device) and other.id == self.id

    def __hash__(self):
        return hash(("pyjitc device", self.id))

    def can_access_peer(self, peer):
        """Whether this GPU's kernels and copies reach the peer GPU's memory directly (NVLink or
        PCIe peer to peer; copies between GPUs that cannot go through the host)."""
        return _core.can_access_peer(self.id, peer.id if isinstance(peer, _Device) else int(peer))

    def get_ipc_handle(self, memory):
        """numba's context.get_ipc_handle(memory): a CUDA IPC handle of device memory (a device
        array's gpu_data) that another process opens; needs a CUDA GPU (or the memory manager's
        handle, where a plugin manages the device's memory)."""
        return self.memory_manager.get_ipc_handle(memory)

    @property
    def memory_manager(self):
        """numba's context.memory_manager: the device's memory manager (pyjitc's own, or the EMM
        plugin of cuda.set_memory_manager / NUMBA_CUDA_MEMORY_MANAGER); may be assigned."""
        return _memmgr.manager(self)

    @memory_manager.setter
    def memory_manager(self, mgr):
        _memmgr.assign(self, mgr)

    @property
    def deallocations(self):
        """The manager's pending frees (numba's; pyjitc's own arrays free their memory at once)."""
        return self.memory_manager.deallocations

    def defer_cleanup(self):
        """A context manager: no memory the manager frees is freed during the block."""
        return self.memory_manager.defer_cleanup()

    def reset(self):
        """Waits for the device's work, and has the memory manager free what it holds (numba's
        context reset: a plugin's reset())."""
        _core.synchronize(self.id)
        if self.id in _memmgr._managers:
            _memmgr._managers[self.id].reset()

    def synchronize(self):
        _core.synchronize(self.id)

    def get_memory_info(self):
        """numba's context.get_memory_info(): MemoryInfo(free, total), bytes of device memory (on
        the CPU executor, the host's available and total memory; a plugin's own answer where one
        manages the device's memory)."""
        return self.memory_manager.get_memory_info()

    def __enter__(self):
        """`with cuda.gpus[i]:` runs the block with GPU i this thread's current device, and gives
        the thread back the device it had after it."""
        stack = self._entered.__dict__.setdefault("stack", [])
        stack.append(_select(self.id))
        return self

    def __exit__(self, *exc):
        _core.select(self._entered.stack.pop())
        return False


def _select(device_id):
    """Makes device_id the thread's device: the previous one's ordinal (-1: none)."""
    try:
        return _core.select(int(device_id))
    except ValueError as e:
        raise CudaError(str(e)) from None


_CONTEXTS = {}  # ordinal -> its _Device: one object per device, as numba has one context per device


def _context(ordinal):
    ctx = _CONTEXTS.get(ordinal)
    if ctx is None:
        ctx = _CONTEXTS.setdefault(ordinal, _Device(ordinal))
    return ctx


def get_current_device():
    """The calling thread's device: the GPU made current on this thread (select_device, `with
    cuda.gpus[i]:`, CuPy's Device(i).use()), else GPU 0 (the CPU executor where there is none)."""
    return _context(_device()[3])


def defer_cleanup():
    """numba's cuda.defer_cleanup(): a context manager during which the current device's memory
    manager frees nothing (its pending frees wait for the end of the block)."""
    return current_context().defer_cleanup()


def select_device(device_id):
    """Makes GPU device_id the current device of the calling thread (numba's rule: each thread
    has its own, GPU 0 where none was selected): kernels launch there, device arrays and streams
    are made there."""
    _select(device_id)
    return get_current_device()


def close():
    synchronize()


class _Gpus:
    """cuda.gpus: every GPU the driver finds (len, indexing, iteration); `with cuda.gpus[i]:`."""

    def __len__(self):  # without opening a device
        n = 0 if os.environ.get("PYJITC_TARGET", "auto") == "cpu" else _core.gpu_count()
        if n == 0:  # the CPU executor: no GPUs, unless PYJITC_CPU_DEVICES makes it several devices
            n = _core.cpu_device_count()
            n = n if n > 1 else 0
        return n

    def __getitem__(self, i):
        n = len(self)
        if isinstance(i, slice):  # cuda.gpus[1:], as numba's list of devices
            return [_context(k) for k in range(n)[i]]
        if not isinstance(i, int) or not -n <= i < n:
            raise IndexError(f"GPU {i}: there are {n}")
        return _context(i % n)

    def __iter__(self):
        return iter([self[i] for i in range(len(self))])

    @property
    def current(self):
        return get_current_device()


gpus = _Gpus()


def current_context(devnum=None):
    """numba's current_context(devnum=None): the thread's device (GPU devnum, made current, when
    given), answering get_memory_info(), synchronize() and get_ipc_handle() as a context does."""
    if devnum is not None:
        _select(devnum)
    return get_current_device()


def list_devices():
    """numba's list_devices(): every GPU, as cuda.gpus iterates them."""
    return list(gpus)


def synchronize():
    """Waits for everything queued on the calling thread's device."""
    _core.synchronize()


class Stream(_core.Stream):
    """cuda.stream(): launches and copies on it run in order, asynchronously to the host.
    handle: the CUstream as an int (on the CPU executor, a number that names the stream: its work
    is done in order when it is queued); external: whether other code made it (external_stream)."""

    external = False

    def __int__(self):
        return self.handle

    def __cuda_stream__(self):
        """The CUDA stream protocol (version 0, the CUstream's address): cuda.core and CuPy take it."""
        return (0, self.handle)

    def __repr__(self):
        if self.external:
            return f"<External CUDA stream {self.handle:d}>"
        return f"<CUDA stream {self.handle:d}>"

    def auto_synchronize(self):
        """A context manager: the block's work on the stream is waited for when the block ends."""
        stream = self

        class _Sync:
            def __enter__(self):
                return stream

            def __exit__(self, *exc):
                stream.synchronize()
        return _Sync()


def stream():
    """A new stream on the current device (numba's cuda.stream())."""
    _device()
    return Stream()


class _DefaultStream(Stream):
    """A default stream (numba's default_stream(), legacy_default_stream(),
    per_thread_default_stream()): handle 0, 1 (CU_STREAM_LEGACY) or 2 (CU_STREAM_PER_THREAD).
    Work given it runs in order with everything else on it."""

    _NAMES = {0: "<Default CUDA stream>", 1: "<Legacy default CUDA stream>", 2: "<Per-thread default CUDA stream>"}

    def __repr__(self):
        return self._NAMES[self.handle]

    def synchronize(self):
        """Waits for the default stream's work (the legacy one orders with every other blocking
        stream, so this waits for the device's work)."""
        if self.handle == 2:
            super().synchronize()
        else:
            synchronize()


def external_stream(ptr):
    """A stream made by other code (a CUstream's address as an int, e.g. from CuPy or PyTorch):
    launches and copies given it run on that stream; pyjitc never destroys it. On the CPU
    executor the number only names the stream (its work is done in order when queued)."""
    if not isinstance(ptr, int):
        raise TypeError("ptr for external stream must be an int")
    _device()
    s = Stream(int(ptr))
    s.external = True
    return s


def default_stream():
    """The default stream: handle 0, the per-thread default stream where
    config.CUDA_PER_THREAD_DEFAULT_STREAM is on, else the legacy one."""
    _device()
    return _DefaultStream(0)


def per_thread_default_stream():
    """The calling thread's default stream (CU_STREAM_PER_THREAD, handle 2)."""
    _device()
    return _DefaultStream(2)


def legacy_default_stream():
    """The legacy default stream (CU_STREAM_LEGACY, handle 1), which orders with every blocking stream."""
    _device()
    return _DefaultStream(1)


class Event(_core.Event):
    """cuda.event(timing=True): a point in a stream's work. record(stream=0) places it after the
    work queued so far; wait(stream=0) makes later work on a stream wait for it; query() says
    whether it has happened; synchronize() waits for it; elapsed_time(other) is the milliseconds
    between two recorded timing events (numba's CudaAPIError, CUDA_ERROR_INVALID_HANDLE, for an
    event made with timing=False or never recorded)."""

    def __init__(self, timing=True):
        super().__init__(timing)
        self.timing = bool(timing)


def event(timing=True):
    """numba's cuda.event(timing=True): a CUDA event on the current device; timing=False makes one
    that records no time (cheaper to record and wait on; elapsed_time refuses it)."""
    _device()
    return Event(timing)


def event_elapsed_time(evtstart, evtend):
    """Milliseconds from evtstart to evtend (both recorded, with timing)."""
    return evtstart.elapsed_time(evtend)


def profile_start():
    """Turns the CUDA profiler's collection on for the current device (cuProfilerStart): with
    Nsight Systems' --capture-range=cudaProfilerApi or nvprof's --profile-from-start off, only
    the work between profile_start() and profile_stop() is recorded. Nothing on the CPU executor."""
    _device()
    _core.profile(True)


def profile_stop():
    """Turns the CUDA profiler's collection off for the current device (cuProfilerStop)."""
    _device()
    _core.profile(False)


class _Profiling:
    def __enter__(self):
        profile_start()

    def __exit__(self, *exc):
        profile_stop()
        return False


def profiling():
    """A context manager: the CUDA profiler collects the work of the block (profile_start on entry,
    profile_stop on exit)."""
    return _Profiling()


cudadrv = _pytypes.ModuleType(__name__ + ".cudadrv", "numba.cuda.cudadrv, as far as pyjitc has it: devicearray.")
cudadrv.__path__ = []
cudadrv.devicearray = devicearray
cudadrv.driver = _pytypes.ModuleType(cudadrv.__name__ + ".driver", "numba.cuda.cudadrv.driver: Stream.")
cudadrv.driver.Stream = Stream
for _n in ("AutoFreePointer", "BaseCUDAMemoryManager", "GetIpcHandleMixin", "HostOnlyCUDAMemoryManager", "MemoryInfo",
           "MemoryPointer", "NumbaCUDAMemoryManager", "set_memory_manager"):
    setattr(cudadrv.driver, _n, getattr(_memmgr, _n))
cudadrv.driver.Event = Event
cudadrv.driver.event_elapsed_time = event_elapsed_time
cudadrv.driver.profile_start, cudadrv.driver.profile_stop = profile_start, profile_stop
cudadrv.driver.profiling = profiling


def _device_address(obj):
    """The device address of a device array, device memory (allocation or view) or an int."""
    if isinstance(obj, DeviceNDArray):
        return obj.device_ctypes_pointer.value or 0
    address = getattr(obj, "address", obj)
    if not isinstance(address, int):
        raise TypeError(f"expected device memory or an address, not {type(obj).__name__}")
    return address


def _host_to_device(dst, src, size, stream=0):
    """numba's driver.host_to_device: `size` bytes from a host array (or buffer) to device memory."""
    src = _np.ascontiguousarray(src) if not isinstance(src, _np.ndarray) else src
    if size > src.nbytes:
        raise ValueError(f"host_to_device: {size} bytes asked, the host array has {src.nbytes}")
    _core.copy(0, _device_address(dst), src.ctypes.data, int(size), stream or None)


def _device_to_host(dst, src, size, stream=0):
    """numba's driver.device_to_host: `size` bytes from device memory into a host array."""
    if not isinstance(dst, _np.ndarray) or not dst.flags.c_contiguous or not dst.flags.writeable:
        raise TypeError("device_to_host: the destination is a writable C-contiguous NumPy array")
    if size > dst.nbytes:
        raise ValueError(f"device_to_host: {size} bytes asked, the host array holds {dst.nbytes}")
    _core.copy(1, dst.ctypes.data, _device_address(src), int(size), stream or None)


def _have_nvjitlink():
    """Whether numba would link with nvJitLink (LTO): pyjitc compiles whole programs with LLVM and
    links with the driver's linker, never with nvJitLink."""
    return False


# the compute capabilities LLVM 19's NVPTX back end makes PTX for (pyjitc's PTX compiler, in the
# place of numba's NVVM/NVRTC)
_NVPTX_CCS = ((3, 0), (3, 2), (3, 5), (3, 7), (5, 0), (5, 2), (5, 3), (6, 0), (6, 1), (6, 2), (7, 0), (7, 2),
              (7, 5), (8, 0), (8, 6), (8, 7), (8, 9), (9, 0))


def _find_closest_arch(mycc):
    """numba's nvrtc.find_closest_arch: the newest compute capability the PTX compiler targets that
    is not newer than mycc ((major, minor)); a device older than all of them is an error."""
    mycc = (int(mycc[0]), int(mycc[1]))
    found = [cc for cc in _NVPTX_CCS if cc <= mycc]
    if not found:
        raise RuntimeError(f"GPU compute capability {mycc[0]}.{mycc[1]} is older than pyjitc's PTX compiler "
                           f"supports (the oldest is {_NVPTX_CCS[0][0]}.{_NVPTX_CCS[0][1]})")
    return found[-1]


def _get_libdevice():
    """numba's cudadrv.libs.get_libdevice(): the path of the libdevice.10.bc that GPU compiles use
    (PYJITC_LIBDEVICE, an NVIDIA wheel on sys.path, CUDA_HOME, the toolkit's places), or None."""
    return _core.libdevice()[0]


cudadrv.libs = _pytypes.ModuleType(cudadrv.__name__ + ".libs", "numba.cuda.cudadrv.libs: get_libdevice.")
cudadrv.libs.get_libdevice = _get_libdevice
sys.modules[cudadrv.libs.__name__] = cudadrv.libs
cudadrv.driver._have_nvjitlink = _have_nvjitlink
cudadrv.nvrtc = _pytypes.ModuleType(cudadrv.__name__ + ".nvrtc", "numba.cuda.cudadrv.nvrtc: find_closest_arch.")
cudadrv.nvrtc.find_closest_arch = _find_closest_arch
cudadrv.driver.host_to_device = _host_to_device
cudadrv.driver.device_to_host = _device_to_host
# numba's driver errors, as programs catch them: CudaAPIError (a failed driver call) is pyjitc's
# CudaError, CudaSupportError (no usable device) its own; numba.cuda.cudadrv.error has them too
cudadrv.driver.CudaAPIError, cudadrv.driver.CudaSupportError = CudaAPIError, CudaSupportError
cudadrv.driver.CudaDriverError = CudaError
cudadrv.error = _pytypes.ModuleType(cudadrv.__name__ + ".error", "numba.cuda.cudadrv.error: the CUDA errors.")
cudadrv.error.CudaSupportError, cudadrv.error.CudaDriverError = CudaSupportError, CudaError
cudadrv.error.CudaRuntimeError = CudaError
sys.modules[cudadrv.error.__name__] = cudadrv.error
driver = cudadrv.driver
from ._ipc import IpcHandle, open_ipc_array  # noqa: E402,F401
devices = _pytypes.ModuleType(__name__ + ".devices", "numba.cuda.devices: get_context().")
devices.get_context = lambda devnum=0: current_context()
sys.modules[devices.__name__] = devices
sys.modules[cudadrv.__name__] = cudadrv
sys.modules[cudadrv.driver.__name__] = cudadrv.driver
sys.modules[cudadrv.nvrtc.__name__] = cudadrv.nvrtc
sys.modules[cudadrv.__name__ + ".devicearray"] = devicearray
from . import _transpose  # noqa: E402  (its kernel is made with this module's jit)
kernels = _pytypes.ModuleType(__name__ + ".kernels", "numba.cuda.kernels: transpose.")
kernels.__path__ = []
kernels.transpose = _transpose
sys.modules[kernels.__name__] = kernels
sys.modules[kernels.__name__ + ".transpose"] = _transpose


def __getattr__(name):
    """reduce and Reduce (numba's cuda.reduce), imported on first use."""
    if name in ("reduce", "Reduce"):
        from . import _reduce
        return getattr(_reduce, name)
    if name in ("vectorize", "guvectorize"):  # numba-cuda's cuda.vectorize / cuda.guvectorize
        from . import _ufunc
        return getattr(_ufunc, name)
    raise AttributeError(f"module 'pyjitc.cuda' has no attribute '{name}'")

# CUDA's vector types: cuda.float32x4, cuda.float4, ... (numba.cuda.vector_types)
from . import _vector_types as vector_types  # noqa: E402
globals().update(vector_types.constructors)
sys.modules[__name__ + ".vector_types"] = vector_types

# numba-cuda's modules of public names: numba.cuda.typing, .np.numpy_support, .core.errors, .compiler, ...
from . import _numba_modules  # noqa: E402
_numba_modules.build(sys.modules[__name__])
