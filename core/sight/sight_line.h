// The centre-to-centre line between two hexes, walked in exact integer arithmetic: the same steps
// as HexTopology::line (tested against it), in time proportional to the distance and without
// allocating beyond the result, for sight sweeps that draw thousands of lines.
#pragma once

#include "core/geometry/hex.h"
#include "core/hexes/hex_topology.h"

namespace adjutant::core {

// Appends the steps of the line from `from` to `to` (both included) to `out.steps`.
void walk_centre_line(Hex from, Hex to, HexLine& out);

inline HexLine centre_line(Hex from, Hex to) {
  HexLine line;
  walk_centre_line(from, to, line);
  return line;
}

}  // namespace adjutant::core
