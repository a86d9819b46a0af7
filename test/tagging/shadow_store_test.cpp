// The shadow store on its own (runtime/cassette/shadow.hpp) and what a
// metadata type's `default_means_none` changes in the tagging API.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "contexts.hpp"

namespace {

// Contexts of their own, so each test starts from empty stores.
struct Unflagged {};
struct Flagged {};
struct Strings {};
struct Copies {};
struct Threads {};
struct Far {};
struct Bare {};
struct Elements {};
struct ElementsEmpty {};

// A context whose zero metadata is metadata like any other.
struct Counted : cassette::Context<Counted> {
  static constexpr bool tagging_enabled = true;
};

}  // namespace

template <>
struct cassette::metadatatype<Counted, double> {
  using type = int;
};

TEST(ShadowStore, UnflaggedSlotsReadAsNoneUntilWrittenAndWhenTheMemoryChanges) {
  using S = cassette::rt::shadow_store<Unflagged, double, double, false>;
  double x = 1.5;
  EXPECT_EQ(S::find_or_none(&x, x), 0.0);
  EXPECT_EQ(S::find(&x, x), nullptr);
  S::set(&x, x, 2.0);
  EXPECT_EQ(S::find_or_none(&x, x), 2.0);
  x = 7.0;  // written outside twins: the slot no longer describes it
  EXPECT_EQ(S::find_or_none(&x, x), 0.0);
  x = 1.5;  // the same value again: the metadata stands (documented)
  EXPECT_EQ(S::find_or_none(&x, x), 2.0);
  S::clear(&x);
  EXPECT_EQ(S::find_or_none(&x, x), 0.0);
  double zero = 0.0;  // a zero value in a never-written slot of a window that exists
  EXPECT_EQ(S::find_or_none(&zero, zero), 0.0);
}

TEST(ShadowStore, UncheckedSlotsHoldTheMetadataAlone) {
  using S = cassette::rt::shadow_store<Bare, double, double, false, false>;
  static_assert(sizeof(S::Slot) == sizeof(double));
  std::vector<double> v(3, 1.5);
  EXPECT_EQ(S::find(&v[0], v[0]), nullptr);
  S::set(&v[0], v[0], 2.0);
  S::set(&v[1], v[1], 3.0);
  EXPECT_EQ(S::find_or_none(&v[0], v[0]), 2.0);
  EXPECT_EQ(S::find_or_none(&v[1], v[1]), 3.0);  // neighbours stay apart
  EXPECT_EQ(S::find_or_none(&v[2], v[2]), 0.0);
  v[0] = 7.0;  // written outside twins: unchecked, the slot still answers
  EXPECT_EQ(S::find_or_none(&v[0], v[0]), 2.0);
  S::clear(&v[0]);
  EXPECT_EQ(S::find(&v[0], v[0]), nullptr);
  S::copy_range(&v[2], &v[1], sizeof(double));
  EXPECT_EQ(S::find_or_none(&v[2], v[2]), 3.0);
}

TEST(ShadowStore, FlaggedSlotsKeepZeroMetadata) {
  using S = cassette::rt::shadow_store<Flagged, double, int, true>;
  double x = 0.0;
  EXPECT_EQ(S::find(&x, x), nullptr);
  S::set(&x, x, 0);
  ASSERT_NE(S::find(&x, x), nullptr);
  EXPECT_EQ(*S::find(&x, x), 0);
  S::clear(&x);
  EXPECT_EQ(S::find(&x, x), nullptr);
}

TEST(ShadowStore, MetadataThatIsNotTrivialIsConstructedWhenFirstWritten) {
  using S = cassette::rt::shadow_store<Strings, double, std::string, true>;
  std::vector<double> v(4, 1.0);
  EXPECT_EQ(S::find(&v[0], v[0]), nullptr);
  S::set(&v[0], v[0], std::string(40, 'a'));  // longer than any small-string buffer
  S::set(&v[1], v[1], "b");
  EXPECT_EQ(*S::find(&v[0], v[0]), std::string(40, 'a'));
  S::set(&v[0], v[0], "c");  // assigned over the constructed one
  EXPECT_EQ(*S::find(&v[0], v[0]), "c");
  S::clear(&v[1]);
  EXPECT_EQ(S::find(&v[1], v[1]), nullptr);
  S::set(&v[1], v[1], "d");  // a cleared slot is written again
  EXPECT_EQ(*S::find(&v[1], v[1]), "d");
  EXPECT_EQ(S::find(&v[2], v[2]), nullptr);
}

TEST(ShadowStore, CopiesMoveMetadataWithTheValues) {
  using S = cassette::rt::shadow_store<Copies, double, double, false>;
  double from[3] = {1, 2, 3}, to[3] = {1, 2, 9};
  S::set(&from[0], from[0], 10);
  S::set(&from[1], from[1], 20);
  S::set(&to[2], to[2], 99);
  S::copy_range(to, from, sizeof from);
  EXPECT_EQ(S::find_or_none(&to[0], to[0]), 10.0);
  EXPECT_EQ(S::find_or_none(&to[1], to[1]), 20.0);
  EXPECT_EQ(S::find_or_none(&to[2], to[2]), 0.0);  // from[2] had none: cleared
  // A copy onto itself keeps what it had.
  S::copy_range(from, from, sizeof from);
  EXPECT_EQ(S::find_or_none(&from[1], from[1]), 20.0);
}

TEST(ShadowStore, ThreadsStoringAtOnceEachSeeTheirOwnMetadata) {
  using S = cassette::rt::shadow_store<Threads, double, double, false>;
  // Blocks of their own, the store created by whichever thread stores first.
  constexpr int threads = 4;
  constexpr std::size_t n = 3 << 20;  // 24 MiB of doubles each
  std::vector<std::unique_ptr<double[]>> blocks;
  for (int t = 0; t < threads; ++t) blocks.emplace_back(new double[n]);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      double* b = blocks[t].get();
      for (std::size_t i = 0; i < n; i += 4096) {
        b[i] = double(i);
        S::set(&b[i], b[i], double(t + 1));
      }
    });
  for (auto& w : workers) w.join();
  for (int t = 0; t < threads; ++t)
    for (std::size_t i = 0; i < n; i += 4096) ASSERT_EQ(S::find_or_none(&blocks[t][i], blocks[t][i]), double(t + 1));
}

TEST(ShadowStore, AddressesBeyondTheDirectoryHoldNoMetadata) {
  using S = cassette::rt::shadow_store<Far, double, double, false>;
  double x = 1.0;
  S::set(&x, x, 1.0);  // the table exists
  const void* far = reinterpret_cast<const void*>(std::uintptr_t(1) << 50);
  EXPECT_EQ(S::find(far, 0.0), nullptr);  // the entry after the last: the zero region
  EXPECT_DEATH(S::set(const_cast<void*>(far), 0.0, 1.0), "cassette: shadow store: a tagged value stored at or above 2\\^48");
}

// Element lookups (find_element, what `v[i]` on a vector or array uses)
// find the slots that lookups by address find, also for an array that
// crosses into the next window. The addresses are made up: the store never
// reads application memory, only the value it is given.
TEST(ShadowStore, ElementSlotsAreTheSlotsOfTheirAddressesAcrossAWindowBoundary) {
  using S = cassette::rt::shadow_store<Elements, double, double, false>;
  constexpr std::uintptr_t boundary = std::uintptr_t(0x123) << S::WindowShift;
  auto at = [](std::uintptr_t a) { return reinterpret_cast<double*>(a); };
  const double* first = at(boundary - 4 * sizeof(double));  // 4 elements before the boundary, 4 after
  // Only the window above the boundary is written: the one below gets its
  // arena too, so an array starting there finds these slots.
  for (int i = 4; i < 8; ++i) S::set(at(boundary + (i - 4) * sizeof(double)), double(i), 10.0 + i);
  for (int i = 0; i < 8; ++i) {
    const double* place = first + i;
    EXPECT_EQ(S::find_element_or_none(first, place, double(i)), i < 4 ? 0.0 : 10.0 + i) << "element " << i;
    EXPECT_EQ(S::find_element_or_none(first, place, double(i)), S::find_or_none(place, double(i))) << "element " << i;
  }
  // Then the window below: both ways of looking agree on every element.
  for (int i = 0; i < 4; ++i) S::set(at(boundary - (4 - i) * sizeof(double)), double(i), 10.0 + i);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(S::find_element_or_none(first, first + i, double(i)), 10.0 + i) << "element " << i;
    EXPECT_EQ(S::find_element(first, first + i, double(i + 1)), nullptr) << "element " << i;  // memory changed
  }
  // Cleared through the address, gone through the array.
  S::clear(at(boundary + sizeof(double)));
  EXPECT_EQ(S::find_element_or_none(first, first + 5, 5.0), 0.0);
}

TEST(ShadowStore, ElementLookupsBeforeAnyStoreFindNothing) {
  using S = cassette::rt::shadow_store<ElementsEmpty, double, double, false>;
  std::vector<double> v(1000, 2.0);
  for (std::size_t i = 0; i < v.size(); i += 111) EXPECT_EQ(S::find_element(v.data(), &v[i], v[i]), nullptr);
}

namespace {
// An array as long as load_element sees it: data() and size() only.
struct LongArray {
  double* first;
  std::size_t n;
  double* data() const { return first; }
  std::size_t size() const { return n; }
};
}  // namespace

TEST(ShadowStore, AnArrayLongerThanAWindowStopsTheProgramRatherThanReadOtherSlots) {
  taint::Context ctx;
  double x = 1.0;
  using S = cassette::rt::detail::store_t<taint::Context, double>;
  LongArray ok{&x, S::MaxElements}, too_long{&x, S::MaxElements + 1};
  EXPECT_EQ(cassette::rt::load_element(cassette::twin(ctx), x, ok).value, 1.0);
  EXPECT_DEATH(cassette::rt::load_element(cassette::twin(ctx), x, too_long),
               "cassette: an array of [0-9]+ elements read by a twin is longer than the shadow store serves");
}

TEST(ShadowStore, DefaultMeansNoneDropsThePresenceFlag) {
  fad::Context<> ad;
  taint::Context tc;
  Counted counted;
  // A zero tangent and an empty label set are no metadata.
  EXPECT_FALSE(cassette::hasmetadata(cassette::tag(2.0, ad, 0.0), ad));
  EXPECT_FALSE(cassette::metadata(cassette::tag(2.0, ad, 0.0), ad).has_value());
  EXPECT_FALSE(cassette::hasmetadata(cassette::tag(3, tc, taint::Labels{0}), tc));
  EXPECT_TRUE(cassette::hasmetadata(cassette::tag(3, tc, taint::Labels{4}), tc));
  static_assert(sizeof(cassette::Tagged<fad::Context<>, double>) == 2 * sizeof(double));
  // Without the declaration, zero is metadata, and presence is a flag.
  EXPECT_TRUE(cassette::hasmetadata(cassette::tag(2.0, counted, 0), counted));
  EXPECT_EQ(*cassette::metadata(cassette::tag(2.0, counted, 0), counted), 0);
  EXPECT_FALSE(cassette::hasmetadata(cassette::tag(2.0, counted), counted));
  static_assert(cassette::Tagged<Counted, double>::flagged && !cassette::Tagged<fad::Context<>, double>::flagged);
  // A nested differentiation's tangents are tagged values: flagged.
  static_assert(cassette::Tagged<cassette::nested<fad::Context<>, fad::Context<>>,
                                 cassette::Tagged<fad::Context<>, double>>::flagged);
  // The same through memory.
  double x = 2.0, y = 2.0;
  cassette::tag_in_place(ad, x, 0.0);
  EXPECT_FALSE(cassette::metadata_in_place(ad, x).has_value());
  cassette::tag_in_place(counted, y, 0);
  EXPECT_EQ(cassette::metadata_in_place(counted, y), std::optional<int>(0));
}
