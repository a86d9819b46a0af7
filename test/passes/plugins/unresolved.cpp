// A plugin that needs a function nothing provides.
int defined_nowhere(int);
extern "C" int uses_it(int x) { return defined_nowhere(x); }
