// Grid settings taken from real modules, and boards to lay out, shared by the geometry tests and
// benchmarks.
#pragma once

#include <string>
#include <utility>

#include "core/geometry/grid_spec.h"
#include "core/geometry/map_geometry.h"

namespace adjutant::testing {

// The hex grid of The Last Days (TLD) boards: 2724-style names, columns offset by one row.
inline core::HexGridSpec tld_hex_grid(bool sideways = false) {
  core::HexGridSpec g;
  g.x0 = -19;
  g.y0 = 32;
  g.sideways = sideways;
  core::GridNumbering n;
  n.class_name = "HexGridNumbering";
  n.h_off = 0;
  n.v_off = 1;
  n.stagger = false;
  g.numbering = n;
  return g;
}

// A board of a layout: its cell, its size and its grid.
inline core::BoardPlacement board(std::string name, int column, int row, core::Size size, core::GridSpec grid = {}) {
  core::BoardPlacement b;
  b.name = std::move(name);
  b.column = column;
  b.row = row;
  b.size = size;
  b.grid = std::move(grid);
  return b;
}

}  // namespace adjutant::testing
