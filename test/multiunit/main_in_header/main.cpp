#define IMPLEMENT_WITH_MAIN
#include "runner.h"
