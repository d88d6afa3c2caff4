// The grid settings of a board as the buildFile gives them (spec section 4), with VASSAL's
// defaults: hex, square, region and zoned grids and their numbering. Plain values: the file layer
// (vmod/) fills them in from the XML, the geometry in core/ (hex_grid.h, map_geometry.h ...) turns
// them into working grids.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace adjutant::core {

struct GridNumbering {
  std::string class_name;  // "HexGridNumbering", "SquareGridNumbering", "ObliqueHexGridNumbering"
  char first = 'H';
  std::string sep;
  char h_type = 'N';
  char v_type = 'N';
  int h_leading = 1;
  int v_leading = 1;
  int h_off = 1;
  int v_off = 1;
  bool h_descend = false;
  bool v_descend = false;
  std::string location_format = "$gridLocation$";
  bool stagger = true;  // hex only
};

struct HexGridSpec {
  bool sideways = false;
  int x0 = 0;
  int y0 = 32;
  double dy = 64.0;
  double dx = std::sqrt(3.0) / 2.0 * 64.0;  // with the dy-resets-dx quirk applied while reading
  bool snap_to = true;
  bool edges_legal = false;
  bool corners_legal = false;
  int snap_scale = 0;
  std::optional<GridNumbering> numbering;
};

struct SquareGridSpec {
  int x0 = 24;
  int y0 = 24;
  double dx = 48.0;
  double dy = 48.0;
  std::string range = "Metric";
  bool snap_to = true;
  bool edges_legal = false;
  bool corners_legal = false;
  std::optional<GridNumbering> numbering;
};

struct RegionSpec {
  std::string name;
  int x = 0;
  int y = 0;
};

struct RegionGridSpec {
  bool snap_to = true;
  std::vector<RegionSpec> regions;
};

using SimpleGridSpec = std::variant<std::monostate, HexGridSpec, SquareGridSpec, RegionGridSpec>;

struct PropertySpec {
  std::string name;
  std::string initial_value;
  std::string description;
  bool numeric = false;
  std::string min;
  std::string max;
  bool wrap = false;
};

struct ZoneSpec {
  std::string name;
  std::string location_format = "$name$";
  std::vector<std::pair<int, int>> path;  // board coordinates
  bool use_parent_grid = false;
  SimpleGridSpec grid;                    // the zone's own grid (board coordinates)
  std::vector<PropertySpec> properties;   // ZoneProperty
};

struct ZonedGridSpec {
  std::vector<ZoneSpec> zones;  // tested in document order
  SimpleGridSpec background;
};

using GridSpec = std::variant<std::monostate, HexGridSpec, SquareGridSpec, RegionGridSpec, ZonedGridSpec>;

// "hex", "square", "region", "zoned" or "none".
std::string grid_kind(const GridSpec& grid);

}  // namespace adjutant::core
