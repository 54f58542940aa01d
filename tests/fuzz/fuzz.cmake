# The libFuzzer targets (tests/fuzz/README.md), built when PJ_FUZZ is on, with clang:
#   cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang-19 -DPJ_FUZZ=ON
#   cmake --build build-fuzz --target fuzz_compile fuzz_values fuzz_signature
# Each links the core library's sources statically (instrumented for coverage, ASan and UBSan)
# with LLVM and tree-sitter (not instrumented).
if(NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "PJ_FUZZ needs clang (libFuzzer): -DCMAKE_C_COMPILER=clang-19")
endif()
add_library(pj_core_static STATIC ${PJ_CORE_SOURCES})
target_include_directories(pj_core_static PUBLIC ${CMAKE_SOURCE_DIR}/include ${CMAKE_SOURCE_DIR})
target_compile_definitions(pj_core_static PRIVATE PJ_LLVM_VERSION="${LLVM_VERSION}" _GNU_SOURCE)
foreach(t compile values signature)
  add_executable(fuzz_${t} ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_${t}.c ${CMAKE_SOURCE_DIR}/tests/fuzz/common.c
    ${CMAKE_SOURCE_DIR}/tests/fuzz/ts_alloc.c)
  target_compile_definitions(fuzz_${t} PRIVATE _GNU_SOURCE)
  target_link_directories(fuzz_${t} PRIVATE ${LLVM_LIBDIR})
  target_link_options(fuzz_${t} PRIVATE -fsanitize=fuzzer,${PJ_SANITIZERS})
  target_link_libraries(fuzz_${t} PRIVATE pj_core_static pj_grammar pj_treesitter
    ${LLVM_LIBS} -lstdc++ z zstd dl m pthread)
endforeach()
# the source target mutates Python text with the language's structure as well as libFuzzer's bytes
target_sources(fuzz_compile PRIVATE ${CMAKE_SOURCE_DIR}/tests/fuzz/mutate.c)
# the mutator is the fuzzer's own code: neither measured for coverage nor sanitized
set_source_files_properties(${CMAKE_SOURCE_DIR}/tests/fuzz/mutate.c PROPERTIES COMPILE_OPTIONS "-fno-sanitize=all")
