// The terrain model built in code: the hex extent, terrain and elevation per hex, hexside features
// seen from both hexes (with high sides), line features crossing hexsides and joining (or not)
// inside hexes, places and areas; and the piece-to-unit mapping.
#include "core/hexes/terrain.h"

#include <gtest/gtest.h>

#include <set>

#include "core/geometry/geometry_error.h"
#include "core/game/unit_mapping.h"
#include "terrain_examples.h"

namespace adjutant::core {
namespace {

using testing::ccrr_topology;
std::shared_ptr<TerrainVocabulary> vocabulary() { return testing::ccrr_vocabulary(); }

constexpr int kClear = 0, kRidge = 1, kTown = 2;
constexpr int kRiver = 0, kStream = 1, kBridge = 2, kSlope = 3;
constexpr int kPike = 0, kRoad = 1, kRailroad = 2;

class TerrainModelTest : public ::testing::Test {
 protected:
  TerrainModelTest() : model("Main Map", "", ccrr_topology(), vocabulary(), kClear, 1) {}
  Hex hex(std::string_view name) const {
    const auto h = model.topology().hex_named(name);
    EXPECT_TRUE(h.has_value()) << name;
    return h.value_or(Hex{});
  }
  int dir(std::string_view from, std::string_view to) const {
    const auto d = model.topology().direction(hex(from), hex(to));
    EXPECT_TRUE(d.has_value()) << from << " -> " << to << " are not adjacent";
    return d.value_or(0);
  }
  TerrainModel model;
};

// Sums, differences and doubled midpoints of elevations (line of sight) must stay within int.
TEST_F(TerrainModelTest, ElevationsBeyondTheBoundAreRefused) {
  EXPECT_THROW(model.set_elevation(hex("0101"), 2147483647), std::out_of_range);
  EXPECT_THROW(model.set_elevation(hex("0101"), -kMaxElevation - 1), std::out_of_range);
  model.set_elevation(hex("0101"), kMaxElevation);
  EXPECT_EQ(model.elevation(hex("0101")), kMaxElevation);
  EXPECT_THROW(TerrainModel("Main Map", "", ccrr_topology(), vocabulary(), kClear, 2147483647), std::out_of_range);
}

TEST_F(TerrainModelTest, ExtentCoversExactlyTheBoardsHexes) {
  const HexTopology& t = model.topology();
  std::set<Hex> expected;
  for (int col = -10; col < 30; ++col) {
    for (int row = -10; row < 30; ++row) {
      if (t.contains(Hex{col, row})) expected.insert(Hex{col, row});
    }
  }
  const std::vector<Hex> hexes = model.hexes();
  EXPECT_EQ(std::set<Hex>(hexes.begin(), hexes.end()), expected);
  EXPECT_EQ(hexes.size(), expected.size());
  EXPECT_EQ(hexes.size(), 13u * 10u + 6u);  // 13 columns of 10, six of them with an 11th hex
  for (const Hex h : expected) EXPECT_TRUE(model.extent().covers(h));
  EXPECT_EQ(model.extent().size(), 13u * 11u);
  EXPECT_TRUE(model.on_map(hex("0101")));
  EXPECT_TRUE(model.on_map(hex("1310")));
  EXPECT_FALSE(model.on_map(hex("1410")));
  EXPECT_FALSE(model.on_map(hex("0112")));
}

TEST_F(TerrainModelTest, UnboundedTopologyHasNoExtent) {
  HexGridSpec g;
  EXPECT_THROW(HexExtent::of(HexTopology::unbounded(HexGrid(g, Size{100, 100}))), GeometryError);
}

TEST_F(TerrainModelTest, TerrainAndElevationDefaultsAndExceptions) {
  EXPECT_EQ(model.terrain(hex("0505")), kClear);
  EXPECT_EQ(model.terrain_name(hex("0505")), "clear");
  EXPECT_EQ(model.elevation(hex("0505")), 1);
  model.set_terrain(hex("0505"), kRidge);
  model.set_elevation(hex("0505"), 3);
  model.set_elevation(hex("0506"), -2);
  EXPECT_EQ(model.terrain_name(hex("0505")), "ridge");
  EXPECT_EQ(model.elevation(hex("0505")), 3);
  EXPECT_EQ(model.elevation(hex("0506")), -2);
  EXPECT_EQ(model.terrain(hex("0506")), kClear);
  EXPECT_THROW(model.terrain(hex("1410")), GeometryError);
  EXPECT_THROW(model.set_terrain(hex("1410"), kTown), GeometryError);
  EXPECT_THROW(model.set_terrain(hex("0505"), 17), std::out_of_range);
}

TEST_F(TerrainModelTest, HexsideFeaturesAreTheSameFromBothHexes) {
  model.add_hexside_feature(hex("0303"), hex("0404"), kRiver);
  model.add_hexside_feature(hex("0404"), hex("0303"), kBridge);
  const int d = dir("0303", "0404");
  EXPECT_EQ(model.hexside_features(hex("0303"), d), feature_bit(kRiver) | feature_bit(kBridge));
  EXPECT_EQ(model.hexside_features(hex("0404"), (d + 3) % 6), feature_bit(kRiver) | feature_bit(kBridge));
  EXPECT_TRUE(model.has_hexside_feature(hex("0404"), hex("0303"), kRiver));
  EXPECT_FALSE(model.has_hexside_feature(hex("0404"), hex("0303"), kStream));
  // The other five sides of 0303 are bare.
  for (int other = 0; other < 6; ++other) {
    if (other != d) {
      EXPECT_EQ(model.hexside_features(hex("0303"), other), 0u);
    }
  }
  EXPECT_THROW(model.add_hexside_feature(hex("0303"), hex("0505"), kRiver), GeometryError);
  EXPECT_THROW(model.hexside_features(hex("0303"), hex("0505")), GeometryError);
}

TEST_F(TerrainModelTest, SlopesKnowTheirHighSide) {
  model.add_hexside_feature(hex("0303"), hex("0304"), kSlope, hex("0304"));
  const int down = dir("0303", "0304");
  EXPECT_EQ(model.high_side(hex("0303"), hex("0304"), kSlope), hex("0304"));
  EXPECT_EQ(model.high_side(hex("0304"), hex("0303"), kSlope), hex("0304"));
  EXPECT_EQ(model.high_side(hex("0303"), hex("0304"), kRiver), std::nullopt);
  // From 0303 towards 0304 is uphill: slope there, and 0303 is not its high side.
  EXPECT_TRUE(model.hexside_features(hex("0303"), down) & feature_bit(kSlope));
  EXPECT_FALSE(model.high_side_features(hex("0303"), down) & feature_bit(kSlope));
  EXPECT_TRUE(model.high_side_features(hex("0304"), (down + 3) % 6) & feature_bit(kSlope));
  // Turned round: the latest high side holds.
  model.add_hexside_feature(hex("0304"), hex("0303"), kSlope, hex("0303"));
  EXPECT_EQ(model.high_side(hex("0304"), hex("0303"), kSlope), hex("0303"));
  EXPECT_THROW(model.add_hexside_feature(hex("0303"), hex("0304"), kSlope), std::invalid_argument);
  EXPECT_THROW(model.add_hexside_feature(hex("0303"), hex("0304"), kRiver, hex("0303")), std::invalid_argument);
  EXPECT_THROW(model.add_hexside_feature(hex("0303"), hex("0304"), kSlope, hex("0505")), GeometryError);
}

TEST_F(TerrainModelTest, LinesCrossTheHexsidesBetweenConsecutiveHexes) {
  LineFeature pike{kPike, "Baltimore Pike", {hex("0101"), hex("0202"), hex("0302"), hex("0403")}, {}, 0};
  model.add_line(pike);
  EXPECT_EQ(model.lines_across(hex("0202"), hex("0302")), line_bit(kPike));
  EXPECT_EQ(model.lines_across(hex("0302"), hex("0202")), line_bit(kPike));
  EXPECT_EQ(model.lines_across(hex("0302"), dir("0302", "0403")), line_bit(kPike));
  // 0202 and 0302 are both on the pike, but it does not cross from 0202 into 0203.
  EXPECT_EQ(model.lines_across(hex("0202"), hex("0203")), 0u);
  EXPECT_EQ(model.lines_in(hex("0101")), line_bit(kPike));
  EXPECT_EQ(model.lines_in(hex("0505")), 0u);
  // Through the middle hexes the pike connects the side it enters by with the side it leaves by.
  EXPECT_TRUE(model.lines_connect(hex("0202"), kPike, dir("0202", "0101"), dir("0202", "0302")));
  EXPECT_TRUE(model.lines_connect(hex("0202"), kPike, dir("0202", "0302"), dir("0202", "0101")));
  EXPECT_FALSE(model.lines_connect(hex("0202"), kPike, dir("0202", "0101"), dir("0202", "0203")));
  EXPECT_FALSE(model.lines_connect(hex("0202"), kRoad, dir("0202", "0101"), dir("0202", "0302")));
  ASSERT_EQ(model.lines().size(), 1u);
  EXPECT_EQ(model.lines()[0].name, "Baltimore Pike");
  EXPECT_THROW(model.add_line(LineFeature{kRoad, "", {hex("0101"), hex("0302")}, {}, 0}), GeometryError);
  EXPECT_THROW(model.add_line(LineFeature{kRoad, "", {hex("0101")}, {}, 0}), std::invalid_argument);
}

// Two roads through 0505: by default they meet there (a crossroads); listed in no_junction, they
// run through without connecting, as LIN's "two road lines run parallel in a hex" do.
TEST_F(TerrainModelTest, LinesSharingAHexJoinUnlessMarkedApart) {
  const Hex centre = hex("0505");
  const auto around = model.topology().neighbours(centre);
  ASSERT_EQ(around.size(), 6);
  auto neighbour = [&](int d) { return model.topology().step(centre, d); };
  TerrainModel crossing = model;
  crossing.add_line(LineFeature{kRoad, "north-south", {neighbour(0), centre, neighbour(3)}, {}, 0});
  crossing.add_line(LineFeature{kRoad, "east-west", {neighbour(1), centre, neighbour(4)}, {}, 0});
  EXPECT_TRUE(crossing.lines_connect(centre, kRoad, 0, 3));
  EXPECT_TRUE(crossing.lines_connect(centre, kRoad, 1, 4));
  EXPECT_TRUE(crossing.lines_connect(centre, kRoad, 0, 1));  // a crossroads
  EXPECT_FALSE(crossing.lines_connect(centre, kRoad, 0, 2)); // no road leaves by side 2

  TerrainModel apart = model;
  apart.add_line(LineFeature{kRoad, "north-south", {neighbour(0), centre, neighbour(3)}, {}, 0});
  apart.add_line(LineFeature{kRoad, "east-west", {neighbour(1), centre, neighbour(4)}, {centre}, 0});
  EXPECT_TRUE(apart.lines_connect(centre, kRoad, 0, 3));
  EXPECT_TRUE(apart.lines_connect(centre, kRoad, 1, 4));
  EXPECT_FALSE(apart.lines_connect(centre, kRoad, 0, 1));
  EXPECT_FALSE(apart.lines_connect(centre, kRoad, 4, 3));
  // Either way both roads cross their hexsides.
  EXPECT_EQ(apart.lines_across(centre, 1), line_bit(kRoad));
  EXPECT_EQ(apart.lines_across(neighbour(1), (1 + 3) % 6), line_bit(kRoad));

  // A road ending in the hex of another joins it (a T junction).
  TerrainModel tee = model;
  tee.add_line(LineFeature{kRoad, "", {neighbour(0), centre, neighbour(3)}, {}, 0});
  tee.add_line(LineFeature{kRoad, "", {neighbour(2), centre}, {}, 0});
  EXPECT_TRUE(tee.lines_connect(centre, kRoad, 2, 0));
  EXPECT_TRUE(tee.lines_connect(centre, kRoad, 2, 3));
}

TEST_F(TerrainModelTest, LinesOfDifferentTypesJoinOrRunSideBySide) {
  const Hex centre = hex("0505");
  auto neighbour = [&](int d) { return model.topology().step(centre, d); };
  // A pike becoming a road in a town: they join.
  TerrainModel town = model;
  town.add_line(LineFeature{kPike, "", {neighbour(0), centre}, {}, 0});
  town.add_line(LineFeature{kRoad, "", {centre, neighbour(3)}, {}, 0});
  EXPECT_TRUE(town.lines_connect(centre, 0, kPike, 3, kRoad));
  EXPECT_FALSE(town.lines_connect(centre, kPike, 0, 3));  // no pike leaves by side 3
  EXPECT_EQ(town.lines_in(centre), line_bit(kPike) | line_bit(kRoad));

  // A railroad beside a road through the same hexsides, kept apart.
  TerrainModel parallel = model;
  parallel.add_line(LineFeature{kRoad, "", {neighbour(0), centre, neighbour(3)}, {}, 0});
  parallel.add_line(LineFeature{kRailroad, "", {neighbour(0), centre, neighbour(3)}, {centre}, 0});
  EXPECT_EQ(parallel.lines_across(centre, 0), line_bit(kRoad) | line_bit(kRailroad));
  EXPECT_TRUE(parallel.lines_connect(centre, kRailroad, 0, 3));
  EXPECT_TRUE(parallel.lines_connect(centre, kRoad, 0, 3));
  EXPECT_FALSE(parallel.lines_connect(centre, 0, kRoad, 3, kRailroad));
}

TEST_F(TerrainModelTest, PlacesAndAreas) {
  Place harrisburg{"Harrisburg", 0, {hex("1301")}, {{"vp", int64_t{5}}}, 0};
  const int h = model.add_place(harrisburg);
  const int depot = model.add_place(Place{"Harrisburg depot", 1, {hex("1301")}, {}, 0});
  const int fort = model.add_place(Place{"Washington", 2, {hex("0909"), hex("1009")}, {{"strength_1863", int64_t{5}}}, 0});
  EXPECT_EQ(model.places_at(hex("1301")), (std::vector<int>{h, depot}));
  EXPECT_EQ(model.places_at(hex("1009")), (std::vector<int>{fort}));
  EXPECT_TRUE(model.places_at(hex("0505")).empty());
  EXPECT_TRUE(model.has_place(hex("1301"), 0));
  EXPECT_TRUE(model.has_place(hex("1301"), 1));
  EXPECT_FALSE(model.has_place(hex("1301"), 2));
  EXPECT_FALSE(model.has_place(hex("1301"), 70));
  ASSERT_NE(model.place_named("Washington"), nullptr);
  EXPECT_EQ(to_string(model.place_named("Washington")->properties.at("strength_1863")), "5");
  EXPECT_EQ(model.place_named("Nowhere"), nullptr);
  EXPECT_THROW(model.add_place(Place{"Off", 0, {hex("1410")}, {}, 0}), GeometryError);

  const int md = model.add_area(Area{"MD", {hex("0505"), hex("0506"), hex("0505")}, {}, 0});
  const int pa = model.add_area(Area{"PA", {hex("0101")}, {}, 0});
  EXPECT_EQ(model.areas()[static_cast<size_t>(md)].hexes.size(), 2u);
  EXPECT_TRUE(model.in_area(hex("0506"), md));
  EXPECT_FALSE(model.in_area(hex("0506"), pa));
  EXPECT_EQ(model.areas_at(hex("0101")), std::vector<int>{pa});
  EXPECT_EQ(model.area_named("PA"), pa);
  EXPECT_EQ(model.area_named("VA"), std::nullopt);
}

// What changes in play: a destroyed bridge takes the bridge and the road over it off the hexside;
// a destroyed rail hex takes the railroad out of the hex, and the rest of the line stays.
TEST_F(TerrainModelTest, StateTakesFeaturesAndLinesOff) {
  TerrainModel m = model;
  m.add_hexside_feature(hex("0303"), hex("0304"), kRiver);
  m.add_hexside_feature(hex("0303"), hex("0304"), kSlope, hex("0304"));
  m.add_line(LineFeature{kRoad, "", {hex("0302"), hex("0303"), hex("0304"), hex("0305")}, {}, 0});
  m.add_line(LineFeature{kRailroad, "", {hex("0302"), hex("0303"), hex("0304"), hex("0305")}, {hex("0303"), hex("0304")}, 0});
  const TerrainModel before = m;

  m.remove_hexside_features(hex("0304"), hex("0303"), feature_bit(kSlope));
  EXPECT_EQ(m.hexside_features(hex("0303"), hex("0304")), feature_bit(kRiver));
  EXPECT_EQ(m.high_side(hex("0303"), hex("0304"), kSlope), std::nullopt);
  m.cut_lines_across(hex("0303"), hex("0304"), line_bit(kRoad));
  EXPECT_EQ(m.lines_across(hex("0303"), hex("0304")), line_bit(kRailroad));
  EXPECT_EQ(m.lines_across(hex("0304"), hex("0303")), line_bit(kRailroad));
  // The road still runs 0302-0303 and 0304-0305, each end a road hex, no longer joined.
  EXPECT_EQ(m.lines_in(hex("0303")), line_bit(kRoad) | line_bit(kRailroad));
  EXPECT_FALSE(m.lines_connect(hex("0303"), kRoad, dir("0303", "0302"), dir("0303", "0304")));
  EXPECT_EQ(m.lines_across(hex("0302"), hex("0303")), line_bit(kRoad) | line_bit(kRailroad));

  m.cut_lines_in(hex("0304"), line_bit(kRailroad));
  EXPECT_EQ(m.lines_in(hex("0304")), line_bit(kRoad));
  EXPECT_EQ(m.lines_across(hex("0304"), hex("0305")), line_bit(kRoad));
  EXPECT_EQ(m.lines_across(hex("0305"), hex("0304")), line_bit(kRoad));
  EXPECT_EQ(m.lines_across(hex("0303"), hex("0304")), 0u);
  EXPECT_EQ(m.lines_in(hex("0305")), line_bit(kRoad));  // the rail's end hex lost its only hexside
  EXPECT_EQ(m.lines_across(hex("0303"), hex("0302")), line_bit(kRoad) | line_bit(kRailroad));
  EXPECT_EQ(m.lines().size(), 2u);  // the chains as declared

  // The model they were taken from is untouched.
  EXPECT_EQ(before.hexside_features(hex("0303"), hex("0304")), feature_bit(kRiver) | feature_bit(kSlope));
  EXPECT_EQ(before.lines_in(hex("0304")), line_bit(kRoad) | line_bit(kRailroad));
  EXPECT_THROW(m.cut_lines_across(hex("0303"), hex("0505"), line_bit(kRoad)), GeometryError);
}

TEST(TerrainVocabulary, NamesAndIds) {
  const Vocabulary v({"clear", "major river"});
  EXPECT_EQ(v.id("major river"), 1);
  EXPECT_EQ(v.id("river"), std::nullopt);
  EXPECT_EQ(v.name(0), "clear");
  EXPECT_THROW(v.name(2), std::out_of_range);
  EXPECT_THROW(Vocabulary({"clear", "clear"}), std::invalid_argument);
  EXPECT_THROW(Vocabulary({""}), std::invalid_argument);
  try {
    v.require("woods", "terrain type");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown terrain type 'woods' (known: clear, major river)");
  }
  TerrainVocabulary too_many;
  too_many.terrain = Vocabulary({"clear"});
  std::vector<std::string> names;
  for (int i = 0; i < 33; ++i) names.push_back("line " + std::to_string(i));
  too_many.lines = Vocabulary(names);
  EXPECT_THROW(too_many.check(), std::invalid_argument);
}

TEST(CompanionUnitMapping, GlobMatching) {
  EXPECT_TRUE(glob_match("Lee", "Lee"));
  EXPECT_FALSE(glob_match("Lee", "Leee"));
  EXPECT_TRUE(glob_match("*Corps*", "II Corps HQ"));
  EXPECT_TRUE(glob_match("?? Corps", "II Corps"));
  EXPECT_FALSE(glob_match("?? Corps", "III Corps"));
  EXPECT_TRUE(glob_match("*", ""));
  EXPECT_TRUE(glob_match("a*b*c", "aXbYbZc"));
  EXPECT_FALSE(glob_match("a*b*c", "aXbYbZ"));
}

TEST(CompanionUnitMapping, SourcesThenRulesInOrder) {
  UnitMapping mapping;
  mapping.attributes = {"side", "type", "strength", "steps", "corps", "kind"};
  AttributeSource side;
  side.from = AttributeSource::From::kProperty;
  side.name = "Nationality";
  side.values = {{"USA", "Union"}, {"CSA", "Confederate"}};
  AttributeSource type;
  type.from = AttributeSource::From::kPrototype;
  type.values = {{"Infantry", "inf"}, {"Cavalry", "cav"}};
  AttributeSource strength;
  strength.from = AttributeSource::From::kLayer;
  strength.name = "Strength";
  AttributeSource steps = strength;
  steps.level_name = true;
  AttributeSource kind;
  kind.from = AttributeSource::From::kValue;
  kind.value = "combat";
  mapping.sources = {{"side", side}, {"type", type}, {"strength", strength}, {"steps", steps}, {"kind", kind}};
  UnitRule leaders;
  leaders.match.name = "Gen. *";
  leaders.set = {{"kind", "leader"}};
  UnitRule markers;
  markers.match.prototype = "Marker*";
  markers.unit = false;
  UnitRule corps;
  corps.match.properties = {{"Formation", "II*"}};
  corps.set = {{"corps", "II"}};
  mapping.rules = {leaders, markers, corps};

  std::map<std::string, std::string> props = {{"Nationality", "USA"}, {"Strength_Level", "3"},
                                              {"Strength_Name", "full"}, {"Formation", "II Corps"}};
  PieceView piece{"1st Minnesota", {"Union", "Infantry"}, [&](std::string_view name) -> std::optional<std::string> {
                    auto it = props.find(std::string(name));
                    if (it == props.end()) return std::nullopt;
                    return it->second;
                  }};
  auto unit = mapping.resolve(piece);
  ASSERT_TRUE(unit.has_value());
  EXPECT_EQ(*unit, (std::map<std::string, std::string>{{"side", "Union"}, {"type", "inf"}, {"strength", "3"},
                                                        {"steps", "full"}, {"kind", "combat"}, {"corps", "II"}}));
  piece.name = "Gen. Hancock";
  piece.prototypes = {"Union"};
  props["Nationality"] = "Prussia";  // not listed: passes through
  props.erase("Formation");
  unit = mapping.resolve(piece);
  ASSERT_TRUE(unit.has_value());
  EXPECT_EQ(unit->at("kind"), "leader");
  EXPECT_EQ(unit->at("side"), "Prussia");
  EXPECT_EQ(unit->count("type"), 0u);
  EXPECT_EQ(unit->count("corps"), 0u);
  piece.prototypes = {"Marker: turn"};
  EXPECT_EQ(mapping.resolve(piece), std::nullopt);
}

}  // namespace
}  // namespace adjutant::core
