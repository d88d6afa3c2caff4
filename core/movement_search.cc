#include "core/movement_search.h"

#include <algorithm>
#include <climits>
#include <queue>
#include <stdexcept>

namespace adjutant::core {

struct MovementSearch::Search {
  const Mover* mover = nullptr;
  const ZoneOfControl* zones = nullptr;
  std::vector<bool> enemy;  // per hex of the extent
  std::vector<Cost> cost;   // per state: cheapest arrival
  std::vector<int> previous;
  std::vector<bool> stops;
  Hex start;
};

namespace {

constexpr Cost kUnreached = INT32_MAX;

Cost at(const std::vector<Cost>& costs, int id) { return static_cast<size_t>(id) < costs.size() ? costs[static_cast<size_t>(id)] : 0; }

// The hexside part of a step for one class: features crossed, uphill extras; nullopt when one is
// prohibited. `negated` features cost nothing (a line cancels them).
std::optional<Cost> crossing(const ClassCosts& c, FeatureSet features, FeatureSet uphill, FeatureSet negated) {
  Cost sum = 0;
  for (int f = 0; f < kMaxHexsideFeatures; ++f) {
    const FeatureSet bit = feature_bit(f);
    if (!(features & bit) || (negated & bit)) continue;
    const Cost cost = at(c.hexside, f);
    if (cost == kProhibited) return std::nullopt;
    sum += cost;
    if (uphill & bit) {
      const Cost up = at(c.uphill, f);
      if (up == kProhibited) return std::nullopt;
      sum += up;
    }
  }
  return sum;
}

}  // namespace

MovementSearch::MovementSearch(const TerrainModel& map, const MovementRules& rules)
    : map_(&map), rules_(&rules), line_types_(map.vocabulary().lines.size()) {
  rules.check(map.vocabulary());
}

MovementSearch::Search MovementSearch::prepare(const Mover& mover, const Situation& situation) const {
  if (mover.classes.empty()) throw std::invalid_argument("a mover needs at least one unit class");
  for (const int c : mover.classes) {
    if (c < 0 || static_cast<size_t>(c) >= rules_->classes.size()) throw std::invalid_argument("unknown unit class id");
  }
  Search s;
  s.mover = &mover;
  s.zones = situation.zones;
  s.enemy.assign(map_->extent().size(), false);
  for (const Hex h : situation.enemy_hexes) {
    if (map_->on_map(h)) s.enemy[map_->extent().index(h)] = true;
  }
  return s;
}

void MovementSearch::options(Hex from, int state, int d, bool first, const Mover& mover, const Search& search,
                             std::vector<std::pair<StepCost, int>>& out, StepCost& problem) const {
  out.clear();
  problem = StepCost{};
  problem.from = from;
  const HexTopology& topology = map_->topology();
  const std::optional<Hex> next = topology.neighbour(from, d);
  if (!next || !map_->on_map(*next)) {
    problem.problem = StepProblem::kOffMap;
    problem.reason = "leaves the map";
    return;
  }
  const Hex to = *next;
  problem.to = to;
  const int back = (d + 3) % 6;
  const FeatureSet features = map_->hexside_features(from, d);
  const FeatureSet uphill = map_->high_side_features(to, back);

  StepCost base;
  base.from = from;
  base.to = to;
  if (search.enemy[map_->extent().index(to)]) {
    if (rules_->enemy_hexes == EnemyHexes::kProhibited) {
      problem.problem = StepProblem::kEnemyHex;
      problem.reason = "enters a hex holding enemy units";
      return;
    }
    base.enemy = rules_->enemy_hex_cost;
    base.stop = true;
  }
  if (search.zones) {
    const ZocStep z = search.zones->step(from, to, first);
    if (z.prohibited) {
      problem.problem = StepProblem::kZone;
      problem.reason = z.reason;
      return;
    }
    base.zone = z.cost;
    base.stop = base.stop || z.stop;
    base.effect = z.effect;
  }

  // Cross-country: terrain plus every hexside feature, for the member that pays most.
  {
    StepCost c = base;
    bool ok = true;
    Cost worst = 0;
    for (const int id : mover.classes) {
      const ClassCosts& k = rules_->classes[static_cast<size_t>(id)];
      const Cost terrain = at(k.terrain, map_->terrain(to));
      if (terrain == kProhibited) {
        problem.problem = StepProblem::kProhibitedTerrain;
        problem.reason = k.name + " may not enter " + map_->terrain_name(to);
        ok = false;
        break;
      }
      const auto side = crossing(k, features, uphill, 0);
      if (!side) {
        problem.problem = StepProblem::kProhibitedHexside;
        problem.reason = k.name + " may not cross this hexside";
        ok = false;
        break;
      }
      if (terrain + *side >= worst) {  // the breakdown of the member that pays most
        worst = terrain + *side;
        c.terrain = terrain;
        c.hexside = *side;
      }
    }
    if (ok) {
      c.total = worst + c.zone + c.enemy;
      out.push_back({c, 0});
    }
  }

  // Along each line crossing this hexside.
  const LineSet lines = map_->lines_across(from, d);
  for (int t = 0; t < line_types_; ++t) {
    if (!(lines & line_bit(t))) continue;
    if (rules_->lines_must_connect && state > 0) {
      const int arrived_type = (state - 1) / 6, arrived_side = (state - 1) % 6;
      if (map_->lines_across(from, arrived_side) & line_bit(arrived_type) &&
          !map_->lines_connect(from, arrived_side, arrived_type, d, t)) {
        if (out.empty()) {
          problem.problem = StepProblem::kLinesDoNotConnect;
          problem.reason = "leaves on a road that does not connect with the one it entered on";
        }
        continue;
      }
    }
    StepCost c = base;
    c.line_type = t;
    bool ok = true;
    Cost worst = 0;
    for (const int id : mover.classes) {
      const ClassCosts& k = rules_->classes[static_cast<size_t>(id)];
      // A class without a cost for this line type cannot use it.
      const bool usable = static_cast<size_t>(t) < k.line.size() && k.line[static_cast<size_t>(t)] != kProhibited;
      const Cost along = usable ? k.line[static_cast<size_t>(t)] : 0;
      const FeatureSet negated = static_cast<size_t>(t) < k.line_negates.size() ? k.line_negates[static_cast<size_t>(t)] : 0;
      const auto side = usable ? crossing(k, features, uphill, negated) : std::nullopt;
      if (!side) {
        ok = false;
        break;
      }
      if (along + *side >= worst) {
        worst = along + *side;
        c.line = along;
        c.hexside = *side;
      }
    }
    if (ok) {
      c.total = worst + c.zone + c.enemy;
      out.push_back({c, 1 + t * 6 + back});
    }
  }
}

void MovementSearch::run(Search& s, Hex start, Cost allowance) const {
  const size_t total = map_->extent().size() * static_cast<size_t>(states());
  s.cost.assign(total, kUnreached);
  s.previous.assign(total, -1);
  s.stops.assign(total, false);
  s.start = start;
  const int first_state = static_cast<int>(map_->extent().index(start)) * states();
  s.cost[static_cast<size_t>(first_state)] = 0;
  using Item = std::pair<Cost, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> heap;
  heap.push({0, first_state});
  std::vector<std::pair<StepCost, int>> ways;
  StepCost problem;
  while (!heap.empty()) {
    const auto [cost, id] = heap.top();
    heap.pop();
    if (cost != s.cost[static_cast<size_t>(id)] || s.stops[static_cast<size_t>(id)]) continue;
    const Hex from = map_->extent().hex(static_cast<size_t>(id / states()));
    const int state = id % states();
    const bool first = id == first_state;
    for (int d = 0; d < 6; ++d) {
      options(from, state, d, first, *s.mover, s, ways, problem);
      for (const auto& [step, next_state] : ways) {
        Cost arrival = cost + step.total;
        bool stop = step.stop;
        if (arrival > allowance) {
          if (!(first && rules_->one_hex_minimum)) continue;
          arrival = allowance;  // CWR 3.0c: the one-hex move uses everything
          stop = true;
        }
        const int to_id = static_cast<int>(map_->extent().index(step.to)) * states() + next_state;
        if (arrival < s.cost[static_cast<size_t>(to_id)]) {
          s.cost[static_cast<size_t>(to_id)] = arrival;
          s.previous[static_cast<size_t>(to_id)] = id;
          s.stops[static_cast<size_t>(to_id)] = stop;
          heap.push({arrival, to_id});
        }
      }
    }
  }
}

std::vector<Reach> MovementSearch::reachable(Hex start, const Mover& mover, const Situation& situation) const {
  if (!map_->on_map(start)) throw std::invalid_argument("the start hex is not on the map");
  Search s = prepare(mover, situation);
  run(s, start, mover.allowance);
  std::vector<Reach> out;
  for (size_t cell = 0; cell < map_->extent().size(); ++cell) {
    Cost best = kUnreached;
    bool stop = true;
    for (int st = 0; st < states(); ++st) {
      const size_t id = cell * static_cast<size_t>(states()) + static_cast<size_t>(st);
      if (s.cost[id] < best || (s.cost[id] == best && !s.stops[id])) {
        best = s.cost[id];
        stop = s.stops[id];
      }
    }
    if (best != kUnreached) out.push_back({map_->extent().hex(cell), mover.allowance - best, stop});
  }
  return out;
}

std::optional<PathCost> MovementSearch::cheapest_path(Hex from, Hex to, const Mover& mover,
                                                      const Situation& situation) const {
  if (!map_->on_map(from) || !map_->on_map(to)) throw std::invalid_argument("a path's ends must be on the map");
  Search s = prepare(mover, situation);
  run(s, from, INT32_MAX / 2);
  int best = -1;
  for (int st = 0; st < states(); ++st) {
    const int id = static_cast<int>(map_->extent().index(to)) * states() + st;
    if (s.cost[static_cast<size_t>(id)] != kUnreached && (best < 0 || s.cost[static_cast<size_t>(id)] < s.cost[static_cast<size_t>(best)])) {
      best = id;
    }
  }
  if (best < 0) return std::nullopt;
  std::vector<Hex> hexes;
  for (int id = best; id >= 0; id = s.previous[static_cast<size_t>(id)]) {
    hexes.push_back(map_->extent().hex(static_cast<size_t>(id / states())));
  }
  std::reverse(hexes.begin(), hexes.end());
  return explain(hexes, mover, situation);
}

PathCost MovementSearch::explain(const std::vector<Hex>& path, const Mover& mover, const Situation& situation) const {
  PathCost result;
  if (path.size() < 2) return result;
  const Search s = prepare(mover, situation);
  const HexTopology& topology = map_->topology();
  // Cheapest way along the fixed hexes, per line state: cost, and the steps that led there.
  struct Way {
    Cost cost = kUnreached;
    std::vector<StepCost> steps;
    bool stopped = false;
  };
  std::vector<Way> ways(static_cast<size_t>(states()));
  ways[0].cost = 0;
  std::vector<std::pair<StepCost, int>> options_here;
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    const auto d = topology.direction(path[i], path[i + 1]);
    std::vector<Way> next(static_cast<size_t>(states()));
    StepCost problem;
    problem.from = path[i];
    problem.to = path[i + 1];
    if (!d) {
      problem.problem = StepProblem::kNotAdjacent;
      problem.reason = "is not adjacent";
    }
    for (int st = 0; d && st < states(); ++st) {
      const Way& way = ways[static_cast<size_t>(st)];
      if (way.cost == kUnreached) continue;
      if (way.stopped) {
        problem = way.steps.back();
        problem.from = path[i];
        problem.to = path[i + 1];
        problem.problem = StepProblem::kAfterStop;
        problem.reason = "goes on after movement had to stop";
        continue;
      }
      StepCost why;
      options(path[i], st, *d, i == 0, mover, s, options_here, why);
      if (options_here.empty() && problem.problem == StepProblem::kNone) problem = why;
      for (const auto& [step, to_state] : options_here) {
        Way& w = next[static_cast<size_t>(to_state)];
        if (way.cost + step.total < w.cost) {
          w.cost = way.cost + step.total;
          w.steps = way.steps;
          w.steps.push_back(step);
          w.stopped = step.stop;
        }
      }
    }
    if (std::all_of(next.begin(), next.end(), [](const Way& w) { return w.cost == kUnreached; })) {
      const Way& best = *std::min_element(ways.begin(), ways.end(), [](const Way& a, const Way& b) { return a.cost < b.cost; });
      result.steps = best.steps;
      result.steps.push_back(problem);
      result.total = best.cost;
      result.legal = false;
      result.reason = "step " + std::to_string(i + 1) + ": " + problem.reason;
      return result;
    }
    ways = std::move(next);
  }
  const Way& best = *std::min_element(ways.begin(), ways.end(), [](const Way& a, const Way& b) { return a.cost < b.cost; });
  result.steps = best.steps;
  result.total = best.cost;
  if (result.total > mover.allowance && !(rules_->one_hex_minimum && path.size() == 2)) {
    result.legal = false;
    result.reason = "costs " + cost_text(result.total) + " MP, over the allowance of " + cost_text(mover.allowance);
  }
  return result;
}

}  // namespace adjutant::core
