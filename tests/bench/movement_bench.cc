// The movement search on a 100 x 100 hex map (10,000 hexes) with roads and zones of control:
// a 12-MP unit's reachable set, and a search over the whole map (targets: under 100 µs
// and under 1 ms).
#include <benchmark/benchmark.h>

#include "tests/bench/big_map.h"

namespace {

using namespace adjutant::core;
using adjutant::bench::big_map;
using adjutant::bench::BigMap;

void BM_Reachable12MP(benchmark::State& state) {
  const BigMap& m = big_map();
  const MovementSearch search(*m.map, m.rules);
  const Mover unit{{0}, BigMap::k12MP, ""};
  for (auto _ : state) benchmark::DoNotOptimize(search.reachable(BigMap::kStart, unit, m.situation));
}
BENCHMARK(BM_Reachable12MP)->Unit(benchmark::kMicrosecond);

// LIN 8.2's connecting roads: the search also tracks the road and side each hex was entered by.
void BM_Reachable12MPConnectingRoads(benchmark::State& state) {
  const BigMap& m = big_map();
  MovementRules rules = m.rules;
  rules.lines_must_connect = true;
  const MovementSearch search(*m.map, rules);
  const Mover unit{{0}, BigMap::k12MP, ""};
  for (auto _ : state) benchmark::DoNotOptimize(search.reachable(BigMap::kStart, unit, m.situation));
}
BENCHMARK(BM_Reachable12MPConnectingRoads)->Unit(benchmark::kMicrosecond);

void BM_WholeMapSearch(benchmark::State& state) {
  const BigMap& m = big_map();
  const MovementSearch search(*m.map, m.rules);
  const Mover unit{{0}, BigMap::kWholeMap, ""};
  for (auto _ : state) benchmark::DoNotOptimize(search.reachable(BigMap::kStart, unit, m.situation));
}
BENCHMARK(BM_WholeMapSearch)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
