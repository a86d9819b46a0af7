// fmt's os.h: the call a macro makes, which a mock test redefines.
#pragma once
int real_read(int x);
namespace mock {
inline int real_read(int x) { return -x; }
}  // namespace mock
#ifndef SYS
#define SYS(call) ::call
#endif
#define CALL(call) SYS(call)
