#include "core/geometry/square_numbering.h"

#include <cmath>
#include <cstdint>

#include "core/java/java_math.h"

namespace adjutant::core {

SquareNumbering::SquareNumbering(const GridNumbering& spec, const SquareMetrics& metrics)
    : RegularNumbering(spec), m_(metrics) {}

int SquareNumbering::max_rows() const { return java::to_int(m_.container.height / m_.dy + 0.5); }

int SquareNumbering::max_columns() const { return java::to_int(m_.container.width / m_.dx + 0.5); }

int SquareNumbering::column(Point p) const {
  const int col = java::floor_to_int(static_cast<double>(int64_t{p.x} - m_.x0) / m_.dx + 0.5);
  return spec().h_descend ? java::sub(max_columns(), col) : col;
}

int SquareNumbering::row(Point p) const {
  const int row = java::to_int(static_cast<double>(int64_t{p.y} - m_.y0) / m_.dy + 0.5);
  return spec().v_descend ? java::sub(max_rows(), row) : row;
}

Point SquareNumbering::centre_point(int col, int row) const {
  if (spec().v_descend) row = java::sub(max_rows(), row);
  if (spec().h_descend) col = java::sub(max_columns(), col);
  return {java::to_int(col * m_.dx + m_.x0), java::to_int(row * m_.dy + m_.y0)};
}

std::string SquareNumbering::location_name(Point p, const PropertyLookup* lookup) const {
  return RegularNumbering::location_name(row(p), column(p), lookup);
}

std::optional<Point> SquareNumbering::location(std::string_view name) const {
  const auto parsed = parse(name);
  if (!parsed) return std::nullopt;
  return centre_point(parsed->first, parsed->second);
}

}  // namespace adjutant::core
