// A reference-counted class (leveldb's MemTable): its destructor is private,
// only Unref deletes it; its constructor is defined in table.cpp.
#pragma once

class Table {
 public:
  explicit Table(int size);
  void Ref() { ++refs_; }
  void Unref() {
    if (--refs_ <= 0) delete this;
  }
  int size() const { return size_; }

 private:
  ~Table() {}
  int size_;
  int refs_ = 0;
};
