// A module's buildFile (vmod/module.h), read from text: it parses or is refused with a FormatError.
// A parsed module then builds what `inspect` and the checks use: every PieceSlot's piece with its
// prototypes expanded, every map's geometry (board sizes from the attributes: images are never
// read here), location names and snapping at a few points, hex topologies. Geometry may refuse
// with core::GeometryError, which the API reports as GeometryError. The same text is read as a
// moduledata entry too.
#include <string>
#include <vector>

#include "core/geometry/geometry_error.h"
#include "fuzz_check.h"
#include "vmod/format_error.h"
#include "vmod/map_geometries.h"
#include "vmod/metadata.h"
#include "vmod/module.h"
#include "vmod/piece_slot.h"

using namespace adjutant;
using namespace adjutant::vmod;

namespace {

template <typename F>
void refused_or_done(F&& step) {
  try {
    step();
  } catch (const FormatError&) {
  } catch (const core::GeometryError&) {
  }
}

void exercise_map(MapGeometries& maps, const MapSpec& map) {
  refused_or_done([&] { (void)default_layout(map); });
  refused_or_done([&] {
    const core::MapGeometry& geometry = maps.of(map);
    for (const core::Point p : {core::Point{0, 0}, core::Point{37, 41}, core::Point{1000, 700}, core::Point{-5, 9}}) {
      (void)geometry.location_name(p);
      (void)geometry.snap(p);
    }
  });
  for (const BoardSpec& board : map.boards) {
    if (grid_kind(board.grid) != "hex") continue;
    refused_or_done([&] { (void)maps.topology(map.save_id(), board.name); });
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(fuzz::as_text(data, size));
  refused_or_done([&] { (void)parse_metadata(text, "moduledata"); });

  Module module;
  try {
    module = parse_build_file(text, "fuzz/buildFile.xml");
  } catch (const FormatError&) {
    return 0;  // refused, as documented
  }
  for (const PieceSlotSpec& slot : module.piece_slots) {
    std::vector<std::string> missing;
    refused_or_done([&] { (void)slot_piece(slot, &module, &missing).properties(); });
  }
  for (MapSpec& map : module.maps) {
    for (BoardSpec& board : map.boards) board.image.clear();
  }
  MapGeometries maps(module);
  for (const MapSpec& map : module.maps) exercise_map(maps, map);
  return 0;
}
