#include "core/movement/trace.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <stdexcept>

#include "core/movement/workspace_pool.h"

namespace adjutant::core {

namespace {

// Per-cell marks a request sets.
enum : uint8_t { kTarget = 1, kDirect = 2, kBlocked = 4, kStop = 8, kExempt = 16, kCut = 32 };
// What turned a step away, for the reason when there is no trace.
enum : uint8_t { kByEnemy = 1, kByZone = 2, kBySide = 4, kByTerrain = 8, kByLimit = 16, kByCut = 32 };

std::string count_text(Measure measure, Cost most) {
  return measure == Measure::kMP ? cost_text(most) + " MP" : std::to_string(most) + (most == 1 ? " hex" : " hexes");
}

// Per-state (cell * 2 + part) and per-cell arrays reused from trace to trace; generation stamps
// mark what this trace has touched, so nothing is cleared between traces.
struct Workspace {
  std::vector<Cost> cost;
  std::vector<int32_t> previous;
  std::vector<int8_t> line;
  std::vector<uint32_t> seen;
  std::vector<uint8_t> flags, zoned;
  std::vector<uint32_t> flags_seen, zoned_seen;
  uint32_t generation = 0;
  // The queue: a FIFO bucket per off-line cost (costs are small and only grow).
  std::vector<std::vector<int32_t>> buckets;
  std::vector<size_t> heads;

  void begin(size_t cells) {
    if (flags.size() < cells) {
      cost.resize(cells * 2);
      previous.resize(cells * 2);
      line.resize(cells * 2);
      seen.assign(cells * 2, 0);
      flags.resize(cells);
      zoned.resize(cells);
      flags_seen.assign(cells, 0);
      zoned_seen.assign(cells, 0);
      generation = 0;
    }
    if (++generation == 0) {
      std::fill(seen.begin(), seen.end(), 0);
      std::fill(flags_seen.begin(), flags_seen.end(), 0);
      std::fill(zoned_seen.begin(), zoned_seen.end(), 0);
      generation = 1;
    }
    for (auto& b : buckets) b.clear();
    std::fill(heads.begin(), heads.end(), 0);
  }
  uint8_t flag(size_t cell) const { return flags_seen[cell] == generation ? flags[cell] : 0; }
  void mark(size_t cell, uint8_t bit) {
    if (flags_seen[cell] != generation) {
      flags_seen[cell] = generation;
      flags[cell] = 0;
    }
    flags[cell] |= bit;
  }
  bool reached(size_t id) const { return seen[id] == generation; }
  void push(Cost c, int32_t id) {
    if (static_cast<size_t>(c) >= buckets.size()) {
      buckets.resize(static_cast<size_t>(c) + 1);
      heads.resize(static_cast<size_t>(c) + 1, 0);
    }
    buckets[static_cast<size_t>(c)].push_back(id);
  }
};

}  // namespace

Tracer::Tracer(const TerrainModel& map, const MovementRules* rules) : map_(&map), rules_(rules) {
  if (rules) rules->check(map.vocabulary());
  const HexExtent& extent = map.extent();
  neighbours_.assign(extent.size() * 6, -1);
  for (size_t cell = 0; cell < extent.size(); ++cell) {
    const Hex h = extent.hex(cell);
    if (!map.on_map(h)) continue;
    for (int d = 0; d < 6; ++d) {
      const auto n = map.topology().neighbour(h, d);
      if (n && map.on_map(*n)) neighbours_[cell * 6 + static_cast<size_t>(d)] = static_cast<int32_t>(extent.index(*n));
    }
  }
}

Cost Tracer::step_cost(const ClassCosts& k, size_t cell, int d, size_t to, int& line) const {
  const FeatureSet features = map_->hexside_features_at(cell, d);
  const FeatureSet uphill = map_->high_side_features_at(to, (d + 3) % 6);
  line = -1;
  Cost best = kProhibited;
  const Cost terrain = ClassCosts::cost_at(k.terrain, map_->terrain_at(to));
  if (terrain != kProhibited) {
    const Cost side = k.crossing(features, uphill, 0);
    if (side != kProhibited) best = terrain + side;
  }
  for (LineSet lines = map_->lines_across_at(cell, d); lines; lines &= lines - 1) {
    const int t = std::countr_zero(lines);
    if (static_cast<size_t>(t) >= k.line.size() || k.line[static_cast<size_t>(t)] == kProhibited) continue;
    const FeatureSet negated = static_cast<size_t>(t) < k.line_negates.size() ? k.line_negates[static_cast<size_t>(t)] : 0;
    const Cost side = k.crossing(features, uphill, negated);
    if (side == kProhibited) continue;
    const Cost total = k.line[static_cast<size_t>(t)] + side;
    if (best == kProhibited || total < best) {
      best = total;
      line = t;
    }
  }
  return best;
}

Trace Tracer::trace(Hex start, const TraceRequest& r) const {
  if (!map_->on_map(start)) throw std::invalid_argument("the start hex of a trace is not on the map");
  const ClassCosts* k = nullptr;
  if (r.measure == Measure::kMP || r.unit_class >= 0) {
    if (!rules_) throw std::invalid_argument("a trace measured in MP or for a unit class needs movement rules");
    if (r.unit_class < 0 || static_cast<size_t>(r.unit_class) >= rules_->classes.size()) {
      throw std::invalid_argument("unit class id " + std::to_string(r.unit_class) + " is not one of the rules' classes");
    }
    k = &rules_->classes[static_cast<size_t>(r.unit_class)];
  }
  const HexExtent& extent = map_->extent();
  Lease<Workspace> lease;
  Workspace& w = *lease;
  w.begin(extent.size());
  const auto mark = [&](const std::vector<Hex>& hexes, uint8_t bit) {
    for (const Hex h : hexes) {
      if (map_->on_map(h)) w.mark(extent.index(h), bit);
    }
  };
  mark(r.targets, kTarget);
  mark(r.direct_targets, kDirect);
  mark(r.blocked, kBlocked);
  mark(r.stops, kStop);
  mark(r.zone_exempt, kExempt);
  for (const LineCut& c : r.cut_lines) {
    if (map_->on_map(c.hex)) w.mark(extent.index(c.hex), kCut);
  }
  std::vector<size_t> cut_sides;  // (cell * 6 + direction), both ways
  for (const auto& [a, b] : r.cut_hexsides) {
    const auto d = map_->topology().direction(a, b);
    if (!d || !map_->on_map(a) || !map_->on_map(b)) continue;
    cut_sides.push_back(extent.index(a) * 6 + static_cast<size_t>(*d));
    cut_sides.push_back(extent.index(b) * 6 + static_cast<size_t>((*d + 3) % 6));
  }
  const auto lines_in = [&](size_t cell) {
    LineSet in = 0;
    for (int d = 0; d < 6; ++d) in |= map_->lines_across_at(cell, d);
    in &= r.lines;
    if (in && (w.flag(cell) & kCut)) {
      for (const LineCut& c : r.cut_lines) {
        if (map_->on_map(c.hex) && extent.index(c.hex) == cell) in &= ~c.lines;
      }
    }
    return in;
  };
  const bool zones = r.zones && r.zone_rule != ZoneRule::kIgnore;
  const HexZones* hex_zones = zones ? dynamic_cast<const HexZones*>(r.zones) : nullptr;
  const auto zoned = [&](size_t cell) {
    if (!zones || (w.flag(cell) & kExempt)) return false;
    if (w.zoned_seen[cell] != w.generation) {
      w.zoned_seen[cell] = w.generation;
      w.zoned[cell] = r.zones->controlled(extent.hex(cell));
    }
    return w.zoned[cell] != 0;
  };

  const size_t first = extent.index(start);
  uint8_t refused = 0;
  const auto relax = [&](size_t id, Cost c, int32_t from, int line) {
    if (w.reached(id) && w.cost[id] <= c) return;
    w.seen[id] = w.generation;
    w.cost[id] = c;
    w.previous[id] = from;
    w.line[id] = static_cast<int8_t>(line);
    w.push(c, static_cast<int32_t>(id));
  };
  const Cost start_cost =
      r.measure == Measure::kHexes && r.count_start && !(r.line_hexes_free && lines_in(first)) ? 1 : 0;
  long found = -1;
  if (start_cost <= r.most) relax(first * 2, start_cost, -1, -1);
  else refused |= kByLimit;
  for (size_t c = 0; c < w.buckets.size() && found < 0; ++c) {
    for (; w.heads[c] < w.buckets[c].size(); ++w.heads[c]) {
      const size_t id = static_cast<size_t>(w.buckets[c][w.heads[c]]);
      if (w.cost[id] != static_cast<Cost>(c)) continue;
      const size_t cell = id / 2;
      const bool on_line = id % 2;
      const uint8_t here = w.flag(cell);
      if ((here & kTarget) || (!on_line && (here & kDirect))) {
        found = static_cast<long>(id);
        break;
      }
      if (!on_line && lines_in(cell)) relax(cell * 2 + 1, w.cost[id], static_cast<int32_t>(id), -1);
      if (cell != first && ((here & kStop) || (r.zone_rule == ZoneRule::kNoPassage && zoned(cell)))) continue;
      for (int d = 0; d < 6; ++d) {
        const int32_t next = neighbours_[cell * 6 + static_cast<size_t>(d)];
        if (next < 0) continue;
        const size_t to = static_cast<size_t>(next);
        const uint8_t there = w.flag(to);
        if (there & kBlocked) {
          refused |= kByEnemy;
          continue;
        }
        if (r.zone_rule == ZoneRule::kNoEntry && zoned(to)) {
          refused |= kByZone;
          continue;
        }
        const bool cut_side = !cut_sides.empty() &&
                              std::find(cut_sides.begin(), cut_sides.end(), cell * 6 + static_cast<size_t>(d)) != cut_sides.end();
        const FeatureSet features = map_->hexside_features_at(cell, d);
        if ((features & r.blocked_sides) && (!(features & r.unblocked_by) || cut_side)) {
          refused |= kBySide;
          continue;
        }
        if (on_line) {
          LineSet along = map_->lines_across_at(cell, d) & r.lines;
          if (along && (cut_side || (there & kCut))) {
            along = cut_side ? 0 : along & lines_in(to);
            if (!along) refused |= kByCut;
          }
          if (along) relax(to * 2 + 1, static_cast<Cost>(c), static_cast<int32_t>(id), std::countr_zero(along));
          continue;
        }
        int line = -1;
        Cost step = 1;
        if (r.measure == Measure::kHexes) {
          if (k && step_cost(*k, cell, d, to, line) == kProhibited) {
            refused |= kByTerrain;
            continue;
          }
          line = -1;
          // A line hex is not counted when the line part begins there; crossed, it counts.
          if (r.line_hexes_free && lines_in(to)) relax(to * 2 + 1, static_cast<Cost>(c), static_cast<int32_t>(id), -1);
        } else {
          step = step_cost(*k, cell, d, to, line);
          if (step == kProhibited) {
            refused |= kByTerrain;
            continue;
          }
          if (r.zone_rule == ZoneRule::kPayCost && zones && !(there & kExempt)) {
            const StepContext context{cell == first, false};
            step += hex_zones ? hex_zones->step_cells(cell, to, context).cost
                              : r.zones->step(extent.hex(cell), extent.hex(to), context).cost;
          }
        }
        if (static_cast<Cost>(c) + step > r.most) {
          refused |= kByLimit;
          continue;
        }
        relax(to * 2, static_cast<Cost>(c) + step, static_cast<int32_t>(id), line);
      }
    }
  }

  Trace out;
  if (found < 0) {
    out.reason = "no trace to a target within " + count_text(r.measure, r.most);
    if (r.lines) {
      std::string names;
      for (LineSet left = r.lines; left; left &= left - 1) {
        const int t = std::countr_zero(left);
        if (t < map_->vocabulary().lines.size()) names += (names.empty() ? "" : ", ") + map_->vocabulary().lines.name(t);
      }
      out.reason += " off the lines (" + names + ")";
    }
    std::string by;
    const auto add = [&](uint8_t bit, const std::string& what) {
      if (refused & bit) by += (by.empty() ? "" : ", ") + what;
    };
    add(kByEnemy, "enemy units");
    add(kByZone, "enemy zones of control");
    add(kBySide, "hexsides that may not be crossed");
    add(kByTerrain, "prohibited terrain");
    add(kByCut, "destroyed bridges or lines");
    if (!by.empty()) out.reason += "; in the way: " + by;
    return out;
  }
  std::vector<size_t> ids;
  for (long id = found; id >= 0; id = w.previous[static_cast<size_t>(id)]) ids.push_back(static_cast<size_t>(id));
  std::reverse(ids.begin(), ids.end());
  for (const size_t id : ids) {
    const Hex h = extent.hex(id / 2);
    if (!out.path.empty() && out.path.back().hex == h) {  // where the line part begins
      out.path.back().on_line = true;
      continue;
    }
    out.path.push_back({h, w.cost[id], id % 2 == 1, w.line[id]});
  }
  out.found = true;
  out.used = w.cost[static_cast<size_t>(found)];
  return out;
}

std::vector<Hex> place_hexes(const TerrainModel& map, int kind, const std::function<bool(const Place&)>& keep) {
  std::vector<Hex> out;
  for (const Place& p : map.places()) {
    if (p.kind == kind && (!keep || keep(p))) out.insert(out.end(), p.hexes.begin(), p.hexes.end());
  }
  return out;
}

}  // namespace adjutant::core
