#include "logger.h"

void logger::line(std::FILE* out, const char* text) { std::fprintf(out, "%s\n", make(text).shown().c_str()); }
