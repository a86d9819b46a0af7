// The factory of a constructor defined out of line (`Iter::cassette_construct_`,
// anchored beside the constructor's definition) declares its parameters as
// that definition writes them. A type spelled in full may name what the
// factory cannot: jsoncpp's `Value::ObjectValues::iterator` is an iterator
// of `std::map<Value::CZString, Value>`, and `CZString` is private to Value
// ("'CZString' is a private member of 'Json::Value'").
// OUT: pre Iter::Iter(_)
// OUT-NEXT: post Iter::Iter = _
// OUT-NEXT: pre Iter::value(_)
// OUT-NEXT: post Iter::value = 7
// OUT-NEXT: pre +(7, 1)
// OUT-NEXT: post + = 8
// OUT-NEXT: result 8 plain 8
#include <map>

#include "trace_context.hpp"

class Table {
  struct Key {
    int k;
    bool operator<(const Key& o) const { return k < o.k; }
  };

 public:
  typedef std::map<Key, int> Entries;
  Entries entries{{Key{1}, 7}};
};

class Iter {
 public:
  explicit Iter(const Table::Entries::iterator& at);
  int value() const { return at_->second; }

 private:
  Table::Entries::iterator at_;
};

Iter::Iter(const Table::Entries::iterator& at) : at_(at) {}
// CHECK-LABEL: Iter::Iter(const Table::Entries::iterator& at) : at_(at) {}
// CHECK: auto Iter::cassette_construct_(::cassette::Twin<CassetteCtx> cassette_t, const Table::Entries::iterator& cassette_p0) -> Iter

Table table;

int first(int n) {
  Iter it(table.entries.begin());
  return it.value() + n;
}
// CHECK-LABEL: cassette_twin_first(
// CHECK: ::cassette::fn<"Iter::Iter">

int main() { return golden::run(CASSETTE_FN(first), 1); }
