// Every map's geometry for a module: boards placed by a board layout (a save's, else the module's
// default), board sizes from their images, decks, the module's properties for location formats,
// and VASSAL's snapping for the module's VASSAL version. What Map.locationName, Map.snapTo and
// SetupStack need, built once per map on first use.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/hexes/hex_topology.h"
#include "core/geometry/map_geometry.h"
#include "core/hexes/map_lattice.h"
#include "vmod/board_image.h"
#include "vmod/command.h"
#include "vmod/module.h"

namespace adjutant::vmod {

// The size taken for a board whose image cannot be read (a bare buildFile without its images):
// names stay right for points on the board, but points beyond its real edge are named too.
inline constexpr int kUnknownBoardSide = 1 << 20;

// The board layout in a map's BoardPicker <setup>, if it has one.
std::optional<BoardLayout> default_layout(const MapSpec& map);  // BuildFileError when it cannot be read

class MapGeometries {
 public:
  // `layouts` by the map's save id (Game::board_layouts()); a map without one uses its default
  // layout, or else its first board. The module must outlive this object.
  explicit MapGeometries(const Module& module, std::map<std::string, BoardLayout> layouts = {},
                         std::optional<core::SnapRules> rules = std::nullopt);
  ~MapGeometries();
  MapGeometries(MapGeometries&&) noexcept;

  const Module& module() const { return *module_; }
  // A map by name or id. Throws FormatError naming the module when it has no such map.
  const MapSpec& map(std::string_view name_or_id) const;
  // The geometry of a map, built on first use. Throws FormatError when a board's size is unknown
  // and the layout or the numbering depends on it.
  const core::MapGeometry& of(const MapSpec& map);
  const core::MapGeometry& of(std::string_view name_or_id) { return of(map(name_or_id)); }
  // The geometry of a map with one board alone (at column 0, row 0), as VASSAL's Board Picker lays
  // out a board chosen by itself; built on first use. The board must be one of the map's.
  const core::MapGeometry& alone(const MapSpec& map, const std::string& board);
  // "its boards: 'A', 'B'; laid out: 'A'", for messages about a board.
  std::string boards_text(const MapSpec& map);
  // The hex topology of a hex board of a map (empty board name: the map's only hex board of the
  // layout), bounded by the board; any board of the map may be named, laid out or not. Throws
  // FormatError when there is no such board, it has no hex grid, or its size is unknown.
  core::HexTopology topology(std::string_view map_name_or_id, std::string_view board = {});
  // The name of the board topology() would use: `board` itself, or the map's only hex board.
  std::string hex_board(std::string_view map_name_or_id, std::string_view board = {});
  // As topology(), but nullopt when the module has no such map: a companion file's lookup
  // (vmod/companion.h), which reports an unknown map at its own line.
  std::optional<core::HexTopology> find_topology(std::string_view map_name_or_id, std::string_view board = {});
  // Whether the map's hex boards (in layout order) continue one lattice, and each one's offset in
  // the first's; the problem when they do not (core/map_lattice.h).
  core::MapLattice lattice_offsets(std::string_view map_name_or_id);
  // Every hex board of the map as one stitched topology (core::HexTopology::stitched). Throws
  // FormatError when their grids do not continue or a board's size is unknown.
  core::HexTopology map_topology(std::string_view map_name_or_id);
  // The size of a board whose image cannot be read (given in a companion file, say), in place of
  // kUnknownBoardSide; geometry built before is rebuilt.
  void assume_board_size(const std::string& board, core::Size size);
  const std::map<std::string, core::Size>& assumed_board_sizes() const { return assumed_; }
  // Things the user should know, once each: boards whose size had to be assumed.
  const std::vector<std::string>& notes() const { return notes_; }
  BoardImages& images() { return images_; }

 private:
  core::MapGeometry build(const MapSpec& map);
  core::MapGeometry build(const MapSpec& map, const std::vector<BoardLayout::Cell>& cells);
  // A board of the map placed by the layout, else alone.
  const core::MapGeometry::Board& placed_board(const MapSpec& map, const std::string& board);
  BoardSize size_of(const BoardSpec& board);
  [[noreturn]] void fail(const std::string& message) const;

  const Module* module_;
  std::map<std::string, BoardLayout> layouts_;
  core::SnapRules rules_;
  BoardImages images_;
  std::map<std::string, std::unique_ptr<core::MapGeometry>> built_;  // by map id; a board alone by id\nboard
  std::map<std::string, core::Size> assumed_;  // by board name
  std::vector<std::string> notes_;
};

}  // namespace adjutant::vmod
