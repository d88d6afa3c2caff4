// Every row of ../shared/spec/hex-golden, computed by VASSAL's own grid classes, reproduced:
// point -> name and snaps (grid and map level), name -> point, and range.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/geometry/hex_grid.h"
#include "core/geometry/map_geometry.h"
#include "core/geometry/square_grid.h"
#include "hex_golden.h"
#include "vmod/module.h"

namespace adjutant {
namespace {

using core::HexGrid;
using core::MapGeometry;
using core::Point;
using core::SquareGrid;
using testing::CsvRow;
using testing::GoldenConfig;

constexpr const char* kNull = "<null>";

// The board grid of a golden map, seen through the operations the tables record.
struct GoldenGrid {
  const GoldenConfig* config = nullptr;
  MapGeometry map;
  const HexGrid* hex = nullptr;
  const SquareGrid* square = nullptr;

  explicit GoldenGrid(const GoldenConfig& c) : config(&c), map(c.map()) {
    hex = std::get_if<HexGrid>(&map.boards().at(0).grid);
    square = std::get_if<SquareGrid>(&map.boards().at(0).grid);
  }
  bool numbered() const { return hex ? hex->numbering().has_value() : square->numbering().has_value(); }
  std::string column(Point p) const {
    if (!numbered()) return kNull;
    return std::to_string(hex ? hex->numbering()->column(p) : square->numbering()->column(p));
  }
  std::string row(Point p) const {
    if (!numbered()) return kNull;
    return std::to_string(hex ? hex->numbering()->row(p) : square->numbering()->row(p));
  }
  std::string name(Point p) const {
    const auto n = hex ? hex->location_name(p) : square->location_name(p);
    return n ? *n : kNull;
  }
  Point snap(Point p, bool force = false, bool only_centre = false) const {
    return hex ? hex->snap(p, force, only_centre) : square->snap(p, force, only_centre);
  }
  std::optional<Point> location(const std::string& name) const {
    return hex ? hex->location(name) : square->location(name);
  }
  int range(Point a, Point b) const {
    return hex ? hex->range(a, b, [this](Point p) { return map.snap(p); }) : square->range(a, b);
  }
};

std::map<std::string, GoldenGrid> load_grids(const std::vector<GoldenConfig>& configs) {
  std::map<std::string, GoldenGrid> grids;
  for (const auto& c : configs) grids.emplace(c.id, GoldenGrid(c));
  return grids;
}

std::string point_text(Point p) { return std::to_string(p.x) + "," + std::to_string(p.y); }

// Collects mismatches: every one is counted, the first few are shown in full.
class Mismatches {
 public:
  void add(const std::string& file, const CsvRow& row, const std::string& column, const std::string& want,
           const std::string& got) {
    ++count_;
    ++by_column_[row["config_id"] + " " + column];
    if (shown_ < 25) {
      ++shown_;
      ADD_FAILURE() << file << " line " << row.line << " (" << row["config_id"] << "): " << column << " expected '"
                    << want << "', got '" << got << "'";
    }
  }
  size_t count() const { return count_; }
  std::string summary() const {
    std::string s;
    for (const auto& [key, n] : by_column_) s += "  " + key + ": " + std::to_string(n) + "\n";
    return s;
  }

 private:
  size_t count_ = 0;
  size_t shown_ = 0;
  std::map<std::string, size_t> by_column_;
};

Point point_of(const CsvRow& row, const char* x, const char* y) { return {std::stoi(row[x]), std::stoi(row[y])}; }

TEST(GridGoldenTest, PointToNameSnapAndMapColumns) {
  ADJUTANT_REQUIRE_GOLDEN();
  const auto configs = testing::golden_configs();
  const auto grids = load_grids(configs);
  const auto rows = testing::read_csv(testing::golden_dir() / "point_to_name.csv");
  ASSERT_GT(rows.size(), 0u);
  Mismatches bad;
  size_t passed = 0;
  std::map<std::string, size_t> per_config;
  for (const CsvRow& row : rows) {
    const auto it = grids.find(row["config_id"]);
    ASSERT_NE(it, grids.end()) << "unknown config " << row["config_id"];
    const GoldenGrid& g = it->second;
    const Point p = point_of(row, "x", "y");
    const size_t before = bad.count();
    auto check = [&](const char* column, const std::string& want, const std::string& got) {
      if (want != got) bad.add("point_to_name.csv", row, column, want, got);
    };
    check("col", row["col"], g.column(p));
    check("row", row["row"], g.row(p));
    check("location_name", row["location_name"], g.name(p));
    const Point snapped = g.snap(p);
    check("snapped", row["snapped_x"] + "," + row["snapped_y"], point_text(snapped));
    check("snapped_name", row["snapped_name"], g.name(snapped));
    check("forced_centre", row["forced_centre_x"] + "," + row["forced_centre_y"], point_text(g.snap(p, true, true)));
    check("map_snapped", row["map_snapped_x"] + "," + row["map_snapped_y"], point_text(g.map.snap(p)));
    check("map_location_name", row["map_location_name"], g.map.location_name(p));
    if (bad.count() == before) {
      ++passed;
      ++per_config[row["config_id"]];
    }
  }
  std::cout << "point_to_name.csv: " << passed << " of " << rows.size() << " rows reproduced\n";
  EXPECT_EQ(bad.count(), 0u) << "mismatches by config and column:\n" << bad.summary();
}

TEST(GridGoldenTest, NameToPoint) {
  ADJUTANT_REQUIRE_GOLDEN();
  const auto configs = testing::golden_configs();
  const auto grids = load_grids(configs);
  const auto rows = testing::read_csv(testing::golden_dir() / "name_to_point.csv");
  ASSERT_GT(rows.size(), 0u);
  Mismatches bad;
  size_t passed = 0, not_inverse = 0, bad_coords = 0;
  for (const CsvRow& row : rows) {
    const GoldenGrid& g = grids.at(row["config_id"]);
    const size_t before = bad.count();
    const auto at = g.location(row["name"]);
    const std::string status = at ? "ok" : "BadCoords";
    if (status != row["status"]) bad.add("name_to_point.csv", row, "status of '" + row["name"] + "'", row["status"], status);
    if (at && row["status"] == "ok") {
      if (point_text(*at) != row["x"] + "," + row["y"]) {
        bad.add("name_to_point.csv", row, "point of '" + row["name"] + "'", row["x"] + "," + row["y"], point_text(*at));
      }
      if (g.name(*at) != row["name_of_result"]) {
        bad.add("name_to_point.csv", row, "name_of_result", row["name_of_result"], g.name(*at));
      }
      if (row["source"] == "centre" && row["from_x"] + "," + row["from_y"] != point_text(*at)) ++not_inverse;
    }
    if (!at) ++bad_coords;
    if (bad.count() == before) ++passed;
  }
  std::cout << "name_to_point.csv: " << passed << " of " << rows.size() << " rows reproduced (" << bad_coords
            << " BadCoords, " << not_inverse << " centre names that VASSAL places on another point)\n";
  EXPECT_EQ(bad.count(), 0u) << "mismatches by config and column:\n" << bad.summary();
  // The non-inverse cases the README names are really there.
  EXPECT_GT(not_inverse, 0u);
}

TEST(GridGoldenTest, Range) {
  ADJUTANT_REQUIRE_GOLDEN();
  const auto configs = testing::golden_configs();
  const auto grids = load_grids(configs);
  const auto rows = testing::read_csv(testing::golden_dir() / "range.csv");
  ASSERT_GT(rows.size(), 0u);
  Mismatches bad;
  size_t passed = 0;
  for (const CsvRow& row : rows) {
    const GoldenGrid& g = grids.at(row["config_id"]);
    const int got = g.range(point_of(row, "x1", "y1"), point_of(row, "x2", "y2"));
    if (std::to_string(got) != row["range"]) {
      bad.add("range.csv", row, "range", row["range"], std::to_string(got));
    } else {
      ++passed;
    }
  }
  std::cout << "range.csv: " << passed << " of " << rows.size() << " rows reproduced\n";
  EXPECT_EQ(bad.count(), 0u) << "mismatches by config:\n" << bad.summary();
}

// The file layer reads each configuration's buildFile fragment into the same settings VASSAL
// reported after loading it (the dy-resets-dx quirk of h25 included).
TEST(GridGoldenTest, BuildFileFragmentsReadAsVassalLoadsThem) {
  ADJUTANT_REQUIRE_GOLDEN();
  for (const GoldenConfig& c : testing::golden_configs()) {
    SCOPED_TRACE(c.id);
    const std::string xml = "<VASSAL.build.GameModule><VASSAL.build.module.Map mapName=\"M\">"
                            "<VASSAL.build.module.map.BoardPicker>" +
                            c.buildfile_xml + "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>"
                            "</VASSAL.build.GameModule>";
    const vmod::Module m = vmod::parse_build_file(xml, c.id);
    ASSERT_EQ(m.maps.size(), 1u);
    ASSERT_EQ(m.maps[0].boards.size(), 1u);
    const vmod::BoardSpec& board = m.maps[0].boards[0];
    EXPECT_EQ(board.width, c.container.width);
    EXPECT_EQ(board.height, c.container.height);
    EXPECT_EQ(board.reversible, c.reversible);
    if (const auto* want = std::get_if<core::HexGridSpec>(&c.grid)) {
      const auto* got = std::get_if<core::HexGridSpec>(&board.grid);
      ASSERT_NE(got, nullptr);
      EXPECT_EQ(got->dx, want->dx);
      EXPECT_EQ(got->dy, want->dy);
      EXPECT_EQ(got->x0, want->x0);
      EXPECT_EQ(got->y0, want->y0);
      EXPECT_EQ(got->sideways, want->sideways);
      EXPECT_EQ(got->snap_to, want->snap_to);
      EXPECT_EQ(got->edges_legal, want->edges_legal);
      EXPECT_EQ(got->corners_legal, want->corners_legal);
      EXPECT_EQ(got->snap_scale, want->snap_scale);
      ASSERT_EQ(got->numbering.has_value(), want->numbering.has_value());
      if (want->numbering) {
        EXPECT_EQ(got->numbering->location_format, want->numbering->location_format);
        EXPECT_EQ(got->numbering->stagger, want->numbering->stagger);
        EXPECT_EQ(got->numbering->h_off, want->numbering->h_off);
        EXPECT_EQ(got->numbering->class_name, want->numbering->class_name);
      }
    } else {
      const auto* want_square = std::get_if<core::SquareGridSpec>(&c.grid);
      const auto* got = std::get_if<core::SquareGridSpec>(&board.grid);
      ASSERT_NE(got, nullptr);
      EXPECT_EQ(got->dx, want_square->dx);
      EXPECT_EQ(got->dy, want_square->dy);
      EXPECT_EQ(got->range, want_square->range);
    }
  }
}

}  // namespace
}  // namespace adjutant
