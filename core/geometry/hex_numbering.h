// VASSAL's HexGridNumbering (and ObliqueHexGridNumbering): which column and row a pixel is named
// after, the centre a (column, row) stands for, and location names both ways. Naming uses the
// *raw* point with a rectangular rounding scheme, not the hexagon a snap would choose
// (docs/geometry.md, "Naming is not snapping").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/geometry/grid_numbering.h"
#include "core/geometry/point.h"

namespace adjutant::core {

// The HexGrid settings numbering reads, plus the size of the grid's container (the board, or a
// zone's bounding box), which descending numbering counts from.
struct HexMetrics {
  double dx = 0;  // column spacing (across the columns, in rotated space)
  double dy = 0;  // spacing within a column
  int x0 = 0;
  int y0 = 0;
  bool sideways = false;
  Size container;

  Point rotate(Point p) const { return sideways ? Point{p.y, p.x} : p; }
  // HexGrid/HexGridNumbering.getRawColumn and getRawRow.
  int raw_column(Point p) const;
  int raw_row(Point p) const;
};

class HexNumbering : public RegularNumbering {
 public:
  HexNumbering(const GridNumbering& spec, const HexMetrics& metrics);

  bool oblique() const { return oblique_; }
  int column(Point p) const;  // getColumn
  int row(Point p) const;     // getRow (slanted for oblique numbering)
  // getCenterPoint(column, row) with hOff/vOff already removed.
  Point centre_point(int column, int row) const;
  int max_rows() const;     // getMaxRows: floor(height / dx + 0.5)
  int max_columns() const;  // getMaxColumns: floor(width / dy + 0.5)

  std::string location_name(Point p, const PropertyLookup* lookup = nullptr) const;
  // getLocation: nullopt where VASSAL throws BadCoords.
  std::optional<Point> location(std::string_view name) const;

 private:
  int straight_row(Point p) const;  // HexGridNumbering.getRow before any oblique slant
  HexMetrics m_;
  bool oblique_ = false;
};

}  // namespace adjutant::core
