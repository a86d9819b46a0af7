# cassette_gcc_example(<test-name> SOURCES <files...>
#                      [INCLUDES <dirs...>] [CONTEXTS_HEADER <header>] [LINK_HOOK]
#                      RUN <arg|-> <expected-file> [RUN ...] [ANY_ORDER <arg...>])
#
# The same rewritten example built with g++ (Debian 12's g++ 12) instead of
# clang++-19: at test time, compiles SOURCES with `g++ -std=c++20 -O2` against
# runtime/, runs the program once per RUN (with that argument; `-` for none)
# and compares its output with the expected file the clang build is checked
# against. RUNs named in ANY_ORDER are traces of hooks whose order follows the
# order in which the compiler evaluates function arguments, which C++ leaves
# unspecified (g++ and clang differ): for them the same lines in any order
# pass. LINK_HOOK also compiles the deallocation hook (tagging programs).
# Nothing is added when no g++ is found, nor in the sanitizer build (these
# programs are not built with the sanitizers; the plain build runs them).
find_program(CASSETTE_GXX NAMES g++-12 g++)

function(cassette_gcc_example name)
  if(NOT CASSETTE_GXX OR CASSETTE_SANITIZE)
    return()
  endif()
  cmake_parse_arguments(A "LINK_HOOK" "CONTEXTS_HEADER" "SOURCES;INCLUDES;RUN;ANY_ORDER" ${ARGN})
  set(sources ${A_SOURCES})
  if(A_LINK_HOOK)
    list(APPEND sources ${PROJECT_SOURCE_DIR}/runtime/src/deallocation_hook.cpp)
  endif()
  set(args "")
  set(expected "")
  list(LENGTH A_RUN n)
  math(EXPR last "${n} - 1")
  foreach(i RANGE 0 ${last} 2)
    math(EXPR j "${i} + 1")
    list(GET A_RUN ${i} arg)
    list(GET A_RUN ${j} file)
    list(APPEND args ${arg})
    list(APPEND expected ${file})
  endforeach()
  # Lists cross add_test joined with `|`.
  string(JOIN "|" sources ${sources})
  string(JOIN "|" includes ${PROJECT_SOURCE_DIR}/runtime ${A_INCLUDES})
  string(JOIN "|" args ${args})
  string(JOIN "|" expected ${expected})
  string(JOIN "|" any_order ${A_ANY_ORDER})
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND} -DCXX=${CASSETTE_GXX} -DBINARY=${CMAKE_CURRENT_BINARY_DIR}/${name}
      -DSOURCES=${sources} -DINCLUDES=${includes} -DCONTEXTS_HEADER=${A_CONTEXTS_HEADER}
      -DARGS=${args} -DEXPECTED=${expected} -DANY_ORDER=${any_order}
      -P ${PROJECT_SOURCE_DIR}/cmake/GccExampleRun.cmake)
  set_tests_properties(${name} PROPERTIES LABELS gcc)
endfunction()
