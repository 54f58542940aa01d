"""@cuda.jit(cache=True): a function's compiled kernels kept on disk, as numba keeps them, and
reused by later processes.

Where (numba's order of cache locators):
  1. $NUMBA_CACHE_DIR/<folder>_<sha1 of the source folder>, where NUMBA_CACHE_DIR is set;
  2. the __pycache__ folder next to the source file, where it can be made and written;
  3. pyjitc's own cache folder ($PYJITC_CACHE_DIR, else $XDG_CACHE_HOME/pyjitc or
     ~/.cache/pyjitc) / functions / <folder>_<sha1>, as numba falls back on its user-wide folder.
A function typed at IPython's or Jupyter's prompt (its file is linecache's) goes to 3 under
"ipython"; one with no source file at all (exec() of a string) cannot be cached: numba's
RuntimeError "cannot cache function ...: no locator available for file ...".

What: one index per function, <module>.<qualname>-<first line>.pji, naming one data file per
compiled variant (argument types, target and the launch's specialisation), <base>.<n>.pjc. A
data file holds the kernel: on a GPU its PTX and what a launch needs (the driver compiles PTX to
machine code and keeps its own cache of that), on the CPU executor the host's object code,
loaded without LLVM compiling anything. Each entry carries the hash of everything the kernel was
made from (the text of the kernel and of each device function it calls, the values of the
globals they read, the argument types, the options, the GPU's architecture or the host CPU's
features, pyjitc's version and build), so an edit of the kernel or a change to a global it reads
compiles afresh and replaces the entry; numba checks the source file's time stamp instead (and
keeps a kernel whose global changed but whose file did not). Files are written to a temporary
name and renamed, so a concurrent process reads a whole file or none, and a damaged one is a
miss."""
import hashlib
import json
import linecache
import os
import pickle
import struct
import tempfile

_MAGIC = b"PJF1"


def _user_cache_dir():
    for var, sub in (("PYJITC_CACHE_DIR", ""), ("XDG_CACHE_HOME", "pyjitc")):
        if os.environ.get(var):
            return os.path.join(os.environ[var], sub) if sub else os.environ[var]
    return os.path.join(os.path.expanduser("~"), ".cache", "pyjitc")


def _subpath(py_file):
    """numba's get_suitable_cache_subpath: the source folder's name and the SHA-1 of its path."""
    folder = os.path.dirname(os.path.abspath(py_file))
    return "_".join([os.path.split(folder)[-1], hashlib.sha1(folder.encode()).hexdigest()])


def _writable(path):
    """Whether `path` is (or can be made) a folder a file can be written in."""
    try:
        os.makedirs(path, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
        return True
    except OSError:
        return False


def _locate(py_file):
    """The folder a function of py_file is cached in, or None (no locator)."""
    if os.path.exists(py_file):
        candidates = []
        if os.environ.get("NUMBA_CACHE_DIR"):
            candidates.append(os.path.join(os.environ["NUMBA_CACHE_DIR"], _subpath(py_file)))
        candidates += [os.path.join(os.path.dirname(os.path.abspath(py_file)), "__pycache__"),
                       os.path.join(_user_cache_dir(), "functions", _subpath(py_file))]
    elif linecache.getlines(py_file):  # IPython's and Jupyter's cells
        candidates = [os.path.join(_user_cache_dir(), "functions", "ipython")]
    else:
        return None
    for path in candidates:
        if _writable(path):
            return path
    return None


class FunctionCache:
    """The on-disk cache of one function's kernels (numba's CUDACache)."""

    def __init__(self, py_func):
        code = py_func.__code__
        qualname = getattr(py_func, "__qualname__", py_func.__name__)
        py_file = code.co_filename
        self.cache_path = _locate(py_file)
        if self.cache_path is None:
            raise RuntimeError(f"cannot cache function {qualname!r}: no locator available for file {py_file!r}")
        modname = os.path.splitext(os.path.basename(py_file))[0]
        base = f"{modname}.{qualname}".replace("<", "").replace(">", "")
        self._base = f"{base}-{code.co_firstlineno}"
        self._index_path = os.path.join(self.cache_path, self._base + ".pji")

    # ---- the index: {slot: [number of the data file, key hash]}
    def _load_index(self):
        try:
            with open(self._index_path, "rb") as f:
                index = json.loads(f.read())
        except (OSError, ValueError):
            return {}
        if not isinstance(index, dict) or not all(isinstance(v, list) and len(v) == 2 and isinstance(v[0], int)
                                                  and isinstance(v[1], str) for v in index.values()):
            return {}
        return index

    def _data_path(self, number):
        return os.path.join(self.cache_path, f"{self._base}.{number}.pjc")

    @staticmethod
    def _write(path, data):
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".pyjitc-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    def load(self, slot, key):
        """(metadata dict, payload bytes) of the entry for slot made from `key`, or None."""
        entry = self._load_index().get(slot)
        if entry is None or entry[1] != key:
            return None
        try:
            with open(self._data_path(entry[0]), "rb") as f:
                blob = f.read()
        except OSError:
            return None
        if len(blob) < 44 or blob[:4] != _MAGIC or hashlib.sha256(blob[36:]).digest() != blob[4:36]:
            return None
        (n,) = struct.unpack("<Q", blob[36:44])
        try:
            meta = json.loads(blob[44:44 + n])
        except ValueError:
            return None
        if not isinstance(meta, dict) or meta.get("key") != key:
            return None
        return meta, blob[44 + n:]

    def save(self, slot, key, meta, payload):
        """Stores the entry (failures to write are silent: the cache only saves compile time)."""
        try:
            index = self._load_index()
            entry = index.get(slot)
            number = entry[0] if entry else 1 + max((v[0] for v in index.values()), default=-1)
            head = json.dumps(dict(meta, key=key)).encode()
            body = struct.pack("<Q", len(head)) + head + bytes(payload)
            self._write(self._data_path(number), _MAGIC + hashlib.sha256(body).digest() + body)
            index = self._load_index()  # another process may have added its own meanwhile
            index[slot] = [number, key]
            self._write(self._index_path, json.dumps(index).encode())
        except OSError:
            pass

    def flush(self):
        """Forgets every entry (numba's recompile())."""
        for number, _ in self._load_index().values():
            try:
                os.unlink(self._data_path(number))
            except OSError:
                pass
        try:
            os.unlink(self._index_path)
        except OSError:
            pass


def digest(*parts):
    """A key's hash: SHA-256 of the pickled parts."""
    return hashlib.sha256(pickle.dumps(parts, protocol=4)).hexdigest()

