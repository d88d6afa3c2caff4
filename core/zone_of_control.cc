#include "core/zone_of_control.h"

#include <algorithm>

namespace adjutant::core {

HexZones::HexZones(const TerrainModel& map, const std::vector<ZocSource>& sources, HexZoneRules rules,
                   const std::vector<Hex>& negated)
    : map_(&map), rules_(std::move(rules)), zoned_(map.extent().size(), false) {
  const HexTopology& t = map.topology();
  for (const ZocSource& s : sources) {
    if (!map.on_map(s.hex)) continue;
    if (rules_.own_hex) zoned_[map.extent().index(s.hex)] = true;
    for (int d = 0; d < 6; ++d) {
      if (s.facing && d != *s.facing && d != (*s.facing + 1) % 6 && d != (*s.facing + 5) % 6) continue;
      const auto n = t.neighbour(s.hex, d);
      if (!n || !map.on_map(*n)) continue;
      if ((map.hexside_features(s.hex, d) & rules_.blocked_by) != 0) continue;
      zoned_[map.extent().index(*n)] = true;
    }
  }
  for (const Hex h : negated) {
    if (map.on_map(h)) zoned_[map.extent().index(h)] = false;
  }
}

bool HexZones::controlled(Hex h) const { return map_->on_map(h) && zoned_[map_->extent().index(h)]; }

ZocStep HexZones::step(Hex from, Hex to, bool) const {
  ZocStep s;
  const bool leaving = controlled(from), entering = controlled(to);
  if (leaving && entering && !rules_.zone_to_zone) {
    s.prohibited = true;
    s.reason = "moves directly from one enemy zone of control to another";
    return s;
  }
  if (leaving) {
    s.cost += rules_.leave_cost;
    s.effect = rules_.leave_effect;
  }
  if (entering) {
    s.cost += rules_.enter_cost;
    s.stop = rules_.stop_on_enter;
  }
  if (leaving || entering) s.reason = "enemy zone of control";
  return s;
}

}  // namespace adjutant::core
