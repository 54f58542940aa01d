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
  set_target_properties(${name} PROPERTIES BUILD_RPATH "$<TARGET_FILE_DIR:pyjitc_core>")
  add_test(NAME unit.${name} COMMAND ${name})
  if(name MATCHES "cuda")
    set_tests_properties(unit.${name} PROPERTIES LABELS "unit;gpu" SKIP_RETURN_CODE 77)
  else()
    set_tests_properties(unit.${name} PROPERTIES LABELS "unit;cpu")
  endif()
endforeach()
