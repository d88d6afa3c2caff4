#include "core/geometry/awt_polygon.h"

#include <algorithm>
#include <cstdint>

namespace adjutant::core {
namespace {

Rect bounds_of(const Point* points, int count) {
  if (count <= 0) return {};
  int min_x = points[0].x, max_x = points[0].x, min_y = points[0].y, max_y = points[0].y;
  for (int i = 1; i < count; ++i) {
    min_x = std::min(min_x, points[i].x);
    max_x = std::max(max_x, points[i].x);
    min_y = std::min(min_y, points[i].y);
    max_y = std::max(max_y, points[i].y);
  }
  // Java computes the width as an int; a polygon wider than int overflows there as here.
  return {min_x, min_y, static_cast<int>(int64_t{max_x} - min_x), static_cast<int>(int64_t{max_y} - min_y)};
}

// Polygon.contains(double, double) after its bounding-box test, edge by edge as AWT walks them.
bool crossings_odd(const Point* points, int count, double x, double y) {
  int hits = 0;
  int64_t last_x = points[count - 1].x;
  int64_t last_y = points[count - 1].y;
  for (int i = 0; i < count; ++i) {
    const int64_t cur_x = points[i].x;
    const int64_t cur_y = points[i].y;
    const int64_t prev_x = last_x;
    const int64_t prev_y = last_y;
    last_x = cur_x;
    last_y = cur_y;
    if (cur_y == prev_y) continue;
    int64_t left_x;
    if (cur_x < prev_x) {
      if (x >= static_cast<double>(prev_x)) continue;
      left_x = cur_x;
    } else {
      if (x >= static_cast<double>(cur_x)) continue;
      left_x = prev_x;
    }
    double test1, test2;
    if (cur_y < prev_y) {
      if (y < static_cast<double>(cur_y) || y >= static_cast<double>(prev_y)) continue;
      if (x < static_cast<double>(left_x)) {
        ++hits;
        continue;
      }
      test1 = x - static_cast<double>(cur_x);
      test2 = y - static_cast<double>(cur_y);
    } else {
      if (y < static_cast<double>(prev_y) || y >= static_cast<double>(cur_y)) continue;
      if (x < static_cast<double>(left_x)) {
        ++hits;
        continue;
      }
      test1 = x - static_cast<double>(prev_x);
      test2 = y - static_cast<double>(prev_y);
    }
    if (test1 < (test2 / static_cast<double>(prev_y - cur_y) * static_cast<double>(prev_x - cur_x))) ++hits;
  }
  return (hits & 1) != 0;
}

}  // namespace

AwtPolygon::AwtPolygon(std::vector<Point> points) : points_(std::move(points)) {
  bounds_ = bounds_of(points_.data(), static_cast<int>(points_.size()));
}

bool AwtPolygon::contains(Point p) const {
  if (points_.size() <= 2 || !bounds_.contains(p)) return false;
  return crossings_odd(points_.data(), static_cast<int>(points_.size()), p.x, p.y);
}

bool awt_polygon_contains(const Point* points, int count, Point p) {
  if (count <= 2 || !bounds_of(points, count).contains(p)) return false;
  return crossings_odd(points, count, p.x, p.y);
}

}  // namespace adjutant::core
