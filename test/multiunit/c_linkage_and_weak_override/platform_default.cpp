// A weak default that another file overrides: the linker picks the strong
// definition, which twins (template instances) would not follow.
__attribute__((weak)) int platform_id() { return 0; }
