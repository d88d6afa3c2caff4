// What one step of a game did to its pieces: created, removed, moved, changed properties.
// Format-free: the file layer fills it in while replaying a log, reports and plugins read it.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace adjutant {

struct PiecePlace {
  std::string map;  // "" when off every map
  int x = 0;
  int y = 0;
  bool operator==(const PiecePlace&) const = default;
};

struct PropertyChange {
  std::string name;
  std::string before;
  std::string after;
  bool operator==(const PropertyChange&) const = default;
};

struct PieceEffect {
  std::string id;
  std::string name;
  bool created = false;
  bool removed = false;
  std::optional<PiecePlace> from;  // set with `to` when the piece moved
  std::optional<PiecePlace> to;
  std::vector<PropertyChange> changed;
  bool moved() const { return from && to && *from != *to; }
};

struct StepEffect {
  size_t index = 0;  // 0-based step number in the log
  std::vector<PieceEffect> pieces;
  std::vector<std::string> chat;   // chat lines the step posted
  std::vector<std::string> other;  // everything else, one line each ("property Turn: 1 -> 2")
  // One line per effect, e.g. "moved III/266/266 (1168285239254) Normandy (1477,1536) -> (1532,1504)".
  std::vector<std::string> describe() const;
};

// Changed, added (before "") and removed (after "") properties, sorted by name.
std::vector<PropertyChange> diff_properties(const std::map<std::string, std::string>& before,
                                            const std::map<std::string, std::string>& after);

}  // namespace adjutant
