// Hex topology: coordinates, neighbours in each grid's parity, directions, hexsides named as
// rulebooks write them, vertices, rings, ranges and lines; distance equal to VASSAL's range on
// every golden row.
#include "core/hexes/hex_topology.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <set>

#include "core/geometry/geometry_error.h"
#include "hex_golden.h"
#include "tests/cpp/grid_examples.h"

namespace adjutant::core {

// Readable failure messages: "(col,row)" instead of bytes.
void PrintTo(const Hex& h, std::ostream* os) { *os << "(" << h.col << "," << h.row << ")"; }
void PrintTo(const Hexside& s, std::ostream* os) {
  *os << "(" << s.a.col << "," << s.a.row << ")/(" << s.b.col << "," << s.b.row << ")";
}

namespace {

using adjutant::testing::tld_hex_grid;

TEST(HexCoordinates, OffsetAndCubeRoundTrip) {
  for (int col = -7; col <= 7; ++col) {
    for (int row = -7; row <= 7; ++row) {
      const Hex h{col, row};
      const Cube c = to_cube(h);
      EXPECT_EQ(c.q + c.r + c.s, 0);
      EXPECT_EQ(to_hex(c), h);
    }
  }
  EXPECT_THROW(Cube(1, 1, 1), std::invalid_argument);
  // Odd columns sit half a hex lower: (1, 0) touches (0, 0) and (0, 1), (2, 0) touches (1,-1).
  EXPECT_EQ(distance(Hex{1, 0}, Hex{0, 1}), 1);
  EXPECT_EQ(distance(Hex{1, 0}, Hex{0, -1}), 2);
  EXPECT_EQ(distance(Hex{2, 0}, Hex{1, -1}), 1);
  EXPECT_EQ(distance(Hex{-1, 0}, Hex{0, 1}), 1);
}

// The screen angle (degrees, 0 = east, clockwise since y points down) of each direction,
// for grids with vertical columns and for sideways ones.
double expected_angle(std::string_view name) {
  static const std::map<std::string_view, double> angles = {{"E", 0},     {"SE", 45},  {"S", 90},  {"SW", 135},
                                                            {"W", 180},   {"NW", 225}, {"N", 270}, {"NE", 315}};
  return angles.at(name);
}

TEST(HexTopology, EachDirectionPointsTheWayItsNameSays) {
  for (const bool sideways : {false, true}) {
    SCOPED_TRACE(sideways ? "sideways" : "columns");
    const HexGrid grid(tld_hex_grid(sideways), {4000, 4000});
    const HexTopology topology = HexTopology::unbounded(grid);
    for (int col = 3; col < 9; ++col) {
      for (int row = 3; row < 9; ++row) {
        const Hex h{col, row};
        const Point c = grid.centre(h);
        std::set<Hex> seen;
        for (int d = 0; d < 6; ++d) {
          const Hex n = topology.step(h, d);
          seen.insert(n);
          EXPECT_EQ(topology.direction(h, n), d);
          EXPECT_EQ(topology.step(n, (d + 3) % 6), h);
          // VASSAL's own range calls them one hex apart.
          EXPECT_EQ(grid.range(c, grid.centre(n), nullptr), 1);
          const Point nc = grid.centre(n);
          double angle = std::atan2(nc.y - c.y, nc.x - c.x) * 180 / M_PI;
          if (angle < 0) angle += 360;
          double off = std::fabs(angle - expected_angle(topology.direction_name(d)));
          off = std::min(off, 360 - off);
          EXPECT_LT(off, 16) << topology.direction_name(d) << " from " << col << "," << row << " points at " << angle;
        }
        EXPECT_EQ(seen.size(), 6u);
      }
    }
  }
}

TEST(HexTopology, NeighboursOffTheBoardAreAbsent) {
  const HexGrid grid(tld_hex_grid(), {600, 500});
  const HexTopology topology(grid, {600, 500});
  size_t hexes = 0;
  for (int col = -2; col < 14; ++col) {
    for (int row = -2; row < 12; ++row) {
      const Hex h{col, row};
      if (!topology.contains(h)) continue;
      ++hexes;
      const Neighbours n = topology.neighbours(h);
      int inside = 0;
      for (int d = 0; d < 6; ++d) {
        const auto one = topology.neighbour(h, d);
        if (topology.contains(topology.step(h, d))) {
          ++inside;
          ASSERT_TRUE(one.has_value());
        } else {
          EXPECT_FALSE(one.has_value());
        }
      }
      EXPECT_EQ(n.size(), inside);
      for (const Hex& x : n) {
        EXPECT_TRUE(topology.contains(x));
        const Point c = grid.centre(x);
        EXPECT_TRUE(c.x >= 0 && c.y >= 0 && c.x < 600 && c.y < 500);
      }
    }
  }
  EXPECT_GT(hexes, 60u);
  // The top left corner of the TLD-like grid: column 0 lies off the board (x0 = -19) and the
  // hex centred at (36, 0) has only its S and SE neighbours on it.
  const Hex corner = grid.hex_at({36, 0});
  EXPECT_EQ(grid.centre(corner), Point(36, 0));
  const Neighbours n = topology.neighbours(corner);
  ASSERT_EQ(n.size(), 2);
  EXPECT_EQ(topology.direction_name(n.directions[0]), "SE");
  EXPECT_EQ(topology.direction_name(n.directions[1]), "S");
}

TEST(HexTopology, DirectionNamesFollowTheGridsOrientation) {
  const HexTopology columns = HexTopology::unbounded(HexGrid(tld_hex_grid(false), {}));
  const HexTopology sideways = HexTopology::unbounded(HexGrid(tld_hex_grid(true), {}));
  EXPECT_EQ(columns.direction_name(0), "N");
  EXPECT_EQ(columns.direction_name(3), "S");
  EXPECT_EQ(sideways.direction_name(1), "E");
  EXPECT_EQ(sideways.direction_name(4), "W");
  EXPECT_EQ(columns.direction_named("SW"), 4);
  EXPECT_EQ(columns.direction_named("E"), std::nullopt);
  EXPECT_THROW(columns.direction_name(6), GeometryError);
}

TEST(HexTopology, HexsidesAreCanonicalAndNamedLikeRulebooks) {
  const HexGrid grid(tld_hex_grid(), {6000, 4000});
  const HexTopology topology(grid, {6000, 4000});
  // Spec section 8: the move (1477,1536) -> (1532,1504) goes from 2724 to 2824.
  const Hex from = grid.hex_at({1477, 1536});
  const Hex to = grid.hex_at({1532, 1504});
  EXPECT_EQ(topology.name(from), "2724");
  EXPECT_EQ(topology.name(to), "2824");
  const Hexside side = topology.hexside(to, from);
  EXPECT_EQ(side, topology.hexside(from, to));
  EXPECT_EQ(topology.hexside_name(side), "2724/2824");
  EXPECT_EQ(topology.hexside_named("2824/2724"), side);
  EXPECT_EQ(topology.hexside_named("2724/2826"), std::nullopt);  // not adjacent
  EXPECT_EQ(topology.hexside_named("2724"), std::nullopt);
  EXPECT_THROW(topology.hexside(from, topology.step(topology.step(from, 0), 0)), GeometryError);
  // Every hex's six hexsides are distinct and shared with the neighbour across them.
  const auto sides = topology.hexsides(from);
  EXPECT_EQ(std::set<Hexside>(sides.begin(), sides.end()).size(), 6u);
  for (int d = 0; d < 6; ++d) {
    const auto back = topology.hexsides(topology.step(from, d));
    EXPECT_NE(std::find(back.begin(), back.end(), sides[static_cast<size_t>(d)]), back.end());
  }
}

TEST(HexTopology, NamesAreVassalsLocationNamesWithTheLocationFormat) {
  // A CWR map's numbering format "A$gridLocation$" names its hexes A10.10, as VASSAL does.
  HexGridSpec spec = tld_hex_grid();
  spec.numbering->location_format = "Hex $gridLocation$";
  const HexGrid grid(spec, {6000, 4000});
  const HexTopology topology(grid, {6000, 4000});
  const Hex h = grid.hex_at({1477, 1536});
  EXPECT_EQ(topology.name(h), "Hex 2724");
  EXPECT_EQ(topology.location_name(h), "Hex 2724");
  EXPECT_EQ(topology.hex_named("Hex 2724"), h);
  EXPECT_EQ(topology.hex_named("2724"), std::nullopt);
  EXPECT_EQ(topology.hexside_name(topology.hexside(h, topology.step(h, 3))), "Hex 2724/Hex 2725");
  HexGridSpec bare = tld_hex_grid();
  bare.numbering.reset();
  const HexTopology unnamed = HexTopology::unbounded(HexGrid(bare, {}));
  EXPECT_THROW(unnamed.name(h), GeometryError);
  EXPECT_EQ(unnamed.hex_named("2724"), std::nullopt);
}

TEST(HexTopology, VassalsLineOfSightReportIsAChainOfHexsides) {
  // A TLD log's LOS report (spec section 8): each hex named borders the next.
  const HexGrid grid(tld_hex_grid(), {6000, 4000});
  const HexTopology topology(grid, {6000, 4000});
  const std::vector<std::string> los = {"4743", "4643", "4543", "4443", "4343", "4243", "4143", "4043", "3942"};
  for (size_t i = 0; i + 1 < los.size(); ++i) {
    const auto side = topology.hexside_named(los[i] + "/" + los[i + 1]);
    ASSERT_TRUE(side.has_value()) << los[i] << "/" << los[i + 1];
    EXPECT_EQ(topology.name(side->a) == los[i] || topology.name(side->b) == los[i], true);
  }
  // ... and is as short as a chain between its ends can be. (VASSAL drew it between unsnapped
  // mouse positions, so it is not the centre-to-centre line.)
  EXPECT_EQ(topology.distance(*topology.hex_named(los.front()), *topology.hex_named(los.back())),
            static_cast<int>(los.size()) - 1);
}

TEST(HexTopology, VerticesJoinThreeMutuallyAdjacentHexes) {
  const HexTopology topology = HexTopology::unbounded(HexGrid(tld_hex_grid(), {}));
  for (const Hex h : {Hex{4, 4}, Hex{5, 4}, Hex{-3, -2}}) {
    const auto vertices = topology.vertices(h);
    EXPECT_EQ(std::set<HexVertex>(vertices.begin(), vertices.end()).size(), 6u);
    for (const HexVertex& v : vertices) {
      EXPECT_TRUE(topology.adjacent(v.hexes[0], v.hexes[1]));
      EXPECT_TRUE(topology.adjacent(v.hexes[1], v.hexes[2]));
      EXPECT_TRUE(topology.adjacent(v.hexes[0], v.hexes[2]));
      for (const Hex& other : v.hexes) {
        const auto theirs = topology.vertices(other);
        EXPECT_NE(std::find(theirs.begin(), theirs.end(), v), theirs.end());
      }
    }
  }
}

TEST(HexTopology, RingsAndRanges) {
  const HexGrid grid(tld_hex_grid(), {600, 500});
  const HexTopology unbounded = HexTopology::unbounded(grid);
  const Hex c{5, 5};
  for (int r = 0; r <= 4; ++r) {
    const auto ring = unbounded.ring(c, r);
    EXPECT_EQ(ring.size(), r == 0 ? 1u : 6u * static_cast<size_t>(r));
    EXPECT_EQ(std::set<Hex>(ring.begin(), ring.end()).size(), ring.size());
    for (const Hex& h : ring) EXPECT_EQ(unbounded.distance(c, h), r);
    // Consecutive ring hexes are neighbours (the ring is walked, not sampled).
    for (size_t i = 1; i < ring.size(); ++i) EXPECT_TRUE(unbounded.adjacent(ring[i - 1], ring[i]));
    const auto within = unbounded.within(c, r);
    EXPECT_EQ(within.size(), static_cast<size_t>(3 * r * (r + 1) + 1));
    for (const Hex& h : within) EXPECT_LE(unbounded.distance(c, h), r);
  }
  const HexTopology bounded(grid, {600, 500});
  const auto near_edge = bounded.within(Hex{1, 1}, 3);
  EXPECT_LT(near_edge.size(), 37u);
  for (const Hex& h : near_edge) EXPECT_TRUE(bounded.contains(h));
  EXPECT_TRUE(bounded.ring(Hex{1, 1}, -1).empty());
  EXPECT_THROW(unbounded.within(c, 1 << 20), GeometryError);  // would be trillions of hexes
}

TEST(HexTopology, FarHexesNeitherOverflowNorRunAway) {
  const HexTopology t = HexTopology::unbounded(HexGrid(tld_hex_grid(), {}));
  const Hex far{2147483647, -2147483647 - 1};
  EXPECT_EQ(t.distance(far, far), 0);
  EXPECT_GT(t.distance(far, Hex{0, 0}), 1000000);
  (void)t.neighbours(far);
  EXPECT_THROW(t.line(Hex{0, 0}, Hex{1 << 20, 0}), GeometryError);
}

// ---- lines ----------------------------------------------------------------------------------

TEST(HexLineTest, AlongAColumn) {
  const HexTopology t = HexTopology::unbounded(HexGrid(tld_hex_grid(), {}));
  const HexLine line = t.line({3, 2}, {3, 7});
  ASSERT_EQ(line.steps.size(), 6u);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(line.steps[static_cast<size_t>(i)], (HexLineStep{Hex{3, 2 + i}, std::nullopt}));
  EXPECT_FALSE(line.runs_along_hexside());
  EXPECT_EQ(t.line({3, 2}, {3, 2}).steps, (std::vector<HexLineStep>{{Hex{3, 2}, std::nullopt}}));
}

TEST(HexLineTest, ExactlyAlongAHexside) {
  const HexTopology t = HexTopology::unbounded(HexGrid(tld_hex_grid(), {}));
  // (0,0) to (2,0): a horizontal line between the centres of two even columns runs along the
  // side that column 1's hexes (1,-1) and (1,0) share.
  const HexLine line = t.line({0, 0}, {2, 0});
  ASSERT_EQ(line.steps.size(), 3u);
  EXPECT_EQ(line.steps[0], (HexLineStep{Hex{0, 0}, std::nullopt}));
  EXPECT_EQ(line.steps[1], (HexLineStep{Hex{1, -1}, Hex{1, 0}}));
  EXPECT_EQ(line.steps[2], (HexLineStep{Hex{2, 0}, std::nullopt}));
  EXPECT_TRUE(line.runs_along_hexside());
  // Twice as long: two such stretches with a hex between them.
  const HexLine longer = t.line({4, 0}, {0, 0});
  ASSERT_EQ(longer.steps.size(), 5u);
  EXPECT_EQ(longer.steps[1], (HexLineStep{Hex{3, -1}, Hex{3, 0}}));
  EXPECT_EQ(longer.steps[2], (HexLineStep{Hex{2, 0}, std::nullopt}));
}

TEST(HexLineTest, CrossingAnEdgeAtItsMidpointEntersBothSides) {
  const HexTopology t = HexTopology::unbounded(HexGrid(tld_hex_grid(), {}));
  // Cube (0,0,0) to (4,-1,-3): halfway the line crosses the side between (2,-1,-1) and
  // (2,0,-2) at its midpoint, passing through both (distance 4, but 6 hexes).
  const HexLine line = t.line(to_hex(Cube(0, 0, 0)), to_hex(Cube(4, -1, -3)));
  EXPECT_FALSE(line.runs_along_hexside());
  const auto hexes = line.hexes();
  EXPECT_EQ(hexes.size(), 6u);
  EXPECT_NE(std::find(hexes.begin(), hexes.end(), to_hex(Cube(2, -1, -1))), hexes.end());
  EXPECT_NE(std::find(hexes.begin(), hexes.end(), to_hex(Cube(2, 0, -2))), hexes.end());
}

// The hex holding a point of the ideal grid (regular flat-topped hexagons of size 1).
Cube hex_of(double x, double y) {
  const double q = x * 2.0 / 3.0;
  const double r = -x / 3.0 + std::sqrt(3.0) / 3.0 * y;
  const double s = -q - r;
  double rq = std::round(q), rr = std::round(r), rs = std::round(s);
  const double dq = std::fabs(rq - q), dr = std::fabs(rr - r), ds = std::fabs(rs - s);
  if (dq > dr && dq > ds) {
    rq = -rr - rs;
  } else if (dr > ds) {
    rr = -rq - rs;
  }
  return Cube::axial(static_cast<int>(rq), static_cast<int>(rr));
}

TEST(HexLineTest, MatchesDenseSamplingOfTheSegment) {
  const HexTopology t = HexTopology::unbounded(HexGrid(tld_hex_grid(), {}));
  std::mt19937 random(20240601);
  std::uniform_int_distribution<int> pick(-9, 9);
  size_t checked = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Cube a = Cube::axial(pick(random), pick(random));
    const Cube b = Cube::axial(pick(random), pick(random));
    const HexLine line = t.line(to_hex(a), to_hex(b));
    // Pixel centres of the ideal grid.
    const double ax = 1.5 * a.q, ay = std::sqrt(3.0) * (a.r + a.q / 2.0);
    const double bx = 1.5 * b.q, by = std::sqrt(3.0) * (b.r + b.q / 2.0);
    // Sample at irrational offsets, so no sample sits exactly on a vertex (those are at rational
    // t, and rounding there would pick one of the hexes the line only touches).
    std::set<Hex> sampled{to_hex(a), to_hex(b)};
    const int samples = 3989 * (distance(a, b) + 1);
    for (int i = 0; i < samples; ++i) {
      const double f = (i + 0.41421356237309515) / samples;
      sampled.insert(to_hex(hex_of(ax + (bx - ax) * f, ay + (by - ay) * f)));
    }
    std::set<Hex> crossed;
    for (const HexLineStep& s : line.steps) {
      if (!s.along) crossed.insert(s.hex);
    }
    // Away from hexsides the samples fall in exactly the crossed hexes (a clip of a corner shorter
    // than a sample step could escape them; these lines have none).
    if (!line.runs_along_hexside()) {
      EXPECT_EQ(sampled, crossed) << "trial " << trial;
      ++checked;
    }
    // The steps are a walk: each borders the next (a hexside step by either of its hexes).
    for (size_t i = 1; i < line.steps.size(); ++i) {
      const auto& p = line.steps[i - 1];
      const auto& q = line.steps[i];
      const bool touch = t.adjacent(p.hex, q.hex) || (p.along && t.adjacent(*p.along, q.hex)) ||
                         (q.along && t.adjacent(p.hex, *q.along)) || (p.along && q.along && t.adjacent(*p.along, *q.along));
      EXPECT_TRUE(touch) << "trial " << trial << " step " << i;
    }
  }
  EXPECT_GT(checked, 300u);
}

// ---- distance against VASSAL's range ----------------------------------------------------------

TEST(HexTopologyGolden, DistanceIsVassalsRangeOnEveryGoldenRow) {
  ADJUTANT_REQUIRE_GOLDEN();
  const auto configs = testing::golden_configs();
  std::map<std::string, const testing::GoldenConfig*> by_id;
  for (const auto& c : configs) by_id[c.id] = &c;
  size_t rows = 0;
  std::map<std::string, MapGeometry> maps;
  for (const auto& row : testing::read_csv(testing::golden_dir() / "range.csv")) {
    const testing::GoldenConfig& c = *by_id.at(row["config_id"]);
    if (c.grid_class != "HexGrid") continue;
    auto it = maps.find(c.id);
    if (it == maps.end()) it = maps.emplace(c.id, c.map()).first;
    const MapGeometry& map = it->second;
    const HexGrid& grid = std::get<HexGrid>(map.boards()[0].grid);
    const HexTopology topology(grid, c.container);
    // HexGrid.range: both points snapped by the map, then the raw hexes of the snapped points.
    const Hex a = grid.raw_hex(map.snap({std::stoi(row["x1"]), std::stoi(row["y1"])}));
    const Hex b = grid.raw_hex(map.snap({std::stoi(row["x2"]), std::stoi(row["y2"])}));
    EXPECT_EQ(topology.distance(a, b), std::stoi(row["range"])) << row["config_id"] << " line " << row.line;
    ++rows;
  }
  std::cout << "range.csv: distance equals VASSAL's range on " << rows << " hex-grid rows\n";
  EXPECT_GT(rows, 0u);
}

}  // namespace
}  // namespace adjutant::core
