// The map of the movement benchmarks: 100 x 100 hexes (10,000) with woods, roads down every tenth
// column and 30 LMN zones of control, and its infantry class. Shared by movement_bench and
// movement_graph (which exports the same graph for the networkx comparison); its building blocks
// by the trace and sight benchmarks.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "core/movement/movement_search.h"
#include "core/movement/zone_of_control.h"

namespace adjutant::bench {

using namespace adjutant::core;

// A map of `cols` x `rows` hexes of VASSAL's default hex grid, every hex of terrain type 0.
inline std::unique_ptr<TerrainModel> blank_map(int cols, int rows, std::shared_ptr<TerrainVocabulary> vocabulary) {
  HexGridSpec g;
  GridNumbering n;
  n.class_name = "HexGridNumbering";
  g.numbering = n;
  const Size board{static_cast<int>(cols * g.dx), rows * 64};
  return std::make_unique<TerrainModel>("Big", "", HexTopology(HexGrid(g, board), board), std::move(vocabulary), 0);
}

// Terrain type 1 (woods) in a fifth of the hexes, scattered.
inline void scatter_woods(TerrainModel& map) {
  for (const Hex h : map.hexes()) {
    if ((h.col * 7 + h.row * 3) % 5 == 0) map.set_terrain(h, 1);
  }
}

// A line of `type` down every tenth column, from column 5.
inline void column_lines(TerrainModel& map, int type, int cols, int rows) {
  for (int c = 5; c < cols; c += 10) {
    std::vector<Hex> line;
    for (int r = 0; r < rows; ++r)
      if (map.on_map({c, r})) line.push_back({c, r});
    map.add_line({type, "", line, {}, 0});
  }
}

struct BigMap {
  std::unique_ptr<TerrainModel> map;
  MovementRules rules;
  std::unique_ptr<HexZones> zones;
  Situation situation;
  // The benchmarks' start hex, and allowances: a 12-MP unit, and one that can cross the whole map.
  static constexpr Hex kStart{50, 50};
  static constexpr Cost k12MP = 12 * kMP;
  static constexpr Cost kWholeMap = 100000 * kMP;

  BigMap() {
    auto vocabulary = std::make_shared<TerrainVocabulary>();
    vocabulary->terrain = Vocabulary({"clear", "woods"});
    vocabulary->hexside = Vocabulary({"stream"});
    vocabulary->lines = Vocabulary({"road"});
    map = blank_map(100, 100, vocabulary);
    scatter_woods(*map);
    column_lines(*map, 0, 100, 100);
    rules.classes = {ClassCosts{"infantry", {kMP, 2 * kMP}, {kMP}, {}, {kMP / 2}, {feature_bit(0)}}};
    std::vector<ZocSource> sources;
    for (int i = 0; i < 30; ++i) sources.push_back({Hex{(i * 37) % 100, (i * 53) % 100}, std::nullopt});
    HexZoneRules lmn;
    lmn.enter_cost = {2 * kMP};
    lmn.leave_cost = kMP;
    lmn.zone_to_zone = false;
    zones = std::make_unique<HexZones>(*map, sources, lmn);
    situation.zones = zones.get();
  }
};

inline const BigMap& big_map() {
  static const BigMap m;
  return m;
}

}  // namespace adjutant::bench
