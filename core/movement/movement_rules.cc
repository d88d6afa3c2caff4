#include "core/movement/movement_rules.h"

#include <charconv>
#include <numeric>
#include <stdexcept>

namespace adjutant::core {
namespace {

int whole(std::string_view text) {
  int v = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error != std::errc{} || end != text.data() + text.size() || v < 0) {
    throw std::invalid_argument("'" + std::string(text) + "' is not a whole number of movement points");
  }
  return v;
}

// "a/b" with b dividing 6.
Cost fraction(std::string_view text) {
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) return whole(text) * kMP;
  const int numerator = whole(text.substr(0, slash)), denominator = whole(text.substr(slash + 1));
  if (denominator == 0 || kMP % denominator != 0) {
    throw std::invalid_argument("movement cost '" + std::string(text) + "': only halves, thirds and sixths are exact");
  }
  return numerator * (kMP / denominator);
}

}  // namespace

Cost parse_cost(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text == "prohibited") return kProhibited;
  if (text.empty()) throw std::invalid_argument("empty movement cost");
  const size_t space = text.find(' ');
  if (space == std::string_view::npos) return fraction(text);
  return whole(text.substr(0, space)) * kMP + fraction(text.substr(space + 1));
}

std::string cost_text(Cost cost) {
  if (cost == kProhibited) return "prohibited";
  const int whole_part = cost / kMP, rest = cost % kMP;
  if (rest == 0) return std::to_string(whole_part);
  const int g = std::gcd(rest, kMP);
  const std::string part = std::to_string(rest / g) + "/" + std::to_string(kMP / g);
  return whole_part ? std::to_string(whole_part) + " " + part : part;
}

int MovementRules::class_id(std::string_view name) const {
  std::string known;
  for (size_t i = 0; i < classes.size(); ++i) {
    if (classes[i].name == name) return static_cast<int>(i);
    known += (known.empty() ? "" : ", ") + classes[i].name;
  }
  throw std::invalid_argument("unknown unit class '" + std::string(name) + "' (the classes are " +
                              (known.empty() ? "none" : known) + ")");
}

std::string MovementRules::class_names(ClassSet set) const {
  std::string names;
  bool every = true;
  for (size_t i = 0; i < classes.size(); ++i) {
    if (set & class_bit(static_cast<int>(i))) {
      names += (names.empty() ? "" : ", ") + classes[i].name;
    } else {
      every = false;
    }
  }
  return every ? "every class" : names.empty() ? "no class" : names;
}

void MovementRules::check(const TerrainVocabulary& v) const {
  if (classes.empty()) throw std::invalid_argument("the movement rules name no unit class");
  if (classes.size() > static_cast<size_t>(kMaxUnitClasses)) {
    throw std::invalid_argument("the movement rules name " + std::to_string(classes.size()) + " unit classes; at most " +
                                std::to_string(kMaxUnitClasses) + " are supported");
  }
  for (const ClassCosts& c : classes) {
    for (int t = 0; t < v.terrain.size(); ++t) {
      if (static_cast<size_t>(t) >= c.terrain.size()) {
        throw std::invalid_argument("unit class '" + c.name + "' has no cost to enter terrain '" + v.terrain.name(t) + "'");
      }
    }
    const auto too_long = [&](size_t size, int words, const char* what) {
      if (size > static_cast<size_t>(words)) {
        throw std::invalid_argument("unit class '" + c.name + "' has more " + what + " costs than the vocabulary has words");
      }
    };
    too_long(c.terrain.size(), v.terrain.size(), "terrain");
    too_long(c.hexside.size(), v.hexside.size(), "hexside");
    too_long(c.uphill.size(), v.hexside.size(), "uphill");
    too_long(c.line.size(), v.lines.size(), "line");
    too_long(c.line_negates.size(), v.lines.size(), "line-negation");
  }
}

}  // namespace adjutant::core
