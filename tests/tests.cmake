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

# FileCheck tests of --emit=llvm|ptx.
find_program(PJ_FILECHECK FileCheck PATHS ${LLVM_BINDIR} NO_DEFAULT_PATH REQUIRED)
file(GLOB PJ_CODEGEN_TESTS CONFIGURE_DEPENDS ${PJ_TESTS}/codegen/*.py)
foreach(src ${PJ_CODEGEN_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME codegen.${name} COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/run_filecheck.py $<TARGET_FILE:pyjitc> ${PJ_FILECHECK} ${src})
  set_tests_properties(codegen.${name} PROPERTIES LABELS "codegen;cpu")
endforeach()

# Programs that must be rejected, with the expected diagnostics in the file.
file(GLOB PJ_ERROR_TESTS CONFIGURE_DEPENDS ${PJ_TESTS}/errors/*.py)
foreach(src ${PJ_ERROR_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME errors.${name} COMMAND ${Python3_EXECUTABLE} ${PJ_TESTS}/run_errors.py $<TARGET_FILE:pyjitc> ${src})
  set_tests_properties(errors.${name} PROPERTIES LABELS "errors;cpu")
endforeach()

# End-to-end: kernels launched on real data, checked against NumPy or Python; once on the CPU
# executor, once on the GPU (label gpu). Each pytest file is one test per target.
file(GLOB PJ_E2E_TESTS CONFIGURE_DEPENDS ${PJ_TESTS}/e2e/test_*.py)
foreach(src ${PJ_E2E_TESTS})
  get_filename_component(name ${src} NAME_WE)
  foreach(target cpu cuda)
    add_test(NAME e2e.${target}.${name}
             COMMAND ${Python3_EXECUTABLE} -m pytest -q -p no:cacheprovider ${src})
    set_tests_properties(e2e.${target}.${name} PROPERTIES
      ENVIRONMENT "PYJITC=$<TARGET_FILE:pyjitc>;PYJITC_TEST_TARGET=${target};PYTHONDONTWRITEBYTECODE=1")
    if(target STREQUAL "cuda")
      set_tests_properties(e2e.${target}.${name} PROPERTIES LABELS "e2e;gpu")
    else()
      set_tests_properties(e2e.${target}.${name} PROPERTIES LABELS "e2e;cpu")
    endif()
  endforeach()
endforeach()

# The Python extension: pytest files in tests/python, importing the package from the build
# tree; once on the CPU executor (PYJITC_TARGET=cpu), once on the GPU (label gpu).
file(GLOB PJ_PY_TESTS CONFIGURE_DEPENDS ${PJ_TESTS}/python/test_*.py)
foreach(src ${PJ_PY_TESTS})
  get_filename_component(name ${src} NAME_WE)
  foreach(target cpu cuda)
    add_test(NAME python.${target}.${name}
             COMMAND ${Python3_EXECUTABLE} -m pytest -q -p no:cacheprovider ${src})
    set_tests_properties(python.${target}.${name} PROPERTIES
      ENVIRONMENT "PYTHONPATH=${CMAKE_BINARY_DIR}/python;PYJITC_TARGET=${target};PYJITC_TEST_TARGET=${target};PYTHONDONTWRITEBYTECODE=1")
    if(target STREQUAL "cuda")
      set_tests_properties(python.${target}.${name} PROPERTIES LABELS "python;gpu")
    else()
      set_tests_properties(python.${target}.${name} PROPERTIES LABELS "python;cpu")
    endif()
  endforeach()
endforeach()

# `pip install .` into a fresh virtual environment (builds the whole project again: slow).
add_test(NAME packaging.pip_install COMMAND bash ${PJ_TESTS}/packaging/pip_install.sh)
set_tests_properties(packaging.pip_install PROPERTIES LABELS "packaging;cpu" TIMEOUT 900)
