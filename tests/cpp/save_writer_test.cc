// A save written from scratch: its savedGame text laid out as VASSAL's GameState writes it (spec
// §6.4), and the archive read back with the readers the rest of Adjutant uses.
#include "vmod/save_writer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "corpus.h"
#include "temp_dir.h"
#include "vmod/archive.h"
#include "vmod/format_error.h"
#include "vmod/game.h"
#include "vmod/obfuscation.h"
#include "vmod/piece.h"

namespace adjutant::vmod {
namespace {

constexpr char kEsc = '\x1b';
const std::string kT = "\t";

// The piece of the spec's worked example (§3, example 4): a Marker over a Layer over a BasicPiece.
PieceTexts tank() {
  return chain_traits({{"mark;Side,Note", "Allies,a\\,b"}, {"emb2;Flip;130;F", "-1"},
                       {"piece;;;tank.png;Tank\\; heavy/1", "Main Map;100;200;;0"}});
}

Metadata sample_module() {
  Metadata meta;
  meta.name = "Sample";
  meta.version = "2.1";
  meta.vassal_version = "3.7.12";
  meta.description = "A module & more";
  return meta;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

TEST(SaveWriter, ChainsTraitsAsTheSpecsWorkedExample) {
  const PieceTexts piece = tank();
  EXPECT_EQ(piece.type, "mark;Side,Note\temb2;Flip;130;F\\\tpiece;;;tank.png;Tank\\; heavy/1");
  EXPECT_EQ(piece.state, "Allies,a\\,b\t-1\\\tMain Map;100;200;;0");
  EXPECT_THROW(chain_traits({}), std::invalid_argument);
}

TEST(SaveWriter, LaysOutTheSavedGameAsVassal) {
  const PieceTexts piece = tank();
  NewSave save;
  save.add_piece("1001", piece.type, piece.state)
      .add_stack("1002", "Main Map", 100, 200, {"1001"})
      .add_player("secret", "Joel", "Allies")
      .set_global_property("Turn", "3")
      .add_restore(Command{SetupStackMarker{}, {}});
  // The AddPieces sit in one NullCommand, so each gains a backslash before its ESC; '/' is escaped
  // inside the AddPiece, and the TAB levels gain one more backslash each.
  const std::string add = "+/1001/mark;Side,Note\temb2;Flip;130;F\\\tpiece;;;tank.png;Tank\\; heavy\\/1/"
                          "Allies,a\\,b\t-1\\\tMain Map;100;200;;0";
  const std::string expected = std::string("begin_save") + kEsc + kEsc + "\\" + kEsc + add + "\\" + kEsc +
                               "+/1002/stack/Main Map;100;200;1001" + kEsc + "PLAYER\tsecret\tJoel\tAllies" +
                               kEsc + "GlobalProperty\t;Turn;3;Module" + kEsc + "SETUP_STACK\t" + kEsc +
                               "end_save";
  EXPECT_EQ(save.saved_game(), expected);
  // The text decodes to the same tree and encodes back byte for byte.
  EXPECT_EQ(CommandTree::decode(expected).encode(), expected);
}

TEST(SaveWriter, ASaveWithoutPiecesHasNoPieceList) {
  NewSave save;
  save.set_global_property("Turn", "1");
  EXPECT_EQ(save.saved_game(), std::string("begin_save") + kEsc + kEsc + "GlobalProperty\t;Turn;1;Module" + kEsc +
                                   "end_save");
}

TEST(SaveWriter, RefusesWhatVassalCouldNotLoad) {
  NewSave save;
  save.add_piece("1", "piece;;;a.png;A", "Main Map;1;2;;0");
  EXPECT_THROW(save.add_piece("1", "piece;;;b.png;B", "Main Map;1;2;;0"), std::invalid_argument);  // id taken
  EXPECT_THROW(save.add_stack("9", "Main Map", 1, 2, {}), std::invalid_argument);                 // empty
  EXPECT_THROW(save.add_stack("9", "Main Map", 1, 2, {"2"}), std::invalid_argument);              // unknown
  save.add_stack("9", "Main Map", 1, 2, {"1"});
  EXPECT_THROW(save.add_stack("10", "Main Map", 1, 2, {"1"}), std::invalid_argument);  // in another stack
  EXPECT_THROW(save.add_stack("11", "Main Map", 1, 2, {"9"}), std::invalid_argument);  // a stack in a stack
  EXPECT_THROW(save.add_piece("null", "piece;;;c.png;C", "Main Map;1;2;;0"), std::invalid_argument);
}

TEST(SaveWriter, WritesASaveThatReadsBack) {
  testing::TempDir dir;
  const PieceTexts piece = tank();
  NewSave save;
  save.add_piece("1001", piece.type, piece.state)
      .add_piece("1003", "piece;;;b.png;Bravo", "Main Map;300;400;;0")
      .add_stack("1002", "Main Map", 100, 200, {"1001"})
      .add_player("secret", "Joel", "Allies")
      .set_global_property("Turn", "3");
  const std::string path = dir.file("new.vsav");
  save.write(path, sample_module(), "turn 3", 0x2a);

  const Archive archive = Archive::open(path);
  EXPECT_EQ(archive.content_kind(), ContentKind::kSave);
  const std::string obfuscated = archive.read_required("savedGame");
  EXPECT_EQ(obfuscated.substr(0, 7), "!VCSK2a");
  EXPECT_EQ(deobfuscate(obfuscated), save.saved_game());

  const Metadata savedata = parse_metadata(archive.read_required("savedata"), "savedata");
  EXPECT_EQ(savedata.version, "2.1");
  EXPECT_EQ(savedata.vassal_version, "3.7.12");
  EXPECT_EQ(savedata.description, "turn 3");
  EXPECT_FALSE(savedata.date_saved.empty());
  const Metadata moduledata = parse_metadata(archive.read_required("moduledata"), "moduledata");
  EXPECT_EQ(moduledata.name, "Sample");
  EXPECT_EQ(moduledata.description, "A module & more");
  EXPECT_EQ(moduledata.date_saved, savedata.date_saved);

  const Game game = Game::open(path);
  ASSERT_EQ(game.pieces().size(), 2u);
  const GamePiece& tank_piece = game.piece("1001");
  EXPECT_EQ(tank_piece.type(), piece.type);
  EXPECT_EQ(tank_piece.state, piece.state);
  EXPECT_EQ(tank_piece.stack, "1002");
  EXPECT_EQ(game.piece("1002").members, std::vector<std::string>{"1001"});
  EXPECT_EQ(game.piece("1003").name(), "Bravo");
  ASSERT_EQ(game.players().size(), 1u);
  EXPECT_EQ(game.players()[0].name, "Joel");
  EXPECT_EQ(game.global_properties().at({"Module", "Turn"}), "3");
  EXPECT_TRUE(game.warnings().empty());
}

TEST(SaveWriter, NeverWritesOverAFile) {
  testing::TempDir dir;
  const std::string path = dir.write("taken.vsav", "mine");
  NewSave save;
  save.add_piece("1", "piece;;;a.png;A", "Main Map;1;2;;0");
  EXPECT_THROW(save.write(path, sample_module(), ""), ArchiveError);
  EXPECT_EQ(file_bytes(path), "mine");
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"taken.vsav"});  // no temporary file left
}

TEST(SaveWriter, ARandomKeyByDefault) {
  NewSave save;
  save.add_piece("1", "piece;;;a.png;A", "Main Map;1;2;;0");
  const std::vector<ZipEntry> entries = save.entries(sample_module(), "");
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0].name, "savedGame");
  EXPECT_TRUE(is_obfuscated(entries[0].data));
  EXPECT_EQ(deobfuscate(entries[0].data), save.saved_game());
  EXPECT_EQ(entries[1].data.find("<description"), std::string::npos);  // no comment: no description
}

// Every VASSAL 3.x save of the corpus in the layout NewSave writes (begin_save, the version check,
// the pieces in one NullCommand, restores, end_save), rebuilt from its own pieces and restores,
// gives VASSAL's text byte for byte.
TEST(SaveWriter, RebuildsTheCorpusSavesAsVassalWroteThem) {
  ADJUTANT_REQUIRE_CORPUS();
  int rebuilt = 0;
  for (const auto& path : testing::corpus_files({".vsav"})) {
    const CommandTree tree = CommandTree::decode(read_saved_game(path.string()));
    const std::vector<Command>& top = tree.root.children;
    if (tree.rule != QuoteRule::kCurrent || !std::holds_alternative<BeginSave>(tree.root.record) || top.size() < 3 ||
        !std::holds_alternative<NullRecord>(top[0].record) || !top[0].children.empty() ||
        !std::holds_alternative<NullRecord>(top[1].record) || top[1].children.empty() ||
        !std::holds_alternative<EndSave>(top.back().record))
      continue;
    NewSave save;
    for (const Command& piece : top[1].children) {
      const auto& add = std::get<AddPiece>(piece.record);
      save.add_piece(*add.id, add.type, add.state);
    }
    for (size_t i = 2; i + 1 < top.size(); ++i) save.add_restore(top[i]);
    EXPECT_EQ(save.saved_game(), tree.encode()) << path;
    ++rebuilt;
  }
  EXPECT_GT(rebuilt, 5);
}

}  // namespace
}  // namespace adjutant::vmod
