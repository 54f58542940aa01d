"""Looking into compiled kernels: SASS through CUDA's ptxas and nvdisasm (inspect_sass), LLVM IR
laid out as llvmlite lays it out (inspect_llvm), and a kernel's resources (get_regs_per_thread and
its kin), read from the PTX on the CPU executor."""
import re


def _find_cuda_tool(name):
    """The path of one of CUDA's command-line tools (nvdisasm, ptxas), or None."""
    import os
    import shutil
    try:
        from cuda import pathfinder  # how numba-cuda finds nvdisasm (NVIDIA's wheels, conda, CUDA_HOME)
        found = pathfinder.find_nvidia_binary_utility(name)
        if found:
            return found
    except Exception:  # not installed, or an older cuda-pathfinder
        pass
    found = shutil.which(name)
    if found:
        return found
    for home in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if home and os.access(os.path.join(home, "bin", name), os.X_OK):
            return os.path.join(home, "bin", name)
    return None


def _disassemble_ptx(ptx, flags):
    """PTX to SASS text: ptxas for the PTX's .target, then nvdisasm with flags."""
    import os
    import subprocess
    import tempfile
    nvdisasm = _find_cuda_tool("nvdisasm")
    if nvdisasm is None:
        raise RuntimeError("nvdisasm was not found: inspect_sass needs CUDA's nvdisasm (in the CUDA toolkit; on PATH, "
                           "in CUDA_HOME/bin, or from NVIDIA's wheels, e.g. the cuda-toolkit package with its nvdisasm "
                           "extra)")
    ptxas = _find_cuda_tool("ptxas")
    if ptxas is None:
        raise RuntimeError("ptxas was not found: inspect_sass assembles the kernel's PTX with CUDA's ptxas (in the CUDA "
                           "toolkit; on PATH, in CUDA_HOME/bin, or from NVIDIA's nvidia-cuda-nvcc wheel)")
    m = re.search(r"^\s*\.target\s+(sm_\w+)", ptx, re.M)
    arch = m.group(1) if m else "sm_52"
    with tempfile.TemporaryDirectory(prefix="pyjitc-sass-") as tmp:
        src, cubin = os.path.join(tmp, "kernel.ptx"), os.path.join(tmp, "kernel.cubin")
        with open(src, "w") as f:
            f.write(ptx)
        for cmd in ([ptxas, f"-arch={arch}", "-lineinfo", "-o", cubin, src], [nvdisasm, *flags, cubin]):
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if r.returncode != 0:
                raise RuntimeError(f"{os.path.basename(cmd[0])} failed ({' '.join(cmd[1:-1])}): "
                                   f"{r.stderr.decode(errors='replace').strip()}")
        return r.stdout.decode("utf-8", errors="replace")


_MD_NODE = re.compile(r"^(![0-9]+ = (?:distinct )?)(!DI[A-Za-z]+\((.*)\)|!\{(.*)\})$")


def _split_fields(body):
    """The comma-separated parts of a metadata node's body, split outside quotes and brackets."""
    parts, depth, start, quoted, i = [], 0, 0, False, 0
    while i < len(body):
        c = body[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(body[start:i].strip())
            start = i + 1
        i += 1
    parts.append(body[start:].strip())
    return parts


def _llvmlite_layout(text):
    """LLVM IR text with its numbered metadata laid out as numba's (llvmlite's) IR has it: a debug
    information node's fields in alphabetical order (!DIBasicType(encoding: ..., name: ..., size: ...)),
    a tuple's items spaced (!{ !1, !2 }). The same nodes and values, valid LLVM IR still: what
    scripts reading numba's inspect_llvm() look for is where they look for it."""
    if "\n!" not in text:
        return text
    out = []
    for line in text.split("\n"):
        m = _MD_NODE.match(line)
        if m is None:
            out.append(line)
            continue
        head, node, fields, items = m.groups()
        if items is not None:
            out.append(f"{head}!{{ {items} }}" if items else line)
            continue
        parts = _split_fields(fields) if fields else []
        keys = [p.split(":", 1)[0] for p in parts]
        if not parts or not all(re.fullmatch(r"[A-Za-z]+", k) and p[len(k):].startswith(": ")
                                for k, p in zip(keys, parts)):
            out.append(line)
            continue
        kind = node[:node.index("(")]
        out.append(f"{head}{kind}({', '.join(sorted(parts, key=lambda p: p.split(':', 1)[0]))})")
    return "\n".join(out)


_PTX_DECL = r"^\s*\.{space}\s+(?:\.align\s+\d+\s+)?\.(?:b|u|s|f)(\d+)\s+[\w$]+((?:\[\d+\])*)"


def _ptx_bytes(ptx, space):
    """Bytes the PTX declares in a state space (.const, .local): what the CPU executor reports of
    constant and local memory, having none of its own."""
    total = 0
    for m in re.finditer(_PTX_DECL.format(space=space), ptx, re.M):
        n = int(m.group(1)) // 8
        for d in re.findall(r"\[(\d+)\]", m.group(2)):
            n *= int(d)
        total += n
    return total


def _kernel_attribute(kernel, k, what, name, ptx_of):
    value = kernel.attributes()[k]
    if value >= 0:
        return int(value)
    if k == 0:
        raise NotImplementedError(f"kernel '{name}': the CPU executor has no registers to count; "
                                  "get_regs_per_thread needs a CUDA device")
    return _ptx_bytes(ptx_of(), "const" if k == 1 else "local")
