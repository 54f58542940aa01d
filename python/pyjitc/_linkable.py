"""Code to link held in memory, as numba-cuda's linkable code objects: cuda.CUSource(text),
cuda.PTXSource(text), cuda.Cubin/Fatbin/Object/Archive(bytes). pyjitc links files, so each object
is written once, under a name made from a hash of its contents, to a folder of the cache, and
that file is linked; the CPU executor compiles a CUSource for the host as it does a .cu file."""
import atexit
import io
import os
import shutil
import stat
import tempfile
import time


class LinkableCode:
    """Code to link from memory; data: str, bytes, or a StringIO/BytesIO read when used."""

    suffix = ""
    default_name = "<unnamed>"

    def __init__(self, data, name=None, setup_callback=None, teardown_callback=None, nrt=False):
        if setup_callback is not None and not callable(setup_callback):
            raise TypeError("setup_callback must be callable")
        if teardown_callback is not None and not callable(teardown_callback):
            raise TypeError("teardown_callback must be callable")
        self._data, self._name = data, name
        self.setup_callback, self.teardown_callback, self.nrt = setup_callback, teardown_callback, nrt

    @property
    def name(self):
        return self._name or self.default_name

    @property
    def data(self):
        if isinstance(self._data, (io.StringIO, io.BytesIO)):
            return self._data.getvalue()
        return self._data

    @staticmethod
    def from_path(path):
        ext = os.path.splitext(path)[1].lstrip(".")
        cls = _BY_SUFFIX.get(ext)
        if cls is None:
            raise ValueError(f"cannot link a '.{ext}' file: pyjitc links " + ", ".join(f".{s}" for s in _BY_SUFFIX))
        with open(path, "r" if cls.suffix in ("cu", "ptx") else "rb") as f:
            return cls(f.read(), name=os.path.basename(os.path.splitext(path)[0]))

    @classmethod
    def from_path_or_obj(cls, path_or_obj):
        return cls.from_path(path_or_obj) if isinstance(path_or_obj, (str, os.PathLike)) else path_or_obj

    def _path(self):
        """The file pyjitc links: written once per contents to the cache's folder "linkable"
        (docs/reliability.md). A file there is used only when it is a regular file of this user's
        holding exactly these bytes; anything else there is replaced, and where the cache cannot
        be written (read-only, full, not a folder, PYJITC_CACHE=0) a private folder is used."""
        import hashlib  # here, not at import: OpenSSL's loading is 4-5 ms of `import pyjitc` otherwise
        data = self.data
        raw = data.encode() if isinstance(data, str) else bytes(data)
        name = f"{hashlib.sha256(raw).hexdigest()[:32]}.{self.suffix}"
        folder = _cache_folder()
        if folder is not None:
            path = os.path.join(folder, name)
            if _holds(path, raw) or _store(path, raw):
                return path
        path = os.path.join(_private_folder(), name)
        if not _holds(path, raw) and not _store(path, raw):
            raise OSError(f"cannot write the code to link to '{path}'")
        return path


def _cache_folder():
    """The cache's folder for linkable code (created 0700), or None when the cache is off or unusable."""
    if os.environ.get("PYJITC_CACHE") == "0":
        return None
    base = (os.environ.get("PYJITC_CACHE_DIR") or
            os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pyjitc"))
    folder = os.path.join(base, "linkable")
    try:
        os.makedirs(base, mode=0o700, exist_ok=True)  # the cache's folder, private as runtime/cache.c makes it
        if not os.path.isdir(folder):
            os.mkdir(folder, 0o700)
        st = os.stat(folder)
    except (OSError, ValueError):
        return None
    return folder if stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid() else None


_PRIVATE = []


def _private_folder():
    if not _PRIVATE:
        _PRIVATE.append(tempfile.mkdtemp(prefix="pyjitc-linkable-"))
        atexit.register(shutil.rmtree, _PRIVATE[0], True)
    return _PRIVATE[0]


def _holds(path, raw):
    """Whether path is a regular file of this user's holding exactly raw (never through a link,
    never waiting on a FIFO)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or st.st_size != len(raw):
            return False
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read() == raw
    except OSError:
        return False
    finally:
        os.close(fd)


# A temporary file is renamed within moments of its making; one untouched this long was left
# by a process killed while writing it (runtime/cache.c sweeps its folder the same way).
_STALE_SECONDS = 600
_SWEPT = set()


def _sweep(folder):
    """Removes the abandoned temporary files ("*.tmp": regular files of this user's, untouched
    for _STALE_SECONDS) from folder, once a process."""
    if folder in _SWEPT:
        return
    _SWEPT.add(folder)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    now = time.time()
    for name in names:
        if not name.endswith(".tmp"):
            continue
        path = os.path.join(folder, name)
        try:
            st = os.lstat(path)
            if stat.S_ISREG(st.st_mode) and st.st_uid == os.geteuid() and now - st.st_mtime > _STALE_SECONDS:
                os.unlink(path)
        except OSError:
            pass


def _store(path, raw):
    """Writes raw to path through a temporary file renamed into place; False where that fails."""
    folder = os.path.dirname(path)
    _sweep(folder)
    try:
        if os.path.isdir(path) and not os.path.islink(path):
            os.rmdir(path)  # an empty folder where the file goes; one with contents makes this fail
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
        os.replace(tmp, path)
        return True
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False


class CUSource(LinkableCode):
    """CUDA C/C++ source in memory (compiled by NVRTC on the GPU, for the host on the CPU)."""
    suffix, default_name = "cu", "<unnamed-cu>"


class PTXSource(LinkableCode):
    suffix, default_name = "ptx", "<unnamed-ptx>"


class Cubin(LinkableCode):
    suffix, default_name = "cubin", "<unnamed-cubin>"


class Fatbin(LinkableCode):
    suffix, default_name = "fatbin", "<unnamed-fatbin>"


class Object(LinkableCode):
    suffix, default_name = "o", "<unnamed-object>"


class Archive(LinkableCode):
    suffix, default_name = "a", "<unnamed-archive>"


class LTOIR(LinkableCode):
    suffix, default_name = "ltoir", "<unnamed-ltoir>"

    def _path(self):
        raise NotImplementedError("LTO-IR is not supported by pyjitc: link PTX, cubin, fatbin, objects or sources")


_BY_SUFFIX = {c.suffix: c for c in (CUSource, PTXSource, Cubin, Fatbin, Object, Archive, LTOIR)}
_BY_SUFFIX["lib"] = Archive
_BY_SUFFIX["cuh"] = CUSource


def link_path(item):
    """The file to link for one item of link=: a path as given, or a linkable object's file."""
    if isinstance(item, LinkableCode):
        return item._path()
    return os.fspath(item)
