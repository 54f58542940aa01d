# debug=True: DWARF for a debugger. The compile unit is C++'s (the language cuda-gdb evaluates
# in) and unoptimized; the kernel's subprogram is at its `def` line with its parameters' types;
# each variable the user named is declared in its stack slot with its type: numbers as basic
# types with numba's names, an array as the {data, shape} struct that holds it, complex
# as {real, imag}, a tuple as a struct; the argument setup is at the `def` line, each statement
# at its own.
# ARGS: --emit=llvm --debug -O0 --sig "void(float64, int32[:], complex64, bool, uint16)"
from numba import cuda


@cuda.jit
def k(a, x, z, flag, u):
    b = a + 1.5
    t = (b, 1)
    g = cuda.cg.this_grid()
    for i in range(3):
        b += i
    if flag:
        x[0] = int(b) + t[1] + u + int(z.real)

# LLVM: define {{.*}}void @k({{.*}}) !dbg [[SP:![0-9]+]]
# LLVM: call void @llvm.dbg.declare(metadata ptr %a, metadata [[VA:![0-9]+]], metadata !DIExpression()), !dbg [[DEF:![0-9]+]]
# LLVM: call void @llvm.dbg.declare(metadata ptr %x, metadata [[VX:![0-9]+]], metadata !DIExpression()), !dbg [[DEF]]
# LLVM: call void @llvm.dbg.declare(metadata ptr %z, metadata [[VZ:![0-9]+]], metadata !DIExpression()), !dbg [[DEF]]
# LLVM: call void @llvm.dbg.declare(metadata ptr %flag, metadata [[VFLAG:![0-9]+]], metadata !DIExpression()), !dbg [[DEF]]
# LLVM: call void @llvm.dbg.declare(metadata ptr %u, metadata [[VU:![0-9]+]], metadata !DIExpression()), !dbg [[DEF]]
# LLVM: call void @llvm.dbg.declare(metadata ptr %b, metadata [[VB:![0-9]+]], metadata !DIExpression()), !dbg [[L13:![0-9]+]]
# LLVM: call void @llvm.dbg.declare(metadata ptr %t, metadata [[VT:![0-9]+]], metadata !DIExpression())
# LLVM: call void @llvm.dbg.declare(metadata ptr %g, metadata [[VG:![0-9]+]], metadata !DIExpression())
# LLVM: call void @llvm.dbg.declare(metadata ptr %i, metadata [[VI:![0-9]+]], metadata !DIExpression())
# LLVM-NOT: call void @llvm.dbg.declare
# LLVM: store double %{{[0-9]+}}, ptr %a, align 8, !dbg [[DEF]]
# LLVM: fadd double %{{.*}}, 1.500000e+00, !dbg [[L13]]

# LLVM: distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: [[FILE:![0-9]+]], producer: "pyjitc", isOptimized: false,{{.*}} emissionKind: FullDebug
# LLVM: [[FILE]] = !DIFile(filename: "debuginfo_llvm.py"
# LLVM: [[SP]] = distinct !DISubprogram(name: "k", linkageName: "k", scope: [[FILE]], file: [[FILE]], line: 12, type: [[ST:![0-9]+]], scopeLine: 12,
# LLVM-SAME: retainedNodes:
# LLVM: [[ST]] = !DISubroutineType(types: [[TYS:![0-9]+]])
# LLVM: [[TYS]] = !{null, [[F64:![0-9]+]], [[ARR:![0-9]+]], [[C64:![0-9]+]], [[BOOL:![0-9]+]], [[U16:![0-9]+]]}
# LLVM-DAG: [[F64]] = !DIBasicType(name: "float64", size: 64, encoding: DW_ATE_float)
# LLVM-DAG: [[ARR]] = !DICompositeType(tag: DW_TAG_structure_type, name: "array(int32, 1d, C)", {{.*}}size: 128, align: 64, elements: [[ARRM:![0-9]+]]
# LLVM-DAG: [[ARRM]] = !{[[DATA:![0-9]+]], [[SHAPE:![0-9]+]]}
# LLVM-DAG: [[DATA]] = !DIDerivedType(tag: DW_TAG_member, name: "data", {{.*}}baseType: [[PTR:![0-9]+]], size: 64)
# LLVM-DAG: [[PTR]] = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: [[I32:![0-9]+]])
# LLVM-DAG: [[I32]] = !DIBasicType(name: "int32", size: 32, encoding: DW_ATE_signed)
# LLVM-DAG: [[SHAPE]] = !DIDerivedType(tag: DW_TAG_member, name: "shape", {{.*}}baseType: [[DIMS:![0-9]+]], size: 64, offset: 64)
# LLVM-DAG: [[DIMS]] = !DICompositeType(tag: DW_TAG_array_type, baseType: [[I64:![0-9]+]], size: 64, elements: [[ONE:![0-9]+]])
# LLVM-DAG: [[I64]] = !DIBasicType(name: "int64", size: 64, encoding: DW_ATE_signed)
# LLVM-DAG: [[ONE]] = !{[[RANGE:![0-9]+]]}
# LLVM-DAG: [[RANGE]] = !DISubrange(count: 1, lowerBound: 0)
# LLVM-DAG: [[C64]] = !DICompositeType(tag: DW_TAG_structure_type, name: "complex64", {{.*}}size: 64, align: 32, elements: [[CM:![0-9]+]]
# LLVM-DAG: [[CM]] = !{[[RE:![0-9]+]], [[IM:![0-9]+]]}
# LLVM-DAG: [[RE]] = !DIDerivedType(tag: DW_TAG_member, name: "real", {{.*}}baseType: [[F32:![0-9]+]], size: 32)
# LLVM-DAG: [[F32]] = !DIBasicType(name: "float32", size: 32, encoding: DW_ATE_float)
# LLVM-DAG: [[IM]] = !DIDerivedType(tag: DW_TAG_member, name: "imag", {{.*}}baseType: [[F32]], size: 32, offset: 32)
# LLVM-DAG: [[BOOL]] = !DIBasicType(name: "bool", size: 8, encoding: DW_ATE_boolean)
# LLVM-DAG: [[U16]] = !DIBasicType(name: "uint16", size: 16, encoding: DW_ATE_unsigned)
# LLVM-DAG: [[VA]] = !DILocalVariable(name: "a", arg: 1, scope: [[SP]], file: [[FILE]], line: 12, type: [[F64]])
# LLVM-DAG: [[VX]] = !DILocalVariable(name: "x", arg: 2, scope: [[SP]], file: [[FILE]], line: 12, type: [[ARR]])
# LLVM-DAG: [[VZ]] = !DILocalVariable(name: "z", arg: 3, scope: [[SP]], file: [[FILE]], line: 12, type: [[C64]])
# LLVM-DAG: [[VFLAG]] = !DILocalVariable(name: "flag", arg: 4, scope: [[SP]], file: [[FILE]], line: 12, type: [[BOOL]])
# LLVM-DAG: [[VU]] = !DILocalVariable(name: "u", arg: 5, scope: [[SP]], file: [[FILE]], line: 12, type: [[U16]])
# LLVM-DAG: [[VB]] = !DILocalVariable(name: "b", scope: [[SP]], file: [[FILE]], line: 13, type: [[F64]])
# LLVM-DAG: [[VT]] = !DILocalVariable(name: "t", scope: [[SP]], file: [[FILE]], line: 14, type: [[TUP:![0-9]+]])
# LLVM-DAG: [[TUP]] = !DICompositeType(tag: DW_TAG_structure_type, name: "Tuple(float64, int64)", {{.*}}size: 128, align: 64, elements: [[TM:![0-9]+]]
# LLVM-DAG: [[TM]] = !{[[T0:![0-9]+]], [[T1:![0-9]+]]}
# LLVM-DAG: [[T0]] = !DIDerivedType(tag: DW_TAG_member, name: "f0", {{.*}}baseType: [[F64]], size: 64)
# LLVM-DAG: [[T1]] = !DIDerivedType(tag: DW_TAG_member, name: "f1", {{.*}}baseType: [[I64]], size: 64, offset: 64)
# LLVM-DAG: [[VG]] = !DILocalVariable(name: "g", scope: [[SP]], file: [[FILE]], line: 15, type: [[GG:![0-9]+]])
# LLVM-DAG: [[GG]] = !DIBasicType(name: "GridGroup", size: 64, encoding: DW_ATE_unsigned)
# LLVM-DAG: [[VI]] = !DILocalVariable(name: "i", scope: [[SP]], file: [[FILE]], line: 16, type: [[I64]])
# LLVM-DAG: [[DEF]] = !DILocation(line: 12, column: 5, scope: [[SP]])
# LLVM-DAG: [[L13]] = !DILocation(line: 13, column: 5, scope: [[SP]])
# LLVM-NOT: !DILocalVariable(name: "$
