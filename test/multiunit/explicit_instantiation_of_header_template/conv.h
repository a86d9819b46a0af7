// fmt's format.h: a template declared here (dragonbox::to_decimal), defined
// in conv-inl.h, which only conv.cpp includes, and explicitly instantiated
// there; a template defined here calls it, and every unit instantiates that.
// The unit that rewrites this header sees the definition and declares the
// twin here; conv.cpp anchors the twin's instance its explicit instantiation
// names, so the calls from main.cpp link.
#pragma once

namespace conv {
template <typename T>
T half(T x);

template <typename T>
T apply(T x) {
  return half(x) + 1;
}
}  // namespace conv
