// A map's geometry as VASSAL computes it: its boards placed by a board layout (the cells from a
// save, or the module's default), edge buffers, reversed boards; from a map point to its board
// and grid; snapping, location names ("offboard" off every board), names back to points, range.
// Built from plain values (core/grid_spec.h), so the file layer only has to fill them in.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/geometry/formatted_string.h"
#include "core/geometry/grid_spec.h"
#include "core/geometry/hex_grid.h"
#include "core/geometry/point.h"
#include "core/geometry/region_grid.h"
#include "core/geometry/square_grid.h"
#include "core/geometry/zoned_grid.h"

namespace adjutant::core {

// Any grid a board can have.
using Grid = std::variant<std::monostate, HexGrid, SquareGrid, RegionGrid, ZonedGrid>;

Grid make_grid(const GridSpec& spec, Size board, SnapRules rules);

// A board's hex grid: its grid, or a zoned grid's hex background (zones with grids of their own
// aside); nullptr when it has none.
const HexGrid* hex_grid_of(const Grid& grid);

// One board of a layout. `size` is the board image's size (or its width/height attributes when
// it has no image); `column`/`row` its cell in the layout.
struct BoardPlacement {
  std::string name;
  int column = 0;
  int row = 0;
  bool reversible = false;
  bool reversed = false;  // takes effect only on a reversible board, as Board.setReversed
  Size size;
  GridSpec grid;
};

// A deck (DrawPile) on the map: Map.locationName names a point it sits on after the deck.
struct DeckPlacement {
  std::string name;
  Point position;     // relative to `board` when that board is in the layout, else map coordinates
  std::string board;  // the owning board; empty for none
};

struct GeometryOptions {
  SnapRules rules = SnapRules::kVassal37;
  // Module-level properties for $names$ a location format does not define itself.
  PropertyLookup properties;
  std::vector<DeckPlacement> decks;
};

// Where a SetupStack (at-start stack) puts its pieces, and what VASSAL would have warned about.
struct SetupStackPlacement {
  bool placed = false;  // false: the owning board is not in the layout, so the stack is not made
  Point position;       // map coordinates
  std::string warning;  // VASSAL's data warning (bad grid location: the stack keeps x, y)
};

class MapGeometry {
 public:
  struct Board {
    std::string name;
    Rect bounds;  // in map coordinates
    bool reversed = false;
    int column = 0;
    int row = 0;
    Grid grid;
  };

  // `name` is used in error messages. Boards keep the given order, which decides overlaps.
  MapGeometry(std::string name, Size edge_buffer, std::vector<BoardPlacement> boards, GeometryOptions options = {});

  const std::string& name() const { return name_; }
  const std::vector<Board>& boards() const { return boards_; }
  // Map.mapSize: the union of the boards plus the edge buffer once more.
  Size size() const;
  // Map.findBoard: the first board whose bounds hold p (half-open), or null.
  const Board* find_board(Point p) const;
  const Board* board_named(std::string_view name) const;
  // Board coordinates of a map point: relative to the board, turned for a reversed board.
  Point to_board(const Board& board, Point map_point) const;
  // The map point of a board point: the inverse of to_board.
  Point to_map(const Board& board, Point board_point) const;

  // Map.snapTo: snapped on the board holding p (re-snapped on the board it lands on, and pulled
  // back one pixel onto the board); p unchanged off every board.
  Point snap(Point p) const;
  // Map.locationName: a deck's name, else the board grid's name, else "offboard".
  std::string location_name(Point p) const;
  // The grid's name of p, or nullopt (where Map.locationName would say "offboard").
  std::optional<std::string> grid_location_name(Point p) const;

  // A location name as a map point, placed as SetupStack places it: the grid of `board` (or, when
  // empty, of each board in turn) parses the name, and the board's origin is added. Throws
  // LocationError naming the location and the map when no board's grid knows the name.
  Point location(std::string_view name, std::string_view board = {}) const;
  std::optional<Point> find_location(std::string_view name, std::string_view board = {}) const;

  // SetupStack.setup: useGridLocation with a board that has a grid parses `location`; otherwise
  // (or after a bad name, as VASSAL's data warning) `xy`. Then the owning board's origin is
  // added, or the edge buffer when there is no owning board.
  SetupStackPlacement setup_stack(std::string_view owning_board, bool use_grid_location, std::string_view location,
                                  Point xy) const;

  // MapGrid.range between two map points, handed to the grid as they are (HexGrid.range snaps
  // them through this map first): the grid of the board holding p1 (or else p2); the rounded
  // pixel distance without a grid.
  int range(Point p1, Point p2) const;

 private:
  Point board_snap(const Board& board, Point local) const;  // Board.snapTo, board-relative
  std::optional<Point> board_location(const Board& board, std::string_view name) const;

  std::string name_;
  Size edge_;
  std::vector<Board> boards_;
  GeometryOptions options_;
};

}  // namespace adjutant::core
