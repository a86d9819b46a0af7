"""The corpus: Debian source packages (bookworm main), pinned by version, each
built with its own CMake files and judged by its own test suite (ctest).

Each entry:
  version     the Debian source version, downloaded with apt-get source
  build_deps  Debian packages its build and tests need beyond the project's
              own dependencies (scripts/install-deps.sh)
  cmake       its CMake options (as Debian's rules set them, tests on)
  ctest       extra ctest arguments (a test excluded says why in a comment)
  differs     {test: why}: tests that look at the machine code they run in,
              which under a context is the twins' (a frame's symbol name), so
              they cannot pass rewritten: run on the original, left out of
              the rewritten suites, and named with their reason in the table
  flags       the C and C++ flags of both builds, where the runner's -O1 -w
              will not do (a comment says why)
  prepare     shell commands run in the source tree before the first build,
              as Debian's rules run them (files the source package leaves out)
  c_as_cxx    a C project whose C sources both builds compile as C++
              (c_as_cxx.cmake): the rewriter rewrites only C++ units;
              not_cxx: targets that are not valid C++, left out of both
  in_source   why the suite passes only when built in its source tree (tests
              that read data by paths relative to the source root, which
              ctest makes their working directory): both the original and
              the rewritten tree are then built and tested in place
  ci          run by CTest in CI (small enough for CI's time); the others run
              with test/corpus/run.py by hand and the table says when
"""

PROJECTS = {
    "snappy": {
        "version": "1.1.9-3",
        "build_deps": ["libgtest-dev", "libgmock-dev", "libbenchmark-dev"],
        "cmake": ["-DSNAPPY_BUILD_TESTS=ON", "-DSNAPPY_BUILD_BENCHMARKS=OFF",
                  "-DSNAPPY_USE_BUNDLED_GTEST=OFF", "-DSNAPPY_USE_BUNDLED_BENCHMARK_LIB=OFF",
                  "-DSNAPPY_ENABLE_RTTI=ON", "-DBUILD_SHARED_LIBS=ON"],
        "ci": True,
    },
    "gflags": {
        "version": "2.2.2-2",
        "build_deps": [],
        "cmake": ["-DBUILD_TESTING=ON", "-DBUILD_SHARED_LIBS=OFF", "-DBUILD_STATIC_LIBS=ON"],
        # src/gflags.cc is compiled twice (the gflags and gflags_nothreads
        # libraries, with and without NO_THREADS): the two rewrites are joined,
        # told apart by `defined(NO_THREADS)` where they differ.
        "ci": False,
    },
    "yaml-cpp": {
        "version": "0.7.0+dfsg-8",
        "build_deps": ["googletest", "libgtest-dev", "libgmock-dev"],
        "cmake": ["-DYAML_CPP_BUILD_TESTS=ON", "-DYAML_CPP_BUILD_TOOLS=OFF", "-DINSTALL_GTEST=OFF"],
        "ci": False,
    },
    "tinyobjloader": {
        "version": "2.0.0~rc10+dfsg-2",
        "build_deps": [],
        "cmake": ["-DBUILD_TESTING=ON"],
        "ci": True,
    },
    "leveldb": {
        "version": "1.23-4",
        "build_deps": ["libsnappy-dev", "libgtest-dev", "libgmock-dev", "libbenchmark-dev"],
        "cmake": ["-DLEVELDB_BUILD_TESTS=ON", "-DLEVELDB_BUILD_BENCHMARKS=OFF"],
        "ci": False,
    },
    "re2": {
        "version": "20220601+dfsg-1",
        "build_deps": ["unicode-data", "python3-six", "perl", "make", "libgtest-dev", "libbenchmark-dev"],
        "cmake": ["-DRE2_BUILD_TESTING=ON"],
        # The package leaves out the generated tables; Debian's rules make
        # them (REBUILD_TABLES=1) from perl and the unicode-data files.
        "prepare": ["make REBUILD_TABLES=1 re2/perl_groups.cc re2/unicode_groups.cc re2/unicode_casefold.cc"],
        "ci": False,
    },
    "fmtlib": {
        "version": "9.1.0+ds1-2",
        "build_deps": ["googletest", "libgtest-dev", "libgmock-dev"],
        "cmake": ["-DFMT_TEST=ON", "-DFMT_DOC=OFF"],
        "ci": False,
    },
    "spdlog": {
        "version": "1:1.10.0+ds-0.4",
        "build_deps": ["libfmt-dev", "catch2"],
        "cmake": ["-DSPDLOG_BUILD_TESTS=ON", "-DSPDLOG_FMT_EXTERNAL=ON", "-DSPDLOG_BUILD_EXAMPLE=OFF"],
        "ci": False,
    },
    "nlohmann-json3": {
        "version": "3.11.2-2",
        "build_deps": [],
        "cmake": ["-DJSON_BuildTests=ON", "-DJSON_MultipleHeaders=ON"],
        "ci": False,
    },
    "cjson": {
        "version": "1.7.15-1+deb12u4",
        "build_deps": [],
        # Its own flags (-std=c89 -Werror ...) are for C; as C++ they are off.
        "cmake": ["-DENABLE_CJSON_TEST=ON", "-DENABLE_CJSON_UTILS=ON", "-DENABLE_CUSTOM_COMPILER_FLAGS=OFF"],
        # fuzz_main declares the fuzzer entry with C++ linkage, defined in
        # an extern "C" block: valid C, not C++ (it is no test; not built).
        "c_as_cxx": {"not_cxx": ["fuzz_main"]},
        "ci": False,
    },
    "double-conversion": {
        "version": "3.2.1-1",
        "build_deps": [],
        "cmake": ["-DBUILD_TESTING=ON"],
        "ci": False,
    },
    "muparser": {
        "version": "2.3.3-0.1",
        "build_deps": [],
        # OpenMP off: clang's runtime for it is not installed (Debian builds
        # it with GCC's).
        "cmake": ["-DENABLE_OPENMP=OFF", "-DENABLE_SAMPLES=ON", "-DBUILD_TESTING=ON"],
        "ci": False,
    },
    "benchmark": {
        "version": "1.7.1-1",
        "build_deps": ["libgtest-dev", "libgmock-dev"],
        # As Debian's rules configure it (its version is read from git otherwise).
        "cmake": ["-DGIT_VERSION=1.7.1", "-DBUILD_SHARED_LIBS=ON",
                  "-DBENCHMARK_ENABLE_TESTING=ON", "-DBENCHMARK_ENABLE_GTEST_TESTS=ON",
                  "-DBENCHMARK_USE_BUNDLED_GTEST=OFF", "-DBENCHMARK_ENABLE_WERROR=OFF", "-DBENCHMARK_ENABLE_LTO=OFF",
                  "-DBENCHMARK_DOWNLOAD_DEPENDENCIES=OFF"],
        "ci": False,
    },
    "cli11": {
        "version": "2.1.2+ds-1",
        "build_deps": ["catch2"],
        # As Debian's rules configure it; its tests use the system Catch2
        # (outside --root, so Catch's macros stay as written).
        "cmake": ["-DCLI11_BUILD_EXAMPLES=OFF", "-DCLI11_BUILD_TESTS=ON", "-DCLI11_BUILD_DOCS=OFF"],
        "ci": False,
    },
    "google-glog": {
        "version": "0.6.0-2",
        "build_deps": ["libgflags-dev", "libunwind-dev"],
        # As Debian's rules configure its shared build (the one it tests).
        "cmake": ["-DBUILD_SHARED_LIBS=ON", "-DBUILD_TESTING=ON"],
        # Its DeathNoAllocNewHook test expects `new int;` to allocate, which
        # clang removes from -O1 on: the original fails it.
        "flags": "-O0 -w",
        # Its package-config test asks CMake for an Unwind package config
        # that nothing here provides: the original fails it (the second
        # depends on the first).
        # -j1: logging and logging_custom_prefix write the same files, and
        # run side by side they crash now and then, the original too.
        "ctest": ["-E", "^cmake_package_config_(generate|build)$", "-j1"],
        "differs": {"symbolize": "it symbolizes its own program counter and expects "
                                 "`non_inline_func`, where a twin runs `cassette_twin_non_inline_func`"},
        "ci": False,
    },
    "sqlitecpp": {
        "version": "3.2.1-1",
        "build_deps": ["libsqlite3-dev", "libgtest-dev", "python3"],
        # As Debian's rules configure it (the system sqlite3, tests on).
        "cmake": ["-DSQLITECPP_INTERNAL_SQLITE=OFF", "-DSQLITECPP_BUILD_TESTS=ON", "-DSQLITECPP_RUN_CPPLINT=OFF",
                  "-DSQLITECPP_RUN_CPPCHECK=OFF"],
        "ci": False,
    },
    "ms-gsl": {
        "version": "4.0.0-2+deb12u1",
        "build_deps": ["libgtest-dev", "pkg-config"],
        # Header-only (span, not_null, narrow): its tests are gtest programs,
        # found by pkg-config as Debian's build finds them (no download).
        "cmake": ["-DCMAKE_DISABLE_FIND_PACKAGE_Git=ON", "-DGSL_TEST=ON"],
        "ci": False,
    },
    "doctest": {
        "version": "2.4.9~ds-1",
        "build_deps": [],
        # Its examples are its tests: each run's output is compared with a
        # reference file (file names, lines, the expressions as written).
        "cmake": ["-DDOCTEST_WITH_TESTS=ON"],
        "ci": False,
    },
    "libjsoncpp": {
        "version": "1.9.5-4",
        "build_deps": ["python3"],
        # As Debian's rules configure it; the unit tests run under ctest, not
        # as a post-build step.
        "cmake": ["-DBUILD_STATIC_LIBS=OFF", "-DBUILD_OBJECT_LIBS=OFF", "-DJSONCPP_WITH_TESTS=ON",
                  "-DJSONCPP_WITH_POST_BUILD_UNITTEST=OFF"],
        # Its two reader/writer tests write the same .actual files next to
        # the test data: run in parallel they race (Debian's rules run them
        # with --max-parallel=1).
        "ctest": ["-j1"],
        "ci": False,
    },
    "jsonnet": {
        "version": "0.18.0+ds-3",
        "build_deps": ["googletest", "libgtest-dev"],
        # As Debian's rules configure it: the system GoogleTest, the vendored
        # JSON library (inside the tree, so it is rewritten too).
        "cmake": ["-DUSE_SYSTEM_GTEST=ON", "-DBUILD_JSONNET=ON", "-DBUILD_TESTS=ON"],
        "ci": False,
    },
    "qhull": {
        "version": "2020.2-5",
        "build_deps": [],
        # As Debian's rules configure it (programs linked to the shared
        # libraries), with the static ones its user_eg3 test needs. Its C
        # libraries (libqhull_r and the old non-reentrant one, each built
        # static and shared) are compiled as C++, as qhull supports; its C++
        # interface (libqhullcpp) and user_eg3 are C++ already.
        "cmake": ["-DLINK_APPS_SHARED=ON", "-DBUILD_STATIC_LIBS=ON", "-DBUILD_SHARED_LIBS=ON"],
        # testqset and testqset_r declare qh_errexit with their own stand-in
        # for facetT: valid C across units, a different function in C++.
        # They are not built, and their tests not run.
        "c_as_cxx": {"not_cxx": ["testqset", "testqset_r"]},
        "ctest": ["-E", "^testqset(_r)?$"],
        "ci": False,
    },
    "imath": {
        "version": "3.1.6-1",
        "build_deps": [],
        # As Debian's rules configure it, without the Python bindings and the
        # documentation. Its C test of half (ImathHalfCTest) is C: built and
        # run, not rewritten.
        "cmake": ["-DBUILD_TESTING=ON", "-DPYTHON=OFF", "-DDOCS=OFF"],
        "ci": False,
    },
    "zeromq3": {
        "version": "4.3.4-6",
        "build_deps": [],
        # Debian builds it with autotools; its own CMake files build the same
        # library and register its tests. Precompiled headers, documentation,
        # the perf tools and the optional libraries (libsodium: its built-in
        # tweetnacl is used) are off.
        "cmake": ["-DBUILD_TESTS=ON", "-DENABLE_PRECOMPILED=OFF", "-DWITH_DOC=OFF", "-DWITH_DOCS=OFF",
                  "-DWITH_PERF_TOOL=OFF", "-DWITH_LIBSODIUM=OFF", "-DWITH_TLS=OFF", "-DWITH_LIBBSD=OFF"],
        "ci": False,
    },
    "uchardet": {
        "version": "0.0.7-1",
        "build_deps": [],
        # As Debian's rules configure it on amd64 (the defaults); its tests
        # run one program per language and charset of its test files.
        "cmake": [],
        "ci": False,
    },
    "catch2": {
        "version": "2.13.10-1",
        "build_deps": ["python3"],
        # As Debian's rules configure it. Its ApprovalTests run SelfTest's
        # reporters and compare their output with the baselines in its tree.
        "cmake": ["-DCATCH_BUILD_TESTING=ON", "-DCATCH_BUILD_STATIC_LIBRARY=ON", "-DCATCH_ENABLE_WERROR=OFF"],
        "ci": False,
    },
    "howardhinnant-date": {
        "version": "3.0.1+ds-5",
        "build_deps": ["tzdata"],
        # As Debian's rules configure it (the system's time zone database, the
        # tz library shared, the C locale), with its tests on.
        "cmake": ["-DUSE_SYSTEM_TZ_DB=ON", "-DBUILD_SHARED_LIBS=ON", "-DBUILD_TZ_LIB=ON",
                  "-DCOMPILE_WITH_C_LOCALE=ON", "-DENABLE_DATE_TESTING=ON"],
        # Its test programs are EXCLUDE_FROM_ALL, built by a `testit` target
        # that runs ctest itself (Debian runs its test/testit script instead):
        # built with the rest here, so that ctest finds them.
        "prepare": ["sed -i 's/ EXCLUDE_FROM_ALL / /' CMakeLists.txt"],
        # Its *.fail.cpp tests check that code does not compile; they are
        # custom targets outside `all`, and their sources are no units of the
        # build, so the rewriter does not see them either.
        "ctest": ["-E", "_fail_"],
        "ci": False,
    },
    "geographiclib": {
        "version": "2.1.2-1",
        "build_deps": [],
        # As Debian's rules configure it (CMake's defaults), without the man
        # pages and documentation. Its tests run its command-line tools on
        # geodesic problems and match their output.
        "cmake": ["-DBUILD_MANPAGES=OFF", "-DBUILD_DOCUMENTATION=OFF"],
        "ci": False,
    },
    "log4cplus": {
        "version": "2.0.8-1",
        "build_deps": [],
        # As Debian's rules configure its build with tests (CMake's defaults:
        # the unit tests, the thread pool, the logging server).
        "cmake": ["-DWITH_UNIT_TESTS=ON", "-DLOG4CPLUS_BUILD_TESTING=ON"],
        "ci": False,
    },
    "box2d": {
        "version": "2.4.1-3",
        "build_deps": ["doctest-dev"],
        # As Debian's rules configure it, with its unit tests (doctest) on and
        # the testbed (a GUI) off. Upstream builds the unit_test program but
        # registers no test with CTest, and Debian's rules do not run it: the
        # one test that runs the program is added here.
        "cmake": ["-DBOX2D_BUILD_UNIT_TESTS=ON", "-DBOX2D_BUILD_TESTBED=OFF", "-DBOX2D_BUILD_DOCS=OFF",
                  "-DBUILD_SHARED_LIBS=ON"],
        "prepare": ["grep -q 'add_test(NAME unit_test' CMakeLists.txt || "
                    "printf 'enable_testing()\\nadd_test(NAME unit_test COMMAND unit_test)\\n' >> CMakeLists.txt"],
        "ci": False,
    },
    "muparserx": {
        "version": "4.0.11-2",
        "build_deps": [],
        # As Debian's rules configure it. Its test suite (ParserTester, some
        # 1,400 expressions) runs when the example program starts, which then
        # reads expressions from its input until `quit`; upstream registers no
        # CTest test and Debian's rules do not run it: the one test added here
        # runs the example and reads the suite's verdict.
        "cmake": ["-DBUILD_SHARED_LIBS=ON"],
        "prepare": ["grep -q 'add_test(NAME parser_tester' CMakeLists.txt || "
                    "printf 'enable_testing()\\nadd_test(NAME parser_tester COMMAND sh -c \"echo quit | "
                    "$<TARGET_FILE:example>\")\\nset_tests_properties(parser_tester PROPERTIES "
                    "PASS_REGULAR_EXPRESSION \"Test passed\" FAIL_REGULAR_EXPRESSION \"Test failed\")\\n' "
                    ">> CMakeLists.txt"],
        "ci": False,
    },
    "taglib": {
        "version": "1.13-2+deb12u1",
        "build_deps": ["libcppunit-dev", "libutfcpp-dev", "libboost-dev", "zlib1g-dev"],
        # As Debian's rules configure it; its CppUnit suite is one CTest test.
        "cmake": ["-DWITH_ASF=ON", "-DWITH_MP4=ON", "-DBUILD_SHARED_LIBS=ON", "-DBUILD_TESTING=ON"],
        # The test file a security patch adds, which a patch cannot carry:
        # Debian's rules copy it in before the tests.
        "prepare": ["cp debian/binary-files/invalid-chunk.wav tests/data/"],
        "ci": False,
    },
    "googletest": {
        "version": "1.12.1-0.2",
        "build_deps": ["python3"],
        # Its own test programs (Debian's rules build the package without
        # them): gtest's and gmock's unit tests, and the Python tests that run
        # test programs and compare their output (failure messages with file
        # names and lines, XML and JSON reports) with what they expect.
        "cmake": ["-DBUILD_GMOCK=ON", "-Dgtest_build_tests=ON", "-Dgmock_build_tests=ON"],
        "ci": False,
    },
    "console-bridge": {
        "version": "1.0.1+dfsg2-3",
        "build_deps": ["libgtest-dev", "python3"],
        "cmake": ["-DBUILD_TESTING=ON"],
        # Its two linter tests run scripts that its build downloads, which
        # this machine cannot: the end of test/CMakeLists.txt that declares
        # them (from find_package(PythonInterp) on) is cut, for both builds.
        "prepare": ["sed -i '/find_package(PythonInterp/,$d' test/CMakeLists.txt"],
        "ci": False,
    },
    "glm": {
        "version": "0.9.9.8+ds-6",
        "build_deps": [],
        # As Debian's rules configure it: its unit tests on (188 programs,
        # one CTest test each), header-only templates on vectors, matrices
        # and quaternions, most of its code dependent operators.
        "cmake": ["-DGLM_TEST_ENABLE=ON"],
        "ci": False,
    },
    "flatbuffers": {
        "version": "2.0.8+dfsg1-2",
        "build_deps": [],
        # As Debian's rules (the shared library) with the tests on. Its
        # headers and binary schemas are generated during the build by flatc,
        # built in the same tree (rewritten in the rewritten build, so the
        # generator runs twinned).
        "cmake": ["-DFLATBUFFERS_BUILD_SHAREDLIB=ON", "-DFLATBUFFERS_BUILD_TESTS=ON"],
        "in_source": "flattests reads tests/*.fbs and *.json relative to its working directory, and the "
                     "build runs flatc with -o tests --bfbs-filenames tests, paths relative to the build "
                     "directory that the test expects to be the source root",
        "ci": False,
    },
}
