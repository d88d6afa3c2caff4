// The terrain companion file: the documented example loads into the terrain model it describes
// (terrain, elevation, hexsides from both hexes, roads crossing and joining, places, areas, unit
// mapping), and every kind of mistake is refused with the file, line and column.
#include "vmod/companion.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "core/geometry/geometry_error.h"
#include "terrain_examples.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

using core::Hex;

// A Lee Invades the North-like map: VASSAL's default HexGridNumbering (4-digit CCRR names) on a
// board holding columns 01 to 46.
core::HexTopology lin_topology() { return testing::ccrr_topology({2550, 3200}); }

// The module has one hex map, "Main Map", and a map "Charts" without a hex grid.
std::optional<core::HexTopology> lookup(const std::string& map, const std::string& board) {
  if (map == "Charts") throw core::GeometryError("map 'Charts' has no hex grid");
  if (map != "Main Map" || (!board.empty() && board != "Main")) return std::nullopt;
  return lin_topology();
}

// The first ```toml block of docs/companion-format.md.
std::string documented_example() {
  std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) + "/docs/companion-format.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const auto start = doc.find("```toml\n");
  const auto end = doc.find("```\n", start + 8);
  if (start == std::string::npos || end == std::string::npos) return {};
  return doc.substr(start + 8, end - start - 8);
}

class CompanionExample : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string text = documented_example();
    ASSERT_FALSE(text.empty()) << "no ```toml block in docs/companion-format.md";
    companion = new Companion(parse_companion(text, "lin.toml", lookup));
  }
  static void TearDownTestSuite() {
    delete companion;
    companion = nullptr;
  }
  static const core::TerrainModel& map() { return *companion->map("Main Map"); }
  static Hex hex(std::string_view name) {
    const auto h = map().topology().hex_named(name);
    EXPECT_TRUE(h.has_value()) << name;
    return h.value_or(Hex{});
  }
  static int dir(std::string_view from, std::string_view to) {
    const auto d = map().topology().direction(hex(from), hex(to));
    EXPECT_TRUE(d.has_value()) << from << " and " << to << " are not adjacent";
    return d.value_or(0);
  }
  static int id(const core::Vocabulary& v, std::string_view name) {
    const auto i = v.id(name);
    EXPECT_TRUE(i.has_value()) << name;
    return i.value_or(-1);
  }
  static Companion* companion;
};
Companion* CompanionExample::companion = nullptr;

TEST_F(CompanionExample, HeaderAndVocabulary) {
  EXPECT_EQ(companion->file, "lin.toml");
  EXPECT_EQ(companion->format, 1);
  EXPECT_EQ(companion->rules, "litn");
  EXPECT_EQ(companion->module_name, "Lee Invades the North");
  EXPECT_EQ(companion->module_version, "1.0");
  const core::TerrainVocabulary& v = *companion->vocabulary;
  EXPECT_EQ(v.terrain.names(), (std::vector<std::string>{"clear", "ridge", "town", "woods"}));
  EXPECT_EQ(v.hexside.id("major river"), 1);
  EXPECT_EQ(v.high_side, core::feature_bit(id(v.hexside, "slope")));
  EXPECT_EQ(v.lines.size(), 4);
  EXPECT_EQ(v.places.id("supply source"), 5);
  ASSERT_EQ(companion->maps.size(), 1u);
  EXPECT_EQ(companion->map("Main Map"), &companion->maps[0]);
  EXPECT_EQ(companion->map("Main Map", "Other"), nullptr);
  EXPECT_EQ(companion->map("Charts"), nullptr);
}

TEST_F(CompanionExample, TerrainAndElevation) {
  const auto& v = map().vocabulary();
  EXPECT_EQ(map().terrain_name(hex("1426")), "ridge");
  EXPECT_EQ(map().terrain_name(hex("1428")), "ridge");
  EXPECT_EQ(map().terrain_name(hex("1529")), "town");
  EXPECT_EQ(map().terrain_name(hex("4001")), "town");
  EXPECT_EQ(map().terrain(hex("1011")), id(v.terrain, "woods"));  // from the range 1010..1012
  EXPECT_EQ(map().terrain_name(hex("1013")), "clear");
  EXPECT_EQ(map().terrain_name(hex("1111")), "woods");
  EXPECT_EQ(map().terrain_name(hex("0101")), "clear");
  EXPECT_EQ(map().elevation(hex("1426")), 2);
  EXPECT_EQ(map().elevation(hex("1629")), 1);
  EXPECT_EQ(map().elevation(hex("1530")), -1);
  EXPECT_EQ(map().elevation(hex("0101")), 0);
}

TEST_F(CompanionExample, HexsideFeaturesFromBothHexes) {
  const auto& v = map().vocabulary();
  const int river = id(v.hexside, "river"), bridge = id(v.hexside, "bridge"), slope = id(v.hexside, "slope");
  const core::FeatureSet both = core::feature_bit(river) | core::feature_bit(bridge);
  EXPECT_EQ(map().hexside_features(hex("1529"), dir("1529", "1530")), both);
  EXPECT_EQ(map().hexside_features(hex("1530"), dir("1530", "1529")), both);
  EXPECT_EQ(map().hexside_features(hex("1629"), hex("1628")), core::feature_bit(river));
  EXPECT_TRUE(map().has_hexside_feature(hex("1529"), hex("1429"), id(v.hexside, "major river")));
  EXPECT_TRUE(map().has_hexside_feature(hex("1526"), hex("1426"), id(v.hexside, "stream")));
  EXPECT_EQ(map().hexside_features(hex("1529"), hex("1629")), 0u);
  EXPECT_EQ(map().high_side(hex("1525"), hex("1426"), slope), hex("1426"));
  EXPECT_EQ(map().high_side(hex("1526"), hex("1427"), slope), hex("1427"));
  // Attacking from 1525 into 1426 is uphill; the other way, downhill.
  EXPECT_FALSE(map().high_side_features(hex("1525"), dir("1525", "1426")) & core::feature_bit(slope));
  EXPECT_TRUE(map().high_side_features(hex("1426"), dir("1426", "1525")) & core::feature_bit(slope));
}

TEST_F(CompanionExample, RoadsCrossHexsidesAndJoinInHexes) {
  const auto& v = map().vocabulary();
  const int pike = id(v.lines, "pike"), road = id(v.lines, "road"), railroad = id(v.lines, "railroad");
  // Entering 1526 from 1525 is along the pike; entering it from 1426 is not.
  EXPECT_EQ(map().lines_across(hex("1525"), hex("1526")), core::line_bit(pike));
  EXPECT_EQ(map().lines_across(hex("1526"), dir("1526", "1525")), core::line_bit(pike));
  EXPECT_EQ(map().lines_across(hex("1426"), hex("1526")), 0u);
  EXPECT_EQ(map().lines_in(hex("1527")), core::line_bit(pike) | core::line_bit(road));
  // The road crosses the pike in 1527: a crossroads.
  EXPECT_TRUE(map().lines_connect(hex("1527"), pike, dir("1527", "1526"), dir("1527", "1528")));
  EXPECT_TRUE(map().lines_connect(hex("1527"), road, dir("1527", "1427"), dir("1527", "1627")));
  EXPECT_TRUE(map().lines_connect(hex("1527"), dir("1527", "1526"), pike, dir("1527", "1627"), road));
  // The B&O leaves 1529, where the pike ends, without joining it.
  EXPECT_EQ(map().lines_in(hex("1529")), core::line_bit(pike) | core::line_bit(railroad));
  EXPECT_FALSE(map().lines_connect(hex("1529"), dir("1529", "1528"), pike, dir("1529", "1629"), railroad));
  EXPECT_TRUE(map().lines_connect(hex("1629"), railroad, dir("1629", "1529"), dir("1629", "1728")));
  ASSERT_EQ(map().lines().size(), 3u);
  EXPECT_EQ(map().lines()[0].name, "Frederick Pike");
  EXPECT_EQ(map().lines()[2].name, "B&O");
  EXPECT_EQ(map().lines()[2].hexes.size(), 4u);
}

TEST_F(CompanionExample, PlacesAndAreas) {
  const auto& v = map().vocabulary();
  const core::Place* hf = map().place_named("Harpers Ferry");
  ASSERT_NE(hf, nullptr);
  EXPECT_EQ(hf->kind, id(v.places, "town"));
  EXPECT_EQ(hf->hexes, std::vector<Hex>{hex("1529")});
  EXPECT_EQ(std::get<int64_t>(hf->properties.at("vp")), 2);
  const core::Place* washington = map().place_named("Washington");
  ASSERT_NE(washington, nullptr);
  EXPECT_EQ(washington->hexes.size(), 2u);
  EXPECT_EQ(std::get<int64_t>(washington->properties.at("strength_1863")), 5);
  EXPECT_TRUE(map().has_place(hex("3447"), id(v.places, "fortification")));
  EXPECT_TRUE(map().has_place(hex("2301"), id(v.places, "supply source")));
  EXPECT_EQ(std::get<std::string>(map().place_named("Union supply")->properties.at("side")), "Union");
  const core::Place* entry = map().place_named("Confederate entry");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->line, 85);
  EXPECT_EQ(map().places_at(hex("4001")).size(), 1u);
  EXPECT_TRUE(map().places_at(hex("1527")).empty());

  const auto maryland = map().area_named("Maryland");
  const auto union_territory = map().area_named("Union territory");
  const auto confederate = map().area_named("Confederate territory");
  ASSERT_TRUE(maryland && union_territory && confederate);
  // 1520..2030: columns 15 to 20, rows 20 to 30 as the names count them.
  EXPECT_EQ(map().areas()[static_cast<size_t>(*maryland)].hexes.size(), 6u * 11u);
  EXPECT_TRUE(map().in_area(hex("1520"), *maryland));
  EXPECT_TRUE(map().in_area(hex("1620"), *maryland));
  EXPECT_TRUE(map().in_area(hex("2030"), *maryland));
  EXPECT_FALSE(map().in_area(hex("2031"), *maryland));
  EXPECT_FALSE(map().in_area(hex("1519"), *maryland));
  // Harpers Ferry is friendly to both sides.
  EXPECT_TRUE(map().in_area(hex("1529"), *union_territory));
  EXPECT_TRUE(map().in_area(hex("1529"), *confederate));
  EXPECT_TRUE(map().in_area(hex("3343"), *union_territory));
  EXPECT_FALSE(map().in_area(hex("3343"), *confederate));
  EXPECT_TRUE(map().in_area(hex("0131"), *confederate));
  EXPECT_EQ(std::get<std::string>(map().areas()[static_cast<size_t>(*confederate)].properties.at("friendly_to")),
            "Confederate");
}

TEST_F(CompanionExample, UnitMapping) {
  const core::UnitMapping& u = companion->units;
  EXPECT_EQ(u.attributes.size(), 9u);
  ASSERT_EQ(u.sources.size(), 8u);
  EXPECT_EQ(u.sources[0].first, "side");  // file order, not alphabetical
  EXPECT_EQ(u.sources[7].first, "corps");
  const core::AttributeSource* type = u.source("type");
  ASSERT_NE(type, nullptr);
  EXPECT_EQ(type->from, core::AttributeSource::From::kPrototype);
  EXPECT_EQ(type->values, (core::StringPairs{{"Infantry", "inf"}, {"Cavalry", "cav"}, {"Artillery", "art"}}));
  EXPECT_EQ(u.source("strength")->from, core::AttributeSource::From::kLayer);
  ASSERT_EQ(u.rules.size(), 3u);
  EXPECT_EQ(u.rules[1].set, (core::StringPairs{{"command", "4"}}));
  EXPECT_EQ(u.rules[2].unit, false);

  std::map<std::string, std::string> props = {{"Side", "CSA"}, {"MA", "6"}, {"Strength_Level", "4"}, {"Corps", "I"}};
  core::PieceView piece{"Hood", {"Infantry"}, [&](std::string_view name) -> std::optional<std::string> {
                          const auto it = props.find(std::string(name));
                          if (it == props.end()) return std::nullopt;
                          return it->second;
                        }};
  const auto unit = u.resolve(piece);
  ASSERT_TRUE(unit.has_value());
  EXPECT_EQ(*unit, (std::map<std::string, std::string>{
                       {"side", "Confederate"}, {"type", "inf"}, {"strength", "4"}, {"movement", "6"}, {"corps", "I"}}));
  piece.name = "McClellan";
  piece.prototypes = {"Leader"};
  props["Side"] = "USA";
  EXPECT_EQ(u.resolve(piece)->at("command"), "4");
  EXPECT_EQ(u.resolve(piece)->at("kind"), "leader");
  props["Type"] = "Marker";
  EXPECT_EQ(u.resolve(piece), std::nullopt);
}

TEST_F(CompanionExample, Summary) {
  const CompanionSummary s = summarize(*companion);
  EXPECT_EQ(s.rules, "litn");
  EXPECT_EQ(s.module_name, "Lee Invades the North");
  EXPECT_EQ(s.terrain_types, 4);
  EXPECT_EQ(s.hexside_feature_types, 7);
  ASSERT_EQ(s.maps.size(), 1u);
  const CompanionMapSummary& m = s.maps[0];
  EXPECT_EQ(m.name, "Main Map");
  EXPECT_EQ(m.hexes, static_cast<int>(map().hexes().size()));
  EXPECT_EQ(m.terrain[1], (std::pair<std::string, int>{"ridge", 3}));
  EXPECT_EQ(m.terrain[2], (std::pair<std::string, int>{"town", 2}));
  EXPECT_EQ(m.terrain[3], (std::pair<std::string, int>{"woods", 4}));
  EXPECT_EQ(m.terrain[0].second, m.hexes - 9);
  EXPECT_EQ(m.min_elevation, -1);
  EXPECT_EQ(m.max_elevation, 2);
  EXPECT_EQ(m.hexside_features[0], (std::pair<std::string, int>{"river", 3}));
  EXPECT_EQ(m.hexside_features[6], (std::pair<std::string, int>{"slope", 2}));
  EXPECT_EQ(m.lines[0], (std::pair<std::string, int>{"pike", 1}));
  EXPECT_EQ(m.lines[2], (std::pair<std::string, int>{"trail", 0}));
  EXPECT_EQ(m.places[1], (std::pair<std::string, int>{"city", 1}));
  EXPECT_EQ(m.areas, 4);
  EXPECT_EQ(s.unit_attributes, 9);
  EXPECT_EQ(s.unit_sources, 8);
  EXPECT_EQ(s.unit_rules, 3);
}

TEST(Companion, LoadsFromAFile) {
  const auto path =
      std::filesystem::temp_directory_path() / ("adjutant_companion_test_" + std::to_string(::getpid()) + ".toml");
  {
    std::ofstream out(path);
    out << documented_example();
  }
  const Companion c = load_companion(path, lookup);
  EXPECT_EQ(c.file, path.string());
  EXPECT_EQ(c.maps.size(), 1u);
  std::filesystem::remove(path);
  try {
    load_companion(path, lookup);
    FAIL() << "a missing file loaded";
  } catch (const CompanionError& e) {
    EXPECT_EQ(e.place().file, path.string());
    EXPECT_NE(std::string(e.what()).find("cannot read"), std::string::npos);
  }
}

// --- errors ---

// Lines 1 to 12 of every error case; the case's own text starts at line 13.
const char* const kHead = R"(rules = "litn"
[module]
name = "Lee Invades the North"
[vocabulary]
terrain = ["clear", "ridge", "town"]
hexside = ["river", "bridge", "slope"]
high_side = ["slope"]
lines = ["road", "railroad"]
places = ["town", "depot"]
unit_attributes = ["side", "type"]
[[map]]
name = "Main Map"
)";

struct ErrorCase {
  std::string name;
  std::string body;     // from line 13
  int line;
  int column;           // 0: not checked
  std::string message;  // a part of the message
};

void PrintTo(const ErrorCase& c, std::ostream* os) { *os << c.name; }

class CompanionErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(CompanionErrors, NameFileLineAndProblem) {
  const ErrorCase& c = GetParam();
  try {
    parse_companion(std::string(kHead) + c.body, "lin.toml", lookup);
    FAIL() << "accepted:\n" << c.body;
  } catch (const CompanionError& e) {
    EXPECT_EQ(e.place().file, "lin.toml");
    const std::string position = "line " + std::to_string(c.line) + (c.column ? ", column " + std::to_string(c.column) : "");
    EXPECT_EQ(e.place().position.substr(0, position.size()), position) << e.what();
    EXPECT_NE(e.message().find(c.message), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).rfind("lin.toml, line " + std::to_string(c.line), 0), 0u) << e.what();
  }
}

const ErrorCase kErrorCases[] = {
    {"MalformedToml", "default_terrain = \"clear\"\nterrain = [\"1426\"\n", 14, 0, "malformed TOML"},
    {"KeyGivenTwice", "default_terrain = \"clear\"\ndefault_terrain = \"ridge\"\n", 14, 0, "malformed TOML"},
    {"UnknownHex", "default_terrain = \"clear\"\n[map.terrain]\nridge = [\"1426\", \"Q99\"]\n", 15, 19,
     "unknown hex 'Q99' on map 'Main Map'"},
    {"HexOffTheBoardInList", "default_terrain = \"clear\"\n[map.terrain]\nridge = [\"1426\", \"1599\"]\n", 15, 19,
     "hex '1599' is off the board of map 'Main Map'"},
    {"UnknownHexInString", "default_terrain = \"clear\"\n[map.terrain]\nridge = \"1426 15x9\"\n", 15, 15,
     "unknown hex '15x9'"},
    {"HexOffTheBoard", "default_terrain = \"clear\"\n[map.elevation]\n2 = [\"4799\"]\n", 15, 7,
     "hex '4799' is off the board of map 'Main Map'"},
    {"HexsideBetweenNonAdjacentHexes", "default_terrain = \"clear\"\n[map.hexsides]\nriver = [\"1426/1525\", \"1426/1527\"]\n",
     15, 24, "hexside '1426/1527' joins hexes that are not adjacent"},
    {"HexsideWithoutSlash", "default_terrain = \"clear\"\n[map.hexsides]\nriver = [\"1426\"]\n", 15, 11,
     "must be two hex names joined by '/'"},
    {"HexsideWithUnknownHex", "default_terrain = \"clear\"\n[map.hexsides]\nriver = [\"1426/9x\"]\n", 15, 11,
     "unknown hex '9x' in hexside '1426/9x'"},
    {"UnknownTerrainType", "default_terrain = \"clear\"\n[map.terrain]\nridge = [\"1426\"]\nwood = [\"1427\"]\n", 16, 1,
     "unknown terrain type 'wood' (vocabulary 'terrain' has clear, ridge, town)"},
    {"UnknownDefaultTerrain", "default_terrain = \"plain\"\n", 13, 20, "unknown terrain type 'plain'"},
    {"UnknownHexsideFeature", "default_terrain = \"clear\"\n[map.hexsides]\ncreek = [\"1426/1525\"]\n", 15, 1,
     "unknown hexside feature 'creek'"},
    {"UnknownLineType", "default_terrain = \"clear\"\n[[map.line]]\ntype = \"pike\"\nhexes = \"1525 1526\"\n", 15, 9,
     "unknown line feature type 'pike'"},
    {"UnknownPlaceKind", "default_terrain = \"clear\"\n[[map.place]]\nname = \"Harrisburg\"\nkind = \"city\"\nhex = \"4001\"\n",
     16, 9, "unknown place kind 'city'"},
    {"UnknownUnitAttribute", "default_terrain = \"clear\"\n[units.attributes]\nside = { property = \"Side\" }\nstrength = { layer = \"Strength\" }\n",
     16, 1, "unknown unit attribute 'strength'"},
    {"UnknownAttributeInRule", "default_terrain = \"clear\"\n[[units.rule]]\nname = \"Lee\"\nset = { rank = 1 }\n", 16, 9,
     "unknown unit attribute 'rank'"},
    {"DuplicateHexInTerrain", "default_terrain = \"clear\"\n[map.terrain]\nridge = [\"1426\"]\ntown = [\"1529\", \"1426\"]\n",
     16, 18, "duplicate hex '1426' in [map.terrain] (first at line 15)"},
    {"DuplicateHexReportedInFileOrder", "default_terrain = \"clear\"\n[map.terrain]\ntown = [\"1426\"]\nridge = [\"1426\"]\n",
     16, 11, "duplicate hex '1426' in [map.terrain] (first at line 15)"},
    {"DuplicateHexInOneList", "default_terrain = \"clear\"\n[map.terrain]\nridge = \"1426 1427 1426\"\n", 15, 20,
     "duplicate hex '1426'"},
    {"DuplicateHexViaRange", "default_terrain = \"clear\"\n[map.elevation]\n1 = [\"1426..1428\"]\n2 = [\"1427\"]\n", 16, 7,
     "duplicate hex '1427' in [map.elevation] (first at line 15)"},
    {"RangeWithoutEnd", "default_terrain = \"clear\"\n[map.terrain]\nridge = [\"1426..\"]\n", 15, 11,
     "range '1426..' must be two hex names joined by '..'"},
    {"DuplicateHexside", "default_terrain = \"clear\"\n[map.hexsides]\nriver = [\"1426/1525\", \"1525/1426\"]\n", 15, 24,
     "duplicate hexside '1426/1525' for 'river'"},
    {"DuplicatePlace",
     "default_terrain = \"clear\"\n[[map.place]]\nname = \"Frederick\"\nkind = \"town\"\nhex = \"2020\"\n"
     "[[map.place]]\nname = \"Frederick\"\nkind = \"town\"\nhex = \"2021\"\n",
     19, 9, "duplicate town 'Frederick' (first at line 15)"},
    {"DuplicateArea", "default_terrain = \"clear\"\n[[map.area]]\nname = \"MD\"\nhexes = \"2020\"\n[[map.area]]\nname = \"MD\"\nhexes = \"2021\"\n",
     18, 9, "duplicate area 'MD' (first at line 15)"},
    {"DuplicateMap", "default_terrain = \"clear\"\n[[map]]\nname = \"Main Map\"\ndefault_terrain = \"clear\"\n", 15, 9,
     "duplicate [[map]] 'Main Map' (first at line 12)"},
    {"UnknownMap", "default_terrain = \"clear\"\n[[map]]\nname = \"Strategic Map\"\ndefault_terrain = \"clear\"\n", 15, 9,
     "unknown map 'Strategic Map' (the module has no map of that name)"},
    {"UnknownBoard", "board = \"West\"\ndefault_terrain = \"clear\"\n", 12, 9, "unknown map 'Main Map' with board 'West'"},
    {"MapWithoutHexGrid", "default_terrain = \"clear\"\n[[map]]\nname = \"Charts\"\ndefault_terrain = \"clear\"\n", 15, 9,
     "map 'Charts': map 'Charts' has no hex grid"},
    {"UnknownKey", "default_terrain = \"clear\"\ndefault_elevaton = 2\n", 14, 1, "unknown key 'default_elevaton' in [[map]]"},
    {"MissingDefaultTerrain", "[map.terrain]\nridge = [\"1426\"]\n", 11, 0, "map 'Main Map' has no 'default_terrain'"},
    {"ChainWithAGap", "default_terrain = \"clear\"\n[[map.line]]\ntype = \"road\"\nname = \"Frederick Pike\"\nhexes = \"1525 1526 1528\"\n",
     17, 20, "road 'Frederick Pike': hexes '1526' and '1528' are not adjacent"},
    {"ChainOfOneHex", "default_terrain = \"clear\"\n[[map.line]]\ntype = \"road\"\nhexes = [\"1525\"]\n", 16, 9,
     "needs at least two hexes"},
    {"NoJunctionOffTheLine", "default_terrain = \"clear\"\n[[map.line]]\ntype = \"road\"\nhexes = \"1525 1526\"\nno_junction = [\"1527\"]\n",
     17, 17, "no_junction hex '1527' is not on a road"},
    {"SlopeWithoutHighSide", "default_terrain = \"clear\"\n[map.hexsides]\nslope = [\"1426/1525\"]\n", 15, 9,
     "'slope' needs the high side of each hexside"},
    {"HighSideNotOnHexside", "default_terrain = \"clear\"\n[map.hexsides.slope]\n\"1426/1525\" = \"1427\"\n", 15, 1,
     "the high side '1427' of 'slope' is not a hex of hexside '1426/1525'"},
    {"RiverWithHighSide", "default_terrain = \"clear\"\n[map.hexsides.river]\n\"1426/1525\" = \"1426\"\n", 14, 0,
     "'river' has no high side"},
    {"ElevationLevelNotANumber", "default_terrain = \"clear\"\n[map.elevation]\nhigh = [\"1426\"]\n", 15, 1,
     "elevation level 'high' is not a whole number"},
    {"PlacePropertyTable", "default_terrain = \"clear\"\n[[map.place]]\nname = \"X\"\nkind = \"town\"\nhex = \"2020\"\nvp = { a = 1 }\n",
     18, 6, "'vp' in place 'X' must be a string, number or boolean"},
    {"AreaIncludesUnknownArea", "default_terrain = \"clear\"\n[[map.area]]\nname = \"Union\"\nareas = [\"MD\"]\n", 16, 11,
     "unknown area 'MD'"},
    {"SourceWithTwoKinds", "default_terrain = \"clear\"\n[units.attributes]\nside = { property = \"Side\", layer = \"Side\" }\n", 15, 8,
     "exactly one of 'property', 'layer', 'prototype' or 'value'"},
    {"RuleWithoutCondition", "default_terrain = \"clear\"\n[[units.rule]]\nset = { side = \"Union\" }\n", 14, 0,
     "matches no pieces"},
};

INSTANTIATE_TEST_SUITE_P(Companion, CompanionErrors, ::testing::ValuesIn(kErrorCases),
                         [](const ::testing::TestParamInfo<ErrorCase>& info) { return info.param.name; });

void expect_error(const std::string& text, int line, const std::string& message) {
  try {
    parse_companion(text, "c.toml", lookup);
    FAIL() << "accepted:\n" << text;
  } catch (const CompanionError& e) {
    EXPECT_EQ(e.place().position.rfind("line " + std::to_string(line), 0), 0u) << e.what();
    EXPECT_NE(e.message().find(message), std::string::npos) << e.what();
  }
}

TEST(Companion, HeaderErrors) {
  expect_error("format = 2\nrules = \"litn\"\n", 1, "format 2 is newer than this Adjutant reads (1)");
  expect_error("[module]\nname = \"M\"\n", 1, "the file has no 'rules'");
  expect_error("rules = \"litn\"\n[module]\nversion = \"1\"\n", 2, "[module] has no 'name'");
  expect_error("rules = \"litn\"\n[module]\nname = \"M\"\n[vocabulary]\nterrain = [\"clear\", \"ridge\", \"clear\"]\n", 5,
               "duplicate terrain type 'clear' (first at line 5)");
  expect_error("rules = \"litn\"\n[module]\nname = \"M\"\n[vocabulary]\nterrain = [\"clear\"]\nhigh_side = [\"slope\"]\n", 6,
               "high-side feature 'slope' is not in vocabulary 'hexside'");
  expect_error("rules = \"litn\"\n[module]\nname = \"M\"\n[vocabulary]\nterrain = [\"clear\"]\n", 1, "the file has no [[map]]");
  expect_error(std::string(kHead) + "default_terrain = \"clear\"\n[units]\nattributes = 3\n", 15,
               "'attributes' in [units] must be a table");
}

TEST(Companion, ErrorTextNamesFileLineAndColumn) {
  try {
    parse_companion(std::string(kHead) + "default_terrain = \"clear\"\n[map.terrain]\nridge = [\"1426\", \"1599\"]\n",
                    "lin.toml", lookup);
    FAIL();
  } catch (const FormatError& e) {
    EXPECT_STREQ(e.what(), "lin.toml, line 15, column 19: hex '1599' is off the board of map 'Main Map'");
  }
}

TEST(Companion, ABoardCanBeNamed) {
  const Companion c = parse_companion(std::string(kHead) + "board = \"Main\"\ndefault_terrain = \"ridge\"\n", "c.toml", lookup);
  ASSERT_NE(c.map("Main Map", "Main"), nullptr);
  EXPECT_EQ(c.map("Main Map")->board(), "Main");
  EXPECT_EQ(c.map("Main Map")->terrain_name(Hex{3, 3}), "ridge");
  EXPECT_TRUE(c.units.empty());
}

}  // namespace
}  // namespace adjutant::vmod
