// `terrain sample`: the companion file's palette, colours read around hex centres of a painted
// board image, and the file rewritten with its comments and other tables kept.
#include "vmod/terrain_sample.h"

#include <gtest/gtest.h>

#include <string>

#include "core/hexes/colour_sample.h"
#include "temp_dir.h"
#include "test_module.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

using testing::TempDir;

constexpr core::Rgb kClear{240, 232, 208};
constexpr core::Rgb kWoods{58, 125, 44};
constexpr core::Rgb kMagenta{255, 0, 255};

const std::string kHead = R"(# my notes on this map
format = 1
rules = "generic"

[module]
name = "Test"

[vocabulary]
terrain = ["clear", "woods", "town"]
hexside = ["stream"]

[[map]]
name = "Main Map"
default_terrain = "clear"
)";

const std::string kPalette = R"(
[map.palette]
radius = 3
[map.palette.terrain]
"#F0E8D0" = "clear"
"#3a7d2c" = "woods"
[map.palette.elevation]
"#f0e8d0" = 0
"#3a7d2c" = 2
)";

// A 600 x 400 board: clear, with woods around the centres of 0203 and 0504 (a few black noise
// pixels in one), and magenta (no palette colour) at 0302.
class SampleTerrain : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_.write("buildFile.xml", testing::build_file(testing::hex_board("A", "a.png")));
    core::Image image = testing::filled(600, 400, kClear);
    dir_.write("images/a.png", testing::png(image));  // first plain, to find the hexes' centres
    module_ = load_module(dir_.path().string());
    MapGeometries maps(module_);
    const core::HexTopology topology = maps.topology("Main Map");
    auto disc = [&](const std::string& hex, core::Rgb colour) {
      const core::Point c = topology.grid().centre(*topology.hex_named(hex));
      for (int dy = -6; dy <= 6; ++dy)
        for (int dx = -6; dx <= 6; ++dx) testing::paint(image, c.x + dx, c.y + dy, colour);
      return c;
    };
    disc("0203", kWoods);
    const core::Point c = disc("0504", kWoods);
    testing::paint(image, c.x, c.y, {0, 0, 0});
    testing::paint(image, c.x + 1, c.y, {0, 0, 0});
    disc("0302", kMagenta);
    dir_.write("images/a.png", testing::png(image));
  }

  TerrainSample sample(const std::string& companion) {
    MapGeometries maps(module_);
    return sample_terrain(dir_.write("terrain.toml", companion), maps);
  }

  Companion reload(const std::string& text) {
    MapGeometries maps(module_);
    return parse_companion(text, "sampled.toml", maps);
  }

  TempDir dir_;
  Module module_;
};

TEST_F(SampleTerrain, ReplacesTheTerrainTableAndInsertsElevation) {
  const std::string companion = kHead + "\n[map.terrain]   # typed by hand, wrong\nwoods = \"0101\"\n\n# about hexsides\n"
                                        "[map.hexsides]\nstream = \"0101/0102\"\n" + kPalette;
  const TerrainSample result = sample(companion);
  ASSERT_EQ(result.maps.size(), 1u);
  const SampledMap& m = result.maps[0];
  EXPECT_EQ(m.unmatched_terrain, std::vector<std::string>{"0302"});
  EXPECT_EQ(m.unmatched_elevation, std::vector<std::string>{"0302"});

  const Companion sampled = reload(result.text);
  const core::TerrainModel& model = sampled.maps[0];
  const auto& t = model.topology();
  EXPECT_EQ(model.terrain_name(*t.hex_named("0203")), "woods");
  EXPECT_EQ(model.terrain_name(*t.hex_named("0504")), "woods");  // noise outvoted
  EXPECT_EQ(model.terrain_name(*t.hex_named("0101")), "clear");  // the hand-typed entry replaced
  EXPECT_EQ(model.terrain_name(*t.hex_named("0302")), "clear");  // unmatched: the default
  EXPECT_EQ(model.elevation(*t.hex_named("0203")), 2);
  EXPECT_EQ(model.elevation(*t.hex_named("0101")), 0);
  int woods = 0;
  for (const core::Hex h : model.hexes()) woods += model.terrain_name(h) == "woods";
  EXPECT_EQ(woods, 2);
  // Everything else is as it was.
  EXPECT_NE(result.text.find("# my notes on this map"), std::string::npos);
  EXPECT_NE(result.text.find("# about hexsides\n[map.hexsides]\nstream = \"0101/0102\""), std::string::npos);
  // The table's header and its comment stay; the hand-typed list holds the sampled woods.
  EXPECT_NE(result.text.find("[map.terrain]   # typed by hand, wrong\nwoods = \"0203 0504\"\n"), std::string::npos)
      << result.text;
  EXPECT_NE(result.text.find("# no palette colour matched (left at the default): 0302"), std::string::npos);
  EXPECT_TRUE(model.has_hexside_feature(*t.hex_named("0101"), *t.hex_named("0102"), 0));
  // Sampled again: the same text, the comment on unmatched hexes replaced rather than repeated.
  EXPECT_EQ(sample(result.text).text, result.text);
}

TEST_F(SampleTerrain, AnInlineTableIsRefusedWithItsLine) {
  const std::string companion = kHead + "terrain = { woods = \"0101\" }\n" + kPalette;
  try {
    sample(companion);
    FAIL() << "an inline terrain table cannot be rewritten in place";
  } catch (const CompanionError& e) {
    EXPECT_NE(std::string(e.what()).find("written inline"), std::string::npos) << e.what();
    EXPECT_EQ(e.place().position, "line 15");  // the inline table itself
  }
}

TEST_F(SampleTerrain, AFileWithoutPaletteHasNothingToSample) {
  EXPECT_THROW(sample(kHead), CompanionError);
}

TEST_F(SampleTerrain, PaletteMistakesNameTheirLine) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[map.palette.terrain]\n\"#12345\" = \"woods\"\n", "must be written #rrggbb"},
      {"[map.palette.terrain]\n\"#3a7d2c\" = \"woods\"\n\"#3A7D2C\" = \"clear\"\n", "duplicate colour"},
      {"[map.palette.terrain]\n\"#3a7d2c\" = \"forest\"\n", "unknown terrain type 'forest'"},
      {"[map.palette]\ntolerance = 500\n[map.palette.terrain]\n\"#3a7d2c\" = \"woods\"\n", "from 0 to 442"},
      {"[map.palette]\nradius = 2\n", "names no colours"},
      {"[map.palette.elevation]\n\"#3a7d2c\" = 1.5\n", "whole number"},
  };
  for (const auto& [palette, message] : cases) {
    SCOPED_TRACE(palette);
    MapGeometries maps(module_);
    try {
      parse_companion(kHead + palette, "p.toml", maps);
      ADD_FAILURE() << "accepted";
    } catch (const CompanionError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
      EXPECT_NE(e.place().position.find("line 1"), std::string::npos) << e.place().position;
    }
  }
}

TEST(CompanionBoardSize, StandsInForABoardImageTheModuleLacks) {
  TempDir dir;
  dir.write("buildFile.xml", testing::build_file(testing::hex_board("A", "gone.png")));
  const Module module = load_module(dir.path().string());
  const std::string map = kHead + "[map.terrain]\nwoods = \"0102\"\n";
  {
    MapGeometries maps(module);
    try {
      parse_companion(map, "t.toml", maps);
      ADD_FAILURE() << "the board's hexes are unknown without its size";
    } catch (const CompanionError& e) {
      EXPECT_NE(std::string(e.what()).find("its hexes are unknown"), std::string::npos) << e.what();
    }
  }
  const std::string sized = kHead + "board_size = [300, 200]\n[map.terrain]\nwoods = \"0102\"\n";
  MapGeometries maps(module);
  const Companion companion = parse_companion(sized, "t.toml", maps);
  EXPECT_EQ(companion.maps[0].terrain_name(*companion.maps[0].topology().hex_named("0102")), "woods");
  EXPECT_FALSE(companion.maps[0].on_map(*companion.maps[0].topology().hex_named("0904")));  // beyond 300 x 200
  MapGeometries other(module);
  EXPECT_THROW(parse_companion(kHead + "board_size = [300]\n", "t.toml", other), CompanionError);
}

TEST(ColourSample, NearestColourWithinTolerance) {
  const std::vector<core::PaletteColour> palette = {{kClear, 0}, {kWoods, 1}};
  EXPECT_EQ(core::nearest_value(palette, {60, 120, 40}, 20), 1);
  EXPECT_EQ(core::nearest_value(palette, kMagenta, 48), std::nullopt);
  EXPECT_EQ(core::nearest_value({}, kClear, 48), std::nullopt);
}

TEST(CompanionModule, AFileForAnotherModuleIsRefusedAtItsName) {
  TempDir dir;
  dir.write("buildFile.xml", testing::build_file(testing::hex_board("A", "gone.png")));
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  std::string other = kHead + "board_size = [300, 200]\n";
  other.replace(other.find("name = \"Test\""), 13, "name = \"Lee Invades the North\"");
  try {
    parse_companion(other, "lin.toml", maps);
    ADD_FAILURE() << "a companion file for another module was accepted";
  } catch (const CompanionError& e) {
    EXPECT_STREQ(e.what(), "lin.toml, line 6, column 9: this file is for module 'Lee Invades the North', not for 'Test' "
                           "(the module given)");
  }
}

}  // namespace
}  // namespace adjutant::vmod
