#include "traits.h"

const char* color_name(Color c) {
  switch (c) {
#define AS_CASE(name, value) \
  case Color::name:          \
    return #name;
    COLOR_LIST(AS_CASE)
#undef AS_CASE
  }
  return "?";
}

unsigned color_value(Color c) {
  static const unsigned values[] = {
#define AS_VALUE(name, value) value,
      COLOR_LIST(AS_VALUE)
#undef AS_VALUE
  };
  return values[static_cast<int>(c)];
}
