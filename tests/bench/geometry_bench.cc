// Geometry speed (targets: naming at least 5 million points/s in C++; neighbour and
// distance in tens of nanoseconds). The map is built like TLD's Normandy: a hex background grid
// (x0=-19, y0=32, hOff=0, vOff=1, no stagger) under a zoned grid with two square-gridded zones.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "core/hexes/hex_topology.h"
#include "core/geometry/map_geometry.h"
#include "tests/cpp/grid_examples.h"

namespace {

using namespace adjutant::core;
using adjutant::testing::tld_hex_grid;

MapGeometry normandy() {
  ZonedGridSpec zoned;
  zoned.background = tld_hex_grid();
  for (const auto& [name, path, x0, y0] :
       {std::tuple{"Cherbourg Alarm Units", std::vector<std::pair<int, int>>{{870, 0}, {1204, 0}, {1204, 216}, {870, 216}}, 33, 32},
        std::tuple{"711 Infanterie Division",
                   std::vector<std::pair<int, int>>{{4716, 1571}, {5308, 1571}, {5308, 1781}, {4716, 1781}}, 39, 7}}) {
    ZoneSpec z;
    z.name = name;
    z.path = path;
    SquareGridSpec s;
    s.x0 = x0;
    s.y0 = y0;
    s.dx = 49;
    s.dy = 49;
    z.grid = s;
    zoned.zones.push_back(z);
  }
  BoardPlacement board;
  board.name = "Normandy";
  board.size = {5400, 3600};
  board.grid = zoned;
  return MapGeometry("Normandy", {}, {board});
}

std::vector<Point> random_points(size_t n, int w, int h) {
  std::mt19937 random(7);
  std::uniform_int_distribution<int> x(0, w - 1), y(0, h - 1);
  std::vector<Point> points(n);
  for (Point& p : points) p = {x(random), y(random)};
  return points;
}

void BM_MapLocationName(benchmark::State& state) {
  const MapGeometry map = normandy();
  const auto points = random_points(1 << 16, 5400, 3600);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(map.location_name(points[i++ & 0xFFFF]));
  }
  state.counters["points/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_HexGridLocationName(benchmark::State& state) {
  const HexGrid grid(tld_hex_grid(), {5400, 3600});
  const auto points = random_points(1 << 16, 5400, 3600);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(grid.location_name(points[i++ & 0xFFFF]));
  }
  state.counters["points/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_MapSnap(benchmark::State& state) {
  const MapGeometry map = normandy();
  const auto points = random_points(1 << 16, 5400, 3600);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(map.snap(points[i++ & 0xFFFF]));
  }
  state.counters["points/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_LocationToPoint(benchmark::State& state) {
  const MapGeometry map = normandy();
  const std::vector<std::string> names = {"2724", "2824", "0101", "4743", "9940", "5010"};
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(map.find_location(names[i++ % names.size()]));
  }
}

void BM_Neighbours(benchmark::State& state) {
  const HexGrid grid(tld_hex_grid(), {5400, 3600});
  const HexTopology topology(grid, {5400, 3600});
  std::vector<Hex> hexes;
  for (int c = 0; c < 90; ++c)
    for (int r = 0; r < 55; ++r) hexes.push_back({c, r});
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(topology.neighbours(hexes[i++ % hexes.size()]));
  }
}

void BM_Distance(benchmark::State& state) {
  const HexTopology topology = HexTopology::unbounded(HexGrid(tld_hex_grid(), {5400, 3600}));
  std::mt19937 random(3);
  std::uniform_int_distribution<int> pick(0, 90);
  std::vector<Hex> hexes(4096);
  for (Hex& h : hexes) h = {pick(random), pick(random)};
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(topology.distance(hexes[i & 4095], hexes[(i + 1) & 4095]));
    ++i;
  }
}

void BM_HexLine(benchmark::State& state) {
  const HexTopology topology = HexTopology::unbounded(HexGrid(tld_hex_grid(), {5400, 3600}));
  for (auto _ : state) benchmark::DoNotOptimize(topology.line({10, 10}, {10 + static_cast<int>(state.range(0)), 14}));
}

BENCHMARK(BM_MapLocationName);
BENCHMARK(BM_HexGridLocationName);
BENCHMARK(BM_MapSnap);
BENCHMARK(BM_LocationToPoint);
BENCHMARK(BM_Neighbours);
BENCHMARK(BM_Distance);
BENCHMARK(BM_HexLine)->Arg(4)->Arg(12);

}  // namespace

BENCHMARK_MAIN();
