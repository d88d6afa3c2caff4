// The movement engine on a hand-built map: terrain and hexside costs per unit class, roads entered
// through their hexsides, roads that must connect, enemy hexes, the rigid zones of control of LMN,
// CWR and LFM, the one-hex minimum, stacks, and the reasons an explicit path is illegal. Each test
// names the rule section it checks.
#include "core/movement/movement_search.h"

#include <gtest/gtest.h>

#include <map>

#include "core/movement/zone_of_control.h"
#include "terrain_examples.h"

namespace adjutant::core {
namespace {

constexpr int kClear = 0, kRidge = 1, kWoods = 3;
constexpr int kRiver = 0, kStream = 1, kBridge = 2, kSlope = 3;
constexpr int kRoad = 1;

class MovementTest : public testing::CcrrMapTest {
 protected:
  Mover unit(int cls, int mp) const { return Mover{{cls}, mp * kMP, ""}; }
  std::map<std::string, Cost> reach(const MovementSearch& search, std::string_view from, const Mover& m,
                                    const Situation& s = {}) const {
    std::map<std::string, Cost> out;
    for (const Reach& r : search.reachable(hex(from), m, s)) out[map.topology().name(r.hex)] = r.left;
    return out;
  }
};

TEST_F(MovementTest, EachClassPaysItsOwnTerrainCost_LIN_8_1) {
  map.set_terrain(hex("0504"), kWoods);
  map.set_terrain(hex("0505"), kRidge);
  const MovementSearch search(map, rules);
  EXPECT_EQ(search.explain(hexes({"0503", "0504"}), unit(0, 4), {}).total, 2 * kMP);
  EXPECT_EQ(search.explain(hexes({"0503", "0504"}), unit(1, 4), {}).total, 3 * kMP);
  const PathCost ridge = search.explain(hexes({"0504", "0505"}), unit(1, 4), {});
  EXPECT_FALSE(ridge.legal);
  EXPECT_EQ(ridge.steps.back().problem, StepProblem::kProhibitedTerrain);
  EXPECT_EQ(ridge.reason, "step 1: artillery may not enter ridge");
  // A 1-MP unit in clear reaches exactly its six neighbours.
  const auto one = reach(search, "0808", unit(0, 1));
  EXPECT_EQ(one.size(), 7u);
  EXPECT_EQ(one.at("0808"), kMP);
}

TEST_F(MovementTest, HexsideCostsAddAndRiversProhibit_LIN_8_1) {
  map.add_hexside_feature(hex("0503"), hex("0504"), kStream);
  map.add_hexside_feature(hex("0504"), hex("0505"), kRiver);
  map.add_hexside_feature(hex("0505"), hex("0506"), kSlope, hex("0506"));
  const MovementSearch search(map, rules);
  EXPECT_EQ(search.explain(hexes({"0503", "0504"}), unit(0, 4), {}).total, 2 * kMP);  // clear 1 + stream 1
  const PathCost river = search.explain(hexes({"0504", "0505"}), unit(0, 4), {});
  EXPECT_EQ(river.steps.back().problem, StepProblem::kProhibitedHexside);
  // Slope: 1 to cross, +1 going up to its high side, nothing extra going down.
  EXPECT_EQ(search.explain(hexes({"0505", "0506"}), unit(0, 4), {}).total, 3 * kMP);
  EXPECT_EQ(search.explain(hexes({"0506", "0505"}), unit(0, 4), {}).total, 2 * kMP);
}

TEST_F(MovementTest, RoadRateOnlyThroughTheRoadsHexsidesAndRoadNegatesSlopeNotStream_LIN_8_2) {
  map.set_terrain(hex("0504"), kWoods);
  map.set_terrain(hex("0505"), kWoods);
  map.add_line({kRoad, "Pike", hexes({"0503", "0504", "0505", "0506"}), {}, 0});
  map.add_hexside_feature(hex("0504"), hex("0505"), kSlope, hex("0505"));
  map.add_hexside_feature(hex("0505"), hex("0506"), kStream);
  const MovementSearch search(map, rules);
  const PathCost along = search.explain(hexes({"0503", "0504", "0505", "0506"}), unit(0, 6), {});
  ASSERT_TRUE(along.legal) << along.reason;
  EXPECT_EQ(along.steps[0].line_type, kRoad);
  EXPECT_EQ(along.steps[0].total, kMP / 2);
  EXPECT_EQ(along.steps[1].total, kMP / 2);           // the slope cancelled by the road
  EXPECT_EQ(along.steps[2].total, kMP / 2 + kMP);     // the stream is not
  // Into a road hex from off the road: the terrain cost.
  const auto side = map.topology().neighbours(hex("0504"));
  const Hex off = *std::find_if(side.begin(), side.end(), [&](Hex h) { return h.col != hex("0504").col; });
  EXPECT_EQ(search.explain({off, hex("0504")}, unit(0, 6), {}).steps[0].line_type, -1);
  EXPECT_EQ(search.explain({off, hex("0504")}, unit(0, 6), {}).total, 2 * kMP);
}

TEST_F(MovementTest, RoadsThatDoNotConnectCannotBeFollowedThrough_LIN_8_2) {
  // Two roads cross in 0505 without a junction: one north-south, one through the side columns.
  const auto n = map.topology().neighbours(hex("0505"));
  std::vector<Hex> west_east;
  for (const Hex h : n) {
    if (h.col < hex("0505").col && west_east.empty()) west_east.push_back(h);
  }
  west_east.push_back(hex("0505"));
  for (const Hex h : n) {
    if (h.col > hex("0505").col) {
      west_east.push_back(h);
      break;
    }
  }
  map.add_line({kRoad, "North-South", hexes({"0504", "0505", "0506"}), {hex("0505")}, 0});
  map.add_line({kRoad, "West-East", west_east, {hex("0505")}, 0});
  rules.lines_must_connect = true;
  const MovementSearch search(map, rules);
  const PathCost turn = search.explain({hex("0504"), hex("0505"), west_east.back()}, unit(0, 6), {});
  ASSERT_TRUE(turn.legal);
  EXPECT_EQ(turn.steps[1].line_type, -1);  // left cross-country, at the terrain cost
  EXPECT_EQ(turn.total, kMP / 2 + kMP);
  const PathCost straight = search.explain(hexes({"0504", "0505", "0506"}), unit(0, 6), {});
  EXPECT_EQ(straight.total, kMP);  // along one road: 1/2 + 1/2
}

TEST_F(MovementTest, EnemyHexesAreProhibitedOrCostAndStop_LIN_8_3) {
  Situation s;
  s.enemy_hexes = hexes({"0505"});
  {
    const MovementSearch search(map, rules);
    EXPECT_EQ(search.explain(hexes({"0504", "0505"}), unit(0, 4), s).steps.back().problem, StepProblem::kEnemyHex);
    EXPECT_EQ(reach(search, "0504", unit(0, 4), s).count("0505"), 0u);
  }
  rules.enemy_hexes = EnemyHexes::kCostAndStop;
  rules.enemy_hex_cost = kMP;
  const MovementSearch search(map, rules);
  const PathCost in = search.explain(hexes({"0504", "0505"}), unit(0, 4), s);
  EXPECT_TRUE(in.legal);
  EXPECT_EQ(in.total, 2 * kMP);
  EXPECT_TRUE(in.steps[0].stop);
  const PathCost through = search.explain(hexes({"0504", "0505", "0506"}), unit(0, 4), s);
  EXPECT_FALSE(through.legal);
  EXPECT_EQ(through.steps.back().problem, StepProblem::kAfterStop);
}

TEST_F(MovementTest, RigidZonesCostToEnterAndLeaveAndForbidZoneToZone_LMN) {
  HexZoneRules lmn;
  lmn.enter_cost = {2 * kMP};
  lmn.leave_cost = kMP;
  lmn.zone_to_zone = false;
  lmn.blocked_by = feature_bit(kRiver);
  map.add_hexside_feature(hex("0808"), hex("0809"), kRiver);
  const HexZones zones(map, {{hex("0808"), std::nullopt}}, lmn);
  EXPECT_TRUE(zones.controlled(hex("0807")));
  EXPECT_FALSE(zones.controlled(hex("0809")));  // across the river
  Situation s;
  s.zones = &zones;
  const MovementSearch search(map, rules);
  EXPECT_EQ(search.explain(hexes({"0806", "0807"}), unit(0, 6), s).total, 3 * kMP);  // clear + 2
  EXPECT_EQ(search.explain(hexes({"0807", "0806"}), unit(0, 6), s).total, 2 * kMP);  // clear + 1 to leave
  const auto ring = map.topology().ring(hex("0808"), 1);
  const PathCost along = search.explain({ring[0], ring[1]}, unit(0, 6), s);
  EXPECT_EQ(along.steps.back().problem, StepProblem::kZone);
}

// LMN's zones as they stand in a position: kinds 0 combat unit, 1 fortification.
class LmnZonesTest : public MovementTest {
 protected:
  static constexpr KindSet kCombat = kind_bit(0), kFort = kind_bit(1);
  HexZoneRules lmn() const {
    HexZoneRules r;
    r.enter_cost = {2 * kMP};
    r.leave_cost = kMP;
    r.zone_to_zone = false;
    r.not_into = kCombat | kFort;
    r.none_stacked_with = kFort;
    return r;
  }
  ZoneUnit enemy(Hex h, KindSet kinds = kCombat, bool exerts = true) const { return {h, false, kinds, exerts, std::nullopt}; }
  ZoneUnit own(Hex h, KindSet kinds = kCombat) const { return {h, true, kinds, false, std::nullopt}; }
  // A neighbour of `of` two hexes from `away`.
  Hex beside(Hex of, Hex away) const {
    for (const Hex n : map.topology().ring(of, 1)) {
      if (map.topology().distance(n, away) == 2) return n;
    }
    ADD_FAILURE() << "no such neighbour";
    return of;
  }
};

TEST_F(LmnZonesTest, ZonesDoNotExtendIntoHexesOfTheMoversCombatUnits_LMN_8_1_B) {
  // A Confederate unit at S, Union VI Corps beside it at F; Union II Corps moves from M into F.
  const Hex s = hex("0808"), f = map.topology().ring(s, 1)[0], m = beside(f, s);
  rules.classes[0].stack_enter = kMP;
  rules.classes[0].stack_leave = kMP;
  rules.classes[0].stacks_with = class_bit(0);
  const MovementSearch search(map, rules);
  Situation situation;
  situation.friendly = {{f, 0, kCombat}};
  const HexZones zones = HexZones::from_units(map, {enemy(s), own(f)}, lmn());
  situation.zones = &zones;
  EXPECT_FALSE(zones.controlled(f));
  EXPECT_TRUE(zones.controlled(map.topology().ring(s, 1)[1]));
  const PathCost in = search.explain({m, f}, unit(0, 5), situation);
  ASSERT_TRUE(in.legal) << in.reason;
  EXPECT_EQ(in.total, 2 * kMP);  // clear 1 + stacking 1, no zone
  // A model without `not_into` (LIN 8.4's cavalry zones) still extends into the hex: 1 + 2 + 1.
  HexZoneRules lin = lmn();
  lin.not_into = 0;
  const HexZones into = HexZones::from_units(map, {enemy(s), own(f)}, lin);
  situation.zones = &into;
  EXPECT_TRUE(into.controlled(f));
  EXPECT_EQ(search.explain({m, f}, unit(0, 5), situation).total, 4 * kMP);
  // A unit of the mover's side of another kind (a leader) does not stop the zone.
  const HexZones leader = HexZones::from_units(map, {enemy(s), own(f, kind_bit(2))}, lmn());
  EXPECT_TRUE(leader.controlled(f));
}

TEST_F(LmnZonesTest, ZonesDoNotExtendIntoAFriendlyFortification_LMN_8_2_D) {
  const Hex s = hex("0808"), f = map.topology().ring(s, 1)[0];
  const HexZones zones = HexZones::from_units(map, {enemy(s), own(f, kFort)}, lmn());
  EXPECT_FALSE(zones.controlled(f));
  EXPECT_TRUE(zones.controlled(map.topology().ring(s, 1)[3]));
}

TEST_F(LmnZonesTest, NoZoneFromUnitsStackedWithAFortification_LMN_8_2_D_15_3_C) {
  // A Union corps in a fort at S; A.P. Hill steps from one of its neighbours to the next.
  const Hex s = hex("0808");
  const auto ring = map.topology().ring(s, 1);
  const MovementSearch search(map, rules);
  Situation situation;
  const HexZones fort = HexZones::from_units(map, {enemy(s), enemy(s, kFort, false)}, lmn());
  situation.zones = &fort;
  EXPECT_FALSE(fort.controlled(ring[0]));
  const PathCost along = search.explain({ring[0], ring[1]}, unit(0, 6), situation);
  ASSERT_TRUE(along.legal) << along.reason;
  EXPECT_EQ(along.total, kMP);
  // Without the fortification the step is zone to zone.
  const HexZones open = HexZones::from_units(map, {enemy(s)}, lmn());
  situation.zones = &open;
  EXPECT_EQ(search.explain({ring[0], ring[1]}, unit(0, 6), situation).steps.back().problem, StepProblem::kZone);
  // A fortification of the mover's side in another hex does not take the enemy's zone away; and a
  // unit that does not exert (face-up cavalry) has none.
  const HexZones elsewhere = HexZones::from_units(map, {enemy(s), own(hex("0303"), kFort)}, lmn());
  EXPECT_TRUE(elsewhere.controlled(ring[0]));
  EXPECT_FALSE(HexZones::from_units(map, {enemy(s, kCombat, false)}, lmn()).controlled(ring[0]));
}

TEST_F(MovementTest, NoStackingPenaltyWhereAFortificationOfNoClassStands_LMN_15_1_A) {
  rules.classes[0].stack_enter = kMP;
  rules.classes[0].stack_leave = kMP;
  rules.classes[0].stacks_with = class_bit(0);
  rules.classes[0].stacks_free_with_kinds = kind_bit(1);
  const MovementSearch search(map, rules);
  Situation s;
  s.friendly = {{hex("0504"), 0, kind_bit(0)}};
  EXPECT_EQ(search.explain(hexes({"0503", "0504", "0505"}), unit(0, 9), s).total, 4 * kMP);
  s.friendly.push_back({hex("0504"), -1, kind_bit(1)});  // a fortification: a kind, no movement class
  EXPECT_EQ(search.explain(hexes({"0503", "0504", "0505"}), unit(0, 9), s).total, 2 * kMP);
}

TEST_F(MovementTest, FrontalZonesStopMovement_CWR_ZOC) {
  HexZoneRules cwr;
  cwr.stop_on_enter = true;
  cwr.zone_to_zone = false;
  const int north = 0;
  const HexZones zones(map, {{hex("0808"), north}}, cwr);
  int zoned = 0;
  for (const Hex h : map.topology().neighbours(hex("0808"))) zoned += zones.controlled(h);
  EXPECT_EQ(zoned, 3);
  EXPECT_TRUE(zones.controlled(hex("0807")));   // straight ahead
  EXPECT_FALSE(zones.controlled(hex("0809")));  // behind
  Situation s;
  s.zones = &zones;
  const MovementSearch search(map, rules);
  const PathCost through = search.explain(hexes({"0806", "0807", "0806"}), unit(0, 6), s);
  EXPECT_FALSE(through.legal);
  EXPECT_EQ(through.steps.back().problem, StepProblem::kAfterStop);
  const auto reached = search.reachable(hex("0805"), unit(0, 6), s);
  for (const Reach& r : reached) EXPECT_EQ(r.must_stop, zones.controlled(r.hex)) << map.topology().name(r.hex);
}

TEST_F(MovementTest, ZonesIncludeTheOwnHexAndLeavingDisorganizes_LFM) {
  HexZoneRules lfm;
  lfm.stop_on_enter = true;
  lfm.own_hex = true;
  lfm.leave_effect = "disorganized";
  const HexZones zones(map, {{hex("0808"), std::nullopt}}, lfm);
  EXPECT_TRUE(zones.controlled(hex("0808")));
  Situation s;
  s.zones = &zones;
  const MovementSearch search(map, rules);
  const PathCost out = search.explain(hexes({"0807", "0806"}), unit(0, 6), s);
  EXPECT_EQ(out.steps[0].effect, "disorganized");
}

TEST_F(MovementTest, UnionCavalryZoneIsThreeFrontalHexesAtOneMoreMPAndNeverStops_LIN_8_4) {
  HexZoneRules union_cavalry;
  union_cavalry.enter_cost = {kMP};
  union_cavalry.blocked_terrain = {kRidge};
  union_cavalry.blocked_by = feature_bit(kRiver);
  union_cavalry.unblocked_by = feature_bit(kBridge);
  const int north = 0;
  const auto front = [&](int d) { return *map.topology().neighbour(hex("0808"), d); };
  map.set_terrain(front(5), kRidge);
  const HexZones zones(map, {{hex("0808"), north}}, union_cavalry);
  EXPECT_TRUE(zones.controlled(front(0)));
  EXPECT_TRUE(zones.controlled(front(1)));
  EXPECT_FALSE(zones.controlled(front(5)));  // never into a ridge hex
  EXPECT_FALSE(zones.controlled(front(3)));  // behind
  EXPECT_FALSE(zones.controlled(hex("0808")));
  EXPECT_EQ(zones.entry_cost(front(0)), kMP);
  EXPECT_FALSE(zones.controlled(*map.topology().neighbour(front(0), 0)));  // one ring only

  Situation s;
  s.zones = &zones;
  const MovementSearch search(map, rules);
  const Hex beyond = *map.topology().neighbour(front(0), 0);
  const PathCost through = search.explain({beyond, front(0), front(1)}, unit(0, 6), s);
  ASSERT_TRUE(through.legal) << through.reason;  // no stop, zone to zone allowed
  EXPECT_EQ(through.steps[0].total, 2 * kMP);    // clear 1 + zone 1
  EXPECT_FALSE(through.steps[0].stop);

  // Across a river only at a bridge.
  map.add_hexside_feature(hex("0808"), front(0), kRiver);
  map.add_hexside_feature(hex("0808"), front(1), kRiver);
  map.add_hexside_feature(hex("0808"), front(1), kBridge);
  const HexZones across(map, {{hex("0808"), north}}, union_cavalry);
  EXPECT_FALSE(across.controlled(front(0)));
  EXPECT_TRUE(across.controlled(front(1)));
}

TEST_F(MovementTest, ConfederateCavalryZoneReachesTwoHexesOutAndOverlapsDoNotAdd_LIN_8_4) {
  HexZoneRules confederate_cavalry;
  confederate_cavalry.enter_cost = {2 * kMP, kMP};
  const int north = 0;
  const Hex source = hex("0808");
  const HexZones zones(map, {{source, north}}, confederate_cavalry);
  std::vector<Hex> first, second;
  for (const Hex h : map.topology().within(source, 2)) {
    if (!zones.controlled(h)) continue;
    (map.topology().distance(source, h) == 1 ? first : second).push_back(h);
    EXPECT_EQ(zones.entry_cost(h), map.topology().distance(source, h) == 1 ? 2 * kMP : kMP);
  }
  EXPECT_EQ(first.size(), 3u);
  EXPECT_EQ(second.size(), 5u);  // the frontal 120 degrees of the second ring

  // Where a first-ring hex of one zone is the second ring of another, the greater cost applies.
  const Hex ahead = *map.topology().neighbour(source, north);
  const Hex two_ahead = *map.topology().neighbour(ahead, north);
  const HexZones both(map, {{source, north}, {*map.topology().neighbour(two_ahead, north), 3}}, confederate_cavalry);
  EXPECT_EQ(both.entry_cost(two_ahead), 2 * kMP);

  // A hex with the mover's combat units is covered but the zone goes no further.
  const HexZones stopped(map, {{source, north}}, confederate_cavalry, {}, {ahead});
  EXPECT_TRUE(stopped.controlled(ahead));
  EXPECT_FALSE(stopped.controlled(two_ahead));
}

TEST_F(MovementTest, NoEntryAfterRoadRateAndNoEntryForBarredUnits_LFM) {
  HexZoneRules lfm;
  lfm.stop_on_enter = true;
  lfm.own_hex = true;
  lfm.no_entry_after_line = true;
  map.add_line({kRoad, "Pike", hexes({"0804", "0805", "0806"}), {}, 0});
  const HexZones zones(map, {{hex("0808"), std::nullopt}}, lfm);
  Situation s;
  s.zones = &zones;
  const MovementSearch search(map, rules);
  const PathCost by_road = search.explain(hexes({"0804", "0805", "0806", "0807"}), unit(0, 6), s);
  // Legal only by leaving the road alone: three cross-country steps, 3 MP rather than 2.
  ASSERT_TRUE(by_road.legal) << by_road.reason;
  EXPECT_EQ(by_road.steps[0].line_type, -1);
  EXPECT_EQ(by_road.total, 3 * kMP);
  // Not along the road: 0805 -> 0806 cross-country costs the terrain, then the zone may be entered.
  const auto reached = reach(search, "0806", unit(0, 6), s);
  EXPECT_EQ(reached.count("0807"), 1u);
  const auto from_road = reach(search, "0804", unit(0, 2), s);
  EXPECT_EQ(from_road.count("0807"), 0u);  // 1/2 + 1/2 by road, then barred; 1 + 1 cross-country is all 2 MP

  Mover shattered = unit(0, 6);
  shattered.barred_from_zones = "shattered";
  const PathCost in = search.explain(hexes({"0806", "0807"}), shattered, s);
  EXPECT_EQ(in.reason, "step 1: may not enter an enemy zone of control (shattered)");
}

TEST_F(MovementTest, OneHexMinimumMove_CWR_3_0c) {
  map.set_terrain(hex("0504"), kWoods);
  {
    const MovementSearch search(map, rules);
    EXPECT_EQ(reach(search, "0503", unit(0, 1)).count("0504"), 0u);
    EXPECT_FALSE(search.explain(hexes({"0503", "0504"}), unit(0, 1), {}).legal);
  }
  rules.one_hex_minimum = true;
  const MovementSearch search(map, rules);
  const auto r = reach(search, "0503", unit(0, 1));
  ASSERT_EQ(r.count("0504"), 1u);
  EXPECT_EQ(r.at("0504"), 0);
  EXPECT_TRUE(search.explain(hexes({"0503", "0504"}), unit(0, 1), {}).legal);
  EXPECT_FALSE(search.explain(hexes({"0503", "0504", "0505"}), unit(0, 1), {}).legal);
}

TEST_F(MovementTest, AStackPaysWhatItsSlowestMemberPays_LIN_8_2_force) {
  map.set_terrain(hex("0504"), kWoods);
  const MovementSearch search(map, rules);
  const Mover stack{{0, 1}, 4 * kMP, ""};
  EXPECT_EQ(search.explain(hexes({"0503", "0504"}), stack, {}).total, 3 * kMP);  // artillery's woods cost
}

TEST_F(MovementTest, TheCheapestPathGoesAroundAndSaysWhetherItFits) {
  for (const char* h : {"0504", "0505", "0506"}) map.set_terrain(hex(h), kWoods);
  const MovementSearch search(map, rules);
  const auto path = search.cheapest_path(hex("0503"), hex("0507"), unit(0, 3), {});
  ASSERT_TRUE(path.has_value());
  EXPECT_EQ(path->total, 5 * kMP);  // around the woods through clear, not 2+2+2+1 straight through
  EXPECT_FALSE(path->legal);        // 5 MP with an allowance of 3
  EXPECT_EQ(path->reason, "costs 5 MP, over the allowance of 3");
  map.set_terrain(hex("0504"), kRidge);
  const MovementSearch no_art(map, rules);
  EXPECT_TRUE(no_art.cheapest_path(hex("0503"), hex("0504"), unit(1, 9), {}) == std::nullopt);
}

TEST_F(MovementTest, ExplainNamesTheProblem) {
  const MovementSearch search(map, rules);
  const PathCost jump = search.explain(hexes({"0503", "0505"}), unit(0, 9), {});
  EXPECT_EQ(jump.steps.back().problem, StepProblem::kNotAdjacent);
  EXPECT_EQ(jump.reason, "step 1: is not adjacent");
}

TEST_F(MovementTest, BadRulesAreNamed) {
  MovementRules missing = rules;
  missing.classes[0].terrain.pop_back();
  EXPECT_THROW(
      {
        try {
          MovementSearch(map, missing);
        } catch (const std::invalid_argument& e) {
          EXPECT_STREQ(e.what(), "unit class 'infantry' has no cost to enter terrain 'woods'");
          throw;
        }
      },
      std::invalid_argument);
  EXPECT_THROW(rules.class_id("cavalry"), std::invalid_argument);
  EXPECT_EQ(rules.class_id("artillery"), 1);
}

TEST_F(MovementTest, InfantryPaysToEnterAndLeaveHexesWithOtherInfantry_LMN_9_1_A) {
  rules.classes[0].stack_enter = kMP;
  rules.classes[0].stack_leave = kMP;
  rules.classes[0].stacks_with = class_bit(0);
  const MovementSearch search(map, rules);
  Situation s;
  s.friendly = {{hex("0504"), 0}, {hex("0503"), 0}};
  // From a hex with other infantry, through one, out again: leave 1, enter 1 + leave 1.
  const PathCost through = search.explain(hexes({"0503", "0504", "0505"}), unit(0, 9), s);
  ASSERT_TRUE(through.legal) << through.reason;
  EXPECT_EQ(through.steps[0].stacking, 2 * kMP);
  EXPECT_EQ(through.steps[1].stacking, kMP);
  EXPECT_EQ(through.total, 5 * kMP);
  // Artillery pays no stacking penalty here, and infantry none beside artillery.
  EXPECT_EQ(search.explain(hexes({"0503", "0504", "0505"}), unit(1, 9), s).total, 2 * kMP);
  Situation artillery;
  artillery.friendly = {{hex("0504"), 1}};
  EXPECT_EQ(search.explain(hexes({"0503", "0504", "0505"}), unit(0, 9), artillery).total, 2 * kMP);
  // The cheapest path goes round the occupied hex; the reachable set counts the penalty.
  const auto path = search.cheapest_path(hex("0503"), hex("0505"), unit(0, 9), s);
  ASSERT_TRUE(path);
  EXPECT_EQ(path->total, 4 * kMP);  // leave 0503 (1) and three clear hexes round 0504 (not 5 through it)
  EXPECT_EQ(path->steps.size(), 3u);
  EXPECT_EQ(reach(search, "0503", unit(0, 2), s).count("0504"), 0u);  // 1 leave + 1 clear + 1 enter > 2
}

TEST_F(MovementTest, NoStackingPenaltyWhereAFortificationStands_LMN_9_1_C) {
  ClassCosts fortification = rules.classes[1];
  fortification.name = "fortification";
  rules.classes.push_back(fortification);
  rules.classes[0].stack_enter = kMP;
  rules.classes[0].stack_leave = kMP;
  rules.classes[0].stacks_with = class_bit(0);
  rules.classes[0].stacks_free_with = class_bit(2);
  const MovementSearch search(map, rules);
  Situation s;
  s.friendly = {{hex("0504"), 0}, {hex("0504"), 2}};
  EXPECT_EQ(search.explain(hexes({"0503", "0504", "0505"}), unit(0, 9), s).total, 2 * kMP);
}

TEST_F(MovementTest, AStackPaysItsDearestMembersStackingPenalty_CWR_stacking) {
  // CWR: +2 to enter and +2 to leave a hex with a friendly combat unit; leaders are exempt.
  for (ClassCosts& k : rules.classes) {
    k.stack_enter = 2 * kMP;
    k.stack_leave = 2 * kMP;
    k.stacks_with = class_bit(0) | class_bit(1);
  }
  rules.classes[1].stack_enter = 0;  // as if the second class were exempt from entering
  const MovementSearch search(map, rules);
  Situation s;
  s.friendly = {{hex("0504"), 1}};
  const Mover stack{{0, 1}, 9 * kMP, ""};
  const PathCost into = search.explain(hexes({"0503", "0504"}), stack, s);
  EXPECT_EQ(into.steps[0].stacking, 2 * kMP);
  EXPECT_EQ(into.total, 3 * kMP);
  EXPECT_EQ(search.explain(hexes({"0503", "0504"}), unit(1, 9), s).total, kMP);
}

TEST(MovementCost, ParsesAndWritesFractions) {
  EXPECT_EQ(parse_cost("2"), 2 * kMP);
  EXPECT_EQ(parse_cost("1/2"), kMP / 2);
  EXPECT_EQ(parse_cost("1 1/3"), kMP + kMP / 3);
  EXPECT_EQ(parse_cost("prohibited"), kProhibited);
  EXPECT_THROW(parse_cost("1/7"), std::invalid_argument);
  EXPECT_THROW(parse_cost("two"), std::invalid_argument);
  EXPECT_EQ(cost_text(kMP + kMP / 2), "1 1/2");
  EXPECT_EQ(cost_text(kMP / 3), "1/3");
  EXPECT_EQ(cost_text(3 * kMP), "3");
}

}  // namespace
}  // namespace adjutant::core
