// A module's maps as geometry: board sizes from the images in the module (zipped or a folder),
// layouts placing boards by those sizes, decks, global properties in location formats, bounded hex
// topologies, and what happens when an image is missing or broken.
#include "vmod/map_geometries.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "temp_dir.h"
#include "test_module.h"
#include "vmod/archive.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

using testing::TempDir;

using testing::build_file;
using testing::hex_board;

// A PNG of the given size, filled with one colour, with one red pixel at (red_x, red_y).
std::string png(int width, int height, Rgb fill, int red_x = -1, int red_y = -1) {
  core::Image image = testing::filled(width, height, fill);
  testing::paint(image, red_x, red_y, {255, 0, 0});
  return testing::png(image);
}

TEST(BoardImage, SizesOfPngSvgAndRefusals) {
  EXPECT_EQ(image_size(png(40, 30, {1, 2, 3}), {}), (core::Size{40, 30}));
  EXPECT_EQ(image_size("<svg xmlns='http://www.w3.org/2000/svg' width='1200' height='800px'/>", {}),
            (core::Size{1200, 800}));
  try {
    image_size("<svg width='10cm' height='5cm'/>", {"m.vmod", "images/b.svg", ""});
    FAIL() << "an SVG in centimetres has no pixel size to take";
  } catch (const FormatError& e) {
    EXPECT_EQ(e.place().entry, "images/b.svg");
    EXPECT_NE(std::string(e.what()).find("pixels"), std::string::npos) << e.what();
  }
  EXPECT_THROW(image_size("not an image at all", {}), FormatError);
  EXPECT_THROW(decode_image("<svg width='1' height='1'/>", {}), FormatError);
}

TEST(BoardImage, DecodesPixelsAndRefusesHugeImages) {
  const Image image = decode_image(png(20, 10, {10, 200, 30}, 7, 3), {});
  EXPECT_EQ(image.width, 20);
  EXPECT_EQ(image.height, 10);
  EXPECT_EQ(image.at(0, 0), (Rgb{10, 200, 30}));
  EXPECT_EQ(image.at(7, 3), (Rgb{255, 0, 0}));
  EXPECT_THROW(decode_image(png(20, 10, {0, 0, 0}), {}, 100), FormatError);
}

TEST(MapGeometries, ZippedModuleBoardsPlacedByTheirImageSizes) {
  TempDir dir;
  const std::string module_path = dir.file("test.vmod");
  // Two boards side by side: B starts where A's image ends.
  write_zip_atomically(module_path, {{"buildFile.xml", build_file(hex_board("A", "a.png") + hex_board("B", "b.png"),
                                                                  "Main MapBoardPicker\tA\t0\t0\tB\t1\t0")},
                                     {"images/a.png", png(300, 200, {0, 0, 0})},
                                     {"images/b.png", png(250, 210, {0, 0, 0})}});
  const Module module = load_module(module_path);
  MapGeometries maps(module);
  const core::MapGeometry& map = maps.of("Main Map");
  ASSERT_EQ(map.boards().size(), 2u);
  EXPECT_EQ(map.boards()[0].bounds, (core::Rect{0, 0, 300, 200}));
  EXPECT_EQ(map.boards()[1].bounds, (core::Rect{300, 0, 250, 210}));
  EXPECT_TRUE(maps.notes().empty());
  EXPECT_EQ(map.location_name({10, 33}), "0101");
  EXPECT_EQ(map.location_name({560, 33}), "offboard");  // past B's right edge
  EXPECT_EQ(&maps.of("Map0"), &map);                      // built once, found by id too
  EXPECT_THROW(maps.of("Side Map"), FormatError);
}

TEST(MapGeometries, ASavesLayoutReplacesTheDefault) {
  TempDir dir;
  dir.write("buildFile.xml", build_file(hex_board("A", "a.png") + hex_board("B", "b.png"), "Main MapBoardPicker\tA\t0\t0"));
  dir.write("images/a.png", png(300, 200, {0, 0, 0}));
  dir.write("images/b.png", png(250, 210, {0, 0, 0}));
  const Module module = load_module(dir.path().string());
  BoardLayout layout;
  layout.picker_id = "Main MapBoardPicker";
  layout.cells = {{"B", false, 0, 0}, {"A", false, 0, 1}};
  MapGeometries maps(module, {{"Main Map", layout}});
  const core::MapGeometry& map = maps.of("Main Map");
  ASSERT_EQ(map.boards().size(), 2u);
  EXPECT_EQ(map.boards()[0].name, "B");
  EXPECT_EQ(map.boards()[1].bounds, (core::Rect{0, 210, 300, 200}));  // below B
}

TEST(MapGeometries, DecksAndGlobalPropertiesName) {
  TempDir dir;
  dir.write("buildFile.xml",
            build_file(hex_board("A", "a.png", "$Region$ $gridLocation$"), "",
                       "<VASSAL.build.module.map.DrawPile name=\"Draw Pile\" owningBoard=\"A\" x=\"100\" y=\"90\"/>"));
  dir.write("images/a.png", png(300, 200, {0, 0, 0}));
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  const core::MapGeometry& map = maps.of("Main Map");
  EXPECT_EQ(map.location_name({100, 90}), "Draw Pile");
  EXPECT_EQ(map.location_name({10, 33}), "North 0101");  // the module's global property
}

TEST(MapGeometries, MissingImageAssumesALargeBoardAndSaysSo) {
  TempDir dir;
  dir.write("buildFile.xml", build_file(hex_board("A", "gone.png")));
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  const core::MapGeometry& map = maps.of("Main Map");
  EXPECT_EQ(map.boards()[0].bounds.width, kUnknownBoardSide);
  EXPECT_NE(map.location_name({5000, 5032}), "offboard");  // named as if the board reached that far
  ASSERT_EQ(maps.notes().size(), 1u);
  EXPECT_NE(maps.notes()[0].find("images/gone.png not found"), std::string::npos) << maps.notes()[0];
  // Its hexes cannot be listed without its size.
  EXPECT_THROW(maps.topology("Main Map"), FormatError);
}

TEST(MapGeometries, AnAssumedSizeStandsInForAMissingImage) {
  TempDir dir;
  dir.write("buildFile.xml", build_file(hex_board("A", "gone.png")));
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  EXPECT_EQ(maps.of("Main Map").boards()[0].bounds.width, kUnknownBoardSide);
  maps.assume_board_size("A", {300, 200});
  EXPECT_EQ(maps.of("Main Map").boards()[0].bounds, (core::Rect{0, 0, 300, 200}));
  EXPECT_EQ(maps.of("Main Map").location_name({400, 33}), "offboard");
  EXPECT_FALSE(maps.topology("Main Map").contains(*maps.topology("Main Map").hex_named("0904")));
  ASSERT_EQ(maps.notes().size(), 1u);  // the earlier "size unknown" is no longer true
  EXPECT_NE(maps.notes().back().find("size 300x200 as given"), std::string::npos) << maps.notes().back();
}

TEST(MapGeometries, BoardBesideAnUnknownSizeIsRefused) {
  TempDir dir;
  dir.write("buildFile.xml", build_file(hex_board("A", "gone.png") + hex_board("B", "b.png"),
                                        "Main MapBoardPicker\tA\t0\t0\tB\t1\t0"));
  dir.write("images/b.png", png(250, 210, {0, 0, 0}));
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  try {
    maps.of("Main Map");
    FAIL() << "B's place depends on A's width";
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find("board 'B' cannot be placed"), std::string::npos) << e.what();
  }
}

TEST(MapGeometries, BrokenImageIsNamedInTheNote) {
  TempDir dir;
  dir.write("buildFile.xml", build_file(hex_board("A", "a.png")));
  dir.write("images/a.png", "\x89PNG but truncated");
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  maps.of("Main Map");
  ASSERT_EQ(maps.notes().size(), 1u);
  EXPECT_NE(maps.notes()[0].find("images/a.png"), std::string::npos) << maps.notes()[0];
  EXPECT_THROW(maps.images().pixels(module.maps[0].boards[0]), FormatError);
}

TEST(MapGeometries, AZonedBoardsHexBackgroundIsItsHexGrid) {
  TempDir dir;
  const std::string hex = testing::hex_board("A", "a.png");
  const size_t grid_start = hex.find("<VASSAL.build.module.map.boardPicker.board.HexGrid");
  const size_t grid_end = hex.find("</VASSAL.build.module.map.boardPicker.Board>");
  const std::string zoned = hex.substr(0, grid_start) +
                            "<VASSAL.build.module.map.boardPicker.board.ZonedGrid>"
                            "<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name=\"Box\" "
                            "path=\"200,0;300,0;300,60;200,60\"/>" +
                            hex.substr(grid_start, grid_end - grid_start) +
                            "</VASSAL.build.module.map.boardPicker.board.ZonedGrid>" + hex.substr(grid_end);
  dir.write("buildFile.xml", build_file(zoned));
  dir.write("images/a.png", png(300, 200, {0, 0, 0}));
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  EXPECT_EQ(maps.hex_board("Main Map"), "A");
  const core::HexTopology topology = maps.topology("Main Map");
  EXPECT_TRUE(topology.contains(*topology.hex_named("0101")));
  EXPECT_EQ(maps.of("Main Map").location_name({250, 30}), "Box");  // the zone still names its points
}

TEST(MapGeometries, TopologyIsBoundedByTheBoardImage) {
  TempDir dir;
  dir.write("buildFile.xml", build_file(hex_board("A", "a.png")));
  dir.write("images/a.png", png(300, 200, {0, 0, 0}));
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  const core::HexTopology topology = maps.topology("Main Map");
  const auto h0101 = topology.hex_named("0101");
  const auto h0904 = topology.hex_named("0904");
  ASSERT_TRUE(h0101 && h0904);
  EXPECT_TRUE(topology.contains(*h0101));
  EXPECT_FALSE(topology.contains(*h0904));  // its centre (443, 224) lies beyond 300 x 200
  EXPECT_THROW(maps.topology("Main Map", "Z"), FormatError);
}

TEST(MapGeometries, ABoardOutsideTheLayoutHasItsTopologyAndNamesTheBoards) {
  TempDir dir;
  dir.write("buildFile.xml", build_file(hex_board("A", "a.png") + hex_board("B", "b.png"), "Main MapBoardPicker\tA\t0\t0"));
  dir.write("images/a.png", png(300, 200, {0, 0, 0}));
  dir.write("images/b.png", png(120, 90, {0, 0, 0}));
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  ASSERT_EQ(maps.of("Main Map").boards().size(), 1u);  // the default layout has A only
  const core::HexTopology b = maps.topology("Main Map", "B");
  EXPECT_TRUE(b.contains(*b.hex_named("0101")));
  EXPECT_FALSE(b.contains(*b.hex_named("0404")));  // bounded by B's own image, 120 x 90
  EXPECT_EQ(maps.alone(module.maps[0], "B").boards()[0].bounds, (core::Rect{0, 0, 120, 90}));
  try {
    maps.topology("Main Map", "Z");
    FAIL() << "no board Z";
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find("its boards: 'A', 'B'; laid out: 'A'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace adjutant::vmod
