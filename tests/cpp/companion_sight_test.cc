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
  const core::SightRules& r = c.sight->rules();
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
  EXPECT_EQ(r.small_arms_over_friendly_levels, 2);  // the defaults
  EXPECT_FALSE(r.firer_orchard_is_first);
  EXPECT_TRUE(r.enemy_hexsides_block_artillery_at_artillery);
  EXPECT_EQ(r.hexside_level, core::HexsideLevel::kLower);
  EXPECT_EQ(r.step5_elevation, core::Step5Elevation::kLevel);
  // The rules fit the map they came with.
  const core::LineOfSight sight(c.maps[0], r);
  EXPECT_EQ(sight.between(core::Hex{4, 4}, core::Hex{4, 8}).sight, core::Sight::kClear);
}

TEST(CompanionSight, ReadsTheLfmAndThreadModels) {
  const Companion lfm = parse("[sight]\nrules = \"lfm\"\nheight = { woods = 1, urban = 1 }\npartial_target = [\"woods\", \"urban\"]\n"
                              "friendly_unit_height = 1\n");
  EXPECT_EQ(lfm.sight->rules().model, core::SightModel::kLfm);
  EXPECT_EQ(lfm.sight->rules().partial_target, (std::vector<int>{1, 3}));
  EXPECT_EQ(parse("[sight]\nrules = \"thread\"\n").sight->rules().model, core::SightModel::kThread);
  EXPECT_FALSE(parse("").sight.has_value());
}

TEST(CompanionSight, ReadsTheChoicesOfCwr4_0_4_2bAnd4_2d) {
  const core::SightRules r = parse(R"([sight]
rules = "cwr"
firer_orchard_is_first = true
enemy_hexsides_block_artillery_at_artillery = false
hexside_level = "midpoint"
step5_elevation = "ground"
)").sight->rules();
  EXPECT_EQ(r.step5_elevation, core::Step5Elevation::kGround);
  EXPECT_TRUE(r.firer_orchard_is_first);
  EXPECT_FALSE(r.enemy_hexsides_block_artillery_at_artillery);
  EXPECT_EQ(r.hexside_level, core::HexsideLevel::kMidpoint);
}

TEST(CompanionSight, EachModelsTableGivesItsKeysOverThoseOfSight) {
  const Companion c = parse(R"([sight]
rules = "lfm"
canopy = ["woods"]
blocking_hexsides = ["wall"]
[sight.cwr]
height = { woods = 1, orchard = 1, urban = 1 }
orchard = ["orchard"]
canopy = ["woods", "orchard", "urban"]
[sight.lfm]
height = { woods = 1, urban = 1 }
blocking_hexsides = []
)");
  const CompanionSight& s = *c.sight;
  EXPECT_EQ(s.model, core::SightModel::kLfm);
  EXPECT_EQ(s.rules().model, core::SightModel::kLfm);
  const core::SightRules& cwr = s.rules(core::SightModel::kCwr);
  const core::SightRules& lfm = s.rules(core::SightModel::kLfm);
  EXPECT_EQ(cwr.model, core::SightModel::kCwr);
  EXPECT_EQ(cwr.terrain_height, (std::vector<int>{0, 1, 1, 1}));  // CWR 4.0: orchards +1
  EXPECT_EQ(lfm.terrain_height, (std::vector<int>{0, 1, 0, 1}));  // LFM 27.8: orchards 0
  EXPECT_EQ(cwr.orchard, (std::vector<int>{2}));
  EXPECT_TRUE(lfm.orchard.empty());
  EXPECT_EQ(cwr.canopy, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(lfm.canopy, (std::vector<int>{1}));  // [sight]'s
  EXPECT_EQ(cwr.blocking_hexsides, core::feature_bit(0));
  EXPECT_EQ(lfm.blocking_hexsides, 0u);
  EXPECT_EQ(s.rules(core::SightModel::kThread).terrain_height, std::vector<int>{});
  // Without the model's table, [sight] alone.
  EXPECT_EQ(parse("[sight]\nrules = \"cwr\"\nheight = { woods = 2 }\n").sight->rules(core::SightModel::kLfm).terrain_height,
            (std::vector<int>{0, 2, 0, 0}));
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
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\nhexside_level = \"half\"\n"),
            "s.toml, line 12, column 18: 'hexside_level' in [sight] must be \"lower\" or \"midpoint\"");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\nfirer_orchard_is_first = \"yes\"\n"),
            "s.toml, line 12, column 26: 'firer_orchard_is_first' in [sight] must be true or false");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\nenemy_hexsides_block_artillery_at_artillery = 0\n"),
            "s.toml, line 12, column 47: 'enemy_hexsides_block_artillery_at_artillery' in [sight] must be true or false");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\nstep5_elevation = \"bare\"\n"),
            "s.toml, line 12, column 20: 'step5_elevation' in [sight] must be \"level\" or \"ground\"");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\n[sight.cwr]\nstep5_elevation = true\n"),
            "s.toml, line 13, column 19: 'step5_elevation' in [sight.cwr] must be a string");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\n[sight.cwr]\nhexside_level = \"half\"\n"),
            "s.toml, line 13, column 18: 'hexside_level' in [sight.cwr] must be \"lower\" or \"midpoint\"");
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\n[sight.lfm]\nheight = { wood = 1 }\n"),
            "s.toml, line 13, column 12: unknown terrain type 'wood' (the vocabulary has clear, woods, orchard, urban)");
  EXPECT_NE(error_of("[sight]\nrules = \"cwr\"\n[sight.lfm]\nrules = \"lfm\"\n")
                .find("s.toml, line 13, column 1: unknown key 'rules' in [sight.lfm]"),
            std::string::npos);
  EXPECT_NE(error_of("[sight]\nrules = \"cwr\"\n[sight.thread]\n").find("unknown key 'thread' in [sight]"), std::string::npos);
  EXPECT_EQ(error_of("[sight]\nrules = \"cwr\"\ncwr = 1\n"), "s.toml, line 12, column 7: 'cwr' in [sight] must be a table");
}

}  // namespace
}  // namespace adjutant::vmod
