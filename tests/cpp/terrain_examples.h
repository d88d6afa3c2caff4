// A small hand-built map for terrain and movement tests: VASSAL's default HexGridNumbering (4-digit
// CCRR names, as Lee Invades the North's map uses) on a 700 x 660 board, columns 01..13, rows
// 01..10 (11 in alternate columns), and a vocabulary of the rulebooks' words.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <string_view>
#include <vector>

#include "core/hexes/hex_topology.h"
#include "core/movement/movement_rules.h"
#include "core/hexes/terrain.h"

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

// Movement costs on that vocabulary: infantry (woods 2, ridge 2, streams and slopes +1, rivers
// prohibited, roads 1/2 cancelling slopes) and artillery (woods 3, no ridges, streams and slopes
// +2, no railroads).
inline core::MovementRules ccrr_infantry_and_artillery() {
  using core::kMP;
  using core::kProhibited;
  const core::FeatureSet slope = core::feature_bit(3);
  core::MovementRules rules;
  rules.classes = {
      core::ClassCosts{"infantry", {kMP, 2 * kMP, kMP, 2 * kMP}, {kProhibited, kMP, 0, kMP}, {0, 0, 0, kMP},
                       {kMP / 2, kMP / 2, kMP / 2}, {0, slope, 0}},
      core::ClassCosts{"artillery", {kMP, kProhibited, kMP, 3 * kMP}, {kProhibited, 2 * kMP, 0, 2 * kMP}, {},
                       {kMP / 2, kMP / 2, kProhibited}, {0, slope, 0}}};
  return rules;
}

// A fixture for searches on that map: all clear, infantry and artillery rules, hexes by name.
class CcrrMapTest : public ::testing::Test {
 protected:
  CcrrMapTest() : map("Main Map", "", ccrr_topology(), ccrr_vocabulary(), 0), rules(ccrr_infantry_and_artillery()) {}
  core::Hex hex(std::string_view name) const { return *map.topology().hex_named(name); }
  std::vector<core::Hex> hexes(std::initializer_list<std::string_view> names) const {
    std::vector<core::Hex> out;
    for (auto n : names) out.push_back(hex(n));
    return out;
  }

  core::TerrainModel map;
  core::MovementRules rules;
};

}  // namespace adjutant::testing
