// The deallocation hook (runtime/src/deallocation_hook.cpp, linked into this
// test): memory the program frees loses its metadata in every store, so a
// block allocated again at the same address starts without any. The slots
// are probed by address with the value they were stored with; freed memory
// itself is never read.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "contexts.hpp"
#include "model.hpp"

namespace {
struct FreedUnflagged {};
struct FreedFlagged {};
struct FreedStrings {};
struct FreedBare {};
struct FreedLarge {};
struct FreedNothing {};

// Every element of a heap block holds metadata; after delete[] none does.
template <class Context, class M, bool Flagged, bool Checked>
void expect_cleared_on_delete(const M& meta) {
  using S = cassette::rt::shadow_store<Context, double, M, Flagged, Checked>;
  constexpr int n = 8;
  double* block = new double[n];
  std::uintptr_t at[n];
  for (int i = 0; i < n; ++i) {
    block[i] = 1.5 + i;
    S::set(&block[i], block[i], meta);
    at[i] = reinterpret_cast<std::uintptr_t>(&block[i]);
    ASSERT_NE(S::find(&block[i], block[i]), nullptr);
  }
  double kept = 9.0;  // memory that is not freed keeps its metadata
  S::set(&kept, kept, meta);
  delete[] block;
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(S::find(reinterpret_cast<const void*>(at[i]), 1.5 + i), nullptr) << "element " << i;
  ASSERT_NE(S::find(&kept, kept), nullptr);
  EXPECT_EQ(*S::find(&kept, kept), meta);
}
}  // namespace

TEST(Deallocation, TheHookIsLinked) { EXPECT_TRUE(cassette::freed_memory::hooked()); }

TEST(Deallocation, FreedMemoryLosesItsMetadataInEveryKindOfStore) {
  expect_cleared_on_delete<FreedUnflagged, double, false, true>(2.0);
  expect_cleared_on_delete<FreedFlagged, double, true, true>(0.0);  // zero metadata is metadata here
  expect_cleared_on_delete<FreedStrings, std::string, true, true>(std::string(40, 's'));
  expect_cleared_on_delete<FreedBare, std::uint64_t, false, false>(std::uint64_t{5});
}

TEST(Deallocation, ALargeBlockGivesItsShadowPagesBack) {
  // 100000 doubles: their 16-byte slots span whole pages, which go back to
  // the kernel; the slots at either end are on pages shared with neighbours.
  using S = cassette::rt::shadow_store<FreedLarge, double, double, false, true>;
  constexpr std::size_t n = 100000;
  auto block = std::make_unique<double[]>(n);
  for (std::size_t i = 0; i < n; ++i) {
    block[i] = double(i) + 0.5;
    S::set(&block[i], block[i], 3.0);
  }
  auto first = reinterpret_cast<std::uintptr_t>(&block[0]);
  block.reset();
  for (std::size_t i : {std::size_t{0}, std::size_t{1}, n / 2, n - 2, n - 1})
    EXPECT_EQ(S::find(reinterpret_cast<const void*>(first + i * sizeof(double)), double(i) + 0.5), nullptr)
        << "element " << i;
}

TEST(Deallocation, FreeingMemoryThatNeverHeldMetadataChangesNothing) {
  using S = cassette::rt::shadow_store<FreedNothing, double, double, false, true>;
  double kept = 4.0;
  S::set(&kept, kept, 1.0);
  for (int i = 0; i < 1000; ++i) delete new double(kept);
  auto s = std::make_unique<std::string>(100, 'x');
  s.reset();
  EXPECT_EQ(S::find_or_none(&kept, kept), 1.0);
}

TEST(Deallocation, AVectorFreedByATwinLeavesNoMetadataBehind) {
  // The twin's loads found each element's labels in the vector's buffer (the
  // result carries them); once the vector is destroyed, none are left there.
  taint::Context ctx;
  const double* buffer = nullptr;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, scratch_vector), cassette::tag(2.0, ctx, taint::Labels{4}), 5,
                             &buffer);
  EXPECT_EQ(r.value, 30.0);  // 2 * (1 + 2 + 3 + 4 + 5)
  EXPECT_EQ(cassette::metadata_or_default<taint::Labels>(r, ctx), 4u);
  using S = cassette::rt::detail::store_t<taint::Context, double>;
  auto first = reinterpret_cast<std::uintptr_t>(buffer);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(S::find(reinterpret_cast<const void*>(first + i * sizeof(double)), 2.0 * (i + 1)), nullptr)
        << "element " << i;
}
