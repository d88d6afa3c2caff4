#include "core/game/unit_mapping.h"

#include <algorithm>

namespace adjutant::core {

bool glob_match(std::string_view pattern, std::string_view text) {
  // Iterative wildcard matching with one backtrack point (the last '*').
  size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool matches(const PieceMatch& match, const PieceView& piece) {
  if (!match.name.empty() && !glob_match(match.name, piece.name)) return false;
  if (!match.prototype.empty() &&
      std::none_of(piece.prototypes.begin(), piece.prototypes.end(),
                   [&](const std::string& p) { return glob_match(match.prototype, p); })) {
    return false;
  }
  for (const auto& [property, pattern] : match.properties) {
    const auto value = piece.property ? piece.property(property) : std::nullopt;
    if (!value || !glob_match(pattern, *value)) return false;
  }
  return true;
}

const AttributeSource* UnitMapping::source(std::string_view attribute) const {
  for (const auto& [name, s] : sources) {
    if (name == attribute) return &s;
  }
  return nullptr;
}

namespace {

std::optional<std::string> read(const AttributeSource& s, const PieceView& piece) {
  auto translate = [&](std::string raw) {
    for (const auto& [from, to] : s.values) {
      if (from == raw) return to;
    }
    return raw;
  };
  auto property = [&](const std::string& name) -> std::optional<std::string> {
    return piece.property ? piece.property(name) : std::nullopt;
  };
  switch (s.from) {
    case AttributeSource::From::kProperty:
      if (auto v = property(s.name)) return translate(*v);
      return std::nullopt;
    case AttributeSource::From::kLayer:
      if (auto v = property(s.name + (s.level_name ? "_Name" : "_Level"))) return translate(*v);
      return std::nullopt;
    case AttributeSource::From::kPrototype:
      for (const auto& [prototype, value] : s.values) {
        if (std::find(piece.prototypes.begin(), piece.prototypes.end(), prototype) != piece.prototypes.end()) {
          return value;
        }
      }
      return std::nullopt;
    case AttributeSource::From::kValue:
      return s.value;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::map<std::string, std::string>> UnitMapping::resolve(const PieceView& piece) const {
  std::map<std::string, std::string> out;
  for (const auto& [attribute, s] : sources) {
    if (auto v = read(s, piece)) out[attribute] = std::move(*v);
  }
  bool unit = true;
  for (const UnitRule& rule : rules) {
    if (!matches(rule.match, piece)) continue;
    for (const auto& [attribute, value] : rule.set) out[attribute] = value;
    if (rule.unit) unit = *rule.unit;
  }
  if (!unit) return std::nullopt;
  return out;
}

}  // namespace adjutant::core
