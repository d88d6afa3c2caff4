#include "core/movement/zone_of_control.h"

#include <algorithm>
#include <stdexcept>

namespace adjutant::core {
namespace {

// The directions a source's zone spreads in: all six, or its three frontal ones.
std::vector<int> spread_directions(const ZocSource& s) {
  if (!s.facing) return {0, 1, 2, 3, 4, 5};
  if (*s.facing < 0 || *s.facing > 5) throw std::invalid_argument("a zone's facing must be a direction 0..5");
  return {(*s.facing + 5) % 6, *s.facing, (*s.facing + 1) % 6};
}

}  // namespace

HexZones::HexZones(const TerrainModel& map, const std::vector<ZocSource>& sources, HexZoneRules rules,
                   const std::vector<Hex>& negated, const std::vector<Hex>& barriers)
    : map_(&map), rules_(std::move(rules)), entry_(map.extent().size(), kOutside) {
  spread(sources, negated, barriers);
}

HexZones HexZones::from_units(const TerrainModel& map, const std::vector<ZoneUnit>& units, HexZoneRules rules,
                              const std::vector<Hex>& barriers) {
  std::vector<ZocSource> sources;
  std::vector<Hex> negated;
  const auto stacked_with = [&](Hex h, bool friendly, KindSet kinds) {
    return kinds && std::any_of(units.begin(), units.end(), [&](const ZoneUnit& u) {
             return u.hex == h && u.friendly == friendly && (u.kinds & kinds);
           });
  };
  for (const ZoneUnit& u : units) {
    if (u.friendly) {
      if (u.kinds & rules.not_into) negated.push_back(u.hex);
    } else if (u.exerts && !stacked_with(u.hex, false, rules.none_stacked_with)) {
      sources.push_back({u.hex, u.facing});
    }
  }
  return HexZones(map, sources, std::move(rules), negated, barriers);
}

void HexZones::spread(const std::vector<ZocSource>& sources, const std::vector<Hex>& negated,
                      const std::vector<Hex>& barriers) {
  if (rules_.enter_cost.empty()) throw std::invalid_argument("a zone needs an entry cost for at least one ring");
  const TerrainModel& map = *map_;
  const HexTopology& t = map.topology();
  const HexExtent& extent = map.extent();
  std::vector<bool> negated_cell(extent.size(), false), barrier_cell(extent.size(), false);
  for (const Hex h : negated) {
    if (map.on_map(h)) negated_cell[extent.index(h)] = true;
  }
  for (const Hex h : barriers) {
    if (map.on_map(h)) barrier_cell[extent.index(h)] = true;
  }
  const auto blocked_terrain = [&](Hex h) {
    return std::find(rules_.blocked_terrain.begin(), rules_.blocked_terrain.end(), map.terrain(h)) != rules_.blocked_terrain.end();
  };
  const auto cover = [&](Hex h, Cost cost) {
    Cost& e = entry_[extent.index(h)];
    e = std::max(e, cost);
  };
  for (const ZocSource& s : sources) {
    if (!map.on_map(s.hex)) continue;
    if (rules_.own_hex) cover(s.hex, rules_.enter_cost.front());
    const std::vector<int> directions = spread_directions(s);
    std::vector<Hex> ring = {s.hex};
    for (size_t depth = 0; depth < rules_.enter_cost.size(); ++depth) {
      std::vector<Hex> next;
      for (const Hex from : ring) {
        if (depth > 0 && barrier_cell[extent.index(from)]) continue;
        for (const int d : directions) {
          const auto n = t.neighbour(from, d);
          if (!n || !map.on_map(*n) || *n == s.hex || t.distance(s.hex, *n) != static_cast<int>(depth) + 1) continue;
          const FeatureSet side = map.hexside_features(from, d);
          if ((side & rules_.blocked_by) && !(side & rules_.unblocked_by)) continue;
          if (blocked_terrain(*n) || negated_cell[extent.index(*n)]) continue;
          cover(*n, rules_.enter_cost[depth]);
          if (std::find(next.begin(), next.end(), *n) == next.end()) next.push_back(*n);
        }
      }
      ring = std::move(next);
    }
  }
}

bool HexZones::controlled(Hex h) const { return at(h) != kOutside; }

Cost HexZones::entry_cost(Hex h) const { return std::max<Cost>(at(h), 0); }

ZocStep HexZones::step(Hex from, Hex to, const StepContext& context) const {
  if (!map_->on_map(from) || !map_->on_map(to)) return {};
  return step_cells(map_->extent().index(from), map_->extent().index(to), context);
}

ZocStep HexZones::step_cells(size_t from, size_t to, const StepContext& context) const {
  ZocStep s;
  const Cost leaving = entry_[from], entering = entry_[to];
  if (leaving == kOutside && entering == kOutside) return s;
  s.reason = "enemy zone of control";
  if (leaving != kOutside && entering != kOutside && !rules_.zone_to_zone) {
    s.prohibited = true;
    s.reason = "moves directly from one enemy zone of control to another";
    return s;
  }
  if (entering != kOutside && rules_.no_entry_after_line && context.used_line) {
    s.prohibited = true;
    s.reason = "enters an enemy zone of control after moving at road rate";
    return s;
  }
  if (leaving != kOutside) {
    s.cost += rules_.leave_cost;
    s.effect = rules_.leave_effect;
  }
  if (entering != kOutside) {
    s.cost += entering;
    s.stop = rules_.stop_on_enter;
  }
  return s;
}

}  // namespace adjutant::core
