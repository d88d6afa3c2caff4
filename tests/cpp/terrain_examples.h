// A small hand-built map for terrain and movement tests: VASSAL's default HexGridNumbering (4-digit
// CCRR names, as Lee Invades the North's map uses) on a 700 x 660 board, columns 01..13, rows
// 01..10 (11 in alternate columns), and a vocabulary of the rulebooks' words.
#pragma once

#include <memory>

#include "core/hex_topology.h"
#include "core/terrain.h"

namespace adjutant::testing {

inline core::HexTopology ccrr_topology(core::Size board = {700, 660}) {
  core::HexGridSpec g;
  g.x0 = 28;
  g.y0 = 32;
  core::GridNumbering n;
  n.class_name = "HexGridNumbering";
  g.numbering = n;
  return core::HexTopology(core::HexGrid(g, board), board);
}

inline std::shared_ptr<core::TerrainVocabulary> ccrr_vocabulary() {
  auto v = std::make_shared<core::TerrainVocabulary>();
  v->terrain = core::Vocabulary({"clear", "ridge", "town", "woods"});
  v->hexside = core::Vocabulary({"river", "stream", "bridge", "slope"});
  v->high_side = core::feature_bit(3);
  v->lines = core::Vocabulary({"pike", "road", "railroad"});
  v->places = core::Vocabulary({"town", "depot", "fortification"});
  return v;
}

}  // namespace adjutant::testing
