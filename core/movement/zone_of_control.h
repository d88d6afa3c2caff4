// Zones of control as the movement search sees them: for one step from a hex to
// an adjacent one, the cost a zone adds, whether the mover must stop, whether the step is
// forbidden, and an effect to report (LFM: leaving disorganizes). ZoneOfControl is the interface
// (a plugin may implement it, in C++ or Python); HexZones is the parameterized model that covers
// the four zones of the rulebooks: LIN cavalry zones by facing with rings, the rigid six-hex zones
// of Lee Moves North, CWR's frontal zones and Last Full Measure's zones.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry/hex.h"
#include "core/movement/movement_rules.h"
#include "core/hexes/terrain.h"

namespace adjutant::core {

struct ZocStep {
  Cost cost = 0;
  bool stop = false;        // movement ends in `to`
  bool prohibited = false;  // the step may not be made
  // Why prohibited, or what the cost is for; and something that happens to the mover
  // ("disorganized"). Views of text the zone model owns for as long as it lives.
  std::string_view reason;
  std::string_view effect;
};

// What the zone model may need to know about the move a step belongs to.
struct StepContext {
  bool first = false;      // the move's first step
  bool used_line = false;  // an earlier step of this move went along a line (road rate)
};

class ZoneOfControl {
 public:
  virtual ~ZoneOfControl() = default;
  // The step from `from` to the adjacent `to`, both on the map.
  virtual ZocStep step(Hex from, Hex to, const StepContext& context) const = 0;
  // Whether an enemy zone covers the hex (for reports and queries).
  virtual bool controlled(Hex h) const = 0;
  // Whether step() reads StepContext::used_line (the search then keeps track of it).
  virtual bool reads_line_use() const { return false; }
};

// No zones at all.
class NoZones : public ZoneOfControl {
 public:
  ZocStep step(Hex, Hex, const StepContext&) const override { return {}; }
  bool controlled(Hex) const override { return false; }
};

// An enemy unit exerting a zone: outwards in all six directions, or with a facing through its
// three frontal hexsides only (the facing direction and its two neighbours, HexTopology's
// directions).
struct ZocSource {
  Hex hex;
  std::optional<int> facing;
};

// A unit standing on the map, as the zones of one move see it: of the mover's side or an enemy,
// its kinds, and for an enemy whether its class and state let it exert a zone (and its facing).
struct ZoneUnit {
  Hex hex;
  bool friendly = false;
  KindSet kinds = 0;
  bool exerts = false;
  std::optional<int> facing;
};

struct HexZoneRules {
  // The cost to enter a zoned hex, per ring: {2 MP} for LMN; {2 MP, 1 MP} for LIN Confederate
  // cavalry, whose zone reaches two hexes out. The zone is as many rings deep as there are costs.
  // Where zones overlap, the greatest cost applies (LIN 8.4).
  std::vector<Cost> enter_cost = {0};
  Cost leave_cost = 0;          // LMN 7: +1 to leave
  bool stop_on_enter = false;   // CWR, LFM: entering ends movement
  bool zone_to_zone = true;     // false, LMN and CWR: no step directly from one zoned hex to another
  bool own_hex = false;         // LFM: the source's own hex is in its zone
  bool no_entry_after_line = false;  // LFM: a unit that used road rate this move may not enter
  FeatureSet blocked_by = 0;    // hexside features a zone does not extend across (LMN: river, mountain) ...
  FeatureSet unblocked_by = 0;  // ... unless the hexside also has one of these (LIN: a bridge)
  std::vector<int> blocked_terrain;  // terrain ids a zone never enters (LIN: ridge)
  std::string leave_effect;     // LFM: "disorganized"
  // Read when zones are made from units: a zone never extends into a hex holding a unit of the
  // mover's side of these kinds (LMN 8.1B combat units, 8.2D fortifications), and a unit stacked
  // with a unit of its own side of these kinds exerts none (LMN 8.2D, 15.3C: a fortification).
  KindSet not_into = 0;
  KindSet none_stacked_with = 0;
};

class HexZones : public ZoneOfControl {
 public:
  // `negated`: hexes a zone does not extend into (LMN: hexes with units friendly to the mover,
  // or friendly fortifications). `barriers`: hexes a zone covers but does not extend past (LIN:
  // a hex holding the mover's side's combat units).
  HexZones(const TerrainModel& map, const std::vector<ZocSource>& sources, HexZoneRules rules,
           const std::vector<Hex>& negated = {}, const std::vector<Hex>& barriers = {});
  // The zones of a position: the sources are the enemy units that exert one (less those stacked
  // with an enemy unit of a `none_stacked_with` kind), and no zone enters a hex holding a unit of
  // the mover's side of a `not_into` kind.
  static HexZones from_units(const TerrainModel& map, const std::vector<ZoneUnit>& units, HexZoneRules rules,
                             const std::vector<Hex>& barriers = {});
  ZocStep step(Hex from, Hex to, const StepContext& context) const override;
  bool controlled(Hex h) const override;
  // step() by cells of the map's extent (on-map hexes): what the search calls, without the virtual
  // call and the conversion to hexes.
  ZocStep step_cells(size_t from, size_t to, const StepContext& context) const;
  bool reads_line_use() const override { return rules_.no_entry_after_line; }
  // The cost to enter h (0 outside every zone).
  Cost entry_cost(Hex h) const;

 private:
  static constexpr Cost kOutside = -1;
  Cost at(Hex h) const { return map_->extent().covers(h) ? entry_[map_->extent().index(h)] : kOutside; }
  void spread(const std::vector<ZocSource>& sources, const std::vector<Hex>& negated, const std::vector<Hex>& barriers);

  const TerrainModel* map_;
  HexZoneRules rules_;
  std::vector<Cost> entry_;  // per hex of map_->extent(): the cost to enter, or kOutside
};

}  // namespace adjutant::core
