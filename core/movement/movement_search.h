// The movement search: Dijkstra over (hex, how it was entered) on one map's
// terrain, with the costs of core/movement_rules.h and a zone-of-control model. Answers the hexes a
// mover reaches with the MP it has left, the cheapest path between two hexes, and the cost of an
// explicit path step by step with the reason a step is illegal.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/movement/movement_rules.h"
#include "core/hexes/terrain.h"
#include "core/movement/zone_of_control.h"

namespace adjutant::core {

// A unit of the mover's side that stays where it is: what stacking penalties count.
struct FriendlyUnit {
  Hex hex;
  int unit_class = 0;  // MovementRules::classes id; -1 for a unit without one (a fortification)
  KindSet kinds = 0;
};

// The position a move is made in.
struct Situation {
  std::vector<Hex> enemy_hexes;           // hexes holding enemy units
  const ZoneOfControl* zones = nullptr;   // enemy zones; nullptr for none
  std::vector<FriendlyUnit> friendly;     // the mover's side's other units (not the mover's own)
};

// What moves: one unit, or a stack moving together. Each step costs the most any member pays, and
// the stack has its slowest member's allowance (so it stops when that member is exhausted).
struct Mover {
  std::vector<int> classes;  // unit class ids (MovementRules::classes), one per member
  Cost allowance = 0;
  // Non-empty: the mover may not enter an enemy zone of control, and why (LFM: "is shattered",
  // "is not in command").
  std::string barred_from_zones;
};

enum class StepProblem {
  kNone,
  kNotAdjacent,
  kOffMap,
  kProhibitedTerrain,
  kProhibitedHexside,
  kEnemyHex,
  kZone,
  kBarredFromZone,
  kLinesDoNotConnect,
  kAfterStop,
};

struct StepCost {
  Hex from;
  Hex to;
  Cost terrain = 0;    // entering the hex cross-country
  Cost hexside = 0;    // features crossed (uphill included), less those a line cancels
  Cost line = 0;       // entering along a line
  int line_type = -1;  // the line followed; -1 cross-country
  Cost zone = 0;
  Cost enemy = 0;
  Cost stacking = 0;   // entering and leaving hexes with friendly units
  Cost total = 0;
  bool stop = false;   // movement ends here (enemy hex, zone)
  std::string effect;  // from the zone model ("disorganized")
  StepProblem problem = StepProblem::kNone;
  std::string reason;  // why the step is illegal
};

struct PathCost {
  std::vector<StepCost> steps;
  Cost total = 0;
  bool legal = true;
  std::string reason;  // the first problem, with the step it is at
};

struct Reach {
  Hex hex;
  Cost left = 0;        // MP left on arriving by the cheapest way
  bool must_stop = false;
};

class MovementSearch {
 public:
  // Throws std::invalid_argument when the rules do not fit the map's vocabulary. The map's
  // hexsides and lines are read here: make a new search after changing them.
  MovementSearch(const TerrainModel& map, const MovementRules& rules);

  // Every hex the mover can end in (the start included), each once, nearest first.
  std::vector<Reach> reachable(Hex start, const Mover& mover, const Situation& situation) const;
  // The cheapest legal path whatever the allowance (nullopt when there is none); `legal` says
  // whether the allowance covers it.
  std::optional<PathCost> cheapest_path(Hex from, Hex to, const Mover& mover, const Situation& situation) const;
  // The cost of this path (the cheapest way to follow it: along lines or not), step by step.
  PathCost explain(const std::vector<Hex>& path, const Mover& mover, const Situation& situation) const;

  const TerrainModel& map() const { return *map_; }
  const MovementRules& rules() const { return *rules_; }

 private:
  struct Search;
  struct Option;
  struct Refusal;
  struct Workspace;
  Search prepare(const Mover& mover, const Situation& situation) const;
  // The ways to make the step from `cell` towards `direction`, arriving in search state `state`;
  // returns how many were written to `out`; `why` says why when none.
  int options(size_t cell, int state, int direction, bool first, const Search& search, Option* out, Refusal& why) const;
  StepCost described(const Option& option, Hex from, Hex to) const;
  StepCost described(const Refusal& refusal, const Search& search, Hex from, Hex to) const;
  // Dijkstra from `start`; stops early once `target` (a cell) is settled.
  void run(const Search& search, Workspace& work, size_t start, Cost allowance, long target) const;

  const TerrainModel* map_;
  const MovementRules* rules_;
  int line_types_;
  // What a step from a cell towards a direction crosses, as read from the map when the search was
  // made; most hexsides have nothing, so steps share a few of these (small arrays stay in cache).
  struct Crossing {
    FeatureSet features = 0;
    FeatureSet uphill = 0;  // of those, the ones climbed in this direction
    LineSet lines = 0;
    bool operator==(const Crossing&) const = default;
  };
  std::vector<int32_t> neighbours_;  // per (cell, direction): the neighbouring cell, or -1 off the map
  std::vector<uint32_t> crossing_;   // per (cell, direction): index into crossings_
  std::vector<Crossing> crossings_;
};

}  // namespace adjutant::core
