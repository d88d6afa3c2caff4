// One terrain model for a map of several boards whose hex grids continue into each other: the
// boards' models (one companion file, so one vocabulary) copied into a stitched topology
// (core/hex_topology.h), so that movement searches and zones of control cross the seams.
#pragma once

#include <string>
#include <vector>

#include "core/geometry/hex.h"
#include "core/hexes/terrain.h"

namespace adjutant::core {

// The map-wide model of `boards` (each a board's own model, its topology plain and bounded, its
// board() naming the board for "BOARD:NAME"), `offsets` placing each board's lattice in the first's
// (core/map_lattice.h). Terrain, elevation, hexside features with their high sides, lines, places
// and areas are copied with their hexes translated; a hex two boards hold keeps the first board's
// terrain and elevation. The model's board() is empty: the whole map. Its default terrain and
// elevation are the first board's.
//
// At the seams: a line that ends beside the end of a line of the same type on another board runs on
// into it (a road printed across both boards). No board's model can hold a feature on a hexside
// between two boards; add those to the stitched model itself.
//
// Throws std::invalid_argument for no boards, a null board, a count of offsets that differs, or
// boards whose vocabularies are not the same object; GeometryError when the grids differ or the
// first offset is not zero.
TerrainModel stitch_boards(const std::string& map, const std::vector<const TerrainModel*>& boards,
                           const std::vector<Cube>& offsets);

}  // namespace adjutant::core
