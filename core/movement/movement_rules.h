// Movement costs as data: per unit class, the cost to enter each terrain type,
// the cost added for crossing each hexside feature (and for crossing it uphill), the cost of moving
// along each line type and which hexside features that line cancels ("a road negates slope cost
// but not ford cost"), plus the rules about enemy hexes, connecting roads (LIN 8.2) and the
// one-hex minimum move (CWR 3.0c). Ids are those of a core::TerrainVocabulary.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/hexes/terrain.h"

namespace adjutant::core {

// Movement points in sixths, so that 1/2 and 1/3 MP are exact.
using Cost = int32_t;
inline constexpr Cost kMP = 6;
inline constexpr Cost kProhibited = -1;

// A set of unit class ids (bit i: class i).
using ClassSet = uint64_t;
inline constexpr int kMaxUnitClasses = 64;
inline constexpr ClassSet kEveryClass = ~ClassSet{0};
constexpr ClassSet class_bit(int id) { return ClassSet{1} << id; }

// A set of unit kinds (bit i: the i-th kind a companion file's [movement] declares): what zone and
// stacking rules name apart from movement classes (LMN: combat units, leaders, fortifications; a
// fortification never moves and has no class).
using KindSet = uint64_t;
inline constexpr int kMaxUnitKinds = 64;
constexpr KindSet kind_bit(int id) { return KindSet{1} << id; }

struct ClassCosts {
  std::string name;                       // "infantry", "cavalry", "artillery" ...
  std::vector<Cost> terrain;              // per terrain type: cost to enter, or kProhibited
  std::vector<Cost> hexside;              // per hexside feature: added when crossing, or kProhibited
  std::vector<Cost> uphill;               // per hexside feature: added when crossing towards its high side
  std::vector<Cost> line;                 // per line type: cost to enter along it, or kProhibited (not usable)
  std::vector<FeatureSet> line_negates;   // per line type: hexside features whose costs that line cancels
  // Stacking penalties, paid when the hex entered (or left) holds other friendly units of a class
  // in `stacks_with` and none of a class in `stacks_free_with` or a kind in
  // `stacks_free_with_kinds`: LMN 9.1 infantry +1 and +1 with other infantry, none where a
  // fortification stands (15.1A); CWR +2 and +2 with friendly combat units.
  Cost stack_enter = 0;
  Cost stack_leave = 0;
  ClassSet stacks_with = kEveryClass;
  ClassSet stacks_free_with = 0;
  KindSet stacks_free_with_kinds = 0;
  // Whether a hex holding friendly units of these classes and kinds charges this class a stacking penalty.
  bool stacking_penalty(ClassSet present, KindSet kinds = 0) const {
    return (present & stacks_with) && !(present & stacks_free_with) && !(kinds & stacks_free_with_kinds);
  }
  // What crossing a hexside costs: its features (less `negated`, those a line cancels), plus the
  // uphill extras of those climbed; kProhibited when one is prohibited.
  Cost crossing(FeatureSet features, FeatureSet uphill_features, FeatureSet negated) const {
    Cost sum = 0;
    for (FeatureSet left = features & ~negated; left; left &= left - 1) {
      const int f = std::countr_zero(left);
      const Cost cost = cost_at(hexside, f);
      if (cost == kProhibited) return kProhibited;
      sum += cost;
      if (uphill_features & feature_bit(f)) {
        const Cost up = cost_at(uphill, f);
        if (up == kProhibited) return kProhibited;
        sum += up;
      }
    }
    return sum;
  }
  // An entry of a per-id cost vector; 0 past its end.
  static Cost cost_at(const std::vector<Cost>& costs, int id) {
    return static_cast<size_t>(id) < costs.size() ? costs[static_cast<size_t>(id)] : 0;
  }
};

// A stacking limit: the units of one side in one hex, of the classes counted, may total at most
// `most`: units counted, or a unit attribute summed (CWR 16 SP per hex; LFM 16 SP plus 6 SP of
// artillery is two limits).
struct StackLimit {
  int64_t most = 0;
  std::string measure;               // the unit attribute summed ("strength"); empty: units counted
  ClassSet classes = kEveryClass;
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
  std::vector<StackLimit> stack_limits;  // judged at the end of a move and in set-ups

  // The id of a unit class; std::invalid_argument naming the known classes otherwise.
  int class_id(std::string_view name) const;
  // The names of the classes in a set, comma separated ("every class" for all of them).
  std::string class_names(ClassSet set) const;
  // At most kMaxUnitClasses classes; every class has a cost for every terrain type, and no more
  // entries than the vocabulary has words; std::invalid_argument naming the class and what is
  // missing otherwise.
  void check(const TerrainVocabulary& vocabulary) const;
};

// "2", "1/2", "1 1/3", "prohibited" as a Cost; std::invalid_argument otherwise.
Cost parse_cost(std::string_view text);
// A Cost as people write it: "2", "1/2", "1 1/3", "prohibited".
std::string cost_text(Cost cost);

}  // namespace adjutant::core
