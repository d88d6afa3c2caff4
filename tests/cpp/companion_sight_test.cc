// The companion file's [sight] section: the model, terrain heights and the terrain types of the
// special clauses read into core::SightRules, and every mistake refused with the file, line and column.
#include <gtest/gtest.h>

#include "terrain_examples.h"
#include "vmod/companion.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

std::optional<core::HexTopology> lookup(const std::string& map, const std::string&) {
  if (map != "Main Map") return std::nullopt;
  return testing::ccrr_topology();
}

const std::string kHead = R"(rules = "cwr"
[module]
name = "Test"
[vocabulary]
terrain = ["clear", "woods", "orchard", "urban"]
hexside = ["wall", "stream"]
[[map]]
name = "Main Map"
default_terrain = "clear"
)";

Companion parse(const std::string& sight) { return parse_companion(kHead + sight, "s.toml", lookup); }

std::string error_of(const std::string& sight) {
  try {
    parse(sight);
  } catch (const CompanionError& e) {
    return e.what();
  }
  return "no error";
}

TEST(CompanionSight, ReadsTheCwrModelAndItsChoices) {
  const Companion c = parse(R"([sight]
rules = "cwr"
height = { woods = 1, orchard = 1, urban = 1 }
orchard = ["orchard"]
canopy = ["woods", "orchard", "urban"]
blocking_hexsides = ["wall"]
procedure = "steps"
midpoint_tie_blocks = true
canopy_overrides_first_orchard = false
artillery_over_friendly_range = 5
)");
  ASSERT_TRUE(c.sight.has_value());
  const core::SightRules& r = c.sight->rules;
  EXPECT_EQ(c.sight->line, 10);
  EXPECT_EQ(r.model, core::SightModel::kCwr);
  EXPECT_EQ(r.terrain_height, (std::vector<int>{0, 1, 1, 1}));
  EXPECT_EQ(r.orchard, (std::vector<int>{2}));
  EXPECT_EQ(r.canopy, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(r.blocking_hexsides, core::feature_bit(0));
  EXPECT_EQ(r.procedure, core::CwrProcedure::kSteps);
  EXPECT_TRUE(r.midpoint_tie_blocks);
  EXPECT_FALSE(r.canopy_overrides_first_orchard);
  EXPECT_EQ(r.artillery_over_friendly_range, 5);
  EXPECT_EQ(r.small_arms_over_friendly_levels, 2);  // the default
  // The rules fit the map they came with.
  const core::LineOfSight sight(c.maps[0], r);
  EXPECT_EQ(sight.between(core::Hex{4, 4}, core::Hex{4, 8}).sight, core::Sight::kClear);
}

TEST(CompanionSight, ReadsTheLfmAndThreadModels) {
  const Companion lfm = parse("[sight]\nrules = \"lfm\"\nheight = { woods = 1, urban = 1 }\npartial_target = [\"woods\", \"urban\"]\n"
                              "friendly_unit_height = 1\n");
  EXPECT_EQ(lfm.sight->rules.model, core::SightModel::kLfm);
  EXPECT_EQ(lfm.sight->rules.partial_target, (std::vector<int>{1, 3}));
  EXPECT_EQ(parse("[sight]\nrules = \"thread\"\n").sight->rules.model, core::SightModel::kThread);
  EXPECT_FALSE(parse("").sight.has_value());
}

TEST(CompanionSight, RefusesMistakesAtFileLineAndColumn) {
  EXPECT_EQ(error_of("[sight]\nheight = { woods = 1 }\n"), "s.toml, line 10, column 1: [sight] has no 'rules'");
  EXPECT_EQ(error_of("[sight]\nrules = \"asl\"\n"), "s.toml, line 11, column 10: 'rules' in [sight] must be \"cwr\", \"lfm\" or \"thread\"");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\nheight = { forest = 1 }\n"),
            "s.toml, line 12, column 12: unknown terrain type 'forest' (the vocabulary has clear, woods, orchard, urban)");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\nheight = { woods = \"1\" }\n"),
            "s.toml, line 12, column 20: height 'woods' must be a whole number from -100 to 100");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\norchard = [\"orchards\"]\n"),
            "s.toml, line 12, column 13: unknown terrain type 'orchards' (the vocabulary has clear, woods, orchard, urban)");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\nblocking_hexsides = [\"hedge\"]\n"),
            "s.toml, line 12, column 23: unknown hexside feature 'hedge' (the vocabulary has wall, stream)");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\nprocedure = \"back\"\n"),
            "s.toml, line 12, column 14: 'procedure' in [sight] must be \"cases\" or \"steps\"");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\nmidpoint_tie_blocks = 1\n"),
            "s.toml, line 12, column 23: 'midpoint_tie_blocks' in [sight] must be true or false");
  EXPECT_NE(error_of("[sight]\nrules = \"cwr\"\nvisible = 5\n").find("s.toml, line 12, column 1:"), std::string::npos);
}

}  // namespace
}  // namespace adjutant::vmod
