// The framework's own test program, built once per configuration (not
// linked into this case's program).
#define FW_IMPLEMENT
#include "fw.h"

int main() { return fw::run() == 6 ? 0 : 1; }
