"""The on-disk caches under faults (docs/reliability.md): many processes filling one cache folder
at once, and entries truncated, bit-flipped, replaced by garbage (with a wrong checksum, or a
right one around contents that do not load), by folders, by FIFOs or by links out of the
folder; a read-only or full folder, and a cache path that is a file. Every run must still give
NumPy's answer and exit cleanly; afterwards the folder holds only intact entries (no temporary
files) and what was damaged has been rebuilt. The program links a CUDA C file and a CUSource,
so the CPU executor caches its host builds and the GPU its kernels."""
import hashlib
import os
import resource
import shutil
import signal
import stat
import struct
import subprocess
import sys
import textwrap

import pytest

from pyjitc import _dispatcher

PROGRAM = textwrap.dedent("""
    import sys
    import numpy as np
    from pyjitc import cuda

    v = int(sys.argv[1])
    affine = cuda.declare_device("affine", "int64(int64)", link=sys.argv[2], abi="c")
    offset = cuda.declare_device("offset_{v}", "int64(int64)", abi="c", link=cuda.CUSource(
        'extern "C" __device__ long long offset_{v}(long long x) {{ return x - {v} * 1000; }}'))

    @cuda.jit
    def linked(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = offset(affine(x[i])) + i

    @cuda.jit
    def plain(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i] * 3.5 - v

    x = np.arange(-500, 524, dtype=np.int64)
    out = np.zeros_like(x)
    linked[8, 128](x, out)
    want = x * (v + 2) + 7 * v - v * 1000 + np.arange(x.size)
    assert np.array_equal(out, want), (out[:4], want[:4])
    f = np.zeros(x.size)
    plain[8, 128](x, f)
    assert np.array_equal(f, x * 3.5 - v), f[:4]
    print("ok")
""")


def source(tmp_path, v):
    """The CUDA C file of variant v: affine(x) = x * (v + 2) + 7 * v."""
    path = tmp_path / f"affine_{v}.cu"
    if not path.exists():
        path.write_text(f'extern "C" __device__ long long affine(long long x) {{ return x * {v + 2} + {7 * v}; }}\n')
    return str(path)


def command(tmp_path, v):
    script = tmp_path / f"prog_{v}.py"
    if not script.exists():
        script.write_text(PROGRAM.replace("{v}", str(v)).replace("{{", "{").replace("}}", "}"))
    return [sys.executable, str(script), str(v), source(tmp_path, v)]


def environment(cache):
    return dict(os.environ, PYJITC_CACHE_DIR=str(cache), PYTHONDONTWRITEBYTECODE="1")


def run(tmp_path, cache, v=1, preexec_fn=None, prefix=()):
    r = subprocess.run(list(prefix) + command(tmp_path, v), capture_output=True, text=True, env=environment(cache), timeout=180,
                       preexec_fn=preexec_fn)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stdout + r.stderr


def fnv1a(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def entry_bytes(payload):
    return b"PJC1" + struct.pack("<QQ", len(payload), fnv1a(payload)) + payload


def entries(cache):
    """Every path under the cache folder, relative, sorted (folders included)."""
    found = []
    for root, dirs, files in os.walk(cache):
        for name in dirs + files:
            found.append(os.path.relpath(os.path.join(root, name), cache))
    return sorted(found)


def assert_intact(cache):
    """Only intact entries: regular files of PJC1 with the right length and checksum at the top,
    the linkable code under linkable/ named by its contents' hash; no temporary file."""
    names = entries(cache)
    for rel in names:
        path = os.path.join(cache, rel)
        st = os.lstat(path)
        if rel == "linkable":
            assert stat.S_ISDIR(st.st_mode)
            continue
        assert stat.S_ISREG(st.st_mode), rel
        assert not rel.endswith(".tmp"), rel
        data = open(path, "rb").read()
        if rel.startswith("linkable" + os.sep):
            assert os.path.basename(rel).split(".")[0] == hashlib.sha256(data).hexdigest()[:32], rel
        else:
            n, check = struct.unpack("<QQ", data[4:20])
            assert data[:4] == b"PJC1" and n == len(data) - 20 and fnv1a(data[20:]) == check, rel
    return names


def files(cache):
    return [rel for rel in entries(cache) if os.path.isfile(os.path.join(cache, rel))]


def populated(tmp_path):
    cache = tmp_path / "cache"
    run(tmp_path, cache)
    names = assert_intact(cache)
    assert any(n.endswith(".cu") for n in names)  # the CUSource's file
    assert any(n.endswith(".host-link") or n.endswith(".kernel") for n in names)  # the CPU's or the GPU's entries
    return cache, names


def truncate(path):
    size = os.path.getsize(path)
    with open(path, "r+b") as f:
        f.truncate(size // 2)


def flip(path):
    with open(path, "r+b") as f:
        data = f.read()
        f.seek(len(data) * 2 // 3)
        f.write(bytes([data[len(data) * 2 // 3] ^ 0x10]))


def garbage(path):
    size = os.path.getsize(path)
    with open(path, "wb") as f:
        f.write(bytes((i * 37 + 11) & 255 for i in range(size)))


def well_formed_garbage(path):
    """A checksum that holds around contents that are no use: JSON of the wrong shape for kernel
    metadata, bytes that are no shared object or cubin, a CUDA C file that does not match its name."""
    if path.endswith(".kernel"):
        payload = b'{"name": 3, "ptx": null}'
    else:
        payload = b"\x7fELF" + bytes(range(256)) * 8
    with open(path, "wb") as f:
        f.write(payload if os.sep + "linkable" + os.sep in path else entry_bytes(payload))


def empty_folder(path):
    os.unlink(path)
    os.mkdir(path)


def fifo(path):
    os.unlink(path)
    os.mkfifo(path)


def link_outside(path):
    """A link to an intact copy of the entry outside the cache folder: never followed."""
    outside = os.path.join(os.path.dirname(os.path.dirname(path)), "outside", os.path.basename(path))
    if "linkable" in path:
        outside = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(path))), "outside-l",
                               os.path.basename(path))
    os.makedirs(os.path.dirname(outside), exist_ok=True)
    os.replace(path, outside)
    os.symlink(outside, path)
    return outside


FAULTS = [truncate, flip, garbage, well_formed_garbage, empty_folder, fifo]


@pytest.mark.parametrize("fault", FAULTS, ids=[f.__name__ for f in FAULTS])
def test_damaged_entries_are_rebuilt(tmp_path, fault):
    cache, names = populated(tmp_path)
    for rel in files(cache):
        fault(os.path.join(cache, rel))
    run(tmp_path, cache)
    assert assert_intact(cache) == names  # every entry back, intact
    run(tmp_path, cache)                  # and used
    assert assert_intact(cache) == names


def test_links_out_of_the_folder_are_not_followed(tmp_path):
    cache, names = populated(tmp_path)
    outside = {}
    for rel in files(cache):
        target = link_outside(os.path.join(cache, rel))
        outside[target] = open(target, "rb").read()
    run(tmp_path, cache)
    assert assert_intact(cache) == names  # the links replaced by entries of the cache's own
    for target, data in outside.items():
        assert open(target, "rb").read() == data  # what they pointed to: untouched


def test_a_folder_with_contents_at_an_entry(tmp_path):
    cache, names = populated(tmp_path)
    for rel in files(cache):
        path = os.path.join(cache, rel)
        os.unlink(path)
        os.mkdir(path)
        open(os.path.join(path, "inside"), "w").write("x")
    run(tmp_path, cache)  # runs without those entries; the folders stay
    for rel in names:
        assert os.path.isdir(os.path.join(cache, rel))
    assert not [n for n in entries(cache) if n.endswith(".tmp")]


def test_a_read_only_folder(tmp_path):
    """Damaged entries that cannot be replaced, and an empty folder that takes nothing. Root
    writes to read-only folders: as root the runs are made without that capability (setpriv)."""
    prefix = []
    if os.geteuid() == 0:
        if not shutil.which("setpriv"):
            pytest.skip("root writes to read-only folders, and setpriv is missing to run without that right")
        prefix = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner"]
    cache, names = populated(tmp_path)
    for rel in files(cache):
        flip(os.path.join(cache, rel))  # damaged, and cannot be replaced
    damaged = {rel: open(os.path.join(cache, rel), "rb").read() for rel in files(cache)}
    empty = tmp_path / "empty"
    empty.mkdir()
    for folder in (cache / "linkable", cache, empty):
        os.chmod(folder, 0o500)
    try:
        run(tmp_path, cache, prefix=prefix)
        run(tmp_path, empty, v=2, prefix=prefix)
        assert entries(empty) == [] and entries(cache) == names
        assert {rel: open(os.path.join(cache, rel), "rb").read() for rel in files(cache)} == damaged
    finally:
        for folder in (cache / "linkable", cache, empty):
            os.chmod(folder, 0o700)


def test_a_full_folder(tmp_path):
    """A file-size limit (SIGXFSZ ignored) one byte under the largest entry: that entry's write
    fails as on a full disk. The run is right, leaves no temporary file, and stores the rest."""
    _, names = populated(tmp_path)
    sizes = {rel: os.path.getsize(os.path.join(tmp_path, "cache", rel)) for rel in files(tmp_path / "cache")}
    limit = max(sizes.values()) - 1

    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    full = tmp_path / "full"
    run(tmp_path, full, preexec_fn=limited)
    stored = assert_intact(full)
    assert set(stored) < set(names)
    assert not any(sizes.get(rel, 0) > limit for rel in stored)
    run(tmp_path, full)  # room again: the missing entry is stored
    assert assert_intact(full) == names


def test_a_cache_path_that_is_a_file(tmp_path):
    path = tmp_path / "not-a-folder"
    path.write_bytes(b"the user's file")
    run(tmp_path, path)
    assert path.read_bytes() == b"the user's file"


def test_abandoned_temporary_files_are_swept(tmp_path):
    """A process killed while writing an entry leaves its temporary file; the next process that
    writes to the folder removes those untouched for ten minutes, and nothing else (a write in
    progress, a link, a folder)."""
    cache, names = populated(tmp_path)
    for rel in files(cache):
        os.unlink(os.path.join(cache, rel))  # so that this run writes to both folders
    hour_ago = os.path.getmtime(cache) - 3600
    old, kept = [], []
    for folder in (cache, cache / "linkable"):
        for name, aged in (("a.entry.77.0.5.tmp", True), ("tmpq0k1_x.tmp", True), ("b.entry.78.0.6.tmp", False)):
            path = folder / name
            path.write_bytes(b"part of an entry")
            if aged:
                os.utime(path, (hour_ago, hour_ago))
            (old if aged else kept).append(path)
        os.symlink(cache / "a.entry.77.0.5.tmp", folder / "link.tmp")
        os.mkdir(folder / "folder.tmp")
        kept += [folder / "link.tmp", folder / "folder.tmp"]
    run(tmp_path, cache)
    assert [p for p in old if os.path.lexists(p)] == []
    assert [p for p in kept if not os.path.lexists(p)] == []
    assert [n for n in entries(cache) if not n.endswith(".tmp")] == names


def test_a_new_cache_folder_is_private(tmp_path):
    cache = tmp_path / "new" / "cache"
    run(tmp_path, cache)
    assert stat.S_IMODE(os.stat(cache).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(cache / "linkable").st_mode) == 0o700


def test_32_processes_at_once(tmp_path):
    """32 processes, 4 different programs, one cache folder: all right, the folder intact."""
    cache = tmp_path / "cache"
    for v in range(4):
        command(tmp_path, v)
    procs = [subprocess.Popen(command(tmp_path, i % 4), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=environment(cache)) for i in range(32)]
    for p in procs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0 and out.strip() == "ok", out + err
    names = assert_intact(cache)
    assert sum(n.endswith(".cu") for n in names) == 4  # one CUSource per program
    for v in range(4):  # and the entries they left serve later runs
        run(tmp_path, cache, v)
    assert assert_intact(cache) == names


def test_damaged_kernel_metadata_is_a_miss():
    good = {"name": "k", "entry": "_Z1k", "ptx": ".version 8.0", "file": "f.py", "debug": 0, "static_shared": 0,
            "warnings": ["f.py:3:5: warning: a warning"]}
    import json
    assert _dispatcher._cached_meta(json.dumps(good).encode()) == good
    for bad in (b"", b"\xff\xfe not text", b"{truncated", b"[1, 2]", b"null", json.dumps(dict(good, ptx=None)).encode(),
                json.dumps(dict(good, static_shared=-4)).encode(), json.dumps({"name": "k"}).encode(),
                json.dumps(dict(good, debug="yes")).encode(), json.dumps(dict(good, ptx="")).encode(),
                json.dumps(dict(good, warnings=None)).encode(), json.dumps(dict(good, warnings=[3])).encode(),
                json.dumps({k: v for k, v in good.items() if k != "warnings"}).encode()):
        assert _dispatcher._cached_meta(bad) is None, bad
    assert _dispatcher._cached_meta(None) is None


def test_a_kernel_entry_is_named_by_the_library_build():
    """A cached GPU kernel is named by pyjitc's version and by the build of its library (its ELF
    build id, as readelf reads it): a rebuilt or upgraded pyjitc of the same version compiles
    afresh rather than serving an older build's PTX."""
    from pyjitc import _core
    lib = next(line.split()[-1] for line in open("/proc/self/maps") if line.rstrip().endswith("libpyjitc.so"))
    notes = subprocess.run(["readelf", "-n", lib], capture_output=True, text=True, check=True).stdout
    build = notes.split("Build ID:")[1].split()[0]
    assert len(build) == 40 and _core.build_id() == build
    units = [("k.py", "def k(a):\n    a[0] = 1\n", 1, "k", {})]
    types = [("float32", 1, "C")]
    key = _dispatcher._kernel_cache_key(units, types, "sm_90", False, False)
    assert key == _dispatcher._kernel_cache_key(units, types, "sm_90", False, False)
    assert build.encode() in key
    real = _core.build_id
    try:
        _core.build_id = lambda: "0" * 40  # another build of the same version
        assert _dispatcher._kernel_cache_key(units, types, "sm_90", False, False) != key
    finally:
        _core.build_id = real
