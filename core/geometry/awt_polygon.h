// java.awt.Polygon: an integer polygon with AWT's insideness rule (even-odd crossings, half-open:
// points on a left or top edge are inside, on a right or bottom edge outside). VASSAL tests zones
// and, since 3.7, the hexagon around a snap candidate with it.
#pragma once

#include <vector>

#include "core/geometry/point.h"

namespace adjutant::core {

class AwtPolygon {
 public:
  AwtPolygon() = default;
  explicit AwtPolygon(std::vector<Point> points);

  // Polygon.contains(Point).
  bool contains(Point p) const;
  // Polygon.getBounds(): the smallest rectangle holding every vertex (empty for no vertices).
  const Rect& bounds() const { return bounds_; }
  const std::vector<Point>& points() const { return points_; }
  bool empty() const { return points_.empty(); }

 private:
  std::vector<Point> points_;
  Rect bounds_;
};

// The same test without building a polygon (for the hexagon test in the snap's inner loop).
bool awt_polygon_contains(const Point* points, int count, Point p);

}  // namespace adjutant::core
