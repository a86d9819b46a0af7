// A class that can be neither moved nor copied, taken by value (a guard, a
// lock, an atomic holder): the original's forward to its twin in
// whole-program mode would move the parameter, so such a function has none:
// its twin runs where a twin calls it (`val(Pinned(3))`), its original where
// its address is called (`fp(Pinned(4))`, which reaches the original).
#pragma once

struct Pinned {
  int x;
  explicit Pinned(int v) : x(v) {}
  Pinned(Pinned&&) = delete;
};

int val(Pinned p);
int twice(int v);
