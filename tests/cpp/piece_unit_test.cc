// Pieces as rule units: the prototypes a piece uses, followed through the module's definitions,
// and a companion file's [units] applied to a game's piece and to the piece a PieceSlot makes.
#include "vmod/piece_unit.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/cpp/trait_texts.h"
#include "vmod/format_error.h"
#include "vmod/sequence_codec.h"

namespace adjutant::vmod {
namespace {

using testing::definition;
using testing::nest;

constexpr char kTab = '\t';
constexpr char kEsc = '\x1b';
const std::string kPkg = "VASSAL.build.module.";

// Lee uses Unit, which uses Base, then Base again (named once) and Gone, which the module lacks;
// Base gives the Side marker.
const std::string kBase = definition({"mark;Side", "piece;;;;"}, {"Confederate", "null;0;0;;0"});
const std::string kUnit = definition({"prototype;Base", "piece;;;;"}, {"", "null;0;0;;0"});
const std::string kLee = definition({"prototype;Unit", "prototype;Base", "prototype;Gone", "piece;;;lee.png;Lee"},
                                    {"", "", "", "null;0;0;1;0"});

std::string prototype(const std::string& name, const std::string& text) {
  return "<" + kPkg + "PrototypeDefinition name=\"" + name + "\">" + text + "</" + kPkg + "PrototypeDefinition>";
}

Module module() {
  return parse_build_file(
      "<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule name=\"Test\" version=\"1\" VassalVersion=\"3.7.12\">"
      "<" + kPkg + "Map mapName=\"Main Map\"><" + kPkg + "map.BoardPicker>"
      "<" + kPkg + "map.boardPicker.Board name=\"B\" width=\"500\" height=\"400\"/></" + kPkg + "map.BoardPicker>"
      "<" + kPkg + "map.SetupStack name=\"HQ\" owningBoard=\"B\" x=\"10\" y=\"20\">"
      "<VASSAL.build.widget.PieceSlot entryName=\"Lee\" gpid=\"1\">" + kLee + "</VASSAL.build.widget.PieceSlot>"
      "</" + kPkg + "map.SetupStack></" + kPkg + "Map>"
      "<" + kPkg + "PrototypesContainer>" + prototype("Base", kBase) + prototype("Unit", kUnit) +
      "</" + kPkg + "PrototypesContainer></VASSAL.build.GameModule>\n",
      "test.vmod");
}

// side from the Side property; pieces using the Base prototype are infantry; "Marker*" no units.
core::UnitMapping units() {
  core::UnitMapping m;
  m.attributes = {"side", "class"};
  core::AttributeSource side;
  side.name = "Side";
  m.sources.emplace_back("side", side);
  core::UnitRule infantry;
  infantry.match.prototype = "Base";
  infantry.set = {{"class", "infantry"}};
  core::UnitRule marker;
  marker.match.name = "Marker*";
  marker.unit = false;
  m.rules = {infantry, marker};
  return m;
}

using Names = std::vector<std::string>;

TEST(PrototypesUsed, FollowedThroughTheModulesDefinitionsEachOnce) {
  const Module m = module();
  const TraitChain lee = TraitChain::from_definition(kLee);
  EXPECT_EQ(prototypes_used(lee, &m), (Names{"Unit", "Base", "Gone"}));
  const TraitChain unit_only = TraitChain::from_definition(definition({"prototype;Unit", "piece;;;;"}, {"", "null;0;0;;0"}));
  EXPECT_EQ(prototypes_used(unit_only, &m), (Names{"Unit", "Base"}));
  EXPECT_EQ(prototypes_used(unit_only, nullptr), (Names{"Unit"}));  // without the module: as written
}

TEST(PrototypesUsed, ABrokenDefinitionNamesItsLine) {
  Module m = module();
  m.build_file = "buildFile.xml";
  m.prototypes.at(1).definition = "not an AddPiece";
  try {
    prototypes_used(TraitChain::from_definition(kLee), &m);
    FAIL() << "no error";
  } catch (const PieceError& e) {
    EXPECT_EQ(e.place().entry, "buildFile.xml");
    EXPECT_EQ(e.place().position, "line " + std::to_string(m.prototypes.at(1).line));
  }
}

TEST(PieceUnit, ASlotsPieceByItsExpandedPropertiesAndPrototypes) {
  const Module m = module();
  const PieceSlotSpec& lee = m.maps.at(0).setup_stacks.at(0).slots.at(0);
  EXPECT_EQ(unit_of(units(), lee, m), (UnitAttributes{{"side", "Confederate"}, {"class", "infantry"}}));
}

TEST(PieceUnit, AGamesPieceByItsSavedChainWithTheGamesModule) {
  const Module m = module();
  auto piece = [](const std::string& id, const std::string& name, const std::string& prototype) {
    return "+/" + join_sequence({id, nest({"mark;Side", "prototype;" + prototype, "piece;;;x.png;" + name}),
                                 nest({"Union", "", "Main Map;10;20;1;0"})}, '/');
  };
  const Game game = Game::from_text(
      join_sequence({"begin_save", piece("A", "Meade", "Unit"), piece("B", "Marker 1", "Unit"),
                     piece("C", "Buford", "Other"), "end_save"}, kEsc),
      "test.vsav", &m);
  const core::UnitMapping u = units();
  EXPECT_EQ(unit_of(u, game, game.piece("A")), (UnitAttributes{{"side", "Union"}, {"class", "infantry"}}));
  EXPECT_EQ(unit_of(u, game, game.piece("B")), std::nullopt);  // a marker
  EXPECT_EQ(unit_of(u, game, game.piece("C")), (UnitAttributes{{"side", "Union"}}));
  // Another module without the prototypes: Unit no longer leads to Base.
  const Module bare = parse_build_file(
      "<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule name=\"Bare\" version=\"1\"/>\n", "bare.vmod");
  EXPECT_EQ(unit_of(u, game, game.piece("A"), &bare), (UnitAttributes{{"side", "Union"}}));
}

}  // namespace
}  // namespace adjutant::vmod
