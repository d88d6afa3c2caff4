#include "core/geometry/grid_spec.h"

namespace adjutant::core {

std::string grid_kind(const GridSpec& grid) {
  switch (grid.index()) {
    case 1: return "hex";
    case 2: return "square";
    case 3: return "region";
    case 4: return "zoned";
    default: return "none";
  }
}

}  // namespace adjutant::core
