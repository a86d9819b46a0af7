// Metadata through unmodified code: values, fields, arrays, containers,
// globals and the heap, under forward-mode AD and taint tracking. Each test
// asserts the exact value and the exact metadata.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "contexts.hpp"
#include "model.hpp"  // the rewritten header
#include "nested.hpp"

using AD = fad::Context<>;
using cassette::metadata;
using cassette::tag;

namespace {

template <class F, class... A>
auto ad(F&& f, A&&... a) {
  AD ctx;
  return cassette::overdub(ctx, std::forward<F>(f), std::forward<A>(a)...);
}

double tangent(const auto& r) {
  AD ctx;
  auto m = metadata(r, ctx);
  EXPECT_TRUE(m.has_value());
  return m ? static_cast<double>(*m) : NAN;
}

}  // namespace

TEST(Api, TagUntagMetadata) {
  AD ctx;
  auto x = tag(2.5, ctx, 1);  // the metadata converts to metadatatype<AD, double> = double
  static_assert(std::is_same_v<decltype(x), cassette::Tagged<AD, double>>);
  static_assert(cassette::hastagging_v<AD> && !cassette::hastagging_v<cassette::EmptyContext>);
  static_assert(cassette::istaggedtype_v<decltype(x), AD> && !cassette::istaggedtype_v<decltype(x), taint::Context>);
  static_assert(std::is_same_v<cassette::untagtype_t<decltype(x)>, double>);
  static_assert(std::is_same_v<cassette::value_t<AD, double>, cassette::Tagged<AD, double>>);
  static_assert(std::is_same_v<cassette::value_t<AD, int>, int>);  // ints carry no tangent
  static_assert(std::is_same_v<cassette::value_t<cassette::EmptyContext, double>, double>);
  EXPECT_EQ(cassette::untag(x, ctx), 2.5);
  EXPECT_EQ(*metadata(x, ctx), 1.0);
  EXPECT_TRUE(cassette::istagged(x, ctx));
  EXPECT_TRUE(cassette::hasmetadata(x, ctx));
  auto bare = tag(2.5, ctx);
  EXPECT_FALSE(cassette::hasmetadata(bare, ctx));
  EXPECT_FALSE(metadata(bare, ctx).has_value());
  static_assert(std::is_same_v<decltype(metadata(2.5, ctx)), cassette::NoMetaData>);
  auto ctx2 = cassette::enabletagging(cassette::EmptyContext{}, [] {});
  static_assert(cassette::hastagging_v<decltype(ctx2)>);
}

TEST(Values, ThroughTwinsByRules) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, poly), tag(2.0, ctx, 1.0));
  EXPECT_EQ(r.value, 17.0);           // 3*4 + 4 + 1
  EXPECT_EQ(*metadata(r, ctx), 14.0);  // 6x + 2
}

TEST(Values, LocalsCallsConversionsCompoundAssignment) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, through_helpers), tag(1.25, ctx, 1.0), 4);
  // acc = sum_{i<4} 2x*i - x = 12x - x = 11x = 13.75; truncated = 13 (an int: no tangent)
  EXPECT_EQ(r.value, 13.75 + 13);
  EXPECT_EQ(*metadata(r, ctx), 11.0);
  EXPECT_EQ(r.value, model::through_helpers(1.25, 4));
}

TEST(Values, FallbackUntagsWithoutARule) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, no_rule), tag(8.0, ctx, 1.0));
  EXPECT_EQ(r.value, 10.0);  // cbrt(8) + 8: cbrt has no rule, its result has no tangent
  EXPECT_EQ(*metadata(r, ctx), 1.0);
}

TEST(Values, BranchesUseTheUntaggedValue) {
  AD ctx;
  auto up = cassette::overdub(ctx, CASSETTE_FN_IN(model, relu), tag(3.0, ctx, 2.0));
  EXPECT_EQ(up.value, 3.0);
  EXPECT_EQ(*metadata(up, ctx), 2.0);
  auto down = cassette::overdub(ctx, CASSETTE_FN_IN(model, relu), tag(-3.0, ctx, 2.0));
  EXPECT_EQ(down.value, 0.0);
  EXPECT_FALSE(cassette::hasmetadata(down, ctx));
}

TEST(Values, BranchOnATaggedBool) {
  taint::Context ctx;
  auto b = cassette::overdub(ctx, CASSETTE_FN_IN(model, positive), tag(0.5, ctx, taint::Labels{1}));
  EXPECT_TRUE(b.value);
  EXPECT_EQ(*metadata(b, ctx), 1u);  // the comparison's result depends on input 1
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, choose), b, tag(7.0, ctx, taint::Labels{2}),
                             tag(9.0, ctx, taint::Labels{4}));
  EXPECT_EQ(r.value, 7.0);
  EXPECT_EQ(*metadata(r, ctx), 2u);  // the branch taken; the condition's label is not a data flow
}

TEST(Memory, StructFieldRoundTripThroughAConstructor) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, field_round_trip), tag(1.5, ctx, 1.0));
  EXPECT_EQ(r.value, 4.5);
  EXPECT_EQ(*metadata(r, ctx), 3.0);
}

TEST(Memory, AggregateInitialisation) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, aggregate_round_trip), tag(2.0, ctx, 1.0), tag(3.0, ctx, 0.5));
  EXPECT_EQ(r.value, 18.0);                          // a * b^2
  EXPECT_EQ(*metadata(r, ctx), 1.0 * 9 + 2 * 6 * 0.5);  // da*b^2 + a*2b*db
}

TEST(Memory, NestedFieldOverwriteClearsMetadata) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, nested_overwrite), tag(5.0, ctx, 1.0), tag(3.0, ctx, 0.0));
  EXPECT_EQ(r.value, 17.0);              // a*b + 2
  EXPECT_EQ(*metadata(r, ctx), 3.0);     // the overwritten field contributes nothing
}

TEST(Memory, CopiedStructKeepsFieldMetadata) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, copy_struct), tag(3.0, ctx, 1.0));
  EXPECT_EQ(r.value, 9.0);
  EXPECT_EQ(*metadata(r, ctx), 6.0);
}

TEST(Memory, StructsGivenByValueKeepFieldMetadata) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, by_value_struct), tag(3.0, ctx, 1.0));
  EXPECT_EQ(r.value, 45.0 + 10.0 + 18.0);      // 5a^2 + (a^2 + 1) + (9 + a^2)
  EXPECT_EQ(*metadata(r, ctx), 30.0 + 6 + 6);  // 10a + 2a + 2a
}

TEST(Memory, WholeStructAssignmentCopiesFieldMetadata) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, assign_struct), tag(3.0, ctx, 1.0));
  EXPECT_EQ(r.value, 3.0 + 6.0 + 5.0);
  EXPECT_EQ(*metadata(r, ctx), 3.0);  // w.x + w.y = 3a; v.y was overwritten by a constant
}

TEST(Memory, WholeObjectMetadataFollowsTheCopiesTwinsMake) {
  // Vec2 has metadata of its own under provenance::Context (where it came
  // from), beside its fields' (none here). Copied, passed and returned by
  // value, put in a vector, assigned: each copy observe sees has it; a Vec2
  // built from numbers has none; changing a field keeps it.
  provenance::Context ctx;
  model::Vec2 v{1.0, 2.0};
  cassette::tag_object(ctx, v, "input");
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(model, whole_objects), v);
  EXPECT_EQ(r, 12.0 + 3.0 + 3.0 + 3.0 + 7.0 + 3.0);
  EXPECT_EQ(ctx.seen, (std::vector<std::string>{"input", "input", "input", "input", "none", "input"}));
  cassette::untag_object(ctx, v);  // v dies here: code outside twins clears what it tagged
}

TEST(Memory, VectorOfStructsKeepsFieldMetadataAsItGrows) {
  // push_back copies the pushed struct's fields' metadata to the new
  // element, and each reallocation moves the elements' along.
  auto r = ad(CASSETTE_FN_IN(model, pushed_structs), tag(2.0, AD{}, 1.0));
  EXPECT_EQ(r.value, 10.0);
  EXPECT_EQ(tangent(r), 5.0);
}

TEST(Memory, WholeObjectMetadataApi) {
  provenance::Context ctx;
  model::Vec2 vs[3]{{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}};
  cassette::tag_object(ctx, vs[1], "second");
  EXPECT_FALSE(cassette::object_metadata(ctx, vs[0]).has_value());
  EXPECT_EQ(cassette::object_metadata(ctx, vs[1]), "second");
  EXPECT_FALSE(cassette::object_metadata(ctx, vs[2]).has_value());
  // One store per context type: another provenance::Context reads the same.
  provenance::Context other;
  EXPECT_EQ(cassette::object_metadata(other, vs[1]), "second");
  cassette::untag_object(ctx, vs[1]);
  EXPECT_FALSE(cassette::object_metadata(ctx, vs[1]).has_value());
  // A field's metadata and the object's are kept apart.
  taint::Context tc;
  cassette::tag_in_place(tc, vs[2].x, taint::Labels{1});
  EXPECT_FALSE(cassette::object_metadata(ctx, vs[2]).has_value());
  EXPECT_EQ(cassette::metadata_in_place(tc, vs[2].x), taint::Labels{1});
  cassette::tag_in_place(tc, vs[2].x, taint::Labels{0});
  // A vector as a whole, beside its elements (metadata whose 0 means none).
  std::vector<double> xs{1.0, 2.0};
  cassette::tag_object(ctx, xs, 7);
  cassette::tag_in_place(tc, xs[0], taint::Labels{2});
  EXPECT_EQ(cassette::object_metadata(ctx, xs), 7);
  EXPECT_EQ(cassette::metadata_in_place(tc, xs[0]), taint::Labels{2});
  cassette::tag_object(ctx, xs, 0);
  EXPECT_FALSE(cassette::object_metadata(ctx, xs).has_value());
  cassette::tag_in_place(tc, xs[0], taint::Labels{0});
}

TEST(Memory, StructsReturnedByValueKeepFieldMetadata) {
  // A named local, Vec2{...}, {...}, a chain of returns, a member and a
  // conditional, received by declarations and by an assignment:
  // 2a + a^2 + 2a + 3a + a + 2a^2 = 3a^2 + 8a.
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, returned_structs), tag(3.0, ctx, 1.0));
  EXPECT_EQ(r.value, 51.0);
  EXPECT_EQ(*metadata(r, ctx), 26.0);  // 6a + 8
  taint::Context tc;
  auto t = cassette::overdub(tc, CASSETTE_FN_IN(model, returned_structs), tag(3.0, tc, taint::Labels{0b100}));
  EXPECT_EQ(t.value, 51.0);
  EXPECT_EQ(*metadata(t, tc), taint::Labels{0b100});
}

TEST(Memory, RangeForLoopVariablesByValueTakeTheElementsMetadata) {
  // (1 + 4) + (1 + 2) + 3 * 4
  AD ctx;
  std::vector<double> xs{1.0, 2.0};
  std::vector<model::Vec2> vs{{3.0, 4.0}};
  cassette::tag_in_place(ctx, xs[0], 1.0);
  cassette::tag_in_place(ctx, xs[1], 0.5);
  cassette::tag_in_place(ctx, vs[0].x, 2.0);
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, range_for), xs, vs);
  EXPECT_EQ(r.value, 20.0);
  EXPECT_EQ(*metadata(r, ctx), 2 * 1.0 * 1.0 + 2 * 2.0 * 0.5 + 1.0 + 0.5 + 2.0 * 4.0);
  taint::Context tc;
  cassette::tag_in_place(tc, xs[0], taint::Labels{1});
  cassette::tag_in_place(tc, xs[1], taint::Labels{2});
  cassette::tag_in_place(tc, vs[0].y, taint::Labels{4});
  auto t = cassette::overdub(tc, CASSETTE_FN_IN(model, range_for), xs, vs);
  EXPECT_EQ(*metadata(t, tc), taint::Labels{7});
}

TEST(Memory, ArrayElements) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, array_sum), tag(2.0, ctx, 1.0));
  EXPECT_EQ(r.value, 12.0);  // a*(0+1+2+3)
  EXPECT_EQ(*metadata(r, ctx), 6.0);
}

TEST(Memory, GlobalsAndStatics) {
  double before = model::g_scale;
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, global_scaled), tag(2.0, ctx, 1.0));
  // calls = 2 (tangent 1), g_scale = before + 2 (tangent 1): (before + 2) * 2
  EXPECT_EQ(r.value, (before + 2) * 2);
  EXPECT_EQ(*metadata(r, ctx), 2 + (before + 2));
  AD later;
  auto g = cassette::rt::load(cassette::twin(later), model::g_scale);
  EXPECT_EQ(*metadata(g, later), 1.0);  // the global carries it after the call
  // Code outside twins writing the global leaves its slot as it was (loads
  // are unchecked); a twin's store of a plain value clears it.
  model::g_scale = before;
  EXPECT_TRUE(cassette::metadata_in_place(later, model::g_scale).has_value());
  cassette::rt::assign(cassette::twin(later), model::g_scale, before);
  EXPECT_FALSE(cassette::metadata_in_place(later, model::g_scale).has_value());
}

TEST(Memory, HeapObject) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, heap_particle), tag(3.0, ctx, 1.0));
  EXPECT_EQ(r.value, 9.0);
  EXPECT_EQ(*metadata(r, ctx), 6.0);
}

TEST(Memory, VectorElements) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, vector_elements), tag(0.5, ctx, 1.0), 5);
  EXPECT_EQ(r.value, 7.5);  // a * 15
  EXPECT_EQ(*metadata(r, ctx), 15.0);
}

TEST(Memory, VectorPushBackAcrossReallocations) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, vector_push_back), tag(2.0, ctx, 1.0), 100);
  double sumsq = 0;
  for (int i = 0; i < 100; ++i) sumsq += double(i) * i;
  EXPECT_EQ(r.value, 4.0 * sumsq);          // sum (a i)^2
  EXPECT_EQ(*metadata(r, ctx), 4.0 * sumsq);  // d/da = 2a sum i^2
}

// Labels a = 1, b = 2, c = 4: each element keeps the labels of the list
// element it came from, not the union of the list's.
TEST(Memory, ContainersBuiltFromBracedListsKeepEachElementsMetadata) {
  taint::Context ctx;
  auto a = tag(1.5, ctx, taint::Labels{1}), b = tag(2.5, ctx, taint::Labels{2}), c = tag(4.0, ctx, taint::Labels{4});
  auto v = cassette::overdub(ctx, CASSETTE_FN_IN(model, braced_vector), a, b);
  EXPECT_EQ(v.value, 3.5);
  EXPECT_EQ(*metadata(v, ctx), taint::Labels{2});
  auto ld = cassette::overdub(ctx, CASSETTE_FN_IN(model, braced_list_deque), a, b, c);
  EXPECT_EQ(ld.value, 6.5);
  EXPECT_EQ(*metadata(ld, ctx), taint::Labels{2 | 4});  // float c: labels converted with the value
  auto t = cassette::overdub(ctx, CASSETTE_FN_IN(model, braced_temporary), a, b, c);
  EXPECT_EQ(t.value, 4.0);
  EXPECT_EQ(*metadata(t, ctx), taint::Labels{4});
  auto am = cassette::overdub(ctx, CASSETTE_FN_IN(model, braced_argument_member), a, b, c);
  EXPECT_EQ(am.value, 6.5);
  EXPECT_EQ(*metadata(am, ctx), taint::Labels{2 | 4});
  auto i = cassette::overdub(ctx, CASSETTE_FN_IN(model, braced_ints), tag(3, ctx, taint::Labels{8}), tag(5, ctx, taint::Labels{16}));
  EXPECT_EQ(i.value, 6);
  EXPECT_EQ(*metadata(i, ctx), taint::Labels{8});  // v[0] * v[1]: k's labels, not j's
}

// The template is deduced from the tagged argument: its variables of type T
// are tagged, and an assignment of a dependent call's result keeps it so.
TEST(Values, AssignmentInATemplateDeducedFromATaggedArgumentKeepsMetadata) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, dependent_assignment), tag(1.5, ctx, 1.0));
  EXPECT_EQ(r.value, 12.0);
  EXPECT_EQ(*metadata(r, ctx), 8.0);
}

TEST(Memory, BracedVectorCarriesTangents) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, braced_vector), tag(1.5, ctx, 1.0), tag(2.5, ctx, 10.0));
  EXPECT_EQ(r.value, 3.5);
  EXPECT_EQ(*metadata(r, ctx), 10.0);
}

TEST(Memory, MetadataConvertsToTheElementsMetadataType) {
  AD ctx;
  auto x = tag(1.5f, ctx, 2.0f);  // float value, float tangent
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, mixed_precision), x);
  static_assert(std::is_same_v<decltype(r), cassette::Tagged<AD, double>>);
  EXPECT_EQ(r.value, 2.25);
  EXPECT_EQ(*metadata(r, ctx), 6.0);  // 2 a da, stored as double metadata
}

TEST(Memory, SeededContainerOfStructs) {
  AD ctx;
  std::vector<model::Particle> ps{model::Particle(0, 1, 2), model::Particle(0, 2, 4)};
  ps[0].vel = {3, 0};
  ps[1].vel = {0, 1};
  cassette::tag_in_place(ctx, ps[0].vel.x, 1.0);  // d/d(vx of particle 0)
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, energy), ps);
  EXPECT_EQ(r.value, model::energy(ps));
  EXPECT_EQ(*metadata(r, ctx), 2 * 3.0);  // m v
}

namespace {
// Fields, a container with push_back, a global and a functor, under a taint
// context: labels flow exactly as the data does.
template <class Taint>
void expectConvolutedLabelsFlowAsTheData() {
  Taint ctx;
  double before = model::g_scale;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, convoluted), tag(2.0, ctx, taint::Labels{1}),
                             tag(5.0, ctx, taint::Labels{2}));
  model::g_scale = before;
  EXPECT_EQ(r.value, model::convoluted(2.0, 5.0));
  model::g_scale = before;
  EXPECT_EQ(*metadata(r, ctx), 3u);
}
}  // namespace

TEST(Memory, ConvolutedEqualsTheComputationOnMetadata) {
  expectConvolutedLabelsFlowAsTheData<taint::Context>();
  double before = model::g_scale;
  // Under AD the same program's tangent equals the derivative done by hand:
  // history0 = a b; history1 = b * a b; g = a b^2 - a; arr1 = 2 g; result = 2(a b^2 - a) + a b.
  AD ad_ctx;
  auto d = cassette::overdub(ad_ctx, CASSETTE_FN_IN(model, convoluted), tag(2.0, ad_ctx, 1.0), 5.0);
  model::g_scale = before;
  EXPECT_EQ(d.value, 2 * (2.0 * 25 - 2.0) + 10.0);
  EXPECT_EQ(*metadata(d, ad_ctx), 2 * (25.0 - 1) + 5.0);
  // The same with loads that check the stored value.
  fad::CheckedContext checked;
  auto dc = cassette::overdub(checked, CASSETTE_FN_IN(model, convoluted), tag(2.0, checked, 1.0), 5.0);
  model::g_scale = before;
  EXPECT_EQ(dc.value, d.value);
  EXPECT_EQ(*metadata(dc, checked), *metadata(d, ad_ctx));
}

TEST(Memory, CheckedLoadsCarryTheSameMetadataThroughMemory) {
  // `checks_memory = true`: slots hold the value stored beside the labels;
  // through fields, a vector that reallocates, a global, a functor, range-for
  // and a ring of heap nodes the labels are those of the unchecked default.
  expectConvolutedLabelsFlowAsTheData<taint::CheckedContext>();
  taint::CheckedContext ctx;
  std::vector<double> xs{1.0, 2.0};
  std::vector<model::Vec2> vs{{3.0, 4.0}};
  cassette::tag_in_place(ctx, xs[0], taint::Labels{1});
  cassette::tag_in_place(ctx, xs[1], taint::Labels{2});
  cassette::tag_in_place(ctx, vs[0].y, taint::Labels{4});
  EXPECT_EQ(*metadata(cassette::overdub(ctx, CASSETTE_FN_IN(model, range_for), xs, vs), ctx), taint::Labels{7});
  auto ring = cassette::overdub(ctx, CASSETTE_FN_IN(model, ring_sum), tag(0.5, ctx, taint::Labels{8}), 3);
  EXPECT_EQ(*metadata(ring, ctx), 8u);
  auto returned = cassette::overdub(ctx, CASSETTE_FN_IN(model, returned_structs), tag(3.0, ctx, taint::Labels{16}));
  EXPECT_EQ(*metadata(returned, ctx), 16u);
}

TEST(Memory, UncheckedLoadsKeepMetadataOfMemoryWrittenOutsideTwins) {
  // The documented trade-off: a plain write (code outside twins) leaves the
  // slot as it was; a checked store notices the value changed, an unchecked
  // one does not. A twin's untagged store clears either.
  taint::CheckedContext checked;
  taint::Context unchecked;
  double a = 1.0, b = 1.0;
  cassette::tag_in_place(checked, a, taint::Labels{1});
  cassette::tag_in_place(unchecked, b, taint::Labels{1});
  a = 2.0;
  b = 2.0;
  EXPECT_FALSE(cassette::metadata_in_place(checked, a).has_value());
  EXPECT_EQ(cassette::metadata_in_place(unchecked, b), std::optional<taint::Labels>(1));
  cassette::rt::assign(cassette::twin(unchecked), b, 3.0);  // what a twin does for `b = 3.0`
  EXPECT_FALSE(cassette::metadata_in_place(unchecked, b).has_value());
}

// A twin's locals in memory (an array, a struct, a number whose address
// escapes) lose their metadata when they die. The next iteration's locals
// reuse that stack and are filled by a primitive (memcpy), so they load plain
// numbers: under unchecked loads, which would otherwise take the old labels
// for the new values, and under checked loads, which would too here, since
// the primitive writes the very numbers that were tagged.
template <class Ctx>
void expectReusedStackCarriesNoMetadata() {
  Ctx ctx;
  model::g_stack_reused = false;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, stack_reuse), tag(5.0, ctx, taint::Labels{2}));
  ASSERT_TRUE(model::g_stack_reused) << "the second iteration's locals must reuse the first's stack";
  EXPECT_EQ(r.value, 15.0);
  EXPECT_FALSE(hasmetadata(r, ctx));
}

TEST(Lifetime, ReusedStackCarriesNoMetadata) { expectReusedStackCarriesNoMetadata<taint::Context>(); }
TEST(Lifetime, ReusedStackCarriesNoMetadataUnderCheckedLoads) {
  expectReusedStackCarriesNoMetadata<taint::CheckedContext>();
}

TEST(Lifetime, AReturnedLocalKeepsItsMetadataForTheCaller) {
  // make_cell's `c` is cleared when make_cell returns; the caller's copy
  // takes the metadata from what `returning` parked.
  taint::Context ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, cell_sum), tag(1.5, ctx, taint::Labels{4}));
  EXPECT_EQ(r.value, 4.5);
  EXPECT_EQ(metadata(r, ctx), std::optional<taint::Labels>(4));
}

TEST(Memory, SelfReferentialStructure) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, self_referential), tag(1.5, ctx, 1.0));
  EXPECT_EQ(r.value, 6.0);
  EXPECT_EQ(*metadata(r, ctx), 4.0);
  auto ring = cassette::overdub(ctx, CASSETTE_FN_IN(model, ring_sum), tag(0.5, ctx, 1.0), 4);
  EXPECT_EQ(ring.value, model::ring_sum(0.5, 4));
  EXPECT_EQ(ring.value, 10.0);             // 2 * 0.5 * (1+2+3+4)
  EXPECT_EQ(*metadata(ring, ctx), 20.0);  // 2 * (1+2+3+4)
  taint::Context t;
  auto labels = cassette::overdub(t, CASSETTE_FN_IN(model, ring_sum), tag(0.5, t, taint::Labels{8}), 3);
  EXPECT_EQ(*metadata(labels, t), 8u);
}

// Nested contexts: the subject takes derivatives itself (fad::derivative),
// and the tests differentiate it again. The inner differentiation runs as
// cassette::nested<AD, AD>; with one shared tag the inner one would also
// count the outer perturbation of x (perturbation confusion).
TEST(Nested, DerivativeOfAProductTimesItsDerivativeIsTheTextbookValue) {
  // d/dx [x * d/dy (x*y)] = d/dx x^2 = 2x, at x = 2: 4.
  EXPECT_EQ(nested::x_times_d_times(2.0), 4.0);  // the program alone: x * x
  EXPECT_EQ(fad::derivative(CASSETTE_FN_IN(nested, x_times_d_times), 2.0), 4.0);
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(nested, x_times_d_times), tag(2.0, ctx, 1.0));
  EXPECT_EQ(r.value, 4.0);
  EXPECT_EQ(*metadata(r, ctx), 4.0);
}

TEST(Nested, SiskindPearlmutterPerturbationConfusion) {
  // d/dx [x * d/dy (x+y)] at x = 1 is 1; confusing the two perturbations gives 2.
  EXPECT_EQ(fad::derivative(CASSETTE_FN_IN(nested, x_times_d_plus), 1.0), 1.0);
  EXPECT_EQ(fad::derivative(CASSETTE_FN_IN(nested, x_times_d_plus), 3.0), 1.0);
}

TEST(Nested, ElementaryFunctionsRunUnderTheEnclosingDifferentiation) {
  // d/dx [d/dy sin(x*y) at y = 1] = d/dx [x cos x] = cos x - x sin x.
  double x = 0.7;
  EXPECT_DOUBLE_EQ(nested::d_sin_of_product(x), x * std::cos(x));
  EXPECT_DOUBLE_EQ(fad::derivative(CASSETTE_FN_IN(nested, d_sin_of_product), x), std::cos(x) - x * std::sin(x));
}

TEST(Nested, ThroughAStructFieldAndAVector) {
  // The inner product stored in memory and read back: each context keeps its
  // own metadata for the field and the vector element.
  EXPECT_EQ(nested::x_times_d_field(2.0), 4.0);
  EXPECT_EQ(fad::derivative(CASSETTE_FN_IN(nested, x_times_d_field), 2.0), 4.0);
  EXPECT_EQ(nested::x_times_d_vector(2.0), 4.0);
  EXPECT_EQ(fad::derivative(CASSETTE_FN_IN(nested, x_times_d_vector), 2.0), 4.0);
}

TEST(Nested, ValueTypesComposeAndTagsStaySeparate) {
  using Inner = cassette::nested<AD, AD>;
  static_assert(std::is_same_v<cassette::value_t<Inner, double>, cassette::Tagged<Inner, cassette::Tagged<AD, double>>>);
  static_assert(std::is_same_v<cassette::value_t<Inner, int>, int>);
  AD outer;
  auto inner = cassette::nest(AD{}, cassette::twin(outer));
  cassette::value_t<Inner, double> v(tag(3.0, outer, 1.0));  // tagged by the outer context only
  EXPECT_FALSE(cassette::hasmetadata(v, inner));
  EXPECT_EQ(*metadata(cassette::untag(v, inner), outer), 1.0);  // untag w.r.t. inner keeps the outer tag
  auto w = tag(cassette::untag(v, inner), inner, 5.0);
  EXPECT_EQ(metadata(w, inner)->value, 5.0);
  EXPECT_FALSE(cassette::hasmetadata(*metadata(w, inner), outer));
}

TEST(Limits, VirtualCallsAndExplicitTemplateArgumentsRunWithoutMetadata) {
  AD ctx;
  model::Square sq(3);
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, scaled_area), sq, tag(2.0, ctx, 1.0));
  EXPECT_EQ(r.value, 20.0);
  EXPECT_EQ(*metadata(r, ctx), 1.0);  // only the `+ k`: the virtual call's result is plain
  auto t = cassette::overdub(ctx, CASSETTE_FN_IN(model, explicit_template), tag(2.0, ctx, 1.0));
  EXPECT_EQ(t.value, 8.0);
  EXPECT_EQ(*metadata(t, ctx), 2.0);  // the deduced call's twin carries it; the explicit one runs plainly
}

TEST(Values, IndirectCallsReachTheTwinWithTaggedValues) {
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, through_pointer), tag(2.0, ctx, 1.0));
  EXPECT_EQ(r.value, 16.0);
  EXPECT_EQ(*metadata(r, ctx), 24.0);  // 6x^2: both calls ran the twin of cube
}

TEST(Values, OverloadsOnArithmeticTypesResolveAsForPlainValues) {
  taint::Context tc;
  auto r = cassette::overdub(tc, CASSETTE_FN_IN(model, overloaded), tag(1.5, tc, taint::Labels{1}));
  EXPECT_EQ(cassette::untag(r), 213);
}

TEST(Values, NumericLimitsOfATaggedTypeAreTheValueTypes) {
  // capped<T> is instantiated with T = Tagged<AD, double>: max() and
  // epsilon() must be double's, not a value-initialised T (zero).
  AD ctx;
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, generic_limits), tag(3.0, ctx, 1.0));
  constexpr double eps = std::numeric_limits<double>::epsilon();
  EXPECT_EQ(r.value, 3.0 * eps);
  EXPECT_EQ(*metadata(r, ctx), eps);
  static_assert(std::numeric_limits<cassette::Tagged<AD, double>>::is_specialized);
  static_assert(std::numeric_limits<cassette::Tagged<AD, double>>::digits == std::numeric_limits<double>::digits);
}

TEST(NoTagging, TheSameTreeUnderAContextWithoutTagging) {
  cassette::EmptyContext ctx;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(model, convoluted), 2.0, 5.0), model::convoluted(2.0, 5.0));
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(model, vector_push_back), 2.0, 10),
            model::vector_push_back(2.0, 10));
  static_assert(std::is_same_v<decltype(cassette::overdub(ctx, CASSETTE_FN_IN(model, poly), 1.0)), double>);
}
