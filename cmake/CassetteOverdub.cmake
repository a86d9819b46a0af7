# cassette_overdub(): the pre-build step of the installed Cassette package
# (find_package(Cassette) includes this file). See docs/cmake.md.
#
#   cassette_overdub(TARGET <target> CONTEXT_HEADER <header>
#                    [OVERDUB_MAIN <Context>] [ROOT <dir>] [OUT_DIR <dir>]
#                    [REPORT <file.json>] [JOBS <n>] [EXTRA_ARGS <arg>...]
#                    [PASSES <pass>...] [KEEP_AS_WRITTEN <glob>...]
#                    [PRECOMPILE_RUNTIME])
#
# PASSES: pass plugins (docs/passes.md) loaded in the order given, each a
# target made by cassette_add_pass or the path of a plugin built elsewhere.
# KEEP_AS_WRITTEN: files under ROOT (paths or globs relative to it) compiled
# as written, their functions primitives (cassette-rewrite --keep-as-written).
# PRECOMPILE_RUNTIME: the runtime's headers that every rewritten unit includes
# first are compiled once per target as a precompiled header
# (target_precompile_headers).
#
# Makes <target> compile its C++ sources under ROOT as rewritten by
# cassette-rewrite instead of the originals. The rewrite is one build step per
# target (its units are rewritten together, because a call reaches the twin of
# a function defined in another unit only if that unit is in the same run).
# It reruns when a file that any unit read changes (the tool's --depfile), and
# the tool keeps the modification time of every output whose text did not
# change, so the build recompiles only the files an edit really changed.
cmake_policy(PUSH)
cmake_policy(VERSION 3.20...3.28)  # CMP0116: DEPFILE paths for Ninja as for Make

# Regular-expression form of a literal path.
function(_cassette_regex_escape out text)
  string(REGEX REPLACE "([][.+*?()^$|{}\\\\])" "\\\\\\1" escaped "${text}")
  set(${out} "${escaped}" PARENT_SCOPE)
endfunction()

function(cassette_overdub)
  set(usage "cassette_overdub(TARGET <target> CONTEXT_HEADER <header> [OVERDUB_MAIN <Context>] [ROOT <dir>] [OUT_DIR <dir>] [REPORT <file.json>] [JOBS <n>] [EXTRA_ARGS <arg>...] [PASSES <pass>...] [KEEP_AS_WRITTEN <glob>...] [PRECOMPILE_RUNTIME])")
  cmake_parse_arguments(PARSE_ARGV 0 A "PRECOMPILE_RUNTIME" "TARGET;CONTEXT_HEADER;OVERDUB_MAIN;ROOT;OUT_DIR;REPORT;JOBS" "EXTRA_ARGS;PASSES;KEEP_AS_WRITTEN")
  if(A_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cassette_overdub: unknown argument(s) ${A_UNPARSED_ARGUMENTS}; usage: ${usage}")
  endif()
  if(NOT A_TARGET)
    message(FATAL_ERROR "cassette_overdub: TARGET <target> is required; usage: ${usage}")
  endif()
  set(t ${A_TARGET})
  if(NOT TARGET ${t})
    message(FATAL_ERROR "cassette_overdub: no target named '${t}'; create it (add_executable or add_library) before calling cassette_overdub")
  endif()
  get_target_property(aliased ${t} ALIASED_TARGET)
  get_target_property(imported ${t} IMPORTED)
  get_target_property(type ${t} TYPE)
  if(aliased)
    message(FATAL_ERROR "cassette_overdub: '${t}' is an alias of '${aliased}'; name '${aliased}' itself")
  endif()
  if(imported OR NOT type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
    message(FATAL_ERROR "cassette_overdub: target '${t}' is an imported or ${type} target; only an executable or library built here has sources to rewrite")
  endif()
  get_target_property(target_dir ${t} SOURCE_DIR)
  if(NOT target_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    message(FATAL_ERROR "cassette_overdub: target '${t}' is created in ${target_dir}; call cassette_overdub in that directory's CMakeLists.txt")
  endif()
  get_target_property(done ${t} CASSETTE_OVERDUB_OUT_DIR)
  if(done)
    message(FATAL_ERROR "cassette_overdub: target '${t}' is already overdubbed (into ${done}); call cassette_overdub once per target")
  endif()
  if(NOT A_CONTEXT_HEADER)
    message(FATAL_ERROR "cassette_overdub(TARGET ${t}): CONTEXT_HEADER <header> is required: the header that registers your contexts with CASSETTE_CONTEXTS(...), or with OVERDUB_MAIN the header that declares the context")
  endif()
  if("OVERDUB_MAIN" IN_LIST A_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "cassette_overdub(TARGET ${t}): OVERDUB_MAIN needs the context type, e.g. OVERDUB_MAIN cassette::CallCounter")
  endif()

  # The context header: a file of this project (by its absolute path), or a
  # header of Cassette's runtime spelled as it is included
  # (cassette/contexts/counter.hpp).
  get_target_property(runtime_includes Cassette::runtime INTERFACE_INCLUDE_DIRECTORIES)
  get_filename_component(header "${A_CONTEXT_HEADER}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${header}" OR IS_DIRECTORY "${header}")
    set(header "")
    if(NOT IS_ABSOLUTE "${A_CONTEXT_HEADER}")
      foreach(dir ${runtime_includes})
        if(EXISTS "${dir}/${A_CONTEXT_HEADER}" AND NOT IS_DIRECTORY "${dir}/${A_CONTEXT_HEADER}")
          set(header "${A_CONTEXT_HEADER}")
        endif()
      endforeach()
    endif()
    if(NOT header)
      message(FATAL_ERROR "cassette_overdub(TARGET ${t}): CONTEXT_HEADER ${A_CONTEXT_HEADER}: no such file (looked in ${CMAKE_CURRENT_SOURCE_DIR} and in Cassette's include directory ${runtime_includes})")
    endif()
  endif()

  if(NOT A_ROOT)
    set(A_ROOT "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
  get_filename_component(root "${A_ROOT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT IS_DIRECTORY "${root}")
    message(FATAL_ERROR "cassette_overdub(TARGET ${t}): ROOT ${A_ROOT} is not a directory")
  endif()
  if(NOT A_OUT_DIR)
    set(A_OUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/cassette/${t}")
  endif()
  get_filename_component(out "${A_OUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  file(REAL_PATH "${root}" root)
  string(FIND "${out}/" "${root}/" out_in_root)
  string(FIND "${root}/" "${out}/" root_in_out)
  if(out_in_root EQUAL 0 OR root_in_out EQUAL 0)
    message(FATAL_ERROR "cassette_overdub(TARGET ${t}): the rewritten tree ${out} and ROOT ${root} overlap (is the build directory inside the source tree?); pass ROOT <the directory holding your sources> (for example ROOT src), or OUT_DIR <a directory outside ROOT>, or build outside the source tree")
  endif()
  if(NOT A_REPORT)
    set(A_REPORT "${out}.report.json")
  endif()
  get_filename_component(report "${A_REPORT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  if(NOT A_JOBS)
    set(A_JOBS 1)
  endif()
  if(NOT A_JOBS MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "cassette_overdub(TARGET ${t}): JOBS ${A_JOBS} is not a positive number")
  endif()

  set_target_properties(${t} PROPERTIES
    CASSETTE_OVERDUB_OUT_DIR "${out}"
    CASSETTE_OVERDUB_ROOT "${root}"
    CASSETTE_OVERDUB_HEADER "${header}"
    CASSETTE_OVERDUB_MAIN "${A_OVERDUB_MAIN}"
    CASSETTE_OVERDUB_REPORT "${report}"
    CASSETTE_OVERDUB_JOBS "${A_JOBS}"
    CASSETTE_OVERDUB_EXTRA_ARGS "${A_EXTRA_ARGS}"
    CASSETTE_OVERDUB_PASSES "${A_PASSES}"
    CASSETTE_OVERDUB_KEEP "${A_KEEP_AS_WRITTEN}"
    CASSETTE_OVERDUB_PRECOMPILE "${A_PRECOMPILE_RUNTIME}")
  # The rest needs the target's final sources and include directories: it
  # runs at the end of this directory's CMakeLists.txt.
  cmake_language(EVAL CODE "cmake_language(DEFER CALL _cassette_overdub_finish [==[${t}]==])")
endfunction()

function(_cassette_overdub_finish t)
  foreach(p OUT_DIR ROOT HEADER MAIN REPORT JOBS EXTRA_ARGS PASSES KEEP PRECOMPILE)
    get_target_property(${p} ${t} CASSETTE_OVERDUB_${p})
  endforeach()
  set(out "${OUT_DIR}")
  set(root "${ROOT}")

  # C++ sources under ROOT are compiled from the rewritten tree; everything
  # else (C files, generated files, generator expressions, files outside
  # ROOT) stays as it is.
  get_target_property(sources ${t} SOURCES)
  set(new_sources "")
  set(originals "")
  set(rewritten "")
  set(other_cxx "")
  foreach(src IN LISTS sources)
    if(src MATCHES "\\$<")
      list(APPEND new_sources "${src}")
      continue()
    endif()
    get_filename_component(abs "${src}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_source_file_property(generated "${abs}" GENERATED)
    get_source_file_property(language "${abs}" LANGUAGE)
    get_filename_component(ext "${abs}" LAST_EXT)
    set(cxx FALSE)
    if(language STREQUAL "CXX" OR (NOT language AND ext MATCHES "^\\.(cpp|cc|cxx|c\\+\\+|C|CPP|cp)$"))
      set(cxx TRUE)
    endif()
    if(EXISTS "${abs}")
      file(REAL_PATH "${abs}" abs)
    endif()
    string(FIND "${abs}" "${root}/" at)
    if(cxx AND NOT generated AND at EQUAL 0)
      file(RELATIVE_PATH rel "${root}" "${abs}")
      list(APPEND originals "${abs}")
      list(APPEND rewritten "${out}/${rel}")
      list(APPEND new_sources "${out}/${rel}")
    else()
      list(APPEND new_sources "${src}")
      if(cxx)
        list(APPEND other_cxx "${src}")
      endif()
    endif()
  endforeach()
  if(NOT originals)
    message(FATAL_ERROR "cassette_overdub(TARGET ${t}): none of its sources is a C++ file under ROOT ${root}; nothing to rewrite")
  endif()
  set_source_files_properties(${rewritten} PROPERTIES GENERATED TRUE)
  set_property(TARGET ${t} PROPERTY SOURCES "${new_sources}")

  # The units are parsed with the target's own flags (with its usage
  # requirements), without the rewritten tree's include directories.
  _cassette_regex_escape(out_regex "${out}")
  set(incs "$<FILTER:$<TARGET_PROPERTY:${t},INCLUDE_DIRECTORIES>,EXCLUDE,^${out_regex}(/|$)>")
  set(defs "$<TARGET_PROPERTY:${t},COMPILE_DEFINITIONS>")
  set(std "$<IF:$<BOOL:$<TARGET_PROPERTY:${t},CXX_STANDARD>>,$<TARGET_PROPERTY:${t},CXX_STANDARD>,20>")
  set(flags
    "-std=$<IF:$<BOOL:$<TARGET_PROPERTY:${t},CXX_EXTENSIONS>>,gnu,c>++${std}"
    "$<$<BOOL:${incs}>:-I$<JOIN:${incs},$<SEMICOLON>-I>>"
    "$<$<BOOL:${defs}>:-D$<JOIN:${defs},$<SEMICOLON>-D>>"
    "$<TARGET_PROPERTY:${t},COMPILE_OPTIONS>")
  set(options --root "${root}" --out-dir "${out}" --report "${REPORT}" -j "${JOBS}")
  if(MAIN)
    list(APPEND options --overdub-main "${MAIN}" --context-header "${HEADER}")
  endif()
  foreach(arg IN LISTS EXTRA_ARGS)
    list(APPEND options "--extra-arg=${arg}")
  endforeach()
  foreach(glob IN LISTS KEEP)
    list(APPEND options "--keep-as-written=${glob}")
  endforeach()
  # Passes: a plugin target (its library, built first) or a plugin's path.
  set(pass_deps "")
  foreach(pass IN LISTS PASSES)
    if(TARGET ${pass})
      list(APPEND options --pass "$<TARGET_FILE:${pass}>")
      list(APPEND pass_deps ${pass})
    else()
      get_filename_component(plugin "${pass}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      if(NOT EXISTS "${plugin}")
        message(FATAL_ERROR "cassette_overdub(TARGET ${t}): PASSES ${pass} is neither a target (cassette_add_pass) nor an existing plugin file")
      endif()
      list(APPEND options --pass "${plugin}")
      list(APPEND pass_deps "${plugin}")
    endif()
  endforeach()

  # Make does not rerun a step whose command changed; this file changes with
  # the command (file(GENERATE) writes it only when its text changes).
  set(state "${CMAKE_CURRENT_BINARY_DIR}/cassette/${t}.command")
  set(depfile "${CMAKE_CURRENT_BINARY_DIR}/cassette/${t}.d")
  file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/cassette")
  file(GENERATE OUTPUT "${state}" CONTENT "$<JOIN:${options};${originals};--;${flags},\n>\n")
  # Every file of the mirror is a product of the step, so that Ninja looks at
  # the rewritten headers' times after the step (and a new file under ROOT
  # reconfigures).
  file(GLOB_RECURSE tree RELATIVE "${root}" CONFIGURE_DEPENDS "${root}/*")
  list(FILTER tree EXCLUDE REGEX "(^|/)\\.git/")
  list(TRANSFORM tree PREPEND "${out}/")
  list(APPEND tree ${rewritten})
  list(REMOVE_DUPLICATES tree)
  add_custom_command(
    OUTPUT "${out}/.cassette-out"
    BYPRODUCTS ${tree} "${REPORT}"
    COMMAND Cassette::cassette-rewrite ${options} --depfile "${depfile}" ${originals} -- ${flags}
    DEPFILE "${depfile}"
    DEPENDS Cassette::cassette-rewrite "${state}" ${originals} ${pass_deps}
    COMMENT "cassette-rewrite: ${t}'s sources under ${root} -> ${out}"
    COMMAND_EXPAND_LISTS
    VERBATIM)
  add_custom_target(${t}_cassette_rewrite DEPENDS "${out}/.cassette-out")
  add_dependencies(${t} ${t}_cassette_rewrite)

  # Compile the rewritten tree: its directories first (ROOT's include
  # directories have their mirror in OUT), the runtime, and the contexts.
  set(mirrored "${out}")
  get_target_property(target_includes ${t} INCLUDE_DIRECTORIES)
  foreach(dir IN LISTS target_includes)
    if(NOT dir MATCHES "\\$<" AND IS_ABSOLUTE "${dir}" AND EXISTS "${dir}")
      file(REAL_PATH "${dir}" real)
      string(FIND "${real}/" "${root}/" at)
      if(at EQUAL 0 AND NOT real STREQUAL root)
        file(RELATIVE_PATH rel "${root}" "${real}")
        list(APPEND mirrored "${out}/${rel}")
      endif()
    endif()
  endforeach()
  target_include_directories(${t} BEFORE PRIVATE ${mirrored})
  # The rewritten files' #line directives keep the original's lines but not
  # its names: __FILE__ and debug info name ROOT's files, as the original's.
  target_compile_options(${t} PRIVATE "$<$<COMPILE_LANGUAGE:C,CXX>:-ffile-prefix-map=${out}=${root}>")
  if(NOT MAIN)
    # Whole-program mode registers its context itself.
    target_compile_definitions(${t} PRIVATE "CASSETTE_CONTEXTS_HEADER=\"${HEADER}\"")
  endif()
  if(PRECOMPILE)
    # What every rewritten unit includes first, so that the precompiled
    # header changes nothing a unit sees: the runtime and, in whole-program
    # mode, its entry points. Not the context header: one that reads the
    # tree (includes its headers, or fmt when the tree is fmt) is included at
    # the end of each unit, after the tree's own code, and registered
    # contexts come there too, from the command line's macro.
    set(pch "<cassette/rt/unit.hpp>")
    if(MAIN)
      list(APPEND pch "<cassette/rt/whole_program.hpp>")
    endif()
    list(TRANSFORM pch PREPEND "$<$<COMPILE_LANGUAGE:CXX>:")
    list(TRANSFORM pch APPEND ">")
    target_precompile_headers(${t} PRIVATE ${pch})
    # C++ sources that are not rewritten (outside ROOT, generated) do not
    # include the runtime: they are built as they were.
    if(other_cxx)
      set_source_files_properties(${other_cxx} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endif()
  # The runtime's cxx_std_20 raises a lower CXX_STANDARD of the target (11,
  # 14, 17) to C++20, which is how the tool parses the units.
  set_property(TARGET ${t} APPEND PROPERTY LINK_LIBRARIES Cassette::runtime)
endfunction()

cmake_policy(POP)
