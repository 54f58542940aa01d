# Test registration (included from the top CMakeLists.txt). Labels: unit, codegen, errors, e2e,
# cpu, gpu. CI runs everything but `gpu`; scripts/gpu-test.sh runs the `gpu` ones on a GPU.
set(PJ_TESTS ${CMAKE_SOURCE_DIR}/tests)

# Unit tests: one C program per file, linked against the core library.
file(GLOB PJ_UNIT_TESTS CONFIGURE_DEPENDS ${PJ_TESTS}/unit/test_*.c)
foreach(src ${PJ_UNIT_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src})
  target_link_libraries(${name} PRIVATE pyjitc_core m pthread)
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR})
  target_compile_definitions(${name} PRIVATE _GNU_SOURCE)
  set_target_properties(${name} PROPERTIES BUILD_RPATH "$ORIGIN")
  add_test(NAME unit.${name} COMMAND ${name})
  if(name MATCHES "cuda")
    set_tests_properties(unit.${name} PROPERTIES LABELS "unit;gpu" SKIP_RETURN_CODE 77)
  else()
    set_tests_properties(unit.${name} PROPERTIES LABELS "unit;cpu")
  endif()
endforeach()
# A stand-in CUDA driver (tests/unit/fake_libcuda.c) that starts slowly and opens a GPU that runs
# nothing: the warm-up's test loads it through PYJITC_LIBCUDA where there is no GPU.
add_library(pj_fake_libcuda SHARED ${PJ_TESTS}/unit/fake_libcuda.c ${PJ_TESTS}/unit/fake_libcuda_stubs.c)
target_include_directories(pj_fake_libcuda PRIVATE ${CMAKE_SOURCE_DIR})
target_compile_definitions(test_device_warm PRIVATE PJ_FAKE_LIBCUDA="$<TARGET_FILE:pj_fake_libcuda>")
add_dependencies(test_device_warm pj_fake_libcuda)

# FileCheck tests of --emit=llvm|ptx.
# FileCheck comes with llvm-19-tools (scripts/setup.sh --test); without it the group is one failing test.
find_program(PJ_FILECHECK FileCheck PATHS ${LLVM_BINDIR} NO_DEFAULT_PATH)
file(GLOB PJ_CODEGEN_TESTS CONFIGURE_DEPENDS ${PJ_TESTS}/codegen/*.py)
if(NOT PJ_FILECHECK)
  add_test(NAME codegen.filecheck_missing COMMAND ${CMAKE_COMMAND} -E echo "FileCheck not found: run scripts/setup.sh --test")
  set_tests_properties(codegen.filecheck_missing PROPERTIES LABELS "codegen;cpu" WILL_FAIL ON)
  set(PJ_CODEGEN_TESTS "")
endif()
foreach(src ${PJ_CODEGEN_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME codegen.${name} COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/run_filecheck.py $<TARGET_FILE:pyjitc> ${PJ_FILECHECK} ${src})
  set_tests_properties(codegen.${name} PROPERTIES LABELS "codegen;cpu" TIMEOUT 60) # each takes well under a second
endforeach()

# docs/internals.md, the contributors' map: every file and name it gives must exist.
add_test(NAME unit.internals_map COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/check_internals.py ${CMAKE_SOURCE_DIR})
set_tests_properties(unit.internals_map PROPERTIES LABELS "cpu;unit" TIMEOUT 30)

# The layers: each includes only what it may, and nothing below api/ calls into api/.
add_test(NAME unit.check_layers COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/check_layers.py ${CMAKE_SOURCE_DIR})
set_tests_properties(unit.check_layers PROPERTIES LABELS "cpu;unit" TIMEOUT 60)

# Programs that must be rejected, with the expected diagnostics in the file.
file(GLOB PJ_ERROR_TESTS CONFIGURE_DEPENDS ${PJ_TESTS}/errors/*.py)
foreach(src ${PJ_ERROR_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME errors.${name} COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/run_errors.py $<TARGET_FILE:pyjitc> ${src})
  set_tests_properties(errors.${name} PROPERTIES LABELS "errors;cpu")
endforeach()

# pytest files, one CTest test per file and target: once on the CPU executor (label cpu), once on
# the GPU (label gpu), with PYJITC_TARGET and PYJITC_TEST_TARGET set to the target; env_prefix
# holds more variables ("NAME=value;").
function(pj_add_pytests group pattern env_prefix)
  file(GLOB files CONFIGURE_DEPENDS ${pattern})
  foreach(src ${files})
    get_filename_component(name ${src} NAME_WE)
    foreach(target cpu cuda)
      add_test(NAME ${group}.${target}.${name}
               COMMAND ${Python3_EXECUTABLE} -m pytest -q -p no:cacheprovider ${src})
      set_tests_properties(${group}.${target}.${name} PROPERTIES
        ENVIRONMENT "${env_prefix}PYJITC_TARGET=${target};PYJITC_TEST_TARGET=${target};PYTHONDONTWRITEBYTECODE=1")
      set(label cpu)
      if(target STREQUAL "cuda")
        set(label gpu)
      endif()
      set_tests_properties(${group}.${target}.${name} PROPERTIES LABELS "${group};${label}")
    endforeach()
  endforeach()
endfunction()

# End-to-end: kernels launched through the command line on real data, checked against NumPy or
# Python. PJ_SANITIZED tells a test that the compiler runs instrumented (several times slower).
set(PJ_E2E_SAN "")
if(PJ_SANITIZE)
  set(PJ_E2E_SAN "PJ_SANITIZED=1;")
endif()
pj_add_pytests(e2e ${PJ_TESTS}/e2e/test_*.py "${PJ_E2E_SAN}PYJITC=$<TARGET_FILE:pyjitc>;")

# The Python extension: the package imported from the build tree. In the sanitized build
# (PJ_SANITIZE, gcc) CPython itself is not instrumented, so the sanitizers' runtimes are preloaded
# into it; its own allocations at exit would read as leaks, so leak detection is off for this
# group (the C-level groups keep it, and the soak watches memory).
set(PJ_PY_SAN_ENV "")
if(PJ_SANITIZE AND CMAKE_C_COMPILER_ID STREQUAL "GNU")
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libasan.so OUTPUT_VARIABLE pj_asan_rt OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libubsan.so OUTPUT_VARIABLE pj_ubsan_rt OUTPUT_STRIP_TRAILING_WHITESPACE)
  set(PJ_PY_SAN_ENV "LD_PRELOAD=${pj_asan_rt} ${pj_ubsan_rt};ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1;UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1;")
endif()
pj_add_pytests(python ${PJ_TESTS}/python/test_*.py
               "${PJ_PY_SAN_ENV}PYTHONPATH=${CMAKE_BINARY_DIR}/python;PJ_FAKE_LIBCUDA=$<TARGET_FILE:pj_fake_libcuda>;")

# scripts/codegen-snapshot.py on a small corpus, twice: the two snapshots must be byte for byte the
# same, so that a refactoring's before/after comparison shows only real changes. (It imports the
# extension: in the sanitized build, with the sanitizers' runtimes preloaded, as the Python tests.)
add_test(NAME unit.codegen_snapshot COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/run_snapshot_twice.py $<TARGET_FILE:pyjitc>)
set_tests_properties(unit.codegen_snapshot PROPERTIES LABELS "cpu;unit" TIMEOUT 120
  ENVIRONMENT "${PJ_PY_SAN_ENV}PYTHONPATH=${CMAKE_BINARY_DIR}/python;PYTHONDONTWRITEBYTECODE=1")

# `pip install .` into a fresh virtual environment (builds the whole project again: slow).
add_test(NAME packaging.pip_install COMMAND bash ${PJ_TESTS}/packaging/pip_install.sh)
set_tests_properties(packaging.pip_install PROPERTIES LABELS "packaging;cpu" TIMEOUT 900)
# The README's first commands and its example, as the files are.
add_test(NAME packaging.readme COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/packaging/readme.py)
set_tests_properties(packaging.readme PROPERTIES LABELS "packaging;cpu")
# The wheel (scripts/wheel.sh, from the sdist) installed into a fresh virtual environment and used
# from there: Python, the `pyjitc` command, libdevice from pyjitc[cu12] (builds again: slow).
add_test(NAME packaging.wheel COMMAND bash ${PJ_TESTS}/packaging/wheel.sh $<TARGET_FILE:pyjitc>)
set_tests_properties(packaging.wheel PROPERTIES LABELS "packaging;cpu" TIMEOUT 1200)

# numba-cuda's own test suite (numba/cuda/tests/cudapy of numba-cuda 0.30.4) run against pyjitc,
# as a report (tests/compat/README.md): it passes when the runner works, however many of those
# tests fail; it fails only when the runner is broken (no download, no stand-in, no results).
# On first use (network) numba-cuda's suite is fetched into .deps/numba-cuda and numba with
# numba-cuda's test dependencies pip-installed into the scratch site .deps/compat-site-pyXY (run.py's
# SITE_PINS), then reused; --budget counts from after that. A report goes to build/compat/.
foreach(target cpu cuda)
  set(name compat.report)
  set(label cpu)
  if(target STREQUAL "cuda")
    set(name compat.report_gpu)
    set(label gpu)
  endif()
  add_test(NAME ${name}
           COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/compat/run.py --target ${target} --jobs 2 --timeout 120
                   --budget 420 --pyjitc ${CMAKE_BINARY_DIR}/python --out ${CMAKE_BINARY_DIR}/compat/compat-${target}.md
                   --json ${CMAKE_BINARY_DIR}/compat/compat-${target}.json)
  set_tests_properties(${name} PROPERTIES LABELS "compat;${label}" TIMEOUT 600
    ENVIRONMENT "PYJITC_TARGET=${target};PYTHONDONTWRITEBYTECODE=1")
endforeach()

# The fuzz targets' regression inputs (tests/fuzz/regressions/TARGET/*), replayed through the
# targets' checks without libFuzzer; the fuzzing itself is scripts/fuzz.sh (tests/fuzz/README.md).
foreach(t compile values signature)
  add_executable(replay_${t} ${PJ_TESTS}/fuzz/replay.c ${PJ_TESTS}/fuzz/fuzz_${t}.c ${PJ_TESTS}/fuzz/common.c)
  target_link_libraries(replay_${t} PRIVATE pyjitc_core)
  target_compile_definitions(replay_${t} PRIVATE _GNU_SOURCE)
  set_target_properties(replay_${t} PROPERTIES BUILD_RPATH "$ORIGIN")
  file(GLOB inputs CONFIGURE_DEPENDS ${PJ_TESTS}/fuzz/regressions/${t}/*)
  if(t STREQUAL "compile") # and every example, which must compile without a defect
    file(GLOB examples CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/examples/*.py)
    list(APPEND inputs ${examples})
  endif()
  add_test(NAME fuzz.replay_${t} COMMAND replay_${t} ${inputs})
  set_tests_properties(fuzz.replay_${t} PROPERTIES LABELS "fuzz;cpu")
endforeach()

# fuzz_launch's regression inputs (tests/fuzz/regressions/launch/*), replayed through the Python API
# without atheris, on each target (the sanitized build preloads the sanitizers' runtimes as for the
# Python group); the fuzzing itself is scripts/fuzz-launch.sh.
file(GLOB pj_launch_inputs CONFIGURE_DEPENDS ${PJ_TESTS}/fuzz/regressions/launch/*)
foreach(target cpu cuda)
  set(label cpu)
  set(name fuzz.replay_launch)
  if(target STREQUAL "cuda")
    set(label gpu)
    set(name fuzz.replay_launch_gpu)
  endif()
  add_test(NAME ${name} COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/fuzz/fuzz_launch.py --replay ${pj_launch_inputs})
  set_tests_properties(${name} PROPERTIES LABELS "fuzz;${label}"
    ENVIRONMENT "${PJ_PY_SAN_ENV}PYTHONPATH=${CMAKE_BINARY_DIR}/python;PYJITC_TARGET=${target};PYTHONDONTWRITEBYTECODE=1")
endforeach()

# valgrind (memcheck) over the command line's compile and launch of every example (tests/valgrind).
add_test(NAME valgrind.examples COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/valgrind/examples.py $<TARGET_FILE:pyjitc>)
set_tests_properties(valgrind.examples PROPERTIES LABELS "valgrind;cpu" TIMEOUT 900)

# A short soak of the Python package (tests/soak/soak.py; the full one is run by hand and its
# figures kept in docs/reliability.md): launches of every style and distinct kernels, memory flat.
foreach(target cpu cuda)
  set(label cpu)
  if(target STREQUAL "cuda")
    set(label gpu)
  endif()
  add_test(NAME soak.${target} COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/soak/soak.py --launches 20000 --kernels 300)
  set_tests_properties(soak.${target} PROPERTIES LABELS "soak;${label}" TIMEOUT 600
    ENVIRONMENT "PYTHONPATH=${CMAKE_BINARY_DIR}/python;PYJITC_TARGET=${target};PYTHONDONTWRITEBYTECODE=1")
endforeach()
