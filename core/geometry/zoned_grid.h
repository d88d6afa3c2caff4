// VASSAL's ZonedGrid ("multi-zoned grid"): polygon zones, tested in document order, each with its
// own location format and optionally its own grid (in board coordinates) or the background grid;
// outside every zone the background grid applies.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/geometry/awt_polygon.h"
#include "core/geometry/formatted_string.h"
#include "core/geometry/grid_spec.h"
#include "core/geometry/hex_grid.h"
#include "core/geometry/region_grid.h"
#include "core/geometry/square_grid.h"

namespace adjutant::core {

// A grid that can stand on its own: a ZonedGrid's background, or a zone's grid.
using SimpleGrid = std::variant<std::monostate, HexGrid, SquareGrid, RegionGrid>;

SimpleGrid make_simple_grid(const SimpleGridSpec& spec, Size container, SnapRules rules);
bool has_grid(const SimpleGrid& grid);
Point snap(const SimpleGrid& grid, Point p, bool force = false, bool only_centre = false);
std::optional<std::string> location_name(const SimpleGrid& grid, Point p, const PropertyLookup* lookup);
std::optional<Point> location(const SimpleGrid& grid, std::string_view name);
// MapGrid.range; nullopt for no grid (callers then measure pixels).
std::optional<int> range(const SimpleGrid& grid, Point p1, Point p2, const MapSnap& map_snap);

class Zone {
 public:
  Zone(const ZoneSpec& spec, SnapRules rules);

  const std::string& name() const { return name_; }
  const AwtPolygon& polygon() const { return polygon_; }
  bool uses_parent_grid() const { return use_parent_grid_; }
  const SimpleGrid& own_grid() const { return grid_; }
  bool contains(Point p) const { return polygon_.contains(p); }

 private:
  friend class ZonedGrid;
  std::string name_;
  FormattedString format_;
  std::string format_text_;
  AwtPolygon polygon_;
  bool use_parent_grid_ = false;
  SimpleGrid grid_;
};

class ZonedGrid {
 public:
  // `board` is the board's size, the container of the background grid.
  ZonedGrid(const ZonedGridSpec& spec, Size board, SnapRules rules);

  const std::vector<Zone>& zones() const { return zones_; }
  const SimpleGrid& background() const { return background_; }
  // Zone.getGrid(): the zone's own grid, the background for useParentGrid, or null.
  const SimpleGrid* grid_of(const Zone& zone) const;
  // The first zone containing p, in document order.
  const Zone* find_zone(Point p) const;
  const Zone* zone_named(std::string_view name) const;

  Point snap(Point p, bool force = false, bool only_centre = false) const;
  // The first containing zone's format ($name$, $gridLocation$ from its grid or empty), else
  // the background grid's name; nullopt when neither gives one.
  std::optional<std::string> location_name(Point p, const PropertyLookup* lookup = nullptr) const;
  // Zones first (their own format; the point must lie in the zone), then the background grid.
  std::optional<Point> location(std::string_view name) const;
  // The zone's grid when both points lie in the same zone with a grid, else the background's,
  // else the rounded pixel distance.
  int range(Point p1, Point p2, const MapSnap& map_snap) const;

 private:
  std::optional<Point> zone_location(const Zone& zone, std::string_view name) const;
  std::string zone_location_name(const Zone& zone, Point p, const PropertyLookup* lookup) const;

  std::vector<Zone> zones_;
  SimpleGrid background_;
};

}  // namespace adjutant::core
