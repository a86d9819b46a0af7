// A library whose namespace is opened and closed by macros and versioned by
// an inline-namespace-like alias, as Imath and OpenEXR do.
#pragma once
#define VT_INTERNAL_NAMESPACE vt_2_1
#define VT_NAMESPACE_ENTER namespace VT_INTERNAL_NAMESPACE {
#define VT_NAMESPACE_EXIT }
#define VT_HOSTDEVICE
#define VT_CONSTEXPR14 constexpr
#define VT_EXPORT __attribute__((visibility("default")))
namespace VT_INTERNAL_NAMESPACE {}
namespace vt = VT_INTERNAL_NAMESPACE;
