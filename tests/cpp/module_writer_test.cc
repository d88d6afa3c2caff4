// A module written from its buildFile: the archive read back as a module, with the moduledata
// VASSAL derives from the buildFile's root element (spec §1).
#include "vmod/module_writer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>

#include "corpus.h"
#include "temp_dir.h"
#include "vmod/archive.h"
#include "vmod/format_error.h"
#include "vmod/module.h"
#include "vmod/save_writer.h"

namespace adjutant::vmod {
namespace {

const std::string kBuildFile =
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
    "<VASSAL.build.GameModule ModuleOther1=\"first\" ModuleOther2=\"\" VassalVersion=\"3.7.12\" "
    "description=\"Tanks &amp; more\" name=\"Written\" nextPieceSlotId=\"2\" version=\"1.4\">\n"
    "  <VASSAL.build.module.BasicCommandEncoder/>\n"
    "  <VASSAL.build.module.Map mapName=\"Main Map\">\n"
    "    <VASSAL.build.module.map.BoardPicker>\n"
    "      <VASSAL.build.module.map.boardPicker.Board image=\"board.png\" name=\"Board\"/>\n"
    "    </VASSAL.build.module.map.BoardPicker>\n"
    "  </VASSAL.build.module.Map>\n"
    "</VASSAL.build.GameModule>\n";

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

TEST(ModuleWriter, MetadataComesFromTheRootElement) {
  const Metadata meta = module_metadata(kBuildFile);
  EXPECT_EQ(meta.name, "Written");
  EXPECT_EQ(meta.version, "1.4");
  EXPECT_EQ(meta.vassal_version, "3.7.12");
  EXPECT_EQ(meta.description, "Tanks & more");
  EXPECT_EQ(meta.extra1, "first");
  EXPECT_EQ(meta.extra2, "");
  EXPECT_EQ(meta.date_saved, "");
}

TEST(ModuleWriter, WritesModuledataInVassal37Layout) {
  Metadata meta = module_metadata(kBuildFile);
  meta.date_saved = "1711629720640";
  EXPECT_EQ(write_moduledata(meta),
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
            "<data version=\"1\">\n"
            "  <version>1.4</version>\n"
            "  <extra1>first</extra1>\n"
            "  <extra2/>\n"
            "  <VassalVersion>3.7.12</VassalVersion>\n"
            "  <dateSaved>1711629720640</dateSaved>\n"
            "  <description>Tanks &amp; more</description>\n"
            "  <name>Written</name>\n"
            "</data>\n");
  meta.description.clear();
  EXPECT_NE(write_moduledata(meta).find("  <description/>\n  <name>Written</name>\n"), std::string::npos);
}

// Every corpus moduledata that VASSAL 3.7 wrote (extra1/extra2 present, no translations), in a
// .vmod or an extracted module folder, is written again byte for byte from what it says.
TEST(ModuleWriter, RewritesTheCorpusModuledataAsVassalWroteIt) {
  ADJUTANT_REQUIRE_CORPUS();
  int rewritten = 0;
  for (const auto& path : testing::corpus_files({".vmod", "moduledata"})) {
    const bool zipped = path.extension() == ".vmod";
    if (!zipped && path.filename() != "moduledata") continue;
    const std::optional<std::string> moduledata =
        zipped ? Archive::open(path.string(), {}, [](const std::string& name) { return name == "moduledata"; })
                     .read("moduledata")
               : std::optional<std::string>(file_bytes(path.string()));
    if (!moduledata || moduledata->find("<extra1") == std::string::npos ||
        moduledata->find(" lang=") != std::string::npos)
      continue;
    const std::string nl = moduledata->find("\r\n") != std::string::npos ? "\r\n" : "\n";
    EXPECT_EQ(write_moduledata(parse_metadata(*moduledata, "moduledata"), nl), *moduledata) << path;
    ++rewritten;
  }
  EXPECT_GT(rewritten, 5);
}

TEST(ModuleWriter, RefusesABuildFileThatIsNoModule) {
  try {
    module_metadata("<VASSAL.build.GameModule name=\"x\">\n<unclosed>\n");
    FAIL() << "broken XML accepted";
  } catch (const BuildFileError& e) {
    EXPECT_EQ(e.place().entry, "buildFile.xml");
    EXPECT_FALSE(e.place().position.empty());
  }
  EXPECT_THROW(module_metadata("<VASSAL.build.module.ModuleExtension/>"), BuildFileError);
  EXPECT_NO_THROW(module_metadata("<VASSAL.launch.BasicModule name=\"old\"/>"));
}

TEST(ModuleWriter, WritesAModuleThatReadsBack) {
  testing::TempDir dir;
  NewSave setup;
  setup.add_piece("1", "piece;;;a.png;Alpha", "Main Map;10;20;;0");
  ModuleContents contents{kBuildFile,
                          {{"board.png", std::string("\x89PNG\r\n\x1a\n", 8)}, {"a.png", "alpha"}},
                          {{"Opening.vsav", zip_bytes(setup.entries(module_metadata(kBuildFile), "start"), "Opening.vsav")}}};
  const std::string path = dir.file("written.vmod");
  write_module(path, contents);

  const Archive archive = Archive::open(path);
  EXPECT_EQ(archive.content_kind(), ContentKind::kModule);
  EXPECT_EQ(archive.entries(), (std::vector<std::string>{"buildFile.xml", "moduledata", "images/a.png",
                                                          "images/board.png", "Opening.vsav"}));
  EXPECT_EQ(archive.read_required("buildFile.xml"), kBuildFile);
  EXPECT_EQ(archive.read_required("images/board.png"), contents.images.at("board.png"));
  EXPECT_EQ(archive.read_required("Opening.vsav"), contents.other_entries.at("Opening.vsav"));

  const Module module = load_module(path);
  EXPECT_EQ(module.name, "Written");
  EXPECT_EQ(module.version, "1.4");
  ASSERT_EQ(module.maps.size(), 1u);
  EXPECT_EQ(module.maps[0].name, "Main Map");
  ASSERT_TRUE(module.metadata.has_value());
  EXPECT_EQ(module.metadata->name, "Written");
  EXPECT_EQ(module.metadata->version, "1.4");
  EXPECT_EQ(module.metadata->vassal_version, "3.7.12");
  EXPECT_EQ(module.metadata->description, "Tanks & more");
  EXPECT_EQ(module.metadata->extra1, "first");
  EXPECT_FALSE(module.metadata->date_saved.empty());
}

TEST(ModuleWriter, NeverWritesOverAFileNorWritesABrokenModule) {
  testing::TempDir dir;
  const std::string taken = dir.write("taken.vmod", "mine");
  EXPECT_THROW(write_module(taken, ModuleContents{kBuildFile, {}, {}}), ArchiveError);
  EXPECT_EQ(file_bytes(taken), "mine");

  try {
    write_module(dir.file("broken.vmod"), ModuleContents{"<not a module/>", {}, {}});
    FAIL() << "a buildFile without a module root was written";
  } catch (const BuildFileError& e) {
    EXPECT_EQ(e.place().file, dir.file("broken.vmod"));
  }
  // An image named like another entry would be a second entry of that name.
  EXPECT_THROW(write_module(dir.file("twice.vmod"), ModuleContents{kBuildFile, {{"a.png", "1"}}, {{"images/a.png", "2"}}}),
               ArchiveError);
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"taken.vmod"});
}

}  // namespace
}  // namespace adjutant::vmod
