// Grid settings taken from real modules, shared by the geometry tests and benchmarks.
#pragma once

#include "core/grid_spec.h"

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

}  // namespace adjutant::testing
