// Sight sweeps on a 100 x 100 hex map with hills, woods and orchards: every hex within 20 of one
// hex, by CWR's centre line and by LFM's shortest paths (target: under 2 ms each).
#include <benchmark/benchmark.h>

#include <memory>

#include "big_map.h"
#include "core/sight/line_of_sight.h"

namespace {

using namespace adjutant::core;

struct HillMap {
  std::unique_ptr<TerrainModel> map;
  HillMap() {
    auto vocabulary = std::make_shared<TerrainVocabulary>();
    vocabulary->terrain = Vocabulary({"clear", "woods", "orchard", "town"});
    map = adjutant::bench::blank_map(100, 100, vocabulary);
    for (const Hex h : map->hexes()) {
      map->set_elevation(h, ((h.col / 7) + (h.row / 5)) % 4);
      if ((h.col * 7 + h.row * 3) % 11 == 0) map->set_terrain(h, 1);
      if ((h.col * 5 + h.row * 2) % 13 == 0) map->set_terrain(h, 2);
    }
  }
};

const HillMap& hill_map() {
  static const HillMap m;
  return m;
}

SightRules rules(SightModel model) {
  SightRules r;
  r.model = model;
  r.terrain_height = {0, 1, 1, 1};
  if (model == SightModel::kCwr) {
    r.orchard = {2};
    r.canopy = {1, 2, 3};
  } else {
    r.terrain_height = {0, 1, 0, 1};
    r.partial_target = {1, 3};
  }
  return r;
}

void BM_SweepCwr20(benchmark::State& state) {
  const LineOfSight sight(*hill_map().map, rules(SightModel::kCwr));
  for (auto _ : state) benchmark::DoNotOptimize(sight.sweep(Hex{50, 50}, 20));
}
BENCHMARK(BM_SweepCwr20)->Unit(benchmark::kMicrosecond);

void BM_SweepLfm20(benchmark::State& state) {
  const LineOfSight sight(*hill_map().map, rules(SightModel::kLfm));
  for (auto _ : state) benchmark::DoNotOptimize(sight.sweep(Hex{50, 50}, 20));
}
BENCHMARK(BM_SweepLfm20)->Unit(benchmark::kMicrosecond);

void BM_BetweenCwr20(benchmark::State& state) {
  const LineOfSight sight(*hill_map().map, rules(SightModel::kCwr));
  for (auto _ : state) benchmark::DoNotOptimize(sight.between(Hex{50, 50}, Hex{63, 65}));
}
BENCHMARK(BM_BetweenCwr20)->Unit(benchmark::kMicrosecond);

void BM_ZoneOfInfluenceArtillery(benchmark::State& state) {
  const LineOfSight sight(*hill_map().map, rules(SightModel::kLfm));
  for (auto _ : state) benchmark::DoNotOptimize(zone_of_influence(sight, Hex{50, 50}, true, false));
}
BENCHMARK(BM_ZoneOfInfluenceArtillery)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
