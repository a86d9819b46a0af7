# cassette_add_pass(<name> SOURCES <files...>)
#
# Builds a Cassette pass plugin (docs/passes.md): a shared library
# lib<name>.so that cassette-rewrite loads with `--pass`, and that
# cassette_overdub(... PASSES <name>) loads for you. Its sources include
# <cassette/pass.hpp> and register their passes with cassette::pass::Register.
# The plugin is compiled as LLVM/Clang are (C++20 here, no RTTI) against the
# Clang release cassette-rewrite runs, and links Clang's shared libraries,
# the very ones cassette-rewrite has loaded.
cmake_policy(PUSH)
cmake_policy(VERSION 3.20...3.28)

# The directory holding cassette/pass.hpp: the source tree's include/ in
# this project, <prefix>/include once installed.
if(NOT DEFINED CASSETTE_PASS_INCLUDE_DIR)
  get_filename_component(CASSETTE_PASS_INCLUDE_DIR "${CMAKE_CURRENT_LIST_DIR}/../../../include" ABSOLUTE)
endif()
if(NOT DEFINED Cassette_LLVM_VERSION)
  set(Cassette_LLVM_VERSION ${CASSETTE_LLVM_VERSION})
endif()

function(cassette_add_pass name)
  set(usage "cassette_add_pass(<name> SOURCES <files...>)")
  cmake_parse_arguments(PARSE_ARGV 1 A "" "" "SOURCES")
  if(A_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cassette_add_pass(${name}): unknown argument(s) ${A_UNPARSED_ARGUMENTS}; usage: ${usage}")
  endif()
  if(NOT A_SOURCES)
    message(FATAL_ERROR "cassette_add_pass(${name}): SOURCES <files...> is required; usage: ${usage}")
  endif()
  if(NOT TARGET clang-cpp)
    find_package(Clang CONFIG NO_DEFAULT_PATH
      HINTS /usr/lib/llvm-${Cassette_LLVM_VERSION}/lib/cmake/clang)
    if(NOT TARGET clang-cpp)
      message(FATAL_ERROR "cassette_add_pass(${name}): a pass needs Clang ${Cassette_LLVM_VERSION}'s development files (the CMake package Clang, target clang-cpp; Debian: libclang-${Cassette_LLVM_VERSION}-dev)")
    endif()
  endif()
  add_library(${name} MODULE ${A_SOURCES})
  set_target_properties(${name} PROPERTIES PREFIX "lib" CXX_VISIBILITY_PRESET hidden CXX_STANDARD 20
    CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
  target_include_directories(${name} PRIVATE ${CASSETTE_PASS_INCLUDE_DIR})
  target_include_directories(${name} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
  target_compile_definitions(${name} PRIVATE ${LLVM_DEFINITIONS})
  target_compile_options(${name} PRIVATE -fno-rtti)
  target_link_libraries(${name} PRIVATE clang-cpp LLVM)
  # Every symbol resolved when the plugin is linked, not when it is loaded;
  # not in a sanitizer build: the sanitizers' runtime is the loading tool's.
  get_directory_property(_cassette_options COMPILE_OPTIONS)
  if(NOT "${CMAKE_CXX_FLAGS};${_cassette_options}" MATCHES "-fsanitize")
    target_link_options(${name} PRIVATE LINKER:--no-undefined)
  endif()
endfunction()

cmake_policy(POP)
