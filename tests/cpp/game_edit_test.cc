// Putting pieces on the table from the palette and taking them off: the commands VASSAL records for
// a drop and a delete (spec §6.2), saves written after them (members before their stack, emptied
// stacks dropped) and the replay of a log that holds them.
#include <gtest/gtest.h>

#include <functional>

#include "tests/cpp/trait_texts.h"
#include "vmod/format_error.h"
#include "vmod/game.h"

namespace adjutant::vmod {
namespace {

using testing::definition;
using testing::nest;

constexpr char kEsc = '\x1b';

std::string add(const std::string& id, const std::string& type, const std::string& state) {
  return "+/" + join_sequence({id, type, state}, '/');
}

const std::string kTypeA = nest({"mark;Side", "piece;;;a.png;Alpha"});
const std::string kStateA = nest({"Union", "Main Map;100;200;;0"});
const std::string kTypeC = nest({"mark;Side", "piece;;;c.png;Charlie"});
const std::string kStateC = nest({"Union", "Main Map;100;200;;0"});

std::string setup_text() {
  const std::string pieces =
      join_sequence({"", add("A", kTypeA, kStateA), add("C", kTypeC, kStateC), add("S", "stack", "Main Map;100;200;A;C")},
                    kEsc);
  return join_sequence({"begin_save", pieces, "PLAYER\tp1\tJoel\tUnion", "end_save"}, kEsc);
}

// A map and a palette whose Build marker takes its Type from a prototype.
Module palette_module() {
  const std::string xml =
      "<VASSAL.build.GameModule name=\"Test\"><VASSAL.build.module.Map mapName=\"Main Map\"/>"
      "<VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PrototypeDefinition name=\"Marker\">" +
      definition({"mark;Type", "piece;;;;"}, {"marker", "null;0;0"}) +
      "</VASSAL.build.module.PrototypeDefinition></VASSAL.build.module.PrototypesContainer>"
      "<VASSAL.build.module.PieceWindow name=\"Pieces\"><VASSAL.build.widget.PieceSlot entryName=\"Build\" gpid=\"7\">" +
      definition({"prototype;Marker", "piece;;;build.png;Build"}, {"", "null;0;0"}) +
      "</VASSAL.build.widget.PieceSlot><VASSAL.build.widget.PieceSlot entryName=\"Ghost\" gpid=\"8\">" +
      definition({"prototype;Nowhere", "piece;;;;Ghost"}, {"", "null;0;0"}) +
      "</VASSAL.build.widget.PieceSlot></VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>";
  return parse_build_file(xml, "test.vmod");
}

const std::string kBuildType = nest({"mark;Type", "piece;;;build.png;Build"});

TEST(GameEdit, ADropOntoAStackIsAnAddPieceAndAMovePieceOntoItsTop) {
  const Module module = palette_module();
  Game game = Game::from_text(setup_text(), "test.vsav", &module);
  const std::string id = game.add_piece("Build", "Main Map", 100, 200);
  EXPECT_EQ(id, "adjutant-1");
  ASSERT_EQ(game.changes().size(), 1u);
  EXPECT_EQ(encode_command(game.changes()[0]),
            std::string() + kEsc + add(id, kBuildType, nest({"marker", "null;0;0;7;0"})) + kEsc +
                "M/adjutant-1/Main Map/100/200/C/null/0/0/null/p1");
  EXPECT_EQ(game.piece("S").members, (std::vector<std::string>{"A", "C", id}));
  const PropertyMap props = game.properties(game.piece(id));
  EXPECT_EQ(props.at("Type"), "marker");
  EXPECT_EQ(props.at("PieceName"), "Build");
  EXPECT_EQ(props.at("PieceId"), "7");
  EXPECT_EQ(props.at("StackPos"), "3");
  EXPECT_EQ(props.at("CurrentMap"), "Main Map");
}

TEST(GameEdit, ADropOnAnEmptyPointAddsThePieceThereAndANewStackHoldingIt) {
  const Module module = palette_module();
  Game game = Game::from_text(setup_text(), "test.vsav", &module);
  const std::string id = game.add_piece("Build", "Map0", 700, 800);  // the map by its id
  EXPECT_EQ(encode_command(game.changes()[0]),
            std::string() + kEsc + add(id, kBuildType, nest({"marker", "Main Map;700;800;7;0"})) + kEsc +
                "+/adjutant-2/stack/Main Map;700;800;adjutant-1");
  EXPECT_EQ(game.piece(id).stack, "adjutant-2");
  EXPECT_EQ(game.piece(id).x, 700);
}

TEST(GameEdit, ASaveAfterADropHoldsThePieceInItsStackAfterTheOtherMembers) {
  const Module module = palette_module();
  Game game = Game::from_text(setup_text(), "test.vsav", &module);
  const std::string on_stack = game.add_piece("Build", "Main Map", 100, 200);
  const std::string alone = game.add_piece("Build", "Main Map", 700, 800);
  const std::string text = game.save_text();
  const std::string pieces = join_sequence(
      {"", add("A", kTypeA, kStateA), add("C", kTypeC, kStateC),
       add(on_stack, kBuildType, nest({"marker", "null;100;200;7;0"})), add("S", "stack", "Main Map;100;200;A;C;" + on_stack),
       add(alone, kBuildType, nest({"marker", "Main Map;700;800;7;0"})), add("adjutant-3", "stack", "Main Map;700;800;" + alone)},
      kEsc);
  EXPECT_EQ(text, join_sequence({"begin_save", pieces, "PLAYER\tp1\tJoel\tUnion", "end_save"}, kEsc));

  // Reopened, the next new id passes those the save holds.
  Game again = Game::from_text(text, "again.vsav", &module);
  EXPECT_EQ(again.piece("S").members, (std::vector<std::string>{"A", "C", on_stack}));
  EXPECT_EQ(again.properties(again.piece(alone)).at("Type"), "marker");
  EXPECT_EQ(again.add_piece("Build", "Main Map", 900, 900), "adjutant-4");
}

TEST(GameEdit, ADeleteIsARemovePieceAndAnEmptiedStackLeavesSaves) {
  const Module module = palette_module();
  Game game = Game::from_text(setup_text(), "test.vsav", &module);
  game.delete_piece("C");
  EXPECT_EQ(encode_command(game.changes()[0]), "-/C");
  EXPECT_EQ(game.find("C"), nullptr);
  EXPECT_EQ(game.piece("S").members, (std::vector<std::string>{"A"}));
  game.delete_piece("A");
  EXPECT_EQ(game.save_text(), join_sequence({"begin_save", "", "PLAYER\tp1\tJoel\tUnion", "end_save"}, kEsc));
}

TEST(GameEdit, ALogWithADropAndADeleteReplaysBoth) {
  const Module module = palette_module();
  Game game = Game::from_text(setup_text(), "test.vsav", &module);
  const std::string id = game.add_piece("Build", "Main Map", 100, 200);
  game.delete_piece("A");
  const std::string step1 = join_sequence({"LOG\t", "LOG\t" + add(id, kBuildType, nest({"marker", "null;0;0;7;0"})),
                                           "LOG\tM/adjutant-1/Main Map/100/200/C/null/0/0/null/p1"},
                                          kEsc);
  EXPECT_EQ(game.log_text(), setup_text() + kEsc + join_sequence({step1, "LOG\t-/A"}, kEsc));

  Game log = Game::from_text(game.log_text(), "test.vlog", &module);
  ASSERT_EQ(log.step_count(), 2u);
  EXPECT_EQ(log.piece("S").members, (std::vector<std::string>{"C", id}));
  log.seek(0);
  EXPECT_EQ(log.find(id), nullptr);
  const StepEffect drop = log.step_forward();
  ASSERT_EQ(drop.pieces.size(), 1u);
  EXPECT_EQ(drop.pieces[0].id, id);
  EXPECT_TRUE(drop.pieces[0].created);
  EXPECT_EQ(drop.pieces[0].to, (PiecePlace{"Main Map", 100, 200}));
  const StepEffect removal = log.step_forward();
  ASSERT_EQ(removal.pieces.size(), 1u);
  EXPECT_EQ(removal.pieces[0].id, "A");
  EXPECT_TRUE(removal.pieces[0].removed);
  EXPECT_TRUE(log.step_back().pieces[0].removed);
  EXPECT_NE(log.find("A"), nullptr);
  EXPECT_TRUE(log.step_back().pieces[0].created);
  EXPECT_EQ(log.find(id), nullptr);
  EXPECT_EQ(log.piece("S").members, (std::vector<std::string>{"A", "C"}));
}

std::string refusal(const std::function<void()>& action) {
  try {
    action();
  } catch (const GameStateError& e) {
    return e.what();
  }
  return "(not refused)";
}

TEST(GameEdit, RefusalsNameThePieceTheEntryTheMapOrThePrototype) {
  const Module module = palette_module();
  Game game = Game::from_text(setup_text(), "test.vsav", &module);
  EXPECT_NE(refusal([&] { game.delete_piece("Z"); }).find("unknown piece Z"), std::string::npos);
  EXPECT_NE(refusal([&] { game.delete_piece("S"); }).find("S is a stack"), std::string::npos);
  EXPECT_NE(refusal([&] { game.add_piece("Bulid", "Main Map", 1, 1); }).find("no palette entry 'Bulid'"), std::string::npos);
  EXPECT_NE(refusal([&] { game.add_piece("Build", "Side Map", 1, 1); }).find("no map 'Side Map'"), std::string::npos);
  EXPECT_NE(refusal([&] { game.add_piece("Ghost", "Main Map", 1, 1); }).find("prototype 'Nowhere'"), std::string::npos);
  Game bare = Game::from_text(setup_text(), "bare.vsav");
  EXPECT_NE(refusal([&] { bare.add_piece("Build", "Main Map", 1, 1); }).find("'Build' needs the module"), std::string::npos);
  EXPECT_TRUE(game.changes().empty());
  EXPECT_TRUE(bare.changes().empty());
}

}  // namespace
}  // namespace adjutant::vmod
