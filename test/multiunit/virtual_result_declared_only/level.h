// Included by factory.h, and by shapes.cpp before it (its guard then skips
// factory.h's #include).
#ifndef LEVEL_H
#define LEVEL_H
struct Level {
  int n;
};
#endif
