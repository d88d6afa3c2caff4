#include "core/hexes/map_lattice.h"

#include <cmath>
#include <cstdint>
#include <cstdio>

namespace adjutant::core {
namespace {

// The ideal centre of a board's hex (0, 0) in map pixels, in rotated space (x across the columns).
struct Origin {
  double x;
  double y;
};

Origin grid_origin(const MapGeometry::Board& board, const HexGridSpec& grid) {
  const Point corner = grid.sideways ? Point{board.bounds.y, board.bounds.x} : Point{board.bounds.x, board.bounds.y};
  return {static_cast<double>(corner.x) + grid.x0, static_cast<double>(corner.y) + grid.y0};
}

std::string pixels(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", v);
  return text;
}

}  // namespace

MapLattice map_lattice(const MapGeometry& map, double tolerance) {
  MapLattice out;
  std::vector<const MapGeometry::Board*> boards;
  for (const MapGeometry::Board& b : map.boards()) {
    if (!hex_grid_of(b.grid)) continue;
    boards.push_back(&b);
    out.boards.push_back(b.name);
  }
  const auto refuse = [&](std::string problem) {
    out.offsets.clear();
    out.problem = std::move(problem);
    return out;
  };
  if (boards.empty()) return refuse("map '" + map.name() + "' has no hex board");
  const MapGeometry::Board& first = *boards.front();
  const HexGridSpec& lattice = hex_grid_of(first.grid)->spec();
  const Origin start = grid_origin(first, lattice);
  for (const MapGeometry::Board* b : boards) {
    const std::string board = "board '" + b->name + "' of map '" + map.name() + "'";
    if (b->reversed) {
      return refuse(board + " is reversed: its hexes are turned half round, which no translation of the lattice "
                            "expresses");
    }
    const HexGridSpec& grid = hex_grid_of(b->grid)->spec();
    if (grid.sideways != lattice.sideways) {
      return refuse(board + (grid.sideways ? " has a sideways hex grid" : " has an upright hex grid") + ", board '" +
                    first.name + "' " + (lattice.sideways ? "a sideways one" : "an upright one"));
    }
    if (grid.dx != lattice.dx || grid.dy != lattice.dy) {
      return refuse(board + " has hexes of dx " + pixels(grid.dx) + ", dy " + pixels(grid.dy) + ", board '" +
                    first.name + "' of dx " + pixels(lattice.dx) + ", dy " + pixels(lattice.dy));
    }
    // The origin must be a lattice point: k columns across, m half-hexes along the column, with
    // m odd exactly when k is (odd columns sit half a hex further along).
    const Origin o = grid_origin(*b, grid);
    const double across = o.x - start.x, along = o.y - start.y;
    const double k = std::round(across / grid.dx), m = std::round(2 * along / grid.dy);
    const double off_x = across - k * grid.dx, off_y = along - m * grid.dy / 2;
    // Written so that a NaN (a hostile dx or dy of 0) refuses too.
    const bool on_lattice = std::abs(off_x) <= tolerance && std::abs(off_y) <= tolerance && std::abs(k) <= (1 << 24) &&
                            std::abs(m) <= (1 << 24);
    if (!on_lattice) {
      return refuse(board + ": its grid origin lies " + pixels(off_x) + " px across and " + pixels(off_y) +
                    " px along the columns off the lattice of board '" + first.name + "'");
    }
    const auto columns = static_cast<int64_t>(k), halves = static_cast<int64_t>(m);
    if ((columns - halves) % 2 != 0) {
      return refuse(board + ": its grid origin lies half a hex along the column from the lattice of board '" +
                    first.name + "'");
    }
    const int64_t row = (halves - (columns % 2 != 0 ? 1 : 0)) / 2;
    out.offsets.push_back(to_cube(Hex{static_cast<int>(columns), static_cast<int>(row)}));
  }
  return out;
}

}  // namespace adjutant::core
