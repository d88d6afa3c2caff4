#include "core/movement/movement_search.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <tuple>

#include "core/movement/workspace_pool.h"

namespace adjutant::core {

// One search's fixed inputs, and the layout of its states: a state is the hex plus, when the rules
// need them, the line and hexside it was entered along (LIN 8.2) and whether the move has used a
// line (LFM).
struct MovementSearch::Search {
  std::vector<int> classes;  // the mover's distinct classes
  std::string_view barred;   // Mover::barred_from_zones
  const ZoneOfControl* zones = nullptr;
  const HexZones* hex_zones = nullptr;  // zones, when they are HexZones (called without converting cells to hexes)
  std::vector<uint8_t> enemy;  // per cell
  std::vector<ClassSet> friends;  // per cell: the classes of friendly units there; empty: no stacking penalty
  std::vector<KindSet> friend_kinds;  // per cell: their kinds
  int line_states = 1;
  bool track_line_use = false;
  int states = 1;
};

// One way to make a step (cross-country, or along one line type).
struct MovementSearch::Option {
  Cost terrain = 0, hexside = 0, line = 0, zone = 0, enemy = 0, stacking = 0, total = 0;
  int line_type = -1;
  int next_state = 0;
  bool stop = false;
  std::string_view effect;
};

// Why a step cannot be made; turned into words only when a report needs them.
struct MovementSearch::Refusal {
  StepProblem problem = StepProblem::kNone;
  int unit_class = -1;
  std::string_view zone_reason;
};

namespace {

// Dijkstra's queue for whole-sixth costs: a bucket per cost up to kBuckets (costs only grow, so
// popping walks the buckets once), a heap for anything dearer.
class CostQueue {
 public:
  void clear() {
    for (Cost c = 0; c <= highest_ && c < kBuckets; ++c) buckets_[static_cast<size_t>(c)].clear();
    current_ = 0;
    highest_ = -1;
    overflow_.clear();
  }
  void push(Cost cost, int32_t id) {
    if (cost >= kBuckets) {
      overflow_.push_back((static_cast<uint64_t>(cost) << 32) | static_cast<uint32_t>(id));
      std::push_heap(overflow_.begin(), overflow_.end(), std::greater<>());
      return;
    }
    if (static_cast<size_t>(cost) >= buckets_.size()) buckets_.resize(static_cast<size_t>(cost) + 1);
    buckets_[static_cast<size_t>(cost)].push_back(id);
    highest_ = std::max(highest_, cost);
  }
  // The cheapest entry; false when empty.
  bool pop(Cost& cost, int32_t& id) {
    for (; current_ <= highest_; ++current_) {
      auto& bucket = buckets_[static_cast<size_t>(current_)];
      if (!bucket.empty()) {
        cost = current_;
        id = bucket.back();
        bucket.pop_back();
        return true;
      }
    }
    if (overflow_.empty()) return false;
    std::pop_heap(overflow_.begin(), overflow_.end(), std::greater<>());
    cost = static_cast<Cost>(overflow_.back() >> 32);
    id = static_cast<int32_t>(overflow_.back() & 0xffffffffu);
    overflow_.pop_back();
    return true;
  }

 private:
  static constexpr Cost kBuckets = 1 << 14;
  std::vector<std::vector<int32_t>> buckets_;
  Cost current_ = 0;
  Cost highest_ = -1;
  std::vector<uint64_t> overflow_;
};

}  // namespace

// Per-state arrays reused from search to search (a generation stamp marks what this search has
// reached, so nothing is cleared between searches).
struct MovementSearch::Workspace {
  std::vector<Cost> cost;
  std::vector<int32_t> previous;
  std::vector<uint8_t> stop;
  std::vector<uint32_t> seen;       // per state
  std::vector<uint32_t> cell_seen;  // per cell
  uint32_t generation = 0;
  std::vector<size_t> cells;        // cells in the order first reached
  CostQueue queue;

  void begin(size_t cell_count, size_t states) {
    if (seen.size() < cell_count * states || cell_seen.size() < cell_count) {
      cost.resize(cell_count * states);
      previous.resize(cell_count * states);
      stop.resize(cell_count * states);
      seen.assign(cell_count * states, 0);
      cell_seen.assign(cell_count, 0);
      generation = 0;
    }
    if (++generation == 0) {
      std::fill(seen.begin(), seen.end(), 0);
      std::fill(cell_seen.begin(), cell_seen.end(), 0);
      generation = 1;
    }
    cells.clear();
    queue.clear();
  }
  bool reached(size_t id) const { return seen[id] == generation; }
  void reach(size_t cell, size_t id, Cost c, int32_t from, bool stops) {
    if (cell_seen[cell] != generation) {
      cell_seen[cell] = generation;
      cells.push_back(cell);
    }
    seen[id] = generation;
    cost[id] = c;
    previous[id] = from;
    stop[id] = stops;
  }
};

namespace {

constexpr Cost kUnreached = INT32_MAX;

}  // namespace

MovementSearch::MovementSearch(const TerrainModel& map, const MovementRules& rules)
    : map_(&map), rules_(&rules), line_types_(map.vocabulary().lines.size()) {
  rules.check(map.vocabulary());
  const HexExtent& extent = map.extent();
  neighbours_.assign(extent.size() * 6, -1);
  crossing_.assign(extent.size() * 6, 0);
  crossings_.push_back(Crossing{});
  std::map<std::tuple<FeatureSet, FeatureSet, LineSet>, uint32_t> known{{{0, 0, 0}, 0}};
  for (size_t cell = 0; cell < extent.size(); ++cell) {
    const Hex h = extent.hex(cell);
    if (!map.on_map(h)) continue;
    for (int d = 0; d < 6; ++d) {
      const auto n = map.topology().neighbour(h, d);
      if (!n || !map.on_map(*n)) continue;
      const size_t to = extent.index(*n), side = cell * 6 + static_cast<size_t>(d);
      neighbours_[side] = static_cast<int32_t>(to);
      const Crossing c{map.hexside_features_at(cell, d), map.high_side_features_at(to, (d + 3) % 6),
                       map.lines_across_at(cell, d)};
      const auto [it, added] = known.try_emplace({c.features, c.uphill, c.lines}, static_cast<uint32_t>(crossings_.size()));
      if (added) crossings_.push_back(c);
      crossing_[side] = it->second;
    }
  }
}

MovementSearch::Search MovementSearch::prepare(const Mover& mover, const Situation& situation) const {
  if (mover.classes.empty()) throw std::invalid_argument("a mover needs at least one unit class");
  Search s;
  for (const int c : mover.classes) {
    if (c < 0 || static_cast<size_t>(c) >= rules_->classes.size()) {
      throw std::invalid_argument("unit class id " + std::to_string(c) + " is not one of the rules' " +
                                  std::to_string(rules_->classes.size()) + " classes");
    }
    if (std::find(s.classes.begin(), s.classes.end(), c) == s.classes.end()) s.classes.push_back(c);
  }
  s.barred = mover.barred_from_zones;
  s.zones = situation.zones;
  s.hex_zones = dynamic_cast<const HexZones*>(situation.zones);
  s.enemy.assign(map_->extent().size(), 0);
  for (const Hex h : situation.enemy_hexes) {
    if (map_->on_map(h)) s.enemy[map_->extent().index(h)] = 1;
  }
  const bool penalties = std::any_of(s.classes.begin(), s.classes.end(), [&](int c) {
    const ClassCosts& k = rules_->classes[static_cast<size_t>(c)];
    return k.stack_enter > 0 || k.stack_leave > 0;
  });
  if (penalties && !situation.friendly.empty()) {
    s.friends.assign(map_->extent().size(), 0);
    s.friend_kinds.assign(map_->extent().size(), 0);
    for (const FriendlyUnit& u : situation.friendly) {
      if (u.unit_class < -1 || u.unit_class >= static_cast<int>(rules_->classes.size())) {
        throw std::invalid_argument("friendly unit class id " + std::to_string(u.unit_class) + " is not one of the rules' classes");
      }
      if (!map_->on_map(u.hex)) continue;
      const size_t cell = map_->extent().index(u.hex);
      if (u.unit_class >= 0) s.friends[cell] |= class_bit(u.unit_class);
      s.friend_kinds[cell] |= u.kinds;
    }
  }
  s.line_states = rules_->lines_must_connect ? 1 + line_types_ * 6 : 1;
  s.track_line_use = s.zones && s.zones->reads_line_use();
  s.states = s.line_states * (s.track_line_use ? 2 : 1);
  return s;
}

int MovementSearch::options(size_t cell, int state, int d, bool first, const Search& s, Option* out, Refusal& why) const {
  why = Refusal{};
  const int32_t next = neighbours_[cell * 6 + static_cast<size_t>(d)];
  if (next < 0) {
    why.problem = StepProblem::kOffMap;
    return 0;
  }
  const size_t to = static_cast<size_t>(next);
  const int back = (d + 3) % 6;
  const Crossing& crossed = crossings_[crossing_[cell * 6 + static_cast<size_t>(d)]];
  const FeatureSet features = crossed.features, uphill = crossed.uphill;
  const int line_part = state % s.line_states;
  const bool used_line = state >= s.line_states;

  Option base;
  if (s.enemy[to]) {
    if (rules_->enemy_hexes == EnemyHexes::kProhibited) {
      why.problem = StepProblem::kEnemyHex;
      return 0;
    }
    base.enemy = rules_->enemy_hex_cost;
    base.stop = true;
  }
  if (s.zones) {
    const StepContext context{first, used_line};
    const ZocStep z = s.hex_zones ? s.hex_zones->step_cells(cell, to, context)
                                  : s.zones->step(map_->extent().hex(cell), map_->extent().hex(to), context);
    if (z.prohibited) {
      why.problem = StepProblem::kZone;
      why.zone_reason = z.reason;
      return 0;
    }
    if (!s.barred.empty() && s.zones->controlled(map_->extent().hex(to))) {
      why.problem = StepProblem::kBarredFromZone;
      return 0;
    }
    base.zone = z.cost;
    base.stop = base.stop || z.stop;
    base.effect = z.effect;
  }
  // The stacking penalty one class pays for this step.
  const auto stacking = [&](const ClassCosts& k) {
    if (s.friends.empty()) return Cost{0};
    return (k.stacking_penalty(s.friends[to], s.friend_kinds[to]) ? k.stack_enter : 0) +
           (k.stacking_penalty(s.friends[cell], s.friend_kinds[cell]) ? k.stack_leave : 0);
  };
  const auto state_after = [&](int line_type) {
    const bool used = s.track_line_use && (used_line || line_type >= 0);
    const int part = line_type >= 0 && rules_->lines_must_connect ? 1 + line_type * 6 + back : 0;
    return part + (used ? s.line_states : 0);
  };

  int count = 0;
  // Cross-country: terrain plus every hexside feature, for the member that pays most.
  {
    Option o = base;
    Cost worst = -1;
    for (const int id : s.classes) {
      const ClassCosts& k = rules_->classes[static_cast<size_t>(id)];
      const Cost terrain = ClassCosts::cost_at(k.terrain, map_->terrain_at(to));
      const Cost side = terrain == kProhibited ? kProhibited : k.crossing(features, uphill, 0);
      if (side == kProhibited) {
        why.problem = terrain == kProhibited ? StepProblem::kProhibitedTerrain : StepProblem::kProhibitedHexside;
        why.unit_class = id;
        worst = -1;
        break;
      }
      const Cost stack = stacking(k);
      if (terrain + side + stack > worst) {  // the breakdown of the member that pays most
        worst = terrain + side + stack;
        o.terrain = terrain;
        o.hexside = side;
        o.stacking = stack;
      }
    }
    if (worst >= 0) {
      o.total = worst + o.zone + o.enemy;
      o.next_state = state_after(-1);
      out[count++] = o;
    }
  }

  // Along each line crossing this hexside.
  for (LineSet lines = crossed.lines; lines; lines &= lines - 1) {
    const int t = std::countr_zero(lines);
    if (rules_->lines_must_connect && line_part > 0) {
      const int arrived_type = (line_part - 1) / 6, arrived_side = (line_part - 1) % 6;
      if (!map_->lines_connect_at(cell, arrived_side, arrived_type, d, t)) {
        if (count == 0) why.problem = StepProblem::kLinesDoNotConnect;
        continue;
      }
    }
    Option o = base;
    o.line_type = t;
    Cost worst = -1;
    for (const int id : s.classes) {
      const ClassCosts& k = rules_->classes[static_cast<size_t>(id)];
      // A class without a cost for this line type cannot use it.
      const Cost along = ClassCosts::cost_at(k.line, t);
      const bool usable = static_cast<size_t>(t) < k.line.size() && along != kProhibited;
      const FeatureSet negated = static_cast<size_t>(t) < k.line_negates.size() ? k.line_negates[static_cast<size_t>(t)] : 0;
      const Cost side = usable ? k.crossing(features, uphill, negated) : kProhibited;
      if (side == kProhibited) {
        worst = -1;
        break;
      }
      const Cost stack = stacking(k);
      if (along + side + stack > worst) {
        worst = along + side + stack;
        o.line = along;
        o.hexside = side;
        o.stacking = stack;
      }
    }
    if (worst >= 0) {
      o.total = worst + o.zone + o.enemy;
      o.next_state = state_after(t);
      out[count++] = o;
    }
  }
  return count;
}

void MovementSearch::run(const Search& s, Workspace& w, size_t start, Cost allowance, long target) const {
  const size_t states = static_cast<size_t>(s.states);
  w.begin(map_->extent().size(), states);
  const int32_t first = static_cast<int32_t>(start * states);
  w.reach(start, static_cast<size_t>(first), 0, -1, false);
  w.queue.push(0, first);
  Option ways[1 + kMaxLineTypes];
  Refusal why;
  Cost cost = 0;
  int32_t id = 0;
  while (w.queue.pop(cost, id)) {
    if (cost != w.cost[static_cast<size_t>(id)]) continue;
    const size_t cell = static_cast<size_t>(id) / states;
    if (static_cast<long>(cell) == target) return;
    if (w.stop[static_cast<size_t>(id)]) continue;
    const int state = static_cast<int>(static_cast<size_t>(id) % states);
    const bool first_step = id == first;
    for (int d = 0; d < 6; ++d) {
      const int32_t neighbour = neighbours_[cell * 6 + static_cast<size_t>(d)];
      if (neighbour < 0) continue;
      // With one state per hex, a hex already reached at no more than this cost cannot improve.
      if (states == 1 && w.reached(static_cast<size_t>(neighbour)) && w.cost[static_cast<size_t>(neighbour)] <= cost) continue;
      const int n = options(cell, state, d, first_step, s, ways, why);
      if (n == 0) continue;
      const size_t to_cell = static_cast<size_t>(neighbours_[cell * 6 + static_cast<size_t>(d)]);
      for (int k = 0; k < n; ++k) {
        Cost arrival = cost + ways[k].total;
        bool stop = ways[k].stop;
        if (arrival > allowance) {
          if (!(first_step && rules_->one_hex_minimum)) continue;
          arrival = allowance;  // CWR 3.0c: the one-hex move uses everything
          stop = true;
        }
        const size_t to_id = to_cell * states + static_cast<size_t>(ways[k].next_state);
        if (!w.reached(to_id) || arrival < w.cost[to_id]) {
          w.reach(to_cell, to_id, arrival, id, stop);
          w.queue.push(arrival, static_cast<int32_t>(to_id));
        }
      }
    }
  }
}

std::vector<Reach> MovementSearch::reachable(Hex start, const Mover& mover, const Situation& situation) const {
  if (!map_->on_map(start)) throw std::invalid_argument("the start hex is not on the map");
  const Search s = prepare(mover, situation);
  Lease<Workspace> lease;
  Workspace& w = *lease;
  run(s, w, map_->extent().index(start), mover.allowance, -1);
  const size_t states = static_cast<size_t>(s.states);
  std::vector<Reach> out;
  out.reserve(w.cells.size());
  for (const size_t cell : w.cells) {
    Cost best = kUnreached;
    bool stop = true;
    for (size_t i = cell * states; i < (cell + 1) * states; ++i) {
      if (w.reached(i) && (w.cost[i] < best || (w.cost[i] == best && !w.stop[i]))) {
        best = w.cost[i];
        stop = w.stop[i];
      }
    }
    out.push_back({map_->extent().hex(cell), mover.allowance - best, stop});
  }
  return out;
}

std::optional<PathCost> MovementSearch::cheapest_path(Hex from, Hex to, const Mover& mover,
                                                      const Situation& situation) const {
  if (!map_->on_map(from) || !map_->on_map(to)) throw std::invalid_argument("a path's ends must be on the map");
  const Search s = prepare(mover, situation);
  Lease<Workspace> lease;
  Workspace& w = *lease;
  const size_t target = map_->extent().index(to);
  run(s, w, map_->extent().index(from), INT32_MAX / 2, static_cast<long>(target));
  const size_t states = static_cast<size_t>(s.states);
  long best = -1;
  for (size_t i = target * states; i < (target + 1) * states; ++i) {
    if (w.reached(i) && (best < 0 || w.cost[i] < w.cost[static_cast<size_t>(best)])) best = static_cast<long>(i);
  }
  if (best < 0) return std::nullopt;
  std::vector<Hex> hexes;
  for (long id = best; id >= 0; id = w.previous[static_cast<size_t>(id)]) {
    hexes.push_back(map_->extent().hex(static_cast<size_t>(id) / states));
  }
  std::reverse(hexes.begin(), hexes.end());
  return explain(hexes, mover, situation);
}

StepCost MovementSearch::described(const Option& o, Hex from, Hex to) const {
  StepCost c;
  c.from = from;
  c.to = to;
  c.terrain = o.terrain;
  c.hexside = o.hexside;
  c.line = o.line;
  c.line_type = o.line_type;
  c.zone = o.zone;
  c.enemy = o.enemy;
  c.stacking = o.stacking;
  c.total = o.total;
  c.stop = o.stop;
  c.effect = std::string(o.effect);
  return c;
}

StepCost MovementSearch::described(const Refusal& r, const Search& s, Hex from, Hex to) const {
  StepCost c;
  c.from = from;
  c.to = to;
  c.problem = r.problem;
  const std::string unit = r.unit_class >= 0 ? rules_->classes[static_cast<size_t>(r.unit_class)].name : "";
  switch (r.problem) {
    case StepProblem::kNone: break;
    case StepProblem::kNotAdjacent: c.reason = "is not adjacent"; break;
    case StepProblem::kOffMap: c.reason = "leaves the map"; break;
    case StepProblem::kProhibitedTerrain: c.reason = unit + " may not enter " + map_->terrain_name(to); break;
    case StepProblem::kProhibitedHexside: {
      const ClassCosts& k = rules_->classes[static_cast<size_t>(r.unit_class)];
      std::string features;
      for (FeatureSet left = map_->hexside_features(from, to); left; left &= left - 1) {
        const int f = std::countr_zero(left);
        if (ClassCosts::cost_at(k.hexside, f) == kProhibited || ClassCosts::cost_at(k.uphill, f) == kProhibited) {
          features += (features.empty() ? "" : ", ") + map_->vocabulary().hexside.name(f);
        }
      }
      c.reason = unit + " may not cross the hexside (" + features + ")";
      break;
    }
    case StepProblem::kEnemyHex: c.reason = "enters a hex holding enemy units"; break;
    case StepProblem::kZone: c.reason = std::string(r.zone_reason); break;
    case StepProblem::kBarredFromZone: c.reason = "may not enter an enemy zone of control (" + std::string(s.barred) + ")"; break;
    case StepProblem::kLinesDoNotConnect: c.reason = "leaves on a road that does not connect with the one it entered on"; break;
    case StepProblem::kAfterStop: c.reason = "goes on after movement had to stop"; break;
  }
  return c;
}

PathCost MovementSearch::explain(const std::vector<Hex>& path, const Mover& mover, const Situation& situation) const {
  PathCost result;
  if (path.size() < 2) return result;
  for (const Hex h : path) {
    if (!map_->on_map(h)) throw std::invalid_argument("hex " + describe(map_->topology(), h) + " of the path is not on the map");
  }
  const Search s = prepare(mover, situation);
  const HexTopology& topology = map_->topology();
  // Cheapest way along the fixed hexes, per search state: cost, and the steps that led there.
  struct Way {
    Cost cost = kUnreached;
    std::vector<StepCost> steps;
    bool stopped = false;
  };
  const auto cheapest = [](const std::vector<Way>& ways) {
    return *std::min_element(ways.begin(), ways.end(), [](const Way& a, const Way& b) { return a.cost < b.cost; });
  };
  std::vector<Way> ways(static_cast<size_t>(s.states));
  ways[0].cost = 0;
  Option here[1 + kMaxLineTypes];
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    const auto d = topology.direction(path[i], path[i + 1]);
    std::vector<Way> next(static_cast<size_t>(s.states));
    Refusal first_refusal;
    first_refusal.problem = d ? StepProblem::kNone : StepProblem::kNotAdjacent;
    for (int st = 0; d && st < s.states; ++st) {
      const Way& way = ways[static_cast<size_t>(st)];
      if (way.cost == kUnreached) continue;
      if (way.stopped) {
        if (first_refusal.problem == StepProblem::kNone) first_refusal.problem = StepProblem::kAfterStop;
        continue;
      }
      Refusal why;
      const int n = options(map_->extent().index(path[i]), st, *d, i == 0, s, here, why);
      if (n == 0 && first_refusal.problem == StepProblem::kNone) first_refusal = why;
      for (int k = 0; k < n; ++k) {
        Way& w = next[static_cast<size_t>(here[k].next_state)];
        if (way.cost + here[k].total < w.cost) {
          w.cost = way.cost + here[k].total;
          w.steps = way.steps;
          w.steps.push_back(described(here[k], path[i], path[i + 1]));
          w.stopped = here[k].stop;
        }
      }
    }
    if (std::all_of(next.begin(), next.end(), [](const Way& w) { return w.cost == kUnreached; })) {
      const Way& best = cheapest(ways);
      const StepCost problem = described(first_refusal, s, path[i], path[i + 1]);
      result.steps = best.steps;
      result.steps.push_back(problem);
      result.total = best.cost;
      result.legal = false;
      result.reason = "step " + std::to_string(i + 1) + ": " + problem.reason;
      return result;
    }
    ways = std::move(next);
  }
  const Way& best = cheapest(ways);
  result.steps = best.steps;
  result.total = best.cost;
  if (result.total > mover.allowance && !(rules_->one_hex_minimum && path.size() == 2)) {
    result.legal = false;
    result.reason = "costs " + cost_text(result.total) + " MP, over the allowance of " + cost_text(mover.allowance);
  }
  return result;
}

}  // namespace adjutant::core
