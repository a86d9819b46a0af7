// A constructor template declared in its class, defined and explicitly
// instantiated in r.cpp only (fmtlib's locale_ref(const std::locale&)), and
// used from inline code of this header and from main.cpp. r.cpp's anchor
// keeps the twin of the instance alive through the class's factory (a
// constructor has no address and no member-function twin name); a
// construction that depends on a template parameter (scaled_by) reaches it
// through the factory too.
#pragma once

struct Scale {
  double value;
};

class Ref {
 public:
  Ref() : factor_(1.0) {}
  template <typename S>
  explicit Ref(const S& s);
  double apply(double x) const { return x * factor_; }
  static Ref twice() { return Ref(Scale{2.0}); }

 private:
  double factor_;
};

template <class S>
double scaled_by(const S& s, double x) {
  return Ref(s).apply(x);
}
