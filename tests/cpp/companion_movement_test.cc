// The companion file's [movement] section: costs per unit class read as sixths of an MP, zones of
// control as HexZoneRules, and every mistake refused with the file, line and column.
#include <gtest/gtest.h>

#include "core/movement/movement_search.h"
#include "terrain_examples.h"
#include "vmod/companion.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

using core::kMP;

std::optional<core::HexTopology> lookup(const std::string& map, const std::string&) {
  if (map != "Main Map") return std::nullopt;
  return testing::ccrr_topology();
}

const std::string kHead = R"(rules = "generic"
[module]
name = "Test"
[vocabulary]
terrain = ["clear", "woods", "ridge"]
hexside = ["river", "bridge", "slope"]
high_side = ["slope"]
lines = ["road"]
unit_attributes = ["type", "side", "MA", "facing"]
[[map]]
name = "Main Map"
default_terrain = "clear"
)";

const std::string kMovement = R"([movement]
class_attribute = "type"
allowance_attribute = "MA"
enemy_hexes = "cost and stop"
enemy_hex_cost = 1
lines_must_connect = true
[movement.class.inf]
terrain = { clear = 1, woods = "2", ridge = "1 1/2" }
hexside = { river = "prohibited", slope = 1 }
uphill = { slope = 1 }
line = { road = "1/2" }
line_negates = { road = ["slope"] }
[movement.class.art]
terrain = { clear = 1, woods = 3, ridge = "prohibited" }
hexside = { river = "prohibited" }
[movement.zones]
enter_cost = [2, 1]
blocked_by = "river"
unblocked_by = "bridge"
blocked_terrain = ["ridge"]
exerted_by = ["inf"]
facing_attribute = "facing"
)";

Companion parse(const std::string& movement) { return parse_companion(kHead + movement, "m.toml", lookup); }

std::string error_of(const std::string& movement) {
  try {
    parse(movement);
  } catch (const CompanionError& e) {
    return e.what();
  }
  return "no error";
}

TEST(CompanionMovement, ReadsCostsPerClassAndZones) {
  const Companion c = parse(kMovement);
  ASSERT_TRUE(c.movement.has_value());
  const CompanionMovement& m = *c.movement;
  EXPECT_EQ(m.class_attribute, "type");
  EXPECT_EQ(m.allowance_attribute, "MA");
  EXPECT_EQ(m.side_attribute, "side");  // the default
  EXPECT_EQ(m.rules.enemy_hexes, core::EnemyHexes::kCostAndStop);
  EXPECT_EQ(m.rules.enemy_hex_cost, kMP);
  EXPECT_TRUE(m.rules.lines_must_connect);
  ASSERT_EQ(m.rules.classes.size(), 2u);
  const core::ClassCosts& inf = m.rules.classes[0];
  EXPECT_EQ(inf.name, "inf");
  EXPECT_EQ(inf.terrain, (std::vector<core::Cost>{kMP, 2 * kMP, kMP + kMP / 2}));
  EXPECT_EQ(inf.hexside, (std::vector<core::Cost>{core::kProhibited, 0, kMP}));
  EXPECT_EQ(inf.uphill[2], kMP);
  EXPECT_EQ(inf.line, (std::vector<core::Cost>{kMP / 2}));
  EXPECT_EQ(inf.line_negates[0], core::feature_bit(2));
  EXPECT_EQ(m.rules.classes[1].line[0], core::kProhibited);  // no road rate named: none
  ASSERT_TRUE(m.zones.has_value());
  EXPECT_EQ(m.zones->enter_cost, (std::vector<core::Cost>{2 * kMP, kMP}));
  EXPECT_EQ(m.zones->blocked_by, core::feature_bit(0));
  EXPECT_EQ(m.zones->unblocked_by, core::feature_bit(1));
  EXPECT_EQ(m.zones->blocked_terrain, std::vector<int>{2});
  EXPECT_EQ(m.zone_classes, std::vector<int>{0});
  EXPECT_EQ(m.facing_attribute, "facing");
  // The rules fit the map: a search can be made over it.
  EXPECT_NO_THROW(core::MovementSearch(*c.map("Main Map"), m.rules));
}

TEST(CompanionMovement, WithoutTheSectionThereAreNoMovementRules) {
  EXPECT_FALSE(parse("").movement.has_value());
}

TEST(CompanionMovement, ReadsStackingPenaltiesAndLimits) {
  const Companion c = parse(kMovement + R"(
[movement.class.fort]
terrain = { clear = 0, woods = 0, ridge = 0 }
[[movement.stack_limit]]
most = 16
measure = "MA"
classes = ["inf", "art"]
[[movement.stack_limit]]
most = 2
)");
  // Stacking penalties come in the class table: appended after the fact to keep kMovement readable.
  const Companion penalties = parse(kMovement.substr(0, kMovement.find("[movement.class.art]")) +
                                    "stacking = { enter = 1, leave = \"1/2\", with = [\"inf\"], unless = \"fort\" }\n" +
                                    kMovement.substr(kMovement.find("[movement.class.art]")) +
                                    "[movement.class.fort]\nterrain = { clear = 0, woods = 0, ridge = 0 }\n");
  const core::ClassCosts& inf = penalties.movement->rules.classes[0];
  EXPECT_EQ(inf.stack_enter, kMP);
  EXPECT_EQ(inf.stack_leave, kMP / 2);
  EXPECT_EQ(inf.stacks_with, core::class_bit(0));
  EXPECT_EQ(inf.stacks_free_with, core::class_bit(2));
  EXPECT_EQ(penalties.movement->rules.classes[1].stack_enter, 0);  // no stacking table: no penalty

  const auto& limits = c.movement->rules.stack_limits;
  ASSERT_EQ(limits.size(), 2u);
  EXPECT_EQ(limits[0].most, 16);
  EXPECT_EQ(limits[0].measure, "MA");
  EXPECT_EQ(limits[0].classes, core::class_bit(0) | core::class_bit(1));
  EXPECT_EQ(c.movement->rules.class_names(limits[0].classes), "inf, art");
  EXPECT_EQ(limits[1].measure, "");  // units counted
  EXPECT_EQ(limits[1].classes, core::kEveryClass);
  EXPECT_EQ(c.movement->rules.class_names(limits[1].classes), "every class");
}

TEST(CompanionMovement, StackingMistakesNameTheirPlace) {
  const std::string inf = "[movement]\n[movement.class.inf]\nterrain = { clear = 1, woods = 2, ridge = 1 }\n";
  EXPECT_EQ(error_of(inf + "stacking = { enter = 1, with = [\"cav\"] }\n"),
            "m.toml, line 16, column 34: unknown unit class 'cav' (the classes are inf)");
  EXPECT_EQ(error_of(inf + "stacking = { enter = 1, when = 2 }\n"),
            "m.toml, line 16, column 25: unknown key 'when' in movement class 'inf' stacking (expected enter, leave, with, unless, "
            "unless_kinds)");
  EXPECT_EQ(error_of(inf + "[[movement.stack_limit]]\nmeasure = \"MA\"\n"),
            "m.toml, line 16, column 1: [[movement.stack_limit]] has no 'most'");
  EXPECT_EQ(error_of(inf + "[[movement.stack_limit]]\nmost = 3\nmeasure = \"strength\"\n"),
            "m.toml, line 18, column 12: unknown unit attribute 'strength' (vocabulary 'unit_attributes' has type, side, MA, facing)");
}

TEST(CompanionMovement, MistakesNameTheirPlace) {
  EXPECT_EQ(error_of("[movement]\n[movement.class.inf]\nterrain = { clear = 1, woods = 2 }\n"),
            "m.toml, line 14, column 17: movement class 'inf' has no cost to enter terrain 'ridge'");
  EXPECT_EQ(error_of("[movement]\n[movement.class.inf]\nterrain = { clear = 1, wood = 2, ridge = 1 }\n"),
            "m.toml, line 15, column 24: unknown terrain type 'wood' (the vocabulary has clear, woods, ridge)");
  EXPECT_EQ(error_of("[movement]\nclass_attribute = \"kind\"\n[movement.class.inf]\nterrain = { clear = 1, woods = 2, ridge = 1 }\n"),
            "m.toml, line 14, column 20: unknown unit attribute 'kind' (vocabulary 'unit_attributes' has type, side, MA, facing)");
  EXPECT_EQ(error_of("[movement]\n[movement.class.inf]\nterrain = { clear = \"1/4\", woods = 2, ridge = 1 }\n"),
            "m.toml, line 15, column 22: 'inf' terrain 'clear': movement cost '1/4': only halves, thirds and sixths are exact");
  EXPECT_EQ(error_of("[movement]\n[movement.class.inf]\nterrain = { clear = 1, woods = 2, ridge = 1 }\n"
                     "[movement.zones]\nexerted_by = \"cav\"\n"),
            "m.toml, line 17, column 15: unknown unit class 'cav' (the classes are inf)");
  EXPECT_EQ(error_of("[movement]\nspeed = 3\n"),
            "m.toml, line 14, column 1: unknown key 'speed' in [movement] (expected class_attribute, "
            "allowance_attribute, side_attribute, kind_attribute, kinds, enemy_hexes, enemy_hex_cost, "
            "lines_must_connect, one_hex_minimum, class, zones, stack_limit)");
  EXPECT_EQ(error_of("[movement]\n"), "m.toml, line 13, column 1: [movement] has no [movement.class.NAME] table");
}

// LMN 8.1B, 8.2D, 15.1A and 15.3C as data: kinds apart from movement classes, named by the zone
// model and by stacking.
const std::string kKinds = R"([movement]
class_attribute = "type"
kind_attribute = "side"
kinds = ["combat", "leader", "fortification"]
[movement.class.inf]
terrain = { clear = 1, woods = 2, ridge = 1 }
stacking = { enter = 1, leave = 1, with = ["inf"], unless_kinds = ["fortification"] }
[movement.zones]
enter_cost = 2
not_into = ["combat", "fortification"]
none_stacked_with = "fortification"
)";

TEST(CompanionMovement, ReadsKindsForZonesAndStacking_LMN_8_1_B_8_2_D) {
  const Companion c = parse(kKinds);
  const CompanionMovement& m = *c.movement;
  EXPECT_EQ(m.kind_attribute, "side");
  EXPECT_EQ(m.kinds, (std::vector<std::string>{"combat", "leader", "fortification"}));
  ASSERT_TRUE(m.zones);
  EXPECT_EQ(m.zones->not_into, core::kind_bit(0) | core::kind_bit(2));
  EXPECT_EQ(m.zones->none_stacked_with, core::kind_bit(2));
  EXPECT_EQ(m.rules.classes[0].stacks_free_with_kinds, core::kind_bit(2));
  // Without the keys nothing changes: LIN's zones do extend into hexes of the mover's units.
  const Companion plain = parse(kMovement);
  EXPECT_EQ(plain.movement->zones->not_into, 0u);
  EXPECT_EQ(plain.movement->zones->none_stacked_with, 0u);
  EXPECT_TRUE(plain.movement->kinds.empty());
}

TEST(CompanionMovement, KindMistakesNameTheirPlace) {
  const auto with = [](const std::string& from, const std::string& to) {
    std::string text = kKinds;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  EXPECT_EQ(error_of(with("not_into = [\"combat\", \"fortification\"]", "not_into = [\"combat\", \"fort\"]")),
            "m.toml, line 22, column 24: unknown unit kind 'fort' (the [movement] 'kinds' are combat, leader, fortification)");
  EXPECT_EQ(error_of(with("unless_kinds = [\"fortification\"]", "unless_kinds = [\"forts\"]")),
            "m.toml, line 19, column 69: unknown unit kind 'forts' (the [movement] 'kinds' are combat, leader, "
            "fortification)");
  EXPECT_EQ(error_of(with("kind_attribute = \"side\"\n", "")),
            "m.toml, line 15, column 9: 'kinds' needs 'kind_attribute' in [movement]: the unit attribute naming a unit's kind");
  EXPECT_EQ(error_of(with("kinds = [\"combat\", \"leader\", \"fortification\"]\n", "")),
            "m.toml, line 15, column 18: 'kind_attribute' needs 'kinds' in [movement]: the kinds it may name");
  EXPECT_EQ(error_of(with("\"leader\"", "\"combat\"")), "m.toml, line 16, column 21: duplicate kind 'combat'");
  EXPECT_EQ(error_of(with("kind_attribute = \"side\"", "kind_attribute = \"kind\"")),
            "m.toml, line 15, column 19: unknown unit attribute 'kind' (vocabulary 'unit_attributes' has type, side, MA, facing)");
  EXPECT_EQ(error_of(kKinds + "not_in = [\"combat\"]\n"),
            "m.toml, line 24, column 1: unknown key 'not_in' in [movement.zones] (expected enter_cost, leave_cost, "
            "stop_on_enter, zone_to_zone, own_hex, no_entry_after_line, blocked_by, unblocked_by, blocked_terrain, "
            "leave_effect, exerted_by, facing_attribute, not_into, none_stacked_with)");
}

}  // namespace
}  // namespace adjutant::vmod
