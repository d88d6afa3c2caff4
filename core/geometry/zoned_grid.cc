#include "core/geometry/zoned_grid.h"

#include <array>
#include <cmath>
#include <cstdint>

#include "core/java/java_math.h"
#include "core/geometry/name_pattern.h"

namespace adjutant::core {

SimpleGrid make_simple_grid(const SimpleGridSpec& spec, Size container, SnapRules rules) {
  if (const auto* hex = std::get_if<HexGridSpec>(&spec)) return HexGrid(*hex, container, rules);
  if (const auto* square = std::get_if<SquareGridSpec>(&spec)) return SquareGrid(*square, container);
  if (const auto* region = std::get_if<RegionGridSpec>(&spec)) return RegionGrid(*region);
  return std::monostate{};
}

bool has_grid(const SimpleGrid& grid) { return !std::holds_alternative<std::monostate>(grid); }

Point snap(const SimpleGrid& grid, Point p, bool force, bool only_centre) {
  if (const auto* hex = std::get_if<HexGrid>(&grid)) return hex->snap(p, force, only_centre);
  if (const auto* square = std::get_if<SquareGrid>(&grid)) return square->snap(p, force, only_centre);
  if (const auto* region = std::get_if<RegionGrid>(&grid)) return region->snap(p, force, only_centre);
  return p;
}

std::optional<std::string> location_name(const SimpleGrid& grid, Point p, const PropertyLookup* lookup) {
  if (const auto* hex = std::get_if<HexGrid>(&grid)) return hex->location_name(p, lookup);
  if (const auto* square = std::get_if<SquareGrid>(&grid)) return square->location_name(p, lookup);
  if (const auto* region = std::get_if<RegionGrid>(&grid)) return region->location_name(p);
  return std::nullopt;
}

std::optional<Point> location(const SimpleGrid& grid, std::string_view name) {
  if (const auto* hex = std::get_if<HexGrid>(&grid)) return hex->location(name);
  if (const auto* square = std::get_if<SquareGrid>(&grid)) return square->location(name);
  if (const auto* region = std::get_if<RegionGrid>(&grid)) return region->location(name);
  return std::nullopt;
}

std::optional<int> range(const SimpleGrid& grid, Point p1, Point p2, const MapSnap& map_snap) {
  if (const auto* hex = std::get_if<HexGrid>(&grid)) return hex->range(p1, p2, map_snap);
  if (const auto* square = std::get_if<SquareGrid>(&grid)) return square->range(p1, p2);
  if (const auto* region = std::get_if<RegionGrid>(&grid)) return region->range(p1, p2);
  return std::nullopt;
}

Zone::Zone(const ZoneSpec& spec, SnapRules rules)
    : name_(spec.name),
      format_(spec.location_format, {"name", "gridLocation"}),
      format_text_(spec.location_format),
      use_parent_grid_(spec.use_parent_grid) {
  std::vector<Point> points;
  points.reserve(spec.path.size());
  for (const auto& [x, y] : spec.path) points.push_back({x, y});
  polygon_ = AwtPolygon(std::move(points));
  // A zone's own grid works in board coordinates; its container is the zone's bounding box.
  const Rect bounds = polygon_.bounds();
  grid_ = make_simple_grid(spec.grid, Size{bounds.width, bounds.height}, rules);
}

ZonedGrid::ZonedGrid(const ZonedGridSpec& spec, Size board, SnapRules rules)
    : background_(make_simple_grid(spec.background, board, rules)) {
  zones_.reserve(spec.zones.size());
  for (const ZoneSpec& z : spec.zones) zones_.emplace_back(z, rules);
}

const SimpleGrid* ZonedGrid::grid_of(const Zone& zone) const {
  const SimpleGrid& g = zone.use_parent_grid_ ? background_ : zone.grid_;
  return has_grid(g) ? &g : nullptr;
}

const Zone* ZonedGrid::find_zone(Point p) const {
  for (const Zone& z : zones_) {
    if (z.contains(p)) return &z;
  }
  return nullptr;
}

const Zone* ZonedGrid::zone_named(std::string_view name) const {
  for (const Zone& z : zones_) {
    if (z.name() == name) return &z;
  }
  return nullptr;
}

Point ZonedGrid::snap(Point p, bool force, bool only_centre) const {
  if (const Zone* z = find_zone(p)) {
    // A zone without a grid keeps the point: the background does not apply inside it.
    const SimpleGrid* g = grid_of(*z);
    return g ? core::snap(*g, p, force, only_centre) : p;
  }
  return core::snap(background_, p, force, only_centre);
}

std::string ZonedGrid::zone_location_name(const Zone& zone, Point p, const PropertyLookup* lookup) const {
  std::optional<std::string> grid_name;
  if (const SimpleGrid* g = grid_of(zone)) grid_name = core::location_name(*g, p, lookup);
  std::array<std::optional<std::string_view>, 2> values{std::string_view(zone.name_), std::nullopt};
  if (grid_name) values[1] = std::string_view(*grid_name);
  // Zone.locationName evaluates with getText (not localized): an unknown $name$ stays its name.
  return zone.format_.evaluate(values, lookup, /*localized=*/false);
}

std::optional<std::string> ZonedGrid::location_name(Point p, const PropertyLookup* lookup) const {
  if (const Zone* z = find_zone(p)) return zone_location_name(*z, p, lookup);
  return core::location_name(background_, p, lookup);
}

std::optional<Point> ZonedGrid::zone_location(const Zone& zone, std::string_view name) const {
  const SimpleGrid* grid = grid_of(zone);
  NamePattern pattern;
  bool regex = false;  // whether VASSAL's regex would have any text at all
  int group = 0;
  for (const FormatToken& token : format_tokens(zone.format_text_)) {
    if (!token.property) {
      pattern.add_literal(token.text);
      regex = true;
    } else if (token.text == "name") {
      pattern.add_literal(zone.name_);
      regex = true;
    } else if (token.text == "gridLocation" && grid) {
      group = pattern.add_any();
      regex = true;
    }
  }
  if (!regex) return std::nullopt;
  const auto groups = pattern.match(name);
  if (!groups) return std::nullopt;
  if (group > 0) {
    // The last (.*) group is the grid's part of the name.
    const auto p = core::location(*grid, groups->back());
    if (!p || !zone.contains(*p)) return std::nullopt;
    return p;
  }
  // No grid to ask: the mean of the vertices, or the first vertex if that lies outside.
  const auto& points = zone.polygon_.points();
  if (points.empty()) return std::nullopt;  // VASSAL divides by zero here
  Point mean;
  for (const Point& v : points) mean = {java::add(mean.x, v.x), java::add(mean.y, v.y)};
  const int n = static_cast<int>(points.size());
  mean = {java::div(mean.x, n), java::div(mean.y, n)};
  return zone.contains(mean) ? mean : points.front();
}

std::optional<Point> ZonedGrid::location(std::string_view name) const {
  for (const Zone& z : zones_) {
    const auto p = zone_location(z, name);
    if (p && z.contains(*p)) return p;
  }
  return core::location(background_, name);
}

int ZonedGrid::range(Point p1, Point p2, const MapSnap& map_snap) const {
  const SimpleGrid* grid = has_grid(background_) ? &background_ : nullptr;
  const Zone* z1 = find_zone(p1);
  if (z1 && z1 == find_zone(p2)) {
    if (const SimpleGrid* g = grid_of(*z1)) grid = g;
  }
  if (grid) {
    if (const auto r = core::range(*grid, p1, p2, map_snap)) return *r;
  }
  const double dx = static_cast<double>(p1.x) - p2.x;
  const double dy = static_cast<double>(p1.y) - p2.y;
  return java::round_to_int(std::sqrt(dx * dx + dy * dy));
}

}  // namespace adjutant::core
