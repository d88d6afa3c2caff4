// Hex topology of one hex grid, independent of pixels: neighbours in the grid's own parity,
// compass directions, hexsides named as rulebooks write them ("1426/1525"), vertices, distance,
// rings, ranges within N and hex lines (the hexes a centre-to-centre line passes through, and
// where it runs exactly along a hexside). Hexes off the board are never invented as neighbours.
// Modelled on Red Blob Games' hex recipes; docs/geometry.md explains the coordinates.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/geometry/hex.h"
#include "core/geometry/hex_grid.h"

namespace adjutant::core {

// Two adjacent hexes, `a` < `b` (by column, then row): one hexside, whatever order it was asked in.
struct Hexside {
  Hex a;
  Hex b;
  auto operator<=>(const Hexside&) const = default;
};

// The three hexes meeting at a vertex, sorted.
struct HexVertex {
  std::array<Hex, 3> hexes;
  auto operator<=>(const HexVertex&) const = default;
};

// One step of a hex line: the line crosses `hex`, or, when `along` is set, runs exactly along the
// hexside between `hex` and `along` (touching both, entering neither).
struct HexLineStep {
  Hex hex;
  std::optional<Hex> along;
  bool operator==(const HexLineStep&) const = default;
};

struct HexLine {
  std::vector<HexLineStep> steps;  // in order from the start hex to the end hex
  bool runs_along_hexside() const;
  // Every hex the line crosses or runs beside, in order.
  std::vector<Hex> hexes() const;
};

// Up to six neighbours, in direction order.
struct Neighbours {
  std::array<Hex, 6> hexes{};
  std::array<int, 6> directions{};
  int count = 0;
  const Hex* begin() const { return hexes.data(); }
  const Hex* end() const { return hexes.data() + count; }
  int size() const { return count; }
};

struct StitchPart;

class HexTopology {
 public:
  // The hexes of `grid` whose centres lie on a board of `board` size (board coordinates).
  HexTopology(const HexGrid& grid, Size board);
  // Every hex exists (for pure arithmetic, or grids with no board).
  static HexTopology unbounded(const HexGrid& grid);
  // The boards of one map whose grids continue into each other, as one topology in the first
  // part's lattice (docs/geometry.md, "Maps of several boards"). Each part is a board's own
  // bounded topology; all have the same dx, dy and sideways, and the first part's offset is zero.
  // A hex two parts would both hold belongs to the first of them. Throws GeometryError otherwise.
  static HexTopology stitched(std::vector<StitchPart> parts);

  // The grid of the map's lattice: the board's own, or a stitched topology's first part's grid.
  const HexGrid& grid() const { return grid_; }
  bool contains(Hex h) const;

  // --- the boards of a stitched topology; a plain one is its own single part 0 ---
  bool is_stitched() const { return parts_ != nullptr; }
  // Empty for a plain topology.
  const std::vector<StitchPart>& parts() const;
  // The part holding h, or nullopt off the map.
  std::optional<int> part_of(Hex h) const;
  // h in its part's own (column, row); throws GeometryError off the map.
  std::pair<int, Hex> to_local(Hex h) const;
  // A hex of a part (its own column, row) in the map's lattice; throws GeometryError for no such part.
  Hex to_map(int part, Hex local) const;

  // Directions 0..5, clockwise on screen: N, NE, SE, S, SW, NW for a grid with vertical
  // columns; NE, E, SE, SW, W, NW for a sideways grid. The opposite of d is (d + 3) % 6.
  std::string_view direction_name(int direction) const;
  std::optional<int> direction_named(std::string_view name) const;
  // The hex one step away, on the board or not.
  Hex step(Hex h, int direction) const;
  // The neighbour in a direction, or nullopt off the board.
  std::optional<Hex> neighbour(Hex h, int direction) const;
  Neighbours neighbours(Hex h) const;
  // The direction from a to an adjacent b.
  std::optional<int> direction(Hex from, Hex to) const;
  bool adjacent(Hex a, Hex b) const { return core::distance(a, b) == 1; }
  int distance(Hex a, Hex b) const { return core::distance(a, b); }

  // The hexes exactly `radius` steps away (clockwise from the direction-4 corner), on the board.
  std::vector<Hex> ring(Hex centre, int radius) const;
  // The hexes at most `radius` steps away, on the board (the centre included when on the board).
  std::vector<Hex> within(Hex centre, int radius) const;

  // Throws GeometryError unless a and b are adjacent.
  Hexside hexside(Hex a, Hex b) const;
  Hexside hexside(Hex h, int direction) const { return hexside(h, step(h, direction)); }
  std::array<Hexside, 6> hexsides(Hex h) const;
  std::array<HexVertex, 6> vertices(Hex h) const;

  // The hexes a straight line from from's centre to to's centre passes through, exactly (on the
  // grid's ideal hexagons: every VASSAL hex grid is a stretched regular one).
  HexLine line(Hex from, Hex to) const;

  // A hex's name as VASSAL names it: the numbering's location name of its centre, its location
  // format applied ("2724"; "A10.10" with the format "A$gridLocation$"). Throws GeometryError when
  // the grid has no numbering. On a stitched topology: the owning board's own name (GeometryError
  // off the map).
  std::string name(Hex h) const;
  // The grid's location name of the hex's centre: a zoned grid's zone format applied too.
  std::string location_name(Hex h) const;
  // The hex a grid location names, placed as VASSAL's getLocation places it (which is not always
  // the inverse of naming: docs/geometry.md). On a stitched topology, "BOARD:NAME" is the hex
  // NAME of board BOARD, and a bare name the hex of the first board (in part order) holding a hex
  // of that name; the qualified reading is tried first.
  std::optional<Hex> hex_named(std::string_view name) const;
  // name(h), prefixed "BOARD:" on a stitched topology when the bare name finds another hex first.
  std::string unambiguous_name(Hex h) const;
  // "1426/1525": the two unambiguous names, the lower (shorter, then alphabetically) first.
  std::string hexside_name(const Hexside& side) const;
  // Parses "a/b" (any '/' that splits it into two adjacent hexes' names).
  std::optional<Hexside> hexside_named(std::string_view name) const;

 private:
  HexTopology(const HexGrid& grid, Size board, bool bounded);
  int cube_direction(int direction) const { return cube_index_[static_cast<size_t>(direction)]; }

  HexGrid grid_;
  std::optional<HexNumbering> numbering_;  // the grid's numbering, with its location format
  Size board_;
  bool bounded_ = true;
  std::array<int, 6> cube_index_{};  // screen direction -> index into kCubeSteps
  std::shared_ptr<const std::vector<StitchPart>> parts_;  // null for one board
};

// One board of a stitched topology: its name (for "BOARD:NAME"), its own bounded topology, and
// where its lattice lies in the map's: map cube = to_cube(local) + offset.
struct StitchPart {
  std::string board;
  HexTopology topology;
  Cube offset;
};

// A hex for messages: the topology's name for it where it has one (a stitched topology: its
// board's own name), its (column,row) otherwise.
std::string describe(const HexTopology& topology, Hex h);

}  // namespace adjutant::core
