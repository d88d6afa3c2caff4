// The companion file's [state.NAME] and [globals]: where a save holds the map state that changes in
// play and the values procedures keep, read and checked against the file's maps; a map with a state
// applied (a destroyed bridge takes the bridge and the road over it off its hexside, a destroyed rail
// hex the railway out of the hex); every mistake refused with the file, line and column.
#include <gtest/gtest.h>

#include "terrain_examples.h"
#include "vmod/companion.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

std::optional<core::HexTopology> lookup(const std::string& map, const std::string&) {
  if (map != "Main Map" && map != "Other Map") return std::nullopt;
  return testing::ccrr_topology();
}

// Ten lines: the state sections start at line 11.
const std::string kHead = R"(rules = "litn"
[module]
name = "Test"
[vocabulary]
terrain = ["clear"]
hexside = ["river", "bridge"]
lines = ["road", "rail"]
[[map]]
name = "Main Map"
default_terrain = "clear"
)";

const std::string kMap = R"([map.hexsides]
river = ["0404/0405", "0304/0305"]
bridge = ["0404/0405"]
[[map.line]]
type = "road"
hexes = "0402 0403 0404 0405 0406"
[[map.line]]
type = "rail"
hexes = "0202 0203 0204 0205"
)";

Companion parse(const std::string& rest, const std::string& head = kHead) {
  return parse_companion(head + rest, "s.toml", lookup);
}

std::string error_of(const std::string& rest, const std::string& head = kHead) {
  try {
    parse(rest, head);
  } catch (const CompanionError& e) {
    return e.what();
  }
  return "no error";
}

TEST(CompanionState, ReadsStatesAndGlobals) {
  const Companion c = parse(R"([state.bridge_destroyed]
at = "hexside"
marker = "Bridge Destroyed"
fallback = ["0404/0405"]
removes = ["bridge"]
cuts = ["road", "rail"]

[state.rail_destroyed]
at = "hex"
map = "Main Map"
property = "DestroyedRail"
cuts = "rail"

[state.control]
at = "hex"
marker = "Control"

[globals]
replacement_points = "ReplacementPoints"
panic = "Panic"
)");
  ASSERT_EQ(c.states.size(), 3u);
  const CompanionState& bridge = c.states[0];
  EXPECT_EQ(bridge.name, "bridge_destroyed");
  EXPECT_EQ(bridge.at, StateAt::kHexside);
  EXPECT_EQ(bridge.map, "Main Map");  // the file's only map
  EXPECT_EQ(bridge.marker, "Bridge Destroyed");
  EXPECT_EQ(bridge.property, "");
  EXPECT_EQ(bridge.fallback, std::vector<std::string>{"0404/0405"});
  EXPECT_EQ(bridge.removes, core::feature_bit(1));
  EXPECT_EQ(bridge.cuts, core::line_bit(0) | core::line_bit(1));
  EXPECT_EQ(bridge.line, 11);
  const CompanionState& rail = *c.state("rail_destroyed");
  EXPECT_EQ(rail.at, StateAt::kHex);
  EXPECT_EQ(rail.property, "DestroyedRail");
  EXPECT_EQ(rail.cuts, core::line_bit(1));
  EXPECT_EQ(rail.removes, 0u);
  EXPECT_EQ(c.state("control")->cuts, 0u);
  EXPECT_EQ(c.state("panic"), nullptr);
  ASSERT_EQ(c.globals.size(), 2u);
  EXPECT_EQ(*c.global("replacement_points"), "ReplacementPoints");
  EXPECT_EQ(*c.global("panic"), "Panic");
  EXPECT_EQ(c.global("victory"), nullptr);
  EXPECT_TRUE(parse("").states.empty());
}

TEST(CompanionState, AppliedToAMapTakesBridgesRoadsAndRailOff) {
  const Companion c = parse(kMap + R"([state.bridge_destroyed]
at = "hexside"
marker = "Bridge Destroyed"
removes = ["bridge"]
cuts = ["road", "rail"]
[state.rail_destroyed]
at = "hex"
marker = "Destroyed Rail"
cuts = ["rail"]
[state.control]
at = "hex"
marker = "Control"
)");
  const core::TerrainModel& map = *c.map("Main Map");
  const auto hex = [&](std::string_view name) { return *map.topology().hex_named(name); };
  const int river = 0, bridge = 1, road = 0, rail = 1;
  const core::TerrainModel now = with_map_state(
      map, c.states, {{"bridge_destroyed", {"0405/0404"}}, {"rail_destroyed", {"0203"}}, {"control", {"0101"}}});
  EXPECT_EQ(now.hexside_features(hex("0404"), hex("0405")), core::feature_bit(river));
  EXPECT_EQ(now.lines_across(hex("0404"), hex("0405")), 0u);
  EXPECT_EQ(now.lines_across(hex("0403"), hex("0404")), core::line_bit(road));
  EXPECT_EQ(now.lines_in(hex("0203")), 0u);
  EXPECT_EQ(now.lines_across(hex("0202"), hex("0203")), 0u);
  EXPECT_EQ(now.lines_across(hex("0204"), hex("0205")), core::line_bit(rail));
  // The file's own model is untouched; nothing in a state leaves the map as it was.
  EXPECT_EQ(map.hexside_features(hex("0404"), hex("0405")), core::feature_bit(river) | core::feature_bit(bridge));
  EXPECT_EQ(with_map_state(map, c.states, {{"bridge_destroyed", {}}}).lines_across(hex("0404"), hex("0405")),
            core::line_bit(road));
  EXPECT_THROW(with_map_state(map, c.states, {{"burned", {"0404/0405"}}}), std::invalid_argument);
  EXPECT_THROW(with_map_state(map, c.states, {{"rail_destroyed", {"9999"}}}), std::invalid_argument);
  EXPECT_THROW(with_map_state(map, c.states, {{"bridge_destroyed", {"0404/0406"}}}), std::invalid_argument);
}

TEST(CompanionState, RefusesMistakesAtFileLineAndColumn) {
  EXPECT_EQ(error_of("[state.x]\nmarker = \"M\"\n"), "s.toml, line 11, column 1: [state.x] has no 'at'");
  EXPECT_EQ(error_of("[state.x]\nat = \"vertex\"\nmarker = \"M\"\n"),
            "s.toml, line 12, column 7: 'at' in [state.x] must be \"hex\" or \"hexside\"");
  EXPECT_EQ(error_of("[state.x]\nat = \"hex\"\nmarker = \"M\"\nproperty = \"P\"\n"),
            "s.toml, line 14, column 12: [state.x] gives both 'marker' and 'property': the save holds it in one of them");
  EXPECT_EQ(error_of("[state.x]\nat = \"hex\"\nfallback = [\"0101\"]\n"),
            "s.toml, line 11, column 1: [state.x] gives no 'marker' or 'property': the save must hold it (a "
            "'fallback' is used only when the module has neither)");
  EXPECT_EQ(error_of("[state.x]\nat = \"hex\"\nmarker = \"M\"\nfallback = [\"0101\", \"9999\"]\n"),
            "s.toml, line 14, column 22: unknown hex '9999' on map 'Main Map' in the fallback of [state.x]");
  EXPECT_EQ(error_of("[state.x]\nat = \"hex\"\nmarker = \"M\"\nfallback = \"0101 0101\"\n"),
            "s.toml, line 14, column 18: duplicate hex '0101' in the fallback of [state.x] (first at line 14)");
  EXPECT_EQ(error_of("[state.x]\nat = \"hexside\"\nmarker = \"M\"\nfallback = [\"0404/0406\"]\n"),
            "s.toml, line 14, column 14: hexside '0404/0406' joins hexes that are not adjacent on map 'Main Map'");
  EXPECT_EQ(error_of("[state.x]\nat = \"hexside\"\nmarker = \"M\"\nfallback = [\"0404\"]\n"),
            "s.toml, line 14, column 14: hexside '0404' in the fallback of [state.x] must be two hex names joined "
            "by '/', like 1426/1525");
  EXPECT_EQ(error_of("[state.x]\nat = \"hexside\"\nmarker = \"M\"\nfallback = [\"0404/9999\"]\n"),
            "s.toml, line 14, column 14: unknown hexside '0404/9999' on map 'Main Map' in the fallback of [state.x]");
  EXPECT_EQ(error_of("[state.x]\nat = \"hex\"\nmarker = \"M\"\nremoves = [\"bridge\"]\n"),
            "s.toml, line 14, column 11: 'removes' in [state.x] applies to a hexside state (at = \"hexside\")");
  EXPECT_EQ(error_of("[state.x]\nat = \"hexside\"\nmarker = \"M\"\nremoves = [\"ford\"]\n"),
            "s.toml, line 14, column 13: unknown hexside feature 'ford' (vocabulary 'hexside' has river, bridge)");
  EXPECT_EQ(error_of("[state.x]\nat = \"hex\"\nmarker = \"M\"\ncuts = [\"pike\"]\n"),
            "s.toml, line 14, column 10: unknown line type 'pike' (vocabulary 'lines' has road, rail)");
  EXPECT_EQ(error_of("[state.x]\nat = \"hex\"\nmarker = \"M\"\nmap = \"Charts\"\n"),
            "s.toml, line 14, column 8: unknown map 'Charts' in [state.x] (the file describes Main Map)");
  EXPECT_EQ(error_of("[state.x]\nat = \"hex\"\nmarker = \"M\"\nwhere = 1\n"),
            "s.toml, line 14, column 1: unknown key 'where' in [state.x] (expected at, map, marker, property, "
            "fallback, removes, cuts)");
  EXPECT_EQ(error_of("", "state = 1\n" + kHead), "s.toml, line 1, column 9: 'state' must be [state.NAME] tables");
  EXPECT_EQ(error_of("[state]\nx = 1\n"), "s.toml, line 12, column 5: 'state.x' must be a table ([state.x])");
  EXPECT_EQ(error_of("[globals]\nreplacement_points = 5\n"),
            "s.toml, line 12, column 22: 'replacement_points' in [globals] must be a string");
  EXPECT_EQ(error_of("[statte.x]\n"), "s.toml, line 11, column 2: unknown key 'statte' in the file (expected format, "
                                      "rules, module, vocabulary, map, units, movement, sight, state, globals)");
  const std::string two_maps = kHead + "[[map]]\nname = \"Other Map\"\ndefault_terrain = \"clear\"\n";
  EXPECT_EQ(error_of("[state.x]\nat = \"hex\"\nmarker = \"M\"\n", two_maps),
            "s.toml, line 14, column 1: [state.x] has no 'map' and the file describes several maps (Main Map, Other Map)");
  EXPECT_EQ(parse("[state.x]\nat = \"hex\"\nmarker = \"M\"\nmap = \"Other Map\"\n", two_maps).states[0].map, "Other Map");
}

}  // namespace
}  // namespace adjutant::vmod
