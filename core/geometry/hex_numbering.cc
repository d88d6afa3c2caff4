#include "core/geometry/hex_numbering.h"

#include <cmath>
#include <cstdint>

#include "core/java/java_math.h"

namespace adjutant::core {

int HexMetrics::raw_column(Point p) const {
  const Point r = rotate(p);
  const double x = static_cast<double>(int64_t{r.x} - x0);
  return java::floor_to_int(x / dx + 0.5);
}

int HexMetrics::raw_row(Point p) const {
  const Point r = rotate(p);
  const int nx = java::round_to_int(static_cast<double>(int64_t{r.x} - x0) / dx);
  const double y = static_cast<double>(int64_t{r.y} - y0);
  return nx % 2 == 0 ? java::round_to_int(y / dy) : java::round_to_int((y - dy / 2) / dy);
}

HexNumbering::HexNumbering(const GridNumbering& spec, const HexMetrics& metrics)
    : RegularNumbering(spec), m_(metrics), oblique_(spec.class_name == "ObliqueHexGridNumbering") {}

int HexNumbering::max_rows() const {
  return java::floor_to_int(static_cast<double>(m_.container.height) / m_.dx + 0.5);
}

int HexNumbering::max_columns() const {
  return java::floor_to_int(static_cast<double>(m_.container.width) / m_.dy + 0.5);
}

int HexNumbering::column(Point p) const {
  int x = m_.raw_column(p);
  if (spec().v_descend && m_.sideways) x = java::sub(max_rows(), x);
  if (spec().h_descend && !m_.sideways) x = java::sub(max_columns(), x);
  return x;
}

int HexNumbering::straight_row(Point p) const {
  int ny = m_.raw_row(p);
  const GridNumbering& n = spec();
  if (n.v_descend && !m_.sideways) ny = java::sub(max_rows(), ny);
  if (n.h_descend && m_.sideways) ny = java::sub(max_columns(), ny);
  // The stagger shift looks at the raw column's parity, not the (possibly descending) column's.
  if (n.stagger && m_.raw_column(p) % 2 != 0) {
    const bool descending = m_.sideways ? n.h_descend : n.v_descend;
    ny = descending ? java::sub(ny, 1) : java::add(ny, 1);
  }
  return ny;
}

int HexNumbering::row(Point p) const {
  const int r = straight_row(p);
  if (!oblique_) return r;
  // ObliqueHexGridNumbering.slantRow; the stagger flag chooses the slant's direction.
  const int c = column(p);
  return spec().stagger ? java::add(java::div(c, 2), r) : java::add(java::sub(r, java::div(c, 2)), 1);
}

Point HexNumbering::centre_point(int col, int row) const {
  const GridNumbering& n = spec();
  if (n.stagger && col % 2 != 0) {
    const bool descending = m_.sideways ? n.h_descend : n.v_descend;
    row = descending ? java::add(row, 1) : java::sub(row, 1);
  }
  if (m_.sideways) {
    if (n.v_descend) col = java::sub(max_rows(), col);
    if (n.h_descend) row = java::sub(max_columns(), row);
  } else {
    if (n.h_descend) col = java::sub(max_columns(), col);
    if (n.v_descend) row = java::sub(max_rows(), row);
  }
  Point p;
  p.x = java::add(java::to_int(col * m_.dx), m_.x0);
  p.y = col % 2 == 0 ? java::to_int(row * m_.dy) : java::to_int(row * m_.dy + m_.dy / 2);
  p.y = java::add(p.y, m_.y0);
  return m_.rotate(p);
}

std::string HexNumbering::location_name(Point p, const PropertyLookup* lookup) const {
  return RegularNumbering::location_name(row(p), column(p), lookup);
}

std::optional<Point> HexNumbering::location(std::string_view name) const {
  const auto parsed = parse(name);
  if (!parsed) return std::nullopt;
  return centre_point(parsed->first, parsed->second);
}

}  // namespace adjutant::core
