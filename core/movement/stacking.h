// Stacking limits judged: the units of one side in one hex (at the end of a move, or in a set-up)
// against the [[movement.stack_limit]]s of a MovementRules, counting units or summing an attribute
// exactly ("1/2", "2.5" and "3" are all numbers).
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/movement/movement_rules.h"

namespace adjutant::core {

// A unit whose measured attribute is not a number; the message names the unit.
class StackingError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct StackedUnit {
  std::string name;        // for messages
  std::string unit_class;  // a class the rules do not know counts only towards limits on every class
  std::map<std::string, std::string> attributes;  // the unit's attributes from the companion file's [units]
};

// One sentence per limit the units exceed, in the rules' order: "18 strength of infantry, cavalry,
// over the limit of 16", "3 units, over the limit of 2". Empty when the stack is legal. Throws
// StackingError for a counted unit whose measured attribute is missing or not a number.
std::vector<std::string> over_stack_limits(const MovementRules& rules, const std::vector<StackedUnit>& units);

}  // namespace adjutant::core
