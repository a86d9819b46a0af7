#include "fw.h"

int main() { return fw::run() == 6 ? 0 : 1; }
