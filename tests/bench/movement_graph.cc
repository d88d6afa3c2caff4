// Writes the movement benchmarks' search as a plain weighted directed graph, for
// tests/bench/networkx_bench.py: one node per hex of big_map.h's map (the infantry class, one state
// per hex) and an edge per legal step, weighted with the step's cost in sixths of an MP as
// MovementSearch::explain charges it (the cheapest of cross-country and road, zones included). It
// also writes what MovementSearch::reachable answers from the benchmarks' start hex, so the script
// can check that networkx finds the same costs.
//   movement_graph OUT.json
#include <fstream>
#include <iostream>
#include <string>
#include <tuple>

#include "tests/bench/big_map.h"

using namespace adjutant::core;
using adjutant::bench::big_map;
using adjutant::bench::BigMap;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: movement_graph OUT.json\n";
    return 2;
  }
  const BigMap& m = big_map();
  const MovementSearch search(*m.map, m.rules);
  const std::vector<Hex> hexes = m.map->hexes();
  std::vector<int> node(m.map->extent().size(), -1);
  for (size_t i = 0; i < hexes.size(); ++i) node[m.map->extent().index(hexes[i])] = static_cast<int>(i);
  const auto id = [&](Hex h) { return node[m.map->extent().index(h)]; };

  std::ofstream out(argv[1]);
  out << "{\"start\": " << id(BigMap::kStart) << ",\n\"names\": [";
  for (size_t i = 0; i < hexes.size(); ++i) out << (i ? ", " : "") << '"' << describe(m.map->topology(), hexes[i]) << '"';
  out << "],\n\"edges\": [";
  // No stop or state in this graph: a step's cost depends only on its two hexes here (no enemy
  // hexes, LMN zones do not stop the mover, roads need not connect), so a path's cost is the sum.
  const Mover any{{0}, BigMap::kWholeMap, ""};
  bool first = true;
  for (const Hex h : hexes) {
    for (const Hex n : m.map->topology().neighbours(h)) {
      if (!m.map->on_map(n)) continue;
      const PathCost step = search.explain({h, n}, any, m.situation);
      if (!step.legal) continue;
      out << (first ? "" : ", ") << '[' << id(h) << ", " << id(n) << ", " << step.total << ']';
      first = false;
    }
  }
  out << "],\n\"reach\": {";
  // The benchmarks' cases, and the cutoff networkx is given for each (none for the whole map).
  const std::tuple<const char*, Cost, bool> cases[] = {{"BM_Reachable12MP", BigMap::k12MP, true},
                                                       {"BM_WholeMapSearch", BigMap::kWholeMap, false}};
  const char* separator = "";
  for (const auto& [name, allowance, cutoff] : cases) {
    const Mover unit{{0}, allowance, ""};
    out << separator << '"' << name << "\": {\"cutoff\": " << (cutoff ? std::to_string(allowance) : "null")
        << ", \"costs\": [";
    separator = ",\n";
    first = true;
    for (const Reach& r : search.reachable(BigMap::kStart, unit, m.situation)) {
      out << (first ? "" : ", ") << '[' << id(r.hex) << ", " << unit.allowance - r.left << ']';
      first = false;
    }
    out << "]}";
  }
  out << "}}\n";
  if (!out) {
    std::cerr << "movement_graph: could not write " << argv[1] << "\n";
    return 1;
  }
}
