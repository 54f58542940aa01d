"""GPU kernels kept in pyjitc's own cache on disk (runtime/cache.c), which every compile looks in:
the key that names a kernel's entry, the entry written and read back (a damaged one is a miss);
and what numba refuses to cache with cache=True (_filecache), refused alike."""
import pickle

from . import _core


def _check_cacheable(units):
    """What numba refuses to cache, refused alike: a kernel that captures device arrays (their
    addresses belong to this process), and one that links foreign code."""
    if units.device_arrays:
        raise pickle.PicklingError(
            "Cannot serialize kernels or device functions referencing global device arrays. Pass the array(s) as "
            "arguments to the kernel instead. (cache=True keeps a kernel for other processes, where this "
            "process's device memory does not exist)")
    if units.links:
        raise RuntimeError("Cannot pickle CUDACodeLibrary with linking files: a kernel that links foreign code "
                           "(link=, cuda.declare_device) cannot be cached (cache=True)")


def _cached_compile(units, types, arch, noalias, narrow, opt=3, bounds=(0, 0, 0), tree=None):
    """A GPU kernel from the on-disk cache (runtime/cache.c) when this exact compile was made
    before: the key holds every unit's text and the values of the names it uses, the argument
    types, the architecture and pyjitc's version and build (its library's build id), so any change
    to those compiles afresh."""
    import json  # here, not at import: 1.2 ms of `import pyjitc` otherwise
    key = _kernel_cache_key(units, types, arch, noalias, narrow, opt, bounds, tree)
    m = _cached_meta(_core.cache_get("kernel", key))
    if m is not None:
        return _core.kernel_from_ptx(m["name"], m["entry"], m["ptx"], types, m["debug"], m["static_shared"], m["file"],
                                     m["warnings"])
    kernel = _core.compile(units, types, "cuda", 0, arch, noalias, narrow, None, 0, None, 0, 0, opt, tuple(bounds), tree)
    meta = dict(kernel.meta, file=units[0][0], warnings=list(kernel.warnings))
    _core.cache_put("kernel", key, json.dumps(meta).encode())
    return kernel


def _kernel_cache_key(units, types, arch, noalias, narrow, opt=3, bounds=(0, 0, 0), tree=None):
    """The bytes that name a GPU kernel's cache entry (_cached_compile)."""
    extra = (opt, tuple(bounds)) if opt != 3 or any(bounds) else ()
    extra += (tuple(tree),) if tree else ()
    return pickle.dumps((_core.version(), _core.build_id(), arch, noalias, narrow, units, types) + extra, protocol=4)


def _cached_meta(hit):
    """A kernel's metadata from its cache entry (bytes or None), or None when the entry is not
    JSON of the shape _cached_compile stores: such an entry is a miss, compiled again and replaced."""
    import json
    if hit is None:
        return None
    try:
        m = json.loads(hit)
    except ValueError:  # not UTF-8, or not JSON
        return None
    fields = {"name": str, "entry": str, "ptx": str, "file": (str, type(None)), "debug": int, "static_shared": int,
              "warnings": list}
    if (not isinstance(m, dict) or any(k not in m or not isinstance(m[k], t) for k, t in fields.items())
            or not all(isinstance(w, str) for w in m["warnings"]) or not m["ptx"] or not 0 <= m["static_shared"] < 1 << 64 or not -2**31 <= m["debug"] < 2**31):
        return None
    return m
