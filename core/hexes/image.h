// An RGB raster: a decoded board image (vmod/board_image.h decodes the files).
#pragma once

#include <cstdint>
#include <vector>

namespace adjutant::core {

struct Rgb {
  uint8_t r = 0;
  uint8_t g = 0;
  uint8_t b = 0;
  bool operator==(const Rgb&) const = default;
};

// Pixels row by row, three bytes (r, g, b) each.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgb;
  bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
  Rgb at(int x, int y) const {
    const size_t i = (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

}  // namespace adjutant::core
