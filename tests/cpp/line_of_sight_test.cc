// Line of sight on a hand-built map: every clause of CWR 4.0-4.4 (its cases, the LOS Procedure's
// steps, orchards, canopy, hexsides, units, visibility) and of LFM 27 (obstructions 1-8, partial
// sight over every shortest path), VASSAL's thread, and LFM 6's zone of influence. Each test names
// the clause it checks; symmetric cases are asked both ways.
#include "core/sight/line_of_sight.h"

#include <gtest/gtest.h>

#include "core/sight/sight_line.h"
#include "terrain_examples.h"

namespace adjutant::core {
namespace {

constexpr int kClear = 0, kWoods = 1, kOrchard = 2, kTown = 3;
constexpr int kWall = 0;

std::shared_ptr<TerrainVocabulary> vocabulary() {
  auto v = std::make_shared<TerrainVocabulary>();
  v->terrain = Vocabulary({"clear", "woods", "orchard", "town"});
  v->hexside = Vocabulary({"wall", "stream"});
  return v;
}

class SightTest : public ::testing::Test {
 protected:
  SightTest() : map("Main Map", "", testing::ccrr_topology(), vocabulary(), kClear) {
    cwr.terrain_height = {0, 1, 1, 1};
    cwr.orchard = {kOrchard};
    cwr.canopy = {kWoods, kOrchard, kTown};
    lfm.model = SightModel::kLfm;
    lfm.terrain_height = {0, 1, 0, 1};
    lfm.partial_target = {kWoods, kTown};
  }
  Hex hex(std::string_view name) const { return *map.topology().hex_named(name); }
  void level(std::string_view name, int e) { map.set_elevation(hex(name), e); }
  void terrain(std::string_view name, int t) { map.set_terrain(hex(name), t); }
  SightResult see(const SightRules& rules, std::string_view a, std::string_view b, const SightSituation& s = {}) const {
    return LineOfSight(map, rules).between(hex(a), hex(b), s);
  }
  Sight verdict(const SightRules& rules, std::string_view a, std::string_view b, const SightSituation& s = {}) const {
    return see(rules, a, b, s).sight;
  }
  // The same verdict both ways.
  void both_ways(const SightRules& rules, std::string_view a, std::string_view b, Sight expected, const SightSituation& s = {}) const {
    EXPECT_EQ(verdict(rules, a, b, s), expected) << a << " -> " << b;
    EXPECT_EQ(verdict(rules, b, a, s), expected) << b << " -> " << a;
  }
  std::string clause(const SightRules& rules, std::string_view a, std::string_view b, const SightSituation& s = {}) const {
    const SightResult r = see(rules, a, b, s);
    return r.block ? r.block->clause : "";
  }

  TerrainModel map;
  SightRules cwr;
  SightRules lfm;
};

TEST_F(SightTest, FastCentreLineMatchesHexTopologyLine) {
  const HexTopology& t = map.topology();
  for (const char* start : {"0505", "0101", "1310", "0710"}) {
    for (const Hex h : map.hexes()) {
      ASSERT_EQ(centre_line(hex(start), h).steps, t.line(hex(start), h).steps) << start << " -> " << t.name(h);
    }
  }
  const HexLine along = centre_line(hex("0505"), hex("0905"));
  ASSERT_EQ(along.steps.size(), 5u);
  EXPECT_EQ(along.steps[1].along, hex("0606"));
}

TEST_F(SightTest, Thread_CrossesEverythingAndNeverBlocks) {
  terrain("0507", kWoods);
  level("0506", 5);
  SightRules thread;
  thread.model = SightModel::kThread;
  const SightResult r = see(thread, "0505", "0509");
  EXPECT_EQ(r.sight, Sight::kClear);
  EXPECT_EQ(r.line.hexes().size(), 5u);
  EXPECT_EQ(see(thread, "0505", "0905").line.steps[1].along, hex("0606"));
}

TEST_F(SightTest, CWR_4_0_EndHexesNeverBlockAndAdjacentHexesAlwaysSeen) {
  terrain("0505", kWoods);
  terrain("0509", kTown);
  both_ways(cwr, "0505", "0509", Sight::kClear);
  level("0506", 4);
  terrain("0506", kWoods);
  both_ways(cwr, "0505", "0506", Sight::kClear);
}

TEST_F(SightTest, CWR_4_1_Case1_TerrainHigherThanBothEndsBlocks) {
  level("0505", 1);
  level("0509", 1);
  level("0507", 1);
  both_ways(cwr, "0505", "0509", Sight::kClear);  // equal is not higher
  level("0507", 2);
  both_ways(cwr, "0505", "0509", Sight::kBlocked);
  EXPECT_EQ(clause(cwr, "0505", "0509"), "CWR 4.1 case 1: clear 0507 at level 2 is higher than both ends (1, 1)");
  const SightResult r = see(cwr, "0505", "0509");
  EXPECT_EQ(r.block->hex, hex("0507"));
  EXPECT_EQ(r.line.steps.size(), 5u);
}

TEST_F(SightTest, CWR_4_0_And_4_2a_ForestAddsALevelAndIsFiredOver) {
  terrain("0507", kWoods);
  both_ways(cwr, "0505", "0509", Sight::kBlocked);
  EXPECT_EQ(clause(cwr, "0505", "0509"), "CWR 4.1 case 1: woods 0507 at level 1 is higher than both ends (0, 0)");
  level("0505", 1);
  level("0509", 1);
  both_ways(cwr, "0505", "0509", Sight::kClear);  // over the trees
}

TEST_F(SightTest, CWR_4_1_Case2_OnlyTheHexAdjacentToTheHigherEndMayBeAtItsLevel) {
  level("0505", 2);
  level("0506", 2);
  both_ways(cwr, "0505", "0509", Sight::kClear);
  level("0507", 2);
  both_ways(cwr, "0505", "0509", Sight::kBlocked);
  EXPECT_EQ(clause(cwr, "0505", "0509"), "CWR 4.1 case 2: clear 0507 at level 2, the higher end's, is not adjacent to the higher end");
}

TEST_F(SightTest, CWR_4_1_Case3_MidpointFeatureCloserToTheLowerEndBlocks) {
  level("0505", 2);
  level("0506", 1);  // closer to the higher end
  both_ways(cwr, "0505", "0509", Sight::kClear);
  level("0508", 1);  // at the midpoint, closer to the lower end
  both_ways(cwr, "0505", "0509", Sight::kBlocked);
  EXPECT_EQ(clause(cwr, "0509", "0505"), "CWR 4.1 case 3: clear 0508 at level 1, at or above the midpoint 1, is closer to the lower end");
}

TEST_F(SightTest, CWR_4_1_Case3_TieAtMidpointIsAnOption) {
  level("0505", 2);
  level("0507", 1);  // as far from both ends
  both_ways(cwr, "0505", "0509", Sight::kClear);
  SightRules strict = cwr;
  strict.midpoint_tie_blocks = true;
  both_ways(strict, "0505", "0509", Sight::kBlocked);
  EXPECT_EQ(clause(strict, "0505", "0509"),
            "CWR 4.1 case 3: clear 0507 at level 1, at or above the midpoint 1, is as far from the higher end as from the lower end");
  level("0507", 0);  // below the midpoint: clear either way
  both_ways(strict, "0505", "0509", Sight::kClear);
}

TEST_F(SightTest, CWR_Procedure_Step4_HigherLevelSeparatedByLowerGroundBlocks) {
  SightRules steps = cwr;
  steps.procedure = CwrProcedure::kSteps;
  level("0505", 2);
  level("0506", 1);
  level("0507", 2);
  both_ways(steps, "0505", "0509", Sight::kBlocked);
  EXPECT_EQ(clause(steps, "0505", "0509"),
            "CWR LOS Procedure step 4: clear 0507 at the higher end's level 2 is separated from it by lower ground");
}

TEST_F(SightTest, CWR_Procedure_Step5_FiringFromBehindTheCrest) {
  SightRules steps = cwr;
  steps.procedure = CwrProcedure::kSteps;
  for (const char* h : {"0505", "0506", "0507"}) level(h, 2);  // a plateau two hexes deep towards 0509
  both_ways(steps, "0505", "0509", Sight::kBlocked);          // it falls away right behind 0505
  EXPECT_EQ(clause(steps, "0505", "0509"),
            "CWR LOS Procedure step 5: 0505 stands back from the crest at clear 0507: the ground falls sooner behind it than towards 0509");
  level("0504", 2);  // falls at 0503, 2 behind, 3 in front
  both_ways(steps, "0505", "0509", Sight::kBlocked);
  level("0503", 2);  // "or the same distance": 3 and 3
  both_ways(steps, "0505", "0509", Sight::kClear);
  for (const char* h : {"0502", "0503", "0504"}) level(h, 2);  // deeper behind than in front
  both_ways(steps, "0505", "0509", Sight::kClear);
  both_ways(cwr, "0505", "0509", Sight::kBlocked);  // the cases allow only the adjacent hex
}

TEST_F(SightTest, CWR_Procedure_Step5_WhereTheGroundFallsIsAnOption) {
  SightRules steps = cwr;
  steps.procedure = CwrProcedure::kSteps;
  level("0505", 2);
  level("0506", 1);
  terrain("0506", kWoods);  // level 2, bare ground 1; the ground behind 0505 falls at 0504
  both_ways(steps, "0505", "0509", Sight::kBlocked);
  EXPECT_EQ(clause(steps, "0509", "0505"),
            "CWR LOS Procedure step 5: 0505 stands back from the crest at woods 0506: the ground falls sooner behind it than towards 0509");
  SightRules bare = steps;
  bare.step5_elevation = Step5Elevation::kGround;  // the ground falls at 0506 itself, as soon as behind
  both_ways(bare, "0505", "0509", Sight::kClear);
  level("0504", 1);
  terrain("0504", kWoods);  // behind too: the same both ways
  both_ways(steps, "0505", "0509", Sight::kClear);
  both_ways(bare, "0505", "0509", Sight::kClear);
  both_ways(cwr, "0505", "0509", Sight::kClear);  // 4.1 case 2: 0506 is adjacent to the higher end
  // The other way: the woods behind (0504) are where the bare ground falls, soonest.
  terrain("0506", kClear);
  for (const char* h : {"0506", "0507", "0503", "0502"}) level(h, 2);
  both_ways(steps, "0505", "0509", Sight::kClear);  // falls at 0508 in front, 0501 behind
  both_ways(bare, "0505", "0509", Sight::kBlocked);  // and at 0504 behind
  EXPECT_EQ(clause(bare, "0505", "0509"),
            "CWR LOS Procedure step 5: 0505 stands back from the crest at clear 0507: the ground falls sooner behind it than towards 0509 "
            "(by bare ground)");
}

TEST_F(SightTest, CWR_Procedure_Step6_TieAtMidpointIsTheSameOption) {
  SightRules steps = cwr;
  steps.procedure = CwrProcedure::kSteps;
  level("0505", 3);
  level("0507", 1);  // above B, below A, behind lower 0506, as far from both ends
  both_ways(steps, "0505", "0509", Sight::kClear);
  steps.midpoint_tie_blocks = true;
  both_ways(steps, "0505", "0509", Sight::kBlocked);
  EXPECT_EQ(clause(steps, "0505", "0509"),
            "CWR LOS Procedure step 6: clear 0507 at level 1, between the ends' levels and as far from the higher end as from the "
            "lower, is separated from the higher by lower ground");
}

TEST_F(SightTest, CWR_Procedure_Step6_IntermediateRiseNearTheLowerEndBlocks) {
  SightRules steps = cwr;
  steps.procedure = CwrProcedure::kSteps;
  level("0505", 3);
  level("0508", 1);  // above B, below A, closer to B, behind lower 0506
  both_ways(steps, "0505", "0509", Sight::kBlocked);
  both_ways(cwr, "0505", "0509", Sight::kClear);  // case 3: below the midpoint 1.5
}

TEST_F(SightTest, CWR_4_2b_FirstOrchardFromTheFirerIsIgnored) {
  terrain("0507", kOrchard);
  both_ways(cwr, "0505", "0509", Sight::kClear);
  terrain("0506", kOrchard);
  both_ways(cwr, "0505", "0509", Sight::kBlocked);
  EXPECT_EQ(see(cwr, "0505", "0509").block->hex, hex("0507"));  // the second from 0505
  EXPECT_EQ(see(cwr, "0509", "0505").block->hex, hex("0506"));
}

TEST_F(SightTest, CWR_4_2b_TheFirersOwnOrchardAsTheFirstIsAnOption) {
  terrain("0702", kOrchard);
  terrain("0704", kOrchard);
  EXPECT_EQ(verdict(cwr, "0702", "0707"), Sight::kClear);  // 0704 is the first encountered
  SightRules own = cwr;
  own.firer_orchard_is_first = true;
  EXPECT_EQ(verdict(own, "0702", "0707"), Sight::kBlocked);
  EXPECT_EQ(clause(own, "0702", "0707"), "CWR 4.1 case 1: orchard 0704 at level 1 is higher than both ends (0, 0)");
  terrain("0702", kClear);  // a firer outside an orchard: the same either way
  EXPECT_EQ(verdict(cwr, "0702", "0707"), Sight::kClear);
  EXPECT_EQ(verdict(own, "0702", "0707"), Sight::kClear);
}

TEST_F(SightTest, CWR_4_2c_CanopyBlocksRegardlessOfElevation) {
  level("0505", 2);
  level("0508", 2);
  terrain("0505", kWoods);
  terrain("0506", kWoods);  // level 0 + 1: below both ends
  both_ways(cwr, "0505", "0508", Sight::kBlocked);
  EXPECT_EQ(clause(cwr, "0505", "0508"), "CWR 4.2c: out of woods 0505 through adjacent woods 0506 (canopy)");
  EXPECT_EQ(clause(cwr, "0508", "0505"), "CWR 4.2c: into woods 0505 through adjacent woods 0506 (canopy)");
  terrain("0505", kClear);
  both_ways(cwr, "0505", "0508", Sight::kClear);
}

TEST_F(SightTest, CWR_4_2b_vs_4_2c_CanopyOverFirstOrchardIsAnOption) {
  level("0505", 2);
  level("0508", 2);
  terrain("0505", kTown);
  terrain("0506", kOrchard);
  EXPECT_EQ(verdict(cwr, "0505", "0508"), Sight::kBlocked);
  SightRules lenient = cwr;
  lenient.canopy_overrides_first_orchard = false;
  EXPECT_EQ(verdict(lenient, "0505", "0508"), Sight::kClear);
  // Into the town: 0506 is the first orchard from 0508 too.
  EXPECT_EQ(clause(cwr, "0508", "0505"), "CWR 4.2c: into town 0505 through adjacent orchard 0506 (canopy)");
  EXPECT_EQ(verdict(lenient, "0508", "0505"), Sight::kClear);
  // Only the first orchard: from 0508 that is now 0507, and canopy blocks at 0506 either way.
  terrain("0507", kOrchard);
  EXPECT_EQ(clause(lenient, "0508", "0505"), "CWR 4.2c: into town 0505 through adjacent orchard 0506 (canopy)");
  EXPECT_EQ(verdict(lenient, "0505", "0508"), Sight::kClear);
}

TEST_F(SightTest, CWR_4_2d_AlongAHexsideBlockedOnlyWhenBothSidesBlock) {
  terrain("0605", kWoods);
  both_ways(cwr, "0505", "0705", Sight::kClear);
  terrain("0606", kWoods);
  both_ways(cwr, "0505", "0705", Sight::kBlocked);
  const SightResult r = see(cwr, "0505", "0705");
  EXPECT_EQ(r.block->along, hex("0606"));
  EXPECT_EQ(r.block->clause, "CWR 4.1 case 1: 0605/0606 at level 1 is higher than both ends (0, 0)");
}

TEST_F(SightTest, CWR_4_2d_HexsidesOfEnemyUnitsBlockThoseOfFriendlyUnitsDoNot) {
  SightSituation s;
  s.friendly = {hex("0605")};
  both_ways(cwr, "0505", "0705", Sight::kClear, s);
  s.enemy = {hex("0606")};
  both_ways(cwr, "0505", "0705", Sight::kBlocked, s);
  EXPECT_EQ(clause(cwr, "0505", "0705", s), "CWR 4.2d: along hexside 0605/0606 of enemy-occupied 0606");
}

TEST_F(SightTest, CWR_4_2d_vs_4_3e_ArtilleryAtArtilleryAlongEnemyHexsidesIsAnOption) {
  SightSituation s;
  s.enemy = {hex("0606")};
  s.fire = FireKind::kArtillery;
  s.target_is_artillery = true;
  both_ways(cwr, "0505", "0705", Sight::kBlocked, s);
  EXPECT_EQ(clause(cwr, "0505", "0705", s),
            "CWR 4.2d: along hexside 0605/0606 of enemy-occupied 0606 blocks artillery fire at enemy artillery too (over 4.3e)");
  SightRules through = cwr;
  through.enemy_hexsides_block_artillery_at_artillery = false;
  both_ways(through, "0505", "0705", Sight::kClear, s);
  s.target_is_artillery = false;  // only artillery at artillery passes
  both_ways(through, "0505", "0705", Sight::kBlocked, s);
  EXPECT_EQ(clause(through, "0505", "0705", s), "CWR 4.2d: along hexside 0605/0606 of enemy-occupied 0606");
  s.fire = FireKind::kSmallArms;
  s.target_is_artillery = true;
  both_ways(through, "0505", "0705", Sight::kBlocked, s);
}

TEST_F(SightTest, CWR_4_0_vs_4_2d_TheLevelOfAHexsideRunAlongIsAnOption) {
  SightRules midpoint = cwr;
  midpoint.hexside_level = HexsideLevel::kMidpoint;
  level("0606", 2);
  both_ways(cwr, "0505", "0705", Sight::kClear);  // the lower hex, 0605 at 0
  both_ways(midpoint, "0505", "0705", Sight::kBlocked);  // halfway: 1
  EXPECT_EQ(clause(midpoint, "0505", "0705"), "CWR 4.1 case 1: 0605/0606 at level 1 is higher than both ends (0, 0)");
  level("0606", 1);
  both_ways(midpoint, "0505", "0705", Sight::kBlocked);
  EXPECT_EQ(clause(midpoint, "0505", "0705"), "CWR 4.1 case 1: 0605/0606 at level 0.5 is higher than both ends (0, 0)");
  level("0505", 1);  // case 3: 0.5, the midpoint of 1 and 0, is as far from both ends
  both_ways(midpoint, "0505", "0705", Sight::kClear);
  level("0505", 0);
  level("0606", 0);
  terrain("0605", kWoods);  // terrain counts only when both hexes have it (4.2d), in both readings
  both_ways(midpoint, "0505", "0705", Sight::kClear);
  terrain("0606", kWoods);
  both_ways(midpoint, "0505", "0705", Sight::kBlocked);
  both_ways(cwr, "0505", "0705", Sight::kBlocked);
}

TEST_F(SightTest, CWR_4_3e_TheSweepTakesTheTargetsKind) {
  SightSituation s;
  s.enemy = {hex("0507")};
  s.fire = FireKind::kArtillery;
  auto seen = [&](const SightSituation& situation) {
    for (const SeenHex& h : LineOfSight(map, cwr).sweep(hex("0505"), 4, situation)) {
      if (h.hex == hex("0509")) return h.sight;
    }
    return Sight::kPartial;
  };
  EXPECT_EQ(seen(s), Sight::kBlocked);
  s.target_is_artillery = true;
  EXPECT_EQ(seen(s), Sight::kClear);
}

TEST_F(SightTest, CWR_4_2d_BlockingHexsideFeature) {
  SightRules walls = cwr;
  walls.blocking_hexsides = feature_bit(kWall);
  map.add_hexside_feature(hex("0505"), hex("0506"), kWall);  // the firer's own hexside
  both_ways(walls, "0505", "0509", Sight::kClear);
  map.add_hexside_feature(hex("0506"), hex("0507"), kWall);
  both_ways(walls, "0505", "0509", Sight::kBlocked);
  EXPECT_EQ(clause(walls, "0505", "0509"), "CWR 4.2d: wall on hexside 0506/0507 blocks");
  both_ways(cwr, "0505", "0509", Sight::kClear);
}

TEST_F(SightTest, CWR_4_2d_FriendlyUnitsBlockSmallArmsUnlessTwoLevelsBelow) {
  SightSituation s;
  s.friendly = {hex("0507")};
  EXPECT_EQ(verdict(cwr, "0505", "0510", s), Sight::kBlocked);
  level("0505", 2);
  level("0510", 2);
  EXPECT_EQ(verdict(cwr, "0505", "0510", s), Sight::kClear);
  s.friendly = {hex("0509")};  // adjacent to the target: never
  EXPECT_EQ(verdict(cwr, "0505", "0510", s), Sight::kBlocked);
  EXPECT_EQ(clause(cwr, "0505", "0510", s), "CWR 4.2d: friendly unit in 0509 is adjacent to the target");
}

TEST_F(SightTest, CWR_4_2d_ArtilleryFiresOverFriendlyUnitsAtSixHexesOrMore) {
  SightSituation s;
  s.fire = FireKind::kArtillery;
  s.friendly = {hex("0504")};
  EXPECT_EQ(verdict(cwr, "0502", "0508", s), Sight::kClear);    // 6 hexes
  EXPECT_EQ(verdict(cwr, "0502", "0507", s), Sight::kBlocked);  // 5 hexes
  s.friendly.push_back(hex("0507"));
  EXPECT_EQ(verdict(cwr, "0502", "0508", s), Sight::kBlocked);  // one is adjacent to the target
}

TEST_F(SightTest, CWR_4_3e_EnemyUnitsBlockSmallArmsArtilleryFiresThroughAtArtillery) {
  SightSituation s;
  s.enemy = {hex("0507")};
  both_ways(cwr, "0505", "0509", Sight::kBlocked, s);
  EXPECT_EQ(clause(cwr, "0505", "0509", s), "CWR 4.3e: enemy unit in 0507 blocks small-arms fire");
  s.fire = FireKind::kArtillery;
  EXPECT_EQ(verdict(cwr, "0505", "0509", s), Sight::kBlocked);
  s.target_is_artillery = true;
  EXPECT_EQ(verdict(cwr, "0505", "0509", s), Sight::kClear);
}

TEST_F(SightTest, CWR_4_4_VisibilityLimitsRange) {
  SightSituation s;
  s.visibility = 5;
  both_ways(cwr, "0505", "0510", Sight::kClear, s);
  s.visibility = 4;
  both_ways(cwr, "0505", "0510", Sight::kBlocked, s);
  EXPECT_EQ(clause(cwr, "0505", "0510", s), "CWR 4.4: 0510 is 5 hexes away, beyond visibility 4");
}

TEST_F(SightTest, CWR_And_LFM_AreSymmetricOnAHillyMap) {
  for (const Hex h : map.hexes()) {
    map.set_elevation(h, (h.col * 3 + h.row * 5) % 4);
    if ((h.col + 2 * h.row) % 7 == 0) map.set_terrain(h, kWoods);
  }
  SightRules plain = cwr;
  plain.canopy.clear();
  for (const SightRules& rules : {plain, lfm}) {
    SightRules r = rules;
    r.partial_target.clear();
    const LineOfSight sight(map, r);
    for (const char* start : {"0505", "0808", "0203"}) {
      for (const SeenHex& seen : sight.sweep(hex(start), 6)) {
        EXPECT_EQ(sight.between(seen.hex, hex(start)).sight, seen.sight) << start << " " << map.topology().name(seen.hex);
        EXPECT_EQ(sight.between(hex(start), seen.hex).sight, seen.sight);
      }
    }
  }
}

TEST_F(SightTest, LFM_27_1_HigherThanBothEndsObstructsEveryPath) {
  level("0507", 1);
  both_ways(lfm, "0505", "0509", Sight::kBlocked);  // a straight row of hexes: one path
  const SightResult r = see(lfm, "0505", "0509");
  EXPECT_EQ(r.paths, 1u);
  EXPECT_EQ(r.block->clause, "LFM 27.1: clear 0507 at level 1 is higher than both ends (0, 0); 1 of 1 shortest paths obstructed");
}

TEST_F(SightTest, LFM_27_AllShortestPaths_ClearPartialBlocked) {
  // 0505 -> 0905: four hexes along a vertex direction, six shortest paths.
  EXPECT_EQ(see(lfm, "0505", "0905").paths, 6u);
  both_ways(lfm, "0505", "0905", Sight::kClear);
  level("0605", 1);  // the first hex of three paths
  both_ways(lfm, "0505", "0905", Sight::kPartial);
  EXPECT_EQ(see(lfm, "0505", "0905").clear_paths, 3u);
  level("0606", 1);
  both_ways(lfm, "0505", "0905", Sight::kBlocked);
}

TEST_F(SightTest, LFM_27_2_And_27_3_TheHigherEndsLevelObstructs) {
  level("0505", 1);
  level("0507", 1);
  EXPECT_EQ(verdict(lfm, "0505", "0509"), Sight::kBlocked);
  EXPECT_EQ(clause(lfm, "0505", "0509").rfind("LFM 27.2: clear 0507 at level 1 is the firer's level", 0), 0u);
  EXPECT_EQ(verdict(lfm, "0509", "0505"), Sight::kBlocked);
  EXPECT_EQ(clause(lfm, "0509", "0505").rfind("LFM 27.3: clear 0507 at level 1 is the target's level", 0), 0u);
}

TEST_F(SightTest, LFM_27_4_And_27_5_TownAndWoodsAddALevel) {
  terrain("0507", kTown);
  both_ways(lfm, "0505", "0509", Sight::kBlocked);
  terrain("0507", kWoods);
  both_ways(lfm, "0505", "0509", Sight::kBlocked);
  level("0505", 1);
  level("0509", 1);
  both_ways(lfm, "0505", "0509", Sight::kClear);
}

TEST_F(SightTest, LFM_27_6_FriendlyUnitsAddALevelForSightNotForZones) {
  SightSituation s;
  s.friendly = {hex("0507")};
  both_ways(lfm, "0505", "0509", Sight::kBlocked, s);
  EXPECT_NE(clause(lfm, "0505", "0509", s).find("(a friendly unit, 27.6)"), std::string::npos);
  const std::vector<Hex> zone = zone_of_influence(LineOfSight(map, lfm), hex("0505"), false, false);
  EXPECT_NE(std::find(zone.begin(), zone.end(), hex("0508")), zone.end());
}

TEST_F(SightTest, LFM_27_7_TargetInWoodsOrTownIsPartiallyObstructed) {
  terrain("0509", kWoods);
  EXPECT_EQ(verdict(lfm, "0505", "0509"), Sight::kPartial);
  EXPECT_EQ(clause(lfm, "0505", "0509"), "LFM 27.7: the target hex woods 0509 is partially obstructed");
  EXPECT_EQ(verdict(lfm, "0509", "0505"), Sight::kClear);  // the viewer's own woods do not
}

TEST_F(SightTest, LFM_27_8_OrchardsDoNotBlock) {
  terrain("0507", kOrchard);
  both_ways(lfm, "0505", "0509", Sight::kClear);
}

TEST_F(SightTest, LFM_6_ZoneOfInfluenceThreeHexesFiveForArtilleryOnlyWhereSeenNoneAtNight) {
  const LineOfSight sight(map, lfm);
  EXPECT_EQ(zone_of_influence(sight, hex("0505"), false, false).size(), 36u);
  EXPECT_EQ(zone_of_influence(sight, hex("0606"), true, false).size(), map.topology().within(hex("0606"), 5).size() - 1);
  EXPECT_TRUE(zone_of_influence(sight, hex("0505"), false, true).empty());
  level("0506", 1);  // a rise south of 0505 hides 0507 and 0508 behind it
  const LineOfSight hilly(map, lfm);
  const std::vector<Hex> zone = zone_of_influence(hilly, hex("0505"), false, false);
  EXPECT_EQ(zone.size(), 34u);
  EXPECT_EQ(std::find(zone.begin(), zone.end(), hex("0507")), zone.end());
}

}  // namespace
}  // namespace adjutant::core
