// A C API implemented in C++: the definition is the first declaration, so
// its twin's declaration is written before it, and before its `extern "C"`.
extern "C" int c_add(int a, int b) { return a + b; }
