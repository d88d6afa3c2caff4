#include "vmod/whole_maps.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/hexes/board_stitching.h"

namespace adjutant::vmod {

void stitch_whole_maps(Companion& companion, MapGeometries& maps) {
  std::set<std::string> several;
  for (const core::TerrainModel& m : companion.maps) {
    const auto boards = std::count_if(companion.maps.begin(), companion.maps.end(),
                                      [&](const core::TerrainModel& other) { return other.map() == m.map(); });
    if (boards > 1) several.insert(m.map());
  }
  for (const std::string& map : several) {
    const core::MapLattice lattice = maps.lattice_offsets(map);
    if (!lattice.continues()) {
      companion.unstitched[map] = lattice.problem;
      continue;
    }
    std::vector<const core::TerrainModel*> boards;
    std::vector<core::Cube> offsets;
    for (size_t i = 0; i < lattice.boards.size(); ++i) {
      if (const core::TerrainModel* board = companion.map(map, lattice.boards[i])) {
        boards.push_back(board);
        offsets.push_back(lattice.offsets[i]);
      }
    }
    if (boards.size() < 2) continue;  // boards the file describes outside the layout are judged alone
    // The first board the file describes is the stitched model's origin.
    const core::Cube origin = offsets.front();
    for (core::Cube& offset : offsets) offset = offset - origin;
    companion.whole_maps.push_back(core::stitch_boards(map, boards, offsets));
  }
}

}  // namespace adjutant::vmod
