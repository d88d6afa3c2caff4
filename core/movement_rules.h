// Movement costs as data (issue 4, part 1): per unit class, the cost to enter each terrain type,
// the cost added for crossing each hexside feature (and for crossing it uphill), the cost of moving
// along each line type and which hexside features that line cancels ("a road negates slope cost
// but not ford cost"), plus the rules about enemy hexes, connecting roads (LIN 8.2) and the
// one-hex minimum move (CWR 3.0c). Ids are those of a core::TerrainVocabulary.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/terrain.h"

namespace adjutant::core {

// Movement points in sixths, so that 1/2 and 1/3 MP are exact.
using Cost = int32_t;
inline constexpr Cost kMP = 6;
inline constexpr Cost kProhibited = -1;

struct ClassCosts {
  std::string name;                       // "infantry", "cavalry", "artillery" ...
  std::vector<Cost> terrain;              // per terrain type: cost to enter, or kProhibited
  std::vector<Cost> hexside;              // per hexside feature: added when crossing, or kProhibited
  std::vector<Cost> uphill;               // per hexside feature: added when crossing towards its high side
  std::vector<Cost> line;                 // per line type: cost to enter along it, or kProhibited (not usable)
  std::vector<FeatureSet> line_negates;   // per line type: hexside features whose costs that line cancels
};

enum class EnemyHexes {
  kProhibited,   // may not enter a hex holding enemy units
  kCostAndStop,  // may enter for `enemy_hex_cost` more, and stops there (LIN 8.3)
};

struct MovementRules {
  std::vector<ClassCosts> classes;
  EnemyHexes enemy_hexes = EnemyHexes::kProhibited;
  Cost enemy_hex_cost = 0;
  bool lines_must_connect = false;  // LIN 8.2: no leaving a hex on a road that does not connect with the one entered on
  bool one_hex_minimum = false;     // CWR 3.0c: a unit may always move one hex, whatever it costs

  // The id of a unit class; std::invalid_argument naming the known classes otherwise.
  int class_id(std::string_view name) const;
  // Every class has a cost for every terrain type, and no more entries than the vocabulary has
  // words; std::invalid_argument naming the class and what is missing otherwise.
  void check(const TerrainVocabulary& vocabulary) const;
};

// "2", "1/2", "1 1/3", "prohibited" as a Cost; std::invalid_argument otherwise.
Cost parse_cost(std::string_view text);
// A Cost as people write it: "2", "1/2", "1 1/3", "prohibited".
std::string cost_text(Cost cost);

}  // namespace adjutant::core
