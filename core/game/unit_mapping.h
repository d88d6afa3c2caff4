// How VASSAL pieces become rule units: where each unit attribute (side, type, strength, movement
// allowance, ratings, rank, subordination ... as a companion file declares them) comes from, and
// rules that match pieces by name, prototype or property value and set attributes. Plain data as a
// companion file gives it (vmod/companion.h), plus `resolve`, which applies it to one piece.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace adjutant::core {

// '*' matches any run of characters, '?' one character, everything else itself (case matters).
bool glob_match(std::string_view pattern, std::string_view text);

using StringPairs = std::vector<std::pair<std::string, std::string>>;

// Where one attribute's value comes from on every piece.
struct AttributeSource {
  enum class From {
    kProperty,   // a piece property, by VASSAL's name ("Side", "Strength_Level" ...)
    kLayer,      // a layer (Embellishment): its active level's number, or its name
    kPrototype,  // the first listed prototype the piece uses gives the value
    kValue,      // the same value for every piece
  };
  From from = From::kProperty;
  std::string name;          // kProperty: the property; kLayer: the layer
  bool level_name = false;   // kLayer: read `<layer>_Name` instead of `<layer>_Level`
  // kPrototype: prototype -> value, in file order. Otherwise an optional translation of the raw
  // value (raw -> value); raw values not listed pass through unchanged.
  StringPairs values;
  std::string value;         // kValue
  int line = 0;              // where a file defined it (0: built in code)
};

// Every given condition must hold; an empty match matches every piece.
struct PieceMatch {
  std::string name;        // glob on the piece's name
  std::string prototype;   // glob on one of the prototypes the piece uses
  StringPairs properties;  // property -> glob on its value; a missing property never matches
};

struct UnitRule {
  PieceMatch match;
  StringPairs set;            // attribute -> value
  std::optional<bool> unit;   // false: matching pieces are not units (markers, chart counters)
  int line = 0;
};

// What `resolve` needs to know of a piece.
struct PieceView {
  std::string name;
  std::vector<std::string> prototypes;  // the prototypes it uses (outermost first)
  std::function<std::optional<std::string>(std::string_view)> property;  // nullopt: no such property
};

struct UnitMapping {
  std::vector<std::string> attributes;                 // the declared attribute names, in order
  std::vector<std::pair<std::string, AttributeSource>> sources;  // attribute -> source, file order
  std::vector<UnitRule> rules;                         // in file order

  bool empty() const { return sources.empty() && rules.empty(); }
  const AttributeSource* source(std::string_view attribute) const;
  // The piece's attributes: each source that yields a value, then every matching rule in order
  // (a later rule overrides an earlier one). nullopt when the last matching rule that says
  // `unit` says false.
  std::optional<std::map<std::string, std::string>> resolve(const PieceView& piece) const;
};

bool matches(const PieceMatch& match, const PieceView& piece);

}  // namespace adjutant::core
