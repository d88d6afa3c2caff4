#include "core/geometry/map_geometry.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/geometry/geometry_error.h"
#include "core/java/java_math.h"

namespace adjutant::core {
namespace {

std::optional<std::string> grid_name(const Grid& grid, Point p, const PropertyLookup* lookup) {
  if (const auto* hex = std::get_if<HexGrid>(&grid)) return hex->location_name(p, lookup);
  if (const auto* square = std::get_if<SquareGrid>(&grid)) return square->location_name(p, lookup);
  if (const auto* region = std::get_if<RegionGrid>(&grid)) return region->location_name(p);
  if (const auto* zoned = std::get_if<ZonedGrid>(&grid)) return zoned->location_name(p, lookup);
  return std::nullopt;
}

Point grid_snap(const Grid& grid, Point p) {
  if (const auto* hex = std::get_if<HexGrid>(&grid)) return hex->snap(p);
  if (const auto* square = std::get_if<SquareGrid>(&grid)) return square->snap(p);
  if (const auto* region = std::get_if<RegionGrid>(&grid)) return region->snap(p);
  if (const auto* zoned = std::get_if<ZonedGrid>(&grid)) return zoned->snap(p);
  return p;
}

std::optional<Point> grid_location(const Grid& grid, std::string_view name) {
  if (const auto* hex = std::get_if<HexGrid>(&grid)) return hex->location(name);
  if (const auto* square = std::get_if<SquareGrid>(&grid)) return square->location(name);
  if (const auto* region = std::get_if<RegionGrid>(&grid)) return region->location(name);
  if (const auto* zoned = std::get_if<ZonedGrid>(&grid)) return zoned->location(name);
  return std::nullopt;
}

Point translate(Point p, int dx, int dy) { return {java::add(p.x, dx), java::add(p.y, dy)}; }
Point relative_to(Point p, const Rect& r) { return {java::sub(p.x, r.x), java::sub(p.y, r.y)}; }

}  // namespace

Grid make_grid(const GridSpec& spec, Size board, SnapRules rules) {
  if (const auto* hex = std::get_if<HexGridSpec>(&spec)) return HexGrid(*hex, board, rules);
  if (const auto* square = std::get_if<SquareGridSpec>(&spec)) return SquareGrid(*square, board);
  if (const auto* region = std::get_if<RegionGridSpec>(&spec)) return RegionGrid(*region);
  if (const auto* zoned = std::get_if<ZonedGridSpec>(&spec)) return ZonedGrid(*zoned, board, rules);
  return std::monostate{};
}

const HexGrid* hex_grid_of(const Grid& grid) {
  if (const auto* hex = std::get_if<HexGrid>(&grid)) return hex;
  if (const auto* zoned = std::get_if<ZonedGrid>(&grid)) return std::get_if<HexGrid>(&zoned->background());
  return nullptr;
}

MapGeometry::MapGeometry(std::string name, Size edge_buffer, std::vector<BoardPlacement> boards,
                         GeometryOptions options)
    : name_(std::move(name)), edge_(edge_buffer), options_(std::move(options)) {
  // Map.setBoardBoundaries: a board at cell (c, r) sits right of the boards in cells (0..c-1, r)
  // and below those in (c, 0..r-1), each counted with the size of the board in that cell.
  for (const BoardPlacement& b : boards) {
    if (b.column < 0 || b.row < 0) {
      throw GeometryError("board '" + b.name + "' of map '" + name_ + "' has a negative layout cell");
    }
  }
  auto cell_size = [&](int column, int row) -> Size {
    Size s;
    for (const BoardPlacement& b : boards) {
      if (b.column == column && b.row == row) s = b.size;  // the last board given for a cell wins
    }
    return s;
  };
  boards_.reserve(boards.size());
  for (BoardPlacement& b : boards) {
    int x = 0, y = 0;
    for (int c = 0; c < b.column; ++c) x = java::add(x, cell_size(c, b.row).width);
    for (int r = 0; r < b.row; ++r) y = java::add(y, cell_size(b.column, r).height);
    Board board;
    board.name = b.name;
    board.bounds = Rect{java::add(x, edge_.width), java::add(y, edge_.height), b.size.width, b.size.height};
    board.reversed = b.reversible && b.reversed;
    board.column = b.column;
    board.row = b.row;
    board.grid = make_grid(b.grid, b.size, options_.rules);
    boards_.push_back(std::move(board));
  }
  // DrawPile.getPosition: the owning board's origin is added when that board is in the layout.
  for (DeckPlacement& d : options_.decks) {
    const Board* owner = d.board.empty() ? nullptr : board_named(d.board);
    if (owner) d.position = translate(d.position, owner->bounds.x, owner->bounds.y);
    d.board.clear();
  }
}

Size MapGeometry::size() const {
  // Rectangle(0, 0) grown by each board's bounds, then the edge buffer added once more.
  int64_t right = 0, bottom = 0;
  for (const Board& b : boards_) {
    right = std::max(right, int64_t{b.bounds.x} + b.bounds.width);
    bottom = std::max(bottom, int64_t{b.bounds.y} + b.bounds.height);
  }
  return {java::narrow(right + edge_.width), java::narrow(bottom + edge_.height)};
}

const MapGeometry::Board* MapGeometry::find_board(Point p) const {
  for (const Board& b : boards_) {
    if (b.bounds.contains(p)) return &b;
  }
  return nullptr;
}

const MapGeometry::Board* MapGeometry::board_named(std::string_view name) const {
  for (const Board& b : boards_) {
    if (b.name == name) return &b;
  }
  return nullptr;
}

Point MapGeometry::to_board(const Board& board, Point p) const {
  Point local = relative_to(p, board.bounds);
  if (board.reversed) local = {java::sub(board.bounds.width, local.x), java::sub(board.bounds.height, local.y)};
  return local;
}

Point MapGeometry::to_map(const Board& board, Point local) const {
  if (board.reversed) local = {java::sub(board.bounds.width, local.x), java::sub(board.bounds.height, local.y)};
  return translate(local, board.bounds.x, board.bounds.y);
}

Point MapGeometry::board_snap(const Board& board, Point relative) const {
  // Board.snapTo: into unreversed coordinates, snap, and back.
  Point local = relative;
  if (board.reversed) local = {java::sub(board.bounds.width, local.x), java::sub(board.bounds.height, local.y)};
  Point snapped = grid_snap(board.grid, local);
  if (board.reversed) {
    snapped = {java::sub(board.bounds.width, snapped.x), java::sub(board.bounds.height, snapped.y)};
  }
  return snapped;
}

Point MapGeometry::snap(Point p) const {
  const Board* b = find_board(p);
  if (!b) return p;
  const Rect& r = b->bounds;
  Point snapped = translate(board_snap(*b, relative_to(p, r)), r.x, r.y);
  // Landed on another board: snap again there.
  if (const Board* landed = find_board(snapped); landed && landed != b) {
    const Rect& lr = landed->bounds;
    snapped = translate(board_snap(*landed, relative_to(snapped, lr)), lr.x, lr.y);
  }
  // One pixel off the first board's edge: pull it back (RFE 882378).
  if (!find_board(snapped)) {
    Point local = relative_to(snapped, r);
    if (local.x == r.width) {
      local.x = r.width - 1;
    } else if (local.x == -1) {
      local.x = 0;
    }
    if (local.y == r.height) {
      local.y = r.height - 1;
    } else if (local.y == -1) {
      local.y = 0;
    }
    snapped = translate(local, r.x, r.y);
  }
  return snapped;
}

std::optional<std::string> MapGeometry::grid_location_name(Point p) const {
  const Board* b = find_board(p);
  if (!b) return std::nullopt;
  const PropertyLookup* lookup = options_.properties ? &options_.properties : nullptr;
  return grid_name(b->grid, to_board(*b, p), lookup);
}

std::string MapGeometry::location_name(Point p) const {
  for (const DeckPlacement& d : options_.decks) {
    if (d.position == p) return d.name;
  }
  if (auto name = grid_location_name(p)) return std::move(*name);
  return "offboard";
}

std::optional<Point> MapGeometry::board_location(const Board& board, std::string_view name) const {
  const auto p = grid_location(board.grid, name);
  if (!p) return std::nullopt;
  return translate(*p, board.bounds.x, board.bounds.y);
}

std::optional<Point> MapGeometry::find_location(std::string_view name, std::string_view board) const {
  if (!board.empty()) {
    const Board* b = board_named(board);
    return b ? board_location(*b, name) : std::nullopt;
  }
  for (const Board& b : boards_) {
    if (auto p = board_location(b, name)) return p;
  }
  return std::nullopt;
}

Point MapGeometry::location(std::string_view name, std::string_view board) const {
  if (!board.empty() && !board_named(board)) {
    throw LocationError("no board '" + std::string(board) + "' on map '" + name_ + "' (looking for location '" +
                            std::string(name) + "')",
                        std::string(name), name_);
  }
  if (auto p = find_location(name, board)) return *p;
  std::string where = board.empty() ? "map '" + name_ + "'" : "board '" + std::string(board) + "' of map '" + name_ + "'";
  throw LocationError("no location '" + std::string(name) + "' on " + where, std::string(name), name_);
}

SetupStackPlacement MapGeometry::setup_stack(std::string_view owning_board, bool use_grid_location,
                                             std::string_view location, Point xy) const {
  SetupStackPlacement placement;
  const Board* owner = nullptr;
  if (!owning_board.empty()) {
    owner = board_named(owning_board);
    if (!owner) return placement;  // not in this layout: VASSAL does not create the stack
  }
  // getConfigureBoard(true): the owning board, else the first board of the layout.
  const Board* grid_board = owner ? owner : (boards_.empty() ? nullptr : &boards_.front());
  Point p = xy;
  if (use_grid_location && grid_board && !std::holds_alternative<std::monostate>(grid_board->grid) &&
      !location.empty()) {
    if (const auto at = grid_location(grid_board->grid, location)) {
      p = *at;
    } else {
      placement.warning = "bad grid location '" + std::string(location) + "' on board '" + grid_board->name +
                          "' of map '" + name_ + "'; the stack stays at (" + std::to_string(xy.x) + "," +
                          std::to_string(xy.y) + ")";
    }
  }
  placement.position = owner ? translate(p, owner->bounds.x, owner->bounds.y) : translate(p, edge_.width, edge_.height);
  placement.placed = true;
  return placement;
}

int MapGeometry::range(Point p1, Point p2) const {
  const MapSnap map_snap = [this](Point p) { return snap(p); };
  const Board* b = find_board(p1);
  if (!b) b = find_board(p2);
  if (b) {
    if (const auto* hex = std::get_if<HexGrid>(&b->grid)) return hex->range(p1, p2, map_snap);
    if (const auto* square = std::get_if<SquareGrid>(&b->grid)) return square->range(p1, p2);
    if (const auto* region = std::get_if<RegionGrid>(&b->grid)) return region->range(p1, p2);
    if (const auto* zoned = std::get_if<ZonedGrid>(&b->grid)) return zoned->range(p1, p2, map_snap);
  }
  const double dx = static_cast<double>(p1.x) - p2.x;
  const double dy = static_cast<double>(p1.y) - p2.y;
  return java::round_to_int(std::sqrt(dx * dx + dy * dy));
}

}  // namespace adjutant::core
