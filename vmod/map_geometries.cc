#include "vmod/map_geometries.h"

#include <algorithm>
#include <variant>

#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

const GridNumbering* board_numbering(const GridSpec& grid) {
  const auto simple = [](const auto& spec) -> const GridNumbering* {
    using T = std::decay_t<decltype(spec)>;
    if constexpr (std::is_same_v<T, core::HexGridSpec> || std::is_same_v<T, core::SquareGridSpec>) {
      return spec.numbering ? &*spec.numbering : nullptr;
    }
    return nullptr;
  };
  if (const auto* zoned = std::get_if<core::ZonedGridSpec>(&grid)) return std::visit(simple, zoned->background);
  return std::visit([&](const auto& spec) { return simple(spec); }, grid);
}

// Descending numbering counts from the board's far edge, so it needs the board's real size.
bool names_need_board_size(const GridSpec& grid) {
  const GridNumbering* n = board_numbering(grid);
  return n && (n->h_descend || n->v_descend);
}

// Module-level and map-level global properties answer the $names$ a location format does not
// define, with their initial values (a running VASSAL would use their current values).
core::PropertyLookup property_lookup(const Module& module, const MapSpec& map) {
  std::map<std::string, std::string, std::less<>> values;
  for (const PropertySpec& p : module.global_properties) values[p.name] = p.initial_value;
  for (const PropertySpec& p : map.global_properties) values[p.name] = p.initial_value;
  return [values = std::move(values)](std::string_view name) -> std::optional<std::string> {
    auto it = values.find(name);
    if (it == values.end()) return std::nullopt;
    return it->second;
  };
}

}  // namespace

std::optional<BoardLayout> default_layout(const MapSpec& map) {
  if (map.default_layout.empty()) return std::nullopt;
  try {
    const Command command = decode_command(map.default_layout);
    if (const auto* layout = std::get_if<BoardLayout>(&command.record)) return *layout;
    return std::nullopt;
  } catch (const FormatError& e) {
    throw BuildFileError("map '" + map.save_id() + "': its BoardPicker setup (the default board layout) cannot be "
                             "read: " + e.message(),
                         Place{{}, {}, "line " + std::to_string(map.line)});
  }
}

MapGeometries::MapGeometries(const Module& module, std::map<std::string, BoardLayout> layouts,
                             std::optional<core::SnapRules> rules)
    : module_(&module),
      layouts_(std::move(layouts)),
      rules_(rules.value_or(core::snap_rules_for(module.vassal_version))),
      images_(module) {}
MapGeometries::~MapGeometries() = default;
MapGeometries::MapGeometries(MapGeometries&&) noexcept = default;

void MapGeometries::fail(const std::string& message) const {
  throw FormatError(message, Place{module_->source, module_->build_file, ""});
}

const MapSpec& MapGeometries::map(std::string_view name_or_id) const {
  if (const MapSpec* m = module_->find_map(name_or_id)) return *m;
  std::string known;
  for (const MapSpec& m : module_->maps) known += (known.empty() ? "" : ", ") + ("'" + m.save_id() + "'");
  fail("no map '" + std::string(name_or_id) + "' in the module (maps: " + (known.empty() ? "none" : known) + ")");
}

const core::MapGeometry& MapGeometries::of(const MapSpec& map) {
  auto it = built_.find(map.id);
  if (it == built_.end()) it = built_.emplace(map.id, std::make_unique<core::MapGeometry>(build(map))).first;
  return *it->second;
}

const core::MapGeometry& MapGeometries::alone(const MapSpec& map, const std::string& board) {
  const std::string key = map.id + '\n' + board;
  auto it = built_.find(key);
  if (it == built_.end()) {
    it = built_.emplace(key, std::make_unique<core::MapGeometry>(build(map, {{board, false, 0, 0}}))).first;
  }
  return *it->second;
}

std::string MapGeometries::boards_text(const MapSpec& map) {
  std::string all, laid_out;
  for (const BoardSpec& b : map.boards) all += (all.empty() ? "'" : ", '") + b.name + "'";
  for (const auto& b : of(map).boards()) laid_out += (laid_out.empty() ? "'" : ", '") + b.name + "'";
  return "its boards: " + (all.empty() ? "none" : all) + "; laid out: " + (laid_out.empty() ? "none" : laid_out);
}

core::MapGeometry MapGeometries::build(const MapSpec& map) {
  std::optional<BoardLayout> layout;
  if (auto it = layouts_.find(map.save_id()); it != layouts_.end()) {
    layout = it->second;
  } else {
    try {
      layout = default_layout(map);
    } catch (FormatError& e) {
      e.locate(module_->source);
      throw;
    }
  }

  std::vector<BoardLayout::Cell> cells;
  if (layout && !layout->cells.empty()) cells = layout->cells;
  else if (!map.boards.empty()) cells.push_back({map.boards.front().name, false, 0, 0});
  return build(map, cells);
}

core::MapGeometry MapGeometries::build(const MapSpec& map, const std::vector<BoardLayout::Cell>& cells) {
  std::vector<core::BoardPlacement> boards;
  std::vector<bool> unknown;
  for (const auto& cell : cells) {
    const auto spec = std::find_if(map.boards.begin(), map.boards.end(), [&](const BoardSpec& b) { return b.name == cell.board; });
    if (spec == map.boards.end()) {
      notes_.push_back("map '" + map.save_id() + "': the layout names board '" + cell.board +
                       "', which the module does not have; VASSAL leaves it out too");
      continue;
    }
    core::BoardPlacement p;
    p.name = spec->name;
    p.column = cell.column;
    p.row = cell.row;
    p.reversible = spec->reversible;
    p.reversed = cell.reversed;
    p.grid = spec->grid;
    const BoardSize size = size_of(*spec);
    p.size = size.size.value_or(core::Size{kUnknownBoardSide, kUnknownBoardSide});
    unknown.push_back(!size.size);
    if (!size.size) {
      const std::string board = "board '" + spec->name + "' of map '" + map.save_id() + "'";
      if (names_need_board_size(spec->grid)) {
        fail(board + " numbers its grid from the far edge, but its size is unknown: " + size.note);
      }
      notes_.push_back(board + ": size unknown (" + size.note + "); points beyond its real edge are named as if on it");
    }
    boards.push_back(std::move(p));
  }
  // Boards right of or below a board of unknown size would be placed by that size.
  for (size_t i = 0; i < boards.size(); ++i) {
    if (!unknown[i]) continue;
    for (const auto& other : boards) {
      if ((other.row == boards[i].row && other.column > boards[i].column) ||
          (other.column == boards[i].column && other.row > boards[i].row)) {
        fail("board '" + boards[i].name + "' of map '" + map.save_id() + "' has no readable image, so board '" +
             other.name + "' cannot be placed beside it");
      }
    }
  }

  core::GeometryOptions options;
  options.rules = rules_;
  options.properties = property_lookup(*module_, map);
  for (const DeckSpec& d : map.decks) options.decks.push_back({d.name, {d.x, d.y}, d.owning_board});
  return core::MapGeometry(map.save_id(), core::Size{map.edge_width, map.edge_height}, std::move(boards),
                           std::move(options));
}

std::string MapGeometries::hex_board(std::string_view map_name_or_id, std::string_view board) {
  const MapSpec& spec = map(map_name_or_id);
  const std::string label = "map '" + spec.save_id() + "'" + (board.empty() ? "" : " board '" + std::string(board) + "'");
  if (!board.empty()) {
    // Any board of the map, laid out or not: players may pick it in VASSAL's Board Picker.
    const auto named = std::find_if(spec.boards.begin(), spec.boards.end(), [&](const BoardSpec& b) { return b.name == board; });
    if (named == spec.boards.end()) fail("map '" + spec.save_id() + "' has no board '" + std::string(board) + "' (" + boards_text(spec) + ")");
    if (!core::hex_grid_of(placed_board(spec, named->name).grid)) fail(label + " has no hex grid");
    return named->name;
  }
  const core::MapGeometry::Board* found = nullptr;
  for (const auto& b : of(spec).boards()) {
    if (!core::hex_grid_of(b.grid)) continue;
    if (found) fail("map '" + spec.save_id() + "' has several hex boards; name the board (" + boards_text(spec) + ")");
    found = &b;
  }
  if (!found) fail(label + " has no hex board in its layout (" + boards_text(spec) + ")");
  return found->name;
}

const core::MapGeometry::Board& MapGeometries::placed_board(const MapSpec& map, const std::string& board) {
  if (const auto* placed = of(map).board_named(board)) return *placed;
  return *alone(map, board).board_named(board);
}

core::HexTopology MapGeometries::topology(std::string_view map_name_or_id, std::string_view board) {
  const MapSpec& spec = map(map_name_or_id);
  const std::string name = hex_board(map_name_or_id, board);
  const core::MapGeometry::Board& placed = placed_board(spec, name);
  const auto spec_board = std::find_if(spec.boards.begin(), spec.boards.end(), [&](const BoardSpec& b) { return b.name == name; });
  const BoardSize size = size_of(*spec_board);
  if (!size.size) {
    fail("map '" + spec.save_id() + "' board '" + name + "': its hexes are unknown because its size is unknown (" +
         size.note + "); give its size in the companion file (board_size)");
  }
  return core::HexTopology(*core::hex_grid_of(placed.grid), *size.size);
}

void MapGeometries::assume_board_size(const std::string& board, core::Size size) {
  assumed_[board] = size;
  built_.clear();
  const std::string unknown = "board '" + board + "' of map ";
  std::erase_if(notes_, [&](const std::string& note) {
    return note.starts_with(unknown) && note.find(": size unknown (") != std::string::npos;
  });
}

BoardSize MapGeometries::size_of(const BoardSpec& board) {
  BoardSize size = images_.size(board);
  if (size.size) return size;
  const auto assumed = assumed_.find(board.name);
  if (assumed == assumed_.end()) return size;
  const std::string note = "board '" + board.name + "': size " + std::to_string(assumed->second.width) + "x" +
                           std::to_string(assumed->second.height) + " as given, since its image cannot be read (" +
                           size.note + ")";
  if (std::find(notes_.begin(), notes_.end(), note) == notes_.end()) notes_.push_back(note);
  return {assumed->second, ""};
}

core::MapLattice MapGeometries::lattice_offsets(std::string_view map_name_or_id) {
  return core::map_lattice(of(map_name_or_id));
}

core::HexTopology MapGeometries::map_topology(std::string_view map_name_or_id) {
  const core::MapLattice lattice = lattice_offsets(map_name_or_id);
  if (!lattice.continues()) {
    fail("the hex grids of map '" + map(map_name_or_id).save_id() + "' do not continue: " + lattice.problem);
  }
  std::vector<core::StitchPart> parts;
  for (size_t i = 0; i < lattice.boards.size(); ++i) {
    parts.push_back({lattice.boards[i], topology(map_name_or_id, lattice.boards[i]), lattice.offsets[i]});
  }
  return core::HexTopology::stitched(std::move(parts));
}

std::optional<core::HexTopology> MapGeometries::find_topology(std::string_view map_name_or_id, std::string_view board) {
  if (!module_->find_map(map_name_or_id)) return std::nullopt;
  return topology(map_name_or_id, board);
}

}  // namespace adjutant::vmod
