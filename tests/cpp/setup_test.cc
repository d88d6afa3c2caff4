// A module's own set-ups: predefined set-up saves opened from the module's archive (a zip or an
// extracted folder), and the pieces its PieceSlots make. Small modules made here, then the corpus.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "tests/cpp/trait_texts.h"
#include "corpus.h"
#include "temp_dir.h"
#include "vmod/archive.h"
#include "vmod/format_error.h"
#include "vmod/game.h"
#include "vmod/module.h"
#include "vmod/obfuscation.h"
#include "vmod/piece_slot.h"
#include "vmod/predefined_setup.h"
#include "vmod/sequence_codec.h"

namespace adjutant::vmod {
namespace {

using testing::definition;
using testing::nest;

namespace fs = std::filesystem;
using testing::TempDir;

constexpr char kTab = '\t';
constexpr char kEsc = '\x1b';
const std::string kPkg = "VASSAL.build.module.";

const std::string kLabel = "label;;Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ [$label$];Dialog;0;0;Note";
const std::string kUnit = definition({"mark;Side", kLabel, "piece;;;;"}, {"Confederate", "HQ", "null;0;0;;0"});
const std::string kLee = definition({"prototype;Unit", "piece;;;lee.png;Lee"}, {"", "null;0;0;1;0"});

std::string build_file() {
  return "<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule name=\"Test\" version=\"1\" VassalVersion=\"3.7.12\">"
         "<" + kPkg + "Map mapName=\"Main Map\"><" + kPkg + "map.BoardPicker>"
         "<" + kPkg + "map.boardPicker.Board name=\"B\" width=\"500\" height=\"400\"/></" + kPkg + "map.BoardPicker>"
         "<" + kPkg + "map.SetupStack name=\"HQ\" owningBoard=\"B\" x=\"10\" y=\"20\">"
         "<VASSAL.build.widget.PieceSlot entryName=\"Lee\" gpid=\"1\">" + kLee + "</VASSAL.build.widget.PieceSlot>"
         "</" + kPkg + "map.SetupStack></" + kPkg + "Map>"
         "<" + kPkg + "PrototypesContainer><" + kPkg + "PrototypeDefinition name=\"Unit\">" + kUnit +
         "</" + kPkg + "PrototypeDefinition></" + kPkg + "PrototypesContainer>"
         "<" + kPkg + "PredefinedSetup name=\"Scenarios\" isMenu=\"true\" useFile=\"true\">"
         "<" + kPkg + "PredefinedSetup name=\"Opening\" file=\"setups/opening.vsav\" useFile=\"true\"/>"
         "<" + kPkg + "PredefinedSetup name=\"Lost\" file=\"lost.vsav\" useFile=\"true\"/>"
         "<" + kPkg + "PredefinedSetup name=\"Broken\" file=\"broken.vsav\" useFile=\"true\"/>"
         "<" + kPkg + "PredefinedSetup name=\"Free\" file=\"unused.vsav\" useFile=\"false\"/>"
         "</" + kPkg + "PredefinedSetup></VASSAL.build.GameModule>\n";
}

const std::string kSaveText = join_sequence(
    {"begin_save",
     "+/" + join_sequence({"A", nest({"mark;Side", "piece;;;lee.png;Lee"}), nest({"Confederate", "Main Map;10;20;1;0"})}, '/'),
     "end_save"},
    kEsc);

// A .vsav as VASSAL writes it: a zip with the obfuscated savedGame and savedata.
std::string setup_save(const TempDir& dir) {
  const std::string path = dir.file("made.vsav");
  write_zip_atomically(path, {{"savedGame", obfuscate(kSaveText, 0x2a)}, {"savedata", "<data version=\"1\"/>"}},
                       /*overwrite=*/true);
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<ZipEntry> module_entries(const TempDir& dir) {
  const std::string save = setup_save(dir);
  return {{"buildFile.xml", build_file()},
          {"moduledata", "<data version=\"1\"><version>1</version><name>Test</name></data>"},
          {"setups/opening.vsav", save},
          {"broken.vsav", save.substr(0, save.size() / 2)}};
}

std::string zip_module(const TempDir& dir) {
  const std::string path = dir.file("test.vmod");
  write_zip_atomically(path, module_entries(dir));
  return path;
}

std::string folder_module(const TempDir& dir) {
  for (const ZipEntry& e : module_entries(dir)) dir.write("folder/" + e.name, e.data);
  return dir.file("folder");
}

void expect_opening(const Game& game) {
  ASSERT_EQ(game.pieces().size(), 1u);
  EXPECT_EQ(game.pieces()[0]->name(), "Lee");
  EXPECT_EQ(game.properties(*game.pieces()[0]).at("Side"), "Confederate");
  EXPECT_TRUE(game.savedata().has_value());
}

TEST(PredefinedSetup, OpensAnEntryOfAZipModule) {
  TempDir dir;
  const std::string path = zip_module(dir);
  const Module module = load_module(path);
  const Game game = open_predefined_setup(module, "Opening");
  expect_opening(game);
  EXPECT_EQ(game.source(), path + "/setups/opening.vsav");
  EXPECT_EQ(game.module(), &module);
  expect_opening(open_predefined_setup(module, "setups/opening.vsav"));  // by file
  expect_opening(Game::open_entry(Archive::open(path), "setups/opening.vsav", &module));
}

TEST(PredefinedSetup, OpensAnEntryOfAFolderModule) {
  TempDir dir;
  const Module module = load_module(folder_module(dir));
  const Game game = open_predefined_setup(module, "Opening");
  expect_opening(game);
  EXPECT_EQ(game.source(), dir.file("folder") + "/setups/opening.vsav");  // the file itself
  // A module opened from its bare buildFile finds its set-ups beside it.
  expect_opening(open_predefined_setup(load_module(dir.file("folder/buildFile.xml")), "Opening"));
}

TEST(PredefinedSetup, AnUnknownNameOrASetUpWithoutASaveNamesTheModule) {
  TempDir dir;
  const std::string path = zip_module(dir);
  const Module module = load_module(path);
  try {
    open_predefined_setup(module, "Nope");
    FAIL() << "no error";
  } catch (const BuildFileError& e) {
    EXPECT_EQ(e.place().file, path);
    EXPECT_EQ(e.place().entry, "buildFile.xml");
    EXPECT_NE(std::string(e.what()).find("no predefined set-up named 'Nope' (it has 'Opening', 'Lost', 'Broken', 'Free')"),
              std::string::npos) << e.what();
  }
  for (const char* no_save : {"Free", "Scenarios"}) {
    try {
      open_predefined_setup(module, no_save);
      FAIL() << "no error for " << no_save;
    } catch (const BuildFileError& e) {
      EXPECT_EQ(e.place().file, path);
      EXPECT_NE(std::string(e.what()).find("loads no save"), std::string::npos) << e.what();
    }
  }
  EXPECT_TRUE(opens_file(find_predefined_setup(module, "Opening")));
  EXPECT_FALSE(opens_file(find_predefined_setup(module, "Free")));
}

TEST(PredefinedSetup, AMissingEntryNamesTheModuleAndTheEntry) {
  TempDir dir;
  for (const std::string& path : {zip_module(dir), folder_module(dir)}) {
    const Module module = load_module(path);
    try {
      open_predefined_setup(module, "Lost");
      FAIL() << "no error";
    } catch (const ArchiveError& e) {
      EXPECT_EQ(e.place().file, path);
      EXPECT_EQ(e.place().entry, "lost.vsav");
      EXPECT_NE(std::string(e.what()).find("predefined set-up 'Lost' names the file 'lost.vsav', which the module "
                                           "does not hold"),
                std::string::npos) << e.what();
    }
    EXPECT_THROW(Game::open_entry(Archive::open(path), "lost.vsav", &module), ArchiveError);
  }
}

TEST(PredefinedSetup, ACorruptSaveInsideTheModuleNamesBoth) {
  TempDir dir;
  const std::string path = zip_module(dir);
  const Module module = load_module(path);
  try {
    open_predefined_setup(module, "Broken");
    FAIL() << "no error";
  } catch (const ArchiveError& e) {
    EXPECT_EQ(e.place().file, path + "/broken.vsav");
    EXPECT_NE(std::string(e.what()).find("truncated or corrupt zip"), std::string::npos) << e.what();
  }
}

TEST(PieceSlot, ThePieceASlotMakesHasItsPrototypesExpanded) {
  const Module module = parse_build_file(build_file(), "test.vmod");
  const PieceSlotSpec& lee = module.maps.at(0).setup_stacks.at(0).slots.at(0);
  const PropertyMap props = slot_piece(lee, &module).properties();
  EXPECT_EQ(props.at("BasicName"), "Lee");
  EXPECT_EQ(props.at("PieceName"), "Lee [HQ]");  // the prototype's label
  EXPECT_EQ(props.at("Side"), "Confederate");
  EXPECT_EQ(props.at("PieceId"), "1");
  // Without the module the prototype stays a trait and gives nothing.
  const PropertyMap bare = slot_piece(lee, nullptr).properties();
  EXPECT_EQ(bare.at("PieceName"), "Lee");
  EXPECT_EQ(bare.count("Side"), 0u);
}

TEST(PieceSlot, MissingPrototypesAreListedAndBadDefinitionsNameTheLine) {
  Module module = parse_build_file(build_file(), "test.vmod");
  module.build_file = "buildFile.xml";
  PieceSlotSpec slot{"X", "2", definition({"prototype;Gone", "piece;;;x.png;X"}, {"", "null;0;0"}), {}, 7};
  std::vector<std::string> missing;
  EXPECT_EQ(slot_piece(slot, &module, &missing).properties().at("PieceName"), "X");
  EXPECT_EQ(missing, (std::vector<std::string>{"Gone"}));

  slot.definition = "not an AddPiece";
  try {
    slot_piece(slot, &module);
    FAIL() << "no error";
  } catch (const PieceError& e) {
    EXPECT_EQ(e.place().file, "test.vmod");
    EXPECT_EQ(e.place().entry, "buildFile.xml");
    EXPECT_EQ(e.place().position, "line 7");
  }
}

// ---------------------------------------------------------------- the shared corpus

TEST(SetupCorpus, KassalaDefaultSetupOpensFromTheFolderModule) {
  ADJUTANT_REQUIRE_CORPUS();
  const fs::path folder = testing::corpus_dir() / "rummelsworth+vassal-module-kassala" / "vmod";
  if (!fs::is_directory(folder)) ADJUTANT_SHARED_MISSING(folder << " not in the corpus");
  const Module module = load_module(folder.string());
  const Game game = open_predefined_setup(module, "Default Setup");
  EXPECT_EQ(game.source(), folder.string() + "/Default Setup.vsav");
  EXPECT_FALSE(game.pieces().empty());
  size_t slots = 0;
  for (const MapSpec& map : module.maps) {
    for (const SetupStackSpec& stack : map.setup_stacks) {
      for (const PieceSlotSpec& slot : stack.slots) {
        std::vector<std::string> missing;
        EXPECT_FALSE(slot_piece(slot, &module, &missing).properties().at("PieceName").empty()) << stack.name;
        EXPECT_TRUE(missing.empty()) << stack.name;
        ++slots;
      }
    }
  }
  EXPECT_GT(slots, 0u);
}

TEST(SetupCorpus, EveryPredefinedSetupOpensOrIsReportedMissing) {
  ADJUTANT_REQUIRE_CORPUS();
  size_t opened = 0;
  std::set<fs::path> folders;
  for (const fs::path& build : testing::corpus_files({"buildFile.xml", "buildFile"})) folders.insert(build.parent_path());
  for (const fs::path& folder : folders) {
    Module module;
    try {
      module = load_module(folder.string());
    } catch (const FormatError&) {
      continue;  // not a module folder (module_test covers these)
    }
    for (const PredefinedSetupSpec& setup : module.predefined_setups) {
      if (!opens_file(setup)) continue;
      if (!fs::exists(folder / setup.file)) {
        EXPECT_THROW(open_predefined_setup(module, setup.name), ArchiveError) << folder << " " << setup.name;
        continue;
      }
      EXPECT_NO_THROW(open_predefined_setup(module, setup.name)) << folder << " " << setup.name;
      ++opened;
    }
  }
  EXPECT_GT(opened, 0u);
}

}  // namespace
}  // namespace adjutant::vmod
