// Hand-made cases for what the golden tables do not cover: Java's arithmetic, location formats,
// the name parser, region, zoned and multi-board maps, reversed boards, decks, errors, and the
// two generations of hex snapping.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/geometry/formatted_string.h"
#include "core/geometry/geometry_error.h"
#include "core/geometry/grid_numbering.h"
#include "core/geometry/hex_grid.h"
#include "core/java/java_math.h"
#include "core/geometry/map_geometry.h"
#include "core/geometry/name_pattern.h"
#include "core/geometry/region_grid.h"
#include "core/geometry/zoned_grid.h"
#include "tests/cpp/grid_examples.h"

namespace adjutant::core {
namespace {
using adjutant::testing::tld_hex_grid;

// ---- Java arithmetic ------------------------------------------------------------------------

TEST(GeometryJavaMath, RoundIsFloorOfHalfUpWithoutItsRoundingError) {
  EXPECT_EQ(java::round(2.5), 3);
  EXPECT_EQ(java::round(-2.5), -2);
  EXPECT_EQ(java::round(-2.51), -3);
  EXPECT_EQ(java::round(0.49999999999999994), 0);  // floor(v + 0.5) would give 1
  EXPECT_EQ(java::round(2.5F), 3);
  EXPECT_EQ(java::round(-0.5F), 0);
}

TEST(GeometryJavaMath, CastsTruncateAndSaturateAndNeverTrap) {
  EXPECT_EQ(java::to_int(-1.9), -1);
  EXPECT_EQ(java::to_int(1e300), 2147483647);
  EXPECT_EQ(java::to_int(-1e300), -2147483647 - 1);
  EXPECT_EQ(java::to_int(std::nan("")), 0);
  EXPECT_EQ(java::add(2147483647, 1), -2147483647 - 1);
  EXPECT_EQ(java::narrow(int64_t{1} << 32), 0);
}

TEST(GeometrySnapRules, FollowTheModulesVassalVersion) {
  EXPECT_EQ(snap_rules_for("3.6.13"), SnapRules::kVassal36);
  EXPECT_EQ(snap_rules_for("2.9b2"), SnapRules::kVassal36);
  EXPECT_EQ(snap_rules_for("3.7.0"), SnapRules::kVassal37);
  EXPECT_EQ(snap_rules_for("3.10.1"), SnapRules::kVassal37);
  EXPECT_EQ(snap_rules_for(""), SnapRules::kVassal37);
  EXPECT_EQ(snap_rules_for("unknown"), SnapRules::kVassal37);
}

// ---- formats and names ----------------------------------------------------------------------

std::string format(std::string_view text, std::vector<std::optional<std::string_view>> values, bool localized,
                   const PropertyLookup* lookup = nullptr) {
  return FormattedString(text, {"name", "gridLocation"}).evaluate(values, lookup, localized);
}

TEST(GeometryFormattedString, ClassifiesTheFormatAsExpressionCreateExpressionDoes) {
  EXPECT_EQ(format("   ", {"Zone A", "0101"}, false), "");       // blank
  EXPECT_EQ(format(" 007 ", {"Zone A", "0101"}, false), "7");    // an integer
  EXPECT_EQ(format(" Box ", {"Zone A", "0101"}, false), " Box ");  // plain text stays untrimmed
  EXPECT_EQ(format(" $name$ ", {"Zone A", "0101"}, false), "Zone A");  // trimmed first
  EXPECT_THROW(format("{x + 1}", {"Zone A", "0101"}, false), GeometryError);
  EXPECT_EQ(format("+-5", {"Zone A", "0101"}, false), "+-5");   // not an integer to parseInt
  EXPECT_EQ(format("\x01", {"Zone A", "0101"}, false), "\x01");  // not blank, though trim leaves ""
  EXPECT_EQ(format("\u3000", {"Zone A", "0101"}, false), "");    // blank: an ideographic space
}

TEST(GeometryFormattedString, SubstitutesLikeFormattedStringExpression) {
  EXPECT_EQ(format("$name$ ($gridLocation$)", {"Zone A", "0101"}, false), "Zone A (0101)");
  EXPECT_EQ(format("$name$:$gridLocation$", {"Zone A", std::nullopt}, false), "Zone A:");  // null value
  EXPECT_EQ(format("[$name$] x$", {"Zone A", "0101"}, false), "[Zone A] x");  // unmatched trailing $
  EXPECT_EQ(format("a\\$b $name$", {"Zone A", "0101"}, false), "a$b Zone A");  // escaped $
  // Unknown properties: their bare name in getText, nothing in getLocalizedText.
  EXPECT_EQ(format("$name$ $Turn$", {"Zone A", "0101"}, false), "Zone A Turn");
  EXPECT_EQ(format("$name$ $Turn$", {"Zone A", "0101"}, true), "Zone A ");
  const PropertyLookup turn = [](std::string_view n) -> std::optional<std::string> {
    if (n == "Turn") return "3";
    return std::nullopt;
  };
  EXPECT_EQ(format("$name$ $Turn$", {"Zone A", "0101"}, true, &turn), "Zone A 3");
}

// "text|property" for each token, to compare whole token lists at once.
std::vector<std::string> tokens_of(std::string_view format) {
  std::vector<std::string> out;
  for (const FormatToken& t : format_tokens(format)) out.push_back(t.text + (t.property ? "|p" : "|t"));
  return out;
}

TEST(GeometryFormattedString, SplitsDollarTokensAsSequenceDecoderDoes) {
  EXPECT_EQ(tokens_of("a$b$c"), (std::vector<std::string>{"a|t", "b|p", "c|t"}));
  EXPECT_EQ(tokens_of("$row$"), (std::vector<std::string>{"row|p"}));
  EXPECT_EQ(tokens_of("x$y"), (std::vector<std::string>{"x|t", "y|t"}));  // no closing '$': text
  EXPECT_EQ(tokens_of(""), (std::vector<std::string>{}));
  EXPECT_EQ(tokens_of("'q'$\\$"), (std::vector<std::string>{"q|t", "$|t"}));
}

TEST(GeometryNamePattern, BacktracksLikeJavaRegex) {
  NamePattern p;
  p.add_number(1);
  p.add_number(1);
  // Greedy first group, then back off one digit at a time until the rest matches.
  auto g = p.match("1007");
  ASSERT_TRUE(g);
  EXPECT_EQ((*g)[0], "100");
  EXPECT_EQ((*g)[1], "7");
  EXPECT_FALSE(p.match("1"));
  EXPECT_FALSE(p.match("10a"));

  NamePattern letters;
  letters.add_letters();
  letters.add_letters();
  g = letters.match("AAAAA");
  ASSERT_TRUE(g);
  EXPECT_EQ((*g)[0], "AAAA");
  EXPECT_EQ((*g)[1], "A");
  g = letters.match("AAB");
  ASSERT_TRUE(g);
  EXPECT_EQ((*g)[0], "AA");
  EXPECT_FALSE(letters.match("AB-"));

  NamePattern any;
  any.add_literal("Box ");
  any.add_any();
  any.add_literal("!");
  g = any.match("Box 1!2!");
  ASSERT_TRUE(g);
  EXPECT_EQ((*g)[0], "1!2");
  EXPECT_FALSE(any.match("Box 1\n!"));  // '.' does not cross a line end
}

TEST(GeometryNamePattern, HostileNamesFinishQuickly) {
  NamePattern p;
  for (int i = 0; i < 6; ++i) p.add_number(1);
  p.add_literal("x");
  EXPECT_FALSE(p.match(std::string(2000, '1')));  // memoized: no exponential backtracking
}

TEST(GeometryNumbering, NamesIndicesAsRegularGridNumberingDoes) {
  EXPECT_EQ(RegularNumbering::index_name(0, 'A', 1), "A");
  EXPECT_EQ(RegularNumbering::index_name(25, 'A', 1), "Z");
  EXPECT_EQ(RegularNumbering::index_name(26, 'A', 1), "AA");
  EXPECT_EQ(RegularNumbering::index_name(27, 'A', 1), "BB");
  EXPECT_EQ(RegularNumbering::index_name(52, 'A', 1), "AAA");
  EXPECT_EQ(RegularNumbering::index_name(-1, 'A', 1), "-B");
  EXPECT_EQ(RegularNumbering::index_name(7, 'N', 1), "07");
  EXPECT_EQ(RegularNumbering::index_name(7, 'N', 2), "007");
  EXPECT_EQ(RegularNumbering::index_name(123, 'N', 1), "123");
  EXPECT_EQ(RegularNumbering::index_name(-3, 'N', 1), "-03");
  EXPECT_EQ(RegularNumbering::index_name(7, 'N', 0), "7");
  EXPECT_EQ(RegularNumbering::parse_index("BB", 'A'), 27);
  EXPECT_EQ(RegularNumbering::parse_index("-A", 'A'), 0);
  EXPECT_EQ(RegularNumbering::parse_index("-07", 'N'), -7);
  EXPECT_EQ(RegularNumbering::parse_index("99999999999", 'N'), std::nullopt);  // beyond int
  EXPECT_THROW(RegularNumbering::index_name(2000000000, 'A', 1), GeometryError);
}

// ---- hex snapping: the two generations ------------------------------------------------------

TEST(GeometryHexGrid, SpecExampleNamesTldHexes) {
  const HexGrid grid(tld_hex_grid(), {5000, 4000});
  EXPECT_EQ(grid.location_name({1477, 1536}), "2724");
  EXPECT_EQ(grid.location_name({1532, 1504}), "2824");
  EXPECT_EQ(grid.snap({1477, 1536}), Point(1477, 1536));
  EXPECT_EQ(grid.location("2824"), Point(1532, 1504));
}

TEST(GeometryHexGrid, OlderSnapAgreesWithNamingTheNewerDoesNot) {
  const HexGrid v37(tld_hex_grid(), {5000, 4000}, SnapRules::kVassal37);
  const HexGrid v36(tld_hex_grid(), {5000, 4000}, SnapRules::kVassal36);
  size_t points = 0, differ37 = 0, differ36 = 0;
  for (int y = 0; y < 640; ++y) {
    for (int x = 0; x < 560; ++x) {
      const Point p{x, y};
      const std::string raw = *v37.location_name(p);
      ++points;
      if (*v37.location_name(v37.snap(p)) != raw) ++differ37;
      if (*v36.location_name(v36.snap(p)) != raw) ++differ36;
      // Wherever a point snaps, the hex it names is the one whose centre it snapped to.
      EXPECT_EQ(v37.snap(p), v37.centre(v37.hex_at(p)));
    }
  }
  EXPECT_EQ(differ36, 0u);
  // Near the corners the hexagon test picks another hex than the rounding scheme names (spec 7.3).
  EXPECT_GT(differ37, points / 20);
  EXPECT_LT(differ37, points / 10);
}

TEST(GeometryHexGrid, CentresAndRawHexesAgree) {
  for (bool sideways : {false, true}) {
    HexGridSpec spec = tld_hex_grid();
    spec.sideways = sideways;
    const HexGrid grid(spec, {3000, 3000});
    for (int col = -3; col < 12; ++col) {
      for (int row = -3; row < 12; ++row) {
        const Hex h{col, row};
        EXPECT_EQ(grid.raw_hex(grid.centre(h)), h);
        EXPECT_EQ(grid.hex_at(grid.centre(h)), h);
        EXPECT_EQ(grid.snap(grid.centre(h)), grid.centre(h));
      }
    }
  }
}

TEST(GeometryHexGrid, CornersOutlineTheHexClockwiseAndMeetTheNextHexs) {
  for (bool sideways : {false, true}) {
    HexGridSpec spec = tld_hex_grid();
    spec.sideways = sideways;
    const HexGrid grid(spec, {3000, 3000});
    auto near = [](Point a, Point b) { return std::abs(a.x - b.x) <= 1 && std::abs(a.y - b.y) <= 1; };
    for (int col = 0; col < 6; ++col) {
      for (int row = 0; row < 6; ++row) {
        const Point c = grid.centre({col, row});
        const auto corners = grid.corners({col, row});
        // The first corner is the west one (north when sideways), level with the centre.
        EXPECT_EQ(sideways ? corners[0].x : corners[0].y, sideways ? c.x : c.y);
        EXPECT_LT(sideways ? corners[0].y : corners[0].x, sideways ? c.y : c.x);
        int64_t twice_area = 0;  // positive: clockwise on screen, where y grows downwards
        for (int i = 0; i < 6; ++i) {
          const Point a = corners[i], b = corners[(i + 1) % 6];
          twice_area += int64_t{a.x} * b.y - int64_t{b.x} * a.y;
        }
        EXPECT_GT(twice_area, 0);
        const auto next = grid.corners({col, row + 1});  // the next hex down its column: one hexside shared
        int shared = 0;
        for (Point a : corners) shared += std::count_if(next.begin(), next.end(), [&](Point b) { return near(a, b); });
        EXPECT_EQ(shared, 2) << "hex " << col << "," << row << (sideways ? " sideways" : "");
      }
    }
  }
}

TEST(GeometryHexGrid, EdgesAndCornersBothLegalTakeTheNearer) {
  HexGridSpec spec;  // VASSAL's defaults: x0 = 0, y0 = 32, dx = 55.43, dy = 64
  spec.edges_legal = true;
  spec.corners_legal = true;
  const HexGrid grid(spec, {600, 500});
  // Hex (0, 0) is centred at (0, 32); its bottom side's midpoint is (0, 64) and its lower right
  // vertex (2dx/3 / 2, 64) = (18.5, 64), which VASSAL's vertexX truncates to 18.
  EXPECT_EQ(grid.snap({1, 62}), Point(0, 64));
  EXPECT_EQ(grid.snap({17, 63}), Point(18, 64));
  EXPECT_EQ(grid.snap({1, 33}), Point(0, 32));
  // only_centre (a forced snap to the centre) ignores edges and vertices.
  EXPECT_EQ(grid.snap({17, 63}, true, true), grid.snap_to_hex({17, 63}));
}

// ---- region grids ---------------------------------------------------------------------------

TEST(GeometryRegionGrid, SnapsToTheNearestOriginTiesInHashMapOrder) {
  RegionGridSpec spec;
  spec.regions = {{"East", 10, 0}, {"West", 0, 0}, {"Far", 100, 100}};
  const RegionGrid grid(spec);
  EXPECT_EQ(grid.snap({2, 1}), Point(0, 0));
  EXPECT_EQ(grid.location_name({9, 3}), "East");
  // (5, 0) is equally far from both. java.awt.Point(0,0) hashes to bucket 0 and (10,0) to
  // bucket 4 of the 16-bucket table, so VASSAL meets West first, whatever the document order.
  EXPECT_EQ(grid.location_name({5, 0}), "West");
  EXPECT_EQ(grid.location("Far"), Point(100, 100));
  EXPECT_EQ(grid.location("Nowhere"), std::nullopt);
  EXPECT_EQ(grid.range({0, 0}, {3, 4}), 5);
}

TEST(GeometryRegionGrid, ALaterRegionAtTheSameOriginReplacesTheName) {
  RegionGridSpec spec;
  spec.regions = {{"Old", 5, 5}, {"New", 5, 5}};
  const RegionGrid grid(spec);
  EXPECT_EQ(grid.regions().size(), 1u);
  EXPECT_EQ(grid.location_name({0, 0}), "New");
  EXPECT_EQ(grid.location("Old"), std::nullopt);
}

TEST(GeometryRegionGrid, WithoutRegionsNothingIsNamedOrSnapped) {
  const RegionGrid grid{RegionGridSpec{}};
  EXPECT_EQ(grid.location_name({1, 2}), std::nullopt);
  EXPECT_EQ(grid.snap({1, 2}), Point(1, 2));
}

// ---- zoned grids ----------------------------------------------------------------------------

ZonedGridSpec zoned_spec() {
  ZonedGridSpec z;
  z.background = tld_hex_grid();
  ZoneSpec box;  // a zone with its own square grid, in board coordinates
  box.name = "Box";
  box.location_format = "$name$ $gridLocation$";
  box.path = {{100, 100}, {300, 100}, {300, 200}, {100, 200}};
  SquareGridSpec squares;
  squares.x0 = 125;
  squares.y0 = 125;
  squares.dx = 50;
  squares.dy = 50;
  GridNumbering n;
  n.class_name = "SquareGridNumbering";
  squares.numbering = n;
  box.grid = squares;
  ZoneSpec pool;  // no grid: pieces stay where they are dropped
  pool.name = "Pool";
  pool.path = {{400, 0}, {500, 0}, {500, 100}, {400, 100}};
  ZoneSpec track;  // the background grid, its own format
  track.name = "Track";
  track.location_format = "Track $gridLocation$";
  track.use_parent_grid = true;
  track.path = {{0, 300}, {600, 300}, {600, 400}, {0, 400}};
  ZoneSpec shadowed = box;  // overlaps Box, comes later: never wins inside Box
  shadowed.name = "Shadowed";
  z.zones = {box, pool, track, shadowed};
  return z;
}

TEST(GeometryZonedGrid, ZonesInDocumentOrderThenTheBackground) {
  const ZonedGrid grid(zoned_spec(), {2000, 2000}, SnapRules::kVassal37);
  EXPECT_EQ(grid.location_name({126, 126}), "Box 0101");
  EXPECT_EQ(grid.location_name({176, 180}), "Box 0202");
  EXPECT_EQ(grid.location_name({450, 50}), "Pool");
  EXPECT_EQ(*grid.location_name({60, 350}), "Track " + *std::get<HexGrid>(grid.background()).location_name({60, 350}));
  EXPECT_EQ(grid.location_name({1477, 1536}), "2724");
  // java.awt.Polygon: the left and top edges are inside, the right and bottom ones outside.
  EXPECT_EQ(grid.find_zone({100, 100})->name(), "Box");
  EXPECT_EQ(grid.find_zone({300, 150}), nullptr);
  EXPECT_EQ(grid.find_zone({150, 200}), nullptr);
}

TEST(GeometryZonedGrid, SnapsWithTheZonesGridAndNotAtAllInAGridlessZone) {
  const ZonedGrid grid(zoned_spec(), {2000, 2000}, SnapRules::kVassal37);
  EXPECT_EQ(grid.snap({130, 140}), Point(125, 125));
  EXPECT_EQ(grid.snap({433, 21}), Point(433, 21));
  const HexGrid& background = std::get<HexGrid>(grid.background());
  EXPECT_EQ(grid.snap({1480, 1530}), background.snap({1480, 1530}));
}

TEST(GeometryZonedGrid, NamesBackToPoints) {
  const ZonedGrid grid(zoned_spec(), {2000, 2000}, SnapRules::kVassal37);
  EXPECT_EQ(grid.location("Box 0202"), Point(175, 175));
  EXPECT_EQ(grid.location("Box 0909"), std::nullopt);  // parses, but lies outside the zone
  // A gridless zone stands for the mean of its vertices.
  EXPECT_EQ(grid.location("Pool"), Point(450, 50));
  EXPECT_EQ(grid.location("2724"), Point(1477, 1536));  // the background grid
  EXPECT_EQ(grid.location("Nowhere"), std::nullopt);
}

TEST(GeometryZonedGrid, RangeUsesTheZoneGridOnlyWhenBothPointsShareTheZone) {
  const ZonedGrid grid(zoned_spec(), {2000, 2000}, SnapRules::kVassal37);
  const MapSnap none;
  EXPECT_EQ(grid.range({125, 125}, {275, 175}, none), 3);  // squares, Metric
  EXPECT_EQ(grid.range({1477, 1536}, {1532, 1504}, none), 1);  // hexes
  EXPECT_EQ(grid.range({450, 50}, {460, 50}, none), distance(std::get<HexGrid>(grid.background()).raw_hex({450, 50}),
                                                              std::get<HexGrid>(grid.background()).raw_hex({460, 50})));
}

// ---- maps: layouts, reversed boards, decks, errors --------------------------------------------

using adjutant::testing::board;

TEST(GeometryMap, BoardsSitByLayoutCellAndEdgeBuffer) {
  const MapGeometry map("M", {10, 20},
                        {board("A", 0, 0, {100, 50}), board("B", 1, 0, {70, 60}), board("C", 0, 1, {30, 40})});
  EXPECT_EQ(map.boards()[0].bounds, (Rect{10, 20, 100, 50}));
  EXPECT_EQ(map.boards()[1].bounds, (Rect{110, 20, 70, 60}));
  EXPECT_EQ(map.boards()[2].bounds, (Rect{10, 70, 30, 40}));
  EXPECT_EQ(map.size(), (Size{190, 130}));
  EXPECT_EQ(map.find_board({109, 69})->name, "A");
  EXPECT_EQ(map.find_board({110, 20})->name, "B");  // half-open: x = 110 is B's
  EXPECT_EQ(map.find_board({9, 20}), nullptr);
  EXPECT_EQ(map.location_name({5, 5}), "offboard");
  EXPECT_EQ(map.location_name({50, 50}), "offboard");  // a board without a grid names nothing
}

TEST(GeometryMap, AReversedBoardTurnsNamesAndSnapsButNotPlacements) {
  HexGridSpec spec = tld_hex_grid();
  BoardPlacement b = board("R", 0, 0, {1000, 800}, spec);
  b.reversible = true;
  b.reversed = true;
  const MapGeometry reversed("M", {}, {b});
  const MapGeometry upright("M", {}, {board("R", 0, 0, {1000, 800}, spec)});
  const Point p{300, 200};
  const Point turned{1000 - 300, 800 - 200};
  EXPECT_EQ(reversed.location_name(p), upright.location_name(turned));
  const Point s = upright.snap(turned);
  EXPECT_EQ(reversed.snap(p), Point(1000 - s.x, 800 - s.y));
  // SetupStack adds the board's origin to the grid's point without turning it.
  EXPECT_EQ(reversed.location("0305"), upright.location("0305"));
  // Not reversible: the flag has no effect, as Board.setReversed ignores it.
  b.reversible = false;
  EXPECT_EQ(MapGeometry("M", {}, {b}).location_name(p), upright.location_name(p));
}

TEST(GeometryMap, SnappingPullsAPointOneOffTheEdgeBack) {
  SquareGridSpec squares;  // half-cell points every 25 px; edges and corners legal
  squares.x0 = 0;
  squares.y0 = 0;
  squares.dx = 50;
  squares.dy = 50;
  squares.edges_legal = true;
  squares.corners_legal = true;
  const MapGeometry map("M", {}, {board("S", 0, 0, {100, 100}, squares)});
  // The half-grid point (100, 50) lies one pixel past the board: moved back to 99.
  EXPECT_EQ(map.snap({95, 50}), Point(99, 50));
}

TEST(GeometryMap, ASnapLandingOnAnotherBoardIsSnappedThere) {
  SquareGridSpec coarse;
  coarse.x0 = 0;
  coarse.y0 = 0;
  coarse.dx = 100;
  coarse.dy = 100;
  SquareGridSpec fine = coarse;
  fine.x0 = 5;
  fine.dx = 10;
  fine.dy = 10;
  fine.y0 = 5;
  const MapGeometry map("M", {}, {board("A", 0, 0, {100, 100}, coarse), board("B", 1, 0, {100, 100}, fine)});
  // On A, (80, 40) snaps to (100, 0): that is B's, whose own grid then takes it to (105, 5).
  EXPECT_EQ(map.snap({80, 40}), Point(105, 5));
}

TEST(GeometryMap, DecksNameThePointTheySitOn) {
  GeometryOptions options;
  options.decks = {{"Draw Pile", {50, 50}, ""}};
  const MapGeometry map("M", {}, {board("A", 0, 0, {100, 100}, tld_hex_grid())}, options);
  EXPECT_EQ(map.location_name({50, 50}), "Draw Pile");
  EXPECT_NE(map.location_name({50, 51}), "Draw Pile");
}

TEST(GeometryMap, ModulePropertiesFillUnknownNames) {
  HexGridSpec spec = tld_hex_grid();
  spec.numbering->location_format = "$ModuleName$ $gridLocation$";
  GeometryOptions options;
  options.properties = [](std::string_view n) -> std::optional<std::string> {
    if (n == "ModuleName") return "TLD";
    return std::nullopt;
  };
  const MapGeometry with("M", {}, {board("A", 0, 0, {3000, 3000}, spec)}, options);
  const MapGeometry without("M", {}, {board("A", 0, 0, {3000, 3000}, spec)});
  EXPECT_EQ(with.location_name({1477, 1536}), "TLD 2724");
  EXPECT_EQ(without.location_name({1477, 1536}), " 2724");
}

TEST(GeometryMap, UnknownLocationsAreErrorsNamingNameAndMap) {
  const MapGeometry map("Normandy", {}, {board("Board", 0, 0, {3000, 3000}, tld_hex_grid())});
  EXPECT_EQ(map.location("2724"), Point(1477, 1536));
  try {
    map.location("99x9");
    FAIL() << "no error";
  } catch (const LocationError& e) {
    EXPECT_EQ(e.location(), "99x9");
    EXPECT_EQ(e.map(), "Normandy");
    EXPECT_NE(std::string(e.what()).find("'99x9'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("'Normandy'"), std::string::npos);
  }
  EXPECT_THROW(map.location("2724", "No Such Board"), LocationError);
  EXPECT_EQ(map.find_location(""), std::nullopt);
}

TEST(GeometryMap, SetupStacksFollowVassal) {
  const MapGeometry map("M", {7, 9}, {board("A", 0, 0, {2000, 2000}), board("B", 1, 0, {3000, 3000}, tld_hex_grid())});
  // On the owning board's grid, plus that board's origin.
  SetupStackPlacement s = map.setup_stack("B", true, "2724", {1, 2});
  EXPECT_TRUE(s.placed);
  EXPECT_EQ(s.position, Point(2007 + 1477, 9 + 1536));
  EXPECT_TRUE(s.warning.empty());
  // A bad name: VASSAL warns and keeps x, y.
  s = map.setup_stack("B", true, "nonsense", {1, 2});
  EXPECT_EQ(s.position, Point(2008, 11));
  EXPECT_FALSE(s.warning.empty());
  // Not using the grid, or a board without one: x, y.
  EXPECT_EQ(map.setup_stack("B", false, "2724", {1, 2}).position, Point(2008, 11));
  EXPECT_EQ(map.setup_stack("A", true, "2724", {1, 2}).position, Point(8, 11));
  // No owning board: the first board's grid, offset by the edge buffer only.
  EXPECT_EQ(map.setup_stack("", true, "2724", {1, 2}).position, Point(8, 11));
  // An owning board not in the layout: no stack.
  EXPECT_FALSE(map.setup_stack("C", true, "2724", {1, 2}).placed);
}

TEST(GeometryMap, RangeOnAMap) {
  const MapGeometry map("M", {}, {board("A", 0, 0, {3000, 3000}, tld_hex_grid())});
  EXPECT_EQ(map.range({1477, 1536}, {1532, 1504}), 1);
  EXPECT_EQ(map.range({1477, 1536}, {1477 + 10, 1536 + 64 * 3}), 3);
  const MapGeometry bare("M", {}, {board("A", 0, 0, {300, 300})});
  EXPECT_EQ(bare.range({0, 0}, {30, 40}), 50);
}

TEST(GeometryMap, HostileCoordinatesNeverCrash) {
  const MapGeometry map("M", {}, {board("A", 0, 0, {2147483647, 2147483647}, tld_hex_grid())});
  for (const Point p : {Point{2147483647, 2147483647}, Point{-2147483647 - 1, 5}, Point{0, -2147483647 - 1},
                        Point{2147483000, 1}}) {
    (void)map.snap(p);
    (void)map.location_name(p);
    (void)map.range(p, {0, 0});
  }
  // Degenerate settings a hand-edited buildFile could hold.
  HexGridSpec flat = tld_hex_grid();
  flat.dx = 0;
  flat.dy = 0;
  flat.snap_scale = 2147483647;
  SquareGridSpec empty;
  empty.dx = 0;
  empty.dy = -0.0;
  empty.numbering = GridNumbering{};
  const MapGeometry odd("M", {}, {board("H", 0, 0, {100, 100}, flat), board("S", 1, 0, {100, 100}, empty)});
  for (const Point p : {Point{5, 5}, Point{150, 50}, Point{-3, 7}}) {
    (void)odd.snap(p);
    (void)odd.location_name(p);
    (void)odd.find_location("0101");
  }
  SUCCEED();
}

}  // namespace
}  // namespace adjutant::core
