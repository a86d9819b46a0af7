// A shared library that is not a pass plugin: no cassettePassPluginInfo.
extern "C" int not_a_pass() { return 1; }
