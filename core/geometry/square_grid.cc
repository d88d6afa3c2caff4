#include "core/geometry/square_grid.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/java/java_math.h"

namespace adjutant::core {

SquareGrid::SquareGrid(const SquareGridSpec& spec, Size container) : spec_(spec) {
  if (spec.numbering) {
    numbering_.emplace(*spec.numbering, SquareMetrics{spec.dx, spec.dy, spec.x0, spec.y0, container});
  }
}

Point SquareGrid::snap(Point p, bool force, bool only_centre) const {
  if (!spec_.snap_to && !force) return p;
  const double dx = spec_.dx, dy = spec_.dy;
  // nx, ny count half cells from the origin cell's centre: (1, 0) is its east edge, (1, 1) its
  // lower right corner.
  const int offset_x = java::sub(p.x, spec_.x0);
  const int offset_y = java::sub(p.y, spec_.y0);
  int nx = java::round_to_int(offset_x / (0.5 * dx));
  int ny = java::round_to_int(offset_y / (0.5 * dy));
  if (!spec_.corners_legal || !spec_.edges_legal) {
    if (spec_.corners_legal && !only_centre) {
      nx = ny % 2 == 0 ? java::mul(2, java::round_to_int(offset_x / dx))           // on a cell centre
                       : java::add(1, java::mul(2, java::round_to_int(offset_x / dx - 0.5)));  // a corner
    } else if (spec_.edges_legal && !only_centre) {
      if (ny % 2 == 0) {
        if (nx % 2 == 0) nx = java::mul(2, java::round_to_int(offset_x / dx));  // cell centre
        // else a vertical edge: nx stays
      } else {
        nx = java::mul(2, java::round_to_int(offset_x / dx));  // a horizontal edge
      }
    } else {
      nx = java::mul(2, java::round_to_int(offset_x / dx));
      ny = java::mul(2, java::round_to_int(offset_y / dy));
    }
  }
  return {java::add(spec_.x0, java::round_to_int(nx * dx / 2)), java::add(spec_.y0, java::round_to_int(ny * dy / 2))};
}

std::optional<std::string> SquareGrid::location_name(Point p, const PropertyLookup* lookup) const {
  if (!numbering_) return std::nullopt;
  return numbering_->location_name(p, lookup);
}

std::optional<Point> SquareGrid::location(std::string_view name) const {
  if (!numbering_) return std::nullopt;
  return numbering_->location(name);
}

int SquareGrid::range(Point p1, Point p2) const {
  auto steps = [](int from, int to, double size) {
    const int n = java::floor_to_int(java::sub(to, from) / size + 0.5);
    return n < 0 ? java::sub(0, n) : n;
  };
  const int columns = steps(p1.x, p2.x, spec_.dx);
  const int rows = steps(p1.y, p2.y, spec_.dy);
  return spec_.range == "Metric" ? std::max(columns, rows) : java::add(columns, rows);
}

}  // namespace adjutant::core
