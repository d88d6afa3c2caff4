// Maps of several boards whose hex grids continue: where each board's lattice lies in the first's
// (side by side, one above the other, an odd column offset that flips parity, sideways grids, a
// double dx within tolerance), the refusals, the stitched topology checked against the map's pixel
// geometry (hex at a point, VASSAL's range, names), a stitched terrain model, and movement and zones
// across the seams; then the same through vmod::MapGeometries on a module with a 2x1 layout.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "core/hexes/board_stitching.h"
#include "core/geometry/geometry_error.h"
#include "core/hexes/map_lattice.h"
#include "core/movement/movement_search.h"
#include "core/movement/zone_of_control.h"
#include "grid_examples.h"
#include "temp_dir.h"
#include "terrain_examples.h"
#include "test_module.h"
#include "vmod/format_error.h"
#include "vmod/map_geometries.h"
#include "vmod/module.h"

namespace adjutant::core {

void PrintTo(const Hex& h, std::ostream* os) { *os << "(" << h.col << "," << h.row << ")"; }

namespace {

constexpr int kClear = 0, kRidge = 1, kTown = 2, kWoods = 3;
constexpr int kStream = 1, kSlope = 3;
constexpr int kRoad = 1;
constexpr int kDepot = 1;

// A hex grid named CCRR from column `h_off`, row 01; whole-pixel spacing unless given.
HexGridSpec grid(int x0, int y0, bool sideways = false, int h_off = 1, double dx = 56, double dy = 64) {
  HexGridSpec g;
  g.x0 = x0;
  g.y0 = y0;
  g.dx = dx;
  g.dy = dy;
  g.sideways = sideways;
  GridNumbering n;
  n.class_name = "HexGridNumbering";
  n.h_off = h_off;
  g.numbering = n;
  return g;
}

using testing::board;

const MapGeometry::Board& placed(const MapGeometry& map, const std::string& name) { return *map.board_named(name); }

HexTopology own_topology(const MapGeometry::Board& b) {
  return HexTopology(*hex_grid_of(b.grid), Size{b.bounds.width, b.bounds.height});
}

// Every hex a topology contains.
std::vector<Hex> hexes_of(const HexTopology& t) {
  std::vector<Hex> out;
  const HexExtent extent = HexExtent::of(t);
  for (size_t i = 0; i < extent.size(); ++i) {
    if (t.contains(extent.hex(i))) out.push_back(extent.hex(i));
  }
  return out;
}

// A map laid out from `boards`, its lattice, and (when it continues) its stitched topology.
struct Stitched {
  MapGeometry map;
  MapLattice lattice;
  std::optional<HexTopology> topology;

  explicit Stitched(std::vector<BoardPlacement> boards, Size edge = {})
      : map("Main Map", edge, std::move(boards)), lattice(map_lattice(map)) {
    if (!lattice.continues()) return;
    std::vector<StitchPart> parts;
    for (size_t i = 0; i < lattice.boards.size(); ++i) {
      parts.push_back({lattice.boards[i], own_topology(placed(map, lattice.boards[i])), lattice.offsets[i]});
    }
    topology = HexTopology::stitched(std::move(parts));
  }
  const HexTopology& t() const { return *topology; }
  const HexTopology& part(int i) const { return t().parts()[static_cast<size_t>(i)].topology; }
};

// Every hex of every board lands where the map's pixels put it: the first board's grid, asked
// about the hex's centre in map pixels, finds the same hex of the map's lattice; each is named by
// its own board, belongs to it, and no two share a map hex.
void expect_matches_pixels(const Stitched& s) {
  ASSERT_TRUE(s.topology) << s.lattice.problem;
  const MapGeometry::Board& first = placed(s.map, s.lattice.boards.front());
  const HexGrid& lattice_grid = *hex_grid_of(first.grid);
  std::set<Hex> seen;
  for (size_t i = 0; i < s.lattice.boards.size(); ++i) {
    const int part = static_cast<int>(i);
    const MapGeometry::Board& b = placed(s.map, s.lattice.boards[i]);
    const HexTopology& own = s.part(part);
    for (const Hex local : hexes_of(own)) {
      const Hex m = s.t().to_map(part, local);
      SCOPED_TRACE(b.name + " " + own.name(local));
      EXPECT_TRUE(seen.insert(m).second);
      EXPECT_EQ(s.t().part_of(m), part);
      EXPECT_EQ(s.t().to_local(m), std::pair(part, local));
      EXPECT_EQ(s.t().name(m), own.name(local));
      EXPECT_EQ(s.t().location_name(m), own.location_name(local));
      EXPECT_EQ(describe(s.t(), m), own.name(local));
      const Point p = s.map.to_map(b, own.grid().centre(local));
      EXPECT_EQ(s.map.find_board(p), &b);
      EXPECT_EQ(lattice_grid.hex_at(s.map.to_board(first, p)), m);
    }
  }
  // Nothing more, nothing less: the stitched extent walks every board.
  const std::vector<Hex> all = hexes_of(s.t());
  EXPECT_EQ(std::set<Hex>(all.begin(), all.end()), seen);
}

// VASSAL's range (snapping both points through the map) equals the stitched distance, from a few
// hexes of the first board to every hex of the map. Needs the first board at the map's origin.
void expect_distance_is_range(const Stitched& s) {
  const std::vector<Hex> firsts = hexes_of(s.part(0));
  for (const Hex from : {firsts.front(), firsts[firsts.size() / 2], firsts.back()}) {
    const Point p1 = s.map.to_map(placed(s.map, s.lattice.boards[0]), s.part(0).grid().centre(from));
    for (size_t i = 0; i < s.lattice.boards.size(); ++i) {
      const int part = static_cast<int>(i);
      for (const Hex local : hexes_of(s.part(part))) {
        const Point p2 = s.map.to_map(placed(s.map, s.lattice.boards[i]), s.part(part).grid().centre(local));
        EXPECT_EQ(s.t().distance(s.t().to_map(0, from), s.t().to_map(part, local)), s.map.range(p1, p2))
            << s.part(0).name(from) << " to " << s.lattice.boards[i] << ":" << s.part(part).name(local);
      }
    }
  }
}

// Across the seam between boards `from` and `to`, the stitched neighbours are exactly the pairs of
// hexes whose centres lie one hex apart in the map's pixels.
void expect_seam(const Stitched& s, int from, int to) {
  const auto centres = [&](int part) {
    std::vector<std::pair<Hex, Point>> out;
    const MapGeometry::Board& b = placed(s.map, s.lattice.boards[static_cast<size_t>(part)]);
    for (const Hex local : hexes_of(s.part(part))) {
      out.emplace_back(s.t().to_map(part, local), s.map.to_map(b, s.part(part).grid().centre(local)));
    }
    return out;
  };
  const HexGridSpec& spec = hex_grid_of(placed(s.map, s.lattice.boards[0]).grid)->spec();
  const double one_hex = 1.25 * std::max(spec.dx, spec.dy);
  std::set<std::pair<Hex, Hex>> by_pixels, by_topology;
  const auto near_side = centres(to);
  for (const auto& [h, p] : centres(from)) {
    for (const auto& [n, q] : near_side) {
      if (std::hypot(p.x - q.x, p.y - q.y) < one_hex) by_pixels.emplace(h, n);
    }
    for (const Hex n : s.t().neighbours(h)) {
      if (s.t().part_of(n) == to) by_topology.emplace(h, n);
    }
  }
  EXPECT_GT(by_pixels.size(), 10u);
  EXPECT_EQ(by_topology, by_pixels);
}

// ---- where the boards' lattices lie ------------------------------------------------------------

TEST(MapLattice, SideBySideAnEvenNumberOfColumns) {
  // 8 columns of 56 px: board B's column 0 is the map's column 8, same parity.
  const Stitched s({board("A", 0, 0, {448, 640}, grid(28, 32)), board("B", 1, 0, {448, 640}, grid(28, 32))});
  ASSERT_TRUE(s.lattice.continues()) << s.lattice.problem;
  EXPECT_EQ(s.lattice.boards, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(s.lattice.offsets, (std::vector<Cube>{Cube{}, to_cube(Hex{8, 0})}));
  EXPECT_EQ(s.t().to_map(1, Hex{0, 0}), (Hex{8, 0}));
  EXPECT_EQ(s.t().to_map(1, Hex{1, 0}), (Hex{9, 0}));
  // A's east edge, column 7 (odd, half a hex lower), touches B's west column 0 at NE and SE.
  std::set<Hex> east;
  for (const Hex n : s.t().neighbours(Hex{7, 3})) {
    if (s.t().part_of(n) == 1) east.insert(s.t().to_local(n).second);
  }
  EXPECT_EQ(east, (std::set<Hex>{{0, 3}, {0, 4}}));
  expect_matches_pixels(s);
  expect_distance_is_range(s);
  expect_seam(s, 0, 1);
}

TEST(MapLattice, AnOddColumnOffsetFlipsParityAndCubeTranslationKeepsItExact) {
  // 7 columns: B's column 0 is the map's odd column 7, so B's origin sits half a hex lower.
  const Stitched s(
      {board("A", 0, 0, {392, 640}, grid(28, 32)), board("B", 1, 0, {392, 640}, grid(28, 64, false, 8))});
  ASSERT_TRUE(s.lattice.continues()) << s.lattice.problem;
  EXPECT_EQ(s.t().to_map(1, Hex{0, 0}), (Hex{7, 0}));
  EXPECT_EQ(s.t().to_map(1, Hex{1, 0}), (Hex{8, 1}));  // offset rows alone would say (8, 0)
  EXPECT_EQ(s.t().to_map(1, Hex{2, 0}), (Hex{9, 0}));
  EXPECT_EQ(s.t().to_map(1, Hex{0, 3}), (Hex{7, 3}));
  EXPECT_EQ(s.t().to_map(1, Hex{1, 3}), (Hex{8, 4}));
  expect_matches_pixels(s);
  expect_distance_is_range(s);
  expect_seam(s, 0, 1);
}

TEST(MapLattice, OneAboveTheOther) {
  const Stitched s({board("A", 0, 0, {448, 640}, grid(28, 32)), board("B", 0, 1, {448, 640}, grid(28, 32))});
  ASSERT_TRUE(s.lattice.continues()) << s.lattice.problem;
  EXPECT_EQ(s.t().to_map(1, Hex{0, 0}), (Hex{0, 10}));
  EXPECT_EQ(s.t().to_map(1, Hex{3, 2}), (Hex{3, 12}));
  expect_matches_pixels(s);
  expect_distance_is_range(s);
  expect_seam(s, 0, 1);
}

TEST(MapLattice, ThreeBoardsInTwoRows) {
  const Stitched s({board("A", 0, 0, {448, 640}, grid(28, 32)), board("B", 1, 0, {392, 640}, grid(28, 32, false, 9)),
                    board("C", 0, 1, {448, 640}, grid(28, 32))});
  ASSERT_TRUE(s.lattice.continues()) << s.lattice.problem;
  EXPECT_EQ(s.t().to_map(1, Hex{0, 0}), (Hex{8, 0}));
  EXPECT_EQ(s.t().to_map(2, Hex{0, 0}), (Hex{0, 10}));
  expect_matches_pixels(s);
  expect_distance_is_range(s);
  expect_seam(s, 0, 1);
  expect_seam(s, 0, 2);
}

TEST(MapLattice, SidewaysGridsSwapTheAxes) {
  // Sideways: x0 and dx run down the screen. One above the other, 7 columns apart (parity flips);
  // side by side, 10 rows apart.
  const Stitched above({board("A", 0, 0, {640, 392}, grid(28, 32, true)),
                        board("B", 0, 1, {640, 392}, grid(28, 64, true))});
  ASSERT_TRUE(above.lattice.continues()) << above.lattice.problem;
  EXPECT_EQ(above.t().to_map(1, Hex{0, 0}), (Hex{7, 0}));
  EXPECT_EQ(above.t().to_map(1, Hex{1, 0}), (Hex{8, 1}));
  EXPECT_EQ(above.t().direction_name(0), "NE");
  expect_matches_pixels(above);
  expect_distance_is_range(above);
  expect_seam(above, 0, 1);

  const Stitched beside({board("A", 0, 0, {640, 392}, grid(28, 32, true)),
                         board("B", 1, 0, {640, 392}, grid(28, 32, true))});
  ASSERT_TRUE(beside.lattice.continues()) << beside.lattice.problem;
  EXPECT_EQ(beside.t().to_map(1, Hex{0, 0}), (Hex{0, 10}));
  expect_matches_pixels(beside);
  expect_distance_is_range(beside);
  expect_seam(beside, 0, 1);
}

TEST(MapLattice, ADoubleSpacingWithinHalfAPixelAndEdgeBuffers) {
  // VASSAL's default dx (55.4256...): 8 columns span 443.4 px. A board 443 px wide puts the next
  // grid 0.4 px off the lattice (accepted), 444 px wide 0.6 px (refused).
  const double dx = 55.42562584220407;
  const HexGridSpec g = grid(0, 32, false, 1, dx);
  const Stitched close({board("A", 0, 0, {443, 640}, g), board("B", 1, 0, {443, 640}, g)});
  ASSERT_TRUE(close.lattice.continues()) << close.lattice.problem;
  EXPECT_EQ(close.t().to_map(1, Hex{0, 0}), (Hex{8, 0}));
  expect_matches_pixels(close);
  expect_distance_is_range(close);
  expect_seam(close, 0, 1);

  const Stitched far({board("A", 0, 0, {444, 640}, g), board("B", 1, 0, {444, 640}, g)});
  EXPECT_FALSE(far.lattice.continues());
  EXPECT_NE(far.lattice.problem.find("0.59 px across"), std::string::npos) << far.lattice.problem;
  EXPECT_TRUE(far.lattice.offsets.empty());
  EXPECT_TRUE(map_lattice(far.map, 0.7).continues());

  // An edge buffer moves every board alike.
  const Stitched buffered({board("A", 0, 0, {443, 640}, g), board("B", 1, 0, {443, 640}, g)}, {100, 37});
  EXPECT_EQ(buffered.lattice.offsets, close.lattice.offsets);
  expect_matches_pixels(buffered);
}

TEST(MapLattice, BoardsWithoutHexGridsAreLeftOut) {
  SquareGridSpec square;
  const Stitched s({board("A", 0, 0, {448, 640}, grid(28, 32)), board("Chart", 1, 0, {200, 640}, square),
                    board("B", 2, 0, {448, 640}, grid(-4, 64))});  // 448 + 200 - 4 = 28 + 11 * 56
  ASSERT_TRUE(s.lattice.continues()) << s.lattice.problem;
  EXPECT_EQ(s.lattice.boards, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(s.t().to_map(1, Hex{0, 0}), (Hex{11, 0}));
  expect_matches_pixels(s);

  const Stitched none({board("Chart", 0, 0, {200, 640}, square)});
  EXPECT_FALSE(none.lattice.continues());
  EXPECT_NE(none.lattice.problem.find("no hex board"), std::string::npos);
}

TEST(MapLattice, Refusals) {
  const auto problem = [](GridSpec second, bool reversed = false) {
    std::vector<BoardPlacement> boards = {board("A", 0, 0, {448, 640}, grid(28, 32)),
                                          board("B", 1, 0, {448, 640}, std::move(second))};
    boards[1].reversible = true;
    boards[1].reversed = reversed;
    const MapLattice lattice = map_lattice(MapGeometry("Main Map", {}, boards));
    EXPECT_FALSE(lattice.continues());
    EXPECT_TRUE(lattice.offsets.empty());
    EXPECT_EQ(lattice.boards, (std::vector<std::string>{"A", "B"}));
    return lattice.problem;
  };
  EXPECT_NE(problem(grid(28, 32, false, 1, 57)).find("dx 57.00"), std::string::npos);
  EXPECT_NE(problem(grid(28, 32, false, 1, 56, 65)).find("dy 65.00"), std::string::npos);
  EXPECT_NE(problem(grid(28, 32, true)).find("sideways"), std::string::npos);
  EXPECT_NE(problem(grid(38, 32)).find("10.00 px across"), std::string::npos);
  EXPECT_NE(problem(grid(28, 42)).find("10.00 px along"), std::string::npos);
  // Half a hex lower, but in an even column: no lattice point.
  EXPECT_NE(problem(grid(28, 64)).find("half a hex"), std::string::npos);
  // Hostile spacing on both boards: no lattice at all.
  for (const double zero : {0.0, std::nan("")}) {
    const std::vector<BoardPlacement> flat = {board("A", 0, 0, {448, 640}, grid(28, 32, false, 1, zero)),
                                              board("B", 1, 0, {448, 640}, grid(28, 32, false, 1, zero))};
    EXPECT_FALSE(map_lattice(MapGeometry("Main Map", {}, flat)).continues()) << zero;
  }
  const std::string reversed = problem(grid(28, 32), true);
  EXPECT_NE(reversed.find("board 'B' of map 'Main Map' is reversed"), std::string::npos) << reversed;
  // Reversible but not reversed is an ordinary board.
  std::vector<BoardPlacement> upright = {board("A", 0, 0, {448, 640}, grid(28, 32)),
                                         board("B", 1, 0, {448, 640}, grid(28, 32))};
  upright[1].reversible = true;
  EXPECT_TRUE(map_lattice(MapGeometry("Main Map", {}, upright)).continues());
}

// ---- the stitched topology ---------------------------------------------------------------------

TEST(StitchedTopology, NamesAreEachBoardsOwnAndCanBeQualified) {
  // Both boards number from 0101, so bare names find board A first.
  const Stitched s({board("A", 0, 0, {448, 640}, grid(28, 32)), board("B", 1, 0, {448, 640}, grid(28, 32))});
  const Hex a0101{0, 0}, b0101 = s.t().to_map(1, Hex{0, 0});
  EXPECT_EQ(s.t().name(a0101), "0101");
  EXPECT_EQ(s.t().name(b0101), "0101");
  EXPECT_EQ(s.t().hex_named("0101"), a0101);
  EXPECT_EQ(s.t().hex_named("B:0101"), b0101);
  EXPECT_EQ(s.t().hex_named("A:0101"), a0101);
  EXPECT_EQ(s.t().hex_named("B:0901"), std::nullopt);  // B has 8 columns
  EXPECT_EQ(s.t().hex_named("C:0101"), std::nullopt);
  EXPECT_EQ(s.t().hex_named("0901"), std::nullopt);     // nor does A
  EXPECT_EQ(s.t().unambiguous_name(a0101), "0101");
  EXPECT_EQ(s.t().unambiguous_name(b0101), "B:0101");
  // A hexside across the seam: A's 0801 and B's 0101, named so that it parses back.
  const Hex a0801 = *s.t().hex_named("0801");
  EXPECT_EQ(a0801.col, 7);
  ASSERT_TRUE(s.t().adjacent(a0801, b0101));
  const Hexside seam = s.t().hexside(a0801, b0101);
  EXPECT_EQ(s.t().hexside_name(seam), "0801/B:0101");
  EXPECT_EQ(s.t().hexside_named("0801/B:0101"), seam);
  EXPECT_EQ(s.t().hexside_named("0801/0101"), std::nullopt);  // A's 0101 is not beside it
  // Off every board: no name, and messages fall back to coordinates.
  const Hex off{30, 3};
  EXPECT_FALSE(s.t().contains(off));
  EXPECT_THROW(s.t().name(off), GeometryError);
  EXPECT_THROW(s.t().to_local(off), GeometryError);
  EXPECT_EQ(describe(s.t(), off), "(30,3)");
  EXPECT_THROW(s.t().to_map(2, Hex{}), GeometryError);
}

TEST(StitchedTopology, ContinuedNumberingNeedsNoQualifier) {
  const Stitched s(
      {board("A", 0, 0, {392, 640}, grid(28, 32)), board("B", 1, 0, {392, 640}, grid(28, 64, false, 8))});
  const Hex b0801 = s.t().to_map(1, Hex{0, 0});
  EXPECT_EQ(s.t().name(b0801), "0801");
  EXPECT_EQ(s.t().hex_named("0801"), b0801);  // A's own "0801" would be off A
  EXPECT_EQ(s.t().unambiguous_name(b0801), "0801");
  const Hex a0701 = *s.t().hex_named("0701");
  EXPECT_EQ(s.t().hexside_name(s.t().hexside(a0701, b0801)), "0701/0801");
}

TEST(StitchedTopology, RingsWithinAndLinesCrossTheSeam) {
  const Stitched s(
      {board("A", 0, 0, {392, 640}, grid(28, 32)), board("B", 1, 0, {392, 640}, grid(28, 64, false, 8))});
  const std::vector<Hex> all = hexes_of(s.t());
  const Hex centre = *s.t().hex_named("0704");
  for (const int radius : {1, 2, 3}) {
    std::set<Hex> expected;
    for (const Hex h : all) {
      if (s.t().distance(centre, h) <= radius) expected.insert(h);
    }
    const std::vector<Hex> within = s.t().within(centre, radius);
    EXPECT_EQ(std::set<Hex>(within.begin(), within.end()), expected) << radius;
  }
  // Lines are the lattice's own: the same as on the first board's grid without bounds.
  const HexTopology lattice = HexTopology::unbounded(s.t().grid());
  for (const char* to : {"1104", "1201", "0910"}) {
    const Hex a0304 = *s.t().hex_named("0304"), b = *s.t().hex_named(to);
    const HexLine line = s.t().line(a0304, b);
    EXPECT_EQ(line.steps, lattice.line(a0304, b).steps) << to;
    EXPECT_EQ(s.t().part_of(line.steps.front().hex), 0);
    EXPECT_EQ(s.t().part_of(line.steps.back().hex), 1);
    for (const Hex h : line.hexes()) EXPECT_TRUE(s.t().contains(h)) << to;
  }
}

TEST(StitchedTopology, APlainTopologyIsItsOwnSinglePart) {
  const HexTopology t = testing::ccrr_topology();
  EXPECT_FALSE(t.is_stitched());
  EXPECT_TRUE(t.parts().empty());
  EXPECT_EQ(t.part_of(Hex{2, 2}), 0);
  EXPECT_EQ(t.part_of(Hex{-5, 2}), std::nullopt);
  EXPECT_EQ(t.to_local(Hex{2, 2}), std::pair(0, Hex{2, 2}));
  EXPECT_EQ(t.to_map(0, Hex{2, 2}), (Hex{2, 2}));
  EXPECT_THROW(t.to_map(1, Hex{2, 2}), GeometryError);
  EXPECT_EQ(t.unambiguous_name(Hex{2, 2}), t.name(Hex{2, 2}));
}

TEST(StitchedTopology, Refusals) {
  const HexTopology a(HexGrid(grid(28, 32), {448, 640}), {448, 640});
  const HexTopology wider(HexGrid(grid(28, 32, false, 1, 57), {448, 640}), {448, 640});
  const HexTopology sideways(HexGrid(grid(28, 32, true), {448, 640}), {448, 640});
  EXPECT_THROW(HexTopology::stitched({}), GeometryError);
  EXPECT_THROW(HexTopology::stitched({{"A", a, Cube{}}, {"B", wider, to_cube(Hex{8, 0})}}), GeometryError);
  EXPECT_THROW(HexTopology::stitched({{"A", a, Cube{}}, {"B", sideways, to_cube(Hex{8, 0})}}), GeometryError);
  EXPECT_THROW(HexTopology::stitched({{"A", a, to_cube(Hex{1, 0})}}), GeometryError);
  EXPECT_THROW(HexTopology::stitched({{"A", HexTopology::unbounded(a.grid()), Cube{}}}), GeometryError);
  const HexTopology twice = HexTopology::stitched({{"A", a, Cube{}}});
  EXPECT_THROW(HexTopology::stitched({{"AA", twice, Cube{}}}), GeometryError);
}

TEST(StitchedTopology, WhereTwoBoardsHoldAHexTheFirstWins) {
  // B placed over A's last two columns (offsets given by hand, as a plugin might).
  const HexTopology a(HexGrid(grid(28, 32), {448, 640}), {448, 640});
  const HexTopology b(HexGrid(grid(28, 32, false, 20), {448, 640}), {448, 640});
  const HexTopology t = HexTopology::stitched({{"A", a, Cube{}}, {"B", b, to_cube(Hex{6, 0})}});
  EXPECT_EQ(t.part_of(Hex{7, 3}), 0);
  EXPECT_EQ(t.to_local(Hex{7, 3}), std::pair(0, Hex{7, 3}));
  EXPECT_EQ(t.name(Hex{7, 3}), a.name(Hex{7, 3}));
  EXPECT_EQ(t.part_of(Hex{8, 3}), 1);
  EXPECT_EQ(t.name(Hex{8, 3}), b.name(Hex{2, 3}));
  EXPECT_EQ(b.name(Hex{1, 3}), "2105");
  EXPECT_EQ(t.hex_named("B:2105"), (Hex{7, 3}));  // B's own name still finds the hex
  EXPECT_EQ(t.unambiguous_name(Hex{7, 3}), "0805");
  // Columns 6 and 7 of A are B's 0 and 1: ten hexes each.
  EXPECT_EQ(hexes_of(t).size(), hexes_of(a).size() + hexes_of(b).size() - 20);
}

// ---- one terrain model across the boards ------------------------------------------------------

class StitchedTerrain : public ::testing::Test {
 protected:
  // A 7-column board and an 8-column one beside it, B numbered on from column 08 (parity flips).
  StitchedTerrain()
      : geometry({board("A", 0, 0, {392, 640}, grid(28, 32)), board("B", 1, 0, {392, 640}, grid(28, 64, false, 8))}),
        vocabulary(testing::ccrr_vocabulary()),
        a("Main Map", "A", own_topology(placed(geometry.map, "A")), vocabulary, kClear, 1),
        b("Main Map", "B", own_topology(placed(geometry.map, "B")), vocabulary, kClear, 2) {
    a.set_terrain(Hex{2, 2}, kWoods);
    a.set_elevation(Hex{2, 2}, 5);
    a.add_hexside_feature(Hex{1, 1}, Hex{1, 2}, kStream);
    a.add_line({kRoad, "Pike", {Hex{4, 3}, Hex{5, 3}, Hex{6, 3}}, {}, 7});  // to A's east edge
    a.add_place({"Depot", kDepot, {Hex{1, 4}}, {}, 0});
    a.add_area({"West", {Hex{0, 0}, Hex{1, 0}}, {}, 0});
    b.set_terrain(Hex{1, 1}, kRidge);
    b.add_hexside_feature(Hex{3, 4}, Hex{3, 5}, kSlope, Hex{3, 5});
    b.add_line({kRoad, "Pike", {Hex{0, 3}, Hex{1, 3}, Hex{2, 3}}, {}, 9});  // from B's west edge
    b.add_place({"Town", kTown, {Hex{2, 5}}, {{"vp", int64_t{3}}}, 0});
    b.add_area({"East", {Hex{0, 0}, Hex{5, 5}}, {}, 0});
  }
  TerrainModel stitched() const { return stitch_boards("Main Map", {&a, &b}, geometry.lattice.offsets); }
  Hex on_b(Hex local) const { return geometry.t().to_map(1, local); }

  Stitched geometry;
  std::shared_ptr<TerrainVocabulary> vocabulary;
  TerrainModel a;
  TerrainModel b;
};

TEST_F(StitchedTerrain, CarriesEveryBoardsTerrainFeaturesLinesPlacesAndAreas) {
  const TerrainModel m = stitched();
  EXPECT_EQ(m.map(), "Main Map");
  EXPECT_EQ(m.board(), "");
  EXPECT_TRUE(m.topology().is_stitched());
  EXPECT_EQ(m.hexes().size(), a.hexes().size() + b.hexes().size());
  EXPECT_EQ(m.terrain(Hex{2, 2}), kWoods);
  EXPECT_EQ(m.elevation(Hex{2, 2}), 5);
  EXPECT_EQ(m.elevation(Hex{3, 3}), 1);  // A's default elevation
  EXPECT_EQ(m.terrain(on_b(Hex{1, 1})), kRidge);
  EXPECT_EQ(m.terrain_name(on_b(Hex{1, 1})), "ridge");
  EXPECT_EQ(m.elevation(on_b(Hex{4, 4})), 2);  // B's
  EXPECT_TRUE(m.has_hexside_feature(Hex{1, 1}, Hex{1, 2}, kStream));
  EXPECT_TRUE(m.has_hexside_feature(on_b(Hex{3, 4}), on_b(Hex{3, 5}), kSlope));
  EXPECT_EQ(m.high_side(on_b(Hex{3, 4}), on_b(Hex{3, 5}), kSlope), on_b(Hex{3, 5}));
  ASSERT_EQ(m.lines().size(), 3u);
  EXPECT_EQ(m.lines()[1].hexes, (std::vector<Hex>{on_b(Hex{0, 3}), on_b(Hex{1, 3}), on_b(Hex{2, 3})}));
  EXPECT_EQ(m.lines()[1].line, 9);
  EXPECT_EQ(m.lines_across(Hex{5, 3}, Hex{6, 3}), line_bit(kRoad));
  EXPECT_EQ(m.lines_across(on_b(Hex{0, 3}), on_b(Hex{1, 3})), line_bit(kRoad));
  // The two roads end either side of the seam: they run on into each other over it.
  ASSERT_TRUE(m.topology().adjacent(Hex{6, 3}, on_b(Hex{0, 3})));
  EXPECT_EQ(m.lines()[2].hexes, (std::vector<Hex>{Hex{6, 3}, on_b(Hex{0, 3})}));
  EXPECT_EQ(m.lines_across(Hex{6, 3}, on_b(Hex{0, 3})), line_bit(kRoad));
  EXPECT_TRUE(m.lines_connect(Hex{6, 3}, kRoad, *m.topology().direction(Hex{6, 3}, Hex{5, 3}),
                              *m.topology().direction(Hex{6, 3}, on_b(Hex{0, 3}))));
  const Place* town = m.place_named("Town");
  ASSERT_NE(town, nullptr);
  EXPECT_EQ(town->hexes, std::vector<Hex>{on_b(Hex{2, 5})});
  EXPECT_EQ(std::get<int64_t>(town->properties.at("vp")), 3);
  EXPECT_TRUE(m.has_place(on_b(Hex{2, 5}), kTown));
  EXPECT_TRUE(m.has_place(Hex{1, 4}, kDepot));
  EXPECT_EQ(m.area_named("West"), 0);
  EXPECT_EQ(m.area_named("East"), 1);
  EXPECT_TRUE(m.in_area(on_b(Hex{5, 5}), 1));
  EXPECT_FALSE(m.in_area(Hex{5, 5}, 1));
  // Messages name hexes by their boards.
  try {
    m.terrain(Hex{40, 3});
    FAIL();
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("(40,3)"), std::string::npos) << e.what();
  }
}

TEST_F(StitchedTerrain, MovementSearchAndZonesCrossTheSeam) {
  const TerrainModel m = stitched();
  ClassCosts infantry;
  infantry.name = "infantry";
  infantry.terrain = {kMP, 2 * kMP, kMP, 2 * kMP};
  infantry.hexside = {kProhibited, kMP, 0, kMP};
  infantry.uphill = {0, 0, 0, kMP};
  infantry.line = {kMP / 2, kMP / 2, kMP / 2};
  infantry.line_negates = {0, feature_bit(kSlope), 0};
  MovementRules rules;
  rules.classes = {infantry};
  const MovementSearch search(m, rules);
  Mover mover;
  mover.classes = {0};
  mover.allowance = 6 * kMP;

  // Along A's road, over the seam and along B's road: five road steps at 1/2.
  const Hex from{4, 3}, to = on_b(Hex{2, 3});
  EXPECT_EQ(m.topology().distance(from, to), 5);
  const auto path = search.cheapest_path(from, to, mover, {});
  ASSERT_TRUE(path.has_value());
  EXPECT_TRUE(path->legal) << path->reason;
  EXPECT_EQ(path->total, 5 * kMP / 2);
  ASSERT_EQ(path->steps.size(), 5u);
  EXPECT_EQ(path->steps[2].from, (Hex{6, 3}));
  EXPECT_EQ(path->steps[2].to, on_b(Hex{0, 3}));
  EXPECT_EQ(path->steps[2].line_type, kRoad);
  EXPECT_EQ(search.explain({Hex{6, 3}, on_b(Hex{0, 3}), on_b(Hex{1, 3})}, mover, {}).total, kMP);
  // Cross-country over the seam from off the road: the terrain's cost.
  const PathCost off_road = search.explain({Hex{6, 4}, on_b(Hex{0, 4})}, mover, {});
  EXPECT_TRUE(off_road.legal) << off_road.reason;
  EXPECT_EQ(off_road.steps[0].line_type, -1);
  EXPECT_EQ(off_road.total, kMP);

  // Cross-country from A's east edge, 1 MP: its neighbours on B too.
  mover.allowance = kMP;
  std::set<int> parts;
  for (const Reach& r : search.reachable(Hex{6, 5}, mover, {})) parts.insert(*m.topology().part_of(r.hex));
  EXPECT_EQ(parts, (std::set<int>{0, 1}));

  // A zone exerted from B's west edge reaches into A.
  HexZoneRules lmn;
  lmn.enter_cost = {2 * kMP};
  const HexZones zones(m, {ZocSource{on_b(Hex{0, 3}), std::nullopt}}, lmn);
  EXPECT_TRUE(zones.controlled(Hex{6, 3}));
  EXPECT_TRUE(zones.controlled(on_b(Hex{1, 3})));
  EXPECT_FALSE(zones.controlled(Hex{5, 3}));
}

TEST_F(StitchedTerrain, Refusals) {
  const TerrainModel other("Main Map", "B", b.topology(), testing::ccrr_vocabulary(), kClear);
  EXPECT_THROW(stitch_boards("Main Map", {&a, &other}, geometry.lattice.offsets), std::invalid_argument);
  EXPECT_THROW(stitch_boards("Main Map", {}, {}), std::invalid_argument);
  EXPECT_THROW(stitch_boards("Main Map", {&a, nullptr}, geometry.lattice.offsets), std::invalid_argument);
  EXPECT_THROW(stitch_boards("Main Map", {&a, &b}, {Cube{}}), std::invalid_argument);
  EXPECT_THROW(stitch_boards("Main Map", {&a, &b}, {to_cube(Hex{1, 0}), Cube{}}), GeometryError);
}

}  // namespace
}  // namespace adjutant::core

// ---- through the file layer --------------------------------------------------------------------

namespace adjutant::vmod {
namespace {

using testing::build_file;
using testing::hex_board;
using testing::TempDir;

std::string blank_png(int width, int height) { return testing::png(testing::filled(width, height, {0, 0, 0})); }

TEST(MapGeometriesLattice, TwoBoardsSideBySideInAModule) {
  // hex_board's grid: x0 = 0, dx = 55.43: 8 columns span 443.4 px, so B's grid continues.
  TempDir dir;
  dir.write("buildFile.xml", build_file(hex_board("A", "a.png") + hex_board("B", "b.png"),
                                        "Main MapBoardPicker\tA\t0\t0\tB\t1\t0"));
  dir.write("images/a.png", blank_png(443, 640));
  dir.write("images/b.png", blank_png(443, 640));
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  const core::MapLattice lattice = maps.lattice_offsets("Main Map");
  ASSERT_TRUE(lattice.continues()) << lattice.problem;
  EXPECT_EQ(lattice.boards, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(lattice.offsets, (std::vector<core::Cube>{core::Cube{}, core::to_cube(core::Hex{8, 0})}));

  const core::HexTopology t = maps.map_topology("Main Map");
  ASSERT_EQ(t.parts().size(), 2u);
  EXPECT_EQ(t.parts()[1].board, "B");
  const core::MapGeometry& map = maps.of("Main Map");
  // B's first hex: the map names the point "0101", and the first board's lattice finds the hex.
  const core::Point p = map.to_map(*map.board_named("B"), t.parts()[1].topology.grid().centre({0, 0}));
  EXPECT_EQ(map.location_name(p), "0101");
  const core::HexGrid& first = *core::hex_grid_of(map.boards()[0].grid);
  EXPECT_EQ(first.hex_at(p), t.to_map(1, core::Hex{0, 0}));
  EXPECT_EQ(t.hex_named("B:0101"), t.to_map(1, core::Hex{0, 0}));
  EXPECT_EQ(t.name(first.hex_at(p)), "0101");
  EXPECT_EQ(t.distance(*t.hex_named("0801"), *t.hex_named("B:0101")), 1);
  EXPECT_EQ(t.distance(*t.hex_named("0101"), *t.hex_named("B:0101")),
            map.range(map.to_map(map.boards()[0], first.centre({0, 0})), p));
}

TEST(MapGeometriesLattice, BoardsThatDoNotContinueAreRefusedWithTheReason) {
  TempDir dir;
  dir.write("buildFile.xml", build_file(hex_board("A", "a.png") + hex_board("B", "b.png"),
                                        "Main MapBoardPicker\tA\t0\t0\tB\t1\t0"));
  dir.write("images/a.png", blank_png(470, 640));  // B's grid starts 26.6 px off A's lattice
  dir.write("images/b.png", blank_png(443, 640));
  const Module module = load_module(dir.path().string());
  MapGeometries maps(module);
  const core::MapLattice lattice = maps.lattice_offsets("Main Map");
  EXPECT_FALSE(lattice.continues());
  EXPECT_NE(lattice.problem.find("off the lattice of board 'A'"), std::string::npos) << lattice.problem;
  try {
    maps.map_topology("Main Map");
    FAIL() << "the grids do not continue";
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find("do not continue"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace adjutant::vmod
