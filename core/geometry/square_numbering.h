// VASSAL's SquareGridNumbering: the column (rounded) and row (truncated!) a pixel is named after,
// the centre of a (column, row), and location names both ways.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/geometry/grid_numbering.h"
#include "core/geometry/point.h"

namespace adjutant::core {

struct SquareMetrics {
  double dx = 48;
  double dy = 48;
  int x0 = 24;
  int y0 = 24;
  Size container;
};

class SquareNumbering : public RegularNumbering {
 public:
  SquareNumbering(const GridNumbering& spec, const SquareMetrics& metrics);

  int column(Point p) const;  // floor((x - x0) / dx + 0.5)
  int row(Point p) const;     // (int) ((y - y0) / dy + 0.5): truncation toward zero
  Point centre_point(int column, int row) const;
  int max_rows() const;
  int max_columns() const;

  std::string location_name(Point p, const PropertyLookup* lookup = nullptr) const;
  std::optional<Point> location(std::string_view name) const;

 private:
  SquareMetrics m_;
};

}  // namespace adjutant::core
