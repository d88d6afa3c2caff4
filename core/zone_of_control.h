// Zones of control as the movement search sees them (issue 4, part 2): for one step from a hex to
// an adjacent one, the cost a zone adds, whether the mover must stop, whether the step is
// forbidden, and an effect to report (LFM: leaving disorganizes). ZoneOfControl is the interface
// (a plugin may implement it); HexZones is the parameterized model of the rigid hex zones of
// Lee Moves North, CWR and Last Full Measure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/hex.h"
#include "core/movement_rules.h"
#include "core/terrain.h"

namespace adjutant::core {

struct ZocStep {
  Cost cost = 0;
  bool stop = false;        // movement ends in `to`
  bool prohibited = false;  // the step may not be made
  std::string reason;       // why prohibited, or what the cost is for
  std::string effect;       // something that happens to the mover ("disorganized"), for the report
};

class ZoneOfControl {
 public:
  virtual ~ZoneOfControl() = default;
  // The step from `from` to the adjacent `to`; `first` when it is the move's first step.
  virtual ZocStep step(Hex from, Hex to, bool first) const = 0;
  // Whether an enemy zone covers the hex (for reports and queries).
  virtual bool controlled(Hex h) const = 0;
};

// No zones at all.
class NoZones : public ZoneOfControl {
 public:
  ZocStep step(Hex, Hex, bool) const override { return {}; }
  bool controlled(Hex) const override { return false; }
};

// An enemy unit exerting a zone: all six hexes around it, or with a facing the three frontal ones
// (the facing direction and its two neighbours, HexTopology's directions).
struct ZocSource {
  Hex hex;
  std::optional<int> facing;
};

struct HexZoneRules {
  Cost enter_cost = 0;          // LMN 7: +2 to enter
  Cost leave_cost = 0;          // LMN 7: +1 to leave
  bool stop_on_enter = false;   // CWR, LFM: entering ends movement
  bool zone_to_zone = true;     // false, LMN and CWR: no step directly from one zoned hex to another
  bool own_hex = false;         // LFM: the source's own hex is in its zone
  FeatureSet blocked_by = 0;    // hexside features a zone does not extend across (LMN: river, mountain)
  std::string leave_effect;     // LFM: "disorganized"
};

class HexZones : public ZoneOfControl {
 public:
  // `negated`: hexes a zone does not extend into (LMN: hexes with units friendly to the mover,
  // or friendly fortifications).
  HexZones(const TerrainModel& map, const std::vector<ZocSource>& sources, HexZoneRules rules,
           const std::vector<Hex>& negated = {});
  ZocStep step(Hex from, Hex to, bool first) const override;
  bool controlled(Hex h) const override;

 private:
  const TerrainModel* map_;
  HexZoneRules rules_;
  std::vector<bool> zoned_;  // per hex of map_->extent()
};

}  // namespace adjutant::core
