// The terrain companion file (vmod/companion.h), read against a small module built once: maps
// "Main Map" (board "Main") and "Normandy", each one 40 x 40 hex board numbered CCRR, the map names
// of the example files the seeds come from. Any text loads or is refused with a CompanionError;
// a loaded file summarizes. The module's name is not checked, so seeds written for other modules
// reach their maps.
#include <memory>
#include <string>

#include "fuzz_check.h"
#include "vmod/companion.h"
#include "vmod/format_error.h"
#include "vmod/map_geometries.h"
#include "vmod/module.h"

using namespace adjutant;
using namespace adjutant::vmod;

namespace {

std::string hex_board(const std::string& name) {
  return "<VASSAL.build.module.map.boardPicker.Board name=\"" + name +
         "\" image=\"\" width=\"2240\" height=\"2600\">"
         "<VASSAL.build.module.map.boardPicker.board.HexGrid x0=\"0\" y0=\"32\" dy=\"64.0\" dx=\"55.42562584220407\">"
         "<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering hOff=\"1\" vOff=\"1\" stagger=\"true\"/>"
         "</VASSAL.build.module.map.boardPicker.board.HexGrid></VASSAL.build.module.map.boardPicker.Board>";
}

std::string map(const std::string& name, const std::string& board) {
  return "<VASSAL.build.module.Map mapName=\"" + name + "\"><VASSAL.build.module.map.BoardPicker>" + hex_board(board) +
         "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>";
}

const Module& fuzz_module() {
  static const Module module = parse_build_file(
      "<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule name=\"Fuzz\" version=\"1\" VassalVersion=\"3.7.12\">" +
          map("Main Map", "Main") + map("Normandy", "Normandy") + "</VASSAL.build.GameModule>\n",
      "fuzz/buildFile.xml");
  return module;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  MapGeometries maps(fuzz_module());
  const MapTopologyLookup lookup = [&maps](const std::string& map, const std::string& board) {
    return maps.find_topology(map, board);
  };
  const BoardSizeHint size_hint = [&maps](const std::string& map, const std::string& board, core::Size size) {
    maps.assume_board_size(maps.hex_board(map, board), size);
  };
  try {
    const Companion companion = parse_companion(text, "fuzz.toml", lookup, size_hint);
    const CompanionSummary summary = summarize(companion);
    FUZZ_CHECK(summary.maps.size() == companion.maps.size(), "the summary lost a map");
  } catch (const CompanionError&) {
    // refused, as documented
  }
  return 0;
}
