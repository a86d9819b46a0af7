#pragma once

class Accumulator {
 public:
  int add(int x);

 private:
  int total_ = 0;
};
