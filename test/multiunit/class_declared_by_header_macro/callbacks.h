// A class a macro declares whole in a header, its members defined by
// another macro in a .cpp (muparserx's MUP_UNARY_FUNC_DEF and
// MUP_UNARY_FUNC): the members get twins once the header's use is expanded.
#pragma once

struct Callback {
  virtual ~Callback() = default;
  virtual double eval(double x) const = 0;
};

#define DECLARE_UNARY(CLASS)                      \
  class CLASS : public Callback {                 \
   public:                                        \
    double eval(double x) const override;         \
    static const char* name();                    \
  };

DECLARE_UNARY(Twice)
DECLARE_UNARY(Square)
#undef DECLARE_UNARY
