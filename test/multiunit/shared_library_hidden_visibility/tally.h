// A library's interface, exported from a shared library built with
// -fvisibility=hidden, as google benchmark's BENCHMARK_EXPORT does.
#pragma once

#define TALLY_API __attribute__((visibility("default")))

class TALLY_API Tally {
 public:
  void add(int n);
  int total() const;

 private:
  int total_ = 0;
};

TALLY_API int doubled(int x);
