# Helpers shared by the folder CMakeLists.

find_package(doctest QUIET)

# locus_unit_test(NAME SOURCES... LIBS ...): one doctest executable registered with ctest, label "unit".
function(locus_unit_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} locus_doctest_main)
  add_test(NAME unit/${name} COMMAND ${name})
  target_compile_definitions(${name} PRIVATE LOCUS_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  set_tests_properties(unit/${name} PROPERTIES LABELS "unit;quick")
  if(LOCUS_SANITIZE)
    set_tests_properties(unit/${name} PROPERTIES ENVIRONMENT "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp")
  endif()
endfunction()
