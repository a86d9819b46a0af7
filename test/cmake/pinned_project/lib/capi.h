/* A C API, read by C (ccaller.c) and defined in C++: its rewritten form,
   twin declarations, must still be C to a C compiler. */
#ifndef CAPI_H
#define CAPI_H
#ifdef __cplusplus
extern "C" {
#endif
int c_area(int w, int h);
#ifdef __cplusplus
}
#endif
#endif
