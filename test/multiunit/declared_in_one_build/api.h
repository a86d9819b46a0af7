// Read by both builds of lib.cpp. Only the build with FEATURE declares
// restore, inside an #if (qhull's libqhull.h declares qh_restore_qhull
// under `#if qh_QHpointer`, and global.c, built with -Dqh_QHpointer and
// without, defines it under the same condition). This header defines
// FEATURE where the command did not, as qhull's user.h does: the join tells
// the two builds of lib.cpp apart by what their commands define, taken at
// the top of lib.cpp, not by `defined(FEATURE)` after this header.
#pragma once
#ifndef FEATURE
#define FEATURE 0
#endif
#if FEATURE
#define LIB_NS with_feature
#else
#define LIB_NS without_feature
#endif

namespace LIB_NS {
int base_op(int x);
}
#if FEATURE
void restore(int** p);
#endif
