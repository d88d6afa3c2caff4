// Inputs the fuzz targets (tests/fuzz, docs/fuzzing.md) found, each with the answer the entry
// point documents. The inputs are built here, not stored.
#include <gtest/gtest.h>

#include <string>

#include "test_module.h"
#include "vmod/command.h"
#include "vmod/format_error.h"
#include "vmod/map_geometries.h"
#include "vmod/module.h"
#include "vmod/terrain_sample.h"

namespace adjutant::vmod {
namespace {

// fuzz_command_tree: ESC then '\' decodes to a NullRecord with the child "\", which the current
// rule re-encodes quoted ("\x1b'\\'", 4 bytes for 2): decode then encode is not the identity
// command.h promises. Minimal input: the 2 bytes below.
TEST(FuzzRegression, EscThenBackslashEncodesBackUnchanged) {
  const std::string text = "\x1b\\";
  EXPECT_EQ(CommandTree::decode(text).encode(), text);
}

// fuzz_companion: `board_size` on a [[map]] the module does not have escapes parse_companion as a
// FormatError from MapGeometries::hex_board ("fuzz/buildFile.xml: no map 'N' in the module"),
// naming the buildFile instead of the companion file and its line; companion.h promises a
// CompanionError. The board-size hint is called before the map is looked up (companion.cc).
TEST(FuzzRegression, BoardSizeOnAnUnknownMapIsACompanionError) {
  const Module module = parse_build_file(testing::build_file(testing::hex_board("Main", "")), "test/buildFile.xml");
  MapGeometries maps(module);
  const std::string text =
      "rules = \"generic\"\n[module]\nname = \"Test\"\n[vocabulary]\nterrain = [\"clear\"]\n"
      "[[map]]\nname = \"N\"\nboard_size = [5, 5]\ndefault_terrain = \"clear\"\n";
  try {
    parse_companion(text, "c.toml", maps);
    FAIL() << "a companion file for a map the module lacks was accepted";
  } catch (const CompanionError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("c.toml, line "), std::string::npos) << message;
    EXPECT_NE(message.find("'N'"), std::string::npos) << message;
  }
}


// fuzz_build_file: a map whose BoardPicker setup holds a broken command ("M/" where a board layout
// belongs) escaped MapGeometries as a CommandError naming no file, map or line.
TEST(FuzzRegression, ABrokenDefaultLayoutIsABuildFileErrorNamingTheMap) {
  const Module module = parse_build_file(testing::build_file(testing::hex_board("Main", ""), "M/"), "test/buildFile.xml");
  MapGeometries maps(module);
  try {
    (void)maps.of(module.maps.front());
    FAIL() << "a broken default layout was accepted";
  } catch (const BuildFileError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("BoardPicker setup"), std::string::npos) << message;
    EXPECT_NE(message.find("line "), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace adjutant::vmod
