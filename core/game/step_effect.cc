#include "core/game/step_effect.h"

namespace adjutant {
namespace {

std::string place_text(const PiecePlace& p) {
  if (p.map.empty()) return "off-map";
  return p.map + " (" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

std::string piece_label(const PieceEffect& e) { return (e.name.empty() ? "piece" : e.name) + " (" + e.id + ")"; }

}  // namespace

std::vector<std::string> StepEffect::describe() const {
  std::vector<std::string> lines;
  for (const PieceEffect& e : pieces) {
    if (e.created) lines.push_back("created " + piece_label(e) + (e.to ? " at " + place_text(*e.to) : ""));
    if (e.removed) lines.push_back("removed " + piece_label(e));
    if (!e.created && !e.removed && e.moved())
      lines.push_back("moved " + piece_label(e) + " " + place_text(*e.from) + " -> " + place_text(*e.to));
    for (const PropertyChange& c : e.changed)
      lines.push_back("changed " + piece_label(e) + " " + c.name + ": '" + c.before + "' -> '" + c.after + "'");
  }
  for (const std::string& line : chat) lines.push_back("chat " + line);
  lines.insert(lines.end(), other.begin(), other.end());
  return lines;
}

std::vector<PropertyChange> diff_properties(const std::map<std::string, std::string>& before,
                                            const std::map<std::string, std::string>& after) {
  std::vector<PropertyChange> changes;
  auto b = before.begin();
  auto a = after.begin();
  while (b != before.end() || a != after.end()) {
    if (a == after.end() || (b != before.end() && b->first < a->first)) {
      changes.push_back({b->first, b->second, ""});
      ++b;
    } else if (b == before.end() || a->first < b->first) {
      changes.push_back({a->first, "", a->second});
      ++a;
    } else {
      if (a->second != b->second) changes.push_back({a->first, b->second, a->second});
      ++a;
      ++b;
    }
  }
  return changes;
}

}  // namespace adjutant
