// The movement search on a 100 x 100 hex map (10,000 hexes) with roads and zones of control:
// a 12-MP unit's reachable set, and a search over the whole map (issue 4's targets: under 100 µs
// and under 1 ms).
#include <benchmark/benchmark.h>

#include <memory>

#include "core/movement_search.h"
#include "core/zone_of_control.h"

namespace {

using namespace adjutant::core;

struct BigMap {
  std::unique_ptr<TerrainModel> map;
  MovementRules rules;
  std::unique_ptr<HexZones> zones;
  Situation situation;

  BigMap() {
    HexGridSpec g;
    GridNumbering n;
    n.class_name = "HexGridNumbering";
    g.numbering = n;
    const Size board{static_cast<int>(100 * g.dx), 100 * 64};
    auto vocabulary = std::make_shared<TerrainVocabulary>();
    vocabulary->terrain = Vocabulary({"clear", "woods"});
    vocabulary->hexside = Vocabulary({"stream"});
    vocabulary->lines = Vocabulary({"road"});
    map = std::make_unique<TerrainModel>("Big", "", HexTopology(HexGrid(g, board), board), vocabulary, 0);
    for (const Hex h : map->hexes()) {
      if ((h.col * 7 + h.row * 3) % 5 == 0) map->set_terrain(h, 1);
    }
    // A road down every tenth column and along every tenth row's zigzag.
    for (int c = 5; c < 100; c += 10) {
      std::vector<Hex> road;
      for (int r = 0; r < 100; ++r)
        if (map->on_map({c, r})) road.push_back({c, r});
      map->add_line({0, "", road, {}, 0});
    }
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

const BigMap& big_map() {
  static const BigMap m;
  return m;
}

void BM_Reachable12MP(benchmark::State& state) {
  const BigMap& m = big_map();
  const MovementSearch search(*m.map, m.rules);
  const Mover unit{{0}, 12 * kMP, ""};
  for (auto _ : state) benchmark::DoNotOptimize(search.reachable(Hex{50, 50}, unit, m.situation));
}
BENCHMARK(BM_Reachable12MP)->Unit(benchmark::kMicrosecond);

// LIN 8.2's connecting roads: the search also tracks the road and side each hex was entered by.
void BM_Reachable12MPConnectingRoads(benchmark::State& state) {
  const BigMap& m = big_map();
  MovementRules rules = m.rules;
  rules.lines_must_connect = true;
  const MovementSearch search(*m.map, rules);
  const Mover unit{{0}, 12 * kMP, ""};
  for (auto _ : state) benchmark::DoNotOptimize(search.reachable(Hex{50, 50}, unit, m.situation));
}
BENCHMARK(BM_Reachable12MPConnectingRoads)->Unit(benchmark::kMicrosecond);

void BM_WholeMapSearch(benchmark::State& state) {
  const BigMap& m = big_map();
  const MovementSearch search(*m.map, m.rules);
  const Mover unit{{0}, 100000 * kMP, ""};
  for (auto _ : state) benchmark::DoNotOptimize(search.reachable(Hex{50, 50}, unit, m.situation));
}
BENCHMARK(BM_WholeMapSearch)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
