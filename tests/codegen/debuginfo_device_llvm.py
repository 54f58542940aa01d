# debug=True: a device function (not inlined at -O0) has its own subprogram, at its `def` line,
# whose type lists its result first (float32 * int64 is float64), then its parameters; its variables are declared in its
# scope, and the kernel's call is at the calling statement's line.
# ARGS: --emit=llvm --debug -O0 --sig "void(float32[:], int64)"
from numba import cuda


@cuda.jit(device=True)
def scale(v, n):
    w = v * n
    return w


@cuda.jit
def k(a, n):
    a[0] = scale(a[0], n)

# LLVM: define internal double @scale{{[.0-9]*}}(float %{{[0-9]+}}, i64 %{{[0-9]+}}) !dbg [[DSP:![0-9]+]]
# LLVM: call void @llvm.dbg.declare(metadata ptr %v, metadata [[VV:![0-9]+]], metadata !DIExpression()), !dbg [[DDEF:![0-9]+]]
# LLVM: call void @llvm.dbg.declare(metadata ptr %n, metadata [[VN:![0-9]+]], metadata !DIExpression()), !dbg [[DDEF]]
# LLVM: call void @llvm.dbg.declare(metadata ptr %w, metadata [[VW:![0-9]+]], metadata !DIExpression())
# LLVM: define {{.*}}void @k({{.*}}) !dbg [[KSP:![0-9]+]]
# LLVM: call double @scale{{[.0-9]*}}({{.*}}), !dbg [[CALL:![0-9]+]]

# LLVM: [[DSP]] = distinct !DISubprogram(name: "scale", {{.*}}line: 9, type: [[DST:![0-9]+]],
# LLVM: [[DST]] = !DISubroutineType(types: [[DTYS:![0-9]+]])
# LLVM: [[DTYS]] = !{[[F64:![0-9]+]], [[F32:![0-9]+]], [[I64:![0-9]+]]}
# LLVM-DAG: [[F64]] = !DIBasicType(name: "float64", size: 64, encoding: DW_ATE_float)
# LLVM-DAG: [[F32]] = !DIBasicType(name: "float32", size: 32, encoding: DW_ATE_float)
# LLVM-DAG: [[I64]] = !DIBasicType(name: "int64", size: 64, encoding: DW_ATE_signed)
# LLVM-DAG: [[VV]] = !DILocalVariable(name: "v", arg: 1, scope: [[DSP]], file: {{![0-9]+}}, line: 9, type: [[F32]])
# LLVM-DAG: [[VN]] = !DILocalVariable(name: "n", arg: 2, scope: [[DSP]], file: {{![0-9]+}}, line: 9, type: [[I64]])
# LLVM-DAG: [[VW]] = !DILocalVariable(name: "w", scope: [[DSP]], file: {{![0-9]+}}, line: 10, type: [[F64]])
# LLVM-DAG: [[DDEF]] = !DILocation(line: 9, column: 5, scope: [[DSP]])
# LLVM-DAG: [[KSP]] = distinct !DISubprogram(name: "k", {{.*}}line: 15,
# LLVM-DAG: [[CALL]] = !DILocation(line: 16, column: 5, scope: [[KSP]])
