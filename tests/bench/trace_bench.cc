// Constrained tracing on a 50 x 100 hex map (5,000 hexes): LIN lines of communication (7.2) for 20
// leaders of one side at once (the target: under 1 ms), and one LIN 10.2 combat supply trace. The
// requests are built here as plugins/litn/traces.py builds them.
#include <benchmark/benchmark.h>

#include <memory>
#include <utility>
#include <vector>

#include "big_map.h"
#include "core/movement/trace.h"

namespace {

using namespace adjutant::core;

constexpr int kRoad = 0, kRail = 1;
constexpr int kRiver = 0, kBridge = 1;

struct LocMap {
  std::unique_ptr<TerrainModel> map;
  MovementRules rules;
  std::vector<Hex> leaders, depots, enemy;

  LocMap() {
    auto v = std::make_shared<TerrainVocabulary>();
    v->terrain = Vocabulary({"clear", "woods"});
    v->hexside = Vocabulary({"river", "bridge"});
    v->lines = Vocabulary({"road", "railroad"});
    v->places = Vocabulary({"depot"});
    map = adjutant::bench::blank_map(50, 100, v);
    adjutant::bench::scatter_woods(*map);
    // Roads down every tenth column, a railroad along every twentieth row.
    adjutant::bench::column_lines(*map, kRoad, 50, 100);
    for (int r = 10; r < 100; r += 20) {
      std::vector<Hex> rail;
      for (int c = 0; c < 50; ++c)
        if (map->on_map({c, r})) rail.push_back({c, r});
      map->add_line({kRail, "", rail, {}, 0});
    }
    // A major river across the map between rows 49 and 50, bridged where the roads cross.
    for (int c = 0; c < 50; ++c) {
      const Hex a{c, 49};
      if (!map->on_map(a)) continue;
      for (const Hex b : map->topology().neighbours(a)) {
        if (b.row < 50 || !map->on_map(b)) continue;
        map->add_hexside_feature(a, b, kRiver);
        if (c % 10 == 5 && b.col == c) map->add_hexside_feature(a, b, kBridge);
      }
    }
    depots = {Hex{5, 95}, Hex{45, 2}, Hex{25, 50}};
    for (int i = 0; i < 20; ++i) leaders.push_back({(i * 17 + 3) % 50, (i * 29 + 11) % 100});
    for (int i = 0; i < 20; ++i) enemy.push_back({(i * 13 + 7) % 50, (i * 41 + 5) % 100});
    rules.classes = {ClassCosts{"infantry", {kMP, 2 * kMP}, {kProhibited, 0}, {}, {kMP / 2, kMP / 2}, {}}};
  }
};

const LocMap& loc_map() {
  static const LocMap m;
  return m;
}

// The LOC request on this map, to these depots: four non-road hexes, then road or rail; not through
// enemy units, nor across the river but at a bridge.
TraceRequest loc_request(const LocMap& m, std::vector<Hex> depots) {
  TraceRequest r;
  r.targets = std::move(depots);
  r.most = 4;
  r.line_hexes_free = true;
  r.lines = line_bit(kRoad) | line_bit(kRail);
  r.blocked = m.enemy;
  r.blocked_sides = feature_bit(kRiver);
  r.unblocked_by = feature_bit(kBridge);
  return r;
}

void BM_LinLinesOfCommunication20Leaders(benchmark::State& state) {
  const LocMap& m = loc_map();
  const Tracer tracer(*m.map);
  const TraceRequest request = loc_request(m, m.depots);
  int found = 0;
  for (auto _ : state) {
    found = 0;
    for (const Hex leader : m.leaders) found += tracer.trace(leader, request).found;
    benchmark::DoNotOptimize(found);
  }
  state.counters["with_loc"] = found;
}
BENCHMARK(BM_LinLinesOfCommunication20Leaders)->Unit(benchmark::kMicrosecond);

// The worst case: no depot anywhere, so every trace floods the whole road and rail network.
void BM_LinLinesOfCommunication20LeadersNoDepot(benchmark::State& state) {
  const LocMap& m = loc_map();
  const Tracer tracer(*m.map);
  const TraceRequest request = loc_request(m, {});
  for (auto _ : state) {
    for (const Hex leader : m.leaders) benchmark::DoNotOptimize(tracer.trace(leader, request));
  }
}
BENCHMARK(BM_LinLinesOfCommunication20LeadersNoDepot)->Unit(benchmark::kMicrosecond);

void BM_LinCombatSupply(benchmark::State& state) {
  const LocMap& m = loc_map();
  const Tracer tracer(*m.map, &m.rules);
  // A wagon within 2 MP, else a depot within 4 MP, with the unit's costs; not through enemy units.
  TraceRequest wagon;
  wagon.measure = Measure::kMP;
  wagon.blocked = m.enemy;
  wagon.targets = {Hex{26, 52}};
  wagon.most = 2 * kMP;
  TraceRequest depot = wagon;
  depot.targets = m.depots;
  depot.most = 4 * kMP;
  for (auto _ : state) {
    Trace t = tracer.trace(Hex{25, 55}, wagon);
    if (!t.found) t = tracer.trace(Hex{25, 55}, depot);
    benchmark::DoNotOptimize(t);
  }
}
BENCHMARK(BM_LinCombatSupply)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
