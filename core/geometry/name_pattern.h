// The regular expressions VASSAL builds to parse a location name (RegularGridNumbering and
// Zone.getLocation), as a small matcher with java.util.regex's greedy, backtracking semantics:
// literal text, numeric groups -?[0-9]{n,}, alphabetic groups -?(?:A+|B+|...|Z+) and (.*).
// Matching is memoized, so hostile names cannot make it run long.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant::core {

class NamePattern {
 public:
  // Pattern.quote(text).
  void add_literal(std::string_view text);
  // Each returns the 1-based group number, as Matcher.group(n) counts.
  int add_number(int min_digits);  // (-?[0-9]{min_digits,})
  int add_letters();               // (-?(?:A+|B+|...|Z+))
  int add_any();                   // (.*)

  bool empty() const { return parts_.empty(); }
  int group_count() const { return groups_; }

  // Matcher.matches() on the whole text: the text of every group (index 0 is group 1), or nullopt.
  std::optional<std::vector<std::string_view>> match(std::string_view text) const;

 private:
  enum class Kind { kLiteral, kNumber, kLetters, kAny };
  struct Part {
    Kind kind;
    std::string literal;
    int min_digits = 0;
  };
  std::vector<Part> parts_;
  int groups_ = 0;
};

}  // namespace adjutant::core
