// Whether the hex grids of a map's boards continue into each other, and where: each hex board's
// grid as a translation of the first hex board's lattice, worked out from where the map places the
// boards and where each grid's origin lies on its board. What core::HexTopology::stitched needs.
#pragma once

#include <string>
#include <vector>

#include "core/geometry/hex.h"
#include "core/geometry/map_geometry.h"

namespace adjutant::core {

// How far (in pixels, each axis) a board's grid origin may lie off the first board's lattice:
// VASSAL's dx and dy are doubles, so boards drawn to continue rarely line up exactly.
inline constexpr double kLatticeTolerance = 0.5;

struct MapLattice {
  std::vector<std::string> boards;  // the map's hex boards (a zoned grid's hex background too), in layout order
  // One per board when the grids continue: map cube = to_cube(local hex) + offset, the first zero.
  std::vector<Cube> offsets;
  std::string problem;  // why they do not continue; empty when they do
  bool continues() const { return problem.empty(); }
};

// Refused (a problem, no offsets): no hex board; a grid whose dx, dy or sideways differ from the
// first's; a grid origin more than `tolerance` off the first board's lattice (or on it, but half a
// hex along the column, in the other parity); a reversed board (its hexes are turned half round,
// which a translation cannot express). Boards without a hex grid are left out.
MapLattice map_lattice(const MapGeometry& map, double tolerance = kLatticeTolerance);

}  // namespace adjutant::core
