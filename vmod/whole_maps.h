// A companion file's terrain over whole maps: where its [[map]]s describe several boards of one
// VASSAL map whose hex grids continue (core/map_lattice.h), one model across them
// (core/board_stitching.h), so a move, a zone of control or a trace crosses from board to board.
#pragma once

#include "vmod/companion.h"
#include "vmod/map_geometries.h"

namespace adjutant::vmod {

// Fills companion.whole_maps (and companion.unstitched for maps whose grids do not continue) from
// the boards' places in the module's default layout.
void stitch_whole_maps(Companion& companion, MapGeometries& maps);

}  // namespace adjutant::vmod
