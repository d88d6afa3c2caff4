// Hex coordinates as small value types (after Red Blob Games' hex recipes, which VASSAL embeds as
// VASSAL.tools.hex.Hex/OffsetCoord): a grid's own (column, row) indexing, and cube coordinates
// for the arithmetic. Pure functions, no pixels.
#pragma once

#include <compare>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

namespace adjutant::core {

// A hex in a VASSAL hex grid's raw indexing (HexGrid.getRawColumn/getRawRow): columns run across
// the grid (along screen x, or screen y for a sideways grid) and odd columns sit half a hex
// further along the column ("odd-q"). Column 0 is the column through the grid origin (x0, y0).
struct Hex {
  int col = 0;
  int row = 0;
  auto operator<=>(const Hex&) const = default;
};

// Cube coordinates: q + r + s == 0 (checked when built from three values). Arithmetic wraps
// like Java's int instead of overflowing, so hostile coordinates cannot trap.
struct Cube {
  int q = 0;
  int r = 0;
  int s = 0;
  constexpr Cube() = default;
  constexpr Cube(int q_, int r_, int s_) : q(q_), r(r_), s(s_) {
    if (int64_t{q} + r + s != 0) throw std::invalid_argument("cube coordinates must sum to 0");
  }
  // Axial (q, r); s follows.
  static constexpr Cube axial(int64_t q, int64_t r) {
    Cube c;
    c.q = wrap(q);
    c.r = wrap(r);
    c.s = wrap(-int64_t{c.q} - c.r);
    return c;
  }
  auto operator<=>(const Cube&) const = default;
  constexpr Cube operator+(const Cube& o) const { return axial(int64_t{q} + o.q, int64_t{r} + o.r); }
  constexpr Cube operator-(const Cube& o) const { return axial(int64_t{q} - o.q, int64_t{r} - o.r); }
  constexpr Cube scaled(int k) const { return axial(int64_t{q} * k, int64_t{r} * k); }

 private:
  static constexpr int wrap(int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v))); }
};

// OffsetCoord.qoffsetToCube(ODD, ...) and qoffsetFromCube(ODD, ...), as HexGrid.range uses them.
constexpr Cube to_cube(Hex h) { return Cube::axial(h.col, int64_t{h.row} - (int64_t{h.col} - (h.col & 1)) / 2); }
constexpr Hex to_hex(Cube c) {
  return Hex{c.q, static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(int64_t{c.r} + (int64_t{c.q} - (c.q & 1)) / 2)))};
}

// Hex.distance: steps between hexes.
constexpr int64_t distance64(Cube a, Cube b) {
  const int64_t dq = int64_t{a.q} - b.q, dr = int64_t{a.r} - b.r, ds = int64_t{a.s} - b.s;
  return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}
constexpr int distance(Cube a, Cube b) {
  const int64_t d = distance64(a, b);
  return d > 2147483647 ? 2147483647 : static_cast<int>(d);
}
constexpr int distance(Hex a, Hex b) { return distance(to_cube(a), to_cube(b)); }

// The six unit steps, in rotated-space compass order N, NE, SE, S, SW, NW (rotated space: the
// grid with its columns vertical; docs/geometry.md).
inline constexpr Cube kCubeSteps[6] = {Cube::axial(0, -1), Cube::axial(1, -1), Cube::axial(1, 0),
                                       Cube::axial(0, 1),  Cube::axial(-1, 1), Cube::axial(-1, 0)};

}  // namespace adjutant::core
