# cassette_rewrite_tree(<target> ROOT <dir> OUT <dir> SOURCES <files...>
#                       [INCLUDES <dirs...>] [FLAGS <flags...>]
#                       [TOOL_ARGS <cassette-rewrite options...>]
#                       [PASSES <pass plugin targets...>])
#
# Rewrites the tree ROOT into OUT with cassette-rewrite at build time. The
# compilation database for SOURCES is generated here; every file under ROOT
# becomes an output in OUT, so targets can list OUT's sources directly. Used by
# this project's tests and examples (cmake/ also installs the user-facing
# package).
function(cassette_rewrite_tree target)
  cmake_parse_arguments(A "" "ROOT;OUT" "SOURCES;INCLUDES;FLAGS;TOOL_ARGS;PASSES" ${ARGN})
  set(pass_args "")
  foreach(pass ${A_PASSES})
    list(APPEND pass_args --pass $<TARGET_FILE:${pass}>)
  endforeach()
  set(db_dir ${CMAKE_CURRENT_BINARY_DIR}/${target}-compile-db)
  set(entries "")
  foreach(src ${A_SOURCES})
    set(args "\"${CASSETTE_CLANG}\", \"-std=c++20\"")
    foreach(inc ${A_INCLUDES})
      string(APPEND args ", \"-I${inc}\"")
    endforeach()
    foreach(flag ${A_FLAGS})
      string(APPEND args ", \"${flag}\"")
    endforeach()
    string(APPEND args ", \"-c\", \"${src}\"")
    list(APPEND entries "  {\"directory\": \"${A_ROOT}\", \"file\": \"${src}\", \"arguments\": [${args}]}")
  endforeach()
  string(JOIN ",\n" body ${entries})
  file(WRITE ${db_dir}/compile_commands.json "[\n${body}\n]\n")

  file(GLOB_RECURSE inputs RELATIVE ${A_ROOT} CONFIGURE_DEPENDS ${A_ROOT}/*)
  set(outputs "")
  set(deps "")
  foreach(rel ${inputs})
    list(APPEND outputs ${A_OUT}/${rel})
    list(APPEND deps ${A_ROOT}/${rel})
  endforeach()
  add_custom_command(OUTPUT ${outputs}
    COMMAND cassette-rewrite -p ${db_dir} --root ${A_ROOT} --out-dir ${A_OUT}
            --report ${A_OUT}.report.json ${A_TOOL_ARGS} ${pass_args}
    DEPENDS cassette-rewrite ${deps} ${A_PASSES}
    COMMENT "cassette-rewrite ${A_ROOT} -> ${A_OUT}"
    VERBATIM)
  add_custom_target(${target} DEPENDS ${outputs})
  set_target_properties(${target} PROPERTIES CASSETTE_ROOT ${A_ROOT})
endfunction()

# cassette_use_rewritten_tree(<target> TREE <rewrite-target> OUT <dir>
#                             [CONTEXTS_HEADER <header>] [INCLUDES <dirs...>])
#
# Builds <target> against the rewritten tree: waits for the rewrite, puts OUT
# and INCLUDES on the include path, registers the contexts of CONTEXTS_HEADER
# (CASSETTE_CONTEXTS_HEADER) and links the runtime.
function(cassette_use_rewritten_tree target)
  cmake_parse_arguments(A "" "TREE;OUT;CONTEXTS_HEADER" "INCLUDES" ${ARGN})
  add_dependencies(${target} ${A_TREE})
  target_include_directories(${target} PRIVATE ${A_OUT} ${A_INCLUDES})
  # __FILE__ and debug info name the original files (#line keeps their lines).
  get_target_property(root ${A_TREE} CASSETTE_ROOT)
  target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:C,CXX>:-ffile-prefix-map=${A_OUT}=${root}>")
  if(A_CONTEXTS_HEADER)
    target_compile_definitions(${target} PRIVATE CASSETTE_CONTEXTS_HEADER="${A_CONTEXTS_HEADER}")
  endif()
  target_link_libraries(${target} PRIVATE Cassette::runtime)
endfunction()
