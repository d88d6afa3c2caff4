// Reading terrain or elevation off a board image: the colour around each hex centre matched
// against a palette (CWR fixes elevation by "the colour at the centre of each hex"). What the
// companion file's [map.palette] holds, and the sampling itself.
#pragma once

#include <optional>
#include <vector>

#include "core/geometry/hex.h"
#include "core/hexes/hex_topology.h"
#include "core/hexes/image.h"

namespace adjutant::core {

// A colour and the value it stands for: a terrain type id, or an elevation level.
struct PaletteColour {
  Rgb colour;
  int value = 0;
};

struct ColourPalette {
  int tolerance = 48;  // the largest RGB distance from a palette colour that still matches it
  int radius = 0;      // pixels around the centre also looked at (0: the centre pixel only)
  std::vector<PaletteColour> terrain;
  std::vector<PaletteColour> elevation;
};

// The value of the palette colour nearest to `colour` (Euclidean RGB distance) if within
// `tolerance`; the first listed wins a tie.
std::optional<int> nearest_value(const std::vector<PaletteColour>& palette, Rgb colour, int tolerance);

// For each hex (board coordinates = image pixels): the value most of the matching pixels within
// `radius` of its centre stand for; among values matched equally often, the one matched nearest
// the centre. nullopt where no pixel matches or the centre lies outside the image.
std::vector<std::optional<int>> sample_hexes(const Image& image, const HexGrid& grid, const std::vector<Hex>& hexes,
                                             const std::vector<PaletteColour>& palette, int tolerance, int radius);

}  // namespace adjutant::core
