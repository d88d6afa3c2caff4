// Glue for tests: a map's core::MapGeometry from the file layer's module model and a board
// layout (a save's, or the module's default), the way part 4 of issue 3 will build it.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/map_geometry.h"
#include "vmod/command.h"
#include "vmod/module.h"

namespace adjutant::testing {

// The size a board has in VASSAL: its image's (which tests usually do not have) or, without an
// image, its width/height attributes.
using BoardSize = std::function<core::Size(const vmod::BoardSpec&)>;

inline std::optional<vmod::BoardLayout> default_layout(const vmod::MapSpec& map) {
  if (map.default_layout.empty()) return std::nullopt;
  const vmod::Command command = vmod::decode_command(map.default_layout);
  if (const auto* layout = std::get_if<vmod::BoardLayout>(&command.record)) return *layout;
  return std::nullopt;
}

inline core::MapGeometry map_geometry(const vmod::Module& module, const vmod::MapSpec& map,
                                      const std::optional<vmod::BoardLayout>& layout, const BoardSize& size_of) {
  std::vector<core::BoardPlacement> boards;
  auto place = [&](const vmod::BoardSpec& b, int column, int row, bool reversed) {
    core::BoardPlacement p;
    p.name = b.name;
    p.column = column;
    p.row = row;
    p.reversible = b.reversible;
    p.reversed = reversed;
    p.size = size_of(b);
    p.grid = b.grid;
    boards.push_back(std::move(p));
  };
  if (layout && !layout->cells.empty()) {
    for (const auto& cell : layout->cells) {
      for (const auto& b : map.boards) {
        if (b.name == cell.board) {
          place(b, cell.column, cell.row, cell.reversed);
          break;
        }
      }
    }
  } else if (!map.boards.empty()) {
    place(map.boards.front(), 0, 0, false);
  }
  core::GeometryOptions options;
  options.rules = core::snap_rules_for(module.vassal_version);
  return core::MapGeometry(map.save_id(), core::Size{map.edge_width, map.edge_height}, std::move(boards), options);
}

}  // namespace adjutant::testing
