// Pixel points and sizes, as java.awt.Point / Dimension: integer map or board coordinates, x to the
// right and y down.
#pragma once

#include <cstdint>
#include <string>

namespace adjutant::core {

struct Point {
  int x = 0;
  int y = 0;
  bool operator==(const Point&) const = default;
};

struct Size {
  int width = 0;
  int height = 0;
  bool operator==(const Size&) const = default;
};

// java.awt.Rectangle with its half-open contains(): x <= px < x + width, likewise for y.
struct Rect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
  bool contains(Point p) const {
    if (width < 0 || height < 0 || p.x < x || p.y < y) return false;
    return int64_t{p.x} < int64_t{x} + width && int64_t{p.y} < int64_t{y} + height;
  }
  bool operator==(const Rect&) const = default;
};

inline std::string to_string(Point p) { return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")"; }

}  // namespace adjutant::core
