# cmake -DPROGRAM=... -DARGS="a;b" -DEXPECTED=file -P CompareOutput.cmake
# Runs PROGRAM and fails unless it exits 0 and prints exactly EXPECTED.
execute_process(COMMAND ${PROGRAM} ${ARGS} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
file(READ ${EXPECTED} expected)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} ${ARGS} exited ${rc}; output:\n${out}")
endif()
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "output of ${PROGRAM} ${ARGS} differs from ${EXPECTED}\n--- got:\n${out}--- expected:\n${expected}")
endif()
