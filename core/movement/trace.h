// Constrained tracing: a search whose legality depends on the shape of the path (lines of
// communication, supply lines, command radii). One primitive, Tracer::trace, searches from a hex to
// any of a set of targets in two parts: an off-line part bounded in hexes or in MP (a unit class's
// costs from core/movement_rules.h), then an unbounded part along given line types (roads,
// railroads), with blocked hexes and hexsides, zones of control and exceptions. The rules that set
// these parameters live with the game plugins (docs/tracing.md).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/movement/movement_rules.h"
#include "core/hexes/terrain.h"
#include "core/movement/zone_of_control.h"

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
  // The MovementRules class whose costs count (kMP); with kHexes, when given (>= 0), the hexes
  // it may not enter and hexsides it may not cross are not traced through (LMN 14: ocean,
  // mountain hexsides). -1: none.
  int unit_class = -1;
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
  // `rules` (kept by pointer) are needed only for Measure::kMP and a request's unit_class;
  // std::invalid_argument when they do not fit the map's vocabulary. The map's hexsides are read here.
  explicit Tracer(const TerrainModel& map, const MovementRules* rules = nullptr);

  // The trace using the least off-line measure to the nearest target; among those, not always the
  // fewest hexes. std::invalid_argument for a start off the map, or kMP or a unit_class without rules.
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

}  // namespace adjutant::core
