// Constrained tracing (issue 5, part 1): a search whose legality depends on the shape of the path
// (lines of communication, supply lines, command radii). One primitive, Tracer::trace, searches
// from a hex to any of a set of targets in two parts: an off-line part bounded in hexes or in MP
// (a unit class's costs from core/movement_rules.h), then an unbounded part along given line types
// (roads, railroads), with blocked hexes and hexsides, zones of control and exceptions. Presets
// per rule build its parameters; docs/tracing.md lists them with the choices made.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/movement_rules.h"
#include "core/terrain.h"
#include "core/zone_of_control.h"

namespace adjutant::core {

enum class Measure {
  kHexes,  // each hex entered off the lines counts 1
  kMP,     // the unit class's movement cost (terrain, hexsides, road rate), plus zone costs if paid
};

enum class ZoneRule {
  kIgnore,     // zones have no effect (LIN 7.2, 11)
  kPayCost,    // the MP a zone adds to a step are paid (LIN 10.2)
  kNoEntry,    // zoned hexes may not be entered (LMN 16)
  kNoPassage,  // zoned hexes may be entered but not left (CWR 9.3, 8.4b; LFM 20.11)
};

// Hexes the along-line part may not enter along these line types (a destroyed rail line hex).
struct LineCut {
  Hex hex;
  LineSet lines = ~LineSet{0};
};

struct TraceRequest {
  std::vector<Hex> targets;         // reached off the lines or along them
  std::vector<Hex> direct_targets;  // reached by the off-line part only (LMN 16.4: the depot feeds no rail line)

  // The off-line part, at most `most` hexes or MP (sixths, as Cost).
  Measure measure = Measure::kHexes;
  Cost most = 0;
  int unit_class = 0;              // kMP: the MovementRules class whose costs count
  bool line_hexes_free = false;    // kHexes: a hex of `lines` where the along-line part begins does not count ("non-road hexes")
  bool count_start = false;        // kHexes: the start hex counts too, when it would

  // The along-line part: any distance along `lines`, each hex entered through a hexside its line
  // crosses; it may begin in any hex holding one of them and never returns off the lines. 0: none.
  LineSet lines = 0;
  std::vector<std::pair<Hex, Hex>> cut_hexsides;  // no line is followed across; `unblocked_by` does not count there
  std::vector<LineCut> cut_lines;

  // In both parts; the start hex is never blocked.
  std::vector<Hex> blocked;        // may not be entered (enemy units)
  std::vector<Hex> stops;          // may be entered, not left (CWR 9.3: another command's combat units)
  FeatureSet blocked_sides = 0;    // hexside features not crossed (LIN 7.2: major river) ...
  FeatureSet unblocked_by = 0;     // ... unless the hexside also has one of these (a bridge)
  const ZoneOfControl* zones = nullptr;
  ZoneRule zone_rule = ZoneRule::kIgnore;
  std::vector<Hex> zone_exempt;    // hexes where zones do not count (a friendly unit there)
};

// One hex of a trace.
struct TraceHex {
  Hex hex;
  Cost used = 0;         // the off-line measure so far: hexes, or MP in sixths
  bool on_line = false;  // part of the along-line part
  int line = -1;         // the line type followed into the hex; -1 cross-country, and for the start
};

struct Trace {
  bool found = false;
  std::vector<TraceHex> path;  // start first, target last
  Cost used = 0;               // the off-line measure of the whole trace (the least possible)
  std::string reason;          // why there is none
};

class Tracer {
 public:
  // `rules` (kept by pointer) are needed only for Measure::kMP; std::invalid_argument when they do
  // not fit the map's vocabulary. The map's hexsides are read here.
  explicit Tracer(const TerrainModel& map, const MovementRules* rules = nullptr);

  // The trace using the least off-line measure to the nearest target; among those, not always the
  // fewest hexes. std::invalid_argument for a start off the map, or kMP without rules.
  Trace trace(Hex start, const TraceRequest& request) const;

  const TerrainModel& map() const { return *map_; }

 private:
  Cost step_cost(const ClassCosts& k, size_t cell, int direction, size_t to, int& line) const;

  const TerrainModel* map_;
  const MovementRules* rules_;
  std::vector<int32_t> neighbours_;  // per (cell, direction): the neighbouring cell, or -1 off the map
};

// The hexes of the map's places of one kind (a depot), those `keep` accepts when given.
std::vector<Hex> place_hexes(const TerrainModel& map, int kind, const std::function<bool(const Place&)>& keep = {});

// ---- Presets, one per rule ----

// The position a trace is made in.
struct TracePosition {
  std::vector<Hex> enemy;                // hexes holding enemy units (combat units, where the rule says so)
  const ZoneOfControl* zones = nullptr;  // enemy zones of control
  std::vector<Hex> friendly;             // hexes holding the tracing side's units (combat units, where the rule says so)
};

// LIN 7.2 line of communications: at most four non-road hexes (the start not counted, option) to a
// road or rail hex, then any distance along road or rail to a target: a friendly depot (for a
// department leader or cavalry commander) or Lee (for a corps leader; Lee must then trace
// himself). Not through enemy units; no part across a major river without a bridge; the road or
// rail part not across a destroyed bridge nor into a destroyed rail hex. Zones have no effect.
struct LinLoc {
  LineSet lines = 0;          // road and rail types
  FeatureSet major_river = 0;
  FeatureSet bridge = 0;
  std::vector<std::pair<Hex, Hex>> destroyed_bridges;
  std::vector<LineCut> destroyed_rail;
  int off_road = 4;
  bool count_start = false;   // rules catalogue 1F.6
};
TraceRequest lin_line_of_communication(const LinLoc& terms, const TracePosition& position, std::vector<Hex> targets);

// LIN 10.2 combat supply: an undepleted wagon within 2 MP, or else a depot within 4 MP, with the
// unit's movement costs and the zones' costs; not through enemy combat units (position.enemy) except
// the unit's own (battle) hex.
Trace lin_combat_supply(const Tracer& tracer, Hex unit, int unit_class, const std::vector<Hex>& wagons,
                        const std::vector<Hex>& depots, const TracePosition& position);

// LIN 11 attrition exemption: a friendly depot within 4 MP with the unit's movement costs, not
// through enemy units. Zones are ignored unless `pay_zones` (the rule does not mention them).
TraceRequest lin_attrition_exemption(int unit_class, std::vector<Hex> depots, const TracePosition& position,
                                     bool pay_zones = false);

// LMN 16 supply: within 6 hexes of a source, or of a rail hex from which an unblocked rail line
// leads to one, is supplied; 7-12 unsupplied; beyond, isolated. Enemy units and enemy zones block
// every part. The CSA depot is a source only if it traces at most 10 hexes (no rail) to another
// source, and feeds no rail line.
enum class SupplyState { kSupplied, kUnsupplied, kIsolated };
struct LmnSupply {
  std::vector<Hex> sources;
  std::optional<Hex> depot;
  LineSet rail = 0;
};
struct LmnSupplyResult {
  SupplyState state = SupplyState::kIsolated;
  Trace trace;               // the unit's, to 12 hexes
  bool depot_source = false; // whether the depot could act as a source
};
LmnSupplyResult lmn_supply(const Tracer& tracer, Hex unit, const LmnSupply& terms, const TracePosition& position);
std::string to_string(SupplyState state);

// CWR 9.3 command radius: `radius` MP with the leader's movement costs; impassable terrain, enemy
// units and enemy zones block it (a zoned hex may be the last, and a friendly combat unit's hex is
// not zoned); `other_command` hexes (a brigade's radius: another command's combat units) may be
// entered, not passed.
TraceRequest cwr_command_radius(int leader_class, Cost radius, std::vector<Hex> targets, const TracePosition& position,
                                std::vector<Hex> other_command = {});

// CWR 8.4b artillery ammunition: at most 10 non-road hexes from the battery, then roads (primary,
// secondary, trail: `roads`) any distance to the Army Supply Train or its entry hex; not through
// enemy units nor through an enemy zone unless a friendly combat unit is there.
TraceRequest cwr_artillery_ammunition(LineSet roads, std::vector<Hex> train, const TracePosition& position);

// LFM 20.11 command: within `range` hexes (8 from the army commander, 5 from corps and division
// commanders), through zones of influence (they do not count), into but not through an enemy zone
// unless a friendly unit is in that hex.
TraceRequest lfm_command(int range, std::vector<Hex> targets, const TracePosition& position);

}  // namespace adjutant::core
