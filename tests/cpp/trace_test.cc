// The generic tracer on a hand-built map: its MP measure against the movement search, its errors,
// and the places it traces to. The rules' presets are tested in Python, against the plugins that
// hold them (tests/python/test_trace_presets.py).
#include "core/movement/trace.h"

#include <gtest/gtest.h>

#include "core/movement/movement_search.h"
#include "terrain_examples.h"

namespace adjutant::core {
namespace {

constexpr int kWoods = 3;
constexpr int kSlope = 3;
constexpr int kRoad = 1;
constexpr int kDepot = 1;

class TraceTest : public testing::CcrrMapTest {};

TEST_F(TraceTest, PlaceHexesChoosesPlacesOfAKindByTheirProperties) {
  map.add_place({"Union depot", kDepot, {hex("0110")}, {{"side", std::string("Union")}}, 0});
  map.add_place({"Confederate depot", kDepot, {hex("1310")}, {{"side", std::string("Confederate")}}, 0});
  const auto union_depots = place_hexes(map, kDepot, [](const Place& p) {
    return to_string(p.properties.at("side")) == "Union";
  });
  EXPECT_EQ(union_depots, hexes({"0110"}));
  EXPECT_EQ(place_hexes(map, kDepot).size(), 2u);
}

TEST_F(TraceTest, MPMeasureAgreesWithTheMovementSearch) {
  map.set_terrain(hex("0606"), kWoods);
  map.set_terrain(hex("0607"), kWoods);
  map.add_hexside_feature(hex("0605"), hex("0606"), kSlope, hex("0606"));
  map.add_line({kRoad, "", hexes({"0505", "0605", "0606", "0607", "0608"}), {}, 0});
  const Tracer tracer(map, &rules);
  const MovementSearch search(map, rules);
  for (const int cls : {0, 1}) {
    for (const char* to : {"0608", "0809", "0303", "0707"}) {
      TraceRequest r;
      r.measure = Measure::kMP;
      r.unit_class = cls;
      r.most = 100 * kMP;
      r.targets = {hex(to)};
      const Trace t = tracer.trace(hex("0505"), r);
      const auto p = search.cheapest_path(hex("0505"), hex(to), Mover{{cls}, 100 * kMP, ""}, {});
      ASSERT_TRUE(t.found && p);
      EXPECT_EQ(t.used, p->total) << to << " class " << cls;
    }
  }
}

TEST_F(TraceTest, AHexTraceForAClassGoesRoundWhatTheClassMayNotEnterOrCross_LMN_14) {
  // Column 05 rows 02..09 is ridge (artillery may not enter it, as LMN units may not enter ocean),
  // and the hexside 0501/0601 is a river (prohibited to both classes, as a mountain hexside).
  for (int row = 2; row <= 9; ++row) map.set_terrain(hex("05" + std::string(row < 10 ? "0" : "") + std::to_string(row)), 1);
  map.add_hexside_feature(hex("0501"), hex("0601"), 0);
  const Tracer tracer(map, &rules);
  TraceRequest r;
  r.targets = hexes({"0705"});
  r.most = 20;
  const Trace straight = tracer.trace(hex("0305"), r);
  ASSERT_TRUE(straight.found);
  EXPECT_EQ(straight.used, 4);
  r.unit_class = 1;
  const Trace round = tracer.trace(hex("0305"), r);
  ASSERT_TRUE(round.found);
  EXPECT_GT(round.used, 4);
  for (const TraceHex& h : round.path) EXPECT_NE(map.terrain(h.hex), 1) << map.topology().name(h.hex);
  for (size_t i = 0; i + 1 < round.path.size(); ++i) {
    EXPECT_FALSE(map.has_hexside_feature(round.path[i].hex, round.path[i + 1].hex, 0));
  }
  r.most = round.used - 1;
  const Trace none = tracer.trace(hex("0305"), r);
  EXPECT_FALSE(none.found);
  EXPECT_NE(none.reason.find("prohibited terrain"), std::string::npos) << none.reason;
}

TEST_F(TraceTest, RejectsAStartOffTheMapAndMPWithoutRules) {
  const Tracer tracer(map);
  TraceRequest r;
  EXPECT_THROW(tracer.trace(Hex{100, 100}, r), std::invalid_argument);
  r.measure = Measure::kMP;
  EXPECT_THROW(tracer.trace(hex("0505"), r), std::invalid_argument);
  r.measure = Measure::kHexes;
  r.unit_class = 0;
  EXPECT_THROW(tracer.trace(hex("0505"), r), std::invalid_argument);
  r.unit_class = -1;
  // The start itself as a target.
  r.measure = Measure::kHexes;
  r.targets = hexes({"0505"});
  const Trace t = tracer.trace(hex("0505"), r);
  ASSERT_TRUE(t.found);
  EXPECT_EQ(t.path.size(), 1u);
}

}  // namespace
}  // namespace adjutant::core
