// Game state: applying a save's commands, replaying a log forward and back, changes, and writing
// saves and logs back (spec §6.4). A small hand-built game first, then the corpus.
#include "vmod/game.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "tests/cpp/trait_texts.h"
#include "corpus.h"
#include "vmod/archive.h"
#include "vmod/format_error.h"
#include "vmod/obfuscation.h"

namespace adjutant::vmod {
namespace {

using testing::nest;

namespace fs = std::filesystem;
constexpr char kTab = '\t';
constexpr char kEsc = '\x1b';

std::string add(const std::string& id, const std::string& type, const std::string& state) {
  return "+/" + join_sequence({id, type, state}, '/');
}

std::string log_step(const std::string& command) { return "LOG\t" + command; }

const std::string kTypeA = nest({"mark;Side", "markmoved;/images/moved.gif;25;-25;Mark Moved;77,130", "piece;;;a.png;Alpha"});
const std::string kStateA = nest({"Union", "false", "Main Map;100;200;;0"});
const std::string kTypeB = nest({"mark;Side", "piece;;;b.png;Bravo"});
const std::string kStateB = nest({"Confederate", "Main Map;300;400;;0"});
const std::string kTypeC = nest({"mark;Side", "piece;;;c.png;Charlie"});
const std::string kStateC = nest({"Union", "Main Map;100;200;;0"});

std::vector<std::string> setup_commands() {
  const std::string pieces = join_sequence({"", add("A", kTypeA, kStateA), add("C", kTypeC, kStateC),
                                            add("S", "stack", "Main Map;100;200;A;C"), add("B", kTypeB, kStateB)},
                                           kEsc);
  return {"begin_save", pieces, "PLAYER\tp1\tJoel\tUnion", "GlobalProperty\t;Turn;1;Module", "end_save"};
}

std::string setup_text() { return join_sequence(setup_commands(), kEsc); }

const std::string kNewStateA = nest({"Union Army", "true", "Main Map;100;200;;0"});

std::string log_text() {  // a log is the save's commands followed by one LOG command per step
  std::vector<std::string> commands = setup_commands();
  for (const std::string& step : {std::string("M/B/Main Map/500/600/null/Main Map/300/400/null/p1"),
                                  "D/" + join_sequence({"A", kNewStateA, kStateA}, '/'), std::string("CHAT<Joel> - hello"),
                                  std::string("M/C/Main Map/500/600/B/Main Map/100/200/A/p1")})
    commands.push_back(log_step(step));
  return join_sequence(commands, kEsc);
}

TEST(Game, AppliesASavesPiecesStacksPlayersAndProperties) {
  const Game game = Game::from_text(setup_text(), "hand-built.vsav");
  EXPECT_FALSE(game.is_log());
  ASSERT_EQ(game.pieces().size(), 3u);
  ASSERT_EQ(game.stacks().size(), 1u);
  EXPECT_EQ(game.stacks()[0]->members, (std::vector<std::string>{"A", "C"}));
  const GamePiece& a = game.piece("A");
  EXPECT_EQ(a.name(), "Alpha");
  EXPECT_EQ(a.map, "Main Map");
  EXPECT_EQ(a.x, 100);
  EXPECT_EQ(a.y, 200);
  EXPECT_EQ(a.stack, "S");
  const PropertyMap props = game.properties(game.piece("C"));
  EXPECT_EQ(props.at("Side"), "Union");
  EXPECT_EQ(props.at("StackPos"), "2");
  EXPECT_EQ(props.at("StackSize"), "2");
  EXPECT_EQ(props.at("CurrentMap"), "Main Map");
  ASSERT_EQ(game.players().size(), 1u);
  EXPECT_EQ(game.players()[0].side, "Union");
  EXPECT_EQ(game.global_properties().at({"Module", "Turn"}), "1");
  EXPECT_THROW(game.piece("nope"), GameStateError);
}

// Types as an AddPiece writes them: `/` escaped (within, first, after a backslash) or quoted. Read
// in place, from a copy, or added by a step, each is its AddPiece's type, and the log is written
// back byte for byte.
TEST(Game, APiecesTypeIsItsAddPiecesHoweverItIsWritten) {
  const std::vector<std::pair<std::string, std::string>> pieces = {
      {"A", nest({"mark;Side", "piece;;;a.png;III/266/266"})},
      {"B", "'" + nest({"mark;Side", "piece;;;b.png;Bravo'"})},
      {"C", nest({"mark;Side", "piece;;;c.png;C\\/x"})},
      {"D", "/" + nest({"mark;Side", "piece;;;d.png;Delta"})},
      {"S", "stack"},
  };
  std::vector<std::string> container = {""};
  for (const auto& [id, type] : pieces) {
    const std::string state = id == "S" ? "Main Map;100;200;A;B;C;D" : nest({"Union", "Main Map;100;200;;0"});
    container.push_back(add(id, type, state));
  }
  const std::string echo = nest({"mark;Side", "piece;;;e.png;Echo/1"});
  const std::string text = join_sequence({"begin_save", join_sequence(container, kEsc), "end_save",
                                          log_step(add("E", echo, nest({"Union", "null;0;0;;0"})))},
                                         kEsc);
  Game game = Game::from_text(text, "types.vlog");
  for (const bool back : {false, true}) {
    if (back) game.seek(0);  // read again from a copy of the text this game's pieces view
    for (const auto& [id, type] : pieces) {
      EXPECT_EQ(game.piece(id).type(), type) << id << (back ? " after going back" : "");
      EXPECT_EQ(game.piece(id).is_stack(), id == "S");
    }
  }
  game.seek(1);
  EXPECT_EQ(game.piece("E").type(), echo);
  EXPECT_EQ(game.log_text(), text);
  Game copy = game.copy();
  copy.seek(0);
  EXPECT_EQ(copy.piece("A").type(), pieces[0].second);
  EXPECT_EQ(game.piece("A").type(), pieces[0].second);
}

// A container that adds a piece and then changes and moves it, with separators ahead of them as
// many as the characters of the type's first trait and its TAB (so that, as the container is
// unescaped in place, the type where it will stand once put back would read as its second trait
// alone): the piece's type is read right while the container is read, and again once it is put
// back, in a save and in a log step opened at its end or replayed to it.
TEST(Game, APieceAddedAndThenChangedAndMovedInOneContainerKeepsItsType) {
  const std::string type = nest({"mark;S", "piece;;;;Alpha"});
  const std::string added = nest({"Union", "Main Map;10;20;;0"});
  std::vector<std::string> parts = {""};
  for (int i = 0; i < 6; ++i) parts.push_back("CHATline " + std::to_string(i));
  parts.push_back(add("A", type, added));
  parts.push_back("D/" + join_sequence({"A", nest({"Confederate", "Main Map;10;20;;0"}), added}, '/'));
  parts.push_back("M/A/Main Map/70/80/null/Main Map/10/20/null/me");
  const std::string container = join_sequence(parts, kEsc);
  const auto expect_placed = [&](const Game& game, const std::string& when) {
    const GamePiece& piece = game.piece("A");
    EXPECT_EQ(piece.type(), type) << when;
    EXPECT_EQ(piece.state, nest({"Confederate", "Main Map;70;80;;0"})) << when;
    EXPECT_EQ(piece.x, 70) << when;
  };
  expect_placed(Game::from_text(join_sequence({"begin_save", container, "end_save"}, kEsc), "one.vsav"), "a save");
  Game log = Game::from_text(join_sequence({"begin_save", "end_save", container, "CHATlast"}, kEsc), "one.vlog");
  expect_placed(log, "a log opened at its end");
  log.seek(0);
  EXPECT_EQ(log.find("A"), nullptr);
  log.seek(log.step_count());
  expect_placed(log, "a log replayed to its end");
}

TEST(Game, AZonePropertysRestoreIsKeptUnderItsZone) {
  // ZoneProperty.getPropertyId: name TAB zone TAB board TAB map, with no container (CCN's logs).
  std::vector<std::string> commands = setup_commands();
  commands.insert(commands.end() - 1, "GlobalProperty\t;ArmyIndexValue\tAllies\tInland\tMain Map;2;");
  const Game game = Game::from_text(join_sequence(commands, kEsc), "zones.vsav");
  EXPECT_EQ(game.global_properties().at({"Main Map:Allies", "ArmyIndexValue"}), "2");
  EXPECT_EQ(game.global_properties().size(), 2u);
}

TEST(Game, ALogEndsAtItsLastStepAndReplaysBackAndForth) {
  Game game = Game::from_text(log_text(), "hand-built.vlog");
  ASSERT_TRUE(game.is_log());
  ASSERT_EQ(game.step_count(), 4u);
  EXPECT_EQ(game.position(), 4u);
  EXPECT_EQ(game.piece("C").x, 500);
  EXPECT_TRUE(game.piece("C").stack.empty());
  EXPECT_EQ(game.stacks()[0]->members, (std::vector<std::string>{"A"}));

  const StepEffect last = game.step_back();  // undoing step 4 reports what step 4 did
  ASSERT_EQ(last.pieces.size(), 1u);
  EXPECT_EQ(last.pieces[0].id, "C");
  EXPECT_EQ(*last.pieces[0].from, (PiecePlace{"Main Map", 100, 200}));
  EXPECT_EQ(*last.pieces[0].to, (PiecePlace{"Main Map", 500, 600}));
  EXPECT_EQ(game.piece("C").stack, "S");
  EXPECT_EQ(game.piece("C").x, 100);

  EXPECT_EQ(game.step_back().chat, (std::vector<std::string>{"<Joel> - hello"}));

  const StepEffect change = game.step_back();  // step 2, seen from its end
  ASSERT_EQ(change.pieces.size(), 1u);
  EXPECT_EQ(change.pieces[0].changed,
            (std::vector<PropertyChange>{{"Moved", "false", "true"}, {"Side", "Union", "Union Army"}}));
  EXPECT_EQ(game.properties(game.piece("A")).at("Side"), "Union");

  game.seek(0);
  EXPECT_EQ(game.piece("B").x, 300);
  EXPECT_THROW(game.step_back(), GameStateError);

  const StepEffect first = game.step_forward();
  ASSERT_EQ(first.pieces.size(), 1u);
  EXPECT_TRUE(first.pieces[0].moved());
  EXPECT_EQ(first.describe(), (std::vector<std::string>{"moved Bravo (B) Main Map (300,400) -> Main Map (500,600)"}));
  game.seek(4);
  EXPECT_EQ(game.piece("C").x, 500);
  EXPECT_THROW(game.step_forward(), GameStateError);
}

TEST(Game, AStepNamingAnUnknownPieceIsSkippedAsVassalDoesAndReportedWithItsPlace) {
  std::vector<std::string> commands = setup_commands();
  commands.push_back(log_step("M/Z/Main Map/1/2/null/Main Map/3/4/null/p1"));
  commands.push_back(log_step("M/B/Main Map/500/600/null/Main Map/300/400/null/p1"));
  Game game = Game::from_text(join_sequence(commands, kEsc), "odd.vlog");
  EXPECT_EQ(game.piece("B").x, 500);
  ASSERT_EQ(game.warnings().size(), 1u);
  EXPECT_EQ(game.warnings()[0].position, "step 1");
  EXPECT_EQ(game.warnings()[0].message, "MovePiece names unknown piece Z; VASSAL skips it");
  game.seek(0);
  game.seek(2);
  EXPECT_EQ(game.warnings().size(), 1u) << "replaying a step again does not repeat its warning";
}

TEST(Game, AnUnchangedSaveIsWrittenBackByteForByte) {
  const Game game = Game::from_text(setup_text(), "hand-built.vsav");
  EXPECT_EQ(game.save_text(), setup_text());
}

TEST(Game, AChangedSaveKeepsEveryUntouchedPieceIdentical) {
  Game game = Game::from_text(setup_text(), "hand-built.vsav");
  game.set_property("B", "Side", "Rebels");
  game.move_piece("C", "Main Map", 700, 800);
  ASSERT_EQ(game.changes().size(), 2u);
  const std::string written = game.save_text();
  EXPECT_NE(written.find(add("A", kTypeA, kStateA)), std::string::npos);
  EXPECT_EQ(written.find(add("B", kTypeB, kStateB)), std::string::npos);

  const Game again = Game::from_text(written, "written.vsav");
  EXPECT_EQ(again.properties(again.piece("B")).at("Side"), "Rebels");
  EXPECT_EQ(again.piece("C").x, 700);
  EXPECT_EQ(again.piece("C").y, 800);
  EXPECT_TRUE(again.piece("C").stack.empty());
  EXPECT_EQ(again.stacks()[0]->members, (std::vector<std::string>{"A"}));
  EXPECT_EQ(again.piece("A").state, kStateA);
  EXPECT_EQ(again.players().size(), 1u);
  EXPECT_EQ(again.global_properties().at({"Module", "Turn"}), "1");
}

TEST(Game, ChangesAreAppendedToALogAsNewSteps) {
  Game game = Game::from_text(log_text(), "hand-built.vlog");
  game.set_property("A", "Side", "Potomac");
  const std::string text = game.log_text();
  EXPECT_EQ(text.rfind(log_text(), 0), 0u) << "the log read must stay a prefix";
  Game again = Game::from_text(text, "appended.vlog");
  EXPECT_EQ(again.step_count(), 5u);
  EXPECT_EQ(again.properties(again.piece("A")).at("Side"), "Potomac");
  again.step_back();
  EXPECT_EQ(again.properties(again.piece("A")).at("Side"), "Union Army");
}

TEST(Game, AChatLineIsANewLogStepAndNoPartOfASave) {
  Game game = Game::from_text(log_text(), "hand-built.vlog");
  game.chat("<Adjutant> - B may not move there");
  ASSERT_EQ(game.changes().size(), 1u);
  const std::string text = game.log_text();
  const std::string step = join_sequence({log_step("CHAT<Adjutant> - B may not move there")}, kEsc);
  EXPECT_EQ(text, log_text() + kEsc + step);
  Game again = Game::from_text(text, "appended.vlog");
  EXPECT_EQ(again.step_count(), 5u);
  EXPECT_EQ(again.step_back().chat, (std::vector<std::string>{"<Adjutant> - B may not move there"}));

  Game save = Game::from_text(setup_text(), "hand-built.vsav");
  save.chat("hello");
  EXPECT_EQ(save.save_text(), setup_text());
}

// A global property a procedure keeps: a MutableProperty step in a log; in a save, the file's own
// restore updated, or a new one for a property the file held none of; a zone's restore kept once.
TEST(Game, AGlobalPropertyIsSetInSavesAndLogs) {
  std::vector<std::string> commands = setup_commands();
  commands.insert(commands.end() - 1, "GlobalProperty\t;ArmyIndexValue\tAllies\tInland\tMain Map;2;");
  const std::string text = join_sequence(commands, kEsc);
  Game game = Game::from_text(text, "hand-built.vsav");
  game.set_global_property("Turn", "2");
  game.set_global_property("Spent", "5:Union=1");
  EXPECT_EQ(game.global_properties().at({"Module", "Spent"}), "5:Union=1");
  ASSERT_EQ(game.changes().size(), 2u);
  const Game saved = Game::from_text(game.save_text(), "written.vsav");
  EXPECT_EQ(saved.global_properties().at({"Module", "Turn"}), "2");
  EXPECT_EQ(saved.global_properties().at({"Module", "Spent"}), "5:Union=1");
  EXPECT_EQ(saved.global_properties().at({"Main Map:Allies", "ArmyIndexValue"}), "2");
  EXPECT_EQ(saved.global_properties().size(), 3u);
  EXPECT_EQ(saved.save_text().find("GlobalProperty\t;Turn;1;"), std::string::npos);

  Game log = Game::from_text(log_text(), "hand-built.vlog");
  log.set_global_property("Turn", "3");
  Game again = Game::from_text(log.log_text(), "appended.vlog");
  EXPECT_EQ(again.step_count(), 5u);
  EXPECT_EQ(again.global_properties().at({"Module", "Turn"}), "3");
  again.step_back();
  EXPECT_EQ(again.global_properties().at({"Module", "Turn"}), "1");
}

TEST(Game, SettingAPropertyNoTraitHoldsIsRefused) {
  Game game = Game::from_text(setup_text(), "hand-built.vsav");
  EXPECT_THROW(game.set_property("A", "NoSuchProperty", "1"), PieceError);
  EXPECT_TRUE(game.changes().empty());
}

TEST(Game, SavingNeverOverwritesAFile) {
  const fs::path dir = fs::temp_directory_path() / ("adjutant-game-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  Game game = Game::from_text(setup_text(), "hand-built.vsav");
  const fs::path out = dir / "out.vsav";
  game.save(out.string(), 0x2a);
  EXPECT_THROW(game.save(out.string()), ArchiveError);
  const Game reread = Game::open(out.string());
  EXPECT_EQ(reread.save_text(), setup_text());
  const Archive archive = Archive::open(out.string());
  EXPECT_EQ(obfuscation_key(archive.read_required("savedGame")), 0x2a);
  EXPECT_TRUE(archive.contains("savedata"));
  fs::remove_all(dir);
}

// Every save and log of the corpus loads; a log replays back to its start and forward again to
// the same state; the state written as a new save reads back the same.
std::vector<fs::path> corpus_games() {
  return testing::corpus_files({".vsav", ".vlog", ".sav", ".log"});
}

std::map<std::string, std::tuple<std::string, int, int, std::string>> state_of(const Game& game) {
  std::map<std::string, std::tuple<std::string, int, int, std::string>> out;
  for (const GamePiece* p : game.pieces()) out[p->id] = {p->map, p->x, p->y, p->state};
  return out;
}

TEST(GameCorpus, EverySaveAndLogLoadsReplaysAndSavesBack) {
  ADJUTANT_REQUIRE_CORPUS();
  const fs::path dir = fs::temp_directory_path() / ("adjutant-game-corpus-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  size_t files = 0, steps = 0;
  for (const fs::path& path : corpus_games()) {
    SCOPED_TRACE(path.string());
    Game game = Game::open(path.string());
    ++files;
    steps += game.step_count();
    const auto at_end = state_of(game);
    if (!game.is_log()) {
      EXPECT_EQ(game.save_text(), read_saved_game(path.string()));
    } else {
      game.seek(0);
      game.seek(game.step_count());
      EXPECT_EQ(state_of(game), at_end);
    }
    const fs::path out = dir / (std::to_string(files) + ".vsav");
    game.save(out.string());
    const Game reread = Game::open(out.string());
    EXPECT_EQ(state_of(reread), at_end);
  }
  EXPECT_GT(files, 60u);
  EXPECT_GT(steps, 10000u);
  fs::remove_all(dir);
}

// The setup's pieces by id with their AddPieces' types, from the whole text decoded at once.
void collect_types(const Command& command, std::map<std::string, std::string>& types) {
  if (const auto* added = std::get_if<AddPiece>(&command.record); added && added->id) types[*added->id] = added->type;
  if (std::holds_alternative<EndSave>(command.record)) return;
  for (const Command& child : command.children) collect_types(child, types);
}

std::map<std::string, std::string> setup_types(const std::string& text) {
  std::map<std::string, std::string> types;
  const CommandTree tree = CommandTree::decode(text);
  for (const Command& child : tree.root.children) {
    if (std::holds_alternative<EndSave>(child.record)) break;
    collect_types(child, types);
  }
  return types;
}

// A piece read from the setup views its type where its AddPiece stands in the text (read in place
// when the game is opened, from a copy when a log goes back to its start): either way its type is
// its AddPiece's.
TEST(GameCorpus, EverySetupPiecesTypeIsItsAddPiecesType) {
  ADJUTANT_REQUIRE_CORPUS();
  size_t checked = 0;
  for (const fs::path& path : corpus_games()) {
    SCOPED_TRACE(path.string());
    Game game = Game::open(path.string());
    game.seek(0);
    const std::map<std::string, std::string> types = setup_types(read_saved_game(path.string()));
    for (const auto& list : {game.pieces(), game.stacks()}) {
      for (const GamePiece* piece : list) {
        auto it = types.find(piece->id);
        if (it == types.end()) continue;
        ASSERT_EQ(piece->type(), it->second) << piece->id;
        ASSERT_EQ(piece->is_stack(), it->second == "stack") << piece->id;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 50000u);
}

TEST(GameCorpus, TldLogMovesEveryPieceToWhereTheLogSays) {
  ADJUTANT_REQUIRE_CORPUS();
  const fs::path path = testing::corpus_dir() / "uckelman+tld-mod" / "game" / "0606-1.log";
  Game game = Game::open(path.string());
  EXPECT_EQ(game.step_count(), 1091u);
  game.seek(0);
  EXPECT_EQ(game.pieces().size(), 2336u);  // 4317 AddPieces before end_save, 1981 of them stacks
  size_t moves = 0;
  for (size_t i = 0; i < game.step_count(); ++i) {
    const StepEffect effect = game.step_forward();
    for (const PieceEffect& e : effect.pieces) {
      if (!e.moved()) continue;
      ++moves;
      EXPECT_EQ(game.piece(e.id).x, e.to->x);
    }
  }
  EXPECT_GT(moves, 100u);
}

}  // namespace
}  // namespace adjutant::vmod
