// The movement search (issue 4, part 3): Dijkstra over (hex, how it was entered) on one map's
// terrain, with the costs of core/movement_rules.h and a zone-of-control model. Answers the hexes a
// mover reaches with the MP it has left, the cheapest path between two hexes, and the cost of an
// explicit path step by step with the reason a step is illegal.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/movement_rules.h"
#include "core/terrain.h"
#include "core/zone_of_control.h"

namespace adjutant::core {

// The position a move is made in.
struct Situation {
  std::vector<Hex> enemy_hexes;           // hexes holding enemy units
  const ZoneOfControl* zones = nullptr;   // enemy zones; nullptr for none
};

// What moves: one unit, or a stack moving together. Each step costs the most any member pays, and
// the stack has its slowest member's allowance (so it stops when that member is exhausted).
struct Mover {
  std::vector<int> classes;  // unit class ids (MovementRules::classes), one per member
  Cost allowance = 0;
};

enum class StepProblem {
  kNone,
  kNotAdjacent,
  kOffMap,
  kProhibitedTerrain,
  kProhibitedHexside,
  kEnemyHex,
  kZone,
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
  // Throws std::invalid_argument when the rules do not fit the map's vocabulary.
  MovementSearch(const TerrainModel& map, const MovementRules& rules);

  // Every hex the mover can end in (the start included), each once.
  std::vector<Reach> reachable(Hex start, const Mover& mover, const Situation& situation) const;
  // The cheapest legal path whatever the allowance (nullopt when there is none); `legal` says
  // whether the allowance covers it.
  std::optional<PathCost> cheapest_path(Hex from, Hex to, const Mover& mover, const Situation& situation) const;
  // The cost of this path (the cheapest way to follow it: along lines or not), step by step.
  PathCost explain(const std::vector<Hex>& path, const Mover& mover, const Situation& situation) const;

 private:
  struct Search;
  // The ways to make one step, entering from line state `state` (0: not along a line; else
  // 1 + type * 6 + the side it was entered by). Valid ones only; `problem` gets the reason when none.
  void options(Hex from, int state, int direction, bool first, const Mover& mover, const Search& search,
               std::vector<std::pair<StepCost, int>>& out, StepCost& problem) const;
  Search prepare(const Mover& mover, const Situation& situation) const;
  void run(Search& search, Hex start, Cost allowance) const;
  int states() const { return 1 + line_types_ * 6; }

  const TerrainModel* map_;
  const MovementRules* rules_;
  int line_types_;
};

}  // namespace adjutant::core
