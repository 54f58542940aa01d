# lineinfo=True: line tables only, as numba's lineinfo: the compile unit's emission kind is
# DebugDirectivesOnly (.loc and .file in the PTX, no DWARF sections), the subprograms carry no
# types and no variable is described or declared; the argument setup is at the `def` line.
# ARGS: --emit=llvm --lineinfo --sig "void(float32[:], float32)"
from numba import cuda


@cuda.jit
def k(a, s):
    t = s * 2
    a[0] = t

# LLVM-NOT: llvm.dbg.declare
# LLVM: distinct !DICompileUnit(language: DW_LANG_C_plus_plus, {{.*}}producer: "pyjitc", isOptimized: true,{{.*}} emissionKind: DebugDirectivesOnly
# LLVM: distinct !DISubprogram(name: "k", {{.*}}line: 9, type: [[ST:![0-9]+]],
# LLVM: [[ST]] = !DISubroutineType(types: [[NONE:![0-9]+]])
# LLVM: [[NONE]] = !{}
# LLVM-NOT: DILocalVariable
# LLVM-NOT: DIBasicType
# LLVM: !DILocation(line: 11, column: 5
