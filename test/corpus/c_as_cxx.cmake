# Compiles a C project's sources as C++ (the corpus runs C libraries through
# the rewriter this way): given to the original's build and the rewritten
# one alike with -DCMAKE_PROJECT_INCLUDE_BEFORE, read before the project()
# call enables its languages: a project that enables C++ itself (qhull's
# `project(qhull)`) makes enable_language(CXX) in a file read after that, as
# CMAKE_PROJECT_TOP_LEVEL_INCLUDES are, a recursive call. Deferred, so that
# it sees every target once all CMakeLists.txt are read.
include_guard(GLOBAL)
cmake_policy(PUSH)  # the project's own policies stay as it set them
cmake_policy(VERSION 3.24)
function(_corpus_c_as_cxx dir)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t IN LISTS targets)
    get_target_property(sources "${t}" SOURCES)
    get_target_property(source_dir "${t}" SOURCE_DIR)
    foreach(s IN LISTS sources)
      if(s MATCHES "\\.c$")
        # A relative source is relative to its target's directory.
        if(NOT IS_ABSOLUTE "${s}")
          set(s "${source_dir}/${s}")
        endif()
        set_source_files_properties("${s}" TARGET_DIRECTORY "${t}" PROPERTIES LANGUAGE CXX)
      endif()
    endforeach()
    # Targets not valid as C++ (CORPUS_NOT_CXX, with the reason in
    # projects.py) are left out of the build.
    if(t IN_LIST CORPUS_NOT_CXX)
      set_target_properties("${t}" PROPERTIES EXCLUDE_FROM_ALL ON)
    endif()
    get_target_property(type "${t}" TYPE)
    if(NOT type MATCHES "^(INTERFACE_LIBRARY|UTILITY)$")
      set_target_properties("${t}" PROPERTIES LINKER_LANGUAGE CXX)
    endif()
  endforeach()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(d IN LISTS subdirs)
    _corpus_c_as_cxx("${d}")
  endforeach()
endfunction()
enable_language(CXX)
cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _corpus_c_as_cxx "${CMAKE_SOURCE_DIR}")
cmake_policy(POP)
