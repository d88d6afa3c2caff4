// VASSAL's SquareGrid: snapping to cell centres (and edges or corners where legal), location
// names through SquareGridNumbering, and its range (Metric: the larger of the column and row
// steps; Manhattan: their sum), which counts raw pixel offsets without snapping.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/geometry/grid_spec.h"
#include "core/geometry/point.h"
#include "core/geometry/square_numbering.h"

namespace adjutant::core {

class SquareGrid {
 public:
  SquareGrid(const SquareGridSpec& spec, Size container);

  const SquareGridSpec& spec() const { return spec_; }
  const std::optional<SquareNumbering>& numbering() const { return numbering_; }

  // MapGrid.snapTo(p, force, onlyCenter). With edges and corners both legal VASSAL snaps to the
  // nearest half-cell point and ignores only_centre.
  Point snap(Point p, bool force = false, bool only_centre = false) const;
  std::optional<std::string> location_name(Point p, const PropertyLookup* lookup = nullptr) const;
  std::optional<Point> location(std::string_view name) const;
  int range(Point p1, Point p2) const;

 private:
  SquareGridSpec spec_;
  std::optional<SquareNumbering> numbering_;
};

}  // namespace adjutant::core
