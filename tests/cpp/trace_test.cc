// Constrained tracing on a hand-built map: LIN lines of communication (7.2), combat supply (10.2)
// and the attrition exemption (11), LMN supply states (16), CWR command radius (9.3) and artillery
// ammunition (8.4b), LFM command (20.11). Each test names the clause it checks.
#include "core/trace.h"

#include <gtest/gtest.h>

#include "core/movement_search.h"
#include "core/zone_of_control.h"
#include "terrain_examples.h"

namespace adjutant::core {
namespace {

constexpr int kClear = 0, kRidge = 1, kWoods = 3;
constexpr int kRiver = 0, kBridge = 2, kSlope = 3;
constexpr int kPike = 0, kRoad = 1, kRailroad = 2;
constexpr int kDepot = 1;

class TraceTest : public testing::CcrrMapTest {
 protected:
  std::vector<Hex> column(int col, int from_row, int to_row) const {
    std::vector<Hex> out;
    for (int r = from_row; r <= to_row; ++r) {
      char name[5];
      std::snprintf(name, sizeof name, "%02d%02d", col, r);
      out.push_back(hex(name));
    }
    return out;
  }
  std::vector<std::string> names(const Trace& t) const {
    std::vector<std::string> out;
    for (const TraceHex& h : t.path) out.push_back(map.topology().name(h.hex));
    return out;
  }
  // A hexside feature on every hexside between rows 01..`row` and the rows below.
  void wall(int row, int feature) {
    for (const Hex a : map.hexes()) {
      if (std::stoi(map.topology().name(a).substr(2)) > row) continue;
      for (const Hex b : map.topology().neighbours(a)) {
        if (map.on_map(b) && std::stoi(map.topology().name(b).substr(2)) > row) map.add_hexside_feature(a, b, feature);
      }
    }
  }
  // Everything but one column is ridge (prohibited to artillery): a corridor.
  void corridor(int col) {
    for (const Hex h : map.hexes()) {
      if (map.topology().name(h).substr(0, 2) != (col < 10 ? "0" : "") + std::to_string(col)) map.set_terrain(h, kRidge);
    }
  }
  // Enemy units exerting six-hex zones (own hex included) down a column, leaving one row free.
  HexZones zone_wall(int col, int gap_row, Cost enter = 0) const {
    std::vector<ZocSource> sources;
    for (const Hex h : map.hexes()) {
      const std::string name = map.topology().name(h);
      if (std::stoi(name.substr(0, 2)) == col && std::stoi(name.substr(2)) != gap_row) sources.push_back({h, std::nullopt});
    }
    HexZoneRules r;
    r.own_hex = true;
    r.enter_cost = {enter};
    return HexZones(map, sources, r);
  }

  static LinLoc loc_terms(LineSet lines) {
    LinLoc loc;
    loc.lines = lines;
    loc.major_river = feature_bit(kRiver);
    loc.bridge = feature_bit(kBridge);
    return loc;
  }
};

// ---- LIN 7.2 line of communications ----

TEST_F(TraceTest, AtMostFourNonRoadHexesThenAlongTheRoadToADepot_LIN_7_2_1) {
  map.add_line({kRoad, "", column(7, 1, 10), {}, 0});
  map.add_place({"Depot", kDepot, {hex("0710")}, {}, 0});
  const Tracer tracer(map);
  const LinLoc loc = loc_terms(line_bit(kRoad) | line_bit(kRailroad));
  const auto depots = place_hexes(map, kDepot);
  const Trace t = tracer.trace(hex("0203"), lin_line_of_communication(loc, {}, depots));
  ASSERT_TRUE(t.found) << t.reason;
  EXPECT_EQ(t.used, 4);  // 0303, 0403, 0503, 0603
  EXPECT_EQ(names(t).back(), "0710");
  EXPECT_FALSE(t.path[4].on_line);
  EXPECT_EQ(map.topology().name(t.path[5].hex).substr(0, 2), "07");  // the first road hex, entered cross-country
  EXPECT_TRUE(t.path[5].on_line);
  EXPECT_EQ(t.path[5].line, -1);
  for (size_t i = 6; i < t.path.size(); ++i) {
    EXPECT_TRUE(t.path[i].on_line);
    EXPECT_EQ(t.path[i].line, kRoad);
  }
  // Five non-road hexes are too many.
  const Trace far = tracer.trace(hex("0103"), lin_line_of_communication(loc, {}, depots));
  EXPECT_FALSE(far.found);
  EXPECT_EQ(far.reason, "no trace to a target within 4 hexes off the lines (road, railroad)");
  // Rules catalogue 1F.6, counting the start hex: then 0203 has five too.
  LinLoc counting = loc;
  counting.count_start = true;
  EXPECT_FALSE(tracer.trace(hex("0203"), lin_line_of_communication(counting, {}, depots)).found);
  EXPECT_TRUE(tracer.trace(hex("0303"), lin_line_of_communication(counting, {}, depots)).found);
}

TEST_F(TraceTest, RoadAndRailInAnyCombinationButOnlyAlongTheirHexsides_LIN_7_2_1) {
  map.add_line({kRoad, "", column(7, 1, 5), {}, 0});
  map.add_line({kRailroad, "", column(7, 5, 10), {}, 0});
  map.add_line({kRoad, "Spur", column(9, 1, 10), {}, 0});  // road hexes next to nothing that joins them
  const Tracer tracer(map);
  const LinLoc loc = loc_terms(line_bit(kRoad) | line_bit(kRailroad));
  const Trace t = tracer.trace(hex("0701"), lin_line_of_communication(loc, {}, {hex("0710")}));
  ASSERT_TRUE(t.found);
  EXPECT_EQ(t.used, 0);
  EXPECT_EQ(t.path.back().line, kRailroad);
  // A pike is not one of the lines given.
  map.add_line({kPike, "", column(11, 1, 10), {}, 0});
  const Tracer again(map);
  EXPECT_FALSE(again.trace(hex("1101"), lin_line_of_communication(loc, {}, {hex("1110")})).found);
}

TEST_F(TraceTest, NotThroughEnemyUnitsAndZonesHaveNoEffect_LIN_7_2_restrictions) {
  map.add_line({kRoad, "", column(7, 1, 10), {}, 0});
  const Tracer tracer(map);
  const LinLoc loc = loc_terms(line_bit(kRoad));
  const HexZones zones = zone_wall(3, 0);  // zones everywhere near column 03
  TracePosition position;
  position.zones = &zones;
  EXPECT_TRUE(tracer.trace(hex("0701"), lin_line_of_communication(loc, position, {hex("0710")})).found);
  position.enemy = {hex("0706")};
  // Around the enemy: the off-road part comes first (road hexes it crosses count), then the road
  // from 0707: 0703 has four hexes to go round, 0702 five.
  const Trace t = tracer.trace(hex("0703"), lin_line_of_communication(loc, position, {hex("0710")}));
  ASSERT_TRUE(t.found) << t.reason;
  EXPECT_EQ(t.used, 4);
  for (const TraceHex& h : t.path) EXPECT_NE(map.topology().name(h.hex), "0706");
  EXPECT_FALSE(tracer.trace(hex("0702"), lin_line_of_communication(loc, position, {hex("0710")})).found);
  position.enemy = hexes({"0706", "0606", "0806", "0607", "0807"});
  const Trace cut = tracer.trace(hex("0703"), lin_line_of_communication(loc, position, {hex("0710")}));
  EXPECT_FALSE(cut.found);
  EXPECT_NE(cut.reason.find("enemy units"), std::string::npos);
  // The leader's own hex never blocks.
  position.enemy = {hex("0701")};
  EXPECT_TRUE(tracer.trace(hex("0701"), lin_line_of_communication(loc, position, {hex("0710")})).found);
}

TEST_F(TraceTest, NoPartAcrossAnUnbridgedMajorRiver_LIN_7_2_restrictions) {
  map.add_line({kRoad, "", column(7, 1, 10), {}, 0});
  wall(5, kRiver);
  const LinLoc loc = loc_terms(line_bit(kRoad));
  {
    const Tracer tracer(map);
    const Trace t = tracer.trace(hex("0703"), lin_line_of_communication(loc, {}, {hex("0710")}));
    EXPECT_FALSE(t.found);
    EXPECT_EQ(t.reason, "no trace to a target within 4 hexes off the lines (road); in the way: hexsides that may not be crossed");
    // Off the road too: a leader two hexes from the depot across the river.
    EXPECT_FALSE(tracer.trace(hex("0705"), lin_line_of_communication(loc, {}, {hex("0706")})).found);
  }
  map.add_hexside_feature(hex("0705"), hex("0706"), kBridge);
  const Tracer tracer(map);
  EXPECT_TRUE(tracer.trace(hex("0703"), lin_line_of_communication(loc, {}, {hex("0710")})).found);
  // Off the road, the bridge is the only crossing as well: 0505 reaches 0706 by it.
  const Trace off = tracer.trace(hex("0505"), lin_line_of_communication(loc, {}, {hex("0710")}));
  ASSERT_TRUE(off.found);
  const auto n = names(off);
  EXPECT_NE(std::find(n.begin(), n.end(), "0705"), n.end());
}

TEST_F(TraceTest, RoadPartNotAcrossADestroyedBridgeNorADestroyedRailHex_LIN_7_2_restrictions) {
  map.add_line({kRailroad, "", column(7, 1, 10), {}, 0});
  wall(5, kRiver);
  map.add_hexside_feature(hex("0705"), hex("0706"), kBridge);
  const Tracer tracer(map);
  LinLoc loc = loc_terms(line_bit(kRoad) | line_bit(kRailroad));
  ASSERT_TRUE(tracer.trace(hex("0701"), lin_line_of_communication(loc, {}, {hex("0710")})).found);
  loc.destroyed_bridges = {{hex("0706"), hex("0705")}};
  EXPECT_FALSE(tracer.trace(hex("0701"), lin_line_of_communication(loc, {}, {hex("0710")})).found);
  loc.destroyed_bridges.clear();
  loc.destroyed_rail = {{hex("0708"), line_bit(kRailroad)}};
  const Trace t = tracer.trace(hex("0705"), lin_line_of_communication(loc, {}, {hex("0710")}));
  ASSERT_TRUE(t.found);  // off the rail round 0708 first: 0606, 0607, 0608, then 0709
  EXPECT_EQ(t.used, 3);
  loc.off_road = 0;
  const Trace none = tracer.trace(hex("0701"), lin_line_of_communication(loc, {}, {hex("0710")}));
  EXPECT_FALSE(none.found);
  EXPECT_NE(none.reason.find("destroyed bridges or lines"), std::string::npos);
}

TEST_F(TraceTest, CorpsLeaderTracesToLeeWhoMustTraceHimself_LIN_7_2_2) {
  map.add_line({kRoad, "", column(7, 1, 10), {}, 0});
  map.add_place({"Depot", kDepot, {hex("0710")}, {}, 0});
  const Tracer tracer(map);
  const LinLoc loc = loc_terms(line_bit(kRoad));
  const Hex lee = hex("0702"), longstreet = hex("1002");
  const Trace to_lee = tracer.trace(longstreet, lin_line_of_communication(loc, {}, {lee}));
  ASSERT_TRUE(to_lee.found);
  EXPECT_EQ(to_lee.used, 2);  // 0902, 0802, then the road at Lee's hex
  EXPECT_TRUE(tracer.trace(lee, lin_line_of_communication(loc, {}, place_hexes(map, kDepot))).found);
  // Lee cut off from the depot: the corps leader has no LOC though he reaches Lee.
  const TracePosition cut{hexes({"0705", "0605", "0805", "0606", "0806", "0604", "0804"}), nullptr, {}};
  EXPECT_TRUE(tracer.trace(longstreet, lin_line_of_communication(loc, cut, {lee})).found);
  EXPECT_FALSE(tracer.trace(lee, lin_line_of_communication(loc, cut, place_hexes(map, kDepot))).found);
}

TEST_F(TraceTest, PlaceHexesChoosesFriendlyDepots_LIN_7_2) {
  map.add_place({"Union depot", kDepot, {hex("0110")}, {{"side", std::string("Union")}}, 0});
  map.add_place({"Confederate depot", kDepot, {hex("1310")}, {{"side", std::string("Confederate")}}, 0});
  const auto union_depots = place_hexes(map, kDepot, [](const Place& p) {
    return to_string(p.properties.at("side")) == "Union";
  });
  EXPECT_EQ(union_depots, hexes({"0110"}));
  EXPECT_EQ(place_hexes(map, kDepot).size(), 2u);
}

// ---- LIN 10.2 combat supply, 11 attrition ----

TEST_F(TraceTest, WagonWithinTwoMPOrDepotWithinFour_LIN_10_2) {
  const Tracer tracer(map, &rules);
  Trace t = lin_combat_supply(tracer, hex("0505"), 0, hexes({"0507"}), hexes({"0510"}), {});
  ASSERT_TRUE(t.found);
  EXPECT_EQ(t.used, 2 * kMP);
  EXPECT_EQ(names(t).back(), "0507");
  t = lin_combat_supply(tracer, hex("0505"), 0, hexes({"0508"}), hexes({"0509"}), {});
  ASSERT_TRUE(t.found);
  EXPECT_EQ(names(t).back(), "0509");
  EXPECT_EQ(t.used, 4 * kMP);
  t = lin_combat_supply(tracer, hex("0505"), 0, hexes({"0508"}), hexes({"0510"}), {});
  EXPECT_FALSE(t.found);
  EXPECT_EQ(t.reason,
            "no undepleted wagon within 2 MP (no trace to a target within 2 MP), no depot within 4 MP (no trace to a "
            "target within 4 MP)");
}

TEST_F(TraceTest, TheUnitsOwnTerrainCostsAndRoads_LIN_10_2) {
  map.set_terrain(hex("0506"), kWoods);
  map.set_terrain(hex("0507"), kWoods);
  const Tracer tracer(map, &rules);
  // Infantry: woods 2 each; the depot at 0508 is 4 MP away round the woods, 5 through them.
  const Trace round = lin_combat_supply(tracer, hex("0505"), 0, {}, hexes({"0508"}), {});
  ASSERT_TRUE(round.found);
  EXPECT_EQ(names(round), (std::vector<std::string>{"0505", "0606", "0607", "0608", "0508"}));
  // Artillery pays 3 for woods; 0507 as a wagon: 1 + ... no way within 2 MP but around: 0605, 0606, 0507 = 5.
  EXPECT_FALSE(lin_combat_supply(tracer, hex("0505"), 1, hexes({"0507"}), {}, {}).found);
  map.add_line({kRoad, "", column(5, 5, 10), {}, 0});
  const Tracer roads(map, &rules);
  const Trace t = lin_combat_supply(roads, hex("0505"), 1, hexes({"0509"}), {}, {});
  ASSERT_TRUE(t.found);  // four road hexes at 1/2
  EXPECT_EQ(t.used, 2 * kMP);
  EXPECT_EQ(t.path[1].line, kRoad);
}

TEST_F(TraceTest, NotThroughEnemyCombatUnitsExceptTheBattleHex_LIN_10_2) {
  const Tracer tracer(map, &rules);
  TracePosition position{hexes({"0505", "0507"}), nullptr, {}};  // the battle hex, and one behind it
  const Trace t = lin_combat_supply(tracer, hex("0505"), 0, hexes({"0508"}), hexes({"0509"}), position);
  EXPECT_FALSE(t.found);  // 0509 is 5 MP round 0507
  EXPECT_NE(t.reason.find("enemy units"), std::string::npos);
  position.enemy = hexes({"0505"});
  EXPECT_TRUE(lin_combat_supply(tracer, hex("0505"), 0, {}, hexes({"0509"}), position).found);
}

TEST_F(TraceTest, ZoneCostsArePaid_LIN_10_2) {
  const Tracer tracer(map, &rules);
  HexZoneRules lin;
  lin.enter_cost = {kMP};
  const HexZones zones(map, {{hex("0508"), std::nullopt}}, lin);
  TracePosition position{{}, &zones, {}};
  EXPECT_TRUE(lin_combat_supply(tracer, hex("0505"), 0, hexes({"0507"}), {}, {}).found);
  EXPECT_FALSE(lin_combat_supply(tracer, hex("0505"), 0, hexes({"0507"}), {}, position).found);  // 1 + (1 + 1)
  // The same request with a larger limit shows the cost.
  TraceRequest r = lin_attrition_exemption(0, hexes({"0507"}), position, true);
  EXPECT_EQ(tracer.trace(hex("0505"), r).used, 3 * kMP);
}

TEST_F(TraceTest, DepotWithinFourMPNotThroughEnemyUnits_LIN_11) {
  const Tracer tracer(map, &rules);
  const HexZones zones = zone_wall(3, 0, kMP);
  TracePosition position{{}, &zones, {}};
  const Trace t = tracer.trace(hex("0405"), lin_attrition_exemption(0, hexes({"0409"}), position));
  ASSERT_TRUE(t.found);  // zones ignored
  EXPECT_EQ(t.used, 4 * kMP);
  EXPECT_FALSE(tracer.trace(hex("0405"), lin_attrition_exemption(0, hexes({"0409"}), position, true)).found);
  position.enemy = hexes({"0407"});
  EXPECT_FALSE(tracer.trace(hex("0405"), lin_attrition_exemption(0, hexes({"0409"}), position)).found);
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

// ---- LMN 16 supply ----

TEST_F(TraceTest, SixHexesSuppliedTwelveUnsuppliedBeyondIsolated_LMN_16_3) {
  const Tracer tracer(map);
  const LmnSupply terms{hexes({"0110"}), std::nullopt, 0};
  EXPECT_EQ(lmn_supply(tracer, hex("0104"), terms, {}).state, SupplyState::kSupplied);    // 6
  EXPECT_EQ(lmn_supply(tracer, hex("0103"), terms, {}).state, SupplyState::kUnsupplied);  // 7
  const LmnSupply far{hexes({"1310"}), std::nullopt, 0};
  ASSERT_GT(map.topology().distance(hex("0101"), hex("1310")), 12);
  const LmnSupplyResult r = lmn_supply(tracer, hex("0101"), far, {});
  EXPECT_EQ(r.state, SupplyState::kIsolated);
  EXPECT_EQ(to_string(r.state), "isolated");
}

TEST_F(TraceTest, WithinSixHexesOfARailLineLeadingToASource_LMN_16_1_B) {
  map.add_line({kRailroad, "", column(13, 1, 10), {}, 0});
  const Tracer tracer(map);
  const LmnSupply terms{hexes({"1310"}), std::nullopt, line_bit(kRailroad)};
  const LmnSupplyResult r = lmn_supply(tracer, hex("0705"), terms, {});
  EXPECT_EQ(r.state, SupplyState::kSupplied);
  EXPECT_EQ(r.trace.used, 6);
  EXPECT_TRUE(r.trace.path.back().on_line);
  EXPECT_EQ(lmn_supply(tracer, hex("0605"), terms, {}).state, SupplyState::kUnsupplied);
}

TEST_F(TraceTest, EnemyUnitsAndZonesBlockEveryPart_LMN_16_2) {
  map.add_line({kRailroad, "", column(13, 1, 10), {}, 0});
  const Tracer tracer(map);
  const LmnSupply terms{hexes({"1310"}), std::nullopt, line_bit(kRailroad)};
  HexZoneRules lmn;
  lmn.enter_cost = {2 * kMP};
  lmn.zone_to_zone = false;
  const HexZones zones(map, {{hex("1206"), std::nullopt}}, lmn);
  const LmnSupplyResult r = lmn_supply(tracer, hex("0703"), terms, {{}, &zones, {}});
  EXPECT_NE(r.state, SupplyState::kSupplied);  // the rail beyond 1305 is in the enemy zone
  for (const TraceHex& h : r.trace.path) EXPECT_FALSE(zones.controlled(h.hex));
  EXPECT_EQ(lmn_supply(tracer, hex("0703"), terms, {}).state, SupplyState::kSupplied);
  // A friendly unit's hex is not in the zone (LMN: zones do not extend into it).
  EXPECT_EQ(lmn_supply(tracer, hex("0703"), terms, {{}, &zones, column(13, 5, 7)}).state, SupplyState::kSupplied);
  // Enemy units on the line block it too.
  EXPECT_NE(lmn_supply(tracer, hex("0703"), terms, {hexes({"1308"}), nullptr, {}}).state, SupplyState::kSupplied);
}

TEST_F(TraceTest, DepotTracesTenHexesAndFeedsNoRailLine_LMN_16_4_G) {
  map.add_line({kRailroad, "", column(13, 1, 10), {}, 0});
  const Tracer tracer(map);
  // The depot at 1310 traces 4 hexes to the source at 0910.
  LmnSupply terms{hexes({"0910"}), hex("1310"), line_bit(kRailroad)};
  LmnSupplyResult r = lmn_supply(tracer, hex("1307"), terms, {});
  EXPECT_TRUE(r.depot_source);
  EXPECT_EQ(r.state, SupplyState::kSupplied);  // 3 hexes from the depot
  // 0702 is 6 hexes from the rail, but the depot feeds no rail line.
  r = lmn_supply(tracer, hex("0702"), terms, {});
  EXPECT_EQ(r.state, SupplyState::kUnsupplied);
  terms.sources.push_back(hex("1310"));  // an ordinary source there would
  EXPECT_EQ(lmn_supply(tracer, hex("0702"), terms, {}).state, SupplyState::kSupplied);
  // More than ten hexes from another source, the depot is none.
  const LmnSupply lonely{hexes({"0101"}), hex("1310"), 0};
  r = lmn_supply(tracer, hex("1307"), lonely, {});
  EXPECT_FALSE(r.depot_source);
  EXPECT_EQ(names(r.trace).back(), "0101");
}

// ---- CWR 9.3 command radius, 8.4b artillery ammunition ----

TEST_F(TraceTest, CommandRadiusInLeaderMPBlockedByImpassableTerrain_CWR_9_3) {
  corridor(5);
  const Tracer tracer(map, &rules);
  const int leader = 1;  // ridge is impassable to this class
  EXPECT_TRUE(tracer.trace(hex("0502"), cwr_command_radius(leader, 6 * kMP, hexes({"0508"}), {})).found);
  EXPECT_FALSE(tracer.trace(hex("0502"), cwr_command_radius(leader, 5 * kMP, hexes({"0508"}), {})).found);
  const Trace t = tracer.trace(hex("0502"), cwr_command_radius(leader, 12 * kMP, hexes({"0702"}), {}));
  EXPECT_FALSE(t.found);
  EXPECT_NE(t.reason.find("prohibited terrain"), std::string::npos);
}

TEST_F(TraceTest, EnemyUnitsAndZonesBlockUnlessAFriendlyCombatUnitIsThere_CWR_9_3) {
  corridor(5);
  const Tracer tracer(map, &rules);
  const int leader = 1;
  HexZoneRules cwr;
  cwr.stop_on_enter = true;
  const HexZones zones(map, {{hex("0405"), std::nullopt}}, cwr);  // covers 0504 and 0505
  ASSERT_TRUE(zones.controlled(hex("0505")));
  TracePosition position{{}, &zones, {}};
  EXPECT_FALSE(tracer.trace(hex("0502"), cwr_command_radius(leader, 12 * kMP, hexes({"0508"}), position)).found);
  // Into the zone, to a regiment there: yes.
  EXPECT_TRUE(tracer.trace(hex("0502"), cwr_command_radius(leader, 12 * kMP, hexes({"0504"}), position)).found);
  EXPECT_FALSE(tracer.trace(hex("0502"), cwr_command_radius(leader, 12 * kMP, hexes({"0505"}), position)).found);
  position.friendly = hexes({"0504", "0505"});
  EXPECT_TRUE(tracer.trace(hex("0502"), cwr_command_radius(leader, 12 * kMP, hexes({"0508"}), position)).found);
  position.enemy = hexes({"0506"});
  EXPECT_FALSE(tracer.trace(hex("0502"), cwr_command_radius(leader, 12 * kMP, hexes({"0508"}), position)).found);
}

TEST_F(TraceTest, BrigadeRadiusEntersButDoesNotPassAnotherCommand_CWR_9_3) {
  corridor(5);
  const Tracer tracer(map, &rules);
  const auto other = hexes({"0505"});
  EXPECT_TRUE(tracer.trace(hex("0502"), cwr_command_radius(1, 6 * kMP, hexes({"0505"}), {}, other)).found);
  EXPECT_FALSE(tracer.trace(hex("0502"), cwr_command_radius(1, 6 * kMP, hexes({"0507"}), {}, other)).found);
}

TEST_F(TraceTest, AmmunitionTenNonRoadHexesThenRoadsOnly_CWR_8_4_b) {
  map.add_line({kRoad, "", column(12, 1, 10), {}, 0});
  const Tracer tracer(map);
  const Trace t = tracer.trace(hex("0105"), cwr_artillery_ammunition(line_bit(kRoad), hexes({"1210"}), {}));
  ASSERT_TRUE(t.found);
  EXPECT_EQ(t.used, 10);
  EXPECT_TRUE(t.path.back().on_line);
  // Eleven, with the road a column further.
  TerrainModel wider("Main Map", "", testing::ccrr_topology(), testing::ccrr_vocabulary(), kClear);
  wider.add_line({kRoad, "", column(13, 1, 10), {}, 0});
  EXPECT_FALSE(Tracer(wider).trace(hex("0105"), cwr_artillery_ammunition(line_bit(kRoad), hexes({"1310"}), {})).found);
}

TEST_F(TraceTest, AmmunitionNotThroughEnemyUnitsNorZonesWithoutAFriendlyCombatUnit_CWR_8_4_b) {
  map.add_line({kRoad, "", column(12, 1, 10), {}, 0});
  const Tracer tracer(map);
  const HexZones zones = zone_wall(7, 5);  // zones over columns 06-08, the row 05 free of enemy units
  TracePosition position{{}, &zones, {}};
  EXPECT_FALSE(tracer.trace(hex("0105"), cwr_artillery_ammunition(line_bit(kRoad), hexes({"1210"}), position)).found);
  position.friendly = hexes({"0605", "0705", "0805"});
  EXPECT_TRUE(tracer.trace(hex("0105"), cwr_artillery_ammunition(line_bit(kRoad), hexes({"1210"}), position)).found);
  position.enemy = hexes({"0904", "0905"});
  EXPECT_FALSE(tracer.trace(hex("0105"), cwr_artillery_ammunition(line_bit(kRoad), hexes({"1210"}), position)).found);
}

// ---- LFM 20.11 command ----

TEST_F(TraceTest, CommandThroughZonesOfInfluenceNotThroughZonesOfControl_LFM_20_11) {
  const Tracer tracer(map);
  const HexZones zones = zone_wall(7, 5);
  TracePosition position{{}, &zones, {}};
  // Zones of influence reach 3 hexes from the enemy: 0405 and 0505 are in them, and do not matter.
  const Trace free = tracer.trace(hex("0405"), lfm_command(8, hexes({"0505"}), position));
  EXPECT_TRUE(free.found);
  EXPECT_FALSE(tracer.trace(hex("0405"), lfm_command(8, hexes({"1005"}), position)).found);
  // Into a zone: yes.
  EXPECT_TRUE(tracer.trace(hex("0405"), lfm_command(8, hexes({"0605"}), position)).found);
  // Through zoned hexes holding friendly units.
  position.friendly = hexes({"0605", "0705", "0805"});
  const Trace t = tracer.trace(hex("0405"), lfm_command(8, hexes({"1005"}), position));
  ASSERT_TRUE(t.found);
  EXPECT_EQ(t.used, 6);
  EXPECT_FALSE(tracer.trace(hex("0405"), lfm_command(5, hexes({"1005"}), position)).found);
}

TEST_F(TraceTest, RejectsAStartOffTheMapAndMPWithoutRules) {
  const Tracer tracer(map);
  TraceRequest r;
  EXPECT_THROW(tracer.trace(Hex{100, 100}, r), std::invalid_argument);
  r.measure = Measure::kMP;
  EXPECT_THROW(tracer.trace(hex("0505"), r), std::invalid_argument);
  // The start itself as a target.
  r.measure = Measure::kHexes;
  r.targets = hexes({"0505"});
  const Trace t = tracer.trace(hex("0505"), r);
  ASSERT_TRUE(t.found);
  EXPECT_EQ(t.path.size(), 1u);
}

}  // namespace
}  // namespace adjutant::core
